"""Structure-diagram nim-values (paper 000 Algorithm 4.13) versus explicit Grundy search as the vertex
count grows. Prints times (best of 3) and ratios against the explicit reference (residual states up to
isomorphism) and against literal Grundy search over positions (subsets of V, n <= 16); not a test.

Families: Sieben's spectrum construction H_k (AVD, Def 9.6), complete K_n^2 (ACV/AVD) and K_n^{n-1}
(DST/PRV), and seeded random hypergraphs with edges of size 2-4 (all four games).

Run: python bench/bench_structure.py [--quick]
"""
from __future__ import annotations

import sys
import time

from verify.claims.paper000 import H_k
from verify.families import complete, random_rank
from verify.solvers.explicit import nim_positional, solve_impartial
from verify.solvers.structure import solve_structure


def timed(fn, *args):
    """Best of three runs (one when a run takes over half a second)."""
    best, out = None, None
    for _ in range(3):
        t0 = time.perf_counter()
        out = fn(*args)
        t = time.perf_counter() - t0
        best = t if best is None else min(best, t)
        if t > 0.5:
            break
    return out, best


LITERAL_MAX = 16


def row(label, kind, h, explicit_ok=True):
    s, ts = timed(solve_structure, kind, h)
    if explicit_ok:
        e, te = timed(solve_impartial, kind, h)
        assert e.nim == s.nim, (label, kind, e.nim, s.nim)
        ex, ratio = f"{te:10.4f}", f"{te / ts:8.1f}"
    else:
        ex, ratio = f"{'-':>10}", f"{'-':>8}"
    if h.n <= LITERAL_MAX:
        labels, tl = timed(nim_positional, kind, h)
        assert labels[0] == s.nim
        lit, lratio = f"{tl:10.4f}", f"{tl / ts:9.1f}"
    else:
        lit, lratio = f"{'-':>10}", f"{'-':>9}"
    print(f"   {label:<22} {kind:>4} {h.n:>4} {s.stats['classes']:>8} {s.nim:>4} {ts:10.4f} {ex} {ratio} {lit} {lratio}")
    return ts


def main(quick: bool = False):
    head = f"   {'instance':<22} {'game':>4} {'n':>4} {'classes':>8} {'nim':>4} {'struct s':>10} {'explicit s':>10} {'ratio':>8} {'literal s':>10} {'lit ratio':>9}"
    print("== Sieben's H_k (Def 9.6): nim(AVD(H_k)) = k")
    print(head)
    for k in range(2, 8 if quick else 9):
        h = H_k(k)
        row(f"H_{k}", "avd", h, explicit_ok=h.n <= 45)
    print("== complete K_n^2 (building games) and K_n^(n-1) (removing games)")
    print(head)
    for n in ((8, 12, 16) if quick else (8, 12, 16, 24, 32, 48)):
        for kind in ("acv", "avd"):
            row(f"K_{n}^2", kind, complete(n, 2))
        for kind in ("dst", "prv"):
            row(f"K_{n}^{n - 1}", kind, complete(n, n - 1))
    print("== beyond the explicit solver's 64-vertex limit (removing games on K_n^(n-1))")
    print(head)
    for n in (100, 200):
        for kind in ("dst", "prv"):
            row(f"K_{n}^{n - 1}", kind, complete(n, n - 1), explicit_ok=False)
    print("== seeded random hypergraphs, m = n edges of size <= 4")
    print(head)
    for n in ((8, 10, 12) if quick else (8, 10, 12, 14, 16)):
        for seed in range(2):
            h = random_rank(n, n, 4, seed)
            for kind in ("acv", "avd", "dst", "prv"):
                row(f"random n={n} seed={seed}", kind, h)


if __name__ == "__main__":
    main("--quick" in sys.argv)
