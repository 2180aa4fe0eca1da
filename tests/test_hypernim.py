"""Hypergraph NIM (paper 003): rules, box DP vs explicit recursion, JM formula, compounds,
certificates, CLI and bad input."""
from __future__ import annotations

import json
import subprocess
import sys
from functools import reduce
from itertools import combinations, product

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify.certificates.checker import check_certificate
from verify.cli import EXIT_NOT_APPLICABLE
from verify.errors import CertificateError, InputError, MethodError, TooLarge
from verify.games import hypernim as R
from verify.formats.instances import load_instance
from verify.solvers import hypernim as S
from verify.solvers import solve
from verify.strategies import hypergraphs

EXAMPLES = "examples/hypernim"


def covering(n):
    from verify.claims.paper003 import covering as cov
    return cov(n)


# --- rules ------------------------------------------------------------------------------------

def test_options_follow_the_definition():
    g = R.HyperNim([["a"], ["a", "b"]])
    assert sorted(g.options((2, 1))) == [(0, 0), (0, 1), (1, 0), (1, 1)]
    assert list(g.options((0, 5))) == []
    assert g.is_terminal((0, 5)) and not g.is_terminal((1, 0))
    # every option strictly lowers exactly the piles of one edge
    x = (2, 3)
    for y in g.options(x):
        lowered = {i for i in range(2) if y[i] < x[i]}
        assert all(y[i] <= x[i] for i in range(2))
        assert lowered in ({0}, {0, 1})


def test_height_is_longest_play():
    g = R.moore(3, 2)
    # brute force: longest path in the game graph
    memo = {}

    def longest(x):
        if x not in memo:
            memo[x] = max((1 + longest(y) for y in g.options(x)), default=0)
        return memo[x]
    for x in product(range(3), repeat=3):
        assert g.height(x) == longest(x)


def test_compound_hypergraphs_match_compound_moves():
    """NIM on (4)/(5) has the same options as the literal conjunctive/selective compound."""
    g1, g2 = R.HyperNim([["a"], ["b"], ["a", "b"]]), R.HyperNim([["c", "d"], ["d"]])
    for kind in R.COMPOUNDS:
        cg = R.CompoundGame(kind, [g1, g2])
        H = cg.hypernim()
        for x1 in product(range(3), repeat=2):
            for x2 in product(range(3), repeat=2):
                lit = sorted(R.CompoundGame.flatten(o) for o in cg.options((x1, x2)))
                assert lit == sorted(H.options(x1 + x2))
                assert cg.is_terminal((x1, x2)) == H.is_terminal(x1 + x2)


# --- DP vs explicit ---------------------------------------------------------------------------

@pytest.mark.parametrize("n,b", [(1, 6), (2, 4), (3, 2)])
def test_dp_equals_explicit_on_all_small_hypergraphs(n, b):
    for g in covering(n):
        top = [b] * n
        assert (S.sg_table(g, top) == S.explicit_table(g, top)).all(), g


def test_dp_equals_explicit_four_piles_sample():
    for g in covering(4)[::97]:
        assert (S.sg_table(g, [2, 1, 2, 1]) == S.explicit_table(g, [2, 1, 2, 1])).all(), g


def test_dp_multiword_bitsets():
    """SG values ≥ 64 need a second bitset word."""
    g = R.HyperNim([["a"], ["b"], ["a", "b"]])
    t = S.sg_table(g, [40, 40])
    assert t.max() >= 64
    e = S.explicit_table(g, [40, 40])
    assert (t == e).all()


@st.composite
def games_and_boxes(draw):
    h = draw(hypergraphs(min_vertices=1, max_vertices=5, edge_sizes=(1, 2, 3), max_edges=6))
    if not h.m or reduce(lambda a, b: a | b, h.edge_masks, 0) != h.full_mask:
        singles = [[v] for v in h.vertices if frozenset([v]) not in set(h.edges)]
        h = h.__class__([*map(list, h.edges), *singles], vertices=h.vertices)
    g = R.HyperNim(h)
    top = [draw(st.integers(0, 3 if g.n <= 3 else 2)) for _ in range(g.n)]
    return g, top


