"""QBF encodings of positional games: "can player E force goal G?" as a prenex CNF.

The game is any :class:`verify.games.positional.PositionalGame` (the ``.pg`` rules: a move schedule,
black and white winning sets, first to complete a set wins); the Maker-Breaker game "Maker wins
within d rounds" is the special case built by :func:`encode_maker_breaker` (black = Maker, no white
sets, d black moves in the alternating schedule). Question ``(E, goal)``:

- ``goal="win"``: E completes one of E's sets before U (the opponent) completes one of U's;
- ``goal="not-lose"``: U does not complete a set before E does (E wins or the game is drawn).

Prefix: one block of one-hot move variables ``move[t,c]`` per time point over the n relevant cells,
existential at E's time points and universal at U's (consecutive blocks merged), then every
auxiliary variable innermost existential. Matrix (Tseitin, both directions unless said):
ownership ``e[t,c] = e[t-1,c] ∨ move[t,c]`` at E's times and ``u[t,c] = u[t-1,c] ∨ move[t,c]`` at
U's; E claims at most one free cell per time point (hard clauses; passing never helps E).

Illegal universal moves (corrective treatment, as in the corrective encoding of arXiv:2005.05098):
a U assignment naming two cells at once, an occupied cell, or at time 0 a cell outside
``#firstmoves`` is *illegal*, and U loses at that moment; naming no cell is a pass (never helps
U). The flag ``ill[t]`` (one direction: ill → some illegal move so far) records it. Then E achieves

- win:       ∨_t (ecomp[t] ∧ ¬ucomp[t]) ∨ ∨_t (ill[t] ∧ ¬ucomp[t-1])
             (only ecomp[T] ∨ ill[T] when U has no sets)
- not-lose:  ∧_t ( ¬ucomp[t] ∨ ecomp[t] ∨ ill[t] )

where ecomp/ucomp say that E/U hold a whole set after time t (each implied in the polarity used).
The QBF is true iff E can force G, since every universal assignment is either a legal play (played
out exactly) or contains a first illegal U move, after which E is declared the winner (unless U had
already won). Only cells on a live set are encoded (a move elsewhere changes nothing, and having a
stone never hurts a player of a positional game); the schedule is cut to the number of such cells.

The general positional game (paper 004 Def I.1.8, the four conventions of
:mod:`verify.games.conventions`, any bias, either starter, marked start). Maker-Breaker and
Maker-Maker *are* ``.pg`` games once the bias is written as a schedule (:func:`claim_schedule`: strict
turns of p and q claims, the final turn cut short), so :func:`convention_pg` writes them as such and
every encoding of :mod:`verify.encode.qbf.encodings` answers them. Avoider-Enforcer and
Avoider-Avoider are not (completing an own set *loses*, and passing or claiming a dead cell is a real
move for an avoider): :func:`avoidance_question` asks them in this module's one-hot encoding with
``avoid`` set, which changes three things: every free cell is encoded and every claim is strict (E
claims exactly one free cell until U has moved illegally; a U assignment naming no cell is illegal as
well), E's completions are used negatively and U's positively, and the goal is

- win:       ∨_t (ucomp[t] ∧ ¬ecomp[t]) ∨ ∨_t (ill[t] ∧ ¬ecomp[t-1])   (only ucomp[T] ∨ ill[T] when
             E has no sets: Enforcer asking in Avoider-Enforcer)
- not-lose:  ∧_t ( ¬ecomp[t] ∨ ucomp[t] ∨ ill[t] ).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...errors import InputError
from ...games import positional as pg
from ...hypergraph import bits, minimal_masks

GOALS = ("win", "not-lose")


@dataclass
class PrenexCNF:
    """A closed prenex CNF: ``prefix`` is a list of ('e'|'a', [vars]) outermost first; every
    variable 1..nvars is quantified exactly once. ``names`` documents some variables."""
    nvars: int = 0
    prefix: list[tuple[str, list[int]]] = field(default_factory=list)
    clauses: list[list[int]] = field(default_factory=list)
    names: dict[int, str] = field(default_factory=dict)
    comments: list[str] = field(default_factory=list)

    def new(self, name: str | None = None) -> int:
        self.nvars += 1
        if name is not None:
            self.names[self.nvars] = name
        return self.nvars

    def add(self, *lits: int):
        self.clauses.append(list(lits))

    def quantify(self, q: str, vs: list[int]):
        if not vs:
            return
        if self.prefix and self.prefix[-1][0] == q:
            self.prefix[-1][1].extend(vs)
        else:
            self.prefix.append((q, list(vs)))

    @property
    def size(self) -> dict:
        return {"variables": self.nvars, "clauses": len(self.clauses),
                "blocks": len(self.prefix), "literals": sum(len(c) for c in self.clauses)}

    def check_closed(self):
        seen: set[int] = set()
        for q, vs in self.prefix:
            if q not in ("e", "a"):
                raise InputError(f"bad quantifier {q!r}")
            for v in vs:
                if v in seen or not 1 <= v <= self.nvars:
                    raise InputError(f"variable {v} quantified twice or out of range")
                seen.add(v)
        if len(seen) != self.nvars:
            raise InputError("some variable is not quantified")
        for c in self.clauses:
            for lit in c:
                if lit == 0 or abs(lit) > self.nvars:
                    raise InputError(f"literal {lit} out of range")


def constant(value: bool) -> PrenexCNF:
    """A closed QBF with the given truth value (∃x. x, or ∃x. x ∧ ¬x)."""
    f = PrenexCNF()
    x = f.new("const")
    f.quantify("e", [x])
    f.add(x)
    if not value:
        f.add(-x)
    return f


@dataclass
class GameEncoding:
    """An encoded question with what is needed to read a move off the outermost block."""
    formula: PrenexCNF
    cells: list[int]  # position index of each encoded cell (code c names cells[c])
    move_vars: list[list[int]]  # per time point, its one-hot move variables (one per cell)
    schedule: list[str]  # 'E' or 'U' per time point
    trivial: bool | None = None  # set when the answer is known without solving
    binary: bool = False  # move_vars[t] are the bits of a code (bit j = 2**j) instead of one-hot

    def decode_move(self, assignment: dict[int, bool], t: int = 0) -> int | None:
        """The position index E plays at time ``t`` under an assignment of its move bits."""
        if self.binary:
            code = sum(1 << j for j, v in enumerate(self.move_vars[t]) if assignment.get(v))
            return self.cells[code] if code < len(self.cells) else None
        chosen = [c for c, v in enumerate(self.move_vars[t]) if assignment.get(v)]
        return self.cells[chosen[0]] if len(chosen) == 1 else None


@dataclass
class GameQuestion:
    """What every encoding needs: the relevant cells (free cells on a live set; code c names the
    position ``cells[c]``), E's and U's live sets over those codes, the schedule ('E'/'U' per time
    point, cut to the number of cells), the codes allowed at time 0 (None = all), the goal, and
    the position it is asked from."""
    game: pg.PositionalGame
    player: str
    cells: list[int]
    e_sets: list[int]
    u_sets: list[int]
    sched: list[str]
    first: int | None
    goal: str
    state: tuple[int, int]
    avoid: bool = False  # the avoidance rules of :func:`avoidance_question` (one-hot only)


def game_question(game: pg.PositionalGame, player: str, goal: str = "win",
                  state: tuple[int, int] | None = None) -> GameQuestion | GameEncoding:
    """The question "from ``state`` (default: the start), can ``player`` ('black'/'white') force
    ``goal``?" reduced to its live part, or a trivial GameEncoding when the answer is known."""
    if player not in pg.COLOURS:
        raise InputError(f"player must be black or white, not {player!r}")
    if goal not in GOALS:
        raise InputError(f"goal must be one of {', '.join(GOALS)}")
    if goal == "win" and player == pg.WHITE and not game.maker_maker:
        goal = "not-lose"  # Maker-Breaker: white wins iff black does not complete a set
    black, white = game.start() if state is None else state
    over = game.winner_if_over(black, white)
    if over is not None:
        value = over == player if goal == "win" else over != pg.other(player)
        return GameEncoding(constant(value), [], [], [], trivial=value)
    t0 = game.time_of(black, white)
    sched = game.schedule()[t0:]
    rest = game.schedule()[t0:]
    e_sets = [s for s in game.live_sets(player, black, white) if s.bit_count() <= rest.count(player)]
    u_sets = [s for s in game.live_sets(pg.other(player), black, white)
              if s.bit_count() <= rest.count(pg.other(player))]
    first = game.first_moves if t0 == 0 else None
    live = 0
    for s in e_sets + u_sets:
        live |= s
    if first is not None:
        live |= first & game.full_mask & ~black & ~white
    cells = list(bits(live))
    sched = ["E" if c == player else "U" for c in sched[:len(cells)]]
    if not cells or not sched:
        value = goal == "not-lose" and not any(s == 0 for s in u_sets)
        return GameEncoding(constant(value), cells, [], sched, trivial=value)
    return GameQuestion(game, player, cells, [_remap(s, cells) for s in e_sets],
                        [_remap(s, cells) for s in u_sets], sched,
                        None if first is None else _remap(first & live, cells), goal, (black, white))


