"""Classical theorems hunted as regressions of the solvers (in the catalogue too, tag ``regression``).

A theorem holds on every instance, so a counterexample a hunt finds is a bug of the reference (or of
the statement's encoding), never news about the theorem. Their hypotheses are constraints
(:class:`~.generate.Constraint`), so the hunts generate instances inside them.

- Erdős–Selfridge (1973): on a hypergraph with Σ_{e∈E} 2^-|e| < 1/2, Breaker, moving second, wins
  Maker-Breaker. Edge sizes 2..4: an edge of one vertex alone weighs 1/2, and on n ≤ 8 vertices
  Maker, moving first, claims at most ⌈n/2⌉ ≤ 4 vertices, so an edge of five or more vertices is never
  hers and cannot change the winner (dropping it keeps the sum below 1/2). The hunt over n ≤ 8
  vertices is therefore the theorem for every hypergraph on at most 8 vertices.
"""
from __future__ import annotations

from ..claims.registry import Violation, claim
from ..hypergraph import Hypergraph
from .conjectures import HuntSpec
from .generate import Constraint
from .spaces import Hypergraphs

ERDOS_SELFRIDGE = Constraint(es_sum_below=0.5)


@claim("classical-erdos-selfridge", "classical: Erdős–Selfridge 1973",
       "If Σ_{e∈E} 2^-|e| < 1/2, Breaker (moving second) wins the Maker-Breaker game on H. Hunted on "
       "edge sizes 2-4 (on n ≤ 8 vertices larger edges cannot change the winner).",
       hunt=HuntSpec(Hypergraphs(sizes=(2, 3, 4), game="maker-breaker"), constraint=ERDOS_SELFRIDGE),
       default_size=6, slow_size=7, size_name="vertices",
       tags=("maker-breaker", "instance:hypergraph", "regression"))
def erdos_selfridge(h: Hypergraph):
    from ..games.maker_breaker import MakerBreakerGame
    from ..solvers import solve
    if not ERDOS_SELFRIDGE.holds(h):
        return None
    w = solve("maker-breaker", MakerBreakerGame(h, "maker"), method="explicit").winner
    if str(getattr(w, "value", w)) != "breaker":
        return Violation({"vertices": list(h.vertices), "edges": [h.names(e) for e in h.edge_masks]},
                         "breaker wins (Erdős–Selfridge)", f"{getattr(w, 'value', w)} wins")
    return None
