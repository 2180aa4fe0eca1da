"""Adapters to the QBF engines: DepQBF, CAQE, RAReQS, QFun, Qute (through pyqbf), optionally after
Bloqqer preprocessing (``bloqqer+<engine>``), and z3 (its ``qsat`` tactic) as an engine of a
different family. Engine names appear in this module only.

Every call runs the engine in a forked child process, so a crash or a timeout of the engine cannot
take the caller down: both become :class:`BackendError`, as does an answer contradicting another
engine in :func:`cross_check`. None of them is ever turned into a verdict.

Models: DepQBF and z3 return the assignment of the outermost existential block (used to read the
first move off a true formula); the other engines answer true/false only.
"""
from __future__ import annotations

import time
from dataclasses import dataclass

from ...errors import BackendError, InputError
from ..child import run_in_child
from .game import PrenexCNF

ENGINES = ("depqbf", "caqe", "rareqs", "qfun", "qute", "z3")
WITH_MODELS = ("depqbf", "z3")
DEFAULT = "depqbf"


def backend_names() -> list[str]:
    return list(ENGINES) + [f"bloqqer+{e}" for e in ENGINES if e != "z3"]


def check_backend(name: str) -> str:
    if name not in backend_names():
        raise InputError(f"unknown QBF backend {name!r} (known: {', '.join(backend_names())})")
    return name


def gives_models(name: str) -> bool:
    return name in WITH_MODELS


@dataclass
class QBFAnswer:
    value: bool
    backend: str
    seconds: float
    model: dict[int, bool] | None = None  # outermost existential block, when the engine gives it


def solve_prenex(f: PrenexCNF, backend: str = DEFAULT, timeout: float | None = None,
                 model: bool = False) -> QBFAnswer:
    """Decide the closed prenex CNF with one engine in a child process."""
    check_backend(backend)
    warm(backend)
    t0 = time.perf_counter()
    value, assignment = run_in_child(run_engine, (f, backend, model), timeout, f"QBF backend {backend}")
    if not isinstance(value, bool):
        raise BackendError(f"QBF backend {backend} gave no answer")
    return QBFAnswer(value, backend, time.perf_counter() - t0, assignment)


def cross_check(f: PrenexCNF, backends, timeout: float | None = None) -> list[QBFAnswer]:
    """Run several engines; any disagreement is a BackendError naming both answers."""
    answers = [solve_prenex(f, b, timeout) for b in backends]
    vals = {a.value for a in answers}
    if len(vals) > 1:
        desc = ", ".join(f"{a.backend}={a.value}" for a in answers)
        raise BackendError(f"QBF backends disagree: {desc}")
    return answers


def warm(backend: str):
    """Import the engine's bindings in the parent once, so forked children start at once."""
    if backend == "z3":
        import z3  # noqa: F401
    else:
        import pyqbf.process  # noqa: F401
        import pyqbf.solvers  # noqa: F401


def run_engine(f: PrenexCNF, backend: str, want_model: bool):
    if backend == "z3":
        return _run_z3(f, want_model)
    return _run_pyqbf(f, backend, want_model)


def _pcnf(f: PrenexCNF):
    from pyqbf.formula import PCNF
    p = PCNF(from_clauses=[list(c) for c in f.clauses])
    for q, vs in f.prefix:
        (p.exists if q == "e" else p.forall)(*vs)
    return p


def _run_pyqbf(f: PrenexCNF, backend: str, want_model: bool):
    from pyqbf.solvers import Solver
    formula = _pcnf(f)
    engine = backend
    if backend.startswith("bloqqer+"):
        from pyqbf.process import Bloqqer
        engine = backend.split("+", 1)[1]
        formula = Bloqqer().preprocess(formula)
        if isinstance(formula, bool):
            return formula, None
        formula = _without_zero_entries(formula)
        want_model = False  # the prefix changed: no model of the original variables
    with Solver(name=engine, bootstrap_with=formula) as s:
        value = s.solve()
        assignment = None
        if want_model and value and engine == "depqbf" and f.prefix and f.prefix[0][0] == "e":
            assignment = {abs(l): l > 0 for l in s.get_model() if l}
    return bool(value) if value is not None else None, assignment


def _without_zero_entries(p):
    """pyqbf's Bloqqer output loses the innermost existential block: its prefix holds a 0 for each of
    those variables, which the engines misread (DepQBF and RAReQS answered False on the true empty
    3×3 Hex question, CAQE looped printing "invalid quantifier 0"). Rebuild the prefix without the
    zeros and put the clause variables left unquantified back into the innermost existential block
    (where every encoding of :mod:`verify.encode` keeps its auxiliary variables)."""
    from pyqbf.formula import PCNF
    out = PCNF(from_clauses=[list(c) for c in p.clauses])
    blocks: list[tuple[bool, list[int]]] = []
    for lit in p.prefix:
        if lit == 0:
            continue
        if blocks and blocks[-1][0] == (lit > 0):
            blocks[-1][1].append(abs(lit))
        else:
            blocks.append((lit > 0, [abs(lit)]))
    bound = {v for _, vs in blocks for v in vs}
    free = sorted({abs(lit) for c in p.clauses for lit in c} - bound)
    if free:
        if blocks and blocks[-1][0]:
            blocks[-1][1].extend(free)
        else:
            blocks.append((True, free))
    for exists, vs in blocks:
        (out.exists if exists else out.forall)(*vs)
    return out


def _run_z3(f: PrenexCNF, want_model: bool):
    import z3
    xs = {v: z3.Bool(f"x{v}") for v in range(1, f.nvars + 1)}
    body = z3.And([z3.Or([xs[l] if l > 0 else z3.Not(xs[-l]) for l in c]) for c in f.clauses]) \
        if f.clauses else z3.BoolVal(True)
    outer_free = f.prefix and f.prefix[0][0] == "e"
    for i, (q, vs) in reversed(list(enumerate(f.prefix))):
        if i == 0 and outer_free:
            break
        body = (z3.Exists if q == "e" else z3.ForAll)([xs[v] for v in vs], body)
    s = z3.Tactic("qsat").solver()
    s.add(body)
    r = s.check()
    if r == z3.unknown:
        raise RuntimeError(f"z3 returned unknown ({s.reason_unknown()})")
    value = r == z3.sat
    assignment = None
    if want_model and value and outer_free:
        m = s.model()
        assignment = {v: z3.is_true(m.eval(xs[v], model_completion=True)) for v in f.prefix[0][1]}
    return value, assignment
