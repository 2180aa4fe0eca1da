"""Convex geometries as closure systems (papers 001 §2.2 and 002 §2), with exact constructors.

A convex geometry (S, K) (001 Def 2.1) is a family K of subsets of a finite S with S ∈ K, closed
under intersection, and accessible: every K ≠ S in K has K ∪ {a} ∈ K for some a ∉ K. The empty set
need not be convex. Its closure is τ(A) = ⋂{K ∈ K | A ⊆ K}; τ has the anti-exchange property
(001 Prop 2.2(4)): a ≠ b, a, b ∉ τ(A) and b ∈ τ(A ∪ {a}) imply a ∉ τ(A ∪ {b}).

Points are named (str) and numbered; a set of points is an ``int`` bitmask, as in
:mod:`verify.hypergraph`. Constructors:

- :func:`affine` — the affine convex geometry of distinct points of R^d (001 Ex 2.3):
  τ(A) = S ∩ conv(A), decided exactly over the rationals (Carathéodory: p ∈ conv(A) iff p lies in the
  simplex of some affinely independent B ⊆ A; barycentric coordinates by exact elimination);
  :func:`in_convex_hull` is an independent exact simplex-method LP test of the same membership;
- :func:`tree_vertex` — vertex sets of subtrees of a tree (001 §6), τ(A) = the Steiner subtree;
- :func:`tree_edge` — edge sets of subtrees of a tree (001 §8(4), 002 Def 35);
- :func:`explicit` — from a list of convex sets, validated;
- :meth:`ConvexGeometry.delete` — the deletion K \\ D (001 Def 2.5): τ'(A) = τ(A ∪ D) \\ D.

Game-level notions (generating sets, 001 Def 4.1): P generates W when W ⊆ τ(P);
:meth:`ConvexGeometry.max_nongenerating` is the family M of maximal non-generating sets and
:meth:`ConvexGeometry.min_generating` the family Min{P | W ⊆ τ(P)} = Tr{S \\ M | M ∈ M}, the edges
of the hypergraph H with GEN(S, W) = ACV(H) and DNG(S, W) = AVD(H) (paper 000 §8.1, Ex 8.2).
"""
from __future__ import annotations

import re
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Callable, Iterable

from .errors import InputError, TooLarge
from . import limits
from .hypergraph import bits, minimal_masks, minimal_transversal_masks
from .labels import Labels

MAX_POINTS = limits.MAX_CONVEX_POINTS


# -- exact rationals -------------------------------------------------------------------------------

_RATIONAL = re.compile(r"^\s*[+-]?(\d+(/\d+)?|\d*\.\d+|\d+\.\d*)\s*$")


def parse_rational(x) -> Fraction:
    """An exact rational from an int or a string "p/q" / "p" / decimal "1.25"; floats are refused, and
    so is a number of more than ``limits.MAX_AFFINE_COORD_DIGITS`` digits (in the numerator or the
    denominator, or either side of the decimal point)."""
    if isinstance(x, bool):
        raise InputError(f"bad coordinate {x!r}: use an integer or a \"p/q\" string")
    if isinstance(x, int):
        if abs(x) >= 10 ** limits.MAX_AFFINE_COORD_DIGITS:
            raise InputError(f"a coordinate of more than {limits.MAX_AFFINE_COORD_DIGITS} digits")
        return Fraction(x)
    if isinstance(x, str) and _RATIONAL.match(x):
        if any(len(part.strip(" +-")) > limits.MAX_AFFINE_COORD_DIGITS for part in re.split(r"[/.]", x)):
            raise InputError(f"a coordinate {x[:30]!r}... with more than {limits.MAX_AFFINE_COORD_DIGITS} "
                             f"digits in its numerator or denominator")
        try:
            return Fraction(x.strip())
        except (ValueError, ZeroDivisionError):
            pass
        raise InputError(f"bad coordinate {x!r}: zero denominator")
    if isinstance(x, float):
        raise InputError(f"bad coordinate {x!r}: floats are inexact, use an integer or a \"p/q\" string")
    raise InputError(f"bad coordinate {x!r}: use an integer or a \"p/q\" string")


