"""``verify structure FILE --game KIND``: Sieben's structure diagram of ACV/AVD/DST/PRV(H) (paper 000
§4-6) as text, JSON or graphviz DOT."""
from __future__ import annotations

import sys

from ..errors import InputError
from .common import print_json


def add_cli(sub) -> None:
    s = sub.add_parser("structure", help="structure diagram of ACV/AVD/DST/PRV (paper 000 §4-6)")
    s.add_argument("file", help="a hypergraph (text or JSON)")
    s.add_argument("--game", required=True, choices=["acv", "avd", "dst", "prv"])
    s.add_argument("--simplified", action="store_true", help="the simplified diagram (Condition 6.1)")
    s.add_argument("--dot", metavar="OUT.dot", help="write the diagram as graphviz DOT")
    s.add_argument("--image", metavar="OUT.png|OUT.svg",
                   help="draw the diagram (networkx layout + matplotlib; no graphviz needed)")
    s.add_argument("--json", action="store_true", help="print the diagram as JSON")
    s.set_defaults(func=cmd_structure)


def cmd_structure(args) -> int:
    from pathlib import Path

    from ..formats import read_hypergraph
    from ..structure import StructureDiagram
    from ..structure.render import diagram_to_dot, diagram_to_json, diagram_to_text
    d = StructureDiagram(args.game, read_hypergraph(args.file))
    notes = []
    if args.dot:
        dot = diagram_to_dot(d, simplified=args.simplified)
        try:
            Path(args.dot).write_text(dot, encoding="utf-8")
        except OSError as exc:
            raise InputError(f"{args.dot}: cannot write ({exc.strerror})") from None
        notes.append(f"wrote {args.dot}")
    if args.image:
        from ..draw.diagrams import save_figure, structure_figure
        notes.append(f"wrote {save_figure(structure_figure(d, args.simplified), args.image)}")
    if args.json:
        print_json(diagram_to_json(d))
    else:
        print(diagram_to_text(d, simplified=args.simplified))
    for n in notes:
        print(n, file=sys.stderr)
    return 0
