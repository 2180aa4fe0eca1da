"""The k-in-a-row line goal of the ``implicit`` encoding (:mod:`verify.encode.qbf.lines`) and the
``lifted`` encoding (:mod:`verify.encode.qbf.lifted`) against the explicit reference: every small
k-in-a-row / tic-tac-toe board, hypothesis positions with initial stones (both starters, both
players, bounded rounds), Maker-Maker ``.pg`` line games (fallback), certificates, and exports."""
from __future__ import annotations

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from verify.encode.qbf import backends as qb
from verify.encode.qbf.game import GameEncoding, game_question, maker_breaker_pg
from verify.encode.qbf.encodings import encode
from verify.encode.qbf.lines import line_geometry, line_plan
from verify.families import cell, k_in_a_row, tic_tac_toe
from verify.games import positional as pg
from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import Hypergraph
from verify.solvers.pg import PGSearch

LINE_ENCODINGS = ["implicit", "implicit+sym", "lifted", "lifted+sym"]


def truth(e: GameEncoding, engine: str = "depqbf") -> bool:
    return e.trivial if e.trivial is not None else qb.solve_prenex(e.formula, engine, timeout=60).value


def expected(game: pg.PositionalGame, player: str) -> bool:
    """Can ``player`` win (Maker-Breaker: white wins iff black does not complete a line)?"""
    v = PGSearch(game).value(*game.start())
    return v == 1 if player == pg.BLACK else (v == -1 if game.maker_maker else v != 1)


def goal_form(game, player, name) -> str:
    q = game_question(game, player, "win")
    if isinstance(q, GameEncoding):
        return "trivial"
    if name.startswith("lifted"):
        return "lifted" if not (q.e_sets and q.u_sets) else "fallback"
    return "lines" if line_plan(q) is not None else "fallback"


def board(m, n, k, maker=(), breaker=(), first="maker") -> MakerBreakerGame:
    h = k_in_a_row(m, n, k)
    return MakerBreakerGame(Hypergraph(h.edges, h.vertices, marked=maker), first, frozenset(breaker))


def test_geometry_recognises_line_families_only():
    assert line_geometry(tic_tac_toe(4).vertices, tic_tac_toe(4).edge_masks).k == 4
    g = line_geometry(k_in_a_row(5, 3, 3).vertices, k_in_a_row(5, 3, 3).edge_masks)
    assert (g.width, g.height, g.k, len(g.directions)) == (5, 3, 3, 4)
    rows = [m for m in k_in_a_row(4, 4, 3).edge_masks if m.bit_count() == 3]
    assert line_geometry(k_in_a_row(4, 4, 3).vertices, rows[1:]) is None  # one line missing
    t3 = tic_tac_toe(3)  # tic-tac-toe without one diagonal: lines in three directions
    assert len(line_geometry(t3.vertices, t3.edge_masks[:-1]).directions) == 3
    assert line_geometry([f"v{i}" for i in range(9)], t3.edge_masks) is None


SMALL = [(m, n, k) for m in (2, 3) for n in (2, 3) for k in (2, 3) if k <= max(m, n)] + [(4, 2, 3)]


@pytest.mark.parametrize("name,engine", [
    ("implicit", "depqbf"), ("lifted", "caqe"),
    pytest.param("lifted", "depqbf", marks=pytest.mark.slow),  # ~2 min: DepQBF is slow on lifted
    pytest.param("implicit+sym", "caqe", marks=pytest.mark.slow)])
