"""The ``pg-proof`` certificate kind: compact proof trees for ``.pg`` and Maker-Breaker games.

A certificate answers one or two questions "can X force a win?" (X = black or white) with
``"questions": [{"attacker": X, "wins": bool, "moves": [[t, black, white, move], ...]}, ...]``.
Only the choices of the side that wins the question are stored (X's moves in a proof, Y's in a
refutation), keyed by the state: ``t`` time points played (a pass, see below, plays a time point
without a stone), the black and white stones placed since the start (space-separated position
names; the initial stones are implied) and the chosen cell. Everything else is re-derived by the checker
from the rules (:mod:`verify.games.positional`), states shared by several lines being checked once:

- *immediate wins*: a player to move who can complete a set does so;
- *forced blocks*: a player facing a one-cell threat of the opponent, who moves next, takes that
  cell; two threat cells cannot both be blocked;
- *depth bound*: X loses once no set untouched by Y needs at most X's remaining moves;
- *residual merging* (games without Y sets and without #firstmoves): a state's value depends only on
  t and on what X still needs on the sets Y has not touched, within X's remaining moves (the other
  cells are dead for both players), so states with equal needs are checked once; a proof's X moves
  must then lie on those needs, so the proof and its carrier carry over to every such state;
- *links* (same games, symmetric boards): ``"links": [[t, black, white, black', white', "a>b ..."]]``
  says the state is isomorphic to the state (black', white') at the same t through the cell map
  a→b; the checker verifies the map is one-to-one and carries that state's needs onto this state's
  needs, checks that state instead, and maps its carrier through. A map written ``"@k"`` is the
  k-th of the answer's ``"maps"`` (a shared list, e.g. the board's automorphisms: a shorthand only,
  every use is checked as above);
- *links in the other games* (Y sets, as in Maker-Maker games and races, or #firstmoves): states
  are keyed by themselves, and a link is accepted iff its map is an *automorphism* of the game the
  walk plays — a permutation of all the cells carrying X's (minimal) sets onto X's sets, Y's onto
  Y's and #firstmoves onto itself — that carries black' onto black and white' onto white. The rules
  see only the sets, the free cells and the schedule, so the map carries every play from (black',
  white', t) to a play from (black, white, t) with the same winner: the two states have equal
  values, and a proof's carrier C' (X still wins with extra Y stones off C') maps to σ(C') (extra
  stones E off σ(C') are σ of stones σ⁻¹(E) off C'). Each distinct map is checked once (one pass
  over cells and sets);
- *X's moves in a refutation*: every legal cell on a set of either player that can still be
  completed within its owner's remaining moves (if there is none, one other legal cell: such a cell
  is worth a pass, and a pass is never better than a move — monotonicity: an extra own stone never
  hurts in a game won by completing a set);
- *pairing leaves* (refutations only): ``"pairings": [[t, black, white, "a b c d ..."]]`` gives a
  state of the refutation disjoint pairs {a, b}, {c, d}, ... of free cells; the checker accepts the
  state as lost for X, without walking below it, iff (i) the pairs are disjoint and free, (ii) every
  live X set (untouched by Y, needing at most X's remaining moves: the state's needs) contains a whole
  pair among its needed cells, and (iii) the schedule from t on never has two X time points in a row
  (``X, X`` nowhere in ``schedule[t:]``). Lemma: Y answers X's move on a pair cell with its mate and
  moves anywhere else otherwise. Invariant before each X move: no pair holds an X stone and a free
  cell (true at t: the pairs are free; X's move enters at most one pair, and by (iii) the next time
  point, if any, is Y's, who takes the mate, which is still free). So X never holds a whole pair,
  and by (ii) never completes a live set; the other sets are blocked by Y or need more moves than X
  has. Y's extra stones never help X (monotonicity), and in a game with Y sets Y completing a set
  first is not an X win either. With residual keys the pairing is checked on the state's needs, so
  it refutes the key;
- *components* (refutations marked ``"components": true``, in games without Y sets and without
  #firstmoves): at X's turn t, when
  the schedule from t on alternates X, Y, X, Y, ... and X's needs fall into two or more connected
  components (needs sharing a cell are connected), the checker derives the split itself and
  refutes each component instead: the state (black, white plus every needed cell of the other
  components, t), whose needs are exactly that component's. Lemma: if X loses each component game
  G_i (needs N_i at time t, residual lemma), X loses the state. Y keeps a winning strategy σ_i of
  each G_i and answers X's move in a component's cells by σ_i on the moves made there so far
  (ignoring its own stones placed there otherwise; if σ_i names a cell Y already holds, Y moves
  anywhere), and moves anywhere after an X move on no component. Restricted to G_i the play is a
  play of G_i against σ_i: X moves there at most X's remaining moves, each X move there is followed
  by Y's answer there (the schedule alternates), the other moves are passes of both, and Y's extra
  stones never help X (monotonicity). X completes no set of G_i, and every live set lies in one
  component, so X completes none. (Conversely X wins the state if X wins some G_i, playing there
  only: so a lost state always splits into lost components, and the builder never gets stuck.)
- *X, Y, X with X's last two moves and no Y sets*: X wins iff X can complete a set at once or make
  one-cell threats on two different cells;
- *threat lines* (proofs only): ``"lines": [[t, black, white, "a1 a2 ... ak"]]`` proves X's win at
  the state (its X turn) in one step, without walking the states inside the line; see
  :meth:`ProofWalk.line_carrier` for the rule, its carrier and its soundness;
- *Y's forced block in a proof*: at Y's turn, Y unable to complete a set and X to move next, with
  a the least cell where X completes a set, a is Y's only move to check (any other lets X
  complete at a), carrier {a} ∪ the carrier after it — the must-play rule below with the pass
  proof "X completes at a" (carrier {a}), without walking the pass state;
- *all replies* (proofs only): ``"replies": [[t, black, white]]`` marks Y turns where every legal
  Y reply is checked (no pass, no must-play region), carrier: every legal cell ∪ each reply's
  carrier (∪ the free cells of Y's sets X has not blocked). Sound by the rules themselves (X wins
  at a Y turn iff X wins after every legal reply); the carrier lemma below holds since extra Y
  stones off the carrier are off every legal cell and off each reply's carrier. A book (below)
  marks every Y turn above its parts this way, so no pass state is needed there;
- *parts* (a *book*): ``"parts": [[t, black, white, "member"]]`` says the state is decided by the
  pg-proof certificate stored as ``member`` beside this one (a zip, :mod:`verify.certificates.book`);
  see :meth:`ProofWalk.part` for the rule and its soundness;
- *Y's moves in a proof* (must-play region): Y's turn is first replaced by a pass, whose proof has a
  *carrier* (the cells the proof plays on or needs free: an immediate win at a: {a}; a move v:
  {v} ∪ the carrier after it; a Y turn: the pass carrier ∪ each checked reply with its carrier; in
  a Maker-Maker game also the free cells of Y's sets X has not blocked). Lemma: X still wins with
  extra Y stones outside the carrier (induction on the proof; monotonicity for the pass), so only Y's
  legal moves inside the pass carrier are checked.

The verdict ``{"winner": W}`` of a ``pg`` question (or of a ``maker-breaker`` question, with a
hypergraph instance) must follow from the answers: black wins iff black's question is
proven; otherwise white wins a Maker-Breaker description; in a Maker-Maker game white wins iff
white's question is proven, else the game is a draw.

Soundness (why an accepted certificate is true):

- *Sets*: both families are replaced by their inclusion-minimal members (a player completing a set
  completes a minimal set inside it at the same move, so the game is unchanged).
- *Merged states* share one key (``key``): the state itself, or in residual games (t, X's needs);
  the residual lemma above makes the value a function of the key, so a verdict for one state of a
  key is a verdict for all of them. A link is followed only after ``_linked`` checked the map is
  one-to-one and carries the needs over (the two keys are isomorphic games: equal values), or, in
  the games keyed by the state, that it is an automorphism carrying the stones over (equal values).
- *Termination*: a threat line is checked in one step (it stores one carrier, at its first state);
  a derived step goes from t to t + 1 ≤ the schedule length, a split stays at t with
  fewer needs in each component's key (two or more nonempty components); a link stays at t. In
  ``prove`` a link is followed only from a key not already being resolved through links (``_open``),
  so a chain of links visits distinct keys of one t; each key's carrier is computed once. In
  ``refute`` each key is marked once, its step derived at most once (so finitely many pushes), and
  a chain of links visits distinct keys or is rejected. Finite is not enough: derived steps alone
  (the attacker's moves in a refutation, forced blocks) can reach exponentially many keys from a
  certificate of a few lines (k disjoint pairs, Maker first, an empty refutation: 2^k keys), and
  on a large board one derivation keeps many bytes (its residual key, its pending successors). So
  each answer has a budget of ``limits.PG_PROOF_FREE_STATES`` + ``limits.PG_PROOF_STATES_PER_ENTRY``
  units per recorded entry (moves, links, pairings, lines, replies, parts), and a derivation costs
  1 + (K + 2M) * ceil(n / 8) // ``limits.PG_PROOF_UNIT_BYTES`` units (``_spend``); beyond, the
  certificate is refused. A part is one step of its parent: its member's walk is separate, finite
  by the same argument, draws on its parent's budget (plus its own entries' share: one pool per
  answer), and has no parts (no recursion).
- *No unexplored state is trusted*: ``prove`` stores a carrier only after the whole proof below it
  was checked (post-order), and a link to a key still being resolved (a cycle) is rejected. In
  ``refute`` a key is marked only together with a chain k1 → … → kn of links ending at a key already
  marked or at a state whose step is derived now (its successors pushed; the walk succeeds only once
  the stack is empty, every pushed state checked). Marks therefore carry a well-founded order —
  decreasing t; within one t, the order of marking, and along a chain towards kn — in which every
  marked key is justified by a derived step (successors at t + 1, all marked; or, for a split,
  its components at t, each with fewer needs, all marked) or by a link to an earlier key (equal
  numbers of needs); induction along the order (decreasing t, then increasing number of needs,
  then that order) shows every marked key is lost for X. A cycle of links
  (A → B → A, or a link to an equal key) justifies nothing and is rejected on both sides.
"""
from __future__ import annotations

