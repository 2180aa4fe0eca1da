"""Paper 003 (Boros, Gurvich, Kitrossky, Makino, On the Sprague-Grundy function of compound games,
INTEGERS 23 (2023)) as executable claims about hypergraph NIM.

Every SG value is computed by the explicit reference (:func:`verify.solvers.hypernim.sg_explicit`,
memoized recursion on the literal rules; compounds on :class:`CompoundGame`, the literal moves of
§1). Properties (MTF), (C), (MD*) are decided exactly; (MD) and "JM" quantify over all of Z_+^V and
are checked on a finite box [0, b]^V, which is said in each statement that relies on it.

Findings recorded here (see the ``erratum`` fields):
- (C) as printed (|H_{i+1} \\ H_i| = 1) fails for Moore's NIM_2 on 3 piles (no chain {1} -> {2}),
  which Example 2 treats as JM+, and for the (P3) hypergraph of Theorem 3, which the proof says
  satisfies (C). Read as |H_{i+1} \\ H_i| ≤ 1 (all the proofs of Lemmas 3-4 use), both satisfy (C),
  and every hypergraph on ≤ 4 piles that is JM+ under that reading is JM on the checked box.
- Example 1 prints y_H(b) = min{y_H1(b^1), y_H2(b^2)} = 2 for the conjunctive compound; by (3b),
  y_H(b) = h_H(b) = 4 since m(b) = 0 (the conclusion U(b) = 4 is unaffected).
"""
from __future__ import annotations

from functools import lru_cache, reduce
from itertools import combinations, combinations_with_replacement, product

from ..errors import TooLarge
from ..games.hypernim import (
    CompoundGame,
    HyperNim,
    classical_nim,
    conjunctive_hypergraph,
    moore,
    selective_hypergraph,
    uniform_edges,
)
from ..isomorphism import enumerate_hypergraphs
from ..solvers import hypernim as S
from .kit import require
from .registry import Claim, Violation, register

# --- shared machinery ---------------------------------------------------------------------------

_MEMO: dict = {}


def _key(g) -> tuple:
    if isinstance(g, CompoundGame):
        return (g.kind, tuple(_key(c) for c in g.components))
    return (g.vertices, g.edges)


def sg(g, x) -> int:
    """The explicit reference, with one memo per game."""
    return S.sg_explicit(g, x, _MEMO.setdefault(_key(g), {}))


def U(g: HyperNim, x) -> int:
    """The JM formula U(m(x), y(x), h(x)) from the explicit (memoized-recursion) height."""
    m = min(x)
    return S.jm_U(m, g.height(tuple(a - m for a in x)), g.height(x))


def myh(g: HyperNim, x):
    m = min(x)
    return m, g.height(tuple(a - m for a in x)), g.height(x)


def box(n: int, b, ) -> list[tuple[int, ...]]:
    """[0, b]^n (b an int or a tuple), smallest pile sum first."""
    tops = (b,) * n if isinstance(b, int) else tuple(b)
    return sorted(product(*(range(t + 1) for t in tops)), key=lambda x: (sum(x), x))


def desc(g: HyperNim, x=None) -> dict:
    out = {"hypergraph": [g.hypergraph.names(e) for e in g.edges]}
    if x is not None:
        out["piles"] = dict(zip(g.vertices, x))
    return out


def cdesc(kind: str, parts, x=None) -> dict:
    out = {"compound": kind, "components": [desc(g, None if x is None else xi)
                                            for g, xi in zip(parts, x or [None] * len(parts))]}
    return out


@lru_cache(maxsize=None)
def covering(n: int) -> tuple[HyperNim, ...]:
    """Every hypergraph H ⊆ 2^V \\ {∅} with V = ∪H on n piles, one per isomorphism class."""
    out = []
    for h in enumerate_hypergraphs(n, edge_sizes=tuple(range(1, n + 1))):
        if h.m and reduce(lambda a, b: a | b, h.edge_masks, 0) == h.full_mask:
            out.append(HyperNim(h))
    return tuple(out)


def games(N: int, lo: int = 1):
    for n in range(lo, N + 1):
        yield from covering(n)


@lru_cache(maxsize=None)
def _status(key, relaxed):
    return S.jm_plus_status(_BY_KEY[key], relaxed=relaxed)


_BY_KEY: dict = {}


def jm_plus(g: HyperNim, relaxed: bool = False):
    _BY_KEY[_key(g)] = g
    return _status(_key(g), relaxed)


def rename(g: HyperNim, prefix: str) -> HyperNim:
    return HyperNim([[prefix + v for v in g.hypergraph.names(e)] for e in g.edges],
                    vertices=[prefix + v for v in g.vertices])


def symmetric(n: int, sizes) -> HyperNim:
    """([n] choose S): all H ⊆ [n] with |H| ∈ S (paper 003 §7)."""
    return HyperNim(uniform_edges([str(i) for i in range(1, n + 1)], sorted(sizes)),
                    vertices=[str(i) for i in range(1, n + 1)])


NIM2 = classical_nim(2)


def jm_witness(g: HyperNim, b: int):
    """Smallest x in [0, b]^V with SG(x) ≠ U(x) (explicit reference), or None."""
    for x in box(g.n, b):
        if sg(g, x) != U(g, x):
            return x
    return None


def _named(status, hypothesis):
    ok, why = status
    return bool(ok), f"{hypothesis}: {why}"


def _add(**kw):
    return register(Claim(**kw))


# --- §1: Bouton, Moore, Jenkyns-Mayberry --------------------------------------------------------

def _bouton_instances(b):
    for n in (1, 2, 3):
        g = classical_nim(n)
        for x in box(n, b):
            yield g, x


def _bouton_check(inst):
    g, x = inst
    require(sorted(g.edges) == [1 << i for i in range(g.n)], "003-bouton", "H must be (V choose 1)")
    want = reduce(lambda a, c: a ^ c, x, 0)
    got = sg(g, x)
    return None if got == want else Violation(desc(g, x), want, got)


_add(name="003-bouton", source="003 §1 [10]",
     statement="Classical NIM is NIM_H with H = (V choose 1); its SG value is x_1 ⊕ … ⊕ x_n (Bouton).",
     instances=_bouton_instances, check=_bouton_check, default_size=6, slow_size=10, size_name="max pile")


def _moore_instances(b):
    for n in (2, 3, 4):
        for k in range(1, n):
            g = moore(n, k)
            for x in box(n, b if n < 4 else min(b, 3)):
                yield n, k, g, x


