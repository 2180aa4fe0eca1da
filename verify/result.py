"""Result types: one per question the tool answers, all sharing the question, method, stats and
certificate.

Every result carries the :class:`~verify.question.Question` it answers (set by
:func:`verify.solvers.solve`) and its verdict; players and outcomes are enums
(:class:`~verify.question.Player`, :class:`Winner`). A result is *certified* only when its
certificate was verified by :mod:`verify.certificates.checker` (no solver called) and proves exactly
the question and verdict printed (``check`` holds the checker's report). A result resting on a
statement that is checked but not proved names it in ``conditional_on``. A method that does not apply
or does not decide raises (:class:`~verify.errors.MethodError`, :class:`~verify.errors.Undecided`);
the hunts record those outcomes as data (:class:`verify.hunting.differential.MethodOutcome`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .plugins import html_table
from .question import SCHEMA_VERSION, Player, Question, claim, verdict_text


class Winner(str, Enum):
    """Who wins a two-player game: a player (Maker/Breaker, black/white of ``.pg`` games,
    Avoider/Enforcer, or the first/second player of a strong positional game), or a draw."""
    MAKER = "maker"
    BREAKER = "breaker"
    BLACK = "black"
    WHITE = "white"
    AVOIDER = "avoider"
    ENFORCER = "enforcer"
    FIRST = "first"
    SECOND = "second"
    DRAW = "draw"

    def __str__(self) -> str:
        return self.value


class Answer(str, Enum):
    """The answer to a yes/no question (a bounded question: "does Maker win within d rounds?")."""
    YES = "yes"
    NO = "no"
    UNKNOWN = "unknown"

    def __str__(self) -> str:
        return self.value


@dataclass
class Result:
    """The answer of one :func:`verify.solve` call.

    Attributes
    ----------
    game : str
        The game asked about (``"maker-breaker"``, ``"acv"``, ``"pg"``, ...).
    method : str
        The method that answered (``"auto"`` is resolved to the method it chose).
    stats : dict
        The method's measurements (``"seconds"`` always; nodes, states, ... per method).
    certificate : dict or None
        The certificate (a JSON object), when one was asked for with ``certificate=True``.
    question : Question or None
        The question answered: game, board digest, position, first player, bound.
    choice : dict or None
        Why ``auto`` chose ``method`` (``{"by": "auto", "reason": ...}``, with ``"short"``: the
        words the one-line text output adds, when it adds any); None when the method was named.
    conditional_on : str or None
        The checked-but-unproved statement the answer rests on, if any (lifted by a certificate).
    check : CheckReport or None
        The independent checker's report on ``certificate``: set exactly when the result is
        certified.
    """
    game: str
    method: str
    stats: dict[str, Any] = field(default_factory=dict)
    certificate: dict | None = None
    question: Question | None = None
    conditional_on: str | None = None
    check: Any = None  # the checker's CheckReport of ``certificate``, set by solve()
    choice: dict | None = None  # auto's choice and its reason, set by solve()

    def verdict(self) -> dict[str, Any]:
        """The verdict as printed (may hold extra facts, e.g. Maker's number of rounds)."""
        raise NotImplementedError

    def claim_verdict(self) -> dict[str, Any]:
        """The part of the verdict a certificate proves (its claim's ``verdict``)."""
        return {k: str(v) if isinstance(v, Enum) else v for k, v in self.verdict().items()}

    def claim(self) -> dict:
        """The claim a certificate of this result must make: its question and verdict."""
        return claim(self.question, self.claim_verdict())

    @property
    def certified(self) -> bool:
        return self.check is not None

    def verdict_text(self) -> str:
        """The verdict in one line, e.g. ``winner=maker, first=maker`` or ``nim=2``."""
        return verdict_text(self.verdict())

    def __init_subclass__(cls, **kwargs):
        # a dataclass decorator keeps a __repr__ already in the class's own namespace: so every
        # subclass (Outcome, NimValue, ..., and those of other modules) keeps the one-line repr
        # below instead of a generated one dumping the certificate; a subclass defining its own
        # __repr__ keeps it
        super().__init_subclass__(**kwargs)
        if "__repr__" not in cls.__dict__:
            cls.__repr__ = Result.__repr__

    def summary(self) -> str:
        """The verdict in words, e.g. ``maker wins, maker first`` or ``nim = 2``."""
        text = self.verdict_text()
        return text if len(text) <= 100 else text[:99] + "…"

    def __repr__(self) -> str:
        """One line: the game, the verdict, the method and whether it is certified, e.g.
        ``Outcome(maker-breaker: maker wins, maker first; method explicit; certified)``.
        ``print(result)`` prints the same line; the certificate is ``result.certificate``."""
        parts = [f"{self.game}: {self.summary()}", f"method {self.method}",
                 "certified" if self.certified else "not certified"]
        if self.conditional_on:
            parts.append("conditional on an unproved statement")
        return f"{type(self).__name__}({'; '.join(parts)})"

    def _repr_html_(self) -> str:
        """The result as a small table in Jupyter: question, verdict, method, certified."""
        certified = f"yes ({self.check.detail})" if self.certified else "no"
        rows = [("question", self.question.describe() if self.question else self.game),
                ("verdict", self.verdict_text()), ("method", self.method), ("certified", certified)]
        if self.choice:
            rows.append(("chosen by auto", self.choice["reason"]))
        if self.conditional_on:
            rows.append(("conditional on", self.conditional_on))
        if "seconds" in self.stats:
            rows.append(("seconds", self.stats["seconds"]))
        return html_table(rows)

    def to_json(self) -> dict[str, Any]:
        out = {"schema_version": SCHEMA_VERSION, "game": self.game,
               **{k: str(v) if isinstance(v, Enum) else v for k, v in self.verdict().items()},
               "method": self.method, "stats": self.stats}
        if self.choice is not None:
            out["choice"] = self.choice
        if self.question is not None:
            out["question"] = self.question.to_json()
        if self.conditional_on is not None:
            out["conditional_on"] = self.conditional_on
        out["certified"] = self.certified
        return out


def _enum(cls, value):
    return None if value in (None, "") else cls(value)


@dataclass
class Outcome(Result):
    """Who wins a two-player game with a winner: maker/breaker or, for .pg games, black/white/draw."""
    winner: Winner | None = None
    first: Player | None = None
    rounds: int | None = None  # the winner's number of rounds where the method knows it
    strategy: dict | None = None  # a witness of the winner's play, method-specific

    def __post_init__(self):
        self.winner = _enum(Winner, self.winner)
        self.first = _enum(Player, self.first)

    def verdict(self):
        out = {"winner": self.winner, "first": self.first}
        if self.rounds is not None:
            out["rounds"] = self.rounds
        return out

    def claim_verdict(self):
        return {"winner": str(self.winner)}

    def summary(self):
        first = f", {self.first} first" if self.first is not None else ""
        rounds = f", within {self.rounds} rounds" if self.rounds is not None else ""
        if self.winner is None:
            return f"undecided{first}"
        said = "draw" if self.winner is Winner.DRAW else f"{self.winner} wins"
        return f"{said}{first}{rounds}"


@dataclass
class BoundedOutcome(Outcome):
    """The answer to "does Maker win within ``bound`` rounds?" (Maker's moves): ``answer`` is
    yes / no / unknown.

    ``winner`` is set only when the answer decides the whole game (yes: Maker wins; no with a
    bound covering the whole game: Breaker wins); otherwise it is None and printed as null. A
    certificate of a bounded question proves the bounded verdict: Maker wins within ``bound``
    rounds (yes) or Breaker keeps her from it (no)."""
    bound: int = 0
    answer: Answer = Answer.UNKNOWN

    def __post_init__(self):
        super().__post_init__()
        self.answer = Answer(self.answer)

    def verdict(self):
        out = {"question": f"maker wins within {self.bound} rounds", "answer": self.answer,
               "bound": self.bound, "winner": self.winner, "first": self.first}
        if self.rounds is not None:
            out["rounds"] = self.rounds
        return out

    def summary(self):
        said = {Answer.YES: "maker wins", Answer.NO: "maker cannot win",
                Answer.UNKNOWN: "unknown whether maker wins"}[self.answer]
        first = f", {self.first} first" if self.first is not None else ""
        whole = f"; {self.winner} wins the game" if self.winner is not None else ""
        return f"{said} within {self.bound} rounds{first}{whole}"

    def claim_verdict(self):
        if self.answer is Answer.UNKNOWN:
            return {"answer": "unknown"}
        return {"winner": "maker" if self.answer is Answer.YES else "breaker"}


@dataclass
class NimValue(Result):
    """The nim-value (Sprague-Grundy value) of an impartial game's starting position."""
    nim: int = 0

    def verdict(self):
        return {"nim": self.nim}

    def summary(self):
        return f"nim = {self.nim}"


@dataclass
class SGValue(Result):
    """The Sprague-Grundy value of a hypergraph-NIM position (paper 003)."""
    sg: int = 0

    def verdict(self):
        return {"sg": self.sg}

    def summary(self):
        return f"SG = {self.sg}"
