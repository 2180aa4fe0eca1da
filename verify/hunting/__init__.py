"""Counterexample hunts at scale: conjectures, instance sources, a resumable store, many workers.

A *conjecture* is a named predicate over an instance and the solvers' answers: every catalogue claim
is one, the papers' open questions are in :mod:`.open_questions`, and users write their own with the
catalogue's decorator (:func:`conjecture`, i.e. :func:`verify.claims.registry.claim`). A hunt draws
instances from a source of the conjecture's space (:mod:`.spaces`: exhaustive up to isomorphism,
seeded random, SAT-guided; generated inside a hypothesis declared as a :class:`Constraint`,
:mod:`.generate`), checks them on a local process pool or a Dask cluster and records every
chunk in an SQLite store (:mod:`.store`), so it resumes after any interruption.
"""
from ..claims.registry import Violation
from ..claims.registry import claim as conjecture
from .conjectures import HuntSpec
from .generate import Constraint
from .spaces import Family, Hypergraphs, PileBoxes, PointSets, Trees, covers

__all__ = ["Violation", "conjecture", "HuntSpec", "Constraint", "Family", "Hypergraphs", "PileBoxes", "PointSets",
           "Trees", "covers", "HuntConfig", "run_hunt"]


def __getattr__(name):
    if name in ("HuntConfig", "run_hunt"):
        from . import engine
        return getattr(engine, name)
    raise AttributeError(name)
