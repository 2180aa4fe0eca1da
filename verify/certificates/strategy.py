"""Strategy certificates for Maker-Breaker: the winner's move at every residual reachable under it.

Body: ``"position": {"breaker": [...]}`` (Maker's claimed vertices are the instance's ``marked``),
``"strategy": [{"residual": [[v, ...], ...], "move": v}, ...]``. A residual is the family of what
Maker still needs on each edge Breaker has not touched (:mod:`verify.games.maker_breaker`); the
strategy is positional, so transpositions share one entry.
"""
from __future__ import annotations

from ..formats.jsonfmt import hypergraph_to_json
from ..games import maker_breaker as mb
from . import envelope

KIND = "maker-breaker-strategy"


def residual_to_json(board, res) -> list[list[str]]:
    return sorted(board.names(e) for e in res)


def strategy_certificate(game: mb.MakerBreakerGame, winner: str, choose) -> dict:
    """Walk every state reachable under ``choose`` (the winner's move on a residual) and record it."""
    moves: dict[frozenset, int] = {}

    def recorded(res):
        v = moves.get(res)
        if v is None:
            v = moves[res] = choose(res)
        return v

    free = game.free_mask().bit_count()
    for _ in mb.strategy_states(game.start_residual(), free, game.first, winner, recorded):
        pass
    strategy = [{"residual": residual_to_json(game.board, r), "move": game.board.names(v)[0]}
                for r, v in moves.items()]
    strategy.sort(key=lambda s: (len(s["residual"]), s["residual"]))
    return envelope(KIND, hypergraph_to_json(game.board),
                    {"game": "maker-breaker", "first": game.first, "winner": winner},
                    position={"breaker": sorted(game.breaker)}, strategy=strategy)


def pairing_certificate(board, pairs, first: str) -> dict:
    """A Breaker win by a pairing strategy: disjoint pairs of free vertices, every live edge
    containing one (Breaker answers each Maker move with its partner)."""
    return envelope("maker-breaker-pairing", hypergraph_to_json(board),
                    {"game": "maker-breaker", "first": first, "winner": mb.BREAKER},
                    position={"breaker": []}, pairs=[list(p) for p in pairs])
