"""Paper 004 §I.1 (F. Galliot, PhD thesis, 2023), the rest of the statements about outcomes: the
Domination and Local Win Principles (I.1.16, I.1.17), the game-neutral operations (I.1.22) and the
reduction to uniform hypergraphs (I.1.27), the q-pairing principle (I.1.25), Byskov's reduction of
Maker-Breaker to Maker-Maker (I.1.26), the Maker-Breaker compilation I.1.28, Beck's biased criteria
(Theorems I.1.30 and I.1.31), the game on graphs (Theorem I.1.33, and the P3 remark of §I.1.1.5),
edge shrinking (I.1.35, I.1.36, I.1.37), and the tic-tac-toe example after Prop I.1.9.

The judge is the explicit reference of the general positional game
(:mod:`verify.solvers.explicit_conventions`), through the helpers of
:mod:`verify.claims.paper004_conventions` (``winner``, ``on_small_boards``: every simple hypergraph
up to 5 vertices by default, 6 in the slow run). §I.1.2 assumes Maker plays first; a statement of
§I.1.2 is checked with Maker first, and with Breaker first too where it still says something true
(each statement's text says which). Registered by the catalogue (``verify.claims.registry._MODULES``).
"""
from __future__ import annotations

from decimal import Decimal, localcontext
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, permutations

from ..games import conventions as cv
from ..games.conventions import (AVOIDER_AVOIDER, AVOIDER_ENFORCER, MAKER_BREAKER, MAKER_MAKER,
                                 ConventionGame)
from ..hypergraph import Hypergraph, all_subsets, bits, minimal_masks
from ..solvers.explicit_conventions import ConventionSearch
from .paper004 import instance_json
from .paper004_conventions import BIASES, TAGS, _bad, _two_colorable, all_small, on_small_boards, winner
from .registry import Claim, Violation, register, worked_example

WEAK = (MAKER_BREAKER, AVOIDER_ENFORCER)
ACHIEVEMENT = (MAKER_MAKER, MAKER_BREAKER)
#: the biases of §I.1.2's (p:q) statements: p, q in 1..3
GRID = tuple((p, q) for p in (1, 2, 3) for q in (1, 2, 3))


def starters(convention: str) -> tuple:
    """Who may move first: both roles in the weak games, the first player in the strong ones."""
    return cv.ROLES[convention] if convention in WEAK else (cv.ROLES[convention][0],)


def _b(bias) -> str:
    return f"{bias[0]}:{bias[1]}"


def _simple_form(vertices, masks) -> Hypergraph:
    """The hypergraph on ``vertices`` with the inclusion-minimal edges of ``masks`` (dropping an edge
    that contains another never changes a positional game's outcome: the smaller one is completed
    no later)."""
    return Hypergraph.from_masks(vertices, minimal_masks(masks))


# -- Prop I.1.16: the Domination Principle ----------------------------------------------------------

def first_move_values(h: Hypergraph, convention: str, bias, first: str) -> dict[int, int] | None:
    """For every first move X (a set of min(k, |V|) vertices, k the first player's claims per
    turn): the outcome with optimal play afterwards, from the first player's side (+1 win, 0 draw,
    -1 loss). None when the game is decided before any move (the empty edge)."""
    game = ConventionGame(h, convention, bias, first)
    search = ConventionSearch(game)
    edges, full = search.edges, search.full
    a_first = game.alice_first
    if cv.start_value(convention, edges, 0, 0, a_first) is not None:
        return None
    k = min(bias[0] if a_first else bias[1], h.n)
    out = {}
    for x in all_subsets(full, k):
        done = cv.completion_value(convention, a_first) if cv.holds_edge(edges, x) else None
        if done is not None:
            val = done
        elif x == full:
            val = cv.exhausted_value(convention)
        elif a_first:
            val = search.value(x, 0, False, bias[1])
        else:
            val = search.value(0, x, True, bias[0])
        out[x] = val if a_first else -val
    return out


def dominates(edges, x: int, x2: int) -> bool:
    """Every edge containing vertex bit ``x`` also contains ``x2``."""
    return all(e & x2 for e in edges if e & x)


def domination_holds(edges, x0: int, x1: int) -> bool:
    """The domination hypothesis of Prop I.1.16 for first moves X0 and X0' (``x1``): numberings of
    X0 \\ X0' and X0' \\ X0 with every edge containing x_i containing x'_i."""
    d, d2 = [1 << i for i in bits(x0 & ~x1)], [1 << i for i in bits(x1 & ~x0)]
    return any(all(dominates(edges, a, b) for a, b in zip(d, perm)) for perm in permutations(d2))


