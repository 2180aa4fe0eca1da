"""Paper 004 §I.1 (F. Galliot, PhD thesis, 2023): the statements about the outcome of positional
games under the four conventions and any bias (Def I.1.8), as executable claims, and the worked
examples of §I.1.1.4. The judge is the explicit reference of the general positional game
(:mod:`verify.solvers.explicit_conventions`), on every simple hypergraph up to N vertices (no marked
vertices: a game from the start), for the biases each statement speaks of.

Roles (see :mod:`verify.games.conventions`): Alice claims p per turn, Bob q; in the strong games
(Maker-Maker, Avoider-Avoider) the bias F:S is the first player's claims and the second's.
Registered by the catalogue (``verify.claims.registry._MODULES``).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product

from ..games.conventions import (AVOIDER_AVOIDER, AVOIDER_ENFORCER, MAKER_BREAKER, MAKER_MAKER,
                                 ConventionGame)
from ..hypergraph import Hypergraph
from ..isomorphism import enumerate_hypergraphs
from ..solvers.explicit_conventions import solve_convention
from .paper004 import instance_json
from .registry import Claim, Violation, register, worked_example

#: the biases the bias-quantified claims are checked at
BIASES = ((1, 1), (1, 2), (2, 1), (2, 2), (1, 3), (3, 1))
TAGS = ("positional", "conventions")


@lru_cache(maxsize=100_000)
def winner(h: Hypergraph, convention: str, bias=(1, 1), first: str | None = None,
           bob: frozenset = frozenset()) -> str:
    """The explicit reference's verdict: a role word of the convention, or 'draw'."""
    return str(solve_convention(ConventionGame(h, convention, bias, first, bob)).winner)


@lru_cache(maxsize=None)
def _simple(n: int) -> tuple[Hypergraph, ...]:
    return tuple(enumerate_hypergraphs(n, tuple(range(1, n + 1)), simple=True))


def all_small(size: int):
    """Every simple hypergraph (a Sperner family of non-empty edges; isolated vertices allowed) on
    1..N vertices, up to isomorphism, smallest first. Supersets of edges never change a positional
    game's outcome (the smaller edge is completed no later), so simple ones are all that matter."""
    for n in range(1, size + 1):
        yield from _simple(n)


def on_small_boards(*, check, **fields) -> Claim:
    """Register a claim checked on every small board (:func:`all_small`): size 5 by default, 6 in
    the slow run, unless ``fields`` say otherwise."""
    fields = {"default_size": 5, "slow_size": 6, **fields}
    return register(Claim(instances=all_small, check=check, size_name="vertices", tags=TAGS, **fields))


def _bad(h, expected, actual, **extra):
    return Violation(instance_json(h, **extra), expected, actual)


# -- Prop I.1.9: strong wins are weak wins ---------------------------------------------------------

def _check_strong_weak(h: Hypergraph):
    for p, q in BIASES:
        mm = winner(h, MAKER_MAKER, (p, q))
        if mm != "draw":
            # Maker = the strong game's winner, with that player's bias and place in the order
            mb = (p, q) if mm == "first" else (q, p)
            first = "maker" if mm == "first" else "breaker"
            got = winner(h, MAKER_BREAKER, mb, first)
            if got != "maker":
                return _bad(h, {"maker-breaker": "maker"}, {"maker-breaker": got},
                            maker_maker_bias=f"{p}:{q}", maker_maker=mm, maker_breaker_bias=f"{mb[0]}:{mb[1]}",
                            maker_breaker_first=first)
        aa = winner(h, AVOIDER_AVOIDER, (p, q))
        if aa != "draw":
            # Enforcer = the strong game's winner; Avoider = the loser
            ae = (q, p) if aa == "first" else (p, q)
            first = "enforcer" if aa == "first" else "avoider"
            got = winner(h, AVOIDER_ENFORCER, ae, first)
            if got != "enforcer":
                return _bad(h, {"avoider-enforcer": "enforcer"}, {"avoider-enforcer": got},
                            avoider_avoider_bias=f"{p}:{q}", avoider_avoider=aa,
                            avoider_enforcer_bias=f"{ae[0]}:{ae[1]}", avoider_enforcer_first=first)
    return None


on_small_boards(
    name="004-prop-I.1.9-strong-implies-weak", source="004 Prop I.1.9",
    statement="If the first (resp. second) player wins the Maker-Maker game on H, Maker wins the "
              "Maker-Breaker game on H as first (resp. second) player; if the first (resp. second) "
              "player wins the Avoider-Avoider game on H, Enforcer wins the Avoider-Enforcer game as "
              "first (resp. second) player. Biased too (§I.1.1.3: 'these results hold even in the "
              "biased version'): the weak game's winner keeps the strong winner's claims per turn and "
              "place in the order. Checked at biases 1:1, 1:2, 2:1, 2:2, 1:3, 3:1.",
    check=_check_strong_weak)


