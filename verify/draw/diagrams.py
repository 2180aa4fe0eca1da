"""Structure diagrams (paper 000 §4.4, §6) and strategy trees drawn with networkx + matplotlib.

No system binary is needed (graphviz's ``dot`` is not assumed). Layout: classes (or states) are
layered with networkx's multipartite layout; a structure class sits on the layer of its longest path
to a terminal class (its ``depth``), so every arrow points downwards.

Conventions of paper 000 §4.4: a class X_I is a triangle pointing up when pty(I) = 0 and down when
pty(I) = 1, labelled "nim_0 nim_1"; in the simplified diagram (Condition 6.1) a triangle standing for
several classes is shaded.
"""
from __future__ import annotations

import io
from pathlib import Path

from ..errors import InputError, TooLarge

MAX_NODES = 400


def save_figure(fig, out) -> str:
    fmt = Path(out).suffix.lower().lstrip(".")
    if fmt not in ("svg", "png"):
        raise InputError(f"picture output must end in .svg or .png, got {str(out)!r}")
    try:
        Path(out).write_bytes(figure_bytes(fig, fmt))
    except OSError as exc:
        raise InputError(f"{out}: cannot write ({exc.strerror})") from None
    return str(out)


def figure_bytes(fig, fmt: str = "svg") -> bytes:
    import matplotlib
    matplotlib.rcParams["svg.hashsalt"] = "verify"
    matplotlib.rcParams["svg.fonttype"] = "none"
    buf = io.BytesIO()
    fig.savefig(buf, format=fmt, dpi=110, metadata={"Date": None} if fmt == "svg" else None)
    return buf.getvalue()


def _layered(nodes: list, layer: dict, arrows: list[tuple]):
    """Positions of a layered drawing: the highest layer on top, layers 1.6 apart, nodes 1.4 apart;
    within a layer nodes are ordered by the mean position of their predecessors (barycentre
    heuristic, one sweep down), which removes most crossings of these small diagrams."""
    import networkx as nx
    g = nx.DiGraph()
    g.add_nodes_from(nodes)
    g.add_edges_from(arrows)
    levels = sorted(set(layer.values()), reverse=True)
    pos: dict = {}
    width = 0
    for lv in levels:
        row = [n for n in nodes if layer[n] == lv]

        def key(n):
            xs = [pos[p][0] for p in g.predecessors(n) if p in pos]
            return (sum(xs) / len(xs) if xs else 0.0, nodes.index(n))

        row.sort(key=key)
        width = max(width, len(row))
        for i, n in enumerate(row):
            pos[n] = ((i - (len(row) - 1) / 2) * 1.4, lv * 1.6)
    return pos, width, len(levels)


def structure_figure(d, simplified: bool = False):
    """The structure diagram (or simplified diagram) of a :class:`StructureDiagram` as a Figure."""
    from matplotlib.figure import Figure
    h = d.hypergraph
    if simplified:
        groups = d.simplified()
        group_of = {i: g for g, members in enumerate(groups) for i in members}
        nodes = list(range(len(groups)))
        rep = {g: d.classes[m[0]] for g, m in enumerate(groups)}
        size = {g: len(m) for g, m in enumerate(groups)}
        arrows = sorted({(group_of[i], group_of[j]) for i, c in enumerate(d.classes) for j in c.options})
        names = {g: f"{len(groups[g])} classes" if len(groups[g]) > 1 else _set(h, d.classes[groups[g][0]].closure)
                 for g in nodes}
    else:
        nodes = list(range(len(d.classes)))
        rep = dict(enumerate(d.classes))
        size = {i: 1 for i in nodes}
        arrows = [(i, j) for i, c in enumerate(d.classes) for j in c.options]
        names = {i: _set(h, c.closure) for i, c in enumerate(d.classes)}
    if len(nodes) > MAX_NODES:
        raise TooLarge(f"the diagram has {len(nodes)} classes, more than {MAX_NODES} to draw "
                       "(try the simplified diagram)")
    layer = {n: rep[n].depth for n in nodes}
    pos, width, height = _layered(nodes, layer, arrows)
    fig = Figure(figsize=(min(2 + 1.0 * width, 24), min(1.5 + 1.15 * height, 22)))
    ax = fig.add_axes((0.02, 0.02, 0.96, 0.9))
    ax.axis("off")
    for a, b in arrows:
        ax.annotate("", xy=pos[b], xytext=pos[a],
                    arrowprops=dict(arrowstyle="-|>", color="#777777", lw=0.9, shrinkA=14, shrinkB=14))
    start = d.frattini if not simplified else group_of[d.frattini]
    for n in nodes:
        c = rep[n]
        shaded = size[n] > 1
        ax.plot(*pos[n], marker="^" if c.parity == 0 else "v", ms=30,
                mfc="#cccccc" if shaded else "white", mec="#b02020" if n == start else "#333333",
                mew=2.2 if n == start else 1.2, zorder=3)
        dy = -0.06 if c.parity == 0 else 0.06
        ax.text(pos[n][0], pos[n][1] + dy, f"{c.type[1]} {c.type[2]}", ha="center", va="center", fontsize=8,
                zorder=4)
        ax.text(pos[n][0], pos[n][1] - 0.38, names[n], ha="center", va="top", fontsize=6.5, color="#555555")
    xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
    ax.set_xlim(min(xs) - 0.9, max(xs) + 0.9)
    ax.set_ylim(min(ys) - 0.8, max(ys) + 0.6)
    title = f"{d.kind.upper()}(H)" + (f" = {d.building.upper()}(Tr H)" if d.kind != d.building else "")
    fig.suptitle(f"{title}: nim = {d.nim}" + (" (simplified, Condition 6.1)" if simplified else "") +
                 "\n▲ even parity  ▼ odd parity, labels nim_0 nim_1, red: X_Φ", fontsize=10)
    return fig


