"""The second checker on ``positional-strategy`` certificates (issue 32): it agrees with the kernel
and with the brute force (tests/brute.py positional_value) on certificates built by the brute force
(tests/forgers_positional.py valid_cert) and by the reference solver
(verify.solvers.explicit_conventions.solve_convention(game, certificate=True)), every hypergraph up
to 4 vertices, the four conventions of paper 004 Def I.1.8, biases (1:1) (1:2) (2:1) (2:2) (1:3) and
both starters (``-m slow``; a random slice by default); both refuse hand-made bad certificates; and
hypothesis-driven forgeries on random boards of at most 5 vertices are never accepted when false.
Named completions and threats (rule P11): both accept the builder's named certificates (triangles of
K_5, K_6, K_8 at 1:2, Hamiltonicity of K_5, random small boards) and refuse broken ones; each P11
condition of the second checker is shown needed by a forgery a copy without it accepts."""
from __future__ import annotations

import copy
import functools
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from verify.certificates.checker import check_certificate
from verify.errors import CertificateError, VerifyError
from verify.second_opinion import COVERED_KINDS, Refused, check, check_path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import forgers_positional as P  # noqa: E402
from test_conventions import every_hypergraph  # noqa: E402

KIND = P.KIND


def _second(cert):
    return check(copy.deepcopy(cert))


def _kernel(cert):
    return check_certificate(copy.deepcopy(cert))


def _compare(c: dict, disagreements: list) -> None:
    """Both checkers on ``c``: a disagreement is recorded; an accept must be a true claim."""
    k, s = _accepts(_kernel, c), _accepts(_second, c)
    if k != s:
        disagreements.append((k, s, json.dumps(c)[:300]))
    if k or s:
        assert P.truth(c), json.dumps(c)[:300]


def _accepts(fn, cert) -> bool:
    try:
        fn(cert)
        return True
    except (Refused, CertificateError):
        return False


def _both_accept_same(cert) -> None:
    """Both checkers accept, with the same question and verdict, and the brute force agrees."""
    opinion = _second(cert)
    report = _kernel(cert)
    assert opinion.kind == report.kind == KIND
    assert opinion.question == report.question.to_json() == cert["claim"]["question"]
    assert opinion.verdict == report.verdict == cert["claim"]["verdict"]
    assert P.truth(cert), "the brute force disagrees with an accepted certificate"


def _both_refuse(cert) -> None:
    with pytest.raises(Refused):
        _second(cert)
    with pytest.raises(CertificateError):
        _kernel(cert)


def _questions(n: int, fam: tuple):
    names = tuple(f"v{i}" for i in range(n))
    edges = tuple(tuple(names[i] for i in range(n) if m >> i & 1) for m in fam)
    for convention in P.CONVENTIONS:
        alice, bob = P.ROLES[convention]
        for bias in P.BIASES:
            for first in ((alice,) if convention in P.STRONG else (alice, bob)):
                yield P.PQ(names, edges, convention, bias, first)


def _every_question(max_n: int):
    for n in range(1, max_n + 1):
        for fam in every_hypergraph(n):
            yield from _questions(n, fam)


def _solver_certificate(pq: P.PQ):
    """The reference solver's certificate of ``pq`` (None before the builder exists)."""
    from verify.games.conventions import ConventionGame
    from verify.hypergraph import Hypergraph
    from verify.solvers.explicit_conventions import solve_convention
    h = Hypergraph([list(e) for e in pq.edges], vertices=list(pq.vertices), marked=sorted(pq.alice))
    game = ConventionGame(h, pq.convention, pq.bias, pq.first, pq.bob)
    try:
        return solve_convention(game, certificate=True).certificate
    except VerifyError as exc:
        if "no certificate kind" in str(exc):
            return None
        raise


def test_kind_is_covered():
    assert KIND in COVERED_KINDS


def _committed():
    """The committed positional-strategy certificates under proofs/ (the large ones ``slow``)."""
    out = []
    for p in sorted((ROOT / "proofs").rglob("*.json")):  # 45 MB: a plain text search, no parse
        if f'"{KIND}"' not in p.read_text(encoding="utf-8"):
            continue
        big = p.stat().st_size > 200_000
        out.append(pytest.param(p, marks=[pytest.mark.slow] if big else [], id=p.name))
    return out


@pytest.mark.parametrize("path", _committed())
def test_agrees_with_the_kernel_on_committed(path):
    report = check_certificate(json.loads(path.read_text(encoding="utf-8")))
    opinion = check_path(path)
    assert opinion.kind == report.kind == KIND
    assert opinion.question == report.question.to_json()
    assert opinion.verdict == report.verdict


# -- agreement ------------------------------------------------------------------------------------------

def test_agreement_on_a_random_slice():
    """Brute-force certificates of random questions (boards of at most 6 vertices, stones of either
    side, the empty edge and given whole edges now and then): both checkers accept them alike."""
    rng = random.Random(32)
    for _ in range(150):
        board = P.random_board(rng, 5, empty_edge=0.1) if rng.random() < 0.6 else None
        pq = P.random_question(rng, board=board, whole_edge=0.1)
        _both_accept_same(P.valid_cert(pq, rng))


def test_agreement_on_every_board_of_three_vertices():
    for pq in _every_question(3):
        _both_accept_same(P.valid_cert(pq))


def test_solver_certificates_on_a_random_slice():
    """The reference solver's certificates (H1's builder): both checkers accept them, the brute force
    agrees, on random questions."""
    rng = random.Random(7)
    checked = 0
    for _ in range(120):
        pq = P.random_question(rng, board=P.random_board(rng, 5, empty_edge=0.1) if rng.random() < 0.5 else None,
                               whole_edge=0.1)
        cert = _solver_certificate(pq)
        if cert is None:
            pytest.skip("the solver does not build positional-strategy certificates yet")
        _both_accept_same(cert)
        checked += 1
    assert checked == 120


@pytest.mark.slow
@pytest.mark.parametrize("source", ["brute", "solver"])
def test_agreement_on_every_board_up_to_four_vertices(source):
    """Every hypergraph up to 4 vertices (up to isomorphism), every convention, bias and starter."""
    count = 0
    for pq in _every_question(4):
        cert = P.valid_cert(pq) if source == "brute" else _solver_certificate(pq)
        if cert is None:
            pytest.skip("the solver does not build positional-strategy certificates yet")
        _both_accept_same(cert)
        count += 1
    assert count > 10_000


# -- refusals of hand-made certificates ------------------------------------------------------------------

#: Maker-Breaker on a path a-b-c (edges ab, bc): Maker first wins (claims b), Breaker first wins
PATH = (("a", "b", "c"), (("a", "b"), ("b", "c")))


def _mb(first="maker", bias=(1, 1), alice=(), bob=()):
    return P.valid_cert(P.PQ(*PATH, "maker-breaker", bias, first, frozenset(alice), frozenset(bob)))


def _mm(bias=(1, 1), board=PATH, convention="maker-maker"):
    return P.valid_cert(P.PQ(*board, convention, bias))


def _entry(cert, i=0):
    return next(iter(cert["strategies"].values()))[i]


def test_the_hand_made_bases_are_accepted():
    for c in (_mb(), _mb("breaker"), _mm(), _mm((1, 2)), _mm(convention="avoider-avoider")):
        _both_accept_same(c)
    assert _mb()["claim"]["verdict"] == {"winner": "maker"}
    assert _mb("breaker")["claim"]["verdict"] == {"winner": "breaker"}


