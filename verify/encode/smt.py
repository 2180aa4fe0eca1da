"""SMT-LIB 2 encodings (QF_LIA) of Sprague-Grundy labellings: one integer per position.

For a finite acyclic position graph, g(p) = mex{g(q) : q an option of p} (Sprague-Grundy; paper 000
§3 for ACV/AVD/DST/PRV, paper 003 §1 for hypergraph NIM) is written as
``0 <= g(p) <= |options(p)|``, ``g(p) != g(q)`` for every option q, and for every j below
|options(p)|: ``g(p) > j  =>  OR_q g(q) = j``. The unique model is the Sprague-Grundy labelling.
The text is plain SMT-LIB 2 (``set-logic``, ``declare-const``, ``assert``, ``check-sat``), written
here without any solver library, so it can be exported to the corpus and fed to any SMT solver.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable

from ..errors import TooLarge
from .. import limits
from .sat import NimGraph

MAX_SMT_POSITIONS = limits.MAX_SMT_POSITIONS


@dataclass
class SMTProblem:
    text: str
    names: dict[str, Hashable]  # SMT constant name -> position
    root: str
    positions: int
    assertions: int


def grundy_smt2(options: dict[Hashable, list], order: list, root, comment: str = "") -> SMTProblem:
    """The labelling constraints for the position graph ``options`` (nodes listed in ``order``)."""
    if len(order) > MAX_SMT_POSITIONS:
        raise TooLarge(f"{len(order)} positions exceed the SMT encoding limit of {MAX_SMT_POSITIONS}")
    name = {p: f"g{i}" for i, p in enumerate(order)}
    lines = [f"; {line}" for line in comment.splitlines()]
    lines.append("(set-logic QF_LIA)")
    lines.extend(f"(declare-const {name[p]} Int)" for p in order)
    count = 0
    for p in order:
        g = name[p]
        opts = [name[q] for q in dict.fromkeys(options[p])]
        d = len(opts)
        lines.append(f"(assert (and (<= 0 {g}) (<= {g} {d})))")
        count += 1
        for q in opts:
            lines.append(f"(assert (not (= {g} {q})))")
            count += 1
        for j in range(d):
            alts = " ".join(f"(= {q} {j})" for q in opts)
            lines.append(f"(assert (=> (> {g} {j}) (or {alts})))" if d > 1 else
                         f"(assert (=> (> {g} {j}) {alts}))")
            count += 1
    lines.append("(check-sat)")
    return SMTProblem("\n".join(lines) + "\n", {v: k for k, v in name.items()}, name[root],
                      len(order), count)


def nim_smt2(g: NimGraph) -> SMTProblem:
    """ACV/AVD/DST/PRV labelling on positions up to automorphisms of H (see :func:`nim_graph`)."""
    return grundy_smt2(g.options, g.reps, g.root,
                       f"Grundy labelling of {g.kind.upper()}, {len(g.reps)} positions up to symmetry")


def reachable_graph(start, options_fn, limit: int = MAX_SMT_POSITIONS) -> tuple[dict, list]:
    """Positions reachable from ``start`` with their options (for games given by an option
    function, e.g. hypergraph NIM), in discovery order."""
    start = tuple(start) if isinstance(start, list) else start
    opts = {start: list(options_fn(start))}
    order = [start]
    stack = [start]
    while stack:
        p = stack.pop()
        for q in opts[p]:
            if q not in opts:
                if len(opts) >= limit:
                    raise TooLarge(f"more than {limit} reachable positions for the SMT encoding")
                opts[q] = list(options_fn(q))
                order.append(q)
                stack.append(q)
    return opts, order
