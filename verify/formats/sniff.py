"""Which format a file is in, decided by its content and its extension together.

:func:`sniff` names what a text looks like, from its content alone:

* **JSON** (the text starts with ``{`` or ``[``, except a first line ``{}``, the text format's empty
  edge): a verify certificate (``"format": "verify-certificate"``), a convex geometry
  (``"geometry"``), a hypergraph-NIM instance (``"hypergraph"``, ``"piles"`` or ``"compound"``), a
  JSON hypergraph (``"edges"``, ``"vertices"`` or ``"marked"``), another JSON document, or JSON that
  does not parse;
* a **QCIR** formula (first line ``#QCIR-...``), a **DIMACS**/QDIMACS formula (a ``p cnf`` line
  after ``c`` comment lines);
* a **.pg** game (a line whose first word is a code word such as ``#version`` or ``#positions``);
* otherwise a **text hypergraph**.

:func:`expect` holds that against the format a reader reads and the file's extension (``.txt`` text,
``.json`` JSON, ``.pg`` .pg; any other extension leaves the content to decide): a file that looks
like another format than the reader's, or than its extension says, is refused in one line naming
what it looks like and the command that reads it. Never a silent reinterpretation.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePath

from ..errors import InputError
from .common import read_json_text, read_text_file

HYPERGRAPH_USE = "use `verify solve maker-breaker {file}` (or acv, avd, dst, prv)"

#: format name -> (what it is, how to use it ("{file}" is the file), extensions it may carry)
FORMATS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "text": ("a text hypergraph", HYPERGRAPH_USE, (".txt",)),
    "hypergraph-json": ("a JSON hypergraph", HYPERGRAPH_USE, (".json",)),
    "pg": ("a .pg game", "use `verify solve pg {file}`", (".pg",)),
    "convex": ("a convex-geometry instance", "use `verify solve gen {file}` (or dng)", (".json",)),
    "hypernim": ("a hypergraph-NIM instance", "use `verify solve hypernim {file}`", (".json",)),
    "certificate": ("a verify certificate", "use `verify check {file}`", (".json",)),
    "document": ("a JSON document of no instance format", "", (".json",)),
    "json": ("JSON", "", (".json",)),
    "dimacs": ("a DIMACS/QDIMACS formula", "an encoding, not a game instance",
               (".cnf", ".dimacs", ".qdimacs")),
    "qcir": ("a QCIR formula", "an encoding, not a game instance", (".qcir",)),
}

#: extension -> the formats a file carrying it may hold
EXTENSIONS: dict[str, set[str]] = {}
for _name, (_w, _h, _exts) in FORMATS.items():
    for _ext in _exts:
        EXTENSIONS.setdefault(_ext, set()).add(_name)

#: the formats whose content is JSON
JSON_FORMATS = {"hypergraph-json", "convex", "hypernim", "certificate", "document", "json"}

PG_CODE_WORDS = ("#version", "#times", "#blackturns", "#positions", "#blackwins", "#whitewins",
                 "#blackinitials", "#whiteinitials", "#firstmoves")

_DIMACS_HEADER = re.compile(r"p\s+(cnf|qcnf|dnf)\b", re.IGNORECASE)


@dataclass
class Sniffed:
    """What a text looks like: ``format`` (a key of :data:`FORMATS`, or None for an empty text),
    ``evidence`` (a few words naming why, e.g. ``#version, #positions``) and, for JSON that parsed,
    its ``value``."""
    format: str | None
    evidence: str = ""
    value: object = None
    parsed: bool = False

    def describe(self) -> str:
        what = FORMATS[self.format][0] if self.format else "an empty file"
        return f"{what} ({self.evidence})" if self.evidence else what


def looks_like_json(text: str) -> bool:
    """JSON iff the text starts with '{' or '[' and its first line is not the text format's empty
    edge ``{}`` (alone, or before a ``#`` comment): a JSON hypergraph needs an "edges" key anyway."""
    body = text.lstrip()
    if body.startswith("["):
        return True
    if not body.startswith("{"):
        return False
    first = body.partition("\n")[0].partition("#")[0].strip()
    return first != "{}"


def _keys(d: dict, keys) -> str:
    return ", ".join(f'"{k}"' for k in keys if k in d)


def sniff_json(value) -> Sniffed:
    """What a parsed JSON value is."""
    if not isinstance(value, dict):
        return Sniffed("json", "not an object", value, True)
    fmt = value.get("format")
    if fmt == "verify-certificate":
        return Sniffed("certificate", '"format": "verify-certificate"', value, True)
    if isinstance(fmt, str):
        return Sniffed("document", f'"format": {fmt[:40]!r}'.replace("'", '"'), value, True)
    if "geometry" in value:
        return Sniffed("convex", '"geometry"', value, True)
    if any(k in value for k in ("hypergraph", "piles", "compound")):
        return Sniffed("hypernim", _keys(value, ("compound", "hypergraph", "piles")), value, True)
    if any(k in value for k in ("edges", "vertices", "marked")):
        return Sniffed("hypergraph-json", _keys(value, ("vertices", "edges", "marked")), value, True)
    return Sniffed("json", "", value, True)


def sniff(text: str) -> Sniffed:
    """What ``text`` looks like, from its content alone (see the module's docstring)."""
    if not text.strip():
        return Sniffed(None)
    if looks_like_json(text):
        try:
            value = read_json_text(text, "<sniff>")
        except InputError:
            return Sniffed("json", "malformed")
        return sniff_json(value)
    lines = text.splitlines()
    first = next((ln.strip() for ln in lines if ln.strip()), "")
    if first.upper().startswith("#QCIR"):
        return Sniffed("qcir", first.split()[0][:20])
    for ln in lines:
        s = ln.strip()
        if not s or s == "c" or s.startswith("c "):
            continue
        if _DIMACS_HEADER.match(s):
            return Sniffed("dimacs", " ".join(s.split()[:2]))
        break
    words: list[str] = []
    for ln in lines:
        fields = ln.partition("%")[0].split()
        if fields and fields[0].lower() in PG_CODE_WORDS and fields[0].lower() not in words:
            words.append(fields[0].lower())
    if words:  # named by #version and #positions when there, else by the first two
        named = [w for w in ("#version", "#positions") if w in words]
        return Sniffed("pg", ", ".join(named if len(named) == 2 else words[:2]))
    return Sniffed("text")


def _suffix(source) -> str:
    return PurePath(str(source)).suffix.lower() if source is not None else ""


def expect(text: str, source, formats: set[str], path: bool = True) -> Sniffed:
    """``text`` (the content of ``source``) sniffed and held against the ``formats`` a reader
    reads and, when ``path``, against ``source``'s extension. Returns the sniffed format (one of
    ``formats``, or an unrecognised one -- empty text, JSON of no known shape or that does not
    parse -- left to the reader's own, more precise, error); a mismatch is one InputError line:

    * ``FILE looks like a .pg game (#version, #positions): use `verify solve pg FILE```
    * ``FILE looks like a JSON hypergraph ("edges") but is named .txt: rename it FILE.json``
    """
    s = sniff(text)
    name = str(source)
    ext = _suffix(source) if path else ""
    allowed = EXTENSIONS.get(ext)
    if s.format is None or (s.format == "json" and formats & JSON_FORMATS):
        # empty, or JSON of no known shape (or that does not parse) given to a JSON reader: the
        # reader's own error is the more precise one, unless the extension says another format
        if s.format is None and allowed is not None and not allowed & formats:
            return _refuse(f"{name} is empty and named {ext}, not {_wanted(formats)}")
        if s.format == "json" and allowed is not None and not allowed & JSON_FORMATS:
            return _refuse(f"{name} looks like {s.describe()} but is named {ext}: "
                           f"rename it {_renamed(name, ext, '.json')}")
        return s
    if s.format not in formats:
        renamed = name
        if allowed is not None and s.format not in allowed and FORMATS[s.format][1].startswith("use"):
            renamed = _renamed(name, ext, FORMATS[s.format][2][0])  # the command needs the right name
        hint = FORMATS[s.format][1].format(file=renamed)
        if renamed != name:
            hint = f"rename it {renamed} and {hint}"
        return _refuse(f"{name} looks like {s.describe()}" + (f": {hint}" if hint else f", not {_wanted(formats)}"))
    if allowed is not None and s.format not in allowed:
        return _refuse(f"{name} looks like {s.describe()} but is named {ext}: "
                       f"rename it {_renamed(name, ext, FORMATS[s.format][2][0])}")
    return s


def _renamed(name: str, ext: str, right: str) -> str:
    return str(PurePath(name).with_suffix(right)) if ext else name + right


def _wanted(formats: set[str]) -> str:
    return " or ".join(sorted(FORMATS[f][0] for f in formats if f not in ("json", "document")))


def _refuse(message: str):
    raise InputError(message)


def read_instance_json(path, fmt: str):
    """The JSON value in the file ``path``, which must be of the format ``fmt`` (or of no recognisable
    format, left to the caller's precise error): see :func:`expect`."""
    text = read_text_file(path)
    found = expect(text, path, {fmt})
    return found.value if found.parsed else read_json_text(text, str(path))
