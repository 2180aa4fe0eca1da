"""Sieben's ACV/AVD/DST/PRV (paper 000 §3): worked examples, K_n^r values, transversal duality,
and the residual-state solver against the literal position search."""
import pytest
from hypothesis import event, given, reject

from verify.errors import UndefinedGame
from verify.families import complete
from verify.games.impartial import ImpartialGame
from verify.hypergraph import Hypergraph
from verify.solvers import solve
from verify.solvers.explicit import nim_positional, solve_impartial
from verify.strategies import hypergraphs, impartial_kinds

H33 = Hypergraph([["a", "b"], ["b", "c"]])


def nim(kind, h):
    return solve_impartial(kind, h).nim


def test_example_3_3():
    # paper 000 Ex 3.3: nim(ACV) = 0, nim(AVD) = 2 = nim(DST), nim(PRV) = 1
    assert [nim(k, H33) for k in ("acv", "avd", "dst", "prv")] == [0, 2, 2, 1]
    # ... and the games on Tr(H) are the same (Prop 3.6)
    tr = H33.transversal()
    assert nim("acv", tr) == nim("dst", H33) and nim("avd", tr) == nim("prv", H33)


@pytest.mark.parametrize("n", range(1, 7))
def test_complete_uniform_example_3_2(n):
    for r in range(1, n + 1):
        h = complete(n, r)
        assert nim("acv", h) == r % 2
        assert nim("avd", h) == (r - 1) % 2
        assert nim("dst", h) == (n - r + 1) % 2
        assert nim("prv", h) == (n - r) % 2


def test_undefined_games_example_3_9():
    empty = Hypergraph([], vertices=["1", "2"])
    with pytest.raises(UndefinedGame, match="ACV"):
        nim("acv", empty)
    with pytest.raises(UndefinedGame, match="PRV"):
        nim("prv", empty)
    assert nim("avd", empty) == 0 and nim("dst", empty) == 0
    full = Hypergraph([[]], vertices=["1", "2"])
    for kind in ("avd", "dst"):
        with pytest.raises(UndefinedGame):
            nim(kind, full)
    assert nim("acv", full) == 0


@given(hypergraphs(max_vertices=7, edge_sizes=(1, 2, 3, 4), empty_edge=True), impartial_kinds)
def test_residual_solver_matches_literal_positions(h, kind):
    try:
        labels = nim_positional(kind, h)
    except UndefinedGame:
        labels = None
    event("undefined game" if labels is None else "defined game")
    if labels is None:
        with pytest.raises(UndefinedGame):
            nim(kind, h)
    else:
        assert nim(kind, h) == labels[0]


@given(hypergraphs(max_vertices=7, edge_sizes=(1, 2, 3, 4), simple=True))
def test_transversal_duality_prop_3_6(h):
    tr = h.transversal()
    for a, b in (("prv", "avd"), ("dst", "acv")):
        try:
            left = nim(a, h)
        except UndefinedGame:
            with pytest.raises(UndefinedGame):
                nim(b, tr)
            continue
        assert left == nim(b, tr)


@given(hypergraphs(max_vertices=6, edge_sizes=(1, 2, 3)), impartial_kinds)
def test_positions_remark_3_1(h, kind):
    """Every option of a position is a position; every listed position is reachable."""
    try:
        g = ImpartialGame(kind, h)
    except UndefinedGame:
        reject()
    reach = set(nim_positional(kind, h))
    assert all(g.is_position(p) for p in reach)
    assert reach == {p for p in range(1 << h.n) if g.is_position(p)}


def test_registry():
    assert solve("avd", H33).nim == 2
