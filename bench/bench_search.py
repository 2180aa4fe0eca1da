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

``--engines`` (issue 18) compares instead, in one run, the search before issue 18 (pure Python, read
from git history by bench/search_baseline.py) with today's engine (``--engine fast`` by default, or
``python``) on the Hex puzzles, 4×4 and 5×5 tic-tac-toe, Qubic openings (Maker first) and van der
Waerden boards (Maker-Breaker on {1..n}, the k-term progressions): for each, in a child process of
its own, the result, nodes, CPU seconds, node rate and peak RSS of the child (the forked process,
about 100 MB of it the parent's footprint), and the ratios (node rate, time). ``--no-hex`` skips the
puzzles.

``--engines --races`` (issue 18, races) compares the pure-Python reference (``--engine python``)
with the compiled kernel on Harary's animal races and van der Waerden races (Maker-Maker ``.pg``
games: :mod:`verify.solvers.search.kernel_race`), the question "does black (the first player)
win?"; "maker" in the result column then means black wins, "breaker" that it does not.

``--drivers`` (issue 18, PN²) compares the drivers of the search, in one run, each run in a child
process of its own: ``dfs`` (the engine's depth-first search), ``pn`` (PN² over the engine, one
process) and ``pn`` with ``--jobs 2`` (two leaf workers): the 54 Hex puzzles (totals), van der
Waerden k = 5 on n = 24..27, Qubic (Maker first), the Skinny race on 7×7 with 8 moves and on 6×6
(whole game). CPU seconds include the worker processes; ``--limit S`` (default 600) per run,
``--only SUBSTRING``, ``--no-hex``.
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


def ap_board(n: int, k: int):
    """{1..n} with the k-term arithmetic progressions as winning sets (van der Waerden games)."""
    from verify.hypergraph import Hypergraph
    vs = [str(i) for i in range(1, n + 1)]
    edges = [[str(a + i * d) for i in range(k)] for d in range(1, n) for a in range(1, n + 1) if a + (k - 1) * d <= n]
    return Hypergraph(edges, vertices=vs)


def engine_positions(hex_puzzles: bool, only: str):
    """(name, .pg game) pairs: the question is always "does black (Maker) win?"."""
    from verify.families import family
    from verify.games import positional as pg
    out = []
    if hex_puzzles:
        out += [(f.stem, read_pg(f)) for f in sorted(PUZZLES.glob("*.pg"))]
    ttt4, ttt5, qubic = family("tic-tac-toe", 4), family("tic-tac-toe", 5), family("qubic")
    out.append(("tic-tac-toe 4x4", pg.from_maker_breaker(ttt4, 0, 0, "maker")))
    out.append(("tic-tac-toe 5x5", pg.from_maker_breaker(ttt5, 0, 0, "maker")))
    for opening in ([], ["1.1.1"], ["1.1.1", "2.2.2"], ["1.1.1", "2.2.2", "1.2.2"]):
        maker = qubic.mask(opening[0::2])
        breaker = qubic.mask(opening[1::2])
        first = "breaker" if len(opening) % 2 else "maker"
        out.append(("qubic " + (" ".join(opening) or "empty"), pg.from_maker_breaker(qubic, maker, breaker, first)))
    for n, k in ((12, 4), (13, 4), (18, 5), (20, 5), (22, 5), (24, 5), (70, 4)):
        out.append((f"ap n={n} k={k}", pg.from_maker_breaker(ap_board(n, k), 0, 0, "maker")))
    return [(name, g) for name, g in out if only in name]


def race_positions(only: str):
    """(name, race .pg game) pairs: ``verify family animal NAME B --race [--moves M]`` and
    ``verify family ap N K --race``."""
    from verify.families import family
    from verify.games import positional as pg
    out = [("N 5x5 race, 6 moves", pg.race(family("animal", "N", 5), 6)),
           ("knobby 4x4 race", pg.race(family("animal", "knobby", 4))),
           ("ap n=14 k=4 race", pg.race(ap_board(14, 4))),
           ("skinny 7x7 race, 6 moves", pg.race(family("animal", "skinny", 7), 6)),
           ("skinny 7x7 race, 7 moves", pg.race(family("animal", "skinny", 7), 7)),
           ("skinny 7x7 race, 8 moves", pg.race(family("animal", "skinny", 7), 8)),
           ("skinny 6x6 race, 8 moves", pg.race(family("animal", "skinny", 6), 8)),
           ("skinny 6x6 race", pg.race(family("animal", "skinny", 6))),
           # beyond one machine word (65-128 cells: the two-word race kernel)
           ("elly 9x9 race, 5 moves", pg.race(family("animal", "elly", 9), 5)),
           ("ap n=70 k=4 race, 5 moves", pg.race(ap_board(70, 4), 5)),
           ("ap n=66 k=5 race, 6 moves", pg.race(ap_board(66, 5), 6))]
    return [(name, g) for name, g in out if only in name]