from .. import limits
from ..errors import CertificateError, InputError
from ..formats.instances import question_of
from ..games import maker_breaker as mb
from ..games import positional as pg
from ..games.attack import Attack, alternating_from, no_double_moves
from ..hypergraph import bits, minimal_masks
from ..question import Question
from .checker import CheckReport, mb_game, pg_game, register, verdict_of

KIND = "pg-proof"
#: the keys an answer may have (nothing is ignored)
ANSWER_KEYS = frozenset({"attacker", "wins", "moves", "links", "maps", "pairings", "components", "lines",
                         "replies", "parts"})


class ProofWalk(Attack):
    """The states a proof (``prove``) or refutation (``refute``) of "X wins" visits, with the
    choices asked from ``choose(black, white, t) -> cell bit`` and everything else derived."""

    def __init__(self, game: pg.PositionalGame, attacker: str, choose, link=None, pairing=None,
                 split: bool = False, lines=None, replies=None, parts=None, members=None):
        super().__init__(game, attacker)
        self.link = link
        self.replies = replies  # (b, w, t) -> True at Y turns of a proof where every reply is checked
        self.parts = parts  # (b, w, t) -> a member's name: the state is decided by that part
        self.members = members  # name -> the member's parsed JSON (a book's), or None: no parts
        self.threat_line = lines  # (b, w, t) -> X's moves of a threat line (cell bits), or None: proofs only
        self.pairing = pairing  # (b, w, t) -> list of pair masks, or None: pairing leaves of refutations
        # no X, X from t on: where a pairing strategy of Y's is sound
        self.answerable = no_double_moves(self.sched, self.x)
        # X, Y, X, Y, ... from t to the end: where a residual splits into components
        self.alternating = alternating_from(self.sched, self.x)
        self._open: set = set()
        self._automorphisms: dict = {}  # id of a checked link map -> (the map, is an automorphism)
        # sets blocked by an initial stone, and X's sets needing more cells than X has moves,
        # can never be completed: dropped once here (exact, by the rules)
        own0, opp0 = self.own_opp(*game.start())
        # (inclusion-minimal sets only: completing a set completes a minimal one inside it, so the
        # game is the same with each family replaced by its minimal sets)
        self.xsets = tuple(minimal_masks(s for s in game.sets(attacker)
                                         if not s & opp0 and (s & ~own0).bit_count() <= self.left_x[0]))
        self.ysets = tuple(minimal_masks(s for s in game.sets(self.y) if not s & own0))
        self.choose = choose
        self.carriers: dict = {}
        self.refuted: set = set()
        self.split = split  # refutations: split residuals into components
        self.budget = None  # states left to derive (None: no limit; the checker sets one)
        self.splits = 0  # states refuted through their components
        self.part_states = self.part_recorded = 0  # what the parts' own walks derived and read
        # Without Y sets, a state's value depends only on X's needs within its remaining moves and
        # on t (cells off those needs are dead for both players): states are merged on that key.
        self.residual = not self.ysets and game.first_moves is None
        # the bytes of one need's (or one stone set's) bitmask, and whether a state can cost more
        # than one unit of the budget (K <= the sets, M <= the positions: ``_spend``)
        self.width = (len(game.positions) + 7) // 8
        self.heavy = ((len(self.xsets) if self.residual else 2) + 2 * len(game.positions)) * self.width \
            >= limits.PG_PROOF_UNIT_BYTES
        if own0 & opp0:
            raise CertificateError("the game's initial black and white stones overlap")
        # time points each player has had before t (for the stone counts of a legal state)
        self.before_x = [self.left_x[0] - self.left_x[t] for t in range(len(self.sched) + 1)]
        self.before_y = [self.left_y[0] - self.left_y[t] for t in range(len(self.sched) + 1)]

    def check_legal(self, b, w, t, what: str = "a state") -> None:
        """The state-legality rule (docs/spec/pg-proof.md, *Legal states*): every state a
        certificate names is checked with it before it is used; CertificateError if

        (S1) its black and white stones overlap (the initial stones are in both arguments; an entry
             naming an initial stone is refused when it is read, ``_keyed``);
        (S2) t is outside 0..len(schedule), or X has placed more stones than X had time points
             before t, or (in the games keyed by the state) Y has placed more than Y had; in
             residual games Y's count is free: a components split adds the other components' cells
             as Y stones at the same t, and the residual lemma holds for every state of (S1);
        (S3) both players hold a whole set of their own (no play reaches it: play stops at the
             first completed set).

        Why it suffices: the residual lemma (a state's value is a function of its key) and the
        "already won" test (X holds a whole X set) are statements about states with disjoint
        colours; with overlapping colours a whole X set touched by Y drops out of the key while
        the test still sees it, which is how a link could once prove a lost state."""
        if not 0 <= t <= len(self.sched):
            raise CertificateError(f"{what} at time {t}: outside the schedule (0..{len(self.sched)})")
        if b & w:
            raise CertificateError(f"{what} at time {t}: black and white stones overlap")
        b0, w0 = self.game.start()
        own, opp = self.own_opp(b & ~b0, w & ~w0)
        if own.bit_count() > self.before_x[t]:
            raise CertificateError(f"{what} at time {t}: {self.x} has more stones than turns")
        if not self.residual and opp.bit_count() > self.before_y[t]:
            raise CertificateError(f"{what} at time {t}: {self.y} has more stones than turns")
        own, opp = self.own_opp(b, w)
        if any(s & own == s for s in self.xsets) and any(s & opp == s for s in self.ysets):
            raise CertificateError(f"{what} at time {t}: both players hold a whole set")

    def check_named_states(self, sections: dict) -> None:
        """Every state the recorded answer names (``sections``: name -> {(b, w, t): entry} for
        moves, links, pairings, lines, replies, parts; and each link's target) is legal
        (:meth:`check_legal`), checked once before the walk: linear in the entries."""
        for section, entries in sections.items():
            for b, w, t in entries:
                self.check_legal(b, w, t, f"an entry of '{section}'")
        for (b, w, t), ((lb, lw), _) in sections.get("links", {}).items():
            self.check_legal(lb, lw, t, "a link's target")

    def key(self, b, w, t):
        """The state itself, or in residual games (X's live needs, packed: ``_packed``, t)."""
        if not self.residual:
            return (b, w, t)
        return self._packed(self._live(b, w, t)), t

    def _live(self, b, w, t) -> list[int]:
        """X's distinct needs within X's remaining moves, sorted (the residual game)."""
        own, opp = self.own_opp(b, w)
        return sorted(set(self._needs(self.xsets, own, opp, self.left_x[t])))

    def _packed(self, needs) -> bytes:
        """Sorted distinct needs as one bytes string, a fixed width per need (one-to-one: a
        compact table key for the millions of states of a large proof)."""
        return b"".join(s.to_bytes(self.width, "little") for s in needs)

    # -- rules-derived facts --------------------------------------------------------------------
    def _needs(self, sets, own, opp, left=None) -> list[int]:
        out = [s & ~own for s in sets if not s & opp]
        return out if left is None else [s for s in out if s.bit_count() <= left]

    def _ones(self, needs, allowed) -> int:
        m = 0
        for s in needs:
            if s.bit_count() == 1:
                m |= s
        return m & allowed

    def _choice(self, b, w, t, legal) -> int:
        v = self.choose(b, w, t)
        if not isinstance(v, int) or v <= 0 or v & (v - 1) or not v & legal:
            raise CertificateError(f"no legal choice at time {t} in state {_show(self.game, b, w)}")
        return v

    # -- proof of "X wins" ----------------------------------------------------------------------
    def prove(self, b, w, t) -> int:
        """The carrier of the proof that X wins from (b, w, t); CertificateError if it fails.

        Walked on an explicit stack of generators (:meth:`_prove_key`, :meth:`_prove`), each
        yielding the states whose carriers it needs: a proof as deep as its schedule is walked
        without Python recursion, whatever the interpreter's recursion limit."""
        frames = [self._prove_key(b, w, t)]
        value = None
        while frames:
            try:
                request = frames[-1].send(value)
            except StopIteration as done:
                frames.pop()
                value = done.value
                continue
            frames.append(self._prove_key(*request))
            value = None
        return value

    def _prove_key(self, b, w, t):
        """The carrier of (b, w, t)'s key: stored, through a checked link, or derived (post-order:
        stored only once every state below it was proved)."""
        key = self.key(b, w, t)
        c = self.carriers.get(key)
        if c is None:
            linked = self._linked(b, w, t, key)
            if linked is not None:
                (lb, lw), cmap = linked
                self._open.add(key)
                c = yield lb, lw, t
                if any(cell not in cmap for cell in _cells_of(c)):
                    raise CertificateError(f"a link map at time {t} does not cover its target's carrier")
                c = _image(cmap, c)
                self._open.discard(key)
            else:
                c = yield from self._prove(b, w, t)
            self.carriers[key] = c
        return c

    def _linked(self, b, w, t, key):
        """A recorded isomorphic state: ((black', white'), cell map from it to this state), checked:
        in residual games the map must be one-to-one and carry the other state's needs onto this
        state's needs; in the others (Y sets, #firstmoves) it must be an automorphism of the game
        carrying the other state's stones onto this state's (:meth:`_automorphism`). Then the two
        states have the same value, and proofs and carriers carry over through the map."""
        if self.link is None:
            return None
        got = self.link(b, w, t)
        if got is None:
            return None
        (lb, lw), cmap = got
        self.check_legal(lb, lw, t, "a link's target")
        if key in self._open:
            raise CertificateError(f"cyclic links at time {t}")
        if not self.residual:
            if (lb, lw) == (b, w):
                raise CertificateError(f"a link at time {t} points at an equal state")
            if not self._automorphism(cmap):
                raise CertificateError(f"a link map at time {t} is not an automorphism of the game")
            if _image(cmap, lb) != b or _image(cmap, lw) != w:
                raise CertificateError(f"a link map at time {t} does not carry the stones over")
            return (lb, lw), cmap
        if len(set(cmap.values())) != len(cmap):
            raise CertificateError(f"a link map at time {t} is not one-to-one")
        other = self._live(lb, lw, t)
        if self._packed(other) == key[0]:
            raise CertificateError(f"a link at time {t} points at an equal state")
        if any(any(not c in cmap for c in _cells_of(s)) for s in other):
            raise CertificateError(f"a link map at time {t} misses a cell")
        if self._packed(sorted(set(_image(cmap, s) for s in other))) != key[0]:
            raise CertificateError(f"a link map at time {t} does not carry the needs over")
        return (lb, lw), cmap

    def _automorphism(self, cmap: dict) -> bool:
        """Is the map a permutation of the cells carrying X's sets onto X's sets, Y's onto Y's,
        #firstmoves onto itself and each colour's initial stones onto themselves (the families the
        walk plays: minimal, reduced at the start)?
        Decided once per distinct map (a shared ``"@k"`` map is one object): each costs one pass
        over the cells and the sets, so the checking time stays linear in links times game size."""
        known = self._automorphisms.get(id(cmap))
        if known is not None:
            return known[1]
        full = self.game.full_mask
        ok = len(cmap) == full.bit_count() and all(a & full for a in cmap)
        ok = ok and len(set(cmap.values())) == len(cmap) and all(c & full for c in cmap.values())
        first = self.game.first_moves
        ok = ok and (first is None or _image(cmap, first) == first)
        ok = ok and all(_image(cmap, m) == m for m in self.game.start())  # the initial stones
        for sets in (self.xsets, self.ysets):
            family = set(sets)
            ok = ok and all(_image(cmap, s) in family for s in sets)
        self._automorphisms[id(cmap)] = (cmap, ok)  # (the map kept alive: its id stays unique)
        return ok

    def _spend(self, b, w, t) -> None:
        """One more state derived, at its cost (spec §4.17): 1 + (K + 2M) * ceil(n / 8) //
        ``limits.PG_PROOF_UNIT_BYTES`` units, n the positions, K the needs in the state's residual
        key (its distinct live needs of X; 2, the stone sets, in the games keyed by the state), M the
        free cells on a live need of either player (within that player's remaining moves); refused
        once the budget is spent. A unit pays for a bounded number of bytes of what the walk keeps
        (the key; in a refutation the successors pushed, at most M), so checking time and memory
        stay linear in the recorded entries (``limits.PG_PROOF_STATES_PER_ENTRY``) whatever the
        board's size."""
        if self.budget is None:
            return
        cost = 1
        if self.heavy:  # else (K + 2M) * width < one unit on every state: the cost is 1
            own, opp = self.own_opp(b, w)
            xl = self._needs(self.xsets, own, opp, self.left_x[t])
            live = 0
            for s in xl + self._needs(self.ysets, opp, own, self.left_y[t]):
                live |= s
            k = len(set(xl)) if self.residual else 2
            cost += (k + 2 * (live & ~b & ~w).bit_count()) * self.width // limits.PG_PROOF_UNIT_BYTES
        self.budget -= cost
        if self.budget < 0:
            raise CertificateError("the certificate makes the checker derive too many states per recorded "
                                   "entry (refused)")

    def _prove(self, b, w, t):
        """One derived step of a proof (a generator: yields the successor states, receives their
        carriers, returns this state's carrier)."""
        self._spend(b, w, t)
        if b & w:  # (S1) on every state walked: derived states are legal by construction
            raise CertificateError(f"black and white stones overlap at time {t}")
        own, opp = self.own_opp(b, w)
        extra = self.open_cells(self.ysets, own, opp)
        if any(s & own == s for s in self.xsets):
            return extra
        name = self.parts(b, w, t) if self.parts is not None else None
        if name is not None:
            return self.part(b, w, t, name, True)
        if any(s & opp == s for s in self.ysets) or t >= len(self.sched):
            raise CertificateError(f"{self.x} does not win at time {t} in {_show(self.game, b, w)}")
        legal = self.legal(b, w, t)
        if self.sched[t] == self.x:
            line = self.threat_line(b, w, t) if self.threat_line is not None else None
            if line is not None:
                return self.line_carrier(b, w, t, line) | extra
            v, wins = self.x_move(b, w, t)
            if wins:
                return v | extra
            return (yield (*self.play(b, w, v, True), t + 1)) | v | extra
        if not legal:  # (§4.10) Y cannot move: no play reaches this board, and X has not won
            raise CertificateError(f"{self.y} has no legal move at time {t} in {_show(self.game, b, w)}: "
                                   f"{self.x} does not win there")
        if self._ones(self._needs(self.ysets, opp, own), legal):
            raise CertificateError(f"{self.y} completes a set at time {t} in {_show(self.game, b, w)}")
        a = self.forced_cell(b, w, t)
        if a:
            return a | (yield (*self.play(b, w, a, False), t + 1)) | extra
        if self.replies is not None and self.replies(b, w, t):
            carrier = extra | legal
            for i in bits(legal):
                carrier |= yield (*self.play(b, w, 1 << i, False), t + 1)
            return carrier
        cp = yield b, w, t + 1
        carrier = cp | extra
        for i in bits(legal & cp):
            c = 1 << i
            carrier |= (yield (*self.play(b, w, c, False), t + 1)) | c
        return carrier

    def line_carrier(self, b, w, t, line) -> int:
        """The threat-line rule: X's moves a1, ..., ak (k >= 1) from X's turn t prove that X wins,
        with carrier {a1, c1, ..., a(k-1), c(k-1), ak, d1, d2} ∪ the free cells of Y's sets X has not
        blocked; CertificateError unless all of the following hold, replayed from the state:

        (i) the schedule from t is X, Y, X, ..., X (2k + 1 time points, X last), and a1 is legal at t;
        (ii) before each ai, neither player has a one-cell need on a free cell (X cannot complete
             at once; Y cannot complete at its next turn, nor at any later turn of the line: Y's
             needs only shrink as X's stones arrive), and ai is free and on a live need of X (a set
             untouched by Y, needing at most X's remaining moves at t);
        (iii) for i < k, after ai the cells completing an X set are exactly one cell ci (X's
              threat), and Y's reply ci is applied; after ak there are two or more such cells
              (d1 < d2 the two least).

        Soundness. Y, to move after ai (i < k), cannot complete a set (ii); unless Y takes ci, X
        completes the set whose only free cell is ci at the next time point (an X turn by (i)). So
        Y's reply is ci, and after ak Y blocks at most one of d1, d2; X completes the other. The
        carrier: extra Y stones E outside it change nothing above — every ai, ci, dj is in it and
        stays free; the set threatened at ci (resp. dj) holds only X's stones and ci (dj), so it
        stays a threat, and the threat cells, a subset of the unmodified ones containing ci, are
        still exactly {ci}; Y's open sets lie in the carrier, so E adds no need of Y's. The old walk
        of the same line (X's recorded moves, Y's forced blocks) has this very carrier, so the
        must-play regions above are the same. The rule reads X's live needs at t only (sets off
        them never become a threat within the line: a need larger than X's remaining moves stays
        so), and the moves lie on them: in residual games the line proves every state of the key."""
        own, opp = self.own_opp(b, w)
        carrier = self.open_cells(self.ysets, own, opp)
        k = len(line)
        if not k or t + 2 * k >= len(self.sched) or any(
                self.sched[t + i] != (self.y if i % 2 else self.x) for i in range(2 * k + 1)):
            raise CertificateError(f"a threat line at time {t} does not fit the schedule")
        if not line[0] & self.legal(b, w, t):
            raise CertificateError(f"a threat line at time {t} starts with an illegal move")
        needs = self._needs(self.xsets, own, opp, self.left_x[t])
        free = self.game.full_mask & ~b & ~w
        for i, a in enumerate(line):
            if self._ones(needs, free) or self._ones(self._needs(self.ysets, opp, own), free):
                raise CertificateError(f"a threat line at time {t}: a one-cell need before move {i + 1}")
            if not a & free or not any(a & s for s in needs):
                raise CertificateError(f"a threat line at time {t}: move {i + 1} is on no live set")
            needs = [s & ~a for s in needs]
            own |= a
            free &= ~a
            threats = self._ones(needs, free)
            carrier |= a
            if i < k - 1:
                if not threats or threats & (threats - 1):
                    raise CertificateError(f"a threat line at time {t}: move {i + 1} is not one threat")
                needs = [s for s in needs if not s & threats]
                opp |= threats
                free &= ~threats
                carrier |= threats
            elif not threats & (threats - 1):
                raise CertificateError(f"a threat line at time {t} does not end in a double threat")
            else:
                d1 = threats & -threats
                rest = threats ^ d1
                carrier |= d1 | (rest & -rest)
        return carrier

    def part(self, b, w, t, name: str, wins: bool) -> int:
        """The part rule: the state (b, w, t) is decided by the book's member ``name``; its
        carrier in a proof (0 in a refutation); CertificateError unless all of the following hold.

        (i) The walk has a book (``members``) holding ``name`` (a parsed JSON object; reading the
            container, its names and sizes, is :mod:`verify.certificates.book`'s job).
        (ii) The member is a pg-proof certificate (format, version, kind, no unknown key, no
             ``parts``: parts do not nest) whose game, derived from its own instance and claimed
             question, is the *derived game* G_s (:func:`verify.games.positional.continued`): the
             parent's positions and sets, the parent's stones of the state as initial stones, the
             parent's schedule from t on (#firstmoves kept only at t = 0) — compared by names
             (positions, each family of sets, initial stones, the schedule's colours, #firstmoves).
             Its instance and claim are thus *required equal* to the derived ones, never trusted:
             a member is also a certificate of its own, checkable alone.
        (iii) Its claimed winner agrees with the answer needed: X wins (a proof part) iff the claim
              names X; and it answers "X wins" with that value.
        (iv) That answer, walked in G_s from its start by the rules of this module (the budget its
             parent has left plus its own entries' share, §4.17; no book: so no recursion),
             proves (resp. refutes) "X wins".

        Soundness. G_s is the parent game played from the state: same cells, sets and rules, the
        stones of the state on the board, the remaining time points in order (a pass state is
        the same: its t counts the time point it skipped); the inclusion-minimal and blocked-set
        filtering the walk does at its start are exact. So X wins G_s iff X wins the state, and a
        proof of G_s has the carrier property there (extra Y stones off the carrier change
        nothing: the same walk rules, on the same cells: the parent reads the carrier as its own).
        Residual keys agree: G_s's key of a state is the parent's (the same needs and the same
        remaining schedule), so the parent's merging of states with one key is as sound as for a
        state it walked itself. Each part is checked in its own walk when the parent first reaches
        its state (the walk is then dropped: memory is the parent's plus one part's), once per
        key of the parent; the book lets each member prove one state only (a member named by two
        part entries is refused: re-checking one stored member for many states would make the
        work grow as a product of sizes)."""
        if self.members is None:
            raise CertificateError(f"a part at time {t} ({name!r}) needs a book holding its member "
                                   "(a part's certificate may not have parts)")
        member = self.members(name)
        game = pg.continued(self.game, b, w, t)
        q = member_answer(member, name, game, self.x, wins)
        del member
        try:
            walk = answer_walk(game, self.x, q)
            # one pool per answer (§4.17): the part draws on what its parent has left, plus its own
            # entries' share, and leaves the rest to its parent
            if self.budget is not None:
                walk.budget = self.budget + limits.PG_PROOF_STATES_PER_ENTRY * walk.recorded
            del q
            start = game.start()
            carrier = 0
            if wins:
                carrier = walk.prove(*start, 0)
            else:
                walk.refute(*start, 0)
            if self.budget is not None:
                self.budget = walk.budget
            self.part_states += len(walk.carriers) + len(walk.refuted)
            self.part_recorded += walk.recorded
            return carrier
        except CertificateError as exc:
            raise CertificateError(f"part {name!r}: {exc}") from None

    def forced_cell(self, b, w, t) -> int:
        """Y's forced block in a proof (Y's turn, X moves next): the least cell where X completes
        a set if Y may take it, else 0. Every Y move but this cell a lets X complete at a, so only a
        is checked, carrier {a} ∪ the proof after it (the must-play rule with the pass proof "X
        completes at a", carrier {a}, without walking the pass state: the same carrier as that
        rule, so recorded proofs replay unchanged)."""
        if t + 1 >= len(self.sched) or self.sched[t + 1] != self.x:
            return 0
        own, opp = self.own_opp(b, w)
        threats = self._ones(self._needs(self.xsets, own, opp), self.game.full_mask & ~b & ~w)
        a = threats & -threats
        return a if a & self.legal(b, w, t) else 0  # (#firstmoves may forbid it: the general rule)

    def x_move(self, b, w, t) -> tuple[int, bool]:
        """X's move at X's turn of a proof, and whether it completes a set: an immediate win, else
        the forced block, else the recorded choice (on a live set in residual games)."""
        own, opp = self.own_opp(b, w)
        legal = self.legal(b, w, t)
        win = self._ones(self._needs(self.xsets, own, opp), legal)
        if win:
            return win & -win, True
        v = self._forced(b, w, t, own, opp, legal)
        if v is None:
            v = self._choice(b, w, t, legal)
            if self.residual and not any(v & s for s in self._needs(self.xsets, own, opp, self.left_x[t])):
                raise CertificateError(f"move {self.game.names(v)[0]} at time {t} is on no live set")
        return v, False

    def _forced(self, b, w, t, own, opp, legal):
        """X's forced block (X has no immediate win): the cell, or None if Y has no threat."""
        if t + 1 >= len(self.sched) or self.sched[t + 1] != self.y:
            return None
        threats = self._ones(self._needs(self.ysets, opp, own), self.game.full_mask & ~b & ~w)
        if not threats:
            return None
        if threats & (threats - 1) or not threats & legal:
            raise CertificateError(f"{self.x} cannot meet {self.y}'s threats at time {t}")
        return threats

    # -- refutation of "X wins" -----------------------------------------------------------------
    def refute(self, b, w, t) -> None:
        """Check that X does not win from (b, w, t); CertificateError if the refutation fails.

        A state is marked refuted only once its obligations are on the stack (which must empty):
        its chain of links is followed to a state already marked or to one whose step is derived
        now, and a chain meeting itself is rejected (see the module docstring)."""
        stack = [(b, w, t)]
        while stack:
            b, w, t = stack.pop()
            chain: list = []
            while True:
                key = self.key(b, w, t)
                if key in self.refuted:
                    break
                if key in chain:
                    raise CertificateError(f"cyclic links at time {t}")
                chain.append(key)
                linked = self._linked(b, w, t, key)
                if linked is None:
                    stack.extend(self._refute_step(b, w, t))
                    break
                b, w = linked[0]  # refuted iff the linked state is
            self.refuted.update(chain)

    def _refute_step(self, b, w, t) -> list:
        self._spend(b, w, t)
        if b & w:  # (S1) on every state walked: derived states are legal by construction
            raise CertificateError(f"black and white stones overlap at time {t}")
        own, opp = self.own_opp(b, w)
        if any(s & own == s for s in self.xsets):
            raise CertificateError(f"{self.x} wins at time {t} in {_show(self.game, b, w)}")
        if any(s & opp == s for s in self.ysets) or t >= len(self.sched):
            return []
        xl = self._needs(self.xsets, own, opp, self.left_x[t])
        if not xl:
            return []
        name = self.parts(b, w, t) if self.parts is not None else None
        if name is not None:
            self.part(b, w, t, name, False)
            return []  # the part refutes X's win here
        pairs = self.pairing(b, w, t) if self.pairing is not None else None
        if pairs is not None:
            self._check_pairing(b, w, t, xl, pairs)
            return []  # Y's pairing strategy: X completes no set from here
        legal = self.legal(b, w, t)
        free = self.game.full_mask & ~b & ~w
        if self.sched[t] == self.y:
            if self._ones(self._needs(self.ysets, opp, own), legal):
                return []  # Y completes a set now
            c = None
            if t + 1 < len(self.sched) and self.sched[t + 1] == self.x:
                threats = self._ones(xl, free)
                if threats & (threats - 1) or (threats and not threats & legal):
                    raise CertificateError(f"{self.y} cannot meet {self.x}'s threats at time {t}")
                c = threats or None
            if c is None:
                c = self._choice(b, w, t, legal)
            return [(*self.play(b, w, c, False), t + 1)]
        if self._ones(xl, legal):
            raise CertificateError(f"{self.x} completes a set at time {t} in {_show(self.game, b, w)}")
        yl = self._needs(self.ysets, opp, own, self.left_y[t])
        if t + 1 < len(self.sched) and self.sched[t + 1] == self.y:
            threats = self._ones(yl, free)
            if threats & (threats - 1) or (threats and not threats & legal):
                return []  # Y completes a set at t + 1 whatever X does
            if threats:
                return [(*self.play(b, w, threats, True), t + 1)]
        if not yl and self.left_x[t] == 2 and self.sched[t:t + 3] == (self.x, self.y, self.x) and t:
            if self._double_threat(xl):
                raise CertificateError(f"{self.x} makes a double threat at time {t} in {_show(self.game, b, w)}")
            return []
        if self.split and self.residual and self.alternating[t]:
            parts = components(xl)
            if len(parts) > 1:  # each component refuted at t (its own key: fewer needs)
                self.splits += 1
                return [(b, w | (cells & ~part), t) if self.xb else (b | (cells & ~part), w, t)
                        for cells in [sum(parts)] for part in parts]
        live = 0
        for s in xl + yl:
            live |= s
        moves = live & legal
        if not moves:
            moves = legal & -legal
        return [(*self.play(b, w, 1 << i, True), t + 1) for i in bits(moves)]

    def _check_pairing(self, b, w, t, xl, pairs) -> None:
        """The pairing-leaf rule (module docstring): pairs of two free cells, disjoint, every need
        containing a whole pair, and no X, X in the schedule from t on."""
        if not self.answerable[t]:
            raise CertificateError(f"a pairing at time {t}: {self.x} moves twice in a row later")
        used = b | w
        for p in pairs:
            if p.bit_count() != 2 or p & used:
                raise CertificateError(f"a pairing at time {t} has a pair that is not two free, unused cells")
            used |= p
        for s in xl:
            if not any(p & s == p for p in pairs):
                raise CertificateError(f"a pairing at time {t} leaves a live set of {self.x} without a pair")

    @staticmethod
    def _double_threat(xl) -> bool:
        """Some cell lies on two sets needing two cells each, with different second cells."""
        return any(p & (p - 1) for p in Attack.two_cell_partners(xl).values())


