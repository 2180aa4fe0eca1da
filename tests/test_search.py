"""The proof search (method ``search``) against the plain reference searches, and its certificates.

Every pruning rule of :mod:`verify.solvers.search.engine` is exercised: the tests assert the rule fired
(``stats["rules"]``) on the instances they compare, so a test cannot pass without the path."""
from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from verify.certificates.checker import check_certificate
from verify.errors import CertificateError, Undecided
from verify.families import tic_tac_toe
from verify.formats.pg import parse_pg, read_pg
from verify.games import positional as pg
from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import Hypergraph
from verify.isomorphism import enumerate_hypergraphs
from verify.solvers import solve
from verify.solvers.explicit import naive_maker_wins
from verify.solvers.pg import PGSearch
from verify.solvers.search.engine import ProofSearch
from verify.strategies import hypergraphs, players
from verify.solvers.search.methods import search_maker_breaker, solve_maker_breaker_search, solve_pg_search
from verify.strategies import hypergraphs

HEIN = Path(__file__).resolve().parents[2] / "shared" / "positional-games" / "hex-hein"
if not HEIN.is_dir():
    HEIN = Path("/work/shared/positional-games/hex-hein")
needs_hein = pytest.mark.skipif(not HEIN.is_dir(), reason="shared hex-hein instances absent")

_RESULT = {1: pg.BLACK, 0: pg.DRAW, -1: pg.WHITE}



@pytest.fixture(autouse=True)
def reference_engine(monkeypatch):
    """These tests are the pure-Python reference's (tests/test_search_fast.py compares the compiled
    kernel with it)."""
    import verify.solvers.search.engine as search
    monkeypatch.setattr(search, "DEFAULT_ENGINE", "python")

def reference(game: pg.PositionalGame) -> str:
    return _RESULT[PGSearch(game).value(*game.start())]


def rules_of(*outs) -> set[str]:
    return {k for o in outs for k, v in o.stats["rules"].items() if v}


# -- Maker-Breaker: exhaustive up to isomorphism, both starters --------------------------------------

def _every_small_hypergraph_certified(sizes):
    """The search on every hypergraph with these vertex counts (up to isomorphism, edges of size
    1-3), both starters: the verdict equals the reference and EVERY certificate is accepted."""
    seen = set()
    count = 0
    for n in sizes:
        for h in enumerate_hypergraphs(n, (1, 2, 3)):
            for first in ("maker", "breaker"):
                game = MakerBreakerGame(h, first)
                out = solve_maker_breaker_search(game, certificate=True)
                assert (out.winner == "maker") == naive_maker_wins(game), (h.edge_masks, first)
                check_certificate(out.certificate)
                seen |= rules_of(out)
                count += 1
    return count, seen


def test_maker_breaker_every_small_hypergraph_both_starters():
    count, seen = _every_small_hypergraph_certified(range(1, 5))
    assert count > 500
    assert {"must_play", "double_threat", "first_reply"} <= seen


@pytest.mark.slow
def test_maker_breaker_every_five_vertex_hypergraph_certified():
    count, _ = _every_small_hypergraph_certified([5])
    assert count > 1000


def test_links_between_minimal_needs_are_checked_on_minimal_needs():
    """Regression: the search links states whose inclusion-minimal needs are isomorphic; the
    checker once compared raw needs (with the superset {1,2,4}) and rejected the certificate."""
    h = Hypergraph([["1", "2"], ["1", "2", "4"], ["1", "3", "5"], ["2", "3", "5"]])
    for first in ("maker", "breaker"):
        out = solve_maker_breaker_search(MakerBreakerGame(h, first), certificate=True)
        check_certificate(out.certificate)


@settings(max_examples=120, deadline=None)
@given(hypergraphs(min_vertices=4, max_vertices=10, edge_sizes=(2, 3, 4), max_edges=14, marked=True),
       st.sampled_from(["maker", "breaker"]), st.booleans())
def test_maker_breaker_random_against_reference(h, first, symmetry):
    assume(h.n - h.marked_mask.bit_count() <= 9)
    game = MakerBreakerGame(h, first)
    out = solve_maker_breaker_search(game, certificate=True, symmetry=symmetry)
    event(f"winner {out.winner}")
    for rule in out.stats["rules"]:
        event(f"rule {rule}")
    assert (out.winner == "maker") == naive_maker_wins(game)
    check_certificate(out.certificate)


def no_pairing_leaves(monkeypatch):
    """Pairing leaves off (in the search and the certificate builder): they would end these
    searches before the rule under test fires."""
    import verify.solvers.search.leaves as leaves
    monkeypatch.setattr(leaves, "PAIR_SETS", 0)


