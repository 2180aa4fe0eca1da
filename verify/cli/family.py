"""``verify family NAME PARAMS... [-o OUT]``: write a named family instance (text or JSON)."""
from __future__ import annotations

import sys

from ..errors import VerifyError


def add_cli(sub) -> None:
    f = sub.add_parser("family", help="write a named family instance")
    f.add_argument("name", help="complete, tic-tac-toe, k-in-a-row, chain, cycle, fano, hex, random, ...")
    f.add_argument("params", nargs="*", help="integer parameters of the family")
    f.add_argument("-o", "--output", help="file to write (default: standard output)")
    f.add_argument("--format", choices=["json", "text"], help="default: by the output's extension")
    f.set_defaults(func=cmd_family)


def cmd_family(args) -> int:
    from ..families import family
    from ..formats import write_hypergraph
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