def components(needs) -> list[int]:
    """The cells of each connected component of the needs (needs sharing a cell are connected)."""
    parts: list[int] = []
    for s in needs:
        merged = s
        rest = []
        for p in parts:
            if p & merged:
                merged |= p
            else:
                rest.append(p)
        parts = rest + [merged]
    return parts


def _cells_of(mask: int) -> list[int]:
    return [1 << i for i in bits(mask)]


def _image(cmap: dict, mask: int) -> int:
    out = 0
    for c in _cells_of(mask):
        out |= cmap[c]
    return out


def _show(game, b, w) -> str:
    return f"black {{{','.join(game.names(b))}}} white {{{','.join(game.names(w))}}}"


# -- building ------------------------------------------------------------------------------------

def proof_questions(game: pg.PositionalGame, winner: str) -> list[tuple[str, bool]]:
    """The questions whose answers imply the claimed winner."""
    if winner == pg.BLACK:
        return [(pg.BLACK, True)]
    if not game.maker_maker:
        return [(pg.BLACK, False)]
    return [(pg.BLACK, False), (pg.WHITE, winner == pg.WHITE)]


# -- checking ------------------------------------------------------------------------------------

@register(KIND, "questions")
def check_pg_proof(cert: dict, question: Question) -> CheckReport:
    game, colour, winner, asked = proof_game(cert, question)
    states = 0
    entries = 0
    book = cert if hasattr(cert, "member") else None  # a book's root (verify.certificates.book)
    members = book.member if book is not None else None
    for attacker, wins, q in answers(cert, game, colour):
        walk = answer_walk(game, attacker, q, members=members)
        walk.budget = limits.PG_PROOF_FREE_STATES + limits.PG_PROOF_STATES_PER_ENTRY * walk.recorded
        entries += walk.recorded
        start = game.start()
        if wins:
            walk.prove(*start, 0)
        else:
            walk.refute(*start, 0)
        states += len(walk.carriers) + len(walk.refuted) + walk.part_states  # the parts' too
        entries += walk.part_recorded
    parts = f", {book.checked} parts checked" if book is not None else ""
    return CheckReport(KIND, asked, {"winner": winner},
                       f"{states} states derived from {entries} recorded moves{parts}")


