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
