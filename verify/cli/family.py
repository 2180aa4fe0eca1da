"""``verify family NAME PARAMS... [--race [--moves M]] [-o OUT]``: write a named family instance
(a hypergraph as text or JSON; with ``--race``, the race game on it as a ``.pg`` file)."""
from __future__ import annotations

import argparse
import sys
import textwrap


def family_listing() -> str:
    """One line per family: its name, parameters ([optional] in brackets) and what it builds."""
    from ..families import FAMILIES, family_params
    lines = ["families (verify family NAME PARAMS...):"]
    for name in sorted(FAMILIES):
        required, optional = family_params(name)
        params = " ".join([p.upper() for p in required] + [f"[{p.upper()}]" for p in optional])
        doc = (FAMILIES[name][0].__doc__ or "").strip().split("\n\n")[0]
        lines.append(f"  {name} {params}".rstrip())
        lines.extend(textwrap.wrap(" ".join(doc.split()), 96, initial_indent=" " * 6, subsequent_indent=" " * 6))
    from ..families.classical import ANIMALS
    lines.append(f"animals: {', '.join(ANIMALS)}")
    return "\n".join(lines)


def add_cli(sub) -> None:
    f = sub.add_parser("family", help="write a named family instance",
                       description="Write a named family instance: the hypergraph (Maker-Breaker), or with "
                                   "--race the race game on it, a Maker-Maker .pg file in which both players' "
                                   "winning sets are the edges and black moves first.",
                       epilog=family_listing(), formatter_class=argparse.RawDescriptionHelpFormatter)
    f.add_argument("name", help="the family (listed below)")
    f.add_argument("params", nargs="*", help="its parameters")
    f.add_argument("--race", action="store_true",
                   help="write the race (both players build an edge; the first to complete one wins) as a .pg game")
    f.add_argument("--moves", type=int, metavar="M",
                   help="with --race: the schedule gives black M moves (white M - 1): black wins the .pg "
                        "iff black completes an edge within M moves before white does")
    f.add_argument("-o", "--output", help="file to write (default: standard output)")
    f.add_argument("--format", choices=["json", "text"], help="hypergraphs: default by the output's extension")
    f.set_defaults(func=cmd_family)


def cmd_family(args) -> int:
    from ..errors import InputError
    from ..families import family
    from ..formats import write_hypergraph
    from .common import write_file
    if args.moves is not None and not args.race:
        raise InputError("--moves goes with --race")
    if args.moves is not None and args.moves < 0:
        raise InputError(f"--moves must be >= 0 (got {args.moves})")
    h = family(args.name, *args.params)
    if args.race:
        from ..formats.pg import pg_to_text
        from ..games.positional import race
        if args.format:
            raise InputError("--format does not apply to --race (the output is a .pg file)")
        bound = "all moves" if args.moves is None else f"black has {args.moves} moves"
        text = pg_to_text(race(h, args.moves, comments=(
            f" race on verify family {' '.join([args.name, *args.params])}: {bound}",)))
        if args.output:
            write_file(args.output, text)
    else:
        fmt = args.format or ("json" if args.output and args.output.endswith(".json") else "text")
        text = write_hypergraph(h, args.output, fmt)
    if not args.output:
        sys.stdout.write(text)
    return 0
