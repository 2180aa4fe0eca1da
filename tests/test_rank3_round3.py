"""Boards on which Maker needs the third round of Galliot's criterion (paper 004 Theorem II.1.12):
copies of a D1^O-danger glued at x (:func:`verify.families.rank3.round3_board`), checked against
the explicit reference, the literal leaf definitions (exhaustive chain search) and the witness."""
from __future__ import annotations

from collections import Counter

import pytest

from verify.families import family
from verify.families.rank3 import round3_board
from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import bits
from verify.solvers.explicit import solve_maker_breaker
from verify.solvers.rank3.brute import has_leaf
from verify.solvers.rank3.solver import decide

from test_rank3 import _check_tree
from test_rank3_forced import CRITERION, kind


def leaf_within(edges, marked: int, dead: int, rounds: int) -> bool:
    """∃x1 ∀y1 ... ∃x_r ∀y_r: a fully marked edge, nunchaku or necklace by the end of some round
    ≤ r, read literally (Defs I.3.12, I.3.21; exhaustive chain search); Breaker may also pass,
    which isolated vertices allow and which never helps Maker."""
    if has_leaf(edges, marked, dead):
        return True
    if rounds == 0:
        return False
    live = 0
    for e in edges:
        if not e & dead:
            live |= e
    live &= ~marked
    for x in bits(live):
        m2 = marked | (1 << x)
        near = 0
        for e in edges:
            if e >> x & 1 and not e & dead:
                near |= e
        order = sorted(bits(live & ~(1 << x)), key=lambda y: not near >> y & 1)
        replies = [dead | (1 << y) for y in order] + [dead]
        if all(leaf_within(edges, m2, d2, rounds - 1) for d2 in replies):
            return True
    return False


def test_default_round3_board_needs_exactly_three_rounds():
    h = round3_board()
    assert (h.n, h.m) == (23, 14)
    game = MakerBreakerGame(h)
    assert solve_maker_breaker(game).winner == "maker"
    d = decide(game.start_residual(), h.n, "maker", CRITERION)
    assert d.winner == "maker" and d.rounds == 3
    _check_tree(d.board, d.tree, d.board.marked0, 0, 3)           # the witness, replayed
    assert not leaf_within(list(h.edge_masks), 0, 0, 2)           # literally: not within 2 rounds
    assert solve_maker_breaker(MakerBreakerGame(h, "breaker")).winner == "breaker"
    assert decide(game.start_residual(), h.n, "breaker", CRITERION).winner == "breaker"


def test_round3_family_from_the_cli_registry():
    assert family("rank3-round3") == round3_board()
    assert family("rank3-round3", 4, 3, 2, 2).n == 27


@pytest.mark.parametrize("params", [(4, 3, 2, 1), (3, 4, 2, 2), (3, 3, 3, 1)])
def test_round3_variants_need_three_rounds(params):
    h = round3_board(*params)
    game = MakerBreakerGame(h)
    d = decide(game.start_residual(), h.n, "maker", CRITERION)
    assert kind(d) == "maker: leaf after round 3"
    _check_tree(d.board, d.tree, d.board.marked0, 0, 3)


@pytest.mark.slow
@pytest.mark.parametrize("params", [(4, 3, 2, 1), (3, 4, 2, 2), (3, 3, 3, 1), (4, 4, 2, 2)])
def test_round3_variants_against_the_reference(params):
    h = round3_board(*params)
    assert solve_maker_breaker(MakerBreakerGame(h)).winner == "maker"
    assert not leaf_within(list(h.edge_masks), 0, 0, 2)


def test_single_copy_is_a_breaker_win_that_marking_x_turns():
    """One D1^O-danger alone: Breaker wins; with x marked Maker wins (so x is the danger's point)."""
    h = round3_board(copies=1)
    assert solve_maker_breaker(MakerBreakerGame(h)).winner == "breaker"
    assert solve_maker_breaker(MakerBreakerGame(h.mark("x"))).winner == "maker"
    mix = Counter(kind(decide(MakerBreakerGame(g).start_residual(), g.n, "maker", CRITERION))
                  for g in (h, h.mark("x")))
    assert mix == Counter({"breaker: refutes every x1 (3 rounds)": 1, "maker: leaf after round 2": 1})