@settings(max_examples=40, deadline=None)
@given(games_and_boxes())
def test_dp_equals_explicit_random(gb):
    g, top = gb
    assert (S.sg_table(g, top) == S.explicit_table(g, top)).all()


@settings(max_examples=40, deadline=None)
@given(games_and_boxes())
def test_height_table_equals_recursion(gb):
    g, top = gb
    h = S.height_table(g, top)
    assert all(h[z] == g.height(z) for z in np.ndindex(*h.shape))


# --- known values -----------------------------------------------------------------------------

def test_bouton():
    t = S.sg_table(R.classical_nim(3), [9, 9, 9])
    for z in np.ndindex(*t.shape):
        assert t[z] == z[0] ^ z[1] ^ z[2]


@pytest.mark.parametrize("n,k", [(2, 1), (3, 1), (3, 2), (4, 2), (4, 3)])
def test_moore_p_positions(n, k):
    """Moore (1910): P-positions of NIM_k are those whose binary digit sums are divisible by k+1."""
    t = S.sg_table(R.moore(n, k), [7 if n < 4 else 5] * n)
    for z in np.ndindex(*t.shape):
        p = all(sum(a >> d & 1 for a in z) % (k + 1) == 0 for d in range(3))
        assert (t[z] == 0) == p, z


def test_jenkyns_mayberry_moore_n_minus_1():
    for n, b in ((3, 7), (4, 4)):
        g = R.moore(n, n - 1)
        assert (S.sg_table(g, [b] * n) == S.jm_table(g, [b] * n)).all()


def test_jm_formula_not_for_two_pile_nim():
    """Moore's NIM_1 on 2 piles (= 2-pile NIM) is not JM: SG(1,3) = 2, U(1,3) = h = 4 (003 Thm 3 (P4))."""
    g = R.moore(2, 1)
    assert S.jm_violation_on_box(g, [3, 3]) == (1, 3)
    assert S.jm_value(g, (1, 3)) == 4
    inst = R.Instance(g, (1, 3))
    with pytest.raises(MethodError):
        solve("hypernim", inst, method="formula")


def test_jm_v_and_U_printed_values():
    # paper 003 Ex 1, Ex 2: v(4,2) = 3, v(4,1) = 1, v(8,2) = 4
    assert (S.jm_v(4, 2), S.jm_v(4, 1), S.jm_v(8, 2)) == (3, 1, 4)
    assert S.jm_U(3, 2, 99) == 99 and S.jm_U(4, 2, 99) == 3


# --- formula vs DP where it applies -----------------------------------------------------------

def test_formula_matches_dp_on_jm_plus_graphs():
    for g in covering(4):
        if S.jm_plus_status(g)[0]:
            assert (S.sg_table(g, [4] * 4) == S.jm_table(g, [4] * 4)).all(), g


def test_formula_method_refuses_with_the_hypothesis(tmp_path):
    inst = load_instance("hypernim", f"{EXAMPLES}/nim3.json")
    with pytest.raises(MethodError, match="MTF"):
        solve("hypernim", inst, method="formula")
    inst = load_instance("hypernim", f"{EXAMPLES}/example2-selective.json")
    with pytest.raises(MethodError, match=r"Theorem 2 .*\(C\)"):
        solve("hypernim", inst, method="formula")


def _inst(data, tmp_path, name="i.json"):
    p = tmp_path / name
    p.write_text(json.dumps(data))
    return load_instance("hypernim", p)


C4 = [["1", "2"], ["2", "3"], ["3", "4"], ["4", "1"]]
C4b = [["5", "6"], ["6", "7"], ["7", "8"], ["8", "5"]]


