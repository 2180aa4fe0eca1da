"""The registry of QBF encodings of positional-game questions (``--encoding NAME``).

Every encoding turns a :class:`verify.encode.qbf.game.GameQuestion` into a closed prenex CNF whose truth is
"E can force the goal"; each lives in its own module whose docstring cites its source:

- ``onehot``: one-hot moves, illegal universal moves lose (:mod:`verify.encode.qbf.game`);
- ``binary``: binary move codes, illegal moves corrected to passes (:mod:`verify.encode.qbf.binary`);
- ``implicit``: ``binary`` with implicit goals for grid games, Hex connection by reachability
  (:mod:`verify.encode.qbf.implicit`), k-in-a-row lines by position and direction
  (:mod:`verify.encode.qbf.lines`); other games fall back to ``binary``;
- ``lifted``: binary moves compared with a symbolic cell quantified after the moves, no per-cell
  board variables (:mod:`verify.encode.qbf.lifted`); one-sided (Maker-Breaker) questions, other
  games fall back to ``binary``.

A ``+sym`` suffix (``binary+sym``) first restricts the next move to one cell per orbit of the
position's automorphisms (:mod:`verify.encode.qbf.symmetry`, nauty).
"""
from __future__ import annotations

from typing import Callable

from ... import limits
from ...errors import InputError, TooLarge
from ...plugins import add_entry
from .game import GameEncoding, GameQuestion, game_question

_ENCODERS: dict[str, tuple[Callable[[GameQuestion], GameEncoding], str]] = {}
DEFAULT = "binary"

#: the (encoding, engine) pair per game family, from bench/bench_qbf.py on a 2-core machine: the binary
#: encoding with symmetry breaking beat one-hot and implicit everywhere; DepQBF beat CAQE (with and
#: without Bloqqer), RAReQS, QFun and Qute on the Hex puzzles and on tic-tac-toe boards. Hex: DepQBF
#: behind cube-and-conquer (``split:depqbf``, :mod:`verify.solvers.qbf_split`) decides every Hein puzzle
#: up to 5×5 within 60 s (bench_qbf.py --only hein5), DepQBF alone 23 of 31.
FAMILY_DEFAULTS = {"hex": ("binary", "split:depqbf"), "pg": ("binary", "depqbf"),
                   "maker-breaker": ("binary", "depqbf"),
                   "k-in-a-row": ("binary", "depqbf")}
#: k-in-a-row / tic-tac-toe (bench_qbf.py crossover, 20 s per call): binary+sym on DepQBF is best on
#: 4×4 tic-tac-toe (whole game 13.8 s; implicit line goal 113 s) and on 6×6 k=4/5; lifted+sym on CAQE
#: is best on 6×6…12×12 k=3 at depth 3 and 8×8 k=4 at depth 4 (1.9 s vs T/O on 12×12), but CAQE gives
#: no models (certificates re-solve every candidate move) and loses at depth ≥ 6: binary stays default.


def family_of(game) -> str:
    """'k-in-a-row' (winning sets exactly the lines of a grid, :mod:`verify.encode.qbf.lines`: tic-tac-toe
    and k-in-a-row boards, .pg or Maker-Breaker), 'hex' (a .pg game on a Hex board), 'pg' (another
    .pg game) or 'maker-breaker'."""
    from ...games.positional import PositionalGame
    from .lines import line_geometry
    if isinstance(game, PositionalGame):
        if line_geometry(game.positions, game.black_sets) is not None:
            return "k-in-a-row"
        from .implicit import hex_geometry
        return "hex" if hex_geometry(game.positions) else "pg"
    board = getattr(game, "board", None)
    if board is not None and line_geometry(board.vertices, board.edge_masks) is not None:
        return "k-in-a-row"
    return "maker-breaker"


def default_for(game) -> tuple[str, str]:
    """The measured best (encoding, engine) for the game's family."""
    return FAMILY_DEFAULTS[family_of(game)]


def register_encoding(name: str, doc: str):
    def deco(fn):
        add_entry(_ENCODERS, name, (fn, doc), f"QBF encoding {name!r}", fn_of=lambda e: e[0])
        return fn
    return deco


def encoding_names() -> list[str]:
    _load()
    return sorted(_ENCODERS) + sorted(f"{n}+sym" for n in _ENCODERS)


def describe() -> dict[str, str]:
    _load()
    return {n: doc for n, (_, doc) in sorted(_ENCODERS.items())}


def check_encoding(name: str | None) -> str:
    name = name or DEFAULT
    if name not in encoding_names():
        raise InputError(f"unknown QBF encoding {name!r} (known: {', '.join(encoding_names())})")
    return name


def with_symmetry(name: str, symmetry: bool) -> str:
    """The encoding name with ``+sym`` added (symmetry on) or removed (off)."""
    base = name.partition("+")[0]
    return f"{base}+sym" if symmetry else base


def encode(game, player: str, goal: str = "win", state=None, encoding: str | None = None) -> GameEncoding:
    """The question "from ``state``, can ``player`` force ``goal``?" in the named encoding."""
    name = check_encoding(encoding)
    base, _, sym = name.partition("+")
    q = game_question(game, player, goal, state)
    if isinstance(q, GameEncoding):
        return q
    size = len(q.cells) * len(q.sched)
    if size > limits.MAX_QBF_CELL_TIMES:
        raise TooLarge(f"the QBF question is too large ({len(q.cells):,} relevant cells x {len(q.sched):,} time "
                       f"points, at most {limits.MAX_QBF_CELL_TIMES:,}: limits.MAX_QBF_CELL_TIMES); try "
                       "--method search or auto")
    if sym:
        from .symmetry import break_opening_symmetry
        q = break_opening_symmetry(q)
    return _ENCODERS[base][0](q)


def encode_maker_breaker(game, rounds: int | None = None, winner: str = "maker", residual=None,
                         to_move: str | None = None, encoding: str | None = None) -> GameEncoding:
    """:func:`verify.encode.qbf.game.maker_breaker_question` in the named encoding."""
    from .game import maker_breaker_question
    pgame, player, goal = maker_breaker_question(game, rounds, winner, residual, to_move)
    return encode(pgame, player, goal, None, encoding)


_loaded = False


def _load():
    global _loaded
    if _loaded:
        return
    _loaded = True
    from . import binary, game, implicit

    register_encoding("onehot", "one-hot moves, illegal universal moves lose")(
        lambda q: game._encode(q.cells, q.e_sets, q.u_sets, q.sched, q.first, q.goal))
    register_encoding("binary", "binary move codes, corrective passes (arXiv:2005.05098)")(
        binary.encode_binary)
    register_encoding("implicit", "binary + implicit goals: Hex by reachability, k-in-a-row lines by "
                      "position and direction (arXiv:2301.07345)")(implicit.encode_implicit)
    from . import lifted
    register_encoding("lifted", "binary moves, no board variables: a symbolic cell quantified after "
                      "the moves (arXiv:2301.07345, Q-sage); Maker-Breaker questions")(lifted.encode_lifted)
