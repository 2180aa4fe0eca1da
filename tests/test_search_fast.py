"""The compiled proof-search kernel (extra ``fast``) against the pure-Python reference search and the
explicit solver: every small Maker-Breaker board, both starters, bounded questions, random boards
and ``.pg`` games (hypothesis), the Hex puzzles; certificates built on the kernel checked."""
from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

pytest.importorskip("numba")

from verify.certificates.checker import check_certificate  # noqa: E402
from verify.errors import MethodError, Undecided  # noqa: E402
from verify.families import family, tic_tac_toe  # noqa: E402
from verify.formats.pg import read_pg  # noqa: E402
from verify.games import positional as pg  # noqa: E402
from verify.games.maker_breaker import MakerBreakerGame  # noqa: E402
from verify.isomorphism import enumerate_hypergraphs  # noqa: E402
from verify.solvers.explicit import naive_maker_wins  # noqa: E402
from verify.solvers.search import kernel as k  # noqa: E402
from verify.solvers.search.engine import make_search  # noqa: E402
from verify.solvers.search.fast import TSS_DEPTH, FastProofSearch  # noqa: E402
from verify.solvers.search.methods import search_maker_breaker, search_pg  # noqa: E402
from verify.strategies import hypergraphs  # noqa: E402

from test_search import pg_games, reference  # noqa: E402

HEIN = Path(__file__).resolve().parents[2] / "shared" / "positional-games" / "hex-hein"
if not HEIN.is_dir():
    HEIN = Path("/work/shared/positional-games/hex-hein")


def both(game, rounds=None, symmetry=True):
    """The kernel's certified outcome and the reference's, on one Maker-Breaker game."""
    fast = search_maker_breaker(game, certificate=True, symmetry=symmetry, rounds=rounds, engine="fast")
    slow = search_maker_breaker(game, symmetry=symmetry, rounds=rounds, engine="python")
    check_certificate(fast.certificate)
    return fast, slow


def test_every_small_hypergraph_both_starters_and_bounds():
    """Every board up to 4 vertices (edges of size 1-3), both starters, unbounded and every bound:
    the kernel's verdict is the reference's and the explicit solver's; every certificate checks."""
    seen = set()
    count = 0
    for n in range(1, 5):
        for h in enumerate_hypergraphs(n, (1, 2, 3)):
            for first in ("maker", "breaker"):
                game = MakerBreakerGame(h, first)
                for rounds in (None, 2) if n == 4 else (None, 1, 2):
                    fast, slow = both(game, rounds)
                    assert fast.winner == slow.winner and fast.answer == slow.answer if rounds else True
                    if rounds is None:
                        assert (fast.winner == "maker") == naive_maker_wins(game), (h.edge_masks, first)
                    seen |= {k for k, v in fast.stats["rules"].items() if v}
                    count += 1
    assert count > 1500
    assert {"must_play", "forced_block", "residual_transposition"} <= seen  # (carriers of refuted replies: below)


@settings(max_examples=100, deadline=None)
@given(hypergraphs(min_vertices=4, max_vertices=10, edge_sizes=(2, 3, 4), max_edges=16, marked=True),
       st.sampled_from(["maker", "breaker"]), st.booleans(), st.sampled_from([None, 2, 3]))
def test_random_boards_against_reference(h, first, symmetry, rounds):
    assume(h.n - h.marked_mask.bit_count() <= 9)
    game = MakerBreakerGame(h, first)
    fast, slow = both(game, rounds, symmetry)
    event(f"winner {fast.winner}")
    for rule in fast.stats["rules"]:
        event(f"rule {rule}")
    assert fast.winner == slow.winner
    if rounds is not None:
        assert fast.answer == slow.answer
        if rounds is None or rounds >= h.n:
            assert (fast.winner == "maker") == naive_maker_wins(game)


@settings(max_examples=100, deadline=None)
@given(pg_games(maker_maker=False), st.booleans())
def test_pg_games_against_reference(game, symmetry):
    assume(game.free_mask() and game.initial_winner() is None and game.first_moves is None)
    out = search_pg(game, certificate=True, symmetry=symmetry, engine="fast")
    assert out.winner == reference(game)
    check_certificate(out.certificate)


