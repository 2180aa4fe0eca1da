"""Solvers for GEN(S, W) and DNG(S, W) on convex geometries (papers 001, 002).

- ``explicit``: the mex recursion on literal positions P ⊆ S with the option relation of
  :class:`verify.games.convex.ConvexGame` (001 §3, 002 §2), memoized on P.
- ``structure``: the reduction of paper 000 §8.1 — GEN(S, W) = ACV(H) and DNG(S, W) = AVD(H) for the
  hypergraph H of minimal generating sets of W (computed as Tr of the complements of the maximal
  non-generating sets, 001 Def 4.1 / Prop 4.3); H is then solved by the registered ACV/AVD
  ``structure`` method (structure diagrams, paper 000 §4) when present, else by the explicit ACV/AVD
  reference on residual states.
"""
from __future__ import annotations

import time

from ..errors import TooLarge
from .. import limits
from ..games.convex import GAMES, ConvexGame
from ..hypergraph import Hypergraph
from ..result import NimValue
from . import register, register_auto
from .explicit import _nim_literal

MAX_LITERAL = limits.MAX_LITERAL_VERTICES


def positional_labels(game: ConvexGame) -> dict[int, int]:
    """nim(P) of every position reachable from ∅, by the literal rules."""
    if game.n > MAX_LITERAL:
        raise TooLarge(f"the explicit solver walks literal positions and handles at most {MAX_LITERAL} "
                       f"points, this geometry has {game.n}")
    labels: dict[int, int] = {}
    _nim_literal(game, labels)  # the shared mex recursion on literal positions
    return labels


def generating_hypergraph(game: ConvexGame) -> Hypergraph:
    """H = (S, Min{P | W ⊆ τ(P)}) with GEN(S, W) = ACV(H), DNG(S, W) = AVD(H) (paper 000 §8.1)."""
    g = game.geometry
    return Hypergraph.from_masks(g.names, g.min_generating(game.winning))


def _certify(out: NimValue, game: ConvexGame, labels: dict[int, int] | None = None) -> None:
    from ..certificates.convex import convex_certificate
    labels = labels if labels is not None else positional_labels(game)
    out.certificate = convex_certificate(game, labels)
    out.stats["certificate_positions"] = len(labels)


def solve_explicit(game: ConvexGame, certificate: bool = False) -> NimValue:
    """nim(GEN/DNG(S, W)) by the literal definition (001 §3, 002 §2)."""
    labels = positional_labels(game)
    out = NimValue(game=game.kind, method="explicit", nim=labels[0], stats={"positions": len(labels)})
    if certificate:
        _certify(out, game, labels)
    return out


def solve_structure(game: ConvexGame, certificate: bool = False) -> NimValue:
    """nim via the minimal-generating-set hypergraph (paper 000 §8.1) and structure diagrams."""
    from . import methods, solve
    t0 = time.perf_counter()
    h = generating_hypergraph(game)
    t1 = time.perf_counter()
    kind = "acv" if game.kind == "gen" else "avd"
    inner = "structure" if (kind, "structure") in methods(kind) else "explicit"
    res = solve(kind, h, method=inner)
    out = NimValue(game=game.kind, method="structure", nim=res.nim,
                   stats={"hyperedges": h.m, "reduction_seconds": round(t1 - t0, 6),
                          "hypergraph_method": f"{kind}:{inner}", **{f"{kind}_{k}": v for k, v in res.stats.items()}})
    if certificate:
        _certify(out, game)
    return out


for _k in GAMES:
    register(_k, "explicit")(solve_explicit)
    register(_k, "structure")(solve_structure)
    register_auto(_k)(lambda game: "explicit" if game.n <= limits.AUTO_CONVEX_EXPLICIT_POINTS else "structure")
