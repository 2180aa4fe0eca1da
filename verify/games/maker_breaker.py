"""Rules of the unbiased Maker-Breaker game on a (marked) hypergraph (paper 004 Def I.1.8, §I.1.3).

Players alternately claim one free vertex. Maker wins as soon as she has claimed every vertex of some
edge; otherwise (once no edge can be completed, or the board is full) Breaker wins. No draws.

A position is summarised by its *residual*: the set {e \\ M : e ∈ E, e ∩ B = ∅} of what Maker still
needs on each edge Breaker has not touched, as bitmasks. Maker has won iff ∅ is in the residual;
Breaker has won iff the residual is empty. Both solver and checker use only these functions.
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import limits
from ..errors import InputError, TooLarge
from ..hypergraph import Hypergraph, state_weight
from ..plugins import svg_of

MAKER, BREAKER = "maker", "breaker"
PLAYERS = (MAKER, BREAKER)


def other(player: str) -> str:
    return BREAKER if player == MAKER else MAKER


def residual(edges, maker: int = 0, breaker: int = 0) -> frozenset[int]:
    """The residual family of a position where Maker holds ``maker`` and Breaker ``breaker``."""
    return frozenset(e & ~maker for e in edges if not e & breaker)


def maker_claims(res: frozenset[int], v: int) -> frozenset[int]:
    """Residual after Maker claims vertex bit ``v`` (H^{+v}); the sets without ``v`` are kept (shared,
    not copied: a residual then costs a pointer per set, whatever the board's width)."""
    return frozenset(e & ~v if e & v else e for e in res)


def breaker_claims(res: frozenset[int], v: int) -> frozenset[int]:
    """Residual after Breaker claims vertex bit ``v`` (H^{-v})."""
    return frozenset(e for e in res if not e & v)


def claims(res: frozenset[int], player: str, v: int) -> frozenset[int]:
    return maker_claims(res, v) if player == MAKER else breaker_claims(res, v)


def winner_if_over(res: frozenset[int]) -> str | None:
    """'maker' if an edge is fully claimed, 'breaker' if no edge can still be completed, else None."""
    if 0 in res:
        return MAKER
    if not res:
        return BREAKER
    return None


def live_vertices(res: frozenset[int]) -> int:
    """Free vertices lying on an edge still alive (a bitmask)."""
    u = 0
    for e in res:
        u |= e
    return u


@dataclass(frozen=True)
class MakerBreakerGame:
    """A Maker-Breaker game: a marked hypergraph (marks are Maker's vertices), Breaker's claimed
    vertices (kept on the board, unlike Galliot's deletion, so positions name the original board)
    and who moves first."""
    board: Hypergraph
    first: str = MAKER
    breaker: frozenset = frozenset()

    def __post_init__(self):
        if self.first not in PLAYERS:
            raise InputError(f"first player must be 'maker' or 'breaker', not {self.first!r}")
        if self.board.mask(self.breaker) & self.board.marked_mask:
            raise InputError("a vertex cannot be claimed by both players")

    @property
    def maker_mask(self) -> int:
        return self.board.marked_mask

    @property
    def breaker_mask(self) -> int:
        return self.board.mask(self.breaker)

    def free_mask(self) -> int:
        return self.board.full_mask & ~self.maker_mask & ~self.breaker_mask

    def start_residual(self) -> frozenset[int]:
        return residual(self.board.edge_masks, self.maker_mask, self.breaker_mask)

    def _repr_svg_(self) -> str | None:
        """The position as an SVG picture in Jupyter (drawn by :mod:`verify.draw` once it is loaded)."""
        return svg_of(self)


def strategy_state_weight(h) -> int:
    """What storing one state of a strategy walk on board ``h`` may cost, in units of
    ``limits.MAX_MB_STRATEGY_WALK_UNITS`` (docs/spec/maker-breaker-strategy.md S7):
    w = 1 + |V| + Σ|e| + |E|·⌈|V|/64⌉ (a residual of at most |E| masks of ⌈|V|/64⌉ words; the
    second checker's vertex sets and its scans of the edges)."""
    return state_weight(h.n, h.edge_masks)


def strategy_walk_cap(h) -> int:
    """The most states a strategy walk on board ``h`` may store (spec S7): the checker refuses a
    certificate beyond it, and the builder stops there too (no certificate it cannot check)."""
    return limits.MAX_MB_STRATEGY_WALK_UNITS // strategy_state_weight(h)


def strategy_states(res0: frozenset[int], free0: int, to_move: str, winner: str, choose,
                    max_states: int | None = None):
    """Every state (residual, free-vertex count, player to move) reachable from the start when
    ``winner`` always plays ``choose(residual)`` and the opponent plays any free vertex.

    States are yielded once each; a state whose game is over is yielded and not expanded. An
    opponent move on a free vertex lying on no live edge leaves the residual unchanged, so such
    moves are followed as long as free vertices outside the live edges remain. ``choose`` must
    return a live vertex bit (the caller checks legality through :func:`live_vertices`). With
    ``max_states``, the walk stores at most that many states: counted before a state's successors
    are built, beyond it :class:`~verify.errors.TooLarge`.
    """
    start = (res0, free0, to_move)
    seen = {start}
    stack = [start]
    while stack:
        state = stack.pop()
        yield state
        res, free, player = state
        if winner_if_over(res) is not None or free == 0:
            continue
        live = live_vertices(res)
        if max_states is not None and len(seen) + (1 if player == winner else live.bit_count() + 1) > max_states:
            raise TooLarge(f"the strategy's walk stores more than {max_states} states (maker-breaker-strategy "
                           "S7: the cap weighed by the board)")
        if player == winner:
            succ = [(claims(res, player, choose(res)), free - 1, other(player))]
        else:
            succ = [(claims(res, player, 1 << i), free - 1, other(player))
                    for i in range(live.bit_length()) if live >> i & 1]
            if free > live.bit_count():
                succ.append((res, free - 1, other(player)))
        for s in succ:
            if s not in seen:
                seen.add(s)
                stack.append(s)