def test_isomorphic_residuals_merge_and_agree(monkeypatch):
    no_pairing_leaves(monkeypatch)
    game = MakerBreakerGame(tic_tac_toe(3), "breaker")
    with_sym = solve_maker_breaker_search(game, symmetry=True)
    without = solve_maker_breaker_search(game, symmetry=False)
    assert with_sym.winner == without.winner == "breaker"
    assert with_sym.stats["rules"].get("residual_isomorphism", 0) > 0
    assert "residual_isomorphism" not in without.stats["rules"]
    check_certificate(solve_maker_breaker_search(game, certificate=True).certificate)


def test_automorphisms_merge_maker_maker_positions():
    from test_pg import TTT_MM
    game = parse_pg(TTT_MM)
    with_sym = solve_pg_search(game, certificate=True, symmetry=True)
    without = solve_pg_search(game, symmetry=False)
    assert with_sym.winner == without.winner == pg.DRAW == reference(game)
    assert with_sym.stats["rules"].get("symmetry", 0) > 0
    assert with_sym.stats["nodes"] < without.stats["nodes"]
    check_certificate(with_sym.certificate)


def test_bounded_table_evicts_and_stays_correct():
    game = MakerBreakerGame(tic_tac_toe(4), "maker")
    small = search_maker_breaker(game, tt_limit=64)
    assert small.stats["rules"].get("evictions", 0) > 0
    assert small.stats["tt_entries"] <= 64
    assert small.winner == solve("maker-breaker", game, "explicit").winner


# -- .pg games: random schedules, initial stones, first moves, Maker-Maker ------------------------------

@st.composite
def pg_games(draw, maker_maker: bool | None = None):
    n = draw(st.integers(2, 7))
    cells = tuple(f"c{i}" for i in range(n))
    mm = draw(st.booleans()) if maker_maker is None else maker_maker

    def family():
        sets = draw(st.lists(st.integers(1, (1 << n) - 1).filter(lambda m: m.bit_count() <= 4),
                             min_size=1, max_size=8, unique=True))
        return tuple(sets)

    black_sets = family()
    white_sets = family() if mm else ()
    stones = draw(st.lists(st.sampled_from(["", "b", "w"]), min_size=n, max_size=n))
    bi = sum(1 << i for i, s in enumerate(stones) if s == "b")
    wi = sum(1 << i for i, s in enumerate(stones) if s == "w")
    length = draw(st.integers(0, n))
    colours = draw(st.lists(st.booleans(), min_size=length, max_size=length))
    times = tuple(f"t{i}" for i in range(length))
    first = None
    if draw(st.booleans()):
        first = draw(st.integers(1, (1 << n) - 1)) & ~(bi | wi)
        assume(first)
    try:
        return pg.PositionalGame(cells, black_sets, white_sets, bi, wi, times,
                                 frozenset(t for t, c in zip(times, colours) if c), first, mm)
    except Exception:
        assume(False)


@settings(max_examples=150, deadline=None)
@given(pg_games(), st.booleans())
def test_pg_random_against_reference(game, symmetry):
    assume(game.free_mask() and game.initial_winner() is None)
    if game.first_moves is not None:
        assume(game.first_moves & game.free_mask())
    out = solve_pg_search(game, certificate=True, symmetry=symmetry)
    event(f"{'maker-maker' if game.maker_maker else 'maker-breaker'} {out.winner}")
    for rule in out.stats["rules"]:
        event(f"rule {rule}")
    assert out.winner == reference(game)
    check_certificate(out.certificate)


def test_pg_maker_maker_rules_fire_and_agree():
    """Forced blocks and Maker-Maker carriers: seeded sweep over random Maker-Maker games."""
    import random
    rng = random.Random(9)
    seen = set()
    results = set()
    for _ in range(300):
        n = rng.randint(4, 7)
        cells = tuple(f"c{i}" for i in range(n))
        fam = lambda: tuple({sum(1 << i for i in rng.sample(range(n), rng.randint(1, 3)))
                             for _ in range(rng.randint(1, 6))})
        k = rng.randint(2, n)
        times = tuple(f"t{i}" for i in range(k))
        turns = frozenset(t for i, t in enumerate(times) if (i % 2 == 0) != (rng.random() < 0.2))
        game = pg.PositionalGame(cells, fam(), fam(), times=times, black_turns=turns, maker_maker=True)
        if game.initial_winner():
            continue
        out = solve_pg_search(game, certificate=True)
        assert out.winner == reference(game)
        check_certificate(out.certificate)
        seen |= rules_of(out)
        results.add(out.winner)
    assert results == {pg.BLACK, pg.WHITE, pg.DRAW}
    assert {"forced_block", "must_play"} <= seen


