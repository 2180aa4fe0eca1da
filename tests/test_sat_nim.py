"""Grundy labellings by SAT (methods acv/avd/dst/prv 'sat') against the explicit reference."""
from __future__ import annotations

import pytest
from hypothesis import given, reject, settings

from verify.encode.sat import nim_cnf, nim_graph
from verify.errors import InputError, TooLarge, UndefinedGame
from verify.families import complete, fano, tic_tac_toe
from verify.games.impartial import GAMES
from verify.solvers import solve
from verify.solvers.explicit import nim_positional
from verify.strategies import hypergraphs, impartial_kinds

from nim_agreement import agree, exhaustive


def test_exhaustive_small():
    assert {0, 1, 2} <= exhaustive("sat", 4, 4, 3)


@given(hypergraphs(max_vertices=7, edge_sizes=(1, 2, 3, 4), max_edges=7), impartial_kinds)
@settings(max_examples=60)
def test_random_against_explicit(h, kind):
    agree(kind, h, certificate=True)


@pytest.mark.parametrize("kind", GAMES)
def test_symmetry_reduction_is_exact(kind):
    """Labels found on orbits equal the literal labelling of every position."""
    for h in (complete(5, 2), fano(), tic_tac_toe(3)):
        g = nim_graph(kind, h)
        g0 = nim_graph(kind, h, symmetry=False)
        assert len(g.reps) < len(g0.reps)
        res = solve(kind, h, method="sat", certificate=True)
        labels = {h.mask(p): v for p, v in res.certificate["labels"]}
        assert labels == nim_positional(kind, h)
        assert len(nim_cnf(g).clauses) < len(nim_cnf(g0).clauses)


def test_unsat_when_root_label_forced_wrong():
    """The labelling CNF has exactly the true value at the root: forcing another is UNSAT."""
    from verify.encode.sat_backends import solve_cnf
    h = complete(4, 2)
    g = nim_graph("acv", h)
    cnf = nim_cnf(g)
    true = solve("acv", h, method="explicit").nim
    for (_, r, k), x in ((lab, x) for x, lab in cnf.labels.items()):
        if r == 0:
            run = solve_cnf(cnf.nvars, cnf.clauses + [(x,)])
            assert run.sat == (k == true)


def test_too_large():
    with pytest.raises(TooLarge):
        solve("acv", complete(23, 2), method="sat", states="literal")


@given(hypergraphs(max_vertices=8, edge_sizes=(1, 2, 3, 4), max_edges=8), impartial_kinds)
@settings(max_examples=40)
def test_residual_states_route(h, kind):
    """The labelling on residual states gives the explicit value, for SAT and SMT."""
    try:
        want = solve(kind, h, method="explicit").nim
    except UndefinedGame:
        reject()
    for method in ("sat", "smt"):
        res = solve(kind, h, method=method, states="residual")
        assert res.nim == want and res.stats["states"] == "residual"


def test_beyond_literal_limit():
    from verify.families import random_rank
    h = random_rank(24, 16, 3, seed=5)
    for kind in ("acv", "prv"):
        res = solve(kind, h, method="sat")
        assert res.stats["states"] == "residual"
        assert res.nim == solve(kind, h, method="explicit").nim
    with pytest.raises(TooLarge):
        solve("acv", h, method="sat", certificate=True)
    with pytest.raises(InputError):
        solve("acv", tic_tac_toe(3), method="sat", states="residual", certificate=True)
