"""Drawing a :class:`~verify.draw.board.Board` with matplotlib (SVG or PNG, no system binary).

Conventions: Maker's and black's stones are dark discs, Breaker's and white's light discs with a dark
rim, selected points (impartial games) blue discs; the winner's next move is a green dashed ring; a
completed winning set is drawn in gold; a convex game's winning set W is outlined in orange.
Hypergraphs without a geometry are drawn with their edges as rounded hulls (up to
:data:`MAX_HULLS` edges) and as an incidence chart otherwise (one row per edge).
"""
from __future__ import annotations

import io
from pathlib import Path

from .. import limits
from ..errors import InputError, TooLarge
from . import geometry as geo
from .board import BLACK, BREAKER, MAKER, SELECTED, WHITE, Board

MAX_HULLS = 8
MAX_ROWS = 60  # edges shown by the incidence chart (a completed set is always among them)
DARK, LIGHT, BLUE, GREEN, GOLD, ORANGE = "#1d1d1f", "#fbfbf8", "#2b6cb0", "#2f9e44", "#e8a400", "#e8590c"
CELL_FILL, CELL_EDGE = "#f3ecd9", "#9a8c6a"
PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22",
           "#ff7f0e", "#7f7f7f")
STONE = {MAKER: (DARK, DARK, "white"), BLACK: (DARK, DARK, "white"), BREAKER: (LIGHT, DARK, DARK),
         WHITE: (LIGHT, DARK, DARK), SELECTED: (BLUE, BLUE, "white")}
ROLE_NAME = {MAKER: "Maker", BREAKER: "Breaker", BLACK: "black", WHITE: "white", SELECTED: "selected"}


def figure(board: Board):
    """A matplotlib Figure of the board (no pyplot state is touched)."""
    from matplotlib.figure import Figure
    g = board.resolved_geometry()
    fig = Figure()
    ax = fig.add_axes((0.02, 0.12, 0.96, 0.8))
    ax.set_aspect("equal")
    ax.axis("off")
    drawer = {"square": _square, "hex": _hex, "cells": _cells, "hypergraph": _hypergraph,
              "affine": _affine, "tree-vertex": _tree_vertex, "tree-edge": _tree_edge}.get(g)
    if drawer is None:
        raise InputError(f"unknown geometry {g!r} (choose from {', '.join(geo.GEOMETRIES)}, affine, tree)")
    if len(board.names) > limits.MAX_DRAW_VERTICES:
        raise TooLarge(f"cannot draw {len(board.names):,} vertices: a picture shows at most "
                       f"{limits.MAX_DRAW_VERTICES:,} (limits.MAX_DRAW_VERTICES)")
    if g in ("square", "hex", "cells") and geo.cell_coordinates(board.names) is None:
        raise InputError(f"the {g} geometry needs distinct chess-style cell names (a1, b2, ...)")
    width, height = drawer(ax, board)
    _legend(fig, board)
    scale = min(1.0, 8.0 / max(width, height, 1e-9))
    fig.set_size_inches(max(3.2, width * scale) + 0.4, max(2.6, height * scale) / 0.8 + 0.4)
    if board.title:
        fig.suptitle(board.title, fontsize=11, y=0.985)
    if board.caption:
        fig.text(0.02, 0.012, " · ".join(board.caption), fontsize=8, color="#444444", va="bottom", wrap=True)
    return fig


def save(board: Board, out) -> str:
    """Write the picture to ``out`` (.svg or .png); returns the path as a string."""
    fmt = Path(out).suffix.lower().lstrip(".")
    if fmt not in ("svg", "png"):
        raise InputError(f"picture output must end in .svg or .png, got {str(out)!r}")
    data = render_bytes(board, fmt)
    try:
        Path(out).write_bytes(data)
    except OSError as exc:
        raise InputError(f"{out}: cannot write ({exc.strerror})") from None
    return str(out)


def render_bytes(board: Board, fmt: str = "svg") -> bytes:
    import matplotlib
    matplotlib.rcParams["svg.hashsalt"] = "verify"  # reproducible SVG ids
    matplotlib.rcParams["svg.fonttype"] = "none"  # text stays text: smaller, faster, searchable
    fig = figure(board)
    buf = io.BytesIO()
    fig.savefig(buf, format=fmt, dpi=110, metadata={"Date": None} if fmt == "svg" else None)
    return buf.getvalue()


# -- pieces --------------------------------------------------------------------------------------

