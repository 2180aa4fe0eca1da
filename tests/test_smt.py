"""SMT (integer Grundy labelling) routes against the explicit references."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify.encode.sat import nim_graph
from verify.encode.smt import grundy_smt2, nim_smt2
from verify.encode.smt_backends import solve_smt2
from verify.errors import BackendError, InputError
from verify.families import complete, fano
from verify.games.impartial import GAMES
from verify.solvers import solve
from verify.strategies import hypergraphs, impartial_kinds

from nim_agreement import agree as agree_nim
from nim_agreement import exhaustive


def agree(kind, h, certificate=False):
    return agree_nim(kind, h, certificate, method="smt")


def test_exhaustive_small():
    assert {0, 1} <= exhaustive("smt", 3, 3, 2)


@given(hypergraphs(max_vertices=6, edge_sizes=(1, 2, 3), max_edges=6), impartial_kinds)
@settings(max_examples=25)
def test_random_against_explicit(h, kind):
    agree(kind, h)


def test_smtlib_text_is_standard():
    g = nim_graph("acv", fano())
    p = nim_smt2(g)
    assert p.text.startswith("; Grundy labelling") and "(set-logic QF_LIA)" in p.text
    assert p.text.rstrip().endswith("(check-sat)")
    assert p.text.count("(declare-const") == len(g.reps)
    values, _ = solve_smt2(p.text, list(p.names))
    assert values[p.root] == solve("acv", fano(), method="explicit").nim


def test_unsat_and_bad_backend():
    p = grundy_smt2({"a": ["b"], "b": []}, ["a", "b"], "a")
    forced = p.text.replace("(check-sat)", f"(assert (= {p.root} 0))\n(check-sat)")
    assert solve_smt2(forced, list(p.names))[0] is None  # a position with a terminal option is not 0
    with pytest.raises(InputError):
        solve_smt2(p.text, list(p.names), backend="nosuch")
    with pytest.raises(BackendError):
        solve_smt2("(assert (= x", ["x"])


@pytest.fixture(scope="module")
def hn():
    return pytest.importorskip("verify.games.hypernim")


@given(st.sampled_from(["classical", "moore", "uniform", "path"]),
       st.lists(st.integers(0, 3), min_size=3, max_size=3))
@settings(max_examples=20)
def test_hypernim_against_explicit(hn, family, piles):
    if family == "classical":
        game = hn.classical_nim(3)
    elif family == "moore":
        game = hn.moore(3, 2)
    elif family == "uniform":
        game = hn.uniform(3, 2)
    else:
        game = hn.HyperNim([["a", "b"], ["b", "c"], ["a"]])
    inst = hn.Instance(game, tuple(piles))
    want = solve("hypernim", inst, method="explicit").sg
    assert solve("hypernim", inst, method="smt").sg == want


def test_hypernim_compound(hn):
    a, b = hn.moore(2, 2, prefix="a"), hn.classical_nim(2, prefix="b")
    g = hn.compound("selective", a, b)
    inst = hn.Instance(g, (2, 1, 1, 2), "selective", ((a, (2, 1)), (b, (1, 2))))
    assert solve("hypernim", inst, method="smt").sg == solve("hypernim", inst, method="explicit").sg


def test_complete_graphs_symmetry():
    for kind in GAMES:
        res = solve(kind, complete(6, 2), method="smt")
        assert res.stats["orbits"] <= 7
        assert res.nim == solve(kind, complete(6, 2), method="explicit").nim
