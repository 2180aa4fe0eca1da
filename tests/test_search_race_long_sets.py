"""The compiled race kernel keeps a set of Y (the defender) needing more than 64 cells for the
whole search, not only at the state asked: a ``.pg`` game on 101..122 cells whose answer turns on
white's set of 66 or 80 cells being completed, by the kernel, the pure-Python reference and an
argument, and certified (``verify solve`` / ``verify check``).

The ladder of ``rounds`` = R rounds (cells y0, a1..aR, p1..pR, q1..qR, r; white holds y0 at the
start; each round is black's move then two white moves, and black has a last move after round R;
3R + 1 time points for 3R + 1 free cells):

- black's sets {ai, pi}, {ai, qi} (i = 1..R) and {aR, r};
- white's sets W1 = {y0, a1}, Wi = {p(i-1), q(i-1), ai} (i = 2..R) and B = {p1..pR, q1..qR}
  (2R cells: 66 for R = 33, more than 64).

The answer, forced: at black's turn in round i black holds a1..a(i-1), white y0 and p, q of the
rounds before, black has no one-cell need and white's Wi needs only ai. Black must take ai (no
black move completes a set, and white, moving next, completes Wi otherwise); that gives black
the one-cell needs pi, qi (and r in round R) and no other. White takes pi and qi: for i < R that
blocks both, leaves black no one-cell need, and makes W(i+1) need only a(i+1); in round R white's
second move completes B, before black's last move. So white wins and black cannot: every line of
the game is this one up to black's losing deviations.

A kernel that drops Y's sets needing more than 64 cells (the old cap of Y's lists, when the race
kernel had one word) still sees B at the state asked but forgets it after black's first move
(B then needs 2R > 64 cells), and black's aR then makes three threats against white's two
moves: it answers "black wins" (with a1), wrongly. No test of tests/test_search_wide_race.py
catches that cap (there white's 70-cell set never needs to be completed)."""
from __future__ import annotations

import json

import pytest

pytest.importorskip("numba")

from verify.cli import main  # noqa: E402
from verify.formats.pg import pg_to_text  # noqa: E402
from verify.games import positional as pg  # noqa: E402

from test_search_wide import judged  # noqa: E402
from test_search_wide_race import certified, wide_race  # noqa: E402


def ladder(rounds: int) -> pg.PositionalGame:
    """The game of the module docstring with R = ``rounds``."""
    r = range(1, rounds + 1)
    names = ["y0", *(f"a{i}" for i in r), *(f"p{i}" for i in r), *(f"q{i}" for i in r), "r"]
    bit = {c: 1 << i for i, c in enumerate(names)}

    def m(*cells):
        return sum(bit[c] for c in cells)

    black = [m(f"a{i}", f"{c}{i}") for i in r for c in "pq"] + [m(f"a{rounds}", "r")]
    white = [m("y0", "a1"), *(m(f"p{i - 1}", f"q{i - 1}", f"a{i}") for i in r if i > 1),
             m(*(f"{c}{i}" for c in "pq" for i in r))]
    times = tuple(f"t{i}" for i in range(1, 3 * rounds + 2))
    return pg.PositionalGame(tuple(names), tuple(black), tuple(white), 0, m("y0"), times, frozenset(times[::3]),
                             None, True)


@pytest.mark.parametrize("rounds", [33, 40])
def test_black_cannot_win_the_ladder(rounds):
    """The two-word race kernel: black loses (the argument above), as the reference says; on the
    way white's long set is still there at black's last turn."""
    g = ladder(rounds)
    assert len(g.positions) == 3 * rounds + 2 and max(s.bit_count() for s in g.white_sets) == 2 * rounds > 64
    s = wide_race(g)
    won, carrier, move = s.solve(*g.start(), 0)
    assert not won, f"black 'wins' with {g.names(move)}: white's {2 * rounds}-cell set was dropped"
    judged(g, 0, won, carrier, move)
    assert s.hits.get("forced_block", 0) >= rounds  # black's moves forced, as the argument says


def test_the_ladder_certified_a_white_win(tmp_path, capsys):
    """The whole route: the API's certificate (both checkers), then ``verify solve pg`` on the
    ``.pg`` text with ``--certificate`` and ``verify check`` on what it wrote: white wins."""
    g = ladder(33)
    assert certified(g) == pg.WHITE
    game, cert = tmp_path / "ladder.pg", tmp_path / "ladder.json"
    game.write_text(pg_to_text(g))
    assert main(["solve", "pg", str(game), "--method", "search", "--json", "--certificate", str(cert)]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == pg.WHITE
    assert main(["check", str(cert), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["verified"] == 1 and report["results"][0]["verdict"] == {"winner": pg.WHITE}, report


def test_the_reference_asks_white_with_its_long_set():
    """The pure-Python reference with white as the attacker (X's sets of 66 cells): its move order
    weighs a cell by 2^-size of the sets through it; scaled by 2^32, a set of more than 32 cells
    raised "negative shift count" (a traceback). White wins, by the argument above."""
    from verify.solvers.search.engine import make_search

    g = ladder(33)
    assert make_search(g, pg.WHITE, "python", symmetry=True).wins(*g.start(), 0)
