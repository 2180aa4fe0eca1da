"""Instance spaces: what a hunt draws instances from, and how it names them up to isomorphism.

A space turns a compact, picklable *payload* (what travels to workers and into the store) into the
instance a conjecture's check takes, and knows the three sources of a hunt: ``exhaustive(n_max)``
(every instance up to isomorphism, smallest first), ``random(rng, n)`` (one seeded draw) and, where
it has a SAT model, ``sat_model(n)`` (see :mod:`.sat_source`). ``key`` is a canonical digest up to
isomorphism (nauty, through :mod:`verify.isomorphism`), ``smaller`` the one-step shrinks a
counterexample is reduced by.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import Any, Callable, Iterator

from ..errors import InputError
from ..hypergraph import Hypergraph, bits


def _digest(obj) -> bytes:
    return hashlib.blake2b(repr(obj).encode(), digest_size=12).digest()


def shrink(x, fails: Callable[[Any], bool], smaller: Callable[[Any], Iterator]):
    """A locally minimal instance on which ``fails`` still holds: take the first one-step shrink
    (``smaller``) that still fails, until none does. ``fails(x)`` must be true."""
    changed = True
    while changed:
        changed = False
        for cand in smaller(x):
            if fails(cand):
                x, changed = cand, True
                break
    return x


class Space:
    """Base class; a subclass sets ``kind`` and implements what its sources need."""
    kind = "instance"
    sources: tuple[str, ...] = ("exhaustive",)
    isomorph_free = True     # exhaustive enumeration is already one per isomorphism class

    def with_params(self, params: dict) -> "Space":
        if params:
            raise InputError(f"instances of kind {self.kind} take no --param (got {', '.join(params)})")
        return self

    def decode(self, payload):
        return payload

    def key(self, payload) -> bytes:
        return _digest(payload)

    def to_json(self, payload) -> Any:
        return payload

    def from_json(self, obj) -> Any:
        return obj

    def describe(self, payload) -> Any:
        """The instance as a user reads it (JSON)."""
        return self.to_json(payload)

    def smaller(self, payload) -> Iterator:
        return iter(())

    def exhaustive(self, n_min: int, n_max: int) -> Iterator:
        raise InputError(f"instances of kind {self.kind} have no exhaustive source")

    def random(self, rng, n: int):
        raise InputError(f"instances of kind {self.kind} have no random source")

    def sat_model(self, n: int, hypotheses=None):
        raise InputError(f"instances of kind {self.kind} have no SAT-guided source")

    def certificate(self, instance) -> dict | None:
        return None

    def cannot_generate(self, constraint) -> str | None:
        """Why this space cannot generate instances inside ``constraint`` (None: it can, with
        :meth:`generate`); the hunt then filters."""
        return f"instances of kind {self.kind} have no generator"

    def generate(self, n_min: int, n_max: int, constraint) -> Iterator:
        raise InputError(self.cannot_generate(constraint) or "no generator")

    def random_in(self, rng, n: int, constraint):
        raise InputError(self.cannot_generate(constraint) or "no generator")

    def constraint_holds(self, payload, constraint) -> bool:
        raise InputError(f"instances of kind {self.kind} take no Constraint (give a hypothesis)")


# -- hypergraphs ------------------------------------------------------------------------------------

def covers(h: Hypergraph) -> bool:
    """Every vertex lies in an edge (V = ∪H), and there is an edge."""
    u = 0
    for e in h.edge_masks:
        u |= e
    return bool(h.m) and u == h.full_mask


def hypergraph_shrinks(h: Hypergraph) -> Iterator[Hypergraph]:
    """The one-step shrinks of ``h``: drop an edge; drop a vertex with its edges (a marked vertex
    leaves its edges, shrunk, as Maker holds it anyway); unmark a vertex."""
    for i in range(h.m):
        yield Hypergraph.from_masks(h.vertices, h.edge_masks[:i] + h.edge_masks[i + 1:], h.marked_mask)
    for i in range(h.n):
        b = 1 << i
        keep = [e for e in h.edge_masks if not e & b] if not h.marked_mask & b else \
            [e & ~b for e in h.edge_masks]
        if len(set(keep)) != len(keep):
            continue
        yield _drop_vertex(h, i, keep)
    for i in bits(h.marked_mask):
        yield Hypergraph.from_masks(h.vertices, h.edge_masks, h.marked_mask & ~(1 << i))


def _drop_vertex(h: Hypergraph, i: int, masks: list[int]) -> Hypergraph:
    low = (1 << i) - 1

    def squeeze(m: int) -> int:
        return (m & low) | ((m >> 1) & ~low)

    names = h.vertices[:i] + h.vertices[i + 1:]
    return Hypergraph.from_masks(names, [squeeze(e) for e in masks], squeeze(h.marked_mask & ~(1 << i)))


def _names(n: int) -> list[str]:
    return [str(i) for i in range(1, n + 1)]


@dataclass(frozen=True)
class Hypergraphs(Space):
    """Hypergraphs on n vertices named 1..n with edge sizes in ``sizes`` (0 = every size), exactly
    ``edges`` edges when given, with Maker's marks when ``marked``; ``require`` (a module-level function of a Hypergraph) filters
    structurally; ``game`` names the game whose reference certificate a counterexample carries."""
    sizes: tuple[int, ...] = (1, 2, 3)
    marked: bool = False
    require: Callable[[Hypergraph], bool] | None = None
    game: str | None = None
    n_min: int = 1
    edges: int | None = None          # exactly this many edges (--param edges=M)
    kind = "hypergraph"
    sources = ("exhaustive", "random", "sat")

    def with_params(self, params: dict) -> "Hypergraphs":
        out = self
        for k, v in params.items():
            if k == "sizes":
                out = replace(out, sizes=tuple(int(x) for x in str(v).split(",")))
            elif k == "marked":
                out = replace(out, marked=bool(int(v)))
            elif k == "edges":
                out = replace(out, edges=int(v))
            else:
                known = "box, sizes, marked, edges" if hasattr(self, "box") else "sizes, marked, edges"
                raise InputError(f"unknown --param {k} for {self.kind} instances ({known})")
        return out

    def edge_sizes(self, n: int) -> tuple[int, ...]:
        return tuple(range(1, n + 1)) if 0 in self.sizes else tuple(s for s in self.sizes if 0 < s <= n)

    def decode(self, payload) -> Hypergraph:
        n, masks, marked = payload
        return Hypergraph.from_masks(_names(n), masks, marked)

    def encode(self, h: Hypergraph) -> tuple:
        return (h.n, tuple(sorted(h.edge_masks)), h.marked_mask)

    def key(self, payload) -> bytes:
        from ..isomorphism import canonical_key_masks
        n, masks, marked = payload
        return _digest(canonical_key_masks(n, masks, marked))

    def to_json(self, payload):
        n, masks, marked = payload
        return {"n": n, "edges": list(masks), "marked": marked}

    def from_json(self, obj):
        return (obj["n"], tuple(obj["edges"]), obj["marked"])

    def describe(self, payload):
        from ..formats.jsonfmt import hypergraph_to_json
        return hypergraph_to_json(self.decode(payload))

    def ok(self, h: Hypergraph) -> bool:
        return (self.edges is None or h.m == self.edges) and (self.require is None or self.require(h))

    def smaller(self, payload):
        for h in hypergraph_shrinks(Hypergraphs.decode(self, payload)):   # a subclass's decode may wrap it
            if self.ok(h) and all(e.bit_count() in self.edge_sizes(h.n) for e in h.edge_masks) \
                    and (self.marked or not h.marked_mask):
                yield self.encode(h)

    def exhaustive(self, n_min: int, n_max: int):
        from ..isomorphism import enumerate_hypergraphs, enumerate_markings
        for n in range(max(n_min, self.n_min), n_max + 1):
            for h in enumerate_hypergraphs(n, self.edge_sizes(n), max_edges=self.edges):
                for g in (enumerate_markings(h) if self.marked else (h,)):
                    if self.ok(g):
                        yield self.encode(g)

    def _constraint(self, constraint):
        """``constraint`` with the space's own exact edge count folded in."""
        if self.edges is None:
            return constraint
        lo = self.edges if constraint.min_edges is None else max(self.edges, constraint.min_edges)
        hi = self.edges if constraint.max_edges is None else min(self.edges, constraint.max_edges)
        return replace(constraint, min_edges=lo, max_edges=hi)

    def cannot_generate(self, constraint) -> str | None:
        from .generate import Constraint
        if not isinstance(constraint, Constraint):
            return f"unknown constraint {constraint!r} (not a Constraint)"
        return None

    def constraint_holds(self, payload, constraint) -> bool:
        """``constraint`` on the instance's hypergraph (a hypothesis declared only as a constraint)."""
        return constraint.holds(Hypergraphs.decode(self, payload))

    def generate(self, n_min: int, n_max: int, constraint):
        """The exhaustive source inside ``constraint``: every instance satisfying it, one per
        isomorphism class, by vertex count (canonical augmentation, :mod:`.generate`; the parent's
        memory does not grow with the space)."""
        from ..isomorphism import enumerate_markings
        from .generate import generate_hypergraphs
        c = self._constraint(constraint)
        for n in range(max(n_min, self.n_min), n_max + 1):
            names = _names(n)
            for masks in generate_hypergraphs(n, self.edge_sizes(n), c, self.require):
                h = Hypergraph.from_masks(names, masks)
                for g in (enumerate_markings(h) if self.marked else (h,)):
                    yield self.encode(g)

    def random_in(self, rng, n: int, constraint):
        """One seeded draw inside ``constraint``: a uniform target number of edges, then distinct
        random edges among those the constraint's pruning rules admit (sizes, degrees, the
        Erdős–Selfridge sum) until the target or no edge fits; drawn again until the constraints
        checked at the end (minimum edges and degree, connectivity) hold."""
        from fractions import Fraction
        from .generate import _fraction
        c = self._constraint(constraint)
        n = max(n, self.n_min)
        sizes = c.sizes(n, self.edge_sizes(n))
        cap = sum(comb(n, s) for s in sizes)
        hi = min(cap, 2 * n if c.max_edges is None else c.max_edges)
        lo = min(c.min_edges or 0, hi)
        for _ in range(1000):
            m = rng.randint(lo, hi)
            masks: list[int] = []
            deg = [0] * n
            es = Fraction(0)
            for _ in range(20 * (m + 1)):
                if len(masks) >= m or not sizes:
                    break
                e = sum(1 << i for i in rng.sample(range(n), rng.choice(sizes)))
                if e in masks or (c.max_degree is not None and any(deg[v] >= c.max_degree for v in bits(e))):
                    continue
                w = Fraction(1, 1 << e.bit_count())
                if c.es_sum_below is not None and es + w >= _fraction(c.es_sum_below):
                    continue
                masks.append(e)
                es += w
                for v in bits(e):
                    deg[v] += 1
            mk = (rng.getrandbits(n) & rng.getrandbits(n)) if self.marked else 0
            h = Hypergraph.from_masks(_names(n), sorted(masks), mk)
            if c.holds(h) and self.ok(h):
                return self.encode(h)
        raise InputError(f"the random source found no instance inside {c.describe()} in 1000 draws")

    def random(self, rng, n: int):
        """One seeded draw: a uniform number of distinct edges (at most 2n), sizes uniform among
        the allowed ones; marks independently with probability 1/4."""
        n = max(n, self.n_min)
        sizes = self.edge_sizes(n)
        cap = sum(comb(n, s) for s in sizes)
        for _ in range(1000):
            m = rng.randint(0, min(cap, 2 * n)) if self.edges is None else min(cap, self.edges)
            masks: set[int] = set()
            while len(masks) < m:
                masks.add(sum(1 << i for i in rng.sample(range(n), rng.choice(sizes))))
            mk = (rng.getrandbits(n) & rng.getrandbits(n)) if self.marked else 0
            h = Hypergraph.from_masks(_names(n), sorted(masks), mk)
            if self.ok(h):
                return self.encode(h)
        raise InputError("the random source found no instance satisfying the structural requirement")

    def sat_model(self, n: int, hypotheses=None):
        from .sat_source import HypergraphModel
        return HypergraphModel(self, max(n, self.n_min), hypotheses)

    def certificate(self, instance: Hypergraph) -> dict | None:
        """A certificate of the reference's answer on the instance, for the space's game (checked
        independently before it is returned)."""
        if self.game is None:
            return None
        from ..certificates.checker import check_certificate
        from ..games.maker_breaker import MakerBreakerGame
        from ..solvers import solve
        inst = MakerBreakerGame(instance, "maker") if self.game == "maker-breaker" else instance
        cert = solve(self.game, inst, method="explicit", certificate=True).certificate
        if cert is not None:
            check_certificate(cert)
        return cert


