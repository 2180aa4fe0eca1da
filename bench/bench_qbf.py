"""Benchmark of the QBF route, side by side in one run (times in seconds, T/O = no answer in time).

    python bench/bench_qbf.py [--engines depqbf,caqe] [--encodings binary+sym] [--timeout 60]
                              [--quick] [--only bwnib|families|crossover|hein5] [--rows TEXT]
                              [--routes depqbf,split:depqbf]

bwnib: the 30 Hex puzzles of ../shared/positional-games/qsage-bwnib/ (Q-sage's published ``bwnib``
encoding, Bloqqer-preprocessed QDIMACS) and our encodings of the same puzzle (the .pg file of the same
name, question "black wins"), on the same engines, in the same run. Per puzzle: the explicit search's
time, then per engine and encoding the bwnib time, ours and the ratio bwnib/ours. A bwnib file that
Bloqqer already decided (no clause, or the empty clause) counts as decided in 0 s ("pre") and is left
out of the ratios. Summary: puzzles decided by each, the median ratio where both finish (per engine,
and best engine against best engine), and the ratio explicit/ours.

families: whole-game solves and bounded questions on tic-tac-toe, Hex and k-in-a-row boards, QBF
(ours, per engine) against the explicit search: where does QBF overtake the explicit search?

hein5: every Hein puzzle up to 5×5 and the empty 4×4 Hex board through the whole QBF route (``verify
solve pg --method qbf``) with each ``--routes`` backend spec (``split:ENGINE`` = cube-and-conquer), the
explicit search's time and the ratio explicit/QBF (QBF CPU seconds: this process and its engine
children, which matter on a shared machine; the wall time is printed too).

crossover (also run with families): k-in-a-row boards 4×4…12×12 at small depth and Maker-Maker
versions, per board and depth the explicit seconds, each (encoding, engine) pair's seconds, the best
pair and the ratio explicit/best, with engine-child CPU seconds next to wall time.

Every engine call runs in a child process with the time limit; failures are printed, never counted.
"""
from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from verify.encode.child import children_cpu, cpu_with_children, run_in_child
from verify.encode.qbf.game import PrenexCNF
from verify.encode.qbf.backends import solve_prenex
from verify.encode.qbf.encodings import encode
from verify.encode.qbf.qdimacs import from_qdimacs
from verify.errors import BackendError
from verify.formats.pg import read_pg
from verify.games import positional as pg
from verify.solvers.pg import PGSearch

SHARED = Path(__file__).resolve().parents[2] / "shared" / "positional-games"
if not SHARED.is_dir():
    SHARED = Path("/work/shared/positional-games")
BWNIB, HEIN = SHARED / "qsage-bwnib", SHARED / "hex-hein"
QUICK = ("hein_04_3x3-05", "hein_09_4x4-07", "hein_12_4x4-07", "hein_07_4x4-07", "hein_13_5x5-07",
         "hein_06_4x4-11", "browne_5x5_07", "hein_11_5x5-09")


def timed_qbf(f: PrenexCNF, engine: str, timeout: float):
    """(value, seconds) or (None, 'T/O'/'ERR')."""
    try:
        a = solve_prenex(f, engine, timeout=timeout)
        return a.value, a.seconds
    except BackendError as exc:
        return None, "T/O" if "timed out" in str(exc) else "ERR"


def _explicit_value(game, state):
    t0 = time.perf_counter()
    v = PGSearch(game).value(*state)
    return v, time.perf_counter() - t0


def timed_explicit(game, timeout: float, state=None):
    try:
        return run_in_child(_explicit_value, (game, state or game.start()), timeout, "explicit search")
    except BackendError as exc:
        return None, "T/O" if "timed out" in str(exc) else "ERR"


def read_bwnib(path: Path):
    """The formula, or its value when Bloqqer decided it (no clause: true; empty clause: false)."""
    text = path.read_text()
    f = from_qdimacs(text, str(path))
    if not f.clauses:
        return True
    if any(not c for c in f.clauses):
        return False
    return f


def fmt(t) -> str:
    return f"{t:.2f}" if isinstance(t, float) else str(t)


