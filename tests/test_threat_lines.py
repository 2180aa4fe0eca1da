"""Threat lines in ``pg-proof`` certificates (issue 18): the checker's rule
(:meth:`verify.certificates.proof.ProofWalk.line_carrier`) judged by the explicit minimax
(:class:`verify.solvers.pg.PGSearch`) on every candidate line of random small games, its carrier
lemma included; certificates built with lines against the reference and against the same
certificates built move by move; mutated lines refused."""
from __future__ import annotations

import copy
import dataclasses
import itertools
import json

import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

pytest.importorskip("numba")

from verify.certificates.checker import check_certificate  # noqa: E402
from verify.certificates.proof import ProofWalk  # noqa: E402
from verify.errors import CertificateError, InputError  # noqa: E402
from verify.families import family, tic_tac_toe  # noqa: E402
from verify.games import positional as pg  # noqa: E402
from verify.games.maker_breaker import MakerBreakerGame  # noqa: E402
from verify.isomorphism import enumerate_hypergraphs  # noqa: E402
from verify.solvers.search import methods as search_methods  # noqa: E402
from verify.solvers.explicit import naive_maker_wins  # noqa: E402
from verify.solvers.pg import PGSearch  # noqa: E402
from verify.solvers.search.methods import search_maker_breaker, search_pg  # noqa: E402

from test_search import pg_games  # noqa: E402

_VALUE = {pg.BLACK: 1, pg.WHITE: -1}


def x_wins(game: pg.PositionalGame, x: str, b: int, w: int, t: int) -> bool | None:
    """Does X force a win from (b, w) with the schedule's time points t, t+1, ... left (the
    explicit minimax on the game restarted there); None if that game is not defined (its schedule
    would be cut short by the stones, or #firstmoves allows no free cell)."""
    times = game.times[:len(game.schedule())][t:]
    try:
        sub = dataclasses.replace(game, black_initials=b, white_initials=w, times=times,
                                  black_turns=frozenset(game.black_turns) & frozenset(times),
                                  first_moves=game.first_moves if t == 0 else None)
    except InputError:
        return None
    if len(sub.schedule()) < len(times) or sub.initial_winner() is not None:
        return None
    return PGSearch(sub).value(b, w) == _VALUE[x]


def _play_to(game, x, data):
    """A state at an X turn, the game not over, on a random legal playout from the start."""
    walk = ProofWalk(game, x, lambda *a: 0)
    b, w = game.start()
    seen = []
    for t in range(len(walk.sched)):
        free = walk.legal(b, w, t)
        if game.winner_if_over(b, w) is not None or not free:
            break
        if walk.sched[t] == x:
            seen.append((b, w, t))
        cells = [1 << i for i in range(len(game.positions)) if free >> i & 1]
        b, w = walk.play(b, w, data.draw(st.sampled_from(cells), label="move"), walk.sched[t] == x)
    assume(seen)
    early = data.draw(st.booleans(), label="early")  # early states have the longest lines
    return (walk, *data.draw(st.sampled_from(seen[:2] if early else seen), label="state"))


