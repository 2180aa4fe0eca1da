"""Leaf structures of Galliot's three-round criterion (paper 004 Def I.3.12, I.3.21, §III.2.2).

In a 3-uniform marked hypergraph K (marked mask ``M``, deleted mask ``dead``):
- (a) a fully marked edge or a nunchaku exists ⇔ two distinct marked vertices are joined by a chain
  (a chain between marked vertices contains one between two consecutive marks, Lemma I.3.25);
- (b) otherwise a necklace exists ⇔ some edge {x, a, b} with x marked has an xb-chain avoiding a.
  One COMPUTECC call decides (b) at x: replace every edge e ∋ x by a copy (e - x) ∪ {x''} for a
  fresh vertex x''; x-chains ending at x'' are exactly the x-cycles (a first edge through x, a last
  edge through x'', linear and simple in between), and CC(x) minus x'' is unchanged.

When K without the mark on x has no leaf, every leaf of K contains x (as a nunchaku end or the
necklace apex), so :func:`leaf_at` only looks from x. Witnesses are edge lists, ordered along the
structure, so that Maker's forcing strategy (Prop I.3.13, II.1.8) can be read off them.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...hypergraph import bits
from . import linear as lin
from ...certificates.chains import compute_cc, find_chain


@dataclass(frozen=True)
class Leaf:
    """A fully marked edge, a nunchaku (chain whose only marks are its two ends) or a necklace
    (cycle whose only mark is its apex), as edges in order; ``ends`` = the marked vertices."""
    kind: str
    edges: tuple[int, ...]
    ends: tuple[int, ...]

    @property
    def vertices(self) -> int:
        m = 0
        for e in self.edges:
            m |= e
        return m


def _star(x: int, edges: list[int], dead: int, nbits: int) -> tuple[int, list[int]]:
    """The copy vertex x'' (bit index ``nbits``) and the copies of the live edges through x."""
    xb = 1 << x
    copy = 1 << nbits
    return nbits, [(e & ~xb) | copy for e in edges if e & xb and not e & dead]


def leaf_at(x: int, edges: list[int], inc: list[list[int]], marked: int, dead: int, nbits: int,
            witness: bool = True, linear: bool = False) -> Leaf | bool | None:
    """A leaf containing x (marked) in K, assuming K with x unmarked has none; None if there is none.
    With ``witness=False`` only True/None is returned (one COMPUTECC call). ``linear``: K is linear,
    use the breadth-first fast path of :mod:`.linear`."""
    if linear:
        others = lin.component(x, edges, inc, dead) & marked & ~(1 << x)
        if others:
            if not witness:
                return True
            u = (others & -others).bit_length() - 1
            return _trim(x, lin.chain(x, u, edges, inc, dead), marked)
        cyc = lin.cycle(x, edges, inc, dead, witness)
        if cyc is None or not witness:
            return cyc
        return Leaf("necklace", tuple(cyc), (x,))
    if witness:
        near = _adjacent(x, edges, inc, marked, dead)
        if near is not None:
            return near
    xx, copies = _star(x, edges, dead, nbits)
    cc = compute_cc(x, edges, inc, dead, copies)
    others = cc & marked & ~(1 << x) & ~(1 << xx)
    if not others and not cc >> xx & 1:
        return None
    if not witness:
        return True
    if others:
        u = (others & -others).bit_length() - 1
        return _trim(x, find_chain(x, u, edges, inc, dead, known=True), marked)
    path = find_chain(x, xx, edges, inc, dead, copies, known=True)
    close = path[-1] & ~(1 << xx) | (1 << x)
    return Leaf("necklace", tuple(path[:-1]) + (close,), (x,))


def _adjacent(x: int, edges: list[int], inc: list[list[int]], marked: int, dead: int) -> Leaf | None:
    """A leaf through x seen on the edges at x alone, or None: a live edge holding another mark
    (a fully marked edge or a nunchaku of length 1, :func:`_trim`), else two live edges through x
    sharing a second vertex, no other mark on them (a necklace of length 2, Def I.3.19 and I.3.21).
    The commonest leaves, found without COMPUTECC and the chain search (whose shortest walk through
    an edge and its own copy is no chain)."""
    xb = 1 << x
    seen: dict[int, int] = {}
    for i in inc[x]:
        e = edges[i]
        if e & dead:
            continue
        if e & marked & ~xb:
            return _trim(x, [e], marked)
    for i in inc[x]:
        e = edges[i]
        if e & dead:
            continue
        for v in bits(e & ~xb):
            if v in seen:
                return Leaf("necklace", (seen[v], e), (x,))
        for v in bits(e & ~xb):
            seen[v] = e
    return None


def _trim(x: int, path: list[int], marked: int) -> Leaf:
    """The prefix of an x-chain up to its first edge holding another mark: a nunchaku or a fully
    marked edge (Lemma I.3.25)."""
    for i, e in enumerate(path):
        if e & marked == e:
            return Leaf("edge", (e,), tuple(bits(e)))
        other = e & marked & ~(1 << x)
        if other.bit_count() >= 2:          # two marks on one edge: a length-1 nunchaku
            return Leaf("nunchaku", (e,), tuple(bits(other)))
        if other:
            u = (other & -other).bit_length() - 1
            return Leaf("nunchaku", tuple(path[:i + 1]), (x, u))
    raise AssertionError("chain between marked vertices without a second mark")


def find_leaf(edges: list[int], inc: list[list[int]], marked: int, dead: int, nbits: int,
              linear: bool = False) -> Leaf | None:
    """Any leaf of K: test (a) from every marked vertex, then (b) at every marked vertex."""
    live_marked = 0
    for e in edges:
        if not e & dead:
            if e & marked == e:
                return Leaf("edge", (e,), tuple(bits(e)))
            live_marked |= e & marked
    for u in bits(live_marked):
        cc = lin.component(u, edges, inc, dead) if linear else compute_cc(u, edges, inc, dead)
        others = cc & marked & ~(1 << u)
        if others:
            v = (others & -others).bit_length() - 1
            path = lin.chain(u, v, edges, inc, dead) if linear else \
                find_chain(u, v, edges, inc, dead, known=True)
            return _trim(u, path, marked)
    for u in bits(live_marked):
        found = leaf_at(u, edges, inc, marked, dead, nbits, linear=linear)
        if found:
            return found
    return None


def forcing_move(leaf: Leaf, marked: int) -> int:
    """Maker's forcing move on a leaf (Prop I.3.13, II.1.8) as a vertex index: on a nunchaku of
    length L ≥ 2 (ends x, u), the inner vertex e_1 ∩ e_2, which leaves a threat on e_1 and a nunchaku
    of length L-1; on a necklace, e_1 ∩ e_2 (for L = 2 a double threat); on a length-1 nunchaku, the
    last free vertex of the edge."""
    es = leaf.edges
    if len(es) == 1:
        free = es[0] & ~marked
        return (free & -free).bit_length() - 1
    shared = es[0] & es[1]
    if leaf.kind == "necklace" and len(es) == 2:
        shared &= ~(1 << leaf.ends[0])
    return (shared & -shared).bit_length() - 1
