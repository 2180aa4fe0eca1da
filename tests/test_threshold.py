"""Threshold questions (issue 32, item 4): ``verify threshold`` and :func:`verify.threshold` against
the brute force of tests/brute.py on every hypergraph up to 4 vertices (a slice of 5 slow), every
row certified; the command line's JSON and its one-line refusals."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings

import verify
from verify.cli import main
from verify.hypergraph import Hypergraph
from verify.strategies import hypergraphs
from verify.thresholds import avoider_claims, avoider_surely_wins
from verify.games.conventions import ConventionGame

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brute import positional_winner  # noqa: E402
from test_conventions import every_hypergraph  # noqa: E402


def _board(n, fam) -> Hypergraph:
    names = [f"v{i}" for i in range(n)]
    return Hypergraph([[names[i] for i in range(n) if e >> i & 1] for e in fam], vertices=names)


def brute_threshold(n, fam, maker_first=True):
    """The least q ≥ 1 at which Breaker wins, by brute force at every q up to n (None: never)."""
    for q in range(1, n + 1):
        if positional_winner(n, list(fam), "maker-breaker", 1, q, maker_first) == "breaker":
            return q
    return None


def brute_rows(n, fam, avoider_first, qs):
    return [positional_winner(n, list(fam), "avoider-enforcer", 1, q, avoider_first) for q in qs]


def _check_mb(n, fam):
    board = _board(n, fam)
    for first in ("maker", "breaker"):
        r = verify.threshold("maker-breaker", board, first=first, method="explicit")
        assert r.threshold == brute_threshold(n, fam, first == "maker"), (fam, first)
        assert r.certified and all(row.certified for row in r.rows)
        if r.threshold is not None:
            assert r.rows[-1].q == r.threshold and r.rows[-1].winner == "breaker"
            if r.threshold > 1:
                assert r.rows[0].q == r.threshold - 1 and r.rows[0].winner == "maker"


def _check_ae(n, fam):
    board = _board(n, fam)
    for first in ("avoider", "enforcer"):
        r = verify.threshold("avoider-enforcer", board, first=first, method="explicit")
        qs = [row.q for row in r.rows]
        assert qs == list(range(1, len(qs) + 1))
        assert [row.winner for row in r.rows] == brute_rows(n, fam, first == "avoider", qs), (fam, first)
        assert r.certified
        # beyond the table Avoider surely wins (or the game no longer changes with q)
        game = ConventionGame(board, "avoider-enforcer", first=first)
        if avoider_surely_wins(game, qs[-1]):
            for q in range(qs[-1] + 1, n + 2):
                assert positional_winner(n, list(fam), "avoider-enforcer", 1, q, first == "avoider") == "avoider"
        wins = [row.winner for row in r.rows]
        lower = next((i for i, w in enumerate(wins) if w != "enforcer"), len(wins))
        assert r.lower == lower


@pytest.mark.parametrize("n", [1, 2, 3])
def test_thresholds_agree_with_brute_force_on_every_small_hypergraph(n):
    for fam in every_hypergraph(n):
        _check_mb(n, fam)
        _check_ae(n, fam)


@pytest.mark.slow
def test_thresholds_agree_with_brute_force_on_every_hypergraph_of_4_vertices():
    for fam in every_hypergraph(4):
        _check_mb(4, fam)
        _check_ae(4, fam)


@settings(max_examples=15, deadline=None)
@given(hypergraphs(min_vertices=2, max_vertices=6, edge_sizes=(2, 3)))
def test_thresholds_agree_with_brute_force_beyond(h):
    n = h.n
    fam = list(h.edge_masks)
    _check_mb(n, fam)
    _check_ae(n, fam)


def test_avoider_claims_count_her_turns():
    board = verify.family("graph", "triangle", 4)  # 6 free vertices
    g = ConventionGame(board, "avoider-enforcer")
    assert [avoider_claims(g, q) for q in (1, 2, 5, 6)] == [3, 2, 1, 1]
    g2 = ConventionGame(board, "avoider-enforcer", first="enforcer")
    assert [avoider_claims(g2, q) for q in (1, 2, 5, 6)] == [3, 2, 1, 0]


def test_triangle_game_on_k5_has_threshold_2_whoever_starts(tmp_path, capsys):
    path = tmp_path / "k5.txt"
    assert main(["family", "graph", "triangle", "5", "-o", str(path)]) == 0
    capsys.readouterr()
    for first in ("maker", "breaker"):
        assert main(["threshold", "maker-breaker", str(path), "--first", first, "--json",
                     "--certificates", str(tmp_path)]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["threshold"] == 2 and out["certified"] and out["first"] == first
        assert [row["bias"] for row in out["rows"]] == [[1, 1], [1, 2]]
        for row in out["rows"]:
            assert main(["check", row["certificate"]]) == 0
        capsys.readouterr()


def test_avoider_enforcer_triangle_game_on_k5(tmp_path, capsys):
    path = tmp_path / "k5.txt"
    assert main(["family", "graph", "triangle", "5", "-o", str(path)]) == 0
    capsys.readouterr()
    assert main(["threshold", "avoider-enforcer", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["threshold"] == {"lower": 2, "upper": 2}
    assert [r["winner"] for r in out["rows"]] == ["enforcer", "enforcer", "avoider", "avoider"]


@pytest.mark.parametrize("argv,needle", [
    (["threshold", "maker-maker", "B"], "invalid choice"),
    (["threshold", "maker-breaker", "B", "--first", "avoider"], "--first for maker-breaker"),
    (["threshold", "maker-breaker", "missing.txt"], "missing.txt"),
    (["threshold", "maker-breaker", "B", "--certificates", "nowhere/at/all"], "not a folder"),
])
def test_bad_input_is_one_line(tmp_path, capsys, argv, needle):
    board = tmp_path / "b.txt"
    board.write_text("a b\nb c\n")
    argv = [str(board) if a == "B" else str(tmp_path / a) if a == "missing.txt" else a for a in argv]
    status = main(argv)
    err = capsys.readouterr().err
    assert status == 2 and needle in err and len(err.strip().splitlines()) == 1, err


def test_no_certificates_decides_without_certifying(tmp_path, capsys):
    path = tmp_path / "k5.txt"
    assert main(["family", "graph", "triangle", "5", "-o", str(path)]) == 0
    capsys.readouterr()
    assert main(["threshold", "maker-breaker", str(path), "--no-certificates", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["threshold"] == 2 and out["certified"] is False
    assert all(not row["certified"] for row in out["rows"])
    assert main(["threshold", "maker-breaker", str(path), "--no-certificates", "--certificates", str(tmp_path)]) == 2
    assert "exclude each other" in capsys.readouterr().err


def test_auto_picks_the_convention_search_beyond_small_boards():
    k7 = verify.family("graph", "triangle", 7)
    r = verify.solve("maker-breaker", k7, bias=(1, 2))
    assert r.method == "search" and str(r.winner) == "breaker"
    small = verify.family("graph", "triangle", 5)
    assert verify.solve("avoider-enforcer", small).method == "explicit"