# -- Prop I.1.11: not 2-colorable -> no draw ---------------------------------------------------------

def _two_colorable(h: Hypergraph) -> bool:
    full = h.full_mask
    return any(all(e & red and e & ~red & full for e in h.edge_masks) for red in range(full + 1))


def _check_no_draw(h: Hypergraph):
    if _two_colorable(h):
        return None
    for conv in (MAKER_MAKER, AVOIDER_AVOIDER):
        for bias in BIASES:
            got = winner(h, conv, bias)
            if got == "draw":
                return _bad(h, {conv: "no draw"}, {conv: got}, bias=f"{bias[0]}:{bias[1]}")
    return None


on_small_boards(
    name="004-prop-I.1.11-no-draw", source="004 Prop I.1.11",
    statement="If H is not 2-colorable, a strong game (Maker-Maker or Avoider-Avoider, any bias) on H "
              "cannot end in a draw (checked: the optimal outcome is not a draw, at biases 1:1, 1:2, "
              "2:1, 2:2, 1:3, 3:1).",
    check=_check_no_draw)


# -- Prop I.1.12: initiative, achievement games, any bias --------------------------------------------

def _check_initiative_biased(h: Hypergraph):
    for p, q in BIASES:
        mf, bf = winner(h, MAKER_BREAKER, (p, q), "maker"), winner(h, MAKER_BREAKER, (p, q), "breaker")
        if bf == "maker" and mf != "maker" or mf == "breaker" and bf != "breaker":
            return _bad(h, "a win as second player is a win as first player",
                        {"maker_first": mf, "breaker_first": bf}, convention=MAKER_BREAKER, bias=f"{p}:{q}")
        # Maker-Maker: the player claiming a per turn wins second (bias b:a, 'second') => wins first (a:b)
        second = winner(h, MAKER_MAKER, (q, p))
        if second == "second":
            first = winner(h, MAKER_MAKER, (p, q))
            if first != "first":
                return _bad(h, {f"maker-maker {p}:{q}": "first"}, {f"maker-maker {p}:{q}": first},
                            convention=MAKER_MAKER, as_second=f"second wins at {q}:{p}")
    return None


on_small_boards(
    name="004-prop-I.1.12-initiative-biased", source="004 Prop I.1.12",
    statement="Initiative Principle, in both achievement games and with a bias (§I.1.1.4 considers "
              "games with a bias (p:q) unless otherwise specified): if Alice (resp. Bob) wins on H as "
              "second player, she (resp. he) wins as first player too, keeping her (his) claims per "
              "turn. Maker-Breaker at (p:q): Breaker first a Maker win => Maker first a Maker win, and "
              "Maker first a Breaker win => Breaker first a Breaker win; Maker-Maker: the second player "
              "wins at (q:p) => the first player wins at (p:q). Checked at biases 1:1, 1:2, 2:1, 2:2, "
              "1:3, 3:1, on every hypergraph (the unbiased rank-3 Maker-Breaker case is "
              "004-prop-I.1.12-initiative).",
    check=_check_initiative_biased)


# -- Prop I.1.13: bias monotonicity, achievement games ----------------------------------------------

MONO_GRID = tuple((p, q) for p in (1, 2, 3) for q in (1, 2, 3))


def _check_bias_monotone(h: Hypergraph):
    for (p, q), first in product(MONO_GRID, ("maker", "breaker")):
        w = winner(h, MAKER_BREAKER, (p, q), first)
        if w == "maker":
            up = winner(h, MAKER_BREAKER, (p + 1, q), first)
            if up != "maker":
                return _bad(h, {f"{p + 1}:{q}": "maker"}, {f"{p + 1}:{q}": up}, convention=MAKER_BREAKER,
                            first=first, maker_wins_at=f"{p}:{q}")
        else:
            up = winner(h, MAKER_BREAKER, (p, q + 1), first)
            if up != "breaker":
                return _bad(h, {f"{p}:{q + 1}": "breaker"}, {f"{p}:{q + 1}": up}, convention=MAKER_BREAKER,
                            first=first, breaker_wins_at=f"{p}:{q}")
    for p, q in MONO_GRID:
        w = winner(h, MAKER_MAKER, (p, q))
        if w == "first" and winner(h, MAKER_MAKER, (p + 1, q)) != "first":
            return _bad(h, {f"{p + 1}:{q}": "first"}, {f"{p + 1}:{q}": winner(h, MAKER_MAKER, (p + 1, q))},
                        convention=MAKER_MAKER, first_wins_at=f"{p}:{q}")
        if w == "second" and winner(h, MAKER_MAKER, (p, q + 1)) != "second":
            return _bad(h, {f"{p}:{q + 1}": "second"}, {f"{p}:{q + 1}": winner(h, MAKER_MAKER, (p, q + 1))},
                        convention=MAKER_MAKER, second_wins_at=f"{p}:{q}")
    return None