def _moore_p(x, k) -> bool:
    top = max(x).bit_length()
    return all(sum(a >> d & 1 for a in x) % (k + 1) == 0 for d in range(top))


def _moore_check(inst):
    n, k, g, x = inst
    require(1 <= k < n, "003-moore-P", "Moore's NIM_k needs 1 ≤ k < n")
    want = _moore_p(x, k)
    got = sg(g, x) == 0
    return None if got == want else Violation({**desc(g, x), "k": k}, {"P-position": want}, {"P-position": got})


_add(name="003-moore-P", source="003 §1 [17]",
     statement="Moore's NIM_k (H = {H ⊆ V : 1 ≤ |H| ≤ k}, 1 ≤ k < n): x is a P-position (SG 0) iff "
               "for every binary digit the number of piles with a 1 in that digit is divisible by k+1.",
     instances=_moore_instances, check=_moore_check, default_size=4, slow_size=7, size_name="max pile")


def _jm_moore_instances(b, lo=2):
    for n in range(lo, 5):
        g = moore(n, n - 1)
        for x in box(n, b if n < 4 else min(b, 3)):
            yield g, x


def _jm_check_one(name, hyp):
    def check(inst):
        g, x = inst
        ok, why = hyp(g)
        require(ok, name, why)
        want, got = U(g, x), sg(g, x)
        return None if want == got else Violation(desc(g, x), {"U": want}, {"sg": got})
    return check


def _is_moore_proper(g):
    full = g.hypergraph.full_mask
    ok = g.n >= 2 and len(g.edges) == 2 ** g.n - 2 and full not in g.edges
    return ok, "H must be Moore's NIM_{n-1} (all non-empty proper subsets)"


_add(name="003-jm-moore", source="003 §1 [16]",
     statement="Jenkyns-Mayberry: for Moore's NIM_{n-1} the SG function is the JM formula "
               "U(m(x), y(x), h(x)) of eq. (1)-(3).",
     instances=_jm_moore_instances, check=_jm_check_one("003-jm-moore", _is_moore_proper),
     default_size=5, slow_size=7, size_name="max pile",
     erratum="False for n = 2: Moore's NIM_1 on 2 piles is 2-pile NIM, SG(1,3) = 2 but U(1,3) = h = 4 "
             "(the paper itself lists ([2] choose 1) as not JM in Thm 3 (P4)). Holds for n ≥ 3 (003-jm-moore-n3).")

_add(name="003-jm-moore-n3", source="003 §1 [16]", corrects="003-jm-moore",
     statement="Jenkyns-Mayberry for n ≥ 3: the SG function of Moore's NIM_{n-1} is U(m(x), y(x), h(x)).",
     instances=lambda b: _jm_moore_instances(b, 3),
     check=_jm_check_one("003-jm-moore-n3", lambda g: (_is_moore_proper(g)[0] and g.n >= 3, "Moore's NIM_{n-1}, n ≥ 3")),
     default_size=5, slow_size=7, size_name="max pile")


# --- §2: JM+ ⊆ JM, (MTF) necessary ----------------------------------------------------------------

JM_BOX = 3


def _jmplus_instances(relaxed):
    def inst(N):
        for g in games(N):
            if jm_plus(g, relaxed)[0]:
                for x in box(g.n, JM_BOX):
                    yield g, x
    return inst


_add(name="003-jmplus-is-jm", source="003 §2 ([8] Thm 2; Thm 2 with p = 1)",
     statement="Every JM+ hypergraph ((MTF), (MD), (C)) is JM: SG = U(m(x), y(x), h(x)). "
               "[(MD) established through (MD*), Lemma 11; positions in [0,3]^V]",
     instances=_jmplus_instances(False),
     check=_jm_check_one("003-jmplus-is-jm", lambda g: _named(jm_plus(g), "H must be JM+")), default_size=4, slow_size=4,
     size_name="piles n")

_add(name="003-jmplus-relaxed-is-jm", source="003 §2 ([8] Thm 2), (C) read with ≤ 1",
     statement="Every hypergraph with (MTF), (MD*) and (C) read as |H_{i+1} \\ H_i| ≤ 1 is JM "
               "[positions in [0,3]^V]. (This reading admits Moore's NIM_2 on 3 piles, used in Example 2.)",
     instances=_jmplus_instances(True),
     check=_jm_check_one("003-jmplus-relaxed-is-jm", lambda g: _named(jm_plus(g, True), "H must be JM+ (≤ 1 reading)")),
     default_size=4, slow_size=4, size_name="piles n", tags=("reading",))


def _mtf_nec_instances(N):
    for g in games(N):
        if S.mtf_violation(g):
            yield g


def _mtf_nec_check(g):
    require(S.mtf_violation(g) is not None, "003-mtf-necessary", "H must fail (MTF)")
    w = jm_witness(g, JM_BOX)
    return None if w is not None else Violation(desc(g), "SG ≠ U somewhere", f"SG = U on [0,{JM_BOX}]^V")


_add(name="003-mtf-necessary", source="003 §2 ([8])",
     statement="Property (MTF) is necessary for JM: every hypergraph failing (MTF) has a position with "
               "SG(x) ≠ U(x) [the witness searched in [0,3]^V].",
     instances=_mtf_nec_instances, check=_mtf_nec_check, default_size=3, slow_size=4, size_name="piles n")


# --- Theorems 1 and 2 -------------------------------------------------------------------------

def _thm1_components(relaxed=False):
    """JM+ hypergraphs on ≤ 4 piles and ([2] choose 1), as Theorem 1 allows."""
    return [NIM2] + [g for g in games(4) if jm_plus(g, relaxed)[0]]


def _thm1_instances(N):
    comps = _thm1_components()
    for g1, g2 in combinations_with_replacement(comps, 2):
        if g1.n + g2.n <= N:
            yield g1, g2


def _conj(g1, g2) -> HyperNim:
    return conjunctive_hypergraph(rename(g1, "a"), rename(g2, "b"))


def _thm1_check(inst):
    g1, g2 = inst
    for g in inst:
        require(g is NIM2 or S.is_nim2(g) or jm_plus(g)[0], "003-thm1", "each component JM+ or ([2] choose 1)")
    H = _conj(g1, g2)
    bad = {}
    for name, fn in (("MTF", S.mtf_violation), ("C", S.chain_violation)):
        r = fn(H)
        if r:
            bad[name] = r
    try:
        star = S.md_star_violation(H)
    except TooLarge:
        star = "2^|min H| subfamilies: not enumerated"
    if star is not None:
        x = S.md_violation_on_box(H, [2] * H.n)
        if x is not None:
            bad["MD"] = f"fails at {list(x)}"
    w = jm_witness(H, 1 if H.n > 6 else 2)
    if w is not None:
        bad["JM"] = f"SG {sg(H, w)} ≠ U {U(H, w)} at {list(w)}"
    return Violation({"components": [desc(g1), desc(g2)]}, "JM+", bad) if bad else None


