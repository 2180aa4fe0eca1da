"""The Maker-Breaker kernel with and without its searched pairing leaves, side by side; not a test.

``verify.solvers.search.fast.MB_PAIR_BUDGET`` (issue 33, defender proofs) lets the compiled
Maker-Breaker kernel try :func:`verify.solvers.search.kernel.pair_search` on any number of live sets
(before it, only a greedy pairing of at most 32 live sets). Each question ("does Maker win?", the
positions of ``bench_search.py --engines`` plus Snaky and Harary's 8x8 animal boards) runs in a
child process of its own with budget 0 (the greedy leaf alone) and with each budget given, and the
rows print nodes, CPU seconds and the time ratio (off / on: above 1 is faster with the leaves).

Run: nice python bench/bench_mb_pairings.py [--budgets 64,256] [--limit S] [--only SUBSTRING] [--no-hex]
[--races] (--races: Harary's animal races and van der Waerden races of ``bench_search.py --engines
--races``, "does black win?", on the race kernel, whose replies into pairing leaves the budget
turns on; its pairing leaves at X's turns stay on in both columns)
"""
from __future__ import annotations

import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_search import engine_positions, in_child, race_positions  # noqa: E402

from verify.errors import Undecided  # noqa: E402


def positions(hex_puzzles: bool, only: str, races: bool):
    from verify.families import family
    from verify.games import positional as pg
    if races:  # the race kernel's replies into pairing leaves: "does black win?"
        return race_positions(only) + [(f"ap n={n} k=5 race", pg.race(family("ap", n, 5))) for n in (24, 26, 28)
                                       if only in f"ap n={n} k=5 race"]
    out = engine_positions(hex_puzzles, "")
    for side in (6, 7):
        out.append((f"snaky {side}x{side}", pg.from_maker_breaker(family("animal", "snaky", side), 0, 0, "maker")))
    for name in ("I", "P", "T", "U", "V", "fatty"):
        out.append((f"{name} 8x8", pg.from_maker_breaker(family("animal", name, 8), 0, 0, "maker")))
    return [(name, g) for name, g in out if only in name]


def _child(budget, game, limit, conn):
    from verify.games import positional as pg
    from verify.solvers.search import fast
    fast.warm_up()
    fast.MB_PAIR_BUDGET = budget
    s = fast.FastProofSearch(game, pg.BLACK, deadline=time.monotonic() + limit, symmetry=True)
    t0 = time.process_time()
    try:
        won = "maker" if s.wins(*game.start(), 0) else "breaker"
    except Undecided:
        won = "?"
    conn.send((won, s.nodes, s.hits.get("pairing_leaf", 0), time.process_time() - t0,
               resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024))


def run(budget, game, limit):
    return in_child(_child, (budget, game, limit), limit, ("?", 0, 0, limit, 0.0))


def main(argv):
    limit = float(argv[argv.index("--limit") + 1]) if "--limit" in argv else 120.0
    only = argv[argv.index("--only") + 1] if "--only" in argv else ""
    budgets = [int(b) for b in (argv[argv.index("--budgets") + 1] if "--budgets" in argv else "64,256").split(",")]
    head = f"{'question':28} | {'off: result':>11} {'nodes':>11} {'CPU s':>8}"
    for b in budgets:
        head += f" | {b:>5}: result {'nodes':>11} {'leaves':>9} {'CPU s':>8} {'speed-up':>8}"
    print(head)
    totals = {b: [0.0, 0.0] for b in budgets}
    for name, game in positions("--no-hex" not in argv, only, "--races" in argv):
        won0, nodes0, _, sec0, _ = run(0, game, limit)
        row = f"{name[:28]:28} | {won0:>11} {nodes0:>11} {sec0:>8.2f}"
        for b in budgets:
            won, nodes, leaves, sec, _ = run(b, game, limit)
            if "?" not in (won, won0):
                assert won == won0, (name, b, won, won0)
            totals[b][0] += sec0
            totals[b][1] += sec
            row += f" | {won:>13} {nodes:>11} {leaves:>9} {sec:>8.2f} {sec0 / max(sec, 1e-6):>8.2f}"
        print(row, flush=True)
    for b in budgets:
        print(f"budget {b}: total CPU s {totals[b][0]:.1f} off, {totals[b][1]:.1f} on "
              f"(speed-up {totals[b][0] / max(totals[b][1], 1e-6):.2f}; undecided rows count the limit)")


if __name__ == "__main__":
    main(sys.argv[1:])
