"""The fast route of the general positional game (verify/solvers/search/conventions.py, method
``search``) against the explicit reference and the brute force of tests/brute.py: every hypergraph up
to 4 vertices (a slice by default, all of them and every clutter on 5 vertices marked slow), every
convention, biases (1:1) (1:2) (2:1) (2:2) (1:3), both starters, marked positions, hypothesis beyond;
each exact rule forced (turning it off changes the work on a board where it fires, never a value);
the canonical labelling of K_n states; the method through solve(), with certificates."""
from __future__ import annotations

import itertools
import random
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify.errors import InputError
from verify.families.graphs import graph_board
from verify.games.conventions import CONVENTIONS, STRONG, ConventionGame
from verify.solvers import solve
from verify.solvers.explicit_conventions import solve_convention
from verify.solvers.search import conventions as sc

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brute import positional_winner  # noqa: E402
from test_conventions import (BIASES, board, every_clutter, every_hypergraph, marked_questions,  # noqa: E402
                              random_position)


def game_of(n, fam, convention, bias, alice_first, alice=0, bob=0) -> ConventionGame:
    h = board(n, fam, alice)
    roles = ConventionGame(h, convention).roles
    first = roles[0] if alice_first or convention in STRONG else roles[1]
    return ConventionGame(h, convention, bias, first, frozenset(h.names(bob)))


def fast(game, rules=sc.RULES) -> str:
    return str(sc.solve_convention_search(game, rules=rules).winner)


def _agree(n: int, fam, rules=sc.RULES) -> None:
    for convention in CONVENTIONS:
        for bias in BIASES:
            for alice_first in ((True, False) if convention not in STRONG else (True,)):
                game = game_of(n, fam, convention, bias, alice_first)
                want = str(solve_convention(game).winner)
                assert fast(game, rules) == want, (n, fam, convention, bias, alice_first, rules)


# -- against the reference ----------------------------------------------------------------------------

@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_search_equals_reference_on_every_small_hypergraph(n):
    for fam in every_hypergraph(n):
        _agree(n, fam)


def test_search_equals_reference_on_a_slice_of_four_vertices():
    """A fixed slice of the 1992 hypergraphs on 4 vertices (all of them: marked slow)."""
    for fam in every_hypergraph(4)[::150]:
        _agree(4, fam)


@pytest.mark.slow
def test_search_equals_reference_on_every_hypergraph_of_four_vertices():
    for fam in every_hypergraph(4):
        _agree(4, fam)


@pytest.mark.slow
def test_search_equals_reference_on_every_clutter_of_five_vertices():
    for fam in every_clutter(5):
        _agree(5, fam)


def test_marked_positions_agree_with_brute_force():
    for n, fam, convention, bias, alice_first, alice, bob in marked_questions(4, 150):
        game = game_of(n, fam, convention, bias, alice_first, alice, bob)
        assert fast(game) == positional_winner(n, fam, convention, *bias, alice_first, alice, bob), \
            (n, fam, alice, bob, convention, bias)


@settings(max_examples=40, deadline=None)
@given(st.integers(5, 7).flatmap(lambda n: st.tuples(
    st.just(n), st.lists(st.integers(1, (1 << n) - 1), max_size=8, unique=True),
    st.sampled_from(CONVENTIONS), st.sampled_from(BIASES), st.booleans())))
def test_search_equals_reference_beyond(case):
    n, fam, convention, bias, alice_first = case
    game = game_of(n, fam, convention, bias, alice_first or convention in STRONG)
    assert fast(game) == str(solve_convention(game).winner)


@pytest.mark.parametrize("convention", CONVENTIONS)
@pytest.mark.parametrize("bias", [(1, 1), (1, 2), (2, 1)])
def test_triangle_boards_of_k5_agree_with_reference(convention, bias):
    """K_5 triangle boards (10 vertices, S_5 keyed), both starters."""
    h = graph_board("triangle", 5)
    for first in ConventionGame(h, convention).roles[:1 if convention in STRONG else 2]:
        game = ConventionGame(h, convention, bias, first)
        out = sc.solve_convention_search(game)
        assert out.stats["symmetry"] == "S_5"
        assert str(out.winner) == str(solve_convention(game).winner), (convention, bias, first)


# -- each rule forced: it fires (the work changes without it) and never changes a value -----------------

#: a board where each rule fires, by convention: the K_5 triangle game at (1:2), both starters
FIRING = [(c, b) for c in CONVENTIONS for b in ((1, 1), (1, 2))]


@pytest.mark.parametrize("rule", sc.RULES)
def test_each_rule_fires_and_is_exact(rule):
    rest = tuple(r for r in sc.RULES if r != rule)
    changed = False
    boards = [graph_board("triangle", 5), board(5, (0b00111, 0b01110, 0b11100, 0b10011, 0b00011, 0b01111))]
    for h in boards:
        for convention, bias in FIRING:
            for first in ConventionGame(h, convention).roles[:1 if convention in STRONG else 2]:
                game = ConventionGame(h, convention, bias, first)
                on = sc.ConventionSolver(game)
                off = sc.ConventionSolver(game, rules=rest)
                v_on = on.start(game.alice_mask, game.bob_mask, game.alice_first)
                v_off = off.start(game.alice_mask, game.bob_mask, game.alice_first)
                assert v_on == v_off, (rule, convention, bias, first)
                changed |= on.nodes != off.nodes
    assert changed, f"rule {rule!r} never fired"


