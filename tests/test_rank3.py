"""Galliot's structural rank-3 Maker-Breaker solver against the explicit reference (paper 004
Theorem II.1.12 / III.2.1), its witnesses, certificates, registry entries and CLI."""
from __future__ import annotations

import json

import pytest
from hypothesis import assume, event, given, settings

from verify.certificates.checker import check_certificate
from verify.cli import EXIT_NOT_APPLICABLE, main
from verify.errors import MethodError
from verify.families import tic_tac_toe
from verify.games.maker_breaker import MakerBreakerGame, breaker_claims, maker_claims
from verify.hypergraph import Hypergraph, bits
from verify.isomorphism import enumerate_hypergraphs, enumerate_markings
from verify.solvers import solve
from verify.solvers.explicit import MakerBreakerSearch, solve_maker_breaker
from verify.solvers.rank3 import choose_method, solve_structural
from verify.certificates.chains import is_chain
from verify.solvers.rank3.solver import Rank3Options, maker_first
from verify.strategies import players, rank3_hypergraphs, rank3_positions

from verify.solvers.rank3.brute import cycles_at


def agree(h: Hypergraph, first: str) -> str:
    game = MakerBreakerGame(h, first)
    want = solve_maker_breaker(game).winner
    got = solve_structural(game)
    assert got.winner == want, (h, first, got.stats)
    return want


def agree_all(hs) -> int:
    count = 0
    for h in hs:
        for first in ("maker", "breaker"):
            agree(h, first)
            count += 1
    return count


# -- exhaustive differential tests -----------------------------------------------------------------

def test_every_marked_rank3_hypergraph_on_three_vertices():
    assert agree_all(m for n in range(1, 4) for h in enumerate_hypergraphs(n, (1, 2, 3))
                     for m in enumerate_markings(h)) > 100


def test_every_rank3_hypergraph_on_four_vertices():
    assert agree_all(enumerate_hypergraphs(4, (1, 2, 3))) > 1000


def test_marked_3_uniform_on_seven_vertices_up_to_three_edges():
    assert agree_all(m for h in enumerate_hypergraphs(7, (3,), max_edges=3)
                     for m in enumerate_markings(h)) > 1000


def test_rank3_on_seven_and_eight_vertices_few_edges():
    assert agree_all(enumerate_hypergraphs(7, (2, 3), max_edges=4)) > 500
    assert agree_all(enumerate_hypergraphs(8, (3,), max_edges=4)) > 100


@pytest.mark.slow
def test_every_3_uniform_hypergraph_on_six_vertices():
    assert agree_all(enumerate_hypergraphs(6, (3,))) == 2 * 2136


@pytest.mark.slow
def test_rank3_on_seven_to_nine_vertices_more_edges():
    agree_all(enumerate_hypergraphs(7, (2, 3), max_edges=5))
    agree_all(m for h in enumerate_hypergraphs(6, (3,), max_edges=4) for m in enumerate_markings(h))
    agree_all(enumerate_hypergraphs(8, (3,), max_edges=5))
    agree_all(enumerate_hypergraphs(9, (3,), max_edges=5))


@given(rank3_hypergraphs(marked=True, max_vertices=9, max_edges=14), players)
def test_random_rank3_boards(h, first):
    agree(h, first)


@given(rank3_hypergraphs(min_vertices=6, max_vertices=10, max_edges=16,
                         marked=False), players)
def test_random_unmarked_rank3_boards_with_six_to_ten_vertices(h, first):
    agree(h, first)


@pytest.mark.slow
@settings(max_examples=1500)
@given(rank3_hypergraphs(marked=True, min_vertices=6, max_vertices=11, max_edges=20), players)
def test_random_rank3_boards_many(h, first):
    agree(h, first)


# -- instances from the thesis -----------------------------------------------------------------------

def H(*words, marked=""):
    return Hypergraph([list(w) for w in words], marked=list(marked))


def test_tic_tac_toe():
    ttt = tic_tac_toe(3)
    out = solve_structural(MakerBreakerGame(ttt, "maker"))
    assert out.winner == "maker" and out.strategy["maker_tree"]["maker"] in {"b2", "a1", "c1", "a3", "c3"}
    assert solve_structural(MakerBreakerGame(ttt, "breaker")).winner == "breaker"


def test_double_tadpole_and_single_tadpole():
    # notes §7.11: two 0-tadpoles sharing only 0 (Maker wins), one tadpole (Breaker wins)
    two = Hypergraph([["0", "1", "2"], ["2", "3", "4"], ["2", "3", "5"], ["0", "6", "7"],
                      ["7", "8", "9"], ["7", "8", "10"]])
    one = Hypergraph([["0", "1", "2"], ["2", "3", "4"], ["2", "3", "5"]], vertices=list("0123456"))
    assert agree(two, "maker") == "maker" and agree(two, "breaker") == "breaker"
    assert agree(one, "maker") == "breaker"


