"""The compiled proof search for games in which Y (the non-attacker) has sets too: Maker-Maker
``.pg`` games, races (Harary's achievement games), at most 64 cells, no #firstmoves.

It decides "can X force a win?" by the rules of :class:`verify.solvers.search.ProofSearch` (the
reference; the differential tests in tests/test_search_race.py compare the two) and of
:mod:`verify.solvers.search.kernel` (helpers and table shared), with Y's sets added. X's sets are
kept live as there (untouched by Y, needing at most X's remaining moves); Y's sets are kept while
X has not blocked them, whatever their size (they make up the carrier, below); a Y set is *live*
when it needs at most Y's remaining moves. Each rule is exact:

- **Y completes first**: Y to move with a one-cell need takes it and wins (X loses). Y's moves
  never complete a set otherwise (that case comes first).
- **X's forced block**: X to move without an immediate win, Y moving next with one-cell needs: on
  two cells X loses (X blocks one, Y completes the other); on one cell X must take it (any other
  move lets Y complete at once).
- **Y's forced block**: Y to move without an immediate win, X moving next with one-cell needs: on
  two cells X wins; on one cell a, Y must take a. With X's last move next and no such need, X loses.
- **Depth bound and dead cells**: a set needing more cells than its owner's remaining moves is
  never completed (one stone per move: it stays out of reach whatever is played); X tries only
  cells on live sets of either player (a cell on none is worth a pass, and a pass is never better
  than a move: monotonicity, :mod:`verify.solvers.search.engine`).
- **Pairing leaves** (X's turn, ``rpb`` > 0 and ``pk[t]`` > 0: X never moves twice in a row from t on):
  a pairing of X's live needs (disjoint pairs of free cells, every need holding a whole pair), found
  by :func:`verify.solvers.search.kernel.pair_search` within ``rpb`` choices, refutes the state: Y
  answers each X move on a pair with its mate, so X completes no live set (the others are out of
  reach), whatever Y's own sets do (pg-proof §4.11, the rule the certificate's ``pairings`` use;
  Harries 2026 uses the same leaves for the second player of these races). Y's sets play no part,
  so any number of live sets is tried. On the L pentomino's 6×6 race "does black win?" fell from
  over 1,500 s (undecided) to 16 CPU s.
- **Y's reply into a pairing leaf** (Y's turn, X moving next, no forced block, ``pk[t + 1]`` > 0,
  searched pairings on: :func:`verify.solvers.search.kernel.pairing_worth_trying`): among Y's
  ``PAIR_CHOICES`` most needed cells, a reply after which X's live needs have a pairing
  (:func:`verify.solvers.search.kernel.pairing_reply`, budget ``st[PAIR_BUDGET]``) refutes the
  state: the child is a pairing leaf (the rule above, Y's sets again playing no part).
- **Maker-Breaker oracle** (X's turn, no forced block; ``tab2`` non-empty; where X has at most
  ``st[ORACLE_SETS]`` live sets or at most ``st[ORACLE_MOVES]`` moves left, ``st[ORACLE_SETS]`` = 0:
  everywhere; any choice is sound, it only saves work): X wins the race only if
  X wins the Maker-Breaker game from the same state (Y's sets ignored: X's winning strategy in the
  race completes an X set within the schedule against every Y play, which is all the Maker-Breaker
  game asks), so when :func:`verify.solvers.search.kernel.node` (its own table, residual keys)
  says X loses that game, X loses the race.
- **X, Y, X with X's last two moves** (no X's forced block, so Y has no one-cell need and cannot
  complete at its move): X wins iff a move leaves one-cell needs on two different cells.
- **Must-play region** (Y's turn): as in the reference, the pass proof's carrier bounds Y's
  replies. Every carrier of an X win contains the free cells of Y's unblocked sets (``yopen``), so
  extra Y stones outside it lie on no set Y can use and only block X's sets outside the carrier.
  Replies off the carrier of a refuted reply are passed over as in
  :mod:`verify.solvers.search.kernel` (a race carrier holds Y's open cells, so such a reply lies on
  no set Y can use, and a Y stone less never hurts X: fewer Y sets threaten, fewer X sets are blocked).
- **Threat-space search** (Allis 1994): at a step where Y has no one-cell need, Y cannot complete a
  set at its move, a single X threat a forces Y to take a, and two threat cells win. A step at
  which Y has one-cell needs on two or more cells ends that line (no claim); on exactly one cell y
  (Y's forced reply made a threat: a counter-threat) X's only move is y (any other lets Y complete
  at once, and X has no one-cell need there: it would have been a double threat a step before), so
  the line goes on only through y, and only if X's move at y is itself a threat (or a double threat,
  which wins: Y, with no one-cell need left, blocks one threat and X completes the other). Carrier:
  the cells played and threatened, and ``yopen``, which holds Y's threatened cells. On Qubic's race
  (Patashnik's "forced wins", whose sequences pass through the second player's counter-threats) a
  line of this kind is found in 20 k threat-space positions where the search without it ran past
  5 minutes (2026-11-28). The certificate's threat-line rule (pg-proof §4.13) takes no such line,
  so :meth:`verify.solvers.search.fast.FastProofSearch.threat_line` (the builders') turns it off
  (``st[TSS_COUNTER]``), and the walk records such a win move by move.
- **Table keys** (u, o, uy, p, t): u the union of X's live sets, o X's stones on u, uy the union of
  Y's unblocked sets, p Y's stones on uy. They determine X's live needs (the sets inside u, minus
  o, within X's moves) and Y's unblocked needs (the sets inside uy, minus p). Lemma: two states s1,
  s2 with equal keys have equal values, and a carrier C of X's win at s1 is one at s2. Let R be
  the cells of those needs (free in both states). A cell off R lies on no live X set and no
  unblocked Y set, so a stone of either player there changes no key of a successor (a pass); by
  induction on the schedule (moves on R act alike on both keys, moves off R are passes, and a pass
  is dominated while a move on R exists) the values agree. For extra Y stones E off C ∪ yopen(s2),
  s2 + E has the key of s1 + (E ∩ R) (E's cells off R change nothing), and E ∩ R is off C: X
  wins there by C's lemma at s1. Winning moves and refutations lie on R, so they carry over too.
  With automorphisms of both players' sets, the least image of the key is used (carriers and
  moves stored in its frame).

Results are (status, carrier, move) as in :mod:`verify.solvers.search.kernel`.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from .kernel import (BUDGET, CARRIER_SKIPS, DISPROVEN, FORCED, MB_LOSSES, MUST_PLAY, NODES, ORACLE_CALLS, ORACLE_MOVES,
                     ORACLE_SETS, PAIR_BUDGET, PAIR_FOUND, PAIRINGS, PROVEN, TSS_BUDGET, TSS_LEFT, TSS_ROOT_BUDGET, TSS_WINS, TT_HITS,
                     U0, U1, add_scores, by_score, cells_image, child_after, image, index, live_pairing, lowbit, node,
                     pairing_reply, pairing_worth_trying, partners, popcount, region_order, scores, threat_cells,
                     tss, tt_find_k, tt_store_k)

ANY = 64  # no depth bound on a list of Y's unblocked sets
ALL = np.uint64(0xFFFFFFFFFFFFFFFF)


@njit(cache=True)
def y_sets(Sy, lvy, lny, d, opp):
    """(union of Y's unblocked sets, Y's one-cell need cells) at depth d."""
    uy = U0
    th = U0
    for j in range(lny[d]):
        s = Sy[lvy[d, j]]
        uy |= s
        need = s & ~opp
        if (need & (need - U1)) == U0:
            th |= need
    return uy, th


@njit(cache=True)
def canonical4(T, u, o, y, p):
    """The least image of the key (u, o, y, p) under the permutations of T, compared in the order
    (o, p, u, y): the players' stones first (sparse, mapped cell by cell), and the permutation
    giving it (-1: the key itself)."""
    bu, bo, by, bp, arg = u, o, y, p, -1
    for q in range(T.shape[0]):
        io = cells_image(T, q, o, bo)
        if io > bo:
            continue
        ip = cells_image(T, q, p, bp if io == bo else ALL)
        if io == bo and ip > bp:
            continue
        iu = image(T, q, u)
        if io == bo and ip == bp and iu > bu:
            continue
        iy = image(T, q, y)
        if io < bo or ip < bp or iu < bu or iy < by:
            bu, bo, by, bp, arg = iu, io, iy, ip, q
    return bu, bo, by, bp, arg


@njit(cache=True)
def after(S, lv, ln, Sy, lvy, lny, d, own, opp, stone_x, stone_y, left):
    """Both players' lists at depth d + 1 after X claims ``stone_x`` and Y ``stone_y`` (either may
    be 0), X then having ``left`` moves."""
    child_after(S, lv, ln, d, own, stone_x, stone_y, left)
    child_after(Sy, lvy, lny, d, opp, stone_y, stone_x, ANY)


@njit(cache=True)
def both_scores(S, lv, ln, Sy, lvy, lny, d, own, opp, allowed, left_y):
    """Cell weights over X's live needs and Y's needs within ``left_y`` cells."""
    score = scores(S, lv, ln, d, own, allowed)
    add_scores(score, Sy, lvy, lny, d, opp, allowed, left_y)
    return score


@njit(cache=True)
def threat_win(S, lv, ln, Sy, lvy, lny, isx, lx, n, own, opp, t, d, first, last, budget, st, inc):
    """X's threat-space win at an X turn: :func:`verify.solvers.search.kernel.tss` at depths
    first, first + 2, ..., last, each within ``budget`` positions; (1, carrier, move) at the
    first found, else (0, 0, 0)."""
    depth = first
    while depth <= last:
        st[TSS_LEFT] = budget
        won, car, v = tss(S, lv, ln, Sy, lvy, lny, isx, lx, n, own, opp, t, d, depth, st, inc)
        if won == 1:
            st[TSS_WINS] += 1
            return 1, car, v
        depth += 2
    return 0, U0, U0


@njit(cache=True)
def race_node(S, lv, ln, Sy, lvy, lny, isx, xyx, lx, ly, n, full, tab, mask, st, own, opp, t, d, tss_depth,
              T, Ti, symt, tab2, mask2, pk, inc, rpb):
    """The value of the state (own, opp, t) whose lists are ``lv[d]`` (X's live sets) and ``lvy[d]``
    (Y's unblocked sets): (status, carrier, move), see the module docstring."""
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
    uy, yth = y_sets(Sy, lvy, lny, d, opp)
    yopen = uy & ~opp
    ku, ko, ky, kp, perm = u, own & u, uy, opp & uy, -1
    if t < symt:
        ku, ko, ky, kp, perm = canonical4(T, ku, ko, ky, kp)
    hit = tt_find_k(tab, mask, ku, ko, ky, kp, t)
    if hit >= 0:
        st[TT_HITS] += 1
        won = np.int64((tab[hit, 2] >> np.uint64(8)) & U1)
        if perm < 0:
            return won, tab[hit, 3], tab[hit, 4]
        return won, image(Ti, perm, tab[hit, 3]), image(Ti, perm, tab[hit, 4])
    start = st[NODES]
    legal = full & ~own & ~opp
    status = 0
    carrier = U0
    move = U0
    if isx[t]:
        # -- X's turn: an immediate win, X's forced block, the X-Y-X oracle, threat-space search, moves
        done = False
        for j in range(k):
            need = S[lv[d, j]] & ~own
            if (need & (need - U1)) == U0:
                status, carrier, move = 1, need | yopen, need
                done = True
                break
        if not done and rpb > 0 and pk[t] > 0:
            if live_pairing(S, lv, ln, d, own, rpb, np.empty(33, np.uint64)) >= 0:
                st[PAIRINGS] += 1
                done = True  # a pairing of X's live needs: X completes none
        forced = U0
        if not done and yth != U0 and t + 1 < n and not isx[t + 1]:
            st[FORCED] += 1
            if (yth & (yth - U1)) != U0:
                done = True  # two cells Y completes next: X blocks one
            forced = yth
        if not done and forced == U0 and tss_depth > 0 and d == 0 and st[TSS_ROOT_BUDGET] > 0:
            # the asked state, first (before the Maker-Breaker oracle, whose search of a state X
            # wins by a threat line can run for minutes): iterative deepening, 2, 4, ... threats,
            # each with the root budget (a depth-first search to the full depth spends any budget
            # on long lines first)
            won, car, v = threat_win(S, lv, ln, Sy, lvy, lny, isx, lx, n, own, opp, t, d, 2, tss_depth,
                                     st[TSS_ROOT_BUDGET], st, inc)
            if won == 1:
                status, carrier, move, done = 1, car | yopen, v, True
        if not done and forced == U0 and tab2.shape[0] > 0 and (
                st[ORACLE_SETS] == 0 or k <= st[ORACLE_SETS] or lx[t] <= st[ORACLE_MOVES]):
            st[ORACLE_CALLS] += 1
            r, _, _ = node(S, lv, ln, isx, xyx, lx, n, full, tab2, mask2, st, own, opp, t, d, tss_depth, T, Ti, symt,
                           pk, inc)
            if r < 0:
                return r, U0, U0
            if r == 0:
                st[MB_LOSSES] += 1
                done = True  # X loses even if Y only blocks
        if not done and forced == U0 and lx[t] == 2 and xyx[t]:
            part = partners(S, lv, ln, d, own)
            for i in range(64):
                p = part[i]
                if (p & (p - U1)) != U0:
                    a = lowbit(p)
                    v = U1 << np.uint64(i)
                    status, carrier, move = 1, v | a | lowbit(p ^ a) | yopen, v
                    break
            done = True
        if not done and forced == U0 and tss_depth > 0:
            won, car, v = threat_win(S, lv, ln, Sy, lvy, lny, isx, lx, n, own, opp, t, d, tss_depth, tss_depth,
                                     st[TSS_BUDGET], st, inc)
            if won == 1:
                status, carrier, move, done = 1, car | yopen, v, True
        if not done:
            if forced != U0:
                moves = np.full(1, index(forced))
            else:
                moves = by_score(both_scores(S, lv, ln, Sy, lvy, lny, d, own, opp, legal, ly[t]))
            for c in moves:
                v = U1 << np.uint64(c)
                after(S, lv, ln, Sy, lvy, lny, d, own, opp, v, U0, lx[t + 1])
                r, car, _ = race_node(S, lv, ln, Sy, lvy, lny, isx, xyx, lx, ly, n, full, tab, mask, st, own | v,
                                      opp, t + 1, d + 1, tss_depth, T, Ti, symt, tab2, mask2, pk, inc, rpb)
                if r < 0:
                    return r, U0, U0
                if r == 1:
                    status, carrier, move = 1, car | v | yopen, v
                    break
    elif (yth & legal) != U0:
        move = lowbit(yth & legal)  # Y completes a set now
    else:
        # -- Y's turn: X's threats (Y's forced block), the best reply, the pass, the must-play region
        xnext = t + 1 < n and isx[t + 1]
        th = U0
        if xnext:
            th = threat_cells(S, lv, ln, d, own) & legal
        if (th & (th - U1)) != U0:
            a = lowbit(th)
            status, carrier = 1, a | lowbit(th ^ a) | yopen
        elif th != U0:
            st[FORCED] += 1
            after(S, lv, ln, Sy, lvy, lny, d, own, opp, U0, th, lx[t + 1])
            r, car, _ = race_node(S, lv, ln, Sy, lvy, lny, isx, xyx, lx, ly, n, full, tab, mask, st, own,
                                  opp | th, t + 1, d + 1, tss_depth, T, Ti, symt, tab2, mask2, pk, inc, rpb)
            if r < 0:
                return r, U0, U0
            status, carrier, move = (1, car | th | yopen, U0) if r == 1 else (0, U0, th)
        elif lx[t] == 1 and xnext:
            move = lowbit(legal)  # X's last move comes next and X has no one-cell need
        else:
            reply = U0
            if xnext and pk[t + 1] > 0 and pairing_worth_trying(st):
                reply = pairing_reply(S, lv, ln, d, own, legal, lx[t + 1], st[PAIR_BUDGET])
            if reply != U0:
                st[PAIRINGS] += 1
                st[PAIR_FOUND] += 1
                move = reply
            else:
                score = both_scores(S, lv, ln, Sy, lvy, lny, d, own, opp, legal, ly[t])
                tried = U0
                top = 0.0
                for i in range(64):
                    if score[i] > top:
                        top = score[i]
                        tried = U1 << np.uint64(i)
                if tried == U0:
                    tried = lowbit(legal)
                after(S, lv, ln, Sy, lvy, lny, d, own, opp, U0, tried, lx[t + 1])
                r, car, _ = race_node(S, lv, ln, Sy, lvy, lny, isx, xyx, lx, ly, n, full, tab, mask, st, own,
                                      opp | tried, t + 1, d + 1, tss_depth, T, Ti, symt, tab2, mask2, pk, inc, rpb)
                if r < 0:
                    return r, U0, U0
                move = tried
                if r == 1:
                    carrier = car | tried
                    after(S, lv, ln, Sy, lvy, lny, d, own, opp, U0, U0, lx[t + 1])
                    r, cp, _ = race_node(S, lv, ln, Sy, lvy, lny, isx, xyx, lx, ly, n, full, tab, mask, st, own,
                                         opp, t + 1, d + 1, tss_depth, T, Ti, symt, tab2, mask2, pk, inc, rpb)
                    if r < 0:
                        return r, U0, U0
                    if r == 1:
                        cp |= yopen
                        carrier |= cp
                        region = legal & cp & car & ~tried
                        if legal & ~cp & ~tried:
                            st[MUST_PLAY] += 1
                        status = 1
                        for i in region_order(score, region):
                            c = U1 << np.uint64(i)
                            if not (region & c):
                                st[CARRIER_SKIPS] += 1
                                continue  # off the carrier of a reply already refuted
                            after(S, lv, ln, Sy, lvy, lny, d, own, opp, U0, c, lx[t + 1])
                            r, car, _ = race_node(S, lv, ln, Sy, lvy, lny, isx, xyx, lx, ly, n, full, tab, mask,
                                                  st, own, opp | c, t + 1, d + 1, tss_depth, T, Ti, symt, tab2, mask2,
                                                  pk, inc, rpb)
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
    if perm >= 0:
        tt_store_k(tab, mask, st, ku, ko, ky, kp, t, status, image(T, perm, carrier), image(T, perm, move),
                   st[NODES] - start)
    else:
        tt_store_k(tab, mask, st, ku, ko, ky, kp, t, status, carrier, move, st[NODES] - start)
    return np.int64(status), carrier, move

