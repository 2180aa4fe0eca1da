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
from ..question import Player, Question, board_digest, position_of

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