@pytest.mark.parametrize("kind", ["selective", "conjunctive"])
def test_compound_formula_vs_dp_vs_explicit(kind, tmp_path):
    """Thm 1 / Thm 2 through the solver: formula, DP on (4)/(5), explicit on the literal compound."""
    for x1 in [(0, 1, 1, 0), (1, 2, 1, 1), (2, 1, 0, 1)]:
        for x2 in [(1, 1, 1, 1), (0, 2, 1, 0), (2, 2, 1, 1)]:
            data = {"compound": kind, "components": [
                {"hypergraph": C4, "piles": dict(zip("1234", x1))},
                {"hypergraph": C4b, "piles": dict(zip("5678", x2))}]}
            inst = _inst(data, tmp_path)
            vals = {m: solve("hypernim", inst, method=m).sg for m in ("formula", "dp", "explicit")}
            assert len(set(vals.values())) == 1, (x1, x2, vals)


def test_compound_with_nim2_component(tmp_path):
    data = {"compound": "conjunctive", "components": [
        {"hypergraph": [["a"], ["b"]], "piles": {"a": 2, "b": 3}},
        {"hypergraph": C4, "piles": dict(zip("1234", (2, 1, 2, 1)))}]}
    inst = _inst(data, tmp_path)
    assert solve("hypernim", inst, method="formula").sg == solve("hypernim", inst, method="explicit").sg


# --- conditions -------------------------------------------------------------------------------

def test_conditions_on_paper_examples():
    c4 = R.HyperNim(C4)
    assert S.mtf_violation(c4) is None and S.chain_violation(c4) is None
    path = R.HyperNim([["1", "2"], ["2", "3"], ["3", "4"]])
    assert "transversal edge" in S.mtf_violation(path)          # {2,3} is transversal (§2)
    assert S.chain_violation(R.classical_nim(2)) is not None     # (P4)
    assert S.md_star_violation(R.HyperNim([["1", "2"], ["2", "3"], ["3", "4"], ["1", "4", "5"]]))
    assert S.jm_plus_status(c4)[0] is True
    assert S.jm_plus_status(R.moore(3, 2))[0] is False
    assert S.jm_plus_status(R.moore(3, 2), relaxed=True)[0] is True


def test_md_violation_found():
    g = R.HyperNim([["1"], ["2"], ["1", "3"], ["1", "2", "4"]])
    assert S.md_violation_on_box(g, [2, 2, 2, 1]) is not None
    assert S.md_star_violation(g) is None          # paper 003 Lemma 11 erratum
    assert not S.md_holds_at(g, (2, 2, 2, 1))


# --- certificates -----------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["moore3-2.json", "example1-selective.json", "nim3.json"])
def test_certificate_checks_and_tamper_rejected(name):
    inst = load_instance("hypernim", f"{EXAMPLES}/{name}")
    res = solve("hypernim", inst, method="dp", certificate=True)
    rep = check_certificate(res.certificate)
    assert rep.verdict == {"sg": res.sg}
    x = inst.piles
    strides = [int(np.prod([a + 1 for a in x[i + 1:]])) for i in range(len(x))]
    start = sum(a * s for a, s in zip(x, strides))
    bad = json.loads(json.dumps(res.certificate))
    bad["labels"][start] += 1
    with pytest.raises(CertificateError):
        check_certificate(bad)
    bad = json.loads(json.dumps(res.certificate))
    bad["claim"]["verdict"]["sg"] = res.sg + 1
    with pytest.raises(CertificateError):
        check_certificate(bad)
    bad = json.loads(json.dumps(res.certificate))
    bad["labels"][0] = 1                        # the terminal position 0 must be labelled 0
    with pytest.raises(CertificateError):
        check_certificate(bad)
    bad = json.loads(json.dumps(res.certificate))
    bad["instance"]["piles" if "piles" in bad["instance"] else "components"] = {}
    with pytest.raises(CertificateError):
        check_certificate(bad)


def test_every_single_label_tamper_on_reachable_positions_is_caught():
    inst = load_instance("hypernim", f"{EXAMPLES}/nim3.json")
    cert = solve("hypernim", inst, method="explicit", certificate=True).certificate
    for i in range(0, len(cert["labels"]), 7):
        bad = json.loads(json.dumps(cert))
        bad["labels"][i] += 1
        with pytest.raises(CertificateError):
            check_certificate(bad)


# --- CLI and bad input ------------------------------------------------------------------------