def test_every_small_board(name, engine):
    """Every k-in-a-row board up to 3×3 (and 4×2), both starters, every round bound, both players."""
    for m, n, k in SMALL:
        for first in ("maker", "breaker"):
            for d in range(1, (m * n + 1) // 2 + 1):
                g = maker_breaker_pg(board(m, n, k, first=first), d)
                for player in pg.COLOURS:
                    q = game_question(g, player, "win")
                    if not isinstance(q, GameEncoding) and name == "implicit":
                        assert line_plan(q) is not None, (m, n, k, first, d, player)
                    assert truth(encode(g, player, "win", None, name), engine) == expected(g, player), \
                        (m, n, k, first, d, player)


@st.composite
def line_positions(draw):
    """k-in-a-row / tic-tac-toe positions on boards up to 4×4 with initial stones of both sides."""
    m, n = draw(st.integers(2, 4)), draw(st.integers(2, 4))
    k = draw(st.integers(2, max(m, n)))
    names = [cell(c, r) for r in range(n) for c in range(m)]
    marks = draw(st.lists(st.sampled_from("mb----"), min_size=m * n, max_size=m * n))
    maker = [v for v, x in zip(names, marks) if x == "m"]
    breaker = [v for v, x in zip(names, marks) if x == "b"]
    first = draw(st.sampled_from(["maker", "breaker"]))
    h = tic_tac_toe(m) if m == n and k == m and draw(st.booleans()) else k_in_a_row(m, n, k)
    game = MakerBreakerGame(Hypergraph(h.edges, h.vertices, marked=maker), first, frozenset(breaker))
    return maker_breaker_pg(game, draw(st.integers(1, 4)))


@pytest.mark.parametrize("name", LINE_ENCODINGS)
@settings(max_examples=25, deadline=None)
@given(game=line_positions(), player=st.sampled_from(pg.COLOURS))
def test_line_positions_match_explicit(name, game, player):
    form = goal_form(game, player, name)
    assume(form != "trivial")
    assert form != "fallback"  # the path under test is the implicit / lifted goal
    event(f"{form}, {'maker' if player == pg.BLACK else 'breaker'} asked, "
          f"stones={bool(game.black_initials | game.white_initials)}")
    assert truth(encode(game, player, "win", None, name)) == expected(game, player)


def test_initial_stones_decide_line_goals():
    """Initial stones flip the answer (a published encoder once ignored them): Maker's stones give
    Maker a win, Breaker's stones take it away; both goal forms, both encodings."""
    plain = board(3, 3, 3, first="breaker")  # Breaker first: Breaker wins tic-tac-toe 3×3
    made = board(3, 3, 3, maker=["a1", "b2"], first="breaker")  # Maker threatens c3 and more
    open_ = board(4, 4, 3)  # Maker first wins 3-in-a-row on 4×4 within 3 rounds
    blocked = board(4, 4, 3, breaker=["b2", "c2"])  # not with Breaker on the two centre cells
    for g0, g1 in ((plain, made), (open_, blocked)):
        answers = []
        for game in (g0, g1):
            g = maker_breaker_pg(game, 3)
            row = []
            for player in pg.COLOURS:
                want = expected(g, player)
                for name in LINE_ENCODINGS:
                    assert goal_form(g, player, name) in ("lines", "lifted", "trivial")
                    assert truth(encode(g, player, "win", None, name)) == want, (name, player)
                row.append(want)
            answers.append(row)
        assert answers[0] != answers[1]


@st.composite
def mm_line_games(draw):
    """Maker-Maker .pg k-in-a-row games (both colours own the lines) with stones."""
    m, n = draw(st.integers(2, 3)), draw(st.integers(2, 3))
    k = draw(st.integers(2, max(m, n)))
    h = k_in_a_row(m, n, k)
    marks = draw(st.lists(st.sampled_from("bw---"), min_size=m * n, max_size=m * n))
    bi = sum(1 << i for i, x in enumerate(marks) if x == "b")
    wi = sum(1 << i for i, x in enumerate(marks) if x == "w")
    steps = draw(st.integers(1, m * n))
    black_first = draw(st.booleans())
    times = tuple(f"t{i}" for i in range(steps))
    try:
        return pg.PositionalGame(tuple(h.vertices), tuple(h.edge_masks), tuple(h.edge_masks), bi, wi,
                                 times, frozenset(t for i, t in enumerate(times) if (i % 2 == 0) == black_first),
                                 maker_maker=True)
    except Exception:
        assume(False)


@pytest.mark.parametrize("name", ["implicit", "lifted+sym"])
@settings(max_examples=20, deadline=None)
@given(game=mm_line_games(), player=st.sampled_from(pg.COLOURS), goal=st.sampled_from(["win", "not-lose"]))
def test_maker_maker_line_games_fall_back(name, game, player, goal):
    """Maker-Maker line games: both sides hold lines, so the listed per-time goal is kept."""
    q = game_question(game, player, goal)
    if not isinstance(q, GameEncoding):
        event("fallback" if q.e_sets and q.u_sets else "one side live: line goal / lifted")
    v = PGSearch(game).value(*game.start())
    target = 1 if player == pg.BLACK else -1
    want = v == target if goal == "win" else v != -target
    assert truth(encode(game, player, goal, None, name)) == want


@pytest.mark.parametrize("name", ["implicit", "lifted"])
def test_first_move_read_off_the_model(name):
    """The outermost block decodes to a legal winning move (certificate extraction's fast path)."""
    g = maker_breaker_pg(MakerBreakerGame(tic_tac_toe(3), "maker"), 4)
    e = encode(g, pg.BLACK, "win", None, name)
    a = qb.solve_prenex(e.formula, "depqbf", timeout=60, model=True)
    move = e.decode_move(a.model)
    assert move is not None and g.legal_moves(*g.start()) >> move & 1
    assert PGSearch(g).value(*g.play(*g.start(), 1 << move)) == 1


@pytest.mark.parametrize("name", ["implicit", "lifted"])
def test_certificates_with_line_encodings(name):
    from verify.certificates.checker import check_certificate
    from verify.solvers import solve
    for game in (board(3, 3, 3, first="maker"), board(4, 2, 3, first="breaker"),
                 board(3, 3, 3, maker=["b2"], breaker=["a1"], first="breaker")):
        out = solve("maker-breaker", game, "qbf", encoding=name, certificate=True)
        assert out.winner == solve("maker-breaker", game, "explicit").winner
        assert check_certificate(out.certificate)


@pytest.mark.parametrize("name", ["implicit", "lifted"])
def test_export_line_encodings(tmp_path, name):
    """``verify encode qbf`` writes the new encodings as QDIMACS and QCIR, readable back."""
    import subprocess
    import sys
    from verify.encode.qbf.qcir import from_qcir
    from verify.encode.qbf.qdimacs import from_qdimacs
    path = tmp_path / "ttt3.txt"
    path.write_text("\n".join(" ".join(e) for e in tic_tac_toe(3).edges) + "\n")
    for fmt, read in (("qdimacs", from_qdimacs), ("qcir", from_qcir)):
        out = tmp_path / f"f.{fmt}"
        r = subprocess.run([sys.executable, "-m", "verify.cli", "encode", "qbf", str(path), "--rounds", "4",
                            "--encoding", name, "--format", fmt, "-o", str(out)], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        assert qb.solve_prenex(read(out.read_text(), str(out)), "depqbf", timeout=60).value is True


@pytest.mark.parametrize("name", ["lifted", "lifted+sym", "implicit", "binary"])
def test_universal_move_outside_first_moves_is_a_pass(name):
    """A universal first move outside ``#firstmoves`` claims nothing: the cell it names stays free
    for E (Maker asked) and unowned by U (Breaker asked)."""
    base = dict(positions=("a", "b", "c"), black_sets=(0b001,), first_moves=0b010, times=("t1", "t2"))
    maker_asked = pg.PositionalGame(black_turns=frozenset({"t2"}), **base)  # white first, must take b
    breaker_asked = pg.PositionalGame(black_turns=frozenset({"t1"}), **base)  # black first, must take b
    for game, player in ((maker_asked, pg.BLACK), (breaker_asked, pg.WHITE)):
        assert expected(game, player) is True
        assert truth(encode(game, player, "win", None, name)) is True, (name, player)
