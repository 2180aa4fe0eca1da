"""Plain-text hypergraphs: one edge per line, vertices separated by spaces or commas.

``#`` starts a comment; an optional ``vertices: ...`` line lists every vertex (for isolated ones), an
optional ``marked: ...`` line lists Maker's vertices, and a line ``{}`` or ``empty`` is the empty edge.
"""
from __future__ import annotations

import re

from ..errors import InputError
from ..hypergraph import Hypergraph

_SPLIT = re.compile(r"[\s,]+")


def _tokens(s: str) -> list[str]:
    return [t for t in _SPLIT.split(s.strip()) if t]


def hypergraph_from_text(text: str) -> Hypergraph:
    vertices = None
    marked: list[str] = []
    edges: list[list[str]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        head, sep, rest = line.partition(":")
        if sep and head.strip().lower() in ("vertices", "marked"):
            toks = _tokens(rest)
            if head.strip().lower() == "vertices":
                if vertices is not None:
                    raise InputError(f"line {lineno}: second 'vertices:' line")
                vertices = toks
            else:
                marked.extend(toks)
            continue
        if sep:
            raise InputError(f"line {lineno}: unknown directive {head.strip()!r} (expected 'vertices:' or 'marked:')")
        if line in ("{}", "empty"):
            edges.append([])
            continue
        edges.append(_tokens(line))
    if vertices is None and not edges:
        raise InputError("empty hypergraph: no vertices and no edges")
    try:
        return Hypergraph(edges, vertices=vertices, marked=marked)
    except InputError as exc:
        raise InputError(str(exc)) from None


def hypergraph_to_text(h: Hypergraph) -> str:
    lines = ["vertices: " + " ".join(h.vertices)]
    if h.marked_mask:
        lines.append("marked: " + " ".join(h.names(h.marked_mask)))
    for e in h.edge_masks:
        lines.append(" ".join(h.names(e)) if e else "{}")
    return "\n".join(lines) + "\n"