def _fmt(q: Fraction) -> str:
    return str(q.numerator) if q.denominator == 1 else f"{q.numerator}/{q.denominator}"


def point_name(p: tuple[Fraction, ...]) -> str:
    """The default name of a point: its coordinates joined by ':' (e.g. "1/2:3")."""
    return ":".join(_fmt(c) for c in p)


def _solve_affine(base: list[tuple[Fraction, ...]], targets: list[tuple[Fraction, ...]]):
    """Barycentric coordinates of each target w.r.t. the points ``base``, or None when ``base`` is
    affinely dependent. Entry i is the coordinate list, or None when target i is off aff(base)."""
    k = len(base)
    d = len(base[0])
    # rows: d coordinate equations plus sum(λ) = 1; columns: λ_0..λ_{k-1}, then one per target
    rows = [[base[j][r] for j in range(k)] + [t[r] for t in targets] for r in range(d)]
    rows.append([Fraction(1)] * k + [Fraction(1)] * len(targets))
    piv_cols = []
    r = 0
    for c in range(k):
        piv = next((i for i in range(r, len(rows)) if rows[i][c] != 0), None)
        if piv is None:
            return None  # a dependent column: base is affinely dependent
        rows[r], rows[piv] = rows[piv], rows[r]
        inv = 1 / rows[r][c]
        rows[r] = [x * inv for x in rows[r]]
        for i in range(len(rows)):
            if i != r and rows[i][c] != 0:
                f = rows[i][c]
                rows[i] = [a - f * b for a, b in zip(rows[i], rows[r])]
        piv_cols.append(c)
        r += 1
    out = []
    for t in range(len(targets)):
        col = k + t
        if any(rows[i][col] != 0 for i in range(k, len(rows))):
            out.append(None)
        else:
            out.append([rows[i][col] for i in range(k)])
    return out


def in_convex_hull(p, points) -> bool:
    """Whether p ∈ conv(points), by an exact phase-1 simplex (Bland's rule) on
    λ ≥ 0, Σ λ_i x_i = p, Σ λ_i = 1. Independent of the Carathéodory tables used by :func:`affine`."""
    pts = [tuple(Fraction(c) for c in q) for q in points]
    p = tuple(Fraction(c) for c in p)
    if not pts:
        return False
    d = len(p)
    m, k = d + 1, len(pts)
    a = [[q[r] for q in pts] for r in range(d)] + [[Fraction(1)] * k]
    b = list(p) + [Fraction(1)]
    for i in range(m):
        if b[i] < 0:
            a[i] = [-x for x in a[i]]
            b[i] = -b[i]
    # tableau with artificials m variables: columns 0..k-1 real, k..k+m-1 artificial
    tab = [a[i] + [Fraction(int(i == j)) for j in range(m)] + [b[i]] for i in range(m)]
    basis = [k + i for i in range(m)]
    ncol = k + m
    while True:
        # reduced costs of phase-1 objective: minimise sum of artificials
        cost = [Fraction(0)] * ncol
        for j in range(ncol):
            cj = Fraction(1) if j >= k else Fraction(0)
            cost[j] = cj - sum((Fraction(1) if basis[i] >= k else Fraction(0)) * tab[i][j] for i in range(m))
        enter = next((j for j in range(ncol) if cost[j] < 0), None)
        if enter is None:
            break
        ratios = [(tab[i][-1] / tab[i][enter], basis[i], i) for i in range(m) if tab[i][enter] > 0]
        if not ratios:  # cannot happen in phase 1 (bounded below by 0)
            break
        _, _, row = min(ratios)
        inv = 1 / tab[row][enter]
        tab[row] = [x * inv for x in tab[row]]
        for i in range(m):
            if i != row and tab[i][enter] != 0:
                f = tab[i][enter]
                tab[i] = [x - f * y for x, y in zip(tab[i], tab[row])]
        basis[row] = enter
    return sum(tab[i][-1] for i in range(m) if basis[i] >= k) == 0


