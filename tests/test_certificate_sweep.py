"""Exhaustive certificate sweep: every method that takes ``certificate``, on every hypergraph up to
isomorphism with few vertices (edges of size 1-3), both starters, with Maker and Breaker stones,
writes a certificate the checker accepts and whose claim is the method's verdict.

Maker-Breaker methods run on the board; ``.pg`` methods on its ``.pg`` form; ACV/AVD/DST/PRV on the
board; hypergraph NIM with one stone per pile (when every vertex lies on an edge). GEN/DNG take
convex geometries, not hypergraphs, and are left to the fuzzer's pool. A method that does not
apply (MethodError, UndefinedGame) is counted as skipped (summary printed with ``-s``); any other
exception is a failure. Default run: up to 2 vertices; ``-m slow``: 3, 4 and 5 vertices (5 takes hours with qbf).
"""
from __future__ import annotations

from collections import Counter

import pytest

from verify.certificates.checker import check_certificate
from verify.errors import InputError, MethodError, UndefinedGame
from verify.formats.hypernim import instance_from_json
from verify.games import positional as pg
from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import Hypergraph
from verify.isomorphism import enumerate_hypergraphs
from verify.solvers import method_info, methods, solve

SKIPPED_GAMES = ("gen", "dng")  # convex geometries, not hypergraph boards
# methods that take the certificate option but document that they write none (reported upstream)
NO_CERTIFICATE = {("hypernim", "smt")}


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
        if "certificate" not in method_info(game, method).takes or game in SKIPPED_GAMES:
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
        elif game == "hypernim":
            support = 0
            for e in h.edge_masks:
                support |= e
            if h.m and support == h.full_mask and 0 not in h.edge_masks:
                data = {"hypergraph": [h.names(e) for e in h.edge_masks], "piles": {v: 1 for v in h.vertices}}
                yield game, method, instance_from_json(data), None
        else:
            yield game, method, h, None


def sweep(sizes) -> Counter:
    tally: Counter = Counter()
    for n in sizes:
        for h in enumerate_hypergraphs(n, (1, 2, 3)):
            for game, method, inst, first in _cases(h):
                try:
                    out = solve(game, inst, method, certificate=True)
                except (MethodError, UndefinedGame, InputError) as exc:
                    tally[f"{game}/{method}: skipped ({type(exc).__name__})"] += 1
                    continue
                cert = out.certificate
                if cert is None and (game, method) in NO_CERTIFICATE:
                    tally[f"{game}/{method}: no certificate (documented)"] += 1
                    continue
                assert cert is not None, (game, method, h.edge_masks)
                report = check_certificate(cert)
                question, verdict = cert["claim"]["question"], cert["claim"]["verdict"]
                assert question["game"] == game and verdict == report.verdict
                if game == "maker-breaker":
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
    tally = sweep(range(1, 3))
    assert sum(v for k, v in tally.items() if k.endswith("certified")) > 100


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4, 5])
def test_sweep_boards(n):
    sweep([n])
