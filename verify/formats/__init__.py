"""Reading and writing instances. ``read_hypergraph`` sniffs JSON vs plain text by content."""
from __future__ import annotations

import json
from pathlib import Path

from ..errors import InputError
from ..hypergraph import Hypergraph
from .jsonfmt import hypergraph_from_json, hypergraph_to_json
from .text import hypergraph_from_text, hypergraph_to_text

__all__ = ["read_hypergraph", "write_hypergraph", "parse_hypergraph", "hypergraph_from_json",
           "hypergraph_to_json", "hypergraph_from_text", "hypergraph_to_text", "read_json"]


def read_text_file(path) -> str:
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{path}: cannot read ({exc})") from None


def read_json(path) -> object:
    text = read_text_file(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{path}: malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None


def parse_hypergraph(text: str, source: str = "<input>") -> Hypergraph:
    """Parse either format: JSON if the text starts with '{', plain text otherwise."""
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"{source}: malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
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