_add(name="003-thm1", source="003 Thm 1",
     statement="The conjunctive compound H_1 ⊗ … ⊗ H_p is JM+ if p ≥ 2 and each H_i is JM+ or "
               "([2] choose 1). [p = 2; (MTF), (C) exact; (MD) by (MD*) or on [0,2]^V; JM checked on "
               "[0,2]^V (on [0,1]^V beyond 6 piles)]",
     instances=_thm1_instances, check=_thm1_check, default_size=6, slow_size=8, size_name="piles n")


def _thm2_instances(relaxed, pile):
    def inst(N):
        comps = [g for g in games(4) if jm_plus(g, relaxed)[0]]
        for g1, g2 in combinations_with_replacement(comps, 2):
            if g1.n + g2.n <= N:
                cg = CompoundGame("selective", [rename(g1, "a"), rename(g2, "b")])
                for x1 in box(g1.n, pile):
                    for x2 in box(g2.n, pile):
                        yield cg, (x1, x2)
    return inst


def _thm2_check(name, relaxed):
    def check(inst):
        cg, x = inst
        require(cg.kind == "selective", name, "a selective compound")
        for g in cg.components:
            ok, why = jm_plus(g, relaxed)
            require(bool(ok), name, f"every component JM+: {why}")
        want = _selU(cg.components, x)
        got = sg(cg, x)
        return None if want == got else Violation(cdesc("selective", cg.components, x), {"U": want}, {"sg": got})
    return check


_add(name="003-thm2", source="003 Thm 2",
     statement="If H_1..H_p are JM+, the SG function of the selective compound is "
               "U(M(x), Y(x), h_H(x)) with M, Y, h the sums (6). [p = 2, piles ≤ 1]",
     instances=_thm2_instances(False, 1), check=_thm2_check("003-thm2", False),
     default_size=8, slow_size=8, size_name="piles n")

_add(name="003-thm2-relaxed", source="003 Thm 2, (C) read with ≤ 1",
     statement="Theorem 2 for components JM+ under the ≤ 1 reading of (C) (e.g. Moore's NIM_2, "
               "Example 2). [p = 2, piles ≤ 2]",
     instances=_thm2_instances(True, 2), check=_thm2_check("003-thm2-relaxed", True),
     default_size=6, slow_size=7, size_name="piles n", tags=("reading",))


# --- Examples 1 and 2 ---------------------------------------------------------------------------

C4A = HyperNim([["1", "2"], ["2", "3"], ["3", "4"], ["4", "1"]], vertices=["1", "2", "3", "4"])
C4B = HyperNim([["5", "6"], ["6", "7"], ["7", "8"], ["8", "5"]], vertices=["5", "6", "7", "8"])
a1, a2, b1, b2 = (0, 4, 4, 0), (0, 3, 3, 0), (0, 4, 4, 0), (4, 6, 6, 4)


def _dp_sg(H: HyperNim, x) -> int:
    """SG by the box DP (differentially tested against the explicit reference in
    tests/test_hypernim.py); used where the explicit recursion takes tens of seconds."""
    return int(S.sg_table(H, x)[tuple(x)])


def _conj_y(x1, x2):
    H = conjunctive_hypergraph(C4A, C4B)
    x = x1 + x2
    m = min(x)
    return H.height(tuple(c - m for c in x))


def _ex1_items(_size):
    H = conjunctive_hypergraph(C4A, C4B)
    Hs = selective_hypergraph(C4A, C4B)
    conj = CompoundGame("conjunctive", [C4A, C4B])
    yield "m(a1), m(a2), y(a1), y(a2)", (0, 0, 4, 3), lambda: (min(a1), min(a2), myh(C4A, a1)[1], myh(C4B, a2)[1])
    yield "U(a1) = h(a1), U(a2) = h(a2)", (4, 4, 3, 3), lambda: (U(C4A, a1), C4A.height(a1), U(C4B, a2), C4B.height(a2))
    yield "m(b1), m(b2), y(b1), y(b2)", (0, 4, 4, 2), lambda: (min(b1), min(b2), myh(C4A, b1)[1], myh(C4B, b2)[1])
    yield "U(b1) = h(b1), U(b2) = v(4, 2)", (4, 4, 3, 3), lambda: (U(C4A, b1), C4A.height(b1), U(C4B, b2), S.jm_v(4, 2))
    yield "C4 = ([2] choose 1) ⊗ ([2] choose 1) is JM+", True, lambda: bool(jm_plus(C4A)[0])
    yield "SG(a1) = SG(b1), SG(a2) = SG(b2) (values 4, 3)", (4, 4, 3, 3), lambda: (sg(C4A, a1), sg(C4A, b1), sg(C4B, a2), sg(C4B, b2))
    yield "conjunctive: m(a), y_H(a), U(a) = h_H(a)", (0, 3, 3, 3), lambda: (min(a1 + a2), _conj_y(a1, a2), U(H, a1 + a2), H.height(a1 + a2))
    yield "conjunctive: m(b), y_H(b)", (0, 2), lambda: (min(b1 + b2), _conj_y(b1, b2))
    yield "conjunctive: U(b) = h_H(b)", (4, 4), lambda: (U(H, b1 + b2), H.height(b1 + b2))
    yield "conjunctive: SG(a) ≠ SG(b) (3 and 4, H JM+ by Thm 1)", (3, 4), lambda: (sg(conj, (a1, a2)), _dp_sg(H, b1 + b2))
    yield "selective: M(a), Y(a), U(a) = h_H(a) = 7", (0, 7, 7, 7), lambda: (
        0, myh(C4A, a1)[1] + myh(C4B, a2)[1], _selU((C4A, C4B), (a1, a2)), Hs.height(a1 + a2))
    yield "selective: M(b), Y(b), SG(b) = U(b) = h_H(b) = 14", (4, 6, 14, 14, 14), lambda: (
        4, myh(C4A, b1)[1] + myh(C4B, b2)[1], _dp_sg(Hs, b1 + b2), _selU((C4A, C4B), (b1, b2)), Hs.height(b1 + b2))


def _values_check(item):
    label, printed, compute = item
    got = compute()
    return None if got == printed else Violation({"item": label}, printed, got)


