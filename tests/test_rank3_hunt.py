"""Regressions from hunting the rank-3 route on unseen boards (bench/hunt_rank3.py): each board
here made the route slow, wrong or uncertified before its fix; judged by the explicit reference."""
from __future__ import annotations

import copy

import pytest

from verify.certificates.checker import check_certificate
from verify.errors import CertificateError
from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import Hypergraph
from verify.solvers.explicit import solve_maker_breaker
from verify.solvers.rank3 import certify
from verify.solvers.rank3.solver import DEFAULT


def board(edges) -> Hypergraph:
    """The board on vertices 0..n-1 in order (the route's choices follow vertex order)."""
    split = [e.split() for e in edges]
    n = 1 + max(int(v) for e in split for v in e)
    return Hypergraph(split, vertices=[str(i) for i in range(n)])


# Breaker first, Maker wins, and her Maker-first win is a cut-vertex split (a sub-board): before,
# no composite certificate applied and the strategy table was refused beyond 50,000 positions
# (every random 3-uniform board of 40 vertices at m = n/2 in the hunt)
SPLIT_WINS = [["1 2 4", "3 4", "3 4 5", "3 6", "4 6", "2 7", "0 5 7", "6 7", "1 7 8"],
              ["0 1 3", "0 2 3", "2 4", "1 6", "3 7", "0 5 8", "1 2 9"],
              ["1 3", "2 3 5", "0 2 7", "3 7", "4 7", "2 8", "0 3 8", "2 6 9"]]
RANDOM40 = ["5 6 9", "6 9 19", "1 12 19", "4 15 20", "0 5 25", "2 24 26", "5 20 28", "4 21 30", "14 23 30",
            "19 25 30", "26 28 30", "8 18 32", "20 29 32", "16 31 32", "3 10 33", "16 28 33", "9 15 34",
            "0 3 35", "6 22 35", "13 30 35", "12 14 36", "4 17 36", "11 28 36", "7 19 37", "13 22 37",
            "16 34 38", "6 8 39", "20 27 39", "21 31 39"]


@pytest.mark.parametrize("edges", SPLIT_WINS, ids=range(len(SPLIT_WINS)))
def test_breaker_first_maker_win_by_a_split_is_certified(edges, monkeypatch):
    monkeypatch.setattr(certify, "SMALL", 0)
    game = MakerBreakerGame(board(edges), "breaker")
    cert = certify.certificate(game, DEFAULT)
    assert cert["kind"] == "maker-breaker-rounds"
    assert cert["tree"]["otherwise"]["certificate"]["kind"] == "maker-breaker-sub"
    assert check_certificate(cert).verdict["winner"] == solve_maker_breaker(game).winner == "maker"


def test_a_sub_board_leaf_covers_only_replies_outside_it(monkeypatch):
    """The 'otherwise' sub-board stands for replies outside its vertices only: an unlisted reply
    inside them is refused, so is a sub-board claiming fewer vertices than its edges use."""
    monkeypatch.setattr(certify, "SMALL", 0)
    cert = certify.certificate(MakerBreakerGame(board(SPLIT_WINS[0]), "breaker"), DEFAULT)
    replies = cert["tree"]["replies"]
    dropped = copy.deepcopy(cert)
    del dropped["tree"]["replies"][next(iter(replies))]
    with pytest.raises(CertificateError, match="does not list"):
        check_certificate(dropped)
    fewer = copy.deepcopy(cert)
    sub = fewer["tree"]["otherwise"]["certificate"]
    sub["vertices"] = [v for v in sub["vertices"] if v not in replies][:1] or sub["vertices"][:1]
    with pytest.raises(CertificateError):
        check_certificate(fewer)


def test_a_random_board_of_40_vertices_is_certified_breaker_first():
    game = MakerBreakerGame(board(RANDOM40), "breaker")
    cert = certify.certificate(game, DEFAULT)
    assert cert["kind"] == "maker-breaker-rounds"
    assert check_certificate(cert).verdict["winner"] == "maker"