def _draw_cert():
    """A strong game drawn: avoider-avoider on two disjoint pairs (nobody must complete)."""
    for board in [(("a", "b", "c", "d"), (("a", "b"), ("c", "d"))), (("a", "b", "c", "d"), (("a", "b", "c"),)),
                  (("a", "b", "c", "d", "e"), (("a", "b", "c"), ("c", "d", "e")))]:
        for convention in P.STRONG:
            for bias in P.BIASES:
                c = _mm(bias, board, convention)
                if c["claim"]["verdict"]["winner"] == "draw":
                    return c
    raise AssertionError("no drawn board")


MUTANTS = {
    "entry with an extra key": lambda c: _entry(c).update(note=1),
    "entry without claim": lambda c: _entry(c).pop("claim"),
    "entry as a list": lambda c: c["strategies"]["maker"].__setitem__(0, [[], [], "b"]),
    "claim not a vertex": lambda c: _entry(c).update(claim="z"),
    "claim occupied (a pass)": lambda c: [e.update(claim=e["maker"][0]) for e in c["strategies"]["maker"] if e["maker"]],
    "claim occupied (a theft)": lambda c: [e.update(claim=e["breaker"][0]) for e in c["strategies"]["maker"]
                                           if e["breaker"]],
    "claim of the empty string": lambda c: _entry(c).update(claim=""),
    "entry deleted": lambda c: c["strategies"]["maker"].pop(),
    "entry duplicated": lambda c: c["strategies"]["maker"].append(copy.deepcopy(_entry(c))),
    "entry for an unreached state": lambda c: c["strategies"]["maker"].append(
        {"maker": ["a"], "breaker": [], "claim": "b"}),
    "entry state overlapping": lambda c: c["strategies"]["maker"].append(
        {"maker": ["a", "b"], "breaker": ["b"], "claim": "c"}),
    "entry state with a name twice": lambda c: [e.update(maker=e["maker"] * 2) for e in c["strategies"]["maker"]
                                                if e["maker"]],
    "entry state with an unknown name": lambda c: _entry(c).update(breaker=["q"]),
    "strategies for the loser": lambda c: c.update(strategies={"breaker": c["strategies"]["maker"]}),
    "strategies with an extra table": lambda c: c["strategies"].update(breaker=[]),
    "strategies as a list": lambda c: c.update(strategies=[c["strategies"]["maker"]]),
    "table as an object": lambda c: c["strategies"].update(maker={}),
    "draw in a weak game": lambda c: c["claim"]["verdict"].update(winner="draw"),
    "winner flipped": lambda c: c["claim"]["verdict"].update(winner="breaker"),
    "verdict with an extra key": lambda c: c["claim"]["verdict"].update(first="maker"),
    "bias [1, 1] written out": lambda c: c["claim"]["question"].update(bias=[1, 1]),
    "bias of zero": lambda c: c["claim"]["question"].update(bias=[0, 1]),
    "bias as floats": lambda c: c["claim"]["question"].update(bias=[1.0, 2]),
    "bias as booleans": lambda c: c["claim"]["question"].update(bias=[True, 2]),
    "bias of three numbers": lambda c: c["claim"]["question"].update(bias=[1, 2, 1]),
    "bias 1:2 on a Maker win": lambda c: c["claim"]["question"].update(bias=[1, 2]),
    "first null in a weak game": lambda c: c["claim"]["question"].update(first=None),
    "first breaker": lambda c: c["claim"]["question"].update(first="breaker"),
    "bound 0": lambda c: c["claim"]["question"].update(bound=0),
    "bound 5": lambda c: c["claim"]["question"].update(bound=5),
    "position without breaker": lambda c: c["claim"]["question"]["position"].pop("breaker"),
    "position with first": lambda c: c["claim"]["question"]["position"].update(first=[]),
    "position overlapping": lambda c: c["claim"]["question"].update(position={"maker": ["a"], "breaker": ["a"]}),
    "position with a stone for Breaker": lambda c: c["claim"]["question"]["position"].update(breaker=["b"]),
    "game avoider-enforcer": lambda c: c["claim"]["question"].update(game="avoider-enforcer"),
    "game maker-maker": lambda c: c["claim"]["question"].update(game="maker-maker", first=None),
    "game pg": lambda c: c["claim"]["question"].update(game="pg"),
    "instance with marks": lambda c: c["instance"].update(marked=["b"]),
    "instance with an edge less": lambda c: c["instance"]["edges"].pop(),
    "instance digest of another board": lambda c: c["claim"]["question"].update(
        instance=P.canonical_digest(("a", "b", "c"), (("a", "b"),))),
    "unknown body key": lambda c: c.update(strategy=[]),
    "kind maker-breaker-strategy": lambda c: c.update(kind="maker-breaker-strategy"),
}


@pytest.mark.parametrize("name", sorted(MUTANTS))
def test_hand_made_mutants_refused(name):
    c = _mb()
    MUTANTS[name](c)
    _both_refuse(c)


STRONG_MUTANTS = {
    "draw with one table": lambda c: c["strategies"].pop("second"),
    "draw with maker's table": lambda c: c["strategies"].update(maker=c["strategies"].pop("first")),
    "draw claimed as a first win": lambda c: c.update(
        claim={**c["claim"], "verdict": {"winner": "first"}}, strategies={"first": c["strategies"]["first"]}),
    "first set": lambda c: c["claim"]["question"].update(first="first"),
    "first second": lambda c: c["claim"]["question"].update(first="second"),
    "roles of maker-breaker": lambda c: c["claim"]["question"].update(
        position={"maker": [], "breaker": []}),
    "tables swapped": lambda c: c.update(strategies={"first": c["strategies"]["second"],
                                                     "second": c["strategies"]["first"]}),
}


@pytest.mark.parametrize("name", sorted(STRONG_MUTANTS))
def test_strong_game_mutants_refused(name):
    c = _draw_cert()
    _both_accept_same(c)
    STRONG_MUTANTS[name](c)
    if name == "tables swapped" and not (c["strategies"]["first"] or c["strategies"]["second"]):
        pytest.skip("both tables empty")
    _both_refuse(c)


def test_decided_starts():
    """The empty edge and a given whole edge decide the start (Remark after Def I.1.8): the tables
    must be empty and the verdict the decided one."""
    empty = (("a", "b"), ((), ("a", "b")))
    words = {"maker-breaker": "maker", "avoider-enforcer": "enforcer", "maker-maker": "first",
             "avoider-avoider": "second"}
    for convention, word in words.items():
        alice, bob = P.ROLES[convention]
        for first in ((alice,) if convention in P.STRONG else (alice, bob)):
            c = P.valid_cert(P.PQ(*empty, convention, (1, 1), first))
            assert c["claim"]["verdict"]["winner"] == word and not any(c["strategies"].values())
            _both_accept_same(c)
            bad = copy.deepcopy(c)
            bad["strategies"][word] = [{alice: [], bob: [], "claim": "a"}]
            _both_refuse(bad)
            bad = copy.deepcopy(c)
            other = bob if word == alice else alice
            bad["claim"]["verdict"]["winner"] = other
            bad["strategies"] = {other: []}
            _both_refuse(bad)
    # Breaker holding a whole edge means nothing; both players holding one in the strong games: the
    # first player is deemed to have completed first
    c = _mb("maker", bob=("a", "b"))
    assert c["claim"]["verdict"]["winner"] == "breaker" and _accepts(_second, c)
    _both_accept_same(c)
    both = (("a", "b", "c", "d"), (("a", "b"), ("c", "d")))
    for convention, word in (("maker-maker", "first"), ("avoider-avoider", "second")):
        c = P.valid_cert(P.PQ(*both, convention, (1, 2), None, frozenset("ab"), frozenset("cd")))
        assert c["claim"]["verdict"]["winner"] == word
        _both_accept_same(c)


