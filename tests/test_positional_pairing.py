"""The pairing route of the general positional game (issue 32, item 2): method ``pairing`` for
Maker-Breaker at bias (1:q) (a complete q-pairing, paper 004 Prop I.1.25) and for the unbiased
Avoider-Enforcer game (a complete pairing, Avoider last, Prop I.1.21), and the ``positional-pairing``
certificate kind (docs/spec/positional-pairing.md).

- Differential: on every hypergraph up to 4 vertices (a slice of the 4-vertex ones by default, all of
  them and every clutter on 5 vertices marked slow; marked positions from the shared generator), at
  biases (1:1), (1:2), (1:3) with either starter and Avoider-Enforcer with either starter, whenever the
  method answers the explicit reference agrees, and the certificate passes both checkers; when it does
  not answer it says so in one MethodError line.
- The route is forced on boards where it answers (the reference consulted to confirm) and through the
  CLI (solve, check --second-opinion).
- The forgers (tests/forgers_positional_pairing.py) find no false accept in either checker, and find
  the one-line holes planted in copies of each checker.
"""
from __future__ import annotations

import copy
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
import forgers as F  # noqa: E402
from brute import positional_winner  # noqa: E402
from test_conventions import board, every_clutter, every_hypergraph, marked_questions  # noqa: E402

from verify import second_opinion  # noqa: E402
from verify.certificates.checker import check_certificate  # noqa: E402
from verify.errors import CertificateError, MethodError  # noqa: E402
from verify.games.conventions import ConventionGame  # noqa: E402
from verify.solvers import solve  # noqa: E402
from verify.solvers.explicit_conventions import solve_convention  # noqa: E402
from verify.solvers.positional_pairing import solve_positional_pairing  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MB_BIASES = ((1, 1), (1, 2), (1, 3))
PAIRING_RULES = sorted(r for r in F.FORGERS if r.startswith("pairing/"))


def game_of(n, fam, convention, bias, alice_first, alice=0, bob=0) -> ConventionGame:
    h = board(n, fam, alice)
    roles = ConventionGame(h, convention).roles
    return ConventionGame(h, convention, bias, roles[0] if alice_first else roles[1], frozenset(h.names(bob)))


def questions(n, fam, alice=0, bob=0):
    for bias in MB_BIASES:
        for alice_first in (True, False):
            yield game_of(n, fam, "maker-breaker", bias, alice_first, alice, bob)
    for alice_first in (True, False):
        yield game_of(n, fam, "avoider-enforcer", (1, 1), alice_first, alice, bob)


def agree(game, judge=None) -> bool:
    """The method on ``game`` (the new kind at every bias, (1:1) included): when it answers, the
    reference (or ``judge``) agrees and the certificate passes both checkers. Returns whether it
    answered."""
    try:
        out = solve_positional_pairing(game, certificate=True)
    except MethodError as exc:
        assert "inconclusive" in str(exc) and "\n" not in str(exc)
        return False
    want = judge() if judge else str(solve_convention(game).winner)
    assert str(out.winner) == want, (game, out.strategy)
    report = check_certificate(copy.deepcopy(out.certificate))
    assert report.verdict == {"winner": want}
    opinion = second_opinion.check(json.loads(json.dumps(out.certificate)))
    assert opinion.verdict == {"winner": want}
    return True


def _sweep(n, families) -> int:
    return sum(agree(g) for fam in families for g in questions(n, fam))


@pytest.mark.parametrize("n", [1, 2, 3])
def test_pairing_agrees_with_the_reference_on_every_small_hypergraph(n):
    _sweep(n, every_hypergraph(n))


def test_pairing_agrees_with_the_reference_on_a_slice_of_four_vertices():
    assert _sweep(4, every_hypergraph(4)[::40]) > 0


@pytest.mark.slow
def test_pairing_agrees_with_the_reference_on_every_hypergraph_of_four_vertices():
    _sweep(4, every_hypergraph(4))


@pytest.mark.slow
def test_pairing_agrees_with_the_reference_on_every_clutter_of_five_vertices():
    _sweep(5, every_clutter(5))


def _marked(seed, count):
    answered = 0
    for n, fam, _conv, _bias, _af, alice, bob in marked_questions(seed, count):
        for game in questions(n, fam, alice, bob):
            p, q = game.bias
            answered += agree(game, lambda game=game, n=n, fam=fam, alice=alice, bob=bob, p=p, q=q: positional_winner(
                n, fam, game.convention, p, q, game.alice_first, alice, bob))
    return answered


