"""Pictures of instances, positions and strategies (issue 13).

``load`` turns an instance or certificate file into a Play (a game with its rules and optionally a
certificate's strategy) or a static Board; ``board_of`` replays moves; ``save`` draws a Board to
SVG or PNG with matplotlib. :mod:`.geometry` holds the pure geometry (cell coordinates, Hex
adjacency, layouts), :mod:`.diagrams` the structure diagrams and strategy trees.
"""
from .board import Board, Play, parse_moves
from .load import board_of, find_drawable, from_certificate, from_json, load
from .render import figure, render_bytes, save

__all__ = ["Board", "Play", "parse_moves", "load", "from_json", "from_certificate", "find_drawable",
           "board_of", "figure", "save", "render_bytes"]
