"""Convex-geometry game instances (GEN / DNG) as JSON objects, read and written.

Instance files (JSON), loaded for the games "gen" and "dng":

    {"geometry": "tree-vertex", "tree": [["a","b"], ...], "winning": ["b"]}
    {"geometry": "tree-edge", "tree": [["a","b"], ...], "winning": [["a","b"], ...]}
    {"geometry": "affine", "points": [[0], [1], [3]], "winning": [[0], [3]]}
    {"geometry": "explicit", "ground": [...], "convex": [[...], ...], "winning": [...]}

Affine coordinates are integers or "p/q" strings (any dimension); optional "names" (one per point)
and "deleted" (points removed by the deletion of 001 Def 2.5). Trees accept "vertices" (needed for a
one-vertex tree). "winning" is a list of vertices, of edges, of points or of ground elements.
"""
from __future__ import annotations

from .. import convex as cv
from ..errors import InputError
from ..games.convex import ConvexGame
from ..hypergraph import bits
from .common import instance_object, item_name, json_snippet, naming
from .sniff import read_instance_json

GEOMETRIES = ("tree-vertex", "tree-edge", "affine", "explicit")


def game_to_json(game: ConvexGame) -> dict:
    out = game.geometry.to_json()
    out["winning"] = winning_to_json(game.geometry, game.winning)
    return out


def winning_to_json(g: cv.ConvexGeometry, w: int):
    if g.kind == "tree-edge":
        return [list(g.tree.edges[i]) for i in bits(w)]
    if g.kind == "affine" and "names" not in g.data:
        return [g.coords_json[nm] for nm in g.set_names(w)]
    return g.set_names(w)


def geometry_from_json(data) -> cv.ConvexGeometry:
    """The convex geometry described by an instance object (validated)."""
    if not isinstance(data, dict):
        raise InputError("a convex-geometry instance must be a JSON object")
    kind = data.get("geometry")
    if not isinstance(kind, str) or kind not in GEOMETRIES:
        raise InputError(f"\"geometry\" must be one of {', '.join(GEOMETRIES)}, got {json_snippet(kind)}")
    instance_object(data, {"geometry", "winning"} | {
        "tree-vertex": {"tree", "vertices"}, "tree-edge": {"tree", "vertices"},
        "affine": {"points", "names", "deleted"}, "explicit": {"ground", "convex"}}[kind],
        f"a {kind} instance")
    for key, most in (("tree", cv.MAX_POINTS), ("vertices", cv.MAX_POINTS + 1), ("points", cv.MAX_POINTS),
                      ("ground", cv.MAX_POINTS)):  # before any quadratic construction
        if isinstance(data.get(key), list) and len(data[key]) > most:
            raise InputError(f"\"{key}\" lists {len(data[key])} items; at most {cv.MAX_POINTS} points "
                             f"are supported")
    if kind in ("tree-vertex", "tree-edge"):
        if "tree" not in data:
            raise InputError(f"a {kind} instance needs a \"tree\" edge list")
        fn = cv.tree_vertex if kind == "tree-vertex" else cv.tree_edge
        return fn(data["tree"], data.get("vertices"))
    if kind == "affine":
        g = cv.affine(data.get("points"), data.get("names"))
        dl = data.get("deleted", [])
        if not isinstance(dl, list):
            raise InputError("\"deleted\" must be a list of points")
        if dl:
            d = _point_mask(g, dl)
            if d == g.full:
                raise InputError("the deletion removes every point")
            base = g
            g = g.delete(d)
            g.coords_json, g.by_coords = base.coords_json, base.by_coords
            g.data = dict(base.data, deleted=dl)
        return g
    return cv.explicit(data.get("ground"), data.get("convex"))


def _point_mask(g: cv.ConvexGeometry, items) -> int:
    """Points of an affine geometry given by coordinates (or by name)."""
    m = 0
    for it in items:
        if isinstance(it, list):
            key = cv.point_name(tuple(cv.parse_rational(c) for c in it))
            name = g.by_coords.get(key)
            if name is None or name not in g.labels:
                raise InputError(f"point {it!r} is not a point of S")
        else:
            name = item_name(it, "point name")
        b = 1 << g.index(name)
        if m & b:
            raise InputError(f"point {it!r} repeated")
        m |= b
    return m


def winning_from_json(g: cv.ConvexGeometry, items) -> int:
    if not isinstance(items, list):
        raise InputError("\"winning\" must be a list")
    if not items:
        raise InputError("the winning set W must be nonempty (001 §3)")
    if g.kind == "tree-edge":
        m = 0
        for e in items:
            if not isinstance(e, list) or len(e) != 2:
                raise InputError(f"a winning edge must be a pair [u, v], got {e!r}")
            i = g.edge_index.get(frozenset(item_name(x, "vertex") for x in e))
            if i is None:
                raise InputError(f"winning edge {e!r} is not an edge of the tree")
            if m >> i & 1:
                raise InputError(f"winning edge {e!r} repeated")
            m |= 1 << i
        return m
    if g.kind == "affine":
        g_full = g
        # in a deleted geometry only the remaining points can be named
        return _point_mask(g_full, items)
    try:
        return g.mask(item_name(x, "point") for x in items)
    except InputError as exc:
        raise InputError(f"winning set: {exc}") from None


def game_from_json(kind: str, data) -> ConvexGame:
    g = geometry_from_json(data)
    if "winning" not in data:
        raise InputError("the instance has no \"winning\" set")
    return ConvexGame(kind, g, winning_from_json(g, data["winning"]))


def read_convex(kind: str, path) -> ConvexGame:
    """GEN or DNG (``kind``) on the instance in the JSON file ``path``; a file that looks like another
    format (a hypergraph, a .pg game, a certificate, ...) is refused in one line naming it."""
    data = read_instance_json(path, "convex")
    with naming(str(path)):
        return game_from_json(kind, data)
