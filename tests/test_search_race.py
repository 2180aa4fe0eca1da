"""The compiled kernel on games where both players have sets (:mod:`verify.solvers.search.kernel_race`)
against the explicit ``.pg`` solver (:class:`verify.solvers.pg.PGSearch`) and the pure-Python
reference search: every small Maker-Maker game of a class enumerated below, hypothesis games, the
race families; every certificate built on the kernel checked by the unchanged checker."""
from __future__ import annotations

from itertools import combinations, permutations
from pathlib import Path

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

pytest.importorskip("numba")

from verify.certificates.checker import check_certificate  # noqa: E402
from verify.families import family, tic_tac_toe  # noqa: E402
from verify.formats.pg import read_pg  # noqa: E402
from verify.games import positional as pg  # noqa: E402
from verify.solvers.search.engine import make_search  # noqa: E402
from verify.solvers.search.fast import FastProofSearch  # noqa: E402
from verify.solvers.search.methods import search_pg  # noqa: E402

from test_search import pg_games, reference  # noqa: E402

CLASSICAL = Path(__file__).resolve().parents[1] / "examples" / "classical"
N = 4
CELLS = tuple(f"c{i}" for i in range(N))


def fast_certified(game: pg.PositionalGame, symmetry: bool = True) -> tuple[str, set[str]]:
    """The kernel's outcome (its certificate checked) and the rules that fired."""
    out = search_pg(game, certificate=True, symmetry=symmetry, engine="fast")
    check_certificate(out.certificate)
    return out.winner, {k for k, v in out.stats["rules"].items() if v}


def small_families():
    """Every family of one or two sets of 1-3 cells on four cells."""
    subsets = [m for m in range(1, 1 << N) if m.bit_count() <= 3]
    return [(a,) for a in subsets] + list(combinations(subsets, 2))


def _image(p, m):
    return sum(1 << p[i] for i in range(N) if m >> i & 1)


def small_pairs():
    """The pairs (black's family, white's family) of :func:`small_families`, one per class under
    permutations of the cells."""
    perms = list(permutations(range(N)))
    seen = set()
    out = []
    fams = small_families()
    for b in fams:
        for w in fams:
            key = min((tuple(sorted(_image(p, s) for s in b)), tuple(sorted(_image(p, s) for s in w)))
                      for p in perms)
            if key not in seen:
                seen.add(key)
                out.append((b, w))
    return out


SCHEDULES = ("BWBW", "WBWB", "BWB", "BBWW", "WBBW")


def small_game(b, w, schedule: str) -> pg.PositionalGame:
    times = tuple(f"t{i}" for i in range(len(schedule)))
    black = frozenset(t for t, c in zip(times, schedule) if c == "B")
    return pg.PositionalGame(CELLS, b, w, 0, 0, times, black, None, True)


@pytest.mark.parametrize("schedule", SCHEDULES)
def test_every_small_maker_maker_game(schedule):
    """Every pair of families (1-2 sets of 1-3 cells on 4 cells, up to relabelling), five
    schedules: the kernel's verdict is the explicit solver's, its certificate checks, and the forced
    blocks fire."""
    seen: set[str] = set()
    pairs = small_pairs()
    assert len(pairs) > 400
    for b, w in pairs:
        game = small_game(b, w, schedule)
        won, rules = fast_certified(game, symmetry=(b, w) < (w, b))
        assert won == reference(game), (b, w, schedule)
        seen |= rules
    assert "forced_block" in seen


@settings(max_examples=100, deadline=None)
@given(pg_games(maker_maker=True), st.booleans())
def test_maker_maker_games_against_reference(game, symmetry):
    assume(game.first_moves is None and game.initial_winner() is None)
    won, rules = fast_certified(game, symmetry)
    for rule in rules:
        event(f"rule {rule}")
    assert won == reference(game)
    assert won == search_pg(game, symmetry=symmetry, engine="python").winner


@settings(max_examples=40, deadline=None)
@given(st.permutations(range(9)), st.integers(0, 2), st.booleans(), st.integers(5, 9), st.booleans())
def test_tic_tac_toe_races_with_stones(cells, kb, fewer, length, symmetry):
    """Maker-Maker tic-tac-toe from random positions and schedule lengths: kernel, reference search
    and explicit solver agree."""
    h = tic_tac_toe(3)
    kw = max(0, kb - fewer)
    bi = sum(1 << c for c in cells[:kb])
    wi = sum(1 << c for c in cells[kb:kb + kw])
    sets = tuple(dict.fromkeys(h.edge_masks))
    times, black = pg.alternating_schedule(min(length, 9 - kb - kw), pg.BLACK if kb == kw else pg.WHITE)
    game = pg.PositionalGame(tuple(h.vertices), sets, sets, bi, wi, times, black, None, True)
    assume(game.initial_winner() is None)
    won, _ = fast_certified(game, symmetry)
    assert won == reference(game) == search_pg(game, symmetry=symmetry, engine="python").winner


