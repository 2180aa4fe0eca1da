"""The compiled race kernel (:mod:`verify.solvers.search.kernel_race`) on boards of 65..128 cells
(masks of two words) against the pure-Python reference search: verdicts, X's moves and Y's
refutations, carriers (Y's sets of more than 64 cells included), sets across the word boundary
(cells 63/64), certificates checked by both checkers, hypothesis races; and the two-word race
kernel on small boards, where it must be the one-word search exactly (answers, nodes, rules)."""
from __future__ import annotations

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

pytest.importorskip("numba")

from verify.certificates.checker import check_certificate  # noqa: E402
from verify.families import family  # noqa: E402
from verify.games import positional as pg  # noqa: E402
from verify.second_opinion import check as second_check  # noqa: E402
from verify.solvers.search import fast  # noqa: E402
from verify.solvers.search.engine import make_search  # noqa: E402
from verify.solvers.search.fast import FastProofSearch  # noqa: E402
from verify.solvers.search.methods import search_pg  # noqa: E402

from test_search_wide import judged  # noqa: E402


def wide_race(game: pg.PositionalGame, **kw) -> FastProofSearch:
    """The search ``make_search`` picks for "can black win?": asserted to be the race kernel on two
    words (every array of masks with its axis of two words)."""
    s = make_search(game, pg.BLACK, "auto", **kw)
    assert isinstance(s, FastProofSearch) and s.race and s.words == 2
    assert s.S.shape[1:] == s.Sy.shape[1:] == (2,)
    assert s.tab.shape[1:] == (7, 2) and s.tab2.shape[1:] == (5, 2)
    return s


def race(spec, moves: int | None = None) -> pg.PositionalGame:
    return pg.race(family(*spec), moves)


def certified(game: pg.PositionalGame) -> str:
    """The winner of the certificate built on the kernel, checked by both checkers."""
    out = search_pg(game, certificate=True, engine="fast")
    check_certificate(out.certificate)
    second_check(out.certificate)
    return out.winner


# -- which kernel ---------------------------------------------------------------------------------

def test_races_of_65_to_128_cells_run_on_two_words():
    assert fast.RACE_MAX_CELLS == fast.MAX_CELLS == 128
    wide_race(race(("k-in-a-row", 9, 9, 3)))
    wide_race(race(("ap", 128, 3), 3))
    small = make_search(race(("k-in-a-row", 8, 8, 4)), pg.BLACK, "auto")
    assert isinstance(small, FastProofSearch) and small.race and small.words == 1
    assert not fast.eligible(race(("ap", 129, 3)), pg.BLACK)


# -- the same search on two words -----------------------------------------------------------------

# (family, black's moves, keyword arguments of FastProofSearch): small races, bounded or not, the
# Maker-Breaker oracle off, symmetry off, the root's deepened threat-space search (hints), a
# tiny table (replacements)
SMALL = [(("tic-tac-toe", 3), None, {}), (("ap", 13, 4), None, {}), (("animal", "elly", 4), None, {}),
         (("k-in-a-row", 5, 5, 4), None, {}), (("animal", "skinny", 6), None, {}), (("ap", 20, 4), 4, {}),
         (("animal", "knobby", 5), None, {"mb_oracle": False}), (("ap", 13, 4), None, {"symmetry": False}),
         (("k-in-a-row", 5, 5, 4), None, {"root_tss_budget": 1 << 10}), (("ap", 16, 4), None, {"tt_limit": 64})]


def answers(game: pg.PositionalGame, words: int, **kw):
    """The kernel of ``words`` words: its answers at the start and at white's turn after each of
    black's first moves (with the threat line and pairing the builders ask for at black's turns),
    then its nodes and rules. The table never grows (its bound from the start) and a call runs in
    one chunk: the nodes depend on the search alone, not on timing."""
    kw = {"symmetry": True, "tt_limit": 1 << 16, **kw}
    s = FastProofSearch(game, pg.BLACK, words=words, **kw)
    s.chunk = 1 << 40
    b, w = game.start()
    out = [s.solve(b, w, 0), s.threat_line(b, w, 0), s.pairing(b, w, 0)]
    for c in range(len(game.positions)):
        out.append(s.solve(b | 1 << c, w, 1))
    return out, s.nodes, s.hits


@pytest.mark.parametrize("spec,moves,kw", SMALL)
def test_two_words_on_a_small_race_is_the_one_word_search(spec, moves, kw):
    """Forced onto two words, the race kernel visits the same nodes with the same rules firing and
    gives the same answers (moves, refutations, carriers) as on one."""
    g = race(spec, moves)
    assert answers(g, 1, **kw) == answers(g, 2, **kw)


def test_race_rules_fire_on_two_words():
    """Tic-tac-toe's and {1..13}'s k = 4 races on two words: every race rule with a counter fires."""
    seen = set()
    for spec in (("tic-tac-toe", 3), ("ap", 13, 4)):
        seen |= set(answers(race(spec), 2)[2])
    assert {"threat_space", "forced_block", "pairing_leaf", "maker_breaker_oracle", "must_play",
            "refuted_reply_carrier", "threat_space_blocks", "residual_transposition"} <= seen


# -- races of 65..100 cells against the reference ---------------------------------------------------

