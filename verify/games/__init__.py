"""Game rules: what a position is, what a move is, when play ends. Solvers and the checker share these.

``load_instance(game, path)`` turns an instance file into the object the game's solvers take; games
defined in other modules register their loader with :func:`register_loader`.
"""
from __future__ import annotations

from typing import Callable

from ..errors import InputError
from ..plugins import import_present

_LOADERS: dict[str, Callable] = {}
_PLUGINS = ("verify.games.positional", "verify.games.convex", "verify.games.hypernim")


def register_loader(game: str):
    def deco(fn):
        _LOADERS[game] = fn
        return fn
    return deco


def _builtin():
    from ..formats import read_hypergraph
    from . import impartial, maker_breaker

    @register_loader("maker-breaker")
    def _mb(path, first="maker", **_):
        return maker_breaker.MakerBreakerGame(read_hypergraph(path), first)

    for kind in impartial.GAMES:
        register_loader(kind)(lambda path, **_: read_hypergraph(path))

    import_present(_PLUGINS)


def load_instance(game: str, path, **options):
    if "maker-breaker" not in _LOADERS:  # plugins may have registered loaders before the builtins
        _builtin()
    fn = _LOADERS.get(game)
    if fn is None:
        raise InputError(f"unknown game {game!r} (known: {', '.join(sorted(_LOADERS))})")
    return fn(path, **options)
