"""Named families of hypergraphs, as generators.

Board cells are named chess-style: column letter then row number (``a1`` is the bottom-left cell).
Every family is reachable by name through :data:`FAMILIES` (used by ``verify family``).
"""
from __future__ import annotations

import random
import string
from itertools import combinations

from .. import limits
from ..errors import InputError, TooLarge
from ..hypergraph import Hypergraph


def cell(col: int, row: int) -> str:
    letters = string.ascii_lowercase
    name = ""
    col += 1
    while col:
        col, r = divmod(col - 1, 26)
        name = letters[r] + name
    return f"{name}{row + 1}"


def complete(n: int, r: int) -> Hypergraph:
    """K_n^r: vertices 1..n, every r-subset an edge (paper 000 Ex. 2.5)."""
    _need(n >= 0 and 0 <= r <= n, f"complete needs 0 <= r <= n (got n={n}, r={r})")
    vs = [str(i) for i in range(1, n + 1)]
    return Hypergraph(combinations(vs, r), vertices=vs)


def k_in_a_row(m: int, n: int, k: int) -> Hypergraph:
    """k-in-a-row on an m×n board (m columns, n rows): every horizontal, vertical and diagonal
    line of k consecutive cells is an edge."""
    _need(m >= 1 and n >= 1 and 1 <= k <= max(m, n), f"k-in-a-row needs 1 <= k <= max(m, n) (got {m}x{n}, k={k})")
    vs = [cell(c, r) for r in range(n) for c in range(m)]
    edges = []
    for r in range(n):
        for c in range(m):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                line = [(c + i * dc, r + i * dr) for i in range(k)]
                if all(0 <= x < m and 0 <= y < n for x, y in line):
                    edges.append([cell(x, y) for x, y in line])
    # k = 1 makes all four directions the same singleton
    return Hypergraph(list({frozenset(e): e for e in edges}.values()), vertices=vs)


def tic_tac_toe(n: int = 3) -> Hypergraph:
    """n×n tic-tac-toe: the n rows, n columns and the two main diagonals."""
    _need(n >= 1, "tic-tac-toe needs n >= 1")
    vs = [cell(c, r) for r in range(n) for c in range(n)]
    lines = [[cell(c, r) for c in range(n)] for r in range(n)]
    lines += [[cell(c, r) for r in range(n)] for c in range(n)]
    lines.append([cell(i, i) for i in range(n)])
    lines.append([cell(i, n - 1 - i) for i in range(n)])
    return Hypergraph(list({frozenset(e): e for e in lines}.values()), vertices=vs)


def chain_path(k: int) -> Hypergraph:
    """A path of k size-3 edges, consecutive edges sharing one vertex: {1,2,3}, {3,4,5}, ..."""
    _need(k >= 1, "chain needs k >= 1 edges")
    return Hypergraph([[str(2 * i + 1), str(2 * i + 2), str(2 * i + 3)] for i in range(k)])


def chain_cycle(k: int) -> Hypergraph:
    """A cycle of k >= 2 size-3 edges, consecutive edges (cyclically) sharing one vertex."""
    _need(k >= 2, "cycle needs k >= 2 edges")
    n = 2 * k
    return Hypergraph([[str(2 * i % n + 1), str(2 * i % n + 2), str((2 * i + 2) % n + 1)] for i in range(k)])


def fano() -> Hypergraph:
    """The Fano plane: 7 points, 7 lines of 3."""
    lines = [(1, 2, 3), (1, 4, 5), (1, 6, 7), (2, 4, 6), (2, 5, 7), (3, 4, 7), (3, 5, 6)]
    return Hypergraph([[str(v) for v in l] for l in lines])


def random_rank(n: int, m: int, k: int = 3, seed: int = 0, uniform: bool = False) -> Hypergraph:
    """A seeded random hypergraph on n vertices with m distinct edges of size <= k (== k if uniform)."""
    _need(n >= 1 and k >= 1 and m >= 0, "random needs n >= 1, k >= 1, m >= 0")
    rng = random.Random(seed)
    vs = [str(i) for i in range(1, n + 1)]
    sizes = [k] if uniform else list(range(1, min(k, n) + 1))
    from math import comb
    cap = sum(comb(n, s) for s in sizes if s <= n)
    _need(m <= cap, f"only {cap} distinct edges of those sizes exist on {n} vertices")
    edges: set[frozenset] = set()
    while len(edges) < m:
        s = rng.choice(sizes)
        edges.add(frozenset(rng.sample(vs, s)))
    return Hypergraph([sorted(e, key=int) for e in sorted(edges, key=lambda e: sorted(map(int, e)))], vertices=vs)


def _need(ok: bool, msg: str):
    if not ok:
        raise InputError(msg)


# generators in submodules build on cell() above
from . import classical, graphs, rank3  # noqa: E402
from .hex import hex_board  # noqa: E402