_add(name="003-ex1", source="003 Ex 1",
     statement="Example 1 (two 4-cycles, a = ((0,4,4,0),(0,3,3,0)), b = ((0,4,4,0),(4,6,6,4))): the printed "
                "values of m, y, U, h, M, Y and SG for the components, the conjunctive and the selective compound.",
     instances=_ex1_items, check=_values_check, default_size=1, size_name="-",
     erratum="y_H(b) for the conjunctive compound is printed as min{y_H1(b1), y_H2(b2)} = 2; by (3b) with "
             "m(b) = 0 it is h_H(b) = min(h_1(b1), h_2(b2)) = min(4, 10) = 4 (U(b) = 4 stands).")


def _ex1c_items(size):
    for item in _ex1_items(size):
        if item[0] == "conjunctive: m(b), y_H(b)":
            yield item[0], (0, 4), item[2]
        else:
            yield item


_add(name="003-ex1-corrected", source="003 Ex 1", corrects="003-ex1",
     statement="Example 1 with y_H(b) = h_H(b - m(b)e) = 4 for the conjunctive compound (all other values as printed).",
     instances=_ex1c_items, check=_values_check, default_size=1, size_name="-")

M3A, M3B = moore(3, 2, "a"), moore(3, 2, "b")
A1 = (4, 4, 5)


def _ex2_moves():
    """Options b of a = (A1, A1) in the selective compound with U(b) = 2 (Thm 2 formula)."""
    cg = CompoundGame("selective", [M3A, M3B])
    out = []
    for o in cg.options((A1, A1)):
        if _selU((M3A, M3B), o) == 2:
            out.append(o)
    return sorted(out)


def _ex2_dp_sg(x1, x2):
    return _dp_sg(selective_hypergraph(M3A, M3B), x1 + x2)


def _ex2_items(_size):
    yield "m(a1), y(a1), U(a1) = v(4,1), SG(a1)", (4, 1, 1, 1), lambda: (*myh(M3A, A1)[:2], U(M3A, A1), sg(M3A, A1))
    yield "M(a), Y(a), U(a) = v(8, 2)", (8, 2, 4), lambda: (8, 2 * myh(M3A, A1)[1], _selU((M3A, M3B), (A1, A1)))
    yield "Moore's NIM_2 on 3 piles is JM+ (Thm 2 is applied to it)", True, lambda: bool(jm_plus(M3A)[0])
    yield "SG(a) = 4 in the selective compound", 4, lambda: _ex2_dp_sg(A1, A1)
    yield "moves a -> b with U(b) = 2: only b = ((3,3,4),(4,4,4)) up to symmetry", \
        [((3, 3, 4), (4, 4, 4)), ((4, 4, 4), (3, 3, 4))], _ex2_moves
    yield "SG(b1) = U(b1) = 2 > SG(a1) = 1", (2, 2), lambda: (sg(M3A, (3, 3, 4)), U(M3A, (3, 3, 4)))


_add(name="003-ex2", source="003 Ex 2",
     statement="Example 2 (two copies of Moore's NIM_2 on 3 piles, a^1 = a^2 = (4,4,5)): printed values, "
               "and moving to SG 2 in the selective compound needs b^1 = (3,3,4) with SG(b^1) = 2 > SG(a^1).",
     instances=_ex2_items, check=_values_check, default_size=1, size_name="-",
     erratum="Example 2 applies Theorem 2 to Moore's NIM_2 on 3 piles, which is not JM+ with (C) as printed: "
             "there is no chain from {1} to {2} (the only edge inside {1,2} meeting {1} and adding one pile is "
             "{1,2}, after which |H_{i+1} \\ H_i| = 1 is impossible). Its values are right: under the ≤ 1 "
             "reading of (C) the game is JM+ (claims 003-jmplus-relaxed-is-jm, 003-thm2-relaxed). Second error: "
             "b^1 = (3,3,4) is not an option of a^1 = (4,4,5) (it lowers all 3 piles; edges have ≤ 2); the moves "
             "to U = 2 are b^1 = (3,4,3) or (4,3,3) (symmetric under swapping piles 1, 2) with b^2 = (4,4,4), "
             "and SG(3,4,3) = 2 > SG(a^1) = 1, so the conclusion stands.")


def _ex2c_items(size):
    for label, printed, fn in _ex2_items(size):
        if label.startswith("Moore's NIM_2"):
            yield "Moore's NIM_2 on 3 piles is JM+ with (C) read as ≤ 1", True, lambda: bool(jm_plus(M3A, True)[0])
        elif label.startswith("moves a -> b"):
            yield "moves a -> b with U(b) = 2: b^1 ∈ {(3,4,3), (4,3,3)}, b^2 = (4,4,4), up to swapping the games", \
                [((3, 4, 3), (4, 4, 4)), ((4, 3, 3), (4, 4, 4)), ((4, 4, 4), (3, 4, 3)), ((4, 4, 4), (4, 3, 3))], _ex2_moves
        elif label.startswith("SG(b1)"):
            yield "SG(b1) = U(b1) = 2 > SG(a1) = 1 for b1 = (3,4,3)", (2, 2), lambda: (sg(M3A, (3, 4, 3)), U(M3A, (3, 4, 3)))
        else:
            yield label, printed, fn


_add(name="003-ex2-corrected", source="003 Ex 2", corrects="003-ex2",
     statement="Example 2 with Theorem 2 applied under the ≤ 1 reading of (C), which Moore's NIM_2 satisfies, "
               "and the move to SG 2 taken to b^1 = (3,4,3) (or (4,3,3)), b^2 = (4,4,4).",
     instances=_ex2c_items, check=_values_check, default_size=1, size_name="-", tags=("reading",))


# --- §4 lemmas ----------------------------------------------------------------------------------

def _pos_games(N, b):
    for g in games(N):
        for x in box(g.n, b):
            yield g, x


def _lemma1_check(inst):
    g, x = inst
    for x2 in box(g.n, 2):
        plus = sum(max(0, c - a) for a, c in zip(x, x2))
        if g.height(x) < g.height(x2) - plus:
            return Violation({**desc(g, x), "x'": list(x2)}, f"h(x) ≥ {g.height(x2) - plus}", g.height(x))
    return None


_add(name="003-lemma1", source="003 Lemma 1",
     statement="h_H(x) ≥ h_H(x') - ||x' - x||_+ for all positions x, x' (x' in [0,2]^V); h_H is monotone.",
     instances=lambda N: _pos_games(N, 2), check=_lemma1_check, default_size=3, slow_size=4, size_name="piles n")


