"""Outside-in differential fuzz of the ``verify`` CLI: every method against ``--method explicit``.

Generates many SMALL random instances (hypergraphs on 3-9 vertices, ranks 1-4, with edge cases:
no edge, a singleton edge, the whole vertex set as an edge, the empty edge, isolated vertices,
marked vertices, numeric vs string names; ``.pg`` games; convex geometries; hypergraph NIM), and
for each question runs ``verify solve GAME FILE --json`` with the explicit reference, with
``auto`` and with every other method ``verify methods`` lists for the game, one subprocess per
call. A verdict differing from the reference is a disagreement; a method that declines (exit 4,
"does not apply"), an undecided answer (exit 3) or a missing engine (exit 5) is counted, not
compared. Where a method certifies, ``--certificate`` is run too and ``verify check`` (and, with
``--second-opinion``, the second checker) must accept it and confirm the verdict. Any traceback
on stderr is a bug. Duplicate edges must be refused (exit 2, one line).

    .venv/bin/python bench/fuzz_cli.py --seed 1 --count 100

prints a table per (game, method): calls, agree, disagree, n/a, undecided, error, traceback; then
every disagreement or failure with a one-line reproduction. Exit status 1 when any was found.
One process at a time; run it under ``nice``.
"""
from __future__ import annotations

import argparse
import collections
import json
import os
import random
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VERIFY = str(ROOT / ".venv" / "bin" / "verify")
POSITIONAL = ("maker-breaker", "avoider-enforcer", "maker-maker", "avoider-avoider")
IMPARTIAL = ("acv", "avd", "dst", "prv")
FIRSTS = {"maker-breaker": ("maker", "breaker"), "avoider-enforcer": ("avoider", "enforcer")}
BIASES = ("1:1", "1:2", "2:1", "2:2")
VERDICT_KEYS = ("winner", "nim", "sg")
#: the kinds the second checker covers (docs/certificates.md); others are refused under the option
SECOND_OPINION_KINDS = ("pg-proof", "pg-strategy", "maker-breaker-strategy", "maker-breaker-pairing",
                        "nim-labelling", "positional-strategy", "positional-pairing")


def methods_by_game() -> dict[str, list[str]]:
    out = subprocess.run([VERIFY, "methods", "--json"], capture_output=True, text=True, check=True).stdout
    table = collections.defaultdict(list)
    for row in json.loads(out):
        table[row["game"]].append((row["method"], "certificate" in row["options"]))
    return table


# ---------------------------------------------------------------- instances

def names_for(rng, n):
    style = rng.choice(("num", "num", "alpha", "mixed"))
    if style == "num":
        start = rng.choice((0, 1, 10))
        return [str(start + i) for i in range(n)]
    if style == "alpha":
        return [chr(ord("a") + i) for i in range(n)]
    return [rng.choice(("v", "x", "")) + str(i) if i % 2 else chr(ord("a") + i) for i in range(n)]


def random_hypergraph(rng, allow_marked=True):
    """(vertices, edges, marked, tag): small, ranks 1-4, with edge cases."""
    n = rng.randint(3, 9)
    vs = names_for(rng, n)
    case = rng.choices(("plain", "none", "singleton", "whole", "isolated", "empty-edge"),
                       (10, 1, 2, 1, 2, 1))[0]
    edges: list[tuple[str, ...]] = []
    if case != "none":
        m = rng.randint(1, 7)
        pool = vs if case != "isolated" else vs[: max(2, n - rng.randint(1, 3))]
        for _ in range(m):
            r = rng.randint(1, min(4, len(pool))) if case == "singleton" else rng.randint(2, min(4, len(pool)))
            e = tuple(sorted(rng.sample(pool, r), key=vs.index))
            if e not in edges:
                edges.append(e)
        if case == "singleton" and not any(len(e) == 1 for e in edges):
            edges.append((rng.choice(pool),))
        if case == "whole" and tuple(vs) not in edges:
            edges.append(tuple(vs))
        if case == "empty-edge":
            edges.append(())
    marked = []
    if allow_marked and rng.random() < 0.15:
        marked = rng.sample(vs, rng.randint(1, 2))
    return vs, edges, marked, case


def write_hypergraph(path_base, vs, edges, marked, rng):
    if rng.random() < 0.5:
        p = Path(str(path_base) + ".json")
        obj = {"vertices": vs, "edges": [list(e) for e in edges]}
        if marked:
            obj["marked"] = marked
        p.write_text(json.dumps(obj))
    else:
        p = Path(str(path_base) + ".txt")
        lines = ["# fuzz", "vertices: " + " ".join(vs)]
        if marked:
            lines.append("marked: " + " ".join(marked))
        for e in edges:
            lines.append(" ".join(e) if e else "{}")
        p.write_text("\n".join(lines) + "\n")
    return p


