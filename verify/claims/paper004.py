"""Paper 004 (F. Galliot, Hypergraphs and the Maker-Breaker game: a structural approach, PhD thesis,
2023) as executable claims: the rank-3 characterization, Maker's number of rounds, and the
checkable reductions of Chapter I.

The judge is always the explicit reference (:mod:`verify.solvers.explicit`) or the exact-rounds
search (:mod:`verify.solvers.rank3.rounds`), both written from the rules.
"""
from __future__ import annotations

import math
import random
from itertools import combinations

from ..formats.jsonfmt import hypergraph_to_json
from ..games import maker_breaker as mb
from ..hypergraph import Hypergraph
from ..isomorphism import enumerate_hypergraphs
from ..solvers.explicit import MakerBreakerSearch
from ..solvers.rank3.rounds import game_rounds
from ..solvers.rank3.search import Board
from .registry import Claim, Violation, register


def reference_winner(h: Hypergraph, first: str) -> str:
    game = mb.MakerBreakerGame(h, first)
    res = game.start_residual()
    over = mb.winner_if_over(res)
    if over:
        return over
    return mb.MAKER if MakerBreakerSearch().maker_wins(res, first == mb.MAKER) else mb.BREAKER


def instance_json(h: Hypergraph, **extra) -> dict:
    return {"hypergraph": hypergraph_to_json(h), **extra}


# -- instance families --------------------------------------------------------------------------

def nunchaku(length: int) -> Hypergraph:
    """The ab-nunchaku of length L (Def I.3.12): edges {a_i, b_i, a_{i+1}}, marks a_1 and a_{L+1}."""
    a = [f"a{i}" for i in range(1, length + 2)]
    b = [f"b{i}" for i in range(1, length + 1)]
    return Hypergraph([[a[i], b[i], a[i + 1]] for i in range(length)], marked=[a[0], a[length]])


def necklace(length: int) -> Hypergraph:
    """The necklace of length L ≥ 2 (Def I.3.21): an x-cycle with x its only mark."""
    if length == 2:
        return Hypergraph([["x", "u", "v"], ["x", "u", "w"]], marked=["x"])
    c = ["x"] + [f"c{i}" for i in range(1, length)] + ["x"]
    return Hypergraph([[c[i], f"o{i + 1}", c[i + 1]] for i in range(length)], marked=["x"])


def double_cycle(length: int) -> Hypergraph:
    """Two x-cycles of the same length sharing only x, no marks (the near-tight example after
    Theorem III.2.5)."""
    edges = []
    for side in "pq":
        c = ["x"] + [f"{side}c{i}" for i in range(1, length)] + ["x"]
        edges += [[c[i], f"{side}o{i + 1}", c[i + 1]] for i in range(length)]
    return Hypergraph(edges)


def random_uniform3(n: int, count: int, seed: int, marks: bool = True):
    """Seeded random 3-uniform boards on n vertices (up to two marks), a fixed sample."""
    rng = random.Random(seed * 1000 + n)
    triples = [sum(1 << i for i in c) for c in combinations(range(n), 3)]
    names = [str(i) for i in range(1, n + 1)]
    for _ in range(count):
        m = rng.randint(2, min(len(triples), 2 * n))
        edges = rng.sample(triples, m)
        mk = sum(1 << i for i in rng.sample(range(n), rng.randint(0, 2))) if marks else 0
        yield Hypergraph.from_masks(names, edges, mk)


def small_rank3(n_max: int):
    """Every hypergraph of rank ≤ 3 on ≤ min(n, 4) vertices, then every 3-uniform one on 5..n
    vertices, up to isomorphism."""
    for n in range(1, min(n_max, 4) + 1):
        yield from enumerate_hypergraphs(n, (1, 2, 3))
    for n in range(5, n_max + 1):
        yield from enumerate_hypergraphs(n, (3,))


# -- Chapter I: conventions and reductions ------------------------------------------------------

