"""The general positional game (paper 004 Def I.1.8; issue 32): the explicit reference of every
convention and bias against an independent brute force (tests/brute.py, whole turns scored at once),
the unbiased Maker-Breaker reference against the existing Maker-Breaker solver, facts of §I.1
(Bias Monotonicity I.1.13, strategy stealing I.1.14), the empty edge, the typed question's bias, the
refusal of both checkers, the command line and the Python API."""
from __future__ import annotations

import copy
import itertools
import json
import random
import sys
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import verify
from verify.certificates.checker import check_certificate
from verify.cli import main
from verify.errors import CertificateError, InputError, TooLarge
from verify.games.conventions import (CONVENTIONS, STRONG, ConventionGame, parse_bias,
                                      with_bias)
from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import Hypergraph
from verify.question import Question
from verify.result import Winner
from verify.second_opinion import Refused
from verify.second_opinion import check as second_check
from verify.solvers import solve
from verify.solvers.explicit import solve_maker_breaker
from verify.solvers.explicit_conventions import ConventionSearch, solve_convention

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brute import positional_winner  # noqa: E402

BIASES = ((1, 1), (1, 2), (2, 1), (2, 2), (1, 3))


def _canonical(n: int, fam, tables) -> tuple:
    return min(tuple(sorted(t[e] for e in fam)) for t in tables)


def _tables(n: int):
    return [[sum(1 << pi[i] for i in range(n) if m >> i & 1) for m in range(1 << n)]
            for pi in itertools.permutations(range(n))]


@lru_cache(maxsize=None)
def every_hypergraph(n: int) -> tuple:
    """Every hypergraph on n vertices (edges: non-empty subsets), one per isomorphism class."""
    subsets = list(range(1, 1 << n))
    tables = _tables(n)
    seen = {}
    for code in range(1 << len(subsets)):
        fam = [subsets[i] for i in range(len(subsets)) if code >> i & 1]
        seen.setdefault(_canonical(n, fam, tables), None)
    return tuple(seen)


@lru_cache(maxsize=None)
def every_clutter(n: int) -> tuple:
    """Every antichain of non-empty subsets of n vertices (no edge inside another), up to
    isomorphism: a hypergraph with an edge containing another plays as its minimal edges."""
    tables = _tables(n)
    out = {}

    def grow(start: int, chosen: list):
        out.setdefault(_canonical(n, chosen, tables), None)
        for s in range(start, 1 << n):
            if all(s & c != c and s & c != s for c in chosen):
                grow(s + 1, chosen + [s])

    grow(1, [])
    return tuple(out)


def board(n: int, fam, marked: int = 0) -> Hypergraph:
    return Hypergraph.from_masks([f"v{i}" for i in range(n)], fam, marked)


def reference(n, fam, convention, bias, alice_first, alice=0, bob=0) -> str:
    h = board(n, fam, alice)
    roles = ConventionGame(h, convention).roles
    game = ConventionGame(h, convention, bias, roles[0] if alice_first or convention in STRONG else roles[1],
                          frozenset(h.names(bob)))
    return str(solve_convention(game).winner)


def _agree(n: int, fam) -> None:
    for convention in CONVENTIONS:
        for bias in BIASES:
            for alice_first in ((True, False) if convention not in STRONG else (True,)):
                want = positional_winner(n, fam, convention, *bias, alice_first)
                got = reference(n, fam, convention, bias, alice_first)
                assert got == want, (n, fam, convention, bias, alice_first)


# -- the reference against the brute force ------------------------------------------------------------

@pytest.mark.parametrize("n", [0, 1, 2, 3, pytest.param(4, marks=pytest.mark.slow)])  # 4: 12 s
def test_reference_equals_brute_force_on_every_hypergraph(n):
    """Every hypergraph up to 4 vertices (up to isomorphism: 1, 2, 6, 40, 1992 of them), every
    convention, biases (1:1) (1:2) (2:1) (2:2) (1:3), both starters (in the strong games the
    starter's claims are F of F:S, so both orders are the biases and their mirrors)."""
    for fam in every_hypergraph(n):
        _agree(n, fam)


@pytest.mark.slow
def test_reference_equals_brute_force_on_five_vertices():
    """Every clutter on 5 vertices up to isomorphism (a hypergraph plays as its minimal edges), and
    random hypergraphs on 5 vertices with nested edges."""
    for fam in every_clutter(5):
        _agree(5, fam)
    rng = random.Random(5)
    for _ in range(300):
        _agree(5, tuple(sorted(rng.sample(range(1, 32), rng.randint(1, 8)))))


