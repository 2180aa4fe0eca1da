"""Calibration of ``auto``'s Maker-Breaker cost model (:mod:`verify.solvers.chooser`): the explicit
reference against the proof search on boards of rank >= 4, with the instance's measures the chooser
reads (live free vertices, edges, rank, the explicit state bound). CPU seconds (process time), one
run each, in one process (the search's compiled kernel is loaded before the first row, and its load
is printed separately); ``explicit`` runs under ``--timeout`` (default 15 s). Not a test.

Run: python bench/bench_chooser.py [--quick] [--timeout S]
"""
from __future__ import annotations

import sys
import time

import verify
from verify.errors import TooLarge, Undecided
from verify.games import maker_breaker as mb
from verify.solvers import solve
from verify.solvers.chooser import measure

QUICK = [("tic-tac-toe", 4), ("k-in-a-row", 5, 4, 4), ("ap", 13, 4), ("ap", 16, 4), ("random", 16, 30, 4, 1)]
FULL = QUICK + [
    ("tic-tac-toe", 5), ("k-in-a-row", 6, 4, 4), ("k-in-a-row", 5, 5, 4), ("k-in-a-row", 6, 5, 5),
    ("k-in-a-row", 6, 6, 5), ("k-in-a-row", 7, 7, 5), 
    ("ap", 14, 4), ("ap", 15, 4), ("ap", 17, 4), ("ap", 18, 4), ("ap", 18, 5), ("ap", 20, 5), ("ap", 22, 5),
    ("random", 15, 25, 4, 2), ("random", 17, 30, 4, 3), ("random", 18, 40, 5, 4), ("random", 19, 30, 4, 5),
    ("random", 20, 40, 4, 6), ("random", 20, 20, 5, 7), ("random", 22, 40, 5, 8), ("random", 24, 40, 5, 9),
    ("random", 16, 60, 4, 10), ("random", 17, 12, 6, 11), ("random", 18, 60, 4, 12),
    ("animal", "L", 5), ("animal", "N", 4), ("animal", "N", 5), ("animal", "Y", 5), ("qubic",)]


def cpu(fn):
    t0 = time.process_time()
    try:
        out = fn()
    except (TooLarge, Undecided) as e:
        return f"{type(e).__name__}", time.process_time() - t0
    return out, time.process_time() - t0


def row(spec, timeout):
    board = verify.family(*spec)
    game = mb.MakerBreakerGame(board, first=mb.MAKER)
    m = measure(game)
    e, te = cpu(lambda: solve("maker-breaker", game, method="explicit", timeout=timeout))
    s, ts = cpu(lambda: solve("maker-breaker", game, method="search", timeout=4 * timeout))
    ew = e if isinstance(e, str) else f"{e.winner} ({e.stats.get('nodes')} nodes)"
    sw = s if isinstance(s, str) else str(s.winner)
    chosen = verify.solvers.chooser.choose_maker_breaker(game)
    print(f"{' '.join(map(str, spec)):22} {m.free:3} {m.edges:5} {m.rank:2} {m.bound:>14.3g} "
          f"{te:8.2f} {ew:26} {ts:8.2f} {sw:10} {chosen.method}", flush=True)


def main(argv):
    timeout = float(argv[argv.index("--timeout") + 1]) if "--timeout" in argv else 15.0
    t0 = time.process_time()
    solve("maker-breaker", mb.MakerBreakerGame(verify.family("tic-tac-toe", 3)), method="search")
    print(f"search kernel load + 3x3 tic-tac-toe: {time.process_time() - t0:.2f} CPU s")
    print(f"{'board':22} {'free':>3} {'edges':>5} {'rk':>2} {'bound':>14} {'explicit':>8} {'':26} "
          f"{'search':>8} {'':10} auto")
    for spec in (QUICK if "--quick" in argv else FULL):
        row(spec, timeout)


if __name__ == "__main__":
    main(sys.argv[1:])