def _stone(ax, board: Board, name: str, xy, r: float, text: str | None = None, fontsize: float = 8):
    from matplotlib.patches import Circle
    role = board.stones.get(name)
    if role is not None:
        fc, ec, tc = STONE[role]
        ax.add_patch(Circle(xy, r, fc=fc, ec=ec, lw=1.4, zorder=4))
    else:
        tc = "#333333"
    if name == board.next_move:
        ax.add_patch(Circle(xy, r * 1.18, fc=GREEN, alpha=0.18, ec="none", zorder=3))
        ax.add_patch(Circle(xy, r * 1.18, fc="none", ec=GREEN, lw=2.4, ls="--", zorder=5))
    if text is not None:
        ax.text(xy[0], xy[1], text, ha="center", va="center", fontsize=fontsize, color=tc, zorder=6)


def _frame(ax, xs, ys, pad):
    xs, ys = (xs, ys) if len(xs) else ([0.0], [0.0])  # a board without vertices: an empty frame
    x0, x1, y0, y1 = min(xs) - pad, max(xs) + pad, min(ys) - pad, max(ys) + pad
    ax.set_xlim(x0, x1)
    ax.set_ylim(y0, y1)
    return x1 - x0, y1 - y0


def _gold_cells(ax, board: Board, centres: dict, r: float):
    from matplotlib.patches import Circle
    if not board.complete:
        return
    for v in board.complete:
        ax.add_patch(Circle(centres[v], r * 1.05, fc="none", ec=GOLD, lw=3.0, zorder=5))


def _square(ax, board: Board):
    from matplotlib.patches import Rectangle
    coords = geo.cell_coordinates(board.names)
    centres = {v: geo.square_center(*c) for v, c in coords.items()}
    for v, (x, y) in centres.items():
        ax.add_patch(Rectangle((x - 0.5, y - 0.5), 1, 1, fc=CELL_FILL, ec=CELL_EDGE, lw=1.2, zorder=1))
        ax.text(x - 0.44, y - 0.44, v, fontsize=6.5, color="#8a7f66", ha="left", va="bottom", zorder=2)
        _stone(ax, board, v, (x, y), 0.33)
    if board.complete:
        pts = sorted(centres[v] for v in board.complete)
        ax.plot([p[0] for p in pts], [p[1] for p in pts], color=GOLD, lw=6, alpha=0.9,
                solid_capstyle="round", zorder=7)
    xs, ys = [p[0] for p in centres.values()], [p[1] for p in centres.values()]
    return _frame(ax, xs, ys, 0.6)


def _hex(ax, board: Board):
    from matplotlib.patches import Polygon
    coords = geo.cell_coordinates(board.names)
    centres = {v: geo.hex_center(*c) for v, c in coords.items()}
    rows = [c[1] for c in coords.values()]
    cols = [c[0] for c in coords.values()]
    for v, (x, y) in centres.items():
        ax.add_patch(Polygon(geo.hex_corners(x, y, 0.98), closed=True, fc=CELL_FILL, ec=CELL_EDGE,
                             lw=1.0, zorder=1))
        ax.text(x, y - 0.72, v, fontsize=6, color="#8a7f66", ha="center", va="center", zorder=2)
        _stone(ax, board, v, (x, y), 0.58)
    # black's goal rows (first and last) and white's sides (first and last column)
    for v, (c, r) in coords.items():
        corners = geo.hex_corners(*centres[v], 1.0)
        for i, j, colour, on in ((0, 1, DARK, r == min(rows)), (1, 2, DARK, r == min(rows)),
                                 (3, 4, DARK, r == max(rows)), (4, 5, DARK, r == max(rows)),
                                 (2, 3, "#b0b0b0", c == min(cols)), (5, 0, "#b0b0b0", c == max(cols))):
            if on:
                ax.plot([corners[i][0], corners[j][0]], [corners[i][1], corners[j][1]], color=colour,
                        lw=4, solid_capstyle="round", zorder=2)
    _gold_cells(ax, board, centres, 0.62)
    xs, ys = [p[0] for p in centres.values()], [p[1] for p in centres.values()]
    return _frame(ax, xs, ys, 1.3)


def _hulls(ax, board: Board, centres: dict, pad: float):
    from matplotlib.patches import Polygon
    sets = list(board.sets) + list(board.white_sets)
    for i, s in enumerate(sets):
        colour = PALETTE[i % len(PALETTE)]
        hull = geo.padded_hull([centres[v] for v in s], pad * (1 + 0.12 * (i % 4)))
        if len(hull) >= 3:
            ax.add_patch(Polygon(hull, closed=True, fc=colour, alpha=0.10, ec="none", zorder=1))
            ax.add_patch(Polygon(hull, closed=True, fc="none", ec=colour, lw=1.3, alpha=0.85, zorder=1))
    if board.complete:
        hull = geo.padded_hull([centres[v] for v in board.complete], pad * 1.6)
        ax.add_patch(Polygon(hull, closed=True, fc="none", ec=GOLD, lw=3.5, zorder=6))


