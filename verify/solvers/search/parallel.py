"""The proof search on several local cores: the work is split at the root.

At the start state the mover's legal moves are dealt round-robin to ``jobs`` child processes; each
child decides "does X win after this move?" for its moves, in order, with its own search, and walks
the proof or refutation of each (:class:`verify.certificates.proof.ProofWalk`, the certificate's own
rules) to return the choices it made. Exactness: at X's turn X wins iff some move wins (the first
child to prove one ends the others); at Y's turn X wins iff every reply loses for Y (the first
child to refute one ends the others). No must-play pruning at the root (every legal move is
dealt): nothing is assumed. At Y's turn the pass (Y claims nothing) is dealt too, though it decides
nothing: its proof is the one the certificate's must-play region at the root is checked with. The parent merges the children's choices into one table and builds the
one certificate from it (:func:`verify.solvers.search.methods.build_questions`, called by
:mod:`verify.solvers.search.methods`, which imports this module); the checker then
verifies the whole, so nothing rests on how the work was split.

The children follow :mod:`verify.encode.child`: own process group, killed with the parent
(``PR_SET_PDEATHSIG``), their own deadline; the parent kills every group when it returns, times out
or is interrupted, and prints a verdict only from complete answers.
"""
from __future__ import annotations

import multiprocessing
import os
import time
from multiprocessing.connection import wait

from ...errors import BackendError, Undecided
from ...games import positional as pg
from ...hypergraph import bits


def _children(game, attacker, b, w, t, mine, tt_limit, symmetry, engine, deadline, choices=True):
    """In a child: for each of ``mine`` (cells of the mover at the start), whether X wins after it,
    and (with ``choices``, for a certificate) the choices of the side winning that subgame, found
    by walking its proof or refutation (as large as the certificate's part: on Snaky 9x8 the walk
    of one first move grew past 6 GB); stops at the first decisive one."""
    from .engine import make_search, subgame_choices
    search = make_search(game, attacker, engine, tt_limit=tt_limit, symmetry=symmetry, deadline=deadline)
    x_moves = game.schedule()[t] == attacker
    out = []
    for c in mine:  # c == 0: Y passes
        nb, nw = (b | c, w) if game.schedule()[t] == pg.BLACK else (b, w | c)
        won = search.solve(nb, nw, t + 1)[0]
        out.append((c, won, subgame_choices(search, won, nb, nw, t + 1)[0] if choices else {}))
        if c and won == x_moves:  # decisive: X found a win, or Y found a refutation
            break
    return out, search.nodes


def _orbit_representatives(game: pg.PositionalGame, cells: list[int]) -> list[int]:
    """The least cell of each orbit among ``cells`` (one-cell masks) under the game's automorphisms
    (none found: ``cells`` unchanged)."""
    from .symmetry import automorphisms
    group = automorphisms(game)
    if len(group) <= 1:
        return cells
    return [c for c in cells if all(p[c.bit_length() - 1] >= c.bit_length() - 1 for p in group)]


def split_root(game: pg.PositionalGame, attacker: str, jobs: int, timeout: float | None = None,
               tt_limit: int | None = None, symmetry: bool = True, engine: str | None = None,
               choices: bool = True):
    """(X wins from the start, merged choices {(b, w, t): cell}, nodes, first moves searched) by
    ``jobs`` children; the choices (for a certificate's builder) only with ``choices``, else none.
    Without ``choices`` and with ``symmetry``, one first move per orbit of the game's automorphisms
    (:func:`verify.solvers.search.symmetry.automorphisms`; they fix the start, so symmetric first
    moves have the same value); a certificate's builder needs every first move's choices."""
    from ...encode.child import child_main, kill_group
    b, w = game.start()
    t = 0
    legal = game.full_mask & ~b & ~w
    if game.first_moves is not None:
        legal &= game.first_moves
    cells = [1 << i for i in bits(legal)]
    if symmetry and not choices:
        cells = _orbit_representatives(game, cells)
    if not cells or not game.schedule():
        raise BackendError("the parallel search needs a first move to split")
    x_moves = game.schedule()[0] == attacker
    if not x_moves:
        cells.insert(0, 0)
    deadline = None if timeout is None else time.monotonic() + timeout
    ctx = multiprocessing.get_context("fork")
    procs, conns = [], []
    try:
        for j in range(min(jobs, len(cells))):
            mine = cells[j::jobs]
            recv, send = ctx.Pipe(duplex=False)
            args = (game, attacker, b, w, t, mine, tt_limit, symmetry, engine, deadline, choices)
            p = ctx.Process(target=child_main, args=(send, _children, args, os.getpid(), timeout), daemon=True)
            p.start()
            send.close()
            procs.append(p)
            conns.append(recv)
        merged: dict = {}
        nodes = 0
        pending = list(conns)
        while pending:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise Undecided(f"undecided within {timeout:g} s")
            ready = wait(pending, left)
            if not ready:
                raise Undecided(f"undecided within {timeout:g} s")
            for conn in ready:
                pending.remove(conn)
                try:
                    status, value = conn.recv()
                except EOFError:
                    raise BackendError("a search child ended without an answer") from None
                if status != "ok":
                    if "Undecided" in value:
                        raise Undecided(f"undecided within {timeout:g} s")
                    raise BackendError(f"a search child failed: {value}")
                results, n = value
                nodes += n
                for c, won, moves in results:
                    for key, v in moves.items():
                        merged.setdefault(key, v)
                    if c and won == x_moves:
                        merged[(b, w, t)] = c
                        return won, merged, nodes, len(cells)
        return not x_moves, merged, nodes, len(cells)
    finally:
        for p in procs:
            kill_group(p)
        for c in conns:
            c.close()
