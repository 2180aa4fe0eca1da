"""SAT-guided instance source: a SAT model of the instances of a space proposes one that satisfies
the conjecture's hypotheses, the reference checks it, and a learned cut excludes it up to
isomorphism before the next proposal.

For hypergraphs on n vertices, variable x_e says "e is an edge" for each candidate edge e (sizes of
the space) and y_v says "v is marked"; a conjecture adds its hypotheses as clauses through
:class:`HypergraphModel` (``hypotheses(model)``). Lex-leader constraints for the
adjacent transpositions of vertices break most of the symmetry up front. The cut after a proposal
(E, M) blocks every relabelling of it (its orbit under the symmetric group, when n! ≤
``ORBIT_LIMIT``, i.e. n ≤ 5; otherwise the labelled instance only): isomorphs that still appear are
rejected by their nauty key. The sequence
of proposals is a function of the clauses alone, so a resumed hunt replays it exactly.
"""
from __future__ import annotations

from itertools import combinations, permutations
from math import factorial

from ..encode.sat_backends import cardinality_clauses, incremental_solver
from ..hypergraph import Hypergraph

ORBIT_LIMIT = 120


class HypergraphModel:
    """The CNF of hypergraphs on n vertices of a :class:`~.spaces.Hypergraphs` space."""

    def __init__(self, space, n: int, hypotheses=None, backend: str | None = None):
        self.space, self.n = space, n
        cands = [sum(1 << i for i in c) for s in space.edge_sizes(n) for c in combinations(range(n), s)]
        self.edge = {e: i + 1 for i, e in enumerate(cands)}           # mask -> variable
        self.mark = {v: len(cands) + v + 1 for v in range(n)} if space.marked else {}
        self.top = len(cands) + len(self.mark)
        self.solver = incremental_solver(backend)
        self.proposals = 0
        self.cuts = 0
        self._lex_leader()
        if space.edges is not None:
            self.atleast(list(self.edge.values()), space.edges)
            self.atmost(list(self.edge.values()), space.edges)
        if hypotheses is not None:
            hypotheses(self)

    # -- building blocks for hypotheses ----------------------------------------------------------
    def add(self, clause) -> None:
        self.solver.add_clause([int(x) for x in clause])

    def _card(self, lits, bound: int, kind: str) -> None:
        clauses, self.top = cardinality_clauses(lits, bound, kind, self.top)
        for c in clauses:
            self.add(c)

    def atleast(self, lits, bound: int) -> None:
        lits = list(lits)
        if bound > len(lits):          # unsatisfiable: no instance of this size
            self.top += 1
            self.add([self.top])
            self.add([-self.top])
        elif bound > 0:
            self._card(lits, bound, "atleast")

    def atmost(self, lits, bound: int) -> None:
        lits = list(lits)
        if bound < len(lits):
            self._card(lits, max(bound, 0), "atmost")

    def _lex_leader(self) -> None:
        """Symmetry breaking: X ≤lex σ(X) for each adjacent transposition σ = (v v+1), X the vector
        of mark then edge variables. The lex-least labelling of every hypergraph satisfies all of
        them, so every isomorphism class keeps a representative."""
        n = self.n
        order = [self.mark[v] for v in range(n) if v in self.mark] + list(self.edge.values())
        for v in range(n - 1):
            def swap(m: int) -> int:
                a, b = m >> v & 1, m >> (v + 1) & 1
                return m & ~(3 << v) | (a << (v + 1)) | (b << v)
            image = {}
            for u, x in self.mark.items():
                image[x] = self.mark[v + 1 if u == v else v if u == v + 1 else u]
            for e, x in self.edge.items():
                image[x] = self.edge[swap(e)]
            eq = None                     # "equal so far" (None: true)
            for x in order:
                y = image[x]
                if y == x:
                    continue
                pre = [] if eq is None else [-eq]
                self.add(pre + [-x, y])   # while equal so far, x ≤ y
                self.top += 1
                nxt = self.top
                self.add(pre + [-x, -y, nxt])
                self.add(pre + [x, y, nxt])
                eq = nxt

    def edges_at(self, v: int) -> list[int]:
        return [x for e, x in self.edge.items() if e >> v & 1]

    # -- the proposal loop -------------------------------------------------------------------------
    def _decode(self, model) -> Hypergraph:
        true = {x for x in model if x > 0}
        masks = sorted(e for e, x in self.edge.items() if x in true)
        mk = sum(1 << v for v, x in self.mark.items() if x in true)
        return Hypergraph.from_masks([str(i) for i in range(1, self.n + 1)], masks, mk)

    def _block(self, masks: frozenset, mk: int) -> None:
        clause = [-x if e in masks else x for e, x in self.edge.items()]
        clause += [-x if mk >> v & 1 else x for v, x in self.mark.items()]
        self.add(clause)
        self.cuts += 1

    def _cut(self, h: Hypergraph) -> None:
        n = self.n
        perms = permutations(range(n)) if factorial(n) <= ORBIT_LIMIT else [tuple(range(n))]
        seen = set()
        for p in perms:
            def img(m: int) -> int:
                return sum(1 << p[i] for i in range(n) if m >> i & 1)
            masks = frozenset(img(e) for e in h.edge_masks)
            mk = img(h.marked_mask)
            if (masks, mk) not in seen:
                seen.add((masks, mk))
                self._block(masks, mk)

    def proposals_iter(self):
        """Proposals until the model is exhausted (UNSAT)."""
        try:
            while self.solver.solve():
                h = self._decode(self.solver.get_model())
                self.proposals += 1
                yield self.space.encode(h)
                self._cut(h)
        finally:
            self.solver.delete()
