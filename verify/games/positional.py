"""Rules of the games of the Positional Game Description format (``.pg``, version 1.0).

Source: the format of the corrective QBF encoding of positional games (Mayer-Eichberger and
Saffidine, arXiv:2005.05098; instances in ``shared/positional-games``). A game is

- a set of *positions* (cells), some already holding black or white *initial* stones;
- a *schedule*: the time points ``#times`` in order, ``#blackturns`` those at which black places one
  stone (white places one at every other time point); consecutive time points of the same colour
  are several stones in a row (Hex puzzles, Connect6-like schedules);
- black winning sets ``#blackwins`` and, in a *Maker-Maker* game, white winning sets ``#whitewins``;
- optionally ``#firstmoves``: the cells allowed for the first stone of the game (a symmetry
  restriction); a ``#firstmoves`` section allowing no free cell leaves the game undefined and is
  refused.

Play: at each time point the scheduled player claims one free cell; a player who completes one of
their own winning sets wins at once (so the first to complete a set wins). When the schedule is over
(or the board is full) without a completed set, the result is a *draw* in a Maker-Maker game and a
win for *white* in a Maker-Breaker game (no ``#whitewins`` section: black is Maker, and "white"
means black cannot complete a set within the schedule). Time points beyond the number of free cells
are dropped, as in the reference encoder. A set holding an opponent's initial stone is dead; own
initial stones count towards a set, so a set already complete at the start wins for its owner
(both sides complete at the start is rejected as inconsistent).

States are ``(black, white)`` bitmasks over the positions: the time index is the number of stones
placed since the start. Solvers and the certificate checker use only the functions here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .. import limits
from ..errors import InputError, TooLarge
from ..hypergraph import bits, minimal_masks, state_weight
from ..labels import Labels
from ..plugins import svg_of

BLACK, WHITE, DRAW = "black", "white", "draw"
COLOURS = (BLACK, WHITE)


def other(colour: str) -> str:
    return WHITE if colour == BLACK else BLACK


@dataclass(frozen=True)
class PositionalGame:
    """A ``.pg`` game. Sets and stones are bitmasks over ``positions`` (bit i = positions[i])."""
    positions: tuple[str, ...]
    black_sets: tuple[int, ...]
    white_sets: tuple[int, ...] = ()
    black_initials: int = 0
    white_initials: int = 0
    times: tuple[str, ...] = ()
    black_turns: frozenset = frozenset()
    first_moves: int | None = None  # mask of cells allowed for the first stone, None = any
    maker_maker: bool = False  # True iff the description has a #whitewins section
    version: str = "1.0"
    comments: tuple[str, ...] = field(default=(), compare=False)

    def _repr_svg_(self) -> str | None:
        """The board as an SVG picture in Jupyter (drawn by :mod:`verify.draw` once it is loaded)."""
        return svg_of(self)

    def __post_init__(self):
        if not self.positions:
            raise InputError("a positional game needs at least one position")
        object.__setattr__(self, "_labels", Labels(self.positions, "position"))
        if self.black_initials & self.white_initials:
            raise InputError("a position holds both a black and a white initial stone")
        if len(set(self.times)) != len(self.times):
            raise InputError("a time point is listed twice in #times")
        unknown = set(self.black_turns) - set(self.times)
        if unknown:
            raise InputError(f"black turn {sorted(unknown)[0]!r} is not a time point")
        if any(s == 0 for s in self.black_sets + self.white_sets):
            raise InputError("a winning set is empty")
        if self.white_sets and not self.maker_maker:
            raise InputError("white winning sets need maker_maker=True")
        if self.first_moves is not None and self.schedule() and not self.first_moves & self.free_mask():
            raise InputError("#firstmoves allows no free cell, so the first move is undefined")
        if self.initial_winner() == "both":
            raise InputError("both players hold a complete winning set at the start")

    # -- views ---------------------------------------------------------------------------------
    @property
    def full_mask(self) -> int:
        return (1 << len(self.positions)) - 1

    @property
    def labels(self) -> Labels:
        """The position names and their bits."""
        return self._labels

    def index(self, name: str) -> int:
        return self._labels.index(name)

    def mask(self, names) -> int:
        return self._labels.mask(names)

    def names(self, mask: int) -> list[str]:
        return self._labels.names_of(mask)

    def free_mask(self) -> int:
        return self.full_mask & ~self.black_initials & ~self.white_initials

    def sets(self, colour: str) -> tuple[int, ...]:
        return self.black_sets if colour == BLACK else self.white_sets

    def schedule(self) -> tuple[str, ...]:
        """The colour to move at each time point, truncated to the number of free cells."""
        sched = tuple(BLACK if t in self.black_turns else WHITE for t in self.times)
        return sched[:self.free_mask().bit_count()]

    def initial_winner(self) -> str | None:
        b = any(s & self.black_initials == s for s in self.black_sets)
        w = any(s & self.white_initials == s for s in self.white_sets)
        return "both" if b and w else BLACK if b else WHITE if w else None

    def end_result(self) -> str:
        """Result when the schedule ends with no completed set."""
        return DRAW if self.maker_maker else WHITE

    def start(self) -> tuple[int, int]:
        return self.black_initials, self.white_initials

    def time_of(self, black: int, white: int) -> int:
        return (black | white).bit_count() - (self.black_initials | self.white_initials).bit_count()

    def completes(self, colour: str, black: int, white: int) -> bool:
        """Does ``colour`` hold a whole winning set in the state?"""
        own = black if colour == BLACK else white
        return any(s & own == s for s in self.sets(colour))

    def winner_if_over(self, black: int, white: int) -> str | None:
        """black / white / draw if the game is over in this state, else None.

        Only states reached by legal play are meant: there at most one player holds a set.
        """
        if self.completes(BLACK, black, white):
            return BLACK
        if self.completes(WHITE, black, white):
            return WHITE
        if self.time_of(black, white) >= len(self.schedule()):
            return self.end_result()
        return None

    def to_move(self, black: int, white: int) -> str:
        return self.schedule()[self.time_of(black, white)]

    def legal_moves(self, black: int, white: int) -> int:
        """Mask of the cells the player to move may claim (free cells; #firstmoves at time 0)."""
        free = self.full_mask & ~black & ~white
        if self.first_moves is not None and self.time_of(black, white) == 0:
            free &= self.first_moves
        return free

    def play(self, black: int, white: int, cell: int) -> tuple[int, int]:
        """The state after the player to move claims the cell bit ``cell`` (checked legal)."""
        if not cell & self.legal_moves(black, white) or cell & (cell - 1):
            raise InputError(f"illegal move {self.names(cell)} at time {self.time_of(black, white)}")
        return (black | cell, white) if self.to_move(black, white) == BLACK else (black, white | cell)

    def live_sets(self, colour: str, black: int, white: int) -> list[int]:
        """What ``colour`` still needs on each of its sets the opponent has not touched (minimal)."""
        own, opp = (black, white) if colour == BLACK else (white, black)
        return minimal_masks(s & ~own for s in self.sets(colour) if not s & opp)

    def summary(self) -> dict:
        return {"positions": len(self.positions), "black_sets": len(self.black_sets),
                "white_sets": len(self.white_sets), "times": len(self.schedule()),
                "maker_maker": self.maker_maker}


def strategy_walk_cap(game: PositionalGame) -> int:
    """The most states a pg-strategy walk of ``game`` may store (docs/spec/pg-strategy.md, the
    weighed cap): ``limits.MAX_PG_STRATEGY_WALK_UNITS`` // w, w = 1 + |P| + Σ|s| + |S|·⌈|P|/64⌉
    over the sets S of both colours (testing and keeping one state). The checker refuses a
    certificate beyond it, and the builder stops there too."""
    return limits.MAX_PG_STRATEGY_WALK_UNITS // state_weight(len(game.positions), game.black_sets + game.white_sets)


def strategy_states(game: PositionalGame, colour: str, choose, max_states: int | None = None):
    """States reachable from the start when ``colour`` plays ``choose(black, white)`` (a cell bit)
    and the opponent plays every legal move; yields ``(black, white, result or None)`` once each.
    With ``max_states``, at most that many states are stored: counted before a state's successors
    are built, beyond it :class:`~verify.errors.TooLarge`."""
    start = game.start()
    seen = {start}
    stack = [start]
    while stack:
        b, w = stack.pop()
        over = game.winner_if_over(b, w)
        yield b, w, over
        if over is not None:
            continue
        mine = game.to_move(b, w) == colour
        legal = 0 if mine else game.legal_moves(b, w)
        if max_states is not None and len(seen) + (1 if mine else legal.bit_count()) > max_states:
            raise TooLarge(f"the strategy's walk stores more than {max_states} states (pg-strategy: the cap "
                           "weighed by the game)")
        if mine:
            succ = [game.play(b, w, choose(b, w))]
        else:
            succ = [game.play(b, w, 1 << i) for i in bits(legal)]
        for s in succ:
            if s not in seen:
                seen.add(s)
                stack.append(s)


def alternating_schedule(free: int, first: str, black_moves: int | None = None):
    """``(times, black_turns)`` of alternating play from colour ``first``: time points until black has
    made ``black_moves`` moves (all ``free`` cells when None) or the ``free`` cells are used up."""
    times, black = [], []
    colour = first
    made = 0
    limit = free if black_moves is None else black_moves
    while made < limit and len(times) < free:
        t = f"t{len(times) + 1}"
        times.append(t)
        if colour == BLACK:
            black.append(t)
            made += 1
        colour = other(colour)
    return tuple(times), frozenset(black)


def race(board, black_moves: int | None = None, comments=()) -> PositionalGame:
    """The strong (race) achievement game on a hypergraph as a Maker-Maker ``.pg`` game: both players'
    winning sets are the edges, black moves first, and the schedule gives black ``black_moves`` moves
    (white one fewer; all cells when None). Black wins iff black completes an edge within
    ``black_moves`` moves before white completes one (Harary's achievement game, truncated)."""
    sets = tuple(dict.fromkeys(board.edge_masks))
    times, black = alternating_schedule(board.full_mask.bit_count(), BLACK, black_moves)
    return PositionalGame(positions=tuple(board.vertices), black_sets=sets, white_sets=sets, times=times,
                          black_turns=black, maker_maker=True, comments=tuple(comments))


def from_maker_breaker(board, maker_mask: int, breaker_mask: int, first: str,
                       rounds: int | None = None) -> PositionalGame:
    """The Maker-Breaker game on a hypergraph as a ``.pg`` game: black is Maker, white is Breaker,
    the schedule alternates from ``first`` ('maker'/'breaker') and gives Maker ``rounds`` moves
    (all moves until the board is full when ``rounds`` is None). Black wins iff Maker can claim a
    whole edge within her ``rounds`` moves (paper 004 Def I.1.8, bounded)."""
    free = (board.full_mask & ~maker_mask & ~breaker_mask).bit_count()
    times, black = alternating_schedule(free, BLACK if first == "maker" else WHITE, rounds)
    return _unchecked(PositionalGame.__new__(PositionalGame), positions=tuple(board.vertices),
                      black_sets=tuple(dict.fromkeys(board.edge_masks)), white_sets=(),
                      black_initials=maker_mask, white_initials=breaker_mask, times=times,
                      black_turns=black, first_moves=None, maker_maker=False,
                      version="1.0", comments=(), _labels=board.labels)


def continued(game: PositionalGame, black: int, white: int, t: int) -> PositionalGame:
    """The game played on from the state (black, white) after ``t`` time points (passes count): the
    same positions and sets, the state's stones as initial stones, the schedule from ``t`` on, and
    #firstmoves only at t = 0 (it restricts the game's first stone). The schedule needs no new
    truncation: at most t stones were placed, so the free cells still cover the time points left."""
    sched = game.schedule()[t:]
    times = tuple(f"t{i + 1}" for i in range(len(sched)))
    return _unchecked(PositionalGame.__new__(PositionalGame), positions=game.positions,
                      black_sets=game.black_sets, white_sets=game.white_sets, black_initials=black,
                      white_initials=white, times=times,
                      black_turns=frozenset(x for x, c in zip(times, sched) if c == BLACK),
                      first_moves=game.first_moves if t == 0 else None, maker_maker=game.maker_maker,
                      version=game.version, comments=(), _labels=game.labels)


def described(game: PositionalGame) -> tuple:
    """The game by names, for comparing two descriptions of one game: the positions, each family of
    sets, the initial stones, the schedule's colours, #firstmoves and the convention (the order of
    positions and sets and the time points' names do not matter)."""
    def names(mask):
        return frozenset(game.names(mask))
    return (frozenset(game.positions), frozenset(map(names, game.black_sets)), frozenset(map(names, game.white_sets)),
            names(game.black_initials), names(game.white_initials), game.schedule(),
            None if game.first_moves is None else names(game.first_moves), game.maker_maker)


def _unchecked(obj, **fields):
    """Fill a frozen dataclass without __post_init__ checks (used for the empty-edge case, where a
    winning set is empty: Maker has won before any move)."""
    for k, v in fields.items():
        object.__setattr__(obj, k, v)
    return obj
