"""CNF encodings of game questions: pure functions of the instance, shared by the SAT solvers and by
the ``sat-unsat-drat`` certificate checker (which re-derives a formula to compare it with the stored
one, and never solves anything).

- :func:`pairing_cnf`: a pairing strategy for Breaker (paper 004 Prop I.1.52): disjoint pairs of free
  vertices such that every live edge e contains a pair inside e \\ M.
- :func:`structure_cnf`: an ab-chain (Def I.3.16), an ab-nunchaku (Def I.3.12) or a necklace at a
  (Def I.3.21, on an a-cycle, Def I.3.19), by the positions of the chain's edges.
- :func:`nim_cnf`: the Grundy labelling of an impartial game's position graph (paper 000 §3), one-hot
  labels with the mex rule, on positions up to automorphisms of H (:func:`nim_graph`).

Variables are numbered from 1 in a deterministic order, so the same instance always yields the same
formula; ``labels`` maps a variable to its meaning (not part of the formula).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import InputError, TooLarge
from .. import limits
from ..games import impartial as imp
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
    """
    res = minimal_masks(mb.residual(h.edge_masks, h.marked_mask, breaker))
    cnf = CNF(comment=f"pairing strategy, {len(res)} minimal live edges")
    pairs: dict[int, int] = {}
    for e in res:
        idx = list(bits(e))
        for i in range(len(idx)):
            for j in range(i + 1, len(idx)):
                pm = (1 << idx[i]) | (1 << idx[j])
                if pm not in pairs:
                    pairs[pm] = 0
    for pm in sorted(pairs):
        pairs[pm] = cnf.var(("pair", pm))
    for v in range(h.n):
        through = [x for pm, x in pairs.items() if pm >> v & 1]
        if len(through) > 1:
            cnf.at_most_one(through)
    for e in res:
        cnf.add(*[x for pm, x in pairs.items() if pm & e == pm])
    return cnf


def decode_pairing(h: Hypergraph, cnf: CNF, model) -> list[list[str]]:
    true = cnf.true_vars(model)
    return [h.names(lab[1]) for x, lab in sorted(cnf.labels.items()) if x in true and lab[0] == "pair"]


