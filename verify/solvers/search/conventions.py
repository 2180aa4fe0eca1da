"""The fast route of the general positional game (method ``search`` for the biased Maker-Breaker game,
Avoider-Enforcer, Maker-Maker and Avoider-Avoider): every convention, any bias (p:q), either player
first, from any marked position (paper 004 Def I.1.8; the rules are :mod:`verify.games.conventions`).

The same game as the explicit reference (:mod:`verify.solvers.explicit_conventions`: a state is
Alice's claims, Bob's claims, who moves, claims left in the mover's turn; one claim per step), the
same values (+1 Alice wins, 0 draw, -1 Bob wins), searched as one or two boolean questions "is the
value at least t?" (t = 1; in the strong games first t = 0, then t = 1 if Alice draws) by depth-first
search with a cut at the first move reaching the goal and a table of the states decided. Every rule
below is exact (it never changes a value); each is named by the switch turning it off (``rules``) and
forced by a test (tests/test_convention_search.py).

- ``minimal`` — only the inclusion-minimal edges are kept: holding an edge means holding a minimal
  one, so every completion happens at the same claim (all four conventions).
- ``live`` — an edge holding a vertex of both players can never be monochromatic; in the weak games
  only Alice's edges count (Maker's, Avoider's), so an edge holding one of Bob's vertices is dead. A
  free vertex on no live edge is *dead*: any two dead vertices are exchanged by an automorphism of
  the live edges, so one stands for all (AE, MM, AA; the timing they give stays). In Maker-Breaker a
  dead vertex is never claimed: an extra vertex never hurts either player (the classical argument,
  paper 004 §I.1.1 "extra vertex"; here a live vertex instead of a dead one: pretend the live vertex
  is the dead one), and with no live edge left Breaker has won.
- ``threats`` — Maker-Breaker and Maker-Maker: the mover with ``left`` claims completes an own edge
  needing at most ``left`` vertices (a win now); otherwise the vertices completing an opponent's edge
  that needs one vertex (set T) must all be claimed in this turn, or the opponent completes next turn:
  |T| > ``left`` loses, else one of T is claimed first, alone. That is exact because a turn is a set:
  the claims of one turn by one player can be reordered without changing the outcome (only the mover
  can complete an edge during its turn, and a completion is never undone: :mod:`verify.games.conventions`,
  "A completion in the middle of a turn"), so a claim the mover must make this turn can come first. Breaker with ``left`` at
  least the number of live vertices claims them all and wins. Avoider-Enforcer and Avoider-Avoider: a
  claim completing an own edge is a loss, tried only when nothing else is free.
- ``symmetry`` — the table is keyed by a canonical form of the state under automorphisms of the
  board (:mod:`verify.solvers.search.labels`): on boards on the edges of K_n (:mod:`verify.families.graphs`, S_n acting) by an
  individualisation-refinement canonical labelling of the 3-coloured K_n (colour refinement, then
  individualising vertices of the first non-singleton cell, one per class of twins, least encoding
  over at most :data:`LEAF_CAP` leaves: beyond that the key is still the image of the state under a
  permutation of S_n, so sound, but not canonical); on other boards by the least image under the
  automorphism group from nauty when it has at most :data:`MAX_GROUP` elements. In the weak games the
  key first folds what cannot matter: Alice's vertices on no live edge and (Maker-Breaker) the dead
  free vertices count as Bob's.

The compiled canonical labelling needs numba (extra ``fast``); without it the same code runs as plain
Python (slower). The table holds at most ``max_states`` entries (:data:`MAX_STATES`). Certificates:
the reference's builder (:func:`verify.solvers.explicit_conventions.strategy_certificate`) walks the
winner's table with this search as its oracle (:meth:`ConventionSolver.best_claim`), linking a state
to an earlier one with the same key under the board's group (:mod:`verify.solvers.search.labels`, the
raw state's key, not the folded one the search uses: a link must be an exact image).
"""
from __future__ import annotations

from ...errors import InputError, TooLarge
from ...games import conventions as cv
from ...hypergraph import bits, minimal_masks
from ..explicit_conventions import Positions, refuse_large_board
from .labels import LEAF_CAP, MAX_GROUP, MAX_KN, canon_kn, kernel, kn_layout, label_kn, labeller  # noqa: F401

#: the table's default bound (entries)
MAX_STATES = 12_000_000
RULES = ("minimal", "live", "threats", "symmetry")


