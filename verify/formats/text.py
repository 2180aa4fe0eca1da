"""Plain-text hypergraphs: one edge per line, vertices separated by spaces or commas.

A comment is ``#`` followed by a space (or ending the line), at the start of a line or after a space,
and runs to the end of the line (``##`` and more work the same way); an optional ``vertices: ...``
line lists every vertex (for isolated ones), an optional ``marked: ...`` line lists Maker's vertices,
and a line ``{}`` or ``empty`` is the empty edge.

Nothing else is understood, and a line that is not one of these is refused (never read as an edge):
a ``#`` elsewhere (``#positions``, ``a#b``: a ``.pg`` code word is not a comment), a line starting with
``%`` (a ``.pg`` comment), or a name holding a brace, a bracket or a quote (JSON, or set notation
such as ``{a, b}``).
"""
from __future__ import annotations

import re

from ..errors import InputError
from ..hypergraph import Hypergraph
from .sniff import PG_CODE_WORDS

_SPLIT = re.compile(r"[\s,]+")
#: where a comment starts: '#'s at the start of the line or after a space or comma, then a space or the end
_COMMENT = re.compile(r"(?:^|(?<=[\s,]))#+(?=\s|$)")
#: characters a vertex name in the text format cannot hold
_NOT_IN_NAME = re.compile(r'[#{}\[\]"]')


def _tokens(s: str) -> list[str]:
    return [t for t in _SPLIT.split(s.strip()) if t]


def hypergraph_from_text(text: str) -> Hypergraph:
    vertices = None
    marked: list[str] = []
    edges: list[list[str]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        comment = _COMMENT.search(raw)
        line = (raw[:comment.start()] if comment else raw).strip()
        if not line:
            continue
        _understood(line, lineno)
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


def _understood(line: str, lineno: int) -> None:
    """Refuse a line the text format does not understand (see the module's docstring)."""
    if line.startswith("%"):
        raise InputError(f"line {lineno}: a line starting with '%' (a .pg comment) is not understood; "
                         f"a comment is '#' followed by a space")
    if line in ("{}", "empty"):
        return
    for tok in _tokens(line.partition(":")[2] if ":" in line else line):
        if "#" in tok:
            word = tok[tok.index("#"):].lower()
            if word in PG_CODE_WORDS:
                raise InputError(f"line {lineno}: {tok[:40]!r} is a .pg code word, not understood in a text "
                                 f"hypergraph (a comment is '#' followed by a space)")
            raise InputError(f"line {lineno}: {tok[:40]!r} is not understood: a comment is '#' followed by a "
                             f"space, and a vertex name cannot hold '#'")
        if _NOT_IN_NAME.search(tok):
            raise InputError(f"line {lineno}: {tok[:40]!r} is not understood: a vertex name cannot hold a "
                             f"brace, a bracket or a quote (one edge per line, names separated by spaces "
                             f"or commas; '{{}}' alone is the empty edge)")


def hypergraph_to_text(h: Hypergraph) -> str:
    """The text form of ``h``; a vertex name the text format cannot hold is an InputError."""
    odd = next((v for v in h.vertices if _NOT_IN_NAME.search(v) or ":" in v or v.startswith("%") or v == "empty"), None)
    if odd is not None:
        raise InputError(f"vertex name {odd[:40]!r} cannot be written in the text format (write JSON)")
    lines = ["vertices: " + " ".join(h.vertices)]
    if h.marked_mask:
        lines.append("marked: " + " ".join(h.names(h.marked_mask)))
    for e in h.edge_masks:
        lines.append(" ".join(h.names(e)) if e else "{}")
    return "\n".join(lines) + "\n"
