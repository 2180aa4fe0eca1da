"""Galliot's criterion itself against the explicit reference on small boards (paper 004 Theorem
II.1.12): ``structural_only=True`` stops the solver from handing positions with fewer than six live
vertices to the explicit search (isolated vertices pad the board, which changes no outcome), and
``pairing=False`` keeps the pairing certificate from deciding Breaker wins before the criterion, and
``dangers=False`` keeps J_2(D1) from deciding them before the three-round search.
hypothesis ``event()``s show the decision mix (round 0-3 leaf, refutation, pairing)."""
from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import event, given, settings

from verify.games.maker_breaker import MakerBreakerGame
from verify.isomorphism import enumerate_hypergraphs, enumerate_markings
from verify.solvers.explicit import solve_maker_breaker
from verify.solvers.rank3 import solve_structural, structural_outcome
from verify.solvers.rank3.solver import DEFAULT, Rank3Options, decide
from verify.strategies import players, rank3_positions

# the three-round leaf search itself (J_2(D1) off: tests/test_rank3_dangers.py checks that one)
CRITERION = Rank3Options(structural_only=True, pairing=False, dangers=False)
FORCED = Rank3Options(structural_only=True, pairing=True)


def kind(d) -> str:
    """What decided a Maker-first or Breaker-first decision, for event() and counters."""
    if d.how == "dangers":
        return "breaker: J2(D1)"
    if d.how == "structural" and d.tree is not None:
        return f"maker: leaf after round {d.rounds}"
    if d.how == "structural" and d.breaker_move is None and not d.answers:
        return "breaker: refutes every x1 (3 rounds)"
    if d.breaker_move is not None:
        return "breaker first: " + (kind(d.default) if d.default is not None else d.how)
    if d.answers or d.default is not None:
        return "breaker first, maker: " + (kind(d.default) if d.default is not None else d.how)
    return d.how


def forced_agrees(h, first: str, opts: Rank3Options = CRITERION) -> str:
    game = MakerBreakerGame(h, first)
    want = solve_maker_breaker(game).winner
    d = decide(game.start_residual(), h.n, first, opts)
    assert d.winner == want, (h, first, kind(d))
    assert d.how != "explicit"
    return kind(d)


def sweep(hs, opts: Rank3Options = CRITERION) -> Counter:
    mix = Counter()
    for h in hs:
        for first in ("maker", "breaker"):
            mix[forced_agrees(h, first, opts)] += 1
    return mix


# -- exhaustive: the criterion, never the reference, decides ------------------------------------------

def test_criterion_on_every_marked_rank3_board_up_to_three_vertices():
    mix = sweep(m for n in range(1, 4) for h in enumerate_hypergraphs(n, (1, 2, 3))
                for m in enumerate_markings(h))
    assert mix["explicit"] == 0 and sum(mix.values()) > 500


def test_criterion_on_every_rank3_board_on_four_vertices():
    mix = sweep(enumerate_hypergraphs(4, (1, 2, 3)))
    assert sum(v for k, v in mix.items() if "round" in k or "refutes" in k) > 200


def test_criterion_on_marked_3_uniform_seven_vertices_three_edges():
    mix = sweep(m for h in enumerate_hypergraphs(7, (3,), max_edges=3) for m in enumerate_markings(h))
    assert mix["maker: leaf after round 1"] and mix["breaker: refutes every x1 (3 rounds)"]


def test_criterion_on_rank3_seven_vertices_four_edges():
    mix = sweep(enumerate_hypergraphs(7, (2, 3), max_edges=4))
    assert mix["maker: leaf after round 1"] and mix["breaker first: breaker: refutes every x1 (3 rounds)"]


@pytest.mark.slow
def test_criterion_on_every_3_uniform_board_on_six_vertices():
    sweep(enumerate_hypergraphs(6, (3,)))
    sweep(m for h in enumerate_hypergraphs(6, (3,), max_edges=4) for m in enumerate_markings(h))


# -- hypothesis: few marks, nothing decided before the first move ------------------------------------

@settings(max_examples=150, deadline=None)
@given(rank3_positions(max_vertices=9, max_edges=12), players)
def test_criterion_on_random_small_positions(h, first):
    event(forced_agrees(h, first))


@settings(max_examples=60, deadline=None)
@given(rank3_positions(min_vertices=6, max_vertices=11, max_edges=14, max_marked=1), players)
def test_default_solver_with_pairing_on_random_positions(h, first):
    """The default configuration, forced structural: pairing certificates included."""
    event(forced_agrees(h, first, FORCED))


# -- the pairing certificate and the public switch ------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(rank3_positions(min_vertices=5, max_vertices=12, max_edges=10, max_marked=1), players)
def test_pairing_decisions_are_breaker_wins(h, first):
    game = MakerBreakerGame(h, first)
    d = decide(game.start_residual(), h.n, first, DEFAULT)
    event(kind(d))
    if d.how == "pairing":
        assert solve_maker_breaker(game).winner == "breaker"


def test_structural_only_switch_reaches_the_solver():
    from verify.claims.paper004 import necklace
    out = structural_outcome(MakerBreakerGame(necklace(2)), structural_only=True)
    assert out.winner == "maker" and out.stats["decided_by"] == "structural"
    assert solve_structural(MakerBreakerGame(necklace(2))).stats["decided_by"] == "explicit"
