"""What ``method="auto"`` runs, and why: a cost model read off the instance, no search.

A chooser returns a :class:`Choice`, the method and its reason, which :func:`verify.solvers.solve`
records on the result (``"choice": {"by": "auto", "reason": ...}`` in ``--json``). A registered
chooser may still return a bare method name; its reason is then its docstring's first line.

**Maker-Breaker** (:func:`choose_maker_breaker`), from the start position's measures
(:func:`measure`): its *free vertices* (those on an edge of Min of the residual: the only moves the
explicit reference makes), the board's rank, and the explicit reference's **state bound**: its memo
holds one entry per reachable residual up to isomorphism, and a residual is a function of the two
players' claims among the n free vertices (disjoint, sizes differing by at most one), and also of
each minimal edge's fate (dead, or the part of it Maker holds), so::

    states ≤ min( Σ_{|m−b| ≤ 1} C(n, m)·C(n−m, b),  2·Π_e (2^|e| + 1) ).

1. Rank ≤ 3: ``structural``, Galliot's polynomial algorithm (paper 004 Theorem III.2.1).
2. The state bound within the reference's memo cap (``limits.MAX_EXPLICIT_STATES``, 2,000,000: at
   most 14 free vertices in general): ``explicit``, which then surely answers; it is also ahead of
   the search there, which first loads its compiled kernel (bench/bench_chooser.py, below).
3. At most :data:`EXPLICIT_FREE_VERTICES` free vertices (measured): ``explicit`` still, although
   its bound exceeds the cap: every measured board of 15 or 16 free vertices finishes in under
   0.1 CPU s (4×4 tic-tac-toe 0.04 s, 710 states; vdW {1..16}, k = 4 0.03 s; the N tetromino on
   4×4 0.04 s), ahead of the search's 1.2 s kernel load. Beyond, explicit's cost leaves the measured
   range fast: 20 free vertices already take 1.1 s (5×4 4-in-a-row) or do not finish (vdW {1..20},
   k = 5), and vdW {1..22}, k = 5, 6×6 5-in-a-row and Qubic ran it for 60, 300 and 120 s without
   an answer, where the search answers in 0.1-0.3 CPU s after its load.
4. Otherwise, when Breaker has a **pairing strategy** (disjoint pairs of free vertices, every
   minimal edge containing one: Breaker wins in either order, paper 004 Prop I.1.52): ``pairing``,
   which answers at once. The probe (:func:`pairing_found`) asks the SAT solver the pairing
   method's own question (:func:`verify.encode.sat.pairing_cnf`: at most a few thousand variables
   on the boards below, 0.01-0.2 s in the solver, a child process killed after
   :data:`PAIRING_PROBE_SECONDS`). It decides the 8×8 pentomino boards of the classical results
   (F, I, P, T, U, V, W, X, Z) and 5×5 tic-tac-toe, where the proof search, which tries pairing
   leaves only on residuals of at most 64 sets, gives no answer on F (8×8) within 20 s.
5. Otherwise: ``search``, the proof search (it takes ``--certificate``: a pg-proof); on a board on
   the edges of K_n the method runs the convention search instead, keyed by canonical forms under
   S_n (:func:`verify.solvers.search.conventions.on_kn`; its certificate is a positional-strategy).

Measured by ``python bench/bench_chooser.py`` (CPU seconds of the two methods in one process, the
search's kernel already loaded; 2-core shared machine under load, 2026-11-27; "—": no answer
within a 15 s wall-clock budget):

==================  ====  ===========  ========  ======  ========
board               free  state bound  explicit  search  auto
==================  ====  ===========  ========  ======  ========
vdW {1..13}, k = 4  13    6.2e5        0.01      0.00    explicit
4×4 tic-tac-toe     16    1.5e7        0.04      0.00    explicit
vdW {1..18}, k = 5  18    1.3e8        0.24      0.00    search
5×4 4-in-a-row      20    1.1e9        1.13      0.01    search
vdW {1..20}, k = 5  20    1.1e9        —         0.01    search
vdW {1..22}, k = 5  22    9.5e9        —         0.12    search
6×6 5-in-a-row      36    3.6e16       —         0.29    search
Qubic               64    6.2e29       —         0.19    search
==================  ====  ===========  ========  ======  ========

**.pg games** (:func:`choose_pg`): ``search``, which beats the explicit solver on every Hex puzzle
(bench/bench_search.py). The other games keep their own choosers (explicit up to a size, then a
structural route: :mod:`verify.solvers.structure`, :mod:`verify.solvers.convex`,
:mod:`verify.solvers.hypernim`).
"""
from __future__ import annotations

