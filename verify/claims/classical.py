"""Published values of the classical achievement games (docs/classical.md), as claims judged by the
committed certificates of proofs/classical/.

The boards here are beyond the explicit reference (a 25-cell race), so the judge is the independent
certificate checker (the trusted kernel, :mod:`verify.certificates`): a claim holds or fails by what
the certificates on the decisive boards prove, each confirmed to answer the question its committed
instance file poses (``verify check --instance``).

Erratum found: the N pentomino's board number in the race (Harary's achievement game, first player
moving first) is printed as 6 (Wikipedia, "Harary's generalized tic-tac-toe", citing Gardner,
*The Colossal Book of Mathematics*, 2001, pp. 286-311); the first player already wins on 5×5, within
6 moves (and not within 5), while on 4×4 Breaker's win in the Maker-Breaker game leaves him no win.

Erratum found: Skinny's move number (the straight tetromino, the race) is printed as 8 (same sources;
OEIS A380598: "on a 7 X 7 board the first player can force a win in at most 8 moves"); the first
player wins on 7×7 within 7 moves (and not within 6: proofs/classical/skinny-7x7-race-6.json). The board
number 7 is confirmed: the full 6×6 race is a draw (proofs/large/skinny-6x6-race.json, 12.6 MB, so
not judged here: only committed certificates are).

Erratum found: the Y pentomino's board and move numbers are printed as 7 and 9 (Wikipedia; OEIS
A380597/A380598); the first player wins the race on 6×6 within 6 moves (and not within 5), and the
5×5 race is a draw: b = 6, m = 6.

Erratum found: the L pentomino's move number is printed as 10 (same sources); the first player wins
the race on 7×7 within 9 moves (proofs/classical/L-7x7-race-9.json) and not within 8
(proofs/large/L-7x7-race-8.json, 26 MB, so not judged here): m = 9.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .registry import Violation, register, worked_example

ROOT = Path(__file__).resolve().parents[2]


@lru_cache(maxsize=None)
def certified(cert: str, instance: str, first: str | None = None, rounds: int | None = None) -> dict:
    """The verdict a committed certificate proves, after confirming it answers the question the
    committed instance file poses (game, board, first player, bound)."""
    from ..certificates.checker import check_file
    from ..formats.instances import asked_question, load_instance
    report = check_file(ROOT / "proofs" / cert)
    asked = asked_question(report.question, lambda who: load_instance(report.question.game, ROOT / instance, who),
                           first, rounds)
    if asked != report.question:
        raise AssertionError(f"{cert} does not answer the question {instance} poses")
    return dict(report.verdict)


def _n_race(board: int) -> Violation | None:
    """First-player wins of the N race on 4x4 and 5x5 against the printed board number ``board``."""
    on4 = certified("classical/N-4x4-maker-first.json", "examples/classical/N-4x4.txt", "maker")
    on5 = certified("classical/N-5x5-race-6.json", "examples/classical/N-5x5-race-6.pg")
    wins = {4: on4 == {"winner": "maker"}, 5: on5 == {"winner": "black"}}
    smallest = min((b for b, w in wins.items() if w), default=None)
    if smallest is None or smallest == board:
        return None
    return Violation({"animal": "N pentomino", "board": f"{smallest}x{smallest}", "convention": "race, first player"},
                     f"no first-player win below {board}x{board}", f"first player wins on {smallest}x{smallest} "
                     "within 6 moves (proofs/classical/N-5x5-race-6.json)")


register(worked_example(
    "classical-harary-n-pentomino", "classical: Harary's table (Gardner 2001; Wikipedia)",
    "The N pentomino's board number is 6: the first player cannot force the N on a 5×5 board (race).",
    lambda: _n_race(6),
    erratum="the first player wins the N race on 5×5 within 6 moves (certified; not within 5): the board "
            "number is 5 (the move number 6 stands, on 5×5 and on 6×6)"))

register(worked_example(
    "classical-harary-n-pentomino-corrected", "classical: Harary's table (Gardner 2001; Wikipedia)",
    "The N pentomino's board number is 5: no first-player win on 4×4 (Breaker wins even the "
    "Maker-Breaker game), a win on 5×5.", lambda: _n_race(5), corrects="classical-harary-n-pentomino"))


def _race_within(animal: str, name: str, within: int, moves: int) -> Violation | None:
    """An animal's race on 7x7 against a move number ``moves``: the first player's certified win
    within ``within`` moves there (``proofs/classical/NAME-7x7-race-WITHIN.json``) refutes any
    larger move number."""
    cert = f"classical/{name}-7x7-race-{within}.json"
    won = certified(cert, f"examples/classical/{name}-7x7-race-{within}.pg")
    if won != {"winner": "black"} or moves <= within:
        return None
    return Violation({"animal": animal, "board": "7x7", "convention": "race, first player"},
                     f"no first-player win within {moves - 1} moves",
                     f"first player wins within {within} moves (proofs/{cert})")


def _skinny_race(moves: int) -> Violation | None:
    """The Skinny race on 7x7 (Skinny: four cells in a line): a certified win within 7 moves."""
    return _race_within("Skinny (straight tetromino)", "skinny", 7, moves)


register(worked_example(
    "classical-harary-skinny-moves", "classical: Harary's table (Gardner 2001; Wikipedia; OEIS A380598)",
    "Skinny's move number is 8: on the 7×7 board the first player forces the Skinny in 8 moves and not in 7 "
    "(the race).", lambda: _skinny_race(8),
    erratum="the first player wins the Skinny race on 7×7 within 7 moves (certified; not within 6, "
            "certified too): the move number is 7; the board number 7 is right (the 6×6 race is a draw, "
            "certified in proofs/large)"))

register(worked_example(
    "classical-harary-skinny-moves-corrected", "classical: Harary's table (Gardner 2001; Wikipedia; OEIS A380598)",
    "On the 7×7 board the first player forces the Skinny within 7 moves (the race).", lambda: _skinny_race(7),
    corrects="classical-harary-skinny-moves"))


def _y_race(board: int, moves: int) -> Violation | None:
    """The Y pentomino race against a board number ``board`` and move number ``moves``: the
    certificates give b = 6 (a draw on 5x5, a win on 6x6) and m = 6 (on 6x6 a win within 6 moves,
    none within 5)."""
    win = certified("classical/Y-6x6-race-6.json", "examples/classical/Y-6x6-race-6.pg") == {"winner": "black"}
    not5 = certified("classical/Y-6x6-race-5.json", "examples/classical/Y-6x6-race-5.pg") == {"winner": "draw"}
    draw5 = certified("classical/Y-5x5-race.json", "examples/classical/Y-5x5-race.pg") == {"winner": "draw"}
    if (board, moves) == (6 if win and draw5 else None, 6 if win and not5 else None):
        return None
    return Violation({"animal": "Y pentomino", "board": "5x5 and 6x6", "convention": "race, first player"},
                     f"board number {board}, move number {moves}",
                     "a draw on 5x5, on 6x6 a win within 6 moves and none within 5 (proofs/classical/"
                     "Y-5x5-race.json, Y-6x6-race-6.json, Y-6x6-race-5.json)")


register(worked_example(
    "classical-harary-y-pentomino", "classical: Harary's table (Gardner 2001; Wikipedia; OEIS A380597/8)",
    "The Y pentomino's board number is 7 and its move number 9: no first-player win on 6×6 (race).",
    lambda: _y_race(7, 9),
    erratum="the first player wins the Y race on 6×6 within 6 moves (certified; not within 5): board "
            "number 6 (the 5×5 race is a certified draw), move number 6"))

register(worked_example(
    "classical-harary-y-pentomino-corrected", "classical: Harary's table (Gardner 2001; Wikipedia; OEIS A380597/8)",
    "The Y pentomino's board number is 6 and its move number 6: the 5×5 race is a draw, and on 6×6 the "
    "first player forces the Y within 6 moves and not within 5.", lambda: _y_race(6, 6),
    corrects="classical-harary-y-pentomino"))


register(worked_example(
    "classical-harary-l-pentomino-moves", "classical: Harary's table (Gardner 2001; Wikipedia; OEIS A380598)",
    "The L pentomino's move number is 10: on the 7×7 board the first player forces the L in 10 moves and not "
    "in 9 (the race).", lambda: _race_within("L pentomino", "L", 9, 10),
    erratum="the first player wins the L race on 7×7 within 9 moves (certified): the move number is 9 "
            "(no win within 8: certified in proofs/large, out of git)"))

register(worked_example(
    "classical-harary-l-pentomino-moves-corrected", "classical: Harary's table (Gardner 2001; Wikipedia; OEIS A380598)",
    "On the 7×7 board the first player forces the L pentomino within 9 moves (the race).", lambda: _race_within("L pentomino", "L", 9, 9),
    corrects="classical-harary-l-pentomino-moves"))
