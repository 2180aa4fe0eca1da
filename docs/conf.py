"""Sphinx configuration of the documentation site (``sphinx-build -W docs OUT``).

Counts stated in the pages (claims in the catalogue, certificates in ``proofs/``, the trusted
kernel's size) are computed here at build time and used as substitutions (``{{ n_claims }}``), so
they cannot go stale. They are filled only in the built site: GitHub shows the raw Markdown, so a
page the README links to must not use them (``tests/test_docs_examples.py``); such a page states a
number a test keeps current, or says which command prints it.
"""
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from verify.claims.registry import all_claims  # noqa: E402
from verify.kernel import kernel_lines  # noqa: E402

project = "verify"
author = "the verify developers"
copyright = "2024, the verify developers"
extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.napoleon"]
source_suffix = {".md": "markdown"}
exclude_patterns = ["_build", "notebooks/.ipynb_checkpoints"]
root_doc = "index"
html_theme = "alabaster"
html_title = "verify"
myst_enable_extensions = ["substitution", "dollarmath"]
myst_heading_anchors = 3
napoleon_numpy_docstring = True
napoleon_google_docstring = False
napoleon_use_rtype = False
autodoc_typehints = "description"
autodoc_member_order = "bysource"

_kernel = kernel_lines()
myst_substitutions = {
    "n_claims": len(all_claims()),
    "n_proofs": sum(1 for _ in (ROOT / "proofs").rglob("*.json")),
    "kernel_modules": len(_kernel),
    "kernel_lines": f"{sum(_kernel.values()):,}",
}
