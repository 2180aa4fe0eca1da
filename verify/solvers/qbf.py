"""The QBF route: outcomes decided by a QBF engine on the encodings of :mod:`verify.encode.qbf`,
independent of the explicit search.

``("maker-breaker", "qbf")``: iterative deepening on "Maker wins within d rounds" (d from the
smallest live edge size up to Maker's number of moves when the board fills; paper 004 Def I.1.8):
the first true d is Maker's minimum number of rounds; false at the last d means Breaker wins. With
``rounds=D`` the question is "does Maker win within D rounds?" and the result a
:class:`~verify.result.BoundedOutcome`: answer yes/no, ``winner`` only when the whole game is
decided (yes, or no with D covering the whole game), never Breaker for "no within D rounds".

Strategies: the winner's move at any position is read off the outermost existential block of the
question asked from that position with the winner to move (engines that give models), or found by
asking the question after each candidate move; :func:`strategy_certificate` and the ``pg-strategy``
builder walk every reachable position, so the certificate's moves all come from the QBF route.

``backend`` names one engine (see :mod:`verify.encode.qbf.backends`), several separated by commas,
which are then all run and must agree (else BackendError), or a portfolio raced in parallel
(``portfolio``, or engines separated by ``|``: :mod:`verify.encode.qbf.portfolio`). ``encoding`` names
one of :mod:`verify.encode.qbf.encodings`; unset, both come from the measured
per-family defaults (:data:`verify.encode.qbf.encodings.FAMILY_DEFAULTS`); ``symmetry`` (default on, off with
``--no-symmetry``) adds the ``+sym`` symmetry breaking of the next move.

Every convention of the general positional game (paper 004 Def I.1.8: Maker-Breaker with a bias,
Avoider-Enforcer, Maker-Maker, Avoider-Avoider; any bias, either starter, marked start):
:func:`solve_convention_qbf`, one QBF question in the weak games, two in the strong ones (can the
first player force a win? can the second? neither: a draw), by the value oracle
:class:`ConventionQBF`; certificates as for Maker-Breaker: the ``positional-strategy`` certificate of
the reference's builder, every move read from this route (QBF questions, no search).
"""
from __future__ import annotations

import functools
import time


from ..encode.qbf import game as enc
from ..encode.qbf import backends as qb
from ..encode.qbf.encodings import encode_maker_breaker as encode_mb
from ..errors import MethodError, Undecided
from ..games import conventions as cv
from ..games import maker_breaker as mb
from ..games import positional as pg
from ..hypergraph import bits
from ..result import BoundedOutcome, Outcome
from . import register
from .explicit_conventions import Positions


