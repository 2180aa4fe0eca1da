"""Hunting the rank-3 route on boards nobody tuned it for (issue 19). Prints a table; not a test.

Each board, both starters, runs in a child process with a CPU cap (killed on timeout): the
structural decision (`verify rank3`'s method), its certificate built and checked by the kernel
checker, and a reference: the explicit solver when at most 14 vertices are free, else the proof
search (`--method search`, numba kernel) within ``--ref`` seconds. Flags: DISAGREE (the verdicts
differ: a bug of one side), SLOW (decide > 10 s, certify + check > 60 s), NOCERT (no certificate
though a verdict is known), ERR (an exception).

Families (20-200 vertices): random 3-uniform boards at m = n/3 ... 2n edges (most of them in the
threshold region m ≈ 0.5n-1n), random linear ones, mixed 2- and 3-edges, graphs (2-edges only),
Steiner triple systems (PG(k,2), AG(k,3)) and their sub-boards, faces of stacked planar
triangulations and of triangular grids, 3-APs in Z_n and in {1..n}, hypertrees plus random extra
edges, the pairing boards (rank3-pairs) with one or two edges breaking the pairing, disjoint unions,
a Maker win glued to a Breaker win at a vertex, and positions with marks (random moves played).

    python bench/hunt_rank3.py [--quick] [--only FAMILY[,FAMILY]] [--cap S] [--ref S] [--seeds K]
"""
from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing as mp
import os
import random
import resource
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from verify.families import fano  # noqa: E402
from verify.families.classical import arithmetic_progressions  # noqa: E402
from verify.families.rank3 import pairing_board, sparse_tree  # noqa: E402
from verify.hypergraph import Hypergraph  # noqa: E402

# -- generators: each returns a Hypergraph (marks = Maker's vertices) and Breaker's claimed names ---


def _board(edges, nv: int, marked=(), prefix="v") -> Hypergraph:
    masks = sorted({sum(1 << v for v in set(e)) for e in edges})
    return Hypergraph.from_masks([f"{prefix}{i}" for i in range(nv)], masks, sum(1 << v for v in marked))


def _connect(edges: list, nv: int, rng: random.Random, sizes=(3,)) -> list:
    """Join the components of a board by random edges through two components (so the board is
    connected, as a researcher's board usually is)."""
    parent = list(range(nv))

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for e in edges:
        for a, b in zip(e, e[1:]):
            parent[find(a)] = find(b)
    roots = sorted({find(v) for v in range(nv)})
    rng.shuffle(roots)
    for r1, r2 in zip(roots, roots[1:]):
        if find(r1) == find(r2):
            continue
        c1 = [v for v in range(nv) if find(v) == find(r1)]
        c2 = [v for v in range(nv) if find(v) == find(r2)]
        e = [rng.choice(c1), rng.choice(c2)]
        if rng.choice(sizes) == 3:
            third = rng.randrange(nv)
            if third not in e:
                e.append(third)
        edges.append(e)
        for a, b in zip(e, e[1:]):
            parent[find(a)] = find(b)
    return edges


def random3(n: int, ratio: float, seed: int, linear: bool = False, connected: bool = True) -> Hypergraph:
    """m = ratio·n random 3-edges (pairwise meeting in ≤ 1 vertex if ``linear``), then joined."""
    rng = random.Random(seed)
    m = max(1, int(ratio * n))
    edges, seen, pairs = [], set(), set()
    tries = 0
    while len(edges) < m and tries < 50 * m:
        tries += 1
        e = tuple(sorted(rng.sample(range(n), 3)))
        if e in seen:
            continue
        if linear and any(p in pairs for p in itertools.combinations(e, 2)):
            continue
        seen.add(e)
        pairs.update(itertools.combinations(e, 2))
        edges.append(list(e))
    if connected:
        _connect(edges, n, rng)
    return _board(edges, n)


def mixed(n: int, ratio: float, seed: int, two: float = 0.3) -> Hypergraph:
    """ratio·n random edges, a fraction ``two`` of them 2-edges, joined."""
    rng = random.Random(seed)
    edges = [rng.sample(range(n), 2 if rng.random() < two else 3) for _ in range(int(ratio * n))]
    return _board(_connect(edges, n, rng, sizes=(2, 3)), n)


