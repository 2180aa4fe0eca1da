"""What a picture shows, and games in progress to take positions from.

A :class:`Board` is the content of one picture: the cells (vertices, points), the winning sets, the
stones on them, the winner's next move and a winning set once one is complete. A :class:`Play` is a
game with its rules (imported from :mod:`verify.games`, never re-implemented) and optionally a
certificate's strategy: it turns a list of moves into a position and a position into a Board.
The strategy explorer of ``verify report`` walks a Play; ``verify draw --position`` replays one.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from fractions import Fraction

from ..errors import InputError
from ..games import maker_breaker as mb
from ..games import positional as pg
from ..hypergraph import Hypergraph, bits
from ..plugins import svg_of
from . import geometry as geo

# stone roles: who owns a stone (drawn dark: maker, black; light: breaker, white; blue: selected)
MAKER, BREAKER, BLACK, WHITE, SELECTED = "maker", "breaker", "black", "white", "selected"


@dataclass
class Board:
    """One picture: cells and winning sets, stones, the winner's next move, a completed set."""
    names: tuple[str, ...]
    sets: tuple[tuple[str, ...], ...] = ()       # edges / Maker's or black's winning sets
    white_sets: tuple[tuple[str, ...], ...] = ()  # white's winning sets (Maker-Maker .pg games)
    geometry: str = "auto"                       # square hex cells hypergraph affine tree-vertex tree-edge
    stones: dict[str, str] = field(default_factory=dict)
    next_move: str | None = None
    next_by: str | None = None
    complete: tuple[str, ...] | None = None
    complete_by: str | None = None
    points: dict[str, tuple[float, float]] | None = None  # affine coordinates
    deleted: dict[str, tuple[float, float]] = field(default_factory=dict)  # deleted affine points
    tree: tuple[tuple[str, str], ...] = ()       # tree geometries: the tree's edges
    highlight: tuple[str, ...] = ()              # a distinguished set (the convex winning set W)
    labels: dict[str, str] = field(default_factory=dict)  # extra text per cell (pile sizes)
    pairs: tuple[tuple[str, str], ...] = ()      # a pairing strategy's pairs
    title: str = ""
    caption: tuple[str, ...] = ()

    def resolved_geometry(self) -> str:
        if self.geometry != "auto":
            return self.geometry
        return geo.detect(self.names, self.sets + self.white_sets)

    def svg(self) -> str:
        """The picture as SVG text (drawn by :mod:`verify.draw.render`, registered for Board)."""
        return svg_of(self)

    def _repr_svg_(self) -> str:
        return self.svg()


class Play:
    """A game in progress. States are hashable; ``play`` checks legality with the game's rules."""
    roles: tuple[str, ...] = ()
    winner: str | None = None          # the certificate's claimed winner, if any
    kind: str = ""

    def start(self):
        raise NotImplementedError

    def to_move(self, state) -> str | None:
        raise NotImplementedError

    def legal(self, state) -> list[str]:
        raise NotImplementedError

    def play(self, state, name: str):
        raise NotImplementedError

    def over(self, state) -> str | None:
        raise NotImplementedError

    def advice(self, state) -> str | None:
        """The certificate's move for the player to move, when that player is the strategist."""
        return None

    def board(self, state) -> Board:
        raise NotImplementedError

    def replay(self, moves: list[str]):
        state = self.start()
        for i, v in enumerate(moves, 1):
            if self.over(state) is not None:
                raise InputError(f"move {i} ({v}): the game is already over ({self.over(state)} won)")
            state = self.play(state, v)
        return state


def parse_moves(text: str | None) -> list[str]:
    """Moves in order of play, separated by commas or spaces (``"b2,a1"``, ``"b2 a1"``,
    ``"b2, a1"``); an empty move (``"a,,b"``, a leading or trailing comma) is refused in one line,
    never skipped: the position would not be the one the user wrote."""
    text = (text or "").strip()
    if not text:
        return []
    moves = re.split(r"\s*,\s*|\s+", text)
    for i, name in enumerate(moves, 1):
        if not name:
            raise InputError(f"move {i} of {text!r} is empty (moves are cell names separated by commas "
                             "or spaces)")
    return moves


# -- Maker-Breaker ------------------------------------------------------------------------------

