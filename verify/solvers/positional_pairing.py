"""Method ``pairing`` for the biased Maker-Breaker game (1:q) and the unbiased Avoider-Enforcer game.

Sources (paper 004 = F. Galliot's thesis, §I.1.1.4 d):

- Prop I.1.25: a q-pairing (disjoint blocks of 2 .. 1+q vertices, Def I.1.23) complete in H (every
  edge meets a block in ≥ 2 vertices, Def I.1.24) gives Breaker a win at bias (1:q), first or second.
- Prop I.1.21: a pairing complete in H gives Avoider a win as the LAST player of the unbiased
  Avoider-Enforcer game.

The method asks a SAT solver for such a (q-)pairing on the position (free vertices; edges without a
vertex of Bob's start B₀): :func:`verify.encode.qpairing.qpairing_cnf` (for pairs, the pairing
encoding :func:`verify.certificates.cnf.pairing_cnf` of the unbiased Maker-Breaker method). Found: the
verdict ``breaker`` / ``avoider`` with, on request, a ``positional-pairing`` certificate
(:mod:`verify.certificates.positional_pairing`). Not found, or the route does not apply (bias p ≥ 2,
a biased Avoider-Enforcer game, Avoider not the last player): a MethodError saying the pairing route
is inconclusive; never a verdict. The unbiased Maker-Breaker game (a MakerBreakerGame) keeps its own
``pairing`` method (:func:`verify.solvers.sat.solve_pairing`); :func:`_route` sends each game to its
method by type, as :func:`verify.solvers.search.conventions._with_biased_route` does for ``search``.
"""
from __future__ import annotations

from ..certificates.positional_pairing import pairing_certificate
from ..encode.qpairing import find_blocks, pairing_route
from ..errors import MethodError
from ..games import conventions as cv

INCONCLUSIVE = "the pairing route is inconclusive (try --method search or explicit)"


def solve_positional_pairing(game: cv.ConventionGame, certificate: bool = False, backend: str | None = None,
                             timeout: float | None = None) -> cv.ConventionOutcome:
    """Breaker's win at bias (1:q) by a complete q-pairing (Prop I.1.25), or Avoider's as the last
    player of the unbiased Avoider-Enforcer game by a complete pairing (Prop I.1.21); otherwise a
    MethodError (inconclusive)."""
    size, why = pairing_route(game)
    if size is None:
        raise MethodError(f"{why}: {INCONCLUSIVE}")
    winner = "breaker" if game.convention == cv.MAKER_BREAKER else "avoider"
    blocks, stats = find_blocks(game, size, backend, timeout)
    if blocks is None:
        what = f"complete {size}-pairing" if size > 1 else "complete pairing"
        raise MethodError(f"no {what} of the free vertices exists: {INCONCLUSIVE}")
    out = cv.ConventionOutcome(game=game.convention, method="pairing", winner=winner, first=game.first,
                               stats={**stats, "blocks": len(blocks)}, strategy={"blocks": blocks})
    if certificate:
        out.certificate = pairing_certificate(game, blocks)
    return out


def _route(unbiased):
    """Method ``pairing`` for Maker-Breaker: a ConventionGame (the biased game) here, the unbiased
    MakerBreakerGame by its own pairing method ``unbiased``, as before."""
    def route(game, certificate: bool = False, backend: str | None = None, timeout: float | None = None):
        if isinstance(game, cv.ConventionGame):
            return solve_positional_pairing(game, certificate, backend, timeout)
        return unbiased(game, certificate=certificate, backend=backend, timeout=timeout)
    route.__doc__ = unbiased.__doc__ + " Biased (1:q): a complete q-pairing (Prop I.1.25)."
    route.routes_biased = True
    return route


def _register():
    from . import _METHODS, register
    from . import sat  # noqa: F401  (registers the unbiased game's pairing first)
    register(cv.AVOIDER_ENFORCER, "pairing")(solve_positional_pairing)
    unbiased = _METHODS[(cv.MAKER_BREAKER, "pairing")].fn
    if not getattr(unbiased, "routes_biased", False):
        register(cv.MAKER_BREAKER, "pairing", replace=True)(_route(unbiased))


_register()
