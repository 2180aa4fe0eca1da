"""``auto``'s cost model (verify.solvers.chooser): its decisions on representative boards, the state
bound it reads being a true bound on the explicit reference's memo, the choice and its reason in
the result and the CLI, and auto's answers equal to the explicit reference's on small random boards.
"""
import json
import random
from pathlib import Path

import pytest

import verify
from verify.cli import main
from verify.cli.solve import describe
from verify.games import maker_breaker as mb
from verify.games.conventions import with_bias
from verify.limits import MAX_EXPLICIT_STATES
from verify.solvers import solve
from verify.solvers.chooser import (EXPLICIT_FREE_VERTICES, Choice, choose_maker_breaker, measure,
                                    position_bound, state_bound)
from verify.solvers.explicit import MakerBreakerSearch

ROOT = Path(__file__).resolve().parent.parent
QUBIC = ROOT / "examples/classical/qubic.txt"


def game(*spec, first=mb.MAKER):
    return mb.MakerBreakerGame(verify.family(*spec), first=first)


@pytest.mark.parametrize("spec, method", [
    (("fano",), "structural"),
    (("tic-tac-toe", 3), "structural"),
    (("tic-tac-toe", 4), "explicit"),      # 16 free vertices: the measured zone
    (("ap", 13, 4), "explicit"),           # 13: the bound fits the cap
    (("k-in-a-row", 5, 4, 4), "search"),   # 20
    (("k-in-a-row", 6, 6, 5), "search"),
    (("ap", 22, 5), "search"),             # van der Waerden {1..22}, k = 5
    (("qubic",), "search"),
    (("tic-tac-toe", 5), "pairing"),       # 25 free vertices, Breaker pairs them
    (("animal", "F", 8), "pairing"),       # the classical 8×8 pentomino boards
])
def test_the_choices_on_representative_boards(spec, method):
    choice = choose_maker_breaker(game(*spec))
    assert isinstance(choice, Choice) and choice == method and choice.method == method
    assert choice.reason and (choice.note is not None) == (method in ("search", "pairing"))


def test_the_thresholds():
    assert position_bound(14) <= MAX_EXPLICIT_STATES < position_bound(15)
    assert position_bound(0) == 1 and position_bound(1) == 3  # empty; Maker's or Breaker's vertex
    assert state_bound(16, [4, 4]) == 2 * 17 * 17  # two edges: each dead or a subset Maker holds
    assert EXPLICIT_FREE_VERTICES >= 14
    m = measure(game("qubic"))
    assert (m.free, m.edges, m.rank) == (64, 76, 4)


def test_claimed_vertices_leave_the_count():
    board = verify.family("qubic")
    corner = sorted(board.vertices)[0]
    after = measure(mb.MakerBreakerGame(board, breaker=frozenset({corner})))
    assert after.free < 64 and after.edges < 76  # the lines through Breaker's corner are dead


@pytest.mark.parametrize("seed", range(12))
def test_the_state_bound_bounds_the_explicit_memo(seed):
    rng = random.Random(seed)
    n = rng.randint(5, 11)
    board = verify.family("random", n, rng.randint(3, 12), rng.randint(2, 5), seed)
    for first in (mb.MAKER, mb.BREAKER):
        g = mb.MakerBreakerGame(board, first=first)
        search = MakerBreakerSearch()
        search.maker_wins(g.start_residual(), first == mb.MAKER)
        assert len(search.memo) <= measure(g).bound


@pytest.mark.parametrize("seed", range(10))
def test_auto_answers_as_the_explicit_reference(seed):
    rng = random.Random(100 + seed)
    n = rng.randint(14, 19)
    board = verify.family("random", n, rng.randint(8, 30), rng.randint(4, 6), seed)
    for first in (mb.MAKER, mb.BREAKER):
        g = mb.MakerBreakerGame(board, first=first)
        auto = solve("maker-breaker", g)
        assert auto.choice["by"] == "auto" and auto.method == choose_maker_breaker(g)
        assert auto.winner == solve("maker-breaker", g, method="explicit").winner, (seed, first, auto.method)


