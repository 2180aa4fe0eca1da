"""The one hypergraph type, with Maker's marks (Galliot's marked hypergraphs, paper 004 Def I.1.38).

Vertices are named by printable tokens (strings) and keep their order; internally vertex ``i`` is
bit ``1 << i`` and an edge is an ``int`` bitmask, so set operations are integer operations.
Edges form a set (no multi-edges); the empty edge and singleton edges are allowed (Def I.1.1).

Moves of the Maker-Breaker game act on marked hypergraphs as in Notation I.1.42:
``H.mark(x)`` is H^{+x} (Maker claims x), ``H.delete(y)`` is H^{-y} (Breaker claims y: the vertex and
every edge containing it disappear).
"""
from __future__ import annotations

import re
from itertools import combinations
from typing import Iterable, Iterator

from . import limits
from .errors import InputError, TooLarge
from .labels import Labels, bits  # noqa: F401  (bits: re-exported, used across the package)
from .plugins import svg_of


def state_weight(n: int, masks) -> int:
    """What building and keeping one state of a walk over ``masks`` on ``n`` cells may cost, in
    the work units of the weighed caps (docs/spec: maker-breaker-strategy S7, pg-strategy,
    nim-labelling L7): 1 + n + Σ|m| + |masks|·⌈n/64⌉ (a residual of the masks, each ⌈n/64⌉ words;
    the second checker's cell sets and its scans of the sets)."""
    return 1 + n + sum(m.bit_count() for m in masks) + len(masks) * -(-n // 64)


def minimal_masks(masks: Iterable[int]) -> list[int]:
    """Min(A): the inclusion-minimal members of a family of sets (paper 000 §3), sorted by size.

    In order of size, a set is kept unless it contains a kept one; on large families the kept sets
    are filed under their lowest element, so only those lying in the set are compared."""
    family = sorted(set(masks), key=lambda m: (m.bit_count(), m))
    out: list[int] = []
    if len(family) <= 64:
        for e in family:
            if not any(f & e == f for f in out):
                out.append(e)
        return out
    by_lowest: dict[int, list[int]] = {}
    for e in family:
        if e == 0:
            return [0]
        if not any(f & e == f for i in bits(e) for f in by_lowest.get(i, ())):
            out.append(e)
            by_lowest.setdefault((e & -e).bit_length() - 1, []).append(e)
    return out


def minimal_transversal_masks(masks: Iterable[int], limit: int | None = None) -> list[int]:
    """Tr(A): the minimal transversals (hitting sets) of a family, by Berge's incremental method,
    sorted by size. Tr(∅) = {∅} and Tr({∅}) = ∅ (paper 000 Ex. 2.4).

    Adding an edge e to a prefix with transversals T: those hitting e stay minimal; t ∪ {v} (t ∈ T
    missing e, v ∈ e) is minimal unless it contains a kept s, which must then hold v (t ∪ {v} meets
    e in v alone). So only those s are compared, and no two new sets coincide. The family in the
    making is bounded by ``limit`` (default ``limits.MAX_TRANSVERSAL_SETS``), and the subset tests
    by ``limits.MAX_TRANSVERSAL_WORK`` (each step's bound checked before the step): beyond, TooLarge.
    """
    if limit is None:
        limit = limits.MAX_TRANSVERSAL_SETS
    trs, work = [0], 0
    for e in minimal_masks(masks):
        hit = [t for t in trs if t & e]
        miss = [t for t in trs if not t & e]
        holding: dict[int, list[int]] = {}
        for s in hit:
            for i in bits(s & e):
                holding.setdefault(i, []).append(s)
        nxt = hit
        for i in bits(e):
            v = 1 << i
            kept = holding.get(i)
            work += len(miss) * (1 + len(kept or ()))  # this step's subset tests, at most
            if work > limits.MAX_TRANSVERSAL_WORK:
                raise TooLarge(f"Tr(H) needs more than {limits.MAX_TRANSVERSAL_WORK:,} subset tests of "
                               "Berge's method (limits.MAX_TRANSVERSAL_WORK)")
            if kept:
                nxt.extend(u for u in (t | v for t in miss) if not any(s & u == s for s in kept))
            else:
                nxt.extend(t | v for t in miss)
            if len(nxt) > limit:
                raise TooLarge(f"more than {limit} minimal transversals arise on the way to Tr(H)")
        trs = nxt
    return sorted(trs, key=lambda m: (m.bit_count(), m))


def shrink_minimal(masks: Iterable[int], v: int) -> list[int]:
    """Min({e \\ v : e ∈ A}) for a Sperner family A and a vertex bit v, in O(|A|·deg v).

    Only edges through v shrink; shrunk edges stay pairwise incomparable (A is Sperner), so the only
    edges to drop are untouched ones that now contain a shrunk edge.
    """
    shrunk, kept = [], []
    for e in masks:
        (shrunk if e & v else kept).append(e)
    if not shrunk:
        return list(masks)
    shrunk = [e & ~v for e in shrunk]
    return shrunk + [f for f in kept if not any(s & f == s for s in shrunk)]


def components(masks: Iterable[int]) -> list[tuple[int, list[int]]]:
    """Connected components of a family of nonempty sets, as (support mask, member sets)."""
    comps: list[tuple[int, list[int]]] = []
    for e in masks:
        support, members, rest = e, [e], []
        for s, es in comps:
            if s & e:
                support |= s
                members += es
            else:
                rest.append((s, es))
        rest.append((support, members))
        comps = rest
    return comps


def canonical_form(masks: Iterable[int]) -> tuple[int, ...]:
    """An isomorphic copy of a set family with vertices renumbered by an invariant ordering.

    Vertices are ordered by the counts of their incident edges of each size (ties by old index).
    Equal forms imply isomorphic families (the renumbering is a bijection), so the form is a sound
    memo key; isomorphic families usually, but not always, get the same form. For exact isomorphism
    classes use :func:`verify.isomorphism.canonical_key`.
    """
    inv: dict[int, int] = {}
    for e in masks:
        w = 1 << (8 * e.bit_count())
        for v in bits(e):
            inv[v] = inv.get(v, 0) + w
    order = sorted(inv, key=lambda v: (-inv[v], v))
    relabel = {v: 1 << i for i, v in enumerate(order)}
    out = []
    for e in masks:
        m = 0
        for v in bits(e):
            m |= relabel[v]
        out.append(m)
    out.sort()
    return tuple(out)


class Hypergraph:
    """A finite hypergraph H = (V, E) with a set M ⊆ V of marked vertices (Maker's, paper 004 §I.1.3).

    >>> H = Hypergraph([["a", "b"], ["b", "c"]])
    >>> H.rank, H.n, H.m
    (2, 3, 2)
    """

    __slots__ = ("_labels", "_edges", "_marked")

    def __init__(self, edges: Iterable[Iterable] = (), vertices: Iterable | None = None,
                 marked: Iterable = ()):
        """Validate and build: an edge may not repeat a vertex or another edge, and a marked vertex
        may not be listed twice. Linear in the input size up to the bitmasks themselves, which are
        bounded by ``limits.MAX_HYPERGRAPH_MASK_BITS`` (checked before any is built)."""
        token = _TokenCache()
        edge_lists = [[token(v) for v in e] for e in edges]
        if vertices is None:
            labels = Labels(dict.fromkeys(v for e in edge_lists for v in e), "vertex", _token)
        else:
            labels = Labels((token(v) for v in vertices), "vertex", _token)
        index = labels._index
        edge_indices: list[list[int]] = []
        seen_edges: set[tuple[int, ...]] = set()
        mask_bits = 0
        for e in edge_lists:
            idx = []
            for v in e:
                i = index.get(v)
                if i is None:
                    raise InputError(f"edge {_show(e)} uses unknown vertex {_short(v)}")
                idx.append(i)
            key = tuple(sorted(idx))
            if len(set(key)) != len(key):
                seen: set[str] = set()
                dup = next(v for v in e if v in seen or seen.add(v))
                raise InputError(f"edge {_show(e)} repeats vertex {_short(dup)}")
            if key in seen_edges:
                raise InputError(f"duplicate edge {_show(e)}")
            seen_edges.add(key)
            edge_indices.append(idx)
            mask_bits += key[-1] + 1 if key else 0
        if mask_bits > limits.MAX_HYPERGRAPH_MASK_BITS:
            raise TooLarge(f"hypergraph too large: {len(labels)} vertices and {len(edge_indices)} "
                           f"edges need {mask_bits} bits of edge bitmasks "
                           f"(at most {limits.MAX_HYPERGRAPH_MASK_BITS})")
        marked = [token(v) for v in marked]
        mk = 0
        for v in marked:
            i = index.get(v)
            if i is None:
                raise InputError(f"marked vertex {_short(v)} is not a vertex")
            if mk >> i & 1:
                raise InputError(f"marked vertex {_short(v)} listed twice")
            mk |= 1 << i
        self._labels = labels
        self._edges = tuple(_mask(idx) for idx in edge_indices)
        self._marked = mk

    # -- construction from the internal representation ------------------------------------------
    @classmethod
    def from_masks(cls, vertices: Iterable[str], masks: Iterable[int], marked: int = 0) -> "Hypergraph":
        """Build from vertex names and edge bitmasks (duplicates are merged, order kept); a mask or
        the marks reaching past the vertex list is refused (a caller's bug, caught here rather than
        as a wrong index far away)."""
        h = cls.__new__(cls)
        h._labels = vertices if isinstance(vertices, Labels) else Labels(vertices, "vertex", _token)
        h._edges = tuple(dict.fromkeys(masks))
        h._marked = marked
        full = h._labels.full
        if any(e & ~full for e in h._edges) or marked & ~full:
            raise ValueError("an edge or mark mask reaches past the vertex list")
        return h

    # -- basic views ---------------------------------------------------------------------------
    @property
    def vertices(self) -> tuple[str, ...]:
        return self._labels.names

    @property
    def labels(self) -> Labels:
        """The vertex names and their bits."""
        return self._labels

    @property
    def edges(self) -> tuple[frozenset[str], ...]:
        return tuple(frozenset(self.names(e)) for e in self._edges)

    @property
    def edge_masks(self) -> tuple[int, ...]:
        return self._edges

    @property
    def marked(self) -> frozenset[str]:
        return frozenset(self.names(self._marked))

    @property
    def marked_mask(self) -> int:
        return self._marked

    @property
    def full_mask(self) -> int:
        return self._labels.full

    @property
    def n(self) -> int:
        return len(self._labels)

    @property
    def m(self) -> int:
        return len(self._edges)

    @property
    def rank(self) -> int:
        """rk(H): the largest edge size (0 for no edges)."""
        return max((e.bit_count() for e in self._edges), default=0)

    @property
    def anti_rank(self) -> int:
        return min((e.bit_count() for e in self._edges), default=0)

    def is_uniform(self, k: int | None = None) -> bool:
        sizes = {e.bit_count() for e in self._edges}
        return len(sizes) <= 1 and (k is None or sizes <= {k})

    def is_simple(self) -> bool:
        """No edge contains another (the edges form a Sperner family)."""
        return len(minimal_masks(self._edges)) == len(self._edges)

    def index(self, v) -> int:
        return self._labels.index(v)

    def mask(self, vs: Iterable) -> int:
        return self._labels.mask(vs)

    def names(self, mask: int) -> list[str]:
        return self._labels.names_of(mask)

    def degree(self, v) -> int:
        b = 1 << self.index(v)
        return sum(1 for e in self._edges if e & b)

    # -- set-family operations -----------------------------------------------------------------
    def minimal(self) -> "Hypergraph":
        """Min(H): keep the inclusion-minimal edges (paper 000 §3); vertices and marks unchanged."""
        return Hypergraph.from_masks(self._labels, minimal_masks(self._edges), self._marked)

    def transversal(self) -> "Hypergraph":
        """Tr(H) = (V, minimal transversals of E) (paper 000 §2.2)."""
        return Hypergraph.from_masks(self._labels, minimal_transversal_masks(self._edges), self._marked)

    def restrict(self, vs: Iterable) -> "Hypergraph":
        """The subhypergraph induced on ``vs``: edges contained in ``vs``, vertex order kept."""
        keep = self.mask(vs)
        return self._reindex(keep, [e for e in self._edges if e & keep == e])

    def delete_vertices(self, vs: Iterable) -> "Hypergraph":
        """Remove vertices and every edge containing one of them (Breaker's claim, H^{-Y})."""
        gone = self.mask(vs)
        if gone & self._marked:
            raise InputError("a marked vertex cannot be deleted")
        return self._reindex(self.full_mask & ~gone, [e for e in self._edges if not e & gone])

    def _reindex(self, keep: int, masks: list[int]) -> "Hypergraph":
        idx = list(bits(keep))
        new = {old: i for i, old in enumerate(idx)}

        def remap(mask: int) -> int:
            return sum(1 << new[i] for i in bits(mask))

        return Hypergraph.from_masks([self.vertices[i] for i in idx], [remap(e) for e in masks],
                                     remap(self._marked & keep))

    # -- Maker-Breaker moves (Notation I.1.42) ---------------------------------------------------
    def mark(self, *xs) -> "Hypergraph":
        """H^{+X}: Maker claims the unmarked vertices X."""
        add = self.mask(xs)
        if add & self._marked:
            raise InputError(f"vertex already marked: {self.names(add & self._marked)}")
        return Hypergraph.from_masks(self._labels, self._edges, self._marked | add)

    def delete(self, *ys) -> "Hypergraph":
        """H^{-Y}: Breaker claims Y (deleted with every edge containing one of them)."""
        return self.delete_vertices(ys)

    # -- comparison and display ----------------------------------------------------------------
    def _key(self):
        return (self.vertices, frozenset(self._edges), self._marked)

    def __eq__(self, other) -> bool:
        return isinstance(other, Hypergraph) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        es = ", ".join("{" + ",".join(self.names(e)) + "}" for e in self._edges)
        mk = f", marked={{{','.join(self.names(self._marked))}}}" if self._marked else ""
        return f"Hypergraph(n={self.n}, edges=[{es}]{mk})"

    def _repr_svg_(self) -> str | None:
        """The board as an SVG picture in Jupyter (drawn by :mod:`verify.draw` once it is loaded)."""
        return svg_of(self)


_NOT_IN_TOKEN = re.compile(r"[\s,]")


def _token(v) -> str:
    """A vertex name: a string or integer whose text is a nonempty printable token (no space, no
    comma)."""
    if isinstance(v, bool) or not isinstance(v, (str, int)):
        raise InputError(f"vertex names must be strings or integers, got {_short(v)}")
    s = str(v)
    if not s or not s.isprintable() or _NOT_IN_TOKEN.search(s):
        raise InputError(f"vertex name {_short(s)} is not a printable token")
    return s


class _TokenCache:
    """:func:`_token`, remembered per string (a vertex is named once per edge through it)."""

    def __init__(self):
        self.known: dict[str, str] = {}

    def __call__(self, v) -> str:
        if type(v) is str:
            s = self.known.get(v)
            if s is None:
                s = self.known[v] = _token(v)
            return s
        return _token(v)


def _short(v, width: int = 40) -> str:
    try:
        r = repr(v)
    except RecursionError:
        return "a deeply nested value"
    return r if len(r) <= width else r[:width] + "..."


def _show(names: list[str]) -> str:
    """An edge as given, for error messages (shortened)."""
    return _short(list(names), 80)


def _mask(indices: Iterable[int]) -> int:
    m = 0
    for i in indices:
        m |= 1 << i
    return m


def all_subsets(mask: int, size: int) -> Iterator[int]:
    """All ``size``-subsets of ``mask`` as bitmasks."""
    for combo in combinations(list(bits(mask)), size):
        yield sum(1 << i for i in combo)
