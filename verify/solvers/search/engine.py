"""The proof search: one engine deciding ``.pg`` games and Maker-Breaker games (method ``search``).

A Maker-Breaker game is the ``.pg`` game :func:`verify.games.positional.from_maker_breaker` (black
is Maker, the schedule alternates until the board is full), so both games run on one engine. The
engine answers one boolean question, "can the *attacker* X force a win?" (X completes one of its
sets before the opponent Y completes one of Y's, within the schedule). A ``.pg`` outcome takes one
question (Maker-Breaker description: black wins or white wins) or two (Maker-Maker: black wins, else
white wins, else draw).

The search is a depth-first AND/OR proof search with a bounded transposition table. Each rule below
is exact (never changes a result) and relies on the lemma stated with it:

- **Depth bound** (:meth:`ProofSearch._live`): a set needing more cells than its owner has moves left
  in the schedule can never be completed, so it is dropped. The schedule is never searched beyond
  its last time point.
- **Immediate win / forced block** (:meth:`ProofSearch._attack`): the mover completing a set wins at
  once; when the opponent moves next and holds one-cell threats on two different cells, the mover
  (who moves once) cannot block both; with one threat cell the mover must take it.
- **Dead cells** (:meth:`ProofSearch._attack`): a cell on no live set of either player is worth no
  more to X than passing, and passing is never better than any other move (monotonicity: an extra own
  stone never hurts in a set-completion game), so X tries only live cells.
- **Must-play region from the residual sets** (:meth:`ProofSearch._defend`): at Y's turn X is first
  given a free move (Y passes). *Monotonicity*: Y holding fewer stones never helps Y, so if X does
  not win after the pass, X does not win at all. If X wins after the pass, the proof's *carrier*
  C (cells the proof plays on or relies on being free, see below) has this property: X still wins
  with any extra Y stones outside C. So every Y move outside C loses for Y and only the moves in C
  are searched (the Hex solvers' must-play region, derived here from the sets alone). Carrier of a
  proof: X's immediate win at cell a: {a}; X's move v: {v} ∪ carrier of the reply position; Y's
  turn: carrier of the pass proof ∪ each searched reply c with its proof's carrier; in a Maker-Maker
  game, also every cell of Y's sets that X has not blocked (so extra Y stones cannot complete or
  advance a Y set).
- **Pairing leaves** (``pairing_leaves``, :func:`verify.solvers.search.leaves.pair_cover`): where X
  never moves twice in a row from t on and Y holds a pairing of X's live needs (disjoint pairs of
  free cells, one inside every live set), Y answers each X move on a pair with its mate and X
  completes no set: the state is lost for X (lemma and proof in :mod:`verify.certificates.proof`,
  whose checker accepts the pairing as a leaf). At Y's turn any Y move keeps the state lost (a
  stone off the pairs is an extra Y stone, one on a pair blocks that pair's sets); a pair's cell.
- **Automorphisms** (:mod:`verify.solvers.search.symmetry`, optional): positions that an
  automorphism of the game (a permutation of the cells preserving both players' sets, initial
  stones and first-move cells) maps onto each other have the same value; the table is keyed by a
  canonical image.

With numba installed (extra ``fast``) :func:`make_search` runs the same rules compiled
(:mod:`verify.solvers.search.kernel`) on the games it covers; this module stays the reference.

Winning proofs are recorded as compact certificates (:mod:`verify.certificates.proof`): only X's
moves and the searched Y replies, the checker re-deriving immediate wins, forced blocks and
must-play regions.
"""
from __future__ import annotations

import sys
import time

from ...errors import MethodError, Undecided
from ...games import positional as pg
from ...games.attack import Attack
from ...hypergraph import bits, minimal_masks
from .leaves import no_double_moves, pair_cover

TT_LIMIT = 2_000_000
PAIR_LEAF_SETS = 12  # the reference tries pairing leaves on residuals of at most this many live sets
ISO_SETS = 48  # on symmetric boards, residuals with at most this many sets are merged up to isomorphism
_CHECK_EVERY = 2048