# -- the geometry ----------------------------------------------------------------------------------

class ConvexGeometry:
    """A convex geometry on named points, given by its closure operator on bitmasks (memoized).

    ``kind`` and ``data`` describe how it was built (for JSON round trips and certificates).
    """

    def __init__(self, names: Iterable[str], closure: Callable[[int], int], kind: str = "explicit",
                 data: dict | None = None):
        self.labels = Labels(names, "point")
        self.names = self.labels.names
        if len(self.names) > MAX_POINTS:
            raise InputError(f"at most {MAX_POINTS} points are supported, got {len(self.names)}")
        self._closure_fn = closure
        self._memo: dict[int, int] = {}
        self.kind = kind
        self.data = data or {}

    # -- basic views ---------------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.names)

    @property
    def full(self) -> int:
        return (1 << self.n) - 1

    def index(self, name) -> int:
        return self.labels.index(name)

    def mask(self, names: Iterable) -> int:
        return self.labels.mask(names, distinct=True)

    def set_names(self, mask: int) -> list[str]:
        return self.labels.names_of(mask)

    def __repr__(self) -> str:
        return f"ConvexGeometry({self.kind}, n={self.n})"

    # -- closure -------------------------------------------------------------------------------
    def closure(self, a: int) -> int:
        """τ(A) (001 §2.2)."""
        c = self._memo.get(a)
        if c is None:
            c = self._memo[a] = self._closure_fn(a)
        return c

    def is_convex(self, a: int) -> bool:
        return self.closure(a) == a

    def extreme_points(self, a: int) -> int:
        """Ex(A) = {a ∈ A | a ∉ τ(A \\ {a})} (001 §2.2)."""
        out = 0
        for i in bits(a):
            if not self.closure(a & ~(1 << i)) >> i & 1:
                out |= 1 << i
        return out

    def generates(self, p: int, w: int) -> bool:
        """P is generating for W: W ⊆ τ(P) (001 Def 4.1)."""
        return self.closure(p) & w == w

    def convex_sets(self) -> list[int]:
        """All convex sets: closures reached from τ(∅) by adding one point at a time."""
        start = self.closure(0)
        seen = {start}
        stack = [start]
        while stack:
            c = stack.pop()
            for i in bits(self.full & ~c):
                d = self.closure(c | (1 << i))
                if d not in seen:
                    seen.add(d)
                    stack.append(d)
        return sorted(seen, key=lambda m: (m.bit_count(), m))

    # -- generating sets (001 §4.1, paper 000 §8.1) ----------------------------------------------
    def max_nongenerating(self, w: int) -> list[int]:
        """M: the maximal non-generating sets for W (each convex, 001 Prop 4.3).

        Output-sensitive joint generation with the dual family: for found sets F, every set in no
        member of F contains a minimal transversal of {S \\ M | M ∈ F}; if all of those generate W,
        F is all of M (generation is monotone); otherwise a non-generating one is extended greedily
        (one pass suffices, by monotonicity) to a new maximal non-generating set."""
        return self._dual_families(w)[0]

    def min_generating(self, w: int) -> list[int]:
        """Min{P ⊆ S | W ⊆ τ(P)} = Tr{S \\ M | M ∈ M}: a set generates iff it lies in no maximal
        non-generating set, i.e. meets every complement."""
        return self._dual_families(w)[1]

    def _dual_families(self, w: int) -> tuple[list[int], list[int]]:
        if self.generates(0, w):
            return [], [0]
        full = self.full

        def extend(p: int) -> int:
            c = self.closure(p)
            for i in range(self.n):
                if not c >> i & 1:
                    d = self.closure(c | (1 << i))
                    if d & w != w:
                        c = d
            return c

        found = [extend(0)]
        while True:
            trs = minimal_transversal_masks(full & ~m for m in found)
            bad = next((t for t in trs if not self.generates(t, w)), None)
            if bad is None:
                return sorted(found), trs
            found.append(extend(bad))

    # -- validation (001 Def 2.1, Prop 2.2) ------------------------------------------------------
    def check(self) -> None:
        """Raise InputError unless τ is a closure operator whose closed sets form a convex geometry
        (S convex, intersections of convex sets convex, accessibility, anti-exchange). Exhaustive."""
        full = self.full
        if self.closure(full) != full:
            raise InputError("not a convex geometry: the ground set is not convex")
        closed = self.convex_sets()
        cs = set(closed)
        for a in range(full + 1) if self.n <= 12 else closed:
            c = self.closure(a)
            if c & a != a or self.closure(c) != c or c & ~full:
                raise InputError(f"not a closure operator at {{{','.join(self.set_names(a))}}}")
        for k, l in combinations(closed, 2):
            if k & l not in cs:
                raise InputError(f"not a convex geometry: the intersection of convex sets "
                                 f"{self._show(k)} and {self._show(l)} is not convex")
        for k in closed:
            if k != full and not any((k | (1 << i)) in cs for i in bits(full & ~k)):
                raise InputError(f"not a convex geometry: accessibility fails at {self._show(k)} "
                                 f"(no single point extends it to a convex set)")
        for c in closed:
            out = [i for i in bits(full & ~c)]
            for x, y in combinations(out, 2):
                if self.closure(c | 1 << x) >> y & 1 and self.closure(c | 1 << y) >> x & 1:
                    raise InputError(f"not a convex geometry: anti-exchange fails at A = {self._show(c)} "
                                     f"with points {self.names[x]!r}, {self.names[y]!r}")

    def _show(self, m: int) -> str:
        return "{" + ",".join(self.set_names(m)) + "}"

    # -- deletion (001 Def 2.5) ---------------------------------------------------------------
    def delete(self, d: int) -> "ConvexGeometry":
        """(S \\ D, K \\ D) with K \\ D = {K ⊆ S \\ D | K ∪ D ∈ K} (001 Def 2.5, Prop 2.6)."""
        keep = [i for i in range(self.n) if not d >> i & 1]
        pos = {old: new for new, old in enumerate(keep)}

        def up(m: int) -> int:
            return sum(1 << keep[i] for i in bits(m))

        def down(m: int) -> int:
            return sum(1 << pos[i] for i in bits(m) if i in pos)

        data = dict(self.data)
        data["deleted"] = data.get("deleted", []) + self.set_names(d)
        return ConvexGeometry([self.names[i] for i in keep], lambda a: down(self.closure(up(a) | d)),
                              kind=self.kind, data=data)

    def to_json(self) -> dict:
        out = {"geometry": self.kind, **{k: v for k, v in self.data.items()}}
        return out