def test_full_board_at_the_start():
    """A start with no free vertex and nothing decided: the full board's verdict, empty tables."""
    for convention, word in (("maker-breaker", "breaker"), ("avoider-enforcer", "avoider"),
                             ("maker-maker", "draw"), ("avoider-avoider", "draw")):
        pq = P.PQ(("a", "b"), (("a", "b"),), convention, (1, 1), None, frozenset("a"), frozenset("b"))
        c = P.valid_cert(pq)
        assert c["claim"]["verdict"]["winner"] == word
        _both_accept_same(c)
        for w in pq.roles:
            if w != word:
                _both_refuse(P.cert_of(pq, w, {w: []}))


def test_mid_turn_completion_ends_the_game():
    """Bias 2:1, Maker-Maker on the edge {a}: the first player completes it with the first claim of
    the first turn and wins; a table naming the state after that claim (the turn's second claim) is
    refused as unreached, in both checkers."""
    pq = P.PQ(("a", "b", "c"), (("a",), ("b", "c")), "maker-maker", (2, 1))
    c = P.cert_of(pq, "first", {"first": [{"first": [], "second": [], "claim": "a"}]})
    _both_accept_same(c)
    c["strategies"]["first"].append({"first": ["a"], "second": [], "claim": "b"})
    _both_refuse(c)
    # Avoider-Enforcer 1:2, Enforcer first: Enforcer completing {b, c} means nothing, the game goes on
    pq = P.PQ(("a", "b", "c", "d"), (("b", "c"), ("a", "d")), "avoider-enforcer", (1, 2), "enforcer")
    c = P.valid_cert(pq)
    _both_accept_same(c)


def test_second_opinion_caps(monkeypatch):
    import verify.second_opinion.positional as sp
    c = _mm((1, 1), (("a", "b", "c", "d"), (("a", "b", "c"),)))
    _both_accept_same(c)
    monkeypatch.setattr(sp, "MAX_WALK_STATES", 2)
    with pytest.raises(Refused, match="more than 2 states walked"):
        check(copy.deepcopy(c))
    monkeypatch.setattr(sp, "MAX_WALK_STATES", 10**6)
    monkeypatch.setattr(sp, "MAX_ENTRIES", 1)
    if sum(map(len, c["strategies"].values())) > 1:
        with pytest.raises(Refused, match="more than 1 table entries"):
            check(copy.deepcopy(c))


def test_second_opinion_work_cap(monkeypatch):
    """A board with many edges through each vertex: the walk's work (vertices touched, the edges
    through each claimed vertex included) is capped, refused in one line."""
    import itertools

    import verify.second_opinion.positional as sp
    names = tuple("abcdefgh")
    pq = P.PQ(names, tuple(itertools.combinations(names, 4)), "maker-breaker", (1, 3), "maker")
    c = P.valid_cert(pq)
    _both_accept_same(c)
    monkeypatch.setattr(sp, "MAX_WALK_WORK", 2_000)
    with pytest.raises(Refused, match="more than 2000 units of work"):
        check(copy.deepcopy(c))


def test_second_opinion_reads_strict_json(tmp_path):
    c = _mb()
    text = json.dumps(c)
    p = tmp_path / "c.json"
    p.write_text(text.replace('"version": 2', '"version": 2, "version": 2'), encoding="utf-8")
    with pytest.raises(Refused, match="given twice"):
        check_path(p)
    p.write_text(text, encoding="utf-8")
    assert check_path(p).verdict == {"winner": "maker"}


