"""Paper 001 (McCoy & Sieben, impartial achievement games on convex geometries) as executable claims.

Every claim is checked against the explicit reference (:func:`verify.solvers.convex.positional_labels`,
the literal game of 001 §3). Families: all convex geometries on ≤ 3 points up to isomorphism
(exhaustive), vertex and edge geometries of all trees up to isomorphism (networkx), point sets of a
3×3 grid in R^2, and point sets on a line with rational coordinates. Instances are (geometry, W)
pairs; a check also accepts the JSON instance object of :mod:`verify.games.convex` and refuses an
instance outside the statement's hypotheses with the hypothesis named (InputError).

The shared family builders, brute-force facts and signature helpers live in :mod:`.convex_kit`
(shared with :mod:`.paper002`); this module is the list of statements.
"""
from __future__ import annotations

from .. import convex as cv
from ..hypergraph import bits
from .convex_kit import (
    GW,
    all_winning,
    as_gw,
    brute_max_nongenerating,
    extreme_instances,
    geometry_families,
    intersection_subsets,
    line_instances,
    max_nongenerating_convex_check,
    mismatch,
    nim,
    register_claim,
    require_extreme_w,
    require_tree_vertex,
    same_nim_ex_w_tau_check,
    small_geometries,
    spectrum_check,
    structure_equivalence_check,
    tree_extreme_check,
    tree_instances,
    trees,
    vertex_signature_multi,
    vertex_signature_single,
    witness_claim,
)
from .kit import require, size_parity
from .registry import Claim, Violation, worked_example

# -- the claims --------------------------------------------------------------------------------------


def _count_check(n: int, empty_convex: bool | None, expected: int):
    def check(_inst) -> Violation | None:
        fams = geometry_families(n)
        if empty_convex is not None:
            fams = [f for f in fams if (0 in f) == empty_convex]
        return None if len(fams) == expected else Violation({"points": n}, expected, len(fams))
    return check


register_claim(Claim(
    "001-ex-2.7-two-point-geometries", "001 Ex 2.7",
    "There are four convex geometries up to isomorphism on a two-element set.",
    lambda n: [2], _count_check(2, None, 4), default_size=2, size_name="-"))

register_claim(Claim(
    "001-ex-2.9-three-point-no-empty", "001 Ex 2.9",
    "There are four convex geometries up to isomorphism with three points in which ∅ is not convex.",
    lambda n: [3], _count_check(3, False, 4), default_size=3, size_name="-"))


def _ex31():
    inst = GW(cv.affine([[-1], [0], [1]]), 0b111)
    return mismatch(inst, 1, nim("gen", inst))


register_claim(worked_example(
    "001-ex-3.1-line-of-three", "001 Ex 3.1 / Fig 3.2 / Ex 4.16",
    "nim(GEN(S)) = 1 for the affine geometry S = {-1, 0, 1} ⊆ R (the first player wins).",
    _ex31))


register_claim(Claim(
    "001-prop-3.2-ex-w-tau", "001 Prop 3.2",
    "The nim numbers of GEN(S, Ex(W)), GEN(S, W) and GEN(S, τ(W)) are the same.",
    lambda n: all_winning(small_geometries(n)), same_nim_ex_w_tau_check("gen"), default_size=4, slow_size=6,
    size_name="points"))


def _cor33(inst) -> Violation | None:
    inst = as_gw(inst)
    g = inst.g
    a, b = nim("gen", GW(g, g.full)), nim("gen", GW(g, g.extreme_points(g.full)))
    return None if a == b else Violation(inst.to_json(), "nim(GEN(S)) = nim(GEN(S, Ex(S)))", [a, b])


register_claim(Claim(
    "001-cor-3.3-ex-s", "001 Cor 3.3",
    "The nim numbers of GEN(S) and GEN(S, Ex(S)) are the same.",
    lambda n: (GW(g, g.full) for g in small_geometries(n)), _cor33, default_size=5, slow_size=7,
    size_name="points"))


