"""Adversarial certificates: files written against the checker's code (not mutated from ours) to make
``verify check`` accept a false claim, print a traceback, hang or eat memory. Each attack that once
worked is a regression test here; the attacks the checker already refused are listed in the red-team
report of the branch that added this file (and many are mutation classes of
``tests/test_certificate_fuzz.py``).

Two differential tests use the checker's own rules as a solver (``ProofWalk`` choosing by search,
the J_2(D1) tests of ``maker-breaker-dangers`` choosing Breaker's replies by search): whatever the
checker's derived rules let a certificate prove must be true (judged by ``tests/brute.py``), so an
unsound rule (forced blocks, double threats, components, pairing leaves, residual keys, carriers)
fails here without anyone having to write the forged certificate. A third feeds ``check_drat`` random
steps on random small CNFs: no refutation of a satisfiable formula may pass."""
from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
import time

import pytest

import brute
from verify import limits
from verify.certificates import envelope
from verify.certificates.checker import check_certificate
from verify.certificates.proof import ProofWalk
from verify.errors import CertificateError, InputError
from verify.formats import read_json_text
from verify.formats.instances import question_of
from verify.formats.pg import parse_pg
from verify.formats.questions import board_json
from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import Hypergraph, bits
from verify.solvers import solve

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRIANGLE = [["a", "b"], ["a", "c"], ["b", "c"]]


def _cpu(fn):
    t0 = time.process_time()
    out = fn()
    return out, time.process_time() - t0


def _mb_certificate(edges, first="maker", vertices=None, method="search", **kw):
    game = MakerBreakerGame(Hypergraph(edges, vertices=vertices), first)
    return solve("maker-breaker", game, method, certificate=True, **kw).certificate


def _rebound(cert, h, first="maker"):
    """The certificate moved onto the board ``h`` (its question recomputed: a valid binding)."""
    cert = dict(cert, instance=board_json(h))
    cert["claim"] = dict(cert["claim"], question=question_of("maker-breaker", MakerBreakerGame(h, first)).to_json())
    return cert


# -- hangs on small files ---------------------------------------------------------------------------

def test_pg_proof_long_schedule_is_linear():
    """20,000 isolated vertices (a 170 KB file) gave a 20,000-point schedule whose pairing and
    component tables were built in quadratic time (about 25 s); now linear."""
    cert = _mb_certificate(TRIANGLE)
    h = Hypergraph(TRIANGLE, vertices=["a", "b", "c"] + [f"v{i}" for i in range(20_000)])
    report, cpu = _cpu(lambda: check_certificate(_rebound(cert, h)))
    assert report.verdict == {"winner": "maker"} and cpu < 3


def _empty_refutation(pairs: int) -> dict:
    """"Breaker wins" on disjoint 2-edges, Maker first, with no recorded move: every state is
    derived (Maker's moves enumerated, Breaker's blocks forced), 2^pairs residual keys."""
    h = Hypergraph([[f"a{i}", f"b{i}"] for i in range(pairs)])
    game = MakerBreakerGame(h, "maker")
    return envelope("pg-proof", board_json(h), question_of("maker-breaker", game), {"winner": "breaker"},
                    questions=[{"attacker": "black", "wins": False, "moves": []}])


def test_pg_proof_derived_states_are_bounded():
    """A 1 KB refutation with no recorded move made the checker derive 2^k states (k = 20: minutes;
    k = 40: years); the walk now derives at most a fixed number of states plus a number per
    recorded entry."""
    assert check_certificate(_empty_refutation(8)).verdict == {"winner": "breaker"}
    t0 = time.process_time()
    with pytest.raises(CertificateError, match="too many states"):
        check_certificate(_empty_refutation(40))
    assert time.process_time() - t0 < 10


