"""Exhaustive structure search from the definitions (paper 004 §I.3.2, literally): every chain by
depth-first search over simple linear walks, every a-cycle, and the leaf structures (fully marked
edge, nunchaku Def I.3.12, necklace Def I.3.21). Exponential; the reference the polynomial
COMPUTECC and leaf tests are checked against on small hypergraphs."""
from __future__ import annotations

from ...hypergraph import bits


def chains_from(a: int, edges: list[int], dead: int = 0):
    """Every (b, path) with path an ab-chain of positive length, by DFS over simple linear walks."""
    live = [e for e in edges if not e & dead and e.bit_count() == 3]
    out = []

    def extend(path, used):
        last = path[-1]
        # endpoints b: vertices of the last edge not in any earlier edge and != a
        earlier = 0
        for e in path[:-1]:
            earlier |= e
        for b in bits(last & ~earlier & ~(1 << a)):
            out.append((b, list(path)))
        for f in live:
            if f in path:
                continue
            if (f & last).bit_count() != 1:
                continue
            if f >> a & 1:
                continue
            if any(f & e for e in path[:-1]):
                continue
            # the shared vertex must not be a (already excluded) and not lie in earlier edges
            path.append(f)
            extend(path, used | f)
            path.pop()

    for e in live:
        if e >> a & 1:
            extend([e], e)
    return out


def chain_cc(a: int, edges: list[int], dead: int = 0) -> int:
    cc = 1 << a
    for b, _ in chains_from(a, edges, dead):
        cc |= 1 << b
    return cc


def cycles_at(a: int, edges: list[int], dead: int = 0):
    """Every a-cycle (Def I.3.19) as an edge list e_1..e_L, a in e_1 and e_L only."""
    live = [e for e in edges if not e & dead and e.bit_count() == 3]
    out = []
    A = 1 << a
    for e1 in live:
        for e2 in live:
            if e1 < e2 and e1 & e2 & A and (e1 & e2).bit_count() == 2:
                out.append([e1, e2])
    # L >= 3: a chain from a (first edge e1) ... closing with an edge containing a
    for b, path in chains_from(a, edges, dead):
        if len(path) < 2:
            continue
        for f in live:
            if f in path or not f & A or not f >> b & 1:
                continue
            if (f & path[-1]).bit_count() != 1 or (f & path[0]) != A:
                continue
            if any(f & e for e in path[1:-1]):
                continue
            out.append(path + [f])
    return out


def has_leaf(edges: list[int], marked: int, dead: int = 0):
    """Fully marked edge, nunchaku (Def I.3.12) or necklace (Def I.3.21) in the marked hypergraph."""
    live = [e for e in edges if not e & dead]
    if any(e & marked == e for e in live):
        return "edge"
    for u in bits(marked):
        for b, path in chains_from(u, live):
            vs = 0
            for e in path:
                vs |= e
            if vs & marked == (1 << u) | (1 << b):
                return "nunchaku"
        for cyc in cycles_at(u, live):
            vs = 0
            for e in cyc:
                vs |= e
            if vs & marked == 1 << u:
                return "necklace"
    return None


def has_tadpole(a: int, edges: list[int], dead: int = 0) -> bool:
    """An a-tadpole (Def I.3.23): an ab-chain P (length 0 allowed) and a b-cycle C with
    V(P) ∩ V(C) = {b}."""
    if cycles_at(a, edges, dead):
        return True
    for b, path in chains_from(a, edges, dead):
        vp = 0
        for e in path:
            vp |= e
        for cyc in cycles_at(b, edges, dead):
            vc = 0
            for e in cyc:
                vc |= e
            if vp & vc == 1 << b:
                return True
    return False
