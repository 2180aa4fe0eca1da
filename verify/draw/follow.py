"""The certified strategist's next move, for every certificate that records or implies a strategy.

A :class:`Follower` follows one game from the certificate's position: ``observe(name)`` takes the
opponent's move, ``reply()`` gives (and plays) the strategist's. Each follower keeps its own state
in its own game (a sub-board, a part, the ``.pg`` form of a Maker-Breaker question), so followers
nest: a rounds tree hands over to a leaf structure or to an embedded certificate, a sub-board or a
part plays its own certificate. :func:`strategist` builds, for a checked certificate, the game as a
:class:`~verify.draw.board.Play`, the strategist's role and a factory of fresh followers; ``verify
draw --position`` (:class:`CertifiedPlay`) and ``verify play`` (:mod:`verify.play.referee`) both use
it, so a picture and a game show the same moves.

The moves are derived from the rules the checker uses, never from a second reading of the claim:

- ``maker-breaker-strategy`` and ``pg-strategy``: the table's move at the residual / the state (the
  checker's ``choose``); ``maker-breaker-pairing``: the partner of the vertex Maker just took, any
  free vertex otherwise (an extra Breaker vertex never hurts Breaker).
- ``pg-proof``: the checker's :class:`~verify.certificates.proof.ProofWalk` (the same class, the same
  answer, run by :func:`~verify.certificates.proof.answer_walk`) is run once over the answer while
  recording how it resolved each state (its own step, or a link to an isomorphic state). A game is
  then followed through that walk: a *proof state* P of the walk and a map from P's cells to the
  board's (links compose their maps). The strategist's move at P is the walk's own derivation there:
  the immediate win, else the forced block, else the recorded choice (a table entry, or through a
  link: the target's choice mapped back through σ), or the next move of a threat line (Y's forced
  reply continues it; any other reply is answered by completing the threatened set). At a *part*
  of a book the walk of the member (the derived game at that state) takes over, recorded the same
  way. The opponent's moves:

  * in a proof, Y's move inside the must-play region (the pass state's carrier, or the forced
    block, or every legal cell at a Y turn marked ``replies``) is followed to the walk's state after
    it. A Y move *outside* the region is followed as the pass: the proof state stays P at time t + 1
    (the pass state, which the walk proved), and the board keeps Y's extra stone, absent from P. The
    carrier lemma (module docstring of :mod:`verify.certificates.proof`) says X's proof of the pass
    state still wins with extra Y stones off its carrier: every cell that proof plays or needs free
    lies in the carrier, so its moves stay legal on the board and its wins stay wins. The same holds
    for every later extra stone (each is off the carrier of the pass state it was followed as).
  * in a refutation (the strategist is Y), X's move on no live set is followed as the walk's
    representative move (an extra own stone never hurts: monotonicity), Y's choices and forced
    blocks are the walk's; once the refutation ends (X can no longer complete a set, or the X-Y-X
    rule) Y plays by the rules alone: complete a set, else block X's one-cell threat, else any cell;
    at a pairing leaf Y answers X's move on a pair with its mate (the leaf's lemma). Refutations split
    into components are not played (:class:`~verify.errors.NotApplicable`).
- ``maker-breaker-rounds``: Maker's move is the tree's at her node; Breaker's reply selects the child
  named by it, else ``otherwise``. At a leaf the structure's own strategy takes over, derived from
  its definition (paper 004): *won*/*trivial*: complete the edge; *nunchaku* (an ab-chain e_1 … e_L
  with a, b marked, Prop I.3.13) and *necklace* (an a-cycle with a marked, Prop II.1.8): with
  c_0 = a and c_i the vertex e_i and e_(i+1) share (other than a), Maker completes an edge when she
  can and otherwise marks c_(p+1), p the last marked junction: each junction she marks leaves the
  edge before it with one free vertex (a threat Breaker must block) and the last one makes two
  threats at once. A ``certificate`` leaf hands over to that certificate's follower.
- ``maker-breaker-sub``: Maker plays the sub-board's certificate; a Breaker move off the sub-board (or
  on a vertex already Breaker's there) is a pass there, answered as if Breaker had taken the first
  free sub-board vertex (an extra Breaker vertex in her imagined game: Maker's imagined win is a
  real one, monotonicity).
- ``maker-breaker-parts``: Breaker answers Maker's move in a part with that part's strategy, any other
  move anywhere (a free vertex off every part first); ``maker-breaker-opening``: Breaker's opening
  move, then the embedded certificate.
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import NotApplicable, VerifyError
from ..games import maker_breaker as mb
from ..games import positional as pg
from ..hypergraph import bits
from .board import MakerBreakerPlay, Play, PositionalPlay
from .tables import TABLE_KINDS, table_play

#: certificate kinds whose strategy a follower derives
PLAYABLE = ("maker-breaker-strategy", "maker-breaker-pairing", "pg-strategy", "pg-proof", "maker-breaker-rounds",
            "maker-breaker-sub", "maker-breaker-parts", "maker-breaker-opening")


class NoStrategy(RuntimeError):
    """A follower found no move where a checked certificate always has one (a bug, never a verdict)."""


# -- the follower protocol ------------------------------------------------------------------------

class Follower:
    """One game followed from the certificate's position: ``play`` (its rules), ``state``, ``who``."""
    play: Play
    state: object
    who: str

    def to_move(self) -> str | None:
        return self.play.to_move(self.state)

    def is_legal(self, name: str) -> bool:
        return self.play.to_move(self.state) is not None and name in self.play.legal(self.state)

    def observe(self, name: str) -> None:
        """The opponent's move ``name`` (legal here)."""
        self._observe(name)
        self.state = self.play.play(self.state, name)

    def reply(self) -> str:
        """The strategist's move (played on this follower's state)."""
        v = self._reply()
        if v is None or v not in self.play.legal(self.state):
            raise NoStrategy(f"no certified move here (got {v!r})")
        self.state = self.play.play(self.state, v)
        return v

    def _observe(self, name: str) -> None:
        pass

    def _reply(self) -> str | None:
        raise NotImplementedError