def _cells(ax, board: Board):
    from matplotlib.patches import Rectangle
    coords = geo.cell_coordinates(board.names)
    centres = {v: geo.square_center(*c) for v, c in coords.items()}
    for v, (x, y) in centres.items():
        ax.add_patch(Rectangle((x - 0.5, y - 0.5), 1, 1, fc="#fafafa", ec="#dddddd", lw=0.8, zorder=0))
    if len(board.sets) + len(board.white_sets) <= MAX_HULLS:
        _hulls(ax, board, centres, 0.3)
    else:
        _gold_cells(ax, board, centres, 0.3)
    for v, xy in centres.items():
        _stone(ax, board, v, xy, 0.26, v if v not in board.stones else v, fontsize=7)
    xs, ys = [p[0] for p in centres.values()], [p[1] for p in centres.values()]
    return _frame(ax, xs, ys, 0.7)


def _vertex(ax, board: Board, v: str, xy, r: float, label: str | None = None):
    from matplotlib.patches import Circle
    if v not in board.stones:
        ax.add_patch(Circle(xy, r, fc="white", ec="#555555", lw=1.0, zorder=4))
    if label is None:
        label = v if v not in board.labels else f"{v}:{board.labels[v]}"
    _stone(ax, board, v, xy, r, label, fontsize=8 if len(label) <= 3 else 6.5)


def _hypergraph(ax, board: Board):
    sets = [list(s) for s in board.sets + board.white_sets]
    if len(sets) > MAX_HULLS:
        return _incidence(ax, board)
    centres = board.points or geo.spring_positions(list(board.names), sets)
    _hulls(ax, board, centres, 0.3)
    if board.highlight:
        _w_outline(ax, [centres[v] for v in board.highlight], 0.36)
    _pairs(ax, board, centres)
    for v, xy in centres.items():
        _vertex(ax, board, v, xy, 0.2)
    xs, ys = [p[0] for p in centres.values()], [p[1] for p in centres.values()]
    return _frame(ax, xs, ys, 0.75)


def _pairs(ax, board: Board, centres: dict):
    for a, b in board.pairs:
        ax.plot([centres[a][0], centres[b][0]], [centres[a][1], centres[b][1]], color="#555555",
                lw=1.6, ls=(0, (4, 3)), zorder=3)


def _incidence(ax, board: Board):
    """One column per vertex (stones in the header row), one row per edge, a dot per incidence."""
    from matplotlib.patches import Circle, Rectangle
    names = list(board.names)
    col = {v: i for i, v in enumerate(names)}
    sets = list(board.sets) + list(board.white_sets)
    total = len(sets)
    if total > MAX_ROWS:
        keep = sets[:MAX_ROWS - 1]
        done = [s for s in sets[MAX_ROWS - 1:] if board.complete is not None and set(s) == set(board.complete)]
        sets = keep + (done or [sets[MAX_ROWS - 1]])
        ax.text(-0.8, -1.0 - len(sets) * 0.6, f"... first {len(sets)} of {total} sets shown", fontsize=7,
                ha="left", va="center", color="#666666")
    for j, s in enumerate(sets):
        y = -1.0 - j * 0.6
        xs = sorted(col[v] for v in s)
        done = board.complete is not None and set(s) == set(board.complete)
        if done:
            ax.add_patch(Rectangle((-0.5, y - 0.28), len(names), 0.56, fc=GOLD, alpha=0.35, ec="none", zorder=0))
        if xs:
            ax.plot([xs[0], xs[-1]], [y, y], color="#bbbbbb", lw=1.0, zorder=1)
        for x in xs:
            v = names[x]
            fc = {MAKER: DARK, BLACK: DARK, BREAKER: "#bbbbbb", WHITE: "#bbbbbb"}.get(board.stones.get(v), "#4a6fa5")
            ax.add_patch(Circle((x, y), 0.17, fc=fc, ec="none", zorder=2))
        ax.text(-0.8, y, f"e{j + 1}" if j < len(board.sets) else f"w{j - len(board.sets) + 1}",
                fontsize=6, ha="right", va="center", color="#666666")
    for v, x in col.items():
        _vertex(ax, board, v, (x, 0.0), 0.3)
    h = 1.0 + 0.6 * (len(sets) + (total > len(sets)))
    ax.set_xlim(-1.6, len(names) - 0.3)
    ax.set_ylim(-h - 0.3, 0.6)
    return len(names) + 1.3, h + 0.9