def bwnib_section(engines, encodings, timeout, quick):
    names = sorted(p.name.replace("_bwnib.qdimacs.bloqqer", "") for p in BWNIB.glob("*_bwnib.qdimacs.bloqqer"))
    if quick:
        names = [n for n in names if n in QUICK]
    cols = [(e, enc) for e in engines for enc in encodings]
    print(f"== bwnib (Q-sage, Bloqqer-preprocessed) vs ours, same engine, {timeout:g} s limit ==")
    print(f"{'puzzle':16s} {'ans':>5s} {'explicit':>8s} " +
          " ".join(f"{e + ':bwnib':>14s} {e + ':' + enc:>22s} {'ratio':>6s}" for e, enc in cols))
    rows = []
    for name in names:
        game = read_pg(HEIN / f"{name}.pg")
        ex_val, ex_t = timed_explicit(game, timeout)
        answer = None if ex_val is None else ex_val == 1
        bw = read_bwnib(BWNIB / f"{name}_bwnib.qdimacs.bloqqer")
        row = {"name": name, "explicit": ex_t, "bwnib": {}, "ours": {}}
        cells = []
        for e in engines:
            if isinstance(bw, bool):
                row["bwnib"][e] = ("pre", bw)
            else:
                v, t = timed_qbf(bw, e, timeout)
                row["bwnib"][e] = (t, v)
        for e, enc in cols:
            x = encode(game, pg.BLACK, "win", None, enc)
            if x.trivial is not None:
                v, t = x.trivial, 0.0
            else:
                v, t = timed_qbf(x.formula, e, timeout)
            row["ours"][(e, enc)] = (t, v)
            bt, bv = row["bwnib"][e]
            ratio = f"{bt / max(t, 1e-3):.1f}" if isinstance(bt, float) and isinstance(t, float) else "-"
            flag = lambda val: "" if val is None or answer is None or val == answer else "!WRONG"
            cells.append(f"{fmt(bt) + flag(bv):>14s} {fmt(t) + flag(v):>22s} {ratio:>6s}")
        rows.append(row)
        print(f"{name:16s} {str(answer):>5s} {fmt(ex_t):>8s} " + " ".join(cells), flush=True)
    print("-- summary --")
    decided = lambda t: isinstance(t, float) or t == "pre"
    for e, enc in cols:
        b = sum(decided(r["bwnib"][e][0]) for r in rows)
        o = sum(decided(r["ours"][(e, enc)][0]) for r in rows)
        ratios = [r["bwnib"][e][0] / max(r["ours"][(e, enc)][0], 1e-3) for r in rows
                  if isinstance(r["bwnib"][e][0], float) and isinstance(r["ours"][(e, enc)][0], float)]
        med = f"{statistics.median(ratios):.1f}x" if ratios else "-"
        print(f"{e:>16s}: bwnib decides {b}/{len(rows)}, ours ({enc}) {o}/{len(rows)}; "
              f"median bwnib/ours where both finish ({len(ratios)}): {med}")

    def best(r, which):
        ts = [t for t, _ in (r["bwnib"].values() if which == "bwnib" else r["ours"].values())]
        fl = [t for t in ts if isinstance(t, float)]
        return min(fl) if fl else ("pre" if "pre" in ts else None)
    bb = [best(r, "bwnib") for r in rows]
    bo = [best(r, "ours") for r in rows]
    ratios = [x / max(y, 1e-3) for x, y in zip(bb, bo) if isinstance(x, float) and isinstance(y, float)]
    print(f"best engine: bwnib decides {sum(x is not None for x in bb)}/{len(rows)}, ours "
          f"{sum(y is not None for y in bo)}/{len(rows)}; median best-bwnib/best-ours "
          f"({len(ratios)} puzzles): {statistics.median(ratios):.1f}x" if ratios else "no common finish")
    ex = [r["explicit"] / max(y, 1e-3) for r, y in zip(rows, bo) if isinstance(r["explicit"], float) and isinstance(y, float)]
    if ex:
        print(f"explicit/ours (best engine), {len(ex)} puzzles: median {statistics.median(ex):.2f}x, "
              f"max {max(ex):.1f}x (above 1: QBF faster)")


