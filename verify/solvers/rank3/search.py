"""Galliot's three-round criterion for Maker-Breaker on rank 3 (paper 004 Theorem II.1.12, Prop
II.1.11, Theorem III.2.1).

Reductions (proof of Theorem III.2.1, Prop I.1.53, Prop I.1.55): a position is its residual family
(what Maker still needs on each live edge) plus the number of free vertices. Maker to move wins at
once if a residual edge has ≤ 1 vertex. Otherwise every residual edge has 2 or 3 vertices; a
2-edge {a, b} becomes {a, b, m} with one shared marked vertex m (adding a marked vertex to edges
changes no outcome, Prop I.1.53 (i)), giving a 3-uniform marked hypergraph K with the same outcome.
With n ≥ 6 free vertices (isolated ones count: they change neither outcome nor hypotheses),
Theorem II.1.12 says Maker wins ⇔ ∃x1 ∀y1 ∃x2 ∀y2 ∃x3 ∀y3 such that K^{+x1-y1+x2-y2+x3-y3} has a
fully marked edge, a nunchaku or a necklace; "after three rounds" may be read "by the end of some
round ≤ 3" (Prop II.1.11), which is what the search does.

Search (sound pruning, each step a monotonicity argument, Lemma I.1.50):
- Maker moves only on live vertices (an extra mark never hurts her);
- a Breaker reply must meet a leaf just created (a leaf avoiding y survives y), so when Maker's move
  makes a leaf, only the vertices of one witness leaf are tried;
- when it makes none, Breaker first "passes": if Maker still cannot force a leaf in the remaining
  rounds, every reply refutes her move; otherwise only the vertices of her pass-winning tree T are
  tried, since a reply outside supp(T) leaves T winning.
Maker's moves are tried J_2(D1)'s named first move first, then the move that last won with as many
rounds left (a "killer": after a reply that breaks one copy of a repeated danger, the copy she won
in before usually still wins), then by degree; the order changes which tree is found, never whether.
Positions are memoised on (marks, deletions, rounds).
"""
from __future__ import annotations

from ...hypergraph import bits, minimal_masks
from ...certificates.chains import chained, compute_cc, connected, find_chain, incidence
from .dangers import D1Criterion, OutOfBudget
from . import linear as lin
from .linear import is_linear
from .leaf import Leaf, find_leaf, forcing_move, leaf_at

MIN_FREE = 6   # the hypothesis |V \ M| ≥ 6 of Theorem II.1.12


