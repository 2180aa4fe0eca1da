"""Hypergraph NIM (paper 003) speed: SG tables by the box DP, and DP vs the explicit recursion.

- SG tables on boxes [0..b]^n up to [0..16]^5 for classical NIM, the 4-cycle (JM+), Moore's
  NIM_{n-1} and all non-empty subsets: time, peak traced memory (numpy allocations included), size.
- DP vs the naive memoized recursion (``explicit_table``) on boxes where both finish: ratio.
- JM formula (height table) vs DP on a large JM+ box.

Run: python bench/bench_hypernim.py [--quick]
"""
from __future__ import annotations

import sys
import time
import tracemalloc

from verify.games.hypernim import HyperNim, classical_nim, moore, uniform_edges
from verify.solvers import hypernim as S


def all_subsets(n: int) -> HyperNim:
    return HyperNim(uniform_edges([str(i) for i in range(1, n + 1)], range(1, n + 1)))


def cycle(n: int) -> HyperNim:
    v = [str(i) for i in range(1, n + 1)]
    return HyperNim([[v[i], v[(i + 1) % n]] for i in range(n)], vertices=v)


def measure(fn, *args, **kw):
    tracemalloc.start()
    t0 = time.perf_counter()
    out = fn(*args, **kw)
    dt = time.perf_counter() - t0
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return out, dt, peak / 2 ** 20


def main(quick: bool = False):
    print("== SG tables by the box DP")
    print(f"{'game':28s} {'box':>10s} {'positions':>10s} {'edges':>5s} {'max SG':>6s} {'time s':>8s} {'peak MiB':>8s}")
    cases = [("NIM, 5 piles", classical_nim(5)), ("4-cycle (JM+)", cycle(4)),
             ("Moore NIM_4, 5 piles", moore(5, 4)), ("all subsets, 5 piles", all_subsets(5))]
    sides = (4, 8, 12) if quick else (4, 8, 12, 16)
    for name, g in cases:
        for b in sides:
            top = [b] * g.n
            t, dt, mem = measure(S.sg_table, g, top)
            print(f"{name:28s} {'[0..%d]^%d' % (b, g.n):>10s} {t.size:>10d} {len(g.edges):>5d} {int(t.max()):>6d} "
                  f"{dt:>8.2f} {mem:>8.1f}", flush=True)

    print("\n== DP vs naive memoized recursion (explicit_table), same box")
    print(f"{'game':28s} {'box':>10s} {'explicit s':>10s} {'dp s':>8s} {'ratio':>7s}")
    pairs = [("NIM, 3 piles", classical_nim(3), 12), ("Moore NIM_2, 3 piles", moore(3, 2), 10),
             ("4-cycle", cycle(4), 6), ("Moore NIM_3, 4 piles", moore(4, 3), 5 if quick else 6),
             ("all subsets, 4 piles", all_subsets(4), 5 if quick else 6)]
    for name, g, b in pairs:
        top = [b] * g.n
        e, te, _ = measure(S.explicit_table, g, top)
        d, td, _ = measure(S.sg_table, g, top)
        assert (e == d).all()
        print(f"{name:28s} {'[0..%d]^%d' % (b, g.n):>10s} {te:>10.2f} {td:>8.3f} {te / td:>7.0f}", flush=True)

    print("\n== JM formula (one position, height table) vs DP (whole SG table), 4-cycle")
    g = cycle(4)
    for b in ((10, 20) if quick else (10, 20, 30)):
        x = (b, b + 1, b + 2, b + 3)
        v, tf, _ = measure(S.jm_value, g, x)
        t, td, _ = measure(S.sg_table, g, x)
        assert int(t[x]) == v
        print(f"x = {x}: formula {tf:.3f} s, dp {td:.2f} s, sg = {v}", flush=True)


if __name__ == "__main__":
    main("--quick" in sys.argv)
