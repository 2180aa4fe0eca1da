"""Two independent routes to the outcome of a ``.pg`` game (rules: :mod:`verify.games.positional`).

- ``("pg", "explicit")``: exhaustive minimax over states (black stones, white stones), memoized,
  written from the rules. Values black > draw > white; black maximises. Exact reductions only:
  the search stops when neither player can still complete a set within their remaining moves, and
  cells lying on no live set of either player are interchangeable, so one of them stands for all.
- ``("pg", "qbf")``: two QBF questions (:mod:`verify.encode.qbf.game`): "can black win?", and if not
  "can white win?" (Maker-Maker) — otherwise a draw; for a Maker-Breaker description the second
  question is not needed (no draws).

Both return an :class:`Outcome` with ``winner`` in black/white/draw and ``first`` the colour of the
first time point. With ``certificate=True`` they attach a ``pg-strategy`` certificate
(:mod:`verify.certificates.extra`), built from the route's own move choices.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import TooLarge
from .. import limits
from ..games import positional as pg
from ..hypergraph import bits
from ..result import Outcome
from . import register

_VALUE = {pg.BLACK: 1, pg.DRAW: 0, pg.WHITE: -1}
_RESULT = {1: pg.BLACK, 0: pg.DRAW, -1: pg.WHITE}
MAX_POSITIONS = limits.MAX_PG_POSITIONS


class PGSearch:
    """Memoized minimax for a .pg game: ``value(black, white)`` in {1 black, 0 draw, -1 white}."""

    def __init__(self, game: pg.PositionalGame):
        self.game = game
        self.sched = game.schedule()
        self.base = (game.black_initials | game.white_initials).bit_count()
        self.memo: dict[tuple[int, int], int] = {}
        self.nodes = 0
        self.end = _VALUE[game.end_result()]

    def _remaining(self, t: int) -> tuple[int, int]:
        rest = self.sched[t:]
        return rest.count(pg.BLACK), rest.count(pg.WHITE)

    def value(self, black: int, white: int) -> int:
        key = (black, white)
        v = self.memo.get(key)
        if v is None:
            v = self._value(black, white)
            self.memo[key] = v
        return v

    def _value(self, black: int, white: int) -> int:
        g = self.game
        over = g.winner_if_over(black, white)
        if over is not None:
            return _VALUE[over]
        self.nodes += 1
        t = (black | white).bit_count() - self.base
        nb, nw = self._remaining(t)
        b_live = [s for s in g.live_sets(pg.BLACK, black, white) if s.bit_count() <= nb]
        w_live = [s for s in g.live_sets(pg.WHITE, black, white) if s.bit_count() <= nw]
        if not b_live and not w_live:
            return self.end
        player = self.sched[t]
        best = -2 if player == pg.BLACK else 2
        target = 1 if player == pg.BLACK else -1
        for cell in self.moves(black, white, b_live, w_live):
            nbk, nwh = g.play(black, white, cell)
            v = self.value(nbk, nwh)
            if player == pg.BLACK:
                best = max(best, v)
            else:
                best = min(best, v)
            if best == target:
                break
        return best

    def moves(self, black: int, white: int, b_live=None, w_live=None) -> list[int]:
        """Candidate cells: the live ones (most needed first) and one dead cell if any."""
        g = self.game
        legal = g.legal_moves(black, white)
        if b_live is None:
            b_live = g.live_sets(pg.BLACK, black, white)
            w_live = g.live_sets(pg.WHITE, black, white)
        score: dict[int, float] = {}
        for s in b_live + w_live:
            w = 1.0 / (1 << s.bit_count())
            for i in bits(s & legal):
                score[i] = score.get(i, 0.0) + w
        out = [1 << i for i in sorted(score, key=lambda i: (-score[i], i))]
        live = sum(out)
        dead = legal & ~live
        if dead:
            out.append(dead & -dead)
        return out

    def best_move(self, black: int, white: int) -> int:
        """A move of the player to move achieving the state's value."""
        target = self.value(black, white)
        for cell in self.moves(black, white):
            if self.value(*self.game.play(black, white, cell)) == target:
                return cell
        raise AssertionError("no move achieves the minimax value")