def canoniser(board, edges, symmetry: bool = True):
    """``(a, b) -> key`` with key(s) = key(s') only if s' is the image of s by an automorphism of the
    board (so the value is the same), and the group's name; ``None, "none"`` when ``symmetry`` is off
    or no group is known (:func:`verify.solvers.search.labels.labeller`)."""
    lab = labeller(board, edges, symmetry)
    if lab is None:
        return None, "none"
    return lab.key, lab.group_name


# -- the search --------------------------------------------------------------------------------------

_MB, _AE, _MM, _AA = cv.MAKER_BREAKER, cv.AVOIDER_ENFORCER, cv.MAKER_MAKER, cv.AVOIDER_AVOIDER


class ConventionSolver(Positions):
    """The value of positions of ``game`` (``value``, ``best_claim``: the oracle interface of
    :class:`verify.solvers.explicit_conventions.ConventionSearch`). ``rules``: the exact rules in use
    (a subset of :data:`RULES`; tests turn them off one by one)."""

    def __init__(self, game: cv.ConventionGame, max_states: int | None = None, rules=RULES):
        unknown = set(rules) - set(RULES)
        if unknown:
            raise InputError(f"unknown search rules {sorted(unknown)}")
        refuse_large_board(game, "search")
        self.rules = frozenset(rules)
        self.convention = game.convention
        self.p, self.q = game.bias
        self.full = game.board.full_mask
        raw = tuple(dict.fromkeys(game.board.edge_masks))
        self.edges = tuple(minimal_masks(raw)) if "minimal" in self.rules else raw
        self.weak = self.convention in (_MB, _AE)
        self.by_vertex = [tuple(e for e in self.edges if e >> i & 1) for i in range(game.board.n)]
        self.canon, self.group = canoniser(game.board, self.edges, "symmetry" in self.rules)
        self.max_states = MAX_STATES if max_states is None else max_states
        self.tables = {1: {}, 0: {}}
        self.nodes = 0
        self.maxleft = max(self.p, self.q) + 1
        self.shift = game.board.n

    # start, after_claim and best_claim: Positions, the reference's step (the builder's oracle)
    def value(self, alice: int, bob: int, alice_to_move: bool, left: int) -> int:
        """The value of a position (the mover has ``left`` claims left in its turn)."""
        if not self.weak and not self.ge(alice, bob, alice_to_move, left, 0):
            return cv.BOB_WINS
        if self.ge(alice, bob, alice_to_move, left, 1):
            return cv.ALICE_WINS
        return cv.BOB_WINS if self.weak else cv.DRAW

    def completes(self, own: int, v: int) -> bool:
        """Whether claiming vertex bit ``v`` completes an edge wholly in ``own`` (the edges through it)."""
        return any(e & own == e for e in self.by_vertex[v.bit_length() - 1])

    def best_claim(self, alice: int, bob: int, alice_to_move: bool, left: int) -> int | None:
        """A claim achieving the value (the builder's oracle, :meth:`Positions.best_claim`). For a
        mover whose completions score (Maker; both players of Maker-Maker) the claims are tried in
        the search's own order (forced claims, then by danger, :meth:`moves`), so the claim is the
        one the search's proof used and the plays it leads to are short: the Maker-first
        Hamiltonicity game on K_8 gets a table of 52,743 entries built in 39 s, where the
        reference's vertex order had not finished in 10 minutes. Other movers keep the vertex order
        (on K_7's Hamiltonicity game Breaker's table is half as large with it: 16,098 entries
        against 30,892)."""
        if cv.completion_value(self.convention, alice_to_move) != (cv.ALICE_WINS if alice_to_move else cv.BOB_WINS):
            return super().best_claim(alice, bob, alice_to_move, left)
        want = self.value(alice, bob, alice_to_move, left)
        free = self.full & ~alice & ~bob
        plan = self.analyse(alice, bob, alice_to_move, left)[1]
        for v in (self.moves(*plan) if plan is not None else ()):
            if v & free and self.after_claim(alice, bob, alice_to_move, left, v, free & ~v) == want:
                return v
        return super().best_claim(alice, bob, alice_to_move, left)

    # the boolean search
    def child(self, a: int, b: int, amove: bool, left: int, v: int, t: int) -> bool:
        """Is the value at least ``t`` once the mover claims ``v``?"""
        if amove:
            a |= v
            own = a
        else:
            b |= v
            own = b
        for e in self.by_vertex[v.bit_length() - 1]:
            if e & own == e:
                decided = cv.completion_value(self.convention, amove)
                if decided is not None:
                    return decided >= t
                break
        if not self.full & ~a & ~b:
            return cv.exhausted_value(self.convention) >= t
        if left > 1:
            return self.ge(a, b, amove, left - 1, t)
        return self.ge(a, b, not amove, self.q if amove else self.p, t)

    def ge(self, a: int, b: int, amove: bool, left: int, t: int) -> bool:
        """Is the value of the position at least ``t``?"""
        decided, plan, ka, kb = self.analyse(a, b, amove, left)
        if decided is not None:
            return decided >= t
        key = (ka << self.shift | kb) if self.canon is None else self.canon(ka, kb)
        key = (key << 1 | amove) * self.maxleft + left
        table = self.tables[t]
        hit = table.get(key)
        if hit is not None:
            return hit
        if len(table) >= self.max_states:
            raise TooLarge(f"the {self.convention} game too large for method search (more than "
                           f"{self.max_states} states); try a smaller board")
        self.nodes += 1
        out = not amove
        for v in self.moves(*plan):
            if self.child(a, b, amove, left, v, t) == amove:
                out = amove
                break
        table[key] = out
        return out

    def moves(self, first, cands: int, needs, most_first: bool, last: int):
        """The claims to try, in order: ``first``, then ``cands`` by :meth:`ordered`, then the
        vertices of ``last`` (claims completing an own edge in the avoidance games)."""
        out = list(first)
        if cands:
            out += self.ordered(cands, needs, most_first)
        if last:
            out += bits_of(last)
        return out

    def analyse(self, a: int, b: int, amove: bool, left: int):
        """``(decided value or None, plan of the claims to try (:meth:`moves`), key masks)`` of a
        position not over."""
        conv, rules = self.convention, self.rules
        free = self.full & ~a & ~b
        live_rule, threat_rule = "live" in rules, "threats" in rules
        if self.weak:
            needs = []
            used = livev = 0
            for e in self.edges:
                if not e & b:
                    nd = e & ~a
                    needs.append(nd)
                    used |= e
                    livev |= nd
            if not needs and live_rule:
                return cv.exhausted_value(conv), None, a, b
            if conv == _MB:
                ka, kb = (a & used, self.full & ~(a & used) & ~livev) if live_rule else (a, b)
                if threat_rule:
                    if amove:
                        if any(nd.bit_count() <= left for nd in needs):
                            return cv.ALICE_WINS, None, a, b
                    else:
                        forced = 0
                        for nd in needs:
                            if nd & (nd - 1) == 0:
                                forced |= nd
                        if forced.bit_count() > left:
                            return cv.ALICE_WINS, None, a, b
                        if forced:
                            return None, ((forced & -forced,), 0, None, True, 0), ka, kb
                        if livev.bit_count() <= left:
                            return cv.BOB_WINS, None, a, b
                return None, ((), livev if live_rule else free, needs, True, 0), ka, kb
            # Avoider-Enforcer
            dead = free & ~livev if live_rule else 0
            rest = free & ~dead
            poison = 0
            if amove and threat_rule:
                for nd in needs:
                    if nd & (nd - 1) == 0:
                        poison |= nd
            plan = ((dead & -dead,) if dead else (), rest & ~poison, needs, False, rest & poison)
            if live_rule:
                return None, plan, a & used, b | (a & ~used)
            return None, plan, a, b
        # the strong games
        own_a, own_b = [], []
        livev = 0
        for e in self.edges:
            if not e & b:
                own_a.append(e & ~a)
                livev |= e
            if not e & a:
                own_b.append(e & ~b)
                livev |= e
        livev &= free
        if live_rule and not own_a and not own_b:
            return cv.DRAW, None, a, b
        mine, theirs = (own_a, own_b) if amove else (own_b, own_a)
        dead = free & ~livev if live_rule else 0
        rest = free & ~dead
        win, lose = (cv.ALICE_WINS, cv.BOB_WINS) if amove else (cv.BOB_WINS, cv.ALICE_WINS)
        if conv == _MM:
            if threat_rule:
                if any(nd.bit_count() <= left for nd in mine):
                    return win, None, a, b
                forced = 0
                for nd in theirs:
                    if nd & (nd - 1) == 0:
                        forced |= nd
                if forced.bit_count() > left:
                    return lose, None, a, b
                if forced:
                    return None, ((forced & -forced,), 0, None, True, 0), a, b
            return None, ((), rest, mine + theirs, True, dead & -dead), a, b
        poison = 0
        if threat_rule:
            for nd in mine:
                if nd & (nd - 1) == 0:
                    poison |= nd
        return None, ((dead & -dead,) if dead else (), rest & ~poison, mine + theirs, False, rest & poison), a, b

    @staticmethod
    def ordered(cands: int, needs, most_first: bool) -> list[int]:
        """The vertices of ``cands`` by danger (the sum of 4^-need over the live edges holding
        them), the most dangerous first when ``most_first``."""
        score: dict[int, float] = {}
        for nd in needs:
            m = nd & cands
            if not m:
                continue
            w = 4.0 ** -nd.bit_count()
            while m:
                low = m & -m
                score[low] = score.get(low, 0.0) + w
                m ^= low
        out = list(bits_of(cands))
        out.sort(key=lambda v: (-score.get(v, 0.0) if most_first else score.get(v, 0.0), v))
        return out


