"""Chains in 3-uniform hypergraphs and their polynomial connectivity test (paper 004 §I.3.2, §II.2,
Algorithm COMPUTECC of §III.1.2.1 / Theorem III.1.1), and the cycle and tadpole tests built on it
(:func:`cycle_at`, :func:`tadpole`; Def I.3.19, I.3.23), shared by the dangers checker and the
solver's J_2(D1).

An ab-chain (Def I.3.16) is induced by a walk (a, e_1, ..., e_L, b) of 3-edges that is linear and
simple: consecutive edges share exactly one vertex, non-consecutive edges are disjoint, a lies in e_1
only and b in e_L only (length 0 means a = b). Marks play no role. ``CC(x*)`` is the set of vertices
joined to x* by a chain; it is not transitive, so breadth-first search over consecutive
intersections over-approximates it.

:func:`compute_cc` is COMPUTECC (the archipelago construction of §II.2) with the correction recorded
in the thesis notes (§5.1): ADD_OTHER must put the vertices of the added edge lying outside the
archipelago into the merged island, as the proof of Prop II.2.26 says (V(I) = ∪_{j∈J} V(I_j) ∪ e);
the printed Algorithm 3 omits them. Smallest instance: E = {x,a,b}, {x,a,c}; the printed version
returns CC(x) = {x,a,b} and loses c (chain (x, {x,a,c}, c)). ``tests/test_rank3_chains.py`` checks
:func:`compute_cc` against exhaustive chain enumeration.

Hypergraphs here are lists of 3-vertex bitmasks with an incidence list ``inc[v]`` (edge indices
containing vertex v); ``dead`` is a mask of deleted vertices (their edges are ignored) and ``extra``
lists further edges present only for this call.
"""
from __future__ import annotations

from collections import deque

from ..hypergraph import bits

_VS: dict[int, tuple[int, ...]] = {}


def _vs(e: int) -> tuple[int, ...]:
    """The vertex indices of an edge mask (cached: edges recur across thousands of calls)."""
    t = _VS.get(e)
    if t is None:
        if len(_VS) > 1_000_000:
            _VS.clear()
        t = _VS[e] = tuple(bits(e))
    return t


def incidence(edges: list[int], nbits: int) -> list[list[int]]:
    """inc[v] = indices of the edges containing vertex v."""
    inc: list[list[int]] = [[] for _ in range(nbits)]
    for i, e in enumerate(edges):
        for v in bits(e):
            inc[v].append(i)
    return inc


