"""Chains, cycles, nunchakus and necklaces (paper 004 §I.3.2) and COMPUTECC (§III.1.2.1)."""
from __future__ import annotations

import random
from itertools import combinations

import pytest

from verify.certificates.chains import compute_cc, find_chain, incidence, is_chain
from verify.solvers.rank3.leaf import find_leaf, forcing_move, leaf_at

from verify.solvers.rank3.brute import chain_cc, cycles_at, has_leaf

V = {c: i for i, c in enumerate("xabcdefghijklmnopq")}


def E(*words):
    """Edges from words: E("xab", "bcd") = [{x,a,b}, {b,c,d}]."""
    return [sum(1 << V[c] for c in w) for w in words]


def cc(start, edges, dead=""):
    n = len(V)
    return {c for c in V if compute_cc(V[start], edges, incidence(edges, n),
                                       sum(1 << V[d] for d in dead)) >> V[c] & 1}


def test_add_other_correction_keeps_outside_vertex():
    # the printed ADD_OTHER loses c: CC(x) must contain c via the chain (x, {x,a,c}, c)
    assert cc("x", E("xab", "xac")) == {"x", "a", "b", "c"}
    assert chain_cc(V["x"], E("xab", "xac")) >> V["c"] & 1      # the definition agrees


def test_two_shared_vertices_is_not_a_chain():
    # consecutive edges meet, but in two vertices: no chain from x to d
    edges = E("xab", "abd")
    assert "d" not in cc("x", edges)
    assert not chain_cc(V["x"], edges) >> V["d"] & 1


def test_chain_reachability_is_not_transitive():
    # x-a chain and a-c chain exist, no x-c chain (the edges share {a, p})
    edges = E("xap", "apc")
    assert "a" in cc("x", edges) and "c" in cc("a", edges)
    assert "c" not in cc("x", edges)


def test_non_simple_walk_is_not_a_chain():
    # (x, {x,a,b}, {b,c,d}, {d,a,e}, e): consecutive edges meet once, but {x,a,b} and {d,a,e}
    # (not consecutive) share a, so the walk is not simple; the shortcut through a is a chain
    assert not is_chain(V["x"], V["e"], E("xab", "bcd", "dae"))
    assert is_chain(V["x"], V["e"], E("xab", "dae"))
    assert "e" in cc("x", E("xab", "bcd", "dae"))
    # with the shortcut meeting {x,a,b} twice ({a,b,e}), no x-e chain remains via that edge
    edges = E("xab", "bcd", "cde", "abe")
    assert not is_chain(V["x"], V["e"], E("xab", "abe"))
    assert cc("x", edges) == {c for c in V if chain_cc(V["x"], edges) >> V[c] & 1}


def test_deleted_vertices_cut_chains():
    edges = E("xab", "bcd", "def")
    assert "f" in cc("x", edges)
    assert "f" not in cc("x", edges, dead="c")


def test_find_chain_is_a_chain_and_none_when_unreachable():
    edges = E("xab", "bcd", "def", "abf")
    inc = incidence(edges, len(V))
    path = find_chain(V["x"], V["f"], edges, inc)
    assert path is not None and is_chain(V["x"], V["f"], path)
    assert find_chain(V["x"], V["q"], edges, inc) is None


@pytest.mark.parametrize("seed", range(4))
def test_compute_cc_matches_exhaustive_chain_search(seed):
    rnd = random.Random(seed)
    for _ in range(150):
        n = rnd.randint(3, 8)
        triples = [sum(1 << i for i in c) for c in combinations(range(n), 3)]
        edges = rnd.sample(triples, rnd.randint(1, min(len(triples), 11)))
        inc = incidence(edges, n)
        dead = 1 << rnd.randrange(n) if rnd.random() < 0.3 else 0
        for a in range(n):
            if dead >> a & 1:
                continue
            got = compute_cc(a, edges, inc, dead)
            assert got == chain_cc(a, edges, dead), (edges, a, dead)
            for b in range(n):
                if b != a and got >> b & 1:
                    assert is_chain(a, b, find_chain(a, b, edges, inc, dead))


# -- leaves: fully marked edges, nunchakus, necklaces ----------------------------------------------

def marks(s):
    return sum(1 << V[c] for c in s)


def leaf(edges, marked):
    return find_leaf(edges, incidence(edges, len(V)), marks(marked), 0, len(V))


def test_nunchaku_and_its_forcing_move():
    edges = E("xab", "bcd", "def")          # x-f chain of length 3
    w = leaf(edges, "xf")
    assert w.kind == "nunchaku" and set(w.ends) == {V["x"], V["f"]} and len(w.edges) == 3
    assert forcing_move(w, marks("xf")) in (V["b"], V["d"])