def _engine_child(engine, game, limit, conn):
    """Solve in this (forked) process; a solve under 0.05 s is repeated with a fresh search (its
    own table) until 0.2 s of solving (or 2 s in all) have passed, and the mean is sent: (result, nodes, positions, seconds,
    peak MB), positions counting the threat-space search's (the compiled kernel's) with the nodes."""
    from verify.games import positional as pg
    if engine == "baseline":
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from search_baseline import ProofSearch

        def make():
            return ProofSearch(game, pg.BLACK, deadline=time.monotonic() + limit, symmetry=True)
    else:
        from verify.solvers.search.engine import make_search
        if engine == "fast":
            from verify.solvers.search.fast import warm_up
            warm_up()  # the kernel's load (about 0.3 s once per process) is not part of the timings

        def make():
            return make_search(game, pg.BLACK, engine, deadline=time.monotonic() + limit, symmetry=True)
    reps, nodes, positions, spent = 0, 0, 0, 0.0
    started = time.monotonic()
    while True:
        s = make()  # (its set-up, the automorphisms and their tables, is not timed)
        t0 = time.process_time()
        try:
            won = "maker" if s.wins(*game.start(), 0) else "breaker"
        except Undecided:
            won = "?"
        spent += time.process_time() - t0
        reps += 1
        nodes += s.nodes
        positions += s.nodes + getattr(s, "threat_space_nodes", 0)
        if won == "?" or spent >= 0.2 or (reps == 1 and spent >= 0.05) or time.monotonic() - started > 2:
            break
    conn.send((won, nodes // reps, positions // reps, spent / reps,
               resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024))


def in_child(target, args, limit, missing):
    """``target(*args, conn)`` in a child process of its own: what it sends, or ``missing`` when it
    sends nothing within ``limit`` + 120 s (the child is killed either way)."""
    recv, send = mp.Pipe(duplex=False)
    p = mp.Process(target=target, args=(*args, send), daemon=True)
    p.start()
    try:
        if recv.poll(limit + 120):
            return recv.recv()
        return missing
    finally:
        p.kill()
        p.join()


def run_engine(engine, game, limit):
    return in_child(_engine_child, (engine, game, limit), limit, ("?", 0, 0, limit, 0.0))


def _family(name: str) -> str:
    """The group a position's ratios are summarised in."""
    for prefix, group in (("hein", "Hex puzzles"), ("browne", "Hex puzzles"), ("tic", "tic-tac-toe"),
                          ("qubic", "Qubic openings"), ("ap", "van der Waerden")):
        if name.startswith(prefix):
            return group + (" 6x6" if "6x6" in name else "")
    return "races"


def engines(argv):
    limit = float(argv[argv.index("--limit") + 1]) if "--limit" in argv else 60.0
    only = argv[argv.index("--only") + 1] if "--only" in argv else ""
    new = argv[argv.index("--engine") + 1] if "--engine" in argv else "fast"
    races = "--races" in argv
    base = "python" if races else "baseline"
    positions = race_positions(only) if races else engine_positions("--no-hex" not in argv, only)
    print(f"{'position':<26} {'result':>7} | {'base s':>7} {'nodes':>9} {'n/s':>8} {'MB':>5} | {'new s':>7} "
          f"{'nodes':>9} {'n/s':>9} {'pos/s':>9} {'MB':>5} | {'rate x':>7} {'pos x':>7} {'time x':>7}")
    groups: dict[str, list[tuple[float, float, float]]] = {}
    slower = []
    for name, g in positions:
        bw, bn, _, bt, bm = run_engine(base, g, limit)
        nw, nn, npos, nt, nm = run_engine(new, g, limit)
        br, nr, pr = bn / max(bt, 1e-6), nn / max(nt, 1e-6), npos / max(nt, 1e-6)
        tx = "-" if bw == "?" and nw == "?" else (f">{bt / max(nt, 1e-6):.1f}" if bw == "?" else f"{bt / max(nt, 1e-6):.1f}")
        if bw != "?" and (nw == "?" or nt > bt):
            slower.append(name)
        if bn and nn and bt >= 0.1:  # ratios summarised where the baseline needs at least 0.1 s
            groups.setdefault(_family(name), []).append((nr / br, pr / br, bt / max(nt, 1e-6)))
        flag = "  DISAGREE" if "?" not in (bw, nw) and bw != nw else ""
        print(f"{name:<26} {nw if nw != '?' else bw:>7} | {bt:>7.3f} {bn:>9} {br:>8.0f} {bm:>5.0f} | {nt:>7.3f} {nn:>9} "
              f"{nr:>9.0f} {pr:>9.0f} {nm:>5.0f} | {nr / br if br else 0:>7.1f} {pr / br if br else 0:>7.1f} {tx:>7}{flag}",
              flush=True)
    import statistics
    print("ratios (new / baseline) where the baseline needs at least 0.1 s: median [min, max]; "
          "pos = search nodes + threat-space positions")
    for group, rows in groups.items():
        cols = [statistics.median(c) for c in zip(*rows)]
        lows = [min(c) for c in zip(*rows)]
        highs = [max(c) for c in zip(*rows)]
        print(f"  {group:<20} ({len(rows):>2}): node rate {cols[0]:.1f}x [{lows[0]:.1f}, {highs[0]:.1f}], "
              f"positions/s {cols[1]:.1f}x [{lows[1]:.1f}, {highs[1]:.1f}], time {cols[2]:.1f}x [{lows[2]:.1f}, {highs[2]:.1f}]")
    print(f"slower than the baseline or undecided: {', '.join(slower) or 'none'}")


