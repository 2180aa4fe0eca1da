"""Differential hunts (agree:GAME:A:B, also spelled GAME --methods A B) find disagreements and
shrink them; answers are typed, a method that does not apply never disagrees; the machinery must be
able to fail."""
import json
import random

import pytest

from verify import solvers
from verify.cli import main
from verify.errors import BackendError, MethodError, TooLarge, Undecided
from verify.games.maker_breaker import MakerBreakerGame
from verify.hunting.differential import Kind, compare, run_method
from verify.hunting.engine import HuntConfig, run_hunt
from verify.hunting.spaces import Hypergraphs, hypergraph_shrinks, shrink
from verify.hypergraph import Hypergraph
from verify.isomorphism import enumerate_hypergraphs
from verify.result import Outcome
from verify.solvers import register, unregister
from verify.solvers.explicit import solve_maker_breaker


def _broken(game: MakerBreakerGame):
    """Wrong on purpose: says Breaker wins whenever some edge has 3 vertices."""
    if any(e.bit_count() == 3 for e in game.board.edge_masks):
        return Outcome(game="maker-breaker", method="test-broken", winner="breaker", first=game.first)
    return solve_maker_breaker(game)


def _wrong_when_breaker_starts(game: MakerBreakerGame):
    """Wrong on purpose, only with Breaker first: says Maker wins every board with a 1-edge."""
    if game.first == "breaker" and any(e.bit_count() == 1 for e in game.board.edge_masks):
        return Outcome(game="maker-breaker", method="test-breaker-first", winner="maker", first=game.first)
    return solve_maker_breaker(game)


def _raises(exc):
    def method(game: MakerBreakerGame):
        raise exc
    return method


@pytest.fixture
def temporary_methods():
    """Register deliberately wrong methods for one test only."""
    names = []

    def add(name, fn):
        register("maker-breaker", name)(fn)
        names.append(name)
        return name
    yield add
    for name in names:
        unregister("maker-breaker", name)


def hunt(tmp_path, name, **kw) -> dict:
    kw.setdefault("store", str(tmp_path / f"{name.replace(':', '_')}.sqlite"))
    kw.setdefault("workers", 1)
    return run_hunt(HuntConfig(name, progress=False, **kw)).to_json()


def test_shrink_to_minimal_p3():
    h = Hypergraph([["a", "b"], ["b", "c"], ["c", "d"], ["d", "e", "f"]], marked=["f"])
    p3 = lambda g: any(x & y for i, x in enumerate(g.edge_masks) for y in g.edge_masks[i + 1:])
    small = shrink(h, p3, hypergraph_shrinks)
    assert small.m == 2 and small.n == 3 and small.marked_mask == 0


def test_hunt_finds_and_shrinks_a_disagreement(tmp_path, temporary_methods):
    broken = temporary_methods("test-broken", _broken)
    out = hunt(tmp_path, f"agree:maker-breaker:explicit:{broken}", n_min=3, n_max=6, params={"sizes": "2,3"})
    assert out["counterexample_count"] >= 1
    v = out["counterexamples"][0]["violation"]
    assert v["expected"]["explicit"] != v["actual"][broken]
    # smallest board where Maker wins with an edge of size 3: a 3-edge plus a P3
    s = out["shrunk"]["instance"]
    assert len(s["vertices"]) <= 4 and any(len(e) == 3 for e in s["edges"])
    assert out["shrunk"]["certificate"]      # the reference's answer, checked


