"""Breaker's side of the rank-3 criterion from the danger family D1 = 𝒮 ∪ 𝒯 (paper 004 §II.1.4).

Let K be 3-uniform marked, not a trivial Maker win, with |V \\ M| ≥ 4 (isolated vertices pad the
board). Then

    K is a Breaker win  ⇔  J_1(D2, K)  ⇔  J_1(D1^*, K)  ⇔  J_2(D1, K)

by Theorem II.1.14, Prop I.2.30 (D2 = D1 ∪ D1^{O,rest} has the intersections of D1^*) and Prop
I.2.28 (J_2(F) ⇔ J_1(F^*)). So Breaker wins iff for every Maker move x1 some y1 meets every
D1-danger at x1 and, in K^{+x1-y1}, every move x2 again has a reply y2 meeting every D1-danger at
x2: two rounds and a structure test, where Theorem II.1.12 needs three rounds and a leaf test.
Theorem II.1.14 (ii) also names the refutations: any such y1 wins for Breaker.

D1-dangers at an unmarked x (Notation II.1.2, II.1.16):
- x-snakes with one mark: in a position that is not a trivial win, one exists iff a chain joins x
  to a marked vertex (the first edge of the chain holding a mark holds exactly one, else it would
  have one free vertex; its sub-chain, Lemma I.3.25, is the snake), so the test is COMPUTECC;
- x-tadpoles without marks (Def I.3.23): by :meth:`D1Criterion.tadpole`, from the recursion
  T is an x-tadpole ⇔ T is an x-cycle, or T = {x, p, q} + T' with T' a p-tadpole avoiding x and q
  (the walk (x, {x,p,q}, T') is simple and linear exactly when T' avoids x and q; conversely
  removing the first edge of a tadpole with s ≥ 1 leaves such a T').
y meets every D1-danger at x iff K^{-y} has neither (a danger avoids y iff it lies in K^{-y}).

Search: J_1 is monotone under deletions (a deletion only removes dangers), so when Maker's move x1
has no D1-danger and J_1 already holds in K^{+x1} ("Breaker passes"), any y1 refutes x1; otherwise
y1 is looked for among the vertices of a witness danger at x1 (it must meet it). The tadpole
recursion is the kernel's (:func:`~verify.certificates.chains.tadpole`, memoised on x's component,
one memo per board) with a budget of units per query; a position where it runs out is left to
the three-round search.
``tests/test_rank3_tadpole.py`` and ``tests/test_rank3_dangers.py`` check the tadpole test against
exhaustive search from Def I.3.23, and the latter J_2(D1) against the explicit reference with no fallback.
"""
from __future__ import annotations

from ...certificates.chains import OutOfCalls, grow, quiet, tadpole
from ...hypergraph import bits

TADPOLE_BUDGET = 50_000     # tadpole units (chains.tadpole) per query before giving up (then: 3 rounds)


BASE_REPLIES = 4            # replies kept per vertex at the position J_2 starts from


class OutOfBudget(Exception):
    pass