def compute_cc(start: int, edges: list[int], inc: list[list[int]], dead: int = 0,
               extra: tuple[int, ...] | list[int] = ()) -> int:
    """CC(x*): the mask of vertices joined to vertex ``start`` by a chain (COMPUTECC, corrected).

    Builds the maximal x*-archipelago (Def II.2.10, Theorem II.2.21): islands with entries (ε_1 =
    {x*}, 2-vertex entries otherwise) in an arborescence; edges are added while one is of A-type
    "new crossing" (ADD_NEWCROSSING, Prop II.2.23) or "other" (ADD_OTHER, Prop II.2.26); "cut",
    "crossing" and "exterior" edges never add a vertex.
    """
    all_edges = list(edges) + list(extra)
    n_base = len(edges)
    extra_inc: dict[int, list[int]] = {}
    for j, e in enumerate(extra, n_base):
        for v in _vs(e):
            extra_inc.setdefault(v, []).append(j)
    nb = len(inc)

    def incident(v: int):
        if v < nb:
            for i in inc[v]:
                if not edges[i] & dead:
                    yield i
        for j in extra_inc.get(v, ()):
            if not all_edges[j] & dead:
                yield j

    island = {start: 0}                   # vertex -> island id
    members: list[list[int]] = [[start]]
    parent: list[int] = [-1]
    live: list[bool] = [True]
    entry_pair: dict[int, int] = {}       # 2-vertex entry mask -> island id (island ids >= 1)
    entry_of: list[int] = [1 << start]
    pending: dict[int, None] = dict.fromkeys(incident(start))   # edges meeting V(A), not in A
    in_a: set[int] = set()

    def add_vertex(v: int, isl: int):
        island[v] = isl
        members[isl].append(v)
        for i in incident(v):
            if i not in in_a:
                pending[i] = None

    def depth(i: int) -> int:
        d = 0
        while parent[i] != -1:
            i = parent[i]
            d += 1
        return d

    changed = True
    while changed:
        changed = False
        for eid in list(pending):
            if eid not in pending:
                continue
            e = all_edges[eid]
            inside = [v for v in _vs(e) if v in island]
            if len(inside) == 1:                                  # new crossing
                i0 = island[inside[0]]
                s = e & ~(1 << inside[0])
                new = len(members)
                members.append([])
                parent.append(i0)
                live.append(True)
                entry_of.append(s)
                entry_pair[s] = new
                for v in _vs(s):
                    add_vertex(v, new)
            else:
                if len(inside) == 2:
                    pair = (1 << inside[0]) | (1 << inside[1])
                    if pair in entry_pair:                         # cut
                        continue
                else:
                    crossing = False
                    for k in range(3):
                        pair = e & ~(1 << inside[k])
                        j = entry_pair.get(pair)
                        if j is not None and island[inside[k]] != j:
                            crossing = True
                            break
                    if crossing:                                  # crossing: adds no vertex
                        continue
                # other: merge the islands on the tree paths to their lowest common ancestor
                j0 = {island[v] for v in inside}
                paths = []
                for i in j0:
                    p = [i]
                    while parent[p[-1]] != -1:
                        p.append(parent[p[-1]])
                    paths.append(p)
                common = set(paths[0])
                for p in paths[1:]:
                    common &= set(p)
                i0 = max(common, key=depth)
                merge: set[int] = set()
                for p in paths:
                    for i in p:
                        if i == i0:
                            break
                        merge.add(i)
                for j in merge:
                    live[j] = False
                    entry_pair.pop(entry_of[j], None)
                    for v in members[j]:
                        island[v] = i0
                    members[i0].extend(members[j])
                    members[j] = []
                for c in range(len(parent)):
                    if live[c] and parent[c] in merge:
                        parent[c] = i0
                for v in _vs(e):
                    if v not in island:
                        add_vertex(v, i0)                         # the ADD_OTHER correction
            in_a.add(eid)
            pending.pop(eid, None)
            changed = True
    out = 0
    for v in island:
        out |= 1 << v
    return out


def grow(frontier: int, edges: list[int], inc: list[list[int]], dead: int = 0) -> int:
    """The union of the edges avoiding ``dead`` through the vertices of ``frontier`` (one step of a
    breadth-first search over the hypergraph)."""
    new = 0
    while frontier:
        low = frontier & -frontier
        frontier ^= low
        for i in inc[low.bit_length() - 1]:
            e = edges[i]
            if not e & dead:
                new |= e
    return new


def component(start: int, edges: list[int], inc: list[list[int]], dead: int = 0, stop: int = 0) -> int:
    """The connected component of ``start`` over the edges avoiding ``dead`` (its vertex mask). It
    holds every chain from ``start``; in a linear hypergraph it is CC(start)
    (:mod:`verify.solvers.rank3.linear`). With ``stop``, the search ends as soon as it reaches a
    vertex of ``stop`` (the mask returned then holds one)."""
    comp = frontier = 1 << start
    while frontier and not comp & stop:
        frontier = grow(frontier, edges, inc, dead) & ~comp
        comp |= frontier
    return comp


def connected(a: int, b: int, edges: list[int], inc: list[list[int]], dead: int = 0) -> bool:
    """Whether a and b lie in one connected component over the edges avoiding ``dead``: two
    searches grown in turn, the smaller frontier first, until they meet or one side runs out (cost
    about twice the smaller side)."""
    sides = [[1 << a, 1 << a], [1 << b, 1 << b]]          # [reached, frontier] per side
    while sides[0][1] and sides[1][1]:
        side = sides[0] if sides[0][1].bit_count() <= sides[1][1].bit_count() else sides[1]
        side[1] = grow(side[1], edges, inc, dead) & ~side[0]
        side[0] |= side[1]
        if sides[0][0] & sides[1][0]:
            return True
    return bool(sides[0][0] & sides[1][0])