class ProofSearch(Attack):
    """Can ``attacker`` force a win in ``game`` from a state? ``solve(black, white, t)``.

    ``t`` is the number of time points of the schedule already played (a pass advances ``t``
    without a stone). ``tt_limit`` bounds the transposition table (entries; None: ``TT_LIMIT``);
    when it is full the older half is evicted (insertion order). ``deadline`` (a ``time.monotonic()`` value) raises
    :class:`Undecided`. ``symmetry=True`` merges positions symmetric under the automorphisms of the
    sets the search uses (:func:`verify.solvers.search.symmetry.canonicaliser`).
    """

    def __init__(self, game: pg.PositionalGame, attacker: str, tt_limit: int | None = None,
                 deadline: float | None = None, progress=None, symmetry=None, residual: bool = True,
                 pairing_leaves: int | None = None):
        super().__init__(game, attacker)
        n = len(self.sched)
        sched = self.sched
        own, opp = self.own_opp(*game.start())
        # the depth bound first (cheap), then inclusion-minimal sets: a superset never wins first
        self.xsets = minimal_masks(s for s in game.sets(attacker)
                                   if not s & opp and (s & ~own).bit_count() <= self.left_x[0])
        self.ysets = minimal_masks(s for s in game.sets(self.y)
                                   if not s & own and (s & ~opp).bit_count() <= self.left_y[0])
        # Y's sets X has not blocked, whatever their size: extra Y stones (the must-play lemma)
        # could bring any of them within reach, so their cells belong to every carrier
        self.y_open = minimal_masks(s for s in game.sets(self.y) if not s & own)
        self.mm = bool(self.y_open)
        # X, Y, X from t on: the pattern of the two-move oracles
        self.xyx = [sched[t:t + 3] == (attacker, self.y, attacker) for t in range(n + 1)]
        self.yx = [sched[t:t + 2] == (self.y, attacker) for t in range(n + 1)]
        # pairing leaves: tried on residuals of at most this many live sets where X never moves
        # twice in a row from t on (0: never)
        self.pairing_leaves = PAIR_LEAF_SETS if pairing_leaves is None else pairing_leaves
        self.answerable = no_double_moves(sched, attacker)
        self.tt: dict = {}
        self.tt_limit = TT_LIMIT if tt_limit is None else tt_limit
        self.deadline = deadline
        self.progress = progress
        # Residual transpositions: without Y sets the value of a state depends only on what X
        # still needs (xl) and the rest of the schedule; cells off xl are dead for both players.
        self.residual = residual and not self.mm and game.first_moves is None
        self.iso = False
        if symmetry:
            from .symmetry import canonicaliser
            b, w = (self.xsets, self.ysets) if self.xb else (self.ysets, self.xsets)
            canon = canonicaliser(game, b, w)
            # with residual keys, a symmetric board also merges isomorphic residuals (which
            # costs an invariant renumbering per node: only worth it when symmetry is present)
            self.iso = self.residual and canon is not None
            symmetry = None if self.residual else canon
        self.symmetry = symmetry or None
        self.hits: dict[str, int] = {}  # how often each rule fired (tests and stats)
        self.nodes = 0
        self.proven = 0
        self.disproven = 0
        self._tick = 0
        self.check_every = _CHECK_EVERY  # nodes between two heartbeats (deadline, progress)

    # -- state helpers -----------------------------------------------------------------------------
    def lists(self, black: int, white: int, t: int) -> tuple[list[int], list[int]]:
        """What X and Y still need on each set the opponent has not touched, within their moves."""
        own, opp = self.own_opp(black, white)
        lx, ly = self.left_x[t], self.left_y[t]
        xl = [s & ~own for s in self.xsets if not s & opp and (s & ~own).bit_count() <= lx]
        yl = [s & ~opp for s in self.ysets if not s & own and (s & ~opp).bit_count() <= ly]
        return xl, yl

    def _y_cells(self, black: int, white: int) -> int:
        """Cells of Y's sets X has not blocked (part of every carrier in a Maker-Maker game)."""
        if not self.mm:
            return 0
        own, opp = self.own_opp(black, white)
        return self.open_cells(self.y_open, own, opp)

    # -- the search --------------------------------------------------------------------------------
    def wins(self, black: int, white: int, t: int) -> bool:
        return self.solve(black, white, t)[0]

    def solve(self, black: int, white: int, t: int, xl=None, yl=None) -> tuple[bool, int, int]:
        """(X wins, carrier, X's winning move at an X turn or Y's refutation at a Y turn, else 0)."""
        if self.residual:
            if xl is None:
                xl, yl = self.lists(black, white, t)
            exact = (tuple(sorted(xl)), t)  # same residual: same cells, no renumbering
            hit = self.tt.get(exact)
            if hit is not None:
                self._hit("residual_transposition")
                return hit
            key = fwd = None
            if self.iso and len(xl) <= ISO_SETS:
                form, fwd = residual_form(xl)
                key = ("iso", form, t)
                hit = self.tt.get(key)
                if hit is not None:
                    self._hit("residual_isomorphism")
                    back = {v: k for k, v in fwd.items()}
                    return hit[0], _remap(back, hit[1]), _remap(back, hit[2])
            out = self._solve(black, white, t, xl, yl)
            self._store(exact, out)
            if key is not None:
                self._store(key, (out[0], _remap(fwd, out[1]), _remap(fwd, out[2])))
            return out
        if self.symmetry is None:
            key, perm = (black, white, t), None
        else:
            cb, cw, perm = self.symmetry(black, white)
            key = (cb, cw, t)
        hit = self.tt.get(key)
        if hit is None:
            if xl is None:
                xl, yl = self.lists(black, white, t)
            out = self._solve(black, white, t, xl, yl)
            # carriers and moves are stored in the canonical frame
            self._store(key, out if perm is None else (out[0], _apply(perm, out[1]), _apply(perm, out[2])))
            return out
        if perm is None:
            return hit
        self._hit("symmetry")
        inv = _inverse(perm)
        return hit[0], _apply(inv, hit[1]), _apply(inv, hit[2])

    def _store(self, key, value):
        if len(self.tt) >= self.tt_limit:
            self._evict()
        self.tt[key] = value

    def _hit(self, rule: str):
        self.hits[rule] = self.hits.get(rule, 0) + 1

    def _evict(self):
        self._hit("evictions")
        drop = len(self.tt) // 2
        for k in list(self.tt)[:drop]:
            del self.tt[k]

    def _solve(self, black, white, t, xl, yl) -> tuple[bool, int, int]:
        self.nodes += 1
        self._tick += 1
        if self._tick >= self.check_every:
            self._tick = 0
            self._heartbeat()
        if 0 in xl:
            return self._won(0, 0)
        if 0 in yl:
            return self._lost(0)
        if t >= len(self.sched) or not xl:
            return self._lost(0)
        if len(xl) <= self.pairing_leaves and self.answerable[t]:
            pairs = pair_cover(xl)
            if pairs is not None:
                self._hit("pairing_leaf")
                if self.sched[t] == self.x:
                    return self._lost(0)
                legal = self.legal(black, white, t)  # any Y move keeps the pairing (or blocks a pair)
                return self._lost((pairs[0] & -pairs[0]) if pairs[0] & -pairs[0] & legal else legal & -legal)
        if self.sched[t] == self.x:
            return self._attack(black, white, t, xl, yl)
        return self._defend(black, white, t, xl, yl)

    def _won(self, carrier: int, move: int) -> tuple[bool, int, int]:
        self.proven += 1
        return True, carrier, move

    def _lost(self, move: int) -> tuple[bool, int, int]:
        self.disproven += 1
        return False, 0, move

    def attack_moves(self, black, white, t, xl, yl) -> tuple[str, list[int]]:
        """X's candidates at an X turn: ('win', [a]) for an immediate win, ('lose', []) when Y's
        double threat cannot be met, else ('moves', cells in search order).

        Forced block: when Y moves next and holds a one-cell threat, X (without an immediate win)
        must take it, and cannot meet two. Dead cells: only cells on live sets are tried."""
        legal = self.legal(black, white, t)
        for s in xl:
            if s.bit_count() == 1 and s & legal:
                return "win", [s]
        if yl and t + 1 < len(self.sched) and self.sched[t + 1] == self.y:
            threats = 0
            for s in yl:
                if s.bit_count() == 1:
                    threats |= s
            if threats:
                self._hit("forced_block")
                if threats & (threats - 1):
                    return "lose", []
                return "moves", [threats] if threats & legal else []
        moves = _ordered(xl + yl, legal)
        if not moves and legal:
            moves = [legal & -legal]  # only dead cells are legal (#firstmoves): each equals a pass
            self._hit("dead_cell_pass")
        return "moves", moves

    def _attack(self, black, white, t, xl, yl):
        kind, moves = self.attack_moves(black, white, t, xl, yl)
        if kind == "win":
            return self._won(moves[0] | self._y_cells(black, white), moves[0])
        if kind == "lose":
            return self._lost(0)
        if not yl and self.left_x[t] == 2 and self.xyx[t] and (t or self.game.first_moves is None):
            return self._double_threat(black, white, xl, moves)
        lx, ly = self.left_x[t + 1], self.left_y[t + 1]
        for v in moves:
            cxl = [s & ~v for s in xl if (s & ~v).bit_count() <= lx]
            cyl = [s for s in yl if not s & v and s.bit_count() <= ly] if yl else yl
            bk, wh = self.play(black, white, v, True)
            ok, c, _ = self.solve(bk, wh, t + 1, cxl, cyl)
            if ok:
                return self._won(c | v | self._y_cells(black, white), v)
        return self._lost(0)

    def _double_threat(self, black, white, xl, moves):
        """Oracle for X, Y, X with X's last two moves and no Y sets: X wins iff some move v leaves
        one-cell threats on two different cells (Y blocks one, X completes the other); carrier
        {v, a, b}. Otherwise X's first move leaves at most one threat cell, Y takes it, and X
        cannot complete a set with one move."""
        self._hit("double_threat")
        partners = self.two_cell_partners(xl)
        for v in moves:
            p = partners.get(v, 0)
            if p & (p - 1):
                a = p & -p
                b = (p ^ a) & -(p ^ a)
                return self._won(v | a | b | self._y_cells(black, white), v)
        return self._lost(0)

    def _defend(self, black, white, t, xl, yl):
        legal = self.legal(black, white, t)
        for s in yl:
            if s.bit_count() == 1 and s & legal:
                return self._lost(s)  # Y completes a set now
        lx, ly = self.left_x[t + 1], self.left_y[t + 1]
        if not yl and self.left_x[t] == 1 and self.yx[t] and (t or self.game.first_moves is None):
            # X's last move comes next: X wins iff Y cannot take every one-cell threat
            self._hit("last_move")
            threats = 0
            for s in xl:
                if s.bit_count() == 1:
                    threats |= s
            threats &= self.game.full_mask & ~black & ~white
            if threats & (threats - 1):
                a = threats & -threats
                b = (threats ^ a) & -(threats ^ a)
                return self._won(a | b | self._y_cells(black, white), 0)
            return self._lost(threats or (legal & -legal))
        # the most promising reply first: if it refutes, no pass search is needed
        tried = _best(xl, legal) or (legal & -legal)
        carrier = 0
        if tried:
            ok, cc, _ = self._reply(black, white, t, xl, yl, tried, lx, ly)
            if not ok:
                self._hit("first_reply")
                return self._lost(tried)
            carrier = cc | tried
        ok, cp, _ = self.solve(black, white, t + 1, [s for s in xl if s.bit_count() <= lx],
                               [s for s in yl if s.bit_count() <= ly] if yl else yl)
        if not ok:
            self._hit("pass_refutes")
            return self._lost(tried or (legal & -legal))
        carrier |= cp | self._y_cells(black, white)
        region = legal & cp & ~tried
        if legal & ~cp & ~tried:
            self._hit("must_play")
        moves = _ordered(xl, region)
        rest = region & ~sum(moves)
        for c in moves + [1 << i for i in bits(rest)]:
            ok, cc, _ = self._reply(black, white, t, xl, yl, c, lx, ly)
            if not ok:
                return self._lost(c)
            carrier |= cc | c
        return self._won(carrier, 0)

    def _reply(self, black, white, t, xl, yl, c, lx, ly):
        cxl = [s for s in xl if not s & c]
        cyl = [s & ~c for s in yl if (s & ~c).bit_count() <= ly] if yl else yl
        bk, wh = self.play(black, white, c, False)
        return self.solve(bk, wh, t + 1, cxl, cyl)

    def _heartbeat(self):
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise Undecided("search stopped at the deadline")
        if self.progress is not None:
            self.progress(self)