def test_the_last_round_tests_cycles_lazily_on_the_van_der_waerden_board():
    """3-APs in {1..60}, Breaker first (a Maker win): the last round's candidates are tried in
    order and a cycle is searched for only at the move about to be tried (and a 2-cycle is seen
    without a search). Before, every live vertex was tested at every node: 2.1 s here, 10 s at
    n = 100 (the 10 s target)."""
    from verify.families.classical import arithmetic_progressions
    from verify.solvers.rank3.solver import decide
    h = arithmetic_progressions(60, 3)
    d = decide(MakerBreakerGame(h, "breaker").start_residual(), h.n, "breaker", DEFAULT)
    assert d.winner == solve_maker_breaker_by_search(h) == "maker"
    assert len(d.default.board.cycle_memo) <= 5


def solve_maker_breaker_by_search(h: Hypergraph) -> str:
    from verify.solvers import solve
    return solve("maker-breaker", MakerBreakerGame(h, "breaker"), method="search").winner


def test_components_are_linear_on_a_dense_board():
    """The residual's components grow the largest group in place: 9,900 edges (3-APs in
    {1..200}) in well under a second (the copies of the growing group made it quadratic), and
    the partition is the one a union-find gives."""
    import random
    import time

    from verify.families.classical import arithmetic_progressions
    from verify.solvers.rank3.solver import components
    res = MakerBreakerGame(arithmetic_progressions(200, 3)).start_residual()
    t0 = time.process_time()
    assert len(components(res)) == 1
    assert time.process_time() - t0 < 1.0
    rng = random.Random(5)
    for _ in range(200):
        n = rng.randrange(3, 30)
        fam = frozenset(sum(1 << v for v in rng.sample(range(n), rng.choice([2, 3])))
                        for _ in range(rng.randrange(1, 25)))
        parent = list(range(n))

        def find(x):
            while parent[x] != x:
                x = parent[x]
            return x
        for e in fam:
            vs = [v for v in range(n) if e >> v & 1]
            for v in vs[1:]:
                parent[find(v)] = find(vs[0])
        want = {}
        for e in fam:
            want.setdefault(find((e & -e).bit_length() - 1), set()).add(e)
        assert sorted(map(sorted, components(fam))) == sorted(map(sorted, want.values()))


def _pendant_by_definition(res):
    """The smallest edge group hanging at a cut vertex, one search per vertex (the rule of
    verify.solvers.rank3.split.pendant written out)."""
    from verify.solvers.rank3.split import _groups_without
    edges = list(res)
    inc: dict = {}
    for i, e in enumerate(edges):
        for v in range(e.bit_length()):
            if e >> v & 1:
                inc.setdefault(v, []).append(i)
    best = None
    for v in sorted(inc, key=lambda u: min(inc[u])):
        if len(inc[v]) < 2:
            continue
        groups = _groups_without(v, edges, inc)
        if len(groups) >= 2 and (best is None or min(map(len, groups)) < best[1]):
            best = (v, min(map(len, groups)))
    return best


def test_cut_vertices_from_one_search():
    """The cut vertex with the smallest hanging group is found by one depth-first search (low
    points): the same size as the search per vertex on random connected boards, and a path of
    2,000 edges in well under a second (one search per vertex made the peeling of a 200-vertex
    glued board cost 6 s of its 11)."""
    import random
    import time

    from verify.solvers.rank3.solver import components
    from verify.solvers.rank3.split import pendant
    rng = random.Random(11)
    for _ in range(1500):
        n = rng.randrange(3, 20)
        res = frozenset(sum(1 << v for v in rng.sample(range(n), rng.choice([2, 3, 3])))
                        for _ in range(rng.randrange(1, 20)))
        if len(components(res)) > 1:
            continue
        got, want = pendant(res), _pendant_by_definition(res)
        assert (got is None) == (want is None)
        if got is not None:
            assert min(len(got[1]), len(got[2])) >= 1 and len(got[1]) == want[1]
            span_a = span_b = 0
            for e in got[1]:
                span_a |= e
            for e in got[2]:
                span_b |= e
            assert span_a & span_b == 1 << got[0]
    # blocks of two edges {c_i, p_i, c_i+1}, {c_i, q_i, c_i+1} in a path: no group of one edge
    path = frozenset(1 << 3 * i | 1 << 3 * i + k | 1 << 3 * i + 3 for i in range(1000) for k in (1, 2))
    t0 = time.process_time()
    assert len(pendant(path)[1]) == 2
    assert time.process_time() - t0 < 1.0


