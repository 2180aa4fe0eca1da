"""Differential hunts: do two methods of a game give the same answer on every instance?

The conjecture ``agree:GAME:A:B`` (and its CLI spelling ``verify hunt GAME --methods A B``) runs both
methods on each hypergraph, once per starting player where the game has one (Maker-Breaker: Maker
first and Breaker first). A method's answer is typed (:class:`MethodOutcome`), classified by the
exception it raised, never by the text of a message:

- ``answered``: a verdict; ``UndefinedGame`` is the verdict "the game is not defined here";
- ``not applicable``: ``MethodError`` or ``NotApplicable`` (e.g. no pairing strategy exists);
- ``too large``: ``TooLarge`` (beyond what the method handles);
- ``undecided``: ``Undecided`` or another ``BackendError`` (an engine failed or ran out of time);
- ``crashed``: any other ``VerifyError``.

Two answers that differ are a disagreement (a counterexample). A method that does not apply or is
out of reach says nothing, so it never disagrees: an instance where no starter has two answers lies
outside the statement. An undecided or crashed method makes the instance an error, never agreement.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..errors import (BackendError, InputError, MethodError, NotApplicable, TooLarge, UndefinedGame,
                      VerifyError)
from ..hypergraph import Hypergraph


class Kind(Enum):
    ANSWERED = "answered"
    NOT_APPLICABLE = "not applicable"
    TOO_LARGE = "too large"
    UNDECIDED = "undecided"
    CRASHED = "crashed"


@dataclass(frozen=True)
class MethodOutcome:
    """What one method said on one instance: a verdict (``answered`` only) or why it has none."""
    kind: Kind
    verdict: dict | None = None
    reason: str = ""

    def to_json(self) -> dict:
        return dict(self.verdict) if self.kind is Kind.ANSWERED else {self.kind.value: self.reason}


@dataclass(frozen=True)
class Comparison:
    """Both methods on one instance with one starting player (``first`` is None where the game has
    no starting player)."""
    first: str | None
    a: MethodOutcome
    b: MethodOutcome

    @property
    def status(self) -> str:
        """"agree", "disagree", "error" (a side undecided or crashed) or "not applicable"."""
        kinds = (self.a.kind, self.b.kind)
        if kinds == (Kind.ANSWERED, Kind.ANSWERED):
            return "agree" if self.a.verdict == self.b.verdict else "disagree"
        if Kind.UNDECIDED in kinds or Kind.CRASHED in kinds:
            return "error"
        return "not applicable"


STARTERS = {"maker-breaker": ("maker", "breaker"), "avoider-enforcer": ("avoider", "enforcer")}


def hypergraph_games() -> tuple[str, ...]:
    """The games whose instance is a hypergraph (what a differential hunt draws): the positional
    games of every convention (paper 004 Def I.1.8) and the impartial games."""
    from ..games.conventions import CONVENTIONS
    from ..games.impartial import GAMES
    return tuple(CONVENTIONS) + tuple(GAMES)


def instance_of(game: str, h: Hypergraph, first: str | None, bias=(1, 1)):
    """What ``solve(game, ...)`` takes for ``h``: the unbiased Maker-Breaker game as a
    MakerBreakerGame (every Maker-Breaker route), another convention or a bias as a ConventionGame,
    an impartial game's hypergraph as it is."""
    from ..games.conventions import CONVENTIONS, ConventionGame
    from ..games.maker_breaker import MakerBreakerGame
    if game == "maker-breaker" and tuple(bias) == (1, 1):
        return MakerBreakerGame(h, first)
    if game in CONVENTIONS:
        return ConventionGame(h, game, bias, first)
    return h