def test_verify_check_second_opinion_covers_the_kind(tmp_path):
    """``verify check --second-opinion`` runs the second checker on the kind (both must agree)."""
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(_mm((1, 2))), encoding="utf-8")
    c = _mm((1, 2))
    c["claim"]["question"]["bias"] = [2, 1]
    bad.write_text(json.dumps(c), encoding="utf-8")
    verify_cmd = [sys.executable, "-m", "verify.cli", "check", "--second-opinion", "--json"]
    out = subprocess.run(verify_cmd + [str(good)], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stdout + out.stderr
    row = json.loads(out.stdout)
    text = json.dumps(row)
    assert "agree" in text and "positional-strategy" in text
    out = subprocess.run(verify_cmd + [str(bad)], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode != 0


# -- forgeries on random small boards ---------------------------------------------------------------------

@st.composite
def small_questions(draw):
    n = draw(st.integers(1, 5))
    names = tuple("abcde"[:n])
    subsets = st.lists(st.sampled_from(names), min_size=0, max_size=min(3, n), unique=True)
    edges = draw(st.lists(subsets, min_size=1, max_size=4))
    edges = tuple(sorted({tuple(sorted(e)) for e in edges}))
    convention = draw(st.sampled_from(P.CONVENTIONS))
    bias = draw(st.sampled_from(P.BIASES))
    owner = draw(st.lists(st.sampled_from([0, 0, 0, 0, 1, 2]), min_size=n, max_size=n))
    alice = frozenset(v for v, o in zip(names, owner) if o == 1)
    bob = frozenset(v for v, o in zip(names, owner) if o == 2)
    first = draw(st.sampled_from(P.ROLES[convention]))
    return P.PQ(names, edges, convention, bias, first, alice, bob)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pq=small_questions(), seed=st.integers(0, 2**32 - 1))
def test_hypothesis_forgeries_never_accepted_when_false(pq, seed):
    """A random forgery (a rule variant's tables or a false claim with a stuck policy) on a random
    board of at most 5 vertices: each checker that accepts it must be right (brute force)."""
    f = P.random_forgery(random.Random(seed), pq)
    for name, fn in (("second", _second), ("kernel", _kernel)):
        if _accepts(fn, f.cert):
            assert P.truth(f.cert), f"{name} accepted a false forgery: {f.note}: {json.dumps(f.cert)[:400]}"


def test_integer_names_agree():
    """Vertex names given as JSON integers (boards named 1..n): both checkers accept or both refuse,
    in entries, claims and the position."""
    pq = P.PQ(("1", "2", "3"), (("1", "2"), ("2", "3")), "maker-breaker", (1, 1), "maker", frozenset(), frozenset())
    base = P.valid_cert(pq)
    _both_accept_same(base)
    variants = []
    c = copy.deepcopy(base)
    for e in c["strategies"]["maker"]:
        e["claim"] = int(e["claim"])
    variants.append(c)
    c = copy.deepcopy(base)
    for e in c["strategies"]["maker"]:
        e["maker"] = [int(v) for v in e["maker"]]
    variants.append(c)
    c = copy.deepcopy(base)
    c["instance"]["vertices"] = [1, 2, 3]
    variants.append(c)
    c = copy.deepcopy(base)
    c["claim"]["question"]["position"]["breaker"] = []
    c["claim"]["question"]["position"]["maker"] = []
    c["strategies"]["maker"][0]["claim"] = 2.0
    variants.append(c)
    for c in variants:
        assert _accepts(_second, c) == _accepts(_kernel, c), json.dumps(c)[:300]


def test_small_and_degenerate_boards_agree():
    """Boards without vertices, without edges, with only the empty edge, a huge bias: both checkers
    accept the brute force's certificate alike."""
    boards = [((), ()), ((), ((),)), (("a",), ()), (("a", "b"), ((),)), (("a", "b", "c"), (("a", "b", "c"),))]
    for names, edges in boards:
        for convention in P.CONVENTIONS:
            for bias in ((1, 1), (3, 1), (1, 7)):
                for first in P.ROLES[convention]:
                    pq = P.PQ(names, edges, convention, bias, first)
                    _both_accept_same(P.valid_cert(pq))


def _mutant(cert, rng):
    """One random edit of the certificate: an entry dropped, duplicated or changed, a name in a
    state or a claim replaced, the question's bias, first or position edited."""
    c = copy.deepcopy(cert)
    q = c["claim"]["question"]
    names = list(c["instance"]["vertices"]) + ["zz"]
    tables = list(c["strategies"].values())
    op = rng.randrange(8)
    table = rng.choice(tables) if tables else []
    if op == 0 and table:
        del table[rng.randrange(len(table))]
    elif op == 1 and table:
        table.append(copy.deepcopy(rng.choice(table)))
    elif op == 2 and table:
        rng.choice(table)["claim"] = rng.choice(names)
    elif op == 3 and table:
        e = rng.choice(table)
        role = rng.choice([k for k in e if k != "claim"])
        e[role] = sorted(set(e[role]) ^ {rng.choice(names)})
    elif op == 4:
        q["bias"] = [rng.randint(0, 3), rng.randint(1, 3)]
    elif op == 5:
        q["first"] = rng.choice([None, "maker", "breaker", "avoider", "enforcer", "first", "second"])
    elif op == 6:
        role = rng.choice(list(q["position"]))
        q["position"][role] = sorted(set(q["position"][role]) ^ {rng.choice(names)})
    else:
        c["claim"]["verdict"]["winner"] = rng.choice(["maker", "breaker", "avoider", "enforcer", "first",
                                                      "second", "draw"])
    return c


def test_random_mutants_agree():
    """Random single edits of true certificates: the kernel and the second checker accept or refuse
    alike, and what they accept is true (brute force)."""
    rng = random.Random(3232)
    disagreements = []
    for _ in range(400):
        pq = P.random_question(rng, board=P.random_board(rng, 4) if rng.random() < 0.5 else None)
        c = _mutant(P.valid_cert(pq, rng), rng)
        _compare(c, disagreements)
    assert not disagreements, disagreements[:3]


# -- symmetry links (rule P10) -------------------------------------------------------------------------

LINKED = HERE / "data" / "positional_k4_triangles_linked.json"


def _linked():
    return json.loads(LINKED.read_text(encoding="utf-8"))


def test_linked_example_agrees():
    c = _linked()
    _both_accept_same(c)
    assert check_path(LINKED).verdict == {"winner": "breaker"}


def test_linked_certificates_agree_on_symmetric_boards():
    """Linked certificates of the true winner (canonical targets, or the first state of each orbit)
    on boards with automorphisms, every convention, three biases, both starters, some starts with
    stones: both checkers accept them alike, the brute force agrees."""
    rng = random.Random(21)
    for _name, names, edges, gens in P.symmetric_boards():
        sym = P.Symmetry(names, gens)
        for convention in P.CONVENTIONS:
            for bias in ((1, 1), (1, 2), (2, 1)):
                first = rng.choice(P.ROLES[convention])
                for mode in ("canonical", "first"):
                    pq = P.PQ(names, edges, convention, bias, first)
                    _both_accept_same(P.linked_cert(pq, sym, rng, mode))
        for _ in range(4):
            pq = P.random_question(rng, board=(names, edges), stones=0.2)
            _both_accept_same(P.linked_cert(pq, sym, rng, "canonical", link_rate=rng.choice([0.5, 1.0])))


def _lk(c, i):
    return c["strategies"]["breaker"][i]


LINK_MUTANTS = {
    "symmetries as a string": lambda c: c.update(symmetries="1-2>1-3"),
    "generator as a number": lambda c: c["symmetries"].append(1),
    "generator as a list": lambda c: c["symmetries"].append(["1-2>1-3", "1-3>1-2"]),
    "token without >": lambda c: c["symmetries"].append("1-2"),
    "token with two >": lambda c: c["symmetries"].append("1-2>1-3>1-4"),
    "token with an empty side": lambda c: c["symmetries"].append(">1-2 1-2>"),
    "unknown name": lambda c: c["symmetries"].append("1-2>9-9 9-9>1-2"),
    "name twice on the left": lambda c: c["symmetries"].append("1-2>3-4 1-2>1-2 3-4>1-2"),
    "name twice on the right": lambda c: c["symmetries"].append("1-2>3-4 3-4>3-4"),
    "not a permutation": lambda c: c["symmetries"].append("1-2>3-4"),
    "not an automorphism": lambda c: c["symmetries"].append("1-2>1-3 1-3>1-2"),
    "a 3-cycle of edges, not an automorphism": lambda c: c["symmetries"].append("1-2>1-3 1-3>2-4 2-4>1-2"),
    "symmetries missing": lambda c: c.pop("symmetries"),
    "symmetries empty": lambda c: c.update(symmetries=[]),
    "k a boolean": lambda c: _lk(c, 1).update(link=True),
    "k negative": lambda c: _lk(c, 1).update(link=-1),
    "k past the table": lambda c: _lk(c, 1).update(link=23),
    "k a float": lambda c: _lk(c, 1).update(link=0.0),
    "k a string": lambda c: _lk(c, 1).update(link="0"),
    "k null": lambda c: _lk(c, 1).update(link=None),
    "link to a link entry": lambda c: _lk(c, 2).update(link=1),
    "link to itself": lambda c: _lk(c, 1).update(link=1, by=[0, 0]),
    "by empty": lambda c: _lk(c, 1).update(by=[]),
    "by an integer": lambda c: _lk(c, 1).update(by=1),
    "by too long": lambda c: _lk(c, 1).update(by=[1] + [0, 0] * 32),
    "by index out of range": lambda c: _lk(c, 1).update(by=[3]),
    "by index negative": lambda c: _lk(c, 1).update(by=[-2]),
    "by a boolean": lambda c: _lk(c, 1).update(by=[True]),
    "by a float": lambda c: _lk(c, 1).update(by=[1.0]),
    "sigma(target) is not the state": lambda c: _lk(c, 1).update(by=[0]),
    "the word read left to right": lambda c: _lk(c, 2).update(by=[1, 2]),
    "the word inverted": lambda c: _lk(c, 12).update(by=_lk(c, 12)["by"][::-1]),
    "link with a claim too": lambda c: _lk(c, 1).update(claim="1-4"),
    "link without by": lambda c: _lk(c, 1).pop("by"),
    "link state twice": lambda c: _lk(c, 1).update(maker=["1-2"]),
    "link roles swapped": lambda c: _lk(c, 1).update(maker=[], breaker=["1-3"]),
    "link at a state where Maker moves": lambda c: c["strategies"]["breaker"].append(
        {"maker": ["1-2", "1-3"], "breaker": [], "link": 0, "by": [1]}),
    "link at an unreached state": lambda c: c["strategies"]["breaker"].append(
        {"maker": ["1-2", "3-4"], "breaker": ["1-3"], "link": 0, "by": [1]}),
    "target entry dropped": lambda c: c["strategies"]["breaker"].__setitem__(
        0, {"maker": ["1-2"], "breaker": [], "link": 1, "by": [1]}),
}


@pytest.mark.parametrize("name", sorted(LINK_MUTANTS))
def test_link_mutants_refused(name):
    c = _linked()
    LINK_MUTANTS[name](c)
    _both_refuse(c)


def test_link_caps(monkeypatch):
    import verify.second_opinion.positional as sp
    c = _linked()
    monkeypatch.setattr(sp, "MAX_GENERATORS", 2)
    with pytest.raises(Refused, match="more than 2 symmetries"):
        check(copy.deepcopy(c))
    monkeypatch.setattr(sp, "MAX_GENERATORS", 4096)
    monkeypatch.setattr(sp, "MAX_WORD", 5)
    with pytest.raises(Refused, match="list of 1 to 5"):
        check(copy.deepcopy(c))
    monkeypatch.setattr(sp, "MAX_WORD", 64)
    monkeypatch.setattr(sp, "MAX_GENERATOR_WORK", 30)
    with pytest.raises(Refused, match="more than 30 units of work checking the symmetries"):
        check(copy.deepcopy(c))


def _link_mutant(cert, rng):
    """One random edit of a linked certificate's links or generators."""
    c = copy.deepcopy(cert)
    table = next(iter(c["strategies"].values()))
    links = [e for e in table if "link" in e]
    op = rng.randrange(6)
    if op == 0 and links:
        rng.choice(links)["link"] = rng.randrange(-1, len(table) + 1)
    elif op == 1 and links:
        e = rng.choice(links)
        e["by"] = [rng.randrange(-1, len(c["symmetries"]) + 1) for _ in range(rng.randint(0, 4))]
    elif op == 2 and links:
        e = rng.choice(links)
        e["by"] = e["by"][::-1] if rng.random() < 0.5 else e["by"] + [rng.randrange(len(c["symmetries"]))]
    elif op == 3 and c["symmetries"]:
        names = c["instance"]["vertices"]
        u, v = rng.sample(names, 2)
        c["symmetries"][rng.randrange(len(c["symmetries"]))] = f"{u}>{v} {v}>{u}"
    elif op == 4 and links:
        e = rng.choice(links)
        claims = [i for i, x in enumerate(table) if "claim" in x]
        e["link"] = rng.choice(claims)
    else:
        e = rng.choice(table)
        if "link" in e:
            del e["link"], e["by"]
            e["claim"] = rng.choice(c["instance"]["vertices"])
        else:
            del e["claim"]
            e["link"], e["by"] = rng.randrange(len(table)), [rng.randrange(len(c["symmetries"]) or 1)]
    return c


def test_random_link_mutants_agree():
    """Random edits of linked certificates (a target moved, a word changed, reversed or extended, a
    generator replaced by a transposition, a claim turned into a link): both checkers accept or
    refuse alike, and what they accept is true."""
    rng = random.Random(1010)
    boards = P.symmetric_boards()
    disagreements = []
    for _ in range(300):
        _name, names, edges, gens = rng.choice(boards)
        pq = P.random_question(rng, board=(names, edges), stones=0.1)
        cert = P.linked_cert(pq, P.Symmetry(names, gens), rng, rng.choice(["canonical", "first"]))
        if not next(iter(cert["strategies"].values()), None):
            continue
        c = _link_mutant(cert, rng)
        _compare(c, disagreements)
    assert not disagreements, disagreements[:3]


#: one-line holes in a copy of the second checker's link rule (name, text replaced, replacement)
SECOND_LINK_HOLES = [
    ("σ(target) = state unchecked", "if ta != alice or tb != bob:", "if False:"),
    ("roles compared unordered", "if ta != alice or tb != bob:", "if {ta, tb} != {alice, bob}:"),
    ("generators not checked as automorphisms", "if frozenset(g.get(v, v) for v in e) not in edges:", "if False:"),
    ("generators not checked as permutations", "if lefts != rights:", "if False:"),
    ("links to link entries", 'if "claim" not in entries[k]:', "if False:"),
]


@pytest.mark.parametrize("name,old,new", SECOND_LINK_HOLES, ids=[h[0] for h in SECOND_LINK_HOLES])
def test_link_forgers_find_the_holes_of_mutated_second_checkers(name, old, new):
    """A copy of verify/second_opinion/positional.py with one line of P10 broken accepts FALSE claims
    forged by the link forgers (judged by the brute force)."""
    import importlib.util

    import forgers as F

    import verify.second_opinion.positional as sp
    from verify import second_opinion
    path = Path(sp.__file__)
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"the hole {name!r} no longer applies"
    spec = importlib.util.spec_from_loader("verify.second_opinion._positional_link_mutant", loader=None)
    mutant = importlib.util.module_from_spec(spec)
    mutant.__package__ = "verify.second_opinion"
    exec(compile(text.replace(old, new), str(path), "exec"), mutant.__dict__)  # noqa: S102 - our own source

    def guarded(cert):
        try:
            second_opinion.read_envelope(cert)
            question, verdict, _detail = mutant.check_positional_strategy(cert)
            second_opinion.compare_claim(cert, question, verdict)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise Refused(str(exc)) from None

    tally = F.run(["positional/links"], seed=0, scale=1, chks={"mutant": (guarded, (Refused,))})
    assert sum(c["FALSE"] for c in tally.counts.values()) > 0, f"no link forgery finds the hole {name!r}"


# -- named completions and threats (rule P11) ----------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _built(board: str, n: int, convention: str, bias=(1, 1), first=None, symmetric=True) -> str:
    """The builder's certificate (verify.solvers.explicit_conventions.strategy_certificate, searched by
    ConventionSolver) for a family board, as JSON text (cached; parse a fresh copy per use)."""
    from verify.families import graphs
    from verify.games.conventions import ConventionGame
    from verify.solvers.explicit_conventions import strategy_certificate
    from verify.solvers.search.conventions import ConventionSolver, solve_convention_search
    game = ConventionGame(getattr(graphs, board)(n), convention, bias, first)
    winner = solve_convention_search(game).winner
    solver = ConventionSolver(game)
    solver.start(game.alice_mask, game.bob_mask, game.alice_first)
    return json.dumps(strategy_certificate(game, solver, winner, symmetric=symmetric))


def _named_k6(first="maker", symmetric=True) -> dict:
    return json.loads(_built("triangles", 6, "maker-breaker", (1, 1), first, symmetric))


def _count(cert, key) -> int:
    return sum(key in e for t in cert["strategies"].values() for e in t)


def _with_completes(cert: dict) -> dict:
    """The unlinked named K_6 Maker table with the hints of its first hinted entry spelled out: the
    threats dropped, and each Breaker reply they made a leaf given an entry claiming the vertex left
    and naming the edge it completes (still true; both checkers must accept it)."""
    c = copy.deepcopy(cert)
    table = c["strategies"]["maker"]
    states = {(frozenset(e["maker"]), frozenset(e["breaker"])) for e in table}
    entry = next(e for e in table if "threats" in e)
    hints = [frozenset(t) for t in entry.pop("threats")]
    a = frozenset(entry["maker"]) | {entry["claim"]}
    for u in c["instance"]["vertices"]:
        b = frozenset(entry["breaker"]) | {u}
        if u in a or u in entry["breaker"] or (a, b) in states:
            continue
        e = next((e for e in hints if not e & b and len(e - a) == 1), None)
        if e is not None:
            table.append({"maker": sorted(a), "breaker": sorted(b), "claim": next(iter(e - a)), "completes": sorted(e)})
    return c


BUILT_NAMED = [
    ("triangles", 6, "maker-breaker", (1, 1), "maker", True),
    ("triangles", 6, "maker-breaker", (1, 1), "breaker", True),
    ("triangles", 6, "maker-breaker", (1, 1), "maker", False),
    ("triangles", 6, "maker-breaker", (2, 1), "breaker", True),
    ("triangles", 8, "maker-breaker", (1, 2), "maker", True),
    ("triangles", 5, "maker-maker", (1, 1), None, True),
    ("triangles", 6, "maker-maker", (1, 1), None, True),
    ("hamilton_cycles", 5, "maker-maker", (1, 1), None, True),
]


@pytest.mark.parametrize("args", BUILT_NAMED, ids=lambda a: f"{a[0]}{a[1]}-{a[2]}-{a[3][0]}:{a[3][1]}-{a[4]}-"
                         f"{'sym' if a[5] else 'plain'}")
def test_named_builder_certificates_agree(args):
    """The builder's named certificates (Maker wins on K_6's triangles from either start, K_8's at
    1:2 with Maker first, Maker-Maker on K_5 and K_6 triangles and K_5 Hamiltonicity, with and
    without links): both checkers accept them with the same question and verdict."""
    c = json.loads(_built(*args))
    assert c.get("completions") == "named" and _count(c, "threats")
    _both_accept_same_verdict(c)


def test_named_certificates_on_random_small_boards_agree():
    """The builder's certificates on random boards of 3 to 7 vertices, Maker-Breaker and Maker-Maker,
    five biases, both starters: named whenever every table's player scores its own completions;
    both checkers accept alike, and the brute force agrees with the verdict."""
    from verify.games.conventions import ConventionGame
    from verify.hypergraph import Hypergraph
    from verify.solvers.search.conventions import solve_convention_search
    rng = random.Random(11)
    named = 0
    for _ in range(150):
        n = rng.randint(3, 7)
        vs = [f"v{i}" for i in range(n)]
        edges = sorted({tuple(sorted(rng.sample(vs, rng.randint(1, min(4, n))))) for _ in range(rng.randint(1, 6))})
        convention = rng.choice(["maker-breaker", "maker-maker"])
        bias = rng.choice([(1, 1), (1, 2), (2, 1), (2, 2), (1, 3)])
        first = None if convention == "maker-maker" else rng.choice(["maker", "breaker"])
        game = ConventionGame(Hypergraph([list(e) for e in edges], vertices=vs), convention, bias, first)
        c = solve_convention_search(game, certificate=True).certificate
        named += c.get("completions") == "named"
        _both_accept_same(c)
    assert named > 75


def _first_with(cert, key):
    """The first entry (of the first table) carrying ``key``."""
    return next(e for e in next(iter(cert["strategies"].values())) if key in e)


def _edge_not(cert, test):
    """An edge of the board (as a list) meeting ``test(frozenset)``."""
    return next(e for e in cert["instance"]["edges"] if test(frozenset(e)))


def _completes_missing_a_vertex(c):
    e = _first_with(c, "completes")
    mine = set(e["maker"]) | {e["claim"]}
    e["completes"] = _edge_not(c, lambda x: e["claim"] in x and not x <= mine and not x & set(e["breaker"]))


def _completes_without_the_claim(c):
    e = _first_with(c, "completes")
    e["completes"] = _edge_not(c, lambda x: e["claim"] not in x)


def test_named_completions_spelled_out_agree():
    """Hints replaced by entries naming their completions: both checkers accept."""
    c = _with_completes(_named_k6(symmetric=False))
    assert _count(c, "completes") >= 2
    _both_accept_same_verdict(c)


def _both_accept_same_verdict(c):
    opinion, report = _second(c), _kernel(c)
    assert opinion.question == report.question.to_json() == c["claim"]["question"]
    assert opinion.verdict == report.verdict == c["claim"]["verdict"]


def test_named_keys_on_a_link_entry_refused():
    for key, value in (("completes", ["1-2", "1-3", "2-3"]), ("threats", [["1-2", "1-3", "2-3"]])):
        c = _named_k6()
        next(e for e in c["strategies"]["maker"] if "link" in e)[key] = value
        _both_refuse(c)


NAMED_MUTANTS = {
    "completions not the string named": lambda c: c.update(completions="yes"),
    "completions true": lambda c: c.update(completions=True),
    "completions a list": lambda c: c.update(completions=["named"]),
    "completes not an edge": lambda c: _first_with(c, "completes").update(completes=["1-2", "1-3", "1-4"]),
    "completes a vertex twice": lambda c: _first_with(c, "completes")["completes"].append(
        _first_with(c, "completes")["completes"][0]),
    "completes an unknown name": lambda c: _first_with(c, "completes")["completes"].__setitem__(0, "9-9"),
    "completes a string": lambda c: _first_with(c, "completes").update(completes="1-2"),
    "completes part of an edge": lambda c: _first_with(c, "completes")["completes"].pop(),
    "completes missing a vertex of X": _completes_missing_a_vertex,
    "completes with the claim outside the edge": _completes_without_the_claim,
    "completes dropped (the walk goes on)": lambda c: [e.pop("completes", None) for e in c["strategies"]["maker"]],
    "threats empty": lambda c: _first_with(c, "threats").update(threats=[]),
    "threats seventeen": lambda c: _first_with(c, "threats").update(
        threats=[_first_with(c, "threats")["threats"][0]] * 17),
    "threats an edge, not a list of edges": lambda c: _first_with(c, "threats").update(
        threats=_first_with(c, "threats")["threats"][0]),
    "threats not an edge": lambda c: _first_with(c, "threats")["threats"].append(["1-2", "3-4", "5-6"]),
    "threats null": lambda c: _first_with(c, "threats").update(threats=None),
    "threats dropped (their states need entries)": lambda c: [e.pop("threats", None) for e in c["strategies"]["maker"]],
    "extra keys without named": lambda c: c.pop("completions"),
    "another key on a claim entry": lambda c: _first_with(c, "threats").update(hint=1),
}


@pytest.mark.parametrize("name", sorted(NAMED_MUTANTS))
def test_named_mutants_refused(name):
    """One edit of a true named K_6 Maker table (unlinked, with two named completions)."""
    c = _with_completes(_named_k6(symmetric=False))
    NAMED_MUTANTS[name](c)
    _both_refuse(c)


def _named_cert(convention, edges, table, winner, first=None, bias=None):
    """A hand-made named certificate: the board ``edges`` (lists of names), from the empty start."""
    names = sorted({v for e in edges for v in e})
    pq = P.PQ(tuple(names), tuple(tuple(e) for e in edges), convention, bias or (1, 1),
              first or P.ROLES[convention][0])
    c = P.cert_of(pq, winner, table)
    c["completions"] = "named"
    return c


def _e(alice, bob, claim, **extra):
    return {"maker": list(alice), "breaker": list(bob), "claim": claim, **extra}


#: hand-made FALSE named certificates (the brute force disagrees), each refused only by one condition
#: of P11: (name, certificate, the line of verify/second_opinion/positional.py that refuses it, a hole)
NAMED_FORGERIES = [
    # two disjoint pairs, Maker first: Breaker wins; the hint {a,b} after Breaker took b is no leaf
    ("a hint edge holding an opponent vertex",
     lambda: _named_cert("maker-breaker", [["a", "b"], ["c", "d"]],
                         {"maker": [_e([], [], "a", threats=[["a", "b"]])]}, "maker"),
     "if not e & theirs and len(e - mine) == 1:", "if len(e - mine) == 1:"),
    # one pair, Maker first: Breaker takes b; the hint holds where Maker moves, not before
    ("a hint used where the opponent moves",
     lambda: _named_cert("maker-breaker", [["a", "b"]], {"maker": [_e([], [], "a", threats=[["a", "b"]])]}, "maker"),
     "if hints and mover_of(na, nb) == player:", "if hints:"),
    # one pair, Maker first: the named completion is no completion
    ("a named completion that completes nothing",
     lambda: _named_cert("maker-breaker", [["a", "b"]], {"maker": [_e([], [], "a", completes=["a", "b"])]}, "maker"),
     "if v not in done or not done <= own:", "if False:"),
    # Avoider-Enforcer on one edge {a}: Avoider must claim a and lose; unnamed, it would go untested
    ("named on Avoider's table",
     lambda: _named_cert("avoider-enforcer", [["a"]], {"avoider": [{"avoider": [], "enforcer": [], "claim": "a"}]},
                         "avoider"),
     "if _completion_winner(game, x == alice_role) != x:", "if False:"),
]


def _mutated_second(old: str, new: str):
    """A copy of verify/second_opinion/positional.py with ``old`` replaced by ``new``: its check
    function (read_envelope, check, compare_claim)."""
    import importlib.util

    import verify.second_opinion.positional as sp
    from verify import second_opinion
    path = Path(sp.__file__)
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} no longer occurs once"
    spec = importlib.util.spec_from_loader("verify.second_opinion._positional_p11_mutant", loader=None)
    mutant = importlib.util.module_from_spec(spec)
    mutant.__package__ = "verify.second_opinion"
    exec(compile(text.replace(old, new), str(path), "exec"), mutant.__dict__)  # noqa: S102 - our own source

    def run(cert):
        second_opinion.read_envelope(cert)
        question, verdict, _detail = mutant.check_positional_strategy(cert)
        second_opinion.compare_claim(cert, question, verdict)
        return verdict
    return run


