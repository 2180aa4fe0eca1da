"""Where things go in a picture: board geometries, pure functions (no drawing library).

- Square boards (tic-tac-toe, k-in-a-row): a cell named chess-style ``a1`` (column letter(s), row
  number, as :func:`verify.families.cell` writes them) is the unit square centred on (column, row),
  ``a1`` bottom-left.
- Hex boards (the Hein puzzles in ``shared/positional-games/hex-hein``, the ``hex`` family): cell
  (c, r) touches (c±1, r), (c, r±1), (c+1, r-1) and (c-1, r+1) (:mod:`verify.families.hex`). These
  are axial hexagon coordinates, so a pointy-top hexagon of circumradius 1 centred on
  (√3·(c + r/2), -1.5·r) touches exactly its six board neighbours; row 1 is drawn on top, black
  joins the top row to the bottom row.
- Affine convex geometries (paper 001 Ex 2.3): points at their coordinates (1-D points on a line).
- Anything else: a networkx layout of the hypergraph's 2-section (Gaiman graph).

:func:`detect` picks the geometry of a family of winning sets from its cell names and shapes.
"""
from __future__ import annotations

import math
import re
from typing import Iterable

from .. import limits
from ..errors import TooLarge

_CELL = re.compile(r"^([a-z]+)([1-9][0-9]*)$")
SQRT3 = math.sqrt(3.0)


def parse_cell(name: str) -> tuple[int, int] | None:
    """(column, row), 0-based, of a chess-style cell name (``a1`` -> (0, 0), ``aa3`` -> (26, 2)),
    the inverse of :func:`verify.families.cell`; None for any other name."""
    m = _CELL.match(name)
    if not m:
        return None
    col = 0
    for ch in m.group(1):
        col = col * 26 + (ord(ch) - 96)
    return col - 1, int(m.group(2)) - 1


def cell_coordinates(names: Iterable[str]) -> dict[str, tuple[int, int]] | None:
    """(column, row) of every name, or None unless all of them are distinct chess-style cells."""
    out = {}
    for v in names:
        c = parse_cell(v)
        if c is None:
            return None
        out[v] = c
    if len(set(out.values())) != len(out):
        return None
    return out


def square_center(col: int, row: int) -> tuple[float, float]:
    """Centre of a square-board cell (unit squares, a1 at the origin, rows upwards)."""
    return float(col), float(row)


def hex_center(col: int, row: int) -> tuple[float, float]:
    """Centre of a Hex cell (pointy-top hexagons of circumradius 1, row 1 on top)."""
    return SQRT3 * (col + row / 2.0), -1.5 * row


def hex_corners(x: float, y: float, radius: float = 1.0) -> list[tuple[float, float]]:
    """The six corners of the pointy-top hexagon centred on (x, y)."""
    return [(x + radius * math.cos(math.radians(30 + 60 * i)),
             y + radius * math.sin(math.radians(30 + 60 * i))) for i in range(6)]


def generator_hex_neighbours():
    """``hex_neighbours(k, c, r)`` of the Hex board generator (the one definition of adjacency)."""
    from ..families.hex import hex_neighbours
    return hex_neighbours


