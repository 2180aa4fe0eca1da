"""The PN² driver (verify/solvers/search/pn.py) against the plain reference search: every small
Maker-Breaker board (both starters, bounded questions too), hypothesis boards and .pg games, Hex
puzzles; tiny leaf budgets so that the first-level tree does the work; local workers and a Dask
cluster; every certificate checked by the unchanged checker."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import assume, event, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))
from test_search import HEIN, needs_hein, pg_games, reference  # noqa: E402

from verify.certificates.checker import check_certificate  # noqa: E402
from verify.errors import InputError, Undecided  # noqa: E402
from verify.families import family, tic_tac_toe  # noqa: E402
from verify.formats.pg import read_pg  # noqa: E402
from verify.games import positional as pg  # noqa: E402
from verify.games.maker_breaker import MakerBreakerGame  # noqa: E402
from verify.isomorphism import enumerate_hypergraphs  # noqa: E402
from verify.solvers.search import pn as search_pn  # noqa: E402
from verify.solvers.explicit import naive_maker_wins  # noqa: E402
from verify.solvers.search.methods import search_maker_breaker, search_pg  # noqa: E402
from verify.strategies import hypergraphs  # noqa: E402


@pytest.fixture
def tiny_leaves(monkeypatch):
    """Leaves of one reference node: the first-level tree decides most of the question."""
    monkeypatch.setattr(search_pn, "LEAF_BUDGET", 1)
    monkeypatch.setattr(search_pn, "GROWTH", 0)


def _leaf_events(out):
    leaves = out.stats.get("pn_leaves", {})
    event("tree expanded" if out.stats.get("pn_expanded") else "decided by the root leaf or the rules")
    for k, v in leaves.items():
        if v:
            event(f"leaves {k}")


@pytest.mark.slow  # 13 s; the node-limit sweep below stays in the default run
def test_every_small_board_both_starters_with_bounds(tiny_leaves):
    """Every hypergraph on 1-4 vertices (up to isomorphism, edges of size 1-3), both starters, the
    whole game and the bounds 1 and 2: the pn driver (reference leaves) equals the plain
    reference, and every certificate is accepted."""
    count = expanded = 0
    for n in range(1, 5):
        for h in enumerate_hypergraphs(n, (1, 2, 3)):
            for first in ("maker", "breaker"):
                game = MakerBreakerGame(h, first)
                for rounds in (None, 1, 2):
                    out = search_maker_breaker(game, certificate=True, rounds=rounds, engine="python", driver="pn")
                    ref = search_maker_breaker(game, rounds=rounds, engine="python", driver="dfs")
                    assert out.winner == ref.winner, (h.edge_masks, first, rounds)
                    if rounds is None:
                        assert (out.winner == "maker") == naive_maker_wins(game)
                    else:
                        assert out.answer == ref.answer
                    check_certificate(out.certificate)
                    count += 1
                    expanded += bool(out.stats.get("pn_expanded"))
    assert count > 1500
    assert expanded > 100  # the tree, not the root leaf, decided many of them


BOARDS = hypergraphs(min_vertices=4, max_vertices=10, edge_sizes=(2, 3, 4), max_edges=14, marked=True).filter(
    lambda h: h.n - h.marked_mask.bit_count() <= 9)


@settings(max_examples=80, deadline=None)
@given(BOARDS, st.sampled_from(["maker", "breaker"]), st.booleans(), st.sampled_from([None, 2, 3]))
def test_random_boards_against_reference(h, first, symmetry, rounds):
    game = MakerBreakerGame(h, first)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(search_pn, "LEAF_BUDGET", 2)
        mp.setattr(search_pn, "GROWTH", 0)
        out = search_maker_breaker(game, certificate=True, symmetry=symmetry, rounds=rounds, engine="python",
                                   driver="pn")
    _leaf_events(out)
    ref = search_maker_breaker(game, rounds=rounds, engine="python", driver="dfs")
    assert out.winner == ref.winner
    if rounds is None:
        assert (out.winner == "maker") == naive_maker_wins(game)
    check_certificate(out.certificate)


@settings(max_examples=120, deadline=None)
@given(pg_games(), st.booleans())
def test_random_pg_games_against_reference(game, symmetry):
    """Maker-Maker games, #firstmoves, initial stones, any schedule (the reference engine's
    carriers with Y's open sets)."""
    assume(game.free_mask() and game.initial_winner() is None)
    if game.first_moves is not None:
        assume(game.first_moves & game.free_mask())
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(search_pn, "LEAF_BUDGET", 2)
        mp.setattr(search_pn, "GROWTH", 0)
        out = search_pg(game, certificate=True, symmetry=symmetry, engine="python", driver="pn")
    _leaf_events(out)
    event(f"{'maker-maker' if game.maker_maker else 'maker-breaker'} {out.winner}")
    assert out.winner == reference(game)
    check_certificate(out.certificate)