class MakerBreakerPlay(Play):
    """Maker-Breaker on a hypergraph (paper 004 Def I.1.8); marks are Maker's stones at the start.

    A certificate adds either a strategy table (residual -> move) or a Breaker pairing."""
    roles = (MAKER, BREAKER)
    kind = "maker-breaker"

    def __init__(self, h: Hypergraph, first: str = mb.MAKER, breaker: int = 0, table=None,
                 winner: str | None = None, pairs=(), geometry: str = "auto", title: str = ""):
        if first not in mb.PLAYERS:
            raise InputError(f"first player must be maker or breaker, not {first!r}")
        self.h, self.first, self.breaker0 = h, first, breaker
        self.table, self.winner, self.pairs = table, winner, tuple(pairs)
        self.geometry, self.title = geometry, title

    def start(self):
        return (self.h.marked_mask, self.breaker0)

    def _moves_made(self, state) -> int:
        return (state[0] | state[1]).bit_count() - (self.h.marked_mask | self.breaker0).bit_count()

    def to_move(self, state) -> str | None:
        if self.over(state) is not None:
            return None
        return self.first if self._moves_made(state) % 2 == 0 else mb.other(self.first)

    def residual(self, state):
        return mb.residual(self.h.edge_masks, *state)

    def over(self, state) -> str | None:
        res = self.residual(state)
        out = mb.winner_if_over(res)
        if out is None and not self.h.full_mask & ~(state[0] | state[1]):
            return mb.BREAKER
        return out

    def legal(self, state) -> list[str]:
        return self.h.names(self.h.full_mask & ~(state[0] | state[1]))

    def play(self, state, name: str):
        b = 1 << self.h.index(name)
        if b & (state[0] | state[1]):
            raise InputError(f"vertex {name} is already claimed")
        return (state[0] | b, state[1]) if self.to_move(state) == mb.MAKER else (state[0], state[1] | b)

    def advice(self, state) -> str | None:
        who = self.to_move(state)
        if who is None or who != self.winner:
            return None
        if self.table is not None:
            v = self.table.get(self.residual(state))
            return self.h.names(v)[0] if v else None
        for a, b in self.pairs:  # pairing: answer in the pair Maker entered
            ia, ib = 1 << self.h.index(a), 1 << self.h.index(b)
            if ia & state[0] and not ib & (state[0] | state[1]):
                return b
            if ib & state[0] and not ia & (state[0] | state[1]):
                return a
        return None

    def board(self, state) -> Board:
        maker, breaker = state
        stones = {v: MAKER for v in self.h.names(maker)}
        stones.update({v: BREAKER for v in self.h.names(breaker)})
        done = next((e for e in self.h.edge_masks if e & maker == e), None)
        move = self.advice(state)
        caption = [f"Maker-Breaker, {self.first} first"]
        if self.winner:
            caption.append(f"certified winner: {self.winner}")
        over = self.over(state)
        if over:
            caption.append(f"game over: {over} wins")
        elif self.to_move(state):
            caption.append(f"{self.to_move(state)} to move")
        return Board(names=self.h.vertices, sets=tuple(tuple(self.h.names(e)) for e in self.h.edge_masks),
                     geometry=self.geometry, stones=stones, next_move=move,
                     next_by=self.to_move(state) if move else None,
                     complete=tuple(self.h.names(done)) if done is not None else None,
                     complete_by=MAKER if done is not None else None, pairs=self.pairs,
                     title=self.title, caption=tuple(caption))


# -- .pg positional games -----------------------------------------------------------------------

class PositionalPlay(Play):
    """A ``.pg`` game (rules of :mod:`verify.games.positional`); tables (black, white) -> move."""
    roles = (BLACK, WHITE)
    kind = "pg"

    def __init__(self, game: pg.PositionalGame, tables=None, winner: str | None = None,
                 geometry: str = "auto", title: str = ""):
        self.game, self.tables, self.winner = game, tables or {}, winner
        self.geometry, self.title = geometry, title

    def start(self):
        return self.game.start()

    def over(self, state) -> str | None:
        return self.game.winner_if_over(*state)

    def to_move(self, state) -> str | None:
        return None if self.over(state) is not None else self.game.to_move(*state)

    def legal(self, state) -> list[str]:
        return self.game.names(self.game.legal_moves(*state))

    def play(self, state, name: str):
        if self.over(state) is not None:
            raise InputError("the game is over")
        return self.game.play(*state, 1 << self.game.index(name))

    def advice(self, state) -> str | None:
        who = self.to_move(state)
        table = self.tables.get(who) if who else None
        m = table.get(state) if table else None
        return self.game.names(m)[0] if m else None

    def board(self, state) -> Board:
        g = self.game
        b, w = state
        stones = {v: BLACK for v in g.names(b)}
        stones.update({v: WHITE for v in g.names(w)})
        done, by = None, None
        for colour, own in ((BLACK, b), (WHITE, w)):
            s = next((s for s in g.sets(colour) if s & own == s), None)
            if s is not None:
                done, by = tuple(g.names(s)), colour
                break
        move = self.advice(state)
        caption = ["Maker-Maker" if g.maker_maker else "Maker-Breaker (black is Maker)",
                   f"{len(g.schedule()) - g.time_of(b, w)} of {len(g.schedule())} moves left"]
        if self.winner:
            caption.append(f"certified result: {self.winner}")
        over = self.over(state)
        if over:
            caption.append(f"game over: {over}")
        else:
            caption.append(f"{self.to_move(state)} to move")
        return Board(names=g.positions, sets=tuple(tuple(g.names(s)) for s in g.black_sets),
                     white_sets=tuple(tuple(g.names(s)) for s in g.white_sets), geometry=self.geometry,
                     stones=stones, next_move=move, next_by=self.to_move(state) if move else None,
                     complete=done, complete_by=by, title=self.title, caption=tuple(caption))


