"""Speed of the structural rank-3 Maker-Breaker solver (issues 3 and 11). Prints times and ratios;
not a test.

Issue 11 (``--connected``, also part of the default run): sparse *connected* boards, Maker first and
Breaker first, against today's solver as it was before issue 11 (loaded from git history
by bench/rank3_baseline.py, capped) in the same run:
- tree: random linear hypertrees (Breaker wins by a pairing);
- gadgets: hypertrees with n/12 copies of a 7-vertex Breaker win without pairing glued on (Breaker
  wins, the board has no pairing);
- extra: hypertrees plus random linear edges (Maker wins on the seeds used);
- round3: copies of the round-3 danger (verify family rank3-round3 k k k, k copies of cycles of length
  k), Maker first wins in round 3, Breaker first wins by the hub x;
- ring: no-pairing gadgets in a ring joined by edges with a private vertex (verify family rank3-ring
  k): 2-connected Breaker wins without pairing, cut into local parts;
- glued: the same gadgets glued at shared vertices (verify family rank3-glued k): 2-connected, no
  private vertex, no pairing; decided by J_2(D1).
Target: 100 vertices in under 10 s each, curve to 200 vertices.

- target: random 3-uniform boards with 60 vertices and 150 edges decided in < 10 s (both orders);
- scaling curves (vertices vs seconds) on two random families, until an instance takes too long:
  dense (m = 2.5 n edges, almost always Maker wins) and sparse linear (m = n/3 pairwise-linear edges,
  mostly Breaker wins: the expensive case, since every Maker line must be refuted);
- ratio structural / explicit reference where both finish.

Issue 19 (``--certify``): per family up to 200 vertices and the pairing boards (verify family
rank3-pairs), both orders: decide time, certify time (certificate built and checked), certificate
size (bytes of JSON) and check time, each capped at 60 s.

Run: python bench/bench_rank3.py [--quick] [--ratio] [--connected] [--certify]
   (--ratio: only the comparison with explicit; --connected: only the issue-11 families)
"""
from __future__ import annotations

import random
import signal
import statistics
import sys
import time

from rank3_baseline import baseline_winner

from verify.families.rank3 import (gadget_ring, glued_ring, round3_board, sparse_extra, sparse_gadgets,
                                   sparse_tree)
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
    print(f"== scaling, {name}: median seconds over {len(seeds)} seeds x 2 orders (cap {limit:.0f} s), "
          f"today's solver side by side")
    print(f"   {'n':>4} {'m':>4} {'median s':>9} {'max s':>8} {'today med':>10} {'today max':>10} "
          f"{'ratio':>6}  winners (maker-first/breaker-first)")
    old_done = True
    for n in sizes:
        times, olds, wins = [], [], []
        h = None
        for seed in seeds:
            h = make(n, seed)
            pair = []
            for first in ("maker", "breaker"):
                out, t = timed(solve_structural, MakerBreakerGame(h, first), limit=limit)
                times.append(t)
                pair.append("-" if out is None else out.winner[0].upper())
                if old_done:
                    old, t0 = timed(baseline_winner, MakerBreakerGame(h, first), limit=limit)
                    olds.append(t0)
                    if old is not None and out is not None:
                        assert old == out.winner, (name, n, seed, first)
            wins.append("".join(pair))
        med, worst = statistics.median(times), max(times)
        if olds:
            omed, oworst = statistics.median(olds), max(olds)
            ratio = f"{omed / max(med, 1e-4):.1f}" if oworst != float("inf") else ">"
            old_cols = f"{omed:>10.3f} {oworst:>10.3f} {ratio:>6}"
            old_done = oworst != float("inf")
        else:
            old_cols = f"{'skip':>10} {'skip':>10} {'-':>6}"
        print(f"   {n:>4} {h.m:>4} {med:>9.3f} {worst:>8.3f} {old_cols}  {' '.join(wins)}", flush=True)
        if worst == float("inf"):
            print(f"   stopped: an instance exceeded {limit:.0f} s")
            return


def main(quick: bool = False, only_ratio: bool = False, only_connected: bool = False):
    seeds = range(3) if quick else range(5)
    if not only_ratio:
        connected(quick)
    if only_connected:
        return
    if not only_ratio:
        target_and_curves(quick, seeds)
    ratios(quick, seeds)


