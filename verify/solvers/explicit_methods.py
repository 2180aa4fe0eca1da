"""Registers the explicit reference solvers in the method registry."""
from ..games.impartial import GAMES
from . import register
from .explicit import solve_impartial, solve_maker_breaker

register("maker-breaker", "explicit")(solve_maker_breaker)

for _kind in GAMES:
    register(_kind, "explicit")(lambda h, _k=_kind, **opts: solve_impartial(_k, h, **opts))