def _pg_strategy_draw(positions: int, times: int) -> dict:
    """A true draw whose table has ``times`` lines: white moves at every time point, black never,
    nobody can complete a set; black's walk expands every white move sequence."""
    pos = [f"p{i}" for i in range(positions)]
    ts = [f"t{i}" for i in range(times)]
    text = (f"#times\n{' '.join(ts)}\n#blackturns\n\n#positions\n{' '.join(pos)}\n"
            f"#blackwins\n{' '.join(pos)}\n#whitewins\n{' '.join(pos)}\n")
    white = [{"black": [], "white": pos[:i], "move": pos[i]} for i in range(times)]
    return envelope("pg-strategy", {"pg": text}, question_of("pg", parse_pg(text)), {"winner": "draw"},
                    strategies={"black": [], "white": white})


def test_pg_strategy_walk_is_bounded(monkeypatch):
    """1.3 KB (30 positions, 8 time points) made the checker walk about 8 million states (hours of a
    few lines' table); the walk now stops at ``limits.MAX_CHECKED_PG_STRATEGY_STATES``."""
    small = _pg_strategy_draw(6, 3)
    assert check_certificate(small).verdict == {"winner": "draw"}
    monkeypatch.setattr(limits, "MAX_CHECKED_PG_STRATEGY_STATES", 1000)
    with pytest.raises(CertificateError, match="refused"):
        check_certificate(_pg_strategy_draw(30, 8))


def test_drat_fresh_rat_lemmas_are_linear():
    """20,000 unit lemmas on fresh variables (150 KB): each RAT check scanned the whole database
    (quadratic, 10 s); now only the clauses holding the negated literal."""
    from verify.families import tic_tac_toe
    from verify.solvers.sat import find_pairing
    cert = find_pairing(MakerBreakerGame(tic_tac_toe(3), "maker"), certificate=True).certificate
    cert["proof"] = "".join(f"{1000 + i} 0\n" for i in range(20_000)) + cert["proof"]
    report, cpu = _cpu(lambda: check_certificate(cert))
    assert report.verdict == {"refutes": "no-pairing"} and cpu < 3


def test_pg_set_bitmasks_are_bounded():
    """A 1.1 MB .pg text (100,000 positions, 30,000 two-cell sets naming late positions) built 400 MB
    of bitmasks before anything was checked; the sets' bitmasks are now bounded like a
    hypergraph's (``limits.MAX_HYPERGRAPH_MASK_BITS``) before any is built."""
    n = 100_000
    text = ("#times\nt0 t1\n#blackturns\nt0\n#positions\n" + " ".join(f"p{i}" for i in range(n)) +
            "\n#blackwins\n" + "\n".join(f"p{n - 1 - i} p{n - 2 - i}" for i in range(30_000)) + "\n")
    cert = {"format": "verify-certificate", "version": 2, "kind": "pg-proof", "instance": {"pg": text},
            "claim": {"question": {"game": "pg", "instance": "sha256:0", "position": {}, "first": None,
                                   "bound": None}, "verdict": {"winner": "white"}},
            "questions": [{"attacker": "black", "wins": False, "moves": []}]}
    with pytest.raises(CertificateError, match="bits of bitmasks"):
        check_certificate(cert)


# -- output the terminal cannot print ------------------------------------------------------------

def test_unknown_key_is_escaped():
    """An unknown key was printed verbatim: a lone surrogate made ``verify check`` die with a
    UnicodeEncodeError traceback, and terminal escapes (conceal, cursor moves) could dress a FAIL
    line up as a success."""
    cert = _mb_certificate(TRIANGLE)
    cert["\x1b[8m"] = 1
    with pytest.raises(CertificateError) as exc:
        check_certificate(cert)
    assert "\x1b" not in str(exc.value) and "\\x1b" in str(exc.value)


@pytest.mark.parametrize("text", ['{"a": "\\ud800"}', '{"\\udfff": 1}', '["x\\udc00y"]', '{"a": 1e999}',
                                  '[-1E400]'])
