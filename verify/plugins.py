"""Plugin loading: registries (methods, loaders, certificate kinds, claims, CLI commands) fill
themselves by importing the modules that define entries. A module that is absent is skipped; an
import error inside a present module is raised (never hidden)."""
from __future__ import annotations

import importlib
from types import ModuleType


def import_present(modules) -> list[ModuleType]:
    """Import each named module that exists; return the imported modules."""
    out = []
    for name in modules:
        try:
            out.append(importlib.import_module(name))
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
    return out