def encode_game(game: pg.PositionalGame, player: str, goal: str = "win",
                state: tuple[int, int] | None = None) -> GameEncoding:
    """Encode "from ``state`` (default: the start), can ``player`` ('black'/'white') force
    ``goal``?" for the .pg game (see the module docstring for the encoding)."""
    q = game_question(game, player, goal, state)
    if isinstance(q, GameEncoding):
        return q
    return _encode(q.cells, q.e_sets, q.u_sets, q.sched, q.first, q.goal)


def _remap(mask: int, cells: list[int]) -> int:
    return sum(1 << c for c, p in enumerate(cells) if mask >> p & 1)


def _encode(cells, e_sets, u_sets, sched, first, goal, avoid: bool = False) -> GameEncoding:
    """The one-hot encoding of the module docstring; ``avoid``: the avoidance rules of
    :func:`avoidance_question` (strict claims, completing an own set loses)."""
    n = len(cells)
    f = PrenexCNF()
    f.comments.append(f"{n} cells, {len(sched)} time points ({''.join(sched)}), "
                      f"{len(e_sets)} E sets, {len(u_sets)} U sets, goal {goal}"
                      + (", avoidance" if avoid else ""))
    move_vars = []
    for t, who in enumerate(sched):
        vs = [f.new(f"move[{t},{cells[c]}]") for c in range(n)]
        move_vars.append(vs)
        f.quantify("e" if who == "E" else "a", vs)
    aux_start = f.nvars + 1
    e_prev = [None] * n  # None = constant false
    u_prev = [None] * n
    ill_prev = None
    ill_at, ecomp_at, ucomp_at = [], [], []
    last_e = max((t for t, who in enumerate(sched) if who == "E"), default=-1)
    for t, who in enumerate(sched):
        mv = move_vars[t]
        allowed = [True] * n if first is None or t > 0 else [bool(first >> c & 1) for c in range(n)]
        if who == "E":
            _at_most_one(f, mv, t)
            if avoid:  # E claims exactly one cell, unless U already moved illegally (then E may pass)
                f.add(*mv, *([ill_prev] if ill_prev is not None else []))
            for c in range(n):
                if not allowed[c]:
                    f.add(-mv[c])
                for prev in (e_prev[c], u_prev[c]):
                    if prev is not None:
                        f.add(-mv[c], -prev)
            e_prev = [_or2(f, f"E[{t},{cells[c]}]", e_prev[c], mv[c]) for c in range(n)]
        else:
            # ill[t] -> ill[t-1] or two cells claimed at once or a claimed cell occupied/forbidden
            ill = f.new(f"ill[{t}]")
            causes = [ill_prev] if ill_prev is not None else []
            causes.append(_two_of(f, mv, t))
            if avoid:  # naming no cell is illegal too (a pass would help an avoider)
                causes.append(_none_of(f, mv, t))
            for c in range(n):
                occ = [p for p in (e_prev[c], u_prev[c]) if p is not None]
                if not allowed[c]:
                    causes.append(mv[c])
                elif occ:
                    p = f.new(f"bad[{t},{cells[c]}]")
                    f.add(-p, mv[c])
                    f.add(-p, *occ)
                    causes.append(p)
            f.add(-ill, *causes)
            ill_prev = ill
            u_prev = [_or2(f, f"U[{t},{cells[c]}]", u_prev[c], mv[c]) for c in range(n)]
        ill_at.append(ill_prev)
        if avoid:
            _avoid_completions(f, e_sets, u_sets, e_prev, u_prev, t, who, sched, ecomp_at, ucomp_at)
            continue
        if who == "E" and (u_sets or t == last_e):
            ecomp_at.append(_comp_pos(f, e_sets, e_prev, t, "E"))
        else:
            ecomp_at.append(ecomp_at[-1] if ecomp_at else None)
        if u_sets and who == "U":
            ucomp_at.append(_comp_neg(f, u_sets, u_prev, t))
        else:
            ucomp_at.append(ucomp_at[-1] if ucomp_at else None)
    if avoid:
        _avoid_goal(f, goal, e_sets, ecomp_at, ucomp_at, ill_at)
    elif goal == "win":
        if not u_sets:
            f.add(*[x for x in (ecomp_at[-1], ill_at[-1]) if x is not None] or [_false(f)])
        else:
            # first[t] -> E completes at t with U not complete, or U's first illegal move at t
            # came before any U completion
            ds = []
            for t in range(len(sched)):
                before = ucomp_at[t - 1] if t > 0 else None
                for good, uc in ((ecomp_at[t], ucomp_at[t]), (ill_at[t], before)):
                    if good is None:
                        continue
                    d = f.new(f"first[{t}]")
                    f.add(-d, good)
                    if uc is not None:
                        f.add(-d, -uc)
                    ds.append(d)
            f.add(*ds) if ds else f.add(_false(f))
    else:
        for t in range(len(sched)):
            if not u_sets or ucomp_at[t] is None:
                continue
            f.add(-ucomp_at[t], *[x for x in (ecomp_at[t], ill_at[t]) if x is not None])
    f.quantify("e", list(range(aux_start, f.nvars + 1)))
    return GameEncoding(f, cells, move_vars, sched)


