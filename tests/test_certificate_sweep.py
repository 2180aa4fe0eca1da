"""Exhaustive certificate sweep: every method that takes ``certificate``, on every hypergraph up to
isomorphism with few vertices (edges of size 1-3), both starters, with Maker and Breaker stones,
writes a certificate the checker accepts and whose claim is the method's verdict.

Maker-Breaker methods run on the board; ``.pg`` methods on its ``.pg`` form; ACV/AVD/DST/PRV on the
board; hypergraph NIM with one stone per pile (when every vertex lies on an edge); GEN/DNG on the
tree geometries (vertex and edge convexity) of every tree with as many vertices, every winning set. A method that does not
apply (MethodError, UndefinedGame) is counted as skipped (summary printed with ``-s``); any other
exception is a failure. Default run: every board on up to 2 vertices and every Sperner board on 3;
``-m slow``: every board with edges of size 1-3 on 3 and 4 vertices, and every Sperner board (every
board as a game) on 4 and 5 vertices.
"""
from __future__ import annotations

from collections import Counter

import pytest

from verify.certificates.checker import check_certificate
from verify.errors import InputError, MethodError, UndefinedGame
from verify.formats.hypernim import instance_from_json
from verify.games import positional as pg
from verify.games.conventions import NEW_CONVENTIONS, ROLES, STRONG, ConventionGame
from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import Hypergraph
from verify.isomorphism import enumerate_hypergraphs
from verify.solvers import method_info, methods, solve

CONVEX = ("gen", "dng")  # on convex geometries: the tree geometries of every tree on n vertices


def _convex_boards(n):
    """Every tree geometry (vertex and edge convexity) of every tree on n vertices, with every
    non-empty winning set (paper 001 §2 examples: trees are the convex geometries of small boards)."""
    import networkx as nx
    from itertools import combinations
    from verify.formats.convex import game_from_json
    trees = [nx.empty_graph(1)] if n == 1 else list(nx.nonisomorphic_trees(n))
    for t in trees:
        edges = [[str(a), str(b)] for a, b in t.edges]
        for geometry, ground in (("tree-vertex", [str(v) for v in t.nodes]), ("tree-edge", edges)):
            for k in range(1, len(ground) + 1):
                for w in combinations(ground, k):
                    data = {"geometry": geometry, "tree": edges, "vertices": [str(v) for v in t.nodes],
                            "winning": list(w)}
                    yield lambda kind, data=data: game_from_json(kind, data)


def _positions(h):
    """(Maker's stones, Breaker's stones): none, one each way, one of each."""
    v = list(h.vertices)
    out = [((), ())]
    if v:
        out += [((v[0],), ()), ((), (v[0],))]
    if len(v) > 1:
        out.append(((v[0],), (v[1],)))
    return out


def _cases(h):
    """(game, method, instance, expected claim items) for every certifying method on board h."""
    for game, method in methods():
        if "certificate" not in method_info(game, method).takes or game in CONVEX:
            continue
        if game in ("maker-breaker", "pg"):
            for maker, breaker in _positions(h):
                board = Hypergraph([h.names(e) for e in h.edge_masks], vertices=h.vertices, marked=maker)
                for first in ("maker", "breaker"):
                    g = MakerBreakerGame(board, first, frozenset(breaker))
                    if game == "pg":
                        yield game, method, pg.from_maker_breaker(board, g.maker_mask, g.breaker_mask, first), None
                    else:
                        yield game, method, g, first
        elif game in NEW_CONVENTIONS:  # positional-strategy: both starters and a bias
            a, b = ROLES[game]
            for bias in ((1, 1), (1, 2)):
                for first in ((a,) if game in STRONG else (a, b)):
                    yield game, method, ConventionGame(h, game, bias, first), first if game not in STRONG else None
        elif game == "hypernim":
            support = 0
            for e in h.edge_masks:
                support |= e
            if h.m and support == h.full_mask and 0 not in h.edge_masks:
                data = {"hypergraph": [h.names(e) for e in h.edge_masks], "piles": {v: 1 for v in h.vertices}}
                yield game, method, instance_from_json(data), None
        else:
            yield game, method, h, None


def _convex_cases(n):
    for make in _convex_boards(n):
        for game, method in methods():
            if game in CONVEX and "certificate" in method_info(game, method).takes:
                try:
                    yield game, method, make(game), None
                except UndefinedGame:
                    continue  # DNG is undefined when the start already generates W


def boards(n: int, simple: bool = False):
    """Every hypergraph on n vertices up to isomorphism: edges of size 1-3, or with ``simple``
    every Sperner family (edges of any size). Every game here is the same on H and on Min(H)
    (paper 000 §3 for ACV/AVD/DST/PRV; Maker completes an edge iff she completes a minimal one), so
    the Sperner families on n vertices are every board on n vertices as a game."""
    return enumerate_hypergraphs(n, range(1, n + 1) if simple else (1, 2, 3), simple=simple)


def sweep(sizes, simple: bool = False) -> Counter:
    tally: Counter = Counter()
    for n in sizes:
        cases = [c for h in boards(n, simple) for c in _cases(h)]
        for game, method, inst, first in cases + list(_convex_cases(n)):
                try:
                    out = solve(game, inst, method, certificate=True)
                except (MethodError, UndefinedGame, InputError) as exc:
                    tally[f"{game}/{method}: skipped ({type(exc).__name__})"] += 1
                    continue
                cert = out.certificate
                assert cert is not None and out.certified, (game, method, inst)
                report = check_certificate(cert)
                question, verdict = cert["claim"]["question"], cert["claim"]["verdict"]
                assert question["game"] == game and verdict == report.verdict
                if game == "maker-breaker" or game in NEW_CONVENTIONS:
                    assert verdict == {"winner": out.winner} and question["first"] == first
                elif game == "pg":
                    assert verdict == {"winner": out.winner}
                elif game == "hypernim":
                    assert verdict == {"sg": out.sg}
                else:
                    assert verdict == {"nim": out.nim}
                tally[f"{game}/{method}: certified"] += 1
    print()
    for k in sorted(tally):
        print(f"{k:50} {tally[k]}")
    return tally


def test_sweep_small_boards():
    tally = sweep(range(1, 3)) + sweep([3], simple=True)
    assert sum(v for k, v in tally.items() if k.endswith("certified")) > 100


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4])
def test_sweep_boards(n):
    """Every hypergraph with edges of size 1-3 (Sperner or not) on 3 and 4 vertices."""
    sweep([n])


@pytest.mark.slow
@pytest.mark.parametrize("n", [4, 5])
def test_sweep_every_game_board(n):
    """Every board as a game on 4 and 5 vertices: the Sperner families, edges of any size."""
    sweep([n], simple=True)
