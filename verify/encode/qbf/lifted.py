"""The lifted (stateless) QBF encoding (encoding ``lifted``): no variable per (time point, cell);
a symbolic cell, quantified after the moves, stands for the whole board.

Source: Shaik, Mayer-Eichberger, van de Pol and Saffidine, "Implicit state and goals in QBF encodings
for positional games" (arXiv:2301.07345; the lifted encoding of Shaik and van de Pol, "Concise QBF
encodings for games on a grid", arXiv:2303.16949, Q-sage): "inspired by lifted planning, [it] avoids
variables for explicit board positions, introducing a universal quantifier representing a symbolic
board state". Our variant, for final-board (Maker-Breaker) questions, keeps the binary move codes of
:mod:`verify.encode.qbf.binary` (n relevant cells, codes of ⌈log2 n⌉ bits, a code ≥ n is a pass) and
states everything by comparing codes:

- legality: E's code at t differs from U's code at every earlier U time s (``¬(code_t = code_s)``,
  unless s = 0 and U's code lies outside ``#firstmoves``, a corrected U pass); E's first move lies in
  ``#firstmoves``. A U code naming an occupied cell is a pass (never helps U), so U's claims need no
  constraint; colliding with a U pass or E's own cell only forbids E a pass, which never helps E;
- E completes a set (only E has sets): ``∃ w ∀ x ∃ m``: a set index w, then for every cell x of set w
  some E time t with ``m[t] → code_t = x`` — ``w = i ∧ x = c → ∨_t m[t]`` for c in set i;
- E keeps U from completing (only U has sets): ``∀ w ∃ x ∃ aux``: for every U set index w a cell x of
  set w that U does not own: for every U time s, ``code_s ≠ x``, or E named x at an earlier time,
  or s = 0 and x is outside ``#firstmoves``.

Size: O(T² log n) for legality and O(Σ|sets| · (log |sets| + log n + T)) for the goal, against the
binary encoding's O(T · n · log n) ``eq`` definitions; the prefix gains one alternation (∃∀∃ or
∀∃). Games where both players hold sets (per-time goals) are left to ``binary``.
"""
from __future__ import annotations

from ...hypergraph import bits
from .game import GameEncoding, GameQuestion, PrenexCNF
from .binary import encode_binary, false_var
from .lines import code_differs, code_vars


def encode_lifted(q: GameQuestion) -> GameEncoding:
    """The lifted encoding of a one-sided question (see the module docstring); else ``binary``."""
    if q.goal == "win" and not q.u_sets and q.e_sets:
        maker = True
    elif q.goal == "not-lose" and not q.e_sets and q.u_sets:
        maker = False
    else:
        return encode_binary(q)
    f = PrenexCNF()
    n = len(q.cells)
    f.comments.append(f"lifted encoding: {n} cells, {len(q.sched)} time points ({''.join(q.sched)}), "
                      f"{len(q.e_sets)} E sets, {len(q.u_sets)} U sets, goal {q.goal}")
    k = max(1, (n - 1).bit_length())
    moves = []
    for t, who in enumerate(q.sched):
        vs = [f.new(f"bit[{t},{j}]") for j in range(k)]
        f.quantify("e" if who == "E" else "a", vs)
        moves.append(vs)
    e_times = [t for t, w in enumerate(q.sched) if w == "E"]
    u_times = [t for t, w in enumerate(q.sched) if w == "U"]
    restricted = q.first is not None
    outside = [c for c in range(1 << k) if restricted and not (c < n and q.first >> c & 1)]
    inside = [c for c in range(n) if restricted and q.first >> c & 1]
    aux: list[int] = []

    def new(name):
        v = f.new(name)
        aux.append(v)
        return v

    # E's first move inside #firstmoves (a code >= n is a pass)
    if restricted and q.sched[0] == "E":
        for c in outside:
            if c < n:
                f.add(*code_differs(moves[0], c))
    u_pass0 = None  # implies U's time-0 code is outside #firstmoves
    if restricted and q.sched[0] == "U":
        u_pass0 = new("upass[0]")
        for c in inside:
            f.add(-u_pass0, *code_differs(moves[0], c))
    for t in e_times:
        for s in u_times:
            if s < t:
                lits = [_differ(f, new, moves[t], moves[s], f"ne[{t},{s}]")]
                if s == 0 and u_pass0 is not None:
                    lits.append(u_pass0)
                f.add(*lits)
    if maker:
        _maker_goal(f, new, q, moves, e_times, k)
    else:
        _breaker_goal(f, new, q, moves, e_times, u_times, k, u_pass0 is not None)
    done = {v for _, vs in f.prefix for v in vs}
    f.quantify("e", [v for v in range(1, f.nvars + 1) if v not in done])
    return GameEncoding(f, q.cells, moves, q.sched, binary=True)


def _differ(f, new, a: list[int], b: list[int], name: str) -> int:
    """A variable implying that the codes a and b differ (d_j → a_j xor b_j)."""
    ne = new(name)
    ds = []
    for j, (x, y) in enumerate(zip(a, b)):
        d = new(f"{name}.{j}")
        f.add(-d, x, y)
        f.add(-d, -x, -y)
        ds.append(d)
    f.add(-ne, *ds)
    return ne


def _equal(f, new, a: list[int], b: list[int], name: str) -> int:
    """A variable implying that the codes a and b are equal."""
    eq = new(name)
    for x, y in zip(a, b):
        f.add(-eq, -x, y)
        f.add(-eq, x, -y)
    return eq


def _maker_goal(f: PrenexCNF, new, q: GameQuestion, moves, e_times, k):
    sets = q.e_sets
    w = code_vars(f, "set", len(sets))
    f.quantify("e", w)
    for i in range(len(sets), 1 << len(w)):
        f.add(*code_differs(w, i))
    x = code_vars(f, "x", 1 << k, "a")
    ms = [_equal(f, new, moves[t], x, f"m[{t}]") for t in e_times]
    if not ms:
        f.add(false_var(f))
        return
    for i, s in enumerate(sets):
        for c in bits(s):
            f.add(*code_differs(w, i), *code_differs(x, c), *ms)


def _breaker_goal(f: PrenexCNF, new, q: GameQuestion, moves, e_times, u_times, k, pass0: bool):
    sets = q.u_sets
    w = code_vars(f, "set", len(sets), "a")
    x = [new(f"x[{j}]") for j in range(k)]
    for i, s in enumerate(sets):  # x is a cell of set w
        sel = []
        for c in bits(s):
            v = new(f"sel[{i},{c}]")
            for lit in code_differs(x, c):
                f.add(-v, -lit)
            sel.append(v)
        f.add(*code_differs(w, i), *sel)
    eqx = {t: _equal(f, new, moves[t], x, f"ex[{t}]") for t in e_times}
    out0 = None
    if pass0:  # x outside #firstmoves
        out0 = new("xout")
        for c in bits(q.first):
            f.add(-out0, *code_differs(x, c))
    for s in u_times:  # U did not claim x at s
        lits = [_differ(f, new, moves[s], x, f"nx[{s}]")]
        lits += [eqx[t] for t in e_times if t < s]
        if s == 0 and out0 is not None:
            lits.append(out0)
        f.add(*lits)
