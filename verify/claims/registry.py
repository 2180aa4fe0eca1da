"""The theorem catalogue: every published statement as an executable claim.

A :class:`Claim` names its source (paper file number and statement number, e.g. "000 Prop 3.15"),
the family of instances it quantifies over (a generator of instances of size ≤ N, smallest first,
isomorph-free where it matters) and a checker that evaluates it on one instance against the
explicit reference. ``check_claim`` runs it over the family and reports "holds" up to the size or the
smallest counterexample.

A statement the reference refutes is kept as printed with ``erratum`` set (its status stays
"counterexample": the catalogue records what the paper says and that it is wrong); the corrected
statement, when one is established, is a separate claim whose ``corrects`` names the printed one.
"""
from __future__ import annotations

import hashlib
import importlib.util
import os
import sys
import time
from dataclasses import dataclass, field
from importlib.machinery import SourceFileLoader
from pathlib import Path
from typing import Any, Callable, Iterable

from ..errors import InputError, VerifyError


@dataclass
class Violation:
    """Why a claim fails on one instance: what the statement predicts and what the reference says."""
    instance: Any            # JSON-serialisable description of the instance
    expected: Any            # what the statement says
    actual: Any              # what the explicit reference computed
    certificate: dict | None = None  # a certificate of the reference's answer, when available

    def to_json(self) -> dict:
        out = {"instance": self.instance, "expected": self.expected, "actual": self.actual}
        if self.certificate is not None:
            out["certificate"] = self.certificate
        return out


@dataclass
class Claim:
    name: str
    source: str                                   # e.g. "000 Prop 3.15"
    statement: str                                # the statement as printed (or as corrected)
    instances: Callable[[int], Iterable[Any]]     # instances of size <= N, smallest first
    check: Callable[[Any], Violation | None]      # None when the claim holds on the instance
    default_size: int = 5                         # the size the test suite checks (fits CI)
    slow_size: int | None = None                  # a larger size for the `slow` sweep
    size_name: str = "n"                          # what the size measures
    erratum: str | None = None                    # set when the printed statement is refuted
    corrects: str | None = None                   # name of the printed claim this one corrects
    tags: tuple[str, ...] = field(default_factory=tuple)
    hunt: Any = None                              # how hunts draw instances (verify.hunting.HuntSpec)
    file: str | None = None                       # the researcher's file that defined it (not built in)


@dataclass
class ClaimReport:
    name: str
    source: str
    status: str              # "holds", "counterexample" or "error"
    size: int
    instances: int
    seconds: float
    counterexample: dict | None = None
    error: str | None = None
    erratum: str | None = None

    def to_json(self) -> dict:
        out = {"name": self.name, "source": self.source, "status": self.status, "size": self.size,
               "instances": self.instances, "seconds": round(self.seconds, 3)}
        if self.counterexample is not None:
            out["counterexample"] = self.counterexample
        if self.error is not None:
            out["error"] = self.error
        if self.erratum is not None:
            out["erratum"] = self.erratum
        return out


_CLAIMS: dict[str, Claim] = {}
_MODULES = ("verify.claims.paper000", "verify.claims.paper001", "verify.claims.paper002",
            "verify.claims.paper003", "verify.claims.paper004", "verify.claims.paper004_conventions",
            "verify.claims.paper004_principles",
            "verify.claims.classical",
            "verify.hunting.open_questions")


def register(claim: Claim) -> Claim:
    mine = bool(_LOADING) and not _declared_in_verify()
    if claim.name in _CLAIMS:
        if mine:   # a researcher's file (load_claims_file): one line naming what the name collides with
            shown, names = _LOADING[-1]
            other = _CLAIMS[claim.name]
            if claim.name in names:
                what = "another claim of the file"
            elif other.file is not None:
                what = f"a claim of {other.file}"
            elif getattr(other.check, "__module__", "").startswith("verify."):
                what = f"a built-in claim [{other.source}]"
            else:
                what = "a claim already loaded"
            raise InputError(f"{shown}: claim name {claim.name!r} collides with {what}; rename it")
        raise ValueError(f"claim {claim.name} registered twice")
    _CLAIMS[claim.name] = claim
    if mine:
        _LOADING[-1][1].add(claim.name)
    return claim