@pytest.mark.parametrize("cutting", [True, False])
def test_breaker_first_opening_tried_before_listing_maker_trees(monkeypatch, cutting):
    """Breaker first on a round-3 board: the opening on most edges (x, on every copy) cuts the
    board and wins, found before any three-round search on the whole board (``cutting``); without
    that step, the likeliest candidate of Maker's tree's support is tried before her other winning
    trees are listed, and it wins (H - x falls apart into single copies)."""
    from verify.solvers.rank3 import search, solver

    def refuse(*_a, **_k):
        raise AssertionError("Maker's trees listed although the first opening wins")
        yield

    h = round3_board(3, 3, 4)            # x on 4 edges, every other vertex on at most 3
    monkeypatch.setattr(search.Board, "winning_trees", refuse)
    if cutting:
        real = search.Board.decide

        def parts_only(self, *a, **k):
            assert len(self.edges) < h.m, "the whole board was searched"
            return real(self, *a, **k)
        monkeypatch.setattr(search.Board, "decide", parts_only)
    else:
        monkeypatch.setattr(solver, "_cutting_opening", lambda *a: None)
    d = decide(MakerBreakerGame(h, "breaker").start_residual(), h.n, "breaker")
    assert d.winner == "breaker" and h.vertices[d.breaker_move] == "x"

@pytest.mark.parametrize("params", [(3, 3, 1), (3, 3, 2), (3, 4, 2, 2)])
def test_round3_breaker_first_against_the_reference(params):
    h = round3_board(*params)
    for first in ("maker", "breaker"):
        got = decide(MakerBreakerGame(h, first).start_residual(), h.n, first).winner
        assert got == solve_maker_breaker(MakerBreakerGame(h, first)).winner, (params, first)


def _hub_board(seed: int):
    """Two or three small random rank-3 boards glued at a hub vertex 0 that lies on most edges
    (so deleting it cuts the board: the Breaker-first cutting opening applies)."""
    import random
    from verify.hypergraph import Hypergraph
    rng = random.Random(seed)
    edges, nv = [], 1
    for _ in range(rng.choice((2, 3))):
        part = list(range(nv, nv + 4))
        nv += 4
        for _ in range(rng.randint(2, 4)):
            k = rng.choice((2, 3))
            e = rng.sample(part, k - 1) + [0] if rng.random() < 0.6 else rng.sample(part, k)
            edges.append(sum(1 << v for v in e))
    return Hypergraph.from_masks([str(i) for i in range(nv)], sorted(set(edges)))


@pytest.mark.parametrize("seed", range(40))
def test_hub_boards_breaker_first_against_the_reference(seed):
    h = _hub_board(seed)
    for first in ("maker", "breaker"):
        want = solve_maker_breaker(MakerBreakerGame(h, first)).winner
        for opts in (None, CRITERION):
            got = decide(MakerBreakerGame(h, first).start_residual(), h.n, first,
                         *(() if opts is None else (opts,))).winner
            assert got == want, (seed, first, opts)


def test_killer_move_order_finds_the_same_trees_with_fewer_nodes(monkeypatch):
    """Maker's moves tried last-winning-move first (the killer order of Board._maker_moves): same
    verdict, a valid three-round tree, fewer nodes than the degree order alone on a round-3 board."""
    from verify.solvers.rank3 import search
    h = round3_board(4, 4, 3)
    res = MakerBreakerGame(h).start_residual()
    d = decide(res, h.n, "maker", CRITERION)
    _check_tree(d.board, d.tree, d.board.marked0, 0, 3)
    assert d.board.killer
    monkeypatch.setattr(search.Board, "killer", property(lambda self: {}, lambda self, v: None), raising=False)
    plain = decide(res, h.n, "maker", CRITERION)
    assert plain.winner == d.winner == "maker" and d.nodes < plain.nodes


def test_last_round_moves_on_one_edge_skipped_exactly():
    """Board._maker_moves drops, in the last round, a vertex on one live edge with another unmarked
    vertex (Breaker deletes that vertex). No dropped move wins by the literal definitions (a leaf
    after every reply), and the one-round search agrees with them, on random marked 3-uniform
    boards where such moves occur."""
    import random
    from verify.solvers.rank3.search import Board
    from verify.solvers.rank3.brute import has_leaf
    rng = random.Random(19)
    skipped = checked = wins = 0
    for _ in range(900):
        n = rng.randint(7, 9)
        edges = sorted({sum(1 << v for v in rng.sample(range(n), 3)) for _ in range(rng.randint(3, 5))})
        marked = sum(1 << v for v in rng.sample(range(n), rng.randint(1, 2)))
        if has_leaf(edges, marked, 0):
            continue
        board = Board(edges, n)
        live = board.live(marked, 0)
        moves = set(board._maker_moves(marked, 0, 1))
        for v in bits(live):
            m2 = marked | 1 << v
            win = all(has_leaf(edges, m2, 1 << y) for y in bits(live & ~(1 << v)))
            wins += win
            if v not in moves:
                skipped += board.degree(v, 0) == 1
                assert not win, (edges, marked, v)
        checked += 1
        assert (board.maker_tree(marked, 0, 1) is not None) == leaf_within(edges, marked, 0, 1), (edges, marked)
    assert skipped > 20 and checked > 100 and wins > 20
