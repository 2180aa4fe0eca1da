"""Registers the explicit reference solvers in the method registry."""
from functools import partial

from ..games.conventions import NEW_CONVENTIONS, ConventionGame
from ..games.impartial import GAMES
from . import register
from .explicit import solve_impartial, solve_maker_breaker
from .explicit_conventions import solve_convention


@register("maker-breaker", "explicit")
def solve_maker_breaker_explicit(game, certificate: bool = False):
    """The unbiased Maker-Breaker game (a MakerBreakerGame) by :func:`solve_maker_breaker`, as
    before; a biased one (a ConventionGame) by the general positional-game reference."""
    if isinstance(game, ConventionGame):
        return solve_convention(game, certificate=certificate)
    return solve_maker_breaker(game, certificate=certificate)


def solve_convention_explicit(game, certificate: bool = False):
    """Avoider-Enforcer, Maker-Maker, Avoider-Avoider: the general reference (certified by a
    ``positional-strategy`` certificate)."""
    return solve_convention(game, certificate=certificate)


for _convention in NEW_CONVENTIONS:
    register(_convention, "explicit")(solve_convention_explicit)

for _kind in GAMES:
    register(_kind, "explicit")(partial(solve_impartial, _kind))