# -- a catalogue claim's own family -------------------------------------------------------------------

@lru_cache(maxsize=8)
def _family(name: str, size: int) -> tuple:
    from ..claims.registry import get_claim
    return tuple(get_claim(name).instances(size))


@dataclass(frozen=True)
class Family(Space):
    """The instances a catalogue claim quantifies over (its family up to a size, smallest first);
    a payload is (size, index), each worker builds the family once."""
    claim: str
    kind = "family"
    sources = ("exhaustive",)

    def decode(self, payload):
        size, index = payload
        return _family(self.claim, size)[index]

    def to_json(self, payload):
        return {"size": payload[0], "index": payload[1]}

    def from_json(self, obj):
        return (obj["size"], obj["index"])

    def exhaustive(self, n_min: int, n_max: int):
        return ((n_max, i) for i in range(len(_family(self.claim, n_max))))


# -- planar point sets (convex geometries of paper 001/002) -------------------------------------------

_SYMS = (lambda x, y: (x, y), lambda x, y: (y, x), lambda x, y: (-x, y), lambda x, y: (x, -y),
         lambda x, y: (-x, -y), lambda x, y: (-y, x), lambda x, y: (y, -x), lambda x, y: (-y, -x))


def _normal(points, w: int) -> tuple:
    """(points, W) up to the symmetries of the integer grid (dihedral group and translations)."""
    best = None
    for f in _SYMS:
        img = [f(x, y) for x, y in points]
        mx, my = min(p[0] for p in img), min(p[1] for p in img)
        pts = [(x - mx, y - my) for x, y in img]
        order = sorted(range(len(pts)), key=lambda i: pts[i])
        cand = (tuple(pts[i] for i in order), sum(1 << j for j, i in enumerate(order) if w >> i & 1))
        if best is None or cand < best:
            best = cand
    return best