FAMILIES = {
    "complete": (complete, ["n", "r"]),
    "tic-tac-toe": (tic_tac_toe, ["n"]),
    "k-in-a-row": (k_in_a_row, ["m", "n", "k"]),
    "chain": (chain_path, ["k"]),
    "cycle": (chain_cycle, ["k"]),
    "fano": (fano, []),
    "hex": (hex_board, ["k"]),
    "random": (random_rank, ["n", "m", "k", "seed"]),
    # classical boards (issue 9): Qubic, k-in-a-row in d dimensions, Harary's animals
    "qubic": (classical.qubic, []),
    "k-in-a-row-d": (classical.k_in_a_row_d, ["n", "d", "k"]),
    "animal": (classical.animal, ["animal", "b", "c"]),
    "ap": (classical.arithmetic_progressions, ["n", "k"]),
    # boards on the edges of K_n (issue 32): graph PROPERTY N, graph clique K N
    "graph": (graphs.graph_board, ["property", "k", "n"]),
    # rank-3 families for Galliot's criterion (paper 004)
    "rank3-round3": (rank3.round3_board, ["c", "q", "copies", "gap"]),
    "rank3-tree": (rank3.sparse_tree, ["n", "seed"]),
    "rank3-gadgets": (rank3.sparse_gadgets, ["n", "gadgets", "seed"]),
    "rank3-extra": (rank3.sparse_extra, ["n", "extra", "seed"]),
    "rank3-ring": (rank3.gadget_ring, ["k"]),
    "rank3-glued": (rank3.glued_ring, ["k"]),
    "rank3-diamonds": (rank3.diamond_chain, ["k"]),
    "rank3-pairs": (rank3.pairing_board, ["pairs", "extra", "seed"]),
}


#: parameters given by name rather than as integers
TEXT_PARAMS = {"animal", "property"}


def family_params(name: str) -> tuple[list[str], list[str]]:
    """(required, optional) parameter names of a family."""
    names = FAMILIES[name][1]
    if name == "random":
        required = [p for p in names if p not in ("k", "seed")]
    elif name.startswith("rank3-"):
        required = names[:0 if name == "rank3-round3" else 1]
    elif name == "animal":
        required = names[:2]
    elif name == "graph":  # graph PROPERTY N, but graph clique K N (K listed in the family's help)
        return ["property", "n"], []
    else:
        required = names
    return required, names[len(required):]


def _comb_capped(n: int, r: int, cap: int) -> int:
    """C(n, r), or some number above ``cap`` once the product passes it (a few steps, whatever n)."""
    r = min(r, n - r)
    c = 1
    for i in range(max(r, 0)):
        c = c * (n - i) // (i + 1)
        if c > cap:
            return c
    return c


def _grid(m: int, n: int) -> tuple[int, int]:
    return m * n, 4 * m * n


#: (vertices, edges) of a family's board at most, from its parameters (before any is built);
#: families not listed cap their own size (hex, ap, animal, k-in-a-row-d) or grow linearly
#: in their parameters (the rank-3 families: at most their sum, each way)
SIZES = {
    "complete": lambda n, r: (n, _comb_capped(n, r, limits.MAX_HYPERGRAPH_MASK_BITS)),
    "tic-tac-toe": lambda n: (n * n, 2 * n + 2),
    "k-in-a-row": lambda m, n, k: _grid(m, n),
    "chain": lambda k: (2 * k + 1, k),
    "cycle": lambda k: (2 * k, k),
    "random": lambda n, m, k=3, seed=0: (n, m),
    # its winning sets are counted by the family itself (graphs.MAX_SETS) once K_N's edges fit
    "graph": lambda prop, a=None, b=None: (_comb_capped(b if prop == "clique" and b is not None else a or 0, 2,
                                                       limits.MAX_HYPERGRAPH_MASK_BITS), 1),
}


def check_family_size(name: str, values: list) -> None:
    """TooLarge, before the board is built, when it would need more than
    ``limits.MAX_HYPERGRAPH_MASK_BITS`` bits of edge bitmasks (at most vertices × edges; the
    :class:`~verify.hypergraph.Hypergraph` refuses it anyway, but only after every name is made:
    ``tic-tac-toe 100000`` made 10^10 of them first)."""
    ints = [v for p, v in zip(FAMILIES[name][1], values) if isinstance(v, int) and p != "seed"]
    if name in SIZES:
        vertices, edges = SIZES[name](*values)
    elif name.startswith("rank3-"):
        vertices = edges = sum(abs(v) + 1 for v in ints)
    else:
        return
    cap = limits.MAX_HYPERGRAPH_MASK_BITS
    if vertices > cap or vertices * max(edges, 1) > cap:
        raise TooLarge(f"family {name} {' '.join(map(str, values))}: up to {vertices:,} vertices and "
                       f"{edges:,} edges, beyond the {cap:,} bits of edge bitmasks a board may have "
                       "(limits.MAX_HYPERGRAPH_MASK_BITS)")


def family(name: str, *params) -> Hypergraph:
    """Build a named family instance from its parameters (see :data:`FAMILIES`): integers, or
    strings of digits, except the parameters in :data:`TEXT_PARAMS`."""
    if name not in FAMILIES:
        raise InputError(f"unknown family {name!r} (known: {', '.join(sorted(FAMILIES))})")
    fn, names = FAMILIES[name]
    required, _optional = family_params(name)
    values = []
    for p, v in zip(names, params):
        if p in TEXT_PARAMS or isinstance(v, int):
            values.append(v)
        elif isinstance(v, str) and v.lstrip("-").isdigit() and len(v) < 10:
            values.append(int(v))
        else:
            raise InputError(f"family {name}: parameters must be integers ({p} got {v!r})")
    if not (len(required) <= len(params) <= len(names)):
        raise InputError(f"family {name} takes parameters {' '.join(names)}" if names
                         else f"family {name} takes no parameters")
    check_family_size(name, values)
    return fn(*values)
