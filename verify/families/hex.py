"""Hex boards as positional games: black's winning sets are the minimal connecting paths.

A k×k Hex board with cells named ``a1``…, column letter then row number as in the Hein puzzles
(``shared/positional-games/hex-hein``). Cell (c, r) touches (c±1, r), (c, r±1), (c+1, r-1) and
(c-1, r+1). Black connects row 1 to row k; by the Hex theorem exactly one player connects on a full
board, so the Maker-Breaker game with these sets (black Maker) has Hex's outcome.
"""
from __future__ import annotations

from ..errors import InputError
from . import cell
from ..hypergraph import Hypergraph, minimal_masks

_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))


def hex_neighbours(k: int, c: int, r: int):
    for dc, dr in _STEPS:
        x, y = c + dc, r + dr
        if 0 <= x < k and 0 <= y < k:
            yield x, y


def hex_paths(k: int) -> list[int]:
    """Bitmasks (bit r*k + c) of the inclusion-minimal cell sets joining row 0 to row k-1."""
    nb = [[y * k + x for x, y in hex_neighbours(k, i % k, i // k)] for i in range(k * k)]
    out: list[int] = []

    def extend(path_mask: int, last: int, blocked: int):
        if last // k == k - 1:
            out.append(path_mask)
            return
        for nxt in nb[last]:
            b = 1 << nxt
            if blocked & b or nxt // k == 0:
                continue
            # induced path: the new cell touches no earlier cell but the last
            extend(path_mask | b, nxt, blocked | b | sum(1 << x for x in nb[last]))

    for c in range(k):
        start = c  # row 0
        extend(1 << start, start, (1 << start) | sum(1 << x for x in range(k)))
    return minimal_masks(out)


def hex_board(k: int) -> Hypergraph:
    """The k×k Hex board (1 <= k <= 5): cells a1.., edges the minimal black connecting paths."""
    if not 1 <= k <= 5:
        raise InputError(f"hex boards are generated for 1 <= k <= 5 (got {k})")
    names = [cell(i % k, i // k) for i in range(k * k)]
    return Hypergraph.from_masks(names, hex_paths(k))


def hex_game(k: int, black=(), white=(), moves: int | None = None, black_first: bool = True):
    """A Hex position as a Maker-Breaker ``.pg`` game (black Maker) with alternating moves from
    the given colour for ``moves`` time points (all free cells by default)."""
    from ..games.positional import PositionalGame
    h = hex_board(k)
    b, w = h.mask(black), h.mask(white)
    free = (h.full_mask & ~b & ~w).bit_count()
    n = free if moves is None else min(moves, free)
    times = tuple(f"t{i + 1}" for i in range(n))
    bt = frozenset(t for i, t in enumerate(times) if (i % 2 == 0) == black_first)
    return PositionalGame(positions=h.vertices, black_sets=h.edge_masks, black_initials=b,
                          white_initials=w, times=times, black_turns=bt)
