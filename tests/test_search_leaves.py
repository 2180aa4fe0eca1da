"""Pairing leaves (issue 18): the oracle :func:`verify.solvers.search.leaves.pair_cover`, the checker's
pairing-leaf rule of ``pg-proof`` refutations, and the search and certificates with leaves against the
same without them (every small board, both starters, bounds; hypothesis boards; every certificate
checked)."""
from __future__ import annotations

import copy

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import brute
from verify.certificates.checker import check_certificate
from verify.errors import CertificateError
from verify.families import tic_tac_toe
from verify.formats.pg import parse_pg
from verify.games import positional as pg
from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import Hypergraph
from verify.isomorphism import enumerate_hypergraphs
from verify.solvers.search import leaves as search_leaves
from verify.solvers.search.leaves import no_double_moves, pair_cover
from verify.solvers.search.methods import search_maker_breaker, solve_pg_search
from verify.strategies import hypergraphs, players


@pytest.fixture(autouse=True)
def reference_engine(monkeypatch):
    """The reference search unless a test asks for the engine fixture (which overrides it)."""
    import verify.solvers.search.engine as search
    monkeypatch.setattr(search, "DEFAULT_ENGINE", "python")


@pytest.fixture(params=["python", "auto"])
def engine(request, monkeypatch):
    import verify.solvers.search.engine as search
    monkeypatch.setattr(search, "DEFAULT_ENGINE", request.param)
    return request.param


# -- the oracle -----------------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(hypergraphs(max_vertices=8, edge_sizes=(2, 3, 4), max_edges=8))
def test_pair_cover_against_brute_force(h):
    edges = list(h.edge_masks)
    pairs = pair_cover(edges, budget=10 ** 6)
    want = brute.pairing_exists(h.n, edges, 0, 0)
    event(f"pairing {'exists' if want else 'none'}")
    assert (pairs is not None) == want
    if pairs is not None:
        used = 0
        for p in pairs:
            assert p.bit_count() == 2 and not p & used
            used |= p
        assert all(any(p & e == p for p in pairs) for e in edges)


def test_no_double_moves():
    assert no_double_moves(("b", "w", "b", "b", "w"), "b") == [False, False, False, True, True, True]
    assert no_double_moves(("b", "w", "b", "b", "w"), "w") == [True] * 6


# -- the checker's rule ---------------------------------------------------------------------------

FOUR_EDGES = [["a", "b", "c"], ["c", "d", "e"], ["e", "f", "a"], ["b", "d", "f"]]
FOUR = Hypergraph(FOUR_EDGES)


def _refutation(h, first):
    out = search_maker_breaker(MakerBreakerGame(h, first), certificate=True)
    assert out.winner == "breaker"
    return out.certificate


def _with_pairing(cert, entry):
    c = copy.deepcopy(cert)
    c["questions"][0]["pairings"] = [entry]
    c["questions"][0]["moves"] = []
    return c


def test_pairing_leaves_after_the_first_moves():
    cert = _refutation(FOUR, "maker")
    q = cert["questions"][0]
    assert q["pairings"] and all(e[0] >= 1 for e in q["pairings"])  # no pairing at the start
    check_certificate(cert)


def test_components_are_refuted_one_by_one(monkeypatch):
    """FOUR (no pairing) and a disjoint pair: the start splits into the two components, the pair is
    a pairing leaf and FOUR is refuted at the same time point with Y's stones on x and y."""
    from verify.certificates.proof import answer_walk, components, proof_game
    from verify.question import Question
    import verify.solvers.search.methods as methods
    monkeypatch.setattr(methods, "SPLIT_COMPONENTS", True)
    h = Hypergraph([*FOUR_EDGES, ["x", "y"]])
    cert = _refutation(h, "maker")
    assert cert["questions"][0]["components"] is True
    check_certificate(cert)
    game, _, _, _ = proof_game(cert, Question.from_json(cert["claim"]["question"]))
    walk = answer_walk(game, "black", cert["questions"][0])
    walk.refute(*game.start(), 0)
    assert walk.splits >= 1
    from verify.errors import NotApplicable
    from verify.play.referee import Referee
    with pytest.raises(NotApplicable):
        Referee(cert)
    unsplit = copy.deepcopy(cert)  # the same moves read without the split: refused
    del unsplit["questions"][0]["components"]
    with pytest.raises(CertificateError):
        check_certificate(unsplit)
    assert sorted(components([0b11, 0b110, 0b1000, 0b11000, 0b100000])) == [0b111, 0b11000, 0b100000]
    # a forged refutation of a Maker win through components is still rejected
    won = search_maker_breaker(MakerBreakerGame(Hypergraph([["a", "b"], ["a", "c"], ["x", "y"]]), "maker"),
                               certificate=True)
    assert won.winner == "maker"
    forged = copy.deepcopy(won.certificate)
    forged["claim"]["verdict"] = {"winner": "breaker"}
    forged["questions"] = [{"attacker": "black", "wins": False, "moves": [], "pairings": [[0, "", "a b", "x y"]]}]
    with pytest.raises(CertificateError):
        check_certificate(forged)


