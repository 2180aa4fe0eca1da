"""Registers the explicit reference solvers in the method registry."""
from functools import partial

from ..games.impartial import GAMES
from . import register
from .explicit import solve_impartial, solve_maker_breaker

register("maker-breaker", "explicit")(solve_maker_breaker)

for _kind in GAMES:
    register(_kind, "explicit")(partial(solve_impartial, _kind))
