"""A forger aimed at ``maker-breaker-dangers`` (docs/spec/maker-breaker-compositional.md): on random
small rank-3 positions (Maker first), build the most permissive J_2(D1) table the checker's own
danger oracle allows, submit it to the kernel, and judge every accepted table with the brute-force
judge of tests/brute.py. A false accept (a table accepted for a position Maker wins) fails the test.

Default run: a seeded sample (a few seconds); ``-m slow``: a larger sweep.
"""
from __future__ import annotations

import json
import random

import pytest

from brute import maker_breaker_winner
from verify.certificates import envelope
from verify.certificates import rank3 as R
from verify.certificates.chains import incidence
from verify.certificates.checker import check_certificate
from verify.errors import CertificateError
from verify.formats.instances import question_of
from verify.formats.questions import board_json
from verify.games import maker_breaker as mb
from verify.hypergraph import Hypergraph, minimal_masks


def most_permissive_rounds(game):
    """For each free x1, the first Breaker answer y1 after which no danger is left, and below it, for
    every x2, a ``None`` answer whenever the oracle sees no danger, else the first y2 that removes
    it (the table the checker allows with the least Breaker play); None when some x1 has none."""
    kk = R._K(game)
    res = minimal_masks(game.start_residual())
    edges = sorted(r | kk.top if r.bit_count() == 2 else r for r in res)
    inc = incidence(edges, kk.h.n + 1)
    pad = kk.top if any(e & kk.top for e in edges) else 0
    free = mb.live_vertices(res)
    name = lambda i: kk.h.vertices[i]  # noqa: E731
    fl = [i for i in range(kk.h.n) if free >> i & 1]
    rounds = []
    for x1 in fl:
        ok = None
        for y1 in fl:
            if y1 == x1 or not R._no_danger(x1, edges, inc, pad, 1 << y1, {}):
                continue
            marked, dead = pad | 1 << x1, 1 << y1
            inner = []
            for x2 in fl:
                if x2 in (x1, y1):
                    continue
                if R._no_danger(x2, edges, inc, marked, dead, {}):
                    inner.append([name(x2), None])
                    continue
                y2 = next((y for y in fl if y not in (x1, y1, x2) and
                           R._no_danger(x2, edges, inc, marked, dead | 1 << y, {})), None)
                if y2 is None:
                    break
                inner.append([name(x2), name(y2)])
            else:
                ok = [name(x1), name(y1), inner]
                break
        if ok is None:
            return None
        rounds.append(ok)
    return rounds


def forge(seed0: int, count: int) -> dict:
    """Try seeds seed0 .. seed0 + count - 1; the counts of tables built, accepted, false accepts."""
    tried = accepted = false = 0
    bad = []
    for seed in range(seed0, seed0 + count):
        rnd = random.Random(seed)
        n = rnd.randint(5, 9)
        edges = set()
        for _ in range(rnd.randint(2, 2 * n)):
            edges.add(frozenset(rnd.sample(range(n), rnd.choice([3, 3, 3, 2]))))
        names = [f"v{i}" for i in range(n)]
        emasks = sorted(sum(1 << v for v in e) for e in edges)
        marked = 0
        for v in rnd.sample(range(n), rnd.choice([0, 0, 1, 2])):
            marked |= 1 << v
        breaker = 0
        for v in rnd.sample([i for i in range(n) if not marked >> i & 1], rnd.choice([0, 0, 1])):
            breaker |= 1 << v
        h = Hypergraph.from_masks(names, emasks, marked)
        try:
            game = mb.MakerBreakerGame(h, "maker", frozenset(h.names(breaker)))
            res = game.start_residual()
            if mb.winner_if_over(res) or any(r.bit_count() <= 1 or r.bit_count() > 3 for r in res):
                continue
            if mb.live_vertices(minimal_masks(res)).bit_count() < 4:
                continue
            with R.check_budget():  # the danger test outside a check: a check's budget per game
                rounds = most_permissive_rounds(game)
        except CertificateError:
            continue
        if rounds is None:
            continue
        tried += 1
        cert = envelope("maker-breaker-dangers", board_json(Hypergraph.from_masks(names, emasks)),
                        question_of("maker-breaker", game), {"winner": "breaker"}, rounds=rounds)
        cert = json.loads(json.dumps(cert))
        try:
            check_certificate(cert)
        except CertificateError:
            continue
        accepted += 1
        if maker_breaker_winner(n, emasks, marked, breaker, "maker") != "breaker":
            false += 1
            bad.append(seed)
    assert not bad, f"false accepts at seeds {bad}"
    return {"tried": tried, "accepted": accepted, "false_accepts": false}


def test_dangers_forger_sample():
    out = forge(0, 1000)
    assert out["false_accepts"] == 0
    assert out["tried"] >= 100 and out["accepted"] >= 100, out  # the forger does reach the checker


@pytest.mark.slow
def test_dangers_forger_sweep():
    out = forge(1500, 20000)
    assert out["false_accepts"] == 0
    assert out["accepted"] >= 1000, out