@pytest.mark.parametrize("name,make,old,new", NAMED_FORGERIES, ids=[f[0] for f in NAMED_FORGERIES])
def test_named_forgeries_refused_and_each_condition_needed(name, make, old, new):
    """Each forgery claims a false winner (the brute force says so); both checkers refuse it, and a
    copy of the second checker without the one condition of P11 that catches it accepts it."""
    c = make()
    assert not P.truth(c)
    _both_refuse(c)
    assert _mutated_second(old, new)(copy.deepcopy(c)) == c["claim"]["verdict"]


def test_named_on_tables_that_do_not_score_their_completions_refused():
    """``"completions": "named"`` on a table whose player does not score its own completions
    (Breaker's, Avoider's, Enforcer's, both Avoider-Avoider tables) is refused, even on a true
    certificate; on Maker's and Maker-Maker's tables it is read (without named keys every claim of
    X goes untested, so the walk goes on: both checkers decide alike)."""
    refused = [_mb("breaker"), _mm(convention="avoider-avoider"), _mm((1, 2), convention="avoider-avoider")]
    refused += [P.valid_cert(P.PQ(*PATH, "avoider-enforcer", (1, 1), first)) for first in ("avoider", "enforcer")]
    for c in refused:
        _both_accept_same(c)
        c["completions"] = "named"
        _both_refuse(c)
    for c in (_mb(), _mm(), _mm((1, 2))):
        c["completions"] = "named"
        assert _accepts(_kernel, c) == _accepts(_second, c)


