"""The method registry: every solver is ``fn(instance, **options) -> Result`` registered under
(game, method). The CLI, the tests and the hunts all reach methods through :func:`solve`.

``method="auto"`` asks the game's chooser (registered with :func:`register_auto`) which method fits
the instance; the default chooser is the explicit reference.
"""
from __future__ import annotations

from typing import Callable

from ..errors import InputError
from ..plugins import import_present
from ..result import Result

_METHODS: dict[tuple[str, str], Callable[..., Result]] = {}
_AUTO: dict[str, Callable[[object], str]] = {}

# modules whose import registers further methods (absent ones are skipped)
_PLUGINS = ("verify.solvers.explicit_methods", "verify.solvers.rank3", "verify.solvers.qbf",
            "verify.solvers.sat", "verify.solvers.smt", "verify.solvers.structure",
            "verify.solvers.convex", "verify.solvers.hypernim", "verify.solvers.pg",
            "verify.solvers.search")
_loaded = False


def register(game: str, method: str):
    def deco(fn):
        _METHODS[(game, method)] = fn
        return fn
    return deco


def register_auto(game: str):
    def deco(fn):
        _AUTO[game] = fn
        return fn
    return deco


def _load():
    global _loaded
    if _loaded:
        return
    _loaded = True
    import_present(_PLUGINS)


def methods(game: str | None = None) -> list[tuple[str, str]]:
    _load()
    return sorted(k for k in _METHODS if game is None or k[0] == game)


def solve(game: str, instance, method: str = "auto", **options) -> Result:
    """Answer the game's question on ``instance`` with the named method."""
    _load()
    if method == "auto":
        chooser = _AUTO.get(game)
        method = chooser(instance) if chooser else "explicit"
    fn = _METHODS.get((game, method))
    if fn is None:
        known = [m for g, m in _METHODS if g == game]
        if not known:
            raise InputError(f"unknown game {game!r}")
        raise InputError(f"no method {method!r} for {game} (available: {', '.join(sorted(known))}, auto)")
    return fn(instance, **options)
