"""Hypothesis strategies for the tool's objects: the vocabulary of property-based tests.

Importing this module needs the ``dev`` extra (hypothesis).
"""
from __future__ import annotations

from hypothesis import strategies as st

from .hypergraph import Hypergraph


@st.composite
def hypergraphs(draw, min_vertices: int = 1, max_vertices: int = 7, edge_sizes=(1, 2, 3),
                max_edges: int = 10, marked: bool = False, simple: bool = False,
                empty_edge: bool = False) -> Hypergraph:
    """A hypergraph on vertices '1'..'n' with distinct edges whose sizes lie in ``edge_sizes``;
    with ``marked`` a random set of Maker's marks; with ``simple`` a Sperner family."""
    n = draw(st.integers(min_vertices, max_vertices))
    sizes = [s for s in edge_sizes if 0 < s <= n]
    names = [str(i) for i in range(1, n + 1)]
    masks: list[int] = []
    if empty_edge and draw(st.booleans()):
        masks.append(0)
    if sizes:
        raw = draw(st.lists(st.tuples(st.sampled_from(sizes), st.randoms(use_true_random=False)),
                            max_size=max_edges))
        for size, rnd in raw:
            m = sum(1 << i for i in rnd.sample(range(n), size))
            if m in masks:
                continue
            if simple and any((m & e) in (m, e) for e in masks):
                continue
            masks.append(m)
    mk = 0
    if marked:
        mk = draw(st.integers(0, (1 << n) - 1))
    return Hypergraph.from_masks(names, masks, mk)


def rank3_hypergraphs(**kw):
    """Hypergraphs of rank ≤ 3 (mixed edge sizes 1-3), the domain of Galliot's structural theory."""
    kw.setdefault("edge_sizes", (1, 2, 3))
    return hypergraphs(**kw)


@st.composite
def rank3_positions(draw, min_vertices: int = 3, max_vertices: int = 9, max_edges: int = 12,
                    max_marked: int = 2, two_edges: bool = True) -> Hypergraph:
    """Rank-≤3 boards (3-edges, and 2-edges if ``two_edges``) with at most ``max_marked`` of
    Maker's marks, rejecting (with ``assume``) boards already decided before the first move: no live
    edge, or an edge with at most one unmarked vertex (a trivial Maker win, paper 004 Def I.1.43)."""
    from hypothesis import assume
    n = draw(st.integers(min_vertices, max_vertices))
    sizes = (2, 3) if two_edges else (3,)
    h = draw(hypergraphs(min_vertices=n, max_vertices=n, edge_sizes=sizes, max_edges=max_edges))
    marks = draw(st.sets(st.integers(0, n - 1), max_size=max_marked))
    mk = sum(1 << i for i in marks)
    live = [e & ~mk for e in h.edge_masks]
    assume(live and all(e.bit_count() >= 2 for e in live))
    return Hypergraph.from_masks(h.vertices, h.edge_masks, mk)


players = st.sampled_from(["maker", "breaker"])
impartial_kinds = st.sampled_from(["acv", "avd", "dst", "prv"])
