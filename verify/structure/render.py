"""The structure diagram as data (JSON), as graphviz DOT text and as a text table (pictures are drawn
without graphviz by :func:`verify.draw.diagrams.structure_figure`).

Drawing conventions of paper 000 §4.4: a class X_I is a triangle pointing up when pty(I) = 0 and down
when pty(I) = 1, labelled "nim_0 nim_1"; in the simplified diagram (§6) a triangle standing for
several classes is shaded.
"""
from __future__ import annotations

from ..formats.jsonfmt import hypergraph_to_json
from .diagram import StructureDiagram


def _set(h, mask) -> str:
    return "{" + ",".join(h.names(mask)) + "}"


def diagram_to_json(d: StructureDiagram) -> dict:
    h = d.hypergraph
    groups = d.simplified()
    group_of = {i: g for g, members in enumerate(groups) for i in members}
    return {
        "game": d.kind,
        "board": "H" if d.kind == d.building else "Tr(H)",
        "building_game": d.building,
        "hypergraph": hypergraph_to_json(h),
        "maximal_stable_sets": [h.names(s) for s in d.stable],
        "frattini": h.names(d.frattini_set),
        "nim": d.nim,
        "classes": [{"id": i, "closure": h.names(c.closure), "parity": c.parity, "type": list(c.type),
                     "terminal": c.terminal, "depth": c.depth, "options": c.options,
                     "simplified_group": group_of[i]} for i, c in enumerate(d.classes)],
        "frattini_class": d.frattini,
        "simplified": [{"id": g, "members": members, "type": list(d.classes[members[0]].type),
                        "options": sorted({group_of[j] for i in members for j in d.classes[i].options})}
                       for g, members in enumerate(groups)],
    }


def diagram_to_dot(d: StructureDiagram, simplified: bool = False) -> str:
    """Graphviz DOT text of the structure diagram (or the simplified diagram of Condition 6.1)."""
    h = d.hypergraph
    title = f"{d.kind.upper()}(H)" + (" = " + d.building.upper() + "(Tr H)" if d.kind != d.building else "")
    lines = ["digraph structure {",
             f'  label="{title}: nim = {d.nim}{" (simplified)" if simplified else ""}"; labelloc=t;',
             "  node [fontname=Helvetica, fontsize=10, width=0.6, height=0.5, fixedsize=true];"]
    if simplified:
        groups = d.simplified()
        group_of = {i: g for g, members in enumerate(groups) for i in members}
        for g, members in enumerate(groups):
            c = d.classes[members[0]]
            shade = ', style=filled, fillcolor="gray80"' if len(members) > 1 else ""
            names = "; ".join(_set(h, d.classes[i].closure) for i in members[:8])
            more = f" … (+{len(members) - 8})" if len(members) > 8 else ""
            lines.append(f'  g{g} [shape={_shape(c)}, label="{c.type[1]} {c.type[2]}", '
                         f'tooltip="{names}{more}"{shade}];')
        arrows = sorted({(group_of[i], group_of[j]) for i, c in enumerate(d.classes) for j in c.options})
        lines += [f"  g{a} -> g{b};" for a, b in arrows]
    else:
        for i, c in enumerate(d.classes):
            lines.append(f'  c{i} [shape={_shape(c)}, label="{c.type[1]} {c.type[2]}", '
                         f'xlabel="{_set(h, c.closure)}"];')
        lines += [f"  c{i} -> c{j};" for i, c in enumerate(d.classes) for j in c.options]
    lines.append("}")
    return "\n".join(lines) + "\n"


def _shape(c) -> str:
    return "triangle" if c.parity == 0 else "invtriangle"


def diagram_to_text(d: StructureDiagram, simplified: bool = False, limit: int = 60) -> str:
    h = d.hypergraph
    head = f"{d.kind.upper()}(H)" + (f" = {d.building.upper()}(Tr H)" if d.kind != d.building else "")
    out = [f"{head}: nim = {d.nim}",
           f"{len(d.stable)} maximal stable sets, {len(d.classes)} structure classes, "
           f"{len(d.simplified())} after simplification; Frattini subset {_set(h, d.frattini_set)}"]
    if simplified:
        groups = d.simplified()
        group_of = {i: g for g, members in enumerate(groups) for i in members}
        out.append(f"{'group':>6} {'type':>12} {'classes':>8}  options")
        for g, members in enumerate(groups[:limit]):
            c = d.classes[members[0]]
            opts = sorted({group_of[j] for i in members for j in d.classes[i].options})
            out.append(f"{'G' + str(g):>6} {str(c.type):>12} {len(members):>8}  {' '.join('G' + str(o) for o in opts)}")
        shown = min(limit, len(groups))
    else:
        out.append(f"{'class':>6} {'type':>12} {'depth':>5}  {'closure I':<24} options")
        for i, c in enumerate(d.classes[:limit]):
            mark = "*" if i == d.frattini else " "
            out.append(f"{mark + 'X' + str(i):>6} {str(c.type):>12} {c.depth:>5}  {_set(h, c.closure):<24} "
                       f"{' '.join('X' + str(j) for j in c.options)}")
        shown = min(limit, len(d.classes))
        groups = d.classes
    if len(groups) > shown:
        out.append(f"... {len(groups) - shown} more (use --json)")
    return "\n".join(out)
