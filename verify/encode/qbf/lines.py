"""Implicit goals for k-in-a-row games (part of the ``implicit`` encoding): "there is a start cell p
and a direction d such that p, p+d, …, p+(k-1)d are all owned" with position and direction
variables, instead of one set of clauses per listed line.

Source: Shaik, Mayer-Eichberger, van de Pol and Saffidine, "Implicit state and goals in QBF
encodings for positional games" (arXiv:2301.07345), where the winning configurations of
tic-tac-toe-like games are stated by their structure (a position and a direction) rather than listed.

Geometry (:func:`line_geometry`): positions named column letter + row number forming a full
rectangle (:func:`verify.families.cell`: the tic-tac-toe and k-in-a-row boards), and a family of
sets that is *exactly* the set of all lines of k ≥ 2 consecutive cells in some of the directions
→ ↑ ↗ ↘ (tic-tac-toe n×n: k = n, all four). The implicit goal is used only when it is checked
equivalent at the question's position (:func:`line_plan`): the live lines (no opponent stone, at
most the side's remaining moves free, minimal) are exactly the question's listed sets. Otherwise
the ``binary`` encoding's listed goal is used.

Goals over the final board of the binary move encoding (:mod:`verify.encode.qbf.binary`):

- E owns a line (Maker wins): existential start column X, start row Y and direction D, innermost,
  one-hot (``X_x``, at least one of each) or binary codes; for every start (x, y), direction d and
  offset i, ``X=x ∧ Y=y ∧ D=d → own[(x, y) + i·d]`` (own: E's stone = true; a free cell E can name:
  the binary encoding's "E names it"; anything else = false, so the start is forbidden), and starts
  whose line leaves the board are forbidden;
- every line of U has a cell U does not own (Breaker prevents Maker): *universal* binary codes X, Y,
  D after the moves, and for every in-board line the clause ``X≠x ∨ Y≠y ∨ D≠d ∨ ∨_i ¬uown[cell_i]``
  (uown: the binary encoding's "U owns it", implied by U naming it; codes naming no line are
  unconstrained) — the universal line choice states "for every line" without listing, as the
  symbolic universal board of the same paper does for positions.

Games where both players hold sets (Maker-Maker ``.pg``, goals per time point) keep the listed
goal (``binary``).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ...hypergraph import bits, minimal_masks
from .game import GameQuestion, _remap
from .binary import BinaryMoves, false_var

_NAME = re.compile(r"^([a-z]+)(\d+)$")
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
#: the form of the existential position/direction variables of E's line goal
POSITION_FORMS = ("onehot", "binary")
POSITIONS = "onehot"


def grid_coords(positions) -> list[tuple[int, int]] | None:
    """(column, row) of each position named letter(s)+number on a full rectangle, else None."""
    coords = []
    for name in positions:
        mt = _NAME.match(name)
        if not mt:
            return None
        col = 0
        for ch in mt.group(1):
            col = col * 26 + ord(ch) - 96
        coords.append((col - 1, int(mt.group(2)) - 1))
    if not coords:
        return None
    w = max(c for c, _ in coords) + 1
    h = max(r for _, r in coords) + 1
    if len(coords) != w * h or len(set(coords)) != len(coords):
        return None
    return coords


@dataclass
class LineGeometry:
    """A ``width`` × ``height`` board (position index per (column, row)) and lines of ``k`` cells
    in ``directions``."""
    width: int
    height: int
    k: int
    directions: tuple[tuple[int, int], ...]
    index: dict[tuple[int, int], int]

    def line(self, x: int, y: int, d: int) -> list[int] | None:
        """Position indices of the line from (x, y) in direction ``d``, None if it leaves the board."""
        dx, dy = self.directions[d]
        out = []
        for i in range(self.k):
            p = self.index.get((x + i * dx, y + i * dy))
            if p is None:
                return None
            out.append(p)
        return out

    def lines(self):
        """(x, y, d, mask) of every in-board line."""
        for y in range(self.height):
            for x in range(self.width):
                for d in range(len(self.directions)):
                    cs = self.line(x, y, d)
                    if cs is not None:
                        yield x, y, d, sum(1 << p for p in cs)


def line_geometry(positions, sets) -> LineGeometry | None:
    """The line geometry whose lines are exactly the minimal members of ``sets``, or None."""
    coords = grid_coords(positions)
    sets = set(minimal_masks(sets))
    if coords is None or not sets:
        return None
    sizes = {s.bit_count() for s in sets}
    if len(sizes) != 1 or min(sizes) < 2:
        return None
    index = {xy: i for i, xy in enumerate(coords)}
    w, h = max(c for c, _ in coords) + 1, max(r for _, r in coords) + 1
    full = LineGeometry(w, h, sizes.pop(), DIRECTIONS, index)
    by_dir: dict[int, set[int]] = {}
    for _, _, d, mask in full.lines():
        by_dir.setdefault(d, set()).add(mask)
    used = tuple(d for d in sorted(by_dir) if by_dir[d] & sets)
    if set().union(*(by_dir[d] for d in used)) != sets:
        return None
    return LineGeometry(w, h, full.k, tuple(DIRECTIONS[d] for d in used), index)


def line_plan(q: GameQuestion) -> LineGeometry | None:
    """The geometry of the question's listed sets when the implicit line goal is equivalent at its
    position: one-sided final-board questions only (E's lines, or U's lines against E)."""
    game = q.game
    if q.goal == "win" and not q.u_sets and q.e_sets:
        side = q.player
        sets = q.e_sets
    elif q.goal == "not-lose" and not q.e_sets and q.u_sets:
        side = "white" if q.player == "black" else "black"
        sets = q.u_sets
    else:
        return None
    geo = line_geometry(game.positions, game.sets(side))
    if geo is None:
        return None
    black, white = q.state
    own, opp = (black, white) if side == "black" else (white, black)
    budget = game.schedule()[game.time_of(black, white):].count(side)  # as game_question filters
    live = [s for s in minimal_masks(m & ~own for _, _, _, m in geo.lines() if not m & opp)
            if s.bit_count() <= budget]
    cells = sum(1 << c for c in q.cells)
    if any(s & ~cells for s in live) or {_remap(s, q.cells) for s in live} != set(sets):
        return None
    return geo


def build_line_goal(m: BinaryMoves, geo: LineGeometry, positions: str | None = None) -> bool:
    """State the question's goal by lines (a ``goal_builder`` of :func:`encode_binary`)."""
    if m.q.goal == "win":
        _e_owns_a_line(m, geo, positions or POSITIONS)
    else:
        _every_line_broken(m, geo)
    return True


