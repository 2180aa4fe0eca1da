"""Hypergraph boards and board digests (docs/spec/envelope.md), written without the kernel's code.

A hypergraph is kept as names: ``vertices`` in the file's order, each edge a frozenset of names.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from .envelope import Refused

#: reading caps: vertices, and vertex occurrences over all edges
MAX_VERTICES = 100_000
MAX_INCIDENCES = 5_000_000


@dataclass(frozen=True)
class Hypergraph2:
    vertices: tuple[str, ...]
    edges: tuple[frozenset[str], ...]


def vertex_name(x) -> str:
    """A vertex name: a JSON string, or a JSON integer standing for its decimal text; the text is
    nonempty, printable, and holds no whitespace and no comma."""
    if type(x) is int:
        x = str(x)
    if type(x) is not str:
        raise Refused(f"a vertex name must be a string or an integer, not {json.dumps(x)[:30]}")
    if x == "" or not x.isprintable() or any(c.isspace() or c == "," for c in x):
        raise Refused(f"vertex name {x[:30]!r} is not a printable token")
    return x


def read_hypergraph(instance) -> Hypergraph2:
    """The board of a hypergraph-game certificate: ``{"vertices": [...]?, "edges": [[...], ...],
    "name"?: str, "comment"?: str}``. No marks (Maker's vertices are in the question's position)."""
    if type(instance) is not dict:
        raise Refused("the instance must be an object")
    for key, value in instance.items():
        if key not in ("vertices", "edges", "name", "comment"):
            raise Refused(f"unknown key {key[:30]!r} in the instance (a board has no marks)")
        if key in ("name", "comment") and type(value) is not str:
            raise Refused(f"the instance's {key!r} must be a string")
    edges_json = instance.get("edges")
    if type(edges_json) is not list or any(type(e) is not list for e in edges_json):
        raise Refused("the instance's 'edges' must be a list of lists")
    if sum(len(e) for e in edges_json) > MAX_INCIDENCES:
        raise Refused(f"more than {MAX_INCIDENCES} vertex occurrences in edges")
    edge_lists = [[vertex_name(v) for v in e] for e in edges_json]
    if "vertices" in instance:
        if type(instance["vertices"]) is not list:
            raise Refused("the instance's 'vertices' must be a list")
        names = [vertex_name(v) for v in instance["vertices"]]
    else:
        if not edge_lists:
            raise Refused("an instance with no edges must list its vertices")
        names = []
        for e in edge_lists:
            names.extend(e)
        names = list(dict.fromkeys(names))  # first appearance order
    if len(names) > MAX_VERTICES:
        raise Refused(f"more than {MAX_VERTICES} vertices")
    if len(set(names)) != len(names):
        raise Refused("a vertex is listed twice")
    known = set(names)
    edges, seen = [], set()
    for e in edge_lists:
        s = frozenset(e)
        if len(s) != len(e):
            raise Refused(f"an edge repeats a vertex: {e[:5]}")
        if not s <= known:
            raise Refused(f"an edge uses an unknown vertex: {sorted(s - known)[0][:30]!r}")
        if s in seen:
            raise Refused(f"edge {sorted(s)[:5]} listed twice")
        seen.add(s)
        edges.append(s)
    return Hypergraph2(tuple(names), tuple(edges))


def hypergraph_board(h: Hypergraph2) -> dict:
    """The canonical board of a hypergraph: vertex names sorted, each edge's names sorted, edges
    sorted (lists compared element by element, strings by code points)."""
    return {"vertices": sorted(h.vertices), "edges": sorted(sorted(e) for e in h.edges)}


def board_digest(board_json_obj) -> str:
    """``sha256:`` and the hex SHA-256 of the board's canonical JSON text in UTF-8: keys sorted,
    separators ``,`` and ``:`` without spaces, non-ASCII characters written as themselves."""
    text = json.dumps(board_json_obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()