register_claim(Claim(
    "001-prop-4.3-max-nongenerating-convex", "001 Prop 4.3",
    "A maximally non-generating set M is convex.",
    lambda n: all_winning(small_geometries(n)), max_nongenerating_convex_check, default_size=4, slow_size=6, size_name="points"))


register_claim(Claim(
    "001-prop-4.13-structure-equivalence", "001 Prop 4.13 / Prop 4.15",
    "If P, Q ∈ X_I and pty(P) = pty(Q) then nim(P) = nim(Q) (so nim(P) = nim_pty(P)(X_I)).",
    lambda n: all_winning(small_geometries(n)), structure_equivalence_check("gen"), default_size=4,
    slow_size=6, size_name="points"))


def _prop51(inst) -> Violation | None:
    inst = as_gw(inst)
    require_extreme_w(inst, "001 Prop 5.1", None)
    g = inst.g
    expected = sorted(g.full & ~(1 << v) for v in bits(inst.w))
    actual = brute_max_nongenerating(g, inst.w)
    return None if expected == actual else Violation(inst.to_json(), [g.set_names(m) for m in expected],
                                                     [g.set_names(m) for m in actual])


register_claim(Claim(
    "001-prop-5.1-extreme-m", "001 Prop 5.1",
    "If W ⊆ Ex(S) then M = {S \\ {v} | v ∈ W}.",
    lambda n: extreme_instances(n), _prop51, default_size=5, slow_size=7, size_name="points"))


def _cor52(inst) -> Violation | None:
    inst = as_gw(inst)
    require_extreme_w(inst, "001 Cor 5.2", None)
    g = inst.g
    expected = {g.full & ~v for v in range(inst.w + 1) if v & inst.w == v}
    actual = intersection_subsets(brute_max_nongenerating(g, inst.w), g.full)
    return mismatch(inst, sorted(expected), sorted(actual))


register_claim(Claim(
    "001-cor-5.2-extreme-i", "001 Cor 5.2",
    "If W ⊆ Ex(S) then the intersection subsets are I = {S \\ V | V ⊆ W}.",
    lambda n: extreme_instances(n), _cor52, default_size=5, slow_size=7, size_name="points"))


def _prop53(inst) -> Violation | None:
    inst = as_gw(inst)
    require_extreme_w(inst, "001 Prop 5.3", True)
    return mismatch(inst, 1 if size_parity(inst.g.full) else 2, nim("gen", inst))


register_claim(Claim(
    "001-prop-5.3-single-extreme", "001 Prop 5.3",
    "If W = {w} ⊆ Ex(S) then nim(GEN(S, W)) = 1 if pty(S) = 1 and 2 if pty(S) = 0.",
    lambda n: extreme_instances(n, True), _prop53, default_size=5, slow_size=7, size_name="points"))


def _prop55(inst) -> Violation | None:
    inst = as_gw(inst)
    require_extreme_w(inst, "001 Prop 5.5", False)
    return mismatch(inst, size_parity(inst.g.full), nim("gen", inst))


register_claim(Claim(
    "001-prop-5.5-extreme", "001 Prop 5.5",
    "If W ⊆ Ex(S) with |W| ≥ 2 then nim(GEN(S, W)) = 0 if pty(S) = 0 and 1 if pty(S) = 1.",
    lambda n: extreme_instances(n, False), _prop55, default_size=5, slow_size=7, size_name="points"))


register_claim(Claim(
    "001-prop-6.3-tree-extreme", "001 Prop 6.3",
    "In the vertex geometry of a tree, w ∈ Ex(W) iff the elements of W \\ {w} are vertices in a "
    "single connected component of T \\ w.",
    lambda n: all_winning(trees(n)), tree_extreme_check("001 Prop 6.3", "tree-vertex"),
    default_size=7, slow_size=9, size_name="vertices"))


