"""Reading and writing instances. ``read_hypergraph`` sniffs JSON vs plain text by content."""
from __future__ import annotations

import json
from pathlib import Path

from ..errors import InputError, TooLarge
from ..hypergraph import Hypergraph
from .common import read_json, read_json_text, read_text_file
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
    first = body.split("\n", 1)[0].split("#", 1)[0].strip()
    return first != "{}"


def parse_hypergraph(text: str, source: str = "<input>") -> Hypergraph:
    """Parse either format: JSON if the text starts with '{' (see :func:`looks_like_json`), plain
    text otherwise."""
    if looks_like_json(text):
        data = read_json_text(text, source)
        try:
            return hypergraph_from_json(data)
        except (InputError, TooLarge) as exc:
            raise type(exc)(f"{source}: {exc}") from None
    try:
        return hypergraph_from_text(text)
    except (InputError, TooLarge) as exc:
        raise type(exc)(f"{source}: {exc}") from None


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