def chained(a: int, b: int, edges: list[int], inc: list[list[int]], dead: int = 0) -> bool:
    """Whether an ab-chain (a ≠ b) avoids ``dead``: COMPUTECC, run only when a and b are
    :func:`connected` (a chain lies in a component)."""
    return connected(a, b, edges, inc, dead) and bool(compute_cc(a, edges, inc, dead) >> b & 1)


def span(x: int, edges: list[int], inc: list[list[int]], dead: int = 0,
         stop: int = 0) -> tuple[int, int, int] | None:
    """(vertex mask, number of edges, Σ|e|) of the connected component of vertex ``x`` over the
    edges avoiding ``dead``; None as soon as one of its edges meets ``stop``. The component is
    Berge-acyclic (its vertex-edge incidence graph, connected, is a tree) iff Σ|e| = |V| + |E| - 1."""
    comp = 1 << x
    seen: set[int] = set()
    arcs = 0
    stack = [x]
    while stack:
        u = stack.pop()
        for i in inc[u]:
            if i in seen:
                continue
            e = edges[i]
            if e & dead:
                continue
            if e & stop:
                return None
            seen.add(i)
            arcs += e.bit_count()
            new = e & ~comp
            if new:
                comp |= new
                stack.extend(_vs(new))
    return comp, len(seen), arcs


def quiet(x: int, edges: list[int], inc: list[list[int]], marked: int, dead: int = 0) -> bool:
    """Whether the connected component of the unmarked vertex ``x`` in H^{-dead} holds no marked
    vertex and is Berge-acyclic (:func:`span`). Then x has no D1-danger (Notation II.1.2, II.1.16):
    an x-snake is a chain, so it lies in the component, and its mark would be there; an x-tadpole
    contains an x'-cycle (Def I.3.19, Def I.3.23), a Berge cycle (two edges sharing two vertices,
    or L ≥ 3 edges in a ring), which an acyclic component has none of. One search over the
    component; False says nothing."""
    s = span(x, edges, inc, dead, marked & ~(1 << x))
    return s is not None and s[2] == s[0].bit_count() + s[1] - 1


def cycle_at(x: int, edges: list[int], inc: list[list[int]], dead: int = 0) -> int:
    """1 << x if H^{-dead} has an x-cycle (Def I.3.19), else 0. L = 2: two edges {x,u,v},
    {x,u,w}. L ≥ 3: edges e_1 = {x,a,a'} and e_L = {x,c,c'} with e_1 ∩ e_L = {x} and an
    a'c'-chain in H minus x, a and c (its edges are e_2..e_{L-1}: simple and linear exactly when
    they avoid x, a, c, and a', c' lie only in the chain's end edges; conversely e_2..e_{L-1} of a
    cycle is such a chain)."""
    xb = 1 << x
    at = [edges[i] for i in inc[x] if not edges[i] & dead]
    for i, e in enumerate(at):
        for f in at[i + 1:]:
            common = e & f
            if common.bit_count() == 2:
                return xb
            if common != xb:
                continue
            for a2 in _vs(e & ~xb):
                for c2 in _vs(f & ~xb):
                    a, c = e & ~xb & ~(1 << a2), f & ~xb & ~(1 << c2)
                    if compute_cc(a2, edges, inc, dead | xb | a | c) >> c2 & 1:
                        return xb
    return 0


class OutOfCalls(Exception):
    """A :func:`tadpole` search used up its call budget."""


QUICK_TADPOLE_CALLS = 1024       # first call limit of :func:`tadpole`'s alternating searches