@dataclass(frozen=True)
class PointSets(Space):
    """n distinct points of the grid [0, grid)^2 with a nonempty winning set W (bitmask), as the
    affine convex geometry of paper 001 Ex 2.3; DNG must be defined (∅ does not generate W)."""
    grid: int = 5
    kind = "point-set"
    sources = ("exhaustive", "random")
    isomorph_free = False    # enumeration up to grid symmetries, not up to geometry isomorphism

    def with_params(self, params: dict) -> "PointSets":
        out = self
        for k, v in params.items():
            if k != "grid":
                raise InputError(f"unknown --param {k} for point sets (grid)")
            out = replace(out, grid=int(v))
        return out

    def decode(self, payload):
        from .. import convex as cv
        from ..claims.convex_kit import GW
        points, w = payload
        return GW(cv.affine([list(p) for p in points]), w)

    def key(self, payload) -> bytes:
        return _digest(_normal(*payload))

    def to_json(self, payload):
        return {"points": [list(p) for p in payload[0]], "winning": payload[1]}

    def from_json(self, obj):
        return (tuple(tuple(p) for p in obj["points"]), obj["winning"])

    def describe(self, payload):
        return self.decode(payload).to_json()

    @staticmethod
    def defined(payload) -> bool:
        from .. import convex as cv
        points, w = payload
        return bool(w) and not cv.affine([list(p) for p in points]).generates(0, w)

    def smaller(self, payload):
        points, w = payload
        for i in range(len(points)):
            if len(points) > 1:
                low = (1 << i) - 1
                w2 = (w & low) | ((w >> 1) & ~low)
                cand = (points[:i] + points[i + 1:], w2)
                if self.defined(cand):
                    yield cand
        for i in range(len(points)):
            if w >> i & 1 and self.defined((points, w & ~(1 << i))):
                yield points, w & ~(1 << i)

    def exhaustive(self, n_min: int, n_max: int):
        cells = [(x, y) for x in range(self.grid) for y in range(self.grid)]
        for n in range(max(1, n_min), n_max + 1):
            seen = set()
            for pts in combinations(cells, n):
                for w in range(1, 1 << n):
                    k = _normal(pts, w)
                    if k not in seen:
                        seen.add(k)
                        if self.defined(k):
                            yield k

    def random(self, rng, n: int):
        cells = [(x, y) for x in range(self.grid) for y in range(self.grid)]
        n = min(max(1, n), len(cells))
        for _ in range(1000):
            pts = tuple(sorted(rng.sample(cells, n)))
            cand = (pts, rng.randrange(1, 1 << n))
            if self.defined(cand):
                return cand
        raise InputError("the random source found no point set on which DNG is defined")