# -- constructors ----------------------------------------------------------------------------------

def affine(points, names=None) -> ConvexGeometry:
    """The affine convex geometry of distinct points of R^d (001 Ex 2.3): τ(A) = S ∩ conv(A)."""
    if not isinstance(points, list) or not points:
        raise InputError("\"points\" must be a nonempty list of coordinate lists")
    pts = []
    for p in points:
        if not isinstance(p, list) or not p:
            raise InputError(f"a point must be a nonempty list of coordinates, got {p!r}")
        pts.append(tuple(parse_rational(c) for c in p))
    d = len(pts[0])
    if any(len(p) != d for p in pts):
        raise InputError(f"points of different dimensions: all must have {d} coordinates")
    if len(set(pts)) != len(pts):
        dup = next(p for p in pts if pts.count(p) > 1)
        raise InputError(f"duplicate point {point_name(dup)}")
    if names is None:
        names = [point_name(p) for p in pts]
    else:
        if not isinstance(names, list) or len(names) != len(pts):
            raise InputError("\"names\" must list one name per point")
        names = [_name(v) for v in names]
    n = len(pts)
    if n > MAX_POINTS:
        raise InputError(f"at most {MAX_POINTS} points are supported, got {n}")
    rank = _affine_rank(pts)
    work = affine_work(n, d, rank)
    if work > limits.MAX_AFFINE_WORK:  # before the tables: they cost about 2^n eliminations in rank n-1
        raise TooLarge(f"the affine geometry of {n} points of affine rank {rank} is too large: its "
                       f"Carathéodory tables take about {work:.2g} exact operations (limit "
                       f"{limits.MAX_AFFINE_WORK:.2g}, limits.MAX_AFFINE_WORK)")
    # gens[p]: minimal masks B (affinely independent, p ∉ B) with p ∈ conv(B)  (Carathéodory)
    gens: list[list[int]] = [[] for _ in range(n)]
    for size in range(2, rank + 2):
        for combo in combinations(range(n), size):
            others = [i for i in range(n) if i not in combo]
            if not others:
                continue
            coords = _solve_affine([pts[i] for i in combo], [pts[i] for i in others])
            if coords is None:
                continue
            bm = sum(1 << i for i in combo)
            for i, lam in zip(others, coords):
                if lam is not None and all(x >= 0 for x in lam):
                    gens[i].append(bm)
    gens = [minimal_masks(g) for g in gens]

    def closure(a: int) -> int:
        out = a
        for i in range(n):
            if not a >> i & 1 and any(b & a == b for b in gens[i]):
                out |= 1 << i
        return out

    data = {"points": [[_fmt(c) if c.denominator != 1 else c.numerator for c in p] for p in pts]}
    if names != [point_name(p) for p in pts]:
        data["names"] = list(names)
    g = ConvexGeometry(names, closure, kind="affine", data=data)
    g.coordinates = pts
    g.coords_json = dict(zip(names, data["points"]))
    g.by_coords = {point_name(p): nm for p, nm in zip(pts, names)}
    return g


