"""The hypergraph side of the catalogue (paper 000): the explicit reference's nim-values and game
digraphs, set-family facts by brute force over subsets straight from the definitions (transversals,
maximal stable sets, closure systems, structure classes), instance families, and the claim builders
(a formula for nim(KIND(H)), a property, a fixed example)."""
from __future__ import annotations

from functools import lru_cache

from ..errors import InputError, UndefinedGame
from ..formats.jsonfmt import hypergraph_to_json
from ..games import impartial as imp
from ..hypergraph import Hypergraph, minimal_masks, minimal_transversal_masks
from ..isomorphism import enumerate_hypergraphs
from ..solvers.explicit import solve_impartial
from .kit import require
from .registry import Claim, Violation, register

HG = ("instance:hypergraph",)


GAMES = imp.GAMES


@lru_cache(maxsize=200_000)
def _nim(kind: str, h: Hypergraph) -> int:
    return solve_impartial(kind, h).nim


def nim(kind: str, h: Hypergraph) -> int:
    return _nim(kind, h)


def _cert(kind: str, h: Hypergraph):
    """A nim-labelling certificate of the reference's value, when the instance is small."""
    if h.n > 10:
        return None
    try:
        return solve_impartial(kind, h, certificate=True).certificate
    except UndefinedGame:
        return None


def defined(kind: str, h: Hypergraph) -> bool:
    return imp.undefined_reason(kind, minimal_masks(h.edge_masks)) is None


def submasks(full: int):
    s = full
    while True:
        yield s
        if s == 0:
            return
        s = (s - 1) & full


def is_stable(p: int, edges) -> bool:
    return not any(e & p == e for e in edges)


def tr_brute(edges, full: int) -> set[int]:
    """Tr(H) from the definition: inclusion-minimal sets meeting every edge."""
    hits = [t for t in submasks(full) if all(t & e for e in edges)]
    return set(minimal_masks(hits))


def max_stable_brute(edges, full: int) -> set[int]:
    """S_H from the definition: inclusion-maximal sets containing no edge."""
    st = [p for p in submasks(full) if is_stable(p, edges)]
    return {p for p in st if not any(q != p and q & p == p for q in st)}


def closure_system(stable, full: int) -> set[int]:
    """I_H = {⋂T : T ⊆ S_H} (⋂∅ = V)."""
    out = {full}
    for s in stable:
        out |= {x & s for x in out}
    return out


def proper_closure_system(stable, full: int) -> set[int]:
    """{⋂T : ∅ ≠ T ⊆ S_H}: the closed sets naming the non-empty AVD structure classes."""
    out: set[int] = set()
    for s in stable:
        out |= {x & s for x in out} | {s}
    return out


def bracket(p: int, stable, full: int) -> int:
    """[P] = ⋂ φ_H(P), φ_H(P) = {S ∈ S_H : P ⊆ S}."""
    out = full
    for s in stable:
        if p & s == p:
            out &= s
    return out


def digraph(kind: str, h: Hypergraph) -> dict[int, frozenset[int]]:
    """The game digraph: positions reachable from ∅ and their options (literal rules)."""
    g = imp.ImpartialGame(kind, h)
    out: dict[int, frozenset[int]] = {}
    stack = [0]
    while stack:
        p = stack.pop()
        if p in out:
            continue
        out[p] = frozenset(g.options(p))
        stack.extend(q for q in out[p] if q not in out)
    return out


def transversal_hg(h: Hypergraph) -> Hypergraph:
    return Hypergraph.from_masks(h.vertices, sorted(tr_brute(minimal_masks(h.edge_masks), h.full_mask)))


def from_stable(n: int, stable) -> Hypergraph:
    """The simple hypergraph on 1..n whose maximal stable sets are ``stable``: Tr(∁(S)) (§2.2)."""
    full = (1 << n) - 1
    return Hypergraph.from_masks([str(i) for i in range(1, n + 1)],
                                 minimal_transversal_masks([full & ~s for s in stable]))


def structure_classes(building: str, board: Hypergraph):
    """Structure classes of ACV/AVD on ``board`` from the definitions (§4.1): reachable positions
    grouped by [P]; class options by Def 4.6. Returns (S, classes: I -> set of P, options: I -> set of J)."""
    full = board.full_mask
    edges = minimal_masks(board.edge_masks)
    stable = max_stable_brute(edges, full)
    dg = digraph(building, board)
    classes: dict[int, set[int]] = {}
    for p in dg:
        classes.setdefault(bracket(p, stable, full), set()).add(p)
    opts = {}
    for i in classes:
        if i in dg:  # I is a position (every I ≠ V is stable)
            opts[i] = {bracket(q, stable, full) for q in dg[i]}
        else:
            opts[i] = set()
    return stable, classes, opts


def names(n: int) -> list[str]:
    return [str(i) for i in range(1, n + 1)]


