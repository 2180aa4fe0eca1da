"""Strategy certificates for Maker-Breaker: the winner's move at every residual reachable under it.

Body: ``"strategy": [{"residual": [[v, ...], ...], "move": v}, ...]``. A residual is the family of what
Maker still needs on each edge Breaker has not touched (:mod:`verify.games.maker_breaker`); the
strategy is positional, so transpositions share one entry.
"""
from __future__ import annotations

from ..errors import TooLarge
from ..formats.instances import question_of
from ..formats.questions import board_json
from ..games import maker_breaker as mb
from . import envelope

KIND = "maker-breaker-strategy"


def residual_to_json(board, res) -> list[list[str]]:
    return sorted(board.names(e) for e in res)


def strategy_certificate(game: mb.MakerBreakerGame, winner: str, choose, bound: int | None = None) -> dict:
    """Walk every state reachable under ``choose`` (the winner's move on a residual) and record it;
    ``bound``: the certificate answers "Maker wins within ``bound`` moves" (a Maker strategy)."""
    moves: dict[frozenset, int] = {}
    chosen = [True]  # False while ``choose`` runs: a TooLarge from it is the chooser's own limit

    def recorded(res):
        v = moves.get(res)
        if v is None:
            chosen[0] = False
            v = moves[res] = choose(res)
            chosen[0] = True
        return v

    free = game.free_mask().bit_count()
    # the checker's walk (spec S7) with its cap: a strategy too large to check is not written
    cap = mb.strategy_walk_cap(game.board)
    try:
        for _ in mb.strategy_states(game.start_residual(), free, game.first, winner, recorded, cap):
            pass
    except TooLarge as exc:
        if not chosen[0]:  # the chooser's own limit: its message stands
            raise
        raise TooLarge(f"no strategy certificate: the checker would refuse it ({exc}); try --method search, "
                       "or no --certificate") from None
    strategy = [{"residual": residual_to_json(game.board, r), "move": game.board.names(v)[0]}
                for r, v in moves.items()]
    strategy.sort(key=lambda s: (len(s["residual"]), s["residual"]))
    return envelope(KIND, board_json(game.board), question_of("maker-breaker", game, bound),
                    {"winner": winner}, strategy=strategy)


def pairing_certificate(game: mb.MakerBreakerGame, pairs) -> dict:
    """A Breaker win by a pairing strategy: disjoint pairs of free vertices, every live edge
    containing one (Breaker answers each Maker move with its partner)."""
    return envelope("maker-breaker-pairing", board_json(game.board), question_of("maker-breaker", game),
                    {"winner": mb.BREAKER}, pairs=[list(p) for p in pairs])