def solve_pg_explicit(game: pg.PositionalGame, certificate: bool = False) -> Outcome:
    """Outcome of a .pg game by exhaustive search."""
    if len(game.positions) > MAX_POSITIONS:
        raise TooLarge(f"the explicit .pg solver handles at most {MAX_POSITIONS} positions")
    search = PGSearch(game)
    winner = _RESULT[search.value(*game.start())]
    out = Outcome(game="pg", method="explicit", winner=winner, first=_first(game),
                  stats={"nodes": search.nodes, **game.summary()})
    if certificate:
        from ..certificates.extra import pg_strategy_certificate
        out.certificate = pg_strategy_certificate(game, winner, lambda colour, b, w: search.best_move(b, w))
        out.stats["certificate_states"] = sum(len(s) for s in out.certificate["strategies"].values())
    return out


def _first(game: pg.PositionalGame) -> str:
    sched = game.schedule()
    return sched[0] if sched else ""


def solve_pg_qbf(game: pg.PositionalGame, certificate: bool = False, backend: str | None = None,
                 timeout: float | None = None, encoding: str | None = None,
                 symmetry: bool = True) -> Outcome:
    """Outcome of a .pg game by QBF: can black win; else (Maker-Maker) can white win; else draw.
    "Can X win?" on a whole game (its schedule fills the board) is asked by iterative deepening:
    "X wins within d of its moves" (:func:`cut_after`) for d = 1, 2, …; a true answer decides it."""
    from .qbf import QBFRoute
    route = QBFRoute(backend, timeout, encoding, symmetry, game)
    start = game.start()
    proof = game  # the game whose questions the winner's certificate moves answer
    if (won := _wins(route, game, pg.BLACK)) is not None:
        winner, proof = pg.BLACK, won
    elif not game.maker_maker:
        winner = pg.WHITE
    elif (won := _wins(route, game, pg.WHITE)) is not None:
        winner, proof = pg.WHITE, won
    else:
        winner = pg.DRAW
    out = Outcome(game="pg", method="qbf", winner=winner, first=_first(game),
                  stats={"backend": route.backend, "encoding": route.encoding, **route.stats,
                         **game.summary()})
    if proof is not game:
        out.stats["won_within"] = proof.schedule().count(winner)
    if certificate:
        from ..certificates.extra import pg_strategy_certificate
        out.certificate = pg_strategy_certificate(
            game, winner, lambda colour, b, w: route.choose(proof if colour == winner else game, colour,
                                                            winner, (b, w)))
        out.stats.update(route.stats)
        out.stats["certificate_states"] = sum(len(s) for s in out.certificate["strategies"].values())
    return out


def cut_after(game: pg.PositionalGame, colour: str, moves: int) -> pg.PositionalGame:
    """The game whose schedule stops after ``colour``'s ``moves``-th time point. A win of ``colour``
    in it is a win in ``game``: both are played alike up to that point."""
    sched = game.schedule()
    mine = [i for i, c in enumerate(sched) if c == colour]
    if moves >= len(mine):
        return game
    times = game.times[:mine[moves - 1] + 1]
    return replace(game, times=times, black_turns=game.black_turns & frozenset(times))


def _wins(route, game: pg.PositionalGame, colour: str) -> pg.PositionalGame | None:
    """The (cut) game in which the route finds that ``colour`` can force a win, or None."""
    start = game.start()
    sched = game.schedule()
    whole = len(sched) == game.free_mask().bit_count() and game.winner_if_over(*start) is None
    live = game.live_sets(colour, *start)
    low = max(1, min((s.bit_count() for s in live), default=1)) if whole else sched.count(colour)
    for d in range(low, sched.count(colour) + 1):
        cut = cut_after(game, colour, d)
        if route.can_force(cut, colour, "win", start):
            return cut
    return None


register("pg", "explicit")(solve_pg_explicit)
register("pg", "qbf")(solve_pg_qbf)