_PACKAGE = Path(__file__).resolve().parents[1]


def _declared_in_verify() -> bool:
    """Is the claim being registered declared by a module of verify itself (one the researcher's
    file imports, registering its built-in claims), rather than by the researcher's code? The
    declaring module is the innermost module body on the stack."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_name != "<module>":
        frame = frame.f_back
    if frame is None:
        return False
    return Path(frame.f_code.co_filename).resolve().is_relative_to(_PACKAGE)


def worked_example(name: str, source: str, statement: str, check: Callable[[], Violation | None],
                   **fields) -> Claim:
    """A claim about one printed example: a single instance built by ``check`` itself (size "-")."""
    return Claim(name, source, statement, lambda n: [None], lambda _inst: check(), default_size=0,
                 size_name="-", **fields)


def claim(name: str, source: str, statement: str, instances: Callable[[int], Iterable[Any]] | None = None,
          **fields):
    """Decorator: register the decorated function ``check(instance) -> Violation | None`` as a
    claim. Without ``instances``, the family up to size N is the exhaustive source of ``hunt`` (a
    :class:`verify.hunting.HuntSpec`). Users' conjecture files (``verify hunt --conjectures``) use
    it too."""
    def deco(check):
        inst = instances
        if inst is None:
            spec = fields.get("hunt")
            if spec is None:
                raise ValueError(f"claim {name}: give instances or hunt")
            inst = spec.family
        register(Claim(name, source, statement, inst, check, **fields))
        return check
    return deco


def _load():
    from ..plugins import import_once
    import_once(_MODULES)


def all_claims() -> list[Claim]:
    _load()
    return sorted(_CLAIMS.values(), key=lambda c: c.name)


def get_claim(name: str) -> Claim:
    _load()
    try:
        return _CLAIMS[name]
    except KeyError:
        raise InputError(f"unknown claim {name!r} (see 'verify theorems list')") from None


# -- researchers' files ----------------------------------------------------------------------------

_LOADING: list[tuple[str, set[str]]] = []        # the file being loaded, and the names it registered
_USER_FILES: dict[tuple[str, str], list[str]] = {}  # (resolved path, digest of its text) -> its names

#: paths of claim files ``verify theorems`` loads as if given with ``--claims`` (os.pathsep-separated)
CLAIMS_ENV = "VERIFY_CLAIMS"


def load_claims_file(path) -> list[Claim]:
    """Import a researcher's Python file of claims (written like the catalogue's: the :func:`claim`
    decorator, or ``register(Claim(...))`` / :func:`worked_example`) and return the claims it
    defines, which then join the catalogue (:func:`all_claims`, :func:`get_claim`).

    Every failure is one :class:`InputError` line naming the file: it does not exist, does not
    import (the exception and its line), defines no claim, or gives a claim a name that a built-in
    claim, another claim of the file or another loaded file already has. A file that fails
    registers nothing. Loading the same file again returns the same claims; loading it after an
    edit replaces the claims of its previous text."""
    shown = str(path)
    p = Path(path)
    if not p.exists():
        raise InputError(f"{shown}: no such claims file")
    if not p.is_file():
        raise InputError(f"{shown}: not a file (a claims file is a Python file)")
    try:
        text = p.read_bytes()
    except OSError as exc:
        raise InputError(f"{shown}: cannot read claims file ({exc.strerror})") from None
    resolved = str(p.resolve())
    digest = hashlib.sha256(resolved.encode() + b"\0" + text).hexdigest()[:16]
    _load()
    known = _USER_FILES.get((resolved, digest))
    if known is not None and all(n in _CLAIMS for n in known):
        return [_CLAIMS[n] for n in known]
    # an earlier text of the same file steps aside while this one loads (restored if it fails)
    previous = {n: _CLAIMS.pop(n) for (r, _d), ns in _USER_FILES.items() if r == resolved
                for n in ns if n in _CLAIMS}
    modname = f"verify_user_claims_{digest}"
    spec = importlib.util.spec_from_file_location(modname, p, loader=SourceFileLoader(modname, str(p)))
    module = importlib.util.module_from_spec(spec)
    sys.modules[modname] = module
    _LOADING.append((shown, set()))
    try:
        spec.loader.exec_module(module)
        names = sorted(_LOADING[-1][1])
        if not names:
            raise InputError(f"{shown}: defines no claim (decorate a check with @claim(NAME, SOURCE, "
                             "STATEMENT, instances=...) of verify.claims.registry)")
    except BaseException as exc:  # the researcher's code: one line, never a traceback; nothing half-registered
        for name in _LOADING[-1][1]:
            _CLAIMS.pop(name, None)
        _CLAIMS.update(previous)
        sys.modules.pop(modname, None)
        if isinstance(exc, KeyboardInterrupt) or (isinstance(exc, InputError) and str(exc).startswith(shown)):
            raise
        raise InputError(f"{shown}: does not import: {_one_line(exc, p)}") from None
    finally:
        _LOADING.pop()
    for key in [k for k in _USER_FILES if k[0] == resolved]:
        del _USER_FILES[key]
    for name in names:
        _CLAIMS[name].file = shown
    _USER_FILES[(resolved, digest)] = names
    return [_CLAIMS[n] for n in names]


def _one_line(exc: BaseException, path: Path) -> str:
    """An exception raised while importing ``path``, in one line with the file's line number."""
    if isinstance(exc, SyntaxError):
        return f"SyntaxError: {exc.msg} (line {exc.lineno})"
    tb, line = exc.__traceback__, None
    while tb is not None:   # the innermost frame inside the researcher's file
        if Path(tb.tb_frame.f_code.co_filename).resolve() == path.resolve():
            line = tb.tb_lineno
        tb = tb.tb_next
    where = f" (line {line})" if line is not None else ""
    text = " ".join(str(exc).split())
    return f"{type(exc).__name__}: {text}{where}" if text else f"{type(exc).__name__}{where}"


