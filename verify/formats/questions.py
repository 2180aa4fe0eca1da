"""The :class:`~verify.question.Question` an instance poses, per game: its board's canonical form
(whose digest names the board), its starting position and its first player.

A *board* is the instance without its starting position: a hypergraph without Maker's marks, a
``.pg`` game without initial stones, a hypergraph-NIM hypergraph without pile sizes. Its canonical
JSON form lists names sorted (vertex order and edge order in a file do not change the digest; the
``.pg`` schedule keeps its order). The same functions serve the solvers (the question they answer)
and the checker (the question a certificate's instance poses), so both sides compute one digest.
"""
from __future__ import annotations

from ..errors import InputError
from ..question import Player, Question, board_digest, position_of, verdict_text

#: the games and the first player's role: "maker-breaker" has one, the others do not (impartial
#: games: the nim-value does not depend on who starts; .pg games: the schedule is on the board)
GAMES = ("maker-breaker", "pg", "acv", "avd", "dst", "prv", "gen", "dng", "hypernim")
IMPARTIAL = ("acv", "avd", "dst", "prv")


def _sets(names_of, masks) -> list[list[str]]:
    return sorted(sorted(names_of(m)) for m in masks)


def hypergraph_board(h) -> dict:
    """Canonical board of a hypergraph: sorted vertex names and sorted edges (marks left out)."""
    return {"vertices": sorted(h.vertices), "edges": _sets(h.names, h.edge_masks)}


def board_json(h) -> dict:
    """A hypergraph as a certificate's board: its JSON form without Maker's marks (the marks are
    the question's position)."""
    return {"vertices": list(h.vertices), "edges": [h.names(e) for e in h.edge_masks]}


def pg_board(game) -> dict:
    """Canonical board of a ``.pg`` game: everything but the initial stones."""
    return {"positions": sorted(game.positions), "times": list(game.times),
            "black_turns": [t for t in game.times if t in game.black_turns],
            "black_sets": _sets(game.names, game.black_sets),
            "white_sets": _sets(game.names, game.white_sets), "maker_maker": game.maker_maker,
            "first_moves": None if game.first_moves is None else sorted(game.names(game.first_moves))}


def hypernim_board(inst) -> dict:
    """Canonical board of a hypergraph-NIM instance: the (compound) hypergraph, piles left out."""
    def simple(g):
        return {"vertices": list(g.vertices), "edges": _sets(g.hypergraph.names, g.edges)}
    if inst.compound:
        return {"compound": inst.compound, "components": [simple(g) for g, _ in inst.components]}
    return simple(inst.game)


def convex_board(game) -> dict:
    from .convex import game_to_json
    return game_to_json(game)


def question_of(game: str, instance, bound: int | None = None) -> Question:
    """The question ``instance`` poses as an instance of ``game`` (the object :func:`load_instance`
    returns, or a solver takes)."""
    if game == "maker-breaker":
        board = instance.board
        return Question(game, board_digest(hypergraph_board(board)),
                        position_of(maker=board.names(instance.maker_mask),
                                    breaker=board.names(instance.breaker_mask)),
                        Player(instance.first), bound)
    if bound is not None:
        raise InputError(f"a bound applies to maker-breaker questions only, not {game}")
    if game == "pg":
        return Question(game, board_digest(pg_board(instance)),
                        position_of(black=instance.names(instance.black_initials),
                                    white=instance.names(instance.white_initials)))
    if game in IMPARTIAL:
        return Question(game, board_digest(hypergraph_board(instance)))
    if game in ("gen", "dng"):
        return Question(game, board_digest(convex_board(instance)))
    if game == "hypernim":
        return Question(game, board_digest(hypernim_board(instance)),
                        position_of(piles=tuple(int(p) for p in instance.piles)))
    raise InputError(f"unknown game {game!r} (known: {', '.join(GAMES)})")


#: the winners ``expected_verdict`` reads as ``{"winner": NAME}``
WINNERS = ("maker", "breaker", "black", "white", "draw")


def expected_verdict(text: str) -> dict:
    """A verdict written as text (``verify check --expect``): a winner's name, or ``KEY=VALUE``
    (integers as integers): ``"maker"`` is ``{"winner": "maker"}``, ``"nim=3"`` is ``{"nim": 3}``."""
    if text in WINNERS:
        return {"winner": text}
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise InputError(f"--expect {text!r}: give a winner ({', '.join(WINNERS)}) or KEY=VALUE")
    return {key: int(value) if value.isdigit() and len(value) < 100 else value}


def asked_question(claimed: Question, read, first: str | None) -> Question:
    """The question an instance poses, to compare with a certificate's ``claimed`` question.

    ``read(first)`` returns the instance read as an instance of ``claimed.game`` (``first`` is the
    Maker-Breaker starter); the starter is ``first`` if given, else the certificate's own. Games
    without a first player keep the claimed one (None), so only the board, position and bound count."""
    who = first or (claimed.first.value if claimed.first is not None and claimed.game == "maker-breaker"
                    else "maker")
    asked = question_of(claimed.game, read(who), claimed.bound if claimed.game == "maker-breaker" else None)
    if claimed.game == "maker-breaker" and claimed.first is not None:
        return asked
    return Question(asked.game, asked.instance, asked.position, claimed.first, asked.bound)


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