class AdviceFollower(Follower):
    """Tables and pairings: the answer depends on the position only (``Play.advice``)."""

    def __init__(self, play: Play, who: str):
        self.play, self.who, self.state = play, who, play.start()

    def _reply(self):
        v = self.play.advice(self.state)
        if v is None and isinstance(self.play, MakerBreakerPlay) and self.play.pairs:
            v = self.play.legal(self.state)[0]  # Maker took no paired vertex: any vertex will do for Breaker
        return v


def _mb_play(cert: dict, winner: str | None = None) -> MakerBreakerPlay:
    """The Maker-Breaker game of a certificate, from its question's position."""
    from ..formats.jsonfmt import hypergraph_from_json
    question = cert["claim"]["question"]
    position = question["position"]
    h = hypergraph_from_json({**cert["instance"], "marked": position.get("maker", [])})
    return MakerBreakerPlay(h, question["first"], h.mask(position.get("breaker", [])), winner=winner)


def _free_first(play: MakerBreakerPlay, state, avoid: int = 0) -> str:
    """A free vertex off ``avoid`` if any, else any free vertex."""
    free = play.h.full_mask & ~(state[0] | state[1])
    pick = free & ~avoid or free
    return play.h.names(pick & -pick)[0]


# -- Maker-Breaker compositions (verify.certificates.rank3) ----------------------------------------

