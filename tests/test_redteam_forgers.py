"""Red-team forgeries: hand-made ``pg-proof`` certificates (and books) for FALSE claims, each aimed
at one rule of docs/spec/pg-proof.md or book.md that the forgers of ``tests/forgers.py`` do not
attack head-on: the places where a Maker-Breaker argument could be reused in a race (a Maker-Maker
``.pg`` game, both colours with sets), where a rule is restricted to some time points or
schedules, and where a book's part could answer another question than the one asked.

Every game has at most 10 cells; its truth is brute-forced (``forgers.pg_truth``, i.e.
``tests/brute.py``), so each test first checks the claim is false, then that BOTH checkers (the
kernel, ``verify check``, and the second opinion, ``verify check --second-opinion``) refuse it.
Where it says "without the rule, the kernel accepts it", that was checked by hand by disabling the
rule in the kernel (the attack is aimed, not refused by accident).
"""
from __future__ import annotations

import copy
import random

import pytest

import forgers as F
from verify.formats.pg import parse_pg


def pg_text(times: int, black_turns, positions: str, black_sets, white_sets=None, white_initials=(),
            first_moves=()) -> str:
    """A small ``.pg`` description: time points t0..t(times-1), black's among them by index."""
    names = [f"t{i}" for i in range(times)]
    text = (f"#times\n{' '.join(names)}\n#blackturns\n{' '.join(names[i] for i in black_turns)}\n"
            f"#positions\n{positions}\n")
    if white_initials:
        text += "#whiteinitials\n" + " ".join(white_initials) + "\n"
    if first_moves:
        text += "#firstmoves\n" + " ".join(first_moves) + "\n"
    text += "#blackwins\n" + "\n".join(black_sets) + "\n"
    if white_sets is not None:
        text += "#whitewins\n" + "\n".join(white_sets) + "\n"
    return text


def refused_by_both(cert: dict) -> dict:
    """Each checker's refusal message (AssertionError if any checker accepts)."""
    out = {}
    for name, (check, refusals) in F.checkers().items():
        try:
            check(copy.deepcopy(cert))
        except refusals as exc:
            out[name] = str(exc)
            continue
        raise AssertionError(f"{name} ACCEPTED a false certificate")
    return out


def recorded(text: str, attacker: str, wins: bool) -> dict:
    """An answer recorded by the kernel's walk with minimax choices (``forgers.Recorder``)."""
    return F.forge_answer(parse_pg(text), attacker, wins, random.Random(0))


# -- races: Maker-Breaker arguments reused where Y has sets -------------------------------------

def test_race_pass_carrier_holds_y_open_cells():
    """§4.9 and §4.14 (carriers with Y sets). A proof of "black wins" recorded on the
    Maker-Breaker game (black: x, then the double threat p/q; or y with r/s), grafted onto the race
    where white also has the set {d, e}. White moves first; in the Maker-Breaker proof the pass
    state's carrier is {y, r, s}, so white's reply d is never checked; in the race d makes a
    one-cell threat e that black must block, and black loses. open(s) = {d, e} in every carrier is
    what puts d among the replies checked (without it, the kernel accepts the forgery)."""
    cells, sets = "x p q y r s d e", ["x p", "x q", "y r", "y s"]
    mb = pg_text(4, [1, 3], cells, sets)
    race = pg_text(4, [1, 3], cells, sets, ["d e"])
    assert F.pg_truth(mb) == "black" and F.pg_truth(race) != "black"
    answer = recorded(mb, "black", True)
    assert F.checkers()["kernel"][0](F.pg_cert(mb, "black", [answer])) is None  # sound where it was made
    refused_by_both(F.pg_cert(race, "black", [answer]))


def test_race_forced_block_before_double_threat():
    """§4.4 (X's forced block). The Maker-Breaker proof "black takes c: a double threat on a and b"
    grafted onto the race where white's one-cell set {b} must be blocked first: black's only move
    is b, and the recorded choice c must not be read."""
    mb = pg_text(3, [0, 2], "a b c", ["a c", "b c"])
    race = pg_text(3, [0, 2], "a b c", ["a c", "b c"], ["b"])
    assert F.pg_truth(mb) == "black" and F.pg_truth(race) != "black"
    answer = {"attacker": "black", "wins": True, "moves": [[0, "", "", "c"]]}
    refused_by_both(F.pg_cert(race, "black", [answer]))