def families_section(engines, encodings, timeout, quick, rows=None):
    from verify.families.hex import hex_game
    from verify.encode.qbf.game import maker_breaker_pg
    from verify.families import k_in_a_row, tic_tac_toe
    from verify.games.maker_breaker import MakerBreakerGame
    from verify.solvers import solve
    print(f"\n== families: QBF (ours) vs explicit search, {timeout:g} s limit ==")
    print(f"{'instance':34s} {'answer':>7s} {'explicit':>8s} " +
          " ".join(f"{e + ':' + enc:>24s} {'ex/qbf':>6s}" for e in engines for enc in encodings))
    # whole games through the QBF route (iterative deepening for Maker-Breaker)
    whole = [("ttt4 maker first (whole game)", MakerBreakerGame(tic_tac_toe(4), "maker"))]
    for label, game in whole:
        if rows and rows not in label:
            continue
        t0 = time.perf_counter()
        try:
            ex = run_in_child(lambda g: solve("maker-breaker", g, "explicit").winner, (game,), timeout, "explicit")
            ex_t = time.perf_counter() - t0
        except BackendError:
            ex, ex_t = None, "T/O"
        cells = []
        for e in engines:
            for enc in encodings:
                t0 = time.perf_counter()
                try:  # the route runs each engine call in its own child, with the time limit
                    out = solve("maker-breaker", game, "qbf", backend=e, encoding=enc, timeout=timeout).winner
                    t = time.perf_counter() - t0
                    cells.append(f"{fmt(t) + ('' if ex in (None, out) else '!WRONG'):>24s} "
                                 f"{(f'{ex_t / t:.2f}' if isinstance(ex_t, float) else '-'):>6s}")
                except BackendError as exc:
                    cells.append(f"{'T/O' if 'timed out' in str(exc) else 'ERR':>24s} {'-':>6s}")
        print(f"{label:34s} {str(ex):>7s} {fmt(ex_t):>8s} " + " ".join(cells), flush=True)
    questions = [("hex3 empty, black first", hex_game(3)), ("hex4 empty, black first", hex_game(4))]
    if not quick:
        questions.append(("hex5 empty, black first", hex_game(5)))
    for m, n, k, ds in ((5, 5, 4, (3, 4)), (6, 6, 4, (3, 4)), (7, 7, 4, (3, 4)), (6, 6, 5, (4, 5)),
                        (8, 8, 5, (4,)), (6, 6, 3, (3, 4)), (8, 8, 3, (3, 4)), (10, 10, 3, (3, 4)),
                        (12, 12, 3, (4,))):
        for d in ds if not quick else ds[:1]:
            g = maker_breaker_pg(MakerBreakerGame(k_in_a_row(m, n, k), "maker"), d)
            questions.append((f"row{m}x{n}k{k} maker wins within {d}", g))
    for label, game in questions:
        if rows and rows not in label:
            continue
        ex_val, ex_t = timed_explicit(game, timeout)
        answer = None if ex_val is None else ex_val == 1
        cells = []
        for e in engines:
            for enc in encodings:
                x = encode(game, pg.BLACK, "win", None, enc)
                v, t = (x.trivial, 0.0) if x.trivial is not None else timed_qbf(x.formula, e, timeout)
                ratio = f"{ex_t / max(t, 1e-3):.2f}" if isinstance(ex_t, float) and isinstance(t, float) else \
                    (">1" if isinstance(t, float) else "-")
                cells.append(f"{fmt(t) + ('' if v is None or answer is None or v == answer else '!WRONG'):>24s} {ratio:>6s}")
        print(f"{label:34s} {str(answer):>7s} {fmt(ex_t):>8s} " + " ".join(cells), flush=True)


def _route(game, spec: str, timeout: float):
    """(winner or None, wall seconds or 'T/O'/'ERR', CPU seconds) of the QBF route on a .pg game."""
    from verify.errors import VerifyError
    from verify.solvers import solve
    t0, c0 = time.perf_counter(), cpu_with_children()
    try:
        w = solve("pg", game, "qbf", backend=spec, timeout=timeout).winner
        return w, time.perf_counter() - t0, cpu_with_children() - c0
    except VerifyError as exc:
        return None, "T/O" if "timed out" in str(exc) else "ERR", cpu_with_children() - c0