@pytest.mark.parametrize("spec, first, method", [
    (("tic-tac-toe", 5), mb.BREAKER, "pairing"),
    (("ap", 18, 5), mb.BREAKER, "search"),
    (("ap", 17, 4), mb.MAKER, "search"),
    pytest.param(("tic-tac-toe", 5), mb.MAKER, "pairing", marks=pytest.mark.slow),
    pytest.param(("k-in-a-row", 5, 4, 4), mb.MAKER, "search", marks=pytest.mark.slow),
])
def test_auto_beyond_explicit_answers_as_explicit(spec, first, method):
    g = game(*spec, first=first)
    auto = solve("maker-breaker", g)
    assert auto.method == method
    assert auto.winner == solve("maker-breaker", g, method="explicit").winner


def test_auto_uses_the_search_on_some_random_boards_and_explicit_on_others():
    chosen = set()
    for seed in range(10):
        rng = random.Random(100 + seed)
        n = rng.randint(14, 19)
        board = verify.family("random", n, rng.randint(8, 30), rng.randint(4, 6), seed)
        chosen.add(choose_maker_breaker(mb.MakerBreakerGame(board)).method)
    assert chosen == {"explicit", "search"}


def test_the_choice_is_on_the_result_only_when_auto_chose():
    g = game("tic-tac-toe", 4)
    auto = solve("maker-breaker", g)
    assert auto.method == "explicit" and auto.to_json()["choice"] == {"by": "auto", "reason": auto.choice["reason"]}
    assert "16 free vertices" in auto.choice["reason"]
    named = solve("maker-breaker", g, method="explicit")
    assert named.choice is None and "choice" not in named.to_json()


def test_an_option_the_choice_does_not_take_hands_over_with_its_reason():
    out = solve("maker-breaker", game("fano"), rounds=2)
    assert out.method == "search"
    assert "--rounds" in out.choice["reason"] and "structural" in out.choice["reason"]


def test_a_bias_goes_to_the_reference_with_its_reason():
    out = solve("maker-breaker", with_bias("maker-breaker", game("tic-tac-toe", 3), (1, 2)))
    assert out.method == "explicit" and "bias" in out.choice["reason"]


def test_pg_auto_says_why():
    from verify.formats.pg import parse_pg
    text = (ROOT / "examples/classical/ap-5-3-race.pg").read_text()
    out = solve("pg", parse_pg(text))
    assert out.method == "search" and "bench_search" in out.choice["reason"]


