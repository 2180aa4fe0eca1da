"""``verify rank3 FILE``: Galliot's structural Maker-Breaker solver for rank ≤ 3 (paper 004
Theorem II.1.12 / III.2.1) with its three-round witness, and optionally a checked certificate."""
from __future__ import annotations

from ..solvers.options import OPTION_HELP
from .common import certificate_line, first_player, print_json, write_certificate


def _show_tree(node: dict, indent: str = "  ", depth: int = 0, limit: int = 3) -> list[str]:
    pad = indent * depth
    if "leaf" in node:
        leaf = node["leaf"]
        edges = " ".join("{" + ",".join(e) + "}" for e in leaf["edges"])
        return [f"{pad}{leaf['kind']} {edges}"]
    lines = [f"{pad}Maker takes {node['maker']}"]
    if depth // 2 >= limit:
        return lines
    for y, child in node["replies"].items():
        lines.append(f"{pad}{indent}if Breaker takes {y}:")
        lines += _show_tree(child, indent, depth + 2, limit)
    lines.append(f"{pad}{indent}otherwise:" if node["replies"] else f"{pad}{indent}whatever Breaker takes:")
    lines += _show_tree(node["otherwise"], indent, depth + 2, limit)
    return lines


def _parts(parts: dict) -> list[str]:
    return [f"  {label}: {part['winner']} wins ({part['decided_by']})" for label, part in parts.items()]


def describe(witness: dict) -> list[str]:
    """Human-readable lines for the witness of :func:`verify.solvers.rank3.solve_structural`."""
    lines = []
    how = witness.get("decided_by")
    if "pairs" in witness:
        pairs = " ".join("{" + ",".join(p) + "}" for p in witness["pairs"])
        lines.append(f"Breaker answers each move in a pair with its partner: {pairs}")
        if "core" in witness:
            lines.append("and wins the remaining core moving second:")
            lines += ["  " + line for line in describe(witness["core"])]
    elif "local_parts" in witness:
        lines.append("Breaker answers in the part Maker played in; every edge keeps two or more vertices "
                     "in one part, and each part is a Breaker win with Maker first:")
        lines += [f"  {label}: " + " ".join("{" + ",".join(e) + "}" for e in part["edges"]) +
                  f" ({part['decided_by']})" for label, part in witness["local_parts"].items()]
    elif "cut_vertex" in witness:
        lines.append(f"the board is two parts glued at {witness['cut_vertex']}, decided from the parts "
                     f"(paper 004 Lemma I.1.50; '+v': the cut vertex given to Maker):")
        lines += _parts(witness["parts"])
    elif "parts" in witness:
        lines.append("the board falls into components, each a Breaker win with Maker first:")
        lines += _parts(witness["parts"])
    elif "maker_tree" in witness:
        lines.append(f"Maker reaches a fully marked edge, nunchaku or necklace within "
                     f"{witness['leaf_rounds']} round(s):")
        lines += _show_tree(witness["maker_tree"], depth=1)
    elif "breaker_replies" in witness:
        replies = ", ".join(f"{x}->{y}" for x, y in witness["breaker_replies"].items())
        lines.append(f"Breaker's winning reply to each Maker move: {replies}")
    elif "breaker_move" in witness:
        lines.append(f"Breaker opens with {witness['breaker_move']}")
        if witness.get("then"):
            lines += describe(witness["then"])
    elif "answers" in witness:
        lines.append("Maker's answer to Breaker's opening: " + ", ".join(witness["answers"]) +
                     (" (listed), any other: the tree below" if witness["answers"] else ""))
        lines += describe(witness["otherwise"])
    elif how in ("explicit", "trivial", "over"):
        lines.append({"explicit": "fewer than six live vertices: decided by the explicit search",
                      "trivial": "an edge has at most one unclaimed vertex (trivial Maker win)",
                      "pairing": "a pairing strategy wins for Breaker",
                      "over": "the game is already over"}[how])
    return lines


def cmd_rank3(args) -> int:
    from ..formats.instances import load_instance
    from ..solvers import solve
    game = load_instance("maker-breaker", args.file, first=args.first)
    want = args.certificate is not None
    options = {"timeout": args.timeout} if args.timeout is not None else {}
    result = solve("maker-breaker", game, method="structural", certificate=want, **options)
    out = result.to_json()
    out["witness"] = result.strategy
    if want:
        out["certificate"] = write_certificate(result, args.certificate)
    if args.json:
        print_json(out)
        return 0
    print(f"{result.winner} wins, {result.first} first   [rank-3 structural, "
          f"{result.stats['seconds']:.3f} s]")
    for line in describe(result.strategy):
        print(line)
    if want:
        print(certificate_line(out["certificate"]))
    return 0


def add_cli(subparsers) -> None:
    p = subparsers.add_parser("rank3", help="decide Maker-Breaker on a rank-3 hypergraph by Galliot's "
                                            "structural criterion, with a three-round witness")
    p.add_argument("file", help="a hypergraph of rank ≤ 3 (text or JSON)")
    first_player(p)
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--certificate", metavar="OUT",
                   help="write a full strategy certificate, checked independently first")
    p.add_argument("--timeout", type=float, metavar="S", help=OPTION_HELP["timeout"])
    p.set_defaults(func=cmd_rank3)
