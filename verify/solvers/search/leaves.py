"""Leaf oracles of the proof search: states decided without searching below them.

- :func:`pair_cover`: a pairing strategy for the defender Y (disjoint pairs of free cells, every live
  set of the attacker X containing a whole pair). Where the schedule never gives X two moves in a
  row, Y answers each X move on a pair with its mate, and X completes no set (the lemma and its
  proof are in :mod:`verify.certificates.proof`, which checks the pairings a certificate records).
  Found by a bounded backtracking search (the most constrained uncovered set first); ``None`` when
  none is found within the budget (which proves nothing).
- On the compiled kernel (races, and Maker-Breaker games with its searched pairings on) the
  builder records the kernel's own pairings instead
  (:meth:`verify.solvers.search.fast.FastProofSearch.pairing`, any number of live sets), and Y
  moves into them where it can (:func:`_kernel_pick`).
"""
from __future__ import annotations

from ...games.attack import no_double_moves
from ...hypergraph import bits, minimal_masks

PAIR_SETS = 64  # residuals with more live sets are not tried (the search is cheaper there)
# backtracking nodes per try: on vdW k = 5, n = 20 and 22 (Maker first) a budget of 2000 finds every
# pairing an unbounded search finds (certificates 11 KB and 132 KB; 200: 15 KB and 157 KB), so an
# exact SAT oracle would not shrink them further
PAIR_BUDGET = 2000
CHOICE_BUDGET = 100  # per candidate move when the builder looks for a Y move into a pairing leaf
# The compiled kernel's pairing search in a Maker-Breaker build, in backtracking nodes: at each
# state the walk meets (BUILD_PAIR_BUDGET) and after each of Y's candidate moves
# (BUILD_CHOICE_BUDGET). A pairing found ends a branch the certificate would otherwise spell out.
# Measured on vdW k = 6, n = 36, Maker first (CPU s with the search and the check, recorded moves,
# peak): 2000 and 256: 114 s, 218 k, 652 MB; 32000 and 256: 107 s, 136 k, 407 MB; 32000 and 2000:
# 88 s, 90 k, 333 MB; 8000 and 8000: 82 s, 67 k, 290 MB; 32000 and 32000: 91 s, 57 k, 274 MB.
BUILD_PAIR_BUDGET = 8000
BUILD_CHOICE_BUDGET = 8000
# The builder's two-ply lookahead at Y's turns with no move into a pairing leaf: Y's most needed
# cells (LOOKAHEAD_MOVES of them; 0 turns the lookahead off), each scored by the X replies after
# which Y has no move into a pairing leaf among its LOOKAHEAD_REPLIES most needed cells. Measured on
# vdW k = 5, Maker first: 8 and 6 give n = 24 246 KB (524 KB without), n = 25 1.70 MB (2.38 MB);
# 30 and 12 give the same n = 24 at three times the time, 4 and 4 give 267 KB.
LOOKAHEAD_MOVES = 8
LOOKAHEAD_REPLIES = 6
COVER_CACHE = 1 << 20  # pair_cover answers the lookahead remembers (cleared when full)


def pair_cover(needs, budget: int = PAIR_BUDGET, minimal: bool = False) -> list[int] | None:
    """Disjoint two-cell masks such that every mask of ``needs`` contains one, or None if the
    bounded search finds none (every need must have at least two cells). ``minimal``: the needs
    are already an inclusion-minimal family, sorted by :func:`verify.hypergraph.minimal_masks`."""
    # sorted: the same needs give the same pairing
    sets = list(needs) if minimal else minimal_masks(sorted(set(needs)))
    if any(s.bit_count() < 2 for s in sets) or len(sets) > PAIR_SETS:
        return None
    left = [budget]
    chosen: list[int] = []

    def solve(open_sets, used) -> bool:
        if not open_sets:
            return True
        best, fewest = 0, 65
        for s in open_sets:  # the most constrained open set (two free cells: a forced pair)
            c = (s & ~used).bit_count()
            if c < 2:
                return False
            if c < fewest:
                best, fewest = s, c
                if c == 2:
                    break
        if fewest > 2:  # forced pairs cost no budget
            left[0] -= 1
            if left[0] < 0:
                return False
        free = []
        m = best & ~used
        while m:
            low = m & -m
            free.append(low)
            m ^= low
        opts = [a | b for i, a in enumerate(free) for b in free[i + 1:]]
        if len(opts) > 1:  # the pair covering the most open sets first
            opts.sort(key=lambda p: -sum(1 for s in open_sets if p & s == p))
        for p in opts:
            chosen.append(p)
            if solve([s for s in open_sets if p & s != p], used | p):
                return True
            chosen.pop()
        return False

    return list(chosen) if solve(sets, 0) else None