def test_qubic_without_a_method_finishes_and_says_why(capsys):
    assert main(["solve", "maker-breaker", str(QUBIC), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["winner"] == "maker" and data["method"] == "search"
    assert data["choice"]["by"] == "auto" and "64 free vertices" in data["choice"]["reason"]
    assert data["stats"]["seconds"] < 60
    line = describe(data)  # what the command prints without --json
    assert line == "maker wins, maker first   [method search; auto: 64 free vertices, explicit's bound 6.2e29 states]"


def test_the_text_line_is_unchanged_when_auto_took_the_reference(capsys):
    assert main(["solve", "maker-breaker", str(ROOT / "examples/fano.txt")]) == 0
    assert capsys.readouterr().out.strip() == "maker wins, maker first   [method structural]"


@pytest.mark.slow
def test_qubic_certified_without_a_method(tmp_path, capsys):
    cert = tmp_path / "q.json"
    assert main(["solve", "maker-breaker", str(QUBIC), "--certificate", str(cert)]) == 0
    out = capsys.readouterr().out
    assert "[method search" in out and "independent check" in out


@pytest.mark.parametrize("convention, bias, first, method", [
    ("maker-breaker", (1, 2), "maker", "pairing"),        # disjoint triples: a complete 2-pairing
    ("maker-breaker", (2, 2), "maker", "search"),         # p = 2: no pairing route
    ("avoider-enforcer", (1, 1), "enforcer", "pairing"),  # 14 free, Enforcer first: Avoider last
    ("avoider-enforcer", (1, 1), "avoider", "search"),    # Avoider first on 14: not last
])
def test_positional_auto_takes_a_pairing_where_a_theorem_decides(convention, bias, first, method):
    """Beyond the reference's range, auto asks the SAT solver for Breaker's q-pairing (Prop I.1.25) or
    Avoider's pairing as last player (Prop I.1.21); the answer agrees with the search's."""
    triples = "\n".join(f"a{i} b{i} c{i}" for i in range(5)) if convention == "maker-breaker" else \
        "\n".join(f"a{i} b{i}" for i in range(7))
    from verify.formats import hypergraph_from_text
    board = hypergraph_from_text(triples + "\n")
    from verify.games.conventions import ConventionGame
    g = ConventionGame(board, convention, bias, first)
    out = solve(convention, g, certificate=True)
    assert out.method == method, out.choice
    assert out.winner == solve(convention, g, method="search").winner
    assert verify.check(out.certificate).verdict["winner"] == out.winner


def test_choosing_counts_against_the_timeout(monkeypatch):
    """``auto``'s choice counts against ``--timeout``: the method gets what is left, and a choice
    that used it all ends undecided."""
    import time

    import pytest

    import verify.solvers as solvers
    from verify.errors import Undecided
    from verify.formats import parse_hypergraph
    from verify.games.maker_breaker import MakerBreakerGame
    real = solvers._auto

    def slow(game, instance, given):
        time.sleep(0.3)
        return real(game, instance, given)
    monkeypatch.setattr(solvers, "_auto", slow)
    game = MakerBreakerGame(parse_hypergraph("a b\nb c\n"), "maker")
    with pytest.raises(Undecided, match="choosing a method"):
        solvers.solve("maker-breaker", game, "auto", timeout=0.2)
    assert solvers.solve("maker-breaker", game, "auto", timeout=5).winner == "maker"


def test_the_pairing_probe_stops_at_the_timeout(monkeypatch, tmp_path):
    """The pairing probe's SAT call (a child process, up to ``PAIRING_PROBE_SECONDS``) is cut by
    ``--timeout`` itself: a probe that would run 30 s ends undecided at the timeout, and its child
    is gone."""
    import os
    import time

    import pytest

    import verify.solvers as solvers
    from verify.encode import sat_backends
    from verify.errors import Undecided
    from verify.games.maker_breaker import MakerBreakerGame
    from verify.formats import parse_hypergraph
    from verify.solvers import chooser

    pid_file = tmp_path / "pid"

    def sleeping(name, clauses, proof):
        pid_file.write_text(str(os.getpid()))
        time.sleep(30)
    monkeypatch.setattr(sat_backends, "_run", sleeping)
    monkeypatch.setattr(chooser, "PAIRING_PROBE_SECONDS", 60.0)
    # 5 disjoint 4-sets: rank 4, 20 free vertices (beyond explicit's 16), so the probe runs
    text = "\n".join(" ".join(f"v{4 * i + j}" for j in range(4)) for i in range(5))
    game = MakerBreakerGame(parse_hypergraph(text + "\n"), "maker")
    assert chooser.measure(game).bound > chooser.limits.MAX_EXPLICIT_STATES
    t0 = time.perf_counter()
    with pytest.raises(Undecided, match="choosing a method"):
        solvers.solve("maker-breaker", game, "auto", timeout=1.0)
    assert time.perf_counter() - t0 < 5
    pid = int(pid_file.read_text())
    for _ in range(50):  # killed with its group by the deadline; reaped by its parent
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.1)
    else:
        raise AssertionError(f"the probe's child {pid} outlived the timeout")