def _prop65_formula(e: int, o: int, s_pty: int) -> int:
    if s_pty == 0:
        if (e, o) == (1, 0):
            return 1
        if (e, o) in ((0, 1), (1, 2)):
            return 2
        if (e, o) in ((1, 1), (2, 1)):
            return 3
        return 0
    if (e, o) in ((0, 0), (1, 1)):
        return 0
    if (e, o) in ((1, 0), (2, 0)):
        return 2
    return 1


def _prop65(inst) -> Violation | None:
    inst = as_gw(inst)
    require_tree_vertex(inst, "001 Prop 6.5")
    require(inst.w.bit_count() >= 2, "001 Prop 6.5", "|W| ≥ 2")
    e, o = vertex_signature_multi(inst)
    return mismatch(inst, _prop65_formula(e, o, size_parity(inst.g.full)), nim("gen", inst))


register_claim(Claim(
    "001-prop-6.5-tree-vertex", "001 Prop 6.5",
    "Vertex geometry of a tree, |W| ≥ 2, signature (e, o): if pty(S) = 0, nim = 1 for (1,0); 2 for "
    "(0,1),(1,2); 3 for (1,1),(2,1); 0 else. If pty(S) = 1, nim = 0 for (0,0),(1,1); 2 for (1,0),(2,0); "
    "1 else.",
    lambda n: tree_instances(n, False), _prop65, default_size=7, slow_size=8, size_name="vertices"))


def _prop67(inst) -> Violation | None:
    inst = as_gw(inst)
    require_tree_vertex(inst, "001 Prop 6.7")
    require(inst.w.bit_count() == 1, "001 Prop 6.7", "W = {w}")
    e, o = vertex_signature_single(inst)
    expected = 1 if o == 0 else (2 if e == 0 else 3)
    return mismatch(inst, expected, nim("gen", inst))


register_claim(Claim(
    "001-prop-6.7-tree-vertex-single", "001 Prop 6.7",
    "Vertex geometry of a tree, W = {w}, signature (e, o): nim = 1 if o = 0; 2 if e = 0 and o ≥ 1; "
    "3 if e, o ≥ 1.",
    lambda n: tree_instances(n, True), _prop67, default_size=8, slow_size=10, size_name="vertices"))


def _tree_spectrum(kind, allowed, source, geometry="tree-vertex"):
    inner = spectrum_check(kind, allowed)

    def check(inst):
        inst = as_gw(inst)
        require(inst.g.kind == geometry, source, f"(S, K) is the {geometry.replace('tree-', '')} geometry of a tree")
        return inner(inst)
    return check


register_claim(Claim(
    "001-cor-6.8-tree-vertex-spectrum", "001 Cor 6.8",
    "If (S, K) is the vertex geometry of a tree then nim(GEN(S, W)) ∈ {0, 1, 2, 3}.",
    lambda n: all_winning(trees(n)), _tree_spectrum("gen", {0, 1, 2, 3}, "001 Cor 6.8"),
    default_size=7, slow_size=8, size_name="vertices"))


def _line_indices(inst: GW, source: str) -> list[int]:
    g = inst.g
    require(g.kind == "affine" and "deleted" not in g.data and len(g.coordinates[0]) == 1, source,
            "S ⊆ R (an affine geometry on a line)")
    order = sorted(range(g.n), key=lambda i: g.coordinates[i][0])
    rank = {i: r + 1 for r, i in enumerate(order)}
    return sorted(rank[i] for i in bits(inst.w))


def _prop71(inst) -> Violation | None:
    inst = as_gw(inst)
    idx = _line_indices(inst, "001 Prop 7.1")
    require(len(idx) >= 2, "001 Prop 7.1", "k ≥ 2")
    i1, ik, n = idx[0], idx[-1], inst.g.n
    if i1 % 2 == (ik + 1) % 2:
        expected = 0
    elif n % 2 == 1:
        expected = 1 if i1 % 2 == 1 else 2
    else:
        expected = 3
    return mismatch(inst, expected, nim("gen", inst))


