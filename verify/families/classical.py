"""The classical boards of positional game theory, as hypergraph generators (registered in
:data:`verify.families.FAMILIES`).

- ``k_in_a_row_d(n, d, k)``: the board [n]^d, every line of k consecutive cells in one of the
  (3^d - 1)/2 directions an edge (tic-tac-toe is n=k=3, d=2). Cells are named by their coordinates
  ``x.y.z`` (1-based).
- ``qubic()``: 4×4×4 tic-tac-toe, the 76 winning lines (Patashnik 1980; Beck, *Combinatorial Games*,
  §3): ``k_in_a_row_d(4, 3, 4)``.
- ``animal(name, b, c)``: Harary's achievement games: the edges are every placement
  (translation, rotation, reflection) of one polyomino on the b×c board (b columns, c rows), the
  polyomino named as Harary named it (domino, tic, elam, skinny, fatty, elly, knobby, tippy, snaky)
  or by its pentomino letter (F I L N P T U V W X Y Z) (Harary's animal achievement games; Gardner,
  *Sci. Am.* 240:4, 1979; Beck, *Combinatorial Games*, §1.4). ``polyominoes(size)`` lists every
  free polyomino of a size.
- ``arithmetic_progressions(n, k)``: the van der Waerden game, the k-term progressions in {1..n}.
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


#: Harary's names of the small animals (Gardner, *Sci. Am.* 240:4, 1979; Harary's achievement games)
#: and the usual letters of the pentominoes (Golomb), each as the cells of one placement
ANIMALS = {
    "monomino": ((0, 0),),
    "domino": ((0, 0), (1, 0)),
    "tic": ((0, 0), (1, 0), (2, 0)),                      # straight tromino
    "elam": ((0, 0), (1, 0), (0, 1)),                     # L (V) tromino
    "skinny": ((0, 0), (1, 0), (2, 0), (3, 0)),           # I tetromino
    "fatty": ((0, 0), (1, 0), (0, 1), (1, 1)),            # O tetromino
    "elly": ((0, 0), (1, 0), (2, 0), (0, 1)),             # L tetromino
    "knobby": ((0, 0), (1, 0), (2, 0), (1, 1)),           # T tetromino
    "tippy": ((0, 0), (1, 0), (1, 1), (2, 1)),            # S (Z) tetromino
    "F": ((1, 0), (2, 0), (0, 1), (1, 1), (1, 2)),
    "I": ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0)),
    "L": ((0, 0), (1, 0), (2, 0), (3, 0), (0, 1)),
    "N": ((0, 0), (1, 0), (1, 1), (2, 1), (3, 1)),
    "P": ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2)),
    "T": ((0, 2), (1, 2), (2, 2), (1, 1), (1, 0)),
    "U": ((0, 1), (0, 0), (1, 0), (2, 0), (2, 1)),
    "V": ((0, 0), (1, 0), (2, 0), (0, 1), (0, 2)),
    "W": ((0, 0), (0, 1), (1, 1), (1, 2), (2, 2)),
    "X": ((1, 0), (0, 1), (1, 1), (2, 1), (1, 2)),
    "Y": ((0, 0), (1, 0), (2, 0), (3, 0), (1, 1)),
    "Z": ((0, 2), (1, 2), (1, 1), (1, 0), (2, 0)),
    # Snaky, Harary's hexomino: the I tetromino and a skew domino, {(0,0),(1,0),(2,0),(3,0),(3,1),
    # (4,1)} (Halupczok & Schlage-Puchta, "Achieving Snaky", Integers 7 (2007), Fig. 1; the same
    # cells in github.com/gotrevor/snaky-15x15, docs/notes/snaky.md and lean/Snaky/Game.lean). No
    # symmetry, so its 8 images are distinct: 8 (n - 4)(n - 1) placements on n x n (224 on 8x8,
    # 320 on 9x9). Breaker wins on 8x8 (Halupczok & Schlage-Puchta); Maker on 15x15 (gotrevor).
    "snaky": ((0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1)),
}


def animal_shape(name: str) -> tuple:
    """The cells of the animal called ``name`` (a Harary name or a pentomino letter, any case)."""
    shape = _BY_KEY.get(name.lower())
    if shape is None:
        raise InputError(f"unknown animal {name!r} (known: {', '.join(ANIMALS)})")
    return shape


_BY_KEY = {k.lower(): v for k, v in ANIMALS.items()}


def placements(shape, width: int, height: int) -> list[frozenset]:
    """Every placement (translation of a rotation or reflection) of ``shape`` inside the
    width × height rectangle, as sets of (column, row) cells, each once."""
    out = {}
    for img in sorted(_images(shape)):
        w = max(x for x, _ in img) + 1
        h = max(y for _, y in img) + 1
        for dy in range(height - h + 1):
            for dx in range(width - w + 1):
                e = frozenset((x + dx, y + dy) for x, y in img)
                out.setdefault(e, None)
    return list(out)


def animal(name: str, width: int, height: int | None = None) -> Hypergraph:
    """Harary's achievement game of the named animal on the width × height board (square when
    ``height`` is omitted): the edges are every placement of the animal, rotations and reflections
    allowed."""
    from . import cell
    height = width if height is None else height
    _need(width >= 1 and height >= 1, f"animal boards need positive sides (got {width}x{height})")
    _need(width * height <= 4096, "animal boards are limited to 4096 cells")
    edges = [[cell(x, y) for x, y in sorted(e, key=lambda p: (p[1], p[0]))]
             for e in placements(animal_shape(name), width, height)]
    return Hypergraph(edges, vertices=[cell(c, r) for r in range(height) for c in range(width)])


def arithmetic_progressions(n: int, k: int) -> Hypergraph:
    """The van der Waerden game board: vertices 1..n, every k-term arithmetic progression
    {a, a + d, ..., a + (k - 1)d} (d >= 1) inside {1..n} an edge (Beck 1981)."""
    _need(n >= 1 and 1 <= k <= n, f"ap needs 1 <= k <= n (got n={n}, k={k})")
    _need(n <= 4096, "ap is limited to n <= 4096")
    vs = [str(i) for i in range(1, n + 1)]
    if k == 1:
        return Hypergraph([[v] for v in vs], vertices=vs)
    edges = [[str(a + i * d) for i in range(k)]
             for d in range(1, (n - 1) // (k - 1) + 1) for a in range(1, n - (k - 1) * d + 1)]
    return Hypergraph(edges, vertices=vs)
