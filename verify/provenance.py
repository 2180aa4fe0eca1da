"""Who made a result: the tool's version, the git commit of the checkout it ran from, and the date.

Certificates carry this as the optional envelope key ``made_by`` and every ``--json`` output at its
top level (docs/spec/envelope.md): ``{"tool": "verify", "version": "X.Y.Z", "commit": "<40 hex>" or
"<40 hex>+dirty" or null, "date": "YYYY-MM-DDTHH:MM:SSZ"}``. It is outside the claim: no checker
reads it for the verdict.

Standard library only. The version is the installed distribution's (:mod:`importlib.metadata`),
else the ``version`` line of the checkout's ``pyproject.toml``. The commit is read from the files of
the ``.git`` beside the package (``HEAD``, the branch's ref or ``packed-refs``), never searched for
further up; "+dirty" is added when ``git status`` (no optional locks, so it never takes the index
lock; 2 s timeout) reports a changed tracked file. Anything unreadable is silently "no commit"
(``None``), never an error.
"""
from __future__ import annotations

import functools
import re
import subprocess
from datetime import datetime, timezone
from pathlib import Path

TOOL = "verify"
#: the folder holding the ``verify`` package (a checkout's root, or site-packages)
ROOT = Path(__file__).resolve().parent.parent
_HEX = re.compile(r"[0-9a-f]{40}|[0-9a-f]{64}")


@functools.lru_cache(maxsize=1)
def version() -> str:
    """The tool's version: the installed metadata's, else the checkout's pyproject.toml's."""
    try:
        from importlib.metadata import PackageNotFoundError, version as dist_version
        try:
            return dist_version(TOOL)
        except PackageNotFoundError:
            pass
    except ImportError:  # pragma: no cover - always present on Python >= 3.8
        pass
    return _pyproject_version() or "unknown"


def _pyproject_version() -> str | None:
    try:
        text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    project = re.search(r"^\[project\]\s*$(.*?)(?=^\[|\Z)", text, re.M | re.S)
    found = project and re.search(r'^version\s*=\s*"([^"\n]{1,100})"\s*$', project.group(1), re.M)
    return found.group(1) if found else None


def _git_dir() -> Path | None:
    """The git directory of the checkout holding the package (``.git``, or the one a ``.git`` file
    names, as in a worktree), or None."""
    dot = ROOT / ".git"
    try:
        if dot.is_dir():
            return dot
        if dot.is_file():
            line = dot.read_text(encoding="utf-8").strip()
            if line.startswith("gitdir:"):
                where = Path(line[len("gitdir:"):].strip())
                where = where if where.is_absolute() else ROOT / where
                return where if where.is_dir() else None
    except (OSError, UnicodeDecodeError):
        pass
    return None


def _read_ref(git: Path, ref: str) -> str | None:
    """The commit a ref names, from its loose file or ``packed-refs`` (in the common directory of a
    worktree too)."""
    dirs = [git]
    try:
        common = (git / "commondir").read_text(encoding="utf-8").strip()
        dirs.append((git / common).resolve())
    except (OSError, UnicodeDecodeError):
        pass
    for d in dirs:
        try:
            value = (d / ref).read_text(encoding="utf-8").strip()
            if _HEX.fullmatch(value):
                return value
        except (OSError, UnicodeDecodeError, ValueError):
            pass
        try:
            for line in (d / "packed-refs").read_text(encoding="utf-8").splitlines():
                parts = line.split()
                if len(parts) == 2 and parts[1] == ref and _HEX.fullmatch(parts[0]):
                    return parts[0]
        except (OSError, UnicodeDecodeError):
            pass
    return None


def _dirty() -> bool:
    """Whether git reports a changed tracked file in the checkout (False when git cannot say)."""
    try:
        out = subprocess.run(["git", "--no-optional-locks", "-C", str(ROOT), "status", "--porcelain",
                              "--untracked-files=no"], capture_output=True, text=True, timeout=2,
                             stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError, ValueError):
        return False
    return out.returncode == 0 and bool(out.stdout.strip())


@functools.lru_cache(maxsize=1)
def commit() -> str | None:
    """The full hash of the checked-out commit, with "+dirty" when tracked files changed; None when
    not run from a git checkout (an installed package) or when it cannot be read."""
    git = _git_dir()
    if git is None:
        return None
    try:
        head = (git / "HEAD").read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        return None
    if head.startswith("ref:"):
        found = _read_ref(git, head[4:].strip())
    else:
        found = head if _HEX.fullmatch(head) else None
    if found is None:
        return None
    return found + ("+dirty" if _dirty() else "")


def short_commit(full: str | None) -> str | None:
    """A commit as ``verify --version`` shows it: 12 hex digits, "+dirty" kept."""
    if full is None:
        return None
    head, plus, rest = full.partition("+")
    return head[:12] + plus + rest


def now() -> str:
    """The date and time now, UTC, ISO 8601 to the second: ``2026-11-27T14:03:00Z``."""
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def made_by() -> dict:
    """The ``made_by`` record of a certificate or a ``--json`` output (a fresh dict each call)."""
    return {"tool": TOOL, "version": version(), "commit": commit(), "date": now()}


def version_line() -> str:
    """What ``verify --version`` prints: ``verify X.Y.Z``, and ``(commit C)`` from a checkout."""
    c = short_commit(commit())
    return f"{TOOL} {version()}" + (f" (commit {c})" if c else "")