def _check_initiative(h: Hypergraph):
    mf, bf = reference_winner(h, mb.MAKER), reference_winner(h, mb.BREAKER)
    if mf == mb.BREAKER and bf == mb.MAKER:
        return Violation(instance_json(h), "no second-player win", {"maker_first": mf, "breaker_first": bf})
    return None


register(Claim(
    name="004-prop-I.1.12-initiative", source="004 Prop I.1.12",
    statement="Initiative principle: a win as second player implies a win as first player, so no "
              "hypergraph is a second-player win (Maker first: Breaker wins, and Breaker first: "
              "Maker wins, never both).",
    instances=small_rank3, check=_check_initiative, default_size=4, slow_size=6,
    size_name="vertices", tags=("maker-breaker", "rank3")))


def _check_breaker_first(h: Hypergraph):
    bf = reference_winner(h, mb.BREAKER)
    game = mb.MakerBreakerGame(h, mb.BREAKER)
    res = game.start_residual()
    if mb.winner_if_over(res):
        return None
    free = game.free_mask()
    reduced = any(reference_winner(h.delete(h.vertices[i]), mb.MAKER) == mb.BREAKER
                  for i in range(h.n) if free >> i & 1)
    if (bf == mb.BREAKER) != reduced:
        return Violation(instance_json(h), {"exists_y_breaker_wins_H_minus_y": reduced},
                         {"breaker_first": bf})
    return None


register(Claim(
    name="004-breaker-first-reduction", source="004 §I.1.2",
    statement="Breaker first is a Breaker win iff some free y makes H^{-y} (Maker first) a Breaker "
              "win.",
    instances=small_rank3, check=_check_breaker_first, default_size=4, slow_size=6,
    size_name="vertices", tags=("maker-breaker", "rank3")))


def _check_trivial_tau(h: Hypergraph):
    game = mb.MakerBreakerGame(h, mb.MAKER)
    res = game.start_residual()
    trivial = any(e.bit_count() <= 1 for e in res)
    tau = game_rounds(game)
    if trivial != (tau is not None and tau <= 1):
        return Violation(instance_json(h), {"trivial": trivial}, {"tau_M": tau})
    return None


register(Claim(
    name="004-prop-I.1.46-trivial-tau", source="004 Prop I.1.46",
    statement="H is a trivial Maker win (an edge with at most one unmarked vertex) iff τ_M(H) ≤ 1.",
    instances=lambda n: (m for h in small_rank3(min(n, 4)) for m in _markings(h)),
    check=_check_trivial_tau, default_size=3, slow_size=4, size_name="vertices",
    tags=("maker-breaker", "rank3")))


def _markings(h: Hypergraph):
    from ..isomorphism import enumerate_markings
    yield from enumerate_markings(h)


# -- Chapter II: the three-round characterization -----------------------------------------------

def _three_round(h: Hypergraph) -> bool | None:
    """The criterion of Theorem II.1.12 on a 3-uniform marked H (None outside its hypotheses)."""
    res = mb.MakerBreakerGame(h).start_residual()
    if any(e.bit_count() <= 1 for e in res) or (h.full_mask & ~h.marked_mask).bit_count() < 6:
        return None
    if mb.winner_if_over(res):
        return None
    return Board(res, h.n).decide()[0] is not None


def _check_three_rounds(h: Hypergraph):
    crit = _three_round(h)
    if crit is None:
        return None
    actual = reference_winner(h, mb.MAKER) == mb.MAKER
    if crit != actual:
        return Violation(instance_json(h), {"maker_wins": crit}, {"maker_wins": actual})
    return None


register(Claim(
    name="004-thm-II.1.12-three-rounds", source="004 Theorem II.1.12",
    statement="Let H be 3-uniform marked, not a trivial Maker win, with at least 6 unmarked vertices, "
              "Maker first. Maker wins iff she can force, within three rounds, a fully marked edge, a "
              "nunchaku or a necklace.",
    instances=lambda n: (h for k in range(6, n + 1) for h in random_uniform3(k, 40, 1)),
    check=_check_three_rounds, default_size=7, slow_size=11, size_name="vertices",
    tags=("maker-breaker", "rank3")))


# -- Chapter III: Maker's number of rounds ------------------------------------------------------