def test_threat_space_search_and_symmetry_fire_and_agree():
    """Qubic with two Maker stones against Breaker's one, Maker to move: the threat-space search
    finds most of the proof; with and without automorphism keys, and without threat-space search,
    the same."""
    qubic = family("qubic")
    game = pg.from_maker_breaker(qubic, qubic.mask(["1.1.1", "1.2.2"]), qubic.mask(["2.2.2"]), "maker")
    on = make_search(game, pg.BLACK, "fast", symmetry=True)
    assert on.wins(*game.start(), 0)
    assert on.hits.get("threat_space", 0) > 0
    off = make_search(game, pg.BLACK, "fast", symmetry=False)
    assert off.wins(*game.start(), 0)
    g4 = pg.from_maker_breaker(tic_tac_toe(4), 0, 0, "maker")
    assert not make_search(g4, pg.BLACK, "fast", tss_depth=0).wins(*g4.start(), 0)


def test_certificate_walk_follows_the_kernels_threat_lines():
    """A Qubic opening Maker wins (9 stones, Breaker to move): the certificate's walk takes the
    kernel's threat-space lines and follows each to its end, so it asks the kernel for few nodes
    (16; before the lines were followed, 4.6 times the 17 of the search then: states the kernel
    never examined) and the certificate checks."""
    from verify.solvers.search.engine import decide
    from verify.solvers.search.methods import pg_proof_certificate
    qubic = family("qubic")
    op = ["1.1.1", "2.2.2", "1.2.2", "2.1.1", "1.3.3", "1.4.4", "1.1.4", "1.2.1", "1.1.3"]
    game = pg.from_maker_breaker(qubic, qubic.mask(op[0::2]), qubic.mask(op[1::2]), "breaker")
    winner, searches = decide(game, engine="fast")
    assert winner == pg.BLACK
    searched = searches[0].nodes
    cert = pg_proof_certificate(game, winner, searches)
    assert searches[0].nodes - searched <= 20
    assert check_certificate(cert).verdict == {"winner": pg.BLACK}


def test_threat_line_is_the_kernels_and_goes_on():
    """``threat_line`` at X's turn: after the line's first move and Y's forced reply, the rest of
    the line is found with one threat less, and the carriers add up; none at Y's turn."""
    qubic = family("qubic")
    op = ["1.1.1", "2.2.2", "1.2.2", "2.1.1", "1.3.3", "1.4.4", "1.1.4", "1.2.1", "1.1.3", "1.1.2", "1.3.1",
          "1.2.4"]
    game = pg.from_maker_breaker(qubic, qubic.mask(op[0::2]), qubic.mask(op[1::2]), "maker")
    s = make_search(game, pg.BLACK, "fast")
    b, w = game.start()
    won, car, v = s.threat_line(b, w, 0)
    assert won and v & car and car.bit_count() > 3
    assert s.threat_line(b, w, 1) == (False, 0, 0)
    nb, nw = s.play(b, w, v, True)
    own, opp = s.own_opp(nb, nw)
    threats = 0
    for e in s.xsets:
        if not e & opp and (e & ~own).bit_count() == 1:
            threats |= e & ~own
    assert threats.bit_count() == 1
    won2, car2, _ = s.threat_line(*s.play(nb, nw, threats, False), 2, 5)
    assert won2 and car == car2 | v | threats


def test_small_table_replaces_and_stays_correct():
    g = pg.from_maker_breaker(tic_tac_toe(4), 0, 0, "maker")
    s = FastProofSearch(g, pg.BLACK, tt_limit=16)
    assert not s.wins(*g.start(), 0)
    assert s.hits.get("replaced", 0) > 0 and len(s.tab) == 16


@pytest.mark.skipif(not HEIN.is_dir(), reason="Hex puzzles not present")
@pytest.mark.parametrize("name", ["hein_04_3x3-05.pg", "hein_09_4x4-07.pg", "hein_13_5x5-09.pg",
                                  "hein_02_5x5-13.pg", "hein_17_6x6-15.pg", "hein_18_7x7-15.pg"])
def test_hein_puzzles_agree_and_certify(name):
    game = read_pg(HEIN / name)
    fast = search_pg(game, certificate=True, engine="fast")
    assert fast.winner == search_pg(game, engine="python").winner
    check_certificate(fast.certificate)


def test_timeout_and_ineligible_games():
    g = pg.race(family("qubic"))  # the strong game of Qubic: undecided for many minutes
    with pytest.raises(Undecided):
        search_pg(g, timeout=0.3, engine="fast")
    from test_pg import TTT_MM
    from verify.formats.pg import parse_pg
    with pytest.raises(MethodError, match="needs numba"):
        make_search(parse_pg(TTT_MM + "#firstmoves\nb2\n"), pg.BLACK, "fast")
    assert make_search(parse_pg(TTT_MM), pg.BLACK, "fast").race  # Maker-Maker: the race kernel