def _at_most_one(f: PrenexCNF, xs: list[int], t: int):
    """At most one of xs (sequential counter, Sinz 2005)."""
    if len(xs) <= 5:
        for i in range(len(xs)):
            for j in range(i + 1, len(xs)):
                f.add(-xs[i], -xs[j])
        return
    prev = None
    for i, x in enumerate(xs[:-1]):
        s = f.new(f"amo[{t},{i}]")
        f.add(-x, s)
        if prev is not None:
            f.add(-prev, s)
            f.add(-x, -prev)
        prev = s
    f.add(-xs[-1], -prev)


def _two_of(f: PrenexCNF, xs: list[int], t: int) -> int:
    """A variable implying that at least two of xs are true (used positively)."""
    two = f.new(f"excess[{t}]")
    causes = []
    seen = None  # seen -> some earlier x is true
    for i, x in enumerate(xs):
        if seen is not None:
            p = f.new(f"pair[{t},{i}]")
            f.add(-p, x)
            f.add(-p, seen)
            causes.append(p)
        s = f.new(f"seen[{t},{i}]")
        f.add(-s, x, *([seen] if seen is not None else []))
        seen = s
    f.add(-two, *causes) if causes else f.add(-two)
    return two


def _avoid_completions(f, e_sets, u_sets, e_prev, u_prev, t, who, sched, ecomp_at, ucomp_at):
    """Avoidance: completing an own set loses, so ``ecomp[t]`` is implied by E holding a whole set
    (used negatively) and ``ucomp[t]`` implies that U holds one (used positively); each is new at
    its owner's time points (only the mover's holdings change) and carried otherwise. With no E
    sets only U's last time point is needed (holdings only grow)."""
    last_u = max((i for i, w in enumerate(sched) if w == "U"), default=-1)
    if who == "E" and e_sets:
        ecomp_at.append(_comp_neg(f, e_sets, e_prev, t, "E"))
    else:
        ecomp_at.append(ecomp_at[-1] if ecomp_at else None)
    if who == "U" and u_sets and (e_sets or t == last_u):
        ucomp_at.append(_comp_pos(f, u_sets, u_prev, t, "U"))
    else:
        ucomp_at.append(ucomp_at[-1] if ucomp_at else None)


