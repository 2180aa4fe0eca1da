import pytest
from hypothesis import given

from verify.errors import InputError
from verify.hypergraph import Hypergraph, minimal_masks, minimal_transversal_masks
from verify.strategies import hypergraphs


def fam(h):
    return {frozenset(e) for e in h.edges}


def test_basic_views():
    h = Hypergraph([["a", "b"], ["b", "c", "d"]], vertices=["a", "b", "c", "d", "e"])
    assert h.n == 5 and h.m == 2 and h.rank == 3 and h.anti_rank == 2
    assert not h.is_uniform() and Hypergraph([["a", "b"], ["b", "c"]]).is_uniform(2)
    assert h.degree("b") == 2 and h.degree("e") == 0
    assert h.vertices == ("a", "b", "c", "d", "e")


@pytest.mark.parametrize("edges, vertices, msg", [
    ([["a", "x"]], ["a", "b"], "unknown vertex 'x'"),
    ([["a", "b"], ["b", "a"]], None, "duplicate edge"),
    ([["a"]], ["a", "a"], "listed twice"),
    ([["a b"]], None, "not a printable token"),
])
def test_validation(edges, vertices, msg):
    with pytest.raises(InputError, match=msg):
        Hypergraph(edges, vertices=vertices)


def test_transversal_examples_paper000():
    # Ex 2.2: Tr({{1},{1,2},{3}}) = {{1,3}}, Tr(Tr) = {{1},{3}}
    h = Hypergraph([["1"], ["1", "2"], ["3"]])
    assert fam(h.transversal()) == {frozenset({"1", "3"})}
    assert fam(h.transversal().transversal()) == {frozenset({"1"}), frozenset({"3"})}
    # Ex 2.3: the triangle is self-transversal
    t = Hypergraph([["1", "2"], ["1", "3"], ["2", "3"]])
    assert fam(t.transversal()) == fam(t)
    # Ex 2.4: Tr(∅) = {∅}, Tr({∅}) = ∅
    assert minimal_transversal_masks([]) == [0]
    assert minimal_transversal_masks([0]) == []


def test_complete_transversal_paper000_ex25():
    from verify.families import complete
    for n in range(1, 7):
        for r in range(1, n + 1):
            tr = complete(n, r).transversal()
            assert tr.is_uniform(n - r + 1) and tr.m == len(list(complete(n, n - r + 1).edges))


@given(hypergraphs(max_vertices=7, edge_sizes=(1, 2, 3, 4)))
def test_transversal_is_involution_on_simple(h):
    s = h.minimal()
    assert set(s.transversal().transversal().edge_masks) == set(s.edge_masks)


@given(hypergraphs(max_vertices=7, edge_sizes=(1, 2, 3, 4)))
def test_transversals_hit_every_edge_minimally(h):
    for t in h.transversal().edge_masks:
        assert all(t & e for e in h.edge_masks)
        for i in range(h.n):
            if t >> i & 1:
                assert not all((t & ~(1 << i)) & e for e in h.edge_masks)


def test_minimal_keeps_only_inclusion_minimal():
    assert minimal_masks([0b11, 0b1, 0b110, 0b111]) == [0b1, 0b110]


def test_mark_and_delete_follow_notation_I142():
    h = Hypergraph([["a", "b", "c"], ["c", "d"], ["d", "e"]])
    hm = h.mark("c")
    assert hm.marked == {"c"} and hm.edges == h.edges
    hd = hm.delete("d")
    assert fam(hd) == {frozenset("abc")} and "d" not in hd.vertices and hd.marked == {"c"}
    with pytest.raises(InputError):
        hm.delete("c")
    with pytest.raises(InputError):
        hm.mark("c")


def test_restrict():
    h = Hypergraph([["a", "b"], ["b", "c"]])
    r = h.restrict(["a", "b"])
    assert r.vertices == ("a", "b") and fam(r) == {frozenset("ab")}


def test_is_isomorphic_ignores_names_and_respects_marks():
    from verify.isomorphism import is_isomorphic
    a = Hypergraph([["a", "b"], ["b", "c"]], marked=["a"])
    assert is_isomorphic(a, Hypergraph([["y", "x"], ["z", "y"]], marked=["z"]))
    assert not is_isomorphic(a, Hypergraph([["y", "x"], ["z", "y"]], marked=["y"]))
    assert not is_isomorphic(a, Hypergraph([["a", "b"], ["c", "d"]], marked=["a"]))


@pytest.mark.parametrize("masks, marked", [([0b1000], 0), ([0b011, -1], 0), ([0b011], 0b1000)])
def test_from_masks_refuses_bits_past_the_vertex_list(masks, marked):
    with pytest.raises(ValueError, match="past the vertex list"):
        Hypergraph.from_masks(["a", "b", "c"], masks, marked)
    assert Hypergraph.from_masks(["a", "b", "c"], [0b111, 0b011]).m == 2
