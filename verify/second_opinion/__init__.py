"""A second certificate checker that shares no code with the kernel (issue 31, deliverable 3).

It is written from the specification in ``docs/spec/`` alone and imports nothing from ``verify``
outside this package: only the standard library and its own modules. ``check(cert)`` returns an
:class:`Opinion` or raises :class:`Refused` with a one-line reason; ``python -m verify.second_opinion
FILE...`` prints one line per file.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path

from .envelope import Refused, compare_claim, parse_json_text, read_envelope

__all__ = ["COVERED_KINDS", "Opinion", "Refused", "check", "check_path"]

#: kind -> (module of this package, function): every module is imported only when its kind is met
_KINDS = {
    "maker-breaker-strategy": ("hypergraph_kinds", "check_maker_breaker_strategy"),
    "maker-breaker-pairing": ("hypergraph_kinds", "check_maker_breaker_pairing"),
    "nim-labelling": ("hypergraph_kinds", "check_nim_labelling"),
    "pg-proof": ("pg_proof", "check_pg_proof"),
    "pg-strategy": ("pg_strategy", "check_pg_strategy"),
    "positional-strategy": ("positional", "check_positional_strategy"),
    "positional-pairing": ("positional_pairing", "check_positional_pairing"),
}
COVERED_KINDS = tuple(_KINDS)
#: the kinds whose checker may drop parts of a certificate handed over (``check(..., owned=True)``)
_CONSUMING = ("pg-proof",)
#: bytes of one certificate file read by :func:`check_path`
MAX_FILE_BYTES = 1 << 30


@dataclass(frozen=True)
class Opinion:
    """What the second checker accepts a certificate as proving."""
    kind: str
    question: dict
    verdict: dict
    detail: str


def _checker(kind: str):
    if kind not in _KINDS:
        raise Refused(f"kind {kind[:40]!r} is not covered by the second opinion")
    module_name, fn_name = _KINDS[kind]
    try:
        module = importlib.import_module(f"{__name__}.{module_name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{module_name}":
            raise
        raise Refused(f"kind {kind!r} is not covered by the second opinion (no module {module_name})") from None
    return getattr(module, fn_name)


def check(cert, open_member=None, *, owned: bool = False) -> Opinion:
    """Check one parsed certificate: the envelope, the kind's evidence, then the claim, which must
    be exactly the question the certificate's own instance poses and the verdict its evidence proves.

    ``owned``: the caller hands ``cert`` over and keeps no use for it; a pg-proof's checker then drops
    its answers' entry lists once read, so that they do not stay alive beside what it derives."""
    kind, _question, _verdict = read_envelope(cert)
    fn = _checker(kind)
    try:
        if owned and kind in _CONSUMING:
            question, verdict, detail = fn(cert, open_member, owned=True)
        else:
            question, verdict, detail = fn(cert, open_member)
    except Refused:
        raise
    except RecursionError:
        raise Refused("malformed certificate (nested too deeply)") from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise Refused(f"malformed certificate ({type(exc).__name__}: {str(exc)[:60]})") from None
    compare_claim(cert, question, verdict)
    return Opinion(kind, question, verdict, detail)


def check_path(path) -> Opinion:
    """Check the certificate in the file ``path``: strict JSON, or a book of pg-proof parts (a file
    named ``*.zip`` or starting with a zip's local-header signature, whatever its name)."""
    p = Path(path)
    if p.suffix == ".zip" or _starts_as_zip(p):
        try:
            from .book import check_book_path
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.book":
                raise
            raise Refused("books are not covered by the second opinion (no module book)") from None
        question, verdict, detail = check_book_path(p)
        return Opinion("pg-proof", question, verdict, detail)
    cert = parse_json_text(_file_text(p))   # neither the bytes nor the text stay alive during the check
    return check(cert, owned=True)


def _starts_as_zip(p: Path) -> bool:
    try:
        with p.open("rb") as f:
            return f.read(4) == b"PK\x03\x04"
    except OSError:
        return False


def _file_text(p: Path) -> str:
    """The text of the file ``p``: at most :data:`MAX_FILE_BYTES` bytes of UTF-8."""
    try:
        if p.stat().st_size > MAX_FILE_BYTES:
            raise Refused(f"larger than {MAX_FILE_BYTES} bytes")
        raw = p.read_bytes()
    except OSError as exc:
        raise Refused(f"cannot read ({exc.strerror or exc})") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Refused(f"not UTF-8 text (byte {exc.start})") from None
