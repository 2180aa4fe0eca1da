"""The compiled proof search for games in which Y (the non-attacker) has sets too: Maker-Maker
``.pg`` games, races (Harary's achievement games), at most 128 cells, no #firstmoves.

It decides "can X force a win?" by the rules of :class:`verify.solvers.search.ProofSearch` (the
reference; the differential tests in tests/test_search_race.py and, on 65..128 cells,
tests/test_search_wide_race.py compare the two) and of :mod:`verify.solvers.search.kernel`
(helpers, table and masks shared: one ``uint64`` up to 64 cells, two words up to 128, the rules
written once on the kernel's mask primitives and compiled per width), with Y's sets added. X's sets are
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
                     U1, add_scores, band, bandn, bor, bxor, by_score, cell_bit, cells_image, child_after, droplow, eq,
                     image, index, live_pairing, lowbit, lt, mask_empty, mget, mget2, ncells, node, nz, ones_of,
                     pairing_reply, pairing_worth_trying, partners, region_order, scores, threat_cells, tss, tt_find_k,
                     tt_store_k, word, zero_of)


@njit(cache=True)
def y_sets(Sy, lvy, lny, d, opp):
    """(union of Y's unblocked sets, Y's one-cell need cells) at depth d."""
    uy = zero_of(opp)
    th = uy
    for j in range(lny[d]):
        s = mget(Sy, lvy[d, j])
        uy = bor(uy, s)
        need = bandn(s, opp)
        if not nz(droplow(need)):
            th = bor(th, need)
    return uy, th


@njit(cache=True)
def canonical4(T, u, o, y, p):
    """The least image of the key (u, o, y, p) under the permutations of T, compared in the order
    (o, p, u, y): the players' stones first (sparse, mapped cell by cell), and the permutation
    giving it (-1: the key itself)."""
    bu, bo, by, bp, arg = u, o, y, p, -1
    for q in range(T.shape[0]):
        io = cells_image(T, q, o, bo)
        if lt(bo, io):
            continue
        same = eq(io, bo)
        ip = cells_image(T, q, p, bp if same else ones_of(p))
        if same and lt(bp, ip):
            continue
        iu = image(T, q, u)
        if same and eq(ip, bp) and lt(bu, iu):
            continue
        iy = image(T, q, y)
        if lt(io, bo) or lt(ip, bp) or lt(iu, bu) or lt(iy, by):
            bu, bo, by, bp, arg = iu, io, iy, ip, q
    return bu, bo, by, bp, arg


@njit(cache=True)
def after(S, lv, ln, Sy, lvy, lny, d, own, opp, stone_x, stone_y, left):
    """Both players' lists at depth d + 1 after X claims ``stone_x`` and Y ``stone_y`` (either may
    be 0), X then having ``left`` moves (Y's unblocked sets: any size)."""
    child_after(S, lv, ln, d, own, stone_x, stone_y, left)
    child_after(Sy, lvy, lny, d, opp, stone_y, stone_x, ncells(own))


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
    return 0, zero_of(own), zero_of(own)


@njit(cache=True)
def race_node(S, lv, ln, Sy, lvy, lny, isx, xyx, lx, ly, n, full, tab, mask, st, own, opp, t, d, tss_depth,
              T, Ti, symt, tab2, mask2, pk, inc, rpb):
    """The value of the state (own, opp, t) whose lists are ``lv[d]`` (X's live sets) and ``lvy[d]``
    (Y's unblocked sets): (status, carrier, move), see the module docstring."""
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
    uy, yth = y_sets(Sy, lvy, lny, d, opp)
    yopen = bandn(uy, opp)
    ku, ko, ky, kp, perm = u, band(own, u), uy, band(opp, uy), -1
    if t < symt:
        ku, ko, ky, kp, perm = canonical4(T, ku, ko, ky, kp)
    hit = tt_find_k(tab, mask, ku, ko, ky, kp, t)
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
    if isx[t]:
        # -- X's turn: an immediate win, X's forced block, the X-Y-X oracle, threat-space search, moves
        done = False
        for j in range(k):
            need = bandn(mget(S, lv[d, j]), own)
            if not nz(droplow(need)):
                status, carrier, move = 1, bor(need, yopen), need
                done = True
                break
        if not done and rpb > 0 and pk[t] > 0:
            if live_pairing(S, lv, ln, d, own, rpb, mask_empty(own, ncells(own) // 2 + 1)) >= 0:
                st[PAIRINGS] += 1
                done = True  # a pairing of X's live needs: X completes none
        forced = z
        if not done and nz(yth) and t + 1 < n and not isx[t + 1]:
            st[FORCED] += 1
            if nz(droplow(yth)):
                done = True  # two cells Y completes next: X blocks one
            forced = yth
        if not done and not nz(forced) and tss_depth > 0 and d == 0 and st[TSS_ROOT_BUDGET] > 0:
            # the asked state, first (before the Maker-Breaker oracle, whose search of a state X
            # wins by a threat line can run for minutes): iterative deepening, 2, 4, ... threats,
            # each with the root budget (a depth-first search to the full depth spends any budget
            # on long lines first)
            won, car, v = threat_win(S, lv, ln, Sy, lvy, lny, isx, lx, n, own, opp, t, d, 2, tss_depth,
                                     st[TSS_ROOT_BUDGET], st, inc)
            if won == 1:
                status, carrier, move, done = 1, bor(car, yopen), v, True
        if not done and not nz(forced) and tab2.shape[0] > 0 and (
                st[ORACLE_SETS] == 0 or k <= st[ORACLE_SETS] or lx[t] <= st[ORACLE_MOVES]):
            st[ORACLE_CALLS] += 1
            r, _, _ = node(S, lv, ln, isx, xyx, lx, n, full, tab2, mask2, st, own, opp, t, d, tss_depth, T, Ti, symt,
                           pk, inc)
            if r < 0:
                return r, z, z
            if r == 0:
                st[MB_LOSSES] += 1
                done = True  # X loses even if Y only blocks
        if not done and not nz(forced) and lx[t] == 2 and xyx[t]:
            part = partners(S, lv, ln, d, own)
            for i in range(ncells(own)):
                p = mget(part, i)
                if nz(droplow(p)):
                    a = lowbit(p)
                    v = cell_bit(own, i)
                    status, carrier, move = 1, bor(bor(bor(v, a), lowbit(bxor(p, a))), yopen), v
                    break
            done = True
        if not done and not nz(forced) and tss_depth > 0:
            won, car, v = threat_win(S, lv, ln, Sy, lvy, lny, isx, lx, n, own, opp, t, d, tss_depth, tss_depth,
                                     st[TSS_BUDGET], st, inc)
            if won == 1:
                status, carrier, move, done = 1, bor(car, yopen), v, True
        if not done:
            if nz(forced):
                moves = np.full(1, index(forced))
            else:
                moves = by_score(both_scores(S, lv, ln, Sy, lvy, lny, d, own, opp, legal, ly[t]))
            for c in moves:
                v = cell_bit(own, c)
                after(S, lv, ln, Sy, lvy, lny, d, own, opp, v, z, lx[t + 1])
                r, car, _ = race_node(S, lv, ln, Sy, lvy, lny, isx, xyx, lx, ly, n, full, tab, mask, st, bor(own, v),
                                      opp, t + 1, d + 1, tss_depth, T, Ti, symt, tab2, mask2, pk, inc, rpb)
                if r < 0:
                    return r, z, z
                if r == 1:
                    status, carrier, move = 1, bor(bor(car, v), yopen), v
                    break
    elif nz(band(yth, legal)):
        move = lowbit(band(yth, legal))  # Y completes a set now
    else:
        # -- Y's turn: X's threats (Y's forced block), the best reply, the pass, the must-play region
        xnext = t + 1 < n and isx[t + 1]
        th = z
        if xnext:
            th = band(threat_cells(S, lv, ln, d, own), legal)
        if nz(droplow(th)):
            a = lowbit(th)
            status, carrier = 1, bor(bor(a, lowbit(bxor(th, a))), yopen)
        elif nz(th):
            st[FORCED] += 1
            after(S, lv, ln, Sy, lvy, lny, d, own, opp, z, th, lx[t + 1])
            r, car, _ = race_node(S, lv, ln, Sy, lvy, lny, isx, xyx, lx, ly, n, full, tab, mask, st, own,
                                  bor(opp, th), t + 1, d + 1, tss_depth, T, Ti, symt, tab2, mask2, pk, inc, rpb)
            if r < 0:
                return r, z, z
            status, carrier, move = (1, bor(bor(car, th), yopen), z) if r == 1 else (0, z, th)
        elif lx[t] == 1 and xnext:
            move = lowbit(legal)  # X's last move comes next and X has no one-cell need
        else:
            reply = z
            if xnext and pk[t + 1] > 0 and pairing_worth_trying(st):
                reply = pairing_reply(S, lv, ln, d, own, legal, lx[t + 1], st[PAIR_BUDGET])
            if nz(reply):
                st[PAIRINGS] += 1
                st[PAIR_FOUND] += 1
                move = reply
            else:
                score = both_scores(S, lv, ln, Sy, lvy, lny, d, own, opp, legal, ly[t])
                top = 0.0
                arg = -1
                for i in range(ncells(own)):
                    if score[i] > top:
                        top = score[i]
                        arg = i
                tried = cell_bit(own, arg) if arg >= 0 else lowbit(legal)
                after(S, lv, ln, Sy, lvy, lny, d, own, opp, z, tried, lx[t + 1])
                r, car, _ = race_node(S, lv, ln, Sy, lvy, lny, isx, xyx, lx, ly, n, full, tab, mask, st, own,
                                      bor(opp, tried), t + 1, d + 1, tss_depth, T, Ti, symt, tab2, mask2, pk, inc,
                                      rpb)
                if r < 0:
                    return r, z, z
                move = tried
                if r == 1:
                    carrier = bor(car, tried)
                    after(S, lv, ln, Sy, lvy, lny, d, own, opp, z, z, lx[t + 1])
                    r, cp, _ = race_node(S, lv, ln, Sy, lvy, lny, isx, xyx, lx, ly, n, full, tab, mask, st, own,
                                         opp, t + 1, d + 1, tss_depth, T, Ti, symt, tab2, mask2, pk, inc, rpb)
                    if r < 0:
                        return r, z, z
                    if r == 1:
                        cp = bor(cp, yopen)
                        carrier = bor(carrier, cp)
                        region = bandn(band(band(legal, cp), car), tried)
                        if nz(bandn(bandn(legal, cp), tried)):
                            st[MUST_PLAY] += 1
                        status = 1
                        for i in region_order(score, region):
                            c = cell_bit(own, i)
                            if not nz(band(region, c)):
                                st[CARRIER_SKIPS] += 1
                                continue  # off the carrier of a reply already refuted
                            after(S, lv, ln, Sy, lvy, lny, d, own, opp, z, c, lx[t + 1])
                            r, car, _ = race_node(S, lv, ln, Sy, lvy, lny, isx, xyx, lx, ly, n, full, tab, mask,
                                                  st, own, bor(opp, c), t + 1, d + 1, tss_depth, T, Ti, symt, tab2,
                                                  mask2, pk, inc, rpb)
                            if r < 0:
                                return r, z, z
                            if r == 0:
                                status, move = 0, c
                                break
                            carrier = bor(carrier, bor(car, c))
                            region = band(region, car)
                        if status == 1:
                            move = z
    if status == 1:
        st[PROVEN] += 1
    else:
        st[DISPROVEN] += 1
        carrier = z
    if perm >= 0:
        tt_store_k(tab, mask, st, ku, ko, ky, kp, t, status, image(T, perm, carrier), image(T, perm, move),
                   st[NODES] - start)
    else:
        tt_store_k(tab, mask, st, ku, ko, ky, kp, t, status, carrier, move, st[NODES] - start)
    return np.int64(status), carrier, move
