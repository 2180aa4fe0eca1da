"""The corrective QBF encoding with binary (logarithmic) move variables (encoding ``binary``).

Source: Mayer-Eichberger and Saffidine, "Positional games and QBF: the corrective encoding"
(SAT 2020, arXiv:2005.05098): each move is a ⌈log2 n⌉-bit code of one of the n relevant cells, for
both players, and a universal move that is not legal is *corrected* instead of being made a loss.
Here the correction is the pass: a code naming no relevant cell, an occupied cell or (at time 0) a
cell outside ``#firstmoves`` claims nothing. A pass never helps the player who makes it in a
positional game where the first to complete a set wins (the extra-stone argument: a player with an
extra stone can ignore it), so the QBF is true iff E can force the goal in the real game. The same
holds for E, so E's move is also a pass unless its "names cell c" variable is set, which is only
allowed for a free cell: no at-most-one, no legality flags, no ``ill`` chain.

Variables (question and cells from :func:`verify.encode.qbf.game.game_question`):

- ``bit[t,j]``: bit j of the code played at time t (∃ at E's times, ∀ at U's);
- ``eq[t,c]``: the code at t names cell c, one direction only: E's ``eq → bits`` (E claims c only
  by naming it), U's ``bits → eq`` (every cell U names counts against E);
- legality of E's claims: ``¬eqE[t,c] ∨ ¬eqU[s,c]`` for U's times s < t (or against the time-indexed
  U ownership when both players have sets).

Goals, by who holds live sets:

- only E (Maker wins): ``own[c] → ∨_t eqE[t,c]``, ``w[i] → own[c]`` (c ∈ set i), ``∨_i w[i]``:
  only the final board matters in a Maker-Breaker game;
- only U (E prevents): ``nown[c] → ¬eqU[s,c] ∨ ∨_{t<s} eqE[t,c]`` for U's times s, and every U set
  has a cell with ``nown``;
- both (Maker-Maker): ownership per time point (E's ``→``, U's ``←`` only), "E completes at t before
  U" for win, "whenever U has completed, E completed earlier" for not-lose, as in
  :mod:`verify.encode.qbf.game`.

A goal that does not list sets (implicit goals, :mod:`verify.encode.qbf.implicit`) plugs in through
``goal_builder``.
"""
from __future__ import annotations

from .game import GameEncoding, GameQuestion, PrenexCNF, game_question
from ...hypergraph import bits


