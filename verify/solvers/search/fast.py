"""The proof search on the compiled kernel (:mod:`verify.solvers.search.kernel`, extra ``fast``):
the same question and interface as :class:`verify.solvers.search.ProofSearch` (``solve(black,
white, t) -> (wins, carrier, move)``), for the games the kernel covers (:func:`eligible`). The
certificate builder walks its proofs like the reference's, and the independent checker
(:mod:`verify.certificates.proof`) re-derives everything but the recorded moves.
"""
from __future__ import annotations

import time

from ...errors import Undecided
from ...games import positional as pg
from ...games.attack import Attack
from ...hypergraph import minimal_masks

#: the kernels' boards: masks of one word up to 64 cells and of two words up to 128, for
#: Maker-Breaker games (no Y sets: :mod:`verify.solvers.search.kernel`) and races
#: (:mod:`verify.solvers.search.kernel_race`) alike
WORD_CELLS = 64
MAX_CELLS = 128
RACE_MAX_CELLS = MAX_CELLS
#: the table's default bound (entries of 40 bytes, 56 in races: 0.7 / 0.9 GB when full; it starts
#: small and doubles as it fills; on boards of two words, entries of 80 bytes, half as many). Below a search's working set it thrashes: with the old
#: threat-space search (6 threats, 64 positions) Qubic's whole game (7.5 M nodes) took 88 CPU s with
#: 2^22 or 2^24 entries and over 20 CPU minutes with 2^21; with today's it takes 2.2 s (280 k nodes)
#: with anything from 2^16 to 2^24.
TT_LIMIT = 1 << 24
CHUNK_SECONDS = 0.1  # about this long between two returns to Python (deadline, progress, table growth)
#: threats in a row the threat-space search looks for, and its positions per X turn. Measured on
#: Qubic (Maker first, whole game and seven openings): 16 and 256 took 2.4 CPU s on the whole game
#: (1.4 s once the search tried the most promising cells first, 0.09 s today), 6 and 64 took 71 s
#: (too shallow a search leaves the lines to the full search); on Hex puzzles, van der Waerden and
#: animal races they make no difference (bench/bench_search.py --engines).
TSS_DEPTH = 16
TSS_BUDGET = 256
FIRST_SLOTS = 1 << 16  # the table's first size in entries (it doubles as it fills, up to the limit)
PAIR_LEAF_SETS = 32  # the kernel tries its greedy pairing leaf on residuals of at most this many live sets
#: the race kernel's pairing leaves at X's turns (:func:`verify.solvers.search.kernel.pair_search`,
#: any number of live sets): the pairs tried at a choice, at most (0: off)
RACE_PAIR_BUDGET = 2000
#: the kernels' searched pairing leaves (:func:`verify.solvers.search.kernel.pair_search` on any number
#: of live sets, where the greedy pairing is not tried or fails) and Y's replies into them (both
#: kernels; the race kernel's leaves at X's turns keep RACE_PAIR_BUDGET): the pairs tried at a
#: choice, at most (0: both off)
MB_PAIR_BUDGET = 256
#: the race kernel asks its Maker-Breaker oracle only at states where X has at most ORACLE_SETS live
#: sets or at most ORACLE_MOVES moves left (ORACLE_SETS = 0: everywhere). Measured (CPU s, "does
#: black win?", with the race pairing leaves): the L pentomino's 6x6 race 13.4 without the oracle,
#: over 130 with it everywhere, 15.9 with 32 sets alone, 18 with 32 sets or 7 moves; the skinny 6x6
#: race 13.4 without, 2.5 everywhere, 2.7 with 32 sets, 10.9 with 24; the L 7x7 race within 7 moves
#: 311 k nodes before the leaves, 246 k with them and the oracle everywhere or at 7 moves, 452 k
#: with 32 sets alone
ORACLE_SETS = 32
ORACLE_MOVES = 7


def available() -> bool:
    """Is the compiled kernel importable (numba installed)?"""
    try:
        import numba  # noqa: F401
    except ImportError:
        return False
    return True


