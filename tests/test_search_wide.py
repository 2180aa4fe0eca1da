"""The compiled Maker-Breaker kernel on boards of 65..128 cells (masks of two words,
:mod:`verify.solvers.search.kernel`) against the pure-Python reference search and known answers:
verdicts, X's moves and Y's refutations, carriers, sets across the word boundary (cells 63/64),
symmetry keys, pairing leaves, certificates checked by both checkers; and the two-word kernel on
small boards, where it must be the one-word search exactly."""
from __future__ import annotations

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

pytest.importorskip("numba")

from verify.certificates.checker import check_certificate  # noqa: E402
from verify.families import family  # noqa: E402
from verify.games import positional as pg  # noqa: E402
from verify.games.maker_breaker import MakerBreakerGame  # noqa: E402
from verify.second_opinion import check as second_check  # noqa: E402
from verify.solvers.search import fast  # noqa: E402
from verify.solvers.search.engine import make_search  # noqa: E402
from verify.solvers.search.fast import FastProofSearch  # noqa: E402
from verify.solvers.search.methods import search_maker_breaker, search_pg  # noqa: E402
from verify.solvers.search.symmetry import apply  # noqa: E402


def wide(game: pg.PositionalGame, attacker: str = pg.BLACK, **kw) -> FastProofSearch:
    """The search ``make_search`` picks for the game: asserted to be the kernel on two words."""
    s = make_search(game, attacker, "auto", **kw)
    assert isinstance(s, FastProofSearch) and not s.race
    assert s.words == 2 and s.S.shape[1:] == (2,) and s.tab.shape[2:] == (2,)
    return s


def judged(game: pg.PositionalGame, t: int, won: bool, carrier: int, move: int, b: int | None = None,
           w: int | None = None) -> None:
    """The reference judges the kernel's answer at (b, w, t) (default: the start), X = black: the
    verdict; at X's turn of a win, X's move is legal and keeps the win; at Y's turn of a loss, Y's
    refutation is legal and X loses after it; at a win, the carrier is one (Y given every free cell
    off it, X still wins)."""
    if b is None:
        b, w = game.start()
    ref = make_search(game, pg.BLACK, "python", symmetry=True)
    assert won == ref.wins(b, w, t)
    free = game.full_mask & ~b & ~w
    x_turn = game.schedule()[t] == pg.BLACK
    if won and x_turn:
        assert move.bit_count() == 1 and move & free
        assert ref.wins(b | move, w, t + 1)
    if not won and not x_turn and move:
        assert move.bit_count() == 1 and move & free
        assert not ref.wins(b, w | move, t + 1)
    if won:
        extra = free & ~carrier
        assert ref.wins(b, w | extra, t)


def mb(spec, first: str, rounds: int | None = None) -> pg.PositionalGame:
    return pg.from_maker_breaker(family(*spec), 0, 0, first, rounds)


# -- which kernel ---------------------------------------------------------------------------------

def test_two_words_above_64_cells():
    """Games of 65..128 cells run on the kernel of two words, those of at most 64 on one; games
    above 128 stay on the reference (races too: tests/test_search_wide_race.py)."""
    assert fast.eligible(mb(("k-in-a-row", 9, 9, 3), "maker"), pg.BLACK)
    assert make_search(mb(("k-in-a-row", 8, 8, 4), "maker"), pg.BLACK, "auto").words == 1
    wide(mb(("ap", 128, 3), "breaker"))
    assert not fast.eligible(mb(("ap", 129, 3), "maker"), pg.BLACK)
    race = pg.race(family("ap", 129, 3))
    assert not fast.eligible(race, pg.BLACK)
    assert not isinstance(make_search(race, pg.BLACK, "auto"), FastProofSearch)


# -- the same search on two words -----------------------------------------------------------------

@pytest.mark.parametrize("spec", [("animal", "snaky", 6), ("ap", 20, 5), ("ap", 14, 4), ("tic-tac-toe", 4),
                                  ("animal", "knobby", 4), ("k-in-a-row", 5, 5, 4)])
@pytest.mark.parametrize("first", ["maker", "breaker"])
def test_two_words_on_a_small_board_is_the_one_word_search(spec, first):
    """Forced onto two words, the kernel visits the same nodes with the same rules firing and gives
    the same answer as on one (cells 0..63 in the first word: the same masks, the same order)."""
    g = mb(spec, first)
    runs = []
    for words in (1, 2):
        s = FastProofSearch(g, pg.BLACK, symmetry=True, words=words)
        runs.append((s.solve(*g.start(), 0), s.nodes, s.hits))
    assert runs[0] == runs[1]