def test_broken_pairings_are_rejected():
    cert = _refutation(tic_tac_toe(5), "maker")
    g = pg.from_maker_breaker(tic_tac_toe(5), 0, 0, "maker")
    pairs = pair_cover(list(g.black_sets))
    cells = [n for p in pairs for n in g.names(p)]
    check_certificate(_with_pairing(cert, [0, "", "", " ".join(cells)]))
    for bad in (cells[:3] + [cells[0]] + cells[4:],  # two pairs share a cell
                cells[2:],  # a set without a pair
                cells[:-1],  # an odd number of cells
                cells[:2] + cells[:2] + cells[4:]):  # a pair twice
        with pytest.raises(CertificateError):
            check_certificate(_with_pairing(cert, [0, "", "", " ".join(bad)]))
    # a pair's cell taken, at a state the walk reaches (Maker's first stone)
    leaves = _refutation(FOUR, "maker")
    entry = leaves["questions"][0]["pairings"][0]
    taken = copy.deepcopy(leaves)
    cells = taken["questions"][0]["pairings"][0][3].split()
    cells[0] = entry[1].split()[0]
    taken["questions"][0]["pairings"][0][3] = " ".join(cells)
    with pytest.raises(CertificateError):
        check_certificate(taken)


def test_pairings_in_a_proof_are_rejected():
    out = search_maker_breaker(MakerBreakerGame(tic_tac_toe(3), "maker"), certificate=True)
    cert = copy.deepcopy(out.certificate)
    cert["questions"][0]["pairings"] = [[0, "", "", "a1 a2"]]
    with pytest.raises(CertificateError):
        check_certificate(cert)


DOUBLE = """#times
t1 t2 t3 t4
#blackturns
t1 t2
#positions
a b c d
#blackwins
a b
c d
"""


def test_a_pairing_is_refused_where_the_attacker_moves_twice_in_a_row():
    game = parse_pg(DOUBLE)  # black takes a and b: black wins, although {a b} {c d} is a pairing
    out = solve_pg_search(game, certificate=True)
    assert out.winner == pg.BLACK
    forged = copy.deepcopy(out.certificate)
    forged["claim"]["verdict"] = {"winner": pg.WHITE}
    forged["questions"] = [{"attacker": "black", "wins": False, "moves": [], "pairings": [[0, "", "", "a b c d"]]}]
    with pytest.raises(CertificateError, match="twice in a row"):
        check_certificate(forged)
    assert brute.pg_result(DOUBLE) == pg.BLACK


# -- with and without leaves: the same verdicts, every certificate checked ------------------------

def _both(game_fn, monkeypatch):
    """(with leaves, without leaves) outcomes, certificates checked."""
    on = game_fn()
    with monkeypatch.context() as m:
        m.setattr(search_leaves, "PAIR_SETS", 0)
        off = game_fn()
    for out in (on, off):
        check_certificate(out.certificate)
    return on, off


def _leaves(cert) -> int:
    return sum(len(q.get("pairings", [])) for q in cert["questions"])


def _every_small(sizes, monkeypatch, bounds=(None, 2)):
    import verify.solvers.search.methods as methods
    monkeypatch.setattr(methods, "SPLIT_COMPONENTS", True)  # the split too, on every refutation
    count = leaves = 0
    for n in sizes:
        for h in enumerate_hypergraphs(n, (1, 2, 3)):
            for first in ("maker", "breaker"):
                for rounds in bounds:
                    game = MakerBreakerGame(h, first)
                    on, off = _both(lambda: search_maker_breaker(game, certificate=True, rounds=rounds), monkeypatch)
                    want = brute.maker_breaker_winner(h.n, list(h.edge_masks), 0, 0, first, rounds)
                    assert on.winner == off.winner and on.stats and on.certificate["claim"]["verdict"] == \
                        off.certificate["claim"]["verdict"] == {"winner": want}, (h.edge_masks, first, rounds)
                    leaves += _leaves(on.certificate) > 0
                    count += 1
    return count, leaves


