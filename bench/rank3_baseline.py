"""The structural rank-3 solver as it was before issue 11 (commit dc53dd7), loaded from git history so
that bench/bench_rank3.py can print the current solver's speed ratio against it in the same run.

Nothing is copied into the tree: the four modules of ``verify/solvers/rank3`` at that commit are read
with ``git show``, their package-relative imports pointed at today's ``verify`` (rules, hypergraph,
explicit search, unchanged in what they use), written to a temporary package and imported."""
from __future__ import annotations

import importlib
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from verify.games import maker_breaker as mb

BASELINE = "dc53dd7"
MODULES = ("chains", "leaf", "search", "solver")
PACKAGE = "rank3_at_baseline"
ROOT = Path(__file__).resolve().parent.parent


def git_source(commit: str, path: str) -> str:
    """The file ``path`` at ``commit``, its relative imports made absolute (today's ``verify``)."""
    try:
        text = subprocess.run(["git", "show", f"{commit}:{path}"], cwd=ROOT,
                              capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        raise SystemExit(f"bench: cannot read the baseline from git ({commit}): {exc}") from None
    package = path.removesuffix(".py").split("/")[:-1]

    def absolute(m):
        base = package[:len(package) - (len(m.group(1)) - 1)]
        return "from " + ".".join(base + ([m.group(2)] if m.group(2) else [])) + " import"

    return re.sub(r"from (\.+)([\w.]*) import", absolute, text)


def _source(module: str) -> str:
    return git_source(BASELINE, f"verify/solvers/rank3/{module}.py")


def _load():
    where = Path(tempfile.mkdtemp(prefix="verify-bench-"))
    pkg = where / PACKAGE
    pkg.mkdir()
    (pkg / "__init__.py").write_text("", encoding="utf-8")
    for m in MODULES:
        (pkg / f"{m}.py").write_text(_source(m), encoding="utf-8")
    sys.path.insert(0, str(where))
    return importlib.import_module(f"{PACKAGE}.solver")


_solver = _load()


def baseline_winner(game: mb.MakerBreakerGame) -> str:
    """The winner as the pre-issue-11 structural solver decides it."""
    return _solver.decide(game.start_residual(), game.board.n, game.first).winner
