"""The compiled hot loop of the proof search (optional extra ``fast``: numba), for games whose value
is a function of X's residual needs (no Y sets, no #firstmoves) on at most 128 cells.

It runs the rules of :class:`verify.solvers.search.ProofSearch` (the pure-Python reference, which
the differential tests compare it with) on one *mask* per stone set: one ``uint64`` on boards of at
most 64 cells, two (``UniTuple(uint64, 2)``: cells 0-63, cells 64-127) on boards of 65..128 cells.
The rules are written once, on the mask primitives below (:func:`band`, :func:`popcount`,
:func:`lowbit`, :func:`mget`, ...), which numba specialises per mask type; for one word each is the
``uint64`` expression itself, so the compiled one-word search is the one it was before. The
additions to the reference's rules, each exact:

- **Forced block for Y** (Y's turn, X moves next): X's one-cell threats on two cells win for X; on
  one cell a, Y must take a (any other reply lets X complete at once), so a is Y's only reply (the
  pass proof "X completes at a" has carrier {a}: the must-play region).
- **Threat-space search** (Allis 1994) at X's turns, before the full search, within a node budget:
  X plays a cell creating one-cell threats; two threat cells win at once (Y blocks one); one threat
  cell a forces Y to take a, and the sequence continues from there. A sequence found is a proof in
  the ordinary sense (X's moves, Y's forced replies), with carrier the cells played and threatened.
- **Table keys**: a state is keyed by (U, X's stones on U, t), U the union of X's live sets. Equal
  keys give equal needs (a set is live iff it lies in U, misses Y's stones and needs at most X's
  remaining moves, and its need is its cells off X's stones), so equal values (the residual lemma).
- **Pairing leaves** (``pk[t]`` > 0 where X never moves twice in a row from t on): on at most
  ``pk[t]`` live sets a greedy pairing (:func:`pair_leaf`: needs of two cells are their own pairs,
  then each uncovered need, smallest first, takes its two lowest unused cells) that covers every
  need proves the state lost for X (the pairing lemma of :mod:`verify.certificates.proof`); not
  found proves nothing. Y's move there is a pair's cell. With ``st[PAIR_BUDGET]`` > 0, where the
  greedy pairing is not tried or fails, :func:`pair_search` within that budget is tried on any
  number of live sets (the same lemma; on Snaky's 8x8 board Breaker has such pairings of 80-150
  live placements after two to six rounds, where the greedy pairing of at most 32 never applies).
- **Y's reply into a pairing leaf** (Y's turn, no forced block, ``pk[t + 1]`` > 0, searched pairings
  on): a reply among Y's ``PAIR_CHOICES`` most needed cells after which X has no live set or the
  searched pairing finds a pairing of X's live needs (:func:`pairing_reply`) refutes the state: the
  child is a pairing leaf (the rule above). Both searched rules run while
  :func:`pairing_worth_trying` says so (a gate on their success rate; any answer is sound).
- **Carriers of refuted replies** (Y's turn): once X wins against Y's reply c with carrier C, X
  wins against every reply c' off C. (X wins at s + c + c' by C, and from s + c' X plays that
  strategy as if Y held c: when Y takes c, X pretends Y took another free cell. A Y stone less
  never hurts X.) So Y's candidate replies are the must-play region minus each refuted reply's
  complement of its carrier. The node's carrier is the union of the carriers used, so the rule
  composes with the table and with must-play regions above it. On Qubic (Maker first) the whole
  game fell from 1.17 to 0.22 CPU s (152 k to 22 k nodes); threat-space lines make carriers small.
- **Bounded table** (``slots``, buckets of 4): a full bucket replaces the entry whose subtree took
  the fewest nodes (the cheapest to recompute).

Results are (status, carrier, move): status 1 X wins, 0 X loses, -1 stopped at the node budget
(nothing stored); move is X's winning move at an X turn, Y's refutation at a Y turn, or 0 (any).
"""
from __future__ import annotations

import numpy as np
from numba import njit, types
from numba.extending import overload

U0 = np.uint64(0)
U1 = np.uint64(1)
M1 = np.uint64(0x5555555555555555)
M2 = np.uint64(0x3333333333333333)
M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
H01 = np.uint64(0x0101010101010101)
C1 = np.uint64(0x9E3779B97F4A7C15)
C2 = np.uint64(0xC2B2AE3D27D4EB4F)
C3 = np.uint64(0x165667B19E3779F9)
C12 = np.uint64((0x9E3779B97F4A7C15 * 0xC2B2AE3D27D4EB4F) & 0xFFFFFFFFFFFFFFFF)  # C1 * C2 (mod 2^64)
C5 = np.uint64(0x27D4EB2F165667C5)  # (the second word's hash factor)
ONES = np.uint64(0xFFFFFFFFFFFFFFFF)  # a word of every cell
WORD = 64  # cells per word
WORDS = 2  # words per mask, at most: the kernel's boards have at most WORD * WORDS cells

# statistics slots
NODES, PROVEN, DISPROVEN, BUDGET, TT_HITS, TSS_WINS, REPLACED, MUST_PLAY, FORCED, TSS_LEFT, TSS_BUDGET, STORED, \
    PAIRINGS, MB_LOSSES, TSS_NODES, CARRIER_SKIPS, ORACLE_MOVES, ORACLE_CALLS, ORACLE_SETS, PAIR_BUDGET, \
    PAIR_TRIES, PAIR_FOUND, TSS_COUNTER, TSS_BLOCKS, TSS_ROOT_BUDGET = range(25)
STATS = 25  # (TSS_COUNTER: 1 lets a race's threat-space line go on through a single Y threat,
# :func:`tss`; TSS_BLOCKS: the line steps entered that way; TSS_ROOT_BUDGET: > 0, the race kernel
# deepens the threat-space search at the root of a call, that budget a depth)
# (PAIR_BUDGET: the searched pairing leaves' budget, 0 = the greedy pairing alone, below;
# PAIR_TRIES, PAIR_FOUND: their tries and successes, which gate them: :func:`pairing_worth_trying`)
# (ORACLE_SETS, ORACLE_MOVES: the race kernel asks its Maker-Breaker oracle only where X has
# at most ORACLE_SETS live sets or at most ORACLE_MOVES moves left, ORACLE_SETS = 0: everywhere;
# ORACLE_CALLS: its calls; MB_LOSSES: X's turns of a race refuted by the Maker-Breaker oracle, kernel_race;
# TSS_NODES: the threat-space search's positions; CARRIER_SKIPS: Y's replies passed over, off the
# carrier of a refuted reply)
PAIR_CHOICES = 8  # Y's most needed cells tried for a reply into a searched pairing leaf


