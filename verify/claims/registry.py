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

import time
from dataclasses import dataclass, field
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
            "verify.claims.paper003", "verify.claims.paper004", "verify.claims.classical",
            "verify.hunting.open_questions")


def register(claim: Claim) -> Claim:
    if claim.name in _CLAIMS:
        raise ValueError(f"claim {claim.name} registered twice")
    _CLAIMS[claim.name] = claim
    return claim


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
            if v is not None:
                return ClaimReport(claim.name, claim.source, "counterexample", size, count,
                                   time.perf_counter() - t0, counterexample=v.to_json(), erratum=claim.erratum)
    except VerifyError as exc:
        return ClaimReport(claim.name, claim.source, "error", size, count, time.perf_counter() - t0,
                           error=str(exc), erratum=claim.erratum)
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
