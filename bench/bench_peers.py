"""Our proof search against the published figures of peers, question by question; not a test.

The peer is J. P. Harries, *Achievement numbers of four small polyominoes* (8 Oct 2026,
github.com/jphme/math-problems, ``polyomino-achievement/``; docs/classical.md, [Harries 2026]),
whose note and README give, for four questions we also answer, the time and memory of his C++
search and the size of his certificates:

- Skinny (I tetromino) 6×6 race: a draw (his second-player strategy with pairing leaves), found
  in 6 s at 1.3 GB, certificate 16.2 MB gzipped;
- the L pentomino 7×7 race within 8 moves: no win, 67 s and 2.1 GB, 815,306 + 68,750 table
  lines, 3.7 MB gzipped;
- the L pentomino 6×6 race: a draw, found by df-pn in 2 s at 1.1 GB, 450,562 + 21,216 lines, 1.8
  MB gzipped;
- Snaky 8×8 Maker-Breaker, Maker first: Breaker wins, about 40 minutes with three processes of his
  solver (so at most about 120 CPU minutes: an upper figure, and the time ratio a lower bound), 10
  certificates of 191 MB in all (compression not stated: compared with our uncompressed bytes),
  the largest 1,126,032 nodes (compared with our one certificate of the whole game).

**His figures are from his machine (his README: macOS on arm64, wall-clock times; the model is not
stated), ours from this shared 2-core Linux machine**, so every ratio is indicative only. Ours are
CPU seconds (the machine is shared; wall-clock times under load are larger) and the peak RSS of a
child process forked for each run (the parent's share at the fork, small, is printed in the heading).

Our questions are the ones docs/classical.md certifies: ``verify family animal skinny 6 --race``,
``verify family animal L 7 --race --moves 8``, ``verify family animal L 6 --race`` (``.pg`` games,
``pg.race``) and ``verify family animal snaky 8`` as a Maker-Breaker game with Maker first (the
board of ``bench_mb_pairings.py``, solved as ``verify solve maker-breaker``). Each is run by the
proof search (``method search``, the default engine and driver) in two children of its own: one
decides it (the decide column), one decides and certifies it (the certificate built and serialised
as ``verify solve ... --certificate`` writes it; the kernel's one-time load excluded from both).
The certificate's size is printed in bytes and gzipped (level 6, like his ``.gz`` files), and its
recorded entries (moves, links, pairing leaves and threat lines) next to his table lines or nodes.
The L 7×7 within 8 certificate is built with the builder's two-ply lookahead off
(``verify.solvers.search.leaves.LOOKAHEAD_MOVES = 0``), as ``proofs/make.sh`` builds it.

Ratios are ours / his: time (our decide, and our decide and certify, over his time), memory (our
certify run's peak, or the decide run's without it, over his), size (gzipped, Snaky raw) and
entries. Heavy questions (marked *: minutes to certify) have their certify run skipped by
``--quick``.

Run: nice -n 10 python bench/bench_peers.py [--only SUBSTRING] [--limit S] [--quick] [--no-certify]
(``--limit``: seconds per run, default 900: the search's timeout, and the child is stopped 120 s
after it.)
"""
from __future__ import annotations

import gzip
import json
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_search import in_child  # noqa: E402

from verify.errors import Undecided  # noqa: E402

MB = 1e6


def _race(animal, side, moves=None):
    from verify.families import family
    from verify.games import positional as pg
    return pg.race(family("animal", animal, side), moves)


def _snaky8():
    from verify.families import family
    from verify.games import maker_breaker as mb
    return mb.MakerBreakerGame(family("animal", "snaky", 8), "maker")


# name, the game (made in the child), heavy, builder lookahead off, and his figures: result, seconds,
# peak bytes, certificate bytes, whether they are gzipped, lines or nodes, and a note
QUESTIONS = (
    dict(name="skinny 6x6 race", make=lambda: _race("skinny", 6), heavy=False, lookahead=True,
         result="draw", secs=6, mem=1.3e9, size=16.2 * MB, gz=True, lines=None,
         note="found in 6 s at 1.3 GB"),
    dict(name="L 7x7 race within 8", make=lambda: _race("L", 7, 8), heavy=True, lookahead=False,
         result="draw", secs=67, mem=2.1e9, size=3.7 * MB, gz=True, lines=815_306 + 68_750,
         note="67 s, 2.1 GB; 815,306 + 68,750 lines"),
    dict(name="L 6x6 race", make=lambda: _race("L", 6), heavy=False, lookahead=True,
         result="draw", secs=2, mem=1.1e9, size=1.8 * MB, gz=True, lines=450_562 + 21_216,
         note="df-pn 2 s at 1.1 GB; 450,562 + 21,216 lines"),
    dict(name="snaky 8x8 Maker-Breaker, Maker first", make=_snaky8, heavy=True, lookahead=True,
         result="breaker", secs=3 * 40 * 60, upper=True, mem=None, size=191 * MB, gz=False, lines=1_126_032,
         note="~40 min x 3 processes (<= 7,200 CPU s), 10 certificates 191 MB, largest 1,126,032 nodes"),
)


