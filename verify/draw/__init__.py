"""Pictures of instances, positions and strategies (issue 13).

``load`` turns an instance or certificate file into a Play (a game with its rules and optionally a
certificate's strategy) or a static Board; ``board_of`` replays moves; ``save`` draws a Board to
SVG or PNG with matplotlib. :mod:`.geometry` holds the pure geometry (cell coordinates, Hex
adjacency, layouts), :mod:`.diagrams` the structure diagrams and strategy trees.

Loading this package registers the notebook pictures (``_repr_svg_``) of the kernel's boards: a
hypergraph, a Maker-Breaker position and a ``.pg`` game draw themselves in Jupyter.
"""
from ..games.maker_breaker import MakerBreakerGame
from ..games.positional import PositionalGame
from ..hypergraph import Hypergraph
from ..plugins import register_svg
from .board import Board, MakerBreakerPlay, Play, PositionalPlay, parse_moves
from .load import board_of, find_drawable, from_certificate, from_json, hypergraph_play, load
from .render import figure, render_bytes, save

__all__ = ["Board", "Play", "parse_moves", "load", "from_json", "from_certificate", "find_drawable",
           "board_of", "figure", "save", "render_bytes", "play_of"]


def play_of(instance, game: str | None = None, first: str = "maker", geometry: str = "auto", title: str = ""):
    """A Play of an instance object, or None: a hypergraph (played as ``game``, Maker-Breaker by
    default, ``first`` to move), a Maker-Breaker position or a ``.pg`` game."""
    if isinstance(instance, Hypergraph):
        return hypergraph_play(instance, game, first, geometry, title)
    if isinstance(instance, MakerBreakerGame):
        return MakerBreakerPlay(instance.board, instance.first, instance.breaker_mask, geometry=geometry,
                                title=title)
    if isinstance(instance, PositionalGame):
        return PositionalPlay(instance, geometry=geometry, title=title)
    return None


register_svg(Board, lambda board: render_bytes(board, "svg").decode("utf-8"))
for _cls in (Hypergraph, MakerBreakerGame, PositionalGame):
    register_svg(_cls, lambda obj: board_of(play_of(obj)).svg())
