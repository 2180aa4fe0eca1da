"""Proof search vs the explicit reference on the 54 Hein/Browne Hex puzzles (issue 9). Not a test.

For each puzzle file: the explicit solver's time (in a child process, stopped after the limit in
wall-clock seconds), the proof search's time (``method search``, same limit), their ratio, and
whether they agree. Times are CPU seconds of the solving process (the machine is shared; wall-clock
times on a loaded 2-core machine are several times larger), parsing excluded. Targets:
every puzzle decided by the search in under 60 s; every 5×5 under 2 s; 7×7 at depth ≤ 7 under 1 s.
With ``--certificate`` the search also builds its compact certificate (a second run), which the
independent checker verifies (JSON size and checking CPU time printed). Peak RSS of this process (the search side) is printed at the end.

Run: python bench/bench_search.py [--limit S] [--quick] [--certificate] [--only SUBSTRING]
(--quick skips the explicit solver on boards larger than 5×5).
"""
from __future__ import annotations

import json
import multiprocessing as mp
import re
import resource
import sys
import time
from pathlib import Path

from verify.errors import Undecided
from verify.formats.pg import read_pg

PUZZLES = Path(__file__).resolve().parents[1].parent / "shared" / "positional-games" / "hex-hein"
if not PUZZLES.is_dir():
    PUZZLES = Path("/work/shared/positional-games/hex-hein")


def _explicit_child(path, conn):
    from verify.solvers.pg import solve_pg_explicit
    g = read_pg(path)
    t0 = time.process_time()
    r = solve_pg_explicit(g)
    conn.send((r.winner, time.process_time() - t0))


def explicit(path: Path, limit: float):
    """(winner, seconds) or (None, limit) when the child did not finish in time."""
    recv, send = mp.Pipe(duplex=False)
    p = mp.Process(target=_explicit_child, args=(str(path), send), daemon=True)
    p.start()
    try:
        if recv.poll(limit):
            return recv.recv()
        return None, limit
    finally:
        p.kill()
        p.join()


def board(path: Path) -> int:
    m = re.search(r"(\d+)x\d+", path.name)
    return int(m.group(1)) if m else 0


def main(argv):
    limit = float(argv[argv.index("--limit") + 1]) if "--limit" in argv else 60.0
    only = argv[argv.index("--only") + 1] if "--only" in argv else ""
    quick = "--quick" in argv
    cert = "--certificate" in argv
    from verify.certificates.checker import check_certificate
    from verify.solvers.search_methods import search_pg as solve_pg_search
    files = sorted(f for f in PUZZLES.glob("*.pg") if only in f.name)
    print(f"{'puzzle':<20} {'result':>6} {'explicit s':>10} {'search s':>9} {'ratio':>7} {'nodes':>8}"
          + (f" {'cert KB':>8} {'check s':>8}" if cert else ""))
    worst = 0.0
    undecided = 0
    for f in files:
        g = read_pg(f)
        t0 = time.process_time()
        try:
            r = solve_pg_search(g, timeout=limit)
            ts = time.process_time() - t0
            won, nodes = r.winner, r.stats["nodes"]
        except Undecided:
            ts, won, nodes = None, "?", 0
            undecided += 1
        if quick and board(f) > 5:
            we, te = None, None
        else:
            we, te = explicit(f, limit)
        agree = "" if we is None or won == "?" or we == won else "  DISAGREE"
        es = "-" if te is None else (f">{limit:g}" if we is None else f"{te:.2f}")
        ss = f">{limit:g}" if ts is None else f"{ts:.2f}"
        ratio = f"{te / ts:.1f}" if ts and te and we is not None else ("-" if te is None or ts is None else f">{te / ts:.0f}")
        extra = ""
        if cert and ts is not None:
            c = solve_pg_search(g, certificate=True).certificate
            size = len(json.dumps(c)) / 1024
            t1 = time.process_time()
            check_certificate(c)
            extra = f" {size:>8.1f} {time.process_time() - t1:>8.2f}"
        if ts is not None:
            worst = max(worst, ts)
        print(f"{f.stem:<20} {won:>6} {es:>10} {ss:>9} {ratio:>7} {nodes:>8}{extra}{agree}", flush=True)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"slowest search {worst:.2f}s; undecided within {limit:g}s: {undecided}; peak RSS {rss:.0f} MB")


if __name__ == "__main__":
    main(sys.argv[1:])
