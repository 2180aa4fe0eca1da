"""SMT routes: Sprague-Grundy labellings as integer constraints (an independent cross-check).

Methods registered:
- ("acv" | "avd" | "dst" | "prv", "smt"): nim-value from the unique model of the QF_LIA mex
  constraints (paper 000 §3) on literal positions up to automorphisms of H (certificate:
  ``nim-labelling``), or on residual states beyond 22 vertices (no certificate).
- ("hypernim", "smt"): SG value of a hypergraph-NIM position (paper 003 §1) from the same
  constraints on the positions reachable from it; no certificate (use the dp/explicit methods).
"""
from __future__ import annotations

from functools import partial

from ..encode.smt import grundy_smt2, nim_smt2, reachable_graph
from ..encode.smt_backends import solve_smt2
from ..errors import BackendError, InputError
from ..games import impartial as imp
from ..result import NimValue
from . import register
from .sat import nim_position_graph, nim_stats


def _solve(problem, backend, timeout):
    values, seconds = solve_smt2(problem.text, list(problem.names), backend=backend, timeout=timeout)
    if values is None:  # a labelling always exists
        raise BackendError("SMT backend reported the Grundy constraints unsatisfiable (backend fault)")
    return values, seconds


def solve_nim_smt(kind: str, h, certificate: bool = False, backend: str | None = None,
                  timeout: float | None = None, symmetry: bool = True,
                  states: str | None = None) -> NimValue:
    """nim-value of ACV/AVD/DST/PRV(H) from the SMT labelling (paper 000 §3); positions chosen as
    for the SAT method (:func:`verify.solvers.sat.nim_position_graph`)."""
    g = nim_position_graph(kind, h, certificate, symmetry, states)
    problem = nim_smt2(g)
    values, seconds = _solve(problem, backend, timeout)
    rep_label = {problem.names[n]: v for n, v in values.items()}
    stats = {**nim_stats(g), "assertions": problem.assertions,
             "solve_seconds": round(seconds, 6)}
    out = NimValue(game=g.kind, method="smt", nim=rep_label[g.root], stats=stats)
    if certificate:
        from ..certificates.grundy import grundy_certificate
        labels = {p: rep_label[r] for p, r in g.orbit.items()}
        out.certificate = grundy_certificate(g.kind, h, labels)
    return out


for _kind in imp.GAMES:
    register(_kind, "smt")(partial(solve_nim_smt, _kind))


@register("hypernim", "smt")
def solve_hypernim_smt(instance, certificate: bool = False, backend: str | None = None,
                       timeout: float | None = None):
    """SG value of NIM_H at x (paper 003 §1) from the SMT labelling of the positions reachable
    from x (for a compound, of the compound hypergraph NIM, as the instance defines it)."""
    from ..games.hypernim import Instance
    from ..result import SGValue
    if not isinstance(instance, Instance):
        raise InputError("hypernim methods take a hypergraph-NIM instance (verify.games.hypernim)")
    opts, order = reachable_graph(tuple(instance.piles), instance.game.options)
    problem = grundy_smt2(opts, order, tuple(instance.piles), "SG labelling of hypergraph NIM")
    values, seconds = _solve(problem, backend, timeout)
    stats = {"positions": len(order), "assertions": problem.assertions,
             "solve_seconds": round(seconds, 6)}
    out = SGValue("hypernim", "smt", stats, sg=values[problem.root])
    if certificate:  # the model's labels on the reachable positions (the checker reads no other)
        from itertools import product
        from ..certificates.hypernim import sg_certificate
        label = {problem.names[name]: v for name, v in values.items()}
        box = product(*(range(a + 1) for a in instance.piles))
        out.certificate = sg_certificate(instance, {z: label.get(z, 0) for z in box})
    return out