class BinaryMoves:
    """The move blocks of a question: bits per time point and the ``eq`` variables over them."""

    def __init__(self, f: PrenexCNF, q: GameQuestion):
        self.f, self.q = f, q
        n = len(q.cells)
        self.n = n
        self.k = max(1, (n - 1).bit_length())
        self.bits: list[list[int]] = []
        for t, who in enumerate(q.sched):
            vs = [f.new(f"bit[{t},{j}]") for j in range(self.k)]
            self.bits.append(vs)
            f.quantify("e" if who == "E" else "a", vs)
        self.aux_start = f.nvars + 1
        self.eq: list[dict[int, int]] = []  # per time: cell code -> eq variable
        for t, who in enumerate(q.sched):
            row = {}
            for c in range(n):
                if t == 0 and q.first is not None and not q.first >> c & 1:
                    continue  # outside #firstmoves: a pass
                v = f.new(f"eq[{t},{q.cells[c]}]")
                lits = [b if c >> j & 1 else -b for j, b in enumerate(self.bits[t])]
                if who == "E":
                    for lit in lits:
                        f.add(-v, lit)
                else:
                    f.add(v, *[-lit for lit in lits])
                row[c] = v
            self.eq.append(row)
        self.e_times = [t for t, w in enumerate(q.sched) if w == "E"]
        self.u_times = [t for t, w in enumerate(q.sched) if w == "U"]

    def names(self, t: int, c: int) -> int | None:
        return self.eq[t].get(c)

    def e_claims_before(self, s: int, c: int) -> list[int]:
        return [self.eq[t][c] for t in self.e_times if t < s and c in self.eq[t]]

    def forbid_e_on_u_claims(self):
        """E never names a cell U named earlier (final-board goals)."""
        for t in self.e_times:
            for c, v in self.eq[t].items():
                for s in self.u_times:
                    if s < t and c in self.eq[s]:
                        self.f.add(-v, -self.eq[s][c])

    def final_e_owner(self, c: int, name: str = "own") -> int | None:
        """A variable implying that E names c at some time (None if E never can)."""
        claims = [self.eq[t][c] for t in self.e_times if c in self.eq[t]]
        if not claims:
            return None
        o = self.f.new(f"{name}[{self.q.cells[c]}]")
        self.f.add(-o, *claims)
        return o

    def final_u_owner(self, c: int) -> int | None:
        """A variable implied by U owning c at the end (None if U never can)."""
        times = [s for s in self.u_times if c in self.eq[s]]
        if not times:
            return None
        o = self.f.new(f"uown[{self.q.cells[c]}]")
        for s in times:
            self.f.add(o, -self.eq[s][c], *self.e_claims_before(s, c))
        return o

    def encoding(self) -> GameEncoding:
        """Close the formula: every auxiliary variable a goal did not quantify is innermost ∃."""
        done = {v for _, vs in self.f.prefix for v in vs}
        self.f.quantify("e", [v for v in range(self.aux_start, self.f.nvars + 1) if v not in done])
        return GameEncoding(self.f, self.q.cells, self.bits, self.q.sched, binary=True)


def encode_binary(q: GameQuestion, goal_builder=None) -> GameEncoding:
    """The binary corrective encoding of a question (see the module docstring). ``goal_builder(m)``
    (m: :class:`BinaryMoves`) may state the goal instead of the listed sets; it is used only for
    final-board goals (one side without sets) and must return True when it did."""
    f = PrenexCNF()
    f.comments.append(f"binary encoding: {len(q.cells)} cells, {len(q.sched)} time points "
                      f"({''.join(q.sched)}), {len(q.e_sets)} E sets, {len(q.u_sets)} U sets, goal {q.goal}")
    if q.goal == "win" and not q.e_sets:
        return _const(False)
    if q.goal == "not-lose" and not q.u_sets:
        return _const(True)
    m = BinaryMoves(f, q)
    if q.goal == "win" and not q.u_sets:
        m.forbid_e_on_u_claims()
        if not (goal_builder and goal_builder(m)):
            _e_completes_at_end(m)
    elif not q.e_sets:  # not-lose, E has nothing to complete: U must not complete a set
        m.forbid_e_on_u_claims()
        if not (goal_builder and goal_builder(m)):
            _u_never_completes(m)
    else:
        _timed(m)
    return m.encoding()


def _const(value: bool) -> GameEncoding:
    from .game import constant
    return GameEncoding(constant(value), [], [], [], trivial=value)


def _e_completes_at_end(m: BinaryMoves):
    own: dict[int, int | None] = {}
    for s in m.q.e_sets:
        for c in bits(s):
            if c not in own:
                own[c] = m.final_e_owner(c)
    ws = _set_witnesses(m.f, m.q.e_sets, own, "set")
    m.f.add(*(ws or [false_var(m.f)]))


def _set_witnesses(f, sets, own, name: str) -> list[int]:
    """One variable per set all of whose cells have an ownership variable, implying them all."""
    ws = []
    for i, s in enumerate(sets):
        cs = list(bits(s))
        if any(own[c] is None for c in cs):
            continue
        w = f.new(f"{name}[{i}]")
        for c in cs:
            f.add(-w, own[c])
        ws.append(w)
    return ws


def false_var(f) -> int:
    """A fresh variable forced false (to state an unsatisfiable goal clause)."""
    x = f.new("false")
    f.add(-x)
    return x