class RoundsFollower(Follower):
    """Maker's tree of a ``maker-breaker-rounds`` certificate, then its leaves' strategies."""

    def __init__(self, cert: dict, members=None):
        self.play = _mb_play(cert, mb.MAKER)
        self.who, self.state = mb.MAKER, self.play.start()
        self.node = cert["tree"]
        self.maker_node = self.play.first == mb.MAKER  # at a Maker node (else: Breaker's replies)
        self.leaf: Follower | None = None
        self.members = members

    def _enter(self) -> None:
        """At Maker's turn on a leaf: its structure's or certificate's strategy takes over, from the
        position reached."""
        if "leaf" in self.node:
            self.leaf = StructureFollower(self.play, self.state, self.node["leaf"])
        elif "certificate" in self.node:
            self.leaf = follower_of(self.node["certificate"], self.members)

    def _observe(self, name):
        if self.leaf is not None:
            return self.leaf.observe(name)
        child = self.node.get("replies", {}).get(name)
        self.node = child if child is not None else self.node.get("otherwise")
        self.maker_node = True
        if self.node is None:
            raise NoStrategy("the tree has no answer to this reply")

    def _reply(self):
        if self.leaf is None and ("leaf" in self.node or "certificate" in self.node):
            self._enter()
        if self.leaf is not None:
            return self.leaf.reply()
        win = _completing(self.play, self.state)
        if win is not None:
            return win  # the game ends here
        v = self.node.get("maker")
        self.maker_node = False
        if v is None or v not in self.play.legal(self.state):
            v = _free_first(self.play, self.state)  # T (no 2-edge): any vertex, an extra mark never hurts
        return v


def _completing(play: MakerBreakerPlay, state) -> str | None:
    """A free vertex completing an edge for Maker (the immediate win), or None."""
    maker, breaker = state
    for e in play.h.edge_masks:
        rest = e & ~maker
        if not e & breaker and rest.bit_count() == 1:
            return play.h.names(rest)[0]
    return None


class StructureFollower(Follower):
    """A leaf structure of a rounds tree, played by its definition (module docstring): complete an
    edge when possible, else mark the next junction of the chain or cycle."""

    def __init__(self, play: MakerBreakerPlay, state, leaf: dict):
        self.play, self.state, self.who = play, state, mb.MAKER
        h = play.h
        self.kind = leaf["kind"]
        self.edges = [h.mask(e) for e in leaf["edges"]]
        ends = [None if v is None else h.mask([v]) for v in leaf["ends"]]
        a = ends[0] if ends else None
        self.junctions: list[int] = []
        if self.kind in ("nunchaku", "necklace"):
            for e, f in zip(self.edges, self.edges[1:]):
                c = e & f & ~(a or 0)
                self.junctions.append(c & -c)

    def _reply(self):
        win = _completing(self.play, self.state)
        if win is not None:
            return win
        maker = self.state[0]
        p = max((i + 1 for i, c in enumerate(self.junctions) if c & maker), default=0)
        if p < len(self.junctions) and self.junctions[p] & ~(self.state[0] | self.state[1]):
            return self.play.h.names(self.junctions[p])[0]
        return None


class SubFollower(Follower):
    """``maker-breaker-sub``: Maker plays the sub-board's certificate; moves off it are passes there."""

    def __init__(self, cert: dict, members=None):
        self.play = _mb_play(cert, mb.MAKER)
        self.who, self.state = mb.MAKER, self.play.start()
        self.inner = follower_of(cert["certificate"], members)
        self.cells = set(cert["vertices"])

    def _observe(self, name):
        inner = self.inner
        if inner.to_move() != mb.BREAKER:
            return
        if name in self.cells and inner.is_legal(name):
            inner.observe(name)
        else:  # a pass in the sub-board: imagine Breaker took its first free vertex
            inner.observe(inner.play.legal(inner.state)[0])

    def _reply(self):
        return self.inner.reply()