def test_hunt_clean_between_equal_methods(capsys):
    code = main(["hunt", "acv", "--methods", "explicit", "sat", "--source", "all", "--n", "1..3", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["checked"] > 0 and out["counterexamples"] == [] and out["store"] is None


def test_random_source_is_seeded():
    space = Hypergraphs(marked=True)
    a = [space.random(random.Random(f"3/{i}"), 5) for i in range(5)]
    b = [space.random(random.Random(f"3/{i}"), 5) for i in range(5)]
    assert a == b and len(set(a)) > 1


def test_broken_method_is_not_left_registered():
    names = {m for _, m in solvers.methods("maker-breaker")}
    assert not {"test-broken", "test-breaker-first", "test-raises"} & names


# -- typed answers: classified by exception type, never by message ----------------------------------

P3 = Hypergraph([["1", "2"], ["2", "3"]])


@pytest.mark.parametrize("exc,kind", [
    (MethodError("no pairing"), Kind.NOT_APPLICABLE),
    (TooLarge("MethodError: a message that looks like another kind"), Kind.TOO_LARGE),
    (Undecided("MethodError: timed out"), Kind.UNDECIDED),
    (BackendError("TooLarge: engine crashed"), Kind.UNDECIDED),
])
def test_outcome_kind_is_the_exception_type(temporary_methods, exc, kind):
    name = temporary_methods("test-raises", _raises(exc))
    out = run_method("maker-breaker", name, P3, "maker")
    assert out.kind is kind and out.verdict is None


def test_pairing_does_not_apply_where_no_pairing_exists():
    """P3 (Maker first wins) has no pairing: the pairing method does not apply, which is not a
    disagreement with the reference; Breaker first, neither has a pairing to offer either."""
    comps = compare("maker-breaker", "explicit", "pairing", P3)
    assert [c.first for c in comps] == ["maker", "breaker"]
    assert comps[0].a.verdict == {"winner": "maker", "first": "maker"}
    assert comps[0].b.kind is Kind.NOT_APPLICABLE and comps[0].status == "not applicable"
    two_edges = Hypergraph([["1", "2"], ["3", "4"]])      # a pairing: both answer Breaker, both starters
    assert [c.status for c in compare("maker-breaker", "explicit", "pairing", two_edges)] == ["agree"] * 2


def test_explicit_and_pairing_agree_where_both_answer(tmp_path):
    """The referee's 'disagreement' of explicit and pairing on 3..4 vertices was the old comparison
    counting the pairing method's refusal as a verdict: wherever a pairing exists, explicit says
    Breaker wins too, with either player first."""
    out = hunt(tmp_path, "agree:maker-breaker:explicit:pairing", n_min=3, n_max=4)
    graphs = sum(1 for n in (3, 4) for _ in enumerate_hypergraphs(n, (1, 2, 3)))
    assert out["counterexample_count"] == out["errors"] == 0
    assert out["checked"] == graphs and 0 < out["holds"] < graphs and out["outside_hypotheses"] > 0


def test_an_undecided_method_is_an_error_never_agreement(tmp_path, temporary_methods, capsys):
    name = temporary_methods("test-raises", _raises(Undecided("no answer in time")))
    code = main(["hunt", "maker-breaker", "--methods", "explicit", name, "--source", "all", "--n", "2",
                 "--workers", "1", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 3 and out["holds"] == 0 and out["errors"] == out["drawn"] > 0
    assert "undecided" in out["unresolved"][0]["detail"]


# -- one engine, two spellings ---------------------------------------------------------------------

@pytest.mark.parametrize("source", ["all", "random"])
def test_both_front_ends_give_the_same_counts(tmp_path, temporary_methods, capsys, source):
    """GAME --methods A B and agree:GAME:A:B on the same space give the same counts, and both see
    a disagreement that happens only when Breaker moves first."""
    wrong = temporary_methods("test-breaker-first", _wrong_when_breaker_starts)
    argv = ["hunt", "maker-breaker", "--methods", "explicit", wrong, "--n", "2..4", "--source", source,
            "--stop-after", "0", "--workers", "1", "--json"] + (["--count", "40"] if source == "random" else [])
    assert main(argv) == 1
    front = json.loads(capsys.readouterr().out)
    cfg = dict(source="exhaustive" if source == "all" else "random", n_min=2, n_max=4,
               params={"sizes": "1,2,3"}, stop_after=0, **({"count": 120} if source == "random" else {}))
    back = hunt(tmp_path, f"agree:maker-breaker:explicit:{wrong}", **cfg)
    for k in ("drawn", "checked", "holds", "outside_hypotheses", "counterexample_count", "errors",
              "rejected_isomorphs"):
        assert front[k] == back[k], k
    assert front["counterexample_count"] > 0
    for cx in front["counterexamples"] + back["counterexamples"]:
        assert cx["violation"]["expected"]["explicit"]["first"] == "breaker"
