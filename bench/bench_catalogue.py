"""Running time of the full theorem catalogue (every paper's claims) at the CI sizes; not a test.

Run: python bench/bench_catalogue.py [--slow]
"""
from __future__ import annotations

import sys
import time
from collections import defaultdict

from verify.claims.registry import expected
from verify.claims.registry import all_claims, check_claim


def main(slow: bool = False):
    t0 = time.perf_counter()
    per_paper: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    rows = []
    unexpected = []
    for c in all_claims():
        size = c.slow_size if slow and c.slow_size is not None else c.default_size
        r = check_claim(c, size)
        paper = c.source[:3]
        per_paper[paper] += r.seconds
        count[paper] += 1
        rows.append((r.seconds, c.name, r.status, r.instances))
        if not expected(c, r):
            unexpected.append(c.name)
    total = time.perf_counter() - t0
    print(f"== catalogue at {'slow' if slow else 'CI'} sizes: {len(rows)} claims in {total:.1f} s")
    for paper in sorted(per_paper):
        print(f"   paper {paper}: {count[paper]:>3} claims {per_paper[paper]:8.2f} s")
    print("   slowest claims:")
    for secs, name, status, n in sorted(rows, reverse=True)[:8]:
        print(f"   {secs:8.2f} s  {name} ({status}, {n} instances)")
    if unexpected:
        print(f"   UNEXPECTED: {', '.join(unexpected)}")


if __name__ == "__main__":
    main("--slow" in sys.argv)