def proof_game(cert: dict, question: Question):
    """(the ``.pg`` game the proof walks, the winning colour, the claimed winner, the question the
    instance poses): a Maker-Breaker question is walked as its ``.pg`` form (black is Maker)."""
    if question.game == "maker-breaker":
        mbg = mb_game(cert, question)
        winner = verdict_of(cert, "winner", mb.PLAYERS)
        # a bound B: the .pg form gives Maker B moves, so black wins it iff Maker wins within B moves
        game = pg.from_maker_breaker(mbg.board, mbg.maker_mask, mbg.breaker_mask, mbg.first, question.bound)
        colour = pg.BLACK if winner == mb.MAKER else pg.WHITE
        return game, colour, winner, question_of("maker-breaker", mbg, question.bound)
    game = pg_game(cert, question)
    colour = verdict_of(cert, "winner", (pg.BLACK, pg.WHITE, pg.DRAW))
    if colour == pg.DRAW and not game.maker_maker:
        raise CertificateError("a Maker-Breaker description has no draws")
    return game, colour, colour, question_of("pg", game)


def answers(cert: dict, game: pg.PositionalGame, colour: str) -> list[tuple[str, bool, dict]]:
    """(attacker, wins, recorded answer) for each question the claimed winner ``colour`` needs."""
    questions = cert.get("questions")
    if not isinstance(questions, list):
        raise CertificateError("'questions' must be a list")
    given = {}
    for q in questions:
        if not isinstance(q, dict) or q.get("attacker") not in pg.COLOURS or not isinstance(q.get("wins"), bool):
            raise CertificateError("each question needs 'attacker' (black/white) and 'wins' (bool)")
        unknown = set(q) - ANSWER_KEYS
        if unknown:
            raise CertificateError(f"unknown key(s) in an answer: {', '.join(sorted(map(repr, unknown)))}")
        if q["attacker"] in given:
            raise CertificateError(f"two answers for {q['attacker']}")
        given[q["attacker"]] = q
    out = []
    for attacker, wins in proof_questions(game, colour):
        q = given.get(attacker)
        if q is None or q["wins"] != wins:
            raise CertificateError(f"the claim needs '{attacker} wins' answered {str(wins).lower()}")
        out.append((attacker, wins, q))
    return out