def test_marked_positions_agree_with_brute_force():
    assert _marked(7, 120) > 0


@pytest.mark.slow
def test_marked_positions_of_five_vertices_agree_with_brute_force():
    assert _marked(11, 3000) > 0


# -- the route, forced --------------------------------------------------------------------------------

def test_the_route_answers_where_a_q_pairing_exists():
    """{0,1,2}, {3,4,5}, {0,1,3} at bias 1:2: the blocks {0,1,2} and {3,4,5} meet every edge twice.
    The method answers breaker through solve(), certified, and the reference confirms, both starters."""
    fam = [0b000111, 0b111000, 0b001011]
    for alice_first in (True, False):
        game = game_of(6, fam, "maker-breaker", (1, 2), alice_first)
        assert agree(game)
        out = solve("maker-breaker", game, method="pairing", certificate=True)
        assert str(out.winner) == "breaker" and out.certificate["kind"] == "positional-pairing"
        assert out.check is not None


def test_the_route_is_inconclusive_not_wrong():
    """Where Maker wins, or Avoider is not last, or p ≥ 2, the method raises MethodError."""
    assert agree(game_of(2, [0b11], "maker-breaker", (1, 1), True))  # {a, b} is its own pair
    game = game_of(1, [0b1], "maker-breaker", (1, 3), True)  # a singleton edge: Maker wins
    with pytest.raises(MethodError, match="inconclusive"):
        solve_positional_pairing(game)
    game = game_of(2, [0b11], "maker-breaker", (2, 1), False)
    with pytest.raises(MethodError, match="bias 1:q"):
        solve_positional_pairing(game)
    game = game_of(2, [0b11], "avoider-enforcer", (1, 1), True)  # 2 free, Avoider first: not last
    with pytest.raises(MethodError, match="not the last player"):
        solve_positional_pairing(game)
    assert agree(game_of(2, [0b11], "avoider-enforcer", (1, 1), False))
    game = game_of(2, [0b11], "avoider-enforcer", (1, 2), False)
    with pytest.raises(MethodError, match="unbiased"):
        solve_positional_pairing(game)


def test_unbiased_maker_breaker_keeps_its_pairing_method():
    game = game_of(4, [0b0011, 0b1100], "maker-breaker", (1, 1), True)
    out = solve("maker-breaker", game, method="pairing", certificate=True)
    assert out.certificate["kind"] == "maker-breaker-pairing"


def _verify(*args, cwd):
    exe = str(ROOT / ".venv" / "bin" / "verify")
    return subprocess.run([exe if os.path.exists(exe) else "verify", *args], capture_output=True, text=True,
                          cwd=cwd, timeout=300)