def test_depth_bound_is_respected():
    """Black needs three stones; two black turns are not enough, three are."""
    text = "#times\nt1 t2 t3 t4 t5\n#blackturns\n{}\n#positions\na b c d e f g\n#blackwins\na b c\n"
    short = parse_pg(text.format("t1 t3"))
    assert solve_pg_search(short).winner == pg.WHITE == reference(short)


# -- certificates ---------------------------------------------------------------------------------------

def _proof_cert():
    game = MakerBreakerGame(tic_tac_toe(3), "maker")
    cert = solve_maker_breaker_search(game, certificate=True).certificate
    rep = check_certificate(cert)
    assert (rep.verdict, rep.question.first) == ({"winner": "maker"}, "maker")
    return cert


def test_corrupted_proof_certificates_are_rejected():
    cert = _proof_cert()
    moves = cert["questions"][0]["moves"]
    assert moves
    # every single wrong move is caught (the checker re-derives everything after it)
    names = [v for e in cert["instance"]["edges"] for v in e]
    rejected = 0
    for i in range(len(moves)):
        for other in sorted(set(names)):
            bad = copy.deepcopy(cert)
            e = bad["questions"][0]["moves"][i]
            if other == e[3]:
                continue
            e[3] = other
            try:
                check_certificate(bad)
            except CertificateError:
                rejected += 1
    assert rejected > 0
    dropped = copy.deepcopy(cert)
    dropped["questions"][0]["moves"].pop(0)
    with pytest.raises(CertificateError):
        check_certificate(dropped)
    lying = copy.deepcopy(cert)
    lying["claim"]["verdict"]["winner"] = "breaker"
    with pytest.raises(CertificateError):
        check_certificate(lying)
    flipped = copy.deepcopy(cert)
    flipped["questions"][0]["wins"] = False
    with pytest.raises(CertificateError):
        check_certificate(flipped)


def test_corrupted_refutation_is_rejected():
    game = MakerBreakerGame(tic_tac_toe(3), "breaker")
    cert = solve_maker_breaker_search(game, certificate=True).certificate
    check_certificate(cert)
    moves = cert["questions"][0]["moves"]
    bad_count = 0
    for i in range(len(moves)):
        bad = copy.deepcopy(cert)
        bad["questions"][0]["moves"][i][3] = "zz"
        with pytest.raises(CertificateError):
            check_certificate(bad)
        bad_count += 1
    assert bad_count == len(moves) > 0


def test_wrong_claim_on_a_won_position_has_no_certificate():
    """A refutation of a won position must fail however it is filled in."""
    game = MakerBreakerGame(tic_tac_toe(3), "maker")
    cert = solve_maker_breaker_search(game, certificate=True).certificate
    cert["claim"]["verdict"]["winner"] = "breaker"
    cert["questions"][0]["wins"] = False
    with pytest.raises(CertificateError):
        check_certificate(cert)


# -- Hex puzzles, timeout, CLI --------------------------------------------------------------------------

@needs_hein
@pytest.mark.parametrize("name", ["hein_04_3x3-05.pg", "hein_09_4x4-07.pg", "hein_13_5x5-09.pg",
                                  "browne_5x5_07.pg", "hein_11_5x5-11.pg"])
def test_hein_search_matches_explicit_and_certifies(name):
    game = read_pg(HEIN / name)
    out = solve_pg_search(game, certificate=True)
    assert out.winner == solve("pg", game, "explicit").winner
    check_certificate(out.certificate)


@needs_hein
def test_hein_7x7_certified_by_search_alone():
    out = solve_pg_search(read_pg(HEIN / "hein_18_7x7-07.pg"), certificate=True)
    assert out.winner == pg.WHITE
    check_certificate(out.certificate)


@needs_hein
def test_timeout_says_undecided_and_gives_no_verdict(tmp_path):
    game = read_pg(HEIN / "hein_03_6x6-15.pg")
    with pytest.raises(Undecided, match="undecided within 0.2 s"):
        solve_pg_search(game, timeout=0.2)
    # the CLI's engine (the compiled kernel when numba is installed) on a board neither decides in 0.5 s
    from verify.families import family
    from verify.formats.pg import pg_to_text
    hard = tmp_path / "qubic-race.pg"  # the strong game of Qubic: undecided for many minutes
    hard.write_text(pg_to_text(pg.race(family("qubic"))), encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "verify.cli", "solve", "pg", str(hard),
                        "--method", "search", "--timeout", "0.5", "--json"], capture_output=True, text=True)
    assert r.returncode == 3 and r.stdout == ""
    assert r.stderr.strip() == "verify: undecided within 0.5 s"