def _tau_bound(n: int) -> int:
    return 3 + math.ceil(math.log2(n - 5))


def _check_tau_bound(h: Hypergraph):
    n = (h.full_mask & ~h.marked_mask).bit_count()
    if n < 6 or reference_winner(h, mb.MAKER) != mb.MAKER:
        return None
    tau = game_rounds(mb.MakerBreakerGame(h))
    if tau is None or tau > _tau_bound(n):
        return Violation(instance_json(h), {"tau_M_at_most": _tau_bound(n)}, {"tau_M": tau})
    return None


def _tau_instances(size: int):
    """Nunchakus, necklaces and double cycles with ≤ size unmarked vertices, then random boards."""
    for length in range(1, size):
        for h in (nunchaku(length), necklace(length + 1), double_cycle(length + 1)):
            if (h.full_mask & ~h.marked_mask).bit_count() <= size:
                yield h
    for n in range(6, min(size, 10) + 1):
        yield from random_uniform3(n, 10, 2)


register(Claim(
    name="004-thm-III.2.5-tau-bound", source="004 Theorem III.2.5",
    statement="A 3-uniform marked Maker win H with n = |V(H) \\ M(H)| ≥ 6 has τ_M(H) ≤ 3 + ⌈log2(n − 5)⌉.",
    instances=_tau_instances, check=_check_tau_bound, default_size=9, slow_size=15,
    size_name="unmarked vertices", tags=("maker-breaker", "rank3", "rounds")))


def _check_path_tau(h: Hypergraph):
    length = h.m
    tau = game_rounds(mb.MakerBreakerGame(h))
    want = 1 + math.ceil(math.log2(length))
    if tau != want:
        return Violation(instance_json(h, length=length), {"tau_M": want}, {"tau_M": tau})
    return None


register(Claim(
    name="004-cor-III.2.4-nunchaku-necklace-tau", source="004 Cor III.2.4",
    statement="A nunchaku or a necklace of length L has τ_M = 1 + ⌈log2 L⌉.",
    instances=lambda size: (h for length in range(1, size + 1)
                            for h in ([nunchaku(length)] + ([necklace(length)] if length >= 2 else []))),
    check=_check_path_tau, default_size=6, slow_size=9, size_name="length",
    tags=("maker-breaker", "rank3", "rounds")))


# -- sharpness of the three rounds (remark after Theorem II.1.12, Fig II.6) ---------------------------

ROUND3_VARIANTS = ((3, 3, 2, 1), (3, 3, 2, 2), (4, 3, 2, 1), (3, 4, 2, 2), (3, 3, 3, 1))


def _check_round3_needed(h: Hypergraph):
    res = mb.MakerBreakerGame(h).start_residual()
    board = Board(res, h.n)
    within2 = board.decide(max_rounds=2)[0] is not None
    within3 = board.decide(max_rounds=3)[0] is not None
    actual = reference_winner(h, mb.MAKER) == mb.MAKER
    if within2 or not within3 or not actual:
        return Violation(instance_json(h), {"maker_wins": True, "leaf_within_2": False, "leaf_within_3": True},
                         {"maker_wins": actual, "leaf_within_2": within2, "leaf_within_3": within3})
    return None


def _round3_instances(size: int):
    from ..families.rank3 import round3_board
    for params in ROUND3_VARIANTS[:size]:
        yield round3_board(*params)


register(Claim(
    name="004-thm-II.1.12-three-rounds-needed", source="004 §II.1.3 (after Theorem II.1.12, Fig II.6)",
    statement="Three rounds are needed: gluing copies of a D1^O-danger at its point x (Fig II.6 from "
              "Fig II.9) gives a 3-uniform Maker win on which Maker can force a fully marked edge, a "
              "nunchaku or a necklace within three rounds but not within two (J_2(D0) holds, J_3(D0) "
              "fails). Instances: verify family rank3-round3 c q copies gap.",
    instances=_round3_instances, check=_check_round3_needed, default_size=1, slow_size=5,
    size_name="variants", tags=("maker-breaker", "rank3")))