def answer_walk(game: pg.PositionalGame, attacker: str, q: dict, walk=ProofWalk, members=None) -> ProofWalk:
    """The walk of one recorded answer: its choices and links read strictly (``walk.table``,
    ``walk.links``), everything else derived when it is proved or refuted; ``members``: the book
    holding the answer's parts (None: parts are refused)."""
    table = _table(game, q.get("moves"))
    replies = _keyed(game, q.get("replies", []), "replies", 3, "[t, black, white]", lambda e: (True, 0))
    parts = _keyed(game, q.get("parts", []), "parts", 4, "[t, black, white, member]", lambda e: (e[3], 0))
    if replies and q.get("wins") is not True:
        raise CertificateError("'replies' mark Y turns of a proof: a refutation has none")
    links = _links(game, q.get("links", []), _maps(game, q.get("maps", [])))
    pairings = _pairings(game, q.get("pairings", []))
    lines = _lines(game, q.get("lines", []))
    split = q.get("components", False)
    if not isinstance(split, bool):
        raise CertificateError("'components' must be true or false")
    if (pairings or split) and q.get("wins") is not False:
        raise CertificateError("pairings and components refute 'X wins': a proof has neither")
    if lines and q.get("wins") is not True:
        raise CertificateError("threat lines prove 'X wins': a refutation has none")
    out = walk(game, attacker, lambda b, w, t: table.get((b, w, t), 0), lambda b, w, t: links.get((b, w, t)),
               lambda b, w, t: pairings.get((b, w, t)), split, lambda b, w, t: lines.get((b, w, t)),
               (lambda b, w, t: (b, w, t) in replies) if replies else None,
               (lambda b, w, t: parts.get((b, w, t))) if parts else None, members)
    out.table, out.links, out.pairings, out.lines = table, links, pairings, lines
    out.check_named_states({"moves": table, "links": links, "pairings": pairings, "lines": lines,
                            "replies": replies, "parts": parts})
    out.recorded = len(table) + len(links) + len(pairings) + len(lines) + len(replies) + len(parts)
    return out


