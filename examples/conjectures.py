"""Your own conjectures for `verify hunt --conjectures examples/conjectures.py` (the catalogue's
decorator; `check(instance)` returns None when the statement holds, else a Violation)."""
from verify.games.maker_breaker import MakerBreakerGame
from verify.hunting import HuntSpec, Hypergraphs, Violation, conjecture
from verify.solvers import solve


def _winner(h, first="maker"):
    return solve("maker-breaker", MakerBreakerGame(h, first), method="explicit").winner


def _min_degree_two(h) -> bool:
    return h.m > 0 and all(sum(1 for e in h.edge_masks if e >> v & 1) >= 2 for v in range(h.n))


@conjecture("my-min-degree-breaker", "user",
            "On a 3-uniform hypergraph where every vertex lies in at least two edges, Breaker (second) "
            "wins Maker-Breaker.",
            hunt=HuntSpec(Hypergraphs(sizes=(3,), game="maker-breaker"), hypothesis=_min_degree_two))
def min_degree_breaker(h):
    w = _winner(h)
    return None if w == "breaker" else Violation({"edges": [h.names(e) for e in h.edge_masks]},
                                                 "breaker wins", f"{w} wins")
