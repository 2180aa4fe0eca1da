"""The papers' open questions as conjectures to hunt (tag ``conjecture``; in the catalogue too).

Each holds on the small instances the catalogue checks; a counterexample a hunt finds answers the
question (negatively, or with a new witness), it is not an erratum. The judge is the explicit
reference, as everywhere.

- 004, after Theorem II.1.13 (Galliot): on which classes of 3-uniform marked hypergraphs do two
  rounds of the danger criterion (J_2(D_0, H), i.e. Prop II.1.11 with r = 2) decide the outcome?
  Theorem II.1.13 proves it when every unmarked x has an x-snake; Fig II.6 (unmarked, linear) shows
  it fails in general. Hunted class: at least one marked vertex.
- 002 §6: the spectrum of nim numbers of DNG on convex geometries is conjectured to be all of N;
  witnesses are recorded up to 7 (claim 002-conj-spectrum-all). Hunted: a planar point set of the
  grid whose DNG nim number exceeds 7 (a counterexample is a new witness).
- 003 §8 (P8), (P9): is there a JM hypergraph with (C) but not (MD), or with neither (MD) nor (C)?
  The catalogue checks JM and (MD) on [0,3]^V; these hunt on a box that grows (``--param box=B``).
- 000 §10, question 3: the digraphs of ACV(H) and PRV(H) are complementary (Prop 3.10); does this
  restrict the pair of nim-values? Hunted: the pair lies in the table of pairs witnessed so far
  (exhaustive on ≤ 4 vertices, then a random hunt on 5-6); a counterexample is a new pair.
"""
from __future__ import annotations

from ..claims.registry import Violation, claim
from ..errors import VerifyError
from ..games import maker_breaker as mb
from ..hypergraph import Hypergraph
from .conjectures import HuntSpec
from .spaces import Hypergraphs, PileBoxes, PointSets

# -- 004: do two rounds suffice? ------------------------------------------------------------------


def _unmarked(h: Hypergraph) -> int:
    return (h.full_mask & ~h.marked_mask).bit_count()


def two_round_hypotheses(h: Hypergraph) -> bool:
    """3-uniform, marked (≥ 1 mark), not a trivial Maker win, ≥ 4 unmarked vertices, not over."""
    if not h.marked_mask or _unmarked(h) < 4 or any(e.bit_count() != 3 for e in h.edge_masks):
        return False
    res = mb.MakerBreakerGame(h).start_residual()
    return not any(e.bit_count() <= 1 for e in res) and mb.winner_if_over(res) is None


def _two_round_sat(model) -> None:
    """The hypotheses as clauses: ≥ 1 mark, ≤ n − 4 marks, no edge with two marks."""
    marks = list(model.mark.values())
    model.add(marks)
    model.atmost(marks, model.n - 4)
    for e, x in model.edge.items():
        vs = [v for v in range(model.n) if e >> v & 1]
        for i, a in enumerate(vs):
            for b in vs[i + 1:]:
                model.add([-x, -model.mark[a], -model.mark[b]])


@claim("004-open-two-rounds-marked", "004 §II.1.3 (question after Thm II.1.13)",
       "Open (class question): on 3-uniform marked hypergraphs with at least one marked vertex, not a "
       "trivial Maker win, with ≥ 4 unmarked vertices, Maker wins iff she can force a fully marked "
       "edge, a nunchaku or a necklace within two rounds (J_2(D_0, H) fails).",
       hunt=HuntSpec(Hypergraphs(sizes=(3,), marked=True, game="maker-breaker", n_min=4),
                     hypothesis=two_round_hypotheses, sat=_two_round_sat),
       default_size=5, slow_size=6, size_name="vertices", tags=("maker-breaker", "rank3", "conjecture"))
def two_rounds_marked(h: Hypergraph):
    from ..claims.paper004 import instance_json, reference_winner
    from ..solvers.rank3.search import Board
    if not two_round_hypotheses(h):
        return None
    res = mb.MakerBreakerGame(h).start_residual()
    crit = Board(res, h.n).decide(max_rounds=2)[0] is not None
    actual = reference_winner(h, mb.MAKER) == mb.MAKER
    if crit != actual:
        return Violation(instance_json(h), {"maker_wins": crit, "by": "two-round criterion"},
                         {"maker_wins": actual})
    return None


# -- 002: the DNG spectrum beyond the recorded witnesses -----------------------------------------

KNOWN_MAX = 7


def _dng_defined(inst) -> bool:
    from ..claims.paper002 import dng_defined
    return dng_defined(inst)