def affine_work(n: int, d: int, rank: int) -> int:
    """The exact operations :func:`affine` spends on its Carathéodory tables, estimated: one
    elimination of (d + 1) rows by n columns with k pivots for each k-set of points, 2 ≤ k ≤
    min(rank + 1, n - 1), i.e. Σ_k C(n, k)·k·n·(d + 1) (about n²·d·2^n when the rank is n - 1). It
    costs O(n·d) to compute (the rank, O(n·d²), is computed before it), so :func:`affine` refuses a
    geometry beyond ``limits.MAX_AFFINE_WORK`` before any table is built."""
    return sum(comb(n, k) * k for k in range(2, min(rank + 1, n - 1) + 1)) * n * (d + 1)


def _affine_rank(pts) -> int:
    """Dimension of the affine hull of the points (exact)."""
    base = pts[0]
    rows = [[c - b for c, b in zip(p, base)] for p in pts[1:]]
    rank = 0
    ncols = len(base)
    for col in range(ncols):
        piv = next((i for i in range(rank, len(rows)) if rows[i][col] != 0), None)
        if piv is None:
            continue
        rows[rank], rows[piv] = rows[piv], rows[rank]
        for i in range(len(rows)):
            if i != rank and rows[i][col] != 0:
                f = rows[i][col] / rows[rank][col]
                rows[i] = [a - f * b for a, b in zip(rows[i], rows[rank])]
        rank += 1
    return rank


def _name(v) -> str:
    if isinstance(v, bool) or not isinstance(v, (str, int)):
        raise InputError(f"names must be strings or integers, got {v!r}")
    s = str(v)
    if not s or not s.isprintable() or any(c.isspace() for c in s) or "," in s:
        raise InputError(f"name {s!r} is not a printable token")
    return s