def check_methods(game: str, a: str, b: str) -> None:
    """Refuse (InputError) a differential hunt the engine cannot run: an unknown game or method,
    the same method twice, a game whose instances are not hypergraphs."""
    from ..solvers import methods
    available = {m for _, m in methods(game)}
    if not available:
        raise InputError(f"unknown game {game!r}")
    for m in (a, b):
        if m not in available:
            raise InputError(f"no method {m!r} for {game} (available: {', '.join(sorted(available))})")
    if a == b:
        raise InputError("a differential hunt needs two different methods")
    if game not in hypergraph_games():
        raise InputError(f"the differential hunt draws hypergraphs: games {', '.join(hypergraph_games())}, "
                         f"not {game}")


def run_method(game: str, method: str, h: Hypergraph, first: str | None = None, bias=(1, 1)) -> MethodOutcome:
    """The method's answer on ``h`` (with ``first`` to move in the weak positional games, at
    ``bias``), typed by the exception it raised when it has no verdict."""
    from ..solvers import solve
    inst = instance_of(game, h, first, bias)
    try:
        verdict = solve(game, inst, method=method).verdict()
    except (MethodError, NotApplicable) as exc:
        return MethodOutcome(Kind.NOT_APPLICABLE, reason=str(exc))
    except TooLarge as exc:
        return MethodOutcome(Kind.TOO_LARGE, reason=str(exc))
    except UndefinedGame:
        return MethodOutcome(Kind.ANSWERED, {"defined": False})
    except BackendError as exc:
        return MethodOutcome(Kind.UNDECIDED, reason=f"{type(exc).__name__}: {exc}")
    except VerifyError as exc:
        return MethodOutcome(Kind.CRASHED, reason=f"{type(exc).__name__}: {exc}")
    verdict.pop("rounds", None)    # how fast is not what the methods are compared on
    return MethodOutcome(Kind.ANSWERED, verdict)


def compare(game: str, a: str, b: str, h: Hypergraph, bias=(1, 1)) -> list[Comparison]:
    """Both methods on ``h`` (at ``bias``), once per starting player of the game."""
    return [Comparison(first, run_method(game, a, h, first, bias), run_method(game, b, h, first, bias))
            for first in STARTERS.get(game, (None,))]


def reference_certificate(game: str, h: Hypergraph, first: str | None, bias=(1, 1)) -> dict | None:
    """A checked certificate of the explicit reference's answer, or None where it gives none."""
    from ..certificates.checker import check_certificate
    from ..solvers import solve
    inst = instance_of(game, h, first, bias)
    try:
        cert = solve(game, inst, method="explicit", certificate=True).certificate
        if cert is not None:
            check_certificate(cert)
    except VerifyError:
        return None
    return cert


def agreement_check(game: str, a: str, b: str):
    """The check of ``agree:GAME:A:B``: None when the methods agree wherever both answer; a
    Violation at the first disagreeing starter; NotApplicable (outside the statement) when no
    starter has two answers; a VerifyError naming the method when one is undecided or crashed."""
    from ..claims.registry import Violation
    from ..formats.jsonfmt import hypergraph_to_json

    def check(inst):
        h, bias = (inst.board, inst.bias) if hasattr(inst, "convention") else (inst, (1, 1))
        comps = compare(game, a, b, h, bias)
        for c in comps:
            if c.status == "disagree":
                where = hypergraph_to_json(h)
                if bias != (1, 1):
                    where = dict(where, bias=f"{bias[0]}:{bias[1]}")
                return Violation(where, {a: c.a.to_json()}, {b: c.b.to_json()},
                                 reference_certificate(game, h, c.first, bias))
        for c in comps:
            if c.status == "error":
                side, out = (a, c.a) if c.a.kind in (Kind.UNDECIDED, Kind.CRASHED) else (b, c.b)
                starter = f" ({c.first} first)" if c.first else ""
                raise VerifyError(f"{side}{starter} {out.kind.value}: {out.reason}")
        if all(c.status == "not applicable" for c in comps):
            why = "; ".join(f"{m}: {o.kind.value}" for c in comps for m, o in ((a, c.a), (b, c.b))
                            if o.kind is not Kind.ANSWERED)
            raise NotApplicable(f"no two answers to compare ({why})")
        return None

    check.__doc__ = f"methods {a} and {b} give the same verdict on {game}"
    return check