def _pairs_broken() -> Hypergraph:
    """rank3-pairs 50 50 0 with two edges holding no pair (the pairing is gone; Maker wins first)."""
    from verify.families.rank3 import pairing_board
    h = pairing_board(50, 50, 0)
    edges = [h.names(e) for e in h.edge_masks] + [["b12", "x0", "x9"], ["a8", "a45", "x19"]]
    return Hypergraph(edges, vertices=list(h.vertices))


def test_leaves_at_the_move_are_seen_without_computecc(monkeypatch):
    """A leaf made by Maker's move x on the edges at x (another mark on an edge through x, or two
    edges through x sharing a second vertex) is taken without COMPUTECC and the chain search: the
    broken pairing board of 150 vertices, Maker first, in about 2,500 COMPUTECC calls (6,500
    before), and every leaf returned is a structure by the checker's definitions."""
    from verify.certificates import chains
    from verify.certificates.rank3 import _chain
    from verify.solvers.rank3 import leaf as leaf_module
    from verify.solvers.rank3.solver import decide
    calls = [0]
    real = chains.compute_cc

    def counted(*args, **kw):
        calls[0] += 1
        return real(*args, **kw)
    monkeypatch.setattr(leaf_module, "compute_cc", counted)
    h = _pairs_broken()
    d = decide(MakerBreakerGame(h).start_residual(), h.n, "maker", DEFAULT)
    assert d.winner == "maker"
    assert calls[0] < 4000
    import random
    rng = random.Random(2)
    for _ in range(300):
        n = rng.randrange(5, 12)
        edges = sorted({sum(1 << v for v in rng.sample(range(n), 3)) for _ in range(rng.randrange(2, 12))})
        inc = [[i for i, e in enumerate(edges) if e >> v & 1] for v in range(n + 1)]
        x = rng.randrange(n)
        marked = (1 << x) | sum(1 << v for v in rng.sample(range(n), rng.randrange(0, 3)))
        if leaf_module.find_leaf(edges, inc, marked & ~(1 << x), 0, n):
            continue
        got = leaf_module.leaf_at(x, edges, inc, marked, 0, n)
        if got is None:
            assert not leaf_module.leaf_at(x, edges, inc, marked, 0, n, witness=False)
            continue
        es = list(got.edges)
        span = 0
        for e in es:
            span |= e
        if got.kind == "edge":
            assert es[0] & marked == es[0]
        elif got.kind == "nunchaku":
            a, b = (1 << v for v in got.ends)
            assert _chain(es, a, b, False) and span & marked == a | b
        else:
            assert got.kind == "necklace" and _chain(es, 1 << x, 1 << x, True) and span & marked == 1 << x


def test_a_union_won_in_one_component_is_certified_by_that_component():
    """66 disjoint triangles of 2-edges (198 vertices): Maker first wins in one triangle, Breaker
    first she wins in whichever triangle he leaves. Before, the triangle's decision (explicit, too
    small for the criterion) had no composite form and the strategy table of the whole union was
    written: 49 MB in 15 s at 60 triangles, refused beyond. Now a sub-board (the triangle), and
    Breaker first one reply per vertex of it with the sub-board for every other reply."""
    import json

    from verify.solvers.rank3 import structural_outcome
    edges = [[f"{t}{k}", f"{u}{k}"] for k in range(66) for t, u in ("ab", "bc", "ac")]
    h = Hypergraph(edges)
    for first, kind in (("maker", "maker-breaker-sub"), ("breaker", "maker-breaker-rounds")):
        out = structural_outcome(MakerBreakerGame(h, first), certificate=True)
        assert out.certificate["kind"] == kind and len(json.dumps(out.certificate)) < 100_000
        assert check_certificate(out.certificate).verdict["winner"] == "maker"
    small = Hypergraph(edges[:6])
    for first in ("maker", "breaker"):
        game = MakerBreakerGame(small, first)
        assert check_certificate(certify.certificate(game, DEFAULT, small=0)).verdict["winner"] \
            == solve_maker_breaker(game).winner