def test_pairing_leaves_fire_on_two_words():
    """Snaky on 6x6 (Breaker wins, Maker first) forced onto two words: greedy and searched pairing
    leaves and replies into them fire, as on one word."""
    g = mb(("animal", "snaky", 6), "maker")
    s = FastProofSearch(g, pg.BLACK, symmetry=True, words=2)
    assert not s.wins(*g.start(), 0)
    assert s.hits.get("pairing_leaf", 0) > 0 and s.st[s.k.PAIR_FOUND] > 0


# -- boards of 65..128 cells against the reference --------------------------------------------------

WIDE = [(("k-in-a-row", 9, 9, 3), "maker", None), (("k-in-a-row", 9, 9, 3), "breaker", None),
        (("k-in-a-row", 9, 9, 4), "maker", None), (("ap", 70, 3), "maker", None), (("ap", 70, 3), "breaker", None),
        (("ap", 70, 4), "maker", None), (("ap", 128, 3), "breaker", None), (("k-in-a-row", 9, 9, 4), "maker", 3),
        (("ap", 100, 3), "breaker", 2), (("ap", 70, 4), "maker", 4)]


@pytest.mark.parametrize("spec,first,rounds", WIDE)
def test_wide_boards_against_the_reference(spec, first, rounds):
    """k-in-a-row on 9x9 (lines across cells 63/64), van der Waerden games on {1..70..128}, some with
    Maker's moves bounded: the kernel's verdict, move or refutation, and carrier, judged by the
    reference; the threat-space search and the refuted replies' carriers fire."""
    g = mb(spec, first, rounds)
    s = wide(g)
    won, carrier, move = s.solve(*g.start(), 0)
    judged(g, 0, won, carrier, move)


def test_replies_and_refutations_after_an_opening():
    """k-in-a-row 9x9, k = 4, Maker first, within 3 moves: after Maker's move at each cell of row 7
    (cells 63..71: the word boundary), every answer of the kernel at Breaker's turn (X's win with its
    carrier, or Breaker's refutation) against the reference's."""
    g = mb(("k-in-a-row", 9, 9, 4), "maker", 3)
    s = wide(g)
    b, w = g.start()
    for c in range(63, 72):
        won, carrier, move = s.solve(b | 1 << c, w, 1)
        judged(g, 1, won, carrier, move, b | 1 << c, w)


# -- symmetry ---------------------------------------------------------------------------------------

def test_symmetry_keys_on_two_words():
    """On 9x9 (the dihedral group), the two-word permutation tables map each cell as the
    permutation does, and ``canonical_key`` is the least image (X's stones, then the union of X's
    live sets) over the group, with a permutation giving it."""
    g = mb(("k-in-a-row", 9, 9, 4), "maker")
    s = wide(g, symmetry=True)
    assert len(s.group) == 7
    for i, p in enumerate(s.group):
        assert [s._int(s.T[i, 16, c]) for c in range(81)] == [1 << p[c] for c in range(81)]
    import random
    rng = random.Random(5)
    everyone = [tuple(range(81))] + s.group
    for _ in range(40):
        cells = rng.sample(range(81), 12)
        b = sum(1 << c for c in cells[:6])
        w = sum(1 << c for c in cells[6:])
        key, perm = s.canonical_key(b, w, 12)
        own, opp = s.own_opp(b, w)
        u = 0
        for e in s.xsets:
            if not e & opp and (e & ~own).bit_count() <= s.left_x[12]:
                u |= e
        want = min((apply(q, own & u), apply(q, u)) for q in everyone)
        assert (key[1], key[0]) == want
        q = perm or everyone[0]
        assert (apply(q, own & u), apply(q, u)) == want


def test_certificate_on_two_words_checked_by_both_checkers():
    """k-in-a-row 9x9, k = 4, Maker first (Maker wins): the certificate built on the two-word kernel
    with symmetry (isomorphic residuals linked) holds for both checkers."""
    h = family("k-in-a-row", 9, 9, 4)
    wide(pg.from_maker_breaker(h, 0, 0, "maker"))
    out = search_maker_breaker(MakerBreakerGame(h, "maker"), certificate=True, engine="fast")
    assert out.winner == "maker"
    check_certificate(out.certificate)
    second_check(out.certificate)


# -- Snaky on 9x9 from a late position --------------------------------------------------------------