def _lemma2_check(inst):
    g, x = inst
    for idx in g.edge_indices:
        if not all(x[i] > 0 for i in idx):
            continue
        for a in product(*(range(x[i]) for i in idx)):
            for b in product(*(range(a[k], x[i]) for k, i in enumerate(idx))):
                hs = set()
                for c in product(*(range(a[k], b[k] + 1) for k in range(len(idx)))):
                    z = list(x)
                    for i, v in zip(idx, c):
                        z[i] = v
                    hs.add(g.height(tuple(z)))
                za, zb = list(x), list(x)
                for i, u, v in zip(idx, a, b):
                    za[i], zb[i] = u, v
                want = set(range(g.height(tuple(za)), g.height(tuple(zb)) + 1))
                if hs != want:
                    return Violation({**desc(g, x), "a": za, "b": zb}, sorted(want), sorted(hs))
    return None


_add(name="003-lemma2", source="003 Lemma 2",
     statement="Contiguity: for H-moves x -> a, x -> b with a ≤ b, every c ∈ [a, b] is an H-move from x "
               "and {h(c) : c ∈ [a, b]} = [h(a), h(b)].",
     instances=lambda N: _pos_games(N, 2), check=_lemma2_check, default_size=3, slow_size=4, size_name="piles n")


def _lemma3_instances(relaxed):
    def inst(N):
        for g in games(N):
            if jm_plus(g, relaxed)[0]:
                for x in box(g.n, 3):
                    if g.height(x) > 0:
                        yield g, x
    return inst


def _lemma3_check(name, relaxed):
    def check(inst):
        g, x = inst
        ok, why = _named(jm_plus(g, relaxed), "H must be JM+")
        require(ok, name, why)
        m, y, h = myh(g, x)
        opts = {myh(g, o) for o in g.options(x)}
        for t in range(h + 1):
            if not ((m == 0 and t == h) or (m > 0 and m <= t < h)):
                continue                                               # (L0)
            if not all(any(m2 < m and y2 >= y and h2 == z for m2, y2, h2 in opts) for z in range(t + 1, h)):
                continue                                               # (L1)
            if t < h and not any(m2 == 0 and y2 >= y and h2 == t for m2, y2, h2 in opts):
                continue                                               # (L2)
            if not all(any(m2 == 0 and h2 == z for m2, _, h2 in opts) for z in range(m, t)):
                continue                                               # (L3)
            return None
        return Violation(desc(g, x), "some t with (L0)-(L3)", "none")
    return check


_add(name="003-lemma3", source="003 Lemma 3",
     statement="For JM+ H and h(x) > 0 there is t with (L0)-(L3) [x in [0,3]^V].",
     instances=_lemma3_instances(False), check=_lemma3_check("003-lemma3", False),
     default_size=4, slow_size=4, size_name="piles n")

_add(name="003-lemma3-relaxed", source="003 Lemma 3, (C) read with ≤ 1",
     statement="Lemma 3 for H JM+ under the ≤ 1 reading of (C) [x in [0,3]^V].",
     instances=_lemma3_instances(True), check=_lemma3_check("003-lemma3-relaxed", True),
     default_size=3, slow_size=4, size_name="piles n", tags=("reading",))


def _mtf_c(g, relaxed=False):
    return S.mtf_violation(g) is None and S.chain_violation(g, relaxed) is None


def _lemma4_instances(relaxed):
    def inst(N):
        for g in games(N):
            if _mtf_c(g, relaxed):
                for x in box(g.n, 3):
                    if min(x) > 0:
                        yield g, x
    return inst


def _lemma4_check(name, relaxed):
    def check(inst):
        g, x = inst
        require(_mtf_c(g, relaxed), name, "H must satisfy (MTF) and (C)")
        require(min(x) > 0, name, "m(x) > 0")
        m, y, _ = myh(g, x)
        reach = {myh(g, o)[:2] for o in g.options(x)}
        for mu in range(m + 1):
            for eta in range(m - mu, y + 1):
                if (mu, eta) != (m, y) and (mu, eta) not in reach:
                    return Violation(desc(g, x), f"a move to m = {mu}, y = {eta}", "none")
        return None
    return check


_add(name="003-lemma4", source="003 Lemma 4",
     statement="If H has (MTF) and (C), then for m(x) > 0 and (μ, η) ≠ (m(x), y(x)) with 0 ≤ μ ≤ m(x), "
               "m(x) - μ ≤ η ≤ y(x) there is a move x -> x' with m(x') = μ, y(x') = η [x in [1,3]^V].",
     instances=_lemma4_instances(False), check=_lemma4_check("003-lemma4", False),
     default_size=4, slow_size=4, size_name="piles n")

_add(name="003-lemma4-relaxed", source="003 Lemma 4, (C) read with ≤ 1",
     statement="Lemma 4 under the ≤ 1 reading of (C) [x in [1,3]^V].",
     instances=_lemma4_instances(True), check=_lemma4_check("003-lemma4-relaxed", True),
     default_size=3, slow_size=4, size_name="piles n", tags=("reading",))


def _tf_pairs(N, b):
    tf = [g for g in games(min(N - 1, 3)) if S.is_transversal_free(g)]
    for g1, g2 in combinations_with_replacement(tf, 2):
        if g1.n + g2.n <= N:
            p1, p2 = rename(g1, "a"), rename(g2, "b")
            for x1 in box(p1.n, b):
                for x2 in box(p2.n, b):
                    yield p1, p2, x1, x2


def _selU(parts, xs) -> int:
    """U(M, Y, h) of Thm 2 from the memoized explicit heights (same as S.selective_formula)."""
    return S.jm_U(*_MYh(parts, xs))


def _MYh(parts, xs):
    vals = [myh(g, x) for g, x in zip(parts, xs)]
    return sum(v[0] for v in vals), sum(v[1] for v in vals), sum(v[2] for v in vals)


