"""The achievement game GEN(S, W) (paper 001 §3) and the avoidance game DNG(S, W) (paper 002 §2) on a
convex geometry (S, K) with a nonempty winning set W ⊆ S.

A position is the set P of jointly selected points (a bitmask); the start is ∅; the last player to
move wins (normal play).

- GEN: the game ends as soon as W ⊆ τ(P); before that any unselected point may be selected:
  Opt(P) = {P ∪ {s} | s ∈ S \\ P} for non-terminal P (001 §3).
- DNG: a point s may be selected only if W ⊄ τ(P ∪ {s}) (002 §2).

DNG is undefined when W ⊆ τ(∅) (the start already generates W; as AVD(H) with ∅ ∈ H, paper 000
Ex 3.9); GEN is then the one-position game with nim 0 (001 Ex 4.5).

Instance files are read and written by :mod:`verify.formats.convex`.
"""
from __future__ import annotations

from .. import convex as cv
from ..errors import InputError, UndefinedGame
from ..hypergraph import bits

GAMES = ("gen", "dng")


class ConvexGame:
    """GEN(S, W) or DNG(S, W) with the literal option relation of 001 §3 / 002 §2."""

    def __init__(self, kind: str, geometry: cv.ConvexGeometry, winning: int):
        kind = kind.lower()
        if kind not in GAMES:
            raise InputError(f"unknown convex game {kind!r} (choose gen or dng)")
        if not winning:
            raise InputError("the winning set W must be nonempty (001 §3)")
        if winning & ~geometry.full:
            raise InputError("the winning set must be a subset of the ground set")
        self.kind = kind
        self.geometry = geometry
        self.winning = winning
        if kind == "dng" and geometry.generates(0, winning):
            raise UndefinedGame("DNG(S, W) is undefined: W ⊆ τ(∅), so the start already generates W "
                                "(as AVD(H) with ∅ ∈ H, paper 000 Ex 3.9)")

    @property
    def n(self) -> int:
        return self.geometry.n

    def generated(self, p: int) -> bool:
        return self.geometry.generates(p, self.winning)

    def options(self, p: int) -> list[int]:
        g = self.geometry
        cand = [p | (1 << i) for i in bits(g.full & ~p)]
        if self.kind == "gen":
            return [] if self.generated(p) else cand
        return [q for q in cand if not self.generated(q)]

    def __repr__(self) -> str:
        return f"{self.kind.upper()}({self.geometry!r}, W={{{','.join(self.geometry.set_names(self.winning))}}})"
