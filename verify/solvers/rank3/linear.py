"""Chains and cycles in *linear* 3-uniform hypergraphs (any two edges share at most one vertex) by
breadth-first search: the fast path of COMPUTECC and of the leaf tests for linear boards.

In a linear hypergraph a shortest walk a, e_1, ..., e_L, b (fewest edges) is an ab-chain (Def
I.3.16): consecutive edges share exactly one vertex by linearity, and a vertex of e_i in e_j with
j ≥ i + 2, or a in e_j with j > 1, or b in e_i with i < L, would give a shorter walk. So CC(a) is
the ordinary connected component of a, and an x-cycle (Def I.3.19; length 2 is impossible) exists iff
two edges through x are joined by a walk avoiding x, a shortest such walk closing the cycle.
``tests/test_rank3_chains.py`` checks these against COMPUTECC and exhaustive chain search.
"""
from __future__ import annotations

from collections import deque

from ...certificates.chains import _vs, component


def is_linear(edges: list[int]) -> bool:
    seen: dict[int, int] = {}
    for e in edges:
        vs = _vs(e)
        for i in range(3):
            for j in range(i + 1, 3):
                p = (1 << vs[i]) | (1 << vs[j])
                if p in seen:
                    return False
                seen[p] = e
    return True


def _walk(sources: int, targets: int, edges: list[int], inc: list[list[int]], dead: int):
    """A shortest walk (as its edge list) from a vertex of ``sources`` to one of ``targets`` over
    edges avoiding ``dead``, or None."""
    prev: dict[int, tuple[int, int] | None] = {}
    queue = deque()
    s = sources
    while s:
        low = s & -s
        v = low.bit_length() - 1
        prev[v] = None
        queue.append(v)
        s ^= low
    while queue:
        u = queue.popleft()
        if targets >> u & 1:
            path = []
            while prev[u] is not None:
                w, e = prev[u]
                path.append(e)
                u = w
            return path[::-1]
        for i in inc[u]:
            e = edges[i]
            if e & dead:
                continue
            for v in _vs(e):
                if v not in prev:
                    prev[v] = (u, e)
                    queue.append(v)
    return None


def chain(a: int, b: int, edges: list[int], inc: list[list[int]], dead: int = 0) -> list[int] | None:
    """An ab-chain (a ≠ b) of fewest edges, or None."""
    return _walk(1 << a, 1 << b, edges, inc, dead)


def cycle(x: int, edges: list[int], inc: list[list[int]], dead: int = 0,
          witness: bool = True) -> list[int] | bool | None:
    """An x-cycle as its edges e_1..e_L (x in e_1 and e_L), True without ``witness``, or None."""
    at = [edges[i] for i in inc[x] if not edges[i] & dead]
    if len(at) < 2:
        return None
    xb = 1 << x
    d2 = dead | xb
    label: dict[int, int] = {}          # vertex -> index of the edge at x whose side reached it
    for k, e in enumerate(at):
        for v in _vs(e & ~xb):
            label[v] = k
    queue = deque(label)
    while queue:
        u = queue.popleft()
        for i in inc[u]:
            f = edges[i]
            if f & d2:
                continue
            for v in _vs(f):
                k = label.get(v)
                if k is None:
                    label[v] = label[u]
                    queue.append(v)
                elif k != label[u]:
                    if not witness:
                        return True
                    e1, e2 = at[label[u]], at[k]
                    mid = _walk(e1 & ~xb, e2 & ~xb, edges, inc, d2)
                    return [e1] + mid + [e2]
    return None


def components(edges: list[int], inc: list[list[int]], dead: int = 0) -> dict[int, int]:
    """vertex -> its component (vertex mask) over the live edges, for every vertex on one."""
    comp_of: dict[int, int] = {}
    for e in edges:
        if e & dead or _vs(e)[0] in comp_of:
            continue
        comp = component(_vs(e)[0], edges, inc, dead)
        m = comp
        while m:
            low = m & -m
            comp_of[low.bit_length() - 1] = comp
            m ^= low
    return comp_of


def on_cycles(edges: list[int], inc: list[list[int]], dead: int = 0) -> int:
    """The vertices x that have an x-cycle in a linear hypergraph: those on a cycle of the
    vertex-edge incidence graph, i.e. with an incidence that is not a bridge (Tarjan's lowlink,
    one pass for every vertex)."""
    nv = len(inc)
    disc: dict[int, int] = {}
    low: dict[int, int] = {}
    out = 0
    counter = 0

    def neighbours(node: int):
        if node < nv:
            return [nv + i for i in inc[node] if not edges[i] & dead]
        return list(_vs(edges[node - nv]))

    for root in range(nv):
        if root in disc or not any(not edges[i] & dead for i in inc[root]):
            continue
        disc[root] = low[root] = counter
        counter += 1
        stack = [(root, -1, iter(neighbours(root)))]
        while stack:
            node, parent, it = stack[-1]
            advanced = False
            for nb in it:
                if nb == parent:
                    continue
                if nb in disc:
                    if disc[nb] < low[node]:
                        low[node] = disc[nb]
                    if disc[nb] < disc[node]:          # back edge: on a cycle
                        out |= 1 << (node if node < nv else nb)
                    continue
                disc[nb] = low[nb] = counter
                counter += 1
                stack.append((nb, node, iter(neighbours(nb))))
                advanced = True
                break
            if advanced:
                continue
            stack.pop()
            if stack:
                p = stack[-1][0]
                if low[node] < low[p]:
                    low[p] = low[node]
                if low[node] <= disc[p]:                # (p, node) is not a bridge
                    out |= 1 << (p if p < nv else node)
    return out