def graph(n: int, ratio: float, seed: int) -> Hypergraph:
    """A random connected graph with ratio·n edges (2-edges only)."""
    rng = random.Random(seed)
    edges = [[i, rng.randrange(i)] for i in range(1, n)]
    while len(edges) < ratio * n:
        edges.append(rng.sample(range(n), 2))
    return _board(edges, n)


def sts_pg(k: int) -> Hypergraph:
    """The Steiner triple system PG(k-1, 2): points 1..2^k - 1, lines {a, b, a xor b}."""
    n = 2 ** k - 1
    edges = {tuple(sorted((a, b, a ^ b))) for a in range(1, n + 1) for b in range(a + 1, n + 1)}
    return _board([[v - 1 for v in e] for e in edges], n, prefix="p")


def sts_ag(k: int) -> Hypergraph:
    """The Steiner triple system AG(k, 3): points Z_3^k, lines {a, b, c} with a + b + c = 0."""
    pts = list(itertools.product(range(3), repeat=k))
    idx = {p: i for i, p in enumerate(pts)}
    edges = set()
    for a, b in itertools.combinations(pts, 2):
        c = tuple((-x - y) % 3 for x, y in zip(a, b))
        edges.add(tuple(sorted((idx[a], idx[b], idx[c]))))
    return _board([list(e) for e in edges], len(pts), prefix="q")


def sub_board(h: Hypergraph, seed: int, points: int = 0, lines: int = 0) -> Hypergraph:
    """``h`` with random points (and the lines through them) and random further lines deleted."""
    rng = random.Random(seed)
    gone = set(rng.sample(range(h.n), points))
    masks = [e for e in h.edge_masks if not any(e >> v & 1 for v in gone)]
    rng.shuffle(masks)
    masks = masks[lines:]
    keep = [v for v in range(h.n) if v not in gone]
    new = {v: i for i, v in enumerate(keep)}
    return _board([[new[v] for v in range(h.n) if e >> v & 1] for e in masks], len(keep), prefix="s")