class Tree:
    """A tree given by its edge list (validated: no loop, no repeated edge, connected, acyclic)."""

    def __init__(self, edges, vertices=None):
        if not isinstance(edges, list):
            raise InputError("\"tree\" must be a list of edges [u, v]")
        pairs = []
        for e in edges:
            if not isinstance(e, list) or len(e) != 2:
                raise InputError(f"a tree edge must be a pair [u, v], got {e!r}")
            u, v = _name(e[0]), _name(e[1])
            if u == v:
                raise InputError(f"not a tree: loop at {u!r}")
            pairs.append((u, v))
        if vertices is None:
            vs: list[str] = []
            for u, v in pairs:
                for x in (u, v):
                    if x not in vs:
                        vs.append(x)
        else:
            if not isinstance(vertices, list):
                raise InputError("\"vertices\" must be a list")
            vs = [_name(x) for x in vertices]
            if len(set(vs)) != len(vs):
                raise InputError("a vertex is listed twice")
            for u, v in pairs:
                for x in (u, v):
                    if x not in vs:
                        raise InputError(f"edge uses unknown vertex {x!r}")
        if not vs:
            raise InputError("not a tree: no vertices (give \"vertices\" for a one-vertex tree)")
        if len({frozenset(p) for p in pairs}) != len(pairs):
            dup = next(p for p in pairs if sum(frozenset(q) == frozenset(p) for q in pairs) > 1)
            raise InputError(f"not a tree: edge {list(dup)} repeated")
        if len(pairs) != len(vs) - 1:
            raise InputError(f"not a tree: {len(vs)} vertices need {len(vs) - 1} edges, got {len(pairs)}")
        self.vertices = vs
        self.edges = pairs
        idx = {v: i for i, v in enumerate(vs)}
        self.adj: list[list[int]] = [[] for _ in vs]
        for u, v in pairs:
            self.adj[idx[u]].append(idx[v])
            self.adj[idx[v]].append(idx[u])
        n = len(vs)
        # path[u][v]: vertex mask of the u-v path, by a search from every u
        self.path = [[0] * n for _ in range(n)]
        for u in range(n):
            row = self.path[u]
            row[u] = 1 << u
            stack = [u]
            seen = 1 << u
            while stack:
                x = stack.pop()
                for y in self.adj[x]:
                    if not seen >> y & 1:
                        seen |= 1 << y
                        row[y] = row[x] | (1 << y)
                        stack.append(y)
            if seen != (1 << n) - 1:
                raise InputError("not a tree: the graph is not connected")

    def steiner(self, a: int) -> int:
        """Vertex set of the smallest subtree containing the vertex set A (∅ for A = ∅)."""
        if not a:
            return 0
        r = (a & -a).bit_length() - 1
        out = 0
        row = self.path[r]
        for v in bits(a):
            out |= row[v]
        return out


def tree_vertex(edges, vertices=None) -> ConvexGeometry:
    """The vertex geometry of a tree (001 §6): convex sets are vertex sets of subtrees (and ∅)."""
    t = Tree(edges, vertices)
    data = {"tree": [list(e) for e in t.edges]}
    if vertices is not None or not t.edges:
        data["vertices"] = list(t.vertices)
    g = ConvexGeometry(t.vertices, t.steiner, kind="tree-vertex", data=data)
    g.tree = t
    return g


def edge_name(u: str, v: str) -> str:
    return f"{u}-{v}"


