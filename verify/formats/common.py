"""Reading files: one text reader and one JSON reader, each failing in one line naming the file."""
from __future__ import annotations

import json
from pathlib import Path

from ..errors import InputError


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


def parse_json_text(text: str, source: str) -> object:
    """The JSON value in ``text``; malformed JSON is one line naming ``source`` and the place."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{source}: malformed JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None


def read_json(path) -> object:
    """The JSON value in the file ``path`` (one reader, one style of error message)."""
    return parse_json_text(read_text_file(path), str(path))