on_small_boards(
    name="004-prop-I.1.13-bias-monotonicity", source="004 Prop I.1.13",
    statement="Bias Monotonicity Principle: in achievement games, if Alice wins on H with bias (p:q) "
              "as first (resp. second) player, she wins with (p':q) for every p' ≥ p; the same for Bob "
              "exchanging p and q. Checked one step at a time for p, q ∈ {1,2,3}: Maker-Breaker, either "
              "starter — Maker wins (p:q) => Maker wins (p+1:q), Breaker wins (p:q) => Breaker wins "
              "(p:q+1) (no draws, so equivalently Maker wins (p:q) => Maker wins (p:q-1) for q ≥ 2); "
              "Maker-Maker — the first player wins (p:q) => wins (p+1:q), the second wins (p:q) => "
              "wins (p:q+1).",
    check=_check_bias_monotone)


# -- Prop I.1.14: no second-player win in Maker-Maker when p >= q -----------------------------------

STRATEGY_STEALING_BIASES = ((1, 1), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3))


def _check_mm_second(h: Hypergraph):
    for p, q in STRATEGY_STEALING_BIASES:
        got = winner(h, MAKER_MAKER, (p, q))
        if got == "second":
            return _bad(h, {"maker-maker": "first or draw"}, {"maker-maker": got}, bias=f"{p}:{q}")
    return None


on_small_boards(
    name="004-prop-I.1.14-no-second-player-win", source="004 Prop I.1.14",
    statement="In Maker-Maker games with a bias (p:q) where p ≥ q, Bob as second player cannot have a "
              "winning strategy: optimal play is a first player win or a draw. Checked at 1:1, 2:1, "
              "2:2, 3:1, 3:2, 3:3 (p = q and p > q alike). The hypothesis p ≥ q is needed: at (1:2) "
              "the second player wins the triangle {12, 13, 23} (the thesis's 'unless the bias is in "
              "the second player's favor'; worked example 004-prop-I.1.14-second-favoured-bias).",
    check=_check_mm_second)


TRIANGLE = Hypergraph([["1", "2"], ["1", "3"], ["2", "3"]])


def _mm_second_favoured():
    got = winner(TRIANGLE, MAKER_MAKER, (1, 2))
    if got != "second":
        return _bad(TRIANGLE, {"maker-maker 1:2": "second"}, {"maker-maker 1:2": got})
    return None


register(worked_example(
    "004-prop-I.1.14-second-favoured-bias", "004 §I.1.1.4 (before Prop I.1.14)",
    "The second player can win a Maker-Maker game when the bias is in his favour (p < q), so Prop "
    "I.1.14's p ≥ q cannot be dropped: on the triangle {12, 13, 23} with bias (1:2) the second player "
    "wins (he takes the two vertices the first player left, an edge).",
    _mm_second_favoured, tags=TAGS))


# -- the path-plus-a-vertex example (before Prop I.1.15) ---------------------------------------------

P3_PLUS_U = Hypergraph([["a", "b"], ["b", "c"]], vertices=["a", "b", "c", "u"])


def _p3_plus_u():
    want = {"avoider-enforcer": "avoider", "avoider-avoider": "first",
            "avoider-enforcer, u blue": "enforcer", "avoider-avoider, u blue": "second"}
    u = frozenset({"u"})
    got = {"avoider-enforcer": winner(P3_PLUS_U, AVOIDER_ENFORCER, (1, 1), "avoider"),
           "avoider-avoider": winner(P3_PLUS_U, AVOIDER_AVOIDER, (1, 1)),
           "avoider-enforcer, u blue": winner(P3_PLUS_U, AVOIDER_ENFORCER, (1, 1), "avoider", u),
           "avoider-avoider, u blue": winner(P3_PLUS_U, AVOIDER_AVOIDER, (1, 1), None, u)}
    if got != want:
        return _bad(P3_PLUS_U, want, got)
    return None