register_claim(Claim(
    "001-prop-7.1-line", "001 Prop 7.1",
    "S = {s_1 < ... < s_n} ⊆ R, W = {s_i1, ..., s_ik}, k ≥ 2: nim = 0 if i1 ≢ ik (mod 2); 1 if i1, ik "
    "odd and n odd; 2 if i1, ik even and n odd; 3 if i1 ≡ ik and n even.",
    lambda n: line_instances(n, False), _prop71, default_size=8, slow_size=11, size_name="points"))


def _prop72(inst) -> Violation | None:
    inst = as_gw(inst)
    idx = _line_indices(inst, "001 Prop 7.2")
    require(len(idx) == 1, "001 Prop 7.2", "W = {s_k}")
    k = idx[0]
    n = inst.g.n
    if n % 2 == 1:
        expected = 1 if k % 2 == 1 else 2
    else:
        expected = 2 if k in (1, n) else 3
    return mismatch(inst, expected, nim("gen", inst))


register_claim(Claim(
    "001-prop-7.2-line-single", "001 Prop 7.2",
    "S = {s_1 < ... < s_n} ⊆ R, W = {s_k}: nim = 1 if n, k odd; 2 if n odd, k even; 2 if n even and "
    "k ∈ {1, n}; 3 if n even and 1 < k < n.",
    lambda n: line_instances(n, True), _prop72, default_size=10, slow_size=14, size_name="points"))


def _ex73() -> Violation | None:
    base = {"geometry": "affine", "points": [[i] for i in range(7)], "deleted": [[3], [5]]}
    a = as_gw(dict(base, winning=[[2], [6]]))
    b = as_gw(dict(base, winning=[[1], [2]]))
    got = [nim("gen", a), nim("gen", b)]
    return None if got == [1, 2] else Violation(base, [1, 2], got)


register_claim(worked_example(
    "001-ex-7.3-deleted-line", "001 Ex 7.3",
    "Deleted affine geometry S = {0, ..., 6} ⊆ R, D = {3, 5}: W = {2, 6} gives nim 1 and W = {1, 2} "
    "gives nim 2.",
    _ex73))


def _ex64() -> Violation | None:
    edges = [["0", "1"], ["1", "2"], ["2", "3"], ["3", "4"], ["3", "5"], ["0", "6"], ["6", "7"],
             ["1", "8"], ["8", "9"], ["8", "10"], ["8", "11"]]
    inst = GW(cv.tree_vertex(edges), 0)
    inst.w = inst.g.mask(["1", "3", "6", "8"])
    sig = vertex_signature_multi(inst)
    got = {"signature": list(sig), "nim": nim("gen", inst)}
    want = {"signature": [2, 1], "nim": 3}
    return None if got == want else Violation(inst.to_json(), want, got)


register_claim(worked_example(
    "001-ex-6.4-tree", "001 Ex 6.4 (tree reconstructed from V_3, V_6, V_8, Φ)",
    "Tree on {0..11}, W = {1, 3, 6, 8}: Ex(W) = {3, 6, 8}, signature (2, 1), so nim = 3 by Prop 6.5.",
    _ex64))


FIG81_WITNESS = {"geometry": "affine",
                 "points": [[1, 2], [1, 4], [2, 1], [0, 3], [4, 4], [1, 3], [4, 1], [3, 0], [2, 3]],
                 "winning": [[2, 1], [2, 3]]}

witness_claim(
    "001-sec8-gen-nim-6-in-plane", "001 §8(2) / Fig 8.1",
    "There is a point set in R^2 with nim(GEN(S, W)) = 6 (Fig 8.1 is lost in conversion; the witness "
    "here, found by a search of this tool, has |S| = 9 and |W| = 2 — the paper's has |W| = 1).",
    "gen", {6: FIG81_WITNESS}, default_size=6)