def _apply(perm, mask):
    if not mask:
        return 0
    from .symmetry import apply
    return apply(perm, mask)


def _inverse(perm):
    from .symmetry import inverse
    return inverse(perm)


def residual_form(xl: list[int]) -> tuple[tuple, dict]:
    """An isomorphic copy of the family ``xl`` (cells renumbered by an invariant order: counts of
    incident sets of each size, ties by cell), and the renumbering (cell bit -> new bit). Equal
    forms imply isomorphic families, so the form is a sound table key; isomorphic residuals of a
    Maker-Breaker game have equal values, and carriers map across through the renumberings."""
    inv: dict[int, int] = {}
    for e in xl:
        w = 1 << (8 * e.bit_count())
        m = e
        while m:
            low = m & -m
            inv[low] = inv.get(low, 0) + w
            m ^= low
    order = sorted(inv, key=lambda v: (-inv[v], v))
    fwd = {v: 1 << i for i, v in enumerate(order)}
    out = []
    for e in xl:
        m = 0
        r = e
        while r:
            low = r & -r
            m |= fwd[low]
            r ^= low
        out.append(m)
    out.sort()
    return tuple(out), fwd


def _remap(mapping: dict, mask: int) -> int:
    """Image of ``mask`` under a cell-bit mapping; cells outside the mapping are dropped."""
    out = 0
    while mask:
        low = mask & -mask
        out |= mapping.get(low, 0)
        mask ^= low
    return out