def random_pg(rng):
    n = rng.randint(3, 7)
    cells = [f"c{i}" for i in range(n)]
    free = list(cells)
    binit = rng.sample(free, 1) if rng.random() < 0.2 else []
    free = [c for c in free if c not in binit]
    winit = rng.sample(free, 1) if rng.random() < 0.2 else []
    t = rng.randint(2, n)
    times = [f"t{i}" for i in range(t)]
    if rng.random() < 0.6:
        bturns = times[0::2]
    else:
        bturns = [x for x in times if rng.random() < 0.5] or times[:1]
    maker_maker = rng.random() < 0.5

    def sets():
        out = []
        for _ in range(rng.randint(1, 4)):
            s = sorted(rng.sample(cells, rng.randint(1, min(3, n))))
            if s not in out:
                out.append(s)
        return out
    lines = ["#version", "1.0", "#times", " ".join(times), "#blackturns", " ".join(bturns),
             "#positions", " ".join(cells), "#blackwins", *(" ".join(s) for s in sets())]
    if maker_maker:
        lines += ["#whitewins", *(" ".join(s) for s in sets())]
    if binit:
        lines += ["#blackinitials", " ".join(binit)]
    if winit:
        lines += ["#whiteinitials", " ".join(winit)]
    return "\n".join(lines) + "\n"


def random_convex(rng):
    kind = rng.choice(("tree-vertex", "tree-edge", "affine"))
    if kind == "affine":
        pts = sorted(rng.sample(range(-3, 4), rng.randint(2, 5)))
        if rng.random() < 0.5:
            p2 = [[x, rng.randint(-2, 2)] for x in pts]
            uniq = []
            for p in p2:
                if p not in uniq:
                    uniq.append(p)
            points = uniq
        else:
            points = [[x] for x in pts]
        win = rng.sample(points, rng.randint(1, len(points)))
        return {"geometry": "affine", "points": points, "winning": win}
    n = rng.randint(2, 7)
    vs = [chr(ord("a") + i) for i in range(n)]
    tree = [[vs[i], vs[rng.randrange(i)]] for i in range(1, n)]
    if kind == "tree-vertex":
        win = rng.sample(vs, rng.randint(1, n))
    else:
        win = rng.sample(tree, rng.randint(1, len(tree)))
    return {"geometry": kind, "tree": tree, "winning": win}


def random_hypernim(rng):
    k = rng.randint(1, 4)
    ps = [chr(ord("a") + i) for i in range(k)]
    edges = []
    for _ in range(rng.randint(1, 4)):
        e = sorted(rng.sample(ps, rng.randint(1, k)))
        if e not in edges:
            edges.append(e)
    covered = {v for e in edges for v in e}
    piles = {p: rng.randint(0, 5) for p in ps if p in covered}
    return {"hypergraph": edges, "piles": piles}


# ---------------------------------------------------------------- calls

def for_method(method, extra):
    """``extra`` without the options ``method`` does not take (``--states``: sat and smt only)."""
    if method not in ("sat", "smt") and "--states" in extra:
        i = extra.index("--states")
        return extra[:i] + extra[i + 2:]
    return extra

