"""Maker's exact number of rounds τ_M by exhaustive search (paper 004 Notation I.1.45).

τ = 0 if an edge is fully claimed; τ = 1 if a residual edge has one vertex (trivial win); τ = ∞ if
neither and fewer than two free vertices remain; otherwise τ = 1 + min_x max_y τ(H^{+x-y}). Play
stops at Maker's completing move. Any rank; meant for small boards (claims of §III.2.3).

Built on the rules of :mod:`verify.games.maker_breaker`. Maker only moves on live vertices (an extra
mark never costs her a round); Breaker may move on any live vertex or, when one exists, on a free
vertex off the live edges (a pass).
"""
from __future__ import annotations

from ...games import maker_breaker as mb
from ...hypergraph import canonical_form, minimal_masks


class RoundsSearch:
    """``within(res, free, k)``: can Maker, to move, complete an edge within k rounds?"""

    def __init__(self):
        self.memo: dict = {}
        self.nodes = 0

    def within(self, res, free: int, k: int) -> bool:
        r = minimal_masks(res)
        if r and r[0] == 0:
            return True
        if k <= 0 or not r:
            return False
        if r[0].bit_count() == 1:
            return True
        if free < 2 or k == 1:
            return False
        live = mb.live_vertices(r)
        free = min(free, live.bit_count() + 2 * k)   # more spare vertices change nothing
        key = (canonical_form(r), free, k)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        win = False
        for i in range(live.bit_length()):
            if not live >> i & 1:
                continue
            r1 = minimal_masks(e & ~(1 << i) for e in r)
            singles = [e for e in r1 if e.bit_count() == 1]
            if len(set(singles)) >= 2:
                win = True          # two threats: Maker completes one next round (k ≥ 2)
                break
            live1 = mb.live_vertices(r1)
            replies = [e for e in singles] if singles else \
                [1 << j for j in range(live1.bit_length()) if live1 >> j & 1]
            outcomes = (self.within([e for e in r1 if not e & y], free - 2, k - 1) for y in replies)
            if all(outcomes) and (singles or free - 1 <= live1.bit_count()
                                  or self.within(r1, free - 2, k - 1)):
                win = True
                break
        self.memo[key] = win
        return win


def maker_rounds(res, free: int, search: RoundsSearch | None = None) -> int | None:
    """τ_M of the position (Maker to move): residual ``res``, ``free`` free vertices; None for ∞
    (a Breaker win). τ ≤ ⌈free/2⌉ for a Maker win (Prop I.1.48), so the deepening stops there."""
    search = search or RoundsSearch()
    res = frozenset(res)
    for k in range(0, (free + 1) // 2 + 2):
        if search.within(res, free, k):
            return k
    return None


def game_rounds(game: mb.MakerBreakerGame) -> int | None:
    """τ_M of a Maker-first game."""
    return maker_rounds(game.start_residual(), game.free_mask().bit_count())