def claims_files_from_env() -> list[str]:
    """The claim files named by ``$VERIFY_CLAIMS`` (os.pathsep-separated; empty entries ignored)."""
    return [p for p in os.environ.get(CLAIMS_ENV, "").split(os.pathsep) if p.strip()]


def unload_claims(claims) -> None:
    """Forget claims (or names) loaded from researchers' files; built-in claims stay."""
    names = {c if isinstance(c, str) else c.name for c in claims}
    for n in names:
        if n in _CLAIMS and _CLAIMS[n].file is not None:
            del _CLAIMS[n]
    for key, ns in list(_USER_FILES.items()):
        if names & set(ns):
            del _USER_FILES[key]


def check_claim(claim: Claim, size: int | None = None) -> ClaimReport:
    """Evaluate ``claim`` on every instance of its family up to ``size``; stop at the first
    (smallest) counterexample."""
    size = claim.default_size if size is None else size
    t0 = time.perf_counter()
    count = 0
    try:
        for inst in claim.instances(size):
            count += 1
            v = claim.check(inst)
            if v is not None and not isinstance(v, Violation):
                raise TypeError(f"the check of {claim.name} returned {type(v).__name__}, not None or a Violation")
            if v is not None:
                return ClaimReport(claim.name, claim.source, "counterexample", size, count,
                                   time.perf_counter() - t0, counterexample=v.to_json(), erratum=claim.erratum)
    except VerifyError as exc:
        return ClaimReport(claim.name, claim.source, "error", size, count, time.perf_counter() - t0,
                           error=str(exc), erratum=claim.erratum)
    except Exception as exc:   # a researcher's claim that crashes is that claim's error, not a traceback
        if claim.file is None:
            raise
        return ClaimReport(claim.name, claim.source, "error", size, count, time.perf_counter() - t0,
                           error=f"{claim.file}: {_one_line(exc, Path(claim.file))}", erratum=claim.erratum)
    return ClaimReport(claim.name, claim.source, "holds", size, count, time.perf_counter() - t0,
                       erratum=claim.erratum)


def expected(claim, report) -> bool:
    """Is the report what the catalogue expects? A printed statement marked as an erratum must show
    its counterexample at its default size or above (below, it may still hold)."""
    if report.status == "error":
        return False
    if claim.erratum:
        return report.status == "counterexample" or report.size < claim.default_size
    return report.status == "holds"
