"""The two certificate checkers side by side, per certificate: the independent (kernel) checker
``verify check FILE`` and the second checker ``python -m verify.second_opinion FILE``, each in a
child process of its own, with its CPU seconds (user + system) and peak resident memory (the
child's own ``ru_maxrss`` from ``os.wait4``), and the ratio second / kernel.

    python bench/bench_checkers.py [FILE ...]

Without files: every certificate of ``proofs/`` (``proofs/large`` included when its files are
present) of at least 1 MB, smallest first. Run it once per code version (``PYTHONPATH``) to compare
versions side by side. A checker that rejects a certificate is reported, never averaged in.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MIN_BYTES = 1 << 20


def measured(cmd: list[str]) -> tuple[bool, float, float]:
    """(accepted, CPU seconds, peak RSS in MB) of one child process."""
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return p.returncode == 0, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def certificates(args: list[str]) -> list[Path]:
    if args:
        return [Path(a) for a in args]
    found = [p for p in (ROOT / "proofs").rglob("*") if p.suffix in (".json", ".zip") and p.is_file()]
    return sorted((p for p in found if p.stat().st_size >= MIN_BYTES), key=lambda p: p.stat().st_size)


def main(args: list[str]) -> None:
    verify = str(Path(sys.executable).with_name("verify"))
    print(f"{'certificate':44} {'MB':>7} | {'kernel s':>9} {'MB':>7} | {'second s':>9} {'MB':>7} | "
          f"{'CPU ratio':>9} {'RSS ratio':>9}")
    for path in certificates(args):
        ok1, cpu1, rss1 = measured([verify, "check", str(path)])
        ok2, cpu2, rss2 = measured([sys.executable, "-m", "verify.second_opinion", str(path)])
        name = str(path.relative_to(ROOT) if path.is_absolute() and ROOT in path.parents else path)
        size = path.stat().st_size / 1e6
        if not (ok1 and ok2):
            print(f"{name[-44:]:44} {size:7.1f} | rejected by {'the kernel' if not ok1 else ''}"
                  f"{' and ' if not (ok1 or ok2) else ''}{'the second checker' if not ok2 else ''}")
            continue
        print(f"{name[-44:]:44} {size:7.1f} | {cpu1:9.1f} {rss1:7.0f} | {cpu2:9.1f} {rss2:7.0f} | "
              f"{cpu2 / cpu1:9.2f} {rss2 / rss1:9.2f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