def block_cover(needs, size: int, budget: int = PAIR_BUDGET) -> list[int] | None:
    """Disjoint blocks of 2 to ``size`` cells such that every mask of ``needs`` meets some block in
    at least two cells (a complete q-pairing, paper 004 Def I.1.24, with size = 1 + q), or None if
    the bounded search finds none; ``size`` 2 is :func:`pair_cover`. Backtracking on the open need
    with the fewest options: grow a block it meets by one of its unused cells, or open a new block
    of two of its unused cells."""
    if size <= 2:
        return pair_cover(needs, budget)
    sets = minimal_masks(sorted(set(needs)))
    if any(x.bit_count() < 2 for x in sets) or len(sets) > PAIR_SETS:
        return None
    left = [budget]
    blocks: list[int] = []

    def options(x, used):
        free = x & ~used
        out = []
        for k, bl in enumerate(blocks):
            if bl & x and bl.bit_count() < size:
                m = free
                while m:
                    low = m & -m
                    out.append((k, bl | low))
                    m ^= low
        cells = list(bits_of_mask(free))
        out += [(-1, u | w) for i, u in enumerate(cells) for w in cells[i + 1:]]
        return out

    def covered(x):
        return any((bl & x).bit_count() >= 2 for bl in blocks)

    def solve(open_sets, used) -> bool:
        open_sets = [x for x in open_sets if not covered(x)]
        if not open_sets:
            return True
        left[0] -= 1
        if left[0] < 0:
            return False
        best = None
        for x in open_sets:
            opts = options(x, used)
            if best is None or len(opts) < len(best):
                best = opts
                if len(opts) <= 1:
                    break
        for k, bl in best:
            if k < 0:
                blocks.append(bl)
            else:
                old, blocks[k] = blocks[k], bl
            if solve(open_sets, used | bl):
                return True
            if k < 0:
                blocks.pop()
            else:
                blocks[k] = old
        return False

    return list(blocks) if solve(sets, 0) else None


def bits_of_mask(mask: int):
    """The one-bit masks of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def pairer(search, found: dict) -> "PairingLeaves":
    """The certificate builder's pairing callback for a refutation walk
    (:class:`verify.certificates.proof.ProofWalk`): see :class:`PairingLeaves`."""
    return PairingLeaves(search, found)


class PairingLeaves:
    """The builder's pairing leaves: called on a state, a pairing of its live needs when X never
    moves twice in a row from t on and one is found, recorded in ``found`` ((black, white, t) ->
    pairs); else None (the walk then goes on below the state). Found by the compiled kernel's
    pairing search where its searched pairings are on (:func:`uses_kernel_pairings`: in a race with
    its own budget, in a Maker-Breaker game with PAIR_BUDGET, as :func:`pair_cover` has; the Python
    search's failures had cost 98% of a build), else by :func:`pair_cover`.

    Pairings found ahead (by :meth:`gated`'s look before a link, or by Y's choice of a move into
    a pairing leaf, :func:`pairing_choice`) are kept in ``ahead`` until the walk asks for them, so
    no state's pairing is searched twice (at most AHEAD entries: cleared when full, which only
    costs a search again). Recording happens only when the walk asks: the certificate names only
    the leaves its walk uses."""

    AHEAD = 1 << 16

    def __init__(self, search, found: dict):
        self.search, self.found = search, found
        self.ok = no_double_moves(search.sched, search.x)
        self.compiled = uses_kernel_pairings(search)
        self.budget = None if getattr(search, "race", False) else BUILD_PAIR_BUDGET
        self.ahead: dict = {}

    def find(self, b, w, t):
        """The state's pairing (not recorded), or None."""
        key = (b, w, t)
        if key in self.ahead:
            return self.ahead[key]
        if not self.ok[t]:
            pairs = None
        elif self.compiled:
            pairs = self.search.pairing(b, w, t, self.budget)
        else:
            pairs = pair_cover(_needs(self.search, *self.search.own_opp(b, w), t))
        self.keep(key, pairs)
        return pairs

    def keep(self, key, pairs) -> None:
        """Remember a pairing (or None: none found) of the state ``key`` found ahead."""
        if len(self.ahead) >= self.AHEAD:
            self.ahead.clear()
        self.ahead[key] = pairs

    def __call__(self, b, w, t):
        pairs = self.find(b, w, t)
        self.ahead.pop((b, w, t), None)
        if pairs is not None:
            self.found[(b, w, t)] = pairs
        return pairs

    def gated(self, link):
        """``link`` asked only for the states with no pairing leaf: a pairing ends the branch
        anyway. For a costly link (the residual form, a canonical labelling per state, had cost a
        third of a Maker-Breaker build: vdW k = 6, n = 36); a cheap one (a table key) goes first,
        as a link spares the pairing search (a race's build took twice as long behind the gate)."""
        if link is None:
            return None

        def gate(b, w, t):
            return None if self.find(b, w, t) is not None else link(b, w, t)

        return gate


