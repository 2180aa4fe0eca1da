"""Reading and writing instances. ``read_hypergraph`` sniffs JSON vs plain text by content."""
from __future__ import annotations

import json
from pathlib import Path

from ..errors import InputError
from ..hypergraph import Hypergraph
from .common import parse_json_text, read_json, read_text_file
from .jsonfmt import hypergraph_from_json, hypergraph_to_json
from .text import hypergraph_from_text, hypergraph_to_text

__all__ = ["read_hypergraph", "write_hypergraph", "parse_hypergraph", "hypergraph_from_json",
           "hypergraph_to_json", "hypergraph_from_text", "hypergraph_to_text", "read_json"]


def parse_hypergraph(text: str, source: str = "<input>") -> Hypergraph:
    """Parse either format: JSON if the text starts with '{', plain text otherwise."""
    if text.lstrip().startswith("{"):
        data = parse_json_text(text, source)
        try:
            return hypergraph_from_json(data)
        except InputError as exc:
            raise InputError(f"{source}: {exc}") from None
    try:
        return hypergraph_from_text(text)
    except InputError as exc:
        raise InputError(f"{source}: {exc}") from None


def read_hypergraph(path) -> Hypergraph:
    return parse_hypergraph(read_text_file(path), str(path))


def write_hypergraph(h: Hypergraph, path=None, fmt: str | None = None) -> str:
    """Serialise ``h`` (JSON if ``fmt == 'json'`` or the path ends in .json, else text)."""
    if fmt is None:
        fmt = "json" if path is not None and str(path).endswith(".json") else "text"
    text = json.dumps(hypergraph_to_json(h)) + "\n" if fmt == "json" else hypergraph_to_text(h)
    if path is not None:
        Path(path).write_text(text, encoding="utf-8")
    return text