class QBFRoute:
    """Asks game questions to one engine (or several that must agree) and keeps statistics."""

    def __init__(self, backend: str | None = None, timeout: float | None = None,
                 encoding: str | None = None, symmetry: bool = True, game=None):
        from ..encode.qbf.encodings import check_encoding, default_for, with_symmetry
        if game is not None and (backend is None or encoding is None):
            best_encoding, best_engine = default_for(game)
            backend, encoding = backend or best_engine, encoding or best_encoding
        self.encoding = with_symmetry(check_encoding(encoding), symmetry)
        from ..encode.qbf.portfolio import portfolio_engines
        spec = backend or qb.DEFAULT
        self.split = None  # the leaf engine of cube-and-conquer (``split:ENGINE``), if used
        if spec.partition(":")[0] == "split":
            self.split = spec = qb.check_backend(spec.partition(":")[2] or qb.DEFAULT)
            self._splitters: dict = {}
        self.portfolio = portfolio_engines(spec) if spec == "portfolio" or "|" in spec else None
        names = [b.strip() for b in spec.split(",") if b.strip()] if self.portfolio is None else []
        self.backends = [qb.check_backend(b) for b in names] or [qb.DEFAULT]
        self.backend = "|".join(self.portfolio) if self.portfolio else ",".join(self.backends)
        if self.split:
            self.backend = f"split:{self.split}"
        self.timeout = timeout  # for the whole route: every engine call gets what is left of it
        self._deadline = None if timeout is None else time.perf_counter() + timeout
        self.stats = {"qbf_calls": 0, "qbf_seconds": 0.0, "max_variables": 0, "max_clauses": 0}
        for engine in self.portfolio or ([self.split] if self.split else self.backends):
            qb.warm(engine)  # a missing engine is reported before any encoding work (and its extras)

    def left(self) -> float | None:
        """Seconds left of the route's ``timeout`` (None: no limit); :class:`Undecided` once it is
        spent, so iterative deepening and certificate extraction stay within one limit."""
        if self._deadline is None:
            return None
        left = self._deadline - time.perf_counter()
        if left <= 0:
            raise Undecided(f"QBF route undecided within {self.timeout:g} s")
        return left

    def ask(self, encoding: enc.GameEncoding, model: bool = False) -> qb.QBFAnswer | bool:
        if encoding.trivial is not None:
            return encoding.trivial
        f = encoding.formula
        st = self.stats
        st["qbf_calls"] += 1
        st["max_variables"] = max(st["max_variables"], f.nvars)
        st["max_clauses"] = max(st["max_clauses"], len(f.clauses))
        if self.portfolio:
            from ..encode.qbf.portfolio import race
            ans = race(f, self.portfolio, self.left(), model)
            st["qbf_seconds"] = round(st["qbf_seconds"] + ans.seconds, 6)
            wins = st.setdefault("portfolio_wins", {})
            wins[ans.backend] = wins.get(ans.backend, 0) + 1
            return ans
        if len(self.backends) > 1:
            answers = qb.cross_check(f, self.backends, self.left())
            ans = answers[0]
            st["qbf_seconds"] = round(st["qbf_seconds"] + sum(a.seconds for a in answers), 6)
            if model:  # a model from an engine that gives one
                for b in self.backends:
                    if qb.gives_models(b):
                        return qb.solve_prenex(f, b, self.left(), model=True)
            return ans
        ans = qb.solve_prenex(f, self.backends[0], self.left(), model=model)
        st["qbf_seconds"] = round(st["qbf_seconds"] + ans.seconds, 6)
        return ans

    def holds(self, encoding: enc.GameEncoding) -> bool:
        a = self.ask(encoding)
        return a if isinstance(a, bool) else a.value

    # -- .pg questions ---------------------------------------------------------------------------
    def encode(self, game: pg.PositionalGame, colour: str, goal: str, state) -> enc.GameEncoding:
        from ..encode.qbf.encodings import encode
        return encode(game, colour, goal, state, self.encoding)

    def can_force(self, game: pg.PositionalGame, colour: str, goal: str, state) -> bool:
        if self.split:
            return self.decide_split(game, colour, goal, state).value
        return self.holds(self.encode(game, colour, goal, state))

    def decide_split(self, game: pg.PositionalGame, colour: str, goal: str, state):
        """The question decided by cube-and-conquer (:mod:`verify.solvers.qbf_split`)."""
        from .qbf_split import SplitSolver
        solver = self._splitters.get(game)
        if solver is None:
            solver = self._splitters[game] = SplitSolver(game, self.split, self.encoding)
        ans = solver.decide(colour, goal, state, timeout=self.left())
        st = self.stats
        st["qbf_calls"] += ans.stats["leaves"]
        st["qbf_seconds"] = round(st["qbf_seconds"] + ans.stats["wall"], 6)
        for k in ("splits", "engine_cpu"):
            st[f"split_{k}"] = round(st.get(f"split_{k}", 0) + ans.stats[k], 3)
        return ans

    def choose(self, game: pg.PositionalGame, colour: str, winner: str, state) -> int:
        """A move for ``colour`` (to move at ``state``) keeping its claim (win if it is the
        winner, not-lose for a draw)."""
        goal = "win" if colour == winner else "not-lose"
        b, w = state
        if self.split:
            move = self.decide_split(game, colour, goal, state).move
            if move is not None and move & game.legal_moves(b, w):
                return move
        e = self.encode(game, colour, goal, state)
        a = self.ask(e, model=True)
        if not isinstance(a, bool) and a.model is not None and e.move_vars:
            cell = e.decode_move(a.model)
            if cell is not None and (1 << cell) & game.legal_moves(b, w):
                return 1 << cell
        legal = game.legal_moves(b, w)
        order = [1 << c for c in e.cells if legal >> c & 1] + [1 << i for i in bits(legal & ~sum(1 << c for c in e.cells))]
        for cell in order:
            nxt = game.play(b, w, cell)
            if self.can_force(game, colour, goal, nxt):
                return cell
        raise MethodError(f"the QBF route found no {goal} move for {colour} at a position it claimed")

    # -- Maker-Breaker questions -----------------------------------------------------------------
    def maker_move(self, game: mb.MakerBreakerGame, winner: str, res) -> int:
        """The winner's move at residual ``res`` (winner to move), from the QBF route: Maker's
        move of a shallowest win, Breaker's move keeping Maker from ever completing an edge."""
        live = mb.live_vertices(res)
        opp = mb.other(winner)
        depth = None
        if winner == mb.MAKER:  # the shallowest win first: small depths are cheap
            for depth in range(max(1, min(e.bit_count() for e in res)), (live.bit_count() + 1) // 2 + 1):
                e = encode_mb(game, depth, winner, residual=res, to_move=winner,
                                             encoding=self.encoding)
                a = self.ask(e, model=True)
                if a is True or (not isinstance(a, bool) and a.value):
                    break
        else:
            e = encode_mb(game, None, winner, residual=res, to_move=winner,
                                            encoding=self.encoding)
            a = self.ask(e, model=True)
        if not isinstance(a, bool) and a.model is not None and e.move_vars:
            cell = e.decode_move(a.model)
            if cell is not None and (1 << cell) & live:
                return 1 << cell
        rest = None if depth is None else depth - 1
        for i in bits(live):
            v = 1 << i
            q = encode_mb(game, rest, winner, residual=mb.claims(res, winner, v),
                                         to_move=opp, encoding=self.encoding)
            if self.holds(q):
                return v
        if winner == mb.BREAKER and live:
            return live & -live  # every reply wins (Maker cannot win at all here)
        raise MethodError("the QBF route found no winning move at a position it claimed won")


def solve_maker_breaker_qbf(game: mb.MakerBreakerGame, certificate: bool = False,
                            backend: str | None = None, rounds: int | None = None,
                            timeout: float | None = None, encoding: str | None = None,
                            symmetry: bool = True) -> Outcome:
    """Winner (and Maker's minimum number of rounds) by QBF iterative deepening; a biased game (a
    :class:`~verify.games.conventions.ConventionGame`) by :func:`solve_convention_qbf`."""
    if isinstance(game, cv.ConventionGame):
        if rounds is not None:
            raise MethodError("--rounds is for the unbiased maker-breaker game; drop it with --bias")
        return solve_convention_qbf(game, certificate, backend, timeout, encoding, symmetry)
    route = QBFRoute(backend, timeout, encoding, symmetry, game)
    res = game.start_residual()
    over = mb.winner_if_over(res)
    free = game.free_mask().bit_count()
    full = enc.maker_rounds_bound(free, game.first)
    bound = full if rounds is None else min(rounds, full)
    winner, found = mb.BREAKER, None
    if over == mb.MAKER:
        winner, found = mb.MAKER, 0
    elif over is None:
        low = max(1, min(e.bit_count() for e in res))
        for d in range(low, bound + 1):
            if route.holds(encode_mb(game, d, encoding=route.encoding)):
                winner, found = mb.MAKER, d
                break
    bounded = winner == mb.BREAKER and bound < full and over is None
    stats = {"backend": route.backend, "encoding": route.encoding, **route.stats, "deepest": bound}
    if rounds is None:
        out = Outcome(game="maker-breaker", method="qbf", winner=winner, first=game.first,
                      rounds=found if winner == mb.MAKER else None, stats=stats)
    else:  # the bounded question: its answer, and a winner only when it decides the whole game
        out = BoundedOutcome(game="maker-breaker", method="qbf", winner=None if bounded else winner,
                             first=game.first, rounds=found, stats=stats, bound=rounds,
                             answer="yes" if winner == mb.MAKER else "no")
    if certificate:
        if rounds is not None and winner == mb.BREAKER:  # a strategy certifies a bound for Maker only
            raise MethodError("a bounded-rounds Breaker answer has no strategy certificate; drop --rounds "
                              "or certify it with --method search")
        from ..certificates.strategy import strategy_certificate
        out.certificate = strategy_certificate(game, winner, lambda r: route.maker_move(game, winner, r),
                                               rounds if isinstance(out, BoundedOutcome) else None)
        out.stats.update(route.stats)
        out.stats["certificate_states"] = len(out.certificate["strategy"])
    return out


register("maker-breaker", "qbf")(solve_maker_breaker_qbf)


# -- the general positional game --------------------------------------------------------------------

class ConventionQBF(Positions):
    """The value oracle of the general positional game (paper 004 Def I.1.8, the rules of
    :mod:`verify.games.conventions`) by QBF questions: ``value(alice, bob, alice_to_move, left)`` as the
    explicit reference's (+1 Alice wins, 0 draw, -1 Bob wins), from the state's questions

    - Maker-Breaker, Maker-Maker: the ``.pg`` game of the state (:func:`verify.encode.qbf.game.convention_pg`,
      the schedule of the bias, any encoding of :mod:`verify.encode.qbf.encodings`): "can black
      (Alice) win?", then in Maker-Maker "can white (Bob) win?"; neither is a draw;
    - Avoider-Enforcer: "can Avoider keep from completing an edge?" (Avoider's side,
      :func:`verify.encode.qbf.game.avoidance_question`, one-hot; on the triangle game of K_5 at (1:1),
      (1:2), (2:1), both starters, DepQBF took 19 s on these and 36 s on the dual questions "can
      Enforcer make Avoider complete one?", 14 s against 22 s at worst);
    - Avoider-Avoider: "can Alice win (Bob completes first)?", then "can Bob win?"; neither is a draw.

    Values are memoised; :class:`Positions` gives the start, the claims and the winner's claim, so the
    reference's certificate builder walks the winner's table with the QBF route as its oracle."""

    def __init__(self, game: cv.ConventionGame, route: QBFRoute):
        self.game, self.route = game, route
        self.convention = game.convention
        self.edges = tuple(game.board.edge_masks)
        self.full = game.board.full_mask
        self.p, self.q = game.bias
        self.memo: dict = {}

    def can_force(self, alice: int, bob: int, alice_to_move: bool, left: int, asker_alice: bool,
                  goal: str = "win") -> bool:
        """Whether the asker (Alice or Bob) can force ``goal`` from the state (not decided yet)."""
        if self.convention in (cv.MAKER_BREAKER, cv.MAKER_MAKER):
            game = enc.convention_pg(self.game, alice, bob, alice_to_move, left)
            return self.route.can_force(game, pg.BLACK if asker_alice else pg.WHITE, goal, None)
        q = enc.avoidance_question(self.game, alice, bob, alice_to_move, left, asker_alice, goal)
        if "+sym" in self.route.encoding:
            from ..encode.qbf.symmetry import break_opening_symmetry
            q = break_opening_symmetry(q)
        return self.route.holds(enc.encode_avoidance(q))

    def value(self, alice: int, bob: int, alice_to_move: bool, left: int) -> int:
        key = (alice, bob, alice_to_move, left)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        ask = functools.partial(self.can_force, alice, bob, alice_to_move, left)
        if self.convention == cv.MAKER_BREAKER:
            val = cv.ALICE_WINS if ask(True) else cv.BOB_WINS
        elif self.convention == cv.AVOIDER_ENFORCER:
            val = cv.ALICE_WINS if ask(True, "not-lose") else cv.BOB_WINS
        else:
            val = cv.ALICE_WINS if ask(True) else cv.BOB_WINS if ask(False) else cv.DRAW
        self.memo[key] = val
        return val


def solve_convention_qbf(game: cv.ConventionGame, certificate: bool = False, backend: str | None = None,
                         timeout: float | None = None, encoding: str | None = None,
                         symmetry: bool = True) -> cv.ConventionOutcome:
    """Who wins ``game`` (any convention, bias, starter, marked start) by the QBF questions of
    :class:`ConventionQBF`: one question (Maker-Breaker, Avoider-Enforcer) or two (the strong games:
    can the first player force a win? can the second?). With ``certificate``, the ``positional-strategy``
    certificate built by the reference's builder with the QBF route as its oracle, checked by the
    kernel like every certificate. The avoidance questions have only the one-hot encoding (``onehot``,
    ``onehot+sym``); another ``--encoding``, or the cube-and-conquer ``split:`` backend (written for
    ``.pg`` questions), is refused for them."""
    from .explicit_conventions import strategy_certificate
    avoid = game.convention in (cv.AVOIDER_ENFORCER, cv.AVOIDER_AVOIDER)
    if avoid:
        if encoding is not None and encoding.partition("+")[0] != "onehot":
            raise MethodError(f"the {game.convention} questions have only the onehot QBF encoding, not {encoding!r}")
        encoding = "onehot"
    route = QBFRoute(backend, timeout, encoding, symmetry, game if game.board.n else None)  # (no family of no board)
    if avoid and route.split:
        raise MethodError(f"the {game.convention} questions cannot be split (split: is for .pg questions)")
    oracle = ConventionQBF(game, route)
    value = oracle.start(game.alice_mask, game.bob_mask, game.alice_first)
    winner = cv.winner_word(game.convention, value)
    out = cv.ConventionOutcome(game=game.convention, method="qbf", winner=winner,
                               first=None if game.convention in cv.STRONG else game.first,
                               stats={"backend": route.backend, "encoding": route.encoding, **route.stats})
    if certificate:
        out.certificate = strategy_certificate(game, oracle, winner)
        out.stats.update(route.stats)
        out.stats["certificate_entries"] = sum(map(len, out.certificate["strategies"].values()))
    return out


def _solve_qbf(game: cv.ConventionGame, certificate: bool = False, backend: str | None = None,
               timeout: float | None = None, encoding: str | None = None, symmetry: bool = True):
    """Method ``qbf`` for Avoider-Enforcer, Maker-Maker and Avoider-Avoider (any bias)."""
    return solve_convention_qbf(game, certificate, backend, timeout, encoding, symmetry)


for _convention in cv.NEW_CONVENTIONS:
    register(_convention, "qbf")(_solve_qbf)
