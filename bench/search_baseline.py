"""The proof search as it was before issue 18 (commit 326bf21: pure Python, depth-first), loaded
from git history so that bench/bench_search.py can compare today's engine with it in the same run.

Nothing is copied into the tree: ``verify/solvers/search/engine.py`` at that commit is read with ``git
show``, its package-relative imports pointed at today's ``verify`` (rules, hypergraph, symmetry,
unchanged in what it uses), written to a temporary module and imported."""
from __future__ import annotations

import importlib
import sys
import tempfile
from pathlib import Path

BASELINE = "326bf21"
MODULE = "search_at_baseline"


def _load():
    from rank3_baseline import git_source
    text = git_source(BASELINE, "verify/solvers/search/engine.py")
    where = Path(tempfile.mkdtemp(prefix="verify-bench-"))
    (where / f"{MODULE}.py").write_text(text, encoding="utf-8")
    sys.path.insert(0, str(where))
    return importlib.import_module(MODULE)


ProofSearch = _load().ProofSearch
