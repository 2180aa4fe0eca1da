"""Rank-3 board families for Galliot's criterion (paper 004): sparse connected boards for scaling
tests, and boards on which Maker needs the third round of Theorem II.1.12.

- :func:`sparse_tree`: a seeded random linear hypertree (every edge adds two new vertices to one old
  one); Breaker wins by a pairing (each edge's two new vertices, Prop I.1.52).
- :func:`sparse_gadgets`: a hypertree with copies of a 7-vertex linear Breaker win that has no pairing
  glued at its degree-1 vertex; connected, sparse, Breaker wins without a pairing of the board.
- :func:`sparse_extra`: a hypertree plus ``extra`` random edges meeting every other edge in at most
  one vertex (Maker usually wins once two cycles come close).
- :func:`round3_board`: Maker wins, and needs the third round of the criterion.
- :func:`gadget_ring`, :func:`glued_ring`: 2-connected Breaker wins without pairing, joined by edges
  with a private vertex (local strategies decide them) or glued at shared vertices (J_2(D1) does).
"""
from __future__ import annotations

import random

from ..errors import InputError
from ..hypergraph import Hypergraph

# {1,2,3},{1,4,5},{2,4,6},{3,5,7}: Breaker wins (explicit search), no pairing; 7 has degree 1
NO_PAIRING_GADGET = ((0, 1, 2), (0, 3, 4), (1, 3, 5), (2, 4, 6))


def _need(ok: bool, msg: str):
    if not ok:
        raise InputError(msg)


def _tree_edges(n: int, rng: random.Random, start: int = 0) -> tuple[list[int], int]:
    edges, nv = [], start + 1
    while nv + 2 <= start + n:
        a = rng.randrange(start, nv)
        edges.append((1 << a) | (1 << nv) | (1 << (nv + 1)))
        nv += 2
    return edges, nv


def _board(edges: list[int], nv: int) -> Hypergraph:
    return Hypergraph.from_masks([str(i) for i in range(nv)], edges)


def sparse_tree(n: int, seed: int = 0) -> Hypergraph:
    """A random linear 3-uniform hypertree on n (odd; even n leaves an isolated vertex) vertices."""
    _need(n >= 3, "rank3-sparse needs n >= 3")
    edges, nv = _tree_edges(n, random.Random(seed))
    return _board(edges, max(nv, n))


def sparse_gadgets(n: int, gadgets: int = 2, seed: int = 0) -> Hypergraph:
    """A random hypertree on about n - 6·gadgets vertices with ``gadgets`` copies of
    :data:`NO_PAIRING_GADGET` glued at their degree-1 vertex to random tree vertices."""
    _need(gadgets >= 0 and n >= 6 * gadgets + 3, "rank3-sparse needs n >= 6*gadgets + 3")
    rng = random.Random(seed)
    edges, nv = _tree_edges(n - 6 * gadgets, rng)
    for _ in range(gadgets):
        anchor = rng.randrange(nv)
        names = list(range(nv, nv + 6)) + [anchor]
        nv += 6
        edges += [sum(1 << names[i] for i in g) for g in NO_PAIRING_GADGET]
    return _board(edges, nv)


def sparse_extra(n: int, extra: int = 3, seed: int = 0) -> Hypergraph:
    """A random hypertree on n vertices plus ``extra`` random edges, each meeting every other edge
    in at most one vertex (usually a Maker win once cycles come close)."""
    _need(n >= 3 and extra >= 0, "rank3-sparse needs n >= 3, extra >= 0")
    rng = random.Random(seed)
    edges, nv = _tree_edges(n, rng)
    added = tries = 0
    while added < extra and tries < 100_000:
        tries += 1
        e = sum(1 << i for i in rng.sample(range(nv), 3))
        if all((e & f).bit_count() <= 1 for f in edges):
            edges.append(e)
            added += 1
    return _board(edges, nv)


def round3_board(c: int = 3, q: int = 3, copies: int = 2, gap: int = 1) -> Hypergraph:
    """A Maker win on which Maker needs the third round of Theorem II.1.12 (paper 004): ``copies``
    copies of a D1^O-danger at x (Notation II.1.22, Prop II.1.23; type (1) of Prop II.1.32) glued at
    x, the way Fig II.6 was built from Fig II.9.

    Each copy: a z-cycle C of length ``c`` with z inner and w the outer vertex of C's edge through z
    and its neighbour; a cycle Q of length ``q`` on which z and a are outer vertices (of Q's edges 0
    and ``gap``); the edge {x, a, w}. x lies on one edge per copy and no copy has an x-tadpole; once
    x is marked, marking z creates two zx-nunchakus and a necklace, all through w (one reply breaks
    them), while z keeps a chain into Q: the dangers at z only run out one round later. So no leaf
    (fully marked edge, nunchaku, necklace) can be forced within two rounds, but one can within
    three. Checked for small parameters against the explicit reference and the literal leaf
    definitions in tests/test_rank3_round3.py (23 vertices and 14 edges with the defaults).
    """
    _need(c >= 3 and q >= 3 and copies >= 1 and 1 <= gap < q,
          "rank3-round3 needs c >= 3, q >= 3, copies >= 1, 1 <= gap < q")
    edges: list[list[str]] = []
    for k in range(copies):
        p = f"{k + 1}"
        cv = [f"z{p}"] + [f"c{p}.{i}" for i in range(1, c)]
        for i in range(c):
            outer = f"w{p}" if i == 0 else f"o{p}.{i}"
            edges.append([cv[i], outer, cv[(i + 1) % c]])
        qv = [f"q{p}.{j}" for j in range(q)]
        for j in range(q):
            outer = f"z{p}" if j == 0 else (f"a{p}" if j == gap else f"r{p}.{j}")
            edges.append([qv[j], outer, qv[(j + 1) % q]])
        edges.append(["x", f"a{p}", f"w{p}"])
    return Hypergraph(edges)


