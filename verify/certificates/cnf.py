"""The CNF statements of structure questions certified by DRAT refutations (``sat-unsat-drat``):
pure functions of the board and the question, part of the trusted kernel (the checker re-derives a
certificate's formula with them and compares it with the stored one; nothing here solves anything).
The SAT route (:mod:`verify.encode.sat`) encodes the same questions with these functions.

- :func:`pairing_cnf`: a pairing strategy for Breaker (paper 004 Prop I.1.52): disjoint pairs of free
  vertices such that every live edge e contains a pair inside e \\ M.
- :func:`structure_cnf`: an ab-chain (Def I.3.16), an ab-nunchaku (Def I.3.12) or a necklace at a
  (Def I.3.21, on an a-cycle, Def I.3.19), by the positions of the chain's edges.

Variables are numbered from 1 in a deterministic order, so the same instance always yields the same
formula; ``labels`` maps a variable to its meaning (not part of the formula).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .. import limits
from ..errors import InputError, TooLarge
from ..games import maker_breaker as mb
from ..hypergraph import Hypergraph, bits, minimal_masks

QUESTIONS = ("no-pairing", "no-chain", "no-nunchaku", "no-necklace")
STRUCTURES = ("chain", "nunchaku", "necklace")
MAX_LITERAL_VERTICES = limits.MAX_LITERAL_VERTICES


@dataclass
class CNF:
    """A CNF formula with the meaning of its variables."""
    nvars: int = 0
    clauses: list[tuple[int, ...]] = field(default_factory=list)
    labels: dict[int, object] = field(default_factory=dict)
    comment: str = ""

    def var(self, label=None) -> int:
        self.nvars += 1
        if label is not None:
            self.labels[self.nvars] = label
        return self.nvars

    def add(self, *lits: int) -> None:
        self.clauses.append(tuple(lits))

    def at_most_one(self, lits: list[int]) -> None:
        """Pairwise for up to 6 literals, else the sequential counter (Sinz 2005)."""
        if len(lits) <= 6:
            for i in range(len(lits)):
                for j in range(i + 1, len(lits)):
                    self.add(-lits[i], -lits[j])
            return
        s = [self.var() for _ in lits[:-1]]
        self.add(-lits[0], s[0])
        for i in range(1, len(lits) - 1):
            self.add(-lits[i], s[i])
            self.add(-s[i - 1], s[i])
            self.add(-lits[i], -s[i - 1])
        self.add(-lits[-1], -s[-1])

    def exactly_one(self, lits: list[int]) -> None:
        self.add(*lits)
        self.at_most_one(lits)

    def true_vars(self, model) -> set[int]:
        return {x for x in model if x > 0}


# -- pairing strategies -----------------------------------------------------------------------------

def pairing_cnf(h: Hypergraph, breaker: int = 0) -> CNF:
    """Pairing strategy for Breaker on (h, Maker's marks, Breaker's vertices ``breaker``).

    A variable per pair {u, v} of free vertices lying together in some live edge; each vertex in at
    most one chosen pair; every inclusion-minimal live residual edge contains a chosen pair (a
    superset edge then contains one too). A residual edge with fewer than 2 free vertices gives the
    empty clause: no pairing exists. Sound for both orders of play (Prop I.1.52).

    Work O(|V| + Σ_r |r|² log) after ``minimal_masks`` (bounded by :func:`pairing_cnf_size`).
    """
    res = minimal_masks(mb.residual(h.edge_masks, h.marked_mask, breaker))
    cnf = CNF(comment=f"pairing strategy, {len(res)} minimal live edges")
    order: dict[int, int] = {}  # pair mask -> rank of its first appearance (the clauses' literal order)
    for e in res:
        idx = list(bits(e))
        for i in range(len(idx)):
            for j in range(i + 1, len(idx)):
                pm = (1 << idx[i]) | (1 << idx[j])
                if pm not in order:
                    order[pm] = len(order)
    pairs = {pm: cnf.var(("pair", pm)) for pm in sorted(order)}  # variables in the order of the masks
    through: list[list[int]] = [[] for _ in range(h.n)]
    for pm in order:
        for v in bits(pm):
            through[v].append(pairs[pm])
    for v in range(h.n):
        if len(through[v]) > 1:
            cnf.at_most_one(through[v])
    for e in res:
        idx = list(bits(e))
        inside = [(1 << idx[i]) | (1 << idx[j]) for i in range(len(idx)) for j in range(i + 1, len(idx))]
        inside.sort(key=order.__getitem__)
        cnf.add(*[pairs[pm] for pm in inside])
    return cnf


def pairing_cnf_size(h: Hypergraph, breaker: int = 0) -> tuple[tuple[int, int, int], int]:
    """Upper bounds on the (variables, clauses, literals) of :func:`pairing_cnf` and on the subset
    comparisons of its ``minimal_masks`` step, in O(Σ_e |e|) without building anything.

    With R the residual family and P = Σ_{r ∈ R} C(|r|, 2) (at least the number of pair variables):
    variables ≤ 3P (pairs, and at most one auxiliary a pair end of the sequential counter), clauses
    ≤ 6P + |R| (at most 3 a pair end, one per minimal edge), literals ≤ 13P (2 a counter clause, P in
    the covering clauses); ``minimal_masks`` compares each set only with the kept sets filed under
    one of its elements, at most Σ_{e ∈ R} Σ_{v ∈ e} #{f ∈ R : min f = v} comparisons."""
    fam = mb.residual(h.edge_masks, h.marked_mask, breaker)
    p = sum(e.bit_count() * (e.bit_count() - 1) // 2 for e in fam)
    if len(fam) <= 64:
        work = len(fam) ** 2
    else:
        lowest: dict[int, int] = {}
        for e in fam:
            low = (e & -e).bit_length() - 1
            lowest[low] = lowest.get(low, 0) + 1
        work = sum(lowest.get(v, 0) for e in fam for v in bits(e))
    return (3 * p, 6 * p + len(fam), 13 * p), work



# -- chains, nunchakus, necklaces (paper 004 §I.3) ----------------------------------------------------

def _structure_setup(h: Hypergraph, kind: str, a, b):
    """What :func:`structure_cnf` encodes, in O(|V| + |E|): either ``(cnf, None)`` for the trivial
    cases (the empty formula, or the single empty clause) or ``(cnf, (ai, A, B, edges, cyc, lmax))``."""
    if kind not in STRUCTURES:
        raise InputError(f"unknown structure {kind!r} (choose from {', '.join(STRUCTURES)})")
    ai = h.index(a)
    if kind == "necklace":
        if b is not None and h.index(b) != ai:
            raise InputError("a necklace is rooted at one vertex: give only a")
        bi = ai
    else:
        if b is None:
            raise InputError(f"a {kind} needs two endpoints a and b")
        bi = h.index(b)
    A, B = 1 << ai, 1 << bi
    marked = h.marked_mask
    cnf = CNF(comment=f"{kind} " + (f"at {h.vertices[ai]}" if kind == "necklace"
                                    else f"between {h.vertices[ai]} and {h.vertices[bi]}"))
    if kind == "chain" and ai == bi:
        return cnf, None  # the length-0 chain (a)
    if kind in ("nunchaku", "necklace"):
        allowed_marks = A | B
        if marked & allowed_marks != allowed_marks or (kind == "nunchaku" and ai == bi):
            cnf.add()  # endpoints must be the marked vertices (and distinct for a nunchaku)
            return cnf, None
        edges = [e for e in h.edge_masks if e.bit_count() == 3 and not e & marked & ~allowed_marks]
    else:
        edges = [e for e in h.edge_masks if e.bit_count() == 3]
    cyc = kind == "necklace"
    lmax = min(len(edges), h.n // 2 if cyc else (h.n - 1) // 2)
    if lmax < (2 if cyc else 1):
        cnf.add()
        return cnf, None
    return cnf, (ai, A, B, edges, cyc, lmax)


def _amo_size(k: int) -> tuple[int, int]:
    """(auxiliary variables, clauses) of :meth:`CNF.at_most_one` on k literals (2 literals a clause)."""
    return (0, k * (k - 1) // 2) if k <= 6 else (k - 1, 3 * k - 4)


def structure_cnf_size(h: Hypergraph, kind: str, a, b=None) -> tuple[int, int, int]:
    """Upper bounds on (variables, clauses, literals) of :func:`structure_cnf` ``(h, kind, a, b)``,
    computed in O(|V| + |E|) without building anything (the term by term count of the encoder
    below; only the consecutive-pair clauses and the endpoint clauses are over-counted, as if every
    pair of edges at consecutive positions, and every edge at every position, gave a clause).
    With s0 edges at position 0, s1 at each later position and L = L_max positions, the formula has
    O(L · s1) variables and O(L · s1²) clauses: quadratic in the 3-edges, linear in the vertices."""
    cnf, setup = _structure_setup(h, kind, a, b)
    if setup is None:
        return cnf.nvars, len(cnf.clauses), sum(map(len, cnf.clauses))
    ai, A, B, edges, cyc, L = setup
    apex = A if cyc else 0
    first = [e for e in edges if e & A]  # position 0 holds an edge through a
    later = edges if cyc else [e for e in edges if not e & A]  # positions >= 1
    s = [len(first)] + [len(later)] * (L - 1)
    v0 = v1 = 0
    for e in first:
        v0 |= e
    for e in later:
        v1 |= e
    v0 &= ~apex
    v1 &= ~apex
    n0, n1 = v0.bit_count(), v1.bit_count()
    y = sum(s)
    nvars = y + L + n0 + (L - 1) * n1  # y(e, i), u(i), w(v, i)
    clauses = 1 + (1 if cyc else 0)  # u(0) (and u(1) for a cycle)
    lits = clauses
    for i in range(L):  # prefix, at least one edge a used position, at most one edge a position
        aux, cl = _amo_size(s[i])
        nvars += aux
        clauses += s[i] + 1 + (1 if i + 1 < L else 0) + cl
        lits += 2 * s[i] + (1 + s[i]) + (2 if i + 1 < L else 0) + 2 * cl
    per_edge = ([L - 1 if not cyc or not e & A else L for e in later]
                + ([] if cyc else [1] * len(first)))  # positions an edge may take
    for k in per_edge:  # each edge at most one position
        aux, cl = _amo_size(k)
        nvars += aux
        clauses += cl
        lits += 2 * cl
    clauses += y  # the last edge holds b (at most one clause an (edge, position))
    lits += 2 * y
    pairs = sum(s[i] * s[i + 1] for i in range(L - 1))  # consecutive edges (at most one clause a pair)
    clauses += pairs
    lits += 3 * pairs
    clauses += 3 * y  # y(e, i) -> w(v, i)
    lits += 6 * y
    far = n1 * max(0, L - 3) * max(0, L - 2) // 2 + (v0 & v1).bit_count() * max(0, L - 2)
    clauses += far  # no vertex two or more positions apart
    lits += 2 * far
    return nvars, clauses, lits


def check_cnf_size(size: tuple[int, int, int], what: str) -> None:
    """Refuse (TooLarge, one line) a CNF whose size (variables, clauses, literals), computed before
    it is built, exceeds ``limits.MAX_DRAT_FORMULA_VARIABLES / _CLAUSES / _LITERALS``."""
    for value, cap, name in zip(size, (limits.MAX_DRAT_FORMULA_VARIABLES, limits.MAX_DRAT_FORMULA_CLAUSES,
                                       limits.MAX_DRAT_FORMULA_LITERALS),
                                ("VARIABLES", "CLAUSES", "LITERALS")):
        if value > cap:
            raise TooLarge(f"the CNF of {what} would have up to {value} {name.lower()} (at most {cap}, "
                           f"limits.MAX_DRAT_FORMULA_{name})")


def structure_cnf(h: Hypergraph, kind: str, a, b=None) -> CNF:
    """Existence of an ab-chain, an ab-nunchaku, or a necklace at a, as CNF.

    Variable y(e, i): the 3-edge e is the i-th edge of the walk (a, e_1, ..., e_L, b) (for a
    necklace, b = a). Encoded from the definitions (Defs I.3.12, I.3.16, I.3.19, I.3.21):
    positions are used as a prefix; each position holds at most one edge and each edge at most one
    position; consecutive edges share exactly one vertex (for a 2-cycle: exactly two); no vertex
    other than the apex lies in two edges whose positions differ by 2 or more (simplicity, and with
    it linearity); a lies in e_1 only, b in e_L only. A nunchaku (L >= 1) has M = {a, b}; a necklace
    is an a-cycle (L >= 2) with M = {a}. Marks are ignored for a chain.
    """
    cnf, setup = _structure_setup(h, kind, a, b)
    if setup is None:
        return cnf
    ai, A, B, edges, cyc, lmax = setup
    y: dict[tuple[int, int], int] = {}
    for i in range(lmax):
        for e in edges:
            if (i == 0 and not e & A) or (not cyc and i > 0 and e & A):
                continue
            y[(e, i)] = cnf.var(("edge", e, i))
    u = [cnf.var(("used", i)) for i in range(lmax)]
    w: dict[tuple[int, int], int] = {}
    for (e, i), x in y.items():
        for v in bits(e):
            if cyc and v == ai:
                continue
            if (v, i) not in w:
                w[(v, i)] = cnf.var(("vertex", v, i))
    at = [[(e, y[(e, i)]) for e in edges if (e, i) in y] for i in range(lmax)]
    # positions form a prefix, with at least one edge (two for a cycle)
    cnf.add(u[0])
    if cyc:
        cnf.add(u[1])
    for i in range(lmax):
        for _, x in at[i]:
            cnf.add(-x, u[i])
        cnf.add(-u[i], *[x for _, x in at[i]])
        if i + 1 < lmax:
            cnf.add(-u[i + 1], u[i])
        cnf.at_most_one([x for _, x in at[i]])
    for e in edges:
        cnf.at_most_one([y[(e, i)] for i in range(lmax) if (e, i) in y])
    # the last edge contains b; for a chain b lies in no earlier edge; a cycle's apex a lies only in
    # the first and the last edge
    for i in range(lmax):
        nxt = u[i + 1] if i + 1 < lmax else None
        for e, x in at[i]:
            if not e & B:
                cnf.add(*([-x, nxt] if nxt else [-x]))
            elif nxt and (not cyc or i > 0):
                cnf.add(-x, -nxt)
    # consecutive edges share exactly one vertex (two for a cycle of length 2)
    for i in range(lmax - 1):
        for e, x in at[i]:
            for f, z in at[i + 1]:
                k = (e & f).bit_count()
                if cyc and i == 0 and lmax > 2:
                    if k == 1:
                        cnf.add(-x, -z, u[2])
                    elif k == 2:
                        cnf.add(-x, -z, -u[2])
                    else:
                        cnf.add(-x, -z)
                elif cyc and i == 0:
                    if k != 2:
                        cnf.add(-x, -z)
                elif k != 1:
                    cnf.add(-x, -z)
    # simplicity: no vertex (other than a cycle's apex) in edges two or more positions apart
    for (e, i), x in y.items():
        for v in bits(e):
            if (v, i) in w:
                cnf.add(-x, w[(v, i)])
    for (v, i), x in w.items():
        for j in range(i + 2, lmax):
            if (v, j) in w:
                cnf.add(-x, -w[(v, j)])
    return cnf



def refutation_verdict(question: str, a=None, b=None) -> dict:
    """The verdict of a ``sat-unsat-drat`` certificate: ``{"refutes": question}`` with the
    structure's end vertices ``a`` (and ``b``, except for necklaces) where the question has them."""
    if question not in QUESTIONS:
        raise InputError(f"unknown refutation question {question!r} (known: {', '.join(QUESTIONS)})")
    out = {"refutes": question}
    if question != "no-pairing":
        out["a"] = a
        if question != "no-necklace":
            out["b"] = b
    return out


def claim_cnf(h: Hypergraph, verdict: dict, breaker: int = 0) -> CNF:
    """The CNF whose unsatisfiability is the verdict (see :func:`refutation_verdict`) on the board
    ``h`` (Maker's marks on it) with Breaker's vertices ``breaker``.

    The kernel's entry: the formula's size is bounded from the board first (:func:`structure_cnf_size`,
    :func:`pairing_cnf_size`, O(Σ_e |e|)) and refused with TooLarge above the ``MAX_DRAT_FORMULA_*``
    caps of :mod:`verify.limits` (and ``MAX_DRAT_ENCODER_WORK`` for the pairing encoder's minimal-set
    step), so building it costs time and memory linear in the caps, whatever the board."""
    q = verdict.get("refutes")
    if not isinstance(q, str) or verdict != refutation_verdict(q, verdict.get("a"), verdict.get("b")):
        raise InputError(f"a refutation verdict must be one of {', '.join(QUESTIONS)} with its parameters")
    if q == "no-pairing":
        size, work = pairing_cnf_size(h, breaker)
        if work > limits.MAX_DRAT_ENCODER_WORK:
            raise TooLarge(f"encoding {q} would compare up to {work} pairs of edges (at most "
                           f"{limits.MAX_DRAT_ENCODER_WORK}, limits.MAX_DRAT_ENCODER_WORK)")
        check_cnf_size(size, q)
        return pairing_cnf(h, breaker)
    if breaker:
        raise InputError("structure questions are asked on boards without Breaker's vertices")
    kind = q[3:]
    check_cnf_size(structure_cnf_size(h, kind, verdict.get("a"), verdict.get("b")), q)
    return structure_cnf(h, kind, verdict.get("a"), verdict.get("b"))
