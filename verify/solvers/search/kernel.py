"""The compiled hot loop of the proof search (optional extra ``fast``: numba), for games whose value
is a function of X's residual needs (no Y sets, no #firstmoves) on at most 64 cells.

It runs the rules of :class:`verify.solvers.search.ProofSearch` (the pure-Python reference, which
the differential tests compare it with) on one ``uint64`` per stone set, with these additions, each
exact:

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
from numba import njit

U0 = np.uint64(0)
U1 = np.uint64(1)
M1 = np.uint64(0x5555555555555555)
M2 = np.uint64(0x3333333333333333)
M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
H01 = np.uint64(0x0101010101010101)
C1 = np.uint64(0x9E3779B97F4A7C15)
C2 = np.uint64(0xC2B2AE3D27D4EB4F)
C3 = np.uint64(0x165667B19E3779F9)

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


@njit(cache=True, inline="always")
def popcount(x):
    x = x - ((x >> np.uint64(1)) & M1)
    x = (x & M2) + ((x >> np.uint64(2)) & M2)
    x = (x + (x >> np.uint64(4))) & M4
    return np.int64((x * H01) >> np.uint64(56))


@njit(cache=True, inline="always")
def lowbit(x):
    return x & (~x + U1)


@njit(cache=True, inline="always")
def index(bit):
    return popcount(bit - U1)


@njit(cache=True, inline="always")
def tt_find(tab, mask, u, o, t):
    return tt_find_k(tab, mask, u, o, U0, U0, t)


@njit(cache=True, inline="always")
def tt_store(tab, mask, st, u, o, t, won, car, mv, work):
    tt_store_k(tab, mask, st, u, o, U0, U0, t, won, car, mv, work)


@njit(cache=True, inline="always")
def tt_base(tab, mask, u, o, y, p, t):
    """The first slot of the key's bucket; keys of four words (u, o, y, p) when the table has 7
    columns (Maker-Maker games: :mod:`verify.solvers.search.kernel_race`), else (u, o) and y = p = 0."""
    h = (u * C1) ^ (o * C2) ^ (np.uint64(t + 1) * C3) ^ (y * C3) ^ (p * C1 * C2)
    h ^= h >> np.uint64(31)
    return np.int64(h & np.uint64(mask)) & ~np.int64(3)


@njit(cache=True, inline="always")
def tt_same(tab, j, u, o, y, p, t):
    if tab[j, 0] != u or tab[j, 1] != o or np.int64(tab[j, 2] & np.uint64(0xFF)) != t + 1:
        return False
    return tab.shape[1] <= 5 or (tab[j, 5] == y and tab[j, 6] == p)


@njit(cache=True)
def tt_find_k(tab, mask, u, o, y, p, t):
    base = tt_base(tab, mask, u, o, y, p, t)
    for j in range(base, base + 4):
        if tab[j, 2] == U0:
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
        meta = tab[j, 2]
        if meta == U0 or tt_same(tab, j, u, o, y, p, t):
            slot = j
            break
        w = meta >> np.uint64(16)
        if w < least:
            least = w
            slot = j
    if tab[slot, 2] != U0:
        st[REPLACED] += 1
    else:
        st[STORED] += 1
    if work > (1 << 47):
        work = 1 << 47
    tab[slot, 0] = u
    tab[slot, 1] = o
    tab[slot, 2] = np.uint64(t + 1) | (np.uint64(won) << np.uint64(8)) | (np.uint64(work) << np.uint64(16))
    tab[slot, 3] = car
    tab[slot, 4] = mv
    if tab.shape[1] > 5:
        tab[slot, 5] = y
        tab[slot, 6] = p


@njit(cache=True, inline="always")
def image(T, p, x):
    """The image of the mask x under the permutation p given by byte tables: ``T[p, b, byte]`` is
    the image of the cells ``byte`` of byte b (b < 8); ``T[p, 8, c]``, where present, the image of
    cell c (:func:`cells_image`)."""
    out = U0
    for b in range(8):
        byte = np.int64((x >> np.uint64(8 * b)) & np.uint64(255))
        if byte:
            out |= T[p, b, byte]
    return out


@njit(cache=True, inline="always")
def cells_image(T, p, x, bound):
    """The image of the mask x under the permutation p, cell by cell from ``T[p, 8]`` (for sparse
    x); once it exceeds ``bound`` it is returned as it stands (OR only adds bits: the whole image
    exceeds ``bound`` too)."""
    out = U0
    while x != U0:
        low = lowbit(x)
        out |= T[p, 8, index(low)]
        if out > bound:
            return out
        x ^= low
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
        if io > bo:
            continue
        iu = image(T, p, u)
        if io < bo or iu < bu:
            bu, bo, arg = iu, io, p
    return bu, bo, arg


@njit(cache=True)
def rehash(old, new, mask, st):
    """Move every entry of the table ``old`` into the larger table ``new`` (growth)."""
    for j in range(old.shape[0]):
        meta = old[j, 2]
        if meta != U0:
            y, p = (old[j, 5], old[j, 6]) if old.shape[1] > 5 else (U0, U0)
            tt_store_k(new, mask, st, old[j, 0], old[j, 1], y, p, np.int64(meta & np.uint64(0xFF)) - 1,
                       np.int64((meta >> np.uint64(8)) & U1), old[j, 3], old[j, 4], np.int64(meta >> np.uint64(16)))


@njit(cache=True)
def scores(S, lv, ln, d, own, allowed):
    """Weight of each cell of ``allowed``: 2^-size summed over the live needs through it."""
    score = np.zeros(64)
    add_scores(score, S, lv, ln, d, own, allowed, 64)
    return score


@njit(cache=True)
def add_scores(score, S, lv, ln, d, own, allowed, left):
    """Add to ``score`` the weights of the needs (sets minus ``own``) of at most ``left`` cells."""
    for j in range(ln[d]):
        need = S[lv[d, j]] & ~own
        m = need & allowed
        if m == U0:
            continue
        size = popcount(need)
        if size > left:
            continue
        w = 1.0 / (1 << size)
        while m != U0:
            low = lowbit(m)
            score[index(low)] += w
            m ^= low


@njit(cache=True)
def ordered(S, lv, ln, d, own, allowed):
    """Cells of ``allowed`` on the live needs, most needed first, ties by cell index (the
    reference's ``_ordered``)."""
    return by_score(scores(S, lv, ln, d, own, allowed))


@njit(cache=True)
def by_score(score):
    """The cells of positive score, highest first, ties by cell index."""
    cnt = 0
    cells = np.empty(64, np.int64)
    for i in range(64):
        if score[i] > 0.0:
            cells[cnt] = i
            cnt += 1
    cells = cells[:cnt]
    order = np.argsort(-score[cells], kind="mergesort")
    out = np.empty(cnt, np.uint64)
    for k in range(cnt):
        out[k] = U1 << np.uint64(cells[order[k]])
    return out


@njit(cache=True)
def region_order(score, region):
    """The cells of ``region``: positive weights first (highest first), then the others by index."""
    out = np.empty(popcount(region), np.uint64)
    k = 0
    for v in by_score(score):
        if v & region:
            out[k] = v
            k += 1
    rest = region
    for j in range(k):
        rest &= ~out[j]
    while rest != U0:
        out[k] = lowbit(rest)
        rest ^= out[k]
        k += 1
    return out


@njit(cache=True)
def best(S, lv, ln, d, own, allowed):
    """The cell of ``allowed`` with the highest weight, lowest index on ties; 0 if none (the
    reference's ``_best``)."""
    score = scores(S, lv, ln, d, own, allowed)
    top = 0.0
    arg = -1
    for i in range(64):
        if score[i] > top:
            top = score[i]
            arg = i
    if arg < 0:
        return U0
    return U1 << np.uint64(arg)


@njit(cache=True)
def partners(S, lv, ln, d, own):
    """For each cell on a need of exactly two cells, the other cells of those needs."""
    part = np.zeros(64, np.uint64)
    for j in range(ln[d]):
        need = S[lv[d, j]] & ~own
        if popcount(need) == 2:
            lo = lowbit(need)
            hi = need ^ lo
            part[index(lo)] |= hi
            part[index(hi)] |= lo
    return part


@njit(cache=True)
def threat_cells(S, lv, ln, d, own):
    th = U0
    for j in range(ln[d]):
        need = S[lv[d, j]] & ~own
        if popcount(need) == 1:
            th |= need
    return th


@njit(cache=True)
def child_after(S, lv, ln, d, own, stone_x, stone_y, left):
    """Live sets at depth d + 1 after X claims ``stone_x`` and Y ``stone_y`` (either may be 0),
    X then having ``left`` moves."""
    k = 0
    nown = own | stone_x
    for j in range(ln[d]):
        i = lv[d, j]
        s = S[i]
        if s & stone_y:
            continue
        if popcount(s & ~nown) <= left:
            lv[d + 1, k] = i
            k += 1
    ln[d + 1] = k


@njit(cache=True)
def pair_leaf(S, lv, ln, d, own):
    """A pairing of the live needs found greedily: the first pair (nonzero) if every need holds a
    pair, else 0. Needs of two cells first (each its own pair), then larger needs by size."""
    k = ln[d]
    if k == 0:
        return U0  # (node() never asks: no live set is a loss for X already)
    pairs = np.zeros(k, np.uint64)
    np_ = 0
    used = U0
    top = 0
    for j in range(k):
        c = popcount(S[lv[d, j]] & ~own)
        if c < 2:
            return U0
        if c > top:
            top = c
    for size in range(2, top + 1):
        for j in range(k):
            need = S[lv[d, j]] & ~own
            if popcount(need) != size:
                continue
            covered = False
            for q in range(np_):
                if pairs[q] & need == pairs[q]:
                    covered = True
                    break
            if covered:
                continue
            rest = need & ~used
            if popcount(rest) < 2:
                return U0
            a = lowbit(rest)
            p = a | lowbit(rest ^ a)
            pairs[np_] = p
            np_ += 1
            used |= p
    return pairs[0]


@njit(cache=True, inline="always")
def next_bit(m, x):
    """The lowest cell of ``m`` above the one-cell mask ``x`` (0 if none)."""
    return lowbit(m & ~((x << U1) - U1))


@njit(cache=True)
def pair_search(needs, k, budget, out):
    """A pairing of the needs ``needs[:k]`` (disjoint pairs of cells, every need holding a whole pair:
    the pairing lemma of :mod:`verify.certificates.proof`, pg-proof §4.11) by backtracking: the
    uncovered need with the fewest unused cells first, its pairs in cell order; a need of two
    unused cells is a forced pair (free), every other pair tried counts against ``budget``. The
    number of pairs written to ``out`` (at least 32 long), or -1 when none is found within the
    budget (which proves nothing). Exhaustive when the budget is not reached."""
    cov = np.zeros(k, np.int32)  # chosen pairs inside each need
    cells = np.zeros(33, np.uint64)  # per level: the unused cells of the need being paired
    pa = np.zeros(33, np.uint64)  # per level: the pair's two cells
    pb = np.zeros(33, np.uint64)
    used = U0
    lev = 0
    spent = 0
    mode = 0  # 0: choose a need at lev; 1: its next pair; 2: lev exhausted, back to lev - 1
    while True:
        if mode == 0:
            best = -1
            fewest = 65
            for q in range(k):
                if cov[q] == 0:
                    c = popcount(needs[q] & ~used)
                    if c < fewest:
                        fewest, best = c, q
                        if c < 2:
                            break
            if best < 0:
                return lev
            if fewest < 2 or lev >= 32:
                mode = 2
                continue
            m = needs[best] & ~used
            cells[lev] = m
            pa[lev] = lowbit(m)
            pb[lev] = pa[lev]
            mode = 1
            continue
        if mode == 2:
            if lev == 0:
                return -1
            lev -= 1
            p = out[lev]
            used &= ~p
            for q in range(k):
                if needs[q] & p == p:
                    cov[q] -= 1
            mode = 1
            continue
        m = cells[lev]
        if (m & (m - U1)) & ((m & (m - U1)) - U1) != U0:  # three cells or more: a choice
            spent += 1
            if spent > budget:
                return -1
        a = pa[lev]
        b = next_bit(m, pb[lev])
        while b == U0:
            a = next_bit(m, a)
            if a == U0:
                break
            b = next_bit(m, a)
        if a == U0:
            mode = 2
            continue
        pa[lev] = a
        pb[lev] = b
        p = a | b
        out[lev] = p
        used |= p
        for q in range(k):
            if needs[q] & p == p:
                cov[q] += 1
        lev += 1
        mode = 0


@njit(cache=True)
def live_pairing(S, lv, ln, d, own, budget, out):
    """:func:`pair_search` on the live needs ``lv[d, :ln[d]]`` (sets minus ``own``)."""
    k = ln[d]
    needs = np.empty(k, np.uint64)
    for j in range(k):
        needs[j] = S[lv[d, j]] & ~own
        if popcount(needs[j]) < 2:
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
    pairs = np.empty(33, np.uint64)
    cand = ordered(S, lv, ln, d, own, legal)
    for q in range(min(len(cand), PAIR_CHOICES)):
        child_after(S, lv, ln, d, own, U0, cand[q], left)
        if ln[d + 1] == 0 or live_pairing(S, lv, ln, d + 1, own, budget, pairs) > 0:
            return cand[q]
    return U0


@njit(cache=True)
def state_pairing(S, own, opp, left, budget, out):
    """:func:`pair_search` on the needs of the sets of ``S`` untouched by ``opp`` needing at most
    ``left`` cells (the live needs, pg-proof §4.11); -1 also when a need has fewer than two cells."""
    needs = np.empty(S.shape[0], np.uint64)
    k = 0
    for i in range(S.shape[0]):
        if S[i] & opp:
            continue
        need = S[i] & ~own
        c = popcount(need)
        if c > left:
            continue
        if c < 2:
            return -1
        needs[k] = need
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
        return 0, U0, U0  # (level 0's check, before any allocation)
    part = np.empty((depth + 1, 64), np.uint64)  # one scratch row per level (no allocation below;
    # a row's entry is read only for cells of its cand, written first by add_partner)
    # Only needs of two and three cells count (note_need): level r keeps its sets of at most three
    # free cells in row d + 1 + r of lv, and a set of four or more enters a level only when X's
    # move brings it down to three, found through the cell's sets (``inc``, :func:`set_incidence`)
    # if free of Y's stones and within X's moves left. The same sets as scanning level 0's list at
    # every level, since that list holds every set of S free of Y's stones with at most lx[t] free
    # cells (the lists' invariant: X's moves left drop by one per X move, a need by at most one),
    # so the same lines and counts; on Qubic (lines of four) the whole game 0.131 -> 0.091 CPU s,
    # the openings 1.4-1.5 times faster (session 10).
    cand, dbl, hot1, hot2 = U0, U0, U0, U0
    k = 0
    for j in range(ln[d]):
        i = lv[d, j]
        need = S[i] & ~own
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
    lvl = np.empty((depth + 1, 9), np.uint64)
    OWN, OPP, CAND, HOT1, HOT2, LEFT, PHASE, V, A = 0, 1, 2, 3, 4, 5, 6, 7, 8
    r = 0
    entering = True
    while True:
        tr = t + 2 * r
        if entering:
            # enter level r (own, opp, cand, dbl, hot1, hot2 hold its state)
            go = threat_level_opens(st, isx, lx, n, tr, depth - r)
            yth = U0
            if go and Sy.shape[0] > 0:
                yth = threat_cells(Sy, lvy, lny, d + r, opp)
                # Y's one-cell needs: the line ends, unless (st[TSS_COUNTER]) there is exactly one,
                # y, and X's move there is a threat move: X must take y, which blocks it
                if yth != U0 and (st[TSS_COUNTER] == 0 or (yth & (yth - U1)) != U0 or cand & yth == U0):
                    go = False
            if go:
                st[TSS_LEFT] -= 1
                st[TSS_NODES] += 1
                if yth != U0:
                    st[TSS_BLOCKS] += 1
                if dbl != U0 and (yth == U0 or dbl & yth != U0):
                    # a cell with two different partners: X plays it, Y blocks one threat, X completes
                    # (with a Y threat at y, that cell is y: X's move blocks it too)
                    v = lowbit(dbl) if yth == U0 else yth
                    p = part[r, index(v)]
                    a = lowbit(p)
                    car = v | a | lowbit(p ^ a)
                    for q in range(r):
                        car |= lvl[q, V] | lvl[q, A]
                    return 1, car, lvl[0, V] if r > 0 else v
                go = depth - r > 1 and lx[tr + 2] >= 2
            if go:
                lvl[r, OWN], lvl[r, OPP], lvl[r, CAND], lvl[r, HOT1], lvl[r, HOT2] = own, opp, cand, hot1, hot2
                lvl[r, PHASE] = U0
                lvl[r, LEFT] = cand & hot2
                if yth != U0:  # X's only move: the block at y (a threat move, checked above)
                    lvl[r, PHASE] = np.uint64(2)
                    lvl[r, LEFT] = yth
            else:
                if r == 0:
                    return 0, U0, U0
                r -= 1  # level r found nothing: back to its parent's next cell
                tr -= 2
            entering = False
        # the next cell of level r: cells on two needs of three first, then on one (more threats
        # to come), then the rest
        m = lvl[r, LEFT]
        while m == U0 and lvl[r, PHASE] < 2:
            lvl[r, PHASE] += U1
            m = lvl[r, CAND] & lvl[r, HOT1] & ~lvl[r, HOT2] if lvl[r, PHASE] == 1 else lvl[r, CAND] & ~lvl[r, HOT1]
        if m == U0:
            if r == 0:
                return 0, U0, U0
            r -= 1
            continue
        v = lowbit(m)
        lvl[r, LEFT] = m ^ v
        a = part[r, index(v)]
        lvl[r, V], lvl[r, A] = v, a
        own = lvl[r, OWN]
        opp = lvl[r, OPP]
        dr = d + 1 + r
        left = lx[tr + 2]
        # the child's live sets (X claims v, Y a) and their partners, in one pass
        nown = own | v
        nopp = opp | a
        k = 0
        cand, dbl, hot1, hot2 = U0, U0, U0, U0
        for j in range(ln[dr]):
            i = lv[dr, j]
            s = S[i]
            if s & a:
                continue
            need = s & ~nown
            c = popcount(need)
            if c <= left:
                lv[dr + 1, k] = i
                k += 1
                cand, dbl, hot1, hot2 = note_need(part, r + 1, need, c, cand, dbl, hot1, hot2)
        # the sets of four free cells through v (now three)
        cv = index(v)
        for j in range(inc[cv], inc[cv + 1]):
            i = inc[j]
            s = S[i]
            if s & nopp:
                continue
            need = s & ~nown
            c = popcount(need)
            if c == 3 and c <= left:
                lv[dr + 1, k] = i
                k += 1
                cand, dbl, hot1, hot2 = note_need(part, r + 1, need, c, cand, dbl, hot1, hot2)
        ln[dr + 1] = k
        if Sy.shape[0] > 0:
            child_after(Sy, lvy, lny, d + r, opp, a, v, 64)
        own = nown
        opp = nopp
        r += 1
        entering = True


def set_incidence(S: np.ndarray) -> np.ndarray:
    """The cells' sets for :func:`tss`, one int64 array: entries ``inc[c] .. inc[c + 1]`` (c < 64)
    hold the indices of the sets of ``S`` (uint64 masks) through cell c."""
    sets = np.asarray(S, dtype=np.uint64)
    through = [np.nonzero((sets >> np.uint64(c)) & U1)[0] for c in range(64)]
    inc = np.zeros(65 + sum(map(len, through)), np.int64)
    at = 65
    for c in range(64):
        inc[c] = at
        inc[at:at + len(through[c])] = through[c]
        at += len(through[c])
    inc[64] = at
    return inc


@njit(cache=True, inline="always")
def note_need(part, r, need, c, cand, dbl, hot1, hot2):
    """Account for one live need of ``c`` cells in row r: a need of two makes its cells each
    other's partners (:func:`add_partner`); a need of three marks its cells in ``hot1``, and in
    ``hot2`` those already on another. Returns (cand, dbl, hot1, hot2)."""
    if c == 2:
        lo = lowbit(need)
        hi = need ^ lo
        cand, dbl = add_partner(part, r, lo, hi, cand, dbl)
        cand, dbl = add_partner(part, r, hi, lo, cand, dbl)
    elif c == 3:
        hot2 |= hot1 & need
        hot1 |= need
    return cand, dbl, hot1, hot2


@njit(cache=True, inline="always")
def add_partner(part, r, cell, other, cand, dbl):
    """Record ``other`` as a partner of ``cell`` in row r; (cells with partners, cells with two)."""
    i = index(cell)
    if cand & cell:
        if part[r, i] != other:
            dbl |= cell
        part[r, i] |= other
    else:
        part[r, i] = other
        cand |= cell
    return cand, dbl


@njit(cache=True)
def node(S, lv, ln, isx, xyx, lx, n, full, tab, mask, st, own, opp, t, d, tss_depth, T, Ti, symt, pk, inc):
    """The value of the state (own, opp, t) whose live sets are ``lv[d, :ln[d]]`` (all needing at
    least one cell): (status, carrier, move), see the module docstring. One self-recursive function
    (X's turn, then Y's turn below): numba compiles self-recursion, not mutual recursion."""
    st[NODES] += 1
    if st[NODES] >= st[BUDGET]:
        return -1, U0, U0
    k = ln[d]
    if k == 0 or t >= n:
        st[DISPROVEN] += 1
        return 0, U0, U0
    u = U0
    for j in range(k):
        u |= S[lv[d, j]]
    o = own & u
    perm = -1
    if t < symt:
        # automorphisms: the table is keyed by the least image, carriers and moves in its frame
        u, o, perm = canonical(T, u, o)
    hit = tt_find(tab, mask, u, o, t)
    if hit >= 0:
        st[TT_HITS] += 1
        if perm < 0:
            return np.int64((tab[hit, 2] >> np.uint64(8)) & U1), tab[hit, 3], tab[hit, 4]
        return np.int64((tab[hit, 2] >> np.uint64(8)) & U1), image(Ti, perm, tab[hit, 3]), image(Ti, perm, tab[hit, 4])
    start = st[NODES]
    legal = full & ~own & ~opp
    status = 0
    carrier = U0
    move = U0
    leaf = U0
    if k <= pk[t]:
        leaf = pair_leaf(S, lv, ln, d, own)
    if leaf == U0 and pk[t] > 0 and pairing_worth_trying(st):
        pairs = np.empty(33, np.uint64)
        if live_pairing(S, lv, ln, d, own, st[PAIR_BUDGET], pairs) > 0:
            leaf = pairs[0]
            st[PAIR_FOUND] += 1
    if leaf != U0:
        st[PAIRINGS] += 1
        if not isx[t]:
            move = lowbit(leaf)
    elif isx[t]:
        # -- X's turn: an immediate win, the X-Y-X double-threat oracle, threat-space search, moves
        done = False
        for j in range(k):
            need = S[lv[d, j]] & ~own
            if (need & (need - U1)) == U0:
                status, carrier, move = 1, need, need
                done = True
                break
        if not done and lx[t] == 2 and xyx[t]:
            part = partners(S, lv, ln, d, own)
            for v in ordered(S, lv, ln, d, own, legal):
                p = part[index(v)]
                if (p & (p - U1)) != U0:
                    a = lowbit(p)
                    status, carrier, move = 1, v | a | lowbit(p ^ a), v
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
            for v in ordered(S, lv, ln, d, own, legal):
                child_after(S, lv, ln, d, own, v, U0, lx[t + 1])
                r, car, _ = node(S, lv, ln, isx, xyx, lx, n, full, tab, mask, st, own | v, opp, t + 1, d + 1,
                                 tss_depth, T, Ti, symt, pk, inc)
                if r < 0:
                    return r, U0, U0
                if r == 1:
                    status, carrier, move = 1, car | v, v
                    break
    else:
        # -- Y's turn: X's threats (forced block), the best reply, the pass, the must-play region
        th = U0
        if t + 1 < n and isx[t + 1]:
            th = threat_cells(S, lv, ln, d, own) & legal
        if (th & (th - U1)) != U0:
            a = lowbit(th)
            status, carrier = 1, a | lowbit(th ^ a)  # two threat cells: Y blocks one
        elif th != U0 or lx[t] == 1 and t + 1 < n and isx[t + 1]:
            # one threat cell: Y must take it; none with X's last move next: X cannot win
            if th != U0:
                st[FORCED] += 1
                child_after(S, lv, ln, d, own, U0, th, lx[t + 1])
                r, car, _ = node(S, lv, ln, isx, xyx, lx, n, full, tab, mask, st, own, opp | th, t + 1, d + 1,
                                 tss_depth, T, Ti, symt, pk, inc)
                if r < 0:
                    return r, U0, U0
                status, carrier, move = (1, car | th, U0) if r == 1 else (0, U0, th)
        else:
            reply = U0
            if t + 1 < n and pk[t + 1] > 0 and pairing_worth_trying(st):
                reply = pairing_reply(S, lv, ln, d, own, legal, lx[t + 1], st[PAIR_BUDGET])
            if reply != U0:
                st[PAIRINGS] += 1
                st[PAIR_FOUND] += 1
                status, move = 0, reply
            else:
                tried = best(S, lv, ln, d, own, legal)
                if tried == U0:
                    tried = lowbit(legal)
                child_after(S, lv, ln, d, own, U0, tried, lx[t + 1])
                r, car, _ = node(S, lv, ln, isx, xyx, lx, n, full, tab, mask, st, own, opp | tried, t + 1, d + 1,
                                 tss_depth, T, Ti, symt, pk, inc)
                if r < 0:
                    return r, U0, U0
                move = tried
                if r == 1:
                    carrier = car | tried
                    child_after(S, lv, ln, d, own, U0, U0, lx[t + 1])
                    r, cp, _ = node(S, lv, ln, isx, xyx, lx, n, full, tab, mask, st, own, opp, t + 1, d + 1, tss_depth,
                                    T, Ti, symt, pk, inc)
                    if r < 0:
                        return r, U0, U0
                    if r == 1:
                        carrier |= cp
                        region = legal & cp & car & ~tried
                        if legal & ~cp & ~tried:
                            st[MUST_PLAY] += 1
                        status = 1
                        for c in region_order(scores(S, lv, ln, d, own, region), region):
                            if not (region & c):
                                st[CARRIER_SKIPS] += 1
                                continue  # off the carrier of a reply already refuted
                            child_after(S, lv, ln, d, own, U0, c, lx[t + 1])
                            r, car, _ = node(S, lv, ln, isx, xyx, lx, n, full, tab, mask, st, own, opp | c, t + 1,
                                             d + 1, tss_depth, T, Ti, symt, pk, inc)
                            if r < 0:
                                return r, U0, U0
                            if r == 0:
                                status, move = 0, c
                                break
                            carrier |= car | c
                            region &= car
                        if status == 1:
                            move = U0
    if status == 1:
        st[PROVEN] += 1
    else:
        st[DISPROVEN] += 1
        carrier = U0
    if perm < 0:
        tt_store(tab, mask, st, u, o, t, status, carrier, move, st[NODES] - start)
    else:
        tt_store(tab, mask, st, u, o, t, status, image(T, perm, carrier), image(T, perm, move), st[NODES] - start)
    return np.int64(status), carrier, move
