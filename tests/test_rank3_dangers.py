"""J_2(D1) (paper 004 Theorem II.1.14 with Props I.2.28 and I.2.30; verify.solvers.rank3.dangers):
the tadpole test against exhaustive search from Def I.3.23, and the Breaker-side decision against
the explicit reference with no fallback (structural_only, no pairing steps)."""
from __future__ import annotations

import random

import pytest
from hypothesis import event, given, settings

from verify.families.rank3 import gadget_ring, glued_ring, round3_board
from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import Hypergraph, bits
from verify.isomorphism import enumerate_hypergraphs, enumerate_markings
from verify.solvers.explicit import solve_maker_breaker
from verify.solvers.rank3 import structural_outcome
from verify.solvers.rank3.brute import has_tadpole
from verify.solvers.rank3.dangers import D1Criterion
from verify.solvers.rank3.search import Board
from verify.solvers.rank3.solver import Rank3Options, decide
from verify.strategies import players, rank3_positions

CRITERION = Rank3Options(structural_only=True, pairing=False)
LEAF_SEARCH = Rank3Options(structural_only=True, pairing=False, dangers=False)


def _random_board(rnd, n, m, linear):
    edges = []
    for _ in range(200):
        if len(edges) == m:
            break
        e = sum(1 << v for v in rnd.sample(range(n), 3))
        if e in edges or (linear and any((e & f).bit_count() > 1 for f in edges)):
            continue
        edges.append(e)
    return edges


@pytest.mark.parametrize("seed", range(40))
def test_tadpole_test_matches_exhaustive_search(seed):
    rnd = random.Random(seed)
    n = rnd.randint(6, 11)
    edges = _random_board(rnd, n, rnd.randint(3, 8), linear=seed % 2 == 0)
    board = Board(edges, n)
    crit = D1Criterion(board)
    for dead in (0, 1 << rnd.randrange(n)):
        for x in range(n):
            if dead >> x & 1:
                continue
            got = crit.tadpole(x, dead)
            assert bool(got) == has_tadpole(x, edges, dead), (edges, x, dead)
            if got:
                assert got >> x & 1 and not got & dead


def kind(d) -> str:
    if d.how == "dangers":
        return "breaker: J2(D1)"
    if d.how == "structural" and d.tree is not None:
        return f"maker: leaf after round {d.rounds}"
    if d.breaker_move is not None:
        return "breaker first: " + kind(d.default) if d.default is not None else d.how
    if d.default is not None:
        return "breaker first, maker: " + kind(d.default)
    return d.how


def agrees(h, first, opts=CRITERION) -> str:
    game = MakerBreakerGame(h, first)
    d = decide(game.start_residual(), h.n, first, opts)
    assert d.winner == solve_maker_breaker(game).winner, (h, first)
    assert d.how != "explicit"
    return kind(d)


def test_j2_on_every_marked_rank3_board_with_four_vertices():
    mix = {}
    for h in enumerate_hypergraphs(4, (2, 3)):
        for m in enumerate_markings(h):
            for first in ("maker", "breaker"):
                k = agrees(m, first)
                mix[k] = mix.get(k, 0) + 1
    assert mix.get("breaker: J2(D1)", 0) >= 40, mix


@settings(max_examples=250, deadline=None)
@given(rank3_positions(min_vertices=5, max_vertices=10, max_edges=10), players)
def test_j2_agrees_with_the_reference(h, first):
    event(agrees(h, first))


@settings(max_examples=120, deadline=None)
@given(rank3_positions(min_vertices=7, max_vertices=12, max_edges=9, max_marked=1, two_edges=False),
       players)
def test_j2_agrees_with_the_reference_on_sparser_3_uniform_boards(h, first):
    event(agrees(h, first))


