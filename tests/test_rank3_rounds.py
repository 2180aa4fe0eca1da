"""Exact τ_M (paper 004 Notation I.1.45) and the paper-004 claims at their default sizes."""
from __future__ import annotations

import pytest
from hypothesis import given

from verify.claims.registry import all_claims, check_claim
from verify.games import maker_breaker as mb
from verify.hypergraph import Hypergraph
from verify.solvers.explicit import solve_maker_breaker
from verify.solvers.rank3.rounds import game_rounds
from verify.strategies import rank3_hypergraphs

INF = float("inf")


def literal_tau(edges, maker: int, breaker: int, n: int) -> float:
    """Notation I.1.45 read literally on positions (Maker's and Breaker's vertex sets)."""
    res = mb.residual(edges, maker, breaker)
    if 0 in res:
        return 0
    if any(e.bit_count() == 1 for e in res):
        return 1
    free = [i for i in range(n) if not (maker | breaker) >> i & 1]
    if len(free) < 2:
        return INF
    best = INF
    for x in free:
        worst = max(literal_tau(edges, maker | 1 << x, breaker | 1 << y, n) for y in free if y != x)
        best = min(best, 1 + worst)
    return best


@given(rank3_hypergraphs(max_vertices=6, max_edges=6, marked=True))
def test_rounds_search_matches_the_literal_recursion(h):
    game = mb.MakerBreakerGame(h)
    want = literal_tau(h.edge_masks, h.marked_mask, 0, h.n)
    got = game_rounds(game)
    assert (INF if got is None else got) == want
    assert (got is not None) == (solve_maker_breaker(game).winner == "maker")


def test_tic_tac_toe_takes_four_rounds():
    from verify.families import tic_tac_toe
    assert game_rounds(mb.MakerBreakerGame(tic_tac_toe(3))) == 4


def test_graph_maker_win_takes_two_rounds():
    # Theorem I.1.33 / Cor I.2.36: a graph with a P3 is a Maker win in exactly 2 rounds
    assert game_rounds(mb.MakerBreakerGame(Hypergraph([["a", "b"], ["b", "c"]]))) == 2


PAPER004 = [c for c in all_claims() if c.source.startswith("004")]


@pytest.mark.parametrize("claim", PAPER004, ids=lambda c: c.name)
def test_paper004_claims_hold_at_default_size(claim):
    report = check_claim(claim)
    assert report.status == "holds", report.to_json()


@pytest.mark.slow
@pytest.mark.parametrize("claim", PAPER004, ids=lambda c: c.name)
def test_paper004_claims_hold_at_slow_size(claim):
    report = check_claim(claim, claim.slow_size)
    assert report.status == "holds", report.to_json()
