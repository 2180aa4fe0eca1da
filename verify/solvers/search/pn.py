"""The proof search driven by proof numbers (PN², Allis 1994; Breuker 1998): driver ``pn``.

A first-level best-first AND/OR tree over states of the attack question "can X force a win?"
(:class:`verify.games.attack.Attack`): OR nodes at X's turns, AND nodes at Y's turns. Its leaves are
evaluated by the depth-first engine (:func:`verify.solvers.search.make_search`: the compiled
kernel when eligible, else the reference) within a node budget that grows with the tree (PN²: the
second-level search is about as large as the first-level tree); a leaf that exhausts its budget
gets proof and disproof numbers from its mobility (OR: 1 and X's moves; AND: Y's replies and 1).
The most-proving leaf (descend by least proof number at OR nodes, least disproof number at AND
nodes) is evaluated, or expanded when already evaluated. Every rule is the engine's, so the tree
is exact:

- *X's turn* (OR): the children are the engine's candidates
  (:meth:`verify.solvers.search.ProofSearch.attack_moves`: immediate win, forced block, dead cells).
- *Y's turn* (AND, must-play region): as in the engine, Y's favourite reply (a refutation ends the
  node) and the pass (Y claims nothing, t advances). If X loses after the pass, X loses
  (monotonicity: an extra Y stone never helps X). Once the pass is proven with carrier C, only Y's
  replies inside C are children; X wins iff every one is proven.
- *Carriers* as in the engine: X's move v: {v} ∪ the child's; Y's turn: the pass carrier ∪ each
  reply c with its carrier; in a Maker-Maker game also the free cells of Y's open sets.

Solved subtrees are dropped at once (their value, carrier and the winner's choice are kept; solved
states go into a bounded table that answers transpositions); when the tree holds more than
``node_limit`` nodes, the unsolved subtrees least likely to be solved soon are collapsed back to
leaves. A deadline ends the search as :class:`Undecided`, never a guess.

Leaves are evaluated by :func:`evaluate_leaf`, a picklable function of a :class:`LeafSpec` and a
state, through an executor: in this process (``jobs=1``), in ``jobs`` local worker processes
(:mod:`verify.encode.child`'s discipline: own process group, killed with the parent), or on a Dask
cluster (``dask=ADDRESS``). With a certificate, each decided leaf walks its own proof or
refutation (:class:`verify.certificates.proof.ProofWalk`) and returns the winner's choices; the
tree adds its own, and :func:`verify.solvers.search.methods.build_questions` builds one ordinary
``pg-proof`` certificate from them, checked by the unchanged checker.
"""
from __future__ import annotations

import hashlib
import time
from dataclasses import dataclass

from ...errors import BackendError, InputError, Undecided
from ...games import positional as pg
from ...hypergraph import bits

INF = 10 ** 15
BUSY = 10 ** 12  # proof and disproof numbers of a leaf being evaluated (selection avoids it)
LEAF_BUDGET = 20_000  # engine nodes of a leaf evaluation, at least
GROWTH = 200  # engine nodes per first-level node (PN²: the leaf budget grows with the tree)
NODE_LIMIT = 200_000  # first-level nodes kept; beyond, unsolved subtrees are collapsed
TABLE_LIMIT = 1 << 20  # solved states kept for transpositions (the older half evicted when full)

NEW, LEAF, INNER = 0, 1, 2  # awaiting evaluation, evaluated and unresolved, expanded


# -- the leaf evaluation (picklable, runs in a worker) ------------------------------------------------

@dataclass(frozen=True)
class LeafSpec:
    """What a worker needs to build the engine for one question (``token`` names it in caches)."""
    game: pg.PositionalGame
    attacker: str
    engine: str | None
    tt_limit: int | None
    symmetry: bool
    certificate: bool
    token: str


class _OutOfBudget(Exception):
    pass


_ENGINES: dict = {}  # token -> engine: a worker keeps its engine (and its table) across leaves


def leaf_engine(spec: LeafSpec):
    """The engine of ``spec`` kept by this process (one at a time)."""
    search = _ENGINES.get(spec.token)
    if search is None:
        from .engine import make_search
        _ENGINES.clear()
        search = make_search(spec.game, spec.attacker, spec.engine, tt_limit=spec.tt_limit,
                             symmetry=spec.symmetry)
        _ENGINES[spec.token] = search
    return search