class PartsFollower(Follower):
    """``maker-breaker-parts``: Breaker answers in the part Maker played in, by its certificate."""

    def __init__(self, cert: dict, members=None):
        self.play = _mb_play(cert, mb.BREAKER)
        self.who, self.state = mb.BREAKER, self.play.start()
        self.parts = [(set(p["vertices"]), follower_of(p["certificate"], members)) for p in cert["parts"]]
        self.everywhere = self.play.h.mask([v for cells, _ in self.parts for v in cells])
        self.pending: Follower | None = None

    def _observe(self, name):
        self.pending = None
        for cells, f in self.parts:
            if name in cells:
                if f.to_move() == mb.MAKER and f.is_legal(name):
                    f.observe(name)
                    self.pending = f
                return

    def _reply(self):
        f, self.pending = self.pending, None
        if f is not None and f.to_move() == mb.BREAKER:
            v = f.reply()
            if v in self.play.legal(self.state):
                return v
        return _free_first(self.play, self.state, self.everywhere)  # any move (an extra vertex never hurts)


class OpeningFollower(Follower):
    """``maker-breaker-opening``: Breaker's opening move, then the embedded certificate."""

    def __init__(self, cert: dict, members=None):
        self.play = _mb_play(cert, mb.BREAKER)
        self.who, self.state = mb.BREAKER, self.play.start()
        self.move, self.inner, self.members = cert["move"], None, members
        self.cert = cert["certificate"]

    def _observe(self, name):
        self.inner.observe(name)

    def _reply(self):
        if self.inner is None:
            self.inner = follower_of(self.cert, self.members)  # its position: the opening move played
            return self.move
        return self.inner.reply()


# -- pg-proof ------------------------------------------------------------------------------------

def _recording():
    from ..certificates.proof import ProofWalk

    class Recording(ProofWalk):
        """The checker's walk, remembering how it resolved each key: ("step", (b, w)) where it
        derived the step itself, ("link", ((b', w'), map)) where it followed a link."""

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

        def part(self, b, w, t, name, wins):
            # a book's part: walked (recorded) once by the strategy, which keeps its walk for the
            # followers (the certificate passed the checker before: this re-walk checks it again)
            self.how[self.key(b, w, t)] = ("step", (b, w))
            sub = self.strategy.member_walk(self, b, w, t, name)
            return sub.carriers[sub.key(*sub.game.start(), 0)] if wins else 0

    return Recording


class ProofStrategy:
    """A pg-proof certificate's answer, walked once by the checker's walk (recording), shared by
    the followers of every game played on it; ``members``: a book's members (name -> JSON)."""

    def __init__(self, cert: dict, members=None):
        from ..certificates.proof import answers, proof_game
        from ..question import Question
        game, colour, _winner, _asked = proof_game(cert, Question.from_json(cert["claim"]["question"]))
        attacker, wins, q = sorted(answers(cert, game, colour), key=lambda a: not a[1])[0]
        if q.get("components"):
            raise NotApplicable("playing a refutation split into components is not supported")
        if q.get("parts") and members is None:
            raise NotApplicable("this proof has parts: open the whole book (the .zip) to follow it")
        self.members, self._parts = members, {}
        self.game, self.colour, self.proves, self.attacker, self.answer = game, colour, wins, attacker, q
        self.who = attacker if wins else pg.other(attacker)
        self._walk = None

    @property
    def walk(self):
        """The answer's recorded walk, walked on first use (the certificate's check, once more)."""
        if self._walk is None:
            from ..certificates.proof import answer_walk
            walk = answer_walk(self.game, self.attacker, self.answer, walk=_recording(), members=self.members)
            walk.strategy = self
            if self.proves:
                walk.prove(*self.game.start(), 0)
            else:
                walk.refute(*self.game.start(), 0)
            self._walk = walk
        return self._walk

    def member_walk(self, walk, b, w, t, name):
        """The recorded walk of a book's part at the state (b, w, t) of ``walk`` (walked once)."""
        if name not in self._parts:
            from ..certificates.proof import answer_walk, member_answer
            game = pg.continued(walk.game, b, w, t)
            q = member_answer(self.members(name), name, game, walk.x, self.proves)
            sub = answer_walk(game, walk.x, q, walk=_recording())
            sub.strategy = self
            if self.proves:
                sub.prove(*game.start(), 0)
            else:
                sub.refute(*game.start(), 0)
            self._parts[name] = sub
        return self._parts[name]

    def follower(self) -> "ProofFollower":
        return ProofFollower(self)