@pytest.mark.slow  # 12 s; pair_cover against the brute force stays in the default run
def test_every_board_up_to_four_vertices_with_and_without_leaves(monkeypatch):
    count, leaves = _every_small(range(1, 5), monkeypatch)
    assert count > 1000 and leaves > 150


@pytest.mark.slow
def test_every_board_up_to_five_vertices_both_engines_every_bound(engine, monkeypatch):
    count, leaves = _every_small(range(1, 6), monkeypatch, (None, 1, 2, 3))
    assert count > 4000 and leaves > 500


@settings(max_examples=100, deadline=None)
@given(hypergraphs(min_vertices=4, max_vertices=10, edge_sizes=(2, 3, 4), max_edges=14, marked=True), players,
       st.sampled_from([None, 2, 3, 4]))
def test_random_boards_with_and_without_leaves(h, first, rounds):
    import pytest as _pytest
    mp = _pytest.MonkeyPatch()
    try:
        game = MakerBreakerGame(h, first)
        on, off = _both(lambda: search_maker_breaker(game, certificate=True, rounds=rounds), mp)
    finally:
        mp.undo()
    event(f"leaves {_leaves(on.certificate) > 0}")
    want = brute.maker_breaker_winner(h.n, list(h.edge_masks), h.marked_mask, 0, first, rounds)
    assert on.certificate["claim"]["verdict"] == off.certificate["claim"]["verdict"] == {"winner": want}


def test_certificates_shrink_on_tic_tac_toe_4(monkeypatch):
    game = MakerBreakerGame(tic_tac_toe(4), "maker")
    on, off = _both(lambda: search_maker_breaker(game, certificate=True), monkeypatch)
    assert on.stats["certificate_moves"] * 10 < off.stats["certificate_moves"]


# -- the compiled kernel's greedy pairing leaf ------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(hypergraphs(max_vertices=8, edge_sizes=(2, 3, 4), max_edges=8))
def test_kernel_pair_leaf_only_claims_real_pairings(h):
    np = pytest.importorskip("numpy")
    pytest.importorskip("numba")
    from verify.solvers.search.kernel import pair_leaf
    edges = list(h.edge_masks)
    S = np.array(edges, dtype=np.uint64)
    lv = np.arange(len(edges), dtype=np.int32).reshape(1, -1)
    ln = np.array([len(edges)], dtype=np.int64)
    found = int(pair_leaf(S, lv, ln, 0, np.uint64(0)))
    event(f"greedy {'found' if found else 'none'}")
    if found:
        assert brute.pairing_exists(h.n, edges, 0, 0)
        assert found.bit_count() == 2


def test_kernel_pairing_leaves_cut_the_search():
    pytest.importorskip("numba")
    from verify.families import family
    from verify.solvers.search.fast import FastProofSearch
    for spec in (("ap", 14, 4), ("tic-tac-toe", 4), ("ap", 16, 5)):
        for first in ("maker", "breaker"):
            g = pg.from_maker_breaker(family(*spec), 0, 0, first)
            on, off = FastProofSearch(g, pg.BLACK), FastProofSearch(g, pg.BLACK, pairing_leaves=0)
            assert on.wins(*g.start(), 0) == off.wins(*g.start(), 0)
            assert on.nodes < off.nodes and on.hits.get("pairing_leaf", 0) > 0


# -- the builder's two-ply lookahead at Y's turns ---------------------------------------------------

def test_lookahead_shrinks_refutations(monkeypatch):
    """vdW k = 4 on {1..16}, Breaker first (Breaker wins): Y's moves chosen by the lookahead give a
    smaller certificate than the search's own refutations; both check, with the same verdict."""
    from verify.families import family
    game = MakerBreakerGame(family("ap", 16, 4), "breaker")
    on = search_maker_breaker(game, certificate=True)
    monkeypatch.setattr(search_leaves, "LOOKAHEAD_MOVES", 0)
    off = search_maker_breaker(game, certificate=True)
    for out in (on, off):
        check_certificate(out.certificate)
        assert out.winner == "breaker"
    assert on.stats["certificate_moves"] * 4 < off.stats["certificate_moves"] * 3