def test_json_reader_refuses_non_text(text):
    with pytest.raises(InputError, match="malformed JSON"):
        read_json_text(text, "f.json")


def test_json_reader_keeps_surrogate_pairs():
    assert read_json_text('{"\\ud83d\\ude00": "\\u00e9", "x": 1.5e300}', "f.json") == {"😀": "é", "x": 1.5e300}


def test_check_cli_surrogate_is_one_line(tmp_path):
    text = json.dumps(_mb_certificate(TRIANGLE)).replace('"questions"', '"\\udc00": 1, "questions"')
    path = tmp_path / "c.json"
    path.write_text(text)
    out = subprocess.run([sys.executable, "-m", "verify.cli", "check", str(path)], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": ROOT})
    assert out.returncode == 1 and "Traceback" not in out.stderr and "FAIL" in out.stdout


# -- attacks refused already (kept: a refactoring must not reopen them) ---------------------------

@pytest.mark.parametrize("position", [{"maker": ["a"], "breaker": ["a"]}, {"maker": ["a", "a"], "breaker": []},
                                      {"maker": [], "breaker": ["c", "c"]}, {"maker": [], "breaker": [True]},
                                      {"maker": [], "breaker": "ab"}, {"maker": [], "breaker": [], "black": []}])
def test_position_forgeries(position):
    cert = _mb_certificate([["a", "b"], ["c", "d"]], method="pairing")
    cert["claim"]["question"]["position"] = position
    with pytest.raises(CertificateError):
        check_certificate(cert)


def test_link_map_not_one_to_one_and_unknown_shared_map():
    from verify.families import tic_tac_toe
    cert = solve("maker-breaker", MakerBreakerGame(tic_tac_toe(3), "maker"), "search", certificate=True).certificate
    q = cert["questions"][0]
    assert q["links"]
    for bad in ("a1>a1 b1>a1", "@0", "@-1", "@\uff10", "@" + "9" * 30):
        forged = json.loads(json.dumps(cert))
        forged["questions"][0]["links"][0][5] = bad
        with pytest.raises(CertificateError):
            check_certificate(forged)


# -- the checker's rules as a solver --------------------------------------------------------------

def _pairing_of(walk, b, w, t):
    """Disjoint pairs covering every live need of X at (b, w, t), if any (exhaustive)."""
    own, opp = walk.own_opp(b, w)
    xl = walk._needs(walk.xsets, own, opp, walk.left_x[t])
    cand = sorted({(1 << i) | (1 << j) for e in xl for i, j in itertools.combinations(bits(e), 2)})

    def search(k, used, chosen):
        if all(any(p & e == p for p in chosen) for e in xl):
            return list(chosen)
        for j in range(k, len(cand)):
            if not cand[j] & used:
                found = search(j + 1, used | cand[j], chosen + (cand[j],))
                if found is not None:
                    return found
        return None

    return search(0, 0, ())


def _holds(check) -> bool:
    """Whether ``check()`` passes (a CertificateError: it fails)."""
    try:
        check()
        return True
    except CertificateError:
        return False


def checker_rules_decide(game, attacker: str, leaves: bool) -> tuple[bool, bool]:
    """(the checker's proof rules prove "attacker wins", its refutation rules refute it), each
    choice of the side to convince found by search through the checker itself; with ``leaves``
    refutations also split into components and end at every pairing leaf available."""
    prover = ProofWalk(game, attacker, None)

    def prove_choice(b, w, t):
        own, opp = prover.own_opp(b, w)
        needs = prover._needs(prover.xsets, own, opp, prover.left_x[t])
        for i in bits(prover.legal(b, w, t)):
            v = 1 << i
            if prover.residual and not any(v & s for s in needs):
                continue
            if _holds(lambda: prover.prove(*prover.play(b, w, v, True), t + 1)):
                return v
        return 0

    prover.choose = prove_choice
    proved = _holds(lambda: prover.prove(*game.start(), 0))
    refuter = ProofWalk(game, attacker, None, split=leaves)
    if leaves:
        refuter.pairing = lambda b, w, t: _pairing_of(refuter, b, w, t) if refuter.answerable[t] else None

    def refute_choice(b, w, t):
        for i in bits(refuter.legal(b, w, t)):
            v = 1 << i
            marked = set(refuter.refuted)
            if _holds(lambda: refuter.refute(*refuter.play(b, w, v, False), t + 1)):
                return v
            refuter.refuted = marked  # marks of a failed attempt prove nothing
        return 0

    refuter.choose = refute_choice
    return proved, _holds(lambda: refuter.refute(*game.start(), 0))


def random_pg(r: random.Random, max_cells: int) -> str:
    """A random small .pg game: Maker-Breaker or Maker-Maker, an alternating schedule (half the
    games: where components, double threats and pairing leaves apply) or any schedule (runs of
    either colour), sometimes initial stones and #firstmoves."""
    n = r.randint(3, max_cells)
    pos = [chr(97 + i) for i in range(n)]
    maker_maker = r.random() < 0.4
    sizes = (2, 2, 3, 3, 4) if r.random() < 0.5 else (1, 2, 3, 4)
    sets = [[r.sample(pos, min(n, r.choice(sizes))) for _ in range(r.randint(1, 6))],
            [r.sample(pos, min(n, r.choice(sizes))) for _ in range(r.randint(1, 4))]]
    times = [f"t{i}" for i in range(r.randint(1, n))]
    if r.random() < 0.5:
        turns = times[r.randint(0, 1)::2]
    else:
        turns = [x for x in times if r.random() < 0.55]
    black = [p for p in pos if r.random() < 0.1]
    white = [p for p in pos if p not in black and r.random() < 0.1]
    text = f"#times\n{' '.join(times)}\n#blackturns\n{' '.join(turns)}\n"
    text += f"#positions\n{' '.join(pos)}\n"
    for section, cells in (("#blackinitials", black), ("#whiteinitials", white),
                           ("#firstmoves", r.sample(pos, r.randint(1, n)) if r.random() < 0.2 else [])):
        if cells:
            text += f"{section}\n{' '.join(cells)}\n"
    text += "#blackwins\n" + "\n".join(" ".join(s) for s in sets[0]) + "\n"
    if maker_maker:
        text += "#whitewins\n" + "\n".join(" ".join(s) for s in sets[1]) + "\n"
    return text


def _rules_against_judge(seed: int, games: int, max_cells: int) -> int:
    r = random.Random(seed)
    decided = 0
    for _ in range(games):
        text = random_pg(r, max_cells)
        try:
            game = parse_pg(text)
            truth = brute.pg_result(text)
        except (InputError, brute.Invalid):
            continue
        for attacker in ("black", "white") if game.maker_maker else ("black",):
            for leaves in (False, True):
                proved, refuted = checker_rules_decide(game, attacker, leaves)
                assert (proved, refuted) == (truth == attacker, truth != attacker), (text, attacker, leaves)
                decided += 1
    return decided


def test_checker_rules_as_solver_are_sound():
    assert _rules_against_judge(5, 400, 9) > 400


@pytest.mark.slow
def test_checker_rules_as_solver_are_sound_many():
    assert _rules_against_judge(int(os.environ.get("FUZZ_SEED", "3")), 3000, 11) > 3000


def _dangers_by_search(game):
    """A J_2(D1) table (``maker-breaker-dangers``) found with the checker's own danger test, or
    None. The danger test outside a check draws on a check's budget: this search gets one."""
    from verify.certificates import rank3
    with rank3.check_budget():
        return _dangers_search(game)


def _dangers_search(game):
    from verify.certificates.chains import incidence
    from verify.certificates.rank3 import _K, _no_danger, _residual
    from verify.games import maker_breaker as mb
    from verify.hypergraph import minimal_masks
    kk = _K(game)
    res = minimal_masks(_residual(game))
    if mb.winner_if_over(_residual(game)) is not None or any(not 2 <= r.bit_count() <= 3 for r in res):
        return None
    edges = sorted(r | kk.top if r.bit_count() == 2 else r for r in res)
    inc = incidence(edges, kk.h.n + 1)
    pad = kk.top if any(e & kk.top for e in edges) else 0
    free = mb.live_vertices(res)
    if free.bit_count() < 4:
        return None
    memo: dict = {}
    name = kk.h.vertices
    rounds = []
    for x1 in bits(free):
        for y1 in bits(free & ~(1 << x1)):
            if not _no_danger(x1, edges, inc, pad, 1 << y1, memo):
                continue
            inner = []
            for x2 in bits(free & ~(1 << x1) & ~(1 << y1)):
                for y2 in [None] + bits(free & ~(1 << x1) & ~(1 << y1) & ~(1 << x2)):
                    dead = 1 << y1 | (0 if y2 is None else 1 << y2)
                    if _no_danger(x2, edges, inc, pad | 1 << x1, dead, memo):
                        inner.append([name[x2], None if y2 is None else name[y2]])
                        break
                else:
                    break
            else:
                rounds.append([name[x1], name[y1], inner])
                break
        else:
            return None
    return rounds


def test_dangers_rules_as_solver_are_sound():
    r = random.Random(11)
    accepted = 0
    for _ in range(400):
        names = [str(i) for i in range(r.randint(4, 9))]
        edges = list({frozenset(r.sample(names, r.choice([2, 3, 3, 3, 3]))) for _ in range(r.randint(2, 10))})
        marked = [v for v in names if r.random() < 0.1]
        h = Hypergraph([sorted(e) for e in edges], vertices=names, marked=marked)
        game = MakerBreakerGame(h, "maker", frozenset(v for v in names if v not in marked and r.random() < 0.1))
        rounds = _dangers_by_search(game)
        if rounds is None:
            continue
        cert = envelope("maker-breaker-dangers", board_json(h), question_of("maker-breaker", game),
                        {"winner": "breaker"}, rounds=rounds)
        check_certificate(cert)
        assert brute.truth(*brute.question(cert)), cert
        accepted += 1
    assert accepted > 10


def test_drat_random_steps_never_refute_a_satisfiable_formula():
    """Random DRAT steps (RUP and RAT lemmas, fresh variables, the empty clause, deletions of formula
    and lemma clauses, top-level units among them) on random small CNFs: an accepted refutation of a
    satisfiable formula would be an unsound step of ``check_drat``; many unsatisfiable ones are refuted."""
    from verify.certificates.drat import DratError, check_drat
    r = random.Random(1)
    refuted = 0
    for _ in range(4000):
        nvars = r.randint(2, 6)
        clauses = [[r.choice([1, -1]) * r.randint(1, nvars) for _ in range(r.randint(1, 3))]
                   for _ in range(r.randint(2, 14))]
        known = list(clauses)
        lines = []
        for _ in range(r.randint(1, 12)):
            if r.random() < 0.25:
                lines.append("d " + " ".join(map(str, r.choice(known))) + " 0")
            else:
                lemma = [r.choice([1, -1]) * r.randint(1, nvars + 2) for _ in range(r.choice([0, 1, 1, 2, 2, 3]))]
                lines.append(" ".join(map(str, lemma + [0])))
                known.append(lemma)
        try:
            check_drat(nvars, clauses, "\n".join(lines) + "\n")
        except DratError:
            continue
        assert not any(all(any((x > 0) == bool(m >> (abs(x) - 1) & 1) for x in c) for c in clauses)
                       for m in range(1 << nvars)), (clauses, lines)
        refuted += 1
    assert refuted > 500
