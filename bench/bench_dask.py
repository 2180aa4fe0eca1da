"""Speed-up of one question's proof search on a local Dask cluster: 1 worker, then 2; not a test.

The same question goes through ``verify solve ... --dask ADDRESS`` twice, first on a
``distributed.LocalCluster`` of one worker process (one thread), then of two, and the two runs are
printed side by side: wall time, the driver's CPU (the ``verify`` process: the whole game's
search, the book's top or the PN² tree), the workers' CPU (the parts or leaves) and the speed-up
of the wall time. The questions (``--question``):

- ``ap25-book`` (default): the 5-term van der Waerden game on {1..25}, Maker first (Breaker wins),
  certified by a book (``--certificate OUT.zip``): the whole game decided and the top walked in
  the driver, one part per class of Maker's first move (up to the reflection) with Breaker's
  answer, each a task, merged into one zip that the checker reads part by part (13 parts, 292 KB;
  the workers' CPU 114-148 s, the driver's 14-47 s: its probes have wall-clock budgets, so it
  works more on a loaded machine). The driver's work is serial (Amdahl): on an idle machine the
  speed-up is at most about 1.8 on 2 workers; on the shared machine it measured 2.82, 1.06 and
  0.89 in three runs, and 1.86 on the idle machine (135.3 s on 1 worker, 72.6 s on 2;
  docs/classical.md, "Many machines").
- ``qubic-book``: Qubic, Maker first, the same way: 12 parts of 8-83 CPU s each; too long for a
  shared machine (on 1 worker it ran past 1,800 s of wall time at a load average of 13).
- ``ap-pn``: the 5-term van der Waerden game on {1..28}, Maker first, by the PN² driver
  (``--driver pn``), its leaves evaluated as tasks, one ordinary pg-proof certificate.

Run: nice -n 10 python bench/bench_dask.py [--question ap25-book|qubic-book|ap-pn] [--workers 1,2]
(the machine may be shared: the CPU columns say how much work each run did, the wall column what
the user waits; every run is certified, the certificate checked before it is written).
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

QUESTIONS = {
    "ap25-book": (["maker-breaker", "{tmp}/ap-25-5.txt", "--first", "maker", "--method", "search"],
                  "ap-25-5-maker-first.zip"),
    "qubic-book": (["maker-breaker", "examples/classical/qubic.txt", "--first", "maker", "--method", "search"],
                   "qubic-maker-first.zip"),
    "ap-pn": (["maker-breaker", "examples/classical/ap-28-5.txt", "--first", "maker", "--method", "search",
               "--driver", "pn"], "ap-28-5-maker-first.json"),
}


def _worker_cpu(client) -> float:
    """The CPU seconds used so far by every worker process of the cluster (user + system)."""
    def cpu():
        r = resource.getrusage(resource.RUSAGE_SELF)
        return r.ru_utime + r.ru_stime
    return sum(client.run(cpu).values())


def run_once(question: str, workers: int, work: Path, timeout: float) -> dict:
    """One run of ``question`` on a fresh LocalCluster of ``workers`` processes (1 thread each)."""
    from distributed import Client, LocalCluster
    args, cert = QUESTIONS[question]
    args = [a.format(tmp=work) for a in args]
    out = work / f"{workers}-{cert}"
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster.scheduler_address) as client:
        client.wait_for_workers(workers)
        w0 = _worker_cpu(client)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.monotonic()
        run = subprocess.run([sys.executable, "-m", "verify.cli", "solve", *args, "--json", "--timeout", str(timeout),
                              "--dask", cluster.scheduler_address, "--certificate", str(out)],
                             cwd=ROOT, capture_output=True, text=True,
                             env={**os.environ, "PYTHONPATH": str(ROOT)})
        wall = time.monotonic() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        w1 = _worker_cpu(client)
    if run.returncode != 0:
        raise SystemExit(f"{question} on {workers} worker(s) failed (exit {run.returncode}): "
                         f"{run.stderr.strip()[-500:]}")
    o = json.loads(run.stdout)
    stats = o.get("stats", {})
    return {"workers": workers, "wall": wall,
            "driver_cpu": (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime),
            "driver_peak_mb": after.ru_maxrss // 1024,
            "worker_cpu": w1 - w0, "winner": o.get("winner"),
            "certified": (o.get("certificate") or {}).get("checked"),
            "parts": stats.get("parts"), "size_kb": out.stat().st_size // 1024 if out.exists() else None}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--question", choices=sorted(QUESTIONS), default="ap25-book")
    ap.add_argument("--workers", default="1,2", help="worker counts, in order (default 1,2)")
    ap.add_argument("--timeout", type=float, default=1800.0, help="seconds allowed per run")
    a = ap.parse_args(argv)
    counts = [int(x) for x in a.workers.split(",")]
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-dask-") as tmp:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        subprocess.run([sys.executable, "-m", "verify.cli", "family", "ap", "25", "5", "-o", f"{tmp}/ap-25-5.txt"],
                       cwd=ROOT, check=True, env=env)
        # warm-up: the compiled kernel's JIT cache is filled once, before any timed run (else the
        # first run pays the compilation: 32 CPU s more in the driver in the first measurement)
        subprocess.run([sys.executable, "-m", "verify.cli", "solve", "maker-breaker", "examples/classical/ap-13-4.txt",
                        "--method", "search", "--certificate", f"{tmp}/warm.zip", "--jobs", "1"],
                       cwd=ROOT, check=True, env=env, capture_output=True)
        for n in counts:
            load = os.getloadavg()[0]
            rows.append(run_once(a.question, n, Path(tmp), a.timeout))
            r = rows[-1]
            r["load"] = load
            print(f"   ({a.question}: {n} worker(s) done in {r['wall']:.1f} s)", file=sys.stderr)
    base = rows[0]
    print(f"== {a.question} through --dask on a LocalCluster (processes, 1 thread per worker); "
          f"load average at the end {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'workers':>7} | {'wall s':>8} | {'driver CPU s':>12} | {'workers CPU s':>13} | {'total CPU s':>11} | "
          f"{'speed-up (wall)':>15} | load | winner, certified, parts, size")
    for r in rows:
        total = r["driver_cpu"] + r["worker_cpu"]
        print(f"{r['workers']:>7} | {r['wall']:8.1f} | {r['driver_cpu']:12.1f} | {r['worker_cpu']:13.1f} | "
              f"{total:11.1f} | {base['wall'] / r['wall']:15.2f} | {r['load']:4.1f} | {r['winner']}, {r['certified']}, "
              f"{r['parts']}, {r['size_kb']} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