def _avoid_goal(f, goal, e_sets, ecomp_at, ucomp_at, ill_at):
    """The goal clauses of the avoidance rules: E wins iff U completes a set before E does, or U
    moves illegally before E has completed one; E does not lose iff E never completes a set before
    U has completed one or moved illegally. With no E sets (Enforcer asking) E wins iff U holds a
    set at the end or moved illegally."""
    if goal == "win" and not e_sets:
        f.add(*[x for x in (ucomp_at[-1], ill_at[-1]) if x is not None] or [_false(f)])
        return
    seen: set = set()
    ds = []
    for t in range(len(ecomp_at)):
        if goal == "win":
            before = ecomp_at[t - 1] if t > 0 else None
            for good, ec in ((ucomp_at[t], ecomp_at[t]), (ill_at[t], before)):
                if good is None or (good, ec) in seen:
                    continue
                seen.add((good, ec))
                d = f.new(f"first[{t}]")
                f.add(-d, good)
                if ec is not None:
                    f.add(-d, -ec)
                ds.append(d)
        elif ecomp_at[t] is not None:
            clause = (-ecomp_at[t], *[x for x in (ucomp_at[t], ill_at[t]) if x is not None])
            if clause not in seen:
                seen.add(clause)
                f.add(*clause)
    if goal == "win":
        f.add(*ds) if ds else f.add(_false(f))