# (Maker's stones, Breaker's stones) on the 9x9 board (cells of ``family("animal", "snaky", 9)``),
# Maker to move: random positions (seeded), one Maker wins and two Breaker wins
SNAKY9 = {"maker wins": ([3, 8, 12, 15, 17, 26, 32, 48, 49, 57, 60, 62, 63, 72],
                         [0, 1, 6, 13, 14, 20, 24, 27, 28, 31, 33, 34, 37, 41, 43, 46, 51, 53, 54, 55, 64, 65, 66,
                          73, 74, 75]),
          "breaker wins": ([1, 8, 16, 24, 29, 30, 33, 47, 60, 69, 71, 74, 75, 79],
                           [0, 2, 4, 9, 10, 17, 19, 27, 37, 38, 40, 42, 48, 49, 50, 55, 57, 59, 64, 67, 68, 70, 72,
                            76, 78, 80]),
          "breaker wins, 51 free cells": ([2, 8, 11, 13, 19, 30, 38, 50, 51, 61, 70],
                                          [1, 6, 7, 12, 16, 17, 22, 28, 35, 37, 41, 46, 52, 53, 55, 60, 66, 71, 78])}


def snaky9(name: str) -> pg.PositionalGame:
    black, white = SNAKY9[name]
    return pg.from_maker_breaker(family("animal", "snaky", 9), sum(1 << c for c in black),
                                 sum(1 << c for c in white), "maker")


@pytest.mark.parametrize("name", ["maker wins", "breaker wins"])
def test_snaky_9x9_late_positions_against_the_reference(name):
    g = snaky9(name)
    s = wide(g, symmetry=True)
    won, carrier, move = s.solve(*g.start(), 0)
    assert won == (name == "maker wins")
    judged(g, 0, won, carrier, move)


def test_snaky_9x9_breaker_win_by_pairing_leaves_certified():
    """Snaky 9x9 with 51 free cells, Maker to move (the reference runs for minutes): the two-word
    kernel refutes Maker through pairing leaves, and the certificate built on it (the leaves'
    pairings recorded) holds for both checkers."""
    g = snaky9("breaker wins, 51 free cells")
    s = wide(g, symmetry=True)
    assert not s.wins(*g.start(), 0)
    assert s.hits.get("pairing_leaf", 0) > 0
    out = search_pg(g, certificate=True, engine="fast")
    assert out.winner == pg.WHITE
    check_certificate(out.certificate)
    second_check(out.certificate)


# -- random wide games --------------------------------------------------------------------------------

@st.composite
def wide_games(draw):
    """Maker-Breaker .pg games on 65..100 cells with at most 11 free cells: random sets of 2-6 cells
    among the free cells and some of Maker's (the first holds cells 63 and 64: across the words),
    the other cells taken by either player (63 and 64 free or Maker's), alternating turns."""
    n = draw(st.integers(65, 100))
    free = set(draw(st.lists(st.integers(0, n - 1), min_size=3, max_size=9, unique=True)))
    taken = [c for c in range(n) if c not in free]
    black = set(draw(st.lists(st.sampled_from(taken), max_size=len(taken), unique=True)))
    white = [c for c in taken if c not in black and c not in (63, 64)]
    hot = sorted(free | set(sorted(black)[:8]) | {63, 64})
    sets = []
    for first in range(draw(st.integers(2, 12))):
        size = draw(st.integers(2, min(6, len(hot))))
        s = (1 << 63 | 1 << 64) if first == 0 else 0
        for c in draw(st.lists(st.sampled_from(hot), min_size=size, max_size=size, unique=True)):
            s |= 1 << c
        sets.append(s)
    bi = sum(1 << c for c in black)
    wi = sum(1 << c for c in white)
    moves = ((1 << n) - 1 & ~bi & ~wi).bit_count()
    times = tuple(f"t{i}" for i in range(moves))
    black_turns = frozenset(times[0 if draw(st.booleans()) else 1::2])
    try:
        game = pg.PositionalGame(tuple(f"c{i}" for i in range(n)), tuple(dict.fromkeys(sets)), (), bi, wi, times,
                                 black_turns, None, False)
    except Exception:
        assume(False)
    assume(game.initial_winner() is None and game.free_mask())
    return game


@settings(max_examples=60, deadline=None)
@given(wide_games())
def test_random_wide_games_against_the_reference(game):
    s = wide(game, symmetry=True)
    b, w = game.start()
    won, carrier, move = s.solve(b, w, 0)
    judged(game, 0, won, carrier, move)
    event(f"{'won' if won else 'lost'}")
    for rule in s.hits:
        event(f"rule {rule}")
    out = search_pg(game, certificate=True, engine="fast")
    assert (out.winner == pg.BLACK) == won
    check_certificate(out.certificate)
    second_check(out.certificate)
