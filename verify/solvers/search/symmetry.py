"""Automorphisms of a ``.pg`` game, computed once with nauty, used to merge symmetric positions.

An automorphism is a permutation of the cells mapping black sets onto black sets, white sets onto
white sets, and fixing the initial stones of each colour and the #firstmoves cells setwise. It maps
every reachable state to a state with the same value (the rules only see the sets), so a search can
key its table by the least image of a state under the group (:func:`canonicaliser`).
"""
from __future__ import annotations

from ... import limits
from ...games import positional as pg
from ...hypergraph import bits

MAX_GROUP = 1000


def automorphisms(game: pg.PositionalGame, black_sets=None, white_sets=None) -> list[tuple[int, ...]]:
    """Every automorphism of the game as a tuple ``p`` (cell i goes to p[i]), identity first; [] if
    the group has more than MAX_GROUP elements or the game is beyond ``limits.MAX_NAUTY_VERTICES``
    (then no merging). ``black_sets``/``white_sets``
    replace the game's sets (a search passes the sets it actually uses)."""
    import pynauty
    n = len(game.positions)
    black_sets = list(dict.fromkeys(game.black_sets if black_sets is None else black_sets))
    white_sets = list(dict.fromkeys(game.white_sets if white_sets is None else white_sets))
    sets = black_sets + white_sets
    if n + len(sets) > limits.MAX_NAUTY_VERTICES:  # nauty no deadline stops: no merging (as a big group)
        return []
    adj: dict[int, list[int]] = {i: [] for i in range(n + len(sets))}
    for j, s in enumerate(sets):
        adj[n + j] = bits(s)
    first = game.first_moves if game.first_moves is not None else game.full_mask
    used = 0
    for s in sets:
        used |= s
    cls = {}
    for i in range(n):
        # cells on no set are fixed one by one (they would only permute among themselves)
        key = ("c", bool(game.black_initials >> i & 1), bool(game.white_initials >> i & 1),
               bool(first >> i & 1), -1 if used >> i & 1 else i)
        cls.setdefault(key, set()).add(i)
    parts = [cls[k] for k in sorted(cls)]
    if black_sets:
        parts.append(set(range(n, n + len(black_sets))))
    if white_sets:
        parts.append(set(range(n + len(black_sets), n + len(sets))))
    g = pynauty.Graph(n + len(sets), directed=False, adjacency_dict=adj, vertex_coloring=parts)
    gens, _, _, _, _ = pynauty.autgrp(g)
    gens = [tuple(p[:n]) for p in gens]
    ident = tuple(range(n))
    group = {ident}
    frontier = [ident]
    while frontier:
        nxt = []
        for p in frontier:
            for q in gens:
                r = tuple(q[p[i]] for i in range(n))
                if r not in group:
                    group.add(r)
                    nxt.append(r)
                    if len(group) > MAX_GROUP:
                        return []
        frontier = nxt
    return [ident] + sorted(group - {ident})


def apply(p: tuple[int, ...], mask: int) -> int:
    out = 0
    for i in bits(mask):
        out |= 1 << p[i]
    return out


def byte_tables(p: tuple[int, ...]) -> list[list[int]]:
    """``tables[k][b]``: the image under ``p`` of the byte ``b`` at bits 8k..8k+7 (fast apply)."""
    n = len(p)
    out = []
    for k in range(0, n, 8):
        row = [0] * 256
        for b in range(1, 256):
            low = b & -b
            i = k + low.bit_length() - 1
            row[b] = row[b ^ low] | (1 << p[i] if i < n else 0)
        out.append(row)
    return out


def apply_tables(tables, mask: int) -> int:
    out = 0
    k = 0
    while mask:
        out |= tables[k][mask & 255]
        mask >>= 8
        k += 1
    return out


def inverse(p: tuple[int, ...]) -> tuple[int, ...]:
    q = [0] * len(p)
    for i, j in enumerate(p):
        q[j] = i
    return tuple(q)


def canonicaliser(game: pg.PositionalGame, black_sets=None, white_sets=None):
    """``(black, white) -> (black', white', p)``: the least image of the state under the
    automorphism group and the permutation ``p`` giving it (None for the identity, also when the
    identity gives the least image; else the first element of the group that does); None if the
    group is trivial (or too large). On at most 64 cells the images of all elements are computed at
    once (numpy byte tables: one lookup per byte and element)."""
    group = automorphisms(game, black_sets, white_sets)
    if len(group) <= 1:
        return None
    if len(game.positions) <= 64:
        import numpy as np
        tables = np.array([byte_tables(p) for p in group], dtype=np.uint64)  # (element, byte, value)
        rows = np.arange(len(group))

        def images(mask: int):
            out = np.zeros(len(group), dtype=np.uint64)
            for k in range(tables.shape[1]):
                out |= tables[rows, k, (mask >> (8 * k)) & 255]
            return out

        def canon(black: int, white: int):
            ib, iw = images(black), images(white)
            k = int(np.lexsort((iw, ib))[0])  # stable: the identity (element 0) first among equals
            return int(ib[k]), int(iw[k]), (group[k] if k else None)

        return canon
    perms = [(p, byte_tables(p)) for p in group[1:]]

    def canon(black: int, white: int):
        best = (black, white)
        arg = None
        for p, tab in perms:
            img = (apply_tables(tab, black), apply_tables(tab, white))
            if img < best:
                best, arg = img, p
        return best[0], best[1], arg

    return canon