def test_node_limit_collapses_subtrees_and_stays_exact(tiny_leaves):
    """A first-level tree capped at 64 nodes collapses subtrees and still answers exactly."""
    for first in ("maker", "breaker"):
        g = pg.from_maker_breaker(tic_tac_toe(4), 0, 0, first)
        d = search_pn.ProofNumberSearch(g, pg.BLACK, engine="python", node_limit=64, certificate=True)
        assert d.run() is False
        assert d.collapsed > 0
    g = pg.from_maker_breaker(family("k-in-a-row", 4, 4, 3), 0, 0, "maker")
    d = search_pn.ProofNumberSearch(g, pg.BLACK, engine="python", node_limit=64)
    assert d.run() is True


@needs_hein
@pytest.mark.parametrize("name", ["hein_04_3x3-05.pg", "hein_09_4x4-07.pg", "hein_13_5x5-09.pg",
                                  "browne_5x5_07.pg", "hein_11_5x5-11.pg", "hein_18_7x7-07.pg"])
def test_hex_puzzles_agree_and_certify(name, monkeypatch):
    """The default engine under the pn driver (leaf budget small enough that the 5x5 and 7x7
    puzzles grow a tree) against the dfs driver; certificates checked."""
    monkeypatch.setattr(search_pn, "LEAF_BUDGET", 2000)
    game = read_pg(HEIN / name)
    out = search_pg(game, certificate=True, driver="pn")
    assert out.winner == search_pg(game, driver="dfs").winner
    check_certificate(out.certificate)


@pytest.mark.parametrize("first", ["maker", "breaker"])
def test_local_workers_agree_and_certify(first, monkeypatch):
    """Two worker processes evaluate the leaves; the merged certificate checks."""
    monkeypatch.setattr(search_pn, "LEAF_BUDGET", 64)
    monkeypatch.setattr(search_pn, "GROWTH", 1)
    for h in (tic_tac_toe(3), tic_tac_toe(4), family("k-in-a-row", 4, 4, 3)):
        game = MakerBreakerGame(h, first)
        out = search_maker_breaker(game, certificate=True, jobs=2, engine="python", driver="pn")
        assert out.winner == search_maker_breaker(game, engine="python").winner
        assert out.stats["jobs"] == 2
        check_certificate(out.certificate)


def test_timeout_with_workers_leaves_no_process_and_no_verdict():
    import psutil
    g = pg.race(family("qubic"))  # the strong game of Qubic: undecided for many minutes
    t0 = time.monotonic()
    with pytest.raises(Undecided, match="undecided within 1 s"):
        search_pg(g, timeout=1.0, jobs=2, driver="pn")
    assert time.monotonic() - t0 < 30
    assert not psutil.Process().children(recursive=True)
    with pytest.raises(Undecided):
        search_pg(g, timeout=0.5, driver="pn")


def test_bad_driver_options_are_one_line_errors(tmp_path):
    g = pg.from_maker_breaker(tic_tac_toe(3), 0, 0, "maker")
    with pytest.raises(InputError, match="--dask goes with --driver pn"):
        search_pg(g, driver="dfs", dask="tcp://127.0.0.1:1")
    board = tmp_path / "ttt.txt"
    board.write_text("\n".join(" ".join(map(str, e)) for e in tic_tac_toe(3).edges) + "\n", encoding="utf-8")
    r = subprocess.run([sys.executable, "-m", "verify.cli", "solve", "maker-breaker", str(board), "--method",
                        "search", "--dask", "tcp://127.0.0.1:9", "--timeout", "30"], capture_output=True, text=True)
    assert r.returncode == 2 and r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1 and "Dask scheduler" in r.stderr
    r = subprocess.run([sys.executable, "-m", "verify.cli", "solve", "maker-breaker", str(board), "--method",
                        "search", "--driver", "pn", "--jobs", "2", "--certificate", str(tmp_path / "c.json")],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("maker wins")


@pytest.mark.slow
def test_dask_local_cluster_agrees_certifies_and_cancels(monkeypatch):
    """Leaves on a two-process LocalCluster: same answers, checked certificates; a timed-out search
    raises Undecided and leaves no future behind."""
    from distributed import Client, LocalCluster
    monkeypatch.setattr(search_pn, "LEAF_BUDGET", 200)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        for first in ("maker", "breaker"):
            game = MakerBreakerGame(tic_tac_toe(4), first)
            out = search_maker_breaker(game, certificate=True, engine="python", dask=cluster.scheduler_address)
            assert out.winner == search_maker_breaker(game, engine="python").winner
            assert out.stats["driver"] == "pn"
            check_certificate(out.certificate)
        g = pg.race(family("qubic"))  # the strong game of Qubic: undecided for many minutes
        with pytest.raises(Undecided):
            search_pg(g, timeout=3.0, dask=cluster.scheduler_address)
        with Client(cluster.scheduler_address) as client:
            deadline = time.monotonic() + 20
            while client.processing() and any(client.processing().values()) and time.monotonic() < deadline:
                time.sleep(0.2)
            assert not any(client.processing().values())
