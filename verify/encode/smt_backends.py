"""Adapter to the z3 SMT solver: the only module that names it.

:func:`solve_smt2` parses SMT-LIB 2 text, checks it, and returns the integer values of the named
constants. Unknown answers, timeouts and solver errors raise :class:`BackendError`; never a verdict.
"""
from __future__ import annotations

import time

from ..errors import BackendError, InputError

BACKENDS = ("z3",)
DEFAULT = "z3"


def solve_smt2(text: str, names, backend: str | None = None,
               timeout: float | None = None) -> tuple[dict[str, int] | None, float]:
    """Model values of ``names`` (None when unsatisfiable) and the solve time in seconds."""
    name = (backend or DEFAULT).lower()
    if name not in BACKENDS:
        raise InputError(f"unknown SMT backend {backend!r} (choose from {', '.join(BACKENDS)})")
    try:
        import z3
    except ImportError as exc:  # pragma: no cover - installed with the package
        raise BackendError(f"z3-solver is not installed ({exc})") from None
    t0 = time.perf_counter()
    try:
        s = z3.Solver()
        if timeout is not None:
            s.set("timeout", max(1, int(timeout * 1000)))
        s.from_string(text)
        answer = s.check()
        if answer == z3.unknown:
            raise BackendError(f"SMT backend z3 gave no answer ({s.reason_unknown()})")
        if answer == z3.unsat:
            return None, time.perf_counter() - t0
        model = s.model()
        consts = {d.name(): d for d in model.decls()}
        values = {}
        for n in names:
            d = consts.get(n)
            values[n] = model[d].as_long() if d is not None else 0
    except BackendError:
        raise
    except Exception as exc:  # noqa: BLE001 - any solver failure is a backend error
        raise BackendError(f"SMT backend z3 failed: {type(exc).__name__}: {exc}") from None
    return values, time.perf_counter() - t0