def _lemma5_check(inst):
    g1, g2, x1, x2 = inst
    require(S.is_transversal_free(g1) and S.is_transversal_free(g2), "003-lemma5", "components transversal free")
    H = selective_hypergraph(g1, g2)
    if not S.is_transversal_free(H):
        return Violation(cdesc("selective", [g1, g2]), "transversal free", "has a transversal edge")
    a = x1 + x2
    Ma, Ya, _ = _MYh((g1, g2), (x1, x2))
    t = Ya * (Ya + 1) // 2
    if (S.jm_v(Ma, Ya) < Ma) != (Ma > t):
        return Violation({"M": Ma, "Y": Ya}, "(ii) v(M,Y) < M iff M > C(Y+1,2)", S.jm_v(Ma, Ya))
    for b in H.options(a):
        Mb, Yb, _ = _MYh((g1, g2), (b[:g1.n], b[g1.n:]))
        if not (H.height(a) > H.height(b) >= Ma >= Mb):
            return Violation({**cdesc("selective", [g1, g2], [x1, x2]), "b": list(b)},
                             "(i) h(a) > h(b) ≥ M(a) ≥ M(b)", [H.height(a), H.height(b), Ma, Mb])
        if Yb < Ma - Mb:
            return Violation({**cdesc("selective", [g1, g2], [x1, x2]), "b": list(b)},
                             "(iii) Y(b) ≥ M(a) - M(b)", [Yb, Ma - Mb])
    return None


_add(name="003-lemma5", source="003 Lemma 5",
     statement="A selective compound of transversal free H_i is transversal free, and for every move a -> b: "
               "(i) h(a) > h(b) ≥ M(a) ≥ M(b); (ii) v(M(a),Y(a)) < M(a) iff M(a) > C(Y(a)+1, 2); "
               "(iii) Y(b) ≥ M(a) - M(b). [h the height of the compound, p = 2, piles ≤ 2]",
     instances=lambda N: _tf_pairs(N, 2), check=_lemma5_check, default_size=4, slow_size=6, size_name="piles n")


def _lemma6_check(inst):
    g1, g2, x1, x2 = inst
    require(S.is_transversal_free(g1) and S.is_transversal_free(g2), "003-lemma6", "components transversal free")
    parts = (g1, g2)
    ua = _selU(parts, (x1, x2))
    cg = CompoundGame("selective", parts)
    for o in cg.options((x1, x2)):
        if _selU(parts, o) == ua:
            return Violation({**cdesc("selective", parts, [x1, x2]), "x'": [list(c) for c in o]}, "U(x) ≠ U(x')", ua)
    return None


_add(name="003-lemma6", source="003 Lemma 6",
     statement="In a selective compound of transversal free hypergraphs, U(M, Y, h) differs at x and x' for "
               "every move x -> x'. [p = 2, piles ≤ 2]",
     instances=lambda N: _tf_pairs(N, 2), check=_lemma6_check, default_size=5, slow_size=6, size_name="piles n")


# --- §5 lemmas ----------------------------------------------------------------------------------

def _pairs(N, pred):
    cands = [g for g in games(min(N - 1, 3)) if pred(g)]
    for g1, g2 in combinations_with_replacement(cands, 2):
        if g1.n + g2.n <= N:
            yield g1, g2


def _preserve_check(name, hyp, prop):
    def check(inst):
        g1, g2 = inst
        require(hyp(g1) and hyp(g2), name, "both components must have the property")
        H = _conj(g1, g2)
        r = prop(H)
        return None if r is None else Violation({"components": [desc(g1), desc(g2)]}, "preserved", r)
    return check


def _no_mtf(g):
    return S.mtf_violation(g) is None


def _no_c(g):
    return S.chain_violation(g) is None


def _md_known(g):
    return S.md_star_violation(g) is None


def _md_box(H):
    x = S.md_violation_on_box(H, [2] * H.n)
    return None if x is None else f"(MD) fails at {list(x)}"


_add(name="003-lemma7", source="003 Lemma 7",
     statement="If H^1, H^2 have (MTF) (disjoint piles), so does H^1 ⊗ H^2.",
     instances=lambda N: _pairs(N, _no_mtf), check=_preserve_check("003-lemma7", _no_mtf, S.mtf_violation),
     default_size=7, slow_size=8, size_name="piles n")
_add(name="003-lemma8", source="003 Lemma 8",
     statement="If H^1, H^2 have (MD), so does H^1 ⊗ H^2. [(MD) of the components by (MD*); of the compound "
               "on [0,2]^V]",
     instances=lambda N: _pairs(N, _md_known), check=_preserve_check("003-lemma8", _md_known, _md_box),
     default_size=5, slow_size=6, size_name="piles n")
_add(name="003-lemma9", source="003 Lemma 9",
     statement="If H^1, H^2 have (C), so does H^1 ⊗ H^2.",
     instances=lambda N: _pairs(N, _no_c), check=_preserve_check("003-lemma9", _no_c, S.chain_violation),
     default_size=7, slow_size=8, size_name="piles n")


def _lemma8h_instances(N):
    for g1, g2 in _pairs(N, lambda g: True):
        if g1.n + g2.n <= N:
            p1, p2 = rename(g1, "a"), rename(g2, "b")
            H = conjunctive_hypergraph(p1, p2)
            for x1 in box(p1.n, 2):
                for x2 in box(p2.n, 2):
                    yield p1, p2, H, x1, x2


def _lemma8h_check(inst):
    p1, p2, H, x1, x2 = inst
    want = min(p1.height(x1), p2.height(x2))
    got = H.height(x1 + x2)
    return None if want == got else Violation(cdesc("conjunctive", [p1, p2], [x1, x2]), want, got)


_add(name="003-lemma8-height", source="003 Lemma 8 (proof)",
     statement="h_{H^1 ⊗ H^2}(x) = min{h_{H^1}(x^1), h_{H^2}(x^2)}. [piles ≤ 2]",
     instances=_lemma8h_instances, check=_lemma8h_check, default_size=4, slow_size=5, size_name="piles n")


def _lemma10_instances(N):
    base = [g for g in games(min(N - 1, 3)) if _no_c(g)] + [classical_nim(l) for l in range(1, N)]
    for g in base:
        for k in range(1, N - g.n + 1):
            yield g, classical_nim(k)


def _lemma10_check(inst):
    g, nk = inst
    hyp = _no_c(g) or sorted(g.edges) == [1 << i for i in range(g.n)]
    require(hyp, "003-lemma10", "H must have (C) or be ([l] choose 1)")
    r = S.chain_violation(_conj(g, nk))
    return None if r is None else Violation({"H": desc(g), "k": nk.n}, "(C)", r)


_add(name="003-lemma10", source="003 Lemma 10",
     statement="H ⊗ ([k] choose 1) satisfies (C) if H does or H = ([l] choose 1).",
     instances=_lemma10_instances, check=_lemma10_check, default_size=6, slow_size=7, size_name="piles n")


# --- §7 -------------------------------------------------------------------------------------------