from dataclasses import dataclass
from math import comb

from .. import limits
from ..errors import BackendError, InputError, TooLarge
from ..games import conventions as cv
from ..games import maker_breaker as mb
from ..hypergraph import minimal_masks

#: the pairing probe's SAT call, at most (seconds; then the choice goes on to the search) and the
#: encoding's size bound (pairing_cnf_size variables; beyond, no probe)
PAIRING_PROBE_SECONDS = 5.0
PAIRING_PROBE_VARIABLES = 200_000

#: measured: ``explicit`` up to this many free vertices even when its state bound exceeds its cap
#: (bench/bench_chooser.py: every board of at most 16 finished in under 0.1 CPU s; from 20 on some
#: take seconds or run for minutes: module docstring)
EXPLICIT_FREE_VERTICES = 16


class Choice(str):
    """``auto``'s choice: the method's name (a ``str``, so a chooser's answer still compares equal
    to the name) carrying ``reason`` (one sentence, for ``--json``) and ``note``: the few words the
    one-line text output adds when the choice is worth saying (the reference was passed over
    because it cannot answer), else None."""
    reason: str
    note: str | None

    def __new__(cls, method: str, reason: str, note: str | None = None):
        self = super().__new__(cls, method)
        self.reason, self.note = reason, note
        return self

    @property
    def method(self) -> str:
        return str(self)

    def to_json(self) -> dict:
        return {"by": "auto", "reason": self.reason, **({"short": self.note} if self.note else {})}


@dataclass(frozen=True)
class Measure:
    """The start position's measures the Maker-Breaker cost model reads."""
    free: int   # free vertices on an edge of Min(residual)
    edges: int  # edges of Min(residual)
    rank: int   # the board's rank (the structural route's condition)
    bound: int  # the explicit reference's state bound (module docstring)


def position_bound(n: int) -> int:
    """Positions of n free vertices: disjoint claims M, B with |M| − |B| ∈ {−1, 0, 1}."""
    return sum(comb(n, m) * comb(n - m, b) for m in range(n + 1)
               for b in (m - 1, m, m + 1) if 0 <= b <= n - m)


def state_bound(n: int, sizes: list[int]) -> int:
    """The explicit reference's memo bound: min(positions of n free vertices, 2·Π(2^|e| + 1))."""
    cap = position_bound(n)
    fates = 2
    for s in sizes:
        fates *= (1 << s) + 1
        if fates >= cap:
            return cap
    return fates


def measure(game: mb.MakerBreakerGame) -> Measure:
    """Free vertices, edges and the state bound of the reduced start residual; the board's rank."""
    r = minimal_masks(game.start_residual())
    n = mb.live_vertices(r).bit_count()
    return Measure(free=n, edges=len(r), rank=game.board.rank,
                   bound=state_bound(n, [e.bit_count() for e in r]))


def pairing_found(game: mb.MakerBreakerGame) -> bool | None:
    """Whether Breaker has a pairing strategy on the position (the pairing method's SAT question),
    or None when not asked (encoding beyond :data:`PAIRING_PROBE_VARIABLES`, no answer within
    :data:`PAIRING_PROBE_SECONDS`, or no SAT backend installed)."""
    from ..certificates.cnf import pairing_cnf, pairing_cnf_size
    from ..encode.sat_backends import solve_cnf
    (variables, _, _), _ = pairing_cnf_size(game.board, game.breaker_mask)
    if variables > PAIRING_PROBE_VARIABLES:
        return None
    cnf = pairing_cnf(game.board, game.breaker_mask)
    try:
        return solve_cnf(cnf.nvars, cnf.clauses, timeout=PAIRING_PROBE_SECONDS).sat
    except (BackendError, ModuleNotFoundError):
        return None


def _count(x: int) -> str:
    return f"{x:,}" if x < 10 ** 9 else f"{x:.1e}".replace("e+", "e")