@claim("002-open-dng-nim-beyond-7", "002 §6 Conjecture",
       "Open: the spectrum of DNG nim numbers is all of N (witnesses recorded up to 7). Hunt "
       "predicate: nim(DNG(S, W)) ≤ 7 for S a point set of the integer grid; a counterexample is a "
       "witness for a value ≥ 8.",
       hunt=HuntSpec(PointSets(grid=4), hypothesis=_dng_defined),
       default_size=3, slow_size=4, size_name="points", tags=("conjecture",))
def dng_beyond(inst):
    from ..claims.convex_kit import nim
    v = nim("dng", inst)
    return None if v <= KNOWN_MAX else Violation(inst.to_json(), f"nim ≤ {KNOWN_MAX}", v)


# -- 003 §8: P8 and P9 on a growing box ------------------------------------------------------------

def _jm_md_c(inst) -> dict:
    from ..claims.paper003 import jm_witness
    from ..solvers import hypernim as S
    g, b = inst
    jm = S.mtf_violation(g) is None and jm_witness(g, b) is None
    md = S.md_star_violation(g) is None or S.md_violation_on_box(g, [b] * g.n) is None
    return {"JM": jm, "MD": md, "C": S.chain_violation(g) is None}


def _p_check(premise, conclusion, text):
    def check(inst):
        from ..claims.paper003 import desc
        p = _jm_md_c(inst)
        if premise(p) and not conclusion(p):
            return Violation(dict(desc(inst[0]), box=inst[1]), text, p)
        return None
    return check


_PILES = HuntSpec(PileBoxes(box=4))

claim("003-open-P8-box", "003 §8 (P8)",
      "Open (P8): every JM hypergraph with (C) has (MD). JM and (MD) on the box [0,B]^V (B = 4, "
      "--param box=B grows it); a counterexample on a box is a candidate for P8, to confirm on larger "
      "boxes.", hunt=_PILES, default_size=3, slow_size=4, size_name="piles n",
      tags=("hypernim", "conjecture"))(_p_check(lambda p: p["JM"] and p["C"], lambda p: p["MD"],
                                                "JM and (C) imply (MD)"))
claim("003-open-P9-box", "003 §8 (P9)",
      "Open (P9): every JM hypergraph has (MD) or (C). JM and (MD) on the box [0,B]^V (B = 4, "
      "--param box=B grows it).", hunt=_PILES, default_size=3, slow_size=4, size_name="piles n",
      tags=("hypernim", "conjecture"))(_p_check(lambda p: p["JM"], lambda p: p["MD"] or p["C"],
                                                "JM implies (MD) or (C)"))


# -- 000 §10 question 3: nim-values of ACV(H) and PRV(H) -------------------------------------------

# pairs (nim ACV(H), nim PRV(H)) attained, both games defined (explicit reference): the 13 pairs of
# hypergraphs with ≤ 4 vertices and edges of size ≤ 3, then the 10 new pairs a random hunt found on 5-6
# vertices (`verify hunt 000-open-q3-acv-prv-pairs --source random --n-min 5 --n-max 6 --count 3000
# --stop-after 0`, seed 0): e.g. (0, 3) on edges {1,2}, {1,3,4} plus an isolated vertex.
ACV_PRV_PAIRS = frozenset({(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (1, 3), (2, 0), (2, 1),
                           (2, 2), (3, 0), (3, 2), (3, 3)} |
                          {(0, 3), (1, 4), (2, 3), (2, 4), (3, 1), (4, 0), (4, 1), (4, 2), (4, 3), (5, 0)})


def _acv_prv_defined(h: Hypergraph) -> bool:
    from ..claims.hypergraph_kit import defined
    return defined("acv", h) and defined("prv", h)


@claim("000-open-q3-acv-prv-pairs", "000 §10 Q3",
       "Question 3: the digraphs of ACV(H) and PRV(H) are complementary (Prop 3.10); does this restrict "
       "their nim-values? Hunt predicate: (nim ACV(H), nim PRV(H)) is one of the 23 pairs witnessed so far "
       "(13 on ≤ 4 vertices, 10 more found by a random hunt on 5-6 vertices); a counterexample is a "
       "new pair.",
       hunt=HuntSpec(Hypergraphs(sizes=(1, 2, 3)), hypothesis=_acv_prv_defined),
       default_size=4, slow_size=5, size_name="vertices", tags=("instance:hypergraph", "conjecture"))
def acv_prv_pairs(h: Hypergraph):
    from ..claims.hypergraph_kit import nim
    try:
        pair = (nim("acv", h), nim("prv", h))
    except VerifyError:
        return None
    return None if pair in ACV_PRV_PAIRS else Violation(
        {"hypergraph": [h.names(e) for e in h.edge_masks], "vertices": list(h.vertices)},
        "a pair witnessed so far", list(pair))


# the classical theorems hunted as regressions, and the positional games' bias monotonicity, register
# with the catalogue through this module
from . import positional_conjectures, regressions  # noqa: E402,F401