RACES = ["tippy-2x2-race.pg", "tippy-3x3-race-4.pg", "tippy-3x3-race-5.pg", "elly-3x3-race.pg",
         "elly-4x4-race-3.pg", "elly-4x4-race-4.pg", "ap-4-3-race.pg", "ap-5-3-race.pg",
         "knobby-5x5-race-3.pg", "knobby-5x5-race-4.pg", "knobby-4x4-race.pg", "ap-14-4-race.pg",
         "ap-15-4-race.pg"]


SEEN: set[str] = set()


@pytest.mark.parametrize("name", RACES)
def test_race_families_agree_and_certify(name):
    game = read_pg(CLASSICAL / name)
    won, rules = fast_certified(game)
    SEEN.update(rules)
    assert won == search_pg(game, engine="python").winner


def test_race_families_fire_the_rules():
    for name in ("knobby-4x4-race.pg", "ap-14-4-race.pg"):
        SEEN.update(fast_certified(read_pg(CLASSICAL / name))[1])
    assert {"must_play", "forced_block", "residual_transposition", "threat_space", "maker_breaker_oracle",
            "refuted_reply_carrier"} <= SEEN


@pytest.mark.parametrize("n,k,moves", [(7, 3, None), (9, 3, 3), (11, 4, None), (13, 4, 5)])
def test_ap_races_with_and_without_symmetry(n, k, moves):
    game = pg.race(family("ap", n, k), moves)
    on, _ = fast_certified(game, symmetry=True)
    off, _ = fast_certified(game, symmetry=False)
    assert on == off == search_pg(game, engine="python").winner


def test_race_kernel_threat_space_search_oracle_and_small_table():
    """The threat-space search fires on a race and does not change the answer; neither do the
    Maker-Breaker oracle turned off, nor a tiny table (replacement)."""
    game = read_pg(CLASSICAL / "ap-15-4-race.pg")
    on = make_search(game, pg.BLACK, "fast")
    assert on.wins(*game.start(), 0) and on.hits.get("threat_space", 0) > 0
    assert make_search(game, pg.BLACK, "fast", tss_depth=0).wins(*game.start(), 0)
    knobby = read_pg(CLASSICAL / "knobby-4x4-race.pg")
    for oracle in (True, False):
        s = make_search(knobby, pg.BLACK, "fast", mb_oracle=oracle)
        assert not s.wins(*knobby.start(), 0)
        assert bool(s.hits.get("maker_breaker_oracle")) == oracle
    small = FastProofSearch(game, pg.BLACK, tt_limit=16)
    assert small.wins(*game.start(), 0) and small.hits.get("replaced", 0) > 0 and small.race


def _k3_race(seed: int):
    """A race of 3-in-a-row on the 4×4 board from a seeded random position (1-3 black stones, as
    many white ones or one more, black to move), or None when the start is decided."""
    import random
    rnd = random.Random(seed)
    h = family("k-in-a-row", 4, 4, 3)
    sets = tuple(dict.fromkeys(h.edge_masks))
    cells = rnd.sample(range(16), 16)
    kb = rnd.randint(1, 3)
    kw = kb + rnd.randint(0, 1)
    bi, wi = sum(1 << c for c in cells[:kb]), sum(1 << c for c in cells[kb:kb + kw])
    times, black = pg.alternating_schedule(rnd.randint(5, 16 - kb - kw), pg.BLACK)
    try:
        game = pg.PositionalGame(tuple(h.vertices), sets, sets, bi, wi, times, black, None, True)
    except Exception:  # noqa: BLE001 - both hold a line: not a game
        return None
    return game if game.initial_winner() is None else None


def test_threat_lines_through_counter_threats_agree_with_the_explicit_solver():
    """The race kernel's threat-space lines that go on through a single counter-threat of Y (X's
    forced block being itself a threat, :mod:`verify.solvers.search.kernel_race`): on seeded
    3-in-a-row races on 4×4 they fire, and every verdict equals the explicit solver's and the
    kernel's with them off; the certificates built where they fired are accepted."""
    import verify.solvers.search.kernel as k
    fired = 0
    for seed in range(400):
        game = _k3_race(seed)
        if game is None:
            continue
        s = make_search(game, pg.BLACK, "fast")
        won = s.wins(*game.start(), 0)
        if not s.hits.get("threat_space_blocks"):
            continue
        fired += 1
        off = make_search(game, pg.BLACK, "fast")
        off.st[k.TSS_COUNTER] = 0
        assert won == off.wins(*game.start(), 0) == (reference(game) == pg.BLACK), seed
        if fired <= 8:
            assert fast_certified(game)[0] == reference(game)
    assert fired >= 20
