"""``verify methods``: the (game, method) pairs available and the options each method takes."""
from __future__ import annotations

from .common import print_json


def add_cli(sub) -> None:
    m = sub.add_parser("methods", help="list the (game, method) pairs and the options they take")
    m.add_argument("--json", action="store_true", help="print one JSON list")
    m.set_defaults(func=cmd_methods)


def cmd_methods(args) -> int:
    from ..solvers import method_info, methods
    from ..solvers.options import flag
    rows = [method_info(g, m) for g, m in methods()]
    if args.json:
        print_json([{"game": r.game, "method": r.name, "options": list(r.takes)} for r in rows])
        return 0
    for r in rows:
        print(f"{r.game:15s} {r.name:12s} {' '.join(flag(o) for o in r.takes if o != 'certificate')}".rstrip())
    from ..encode.qbf.encodings import DEFAULT, describe
    print(f"QBF encodings (--encoding NAME; default {DEFAULT}, with symmetry breaking unless --no-symmetry):")
    for name, doc in describe().items():
        print(f"  {name:13s} {doc}")
    return 0
