"""``load_instance(game, path)``: the instance file of a game, read into the object its solvers take.

One reader per game: a hypergraph (text or JSON) for Maker-Breaker and the impartial games ACV, AVD,
DST and PRV; a ``.pg`` description; a convex-geometry JSON object for GEN and DNG; a hypergraph-NIM
JSON object. Every failure is an :class:`~verify.errors.InputError` naming the file.
"""
from __future__ import annotations

from ..errors import InputError

GAMES = ("maker-breaker", "acv", "avd", "dst", "prv", "pg", "gen", "dng", "hypernim")


def load_instance(game: str, path, first: str = "maker"):
    """The instance of ``game`` in the file ``path`` (``first`` is the Maker-Breaker starter)."""
    if game == "maker-breaker":
        from ..games.maker_breaker import MakerBreakerGame
        from . import read_hypergraph
        return MakerBreakerGame(read_hypergraph(path), first)
    if game in ("acv", "avd", "dst", "prv"):
        from . import read_hypergraph
        return read_hypergraph(path)
    if game == "pg":
        from .pg import read_pg
        return read_pg(path)
    if game in ("gen", "dng"):
        from .convex import read_convex
        return read_convex(game, path)
    if game == "hypernim":
        from .hypernim import read_hypernim
        return read_hypernim(path)
    raise InputError(f"unknown game {game!r} (known: {', '.join(sorted(GAMES))})")
