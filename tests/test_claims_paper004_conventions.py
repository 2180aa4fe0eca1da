"""The §I.1 claims of paper 004 about the four conventions and biases (verify/claims/paper004_conventions.py):
each holds at a small size, and the checks do see a violation when one is planted."""
from __future__ import annotations

import pytest

from verify.claims import registry
from verify.claims import paper004_conventions as pc
from verify.games.conventions import MAKER_MAKER
from verify.hypergraph import Hypergraph

FAMILY_CLAIMS = {
    "004-prop-I.1.9-strong-implies-weak": 4,
    "004-prop-I.1.11-no-draw": 4,
    "004-prop-I.1.12-initiative-biased": 4,
    "004-prop-I.1.13-bias-monotonicity": 4,
    "004-prop-I.1.14-no-second-player-win": 4,
    "004-prop-I.1.15-not-last": 4,
    "004-prop-I.1.18-enforcer-import": 4,
    "004-prop-I.1.21-pairing": 4,
}
EXAMPLES = (
    "004-prop-I.1.14-second-favoured-bias",
    "004-example-I.1.1.4-path-plus-vertex",
    "004-example-I.1.1.4-avoidance-no-bias-monotonicity",
    "004-example-I.1.1.4-avoider-avoider-three-outcomes",
    "004-example-I.1.17-extra-set-paradox",
    "004-example-I.1.22-extra-set-enlarged",
)


@pytest.mark.parametrize("name,size", sorted(FAMILY_CLAIMS.items()))
def test_family_claim_holds(name, size):
    claim = registry.get_claim(name)
    assert claim.erratum is None
    report = registry.check_claim(claim, size)
    assert report.status == "holds", report.to_json()
    assert report.instances > 20


@pytest.mark.parametrize("name", EXAMPLES)
def test_worked_example_holds(name):
    report = registry.check_claim(registry.get_claim(name))
    assert report.status == "holds", report.to_json()


def test_sources_use_the_thesis_numbering():
    for name in list(FAMILY_CLAIMS) + list(EXAMPLES):
        c = registry.get_claim(name)
        assert c.source.startswith("004 ")
        assert "I.1." in c.name and "I.1." in c.source


def test_i_1_14_needs_p_at_least_q():
    """Prop I.1.14 is stated for p ≥ q; with p < q the second player can win (not a counterexample)."""
    assert pc.winner(pc.TRIANGLE, MAKER_MAKER, (1, 2)) == "second"
    assert pc._check_mm_second(pc.TRIANGLE) is None


def test_checks_catch_a_planted_violation(monkeypatch):
    """Each family check reports a violation when the reference is made to lie."""
    h = Hypergraph([["1", "2"], ["2", "3"]])
    real = pc.winner

    def lying(board, convention, bias=(1, 1), first=None, bob=frozenset()):
        if convention == MAKER_MAKER and bias == (1, 1):
            return "second"
        return real(board, convention, bias, first, bob)
    monkeypatch.setattr(pc, "winner", lying)
    assert pc._check_mm_second(h) is not None


def test_pairing_search():
    assert pc._complete_pairing(Hypergraph([["1", "2", "3"], ["1", "2", "4"]])) is not None
    assert pc._complete_pairing(Hypergraph([["1", "2"], ["2", "3"]])) is None
    assert pc._complete_pairing(Hypergraph([["1"]], vertices=["1", "2"])) is None