def _check_domination(h: Hypergraph):
    edges = h.edge_masks
    for conv in (MAKER_MAKER, MAKER_BREAKER, AVOIDER_AVOIDER, AVOIDER_ENFORCER):
        for bias in BIASES:
            for first in starters(conv):
                vals = first_move_values(h, conv, bias, first)
                if vals is None:
                    continue
                for x0, x1 in permutations(vals, 2):
                    if not domination_holds(edges, x0, x1):
                        continue
                    better, worse = (x1, x0) if conv in ACHIEVEMENT else (x0, x1)
                    if vals[better] < vals[worse]:
                        return _bad(h, {"value of the first move X0'" if better == x1 else "value of X0":
                                        f">= {vals[worse]}"}, {"values": {"X0": vals[x0], "X0'": vals[x1]}},
                                    convention=conv, bias=_b(bias), first=first, X0=h.names(x0),
                                    X0_prime=h.names(x1))
    return None


on_small_boards(
    name="004-prop-I.1.16-domination", source="004 Prop I.1.16",
    statement="Domination Principle: let X0 and X0' be two possible first moves of the first player on "
              "H, with numberings X0 \\ X0' = {x1..xr} and X0' \\ X0 = {x'1..x'r} such that every edge "
              "containing x_i also contains x'_i. In achievement games, if the first player has a strategy "
              "to win (resp. draw) with first move X0, she has one to win (resp. draw) with X0'; in "
              "avoidance games, the same from X0' to X0. Checked on outcomes (the first player's optimal "
              "result after each first move: X0' at least as good as X0 in Maker-Maker and Maker-Breaker, "
              "X0 at least as good as X0' in Avoider-Avoider and Avoider-Enforcer), every pair of first "
              "moves meeting the hypothesis, biases 1:1, 1:2, 2:1, 2:2, 1:3, 3:1, either starter in the "
              "weak games ('at least as fast' is not checked); up to 4 vertices by default, 5 in the slow run.",
    check=_check_domination, default_size=4, slow_size=5)


# -- Prop I.1.17: the Local Win Principle (Maker-Breaker part) --------------------------------------

def one_step_subhypergraphs(h: Hypergraph):
    """(what was deleted, H) for every H obtained from ``h`` by deleting one edge, or one vertex with
    the edges through it. Chains of such steps reach every subhypergraph (delete the edges first, then
    the vertices, which then lie in no edge), so checking a monotone statement on these steps for every
    hypergraph up to N vertices checks it for every pair H ⊆ H' up to N vertices."""
    masks = h.edge_masks
    for i, e in enumerate(masks):
        yield {"edge": h.names(e)}, Hypergraph.from_masks(h.vertices, masks[:i] + masks[i + 1:])
    for v in h.vertices:
        yield {"vertex": v}, h.delete_vertices([v])


def _check_local_win(h2: Hypergraph):
    for bias in BIASES:
        for first in ("maker", "breaker"):
            if winner(h2, MAKER_BREAKER, bias, first) == "maker":
                continue
            for gone, h in one_step_subhypergraphs(h2):
                if winner(h, MAKER_BREAKER, bias, first) == "maker":
                    return _bad(h2, {"maker-breaker": "maker"}, {"maker-breaker": "breaker"}, bias=_b(bias),
                                first=first, maker_wins_on_subhypergraph_without=gone)
    return None


on_small_boards(
    name="004-prop-I.1.17-local-win", source="004 Prop I.1.17",
    statement="Local Win Principle: if H is a subhypergraph of H' and Alice (Maker) has a winning "
              "strategy on H as first (resp. second) player in the Maker-Breaker game, the imported "
              "strategy wins the Maker-Breaker game on H' as first (resp. second) player. Checked on "
              "outcomes (Maker wins on H => Maker wins on H', same bias and starter) for every H' and "
              "every H one deletion away (one edge, or one vertex with its edges; chains of these reach "
              "every subhypergraph), biases 1:1, 1:2, 2:1, 2:2, 1:3, 3:1 (§I.1.1.4 states its principles "
              "with a bias). The Maker-Maker part ('either winning as fast, or losing') is about one "
              "strategy, not an outcome, and is not checked; its failure as an outcome statement is the "
              "extra set paradox (004-example-I.1.17-extra-set-paradox).",
    check=_check_local_win)


# -- Prop I.1.22: game-neutral operations; Prop I.1.27 ----------------------------------------------

X, Y = "x", "y"


def _antichains(sets: list[int]):
    """Every non-empty antichain (no member inside another) of the given masks."""
    def extend(i: int, chosen: list[int]):
        if chosen:
            yield tuple(chosen)
        for j in range(i, len(sets)):
            s = sets[j]
            if all(not (s & c == s or s & c == c) for c in chosen):
                yield from extend(j + 1, chosen + [s])
    yield from extend(0, [])


def operation_i(h: Hypergraph):
    """Every H' from operation (i) of Prop I.1.22: new vertices x, y and non-empty sets of edges
    {x, y} ∪ S (S ⊆ V(H)); only antichains of S containing no edge of H (the other added edges
    contain one of these or an edge of H, and never change an outcome)."""
    verts = list(h.vertices) + [X, Y]
    xy = 3 << h.n
    cands = [s for s in range(h.full_mask + 1) if not any(e & s == e for e in h.edge_masks)]
    for family in _antichains(cands):
        yield [h.names(s) for s in family], Hypergraph.from_masks(verts, list(h.edge_masks) + [s | xy for s in family])