def hein5_section(routes, timeout):
    """Every Hein puzzle up to 5×5 and the empty 4×4 board through the whole QBF route (``verify
    solve pg --method qbf --backend SPEC``: engine calls, cube-and-conquer with ``split:ENGINE``),
    against the explicit search. Times: wall and CPU (this process and its engine children)."""
    from verify.families.hex import hex_game
    games = [(p.stem, read_pg(p)) for p in sorted(HEIN.glob("*.pg"))
             if any(f"{k}x{k}" in p.stem for k in (3, 4, 5))] + [("hex4 empty, black first", hex_game(4))]
    print(f"== Hein puzzles up to 5x5 and the empty 4x4 board: QBF route vs explicit, {timeout:g} s limit "
          "(wall / cpu s) ==")
    print(f"{'puzzle':24s} {'winner':>6s} {'explicit':>8s} " + " ".join(f"{r:>20s} {'ex/qbf':>6s}" for r in routes))
    solved = {r: [] for r in routes}
    for name, game in games:
        ex_val, ex_t = timed_explicit(game, timeout)
        answer = None if ex_val is None else {1: "black", -1: "white", 0: "draw"}[ex_val]
        cells = []
        for r in routes:
            w, t, cpu = _route(game, r, timeout)
            ok = isinstance(t, float) and t <= timeout
            if ok:
                solved[r].append(cpu)
            flag = "" if w is None or answer is None or w == answer else "!WRONG"
            ratio = f"{ex_t / max(cpu, 1e-3):.2f}" if ok and isinstance(ex_t, float) else "-"
            cells.append(f"{fmt(t) + ' / ' + f'{cpu:.2f}' + flag:>20s} {ratio:>6s}")
        print(f"{name:24s} {str(answer):>6s} {fmt(ex_t):>8s} " + " ".join(cells), flush=True)
    for r in routes:
        cpus = solved[r]
        print(f"{r:>16s}: decided {len(cpus)}/{len(games)} within {timeout:g} s wall; "
              f"CPU max {max(cpus, default=0):.1f} s, total {sum(cpus):.1f} s")


#: (encoding, engine) pairs of the crossover table: the measured best of each encoding family
#: (lifted+sym on DepQBF: 20-30x slower than on CAQE on 6×6, left out; on Maker-Maker rows lifted
#: falls back to binary, so that column is binary+sym on CAQE)
CROSSOVER_PAIRS = (("binary+sym", "depqbf"), ("implicit+sym", "depqbf"), ("lifted+sym", "caqe"))
#: (columns, rows, k, first, depths): k-in-a-row boards growing at small depth
CROSSOVER_BOARDS = ((4, 4, 4, "maker", (4, 5, 6, 7)),  # 4×4 tic-tac-toe (depth 8: the whole game)
                    (6, 6, 3, "maker", (2, 3)), (8, 8, 3, "maker", (2, 3)), (10, 10, 3, "maker", (3,)),
                    (12, 12, 3, "maker", (3,)), (14, 14, 3, "maker", (3,)), (16, 16, 3, "maker", (3,)),
                    (6, 6, 4, "maker", (4, 5)), (8, 8, 4, "maker", (4, 5)), (10, 10, 4, "maker", (4,)),
                    (12, 12, 4, "maker", (4,)), (6, 6, 5, "maker", (5,)), (8, 8, 5, "maker", (5,)))


def _line_mm(m: int, n: int, k: int, d: int):
    """Maker-Maker k-in-a-row as .pg: both colours own every line, black first, d black moves."""
    from verify.families import k_in_a_row
    h = k_in_a_row(m, n, k)
    times = tuple(f"t{i}" for i in range(min(2 * d - 1, m * n)))
    return pg.PositionalGame(tuple(h.vertices), tuple(h.edge_masks), tuple(h.edge_masks), times=times,
                             black_turns=frozenset(times[::2]), maker_maker=True)


