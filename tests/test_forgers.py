"""Adversarial tests by rule (issue 31, deliverable 4): the forgers of ``tests/forgers.py``, one per
rule of the certificate kinds behind ``proofs/`` (pg-proof's links, maps, cycles, carriers and
must-play regions, passes, forced blocks, bounds, pairing leaves, components, threat lines, replies,
schedules, the claim's binding, books; maker-breaker-strategy, maker-breaker-pairing, nim-labelling,
pg-strategy; positional-strategy's walk, entries, claims, draws, schedules with biases, mid-turn
completions, decided starts and claim binding, in tests/forgers_positional.py), each building
certificates aimed at its rule, mostly for false claims. Every
certificate a checker accepts is judged by the brute-force judge ``tests/brute.py``: accepted and
false is a FALSE ACCEPT, saved under /tmp/forgeries/ and failing the test.

Both checkers are attacked by the same forgeries: the kernel (``check_certificate``) and the second
opinion (``verify.second_opinion.check``) when it can be imported. The per-rule table (forgeries
tried, refused, accepted and true, unjudged, false accepts) is printed at the end of the module
(``-s``) and written to /tmp/forgeries/report.txt; ``python tests/forgers.py --report`` prints it
too. Default run: ``FORGE_SCALE`` (3) rounds of each forger; ``-m slow``: scale 12 and four seeds.
"""
from __future__ import annotations

import os
import subprocess
import sys
from functools import lru_cache

import pytest

import forgers as F

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCALE = int(os.environ.get("FORGE_SCALE", "3"))
RULES = sorted(F.FORGERS)
CHECKERS = ["kernel", "second"]
TALLY = F.Tally()


@lru_cache(maxsize=None)
def _forgeries(rule: str, seed: int, scale: int) -> tuple:
    return tuple(F.forgeries(rule, seed, scale))


def _checker(name: str):
    chks = F.checkers()
    if name not in chks:
        pytest.skip("verify.second_opinion is not importable")
    return chks[name]


@pytest.fixture(scope="module", autouse=True)
def report():
    yield
    text = TALLY.table()
    os.makedirs("/tmp/forgeries", exist_ok=True)
    with open("/tmp/forgeries/report.txt", "w") as out:
        out.write(text + "\n")
    print("\n" + text)


def _attack(rule: str, checker: str, seed: int, scale: int, tally: F.Tally) -> list:
    check, refusals = _checker(checker)
    false = []
    forged = _forgeries(rule, seed, scale)
    assert forged, f"the forger of {rule!r} built nothing"
    for f in forged:
        outcome = F.verdict(check, refusals, f.cert)
        tally.add(checker, f, outcome)
        if outcome == "FALSE":
            false.append(f"{f.note}: {F.save(f)}")
    return false


@pytest.mark.parametrize("checker", CHECKERS)
@pytest.mark.parametrize("rule", RULES)
def test_no_false_accept(rule, checker):
    false = _attack(rule, checker, 0, SCALE, TALLY)
    assert not false, f"{checker} accepted {len(false)} false {rule} forgeries: {false[:3]}"


def test_overlap_forger_builds_the_reported_attack():
    """The link forger does build links to states whose colours overlap, in residual games (so a
    checker refusing them refuses the reported attack, not a malformed file)."""
    overlapping = 0
    for f in _forgeries("links/target-overlap", 0, SCALE):
        for q in f.cert.get("questions", []):
            for e in q.get("links", []):
                if set(e[3].split()) & set(e[4].split()):
                    overlapping += 1
    assert overlapping >= 5


PRE_FIX = "42e0379^"  # the kernel before state legality (issue 31): links to overlapping states accepted