def _lemma11_check(g):
    require(_md_known(g), "003-lemma11", "H must satisfy (MD*)")
    r = _md_box(g)
    return None if r is None else Violation(desc(g), "(MD) on [0,2]^V", r)


_add(name="003-lemma11", source="003 Lemma 11",
     statement="Property (MD*) implies (MD). [(MD) checked on [0,2]^V]",
     instances=lambda N: (g for g in games(N) if _md_known(g)), check=_lemma11_check,
     default_size=4, slow_size=5, size_name="piles n",
     erratum="False: H = {1, 2, 13, 124} satisfies (MD*) (min H = {1, 2}) but not (MD): at x = (2,2,2,1) the "
             "only edge through the minimum pile 4 is 124, and h(1,1,2,0) = 2 ≠ h(x) - 1 = 3. The proof's "
             "'we can assume F ⊆ min H' loses piles covered by no minimal edge.")


def _covered_by_min(g) -> bool:
    from ..hypergraph import minimal_masks
    return reduce(lambda a, b: a | b, minimal_masks(g.edges), 0) == g.hypergraph.full_mask


def _lemma11c_check(g):
    require(_md_known(g) and _covered_by_min(g), "003-lemma11-corrected", "H must satisfy (MD*) and V = ∪ min H")
    r = _md_box(g)
    return None if r is None else Violation(desc(g), "(MD) on [0,2]^V", r)


_add(name="003-lemma11-corrected", source="003 Lemma 11", corrects="003-lemma11",
     statement="(MD*) together with V = ∪ min H implies (MD) [checked, not proved: (MD) on [0,2]^V]. "
               "(MTF) implies V = ∪ min H, so JM+ is unaffected.",
     instances=lambda N: (g for g in games(N) if _md_known(g) and _covered_by_min(g)), check=_lemma11c_check,
     default_size=3, slow_size=4, size_name="piles n")

L11 = HyperNim([["1", "2"], ["2", "3"], ["3", "4"], ["1", "4", "5"]], vertices=list("12345"))


def _l11ex_items(_size):
    yield "(MD*) fails for F = {H1, H2, H3}", False, lambda: S.md_star_violation(L11) is None
    yield "(MD) holds [on [0,3]^V]", None, lambda: S.md_violation_on_box(L11, [3] * 5)


_add(name="003-lemma11-example", source="003 §7 (after Lemma 11)",
     statement="H = {12, 23, 34, 145} fails (MD*) (for F = {H1, H2, H3}) but satisfies (MD).",
     instances=_l11ex_items, check=_values_check, default_size=1, size_name="-")


def _remark1_instances(N):
    for n in range(1, N + 1):
        for r in range(1, n + 1):
            for Sz in combinations(range(1, n + 1), r):
                yield n, Sz


def _remark1_check(inst):
    n, Sz = inst
    g = symmetric(n, Sz)
    r = S.md_star_violation(g)
    if r is not None:
        return Violation({"n": n, "S": list(Sz)}, "(MD*)", r)
    gap = any(i in Sz and k in Sz and j not in Sz for i in Sz for k in Sz for j in range(i + 1, k))
    if gap and S.chain_violation(g) is None:
        return Violation({"n": n, "S": list(Sz)}, "S has a gap, so not (C)", "(C) holds")
    return None


_add(name="003-remark1", source="003 Remark 1",
     statement="Symmetric hypergraphs ([n] choose S) satisfy (MD*); if S has a gap they do not satisfy (C).",
     instances=_remark1_instances, check=_remark1_check, default_size=5, slow_size=6, size_name="n")


def _cube() -> HyperNim:
    verts = [f"{a}{b}{c}" for a in "01" for b in "01" for c in "01"]
    faces = [[v for v in verts if v[d] == s] for d in range(3) for s in "01"]
    return HyperNim(faces, vertices=verts)


def _ten(p6: bool) -> HyperNim:
    V = [f"v{i}" for i in range(10)]
    T = [V[1:4], V[4:7], V[7:10]]
    if p6:
        E = T + [list(c) for c in combinations(V[1:], 4) if {"v1", "v4", "v7"} & set(c)] + \
            [list(c) for c in combinations(V, 5)]
    else:
        E = T + [list(c) for c in combinations(V[1:], 4)] + [["v0", *c] for c in combinations(V[1:], 4)]
    return HyperNim(E, vertices=V)


def _jm_box_witness(g: HyperNim, b: int):
    """Smallest non-JM position of [0,b]^V found by the DP, confirmed by the explicit reference."""
    x = S.jm_violation_on_box(g, [b] * g.n)
    if x is None:
        return None
    return x if sg(g, x) != U(g, x) else "DP and explicit reference disagree"


def _props(g: HyperNim, md_box: int, jm_box: int | None, relaxed=False) -> dict:
    out = {"MTF": S.mtf_violation(g) is None, "C": S.chain_violation(g, relaxed) is None}
    if S.md_star_violation(g) is None:
        out["MD"] = True
    else:
        out["MD"] = S.md_violation_on_box(g, [md_box] * g.n) is None or False
    if jm_box is not None:
        out["JM"] = _jm_box_witness(g, jm_box) is None
    return out


def _thm3_items(size, relaxed=False):
    cube = _cube()
    xc = (1, 2, 2, 4, 2, 4, 4, 6)
    yield "P1 cube: MTF, not MD (at x = (1,2,2,4,2,4,4,6), the smallest in [0,6]^V), not C", \
        {"MTF": True, "MD at x": False, "C": False}, \
        lambda: {"MTF": S.mtf_violation(cube) is None, "MD at x": S.md_holds_at(cube, xc),
                 "C": S.chain_violation(cube) is None}
    yield "P2 ([4] choose {1,3}): MD, not MTF, not C", {"MTF": False, "C": False, "MD": True}, \
        lambda: _props(symmetric(4, (1, 3)), 3, None)
    yield "P4 ([2] choose 1): MTF, MD, not C, not JM", {"MTF": True, "C": False, "MD": True, "JM": False}, \
        lambda: _props(NIM2, 3, 3)
    yield "P5 ([5] choose 2): MD, C, not MTF, not JM", {"MTF": False, "C": True, "MD": True, "JM": False}, \
        lambda: _props(symmetric(5, (2,)), 3, 3)
    yield "P7 ([6] choose {2,4}): JM, MD, not C", {"MTF": True, "C": False, "MD": True, "JM": True}, \
        lambda: _props(symmetric(6, (2, 4)), 2, 2 if size < 2 else 3)
    g3 = _ten(False)
    x3 = g3.position({v: 1 if v == "v0" else 2 for v in g3.vertices})
    yield "P3: not MTF, not MD (at x = (1,2,…,2)), C", {"MTF": False, "MD at x": False, "C": True}, \
        lambda: {"MTF": S.mtf_violation(g3) is None, "MD at x": S.md_holds_at(g3, x3),
                 "C": S.chain_violation(g3) is None}
    if size >= 2:
        g6 = _ten(True)
        yield "P6: MTF, C (not JM at (6,7,…,7): beyond the reach of an exact check)", {"MTF": True, "C": True}, \
            lambda: {"MTF": S.mtf_violation(g6) is None, "C": S.chain_violation(g6, relaxed) is None}


