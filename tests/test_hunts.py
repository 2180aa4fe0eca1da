"""Hunts find disagreements and shrink them; the machinery must be able to fail."""
import json

import pytest

from verify.cli import main
from verify.games.maker_breaker import MakerBreakerGame
from verify.hunts import differential_hunt, instance_stream, shrink
from verify.hypergraph import Hypergraph
from verify.result import Outcome
from verify.solvers import register, unregister
from verify.solvers.explicit import solve_maker_breaker


def _broken(game: MakerBreakerGame):
    """Wrong on purpose: says Breaker wins whenever some edge has 3 vertices."""
    if any(e.bit_count() == 3 for e in game.board.edge_masks):
        return Outcome(game="maker-breaker", method="test-broken", winner="breaker", first=game.first)
    return solve_maker_breaker(game)


@pytest.fixture
def broken_method():
    """The deliberately wrong method, registered for one test only."""
    register("maker-breaker", "test-broken")(_broken)
    yield "test-broken"
    unregister("maker-breaker", "test-broken")


def test_shrink_to_minimal_p3():
    h = Hypergraph([["a", "b"], ["b", "c"], ["c", "d"], ["d", "e", "f"]], marked=["f"])
    p3 = lambda g: any(x & y for i, x in enumerate(g.edge_masks) for y in g.edge_masks[i + 1:])
    small = shrink(h, p3)
    assert small.m == 2 and small.n == 3 and small.marked_mask == 0


def test_hunt_finds_and_shrinks_a_disagreement(broken_method):
    report = differential_hunt("maker-breaker", ("explicit", "test-broken"),
                               instance_stream("all", 3, 6, (2, 3)))
    assert report.disagreements
    d = report.disagreements[0]
    assert d.verdicts["explicit"] != d.verdicts["test-broken"]
    # smallest board where Maker-first wins with an edge of size 3: a triangle edge plus a P3
    assert d.shrunk.n <= 4 and any(e.bit_count() == 3 for e in d.shrunk.edge_masks)


def test_hunt_clean_between_equal_methods(capsys):
    code = main(["hunt", "acv", "--methods", "explicit", "sat", "--source", "all", "--n", "1..3", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["instances"] > 0 and out["disagreements"] == []


def test_random_stream_is_seeded():
    a = [h.edge_masks for h in instance_stream("random", 5, 6, count=5, seed=3, marked=True)]
    b = [h.edge_masks for h in instance_stream("random", 5, 6, count=5, seed=3, marked=True)]
    assert a == b and len(a) == 10