def uses_kernel_pairings(search) -> bool:
    """Does the builder take its pairings from the compiled kernel (a race with its pairing leaves
    on, or any game with the kernel's searched pairings on)?"""
    if getattr(search, "pairing", None) is None:
        return False
    return getattr(search, "race", False) and getattr(search, "rpb", 0) > 0 or getattr(search, "mpb", 0) > 0


def pairing_choice(search, choose, moves: dict, leaves: PairingLeaves | None = None):
    """The builder's choice at Y's turns of a refutation: a legal Y move after which X's needs have
    a pairing (the walk then ends there in a pairing leaf; recorded in ``moves``), else the move of
    :func:`_lookahead`, else ``choose``'s. Candidates: the free cells of X's live needs, most needed
    first. On the compiled kernel the pairing found after the move is handed to ``leaves`` (the
    walk's :class:`PairingLeaves`), which then need not search it again."""
    ok = no_double_moves(search.sched, search.x)
    cover = _cached_cover((len(search.game.positions) + 7) // 8)
    if uses_kernel_pairings(search):  # (on vdW k = 6, n = 34: 22 CPU s and 1.5 MB; the Python
        # candidates and lookahead below with the kernel's pairings: 54-59 CPU s and 2.8-3.0 MB)
        return _kernel_pick(search, choose, moves, ok, leaves)

    def pick(b, w, t):
        if t + 1 < len(ok) and ok[t + 1]:
            own, opp = search.own_opp(b, w)
            needs = _needs(search, own, opp, t + 1)
            legal = search.legal(b, w, t)
            # a subfamily of a minimal family is minimal: each candidate's residual is counted
            # exactly without pair_cover's own minimisation (most candidates leave too many)
            least = minimal_masks(needs)
            for c in _by_weight(needs, legal):
                if cover([s for s in least if not s & c], minimal=True) is not None:
                    moves[(b, w, t)] = c
                    return c
            if LOOKAHEAD_MOVES and search.sched[t + 1:t + 3] == (search.x, search.y):
                v = choose(b, w, t)
                c = _lookahead(search, b, w, t, v, cover)
                if c != v:
                    moves[(b, w, t)] = c
                return c
        return choose(b, w, t)

    return pick


def _kernel_pick(search, choose, moves: dict, ok, leaves: PairingLeaves | None = None):
    """:func:`pairing_choice` on the compiled kernel (:meth:`FastProofSearch.pairing`): the move of
    :func:`_kernel_choice`, else ``choose``'s (no lookahead: the kernel's own refutations end in its
    pairing leaves already, and the Python lookahead cost 90% of a race's build)."""

    def pick(b, w, t):
        if t + 1 < len(ok) and ok[t + 1]:
            c = _kernel_choice(search, b, w, t, _needs(search, *search.own_opp(b, w), t + 1), leaves)
            if c is not None:
                moves[(b, w, t)] = c
                return c
        return choose(b, w, t)

    return pick


def _kernel_choice(search, b, w, t, needs, leaves: PairingLeaves | None = None) -> int | None:
    """Among Y's LOOKAHEAD_MOVES most needed cells at t (``needs``: X's needs at t + 1), the first
    after which the kernel's pairing search finds a pairing within the budget of the kernel's own
    replies into pairing leaves (``search.mpb``; CHOICE_BUDGET when those are off), raised to
    BUILD_CHOICE_BUDGET in a Maker-Breaker game, else None."""
    budget = getattr(search, "mpb", 0)
    budget = (budget if getattr(search, "race", False) else max(budget, BUILD_CHOICE_BUDGET)) if budget else CHOICE_BUDGET
    for c in _by_weight(needs, search.legal(b, w, t))[:LOOKAHEAD_MOVES]:
        nb, nw = search.play(b, w, c, False)
        pairs = search.pairing(nb, nw, t + 1, budget)
        if pairs is not None:
            if leaves is not None:
                leaves.keep((nb, nw, t + 1), pairs)
            return c
    return None


def _needs(search, own, opp, t) -> list[int]:
    """X's needs within X's moves from t on (the sets Y has not touched)."""
    lx = search.left_x[t]
    return [s & ~own for s in search.xsets if not s & opp and (s & ~own).bit_count() <= lx]


def _cached_cover(width: int):
    """:func:`pair_cover` with CHOICE_BUDGET, remembered by the set of needs (``minimal``: as
    :func:`pair_cover`'s), keyed by the sorted distinct needs packed ``width`` bytes each (one-to-one,
    and a tenth of a frozenset's memory: the cache holds up to COVER_CACHE keys)."""
    seen: dict = {}

    def cover(needs, minimal: bool = False):
        key = b"".join(s.to_bytes(width, "little") for s in sorted(set(needs)))
        if key not in seen:
            if len(seen) >= COVER_CACHE:
                seen.clear()
            seen[key] = pair_cover(needs, CHOICE_BUDGET, minimal)
        return seen[key]

    return cover


def _lookahead(search, b, w, t, v, cover) -> int:
    """Y's move at t (then X at t + 1, Y at t + 2) with the fewest X replies after which Y has no
    move into a pairing leaf, among Y's most needed cells and the search's refutation ``v``
    (preferred on ties); a candidate is taken only if the search confirms X loses after it. A
    heuristic for smaller certificates: the walk checks whatever it picks."""
    own, opp = search.own_opp(b, w)
    needs = _needs(search, own, opp, t + 1)
    legal = search.legal(b, w, t)
    cands = _by_weight(needs, legal)[:LOOKAHEAD_MOVES]
    if v and v not in cands:
        cands.append(v)
    lx = search.left_x[t + 2]
    scored = []
    for c in cands:
        after = [s for s in needs if not s & c]
        cells = 0
        for s in after:
            cells |= s
        bad = 0
        for i in bits(cells & legal & ~c):
            x = 1 << i
            later = [s & ~x for s in after if (s & ~x).bit_count() <= lx]
            if not _pairing_move(later, legal & ~c & ~x, cover):
                bad += 1
        scored.append((bad, c != v, c))
    scored.sort()
    for _, _, c in scored:
        if c == v:
            return v
        nb, nw = search.play(b, w, c, False)
        if not search.solve(nb, nw, t + 1)[0]:
            return c
    return v


def _pairing_move(needs, legal, cover) -> int:
    """A Y move among its LOOKAHEAD_REPLIES most needed cells (the threat cell if X has one)
    after which ``needs`` have a pairing, or 0."""
    ones = 0
    for s in needs:
        if s.bit_count() == 1:
            ones |= s
    if ones & (ones - 1):
        return 0  # two threats: X completes a set
    for y in [ones] if ones else _by_weight(needs, legal)[:LOOKAHEAD_REPLIES]:
        if cover([s for s in needs if not s & y]) is not None:
            return y
    return 0


def _by_weight(needs, allowed) -> list[int]:
    """Cells of ``allowed`` on the needs, by decreasing weight (2^-size per need through the cell)."""
    score: dict[int, float] = {}
    for s in needs:
        weight = 1.0 / (1 << s.bit_count())
        m = s & allowed
        while m:  # the cells lowest first, as bits() gives them (the same sums)
            low = m & -m
            score[low] = score.get(low, 0.0) + weight
            m ^= low
    return sorted(score, key=lambda v: (-score[v], v))


def pairing_entries(game, found: dict) -> list[list]:
    """A certificate's ``pairings`` section: ``[t, black, white, "a b c d ..."]`` sorted."""
    b0, w0 = game.start()
    out = [[t, " ".join(game.names(b & ~b0)), " ".join(game.names(w & ~w0)),
            " ".join(name for p in pairs for name in game.names(p))]
           for (b, w, t), pairs in found.items()]
    out.sort(key=lambda e: (e[0], e[1], e[2]))
    return out
