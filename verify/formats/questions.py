"""Canonical boards: the part of an instance whose digest names it in a
:class:`~verify.question.Question` (the registry of games, :mod:`verify.formats.instances`, adds the
starting position and the first player).

A *board* is the instance without its starting position: a hypergraph without Maker's marks, a
``.pg`` game without initial stones, a hypergraph-NIM hypergraph without pile sizes. Its canonical
JSON form lists names sorted (vertex order and edge order in a file do not change the digest; the
``.pg`` schedule keeps its order). The same functions serve the solvers (the question they answer)
and the checker (the question a certificate's instance poses), so both sides compute one digest.
"""
from __future__ import annotations

from .jsonfmt import hypergraph_to_json


def _sets(names_of, masks) -> list[list[str]]:
    return sorted(sorted(names_of(m)) for m in masks)


def hypergraph_board(h) -> dict:
    """Canonical board of a hypergraph: sorted vertex names and sorted edges (marks left out)."""
    return {"vertices": sorted(h.vertices), "edges": _sets(h.names, h.edge_masks)}


def board_json(h) -> dict:
    """A hypergraph as a certificate's board: its JSON form without Maker's marks (the marks are
    the question's position)."""
    return {k: v for k, v in hypergraph_to_json(h).items() if k != "marked"}


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
