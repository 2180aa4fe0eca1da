"""Reading and writing instances. ``read_hypergraph`` sniffs JSON vs plain text by content."""
from __future__ import annotations

import json
from pathlib import Path

from ..hypergraph import Hypergraph
from .common import naming, read_json, read_json_text, read_text_file
from .jsonfmt import hypergraph_from_json, hypergraph_to_json
from .text import hypergraph_from_text, hypergraph_to_text

__all__ = ["read_hypergraph", "write_hypergraph", "parse_hypergraph", "hypergraph_from_json",
           "hypergraph_to_json", "hypergraph_from_text", "hypergraph_to_text", "read_json",
           "read_json_text", "read_text_file"]


def looks_like_json(text: str) -> bool:
    """JSON iff the text starts with '{' and its first line is not the text format's empty edge
    ``{}`` (alone, or before a ``#`` comment): a JSON hypergraph needs an "edges" key anyway."""
    body = text.lstrip()
    if not body.startswith("{"):
        return False
    first = body.partition("\n")[0].partition("#")[0].strip()
    return first != "{}"


def parse_hypergraph(text: str, source: str = "<input>") -> Hypergraph:
    """Parse either format: JSON if the text starts with '{' (see :func:`looks_like_json`), plain
    text otherwise."""
    if looks_like_json(text):
        return _from_json_text(text, source)
    with naming(source):
        return hypergraph_from_text(text)


def read_hypergraph(path) -> Hypergraph:
    """The hypergraph in the file ``path``: JSON when the name ends in ``.json`` or the text looks
    like JSON, plain text otherwise."""
    text = read_text_file(path)
    if str(path).lower().endswith(".json"):
        return _from_json_text(text, str(path))
    return parse_hypergraph(text, str(path))


def _from_json_text(text: str, source: str) -> Hypergraph:
    data = read_json_text(text, source)
    with naming(source):
        return hypergraph_from_json(data)


def write_hypergraph(h: Hypergraph, path=None, fmt: str | None = None) -> str:
    """Serialise ``h`` (JSON if ``fmt == 'json'`` or the path ends in .json, else text)."""
    if fmt is None:
        fmt = "json" if path is not None and str(path).endswith(".json") else "text"
    text = json.dumps(hypergraph_to_json(h)) + "\n" if fmt == "json" else hypergraph_to_text(h)
    if path is not None:
        Path(path).write_text(text, encoding="utf-8")
    return text