def code_vars(f, name: str, size: int, quantifier: str | None = None) -> list[int]:
    vs = [f.new(f"{name}[{j}]") for j in range(max(1, (size - 1).bit_length()))]
    if quantifier:
        f.quantify(quantifier, vs)
    return vs


def code_differs(vs: list[int], value: int) -> list[int]:
    """Literals that are all false exactly when the code ``vs`` equals ``value`` (a clause part)."""
    return [-v if value >> j & 1 else v for j, v in enumerate(vs)]


def _owners(m: BinaryMoves, stones: int, owner) -> dict[int, int | bool]:
    """Per position: True (a stone), an ownership variable, or False."""
    code = {p: c for c, p in enumerate(m.q.cells)}
    out: dict[int, int | bool] = {}
    for p in range(len(m.q.game.positions)):
        if stones >> p & 1:
            out[p] = True
        elif p in code:
            o = owner(code[p])
            out[p] = False if o is None else o
        else:
            out[p] = False
    return out


def _e_owns_a_line(m: BinaryMoves, geo: LineGeometry, positions: str):
    f = m.f
    e_stones = m.q.state[0] if m.q.player == "black" else m.q.state[1]
    own = _owners(m, e_stones, m.final_e_owner)
    nd = len(geo.directions)
    if positions == "onehot":
        xs = [f.new(f"lineX[{x}]") for x in range(geo.width)]
        ys = [f.new(f"lineY[{y}]") for y in range(geo.height)]
        ds = [f.new(f"lineD[{d}]") for d in range(nd)]
        for group in (xs, ys, ds):
            f.add(*group)
        pick = lambda x, y, d: [-xs[x], -ys[y], -ds[d]]
    else:
        xb, yb = code_vars(f, "lineX", geo.width), code_vars(f, "lineY", geo.height)
        db = code_vars(f, "lineD", nd) if nd > 1 else []
        for vs, size in ((xb, geo.width), (yb, geo.height), (db, nd)):
            for v in range(size, 1 << len(vs)):
                f.add(*code_differs(vs, v))
        pick = lambda x, y, d: code_differs(xb, x) + code_differs(yb, y) + code_differs(db, d)
    any_line = False
    for y in range(geo.height):
        for x in range(geo.width):
            for d in range(nd):
                cs = geo.line(x, y, d)
                lits = [own[p] for p in cs] if cs is not None else [False]
                if False in lits:
                    f.add(*pick(x, y, d))
                    continue
                any_line = True
                for o in lits:
                    if o is not True:
                        f.add(*pick(x, y, d), o)
    if not any_line:
        f.add(false_var(f))


def _every_line_broken(m: BinaryMoves, geo: LineGeometry):
    f = m.f
    e_stones = m.q.state[0] if m.q.player == "black" else m.q.state[1]
    u_stones = m.q.state[1] if m.q.player == "black" else m.q.state[0]
    # U's ownership (← direction); a free cell U can never name counts as not U's
    uown = _owners(m, u_stones, m.final_u_owner)
    nd = len(geo.directions)
    xb, yb = code_vars(f, "lineX", geo.width, "a"), code_vars(f, "lineY", geo.height, "a")
    db = code_vars(f, "lineD", nd, "a") if nd > 1 else []
    for x, y, d, mask in geo.lines():
        if mask & e_stones:
            continue
        escape = [-uown[p] for p in bits(mask) if uown[p] is not True and uown[p] is not False]
        if any(uown[p] is False for p in bits(mask)):
            continue  # a cell U never owns
        f.add(*code_differs(xb, x), *code_differs(yb, y), *code_differs(db, d), *escape)