def hex_adjacent(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Do Hex cells a and b (column, row) touch?"""
    k = max(*a, *b) + 1
    return tuple(b) in set(generator_hex_neighbours()(k, a[0], a[1]))


def _connected(cells: list[tuple[int, int]], adjacent) -> bool:
    if not cells:
        return True
    seen = {cells[0]}
    stack = [cells[0]]
    while stack:
        a = stack.pop()
        for b in cells:
            if b not in seen and adjacent(a, b):
                seen.add(b)
                stack.append(b)
    return len(seen) == len(cells)


def is_line(cells: list[tuple[int, int]]) -> bool:
    """Are the cells consecutive along one row, column or diagonal of a square board?"""
    if len(cells) < 2:
        return True
    pts = sorted(cells)
    dc, dr = pts[1][0] - pts[0][0], pts[1][1] - pts[0][1]
    if (dc, dr) not in ((1, 0), (0, 1), (1, 1), (1, -1)):
        return False
    return all((b[0] - a[0], b[1] - a[1]) == (dc, dr) for a, b in zip(pts, pts[1:]))


GEOMETRIES = ("square", "hex", "cells", "hypergraph")


def detect(names: Iterable[str], sets: Iterable[Iterable[str]]) -> str:
    """The natural geometry of a board with chess-style cell names: ``hex`` when every set is
    connected under Hex adjacency and either some set is not a straight line or the sets use the
    anti-diagonal step (c+1, r-1) but never the diagonal (c+1, r+1), which Hex does not have;
    ``square`` when every set is a straight line (tic-tac-toe, k-in-a-row); ``cells`` for other
    sets (drawn on the square grid with the sets as hulls); ``hypergraph`` for other names."""
    names = list(names)
    coords = cell_coordinates(names)
    if coords is None or not names:
        return "hypergraph"
    sets = [sorted(coords[v] for v in s) for s in sets]
    lines = all(is_line(s) for s in sets)
    if all(_connected(s, hex_adjacent) for s in sets):
        steps = {(b[0] - a[0], b[1] - a[1]) for s in sets for a, b in zip(s, s[1:])}
        if not lines or ((1, -1) in steps and (1, 1) not in steps):
            return "hex"
    return "square" if lines else "cells"


def spring_positions(names: list[str], sets: list[list[str]], seed: int = 1) -> dict[str, tuple[float, float]]:
    """A deterministic layout of a hypergraph: up to 7 vertices (or no edges) on a circle, else
    a networkx spring layout of the 2-section (vertices of a common edge attract). Beyond
    ``limits.MAX_SPRING_LAYOUT_VERTICES`` vertices or ``limits.MAX_SPRING_LAYOUT_PAIRS`` pairs,
    TooLarge before any layout work."""
    pairs = sum(len(s) * (len(s) - 1) // 2 for s in sets)
    if len(names) > limits.MAX_SPRING_LAYOUT_VERTICES or pairs > limits.MAX_SPRING_LAYOUT_PAIRS:
        raise TooLarge(f"cannot lay out {len(names):,} vertices ({pairs:,} pairs in edges): the spring "
                       f"layout takes at most {limits.MAX_SPRING_LAYOUT_VERTICES} vertices and "
                       f"{limits.MAX_SPRING_LAYOUT_PAIRS:,} pairs (limits.MAX_SPRING_LAYOUT_VERTICES); "
                       "give the vertices chess-style cell names (a1, b2, ...) for a grid drawing")
    import networkx as nx
    g = nx.Graph()
    g.add_nodes_from(names)
    for s in sets:
        for i, a in enumerate(s):
            for b in s[i + 1:]:
                w = g.get_edge_data(a, b, {"weight": 0})["weight"]
                g.add_edge(a, b, weight=w + 1)
    if len(names) <= 7 or g.number_of_edges() == 0:
        pos = nx.circular_layout(g)
    else:
        pos = nx.spring_layout(g, seed=seed, k=2.0 / math.sqrt(len(names)), iterations=200)
    scale = max(1.6, 0.5 * math.sqrt(len(names)))  # about one unit between neighbouring vertices
    return {v: (float(pos[v][0]) * scale, float(pos[v][1]) * scale) for v in names}


def tree_positions(vertices: list[str], edges: list[tuple[str, str]],
                   spacing: float = 1.0) -> dict[str, tuple[float, float]]:
    """A layered drawing of a tree: the first vertex on top, each level one row lower, leaves spread
    evenly and each parent centred over its children."""
    adj: dict[str, list[str]] = {v: [] for v in vertices}
    for u, v in edges:
        adj[u].append(v)
        adj[v].append(u)
    pos: dict[str, tuple[float, float]] = {}
    next_x = [0.0]

    def place(v: str, parent: str | None, depth: int) -> float:
        kids = [w for w in adj[v] if w != parent]
        if not kids:
            x = next_x[0]
            next_x[0] += spacing
        else:
            xs = [place(w, v, depth + 1) for w in kids]
            x = (xs[0] + xs[-1]) / 2.0
        pos[v] = (x, -float(depth))
        return x

    if vertices:
        place(vertices[0], None, 0)
    return pos


def convex_hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The convex hull of planar points, counter-clockwise (Andrew's monotone chain)."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o, a, b):
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def padded_hull(points: list[tuple[float, float]], pad: float, steps: int = 12) -> list[tuple[float, float]]:
    """A rounded outline around the points: the hull of small circles of radius ``pad`` around each
    (an edge of a hypergraph drawn as a blob enclosing its vertices)."""
    ring = [(x + pad * math.cos(2 * math.pi * i / steps), y + pad * math.sin(2 * math.pi * i / steps))
            for x, y in points for i in range(steps)]
    return convex_hull(ring)
