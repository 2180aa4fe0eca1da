"""The ``pg-strategy`` certificate kind: a strategy table for a ``.pg`` game, checked from the rules
of :mod:`verify.games.positional` alone.

Body: ``"instance": {"pg": <the .pg text>}``, the verdict ``{"winner": W}`` and
``"strategies": {colour: [{"black": [...], "white": [...], "move": cell}, ...]}``, one entry per
state (the stones of both colours) where the strategist is to move.

Checked claim: for W = black or white, ``strategies[W]`` guarantees W's win: every state reachable
when W follows the table and the opponent plays every legal move ends with W the winner. For
W = draw, ``strategies["black"]`` guarantees black does not lose and ``strategies["white"]`` that
white does not lose; together the game value is a draw. The checker re-parses the instance, checks
every table move for legality and expands every opponent move literally.

Soundness: :func:`positional.strategy_states` visits each (black, white) state once; stones only
grow and the schedule is finite, so the walk ends. Every state reached is checked (a missing or
illegal table move is an error), every opponent move is expanded, and each finished game's result
is in the acceptable set: by induction on the remaining schedule the strategist's play guarantees
it. A draw needs both colours' strategies, which together pin the value to a draw. The walk stops
(refused) beyond ``limits.MAX_CHECKED_PG_STRATEGY_STATES`` states: a schedule giving the opponent many moves in
a row would otherwise make a file of a few lines expand exponentially many states.
"""
from __future__ import annotations

from .. import limits
from ..errors import CertificateError, InputError, TooLarge
from ..formats.pg import pg_to_text
from ..formats.instances import question_of
from ..games import positional as pg
from ..question import Question
from . import envelope
from .checker import CheckReport, pg_game, register, verdict_of

KIND = "pg-strategy"


def _acceptable(colour: str, winner: str) -> set[str]:
    """Results ``colour``'s strategy must guarantee, for a claimed ``winner``."""
    return {colour} if winner == colour else {colour, pg.DRAW}


def _strategists(winner: str) -> list[str]:
    return [pg.BLACK, pg.WHITE] if winner == pg.DRAW else [winner]


def pg_strategy_certificate(game: pg.PositionalGame, winner: str, choose) -> dict:
    """Record ``choose(colour, black, white)`` (a cell bit) at every state reachable under it, for
    the strategist(s) of the claim."""
    strategies = {}
    total = 0
    for colour in _strategists(winner):
        table: dict[tuple[int, int], int] = {}

        def recorded(b, w, colour=colour, table=table):
            v = table.get((b, w))
            if v is None:
                v = table[(b, w)] = choose(colour, b, w)
            return v

        # the checker's walk with its caps: a strategy too large to check is not written
        try:
            for _ in pg.strategy_states(game, colour, recorded, pg.strategy_walk_cap(game)):
                total += 1
                if total > limits.MAX_CHECKED_PG_STRATEGY_STATES:
                    raise TooLarge(f"more than {limits.MAX_CHECKED_PG_STRATEGY_STATES} reachable states")
        except TooLarge as exc:
            raise TooLarge(f"no pg-strategy certificate: the checker would refuse it ({exc}); try --method "
                           "search, or no --certificate") from None
        entries = [{"black": game.names(b), "white": game.names(w), "move": game.names(m)[0]}
                   for (b, w), m in table.items()]
        entries.sort(key=lambda e: (len(e["black"]) + len(e["white"]), e["black"], e["white"]))
        strategies[colour] = entries
    return envelope(KIND, {"pg": pg_to_text(game)}, question_of("pg", game), {"winner": winner},
                    strategies=strategies)


@register(KIND, "strategies")
def check_pg_strategy(cert: dict, question: Question) -> CheckReport:
    game = pg_game(cert, question)
    winner = verdict_of(cert, "winner", (pg.BLACK, pg.WHITE, pg.DRAW))
    if winner == pg.DRAW and not game.maker_maker:
        raise CertificateError("a Maker-Breaker description has no draws")
    strategies = cert.get("strategies")
    if not isinstance(strategies, dict):
        raise CertificateError("'strategies' must be an object")
    total = 0
    max_states = pg.strategy_walk_cap(game)  # spec: a stored state weighs w units
    for colour in _strategists(winner):
        table = _table(game, strategies.get(colour), colour)

        def choose(b, w, table=table, colour=colour):
            m = table.get((b, w))
            if m is None:
                raise CertificateError(f"no {colour} move at reachable state {_show(game, b, w)}")
            if not m & game.legal_moves(b, w):
                raise CertificateError(f"{colour} move {game.names(m)[0]} at {_show(game, b, w)} is illegal")
            return m

        ok = _acceptable(colour, winner)
        for b, w, over in pg.strategy_states(game, colour, choose, max_states):
            total += 1
            if total > limits.MAX_CHECKED_PG_STRATEGY_STATES:
                raise CertificateError(f"more than {limits.MAX_CHECKED_PG_STRATEGY_STATES} reachable states: refused")
            if over is not None and over not in ok:
                raise CertificateError(f"{colour}'s strategy reaches a {over} result at {_show(game, b, w)}")
    return CheckReport(KIND, question_of("pg", game), {"winner": winner}, f"{total} reachable states checked")


def _table(game: pg.PositionalGame, entries, colour: str) -> dict[tuple[int, int], int]:
    if not isinstance(entries, list):
        raise CertificateError(f"no strategy list for {colour}")
    table = {}
    for e in entries:
        if not isinstance(e, dict) or set(e) != {"black", "white", "move"}:
            raise CertificateError("each strategy entry must be an object with exactly the keys black, white, move")
        try:
            b, w = _cells(game, e.get("black")), _cells(game, e.get("white"))
            if b & w:
                raise CertificateError(f"a strategy entry's black and white stones overlap: {_show(game, b, w)}")
            move = e.get("move")
            if not isinstance(move, str):
                raise CertificateError(f"strategy move {move!r} is not a position name")
            m = game.mask([move])
        except InputError as exc:
            raise CertificateError(str(exc)) from None
        if (b, w) in table:
            raise CertificateError(f"two {colour} entries for the state {_show(game, b, w)}")
        table[(b, w)] = m
    return table


def _cells(game, names) -> int:
    if not isinstance(names, list) or not all(isinstance(v, str) for v in names):
        raise CertificateError(f"expected a list of position names, got {names!r}")
    m = game.mask(names)
    if m.bit_count() != len(names):
        raise CertificateError("a position is repeated in a state")
    return m


def _show(game, b, w) -> str:
    return f"black {{{','.join(game.names(b))}}} white {{{','.join(game.names(w))}}}"
