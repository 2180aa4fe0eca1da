"""``verify report OUT_DIR``: build the static report site (see :mod:`verify.report.site`)."""
from __future__ import annotations


def add_cli(sub) -> None:
    r = sub.add_parser("report", help="build a static HTML report: theorem catalogue, proofs, strategy "
                                      "explorer, examples, hunts, benchmark charts")
    r.add_argument("out", metavar="OUT_DIR")
    r.add_argument("--proofs", nargs="*", default=["proofs"], metavar="DIR",
                   help="folders of certificates (default: proofs)")
    r.add_argument("--examples", nargs="*", default=["examples"], metavar="PATH",
                   help="instance files or folders to draw (default: examples)")
    r.add_argument("--hunts", nargs="*", default=[], metavar="PATH",
                   help="hunt stores: SQLite files or folders of *.sqlite/*.db")
    r.add_argument("--bench", nargs="*", default=[], metavar="FILE",
                   help="benchmark records (JSON lines or CSV: benchmark, case, method, seconds[, ratio])")
    r.add_argument("--catalogue", metavar="FILE",
                   help="read claim results from 'verify theorems check --all --json' output instead of checking")
    r.add_argument("--max-n", type=int, dest="max_n", help="cap each claim's size when checking the catalogue")
    r.add_argument("--claims", nargs="+", metavar="NAME", help="check only these claims (others: unchecked)")
    r.add_argument("--no-check-claims", action="store_true", help="list the claims without checking them")
    r.add_argument("--max-states", type=int, default=40, help="explorer pages per strategy (default 40)")
    r.set_defaults(func=cmd_report)


def cmd_report(args) -> int:
    from ..errors import InputError
    from ..report.site import Options, build
    if args.max_states < 1:
        raise InputError("--max-states must be at least 1")
    if args.max_n is not None and args.max_n < 0:
        raise InputError("--max-n must be non-negative")
    claims = False if args.no_check_claims else (args.claims or True)
    opts = Options(proofs=args.proofs, examples=args.examples, hunts=args.hunts, bench=args.bench,
                   catalogue=args.catalogue, max_n=args.max_n, claims=claims, max_states=args.max_states)
    print(build(args.out, opts).line())
    return 0
