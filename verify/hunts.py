"""Hunts: search many instances for a disagreement between two methods (or a predicate), then
shrink what is found to a smallest counterexample.

A *differential hunt* runs two registered methods on every instance of a stream (isomorph-free
enumeration or seeded random hypergraphs) and reports each instance where their verdicts differ,
or where one of them fails; :func:`shrink` then deletes edges, vertices and marks one at a time for
as long as the disagreement persists, so the report names a locally minimal instance.
"""
from __future__ import annotations

import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator

from .errors import InputError, VerifyError
from .formats.jsonfmt import hypergraph_to_json
from .hypergraph import Hypergraph, bits


def shrink(h: Hypergraph, fails: Callable[[Hypergraph], bool]) -> Hypergraph:
    """A locally minimal sub-instance on which ``fails`` still holds: no single edge deletion,
    vertex deletion (with its edges) or unmarking keeps it failing. ``fails(h)`` must be true."""
    changed = True
    while changed:
        changed = False
        for cand in _smaller(h):
            if fails(cand):
                h, changed = cand, True
                break
    return h


def _smaller(h: Hypergraph) -> Iterator[Hypergraph]:
    for i in range(h.m):  # drop one edge
        yield Hypergraph.from_masks(h.vertices, h.edge_masks[:i] + h.edge_masks[i + 1:], h.marked_mask)
    for i in range(h.n):  # drop one vertex with its edges (a marked vertex leaves the edges, shrunk)
        b = 1 << i
        keep = [e for e in h.edge_masks if not e & b] if not h.marked_mask & b else \
            [e & ~b for e in h.edge_masks]
        if len(set(keep)) != len(keep):
            continue
        yield _drop_vertex(h, i, keep)
    for i in bits(h.marked_mask):  # unmark one vertex
        yield Hypergraph.from_masks(h.vertices, h.edge_masks, h.marked_mask & ~(1 << i))


def _drop_vertex(h: Hypergraph, i: int, masks: list[int]) -> Hypergraph:
    low = (1 << i) - 1

    def squeeze(m: int) -> int:
        return (m & low) | ((m >> 1) & ~low)

    names = h.vertices[:i] + h.vertices[i + 1:]
    return Hypergraph.from_masks(names, [squeeze(e) for e in masks], squeeze(h.marked_mask & ~(1 << i)))


@dataclass
class Disagreement:
    instance: Hypergraph
    verdicts: dict
    shrunk: Hypergraph | None = None

    def to_json(self) -> dict:
        out = {"instance": hypergraph_to_json(self.instance), "verdicts": self.verdicts}
        if self.shrunk is not None:
            out["shrunk"] = hypergraph_to_json(self.shrunk)
        return out


@dataclass
class HuntReport:
    game: str
    methods: tuple[str, str]
    instances: int = 0
    seconds: float = 0.0
    disagreements: list[Disagreement] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"game": self.game, "methods": list(self.methods), "instances": self.instances,
                "seconds": round(self.seconds, 3), "disagreements": [d.to_json() for d in self.disagreements]}


def verdict(game: str, method: str, h: Hypergraph, first: str = "maker") -> dict:
    """The method's verdict on ``h`` as a small dict ({"winner": ...} or {"nim": ...}), or
    {"error": ...} when the method refuses or fails."""
    from .games.maker_breaker import MakerBreakerGame
    from .solvers import solve
    inst = MakerBreakerGame(h, first) if game == "maker-breaker" else h
    try:
        out = solve(game, inst, method=method).verdict()
    except VerifyError as exc:
        return {"error": f"{type(exc).__name__}: {exc}"}
    out.pop("rounds", None)
    return out


def _compare(args) -> tuple[int, dict, dict] | None:
    idx, game, methods, h, first = args
    a, b = (verdict(game, m, h, first) for m in methods)
    return None if a == b else (idx, a, b)


def differential_hunt(game: str, methods: tuple[str, str], instances: Iterable[Hypergraph],
                      first: str = "maker", workers: int = 1, stop_after: int = 1,
                      progress: bool | None = None) -> HuntReport:
    """Run both methods on every instance; collect up to ``stop_after`` disagreements, each shrunk
    to a locally minimal instance. Errors count as verdicts (a refusal on one side is reported)."""
    if len(methods) != 2 or methods[0] == methods[1]:
        raise InputError("a differential hunt needs two different methods")
    from .solvers import methods as known_methods
    available = {m for _, m in known_methods(game)}
    if not available:
        raise InputError(f"unknown game {game!r}")
    for m in methods:
        if m not in available:
            raise InputError(f"no method {m!r} for {game} (available: {', '.join(sorted(available))})")
    report = HuntReport(game, tuple(methods))
    t0 = time.perf_counter()
    if progress is None:
        progress = sys.stderr.isatty()
    insts: list[Hypergraph] = []

    def jobs():
        for i, h in enumerate(instances):
            insts.append(h)
            yield (i, game, tuple(methods), h, first)

    found = []
    pool = ProcessPoolExecutor(max_workers=workers) if workers > 1 else None
    try:
        results = pool.map(_compare, jobs(), chunksize=16) if pool else map(_compare, jobs())
        for r in _progress(results, None, progress):
            if r is not None:
                found.append(r)
                if len(found) >= stop_after:
                    break
    finally:
        if pool:
            pool.shutdown(cancel_futures=True)
    report.instances = len(insts)
    for idx, a, b in found[:stop_after]:
        h = insts[idx]

        def fails(g: Hypergraph) -> bool:
            return _compare((0, game, tuple(methods), g, first)) is not None

        report.disagreements.append(Disagreement(h, {methods[0]: a, methods[1]: b}, shrink(h, fails)))
    report.seconds = time.perf_counter() - t0
    return report


def _progress(it, total: int | None, show: bool):
    if not show:
        return it
    from tqdm import tqdm
    return tqdm(it, total=total, file=sys.stderr, unit="inst")


def instance_stream(source: str, n_min: int, n_max: int, edge_sizes=(1, 2, 3), count: int = 100,
                    seed: int = 0, edges: int | None = None, marked: bool = False) -> Iterator[Hypergraph]:
    """Instances for a hunt: ``source == "all"``: every hypergraph up to isomorphism on n_min..n_max
    vertices with those edge sizes (with ``marked``, every marking too); ``"random"``: ``count``
    seeded random ones per vertex count (``edges`` edges, default 1.5 n)."""
    import random
    from .isomorphism import enumerate_hypergraphs, enumerate_markings
    if n_min < 1 or n_max < n_min:
        raise InputError("need 1 <= n_min <= n_max")
    if source == "all":
        for n in range(n_min, n_max + 1):
            for h in enumerate_hypergraphs(n, edge_sizes):
                yield from (enumerate_markings(h) if marked else (h,))
        return
    if source != "random":
        raise InputError(f"unknown instance source {source!r} (all or random)")
    rng = random.Random(seed)
    from math import comb
    for n in range(n_min, n_max + 1):
        sizes = [s for s in edge_sizes if 0 < s <= n]
        cap = sum(comb(n, s) for s in sizes)
        m = min(cap, edges if edges is not None else (3 * n) // 2)
        for _ in range(count):
            masks: set[int] = set()
            while len(masks) < m:
                s = rng.choice(sizes)
                masks.add(sum(1 << i for i in rng.sample(range(n), s)))
            mk = rng.getrandbits(n) & rng.getrandbits(n) if marked else 0
            yield Hypergraph.from_masks([str(i) for i in range(1, n + 1)], sorted(masks), mk)