class Fuzz:
    def __init__(self, args):
        self.args = args
        self.timeout = args.timeout
        self.stats = collections.defaultdict(collections.Counter)  # (game, method) -> Counter
        self.problems: list[str] = []
        self.calls = 0
        self.methods = methods_by_game()
        self.keep = args.keep or tempfile.mkdtemp(prefix=f"fuzz_cli-{args.seed}-")

    def run(self, argv):
        self.calls += 1
        try:
            p = subprocess.run([VERIFY, *argv], capture_output=True, text=True, timeout=self.timeout + 30)
        except subprocess.TimeoutExpired:
            return None, "", "hard timeout"
        return p.returncode, p.stdout, p.stderr

    def problem(self, kind, argv, detail=""):
        cmd = "verify " + " ".join(shlex.quote(a) for a in argv)
        self.problems.append(f"{kind}: {cmd}   # {detail[:300]}")

    def solve(self, game, path, method, extra, key):
        extra = for_method(method, extra)
        argv = ["solve", game, str(path), "--json", *extra]
        if method != "auto":
            argv += ["--method", method]
        if method not in ("explicit", "auto", "structural", "structure", "formula", "dp", "pairing"):
            argv += ["--timeout", str(self.timeout)]
        rc, out, err = self.run(argv)
        st = self.stats[(key, method)]
        st["calls"] += 1
        if "Traceback" in err:
            st["traceback"] += 1
            self.problem("TRACEBACK", argv, err.strip().splitlines()[-1])
            return None, argv
        if rc == 0:
            try:
                data = json.loads(out)
            except ValueError:
                st["error"] += 1
                self.problem("BAD-JSON", argv, out)
                return None, argv
            return {k: data[k] for k in VERDICT_KEYS if k in data}, argv
        if rc == 4:
            st["n/a"] += 1
        elif rc == 3 or rc is None:
            st["undecided"] += 1
        elif rc == 5:
            st["engine"] += 1
        elif rc == 2 and "does not take" in err:  # a documented usage limit (e.g. structural + bias)
            st["n/a"] += 1
        else:
            st["error"] += 1
            self.problem(f"EXIT-{rc}", argv, err.strip())
        if rc not in (None, 0) and len(err.strip().splitlines()) != 1:
            self.problem("NOT-ONE-LINE", argv, err.strip())
        return None, argv

    def certify(self, game, path, method, extra, key, expected, tmp):
        cert = Path(tmp) / "cert.json"
        cert.unlink(missing_ok=True)
        extra = for_method(method, extra)
        argv = ["solve", game, str(path), "--certificate", str(cert), *extra]
        if method != "auto":
            argv += ["--method", method]
        rc, out, err = self.run(argv)
        st = self.stats[(key, "cert:" + method)]
        st["calls"] += 1
        if "Traceback" in err:
            st["traceback"] += 1
            self.problem("TRACEBACK", argv, err.strip().splitlines()[-1])
            return
        if rc != 0:
            declined = rc == 4 or (rc == 2 and ("does not take" in err or "need literal positions" in err))
            st["n/a" if declined else "undecided" if rc in (3, None) else "error"] += 1
            if not declined and rc not in (3, 5, None):
                self.problem(f"CERT-EXIT-{rc}", argv, err.strip())
            return
        if not cert.exists():
            st["error"] += 1
            self.problem("CERT-MISSING", argv, out)
            return
        check = ["check", str(cert), "--instance", str(path)]
        for i, a in enumerate(extra):
            if a in ("--bias", "--first", "--rounds"):
                check += [a, extra[i + 1]]
        vkey, vval = next(iter(expected.items()))
        check += ["--expect", str(vval) if vkey == "winner" else f"{vkey}={vval}"]
        try:
            kind = json.loads(cert.read_text()).get("kind")
        except ValueError:
            kind = None
        if kind in SECOND_OPINION_KINDS and self.rng.random() < self.args.second_opinion:
            check.append("--second-opinion")
        rc2, out2, err2 = self.run(check)
        if rc2 == 0:
            st["agree"] += 1
        else:
            st["disagree"] += 1
            self.problem("CHECK-FAILED", argv + ["&&"] + check, (err2 or out2).strip().splitlines()[-1] if (err2 or out2).strip() else "")

    def question(self, game, path, extra, key, tmp, cert_ok=True):
        ref, ref_argv = self.solve(game, path, "explicit", extra, key)
        if ref is None:
            return
        self.stats[(key, "explicit")]["agree"] += 1
        certifying = []
        for method, certifies in [("auto", True)] + self.methods[game]:
            if method == "explicit":
                if certifies:
                    certifying.append(method)
                continue
            got, argv = self.solve(game, path, method, extra, key)
            if got is None:
                continue
            st = self.stats[(key, method)]
            if got == ref:
                st["agree"] += 1
                if certifies:
                    certifying.append(method)
            else:
                st["disagree"] += 1
                self.problem("DISAGREE", argv, f"got {got}, explicit says {ref}")
        if cert_ok and certifying and self.rng.random() < self.args.cert_rate:
            self.certify(game, path, self.rng.choice(certifying), extra, key, ref, tmp)

    # ------------------------------------------------------------ one instance per family

    def positional(self, tmp):
        rng = self.rng
        vs, edges, marked, case = random_hypergraph(rng)
        dup = False
        if edges and any(edges) and rng.random() < 0.05:
            e = next(e for e in edges if e)
            edges.append(tuple(reversed(e)))
            dup = True
        path = write_hypergraph(Path(tmp) / "h", vs, edges, marked, rng)
        if dup:
            argv = ["solve", "maker-breaker", str(path)]
            rc, out, err = self.run(argv)
            st = self.stats[("duplicate-edge", "refused")]
            st["calls"] += 1
            if rc == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err:
                st["agree"] += 1
            else:
                st["disagree"] += 1
                self.problem("DUPLICATE-ACCEPTED", argv, f"rc={rc} {err.strip()}")
            return
        settings = [(g, b, f) for g in POSITIONAL for b in BIASES for f in FIRSTS.get(g, (None,))]
        for game, bias, first in rng.sample(settings, self.args.settings):
            extra = []
            if bias != "1:1" or rng.random() < 0.3:
                extra += ["--bias", bias]
            if first is not None:
                extra += ["--first", first]
            if game == "maker-breaker" and bias == "1:1" and rng.random() < 0.15:
                extra += ["--rounds", str(rng.randint(1, 4))]
            self.question(game, path, extra, f"{game} {bias}", tmp)

    def impartial(self, tmp):
        vs, edges, _, _ = random_hypergraph(self.rng, allow_marked=False)
        path = write_hypergraph(Path(tmp) / "h", vs, edges, [], self.rng)
        for game in self.rng.sample(IMPARTIAL, 2):
            extra = ["--states", self.rng.choice(("literal", "residual"))] if self.rng.random() < 0.5 else []
            self.question(game, path, extra, game, tmp)

    def pg(self, tmp):
        path = Path(tmp) / "g.pg"
        path.write_text(random_pg(self.rng))
        self.question("pg", path, [], "pg", tmp)

    def convex(self, tmp):
        path = Path(tmp) / "c.json"
        path.write_text(json.dumps(random_convex(self.rng)))
        for game in ("gen", "dng"):
            self.question(game, path, [], game, tmp)

    def hypernim(self, tmp):
        path = Path(tmp) / "n.json"
        path.write_text(json.dumps(random_hypernim(self.rng)))
        self.question("hypernim", path, [], "hypernim", tmp)

    def main(self):
        families = [(self.positional, 6), (self.impartial, 2), (self.pg, 1), (self.convex, 1), (self.hypernim, 1)]
        t0 = time.time()
        for i in range(self.args.count):
            self.rng = random.Random(f"{self.args.seed}:{i}")
            fam = self.rng.choices([f for f, _ in families], [w for _, w in families])[0]
            d = Path(self.keep) / f"{i:05d}"
            d.mkdir(parents=True, exist_ok=True)
            fam(d)
            if self.args.max_seconds and time.time() - t0 > self.args.max_seconds:
                print(f"stopped after {i + 1} instances (--max-seconds)", file=sys.stderr)
                break
            if self.args.progress and (i + 1) % 10 == 0:
                print(f"[{i + 1} instances, {self.calls} calls, {len(self.problems)} problems, "
                      f"{time.time() - t0:.0f}s]", file=sys.stderr, flush=True)
        self.report(time.time() - t0)
        return 1 if self.problems else 0

    def report(self, seconds):
        cols = ("calls", "agree", "disagree", "n/a", "undecided", "engine", "error", "traceback")
        print(f"{'question':26} {'method':18} " + " ".join(f"{c:>9}" for c in cols))
        for (key, method), st in sorted(self.stats.items()):
            print(f"{key:26} {method:18} " + " ".join(f"{st[c]:>9}" for c in cols))
        tot = collections.Counter()
        for st in self.stats.values():
            tot.update(st)
        print(f"{'TOTAL':26} {'':18} " + " ".join(f"{tot[c]:>9}" for c in cols))
        print(f"{self.calls} verify calls in {seconds:.0f} s; {len(self.problems)} problem(s)")
        print(f"instances kept under {self.keep}")
        for p in self.problems:
            print(p)