def member_answer(member, name: str, game: pg.PositionalGame, attacker: str, wins: bool) -> dict:
    """The answer "``attacker`` wins: ``wins``" of a book's member, after checking its envelope,
    that its instance and claimed question pose exactly ``game`` (the derived game, compared by
    names) and that its claimed winner agrees with ``wins`` (:meth:`ProofWalk.part`, (ii)-(iii))."""
    from .checker import ENVELOPE, check_envelope
    what = f"part {name!r}"
    question = check_envelope(member, what)
    if member.get("kind") != KIND or set(member) - ENVELOPE - {"questions"}:
        raise CertificateError(f"{what} is not a pg-proof certificate")
    try:
        mgame, colour, _, asked = proof_game(member, question)
    except InputError as exc:
        raise CertificateError(f"{what}: {exc}") from None
    if asked != question:
        raise CertificateError(f"{what}: its claimed question is not the one its instance poses")
    if pg.described(mgame) != pg.described(game):
        raise CertificateError(f"{what} is not about the game at its state (instance, stones or schedule differ)")
    if (colour == attacker) != wins:
        raise CertificateError(f"{what} claims {colour} wins: not the answer needed at its state")
    questions = member.get("questions")
    if not isinstance(questions, list):
        raise CertificateError(f"{what}: 'questions' must be a list")
    found = [q for q in questions if isinstance(q, dict) and q.get("attacker") == attacker]
    if len(found) != 1 or found[0].get("wins") is not wins:
        raise CertificateError(f"{what} does not answer '{attacker} wins' {str(wins).lower()}")
    if set(found[0]) - ANSWER_KEYS:
        raise CertificateError(f"{what}: unknown key(s) in its answer")
    if "parts" in found[0]:
        raise CertificateError(f"{what} has parts of its own (parts do not nest)")
    return found[0]