class D1Criterion:
    """J_1(D1) and J_2(D1) on the 3-uniform marked hypergraph of a :class:`.search.Board`."""

    def __init__(self, board, budget: int = TADPOLE_BUDGET):
        self.board = board
        self.budget = budget
        self.tad_memo: dict = {}
        self.tad_exists: dict = {}
        self.j1_memo: dict = {}
        self.danger_memo: dict = {}
        self.hint: dict[int, int] = {}      # x -> the last reply found to meet every danger at x
        self.base: tuple[int, int] | None = None    # (marks, deletions) of the position j2 started at
        self._near: tuple = (None, {})
        self.base_replies: dict = {}        # x -> (base replies found so far, generator of more)

    # -- structures ----------------------------------------------------------------------------
    def snake(self, x: int, marked: int, dead: int) -> list[int]:
        """The vertices of an x-snake (a chain from x to a mark) in K^{-dead}, in order along it
        from x, or []."""
        b = self.board
        if not b.degree(x, dead):
            return []
        reach = b.cc(x, dead) & marked & ~(1 << x)
        if not reach:
            return []
        m = (reach & -reach).bit_length() - 1
        out, seen = [], 1 << x
        for e in b.chain(x, m, dead):
            out += bits(e & ~seen)
            seen |= e
        return out

    def tadpole(self, x: int, dead: int, witness: bool = True) -> int:
        """Vertices of an x-tadpole in K^{-dead} (``dead`` includes the marks: M(T) = ∅), or 0;
        without ``witness`` any non-zero mask when one exists (:func:`~verify.certificates.chains.tadpole`,
        memoised on x's component, so across positions; :attr:`budget` units per query)."""
        b = self.board
        memo, cycle = (self.tad_memo, self._cycle_vertices) if witness else (self.tad_exists, self._cycle_bit)
        try:
            return tadpole(x, b.edges, b.inc, dead, memo, cycle, [self.budget])
        except OutOfCalls:
            raise OutOfBudget from None

    def _cycle_vertices(self, v: int, dead: int) -> int:
        b = self.board
        return b.cycle_vertices(v, dead) if b.has_cycle(v, dead) else 0

    def _cycle_bit(self, v: int, dead: int) -> int:
        return 1 << v if self.board.has_cycle(v, dead) else 0

    def has_danger(self, x: int, marked: int, dead: int) -> bool:
        """Whether K^{-dead} has a D1-danger at x (none when x's component is :func:`quiet`)."""
        b = self.board
        if quiet(x, b.edges, b.inc, marked, dead):
            return False
        if b.cc(x, dead) & marked & ~(1 << x):
            return True
        return bool(self.tadpole(x, dead | marked, witness=False))

    def danger(self, x: int, marked: int, dead: int) -> list[int]:
        """The vertices of one D1-danger at x in K^{-dead} (snake first, else tadpole), nearest to
        x first, or []."""
        key = (x, marked, dead)
        hit = self.danger_memo.get(key)
        if hit is None:
            hit = self.snake(x, marked, dead)
            if not hit:
                tad = self.tadpole(x, dead | marked)
                hit = self._nearest_first(x, tad, dead) if tad else []
            self.danger_memo[key] = hit
        return hit

    def replies(self, x: int, marked: int, dead: int):
        """The vertices y (unmarked, y ≠ x, on a live edge) meeting every D1-danger at x, lazily,
        or None when x has no D1-danger (then every vertex does)."""
        if not self.has_danger(x, marked, dead):
            return None
        return self._replies(x, marked, dead)

    def _replies(self, x: int, marked: int, dead: int):
        """:meth:`replies` when x has a danger: the reply that last met every danger at x (in
        another position) first, then the vertices of a witness danger, nearest first."""
        skip = marked | (1 << x) | (1 << self.board.pad)
        hint = self.hint.get(x)
        if hint is not None and not (skip | dead) >> hint & 1 \
                and not self.has_danger(x, marked, dead | (1 << hint)):
            yield hint
        for y in self.danger(x, marked, dead):
            if y != hint and not skip >> y & 1 and not self.has_danger(x, marked, dead | (1 << y)):
                self.hint[x] = y
                yield y

    def _nearest_first(self, x: int, inside: int, dead: int) -> list[int]:
        """The vertices of ``inside`` (a witness danger) ordered by distance from x over the live
        edges inside it: a reply close to x is the likeliest to meet every danger."""
        b = self.board
        order, seen, frontier = [], 1 << x, [x]
        while frontier:
            nxt = []
            for u in frontier:
                for i in b.inc[u]:
                    e = b.edges[i]
                    if e & dead or e & ~inside:
                        continue
                    new = e & ~seen
                    seen |= e
                    nxt += bits(new)
            order += nxt
            frontier = nxt
        return order + list(bits(inside & ~seen))

    # -- J_1 and J_2 ---------------------------------------------------------------------------------
    def _base_replies(self, x: int):
        """At the position :meth:`j2` started from: replies meeting every D1-danger at x, nearest
        first, found lazily and kept (at most :data:`BASE_REPLIES`); [-1] when x has no danger."""
        got = self.base_replies.get(x)
        if got is None:
            marked, dead = self.base
            rs = self.replies(x, marked, dead)
            got = self.base_replies[x] = ([-1], None) if rs is None else ([], rs)
        found, more = got
        yield from found
        while more is not None and len(found) < BASE_REPLIES:
            y = next(more, None)
            if y is None:
                break
            found.append(y)
            yield y

    def _distances(self, source: int, dead: int) -> dict[int, int]:
        """Breadth-first distances from ``source`` over the edges avoiding ``dead`` (the last
        position's only): a base reply nearer x1 than another is likelier to cut x from x1."""
        if self._near[0] != (source, dead):
            b = self.board
            dist, frontier, seen, d = {source: 0}, 1 << source, 1 << source, 0
            while frontier:
                d += 1
                frontier = grow(frontier, b.edges, b.inc, dead) & ~seen
                seen |= frontier
                for v in bits(frontier):
                    dist[v] = d
            self._near = ((source, dead), dist)
        return self._near[1]

    def answer(self, x: int, marked: int, dead: int) -> int | None | bool:
        """A reply y meeting every D1-danger at x in K^{+marked-dead}, None when x has no danger,
        False when no reply does.

        Shortcut one mark x1 after the base position (M0, D0) of :meth:`j2` (marked = M0 + x1,
        dead ⊇ D0): a D1-danger at x is a chain from x to x1 in K^{-dead}, or a chain to M0 in
        K^{-dead} ⊆ K^{-D0} or a tadpole in K^{-dead-M0-x1} ⊆ K^{-D0-M0}, both dangers at x in the
        base position (the structures are sub-hypergraphs). So a base reply r (one meeting every
        base danger at x) meets every danger at x here unless a chain joins x to x1 avoiding dead
        and r; these are tried first (x has no danger at all when r is -1 or already deleted)."""
        if self.base is not None:
            m0, d0 = self.base
            x1 = marked & ~m0
            if x1 and x1 & (x1 - 1) == 0 and dead & d0 == d0 and not m0 & ~marked:
                near = self._distances(x1.bit_length() - 1, dead)
                for r in sorted(self._base_replies(x), key=lambda r: near.get(r, -1)):
                    if x1 >> r & 1 if r >= 0 else False:
                        continue
                    deleted = r < 0 or dead >> r & 1
                    if not self.board.joined(x, x1.bit_length() - 1, dead if deleted else dead | 1 << r):
                        return None if deleted else r
        rs = self.replies(x, marked, dead)
        if rs is None:
            return None
        return next(rs, False)

    def j1_fails_at(self, marked: int, dead: int) -> int | None:
        """A move x with no reply meeting every D1-danger at x (J_1(D1) fails), or None."""
        key = (marked, dead)
        if key in self.j1_memo:
            return self.j1_memo[key]
        b = self.board
        bad = None
        live = b.live(marked, dead)
        for x in sorted(bits(live), key=lambda v: (-b.degree(v, dead), v)):
            if self.answer(x, marked, dead) is False:
                bad = x
                break
        self.j1_memo[key] = bad
        return bad

    def refute(self, x1: int, marked: int, dead: int) -> int | None:
        """A reply y1 to Maker's x1 with y1 meeting every D1-danger at x1 and J_1(D1) after it;
        None if there is none (then x1 wins for Maker, Theorem II.1.14 (i)); -1 when any vertex
        will do and the board has no live vertex but x1."""
        b = self.board
        m1 = marked | (1 << x1)
        rs = self.replies(x1, marked, dead)
        if rs is None:
            spoiler = self.j1_fails_at(m1, dead)
            if spoiler is None:          # Breaker may pass: any reply keeps J_1 (monotone)
                live = b.live(m1, dead) & ~(1 << x1)
                return max(bits(live), key=lambda v: (b.degree(v, dead), -v)) if live else -1
            # y1 must meet a danger at the spoiler in K^{+x1}: try its witness first, then the rest
            first = [v for v in self.danger(spoiler, m1, dead) if not (m1 | 1 << b.pad) >> v & 1]
            inside = sum(1 << v for v in first)
            rest = b.live(m1, dead) & ~inside
            cands = first + sorted(bits(rest), key=lambda v: (-b.degree(v, dead), v))
        else:
            cands = rs
        for y in cands:
            if self.j1_fails_at(m1, dead | (1 << y)) is None:
                return y
        return None

    def j2(self, marked: int, dead: int = 0):
        """(True, refutations) if J_2(D1) holds (Breaker wins), (False, x1) with x1 a winning first
        move of Maker otherwise; raises :class:`OutOfBudget`."""
        b = self.board
        self.base, self.base_replies = (marked, dead), {}
        refutations = {}
        for x1 in sorted(bits(b.live(marked, dead)), key=lambda v: (-b.degree(v, dead), v)):
            y1 = self.refute(x1, marked, dead)
            if y1 is None:
                return False, x1
            refutations[x1] = None if y1 < 0 else y1
        return True, refutations
