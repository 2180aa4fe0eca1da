"""Cube-and-conquer for game questions: the outermost moves split into smaller, re-pruned QBFs.

The question "from ``state``, can E (``player``) force ``goal``?" of a ``.pg`` game is the root of an
AND/OR tree: at a position where E moves it holds iff it holds after *some* E move (OR), where U
moves iff it holds after *every* U move (AND). Each node's question is asked again from its own
position (:func:`verify.encode.qbf.game.game_question`), so the sets the opponent killed and the sets
needing more cells than the owner's remaining moves drop out, and the board shrinks with the depth.
A node is either decided by a QBF engine on its question in the named encoding (a *leaf*), or
*split*: its children are the positions after each candidate move. Every non-trivial answer comes
from a QBF engine; trivial ones (game over, no live set) from the rules, as in the unsplit route.

Candidate moves (the same arguments the encodings rely on, cf. :mod:`verify.encode.qbf.binary`):

- only cells of the node's question (free cells on a live set, within ``#firstmoves`` at time 0):
  a stone elsewhere lies on no live set and so acts as a pass, and a pass never helps the player
  who makes it in a positional game (the extra-stone argument); when no such cell is legal, one
  legal cell stands for all (they are interchangeable);
- one cell per orbit of the automorphisms of the node's question (nauty,
  :func:`verify.encode.qbf.symmetry.orbit_representatives`): moves in one orbit lead to isomorphic
  positions.

Scheduling (cube-and-conquer with dynamic splitting): a node whose question has more than
``leaf_times`` time points is split at once, except the root, first asked whole for ``root_budget``
CPU seconds (easy questions are answered without splitting); a leaf runs in an engine child with a
soft budget of ``leaf_budget`` CPU seconds, after which it is killed and split. Up to ``jobs`` children
run at once, in depth-first order of the tree (moves that decided a node before first, then by how
many short live sets use the cell); a node's answer is propagated as soon as it is known (an OR
node is true at its first true child, an AND node false at its first false one), and every child
still working under a decided node is killed. Positions reached twice share their answer. A crash is a
:class:`BackendError`; running out of ``timeout`` is :class:`Undecided`, never a verdict; children
never outlive the caller (:mod:`verify.encode.child`).
"""
from __future__ import annotations

import heapq
import multiprocessing
import os
import time
from dataclasses import dataclass, field
from multiprocessing.connection import wait

import psutil

from ..encode.qbf import backends as qb
from ..encode.child import child_main, children_cpu, kill_group
from ..encode.qbf.game import GameEncoding, game_question
from ..encode.qbf.symmetry import orbit_representatives
from ..errors import BackendError, Undecided
from ..games import positional as pg
from ..hypergraph import bits

LEAF_TIMES = 8  # questions with more time points are split without an engine attempt
LEAF_BUDGET = 4.0  # seconds an engine may spend on a leaf before the leaf is split
ROOT_BUDGET = 1.0  # seconds an engine may spend on a larger root question before it is split
JOBS = 2


@dataclass
class SplitNode:
    """A position of the split tree and what is known of its question."""
    state: tuple[int, int]
    path: tuple[int, ...]
    parent: "SplitNode | None" = None
    mover: str | None = None  # 'E' (OR node) or 'U' (AND node) once split
    moves: list[int] = field(default_factory=list)  # cell bits of the children, in order
    children: list["SplitNode"] = field(default_factory=list)
    value: bool | None = None
    budget: float | None = None  # seconds its engine may run before it is split
    job: object = None  # the running engine child, if any


@dataclass
class SplitAnswer:
    """The root's value, E's move at the root when the root was split and holds at an E move,
    and statistics (leaves asked, splits, engine time: wall and the children's CPU seconds)."""
    value: bool
    move: int | None
    stats: dict


