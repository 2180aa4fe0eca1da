"""Sieben's impartial hypergraph games ACV, AVD, DST, PRV (paper 000 §3), on literal positions.

A position is the set P of jointly selected vertices (a bitmask); the start is ∅; the last player
to move wins. The game is played on the simple hypergraph Min(H) (paper 000 §3).

- ACV(H) (achieve): ends as soon as P contains an edge.
- AVD(H) (avoid): a vertex may not be selected if P would then contain an edge.
- DST(H) (destroy): ends as soon as the complement of P is stable (contains no edge).
- PRV(H) (preserve): a vertex may not be selected if the complement of P would then be stable.

Undefined games (paper 000 Ex. 3.9): ACV and PRV when V is stable (no edge); AVD and DST when ∅ is
an edge.
"""
from __future__ import annotations

from .. import limits
from ..errors import InputError, UndefinedGame
from ..hypergraph import Hypergraph, bits, minimal_masks, state_weight

GAMES = ("acv", "avd", "dst", "prv")


def check_kind(kind: str) -> str:
    kind = kind.lower()
    if kind not in GAMES:
        raise InputError(f"unknown impartial game {kind!r} (choose from {', '.join(GAMES)})")
    return kind


def undefined_reason(kind: str, edges) -> str | None:
    """Why the game is undefined on a hypergraph with these edges, or None (paper 000 Ex. 3.9)."""
    edges = list(edges)
    if kind in ("acv", "prv") and not edges:
        return f"{kind.upper()}(H) is undefined: H has no edge, so V is stable (paper 000 Ex. 3.9)"
    if kind in ("avd", "dst") and 0 in edges:
        return f"{kind.upper()}(H) is undefined: the empty set is an edge, so no set is stable (paper 000 Ex. 3.9)"
    return None


class ImpartialGame:
    """One of ACV/AVD/DST/PRV on Min(H), with the literal option relation of paper 000 §3."""

    def __init__(self, kind: str, hypergraph: Hypergraph):
        self.kind = check_kind(kind)
        self.hypergraph = hypergraph
        self.edges = tuple(minimal_masks(hypergraph.edge_masks))
        self.full = hypergraph.full_mask
        reason = undefined_reason(self.kind, self.edges)
        if reason:
            raise UndefinedGame(reason)

    def _contains_edge(self, p: int) -> bool:
        return any(e & p == e for e in self.edges)

    def _complement_stable(self, p: int) -> bool:
        return not any(e & p == 0 for e in self.edges)

    def is_position(self, p: int) -> bool:
        """Whether P can arise in play (paper 000 Remark 3.1 and its removing-game analogues)."""
        if p == 0:
            return True
        if self.kind == "avd":
            return not self._contains_edge(p)
        if self.kind == "prv":
            return not self._complement_stable(p)
        # achievement games: P \ {v} is a non-terminal position for some v in P
        if self.kind == "acv":
            return any(not self._contains_edge(p & ~(1 << v)) for v in bits(p))
        return any(not self._complement_stable(p & ~(1 << v)) for v in bits(p))

    def options(self, p: int) -> list[int]:
        free = self.full & ~p
        cand = [p | (1 << v) for v in bits(free)]
        if self.kind == "acv":
            return [] if self._contains_edge(p) else cand
        if self.kind == "dst":
            return [] if self._complement_stable(p) else cand
        if self.kind == "avd":
            return [q for q in cand if not self._contains_edge(q)]
        return [q for q in cand if not self._complement_stable(q)]


def mex(values) -> int:
    s = set(values)
    k = 0
    while k in s:
        k += 1
    return k


def labelling_visit_weight(h: Hypergraph) -> int:
    """The work units of one visit of a nim-labelling walk on ``h`` (docs/spec/nim-labelling.md L7):
    w = (|V| + 1)·(1 + |V| + Σ|e| + |E|·⌈|V|/64⌉): at most |V| + 1 options, each built and tested
    against every edge."""
    return (h.n + 1) * state_weight(h.n, h.edge_masks)


def labelling_visit_cap(h: Hypergraph, labels: int) -> int:
    """The most positions a nim-labelling walk on ``h`` visits, for a certificate of ``labels``
    label entries (L7): (2^30 + 4096·labels) // w. The checker refuses beyond it; the builder
    writes no certificate beyond it."""
    units = limits.MAX_NIM_LABELLING_WORK + limits.NIM_LABELLING_UNITS_PER_LABEL * labels
    return units // labelling_visit_weight(h)
