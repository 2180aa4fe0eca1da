"""Chains, nunchakus and necklaces (paper 004 §I.3) by SAT, against a brute-force enumeration of
walks checked literally against the definitions (Defs I.3.1, I.3.8, I.3.12, I.3.16, I.3.19, I.3.21),
and against the combinatorial chain algorithm of verify.solvers.rank3 when it is available."""
from __future__ import annotations

import copy
from itertools import combinations

import pytest
from hypothesis import given, settings

from verify.certificates.checker import check_certificate
from verify.errors import CertificateError, InputError
from verify.families import chain_cycle, chain_path
from verify.hypergraph import Hypergraph
from verify.solvers.sat import find_structure
from verify.strategies import hypergraphs


# -- the definitions, literally ---------------------------------------------------------------------

def is_chain(a: int, seq: list[int], b: int) -> bool:
    """Def I.3.16: (a, e_1..e_L, b) with |e_i| = 3, pairwise distinct, a walk (consecutive sets
    meet), simple (sets two or more apart are disjoint) and linear (edges meet in <= 1 vertex)."""
    if not seq:
        return a == b
    U = [a, *seq, b]
    return (all(e.bit_count() == 3 for e in seq) and len(set(seq)) == len(seq)
            and all(U[i] & U[i + 1] for i in range(len(U) - 1))
            and all(not U[i] & U[j] for i in range(len(U)) for j in range(i + 2, len(U)))
            and all((e & f).bit_count() <= 1 for e, f in combinations(seq, 2)))


def is_cycle(a: int, seq: list[int]) -> bool:
    """Def I.3.19: (a, e_1..e_L, a), |e_i| = 3, L >= 2, a walk; linear if L >= 3, |e_1 ∩ e_2| = 2 if
    L = 2; a is the only repeated vertex (sets two or more apart meet only in a) and a lies exactly
    in e_1 and e_L."""
    L = len(seq)
    if L < 2 or len(set(seq)) != L or any(e.bit_count() != 3 for e in seq):
        return False
    U = [a, *seq, a]
    if not all(U[i] & U[i + 1] for i in range(len(U) - 1)):
        return False
    if L >= 3 and any((e & f).bit_count() > 1 for e, f in combinations(seq, 2)):
        return False
    if L == 2 and (seq[0] & seq[1]).bit_count() != 2:
        return False
    if any(U[i] & U[j] & ~a for i in range(len(U)) for j in range(i + 2, len(U))):
        return False
    return all(not seq[i] & a for i in range(1, L - 1))


def vertex_set(seq) -> int:
    out = 0
    for e in seq:
        out |= e
    return out


def walks(edges: list[int], a: int, max_len: int):
    """Every sequence of distinct 3-edges starting with an edge through a, pruned only by
    'consecutive edges meet' (a property of every prefix of a chain or cycle walk)."""
    threes = [e for e in edges if e.bit_count() == 3]

    def ext(seq):
        yield seq
        if len(seq) == max_len:
            return
        for f in threes:
            if f not in seq and f & seq[-1]:
                yield from ext(seq + [f])

    for e in threes:
        if e & a:
            yield from ext([e])


def brute(h: Hypergraph, kind: str, a: str, b: str | None = None) -> bool:
    A = 1 << h.index(a)
    B = 1 << h.index(b) if b is not None else A
    M = h.marked_mask
    if kind == "chain" and A == B:
        return True
    for seq in walks(list(h.edge_masks), A, len(h.edge_masks)):
        if kind == "chain" and is_chain(A, seq, B):
            return True
        if kind == "nunchaku" and is_chain(A, seq, B) and vertex_set(seq) & M == A | B and A != B:
            return True
        if kind == "necklace" and is_cycle(A, seq) and vertex_set(seq) & M == A:
            return True
    return False


def assert_witness(h, kind, a, b, witness):
    A = 1 << h.index(a)
    B = 1 << h.index(b) if b is not None else A
    seq = [h.mask(e) for e in witness]
    if kind == "necklace":
        assert is_cycle(A, seq) and vertex_set(seq) & h.marked_mask == A
    else:
        assert is_chain(A, seq, B)
        if kind == "nunchaku":
            assert seq and vertex_set(seq) & h.marked_mask == A | B


def compare_all(h: Hypergraph) -> dict:
    counts = {}
    vs = h.vertices
    for kind in ("chain", "nunchaku", "necklace"):
        for a in vs:
            for b in ([None] if kind == "necklace" else vs):
                want = brute(h, kind, a, b)
                got = find_structure(h, kind, a, b)
                assert got.exists == want, (kind, a, b, h)
                if got.exists:
                    assert_witness(h, kind, a, b, got.witness)
                counts[(kind, want)] = counts.get((kind, want), 0) + 1
    return counts


# -- tests ------------------------------------------------------------------------------------------