# -- chains, nunchakus, necklaces (paper 004 §I.3) ----------------------------------------------------

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
        return cnf  # the length-0 chain (a)
    if kind in ("nunchaku", "necklace"):
        allowed_marks = A | B
        if marked & allowed_marks != allowed_marks or (kind == "nunchaku" and ai == bi):
            cnf.add()  # endpoints must be the marked vertices (and distinct for a nunchaku)
            return cnf
        edges = [e for e in h.edge_masks if e.bit_count() == 3 and not e & marked & ~allowed_marks]
    else:
        edges = [e for e in h.edge_masks if e.bit_count() == 3]
    cyc = kind == "necklace"
    lmax = min(len(edges), h.n // 2 if cyc else (h.n - 1) // 2)
    if lmax < (2 if cyc else 1):
        cnf.add()
        return cnf
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


def decode_structure(h: Hypergraph, cnf: CNF, model) -> list[list[str]]:
    """The edges of the structure found, in walk order."""
    true = cnf.true_vars(model)
    found = sorted((lab[2], lab[1]) for x, lab in cnf.labels.items() if x in true and lab[0] == "edge")
    return [h.names(e) for _, e in found]


# -- Grundy labellings of impartial games -----------------------------------------------------------

@dataclass
class NimGraph:
    """Reachable positions of an impartial game up to automorphisms of H.

    ``reps`` are orbit representatives (the start ``root`` first), ``options[r]`` the
    representatives of the options of r (each orbit once), ``orbit`` maps every reachable literal
    position to its representative. Labels depend only on the set of option labels, so one label per
    orbit is exact. Other position graphs (e.g. residual states, with an empty ``orbit``) fit too.
    """
    kind: str
    hypergraph: Hypergraph
    reps: list
    options: dict
    orbit: dict[int, int]
    automorphisms: int
    root: object = 0


def automorphism_generators(h: Hypergraph, edges) -> list[list[int]]:
    """Generators of the automorphism group of the hypergraph (V, edges) as vertex permutations."""
    edges = [e for e in edges if e]
    if h.n == 0:
        return []
    import pynauty

    from ..isomorphism import _incidence_graph
    gens, *_ = pynauty.autgrp(_incidence_graph(h.n, edges, 0))
    return [list(g[:h.n]) for g in gens]


def _permute(mask: int, perm: list[int]) -> int:
    out = 0
    for i in bits(mask):
        out |= 1 << perm[i]
    return out


def nim_graph(kind: str, h: Hypergraph, symmetry: bool = True) -> NimGraph:
    """Literal positions reachable from ∅ (paper 000 §3 options), grouped into orbits of Aut(Min H)."""
    if h.n > MAX_LITERAL_VERTICES:
        raise TooLarge(f"literal position graphs are limited to {MAX_LITERAL_VERTICES} vertices, "
                       f"this hypergraph has {h.n}")
    game = imp.ImpartialGame(kind, h)
    opts: dict[int, list[int]] = {0: game.options(0)}
    stack = [0]
    while stack:
        p = stack.pop()
        for q in opts[p]:
            if q not in opts:
                opts[q] = game.options(q)
                stack.append(q)
    parent = {p: p for p in opts}

    def find(p):
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    gens = automorphism_generators(h, game.edges) if symmetry else []
    for g in gens:
        for p in opts:
            q = _permute(p, g)
            if q not in parent:
                raise AssertionError("an automorphism left the reachable positions")
            rp, rq = find(p), find(q)
            if rp != rq:
                parent[max(rp, rq)] = min(rp, rq)
    orbit = {p: find(p) for p in opts}
    reps = sorted(set(orbit.values()), key=lambda p: (p.bit_count(), p))
    options = {r: sorted({orbit[q] for q in opts[r]}, key=lambda p: (p.bit_count(), p)) for r in reps}
    return NimGraph(game.kind, h, reps, options, orbit, len(gens))


def nim_cnf(g: NimGraph) -> CNF:
    """Grundy labelling as CNF: x(r, k) says label(r) = k, for 0 <= k <= |options(r)|.

    Exactly one label per position; label(r) = k excludes label k at every option and requires
    every j < k at some option, so k = mex of the options' labels. On a finite acyclic position
    graph the only model is the Sprague-Grundy labelling.
    """
    cnf = CNF(comment=f"Grundy labelling of {g.kind.upper()}, {len(g.reps)} positions up to symmetry")
    x: dict[int, list[int]] = {}
    for r in g.reps:
        x[r] = [cnf.var(("label", r, k)) for k in range(len(g.options[r]) + 1)]
    for r in g.reps:
        cnf.exactly_one(x[r])
        for k, xk in enumerate(x[r]):
            for q in g.options[r]:
                if k < len(x[q]):
                    cnf.add(-xk, -x[q][k])
            for j in range(k):
                cnf.add(-xk, *[x[q][j] for q in g.options[r] if j < len(x[q])])
    return cnf


def decode_labels(cnf: CNF, model) -> dict:
    """The label of every node of the position graph in a model of :func:`nim_cnf`."""
    true = cnf.true_vars(model)
    return {lab[1]: lab[2] for x, lab in cnf.labels.items() if x in true and lab[0] == "label"}


def decode_nim(g: NimGraph, cnf: CNF, model) -> dict[int, int]:
    """Labels of every literal reachable position (each orbit's label spread to its members)."""
    rep_label = decode_labels(cnf, model)
    return {p: rep_label[r] for p, r in g.orbit.items()}


# -- claims certified by refutation -----------------------------------------------------------------

def claim_cnf(h: Hypergraph, claim: dict, position=None) -> CNF:
    """The CNF whose unsatisfiability is the claim (used by the ``sat-unsat-drat`` checker)."""
    q = claim.get("question")
    if q not in QUESTIONS:
        raise InputError(f"unknown refutation question {q!r} (known: {', '.join(QUESTIONS)})")
    if q == "no-pairing":
        breaker = h.mask((position or {}).get("breaker", []))
        if breaker & h.marked_mask:
            raise InputError("a vertex is claimed by both players")
        return pairing_cnf(h, breaker)
    kind = q[3:]
    return structure_cnf(h, kind, claim.get("a"), None if kind == "necklace" else claim.get("b"))
