"""Sprague-Grundy values of hypergraph NIM (paper 003): explicit reference, box DP, JM formula.

Methods registered for game "hypernim" (instances from :mod:`verify.games.hypernim`):

- ``explicit``: plain memoized recursion from the definition, SG(x) = mex{SG(x') : x -> x'}, with
  options enumerated literally by the rules. The judge for everything else.
- ``dp``: the whole SG table over the box [0, x] by dynamic programming in order of increasing
  pile sum. For each edge H it keeps B_H(z) = {SG(z') : z'_H ≤ z_H, z' = z off H} as a bitset, built
  by B_H(z) = {SG(z)} ∪ ⋃_{i∈H} B_H(z - e_i); the options' values of z through H are B_H(z - 1_H),
  so SG(z) = mex ⋃_H B_H(z - 1_H). Vectorised with numpy over one pile-sum level at a time.
- ``formula``: the Jenkyns-Mayberry formula U(m(x), y(x), h(x)) (paper 003 eq. (1)-(3)) when the
  hypergraph is JM+ ([8, Thm 2], quoted in paper 003 §2), the Theorem 2 formula for a selective
  compound of JM+ games, and the JM formula for a conjunctive compound covered by Theorem 1.
  Refuses with MethodError naming the failed hypothesis otherwise.

The combinatorial conditions of paper 003 §2 and §7 are decided here: transversal free, (MTF), (C),
(MD*) exactly; (MD) and "JM" quantify over all of Z_+^V and are only *refuted* on a finite box.
"""
from __future__ import annotations

import math
from itertools import combinations
from typing import Sequence

import numpy as np

from ..errors import InputError, MethodError, TooLarge
from ..games.hypernim import CompoundGame, HyperNim, Instance
from ..games.impartial import mex
from ..hypergraph import bits
from ..result import SGValue
from . import register, register_auto

EXPLICIT_LIMIT = 3_000_000     # option enumerations for the explicit recursion
DP_LIMIT = 4_000_000           # box positions for the DP
FORMULA_LIMIT = 20_000_000     # box positions for the height table behind the formula
AUTO_FORMULA = 200_000         # auto prefers the formula (when it applies) beyond this box size
CERTIFICATE_LIMIT = 3_000_000  # option enumerations the certificate checker would perform


# --- sizes ------------------------------------------------------------------------------------
def box_size(top: Sequence[int]) -> int:
    return math.prod(t + 1 for t in top)


def option_work(game: HyperNim, top: Sequence[int]) -> int:
    """Σ over x in the box [0, top] of the number of (edge, option) pairs the rules enumerate."""
    total = 0
    for idx in game.edge_indices:
        part = 1
        for i, t in enumerate(top):
            part *= t * (t + 1) // 2 if i in idx else t + 1
        total += part
    return total


# --- explicit reference -----------------------------------------------------------------------
def sg_explicit(game, x, memo: dict | None = None) -> int:
    """SG(x) = mex of the options' SG values (paper 003 §3), options from ``game.options``.

    Works for :class:`HyperNim` (x a tuple of piles) and :class:`CompoundGame` (x a tuple of
    component positions). Iterative, so deep games do not hit the recursion limit.
    """
    memo = {} if memo is None else memo
    stack = [tuple(x)]
    while stack:
        y = stack[-1]
        if y in memo:
            stack.pop()
            continue
        opts = list(game.options(y))
        missing = [o for o in opts if o not in memo]
        if missing:
            stack.extend(missing)
            continue
        memo[y] = mex(memo[o] for o in opts)
        stack.pop()
    return memo[tuple(x)]


def explicit_table(game: HyperNim, top: Sequence[int]) -> np.ndarray:
    """SG over the whole box by the explicit recursion (for differential tests)."""
    memo: dict = {}
    out = np.zeros([t + 1 for t in top], dtype=np.int64)
    for z in np.ndindex(*out.shape):
        out[z] = sg_explicit(game, z, memo)
    return out