def operation_ii(h: Hypergraph, which: int, x: str = X, y: str = Y) -> Hypergraph:
    """Operation (ii) of Prop I.1.22: new vertices x, y; every edge whose index is in the bitmask
    ``which`` is replaced by e ∪ {x} and e ∪ {y}."""
    verts = list(h.vertices) + [x, y]
    bx, by = 1 << h.n, 1 << (h.n + 1)
    masks = []
    for i, e in enumerate(h.edge_masks):
        masks += [e | bx, e | by] if which >> i & 1 else [e]
    return Hypergraph.from_masks(verts, masks)


def outcomes(h: Hypergraph, conventions, bias=(1, 1)) -> dict:
    return {f"{conv}, {first} first" if conv in WEAK else conv: winner(h, conv, bias, first if conv in WEAK else None)
            for conv in conventions for first in starters(conv)}


def _smaller(size: int):
    """Every simple hypergraph on up to size − 2 vertices (H' has two more)."""
    return all_small(size - 2)


def _check_operations(h: Hypergraph):
    conventions = (MAKER_MAKER, MAKER_BREAKER, AVOIDER_AVOIDER, AVOIDER_ENFORCER)
    base = outcomes(h, conventions)
    for added, h2 in operation_i(h):
        got = outcomes(h2, conventions)
        if got != base:
            return _bad(h, base, got, operation="(i)", added_edges_x_y_plus=added)
    weak = {k: v for k, v in base.items() if k.split(",")[0] in WEAK}
    for which in range(1, 1 << h.m):
        got = outcomes(operation_ii(h, which), WEAK)
        if got != weak:
            return _bad(h, weak, got, operation="(ii)", replaced=[h.names(e) for i, e in enumerate(h.edge_masks)
                                                                  if which >> i & 1])
    return None


register(Claim(
    name="004-prop-I.1.22-neutral-operations", source="004 Prop I.1.22",
    statement="Operations on hypergraphs: (i) adding two vertices x, y and edges containing both of "
              "them; (ii) adding two vertices x, y and, for some edge e or several, replacing e with "
              "e ∪ {x} and e ∪ {y}. Operation (i) does not affect the outcome of unbiased strong or weak "
              "games; operation (ii) does not affect the outcome of unbiased weak games. Checked for every "
              "H up to N − 2 vertices: (i) with every antichain of added edges {x, y} ∪ S, all four "
              "conventions (either starter in the weak games); (ii) with every non-empty set of replaced "
              "edges, Maker-Breaker and Avoider-Enforcer, either starter.",
    instances=_smaller, check=_check_operations, default_size=5, slow_size=6,
    size_name="vertices of H'", tags=TAGS))


def _operations_need_unbiased():
    one = Hypergraph([["1"]])
    empty = Hypergraph([], vertices=["1"])
    got = {"(ii) on {{1}}, 1:2, maker first": [winner(one, MAKER_BREAKER, (1, 2), "maker"),
                                               winner(operation_ii(one, 1), MAKER_BREAKER, (1, 2), "maker")],
           "(i) adding {x, y} to no edge, 2:1, maker first": [
               winner(empty, MAKER_BREAKER, (2, 1), "maker"),
               winner(Hypergraph.from_masks(["1", X, Y], [0b110]), MAKER_BREAKER, (2, 1), "maker")]}
    want = {"(ii) on {{1}}, 1:2, maker first": ["maker", "breaker"],
            "(i) adding {x, y} to no edge, 2:1, maker first": ["breaker", "maker"]}
    if got != want:
        return Violation({"boards": "see the statement"}, want, got)
    return None


register(worked_example(
    "004-prop-I.1.22-needs-unbiased", "004 Prop I.1.22 (its hypothesis 'unbiased')",
    "Prop I.1.22 is stated for unbiased games, and the hypothesis cannot be dropped (our smallest "
    "witnesses, found by exhaustive search on every H up to 3 vertices): operation (ii) on H = {{1}} gives "
    "{{1, x}, {1, y}}, and at bias (1:2) Maker (first) wins on H but Breaker on H' (he takes x and y); "
    "operation (i) adding the edge {x, y} to the edgeless board on {1} turns Breaker's win at (2:1), Maker "
    "first, into Maker's (she takes x and y at once).",
    _operations_need_unbiased, tags=TAGS))


def uniformised(h: Hypergraph) -> Hypergraph:
    """H made rank(H)-uniform by operation (ii) as in the proof of Prop I.1.27: while some edge is
    shorter than the rank, two new vertices and every short edge e replaced by e ∪ {x}, e ∪ {y}."""
    k, step = h.rank, 0
    while any(e.bit_count() < k for e in h.edge_masks):
        step += 1
        short = sum(1 << i for i, e in enumerate(h.edge_masks) if e.bit_count() < k)
        h = operation_ii(h, short, f"x{step}", f"y{step}")
    return h


def _check_uniform_reduction(h: Hypergraph):
    if not h.m or h.is_uniform():
        return None
    h2 = uniformised(h)
    want, got = outcomes(h, WEAK), outcomes(h2, WEAK)
    if want != got:
        return _bad(h, want, got, uniform=instance_json(h2)["hypergraph"])
    return None