# (family, black's moves): lines across cells 63/64 (9x9, 3x25), van der Waerden races on {1..66},
# {1..70}, animals on 9x9; black wins some, none wins the others (where the reference is quick)
WIDE = [(("k-in-a-row", 9, 9, 4), 4), (("k-in-a-row", 3, 25, 5), 5), (("ap", 70, 4), 4), (("ap", 66, 5), 5),
        (("animal", "elly", 9), 4), (("animal", "tippy", 9), 4), (("animal", "skinny", 9), 5)]


@pytest.mark.parametrize("spec,moves", WIDE)
def test_wide_races_against_the_reference(spec, moves):
    """The kernel's verdict, black's winning move and the carrier, judged by the reference."""
    g = race(spec, moves)
    s = wide_race(g, symmetry=True)
    won, carrier, move = s.solve(*g.start(), 0)
    judged(g, 0, won, carrier, move)


def test_white_replies_across_the_word_boundary():
    """The race of {1..70}, k = 4, black within 4 moves: after black's move at each of cells
    62..66, the kernel's answer at white's turn (black's win with its carrier, or white's
    refutation) against the reference's."""
    g = race(("ap", 70, 4), 4)
    s = wide_race(g, symmetry=True)
    b, w = g.start()
    for c in range(62, 67):
        won, carrier, move = s.solve(b | 1 << c, w, 1)
        judged(g, 1, won, carrier, move, b | 1 << c, w)


def huge_white_set() -> pg.PositionalGame:
    """100 cells: black's sets the four sides of the square 0-1-2-3 (black wins with its second
    move: a double threat), white's one set of 70 cells (30..99)."""
    n = 100
    black = ((1 | 2), (2 | 4), (4 | 8), (8 | 1))
    white = (((1 << 70) - 1) << 30,)
    times, turns = pg.alternating_schedule(n, pg.BLACK)
    return pg.PositionalGame(tuple(f"c{i}" for i in range(n)), black, white, 0, 0, times, turns, None, True)


def test_white_sets_of_more_than_64_cells_stay_in_the_carrier():
    """A white set of 70 cells is kept (its free cells are in every carrier of black's win), so the
    reference, giving white every cell off the carrier, still finds black's win; the certificate
    holds for both checkers."""
    g = huge_white_set()
    s = wide_race(g)
    won, carrier, move = s.solve(*g.start(), 0)
    assert won and carrier & (((1 << 70) - 1) << 30) == ((1 << 70) - 1) << 30
    judged(g, 0, won, carrier, move)
    assert certified(g) == pg.BLACK


# -- certificates ------------------------------------------------------------------------------------

@pytest.mark.parametrize("spec,moves,winner", [
    (("animal", "tippy", 9), 4, pg.BLACK),  # threat lines and forced blocks
    (("k-in-a-row", 9, 9, 4), 4, "draw"),  # the Maker-Breaker oracle, pairing leaves
    (("k-in-a-row", 1, 70, 4), None, "draw"),  # the whole race: a pairing at the root (the reference: undecided in 100 s)
    (("animal", "skinny", 9), 5, "draw")])
def test_wide_race_certificates_checked_by_both_checkers(spec, moves, winner):
    assert certified(race(spec, moves)) == winner


# -- random wide races ----------------------------------------------------------------------------------

@st.composite
def wide_races(draw):
    """Maker-Maker .pg games on 65..100 cells with at most 9 free cells, the other cells taken by
    either player, alternating turns: each player's sets hold 1-4 free cells and up to 3 of its own
    stones (never complete, never blocked at the start), its first set cells 63 and 64 where they
    are free or its own (across the words)."""
    n = draw(st.integers(65, 100))
    free = set(draw(st.lists(st.integers(0, n - 1), min_size=3, max_size=9, unique=True)))
    if draw(st.booleans()):
        free |= {63, 64}
    free = sorted(free)
    taken = [c for c in range(n) if c not in free]
    black = sorted(draw(st.lists(st.sampled_from(taken), max_size=len(taken), unique=True)))
    white = [c for c in taken if c not in set(black)]
    sets = []
    for own in (black, white):
        mine = []
        for i in range(draw(st.integers(1, 8))):
            cells = draw(st.lists(st.sampled_from(free), min_size=1, max_size=4, unique=True))
            if own:
                cells += draw(st.lists(st.sampled_from(own), max_size=3, unique=True))
            if i == 0:
                cells += [c for c in (63, 64) if c in free or c in own]
            mine.append(sum(1 << c for c in set(cells)))
        sets.append(tuple(dict.fromkeys(mine)))
    bi = sum(1 << c for c in black)
    wi = sum(1 << c for c in white)
    times = tuple(f"t{i}" for i in range(len(free)))
    black_turns = frozenset(times[0 if draw(st.booleans()) else 1::2])
    try:
        game = pg.PositionalGame(tuple(f"c{i}" for i in range(n)), sets[0], sets[1], bi, wi, times, black_turns,
                                 None, True)
    except Exception:
        assume(False)
    assume(game.initial_winner() is None)
    return game


@settings(max_examples=60, deadline=None)
@given(wide_races())
def test_random_wide_races_against_the_reference(game):
    """The kernel's verdict, move and carrier judged by the reference; its certificate by both
    checkers."""
    s = wide_race(game, symmetry=True)
    won, carrier, move = s.solve(*game.start(), 0)
    judged(game, 0, won, carrier, move)
    event("won" if won else "lost")
    event("rules: " + (", ".join(sorted(s.hits)) or "none"))
    assert (certified(game) == pg.BLACK) == won