def _extra_maker(n: int, seed: int) -> Hypergraph:
    """A hypertree plus 3 random linear edges; seeds are scanned until Maker wins (Maker first)."""
    for s in range(seed * 1000, seed * 1000 + 1000):
        h = sparse_extra(n, 3, s)
        if solve_structural(MakerBreakerGame(h, "maker")).winner == "maker":
            return h
    raise RuntimeError("no Maker win found")


CONNECTED = (
    ("tree", lambda n, s: sparse_tree(n, s), "B"),
    ("gadgets", lambda n, s: sparse_gadgets(n, max(1, n // 12), s), "B"),
    ("extra", _extra_maker, "M"),
    ("ring", lambda n, s: gadget_ring(max(2, n // 8)), "B"),
    ("glued", lambda n, s: glued_ring(max(2, n // 6)), "B"),
    ("round3", lambda n, s: _round3(n), "M"),
)


def _round3(n: int) -> Hypergraph:
    """rank3-round3 k k k with the largest k >= 3 whose board has at most n vertices (1 + k(4k-1):
    34, 61, 96, 139, 190 for k = 3..7)."""
    k = 3
    while 1 + (k + 1) * (4 * k + 3) <= n:
        k += 1
    return round3_board(k, k, k)


def connected(quick: bool, cap: float = 60.0, baseline_cap: float = 30.0):
    sizes = (21, 41, 61, 101, 151, 201) if quick else (21, 41, 61, 81, 101, 121, 151, 201)
    seeds = range(2) if quick else range(3)
    print("== issue 11: sparse connected boards; worst seconds over seeds, Maker first / Breaker first;")
    print(f"   today's solver (frozen copy, capped at {baseline_cap:.0f} s, skipped after a cap) in "
          f"the same run; ratio = today / now")
    print(f"   {'family':>8} {'n':>4} {'m':>4} {'now M':>8} {'now B':>8} {'today M':>8} {'today B':>8}"
          f" {'ratio':>7}  winners  how  (cpu s now M/B)")
    worst_100 = 0.0
    for fam, make, expect in CONNECTED:
        skip_baseline = False
        for n in sizes:
            rows = {"maker": [0.0, 0.0], "breaker": [0.0, 0.0]}
            cpu = {"maker": 0.0, "breaker": 0.0}
            wins, hows, m = [], set(), 0
            for seed in seeds:
                h = make(n, seed)
                m = h.m
                for first in ("maker", "breaker"):
                    c0 = time.process_time()
                    out, t = timed(solve_structural, MakerBreakerGame(h, first), limit=cap)
                    cpu[first] = max(cpu[first], time.process_time() - c0)
                    rows[first][0] = max(rows[first][0], t)
                    wins.append("-" if out is None else out.winner[0].upper())
                    if out is not None:
                        hows.add(out.stats["decided_by"])
                    if skip_baseline:
                        rows[first][1] = float("nan")
                        continue
                    old, t0 = timed(baseline_winner, MakerBreakerGame(h, first), limit=baseline_cap)
                    if old is not None and out is not None:
                        assert old == out.winner, (fam, n, seed, first)
                    rows[first][1] = max(rows[first][1], t0)
            if 95 <= n <= 105:
                worst_100 = max(worst_100, rows["maker"][0], rows["breaker"][0])
            now = rows["maker"][0] + rows["breaker"][0]
            old = rows["maker"][1] + rows["breaker"][1]
            ratio = ">" if old == float("inf") else ""
            old_m = _fmt(rows["maker"][1])
            old_b = _fmt(rows["breaker"][1])
            r = "-" if old != old else f"{ratio}{min(old, 2 * baseline_cap) / max(now, 1e-4):.0f}"
            print(f"   {fam:>8} {n:>4} {m:>4} {rows['maker'][0]:>8.3f} {rows['breaker'][0]:>8.3f} "
                  f"{old_m:>8} {old_b:>8} {r:>7}  {''.join(wins)}  {','.join(sorted(hows))}"
                  f"  (cpu {cpu['maker']:.3f}/{cpu['breaker']:.3f})", flush=True)
            if old == float("inf"):
                skip_baseline = True
    print("   small rings and round-3 boards, side by side with today's solver")
    for k in (2, 3, 4) if quick else (2, 3, 4, 5):
        h = gadget_ring(k)
        _side_by_side(f"ring k={k} n={h.n} m={h.m}", h, cap, baseline_cap)
        h = glued_ring(k)
        _side_by_side(f"glued k={k} n={h.n} m={h.m}", h, cap, baseline_cap)
    for params in ((3, 3, 2), (4, 4, 2), (3, 3, 3)):
        h = round3_board(*params)
        _side_by_side(f"round3 {params} n={h.n}", h, cap, baseline_cap)
    print(f"   worst at ~100 vertices: {worst_100:.3f}s -> {'OK' if worst_100 < 10 else 'MISSED'} (< 10 s)")


def _side_by_side(label: str, h: Hypergraph, cap: float, baseline_cap: float):
    """One line: winner and seconds now and today, Maker first and Breaker first."""
    row = []
    for first in ("maker", "breaker"):
        out, t = timed(solve_structural, MakerBreakerGame(h, first), limit=cap)
        old, t0 = timed(baseline_winner, MakerBreakerGame(h, first), limit=baseline_cap)
        if old is not None and out is not None:
            assert old == out.winner, (label, first)
        row.append(f"{first[0].upper()} {'-' if out is None else out.winner[0].upper()} "
                   f"{_fmt(t)}s (today {_fmt(t0)}s)")
    print(f"     {label}: " + "; ".join(row), flush=True)


def _fmt(t: float) -> str:
    if t != t:
        return "skip"
    return "cap" if t == float("inf") else f"{t:.3f}"


def target_and_curves(quick, seeds):
    print("== target: random 3-uniform, 60 vertices, 150 edges (< 10 s each)")
    worst = 0.0
    for seed in seeds:
        h = dense(60, 150, seed)
        row = []
        for first in ("maker", "breaker"):
            out, t = timed(solve_structural, MakerBreakerGame(h, first))
            old, t0 = timed(baseline_winner, MakerBreakerGame(h, first), limit=60.0)
            worst = max(worst, t)
            row.append(f"{first}-first: {out.winner} {t:.3f}s (today {t0:.3f}s)")
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


def certify_table(limit: float = 60.0):
    """Issue 19: decide, certify (build + check), size and check time per board, in CPU seconds
    (each step runs in this process; wall time on a shared machine is noisier)."""
    import json
    from verify.certificates.checker import check_certificate
    from verify.errors import TooLarge
    from verify.families.rank3 import pairing_board
    from verify.solvers.rank3.certify import certificate
    from verify.solvers.rank3.solver import DEFAULT

    def cpu(fn, *args):
        c0 = time.process_time()
        out, t = timed(fn, *args, limit=limit)
        return out, (time.process_time() - c0 if t != float("inf") else t)

    boards = [("pairs 25+10", pairing_board(25, 10, 0)), ("pairs 40+10", pairing_board(40, 10, 2)),
              ("pairs 40+25", pairing_board(40, 25, 3))]
    for n in (100, 200):
        boards += [(f"tree {n}", sparse_tree(n + 1, 1)), (f"gadgets {n}", sparse_gadgets(n, n // 12, 1)),
                   (f"extra {n}", sparse_extra(n, 3, 1)), (f"ring {n}", gadget_ring(n // 8)),
                   (f"glued {n}", glued_ring(n // 6)), (f"round3 {n}", _round3(n))]
    print(f"CPU seconds, each step capped at {limit:.0f} s; certify = certificate built (deciding again) + checked")
    print(f"{'board':14} {'first':7} {'n':>4} {'decide s':>9} {'certify s':>10} {'kind':24} {'KB':>7} {'check s':>8}")
    for label, h in boards:
        for first in ("maker", "breaker"):
            game = MakerBreakerGame(h, first)
            out, t_decide = cpu(solve_structural, game)
            try:
                cert, t_cert = cpu(certificate, game, DEFAULT)
            except TooLarge:
                cert, t_cert = None, float("nan")
            kind, size, t_check = "- (too large)" if t_cert != t_cert else "-", 0, float("nan")
            if cert is not None:
                _, t_check = cpu(check_certificate, cert)
                kind, size = cert["kind"], len(json.dumps(cert))
                t_cert += t_check
            print(f"{label:14} {first:7} {h.n:4d} {t_decide:9.3f} {t_cert:10.3f} {kind:24} {size / 1000:7.1f} "
                  f"{t_check:8.3f}", flush=True)


if __name__ == "__main__":
    if "--certify" in sys.argv:
        certify_table()
        sys.exit(0)
    main(quick="--quick" in sys.argv, only_ratio="--ratio" in sys.argv,
         only_connected="--connected" in sys.argv)
