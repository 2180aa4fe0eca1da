"""The proof search as it was before issue 18 (commit 326bf21: pure Python, depth-first), loaded
from git history so that bench/bench_search.py can compare today's engine with it in the same run.

Nothing is copied into the tree: ``verify/solvers/search.py`` at that commit is read with ``git
show``, its package-relative imports pointed at today's ``verify`` (rules, hypergraph, symmetry,
unchanged in what it uses), written to a temporary module and imported."""
from __future__ import annotations

import importlib
import re
import subprocess
import sys
import tempfile
from pathlib import Path

BASELINE = "326bf21"
MODULE = "search_at_baseline"
ROOT = Path(__file__).resolve().parent.parent


def _load():
    try:
        text = subprocess.run(["git", "show", f"{BASELINE}:verify/solvers/search.py"], cwd=ROOT,
                              capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        raise SystemExit(f"bench: cannot read the baseline search from git ({BASELINE}): {exc}") from None
    text = re.sub(r"^from \.\.(\w)", r"from verify.\1", text, flags=re.M)
    text = re.sub(r"from \.(search_symmetry)", r"from verify.solvers.\1", text)
    where = Path(tempfile.mkdtemp(prefix="verify-bench-"))
    (where / f"{MODULE}.py").write_text(text, encoding="utf-8")
    sys.path.insert(0, str(where))
    return importlib.import_module(MODULE)


ProofSearch = _load().ProofSearch
