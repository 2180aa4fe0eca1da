"""Result types: one per question the tool answers, all sharing method, stats and certificate.

A result is *certified* only when it carries a certificate; the certificate is what
:mod:`verify.certificates.checker` re-verifies without calling any solver.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Result:
    game: str
    method: str
    stats: dict[str, Any] = field(default_factory=dict)
    certificate: dict | None = None

    def verdict(self) -> dict[str, Any]:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        out = {"game": self.game, **self.verdict(), "method": self.method, "stats": self.stats}
        out["certified"] = self.certificate is not None
        return out


@dataclass
class Outcome(Result):
    """Who wins a two-player game with a winner: 'maker'/'breaker' or, for .pg games, 'black'/'white'/'draw'."""
    winner: str = ""
    first: str = ""
    rounds: int | None = None  # the winner's number of rounds where the method knows it
    strategy: dict | None = None  # a witness of the winner's play, method-specific

    def verdict(self):
        out = {"winner": self.winner, "first": self.first}
        if self.rounds is not None:
            out["rounds"] = self.rounds
        return out


@dataclass
class BoundedOutcome(Outcome):
    """The answer to "does Maker win within ``bound`` rounds?": ``answer`` is yes / no / unknown.

    ``winner`` is set only when the answer decides the whole game (yes: Maker wins; no with a
    bound covering the whole game: Breaker wins); otherwise it is None and printed as null."""
    bound: int = 0
    answer: str = "unknown"

    def verdict(self):
        out = {"question": f"maker wins within {self.bound} rounds", "answer": self.answer,
               "bound": self.bound, "winner": self.winner or None, "first": self.first}
        if self.rounds is not None:
            out["rounds"] = self.rounds
        return out


@dataclass
class NimValue(Result):
    """The nim-value (Sprague-Grundy value) of an impartial game's starting position."""
    nim: int = 0

    def verdict(self):
        return {"nim": self.nim}
