"""Cube-and-conquer (:mod:`verify.solvers.qbf_split`) and the iterative deepening of whole-game
questions (:func:`verify.solvers.pg.cut_after`) against the explicit reference: random Maker-Maker and
Maker-Breaker ``.pg`` games with initial stones and ``#firstmoves``, both players and goals, Hex
positions, whole games of both starters; certificates, timeouts and crashes."""
from __future__ import annotations

import os
from dataclasses import replace

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from verify.certificates.checker import check_certificate
from verify.encode.qbf import backends as qb
from verify.encode.qbf.game import GameEncoding, game_question
from verify.errors import BackendError, InputError, Undecided
from verify.families.hex import hex_game
from verify.games import positional as pg
from verify.solvers import solve
from verify.solvers.pg import PGSearch, cut_after
from verify.solvers.qbf_split import SplitSolver, forced_cells

from test_qbf import mm_games
from test_qbf_encodings import _children, expected, hex_positions


@st.composite
def split_games(draw):
    """.pg games of 6 to 8 cells with schedules of at least 4 time points (questions deep enough to be
    split into engine leaves): Maker-Maker or Maker-Breaker, initial stones, ``#firstmoves``."""
    n = draw(st.integers(6, 8))
    names = tuple(f"p{i}" for i in range(n))
    full = (1 << n) - 1
    sets = st.lists(st.integers(1, full).filter(lambda m: 2 <= m.bit_count() <= 3), min_size=2, max_size=5,
                    unique=True)
    maker_maker = draw(st.booleans())
    bsets, wsets = draw(sets), (draw(sets) if maker_maker else [])
    stones = draw(st.lists(st.sampled_from(["b", "w", "-", "-", "-", "-", "-"]), min_size=n, max_size=n))
    bi = sum(1 << i for i, s in enumerate(stones) if s == "b")
    wi = sum(1 << i for i, s in enumerate(stones) if s == "w")
    k = draw(st.integers(4, n))
    turns = draw(st.lists(st.booleans(), min_size=k, max_size=k))
    times = tuple(f"t{i}" for i in range(k))
    first = draw(st.one_of(st.none(), st.none(), st.integers(1, full)))
    first = None if first is None or not first & ~(bi | wi) else first & ~(bi | wi)
    try:
        return pg.PositionalGame(names, tuple(bsets), tuple(wsets), bi, wi, times,
                                 frozenset(t for t, b in zip(times, turns) if b), first, maker_maker=maker_maker)
    except InputError:
        assume(False)


def _check(game, player, goal, leaf_times, jobs, encoding="binary+sym", root_budget=0.0):
    s = SplitSolver(game, "depqbf", encoding, timeout=60, jobs=jobs, leaf_times=leaf_times,
                    root_budget=root_budget)
    ans = s.decide(player, goal)
    st_ = ans.stats
    event(f"split={st_['splits'] > 0}, engine leaves={st_['leaves'] > 0}, forced={st_['forced'] > 0}")
    assert ans.value == expected(game, player, goal)
    if ans.move is not None:  # E's move keeps the goal
        assert ans.move & game.legal_moves(*game.start())
        assert expected(game, player, goal, game.play(*game.start(), ans.move))
    return ans


@settings(max_examples=60, deadline=None)
@given(game=st.one_of(mm_games(), split_games()), player=st.sampled_from(pg.COLOURS),
       goal=st.sampled_from(["win", "not-lose"]), leaf_times=st.integers(0, 3), jobs=st.integers(1, 2),
       root_budget=st.sampled_from([0.0, 1.0]))
def test_split_matches_explicit_on_pg_games(game, player, goal, leaf_times, jobs, root_budget):
    assume(game.maker_maker or (player, goal) != (pg.BLACK, "not-lose"))
    assume(not isinstance(game_question(game, player, goal), GameEncoding))  # a question to split
    event("maker-maker" if game.maker_maker else "maker-breaker")
    event("initial stones" if game.black_initials | game.white_initials else "empty board")
    _check(game, player, goal, leaf_times, jobs, root_budget=root_budget)


@settings(max_examples=300, deadline=None)
@given(game=st.one_of(split_games(), hex_positions()), player=st.sampled_from(pg.COLOURS),
       goal=st.sampled_from(["win", "not-lose"]))
def test_split_tree_alone_matches_explicit(game, player, goal):
    """Split down to positions the rules decide (no engine): the tree logic, the candidate moves
    (live cells, orbit representatives, forced cells) and the propagation, on many games."""
    assume(game.maker_maker or (player, goal) != (pg.BLACK, "not-lose"))
    assume(not isinstance(game_question(game, player, goal), GameEncoding))
    assert _check(game, player, goal, 0, 1).stats["leaves"] == 0


@settings(max_examples=30, deadline=None)
@given(game=hex_positions(), player=st.sampled_from(pg.COLOURS), leaf_times=st.integers(1, 4),
       encoding=st.sampled_from(["binary+sym", "implicit", "onehot+sym"]))