def tadpole(x: int, edges: list[int], inc: list[list[int]], dead: int, memo: dict,
            cycle=None, budget: list[int] | None = None) -> int:
    """A non-zero mask (the vertices of an x-tadpole, when ``cycle`` gives a cycle's vertices) if
    H^{-dead} has an x-tadpole (Def I.3.23), else 0.

    Recursion: an x-tadpole is an x-cycle, or an edge {x,p,q} followed by a p-tadpole avoiding x
    and q (removing the first edge of a tadpole whose chain has positive length leaves such a
    tadpole; conversely the walk (x, {x,p,q}) ⊕ T' is simple and linear exactly when T' avoids x
    and q). ``cycle(v, dead)`` tests for a v-cycle (non-zero: found; default :func:`cycle_at`).

    Memo keys, both exact, so ``memo`` may be shared by every query on the same ``edges``: (x, dead)
    (H^{-dead} is the question), cheap, or (x, C), C the vertex set of x's connected component in
    H^{-dead}, one search over C per call. A call costs one unit, a call keyed on C 1 + |C|/16. The
    searches alternate, (x, dead) first, each stopped after ``limit`` units and restarted (their
    finished calls memoised) with the other key, ``limit`` = :data:`QUICK_TADPOLE_CALLS` and growing
    4-fold per round (0: the component key only). Memo entries only cut a search short, so a key
    whose search costs N units alone finishes in the first round with limit ≥ N: a query costs at
    most about 11 N units for the better key's N. With (x, C): a tadpole is connected and contains
    x, so it lies in H^{-dead}[C], and H^{-dead}[C] = H[C] (an edge meeting C either has a dead
    vertex, or lies in C; an edge inside C has no dead vertex, as C has none), a function of C
    alone. When H[C] is Berge-acyclic (:func:`span`) there is no cycle in it, hence no tadpole: 0
    at once.

    Cost with the component key. The recursion walks chains from x. Let z be a cut node of the
    incidence graph I of H^{-dead} (a vertex, or an edge) that a chain crosses from x's side S to
    another side S' (the component of I - z it enters). The call at the first vertex u past z has
    dead ⊇ {z} (z a vertex: it is on the chain) or dead ⊇ z's other two vertices (z an edge), so its
    component lies in S' and is that of u in S' minus at most the crossing edge's third vertex: the
    same for every chain prefix in S. The memo therefore collapses at every cut node, and the
    number of calls is exponential at most in the size of the largest block (2-connected piece) of
    I, not in the number of blocks: k "diamonds" {c,a,b}, {a,s,c'}, {b,t,c'} in a row take 3k - 2
    calls, where the key (x, dead) takes 2^k. Inside one block no polynomial bound is proved
    (docs/benchmarks.md reports the worst growth found). ``budget``: [units left], every search;
    :class:`OutOfCalls` when it runs out."""
    limit = max(QUICK_TADPOLE_CALLS, 1)
    while True:
        for by_component in (False, True):
            if not by_component and not QUICK_TADPOLE_CALLS:
                continue
            cap = limit if budget is None else min(limit, budget[0])
            left = [cap]
            try:
                return _tadpole(x, edges, inc, dead, memo, cycle, left, by_component)
            except OutOfCalls:
                pass
            finally:
                if budget is not None:
                    budget[0] -= cap - max(left[0], 0)
            if budget is not None and budget[0] <= 0:
                raise OutOfCalls
        limit *= 4


def _tadpole(x: int, edges: list[int], inc: list[list[int]], dead: int, memo: dict, cycle,
             budget: list[int] | None, by_component: bool) -> int:
    """:func:`tadpole`'s recursion, keyed on (x, C) or (x, dead, 0) (a 3-tuple: the keys differ)."""
    if by_component:
        comp, m, arcs = span(x, edges, inc, dead)
        if arcs == comp.bit_count() + m - 1:
            return 0
        key: tuple = (x, comp)
    else:
        key = (x, dead, 0)
    hit = memo.get(key)
    if hit is not None:
        return hit
    if budget is not None:
        budget[0] -= 1 + (comp.bit_count() >> 4 if by_component else 0)
        if budget[0] < 0:
            raise OutOfCalls
    xb = 1 << x
    at = [edges[i] for i in inc[x] if not edges[i] & dead]
    out = 0
    if len(at) >= 2:                                  # an x-cycle has two edges at x
        out = cycle(x, dead) if cycle is not None else cycle_at(x, edges, inc, dead)
    if not out:
        for e in at:
            p, q = _vs(e & ~xb)
            for u, w in ((p, q), (q, p)):
                sub = _tadpole(u, edges, inc, dead | xb | 1 << w, memo, cycle, budget, by_component)
                if sub:
                    out = sub | e
                    break
            if out:
                break
    memo[key] = out
    return out


