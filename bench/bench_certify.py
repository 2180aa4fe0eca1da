"""Certificate building and checking of the proof search, per instance (issue 18): the search's
CPU seconds, the certificate walk's CPU seconds, recorded moves and links, size in KB, the
independent checker's CPU seconds and the peak RSS of the child (each instance runs in a child
process of its own; the kernel's one-time load excluded).

    python bench/bench_certify.py [--hex] [--qubic] [--races] [--vdw6] [--no-lines] [NAME-FILTER]

``--no-lines`` records proofs move by move instead of with threat lines (one entry per line:
``verify.solvers.search.methods.THREAT_LINES``); ``--races`` adds two race certificates of
proofs/classical that are attacker wins; ``--vdw6`` the 6-term progression games on {1..34} and
{1..36} (Maker first, Breaker wins: certificates of pairing leaves, about 10 and 100 CPU s).

Run it once per code version (``PYTHONPATH``) to compare them side by side.
"""
from __future__ import annotations

import json
import multiprocessing as mp
import os
import resource
import sys
import time
from pathlib import Path

HEIN = Path(os.environ.get("HEIN", Path(__file__).resolve().parents[2] / "shared" / "positional-games" / "hex-hein"))
HEX = ("hein_03_6x6-15", "hein_03_6x6-13", "hein_17_6x6-15", "hein_20_6x6-15", "hein_18_7x7-15")
QUBIC = (["1.1.1", "2.2.2", "1.2.2", "2.1.1", "1.3.3", "1.4.4", "1.1.4"],
         ["1.1.1", "2.2.2", "1.2.2", "2.1.1", "1.3.3", "1.4.4", "1.1.2"])


def instances(hex_all: bool, qubic: bool, races: bool = False, vdw6: bool = False):
    from verify.families import family
    from verify.games import positional as pg
    from verify.formats.pg import read_pg
    out = []
    for n in (4, 5):
        out.append((f"tic-tac-toe {n}x{n}", lambda n=n: pg.from_maker_breaker(family("tic-tac-toe", n), 0, 0, "maker")))
    names = sorted(p.stem for p in HEIN.glob("*.pg")) if hex_all else HEX
    for name in names:
        out.append((name, lambda name=name: read_pg(HEIN / f"{name}.pg")))
    out.append(("ap n=28 k=5", lambda: pg.from_maker_breaker(family("ap", 28, 5), 0, 0, "maker")))
    for n in (34, 36) if vdw6 else ():
        out.append((f"ap n={n} k=6", lambda n=n: pg.from_maker_breaker(family("ap", n, 6), 0, 0, "maker")))
    if races:
        root = Path(__file__).resolve().parents[1] / "examples" / "classical"
        for name in ("N-5x5-race-6", "skinny-7x7-race-7"):
            out.append((name, lambda name=name: read_pg(root / f"{name}.pg")))
    if qubic:
        for op in QUBIC:
            def make(op=op):
                q = family("qubic")
                return pg.from_maker_breaker(q, q.mask(op[0::2]), q.mask(op[1::2]),
                                             "breaker" if len(op) % 2 else "maker")
            out.append(("qubic " + " ".join(op), make))
    return out


def _child(make, conn):
    from verify.certificates.checker import check_certificate
    from verify.games import positional as pg
    from verify.solvers.search import fast as search_fast
    from verify.solvers.search.engine import decide
    from verify.solvers.search.methods import pg_proof_certificate
    search_fast.warm_up()
    game = make()
    t0 = time.process_time()
    winner, searches = decide(game)
    t1 = time.process_time()
    cert = pg_proof_certificate(game, winner, searches)
    t2 = time.process_time()
    text = json.dumps(cert)
    t3 = time.process_time()
    check_certificate(json.loads(text))
    t4 = time.process_time()
    qs = cert["questions"]
    conn.send({"winner": winner, "nodes": sum(s.nodes for s in searches), "solve": t1 - t0, "build": t2 - t1,
               "moves": sum(len(q["moves"]) + len(q.get("lines", [])) for q in qs), "links": sum(len(q.get("links", [])) for q in qs),
               "kb": len(text) / 1000, "check": t4 - t3,
               "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1000})


def main(argv):
    hex_all, qubic, races, vdw6 = "--hex" in argv, "--qubic" in argv, "--races" in argv, "--vdw6" in argv
    if "--no-lines" in argv:
        from verify.solvers.search import methods as search_methods
        search_methods.THREAT_LINES = False
    only = [a for a in argv if not a.startswith("--")]
    print("| instance | winner | nodes | solve s | build s | moves + lines | links | KB | check s | RSS MB |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    ctx = mp.get_context("fork")
    for name, make in instances(hex_all, qubic, races, vdw6):
        if only and not any(o in name for o in only):
            continue
        a, b = ctx.Pipe(False)
        p = ctx.Process(target=_child, args=(make, b))
        p.start()
        p.join()
        r = a.recv() if a.poll(0) else None
        if r is None:
            print(f"| {name} | failed |")
            continue
        print(f"| {name} | {r['winner']} | {r['nodes']} | {r['solve']:.2f} | {r['build']:.2f} | {r['moves']} | "
              f"{r['links']} | {r['kb']:.0f} | {r['check']:.2f} | {r['rss_mb']:.0f} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