@pytest.mark.parametrize("first", ["maker", "breaker"])
def test_parallel_split_agrees_and_certifies(first):
    """Two children split the first move; the merged certificate checks; both starters, boards
    where each player wins."""
    for h in (tic_tac_toe(3), tic_tac_toe(4), family("k-in-a-row", 4, 4, 3)):
        game = MakerBreakerGame(h, first)
        par = search_maker_breaker(game, certificate=True, jobs=2, engine="fast")
        assert par.winner == search_maker_breaker(game, engine="python").winner
        assert par.stats["jobs"] == 2
        check_certificate(par.certificate)


def test_parallel_split_walks_subgames_only_for_a_certificate(monkeypatch):
    """Without a certificate the children do not walk their subgames for choices (the walk is as
    large as a certificate's part: Snaky 9x8 grew past 6 GB a child); with one they do. The
    children are forked, so the patched walk is theirs too."""
    from verify.solvers.search import engine

    def walk(*args):
        raise RuntimeError("walked")

    monkeypatch.setattr(engine, "subgame_choices", walk)
    game = MakerBreakerGame(tic_tac_toe(4), "maker")
    assert search_maker_breaker(game, jobs=2, engine="fast").winner == "breaker"
    with pytest.raises(Exception, match="walked"):
        search_maker_breaker(game, certificate=True, jobs=2, engine="fast")


@pytest.mark.parametrize("first", ["maker", "breaker"])
def test_parallel_split_searches_one_first_move_per_orbit(first):
    """Without a certificate the split searches one first move per orbit of the board's
    automorphisms (4x4 tic-tac-toe: corners, edges, centre: 3 of 16; Breaker first: and the pass),
    and the answers agree with the reference; a certificate's split searches every first move."""
    for h, orbits in ((tic_tac_toe(4), 3), (tic_tac_toe(3), 3), (family("k-in-a-row", 4, 4, 3), 3)):
        game = MakerBreakerGame(h, first)
        par = search_maker_breaker(game, jobs=2, engine="fast")
        assert par.winner == search_maker_breaker(game, engine="python").winner
        assert par.stats["split_moves"] <= orbits + (first == "breaker")
        assert search_maker_breaker(game, certificate=True, jobs=2, engine="fast").stats["split_moves"] >= len(h.vertices)


def test_parallel_split_by_orbits_against_the_explicit_reference():
    """What the split's orbit reduction relies on, judged by the explicit reference
    (``naive_maker_wins``, no symmetry): on every board of 4 vertices (edges of size 1 to 3) whose
    automorphisms merge some first moves, both starters, the first mover wins after some (Maker) /
    every (Breaker's refutation) first move iff it does after one of the orbits' representatives."""
    from verify.hypergraph import Hypergraph
    from verify.solvers.search.parallel import _orbit_representatives
    def reversed_board(h):  # the same board, cells numbered the other way (the enumeration puts
        n = h.n                 # its busiest vertex first, which a wrong reduction may keep by luck)
        return Hypergraph.from_masks(h.vertices, [sum(1 << (n - 1 - i) for i in range(n) if m >> i & 1)
                                                  for m in h.edge_masks])

    count = 0
    for h in (b for g in enumerate_hypergraphs(4, (1, 2, 3)) for b in (g, reversed_board(g))):
        cells = [1 << i for i in range(h.n)]
        reps = _orbit_representatives(pg.from_maker_breaker(h, 0, 0, "maker", None), cells)
        if len(reps) == len(cells):
            continue

        def maker_after(c):  # Maker's first move c, then Breaker to move
            return naive_maker_wins(MakerBreakerGame(Hypergraph.from_masks(h.vertices, h.edge_masks, c), "breaker"))

        def maker_wins_after_breaker(c):  # Breaker's first move c, then Maker to move
            return naive_maker_wins(MakerBreakerGame(h, "maker", frozenset(h.names(c))))

        assert any(map(maker_after, reps)) == any(map(maker_after, cells)), h.edge_masks
        assert all(map(maker_wins_after_breaker, reps)) == all(map(maker_wins_after_breaker, cells)), h.edge_masks
        count += 1
    assert count > 100


def test_parallel_timeout_leaves_no_process():
    import psutil
    g = pg.race(family("qubic"))  # the strong game of Qubic: undecided for many minutes
    with pytest.raises(Undecided):
        search_pg(g, timeout=1.0, jobs=2, engine="fast")
    assert not psutil.Process().children(recursive=True)


