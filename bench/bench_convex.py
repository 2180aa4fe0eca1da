"""GEN/DNG on convex geometries: the explicit literal-position reference vs the ``structure`` method
(minimal-generating-set hypergraph, paper 000 §8.1, then the ACV/AVD structure or residual solver),
as the ground set grows. Not a test.

Run: python bench/bench_convex.py [--max N]
"""
from __future__ import annotations

import random
import sys
import time

from verify import convex as cv
from verify.games.convex import ConvexGame
from verify.solvers import solve


def families(nmax: int):
    rnd = random.Random(2024)
    for n in list(range(6, min(nmax, 16) + 1, 2)) + list(range(24, nmax + 1, 8)):
        yield "line", n, cv.affine([[i * i] for i in range(n)]), [0, n // 2]
        tree = [[str(i), str(rnd.randrange(i))] for i in range(1, n)]
        yield "tree-vertex", n, cv.tree_vertex(tree), [1, n - 1]
        yield "tree-edge", n, cv.tree_edge(tree + [[str(n), "0"]]), [0, n - 1]
        if n > 24:
            continue  # plane: the maximal non-generating sets grow quickly with n
        grid = [(x, y) for x in range(n) for y in range(n)]
        pts = rnd.sample(grid, n)
        yield "plane", n, cv.affine([list(p) for p in pts]), [0, 1]


INNER = set()
EXPLICIT_MAX = 16


def timed(kind, game, method):
    t0 = time.perf_counter()
    r = solve(kind, game, method=method)
    if "hypergraph_method" in r.stats:
        INNER.add(r.stats["hypergraph_method"])
    return r.nim, time.perf_counter() - t0


def main(nmax: int = 48):
    print(f"{'family':12s} {'n':>3s} {'game':4s} {'nim':>3s} {'explicit s':>11s} {'structure s':>12s} {'ratio':>7s}")
    for name, n, g, widx in families(nmax):
        w = sum(1 << i for i in widx)
        for kind in ("gen", "dng"):
            try:
                game = ConvexGame(kind, g, w)
            except Exception as exc:  # undefined DNG
                print(f"{name:12s} {n:3d} {kind:4s}  -- {exc}")
                continue
            b, tb = timed(kind, game, "structure")
            if g.n > EXPLICIT_MAX:
                print(f"{name:12s} {n:3d} {kind:4s} {b:3d} {'-':>11s} {tb:12.4f} {'-':>7s}")
                continue
            g._memo.clear()
            a, ta = timed(kind, game, "explicit")
            assert a == b, (name, n, kind, a, b)
            print(f"{name:12s} {n:3d} {kind:4s} {a:3d} {ta:11.4f} {tb:12.4f} {ta / tb:7.1f}")
            g._memo.clear()
    print(f"structure method solved H with: {', '.join(sorted(INNER))}")


if __name__ == "__main__":
    nmax = int(sys.argv[sys.argv.index("--max") + 1]) if "--max" in sys.argv else 48
    main(nmax)