def test_named_table_order_does_not_matter():
    """The entries used (P8) do not depend on the order of the walk: the unlinked named K_6 table,
    shuffled, is accepted by both checkers, the second walking as many states."""
    c = _named_k6(symmetric=False)
    base = _second(c).detail
    rng = random.Random(5)
    for _ in range(3):
        rng.shuffle(c["strategies"]["maker"])
        _kernel(c)
        assert _second(c).detail == base


def test_named_caps(monkeypatch):
    import verify.second_opinion.positional as sp
    c = _named_k6()
    monkeypatch.setattr(sp, "MAX_THREATS", 0)
    with pytest.raises(Refused, match="list of 1 to 0 edges"):
        check(copy.deepcopy(c))
    monkeypatch.setattr(sp, "MAX_THREATS", 16)
    monkeypatch.setattr(sp, "MAX_WALK_WORK", 200)
    with pytest.raises(Refused, match="more than 200 units of work"):
        check(copy.deepcopy(c))


# -- pairing entries (rule P12) ----------------------------------------------------------------------

BUILT_PAIRING = [
    ("hamilton_cycles", 6, "maker-breaker", (1, 1), "maker", True),
    ("hamilton_cycles", 6, "maker-breaker", (1, 2), "maker", True),
    ("hamilton_cycles", 5, "maker-breaker", (1, 1), "maker", True),
    ("triangles", 6, "maker-breaker", (1, 2), "maker", True),
    ("triangles", 6, "maker-breaker", (1, 2), "maker", False),
]


