"""``verify report OUT_DIR``: build the static report site."""
from __future__ import annotations


def add_cli(sub) -> None:
    r = sub.add_parser("report", help="build a static HTML report (catalogue, proofs, strategies, hunts, benchmarks)")
    r.add_argument("out", metavar="OUT_DIR")
    r.set_defaults(func=cmd_report)


def cmd_report(args) -> int:
    from .site import build
    build(args.out)
    return 0