register(worked_example(
    "004-example-I.1.1.4-path-plus-vertex", "004 §I.1.1.4 (before Prop I.1.15)",
    "H = a path P3 (edges ab, bc) plus an isolated vertex u, unbiased, Alice (Avoider) first: Alice "
    "wins both the Avoider-Avoider and the Avoider-Enforcer game (by playing u); with u precoloured "
    "blue (Bob's), Alice loses both as first player — in avoidance games an extra vertex of the "
    "opponent's can hurt.",
    _p3_plus_u, tags=TAGS))


# -- no bias monotonicity in avoidance games (before Prop I.1.15) ------------------------------------

SINGLETON3 = Hypergraph([["1"]], vertices=["1", "2", "3"])


def _avoidance_not_monotone():
    want = {"avoider first 1:1": "enforcer", "avoider first 2:1": "avoider",
            "enforcer first 1:1": "avoider", "enforcer first 1:2": "enforcer"}
    got = {"avoider first 1:1": winner(SINGLETON3, AVOIDER_ENFORCER, (1, 1), "avoider"),
           "avoider first 2:1": winner(SINGLETON3, AVOIDER_ENFORCER, (2, 1), "avoider"),
           "enforcer first 1:1": winner(SINGLETON3, AVOIDER_ENFORCER, (1, 1), "enforcer"),
           "enforcer first 1:2": winner(SINGLETON3, AVOIDER_ENFORCER, (1, 2), "enforcer")}
    if got != want:
        return _bad(SINGLETON3, want, got)
    return None


register(worked_example(
    "004-example-I.1.1.4-avoidance-no-bias-monotonicity", "004 §I.1.1.4 (before Prop I.1.15)",
    "'Avoidance games have no bias monotonicity in general' (the thesis states no proposition; this is "
    "our smallest witness, found by exhaustive search): on three vertices with the single edge {1}, "
    "Avoider-Enforcer, Avoider first, Avoider loses at (1:1) but wins at (2:1) (more vertices of her "
    "own colour help her); Enforcer first, Avoider wins at (1:1) but loses at (1:2) (more vertices "
    "for Enforcer hurt her).",
    _avoidance_not_monotone, tags=TAGS))


def _aa_three_outcomes():
    boards = {"first": Hypergraph([["1"]], vertices=["1", "2"]), "second": Hypergraph([["1"]]),
              "draw": Hypergraph([], vertices=["1"])}
    got = {k: winner(h, AVOIDER_AVOIDER, (1, 1)) for k, h in boards.items()}
    if got != {k: k for k in boards}:
        return Violation({"boards": {k: instance_json(h) for k, h in boards.items()}}, {k: k for k in boards}, got)
    return None


register(worked_example(
    "004-example-I.1.1.4-avoider-avoider-three-outcomes", "004 §I.1.1.4 (after Prop I.1.15)",
    "All three outcomes are possible in unbiased Avoider-Avoider games: a first player win (edge {1} "
    "on vertices {1, 2}), a second player win (edge {1} on {1}) and a draw (no edge).",
    _aa_three_outcomes, tags=TAGS))


# -- Prop I.1.15: unbiased Avoider-Enforcer, nobody wants to play last -------------------------------

def _check_not_last(h: Hypergraph):
    n = h.n
    for role, other in (("avoider", "enforcer"), ("enforcer", "avoider")):
        last = role if n % 2 else other           # who starts so that ``role`` plays last
        second_last = other if last == role else role
        if winner(h, AVOIDER_ENFORCER, (1, 1), last) == role:
            got = winner(h, AVOIDER_ENFORCER, (1, 1), second_last)
            if got != role:
                return _bad(h, {f"{second_last} first": role}, {f"{second_last} first": got},
                            wins_as_last_player=role, last_first=last)
    return None


on_small_boards(
    name="004-prop-I.1.15-not-last", source="004 Prop I.1.15",
    statement="In unbiased Avoider-Enforcer games both players prefer not to play last: if Avoider "
              "(resp. Enforcer) wins on H as last player (first if |V(H)| is odd, second if even), she "
              "(resp. he) wins as second-to-last player too.",
    check=_check_not_last)


# -- Prop I.1.18: importing Enforcer's win -------------------------------------------------------------

def _check_enforcer_import(h2: Hypergraph):
    verts = h2.vertices
    for k in range(2, len(verts) + 1, 2):
        for gone in combinations(verts, k):
            h = h2.delete_vertices(gone)
            for first in ("enforcer", "avoider"):
                if winner(h, AVOIDER_ENFORCER, (1, 1), first) == "enforcer":
                    got = winner(h2, AVOIDER_ENFORCER, (1, 1), first)
                    if got != "enforcer":
                        return _bad(h2, {"avoider-enforcer": "enforcer"}, {"avoider-enforcer": got},
                                    first=first, enforcer_wins_on_sub_without=list(gone))
    return None