_QUBIC_LINE = """
from verify.families import family
from verify.games import positional as pg
from verify.solvers.search.fast import FastProofSearch
q = family("qubic")
opening = ["1.1.1", "2.2.2", "1.2.2", "2.1.1", "1.3.3", "1.4.4", "1.1.4", "1.2.1", "1.1.3", "1.1.2", "2.2.3", "1.2.3"]
g = pg.from_maker_breaker(q, q.mask(opening[0::2]), q.mask(opening[1::2]), "maker")
s = FastProofSearch(g, pg.BLACK, symmetry=True)
print(s.threat_line(*g.start(), 0), s.wins(*g.start(), 0))
"""


def test_kernel_loaded_from_numba_cache_in_a_fresh_process():
    """The kernel's compiled code, reloaded from numba's on-disk cache by a fresh process, runs the
    threat-space search and the search like the process that compiled it. (Self-recursive
    functions called with a literal argument segfault once reloaded from the cache: numba issue
    6713; two fresh processes, the second surely on the cache.)"""
    import subprocess
    import sys
    outs = [subprocess.run([sys.executable, "-c", _QUBIC_LINE], capture_output=True, text=True, timeout=300)
            for _ in range(2)]
    assert [o.returncode for o in outs] == [0, 0], [o.stderr[-500:] for o in outs]
    assert outs[0].stdout == outs[1].stdout
    assert outs[0].stdout.startswith("(True,") and outs[0].stdout.strip().endswith("True")


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 64).flatmap(lambda n: st.permutations(range(n))))
def test_perm_tables_match_the_reference_byte_tables(perm):
    """The kernel's permutation tables, built with numpy, against the reference's byte tables
    (``search_symmetry.byte_tables``) and the permutation itself, cell by cell."""
    import numpy as np
    from verify.solvers.search.fast import perm_tables
    from verify.solvers.search.symmetry import byte_tables
    T = perm_tables([tuple(perm)], len(perm))
    for b, row in enumerate(byte_tables(tuple(perm))):
        assert (T[0, b] == np.array(row, dtype=np.uint64)).all()
    assert [int(T[0, 8, c]) for c in range(len(perm))] == [1 << i for i in perm]
    event(f"cells: {(len(perm) + 7) // 8 * 8}")


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 64).flatmap(lambda n: st.tuples(
    st.lists(st.permutations(range(n)), min_size=1, max_size=6),
    st.lists(st.integers(0, (1 << n) - 1), min_size=4, max_size=4))))
def test_canonical_keys_are_the_least_images(case):
    """The kernel's canonical keys (stones first, mapped cell by cell with early exit) against a
    brute-force minimum over the group's images: ``canonical`` of (u, o) is the least (o, u), and
    ``canonical4`` of (u, o, y, p) the least (o, p, u, y), each with a permutation giving it."""
    import numpy as np
    from verify.solvers.search.fast import perm_tables
    from verify.solvers.search.kernel import canonical
    from verify.solvers.search.kernel_race import canonical4
    from verify.solvers.search.symmetry import apply
    perms, (u, o, y, p) = case
    n = len(perms[0])
    T = perm_tables([tuple(q) for q in perms], n)
    everyone = [tuple(range(n))] + [tuple(q) for q in perms]
    want2 = min((apply(q, o), apply(q, u)) for q in everyone)
    cu, co, arg = canonical(T, np.uint64(u), np.uint64(o))
    assert (int(co), int(cu)) == want2
    q = everyone[arg + 1]
    assert (apply(q, o), apply(q, u)) == want2
    want4 = min((apply(q, o), apply(q, p), apply(q, u), apply(q, y)) for q in everyone)
    ku, ko, ky, kp, arg = canonical4(T, *(np.uint64(x) for x in (u, o, y, p)))
    assert (int(ko), int(kp), int(ku), int(ky)) == want4
    q = everyone[arg + 1]
    assert (apply(q, o), apply(q, p), apply(q, u), apply(q, y)) == want4
    event(f"identity least: {arg < 0}")


# Hex puzzles on which Y's replies off the carrier of a refuted reply are passed over (the rule
# never fires on the boards of up to 4 vertices above; on 4x4 and 5x5 puzzles it does)
CARRIER_PUZZLES = ["hein_02_5x5-11.pg", "hein_06_4x4-13.pg", "hein_07_4x4-09.pg", "hein_09_4x4-07.pg",
                   "hein_13_5x5-09.pg", "hein_15_5x5-13.pg", "hein_19_5x5-11.pg"]


