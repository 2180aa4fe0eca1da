"""Deciding a board glued from two parts at one vertex (a 1-sum), from the parts' outcomes.

Let H = A ∪ B where the edge sets A and B share exactly one vertex v (no edge of A meets V(B) − v),
Maker to move. Then (Lemma I.1.50, monotonicity, and strategy splitting):
- if A is a Maker win, so is H (A ⊆ H);
- if A^{+v} (v given to Maker) is a Breaker win, H has the outcome of B: Breaker plays his B
  strategy in B (v included) and his A^{+v} strategy in A − v, answering each Maker move in the part
  it was played in (a move on v belongs to B); v is Maker's in A's game from the start, so its
  fate in B never hurts him there;
- if A is a Breaker win and B^{+v} is, H is a Breaker win (the same with the roles swapped);
- otherwise nothing is concluded.
:func:`pendant` finds the smallest part A hanging at a cut vertex of the incidence graph, so the
board is peeled part by part (one recursive decision of the rest per part), each part decided by the
caller's solver. ``tests/test_rank3_split.py`` checks the rule against the explicit reference.
"""
from __future__ import annotations

from ...hypergraph import bits


def pendant(res) -> tuple[int, frozenset, frozenset] | None:
    """(v, A, B): a cut vertex v and the smallest edge group A hanging at it (B the other edges), or
    None when no vertex separates the edges."""
    edges = list(res)
    inc: dict[int, list[int]] = {}
    for i, e in enumerate(edges):
        for v in bits(e):
            inc.setdefault(v, []).append(i)
    smallest = _smallest_groups(edges, inc)
    best = None
    for v, through in inc.items():
        size = smallest.get(v)
        if len(through) < 2 or size is None:
            continue
        if best is None or size < best[1]:
            best = (v, size)
            if size == 1:
                break
    if best is None:
        return None
    v = best[0]
    small = min(_groups_without(v, edges, inc), key=len)
    a = frozenset(edges[i] for i in small)
    return v, a, frozenset(e for e in edges if e not in a)


def _smallest_groups(edges: list[int], inc: dict[int, list[int]]) -> dict[int, int]:
    """For each cut vertex v of a connected board: the fewest edges in a group of
    :func:`_groups_without` (v), from one depth-first search of the incidence graph (Hopcroft-Tarjan
    low points, rooted at an edge so that every vertex is a non-root node: v separates the subtree
    of a child c iff low(c) ≥ disc(v); the groups are those subtrees and the rest), instead of one
    search per vertex. Vertices of a disconnected board's other components are left out."""
    m = len(edges)
    if not m:
        return {}
    node_of = {v: m + k for k, v in enumerate(inc)}
    vertex_of = {n: v for v, n in node_of.items()}

    def neighbours(n: int) -> list[int]:
        return [node_of[u] for u in bits(edges[n])] if n < m else inc[vertex_of[n]]

    disc: dict[int, int] = {0: 0}
    low = {0: 0}
    count = {0: 1}                          # edge nodes in the subtree
    split: dict[int, list[int]] = {}        # vertex -> edge counts of the subtrees it cuts off
    stack = [(0, -1, iter(neighbours(0)))]
    while stack:
        n, parent, it = stack[-1]
        child = next(it, None)
        if child is None:
            stack.pop()
            if parent >= 0:
                low[parent] = min(low[parent], low[n])
                count[parent] += count[n]
                if parent >= m and low[n] >= disc[parent]:
                    split.setdefault(vertex_of[parent], []).append(count[n])
            continue
        if child == parent:
            continue
        if child in disc:
            low[n] = min(low[n], disc[child])
            continue
        disc[child] = low[child] = len(disc)
        count[child] = 1 if child < m else 0
        stack.append((child, n, iter(neighbours(child))))
    total = count[0]
    return {v: min(min(sizes), total - sum(sizes)) for v, sizes in split.items() if total > sum(sizes)}


def _groups_without(v: int, edges: list[int], inc: dict[int, list[int]]) -> list[list[int]]:
    """The edges grouped by connectivity once v is removed from every edge."""
    vb = 1 << v
    seen: set[int] = set()
    groups = []
    for start in inc[v]:
        if start in seen:
            continue
        group, stack = [], [start]
        seen.add(start)
        while stack:
            i = stack.pop()
            group.append(i)
            for u in bits(edges[i] & ~vb):
                for j in inc[u]:
                    if j not in seen:
                        seen.add(j)
                        stack.append(j)
        groups.append(group)
    if sum(len(g) for g in groups) < len(edges):
        groups.append([i for i in range(len(edges)) if i not in seen])   # edges not at v
    return groups


def marked(part: frozenset, v: int) -> frozenset:
    """The part with v given to Maker (its residual edges through v shrink)."""
    return frozenset(e & ~(1 << v) for e in part)
