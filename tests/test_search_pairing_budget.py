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


# -- the certificate builder's pairing leaves (leaves.PairingLeaves) --------------------------------

def test_builder_searches_each_pairing_once_and_links_only_unpaired_states(monkeypatch):
    """The 5-term progression game on {1..20}, Maker first (Breaker wins): building the certificate
    asks the kernel's pairing search at most once per state (Y's choice of a move into a pairing
    leaf hands its pairing to the walk), the residual-form linker is never asked about a state that
    a pairing ends, and the certificate holds for both checkers."""
    from verify.solvers.search import leaves, methods
    game = MakerBreakerGame(family("ap", 20, 5), "maker")
    searched: list = []
    real_pairing = FastProofSearch.pairing

    def counted(self, b, w, t, budget=None):
        searched.append((b, w, t))
        return real_pairing(self, b, w, t, budget)

    asked: list = []
    real_linker = methods._linker

    def linker(search, links):
        link = real_linker(search, links)

        def spy(b, w, t):
            asked.append((b, w, t, search.pairing(b, w, t, leaves.BUILD_PAIR_BUDGET)))
            return link(b, w, t)
        return spy

    monkeypatch.setattr(FastProofSearch, "pairing", counted)
    monkeypatch.setattr(methods, "_linker", linker)
    out = search_maker_breaker(game, certificate=True, engine="fast")
    assert out.winner == "breaker"
    walked = [key for key in searched if key not in {a[:3] for a in asked}]
    assert walked and len(walked) == len(set(walked))
    assert asked and all(pairs is None for *_, pairs in asked)
    check_certificate(out.certificate)
    second_check(out.certificate)


def test_pairing_leaves_record_only_what_the_walk_takes():
    """:class:`PairingLeaves`: a pairing found ahead (``find``, ``keep``) is not in the certificate
    until the walk asks for it; the gate asks the link only where no pairing is found."""
    from verify.solvers.search.leaves import PairingLeaves
    g = pg.from_maker_breaker(family("ap", 20, 5), 0, 0, "maker")
    s = FastProofSearch(g, pg.BLACK)
    found: dict = {}
    p = PairingLeaves(s, found)
    b, w = g.start()
    late = (b | 0b1, w | 0b10 | 1 << 10 | 1 << 15, 3)
    pairs = p.find(*late)
    assert found == {}
    linked = []
    gate = p.gated(lambda *state: linked.append(state))
    gate(*late)
    assert linked == ([] if pairs is not None else [late])
    assert p(*late) == pairs and (late in found) is (pairs is not None)
    p.keep((b, w, 0), [0b11])  # a pairing handed over ahead is taken as it is (the checker judges it)
    assert p(b, w, 0) == [0b11] and found[(b, w, 0)] == [0b11] and p.ahead == {}