def test_threat_line_meets_a_y_threat_mid_line():
    """§4.13 (ii) (a Y one-cell need before a move of the line). The line a1 a2 is sound in the
    Maker-Breaker game: a1 threatens c1, white blocks, a2 makes the double threat d1/d2. In the
    race white's block c1 gives white the one-cell need z ({c1, z}), so after a2 white completes z
    before black completes anything."""
    cells, sets = "a1 c1 a2 d1 d2 z e f", ["a1 c1", "a1 a2 d1", "a1 a2 d2"]
    mb = pg_text(5, [0, 2, 4], cells, sets)
    race = pg_text(5, [0, 2, 4], cells, sets, ["c1 z"])
    assert F.pg_truth(mb) == "black" and F.pg_truth(race) != "black"
    answer = {"attacker": "black", "wins": True, "moves": [], "lines": [[0, "", "", "a1 a2"]]}
    assert F.checkers()["kernel"][0](F.pg_cert(mb, "black", [answer])) is None
    refused_by_both(F.pg_cert(race, "black", [answer]))


def test_components_only_in_residual_games():
    """§4.12 (components only where Y has no sets). Black's needs split into {a,b},{a,c} and {d,e};
    white's sets {a,b,c} and {d,e} each lie inside one component, so a split would put the other
    component's cells on white as stones and every component state would be "white holds a whole
    set": an empty refutation marked ``components`` would refute black's win (with the split
    allowed in this race, the kernel accepts it). Black wins: a is a double threat."""
    text = pg_text(5, [0, 2, 4], "a b c d e", ["a b", "a c", "d e"], ["a b c", "d e"])
    assert F.pg_truth(text) == "black"
    white = recorded(text, "white", False)  # true: white cannot win
    cert = F.pg_cert(text, "draw", [{"attacker": "black", "wins": False, "moves": [], "components": True}, white])
    refused_by_both(cert)


def test_components_need_an_alternating_schedule():
    """§4.12 (the schedule from t alternates X, Y, ... to its end). Two disjoint needs {a,b} and
    {c,d}, schedule B W B B: each component alone is lost for black (white blocks), but black's
    last two moves in a row finish {c,d} after white had to block b. With the split allowed on this
    schedule, the kernel accepts the empty refutation."""
    text = pg_text(4, [0, 2, 3], "a b c d", ["a b", "c d"])
    assert F.pg_truth(text) == "black"
    refused_by_both(F.pg_cert(text, "white", [{"attacker": "black", "wins": False, "moves": [],
                                               "components": True}]))


def test_double_threat_rule_not_at_time_zero():
    """§4.8 (X, Y, X with X's last two moves: applied at t > 0 only). With ``#firstmoves a`` black's
    one-cell set {c} cannot be completed at t = 0, so no cell lies on two two-cell needs and the
    rule would call the state lost; but black's forced first move a adds the threat b to the
    threat c, and white blocks only one."""
    text = pg_text(3, [0, 2], "a b c d", ["c", "a b"], first_moves=["a"])
    assert F.pg_truth(text) == "black"
    refused_by_both(F.pg_cert(text, "white", [{"attacker": "black", "wins": False, "moves": []}]))


# -- books: a part answering another question -----------------------------------------------------

def _book(root_text: str, member_text: str) -> dict:
    member = F.pg_cert(member_text, "black", [recorded(member_text, "black", True)])
    assert F.checkers()["kernel"][0](member) is None  # the member is a true certificate of its own game
    cert = F.pg_cert(root_text, "black", [{"attacker": "black", "wins": True, "moves": [],
                                           "parts": [[0, "", "", "p.json"]]}])
    cert["__members__"] = {"p.json": member}
    return cert


ROOT = pg_text(4, [1, 3], "a b c d e", ["a b", "a c"])  # white first takes a: black cannot win


def test_part_answers_the_pass_state():
    """book.md rule 2 (the member's game is G_s, schedule from t on). At white's first turn the part
    is a true proof of the *pass state*'s game (schedule from t + 1: black first, a is a double
    threat): the question "does black win if white passes?", not the one asked at the state."""
    assert F.pg_truth(ROOT) == "white"
    member = pg_text(4, [1, 3], "a b c d e", ["a b", "a c"]).replace("t0 t1 t2 t3", "t1 t2 t3")
    refused_by_both(_book(ROOT, member))