def choose_maker_breaker(game) -> Choice:
    """The Maker-Breaker cost model (module docstring): structural on rank ≤ 3; explicit when its
    state bound fits its memo cap or the board has at most :data:`EXPLICIT_FREE_VERTICES` free
    vertices; else pairing when Breaker has a pairing strategy; the proof search otherwise."""
    board = getattr(game, "board", None)
    if board is None:
        return Choice("explicit", "not a hypergraph board: the explicit reference")
    if board.rank <= 3:
        return Choice("structural", f"rank {board.rank}: Galliot's polynomial algorithm "
                                    "(paper 004 Theorem III.2.1)")
    m = measure(game)
    cap = limits.MAX_EXPLICIT_STATES
    head = f"rank {m.rank}, {m.free} free vertices, {m.edges} edges"
    if m.bound <= cap:
        return Choice("explicit", f"{head}: explicit's state bound {_count(m.bound)} fits its "
                                  f"{_count(cap)} states")
    if m.free <= EXPLICIT_FREE_VERTICES:
        return Choice("explicit", f"{head}: explicit's state bound {_count(m.bound)} exceeds its "
                                  f"{_count(cap)} states, but boards of at most {EXPLICIT_FREE_VERTICES} "
                                  "free vertices finish in under a second (bench/bench_chooser.py)")
    beyond = f"{head}: explicit's state bound {_count(m.bound)} exceeds its {_count(cap)} states"
    found = pairing_found(game)
    if found:
        return Choice("pairing", f"{beyond}; Breaker has a pairing strategy (SAT), which decides the "
                                 "game (paper 004 Prop I.1.52)",
                      note=f"{m.free} free vertices, Breaker has a pairing")
    none = "no pairing strategy for Breaker" if found is False else "no pairing found in time"
    from .search.labels import kn_layout
    kn = kn_layout(board)
    engine = (f"the search keyed by canonical forms under S_{kn[0]} (a board on the edges of K_{kn[0]})"
              if kn is not None and kn[0] >= 3 else "the proof search")
    return Choice("search", f"{beyond}; {none}; {engine}",
                  note=f"{m.free} free vertices, explicit's bound {_count(m.bound)} states")


#: the positional games of every convention and bias: ``explicit`` on at most this many free vertices
#: (everything measured there answers in well under a second, and the reference is the plainest
#: proof), the search of :mod:`verify.solvers.search.conventions` beyond (bench/bench_conventions.py:
#: 65x on Sim, about 360x on the (1:2) triangle game on K_6, K_7 games the reference cannot finish,
#: 0.2-0.9x on some 4x4 avoidance boards of 16 vertices, where both answer in under a second)
POSITIONAL_EXPLICIT_FREE_VERTICES = 12


def choose_positional(game) -> Choice:
    """The general positional game (any convention, any bias): the explicit reference on at most
    :data:`POSITIONAL_EXPLICIT_FREE_VERTICES` free vertices, the convention search beyond."""
    free = game.free_mask().bit_count()
    what = f"{game.convention}, bias {game.bias[0]}:{game.bias[1]}, {free} free vertices"
    if free <= POSITIONAL_EXPLICIT_FREE_VERTICES:
        return Choice("explicit", f"{what}: the explicit reference answers boards of at most "
                                  f"{POSITIONAL_EXPLICIT_FREE_VERTICES} free vertices at once")
    found = blocks_found(game)
    if found:
        holder = "Breaker" if game.convention == cv.MAKER_BREAKER else "Avoider"
        return Choice("pairing", f"{what}: {holder} has a complete (q-)pairing (SAT), which decides the "
                                 "game (paper 004 Props I.1.21, I.1.25)",
                      note=f"{free} free vertices, {holder} has a pairing")
    return Choice("search", f"{what}: the convention search (exact pruning and symmetry; "
                            "bench/bench_conventions.py)", note=f"{free} free vertices")


def blocks_found(game) -> bool | None:
    """Whether the pairing route decides the positional game ``game`` (Breaker's complete q-pairing
    at bias (1:q), Prop I.1.25; Avoider's complete pairing as the last player of the unbiased
    Avoider-Enforcer game, Prop I.1.21), asked of the SAT solver for at most
    :data:`PAIRING_PROBE_SECONDS`; None when the route does not apply or gives no answer in time."""
    from ..encode.qpairing import find_blocks, pairing_route
    size, _ = pairing_route(game)
    if size is None:
        return None
    try:
        blocks, _ = find_blocks(game, size, timeout=PAIRING_PROBE_SECONDS)
    except (BackendError, InputError, TooLarge, ModuleNotFoundError):
        return None
    return blocks is not None


def choose_pg(game) -> Choice:
    """The proof search: it beats the explicit solver on every Hex puzzle (bench/bench_search.py)."""
    return Choice("search", "the proof search beats the explicit solver on every Hex puzzle "
                            "(bench/bench_search.py)")


def as_choice(picked, chooser, game: str) -> Choice:
    """A registered chooser's answer as a :class:`Choice` (a bare name: its docstring's first line,
    or else the game's rule in docs/choosing-a-method.md, as the reason)."""
    if isinstance(picked, Choice):
        return picked
    doc = (getattr(chooser, "__doc__", None) or "").strip().split("\n")[0].rstrip(".")
    return Choice(picked, doc or f"the rule of {game}'s chooser (docs/choosing-a-method.md)")