class SplitSolver:
    """Decides game questions of one ``.pg`` game by cube-and-conquer (see the module docstring)."""

    def __init__(self, game: pg.PositionalGame, engine: str = qb.DEFAULT, encoding: str = "binary+sym",
                 timeout: float | None = None, jobs: int = JOBS, leaf_times: int = LEAF_TIMES,
                 leaf_budget: float = LEAF_BUDGET, root_budget: float = ROOT_BUDGET):
        self.game, self.engine, self.encoding = game, qb.check_backend(engine), encoding
        self.timeout, self.jobs = timeout, max(1, jobs)
        self.leaf_times, self.leaf_budget, self.root_budget = leaf_times, leaf_budget, root_budget
        self.known: dict[tuple, bool] = {}  # (player, goal, state) -> value
        self.best: dict[tuple, int] = {}  # key of a true E node -> an E move keeping it true
        self.history: dict[tuple[str, int], int] = {}  # (mover, cell) -> how often it decided a node
        self.log: list[tuple] = []  # (path, value, seconds) of each leaf answered

    # -- the tree ------------------------------------------------------------------------------------
    def decide(self, player: str, goal: str, state=None, timeout: float | None = None) -> SplitAnswer:
        """Can ``player`` force ``goal`` from ``state`` (default: the start)? ``timeout`` (default: the
        solver's) limits this question."""
        self.limit = self.timeout if timeout is None else timeout
        state = self.game.start() if state is None else state
        self.player, self.goal = player, goal
        self.stats = {"leaves": 0, "splits": 0, "forced": 0, "killed": 0, "cached": 0, "engine_cpu": 0.0}
        qb.warm(self.engine)
        root = SplitNode(state, ())
        self.queue: list[tuple] = []
        self.running: dict = {}  # connection -> (node, process, started)
        self.t0 = time.perf_counter()
        cpu0, own0 = children_cpu(), time.process_time()
        try:
            heapq.heappush(self.queue, (root.path, id(root), root))
            self._run(root)
        finally:
            for conn in list(self.running):
                self._stop(conn)
            self.stats["engine_cpu"] = round(children_cpu() - cpu0, 3)
            self.stats["own_cpu"] = round(time.process_time() - own0, 3)
        move = self.best.get(self._key(state)) if root.value else None
        return SplitAnswer(root.value, move, dict(self.stats, wall=round(time.perf_counter() - self.t0, 3)))

    def _key(self, state):
        return (self.player, self.goal, state)

    def _visit(self, node: SplitNode):
        """Settle a node from the cache or the rules, else start it as a leaf or split it."""
        known = self.known.get(self._key(node.state))
        if known is not None:
            self.stats["cached"] += 1
            self._settle(node, known)
            return None
        q = game_question(self.game, self.player, self.goal, node.state)
        if isinstance(q, GameEncoding):
            self._settle(node, q.trivial)
        elif len(q.sched) <= self.leaf_times:
            node.budget = self.leaf_budget
            return node  # to be asked as a leaf
        elif node.parent is None and node.budget is None and self.root_budget > 0:
            node.budget = self.root_budget
            return node  # the whole question first, briefly
        else:
            self._split(node, q)
        return None

    def _split(self, node: SplitNode, q):
        self.stats["splits"] += 1
        b, w = node.state
        node.mover = q.sched[0]
        legal = self.game.legal_moves(b, w)
        reps = orbit_representatives(len(q.cells), q.e_sets, q.u_sets, q.first)
        cands = [c for c in bits(reps) if legal >> q.cells[c] & 1]
        forced = [c for c in cands if forced_cells(q) >> c & 1]
        if forced:
            self.stats["forced"] += 1
            cands = forced
        weight = [0.0] * len(q.cells)
        for s in q.e_sets + q.u_sets:
            for c in bits(s):
                weight[c] += 1.0 / (1 << s.bit_count())
        hist = self.history
        cands.sort(key=lambda c: (-hist.get((node.mover, q.cells[c]), 0), -weight[c]))
        node.moves = [1 << q.cells[c] for c in cands]
        if not node.moves:  # no live cell is legal: any legal cell acts as a pass
            node.moves = [legal & -legal]
        node.children = [SplitNode(self.game.play(b, w, m), node.path + (i,), node)
                         for i, m in enumerate(node.moves)]
        for child in node.children:
            heapq.heappush(self.queue, (child.path, id(child), child))

    def _settle(self, node: SplitNode, value: bool):
        """Record a node's value, stop the work under it and pass it up."""
        while node is not None and node.value is None:
            node.value = value
            self.known[self._key(node.state)] = value
            self._cancel(node)
            parent = node.parent
            if parent is None or parent.value is not None:
                return
            deciding = (parent.mover == "E") == value  # E: a true child decides; U: a false one
            if deciding:
                move = parent.moves[parent.children.index(node)]
                cell = move.bit_length() - 1
                self.history[(parent.mover, cell)] = self.history.get((parent.mover, cell), 0) + 1
                if value:
                    self.best[self._key(parent.state)] = move
            if not deciding and any(c.value is None for c in parent.children):
                return
            node = parent

    def _cancel(self, node: SplitNode):
        stack = list(node.children)
        while stack:
            n = stack.pop()
            if n.job is not None:
                self._stop(n.job)
            stack.extend(n.children)

    # -- the engine children -------------------------------------------------------------------------
    def _run(self, root: SplitNode):
        ctx = multiprocessing.get_context("fork")
        deadline = None if self.limit is None else self.t0 + self.limit
        while root.value is None:
            while self.queue and len(self.running) < self.jobs and root.value is None:
                _, _, node = heapq.heappop(self.queue)
                if node.value is not None or _decided_above(node):
                    continue
                if self._visit(node) is not None:
                    self._start(ctx, node, deadline)
            if not self.running:
                if root.value is None:
                    raise BackendError("split QBF route: nothing left to run but the question is open")
                break
            now = time.perf_counter()
            if deadline is not None and now >= deadline:
                raise Undecided(f"split QBF route ({self.engine}) timed out after {self.limit:g} s "
                                "without an answer (undecided)")
            used = {conn: _cpu_seconds(proc.pid, started) for conn, (_, proc, started) in self.running.items()}
            limit = max(0.02, min(self.running[c][0].budget - u for c, u in used.items()))
            if deadline is not None:
                limit = min(limit, deadline - now)
            for conn in wait(list(self.running), limit):
                if conn in self.running:  # not stopped by an answer collected just before
                    self._collect(conn)
            for conn, (node, proc, started) in list(self.running.items()):
                if node.value is None and _cpu_seconds(proc.pid, started) >= node.budget:
                    self._stop(conn)
                    self.stats["killed"] += 1
                    self._split(node, game_question(self.game, self.player, self.goal, node.state))

    def _start(self, ctx, node: SplitNode, deadline):
        recv, send = ctx.Pipe(duplex=False)
        left = None if deadline is None else max(0.1, deadline - time.perf_counter())
        args = (self.game, self.player, self.goal, node.state, self.encoding, self.engine)
        proc = ctx.Process(target=child_main, args=(send, _leaf, args, os.getpid(), left), daemon=True)
        proc.start()
        send.close()
        node.job = recv
        self.running[recv] = (node, proc, time.perf_counter())
        self.stats["leaves"] += 1

    def _collect(self, conn):
        node, _, self._started = self.running[conn]
        try:
            status, value = conn.recv()
        except EOFError:
            status, value = "error", "crashed"
        self._stop(conn)
        self.log.append((node.path, value, round(time.perf_counter() - self._started, 3)))
        if status != "ok" or not isinstance(value, bool):
            raise BackendError(f"split QBF route: {self.engine} failed on a leaf ({value})")
        self._settle(node, value)

    def _stop(self, conn):
        entry = self.running.pop(conn, None)
        if entry is None:
            return
        node, proc, _ = entry
        node.job = None
        kill_group(proc)
        conn.close()