def _best(sets: list[int], allowed: int) -> int:
    """The cell of ``allowed`` with the highest weight (2^-size per set through it), or 0. The
    weights are exact integers scaled by 2^top, top the largest set's size (at least 32)."""
    score: dict[int, int] = {}
    top = max([32] + [s.bit_count() for s in sets])
    for s in sets:
        m = s & allowed
        if not m:
            continue
        w = 1 << (top - s.bit_count())
        while m:
            low = m & -m
            score[low] = score.get(low, 0) + w
            m ^= low
    if not score:
        return 0
    return max(score, key=lambda v: (score[v], -v))


def _ordered(sets: list[int], allowed: int) -> list[int]:
    """Cells of ``allowed`` lying on the sets, most needed first (weight 2^-size per set)."""
    score: dict[int, float] = {}
    for s in sets:
        m = s & allowed
        if not m:
            continue
        w = 1.0 / (1 << s.bit_count())
        while m:
            low = m & -m
            score[low] = score.get(low, 0.0) + w
            m ^= low
    return sorted(score, key=lambda v: (-score[v], v))


# -- methods -----------------------------------------------------------------------------------------

class _Progress:
    """Nodes, rate, proven/disproven counts and elapsed time on stderr, only when it is a terminal."""

    def __init__(self):
        self.bar = None
        if sys.stderr.isatty():
            from tqdm import tqdm
            self.bar = tqdm(unit=" nodes", file=sys.stderr, leave=False)
        self.done = 0

    def __call__(self, search: "ProofSearch"):
        if self.bar is not None:
            self.bar.update(search.nodes - self.done)
            self.done = search.nodes
            self.bar.set_postfix(proven=search.proven, disproven=search.disproven, refresh=False)

    def close(self):
        if self.bar is not None:
            self.bar.close()