def tree_edge(edges, vertices=None) -> ConvexGeometry:
    """The edge geometry of a tree (001 §8(4), 002 Def 35): convex sets are edge sets of subtrees."""
    t = Tree(edges, vertices)
    if not t.edges:
        raise InputError("the edge geometry of a one-vertex tree has no points")
    names = [edge_name(u, v) for u, v in t.edges]
    if len(set(names)) != len(names):
        names = [f"e{i}" for i in range(len(names))]
    vidx = {v: i for i, v in enumerate(t.vertices)}
    ends = [(1 << vidx[u]) | (1 << vidx[v]) for u, v in t.edges]

    def closure(a: int) -> int:
        vm = 0
        for i in bits(a):
            vm |= ends[i]
        span = t.steiner(vm)
        out = 0
        for i, e in enumerate(ends):
            if e & span == e:
                out |= 1 << i
        return out

    data = {"tree": [list(e) for e in t.edges]}
    g = ConvexGeometry(names, closure, kind="tree-edge", data=data)
    g.tree = t
    g.edge_index = {frozenset(e): i for i, e in enumerate(t.edges)}
    return g


def explicit(ground, convex) -> ConvexGeometry:
    """A convex geometry from its list of convex sets, validated (001 Def 2.1)."""
    if not isinstance(ground, list) or not ground:
        raise InputError("\"ground\" must be a nonempty list of points")
    names = [_name(v) for v in ground]
    if len(set(names)) != len(names):
        dup = next(v for v in names if names.count(v) > 1)
        raise InputError(f"point {dup!r} listed twice in \"ground\"")
    idx = {v: i for i, v in enumerate(names)}
    if not isinstance(convex, list) or not all(isinstance(k, list) for k in convex):
        raise InputError("\"convex\" must be a list of lists of points")
    work = explicit_work(len(convex), len(names))
    if work > limits.MAX_CONVEX_EXPLICIT_WORK:  # before the validation, quadratic in the family
        raise TooLarge(f"an explicit geometry of {len(convex)} convex sets on {len(names)} points is too large "
                       f"to validate: about {work:.2g} steps (limit {limits.MAX_CONVEX_EXPLICIT_WORK:.2g}, "
                       f"limits.MAX_CONVEX_EXPLICIT_WORK)")
    family = []
    for k in convex:
        m = 0
        for v in k:
            s = _name(v)
            if s not in idx:
                raise InputError(f"convex set {k!r} uses unknown point {s!r}")
            if m >> idx[s] & 1:
                raise InputError(f"convex set {k!r} repeats {s!r}")
            m |= 1 << idx[s]
        family.append(m)
    full = (1 << len(names)) - 1
    fam = sorted(set(family))
    if full not in fam:
        raise InputError("not a convex geometry: the ground set must be listed as convex (001 Def 2.1(1))")
    return from_masks(names, fam, data={"ground": names, "convex": [[names[i] for i in bits(m)] for m in fam]})


def explicit_work(sets: int, n: int) -> int:
    """The steps validating an explicit geometry of ``sets`` convex sets on n points costs, at most:
    its closure scans the family (``sets`` steps a call), and :meth:`ConvexGeometry.check` makes
    about sets·(n + 1) distinct closure calls (the convex sets, each with one point added), after
    the sets²/2 pairwise intersections of :func:`from_masks`: sets²·(n + 2) in all. :func:`explicit`
    refuses a family beyond ``limits.MAX_CONVEX_EXPLICIT_WORK`` before reading its sets."""
    return sets * sets * (n + 2)


def from_masks(names, family, data=None, check: bool = True) -> ConvexGeometry:
    """A geometry whose convex sets are the bitmasks ``family`` (validated unless ``check=False``)."""
    fam = tuple(sorted(set(family), key=lambda m: (m.bit_count(), m)))
    full = (1 << len(names)) - 1

    def closure(a: int) -> int:
        out = full
        for k in fam:
            if k & a == a:
                out &= k
        return out

    g = ConvexGeometry(names, closure, kind="explicit",
                       data=data or {"ground": list(names), "convex": [[names[i] for i in bits(m)] for m in sorted(fam)]})
    if check:
        fs = set(fam)
        for k, l in combinations(fam, 2):
            if k & l not in fs:
                raise InputError(f"not a convex geometry: the intersection of convex sets {g._show(k)} "
                                 f"and {g._show(l)} is not listed (001 Def 2.1(2))")
        g.check()
    return g