# -- masks of one or two words -------------------------------------------------------------------
# A mask is a uint64 (one word: cells 0..63) or a UniTuple(uint64, 2) (two words: cells 0..63,
# then 64..127); an array of masks has one more axis of length 2 for two words (the sets S: 1-D or
# (n, 2); the table: (slots, columns) or (slots, columns, 2)). Each primitive is compiled per type
# (numba overloads, inlined); the Python functions are their specifications (Python ints as masks).
# Two-word masks compare as the numbers they stand for: (lo, hi) by hi, then lo.

def _one(x) -> bool:
    """Is the numba type ``x`` a mask of one word?"""
    return isinstance(x, types.Integer)


@njit(cache=True, inline="always")
def pop1(x):
    """The bits of one word (the SWAR popcount)."""
    x = x - ((x >> np.uint64(1)) & M1)
    x = (x & M2) + ((x >> np.uint64(2)) & M2)
    x = (x + (x >> np.uint64(4))) & M4
    return np.int64((x * H01) >> np.uint64(56))


def zero_of(x):
    """The empty mask of x's width."""
    return 0


@overload(zero_of)
def _zero_of(x):
    return (lambda x: U0) if _one(x) else (lambda x: (U0, U0))


def ones_of(x):
    """The full mask of x's width (every cell: 64 or 128)."""
    return (1 << ncells(x)) - 1


@overload(ones_of)
def _ones_of(x):
    return (lambda x: ONES) if _one(x) else (lambda x: (ONES, ONES))


def azero(A):
    """The empty mask of the width of the masks of the array A (1-D: one word, 2-D: two)."""
    return 0


@overload(azero)
def _azero(A):
    return (lambda A: U0) if A.ndim == 1 else (lambda A: (U0, U0))


def ncells(x):
    """The cells a mask of x's width holds (64, 128)."""
    return WORD


@overload(ncells)
def _ncells(x):
    return (lambda x: 64) if _one(x) else (lambda x: 128)


def nz(x):
    """Is the mask x non-empty?"""
    return x != 0


@overload(nz)
def _nz(x):
    return (lambda x: x != U0) if _one(x) else (lambda x: (x[0] | x[1]) != U0)


def band(a, b):
    """a & b."""
    return a & b


@overload(band)
def _band(a, b):
    return (lambda a, b: a & b) if _one(a) else (lambda a, b: (a[0] & b[0], a[1] & b[1]))


def bor(a, b):
    """a | b."""
    return a | b


@overload(bor)
def _bor(a, b):
    return (lambda a, b: a | b) if _one(a) else (lambda a, b: (a[0] | b[0], a[1] | b[1]))


def bxor(a, b):
    """a ^ b."""
    return a ^ b


@overload(bxor)
def _bxor(a, b):
    return (lambda a, b: a ^ b) if _one(a) else (lambda a, b: (a[0] ^ b[0], a[1] ^ b[1]))


def bandn(a, b):
    """a & ~b."""
    return a & ~b


@overload(bandn)
def _bandn(a, b):
    return (lambda a, b: a & ~b) if _one(a) else (lambda a, b: (a[0] & ~b[0], a[1] & ~b[1]))


def eq(a, b):
    """a == b."""
    return a == b


@overload(eq)
def _eq(a, b):
    return (lambda a, b: a == b) if _one(a) else (lambda a, b: a[0] == b[0] and a[1] == b[1])


def lt(a, b):
    """a < b (as numbers)."""
    return a < b


@overload(lt)
def _lt(a, b):
    return (lambda a, b: a < b) if _one(a) else (lambda a, b: a[1] < b[1] or (a[1] == b[1] and a[0] < b[0]))


def popcount(x):
    """The cells of x."""
    return x.bit_count()


@overload(popcount)
def _popcount(x):
    return (lambda x: pop1(x)) if _one(x) else (lambda x: pop1(x[0]) + pop1(x[1]))


def lowbit(x):
    """The lowest cell of x (0 if none)."""
    return x & -x


@overload(lowbit)
def _lowbit(x):
    if _one(x):
        return lambda x: x & (~x + U1)
    return lambda x: (x[0] & (~x[0] + U1), U0) if x[0] != U0 else (U0, x[1] & (~x[1] + U1))


def droplow(x):
    """x without its lowest cell (empty iff x has at most one cell)."""
    return x & (x - 1)


@overload(droplow)
def _droplow(x):
    if _one(x):
        return lambda x: x & (x - U1)
    return lambda x: (x[0] & (x[0] - U1), x[1]) if x[0] != U0 else (U0, x[1] & (x[1] - U1))


def index(bit):
    """The cell of the one-cell mask ``bit``."""
    return bit.bit_length() - 1


@overload(index)
def _index(bit):
    if _one(bit):
        return lambda bit: pop1(bit - U1)
    return lambda bit: pop1(bit[0] - U1) if bit[0] != U0 else 64 + pop1(bit[1] - U1)


def cell_bit(x, c):
    """The one-cell mask of cell c, of x's width."""
    return 1 << c


@overload(cell_bit)
def _cell_bit(x, c):
    if _one(x):
        return lambda x, c: U1 << np.uint64(c)
    return lambda x, c: (U1 << np.uint64(c), U0) if c < 64 else (U0, U1 << np.uint64(c - 64))


def above(m, x):
    """The cells of m above the one-cell mask x (m & ~((x << 1) - 1))."""
    return m & ~((x << 1) - 1)


@overload(above)
def _above(m, x):
    if _one(m):
        return lambda m, x: m & ~((x << U1) - U1)
    return lambda m, x: (m[0] & ~((x[0] << U1) - U1), m[1]) if x[0] != U0 else (U0, m[1] & ~((x[1] << U1) - U1))


def byte_of(x, b):
    """The cells 8b..8b+7 of x, as a number 0..255."""
    return (x >> (8 * b)) & 255