@st.composite
def line_games(draw):
    """Small games where threat lines occur: 5-7 cells, black sets of 2-3 cells, white sets (a
    Maker-Maker game) or none, a schedule alternating from either colour with at most one double
    move, a few initial stones, #firstmoves sometimes."""
    n = draw(st.integers(5, 7))
    cells = tuple(f"c{i}" for i in range(n))
    small = st.lists(st.integers(1, n), min_size=2, max_size=3, unique=True).map(lambda xs: sum(1 << (i - 1) for i in xs))
    black = tuple(draw(st.lists(small, min_size=3, max_size=8, unique=True)))
    mm = draw(st.booleans())
    white = tuple(draw(st.lists(small, min_size=1, max_size=3, unique=True))) if mm else ()
    bi = draw(st.sampled_from([0] + [1 << i for i in range(n)]))
    wi = draw(st.sampled_from([0] + [1 << i for i in range(n)])) & ~bi
    length = n - (bi | wi).bit_count()
    offset = draw(st.integers(0, 1))
    colours = [(i + offset) % 2 == 0 for i in range(length)]
    if draw(st.booleans()) and length > 2:
        j = draw(st.integers(1, length - 1))
        colours[j] = colours[j - 1]
    times = tuple(f"t{i}" for i in range(length))
    first = draw(st.sampled_from([None, None, None] + [(1 << i) | (1 << j) for i in range(n) for j in range(i)]))
    try:
        game = pg.PositionalGame(cells, black, white, bi, wi, times,
                                 frozenset(t for t, c in zip(times, colours) if c), first, mm)
    except InputError:
        assume(False)
    assume(game.initial_winner() is None)
    return game


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(line_games(), st.data())
def test_every_accepted_line_is_a_win_and_its_carrier_holds(game, data):
    """Every sequence of up to three distinct free cells at an X turn of a random small game (Maker-
    Maker or not, #firstmoves, any schedule): when the rule accepts it as a threat line, X wins
    there by the explicit minimax, and still wins with Y stones added on free cells outside the
    line's carrier (each single cell, and all of them at once)."""
    x = data.draw(st.sampled_from([pg.BLACK, pg.WHITE] if game.maker_maker else [pg.BLACK]), label="attacker")
    walk, b, w, t = _play_to(game, x, data)
    accepted = _accepted_lines_hold(walk, b, w, t, single=True)
    event(f"lines accepted: {min(accepted, 3)}{'+' if accepted > 3 else ''}")


def _accepted_lines_hold(walk, b, w, t, single: bool) -> int:
    """How many sequences of up to three free cells the rule accepts at (b, w, t); each is asserted
    to start with a legal move and to be an X win by the minimax, also with Y stones on all free
    cells outside its carrier (and, with ``single``, on each such cell alone)."""
    game, x = walk.game, walk.x
    cells = [1 << i for i in range(len(game.positions)) if (game.full_mask & ~b & ~w) >> i & 1]
    accepted = 0
    for k in (1, 2, 3):
        for line in itertools.permutations(cells, k):
            try:
                carrier = walk.line_carrier(b, w, t, list(line))
            except CertificateError:
                continue
            accepted += 1
            assert line[0] & walk.legal(b, w, t)
            assert x_wins(game, x, b, w, t) in (True, None), (game, b, w, t, line)
            outside = game.full_mask & ~b & ~w & ~carrier
            extra = [1 << i for i in range(len(game.positions)) if outside >> i & 1] if single else []
            for e in extra + ([outside] if outside else []):
                yb, yw = walk.play(b, w, e, False)
                assert x_wins(game, x, yb, yw, t) in (True, None), (game, b, w, t, line, e)
    return accepted


def _states(cert) -> int:
    return int(check_certificate(cert).detail.split()[0])


def test_every_small_board_with_and_without_lines():
    """Every board up to 4 vertices (edges of size 1-3) and tic-tac-toe 3x3, 4x4, both starters:
    the certificate with threat lines checks, gives the explicit solver's verdict, and derives no
    more states than the same proof recorded move by move; lines do occur."""
    boards = [h for n in range(1, 5) for h in enumerate_hypergraphs(n, (1, 2, 3))] + [tic_tac_toe(3), tic_tac_toe(4)]
    with_lines = 0
    for h in boards:
        for first in ("maker", "breaker"):
            game = MakerBreakerGame(h, first)
            on = search_maker_breaker(game, certificate=True, engine="fast")
            search_methods.THREAT_LINES = False
            try:
                off = search_maker_breaker(game, certificate=True, engine="fast")
            finally:
                search_methods.THREAT_LINES = True
            assert on.winner == off.winner
            if h.n <= 9:
                assert (on.winner == "maker") == naive_maker_wins(game)
            assert _states(on.certificate) <= _states(off.certificate)
            with_lines += any(q.get("lines") for q in on.certificate["questions"])
    assert with_lines >= 20


