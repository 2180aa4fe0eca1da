"""The rest of paper 004 §I.1 as claims (verify/claims/paper004_principles.py): each holds at a small
size, the conditions they test are met by some small board (the checks are not vacuous), and the
checks see a violation when the reference is made to lie."""
from __future__ import annotations

import pytest

from verify.claims import paper004_principles as pp
from verify.claims import registry
from verify.claims.paper004_conventions import all_small
from verify.games.conventions import MAKER_BREAKER
from verify.hypergraph import Hypergraph

FAMILY_CLAIMS = {
    "004-prop-I.1.16-domination": 4,
    "004-prop-I.1.17-local-win": 4,
    "004-prop-I.1.22-neutral-operations": 5,
    "004-prop-I.1.25-q-pairing": 4,
    "004-prop-I.1.26-byskov-reduction": 5,
    "004-prop-I.1.27-uniform-reduction": 4,
    "004-prop-I.1.28-maker-breaker-principles": 4,
    "004-thm-I.1.30-erdos-selfridge-biased": 4,
    "004-thm-I.1.31-beck-maker": 4,
    "004-thm-I.1.33-graphs": 5,
    "004-remark-I.1.1.5-graphs-p3": 5,
    "004-prop-I.1.35-shrinking": 4,
    "004-prop-I.1.36-graph-shrink": 4,
    "004-prop-I.1.37-q-pairing-graph": 4,
}


@pytest.mark.parametrize("name,size", sorted(FAMILY_CLAIMS.items()))
def test_family_claim_holds(name, size):
    claim = registry.get_claim(name)
    assert claim.erratum is None and claim.source.startswith("004 ")
    report = registry.check_claim(claim, size)
    assert report.status == "holds", report.to_json()
    assert report.instances >= 10


@pytest.mark.parametrize("name", ["004-example-I.1.9-tic-tac-toe", "004-prop-I.1.22-needs-unbiased",
                                  "004-example-I.1.1.4-avoider-avoider-no-rule"])
def test_worked_example(name):
    report = registry.check_claim(registry.get_claim(name))
    assert report.status == "holds", report.to_json()


def test_conditions_are_met_on_small_boards():
    """Each sufficient condition holds on some small board with edges (no claim checks nothing)."""
    boards = [h for h in all_small(4) if h.m]
    assert any(pp.erdos_selfridge(h, 2, 1) for h in boards)
    assert any(pp.beck_maker(h, 1, 1) and min(e.bit_count() for e in h.edge_masks) >= 2 for h in boards)
    assert any(pp.complete_q_pairing(h, 2) and not pp.complete_q_pairing(h, 1) for h in boards)
    assert any(pp.min_graph_degree(h) == 2 for h in boards)
    h = Hypergraph([["1", "2"], ["1", "3"]], vertices=["1", "2", "3", "4"])
    assert pp.domination_holds(h.edge_masks, h.mask(["4"]), h.mask(["1"]))


def test_erdos_selfridge_is_exact():
    """(1+q)^(-|e|/p) can equal 1/(1+q) exactly: the strict inequality then fails."""
    edge = Hypergraph([["1", "2"]])
    assert pp.erdos_selfridge(edge, 2, 1) is False          # 2^-1 = 1/2
    assert pp.erdos_selfridge(edge, 1, 1) is True           # 1/4 < 1/2
    assert pp.erdos_selfridge(Hypergraph([["1", "2", "3", "4"]]), 4, 3) is False   # 4^-1 = 1/4
    assert pp.erdos_selfridge(Hypergraph([["1", "2", "3"]]), 2, 1) is True         # 2^-1.5 < 1/2


def test_constructions():
    h = Hypergraph([["1", "2"], ["2", "3", "4"]])
    u = pp.uniformised(h)
    assert u.is_uniform(3) and u.n == 6 and u.m == 3
    b = pp.byskov(Hypergraph([["1"]]))
    assert sorted(map(sorted, b.edges)) == [["1", "x"], ["x", "y"]]
    assert pp.small_graph_components(Hypergraph([["1", "2", "3"]]), 1) is not None
    assert pp.complete_q_pairing(Hypergraph([["1", "2"], ["2", "3"]]), 1) is None
    assert pp.complete_q_pairing(Hypergraph([["1", "2"], ["2", "3"]]), 2) is not None


def test_checks_catch_a_planted_violation(monkeypatch):
    """When the reference lies (Breaker always wins the biased game), the checks that rely on it fail."""
    real = pp.winner

    def lying(board, convention, bias=(1, 1), first=None, bob=frozenset()):
        if convention == MAKER_BREAKER and bias != (1, 1):
            return "breaker"
        return real(board, convention, bias, first, bob)
    monkeypatch.setattr(pp, "winner", lying)
    g = Hypergraph([["1", "2"]])
    assert pp._check_graphs(g) is not None                  # Theorem I.1.33: Maker wins at 2:1
    assert pp._check_beck_maker(Hypergraph([["1"]])) is not None
