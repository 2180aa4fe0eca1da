"""Every QBF encoding (:mod:`verify.encode.qbf.encodings`) against the explicit reference: random
Maker-Maker and Maker-Breaker ``.pg`` games with initial stones and ``#firstmoves`` (every player and
goal), Hex positions where the implicit goal is forced, initial stones that decide the answer, the
Maker-Breaker route through each encoding, and the engine portfolio."""
from __future__ import annotations

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from verify.encode.qbf import backends as qb
from verify.families.hex import hex_game
from verify.encode.qbf.game import GameEncoding, game_question
from verify.encode.qbf.encodings import encode, encoding_names
from verify.encode.qbf.implicit import _hex_plan
from verify.encode.qbf.portfolio import race
from verify.errors import BackendError
from verify.games import positional as pg
from verify.solvers import solve
from verify.solvers.pg import PGSearch

from test_qbf import mb_games, mm_games

ENCODINGS = encoding_names()


def truth(e: GameEncoding, engine: str = "depqbf") -> bool:
    return e.trivial if e.trivial is not None else qb.solve_prenex(e.formula, engine, timeout=60).value


def expected(game: pg.PositionalGame, player: str, goal: str, state=None) -> bool:
    v = PGSearch(game).value(*(state or game.start()))
    target = 1 if player == pg.BLACK else -1
    if goal == "win" or not game.maker_maker:  # Maker-Breaker: no draws
        return v == target
    return v != -target


@pytest.mark.parametrize("name", ENCODINGS)
@settings(max_examples=30, deadline=None)
@given(game=mm_games(), player=st.sampled_from(pg.COLOURS), goal=st.sampled_from(["win", "not-lose"]))
def test_encoding_matches_explicit_on_pg_games(name, game, player, goal):
    assume(game.maker_maker or (player, goal) != (pg.BLACK, "not-lose"))  # MB: black's goal is win
    event(f"maker_maker={game.maker_maker}, stones={bool(game.black_initials | game.white_initials)}")
    assert truth(encode(game, player, goal, None, name)) == expected(game, player, goal)


@st.composite
def hex_positions(draw):
    """Hex positions on 2×2..4×4 boards: random stones, either colour to move, a few moves left."""
    k = draw(st.integers(2, 4))
    cells = [f"{chr(97 + c)}{r + 1}" for r in range(k) for c in range(k)]
    marks = draw(st.lists(st.sampled_from("bw---"), min_size=k * k, max_size=k * k))
    black = [c for c, m in zip(cells, marks) if m == "b"]
    white = [c for c, m in zip(cells, marks) if m == "w"]
    free = k * k - len(black) - len(white)
    moves = draw(st.integers(1, min(free, 7))) if free else 0
    try:
        return hex_game(k, black, white, moves, draw(st.booleans()))
    except Exception:
        assume(False)


@pytest.mark.parametrize("name", ["implicit", "implicit+sym"])
@settings(max_examples=40, deadline=None)
@given(game=hex_positions(), player=st.sampled_from(pg.COLOURS))
def test_implicit_hex_goal_matches_explicit(name, game, player):
    q = game_question(game, player, "win")
    assume(not isinstance(q, GameEncoding))
    assert _hex_plan(q) is not None  # the implicit goal is the one under test
    event(f"{player}, {len(q.cells)} cells")
    assert truth(encode(game, player, "win", None, name)) == expected(game, player, "win")


def test_implicit_goal_is_used_only_when_equivalent():
    """A Hex board whose listed sets lack one path keeps the listed goal (binary fallback)."""
    g = hex_game(3, moves=5)
    fewer = pg.PositionalGame(g.positions, g.black_sets[1:], (), 0, 0, g.times, g.black_turns)
    q = game_question(fewer, pg.BLACK, "win")
    assert _hex_plan(game_question(g, pg.BLACK, "win")) is not None and _hex_plan(q) is None
    for name in ("implicit", "implicit+sym"):
        assert truth(encode(fewer, pg.BLACK, "win", None, name)) == expected(fewer, pg.BLACK, "win")


