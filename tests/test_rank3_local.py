"""Breaker's local strategies on parts cut along edges with a private vertex
(verify.solvers.rank3.local), against the explicit reference, with the parts decided by the
criterion itself (``structural_only``: no explicit fallback)."""
from __future__ import annotations

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from verify.families.rank3 import gadget_ring
from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import Hypergraph
from verify.solvers.explicit import solve_maker_breaker
from verify.solvers.rank3 import solve_structural, structural_outcome
from verify.solvers.rank3.local import blocks_and_soft, soft_parts
from verify.solvers.rank3.solver import Rank3Options, local_decision, maker_first
from verify.strategies import players

FORCED = Rank3Options(structural_only=True, pairing=True)


@st.composite
def blocks_with_soft_edges(draw, max_block: int = 4, max_blocks: int = 3):
    """2-3 random rank-3 blocks on disjoint vertices, joined by 1-3 edges {u, v, c} with u and v in
    different blocks and c a new vertex (the soft edges the rule cuts along)."""
    nblocks = draw(st.integers(2, max_blocks))
    edges, spans, nv = [], [], 0
    for _ in range(nblocks):
        size = draw(st.integers(2, max_block))
        vs = list(range(nv, nv + size))
        nv += size
        spans.append(vs)
        for _ in range(draw(st.integers(1, 4))):
            k = draw(st.sampled_from([3, 3, 2] if size >= 3 else [2]))
            pick = draw(st.lists(st.sampled_from(vs), min_size=k, max_size=k, unique=True))
            edges.append(sum(1 << v for v in pick))
    for _ in range(draw(st.integers(1, 3))):
        i, j = draw(st.lists(st.integers(0, nblocks - 1), min_size=2, max_size=2, unique=True))
        u, v = draw(st.sampled_from(spans[i])), draw(st.sampled_from(spans[j]))
        edges.append((1 << u) | (1 << v) | (1 << nv))
        nv += 1
    return Hypergraph.from_masks([str(i) for i in range(nv)], sorted(set(edges)))


def _start(h):
    res = frozenset(MakerBreakerGame(h).start_residual())
    assume(all(e.bit_count() >= 2 for e in res))
    return res


@settings(max_examples=150, deadline=None)
@given(blocks_with_soft_edges())
def test_local_rule_is_sound(h):
    """Whenever the rule (parts decided by the criterion, never the reference) certifies a Breaker
    win, the reference agrees, Maker first and Breaker first."""
    res = _start(h)
    d = local_decision(res, h.n, FORCED)
    event("no certificate" if d is None else f"local: {len(d.parts)} parts")
    if d is not None:
        assert all(p.how != "explicit" for _, p in d.parts)
        for first in ("maker", "breaker"):
            assert solve_maker_breaker(MakerBreakerGame(h, first)).winner == "breaker", first


@settings(max_examples=100, deadline=None)
@given(blocks_with_soft_edges())
def test_parts_are_disjoint_and_hold_a_projection_of_every_edge(h):
    res = _start(h)
    fams = soft_parts(res, lambda fam: True)
    assume(fams is not None)
    spans = []
    for fam in fams:
        span = 0
        for e in fam:
            span |= e
        spans.append(span)
    for i in range(len(spans)):
        for j in range(i + 1, len(spans)):
            assert not spans[i] & spans[j]
    for e in res:
        assert sum(1 for fam in fams if any(p & e == p and p.bit_count() >= 2 for p in fam)) >= 1
    event(f"{len(fams)} parts")


@settings(max_examples=80, deadline=None)
@given(blocks_with_soft_edges(), players)
def test_solver_with_the_local_rule_agrees_with_the_reference(h, first):
    _start(h)
    game = MakerBreakerGame(h, first)
    got = structural_outcome(game, structural_only=True)
    event(f"{first} first: {got.stats['decided_by']}")
    assert got.winner == solve_maker_breaker(game).winner


def test_soft_edges_and_blocks_of_a_ring():
    h = gadget_ring(3)
    block, soft, hard = blocks_and_soft(frozenset(h.edge_masks))
    assert len(soft) == 3 and len(hard) == 12
    assert len({block[v] for v in range(21)}) == 3       # the gadgets


def test_ring_of_two_agrees_with_the_reference_and_the_criterion():
    h = gadget_ring(2)
    for first in ("maker", "breaker"):
        game = MakerBreakerGame(h, first)
        want = solve_maker_breaker(game).winner
        assert want == "breaker"
        assert structural_outcome(game, structural_only=True, pairing=False).winner == want
        assert structural_outcome(game, structural_only=True).winner == want


@pytest.mark.parametrize("k", [3, 6, 12, 25])
def test_rings_are_local_breaker_wins(k):
    """Rings of k no-pairing gadgets (8k vertices; the reference gives Breaker for k <= 3, and the
    criterion alone for k = 3 below) are cut into their k gadgets, each a Breaker win."""
    h = gadget_ring(k)
    for first in ("maker", "breaker"):
        out = solve_structural(MakerBreakerGame(h, first))
        assert out.winner == "breaker"
    d = maker_first(frozenset(h.edge_masks), h.n)
    assert d.how == "local" and len(d.parts) == k


def test_ring_of_three_by_the_criterion_alone():
    game = MakerBreakerGame(gadget_ring(3), "maker")
    assert structural_outcome(game, pairing=False).winner == "breaker"


def test_a_part_maker_wins_blocks_the_certificate():
    """Two blocks, each a Maker win once one soft edge hangs on it, joined by two soft edges:
    a block {a, b, d}, {a, b, e} is a Maker win (Maker takes a), so no cut is certified."""
    h = Hypergraph([["a", "b", "d"], ["a", "b", "e"], ["p", "q", "r"], ["a", "p", "c1"], ["b", "q", "c2"]])
    res = frozenset(MakerBreakerGame(h).start_residual())
    assert local_decision(res, h.n, FORCED) is None
    assert solve_structural(MakerBreakerGame(h)).winner == solve_maker_breaker(MakerBreakerGame(h)).winner


def test_witness_names_the_parts_and_their_edges():
    out = solve_structural(MakerBreakerGame(gadget_ring(2)))
    parts = out.strategy["local_parts"]
    assert len(parts) == 2
    assert all(len(p["edges"]) == 5 and p["winner"] == "breaker" for p in parts.values())
    assert sorted(len(e) for p in parts.values() for e in p["edges"]) == [2, 2] + [3] * 8