# -- impartial games on sets (ACV/AVD/DST/PRV, GEN/DNG) -----------------------------------------

class SelectionPlay(Play):
    """An impartial game whose positions are sets of selected points (paper 000 §3, 001 §3, 002 §2).

    With a nim-labelling certificate the player to move wins iff the position's label is non-zero;
    the winning move goes to an option labelled 0 (Sprague-Grundy)."""
    roles = (SELECTED,)

    def __init__(self, names, options, base: Board, labels=None, kind: str = ""):
        self.names, self._options, self.base = tuple(names), options, base
        self.labels, self.kind = labels, kind
        self._index = {v: i for i, v in enumerate(self.names)}

    def start(self):
        return 0

    def over(self, state) -> str | None:
        """Normal play: with no move left, the player who moved last has won."""
        if self._options(state):
            return None
        return "first player" if state.bit_count() % 2 else "second player"

    def to_move(self, state) -> str | None:
        if self.over(state):
            return None
        return "first player" if state.bit_count() % 2 == 0 else "second player"

    def legal(self, state) -> list[str]:
        return [self.names[(q & ~state).bit_length() - 1] for q in self._options(state)]

    def play(self, state, name: str):
        if name not in self._index:
            raise InputError(f"unknown point {name!r}")
        q = state | (1 << self._index[name])
        if q == state or q not in self._options(state):
            raise InputError(f"selecting {name} is not a legal move here")
        return q

    def advice(self, state) -> str | None:
        if not self.labels or not self.labels.get(state):
            return None
        for q in self._options(state):
            if self.labels.get(q) == 0:
                return self.names[(q & ~state).bit_length() - 1]
        return None

    def board(self, state) -> Board:
        stones = {self.names[i]: SELECTED for i in bits(state)}
        caption = list(self.base.caption)
        if self.labels is not None and state in self.labels:
            caption.append(f"nim value of this position: {self.labels[state]}")
        over = self.over(state)
        caption.append(f"no move left: the {over} won" if over else f"{self.to_move(state)} to move")
        move = self.advice(state)
        return replace(self.base, stones=stones, next_move=move, next_by=self.to_move(state) if move else None,
                       caption=tuple(caption))


def _point(coords) -> tuple[float, float]:
    xs = [float(Fraction(str(c))) for c in coords]
    return (xs[0], xs[1] if len(xs) > 1 else 0.0)


def convex_board(game, title: str = "") -> Board:
    """The picture of GEN/DNG(S, W) on its geometry: affine points at their coordinates (the first
    two), trees as trees, explicit geometries as points on a circle; W outlined."""
    g = game.geometry
    w = tuple(g.set_names(game.winning))
    caption = [f"{game.kind.upper()}(S, W) on the {g.kind} geometry, |S| = {g.n}", "W = {" + ",".join(w) + "}"]
    if g.kind == "affine":
        coords = getattr(g, "coords_json", None) or dict(zip(g.names, g.data["points"]))
        pts = {v: _point(coords[v]) for v in g.names}
        deleted = {v: _point(c) for v, c in coords.items() if v not in pts}
        dim = len(next(iter(coords.values())))
        if dim > 2:
            caption.append(f"points of R^{dim} projected on the first two coordinates")
        return Board(names=g.names, geometry="affine", points=pts, deleted=deleted, highlight=w,
                     title=title, caption=tuple(caption))
    if g.kind in ("tree-vertex", "tree-edge"):
        return Board(names=g.names, geometry=g.kind, tree=tuple(g.tree.edges), highlight=w,
                     title=title, caption=tuple(caption))
    return Board(names=g.names, geometry="hypergraph", highlight=w, title=title, caption=tuple(caption))


def hypergraph_board(h: Hypergraph, title: str = "", caption=(), labels=None, geometry: str = "auto") -> Board:
    return Board(names=h.vertices, sets=tuple(tuple(h.names(e)) for e in h.edge_masks), geometry=geometry,
                 stones={v: MAKER for v in h.names(h.marked_mask)}, labels=labels or {}, title=title,
                 caption=tuple(caption))