ENGINES = ("auto", "fast", "python")
DEFAULT_ENGINE = "auto"  # the engine when none is named (the reference's own tests pin "python")


def make_search(game: pg.PositionalGame, attacker: str, engine: str | None = None, **kw):
    """The search for "can ``attacker`` win?": the compiled kernel
    (:class:`verify.solvers.search.fast.FastProofSearch`) when ``engine`` is ``auto`` or ``fast``,
    the game is one it covers and numba is installed; otherwise the pure-Python reference
    :class:`ProofSearch` (``engine="python"``; ``"fast"`` on a game the kernel cannot take is an error)."""
    engine = engine or DEFAULT_ENGINE
    if engine not in ENGINES:
        raise MethodError(f"unknown search engine {engine!r} (known: {', '.join(ENGINES)})")
    if engine != "python":
        from . import fast as search_fast
        if search_fast.available() and search_fast.eligible(game, attacker):
            kw.pop("residual", None)
            return search_fast.FastProofSearch(game, attacker, **kw)
        if engine == "fast":
            raise MethodError("the compiled search needs numba (pip install .[fast]) and a game without "
                              "#firstmoves of at most 128 cells")
    kw.pop("tss_depth", None)
    kw.pop("mb_oracle", None)
    kw.pop("root_tss_budget", None)
    kw.pop("tss_budget", None)
    return ProofSearch(game, attacker, **kw)


