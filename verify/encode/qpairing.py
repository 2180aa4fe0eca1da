"""CNF of a complete q-pairing for Breaker at bias (1:q) (paper 004 Def I.1.23, I.1.24, Prop I.1.25).

A *q-pairing* is a family of pairwise disjoint sets of 2 .. 1+q vertices; it is *complete* in H if
every edge meets some block in at least 2 vertices. On a position (Maker's marks A₀, Breaker's
vertices B₀) the blocks are sought among the free vertices (a Breaker vertex in a block only uses
room: an edge through it is already blocked) and completeness is asked of the residual family
(the edges with no Breaker vertex, less Maker's vertices: a block meets e in 2 vertices iff it meets
e \\ A₀ in 2, blocks being free); only its inclusion-minimal members need a clause (a block meeting a
subset in 2 vertices meets the superset in 2).

For q = 1 a q-pairing is a pairing, and :func:`verify.certificates.cnf.pairing_cnf` (one variable a
pair) is the encoding. For q ≥ 2, with k = min(⌊F/2⌋, |R|) block slots (F the free vertices lying in
some minimal residual edge R; a complete q-pairing needs at most one block per edge, and disjoint
blocks of ≥ 2 are at most ⌊F/2⌋):

- ``x[v, j]``: vertex v lies in block j; each v in at most one block; each block at most 1+q vertices
  (sequential counter);
- ``z[u, v, j]`` for each pair {u, v} inside some minimal residual edge: u and v both in block j
  (``z → x[u, j]``, ``z → x[v, j]``);
- each minimal residual edge r: the clause of the z of the pairs inside r (r with fewer than 2 free
  vertices gives the empty clause: no q-pairing).

A model's blocks (the sets {v : x[v, j]}, those of fewer than 2 vertices dropped: they meet no edge in
2) form a complete q-pairing; conversely a complete q-pairing fills the slots. Size: at most
F·k + P·k + counter variables (P the pairs inside minimal edges), checked against
:data:`MAX_QPAIRING_LITERALS` before anything is built.
"""
from __future__ import annotations

from .. import limits
from ..certificates.cnf import CNF, pairing_cnf
from ..certificates.positional_pairing import avoider_is_last
from ..errors import TooLarge
from ..games import conventions as cv
from ..games import maker_breaker as mb
from ..hypergraph import Hypergraph, bits, minimal_masks

#: literals of the q ≥ 2 encoding at most (an estimate made before building: 4 per z variable, the
#: clauses of the minimal edges, 3 per counter cell), beyond which the method says TooLarge
MAX_QPAIRING_LITERALS = limits.MAX_QPAIRING_LITERALS


def qpairing_cnf(h: Hypergraph, breaker: int, q: int) -> CNF:
    """The CNF whose models are the complete q-pairings of the position (h's marks are Maker's,
    ``breaker`` Breaker's vertices); q = 1 is :func:`pairing_cnf`."""
    if q == 1:
        return pairing_cnf(h, breaker)
    res = minimal_masks(mb.residual(h.edge_masks, h.marked_mask, breaker))
    cnf = CNF(comment=f"complete {q}-pairing, {len(res)} minimal live edges")
    if any(e.bit_count() < 2 for e in res):
        cnf.add()  # an edge Maker needs at most one more vertex of: no block meets it in 2
        return cnf
    verts = sorted({i for e in res for i in bits(e)})
    k = min(len(verts) // 2, len(res))
    inside = sum(e.bit_count() * (e.bit_count() - 1) // 2 for e in res)  # pairs inside minimal edges, with repeats
    estimate = 5 * inside * k + 3 * len(verts) * k * (2 + q)
    if estimate > MAX_QPAIRING_LITERALS:
        raise TooLarge(f"the {q}-pairing encoding would have about {estimate} literals, more than "
                       f"{MAX_QPAIRING_LITERALS}")
    pairs = sorted({(a, b) for e in res for a in bits(e) for b in bits(e) if a < b})
    x = {(v, j): cnf.var(("in", v, j)) for v in verts for j in range(k)}
    for v in verts:
        cnf.at_most_one([x[v, j] for j in range(k)])
    if q + 1 < len(verts):
        from .sat_backends import cardinality_clauses
        for j in range(k):
            clauses, top = cardinality_clauses([x[v, j] for v in verts], q + 1, "atmost", cnf.nvars)
            cnf.nvars = top
            for c in clauses:
                cnf.add(*c)
    z = {}
    for a, b in pairs:
        for j in range(k):
            z[a, b, j] = lit = cnf.var(("both", a, b, j))
            cnf.add(-lit, x[a, j])
            cnf.add(-lit, x[b, j])
    for e in res:
        idx = list(bits(e))
        cnf.add(*[z[a, b, j] for ai, a in enumerate(idx) for b in idx[ai + 1:] for j in range(k)])
    return cnf


def decode_qpairing(h: Hypergraph, cnf: CNF, model, q: int) -> list[list[str]]:
    """The blocks of a model of :func:`qpairing_cnf` (as lists of names, blocks of fewer than 2
    vertices dropped)."""
    true = cnf.true_vars(model)
    if q == 1:
        return [h.names(lab[1]) for x, lab in sorted(cnf.labels.items()) if x in true and lab[0] == "pair"]
    blocks: dict[int, int] = {}
    for x, lab in cnf.labels.items():
        if x in true and lab[0] == "in":
            blocks[lab[2]] = blocks.get(lab[2], 0) | 1 << lab[1]
    return [h.names(m) for _, m in sorted(blocks.items()) if m.bit_count() >= 2]


def find_blocks(game: cv.ConventionGame, q: int, backend: str | None = None, timeout: float | None = None):
    """(blocks or None, stats): a complete q-pairing of the free vertices of ``game``'s position."""
    from .sat_backends import solve_cnf
    cnf = qpairing_cnf(game.board, game.bob_mask, q)
    run = solve_cnf(cnf.nvars, cnf.clauses, backend=backend, timeout=timeout)
    stats = {"vars": cnf.nvars, "clauses": len(cnf.clauses), "backend": run.backend,
             "solve_seconds": round(run.seconds, 6)}
    return (decode_qpairing(game.board, cnf, run.model, q) if run.sat else None), stats


def pairing_route(game: cv.ConventionGame) -> tuple[int | None, str]:
    """``(q, "")``: the block size bound of the pairing route on ``game`` (Maker-Breaker at bias (1:q):
    q, Prop I.1.25; the unbiased Avoider-Enforcer game with Avoider the last player: 1, Prop I.1.21);
    or ``(None, why)`` when the route does not apply."""
    p, q = game.bias
    if game.convention == cv.MAKER_BREAKER:
        if p != 1:
            return None, f"a q-pairing decides bias 1:q only, not {p}:{q}"
        size = q
    elif game.convention == cv.AVOIDER_ENFORCER:
        if (p, q) != cv.UNBIASED:
            return None, f"a pairing decides the unbiased avoider-enforcer game only, not {p}:{q}"
        free = game.free_mask().bit_count()
        if not avoider_is_last(free, game.alice_first):
            return None, (f"with {free} free vertices and {game.first} first, Avoider is not the last player "
                          "(Prop I.1.21 needs her last)")
        size = 1
    else:
        return None, f"no pairing route for {game.convention}"
    if cv.start_value(game.convention, tuple(game.board.edge_masks), game.alice_mask, game.bob_mask,
                      game.alice_first) is not None:
        return None, "the start is decided (a whole edge is held, or the empty edge)"
    return size, ""
