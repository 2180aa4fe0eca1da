"""Hunts that generate: hypotheses as constraints, and hypergraphs generated inside them.

A hypothesis that is a constraint the tool can express declares it with :class:`Constraint` (edge
counts, edge sizes: rank and uniformity, vertex degrees, the Erdős–Selfridge sum, connectivity);
the exhaustive source of a :class:`~.spaces.Hypergraphs` space then *generates* the instances that
satisfy it instead of enumerating every hypergraph and filtering.

The generator is McKay's canonical augmentation ("canonical construction path") over edge sets,
depth first: a hypergraph's children add one edge, one per orbit of its automorphism group on the
candidate edges, and a child is kept iff the added edge is in the orbit, under the child's own
group, of its canonical last edge (an edge of largest invariant — size, then the degrees of its
vertices — and among those the one nauty labels last). Every isomorphism class is produced exactly
once. The constraints that survive deleting an edge (at most so many edges, edge sizes, maximum
degree, the Erdős–Selfridge sum below a bound) prune the search: a child that breaks one is never
built, so the search visits only instances inside them. The others (at least so many edges, minimum
degree, connectivity, the space's own ``require``) are checked on each instance before it is
yielded.

Memory: the search keeps one path of the tree (at most ``max_edges`` hypergraphs and their candidate
orbits), so the parent of a hunt holds O(depth × candidates) for the stream, plus the chunks in
flight (2·workers + 1 chunks of ``--chunk`` payloads); nothing grows with the size of the space.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from fractions import Fraction
from itertools import combinations
from typing import Iterator

import pynauty

from ..errors import InputError
from ..hypergraph import Hypergraph, bits


def _fraction(x) -> Fraction:
    """A bound as an exact fraction (a float is read as the decimal it prints as: 0.5, 0.45)."""
    return Fraction(repr(x)) if isinstance(x, float) else Fraction(x)


@dataclass(frozen=True)
class Constraint:
    """A hypothesis in the generator's vocabulary; every field left at ``None`` (``False``) is no
    constraint. On a hypergraph H = (V, E):

    - ``min_edges``, ``max_edges``: bounds on |E|;
    - ``rank``: every edge has at most ``rank`` vertices; ``uniform``: exactly ``uniform``;
    - ``min_degree``, ``max_degree``: bounds on the number of edges at each vertex;
    - ``es_sum_below``: the Erdős–Selfridge sum Σ_{e∈E} 2^-|e| is strictly below this bound;
    - ``connected``: every vertex lies in an edge and the hypergraph is connected.

    :meth:`holds` is the constraint as a filter; the generator prunes by the fields that survive
    deleting an edge (``max_edges``, ``rank``, ``uniform``, ``max_degree``, ``es_sum_below``) and
    checks the others on each instance it yields."""
    min_edges: int | None = None
    max_edges: int | None = None
    rank: int | None = None
    uniform: int | None = None
    min_degree: int | None = None
    max_degree: int | None = None
    es_sum_below: float | Fraction | None = None
    connected: bool = False

    def __post_init__(self):
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "connected":
                if not isinstance(v, bool):
                    raise InputError("Constraint(connected=...) takes True or False")
            elif f.name == "es_sum_below":
                if v is not None and not _fraction(v) > 0:
                    raise InputError("Constraint(es_sum_below=...) takes a positive bound")
            elif v is not None and (not isinstance(v, int) or v < 0):
                raise InputError(f"Constraint({f.name}=...) takes a non-negative integer")

    def describe(self) -> str:
        """The fields set, as ``Constraint(...)`` reads them (for reports)."""
        return ", ".join(f"{k}={v}" for k, v in asdict(self).items() if v not in (None, False))

    def sizes(self, n: int, allowed) -> tuple[int, ...]:
        """The edge sizes ≤ n among ``allowed`` that rank and uniformity admit."""
        return tuple(s for s in allowed if 0 < s <= n and (self.rank is None or s <= self.rank)
                     and (self.uniform is None or s == self.uniform))

    def es_ok(self, n: int, masks) -> bool:
        if self.es_sum_below is None:
            return True
        return sum(Fraction(1, 1 << e.bit_count()) for e in masks) < _fraction(self.es_sum_below)

    def holds(self, h: Hypergraph) -> bool:
        """The constraint as a filter on one hypergraph."""
        masks, n = h.edge_masks, h.n
        if self.min_edges is not None and len(masks) < self.min_edges:
            return False
        if self.max_edges is not None and len(masks) > self.max_edges:
            return False
        if self.rank is not None and any(e.bit_count() > self.rank for e in masks):
            return False
        if self.uniform is not None and any(e.bit_count() != self.uniform for e in masks):
            return False
        if self.min_degree is not None or self.max_degree is not None:
            deg = _degrees(n, masks)
            if self.min_degree is not None and min(deg, default=0) < self.min_degree:
                return False
            if self.max_degree is not None and max(deg, default=0) > self.max_degree:
                return False
        if not self.es_ok(n, masks):
            return False
        return not self.connected or connected(n, masks)

    __call__ = holds


def _degrees(n: int, masks) -> list[int]:
    deg = [0] * n
    for e in masks:
        for v in bits(e):
            deg[v] += 1
    return deg


def connected(n: int, masks) -> bool:
    """Every one of the n vertices lies in an edge and the edges form one component (n ≥ 1)."""
    if n == 0:
        return True
    full = (1 << n) - 1
    comp, rest = 1, [e for e in masks if e]
    grew = True
    while grew:
        grew = False
        keep = []
        for e in rest:
            if e & comp:
                comp |= e
                grew = True
            else:
                keep.append(e)
        rest = keep
    return comp == full and (n == 1 and bool(masks) or n > 1)


# -- canonical augmentation -------------------------------------------------------------------------

def _graph(n: int, edges, cells=None) -> pynauty.Graph:
    """Incidence graph: vertices 0..n-1, edge j is node n + j; ``cells`` (lists of edge indices) colour
    the edge nodes, in order."""
    adj = {n + j: list(bits(e)) for j, e in enumerate(edges)}
    parts = [set(range(n))] if n else []
    if cells is None:
        cells = [range(len(edges))]
    parts += [{n + j for j in c} for c in cells if len(c)]
    return pynauty.Graph(n + len(edges), adjacency_dict=adj, vertex_coloring=parts)


class _Search:
    """The canonical augmentation search for one n (see the module docstring)."""

    def __init__(self, n: int, sizes, c: Constraint, require=None):
        self.n, self.c, self.require = n, c, require
        self.cands = [sum(1 << i for i in comb) for s in sorted(set(sizes))
                      for comb in combinations(range(n), s)]
        self.max_edges = c.max_edges if c.max_edges is not None else len(self.cands)
        if c.es_sum_below is not None:                 # integer units: weight(e) = 2^(n - |e|)
            self.limit = _fraction(c.es_sum_below) * (1 << n)
            self.weight = {e: 1 << (n - e.bit_count()) for e in self.cands}
        else:
            self.limit, self.weight = None, None
        self.nodes = 0          # hypergraphs visited (every one inside the pruning constraints)
        self.nauty_calls = 0

    def final_ok(self, edges, deg) -> bool:
        c = self.c
        if c.min_edges is not None and len(edges) < c.min_edges:
            return False
        if c.min_degree is not None and min(deg, default=0) < c.min_degree:
            return False
        if c.connected and not connected(self.n, edges):
            return False
        return self.require is None or self.require(
            Hypergraph.from_masks([str(i) for i in range(1, self.n + 1)], edges))

    def run(self) -> Iterator[tuple[int, ...]]:
        yield from self._visit((), [0] * self.n, 0, None)

    def _orbit_reps(self, edges, present, deg, wsum, gens) -> list[int]:
        """One candidate per orbit of Aut(edges) among the edges that may be added."""
        n, c = self.n, self.c
        ok = []
        for e in self.cands:
            if e in present:
                continue
            if self.limit is not None and wsum + self.weight[e] >= self.limit:
                continue
            if c.max_degree is not None and any(deg[v] >= c.max_degree for v in bits(e)):
                continue
            ok.append(e)
        if not gens or not ok:
            return ok
        parent = {e: e for e in ok}

        def find(x):
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x
        for g in gens:
            for e in ok:
                img = 0
                for v in bits(e):
                    img |= 1 << g[v]
                a, b = find(e), find(img)
                if a != b:
                    if a < b:
                        parent[b] = a
                    else:
                        parent[a] = b
        return [e for e in ok if find(e) == e]    # the smallest mask of each orbit

    def _visit(self, edges, deg, wsum, gens):
        self.nodes += 1
        if self.final_ok(edges, deg):
            yield edges
        if len(edges) >= self.max_edges:
            return
        if gens is None:
            self.nauty_calls += 1
            gens = self._gens(edges)
        present = set(edges)
        for e in self._orbit_reps(edges, present, deg, wsum, gens):
            child = edges + (e,)
            cdeg = list(deg)
            for v in bits(e):
                cdeg[v] += 1
            accepted, cgens = self._accept(child, cdeg)
            if accepted:
                yield from self._visit(child, cdeg, wsum + (self.weight[e] if self.weight else 0), cgens)

    def _gens(self, edges) -> list:
        gens = pynauty.autgrp(_graph(self.n, edges))[0]
        return [g[:self.n] for g in gens]

    def _accept(self, child, deg):
        """(is the last edge of ``child`` its canonical last edge up to Aut(child)?, the vertex
        generators of Aut(child) when they were computed, else None)."""
        def inv(e):
            ds = [deg[v] for v in bits(e)]
            return e.bit_count(), sum(ds), tuple(sorted(ds))
        top = inv(child[-1])
        size = top[0]
        ties = []
        for j, e in enumerate(child):    # reject as soon as an edge beats the new one
            if e.bit_count() < size:
                continue
            x = inv(e)
            if x > top:
                return False, None
            if x == top:
                ties.append(j)
        if len(ties) == 1:
            return True, None
        # nauty on the child, the edges of largest invariant in the last cell
        n = self.n
        tied = set(ties)
        others = [j for j in range(len(child)) if j not in tied]
        g = _graph(n, child, [others, ties])
        self.nauty_calls += 2
        lab = pynauty.canon_label(g)
        gens, _, _, orbits, _ = pynauty.autgrp(g)
        last = lab[-1]          # the canonical last edge (the last cell holds the tied edges)
        assert last - n in tied, "nauty's canonical labelling keeps the colour cells in order"
        return orbits[n + len(child) - 1] == orbits[last], [p[:n] for p in gens]


def generate_hypergraphs(n: int, sizes, constraint: Constraint, require=None,
                         stats: dict | None = None) -> Iterator[tuple[int, ...]]:
    """The edge sets (tuples of bitmasks on vertices 0..n-1) of the hypergraphs on n vertices with
    edge sizes in ``sizes`` that satisfy ``constraint`` (and ``require``, a function of a
    Hypergraph), one per isomorphism class, depth first. ``stats``, when given, receives the
    search's counts (``nodes``, ``nauty_calls``)."""
    search = _Search(n, constraint.sizes(n, sizes), constraint, require)
    try:
        yield from search.run()
    finally:
        if stats is not None:
            stats["nodes"] = stats.get("nodes", 0) + search.nodes
            stats["nauty_calls"] = stats.get("nauty_calls", 0) + search.nauty_calls
