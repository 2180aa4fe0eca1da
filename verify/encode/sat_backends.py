"""Adapter to the SAT solvers of python-sat: the only module that names them.

:func:`solve_cnf` runs one solver on one formula and returns :class:`SatRun`; with ``proof=True``
only proof-producing solvers are allowed and an UNSAT answer carries the solver's DRAT proof.
Crashes, interrupts and timeouts raise :class:`BackendError`; never a verdict.
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from ..errors import BackendError, InputError

# user-facing backend name -> python-sat solver name; all of these log DRAT proofs in python-sat 1.9
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
    seconds: float
    backend: str


def backend_name(backend: str | None) -> str:
    name = (backend or DEFAULT).lower()
    if name not in BACKENDS:
        raise InputError(f"unknown SAT backend {backend!r} (choose from {', '.join(BACKENDS)})")
    return name


def solve_cnf(nvars: int, clauses, proof: bool = False, backend: str | None = None,
              timeout: float | None = None) -> SatRun:
    """Decide a CNF; on UNSAT with ``proof`` return the DRAT proof text."""
    name = backend_name(backend)
    try:
        from pysat.solvers import Solver
    except ImportError as exc:  # pragma: no cover - installed with the package
        raise BackendError(f"python-sat is not installed ({exc})") from None
    t0 = time.perf_counter()
    empty = any(len(c) == 0 for c in clauses)
    if empty:  # the solvers reject the empty clause; the formula is refuted by it directly
        return SatRun(False, None, "" if proof else None, 0.0, name)
    try:
        with Solver(name=BACKENDS[name], bootstrap_with=[list(c) for c in clauses], with_proof=proof) as s:
            timer = None
            if timeout is not None:
                timer = threading.Timer(timeout, s.interrupt)
                timer.start()
                answer = s.solve_limited(expect_interrupt=True)
                timer.cancel()
            else:
                answer = s.solve()
            if answer is None:
                raise BackendError(f"SAT backend {name} stopped after {timeout} s without an answer")
            model = s.get_model() if answer else None
            text = "\n".join(s.get_proof()) + "\n" if proof and not answer else None
    except BackendError:
        raise
    except Exception as exc:  # noqa: BLE001 - any solver failure is a backend error
        raise BackendError(f"SAT backend {name} failed: {type(exc).__name__}: {exc}") from None
    return SatRun(bool(answer), model, text, time.perf_counter() - t0, name)
