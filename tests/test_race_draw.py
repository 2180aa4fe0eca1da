"""The race kernel's pairing leaves (issue 33, defender proofs): the backtracking pairing search
:func:`verify.solvers.search.kernel.pair_search` against a brute force, and the race searches with
the leaves at X's turns against the pure-Python reference and against the kernel without them
(verdicts equal, every certificate accepted by both checkers, the rule firing); the L pentomino's
6x6 race within 8 black moves and the whole race (a draw) marked slow."""
from __future__ import annotations

import pytest
from hypothesis import assume, event, given, settings

import brute
from verify.certificates.checker import check_certificate
from verify.families import family
from verify.formats.pg import read_pg
from verify.games import positional as pg
from verify.second_opinion import check as second_check
from verify.strategies import hypergraphs

from test_search import pg_games, reference

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from verify.solvers.search import fast  # noqa: E402
from verify.solvers.search.engine import make_search  # noqa: E402
from verify.solvers.search.kernel import pair_search, state_pairing  # noqa: E402
from verify.solvers.search.methods import search_pg  # noqa: E402

from test_search_race import CLASSICAL, RACES  # noqa: E402


def both_checkers(cert: dict) -> None:
    check_certificate(cert)
    second_check(cert)


# -- the pairing search --------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(hypergraphs(max_vertices=9, edge_sizes=(2, 3, 4, 5), max_edges=10))
def test_pair_search_is_exact_without_a_budget(h):
    edges = list(h.edge_masks)
    out = np.zeros(33, dtype=np.uint64)
    got = pair_search(np.array(edges, dtype=np.uint64), len(edges), 1 << 40, out)
    event(f"pairing {'found' if got >= 0 else 'none'}")
    assert (got >= 0) == brute.pairing_exists(h.n, edges, 0, 0)
    if got >= 0:
        pairs = [int(p) for p in out[:got]]
        used = 0
        for p in pairs:
            assert p.bit_count() == 2 and not p & used
            used |= p
        assert all(any(p & e == p for p in pairs) for e in edges)


@settings(max_examples=200, deadline=None)
@given(hypergraphs(max_vertices=9, edge_sizes=(2, 3, 4), max_edges=10))
def test_state_pairing_pairs_the_live_needs_only(h):
    """Stones on the first cells: black's on 0, white's on 1; needs of more than ``left`` cells and
    sets holding white's stone are not paired; a one-cell need has no pairing."""
    edges = list(h.edge_masks)
    out = np.zeros(33, dtype=np.uint64)
    for left in (1, 2, 3, 9):
        got = state_pairing(np.array(edges, dtype=np.uint64), np.uint64(1), np.uint64(2), left, 1 << 40, out)
        live = [e & ~1 for e in edges if not e & 2 and (e & ~1).bit_count() <= left]
        if any(e.bit_count() < 2 for e in live):
            assert got < 0
            continue
        assert (got >= 0) == brute.pairing_exists(h.n, live, 0, 0)
        if got >= 0:
            pairs = [int(p) for p in out[:got]]
            assert all(any(p & e == p for p in pairs) for e in live)


# -- the race searches with pairing leaves -------------------------------------------------------

def verdicts(game: pg.PositionalGame) -> tuple:
    """(black wins, white wins) by the kernel with and without race pairing leaves (Maker-Breaker
    oracle off, so that every pairing leaf counted is the race kernel's), and the leaves counted."""
    out, leaves = [], 0
    for rpb in (fast.RACE_PAIR_BUDGET, 0):
        row = []
        for attacker in (pg.BLACK, pg.WHITE):
            s = make_search(game, attacker, "fast", mb_oracle=False, race_pairings=rpb)
            row.append(s.wins(*game.start(), 0))
            if rpb:
                leaves += s.hits.get("pairing_leaf", 0)
        out.append(tuple(row))
    assert out[0] == out[1]
    return out[0], leaves


@pytest.mark.parametrize("name", RACES)
def test_race_pairings_agree_with_the_reference_and_certify(name):
    game = read_pg(CLASSICAL / name)
    (bw, ww), _ = verdicts(game)
    winner = search_pg(game, engine="python").winner
    assert winner == (pg.BLACK if bw else pg.WHITE if ww else "draw")
    out = search_pg(game, certificate=True, engine="fast")
    assert out.winner == winner
    both_checkers(out.certificate)


@settings(max_examples=80, deadline=None)
@given(pg_games(maker_maker=True))
def test_race_pairings_on_random_maker_maker_games(game):
    assume(game.first_moves is None and game.initial_winner() is None)
    (bw, ww), leaves = verdicts(game)
    event(f"race pairing leaves {'fired' if leaves else 'none'}")
    assert (pg.BLACK if bw else pg.WHITE if ww else "draw") == reference(game)
    out = search_pg(game, certificate=True, engine="fast")
    assert out.winner == reference(game)
    both_checkers(out.certificate)


@pytest.mark.parametrize("spec,moves", [pytest.param(("animal", "L", 5), None, marks=pytest.mark.slow),
                                        pytest.param(("animal", "L", 6), 8, marks=pytest.mark.slow),
                                        (("tic-tac-toe", 4), None), (("ap", 14, 4), None)])
def test_the_rule_fires_and_the_certificates_hold_pairings(spec, moves):
    """Races the kernel settles with its pairing leaves (the rule forced: no Maker-Breaker oracle),
    with the same verdicts as without them; their certificates record pairing leaves and pass both
    checkers."""
    game = pg.race(family(*spec), moves)
    (bw, ww), leaves = verdicts(game)
    assert leaves > 0
    out = search_pg(game, certificate=True, engine="fast")
    assert out.winner == (pg.BLACK if bw else pg.WHITE if ww else "draw")
    assert any(q.get("pairings") for q in out.certificate["questions"])
    both_checkers(out.certificate)


@pytest.mark.slow
def test_the_l_pentomino_6x6_race_is_a_draw():
    """Harries (2026) certified it; the search with race pairing leaves decides and certifies it
    (proofs/classical/L-6x6-race.json is this certificate)."""
    game = pg.race(family("animal", "L", 6))
    out = search_pg(game, certificate=True)
    assert out.winner == "draw"
    both_checkers(out.certificate)
