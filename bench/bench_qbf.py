"""Benchmark of the QBF route: encoding size against board size and depth, solve time per engine
and family, and the explicit search's time on the same question.

    python bench/bench_qbf.py [--engines depqbf,caqe,...] [--timeout 30] [--quick]

Rows: family, question, cells/time points, variables, clauses, explicit seconds, then per engine
seconds (or 'T/O'). Engine failures are printed, never counted as answers.
"""
from __future__ import annotations

import argparse
import time
from pathlib import Path

from verify.corpus import mb_question
from verify.families.hex import hex_game
from verify.encode.qbf import encode_game
from verify.encode.qbf_backends import solve_prenex
from verify.errors import BackendError
from verify.families import k_in_a_row, tic_tac_toe
from verify.games import positional as pg
from verify.solvers.pg import PGSearch

HEIN = Path("/work/shared/positional-games/hex-hein")


def questions(quick: bool):
    qs = []
    for d in (2, 3, 4):
        qs.append(("ttt3", mb_question(f"ttt3-d{d}", "tic-tac-toe", {}, tic_tac_toe(3), "maker", d)))
    for m, n, k, first, ds in ((4, 4, 3, "maker", (2, 3)), (4, 4, 3, "breaker", (3, 4)),
                               (4, 4, 4, "maker", (4, 5) if quick else (4, 5, 6))):
        for d in ds:
            qs.append((f"row{m}x{n}k{k}", mb_question(f"d{d}-{first}", "", {}, k_in_a_row(m, n, k), first, d)))
    for k in (2, 3) if quick else (2, 3, 4):
        from verify.corpus import Question
        qs.append((f"hex{k}", Question(f"empty-{k}x{k}", "hex", {}, hex_game(k), pg.BLACK, "win")))
    if HEIN.is_dir():
        from verify.corpus import Question
        from verify.formats.pg import read_pg
        names = ["hein_04_3x3-05", "hein_09_4x4-05", "hein_12_4x4-07", "hein_09_4x4-07"]
        if not quick:
            names += ["hein_07_4x4-07", "hein_06_4x4-11"]
        for name in names:
            qs.append(("hein", Question(name, "hex", {}, read_pg(HEIN / f"{name}.pg"), pg.BLACK, "win")))
    return qs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engines", default="depqbf,caqe,rareqs,qute")
    ap.add_argument("--timeout", type=float, default=30)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    engines = args.engines.split(",")
    print(f"{'family':10s} {'question':16s} {'cells':>5s} {'T':>3s} {'vars':>6s} {'clauses':>7s} "
          f"{'answer':>6s} {'explicit':>9s} " + " ".join(f"{e:>9s}" for e in engines))
    for fam, q in questions(args.quick):
        e = encode_game(q.game, q.player, q.goal)
        t0 = time.perf_counter()
        expected = q.expected
        tex = time.perf_counter() - t0
        row = []
        for eng in engines:
            if e.trivial is not None:
                row.append("trivial")
                continue
            try:
                a = solve_prenex(e.formula, eng, timeout=args.timeout)
                row.append(f"{a.seconds:.2f}" + ("" if a.value == expected else "!WRONG"))
            except BackendError as exc:
                row.append("T/O" if "timed out" in str(exc) else "ERR")
        size = e.formula.size
        print(f"{fam:10s} {q.name:16s} {len(e.cells):5d} {len(e.schedule):3d} {size['variables']:6d} "
              f"{size['clauses']:7d} {str(expected):>6s} {tex:9.3f} " + " ".join(f"{r:>9s}" for r in row),
              flush=True)


if __name__ == "__main__":
    main()