def y_has_sets(game: pg.PositionalGame, attacker: str) -> bool:
    """Has Y (the other player) a set that X's starting stones do not block? (Then the game is a
    race for the kernels: :mod:`verify.solvers.search.kernel_race`.)"""
    own = game.start()[0 if attacker == pg.BLACK else 1]
    return any(not s & own for s in game.sets(pg.other(attacker)))


def eligible(game: pg.PositionalGame, attacker: str) -> bool:
    """The kernels' games: no #firstmoves, and at most 128 cells (one word per mask up to 64, two
    up to 128); at most RACE_MAX_CELLS when Y has a set X has not blocked from the start. Games in
    which Y has such a set run on :mod:`verify.solvers.search.kernel_race`, the others on
    :mod:`verify.solvers.search.kernel` (the value is then a function of X's residual needs)."""
    cells = len(game.positions)
    if game.first_moves is not None or cells > MAX_CELLS:
        return False
    return cells <= RACE_MAX_CELLS or not y_has_sets(game, attacker)


def words_for(cells: int) -> int:
    """The words of the kernel's masks on a board of ``cells`` cells (1 or 2)."""
    return 1 if cells <= WORD_CELLS else 2


def perm_tables(perms, n: int, words: int | None = None):
    """The kernel's tables of permutations of the cells 0..n-1 (n <= 64 words, ``words`` None: as
    :func:`words_for`): ``T[i, b, byte]`` is the image under ``perms[i]`` of the cells ``byte`` of
    byte b (cells 8b..8b+7), and ``T[i, 8 * words, c]`` the image of cell c (one-cell masks). For
    two words each entry is a mask of two words: the tables have a last axis (cells 0-63, 64-127)."""
    import numpy as np
    words = words_for(n) if words is None else words
    cells = WORD_CELLS * words
    T = np.zeros((len(perms), 8 * words + 1, 256, words), dtype=np.uint64)
    if perms:
        image = np.array(perms, dtype=np.int64)
        bits = np.zeros((len(perms), cells, words), dtype=np.uint64)  # cell c's image, word by word
        for w in range(words):
            bits[:, :n, w] = np.where(image // WORD_CELLS == w,
                                      np.left_shift(np.uint64(1), (image % WORD_CELLS).astype(np.uint64)), 0)
        pick = ((np.arange(256)[None, :] >> np.arange(8)[:, None]) & 1).astype(np.uint64)  # bit j of each byte
        for b in range(8 * words):
            for w in range(words):
                T[:, b, :, w] = bits[:, 8 * b:8 * b + 8, w] @ pick  # distinct bits: the sum is the union
        T[:, 8 * words, :cells] = bits
    return np.ascontiguousarray(T[..., 0]) if words == 1 else T


class _Size:
    def __init__(self, n: int):
        self.n = n

    def __len__(self):
        return self.n