register(Claim(
    name="004-prop-I.1.27-uniform-reduction", source="004 Prop I.1.27",
    statement="For unbiased weak games, deciding the outcome on hypergraphs of rank k reduces to "
              "k-uniform hypergraphs: operation (ii) of Prop I.1.22, repeated until every edge has size "
              "k, keeps the outcome. Checked: the k-uniform hypergraph the proof builds has the same "
              "Maker-Breaker and Avoider-Enforcer outcomes as H, either starter, for every non-uniform H "
              "(it has up to 2(k − 1) more vertices).",
    instances=all_small, check=_check_uniform_reduction, default_size=4, slow_size=5,
    size_name="vertices", tags=TAGS))


# -- Prop I.1.25: the q-pairing principle; Prop I.1.37 ----------------------------------------------

def _set_partitions(items: list[int], largest: int):
    """Partitions of the vertex bits ``items`` into blocks of at most ``largest`` vertices."""
    if not items:
        yield []
        return
    head, rest = items[0], items[1:]
    for k in range(0, min(largest, len(rest) + 1)):
        for others in combinations(rest, k):
            block = head | sum(others)
            left = [v for v in rest if v not in others]
            for tail in _set_partitions(left, largest):
                yield [block] + tail


def complete_q_pairing(h: Hypergraph, q: int) -> list[int] | None:
    """A q-pairing (disjoint sets of 2..q+1 vertices, Def I.1.23) complete in H (every edge meets
    one of its sets in ≥ 2 vertices, Def I.1.24), by brute force over set partitions (the vertices
    outside the pairing are singleton blocks), or None."""
    for blocks in _set_partitions([1 << i for i in range(h.n)], q + 1):
        pairing = [b for b in blocks if b.bit_count() >= 2]
        if all(any((e & b).bit_count() >= 2 for b in pairing) for e in h.edge_masks):
            return pairing
    return None


def _check_q_pairing(h: Hypergraph):
    for q in (1, 2, 3):
        pi = complete_q_pairing(h, q)
        if pi is None:
            continue
        for first in ("maker", "breaker"):
            got = winner(h, MAKER_BREAKER, (1, q), first)
            if got != "breaker":
                return _bad(h, {"maker-breaker": "breaker"}, {"maker-breaker": got}, bias=f"1:{q}", first=first,
                            q_pairing=[h.names(b) for b in pi])
    return None


on_small_boards(
    name="004-prop-I.1.25-q-pairing", source="004 Prop I.1.25",
    statement="q-pairing principle: if some q-pairing Π (pairwise disjoint sets π with 2 ≤ |π| ≤ 1 + q) "
              "is complete in H (every edge e has some π with |e ∩ π| ≥ 2), then Breaker, as first or "
              "second player, wins the Maker-Breaker game on H with bias (1 : q) (any q-pairing strategy "
              "associated with Π). Checked on outcomes for q = 1, 2, 3, either starter, with complete "
              "q-pairings found by brute force.",
    check=_check_q_pairing)


def small_graph_components(h: Hypergraph, q: int) -> list[int] | None:
    """A graph G ≤ H (every edge of H contains an edge of G, Notation I.1.34) whose connected
    components have at most 1 + q vertices, as its edges, by backtracking over the pair chosen in
    each edge (union-find on components), or None."""
    edges = sorted(h.edge_masks, key=lambda e: e.bit_count())

    def comp_of(parts: list[int], v: int) -> int:
        return next((c for c in parts if c & v), v)

    def go(i: int, parts: list[int], chosen: list[int]):
        if i == len(edges):
            return chosen
        e = edges[i]
        for a, b in combinations([1 << j for j in bits(e)], 2):
            ca, cb = comp_of(parts, a), comp_of(parts, b)
            merged = ca | cb
            if merged.bit_count() > q + 1:
                continue
            rest = [c for c in parts if c not in (ca, cb)]
            out = go(i + 1, rest + [merged], chosen + [a | b])
            if out is not None:
                return out
        return None
    return go(0, [], [])


def _check_q_pairing_graph(h: Hypergraph):
    for q in (1, 2, 3):
        pi, g = complete_q_pairing(h, q), small_graph_components(h, q)
        if (pi is None) != (g is None):
            return _bad(h, {"complete q-pairing": pi is not None}, {"graph G ≤ H with small components": g is not None},
                        q=q, pairing=pi and [h.names(b) for b in pi], graph=g and [h.names(e) for e in g])
    return None


on_small_boards(
    name="004-prop-I.1.37-q-pairing-graph", source="004 Prop I.1.37",
    statement="A hypergraph H admits a complete q-pairing if and only if there exists a graph G ≤ H "
              "(same vertices, every edge of H contains an edge of G) in which all connected components "
              "are of size at most 1 + q. Checked for q = 1, 2, 3, both sides by independent brute force "
              "(set partitions; pairs chosen in the edges).",
    check=_check_q_pairing_graph)


