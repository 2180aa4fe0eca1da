"""Paper 000 (N. Sieben, Impartial Hypergraph Games, EJC 30(2) #P2.13, 2023) as executable claims.

Every numbered statement giving a value, a formula, a spectrum or an equivalence is a claim, checked
on each instance against the explicit reference: nim-values by :func:`verify.solvers.explicit.
solve_impartial` (or its literal-position labelling ``nim_positional``), game digraphs by walking the
literal option relation of :class:`verify.games.impartial.ImpartialGame` from ∅, and set-family facts
(transversals, maximal stable sets, closure systems, structure classes) by brute force over subsets,
straight from the definitions. Claims about the structure diagram beyond what positions realise
(types of classes, simplified diagrams) use :mod:`verify.structure`, itself checked against the
reference by the claims for Prop 4.12 and Algorithm 4.13.

Families are isomorph-free (``verify.isomorphism.enumerate_hypergraphs``) where it matters; "simple"
families are all Sperner families on n ≤ N vertices, including {∅}. A user instance outside a
statement's hypotheses is refused with an InputError naming the hypothesis.

Errata found (each kept as printed, with the corrected statement checked beside it):
- Prop 7.6, case e = o: printed 3 - |pty(e) - pty(V)|, true value 2 + |pty(e) - pty(V)|; smallest
  counterexample V = {1,2,3}, H = {{1,3},{2,3}} (Tr(H) = {{3},{1,2}}, σ = (1,1)): printed 3, nim 2.
- Prop 7.2, proof: the displayed types of X_{B^c}; smallest counterexample V = A = {1}.
- Prop 3.14 as converted ("k ∈ {0, |V|}"), refuted by Ex 3.13.

Reading notes: Prop 3.14 is printed (in the converted text) with "k ∈ {0, |V|}", which the paper's
own Ex 3.13 (k = 1, |V| = 3) contradicts; it is kept as printed (erratum) beside the reading
k ∈ {0, …, |V|}. Prop 3.10 / Cor 3.11 are checked on the game digraphs (positions reachable from ∅).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ..errors import InputError
from ..families import complete
from ..hypergraph import Hypergraph, bits, minimal_transversal_masks
from ..isomorphism import enumerate_hypergraphs
from ..solvers.explicit import nim_positional
from ..structure import StructureDiagram, type_step
from .hypergraph_kit import (
    GAMES,
    _cert,
    _simple,
    block_family,
    bracket,
    closure_system,
    defined,
    desc,
    digraph,
    edges_of,
    fact_claim,
    from_stable,
    game_claim,
    hg,
    is_stable,
    max_stable_brute,
    named_sets,
    names,
    nim,
    proper_closure_system,
    property_claim,
    sets,
    simple_family,
    stable_of,
    structure_classes,
    submasks,
    tr_brute,
    transversal_hg,
)
from .kit import parity, require
from .registry import Claim, Violation, register

# === §2 Preliminaries ===========================================================================

def _complete_family(rmin: int):
    def gen(size):
        for n in range(size + 1):
            for r in range(rmin, n + 1):
                yield complete(n, r)
    return gen


fact_claim("000-ex-2.2-2.4-transversals", "000 Ex 2.2 / Ex 2.3 / Ex 2.4",
           "Tr({{1},{1,2},{3}}) = {{1,3}} and Tr Tr = {{1},{3}}; Tr({12,13,23}) = itself; "
           "Tr(∅) = {∅}; Tr({∅}) = ∅.",
           lambda: {"2.2 Tr": sorted(tr_brute([0b001, 0b011, 0b100], 0b111)),
                    "2.2 TrTr": sorted(tr_brute(list(tr_brute([0b001, 0b011, 0b100], 0b111)), 0b111)),
                    "2.3 Tr": sorted(tr_brute([0b011, 0b101, 0b110], 0b111)),
                    "2.4 Tr(empty family)": sorted(tr_brute([], 0b111)),
                    "2.4 Tr({empty})": sorted(tr_brute([0], 0b111))},
           {"2.2 Tr": [0b101], "2.2 TrTr": [0b001, 0b100], "2.3 Tr": [0b011, 0b101, 0b110],
            "2.4 Tr(empty family)": [0], "2.4 Tr({empty})": []})


def _ex25(h):
    n, r = h.n, h.anti_rank if h.m else None
    exp = {t for t in submasks(h.full_mask) if t.bit_count() == n - r + 1}
    act = tr_brute(edges_of(h), h.full_mask)
    return None if exp == act else (sets(h, exp), sets(h, act))


property_claim("000-ex-2.5-tr-complete", "000 Ex 2.5",
               "Tr(K_n^r) = (V choose n-r+1); in particular Tr(H) = H for n = 2r-1.",
               _complete_family(1), _ex25, hyp=lambda h: h.m > 0 and h.is_uniform() and
               h.m == len(list(combinations(range(h.n), h.anti_rank))), hyp_text="H = K_n^r with r ≥ 1",
               default_size=6, slow_size=8)

property_claim("000-prop-2.6-union-tr", "000 Prop 2.6", "If H is a Sperner family then ⋃Tr(H) = ⋃H.",
               simple_family(),
               lambda h: (lambda a, b: None if a == b else (h.names(b), h.names(a)))(
                   _union(tr_brute(edges_of(h), h.full_mask)), _union(h.edge_masks)),
               hyp=lambda h: h.is_simple(), hyp_text="H is simple (a Sperner family)")


def _union(masks) -> int:
    u = 0
    for m in masks:
        u |= m
    return u


def _lemma27(h):
    e, full = edges_of(h), h.full_mask
    trans = {t for t in submasks(full) if all(t & x for x in e)}
    for p in submasks(full):
        if is_stable(p, e) != ((full & ~p) in trans):
            return ({"P": h.names(p), "stable iff complement transversal": True}, {"stable": is_stable(p, e)})
    s_h = max_stable_brute(e, full)
    comp = {full & ~t for t in tr_brute(e, full)}
    return None if s_h == comp else (sets(h, comp), sets(h, s_h))


property_claim("000-lemma-2.7-stable-transversal", "000 Lemma 2.7",
               "P is stable in H iff P^c is a transversal of H; hence S_H = ∁(Tr(H)).",
               simple_family(), _lemma27)


def _lemma28(h):
    e, full = edges_of(h), h.full_mask
    tr = list(tr_brute(e, full))
    for p in submasks(full):
        a = is_stable(p, tr)
        b = any(x & ~p == x for x in e)
        if a != b:
            return ({"P": h.names(p), "stable in Tr(H)": b}, {"stable in Tr(H)": a})
    return None


property_claim("000-lemma-2.8-stable-in-tr", "000 Lemma 2.8",
               "For simple H, P is stable in Tr(H) iff P^c contains an edge of H.",
               simple_family(), _lemma28, hyp=lambda h: h.is_simple(), hyp_text="H is simple")

fact_claim("000-ex-2.9-max-stable", "000 Ex 2.9",
           "For H = {{1,2},{3}} on {1,2,3}: S_H = ∁({{1,3},{2,3}}) = {{2},{1}}.",
           lambda: {"S_H": sorted(max_stable_brute([0b011, 0b100], 0b111))}, {"S_H": [0b001, 0b010]})


def _ex210(h):
    r = h.anti_rank
    exp = {t for t in submasks(h.full_mask) if t.bit_count() == r - 1}
    act = stable_of(h)
    return None if exp == act else (sets(h, exp), sets(h, act))


property_claim("000-ex-2.10-max-stable-complete", "000 Ex 2.10", "S_{K_n^r} = (V choose r-1).",
               _complete_family(1), _ex210, hyp=lambda h: h.m > 0 and h.is_uniform() and
               h.m == len(list(combinations(range(h.n), h.anti_rank))), hyp_text="H = K_n^r with r ≥ 1",
               default_size=6, slow_size=8)


def _sum_second_player_wins(dg: dict[int, frozenset[int]], k: int) -> bool:
    """Explicit search of G + *k (Prop 2.1): True when the player to move at (∅, *k) loses."""
    memo: dict = {}

    def win(p: int, j: int) -> bool:
        key = (p, j)
        if key not in memo:
            memo[key] = any(not win(q, j) for q in dg[p]) or any(not win(p, i) for i in range(j))
        return memo[key]

    return not win(0, k)


def _prop21(h):
    for kind in GAMES:
        if not defined(kind, h):
            continue
        dg = digraph(kind, h)
        v = nim(kind, h)
        for k in range(v + 2):
            if (k == v) != _sum_second_player_wins(dg, k):
                return ({"game": kind, "n": k, "second player wins G+*n": k == v},
                        {"second player wins G+*n": k != v, "nim(G)": v})
    return None


property_claim("000-prop-2.1-nim-sum", "000 Prop 2.1",
               "nim(G) = n iff G + *n is won by the second player (checked for G = ACV/AVD/DST/PRV(H), "
               "G + *n searched explicitly, n ≤ nim(G)+1).", simple_family(), _prop21, default_size=4,
               slow_size=5)

# === §3 Impartial hypergraph games ==============================================================

_KNR = "H = K_n^r with 1 ≤ r ≤ n"


def _is_complete(h: Hypergraph) -> bool:
    return h.m > 0 and h.is_uniform() and h.m == len(list(combinations(range(h.n), h.anti_rank)))


for _kind, _f, _txt in (("acv", lambda h: parity(h.anti_rank), "pty(r)"),
                        ("avd", lambda h: parity(h.anti_rank - 1), "pty(r-1)"),
                        ("dst", lambda h: parity(h.n - h.anti_rank + 1), "pty(n-r+1)"),
                        ("prv", lambda h: parity(h.n - h.anti_rank), "pty(n-r)")):
    game_claim(f"000-ex-3.2-complete-{_kind}", "000 Ex 3.2", f"nim({_kind.upper()}(K_n^r)) = {_txt}.",
               _kind, _f, _complete_family(1), hyp=_is_complete, hyp_text=_KNR, default_size=7, slow_size=10)

_EX33 = hg([["a", "b"], ["b", "c"]])


def _ex33():
    tr = transversal_hg(_EX33)
    return {"S_H": sets(_EX33, stable_of(_EX33)), **{f"{k.upper()}(H)": nim(k, _EX33) for k in GAMES},
            **{f"{k.upper()}(Tr H)": nim(k, tr) for k in GAMES}}


fact_claim("000-ex-3.3", "000 Ex 3.3",
           "H = {{a,b},{b,c}}: S_H = {{a,c},{b}}; nim(ACV) = 0, nim(AVD) = 2 = nim(DST), nim(PRV) = 1; "
           "the games on Tr(H) are the same four games (ACV(Tr H) = DST(H), AVD(Tr H) = PRV(H), ...).",
           _ex33, {"S_H": [["b"], ["a", "c"]], "ACV(H)": 0, "AVD(H)": 2, "DST(H)": 2, "PRV(H)": 1,
                   "ACV(Tr H)": 2, "AVD(Tr H)": 1, "DST(Tr H)": 0, "PRV(Tr H)": 2})


def _rem31(h):
    e, full = edges_of(h), h.full_mask
    for kind in ("avd", "acv"):
        if not defined(kind, h):
            continue
        reach = set(digraph(kind, h))
        if kind == "avd":
            pred = {p for p in submasks(full) if is_stable(p, e)}
        else:
            pred = {p for p in submasks(full) if p == 0 or any(is_stable(p & ~(1 << v), e) for v in bits(p))}
        if reach != pred:
            return ({f"{kind.upper()} positions": sets(h, pred)}, {f"{kind.upper()} positions": sets(h, reach)})
    return None


property_claim("000-rem-3.1-positions", "000 Remark 3.1",
               "The positions of AVD(H) are the stable sets; a nonempty P is a position of ACV(H) iff "
               "P \\ {v} is stable for some v.", simple_family(), _rem31)


def _rem345(h):
    """Remarks 3.4 and 3.5 on the game digraphs."""
    for ach, avo in (("acv", "avd"), ("dst", "prv")):
        for kind in (ach, avo):
            if not defined(kind, h):
                break
        else:
            d_ach, d_avo = digraph(ach, h), digraph(avo, h)
            for d, kind in ((d_avo, avo), (d_ach, ach)):
                for p in d:
                    for q in d:
                        step = q & p == p and (q & ~p).bit_count() == 1
                        claim = step and (kind == avo or p in d_avo)
                        if (q in d[p]) != claim:
                            return ({"game": kind, "P": h.names(p), "Q": h.names(q), "Q in Opt(P)": claim},
                                    {"Q in Opt(P)": q in d[p]})
    return None


property_claim("000-rem-3.4-3.5-options", "000 Remark 3.4 / Remark 3.5",
               "For positions P, Q of an avoidance game, Q ∈ Opt(P) iff Q = P ∪ {v}; of an achievement "
               "game, iff Q = P ∪ {v} and P is a position of the corresponding avoidance game.",
               simple_family(), _rem345, default_size=4, slow_size=5)


def _prop36(removing: str, building: str):
    def prop(h):
        tr = transversal_hg(h)
        d1, d2 = digraph(removing, h), digraph(building, tr)
        if d1 != d2:
            diff = sorted(set(d1) ^ set(d2)) or [p for p in d1 if d1[p] != d2[p]]
            p = diff[0]
            return ({f"{removing.upper()}(H) = {building.upper()}(Tr H)": True, "at position": h.names(p)},
                    {f"in {removing.upper()}(H)": sorted(map(h.names, d1.get(p, ()))) if p in d1 else "not a position",
                     f"in {building.upper()}(Tr H)": sorted(map(h.names, d2.get(p, ()))) if p in d2 else "not a position"})
        a, b = nim(removing, h), nim(building, tr)
        if a != b:
            return ({"equal nim-values": True}, {f"nim({removing.upper()}(H))": a, f"nim({building.upper()}(Tr H))": b})
        return None
    return prop


for _rm, _bd in (("prv", "avd"), ("dst", "acv")):
    property_claim(f"000-prop-3.6-{_rm}", "000 Prop 3.6",
                   f"If H is simple then {_rm.upper()}(H) = {_bd.upper()}(Tr(H)) (same game digraph, hence "
                   "same nim-value).", simple_family(), _prop36(_rm, _bd), hyp=lambda h: h.is_simple(),
                   hyp_text="H is simple", kinds=(_rm,))


def _complementary(g1: str, g2: str):
    """Q ∈ Opt(P) in g1(H) iff P^c ∉ Opt(Q^c) in g2(H), for P ⊆ V, Q = P ∪ {v} (game digraphs)."""
    def prop(h):
        d1, d2 = digraph(g1, h), digraph(g2, h)
        full = h.full_mask
        for p in submasks(full):
            for v in bits(full & ~p):
                q = p | (1 << v)
                a = p in d1 and q in d1[p]
                b = (full & ~q) in d2 and (full & ~p) in d2[full & ~q]
                if a == b:
                    return ({"P": h.names(p), "Q": h.names(q),
                             f"Q in Opt(P) in {g1.upper()}": not b, f"P^c in Opt(Q^c) in {g2.upper()}": b},
                            {f"Q in Opt(P) in {g1.upper()}": a})
        return None
    return prop


property_claim("000-prop-3.10-acv-prv-complementary", "000 Prop 3.10",
               "For P ⊆ V and Q = P ∪ {v}: Q ∈ Opt(P) in ACV(H) iff P^c ∉ Opt(Q^c) in PRV(H) "
               "(the game digraphs are reversed complementary).", simple_family(),
               _complementary("acv", "prv"), kinds=("acv", "prv"), default_size=4, slow_size=5)
property_claim("000-cor-3.11-dst-avd-complementary", "000 Cor 3.11",
               "The game digraphs of DST(H) and AVD(H) are reversed complementary: Q ∈ Opt(P) in DST(H) "
               "iff P^c ∉ Opt(Q^c) in AVD(H).", simple_family(), _complementary("dst", "avd"),
               kinds=("dst", "avd"), default_size=4, slow_size=5)

def _ex312():
    pairs = [(h, g1, g2) for h in _simple(2) for g1, g2 in (("acv", "prv"), ("dst", "avd"))
             if defined(g1, h) and defined(g2, h)]
    bad = [f"{g1.upper()}/{g2.upper()} on {sets(h, h.edge_masks)}" for h, g1, g2 in pairs
           if _complementary(g1, g2)(h) is not None]
    return {"pairs": len(pairs), "not reversed complementary": bad}


fact_claim("000-ex-3.12", "000 Ex 3.12 / Fig 3.3",
           "All hypergraph games on V = {1,2} come in pairs of reversed complementary digraphs: ACV(H)/PRV(H) "
           "for the 4 simple H with an edge, DST(H)/AVD(H) for the 4 without the empty edge.", _ex312,
           {"pairs": 8, "not reversed complementary": []})


_EX313_H = hg([["a"], ["b"], ["c"]])
_EX313_K = hg([["a", "b"], ["a", "c"], ["b", "c"]])
fact_claim("000-ex-3.13", "000 Ex 3.13",
           "ACV({{a},{b},{c}}) and AVD({{a,b},{a,c},{b,c}}) have the same game digraph; the nim-value is 1.",
           lambda: {"same digraph": digraph("acv", _EX313_H) == digraph("avd", _EX313_K),
                    "nim": nim("acv", _EX313_H), "nim AVD(K)": nim("avd", _EX313_K)},
           {"same digraph": True, "nim": 1, "nim AVD(K)": 1})


@lru_cache(maxsize=None)
def _labelled_antichains(n: int) -> tuple[tuple[int, ...], ...]:
    """Every Sperner family of non-empty subsets of {1..n} (labelled; AVD is defined on them)."""
    cands = [m for m in range(1, 1 << n)]
    out: list[tuple[int, ...]] = []

    def grow(start: int, chosen: list[int]):
        out.append(tuple(chosen))
        for i in range(start, len(cands)):
            c = cands[i]
            if all(c & e not in (c, e) for e in chosen):
                chosen.append(c)
                grow(i + 1, chosen)
                chosen.pop()

    grow(0, [])
    return tuple(out)


def _pairs_314(size: int):
    for n in range(size + 1):
        for h in _simple(n):
            if not defined("acv", h):
                continue
            for k in _labelled_antichains(n):
                yield (h, Hypergraph.from_masks(h.vertices, k))


def _prop314(k_range):
    def check(pair):
        if not (isinstance(pair, tuple) and len(pair) == 2):
            raise InputError("000 Prop 3.14 takes a pair (H, K) of hypergraphs on the same vertices")
        h, kk = pair
        require(h.vertices == kk.vertices and h.is_simple() and kk.is_simple(), "000-prop-3.14",
                "H and K are simple hypergraphs on the same vertex set")
        n, full = h.n, h.full_mask
        same = digraph("acv", h) == digraph("avd", kk)
        level = {k: {m for m in submasks(full) if m.bit_count() == k} for k in range(n + 2)}
        pred = any(set(h.edge_masks) == level[k] and set(kk.edge_masks) == level[k + 1] for k in k_range(n))
        if same != pred:
            return Violation({"H": desc(h), "K": desc(kk)}, {"ACV(H) = AVD(K)": pred}, {"ACV(H) = AVD(K)": same})
        return None
    return check


register(Claim("000-prop-3.14", "000 Prop 3.14",
               "Simple H, K on V: ACV(H) = AVD(K) iff H = (V choose k) and K = (V choose k+1) for some "
               "k ∈ {0, |V|} (as printed in the converted text).", _pairs_314, _prop314(lambda n: (0, n)),
               3, 4, "n",
               erratum="as printed (k ∈ {0, |V|}) it is refuted by the paper's own Ex 3.13 (k = 1); smallest "
                       "counterexample: V = {1,2}, H = {{1},{2}}, K = {{1,2}}: the games are equal, k = 1. "
                       "The brace is probably a conversion loss of {0, …, |V|}"))
register(Claim("000-prop-3.14-corrected", "000 Prop 3.14 (k ∈ {0, …, |V|})",
               "Simple H, K on V: ACV(H) = AVD(K) iff H = (V choose k) and K = (V choose k+1) for some "
               "k ∈ {0, 1, …, |V|}.", _pairs_314, _prop314(lambda n: range(n + 1)), 3, 4, "n",
               corrects="000-prop-3.14"))


def _all_same_parity(h):
    s = stable_of(h)
    return bool(s) and len({parity(x.bit_count()) for x in s}) == 1


game_claim("000-prop-3.15", "000 Prop 3.15",
           "If every set in S_H has the same parity r, then nim(AVD(H)) = r.", "avd",
           lambda h: parity(next(iter(stable_of(h))).bit_count()), simple_family(), hyp=_all_same_parity,
           hyp_text="every maximal stable set of H has the same parity")

# === §4 Structure theory for the building games ================================================

_EX44 = hg([["a", "b"]], vertices=["a", "b", "c"])


def _ex44():
    h = _EX44
    s, cl_avd, _ = structure_classes("avd", h)
    _, cl_acv, _ = structure_classes("acv", h)
    return {"S_H": sets(h, s), "I_H": sets(h, closure_system(s, h.full_mask)),
            "Frattini": h.names(bracket(0, s, h.full_mask)),
            "AVD classes": {",".join(h.names(i)): sets(h, ps) for i, ps in sorted(cl_avd.items())},
            "ACV classes": {",".join(h.names(i)): sets(h, ps) for i, ps in sorted(cl_acv.items())}}


fact_claim("000-ex-4.4", "000 Ex 4.4",
           "H = {{a,b}} on {a,b,c}: S_H = {{a,c},{b,c}}, I_H = {{c},{a,c},{b,c},{a,b,c}}, Φ_H = {c}; AVD "
           "classes X_{c} = {∅,{c}}, X_{a,c} = {{a},{a,c}}, X_{b,c} = {{b},{b,c}}; ACV adds "
           "X_{a,b,c} = {{a,b},{a,b,c}}.", _ex44,
           {"S_H": [["a", "c"], ["b", "c"]], "I_H": [["c"], ["a", "c"], ["b", "c"], ["a", "b", "c"]],
            "Frattini": ["c"],
            "AVD classes": {"c": [[], ["c"]], "a,c": [["a"], ["a", "c"]], "b,c": [["b"], ["b", "c"]]},
            "ACV classes": {"c": [[], ["c"]], "a,c": [["a"], ["a", "c"]], "b,c": [["b"], ["b", "c"]],
                            "a,b,c": [["a", "b"], ["a", "b", "c"]]}})


def _prop42(h):
    s, full = stable_of(h), h.full_mask
    phi = {p: frozenset(x for x in s if p & x == p) for p in submasks(full)}
    br = {p: bracket(p, s, full) for p in phi}
    for p in phi:
        for q in phi:
            if (phi[p] == phi[q]) != (br[p] == br[q]):
                return ({"P": h.names(p), "Q": h.names(q), "P~Q iff [P]=[Q]": True},
                        {"P~Q": phi[p] == phi[q], "[P]=[Q]": br[p] == br[q]})
    return None


property_claim("000-prop-4.2", "000 Prop 4.2", "P ~ Q (φ_H(P) = φ_H(Q)) iff [P] = [Q].",
               simple_family(), _prop42, hyp=lambda h: h.is_simple(), hyp_text="H is simple",
               default_size=4, slow_size=5)


def _prop43(h):
    s, full = stable_of(h), h.full_mask
    cls = closure_system(s, full)
    phi = {p: frozenset(x for x in s if p & x == p) for p in submasks(full)}
    for p in phi:
        for q in phi:
            if phi[p] == phi[q] and phi[p] != phi[p | q]:
                return ({"part": 1, "P": h.names(p), "Q": h.names(q), "P ~ P∪Q": True}, {"P ~ P∪Q": False})
            if p & q == p:
                for r in submasks(full):
                    if q & r == q and phi[p] == phi[r] and phi[p] != phi[q]:
                        return ({"part": 2, "P": h.names(p), "Q": h.names(q), "R": h.names(r), "P ~ Q": True},
                                {"P ~ Q": False})
        if p in cls:
            for v in bits(p):
                if p & ~(1 << v) not in cls and phi[p] != phi[p & ~(1 << v)]:
                    return ({"part": 3, "P": h.names(p), "v": h.vertices[v], "P\\{v} ~ P": True},
                            {"P\\{v} ~ P": False})
    return None


property_claim("000-prop-4.3", "000 Prop 4.3",
               "(1) P ~ Q ⇒ P ~ P ∪ Q; (2) P ⊆ Q ⊆ R and P ~ R ⇒ P ~ Q; (3) P ∈ I_H, P \\ {v} ∉ I_H ⇒ "
               "P \\ {v} ~ P.", simple_family(), _prop43, hyp=lambda h: h.is_simple(), hyp_text="H is simple",
               default_size=4, slow_size=5)


def _prop45(h):
    for kind in ("acv", "avd"):
        if not defined(kind, h):
            continue
        s, full = stable_of(h), h.full_mask
        dg = digraph(kind, h)
        cls_of = {p: bracket(p, s, full) for p in dg}
        reach = {p: {cls_of[q] for q in dg[p]} for p in dg}
        for p in dg:
            for q in dg:
                if cls_of[p] == cls_of[q]:
                    extra = {j for j in reach[p] - reach[q] if j != cls_of[p]}
                    if extra:
                        j = min(extra)
                        return ({"game": kind, "P": h.names(p), "Q": h.names(q), "class": h.names(j),
                                 "Opt(Q) meets X_J": True}, {"Opt(Q) meets X_J": False})
    return None


property_claim("000-prop-4.5", "000 Prop 4.5",
               "In ACV/AVD(H), if P, Q ∈ X_I ≠ X_J and Opt(P) ∩ X_J ≠ ∅ then Opt(Q) ∩ X_J ≠ ∅.",
               simple_family(), _prop45, hyp=lambda h: h.is_simple(), hyp_text="H is simple")


def _prop48(h):
    for kind in ("acv", "avd"):
        if not defined(kind, h):
            continue
        s, full = stable_of(h), h.full_mask
        labels = nim_positional(kind, h)
        seen: dict = {}
        for p, v in labels.items():
            key = (bracket(p, s, full), parity(p.bit_count()))
            if key in seen and labels[seen[key]] != v:
                q = seen[key]
                return ({"game": kind, "P": h.names(p), "Q": h.names(q), "nim(P) = nim(Q)": True},
                        {"nim(P)": v, "nim(Q)": labels[q]}, _cert(kind, h))
            seen.setdefault(key, p)
    return None


property_claim("000-prop-4.8", "000 Prop 4.8",
               "In a building game, positions P ~ Q with pty(P) = pty(Q) have nim(P) = nim(Q).",
               simple_family(), _prop48, hyp=lambda h: h.is_simple(), hyp_text="H is simple")

fact_claim("000-ex-4.9", "000 Ex 4.9",
           "H = {{a,b},{b,c}}: S_H = {{a,c},{b}}; in ACV(H), {a} ~ {c} and both have nim-value 2.",
           lambda: (lambda lab, s: {"S_H": sets(_EX33, s), "{a}~{c}": bracket(1, s, 7) == bracket(4, s, 7),
                                    "nim {a}": lab[1], "nim {c}": lab[4]})(nim_positional("acv", _EX33),
                                                                           stable_of(_EX33)),
           {"S_H": [["b"], ["a", "c"]], "{a}~{c}": True, "nim {a}": 2, "nim {c}": 2})

fact_claim("000-ex-4.11", "000 Ex 4.11",
           "Opt(X_I) of types (0,0,1) and (1,1,0): type(X_I) = (0,2,3) if pty(I) = 0 and (1,3,2) if pty(I) = 1.",
           lambda: {"p=0": type_step(0, [(0, 0, 1), (1, 1, 0)]), "p=1": type_step(1, [(0, 0, 1), (1, 1, 0)])},
           {"p=0": (0, 2, 3), "p=1": (1, 3, 2)})


def _prop412(h):
    for kind in GAMES:
        if not defined(kind, h):
            continue
        d = StructureDiagram(kind, h)
        labels = nim_positional(kind, h)
        for p, v in sorted(labels.items()):
            t = d.position_nim(p)
            if t != v:
                return ({"game": kind, "P": h.names(p), "nim_pty(P)(X_[P])": t}, {"nim(P)": v}, _cert(kind, h))
    return None


property_claim("000-prop-4.12", "000 Prop 4.12",
               "If P ∈ X_I then nim(P) = nim_{pty(P)}(X_I) (types by type calculus; all positions of "
               "ACV/AVD(H), and of DST/PRV(H) through Tr(H)).", simple_family(), _prop412,
               hyp=lambda h: h.is_simple(), hyp_text="H is simple")


def _alg413(h):
    for kind in GAMES:
        if not defined(kind, h):
            continue
        a, b = StructureDiagram(kind, h).nim, nim(kind, h)
        if a != b:
            return ({f"nim({kind.upper()}) from the structure diagram": a}, {f"nim({kind.upper()})": b},
                    _cert(kind, h))
    return None


property_claim("000-alg-4.13", "000 Algorithm 4.13",
               "nim(G) = nim_0(X_Φ) computed on the structure digraph by type calculus (all four games).",
               simple_family(), _alg413, default_size=5, slow_size=6)


def _ex414():
    d = StructureDiagram("acv", _EX33)
    b = d.class_of(0b010)
    return {"classes": len(d.classes), "positions": len(digraph("acv", _EX33)),
            "type X_Phi": d.classes[d.frattini].type, "Phi": _EX33.names(d.frattini_set), "type X_{b}": b.type}


fact_claim("000-ex-4.14", "000 Ex 4.14",
           "ACV({{a,b},{b,c}}): the game digraph has 8 vertices, the structure diagram 4; Φ = ∅, "
           "type(X_Φ) = (0,0,3), type(X_{b}) = (1,2,1).", _ex414,
           {"classes": 4, "positions": 8, "type X_Phi": (0, 0, 3), "Phi": [], "type X_{b}": (1, 2, 1)})

def _ex415():
    h = hg([[1, 2]])
    _, classes, _ = structure_classes("acv", h)
    return {"positions": len(digraph("acv", h)), "classes": len(classes),
            "all classes singletons": all(len(ps) == 1 for ps in classes.values())}


fact_claim("000-ex-4.15", "000 Ex 4.15",
           "Structure classes can be singletons, so the diagram has no advantage over the game digraph: this "
           "happens for ACV(H) with H = {{1,2}} (4 positions, 4 classes).", _ex415,
           {"positions": 4, "classes": 4, "all classes singletons": True})


# === §5 Removing games ==========================================================================


def _ex51():
    tr = transversal_hg(_EX33)
    s = stable_of(tr)
    return {"S_Tr(H)": sets(_EX33, s), "I_Tr(H)": sets(_EX33, closure_system(s, 7))}


fact_claim("000-ex-5.1", "000 Ex 5.1",
           "H = {{a,b},{b,c}}: S_Tr(H) = ∁(H) = {{c},{a}} and I_Tr(H) = {∅,{a},{c},{a,b,c}}.", _ex51,
           {"S_Tr(H)": [["a"], ["c"]], "I_Tr(H)": [[], ["a"], ["c"], ["a", "b", "c"]]})


def _prop52(h):
    full = h.full_mask
    phi_h = bracket(0, stable_of(h), full)
    phi_t = bracket(0, stable_of(transversal_hg(h)), full)
    return None if phi_h == phi_t else ({"Φ_H": h.names(phi_h)}, {"Φ_Tr(H)": h.names(phi_t)})


property_claim("000-prop-5.2", "000 Prop 5.2", "If H is simple then Φ_H = Φ_Tr(H).", simple_family(), _prop52,
               hyp=lambda h: h.is_simple(), hyp_text="H is simple")

# === §6 Simplified structure diagram ============================================================

_EX62 = from_stable(4, [0b0011, 0b0101, 0b0110, 0b1010])


def _ex62():
    h = _EX62
    d = StructureDiagram("acv", h)
    groups = d.simplified()
    idx = {c.closure: i for i, c in enumerate(d.classes)}
    ms = [idx[s] for s in sorted(stable_of(h))]
    same_group = any(set(ms) <= set(g) for g in groups)
    frat = d.classes[d.frattini]
    return {"S_H": sets(h, stable_of(h)), "maximal-stable classes identified": same_group,
            "maximal-stable classes that are options of X_Phi": [h.names(d.classes[i].closure)
                                                                 for i in frat.options if i in ms]}


fact_claim("000-ex-6.2", "000 Ex 6.2",
           "S_H = {{1,2},{1,3},{2,3},{2,4}}: the simplified diagram of ACV(H) identifies all classes of the "
           "maximal stable sets, though X_{2,4} is the only one of them that is an option of X_Φ.", _ex62,
           {"S_H": [["1", "2"], ["1", "3"], ["2", "3"], ["2", "4"]], "maximal-stable classes identified": True,
            "maximal-stable classes that are options of X_Phi": [["2", "4"]]})

# === §7 Special hypergraphs =====================================================================


def _single_edge_family(size: int):
    for n in range(1, size + 1):
        for a in range(1, n + 1):
            yield Hypergraph.from_masks(names(n), [(1 << a) - 1])


def _one_edge(h):
    return h.m == 1 and h.edge_masks[0] != 0


_ONE = "H has exactly one edge A, and A ≠ ∅"
game_claim("000-prop-7.1-prv", "000 Prop 7.1", "One nonempty edge A: nim(PRV(H)) = pty(A^c).", "prv",
           lambda h: parity(h.n - h.edge_masks[0].bit_count()), _single_edge_family, _one_edge, _ONE, 8, 12)
game_claim("000-prop-7.1-dst", "000 Prop 7.1", "One nonempty edge A: nim(DST(H)) = 1 + pty(A^c).", "dst",
           lambda h: 1 + parity(h.n - h.edge_masks[0].bit_count()), _single_edge_family, _one_edge, _ONE, 8, 12)
game_claim("000-prop-7.2-avd", "000 Prop 7.2", "One nonempty edge A: nim(AVD(H)) = 1 - pty(V).", "avd",
           lambda h: 1 - parity(h.n), _single_edge_family, _one_edge, _ONE, 8, 12)
game_claim("000-prop-7.2-acv", "000 Prop 7.2",
           "One nonempty edge A: nim(ACV(H)) = 2 if |A| = 1 and pty(V) = 0, pty(V) otherwise.", "acv",
           lambda h: 2 if h.edge_masks[0].bit_count() == 1 and parity(h.n) == 0 else parity(h.n),
           _single_edge_family, _one_edge, _ONE, 8, 12)


def _prop71_types(h):
    a = h.edge_masks[0]
    pc = parity(h.n - a.bit_count())
    exp = {"prv": {(h.full_mask & ~a): (pc, pc, 1 - pc)},
           "dst": {h.full_mask: (parity(h.n), 0, 0), (h.full_mask & ~a): (pc, 1 + pc, 2 - pc)}}
    for kind, want in exp.items():
        got = {c.closure: c.type for c in StructureDiagram(kind, h).classes}
        if got != want:
            return ({kind: {",".join(h.names(i)): t for i, t in want.items()}},
                    {kind: {",".join(h.names(i)): t for i, t in got.items()}})
    return None


property_claim("000-prop-7.1-types", "000 Prop 7.1 (proof)",
               "One nonempty edge A: PRV(H) has the single class X_{A^c} of type (pty A^c, pty A^c, 1 - pty A^c); "
               "DST(H) has X_V of type (pty V, 0, 0) and X_{A^c} of type (pty A^c, 1 + pty A^c, 2 - pty A^c).",
               _single_edge_family, _prop71_types, hyp=_one_edge, hyp_text=_ONE, default_size=8, slow_size=10)


def _prop72_type(h, b: int):
    k = b.bit_count()
    if parity(h.n) == 1:
        return (0, 0, 0) if k == 0 else (1, 2, 1) if k == 1 else (parity(k), 1, 0)
    return (1, 0, 0) if k == 0 else (0, 1, 2) if k == 1 else (parity(k), 0, 1)


def _prop72_types(formula):
    def prop(h):
        a = h.edge_masks[0]
        d = StructureDiagram("acv", h)
        got = {h.full_mask & ~c.closure: c.type for c in d.classes}
        want = {b: formula(h, b) for b in submasks(a)}
        if got != want:
            b = min((b for b in want if got.get(b) != want[b]), key=lambda b: (b.bit_count(), b))
            return ({"B": h.names(b), "type(X_{B^c})": want[b]}, {"type(X_{B^c})": got.get(b)})
        if len(d.simplified()) != a.bit_count() + 1:
            return ({"triangles in the simplified diagram": a.bit_count() + 1},
                    {"triangles in the simplified diagram": len(d.simplified())})
        return None
    return prop


property_claim("000-prop-7.2-types", "000 Prop 7.2 (proof)",
               "One nonempty edge A, ACV(H): I_H = {B^c : B ⊆ A}; type(X_{B^c}) = (0,0,0), (1,2,1), (pty(B),1,0) "
               "for |B| = 0, 1, ≥ 2 when pty(V) = 1 and (1,0,0), (0,1,2), (pty(B),0,1) when pty(V) = 0; the "
               "simplified diagram has |A| + 1 triangles.", _single_edge_family, _prop72_types(_prop72_type),
               hyp=_one_edge, hyp_text=_ONE, default_size=8, slow_size=10,
               erratum="the displayed types are wrong: smallest counterexample V = A = {1} (pty(V) = 1): X_V "
                       "(B = ∅) has type (1,0,0), printed (0,0,0). The nim-values of the |B| ≤ 1 rows are swapped "
                       "between the two parity cases, and the first entry (which is pty(B^c)) is off when pty(V) = 1; "
                       "the value nim(ACV(H)) of Prop 7.2 is unaffected")


def _prop72_type_corrected(h, b: int):
    k, pv = b.bit_count(), parity(h.n)
    nims = (0, 0) if k == 0 else ((2, 1) if pv == 0 else (1, 2)) if k == 1 else ((0, 1) if pv == 0 else (1, 0))
    return (parity(h.n - k),) + nims


property_claim("000-prop-7.2-types-corrected", "000 Prop 7.2 (proof, corrected)",
               "One nonempty edge A, ACV(H): type(X_{B^c}) = (0,0,0), (1,2,1), (pty(B),0,1) for |B| = 0, 1, ≥ 2 "
               "when pty(V) = 0 and (1,0,0), (0,1,2), (1-pty(B),1,0) when pty(V) = 1; the simplified diagram has "
               "|A| + 1 triangles.", _single_edge_family, _prop72_types(_prop72_type_corrected),
               hyp=_one_edge, hyp_text=_ONE, default_size=8, slow_size=10, corrects="000-prop-7.2-types")


def _disjoint(masks) -> bool:
    seen = 0
    for m in masks:
        if seen & m:
            return False
        seen |= m
    return True


game_claim("000-prop-7.3", "000 Prop 7.3", "Pairwise disjoint edges: nim(AVD(H)) = pty(|V| - |H|).", "avd",
           lambda h: parity(h.n - h.m), block_family(lambda n, bl: Hypergraph.from_masks(names(n), bl)),
           lambda h: _disjoint(h.edge_masks), "the edges of H are pairwise disjoint", 7, 9)


def _from_stable_blocks(n, bl):
    return from_stable(n, bl) if bl else from_stable(n, [0])


def _sh_disjoint(h):
    s = stable_of(h)
    return bool(s) and _disjoint(s)


def _y(h):
    return {parity(s.bit_count()) for s in stable_of(h)}


game_claim("000-prop-7.4", "000 Prop 7.4",
           "S_H pairwise disjoint, Y = {pty(A) : A ∈ S_H}: nim(AVD(H)) = 0, 1, 2 for Y = {0}, {1}, {0,1}.", "avd",
           lambda h: {frozenset({0}): 0, frozenset({1}): 1, frozenset({0, 1}): 2}[frozenset(_y(h))],
           block_family(_from_stable_blocks), _sh_disjoint, "the maximal stable sets of H are pairwise disjoint",
           7, 8)


def _prop75(h):
    if _union(stable_of(h)) == h.full_mask:
        return 0
    return {frozenset({0}): 1, frozenset({1}): 2, frozenset({0, 1}): 3}[frozenset(_y(h))]


game_claim("000-prop-7.5", "000 Prop 7.5",
           "S_H pairwise disjoint: nim(ACV(H)) = 0 if S_H covers V; else 1, 2, 3 for Y = {0}, {1}, {0,1}.", "acv",
           _prop75, block_family(_from_stable_blocks), _sh_disjoint,
           "the maximal stable sets of H are pairwise disjoint", 7, 8)


def _tr_blocks(n, bl):
    return Hypergraph.from_masks(names(n), minimal_transversal_masks(bl) if bl else [])


def _tr_disjoint(h):
    t = tr_brute(edges_of(h), h.full_mask)
    return bool(t) and _disjoint(t)


def signature(h):
    t = tr_brute(edges_of(h), h.full_mask)
    e = sum(1 for b in t if parity(b.bit_count()) == 0)
    return e, len(t) - e


def _prop76(h):
    e, o = signature(h)
    if e > o:
        return parity(h.n)
    if e < o:
        return 1 - parity(h.n)
    return 3 - abs(parity(e) - parity(h.n))


_TRD = "the minimal transversals of H are pairwise disjoint"
game_claim("000-prop-7.6", "000 Prop 7.6",
           "Tr(H) pairwise disjoint with signature (e, o): nim(AVD(H)) = pty(V) if e > o, 1 - pty(V) if e < o, "
           "3 - |pty(e) - pty(V)| if e = o.", "avd", _prop76, block_family(_tr_blocks), _tr_disjoint, _TRD, 7, 9,
           erratum="the case e = o is wrong: smallest counterexample V = {1,2,3}, H = {{1,3},{2,3}}, "
                   "Tr(H) = {{3},{1,2}}, σ = (1,1), pty(V) = 1: printed 3, nim(AVD(H)) = 2 (from ∅, {3} is "
                   "terminal and {1}, {2} have value 1). Corrected: 2 + |pty(e) - pty(V)| when e = o")


def _prop76_corrected(h):
    e, o = signature(h)
    return 2 + abs(parity(e) - parity(h.n)) if e == o else _prop76(h)


game_claim("000-prop-7.6-corrected", "000 Prop 7.6 (corrected)",
           "Tr(H) pairwise disjoint with signature (e, o): nim(AVD(H)) = pty(V) if e > o, 1 - pty(V) if e < o, "
           "2 + |pty(e) - pty(V)| if e = o.", "avd", _prop76_corrected, block_family(_tr_blocks), _tr_disjoint,
           _TRD, 7, 9, corrects="000-prop-7.6")


def _prop78(h):
    e, o = signature(h)
    if parity(h.n) == 0:
        return {(1, 0): 1, (0, 1): 2, (1, 2): 2, (1, 1): 3, (2, 1): 3}.get((e, o), 0)
    return {(0, 0): 0, (1, 1): 0, (1, 0): 2, (2, 0): 2}.get((e, o), 1)


game_claim("000-prop-7.8", "000 Prop 7.8",
           "Tr(H) pairwise disjoint with signature (e, o): for pty(V) = 0, nim(ACV(H)) = 1 at (1,0), 2 at "
           "(0,1),(1,2), 3 at (1,1),(2,1), else 0; for pty(V) = 1, 0 at (0,0),(1,1), 2 at (1,0),(2,0), else 1.",
           "acv", _prop78, block_family(_tr_blocks), _tr_disjoint, _TRD, 7, 9)

_EX77 = Hypergraph.from_masks(names(6), minimal_transversal_masks([0b1, 0b10, 0b100, 0b11000]))
fact_claim("000-ex-7.7", "000 Ex 7.7",
           "V = {1..6}, Tr(H) = {{1},{2},{3},{4,5}}: σ(H) = (1,3) and nim(AVD(H)) = 1.",
           lambda: {"Tr(H)": sets(_EX77, tr_brute(edges_of(_EX77), _EX77.full_mask)), "signature": signature(_EX77),
                    "nim AVD": nim("avd", _EX77)},
           {"Tr(H)": [["1"], ["2"], ["3"], ["4", "5"]], "signature": (1, 3), "nim AVD": 1})

# === §8 Examples ================================================================================


def _facts(h: Hypergraph, games=GAMES):
    tr = transversal_hg(h)
    out = {"Tr(H)": sets(h, tr.edge_masks), "S_H": sets(h, stable_of(h)), "S_Tr(H)": sets(h, stable_of(tr))}
    out.update({f"nim {k.upper()}": nim(k, h) for k in games})
    return out


def _expect(h, tr=None, s=None, st=None, **nims):
    out = {}
    if tr is not None:
        out["Tr(H)"] = named_sets(h, tr)
    if s is not None:
        out["S_H"] = named_sets(h, s)
    if st is not None:
        out["S_Tr(H)"] = named_sets(h, st)
    out.update({f"nim {k.upper()}": v for k, v in nims.items()})
    return out


def example_claim(name, source, statement, h, **exp):
    nims = [k for k in GAMES if k in exp]
    expected = _expect(h, exp.get("tr"), exp.get("s"), exp.get("st"), **{k: exp[k] for k in nims})

    def compute():
        f = _facts(h, nims)
        return {k: f[k] for k in expected}

    return fact_claim(name, source, statement, compute, expected)


_Z4 = hg([[1], [3]], vertices=[0, 1, 2, 3])
example_claim("000-ex-8.1-z4", "000 Ex 8.1",
              "Z_4, H = {{1},{3}}: S_H = {{0,2}}, Tr(H) = {{1,3}}, S_Tr(H) = {{0,1,2},{0,2,3}}.", _Z4,
              tr=[[1, 3]], s=[[0, 2]], st=[[0, 1, 2], [0, 2, 3]])
_EX82 = hg([[1, 3], [1, 4], [2, 4], [3, 4]])
example_claim("000-ex-8.2-convex", "000 Ex 8.2",
              "H = {{1,3},{1,4},{2,4},{3,4}}: Tr(H) = {{1,2,3},{1,4},{3,4}}, S_H = {{1,2},{2,3},{4}}, "
              "S_Tr(H) = {{1,2},{1,3},{2,3},{2,4}}.", _EX82,
              tr=[[1, 2, 3], [1, 4], [3, 4]], s=[[1, 2], [2, 3], [4]], st=[[1, 2], [1, 3], [2, 3], [2, 4]])
_K23 = hg([[1, 2], [3, 4, 5]])
example_claim("000-ex-8.3-k23", "000 Ex 8.3",
              "Geodetic games on K_{2,3}, H = {{1,2},{3,4,5}}: S_H = {134,135,145,234,235,245}, S_Tr(H) = H; "
              "nim(AVD) = 1, nim(ACV) = 2, nim(PRV) = 2, nim(DST) = 0.", _K23,
              s=[[1, 3, 4], [1, 3, 5], [1, 4, 5], [2, 3, 4], [2, 3, 5], [2, 4, 5]], st=[[1, 2], [3, 4, 5]],
              avd=1, acv=2, prv=2, dst=0)


def _prop84(h):
    first_acv = nim("acv", h) != 0
    first_avd = nim("avd", h) != 0
    exp = {"ACV first player wins": parity(h.n) == 1, "AVD first player wins": parity(h.n) == 0}
    act = {"ACV first player wins": first_acv, "AVD first player wins": first_avd}
    return None if exp == act else (exp, act)


property_claim("000-prop-8.4-unique-basis", "000 Prop 8.4",
               "H = {S} with |S| ≥ 2 (unique geodetic basis contained in every cover): the achievement game is "
               "a first-player win iff n is odd, the avoidance game iff n is even.",
               lambda size: (h for h in _single_edge_family(size) if h.edge_masks[0].bit_count() >= 2), _prop84,
               hyp=lambda h: h.m == 1 and h.edge_masks[0].bit_count() >= 2,
               hyp_text="H has exactly one edge S, with |S| ≥ 2", default_size=8, slow_size=12)
_PAW = hg([[1, 2, 3], [1, 2, 4]])
example_claim("000-ex-8.5-paw-general-position", "000 Ex 8.5",
              "Paw graph, H = {{1,2,3},{1,2,4}}: Tr(H) = {{1},{2},{3,4}}, S_H = {{1,2},{1,3,4},{2,3,4}}, "
              "S_Tr(H) = {{3},{4}}; nim(AVD) = 1, nim(ACV) = 2, nim(PRV) = 1, nim(DST) = 2.", _PAW,
              tr=[[1], [2], [3, 4]], s=[[1, 2], [1, 3, 4], [2, 3, 4]], st=[[3], [4]], avd=1, acv=2, prv=1, dst=2)
game_claim("000-prop-8.6", "000 Prop 8.6",
           "H 3-uniform with at least one edge (V not in general position): nim(PRV(H)) = 1 - pty(V).", "prv",
           lambda h: 1 - parity(h.n), lambda size: (h for n in range(3, size + 1)
                                                 for h in enumerate_hypergraphs(n, (3,), simple=True)),
           lambda h: h.m > 0 and h.is_uniform(3), "every edge of H has 3 vertices and there is one", 5, 6)
_EX87 = hg([["a", "b", "c"], ["a", "b", "d"], ["a", "c", "d"]])
example_claim("000-ex-8.7-connect-it", "000 Ex 8.7",
              "Paw spanning trees H = {abc, abd, acd}: S_H = {ab, ac, ad, bcd}, S_Tr(H) = {b, c, d}.", _EX87,
              s=[["a", "b"], ["a", "c"], ["a", "d"], ["b", "c", "d"]], st=[["b"], ["c"], ["d"]])
_EX88 = hg([["a", "b", "c"], ["a", "d"]])
example_claim("000-ex-8.8-min-degree", "000 Ex 8.8",
              "H = {abc, ad}: S_H = {ab, ac, bcd}, S_Tr(H) = {bc, d}.", _EX88,
              s=[["a", "b"], ["a", "c"], ["b", "c", "d"]], st=[["b", "c"], ["d"]])
_EX89 = hg([list("ade"), list("abf"), list("bce"), list("cdf")])
example_claim("000-ex-8.9-degree-k4", "000 Ex 8.9",
              "K_4 degree-3 game, H = {ade, abf, bce, cdf}: nim(ACV) = nim(AVD) = nim(DST) = 0, nim(PRV) = 1.",
              _EX89, acv=0, avd=0, dst=0, prv=1)

# === §9 Spectrum of nim-values ==================================================================


def vee(s, t):
    """S ∨ T = {A ∪ B : A ∈ S, B ∈ T} (sets of ints)."""
    return {a | b for a in s for b in t}


def _w(s) -> int:
    return max((x for a in s for x in a), default=0)


def extension(s):
    """S^∨ = S ∨ {{w+1}}, w = max ⋃S (paper 000 §9.1)."""
    return vee(s, {frozenset({_w(s) + 1})})


def disjoint_union(s, t):
    """S ⊎ T = S ∪ {A + w : A ∈ T}, w = max ⋃S."""
    w = _w(s)
    return set(s) | {frozenset(a + w for a in b) for b in t}


def _fs(*sets_):
    return {frozenset(x) for x in sets_}


fact_claim("000-ex-9.1", "000 Ex 9.1",
           "S = {{1},{2,3}}, T = {{1,2},{3}}: w = 3, S^∨ = {{1,4},{2,3,4}}, S ⊎ T = {{1},{2,3},{4,5},{6}}.",
           lambda: {"S^v": extension(_fs({1}, {2, 3})), "S+T": disjoint_union(_fs({1}, {2, 3}), _fs({1, 2}, {3}))},
           {"S^v": _fs({1, 4}, {2, 3, 4}), "S+T": _fs({1}, {2, 3}, {4, 5}, {6})})


@lru_cache(maxsize=None)
def S_k(k: int) -> frozenset:
    """Def 9.6: S_0 = {∅}; S_k = S_{k-1}^∨ (k odd), S_{k-2}^∨ ⊎ S_{k-1}^∨ (k even)."""
    if k == 0:
        return frozenset({frozenset()})
    if k % 2:
        return frozenset(extension(S_k(k - 1)))
    return frozenset(disjoint_union(extension(S_k(k - 2)), extension(S_k(k - 1))))


def H_k(k: int, extra_vertex: bool = False) -> Hypergraph:
    """H_k = (V_k, Tr(∁_{V_k}(S_k))), V_k = ⋃S_k; with ``extra_vertex`` the H̃_k of Cor 9.14."""
    n = _w(S_k(k))
    stable = [sum(1 << (x - 1) for x in a) for a in S_k(k)]
    return from_stable(n + (1 if extra_vertex else 0), stable)


def _ex97():
    out = {}
    for k in range(5):
        h = H_k(k)
        out[f"S_{k}"] = sorted(sorted(a) for a in S_k(k))
        out[f"V_{k}"] = h.n
        out[f"H_{k}"] = sets(h, h.edge_masks) if k < 4 else [sets(h, h.edge_masks)[0], sets(h, h.edge_masks)[-1]]
    return out


fact_claim("000-ex-9.7", "000 Def 9.6 / Ex 9.7",
           "S_0 = {∅}, S_1 = {{1}}, S_2 = {{1},{2,3}}, S_3 = {{1,4},{2,3,4}}, S_4 = {{1,4},{2,3,4},{5,8,9},"
           "{6,7,8,9}}; H_0 = H_1 = ∅, H_2 = H_3 = {{1,2},{1,3}}, H_4 = {{1,2}, …, {5,7}}.", _ex97,
           {"S_0": [[]], "V_0": 0, "H_0": [], "S_1": [[1]], "V_1": 1, "H_1": [],
            "S_2": [[1], [2, 3]], "V_2": 3, "H_2": [["1", "2"], ["1", "3"]],
            "S_3": [[1, 4], [2, 3, 4]], "V_3": 4, "H_3": [["1", "2"], ["1", "3"]],
            "S_4": [[1, 4], [2, 3, 4], [5, 8, 9], [6, 7, 8, 9]], "V_4": 9, "H_4": [["1", "2"], ["5", "7"]]})


def _hk_family(size: int):
    for k in range(size + 1):
        yield k


def _k_claim(name, source, statement, value, expected, default_size=5, slow_size=6):
    def check(k):
        if not isinstance(k, int) or k < 0:
            raise InputError(f"{name}: instance must be a non-negative integer k")
        a, b = value(k), expected(k)
        if a != b:
            return Violation({"k": k}, b, a)
        return None
    return register(Claim(name, source, statement, _hk_family, check, default_size, slow_size, "k"))


_k_claim("000-prop-9.10", "000 Prop 9.10", "nim(AVD(H_k)) = k.", lambda k: nim("avd", H_k(k)), lambda k: k)


def _types_910(k):
    d = StructureDiagram("avd", H_k(k))
    frat = d.classes[d.frattini]
    others = set(range(len(d.classes))) - {d.frattini}
    return {"X_Phi has every other class as option": set(frat.options) == others,
            "types": sorted({c.type for c in d.classes}), "type X_Phi": frat.type}


def _types_910_expected(k):
    p = parity(k)
    ts = {(0, 2 * l, 2 * l + 1) for l in range(k + 1) if 2 * l <= k - 2 * p}
    ts |= {(1, 2 * l + 1, 2 * l) for l in range(k + 1) if 2 * l <= k - 1 + p}
    return {"X_Phi has every other class as option": True, "types": sorted(ts),
            "type X_Phi": (p, k, k + 1 - 2 * p)}


_k_claim("000-prop-9.10-proof-types", "000 Prop 9.10 (proof, claims 1-3)",
         "X_Φ of AVD(H_k) has every other class as an option; {type(X_I)} = {(0,2l,2l+1) : 2l ≤ k - 2pty(k)} ∪ "
         "{(1,2l+1,2l) : 2l ≤ k-1+pty(k)}; type(X_Φ) = (pty k, k, k+1-2pty k).", _types_910, _types_910_expected,
         7, 8)
_k_claim("000-cor-9.11", "000 Cor 9.11", "The nim-value of AVD(H) can be any nonnegative integer "
         "(witness: nim(AVD(H_k)) = k for each k up to the size).", lambda k: nim("avd", H_k(k)), lambda k: k)


def _ex912():
    h = from_stable(6, [0b11, 0b110, 0b11100])
    da, dv = StructureDiagram("acv", h), StructureDiagram("avd", h)
    shifted = {c.closure: (c.type[0], c.type[1] + 1, c.type[2] + 1) for c in dv.classes}
    return {"6 is a singleton edge": 0b100000 in h.edge_masks,
            "ACV types = AVD types + (0,1,1)": all(shifted.get(c.closure) == c.type
                                                    for c in da.classes if c.closure != h.full_mask),
            "nim ACV - nim AVD": nim("acv", h) - nim("avd", h)}


fact_claim("000-ex-9.12", "000 Ex 9.12",
           "V = {1..6}, S_H = {{1,2},{2,3},{3,4,5}}: {6} ∈ H; type (p,a,b) in AVD(H) is (p,a+1,b+1) in ACV(H).",
           _ex912, {"6 is a singleton edge": True, "ACV types = AVD types + (0,1,1)": True, "nim ACV - nim AVD": 1})


def _prop92(h):
    """Prop 9.2 parts (1) and (5), and nim(AVD(K)) = b for type_H(X_Φ) = (p, a, b)."""
    k = Hypergraph.from_masks(list(h.vertices) + ["w"], h.edge_masks)
    w = 1 << h.n
    s_h, s_k = stable_of(h), stable_of(k)
    if s_k != {s | w for s in s_h}:
        return ({"S_K": sets(k, {s | w for s in s_h})}, {"S_K": sets(k, s_k)})
    dh, dk = StructureDiagram("avd", h), StructureDiagram("avd", k)
    tk = {c.closure: c.type for c in dk.classes}
    for c in dh.classes:
        p, a, b = c.type
        if tk.get(c.closure | w) != (1 - p, b, a):
            return ({"I": h.names(c.closure), "type_K(I ∪ {w})": (1 - p, b, a)},
                    {"type_K(I ∪ {w})": tk.get(c.closure | w)})
    b = dh.classes[dh.frattini].type[2]
    if nim("avd", k) != b:
        return ({"nim(AVD(K))": b}, {"nim(AVD(K))": nim("avd", k)}, _cert("avd", k))
    return None


property_claim("000-prop-9.2", "000 Prop 9.2",
               "K = H plus a new vertex w: S_K = S_H ∨ {{w}}, and type_H(I) = (p,a,b) implies type_K(I ∪ {w}) = "
               "(1-p, b, a); so nim(AVD(K)) = nim_1(X_Φ) of AVD(H).", simple_family(), _prop92,
               hyp=lambda h: h.is_simple(), hyp_text="H is simple", kinds=("avd",), default_size=4, slow_size=5)


def _pairs_94(size: int):
    """(H, K) on disjoint vertex sets, both with an isolated vertex (Φ ≠ ∅), total ≤ size vertices."""
    for total in range(2, size + 1):
        for nh in range(1, total):
            nk = total - nh
            for h in _simple(nh):
                if not h.is_simple() or 0 in h.edge_masks or _union(h.edge_masks) == h.full_mask:
                    continue
                for kk in _simple(nk):
                    if 0 in kk.edge_masks or _union(kk.edge_masks) == kk.full_mask:
                        continue
                    yield (h, kk)


def _prop94(pair):
    if not (isinstance(pair, tuple) and len(pair) == 2):
        raise InputError("000 Prop 9.4 takes a pair (H, K) of hypergraphs")
    h, kk = pair
    nh, nk = h.n, kk.n
    s_h, s_k = stable_of(h), stable_of(kk)
    require(bracket(0, s_h, h.full_mask) != 0 and bracket(0, s_k, kk.full_mask) != 0, "000-prop-9.4",
            "Φ_H ≠ ∅ ≠ Φ_K")
    shift = {s << nh for s in s_k}
    s_g = s_h | shift
    g = from_stable(nh + nk, s_g)
    inst = {"H": desc(h), "K": desc(kk), "G": desc(g)}
    full_g = g.full_mask
    i_g = proper_closure_system(s_g, full_g)
    i_h = proper_closure_system(s_h, h.full_mask)
    i_k = {i << nh for i in proper_closure_system(s_k, kk.full_mask)}
    if i_g != i_h | i_k | {0}:
        return Violation(inst, {"I_G": sets(g, i_h | i_k | {0})}, {"I_G": sets(g, i_g)})
    if bracket(0, s_g, full_g) != 0:
        return Violation(inst, {"Φ_G": []}, {"Φ_G": g.names(bracket(0, s_g, full_g))})
    _, _, opt_g = structure_classes("avd", g)
    _, _, opt_h = structure_classes("avd", h)
    _, _, opt_k = structure_classes("avd", kk)
    ph, pk = bracket(0, s_h, h.full_mask), bracket(0, s_k, kk.full_mask) << nh
    exp = {ph, pk} | opt_h[ph] | {j << nh for j in opt_k[pk >> nh]}
    if opt_g.get(0) != exp:
        return Violation(inst, {"Opt_G(X_∅)": sets(g, exp)}, {"Opt_G(X_∅)": sets(g, opt_g.get(0, set()))})
    return None


register(Claim("000-prop-9.4", "000 Prop 9.4",
               "H on V, K on W disjoint, Φ_H ≠ ∅ ≠ Φ_K, G on V ∪ W with S_G = S_H ∪ S_K: (1) I_G = I_H ∪ I_K ∪ {∅} "
               "(read over ⋂T with T ≠ ∅: the intersection of no set, V, names the empty AVD class X_V), (6) Φ_G = ∅, (9) Opt_G(X_∅) = {X_Φ_H, X_Φ_K} ∪ Opt_H(X_Φ_H) ∪ Opt_K(X_Φ_K).",
               _pairs_94, _prop94, 5, 6, "n"))


def _prop913_hyp(h):
    return _union(stable_of(h)) != h.full_mask


def _prop913(h):
    a, b = nim("acv", h), nim("avd", h)
    return None if a == b + 1 else ({"nim(ACV) = nim(AVD) + 1": b + 1}, {"nim(ACV)": a, "nim(AVD)": b},
                                    _cert("acv", h))


property_claim("000-prop-9.13", "000 Prop 9.13", "If V \\ ⋃S_H ≠ ∅ then nim(ACV(H)) = nim(AVD(H)) + 1.",
               simple_family(), _prop913, hyp=_prop913_hyp, hyp_text="some vertex lies in no maximal stable set",
               kinds=("acv", "avd"))
_k_claim("000-cor-9.14", "000 Cor 9.14",
         "The nim-value of ACV(H) can be any nonnegative integer: nim(ACV(H̃_k)) = k + 1 (H̃_k = H_k plus a vertex "
         "w in no maximal stable set), and nim(ACV) = 0 for Fig 4.1's H = {{a,b},{b,c}}.",
         lambda k: (nim("acv", H_k(k, True)), nim("acv", _EX33)), lambda k: (k + 1, 0))
_k_claim("000-cor-9.15", "000 Cor 9.15",
         "The nim-values of PRV(H) and DST(H) can be any nonnegative integer (witnesses through Tr: "
         "nim(PRV(Tr H_k)) = k, nim(DST(Tr H̃_k)) = k + 1, nim(DST(Tr H)) = 0 for H = {{a,b},{b,c}}).",
         lambda k: (nim("prv", transversal_hg(H_k(k))), nim("dst", transversal_hg(H_k(k, True))),
                    nim("dst", transversal_hg(_EX33))), lambda k: (k, k + 1, 0))
