"""The documentation site builds with no warning (Sphinx, ``-W``), documents every public name, and
states no count that could go stale: counts are computed at build time (``docs/conf.py``)."""
import re
import subprocess
import sys
from pathlib import Path

import verify

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


def test_the_docs_build_without_a_warning(tmp_path):
    out = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html",
                          str(DOCS), str(tmp_path / "html")], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    assert (tmp_path / "html" / "api.html").read_text(encoding="utf-8").count("Examples") >= 5


def test_every_public_name_is_in_the_api_reference():
    api = (DOCS / "api.md").read_text(encoding="utf-8")
    missing = [name for name in verify.__all__ if f"verify.{name}\n" not in api]
    assert not missing, missing


def test_no_page_copies_a_count_of_claims_or_proofs():
    for page in [ROOT / "README.md", *DOCS.rglob("*.md")]:
        text = page.read_text(encoding="utf-8")
        stale = re.findall(r"\b\d{2,} (?:claims|certificates of `proofs/`|modules, [\d,]+ lines)", text)
        assert not stale, f"{page.name}: {stale} (use the substitutions of docs/conf.py)"
