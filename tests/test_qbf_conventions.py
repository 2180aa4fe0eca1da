"""The QBF route of the general positional game (verify/solvers/qbf.py ``solve_convention_qbf``, the
encodings of verify/encode/qbf/game.py ``convention_pg`` and ``avoidance_question``) against the explicit
reference (verify/solvers/explicit_conventions.py): every hypergraph up to 2 vertices and a slice of 3
and 4 (every one up to 4 vertices and every clutter on 5 marked slow), every convention,
biases (1:1) (1:2) (2:1) (2:2) (1:3), both starters, marked positions, hypothesis beyond; mutated
encodings (swapped bias, a pass allowed to an avoider, Enforcer's completions counted) are caught by
the same comparison, so each sweep can fail; the method through solve() and the command line.

The sweeps call :func:`solve_convention_qbf` on :class:`ConventionGame` instances (the unbiased
Maker-Breaker game too, which ``solve`` would send to the Maker-Breaker route) and check that QBF
questions were asked; they run the engine (DepQBF) in this process instead of a forked child
(``in_process``): the same engine on the same formula, about 12 times faster on these tiny formulas.
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify.cli import main
from verify.encode.qbf import game as enc
from verify.encode.qbf import backends as qb
from verify.errors import MethodError
from verify.families.graphs import graph_board
from verify.games import conventions as cv
from verify.games.conventions import CONVENTIONS, STRONG, ConventionGame
from verify.solvers import solve
from verify.solvers.explicit_conventions import solve_convention
from verify.solvers.qbf import solve_convention_qbf

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_conventions import BIASES, board, every_clutter, every_hypergraph, marked_questions  # noqa: E402
from test_convention_search import game_of  # noqa: E402

pytest.importorskip("pyqbf")


@pytest.fixture
def in_process(monkeypatch):
    """The engine called in this process (no fork): same engine, same formula, faster."""
    monkeypatch.setattr(qb, "run_in_child", lambda fn, args, timeout, what: fn(*args))


def undecided_at_start(game: ConventionGame) -> bool:
    edges = game.board.edge_masks
    return cv.start_value(game.convention, edges, game.alice_mask, game.bob_mask, game.alice_first) is None \
        and bool(game.free_mask())


def disagreements(cases, **options) -> tuple[list, int]:
    """The games of ``cases`` where the QBF route and the reference differ, and the QBF calls made.
    An undecided avoidance game must ask at least one QBF question (they are never trivial)."""
    bad, calls = [], 0
    for game in cases:
        out = solve_convention_qbf(game, **options)
        calls += out.stats["qbf_calls"]
        if game.convention in (cv.AVOIDER_ENFORCER, cv.AVOIDER_AVOIDER) and undecided_at_start(game):
            assert out.stats["qbf_calls"] >= 1, game
        want = str(solve_convention(game).winner)
        if str(out.winner) != want:
            bad.append((game.board.edge_masks, game.convention, game.bias, game.first, str(out.winner), want))
    return bad, calls


def unmarked(n: int, families, conventions=CONVENTIONS, biases=BIASES):
    for fam in families:
        for convention in conventions:
            for bias in biases:
                for alice_first in ((True, False) if convention not in STRONG else (True,)):
                    yield game_of(n, fam, convention, bias, alice_first)


#: a fixed slice of the hypergraphs on 4 vertices (enumerating all 1992 takes seconds: slow tests)
FOUR = [tuple(random.Random(seed).sample(range(1, 16), seed % 5 + 1)) for seed in range(6)]


def fast_slice(conventions=CONVENTIONS, biases=BIASES):
    for n, step in ((0, 1), (1, 1), (2, 1), (3, 8)):
        yield from unmarked(n, every_hypergraph(n)[::step], conventions, biases)
    yield from unmarked(4, FOUR, conventions, biases)


def sweep(cases, **options) -> None:
    """No disagreement, and QBF questions were asked."""
    bad, calls = disagreements(cases, **options)
    assert not bad, bad[:5]
    assert calls > 0


# -- against the reference ----------------------------------------------------------------------------

@pytest.mark.parametrize("convention", CONVENTIONS)
def test_qbf_equals_reference_on_a_slice_up_to_four_vertices(in_process, convention):
    sweep(fast_slice((convention,)))


def test_marked_positions_agree_with_reference(in_process):
    sweep(game_of(*q) for q in marked_questions(11, 120))


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 6).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(1, (1 << n) - 1), max_size=6, unique=True),
    st.sampled_from(CONVENTIONS), st.sampled_from(BIASES), st.booleans(),
    st.integers(0, (1 << n) - 1), st.integers(0, (1 << n) - 1))))
def test_qbf_equals_reference_beyond_with_marked_positions(case):
    n, fam, convention, bias, alice_first, alice, bob = case
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(qb, "run_in_child", lambda fn, args, timeout, what: fn(*args))
        bad, _ = disagreements([game_of(n, fam, convention, bias, alice_first or convention in STRONG,
                                        alice, bob & ~alice)])
        assert not bad, bad


@pytest.mark.slow
@pytest.mark.parametrize("convention", CONVENTIONS)
def test_qbf_equals_reference_on_every_hypergraph_up_to_four_vertices(in_process, convention):
    sweep(game for n in range(5) for game in unmarked(n, every_hypergraph(n), (convention,)))


@pytest.mark.slow
@pytest.mark.parametrize("convention", CONVENTIONS)
def test_qbf_equals_reference_on_every_clutter_of_five_vertices(in_process, convention):
    """Every clutter on 5 vertices up to isomorphism (209: a hypergraph plays as its minimal edges)."""
    sweep(unmarked(5, every_clutter(5), (convention,)))


@pytest.mark.slow
@pytest.mark.parametrize("convention", CONVENTIONS)
def test_triangle_game_of_k5_agrees_with_reference(convention):
    """The triangle game on K_5 (10 vertices) at (1:1), both starters, the engine in its child."""
    h = graph_board("triangle", 5)
    for first in ConventionGame(h, convention).roles[:1 if convention in STRONG else 2]:
        sweep([ConventionGame(h, convention, (1, 1), first)])


# -- each sweep can fail: mutated encodings are caught --------------------------------------------------

def test_a_swapped_bias_is_caught(in_process, monkeypatch):
    right = enc.claim_schedule
    monkeypatch.setattr(enc, "claim_schedule", lambda free, bias, a, left: right(free, bias[::-1], a, left))
    bad, _ = disagreements(fast_slice(biases=((1, 2), (2, 1))))
    assert bad


def test_a_pass_for_an_avoider_is_caught(in_process, monkeypatch):
    """Naming no cell made legal for U: an avoider may pass, which helps it."""
    monkeypatch.setattr(enc, "_none_of", lambda f, xs, t: enc._false(f))
    bad, _ = disagreements(fast_slice((cv.AVOIDER_ENFORCER, cv.AVOIDER_AVOIDER)))
    assert bad


def test_enforcers_completions_counted_is_caught(in_process, monkeypatch):
    """Avoider-Enforcer asked as Avoider-Avoider (Enforcer's completions would lose for Enforcer)."""
    right = enc.avoidance_question

    def wrong(game, *args, **kw):
        from dataclasses import replace
        return right(replace(game, convention=cv.AVOIDER_AVOIDER, first="first"), *args, **kw)
    monkeypatch.setattr(enc, "avoidance_question", wrong)
    bad, _ = disagreements(fast_slice((cv.AVOIDER_ENFORCER,)))
    assert bad


# -- the method ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("convention", CONVENTIONS)
def test_method_through_solve_with_certificate(convention):
    """solve(..., method='qbf') with a bias: the same winner as the reference, and the
    positional-strategy certificate built from the QBF route's moves passes the kernel's check."""
    h = board(4, (0b0111, 0b1100, 0b1010))
    game = ConventionGame(h, convention, (1, 2))
    out = solve(convention, game, method="qbf", certificate=True)
    assert out.method == "qbf" and out.stats["qbf_calls"] >= 1 and out.check is not None
    assert str(out.winner) == str(solve_convention(game).winner)


def test_avoidance_refuses_other_encodings_in_one_line():
    game = ConventionGame(board(3, (0b011,)), cv.AVOIDER_AVOIDER)
    with pytest.raises(MethodError, match="only the onehot"):
        solve_convention_qbf(game, encoding="binary")
    with pytest.raises(MethodError, match="--rounds"):
        solve(cv.MAKER_BREAKER, ConventionGame(board(3, (0b011,)), bias=(1, 2)), method="qbf", rounds=2)


@pytest.fixture
def p3(tmp_path):
    path = tmp_path / "p3.txt"
    path.write_text("a b\nb c\n")
    return str(path)


@pytest.mark.parametrize("argv", [("avoider-enforcer", "--bias", "1:2"),
                                  ("avoider-enforcer", "--bias", "1:2", "--first", "enforcer"),
                                  ("maker-breaker", "--bias", "2:1"), ("maker-maker", "--bias", "1:2"),
                                  ("avoider-avoider", "--bias", "2:1"), ("avoider-avoider",)])
def test_cli_prints_the_same_words_as_the_reference(capsys, p3, argv):
    words = []
    for method in ("explicit", "qbf"):
        assert main(["solve", argv[0], p3, *argv[1:], "--method", method, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["method"] == method
        words.append((data["winner"], data["question"]))
        assert main(["solve", argv[0], p3, *argv[1:], "--method", method]) == 0
        words.append(capsys.readouterr().out.split("[")[0])
    assert words[:2] == words[2:]