def _check_entry(e, length: int, what: str):
    """A list of ``length`` items: a time point (int) then strings."""
    if not (isinstance(e, list) and len(e) == length and isinstance(e[0], int) and not isinstance(e[0], bool)
            and all(isinstance(x, str) for x in e[1:])):
        raise CertificateError(f"{what}, got {e!r}")


def _keyed(game: pg.PositionalGame, entries, section: str, length: int, shape: str, parse) -> dict:
    """(black, white, t) -> ``parse(entry)`` for each entry ``[t, black, white, ...]`` of a section
    (``parse`` returns (value, further stones the entry names)); read strictly: a list, entries of
    the given shape, known and distinct cells, no initial stone, one entry per state."""
    if not isinstance(entries, list):
        raise CertificateError(f"'{section}' must be a list")
    b0, w0 = game.start()
    out = {}
    for e in entries:
        _check_entry(e, length, f"an entry of '{section}' must be {shape}")
        try:
            b, w = _cells(game, e[1]), _cells(game, e[2])
            value, stones = parse(e)
        except InputError as exc:
            raise CertificateError(str(exc)) from None
        if (b | w | stones) & (b0 | w0):
            raise CertificateError(f"an entry of '{section}' lists an initial stone")
        key = (b | b0, w | w0, e[0])
        if key in out:
            raise CertificateError(f"two entries of '{section}' for one state at time {e[0]}")
        out[key] = value
    return out