def crossover_section(timeout, rows=None, pairs=CROSSOVER_PAIRS, boards=CROSSOVER_BOARDS):
    """Per board and depth: explicit seconds, QBF seconds (encoding included) per (encoding, engine), the best QBF and the
    ratio explicit/best (above 1: QBF faster), with engine-child CPU seconds (RUSAGE_CHILDREN) in
    brackets: wall time on a loaded machine overstates both ("n/a": the engine's process was not
    reaped by its parent, so its CPU time is not reported; CAQE)."""
    from verify.encode.qbf.game import maker_breaker_pg
    from verify.families import k_in_a_row
    from verify.games.maker_breaker import MakerBreakerGame
    print(f"\n== crossover: k-in-a-row 'black wins within d rounds', explicit vs QBF, {timeout:g} s limit, "
          f"seconds [child CPU] ==")
    print(f"{'instance':30s} {'answer':>6s} {'explicit':>14s} " +
          " ".join(f"{enc + ':' + e:>22s}" for enc, e in pairs) + f" {'best':>22s} {'ex/best':>7s}")
    questions = []
    for m, n, k, first, ds in boards:
        for d in ds:
            g = maker_breaker_pg(MakerBreakerGame(k_in_a_row(m, n, k), first), d)
            questions.append((f"row{m}x{n}k{k} {first[0].upper()}B d{d}", g))
    for m, n, k, d in ((4, 4, 3, 3), (6, 6, 3, 3), (8, 8, 3, 3), (6, 6, 4, 4), (7, 7, 4, 4), (8, 8, 4, 4)):
        questions.append((f"row{m}x{n}k{k} MM d{d}", _line_mm(m, n, k, d)))
    crossings = []
    for label, game in questions:
        if rows and rows not in label:
            continue
        c0 = children_cpu()
        ex_val, ex_t = timed_explicit(game, timeout)
        ex_cpu = children_cpu() - c0
        answer = None if ex_val is None else ex_val == 1
        cells, best = [], None
        for enc, e in pairs:
            t0 = time.perf_counter()
            x = encode(game, pg.BLACK, "win", None, enc)
            t_enc = time.perf_counter() - t0  # encoding and symmetry (nauty) count as QBF time
            c0 = children_cpu()
            v, t = (x.trivial, 0.0) if x.trivial is not None else timed_qbf(x.formula, e, timeout)
            cpu = children_cpu() - c0
            t = t + t_enc if isinstance(t, float) else t
            bad = "" if v is None or answer is None or v == answer else "!WRONG"
            shown = "n/a" if isinstance(t, float) and t > 0.2 and cpu < 0.05 * t else f"{cpu:.1f}"  # not reaped
            cells.append(f"{fmt(t) + bad + f' [{shown}]':>22s}")
            if isinstance(t, float) and not bad and (best is None or t < best[0]):
                best = (t, f"{enc}:{e}")
        ratio = "-"
        if best is not None and (best[0] > 0.01 or not isinstance(ex_t, float) or ex_t > 0.01):
            ratio = f"{ex_t / max(best[0], 1e-3):.2f}" if isinstance(ex_t, float) else ">1"
            if ratio == ">1" or float(ratio) > 1:
                crossings.append(label)
        print(f"{label:30s} {str(answer):>6s} {fmt(ex_t) + f' [{ex_cpu:.1f}]':>14s} " + " ".join(cells) +
              f" {best[1] if best else '-':>22s} {ratio:>7s}", flush=True)
    print(f"QBF faster than explicit on: {', '.join(crossings) if crossings else 'none'}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engines", default="depqbf,caqe")
    ap.add_argument("--encodings", default="binary+sym")
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only", choices=["bwnib", "families", "crossover", "hein5"])
    ap.add_argument("--routes", default="depqbf,split:depqbf", help="hein5: backend specs of the route")
    ap.add_argument("--rows", help="families: only instances whose label contains this text")
    args = ap.parse_args()
    engines, encodings = args.engines.split(","), args.encodings.split(",")
    if args.only == "hein5":
        return hein5_section(args.routes.split(","), args.timeout)
    if args.only in (None, "bwnib") and BWNIB.is_dir():
        bwnib_section(engines, encodings, args.timeout, args.quick)
    if args.only not in ("bwnib", "crossover"):
        families_section(engines, encodings, args.timeout, args.quick, args.rows)
    if args.only != "bwnib":
        crossover_section(args.timeout, args.rows)


if __name__ == "__main__":
    main()
