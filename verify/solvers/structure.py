"""Method "structure" for ACV/AVD/DST/PRV: nim-values from the structure diagram (paper 000
Algorithm 4.13; removing games through Tr(H), §5 and Prop 3.6).

The work is proportional to the number of structure classes times the number of distinct vertex
behaviours, not to the number of positions, so hypergraphs with few maximal stable sets (or, for the
removing games, few edges) are solved far beyond explicit search.

With ``certificate=True`` the method labels every position P reachable from ∅ in the literal game by
nim_{pty P}(X_[P]) (Prop 4.12) and emits the standard ``nim-labelling`` certificate, which the
independent checker re-verifies from the rules; this needs at most ``MAX_CERTIFIED_VERTICES``.
"""
from __future__ import annotations

from functools import partial

from ..errors import TooLarge
from .. import limits
from ..games import impartial as imp
from ..hypergraph import Hypergraph
from ..result import NimValue
from ..structure import StructureDiagram
from . import register, register_auto

MAX_CERTIFIED_VERTICES = limits.MAX_STRUCTURE_CERTIFIED_VERTICES


def solve_structure(kind: str, h: Hypergraph, certificate: bool = False) -> NimValue:
    """nim(KIND(H)) = nim_0(X_Φ) by type calculus on the structure digraph (paper 000 §4.4)."""
    d = StructureDiagram(kind, h)
    out = NimValue(game=d.kind, method="structure", nim=d.nim,
                   stats={"classes": len(d.classes), "maximal_stable_sets": len(d.stable),
                          "board": "H" if d.kind == d.building else "Tr(H)",
                          "diagram_seconds": round(d.seconds, 6)})
    if certificate:
        from ..certificates.grundy import grundy_certificate
        out.certificate = grundy_certificate(d.kind, h, structure_labels(d))
        out.stats["certificate_positions"] = len(out.certificate["labels"])
    return out


def structure_labels(d: StructureDiagram) -> dict[int, int]:
    """Every position reachable from ∅ (literal rules) labelled by the diagram (Prop 4.12)."""
    h = d.hypergraph
    if h.n > MAX_CERTIFIED_VERTICES:
        raise TooLarge(f"structure certificates list every position; limited to {MAX_CERTIFIED_VERTICES} "
                       f"vertices, this hypergraph has {h.n}")
    game = imp.ImpartialGame(d.kind, h)
    labels = {0: d.position_nim(0)}
    stack = [0]
    while stack:
        p = stack.pop()
        for q in game.options(p):
            if q not in labels:
                labels[q] = d.position_nim(q)
                stack.append(q)
    return labels


for _kind in imp.GAMES:
    register(_kind, "structure")(partial(solve_structure, _kind))


def _auto(h: Hypergraph) -> str:
    """auto: the explicit reference on small boards, the structure diagram beyond 16 vertices
    (where the residual search grows fastest; bench/bench_structure.py)."""
    return "structure" if h.n > limits.AUTO_IMPARTIAL_EXPLICIT_VERTICES else "explicit"


for _kind in imp.GAMES:
    register_auto(_kind)(_auto)
