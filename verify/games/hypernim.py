"""Hypergraph NIM (paper 003 §1, Boros-Gurvich-Kitrossky-Makino, INTEGERS 23 (2023)).

Rules. V is a finite set of piles, H ⊆ 2^V \\ {∅} a hypergraph with V = ∪H (paper 003 §1 assumes
both). A position is x ∈ Z_+^V. A move chooses an edge H ∈ H and *strictly decreases every* x_i,
i ∈ H (each by any positive amount, independently), leaving x_j, j ∉ H, unchanged. The player who
cannot move loses; x is terminal iff every edge has an empty pile. The game is NIM_H.

Named families: classical NIM (H = (V choose 1)), Moore's NIM_k (H = {H ⊆ V : 1 ≤ |H| ≤ k}),
k-uniform NIM (H = (V choose k)).

Compounds (paper 003 §1 and eq. (4), (5)). For games Γ_1..Γ_p on disjoint piles:
conjunctive Γ_1 ⊗ … ⊗ Γ_p moves in every component; selective Γ_1 ⊞ … ⊞ Γ_p moves in a non-empty
set of components. :class:`CompoundGame` implements these moves literally on tuples of component
positions; :func:`conjunctive_hypergraph` / :func:`selective_hypergraph` build the hypergraphs (4)
and (5), whose NIM the paper identifies with the compounds (a differential test checks it).

Instance files are read and written by :mod:`verify.formats.hypernim`.

API: ``HyperNim(edges)`` (lists of vertex names, or a :class:`Hypergraph`), ``game.options(x)``,
``game.is_terminal(x)``, ``game.moves(x)`` (playable edge masks), ``game.height(x)``,
``game.position(piles_dict)``; :class:`Instance` (game, start position, compound components).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, product
from typing import Iterable, Iterator, Sequence

from .. import limits
from ..errors import InputError, TooLarge
from ..hypergraph import Hypergraph, bits

COMPOUNDS = ("conjunctive", "selective")


class HyperNim:
    """NIM_H (paper 003 §1): pick an edge H and strictly decrease every pile of H."""

    def __init__(self, hypergraph: Hypergraph | Iterable[Iterable], vertices: Iterable | None = None):
        if not isinstance(hypergraph, Hypergraph):
            hypergraph = Hypergraph(hypergraph, vertices=vertices)
        h = hypergraph
        if h.m == 0:
            raise InputError("empty hypergraph: NIM_H needs at least one edge (paper 003 §1)")
        if 0 in h.edge_masks:
            raise InputError("the empty set is not allowed as an edge of NIM_H (paper 003 §1)")
        support = 0
        for e in h.edge_masks:
            support |= e
        if support != h.full_mask:
            lonely = h.names(h.full_mask & ~support)
            raise InputError(f"pile(s) {', '.join(lonely)} lie on no edge (paper 003 assumes V = ∪H)")
        self.hypergraph = h
        self.vertices: tuple[str, ...] = h.vertices
        self.n = h.n
        self.edges: tuple[int, ...] = tuple(sorted(h.edge_masks, key=lambda m: (m.bit_count(), m)))
        self.edge_indices: tuple[tuple[int, ...], ...] = tuple(tuple(bits(e)) for e in self.edges)
        self._height = lru_cache(maxsize=None)(self._height_uncached)

    # --- positions -------------------------------------------------------------------------
    def position(self, piles) -> tuple[int, ...]:
        """The position x ∈ Z_+^V given as a dict {vertex: pile} (all vertices) or a sequence."""
        if isinstance(piles, dict):
            known = set(self.vertices)
            for v in piles:
                if str(v) not in known:
                    raise InputError(f"pile on {v!r}, which is not a vertex of the hypergraph")
            missing = [v for v in self.vertices if v not in piles]
            if missing:
                raise InputError(f"no pile given for vertex/vertices {', '.join(missing)}")
            vals = [piles[v] for v in self.vertices]
            names = self.vertices
        else:
            vals = list(piles)
            if len(vals) != self.n:
                raise InputError(f"a position needs {self.n} piles, got {len(vals)}")
            names = self.vertices
        for v, a in zip(names, vals):
            if isinstance(a, bool) or not isinstance(a, int):
                raise InputError(f"pile {v!r} must be a non-negative integer, got {a!r}")
            if a < 0:
                raise InputError(f"pile {v!r} is negative ({a})")
        return tuple(vals)

    # --- rules ------------------------------------------------------------------------------
    def moves(self, x: Sequence[int]) -> list[int]:
        """Edges H with x_i ≥ 1 for all i ∈ H (the playable edges), as masks."""
        return [e for e, idx in zip(self.edges, self.edge_indices) if all(x[i] > 0 for i in idx)]

    def is_terminal(self, x: Sequence[int]) -> bool:
        """Every edge has an empty pile (paper 003 §1)."""
        return not any(all(x[i] > 0 for i in idx) for idx in self.edge_indices)

    def options(self, x: Sequence[int]) -> Iterator[tuple[int, ...]]:
        """All x' reachable in one move: for an edge H, 0 ≤ x'_i < x_i on H, x'_j = x_j off H.

        Distinct edges can reach the same x'; each option is yielded once.
        """
        x = tuple(x)
        seen: set[tuple[int, ...]] = set()
        for idx in self.edge_indices:
            if not all(x[i] > 0 for i in idx):
                continue
            for vals in product(*(range(x[i]) for i in idx)):
                y = list(x)
                for i, a in zip(idx, vals):
                    y[i] = a
                t = tuple(y)
                if t not in seen:
                    seen.add(t)
                    yield t

    def height(self, x: Sequence[int]) -> int:
        """h_H(x): the maximum number of consecutive moves from x (paper 003 §2).

        Reducing each pile of the chosen edge by exactly one is optimal (h is monotone in x).
        """
        return self._height(tuple(x))

    def _height_uncached(self, x: tuple[int, ...]) -> int:
        best = 0
        for idx in self.edge_indices:
            if all(x[i] > 0 for i in idx):
                y = list(x)
                for i in idx:
                    y[i] -= 1
                best = max(best, 1 + self._height(tuple(y)))
        return best

    def __repr__(self):
        return f"HyperNim({[self.hypergraph.names(e) for e in self.edges]})"


# --- named families ---------------------------------------------------------------------------
def _names(n: int, prefix: str = "") -> list[str]:
    return [f"{prefix}{i}" for i in range(1, n + 1)]


def uniform_edges(names: Sequence[str], sizes: Iterable[int]) -> list[list[str]]:
    return [list(c) for k in sizes for c in combinations(names, k)]


def classical_nim(n: int, prefix: str = "") -> HyperNim:
    """Bouton's NIM: H = (V choose 1)."""
    return HyperNim(uniform_edges(_names(n, prefix), [1]))


