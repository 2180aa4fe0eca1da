"""JSON hypergraphs: ``{"vertices": [...], "edges": [[...], ...], "marked": [...]}``.

``vertices`` is optional when every vertex lies on an edge; ``marked`` (Maker's vertices) is optional.
"""
from __future__ import annotations

from ..errors import InputError
from ..hypergraph import Hypergraph
from .common import instance_object


def hypergraph_from_json(data) -> Hypergraph:
    data = instance_object(data, ("vertices", "edges", "marked"), "a JSON hypergraph")
    if "edges" not in data:
        raise InputError("hypergraph JSON has no \"edges\" list")
    edges = data["edges"]
    if not isinstance(edges, list) or not all(isinstance(e, list) for e in edges):
        raise InputError("\"edges\" must be a list of lists of vertices")
    vertices = data.get("vertices")
    if vertices is not None and not isinstance(vertices, list):
        raise InputError("\"vertices\" must be a list")
    marked = data.get("marked", [])
    if not isinstance(marked, list):
        raise InputError("\"marked\" must be a list")
    if vertices is None and not edges:
        raise InputError("empty hypergraph: no vertices and no edges")
    return Hypergraph(edges, vertices=vertices, marked=marked)


def hypergraph_to_json(h: Hypergraph) -> dict:
    out = {"vertices": list(h.vertices), "edges": [h.names(e) for e in h.edge_masks]}
    if h.marked_mask:
        out["marked"] = h.names(h.marked_mask)
    return out