def marked_questions(seed: int, count: int):
    """``count`` random questions from marked positions: (n, edges, convention, bias, alice_first,
    alice, bob) on at most 5 vertices, every convention and bias of :data:`BIASES`."""
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(1, 5)
        fam = rng.sample(range(1, 1 << n), rng.randint(0, min(5, (1 << n) - 1)))
        given_ = rng.sample(range(n), rng.randint(0, n))
        cut = rng.randint(0, len(given_))
        alice = sum(1 << i for i in given_[:cut])
        bob = sum(1 << i for i in given_[cut:])
        convention = rng.choice(CONVENTIONS)
        bias = rng.choice(BIASES)
        alice_first = convention in STRONG or rng.random() < 0.5
        yield n, fam, convention, bias, alice_first, alice, bob


def test_marked_positions_agree_with_brute_force():
    for n, fam, convention, bias, alice_first, alice, bob in marked_questions(32, 400):
        assert reference(n, fam, convention, bias, alice_first, alice, bob) == \
            positional_winner(n, fam, convention, *bias, alice_first, alice, bob), (n, fam, alice, bob, convention)


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 6).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(1, (1 << n) - 1), max_size=7, unique=True),
    st.sampled_from(CONVENTIONS), st.sampled_from(BIASES), st.booleans())))
def test_reference_equals_brute_force_beyond(case):
    n, fam, convention, bias, alice_first = case
    alice_first = alice_first or convention in STRONG
    assert reference(n, fam, convention, bias, alice_first) == positional_winner(n, fam, convention, *bias, alice_first)


# -- the unbiased Maker-Breaker reference against the existing Maker-Breaker solver -----------------------

@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_unbiased_maker_breaker_equals_existing_solver(n):
    for fam in every_hypergraph(n):
        h = board(n, fam)
        for first in ("maker", "breaker"):
            old = solve_maker_breaker(MakerBreakerGame(h, first)).winner
            new = solve_convention(ConventionGame(h, "maker-breaker", (1, 1), first)).winner
            assert str(old) == str(new), (fam, first)


def test_unbiased_maker_breaker_positions_equal_existing_solver():
    rng = random.Random(7)
    for _ in range(300):
        n = rng.randint(2, 6)
        fam = rng.sample(range(1, 1 << n), rng.randint(1, min(6, (1 << n) - 1)))
        given_ = rng.sample(range(n), rng.randint(0, n - 1))
        cut = rng.randint(0, len(given_))
        h = board(n, fam, sum(1 << i for i in given_[:cut]))
        bob = frozenset(h.names(sum(1 << i for i in given_[cut:])))
        for first in ("maker", "breaker"):
            old = solve_maker_breaker(MakerBreakerGame(h, first, bob)).winner
            new = solve_convention(ConventionGame(h, "maker-breaker", (1, 1), first, bob)).winner
            assert str(old) == str(new)


# -- facts of §I.1 --------------------------------------------------------------------------------------

def _random_boards(seed: int, count: int, most: int = 6):
    rng = random.Random(seed)
    for _ in range(count):
        n = rng.randint(2, most)
        yield board(n, rng.sample(range(1, 1 << n), rng.randint(1, min(5, (1 << n) - 1))))


def test_bias_monotonicity_of_maker_breaker():
    """Prop I.1.13: a Maker win at (p:q) stays one at (p+1:q); a Breaker win at (p:q) stays one at
    (p:q+1); either starter."""
    for h in _random_boards(13, 60):
        for first in ("maker", "breaker"):
            def win(p, q):
                return str(solve_convention(ConventionGame(h, "maker-breaker", (p, q), first)).winner)
            for p, q in ((1, 1), (1, 2), (2, 1), (2, 2), (1, 3)):
                if win(p, q) == "maker":
                    assert win(p + 1, q) == "maker", (h, first, p, q)
                else:
                    assert win(p, q + 1) == "breaker", (h, first, p, q)


def test_maker_maker_second_player_never_wins():
    """Prop I.1.14 (strategy stealing): in the (1:1) Maker-Maker game the second player never wins
    (and, p ≥ q, not at (2:1) or (2:2) either)."""
    for n in range(5):
        for fam in every_hypergraph(n) if n < 4 else every_hypergraph(4)[::7]:
            for bias in ((1, 1), (2, 1), (2, 2)):
                assert reference(n, fam, "maker-maker", bias, True) != "second", (fam, bias)
    for h in _random_boards(14, 40, most=7):
        assert str(solve_convention(ConventionGame(h, "maker-maker")).winner) != "second"


def test_path_plus_isolated_vertex_example():
    """§I.1.1.4 after Prop I.1.14: on P_3 plus an isolated vertex u, Avoider as first player wins
    both avoidance games (by playing u); with u precoloured blue she loses both."""
    h = Hypergraph([["a", "b"], ["b", "c"]], vertices=["a", "b", "c", "u"])
    assert str(solve_convention(ConventionGame(h, "avoider-enforcer", first="avoider")).winner) == "avoider"
    assert str(solve_convention(ConventionGame(h, "avoider-avoider")).winner) == "first"
    bob = frozenset({"u"})
    assert str(solve_convention(ConventionGame(h, "avoider-enforcer", first="avoider", bob=bob)).winner) == "enforcer"
    assert str(solve_convention(ConventionGame(h, "avoider-avoider", bob=bob)).winner) == "second"