class FastProofSearch(Attack):
    """Can ``attacker`` force a win in ``game``? The kernel's search with a table of ``tt_limit``
    entries (None: ``TT_LIMIT``; rounded up to a power of two); ``tss_depth=0`` turns the
    threat-space search off; ``tss_budget`` is its positions per X turn (None: ``TSS_BUDGET``);
    ``root_tss_budget`` > 0 makes the race kernel deepen it iteratively (2, 4, ... threats, that
    budget a depth) at the state a call asks about, in the call's first chunk
    (:mod:`verify.solvers.search.hints`: Patashnik's forced wins on Qubic).
    ``words`` is the width of the kernel's masks (None: :func:`words_for` the board; 2 on a smaller
    board runs the two-word kernel there, Maker-Breaker or race, the same search: for tests). Masks are
    Python ints outside (``solve``, ``canonical_key``, ``threat_line``, ``pairing``).
    ``symmetry`` is off unless asked for, as in :class:`~verify.solvers.search.ProofSearch`; the
    entry points (:func:`~verify.solvers.search.decide`, ``make_search``) turn it on: on Qubic the
    whole game took 83 CPU s with it and over 5 CPU minutes without (measured with the shallower
    threat-space search of 6 threats and 64 positions)."""

    def __init__(self, game: pg.PositionalGame, attacker: str, tt_limit: int | None = None,
                 deadline: float | None = None, progress=None, symmetry=None, tss_depth: int = TSS_DEPTH,
                 sym_until: int = 64, pairing_leaves: int | None = None, mb_oracle: bool = True,
                 race_pairings: int | None = None, oracle_moves: int | None = None,
                 oracle_sets: int | None = None, pair_budget: int | None = None, tss_budget: int | None = None,
                 root_tss_budget: int = 0, words: int | None = None):
        import numpy as np
        from . import kernel as k
        super().__init__(game, attacker)
        self.k = k
        own, opp = self.own_opp(*game.start())
        self.xsets = minimal_masks(s for s in game.sets(attacker)
                                   if not s & opp and (s & ~own).bit_count() <= self.left_x[0])
        # Y's sets X has not blocked, whatever their size (the race kernel's carriers and keys)
        self.ysets = minimal_masks(s for s in game.sets(self.y) if not s & own)
        self.race = bool(self.ysets)
        self.words = words_for(len(game.positions)) if words is None else words
        if len(game.positions) > WORD_CELLS * self.words:
            raise ValueError(f"no kernel of {self.words} word(s) for this game (see fast.eligible)")
        if self.race:
            from . import kernel_race as search_kernel_race
            self.kr = search_kernel_race
        n = len(self.sched)
        self.n = n
        self.np = np
        self.S = self._masks(self.xsets)
        self.Sy = self._masks(self.ysets)
        self.inc = k.set_incidence(self.S)
        self.isx = np.zeros(n + 3, dtype=np.bool_)
        self.xyx = np.zeros(n + 3, dtype=np.bool_)
        self.yx = np.zeros(n + 3, dtype=np.bool_)
        for t in range(n + 1):
            self.isx[t] = t < n and self.sched[t] == attacker
            self.xyx[t] = self.sched[t:t + 3] == (attacker, self.y, attacker)
            self.yx[t] = self.sched[t:t + 2] == (self.y, attacker)
        self.lx = np.array(self.left_x + [0, 0], dtype=np.int64)
        # pairing leaves where X never moves twice in a row from t on (search_leaves.PAIR_SETS = 0
        # turns every pairing leaf off)
        from .leaves import PAIR_SETS, no_double_moves
        most = min(PAIR_LEAF_SETS if pairing_leaves is None else pairing_leaves, PAIR_SETS)
        self.pk = np.array([most if ok else 0 for ok in no_double_moves(self.sched, attacker)] + [0, 0],
                           dtype=np.int64)
        self.ly = np.array(self.left_y + [0, 0], dtype=np.int64)
        self.rpb = RACE_PAIR_BUDGET if race_pairings is None else race_pairings
        self.mpb = MB_PAIR_BUDGET if pair_budget is None else pair_budget
        self.limit = 4
        while self.limit < (TT_LIMIT // self.words if tt_limit is None else tt_limit):
            self.limit *= 2
        # the table starts small and doubles while more than half full, up to the limit (a large
        # table allocated up front costs more in page faults than a small search takes)
        slots = min(self.limit, FIRST_SLOTS)
        # a board with f free cells has at most 3^f states: a table twice that never fills (on the
        # one-node 3x3 Hex puzzle the smaller table's page faults were a tenth of the solve)
        free = (game.full_mask & ~own & ~opp).bit_count()
        if free < 20:
            self.limit = min(self.limit, max(4, 1 << (2 * 3 ** free - 1).bit_length()))
            slots = min(slots, self.limit)
        self.tab = np.zeros((slots, 7 if self.race else 5) + self._word_axis(), dtype=np.uint64)
        self.mask = slots - 1
        # the race kernel's Maker-Breaker oracle (X loses if X loses when Y only blocks): its own
        # table of residual keys, fixed size; none when mb_oracle is off
        oracle_slots = min(self.limit, 1 << 20) if self.race and mb_oracle else 0
        self.tab2 = np.zeros((oracle_slots, 5) + self._word_axis(), dtype=np.uint64)
        self.lv = np.zeros((n + 3, max(1, len(self.xsets))), dtype=np.int32)
        self.ln = np.zeros(n + 3, dtype=np.int64)
        self.lvy = np.zeros((n + 3, max(1, len(self.ysets))), dtype=np.int32)
        self.lny = np.zeros(n + 3, dtype=np.int64)
        self.st = np.zeros(k.STATS, dtype=np.int64)
        self.st[k.TSS_BUDGET] = TSS_BUDGET if tss_budget is None else tss_budget
        self.st[k.ORACLE_MOVES] = ORACLE_MOVES if oracle_moves is None else oracle_moves
        self.st[k.ORACLE_SETS] = ORACLE_SETS if oracle_sets is None else oracle_sets
        self.st[k.PAIR_BUDGET] = self.mpb
        self.st[k.TSS_COUNTER] = 1 if self.race else 0
        self.root_tss_budget = root_tss_budget
        self.tss_depth = tss_depth
        self.chunk = 1 << 14
        self.deadline = deadline
        self.progress = progress
        self.full = self._mask(game.full_mask)
        # automorphisms of X's sets, and Y's (their images of a state have the same needs up to
        # renaming: the same value), applied to the table keys while t < sym_until
        group = []
        if symmetry:
            from .symmetry import automorphisms, inverse
            b, w = (self.xsets, self.ysets) if self.xb else (self.ysets, self.xsets)
            group = automorphisms(game, b, w)[1:]
        self.group = group  # the permutations behind T (row i is group[i])
        self.T = perm_tables(group, len(game.positions), self.words)
        self.Ti = perm_tables([inverse(p) for p in group], len(game.positions), self.words)
        self.sym_until = sym_until if group else 0
        # on a symmetric board the certificate builder links isomorphic residuals (as for the
        # reference): the kernel's proofs lean on symmetric positions the checker would re-prove
        # (no residual links with Y sets: the checker keys those games by the full state)
        self.iso = bool(group) and not self.race

    def _word_axis(self) -> tuple[int, ...]:
        """The extra axis of the kernel's arrays of masks: () for one word, (2,) for two."""
        return () if self.words == 1 else (2,)

    def _mask(self, x: int):
        """The kernel's mask of the Python int x (a uint64, or a pair: cells 0-63, 64-127)."""
        np = self.np
        if self.words == 1:
            return np.uint64(x)
        return np.uint64(x & 0xFFFFFFFFFFFFFFFF), np.uint64(x >> 64)

    def _masks(self, xs):
        """The kernel's array of the masks xs (uint64, shape (n,) or (n, 2))."""
        np = self.np
        if self.words == 1:
            return np.array(xs, dtype=np.uint64)
        return np.array([(x & 0xFFFFFFFFFFFFFFFF, x >> 64) for x in xs], dtype=np.uint64).reshape(-1, 2)

    @staticmethod
    def _int(m) -> int:
        """The Python int of a kernel's mask (a uint64, a pair of them, or a row of a mask array)."""
        if getattr(m, "ndim", 0) == 0 and not isinstance(m, tuple):
            return int(m)
        return int(m[0]) | int(m[1]) << 64

    def canonical_key(self, black: int, white: int, t: int):
        """The kernel's table key of a state: (U, X's stones on U, t) mapped to its least image
        under the automorphisms while t < sym_until, and the permutation giving it (None: the key
        itself); None if X has no live set."""
        own, opp = self.own_opp(black, white)
        left = self.left_x[t]
        u = 0
        for s in self.xsets:
            if not s & opp and (s & ~own).bit_count() <= left:
                u |= s
        if not u:
            return None
        o = own & u
        if t >= self.sym_until:
            return (u, o, t), None
        cu, co, arg = self.k.canonical(self.T, self._mask(u), self._mask(o))
        return (self._int(cu), self._int(co), t), (None if arg < 0 else self.group[arg])

    def _grow(self):
        k = self.k
        slots = len(self.tab)
        if slots < self.limit and self.st[k.STORED] > slots // 2:
            new = self.np.zeros((2 * slots,) + self.tab.shape[1:], dtype=self.np.uint64)
            self.st[k.STORED] = 0
            k.rehash(self.tab, new, 2 * slots - 1, self.st)
            self.tab, self.mask = new, 2 * slots - 1

    # statistics in the reference's names
    @property
    def nodes(self) -> int:
        return int(self.st[self.k.NODES])

    @property
    def proven(self) -> int:
        return int(self.st[self.k.PROVEN])

    @property
    def disproven(self) -> int:
        return int(self.st[self.k.DISPROVEN])

    @property
    def threat_space_nodes(self) -> int:
        """Positions the threat-space search visited (not counted in ``nodes``)."""
        return int(self.st[self.k.TSS_NODES])

    @property
    def tt(self):
        return _Size(min(int(self.st[self.k.STORED]), len(self.tab)))

    @property
    def hits(self) -> dict[str, int]:
        k = self.k
        names = {"residual_transposition": k.TT_HITS, "threat_space": k.TSS_WINS, "replaced": k.REPLACED,
                 "must_play": k.MUST_PLAY, "forced_block": k.FORCED, "pairing_leaf": k.PAIRINGS,
                 "maker_breaker_oracle": k.MB_LOSSES, "oracle_calls": k.ORACLE_CALLS, "refuted_reply_carrier": k.CARRIER_SKIPS,
                 "threat_space_blocks": k.TSS_BLOCKS}
        return {name: int(self.st[i]) for name, i in names.items() if self.st[i]}

    def threat_line(self, black: int, white: int, t: int, depth: int = TSS_DEPTH) -> tuple[bool, int, int]:
        """The kernel's threat-space search alone at X's turn of (black, white, t), within ``depth``
        threats: (found, carrier, first move). Deterministic: from the state after the first move
        and Y's forced reply, ``depth - 1`` finds the rest of the same line (the same depth-first
        order, a budget at least the one left), so a builder can follow one line to its end. In a
        race the line stops where Y has a one-cell need, and the carrier holds the free cells of Y's
        sets X has not blocked (as the race kernel's)."""
        if depth <= 0 or t >= self.n or not self.isx[t]:
            return False, 0, 0
        np, k = self.np, self.k
        own, opp = self.own_opp(black, white)
        done, live = self._live(own, opp, t)
        if done or not len(live):
            return False, 0, 0
        self.lv[0, :len(live)] = live
        self.ln[0] = len(live)
        Sy, yopen = self.S[:0], 0
        if self.race:  # Y's sets X has not blocked (a line stops where Y has a one-cell need)
            open_y, _ = self._open_y(own, opp)
            self.lvy[0, :len(open_y)] = open_y
            self.lny[0] = len(open_y)
            Sy, yopen = self.Sy, self.open_cells(self.ysets, own, opp)
        self.st[k.TSS_LEFT] = self.st[k.TSS_BUDGET]
        counter = self.st[k.TSS_COUNTER]
        self.st[k.TSS_COUNTER] = 0  # a line the certificate's threat-line rule takes: no Y threat on it
        try:
            won, car, v = k.tss(self.S, self.lv, self.ln, Sy, self.lvy, self.lny, self.isx, self.lx, self.n,
                                self._mask(own), self._mask(opp), t, 0, depth, self.st, self.inc)
        finally:
            self.st[k.TSS_COUNTER] = counter
        return bool(won), self._int(car) | (yopen if won else 0), self._int(v)

    def _open_y(self, own: int, opp: int):
        """(indices of Y's sets X has not blocked, has Y completed one of them), on one or two
        words alike (the sets as rows of words)."""
        np = self.np
        sy = self.Sy.reshape(len(self.Sy), -1)
        words = np.array(self._mask(own), dtype=np.uint64).reshape(-1)
        open_y = np.nonzero(((sy & words) == 0).all(axis=1))[0]
        free = np.array(self._mask(~opp & self.game.full_mask), dtype=np.uint64).reshape(-1)
        return open_y, bool(((sy[open_y] & free) == 0).all(axis=1).any())

    def _live(self, own: int, opp: int, t: int):
        """(X has completed a set, indices of X's live sets: untouched by Y, within X's moves left at t)."""
        left = self.left_x[t]
        live = []
        for i, s in enumerate(self.xsets):  # (plain ints: faster than numpy at the sizes here)
            if not s & opp:
                need = (s & ~own).bit_count()
                if not need:
                    return True, []
                if need <= left:
                    live.append(i)
        return False, live

    def pairing(self, black: int, white: int, t: int, budget: int | None = None) -> list[int] | None:
        """The kernel's searched pairing leaf at (black, white, t): the pairs
        (:func:`verify.solvers.search.kernel.pair_search` on X's live needs, the same search and
        budget as the kernel's, race or Maker-Breaker, unless ``budget`` is given: a smaller budget
        finds a subset of the same pairings, the search order being the same) or None (none found,
        none asked for: searched pairings off, X may move twice in a row from t on). The
        certificate builder records these (:func:`verify.solvers.search.leaves.pairer`)."""
        own_budget = self.rpb if self.race else self.mpb
        if own_budget <= 0 or t >= self.n or self.pk[t] <= 0:
            return None
        own, opp = self.own_opp(black, white)
        out = self.np.zeros((WORD_CELLS * self.words // 2 + 1,) + self._word_axis(), dtype=self.np.uint64)
        got = self.k.state_pairing(self.S, self._mask(own), self._mask(opp), self.left_x[t], budget or own_budget, out)
        return None if got < 0 else [self._int(p) for p in out[:got]]

    def wins(self, black: int, white: int, t: int) -> bool:
        return self.solve(black, white, t)[0]

    def solve(self, black: int, white: int, t: int, xl=None, yl=None) -> tuple[bool, int, int]:
        """(X wins, carrier, X's winning move at an X turn or Y's refutation at a Y turn, else 0)."""
        np, k = self.np, self.k
        own, opp = self.own_opp(black, white)
        S = self.S
        done, live = self._live(own, opp, t)
        if done:
            return True, 0, 0
        if self.race:
            open_y, y_won = self._open_y(own, opp)
            if y_won:
                return False, 0, 0  # Y has completed a set
            self.lvy[0, :len(open_y)] = open_y
            self.lny[0] = len(open_y)
        if t >= self.n or not len(live):
            return False, 0, 0
        self.lv[0, :len(live)] = live
        self.ln[0] = len(live)
        root_budget = self.root_tss_budget  # the first chunk's root only
        while True:
            self.st[k.BUDGET] = self.st[k.NODES] + self.chunk
            self.st[k.TSS_ROOT_BUDGET], root_budget = root_budget, 0
            t0 = time.perf_counter()
            if self.race:
                status, car, mv = self.kr.race_node(
                    S, self.lv, self.ln, self.Sy, self.lvy, self.lny, self.isx, self.xyx, self.lx, self.ly,
                    self.n, self.full, self.tab, self.mask, self.st, self._mask(own), self._mask(opp), t, 0,
                    self.tss_depth, self.T, self.Ti, self.sym_until, self.tab2, max(len(self.tab2) - 1, 0),
                    self.pk, self.inc, self.rpb)
            else:
                status, car, mv = k.node(S, self.lv, self.ln, self.isx, self.xyx, self.lx, self.n, self.full,
                                         self.tab, self.mask, self.st, self._mask(own), self._mask(opp), t, 0,
                                         self.tss_depth, self.T, self.Ti, self.sym_until, self.pk, self.inc)
            if status >= 0:
                return bool(status), self._int(car), self._int(mv)
            spent = time.perf_counter() - t0
            self.chunk = int(min(max(self.chunk * CHUNK_SECONDS / max(spent, 1e-4), 1 << 10), 1 << 22))
            self._grow()
            if self.deadline is not None and time.monotonic() > self.deadline:
                raise Undecided("search stopped at the deadline")
            if self.progress is not None:
                self.progress(self)


def warm_up(wide: bool = False) -> float:
    """Load (or compile, the first time) the kernels (Maker-Breaker and race) on masks of one word,
    and with ``wide`` on masks of two words too (boards of 65..128 cells: a second compilation,
    tens of seconds the first time, then loaded from numba's cache); the seconds it took (once per
    process)."""
    from ...families import tic_tac_toe
    t0 = time.perf_counter()
    for words in (1, 2) if wide else (1,):
        for g in (pg.from_maker_breaker(tic_tac_toe(3), 0, 0, "maker"), pg.race(tic_tac_toe(3))):
            FastProofSearch(g, pg.BLACK, tt_limit=64, words=words).wins(*g.start(), 0)
    return time.perf_counter() - t0
