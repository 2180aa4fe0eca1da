"""The QBF route against the explicit reference: Maker-Breaker verdicts and bounded questions on
random small boards (marks, Breaker's claims, both starters, two engines), Maker-Maker .pg games,
exports (QDIMACS / QCIR) and engine failures."""
from __future__ import annotations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from verify.certificates.checker import check_certificate
from verify.encode.qbf import game as enc
from verify.encode.qbf.backends import cross_check, solve_prenex
from verify.encode.qbf.qcir import from_qcir, to_qcir
from verify.encode.qbf.qdimacs import from_qdimacs, to_qdimacs
from verify.errors import BackendError, CertificateError, InputError
from verify.families import k_in_a_row, tic_tac_toe
from verify.games import positional as pg
from verify.games.maker_breaker import MakerBreakerGame
from verify.solvers import solve
from verify.solvers.pg import PGSearch
from verify.strategies import hypergraphs, players


@st.composite
def mb_games(draw, max_vertices=6):
    h = draw(hypergraphs(max_vertices=max_vertices, edge_sizes=(1, 2, 3), max_edges=6, marked=True))
    free = h.full_mask & ~h.marked_mask
    breaker = draw(st.integers(0, free)) & free
    return MakerBreakerGame(h, draw(players), frozenset(h.names(breaker)))


@settings(max_examples=25)
@given(mb_games(), st.sampled_from(["depqbf", "caqe"]))
def test_maker_breaker_verdict_matches_explicit(game, backend):
    ex = solve("maker-breaker", game, "explicit")
    q = solve("maker-breaker", game, "qbf", backend=backend)
    assert q.winner == ex.winner


@settings(max_examples=25)
@given(mb_games(), st.integers(0, 4), st.sampled_from(["depqbf", "rareqs", "qute"]))
def test_bounded_question_matches_explicit(game, d, backend):
    """'Maker wins within d rounds' by QBF = by explicit search of the bounded game."""
    bounded = enc.maker_breaker_pg(game, d)
    expected = PGSearch(bounded).value(*bounded.start()) == 1
    e = enc.encode_maker_breaker(game, d)
    got = e.trivial if e.trivial is not None else solve_prenex(e.formula, backend).value
    assert got == expected


def test_minimum_rounds_tic_tac_toe():
    q = solve("maker-breaker", MakerBreakerGame(tic_tac_toe(3), "maker"), "qbf")
    assert (q.winner, q.rounds) == ("maker", 4)


@st.composite
def mm_games(draw):
    """Small .pg games, Maker-Maker (random black and white sets) or Maker-Breaker (black sets only),
    with random schedules, initial stones and first-move restrictions."""
    n = draw(st.integers(2, 6))
    names = tuple(f"p{i}" for i in range(n))
    full = (1 << n) - 1
    sets = st.lists(st.integers(1, full).filter(lambda m: m.bit_count() <= 3), min_size=1, max_size=4, unique=True)
    maker_maker = draw(st.booleans())
    bsets, wsets = draw(sets), (draw(sets) if maker_maker else [])
    stones = draw(st.lists(st.sampled_from(["b", "w", "-", "-", "-"]), min_size=n, max_size=n))
    bi = sum(1 << i for i, s in enumerate(stones) if s == "b")
    wi = sum(1 << i for i, s in enumerate(stones) if s == "w")
    k = draw(st.integers(0, n))
    turns = draw(st.lists(st.booleans(), min_size=k, max_size=k))
    times = tuple(f"t{i}" for i in range(k))
    first = draw(st.one_of(st.none(), st.integers(1, full)))
    game = pg.PositionalGame.__new__(pg.PositionalGame)
    try:
        game = pg.PositionalGame(names, tuple(bsets), tuple(wsets), bi, wi, times,
                                 frozenset(t for t, b in zip(times, turns) if b),
                                 None if first is None or not first & ~(bi | wi) else first & ~(bi | wi),
                                 maker_maker=maker_maker)
    except InputError:
        from hypothesis import reject
        reject()
    return game


@settings(max_examples=30)
@given(mm_games())
def test_maker_maker_pg_matches_explicit(game):
    event("maker-maker" if game.maker_maker else "maker-breaker")
    event("initial stones" if game.black_initials | game.white_initials else "empty board")
    assert solve("pg", game, "qbf").winner == solve("pg", game, "explicit").winner


