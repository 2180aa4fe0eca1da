"""The explicit Maker-Breaker reference: known results, rules-level properties, and a differential
test of its reductions against the plain minimax."""
import pytest
from hypothesis import assume, given, strategies as st

from verify.families import chain_path, complete, fano, k_in_a_row, tic_tac_toe
from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import Hypergraph
from verify.isomorphism import enumerate_hypergraphs
from verify.solvers import solve
from verify.solvers.explicit import naive_maker_wins, solve_maker_breaker
from verify.strategies import hypergraphs, players


def winner(h, first="maker", breaker=()):
    return solve_maker_breaker(MakerBreakerGame(h, first, frozenset(breaker))).winner


@pytest.mark.parametrize("n, first, expected", [
    (3, "maker", "maker"), (3, "breaker", "breaker"), (4, "maker", "breaker"), (4, "breaker", "breaker")])
def test_tic_tac_toe(n, first, expected):
    assert winner(tic_tac_toe(n), first) == expected


def test_trivial_boards():
    assert winner(Hypergraph([[]], vertices=["a"])) == "maker"            # ∅ ∈ E: Maker has won
    assert winner(Hypergraph([], vertices=["a"])) == "breaker"            # nothing to complete
    assert winner(Hypergraph([["a"]]), "maker") == "maker"
    assert winner(Hypergraph([["a"]]), "breaker") == "breaker"
    assert winner(Hypergraph([["a"], ["b"]]), "breaker") == "maker"
    assert winner(Hypergraph([["a", "b"]], marked=["a"]), "breaker") == "breaker"
    assert winner(Hypergraph([["a", "b"], ["a", "c"]]), "maker") == "maker"   # a P3 (Thm I.1.33)
    assert winner(Hypergraph([["a", "b"], ["c", "d"]]), "maker") == "breaker"
    # Breaker's claimed vertices count: the only edge is dead
    assert winner(Hypergraph([["a", "b"]], vertices=["a", "b", "c"]), "maker", breaker=["b"]) == "breaker"


def test_fano_and_complete():
    assert winner(fano(), "maker") == "maker"
    assert winner(complete(5, 3), "maker") == "maker"     # Maker gets 3 of the 5 vertices
    assert winner(complete(5, 3), "breaker") == "breaker"  # Maker gets only 2
    assert winner(complete(6, 3), "breaker") == "maker"
    assert winner(chain_path(1), "maker") == "breaker"


def test_graphs_theorem_I133_exhaustive():
    """Unbiased Maker-first on a graph: Maker wins iff two edges share a vertex (paper 004 Thm I.1.33)."""
    for n in range(1, 7):
        for g in enumerate_hypergraphs(n, (2,)):
            p3 = any(a & b for i, a in enumerate(g.edge_masks) for b in g.edge_masks[i + 1:])
            assert (winner(g) == "maker") == p3, g


@given(hypergraphs(max_vertices=8, edge_sizes=(1, 2, 3, 4), marked=True, empty_edge=True), players)
def test_explicit_agrees_with_plain_minimax(h, first):
    game = MakerBreakerGame(h, first)
    assert (solve_maker_breaker(game).winner == "maker") == naive_maker_wins(game)


@given(hypergraphs(max_vertices=8, marked=True), players, st.data())
def test_monotonicity(h, first, data):
    """Adding an edge or a Maker mark never turns a Maker win into a Breaker win."""
    assume(winner(h, first) == "maker")
    unmarked = [v for v in h.vertices if v not in h.marked]
    if unmarked:
        v = data.draw(st.sampled_from(unmarked))
        assert winner(h.mark(v), first) == "maker"
    extra = data.draw(st.sets(st.sampled_from(h.vertices), min_size=1, max_size=3))
    mask = h.mask(extra)
    if mask not in h.edge_masks:
        h2 = Hypergraph.from_masks(h.vertices, h.edge_masks + (mask,), h.marked_mask)
        assert winner(h2, first) == "maker"


@given(hypergraphs(max_vertices=8, marked=True))
def test_initiative_principle(h):
    """A win as second player implies a win as first player (paper 004 Prop I.1.12)."""
    if winner(h, "breaker") == "maker":
        assert winner(h, "maker") == "maker"


@given(hypergraphs(min_vertices=1, max_vertices=8, marked=True))
def test_breaker_first_reduction(h):
    """Breaker-first is a Breaker win iff some Breaker deletion y leaves a Maker-first Breaker win."""
    if any(e & ~h.marked_mask == 0 for e in h.edge_masks):
        return  # Maker has already won
    free = [v for v in h.vertices if v not in h.marked]
    expected = any(winner(h.delete(y), "maker") == "breaker" for y in free) if free else True
    assert (winner(h, "breaker") == "breaker") == expected


def test_registry_reaches_explicit():
    r = solve("maker-breaker", MakerBreakerGame(k_in_a_row(4, 4, 3)), method="explicit")
    assert r.winner == "maker" and r.method == "explicit"
