"""The classical boards of positional game theory, as hypergraph generators (registered in
:data:`verify.families.FAMILIES`).

- ``k_in_a_row_d(n, d, k)``: the board [n]^d, every line of k consecutive cells in one of the
  (3^d - 1)/2 directions an edge (tic-tac-toe is n=k=3, d=2). Cells are named by their coordinates
  ``x.y.z`` (1-based).
- ``qubic()``: 4×4×4 tic-tac-toe, the 76 winning lines (Patashnik 1980; Beck, *Combinatorial Games*,
  §3): ``k_in_a_row_d(4, 3, 4)``.
- ``animal(n, size, index)``: Harary's achievement games: the edges are every placement
  (translation, rotation, reflection) of one polyomino on the n×n board. Polyominoes of ``size``
  cells are the free polyominoes, listed in a fixed order (``polyominoes(size)``), ``index`` 0-based;
  size 4: 0 = I (Harary's Skinny), 1 = L (Elly), 2 = T (Knobby), 3 = O (Fatty), 4 = S (Tippy)
  (Harary's animal achievement games; Beck, *Combinatorial Games*, §1.4).
"""
from __future__ import annotations

from itertools import product

from ..errors import InputError
from ..hypergraph import Hypergraph


def _need(ok: bool, msg: str):
    if not ok:
        raise InputError(msg)


def _name(coords) -> str:
    return ".".join(str(c + 1) for c in coords)


def k_in_a_row_d(n: int, d: int, k: int) -> Hypergraph:
    """k-in-a-row on the d-dimensional board [n]^d (every line of k consecutive cells)."""
    _need(n >= 1 and d >= 1 and 1 <= k <= n, f"k-in-a-row-d needs n, d >= 1 and 1 <= k <= n (got {n}, {d}, {k})")
    _need(n ** d <= 4096, "k-in-a-row-d is limited to 4096 cells")
    cells = list(product(range(n), repeat=d))
    directions = []
    for v in product((-1, 0, 1), repeat=d):
        nz = [x for x in v if x]
        if nz and nz[0] == 1:  # one of each pair ±v
            directions.append(v)
    edges = {}
    for c in cells:
        for v in directions:
            line = [tuple(c[i] + j * v[i] for i in range(d)) for j in range(k)]
            if all(0 <= x < n for p in line for x in p):
                edges[frozenset(line)] = [_name(p) for p in line]
    return Hypergraph(list(edges.values()), vertices=[_name(c) for c in cells])


def qubic() -> Hypergraph:
    """Qubic: 4×4×4 tic-tac-toe, 64 cells and 76 lines."""
    return k_in_a_row_d(4, 3, 4)


def _normal(cells) -> tuple:
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return tuple(sorted((x - mx, y - my) for x, y in cells))


def _images(shape) -> set[tuple]:
    out = set()
    pts = list(shape)
    for _ in range(4):
        pts = [(y, -x) for x, y in pts]
        out.add(_normal(pts))
        out.add(_normal([(-x, y) for x, y in pts]))
    return out


def polyominoes(size: int) -> list[tuple]:
    """The free polyominoes with ``size`` cells (up to rotation and reflection), each as its least
    normalised image, in sorted order."""
    _need(1 <= size <= 7, "polyomino size must be 1..7")
    shapes = {((0, 0),)}
    for _ in range(size - 1):
        grown = set()
        for s in shapes:
            for x, y in s:
                for p in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if p not in s:
                        grown.add(min(_images(s + (p,))))
        shapes = grown
    return sorted(shapes)


def animal(n: int, size: int, index: int = 0) -> Hypergraph:
    """Harary's achievement game of the ``index``-th polyomino of ``size`` cells on the n×n board."""
    from . import cell
    shapes = polyominoes(size)
    _need(0 <= index < len(shapes), f"there are {len(shapes)} polyominoes of size {size} (index 0..{len(shapes) - 1})")
    _need(n >= 1, "animal needs n >= 1")
    edges = {}
    for img in _images(shapes[index]):
        w = max(x for x, _ in img) + 1
        h = max(y for _, y in img) + 1
        for dx in range(n - w + 1):
            for dy in range(n - h + 1):
                e = frozenset((x + dx, y + dy) for x, y in img)
                edges[e] = [cell(x, y) for x, y in sorted(e)]
    return Hypergraph(list(edges.values()), vertices=[cell(c, r) for r in range(n) for c in range(n)])