# -- Prop I.1.26: Maker-Breaker reduces to Maker-Maker ----------------------------------------------

def byskov(h: Hypergraph) -> Hypergraph:
    """H' of the proof of Prop I.1.26: two new vertices x, y, edges e ∪ {x} (e ∈ E(H)) and {x, y}."""
    bx, by = 1 << h.n, 1 << (h.n + 1)
    return Hypergraph.from_masks(list(h.vertices) + [X, Y], [e | bx for e in h.edge_masks] + [bx | by])


def _check_byskov(h: Hypergraph):
    mb = winner(h, MAKER_BREAKER, (1, 1), "maker")
    mm = winner(byskov(h), MAKER_MAKER, (1, 1))
    if (mb == "maker") != (mm == "first"):
        return _bad(h, {"maker-maker on H'": "first" if mb == "maker" else "not first"},
                    {"maker-maker on H'": mm, "maker-breaker on H, maker first": mb})
    return None


register(Claim(
    name="004-prop-I.1.26-byskov-reduction", source="004 Prop I.1.26",
    statement="[Bys04] Deciding the outcome of Maker-Breaker games reduces to deciding the outcome of "
              "Maker-Maker games: with H' = (V(H) ∪ {x, y}, {e ∪ {x} : e ∈ E(H)} ∪ {{x, y}}), Maker has a "
              "winning strategy as first player for the Maker-Breaker game on H iff the first player has "
              "a winning strategy for the Maker-Maker game on H'. Checked unbiased (the proof's "
              "construction is the unbiased one: with a bias p ≥ 2 the first player takes {x, y} at once) "
              "for every H up to N − 2 vertices.",
    instances=_smaller, check=_check_byskov, default_size=6, slow_size=7,
    size_name="vertices of H'", tags=TAGS))


# -- Prop I.1.28: the Maker-Breaker compilation -----------------------------------------------------

def _check_mb_monotone(h: Hypergraph):
    for first in ("maker", "breaker"):
        w = {b: winner(h, MAKER_BREAKER, b, first) for b in GRID}
        for (p, q), (p2, q2) in permutations(GRID, 2):
            if w[(p, q)] == "maker" and p2 >= p and q2 <= q and w[(p2, q2)] != "maker":
                return _bad(h, {_b((p2, q2)): "maker"}, {_b((p2, q2)): w[(p2, q2)]}, first=first,
                            maker_wins_at=_b((p, q)))
            if w[(p, q)] == "breaker" and p2 <= p and q2 >= q and w[(p2, q2)] != "breaker":
                return _bad(h, {_b((p2, q2)): "breaker"}, {_b((p2, q2)): w[(p2, q2)]}, first=first,
                            breaker_wins_at=_b((p, q)))
    return None


def _check_not_colorable_maker(h: Hypergraph):
    if _two_colorable(h):
        return None
    for p, q in GRID:
        if p >= q:
            got = winner(h, MAKER_BREAKER, (p, q), "maker")
            if got != "maker":
                return _bad(h, {"maker-breaker": "maker"}, {"maker-breaker": got}, bias=_b((p, q)),
                            first="maker", two_colorable=False)
    return None


def _check_mb_compilation(h: Hypergraph):
    for item in (_check_mb_monotone, _check_local_win, _check_q_pairing, _check_not_colorable_maker):
        bad = item(h)
        if bad is not None:
            return bad
    return None


on_small_boards(
    name="004-prop-I.1.28-maker-breaker-principles", source="004 Prop I.1.28",
    statement="For the Maker-Breaker game on any H: (1) bias monotonicity — a Maker win at (p:q) is a "
              "Maker win at (p':q') for all p' ≥ p, q' ≤ q, and a Breaker win at (p:q) a Breaker win at "
              "(p':q') for all p' ≤ p, q' ≥ q; (2) subhypergraph monotonicity — a Maker win on a "
              "subhypergraph of H at (p:q) is a Maker win on H; (3) a complete q-pairing gives Breaker "
              "the (1:q) game; (4) if H is not 2-colorable, Maker wins with bias (p:q) for any p ≥ q. "
              "Checked: (1) on the grid p, q ∈ {1,2,3}, either starter; (2) as 004-prop-I.1.17-local-win; "
              "(3) as 004-prop-I.1.25-q-pairing; (4) with Maker first, the standing assumption of §I.1.2 "
              "(Breaker first it fails: the single edge {1} is not 2-colorable and Breaker takes 1), "
              "p ≥ q in {1,2,3}.",
    check=_check_mb_compilation)


# -- Theorems I.1.30 and I.1.31: Beck's biased criteria ---------------------------------------------

#: decimal digits for the sign of the Erdős–Selfridge sum (only ever needed for a non-zero value)
DIGITS = 80


def _as_power(c: int) -> tuple[int, int]:
    """(b, m) with c = b^m and m largest (b is then no perfect power)."""
    for m in range(c.bit_length(), 1, -1):
        b = round(c ** (1 / m))
        for cand in (b - 1, b, b + 1):
            if cand > 1 and cand ** m == c:
                return cand, m
    return c, 1