def chooser(search, wins: bool, moves: dict, known: dict | None = None):
    """The builder's choice at a state of the walk: the ``known`` choice (a parallel search's), else
    the search's move (X's win or Y's refutation), else a legal move keeping the answer; each
    choice is recorded in ``moves``. In a proof on the compiled kernel, X follows a threat-space
    line to its end once it takes one (:func:`_threat_lines`)."""
    line = _threat_lines(search) if wins else None

    def choose(b, w, t):
        v = known.get((b, w, t), 0) if known else 0
        if not v and line is not None:
            v = line(b, w, t)
        if not v:
            won, _, v = search.solve(b, w, t)
            if won != wins:
                raise AssertionError("the search contradicts itself along its own proof")
        if not v:
            walk_legal = search.legal(b, w, t)
            for i in bits(walk_legal):
                c = 1 << i
                nb, nw = (b | c, w) if (search.sched[t] == pg.BLACK) else (b, w | c)
                if search.solve(nb, nw, t + 1)[0] == wins:
                    v = c
                    break
        moves[(b, w, t)] = v
        return v

    return choose


def _threat_lines(search):
    """X's move at X's turns of a proof walk on the compiled kernel, or None (Y's turn, no kernel):
    on a threat-space line being followed, the line's next move; else the kernel's move, replaced
    by the first move of the kernel's threat-space line when that line's carrier lies inside the
    kernel's carrier (the kernel proved the line in one node; asked again at a later state of it,
    it may answer with another line and another carrier, which the walk's must-play regions above
    would inherit). Lines follow the kernel's own order: :meth:`FastProofSearch.threat_line`."""
    depth = getattr(search, "tss_depth", 0)
    if not depth or not hasattr(search, "threat_line"):
        return None
    follow: dict = {}  # states on a line being followed -> the threats left

    def move(b, w, t):
        if search.sched[t] != search.x:
            return 0
        d = follow.pop((b, w, t), 0)
        won, car, v = search.threat_line(b, w, t, d) if d else (False, 0, 0)
        if not won:
            won, kcar, v = search.solve(b, w, t)
            if not won:
                raise AssertionError("the search contradicts itself along its own proof")
            d = depth
            won, car, lv = search.threat_line(b, w, t, d)
            if not won or car & ~kcar:
                return v
            v = lv
        nb, nw = search.play(b, w, v, True)
        own, opp = search.own_opp(nb, nw)
        threats = 0
        for s in search.xsets:
            need = s & ~own
            if not s & opp and need.bit_count() == 1:
                threats |= need
        if threats and not threats & (threats - 1):  # one threat: Y's forced reply, the line goes on
            follow[(*search.play(nb, nw, threats, False), t + 2)] = d - 1
        return v

    return move