def test_forger_finds_the_known_hole_in_the_pre_fix_kernel(tmp_path):
    """The forgers are validated on the kernel they were written against: the commit before the
    state-legality fix, extracted from git into a scratch folder and run in a subprocess, accepts
    false claims forged by the overlap rule (the reported tic-tac-toe hole, found generically)."""
    try:
        tar = subprocess.run(["git", "-C", ROOT, "archive", PRE_FIX, "verify"], capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("no git history here")
    subprocess.run(["tar", "-x", "-C", str(tmp_path)], input=tar, check=True)
    code = ("import forgers as F\n"
            "k, errors = F.checkers()['kernel']\n"  # (the pre-fix kernel predates the made_by key)
            "old = lambda c: k({x: y for x, y in c.items() if x != 'made_by'} if isinstance(c, dict) else c)\n"
            "t = F.run(['links/target-overlap'], chks={'kernel': (old, errors)})\n"
            "print(sum(c['FALSE'] for c in t.counts.values()))\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), os.path.dirname(__file__)])}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300,
                         cwd=tmp_path)  # (not the checkout: `python -c` puts the cwd first on sys.path)
    assert out.returncode == 0, out.stderr[-2000:]
    assert int(out.stdout.split()[-1]) > 0, "the overlap forger no longer finds the pre-fix hole"


@pytest.mark.slow
@pytest.mark.parametrize("checker", CHECKERS)
@pytest.mark.parametrize("rule", RULES)
def test_no_false_accept_many(rule, checker):
    tally = F.Tally()
    false = []
    for seed in range(1, 5):
        false += _attack(rule, checker, seed, 12, tally)
    print("\n" + tally.table())
    assert not false, f"{checker} accepted {len(false)} false {rule} forgeries: {false[:3]}"


#: mutations of the second checker's positional-strategy module, each opening one hole, and the rule
#: whose forgers must find it: (name, text replaced, replacement, rule)
POSITIONAL_HOLES = [
    ("claims not checked free", "if v in alice or v in bob:", "if False:", "positional/claim-occupied"),
    ("one opponent reply", "claims = [v for v in h.vertices if v not in alice and v not in bob]",
     "claims = [v for v in h.vertices if v not in alice and v not in bob][:1]", "positional/opponent-omitted"),
    ("a missing entry skipped", "            if state not in table:\n                raise",
     "            if state not in table:\n                continue\n                raise", "positional/opponent-omitted"),
    ("claims counted from the empty board", "c = len(alice) + len(bob) - start_count",
     "c = len(alice) + len(bob)", "positional/schedule"),
    ("the bias ignored", "return first if c % round_len < per_turn[first] else other[first]",
     "return first if c % 2 == 0 else other[first]", "positional/schedule"),
    ("Breaker's completion wins", "return alice_role if alice_moved else None",
     "return alice_role if alice_moved else bob_role", "positional/completion-bob-ends"),
    ("completions go on", "elif tested and any(e <= own for e in by_vertex[v]):", "elif False:",
     "positional/completion-continue"),
    ("both whole edges: the second deemed first", "    if a_holds:  # alone", "    if a_holds and not b_holds:  # alone",
     "positional/starts"),
    ("a draw shown by one table", "players = [alice_role, bob_role] if winner == DRAW else [winner]",
     "players = [x for x in (alice_role, bob_role) if x in cert['strategies']] if winner == DRAW else [winner]",
     "positional/draws"),
    ("the walk unbiased", "walked += _walk(h, game, bias,", "walked += _walk(h, game, (1, 1),",
     "positional/claim-binding"),
    ("the walk with Alice first", "walked += _walk(h, game, bias, first,", "walked += _walk(h, game, bias, alice_role,",
     "positional/claim-binding"),
]


@pytest.mark.parametrize("name,old,new,rule", POSITIONAL_HOLES, ids=[h[0] for h in POSITIONAL_HOLES])
def test_positional_forgers_find_the_holes_of_mutated_checkers(name, old, new, rule):
    """The positional forgers are validated on second checkers with one rule broken (the source of
    verify/second_opinion/positional.py with one line changed, loaded as a sibling module): the
    forgers of the rule each hole concerns get FALSE claims accepted."""
    tally = F.run([rule], seed=0, scale=1, chks={"mutant": _second_mutant(old, new)})
    assert sum(c["FALSE"] for c in tally.counts.values()) > 0, f"no forgery of {rule} finds the hole {name!r}"


#: the same kind of one-line holes in a copy of the kernel's verify/certificates/positional.py
KERNEL_POSITIONAL_HOLES = [
    ("claims not checked free", "if not v & free:", "if False:", "positional/claim-occupied"),
    ("one opponent reply", "claims = tuple(1 << i for i in bits(free))",
     "claims = tuple(1 << i for i in bits(free))[:1]", "positional/opponent-omitted"),
    ("the bias ignored", "return (claims % (p_first + p_other) < p_first) == alice_first",
     "return (claims % 2 == 0) == alice_first", "positional/schedule"),
    ("claims counted from the empty board", "(alice | bob).bit_count() - given", "(alice | bob).bit_count()",
     "positional/schedule"),
    ("Breaker's completion scores", "decided = cv.completion_value(game.convention, a_moves)",
     "decided = cv.completion_value(game.convention, a_moves) or (-1 if game.convention == 'maker-breaker' else 1)",
     "positional/completion-bob-ends"),
    ("completions go on", "if decided is not None and cv.completes(through[v], a if a_moves else b, v):", "if False:",
     "positional/completion-continue"),
    ("decided starts played on",
     "decided = cv.start_value(convention, edges, game.alice_mask, game.bob_mask, game.alice_first)",
     "decided = None", "positional/starts"),
    ("a draw shown by one table", "players = strategists(convention, winner)",
     "players = tuple(x for x in strategists(convention, winner) if x in (cert.get('strategies') or {}))",
     "positional/draws"),
]


def test_positional_forgers_find_the_holes_of_mutated_kernels(monkeypatch):
    """The positional forgers against copies of the kernel's module with one rule broken (the text
    of a hole that no longer matches the kernel's source is skipped; most must still apply)."""
    import copy
    import importlib.util

    import verify.certificates.positional  # noqa: F401 - registers the kind
    from verify.certificates import checker
    from verify.errors import CertificateError

    path = os.path.join(ROOT, "verify", "certificates", "positional.py")
    with open(path, encoding="utf-8") as src:
        text = src.read()
    applied, missed = 0, []
    for name, old, new, rule in KERNEL_POSITIONAL_HOLES:
        if text.count(old) != 1:
            continue
        applied += 1
        spec = importlib.util.spec_from_loader("verify.certificates._positional_mutant", loader=None)
        mutant = importlib.util.module_from_spec(spec)
        mutant.__package__ = "verify.certificates"
        exec(compile(text.replace(old, new).replace('@register(KIND, "strategies", "symmetries", "completions")', ""), path, "exec"),  # noqa: S102
             mutant.__dict__)
        body = checker._CHECKERS["positional-strategy"][1]
        monkeypatch.setitem(checker._CHECKERS, "positional-strategy", (mutant.check_positional_strategy, body))
        tally = F.run([rule], seed=0, scale=1,
                      chks={"mutant": (lambda c: checker.check_certificate(copy.deepcopy(c)), (CertificateError,))})
        if not sum(c["FALSE"] for c in tally.counts.values()):
            missed.append(name)
        monkeypatch.undo()
    assert applied >= 6, "the kernel's positional.py changed: update KERNEL_POSITIONAL_HOLES"
    assert not missed, f"holes the forgers do not find: {missed}"


#: one-line holes of rule P11 (named completions and threat hints) in the second checker's
#: positional-strategy module, each found by the forgers of rule positional/named
NAMED_HOLES = [
    ("'completes' not checked to be an edge", "    if e not in edges:\n        raise Refused(f\"{what}:",
     "    if False:\n        raise Refused(f\"{what}:"),
    ("a named completion not checked held", "if v not in done or not done <= own:", "if v not in done:"),
    ("a hinted edge may hold the opponent's vertex", "if not e & theirs and len(e - mine) == 1:",
     "if len(e - mine) == 1:"),
    ("a hinted edge may miss two vertices", "if not e & theirs and len(e - mine) == 1:",
     "if not e & theirs and 1 <= len(e - mine) <= 2:"),
    ("hints checked where the opponent moves", "if hints and mover_of(na, nb) == player:",
     "if hints and (mover_of(na, nb) == player or any(not e & (nb if player == alice_role else na) and "
     "len(e - (na if player == alice_role else nb)) == 1 for e in hints)):"),
    ("the opponent's completions untested when named", "tested = effect is not None and not (named and mover == player)",
     "tested = effect is not None and not named"),
    ("named tables of players not scoring their completions", "if _completion_winner(game, x == alice_role) != x:",
     "if False:"),
]


def _second_mutant(old: str, new: str):
    """The second checker with ``old`` replaced by ``new`` in verify/second_opinion/positional.py
    (loaded as a sibling module), as F.run takes a checker."""
    import importlib.util

    from verify import second_opinion
    from verify.second_opinion.envelope import Refused

    path = os.path.join(ROOT, "verify", "second_opinion", "positional.py")
    with open(path, encoding="utf-8") as src:
        text = src.read()
    assert text.count(old) == 1, f"the mutation {old!r} no longer applies"
    spec = importlib.util.spec_from_loader("verify.second_opinion._positional_named_mutant", loader=None)
    mutant = importlib.util.module_from_spec(spec)
    mutant.__package__ = "verify.second_opinion"
    exec(compile(text.replace(old, new), path, "exec"), mutant.__dict__)  # noqa: S102 - our own source

    def check(cert):
        kind, _q, _v = second_opinion.read_envelope(cert)
        if kind != "positional-strategy":
            raise Refused("not the mutated kind")
        try:
            question, verdict, _detail = mutant.check_positional_strategy(cert)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise Refused(str(exc)) from None
        second_opinion.compare_claim(cert, question, verdict)

    return check, (Refused,)


@pytest.mark.parametrize("name,old,new", NAMED_HOLES, ids=[h[0] for h in NAMED_HOLES])
def test_named_forgers_find_the_holes_of_mutated_second_checkers(name, old, new):
    """Second checkers with one line of P11 broken accept FALSE claims forged by rule
    positional/named (judged by the brute force); the real one accepts none (test_no_false_accept)."""
    tally = F.run(["positional/named"], seed=0, scale=1, chks={"mutant": _second_mutant(old, new)})
    assert sum(c["FALSE"] for c in tally.counts.values()) > 0, f"no named forgery finds the hole {name!r}"


def test_named_order_controls_accepted_by_both_checkers():
    """True named certificates whose X-to-move states are reached with a hint making them leaves and
    without one (tests/forgers_positional.py order_controls) are accepted by both checkers, whatever
    order their walks take; a second checker marking hint leaves seen refuses some."""
    import random

    import forgers_positional as FP
    controls = [cert for _pq, _w, cert in FP.order_controls(random.Random(11), 6)]
    for name, (check, refusals) in F.checkers().items():
        for cert in controls:
            assert F.verdict(check, refusals, cert) == "true", name
    check, refusals = _second_mutant("if won:", "if won and not seen.add((na, nb, NO_HINT)):")
    assert any(F.verdict(check, refusals, cert) == "refused" for cert in controls)


#: one-line holes of rule P12 (pairing entries) in the second checker's positional-strategy module,
#: each found by the forgers of rule positional/pairing-entries
PAIRING_ENTRY_HOLES = [
    ("coverage unchecked", "                if e is not None:\n                    raise Refused(f\"the pairing entry",
     "                if False:\n                    raise Refused(f\"the pairing entry"),
    ("one vertex of a block covers an edge", "if len(hits) == len(set(hits)):  # no block met twice",
     "if not hits:  # no block met twice"),
    ("pairing entries at p >= 2", "winner == bob_role and bias[0] == 1 else None", "winner == bob_role else None"),
    ("pairing entries in any convention", "largest = 1 + bias[1] if game == MAKER_BREAKER and winner",
     "largest = 1 + bias[1] if winner"),
    ("blocks may hold Maker's vertices", "        if block & banned:\n", "        if False:\n"),
    ("block size bound off by one", "largest = 1 + bias[1] if", "largest = 2 + bias[1] if"),
]


@pytest.mark.parametrize("name,old,new", PAIRING_ENTRY_HOLES, ids=[h[0] for h in PAIRING_ENTRY_HOLES])
def test_pairing_entry_forgers_find_the_holes_of_mutated_second_checkers(name, old, new):
    """Second checkers with one line of P12 broken accept FALSE claims forged by rule
    positional/pairing-entries (judged by the brute force); the real one accepts none."""
    tally = F.run(["positional/pairing-entries"], seed=0, scale=1, chks={"mutant": _second_mutant(old, new)})
    assert sum(c["FALSE"] for c in tally.counts.values()) > 0, f"no pairing-entry forgery finds the hole {name!r}"
