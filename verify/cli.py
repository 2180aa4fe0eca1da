"""The ``verify`` command line: parses arguments, calls the library, prints text or JSON.

Bad input of any kind ends in one line on stderr and exit status 2; a certificate that fails checking
exits 1.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .errors import CertificateError, VerifyError
from .plugins import import_present

# modules that add subcommands: each defines add_cli(subparsers)
_CLI_PLUGINS = ("verify.solvers.rank3_cli", "verify.claims.cli", "verify.encode.cli",
                "verify.solvers.sat")


def _print_json(obj) -> None:
    print(json.dumps(obj, indent=None, sort_keys=False))


def cmd_solve(args) -> int:
    from .games import load_instance
    from .solvers import solve
    options = {}
    for name in ("backend", "rounds", "timeout", "encoding"):
        value = getattr(args, name)
        if value is not None:
            options[name] = value
    instance = load_instance(args.game, args.file, first=args.first)
    want_cert = args.certificate is not None
    result = solve(args.game, instance, method=args.method, certificate=want_cert, **options)
    out = result.to_json()
    if want_cert:
        if result.certificate is None:
            raise VerifyError(f"method {result.method} produced no certificate for this instance")
        from .certificates.checker import check_certificate
        report = check_certificate(result.certificate)
        Path(args.certificate).write_text(json.dumps(result.certificate) + "\n", encoding="utf-8")
        out["certificate"] = {"path": args.certificate, "checked": report.detail}
    if args.json:
        _print_json(out)
    else:
        print(_describe(out))
        if want_cert:
            print(f"certificate written to {args.certificate}; independent check: {out['certificate']['checked']}")
    return 0


def _describe(out: dict) -> str:
    if "nim" in out:
        return f"nim({out['game'].upper()}) = {out['nim']}   [method {out['method']}]"
    if "sg" in out:
        return f"SG = {out['sg']}   [method {out['method']}]"
    winner = out.get("winner")
    first = out.get("first")
    extra = f", {first} first" if first else ""
    rounds = f", within {out['rounds']} rounds" if out.get("rounds") is not None else ""
    if "answer" in out and "bound" in out:  # a bounded question (verify.result.BoundedOutcome)
        said = {"yes": "Maker wins", "no": "Maker cannot win", "unknown": "unknown whether Maker wins"}
        whole = f"; {winner} wins the game" if winner else "; the whole game is not decided by this bound"
        return (f"{said[out['answer']]} within {out['bound']} rounds, {first} first{whole}"
                f"   [method {out['method']}]")
    return f"{winner} wins{extra}{rounds}   [method {out['method']}]" if winner != "draw" else \
        f"draw{extra}   [method {out['method']}]"


def cmd_check(args) -> int:
    from .certificates.checker import check_file
    paths = []
    for p in map(Path, args.paths):
        if p.is_dir():
            paths.extend(sorted(q for q in p.rglob("*.json") if q.is_file()))
        elif p.exists():
            paths.append(p)
        else:
            raise VerifyError(f"{p}: no such file or directory")
    if not paths:
        raise VerifyError("no certificate files found")
    failed = 0
    rows = []
    for p in paths:
        try:
            report = check_file(p)
            rows.append({"path": str(p), "ok": True, "kind": report.kind, "claim": report.claim,
                         "detail": report.detail})
            if not args.json:
                print(f"ok    {p}: {report.line()}")
        except CertificateError as exc:
            failed += 1
            rows.append({"path": str(p), "ok": False, "error": str(exc)})
            if not args.json:
                print(f"FAIL  {p}: {exc}")
    if args.json:
        _print_json({"checked": len(rows), "failed": failed, "results": rows})
    else:
        print(f"{len(rows) - failed} of {len(rows)} certificates verified")
    return 1 if failed else 0


def cmd_family(args) -> int:
    from .families import family
    from .formats import write_hypergraph
    try:
        params = [int(p) for p in args.params]
    except ValueError:
        raise VerifyError(f"family parameters must be integers, got {' '.join(args.params)}") from None
    h = family(args.name, *params)
    fmt = args.format or ("json" if args.output and args.output.endswith(".json") else "text")
    text = write_hypergraph(h, args.output, fmt)
    if not args.output:
        sys.stdout.write(text)
    return 0


def cmd_hunt(args) -> int:
    from .formats import hypergraph_to_text
    from .hunts import differential_hunt, instance_stream
    try:
        lo, _, hi = args.n.partition("..")
        n_min, n_max = int(lo), int(hi or lo)
        sizes = tuple(int(x) for x in args.sizes.split(","))
    except ValueError:
        raise VerifyError("--n takes N or LO..HI and --sizes a comma list of integers") from None
    stream = instance_stream(args.source, n_min, n_max, sizes, args.count, args.seed, args.edges, args.marked)
    report = differential_hunt(args.game, tuple(args.methods), stream, first=args.first,
                               workers=args.workers, stop_after=args.stop_after)
    if args.json:
        _print_json(report.to_json())
    else:
        a, b = report.methods
        print(f"{report.instances} instances, {a} vs {b}: {len(report.disagreements)} disagreement(s) "
              f"[{report.seconds:.1f}s]")
        for d in report.disagreements:
            print(f"  {a}: {d.verdicts[a]}   {b}: {d.verdicts[b]}")
            print("  smallest found (shrunk):")
            print("    " + hypergraph_to_text(d.shrunk or d.instance).rstrip().replace("\n", "\n    "))
    return 1 if report.disagreements else 0


def cmd_methods(args) -> int:
    from .solvers import methods
    for game, method in methods():
        print(f"{game:15s} {method}")
    from .encode.qbf_encodings import DEFAULT, describe
    print(f"QBF encodings (--encoding NAME, NAME+sym adds symmetry breaking; default {DEFAULT}):")
    for name, doc in describe().items():
        print(f"  {name:13s} {doc}")
    return 0


class OneLineParser(argparse.ArgumentParser):
    """Usage errors in one line on stderr, exit status 2 (``verify -h`` still shows full help)."""

    def error(self, message):
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} -h')\n")


def build_parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog="verify", description="Decide, certify and cross-check outcomes of "
                                "combinatorial games on hypergraphs.")
    sub = p.add_subparsers(dest="command", required=True)

    s = sub.add_parser("solve", help="decide a game on an instance file")
    s.add_argument("game", help="maker-breaker, acv, avd, dst, prv, pg, gen, dng, hypernim")
    s.add_argument("file")
    s.add_argument("--first", choices=["maker", "breaker"], default="maker")
    s.add_argument("--method", default="auto", help="explicit, structural, qbf, structure, ... (see 'verify methods')")
    s.add_argument("--backend", help="solver backend for encodings (e.g. depqbf, caqe, z3)")
    s.add_argument("--rounds", type=int, help="bound on Maker's rounds (encodings)")
    s.add_argument("--timeout", type=float, help="seconds allowed to an external backend")
    s.add_argument("--encoding", help="QBF encoding (see 'verify methods'), e.g. binary+sym")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.add_argument("--certificate", metavar="OUT", help="write a certificate, checked independently first")
    s.set_defaults(func=cmd_solve)

    c = sub.add_parser("check", help="verify certificates (files or folders of *.json)")
    c.add_argument("paths", nargs="+")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=cmd_check)

    f = sub.add_parser("family", help="write a named family instance")
    f.add_argument("name", help="complete, tic-tac-toe, k-in-a-row, chain, cycle, fano, random, ...")
    f.add_argument("params", nargs="*")
    f.add_argument("-o", "--output")
    f.add_argument("--format", choices=["json", "text"])
    f.set_defaults(func=cmd_family)

    h = sub.add_parser("hunt", help="differential hunt: two methods on many instances, disagreements shrunk")
    h.add_argument("game")
    h.add_argument("--methods", nargs=2, required=True, metavar=("A", "B"))
    h.add_argument("--source", choices=["all", "random"], default="random",
                   help="all: every hypergraph up to isomorphism; random: seeded random ones")
    h.add_argument("--n", default="4..7", help="vertex counts, N or LO..HI")
    h.add_argument("--sizes", default="1,2,3", help="allowed edge sizes (comma list)")
    h.add_argument("--edges", type=int, help="edges per random instance (default 1.5 n)")
    h.add_argument("--count", type=int, default=200, help="random instances per vertex count")
    h.add_argument("--seed", type=int, default=0)
    h.add_argument("--marked", action="store_true", help="include Maker's marks")
    h.add_argument("--first", choices=["maker", "breaker"], default="maker")
    h.add_argument("--workers", type=int, default=1)
    h.add_argument("--stop-after", type=int, default=1, help="disagreements to shrink and report")
    h.add_argument("--json", action="store_true")
    h.set_defaults(func=cmd_hunt)

    m = sub.add_parser("methods", help="list the (game, method) pairs available")
    m.set_defaults(func=cmd_methods)

    for mod in import_present(_CLI_PLUGINS):
        mod.add_cli(sub)
    return p


def main(argv=None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed one usage line
        return 2 if exc.code not in (0, None) else 0
    try:
        return args.func(args)
    except VerifyError as exc:
        print(f"verify: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("verify: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into a reader that stopped (e.g. head)
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except RecursionError:
        print("verify: error: instance too deep for the chosen method", file=sys.stderr)
        return 2
    except MemoryError:
        print("verify: error: out of memory for the chosen method; try a smaller instance", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