@pytest.mark.parametrize("name", ENCODINGS)
def test_initial_stones_decide(name):
    """Initial stones change the answer: an encoder that ignored them would fail here (one published
    encoder did). Maker-Breaker and Maker-Maker, black and white stones."""
    base = dict(positions=("a", "b", "c", "d"), times=("t1", "t2", "t3"), black_turns=frozenset({"t1", "t3"}))
    line = (0b0111,)
    mm = dict(base, white_sets=(0b1100,), maker_maker=True)
    white_first = dict(positions=("a", "b", "c", "d"), times=("t1", "t2"), black_turns=frozenset({"t2"}),
                       black_sets=line, white_sets=(0b1100,), maker_maker=True)
    pairs = [  # (without stones, with stones): the answers must differ
        (pg.PositionalGame(black_sets=line, **base), pg.PositionalGame(black_sets=line, black_initials=0b0011, **base)),
        (pg.PositionalGame(black_sets=line, black_initials=0b0011, **base),
         pg.PositionalGame(black_sets=line, black_initials=0b0011, white_initials=0b0100, **base)),
        (pg.PositionalGame(black_sets=line, **mm), pg.PositionalGame(black_sets=line, black_initials=0b0011, **mm)),
        (pg.PositionalGame(**white_first), pg.PositionalGame(white_initials=0b1000, **white_first)),
    ]
    for plain, stones in pairs:
        got = []
        for g in (plain, stones):
            answers = []
            for player in pg.COLOURS:
                want = expected(g, player, "win")
                assert truth(encode(g, player, "win", None, name)) == want, (g, player)
                answers.append(want)
            got.append(answers)
        assert got[0] != got[1]  # the stones matter


@pytest.mark.parametrize("name", ["onehot", "binary", "binary+sym", "implicit+sym"])
@settings(max_examples=15, deadline=None)
@given(game=mb_games())
def test_maker_breaker_route_per_encoding(name, game):
    assert solve("maker-breaker", game, "qbf", encoding=name).winner == \
        solve("maker-breaker", game, "explicit").winner


@pytest.mark.parametrize("name", ["binary+sym", "implicit+sym"])
def test_certificates_from_new_encodings(name):
    from verify.certificates.checker import check_certificate
    from verify.formats.pg import parse_pg
    game = hex_game(3, white=["b2"], moves=5)
    out = solve("pg", game, "qbf", encoding=name, certificate=True)
    assert out.winner == solve("pg", game, "explicit").winner
    assert check_certificate(out.certificate).kind == "pg-strategy"
    assert parse_pg  # the .pg format is what the checker reads


def _formula():
    from verify.families import tic_tac_toe
    from verify.games.maker_breaker import MakerBreakerGame
    from verify.encode.qbf.encodings import encode_maker_breaker
    return encode_maker_breaker(MakerBreakerGame(tic_tac_toe(3), "maker"), 4, encoding="binary").formula


def test_portfolio_first_answer_and_agreement():
    a = race(_formula(), ["depqbf", "caqe", "rareqs"], timeout=60)
    assert a.value is True and a.backend in ("depqbf", "caqe", "rareqs")


def test_portfolio_disagreement_is_an_error(monkeypatch):
    real = qb.run_engine

    def liar(f, backend, model):
        value, m = real(f, "depqbf", model)
        return (not value if backend == "caqe" else value), m

    monkeypatch.setattr(qb, "run_engine", liar)
    monkeypatch.setattr("verify.encode.qbf.portfolio.GRACE", 5.0)
    with pytest.raises(BackendError, match="disagree"):
        race(_formula(), ["depqbf", "caqe"], timeout=60)


