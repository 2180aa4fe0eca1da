"""Speed of the structural rank-3 Maker-Breaker solver (issue 3). Prints times and ratios; not a test.

- target: random 3-uniform boards with 60 vertices and 150 edges decided in < 10 s (both orders);
- scaling curves (vertices vs seconds) on two random families, until an instance takes too long:
  dense (m = 2.5 n edges, almost always Maker wins) and sparse linear (m = n/3 pairwise-linear edges,
  mostly Breaker wins: the expensive case, since every Maker line must be refuted);
- ratio structural / explicit reference where both finish.

Run: python bench/bench_rank3.py [--quick] [--ratio]   (--ratio: only the comparison with explicit)
"""
from __future__ import annotations

import random
import signal
import statistics
import sys
import time

from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import Hypergraph
from verify.solvers.explicit import solve_maker_breaker
from verify.solvers.rank3 import solve_structural


class Timeout(Exception):
    pass


def _alarm(signum, frame):
    raise Timeout


def timed(fn, *args, limit: float | None = None):
    if limit:
        signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, limit)
    t0 = time.perf_counter()
    try:
        out = fn(*args)
    except Timeout:
        return None, float("inf")
    finally:
        if limit:
            signal.setitimer(signal.ITIMER_REAL, 0)
    return out, time.perf_counter() - t0


def dense(n: int, m: int, seed: int) -> Hypergraph:
    rng = random.Random(seed)
    edges: set[int] = set()
    while len(edges) < m:
        edges.add(sum(1 << i for i in rng.sample(range(n), 3)))
    return Hypergraph.from_masks([str(i) for i in range(n)], sorted(edges))


def sparse_linear(n: int, m: int, seed: int) -> Hypergraph:
    rng = random.Random(seed)
    edges: list[int] = []
    tries = 0
    while len(edges) < m and tries < 100000:
        tries += 1
        e = sum(1 << i for i in rng.sample(range(n), 3))
        if all((e & f).bit_count() <= 1 for f in edges):
            edges.append(e)
    return Hypergraph.from_masks([str(i) for i in range(n)], edges)


def curve(name, make, sizes, seeds, limit):
    print(f"== scaling, {name}: median seconds over {len(seeds)} seeds x 2 orders (cap {limit:.0f} s)")
    print(f"   {'n':>4} {'m':>4} {'median s':>9} {'max s':>8}  winners (maker-first/breaker-first)")
    for n in sizes:
        times, wins = [], []
        h = None
        for seed in seeds:
            h = make(n, seed)
            pair = []
            for first in ("maker", "breaker"):
                out, t = timed(solve_structural, MakerBreakerGame(h, first), limit=limit)
                times.append(t)
                pair.append("-" if out is None else out.winner[0].upper())
            wins.append("".join(pair))
        med, worst = statistics.median(times), max(times)
        print(f"   {n:>4} {h.m:>4} {med:>9.3f} {worst:>8.3f}  {' '.join(wins)}", flush=True)
        if worst == float("inf"):
            print(f"   stopped: an instance exceeded {limit:.0f} s")
            return


def main(quick: bool = False, only_ratio: bool = False):
    seeds = range(3) if quick else range(5)
    if not only_ratio:
        target_and_curves(quick, seeds)
    ratios(quick, seeds)


def target_and_curves(quick, seeds):
    print("== target: random 3-uniform, 60 vertices, 150 edges (< 10 s each)")
    worst = 0.0
    for seed in seeds:
        h = dense(60, 150, seed)
        row = []
        for first in ("maker", "breaker"):
            out, t = timed(solve_structural, MakerBreakerGame(h, first))
            worst = max(worst, t)
            row.append(f"{first}-first: {out.winner} {t:.3f}s")
        print(f"   seed {seed}: " + ", ".join(row), flush=True)
    print(f"   worst {worst:.3f}s -> {'OK' if worst < 10 else 'MISSED'}")

    curve("dense m = 2.5n", lambda n, s: dense(n, int(2.5 * n), s),
          (20, 40, 60, 100, 150, 200) if quick else (20, 40, 60, 80, 100, 150, 200, 300),
          seeds, 60.0)
    curve("sparse linear m = n/3", lambda n, s: sparse_linear(n, n // 3, s),
          (12, 18, 24, 30, 36) if quick else (12, 18, 24, 30, 36, 45, 60, 75),
          seeds, 60.0)



def ratios(quick, seeds):
    print("== structural vs explicit reference (both orders, same instances; explicit capped at 60 s)")
    print(f"   {'family':>8} {'n':>3} {'m':>3} {'explicit s':>11} {'structural s':>13} {'ratio':>7}")
    dense_sizes = (12, 16, 20, 24) if quick else (12, 16, 20, 24, 28, 32, 40, 48)
    sparse_sizes = (12, 18, 24, 30) if quick else (12, 18, 24, 30, 36, 45, 60)
    for fam, make, sizes in (("dense", lambda n, s: dense(n, 2 * n, s), dense_sizes),
                             ("sparse", lambda n, s: sparse_linear(n, n // 3, s), sparse_sizes)):
        for n in sizes:
            te = ts = 0.0
            ok = True
            for seed in seeds:
                h = make(n, seed)
                for first in ("maker", "breaker"):
                    a, t1 = timed(solve_maker_breaker, MakerBreakerGame(h, first), limit=60.0)
                    b, t2 = timed(solve_structural, MakerBreakerGame(h, first))
                    if a is None:
                        ok = False
                        break
                    assert a.winner == b.winner, (h, first)
                    te, ts = te + t1, ts + t2
                if not ok:
                    break
            if not ok:
                print(f"   {fam:>8} {n:>3}   explicit exceeded 60 s on one instance; stopping this family")
                break
            print(f"   {fam:>8} {n:>3} {make(n, 0).m:>3} {te:>11.3f} {ts:>13.3f} {te / ts:>7.1f}", flush=True)


if __name__ == "__main__":
    main(quick="--quick" in sys.argv, only_ratio="--ratio" in sys.argv)
