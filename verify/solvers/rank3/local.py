"""Breaker's local strategies: a board cut into parts along edges that hold a private vertex.

Rule (a certified Breaker win, either order). Let V be partitioned into parts V_1, ..., V_k and give
every residual edge e a *projection* e ∩ V_i with at least two vertices, for one part i. If Breaker
wins, with Maker to move, every part game H_i = {projections onto V_i}, he wins H: he answers each
Maker move inside the part it was played in with his H_i strategy (anywhere when that part is full;
an extra Breaker vertex never hurts him, Lemma I.1.50). Maker completing e would complete its
projection, an edge of some H_i, in which she moved first against his strategy. (A pairing, Prop
I.1.52, is the case of 2-vertex parts; the parts are components of the projected family, so this
is the disjoint-union rule of :func:`.solver.maker_first` applied to a board in which some edges
were shrunk, and shrinking an edge to a subset can only help Maker.) Breaker then also wins moving
first (initiative, Prop I.1.12).

Finding parts (:func:`soft_parts`): an edge is *soft* when one of its vertices, c, lies on no other
residual edge; its projections are {u, c} and {v, c}. The *hard* edges (no private vertex) are
grouped into connected blocks; every soft edge {u, v, c} hangs its projection at the block of u or
of v (a 2-connected board made of dense pieces joined by edges with a private vertex, like
``verify family rank3-ring k``, falls apart into its pieces). The caller decides the parts; a part
that Maker wins moves its soft edges to the other side, a bounded number of times.
``tests/test_rank3_local.py`` checks the rule against the explicit reference.
"""
from __future__ import annotations

from ...hypergraph import bits

MAX_MOVES = 64      # reassignments of soft edges tried before giving up (giving up = no certificate)


def _degrees(edges) -> dict[int, int]:
    deg: dict[int, int] = {}
    for e in edges:
        for v in bits(e):
            deg[v] = deg.get(v, 0) + 1
    return deg


def blocks_and_soft(res) -> tuple[dict[int, int], list[tuple[int, int, int, int]], list[int]]:
    """(block id of every vertex, soft edges as (edge, c, u, v), hard edges). Blocks are the
    connected groups of hard edges; a vertex on soft edges only is a block by itself."""
    edges = sorted(set(res))
    deg = _degrees(edges)
    soft, hard = [], []
    for e in edges:
        private = [v for v in bits(e) if deg[v] == 1]
        if e.bit_count() == 3 and len(private) == 1:
            c = private[0]
            u, v = [w for w in bits(e) if w != c]
            soft.append((e, c, u, v))
        else:
            hard.append(e)
    parent: dict[int, int] = {}

    def find(a: int) -> int:
        while parent.setdefault(a, a) != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    for e in hard:
        vs = bits(e)
        for w in vs[1:]:
            ra, rb = find(vs[0]), find(w)
            if ra != rb:
                parent[ra] = rb
    for _, _, u, v in soft:
        find(u)
        find(v)
    block = {w: find(w) for w in parent}
    return block, soft, hard


def soft_parts(res, decide_part, max_part: int | None = None) -> list[frozenset] | None:
    """The part families of a cut along soft edges such that ``decide_part`` (family -> True when
    Breaker wins it with Maker to move) accepts every part, or None: no soft edge joins two blocks,
    a part would have more than ``max_part`` vertices, or no accepted assignment was found within
    :data:`MAX_MOVES` reassignments. A soft edge whose two other vertices lie in one block stays
    whole in that block's part (its private vertex joins the part)."""
    block, soft, hard = blocks_and_soft(res)
    joining = [s for s in soft if block[s[2]] != block[s[3]]]
    if not joining:
        return None
    by_block: dict[int, list[int]] = {}
    size: dict[int, int] = {}
    for e in hard:
        by_block.setdefault(block[(e & -e).bit_length() - 1], []).append(e)
    for e, c, u, v in soft:
        if block[u] == block[v]:
            by_block.setdefault(block[u], []).append(e)
    for w, b in block.items():
        size[b] = size.get(b, 0) + 1
    for e, c, u, v in soft:
        if block[u] == block[v]:
            size[block[u]] += 1
    side: dict[int, int] = {}          # joining soft edge -> its vertex kept in the projection
    for e, c, u, v in sorted(joining):
        w = u if size[block[u]] <= size[block[v]] else v
        side[e] = w
        size[block[w]] += 1
    if max_part is not None and max(size.values()) > max_part:
        return None
    verdict: dict[frozenset, bool] = {}

    def family(b: int) -> frozenset:
        fam = set(by_block.get(b, ()))
        for e, c, u, v in joining:
            if block[side[e]] == b:
                fam.add((1 << c) | (1 << side[e]))
        return frozenset(fam)

    def accepted(fam: frozenset) -> bool:
        if fam not in verdict:
            verdict[fam] = bool(decide_part(fam))
        return verdict[fam]

    roots = sorted(set(block.values()))
    moves = 0
    tabu: set[tuple[int, int]] = set()
    while True:
        fams = sorted(((family(b), b) for b in roots), key=lambda fb: (len(fb[0]), fb[1]))
        bad = next((b for fam, b in fams if fam and not accepted(fam)), None)
        if bad is None:
            return [fam for fam, _ in fams if fam]
        # hang a soft edge of the losing part on its other end instead, once per (edge, end)
        movable = [(e, u if side[e] == v else v) for e, c, u, v in joining
                   if block[side[e]] == bad and (e, u if side[e] == v else v) not in tabu]
        if not movable or moves >= MAX_MOVES:
            return None
        e, w = movable[0]
        tabu.add((e, w))
        old = side[e]
        side[e] = w
        size[block[old]] -= 1
        size[block[w]] += 1
        if max_part is not None and size[block[w]] > max_part:
            return None
        moves += 1
