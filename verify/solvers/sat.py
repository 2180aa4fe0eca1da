"""SAT routes: pairing strategies, rank-3 danger structures and Grundy labellings as CNF.

Methods registered:
- ("maker-breaker", "pairing"): a Breaker win certified by a pairing strategy (paper 004
  Prop I.1.52). When no pairing exists this method does **not** decide the game: it raises
  MethodError; the certified "no pairing" claim is :func:`find_pairing` / ``verify sat pairing``.
- ("acv" | "avd" | "dst" | "prv", "sat"): nim-value from the unique model of the Grundy-labelling
  CNF (paper 000 §3) on literal positions up to automorphisms of H, certified by a
  ``nim-labelling`` (up to 22 vertices), or on residual states beyond (no certificate).

Refutations (no pairing, no ab-chain / ab-nunchaku / necklace at a) are certified by a
``sat-unsat-drat`` certificate: the formula and the solver's DRAT proof, checked by
:mod:`verify.certificates.drat` before they are reported.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from ..encode import sat as enc
from ..encode.sat_backends import solve_cnf
from ..errors import BackendError, CertificateError, InputError, MethodError, TooLarge
from .. import limits
from ..games import impartial as imp
from ..games import maker_breaker as mb
from ..hypergraph import Hypergraph
from ..result import NimValue, Outcome, Result
from . import register


@dataclass
class Existence(Result):
    """Whether a combinatorial object (pairing strategy, chain, nunchaku, necklace) exists."""
    structure: str = ""
    exists: bool = False
    witness: list | None = None

    def verdict(self):
        out = {"structure": self.structure, "exists": self.exists}
        if self.witness is not None:
            out["witness"] = self.witness
        return out


def _refutation(game: mb.MakerBreakerGame, verdict: dict, cnf: enc.CNF, proof: str) -> dict:
    from ..certificates.checker import check_certificate
    from ..certificates.drat import drat_certificate
    cert = drat_certificate(game, verdict, cnf.nvars, cnf.clauses, proof)
    try:
        check_certificate(cert)  # never report an unchecked refutation
    except CertificateError as exc:
        raise BackendError(f"the SAT backend's refutation failed independent checking: {exc}") from None
    return cert


def _stats(cnf: enc.CNF, run) -> dict:
    out = {"vars": cnf.nvars, "clauses": len(cnf.clauses), "backend": run.backend,
           "solve_seconds": round(run.seconds, 6)}
    if run.proof is not None:
        out["proof_lines"] = run.proof.count("\n")
    return out


def find_pairing(game: mb.MakerBreakerGame, certificate: bool = False, backend: str | None = None,
                 timeout: float | None = None) -> Existence:
    """Search a pairing strategy for Breaker; with ``certificate`` either a ``maker-breaker-pairing``
    certificate (exists) or a DRAT-checked ``sat-unsat-drat`` refutation (none exists)."""
    h = game.board
    cnf = enc.pairing_cnf(h, game.breaker_mask)
    run = solve_cnf(cnf.nvars, cnf.clauses, proof=certificate, backend=backend, timeout=timeout)
    out = Existence(game="maker-breaker", method="pairing", structure="pairing", exists=run.sat)
    if run.sat:
        pairs = enc.decode_pairing(h, cnf, run.model)
        out.witness = pairs
        if certificate:
            from ..certificates.strategy import pairing_certificate
            out.certificate = pairing_certificate(game, pairs)
    elif certificate:
        out.certificate = _refutation(game, enc.refutation_verdict("no-pairing"), cnf, run.proof)
    out.stats = _stats(cnf, run)
    return out


@register("maker-breaker", "pairing")
def solve_pairing(game: mb.MakerBreakerGame, certificate: bool = False, backend: str | None = None,
                  timeout: float | None = None) -> Outcome:
    """Breaker wins (either order) when a pairing strategy exists; otherwise undecided."""
    found = find_pairing(game, certificate=False, backend=backend, timeout=timeout)
    if not found.exists:
        raise MethodError("no pairing strategy exists (certify it with 'verify sat pairing FILE "
                          "--certificate OUT'); the pairing method cannot decide this board")
    out = Outcome(game="maker-breaker", method="pairing", stats=found.stats, winner=mb.BREAKER,
                  first=game.first, strategy={"pairs": found.witness})
    if certificate:
        from ..certificates.strategy import pairing_certificate
        out.certificate = pairing_certificate(game, found.witness)
    return out


def find_structure(h: Hypergraph, kind: str, a, b=None, certificate: bool = False,
                   backend: str | None = None, timeout: float | None = None) -> Existence:
    """Is there an ab-chain / ab-nunchaku / necklace at a (paper 004 §I.3)? The witness lists the
    edges in walk order; with ``certificate`` a non-existence comes with a checked DRAT refutation."""
    cnf = enc.structure_cnf(h, kind, a, b)
    run = solve_cnf(cnf.nvars, cnf.clauses, proof=certificate, backend=backend, timeout=timeout)
    out = Existence(game="rank3", method="sat", structure=kind, exists=run.sat)
    if run.sat:
        out.witness = enc.decode_structure(h, cnf, run.model)
    elif certificate:
        verdict = enc.refutation_verdict(f"no-{kind}", h.vertices[h.index(a)],
                                         None if kind == "necklace" else h.vertices[h.index(b)])
        out.certificate = _refutation(mb.MakerBreakerGame(h), verdict, cnf, run.proof)
    out.stats = _stats(cnf, run)
    return out


MAX_RESIDUAL_STATES = limits.MAX_RESIDUAL_STATES


def residual_nim_graph(kind: str, h: Hypergraph) -> enc.NimGraph:
    """The position graph on residual states (edges left, free-vertex count) of
    :class:`verify.solvers.explicit.ResidualNim`, keyed up to :func:`canonical_form`: far fewer
    nodes than literal positions and no vertex limit, but it shares the explicit solver's state
    reduction (the literal graph of :func:`verify.encode.sat.nim_graph` shares nothing but the rules)."""
    from ..hypergraph import canonical_form
    from .explicit import ResidualNim
    solver = ResidualNim(kind)
    start = solver.start(h)
    root = (canonical_form(start[0]), start[1])
    states = {root: start}
    options: dict = {}
    stack = [root]
    while stack:
        k = stack.pop()
        opts = []
        for s in solver._options(*states[k]):
            ks = (canonical_form(s[0]), s[1])
            if ks not in states:
                if len(states) >= MAX_RESIDUAL_STATES:
                    raise TooLarge(f"more than {MAX_RESIDUAL_STATES} residual states")
                states[ks] = s
                stack.append(ks)
            opts.append(ks)
        options[k] = list(dict.fromkeys(opts))
    return enc.NimGraph(solver.kind, h, list(states), options, {}, 0, root)


def nim_position_graph(kind: str, h: Hypergraph, certificate: bool, symmetry: bool = True,
                       states: str | None = None) -> enc.NimGraph:
    """Literal positions up to Aut(H) (independent of the explicit solver; needed for a
    certificate) when H has at most 22 vertices or a certificate is asked, else residual states."""
    if states is None:
        states = "literal" if certificate or h.n <= enc.MAX_LITERAL_VERTICES else "residual"
    if states == "literal":
        return enc.nim_graph(kind, h, symmetry=symmetry)
    if states != "residual":
        raise InputError(f"states must be 'literal' or 'residual', not {states!r}")
    if certificate:
        raise InputError("nim-labelling certificates need literal positions (states='literal')")
    return residual_nim_graph(kind, h)


def nim_stats(g: enc.NimGraph) -> dict:
    if g.orbit:
        return {"states": "literal", "positions": len(g.orbit), "orbits": len(g.reps)}
    return {"states": "residual", "positions": len(g.reps)}


def solve_nim_sat(kind: str, h: Hypergraph, certificate: bool = False, backend: str | None = None,
                  timeout: float | None = None, symmetry: bool = True,
                  states: str | None = None) -> NimValue:
    """nim-value of ACV/AVD/DST/PRV(H) from the Grundy-labelling CNF (paper 000 §3)."""
    g = nim_position_graph(kind, h, certificate, symmetry, states)
    cnf = enc.nim_cnf(g)
    run = solve_cnf(cnf.nvars, cnf.clauses, backend=backend, timeout=timeout)
    if not run.sat:  # the labelling always exists: an UNSAT answer is a solver fault
        raise BackendError(f"SAT backend {run.backend} found no Grundy labelling (backend fault)")
    rep_label = enc.decode_labels(cnf, run.model)
    out = NimValue(game=g.kind, method="sat", nim=rep_label[g.root], stats={**nim_stats(g), **_stats(cnf, run)})
    if certificate:
        from ..certificates.grundy import grundy_certificate
        out.certificate = grundy_certificate(g.kind, h, enc.decode_nim(g, cnf, run.model))
    return out


for _kind in imp.GAMES:
    register(_kind, "sat")(partial(solve_nim_sat, _kind))
