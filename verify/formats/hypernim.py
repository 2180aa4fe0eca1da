"""Hypergraph-NIM instances (paper 003 §1) as JSON objects, read and written.

Instance file (JSON)::

    {"hypergraph": [["a"], ["a", "b"], ["b"]], "piles": {"a": 3, "b": 5}}

    {"compound": "conjunctive" | "selective",
     "components": [{"hypergraph": [["a"], ["b"]], "piles": {"a": 1, "b": 2}},
                    {"hypergraph": [["c", "d"]], "piles": {"c": 3, "d": 0}}]}

Every vertex named in an edge needs a pile and every pile must lie on an edge (V = ∪H). Component
vertex names must be pairwise disjoint; the solved game is NIM on the compound hypergraph with the
concatenated piles, in component order.
"""
from __future__ import annotations

from ..errors import InputError
from ..games.hypernim import COMPOUNDS, CompoundGame, HyperNim, Instance
from .common import instance_object, naming
from .sniff import read_instance_json


def instance_to_json(inst: Instance) -> dict:
    if inst.compound:
        return {"compound": inst.compound,
                "components": [_simple_json(g, p) for g, p in inst.components]}
    return _simple_json(inst.game, inst.piles)


def _simple_json(g: HyperNim, x) -> dict:
    return {"hypergraph": [g.hypergraph.names(e) for e in g.edges],
            "piles": dict(zip(g.vertices, x))}


def _simple_from_json(data, where: str = "") -> tuple[HyperNim, tuple[int, ...]]:
    try:
        instance_object(data, ("hypergraph", "piles"), "a hypergraph-NIM instance")
    except InputError as exc:
        raise InputError(f"{where}{exc}") from None
    if "hypergraph" not in data or "piles" not in data:
        raise InputError(f"{where}needs both \"hypergraph\" (list of edges) and \"piles\" (object)")
    edges, piles = data["hypergraph"], data["piles"]
    if not isinstance(edges, list) or not all(isinstance(e, list) for e in edges):
        raise InputError(f"{where}\"hypergraph\" must be a list of edges (lists of pile names)")
    if not edges:
        raise InputError(f"{where}empty hypergraph: NIM_H needs at least one edge")
    if not isinstance(piles, dict):
        raise InputError(f"{where}\"piles\" must be an object {{pile: count}}")
    names = [str(v) for v in piles]
    for e in edges:
        for v in e:
            if str(v) not in piles:
                raise InputError(f"{where}edge {e} names unknown pile {v!r}")
    try:
        game = HyperNim(edges, vertices=names)
    except InputError as exc:
        raise InputError(f"{where}{exc}") from None
    return game, game.position({str(k): v for k, v in piles.items()})


def instance_from_json(data) -> Instance:
    if isinstance(data, dict) and "compound" in data:
        instance_object(data, ("compound", "components"), "a compound instance")
        kind = data["compound"]
        if kind not in COMPOUNDS:
            raise InputError(f"unknown compound {kind!r} (choose from {', '.join(COMPOUNDS)})")
        comps = data.get("components")
        if not isinstance(comps, list) or not comps:
            raise InputError("a compound needs a non-empty \"components\" list")
        parts = [_simple_from_json(c, f"component {i + 1}: ") for i, c in enumerate(comps)]
        game = CompoundGame(kind, [g for g, _ in parts]).hypernim()
        piles = CompoundGame.flatten([x for _, x in parts])
        return Instance(game, piles, kind, tuple(parts))
    game, piles = _simple_from_json(data)
    return Instance(game, piles)


def read_hypernim(path) -> Instance:
    """The hypergraph-NIM instance in the JSON file ``path``; a file that looks like another format
    (a hypergraph, a convex geometry, a .pg game, ...) is refused in one line naming it."""
    data = read_instance_json(path, "hypernim")
    with naming(str(path)):
        return instance_from_json(data)