# ---------------------------------------------------------------- bad input

def bad_files(d: Path) -> dict[str, Path]:
    """Malformed inputs, each a file (or folder) under ``d``."""
    good = {"vertices": ["a", "b", "c"], "edges": [["a", "b"], ["b", "c"]]}
    text = {
        "empty.txt": "",
        "blank.json": "   \n",
        "trunc.json": json.dumps(good)[:25],
        "wrong-format.json": json.dumps({"hello": 1}),
        "list.json": "[1, 2, 3]",
        "unknown-marked.json": json.dumps({**good, "marked": ["zz"]}),
        "unknown-marked.txt": "marked: zz\na b\nb c\n",
        "negative.json": json.dumps({"vertices": [-1, 2], "edges": [[-1, 2]]}),
        "number-names.json": json.dumps({"vertices": [1, 2], "edges": [[1, 2]]}),
        "dup-edge.txt": "a b\nb a\n",
        "edge-unknown.json": json.dumps({"vertices": ["a", "b"], "edges": [["a", "q"]]}),
        "pg-unknown-cell.pg": "#version\n1.0\n#times\nt1 t2\n#blackturns\nt1\n#positions\na b\n#blackwins\na z\n",
        "pg-unknown-initial.pg": "#version\n1.0\n#times\nt1\n#blackturns\nt1\n#positions\na b\n#blackwins\na b\n"
                                 "#blackinitials\nq\n",
        "pg-as-txt.txt": "#version\n1.0\n#positions\na b\n#blackwins\na b\n",
        "hypernim-negative.json": json.dumps({"hypergraph": [["a"]], "piles": {"a": -3}}),
        "hypernim-huge.json": json.dumps({"hypergraph": [["a"], ["b"], ["c"]], "piles": {"a": 10**9, "b": 10**9, "c": 10**9}}),
        "convex-bad.json": json.dumps({"geometry": "tree-vertex", "tree": [["a", "b"]], "winning": ["z"]}),
        "huge.txt": "\n".join(f"v{i} v{i + 1} v{i + 2}" for i in range(5000)) + "\n",
        "huge-names.json": json.dumps({"vertices": [str(i) for i in range(200000)], "edges": [["0", "1"]]}),
        "certificate-truncated.json": '{"format": "verify-certificate", "version": 1, "kind": "maker-breaker-strategy", "ins',
        "certificate-wrong.json": json.dumps({"format": "verify-certificate", "version": 1, "kind": "nope"}),
        "certificate-empty-object.json": "{}",
    }
    out = {}
    for name, body in text.items():
        p = d / name
        p.write_text(body)
        out[name] = p
    b = d / "garbage.bin"
    b.write_bytes(bytes(random.Random(0).randrange(256) for _ in range(512)))
    out["garbage.bin"] = b
    b = d / "garbage.json"
    b.write_bytes(b"\xff\xfe\x00{" + bytes(range(256)))
    out["garbage.json"] = b
    (d / "adir").mkdir(exist_ok=True)
    out["adir"] = d / "adir"
    out["missing.txt"] = d / "missing.txt"
    return out


