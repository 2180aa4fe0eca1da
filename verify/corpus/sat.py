"""DIMACS and SMT-LIB corpus entries for the SAT/SMT encodings, each with its known answer.

Every entry is a solver-ready file plus what a correct solver must answer, with the reason the
answer is known:

- pairing strategies (paper 004 Prop I.1.52) on tic-tac-toe and k-in-a-row boards: a pairing found
  is re-checked as a ``maker-breaker-pairing`` certificate; a refutation is re-checked as a DRAT
  proof (:mod:`verify.certificates.drat`);
- chains / nunchakus / necklaces (paper 004 §I.3) on chain and cycle families: answer from the
  definitions by construction (stated per entry);
- Grundy labellings of ACV/AVD/DST/PRV (paper 000 §3) as CNF and as QF_LIA: satisfiable, and
  unsatisfiable once the start position is forced to a value other than the explicit reference's;
- hypergraph NIM (paper 003 §1) SG labellings as QF_LIA, same two variants.

``python -m verify.corpus.sat OUTDIR`` writes the files and ``manifest.json``.
"""
from __future__ import annotations

import json
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..families import chain_cycle, chain_path, complete, fano, k_in_a_row, tic_tac_toe
from ..formats.jsonfmt import hypergraph_to_json
from ..encode.dimacs import write_dimacs
from ..encode.sat import nim_cnf, nim_graph, pairing_cnf, structure_cnf
from ..encode.smt import grundy_smt2, nim_smt2, reachable_graph


@dataclass
class CorpusEntry:
    name: str
    format: str  # "dimacs" | "smt2"
    text: str
    expected: str  # "sat" | "unsat"
    question: str
    instance: dict
    why: str
    meta: dict = field(default_factory=dict)

    @property
    def filename(self) -> str:
        return f"{self.name}.{'cnf' if self.format == 'dimacs' else 'smt2'}"


def _dimacs(cnf, header) -> str:
    return write_dimacs(cnf.nvars, cnf.clauses, [header, cnf.comment])


def pairing_entries() -> list[CorpusEntry]:
    from ..certificates.checker import check_certificate
    from ..games.maker_breaker import MakerBreakerGame
    from ..solvers.sat import find_pairing
    boards = [("tic-tac-toe-3", tic_tac_toe(3), "tic-tac-toe", {"n": 3}),
              ("tic-tac-toe-4", tic_tac_toe(4), "tic-tac-toe", {"n": 4}),
              ("tic-tac-toe-5", tic_tac_toe(5), "tic-tac-toe", {"n": 5}),
              ("tic-tac-toe-6", tic_tac_toe(6), "tic-tac-toe", {"n": 6}),
              ("5x5-4-in-a-row", k_in_a_row(5, 5, 4), "k-in-a-row", {"m": 5, "n": 5, "k": 4}),
              ("7x7-5-in-a-row", k_in_a_row(7, 7, 5), "k-in-a-row", {"m": 7, "n": 7, "k": 5})]
    out = []
    for name, h, family, params in boards:
        res = find_pairing(MakerBreakerGame(h), certificate=True)
        report = check_certificate(res.certificate)
        cnf = pairing_cnf(h)
        out.append(CorpusEntry(f"pairing-{name}", "dimacs", _dimacs(cnf, f"Breaker pairing strategy on {name}"),
                               "sat" if res.exists else "unsat", "pairing", hypergraph_to_json(h),
                               f"checked {report.kind} certificate: {report.detail}",
                               {"family": family, **params, "vars": cnf.nvars, "clauses": len(cnf.clauses)}))
    return out


def structure_entries() -> list[CorpusEntry]:
    p = chain_path(6)
    c = chain_cycle(6)
    cases = [
        ("chain-path6-1-13", p, "chain", "1", "13", "sat", "the path of 6 triples is a 1-13 chain"),
        ("nunchaku-path6-1-13", p.mark("1", "13"), "nunchaku", "1", "13", "sat",
         "the path with both ends marked is a nunchaku (Def I.3.12)"),
        ("nunchaku-path6-inner-mark", p.mark("1", "13", "7"), "nunchaku", "1", "13", "unsat",
         "the only 1-13 chain (a hyperforest, Cor I.3.44) has a third mark 7"),
        ("necklace-cycle6-inner", c.mark("1"), "necklace", "1", None, "sat",
         "vertex 1 is inner on the cycle of 6 triples and the only mark (Def I.3.21)"),
        ("necklace-cycle6-outer", c.mark("2"), "necklace", "2", None, "unsat",
         "vertex 2 is an outer vertex (degree 1), so it is the apex of no cycle"),
    ]
    out = []
    for name, h, kind, a, b, expected, why in cases:
        cnf = structure_cnf(h, kind, a, b)
        out.append(CorpusEntry(name, "dimacs", _dimacs(cnf, f"{kind} question, paper 004 §I.3"), expected,
                               kind, hypergraph_to_json(h), why,
                               {"family": "chain" if "path" in name else "cycle", "k": 6, "a": a, "b": b,
                                "vars": cnf.nvars, "clauses": len(cnf.clauses)}))
    return out


