"""The claim machinery can fail: a deliberately false claim is reported with its smallest counterexample;
and paper 000's errata stay found."""
from __future__ import annotations

import json

import pytest

from verify.certificates.checker import check_certificate
from verify.claims import registry
from verify.claims.hypergraph_kit import game_claim, simple_family, structure_classes, tr_brute
from verify.claims.paper000 import H_k
from verify.cli import main
from verify.errors import InputError
from verify.hypergraph import Hypergraph, minimal_transversal_masks
from verify.isomorphism import enumerate_hypergraphs


@pytest.fixture
def scratch_registry(monkeypatch):
    monkeypatch.setattr(registry, "_CLAIMS", dict(registry._CLAIMS))
    return registry


def test_false_claim_gives_smallest_counterexample(scratch_registry, capsys):
    # "nim(ACV(H)) = 0 for every simple H": false; the smallest counterexample is one vertex, one edge {1}
    c = game_claim("test-false-acv-zero", "test", "nim(ACV(H)) = 0", "acv", lambda h: 0, simple_family())
    report = registry.check_claim(c, 4)
    assert report.status == "counterexample"
    cx = report.counterexample
    assert cx["instance"] == {"vertices": ["1"], "edges": [["1"]]}
    assert cx["expected"] == {"nim(ACV)": 0} and cx["actual"] == {"nim(ACV)": 1}
    rep = check_certificate(cx["certificate"])
    assert (rep.question.game, rep.verdict) == ("acv", {"nim": 1})
    # through the CLI: an unexpected counterexample exits 1
    assert main(["theorems", "check", "test-false-acv-zero", "--max-n", "3", "--json"]) == 1
    row = json.loads(capsys.readouterr().out)
    assert row["status"] == "counterexample" and row["expected"] is False


def test_false_claim_restricted_by_hypothesis(scratch_registry):
    # "nim(AVD(H)) <= 1 when H has at most two edges": false, first on 3 vertices ({ab, bc}: value 2)
    from verify.claims.hypergraph_kit import nim
    c = game_claim("test-false-avd-small", "test", "nim(AVD(H)) <= 1", "avd",
                   lambda h: min(nim("avd", h), 1), simple_family(), hyp=lambda h: h.m <= 2,
                   hyp_text="H has at most two edges")
    assert registry.check_claim(c, 2).status == "holds"
    r = registry.check_claim(c, 4)
    assert r.status == "counterexample"
    inst = r.counterexample["instance"]  # a path of two 2-edges on 3 vertices, in some labelling
    assert len(inst["vertices"]) == 3 and sorted(map(len, inst["edges"])) == [2, 2]
    assert len(set(inst["edges"][0]) & set(inst["edges"][1])) == 1
    with pytest.raises(InputError, match="at most two edges"):
        c.check(Hypergraph([["1"], ["2"], ["3"]]))


def test_erratum_claims_have_corrections():
    for name in ("000-prop-3.14", "000-prop-7.6"):
        c = registry.get_claim(name)
        assert c.erratum
        fixes = [d for d in registry.all_claims() if d.corrects == name]
        assert fixes and all(registry.check_claim(d).status == "holds" for d in fixes)


def test_hypothesis_refused_with_its_name():
    c = registry.get_claim("000-prop-7.4")
    with pytest.raises(InputError, match="pairwise disjoint"):
        c.check(Hypergraph([["1", "2"]], vertices=["1", "2", "3"]))
    c = registry.get_claim("000-prop-3.6-dst")
    with pytest.raises(InputError, match="DST"):
        c.check(Hypergraph.from_masks(["1"], [0]))


def test_brute_force_facts_agree_with_core():
    """The catalogue's brute-force Tr agrees with Berge's method in core (n <= 5, all simple H)."""
    for n in range(6):
        for h in enumerate_hypergraphs(n, tuple(range(1, n + 1)), simple=True):
            assert tr_brute(h.edge_masks, h.full_mask) == set(minimal_transversal_masks(h.edge_masks))


def test_structure_classes_from_definitions_match_diagram():
    from verify.structure import StructureDiagram
    for n in range(5):
        for h in enumerate_hypergraphs(n, tuple(range(1, n + 1)), simple=True):
            for kind in ("acv", "avd"):
                if kind == "acv" and not h.m:
                    continue
                _, classes, opts = structure_classes(kind, h)
                d = StructureDiagram(kind, h)
                by_closure = {c.closure: c for c in d.classes}
                assert set(classes) <= set(by_closure)
                for i, js in opts.items():
                    assert {d.classes[j].closure for j in by_closure[i].options} == js


def test_spectrum_construction_sizes():
    assert [H_k(k).n for k in range(6)] == [0, 1, 3, 4, 9, 10]