def _cli(*args):
    return subprocess.run([sys.executable, "-m", "verify.cli", *args], capture_output=True, text=True)


def test_cli_json_and_certificate(tmp_path):
    r = _cli("solve", "hypernim", f"{EXAMPLES}/example1-conjunctive.json", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["sg"] == 4
    out = tmp_path / "c.json"
    r = _cli("solve", "hypernim", f"{EXAMPLES}/moore3-2.json", "--json", "--method", "formula",
             "--certificate", str(out))
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["sg"] == 1 and d["method"] == "formula" and d["certified"]
    r = _cli("check", str(out))
    assert r.returncode == 0


BAD = [
    ({"hypergraph": [["a"]], "piles": {"a": -1}}, "negative"),
    ({"hypergraph": [["a"]], "piles": {"a": 1.5}}, "non-negative integer"),
    ({"hypergraph": [["a"]], "piles": {"a": True}}, "non-negative integer"),
    ({"hypergraph": [["a"]], "piles": {"a": 1, "b": 2}}, "lie on no edge"),
    ({"hypergraph": [["a", "c"]], "piles": {"a": 1}}, "unknown pile"),
    ({"hypergraph": [], "piles": {}}, "empty hypergraph"),
    ({"hypergraph": [[]], "piles": {}}, "empty set"),
    ({"hypergraph": [["a"], ["a"]], "piles": {"a": 1}}, "duplicate edge"),
    ({"hypergraph": [["a"]]}, "needs both"),
    ({"compound": "disjunctive", "components": []}, "unknown compound"),
    ({"compound": "selective", "components": [{"hypergraph": [["a"]], "piles": {"a": 1}},
                                              {"hypergraph": [["a"]], "piles": {"a": 1}}]}, "share"),
]


@pytest.mark.parametrize("data,msg", BAD)
def test_bad_input_one_line(data, msg, tmp_path):
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(data))
    with pytest.raises(InputError, match=msg):
        load_instance("hypernim", p)
    r = _cli("solve", "hypernim", str(p))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and msg.split()[0] in r.stderr


def test_too_large(tmp_path):
    inst = _inst({"hypergraph": [["a"], ["b"], ["c"]], "piles": {"a": 400, "b": 400, "c": 400}}, tmp_path)
    with pytest.raises(TooLarge, match="64481201 positions"):
        solve("hypernim", inst, method="dp")
    with pytest.raises(TooLarge, match="explicit"):
        solve("hypernim", inst, method="explicit")
    r = _cli("solve", "hypernim", str(tmp_path / "i.json"), "--method", "dp")
    assert r.returncode == EXIT_NOT_APPLICABLE and "64481201" in r.stderr


def test_auto_never_rests_on_an_unproved_statement(tmp_path):
    """On C4 the formula's (MD) comes from the corrected Lemma 11 (checked, not proved): auto keeps to
    dp, and the formula asked for by name says what it rests on, unless its certificate proves it."""
    inst = _inst({"hypergraph": C4, "piles": dict(zip("1234", (30, 31, 32, 33)))}, tmp_path)
    res = solve("hypernim", inst)
    assert res.method == "dp" and res.conditional_on is None
    by_formula = solve("hypernim", inst, method="formula")
    assert by_formula.sg == res.sg == S.jm_value(inst.game, inst.piles)
    assert "Lemma 11" in by_formula.conditional_on and "Lemma 11" in by_formula.to_json()["conditional_on"]
    small = _inst({"hypergraph": C4, "piles": dict(zip("1234", (3, 4, 5, 6)))}, tmp_path)
    assert solve("hypernim", small, method="formula").conditional_on is not None
    assert solve("hypernim", small, method="formula", certificate=True).conditional_on is None
    moore = _inst({"hypergraph": [list(c) for n in (1, 2) for c in combinations("abc", n)],
                   "piles": {"a": 60, "b": 61, "c": 62}}, tmp_path)
    assert S.is_moore_proper(moore.game) and solve("hypernim", moore).method == "formula"
    assert solve("hypernim", moore).conditional_on is None