def test_part_answers_after_one_bad_reply():
    """book.md rule 2 (the state's stones as initial stones). The part is a true proof of the game
    after white's particular reply d (a wasted move): "does black win after this reply?", attached
    at the state where white has every reply."""
    assert F.pg_truth(ROOT) == "white"
    member = pg_text(4, [1, 3], "a b c d e", ["a b", "a c"], white_initials=["d"]).replace(
        "t0 t1 t2 t3", "t1 t2 t3")
    refused_by_both(_book(ROOT, member))


# -- bounded work: small files, big work ------------------------------------------------------------

def test_bounded_question_schedule_is_linear():
    """envelope.md §6 and pg-proof.md §1 (the ``.pg`` form of a bounded maker-breaker question). A
    true certificate moved onto the triangle plus 60,000 isolated vertices with the bound 10^6 (a
    590 KB file): the second checker built the alternating schedule counting black's time points
    anew at each step (quadratic: 24 s); now linear, like the kernel (0.4 s)."""
    import time
    from verify import second_opinion
    from verify.certificates.checker import check_certificate
    from verify.formats.instances import question_of
    from verify.formats.questions import board_json
    from verify.games.maker_breaker import MakerBreakerGame
    from verify.hypergraph import Hypergraph
    from verify.solvers import solve
    triangle = [["a", "b"], ["a", "c"], ["b", "c"]]
    cert = solve("maker-breaker", MakerBreakerGame(Hypergraph(triangle), "maker"), "search",
                 certificate=True).certificate
    h = Hypergraph(triangle, vertices=["a", "b", "c"] + [f"v{i}" for i in range(60_000)])
    cert = dict(cert, instance=board_json(h))
    cert["claim"] = dict(cert["claim"], question=question_of("maker-breaker", MakerBreakerGame(h, "maker"),
                                                             10**6).to_json())
    for check in (check_certificate, second_opinion.check):
        t0 = time.process_time()
        assert check(copy.deepcopy(cert)).verdict == {"winner": "maker"}
        assert time.process_time() - t0 < 5


# -- the two checkers agree ---------------------------------------------------------------------------

def test_wrong_kind_keys_judged_alike():
    """pg-proof.md §2 (``pairings`` and ``components`` in refutations only; ``lines`` and
    ``replies`` in proofs only). A true certificate carrying ``"pairings": []`` in a proof, or
    ``"lines": []`` / ``"replies": []`` in a refutation, was accepted by the kernel (an empty list
    holds no entry) and refused by the second checker; both now accept it, and both refuse an entry
    of the wrong kind (a threat line in a refutation, a pairing in a proof, a reply mark in a
    refutation)."""
    from verify import second_opinion
    from verify.certificates.checker import check_certificate
    from verify.games.maker_breaker import MakerBreakerGame
    from verify.hypergraph import Hypergraph
    from verify.solvers import solve
    path = Hypergraph([["a", "b"], ["b", "c"], ["c", "d"]])
    wrong = {"pairings": [[0, "", "", "a b"]], "lines": [[0, "", "", "a"]], "replies": [[1, "a", ""]]}
    for first, keys in (("maker", ["pairings"]), ("breaker", ["lines", "replies"])):
        cert = solve("maker-breaker", MakerBreakerGame(path, first), "search", certificate=True).certificate
        for key in keys:
            empty = copy.deepcopy(cert)
            empty["questions"][0][key] = []
            verdict = cert["claim"]["verdict"]
            assert check_certificate(copy.deepcopy(empty)).verdict == verdict
            assert second_opinion.check(copy.deepcopy(empty)).verdict == verdict
            forged = copy.deepcopy(cert)
            forged["questions"][0][key] = wrong[key]
            refused_by_both(forged)


def test_unknown_key_in_an_answer_not_needed():
    """pg-proof.md §2 (the checkers refuse any other key of an answer). An answer the claim does not
    need ("white wins" beside a Maker-Breaker proof of black's win) carrying an unknown key: the
    kernel refused it, the second checker never looked at it (it reads needed answers only) and
    accepted; both refuse it now."""
    from verify.games.maker_breaker import MakerBreakerGame
    from verify.hypergraph import Hypergraph
    from verify.solvers import solve
    path = Hypergraph([["a", "b"], ["b", "c"], ["c", "d"]])
    cert = solve("maker-breaker", MakerBreakerGame(path, "maker"), "search", certificate=True).certificate
    cert["questions"].append({"attacker": "white", "wins": False, "moves": [], "note": "ignored?"})
    refused_by_both(cert)


