"""The certificate walk's shortcuts (issue 18, Qubic brief): Y's forced block in proofs and links
through the board's automorphisms shared as ``"maps"``. Each is checked against the walk without
it: same carriers, same verdicts, every certificate accepted by the checker, and tampered shared
maps rejected."""
from __future__ import annotations

import copy

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from verify.certificates import proof
from verify.certificates.checker import check_certificate
from verify.errors import CertificateError
from verify.families import tic_tac_toe
from verify.games.maker_breaker import MakerBreakerGame
from verify.isomorphism import enumerate_hypergraphs
from verify.solvers import solve
from verify.strategies import hypergraphs


def _carriers(cert, monkeypatch, forced: bool):
    """The root carrier of each proven answer of ``cert``, walked with or without the forced rule."""
    g, colour, _, _ = proof.proof_game(cert, _question(cert))
    out = []
    with monkeypatch.context() as m:
        if not forced:
            m.setattr(proof.ProofWalk, "forced_cell", lambda self, *a: 0)
        else:
            m.setattr(proof.ProofWalk, "forced_cell", _counted)
        for attacker, wins, q in proof.answers(cert, g, colour):
            walk = proof.answer_walk(g, attacker, q)
            if wins:
                out.append(walk.prove(*g.start(), 0))
            else:
                walk.refute(*g.start(), 0)
    return out


FIRED = [0]
_forced = proof.ProofWalk.forced_cell


def _counted(self, *a):
    out = _forced(self, *a)
    FIRED[0] += bool(out)
    return out


def _question(cert):
    from verify.question import Question
    return Question.from_json(cert["claim"]["question"])


def _both_ways(game, monkeypatch):
    cert = solve("maker-breaker", game, "search", certificate=True).certificate
    check_certificate(cert)
    assert _carriers(cert, monkeypatch, True) == _carriers(cert, monkeypatch, False)
    return cert


def test_forced_block_keeps_carriers_on_every_small_board(monkeypatch):
    """Every board up to 4 vertices (edges of size 1-3), both starters: the proof walked with Y's
    forced block has the carriers of the walk through the pass state, and checks."""
    count = 0
    FIRED[0] = 0
    for n in range(1, 5):
        for h in enumerate_hypergraphs(n, (1, 2, 3)):
            for first in ("maker", "breaker"):
                _both_ways(MakerBreakerGame(h, first), monkeypatch)
                count += 1
    assert count > 500 and FIRED[0] > 100


@settings(max_examples=60, deadline=None)
@given(hypergraphs(min_vertices=4, max_vertices=10, edge_sizes=(2, 3, 4), max_edges=16, marked=True),
       st.sampled_from(["maker", "breaker"]))
def test_forced_block_keeps_carriers_on_random_boards(h, first):
    assume(h.n - h.marked_mask.bit_count() <= 9)
    with pytest.MonkeyPatch.context() as m:
        _both_ways(MakerBreakerGame(h, first), m)


@pytest.mark.parametrize("first", ["maker", "breaker"])
def test_group_links_share_maps_and_tampering_is_rejected(first, monkeypatch):
    """Tic-tac-toe 4x4: the states the kernel merged by an automorphism are linked through shared
    maps; a link naming no map, or a shared map made the identity, is rejected. (Pairing leaves
    off: with them Breaker's refutation is a handful of pairings and needs no links.)"""
    from verify.solvers.search import leaves as search_leaves
    monkeypatch.setattr(search_leaves, "PAIR_SETS", 0)
    cert = solve("maker-breaker", MakerBreakerGame(tic_tac_toe(4), first), "search", certificate=True).certificate
    check_certificate(cert)
    q = cert["questions"][0]
    assert q.get("maps") and any(e[5].startswith("@") for e in q["links"])
    bad = copy.deepcopy(cert)
    e = next(e for e in bad["questions"][0]["links"] if e[5].startswith("@"))
    e[5] = f"@{len(q['maps'])}"
    with pytest.raises(CertificateError, match="names no map"):
        check_certificate(bad)
    bad = copy.deepcopy(cert)
    bad["questions"][0]["maps"] = [" ".join(f"{a}>{a}" for a in pg_names(m)) for m in q["maps"]]
    with pytest.raises(CertificateError):
        check_certificate(bad)


def pg_names(text):
    return [p.partition(">")[0] for p in text.split()]
