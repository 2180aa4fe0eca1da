"""The Maker-Breaker kernel's searched pairing leaves (``fast.MB_PAIR_BUDGET``: :func:`pair_search`
on any number of live sets, where the greedy pairing of at most ``PAIR_LEAF_SETS`` sets is not tried
or fails) against the brute-force reference, with the rule forced (the greedy leaf limited to one
live set), and the certificates that record them checked by both checkers."""
from __future__ import annotations

import pytest
from hypothesis import assume, event, given, settings

import brute
from verify.certificates.checker import check_certificate
from verify.families import family
from verify.games import positional as pg
from verify.games.maker_breaker import MakerBreakerGame
from verify.second_opinion import check as second_check
from verify.strategies import hypergraphs, players

from test_search import pg_games, reference

pytest.importorskip("numpy")
pytest.importorskip("numba")

from verify.solvers.search import fast  # noqa: E402
from verify.solvers.search.engine import make_search  # noqa: E402
from verify.solvers.search.fast import FastProofSearch  # noqa: E402
from verify.solvers.search.methods import search_maker_breaker  # noqa: E402


def searched_only(monkeypatch, budget: int = 2000):
    """The greedy leaf on one live set at most, the searched leaf on the rest (in the search and in
    the certificate builder, which reads the same constants)."""
    monkeypatch.setattr(fast, "PAIR_LEAF_SETS", 1)
    monkeypatch.setattr(fast, "MB_PAIR_BUDGET", budget)


@settings(max_examples=120, deadline=None)
@given(hypergraphs(max_vertices=9, edge_sizes=(2, 3, 4), max_edges=9), players)
def test_searched_pairings_agree_with_brute_force(h, first):
    assume(h.n - h.marked_mask.bit_count() <= 9)
    g = pg.from_maker_breaker(h, h.marked_mask, 0, first)
    want = brute.maker_breaker_winner(h.n, list(h.edge_masks), h.marked_mask, 0, first)
    on = FastProofSearch(g, pg.BLACK, pairing_leaves=1, pair_budget=2000)
    assert (on.wins(*g.start(), 0) and "maker" or "breaker") == want
    event(f"searched pairing leaves {'fired' if on.hits.get('pairing_leaf') else 'none'}")


@settings(max_examples=60, deadline=None)
@given(hypergraphs(max_vertices=9, edge_sizes=(3, 4), max_edges=9), players)
def test_certificates_with_searched_pairings_hold(h, first):
    assume(h.n - h.marked_mask.bit_count() <= 9)
    game = MakerBreakerGame(h, first)
    with pytest.MonkeyPatch.context() as mp:
        searched_only(mp)
        out = search_maker_breaker(game, certificate=True, engine="fast")
    assert out.winner == brute.maker_breaker_winner(h.n, list(h.edge_masks), h.marked_mask, 0, first)
    check_certificate(out.certificate)
    second_check(out.certificate)


@pytest.mark.parametrize("spec", [("animal", "snaky", 6), ("ap", 20, 5), ("tic-tac-toe", 4)])
def test_the_rule_fires_cuts_the_search_and_certifies(monkeypatch, spec):
    """Boards Breaker wins (Maker first): the searched leaves fire, the search visits fewer nodes
    than with the greedy leaf alone, the verdicts agree, and the certificate holds for both checkers."""
    g = pg.from_maker_breaker(family(*spec), 0, 0, "maker")
    on = FastProofSearch(g, pg.BLACK, pair_budget=256)
    off = FastProofSearch(g, pg.BLACK, pair_budget=0)
    assert on.wins(*g.start(), 0) is off.wins(*g.start(), 0) is False
    assert on.nodes < off.nodes and on.hits.get("pairing_leaf", 0) > 0
    searched_only(monkeypatch, 256)
    out = search_maker_breaker(MakerBreakerGame(family(*spec), "maker"), certificate=True, engine="fast")
    assert out.winner == "breaker"
    check_certificate(out.certificate)
    second_check(out.certificate)


# -- races: Y's reply into a pairing leaf (kernel_race) ---------------------------------------------

@settings(max_examples=80, deadline=None)
@given(pg_games(maker_maker=True))
def test_race_replies_into_pairings_agree_with_the_reference(game):
    """Maker-Maker games, both attackers: the race kernel with the searched leaves and Y's replies
    into them (the Maker-Breaker oracle off, so that every leaf counted is the race kernel's) against
    the same kernel with every searched pairing off and against the reference's value."""
    assume(game.first_moves is None and game.initial_winner() is None)
    verdict, fired = [], 0
    for budget, rpb in ((2000, fast.RACE_PAIR_BUDGET), (0, 0)):
        row = []
        for attacker in (pg.BLACK, pg.WHITE):
            s = make_search(game, attacker, "fast", mb_oracle=False, race_pairings=rpb, pair_budget=budget)
            row.append(s.wins(*game.start(), 0))
            fired += s.hits.get("pairing_leaf", 0) if budget else 0
        verdict.append(tuple(row))
    event(f"pairing leaves {'fired' if fired else 'none'}")
    assert verdict[0] == verdict[1]
    bw, ww = verdict[0]
    assert (pg.BLACK if bw else pg.WHITE if ww else "draw") == reference(game)


@pytest.mark.parametrize("spec", [("ap", 14, 4), ("tic-tac-toe", 4), ("animal", "knobby", 4)])
def test_race_replies_into_pairings_fire_and_certify(spec):
    """Races the first player does not win: Y's replies into pairing leaves fire (``PAIR_FOUND``
    counts only them in a race without the Maker-Breaker oracle), the verdicts agree with the
    rule off, and the certificate built with it holds for both checkers."""
    from verify.solvers.search import kernel
    from verify.solvers.search.methods import search_pg
    game = pg.race(family(*spec))
    on = make_search(game, pg.BLACK, "fast", mb_oracle=False)
    off = make_search(game, pg.BLACK, "fast", mb_oracle=False, pair_budget=0)
    assert on.wins(*game.start(), 0) is off.wins(*game.start(), 0) is False
    assert on.st[kernel.PAIR_FOUND] > 0 and off.st[kernel.PAIR_FOUND] == 0
    out = search_pg(game, certificate=True, engine="fast")
    assert out.winner in ("draw", pg.WHITE)
    check_certificate(out.certificate)
    second_check(out.certificate)
