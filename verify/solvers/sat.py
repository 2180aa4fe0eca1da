"""SAT routes: pairing strategies, rank-3 danger structures and Grundy labellings as CNF.

Methods registered:
- ("maker-breaker", "pairing"): a Breaker win certified by a pairing strategy (paper 004
  Prop I.1.52). When no pairing exists this method does **not** decide the game: it raises
  MethodError; the certified "no pairing" claim is :func:`find_pairing` / ``verify sat pairing``.
- ("acv" | "avd" | "dst" | "prv", "sat"): nim-value from the unique model of the Grundy-labelling
  CNF on positions up to automorphisms of H (paper 000 §3), certified by a ``nim-labelling``.

Refutations (no pairing, no ab-chain / ab-nunchaku / necklace at a) are certified by a
``sat-unsat-drat`` certificate: the formula and the solver's DRAT proof, checked by
:mod:`verify.certificates.drat` before they are reported.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from ..encode import sat as enc
from ..encode.sat_backends import solve_cnf
from ..errors import BackendError, CertificateError, InputError, MethodError
from ..formats.jsonfmt import hypergraph_to_json
from ..games import impartial as imp
from ..games import maker_breaker as mb
from ..hypergraph import Hypergraph
from ..result import NimValue, Outcome, Result
from . import register


@dataclass
class Existence(Result):
    """Whether a combinatorial object (pairing strategy, chain, nunchaku, necklace) exists."""
    question: str = ""
    exists: bool = False
    witness: list | None = None

    def verdict(self):
        out = {"question": self.question, "exists": self.exists}
        if self.witness is not None:
            out["witness"] = self.witness
        return out


def _refutation(h: Hypergraph, claim: dict, cnf: enc.CNF, proof: str, position=None) -> dict:
    from ..certificates.checker import check_certificate
    from ..certificates.drat import drat_certificate
    body = {"position": position} if position is not None else {}
    cert = drat_certificate(hypergraph_to_json(h), claim, cnf.nvars, cnf.clauses, proof, **body)
    try:
        check_certificate(cert)  # never report an unchecked refutation
    except CertificateError as exc:
        raise BackendError(f"the SAT backend's refutation failed independent checking: {exc}") from None
    return cert


def _stats(cnf: enc.CNF, run, t0: float) -> dict:
    out = {"vars": cnf.nvars, "clauses": len(cnf.clauses), "backend": run.backend,
           "solve_seconds": round(run.seconds, 6)}
    if run.proof is not None:
        out["proof_lines"] = run.proof.count("\n")
    out["seconds"] = round(time.perf_counter() - t0, 6)
    return out


def find_pairing(game: mb.MakerBreakerGame, certificate: bool = False, backend: str | None = None,
                 timeout: float | None = None, **_) -> Existence:
    """Search a pairing strategy for Breaker; with ``certificate`` either a ``maker-breaker-pairing``
    certificate (exists) or a DRAT-checked ``sat-unsat-drat`` refutation (none exists)."""
    t0 = time.perf_counter()
    h = game.board
    cnf = enc.pairing_cnf(h, game.breaker_mask)
    run = solve_cnf(cnf.nvars, cnf.clauses, proof=certificate, backend=backend, timeout=timeout)
    out = Existence(game="maker-breaker", method="pairing", question="pairing", exists=run.sat)
    if run.sat:
        pairs = enc.decode_pairing(h, cnf, run.model)
        out.witness = pairs
        if certificate:
            from ..certificates.strategy import pairing_certificate
            out.certificate = pairing_certificate(h, pairs, game.first)
            out.certificate["position"]["breaker"] = sorted(game.breaker)
    elif certificate:
        position = {"breaker": sorted(game.breaker)}
        out.certificate = _refutation(h, {"question": "no-pairing"}, cnf, run.proof, position)
    out.stats = _stats(cnf, run, t0)
    return out


@register("maker-breaker", "pairing")
def solve_pairing(game: mb.MakerBreakerGame, certificate: bool = False, backend: str | None = None,
                  timeout: float | None = None, **_) -> Outcome:
    """Breaker wins (either order) when a pairing strategy exists; otherwise undecided."""
    found = find_pairing(game, certificate=False, backend=backend, timeout=timeout)
    if not found.exists:
        raise MethodError("no pairing strategy exists (certify it with 'verify sat pairing FILE "
                          "--certificate OUT'); the pairing method cannot decide this board")
    out = Outcome(game="maker-breaker", method="pairing", stats=found.stats, winner=mb.BREAKER,
                  first=game.first, strategy={"pairs": found.witness})
    if certificate:
        from ..certificates.strategy import pairing_certificate
        out.certificate = pairing_certificate(game.board, found.witness, game.first)
        out.certificate["position"]["breaker"] = sorted(game.breaker)
    return out


def find_structure(h: Hypergraph, kind: str, a, b=None, certificate: bool = False,
                   backend: str | None = None, timeout: float | None = None, **_) -> Existence:
    """Is there an ab-chain / ab-nunchaku / necklace at a (paper 004 §I.3)? The witness lists the
    edges in walk order; with ``certificate`` a non-existence comes with a checked DRAT refutation."""
    t0 = time.perf_counter()
    cnf = enc.structure_cnf(h, kind, a, b)
    run = solve_cnf(cnf.nvars, cnf.clauses, proof=certificate, backend=backend, timeout=timeout)
    out = Existence(game="rank3", method="sat", question=kind, exists=run.sat)
    if run.sat:
        out.witness = enc.decode_structure(h, cnf, run.model)
    elif certificate:
        claim = {"question": f"no-{kind}", "a": h.vertices[h.index(a)]}
        if kind != "necklace":
            claim["b"] = h.vertices[h.index(b)]
        out.certificate = _refutation(h, claim, cnf, run.proof)
    out.stats = _stats(cnf, run, t0)
    return out


def solve_nim_sat(kind: str, h: Hypergraph, certificate: bool = False, backend: str | None = None,
                  timeout: float | None = None, symmetry: bool = True, **_) -> NimValue:
    """nim-value of ACV/AVD/DST/PRV(H) from the Grundy-labelling CNF (paper 000 §3)."""
    t0 = time.perf_counter()
    g = enc.nim_graph(kind, h, symmetry=symmetry)
    cnf = enc.nim_cnf(g)
    run = solve_cnf(cnf.nvars, cnf.clauses, backend=backend, timeout=timeout)
    if not run.sat:  # the labelling always exists: an UNSAT answer is a solver fault
        raise BackendError(f"SAT backend {run.backend} found no Grundy labelling (backend fault)")
    labels = enc.decode_nim(g, cnf, run.model)
    stats = {"positions": len(g.orbit), "orbits": len(g.reps), **_stats(cnf, run, t0)}
    out = NimValue(game=g.kind, method="sat", nim=labels[0], stats=stats)
    if certificate:
        from ..certificates.grundy import grundy_certificate
        out.certificate = grundy_certificate(g.kind, h, labels)
    return out


for _kind in imp.GAMES:
    register(_kind, "sat")(lambda h, _k=_kind, **opts: solve_nim_sat(_k, h, **opts))


# -- command line: verify sat ... -----------------------------------------------------------------

def add_cli(sub) -> None:
    p = sub.add_parser("sat", help="SAT questions with certificates: pairing strategies, chains, "
                       "nunchakus, necklaces (no-claims certified by checked DRAT proofs)")
    p.add_argument("question", choices=["pairing", *enc.STRUCTURES])
    p.add_argument("file")
    p.add_argument("vertices", nargs="*", help="a and b for chain/nunchaku, a for necklace")
    from ..encode.sat_backends import BACKENDS, DEFAULT
    p.add_argument("--backend", help=f"SAT backend ({', '.join(BACKENDS)}; default {DEFAULT})")
    p.add_argument("--timeout", type=float)
    p.add_argument("--certificate", metavar="OUT", help="write a certificate (checked before writing)")
    p.add_argument("--dimacs", metavar="OUT", help="write the CNF in DIMACS format")
    p.add_argument("--drat", metavar="OUT", help="with a refutation, write the DRAT proof (for "
                   "external checkers such as drat-trim; implies --certificate checking)")
    p.add_argument("--json", action="store_true")
    p.set_defaults(func=_cmd_sat)


def _cmd_sat(args) -> int:
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
        Path(args.dimacs).write_text(write_dimacs(cnf.nvars, cnf.clauses, [cnf.comment]), encoding="utf-8")
    out = res.to_json()
    if want and res.certificate is None:
        want = False  # a found chain/nunchaku/necklace is shown as its witness, not certified
        out["certificate"] = None
    if want:
        from ..certificates.checker import check_certificate
        report = check_certificate(res.certificate)
        if args.certificate:
            Path(args.certificate).write_text(json.dumps(res.certificate) + "\n", encoding="utf-8")
        out["certificate"] = {"path": args.certificate, "checked": report.detail}
        if args.drat and "proof" in res.certificate:
            Path(args.drat).write_text(res.certificate["proof"], encoding="utf-8")
            out["certificate"]["drat"] = args.drat
    if args.json:
        print(json.dumps(out))
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
        where = f"certificate written to {args.certificate}; " if args.certificate else ""
        print(f"{where}independent check: {out['certificate']['checked']}")
        if out["certificate"].get("drat"):
            print(f"DRAT proof written to {args.drat}")
    return 0