def _distances(b: int, all_edges: list[int], dead: int) -> dict[int, int]:
    """Ordinary BFS distance (in edges) from every vertex to b; a lower bound on chain length."""
    adj: dict[int, list[int]] = {}
    for e in all_edges:
        if not e & dead:
            for v in _vs(e):
                adj.setdefault(v, []).append(e)
    dist = {b: 0}
    queue = deque([b])
    while queue:
        u = queue.popleft()
        for e in adj.get(u, ()):
            for v in _vs(e):
                if v not in dist:
                    dist[v] = dist[u] + 1
                    queue.append(v)
    return dist


def _shortest_walk(a: int, b: int, all_edges: list[int], dead: int) -> list[int] | None:
    """A shortest walk a, e_1, ..., e_L, b in the incidence graph (it is simple, and it is a chain
    unless two consecutive edges share two vertices, which :func:`is_chain` then rejects)."""
    adj: dict[int, list[int]] = {}
    for e in all_edges:
        if not e & dead:
            for v in _vs(e):
                adj.setdefault(v, []).append(e)
    prev: dict[int, tuple[int, int] | None] = {a: None}
    queue = deque([a])
    while queue:
        u = queue.popleft()
        if u == b:
            break
        for e in adj.get(u, ()):
            for v in _vs(e):
                if v not in prev:
                    prev[v] = (u, e)
                    queue.append(v)
    if b not in prev:
        return None
    path = []
    v = b
    while prev[v] is not None:
        u, e = prev[v]
        path.append(e)
        v = u
    return path[::-1]


def find_chain(a: int, b: int, edges: list[int], inc: list[list[int]], dead: int = 0,
               extra: tuple[int, ...] | list[int] = (), known: bool = False) -> list[int] | None:
    """An ab-chain as its edge list e_1..e_L (a ≠ b), or None; found by self-reduction on
    :func:`compute_cc`: (a, {a,p,q}, ...) continues as a pb-chain in H - a - q. Steps are tried in
    order of BFS distance to b, so the chains found are short in practice (not always shortest), after
    trying a shortest incidence-graph walk. ``known``: the caller knows b ∈ CC(a)."""
    if a == b or not (known or compute_cc(a, edges, inc, dead, extra) >> b & 1):
        return None
    all_edges = list(edges) + list(extra)
    quick = _shortest_walk(a, b, all_edges, dead)
    if quick is not None and is_chain(a, b, quick):
        return quick
    out = []
    while True:
        steps = []
        dist = _distances(b, all_edges, dead)
        for e in all_edges:
            if e & dead or not e >> a & 1:
                continue
            if e >> b & 1:
                out.append(e)
                return out
            p, q = [v for v in _vs(e) if v != a]
            steps.append((dist.get(p, 1 << 30), e, p, q))
            steps.append((dist.get(q, 1 << 30), e, q, p))
        steps.sort()
        nxt = None
        for _, e, p, q in steps:
            d2 = dead | (1 << a) | (1 << q)
            if compute_cc(p, edges, inc, d2, extra) >> b & 1:
                nxt = (e, p, d2)
                break
        if nxt is None:  # cannot happen when compute_cc is exact
            raise AssertionError("chain self-reduction failed")
        out.append(nxt[0])
        a, dead = nxt[1], nxt[2]


def is_chain(a: int, b: int, path: list[int]) -> bool:
    """Def I.3.16 checked literally on an edge sequence (a, e_1, ..., e_L, b)."""
    if not path:
        return a == b
    if a == b or any(e.bit_count() != 3 for e in path):
        return False
    walk = [1 << a] + list(path) + [1 << b]
    for i in range(len(walk)):
        for j in range(i + 1, len(walk)):
            inter = (walk[i] & walk[j]).bit_count()
            if j == i + 1 and inter == 0:
                return False
            if j == i + 1 and 0 < i and j <= len(path) and inter != 1:
                return False
            if j >= i + 2 and inter:
                return False
    return True
