"""The tadpole test (verify.certificates.chains.tadpole, memoised on the component, shared by the
dangers checker and the solver's D1Criterion) against a literal reading of Def I.3.23 on walks,
exhaustively on small 3-uniform boards and by hypothesis beyond, and its call count on the families
that made the old (x, dead) memo exponential."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify.certificates import chains
from verify.certificates.chains import QUICK_TADPOLE_CALLS, OutOfCalls, incidence, tadpole
from verify.families.rank3 import diamond_chain
from verify.isomorphism import enumerate_hypergraphs
from verify.solvers.rank3.dangers import D1Criterion
from verify.solvers.rank3.search import Board


# -- Def I.3.23 read literally ---------------------------------------------------------------------

def _is_chain(a: int, b: int, path: list[int]) -> bool:
    """Def I.3.16: (a, e_1..e_L, b) with 3-edges, linear (|e ∩ f| ≤ 1 for all distinct edges),
    simple (sets two or more apart in the walk disjoint), consecutive sets meeting; L = 0: a = b."""
    if not path:
        return a == b
    walk = [1 << a] + path + [1 << b]
    if len(set(path)) != len(path) or any(e.bit_count() != 3 for e in path):
        return False
    if any((e & f).bit_count() > 1 for i, e in enumerate(path) for f in path[i + 1:]):
        return False
    return all((walk[i] & walk[j]) if j == i + 1 else not (walk[i] & walk[j])
               for i in range(len(walk)) for j in range(i + 1, len(walk)))


def _is_cycle(b: int, cyc: list[int]) -> bool:
    """Def I.3.19: (b, e_1..e_L, b), 3-edges, L ≥ 2, linear if L ≥ 3, |e_1 ∩ e_2| = 2 if L = 2, b
    the only repeated vertex, lying exactly in e_1 and e_L (sets two or more apart in the walk
    disjoint, except {b} between the b's, e_1 and e_L), consecutive sets meeting."""
    n = len(cyc)
    if n < 2 or len(set(cyc)) != n or any(e.bit_count() != 3 for e in cyc):
        return False
    if n == 2:
        return (cyc[0] & cyc[1]).bit_count() == 2 and bool(cyc[0] & cyc[1] & 1 << b)
    if any((e & f).bit_count() > 1 for i, e in enumerate(cyc) for f in cyc[i + 1:]):
        return False
    walk = [1 << b] + cyc + [1 << b]
    ends = {(0, n), (1, n + 1), (1, n), (0, n + 1)}       # where the repeated b may meet itself
    for i in range(len(walk)):
        for j in range(i + 1, len(walk)):
            common = walk[i] & walk[j]
            if j == i + 1:
                if not common:
                    return False
            elif common and not ((i, j) in ends and common == 1 << b):
                return False
    return True


def _bits(m: int) -> list[int]:
    return [v for v in range(m.bit_length()) if m >> v & 1]


def _span(edges) -> int:
    out = 0
    for e in edges:
        out |= e
    return out


def literal_tadpoles(edges: list[int]) -> set[tuple[int, int]]:
    """Every (a, V(T)) with T an a-tadpole of the board (Def I.3.23: (a, e_1..e_s, b) an ab-chain,
    (b, e_{s+1}..e_t, b) a b-cycle, V(P) ∩ V(C) = {b}), by enumerating walks of distinct edges
    (consecutive ones meeting; the first t-1 edges of a tadpole form a chain, pairwise disjoint
    when not consecutive and on 2t-1 vertices, which prunes) and checking each split literally."""
    out = set()
    n = max(e.bit_length() for e in edges) if edges else 0

    def extend(seq):
        t = len(seq)
        if t >= 2:
            for s in range(t - 1):
                chain, cyc = seq[:s], seq[s:]
                heads = chain[-1] & cyc[0] if chain else cyc[0]
                for b in _bits(heads):
                    if not _is_cycle(b, cyc) or (_span(chain) | 1 << b) & _span(cyc) != 1 << b:
                        continue
                    for a in _bits(chain[0]) if chain else [b]:
                        if _is_chain(a, b, chain):
                            out.add((a, _span(seq)))
        if 2 * (t + 1) > n:
            return
        if t >= 2 and any(seq[-1] & e for e in seq[:-2]) or _span(seq).bit_count() != 2 * t + (t > 0):
            return
        for f in edges:
            if f not in seq and (not seq or f & seq[-1]):
                extend(seq + [f])

    extend([])
    return out


def has_literal(found: set, x: int, dead: int) -> bool:
    """Some x-tadpole avoids ``dead`` (a tadpole of H^{-dead} is one of H with no dead vertex)."""
    return any(a == x and not vs & dead for a, vs in found)


def test_literal_reading_on_the_thesis_examples():
    """Notes §7.11: {0,1,2},{2,3,4},{2,3,5} is a 0-tadpole (tail edge and 2-cycle at 2); a diamond
    {0,1,2},{1,3,4},{2,5,4} is a 1-, 2- and 4-cycle but 0 is outer: no 0-tadpole."""
    t = literal_tadpoles([0b111, 0b11100, 0b101100])
    assert (0, 0b111111) in t and has_literal(t, 2, 0) and not has_literal(t, 4, 0)
    d = literal_tadpoles([0b111, 0b11010, 0b110100])
    assert not has_literal(d, 0, 0) and has_literal(d, 1, 0) and has_literal(d, 4, 0)


# -- the kernel's tadpole test and the solver's, against it ------------------------------------------

def _agree(edges: list[int], n: int, deads) -> int:
    """Kernel (one memo for every query on the board) and solver (witness: a tadpole's vertices)
    against the literal reading; returns the number of queries with a tadpole."""
    found = literal_tadpoles(edges)
    inc = incidence(edges, n)
    memo: dict = {}
    crit = D1Criterion(Board(edges, n))
    hits = 0
    for dead in deads:
        for x in range(n):
            if dead >> x & 1:
                continue
            want = has_literal(found, x, dead)
            assert bool(tadpole(x, edges, inc, dead, memo)) == want, (edges, x, dead)
            got = crit.tadpole(x, dead)
            assert bool(got) == want, (edges, x, dead)
            if got:
                assert (x, got) in found and not got & dead, (edges, x, dead, got)
                hits += 1
    return hits


@pytest.fixture(params=["quick", "component"])
def key_mode(request, monkeypatch):
    """Both memo keys of the tadpole test: (x, dead) first as by default, or the component key
    from the first call (QUICK_TADPOLE_CALLS = 0)."""
    if request.param == "component":
        monkeypatch.setattr(chains, "QUICK_TADPOLE_CALLS", 0)
    return request.param


def _deads(n: int, rnd: random.Random, extra: int = 3) -> list[int]:
    pairs = [sum(1 << v for v in rnd.sample(range(n), 2)) for _ in range(extra)]
    return [0] + [1 << v for v in range(n)] + pairs


@pytest.mark.parametrize("n, every", [(4, 1), (5, 1), (6, 24), pytest.param(6, 1, marks=pytest.mark.slow)])
def test_small_3_uniform_boards(n, every, key_mode):
    """Every ``every``-th 3-uniform board on n ≤ 6 vertices (one per isomorphism class; all of
    them with ``-m slow``), every x, with no deletion, each single deletion and a few pairs."""
    rnd = random.Random(n)
    hits = boards = 0
    for i, h in enumerate(enumerate_hypergraphs(n, (3,))):
        if i % every:
            continue
        hits += _agree(list(h.edge_masks), n, _deads(n, rnd, 2))
        boards += 1
    assert hits > 0 and boards >= 5


@pytest.mark.slow
def test_every_7_vertex_3_uniform_board_to_8_edges(key_mode):
    """Every 3-uniform board on 7 vertices with up to 8 edges (the slow certificate sweep's range)."""
    rnd = random.Random(7)
    for h in enumerate_hypergraphs(7, (3,), max_edges=8):
        _agree(list(h.edge_masks), 7, _deads(7, rnd, 2))


@st.composite
def boards(draw):
    n = draw(st.integers(6, 10))
    triples = st.sets(st.integers(0, n - 1), min_size=3, max_size=3).map(lambda s: sum(1 << v for v in s))
    edges = sorted(draw(st.sets(triples, min_size=2, max_size=min(12, 2 * n))))
    dead = draw(st.integers(0, (1 << n) - 1)) & draw(st.integers(0, (1 << n) - 1))
    return edges, n, dead


@pytest.mark.parametrize("quick", [0, None])
def test_random_boards(quick):
    """Hypothesis boards on 6-10 vertices, both memo keys (quick 0: the component key at once)."""
    @settings(max_examples=120, deadline=None)
    @given(boards())
    def check(board):
        edges, n, dead = board
        saved = chains.QUICK_TADPOLE_CALLS
        chains.QUICK_TADPOLE_CALLS = saved if quick is None else quick
        try:
            _agree(edges, n, [0, dead])
        finally:
            chains.QUICK_TADPOLE_CALLS = saved
    check()


# -- growth on the families that defeated the (x, dead) memo -----------------------------------

def diamonds(k: int) -> tuple[list[int], int]:
    h = diamond_chain(k)
    return list(h.edge_masks), h.n


def calls(x: int, edges: list[int], n: int, dead: int = 0) -> tuple[int, int]:
    left = [10 ** 9]
    got = tadpole(x, edges, incidence(edges, n), dead, {}, budget=left)
    return got, 10 ** 9 - left[0]


def test_diamond_chains_take_linearly_many_calls(monkeypatch):
    """The (x, dead) key takes 2^k calls (24,571 at k = 12, 61 vertices); the component key 3k - 2
    (the same component beyond c' whichever of a, b the chain crossed), each costing 1 + |C|/16
    units; the default alternation at most a few times QUICK_TADPOLE_CALLS more."""
    for k in (1, 2):
        edges, nv = diamonds(k)
        assert not has_literal(literal_tadpoles(edges), 0, 0)
    for k in (12, 40):
        edges, nv = diamonds(k)
        got, used = calls(0, edges, nv)
        assert got == 0 and used <= 8 * QUICK_TADPOLE_CALLS, (k, used)
        with pytest.raises(OutOfCalls):
            tadpole(0, edges, incidence(edges, nv), 0, {}, budget=[k])
    monkeypatch.setattr(chains, "QUICK_TADPOLE_CALLS", 0)
    for k in (12, 40, 100):
        edges, nv = diamonds(k)
        got, used = calls(0, edges, nv)
        assert got == 0 and used <= 2 * (3 * k - 2) * (1 + nv // 16), (k, used)   # restarts: 2x
    edges, nv = diamonds(12)                 # a 2-cycle at the last c': a chain crosses every
    c = nv - 1                               # diamond (by a or b), so 0 has a tadpole now
    edges += [1 << c | 1 << nv | 1 << nv + 1, 1 << c | 1 << nv | 1 << nv + 2]
    got, used = calls(0, edges, nv + 3)
    assert got and used <= 2 * (3 * 12 + 2) * (1 + nv // 16)