def erdos_selfridge(h: Hypergraph, p: int, q: int) -> bool:
    """Theorem I.1.30's condition Σ_e (1+q)^(−|e|/p) < 1/(1+q), decided exactly. With c = 1+q = b^m
    (b no perfect power), g = gcd(m, p), t = c^(−1/p) is a root of x^(p/g) − b^(−m/g), irreducible
    over Q (Capelli: b^(m/g) is no l-th power for a prime l dividing p/g), so the sum minus t^p,
    reduced modulo that polynomial, is zero iff its coefficients all are; otherwise its (non-zero)
    sign is read at 80 significant digits."""
    from math import gcd
    b, m = _as_power(1 + q)
    g = gcd(m, p)
    deg, a = p // g, Fraction(1, b ** (m // g))          # t^deg = a
    coef = [Fraction(0)] * deg
    for size in (e.bit_count() for e in h.edge_masks):
        coef[size % deg] += a ** (size // deg)            # t^size = a^(size // deg) t^(size % deg)
    coef[p % deg] -= a ** (p // deg)                      # minus t^p = 1/(1+q)
    if deg == 1 or not any(coef):
        return coef[0] < 0 if deg == 1 else False        # rational, or equal: the strict inequality fails
    with localcontext() as ctx:
        ctx.prec = DIGITS
        t = Decimal(b) ** (Decimal(-m) / p)
        value = sum((Decimal(r.numerator) / Decimal(r.denominator) * t ** j for j, r in enumerate(coef)),
                    Decimal(0))
    return value < 0


def delta2(h: Hypergraph) -> int:
    """Δ2(H): the largest number of edges containing both x and y, over all pairs {x, y} (0 without
    a pair)."""
    return max((sum(1 for e in h.edge_masks if e & pair == pair) for pair in all_subsets(h.full_mask, 2)), default=0)


def beck_maker(h: Hypergraph, p: int, q: int) -> bool:
    """Theorem I.1.31's condition Σ_e (1 + q/p)^(−|e|) > p²q²/(p+q)³ · Δ2(H) · |V(H)| (exact)."""
    lhs = sum((Fraction(p, p + q) ** e.bit_count() for e in h.edge_masks), Fraction(0))
    return lhs > Fraction(p * p * q * q, (p + q) ** 3) * delta2(h) * h.n


def _check_erdos_selfridge(h: Hypergraph):
    for p, q in GRID:
        if erdos_selfridge(h, p, q):
            for first in ("maker", "breaker"):
                got = winner(h, MAKER_BREAKER, (p, q), first)
                if got != "breaker":
                    return _bad(h, {"maker-breaker": "breaker"}, {"maker-breaker": got}, bias=_b((p, q)), first=first)
    return None


on_small_boards(
    name="004-thm-I.1.30-erdos-selfridge-biased", source="004 Theorem I.1.30",
    statement="Erdős–Selfridge Theorem [Bec82]: a sufficient condition for Breaker to win the "
              "Maker-Breaker game with bias (p : q) on H is Σ_{e∈E(H)} (1 + q)^(−|e|/p) < 1/(1 + q) (for "
              "k-uniform H: |E(H)| < (1 + q)^(k/p − 1)). Checked: whenever the condition holds (exactly "
              "for p = 1, to 80 digits otherwise), the reference says Breaker wins, with Maker first (the "
              "theorem's setting) and with Breaker first, p, q ∈ {1,2,3}.",
    check=_check_erdos_selfridge)


def _check_beck_maker(h: Hypergraph):
    for p, q in GRID:
        if beck_maker(h, p, q):
            got = winner(h, MAKER_BREAKER, (p, q), "maker")
            if got != "maker":
                return _bad(h, {"maker-breaker": "maker"}, {"maker-breaker": got}, bias=_b((p, q)), first="maker",
                            delta2=delta2(h))
    return None


on_small_boards(
    name="004-thm-I.1.31-beck-maker", source="004 Theorem I.1.31",
    statement="[Bec82] A sufficient condition for Maker to win the Maker-Breaker game with bias (p : q) "
              "on H is Σ_{e∈E(H)} (1 + q/p)^(−|e|) > p²q²/(p + q)³ · Δ2(H) · |V(H)|, Δ2(H) the largest "
              "number of edges containing a pair of vertices. Checked exactly (fractions): whenever the "
              "condition holds, the reference says Maker wins as first player (§I.1.2's standing "
              "assumption), p, q ∈ {1,2,3}.",
    check=_check_beck_maker)


# -- Theorem I.1.33 and the P3 remark: games on graphs ---------------------------------------------

def graphs(size: int):
    """Every graph (edges of size 2, isolated vertices allowed) on up to N vertices, up to isomorphism."""
    return (h for h in all_small(size) if all(e.bit_count() == 2 for e in h.edge_masks))


def maker_wins_within(h: Hypergraph, p: int, q: int, rounds: int) -> bool:
    """Maker, first, can complete an edge within ``rounds`` of her moves at bias (p:q): by the
    definitions, over whole turns (p-subsets, q-subsets, the final short turn)."""
    edges, full = h.edge_masks, h.full_mask

    @lru_cache(maxsize=None)
    def win(maker: int, breaker: int, left: int) -> bool:
        free = full & ~maker & ~breaker
        if not free or not left:
            return False
        for x in all_subsets(free, min(p, free.bit_count())):
            if cv.holds_edge(edges, maker | x):
                return True
        if left == 1:
            return False
        for x in all_subsets(free, min(p, free.bit_count())):
            rest = free & ~x
            if rest and all(win(maker | x, breaker | y, left - 1) for y in all_subsets(rest, min(q, rest.bit_count()))):
                return True
        return False
    return win(0, 0, rounds)


def _max_degree(h: Hypergraph) -> int:
    return max((h.degree(v) for v in h.vertices), default=0)


def _check_graphs(g: Hypergraph):
    delta = _max_degree(g)
    for p in (1, 2, 3):
        for q in (1, 2, 3, 4):
            breaker = not g.m or (p == 1 and q >= delta)
            got = winner(g, MAKER_BREAKER, (p, q), "maker")
            if got != ("breaker" if breaker else "maker"):
                return _bad(g, {"maker-breaker": "breaker" if breaker else "maker"}, {"maker-breaker": got},
                            bias=f"{p}:{q}", first="maker", max_degree=delta)
            if not breaker and not maker_wins_within(g, p, q, 2 if p == 1 else 1):
                return _bad(g, {"maker wins within": 2 if p == 1 else 1}, {"maker wins within": "more rounds"},
                            bias=f"{p}:{q}", first="maker")
    return None


register(Claim(
    name="004-thm-I.1.33-graphs", source="004 Theorem I.1.33",
    statement="Maker-Breaker game with bias (p : q) on a graph G: Breaker wins if (i) E(G) = ∅ or (ii) "
              "p = 1 and q ≥ Δ(G); otherwise Maker wins, within two rounds if p = 1 or one round if "
              "p ≥ 2. Checked with Maker first (§I.1.2's standing assumption) on every graph up to N "
              "vertices, p ∈ {1,2,3}, q ∈ {1,2,3,4}: the outcome, and the number of rounds by a search "
              "over whole turns.",
    instances=graphs, check=_check_graphs, default_size=5, slow_size=6, size_name="vertices", tags=TAGS))


def _has_p3(g: Hypergraph) -> bool:
    return any(g.degree(v) >= 2 for v in g.vertices)


def _check_p3(g: Hypergraph):
    want = _has_p3(g)
    got = {"maker-maker": winner(g, MAKER_MAKER), "maker-breaker, maker first": winner(g, MAKER_BREAKER, (1, 1), "maker")}
    if (got["maker-maker"] == "first") != want or (got["maker-breaker, maker first"] == "maker") != want:
        return _bad(g, {"first player wins": want}, got, contains_p3=want)
    return None


register(Claim(
    name="004-remark-I.1.1.5-graphs-p3", source="004 §I.1.1.5 (after Table I.1)",
    statement="Tractability is trivial for achievement games when H is a graph: the first player wins "
              "iff H contains a path P3 on three vertices (Maker-Maker; Maker-Breaker with Maker as first "
              "player). Checked unbiased on every graph up to N vertices (a P3 is a vertex of degree ≥ 2).",
    instances=graphs, check=_check_p3, default_size=5, slow_size=6, size_name="vertices", tags=TAGS))


# -- Props I.1.35 and I.1.36: shrinking edges --------------------------------------------------------

def one_step_shrinks(h: Hypergraph):
    """(edge, vertex, H') for every H' obtained from H by removing one vertex from one edge (in its
    simple form; a singleton edge becomes the empty edge). With the one-edge additions, which are
    the edge steps of 004-prop-I.1.17-local-win read backwards, chains of these reach every H' ≤ H on
    the same vertex set."""
    masks = list(h.edge_masks)
    for i, e in enumerate(masks):
        for v in bits(e):
            yield h.names(e), h.vertices[v], _simple_form(h.vertices, masks[:i] + [e & ~(1 << v)] + masks[i + 1:])


def _check_shrinking(h: Hypergraph):
    for bias in BIASES:
        for first in ("maker", "breaker"):
            if winner(h, MAKER_BREAKER, bias, first) != "maker":
                continue
            for e, v, h2 in one_step_shrinks(h):
                got = winner(h2, MAKER_BREAKER, bias, first)
                if got != "maker":
                    return _bad(h, {"maker-breaker on H'": "maker"}, {"maker-breaker on H'": got}, bias=_b(bias),
                                first=first, shrunk_edge=e, removed=v)
    return None


on_small_boards(
    name="004-prop-I.1.35-shrinking", source="004 Prop I.1.35",
    statement="If H' ≤ H (V(H') = V(H) and every edge of H contains an edge of H'), any winning "
              "strategy for Maker on H is winning on H', and any winning strategy for Breaker on H' is "
              "winning on H (any bias). Checked on outcomes (Maker wins on H => Maker wins on H') for every "
              "H and every H' one shrink away (one vertex removed from one edge), biases 1:1, 1:2, 2:1, "
              "2:2, 1:3, 3:1, either starter; adding an edge is 004-prop-I.1.17-local-win's edge step.",
    check=_check_shrinking)


def min_graph_degree(h: Hypergraph) -> int | None:
    """The least Δ(G) over graphs G ≤ H (a pair chosen inside every edge), or None when an edge has
    fewer than 2 vertices. Branch and bound over the pair of each edge."""
    if any(e.bit_count() < 2 for e in h.edge_masks):
        return None
    edges = sorted(h.edge_masks, key=lambda e: e.bit_count())
    best = [len(edges) + 1]

    def go(i: int, chosen: frozenset, deg: tuple):
        top = max(deg)
        if top >= best[0]:
            return
        if i == len(edges):
            best[0] = top
            return
        e = edges[i]
        if any(pr & e == pr for pr in chosen):   # a pair of G already inside e
            go(i + 1, chosen, deg)
            return
        for a, b in combinations(bits(e), 2):
            d = list(deg)
            d[a] += 1
            d[b] += 1
            go(i + 1, chosen | {(1 << a) | (1 << b)}, tuple(d))
    go(0, frozenset(), (0,) * max(h.n, 1))
    return best[0]


def _check_graph_shrink(h: Hypergraph):
    d = min_graph_degree(h)
    if d is None:
        return None
    for q in (1, 2, 3, 4):
        if d <= q:
            for first in ("maker", "breaker"):
                got = winner(h, MAKER_BREAKER, (1, q), first)
                if got != "breaker":
                    return _bad(h, {"maker-breaker": "breaker"}, {"maker-breaker": got}, bias=f"1:{q}", first=first,
                                least_max_degree_of_a_graph_below=d)
    return None


on_small_boards(
    name="004-prop-I.1.36-graph-shrink", source="004 Prop I.1.36",
    statement="If there exists a graph G ≤ H with Δ(G) ≤ q, Breaker wins the Maker-Breaker game on H "
              "with bias (1 : q). Checked for q = 1..4, either starter, with the least Δ(G) over all "
              "graphs G ≤ H found by branch and bound.",
    check=_check_graph_shrink)


# -- Avoider-Avoider: no rule on who should play first or last (after Prop I.1.15) -------------------

def _aa_no_rule():
    boards = {   # (the rule refuted, board, vertices, the outcome)
        "better to play first (the second player never wins)": (Hypergraph([["1"]]), "second"),
        "better to play second (the first player never wins)": (Hypergraph([["1"]], vertices=["1", "2"]), "first"),
        "better to play last (the last player never loses; |V| = 1: the first is last)": (Hypergraph([["1"]]), "second"),
        "better to play second-to-last (it never loses; |V| = 2: the first is second-to-last)":
            (Hypergraph([["1"], ["2"]]), "second"),
    }
    got = {k: winner(h, AVOIDER_AVOIDER) for k, (h, _) in boards.items()}
    want = {k: w for k, (_, w) in boards.items()}
    if got != want:
        return Violation({k: instance_json(h) for k, (h, _) in boards.items()}, want, got)
    return None


register(worked_example(
    "004-example-I.1.1.4-avoider-avoider-no-rule", "004 §I.1.1.4 (after Prop I.1.15)",
    "'Nothing of the sort can be said about Avoider-Avoider games: no general rule holds stating that it "
    "is better to play first, or second, or last, or second-to-last, as simple counter-examples exist in "
    "all cases.' Unbiased witnesses: the edge {1} on {1} (the second player wins: playing first, and "
    "playing last, lose), the edge {1} on {1, 2} (the first player wins: playing second loses), the edges "
    "{1}, {2} on {1, 2} (the first player, second-to-last, loses).",
    _aa_no_rule, tags=TAGS))


# -- the tic-tac-toe example after Prop I.1.9 --------------------------------------------------------

def tic_tac_toe() -> Hypergraph:
    cells = [[f"{r}{c}" for c in "abc"] for r in "123"]
    lines = cells + [list(col) for col in zip(*cells)] + [[cells[i][i] for i in range(3)],
                                                           [cells[i][2 - i] for i in range(3)]]
    return Hypergraph(lines)


def _tic_tac_toe():
    h = tic_tac_toe()
    want = {"maker-maker": "draw", "maker-breaker, maker first": "maker"}
    got = {"maker-maker": winner(h, MAKER_MAKER), "maker-breaker, maker first": winner(h, MAKER_BREAKER, (1, 1), "maker")}
    if got != want:
        return _bad(h, want, got)
    return None


register(worked_example(
    "004-example-I.1.9-tic-tac-toe", "004 §I.1.1.3 (after Prop I.1.9)",
    "The converses of Prop I.1.9 are not true: on the hypergraph of 3 × 3 tic-tac-toe (9 cells, 8 "
    "lines) the first player has no winning strategy for the Maker-Maker game (optimal play is a "
    "draw), but Maker wins the Maker-Breaker game as first player.",
    _tic_tac_toe, tags=TAGS))