@pytest.mark.parametrize("convention,word", [("maker-breaker", "maker"), ("avoider-enforcer", "enforcer"),
                                             ("maker-maker", "first"), ("avoider-avoider", "second")])
def test_empty_edge_decides_at_the_start(convention, word):
    """The remark after Def I.1.8: ∅ ∈ E decides before the game begins, whoever starts."""
    h = Hypergraph([[], ["a", "b"]])
    starters = ConventionGame(h, convention).roles if convention not in STRONG else ("first",)
    for first in starters:
        for bias in BIASES:
            out = solve_convention(ConventionGame(h, convention, bias, first))
            assert str(out.winner) == word and out.stats["nodes"] == 0


def test_mid_turn_completion_is_the_movers():
    """A completion inside a turn is the mover's (only the mover claims during a turn): with the
    single edge {a} on a, b, bias 2:1, the first player claims a and b in one turn and completes {a};
    with 1:2 the first claims b and the second's final short turn is a."""
    h = Hypergraph([["a"]], vertices=["a", "b"])
    # 2:1 on two vertices: the first player claims both, completes {a} and loses / wins
    assert str(solve_convention(ConventionGame(h, "avoider-avoider", (2, 1))).winner) == "second"
    assert str(solve_convention(ConventionGame(h, "maker-maker", (2, 1))).winner) == "first"
    # 1:2: the first claims b, the second must claim a (its final short turn): second completes
    assert str(solve_convention(ConventionGame(h, "avoider-avoider", (1, 2))).winner) == "first"
    assert str(solve_convention(ConventionGame(h, "avoider-enforcer", (1, 2))).winner) == "avoider"


def test_state_cap_is_one_line_too_large():
    h = Hypergraph([["a", "b", "c"], ["d", "e", "f"]])
    search = ConventionSearch(ConventionGame(h, "avoider-avoider"), max_states=5)
    with pytest.raises(TooLarge, match="too large for method explicit") as exc:
        search.start(0, 0, True)
    assert "\n" not in str(exc.value)


# -- the typed question ---------------------------------------------------------------------------------

def test_question_bias_serialised_only_when_biased():
    q = Question("maker-breaker", "sha256:00", (), None, None, (1, 1))
    assert q.bias is None and "bias" not in q.to_json() and q == Question("maker-breaker", "sha256:00")
    b = Question("avoider-enforcer", "sha256:00", (), None, None, (1, 2))
    assert b.to_json()["bias"] == [1, 2] and Question.from_json(b.to_json()) == b
    base = Question("maker-breaker", "sha256:00").to_json()
    for bad in ([1, 1], [0, 2], [1], [1, 2, 3], [1.0, 2], [True, 2], "1:2", None):
        with pytest.raises(CertificateError):
            Question.from_json({**base, "bias": bad})
    with pytest.raises(CertificateError):
        Question.from_json({**base, "biases": [1, 2]})


def test_unbiased_question_and_digest_unchanged():
    h = verify.family("tic-tac-toe", 3)
    old = solve("maker-breaker", MakerBreakerGame(h, "maker"), method="explicit").question
    new = verify.solve("maker-breaker", h, method="explicit", bias=(1, 1)).question
    assert old == new and "bias" not in new.to_json()


# -- the checkers refuse biased and new-convention questions of the other kinds ------------------------

def _forged(change: dict) -> dict:
    """A genuine certificate whose claimed question is changed by ``change``."""
    r = verify.solve("maker-breaker", Hypergraph([["a", "b"], ["b", "c"]]), method="explicit", certificate=True)
    cert = copy.deepcopy(r.certificate)
    cert["claim"]["question"].update(change)
    return cert


CHANGES = [{"bias": [1, 2]}, {"game": "avoider-enforcer", "first": "avoider"},
           {"game": "maker-maker", "first": None}, {"game": "avoider-avoider", "bias": [2, 1]}]


@pytest.mark.parametrize("change", CHANGES)
def test_kernel_refuses_biased_and_new_convention_certificates(change):
    with pytest.raises(CertificateError,
                       match="^only a positional-strategy certificate answers biased or .* questions$"):
        check_certificate(_forged(change))


@pytest.mark.parametrize("change", CHANGES)
def test_second_checker_refuses_biased_and_new_convention_certificates(change):
    with pytest.raises(Refused, match="^only a positional-strategy certificate answers biased or .* questions$"):
        second_check(_forged(change))


# -- the Python API ---------------------------------------------------------------------------------------

