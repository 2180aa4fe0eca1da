"""Conjectures: named predicates over an instance and the solvers' answers.

Every catalogue claim is one (:mod:`verify.claims.registry`); the open questions of the papers are
in :mod:`.open_questions`; users add their own in a Python file with the catalogue's decorator::

    from verify.hunting import HuntSpec, Hypergraphs, Violation, conjecture

    @conjecture("my-graphs", "user", "every graph with 3 edges has a vertex of degree 2",
                hunt=HuntSpec(Hypergraphs(sizes=(2,))))
    def check(h):
        ...  # None when it holds on h, else Violation(instance, expected, actual)

``agree:GAME:A:B`` names the differential conjecture "methods A and B give the same verdict on GAME"
(:mod:`.differential`; ``verify hunt GAME --methods A B`` is another spelling of it).
"""
from __future__ import annotations

import hashlib
import sys
import types
from dataclasses import dataclass
from typing import Any, Callable

from ..claims import registry
from ..claims.registry import Claim, Violation
from ..errors import InputError
from .spaces import Family, Hypergraphs, PointSets, Space, Trees


@dataclass(frozen=True)
class HuntSpec:
    """How a hunt draws instances for a conjecture: its ``space``; ``hypothesis(instance)``, when
    given, says whether the statement applies (instances outside are counted apart, never as
    "holds"); ``constraint`` (a :class:`~.generate.Constraint`) states the hypothesis in the
    generator's vocabulary, so that the exhaustive and random sources generate instances inside it
    instead of filtering (without ``hypothesis``, the constraint is the hypothesis; with it, the
    constraint must follow from it, and the hypothesis still decides on each instance);
    ``sat(model)`` adds the hypotheses as clauses to the SAT-guided source's model."""
    space: Space
    hypothesis: Callable[[Any], bool] | None = None
    sat: Callable[[Any], None] | None = None
    constraint: Any = None

    def applies(self, space: Space, payload, inst) -> bool:
        """Whether the statement's hypotheses hold on the instance (``payload`` decoded: ``inst``)."""
        if self.hypothesis is not None:
            return bool(self.hypothesis(inst))
        if self.constraint is not None:
            return space.constraint_holds(payload, self.constraint)
        return True

    def family(self, n: int):
        """Instances of size ≤ n (the catalogue's view of the exhaustive source; generated inside
        the constraint where the space can)."""
        space = self.space
        gen = self.constraint is not None and space.cannot_generate(self.constraint) is None
        for p in (space.generate(1, n, self.constraint) if gen else space.exhaustive(1, n)):
            inst = space.decode(p)
            if self.applies(space, p, inst):
                yield inst


@dataclass(frozen=True)
class Conjecture:
    claim: Claim
    spec: HuntSpec
    user_file: str | None = None

    @property
    def name(self) -> str:
        return self.claim.name

    def sources(self) -> tuple[str, ...]:
        out = tuple(self.spec.space.sources)
        if "sat" in out and not isinstance(self.spec.space, Hypergraphs):
            out = tuple(s for s in out if s != "sat")
        return out

    def to_json(self) -> dict:
        c = self.claim
        out = {"name": c.name, "source": c.source, "statement": c.statement,
               "instances": self.spec.space.kind, "sources": list(self.sources()),
               "default_n_max": c.default_size, "tags": list(c.tags)}
        c = self.spec.constraint
        if c is not None:
            out["constraint"] = c.describe() if hasattr(c, "describe") else repr(c)
        if self.user_file:
            out["file"] = self.user_file
        return out


def spec_of(claim: Claim) -> HuntSpec:
    """The claim's own hunt spec, or one read from its tags: hypergraph claims take every
    hypergraph, convex ones every point set of the grid, the others their family only."""
    if claim.hunt is not None:
        return claim.hunt
    if "instance:hypergraph" in claim.tags:
        return HuntSpec(Hypergraphs())
    if "instance:convex" in claim.tags:   # tree claims say so in their names (001 §6, 002 §5)
        if "tree-edge" in claim.name:
            return HuntSpec(Trees("tree-edge"))
        return HuntSpec(Trees() if "tree" in claim.name else PointSets())
    return HuntSpec(Family(claim.name))