def stacked(n: int, seed: int) -> Hypergraph:
    """Faces of a random stacked planar triangulation (a point put in a random face, n points)."""
    rng = random.Random(seed)
    faces = [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    for v in range(4, n):
        a, b, c = faces.pop(rng.randrange(len(faces)))
        faces += [(a, b, v), (a, c, v), (b, c, v)]
    return _board([list(f) for f in faces], n, prefix="t")


def tri_grid(w: int, h: int, holes: int = 0, seed: int = 0) -> Hypergraph:
    """Triangles of a w×h triangular grid (each unit square cut by a diagonal), ``holes`` faces removed."""
    rng = random.Random(seed)
    idx = lambda x, y: y * (w + 1) + x  # noqa: E731
    faces = []
    for x in range(w):
        for y in range(h):
            faces += [[idx(x, y), idx(x + 1, y), idx(x + 1, y + 1)], [idx(x, y), idx(x, y + 1), idx(x + 1, y + 1)]]
    rng.shuffle(faces)
    return _board(faces[holes:], (w + 1) * (h + 1), prefix="g")


def ap_cyclic(n: int) -> Hypergraph:
    """3-term APs {a, a+d, a+2d} in Z_n (d ≠ 0, three distinct residues)."""
    edges = set()
    for a in range(n):
        for d in range(1, n):
            e = {a, (a + d) % n, (a + 2 * d) % n}
            if len(e) == 3:
                edges.add(tuple(sorted(e)))
    return _board([list(e) for e in edges], n, prefix="z")


def tree_plus(n: int, extra: int, seed: int) -> Hypergraph:
    """A random 3-uniform hypertree on n vertices plus ``extra`` random 3-edges (not linear)."""
    rng = random.Random(seed)
    edges = [[0, 1, 2]]
    nv = 3
    while nv + 2 <= n:
        edges.append([rng.randrange(nv), nv, nv + 1])
        nv += 2
    for _ in range(extra):
        edges.append(rng.sample(range(nv), 3))
    return _board(edges, nv)


def pairs_broken(pairs: int, extra: int, seed: int, breaks: int) -> Hypergraph:
    """rank3-pairs with ``breaks`` random 3-edges added that contain no pair."""
    h = pairing_board(pairs, extra, seed)
    rng = random.Random(seed + 1000)
    masks = list(h.edge_masks)
    while breaks:
        e = rng.sample(range(h.n), 3)
        if any(a // 2 == b // 2 and a < 2 * pairs and b < 2 * pairs for a, b in itertools.combinations(e, 2)):
            continue
        masks.append(sum(1 << v for v in e))
        breaks -= 1
    return Hypergraph.from_masks(list(h.vertices), sorted(set(masks)))


def union(*boards: Hypergraph) -> Hypergraph:
    edges, nv = [], 0
    for h in boards:
        edges += [[nv + v for v in range(h.n) if e >> v & 1] for e in h.edge_masks]
        nv += h.n
    return _board(edges, nv, prefix="u")


def glue(a: Hypergraph, b: Hypergraph, seed: int) -> Hypergraph:
    """``a`` and ``b`` glued at one random vertex of each."""
    rng = random.Random(seed)
    va, vb = rng.randrange(a.n), rng.randrange(b.n)
    shift = {v: (a.n + v - (v > vb) if v != vb else va) for v in range(b.n)}
    edges = [[v for v in range(a.n) if e >> v & 1] for e in a.edge_masks]
    edges += [[shift[v] for v in range(b.n) if e >> v & 1] for e in b.edge_masks]
    return _board(edges, a.n + b.n - 1, prefix="w")


def with_moves(h: Hypergraph, seed: int, moves: int):
    """``h`` after ``moves`` random moves, alternating, Maker first: (board with Maker's marks,
    Breaker's vertex names)."""
    rng = random.Random(seed)
    order = rng.sample(range(h.n), min(moves, h.n - 1))
    maker = order[0::2]
    breaker = order[1::2]
    board = Hypergraph.from_masks(list(h.vertices), list(h.edge_masks), sum(1 << v for v in maker))
    return board, frozenset(h.vertices[v] for v in breaker)


def boards(quick: bool, seeds: int, only=None):
    """(family, label, board, breaker names) to hunt on."""
    sizes = (20, 40, 80) if quick else (20, 30, 40, 60, 100, 150, 200)
    out = []

    def add(fam, label, h, breaker=frozenset()):
        if only is None or fam in only:
            out.append((fam, label, h, breaker))

    for n in sizes:
        for s in range(seeds):
            for ratio in (0.33, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.5, 2.0):
                add("random", f"n{n} m{ratio}n s{s}", random3(n, ratio, s))
            for ratio in (0.5, 0.7, 0.9):
                add("linear", f"n{n} m{ratio}n s{s}", random3(n, ratio, s, linear=True))
                add("mixed", f"n{n} m{ratio}n s{s}", mixed(n, ratio, s))
            for ratio in (1.0, 1.2, 1.5):
                add("graph", f"n{n} m{ratio}n s{s}", graph(n, ratio, s))
            add("stacked", f"n{n} s{s}", stacked(n, s))
            for extra in (1, 2, 3):
                add("treeplus", f"n{n} +{extra} s{s}", tree_plus(n, extra, s))
            for ratio in (0.3, 0.4, 0.5):
                add("sparse", f"n{n} m{ratio}n s{s}", random3(n, ratio, s, linear=True, connected=False))
            add("treeplus", f"n{n} +{n // 10} s{s}", tree_plus(n, n // 10, s))
            add("treeplus", f"n{n} +{n // 4} s{s}", tree_plus(n, n // 4, s))
            add("pairsbrk", f"p{n // 3} x{n // 3} +1 s{s}", pairs_broken(n // 3, n // 3, s, 1))
            add("pairsbrk", f"p{n // 3} x{n // 3} +2 s{s}", pairs_broken(n // 3, n // 3, s, 2))
            add("union", f"2x n{n // 2} s{s}", union(random3(n // 2, 0.7, s), random3(n // 2, 0.7, s + 99)))
            add("glue", f"mk+br n{n} s{s}", glue(random3(n // 2, 1.5, s), sparse_tree(n // 2 | 1, s), s))
            add("glue", f"br+br n{n} s{s}", glue(pairing_board(n // 6, n // 6, s), random3(n // 2, 0.6, s), s))
            b, y = with_moves(random3(n, 0.9, s), s, 4)
            add("marked", f"n{n} m0.9n 4 moves s{s}", b, y)
            b, y = with_moves(random3(n, 0.6, s), s, 6)
            add("marked", f"n{n} m0.6n 6 moves s{s}", b, y)
    for k in (3, 4, 5):
        add("sts", f"PG({k - 1},2)", sts_pg(k))
    for k in (2, 3, 4):
        add("sts", f"AG({k},3)", sts_ag(k))
    add("sts", "fano", fano())
    for s in range(seeds):
        for base, name in ((sts_pg(4), "PG(3,2)"), (sts_ag(3), "AG(3,3)"), (sts_pg(5), "PG(4,2)")):
            for pts, lines in ((1, 0), (2, 0), (3, 2), (0, base.m // 3), (0, base.m // 2), (0, 2 * base.m // 3)):
                add("stssub", f"{name} -{pts}p -{lines}l s{s}", sub_board(base, s, pts, lines))
    for w, hh in ((3, 3), (4, 5), (6, 6), (9, 9), (13, 13)):
        for holes in (0, w):
            add("grid", f"{w}x{hh} -{holes}", tri_grid(w, hh, holes, 0))
    for n in (9, 11, 13, 15, 17, 20, 25, 31, 40, 60):
        add("apZn", f"Z{n}", ap_cyclic(n))
    for n in (8, 9, 10, 12, 14, 16, 20, 30, 40, 60, 100):
        add("ap", f"[1..{n}]", arithmetic_progressions(n, 3))
    return out


# -- one run in a child ------------------------------------------------------------------------------

def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def _child(h: Hypergraph, breaker, first: str, ref_cap: float, conn):
    """Decide, certify + check, and the reference, each timed in CPU seconds; results sent back as
    they come (so a kill on timeout still reports what finished)."""
    from verify.certificates.checker import check_certificate
    from verify.games import maker_breaker as mb
    from verify.solvers import solve
    from verify.solvers.rank3 import structural_outcome
    game = mb.MakerBreakerGame(h, first, breaker)
    free = mb.live_vertices(game.start_residual()).bit_count()
    conn.send(("free", free))
    try:
        c0 = _cpu()
        d = structural_outcome(game)
        conn.send(("decide", d.winner, _cpu() - c0, d.stats.get("decided_by")))
    except Exception as exc:  # noqa: BLE001 (a bench reports every failure)
        conn.send(("decide-err", f"{type(exc).__name__}: {exc}"[:120]))
    try:
        c0 = _cpu()
        out = structural_outcome(game, certificate=True)
        t = _cpu() - c0
        cert = out.certificate
        c1 = _cpu()
        check_certificate(cert)
        conn.send(("cert", out.winner, t, cert["kind"], len(json.dumps(cert)), _cpu() - c1))
    except Exception as exc:  # noqa: BLE001
        conn.send(("cert-err", f"{type(exc).__name__}: {exc}"[:120]))
    try:
        c0 = _cpu()
        if free <= 14:
            r = solve("maker-breaker", game, method="explicit")
            conn.send(("ref", r.winner, _cpu() - c0, "explicit"))
        elif free <= 70:
            r = solve("maker-breaker", game, method="search", timeout=ref_cap)
            conn.send(("ref", r.winner, _cpu() - c0, "search"))
    except Exception as exc:  # noqa: BLE001
        conn.send(("ref-err", f"{type(exc).__name__}: {exc}"[:80]))
    conn.send(("done",))


def run_one(h, breaker, first, cap: float, ref_cap: float) -> dict:
    ctx = mp.get_context("fork")
    rd, wr = ctx.Pipe(duplex=False)
    p = ctx.Process(target=_child, args=(h, breaker, first, ref_cap, wr))
    t0 = time.perf_counter()
    p.start()
    wr.close()
    got: dict = {}
    while True:
        left = cap - (time.perf_counter() - t0)
        if left <= 0 or not rd.poll(left):
            got["timeout"] = True
            break
        try:
            msg = rd.recv()
        except EOFError:
            got["died"] = True
            break
        if msg[0] == "done":
            break
        got[msg[0]] = msg[1:]
    if p.is_alive():
        p.kill()
    p.join()
    return got


def judge(got: dict) -> list[str]:
    flags = []
    verdicts = {k: got[k][0] for k in ("decide", "cert", "ref") if k in got}
    if len(set(verdicts.values())) > 1:
        flags.append("DISAGREE")
    if "decide" in got and got["decide"][1] > 10 or "decide" not in got and "decide-err" not in got:
        flags.append("SLOW-decide")
    if "cert" in got and got["cert"][1] + got["cert"][4] > 60 or ("decide" in got and "cert" not in got
                                                                  and "cert-err" not in got):
        flags.append("SLOW-cert")
    if "cert-err" in got:
        flags.append("NOCERT")
    if "decide-err" in got or "died" in got:
        flags.append("ERR")
    return flags


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--only", help="comma-separated families")
    ap.add_argument("--cap", type=float, default=120.0, help="seconds per board and starter (all steps)")
    ap.add_argument("--ref", type=float, default=20.0, help="seconds for the proof search reference")
    ap.add_argument("--seeds", type=int, default=1)
    ap.add_argument("--save", help="directory for the boards flagged (text format)")
    args = ap.parse_args()
    only = set(args.only.split(",")) if args.only else None
    todo = boards(args.quick, args.seeds, only)
    print(f"{len(todo)} boards x 2 starters; CPU seconds; cap {args.cap:.0f} s per run, reference search "
          f"{args.ref:.0f} s", flush=True)
    print(f"{'family':9} {'board':26} {'first':7} {'n':>4} {'m':>4} {'free':>4} {'winner':8} {'how':11} "
          f"{'dec s':>7} {'cert s':>7} {'kind':22} {'KB':>7} {'chk s':>6} {'ref':8} {'ref s':>6} flags")
    worst: dict = {}
    for fam, label, h, breaker in todo:
        for first in ("maker", "breaker"):
            got = run_one(h, breaker, first, args.cap, args.ref)
            flags = judge(got)
            dec = got.get("decide")
            cert = got.get("cert")
            ref = got.get("ref")
            free = got.get("free", ("?",))[0]
            row = (f"{fam:9} {label:26.26} {first:7} {h.n:4d} {h.m:4d} {free!s:>4} "
                   f"{(dec[0] if dec else '-'):8} {(dec[2] if dec else '-')!s:11.11} "
                   f"{(f'{dec[1]:.2f}' if dec else '-'):>7} {(f'{cert[1]:.2f}' if cert else '-'):>7} "
                   f"{(cert[2] if cert else got.get('cert-err', ('-',))[0][:22]):22.22} "
                   f"{(f'{cert[3] / 1000:.1f}' if cert else '-'):>7} {(f'{cert[4]:.2f}' if cert else '-'):>6} "
                   f"{(ref[0] + '/' + ref[2][0] if ref else got.get('ref-err', ('-',))[0][:8]):8.8} "
                   f"{(f'{ref[1]:.1f}' if ref else '-'):>6} {' '.join(flags)}")
            print(row, flush=True)
            w = worst.setdefault(fam, [0.0, 0.0, 0])
            if dec:
                w[0] = max(w[0], dec[1])
            if cert:
                w[1] = max(w[1], cert[1] + cert[4])
            w[2] += bool(flags)
            if flags and args.save:
                os.makedirs(args.save, exist_ok=True)
                path = os.path.join(args.save, f"{fam}-{label.replace(' ', '_')}-{first}.json")
                with open(path, "w") as f:
                    json.dump({"vertices": list(h.vertices), "edges": [h.names(e) for e in h.edge_masks],
                               "marked": h.names(h.marked_mask), "breaker": sorted(breaker),
                               "first": first, "flags": flags, "got": {k: list(v) for k, v in got.items()
                                                                       if isinstance(v, tuple)}}, f)
    print("\nworst per family (CPU s): decide, certify+check, runs flagged")
    for fam, (d, c, k) in worst.items():
        print(f"  {fam:9} {d:7.2f} {c:7.2f} {k}")


if __name__ == "__main__":
    main()