@pytest.mark.parametrize("rule", sc.RULES)
def test_search_without_each_rule_equals_reference(rule):
    rest = tuple(r for r in sc.RULES if r != rule)
    for fam in every_hypergraph(3):
        _agree(3, fam, rest)


def test_unknown_rule_is_refused():
    with pytest.raises(InputError):
        sc.ConventionSolver(ConventionGame(graph_board("triangle", 4)), rules=("nope",))


# -- the canonical labelling of K_n states ----------------------------------------------------------------

def _relabel(n, EI, a, b, perm):
    out_a = out_b = 0
    for i, j in itertools.combinations(range(n), 2):
        e, f = EI[i, j], EI[perm[i], perm[j]]
        out_a |= (a >> e & 1) << f
        out_b |= (b >> e & 1) << f
    return out_a, out_b


@pytest.mark.parametrize("n", [5, 6, 7])
def test_kn_keys_are_canonical_and_sound(n):
    """Keys of a state and of its image under a random permutation of K_n agree (canonical, on these
    states the labelling stays below its leaf cap), and a key is the image of its state (sound)."""
    h = graph_board("triangle", n)
    canon, H = sc.kernel()
    n_, EI = sc.kn_layout(h)
    assert n_ == n
    rng = random.Random(n)
    m = n * (n - 1) // 2
    for _ in range(200):
        a, b = random_position(rng, m)
        perm = list(range(n))
        rng.shuffle(perm)
        a2, b2 = _relabel(n, EI, a, b, perm)
        k1 = canon(a, b, n, EI, H, sc.LEAF_CAP)
        k2 = canon(a2, b2, n, EI, H, sc.LEAF_CAP)
        assert k1 == k2
        if n <= 5 or (n == 6 and _ < 30):
            assert any(_relabel(n, EI, a, b, p) == tuple(map(int, k1))
                       for p in itertools.permutations(range(n)))


def test_kn_layout_refuses_other_boards():
    assert sc.kn_layout(board(3, (0b011,))) is None
    h = graph_board("triangle", 5)
    assert sc.kn_layout(h.__class__(list(h.edges)[:-1], vertices=h.vertices)) is None  # S_5 broken


# -- through solve() and with certificates ----------------------------------------------------------------

@pytest.mark.parametrize("convention", CONVENTIONS)
def test_method_search_with_certificate(convention):
    h = graph_board("triangle", 4)
    bias = (1, 2) if convention == "maker-breaker" else (1, 1)
    game = ConventionGame(h, convention, bias)
    out = solve(convention, game, method="search", certificate=True)
    assert out.method == "search" and out.check is not None
    assert str(out.winner) == str(solve(convention, game, method="explicit").winner)


def test_unbiased_maker_breaker_search_is_the_proof_search():
    """The unbiased Maker-Breaker game keeps the .pg proof search (this route is for the biased
    game); a biased game refuses the options only that search takes."""
    from verify.solvers import method_info
    from verify.solvers.search import methods
    route = method_info("maker-breaker", "search")
    assert route.fn.__wrapped__ is methods.solve_maker_breaker_search
    assert {"certificate", "timeout", "jobs", "driver"} <= set(route.takes)  # the proof search's options
    h = board(3, (0b011, 0b110))
    with pytest.raises(InputError, match="--jobs"):
        solve("maker-breaker", ConventionGame(h, bias=(1, 2)), method="search", jobs=2)


@pytest.mark.slow
def test_unbiased_maker_breaker_search_runs_the_proof_search(monkeypatch):
    """(slow: the proof search's kernel may compile) the unbiased game never reaches this search."""
    def boom(*args, **kwargs):
        raise AssertionError("the unbiased game reached the conventions search")
    monkeypatch.setattr(sc, "solve_convention_search", boom)
    h = board(3, (0b011, 0b110))
    assert str(solve("maker-breaker", ConventionGame(h), method="search").winner) == "maker"


def test_without_numba_the_same_code_runs_interpreted():
    """Without the extra 'fast' the canonical labelling runs as plain Python: same verdicts."""
    import subprocess
    code = """
import sys, importlib.abc
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] == 'numba':
            raise ModuleNotFoundError(name, name=name)
sys.meta_path.insert(0, Block())
from verify.families.graphs import graph_board
from verify.games.conventions import ConventionGame
from verify.solvers.search import conventions as sc
for conv in ('maker-breaker', 'avoider-avoider'):
    out = sc.solve_convention_search(ConventionGame(graph_board('triangle', 5), conv, (1, 2)))
    print(out.winner, out.stats['symmetry'])
assert 'numba' not in sys.modules
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    want = [f"{solve_convention(ConventionGame(graph_board('triangle', 5), conv, (1, 2))).winner} S_5"
            for conv in ("maker-breaker", "avoider-avoider")]
    assert r.stdout.split("\n")[:2] == want
