"""Maker-Breaker on hypergraphs of rank ≤ 3 in polynomial time: Galliot's structural
characterization (paper 004 Theorem II.1.12, algorithm of Theorem III.2.1, COMPUTECC of §III.1.2.1).

Registers ``("maker-breaker", "structural")`` and the ``auto`` chooser for maker-breaker (structural
on rank ≤ 3, otherwise explicit or search by :mod:`verify.solvers.chooser`'s cost model).
Submodules: :mod:`.chains` (chains, COMPUTECC), :mod:`.leaf` (fully marked edges, nunchakus,
necklaces), :mod:`.search` (the three-round criterion), :mod:`.solver` (reductions, Breaker first,
witnesses), :mod:`.rounds` (exact τ_M by search).
"""
from __future__ import annotations

from ...errors import MethodError, TooLarge
from ... import limits
from ...games import maker_breaker as mb
from ...result import Outcome
from .. import register, register_auto
from ..chooser import Choice, choose_maker_breaker
from .solver import Namer, Rank3Options, breaker_move, decide, maker_move

# certificates enumerate every state reachable under the winner's strategy; beyond this many the
# expansion is refused (the three-round witness in Outcome.strategy is always produced)
MAX_CERTIFICATE_STATES = limits.MAX_RANK3_CERTIFICATE_STATES


def check_rank3(game: mb.MakerBreakerGame) -> None:
    if not isinstance(game, mb.MakerBreakerGame):
        raise MethodError("the structural method takes a Maker-Breaker game")
    if game.board.rank > 3:
        raise MethodError(f"the structural method (Galliot, rank 3) needs edges of at most 3 vertices; "
                          f"this board has rank {game.board.rank} (use --method explicit)")


@register("maker-breaker", "structural")
def solve_structural(game: mb.MakerBreakerGame, certificate: bool = False) -> Outcome:
    """The registered method: :func:`structural_outcome` with the criterion's default switches."""
    return structural_outcome(game, certificate)


def structural_outcome(game: mb.MakerBreakerGame, certificate: bool = False,
                       structural_only: bool = False, pairing: bool = True,
                       dangers: bool = True) -> Outcome:
    """Winner of a rank-≤3 Maker-Breaker game by Galliot's three-round criterion, with the
    three-round witness in ``strategy`` and, on request, a checked certificate (a pairing
    certificate when Breaker wins by a pairing, else a strategy certificate).

    ``structural_only``: decide small positions by the criterion too (no explicit fallback);
    ``pairing``: allow the pairing(+core, local) certificates of a Breaker win before any search;
    ``dangers``: decide Breaker wins by J_2(D1) (Theorem II.1.14) before the three-round search."""
    check_rank3(game)
    res = game.start_residual()
    nboard = game.board.n
    opts = Rank3Options(structural_only=structural_only, pairing=pairing, dangers=dangers)
    d = decide(res, nboard, game.first, opts)
    namer = Namer(game.board, res)
    out = Outcome(game="maker-breaker", method="structural", winner=d.winner, first=game.first,
                  strategy=namer.decision(d, game.first),
                  stats={"decided_by": d.how, "nodes": d.nodes})
    if certificate:
        out.certificate = _certificate(game, opts, d)
        out.stats["certificate_kind"] = out.certificate["kind"]
    return out


def _certificate(game: mb.MakerBreakerGame, opts: Rank3Options, d) -> dict:
    """The compositional certificate of the decision (:mod:`.certify`); on boards of at most
    ``limits.RANK3_STRATEGY_FIRST`` live vertices the full strategy table instead when it fits, since
    a table is what `verify draw`, `verify play` and the report's explorer replay move by move."""
    from .certify import certificate as composite
    cert = composite(game, opts, d)
    live = mb.live_vertices(game.start_residual()).bit_count()
    if cert["kind"] not in ("maker-breaker-strategy", "maker-breaker-pairing") and live <= limits.RANK3_STRATEGY_FIRST:
        try:
            return strategy_certificate_for(game, d.winner, opts)
        except TooLarge:
            pass
    return cert


def strategy_certificate_for(game: mb.MakerBreakerGame, winner: str,
                             opts: Rank3Options = Rank3Options()) -> dict:
    """The full strategy certificate (kind ``maker-breaker-strategy``) for the winner, whose moves
    come from the structural solver at every reachable position."""
    from ...certificates.strategy import strategy_certificate
    nboard = game.board.n
    calls = [0]

    def choose(res):
        calls[0] += 1
        if calls[0] > MAX_CERTIFICATE_STATES:
            raise TooLarge(f"the strategy certificate would need more than {MAX_CERTIFICATE_STATES} "
                           "positions; `verify rank3` reports the witness (rule and parts) without "
                           "--certificate")
        return maker_move(res, nboard, opts) if winner == mb.MAKER else breaker_move(res, nboard, opts)

    return strategy_certificate(game, winner, choose)


@register_auto("maker-breaker")
def choose_method(game) -> Choice:
    """Structural on rank ≤ 3 (polynomial, Theorem III.2.1); beyond, explicit or the proof search by
    the cost model of :func:`verify.solvers.chooser.choose_maker_breaker`."""
    return choose_maker_breaker(game)