def test_chain_with_third_mark_still_contains_a_nunchaku():
    w = leaf(E("xab", "bcd", "def"), "xcf")
    assert w.kind == "nunchaku" and len(w.edges) <= 2


def test_marked_ends_joined_only_through_a_double_intersection_is_no_leaf():
    assert leaf(E("xap", "apc"), "xc") is None


def test_fully_marked_edge():
    assert leaf(E("xab", "bcd"), "xab").kind == "edge"


def test_necklaces_of_length_two_and_three():
    w2 = leaf(E("xab", "xac"), "x")
    assert w2.kind == "necklace" and len(w2.edges) == 2 and forcing_move(w2, marks("x")) == V["a"]
    w3 = leaf(E("xab", "bcd", "dex"), "x")
    assert w3.kind == "necklace" and len(w3.edges) == 3


def test_cycle_marked_only_on_an_outer_vertex_is_not_a_necklace():
    # the x-cycle {x,a,b},{b,c,d},{d,e,x}: a is an outer vertex (degree 1)
    assert leaf(E("xab", "bcd", "dex"), "a") is None
    # and a 2-cycle {x,u,v},{x,u,w} is not a v-cycle
    assert leaf(E("xab", "xac"), "b") is None


def test_three_edges_through_one_vertex_are_no_cycle():
    assert leaf(E("xab", "xcd", "xef"), "x") is None
    assert cycles_at(V["x"], E("xab", "xcd", "xef")) == []


def test_leaf_at_only_needs_the_new_mark():
    edges = E("xab", "bcd", "def")
    inc = incidence(edges, len(V))
    assert leaf_at(V["x"], edges, inc, marks("xf"), 0, len(V)).kind == "nunchaku"
    assert leaf_at(V["x"], edges, inc, marks("xf"), marks("c"), len(V)) is None


@pytest.mark.parametrize("seed", range(3))
def test_leaf_test_matches_exhaustive_structures(seed):
    rnd = random.Random(100 + seed)
    for _ in range(200):
        n = rnd.randint(3, 8)
        triples = [sum(1 << i for i in c) for c in combinations(range(n), 3)]
        edges = rnd.sample(triples, rnd.randint(1, min(len(triples), 9)))
        marked = sum(1 << i for i in rnd.sample(range(n), rnd.randint(0, 3)))
        got = find_leaf(edges, incidence(edges, n + 1), marked, 0, n)
        want = has_leaf(edges, marked)
        assert (got is None) == (want is None), (edges, marked, got, want)
        if got is not None and got.kind == "nunchaku":
            vs = got.vertices
            assert vs & marked == sum(1 << u for u in got.ends)
            assert is_chain(got.ends[0], got.ends[1], list(got.edges))


# -- the linear fast path (breadth-first search) ----------------------------------------------------

def _random_linear(rnd, n, m):
    edges = []
    for _ in range(20 * m):
        e = sum(1 << i for i in rnd.sample(range(n), 3))
        if all((e & f).bit_count() <= 1 for f in edges):
            edges.append(e)
            if len(edges) == m:
                break
    return edges


@pytest.mark.parametrize("seed", range(3))
def test_linear_fast_path_matches_computecc_and_exhaustive_search(seed):
    from verify.solvers.rank3 import linear as lin
    rnd = random.Random(500 + seed)
    for _ in range(150):
        n = rnd.randint(5, 12)
        edges = _random_linear(rnd, n, rnd.randint(1, 8))
        assert lin.is_linear(edges)
        inc = incidence(edges, n + 1)
        dead = 1 << rnd.randrange(n) if rnd.random() < 0.3 else 0
        marked = sum(1 << i for i in rnd.sample(range(n), rnd.randint(0, 3))) & ~dead
        for a in range(n):
            if dead >> a & 1:
                continue
            got = lin.component(a, edges, inc, dead)
            assert got == compute_cc(a, edges, inc, dead) == chain_cc(a, edges, dead) | (1 << a)
            for b in bits_of(got & ~(1 << a)):
                assert is_chain(a, b, lin.chain(a, b, edges, inc, dead))
            cyc = lin.cycle(a, edges, inc, dead)
            assert (cyc is not None) == bool(cycles_at(a, edges, dead)), (edges, a, dead)
            if cyc is not None:
                assert sorted(cyc) in [sorted(c) for c in cycles_at(a, edges, dead)]
        got = find_leaf(edges, inc, marked, dead, n, linear=True)
        want = has_leaf(edges, marked, dead)
        assert (got is None) == (want is None), (edges, marked, dead, got, want)


def bits_of(mask):
    return [i for i in range(mask.bit_length()) if mask >> i & 1]
