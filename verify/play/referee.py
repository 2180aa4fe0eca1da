"""Playing against a certificate: the certified strategist answers every move of its opponent.

A :class:`Referee` holds a certificate that passed the checker, the game's rules (a
:class:`verify.draw.Play`, whose moves are checked by :mod:`verify.games`) and the strategist's
side. :meth:`Referee.replay` replays the opponent's moves from the start, inserting the strategist's
answers, so any position of a game can be reached again (undo, jump) by replaying a prefix.

The answers come from the rules the checker uses, never from a second reading of the certificate:
a follower of :mod:`verify.draw.follow` (the same one ``verify draw --position`` asks) derives them —
tables and pairings by the checker's ``choose``, ``pg-proof`` through the checker's own
:class:`~verify.certificates.proof.ProofWalk` (recorded choices, links, immediate wins, forced
blocks, threat lines, a book's parts; an opponent move outside the must-play region followed as the
pass, by the carrier lemma), ``maker-breaker-rounds`` through its tree and leaf structures, and the
other compositional Maker-Breaker kinds through their embedded certificates. See that module.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..certificates.checker import check_certificate
from ..draw.board import PositionalPlay
from ..draw.follow import NoStrategy, strategist
from ..errors import InputError, NotApplicable
from ..games import positional as pg


@dataclass
class Line:
    """A replayed game: its moves (the strategist's answers included), who made each, the final
    state, the result if the game is over, and the strategist's last answer."""
    moves: list[str] = field(default_factory=list)
    by: list[str] = field(default_factory=list)
    state: object = None
    result: str | None = None


class Referee:
    """A checked certificate's game and its strategist (``who``), ready to play."""

    def __init__(self, cert: dict, title: str = "", members=None, report=None):
        # only a certificate that passes the checker is played (``report``: its check, done already)
        self.report = report if report is not None else check_certificate(cert)
        self.cert, self.kind = cert, cert["kind"]
        try:
            self.play, self.who, self._follower = strategist(cert, title, members=members)
        except NotApplicable as exc:
            raise NotApplicable(f"cannot play this certificate: {exc}") from None
        self.opponent = next(r for r in self.play.roles if r != self.who)

    @classmethod
    def from_file(cls, path, title: str | None = None) -> "Referee":
        """The referee of a certificate file, or of a book (a ``.zip``: its root is checked, and its
        parts are read again for the strategist's walks)."""
        from pathlib import Path

        from ..certificates.book import is_book, read_book
        from ..certificates.checker import read_certificate
        title = Path(path).stem if title is None else title
        if not is_book(path):
            return cls(read_certificate(path), title)
        checked, book = read_book(path), read_book(path)
        try:
            report = check_certificate(checked)
        finally:
            checked.close()
        return cls(dict(book), title, members=book.member, report=report)

    def over(self, state) -> str | None:
        """The result by the rules; a Maker-Breaker ``.pg`` game also ends once black can no longer
        complete a set within its remaining moves (white has won)."""
        out = self.play.over(state)
        if out is None and isinstance(self.play, PositionalPlay) and not self.play.game.maker_maker:
            g = self.play.game
            b, w = state
            t = g.time_of(b, w)
            left = sum(c == pg.BLACK for c in g.schedule()[t:])
            if not any(n.bit_count() <= left for n in g.live_sets(pg.BLACK, b, w)):
                return pg.WHITE
        return out

    def replay(self, moves: list[str]) -> Line:
        """The game after the opponent's ``moves`` in order, each followed by the strategist's
        answers (moves may also list the strategist's answers: each must be the one it gives)."""
        follower = self._follower()
        line = Line(state=self.play.start())
        pending = list(moves)
        while True:
            line.result = self.over(line.state)
            if line.result is not None:
                if pending:
                    raise InputError(f"move {pending[0]}: the game is already over ({line.result})")
                return line
            mover = self.play.to_move(line.state)
            if mover == self.who:
                try:
                    v = follower.reply()
                except NoStrategy as exc:
                    raise RuntimeError(f"the certificate has no answer here ({exc})") from None
                if pending and pending.pop(0) != v:
                    raise InputError(f"move {len(line.moves) + 1}: the certified answer here is {v}")
            elif pending:
                v = pending.pop(0)
                if v not in self.play.legal(line.state):
                    raise InputError(f"{v} is not a legal move for {mover} here")
                follower.observe(v)
            else:
                return line
            line.state = self.play.play(line.state, v)
            line.moves.append(v)
            line.by.append(mover)