def _none_of(f: PrenexCNF, xs: list[int], t: int) -> int:
    """A variable implying that none of xs is true (used positively)."""
    z = f.new(f"none[{t}]")
    for x in xs:
        f.add(-z, -x)
    return z


def _false(f: PrenexCNF) -> int:
    """A fresh variable forced false (aux block), to state an unsatisfiable goal clause."""
    x = f.new("false")
    f.add(-x)
    return x


def _or2(f, name, a, b) -> int:
    """A new variable x <-> a ∨ b (a may be None = false)."""
    x = f.new(name)
    if a is None:
        f.add(-x, b)
        f.add(x, -b)
        return x
    f.add(-x, a, b)
    f.add(x, -a)
    f.add(x, -b)
    return x


def _comp_pos(f, sets, own, t, who) -> int | None:
    """A variable implying that ``own`` contains a whole set (None if there are no sets)."""
    if not sets:
        return None
    comp = f.new(f"{who}comp[{t}]")
    ws = []
    for i, s in enumerate(sets):
        if s == 0:
            ws = None
            break
        w = f.new(f"{who}set[{t},{i}]")
        for c in bits(s):
            f.add(-w, own[c])
        ws.append(w)
    if ws is not None:
        f.add(-comp, *ws)
    return comp


def _comp_neg(f, sets, own, t, who="U") -> int:
    """A variable implied by ``own`` containing a whole set (used negatively)."""
    comp = f.new(f"{who}comp[{t}]")
    for s in sets:
        f.add(comp, *[-own[c] for c in bits(s)])
    return comp


# -- Maker-Breaker --------------------------------------------------------------------------------

def maker_breaker_pg(game, rounds: int | None = None) -> pg.PositionalGame:
    """The bounded Maker-Breaker game (Maker = black, at most ``rounds`` Maker moves) of a
    :class:`verify.games.maker_breaker.MakerBreakerGame`, as a .pg game on its live part."""
    return pg.from_maker_breaker(game.board, game.maker_mask, game.breaker_mask, game.first, rounds)


def maker_breaker_question(game, rounds: int | None = None, winner: str = "maker",
                           residual=None, to_move: str | None = None):
    """(.pg game, player, goal) of "Maker wins within ``rounds`` rounds" (``winner='maker'``), or
    "Breaker prevents it" (``winner='breaker'``), from the game's position or from a ``residual``
    family (what Maker still needs on each live edge) with ``to_move`` to play."""
    if residual is not None:
        from ...hypergraph import Hypergraph
        edges = minimal_masks(residual)
        live = 0
        for e in edges:
            live |= e
        board = game.board
        h = Hypergraph.from_masks(board.vertices, edges, 0)
        pgame = pg.from_maker_breaker(h, 0, board.full_mask & ~live, to_move or game.first, rounds)
    else:
        pgame = maker_breaker_pg(game, rounds)
    if winner == "maker":
        return pgame, pg.BLACK, "win"
    return pgame, pg.WHITE, "not-lose"


def encode_maker_breaker(game, rounds: int | None = None, winner: str = "maker",
                         residual=None, to_move: str | None = None) -> GameEncoding:
    """:func:`maker_breaker_question` in this module's one-hot encoding (other encodings:
    :func:`verify.encode.qbf.encodings.encode_maker_breaker`)."""
    return encode_game(*maker_breaker_question(game, rounds, winner, residual, to_move))


def maker_rounds_bound(free: int, first: str) -> int:
    """Maker's moves if the whole board is played: ⌈free/2⌉ moving first, ⌊free/2⌋ second."""
    return (free + 1) // 2 if first == "maker" else free // 2


# -- the general positional game (paper 004 Def I.1.8) ----------------------------------------------

def claim_schedule(free: int, bias: tuple[int, int], alice_to_move: bool, left: int) -> list[bool]:
    """Who claims (True: Alice) at each of the ``free`` claims left, from a state where the mover
    (Alice iff ``alice_to_move``) has ``left`` claims left in the turn: strict turns of p claims for
    Alice and q for Bob, the final turn cut short by the end of the board (paper 004 Def I.1.8; the
    rules of :mod:`verify.games.conventions`)."""
    p, q = bias
    out: list[bool] = []
    alice, turn = alice_to_move, left
    while len(out) < free:
        out.extend([alice] * min(turn, free - len(out)))
        alice = not alice
        turn = p if alice else q
    return out