def test_api_solve_with_bias():
    h = Hypergraph([["a", "b"], ["b", "c"]])
    r = verify.solve("avoider-enforcer", h, bias=(1, 2))
    assert r.winner is Winner.AVOIDER and r.question.bias == (1, 2)
    assert r.to_json()["question"]["game"] == "avoider-enforcer" and r.to_json()["question"]["bias"] == [1, 2]
    assert str(verify.solve("maker-breaker", h, bias="1:2").winner) == "breaker"
    assert str(verify.solve("maker-breaker", h, bias="1:2", first="breaker").winner) == "breaker"
    assert str(verify.solve("avoider-enforcer", h, first="enforcer").winner) == "avoider"
    assert str(verify.solve("maker-maker", h, bias=(1, 2)).winner) == "draw"
    assert str(verify.solve("avoider-avoider", h).winner) == "second"
    with pytest.raises(InputError, match="does not take a bias"):
        verify.solve("maker-breaker", h, method="structural", bias=(1, 2))
    with pytest.raises(InputError, match="acv has no bias"):
        verify.solve("acv", h, bias=(1, 2))
    with pytest.raises(InputError):
        verify.solve("maker-maker", h, first="second")
    with pytest.raises(InputError):
        verify.solve("avoider-enforcer", h, bias=(0, 1))


def test_parse_bias_and_with_bias():
    assert parse_bias("2:3") == (2, 3) and parse_bias([1, 4]) == (1, 4)
    for bad in ("1:0", "1-2", " 1:2", "1:2:3", "a:b", "", "1:99999999999", (1,), (1, 2.0), (True, 1)):
        with pytest.raises(InputError):
            parse_bias(bad)
    mb = MakerBreakerGame(Hypergraph([["a", "b"]]), "breaker")
    assert with_bias("maker-breaker", mb, "1:1") is mb
    assert with_bias("maker-breaker", mb, "1:2") == ConventionGame(mb.board, "maker-breaker", (1, 2), "breaker")


# -- the command line -------------------------------------------------------------------------------------

@pytest.fixture
def p3(tmp_path):
    path = tmp_path / "p3.txt"
    path.write_text("a b\nb c\n")
    return str(path)


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("argv,winner,bias", [
    (("maker-breaker", "--bias", "1:2"), "breaker", [1, 2]),
    (("maker-breaker", "--bias", "2:1", "--first", "breaker"), "breaker", [2, 1]),
    (("maker-breaker", "--bias", "2:1"), "maker", [2, 1]),
    (("avoider-enforcer",), "enforcer", None),
    (("avoider-enforcer", "--bias", "1:2", "--first", "enforcer"), "avoider", [1, 2]),
    (("maker-maker", "--bias", "1:2"), "draw", [1, 2]),
    (("maker-maker",), "first", None),
    (("avoider-avoider",), "second", None),
    (("avoider-avoider", "--bias", "2:1"), "draw", [2, 1]),
])
def test_cli_words_and_question(capsys, p3, argv, winner, bias):
    code, out, _ = run(capsys, "solve", argv[0], p3, *argv[1:], "--json")
    data = json.loads(out)
    assert code == 0 and data["winner"] == winner and data["question"]["game"] == argv[0]
    assert data["question"].get("bias") == bias
    code, out, _ = run(capsys, "solve", argv[0], p3, *argv[1:])
    assert code == 0 and out.startswith(winner)


@pytest.mark.parametrize("argv", [("maker-breaker", "--bias", "0:1"), ("maker-breaker", "--bias", "x"),
                                  ("acv", "--bias", "1:2"), ("pg", "--bias", "1:2"),
                                  ("maker-maker", "--first", "maker"), ("avoider-enforcer", "--first", "breaker"),
                                  ("maker-breaker", "--first", "avoider"),
                                  ("maker-breaker", "--bias", "1:2", "--method", "structural")])
def test_cli_bad_bias_one_line_exit_2(capsys, p3, argv):
    code, out, err = run(capsys, "solve", argv[0], p3, *argv[1:])
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1, err


def test_cli_unbiased_maker_breaker_unchanged(capsys, p3):
    code, out, _ = run(capsys, "solve", "maker-breaker", p3, "--json")
    plain = json.loads(out)
    code2, out2, _ = run(capsys, "solve", "maker-breaker", p3, "--bias", "1:1", "--json")
    same = json.loads(out2)
    assert code == code2 == 0 and plain["method"] == same["method"] and plain["question"] == same["question"]
    assert "bias" not in plain["question"]


def random_position(rng, m: int) -> tuple[int, int]:
    """Two disjoint random vertex masks over ``m`` vertices (Alice's, Bob's), of any sizes."""
    cells = rng.sample(range(m), rng.randint(0, m))
    cut = rng.randint(0, len(cells))
    return sum(1 << i for i in cells[:cut]), sum(1 << i for i in cells[cut:])
