"""Benchmark of the SAT/SMT routes against the explicit reference.

Prints, for pairing search on tic-tac-toe and k-in-a-row boards: CNF size, SAT time, explicit
time (capped), DRAT proof size and check time for refutations; for nim labellings on growing
hypergraphs: positions, orbits, CNF size, SAT and SMT times vs explicit; and DRAT checker speed on
pigeonhole formulas.

    /work/venv/bin/python bench/bench_sat.py [--cap SECONDS] [--quick]
"""
from __future__ import annotations

import argparse
import signal
import time

from verify.certificates.drat import check_drat
from verify.encode.sat import nim_cnf, pairing_cnf
from verify.encode.sat_backends import BACKENDS, solve_cnf
from verify.errors import BackendError
from verify.families import complete, fano, k_in_a_row, random_rank, tic_tac_toe
from verify.games.maker_breaker import MakerBreakerGame
from verify.solvers import solve
from verify.solvers.sat import nim_position_graph


class Capped(Exception):
    pass


def capped(fn, cap: float):
    """(result, seconds) or (None, None) when ``fn`` runs past ``cap`` seconds."""
    def alarm(*_):
        raise Capped

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, cap)
    t0 = time.perf_counter()
    try:
        out = fn()
        return out, time.perf_counter() - t0
    except (Capped, BackendError):  # a SAT run interrupted by the alarm is reported as a backend error
        return None, None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def fmt(x, unit="s"):
    return ">cap" if x is None else f"{x:.3f}{unit}"


def bench_pairing(cap: float, quick: bool):
    print("== pairing strategies (Breaker) by SAT vs explicit Maker-Breaker search ==")
    print(f"{'board':22s} {'vars':>6s} {'clauses':>8s} {'pairing':>8s} {'sat':>8s} {'explicit':>9s} "
          f"{'winner':>8s} {'proof lines':>11s} {'proof KB':>9s} {'check':>8s}")
    boards = [("tic-tac-toe 3", tic_tac_toe(3)), ("tic-tac-toe 4", tic_tac_toe(4)),
              ("tic-tac-toe 5", tic_tac_toe(5)), ("tic-tac-toe 6", tic_tac_toe(6)),
              ("4x4 3-in-a-row", k_in_a_row(4, 4, 3)), ("5x5 4-in-a-row", k_in_a_row(5, 5, 4)),
              ("6x6 5-in-a-row", k_in_a_row(6, 6, 5)), ("7x7 5-in-a-row", k_in_a_row(7, 7, 5))]
    if not quick:
        boards += [("8x8 5-in-a-row", k_in_a_row(8, 8, 5)), ("9x9 5-in-a-row", k_in_a_row(9, 9, 5)),
                   ("tic-tac-toe 8", tic_tac_toe(8)), ("8x8 6-in-a-row", k_in_a_row(8, 8, 6))]
    for name, h in boards:
        cnf = pairing_cnf(h)
        try:
            run = solve_cnf(cnf.nvars, cnf.clauses, proof=True, timeout=cap)
        except BackendError:
            print(f"{name:22s} {cnf.nvars:6d} {len(cnf.clauses):8d} {'?':>8s} {'>cap':>8s}")
            continue
        ex, ex_t = (None, None)
        if h.n <= 36:
            ex, ex_t = capped(lambda: solve("maker-breaker", MakerBreakerGame(h), method="explicit"), cap)
        winner = ex.winner if ex else "?"
        lines = kb = check_t = None
        if not run.sat:
            lines = run.proof.count("\n")
            kb = len(run.proof) / 1024
            t0 = time.perf_counter()
            check_drat(cnf.nvars, cnf.clauses, run.proof)
            check_t = time.perf_counter() - t0
        print(f"{name:22s} {cnf.nvars:6d} {len(cnf.clauses):8d} {'yes' if run.sat else 'no':>8s} "
              f"{fmt(run.seconds):>8s} {fmt(ex_t):>9s} {winner:>8s} "
              f"{lines if lines is not None else '-':>11} {f'{kb:.1f}' if kb is not None else '-':>9s} "
              f"{fmt(check_t) if check_t is not None else '-':>8s}")