@settings(max_examples=60, deadline=None)
@given(pg_games(maker_maker=False), st.booleans())
def test_pg_games_with_lines_against_the_explicit_solver(game, symmetry):
    """Random .pg games (no white sets): the certificate, lines and all, gives the minimax's winner."""
    assume(game.free_mask() and game.initial_winner() is None and game.first_moves is None)
    out = search_pg(game, certificate=True, symmetry=symmetry, engine="fast")
    want = {1: pg.BLACK, -1: pg.WHITE, 0: pg.DRAW}[PGSearch(game).value(*game.start())]
    assert out.winner == want
    check_certificate(out.certificate)
    event(f"lines: {bool(out.certificate['questions'][0].get('lines'))}")


QUBIC9 = ["1.1.1", "2.2.2", "1.2.2", "2.1.1", "1.3.3", "1.4.4", "1.1.4", "1.2.1", "1.1.3"]


@pytest.fixture(scope="module")
def qubic_cert():
    q = family("qubic")
    g = pg.from_maker_breaker(q, q.mask(QUBIC9[0::2]), q.mask(QUBIC9[1::2]), "breaker")
    out = search_pg(g, certificate=True, engine="fast")
    assert out.winner == pg.BLACK
    return out.certificate


def test_qubic_opening_lines_shrink_the_certificate(qubic_cert):
    """The 9-stone Qubic opening: most of the proof is threat lines (one entry each), and the
    certificate is less than half the move-by-move one's size, with a third of its states."""
    q = qubic_cert["questions"][0]
    assert len(q["lines"]) > len(q["moves"])
    search_methods.THREAT_LINES = False
    try:
        from verify.formats.pg import parse_pg
        old = search_pg(parse_pg(qubic_cert["instance"]["pg"]), certificate=True, engine="fast").certificate
    finally:
        search_methods.THREAT_LINES = True
    assert 2 * len(json.dumps(qubic_cert)) < len(json.dumps(old))
    assert 3 * _states(qubic_cert) < _states(old)


def _refused(cert) -> bool:
    try:
        check_certificate(cert)
    except CertificateError:
        return True
    return False


def _valid_qubic_line(entry) -> bool:
    """Is ``[t, black, white, "a1 ... ak"]`` a threat line of the 9-stone Qubic opening (Maker, X,
    to move at t, the odd time points: Breaker moves first), replayed by brute force on the 76
    lines: each ai free, after it exactly one cell completes a line of X's untouched by Y (Y takes
    it), and after ak two or more."""
    if len(entry) != 4 or not isinstance(entry[0], int) or entry[0] % 2 != 1:
        return False
    lines = [set(e) for e in family("qubic").edges]
    x = set(QUBIC9[0::2]) | set(entry[1].split())
    y = set(QUBIC9[1::2]) | set(entry[2].split())
    moves = entry[3].split()
    if not moves or len(x) + len(y) + 2 * len(moves) > 64:
        return False
    for i, a in enumerate(moves):
        if a in x | y or any(e <= x for e in lines):
            return False
        x.add(a)
        threats = {c for e in lines if not e & y and len(e - x) == 1 for c in e - x}
        if i == len(moves) - 1:
            return len(threats) >= 2
        if len(threats) != 1:
            return False
        y |= threats
    return False