def _force_root_dimacs(cnf, root_var, header) -> str:
    return write_dimacs(cnf.nvars, cnf.clauses + [(root_var,)], [header, cnf.comment])


def nim_entries() -> list[CorpusEntry]:
    from ..solvers.explicit import solve_impartial
    out = []
    for hname, h, family in (("K5-2", complete(5, 2), "complete"), ("fano", fano(), "fano"),
                             ("tic-tac-toe-3", tic_tac_toe(3), "tic-tac-toe")):
        for kind in ("acv", "avd", "dst", "prv"):
            nim = solve_impartial(kind, h).nim
            g = nim_graph(kind, h)
            cnf = nim_cnf(g)
            root = {k: x for x, (tag, r, k) in cnf.labels.items() if tag == "label" and r == 0}
            wrong = 1 if nim == 0 else 0
            base = f"nim-{kind}-{hname}"
            why = f"explicit reference: nim({kind.upper()}) = {nim}"
            inst = hypergraph_to_json(h)
            out.append(CorpusEntry(base, "dimacs", _dimacs(cnf, f"Grundy labelling of {kind.upper()}({hname})"),
                                   "sat", kind, inst, why + "; a labelling always exists",
                                   {"family": family, "nim": nim}))
            out.append(CorpusEntry(f"{base}-root-{wrong}", "dimacs",
                                   _force_root_dimacs(cnf, root[wrong], f"label({kind.upper()}) forced to {wrong}"),
                                   "unsat", kind, inst, why + f"; the labelling is unique, so not {wrong}",
                                   {"family": family, "nim": nim, "forced": wrong}))
            prob = nim_smt2(g)
            out.append(CorpusEntry(base, "smt2", prob.text, "sat", kind, inst, why, {"family": family, "nim": nim}))
            forced = prob.text.replace("(check-sat)", f"(assert (= {prob.root} {wrong}))\n(check-sat)")
            out.append(CorpusEntry(f"{base}-root-{wrong}", "smt2", forced, "unsat", kind, inst,
                                   why + f"; the labelling is unique, so not {wrong}",
                                   {"family": family, "nim": nim, "forced": wrong}))
    return out


def hypernim_entries() -> list[CorpusEntry]:
    try:
        from ..formats.hypernim import instance_to_json
        from ..games import hypernim as hn
        from ..solvers.hypernim import solve_explicit
    except ImportError:
        return []
    out = []
    for name, game, piles in (("moore-3-2", hn.moore(3, 2), (2, 2, 3)),
                              ("path-abc", hn.HyperNim([["a", "b"], ["b", "c"], ["a"]]), (2, 3, 2))):
        inst = hn.Instance(game, piles)
        sg = solve_explicit(inst).sg
        opts, order = reachable_graph(piles, game.options)
        prob = grundy_smt2(opts, order, piles, f"SG labelling of hypergraph NIM {name} at {piles}")
        wrong = 1 if sg == 0 else 0
        why = f"explicit reference: SG = {sg}"
        out.append(CorpusEntry(f"hypernim-{name}", "smt2", prob.text, "sat", "hypernim", instance_to_json(inst),
                               why, {"family": "hypernim", "sg": sg}))
        forced = prob.text.replace("(check-sat)", f"(assert (= {prob.root} {wrong}))\n(check-sat)")
        out.append(CorpusEntry(f"hypernim-{name}-root-{wrong}", "smt2", forced, "unsat", "hypernim",
                               instance_to_json(inst), why + f"; the labelling is unique, so not {wrong}",
                               {"family": "hypernim", "sg": sg, "forced": wrong}))
    return out


def entries() -> list[CorpusEntry]:
    return pairing_entries() + structure_entries() + nim_entries() + hypernim_entries()


def write_corpus(directory, items: list[CorpusEntry] | None = None) -> list[dict]:
    """Write the entries (default: all) and ``manifest.json`` (file, format, expected answer,
    reason, instance)."""
    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    manifest = []
    for e in entries() if items is None else items:
        (d / e.filename).write_text(e.text, encoding="utf-8")
        row = {k: v for k, v in asdict(e).items() if k != "text"}
        row["file"] = e.filename
        manifest.append(row)
    (d / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest


if __name__ == "__main__":
    rows = write_corpus(sys.argv[1] if len(sys.argv) > 1 else "encodings/sat")
    print(f"{len(rows)} entries written")