@pytest.mark.skipif(not HEIN.is_dir(), reason="Hex puzzles not present")
@pytest.mark.parametrize("name", CARRIER_PUZZLES)
def test_refuted_reply_carriers_fire_and_agree(name, monkeypatch):
    """The kernel passes over Y's replies off a refuted reply's carrier here; its verdict is the
    reference search's (and the explicit solver's, up to 14 free cells), and its certificate (every
    reply of Y answered) checks. (Searched pairing leaves off: they settle some of these first.)"""
    from verify.solvers.pg import solve_pg_explicit
    from verify.solvers.search import fast as fast_search
    monkeypatch.setattr(fast_search, "MB_PAIR_BUDGET", 0)
    game = read_pg(HEIN / name)
    fast = search_pg(game, certificate=True, engine="fast")
    assert fast.stats["rules"].get("refuted_reply_carrier", 0) > 0
    assert fast.winner == search_pg(game, engine="python").winner
    if game.free_mask().bit_count() <= 14:
        assert fast.winner == solve_pg_explicit(game).winner
    check_certificate(fast.certificate)


def threat_line_by_full_scan(s, black, white, t, depth):
    """The kernel's threat-space search (:func:`verify.solvers.search.kernel.tss`) as its docstring
    states it, every live set scanned at every level: (found, carrier, first move, positions).
    A cell with two different partners (cells sharing a need of two with it) wins at once; else
    each cell with a partner, the partner being Y's reply, cells on two or more needs of three
    first, then on one, then the rest, each group in cell order; a position is counted where the
    search enters it, within the budget."""
    own, opp = s.own_opp(black, white)
    done, live = s._live(own, opp, t)
    if done or not live:
        return False, 0, 0, 0
    isx, lx, n = s.isx, s.lx, s.n
    budget, count = [int(s.st[k.TSS_BUDGET])], [0]

    def level(own, opp, t, depth, sets):
        if depth <= 0 or budget[0] <= 0 or t + 2 >= n or lx[t] < 2 or isx[t + 1] or not isx[t + 2]:
            return None
        budget[0] -= 1
        count[0] += 1
        partners, hot1, hot2 = {}, 0, 0
        for e in sets:
            need = e & ~own
            if need.bit_count() == 2:
                lo = need & -need
                partners.setdefault(lo, set()).add(need ^ lo)
                partners.setdefault(need ^ lo, set()).add(lo)
            elif need.bit_count() == 3:
                hot2 |= hot1 & need
                hot1 |= need
        double = sorted(c for c, p in partners.items() if len(p) > 1)
        if double:
            a, b = sorted(partners[double[0]])[:2]
            return double[0] | a | b, double[0]
        if depth <= 1 or lx[t + 2] < 2:
            return None
        cand = sum(partners)
        for group in (cand & hot2, cand & hot1 & ~hot2, cand & ~hot1):
            for v in sorted(c for c in partners if c & group):
                a = next(iter(partners[v]))
                child = [e for e in sets if not e & a and (e & ~(own | v)).bit_count() <= lx[t + 2]]
                found = level(own | v, opp | a, t + 2, depth - 1, child)
                if found:
                    return found[0] | v | a, v
        return None

    found = level(own, opp, t, depth, [s.xsets[i] for i in live])
    return (True, found[0], found[1], count[0]) if found else (False, 0, 0, count[0])


_TSS_BOARDS = {"qubic": lambda: family("qubic"), "tic-tac-toe 5x5": lambda: tic_tac_toe(5),
               "ap 22 5": lambda: family("ap", 22, 5), "L pentomino 6x6": lambda: family("animal", "L", 6)}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(_TSS_BOARDS)), st.data())
def test_threat_space_search_is_the_full_scan(board, data):
    """The kernel keeps, per level, only the sets of at most three free cells and brings in a
    larger set through X's move (the cells' set lists): it finds the same line (carrier, move)
    after the same number of positions as the search that scans every set at every level, on
    random positions of four boards (Maker to move, 1-9 stones of hers and up to as many of
    Breaker's at random)."""
    h = _TSS_BOARDS[board]()
    cells = data.draw(st.permutations(range(h.n)))
    x = data.draw(st.integers(1, 9))
    y = data.draw(st.integers(0, x))  # (Maker ahead: more threats to search)
    maker = sum(1 << c for c in cells[:x])
    breaker = sum(1 << c for c in cells[x:x + y])
    game = pg.from_maker_breaker(h, maker, breaker, "maker")
    s = FastProofSearch(game, pg.BLACK)
    b, w = game.start()
    before = int(s.st[k.TSS_NODES])
    won, car, v = s.threat_line(b, w, 0)
    expect = threat_line_by_full_scan(s, b, w, 0, TSS_DEPTH)
    searched = "1" if expect[3] < 2 else "2-9" if expect[3] < 10 else "10+"
    event(f"{board}: {'line' if won else 'none'}, {searched} positions")
    assert (won, car, v, int(s.st[k.TSS_NODES]) - before) == expect