def test_auto_picks_search_for_pg():
    game = parse_pg("#times\nt1 t2 t3\n#blackturns\nt1 t3\n#positions\na b c\n#blackwins\na b\na c\n")
    assert solve("pg", game).method == "search"
    assert solve("maker-breaker", MakerBreakerGame(tic_tac_toe(3), "maker"), "search").winner == "maker"


def test_proof_search_question_api():
    game = pg.from_maker_breaker(tic_tac_toe(3), 0, 0, "maker")
    assert ProofSearch(game, pg.BLACK).wins(0, 0, 0)


# -- long sweeps (pytest -m slow) ---------------------------------------------------------------------

@pytest.mark.slow
@settings(max_examples=3000, deadline=None)
@given(pg_games(), st.booleans())
def test_pg_random_against_reference_long(game, symmetry):
    test_pg_random_against_reference.hypothesis.inner_test(game, symmetry)


@pytest.mark.slow
@settings(max_examples=2000, deadline=None)
@given(hypergraphs(min_vertices=4, max_vertices=12, edge_sizes=(2, 3, 4), max_edges=18, marked=True),
       st.sampled_from(["maker", "breaker"]), st.booleans())
def test_maker_breaker_random_against_reference_long(h, first, symmetry):
    assume(h.n - h.marked_mask.bit_count() <= 11)
    test_maker_breaker_random_against_reference.hypothesis.inner_test(h, first, symmetry)


@needs_hein
@pytest.mark.slow
def test_every_small_hein_puzzle_matches_explicit():
    for path in sorted(HEIN.glob("*.pg")):
        if "6x6" in path.name or "7x7" in path.name:
            continue
        game = read_pg(path)
        out = solve_pg_search(game, certificate=True)
        assert out.winner == solve("pg", game, "explicit").winner, path.name
        check_certificate(out.certificate)


def test_links_merge_isomorphic_states_and_bad_maps_are_rejected(monkeypatch):
    no_pairing_leaves(monkeypatch)
    game = MakerBreakerGame(tic_tac_toe(4), "breaker")
    cert = solve_maker_breaker_search(game, certificate=True).certificate
    check_certificate(cert)
    links = cert["questions"][0]["links"]
    assert links
    bad = copy.deepcopy(cert)
    pairs = bad["questions"][0]["links"][0][5].split()
    a, _, b = pairs[0].partition(">")
    c, _, d = pairs[1].partition(">")
    pairs[0], pairs[1] = f"{a}>{d}", f"{c}>{b}"  # a different bijection: no longer an isomorphism
    bad["questions"][0]["links"][0][5] = " ".join(pairs)
    with pytest.raises(CertificateError):
        check_certificate(bad)
    squashed = copy.deepcopy(cert)
    squashed["questions"][0]["links"][0][5] = " ".join(p.partition(">")[0] + ">" + pairs[0].partition(">")[2]
                                                       for p in pairs)
    with pytest.raises(CertificateError):
        check_certificate(squashed)


# -- bounded questions: "does Maker win within B of her moves?" ------------------------------------

def _bounded_reference(game: MakerBreakerGame, bound: int) -> str:
    """The brute-force judge's answer (tests/brute.py, written from the definitions)."""
    import brute
    h = game.board
    return brute.maker_breaker_winner(h.n, list(h.edge_masks), game.maker_mask, game.breaker_mask,
                                      game.first, bound)


@settings(max_examples=150, deadline=None)
@given(hypergraphs(max_vertices=6, marked=True), players, st.integers(1, 4))
def test_bounded_search_against_the_reference(h, first, bound):
    game = MakerBreakerGame(h, first)
    res = solve("maker-breaker", game, method="search", rounds=bound, certificate=True)
    want = _bounded_reference(game, bound)
    event(f"bounded answer {res.answer}")
    assert res.answer == ("yes" if want == "maker" else "no")
    assert res.certified and res.check.question.bound == bound
    assert res.check.verdict == {"winner": want}
    # the same certificate read as the whole game's, or another bound's, is refused
    for other in (None, bound + 1):
        forged = copy.deepcopy(res.certificate)
        forged["claim"]["question"]["bound"] = other
        if other is None and want == "maker":
            continue  # a win within B is a win: the whole-game claim is true (and may pass)
        try:
            check_certificate(forged)
        except CertificateError:
            continue
        assert _bounded_reference(game, other if other is not None else h.n + 1) == want