_add(name="003-thm3", source="003 Thm 3",
     statement="(P1)-(P7) with the printed witnesses: the cube (MTF only); ([4] choose {1,3}) (MD, not MTF, "
               "not C); the 10-vertex (P3) hypergraph (C, not MTF, not MD at (1,2,…,2)); ([2] choose 1) "
               "(MTF, MD, not JM); ([5] choose 2) (MD, C, not JM); the (P6) hypergraph (MTF, C, not JM); "
               "([6] choose {2,4}) (JM, MD, not C). [JM and (MD) on small boxes: non-JM and non-(MD) by "
               "witnesses, JM and (MD) only on the box]",
     instances=_thm3_items, check=_values_check, default_size=1, slow_size=2, size_name="JM box level",
     erratum="(P3): the 10-vertex hypergraph does not satisfy (C) as printed: no chain from {v1,v2,v3,v4} "
             "to {v1,v2,v3} (the only edges inside their union are these two, and T1 \\ {v1..v4} = ∅); "
             "it does under the ≤ 1 reading. Likewise (P6) (checked at size 2). The other witnesses behave "
             "as printed on the checked boxes; non-JM of the cube and of (P6) is not reached by an exact "
             "check (the cube is JM on [0,5]^V).")


def _thm3r_items(size):
    for label, want, fn in _thm3_items(size, relaxed=True):
        if label.startswith("P3"):
            g3 = _ten(False)
            yield "P3 with (C) read as ≤ 1", {"C (≤ 1)": True}, \
                lambda: {"C (≤ 1)": S.chain_violation(g3, relaxed=True) is None}
        else:
            yield label, want, fn


_add(name="003-thm3-relaxed", source="003 Thm 3", corrects="003-thm3",
     statement="Theorem 3's witnesses with (C) read as |H_{i+1} \\ H_i| ≤ 1 (then the (P3) hypergraph has (C)).",
     instances=_thm3r_items, check=_values_check, default_size=1, slow_size=2, size_name="JM box level",
     tags=("reading",))


# --- §8 open problems (conjectures; JM and (MD) on boxes) ----------------------------------------

OPEN_BOX = 3


def _is_jm_box(g):
    return S.mtf_violation(g) is None and jm_witness(g, OPEN_BOX) is None   # (MTF) necessary ([8])


def _md_box_ok(g):
    return S.md_star_violation(g) is None or S.md_violation_on_box(g, [OPEN_BOX] * g.n) is None


def _open_check(name, premise, conclusion, text):
    def check(g):
        if premise(g) and not conclusion(g):
            return Violation(desc(g), text, "a hypergraph in the open region (JM and (MD) on the box)")
        return None
    return check


_add(name="003-open-P8", source="003 §8 (P8)", tags=("conjecture",),
     statement="Open: is there a JM hypergraph with (C) but not (MD)? Checked: none on ≤ N piles "
               "(JM and (MD) on [0,3]^V).",
     instances=games, check=_open_check("003-open-P8", lambda g: _no_c(g) and _is_jm_box(g), _md_box_ok,
                                        "JM and (C) imply (MD)"),
     default_size=3, slow_size=4, size_name="piles n")
_add(name="003-open-P9", source="003 §8 (P9)", tags=("conjecture",),
     statement="Open: is there a JM hypergraph with neither (MD) nor (C)? Checked: none on ≤ N piles "
               "(JM and (MD) on [0,3]^V).",
     instances=games, check=_open_check("003-open-P9", _is_jm_box, lambda g: _md_box_ok(g) or _no_c(g),
                                        "JM implies (MD) or (C)"),
     default_size=3, slow_size=4, size_name="piles n")
_add(name="003-open-MD", source="003 §2", tags=("conjecture",),
     statement="Open: is (MD) necessary for JM? Checked: every JM hypergraph on ≤ N piles has (MD) "
               "(JM and (MD) on [0,3]^V).",
     instances=games, check=_open_check("003-open-MD", _is_jm_box, _md_box_ok, "JM implies (MD)"),
     default_size=3, slow_size=4, size_name="piles n")


def _jm_pairs(N):
    jm = [g for g in games(min(N - 1, 3)) if _is_jm_box(g)]
    for g1, g2 in combinations_with_replacement(jm, 2):
        if g1.n + g2.n <= N:
            yield rename(g1, "a"), rename(g2, "b")


def _open_thm1_check(inst):
    g1, g2 = inst
    H = conjunctive_hypergraph(g1, g2)
    w = jm_witness(H, 2)
    return None if w is None else Violation({"components": [desc(g1), desc(g2)], "x": list(w)},
                                            {"U": U(H, w)}, {"sg": sg(H, w)})


def _open_thm2_check(inst):
    g1, g2 = inst
    cg = CompoundGame("selective", [g1, g2])
    for x1 in box(g1.n, 2):
        for x2 in box(g2.n, 2):
            want, got = _selU((g1, g2), (x1, x2)), sg(cg, (x1, x2))
            if want != got:
                return Violation(cdesc("selective", [g1, g2], [x1, x2]), {"U": want}, {"sg": got})
    return None


_add(name="003-open-thm1-jm", source="003 §2, §8", tags=("conjecture",),
     statement="Open: Theorem 1 with JM in place of JM+ (H_1 ⊗ H_2 is JM when H_1, H_2 are). Checked on "
               "components with ≤ 3 piles that are JM on [0,3]^V, the compound on [0,2]^V.",
     instances=_jm_pairs, check=_open_thm1_check, default_size=6, slow_size=6, size_name="piles n")
_add(name="003-open-thm2-jm", source="003 §2, §8", tags=("conjecture",),
     statement="Open: Theorem 2 with JM in place of JM+. Checked on components with ≤ 3 piles that are "
               "JM on [0,3]^V, positions in [0,2]^V.",
     instances=_jm_pairs, check=_open_thm2_check, default_size=6, slow_size=6, size_name="piles n")