def evaluate_leaf(spec: LeafSpec, b: int, w: int, t: int, budget: int, seconds: float | None):
    """Does X win from (b, w, t)? ``(status, carrier, nodes, choices)``: status ``"won"``/``"lost"``
    (with the winner's choices along its proof when ``spec.certificate``), ``"open"`` when the
    engine spent ``budget`` nodes, ``"timeout"`` after ``seconds``."""
    from .engine import subgame_choices
    search = leaf_engine(spec)
    start = search.nodes
    search.deadline = None if seconds is None else time.monotonic() + seconds

    def stop(s):
        if s.nodes - start >= budget:
            raise _OutOfBudget

    search.progress = stop
    if hasattr(search, "check_every"):
        search.check_every = max(1, min(2048, budget // 2))
    if hasattr(search, "chunk"):
        search.chunk = max(1 << 10, min(search.chunk, budget))
    try:
        won, carrier, _ = search.solve(b, w, t)
    except _OutOfBudget:
        return "open", 0, search.nodes - start, None
    except Undecided:
        return "timeout", 0, search.nodes - start, None
    finally:
        search.progress = None
    choices = None
    if spec.certificate:
        try:
            choices, walked = subgame_choices(search, won, b, w, t)
            carrier = walked if won else carrier
        except Undecided:
            return "timeout", 0, search.nodes - start, None
    search.deadline = None
    return ("won" if won else "lost"), carrier, search.nodes - start, choices


def leaf_spec(game: pg.PositionalGame, attacker: str, engine, tt_limit: int | None, symmetry: bool,
              certificate: bool) -> LeafSpec:
    from ...formats.pg import pg_to_text
    token = hashlib.sha256(repr((pg_to_text(game), attacker, engine, tt_limit, symmetry)).encode()).hexdigest()[:16]
    return LeafSpec(game, attacker, engine, tt_limit, symmetry, certificate, token)


# -- executors ------------------------------------------------------------------------------------------

class InlineExecutor:
    """Leaves evaluated in this process, one at a time, when submitted."""
    capacity = 1

    def __init__(self, spec: LeafSpec):
        self.spec = spec
        self.done: list = []

    def submit(self, key, args):
        self.done.append((key, evaluate_leaf(self.spec, *args)))

    def results(self, timeout):
        out, self.done = self.done, []
        return out

    def cancel(self, key):
        pass

    def close(self):
        pass

    def engine(self):
        return leaf_engine(self.spec)


def _serve(conn, spec):
    """A local worker: evaluate the leaves sent on ``conn`` until it sends None."""
    while True:
        task = conn.recv()
        if task is None:
            return None
        key, args = task
        conn.send((key, evaluate_leaf(spec, *args)))


class LocalExecutor:
    """``jobs`` worker processes (:func:`verify.encode.child.child_main`: own process group,
    ``PR_SET_PDEATHSIG``, their own deadline), each evaluating one leaf at a time; all are killed
    (their process groups) when the search returns, times out or is interrupted."""

    def __init__(self, spec: LeafSpec, jobs: int, timeout: float | None):
        import multiprocessing
        import os
        from ...encode.child import child_main
        ctx = multiprocessing.get_context("fork")
        self.procs, self.conns, self.status = [], [], []
        self.idle: list = []
        self.running: dict = {}  # conn -> key
        try:
            for _ in range(jobs):
                mine, theirs = ctx.Pipe(duplex=True)
                st_recv, st_send = ctx.Pipe(duplex=False)
                p = ctx.Process(target=child_main, args=(st_send, _serve, (theirs, spec), os.getpid(), timeout),
                                daemon=True)
                p.start()
                theirs.close()
                st_send.close()
                self.procs.append(p)
                self.conns.append(mine)
                self.status.append(st_recv)
                self.idle.append(mine)
        except BaseException:
            self.close()
            raise
        self.capacity = jobs
        self.queue: list = []

    def submit(self, key, args):
        if self.idle:
            conn = self.idle.pop()
            conn.send((key, args))
            self.running[conn] = key
        else:
            self.queue.append((key, args))

    def results(self, timeout):
        from multiprocessing.connection import wait
        ready = wait(list(self.running) + self.status, timeout)
        out = []
        for conn in ready:
            if conn in self.status:
                try:
                    status, value = conn.recv()
                except EOFError:
                    raise BackendError("a search worker ended without an answer") from None
                raise BackendError(f"a search worker failed: {value}")
            try:
                out.append(conn.recv())
            except EOFError:
                raise BackendError("a search worker ended without an answer") from None
            del self.running[conn]
            if self.queue:
                key, args = self.queue.pop(0)
                conn.send((key, args))
                self.running[conn] = key
            else:
                self.idle.append(conn)
        return out

    def cancel(self, key):
        self.queue = [(k, a) for k, a in self.queue if k != key]

    def close(self):
        from ...encode.child import kill_group
        for p in self.procs:
            kill_group(p)
        for c in self.conns + self.status:
            c.close()


class DaskExecutor:
    """Leaves evaluated on the Dask cluster at ``address`` (``client.get_executor()``, the hunts'
    way); a search that ends, times out or is interrupted cancels its futures (a running leaf ends
    at its own budget or deadline)."""

    def __init__(self, spec: LeafSpec, address: str):
        from ...cluster import dask_client
        self.client = dask_client(address)
        try:
            self.spec = self.client.scatter(spec, broadcast=True)
            self.pool = self.client.get_executor(pure=False)
            self.capacity = max(1, sum(w.get("nthreads", 1) for w in self.client.scheduler_info()["workers"].values()))
        except BaseException:
            self.client.close()
            raise
        self.futures: dict = {}  # future -> key

    def submit(self, key, args):
        self.futures[self.pool.submit(evaluate_leaf, self.spec, *args)] = key

    def results(self, timeout):
        from concurrent.futures import FIRST_COMPLETED, wait
        done, _ = wait(list(self.futures), timeout=timeout, return_when=FIRST_COMPLETED)
        out = []
        for f in done:
            key = self.futures.pop(f)
            try:
                out.append((key, f.result()))
            except Exception as exc:  # noqa: BLE001 - a worker died or the task failed
                raise BackendError(f"a Dask leaf evaluation failed: {type(exc).__name__}: {exc}") from None
        return out

    def cancel(self, key):
        for f, k in list(self.futures.items()):
            if k == key:
                f.cancel()
                del self.futures[f]

    def close(self):
        try:
            for f in self.futures:
                f.cancel()
            self.pool.shutdown(wait=False)
        finally:
            self.futures = {}
            self.client.close()


# -- the first-level tree -------------------------------------------------------------------------------

class Node:
    __slots__ = ("b", "w", "t", "x_turn", "parent", "move", "children", "pn", "dn", "state", "carrier",
                 "busy", "dead", "phase")

    def __init__(self, b, w, t, x_turn, parent, move):
        self.b, self.w, self.t, self.x_turn, self.parent, self.move = b, w, t, x_turn, parent, move
        self.children: list = []
        self.pn = self.dn = 1
        self.state = NEW
        self.carrier = 0
        self.busy = self.dead = False
        self.phase = 0  # AND nodes: 1 while only the pass child exists, 2 with Y's replies


class ProofNumberSearch:
    """The PN² driver for "can ``attacker`` win ``game``?" (:meth:`run`); ``known`` collects the
    winner's choices {(b, w, t): cell} of the tree and of its decided leaves (with ``certificate``)."""

    def __init__(self, game: pg.PositionalGame, attacker: str, engine: str | None = None, tt_limit: int | None = None,
                 symmetry: bool = True, deadline: float | None = None, jobs: int = 1, dask: str | None = None,
                 certificate: bool = False, leaf_budget: int | None = None, growth: int | None = None,
                 node_limit: int | None = None, table_limit: int = TABLE_LIMIT):
        from .engine import ProofSearch
        self.game = game
        self.rules = ProofSearch(game, attacker, tt_limit=1)  # the engine's move rules (no search)
        self.x = attacker
        # leaves walk their proofs only in workers: in this process the builder asks the engine,
        # whose table holds them (no second walk)
        self.spec = leaf_spec(game, attacker, engine, tt_limit, symmetry, certificate and (jobs > 1 or bool(dask)))
        self.deadline = deadline
        self.jobs, self.dask = jobs, dask
        self.certificate = certificate
        # the module's defaults are read here (tests shrink them)
        self.leaf_budget = LEAF_BUDGET if leaf_budget is None else leaf_budget
        self.growth = GROWTH if growth is None else growth
        self.node_limit = max(16, NODE_LIMIT if node_limit is None else node_limit)
        self.table_limit = table_limit
        self.known: dict = {}
        self.table: dict = {}
        self.size = 0
        self.nodes = 0  # engine nodes spent in leaves
        self.expanded = 0
        self.outcomes = {"won": 0, "lost": 0, "open": 0, "table": 0}
        self.collapsed = 0
        self.fallback = None  # the engine that answers the certificate builder's other states
        self._pending: dict = {}  # id(node) -> node being evaluated
        self._executor_now = None

    # -- values ---------------------------------------------------------------------------------
    def _mobility(self, node: Node) -> tuple[int, int]:
        r = self.rules
        xl, yl = r.lists(node.b, node.w, node.t)
        if node.x_turn:
            kind, moves = r.attack_moves(node.b, node.w, node.t, xl, yl)
            return 1, max(1, len(moves))
        live = 0
        for s in xl:
            live |= s
        return max(1, (live & r.legal(node.b, node.w, node.t)).bit_count()), 1

    def _terminal(self, node: Node) -> bool | None:
        """The engine's end of the game: X completed a set (won), Y did, or X has no live set or
        no time left (lost); None otherwise."""
        xl, yl = self.rules.lists(node.b, node.w, node.t)
        if 0 in xl:
            return True
        if 0 in yl or node.t >= len(self.rules.sched) or not xl:
            return False
        return None

    def _child(self, parent: Node, b, w, move) -> Node:
        t = parent.t + 1
        c = Node(b, w, t, t < len(self.rules.sched) and self.rules.sched[t] == self.x, parent, move)
        self.size += 1
        hit = self.table.get((b, w, t))
        end = None if hit is not None else self._terminal(c)
        if hit is not None:
            self.outcomes["table"] += 1
            self._settle(c, hit[0], hit[1])
        elif end is not None:
            self._settle(c, end, 0)
        else:
            c.pn, c.dn = self._mobility(c)
        parent.children.append(c)
        return c

    def _settle(self, node: Node, won: bool, carrier: int):
        node.state = LEAF
        node.pn, node.dn = (0, INF) if won else (INF, 0)
        node.carrier = carrier

    def _solved(self, node: Node):
        """Record a solved node: the table, the winner's choice, and drop its subtree."""
        if len(self.table) >= self.table_limit:
            for k in list(self.table)[:len(self.table) // 2]:
                del self.table[k]
        self.table[(node.b, node.w, node.t)] = (node.pn == 0, node.carrier)
        self._drop(node)
        node.state = LEAF

    def _drop(self, node: Node):
        for c in node.children:
            self._kill(c)
        node.children = []

    def _kill(self, node: Node):
        stack = [node]
        while stack:
            n = stack.pop()
            n.dead = True
            self.size -= 1
            if n.busy and self._pending.pop(id(n), None) is not None:  # its evaluation is moot
                self._executor_now.cancel(id(n))
            stack.extend(n.children)
            n.children = []

    def _recompute(self, node: Node):
        """Proof and disproof numbers of an expanded node from its children (and its value once
        solved: carrier, the winner's choice)."""
        r = self.rules
        kids = node.children
        if node.x_turn:
            best = min(kids, key=lambda c: c.pn) if kids else None
            if best is None:
                node.pn, node.dn = INF, 0
            elif best.pn == 0:
                node.pn, node.dn = 0, INF
                node.carrier = best.carrier | best.move | r._y_cells(node.b, node.w)
                self.known.setdefault((node.b, node.w, node.t), best.move)
            else:
                node.pn, node.dn = best.pn, min(INF, sum(c.dn for c in kids))
            return
        passed = next(c for c in kids if not c.move)
        if node.phase == 1 and passed.pn == 0:
            self._replies(node)
            kids = node.children
        worst = min(kids, key=lambda c: c.dn)
        if worst.dn == 0:
            node.pn, node.dn = INF, 0
            # X loses after the pass: the first reply refutes as well (monotonicity)
            self.known.setdefault((node.b, node.w, node.t), worst.move or kids[0].move)
            return
        pn = min(INF, sum(c.pn for c in kids))
        if pn == 0:
            carrier = r._y_cells(node.b, node.w)
            for c in kids:
                carrier |= c.carrier | c.move
            node.pn, node.dn, node.carrier = 0, INF, carrier
            return
        node.pn, node.dn = pn, worst.dn

    def _replies(self, node: Node):
        """Y's replies inside the proven pass child's carrier (the must-play region); the first
        reply stays a child only inside it."""
        from .engine import _ordered
        r = self.rules
        node.phase = 2
        *tried, passed = node.children
        region = r.legal(node.b, node.w, node.t) & passed.carrier
        for c in tried:
            if not c.move & region:
                self._kill(c)
                node.children.remove(c)
            region &= ~c.move
        xl, _ = r.lists(node.b, node.w, node.t)
        moves = _ordered(xl, region)
        rest = region & ~sum(moves)
        for c in moves + [1 << i for i in bits(rest)]:
            self._child(node, *r.play(node.b, node.w, c, False), c)

    def _expand(self, node: Node):
        r = self.rules
        self.expanded += 1
        node.state = INNER
        if node.x_turn:
            xl, yl = r.lists(node.b, node.w, node.t)
            kind, moves = r.attack_moves(node.b, node.w, node.t, xl, yl)
            if kind == "win":
                self._settle(node, True, moves[0] | r._y_cells(node.b, node.w))
                self.known.setdefault((node.b, node.w, node.t), moves[0])
                return
            for v in ([] if kind == "lose" else moves):
                self._child(node, *r.play(node.b, node.w, v, True), v)
        else:  # the engine's order: its favourite reply (a refutation ends the node), then the pass
            from .engine import _best
            node.phase = 1
            xl, _ = r.lists(node.b, node.w, node.t)
            legal = r.legal(node.b, node.w, node.t)
            tried = _best(xl, legal) or (legal & -legal)
            if tried:
                self._child(node, *r.play(node.b, node.w, tried, False), tried)
            self._child(node, node.b, node.w, 0)

    def _update(self, node: Node | None):
        while node is not None and not node.dead:
            old = (node.pn, node.dn)
            if node.state == INNER:
                self._recompute(node)
            if node.pn == 0 or node.dn == 0:
                self._solved(node)
            elif (node.pn, node.dn) == old:
                return
            node = node.parent

    # -- the loop -------------------------------------------------------------------------------
    def _select(self, root: Node) -> Node | None:
        node = root
        while node.state == INNER:
            node = min(node.children, key=(lambda c: c.pn) if node.x_turn else (lambda c: c.dn))
        return None if node.busy else node

    def _budget(self) -> int:
        return max(self.leaf_budget, self.growth * self.size)

    def _left(self) -> float | None:
        return None if self.deadline is None else self.deadline - time.monotonic()

    def _submit(self, executor, node: Node, pending: dict):
        left = self._left()
        if left is not None and left <= 0:
            raise Undecided("search stopped at the deadline")
        node.busy = True
        node.pn = node.dn = BUSY
        pending[id(node)] = node
        executor.submit(id(node), (node.b, node.w, node.t, self._budget(), left))
        self._update(node.parent)

    def _receive(self, node: Node, result):
        status, carrier, nodes, choices = result
        self.nodes += nodes
        node.busy = False
        if status == "timeout":
            raise Undecided("search stopped at the deadline")
        self.outcomes[status] += 1
        if node.dead:
            return
        if status == "open":
            node.state = LEAF
            node.pn, node.dn = self._mobility(node)
        else:
            if choices:
                for k, v in choices.items():
                    self.known.setdefault(k, v)
            self._settle(node, status == "won", carrier)
            self._solved(node)
        self._update(node.parent)

    def _collapse(self, root: Node):
        """Collapse unsolved subtrees whose children are all leaves (none being evaluated), off the
        most-proving path, the least promising first (largest min(pn, dn)), until the tree holds at most 3/4 of
        its node limit (if none qualifies, the tree grows on)."""
        path = set()
        n = root
        while n.state == INNER:  # the most-proving path stays
            path.add(id(n))
            n = min(n.children, key=(lambda c: c.pn) if n.x_turn else (lambda c: c.dn))
        frontier = []
        stack = [root]
        while stack:
            n = stack.pop()
            if n.state == INNER and id(n) not in path:
                if all(c.state != INNER and not c.busy for c in n.children):
                    frontier.append(n)
            stack.extend(c for c in n.children if c.state == INNER)
        frontier.sort(key=lambda n: -min(n.pn, n.dn))
        for n in frontier:
            if self.size <= 3 * self.node_limit // 4:
                break
            self._drop(n)
            n.state, n.phase = LEAF, 0  # keeps its proof and disproof numbers
            self.collapsed += 1
            self._update(n.parent)

    def _executor(self):
        if self.dask:
            return DaskExecutor(self.spec, self.dask)
        if self.jobs > 1:
            left = self._left()
            return LocalExecutor(self.spec, self.jobs, None if left is None else max(left, 0.01))
        return InlineExecutor(self.spec)

    def run(self, b: int | None = None, w: int | None = None, t: int = 0) -> bool:
        """Does X win from (b, w, t) (the start by default)? :class:`Undecided` at the deadline."""
        if b is None:
            b, w = self.game.start()
        r = self.rules
        root = Node(b, w, t, t < len(r.sched) and r.sched[t] == self.x, None, 0)
        self.size = 1
        end = self._terminal(root)
        if end is not None:
            return end
        executor = self._executor_now = self._executor()
        pending = self._pending = {}
        retry = 0
        try:
            while root.pn and root.dn:
                left = self._left()
                if left is not None and left <= 0:
                    raise Undecided("search stopped at the deadline")
                node = self._select(root)
                if node is not None and node.state == LEAF:
                    self._expand(node)
                    self._update(node)
                    wait = None
                elif node is not None and len(pending) < executor.capacity:
                    self._submit(executor, node, pending)
                    wait = 0.0  # collect what is ready, then select the next leaf
                else:
                    wait = left if left is not None else 3600.0  # at capacity, or nothing to select
                if wait is not None and pending:
                    for key, result in executor.results(wait):
                        node = pending.pop(key, None)
                        if node is not None:  # else cancelled: its subtree was solved meanwhile
                            self._receive(node, result)
                        elif result[0] == "timeout":
                            raise Undecided("search stopped at the deadline")
                        else:
                            self.nodes += result[2]
                if self.size > max(self.node_limit, retry):
                    self._collapse(root)
                    retry = self.size + self.node_limit // 4  # what could not be collapsed waits
        finally:
            if isinstance(executor, InlineExecutor):
                self.fallback = executor.engine()
            executor.close()
        return root.pn == 0

    def stats(self) -> dict:
        return {"nodes": self.nodes, "pn_expanded": self.expanded, "pn_leaves": dict(self.outcomes),
                "pn_collapsed": self.collapsed}


def decide_pn(game: pg.PositionalGame, timeout: float | None = None, tt_limit: int | None = None,
              symmetry: bool = True, engine: str | None = None, jobs: int = 1, dask: str | None = None,
              certificate: bool = False, **kw) -> tuple[str, list, dict, dict]:
    """(result black/white/draw, engines for the certificate builder, merged choices, stats) of a
    ``.pg`` game by the PN² driver: black's question, then white's in a Maker-Maker game."""
    from .engine import make_search
    if jobs < 1:
        raise InputError(f"--jobs must be a positive integer, got {jobs!r}")
    deadline = None if timeout is None else time.monotonic() + timeout
    searches, known, stats = [], {}, {}
    try:
        for attacker in (pg.BLACK, pg.WHITE) if game.maker_maker else (pg.BLACK,):
            d = ProofNumberSearch(game, attacker, engine, tt_limit, symmetry, deadline, jobs, dask, certificate, **kw)
            won = d.run()
            for k, v in d.stats().items():
                stats[k] = stats.get(k, 0) + v if isinstance(v, int) else v
            known[attacker] = d.known
            searches.append(d.fallback or make_search(game, attacker, engine, tt_limit=tt_limit, symmetry=symmetry))
            if won:
                return attacker, searches, known, stats
    except Undecided:
        raise Undecided(f"undecided within {timeout:g} s" if timeout is not None else "undecided") from None
    return game.end_result(), searches, known, stats