def bits_of(mask: int):
    """The one-bit masks of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def solve_convention_search(game: cv.ConventionGame, certificate: bool = False,
                            max_states: int | None = None, rules=RULES) -> cv.ConventionOutcome:
    """Who wins ``game`` (any convention and bias), by :class:`ConventionSolver`; with
    ``certificate`` the ``positional-strategy`` certificate built by the reference's builder with
    this search as its oracle."""
    from ..explicit_conventions import strategy_certificate
    solver = ConventionSolver(game, max_states, rules)
    value = solver.start(game.alice_mask, game.bob_mask, game.alice_first)
    first = None if game.convention in cv.STRONG else game.first
    winner = cv.winner_word(game.convention, value)
    out = cv.ConventionOutcome(game=game.convention, method="search", winner=winner, first=first,
                               stats={"nodes": solver.nodes, "states": sum(map(len, solver.tables.values())),
                                      "symmetry": solver.group})
    if certificate:
        out.certificate = strategy_certificate(game, solver, winner)
        out.stats["certificate_entries"] = sum(map(len, out.certificate["strategies"].values()))
    return out


# -- the registered methods ----------------------------------------------------------------------------

def solve_search(game: cv.ConventionGame, certificate: bool = False, timeout: float | None = None):
    """Method ``search`` for Avoider-Enforcer, Maker-Maker and Avoider-Avoider (any bias)."""
    from ..deadline import deadline
    with deadline(timeout, f"{game.convention} by method search"):
        return solve_convention_search(game, certificate=certificate)


def on_kn(board) -> bool:
    """Whether ``board`` is a board on the edges of K_n (n >= 3) whose edge set S_n keeps
    (:func:`verify.solvers.search.labels.kn_layout`): the boards where this search, keyed by the
    canonical form under S_n, is ahead of the ``.pg`` proof search, which has no S_n."""
    kn = kn_layout(board)
    return kn is not None and kn[0] >= 3


def _with_biased_route(unbiased):
    """Method ``search`` for Maker-Breaker: the biased game (a ConventionGame) here; the unbiased one
    (a MakerBreakerGame) here too on a board on the edges of K_n (:func:`on_kn`) when only
    ``certificate`` and ``timeout`` are given (the Hamiltonicity game on K_7 with a certificate:
    about 2 s here, 610 s by the proof search, whose pg-proof certificate has no S_n links), else by
    the ``.pg`` proof search ``unbiased`` as before; the options only that search takes must keep
    their defaults on a biased game."""
    import functools
    import inspect
    defaults = {k: p.default for k, p in list(inspect.signature(unbiased).parameters.items())[1:]}

    @functools.wraps(unbiased)
    def route(game, **options):
        if not isinstance(game, cv.ConventionGame):
            plain = all(v == defaults[k] for k, v in options.items() if k not in ("certificate", "timeout"))
            if plain and on_kn(game.board):
                return solve_search(cv.from_maker_breaker(game), options.get("certificate", False),
                                    options.get("timeout"))
            return unbiased(game, **options)
        from ..options import flag
        odd = [k for k, v in options.items() if k not in ("certificate", "timeout") and v != defaults[k]]
        if odd:
            raise InputError(f"method search for a biased maker-breaker game does not take "
                             f"{', '.join(flag(k) for k in odd)}")
        return solve_search(game, options.get("certificate", False), options.get("timeout"))
    return route


def _register():
    from .. import _METHODS, register
    for convention in cv.NEW_CONVENTIONS:
        register(convention, "search")(solve_search)
    from . import methods  # noqa: F401  (registers the unbiased game's search first)
    unbiased = _METHODS[(cv.MAKER_BREAKER, "search")].fn
    if not hasattr(unbiased, "__wrapped__"):
        register(cv.MAKER_BREAKER, "search", replace=True)(_with_biased_route(unbiased))


_register()