@overload(byte_of)
def _byte_of(x, b):
    if _one(x):
        return lambda x, b: np.int64((x >> np.uint64(8 * b)) & np.uint64(255))
    return lambda x, b: np.int64(((x[0] if b < 8 else x[1]) >> np.uint64(8 * (b & 7))) & np.uint64(255))


def mhash(x, c):
    """A hash word of x (x * c for one word)."""
    return (x * c) & 0xFFFFFFFFFFFFFFFF


@overload(mhash)
def _mhash(x, c):
    return (lambda x, c: x * c) if _one(x) else (lambda x, c: (x[0] * c) ^ (x[1] * c * C5))


def mget(A, i):
    """The mask A[i] of an array of masks (1-D: one word, 2-D: two)."""
    return A[i]


@overload(mget)
def _mget(A, i):
    return (lambda A, i: A[i]) if A.ndim == 1 else (lambda A, i: (A[i, 0], A[i, 1]))


def mput(A, i, v):
    """A[i] = v (arrays as for :func:`mget`)."""
    A[i] = v


@overload(mput)
def _mput(A, i, v):
    if A.ndim == 1:
        def put1(A, i, v):
            A[i] = v
        return put1

    def put2(A, i, v):
        A[i, 0] = v[0]
        A[i, 1] = v[1]
    return put2


def mget2(A, i, j):
    """The mask A[i, j] of a matrix of masks (2-D: one word, 3-D: two)."""
    return A[i, j]


@overload(mget2)
def _mget2(A, i, j):
    return (lambda A, i, j: A[i, j]) if A.ndim == 2 else (lambda A, i, j: (A[i, j, 0], A[i, j, 1]))


def mput2(A, i, j, v):
    """A[i, j] = v (matrices as for :func:`mget2`)."""
    A[i, j] = v


def _put_entry(A, i, j, v):
    A[i, j] = v


def _put_words(A, i, j, v):
    A[i, j, 0] = v[0]
    A[i, j, 1] = v[1]


def _put_first(A, i, j, v):
    A[i, j, 0] = v


@overload(mput2)
def _mput2(A, i, j, v):
    return _put_entry if A.ndim == 2 else _put_words


def word(A, i, j):
    """The plain uint64 kept at A[i, j] of a matrix of masks (its first word for two words: a table's
    meta column, a counter)."""
    return A[i, j]


@overload(word)
def _word(A, i, j):
    return (lambda A, i, j: A[i, j]) if A.ndim == 2 else (lambda A, i, j: A[i, j, 0])


def put_word(A, i, j, v):
    """Keep the plain uint64 v at A[i, j] (:func:`word`)."""
    A[i, j] = v


@overload(put_word)
def _put_word(A, i, j, v):
    return _put_entry if A.ndim == 2 else _put_first


def perm_entry(T, p, b, c):
    """The mask ``T[p, b, c]`` of permutation tables (:func:`verify.solvers.search.fast.perm_tables`:
    3-D for one word, 4-D for two)."""
    return T[p, b, c]


@overload(perm_entry)
def _perm_entry(T, p, b, c):
    return (lambda T, p, b, c: T[p, b, c]) if T.ndim == 3 else (lambda T, p, b, c: (T[p, b, c, 0], T[p, b, c, 1]))


def mask_zeros(x, n):
    """An array of n empty masks of x's width."""
    return [0] * n


@overload(mask_zeros)
def _mask_zeros(x, n):
    return (lambda x, n: np.zeros(n, np.uint64)) if _one(x) else (lambda x, n: np.zeros((n, 2), np.uint64))


def mask_empty(x, n):
    """An array of n masks of x's width, not initialised."""
    return [0] * n


@overload(mask_empty)
def _mask_empty(x, n):
    return (lambda x, n: np.empty(n, np.uint64)) if _one(x) else (lambda x, n: np.empty((n, 2), np.uint64))


def mask_empty2(x, n, m):
    """An n x m matrix of masks of x's width, not initialised."""
    return [[0] * m for _ in range(n)]


@overload(mask_empty2)
def _mask_empty2(x, n, m):
    if _one(x):
        return lambda x, n, m: np.empty((n, m), np.uint64)
    return lambda x, n, m: np.empty((n, m, 2), np.uint64)


# -- the table -----------------------------------------------------------------------------------

@njit(cache=True, inline="always")
def tt_find(tab, mask, u, o, t):
    z = zero_of(u)
    return tt_find_k(tab, mask, u, o, z, z, t)


@njit(cache=True, inline="always")
def tt_store(tab, mask, st, u, o, t, won, car, mv, work):
    z = zero_of(u)
    tt_store_k(tab, mask, st, u, o, z, z, t, won, car, mv, work)


@njit(cache=True, inline="always")
def tt_base(tab, mask, u, o, y, p, t):
    """The first slot of the key's bucket; keys of four masks (u, o, y, p) when the table has 7
    columns (Maker-Maker games: :mod:`verify.solvers.search.kernel_race`), else (u, o) and y = p = 0."""
    h = mhash(u, C1) ^ mhash(o, C2) ^ (np.uint64(t + 1) * C3) ^ mhash(y, C3) ^ mhash(p, C12)
    h ^= h >> np.uint64(31)
    return np.int64(h & np.uint64(mask)) & ~np.int64(3)


@njit(cache=True, inline="always")
def tt_same(tab, j, u, o, y, p, t):
    if not eq(mget2(tab, j, 0), u) or not eq(mget2(tab, j, 1), o) or \
            np.int64(word(tab, j, 2) & np.uint64(0xFF)) != t + 1:
        return False
    return tab.shape[1] <= 5 or (eq(mget2(tab, j, 5), y) and eq(mget2(tab, j, 6), p))


@njit(cache=True)
def tt_find_k(tab, mask, u, o, y, p, t):
    base = tt_base(tab, mask, u, o, y, p, t)
    for j in range(base, base + 4):
        if word(tab, j, 2) == U0:
            return -1
        if tt_same(tab, j, u, o, y, p, t):
            return j
    return -1


