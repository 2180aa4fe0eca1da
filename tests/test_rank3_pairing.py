"""The exact pairing step of the rank-3 route (verify.solvers.rank3.pairing.exact_pairing) against a
brute-force pairing search, and the pairing boards of issue 19 (verify family rank3-pairs) against
the explicit reference and in time."""
from __future__ import annotations

import time

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from verify.families import family
from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import Hypergraph, bits, minimal_masks
from verify.solvers import solve
from verify.solvers.explicit import solve_maker_breaker
from verify.solvers.rank3 import structural_outcome
from verify.solvers.rank3.pairing import exact_pairing, is_pairing
from verify.strategies import players


def brute_pairing_exists(res) -> bool:
    """Prop I.1.52's hypothesis by exhaustion: choose, edge by edge, a pair inside it."""
    edges = sorted(set(res))

    def go(i, used, chosen):
        if i == len(edges):
            return True
        e = edges[i]
        if any(p & e == p for p in chosen):
            return go(i + 1, used, chosen)
        vs = bits(e)
        for a in range(len(vs)):
            for b in range(a + 1, len(vs)):
                p = (1 << vs[a]) | (1 << vs[b])
                if not p & used and go(i + 1, used | p, chosen | {p}):
                    return True
        return False
    return go(0, 0, frozenset())


@st.composite
def residuals(draw, n: int = 8):
    m = draw(st.integers(1, 9))
    return frozenset(sum(1 << v for v in draw(st.lists(st.integers(0, n - 1), min_size=k, max_size=k,
                                                        unique=True)))
                     for k in draw(st.lists(st.sampled_from([2, 3, 3]), min_size=m, max_size=m)))


@settings(max_examples=300, deadline=None)
@given(residuals(), st.sampled_from([0, 1, 300]))
def test_exact_pairing_agrees_with_brute_force(res, budget):
    """budget 0 forces the SAT formulation on every kernel component that needs a branching."""
    got = exact_pairing(res, budget=budget)
    want = brute_pairing_exists(minimal_masks(res))
    event(f"budget {budget}: {'pairing' if want else 'none'}")
    assert (got is not None) == want
    if got is not None:
        assert is_pairing(res, got)


@pytest.mark.parametrize("seed", range(3))
def test_small_pairing_boards_agree_with_the_reference(seed):
    h = family("rank3-pairs", 4, 2, seed)
    for first in ("maker", "breaker"):
        game = MakerBreakerGame(h, first)
        assert solve_maker_breaker(game).winner == "breaker"
        got = structural_outcome(game, structural_only=True)
        assert got.winner == "breaker" and got.stats["decided_by"] == "pairing"


@given(st.integers(2, 4), st.integers(0, 2), st.integers(0, 10 ** 6), players)
@settings(max_examples=15, deadline=None)
def test_pairing_boards_forced_through_the_criterion_agree(pairs, extra, seed, first):
    """Without the pairing step the criterion itself must find the Breaker win."""
    h = family("rank3-pairs", pairs, extra, seed)
    game = MakerBreakerGame(h, first)
    assert structural_outcome(game, structural_only=True, pairing=False).winner == "breaker"


@pytest.mark.parametrize("pairs,extra,seed", [(25, 10, 0), (35, 10, 1), (40, 10, 2), (40, 25, 3)])
def test_issue_pairing_boards_are_decided_fast_both_orders(pairs, extra, seed):
    h = family("rank3-pairs", pairs, extra, seed)
    assert len(h.edge_masks) >= h.n - 10          # not only sparse boards
    for first in ("maker", "breaker"):
        game = MakerBreakerGame(h, first)
        for method in ("structural", "auto"):
            t0 = time.perf_counter()
            got = solve("maker-breaker", game, method=method)
            assert got.winner == "breaker"
            assert time.perf_counter() - t0 < 1.0


def test_pairing_family_is_connected_and_paired():
    h = family("rank3-pairs", 30, 15, 7)
    assert h.n == 75 and 2 <= len(h.edge_masks) // 30 <= 4
    pairs = [(1 << 2 * i) | (1 << 2 * i + 1) for i in range(30)]
    assert is_pairing(frozenset(h.edge_masks), pairs)
    assert isinstance(h, Hypergraph)