def gadget_ring(k: int) -> Hypergraph:
    """``k`` copies of :data:`NO_PAIRING_GADGET` in a ring, each joined to the next by an edge
    {degree-1 vertex of one, degree-1 vertex of the next, a new vertex}: a 2-connected Breaker win
    (checked for k ≤ 3) without pairing and without cut vertex, so the three-round search decides it."""
    _need(k >= 2, "rank3-ring needs k >= 2")
    edges, ends, nv = [], [], 0
    for _ in range(k):
        edges += [sum(1 << (nv + v) for v in g) for g in NO_PAIRING_GADGET]
        ends.append((nv + 6, nv + 5))
        nv += 7
    for i in range(k):
        edges.append((1 << ends[i][0]) | (1 << ends[(i + 1) % k][1]) | (1 << nv))
        nv += 1
    return _board(edges, nv)


def glued_ring(k: int) -> Hypergraph:
    """``k`` copies of :data:`NO_PAIRING_GADGET` in a ring, the degree-1 vertex 6 of each being
    the degree-1 vertex 5 of the next: every vertex on exactly two edges, no vertex on one edge
    only (so no local cut along private vertices, :mod:`verify.solvers.rank3.local`), no cut vertex.
    A Breaker win (checked against the explicit reference for k ≤ 3) that the criterion decides."""
    _need(k >= 2, "rank3-glued needs k >= 2")
    edges = []
    for i in range(k):
        def name(v: int, base: int = 6 * i, nxt: int = 6 * ((i + 1) % k)) -> int:
            return nxt + 5 if v == 6 else base + v
        edges += [sum(1 << name(v) for v in g) for g in NO_PAIRING_GADGET]
    return _board(edges, 6 * k)


def diamond_chain(k: int) -> Hypergraph:
    """``k`` "diamonds" {c,a,b}, {a,s,c'}, {b,t,c'} in a row (5k + 1 vertices, c = 0 first, each
    c' the next diamond's c): each diamond a 3-cycle (Def I.3.19) at a, b and c' on which c is
    outer, so 0 has no tadpole (Def I.3.23) although a chain crosses every diamond by a or by b. A
    Breaker win by J_2(D1) (paper 004 Theorem II.1.14) when splits are off; the family on which the
    tadpole recursion memoised on deletion sets took 2^k calls."""
    _need(k >= 1, "rank3-diamonds needs k >= 1")
    edges, c, nv = [], 0, 1
    for _ in range(k):
        a, b, s, t, nxt = range(nv, nv + 5)
        nv += 5
        edges += [1 << c | 1 << a | 1 << b, 1 << a | 1 << s | 1 << nxt, 1 << b | 1 << t | 1 << nxt]
        c = nxt
    return _board(edges, nv)


def pairing_board(pairs: int = 30, extra: int = 15, seed: int = 0) -> Hypergraph:
    """A connected Breaker win by a pairing (Prop I.1.52), seeded: ``pairs`` disjoint pairs {a_i, b_i}
    and ``extra`` further vertices; every edge is {a_i, b_i, x} with x any other vertex (the
    vertices of other pairs included), each pair on two or three edges. The first edge of each pair
    after the first takes x among the vertices already used, so the board is connected (every
    further vertex is used at least once)."""
    _need(pairs >= 1 and extra >= 0 and 2 * pairs + extra >= 3,
          "rank3-pairs needs pairs >= 1, extra >= 0 and at least 3 vertices")
    rng = random.Random(seed)
    nv = 2 * pairs + extra
    order = list(range(pairs))
    rng.shuffle(order)
    pool = [2 * pairs + j for j in range(extra)]
    rng.shuffle(pool)
    edges: set[int] = set()
    used: list[int] = []
    for k, i in enumerate(order):
        a, b = 2 * i, 2 * i + 1
        others = [v for v in range(nv) if v not in (a, b)]
        xs: list[int] = []
        if k > 0:
            xs.append(rng.choice(used))
        if pool:
            xs.append(pool.pop())
        want = min(rng.choice((2, 3)), len(others))
        while len(xs) < want:
            x = rng.choice(others)
            if x not in xs:
                xs.append(x)
        for x in xs[:3]:
            edges.add((1 << a) | (1 << b) | (1 << x))
        used += [a, b] + xs[:3]
    for v in pool:                      # extra vertices left over: one more edge each
        i = rng.randrange(pairs)
        edges.add((1 << 2 * i) | (1 << 2 * i + 1) | (1 << v))
    names = [f"{'ab'[i % 2]}{i // 2}" if i < 2 * pairs else f"x{i - 2 * pairs}" for i in range(nv)]
    return Hypergraph.from_masks(names, sorted(edges))