@njit(cache=True)
def tt_store_k(tab, mask, st, u, o, y, p, t, won, car, mv, work):
    base = tt_base(tab, mask, u, o, y, p, t)
    slot = -1
    least = np.uint64(0xFFFFFFFFFFFFFFFF)
    for j in range(base, base + 4):
        meta = word(tab, j, 2)
        if meta == U0 or tt_same(tab, j, u, o, y, p, t):
            slot = j
            break
        w = meta >> np.uint64(16)
        if w < least:
            least = w
            slot = j
    if word(tab, slot, 2) != U0:
        st[REPLACED] += 1
    else:
        st[STORED] += 1
    if work > (1 << 47):
        work = 1 << 47
    mput2(tab, slot, 0, u)
    mput2(tab, slot, 1, o)
    put_word(tab, slot, 2, np.uint64(t + 1) | (np.uint64(won) << np.uint64(8)) | (np.uint64(work) << np.uint64(16)))
    mput2(tab, slot, 3, car)
    mput2(tab, slot, 4, mv)
    if tab.shape[1] > 5:
        mput2(tab, slot, 5, y)
        mput2(tab, slot, 6, p)


@njit(cache=True, inline="always")
def image(T, p, x):
    """The image of the mask x under the permutation p given by byte tables: ``T[p, b, byte]`` is
    the image of the cells ``byte`` of byte b (b < 8 per word); ``T[p, 8 * words, c]``, where
    present, the image of cell c (:func:`cells_image`)."""
    out = zero_of(x)
    for b in range(ncells(x) // 8):
        byte = byte_of(x, b)
        if byte:
            out = bor(out, perm_entry(T, p, b, byte))
    return out


@njit(cache=True, inline="always")
def cells_image(T, p, x, bound):
    """The image of the mask x under the permutation p, cell by cell from ``T[p, 8 * words]`` (for
    sparse x); once it exceeds ``bound`` it is returned as it stands (OR only adds bits: the whole
    image exceeds ``bound`` too)."""
    out = zero_of(x)
    row = ncells(x) // 8
    while nz(x):
        low = lowbit(x)
        out = bor(out, perm_entry(T, p, row, index(low)))
        if lt(bound, out):
            return out
        x = bxor(x, low)
    return out


@njit(cache=True, inline="always")
def canonical(T, u, o):
    """The least image of the key (u, o) under the permutations of T, X's stones o compared first
    (sparse: mapped cell by cell, stopping once above the best), then u; and the permutation giving
    it (-1: the key itself). Inlined into the search's node: measured on Qubic (191 automorphisms),
    the whole game 0.146 -> 0.131 CPU s, the openings unchanged (session 10)."""
    bu, bo, arg = u, o, -1
    for p in range(T.shape[0]):
        io = cells_image(T, p, o, bo)
        if lt(bo, io):
            continue
        iu = image(T, p, u)
        if lt(io, bo) or lt(iu, bu):
            bu, bo, arg = iu, io, p
    return bu, bo, arg


@njit(cache=True)
def rehash(old, new, mask, st):
    """Move every entry of the table ``old`` into the larger table ``new`` (growth)."""
    for j in range(old.shape[0]):
        meta = word(old, j, 2)
        if meta != U0:
            u = mget2(old, j, 0)
            y, p = (mget2(old, j, 5), mget2(old, j, 6)) if old.shape[1] > 5 else (zero_of(u), zero_of(u))
            tt_store_k(new, mask, st, u, mget2(old, j, 1), y, p, np.int64(meta & np.uint64(0xFF)) - 1,
                       np.int64((meta >> np.uint64(8)) & U1), mget2(old, j, 3), mget2(old, j, 4),
                       np.int64(meta >> np.uint64(16)))


# -- cells and needs -----------------------------------------------------------------------------

@njit(cache=True)
def scores(S, lv, ln, d, own, allowed):
    """Weight of each cell of ``allowed``: 2^-size summed over the live needs through it."""
    score = np.zeros(ncells(own))
    add_scores(score, S, lv, ln, d, own, allowed, ncells(own))
    return score


@njit(cache=True)
def add_scores(score, S, lv, ln, d, own, allowed, left):
    """Add to ``score`` the weights of the needs (sets minus ``own``) of at most ``left`` cells."""
    for j in range(ln[d]):
        need = bandn(mget(S, lv[d, j]), own)
        m = band(need, allowed)
        if not nz(m):
            continue
        size = popcount(need)
        if size > left:
            continue
        w = 1.0 / (1 << size)
        while nz(m):
            low = lowbit(m)
            score[index(low)] += w
            m = bxor(m, low)


@njit(cache=True)
def ordered(S, lv, ln, d, own, allowed):
    """Cells of ``allowed`` on the live needs, most needed first, ties by cell index (the
    reference's ``_ordered``): their indices."""
    return by_score(scores(S, lv, ln, d, own, allowed))


@njit(cache=True)
def by_score(score):
    """The cells of positive score, highest first, ties by cell index (their indices)."""
    cnt = 0
    cells = np.empty(len(score), np.int64)
    for i in range(len(score)):
        if score[i] > 0.0:
            cells[cnt] = i
            cnt += 1
    cells = cells[:cnt]
    order = np.argsort(-score[cells], kind="mergesort")
    return cells[order]


@njit(cache=True)
def region_order(score, region):
    """The cells of ``region`` (their indices): positive weights first (highest first), then the
    others by index."""
    out = np.empty(popcount(region), np.int64)
    k = 0
    rest = region
    for c in by_score(score):
        v = cell_bit(region, c)
        if nz(band(v, region)):
            out[k] = c
            k += 1
            rest = bandn(rest, v)
    while nz(rest):
        low = lowbit(rest)
        out[k] = index(low)
        rest = bxor(rest, low)
        k += 1
    return out


@njit(cache=True)
def best(S, lv, ln, d, own, allowed):
    """The cell of ``allowed`` with the highest weight, lowest index on ties; 0 if none (the
    reference's ``_best``)."""
    score = scores(S, lv, ln, d, own, allowed)
    top = 0.0
    arg = -1
    for i in range(len(score)):
        if score[i] > top:
            top = score[i]
            arg = i
    if arg < 0:
        return zero_of(own)
    return cell_bit(own, arg)


@njit(cache=True)
def partners(S, lv, ln, d, own):
    """For each cell on a need of exactly two cells, the other cells of those needs."""
    part = mask_zeros(own, ncells(own))
    for j in range(ln[d]):
        need = bandn(mget(S, lv[d, j]), own)
        if popcount(need) == 2:
            lo = lowbit(need)
            hi = bxor(need, lo)
            mput(part, index(lo), bor(mget(part, index(lo)), hi))
            mput(part, index(hi), bor(mget(part, index(hi)), lo))
    return part


@njit(cache=True)
def threat_cells(S, lv, ln, d, own):
    th = zero_of(own)
    for j in range(ln[d]):
        need = bandn(mget(S, lv[d, j]), own)
        if popcount(need) == 1:
            th = bor(th, need)
    return th


@njit(cache=True)
def child_after(S, lv, ln, d, own, stone_x, stone_y, left):
    """Live sets at depth d + 1 after X claims ``stone_x`` and Y ``stone_y`` (either may be 0),
    X then having ``left`` moves."""
    k = 0
    nown = bor(own, stone_x)
    for j in range(ln[d]):
        i = lv[d, j]
        s = mget(S, i)
        if nz(band(s, stone_y)):
            continue
        if popcount(bandn(s, nown)) <= left:
            lv[d + 1, k] = i
            k += 1
    ln[d + 1] = k


@njit(cache=True)
def pair_leaf(S, lv, ln, d, own):
    """A pairing of the live needs found greedily: the first pair (nonzero) if every need holds a
    pair, else 0. Needs of two cells first (each its own pair), then larger needs by size."""
    k = ln[d]
    z = zero_of(own)
    if k == 0:
        return z  # (node() never asks: no live set is a loss for X already)
    pairs = mask_zeros(own, k)
    np_ = 0
    used = z
    top = 0
    for j in range(k):
        c = popcount(bandn(mget(S, lv[d, j]), own))
        if c < 2:
            return z
        if c > top:
            top = c
    for size in range(2, top + 1):
        for j in range(k):
            need = bandn(mget(S, lv[d, j]), own)
            if popcount(need) != size:
                continue
            covered = False
            for q in range(np_):
                pq = mget(pairs, q)
                if eq(band(pq, need), pq):
                    covered = True
                    break
            if covered:
                continue
            rest = bandn(need, used)
            if popcount(rest) < 2:
                return z
            a = lowbit(rest)
            p = bor(a, lowbit(bxor(rest, a)))
            mput(pairs, np_, p)
            np_ += 1
            used = bor(used, p)
    return mget(pairs, 0)


@njit(cache=True, inline="always")
def next_bit(m, x):
    """The lowest cell of ``m`` above the one-cell mask ``x`` (0 if none)."""
    return lowbit(above(m, x))


@njit(cache=True)
def pair_search(needs, k, budget, out):
    """A pairing of the needs ``needs[:k]`` (disjoint pairs of cells, every need holding a whole pair:
    the pairing lemma of :mod:`verify.certificates.proof`, pg-proof §4.11) by backtracking: the
    uncovered need with the fewest unused cells first, its pairs in cell order; a need of two
    unused cells is a forced pair (free), every other pair tried counts against ``budget``. The
    number of pairs written to ``out`` (at least cells / 2 + 1 long: 33 for one word, 65 for two),
    or -1 when none is found within the budget (which proves nothing). Exhaustive when the budget
    is not reached."""
    z = azero(out)
    top = len(out) - 1  # pairs at most (disjoint: at most half the cells)
    cov = np.zeros(k, np.int32)  # chosen pairs inside each need
    cells = mask_zeros(z, top + 1)  # per level: the unused cells of the need being paired
    pa = mask_zeros(z, top + 1)  # per level: the pair's two cells
    pb = mask_zeros(z, top + 1)
    used = z
    lev = 0
    spent = 0
    mode = 0  # 0: choose a need at lev; 1: its next pair; 2: lev exhausted, back to lev - 1
    while True:
        if mode == 0:
            best = -1
            fewest = ncells(z) + 1
            for q in range(k):
                if cov[q] == 0:
                    c = popcount(bandn(mget(needs, q), used))
                    if c < fewest:
                        fewest, best = c, q
                        if c < 2:
                            break
            if best < 0:
                return lev
            if fewest < 2 or lev >= top:
                mode = 2
                continue
            m = bandn(mget(needs, best), used)
            mput(cells, lev, m)
            mput(pa, lev, lowbit(m))
            mput(pb, lev, mget(pa, lev))
            mode = 1
            continue
        if mode == 2:
            if lev == 0:
                return -1
            lev -= 1
            p = mget(out, lev)
            used = bandn(used, p)
            for q in range(k):
                if eq(band(mget(needs, q), p), p):
                    cov[q] -= 1
            mode = 1
            continue
        m = mget(cells, lev)
        if nz(droplow(droplow(m))):  # three cells or more: a choice
            spent += 1
            if spent > budget:
                return -1
        a = mget(pa, lev)
        b = next_bit(m, mget(pb, lev))
        while not nz(b):
            a = next_bit(m, a)
            if not nz(a):
                break
            b = next_bit(m, a)
        if not nz(a):
            mode = 2
            continue
        mput(pa, lev, a)
        mput(pb, lev, b)
        p = bor(a, b)
        mput(out, lev, p)
        used = bor(used, p)
        for q in range(k):
            if eq(band(mget(needs, q), p), p):
                cov[q] += 1
        lev += 1
        mode = 0


@njit(cache=True)
def live_pairing(S, lv, ln, d, own, budget, out):
    """:func:`pair_search` on the live needs ``lv[d, :ln[d]]`` (sets minus ``own``)."""
    k = ln[d]
    needs = mask_empty(own, k)
    for j in range(k):
        need = bandn(mget(S, lv[d, j]), own)
        mput(needs, j, need)
        if popcount(need) < 2:
            return -1
    return pair_search(needs, k, budget, out)


@njit(cache=True, inline="always")
def pairing_worth_trying(st):
    """Searched pairing leaves on (``st[PAIR_BUDGET]`` > 0) and worth a try here: the first 256
    tries, then while at least one try in 16 has found a pairing, and at every 64th node whatever
    the rate (so a search that reaches a region of pairings turns them back on). Any answer is
    sound: a leaf not tried is searched below. Counts the try."""
    if st[PAIR_BUDGET] <= 0:
        return False
    if st[PAIR_TRIES] >= st[PAIR_FOUND] * 16 + 256 and st[NODES] & 63 != 0:
        return False
    st[PAIR_TRIES] += 1
    return True


@njit(cache=True)
def pairing_reply(S, lv, ln, d, own, legal, left, budget):
    """Y's reply, among its PAIR_CHOICES most needed cells, after which X (then having ``left``
    moves) has no live set or a pairing of the live needs that :func:`pair_search` finds within
    ``budget``; 0 if none. Overwrites the live sets at depth d + 1."""
    z = zero_of(own)
    pairs = mask_empty(own, ncells(own) // 2 + 1)
    cand = ordered(S, lv, ln, d, own, legal)
    for q in range(min(len(cand), PAIR_CHOICES)):
        v = cell_bit(own, cand[q])
        child_after(S, lv, ln, d, own, z, v, left)
        if ln[d + 1] == 0 or live_pairing(S, lv, ln, d + 1, own, budget, pairs) > 0:
            return v
    return z


@njit(cache=True)
def state_pairing(S, own, opp, left, budget, out):
    """:func:`pair_search` on the needs of the sets of ``S`` untouched by ``opp`` needing at most
    ``left`` cells (the live needs, pg-proof §4.11); -1 also when a need has fewer than two cells."""
    needs = mask_empty(own, S.shape[0])
    k = 0
    for i in range(S.shape[0]):
        s = mget(S, i)
        if nz(band(s, opp)):
            continue
        need = bandn(s, own)
        c = popcount(need)
        if c > left:
            continue
        if c < 2:
            return -1
        mput(needs, k, need)
        k += 1
    return pair_search(needs, k, budget, out)


@njit(cache=True, inline="always")
def threat_level_opens(st, isx, lx, n, t, depth):
    """Can the threat-space search enter a level at time t with ``depth`` threats left: budget
    left, X to move at t and t + 2 with Y between, and X two moves left at t."""
    return depth > 0 and st[TSS_LEFT] > 0 and t + 2 < n and lx[t] >= 2 and not isx[t + 1] and isx[t + 2]


@njit(cache=True)
def tss(S, lv, ln, Sy, lvy, lny, isx, lx, n, own, opp, t, d, depth, st, inc):
    """Threat-space search for X at an X turn: (1 and carrier and first move) if a sequence of
    one-threat moves ends in a double threat, else (0, 0, 0) (not found: no claim). ``Sy`` (with
    ``lvy``, ``lny``): Y's unblocked sets in a race (:mod:`verify.solvers.search.kernel_race`), empty
    otherwise; a step at which Y has a one-cell need ends the line (Y could complete instead of
    answering). The carrier holds the cells played and threatened (a race adds Y's open cells).
    A cell on two needs of two cells with different partners wins at once; otherwise each cell
    on a need of two cells is tried, the partner being Y's forced reply: first the cells on two
    or more needs of three cells (X's move there makes new threats possible), then those on one,
    then the rest, each group in cell order (an order read from the state alone, so a line found
    from a state is found again from its later states: ``threat_line``). On Qubic this order cut
    the whole game from 2.4 to 1.4 CPU s and the openings 2-8 fold."""
    if not threat_level_opens(st, isx, lx, n, t, depth):
        return 0, zero_of(own), zero_of(own)  # (level 0's check, before any allocation)
    z = zero_of(own)
    part = mask_empty2(own, depth + 1, ncells(own))  # one scratch row per level (no allocation below;
    # a row's entry is read only for cells of its cand, written first by add_partner)
    # Only needs of two and three cells count (note_need): level r keeps its sets of at most three
    # free cells in row d + 1 + r of lv, and a set of four or more enters a level only when X's
    # move brings it down to three, found through the cell's sets (``inc``, :func:`set_incidence`)
    # if free of Y's stones and within X's moves left. The same sets as scanning level 0's list at
    # every level, since that list holds every set of S free of Y's stones with at most lx[t] free
    # cells (the lists' invariant: X's moves left drop by one per X move, a need by at most one),
    # so the same lines and counts; on Qubic (lines of four) the whole game 0.131 -> 0.091 CPU s,
    # the openings 1.4-1.5 times faster (session 10).
    cand, dbl, hot1, hot2 = z, z, z, z
    k = 0
    for j in range(ln[d]):
        i = lv[d, j]
        need = bandn(mget(S, i), own)
        c = popcount(need)
        if c <= 3:
            lv[d + 1, k] = i
            k += 1
            cand, dbl, hot1, hot2 = note_need(part, 0, need, c, cand, dbl, hot1, hot2)
    ln[d + 1] = k
    # The lines are searched depth first by a loop over an explicit stack (row r of ``lvl`` is
    # level r: X's and Y's stones, cand, hot1, hot2, the cells left in its current phase, the
    # phase, and the cells v, a played from it), not by recursion: a compiled call passes each
    # array argument through the runtime's reference counts, which took 29 % of Qubic's time.
    lvl = mask_empty2(own, depth + 1, 9)
    OWN, OPP, CAND, HOT1, HOT2, LEFT, PHASE, V, A = 0, 1, 2, 3, 4, 5, 6, 7, 8
    r = 0
    entering = True
    while True:
        tr = t + 2 * r
        if entering:
            # enter level r (own, opp, cand, dbl, hot1, hot2 hold its state)
            go = threat_level_opens(st, isx, lx, n, tr, depth - r)
            yth = z
            if go and Sy.shape[0] > 0:
                yth = threat_cells(Sy, lvy, lny, d + r, opp)
                # Y's one-cell needs: the line ends, unless (st[TSS_COUNTER]) there is exactly one,
                # y, and X's move there is a threat move: X must take y, which blocks it
                if nz(yth) and (st[TSS_COUNTER] == 0 or nz(droplow(yth)) or not nz(band(cand, yth))):
                    go = False
            if go:
                st[TSS_LEFT] -= 1
                st[TSS_NODES] += 1
                if nz(yth):
                    st[TSS_BLOCKS] += 1
                if nz(dbl) and (not nz(yth) or nz(band(dbl, yth))):
                    # a cell with two different partners: X plays it, Y blocks one threat, X completes
                    # (with a Y threat at y, that cell is y: X's move blocks it too)
                    v = yth if nz(yth) else lowbit(dbl)
                    p = mget2(part, r, index(v))
                    a = lowbit(p)
                    car = bor(bor(v, a), lowbit(bxor(p, a)))
                    for q in range(r):
                        car = bor(car, bor(mget2(lvl, q, V), mget2(lvl, q, A)))
                    return 1, car, mget2(lvl, 0, V) if r > 0 else v
                go = depth - r > 1 and lx[tr + 2] >= 2
            if go:
                mput2(lvl, r, OWN, own)
                mput2(lvl, r, OPP, opp)
                mput2(lvl, r, CAND, cand)
                mput2(lvl, r, HOT1, hot1)
                mput2(lvl, r, HOT2, hot2)
                put_word(lvl, r, PHASE, U0)
                mput2(lvl, r, LEFT, band(cand, hot2))
                if nz(yth):  # X's only move: the block at y (a threat move, checked above)
                    put_word(lvl, r, PHASE, np.uint64(2))
                    mput2(lvl, r, LEFT, yth)
            else:
                if r == 0:
                    return 0, z, z
                r -= 1  # level r found nothing: back to its parent's next cell
                tr -= 2
            entering = False
        # the next cell of level r: cells on two needs of three first, then on one (more threats
        # to come), then the rest
        m = mget2(lvl, r, LEFT)
        while not nz(m) and word(lvl, r, PHASE) < 2:
            phase = word(lvl, r, PHASE) + U1
            put_word(lvl, r, PHASE, phase)
            m = bandn(band(mget2(lvl, r, CAND), mget2(lvl, r, HOT1)), mget2(lvl, r, HOT2)) if phase == 1 \
                else bandn(mget2(lvl, r, CAND), mget2(lvl, r, HOT1))
        if not nz(m):
            if r == 0:
                return 0, z, z
            r -= 1
            continue
        v = lowbit(m)
        mput2(lvl, r, LEFT, bxor(m, v))
        a = mget2(part, r, index(v))
        mput2(lvl, r, V, v)
        mput2(lvl, r, A, a)
        own = mget2(lvl, r, OWN)
        opp = mget2(lvl, r, OPP)
        dr = d + 1 + r
        left = lx[tr + 2]
        # the child's live sets (X claims v, Y a) and their partners, in one pass
        nown = bor(own, v)
        nopp = bor(opp, a)
        k = 0
        cand, dbl, hot1, hot2 = z, z, z, z
        for j in range(ln[dr]):
            i = lv[dr, j]
            s = mget(S, i)
            if nz(band(s, a)):
                continue
            need = bandn(s, nown)
            c = popcount(need)
            if c <= left:
                lv[dr + 1, k] = i
                k += 1
                cand, dbl, hot1, hot2 = note_need(part, r + 1, need, c, cand, dbl, hot1, hot2)
        # the sets of four free cells through v (now three)
        cv = index(v)
        for j in range(inc[cv], inc[cv + 1]):
            i = inc[j]
            s = mget(S, i)
            if nz(band(s, nopp)):
                continue
            need = bandn(s, nown)
            c = popcount(need)
            if c == 3 and c <= left:
                lv[dr + 1, k] = i
                k += 1
                cand, dbl, hot1, hot2 = note_need(part, r + 1, need, c, cand, dbl, hot1, hot2)
        ln[dr + 1] = k
        if Sy.shape[0] > 0:
            child_after(Sy, lvy, lny, d + r, opp, a, v, ncells(own))
        own = nown
        opp = nopp
        r += 1
        entering = True


def set_incidence(S: np.ndarray) -> np.ndarray:
    """The cells' sets for :func:`tss`, one int64 array: entries ``inc[c] .. inc[c + 1]`` (c < the
    masks' cells, 64 or 128) hold the indices of the sets of ``S`` (masks: uint64, or (n, 2) uint64
    for two words) through cell c."""
    sets = np.asarray(S, dtype=np.uint64)
    words = sets if sets.ndim > 1 else sets.reshape(len(sets), 1)
    cells = WORD * words.shape[1]
    through = [np.nonzero((words[:, c // WORD] >> np.uint64(c % WORD)) & U1)[0] for c in range(cells)]
    inc = np.zeros(cells + 1 + sum(map(len, through)), np.int64)
    at = cells + 1
    for c in range(cells):
        inc[c] = at
        inc[at:at + len(through[c])] = through[c]
        at += len(through[c])
    inc[cells] = at
    return inc


@njit(cache=True, inline="always")
def note_need(part, r, need, c, cand, dbl, hot1, hot2):
    """Account for one live need of ``c`` cells in row r: a need of two makes its cells each
    other's partners (:func:`add_partner`); a need of three marks its cells in ``hot1``, and in
    ``hot2`` those already on another. Returns (cand, dbl, hot1, hot2)."""
    if c == 2:
        lo = lowbit(need)
        hi = bxor(need, lo)
        cand, dbl = add_partner(part, r, lo, hi, cand, dbl)
        cand, dbl = add_partner(part, r, hi, lo, cand, dbl)
    elif c == 3:
        hot2 = bor(hot2, band(hot1, need))
        hot1 = bor(hot1, need)
    return cand, dbl, hot1, hot2


@njit(cache=True, inline="always")
def add_partner(part, r, cell, other, cand, dbl):
    """Record ``other`` as a partner of ``cell`` in row r; (cells with partners, cells with two)."""
    i = index(cell)
    if nz(band(cand, cell)):
        if not eq(mget2(part, r, i), other):
            dbl = bor(dbl, cell)
        mput2(part, r, i, bor(mget2(part, r, i), other))
    else:
        mput2(part, r, i, other)
        cand = bor(cand, cell)
    return cand, dbl


@njit(cache=True)
def node(S, lv, ln, isx, xyx, lx, n, full, tab, mask, st, own, opp, t, d, tss_depth, T, Ti, symt, pk, inc):
    """The value of the state (own, opp, t) whose live sets are ``lv[d, :ln[d]]`` (all needing at
    least one cell): (status, carrier, move), see the module docstring. One self-recursive function
    (X's turn, then Y's turn below): numba compiles self-recursion, not mutual recursion."""
    z = zero_of(own)
    st[NODES] += 1
    if st[NODES] >= st[BUDGET]:
        return -1, z, z
    k = ln[d]
    if k == 0 or t >= n:
        st[DISPROVEN] += 1
        return 0, z, z
    u = z
    for j in range(k):
        u = bor(u, mget(S, lv[d, j]))
    o = band(own, u)
    perm = -1
    if t < symt:
        # automorphisms: the table is keyed by the least image, carriers and moves in its frame
        u, o, perm = canonical(T, u, o)
    hit = tt_find(tab, mask, u, o, t)
    if hit >= 0:
        st[TT_HITS] += 1
        won = np.int64((word(tab, hit, 2) >> np.uint64(8)) & U1)
        if perm < 0:
            return won, mget2(tab, hit, 3), mget2(tab, hit, 4)
        return won, image(Ti, perm, mget2(tab, hit, 3)), image(Ti, perm, mget2(tab, hit, 4))
    start = st[NODES]
    legal = bandn(bandn(full, own), opp)
    status = 0
    carrier = z
    move = z
    leaf = z
    if k <= pk[t]:
        leaf = pair_leaf(S, lv, ln, d, own)
    if not nz(leaf) and pk[t] > 0 and pairing_worth_trying(st):
        pairs = mask_empty(own, ncells(own) // 2 + 1)
        if live_pairing(S, lv, ln, d, own, st[PAIR_BUDGET], pairs) > 0:
            leaf = mget(pairs, 0)
            st[PAIR_FOUND] += 1
    if nz(leaf):
        st[PAIRINGS] += 1
        if not isx[t]:
            move = lowbit(leaf)
    elif isx[t]:
        # -- X's turn: an immediate win, the X-Y-X double-threat oracle, threat-space search, moves
        done = False
        for j in range(k):
            need = bandn(mget(S, lv[d, j]), own)
            if not nz(droplow(need)):
                status, carrier, move = 1, need, need
                done = True
                break
        if not done and lx[t] == 2 and xyx[t]:
            part = partners(S, lv, ln, d, own)
            for c in ordered(S, lv, ln, d, own, legal):
                p = mget(part, c)
                if nz(droplow(p)):
                    a = lowbit(p)
                    v = cell_bit(own, c)
                    status, carrier, move = 1, bor(bor(v, a), lowbit(bxor(p, a))), v
                    break
            done = True
        if not done and tss_depth > 0:
            st[TSS_LEFT] = st[TSS_BUDGET]
            won, car, v = tss(S, lv, ln, S[:0], lv, ln, isx, lx, n, own, opp, t, d, tss_depth, st, inc)
            if won == 1:
                st[TSS_WINS] += 1
                status, carrier, move = 1, car, v
                done = True
        if not done:
            for c in ordered(S, lv, ln, d, own, legal):
                v = cell_bit(own, c)
                child_after(S, lv, ln, d, own, v, z, lx[t + 1])
                r, car, _ = node(S, lv, ln, isx, xyx, lx, n, full, tab, mask, st, bor(own, v), opp, t + 1, d + 1,
                                 tss_depth, T, Ti, symt, pk, inc)
                if r < 0:
                    return r, z, z
                if r == 1:
                    status, carrier, move = 1, bor(car, v), v
                    break
    else:
        # -- Y's turn: X's threats (forced block), the best reply, the pass, the must-play region
        th = z
        if t + 1 < n and isx[t + 1]:
            th = band(threat_cells(S, lv, ln, d, own), legal)
        if nz(droplow(th)):
            a = lowbit(th)
            status, carrier = 1, bor(a, lowbit(bxor(th, a)))  # two threat cells: Y blocks one
        elif nz(th) or lx[t] == 1 and t + 1 < n and isx[t + 1]:
            # one threat cell: Y must take it; none with X's last move next: X cannot win
            if nz(th):
                st[FORCED] += 1
                child_after(S, lv, ln, d, own, z, th, lx[t + 1])
                r, car, _ = node(S, lv, ln, isx, xyx, lx, n, full, tab, mask, st, own, bor(opp, th), t + 1, d + 1,
                                 tss_depth, T, Ti, symt, pk, inc)
                if r < 0:
                    return r, z, z
                status, carrier, move = (1, bor(car, th), z) if r == 1 else (0, z, th)
        else:
            reply = z
            if t + 1 < n and pk[t + 1] > 0 and pairing_worth_trying(st):
                reply = pairing_reply(S, lv, ln, d, own, legal, lx[t + 1], st[PAIR_BUDGET])
            if nz(reply):
                st[PAIRINGS] += 1
                st[PAIR_FOUND] += 1
                status, move = 0, reply
            else:
                tried = best(S, lv, ln, d, own, legal)
                if not nz(tried):
                    tried = lowbit(legal)
                child_after(S, lv, ln, d, own, z, tried, lx[t + 1])
                r, car, _ = node(S, lv, ln, isx, xyx, lx, n, full, tab, mask, st, own, bor(opp, tried), t + 1,
                                 d + 1, tss_depth, T, Ti, symt, pk, inc)
                if r < 0:
                    return r, z, z
                move = tried
                if r == 1:
                    carrier = bor(car, tried)
                    child_after(S, lv, ln, d, own, z, z, lx[t + 1])
                    r, cp, _ = node(S, lv, ln, isx, xyx, lx, n, full, tab, mask, st, own, opp, t + 1, d + 1, tss_depth,
                                    T, Ti, symt, pk, inc)
                    if r < 0:
                        return r, z, z
                    if r == 1:
                        carrier = bor(carrier, cp)
                        region = bandn(band(band(legal, cp), car), tried)
                        if nz(bandn(bandn(legal, cp), tried)):
                            st[MUST_PLAY] += 1
                        status = 1
                        for c in region_order(scores(S, lv, ln, d, own, region), region):
                            v = cell_bit(own, c)
                            if not nz(band(region, v)):
                                st[CARRIER_SKIPS] += 1
                                continue  # off the carrier of a reply already refuted
                            child_after(S, lv, ln, d, own, z, v, lx[t + 1])
                            r, car, _ = node(S, lv, ln, isx, xyx, lx, n, full, tab, mask, st, own, bor(opp, v), t + 1,
                                             d + 1, tss_depth, T, Ti, symt, pk, inc)
                            if r < 0:
                                return r, z, z
                            if r == 0:
                                status, move = 0, v
                                break
                            carrier = bor(carrier, bor(car, v))
                            region = band(region, car)
                        if status == 1:
                            move = z
    if status == 1:
        st[PROVEN] += 1
    else:
        st[DISPROVEN] += 1
        carrier = z
    if perm < 0:
        tt_store(tab, mask, st, u, o, t, status, carrier, move, st[NODES] - start)
    else:
        tt_store(tab, mask, st, u, o, t, status, image(T, perm, carrier), image(T, perm, move), st[NODES] - start)
    return np.int64(status), carrier, move