@pytest.mark.parametrize("seed", range(30))
def test_j2_on_random_linear_boards(seed):
    rnd = random.Random(1000 + seed)
    n = rnd.randint(9, 14)
    edges = _random_board(rnd, n, rnd.randint(n // 3, n // 2 + 2), linear=True)
    h = Hypergraph.from_masks([str(i) for i in range(n)], edges)
    for first in ("maker", "breaker"):
        agrees(h, first)


def test_j2_refutations_are_winning_replies():
    """Theorem II.1.14 (ii): each refutation y1 leaves a Breaker win (checked by the reference)."""
    h = gadget_ring(2)
    game = MakerBreakerGame(h, "maker")
    d = decide(game.start_residual(), h.n, "maker", CRITERION)
    assert d.how == "dangers"
    res = game.start_residual()
    from verify.games import maker_breaker as mb
    from verify.solvers.explicit import MakerBreakerSearch
    search = MakerBreakerSearch()
    for x, y in d.refutations.items():
        after = mb.breaker_claims(mb.maker_claims(res, 1 << x), 1 << y)
        assert not search.maker_wins(after, True), (x, y)


def test_round3_boards_are_not_j2_breaker_wins():
    h = round3_board()
    d = decide(MakerBreakerGame(h).start_residual(), h.n, "maker", CRITERION)
    assert d.winner == "maker" and d.rounds == 3


def test_leaf_search_and_j2_agree_on_rings():
    for k in (2, 3):
        game = MakerBreakerGame(gadget_ring(k), "maker")
        a = structural_outcome(game, pairing=False)
        b = structural_outcome(game, pairing=False, dangers=False)
        assert a.winner == b.winner == "breaker"
        assert a.stats["decided_by"] == "dangers" and b.stats["decided_by"] == "structural"


def test_breaker_first_witness_reuses_the_refutations():
    """Breaker first on a J_2(D1) Breaker win: an opening no refutation uses, then the Maker-first
    refutations; each reply leaves a Breaker win (reference)."""
    from verify.games import maker_breaker as mb
    from verify.solvers.explicit import MakerBreakerSearch
    h = glued_ring(2)
    game = MakerBreakerGame(h, "breaker")
    d = decide(game.start_residual(), h.n, "breaker", CRITERION)
    assert d.winner == "breaker" and d.default.how == "dangers"
    res = mb.breaker_claims(game.start_residual(), 1 << d.breaker_move)
    search = MakerBreakerSearch()
    for x, y in d.default.refutations.items():
        assert y != d.breaker_move
        after = mb.maker_claims(res, 1 << x)
        if y is not None:
            after = mb.breaker_claims(after, 1 << y)
        assert not search.maker_wins(after, True), (x, y)


@pytest.mark.parametrize("k", [2, 3])
def test_glued_rings_against_the_reference(k):
    h = glued_ring(k)
    for first in ("maker", "breaker"):
        assert agrees(h, first) in ("breaker: J2(D1)", "breaker first: breaker: J2(D1)")


@pytest.mark.parametrize("k", [6, 17])
def test_glued_rings_are_j2_breaker_wins(k):
    out = structural_outcome(MakerBreakerGame(glued_ring(k), "maker"))
    assert out.winner == "breaker" and out.stats["decided_by"] == "dangers"


def j2_matches_reference(h) -> str:
    """J_2(D1) on the board itself (dense or sparse, any size: isolated vertices pad it to four
    free vertices) against the reference, Maker first."""
    from verify.games import maker_breaker as mb
    from verify.hypergraph import minimal_masks
    res = MakerBreakerGame(h).start_residual()
    if mb.winner_if_over(res) is not None:
        return "over"
    r = minimal_masks(res)
    if r[0].bit_count() <= 1:
        return "trivial"
    board = Board(r, h.n)
    holds, _ = D1Criterion(board).j2(board.marked0)
    want = solve_maker_breaker(MakerBreakerGame(h, "maker")).winner
    assert holds == (want == "breaker"), h
    return "J2 holds" if holds else "J2 fails"


def test_j2_itself_on_every_marked_board_with_five_vertices_and_three_edges():
    mix = {}
    for h in enumerate_hypergraphs(5, (2, 3), max_edges=3):
        for m in enumerate_markings(h):
            k = j2_matches_reference(m)
            mix[k] = mix.get(k, 0) + 1
    assert mix["J2 holds"] > 20 and mix["J2 fails"] > 20, mix


@settings(max_examples=200, deadline=None)
@given(rank3_positions(min_vertices=5, max_vertices=11, max_edges=14))
def test_j2_itself_agrees_with_the_reference(h):
    event(j2_matches_reference(h))


def test_j2_itself_on_every_marked_3_uniform_board_with_seven_vertices_and_three_edges():
    mix = {}
    for h in enumerate_hypergraphs(7, (3,), max_edges=3):
        for m in enumerate_markings(h):
            k = j2_matches_reference(m)
            mix[k] = mix.get(k, 0) + 1
    assert mix["J2 holds"] > 50 and mix["J2 fails"] > 50, mix


@pytest.mark.slow
def test_j2_itself_on_every_3_uniform_board_on_six_vertices():
    for h in enumerate_hypergraphs(6, (3,)):
        j2_matches_reference(h)
    for h in enumerate_hypergraphs(6, (3,), max_edges=4):
        for m in enumerate_markings(h):
            j2_matches_reference(m)


# -- the fast paths of J_2(D1): quiet components, the base-reply shortcut -------------------------

def _brute_danger(x: int, edges, marked: int, dead: int) -> bool:
    """A D1-danger at x in K^{+marked-dead} from the definitions (exhaustive chains and tadpoles)."""
    from verify.solvers.rank3.brute import chain_cc
    return bool(chain_cc(x, edges, dead) & marked & ~(1 << x)) or has_tadpole(x, edges, dead | marked)


@pytest.mark.parametrize("seed", range(30))
def test_quiet_and_chained_against_exhaustive_search(seed):
    """chains.quiet (no mark, Berge-acyclic component) never hides a danger; chains.chained is
    whether a chain joins two vertices; both met with either answer."""
    from verify.certificates.chains import chained, incidence, quiet
    from verify.solvers.rank3.brute import chain_cc
    rnd = random.Random(500 + seed)
    n = rnd.randint(7, 11)
    edges = _random_board(rnd, n, rnd.randint(3, 7), linear=seed % 3 == 0)
    inc = incidence(edges, n)
    seen = set()
    for _ in range(6):
        marked = sum(1 << v for v in rnd.sample(range(n), rnd.randint(0, 2)))
        dead = sum(1 << v for v in rnd.sample(range(n), rnd.randint(0, 2))) & ~marked
        for x in range(n):
            if (marked | dead) >> x & 1:
                continue
            if quiet(x, edges, inc, marked, dead):
                seen.add("quiet")
                assert not _brute_danger(x, edges, marked, dead), (edges, x, marked, dead)
            cc = chain_cc(x, edges, dead)
            for b in range(n):
                if b != x and not dead >> b & 1:
                    assert chained(x, b, edges, inc, dead) == bool(cc >> b & 1), (edges, x, b, dead)
    assert "quiet" in seen


def test_answers_after_one_mark_match_the_definition():
    """D1Criterion.answer one mark after the base position of j2 (the base-reply shortcut first):
    a reply clears every danger, None means no danger, False means no reply does (exhaustive)."""
    shortcut = fallback = 0
    for seed in range(25):
        rnd = random.Random(900 + seed)
        n = rnd.randint(8, 12)
        edges = _random_board(rnd, n, rnd.randint(n // 2, n), linear=seed % 2 == 0)
        board = Board(edges, n)
        crit = D1Criterion(board)
        crit.j2(board.marked0)
        asked = [0]
        replies = crit.replies

        def counted(*a, replies=replies, asked=asked):
            asked[0] += 1
            return replies(*a)

        crit.replies = counted
        live = board.live(0, 0)
        for x1 in bits(live):
            for y1 in rnd.sample(list(bits(live & ~(1 << x1))), 2):
                m1, d1 = 1 << x1, 1 << y1
                for x2 in bits(live & ~m1 & ~d1):
                    before = asked[0]
                    got = crit.answer(x2, m1, d1)
                    if asked[0] == before:
                        shortcut += 1
                    else:
                        fallback += 1
                    if got is None:
                        assert not _brute_danger(x2, edges, m1, d1), (edges, x1, y1, x2)
                    elif got is False:
                        assert all(_brute_danger(x2, edges, m1, d1 | 1 << y) for y in range(n)
                                   if not (m1 | 1 << x2) >> y & 1), (edges, x1, y1, x2)
                    else:
                        assert not (m1 | d1 | 1 << x2) >> got & 1
                        assert not _brute_danger(x2, edges, m1, d1 | 1 << got), (edges, x1, y1, x2, got)
    assert shortcut > 100 and fallback > 100, (shortcut, fallback)
