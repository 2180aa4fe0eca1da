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