def test_pg_strategy_entries_read_alike():
    """pg-strategy.md (an entry is exactly {black, white, move}, its lists disjoint; every entry
    read). A true black-win table with one more entry, unused by the walk, carrying an unknown key
    or overlapping stones (black {a}, white {a}): the kernel refused both, the second checker
    accepted both; both refuse them now."""
    from verify.solvers import solve
    text = pg_text(3, [0, 2], "a b c d", ["a b", "a c"])
    cert = solve("pg", parse_pg(text), "explicit", certificate=True).certificate
    assert cert["kind"] == "pg-strategy" and cert["claim"]["verdict"] == {"winner": "black"}
    for entry in ({"black": [], "white": ["d"], "move": "a", "note": 1},
                  {"black": ["a"], "white": ["a"], "move": "b"}):
        forged = copy.deepcopy(cert)
        forged["strategies"]["black"].append(entry)
        refused_by_both(forged)


def test_deep_true_proof_judged_alike(tmp_path):
    """pg-proof.md §5 (termination) says nothing about depth. A true proof of black's win on one
    set of 600 cells, black holding every time point (599 recorded moves, 0.9 MB), is accepted by
    both checkers in a fresh interpreter (Python's default limit of 1000 frames). The kernel's
    recursive ``ProofWalk.prove`` refused it as "malformed certificate (RecursionError ...)" unless
    ``verify.solvers.explicit`` had raised the limit (the verdict depended on the imports); it now
    walks on an explicit stack of generators, like the second checker."""
    import json
    import os
    import subprocess
    import sys
    n = 600
    cells = [f"c{i}" for i in range(n)]
    text = pg_text(n, range(n), " ".join(cells), [" ".join(cells)])
    moves = [[t, " ".join(cells[:t]), "", cells[t]] for t in range(n - 1)]
    path = tmp_path / "deep.json"
    path.write_text(json.dumps(F.pg_cert(text, "black", [{"attacker": "black", "wins": True, "moves": moves}])))
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for extra in ([], ["--second-opinion"]):
        out = subprocess.run([sys.executable, "-m", "verify.cli", "check", *extra, str(path)], capture_output=True,
                             text=True, env={**os.environ, "PYTHONPATH": root})
        assert out.returncode == 0, out.stdout + out.stderr


def test_maker_breaker_tic_tac_toe_proof_claimed_for_the_strong_game(monkeypatch):
    """§4.2, §4.4, §4.13, §4.15 in a race. The search's proof that Maker (black) wins tic-tac-toe
    (residual keys, automorphism links, threat lines; and, without threat lines, move by move)
    claimed for the strong game on the same board (``encodings/pg/ttt3-mm-black-draws.pg``: both
    colours score the eight lines; a draw). The links survive (the board's symmetries are the race's
    automorphisms too); what refuses is white's one-cell need: mid-line in the threat lines, and as
    a forced block that the Maker-Breaker proof never recorded a move after."""
    import os
    from verify.solvers import solve
    from verify.solvers.search import methods
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with open(os.path.join(root, "encodings", "pg", "ttt3-mm-black-draws.pg")) as f:
        race = f.read()
    mb = race.split("#whitewins")[0]
    assert F.pg_truth(race) == "draw" and F.pg_truth(mb) == "black"
    for lines in (True, False):
        monkeypatch.setattr(methods, "THREAT_LINES", lines)
        answers = solve("pg", parse_pg(mb), "search", certificate=True).certificate["questions"]
        assert any("links" in q for q in answers)
        refused_by_both(F.pg_cert(race, "black", answers))