@pytest.mark.parametrize("length", [2, 3, 5, 7])
def test_nunchakus_and_necklaces_are_maker_wins(length):
    from verify.claims.paper004 import necklace, nunchaku
    for h in (nunchaku(length), necklace(length)):
        out = solve_structural(MakerBreakerGame(h))
        assert out.winner == "maker"
        if out.stats["decided_by"] == "structural":
            assert out.strategy["leaf_rounds"] == 0


def test_rank_four_is_refused_and_auto_picks_explicit():
    h4 = Hypergraph([["a", "b", "c", "d"], ["a", "e", "f"]])
    with pytest.raises(MethodError, match="rank 4"):
        solve("maker-breaker", MakerBreakerGame(h4), method="structural")
    assert choose_method(MakerBreakerGame(h4)) == "explicit"
    assert choose_method(MakerBreakerGame(tic_tac_toe(3))) == "structural"
    assert solve("maker-breaker", MakerBreakerGame(tic_tac_toe(3))).method == "structural"


# -- witnesses ---------------------------------------------------------------------------------------

def _valid_leaf(leaf, edges, marked, dead) -> bool:
    live = {e for e in edges if not e & dead}
    if not set(leaf.edges) <= live:
        return False
    vs = leaf.vertices
    if leaf.kind == "edge":
        return leaf.edges[0] & marked == leaf.edges[0]
    if leaf.kind == "nunchaku":
        a, b = leaf.ends
        return vs & marked == (1 << a) | (1 << b) and is_chain(a, b, list(leaf.edges))
    (x,) = leaf.ends
    return vs & marked == 1 << x and sorted(leaf.edges) in [sorted(c) for c in cycles_at(x, edges, dead)]


def _check_tree(board, node, marked, dead, rounds) -> None:
    """Replays Maker's three-round tree: every leaf is a real structure, and the replies not listed
    provably leave the default branch intact (they miss its support)."""
    if node[0] == "L":
        assert _valid_leaf(node[1], board.edges, marked, dead)
        return
    assert rounds > 0
    _, x, (_, kind, default, replies) = node
    m2 = marked | (1 << x)
    assert not (m2 >> x & 1 and marked >> x & 1)
    free_support = board.support(default) & ~m2 & ~(1 << board.pad)
    assert free_support & ~sum(1 << y for y in replies) == 0
    if kind == "leaf":
        _check_tree(board, default, m2, dead, rounds)
    else:
        _check_tree(board, default, m2, dead, rounds - 1)
    for y, child in replies.items():
        _check_tree(board, child, m2, dead | (1 << y), rounds - 1)


@given(rank3_positions(min_vertices=6, max_vertices=10, max_edges=14), players)
def test_witnesses_replay(h, first):
    game = MakerBreakerGame(h, first)
    res = game.start_residual()
    d = maker_first(res, h.n, Rank3Options(structural_only=True, pairing=False))
    assume(d.how in ("structural", "dangers"))
    event("maker: tree" if d.winner == "maker" else f"breaker: refutations ({d.how})")
    search = MakerBreakerSearch()
    if d.winner == "maker":
        _check_tree(d.board, d.tree, d.board.marked0, 0, d.rounds)
    else:
        for x, y in d.refutations.items():
            after = maker_claims(res, 1 << x)
            if y is not None:
                after = breaker_claims(after, 1 << y)
            assert not search.maker_wins(after, True), (h, x, y)


# -- certificates ------------------------------------------------------------------------------------

@settings(max_examples=25)
@given(rank3_hypergraphs(min_vertices=6, max_vertices=9, max_edges=10, marked=True), players)
def test_certificates_check(h, first):
    out = solve_structural(MakerBreakerGame(h, first), certificate=True)
    report = check_certificate(out.certificate)
    assert (report.verdict, report.question.first) == ({"winner": out.winner}, first)


def test_certificates_on_tic_tac_toe_both_orders():
    for first, winner in (("maker", "maker"), ("breaker", "breaker")):
        out = solve_structural(MakerBreakerGame(tic_tac_toe(3), first), certificate=True)
        assert out.winner == winner
        check_certificate(json.loads(json.dumps(out.certificate)))


# -- CLI ---------------------------------------------------------------------------------------------

def test_cli_rank3_json_and_certificate(tmp_path, capsys):
    f = tmp_path / "ttt.txt"
    f.write_text("\n".join(" ".join(sorted(e)) for e in tic_tac_toe(3).edges) + "\n")
    cert = tmp_path / "cert.json"
    assert main(["rank3", str(f), "--json", "--certificate", str(cert)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["winner"] == "maker" and out["first"] == "maker" and "maker_tree" in out["witness"]
    check_certificate(json.loads(cert.read_text()))
    assert main(["rank3", str(f), "--first", "breaker"]) == 0
    assert "breaker wins" in capsys.readouterr().out


def test_cli_rank3_refuses_rank_four(tmp_path, capsys):
    f = tmp_path / "k4.txt"
    f.write_text("a b c d\n")
    assert main(["rank3", str(f)]) == EXIT_NOT_APPLICABLE
    assert "rank 4" in capsys.readouterr().err