class Board:
    """The 3-uniform marked hypergraph K of a rank-≤3 residual family (Maker to move, no trivial
    edge) and the three-round search on it. Vertex ``nbits - 1`` is the shared padding mark when
    some residual edge has two vertices; vertex ``nbits`` is reserved for COMPUTECC copies."""

    def __init__(self, res, nboard: int, certify=None, dangers: bool = True):
        res = minimal_masks(res)
        if any(e.bit_count() <= 1 for e in res):
            raise ValueError("trivial position: a residual edge has at most one vertex")
        if any(e.bit_count() > 3 for e in res):
            raise ValueError("rank > 3")
        self.nboard = nboard
        self.pad = nboard
        self.nbits = nboard + 1
        self.marked0 = 0
        self.edges: list[int] = []
        self.origin: dict[int, int] = {}       # 3-edge of K -> residual edge it stands for
        for e in res:
            k = e
            if e.bit_count() == 2:
                k = e | (1 << self.pad)
                self.marked0 = 1 << self.pad
            self.edges.append(k)
            self.origin[k] = e
        self.inc = incidence(self.edges, self.nbits)
        self.linear = is_linear(self.edges)
        self.memo: dict = {}
        self.leaf_memo: dict = {}
        self.cycle_memo: dict = {}
        self.comp_memo: dict = {}       # dead -> vertex -> component (linear boards)
        self.cycles_memo: dict = {}     # dead -> vertices with a cycle (linear boards)
        self.nodes = 0
        self.certify = certify          # residual -> True when a Breaker win is certified
        self.cert_memo: dict = {}
        self.certified = 0
        self.criterion = D1Criterion(self) if dangers else None
        self.decided_by = None          # 'J2(D1)' or 'leaf search' after decide()
        self.prefer: int | None = None  # Maker's first move named by J_2(D1) failing (Thm II.1.14 (i))
        self.killer: dict[int, int] = {}   # rounds -> Maker's move that last won with that many rounds

    # -- positions ------------------------------------------------------------------------------
    def live(self, marked: int, dead: int) -> int:
        u = 0
        for e in self.edges:
            if not e & dead:
                u |= e
        return u & ~marked & ~(1 << self.pad)

    def _sparse(self, dead: int) -> bool:
        """At most 1.5 live edges per live vertex: where Breaker wins are worth proving by J_2(D1)
        first (dense boards are Maker wins the leaf search finds at once)."""
        live = [e for e in self.edges if not e & dead]
        return 2 * len(live) <= 3 * self.live(self.marked0, dead).bit_count()

    def degree(self, v: int, dead: int) -> int:
        return sum(1 for i in self.inc[v] if not self.edges[i] & dead)

    def leaf_after(self, x: int, marked: int, dead: int) -> Leaf | None:
        """A leaf of K^{+...} (marks ``marked`` including x) through x; see :func:`leaf_at`."""
        key = (marked, dead)
        if key not in self.leaf_memo:
            self.leaf_memo[key] = leaf_at(x, self.edges, self.inc, marked, dead, self.nbits,
                                          linear=self.linear)
        return self.leaf_memo[key]

    def initial_leaf(self, marked: int, dead: int = 0) -> Leaf | None:
        return find_leaf(self.edges, self.inc, marked, dead, self.nbits, linear=self.linear)

    # -- the ∃∀ search ----------------------------------------------------------------------------
    def maker_tree(self, marked: int, dead: int, rounds: int, refutations: dict | None = None):
        """A tree by which Maker (to move) forces a leaf within ``rounds`` rounds, or None.
        With ``refutations``, records for every Maker move a Breaker reply refuting it."""
        if rounds <= 0:
            return None
        key = (marked, dead, rounds)
        if refutations is None and key in self.memo:
            return self.memo[key]
        self.nodes += 1
        found = None
        for x in self._maker_moves(marked, dead, rounds):
            ok, node = self._breaker_node(x, marked | (1 << x), dead, rounds - 1)
            if ok:
                found = ("M", x, node)
                self.killer[rounds] = x
                break
            if refutations is not None:
                refutations[x] = node
        self.memo[key] = found
        return found

    def _maker_moves(self, marked: int, dead: int, rounds: int):
        """Maker's candidate moves, in order (the J_2 move, the last winner, by degree). In the last
        round only a move creating a leaf can win: a vertex chained to a mark (nunchaku) or the
        apex of a cycle (necklace, marks aside), and, on one live edge e = {v, a, b} only, not when
        a or b is unmarked: Breaker deleting it leaves v on no live edge, and every leaf after
        Maker's move contains v (the position before had none), on an edge through v (a chain's
        end, a cycle's apex, a fully marked edge), so none survives. The cycle test runs on each
        move as it comes (a win at the first move tests no other vertex)."""
        live = self.live(marked, dead)
        killer = self.killer.get(rounds)
        moves = sorted(bits(live), key=lambda v: (v != self.prefer, v != killer, -self.degree(v, dead)))
        if rounds != 1:
            yield from moves
            return
        near = 0
        for u in bits(marked):
            if self.degree(u, dead):
                near |= self.cc(u, dead)
        for v in moves:
            on = [self.edges[i] for i in self.inc[v] if not self.edges[i] & dead]
            if len(on) == 1 and on[0] & ~marked & ~(1 << v):
                continue
            if near >> v & 1 or len(on) >= 2 and self.has_cycle(v, dead):
                yield v

    def cc(self, u: int, dead: int) -> int:
        """CC(u) in K^{-dead} (COMPUTECC; when K is linear, its connected component, all
        components of K^{-dead} being labelled at once and kept for the next query)."""
        if self.linear:
            return self._per_dead(self.comp_memo, lin.components, dead).get(u, 1 << u)
        return compute_cc(u, self.edges, self.inc, dead)

    def _per_dead(self, memo: dict, compute, dead: int):
        """``compute(edges, inc, dead)`` for the whole board, kept per deletion set (bounded)."""
        hit = memo.get(dead)
        if hit is None:
            if len(memo) > 50_000:
                memo.clear()
            hit = memo[dead] = compute(self.edges, self.inc, dead)
        return hit

    def joined(self, a: int, b: int, dead: int) -> bool:
        """Whether an ab-chain avoids ``dead`` (on a linear board: whether b is in a's component)."""
        if self.linear:
            return connected(a, b, self.edges, self.inc, dead)
        return chained(a, b, self.edges, self.inc, dead)

    def chain(self, a: int, b: int, dead: int) -> list[int]:
        """An ab-chain in K^{-dead}, b known to be in CC(a)."""
        if self.linear:
            return lin.chain(a, b, self.edges, self.inc, dead)
        return find_chain(a, b, self.edges, self.inc, dead, known=True)

    def cycle_vertices(self, v: int, dead: int) -> int:
        """Vertices of a v-cycle of K^{-dead} (one exists)."""
        if self.linear:
            out = 0
            for e in lin.cycle(v, self.edges, self.inc, dead):
                out |= e
            return out
        leaf = leaf_at(v, self.edges, self.inc, 1 << v, dead, self.nbits, linear=self.linear)
        return leaf.vertices

    def has_cycle(self, v: int, dead: int) -> bool:
        """Whether K^{-dead} has a v-cycle (Def I.3.19), cached: marks play no role. On a linear
        board the vertices with a cycle are found at once for each ``dead`` (:func:`.linear.on_cycles`)."""
        if self.linear:
            return bool(self._per_dead(self.cycles_memo, lin.on_cycles, dead) >> v & 1)
        seen = 0
        for i in self.inc[v]:
            e = self.edges[i]
            if not e & dead:
                if e & seen & ~(1 << v):
                    return True          # two edges through v sharing a second vertex: a 2-cycle
                seen |= e
        key = (v, dead)
        hit = self.cycle_memo.get(key)
        if hit is None:
            hit = self.cycle_memo[key] = bool(leaf_at(v, self.edges, self.inc, 0, dead, self.nbits,
                                                      witness=False, linear=self.linear))
        return hit

    def _breaker_node(self, x: int, marked: int, dead: int, rounds: int):
        """(True, node) if Maker forces a leaf whatever Breaker replies, else (False, reply)."""
        leaf = self.leaf_after(x, marked, dead)
        if leaf is not None:
            replies = {}
            for y in self._reply_order(leaf.vertices & ~marked, dead):
                d2 = dead | (1 << y)
                w = self.leaf_after(x, marked, d2)
                if w is not None:
                    replies[y] = ("L", w)
                    continue
                if self._breaker_certified(marked, d2, rounds):
                    return False, y
                t = self.maker_tree(marked, d2, rounds)
                if t is None:
                    return False, y
                replies[y] = t
            return True, ("B", "leaf", ("L", leaf), replies)
        if rounds <= 0:
            return False, self._any_reply(marked, dead)
        passed = self.maker_tree(marked, dead, rounds)
        if passed is None:
            return False, self._any_reply(marked, dead)
        replies = {}
        for y in self._reply_order(self.support(passed) & ~marked, dead, first=passed[1]):
            if self._breaker_certified(marked, dead | (1 << y), rounds):
                return False, y
            t = self.maker_tree(marked, dead | (1 << y), rounds)
            if t is None:
                return False, y
            replies[y] = t
        return True, ("B", "pass", passed, replies)

    def _breaker_certified(self, marked: int, dead: int, rounds: int) -> bool:
        """Whether the position has a certified Breaker win (so Maker cannot force a leaf in it):
        the quick refutation tried before searching ``rounds`` more rounds."""
        if self.certify is None or rounds < 1:
            return False
        key = (marked, dead)
        hit = self.cert_memo.get(key)
        if hit is None:
            res = frozenset(e & ~marked for e in self.edges if not e & dead)
            hit = self.cert_memo[key] = bool(self.certify(res))
            self.certified += hit
        return hit

    def _reply_order(self, cands: int, dead: int, first: int | None = None) -> list[int]:
        """Breaker's candidate replies, likeliest refutations first: the move Maker's pass tree
        starts with, then by degree (a reply only has to be found once)."""
        order = sorted(bits(cands), key=lambda v: (v != first, -self.degree(v, dead), v))
        return order

    def _any_reply(self, marked: int, dead: int) -> int | None:
        live = list(bits(self.live(marked, dead)))
        if not live:
            return None
        return max(live, key=lambda v: self.degree(v, dead))

    def support(self, node) -> int:
        """supp(T): every vertex a tree looks at (moves, tried replies, witness leaves)."""
        tag = node[0]
        if tag == "L":
            return node[1].vertices
        if tag == "M":
            return (1 << node[1]) | self.support(node[2])
        s = self.support(node[2])
        for y, child in node[3].items():
            s |= (1 << y) | self.support(child)
        return s & ~(1 << self.pad)

    def decide(self, max_rounds: int = 3, dead: int = 0):
        """(tree, refutations, rounds) on K^{-dead}: Maker's tree with the fewest rounds ≤
        ``max_rounds`` to a leaf, or None with a refuting reply to each Maker move."""
        marked = self.marked0
        leaf = self.initial_leaf(marked, dead)
        if leaf is not None:
            self.decided_by = "leaf search"
            return ("L", leaf), {}, 0
        self.prefer = None
        if self.criterion is not None and max_rounds == 3 and self._sparse(dead):
            try:
                breaker, got = self.criterion.j2(marked, dead)
            except OutOfBudget:
                breaker, got = None, None
            if breaker:
                self.decided_by = "J2(D1)"
                return None, got, None
            if breaker is False:
                self.prefer = got
        self.decided_by = "leaf search"
        for r in range(1, max_rounds):
            t = self.maker_tree(marked, dead, r)
            if t is not None:
                return t, {}, r
        refutations: dict = {}
        t = self.maker_tree(marked, dead, max_rounds, refutations)
        return t, refutations, max_rounds if t is not None else None

    def winning_trees(self, rounds: int, dead: int = 0):
        """Maker's trees within ``rounds`` rounds for each of her winning first moves."""
        marked = self.marked0
        for x in self._maker_moves(marked, dead, rounds):
            ok, node = self._breaker_node(x, marked | (1 << x), dead, rounds - 1)
            if ok:
                yield ("M", x, node)

    def first_move(self) -> int:
        """Maker's move at a won position: the forcing move on a leaf, else the tree's first move."""
        leaf = self.initial_leaf(self.marked0)
        if leaf is not None:
            return forcing_move(leaf, self.marked0)
        t = self.maker_tree(self.marked0, 0, 3)
        if t is None:
            raise AssertionError("no three-round tree at a Maker win")
        return t[1]
