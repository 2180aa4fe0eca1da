"""Pairing strategies by SAT: existence agrees with a brute-force matching search, a pairing is
always a Breaker win for the explicit reference, and both answers are certified."""
from __future__ import annotations

import pytest
from hypothesis import given, settings

from verify.certificates.checker import check_certificate
from verify.encode.sat import pairing_cnf
from verify.errors import MethodError
from verify.families import k_in_a_row, tic_tac_toe
from verify.games import maker_breaker as mb
from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import bits, minimal_masks
from verify.isomorphism import enumerate_hypergraphs, enumerate_markings
from verify.solvers import solve
from verify.solvers.sat import find_pairing
from verify.strategies import hypergraphs


def brute_pairing(h, breaker: int = 0) -> bool:
    """Is there a set of disjoint pairs of free vertices with every live edge containing one?
    Plain backtracking over the first uncovered edge (from Prop I.1.52's definition)."""
    edges = list(mb.residual(h.edge_masks, h.marked_mask, breaker))

    def search(used: int, pairs: list[int]) -> bool:
        todo = [e for e in edges if not any(p & e == p for p in pairs)]
        if not todo:
            return True
        e = todo[0]
        idx = [i for i in bits(e) if not used >> i & 1]
        for x in range(len(idx)):
            for y in range(x + 1, len(idx)):
                p = (1 << idx[x]) | (1 << idx[y])
                if search(used | p, pairs + [p]):
                    return True
        return False

    return search(0, [])


def _check_instance(h):
    game = MakerBreakerGame(h)
    res = find_pairing(game, certificate=True)
    assert res.exists == brute_pairing(h), h
    check_certificate(res.certificate)
    if res.exists:
        for first in mb.PLAYERS:
            assert solve("maker-breaker", MakerBreakerGame(h, first), method="explicit").winner == mb.BREAKER
    return res.exists


def test_exhaustive_small_hypergraphs_with_markings():
    """Every rank-2/3 hypergraph with <= 4 edges on <= 4 vertices with every marking (a few markings on 5)."""
    seen = {True: 0, False: 0}
    for n in range(1, 6):
        for h in enumerate_hypergraphs(n, edge_sizes=(2, 3), max_edges=4):
            markings = list(enumerate_markings(h))
            for hm in markings if n <= 4 else markings[:3]:
                seen[_check_instance(hm)] += 1
    assert seen[True] > 20 and seen[False] > 20


@given(hypergraphs(max_vertices=8, edge_sizes=(2, 3, 4), max_edges=8, marked=True))
@settings(max_examples=80)
def test_random_against_brute_force(h):
    _check_instance(h)


def test_with_breaker_vertices():
    h = tic_tac_toe(3)
    b2 = frozenset({"b2"})
    game = MakerBreakerGame(h, "maker", breaker=b2)
    res = find_pairing(game, certificate=True)
    assert res.exists == brute_pairing(h, h.mask(b2)) is True
    assert res.certificate["claim"]["question"]["position"]["breaker"] == ["b2"]
    check_certificate(res.certificate)


@pytest.mark.parametrize("n,exists", [(3, False), (4, False), (5, True), (6, True)])
def test_tic_tac_toe_boards(n, exists):
    """n x n tic-tac-toe has a pairing strategy iff n >= 5 (2n+2 lines need 2n+2 disjoint pairs
    inside the n^2 cells; 4x4 has 10 lines and 16 cells)."""
    game = MakerBreakerGame(tic_tac_toe(n))
    res = find_pairing(game, certificate=True)
    assert res.exists == exists
    check_certificate(res.certificate)
    if exists:
        out = solve("maker-breaker", game, method="pairing", certificate=True)
        assert out.winner == "breaker"
        check_certificate(out.certificate)
    else:
        with pytest.raises(MethodError, match="no pairing strategy exists"):
            solve("maker-breaker", game, method="pairing")


def test_k_in_a_row_refutation_checked():
    res = find_pairing(MakerBreakerGame(k_in_a_row(5, 5, 4)), certificate=True)
    assert not res.exists
    assert res.certificate["kind"] == "sat-unsat-drat"
    assert "DRAT proof checked" in check_certificate(res.certificate).detail


def test_encoding_shape():
    h = tic_tac_toe(3)
    cnf = pairing_cnf(h)
    # 8 lines, each of 3 cells gives 3 pairs, no pair lies on two lines
    assert cnf.nvars >= 24 and len([c for c in cnf.clauses if len(c) == 3 and all(x > 0 for x in c)]) == 8
    # a marked cell shrinks its lines to pairs
    hm = h.mark("b2")
    assert len(minimal_masks(mb.residual(hm.edge_masks, hm.marked_mask))) == 8
    assert not find_pairing(MakerBreakerGame(hm)).exists


def test_lying_backend_is_caught(monkeypatch):
    """A backend answering UNSAT with a bogus proof on a board that has a pairing must not produce a
    'no pairing' claim: the proof fails independent checking and the run is a backend error."""
    import verify.solvers.sat as sat_solver
    from verify.encode.sat_backends import SatRun
    from verify.errors import BackendError
    monkeypatch.setattr(sat_solver, "solve_cnf", lambda *a, **k: SatRun(False, None, "0\n", 0.0, "fake"))
    with pytest.raises(BackendError, match="failed independent checking"):
        find_pairing(MakerBreakerGame(tic_tac_toe(5)), certificate=True)