def test_portfolio_crash_and_timeout_are_errors(monkeypatch):
    real = qb.run_engine

    def crash(f, backend, model):
        if backend == "caqe":
            import os
            os._exit(3)
        return real(f, backend, model)

    monkeypatch.setattr(qb, "run_engine", crash)
    assert race(_formula(), ["depqbf", "caqe"], timeout=60).backend == "depqbf"
    with pytest.raises(BackendError, match="every engine failed"):
        race(_formula(), ["caqe"], timeout=60)
    from verify.families import tic_tac_toe
    from verify.games.maker_breaker import MakerBreakerGame
    from verify.encode.qbf.encodings import encode_maker_breaker
    big = encode_maker_breaker(MakerBreakerGame(tic_tac_toe(4), "maker"), 7, encoding="onehot").formula
    with pytest.raises(BackendError, match="timed out"):
        race(big, ["depqbf"], timeout=0.05)


def test_route_uses_portfolio():
    from verify.families import tic_tac_toe
    from verify.games.maker_breaker import MakerBreakerGame
    out = solve("maker-breaker", MakerBreakerGame(tic_tac_toe(3), "maker"), "qbf", backend="depqbf|caqe")
    assert (out.winner, out.rounds) == ("maker", 4) and out.stats["portfolio_wins"]


@pytest.mark.parametrize("engine", ["bloqqer+depqbf", "bloqqer+caqe"])
def test_bloqqer_keeps_the_answer(engine):
    """Regression: pyqbf's Bloqqer output lost the innermost block and the engines then answered
    False on the empty 3×3 Hex board (black, first, wins)."""
    g = hex_game(3)
    for name in ("binary", "implicit"):
        assert truth(encode(g, pg.BLACK, "win", None, name), engine) is True
    g = hex_game(3, white=["b2"], moves=3)
    assert truth(encode(g, pg.BLACK, "win", None, "binary"), engine) == expected(g, pg.BLACK, "win")


@pytest.mark.slow
@pytest.mark.parametrize("name", ENCODINGS)
@settings(max_examples=300, deadline=None)
@given(game=mm_games(), player=st.sampled_from(pg.COLOURS), goal=st.sampled_from(["win", "not-lose"]),
       engine=st.sampled_from(["depqbf", "caqe", "rareqs", "qute", "bloqqer+depqbf"]))
def test_encoding_matches_explicit_wide(name, game, player, goal, engine):
    assume(game.maker_maker or (player, goal) != (pg.BLACK, "not-lose"))
    assert truth(encode(game, player, goal, None, name), engine) == expected(game, player, goal)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["implicit", "implicit+sym", "binary+sym"])
@settings(max_examples=300, deadline=None)
@given(game=hex_positions(), player=st.sampled_from(pg.COLOURS))
def test_hex_positions_wide(name, game, player):
    assert truth(encode(game, player, "win", None, name)) == expected(game, player, "win")


def _children(pid: int) -> list[int]:
    from pathlib import Path
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            out.append(int(stat.parent.name))
    return out


@pytest.mark.skipif(not __import__("sys").platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("sig", ["SIGTERM", "SIGINT"])
def test_killing_verify_kills_every_portfolio_engine(tmp_path, sig):
    import os
    import signal
    import subprocess
    import sys
    import time
    from verify.formats.pg import pg_to_text
    game = hex_game(4, moves=15)  # no engine decides "black wins within 8 moves" in a few seconds
    # (the whole empty board is now decided in seconds by iterative deepening)
    path = tmp_path / "hex4.pg"
    path.write_text(pg_to_text(game))
    proc = subprocess.Popen([sys.executable, "-m", "verify.cli", "solve", "pg", str(path), "--method", "qbf",
                             "--backend", "depqbf|caqe|qfun"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    engines = []
    for _ in range(100):
        time.sleep(0.1)
        engines = _children(proc.pid)
        if len(engines) >= 3:
            break
    assert len(engines) >= 3, "the portfolio did not start its engines"
    proc.send_signal(getattr(signal, sig))
    out, err = proc.communicate(timeout=30)
    assert proc.returncode != 0 and b"wins" not in out  # no verdict
    time.sleep(0.5)
    alive = [p for p in engines if os.path.exists(f"/proc/{p}") and
             open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()[0] != "Z"]
    assert not alive
