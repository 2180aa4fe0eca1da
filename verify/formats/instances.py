"""The games the tool answers questions about: one registry entry per game.

Each :class:`GameSpec` names the instance type its solvers take, the reader of its instance files,
the rules, the result type of its question, the certificate kinds that can prove an answer, the
reference method, and how an instance poses its :class:`~verify.question.Question` (its board's
canonical form, starting position and first player: :mod:`verify.formats.questions`).
``load_instance(game, path)`` reads a file into the instance; :func:`question_of` gives the
question an instance poses. Every failure is an :class:`~verify.errors.InputError` naming the file.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .. import result
from ..errors import InputError
from ..games import conventions, convex, hypernim, impartial, maker_breaker, positional
from ..hypergraph import Hypergraph
from ..question import Player, Question, board_digest, position_of, verdict_text
from . import questions as boards


@dataclass(frozen=True)
class GameSpec:
    """A game: what its instances are, how they are read and what question they pose."""
    name: str
    instance_type: type
    read: Callable  # (path, first) -> instance
    rules: type
    result_type: type
    certificate_kinds: tuple[str, ...]
    board: Callable  # instance -> canonical board (a JSON value; its digest names the board)
    position: Callable = lambda instance: ()  # instance -> the Question's position
    has_first: bool = False  # the first player is part of the question
    bounded: bool = False  # bounded questions ("Maker wins within B moves") exist
    reference: str = "explicit"

    def question(self, instance, bound: int | None = None) -> Question:
        """The question ``instance`` poses (``bound``: a bounded question)."""
        if bound is not None and not self.bounded:
            raise InputError(f"a bound applies to maker-breaker questions only, not {self.name}")
        first = Player(instance.first) if self.has_first else None
        return Question(self.name, board_digest(self.board(instance)), self.position(instance), first, bound,
                        getattr(instance, "bias", None))


def _hypergraph(path, first):
    from . import read_hypergraph
    return read_hypergraph(path)


def _maker_breaker(path, first):
    return maker_breaker.MakerBreakerGame(_hypergraph(path, first), first)


def _convention(name):
    def read(path, first):  # ``first``: a role of the convention; the default "maker" means Alice's
        alice = conventions.ROLES[name][0]
        return conventions.ConventionGame(_hypergraph(path, first), name, conventions.UNBIASED,
                                          alice if first in (None, "maker") else first)
    return read


def _pg(path, first):
    from .pg import read_pg
    return read_pg(path)


def _convex(kind):
    def read(path, first):
        from .convex import read_convex
        return read_convex(kind, path)
    return read


def _hypernim(path, first):
    from .hypernim import read_hypernim
    return read_hypernim(path)


def _mb_position(game):
    return position_of(maker=game.board.names(game.maker_mask), breaker=game.board.names(game.breaker_mask))


def _pg_position(game):
    return position_of(black=game.names(game.black_initials), white=game.names(game.white_initials))


GAMES: dict[str, GameSpec] = {spec.name: spec for spec in [
    GameSpec("maker-breaker", maker_breaker.MakerBreakerGame, _maker_breaker, maker_breaker.MakerBreakerGame,
             result.Outcome, ("maker-breaker-strategy", "maker-breaker-pairing", "pg-proof", "sat-unsat-drat",
              "maker-breaker-parts", "maker-breaker-sub", "maker-breaker-opening", "maker-breaker-rounds",
              "maker-breaker-dangers", "positional-strategy", "positional-pairing"),
             lambda g: boards.hypergraph_board(g.board), _mb_position, has_first=True, bounded=True),
    GameSpec("pg", positional.PositionalGame, _pg, positional.PositionalGame, result.Outcome,
             ("pg-strategy", "pg-proof"), boards.pg_board, _pg_position),
    *(GameSpec(kind, Hypergraph, _hypergraph, impartial.ImpartialGame, result.NimValue, ("nim-labelling",),
               boards.hypergraph_board) for kind in impartial.GAMES),
    *(GameSpec(kind, convex.ConvexGame, _convex(kind), convex.ConvexGame, result.NimValue,
               ("convex-nim-labelling",), boards.convex_board) for kind in convex.GAMES),
    GameSpec("hypernim", hypernim.Instance, _hypernim, hypernim.HyperNim, result.SGValue, ("hypernim-sg-table",),
             boards.hypernim_board, lambda inst: position_of(piles=tuple(int(p) for p in inst.piles))),
    # the general positional game (paper 004 Def I.1.8): any bias
    *(GameSpec(name, conventions.ConventionGame, _convention(name), conventions.ConventionGame,
               conventions.ConventionOutcome, ("positional-strategy", "positional-pairing"), lambda g: boards.hypergraph_board(g.board),
               lambda g: g.position(), has_first=name not in conventions.STRONG)
      for name in conventions.NEW_CONVENTIONS),
]}


def game_spec(game: str) -> GameSpec:
    """The registry entry of ``game``; an unknown game is an InputError listing the known ones."""
    spec = GAMES.get(game) if isinstance(game, str) else None
    if spec is None:
        raise InputError(f"unknown game {game!r} (known: {', '.join(sorted(GAMES))})")
    return spec


def load_instance(game: str, path, first: str | None = "maker"):
    """The instance of ``game`` in the file ``path`` (``first`` is the Maker-Breaker starter; None:
    Maker, as for games without one)."""
    return game_spec(game).read(path, first or "maker")


def question_of(game: str, instance, bound: int | None = None) -> Question:
    """The question ``instance`` poses as an instance of ``game``."""
    return game_spec(game).question(instance, bound)


#: the winners ``expected_verdict`` reads as ``{"winner": NAME}``
WINNERS = ("maker", "breaker", "black", "white", "draw", "avoider", "enforcer", "first", "second")


def expected_verdict(text: str) -> dict:
    """A verdict written as text (``verify check --expect``): a winner's name, or ``KEY=VALUE``
    (integers as integers): ``"maker"`` is ``{"winner": "maker"}``, ``"nim=3"`` is ``{"nim": 3}``."""
    if text in WINNERS:
        return {"winner": text}
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise InputError(f"--expect {text!r}: give a winner ({', '.join(WINNERS)}) or KEY=VALUE")
    return {key: int(value) if value.isdigit() and len(value) < 100 else value}


def asked_question(claimed: Question, read, first: str | None, rounds: int | None = None,
                   bias=None) -> Question:
    """The question an instance poses, to compare with a certificate's ``claimed`` question: the
    whole game, or with ``rounds`` the bounded question "Maker wins within ``rounds`` moves" (the
    bound is the asker's, never taken from the certificate); with ``bias`` (``"P:Q"`` or a pair) the
    positional game of that bias (the asker's too: without it, the unbiased game).

    ``read(first)`` returns the instance read as an instance of ``claimed.game`` (``first`` is the
    starter: a Maker-Breaker or Avoider-Enforcer role, or None: the instance's own); the starter is
    ``first`` if given, else the certificate's own. Games without a first player are read with None
    and keep the claimed one, so only the board, position, bound and bias count."""
    if rounds is not None and claimed.game != "maker-breaker":
        raise InputError(f"--rounds applies to maker-breaker questions, not to {claimed.game}")
    if bias is not None and claimed.game not in conventions.CONVENTIONS:
        raise InputError(f"--bias applies to {', '.join(conventions.CONVENTIONS)} questions, not to {claimed.game}")
    has_first = claimed.first is not None and claimed.game in ("maker-breaker", conventions.AVOIDER_ENFORCER)
    who = first or (claimed.first.value if has_first else None)
    instance = read(who)
    if bias is not None:
        instance = conventions.with_bias(claimed.game, instance, bias)
    asked = question_of(claimed.game, instance, rounds)
    if has_first:
        return asked
    return Question(asked.game, asked.instance, asked.position, claimed.first, asked.bound, asked.bias)


def mismatches(question: Question, verdict: dict, asked: Question | None, expect: dict | None,
               where: str = "the instance") -> list[str]:
    """Why a verified certificate (proving ``verdict`` for ``question``) is not the answer wanted:
    it answers another question than ``asked`` (posed by ``where``), or proves another verdict than
    ``expect``. Empty when it matches (a None argument is not compared)."""
    problems = []
    if asked is not None and asked != question:
        problems.append(f"it answers {question.describe()}, not the question {where} poses ({asked.describe()})")
    if expect is not None and verdict != expect:
        problems.append(f"it proves {verdict_text(verdict)}, not the expected {verdict_text(expect)}")
    return problems