def _u_never_completes(m: BinaryMoves):
    f = m.f
    nown: dict[int, int | None] = {}
    for s in m.q.u_sets:
        lits = []
        for c in bits(s):
            if c not in nown:
                times = [t for t in m.u_times if c in m.eq[t]]
                if not times:
                    nown[c] = None  # U can never hold c: the set is dead
                else:
                    v = f.new(f"nown[{m.q.cells[c]}]")
                    for t in times:
                        f.add(-v, -m.eq[t][c], *m.e_claims_before(t, c))
                    nown[c] = v
            if nown[c] is None:
                lits = None
                break
            lits.append(nown[c])
        if lits is not None:
            f.add(*lits)


def _timed(m: BinaryMoves):
    """Both players hold sets: ownership per time point, first completion wins."""
    f, q = m.f, m.q
    n = m.n
    own_e: list[int | None] = [None] * n  # latest E ownership variable (→ direction)
    own_u: list[int | None] = [None] * n  # latest U ownership variable (← direction)
    ecomp_at: list[int | None] = []
    ucomp_at: list[int | None] = []
    for t, who in enumerate(q.sched):
        if who == "E":
            new = []
            for c in range(n):
                v = m.eq[t].get(c)
                if v is not None and own_u[c] is not None:
                    f.add(-v, -own_u[c])  # E claims only free cells
                causes = [x for x in (own_e[c], v) if x is not None]
                if not causes:
                    new.append(None)
                    continue
                o = f.new(f"E[{t},{q.cells[c]}]")
                f.add(-o, *causes)
                new.append(o)
            own_e = new
            ecomp_at.append(_comp_pos(f, q.e_sets, own_e, t))
            ucomp_at.append(ucomp_at[-1] if ucomp_at else None)
        else:
            new = []
            for c in range(n):
                v = m.eq[t].get(c)
                if v is None and own_u[c] is None:
                    new.append(None)
                    continue
                o = f.new(f"U[{t},{q.cells[c]}]")
                if own_u[c] is not None:
                    f.add(o, -own_u[c])
                if v is not None:
                    f.add(o, -v, *([own_e[c]] if own_e[c] is not None else []))
                new.append(o)
            own_u = new
            ucomp_at.append(_comp_neg(f, q.u_sets, own_u, t))
            ecomp_at.append(ecomp_at[-1] if ecomp_at else None)
    if q.goal == "win":
        ds = []
        for t in m.e_times:
            if ecomp_at[t] is None:
                continue
            d = f.new(f"first[{t}]")
            f.add(-d, ecomp_at[t])
            if ucomp_at[t] is not None:
                f.add(-d, -ucomp_at[t])
            ds.append(d)
        f.add(*(ds or [false_var(f)]))
    else:
        for t in m.u_times:
            if ucomp_at[t] is not None:
                f.add(-ucomp_at[t], *([ecomp_at[t]] if ecomp_at[t] is not None else []))


def _comp_pos(f, sets, own, t) -> int | None:
    """A variable implying that E holds a whole set at t (None if no set can be whole yet)."""
    ws = _set_witnesses(f, sets, own, f"Eset[{t}]")
    if not ws:
        return None
    comp = f.new(f"Ecomp[{t}]")
    f.add(-comp, *ws)
    return comp


def _comp_neg(f, sets, own, t) -> int | None:
    """A variable implied by U holding a whole set at t (None if no set can be whole yet)."""
    comp = None
    for s in sets:
        cs = list(bits(s))
        if any(own[c] is None for c in cs):
            continue
        if comp is None:
            comp = f.new(f"Ucomp[{t}]")
        f.add(comp, *[-own[c] for c in cs])
    return comp


def encode_game_binary(game, player: str, goal: str = "win", state=None) -> GameEncoding:
    """:func:`verify.encode.qbf.game.encode_game` with the binary corrective encoding."""
    q = game_question(game, player, goal, state)
    return q if isinstance(q, GameEncoding) else encode_binary(q)