def _w_outline(ax, pts, pad):
    from matplotlib.patches import Polygon
    hull = geo.padded_hull(pts, pad)
    if len(hull) >= 3:
        ax.add_patch(Polygon(hull, closed=True, fc=ORANGE, alpha=0.12, ec=ORANGE, lw=2.0, zorder=1))


def _affine(ax, board: Board):
    pts = dict(board.points)
    allp = list(pts.values()) + list(board.deleted.values())
    xs, ys = [p[0] for p in allp], [p[1] for p in allp]
    span = max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
    r = 0.045 * span
    flat = max(ys) == min(ys)
    if flat:
        ax.plot([min(xs) - r * 2, max(xs) + r * 2], [ys[0], ys[0]], color="#cccccc", lw=1, zorder=0)
    if board.highlight:
        _w_outline(ax, [pts[v] for v in board.highlight], r * 1.9)
    hull = geo.convex_hull(list(pts.values()))
    if len(hull) >= 3:
        from matplotlib.patches import Polygon
        ax.add_patch(Polygon(hull, closed=True, fc="#f4f4f4", ec="#cccccc", lw=1, zorder=0))
    for v, xy in pts.items():
        _vertex(ax, board, v, xy, r, "")
        ax.text(xy[0], xy[1] - r * 1.9, v, fontsize=6.5, ha="center", va="top", color="#555555")
    for v, (x, y) in board.deleted.items():
        ax.plot([x], [y], marker="x", color="#999999", ms=9, mew=2, zorder=2)
        ax.text(x, y - r * 1.9, f"{v} (deleted)", fontsize=6, ha="center", va="top", color="#999999")
    return _frame(ax, xs, ys, r * 4)


def _tree(ax, pos: dict, edges, lw: float) -> None:
    for u, v in edges:
        ax.plot([pos[u][0], pos[v][0]], [pos[u][1], pos[v][1]], color="#777777", lw=lw, zorder=1)


def _w_rings(ax, board: Board, centres: dict, r: float) -> None:
    """The winning set W of a tree geometry: an orange ring around each of its points."""
    from matplotlib.patches import Circle
    for v in board.highlight:
        ax.add_patch(Circle(centres[v], r, fc="none", ec=ORANGE, lw=2.5, zorder=5))


def _tree_vertex(ax, board: Board):
    pos = geo.tree_positions(list(board.names), list(board.tree))
    _tree(ax, pos, board.tree, 1.8)
    _w_rings(ax, board, pos, 0.36)
    for v, xy in pos.items():
        _vertex(ax, board, v, xy, 0.25)
    return _frame(ax, [p[0] for p in pos.values()], [p[1] for p in pos.values()], 0.7)


def _tree_edge(ax, board: Board):
    """The edge geometry of a tree: the points are the tree's edges, drawn at their midpoints."""
    from matplotlib.patches import Circle
    verts = list(dict.fromkeys(x for e in board.tree for x in e))
    pos = geo.tree_positions(verts, list(board.tree), spacing=1.8)
    _tree(ax, pos, board.tree, 2.2)
    mids = {name: ((pos[u][0] + pos[v][0]) / 2, (pos[u][1] + pos[v][1]) / 2)
            for name, (u, v) in zip(board.names, board.tree)}
    for x, xy in pos.items():
        ax.add_patch(Circle(xy, 0.1, fc="#777777", ec="none", zorder=2))
        ax.text(xy[0] + 0.14, xy[1] + 0.1, x, fontsize=7, color="#777777")
    _w_rings(ax, board, mids, 0.34)
    for v, xy in mids.items():
        _vertex(ax, board, v, xy, 0.24)
    return _frame(ax, [p[0] for p in pos.values()], [p[1] for p in pos.values()], 0.7)


def _legend(fig, board: Board):
    from matplotlib.lines import Line2D
    handles = []
    for role in dict.fromkeys(board.stones.values()):
        fc, ec, _ = STONE[role]
        handles.append(Line2D([], [], marker="o", ls="", ms=9, mfc=fc, mec=ec, label=ROLE_NAME[role]))
    if board.next_move:
        who = ROLE_NAME.get(board.next_by, board.next_by or "")
        handles.append(Line2D([], [], marker="o", ls="", ms=11, mfc="none", mec=GREEN, mew=2,
                              label=f"next move: {board.next_move}" + (f" ({who})" if who else "")))
    if board.complete:
        handles.append(Line2D([], [], color=GOLD, lw=4, label="completed winning set"))
    if board.highlight:
        handles.append(Line2D([], [], color=ORANGE, lw=2, label="winning set W"))
    if handles:
        fig.legend(handles=handles, loc="upper left", fontsize=7.5, frameon=False,
                   ncol=min(len(handles), 4), bbox_to_anchor=(0.0, 0.95))
