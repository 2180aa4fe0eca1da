"""Reading files: one text reader and one JSON reader, each failing in one line naming the file."""
from __future__ import annotations

import json
import math
from contextlib import contextmanager
from pathlib import Path

from .. import limits
from ..errors import InputError, TooLarge


def read_text_file(path) -> str:
    p = Path(path)
    try:
        return p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory") from None
    except UnicodeDecodeError as exc:
        if _starts_with(p, b"PK\x03\x04"):
            raise InputError(f"{path} looks like a zip archive (a certificate book?): "
                             f"use `verify check {path}`") from None
        raise InputError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror or exc})") from None


def _starts_with(path: Path, magic: bytes) -> bool:
    try:
        with path.open("rb") as fh:
            return fh.read(len(magic)) == magic
    except OSError:
        return False


@contextmanager
def naming(source: str):
    """An InputError or TooLarge raised inside names ``source`` (a file) at the front of its line."""
    try:
        yield
    except (InputError, TooLarge) as exc:
        raise type(exc)(f"{source}: {exc}") from None


def _json_int(digits: str) -> int:
    """JSON integers of reasonable length only (Python refuses more than 4300 digits anyway)."""
    if len(digits.lstrip("-")) > limits.MAX_JSON_INT_DIGITS:
        raise InputError(f"an integer of {len(digits)} digits (at most {limits.MAX_JSON_INT_DIGITS})")
    return int(digits)


def _json_constant(name: str):
    raise InputError(f"{name} is not JSON")


def _json_float(text: str) -> float:
    """A JSON number with a fraction or exponent; one too large for a float (``1e999``) is refused
    rather than read as infinity."""
    x = float(text)
    if x in (math.inf, -math.inf):
        raise InputError(f"the number {text[:40]} is out of range")
    return x


def _unicode_text(value) -> None:
    """Every string of a parsed JSON value is Unicode text: a lone surrogate escape (``"\\ud800"``),
    which JSON lets through and no UTF-8 output can print, is refused."""
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, str):
            try:
                v.encode("utf-8")
            except UnicodeEncodeError:
                raise InputError(f"the string {ascii(v[:40])} holds a lone surrogate (not Unicode text)") from None
        elif isinstance(v, dict):
            stack.extend(v)
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)


def _json_object(pairs: list) -> dict:
    """A JSON object; a key given twice is refused (json would keep the last one silently)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set = set()
        dup = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise InputError(f"key {json_snippet(dup)} given twice in one object")
    return out


def read_json_text(text: str, what: str) -> object:
    """The JSON value in ``text`` (strict RFC 8259: no NaN/Infinity, no number overflowing to
    infinity, no lone surrogate in a string, no repeated key, integers of at most
    ``limits.MAX_JSON_INT_DIGITS`` digits, bounded nesting); any defect is one InputError line
    naming ``what`` (a file name). Every reader of instances and certificates goes through here."""
    try:
        value = json.loads(text, parse_int=_json_int, parse_float=_json_float, parse_constant=_json_constant,
                           object_pairs_hook=_json_object)
        if "\\u" in text:
            _unicode_text(value)
        return value
    except json.JSONDecodeError as exc:
        raise InputError(f"{what}: malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except InputError as exc:
        raise InputError(f"{what}: malformed JSON: {exc}") from None
    except RecursionError:
        raise InputError(f"{what}: malformed JSON: nested too deeply") from None
    except ValueError as exc:  # e.g. a float literal Python cannot convert
        raise InputError(f"{what}: malformed JSON: {exc}") from None


def read_json(path) -> object:
    """The JSON value in the file ``path`` (one reader, one style of error message)."""
    return read_json_text(read_text_file(path), str(path))


#: keys every instance object may carry as free text
TEXT_KEYS = ("name", "comment")


def instance_object(data, keys, what: str) -> dict:
    """``data`` checked as the JSON object of an instance: an object whose keys are among ``keys``
    and :data:`TEXT_KEYS` (those two holding strings), and where no key holds ``null``."""
    if not isinstance(data, dict):
        raise InputError(f"{what} must be a JSON object")
    unknown = set(data) - set(keys) - set(TEXT_KEYS)
    if unknown:
        raise InputError(f"unknown key(s) in {what}: {', '.join(sorted(map(repr, unknown)))}")
    for k in TEXT_KEYS:
        if k in data and not isinstance(data[k], str):
            raise InputError(f"\"{k}\" must be a string")
    nulls = [k for k, v in data.items() if v is None]
    if nulls:
        raise InputError(f"\"{nulls[0]}\" is null in {what}")
    return data


def item_name(x, what: str = "name") -> str:
    """A name given in JSON: a string, or an integer standing for its decimal text (never a bool,
    a float, a list or an object)."""
    if isinstance(x, bool) or not isinstance(x, (str, int)):
        raise InputError(f"a {what} must be a string or an integer, got {json_snippet(x)}")
    return str(x)


def json_snippet(x, width: int = 40) -> str:
    """A JSON value shortened for an error message."""
    try:
        s = json.dumps(x)
    except (TypeError, ValueError):
        s = repr(x)
    except RecursionError:
        return "a deeply nested value"
    return s if len(s) <= width else s[:width] + "..."
