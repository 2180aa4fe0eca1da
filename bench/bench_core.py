"""Core speed targets (issue 2). Prints times and ratios; not a test.

- 4×4 tic-tac-toe Maker-Breaker, Maker first: target < 0.5 s.
- explicit Maker-Breaker solver vs plain memoized minimax over (Maker set, Breaker set) on random
  rank-3 hypergraphs with 10–14 vertices: target ratio ≥ 20.
- ACV/AVD nim-values on 20-vertex hypergraphs.

Run: python bench/bench_core.py [--quick]; with VERIFY_BENCH_RECORD=FILE set, every measurement is
also appended to FILE as a JSON line, for the charts of `verify report OUT --bench FILE`.
"""
from __future__ import annotations

import statistics
import sys
import time

from verify.families import random_rank, tic_tac_toe
from verify.report.data import record
from verify.games.maker_breaker import MakerBreakerGame
from verify.solvers.explicit import naive_maker_wins, solve_impartial, solve_maker_breaker


def timed(fn, *args, **kw):
    t0 = time.perf_counter()
    out = fn(*args, **kw)
    return out, time.perf_counter() - t0


def main(quick: bool = False):
    print("== 4x4 tic-tac-toe, Maker first (target < 0.5 s)")
    times = []
    for _ in range(3):
        r, t = timed(solve_maker_breaker, MakerBreakerGame(tic_tac_toe(4), "maker"))
        times.append(t)
    print(f"   winner={r.winner}  best={min(times):.3f}s  nodes={r.stats['nodes']}")
    record("4x4 tic-tac-toe", "maker first", "explicit", min(times))
    _, t = timed(solve_maker_breaker, MakerBreakerGame(tic_tac_toe(4), "maker"), certificate=True)
    print(f"   with certificate: {t:.3f}s")

    print("== explicit vs plain minimax on random 3-uniform hypergraphs (target ratio >= 20)")
    print(f"   {'n':>3} {'m':>3} {'instances':>9} {'explicit s':>11} {'plain s':>9} {'ratio':>7}")
    ratios = []
    sizes = (10, 11, 12) if quick else (10, 11, 12, 13, 14)
    for n in sizes:
        m = n + 2
        te = tp = 0.0
        count = 3 if quick else 5
        for seed in range(count):
            game = MakerBreakerGame(random_rank(n, m, 3, seed=seed, uniform=True),
                                    "maker" if seed % 2 else "breaker")
            r, t1 = timed(solve_maker_breaker, game)
            w, t2 = timed(naive_maker_wins, game)
            assert (r.winner == "maker") == w, "explicit and plain minimax disagree"
            te += t1
            tp += t2
        ratios.append(tp / te)
        record("explicit vs plain minimax", f"n={n} m={m}", "explicit", te, ratio=tp / te)
        record("explicit vs plain minimax", f"n={n} m={m}", "plain minimax", tp)
        print(f"   {n:>3} {m:>3} {count:>9} {te:>11.3f} {tp:>9.3f} {tp / te:>7.1f}")
    print(f"   median ratio {statistics.median(ratios):.1f}, min {min(ratios):.1f}")

    print("== ACV/AVD nim-values on 20-vertex hypergraphs")
    for seed, (m, k) in enumerate(((30, 3), (40, 3), (25, 4))):
        h = random_rank(20, m, k, seed=seed, uniform=True)
        for kind in ("acv", "avd"):
            r, t = timed(solve_impartial, kind, h)
            print(f"   n=20 m={m} {k}-uniform {kind}: nim={r.nim} states={r.stats['states']} {t:.2f}s")
            record("nim-values, n=20", f"m={m} {k}-uniform", kind, t)


if __name__ == "__main__":
    main("--quick" in sys.argv)
