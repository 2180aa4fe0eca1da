"""Implicit goals for grid games (encoding ``implicit``): Hex connection by reachability instead of a
list of every winning path.

Source: Shaik, Mayer-Eichberger, van de Pol and Saffidine, "Implicit state and goals in QBF
encodings for positional games" (arXiv:2301.07345): the goal of a connection game is stated over the
board's neighbour relation, so the formula grows with the board, not with the number of paths.

Geometry: positions named column letter + row number forming a full k×k board (the Hein puzzles,
:mod:`verify.families.hex`), cell (c, r) touching (c±1, r), (c, r±1), (c+1, r-1), (c-1, r+1); black
connects row 1 to row k (or column a to the last column). The implicit goal is used only when it is
*checked* equivalent to the listed sets at the question's position: black's live winning sets
(within black's remaining moves) must be exactly the minimal sets of free cells completing a
connection (chordless paths avoiding white's stones). Otherwise the ``binary`` encoding's listed
goal is used.

Goals over the final board of the binary move encoding (:mod:`verify.encode.qbf.binary`), region R =
relevant cells and black's stones:

- black (E) connects: a walk ``p[i,x]`` (i < L, L the longest minimal path) with ``∨ p[0,x]`` over
  the first row, ``p[i,x] → ∨ p[i+1,y]`` over y = x or a neighbour of x, ``¬p[L-1,x]`` off the
  last row and ``p[i,x] → own[x]`` (E names x);
- white (E) keeps black from connecting: a set S closed under black neighbours, holding every black
  cell of the first row and no cell of the last (``own_B[x] → S[x]`` on row 1,
  ``S[x] ∧ own_B[y] → S[y]``, ``¬S[x]`` on row k), with black's ownership in the ``←`` direction.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ...hypergraph import bits, minimal_masks
from .game import GameEncoding, GameQuestion, _remap
from .binary import BinaryMoves, encode_binary, false_var

_NAME = re.compile(r"^([a-z]+)(\d+)$")
_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
MAX_PATHS = 200_000


@dataclass
class HexGeometry:
    """Neighbours of each position and the two rows black joins (position indices)."""
    neighbours: list[list[int]]
    first_row: int
    last_row: int


def hex_geometry(positions) -> list[HexGeometry]:
    """The Hex geometries of a square board of ``positions`` (both orientations), or []."""
    coords = []
    for name in positions:
        mt = _NAME.match(name)
        if not mt:
            return []
        col = 0
        for ch in mt.group(1):
            col = col * 26 + ord(ch) - 96
        coords.append((col - 1, int(mt.group(2)) - 1))
    k = int(round(len(coords) ** 0.5))
    if k * k != len(coords) or set(coords) != {(c, r) for c in range(k) for r in range(k)}:
        return []
    index = {xy: i for i, xy in enumerate(coords)}
    nb = [[index[(c + dc, r + dr)] for dc, dr in _STEPS if (c + dc, r + dr) in index] for c, r in coords]
    rows = [sum(1 << i for i, (c, r) in enumerate(coords) if r == x) for x in (0, k - 1)]
    cols = [sum(1 << i for i, (c, r) in enumerate(coords) if c == x) for x in (0, k - 1)]
    return [HexGeometry(nb, *rows), HexGeometry(nb, *cols)]


def connecting_sets(geo: HexGeometry, black: int, white: int, budget: int):
    """(minimal free-cell sets completing black's connection with at most ``budget`` free cells,
    longest such path) by enumerating chordless paths avoiding white; None if too many."""
    found: list[int] = []
    longest = 0
    count = 0

    def extend(path: int, last: int, blocked: int, cost: int):
        nonlocal longest, count
        count += 1
        if count > MAX_PATHS:
            raise OverflowError
        if geo.last_row >> last & 1:
            found.append(path & ~black)
            longest = max(longest, path.bit_count())
            return
        for y in geo.neighbours[last]:
            b = 1 << y
            if blocked & b or white & b:
                continue
            c = cost + (0 if black & b else 1)
            if c > budget:
                continue
            extend(path | b, y, blocked | b | sum(1 << z for z in geo.neighbours[last]), c)

    try:
        for x in bits(geo.first_row & ~white):
            c = 0 if black >> x & 1 else 1
            if c <= budget:
                extend(1 << x, x, (1 << x) | geo.first_row, c)
    except OverflowError:
        return None
    return minimal_masks(found), longest


def encode_implicit(q: GameQuestion) -> GameEncoding:
    """The ``binary`` encoding with the Hex goal stated by reachability, or k-in-a-row lines by
    position and direction (:mod:`verify.encode.qbf.lines`), when it is equivalent."""
    plan = _hex_plan(q)
    if plan is None:
        from .lines import build_line_goal, line_plan
        lines = line_plan(q)  # (a 2×2 Hex board is also a line game: the Hex goal comes first)
        if lines is not None:
            return encode_binary(q, lambda m: build_line_goal(m, lines))
        return encode_binary(q)
    geo, length = plan
    if q.player == "black":
        return encode_binary(q, lambda m: _black_connects(m, geo, length))
    return encode_binary(q, lambda m: _black_cut(m, geo))


def _hex_plan(q: GameQuestion):
    game = q.game
    one_sided = (q.goal == "win" and q.player == "black" and not q.u_sets) or \
        (q.goal == "not-lose" and q.player == "white" and not q.e_sets)
    if not one_sided or game.white_sets:
        return None
    black, white = q.state
    sets = q.e_sets if q.player == "black" else q.u_sets
    budget = game.schedule()[game.time_of(black, white):].count("black")  # as game_question filters
    for geo in hex_geometry(game.positions):
        res = connecting_sets(geo, black, white, budget)
        if res is None:
            continue
        geo_sets, longest = res
        if any(s & ~sum(1 << c for c in q.cells) for s in geo_sets):
            continue
        if sorted(_remap(s, q.cells) for s in geo_sets) == sorted(sets):
            return geo, longest
    return None


def _region(m: BinaryMoves, geo: HexGeometry):
    black = m.q.state[0]
    code = {p: c for c, p in enumerate(m.q.cells)}
    return black, code, [p for p in range(len(geo.neighbours)) if black >> p & 1 or p in code]


def _black_connects(m: BinaryMoves, geo: HexGeometry, length: int) -> bool:
    f = m.f
    black, code, region = _region(m, geo)
    own = {}
    usable = []
    for p in region:
        if black >> p & 1:
            usable.append(p)
        else:
            o = m.final_e_owner(code[p])
            if o is not None:
                own[p] = o
                usable.append(p)
    inside = set(usable)
    length = max(1, length)
    walk = [{p: f.new(f"path[{i},{p}]") for p in usable} for i in range(length)]
    f.add(*[walk[0][p] for p in usable if geo.first_row >> p & 1] or [false_var(f)])
    for i in range(length):
        for p, v in walk[i].items():
            if p in own:
                f.add(-v, own[p])
            if i + 1 < length:
                f.add(-v, *[walk[i + 1][y] for y in [p] + geo.neighbours[p] if y in inside])
            elif not geo.last_row >> p & 1:
                f.add(-v)
    return True


def _black_cut(m: BinaryMoves, geo: HexGeometry) -> bool:
    f = m.f
    black, code, region = _region(m, geo)
    own = {}  # position -> variable implied by black owning it (None: a black stone)
    for p in region:
        if black >> p & 1:
            own[p] = None
        else:
            o = m.final_u_owner(code[p])
            if o is not None:
                own[p] = o
    s = {p: f.new(f"reach[{p}]") for p in own}
    for p, o in own.items():
        if geo.first_row >> p & 1:
            f.add(s[p], *([-o] if o is not None else []))
        if geo.last_row >> p & 1:
            f.add(-s[p])
        for y in geo.neighbours[p]:
            if y in own:
                f.add(-s[p], s[y], *([-own[y]] if own[y] is not None else []))
    return True