class ProofFollower(Follower):
    """A game followed through a checked walk: the proof state P = (b, w) at time t, and ``cells``:
    P's cell -> board cell (None: the identity, before any link)."""

    def __init__(self, strategy: ProofStrategy):
        self.strategy = strategy
        self.walk, self.proves = strategy.walk, strategy.proves
        self.play = PositionalPlay(strategy.game, winner=strategy.colour)
        self.who, self.state = strategy.who, self.play.start()
        self.b, self.w = self.walk.game.start()
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
        """Follow merged states and links to the state whose step the walk derived; at a book's
        part, continue in the part's walk (its time 0 is this state's time)."""
        for _ in range(len(self.walk.how) + 2):
            walk = self.walk
            how = walk.how.get(walk.key(self.b, self.w, self.t))
            if how is None:
                raise NoStrategy(f"the walk never reached this state (time {self.t})")
            if how[0] == "step":
                self.b, self.w = how[1]
                name = walk.parts(self.b, self.w, self.t) if walk.parts is not None else None
                if name is None:
                    return
                self.walk = self.strategy.member_walk(walk, self.b, self.w, self.t, name)
                self.t = 0
                continue
            (lb, lw), cmap = how[1]
            mapped = {a: self._board_cell(p) for a, p in cmap.items()}
            self.cells = {a: r for a, r in mapped.items() if r is not None}
            self.b, self.w = lb, lw
        raise NoStrategy("cyclic links (a checked certificate has none)")

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

    def _reply(self):
        g = self.play.game
        state = self.state
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
                raise NoStrategy("a threat line ended without a win (a checked certificate never does)")
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
            c = self._spare(legal)
        return g.names(c)[0]

    def _observe(self, move: str) -> None:
        """The opponent's move on the board."""
        g, walk = self.play.game, self.walk
        if self.ended:
            self.last = 1 << g.index(move)
            return
        if self.proves and self.line is not None:
            # in a threat line: Y's forced reply continues it; any other move lets X complete the
            # threatened set at once (the immediate win), so the line is not followed further
            c = self._proof_cell(1 << g.index(move))
            own, opp = walk.own_opp(self.b, self.w)
            free = g.full_mask & ~self.b & ~self.w
            if self.line and c is not None and c == walk._ones(walk._needs(walk.xsets, own, opp), free):
                self.b, self.w = walk.play(self.b, self.w, c, False)
            elif not self.line:
                self.line = None  # after the last move: X completes a set next
        elif self.proves:
            self._resolve()
            walk = self.walk
            c = self._proof_cell(1 << g.index(move))
            legal = walk.legal(self.b, self.w, self.t)
            # the replies the proof answers: the forced block, every reply at a 'replies' turn,
            # else the pass proof's carrier (the must-play region)
            region = walk.forced_cell(self.b, self.w, self.t)
            if not region and walk.replies is not None and walk.replies(self.b, self.w, self.t):
                region = legal
            if not region:
                region = walk.carriers.get(walk.key(self.b, self.w, self.t + 1), 0)
            if c is not None and c & region & legal:
                self.b, self.w = walk.play(self.b, self.w, c, False)  # a move the proof answers
            # else: outside the must-play region, followed as the pass (the carrier lemma)
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
        g = self.play.game
        legal = g.legal_moves(*state)
        return g.names(legal & -legal)[0]

    def _spare(self, legal: int) -> int:
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


# -- building -------------------------------------------------------------------------------------