def _peak_mb_refusing(cert: dict, checker: str, tmp_path) -> int:
    """Peak RSS (MB) of a fresh interpreter in which ``checker`` ("kernel" or "second") refuses
    ``cert`` for its work (§4.17); fails if it accepts it or refuses it for anything else."""
    import json
    import os
    import subprocess
    import sys
    import textwrap
    path = tmp_path / "cert.json"
    path.write_text(json.dumps(cert))
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    script = textwrap.dedent(f"""
        import json, sys
        cert = json.load(open({str(path)!r}))
        if {checker!r} == "kernel":
            from verify.certificates.checker import check_certificate as check
        else:
            from verify.second_opinion import check
        try:
            check(cert)
            print("accepted")
        except Exception as exc:
            print("refused:", str(exc).replace(chr(10), " "))
        # VmHWM: this process's own peak (ru_maxrss keeps the high-water mark of the forked
        # parent across exec: a large pytest worker made every child report its size)
        peak = [line for line in open("/proc/self/status") if line.startswith("VmHWM")][0]
        print(int(peak.split()[1]) // 1024)
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=root,
                         env={**os.environ, "PYTHONPATH": root})
    assert "refused: the certificate makes the checker derive too many states" in out.stdout, out.stdout + out.stderr
    return int(out.stdout.split()[-1])


@pytest.mark.parametrize("checker", ["kernel", "second"])
def test_small_refutation_memory_is_bounded(checker, tmp_path):
    """§4.17 (bounded work). "Breaker wins" on 1,600 disjoint two-cell edges, Maker first, with no
    recorded move (a 57 KB file). When the cap counted derivations only, each of its 20,000 free
    derivations stored a residual key of up to 1,600 needs of 400 bytes, and the kernel's stack
    held every pending successor: 31 s / 2.4 GB (kernel) and 82 s / 2.5 GB (second checker)
    before refusing. A derivation now costs 1 + (K + 2M) * ceil(n / 8) // 4096 units (K needs in
    the key, M free cells on live needs): both refuse it in under a second at well under 150 MB."""
    from test_certificate_adversarial import _empty_refutation
    assert _peak_mb_refusing(_empty_refutation(1600), checker, tmp_path) < 150


def _padded_empty_refutation(pairs: int, padding: int) -> dict:
    """"Breaker wins" on disjoint two-cell edges plus isolated vertices (wide bitmasks, few needs),
    Maker first, no recorded move: a true certificate whose derivations each cost several units."""
    from verify.certificates import envelope
    from verify.formats.instances import question_of
    from verify.formats.questions import board_json
    from verify.games.maker_breaker import MakerBreakerGame
    from verify.hypergraph import Hypergraph
    h = Hypergraph([[f"a{i}", f"b{i}"] for i in range(pairs)],
                   vertices=[v for i in range(pairs) for v in (f"a{i}", f"b{i}")] + [f"z{i}" for i in range(padding)])
    game = MakerBreakerGame(h, "maker")
    return envelope("pg-proof", board_json(h), question_of("maker-breaker", game), {"winner": "breaker"},
                      questions=[{"attacker": "black", "wins": False, "moves": []}])


def _keyed_pairing_draw(pairs: int) -> dict:
    """A race on disjoint pairs (black's a_i b_i, white's c_i d_i; 4 x pairs positions): a draw,
    each answer refuted by the defender's pairing at the start (one derivation each). The games
    keyed by the state (white has sets): with 70 pairs, one derivation costs 5 units."""
    cells = [f"{c}{i}" for c in "abcd" for i in range(pairs)]
    text = pg_text(2 * pairs, range(0, 2 * pairs, 2), " ".join(cells), [f"a{i} b{i}" for i in range(pairs)],
                   [f"c{i} d{i}" for i in range(pairs)])
    return F.pg_cert(text, "draw", [
        {"attacker": x, "wins": False, "moves": [],
         "pairings": [[0, "", "", " ".join(f"{p}{i} {q}{i}" for i in range(pairs))]]}
        for x, p, q in (("black", "a", "b"), ("white", "c", "d"))])


def _kernel_units(cert: dict, monkeypatch) -> int:
    """The least free allowance (§4.17) with which the kernel accepts ``cert``: the units its
    costliest answer spends beyond its entries' share (negative if the entries' share is enough)."""
    from verify import limits
    from verify.certificates.checker import check_certificate
    from verify.errors import CertificateError
    lo, hi = -10**6, limits.PG_PROOF_FREE_STATES
    while lo < hi:
        mid = (lo + hi) // 2
        monkeypatch.setattr(limits, "PG_PROOF_FREE_STATES", mid)
        try:
            check_certificate(copy.deepcopy(cert))
            hi = mid
        except CertificateError:
            lo = mid + 1
    return lo


@pytest.mark.parametrize("case", ["residual 5 pairs", "residual 6 pairs + 3000", "residual 8 pairs + 1200",
                                  "keyed 70 pairs"])
def test_work_units_counted_alike(case, monkeypatch):
    """§4.17: both checkers charge every derivation the same units. On true certificates whose
    derivations cost 1 unit (no padding) or several (isolated vertices widen every bitmask; a race
    of 280 positions, keyed by the state), the second checker accepts with exactly the kernel's
    least allowance and refuses with one unit less."""
    from verify import limits, second_opinion
    from verify.second_opinion import pg_proof as second
    words = case.split()
    if words[0] == "keyed":
        cert, answer = _keyed_pairing_draw(int(words[1])), {"winner": "draw"}
        n, k = 4 * int(words[1]), 2
    else:
        pairs, padding = int(words[1]), int(words[4]) if len(words) > 4 else 0
        cert, answer = _padded_empty_refutation(pairs, padding), {"winner": "breaker"}
        n, k = 2 * pairs + padding, pairs
    units = _kernel_units(cert, monkeypatch)
    if n > 10:  # the start state costs more than one unit: the size-weighted rule is exercised
        assert (k + 2 * (n if words[0] == "keyed" else 2 * k)) * ((n + 7) // 8) >= limits.PG_PROOF_UNIT_BYTES
    monkeypatch.setattr(second, "FREE_STATES", units)
    assert second_opinion.check(copy.deepcopy(cert)).verdict == answer
    monkeypatch.setattr(second, "FREE_STATES", units - 1)
    with pytest.raises(second_opinion.Refused, match="too many states"):
        second_opinion.check(copy.deepcopy(cert))


def _book_of_free_parts(pairs: int) -> tuple[dict, dict]:
    """(a book, one of its members): "black cannot win" on disjoint pairs a_i b_i, white first.
    The root records white's first move z and marks a part at each state after black's reply (one
    per cell on a pair); each member is an empty refutation of the game played on from its state
    (a true certificate on its own), so its walk spends only free units (§4.17)."""
    from verify.games import positional as pg
    from verify.formats.pg import pg_to_text
    cells = [v for i in range(pairs) for v in (f"a{i}", f"b{i}")]
    text = pg_text(2 * pairs + 1, range(1, 2 * pairs + 1, 2), " ".join(cells + ["z"]),
                   [f"a{i} b{i}" for i in range(pairs)])
    game = parse_pg(text)
    parts, members = [], {}
    for c in cells:
        b, w = game.mask([c]), game.mask(["z"])
        name = f"{c}.json"
        parts.append([2, c, "z", name])
        members[name] = F.pg_cert(pg_to_text(pg.continued(game, b, w, 2)), "white",
                                  [{"attacker": "black", "wins": False, "moves": []}])
    root = F.pg_cert(text, "white", [{"attacker": "black", "wins": False, "moves": [[0, "", "", "z"]],
                                      "parts": parts}])
    root["__members__"] = members
    return root, members["a0.json"]


def test_book_parts_share_one_budget(monkeypatch):
    """§4.16/§4.17 and book.md rule 4: a part draws on its parent's remaining units plus its own
    entries' share (one pool per answer). When each part had its own free allowance, a book of
    P parts of free derivations bought P times the allowance. With the allowance set to what one
    part needs, every member passes alone but the book of 12 parts is refused by both checkers;
    with an allowance for all of them both accept it."""
    from verify import limits
    from verify.second_opinion import pg_proof as second
    book, member = _book_of_free_parts(6)
    need = _kernel_units(member, monkeypatch)  # one part alone: no entries, free units only
    entries = 1 + 12  # the root's move and its parts
    assert 12 * need > need + limits.PG_PROOF_STATES_PER_ENTRY * entries  # the pool is short
    for free in (need, 12 * need + 2):
        monkeypatch.setattr(limits, "PG_PROOF_FREE_STATES", free)
        monkeypatch.setattr(second, "FREE_STATES", free)
        if free == need:
            messages = refused_by_both(book)
            assert all("too many states" in m for m in messages.values()), messages
        else:
            for name, (check, _) in F.checkers().items():
                check(copy.deepcopy(book))
