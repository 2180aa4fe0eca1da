"""Structure theory for impartial hypergraph games (paper 000 §4–§6, N. Sieben).

For a simple hypergraph H with family S_H of maximal stable sets, two sets P, Q ⊆ V are *structure
equivalent* when φ(P) = φ(Q), φ(P) = {S ∈ S_H : P ⊆ S} (Def 4.1); the class of P is named by its
closure [P] = ⋂ φ(P) (Prop 4.2). A class is represented here by φ itself, a bitmask over S_H:
φ(P ∪ {v}) = φ(P) ∩ cont(v) with cont(v) = {S : v ∈ S}, so a move acts on classes without
looking at positions, and vertices with equal cont(v) move alike.

- Options of classes (Def 4.6): X_J ∈ Opt(X_I) iff some option of the position I lies in X_J. For
  ACV every v ∉ I is allowed (φ = ∅ is the terminal class X_V); for AVD only those keeping I ∪ {v}
  stable (φ ≠ ∅).
- Type calculus (Def 4.10): type(X_V) = (pty V, 0, 0) for ACV; otherwise with p = pty(I)
  nim_p(X_I) = mex nim_{1-p}(Opt X_I) and nim_{1-p}(X_I) = mex(nim_p(Opt X_I) ∪ {nim_p(X_I)}).
- Prop 4.12: every position P ∈ X_I has nim(P) = nim_{pty P}(X_I); the game's value is
  nim_0(X_{Φ_H}) (Algorithm 4.13).
- Removing games (§5, Prop 3.6): DST(H) = ACV(Tr H) and PRV(H) = AVD(Tr H); the maximal stable sets
  of Tr(H) are the complements of the edges of Min(H) (S_{Tr H} = ∁(Tr Tr H) = ∁(Min H)), so no
  transversal is computed for them.
- Simplified diagram (Condition 6.1): classes with the same parity, the same set of option types and
  the same longest-path length are identified.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from ..errors import TooLarge, UndefinedGame
from .. import limits
from ..games import impartial as imp
from ..hypergraph import Hypergraph, bits, minimal_masks, minimal_transversal_masks

MAX_CLASSES = limits.MAX_STRUCTURE_CLASSES
MAX_STABLE_SETS = limits.MAX_STRUCTURE_STABLE_SETS

BUILDING = {"acv": "acv", "avd": "avd", "dst": "acv", "prv": "avd"}


def type_step(parity: int, option_types, terminal: bool = False) -> tuple[int, int, int]:
    """Type calculus (paper 000 Def 4.10): the type (p, nim_0, nim_1) of a class of parity p from
    the types of its options; a terminal X_V of ACV has type (p, 0, 0)."""
    if terminal:
        return (parity, 0, 0)
    p = parity
    own = imp.mex(t[2 - p] for t in option_types)        # nim_p from the options' nim_{1-p}
    other = imp.mex([t[1 + p] for t in option_types] + [own])
    return (p, own, other) if p == 0 else (p, other, own)


@dataclass
class StructureClass:
    """One structure class X_I: ``key`` = φ(I) over the maximal stable sets, ``closure`` = I."""
    key: int
    closure: int
    parity: int
    type: tuple[int, int, int] = (0, 0, 0)
    options: list[int] = field(default_factory=list)   # indices into StructureDiagram.classes
    terminal: bool = False
    depth: int = 0                                     # longest directed path starting here

    def nim(self, parity: int) -> int:
        return self.type[1 + parity]


class StructureDiagram:
    """The structure digraph with types of ACV/AVD/DST/PRV(H) (paper 000 Algorithm 4.13).

    ``stable`` is the family of maximal stable sets of the board (H for the building games, Tr(H)
    for the removing games); ``classes[frattini]`` is X_Φ and ``nim`` the game's nim-value.
    """

    def __init__(self, kind: str, h: Hypergraph, max_classes: int = MAX_CLASSES):
        t0 = time.perf_counter()
        self.kind = imp.check_kind(kind)
        self.building = BUILDING[self.kind]
        self.hypergraph = h
        edges = minimal_masks(h.edge_masks)
        reason = imp.undefined_reason(self.kind, edges)
        if reason:
            raise UndefinedGame(reason)
        full = h.full_mask
        if self.kind in ("acv", "avd"):
            self.stable = [full & ~t for t in _transversals(edges)]
        else:
            self.stable = [full & ~e for e in edges]
        self.stable.sort(key=lambda s: (-s.bit_count(), s))
        # the work below is bounded: the stable sets' incidences before their table is built, then
        # per class one intersection per distinct move on ints of len(stable) bits
        incidences = sum(s.bit_count() for s in self.stable)
        if incidences > limits.MAX_STRUCTURE_INCIDENCES:
            raise TooLarge(f"the structure diagram of {self.kind.upper()}(H): its {len(self.stable):,} maximal "
                           f"stable sets hold {incidences:,} vertices in all, more than "
                           f"{limits.MAX_STRUCTURE_INCIDENCES:,} (limits.MAX_STRUCTURE_INCIDENCES)")
        work = 0
        cont = [0] * h.n
        for i, s in enumerate(self.stable):
            for v in bits(s):
                cont[v] |= 1 << i
        self._cont = cont
        moves = sorted(set(cont))
        start = (1 << len(self.stable)) - 1
        achieve = self.building == "acv"
        # discover the classes reachable from X_Φ (all of them: every I ∈ I_H is reached from ∅)
        opts_of: dict[int, list[int]] = {}
        stack = [start]
        while stack:
            f = stack.pop()
            if f in opts_of:
                continue
            work += len(moves) * (1 + len(self.stable) // 64)
            if work > limits.MAX_STRUCTURE_WORK:
                raise TooLarge(f"the structure diagram of {self.kind.upper()}(H) needs more than "
                               f"{limits.MAX_STRUCTURE_WORK:,} steps (limits.MAX_STRUCTURE_WORK)")
            if len(opts_of) >= max_classes:
                raise TooLarge(f"the structure diagram of {self.kind.upper()}(H) has more than "
                               f"{max_classes} classes")
            if f == 0 and achieve:
                opts_of[f] = []
                continue
            nxt = sorted({f & c for c in moves if f & c != f and (achieve or f & c)}, reverse=True)
            opts_of[f] = nxt
            stack.extend(g for g in nxt if g not in opts_of)
        # options are proper subsets of their class's key: increasing popcount is a topological order
        order = sorted(opts_of, key=lambda f: (f.bit_count(), f))
        index = {f: i for i, f in enumerate(order)}
        self.classes: list[StructureClass] = []
        for f in order:
            closure = self.closure_of_key(f)
            c = StructureClass(key=f, closure=closure, parity=closure.bit_count() & 1,
                               options=[index[g] for g in opts_of[f]], terminal=(f == 0 and achieve))
            opt_cls = [self.classes[j] for j in c.options]
            c.type = type_step(c.parity, [o.type for o in opt_cls], c.terminal)
            c.depth = 1 + max((o.depth for o in opt_cls), default=-1)
            self.classes.append(c)
        self.frattini = index[start]
        self.seconds = time.perf_counter() - t0

    # -- the theory's maps ------------------------------------------------------------------------
    def closure_of_key(self, key: int) -> int:
        """[P] = ⋂ φ(P), with ⋂ ∅ = V (paper 000 §4.1)."""
        out = self.hypergraph.full_mask
        for i in bits(key):
            out &= self.stable[i]
        return out

    def key_of(self, p: int) -> int:
        """φ(P) as a bitmask over ``stable``."""
        key = (1 << len(self.stable)) - 1
        for v in bits(p):
            key &= self._cont[v]
        return key

    def closure(self, p: int) -> int:
        return self.closure_of_key(self.key_of(p))

    def class_of(self, p: int) -> StructureClass:
        key = self.key_of(p)
        for c in self.classes:
            if c.key == key:
                return c
        raise KeyError(p)

    def position_nim(self, p: int) -> int:
        """nim(P) = nim_{pty P}(X_[P]) (paper 000 Prop 4.12); P must be a position of the game."""
        return self._by_key()[self.key_of(p)].nim(p.bit_count() & 1)

    def _by_key(self) -> dict[int, StructureClass]:
        if not hasattr(self, "_key_index"):
            self._key_index = {c.key: c for c in self.classes}
        return self._key_index

    @property
    def nim(self) -> int:
        """nim(∅) = nim_0(X_Φ) (paper 000 Algorithm 4.13, step 3)."""
        return self.classes[self.frattini].type[1]

    @property
    def frattini_set(self) -> int:
        """Φ = ⋂ S (the Frattini subset)."""
        return self.classes[self.frattini].closure

    def closure_system(self) -> list[int]:
        """I_H = {⋂T : T ⊆ S_H} as vertex masks (for ACV including V, for AVD only when V is stable)."""
        return [c.closure for c in self.classes]

    # -- Condition 6.1 ----------------------------------------------------------------------------
    def simplified(self) -> list[list[int]]:
        """Groups of class indices identified by Condition 6.1 (same parity, same set of option
        types, same longest-path length), in order of first member."""
        groups: dict[tuple, list[int]] = {}
        for i, c in enumerate(self.classes):
            sig = (c.parity, frozenset(self.classes[j].type for j in c.options), c.depth)
            groups.setdefault(sig, []).append(i)
        return sorted(groups.values(), key=lambda g: g[0])


def _transversals(edges: list[int]) -> list[int]:
    trs = minimal_transversal_masks(edges)
    if len(trs) > MAX_STABLE_SETS:
        raise TooLarge(f"H has more than {MAX_STABLE_SETS} maximal stable sets")
    return trs


def structure_diagram(kind: str, h: Hypergraph, **kw) -> StructureDiagram:
    return StructureDiagram(kind, h, **kw)
