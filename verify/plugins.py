"""Plugin loading: registries (methods, loaders, certificate kinds, claims, CLI commands) fill
themselves by importing the modules that define entries. Every listed module must exist: a missing
one is an error, so a typo in a module name cannot silently hide part of a registry."""
from __future__ import annotations

import importlib
from functools import partial
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


def definition(fn) -> tuple:
    """Where a function is defined (module, qualified name, first line; a partial adds its bound
    arguments): the same definition registered again is a module imported anew, not a replacement."""
    if isinstance(fn, partial):
        return definition(fn.func) + (fn.args, tuple(sorted(fn.keywords.items())))
    code = getattr(fn, "__code__", None)
    return (getattr(fn, "__module__", None), getattr(fn, "__qualname__", repr(fn)),
            code.co_firstlineno if code is not None else None)


def add_entry(registry: dict, key, value, what: str, replace: bool = False, fn_of=lambda v: v) -> None:
    """``registry[key] = value``, refusing (ValueError naming ``what`` and the first definition) to
    replace an entry whose function (``fn_of(entry)``) is another definition, unless ``replace``."""
    old = registry.get(key)
    if old is not None and not replace and definition(fn_of(old)) != definition(fn_of(value)):
        where = ".".join(str(x) for x in definition(fn_of(old))[:2])
        raise ValueError(f"{what} is already registered (by {where}); pass replace=True to replace it")
    registry[key] = value