@pytest.mark.parametrize("args", BUILT_PAIRING, ids=lambda a: f"{a[0]}{a[1]}-{a[3][0]}:{a[3][1]}-{a[4]}-"
                         f"{'sym' if a[5] else 'plain'}")
def test_pairing_builder_certificates_agree(args):
    """The builder's certificates of Breaker's wins (Hamiltonicity on K_5 and K_6 unbiased and K_6 at
    1:2, triangles on K_6 at 1:2, with and without links) hold pairing entries; both checkers accept
    them with the same question and verdict."""
    c = json.loads(_built(*args))
    assert c["claim"]["verdict"] == {"winner": "breaker"} and _count(c, "pairing")
    _both_accept_same_verdict(c)


def test_pairing_certificates_on_random_small_boards_agree():
    """The builder's certificates on random boards of 3 to 7 vertices, Maker-Breaker at biases (1:1),
    (1:2), (1:3), both starters: where Breaker wins they hold pairing entries now and then; both
    checkers accept alike and the brute force agrees with the verdict."""
    from verify.games.conventions import ConventionGame
    from verify.hypergraph import Hypergraph
    from verify.solvers.search.conventions import solve_convention_search
    rng = random.Random(12)
    paired = {(1, 1): 0, (1, 2): 0, (1, 3): 0}
    for _ in range(150):
        n = rng.randint(3, 7)
        vs = [f"v{i}" for i in range(n)]
        edges = sorted({tuple(sorted(rng.sample(vs, rng.randint(2, min(4, n))))) for _ in range(rng.randint(1, 6))})
        bias = rng.choice(list(paired))
        game = ConventionGame(Hypergraph([list(e) for e in edges], vertices=vs), "maker-breaker", bias,
                              rng.choice(["maker", "breaker"]))
        c = solve_convention_search(game, certificate=True).certificate
        paired[bias] += _count(c, "pairing") > 0
        _both_accept_same(c)
    assert all(k >= 5 for k in paired.values()), paired