def test_split_matches_explicit_on_hex_positions(game, player, leaf_times, encoding):
    q = game_question(game, player, "win")
    assume(not isinstance(q, GameEncoding))
    event(f"{player} to force, {len(q.sched)} time points")
    _check(game, player, "win", leaf_times, 2, encoding)


def test_forced_cells():
    """Maker (black) threatens b1 (the set {a1, b1} holds a1): white to move must take b1, black to
    move completes it; with white sets too the rule does not apply."""
    g = pg.PositionalGame(("a1", "b1", "c1", "d1"), (0b0011, 0b1100), (), 0b0001, 0,
                          ("t1", "t2", "t3"), frozenset({"t2"}))
    q = game_question(g, pg.BLACK, "win")
    assert q.sched[0] == "U" and [q.cells[c] for c in range(len(q.cells)) if forced_cells(q) >> c & 1] == [1]
    q = game_question(g, pg.WHITE, "not-lose")
    assert q.sched[0] == "E" and forced_cells(q) != 0
    mm = replace(g, white_sets=(0b1100,), maker_maker=True)
    assert forced_cells(game_question(mm, pg.BLACK, "win")) == 0


@st.composite
def whole_games(draw):
    """.pg games whose schedule fills the board (random colours), from :func:`mm_games`."""
    game = draw(mm_games())
    free = game.free_mask().bit_count()
    turns = draw(st.lists(st.booleans(), min_size=free, max_size=free))
    times = tuple(f"t{i}" for i in range(free))
    assume(free > 0)
    return replace(game, times=times, black_turns=frozenset(t for t, b in zip(times, turns) if b))


@settings(max_examples=30, deadline=None)
@given(game=whole_games(), backend=st.sampled_from(["depqbf", "split:depqbf"]))
def test_deepening_matches_explicit_on_whole_games(game, backend):
    out = solve("pg", game, "qbf", backend=backend)
    event(f"won within a cut schedule: {'won_within' in out.stats}")
    assert out.winner == solve("pg", game, "explicit").winner


def test_cut_after_keeps_the_moves_up_to_the_cut():
    g = hex_game(4)
    cut = cut_after(g, pg.BLACK, 5)
    assert cut.schedule() == g.schedule()[:9] and cut_after(g, pg.BLACK, 8) is g
    assert PGSearch(cut).value(*cut.start()) == 1 and PGSearch(cut_after(g, pg.BLACK, 4)).value(*g.start()) == -1


@pytest.mark.parametrize("k,black_first", [(3, True), (3, False), (4, True)])
def test_whole_hex_boards_by_deepening(k, black_first):
    """The empty k×k board: the first player wins (a shortest win found by deepening)."""
    out = solve("pg", hex_game(k, black_first=black_first), "qbf", backend="split:depqbf", timeout=60)
    assert out.winner == (pg.BLACK if black_first else pg.WHITE)
    assert black_first is False or out.stats["won_within"] == (2 if k == 2 else {3: 3, 4: 5}[k])


@pytest.mark.parametrize("game", [hex_game(3), hex_game(3, black_first=False),
                                  pytest.param(hex_game(4, ["b2", "c3"], ["b3"], moves=5), marks=pytest.mark.slow)])
def test_split_certificates_check(game):
    out = solve("pg", game, "qbf", backend="split:depqbf", certificate=True, timeout=60)
    assert out.winner == solve("pg", game, "explicit").winner
    assert check_certificate(out.certificate).kind == "pg-strategy"


def _hard():
    from verify.formats.pg import read_pg
    from pathlib import Path
    path = Path("/work/shared/positional-games/hex-hein/hein_02_5x5-13.pg")
    return read_pg(path) if path.exists() else hex_game(5, moves=13)


def test_split_timeout_is_undecided_and_kills_the_children():
    s = SplitSolver(_hard(), "depqbf", timeout=1.0)
    with pytest.raises(Undecided):
        s.decide(pg.BLACK, "win")
    assert not _children(os.getpid())


def test_split_engine_crash_is_an_error(monkeypatch):
    def crash(f, backend, model):
        os._exit(3)

    monkeypatch.setattr(qb, "run_engine", crash)
    with pytest.raises(BackendError, match="failed on a leaf"):
        SplitSolver(hex_game(4, moves=9), "depqbf", timeout=30).decide(pg.BLACK, "win")
    assert not _children(os.getpid())


def test_route_timeout_bounds_all_its_questions(monkeypatch):
    # --timeout limits the whole route: deepening and certificate extraction ask many questions,
    # and each gets only what is left, so a spent limit is Undecided before any engine starts.
    from verify.solvers.qbf import QBFRoute
    route = QBFRoute("depqbf", timeout=5.0)
    clock = [0.0]
    monkeypatch.setattr("verify.solvers.qbf.time.perf_counter", lambda: route._deadline - 5.0 + clock[0])
    assert route.left() == pytest.approx(5.0)
    clock[0] = 4.0
    assert route.left() == pytest.approx(1.0)
    clock[0] = 5.0
    with pytest.raises(Undecided):
        route.can_force(hex_game(3), pg.BLACK, "win", hex_game(3).start())
