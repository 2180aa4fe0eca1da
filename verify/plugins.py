"""Plugin loading: registries (methods, loaders, certificate kinds, claims, CLI commands) fill
themselves by importing the modules that define entries. Every listed module must exist: a missing
one is an error, so a typo in a module name cannot silently hide part of a registry."""
from __future__ import annotations

import html
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


#: pictures for notebooks (Jupyter's ``_repr_svg_``): class -> ``fn(obj) -> SVG text``. The drawing
#: code lives outside the trusted kernel, which never imports it: :mod:`verify.draw` registers its
#: renderers here when it is loaded, and until then the kernel's objects display as text.
_SVG: dict[type, object] = {}


def register_svg(cls: type, fn) -> None:
    """Draw instances of ``cls`` with ``fn(obj) -> str`` in notebooks (one renderer per class)."""
    add_entry(_SVG, cls, fn, f"the SVG renderer of {cls.__name__}")


def svg_of(obj) -> str | None:
    """The SVG picture of ``obj`` from its class's registered renderer, or None (no renderer:
    Jupyter then shows the text ``repr``)."""
    fn = _SVG.get(type(obj))
    return None if fn is None else fn(obj)


def html_table(rows, picture: str | None = None) -> str:
    """A small HTML table of ``(label, value)`` rows for Jupyter's ``_repr_html_`` (values escaped),
    with an SVG ``picture`` beside it when given."""
    body = "".join(f"<tr><th style='text-align:left'>{html.escape(str(k))}</th>"
                   f"<td style='text-align:left'>{html.escape(str(v))}</td></tr>" for k, v in rows)
    table = f"<table>{body}</table>"
    if picture is None:
        return table
    return f"<div style='display:flex;gap:1em;align-items:flex-start'>{table}<div>{picture}</div></div>"
