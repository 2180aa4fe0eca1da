"""``verify sat QUESTION FILE``: SAT questions with certificates: pairing strategies, ab-chains,
ab-nunchakus, necklaces (paper 004 §I.3); a "no" is certified by a checked DRAT proof."""
from __future__ import annotations


from ..encode import sat as enc
from ..errors import InputError
from ..games import maker_breaker as mb
from ..solvers.sat import find_pairing, find_structure
from .common import certificate_line, write_checked_certificate, write_file, print_json


def add_cli(sub) -> None:
    p = sub.add_parser("sat", help="SAT questions with certificates: pairing strategies, chains, "
                       "nunchakus, necklaces (no-claims certified by checked DRAT proofs)")
    p.add_argument("question", choices=["pairing", *enc.STRUCTURES])
    p.add_argument("file", help="a hypergraph (text or JSON; marks are Maker's vertices)")
    p.add_argument("vertices", nargs="*", help="a and b for chain/nunchaku, a for necklace")
    from ..encode.sat_backends import BACKENDS, DEFAULT
    p.add_argument("--backend", help=f"SAT backend ({', '.join(BACKENDS)}; default {DEFAULT})")
    p.add_argument("--timeout", type=float)
    p.add_argument("--certificate", metavar="OUT", help="write a certificate (checked before writing)")
    p.add_argument("--dimacs", metavar="OUT", help="write the CNF in DIMACS format")
    p.add_argument("--drat", metavar="OUT", help="with a refutation, write the DRAT proof (for "
                   "external checkers such as drat-trim; implies --certificate checking)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_sat)


def cmd_sat(args) -> int:
    from ..encode.dimacs import write_dimacs
    from ..formats import read_hypergraph
    h = read_hypergraph(args.file)
    want = args.certificate is not None or args.drat is not None
    opts = {"certificate": want, "backend": args.backend, "timeout": args.timeout}
    if args.question == "pairing":
        if args.vertices:
            raise InputError("pairing takes no vertices")
        game = mb.MakerBreakerGame(h)
        res = find_pairing(game, **opts)
        cnf = enc.pairing_cnf(h) if args.dimacs else None
    else:
        need = 1 if args.question == "necklace" else 2
        if len(args.vertices) != need:
            raise InputError(f"{args.question} needs {need} vertex name(s)")
        res = find_structure(h, args.question, *args.vertices, **opts)
        cnf = enc.structure_cnf(h, args.question, *args.vertices) if args.dimacs else None
    if cnf is not None:
        write_file(args.dimacs, write_dimacs(cnf.nvars, cnf.clauses, [cnf.comment]))
    out = res.to_json()
    if want and res.certificate is None:
        want = False  # a found chain/nunchaku/necklace is shown as its witness, not certified
        out["certificate"] = None
    if want:
        out["certificate"] = write_checked_certificate(res.certificate, args.certificate)
        if args.drat and "proof" in res.certificate:
            write_file(args.drat, res.certificate["proof"])
            out["certificate"]["drat"] = args.drat
    if args.json:
        print_json(out)
        return 0
    s = res.stats
    size = f"{s['vars']} vars, {s['clauses']} clauses, {s['backend']} {s['solve_seconds']:.3f} s"
    if res.exists:
        what = "pairing strategy" if args.question == "pairing" else args.question
        empty = "(no pair needed: no live edge)" if args.question == "pairing" else "(length 0: a = b)"
        shown = "; ".join("{" + ",".join(x) + "}" for x in res.witness) if res.witness else empty
        print(f"{what} found: {shown}   [{size}]")
    else:
        what = "pairing strategy" if args.question == "pairing" else args.question
        print(f"no {what} exists   [{size}]")
        if args.question in ("nunchaku", "necklace") and h.mask(args.vertices) & ~h.marked_mask:
            print("(a nunchaku's marked vertices are exactly its two ends, Def I.3.12" if args.question == "nunchaku"
                  else "(a necklace's only marked vertex is its apex, Def I.3.21",
                  "- mark them with a 'marked: ...' line)")
    if want:
        print(certificate_line(out["certificate"]))
        if out["certificate"].get("drat"):
            print(f"DRAT proof written to {args.drat}")
    return 0