def driver_positions(hex_puzzles: bool, only: str):
    """(name, .pg game) pairs for ``--drivers``; puzzles are named ``hex <stem>``."""
    from verify.families import family
    from verify.games import positional as pg
    out = []
    if hex_puzzles:
        out += [(f"hex {f.stem}", read_pg(f)) for f in sorted(PUZZLES.glob("*.pg"))]
    for n in (24, 25, 26, 27):
        out.append((f"ap n={n} k=5", pg.from_maker_breaker(family("ap", n, 5), 0, 0, "maker")))
    out.append(("qubic maker first", pg.from_maker_breaker(family("qubic"), 0, 0, "maker")))
    skinny = family("animal", "skinny", 7)
    out.append(("skinny race 7x7 m=8", pg.race(skinny, 8)))
    out.append(("skinny race 6x6", pg.race(family("animal", "skinny", 6), None)))
    return [(name, g) for name, g in out if only in name]


def _driver_child(driver, jobs, game, limit, conn):
    from verify.encode.child import cpu_with_children
    from verify.solvers.search.fast import warm_up
    from verify.solvers.search.methods import search_pg
    warm_up()
    c0, w0 = cpu_with_children(), time.perf_counter()
    try:
        r = search_pg(game, timeout=limit, driver=driver, jobs=jobs)
        won, nodes = r.winner, r.stats.get("nodes", 0)
    except Undecided:
        won, nodes = "?", 0
    conn.send((won, nodes, cpu_with_children() - c0, time.perf_counter() - w0,
               resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024))


def run_driver(driver, jobs, game, limit):
    recv, send = mp.Pipe(duplex=False)
    p = mp.Process(target=_driver_child, args=(driver, jobs, game, limit, send))  # it has children
    p.start()
    try:
        if recv.poll(limit + 120):
            return recv.recv()
        return "?", 0, limit, limit, 0.0
    finally:
        p.kill()
        p.join()


DRIVERS = (("dfs", 1), ("pn", 1), ("pn", 2))


def drivers(argv):
    limit = float(argv[argv.index("--limit") + 1]) if "--limit" in argv else 600.0
    only = argv[argv.index("--only") + 1] if "--only" in argv else ""
    heads = " | ".join(f"{d}x{j} res   cpu s  wall s" for d, j in DRIVERS)
    print(f"{'position':<24} | {heads} | pn/dfs cpu  pn2/dfs wall")
    hex_tot = {k: [0, 0.0, 0.0] for k in DRIVERS}  # decided, cpu, wall
    for name, g in driver_positions("--no-hex" not in argv, only):
        rows = {k: run_driver(k[0], k[1], g, limit) for k in DRIVERS}
        for k, (won, _, cpu, wall, _) in rows.items():
            if name.startswith("hex"):
                hex_tot[k][0] += won != "?"
                hex_tot[k][1] += cpu
                hex_tot[k][2] += wall
        wins = {r[0] for r in rows.values()} - {"?"}
        flag = "  DISAGREE" if len(wins) > 1 else ""
        cells = " | ".join(f"{r[0]:>7} {r[2]:>7.2f} {r[3]:>7.2f}" for r in rows.values())
        d, p1, p2 = rows[("dfs", 1)], rows[("pn", 1)], rows[("pn", 2)]
        print(f"{name:<24} | {cells} | {p1[2] / max(d[2], 1e-3):>10.2f} {p2[3] / max(d[3], 1e-3):>12.2f}{flag}",
              flush=True)
    if any(v[0] for v in hex_tot.values()):
        cells = " | ".join(f"{v[0]:>7} {v[1]:>7.1f} {v[2]:>7.1f}" for v in hex_tot.values())
        d, p1, p2 = hex_tot[("dfs", 1)], hex_tot[("pn", 1)], hex_tot[("pn", 2)]
        print(f"{'54 hex puzzles (total)':<24} | {cells} | {p1[1] / max(d[1], 1e-3):>10.2f} "
              f"{p2[2] / max(d[2], 1e-3):>12.2f}")


def main(argv):
    if "--engines" in argv:
        return engines(argv)
    if "--drivers" in argv:
        return drivers(argv)
    limit = float(argv[argv.index("--limit") + 1]) if "--limit" in argv else 60.0
    only = argv[argv.index("--only") + 1] if "--only" in argv else ""
    quick = "--quick" in argv
    cert = "--certificate" in argv
    from verify.certificates.checker import check_certificate
    from verify.solvers.search.methods import search_pg as solve_pg_search
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
