"""Plugin loading: registries (methods, loaders, certificate kinds, claims, CLI commands) fill
themselves by importing the modules that define entries. Every listed module must exist: a missing
one is an error, so a typo in a module name cannot silently hide part of a registry."""
from __future__ import annotations

import importlib
from types import ModuleType


def import_all(modules) -> list[ModuleType]:
    """Import each named module; return the imported modules."""
    return [importlib.import_module(name) for name in modules]


_DONE: set[tuple[str, ...]] = set()
_IN_PROGRESS: set[tuple[str, ...]] = set()


def import_once(modules: tuple[str, ...]) -> None:
    """Fill a registry the first time it is asked for; the list counts as loaded only once every
    module imported. A failed import raises and leaves the list to be imported again by the next
    call (never a silently partial registry). Re-entrant: a plugin that consults its own registry
    while being imported does not import the list again (it sees the registry as filled so far)."""
    if modules in _DONE or modules in _IN_PROGRESS:
        return
    _IN_PROGRESS.add(modules)
    try:
        import_all(modules)
    finally:
        _IN_PROGRESS.discard(modules)
    _DONE.add(modules)
