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

from .chains import _vs


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


def component(start: int, edges: list[int], inc: list[list[int]], dead: int = 0) -> int:
    """CC(start) in a linear hypergraph: the vertices joined to ``start`` by live edges."""
    comp = 1 << start
    queue = deque([start])
    while queue:
        u = queue.popleft()
        for i in inc[u]:
            e = edges[i]
            if e & dead or e & ~comp == 0:
                continue
            new = e & ~comp
            comp |= e
            while new:
                low = new & -new
                queue.append(low.bit_length() - 1)
                new ^= low
    return comp


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