# --- box dynamic programming ------------------------------------------------------------------
class _Box:
    """The box [0, top] in C order, grouped by pile-sum level."""

    def __init__(self, top: Sequence[int]):
        self.top = tuple(int(t) for t in top)
        self.dims = tuple(t + 1 for t in self.top)
        self.n = len(self.dims)
        self.N = box_size(self.top)
        self.strides = [math.prod(self.dims[i + 1:]) for i in range(self.n)]
        ctype = np.int16 if max(self.dims) < 2 ** 15 else np.int32
        self.coords = np.indices(self.dims, dtype=ctype).reshape(self.n, self.N)
        level = self.coords.sum(axis=0, dtype=np.int32)
        self.order = np.argsort(level, kind="stable").astype(np.int32)
        counts = np.bincount(level, minlength=sum(self.top) + 1)
        self.starts = np.concatenate([[0], np.cumsum(counts)])
        self.pos_in_level = np.empty(self.N, dtype=np.int32)
        self.pos_in_level[self.order] = np.arange(self.N, dtype=np.int32) - self.starts[level[self.order]]
        del level
        self.levels = len(counts)

    def level(self, s: int) -> np.ndarray:
        return self.order[self.starts[s]:self.starts[s + 1]]


def _edges(game: HyperNim, box: _Box):
    return [(list(idx), sum(box.strides[i] for i in idx)) for idx in game.edge_indices]


def _check_box(game: HyperNim, top, limit: int, what: str) -> _Box:
    if len(top) != game.n:
        raise InputError(f"a position needs {game.n} piles, got {len(top)}")
    size = box_size(top)
    if size > limit:
        raise TooLarge(f"{what}: the box [0, x] has {size} positions (limit {limit})")
    return _Box(top)


def _height_flat(game: HyperNim, box: _Box) -> np.ndarray:
    h = np.zeros(box.N, dtype=np.int32)
    edges = _edges(game, box)
    for s in range(1, box.levels):
        P = box.level(s)
        pos = box.coords[:, P] > 0
        best = np.zeros(len(P), dtype=np.int32)
        for idx, shift in edges:
            valid = pos[idx].all(axis=0)
            if valid.any():
                best[valid] = np.maximum(best[valid], h[P[valid] - shift] + 1)
        h[P] = best
    return h


def height_table(game: HyperNim, top: Sequence[int], limit: int = FORMULA_LIMIT) -> np.ndarray:
    """h_H over the box [0, top]: h(z) = max_H 1 + h(z - 1_H) over playable H, 0 at terminals.

    (Slow moves suffice for the height: h is monotone, paper 003 Lemma 1.)
    """
    box = _check_box(game, top, limit, "height table")
    return _height_flat(game, box).reshape(box.dims)


def _mex_bits(R: np.ndarray) -> np.ndarray:
    """Lowest absent value of each column of a (words, k) uint64 bitset array."""
    W, k = R.shape
    g = np.full(k, -1, dtype=np.int64)
    for w in range(W):
        inv = ~R[w]
        need = (g < 0) & (inv != 0)
        if need.any():
            v = inv[need]
            low = v & (~v + np.uint64(1))
            _, ex = np.frexp(low.astype(np.float64))
            g[need] = 64 * w + ex.astype(np.int64) - 1
    return g


