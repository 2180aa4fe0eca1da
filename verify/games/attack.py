"""The attack question "can X force a win?" on a ``.pg`` game (:mod:`verify.games.positional`): the
bookkeeping of the schedule from X's side, shared by the proof search and the checker of its
certificates. States are ``(black, white, t)`` with ``t`` the time points played: a *pass* plays a
time point without a stone, so ``t`` is kept apart from the stone count.
"""
from __future__ import annotations

from . import positional as pg


def no_double_moves(sched, attacker: str) -> list[bool]:
    """For each t (0..len(sched)): does ``attacker`` never move twice in a row from t on? (One
    backward pass: linear in the schedule, which a certificate may make long.)"""
    out = [True] * (len(sched) + 1)
    for t in range(len(sched) - 2, -1, -1):
        out[t] = out[t + 1] and not (sched[t] == sched[t + 1] == attacker)
    return out


def alternating_from(sched, attacker: str) -> list[bool]:
    """For each t (0..len(sched)): does the schedule from t on alternate ``attacker``, the other,
    ``attacker``, ... to its end? (One backward pass.)"""
    n = len(sched)
    out = [True] * (n + 2)
    for t in range(n - 1, -1, -1):
        out[t] = sched[t] == attacker and (t + 1 == n or (sched[t + 1] != attacker and out[t + 2]))
    return out[:n + 1]


class Attack:
    """X = ``attacker``, Y = the other colour; ``left_x[t]``/``left_y[t]``: moves each has from
    time point t on (0 past the end of the schedule)."""

    def __init__(self, game: pg.PositionalGame, attacker: str):
        self.game = game
        self.x = attacker
        self.y = pg.other(attacker)
        self.xb = attacker == pg.BLACK
        self.sched = game.schedule()
        n = len(self.sched)
        self.left_x = [0] * (n + 2)
        self.left_y = [0] * (n + 2)
        for t in range(n - 1, -1, -1):
            self.left_x[t] = self.left_x[t + 1] + (self.sched[t] == attacker)
            self.left_y[t] = self.left_y[t + 1] + (self.sched[t] != attacker)

    def own_opp(self, black: int, white: int) -> tuple[int, int]:
        """(X's stones, Y's stones)."""
        return (black, white) if self.xb else (white, black)

    def legal(self, black: int, white: int, t: int) -> int:
        """Free cells, restricted to #firstmoves at time 0."""
        free = self.game.full_mask & ~black & ~white
        if t == 0 and self.game.first_moves is not None:
            free &= self.game.first_moves
        return free

    def play(self, black: int, white: int, v: int, x_moves: bool) -> tuple[int, int]:
        """The stones after X (``x_moves``) or Y claims the cell bit ``v``."""
        return (black | v, white) if x_moves == self.xb else (black, white | v)

    @staticmethod
    def open_cells(sets, own: int, opp: int) -> int:
        """Free cells of the sets that ``own`` has not blocked (their owner holds ``opp``): where
        extra stones of that owner could advance one of them."""
        u = 0
        for s in sets:
            if not s & own:
                u |= s & ~opp
        return u

    @staticmethod
    def two_cell_partners(needs) -> dict[int, int]:
        """For each cell on a set needing exactly two cells, the other cells of those sets (a
        cell with two or more partners is a double threat: claiming it leaves two one-cell needs)."""
        partners: dict[int, int] = {}
        for s in needs:
            if s.bit_count() == 2:
                lo = s & -s
                hi = s ^ lo
                partners[lo] = partners.get(lo, 0) | hi
                partners[hi] = partners.get(hi, 0) | lo
        return partners