def test_maker_breaker_certificate_from_qbf_route():
    game = MakerBreakerGame(k_in_a_row(3, 3, 3), "breaker")
    out = solve("maker-breaker", game, "qbf", certificate=True)
    assert check_certificate(out.certificate).kind == "maker-breaker-strategy"
    bad = dict(out.certificate, strategy=out.certificate["strategy"][1:])
    with pytest.raises(CertificateError):
        check_certificate(bad)


def _sample_formula():
    return enc.encode_maker_breaker(MakerBreakerGame(tic_tac_toe(3), "maker"), 3).formula


def test_qdimacs_round_trip_and_engines_read_it():
    f = _sample_formula()
    g = from_qdimacs(to_qdimacs(f, names=True))
    assert (g.nvars, g.prefix, g.clauses) == (f.nvars, f.prefix, f.clauses)
    from pyqbf.formula import PCNF
    p = PCNF(from_string=to_qdimacs(f))
    assert p.nv == f.nvars and len(p.clauses) == len(f.clauses)


def test_qcir_round_trip():
    f = _sample_formula()
    text = to_qcir(f)
    assert text.startswith("#QCIR-G14\n")
    g = from_qcir(text)
    assert (g.prefix, g.clauses) == (f.prefix, f.clauses)


@pytest.mark.parametrize("text", ["p cnf 2 1\ne 1 0\n1 2\n", "e 1 0\np cnf 1 1\n1 0\n", "p cnf 1 2\n1 0\n"])
def test_bad_qdimacs(text):
    with pytest.raises(InputError):
        from_qdimacs(text)


def test_backends_agree_and_timeout_is_an_error():
    f = _sample_formula()
    answers = cross_check(f, ["depqbf", "caqe", "rareqs"])
    assert {a.value for a in answers} == {False}
    big = enc.encode_maker_breaker(MakerBreakerGame(tic_tac_toe(4), "maker"), 6).formula
    with pytest.raises(BackendError, match="timed out"):
        solve_prenex(big, "depqbf", timeout=0.05)
    with pytest.raises(InputError):
        solve_prenex(f, "nosuchsolver")


def test_contradicting_backend_is_an_error(monkeypatch):
    from verify.encode.qbf import backends as qb
    real = qb.solve_prenex

    def liar(f, backend, timeout=None, model=False):
        a = real(f, "depqbf", timeout)
        if backend == "caqe":
            a.value = not a.value
            a.backend = backend
        return a

    monkeypatch.setattr(qb, "solve_prenex", liar)
    with pytest.raises(BackendError, match="disagree"):
        qb.cross_check(_sample_formula(), ["depqbf", "caqe"])


@pytest.mark.slow
@settings(max_examples=200)
@given(mb_games(max_vertices=8), st.sampled_from(["depqbf", "caqe", "rareqs", "qfun", "qute", "z3"]))
def test_maker_breaker_verdict_matches_explicit_wide(game, backend):
    assert solve("maker-breaker", game, "qbf", backend=backend, timeout=60).winner == \
        solve("maker-breaker", game, "explicit").winner


@pytest.mark.parametrize("rounds, answer, winner", [(2, "no", None), (3, "no", None), (4, "yes", "maker"),
                                                     (5, "yes", "maker")])
def test_bounded_question_is_not_a_verdict(capsys, rounds, answer, winner):
    """Regression (issue 10): 'Maker cannot win within 2 rounds' of 3×3 tic-tac-toe was printed as
    "winner": "breaker", although Maker wins (in 4 rounds)."""
    import json
    from pathlib import Path

    from verify.cli import main
    ttt3 = Path(__file__).resolve().parent.parent / "examples" / "tic-tac-toe-3.txt"
    assert main(["solve", "maker-breaker", str(ttt3), "--method", "qbf", "--rounds", str(rounds),
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["answer"], data["bound"], data["winner"]) == (answer, rounds, winner)
    assert main(["solve", "maker-breaker", str(ttt3), "--method", "qbf", "--rounds", str(rounds)]) == 0
    text = capsys.readouterr().out
    assert "breaker wins" not in text.lower()


def test_bounded_no_over_the_whole_game_is_a_verdict():
    """A bound covering the whole game decides it: Breaker wins 3×3 tic-tac-toe moving first."""
    out = solve("maker-breaker", MakerBreakerGame(tic_tac_toe(3), "breaker"), "qbf", rounds=4)
    assert (out.answer, out.winner) == ("no", "breaker")