@dataclass(frozen=True)
class PileBoxes(Hypergraphs):
    """Hypergraph NIM (paper 003) on n piles: hypergraphs H ⊆ 2^V \\ {∅} covering V, each checked
    on the pile box [0, box]^V (``--param box=B`` grows the box)."""
    box: int = 4
    sizes: tuple[int, ...] = (0,)
    require: Callable[[Hypergraph], bool] | None = covers
    kind = "pile-box"
    sources = ("exhaustive", "random", "sat")

    def with_params(self, params: dict) -> "PileBoxes":
        params = dict(params)
        out = self
        if "box" in params:
            out = replace(out, box=int(params.pop("box")))
        return Hypergraphs.with_params(out, params)

    def decode(self, payload):
        from ..games.hypernim import HyperNim
        return HyperNim(Hypergraphs.decode(self, payload)), self.box




# -- positional games: a hypergraph asked under a convention with a bias -----------------------------

@dataclass(frozen=True)
class PositionalGames(Hypergraphs):
    """The general positional game (paper 004 Def I.1.8) on every hypergraph of the space: the
    instance is a :class:`~verify.games.conventions.ConventionGame` with the space's ``convention``
    and ``bias`` (``verify hunt --convention C --bias P:Q``, i.e. the parameters ``convention`` and
    ``bias``), its first player left to the conjecture (which asks both starters where the game has
    two). Payloads, keys and shrinks are the hypergraphs'; the question's settings are the hunt's
    (in its store's identity), so every instance of a hunt is asked the same way."""
    convention: str = "maker-breaker"
    bias: tuple = (1, 1)
    conventions: tuple | None = None     # the conventions the conjecture can be asked in (None: all)
    kind = "positional game"

    def with_params(self, params: dict) -> "PositionalGames":
        from ..games.conventions import check_convention, parse_bias
        params = dict(params)
        out = self
        if "convention" in params:
            conv = check_convention(str(params.pop("convention")))
            if self.conventions is not None and conv not in self.conventions:
                raise InputError(f"this conjecture asks the {' or '.join(self.conventions)} game, not {conv} "
                                 "(positional-bias-monotone takes any --convention)")
            out = replace(out, convention=conv)
        if "bias" in params:
            out = replace(out, bias=parse_bias(str(params.pop("bias"))))
        return Hypergraphs.with_params(out, params)

    def decode(self, payload):
        from ..games.conventions import ConventionGame
        return ConventionGame(Hypergraphs.decode(self, payload), self.convention, self.bias)

    def describe(self, payload):
        from ..formats.jsonfmt import hypergraph_to_json
        return dict(hypergraph_to_json(Hypergraphs.decode(self, payload)), convention=self.convention,
                    bias=f"{self.bias[0]}:{self.bias[1]}")

    def certificate(self, instance) -> dict | None:
        return None      # a positional-game conjecture's violation carries its own certificates


