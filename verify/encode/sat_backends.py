"""Adapter to the SAT solvers of python-sat: the only module that names them.

:func:`solve_cnf` runs one solver on one formula and returns :class:`SatRun`; with ``proof=True``
an UNSAT answer carries the solver's DRAT proof (every backend listed logs proofs in python-sat
1.9). With a ``timeout`` the solver runs in a child process that is killed when time is up (the
native solvers do not all honour interrupts). Crashes and timeouts raise :class:`BackendError`;
never a verdict.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from ..errors import BackendError, InputError
from .child import run_in_child

# user-facing backend name -> python-sat solver name
BACKENDS = {
    "cadical": "cadical195",
    "glucose": "glucose4",
    "lingeling": "lingeling",
    "maplechrono": "maplechrono",
}
DEFAULT = "cadical"


@dataclass
class SatRun:
    sat: bool
    model: list[int] | None
    proof: str | None
    seconds: float  # in the solver (loading, solving, reading the model or proof)
    backend: str


def backend_name(backend: str | None) -> str:
    name = (backend or DEFAULT).lower()
    if name not in BACKENDS:
        raise InputError(f"unknown SAT backend {backend!r} (choose from {', '.join(BACKENDS)})")
    return name


def _run(name: str, clauses, proof: bool):
    from pysat.solvers import Solver
    t0 = time.perf_counter()
    with Solver(name=BACKENDS[name], bootstrap_with=[list(c) for c in clauses], with_proof=proof) as s:
        answer = s.solve()
        model = s.get_model() if answer else None
        text = "\n".join(s.get_proof()) + "\n" if proof and not answer else None
    return bool(answer), model, text, time.perf_counter() - t0


def solve_cnf(nvars: int, clauses, proof: bool = False, backend: str | None = None,
              timeout: float | None = None) -> SatRun:
    """Decide a CNF; on UNSAT with ``proof`` return the DRAT proof text."""
    name = backend_name(backend)
    if timeout is not None and not timeout > 0:
        raise InputError(f"timeout must be positive, got {timeout}")
    if any(len(c) == 0 for c in clauses):  # the solvers reject the empty clause; it refutes by itself
        return SatRun(False, None, "" if proof else None, 0.0, name)
    try:
        if timeout is None:
            answer, model, text, seconds = _run(name, clauses, proof)
        else:
            answer, model, text, seconds = run_in_child(_run, (name, clauses, proof), timeout, f"SAT backend {name}")
    except (BackendError, InputError):
        raise
    except ModuleNotFoundError:  # the extra is missing: the command names it
        raise
    except Exception as exc:  # noqa: BLE001 - any solver failure is a backend error
        raise BackendError(f"SAT backend {name} failed: {type(exc).__name__}: {exc}") from None
    return SatRun(answer, model, text, seconds, name)


def cardinality_clauses(lits, bound: int, kind: str, top: int) -> tuple[list[list[int]], int]:
    """Clauses for "at least" / "at most" ``bound`` of ``lits`` (sequential counter), with fresh
    variables numbered above ``top``; returns the clauses and the new top variable."""
    from pysat.card import CardEnc, EncType
    fn = CardEnc.atleast if kind == "atleast" else CardEnc.atmost
    enc = fn(lits=list(lits), bound=bound, top_id=top, encoding=EncType.seqcounter)
    return enc.clauses, max(top, enc.nv)


def incremental_solver(backend: str | None = None):
    """A live solver for incremental use (add_clause, solve, get_model, delete); the caller owns it
    and deletes it. Used where clauses are learned between calls (SAT-guided hunts)."""
    from pysat.solvers import Solver
    return Solver(name=BACKENDS[backend_name(backend)])