def convention_pg(game, alice: int, bob: int, alice_to_move: bool, left: int) -> pg.PositionalGame:
    """A Maker-Breaker or Maker-Maker question of the general positional game (a
    :class:`verify.games.conventions.ConventionGame`) from the state (Alice's claims, Bob's claims,
    the mover, claims left in its turn), as the ``.pg`` game that expresses it exactly: black =
    Alice, white = Bob, the stones as initial stones, one time point per claim of
    :func:`claim_schedule`, black's sets the edges (and white's too in Maker-Maker). The ``.pg``
    rules end the game at the claim completing a set of the mover's, in the middle of a turn if need
    be, and score it for the mover: exactly the conventions' choice ("A completion in the middle of a
    turn"); with no ``#whitewins`` Bob's completions mean nothing, as Breaker's. A state decided
    already (:func:`verify.games.conventions.start_value`) is the caller's."""
    from ...games import conventions as cv
    if game.convention not in (cv.MAKER_BREAKER, cv.MAKER_MAKER):
        raise InputError(f"a {game.convention} game is not a .pg game (its goals are avoidance goals)")
    board = game.board
    sched = claim_schedule((board.full_mask & ~alice & ~bob).bit_count(), game.bias, alice_to_move, left)
    times = tuple(f"t{i + 1}" for i in range(len(sched)))
    sets = tuple(dict.fromkeys(board.edge_masks))
    mm = game.convention == cv.MAKER_MAKER
    return pg.PositionalGame(positions=tuple(board.vertices), black_sets=sets, white_sets=sets if mm else (),
                             black_initials=alice, white_initials=bob, times=times,
                             black_turns=frozenset(x for x, a in zip(times, sched) if a), maker_maker=mm)


def avoidance_question(game, alice: int, bob: int, alice_to_move: bool, left: int, asker_alice: bool,
                       goal: str = "win") -> GameQuestion:
    """An Avoider-Enforcer or Avoider-Avoider question from the state (as :func:`convention_pg`):
    "can the asker (E: Alice iff ``asker_alice``) force ``goal``?" where completing an edge of one's
    own color *loses*. Avoider-Avoider: both players' edges count (the first to complete one loses;
    nobody: a draw). Avoider-Enforcer: only Avoider's (Alice's) edges count, Enforcer's completions
    mean nothing, and Enforcer wins iff Avoider completes one; the game ends at that completion, which
    changes nothing in the encoding since Avoider's holdings only grow (the question "does Avoider hold
    an edge at the end?" has the same answer).

    Unlike the ``.pg`` questions every free cell is encoded and the schedule is the whole board: a
    claim on no live edge is a move that matters here (a safe claim for an avoider), and a pass would
    help an avoider, so the encoding (:func:`_encode` with ``avoid``) makes every claim strict: E
    claims exactly one free cell per time point, and a U assignment naming no cell is illegal (U
    loses) like naming two or an occupied one. After U's first illegal move E may pass (the claims
    left may exceed the free cells); E is then declared the winner unless E had already lost. A state
    decided already (:func:`verify.games.conventions.start_value`, a full board) is the caller's."""
    from ...games import conventions as cv
    if game.convention not in (cv.AVOIDER_ENFORCER, cv.AVOIDER_AVOIDER):
        raise InputError(f"a {game.convention} game has no avoidance goal")
    if goal not in GOALS:
        raise InputError(f"goal must be one of {', '.join(GOALS)}")
    board = game.board
    free = board.full_mask & ~alice & ~bob
    cells = list(bits(free))
    sched = ["E" if a == asker_alice else "U"
             for a in claim_schedule(len(cells), game.bias, alice_to_move, left)]

    def live(own, opp, counts):
        return [_remap(s, cells) for s in minimal_masks(e & ~own for e in board.edge_masks if not e & opp)] \
            if counts else []
    alice_sets = live(alice, bob, True)
    bob_sets = live(bob, alice, game.convention == cv.AVOIDER_AVOIDER)
    e_sets, u_sets = (alice_sets, bob_sets) if asker_alice else (bob_sets, alice_sets)
    return GameQuestion(game, "alice" if asker_alice else "bob", cells, e_sets, u_sets, sched, None, goal,
                        (alice, bob), avoid=True)


def encode_avoidance(q: GameQuestion) -> GameEncoding:
    """An :func:`avoidance_question` in the one-hot encoding (the only one with the avoidance rules)."""
    return _encode(q.cells, q.e_sets, q.u_sets, q.sched, q.first, q.goal, avoid=True)