def test_fixed_examples():
    p = chain_path(3)  # {1,2,3},{3,4,5},{5,6,7}
    assert find_structure(p, "chain", "1", "7").witness == [["1", "2", "3"], ["3", "4", "5"], ["5", "6", "7"]]
    assert find_structure(p, "chain", "1", "3").witness == [["1", "2", "3"]]  # not induced: {3,4,5} unused
    assert not find_structure(Hypergraph([[1, 2, 3], [2, 3, 4]]), "chain", "1", "4").exists  # not linear
    assert find_structure(p.mark("1", "7"), "nunchaku", "1", "7").exists
    assert not find_structure(p.mark("1", "7", "4"), "nunchaku", "1", "7").exists
    assert not find_structure(p, "nunchaku", "1", "7").exists  # endpoints unmarked
    c = chain_cycle(4)
    assert find_structure(c.mark("1"), "necklace", "1").exists
    assert not find_structure(c.mark("2"), "necklace", "2").exists  # 2 is an outer vertex
    two = Hypergraph([["x", "u", "v"], ["x", "u", "w"]], marked=["x"])  # length-2 cycle
    assert find_structure(two, "necklace", "x").exists
    assert not find_structure(Hypergraph([["x", "u", "v"], ["x", "u", "w"]], marked=["v"]),
                              "necklace", "v").exists
    # three edges through one vertex do not form a cycle
    star = Hypergraph([["x", "1", "2"], ["x", "3", "4"], ["x", "5", "6"]], marked=["x"])
    assert not find_structure(star, "necklace", "x").exists


def test_non_transitivity():
    """Fig I.13 phenomenon: an ab-chain and a bc-chain whose union has no ac-chain."""
    h = Hypergraph([["a", "1", "b"], ["b", "2", "3"], ["3", "1", "c"]])
    assert find_structure(h, "chain", "a", "b").exists and find_structure(h, "chain", "b", "c").exists
    assert find_structure(h, "chain", "a", "c").exists == brute(h, "chain", "a", "c")


def _exhaustive(max_n: int, max_edges: int):
    from verify.isomorphism import enumerate_hypergraphs
    total = {}
    for n in range(3, max_n + 1):
        for h in enumerate_hypergraphs(n, edge_sizes=(3,), max_edges=max_edges):
            for marked in ({0}, {0, n - 1}):
                hm = Hypergraph.from_masks(h.vertices, h.edge_masks, sum(1 << i for i in marked))
                for k, v in compare_all(hm).items():
                    total[k] = total.get(k, 0) + v
    for kind in ("chain", "nunchaku", "necklace"):
        assert total.get((kind, True), 0) > 5 and total.get((kind, False), 0) > 5, total


def test_exhaustive_small_3_uniform():
    """All 3-uniform hypergraphs on <= 6 vertices with <= 3 edges, two markings each, all (a, b)."""
    _exhaustive(6, 3)


@pytest.mark.slow
def test_exhaustive_3_uniform_slow():
    _exhaustive(7, 5)


@given(hypergraphs(min_vertices=4, max_vertices=9, edge_sizes=(2, 3), max_edges=9, marked=True))
@settings(max_examples=25)
def test_random_rank3_against_definitions(h):
    compare_all(h)


def test_refutations_are_certified():
    p = chain_path(3).mark("1", "7", "4")
    res = find_structure(p, "nunchaku", "1", "7", certificate=True)
    assert not res.exists and res.certificate["claim"]["verdict"] == {"refutes": "no-nunchaku", "a": "1", "b": "7"}
    check_certificate(res.certificate)
    bad = copy.deepcopy(res.certificate)
    bad["instance"]["marked"] = ["1", "7"]  # now a nunchaku exists: the formula no longer matches
    with pytest.raises(CertificateError):
        check_certificate(bad)
    res = find_structure(chain_cycle(5).mark("2"), "necklace", "2", certificate=True)
    assert not res.exists
    check_certificate(res.certificate)
    h = Hypergraph([["a", "1", "b"], ["b", "2", "3"], ["3", "1", "c"], ["c", "4", "5"]])
    res = find_structure(h, "chain", "a", "5", certificate=True)
    if not res.exists:
        check_certificate(res.certificate)


def test_bad_input():
    p = chain_path(2)
    with pytest.raises(InputError):
        find_structure(p, "chain", "1", "zz")
    with pytest.raises(InputError):
        find_structure(p, "chain", "1")
    with pytest.raises(InputError):
        find_structure(p, "lasso", "1", "2")


def _compute_cc():
    try:
        from verify.certificates.chains import compute_cc, incidence
    except ImportError:
        return None
    return compute_cc, incidence


@pytest.mark.skipif(_compute_cc() is None, reason="verify.certificates.chains (COMPUTECC) not available")
@given(hypergraphs(min_vertices=3, max_vertices=10, edge_sizes=(2, 3), max_edges=10))
@settings(max_examples=25)
def test_against_rank3_computecc(h):
    """Differential test against COMPUTECC (verify.certificates.chains): CC(a) is the set of b
    with an ab-chain; an a-cycle exists iff CC(a) reaches the copy a'' of a in H with every edge
    e through a duplicated as (e - a) + a'' (the construction of verify.solvers.rank3.leaf)."""
    compute_cc, incidence = _compute_cc()
    edges = [e for e in h.edge_masks if e.bit_count() == 3]
    inc = incidence(edges, h.n)
    for ai, a in enumerate(h.vertices):
        cc = compute_cc(ai, edges, inc)
        for bi, b in enumerate(h.vertices):
            assert bool(cc >> bi & 1) == find_structure(h, "chain", a, b).exists, (a, b, h)
        copies = [(e & ~(1 << ai)) | (1 << h.n) for e in edges if e >> ai & 1]
        cyc = bool(compute_cc(ai, edges, inc, 0, copies) >> h.n & 1)
        only_a = type(h).from_masks(h.vertices, h.edge_masks, 1 << ai)
        assert cyc == find_structure(only_a, "necklace", a).exists, (a, h)