on_small_boards(
    name="004-prop-I.1.18-enforcer-import", source="004 Prop I.1.18",
    statement="If H ⊆ H' with |V(H') \\ V(H)| even and Enforcer wins the unbiased Avoider-Enforcer game "
              "on H as first (resp. second) player, he wins it on H' as first (resp. second) player. "
              "Checked for every H' and every H obtained by deleting an even number of vertices of H' "
              "(with the edges through them).",
    check=_check_enforcer_import)


# -- Prop I.1.21: the pairing principle ----------------------------------------------------------------

def _complete_pairing(h: Hypergraph) -> list | None:
    """A pairing (disjoint pairs) with a pair inside every edge, by brute force, or None."""
    edges = list(h.edge_masks)
    pairs = [(1 << i) | (1 << j) for i, j in combinations(range(h.n), 2)]

    def extend(used: int, chosen: list, left: list):
        if not left:
            return chosen
        e = left[0]
        for pr in pairs:
            if pr & e == pr and not pr & used:
                rest = [f for f in left if pr & f != pr]
                out = extend(used | pr, chosen + [pr], rest)
                if out is not None:
                    return out
        return None
    # a pair already chosen may cover a later edge: ``extend`` drops every covered edge
    return extend(0, [], edges)


def _check_pairing(h: Hypergraph):
    pi = _complete_pairing(h)
    if pi is None:
        return None
    got = {f"maker-breaker, {f} first": winner(h, MAKER_BREAKER, (1, 1), f) for f in ("maker", "breaker")}
    got |= {f"avoider-enforcer, {f} first": winner(h, AVOIDER_ENFORCER, (1, 1), f) for f in ("avoider", "enforcer")}
    want = {k: ("breaker" if k.startswith("maker") else "avoider") for k in got}
    if got != want:
        return _bad(h, want, got, pairing=[h.names(p) for p in pi])
    return None


on_small_boards(
    name="004-prop-I.1.21-pairing", source="004 Prop I.1.21",
    statement="Pairing Principle: if some pairing (disjoint pairs) is complete in H (every edge "
              "contains a pair), Breaker wins the unbiased Maker-Breaker game and Avoider the unbiased "
              "Avoider-Enforcer game on H, as first or second player.",
    check=_check_pairing)


# -- the extra set paradox (after Prop I.1.17) and its sequel (after Prop I.1.22) -------------------

_X = [["x", "y1", "y2"], ["x", "y1", "y3"], ["x", "z1", "z2"], ["x", "z1", "z3"]]
EXTRA_H = Hypergraph(_X)
EXTRA_H2 = Hypergraph(_X + [["y3", "z3"]])
EXTRA_H3 = Hypergraph(_X + [["y3", "z3", "a"], ["y3", "z3", "b"]])


def _extra_set_paradox():
    want = {"H": "first", "H'": "draw"}
    got = {"H": winner(EXTRA_H, MAKER_MAKER), "H'": winner(EXTRA_H2, MAKER_MAKER)}
    if got != want:
        return Violation({"H": instance_json(EXTRA_H), "H'": instance_json(EXTRA_H2)}, want, got)
    return None


register(worked_example(
    "004-example-I.1.17-extra-set-paradox", "004 §I.1.1.4 (after Prop I.1.17)",
    "Extra set paradox: H with V = {x, y1, y2, y3, z1, z2, z3}, E = {x y1 y2, x y1 y3, x z1 z2, "
    "x z1 z3}, and H' = H plus the edge {y3, z3}. In the unbiased Maker-Maker game the first player "
    "wins on H, but the second player has a drawing strategy on H' (a draw with optimal play).",
    _extra_set_paradox, tags=TAGS))


def _extra_set_enlarged():
    got = winner(EXTRA_H3, MAKER_MAKER)
    if got != "first":
        return _bad(EXTRA_H3, {"maker-maker": "first"}, {"maker-maker": got})
    return None


register(worked_example(
    "004-example-I.1.22-extra-set-enlarged", "004 §I.1.1.4 (after Prop I.1.22)",
    "In the extra set paradox's H', replacing the edge {y3, z3} by the two edges {y3, z3, a} and "
    "{y3, z3, b} (a, b new) shifts the unbiased Maker-Maker game back to a first player win "
    "(operation (ii) of Prop I.1.22 is not neutral for strong games).",
    _extra_set_enlarged, tags=TAGS))