def _hamilton6(bias=(1, 1)) -> dict:
    return json.loads(_built("hamilton_cycles", 6, "maker-breaker", bias, "maker", True))


def _paired(c, i=0):
    return [e for e in c["strategies"]["breaker"] if "pairing" in e][i]


def _free_outside(c, entry):
    """A vertex neither Maker's nor Breaker's at the entry's state, in no block (if every such vertex
    is in a block, the last block is dropped and its first vertex returned)."""
    taken = set(entry["maker"]) | set(entry["breaker"]) | {v for b in entry["pairing"] for v in b}
    spare = next((v for v in c["instance"]["vertices"] if v not in taken), None)
    return spare if spare is not None else entry["pairing"].pop()[0]


def _oversized(c):
    e = _paired(c)
    q = c["claim"]["question"].get("bias", [1, 1])[1]
    block = e["pairing"][0]
    while len(block) < q + 2:
        block.append(_free_outside(c, e))


PAIRING_MUTANTS = {
    "overlapping blocks": lambda c: _paired(c)["pairing"].append([_paired(c)["pairing"][0][0], _free_outside(c, _paired(c))]),
    "a block of 1 name": lambda c: _paired(c)["pairing"].append([_free_outside(c, _paired(c))]),
    "a block of q + 2 names": _oversized,
    "a block holding Maker's vertex": lambda c: _paired(c)["pairing"][0].append(_paired(c)["maker"][0]),
    "no blocks (live edges uncovered)": lambda c: _paired(c).update(pairing=[]),
    "a block's name repeated": lambda c: _paired(c)["pairing"][0].append(_paired(c)["pairing"][0][0]),
    "a block's unknown name": lambda c: _paired(c)["pairing"][0].append("9-9"),
    "a block not a list": lambda c: _paired(c)["pairing"].__setitem__(0, "1-2"),
    "pairing not a list": lambda c: _paired(c).update(pairing="1-2"),
    "more than |V|/2 blocks": lambda c: _paired(c)["pairing"].extend([["1-2", "1-3"]] * 8),
    "a claim beside the pairing": lambda c: _paired(c).update(claim=_free_outside(c, _paired(c))),
    "the verdict maker": lambda c: c["claim"].update(verdict={"winner": "maker"}),
}


@pytest.mark.parametrize("name", sorted(PAIRING_MUTANTS))
def test_pairing_mutants_refused(name):
    """One edit of the builder's K_6 Hamiltonicity certificate (Breaker's 15 pairing entries)."""
    c = _hamilton6()
    PAIRING_MUTANTS[name](c)
    _both_refuse(c)


def test_pairing_entry_with_an_uncovered_live_edge_refused():
    """Breaker first on two disjoint pairs {a,b}, {c,d} at 1:2: [[a,b],[c,d]] covers both (accepted);
    [[a,b]] leaves {c,d} open and is refused (Breaker still wins: the claim is true, the entry is
    not a complete pairing). The same at states after a claim of Maker."""
    pq = P.PQ(("a", "b", "c", "d"), (("a", "b"), ("c", "d")), "maker-breaker", (1, 2), "breaker")
    ok = P.cert_of(pq, "breaker", {"breaker": [{"maker": [], "breaker": [], "pairing": [["a", "b"], ["c", "d"]]}]})
    _both_accept_same(ok)
    bad = copy.deepcopy(ok)
    bad["strategies"]["breaker"][0]["pairing"] = [["a", "b"]]
    _both_refuse(bad)
    # Maker first at 1:1 on two triples: after Maker's claim m, Breaker's state is settled by the
    # other two vertices of m's triple and two of the other triple; without m's pair, refused
    triples = (("a", "b", "c"), ("d", "e", "f"))
    pq = P.PQ(tuple("abcdef"), triples, "maker-breaker", (1, 1), "maker")
    table = []
    for m in "abcdef":
        mine, other = (triples[0], triples[1]) if m in triples[0] else (triples[1], triples[0])
        table.append({"maker": [m], "breaker": [], "pairing": [[x for x in mine if x != m], list(other[:2])]})
    good = P.cert_of(pq, "breaker", {"breaker": table})
    _both_accept_same(good)
    table[2]["pairing"].pop(0)
    _both_refuse(good)


def test_pairing_entries_only_in_breakers_table_at_bias_1_q():
    """The same true table (Breaker first on one pair {a,b}, one pairing entry at the start) is
    accepted at 1:1, 1:2, 1:3 and refused at 2:1 and 2:2 (P12 needs p = 1), although Breaker still
    wins there; pairing entries in Maker's table and in Avoider-Enforcer are refused."""
    board = (("a", "b"), (("a", "b"),))
    entry = {"maker": [], "breaker": [], "pairing": [["a", "b"]]}
    for bias in ((1, 1), (1, 2), (1, 3), (2, 1), (2, 2)):
        c = P.cert_of(P.PQ(*board, "maker-breaker", bias, "breaker"), "breaker", {"breaker": [dict(entry)]})
        assert P.truth(c)
        if bias[0] == 1:
            _both_accept_same(c)
        else:
            _both_refuse(c)
    # Maker's table: Maker first on {a} (Maker wins by claiming a), a pairing entry at the start
    maker = P.cert_of(P.PQ(("a", "b"), (("a",),), "maker-breaker", (1, 1), "maker"), "maker",
                      {"maker": [{"maker": [], "breaker": [], "pairing": [["a", "b"]]}]})
    _both_refuse(maker)
    maker["strategies"]["maker"][0] = {"maker": [], "breaker": [], "claim": "a"}
    _both_accept_same(maker)
    # Avoider-Enforcer: Enforcer first on {a,b} edges {a},{b}: Avoider must claim one and lose
    ae = P.cert_of(P.PQ(("a", "b", "c"), (("a",), ("b",)), "avoider-enforcer", (1, 1), "enforcer"), "enforcer",
                   {"enforcer": [{"avoider": [], "enforcer": [], "pairing": [["a", "b"]]}]})
    _both_refuse(ae)
    ae["strategies"]["enforcer"][0] = {"avoider": [], "enforcer": [], "claim": "c"}
    _both_accept_same(ae)


def test_link_naming_a_pairing_entry_refused():
    """In the builder's linked K_6 triangles certificate at 1:2, a link redirected to a pairing
    entry is refused by both checkers (P10 targets are claim entries)."""
    c = json.loads(_built("triangles", 6, "maker-breaker", (1, 2), "maker", True))
    table = c["strategies"]["breaker"]
    k = next(i for i, e in enumerate(table) if "pairing" in e)
    next(e for e in table if "link" in e)["link"] = k
    _both_refuse(c)


def test_pairing_work_counted(monkeypatch):
    """Each consulted pairing entry costs |V| + Σ|e| toward the second checker's per-table work cap."""
    import verify.second_opinion.positional as sp
    c = _hamilton6()
    n, total = 15, 60 * 6  # K_6: 15 edges of the graph (the board's vertices), 60 Hamilton cycles of 6
    monkeypatch.setattr(sp, "MAX_WALK_WORK", 15 * (n + total))  # the rest of the walk costs 2,625
    with pytest.raises(Refused, match="units of work"):
        check(copy.deepcopy(c))
