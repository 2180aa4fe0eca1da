"""Method ``search`` of the general positional game against the explicit reference (issue 32, Speed).
Not a test.

For each convention (Maker-Breaker biased, Avoider-Enforcer, Maker-Maker, Avoider-Avoider), on the
same boards — the triangle games of K_6 and K_7 at several biases, and two 4×4 boards
(examples/tic-tac-toe-4.txt: the 10 four-in-a-row lines; examples/3-in-a-row-4x4.txt: the 3-in-a-row
lines) — both methods in a child process each (stopped after ``--limit`` wall seconds, default 120;
the reference also stops at its table cap of 2M states, "too large"): the verdict, nodes, CPU
seconds, node rate, and the ratios search/explicit of time and node rate side by side. Times are CPU
seconds of the solving call (the machine is shared), the numba compilation excluded (done once in the
parent, whose forked children inherit it). Both verdicts must agree where both finish.

Run: python bench/bench_conventions.py [--limit S] [--only SUBSTRING]
"""
from __future__ import annotations

import multiprocessing as mp
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: (label, board, convention, bias, first)
CASES = []
for _conv, _biases, _firsts in (("maker-breaker", ((1, 2), (1, 3), (2, 2)), ("maker", "breaker")),
                                ("avoider-enforcer", ((1, 1), (1, 2), (2, 1)), ("avoider", "enforcer")),
                                ("maker-maker", ((1, 1), (1, 2), (2, 1)), ("first",)),
                                ("avoider-avoider", ((1, 1), (1, 2), (2, 1)), ("first",))):
    for _board in ("K6 triangles", "K7 triangles", "4x4 four-in-a-row", "4x4 three-in-a-row"):
        for _bias in _biases:
            for _first in _firsts:
                CASES.append((_board, _conv, _bias, _first))


def board(label):
    from verify.families.graphs import graph_board
    from verify.formats import read_hypergraph
    if label.startswith("K"):
        return graph_board("triangle", int(label[1]))
    name = "tic-tac-toe-4.txt" if "four" in label else "3-in-a-row-4x4.txt"
    return read_hypergraph(ROOT / "examples" / name)


def _child(case, method, conn):
    from verify.errors import TooLarge
    from verify.games.conventions import ConventionGame
    from verify.solvers.explicit_conventions import solve_convention
    from verify.solvers.search.conventions import solve_convention_search
    label, conv, bias, first = case
    game = ConventionGame(board(label), conv, bias, first)
    fn = solve_convention if method == "explicit" else solve_convention_search
    t0 = time.process_time()
    try:
        r = fn(game)
    except TooLarge:
        conn.send(("too large", None, time.process_time() - t0))
        return
    conn.send((str(r.winner), r.stats["nodes"], time.process_time() - t0))


def warm_up():
    """The numba compilation (or its load from the disk cache), once, in the parent: the forked
    children inherit the compiled code."""
    from verify.games.conventions import ConventionGame
    from verify.solvers.search.conventions import solve_convention_search
    solve_convention_search(ConventionGame(board("K5 triangles"), "maker-breaker", (1, 2)))


def run(case, method, limit):
    recv, send = mp.Pipe(False)
    p = mp.get_context("fork").Process(target=_child, args=(case, method, send))
    p.start()
    p.join(limit)
    if p.is_alive():
        p.kill()
        p.join()
        return "timeout", None, None
    return recv.recv() if recv.poll() else ("crashed", None, None)


def fmt_rate(nodes, secs):
    return f"{nodes / secs:9.0f}" if nodes and secs else f"{'-':>9}"


def main(argv):
    limit = float(argv[argv.index("--limit") + 1]) if "--limit" in argv else 120.0
    only = argv[argv.index("--only") + 1] if "--only" in argv else ""
    print(f"{'board':19} {'convention':16} {'bias':4} {'first':8} | {'explicit':9} {'nodes':>8} {'cpu s':>7} "
          f"{'nodes/s':>9} | {'search':9} {'nodes':>8} {'cpu s':>7} {'nodes/s':>9} | {'time x':>7} {'rate x':>7}")
    disagree = 0
    warm_up()
    for case in CASES:
        label, conv, bias, first = case
        if only not in f"{label} {conv}":
            continue
        ew, en, et = run(case, "explicit", limit)
        sw, sn, st = run(case, "search", limit)
        speed = f"{et / st:7.1f}" if et and st else f"{'>' + format(limit / st, '.0f') if st and ew == 'timeout' else '-':>7}"
        rate = f"{(sn / st) / (en / et):7.2f}" if en and sn and st and et else f"{'-':>7}"
        if ew in ("maker", "breaker", "avoider", "enforcer", "first", "second", "draw") and ew != sw:
            disagree += 1
        print(f"{label:19} {conv:16} {bias[0]}:{bias[1]:<2} {first:8} | {ew:9} {en or '-':>8} "
              f"{et if et is None else round(et, 2)!s:>7} {fmt_rate(en, et)} | {sw:9} {sn or '-':>8} "
              f"{st if st is None else round(st, 2)!s:>7} {fmt_rate(sn, st)} | {speed} {rate}", flush=True)
    print(f"disagreements: {disagree}")
    return 1 if disagree else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