# -- trees (vertex and edge geometries of paper 001 §6, 002 §5) ---------------------------------------

def _tree_mask_key(n: int, edges, w: int, geometry: str) -> tuple:
    """Canonical key of a tree with W: W on vertices marks them; W on edges marks the vertices
    that subdivide them (leaves are original vertices, so isomorphisms keep the two sides)."""
    from ..isomorphism import canonical_key_masks
    if geometry == "tree-vertex":
        return canonical_key_masks(n, [(1 << u) | (1 << v) for u, v in edges], w)
    masks, marked = [], 0
    for i, (u, v) in enumerate(edges):
        s = n + i
        masks += [(1 << u) | (1 << s), (1 << s) | (1 << v)]
        if w >> i & 1:
            marked |= 1 << s
    return canonical_key_masks(n + len(edges), masks, marked)


@dataclass(frozen=True)
class Trees(Space):
    """Trees on n vertices 0..n-1 with a nonempty winning set W of points: vertices (the vertex
    geometry, 001 §6) or edges (the edge geometry, 002 Def 35), up to isomorphism (nauty)."""
    geometry: str = "tree-vertex"
    kind = "tree"
    sources = ("exhaustive", "random")
    isomorph_free = False    # trees are isomorph-free, the winning sets on them are deduplicated

    def _points(self, n: int) -> int:
        return n if self.geometry == "tree-vertex" else n - 1

    def decode(self, payload):
        from .. import convex as cv
        from ..claims.convex_kit import GW
        n, edges, w = payload
        el = [[str(u), str(v)] for u, v in edges]
        if self.geometry == "tree-vertex":
            g = cv.tree_vertex(el, [str(i) for i in range(n)])
            mask = sum(1 << g.names.index(str(i)) for i in range(n) if w >> i & 1)
        else:
            g = cv.tree_edge(el, [str(i) for i in range(n)])
            mask = sum(1 << g.edge_index[frozenset((str(u), str(v)))]
                       for i, (u, v) in enumerate(edges) if w >> i & 1)
        return GW(g, mask)

    def key(self, payload) -> bytes:
        return _digest(_tree_mask_key(*payload, self.geometry))

    def to_json(self, payload):
        return {"n": payload[0], "edges": [list(e) for e in payload[1]], "winning": payload[2]}

    def from_json(self, obj):
        return (obj["n"], tuple(tuple(e) for e in obj["edges"]), obj["winning"])

    def describe(self, payload):
        return self.decode(payload).to_json()

    def smaller(self, payload):
        """Delete a leaf (with its edge); W keeps its other points and must stay nonempty."""
        n, edges, w = payload
        if n <= (1 if self.geometry == "tree-vertex" else 2):
            return
        deg = [0] * n
        for u, v in edges:
            deg[u] += 1
            deg[v] += 1
        for leaf in (x for x in range(n) if deg[x] == 1):
            i = next(k for k, e in enumerate(edges) if leaf in e)
            ren = {x: x - (x > leaf) for x in range(n) if x != leaf}
            new_edges = tuple((ren[u], ren[v]) for k, (u, v) in enumerate(edges) if k != i)
            if self.geometry == "tree-vertex":
                w2 = sum(1 << ren[x] for x in range(n) if x != leaf and w >> x & 1)
            else:
                w2 = sum(1 << j for j, k in enumerate(k for k in range(len(edges)) if k != i) if w >> k & 1)
            if w2:
                yield (n - 1, new_edges, w2)

    def exhaustive(self, n_min: int, n_max: int):
        from ..claims.convex_kit import tree_edge_lists
        for n in range(max(n_min, 1 if self.geometry == "tree-vertex" else 2), n_max + 1):
            for el in tree_edge_lists(n):
                edges = tuple((int(u), int(v)) for u, v in el)
                for w in range(1, 1 << self._points(n)):
                    yield (n, edges, w)

    def random(self, rng, n: int):
        """A uniform labelled tree (Prüfer sequence) and a uniform nonempty W."""
        n = max(n, 1 if self.geometry == "tree-vertex" else 2)
        if n <= 2:
            edges = ((0, 1),) if n == 2 else ()
        else:
            seq = [rng.randrange(n) for _ in range(n - 2)]
            deg = [1] * n
            for x in seq:
                deg[x] += 1
            edges = []
            for x in seq:
                leaf = min(v for v in range(n) if deg[v] == 1)
                edges.append((leaf, x))
                deg[leaf] -= 1
                deg[x] -= 1
            u, v = [v for v in range(n) if deg[v] == 1]
            edges.append((u, v))
            edges = tuple(edges)
        return (n, edges, rng.randrange(1, 1 << self._points(n)))
