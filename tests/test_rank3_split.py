"""Boards glued at one vertex decided from their parts (verify.solvers.rank3.split), and the
pairing(+core) certificate, against the explicit reference."""
from __future__ import annotations

from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import Hypergraph
from verify.solvers.explicit import solve_maker_breaker
from verify.solvers.rank3 import solve_structural
from verify.solvers.rank3.pairing import is_pairing, pairing_with_core
from verify.solvers.rank3.solver import DEFAULT, breaker_certificate, split_decision
from verify.strategies import players


@st.composite
def glued_boards(draw, max_part: int = 6):
    """Two random rank-3 parts sharing exactly one vertex (vertex 0), 3-edges and a few 2-edges."""
    def part(offset: int, size: int):
        count = draw(st.integers(1, 5))
        edges = []
        for _ in range(count):
            k = draw(st.sampled_from([3, 3, 3, 2]))
            vs = draw(st.lists(st.integers(0, size - 1), min_size=k, max_size=k, unique=True))
            edges.append(sum(1 << (0 if v == 0 else v + offset) for v in vs))
        return edges
    na = draw(st.integers(3, max_part))
    nb = draw(st.integers(3, max_part))
    a = part(0, na)
    b = part(na - 1, nb)
    n = na + nb - 1
    assume(any(e & 1 for e in a) and any(e & 1 for e in b))
    return Hypergraph.from_masks([str(i) for i in range(n)], sorted(set(a + b)))


@settings(max_examples=120, deadline=None)
@given(glued_boards(), players)
def test_glued_boards_agree_with_the_reference(h, first):
    game = MakerBreakerGame(h, first)
    want = solve_maker_breaker(game).winner
    got = solve_structural(game)
    event(f"{first} first: {got.stats['decided_by']}")
    assert got.winner == want


@settings(max_examples=120, deadline=None)
@given(glued_boards())
def test_split_rule_is_sound(h):
    game = MakerBreakerGame(h)
    res = game.start_residual()
    assume(all(e.bit_count() >= 2 for e in res))
    d = split_decision(frozenset(res), h.n, DEFAULT)
    event("undecided" if d is None else f"split: {d.winner}")
    if d is not None:
        assert d.winner == solve_maker_breaker(game).winner


@settings(max_examples=80, deadline=None)
@given(glued_boards(max_part=7))
def test_pairing_with_core_certifies_only_breaker_wins(h):
    res = MakerBreakerGame(h).start_residual()
    found = pairing_with_core(res, 24)
    assume(found is not None)
    pairs, core = found
    assert all(not p & core for p in pairs)
    outside = [e for e in res if e & ~core]
    assert is_pairing(outside, pairs)
    event("pairing" if not core else "pairing + core")
    cert = breaker_certificate(frozenset(res), h.n, DEFAULT)
    if cert is not None:
        assert solve_maker_breaker(MakerBreakerGame(h)).winner == "breaker"


def test_cli_witnesses_for_split_and_pairing(tmp_path, capsys):
    import json

    from verify.certificates.checker import check_certificate
    from verify.cli import main
    gadgets, tree = tmp_path / "g.txt", tmp_path / "t.txt"
    assert main(["family", "rank3-gadgets", "41", "3", "1", "-o", str(gadgets)]) == 0
    assert main(["family", "rank3-tree", "31", "2", "-o", str(tree)]) == 0
    capsys.readouterr()
    assert main(["rank3", str(gadgets), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["winner"] == "breaker" and out["witness"]["decided_by"] == "split"
    assert main(["rank3", str(gadgets), "--first", "breaker"]) == 0
    assert "breaker wins" in capsys.readouterr().out
    cert = tmp_path / "pairs.json"
    assert main(["rank3", str(tree), "--certificate", str(cert)]) == 0
    assert "pair" in capsys.readouterr().out
    report = check_certificate(json.loads(cert.read_text()))
    assert (report.verdict, report.question.first) == ({"winner": "breaker"}, "maker")


def test_sparse_families_agree_with_the_reference_both_orders():
    from verify.families.rank3 import sparse_extra, sparse_gadgets
    hows = set()
    for n in (13, 15, 17):
        for s in range(3):
            for h in (sparse_extra(n, 2, s), sparse_extra(n, 3, s), sparse_gadgets(15, 1, s)):
                for first in ("maker", "breaker"):
                    got = solve_structural(MakerBreakerGame(h, first))
                    assert got.winner == solve_maker_breaker(MakerBreakerGame(h, first)).winner
                    hows.add(got.stats["decided_by"])
    assert "split" in hows