def bench_nim(cap: float, quick: bool):
    print("\n== Grundy labelling: SAT and SMT (positions up to Aut(H)) vs explicit (residual states) ==")
    print(f"{'game':5s} {'hypergraph':18s} {'positions':>9s} {'orbits':>7s} {'vars':>6s} {'clauses':>8s} "
          f"{'sat':>8s} {'smt':>8s} {'explicit':>9s} {'nim':>4s}")
    hs = [("K_5^2", complete(5, 2)), ("K_7^2", complete(7, 2)), ("K_9^3", complete(9, 3)),
          ("fano", fano()), ("tic-tac-toe 3", tic_tac_toe(3)),
          ("random 8/10", random_rank(8, 10, 3, seed=1)), ("random 10/14", random_rank(10, 14, 3, seed=2))]
    if not quick:
        hs += [("K_12^2", complete(12, 2)), ("random 12/18", random_rank(12, 18, 3, seed=3)),
               ("random 14/20", random_rank(14, 20, 3, seed=4)),
               ("random 28/24 (res)", random_rank(28, 24, 3, seed=7)),
               ("random 30/24 (res)", random_rank(30, 24, 3, seed=8)),
               ("K_40^2 (res)", complete(40, 2))]
    for kind in ("acv", "prv"):
        for name, h in hs:
            t0 = time.perf_counter()
            g = nim_position_graph(kind, h, certificate=False)
            cnf = nim_cnf(g)
            enc_t = time.perf_counter() - t0
            sat, sat_t = capped(lambda: solve(kind, h, method="sat"), cap)
            smt, smt_t = capped(lambda: solve(kind, h, method="smt"), cap)
            ex, ex_t = capped(lambda: solve(kind, h, method="explicit"), cap)
            values = {r.nim for r in (sat, smt, ex) if r is not None}
            assert len(values) <= 1, f"disagreement on {kind} {name}: {values}"
            print(f"{kind:5s} {name:18s} {len(g.orbit) or len(g.reps):9d} {len(g.reps):7d} {cnf.nvars:6d} "
                  f"{len(cnf.clauses):8d} {fmt(sat_t):>8s} {fmt(smt_t):>8s} {fmt(ex_t):>9s} "
                  f"{next(iter(values)) if values else '?':>4}   (encode {enc_t:.3f}s)")


def bench_drat(quick: bool):
    print("\n== DRAT checker on pigeonhole PHP(n+1 -> n) ==")
    print(f"{'n':>3s} {'vars':>5s} {'clauses':>8s} {'backend':>10s} {'solve':>8s} {'lines':>7s} "
          f"{'KB':>8s} {'lemmas':>7s} {'check':>8s}")
    import itertools
    for n in (5, 6) if quick else (5, 6, 7):
        var = lambda p, h, n=n: p * n + h + 1  # noqa: E731
        cls = [tuple(var(p, h) for h in range(n)) for p in range(n + 1)]
        cls += [(-var(p, h), -var(q, h)) for h in range(n) for p, q in itertools.combinations(range(n + 1), 2)]
        nv = (n + 1) * n
        for backend in sorted(BACKENDS):
            run = solve_cnf(nv, cls, proof=True, backend=backend)
            t0 = time.perf_counter()
            st = check_drat(nv, cls, run.proof)
            t = time.perf_counter() - t0
            print(f"{n:3d} {nv:5d} {len(cls):8d} {backend:>10s} {run.seconds:8.3f} "
                  f"{run.proof.count(chr(10)):7d} {len(run.proof) / 1024:8.1f} {st['lemmas']:7d} {t:8.3f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cap", type=float, default=20.0, help="seconds allowed to each explicit/SMT run")
    ap.add_argument("--quick", action="store_true", help="smaller instances only")
    args = ap.parse_args()
    bench_pairing(args.cap, args.quick)
    bench_nim(args.cap, args.quick)
    bench_drat(args.quick)


if __name__ == "__main__":
    main()