def line_builder(search, lines: dict, known: dict | None = None):
    """The builder's threat lines (``pg-proof`` "lines", each checked in one step by
    :meth:`verify.certificates.proof.ProofWalk.line_carrier`), or None without the compiled kernel:
    at X's turn of a proof where X cannot complete a set at once and ``known`` has no choice, the
    kernel's threat-space line when its carrier lies inside the kernel's carrier for the state (as
    :func:`_threat_lines` takes it), followed to its end, recorded in ``lines`` and returned."""
    depth = getattr(search, "tss_depth", 0)
    if not depth or not hasattr(search, "threat_line"):
        return None

    def threats(b, w):
        own, opp = search.own_opp(b, w)
        out = 0
        for s in search.xsets:
            need = s & ~own
            if not s & opp and need.bit_count() <= 1:
                out |= need
        return out

    def y_threatens(b, w):  # a line cannot start where Y has a one-cell need (rule (ii))
        own, opp = search.own_opp(b, w)
        return any(not s & own and (s & ~opp).bit_count() <= 1 for s in getattr(search, "ysets", ()))

    def line(b, w, t):
        if search.sched[t] != search.x or (known and (b, w, t) in known) or threats(b, w) or y_threatens(b, w):
            return None
        won, kcar, _ = search.solve(b, w, t)
        if not won:
            raise AssertionError("the search contradicts itself along its own proof")
        won, car, v = search.threat_line(b, w, t, depth)
        if not won or car & ~kcar:
            return None
        start, out, d = (b, w, t), [], depth
        while True:
            out.append(v)
            b, w = search.play(b, w, v, True)
            c = threats(b, w)
            if c & (c - 1):
                lines[start] = out
                return out
            if not c:
                return None
            b, w = search.play(b, w, c, False)
            t, d = t + 2, d - 1
            won, _, v = search.threat_line(b, w, t, d)
            if not won:
                return None

    return line


def subgame_choices(search, won: bool, b: int, w: int, t: int) -> tuple[dict, int]:
    """The choices of the side winning the subgame at (b, w, t), collected by walking its proof or
    refutation with the checker's rules (:class:`verify.certificates.proof.ProofWalk`), and the
    proof's carrier (0 for a refutation): what a worker hands back for one certificate."""
    from ...certificates.proof import ProofWalk
    moves: dict = {}
    walk = ProofWalk(search.game, search.x, chooser(search, won, moves))
    if won:
        return moves, walk.prove(b, w, t)
    walk.refute(b, w, t)
    return moves, 0


def decide(game: pg.PositionalGame, timeout: float | None = None, tt_limit: int | None = None,
           symmetry: bool = True, engine: str | None = None) -> tuple[str, list[ProofSearch]]:
    """The result (black/white/draw) of a .pg game, and the searches that decided it."""
    deadline = None if timeout is None else time.monotonic() + timeout
    progress = _Progress()
    searches = []
    try:
        start = game.start()
        for attacker in (pg.BLACK, pg.WHITE) if game.maker_maker else (pg.BLACK,):
            s = make_search(game, attacker, engine, tt_limit=tt_limit, deadline=deadline, progress=progress,
                            symmetry=symmetry)
            searches.append(s)
            if s.wins(*start, 0):
                return attacker, searches
    except Undecided:
        raise Undecided(f"undecided within {timeout:g} s") from None
    finally:
        progress.close()
    return game.end_result(), searches


