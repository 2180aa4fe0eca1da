"""Reading and writing instances. A file's format is decided by its content and its extension together
(:mod:`verify.formats.sniff`); every reader refuses a file of another format in one line."""
from __future__ import annotations

import json
from pathlib import Path

from ..errors import InputError
from ..hypergraph import Hypergraph
from .common import naming, read_json, read_json_text, read_text_file
from .sniff import JSON_FORMATS, expect, looks_like_json, sniff
from .jsonfmt import hypergraph_from_json, hypergraph_to_json
from .text import hypergraph_from_text, hypergraph_to_text

__all__ = ["read_hypergraph", "write_hypergraph", "parse_hypergraph", "hypergraph_from_json",
           "hypergraph_to_json", "hypergraph_from_text", "hypergraph_to_text", "read_json",
           "read_json_text", "read_text_file", "looks_like_json", "sniff"]


#: the formats the hypergraph readers read
HYPERGRAPH_FORMATS = {"text", "hypergraph-json"}


def parse_hypergraph(text: str, source: str = "<input>") -> Hypergraph:
    """Parse either format, decided by the content (:func:`~verify.formats.sniff.sniff`): JSON if
    the text starts with '{' or '[' (see :func:`looks_like_json`), plain text otherwise; a text that
    looks like another format (a ``.pg`` game, a convex geometry, a certificate, ...) is refused in
    one line naming it."""
    found = expect(text, source, HYPERGRAPH_FORMATS, path=False)
    if found.format in JSON_FORMATS:
        return _from_json(found, text, source)
    with naming(source):
        return hypergraph_from_text(text)


def read_hypergraph(path) -> Hypergraph:
    """The hypergraph in the file ``path``, decided by content and extension together: JSON
    (``.json``, or content starting with '{') or plain text (``.txt``, or other content); a file
    that looks like another format, or whose content disagrees with its extension, is refused."""
    text = read_text_file(path)
    found = expect(text, path, HYPERGRAPH_FORMATS)
    if found.format in JSON_FORMATS or str(path).lower().endswith(".json"):
        return _from_json(found, text, str(path))
    with naming(str(path)):
        return hypergraph_from_text(text)


def _from_json(found, text: str, source: str) -> Hypergraph:
    if not found.parsed:
        return _from_json_text(text, source)
    with naming(source):
        return hypergraph_from_json(found.value)


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
        try:
            Path(path).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise InputError(f"{path}: cannot write ({exc.strerror})") from None
    return text