# -- users' files -------------------------------------------------------------------------------

_LOADED: dict[str, tuple[str, list[str]]] = {}   # digest of the source -> (file name, claim names)


def load_file(path: str | None = None, text: str | None = None) -> list[str]:
    """Run a conjecture file (by path, or its text as shipped to workers); return the names it
    registered. A file is run once per process; one that fails registers nothing."""
    if text is None:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as exc:
            raise InputError(f"{path}: cannot read conjecture file ({exc.strerror})") from None
        except UnicodeDecodeError:
            raise InputError(f"{path}: cannot read conjecture file (not UTF-8 text)") from None
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    if digest in _LOADED:
        return _LOADED[digest][1]
    registry.all_claims()
    before = set(registry._CLAIMS)
    mod = types.ModuleType(f"verify_user_conjectures_{digest}")
    mod.__file__ = path or "<conjectures>"
    sys.modules[mod.__name__] = mod
    try:
        exec(compile(text, path or "<conjectures>", "exec"), mod.__dict__)
    except Exception as exc:  # the user's code: one line, never a traceback; nothing half-registered
        for name in set(registry._CLAIMS) - before:
            del registry._CLAIMS[name]
        sys.modules.pop(mod.__name__, None)
        if isinstance(exc, InputError):
            raise
        raise InputError(f"{path}: conjecture file failed: {type(exc).__name__}: {exc}") from None
    names = sorted(set(registry._CLAIMS) - before)
    if not names:
        raise InputError(f"{path}: defines no conjecture (use the @conjecture decorator)")
    _LOADED[digest] = (path or "<conjectures>", names)
    return names


def unload_file(names) -> None:
    """Forget the conjectures a file registered (tests)."""
    for n in names:
        registry._CLAIMS.pop(n, None)
    for k, (_f, ns) in list(_LOADED.items()):
        if set(ns) & set(names):
            del _LOADED[k]


# -- lookup -------------------------------------------------------------------------------------

_AGREE: dict[str, Conjecture] = {}


def get(name: str) -> Conjecture:
    """The conjecture called ``name`` (a claim, an open question, a loaded user conjecture, or
    ``agree:GAME:A:B``)."""
    if name.startswith("agree:"):
        return _agree(name)
    registry.all_claims()
    claim = registry._CLAIMS.get(name)
    if claim is None:
        raise InputError(f"unknown conjecture {name!r} (see 'verify hunt --list'; your own need "
                         "--conjectures FILE)")
    user = next((f for f, ns in _LOADED.values() if name in ns), None)
    return Conjecture(claim, spec_of(claim), user)


def all_conjectures() -> list[Conjecture]:
    return [get(c.name) for c in registry.all_claims()]


def _agree(name: str) -> Conjecture:
    """``agree:GAME:A:B``, the differential conjecture of :mod:`.differential`."""
    if name in _AGREE:
        return _AGREE[name]
    parts = name.split(":")
    if len(parts) != 4 or not all(parts[1:]):
        raise InputError(f"a differential conjecture is named agree:GAME:A:B, got {name!r}")
    _, game, a, b = parts
    from .differential import agreement_check, check_methods
    check_methods(game, a, b)
    claim = Claim(name, f"differential {game}", f"methods {a} and {b} agree on {game}",
                  lambda n: (), agreement_check(game, a, b), default_size=5, tags=("differential",))
    from ..games.conventions import CONVENTIONS
    if game in CONVENTIONS:   # a positional game, asked at the hunt's --bias
        from .spaces import PositionalGames
        claim.hunt = HuntSpec(PositionalGames(game=game, convention=game, conventions=(game,)))
    else:
        claim.hunt = HuntSpec(Hypergraphs(game=game))
    conj = _AGREE[name] = Conjecture(claim, claim.hunt)
    return conj