@lru_cache(maxsize=None)
def _simple(n: int) -> tuple[Hypergraph, ...]:
    """Every simple hypergraph on n vertices up to isomorphism, with {∅} last."""
    out = list(enumerate_hypergraphs(n, tuple(range(1, n + 1)), simple=True))
    out.append(Hypergraph.from_masks(names(n), [0]))
    return tuple(out)


def simple_family(pred=None):
    def gen(size: int):
        for n in range(size + 1):
            for h in _simple(n):
                if pred is None or pred(h):
                    yield h
    return gen


def fixed(*instances):
    return lambda size: iter(instances)


def hg(edges, vertices=None) -> Hypergraph:
    return Hypergraph([[str(v) for v in e] for e in edges],
                      vertices=None if vertices is None else [str(v) for v in vertices])


def desc(h: Hypergraph) -> dict:
    return hypergraph_to_json(h)


def sets(h: Hypergraph, masks) -> list[list[str]]:
    return sorted((sorted(h.names(m)) for m in masks), key=lambda s: (len(s), s))


def named_sets(h: Hypergraph, family) -> list[list[str]]:
    return sorted((sorted(map(str, s)) for s in family), key=lambda s: (len(s), s))


def partitions(total: int, largest: int | None = None):
    """Integer partitions of ``total`` (non-increasing parts)."""
    largest = total if largest is None else largest
    if total == 0:
        yield ()
        return
    for p in range(min(total, largest), 0, -1):
        for rest in partitions(total - p, p):
            yield (p,) + rest


def blocks(n: int, parts) -> list[int]:
    out, start = [], 0
    for p in parts:
        out.append(((1 << p) - 1) << start)
        start += p
    return out


def block_family(build):
    """For n ≤ N and every multiset of disjoint non-empty blocks inside 1..n: ``build(n, blocks)``
    (one instance per isomorphism class: blocks are determined by the partition up to relabelling)."""
    def gen(size: int):
        for n in range(size + 1):
            for k in range(n + 1):
                for parts in partitions(k):
                    h = build(n, blocks(n, parts))
                    if h is not None:
                        yield h
    return gen


def hyp_check(name, hyp, hyp_text, kinds=()):
    def guard(h):
        if not isinstance(h, Hypergraph):
            raise InputError(f"{name}: instance must be a hypergraph")
        for k in kinds:
            require(defined(k, h), name, f"{k.upper()}(H) is defined (paper 000 Ex 3.9)")
        if hyp is not None:
            require(hyp(h), name, hyp_text)
    return guard


def game_claim(name, source, statement, kind, formula, family, hyp=None, hyp_text="", default_size=5,
               slow_size=6, size_name="n", erratum=None, corrects=None):
    """nim(KIND(H)) = formula(H) for every H of the family satisfying the hypothesis."""
    guard = hyp_check(name, hyp, hyp_text, (kind,))

    def check(h):
        guard(h)
        exp, act = formula(h), nim(kind, h)
        if exp != act:
            return Violation(desc(h), {f"nim({kind.upper()})": exp}, {f"nim({kind.upper()})": act},
                             _cert(kind, h))
        return None

    def fam(size):
        return (h for h in family(size) if defined(kind, h) and (hyp is None or hyp(h)))

    return register(Claim(name, source, statement, fam, check, default_size, slow_size, size_name,
                          erratum, corrects, HG))


def fact_claim(name, source, statement, compute, expected):
    """A fixed example: ``compute()`` (from the definitions / the reference) must equal ``expected``."""
    def check(_):
        act = compute()
        if act != expected:
            diff = {k: v for k, v in expected.items() if act.get(k) != v}
            return Violation({"example": source}, diff, {k: act.get(k) for k in diff})
        return None
    return register(Claim(name, source, statement, fixed(None), check, 0, None, "-"))


def property_claim(name, source, statement, family, prop, hyp=None, hyp_text="", kinds=(),
                   default_size=5, slow_size=6, size_name="n", erratum=None, corrects=None, tags=HG):
    """``prop(h)`` returns None or (expected, actual) describing the first failure on h."""
    guard = hyp_check(name, hyp, hyp_text, kinds)

    def ok(h):
        return (hyp is None or hyp(h)) and all(defined(k, h) for k in kinds)

    def check(h):
        guard(h)
        bad = prop(h)
        if bad is None:
            return None
        exp, act, *cert = bad
        return Violation(desc(h), exp, act, cert[0] if cert else None)

    return register(Claim(name, source, statement, lambda size: (h for h in family(size) if ok(h)), check,
                          default_size, slow_size, size_name, erratum, corrects, tags))


def edges_of(h: Hypergraph) -> list[int]:
    return minimal_masks(h.edge_masks)


def stable_of(h: Hypergraph) -> set[int]:
    return max_stable_brute(edges_of(h), h.full_mask)
