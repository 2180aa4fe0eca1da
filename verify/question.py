"""The question a result answers and a certificate proves: one typed value for the whole pipeline.

A :class:`Question` names the game, the board (by the SHA-256 digest of its canonical JSON form, so
a certificate and a user's file can be compared without trusting either's layout), the starting
position on that board, the first player where the game has one, and the bound of a bounded
question ("Maker wins within ``bound`` rounds"). A certificate's claim is exactly
``{"question": Question.to_json(), "verdict": {...}}``; :func:`verify.solvers.solve` refuses to call
a result certified unless its certificate's claim equals the question it solved and the verdict it
prints, and ``verify check --instance FILE`` compares a certificate's question with the question a
file poses.

This module is part of the trusted kernel: it imports only the standard library.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from enum import Enum

from .errors import CertificateError

#: version of the JSON documents ``verify`` prints (``--json``) and of the question's serialized form
SCHEMA_VERSION = 1


class Player(str, Enum):
    """A player of a two-player game: Maker/Breaker (hypergraph games), Avoider/Enforcer
    (Avoider-Enforcer games), black/white (``.pg``)."""
    MAKER = "maker"
    BREAKER = "breaker"
    BLACK = "black"
    WHITE = "white"
    AVOIDER = "avoider"
    ENFORCER = "enforcer"

    def __str__(self) -> str:
        return self.value


def canonical_json(obj) -> str:
    """The canonical text of a JSON value: sorted keys, no spaces, UTF-8 characters kept."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def board_digest(board: dict) -> str:
    """``sha256:<hex>`` of the canonical JSON of a board (its canonical form: see
    :mod:`verify.formats.questions`)."""
    return "sha256:" + hashlib.sha256(canonical_json(board).encode("utf-8")).hexdigest()


def _strict_int(x) -> bool:
    return type(x) is int


QUESTION_KEYS = frozenset({"game", "instance", "position", "first", "bound"})


@dataclass(frozen=True)
class Question:
    """(game, board digest, starting position, first player, bound, bias): what was asked.

    ``position`` is a tuple of ``(role, values)`` pairs sorted by role, each ``values`` a sorted
    tuple of vertex names (or, for hypergraph NIM, the piles in the board's vertex order): e.g.
    ``(("breaker", ("a1",)), ("maker", ()))``. ``first`` is None where the game has no first
    player (impartial games, ``.pg`` games whose schedule is part of the board); ``bound`` is None
    for the whole game. ``bias`` is ``(p, q)``, the claims per turn of the positional game's
    Alice (Maker, Avoider, the first player) and Bob (paper 004 Def I.1.8); None is the unbiased
    (1:1) game, and (1, 1) is stored as None, so that the serialized form carries ``"bias"`` only
    for a biased question (every unbiased question, certificate and digest is as before)."""
    game: str
    instance: str
    position: tuple = ()
    first: Player | None = None
    bound: int | None = None
    bias: tuple[int, int] | None = None

    def __post_init__(self):
        if self.bias is not None:
            bias = tuple(self.bias)
            object.__setattr__(self, "bias", None if bias == (1, 1) else bias)

    def to_json(self) -> dict:
        out = {"game": self.game, "instance": self.instance,
               "position": {role: list(values) for role, values in self.position},
               "first": None if self.first is None else self.first.value, "bound": self.bound}
        if self.bias is not None:
            out["bias"] = list(self.bias)
        return out

    @classmethod
    def from_json(cls, data) -> "Question":
        """Parse a serialized question strictly (exact keys and types); CertificateError if not."""
        if not isinstance(data, dict) or set(data) not in (QUESTION_KEYS, QUESTION_KEYS | {"bias"}):
            raise CertificateError("a question must be an object with exactly the keys "
                                   "game, instance, position, first, bound (and bias, if biased)")
        bias = data.get("bias")
        if "bias" in data and (not isinstance(bias, list) or len(bias) != 2
                               or not all(_strict_int(x) and x >= 1 for x in bias) or bias == [1, 1]):
            raise CertificateError("a question's bias must be [p, q], positive integers, not [1, 1] "
                                   "(the unbiased question has no bias key)")
        game, digest, pos, first, bound = (data[k] for k in ("game", "instance", "position", "first", "bound"))
        if not isinstance(game, str) or not isinstance(digest, str) or not digest.startswith("sha256:"):
            raise CertificateError("a question needs a game name and an instance digest 'sha256:...'")
        if not isinstance(pos, dict):
            raise CertificateError("a question's position must be an object")
        position = []
        for role, values in pos.items():
            if not isinstance(values, list) or not all(isinstance(v, str) or _strict_int(v) for v in values):
                raise CertificateError(f"position {role!r} must be a list of names or integers")
            position.append((role, tuple(values)))
        if first is not None:
            try:
                first = Player(first)
            except ValueError:
                raise CertificateError(f"unknown first player {first!r}") from None
        if bound is not None and (not _strict_int(bound) or bound < 0):
            raise CertificateError("a question's bound must be null or a non-negative integer")
        return cls(game, digest, tuple(sorted(position)), first, bound, None if bias is None else tuple(bias))

    def describe(self) -> str:
        """One line for people: game, board digest (shortened), position, first player, bound."""
        stones = "; ".join(f"{role} {{{','.join(map(str, v))}}}" for role, v in self.position if v)
        parts = [f"{self.game} on board {self.instance[:19]}…",
                 f"from {stones}" if stones else "from the start"]
        if self.first is not None:
            parts.append(f"{self.first} first")
        if self.bound is not None:
            parts.append(f"within {self.bound} rounds")
        if self.bias is not None:
            parts.append(f"bias {self.bias[0]}:{self.bias[1]}")
        return ", ".join(parts)


def position_of(**roles) -> tuple:
    """The ``position`` field of a Question from role=values keywords (values sorted; pile
    vectors, whose order is meaningful, are passed as tuples and kept in order)."""
    return tuple(sorted((role, v if isinstance(v, tuple) else tuple(sorted(v))) for role, v in roles.items()))


def verdict_text(verdict: dict) -> str:
    """A verdict in one line: ``winner=maker, first=maker``, ``nim=2`` (unset fields left out)."""
    return ", ".join(f"{k}={v}" for k, v in verdict.items() if v is not None)


def claim(question: Question, verdict: dict) -> dict:
    """A certificate's claim: the serialized question and the verdict it proves."""
    return {"question": question.to_json(), "verdict": dict(verdict)}
