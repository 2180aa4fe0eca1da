"""``verify threshold maker-breaker|avoider-enforcer FILE``: the threshold bias, every row certified.

Exit status: 0 answered (every row certified), 2 bad input, 3 a row undecided within ``--timeout``.
"""
from __future__ import annotations

from pathlib import Path

from ..errors import InputError
from .common import print_json, write_file


def add_cli(sub) -> None:
    t = sub.add_parser("threshold", help="the threshold bias of a Maker-Breaker or Avoider-Enforcer game",
                       description="Maker-Breaker: the least q at which Breaker wins the (1:q) game (paper "
                                   "004 Def I.1.32), certified by Maker's win at q-1 and Breaker's at q, with "
                                   "bias monotonicity (Prop I.1.13). Avoider-Enforcer: every (1:q) game until "
                                   "Avoider surely wins, each certified, and the lower and upper thresholds "
                                   "(no monotonicity; Hefetz, Krivelevich, Szabo 2007).")
    t.add_argument("game", choices=["maker-breaker", "avoider-enforcer"])
    t.add_argument("file", help="the board: a hypergraph (text or JSON)")
    t.add_argument("--first", choices=["maker", "breaker", "avoider", "enforcer"],
                   help="who moves first (default maker, resp. avoider)")
    t.add_argument("--method", default="auto", help="the method deciding each (1:q) game (default auto)")
    t.add_argument("--timeout", type=float, help="seconds allowed for each (1:q) game")
    t.add_argument("--certificates", metavar="DIR",
                   help="write each row's checked certificate to DIR/GAME-1-Q.json")
    t.add_argument("--no-certificates", dest="certify", action="store_false",
                   help="decide each (1:q) game without a certificate (faster, reaches further; the answer "
                        "is then reported not certified)")
    t.add_argument("--json", action="store_true", help="print one JSON object")
    t.set_defaults(func=cmd_threshold)


def cmd_threshold(args) -> int:
    import json

    from ..formats.instances import load_instance
    from ..games.conventions import ROLES
    from ..thresholds import threshold
    if args.first is not None and args.first not in ROLES[args.game]:
        raise InputError(f"--first for {args.game} is {' or '.join(ROLES[args.game])}, not {args.first}")
    instance = load_instance(args.game, args.file, first=args.first or ROLES[args.game][0])
    board = instance.board
    if getattr(instance, "breaker", None) or getattr(instance, "bob", None):
        raise InputError("a threshold is asked from the start: the board has given vertices for the second player")
    keep = args.certificates is not None
    if keep and not args.certify:
        raise InputError("--certificates and --no-certificates exclude each other")
    folder = Path(args.certificates) if keep else None
    if keep and not folder.is_dir():  # before any game is decided, not after
        raise InputError(f"{args.certificates}: not a folder")
    result = threshold(args.game, board, args.first, args.method, args.timeout, keep_certificates=keep,
                       certify=args.certify)
    out = result.to_json()
    if keep:
        for row, jrow in zip(result.rows, out["rows"]):
            path = folder / f"{args.game}-1-{row.q}.json"
            write_file(path, json.dumps(row.certificate) + "\n")
            jrow["certificate"] = str(path)
    if args.json:
        print_json(out)
    else:
        print(f"{result.summary()}   [{'certified' if result.certified else 'not certified'}]")
        for row in result.rows:
            check = f"independent check: {row.check}" if row.certified else f"not certified (method {row.method})"
            print(f"  1:{row.q}  {row.winner} wins   {check}")
    return 0