def _table(game: pg.PositionalGame, entries) -> dict:
    return _keyed(game, entries, "moves", 4, "[t, black, white, cell]", lambda e: (game.mask([e[3]]), 0))


def _cell_map(game: pg.PositionalGame, text: str) -> dict:
    """``"a>b c>d ..."`` as {cell bit: cell bit} (a cell named twice on the left is rejected)."""
    cmap = {}
    for pair in text.split():
        a, _, c = pair.partition(">")
        a = game.mask([a])
        if a in cmap:
            raise CertificateError("a map names a cell twice")
        cmap[a] = game.mask([c])
    return cmap


def _maps(game: pg.PositionalGame, entries) -> list:
    """The answer's shared maps, referred to as ``"@k"`` by links."""
    if not isinstance(entries, list) or not all(isinstance(e, str) for e in entries):
        raise CertificateError("'maps' must be a list of strings")
    try:
        return [_cell_map(game, e) for e in entries]
    except InputError as exc:
        raise CertificateError(str(exc)) from None


def _links(game: pg.PositionalGame, entries, maps=()) -> dict:
    b0, w0 = game.start()

    def parse(e):
        lb, lw = _cells(game, e[3]), _cells(game, e[4])
        if e[5].startswith("@"):
            k = e[5][1:]
            if not (k.isdigit() and k.isascii() and int(k) < len(maps)):
                raise CertificateError(f"a link names no map: {e[5]!r}")
            cmap = maps[int(k)]
        else:
            cmap = _cell_map(game, e[5])
        return ((lb | b0, lw | w0), cmap), lb | lw

    return _keyed(game, entries, "links", 6, "[t, black, white, black', white', map]", parse)


def _pairings(game: pg.PositionalGame, entries) -> dict:
    """The pair masks of each pairing entry ``[t, black, white, "a b c d ..."]`` (consecutive names
    pair up; their freeness and disjointness are checked on use)."""

    def parse(e):
        names = e[3].split()
        if len(names) % 2:
            raise CertificateError(f"a pairing at time {e[0]} lists an odd number of cells")
        return [game.mask(names[i:i + 2]) for i in range(0, len(names), 2)], 0

    return _keyed(game, entries, "pairings", 4, "[t, black, white, pairs]", parse)


def _lines(game: pg.PositionalGame, entries) -> dict:
    """X's moves (cell bits, in order) of each threat line ``[t, black, white, "a1 a2 ... ak"]``
    (distinct cells, none a stone of the state: checked when the line is replayed)."""

    def parse(e):
        cells = [game.mask([x]) for x in e[3].split()]
        if len(set(cells)) != len(cells):
            raise CertificateError(f"a threat line at time {e[0]} repeats a cell")
        return cells, 0

    return _keyed(game, entries, "lines", 4, "[t, black, white, moves]", parse)


def _cells(game, text: str) -> int:
    names = text.split()
    m = game.mask(names)
    if m.bit_count() != len(names):
        raise CertificateError("a position is repeated in a state")
    return m
