"""CNF encodings of game questions: pure functions of the instance, for the SAT solvers.

- :func:`pairing_cnf` and :func:`structure_cnf` (pairings; chains, nunchakus, necklaces) are defined
  in the trusted kernel (:mod:`verify.certificates.cnf`), since the ``sat-unsat-drat`` checker
  re-derives them; here they are re-exported with their decoders.
- :func:`nim_cnf`: the Grundy labelling of an impartial game's position graph (paper 000 §3), one-hot
  labels with the mex rule, on positions up to automorphisms of H (:func:`nim_graph`).

Variables are numbered from 1 in a deterministic order, so the same instance always yields the same
formula; ``labels`` maps a variable to its meaning (not part of the formula).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..certificates.cnf import (CNF, MAX_LITERAL_VERTICES, QUESTIONS, STRUCTURES,  # noqa: F401
                                claim_cnf, pairing_cnf, refutation_verdict, structure_cnf)
from ..errors import TooLarge
from ..games import impartial as imp
from ..hypergraph import Hypergraph, bits, minimal_masks


def decode_pairing(h: Hypergraph, cnf: CNF, model) -> list[list[str]]:
    true = cnf.true_vars(model)
    return [h.names(lab[1]) for x, lab in sorted(cnf.labels.items()) if x in true and lab[0] == "pair"]


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