def forced_cells(q) -> int:
    """Codes the next move may be restricted to in a one-sided question (only one player, the
    *maker*, holds live sets), or 0: when the maker has a live set missing one cell, the maker to
    move completes it, and the other player to move must take every such cell before the maker's
    next move (every live set fits in the maker's remaining moves, so the maker moves again after
    the other's current block); holding no set, the other may play the cells of its block in any
    order, so it takes one of them (the first) now."""
    if q.first is not None or (q.e_sets and q.u_sets):
        return 0
    threats = 0
    for s in q.e_sets or q.u_sets:
        if s.bit_count() == 1:
            threats |= s
    if not threats:
        return 0
    return threats & -threats


def _decided_above(node: SplitNode) -> bool:
    n = node.parent
    while n is not None:
        if n.value is not None:
            return True
        n = n.parent
    return False


def _leaf(game, player, goal, state, encoding, engine):
    """In the child: encode the leaf's question and decide it."""
    from ..encode.qbf.encodings import encode
    e = encode(game, player, goal, state, encoding)
    if e.trivial is not None:
        return e.trivial
    return qb.run_engine(e.formula, engine, False)[0]


def _cpu_seconds(pid: int, started: float) -> float:
    """CPU seconds used by the child ``pid`` (psutil; the wall time since ``started`` once it is gone):
    budgets count the engine's own work, not the time other programs take on a shared machine."""
    try:
        t = psutil.Process(pid).cpu_times()
        return t.user + t.system
    except psutil.Error:
        return time.perf_counter() - started