def _set(h, mask) -> str:
    return "{" + ",".join(h.names(mask)) + "}"


def strategy_tree_figure(play, depth: int = 4, max_nodes: int = 250):
    """The first ``depth`` plies of a certificate's strategy as a tree: the strategist's moves in
    green (one per node), every opponent reply in grey; leaves show the result when the game ended."""
    from matplotlib.figure import Figure

    from .board import Board
    if isinstance(play, Board) or not getattr(play, "winner", None):
        raise InputError("a strategy tree needs a strategy certificate (maker-breaker or pg strategy, "
                         "or a nim labelling)")
    ids = [play.start()]
    edges: list[tuple[int, int, str, bool]] = []
    frontier = [(0, 0)]
    truncated = False
    while frontier:
        nxt = []
        for node, ply in frontier:
            s = ids[node]
            if play.over(s) is not None or ply >= depth:
                continue
            move = play.advice(s)
            moves = [move] if move else play.legal(s)
            for m in moves:
                if len(ids) >= max_nodes:
                    truncated = True
                    break
                ids.append(play.play(s, m))
                edges.append((node, len(ids) - 1, m, bool(move)))
                nxt.append((len(ids) - 1, ply + 1))
        frontier = nxt
    from .geometry import tree_positions
    names = [str(i) for i in range(len(ids))]
    pos = tree_positions(names, [(str(a), str(b)) for a, b, _, _ in edges], spacing=1.0)
    leaves = sum(1 for n in names if not any(str(a) == n for a, _, _, _ in edges))
    levels = 1 - min(p[1] for p in pos.values())
    fig = Figure(figsize=(min(max(6.5, 2 + 0.55 * leaves), 40), 1.8 + 1.1 * levels))
    ax = fig.add_axes((0.01, 0.02, 0.98, 0.82))
    ax.axis("off")
    for a, b, m, strat in edges:
        (x0, y0), (x1, y1) = pos[str(a)], pos[str(b)]
        ax.plot([x0, x1], [y0, y1], color="#2f9e44" if strat else "#aaaaaa", lw=2.2 if strat else 1.0, zorder=1)
        ax.text((x0 + x1) / 2, (y0 + y1) / 2, m, fontsize=7, ha="center", va="center", zorder=3,
                color="#1b5e20" if strat else "#555555",
                bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="none"))
    for i, s in enumerate(ids):
        over = play.over(s)
        colour = "#e8a400" if over else ("#2f9e44" if play.advice(s) else "#ffffff")
        ax.plot(*pos[str(i)], marker="o", ms=9, mfc=colour, mec="#333333", zorder=2)
        if over:
            ax.text(pos[str(i)][0], pos[str(i)][1] - 0.25, f"{over} wins", fontsize=6.5, ha="center", va="top")
    xs, ys = [p[0] for p in pos.values()], [p[1] for p in pos.values()]
    ax.set_xlim(min(xs) - 0.7, max(xs) + 0.7)
    ax.set_ylim(min(ys) - 0.6, max(ys) + 0.4)
    note = f"; cut at {max_nodes} nodes" if truncated else ""
    fig.suptitle(f"{getattr(play, 'title', '')}\nstrategy of the winner ({play.winner}), first {depth} plies"
                 f"{note}\ngreen: the strategy's move, grey: every reply, gold: game over", fontsize=9)
    return fig