def follower_of(cert: dict, members=None) -> Follower:
    """A fresh follower of a (checked) certificate's strategy, from its position."""
    kind = cert.get("kind")
    if kind == "pg-proof":
        return ProofStrategy(cert, members).follower()
    if kind == "maker-breaker-rounds":
        return RoundsFollower(cert, members)
    if kind == "maker-breaker-sub":
        return SubFollower(cert, members)
    if kind == "maker-breaker-parts":
        return PartsFollower(cert, members)
    if kind == "maker-breaker-opening":
        return OpeningFollower(cert, members)
    if kind in TABLE_KINDS:
        play = table_play(cert)
        return AdviceFollower(play, play.winner if play.winner != pg.DRAW else pg.BLACK)
    raise NotApplicable(f"a {kind} certificate records no strategy to play against ({', '.join(PLAYABLE)})")


def strategist(cert: dict, title: str = "", geometry: str = "auto", members=None):
    """(the game as a Play, the strategist's role, a factory of fresh followers) of a checked
    certificate; NotApplicable for a kind that records no strategy."""
    kind = cert.get("kind")
    if kind == "pg-proof":
        strategy = ProofStrategy(cert, members)
        play = PositionalPlay(strategy.game, winner=strategy.colour, geometry=geometry, title=title)
        return play, strategy.who, strategy.follower
    first = follower_of(cert, members)  # (validates, and names the role)
    play = first.play
    if isinstance(play, MakerBreakerPlay):
        play = MakerBreakerPlay(play.h, play.first, play.breaker0, winner=first.who, pairs=play.pairs,
                                geometry=geometry, title=title)
    else:
        play.geometry, play.title = geometry, title
    made = [first]

    def factory():
        return made.pop() if made else follower_of(cert, members)

    return play, first.who, factory


class CertifiedPlay(Play):
    """A game with a certificate's strategy derived by a follower (:func:`strategist`): states are
    (the game's state, the moves so far), so the strategist's next move is found by following the
    moves from the start. Moves of the strategist other than its certified ones leave the strategy
    (no next move is shown from there)."""

    def __init__(self, cert: dict, title: str = "", geometry: str = "auto", members=None):
        self.base, self.who, self.factory = strategist(cert, title, geometry, members)
        self.roles, self.kind, self.winner = self.base.roles, self.base.kind, self.base.winner
        self.title = title
        self._advice: dict = {}

    def start(self):
        return (self.base.start(), ())

    def over(self, state):
        return self.base.over(state[0])

    def to_move(self, state):
        return self.base.to_move(state[0])

    def legal(self, state):
        return self.base.legal(state[0])

    def play(self, state, name: str):
        return (self.base.play(state[0], name), state[1] + (name,))

    def follow(self, moves) -> Follower | None:
        """A follower after ``moves`` (None once a move of the strategist leaves its strategy)."""
        f = self.factory()
        s = self.base.start()
        for v in moves:
            if self.base.over(s) is not None:
                return f
            if self.base.to_move(s) == self.who:
                if f.reply() != v:
                    return None
            else:
                f.observe(v)
            s = self.base.play(s, v)
        return f

    def advice(self, state) -> str | None:
        base, moves = state
        if self.base.to_move(base) != self.who or self.base.over(base) is not None:
            return None
        if moves not in self._advice:
            try:
                f = self.follow(moves)
                self._advice[moves] = f.reply() if f is not None else None
            except (NoStrategy, VerifyError):  # (an unchecked certificate that fails: no move shown)
                self._advice[moves] = None
        return self._advice[moves]

    def board(self, state):
        b = self.base.board(state[0])
        move = self.advice(state)
        caption = b.caption
        if move is None and self.to_move(state) == self.who and self.over(state) is None:
            caption += ("the strategist left its certified strategy: no next move",)
        return replace(b, next_move=move, next_by=self.who if move else None, caption=caption)


__all__ = ["Follower", "CertifiedPlay", "strategist", "follower_of", "PLAYABLE", "NoStrategy"]