def bad_commands(files: dict[str, Path], good: Path, good_pg: Path, out: Path):
    """(argv) lists that must each fail with exit != 0 and one stderr line."""
    cmds = []
    for name, f in files.items():
        f = str(f)
        for game in ("maker-breaker", "avoider-enforcer", "acv", "pg", "hypernim", "gen"):
            if name.startswith("certificate"):
                continue
            cmds.append(["solve", game, f])
        if not name.startswith(("pg", "hypernim", "convex")):
            cmds += [["rank3", f], ["threshold", "maker-breaker", f], ["threshold", "avoider-enforcer", f],
                     ["draw", f, "-o", str(out)], ["check", "--instance", str(good), f]]
        cmds += [["check", f], ["check", "--second-opinion", f],
                 ["check", str(f), "--instance", str(good)]]
    g = str(good)
    for bias in ("0:1", "1:0", "-1:2", "1:-2", "a:b", "1", "1:2:3", "99999999999999999999:1", ""):
        cmds += [["solve", "maker-breaker", g, "--bias", bias], ["solve", "maker-maker", g, "--bias", bias],
                 ["check", g, "--instance", g, "--bias", bias]]
    for opt in (["--timeout", "-1"], ["--timeout", "abc"], ["--rounds", "-2"], ["--rounds", "0"], ["--jobs", "0"],
                ["--jobs", "-3"], ["--method", "nope"], ["--first", "enforcer"], ["--encoding", "nope", "--method", "qbf"],
                ["--backend", "nope", "--method", "qbf"], ["--states", "literal"]):
        cmds.append(["solve", "maker-breaker", g, *opt])
    cmds += [["solve", "nope-game", g], ["solve", "maker-maker", g, "--first", "maker"],
             ["solve", "pg", str(good_pg), "--bias", "1:2"], ["solve", "acv", g, "--bias", "1:2"],
             ["solve", "acv", g, "--rounds", "2"],
             ["rank3", g, "--timeout", "-5"],
             ["threshold", "maker-breaker", g, "--timeout", "-1"], ["threshold", "maker-maker", g],
             ["draw", g, "-o", str(out), "--position", "zz"], ["draw", g, "-o", str(out), "--position", "a,a"],
             ["draw", g, "-o", str(out), "--position", "a,,b"], ["draw", g, "-o", str(out), "--game", "nope"],
             ["draw", g, "-o", "/nonexistent-dir/x.svg"], ["draw", g, "-o", str(out.with_suffix(".doc"))],
             ["draw", str(good_pg), "-o", str(out), "--position", "q"],
             ["family", "nope"], ["family", "ap", "-3", "2"], ["family", "ap", "x", "y"], ["family", "ap", "0", "0"],
             ["family", "ap", "10"], ["family", "tic-tac-toe", "-1"], ["family", "tic-tac-toe", "100000"],
             ["family", "animal", "nope", "4"], ["family", "graph", "triangle", "-2"],
             ["family", "ap", "5", "3", "-o", "/nonexistent-dir/x.txt"],
             ["hunt", "nope-conjecture"], ["hunt", "acv", "--methods", "explicit", "nope", "--n", "3", "--count", "2"],
             ["hunt", "acv", "--methods", "explicit", "sat", "--n", "-1", "--count", "2"],
             ["hunt", "acv", "--methods", "explicit", "sat", "--n", "3", "--count", "-5"],
             ["hunt", "acv", "--methods", "explicit", "sat", "--n", "3", "--count", "2", "--bias", "0:1"],
             ["hunt", "acv", "--methods", "explicit", "sat", "--n", "3", "--count", "2",
              "--store", str(files["adir"])],
             ["hunt", "acv", "--methods", "explicit", "sat", "--n", "3", "--count", "2",
              "--store", str(files["garbage.bin"])],
             ["hunt", "--conjectures", str(files["garbage.bin"]), "x"],
             ["hunt", "--conjectures", str(files["adir"]), "x"]]
    return cmds


