"""Exact isomorphism classes of (marked) hypergraphs, and isomorph-free enumeration.

A hypergraph is encoded as its vertex-edge incidence graph with three colour classes (unmarked
vertices, marked vertices, edges); nauty (through pynauty) gives a canonical certificate of that
coloured graph, so two hypergraphs get the same :func:`canonical_key` iff they are isomorphic by a
bijection of vertices that keeps the marks.
"""
from __future__ import annotations

from itertools import combinations
from typing import Iterator

import pynauty

from . import limits
from .errors import TooLarge
from .hypergraph import Hypergraph, bits


def _incidence_graph(n: int, edges, marked: int) -> pynauty.Graph:
    m = len(edges)
    adj: dict[int, list[int]] = {n + j: [i for i in bits(e)] for j, e in enumerate(edges)}
    unmarked = {i for i in range(n) if not marked >> i & 1}
    marked_set = set(range(n)) - unmarked
    parts = [s for s in (unmarked, marked_set, set(range(n, n + m))) if s]
    return pynauty.Graph(n + m, adjacency_dict=adj, vertex_coloring=parts)


def canonical_key_masks(n: int, edges, marked: int = 0) -> tuple:
    """Canonical key of the family ``edges`` (bitmasks) on ``n`` vertices with marks ``marked``."""
    edges = sorted(set(edges))
    if n + len(edges) == 0:
        return (0, 0, 0, b"")
    # the empty edge has no incidences; count it separately
    empties = sum(1 for e in edges if e == 0)
    rest = [e for e in edges if e]
    if n + len(rest) > limits.MAX_NAUTY_VERTICES:
        raise TooLarge(f"a canonical form of {n:,} vertices and {len(rest):,} edges is beyond nauty's cap "
                       f"(at most {limits.MAX_NAUTY_VERTICES:,} in all: limits.MAX_NAUTY_VERTICES)")
    g = _incidence_graph(n, rest, marked)
    return (n, len(rest), empties, marked.bit_count(), pynauty.certificate(g))


def canonical_key(h: Hypergraph) -> tuple:
    """Equal keys ⟺ isomorphic hypergraphs (marks respected, vertex names ignored)."""
    return canonical_key_masks(h.n, h.edge_masks, h.marked_mask)


def is_isomorphic(h1: Hypergraph, h2: Hypergraph) -> bool:
    return canonical_key(h1) == canonical_key(h2)


def enumerate_hypergraphs(n: int, edge_sizes=(1, 2, 3), max_edges: int | None = None,
                          simple: bool = False, include_empty_edge: bool = False) -> Iterator[Hypergraph]:
    """Every hypergraph on ``n`` vertices whose edge sizes lie in ``edge_sizes``, one per isomorphism
    class, in order of edge count (breadth-first augmentation by one edge, deduplicated by
    :func:`canonical_key_masks`). ``simple`` keeps only Sperner families. Vertices are named 1..n.
    """
    names = [str(i) for i in range(1, n + 1)]
    candidates = [sum(1 << i for i in c) for s in sorted(set(edge_sizes)) if 0 < s <= n
                  for c in combinations(range(n), s)]
    if include_empty_edge or 0 in edge_sizes:
        candidates.insert(0, 0)
    level: dict[tuple, tuple[int, ...]] = {canonical_key_masks(n, ()): ()}
    k = 0
    while level:
        for edges in level.values():
            yield Hypergraph.from_masks(names, edges)
        if max_edges is not None and k >= max_edges:
            return
        nxt: dict[tuple, tuple[int, ...]] = {}
        for edges in level.values():
            present = set(edges)
            for c in candidates:
                if c in present:
                    continue
                if simple and any((c & e) in (c, e) for e in edges):
                    continue
                new = tuple(sorted(edges + (c,)))
                key = canonical_key_masks(n, new)
                if key not in nxt:
                    nxt[key] = new
        level = nxt
        k += 1


def enumerate_markings(h: Hypergraph) -> Iterator[Hypergraph]:
    """``h`` with every subset of its vertices marked, one per isomorphism class of marked hypergraph."""
    seen = set()
    for r in range(h.n + 1):
        for combo in combinations(range(h.n), r):
            mk = sum(1 << i for i in combo)
            key = canonical_key_masks(h.n, h.edge_masks, mk)
            if key not in seen:
                seen.add(key)
                yield Hypergraph.from_masks(h.vertices, h.edge_masks, mk)
