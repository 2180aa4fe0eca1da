"""``verify hunt GAME --methods A B``: a differential hunt, two methods on many instances, each
disagreement shrunk to a locally minimal instance. Exit status 1 when a disagreement is found."""
from __future__ import annotations

from ..errors import VerifyError
from .common import first_player, print_json


def add_cli(sub) -> None:
    h = sub.add_parser("hunt", help="differential hunt: two methods on many instances, disagreements shrunk")
    h.add_argument("game", help="the game both methods answer (e.g. maker-breaker, acv)")
    h.add_argument("--methods", nargs=2, required=True, metavar=("A", "B"))
    h.add_argument("--source", choices=["all", "random"], default="random",
                   help="all: every hypergraph up to isomorphism; random: seeded random ones")
    h.add_argument("--n", default="4..7", help="vertex counts, N or LO..HI")
    h.add_argument("--sizes", default="1,2,3", help="allowed edge sizes (comma list)")
    h.add_argument("--edges", type=int, help="edges per random instance (default 1.5 n)")
    h.add_argument("--count", type=int, default=200, help="random instances per vertex count")
    h.add_argument("--seed", type=int, default=0)
    h.add_argument("--marked", action="store_true", help="include Maker's marks")
    first_player(h)
    h.add_argument("--workers", type=int, default=1)
    h.add_argument("--stop-after", type=int, default=1, help="disagreements to shrink and report")
    h.add_argument("--json", action="store_true", help="print one JSON object")
    h.set_defaults(func=cmd_hunt)


def cmd_hunt(args) -> int:
    from ..formats import hypergraph_to_text
    from ..hunts import differential_hunt, instance_stream
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
        print_json(report.to_json())
    else:
        a, b = report.methods
        print(f"{report.instances} instances, {a} vs {b}: {len(report.disagreements)} disagreement(s) "
              f"[{report.seconds:.1f}s]")
        for d in report.disagreements:
            print(f"  {a}: {d.verdicts[a]}   {b}: {d.verdicts[b]}")
            print("  smallest found (shrunk):")
            print("    " + hypergraph_to_text(d.shrunk or d.instance).rstrip().replace("\n", "\n    "))
    return 1 if report.disagreements else 0