def test_cli_solve_and_check(tmp_path):
    (tmp_path / "h.txt").write_text("a b c\nd e f\na b d\n")
    r = _verify("solve", "maker-breaker", "h.txt", "--bias", "1:2", "--method", "pairing", "--certificate", "c.json",
                cwd=tmp_path)
    assert r.returncode == 0 and "breaker wins" in r.stdout, r.stderr
    r = _verify("check", "c.json", "--instance", "h.txt", "--bias", "1:2", "--first", "maker", "--expect", "breaker",
                "--second-opinion", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    (tmp_path / "a.txt").write_text("a b\nc d\nx y z\n")
    r = _verify("solve", "avoider-enforcer", "a.txt", "--method", "pairing", cwd=tmp_path)
    assert r.returncode == 0 and "avoider wins" in r.stdout, r.stderr
    r = _verify("solve", "avoider-enforcer", "a.txt", "--method", "pairing", "--first", "enforcer", cwd=tmp_path)
    assert r.returncode != 0 and r.stderr.count("\n") == 1 and "inconclusive" in r.stderr


# -- the forgers --------------------------------------------------------------------------------------

@pytest.mark.parametrize("checker", ["kernel", "second"])
@pytest.mark.parametrize("rule", PAIRING_RULES)
def test_no_false_accept(rule, checker):
    check, refusals = F.checkers()[checker]
    false = []
    for f in F.forgeries(rule, 0, 2):
        if F.verdict(check, refusals, f.cert) == "FALSE":
            false.append(f"{f.note}: {F.save(f)}")
    assert not false, false[:3]


@pytest.mark.slow
@pytest.mark.parametrize("checker", ["kernel", "second"])
def test_no_false_accept_many(checker):
    check, refusals = F.checkers()[checker]
    tally = F.Tally()
    for seed in range(1, 6):
        F.attack((f for rule in PAIRING_RULES for f in F.forgeries(rule, seed, 6)), {checker: (check, refusals)}, tally)
    print("\n" + tally.table())
    assert not tally.false, [f.note for _, f in tally.false[:3]]


#: one-line holes in a copy of the kernel's verify/certificates/positional_pairing.py, and the rule
#: whose forgers must find each (``old``/``new`` may be tuples: several lines changed at once). Not
#: planted: dropping the last-player test (Avoider second-to-last wins too, by Prop I.1.15: no false
#: claim exists to accept) and the decided-start test (coverage already fails there: blocks avoid A₀,
#: and the empty edge meets no block). Dropping the disjointness test alone is no hole either: coverage
#: counts each edge's vertices by a vertex -> block map (the last block naming the vertex), and blocks
#: meeting an edge twice under that map are the parts of a disjoint family, itself a complete q-pairing;
#: so the overlap hole is planted with the naive coverage test (a block meeting the edge twice).
KERNEL_HOLES = [
    ("blocks may overlap, naive coverage",
     ("if m & used:", "        if not any(c >= meet for c in seen.values()):"),
     ("if False:", "        if not any((e & m).bit_count() >= meet for m in masks):"), "pairing/overlap"),
    ("no size bound", "not 2 <= len(block) <= largest", "not 2 <= len(block)", "pairing/oversized"),
    ("start vertices allowed", "if m & forbidden:", "if False:", "pairing/touching-start"),
    ("MB: Maker's start allowed", "largest, forbidden, what = 1 + q, game.alice_mask,", "largest, forbidden, what = 1 + q, 0,",
     "pairing/touching-start"),
    ("AE: Avoider's start allowed", "largest, forbidden, what = 2, game.alice_mask | game.bob_mask,",
     "largest, forbidden, what = 2, game.bob_mask,", "pairing/touching-start"),
    ("one vertex covers", "if not any(c >= meet for c in seen.values()):", "if not any(c >= 1 for c in seen.values()):",
     "pairing/incomplete"),
    ("edges through A0 skipped", "        if e & bob:\n", "        if e & (bob | game.alice_mask):\n", "pairing/incomplete"),
    ("p >= 2 allowed", "if p != 1:", "if False:", "pairing/bias"),
    ("biased AE allowed", "if (p, q) != cv.UNBIASED:", "if False:", "pairing/bias"),
    ("MB verdict maker allowed", 'verdict_of(cert, "winner", ("breaker",))', 'verdict_of(cert, "winner", ("breaker", "maker"))',
     "pairing/verdict"),
    ("AE verdict enforcer allowed", 'verdict_of(cert, "winner", ("avoider",))',
     'verdict_of(cert, "winner", ("avoider", "enforcer"))', "pairing/verdict"),
]

#: the same holes in a copy of the second checker's verify/second_opinion/positional_pairing.py
SECOND_HOLES = [
    ("blocks may overlap, naive coverage", ("if block & used:", "if len(hits) == len(set(hits)):"),
     ("if False:", "if not any(len(e & block) >= 2 for block in blocks):"), "pairing/overlap"),
    ("size bound off by one", "largest, banned = 1 + bias[1], alice",
     "largest, banned = 2 + bias[1], alice", "pairing/oversized"),
    ("start vertices allowed", "if block & banned:", "if False:", "pairing/touching-start"),
    ("AE: Avoider's start allowed", "largest, banned = 2, alice | bob", "largest, banned = 2, bob",
     "pairing/touching-start"),
    ("one vertex covers", "if len(hits) == len(set(hits)):", "if not hits:", "pairing/incomplete"),
    ("edges through A0 skipped", "uncovered_edge(h.edges, blocks, bob)", "uncovered_edge(h.edges, blocks, bob | alice)",
     "pairing/incomplete"),
    ("p >= 2 allowed", "if bias[0] != 1:", "if False:", "pairing/bias"),
    ("biased AE allowed", "if bias != (1, 1):", "if False:", "pairing/bias"),
    ("MB verdict not read", 'winner = _winner(cert, "breaker")', 'winner = cert["claim"]["verdict"]["winner"]', "pairing/verdict"),
    ("AE verdict not read", 'winner = _winner(cert, "avoider")', 'winner = cert["claim"]["verdict"]["winner"]', "pairing/verdict"),
]


def _mutant(path: Path, package: str, old, new, strip: str = ""):
    text = path.read_text(encoding="utf-8")
    for o, n in zip(*((old, new) if isinstance(old, tuple) else ((old,), (new,)))):
        assert text.count(o) == 1, f"the mutation {o!r} no longer applies to {path.name}"
        text = text.replace(o, n)
    spec = importlib.util.spec_from_loader(f"{package}._pairing_mutant", loader=None)
    mutant = importlib.util.module_from_spec(spec)
    mutant.__package__ = package
    exec(compile(text.replace(strip, "") if strip else text, str(path), "exec"), mutant.__dict__)  # noqa: S102
    return mutant


def _false_accepts(rule: str, check, refusals) -> int:
    tally = F.run([rule], seed=0, scale=1, chks={"mutant": (check, refusals)})
    return sum(c["FALSE"] for c in tally.counts.values())


def _split_mutant(folder: Path, package: str, old, new, strip_pairing: str = "", strip_positional: str = ""):
    """A copy of a checker's positional-pairing module with the lines ``old`` made ``new``: each line
    is in ``folder``/positional_pairing.py or in ``folder``/positional.py (the q-pairing's rules,
    ``read_blocks`` and ``uncovered_edge``, shared with rule P12 of positional-strategy), whose
    mutated copy then lends the pairing module those two functions."""
    olds, news = (old, new) if isinstance(old, tuple) else ((old,), (new,))
    here = {o: (folder / "positional_pairing.py").read_text(encoding="utf-8").count(o) == 1 for o in olds}
    pp = _mutant(folder / "positional_pairing.py", package,
                 tuple(o for o in olds if here[o]), tuple(n for o, n in zip(olds, news) if here[o]),
                 strip=strip_pairing)
    moved = [(o, n) for o, n in zip(olds, news) if not here[o]]
    if moved:
        pos = _mutant(folder / "positional.py", package, tuple(o for o, _ in moved),
                      tuple(n for _, n in moved), strip=strip_positional)
        pp.read_blocks, pp.uncovered_edge = pos.read_blocks, pos.uncovered_edge
    return pp


def _kernel_mutant(old, new):
    """The kernel's positional-pairing check with one hole (:func:`_split_mutant`)."""
    return _split_mutant(ROOT / "verify" / "certificates", "verify.certificates", old, new,
                         '@register(KIND, "blocks")', '@register(KIND, "strategies", "symmetries", "completions")')


@pytest.mark.parametrize("name,old,new,rule", KERNEL_HOLES, ids=[h[0] for h in KERNEL_HOLES])
def test_forgers_find_the_holes_of_mutated_kernels(monkeypatch, name, old, new, rule):
    from verify.certificates import checker
    mutant = _kernel_mutant(old, new)
    body = checker._CHECKERS["positional-pairing"][1]
    monkeypatch.setitem(checker._CHECKERS, "positional-pairing", (mutant.check_positional_pairing, body))
    assert _false_accepts(rule, lambda c: checker.check_certificate(copy.deepcopy(c)), (CertificateError,)) > 0, \
        f"no forgery of {rule} finds the hole {name!r}"


@pytest.mark.parametrize("name,old,new,rule", SECOND_HOLES, ids=[h[0] for h in SECOND_HOLES])
def test_forgers_find_the_holes_of_mutated_second_checkers(name, old, new, rule):
    from verify.second_opinion.envelope import Refused
    mutant = _split_mutant(ROOT / "verify" / "second_opinion", "verify.second_opinion", old, new)

    def check(cert):
        kind, _q, _v = second_opinion.read_envelope(cert)
        if kind != "positional-pairing":
            raise Refused("not the mutated kind")
        try:
            question, verdict, _detail = mutant.check_positional_pairing(cert)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise Refused(str(exc)) from None
        second_opinion.compare_claim(cert, question, verdict)

    assert _false_accepts(rule, check, (Refused,)) > 0, f"no forgery of {rule} finds the hole {name!r}"
