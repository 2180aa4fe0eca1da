"""Symmetry breaking on the next move from the automorphisms of the position (nauty).

Two moves in the same orbit of the automorphism group of the remaining game (the relevant cells with
E's and U's live sets, and the cells allowed at the next move) lead to isomorphic positions, so the
next mover needs to consider one cell per orbit: we restrict the next move to the orbit
representatives, as the ``#firstmoves`` section of the ``.pg`` format does by hand (its source,
Mayer-Eichberger and Saffidine, arXiv:2005.05098, restricts the first move of symmetric boards; the
same symmetry argument is used for opening moves by Shaik et al., arXiv:2301.07345). For E this keeps
a winning move (an image of one); a universal next move outside the representatives becomes a pass
in the binary encoding (never better for U) and a loss in the one-hot one, so the answer is unchanged.
"""
from __future__ import annotations

from dataclasses import replace

import pynauty

from ... import limits
from ...hypergraph import bits
from .game import GameQuestion


def orbit_representatives(n: int, e_sets, u_sets, allowed: int | None) -> int:
    """Mask of one cell (the smallest) per orbit of the automorphisms of cells 0..n-1 that map
    E's sets onto E's sets, U's onto U's and keep the allowed cells (None = all)."""
    e_sets, u_sets = list(dict.fromkeys(e_sets)), list(dict.fromkeys(u_sets))
    m = n + len(e_sets) + len(u_sets)
    allowed_mask = (1 << n) - 1 if allowed is None else allowed
    if m > limits.MAX_NAUTY_VERTICES:  # nauty's time grows fast and no deadline stops it: no breaking
        return allowed_mask
    adj = {n + j: list(bits(s)) for j, s in enumerate(e_sets + u_sets)}
    allowed_set = set(range(n)) if allowed is None else set(bits(allowed))
    parts = [set(allowed_set), set(range(n)) - allowed_set, set(range(n, n + len(e_sets))),
             set(range(n + len(e_sets), m))]
    g = pynauty.Graph(m, adjacency_dict=adj, vertex_coloring=[p for p in parts if p])
    orbits = pynauty.autgrp(g)[3]
    reps = 0
    seen = set()
    for c in sorted(allowed_set):
        if orbits[c] not in seen:
            seen.add(orbits[c])
            reps |= 1 << c
    return reps


def break_opening_symmetry(q: GameQuestion) -> GameQuestion:
    """The same question with the next move restricted to orbit representatives."""
    n = len(q.cells)
    if n < 2:
        return q
    reps = orbit_representatives(n, q.e_sets, q.u_sets, q.first)
    return replace(q, first=reps)