def test_mutated_lines_refused(qubic_cert):
    """Lines cut short (no double threat at the end), with a move dropped from the front, two moves
    swapped, a move repeated or replaced by a stone of the state, moved to the previous time
    point, put in a refutation, or malformed: each refused, unless the mutant is itself a threat
    line (two swapped moves can be: the brute-force replay judges), and most are refused."""
    lines = qubic_cert["questions"][0]["lines"]
    long = [i for i, e in enumerate(lines) if len(e[3].split()) >= 3][:6]
    assert long
    mutants = []
    for i in long:
        t, b, w, text = lines[i]
        cells = text.split()
        stone = (b + " " + w).split()[0]
        for new in (cells[:-1], cells[1:], [cells[1], cells[0]] + cells[2:], cells[:1] + cells,
                    [stone] + cells[1:], cells + [cells[0]]):
            mutants.append((i, [t, b, w, " ".join(new)]))
        mutants.append((i, [t + 1, b, w, text]))
        mutants.append((i, [t, b, w, ""]))
        mutants.append((i, [t, b, w, "nowhere " + text]))
        mutants.append((i, [t, b, w]))
    assert all(_valid_qubic_line(lines[i]) for i in long)
    refused = 0
    for i, entry in mutants:
        cert = copy.deepcopy(qubic_cert)
        cert["questions"][0]["lines"][i] = entry
        if _refused(cert):
            refused += 1
        else:
            assert _valid_qubic_line(entry), entry
    assert refused >= len(mutants) - len(long)
    cert = copy.deepcopy(qubic_cert)
    cert["questions"][0]["lines"].append(copy.deepcopy(lines[long[0]]))  # two entries for one state
    assert _refused(cert)
    cert = copy.deepcopy(qubic_cert)
    cert["questions"][0]["wins"] = False
    assert _refused(cert)


def _mm(white_sets: str, white_initials: str = "") -> pg.PositionalGame:
    from verify.formats.pg import parse_pg
    return parse_pg("#times\nt1 t2 t3 t4 t5\n#blackturns\nt1 t3 t5\n#positions\na b c d e f g\n"
                    + (f"#whiteinitials\n{white_initials}\n" if white_initials else "")
                    + "#blackwins\na b\nb c d\nc e\n#whitewins\n" + white_sets)


def test_line_rule_and_the_threats_of_y():
    """Maker-Maker games: black's line b, c (b threatens a; after white's forced a, c threatens d
    and e) is accepted while white has no one-cell need; refused when white holds one at the start
    (black must block it) or gets one from its forced reply a (white would complete before black's
    double threat pays), where black's line c, b still wins: the minimax agrees each time."""
    m = _mm("b f\nf g\n").mask
    line = [m(["b"]), m(["c"])]
    quiet = _mm("b f\nf g\n")
    carrier = ProofWalk(quiet, pg.BLACK, lambda *a: 0).line_carrier(*quiet.start(), 0, line)
    assert carrier == m(["a", "b", "c", "d", "e", "f", "g"])  # the cells of white's open sets included
    assert x_wins(quiet, pg.BLACK, *quiet.start(), 0)
    threat = _mm("b f\ng\n")
    with pytest.raises(CertificateError, match="one-cell need before move 1"):
        ProofWalk(threat, pg.BLACK, lambda *a: 0).line_carrier(*threat.start(), 0, line)
    reply = _mm("b f\na g\n")
    walk = ProofWalk(reply, pg.BLACK, lambda *a: 0)
    with pytest.raises(CertificateError, match="one-cell need before move 2"):
        walk.line_carrier(*reply.start(), 0, line)
    walk.line_carrier(*reply.start(), 0, [m(["c"]), m(["b"])])
    assert x_wins(reply, pg.BLACK, *reply.start(), 0)


def test_every_line_of_tic_tac_toe_openings():
    """Tic-tac-toe 3x3, Maker-Breaker, Maker first: at the start and after every two opening moves,
    every sequence of up to three cells the rule accepts is a Maker win by the minimax, and stays
    one with Breaker stones on every free cell outside its carrier."""
    game = pg.from_maker_breaker(tic_tac_toe(3), 0, 0, "maker")
    walk = ProofWalk(game, pg.BLACK, lambda *a: 0)
    cells = [1 << i for i in range(9)]
    states = [(0, 0, 0)] + [(a, c, 2) for a in cells for c in cells if a != c]
    assert sum(_accepted_lines_hold(walk, b, w, t, single=False) for b, w, t in states) > 100