def _solve(make, limit, certificate):
    """The Outcome of ``method search`` (default engine and driver) on the question."""
    from verify.games import positional as pg
    from verify.solvers.search.methods import search_maker_breaker, search_pg
    game = make()
    if isinstance(game, pg.PositionalGame):
        return search_pg(game, certificate=certificate, timeout=limit)
    return search_maker_breaker(game, certificate=certificate, timeout=limit)


def _child(q, limit, certificate, conn):
    """Decide (and with ``certificate`` certify and serialise) in this forked process; sends a dict."""
    from verify.encode.child import cpu_with_children
    from verify.solvers.search import fast, leaves
    fast.warm_up()
    if not q["lookahead"]:
        leaves.LOOKAHEAD_MOVES = 0
    c0 = cpu_with_children()
    try:
        out = _solve(q["make"], limit, certificate)
    except Undecided:
        conn.send({"result": "?", "cpu": cpu_with_children() - c0})
        return
    r = {"result": out.winner if out.winner is not None else getattr(out, "answer", "?"),
         "nodes": out.stats.get("nodes", 0)}
    if certificate:
        data = (json.dumps(out.certificate) + "\n").encode()
        r.update(bytes=len(data), entries=out.stats["certificate_moves"])
    r["cpu"] = cpu_with_children() - c0
    r["rss"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    if certificate:
        r["gz"] = len(gzip.compress(data, 6))  # after the timing: not part of certifying
    conn.send(r)


def _ratio(ours, his, bound=""):
    if not ours or not his:
        return "-"
    r = ours / his
    return f"{bound}{r:.2f}" if r >= 0.1 else f"{bound}{r:.2g}"


def _mb(n):
    return "-" if n is None else f"{n / MB:,.1f}"


def main(argv):
    limit = float(argv[argv.index("--limit") + 1]) if "--limit" in argv else 900.0
    only = argv[argv.index("--only") + 1] if "--only" in argv else ""
    quick, no_cert = "--quick" in argv, "--no-certify" in argv
    parent = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 / MB
    print(f"ours: {time.strftime('%Y-%m-%d')}, this machine (CPU s; peak RSS of each child, {parent:.0f} MB of "
          "it the parent's at the fork); his: his machine (wall s; macOS on arm64, model not stated); ratios "
          "ours / his, indicative only")
    print("| question | result (his) | his s | his GB | his cert MB | his lines / nodes | our decide CPU s "
          "| nodes | decide+certify CPU s | peak MB | cert MB | gzipped MB | our entries | time x (decide) "
          "| time x (d+c) | memory x | size x | entries x |")
    print("|---" * 18 + "|")
    for q in QUESTIONS:
        if only not in q["name"]:
            continue
        d = in_child(_child, (q, limit, False), limit, {"result": "?", "cpu": limit})
        skip = no_cert or (quick and q["heavy"])
        c = {} if skip else in_child(_child, (q, limit, True), limit, {"result": "?", "cpu": limit})
        won = d["result"] if d["result"] != "?" else c.get("result", "?")
        flag = "" if won in ("?", q["result"]) else " DISAGREE"
        dcpu = f">{limit:g}" if d["result"] == "?" else f"{d['cpu']:.2f}"
        ccpu = "skipped" if skip else (f">{limit:g}" if c["result"] == "?" else f"{c['cpu']:.1f}")
        peak = c.get("rss") or d.get("rss")
        bound = "≥" if q.get("upper") else ""  # his time an upper figure: the ratio a lower bound
        ours_size = c.get("gz") if q["gz"] else c.get("bytes")
        his_size = f"{q['size'] / MB:,.1f}" + ("" if q["gz"] else " raw")
        his_mem = "-" if q["mem"] is None else f"{q['mem'] / 1e9:g}"
        lines = "-" if q["lines"] is None else f"{q['lines']:,}"
        entries = f"{c['entries']:,}" if "entries" in c else "-"
        print(f"| {q['name']}{' *' if q['heavy'] else ''} | {won}{flag} ({q['result']}) | {'≤' if bound else ''}{q['secs']:,} "
              f"| {his_mem} | {his_size} | {lines} | {dcpu} "
              f"| {d.get('nodes', 0):,} | {ccpu} | {_mb(peak)} | {_mb(c.get('bytes'))} | {_mb(c.get('gz'))} "
              f"| {entries} | {_ratio(d['cpu'] if d['result'] != '?' else None, q['secs'], bound)} "
              f"| {_ratio(c.get('cpu') if c.get('result', '?') != '?' else None, q['secs'], bound)} "
              f"| {_ratio(peak, q['mem'])} | {_ratio(ours_size, q['size'])} | {_ratio(c.get('entries'), q['lines'])} |",
              flush=True)
    print("* heavy (minutes to certify; --quick skips its certify run). His figures: " + "; ".join(
        f"{q['name']}: {q['note']}" for q in QUESTIONS if only in q["name"]))


if __name__ == "__main__":
    main(sys.argv[1:])
