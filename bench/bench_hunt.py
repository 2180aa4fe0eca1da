"""Hunts at scale: instances per second per worker for each source, the speed-up from 1 to 2 workers
and under Dask, the isomorph rejection rate of the random and SAT-guided sources, and the store's size
per million instances. Prints a table and ratios side by side in one run.

    python bench/bench_hunt.py [--quick]

The conjecture is Galliot's two-rounds question (004-open-two-rounds-marked: 3-uniform marked
hypergraphs, explicit reference per instance, well under a millisecond), then a heavy one (explicit
vs QBF, agree:maker-breaker:explicit:qbf) and, for the store size, a trivially true conjecture over
hypergraphs (so the store, not the checks, is measured).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from verify.encode.child import cpu_with_children  # noqa: E402
from verify.hunting.engine import HuntConfig, run_hunt  # noqa: E402

NAME = "004-open-two-rounds-marked"
TRIVIAL = '''
from verify.hunting import HuntSpec, Hypergraphs, conjecture
@conjecture("bench-true", "bench", "always true", hunt=HuntSpec(Hypergraphs(sizes=(1, 2, 3))))
def true(h):
    return None
'''


def run(tmp, tag, **kw):
    kw.setdefault("store", os.path.join(tmp, f"{tag}.sqlite"))
    t0, c0 = time.perf_counter(), cpu_with_children()
    rep = run_hunt(HuntConfig(progress=False, stop_after=0, **kw)).to_json()
    rep["wall"] = time.perf_counter() - t0
    rep["cpu"] = cpu_with_children() - c0   # parent + reaped local workers (Dask workers are not counted)
    rep["bytes"] = sum(os.path.getsize(kw["store"] + s) for s in ("", "-wal") if os.path.exists(kw["store"] + s))
    return rep


def _source_only(name, source, n_max, count, n_min=1) -> int:
    """Draw the stream as the parent does (with isomorph keys), without checking anything."""
    from verify.hunting import conjectures
    from verify.hunting.engine import _stream
    conj = conjectures.get(name)
    space = conj.spec.space
    cfg = HuntConfig(name, source=source, n_min=n_min, n_max=n_max, count=count)
    drawn = 0
    dedup = not (source == "exhaustive" and space.isomorph_free)
    for _c, raw in _stream(cfg, conj, space, n_max, count, set()):
        if dedup:
            for p in raw:
                space.key(p)
        drawn += len(raw)
    return drawn


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    q = args.quick
    k = 1 if not q else 5
    cases = {
        "exhaustive": dict(name=NAME, source="exhaustive", n_max=6, count=20000 // k),
        "random": dict(name=NAME, source="random", n_min=8, n_max=10, count=1500 // k),
        "sat": dict(name=NAME, source="sat", n_min=8, n_max=9, count=1000 // k),
        # heavy checks (~30 ms: a QBF engine per instance), where workers, not the parent, bound the rate
        "random-qbf": dict(name="agree:maker-breaker:explicit:qbf", source="random", n_min=6, n_max=8,
                           count=200 // k),
    }
    print("inst/s counts instances checked (isomorphs rejected are not); 'source only' is the parent "
          "drawing the stream (and the nauty keys where isomorphs are rejected) with no check (the ceiling of any pool)\n")
    print("cpu ms/inst: CPU of the parent and its local workers per instance checked (load-independent; "
          "equal values for 1 and 2 workers mean no parallel overhead); speed-up is wall-clock and "
          "only meaningful on idle cores (load average now: %.1f on %d cores)\n"
          % (os.getloadavg()[0], os.cpu_count() or 1))
    print(f"{'source':<11} {'workers':>8} {'checked':>8} {'drawn':>7} {'rejected':>9} {'inst/s':>8} "
          f"{'inst/s/worker':>14} {'speed-up':>9} {'cpu ms/inst':>12}")
    with tempfile.TemporaryDirectory() as tmp:
        cluster = None
        try:
            import dask
            from distributed import LocalCluster
            dask.config.set({"distributed.worker.daemon": False})   # QBF engines run in child processes
            cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                   dashboard_address=":0", silence_logs=40)
        except Exception as exc:  # noqa: BLE001 - the bench still prints the local rows
            print(f"(no Dask cluster: {exc})")
        run(tmp, "warm-up", name=NAME, source="exhaustive", n_max=5, workers=1)  # imports, caches
        for source, kw in cases.items():
            base = None
            t0 = time.perf_counter()
            drawn = _source_only(**kw)
            print(f"{source:<11} {'source only':>8} {'-':>8} {drawn:>7} {'':>9} "
                  f"{drawn / (time.perf_counter() - t0):>8.1f}")
            for label, extra, nw in (("1", dict(workers=1), 1), ("2", dict(workers=2), 2),
                                     ("dask:2", dict(dask=cluster.scheduler_address) if cluster else None, 2)):
                if extra is None:
                    continue
                r = run(tmp, f"{source}-{label.replace(':', '')}", **kw, **extra)
                rate = r["checked"] / r["wall"]
                base = base or rate
                rej = r["rejected_isomorphs"] / r["drawn"] if r["drawn"] else 0.0
                cpu = "-" if "dask" in label else f"{1000 * r['cpu'] / max(1, r['checked']):.2f}"
                print(f"{source:<11} {label:>8} {r['checked']:>8} {r['drawn']:>7} {rej:>8.1%} "
                      f"{rate:>8.1f} {rate / nw:>14.1f} {rate / base:>8.2f}x {cpu:>12}")
        if cluster is not None:
            cluster.close()
        # store size per million instances (a trivial check, so the store dominates)
        path = os.path.join(tmp, "true.py")
        with open(path, "w") as f:
            f.write(TRIVIAL)
        n = 20000 if not q else 5000
        r = run(tmp, "size", name="bench-true", source="random", n_min=7, n_max=9, count=n,
                conjectures_file=path, workers=2, chunk=256)
        per_m = r["bytes"] / r["drawn"] * 1e6
        print(f"\nstore: {r['bytes']} bytes for {r['drawn']} drawn ({r['checked']} distinct up to "
              f"isomorphism, chunks of 256): {per_m / 2**20:.1f} MiB per million instances drawn "
              f"({r['bytes'] / max(1, r['checked']):.1f} bytes per distinct instance, nearly all of it "
              f"the isomorph-rejection keys); hunt rate with a trivial check {r['drawn'] / r['wall']:.0f} "
              f"inst/s (2 workers)")


if __name__ == "__main__":
    main()