def moore(n: int, k: int, prefix: str = "") -> HyperNim:
    """Moore's NIM_k on n piles: H = {H ⊆ V : 1 ≤ |H| ≤ k} (paper 003 §1)."""
    if not 1 <= k <= n:
        raise InputError(f"Moore's NIM_k needs 1 ≤ k ≤ n, got n={n}, k={k}")
    return HyperNim(uniform_edges(_names(n, prefix), range(1, k + 1)))


def uniform(n: int, k: int, prefix: str = "") -> HyperNim:
    """k-uniform NIM: H = (V choose k)."""
    if not 1 <= k <= n:
        raise InputError(f"(V choose k) needs 1 ≤ k ≤ n, got n={n}, k={k}")
    return HyperNim(uniform_edges(_names(n, prefix), [k]))


# --- compounds --------------------------------------------------------------------------------
def _check_disjoint(games: Sequence[HyperNim]) -> None:
    seen: set[str] = set()
    for g in games:
        common = seen & set(g.vertices)
        if common:
            raise InputError(f"compound components share vertex/vertices {', '.join(sorted(common))}")
        seen |= set(g.vertices)


def compound_size(games: Sequence[HyperNim], kind: str) -> tuple[int, int]:
    """(edges, vertex occurrences) of the compound hypergraph (4) or (5) of ``games``, counted in
    O(p) arithmetic from the components' edge counts m_i and total edge sizes s_i without building
    it: conjunctive Π m_i edges and Σ_i s_i·Π_{j≠i} m_j occurrences; selective Π (m_i + 1) - 1 and
    Σ_i s_i·Π_{j≠i} (m_j + 1) (the empty choice contributes nothing)."""
    counts = [len(g.edges) + (kind == "selective") for g in games]
    sizes = [sum(e.bit_count() for e in g.edges) for g in games]
    edges = 1
    for c in counts:
        edges *= c
    occurrences = sum(s * (edges // c) for s, c in zip(sizes, counts))
    return edges - (kind == "selective"), occurrences


def check_compound_size(games: Sequence[HyperNim], kind: str) -> None:
    """TooLarge when the compound hypergraph of ``games`` has more than
    ``limits.MAX_HYPERNIM_COMPOUND_EDGES`` edges or ``limits.MAX_HYPERNIM_COMPOUND_OCCURRENCES``
    vertex occurrences: checked before any edge is built (a compound of p two-edge components has
    2^p edges; 30 of them, 2.6 KB of JSON, would be 2^30 edges)."""
    edges, occurrences = compound_size(games, kind)
    if edges > limits.MAX_HYPERNIM_COMPOUND_EDGES or occurrences > limits.MAX_HYPERNIM_COMPOUND_OCCURRENCES:
        shown = f"{edges}" if edges < 10 ** 12 else f"about 10^{len(str(edges)) - 1}"
        raise TooLarge(f"the {kind} compound of {len(games)} components has {shown} edges "
                       f"(at most {limits.MAX_HYPERNIM_COMPOUND_EDGES} edges and "
                       f"{limits.MAX_HYPERNIM_COMPOUND_OCCURRENCES} vertex occurrences, "
                       f"limits.MAX_HYPERNIM_COMPOUND_EDGES): too large")


def _compound_edges(games: Sequence[HyperNim], kind: str) -> list[list[str]]:
    check_compound_size(games, kind)
    choices = []
    for g in games:
        es = [g.hypergraph.names(e) for e in g.edges]
        choices.append(es + [[]] if kind == "selective" else es)
    out = []
    for combo in product(*choices):
        e = [v for part in combo for v in part]
        if e:
            out.append(e)
    return out


def conjunctive_hypergraph(*games: HyperNim) -> HyperNim:
    """H_1 ⊗ … ⊗ H_p = {H^1 ∪ … ∪ H^p : H^i ∈ H_i} (paper 003 eq. (4)); vertices in component order."""
    _check_disjoint(games)
    verts = [v for g in games for v in g.vertices]
    return HyperNim(_compound_edges(games, "conjunctive"), vertices=verts)


def selective_hypergraph(*games: HyperNim) -> HyperNim:
    """H_1 ⊞ … ⊞ H_p = {∪ H^i : H^i ∈ H_i ∪ {∅}} \\ {∅} (paper 003 eq. (5))."""
    _check_disjoint(games)
    verts = [v for g in games for v in g.vertices]
    return HyperNim(_compound_edges(games, "selective"), vertices=verts)


class CompoundGame:
    """Conjunctive / selective compound of games, moves written from paper 003 §1 literally.

    A position is a tuple of component positions. Conjunctive: move in every component (so the
    compound ends when some component is terminal). Selective: move in a non-empty subset of the
    components.
    """

    def __init__(self, kind: str, components: Sequence):
        if kind not in COMPOUNDS:
            raise InputError(f"unknown compound {kind!r} (choose from {', '.join(COMPOUNDS)})")
        if not components:
            raise InputError("a compound needs at least one component")
        self.kind = kind
        self.components = tuple(components)

    def options(self, pos: Sequence) -> Iterator[tuple]:
        opts = [list(g.options(p)) for g, p in zip(self.components, pos)]
        if self.kind == "conjunctive":
            yield from product(*opts)
            return
        p = len(self.components)
        for choice in product((False, True), repeat=p):
            if not any(choice):
                continue
            parts = [opts[i] if choice[i] else [pos[i]] for i in range(p)]
            yield from product(*parts)

    def is_terminal(self, pos: Sequence) -> bool:
        term = [g.is_terminal(p) for g, p in zip(self.components, pos)]
        return any(term) if self.kind == "conjunctive" else all(term)

    def hypernim(self) -> HyperNim:
        """The hypergraph-NIM form (paper 003 (4)/(5)); needs HyperNim components."""
        f = conjunctive_hypergraph if self.kind == "conjunctive" else selective_hypergraph
        return f(*self.components)

    @staticmethod
    def flatten(pos: Sequence[Sequence[int]]) -> tuple[int, ...]:
        return tuple(a for p in pos for a in p)


def compound(kind: str, *games: HyperNim) -> HyperNim:
    """NIM on the conjunctive or selective compound hypergraph of ``games``."""
    return CompoundGame(kind, games).hypernim()


# --- instances --------------------------------------------------------------------------------
@dataclass
class Instance:
    """A NIM_H instance: the game, the start position x, and (for compounds) the components.

    ``components`` is a list of (HyperNim, position) pairs when the instance is a compound;
    ``game``/``piles`` are then the compound hypergraph NIM and the concatenated piles.
    """
    game: HyperNim
    piles: tuple[int, ...]
    compound: str | None = None
    components: tuple = ()