def bad_input(args):
    d = Path(tempfile.mkdtemp(prefix="fuzz_cli_bad_"))
    files = bad_files(d)
    good = d / "good.txt"
    good.write_text("a b\nb c\n")
    good_pg = d / "good.pg"
    good_pg.write_text("#version\n1.0\n#times\nt1 t2\n#blackturns\nt1\n#positions\na b\n#blackwins\na b\n")
    bad = []
    cmds = bad_commands(files, good, good_pg, d / "out.svg")
    for argv in cmds:
        try:
            p = subprocess.run([VERIFY, *argv], capture_output=True, text=True, timeout=120, cwd=d)
            rc, out, err = p.returncode, p.stdout, p.stderr
        except subprocess.TimeoutExpired:
            rc, out, err = None, "", "(hard timeout 120 s)"
        lines = err.strip().splitlines()
        why = None
        if "Traceback" in err:
            why = "traceback: " + lines[-1]
        elif rc == 0:
            why = "exit 0: " + (out.strip().splitlines() or [""])[0]
        elif rc is None:
            why = "hard timeout"
        elif len(lines) != 1 and argv[0] != "check":
            why = f"{len(lines)} stderr lines: " + " | ".join(lines[:3])
        elif argv[0] == "check" and not lines:
            why = "no stderr line"
        if why:
            bad.append(f"{why[:200]}\n    verify " + " ".join(shlex.quote(a) for a in argv))
    print(f"bad input: {len(cmds)} commands, {len(bad)} not ending in one clear error line (files in {d})")
    for b in bad:
        print(b)
    return 1 if bad else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", default="0")
    ap.add_argument("--count", type=int, default=50, help="instances")
    ap.add_argument("--settings", type=int, default=3, help="(convention, bias, first) per positional instance")
    ap.add_argument("--timeout", type=int, default=20, help="--timeout given to the engine methods")
    ap.add_argument("--cert-rate", type=float, default=0.5, help="share of questions also certified")
    ap.add_argument("--second-opinion", type=float, default=0.3, help="share of checks with --second-opinion")
    ap.add_argument("--keep", metavar="DIR", help="write instance i under DIR/NNNNN (default: a new /tmp folder)")
    ap.add_argument("--max-seconds", type=float, default=0)
    ap.add_argument("--progress", action="store_true")
    ap.add_argument("--bad-input", action="store_true", help="probe malformed inputs instead of fuzzing")
    args = ap.parse_args(argv)
    os.nice(5) if hasattr(os, "nice") else None
    if args.bad_input:
        return bad_input(args)
    return Fuzz(args).main()


if __name__ == "__main__":
    sys.exit(main())
