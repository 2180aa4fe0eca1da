"""The certificate envelope, read from docs/spec/envelope.md alone (no code shared with the kernel).

Only the standard library is used. Every function here raises :class:`Refused` with one line.
"""
from __future__ import annotations

import json
import re

FORMAT = "verify-certificate"
VERSION = 2
ENVELOPE_KEYS = ("format", "version", "kind", "instance", "claim")
#: the optional envelope key naming who made the certificate, and its keys (docs/spec/envelope.md §2)
MADE_BY = "made_by"
MADE_BY_KEYS = ("commit", "date", "tool", "version")
MADE_BY_CHARS = 200
QUESTION_KEYS = ("game", "instance", "position", "first", "bound")
#: the kinds whose questions may carry a bias (paper 004 Def I.1.8) and name the conventions added
#: with issue 32; every other kind refuses both
POSITIONAL_KINDS = ("positional-strategy", "positional-pairing")
NEW_CONVENTIONS = ("avoider-enforcer", "maker-maker", "avoider-avoider")
#: the most states (positions, game states) any walk of the second checker visits
MAX_STATES = 1_000_000
#: where a lone surrogate of a parsed value can come from: one in the text, or a \uD800-\uDFFF escape
_MAY_HOLD_SURROGATE = re.compile(r"[\ud800-\udfff]|\\u[dD][89a-fA-F]")


class Refused(Exception):
    """The second checker does not accept a certificate (the message says why, in one line)."""


def is_int(x) -> bool:
    """A JSON integer: never a bool, never a float such as 2.0."""
    return type(x) is int


def same_json(a, b) -> bool:
    """Equality of two JSON values that also compares types (1 is not true, 2 is not 2.0)."""
    if type(a) is not type(b):
        return False
    if type(a) is dict:
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    if type(a) is list:
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b))
    return a == b


def parse_json_text(text: str):
    """Strict JSON: no NaN/Infinity, no float overflowing to infinity, no key given twice, no lone
    surrogate, integers of at most 1000 digits."""
    def no_constant(name):
        raise Refused(f"{name} is not JSON")

    def a_float(s):
        x = float(s)
        if x != x or x in (float("inf"), float("-inf")):
            raise Refused(f"number {s[:30]} out of range")
        return x

    def an_int(s):
        if len(s.lstrip("-")) > 1000:
            raise Refused("an integer of more than 1000 digits")
        return int(s)

    def an_object(pairs):
        out = {}
        for k, v in pairs:
            if k in out:
                raise Refused(f"key {k[:40]!r} given twice in one object")
            out[k] = v
        return out

    try:
        value = json.loads(text, parse_constant=no_constant, parse_float=a_float, parse_int=an_int,
                           object_pairs_hook=an_object)
    except ValueError as exc:  # JSONDecodeError is a ValueError
        raise Refused(f"malformed JSON: {str(exc)[:80]}") from None
    except RecursionError:
        raise Refused("malformed JSON: nested too deeply") from None
    if _MAY_HOLD_SURROGATE.search(text):  # else no string can hold one: spare a copy of a large value
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise Refused("a string holds a lone surrogate") from None
    return value


def read_envelope(cert) -> tuple[str, dict, dict]:
    """(kind, claimed question, claimed verdict) of a certificate; the body is the kind's business.

    The question is checked for shape and types only here; the kind's checker derives the question
    the certificate's instance poses and :func:`compare_claim` compares both."""
    if type(cert) is not dict:
        raise Refused("a certificate must be a JSON object")
    if cert.get("format") != FORMAT or type(cert.get("format")) is not str:
        raise Refused(f"'format' must be {FORMAT!r}")
    if not is_int(cert.get("version")) or cert["version"] != VERSION:
        raise Refused(f"'version' must be the integer {VERSION}")
    kind = cert.get("kind")
    if type(kind) is not str:
        raise Refused("'kind' must be a string")
    if type(cert.get("instance")) is not dict:
        raise Refused("'instance' must be an object")
    claim = cert.get("claim")
    if type(claim) is not dict or sorted(claim) != ["question", "verdict"]:
        raise Refused("'claim' must be an object with exactly 'question' and 'verdict'")
    q, verdict = claim["question"], claim["verdict"]
    if type(verdict) is not dict:
        raise Refused("the claimed verdict must be an object")
    if MADE_BY in cert:
        read_made_by(cert[MADE_BY])
    positional = kind in POSITIONAL_KINDS
    if not positional and type(q) is dict and ("bias" in q or q.get("game") in NEW_CONVENTIONS):
        raise Refused(f"only a positional-strategy certificate answers biased or {str(q.get('game'))[:40]} questions")
    keys = sorted(QUESTION_KEYS + (("bias",) if positional and type(q) is dict and "bias" in q else ()))
    if type(q) is not dict or sorted(q) != keys:
        raise Refused("the claimed question must have exactly game, instance, position, first, bound"
                      + (" (and bias, if biased)" if positional else ""))
    if type(q["game"]) is not str or type(q["instance"]) is not str or not q["instance"].startswith("sha256:"):
        raise Refused("the claimed question needs a game name and a board digest 'sha256:...'")
    if type(q["position"]) is not dict:
        raise Refused("the claimed position must be an object")
    if q["first"] is not None and type(q["first"]) is not str:
        raise Refused("the claimed first player must be null or a string")
    if q["bound"] is not None and (not is_int(q["bound"]) or q["bound"] < 0):
        raise Refused("the claimed bound must be null or a non-negative integer")
    return kind, q, verdict


def read_made_by(made_by) -> None:
    """The optional ``made_by``: an object with exactly tool, version, commit and date, each a string
    of at most 200 characters, commit possibly null. Not part of the claim: nothing else reads it."""
    if type(made_by) is not dict or sorted(made_by) != list(MADE_BY_KEYS):
        raise Refused("'made_by' must be an object with exactly commit, date, tool, version")
    for key in MADE_BY_KEYS:
        value = made_by[key]
        if key == "commit" and value is None:
            continue
        if type(value) is not str or len(value) > MADE_BY_CHARS:
            raise Refused(f"'made_by' {key} must be a string of at most {MADE_BY_CHARS} characters"
                          + (" or null" if key == "commit" else ""))


def body_keys(cert: dict, *body: str) -> None:
    """The certificate has exactly the envelope keys (``made_by`` optional, read by
    :func:`read_envelope`) and the kind's body keys ``body``."""
    extra = set(cert) - set(ENVELOPE_KEYS) - {MADE_BY} - set(body)
    missing = set(body) - set(cert)
    if extra:
        raise Refused(f"unknown key(s): {', '.join(sorted(extra))[:80]}")
    if missing:
        raise Refused(f"missing key(s): {', '.join(sorted(missing))}")


def compare_claim(cert: dict, question: dict, verdict: dict) -> None:
    """The claim must be exactly the question the evidence's own instance poses and the verdict the
    evidence proves (types included)."""
    claim = cert["claim"]
    if not same_json(claim["question"], question):
        raise Refused("the claimed question is not the question the certificate's instance and position pose")
    if not same_json(claim["verdict"], verdict):
        raise Refused(f"the claimed verdict {json.dumps(claim['verdict'])[:60]} is not the proven "
                      f"{json.dumps(verdict)}")
