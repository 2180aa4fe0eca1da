"""Playing against a certificate: the certified strategist answers every move of its opponent.

A :class:`Referee` holds a certificate that passed the checker, the game's rules (a
:class:`verify.draw.Play`, whose moves are checked by :mod:`verify.games`) and the strategist's
side. :meth:`Referee.replay` replays the opponent's moves from the start, inserting the strategist's
answers, so any position of a game can be reached again (undo, jump) by replaying a prefix.

The answers come from the rules the checker uses, never from a second reading of the certificate:

- ``maker-breaker-strategy``: the table's move at the residual (the checker's ``choose``).
- ``maker-breaker-pairing``: the partner of the vertex Maker just took; any free vertex otherwise
  (an extra Breaker vertex never hurts Breaker).
- ``pg-strategy``: the table's move at the state (the checker's ``choose``).
- ``pg-proof``: the checker's :class:`~verify.certificates.proof.ProofWalk` is run once over the
  answer (this is the check) while recording how it resolved each state (its own step, or a link to
  an isomorphic state); a game is then followed through that walk: a *proof state* P of the walk and
  a map from P's cells to the board's. The strategist's move is the walk's derivation at P (an
  immediate win, a forced block, the recorded choice, the next move of a threat line: Y's forced
  reply continues it, any other reply is answered by completing the threatened set); an opponent move outside what the walk
  expanded is covered by the walk's lemmas: in a proof, a move of Y outside the pass carrier is
  followed as the pass; in a refutation, a move of X on no live set is followed as the walk's
  representative move (an extra own stone never hurts: monotonicity). Once a refutation ends
  (X can no longer complete a set, or the X-Y-X rule), Y plays by the rules alone: complete a set,
  else block X's one-cell threat, else any cell; at a pairing leaf Y first answers X's move on a
  pair with its mate (the leaf's lemma). Refutations split into components are not played.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..certificates.checker import check_certificate
from ..certificates.proof import ProofWalk, answer_walk, answers, proof_game
from ..draw.board import MakerBreakerPlay, Play, PositionalPlay
from ..draw.load import from_certificate
from ..errors import InputError, NotApplicable
from ..games import maker_breaker as mb
from ..games import positional as pg
from ..hypergraph import bits
from ..question import Question


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

    def __init__(self, cert: dict, title: str = ""):
        self.report = check_certificate(cert)  # only a certificate that passes the checker is played
        self.cert, self.kind = cert, cert["kind"]
        if self.kind == "pg-proof":
            self.play, self.who, self._follower = _proof_play(cert, title)
        elif self.kind in ("maker-breaker-strategy", "maker-breaker-pairing", "pg-strategy"):
            self.play = from_certificate(cert, title)
            self.who = self.play.winner if self.play.winner != pg.DRAW else pg.BLACK
            self._follower = lambda: _TableFollower(self)
        else:
            raise InputError(f"a {self.kind} certificate records no strategy to play against "
                             "(maker-breaker-strategy, maker-breaker-pairing, pg-strategy, pg-proof)")
        self.opponent = next(r for r in self.play.roles if r != self.who)

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
                v = follower.reply(line.state)
                if pending and pending.pop(0) != v:
                    raise InputError(f"move {len(line.moves) + 1}: the certified answer here is {v}")
            elif pending:
                v = pending.pop(0)
                if v not in self.play.legal(line.state):
                    raise InputError(f"{v} is not a legal move for {mover} here")
                follower.observe(line.state, v)
            else:
                return line
            line.state = self.play.play(line.state, v)
            line.moves.append(v)
            line.by.append(mover)


# -- tables and pairings ------------------------------------------------------------------------

class _TableFollower:
    """Strategy tables and pairings: the answer depends on the position only (``Play.advice``,
    the lookup the checker's ``choose`` makes)."""

    def __init__(self, ref: Referee):
        self.ref = ref

    def observe(self, state, move: str) -> None:
        pass

    def reply(self, state) -> str:
        play = self.ref.play
        v = play.advice(state)
        if v is None and isinstance(play, MakerBreakerPlay) and play.pairs:
            v = play.legal(state)[0]  # Maker took no paired vertex: any vertex will do for Breaker
        if v is None:
            raise RuntimeError("the certificate has no answer here (a checked certificate always has)")
        return v


# -- pg-proof ------------------------------------------------------------------------------------

class _Recording(ProofWalk):
    """The checker's walk, remembering how it resolved each key: ("step", (b, w)) where it derived
    the step itself, ("link", ((b', w'), map)) where it followed a link."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.how: dict = {}

    def _linked(self, b, w, t, key):
        got = super()._linked(b, w, t, key)
        if got is not None:
            self.how.setdefault(key, ("link", got))
        return got

    def _prove(self, b, w, t):
        self.how.setdefault(self.key(b, w, t), ("step", (b, w)))
        return super()._prove(b, w, t)

    def _refute_step(self, b, w, t):
        self.how.setdefault(self.key(b, w, t), ("step", (b, w)))
        return super()._refute_step(b, w, t)


def _proof_play(cert: dict, title: str):
    """(the game as a Play, the strategist's colour, a factory of followers): the strategist proves
    a "wins" answer when there is one, else refutes "black wins" as white."""
    game, colour, _winner, _asked = proof_game(cert, Question.from_json(cert["claim"]["question"]))
    chosen = sorted(answers(cert, game, colour), key=lambda a: not a[1])[0]
    attacker, wins, q = chosen
    if q.get("components"):
        raise NotApplicable("playing a refutation split into components is not supported")
    walk = answer_walk(game, attacker, q, walk=_Recording)
    if wins:
        walk.prove(*game.start(), 0)
    else:
        walk.refute(*game.start(), 0)
    who = attacker if wins else pg.other(attacker)
    play = PositionalPlay(game, winner=colour, title=title)
    return play, who, lambda: _ProofFollower(walk, wins)


class _ProofFollower:
    """A game followed through a checked walk: the proof state P = (b, w) at time t, and
    ``cells``: P's cell -> board cell (None: the identity, before any link)."""

    def __init__(self, walk: _Recording, proves: bool):
        self.walk, self.proves = walk, proves
        self.b, self.w = walk.game.start()
        self.t = 0
        self.cells: dict | None = None
        self.ended = False  # a refutation has ended: the rest is played by the rules alone
        self.mates: dict = {}  # after a pairing leaf: board cell -> its pair's other cell
        self.last: int | None = None  # X's last move after the refutation ended
        self.line: list | None = None  # in a threat line of a proof: X's moves still to play

    # coordinates
    def _board_cell(self, v: int) -> int | None:
        return v if self.cells is None else self.cells.get(v)

    def _proof_cell(self, c: int) -> int | None:
        if self.cells is None:
            return c
        return next((p for p, r in self.cells.items() if r == c), None)

    def _resolve(self) -> None:
        """Follow merged states and links to the state whose step the walk derived."""
        walk = self.walk
        for _ in range(len(walk.how) + 1):
            how = walk.how.get(walk.key(self.b, self.w, self.t))
            if how is None:
                raise RuntimeError(f"the walk never reached this state (time {self.t})")
            if how[0] == "step":
                self.b, self.w = how[1]
                return
            (lb, lw), cmap = how[1]
            mapped = {a: self._board_cell(p) for a, p in cmap.items()}
            self.cells = {a: r for a, r in mapped.items() if r is not None}
            self.b, self.w = lb, lw
        raise RuntimeError("cyclic links (a checked certificate has none)")

    def _step(self) -> list:
        self._resolve()
        walk = self.walk
        succ = walk._refute_step(self.b, self.w, self.t)
        pairs = walk.pairing(self.b, self.w, self.t) if walk.pairing is not None and not succ else None
        for p in pairs or ():
            a, c = self._board_cell(p & -p), self._board_cell(p & (p - 1))
            if a is not None and c is not None:
                self.mates[a], self.mates[c] = c, a
        return succ

    # the game
    def reply(self, state) -> str:
        g = self.walk.game
        me = self.walk.x if self.proves else self.walk.y
        v = _win_or_block(g, state, me)
        if v is not None and (self.ended or _completes(g, state, me, v)):
            return g.names(v)[0]
        if self.ended:
            mate = self.mates.get(self.last)
            if mate is not None and mate & g.legal_moves(*state):
                return g.names(mate)[0]  # the pairing leaf: answer in X's pair
            return self._free(state)
        if self.proves:
            if self.line is None:
                self._resolve()
                line = self.walk.threat_line(self.b, self.w, self.t) if self.walk.threat_line else None
                self.line = list(line) if line is not None else None
            if self.line:
                p = self.line.pop(0)  # the line's next forcing move
            elif self.line is not None:
                raise RuntimeError("a threat line ended without a win (a checked certificate never does)")
            else:
                p, _ = self.walk.x_move(self.b, self.w, self.t)
            self.b, self.w = self.walk.play(self.b, self.w, p, True)
        else:
            succ = self._step()
            if not succ:
                self.ended = True
                return self._free(state)
            nb, nw, _ = succ[0]
            p = (nb | nw) & ~(self.b | self.w)
            self.b, self.w = nb, nw
        self.t += 1
        c = self._board_cell(p)
        legal = g.legal_moves(*state)
        if c is None or not c & legal:
            c = self._spare(state, legal)
        return g.names(c)[0]

    def observe(self, state, move: str) -> None:
        """The opponent's move (or the strategist's immediate win) on the board."""
        if self.ended:
            self.last = 1 << self.walk.game.index(move)
            return
        g, walk = self.walk.game, self.walk
        if self.proves and self.line is not None:
            # in a threat line: Y's forced reply continues it; any other move lets X complete the
            # threatened set at once (reply's immediate win), so the line is not followed further
            c = self._proof_cell(1 << g.index(move))
            own, opp = walk.own_opp(self.b, self.w)
            free = g.full_mask & ~self.b & ~self.w
            if self.line and c is not None and c == walk._ones(walk._needs(walk.xsets, own, opp), free):
                self.b, self.w = walk.play(self.b, self.w, c, False)
            elif not self.line:
                self.line = None  # after the last move: X completes a set next
        elif self.proves:
            self._resolve()
            c = self._proof_cell(1 << g.index(move))
            # the replies the proof answers: the forced block, else the pass proof's carrier
            cp = walk.forced_cell(self.b, self.w, self.t) or walk.carriers.get(walk.key(self.b, self.w, self.t + 1), 0)
            if c is not None and c & cp & walk.legal(self.b, self.w, self.t):
                self.b, self.w = walk.play(self.b, self.w, c, False)  # a move the proof answers
            # else: outside the must-play region, followed as the pass
        else:
            succ = self._step()
            if not succ:
                self.ended = True
                self.last = 1 << g.index(move)
                return
            c = self._proof_cell(1 << g.index(move))
            after = [(s, (s[0] | s[1]) & ~(self.b | self.w)) for s in succ]
            s = next((s for s, m in after if m == c), after[0][0])  # off the live sets: a representative
            self.b, self.w = s[0], s[1]
        self.t += 1

    def _free(self, state) -> str:
        g = self.walk.game
        return g.names(g.legal_moves(*state) & -g.legal_moves(*state))[0]

    def _spare(self, state, legal: int) -> int:
        """A board cell for a proof move on no set that matters (none of P's mapped cells)."""
        used = set(self.cells.values()) if self.cells else set()
        for i in bits(legal):
            if (1 << i) not in used:
                return 1 << i
        return legal & -legal


def _completes(g: pg.PositionalGame, state, colour: str, v: int) -> bool:
    b, w = state
    own = (b if colour == pg.BLACK else w) | v
    return any(s & own == s for s in g.sets(colour))


def _win_or_block(g: pg.PositionalGame, state, colour: str) -> int | None:
    """A cell completing one of ``colour``'s sets, else the cell blocking the opponent's one-cell
    threat, else None (the rules' immediate win and forced block)."""
    b, w = state
    legal = g.legal_moves(b, w)
    for who in (colour, pg.other(colour)):
        for need in g.live_sets(who, b, w):
            if need.bit_count() == 1 and need & legal:
                return need
    return None
