"""Paper 003 claim catalogue: every claim at its default size, errata reproduced, hypotheses enforced."""
from __future__ import annotations

import time

import pytest

from verify.claims import paper003 as P
from verify.claims.registry import all_claims, check_claim, get_claim
from verify.errors import NotApplicable
from verify.games import hypernim as R

CLAIMS = [c for c in all_claims() if c.source.startswith("003")]


def test_catalogue_is_registered():
    names = {c.name for c in CLAIMS}
    for n in ("003-thm1", "003-thm2", "003-thm3", "003-lemma4", "003-jm-moore", "003-ex1", "003-open-P8"):
        assert n in names
    for c in CLAIMS:
        if c.corrects:
            assert get_claim(c.corrects).erratum, c.name


def test_all_claims_at_default_size_fast_and_as_recorded():
    t0 = time.perf_counter()
    for c in CLAIMS:
        r = check_claim(c)
        assert r.status != "error", (c.name, r.error)
        if c.erratum:
            assert r.status == "counterexample", c.name      # the printed statement stays refuted
        else:
            assert r.status == "holds", (c.name, r.counterexample)
        assert r.instances > 0 or "open" in c.name, c.name
    assert time.perf_counter() - t0 < 30       # < 15 s on an idle machine


def test_lemma11_counterexample_is_the_smallest():
    r = check_claim(get_claim("003-lemma11"))
    assert r.counterexample["instance"]["hypergraph"] == [["1"], ["2"], ["1", "3"], ["1", "2", "4"]]


def test_moore_erratum_is_two_piles():
    r = check_claim(get_claim("003-jm-moore"))
    assert r.counterexample["instance"]["piles"] == {"1": 1, "2": 3}


def test_claims_refuse_outside_hypotheses():
    with pytest.raises(NotApplicable, match="JM\\+"):
        get_claim("003-jmplus-is-jm").check((R.moore(3, 2), (1, 1, 1)))
    with pytest.raises(NotApplicable, match="MTF"):
        get_claim("003-lemma4").check((R.classical_nim(3), (1, 1, 1)))
    with pytest.raises(NotApplicable, match="Moore"):
        get_claim("003-jm-moore").check((R.classical_nim(3), (1, 1, 1)))
    with pytest.raises(NotApplicable, match="transversal free"):
        get_claim("003-lemma5").check((R.HyperNim([["a"]]), R.HyperNim([["b"]]), (1,), (1,)))


def test_claim_checker_can_fail():
    """A wrong formula is caught: the check compares against the explicit reference."""
    g = R.moore(3, 2)
    assert get_claim("003-jm-moore").check((g, (4, 4, 5))) is None
    bouton = get_claim("003-bouton")
    assert bouton.check((R.classical_nim(2), (1, 2))) is None
    orig = P.sg
    try:
        P.sg = lambda g, x: 99
        assert bouton.check((R.classical_nim(2), (1, 2))) is not None
    finally:
        P.sg = orig


@pytest.mark.slow
@pytest.mark.parametrize("name", [c.name for c in CLAIMS if c.slow_size])
def test_claims_slow_size(name):
    c = get_claim(name)
    r = check_claim(c, c.slow_size)
    assert r.status == ("counterexample" if c.erratum else "holds"), r.to_json()