def sg_table(game: HyperNim, top: Sequence[int], limit: int = DP_LIMIT) -> np.ndarray:
    """The SG function of NIM_H on the whole box [0, top] (module docstring: the ``dp`` method)."""
    box = _check_box(game, top, limit, "SG table")
    h = _height_flat(game, box)
    W = (int(h.max()) + 1 + 63) // 64          # SG(z) ≤ h(z) by induction
    edges = _edges(game, box)
    sizes = [len(idx) for idx, _ in edges]
    sg = np.zeros(box.N, dtype=np.int32)
    B: dict[tuple[int, int], np.ndarray] = {}
    one = np.uint64(1)
    for s in range(box.levels):
        P = box.level(s)
        k = len(P)
        pos = box.coords[:, P] > 0
        R = np.zeros((W, k), dtype=np.uint64)
        for e, (idx, shift) in enumerate(edges):
            if s < sizes[e]:
                continue
            valid = pos[idx].all(axis=0)
            if valid.any():
                src = B[e, s - sizes[e]]
                R[:, valid] |= src[:, box.pos_in_level[P[valid] - shift]]
        g = _mex_bits(R)
        sg[P] = g
        bit = np.zeros((W, k), dtype=np.uint64)
        bit[g // 64, np.arange(k)] = one << (g % 64).astype(np.uint64)
        for e, (idx, _) in enumerate(edges):
            Bn = bit.copy()
            if s > 0:
                prev = B[e, s - 1]
                for i in idx:
                    v = pos[i]
                    if v.any():
                        Bn[:, v] |= prev[:, box.pos_in_level[P[v] - box.strides[i]]]
            B[e, s] = Bn
            B.pop((e, s - sizes[e]), None)   # level s+1 needs levels ≥ s+1-|H| only
    return sg.reshape(box.dims)


# --- the Jenkyns-Mayberry formula -------------------------------------------------------------
def jm_v(m, y):
    """v(m, y) = C(y+1, 2) + ((m - C(y+1, 2) - 1) mod (y+1))  (paper 003 eq. (1))."""
    t = y * (y + 1) // 2
    return t + (m - t - 1) % (y + 1)


def jm_U(m, y, h):
    """U(m, y, h) = h if m ≤ C(y+1, 2) (long), v(m, y) otherwise (short) (paper 003 eq. (2))."""
    t = y * (y + 1) // 2
    if isinstance(m, np.ndarray) or isinstance(y, np.ndarray) or isinstance(h, np.ndarray):
        return np.where(m <= t, h, jm_v(m, y))
    return h if m <= t else jm_v(m, y)


def jm_parameters(game: HyperNim, x: Sequence[int], heights: np.ndarray | None = None):
    """(m(x), y_H(x), h_H(x)) of paper 003 eq. (3); ``heights`` is a height table covering x."""
    x = tuple(x)
    if heights is None:
        heights = height_table(game, x)
    m = min(x)
    return m, int(heights[tuple(a - m for a in x)]), int(heights[x])


def jm_table(game: HyperNim, top: Sequence[int], heights: np.ndarray | None = None) -> np.ndarray:
    """U(x) (the JM formula) over the whole box [0, top]."""
    h = height_table(game, top) if heights is None else heights
    coords = np.indices(h.shape)
    m = coords.min(axis=0)
    y = h[tuple(coords - m)]
    return jm_U(m, y, h)


def jm_value(game: HyperNim, x: Sequence[int]) -> int:
    return int(jm_U(*jm_parameters(game, x)))


def selective_formula(parts: Sequence[tuple[HyperNim, Sequence[int]]]) -> int:
    """U(M(x), Y(x), h_H(x)) with M, Y, h the sums of eq. (6) (paper 003 Thm 2)."""
    M = Y = H = 0
    for g, x in parts:
        m, y, h = jm_parameters(g, x)
        M, Y, H = M + m, Y + y, H + h
    return int(jm_U(M, Y, H))


# --- combinatorial conditions (paper 003 §2, §7) ----------------------------------------------
def transversal_edges(edges: Sequence[int]) -> list[int]:
    """Edges meeting every edge of the family (paper 003 §2)."""
    return [e for e in edges if all(e & f for f in edges)]


def is_transversal_free(game: HyperNim) -> bool:
    return not transversal_edges(game.edges)


def mtf_violation(game: HyperNim) -> str | None:
    """Why H is not minimal transversal free (MTF), or None when it is.

    (MTF): H has no transversal edge, and every induced H_S, S ⊊ V with H_S ≠ ∅, has one
    (paper 003 §2; H_S ≠ ∅ as in the proof of Lemma 7).
    """
    edges = game.edges
    names = game.hypergraph.names
    t = transversal_edges(edges)
    if t:
        return f"edge {names(t[0])} is a transversal edge"
    m = len(edges)
    disjoint = [sum(1 << j for j in range(m) if not edges[i] & edges[j]) for i in range(m)]
    full = game.hypergraph.full_mask
    for S in range(1, full):
        inside = [i for i in range(m) if edges[i] & S == edges[i]]
        if not inside:
            continue
        ins = sum(1 << i for i in inside)
        if not any(disjoint[i] & ins == 0 for i in inside):
            return f"the induced subhypergraph on {names(S)} has no transversal edge"
    return None


def chain_violation(game: HyperNim, relaxed: bool = False) -> str | None:
    """Why H lacks the chain property (C), or None (paper 003 §2).

    A chain H_0..H_q: H_{i+1} ∩ H_i ≠ ∅, |H_{i+1} \\ H_i| = 1, H_i ⊆ H_0 ∪ H_q (i < q); (C) asks for a
    chain between any two distinct edges. ``relaxed`` reads |H_{i+1} \\ H_i| ≤ 1 instead (what the
    proofs of Lemmas 3 and 4 use: ||b^{k-1} - a^k||_+ ≤ 1); as printed, Moore's NIM_2 on 3 piles
    has no chain from {1} to {2}, though Example 2 treats it as JM+.
    """
    edges = game.edges
    m = len(edges)
    ok = (lambda d: d <= 1) if relaxed else (lambda d: d == 1)
    step = [sum(1 << j for j in range(m) if edges[i] & edges[j] and ok((edges[j] & ~edges[i]).bit_count()))
            for i in range(m)]
    allowed_by_union: dict[int, int] = {}
    for a in range(m):
        for b in range(m):
            if a == b or step[a] >> b & 1:
                continue
            U = edges[a] | edges[b]
            allowed = allowed_by_union.get(U)
            if allowed is None:
                allowed = allowed_by_union[U] = sum(1 << j for j in range(m) if edges[j] & U == edges[j])
            reached = frontier = 1 << a
            while frontier and not reached >> b & 1:
                nxt = 0
                for i in bits(frontier):
                    nxt |= step[i]
                frontier = nxt & ~reached & (allowed | 1 << b)
                reached |= frontier
            if not reached >> b & 1:
                names = game.hypergraph.names
                return f"no chain from edge {names(edges[a])} to edge {names(edges[b])}"
    return None


MD_STAR_LIMIT = 1 << 20


def md_star_violation(game: HyperNim) -> str | None:
    """Why H fails (MD*), or None (paper 003 §7): for every F ⊆ min H with V(F) ≠ V there are
    F ∈ F and H ∈ H with H ∩ V(F) ⊆ F and H \\ F ≠ ∅."""
    from ..hypergraph import minimal_masks
    mins = minimal_masks(game.edges)
    if 1 << len(mins) > MD_STAR_LIMIT:
        raise TooLarge(f"(MD*) check: min H has {len(mins)} edges (2^{len(mins)} subfamilies)")
    full = game.hypergraph.full_mask
    for r in range(1, len(mins) + 1):
        for fam in combinations(mins, r):
            VF = 0
            for f in fam:
                VF |= f
            if VF == full:
                continue
            if not any(h & VF & ~f == 0 and h & ~f for f in fam for h in game.edges):
                return f"(MD*) fails for F = {[game.hypergraph.names(f) for f in fam]}"
    return None


def md_violation_on_box(game: HyperNim, top: Sequence[int], heights: np.ndarray | None = None):
    """A position x in the box with m(x) > 0 and no slow move x -> x' with m(x') < m(x) and
    h(x') = h(x) - 1 (refuting (MD), paper 003 §2), or None when (MD) holds on the box."""
    h = height_table(game, top) if heights is None else heights
    shape = h.shape
    coords = np.indices(shape).reshape(game.n, -1)
    hf = h.reshape(-1)
    m = coords.min(axis=0)
    ok = m == 0
    strides = [math.prod(shape[i + 1:]) for i in range(game.n)]
    flat = np.arange(hf.size)
    for idx in game.edge_indices:
        playable = (coords[list(idx)] > 0).all(axis=0)
        hits_min = (coords[list(idx)] == m).any(axis=0)
        cand = playable & hits_min & ~ok
        if cand.any():
            shift = sum(strides[i] for i in idx)
            ok[cand] = hf[flat[cand] - shift] == hf[cand] - 1   # only undecided positions change
    bad = np.flatnonzero(~ok)
    if bad.size == 0:
        return None
    # smallest counterexample: least pile sum, then lexicographic
    sums = coords[:, bad].sum(axis=0)
    b = bad[np.lexsort((bad, sums))[0]]
    return tuple(int(c) for c in coords[:, b])


def md_holds_at(game: HyperNim, x: Sequence[int], heights: np.ndarray | None = None) -> bool:
    """Whether x (with m(x) > 0) has a slow move x -> x - 1_H with m decreasing and h dropping by one."""
    x = tuple(x)
    h = height_table(game, x) if heights is None else heights
    m = min(x)
    for idx in game.edge_indices:
        if all(x[i] > 0 for i in idx) and any(x[i] == m for i in idx):
            y = list(x)
            for i in idx:
                y[i] -= 1
            if h[tuple(y)] == h[x] - 1:
                return True
    return False


def jm_violation_on_box(game: HyperNim, top: Sequence[int], table: np.ndarray | None = None):
    """The smallest position of the box where SG ≠ U (refuting JM), or None."""
    sg = sg_table(game, top) if table is None else table
    u = jm_table(game, top)
    bad = np.argwhere(sg != u)
    if bad.size == 0:
        return None
    b = bad[np.lexsort((*(bad.T[::-1]), bad.sum(axis=1)))[0]]
    return tuple(int(c) for c in b)


def jm_plus_status(game: HyperNim, md_box: int = 3, relaxed: bool = False) -> tuple[bool | None, str]:
    """(True, why) when H is JM+ with (MD) established through (MD*) (Lemma 11); (False, why) when a
    property fails ((MD) refuted on the box [0, md_box]^V); (None, why) when (MD) is undecided.
    ``relaxed``: (C) with |H_{i+1} \\ H_i| ≤ 1 (see :func:`chain_violation`)."""
    r = mtf_violation(game)
    if r:
        return False, f"(MTF) fails: {r}"
    r = chain_violation(game, relaxed)
    if r:
        return False, f"(C) fails: {r}"
    r = md_star_violation(game)
    x = md_violation_on_box(game, [md_box] * game.n) if (md_box + 1) ** game.n <= DP_LIMIT else None
    if x is not None:
        return False, f"(MD) fails at x = {list(x)}"
    if r is None:
        # (MTF) implies V = ∪ min H (else a transversal edge of H_{V-v} would be one of H), the case
        # in which Lemma 11 (MD* => MD) has no counterexample (claims 003-lemma11, -corrected).
        return True, f"(MTF), (C) and (MD*) hold; (MD) by Lemma 11 (and on [0,{md_box}]^V)"
    return None, f"(MD) not established: {r}, and no violation of (MD) on [0,{md_box}]^V"


def is_nim2(game: HyperNim) -> bool:
    """H = ([2] choose 1): two piles, each its own edge (the exception in paper 003 Thm 1)."""
    return game.n == 2 and sorted(game.edges) == [1, 2]


def is_moore_proper(game: HyperNim) -> bool:
    """H = all non-empty proper subsets of V with n ≥ 3: Moore's NIM_{n-1} where the JM formula holds
    (for n = 2 it is 2-pile NIM, not JM: paper 003 Thm 3 (P4); see claim 003-jm-moore)."""
    full = game.hypergraph.full_mask
    return game.n >= 3 and len(game.edges) == 2 ** game.n - 2 and full not in game.edges


def formula_obstacle(inst: Instance) -> str | None:
    """None when a formula of paper 003 applies to the instance, else the failed hypothesis.

    Single games: JM+ ([8, Thm 2]) or Moore's NIM_{n-1} (Jenkyns-Mayberry [16], paper 003 §1).
    """
    if inst.compound is None:
        if is_moore_proper(inst.game):
            return None
        ok, why = jm_plus_status(inst.game)
        return None if ok else f"the JM formula needs a JM+ hypergraph ([8, Thm 2], paper 003 §2): {why}"
    for i, (g, _) in enumerate(inst.components, 1):
        if inst.compound == "conjunctive" and is_nim2(g):
            continue
        ok, why = jm_plus_status(g)
        if not ok:
            thm = "Theorem 1 needs every component JM+ or ([2] choose 1)" if inst.compound == "conjunctive" \
                else "Theorem 2 needs every component JM+"
            return f"paper 003 {thm}: component {i}: {why}"
    if inst.compound == "conjunctive" and len(inst.components) < 2:
        return "paper 003 Theorem 1 needs p ≥ 2 components"
    return None


def formula_value(inst: Instance) -> int:
    """The SG value by the formula that :func:`formula_obstacle` says applies."""
    reason = formula_obstacle(inst)
    if reason:
        raise MethodError(reason)
    if inst.compound is None:
        return jm_value(inst.game, inst.piles)
    if inst.compound == "selective":
        return selective_formula(inst.components)
    # conjunctive (Thm 1: the compound is JM+, hence JM). m = min of component minima;
    # h_⊗ = min_i h_i (proof of Lemma 8); y = h_⊗(x - m e).
    m = min(min(x) for _, x in inst.components)
    hs, ys = [], []
    for g, x in inst.components:
        ht = height_table(g, x)
        hs.append(int(ht[tuple(x)]))
        ys.append(int(ht[tuple(a - m for a in x)]))
    return int(jm_U(m, min(ys), min(hs)))


# --- registered methods -----------------------------------------------------------------------
def _as_instance(instance) -> Instance:
    if not isinstance(instance, Instance):
        raise InputError("hypernim methods take a hypergraph-NIM instance (verify.games.hypernim)")
    return instance


def _certificate(inst: Instance, table) -> dict:
    from ..certificates.hypernim import sg_certificate
    work = option_work(inst.game, inst.piles)
    if work > CERTIFICATE_LIMIT:
        raise TooLarge(f"certificate: checking would enumerate {work} options (limit {CERTIFICATE_LIMIT})")
    return sg_certificate(inst, table)


@register("hypernim", "explicit")
def solve_explicit(instance, certificate: bool = False) -> SGValue:
    inst = _as_instance(instance)
    work = option_work(inst.game, inst.piles)
    if work > EXPLICIT_LIMIT:
        raise TooLarge(f"explicit: the box [0, x] needs {work} option enumerations (limit {EXPLICIT_LIMIT})")
    memo: dict = {}
    if inst.compound:
        cg = CompoundGame(inst.compound, [g for g, _ in inst.components])
        value = sg_explicit(cg, tuple(tuple(x) for _, x in inst.components), memo)
    else:
        value = sg_explicit(inst.game, inst.piles, memo)
    res = SGValue("hypernim", "explicit", {"positions": len(memo)}, sg=value)
    if certificate:
        table = explicit_table(inst.game, inst.piles)
        res.certificate = _certificate(inst, table)
    return res


@register("hypernim", "dp")
def solve_dp(instance, certificate: bool = False) -> SGValue:
    inst = _as_instance(instance)
    table = sg_table(inst.game, inst.piles)
    res = SGValue("hypernim", "dp", {"box": table.size}, sg=int(table[inst.piles]))
    if certificate:
        res.certificate = _certificate(inst, table)
    return res


@register("hypernim", "formula")
def solve_formula(instance, certificate: bool = False) -> SGValue:
    inst = _as_instance(instance)
    value = formula_value(inst)
    res = SGValue("hypernim", "formula", {"theorem": _theorem(inst), "hypotheses": _hypotheses(inst)}, sg=value,
                  conditional_on=conditional_on(inst))
    if certificate:
        res.certificate = _certificate(inst, sg_table(inst.game, inst.piles))
    return res


def conditional_on(inst: Instance) -> str | None:
    """The unproved statement the formula's answer rests on, or None: (MD) established through
    (MD*) uses the corrected Lemma 11 of paper 003, checked on small boxes but not proved (claim
    003-lemma11-corrected). Moore's NIM_{n-1} and ([2] choose 1) components do not use it."""
    if inst.compound is None:
        uses = not is_moore_proper(inst.game)
    else:
        uses = any(not (inst.compound == "conjunctive" and is_nim2(g)) for g, _ in inst.components)
    return ("003 Lemma 11, corrected form ((MD*) with V = ∪ min H implies (MD)): checked, not proved "
            "(claim 003-lemma11-corrected)") if uses else None


def _hypotheses(inst: Instance) -> str:
    """How the formula's hypotheses were established (for the result's stats)."""
    if inst.compound is None:
        return "Moore's NIM_{n-1}, n ≥ 3" if is_moore_proper(inst.game) else jm_plus_status(inst.game)[1]
    parts = []
    for i, (g, _) in enumerate(inst.components, 1):
        why = "([2] choose 1)" if inst.compound == "conjunctive" and is_nim2(g) else jm_plus_status(g)[1]
        parts.append(f"component {i}: {why}")
    return "; ".join(parts)


def _theorem(inst: Instance) -> str:
    if inst.compound == "selective":
        return "003 Thm 2"
    if inst.compound == "conjunctive":
        return "003 Thm 1 + [8] Thm 2"
    if is_moore_proper(inst.game):
        return "Jenkyns-Mayberry [16] (003 §1)"
    return "[8] Thm 2 (003 §2)"


@register_auto("hypernim")
def choose(instance) -> str:
    """dp on small boxes; beyond AUTO_FORMULA positions the formula when it applies and rests on no
    unproved statement (``--method formula`` asks for it anyway, marked ``conditional_on``); else
    dp (which reports TooLarge beyond its limit)."""
    inst = _as_instance(instance)
    if (box_size(inst.piles) > AUTO_FORMULA and formula_obstacle(inst) is None
            and conditional_on(inst) is None):
        return "formula"
    return "dp"
