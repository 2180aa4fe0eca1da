"""Work and memory amplification of the certificate checkers: small crafted certificates that used to
make a checker work or hold memory far beyond their size, and pins of the worst ratios found for the
kinds already bounded ("every kernel path does work bounded by its input's size, with a clear cap",
docs/development.md; "assume every certificate was written by an adversary", docs/spec/index.md).

Each case writes a certificate to ``tmp_path`` and checks it in a fresh interpreter with both
checkers (the kernel's ``verify check``, the second opinion's ``python -m verify.second_opinion``),
measuring the command alone: CPU seconds and the process's peak resident memory (``VmHWM``,
interpreter and imports included, under an address-space limit so that a regression fails instead of
exhausting the machine). The holes closed (docs/spec/*.md, verify/limits.py):

- maker-breaker-strategy (S7, ``MAX_MB_STRATEGY_WALK_UNITS``): stored states were not weighed by the
  board: 1,400 disjoint pairs with an empty table (29 KB) made the kernel build 2,800 wide residuals,
  21 s and 1.2 GB;
- maker-breaker-pairing (P6): coverage tested each edge against each pair: 5,000 pairs, 217 KB, 17 s;
- nim-labelling (L7, ``MAX_NIM_LABELLING_WORK``): a visit's options were not weighed: AVD on a cycle of
  8,000 vertices with the one label of ∅ (133 KB), 20 s;
- pg-strategy (``MAX_PG_STRATEGY_WALK_UNITS``): positions were counted, not weighed, and the second
  checker counted its queue's pops, not its pushes: 300 positions, three white moves, a claimed draw
  with empty tables (3 KB) took it 36 s and 1.4 GB;
- the compositional rank-3 kinds (maker-breaker-compositional.md §8, ``MAX_RANK3_CHECK_WORK``):
  nothing was counted: a rounds tree whose 3,000 Maker answers each scanned the 12,000 edges through
  her move (739 KB) took 31 s, two parts of 8,000 edges covering each other's board (824 KB) 10 s,
  a necklace leaf of 8,000 edges (550 KB, a quadratic chain test) 5.4 s. These kinds are kernel
  only: the second checker refuses them at once ("not covered").

Already bounded, pinned here at their worst ratio found: hypernim-sg-table (one pile just under
``MAX_HYPERNIM_SG_OPTIONS``), convex-nim-labelling (at most ``MAX_CONVEX_POINTS`` options a
visit, a visit per label) and sat-unsat-drat (``MAX_DRAT_*``: see its test for the
propagation-work cap, which is documented, not linear).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from verify.formats.instances import question_of
from verify.formats.jsonfmt import hypergraph_from_json
from verify.formats.pg import parse_pg
from verify.games import maker_breaker as mb

ROOT = Path(__file__).resolve().parents[1]

_DRIVER = r"""
import io, json, resource, sys, time
from contextlib import redirect_stderr, redirect_stdout
limit, which, path = int(sys.argv[1]), sys.argv[2], sys.argv[3]
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
if which == "second":
    from verify.second_opinion.__main__ import main
    import verify.second_opinion.hypergraph_kinds, verify.second_opinion.pg_strategy  # imports not measured
    import verify.second_opinion.positional, verify.second_opinion.positional_pairing
    argv = [path]
else:
    from verify.cli import main
    import verify.cli.check, verify.certificates.checker as checker
    from verify.plugins import import_all
    import_all(checker.KIND_MODULES)
    argv = ["check", path]
out, err = io.StringIO(), io.StringIO()
c0 = time.process_time()
with redirect_stdout(out), redirect_stderr(err):
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    except MemoryError:
        code = "MemoryError"
cpu = time.process_time() - c0
with open("/proc/self/status") as f:
    peak = next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmHWM:"))
sys.__stdout__.write(json.dumps({"code": code, "out": out.getvalue()[:3000], "err": err.getvalue()[:3000],
                                 "cpu": cpu, "peak": peak}))
"""


def measure(path: Path, which: str, limit: int = 2 << 30) -> dict:
    """Check ``path`` with one checker (``kernel`` or ``second``) in a fresh interpreter whose address
    space is at most ``limit`` bytes: exit status, output, CPU seconds, peak resident bytes."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-c", _DRIVER, str(limit), which, str(path)], capture_output=True,
                          text=True, timeout=300, env=env, cwd=ROOT)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr[-2000:]
    return json.loads(proc.stdout)


def bounded(path: Path, *, accepted: bool, word: str = "", cpu: float, mb: int, kernel_only: bool = False) -> None:
    """Both checkers end (accepting or refusing, as ``accepted`` says; a refusal naming ``word``)
    within ``cpu`` CPU seconds and ``mb`` MB of peak memory each. ``kernel_only``: a kind the second
    checker does not cover, which it must refuse as such (within the same bounds)."""
    for which in ("kernel", "second"):
        r = measure(path, which)
        what = f"{which}: exit {r['code']}, {r['cpu']:.2f} s, {r['peak'] >> 20} MB, {(r['out'] + r['err'])[-400:]!r}"
        ok, needed = (False, "not covered") if kernel_only and which == "second" else (accepted, word)
        assert (r["code"] == 0) == ok and "Traceback" not in r["out"] + r["err"], what
        assert needed in r["out"] + r["err"], what
        assert r["cpu"] < cpu and r["peak"] < mb << 20, what


def write(path: Path, cert: dict) -> Path:
    path.write_text(json.dumps(cert, separators=(",", ":")), encoding="utf-8")
    return path


def envelope(kind: str, instance: dict, question, verdict: dict, **body) -> dict:
    return {"format": "verify-certificate", "version": 2, "kind": kind, "instance": instance,
            "claim": {"question": question.to_json(), "verdict": verdict}, **body}


def mb_certificate(kind: str, instance: dict, first: str, winner: str, **body) -> dict:
    game = mb.MakerBreakerGame(hypergraph_from_json(instance), first, frozenset())
    return envelope(kind, instance, question_of("maker-breaker", game), {"winner": winner}, **body)


def disjoint_pairs(p: int) -> dict:
    return {"vertices": list(range(2 * p)), "edges": [[2 * i, 2 * i + 1] for i in range(p)]}


# -- maker-breaker-strategy: stored states weighed by the board ---------------------------------

@pytest.mark.parametrize("p", [500, 1400])
def test_strategy_walk_on_a_wide_board_is_bounded(tmp_path, p):
    """Maker first on p disjoint pairs, Breaker claimed the winner, no entry: Maker's 2p replies
    were all built (each residual of p masks up to 2p bits wide) before the first missing entry was
    seen: p = 1,400 (29 KB) took the kernel 21 s and 1.2 GB. Now p = 1,400 is refused by the walk's
    cap before any reply is built, and p = 500 (under the cap) stays small: residuals share the
    masks Maker's move leaves alone."""
    path = write(tmp_path / "c.json", mb_certificate("maker-breaker-strategy", disjoint_pairs(p), "maker", "breaker",
                                                     strategy=[]))
    word = "stores more than" if p == 1400 else "breaker"
    bounded(path, accepted=False, word=word, cpu=2.0, mb=120)


def test_strategy_walk_along_a_chain_of_entries_is_bounded(tmp_path):
    """The entries a depth-first walk asks for first (Breaker answering each Maker move in its pair),
    so that each level stores all of Maker's replies: 250 pairs, 300 KB, under 300 MB and 6 s (at
    the cap 2^26, which lets method explicit certify the L pentomino on 5x5 Breaker first: about 3 s
    and 210 MB in the kernel on a loaded machine)."""
    p = 250
    entries = [{"residual": [[2 * i, 2 * i + 1] for i in range(top)] + [[2 * top]], "move": 2 * top}
               for top in range(p - 1, -1, -1)]
    path = write(tmp_path / "c.json", mb_certificate("maker-breaker-strategy", disjoint_pairs(p), "maker", "breaker",
                                                     strategy=entries))
    bounded(path, accepted=False, word="", cpu=6.0, mb=300)


def test_strategy_cap_counts_before_building(monkeypatch):
    """The kernel's walk refuses when the states it would store pass ``max_states``, before building
    them: the start of 4 disjoint pairs (Maker to move, 8 replies) with room for 8 states."""
    from verify.errors import TooLarge
    res = frozenset((0b11 << 2 * i) for i in range(4))
    with pytest.raises(TooLarge):
        list(mb.strategy_states(res, 8, mb.MAKER, mb.BREAKER, lambda r: None, max_states=8))
    def table(r):
        return min(r) & -min(r)
    start = frozenset({0b11, 0b1100})
    assert list(mb.strategy_states(start, 4, mb.MAKER, mb.BREAKER, table, max_states=100)) == \
        list(mb.strategy_states(start, 4, mb.MAKER, mb.BREAKER, table))


# -- maker-breaker-pairing: coverage in O(Σ|e|) ---------------------------------------------------

def test_pairing_coverage_is_linear(tmp_path):
    """p disjoint pairs and 2p - 2 edges {0, 1, k}, each containing only the pair {0, 1}, listed last:
    testing each edge against each pair took 17 s at p = 5,000 (217 KB); now well under a second."""
    p = 5000
    instance = {"vertices": list(range(2 * p)), "edges": [[0, 1, k] for k in range(2, 2 * p)]}
    pairs = [[2 * i, 2 * i + 1] for i in range(1, p)] + [[0, 1]]
    path = write(tmp_path / "c.json", mb_certificate("maker-breaker-pairing", instance, "maker", "breaker", pairs=pairs))
    bounded(path, accepted=True, cpu=1.5, mb=150)


# -- nim-labelling: visits weighed by the board -------------------------------------------------

def _avd_cycle(tmp_path: Path, n: int) -> Path:
    instance = {"vertices": list(range(n)), "edges": [[i, (i + 1) % n] for i in range(n)]}
    question = question_of("avd", hypergraph_from_json(instance))
    return write(tmp_path / "c.json", envelope("nim-labelling", instance, question, {"nim": 0}, labels=[[[], 0]]))


@pytest.mark.parametrize("n,word", [(2000, "no label"), (8000, "visits more than")])
def test_labelling_visit_on_a_wide_board_is_bounded(tmp_path, n, word):
    """AVD on a cycle of n vertices labelled at ∅ only: the visit of ∅ builds n options and tests
    each against the n edges (n = 8,000, 133 KB: 20 s in the kernel). Now a visit weighs
    (|V| + 1)·(1 + |V| + Σ|e| + |E|·⌈|V|/64⌉) units, and n = 8,000 is refused before its first visit."""
    bounded(_avd_cycle(tmp_path, n), accepted=False, word=word, cpu=1.5, mb=120)


@pytest.mark.slow
def test_labelling_visit_just_under_the_cap(tmp_path):
    """n = 4,000: one visit just under 2^30 units: ~2 s in the kernel, under 1 s in the second."""
    bounded(_avd_cycle(tmp_path, 4000), accepted=False, word="no label", cpu=6.0, mb=120)


# -- pg-strategy: stored positions weighed by the game ------------------------------------------

def _pg_opponent_moves(tmp_path: Path, cells: int, moves: int) -> Path:
    """A Maker-Maker game of ``cells`` positions, one set of all cells for each colour, ``moves``
    white moves and no black move; a claimed draw with empty tables: black's walk expands every
    white play (C(cells, moves) leaves, each a draw)."""
    times = " ".join(f"t{i}" for i in range(1, moves + 1))
    names = " ".join(f"c{i}" for i in range(cells))
    text = (f"#version\n1.0\n#times\n{times}\n#blackturns\n\n#positions\n{names}\n#blackwins\n{names}\n"
            f"#whitewins\n{names}\n")
    cert = envelope("pg-strategy", {"pg": text}, question_of("pg", parse_pg(text, "test")), {"winner": "draw"},
                    strategies={"black": [], "white": []})
    return write(tmp_path / "c.json", cert)


def test_pg_strategy_opponent_fan_out_is_bounded(tmp_path):
    """2,000 positions and two white moves (33 KB): the walk stores at most 2^28 / w positions."""
    bounded(_pg_opponent_moves(tmp_path, 2000, 2), accepted=False, word="", cpu=2.0, mb=150)


@pytest.mark.slow
def test_pg_strategy_breadth_first_fan_out_is_bounded(tmp_path):
    """300 positions and three white moves (5 KB): the second checker's breadth-first walk stored
    every position it queued (36 s, 1.4 GB); now both stop at the weighed cap (kernel ~7 s)."""
    bounded(_pg_opponent_moves(tmp_path, 300, 3), accepted=False, word="", cpu=15.0, mb=300)


# -- positional-strategy: a claim weighs the board's width --------------------------------------

def test_positional_walk_on_a_wide_board_is_bounded(tmp_path):
    """60,000 vertices, one edge, Breaker claimed the winner with an empty table (349 KB): the
    kernel counted a claim as one unit whatever the width of the sets it built (and kept a map keyed
    by all 60,000 vertex bits): 51 s, 738 MB. Now a claim costs 1 + |V| (P9), as in the second
    checker, and only vertices on an edge are keyed."""
    n = 60000
    instance = {"vertices": list(range(n)), "edges": [[0, 1]]}
    game = mb.MakerBreakerGame(hypergraph_from_json(instance), "maker", frozenset())
    cert = envelope("positional-strategy", instance, question_of("maker-breaker", game), {"winner": "breaker"},
                    strategies={"breaker": []})
    bounded(write(tmp_path / "c.json", cert), accepted=False, word="", cpu=2.0, mb=120)


# -- the builders stop where the checkers would refuse --------------------------------------------

def _builder_agrees_with_checker(monkeypatch, kind: str, game, cap: str, units: int) -> None:
    """With ``limits.<cap>`` at ``units``: method explicit writes the certificate iff the kernel
    accepts the one built without the cap (a refusal says the checker would refuse it). (The second
    checker counts explicit positions, more than the kernel's residuals: near the cap it may refuse
    what the kernel accepts, never the reverse for want of states; spec S7.)"""
    import copy

    from verify import limits
    from verify.certificates.checker import check_certificate
    from verify.errors import CertificateError, TooLarge
    from verify.solvers import solve
    full = solve(kind, game, "explicit", certificate=True).certificate
    monkeypatch.setattr(limits, cap, units)
    try:
        check_certificate(copy.deepcopy(full))
        accepted = True
    except (CertificateError, TooLarge):
        accepted = False
    try:
        built = solve(kind, game, "explicit", certificate=True).certificate
    except TooLarge as exc:
        assert not accepted and "checker would refuse" in str(exc)
    else:
        assert accepted and check_certificate(built)


def test_both_checkers_share_each_weighed_cap():
    """The kernel's caps (verify.limits) and the second checker's own constants are the numbers the
    spec pages state (the kernel's strategy cap was once raised to 2^26 while the second checker
    and spec S7 kept 2^25)."""
    from verify import limits
    from verify.second_opinion import hypergraph_kinds, pg_proof, pg_strategy
    assert limits.MAX_MB_STRATEGY_WALK_UNITS == hypergraph_kinds.MAX_STRATEGY_WALK_UNITS
    assert limits.MAX_NIM_LABELLING_WORK == hypergraph_kinds.MAX_LABELLING_WORK
    assert limits.NIM_LABELLING_UNITS_PER_LABEL == hypergraph_kinds.LABELLING_UNITS_PER_LABEL
    assert limits.MAX_PG_STRATEGY_WALK_UNITS == pg_strategy.MAX_WALK_UNITS
    assert (limits.PG_PROOF_FREE_STATES, limits.PG_PROOF_STATES_PER_ENTRY, limits.PG_PROOF_UNIT_BYTES) == \
        (pg_proof.FREE_STATES, pg_proof.PER_ENTRY, pg_proof.UNIT_BYTES)


@pytest.mark.parametrize("units", [23 * k for k in (4, 8, 12, 13, 14, 16, 20, 40)])  # w = 23, 13 states
def test_strategy_builder_stops_at_the_checkers_cap(monkeypatch, units):
    """S7: ``strategy_certificate`` walks with the checker's weighed cap, so method explicit writes no
    Maker-Breaker strategy the checker refuses (with the cap at 2^25, the L pentomino on 5x5,
    Breaker first, was built in 20 s and then refused)."""
    from verify.formats import parse_hypergraph
    from verify.games.maker_breaker import MakerBreakerGame
    game = MakerBreakerGame(parse_hypergraph("a b c\nc d e\ne f a\nb d f\n"), "breaker")
    _builder_agrees_with_checker(monkeypatch, "maker-breaker", game, "MAX_MB_STRATEGY_WALK_UNITS", units)


@pytest.mark.parametrize("units", [74 * k for k in (100, 500, 680, 690, 700, 1000)])  # w = 74, 688 states
def test_pg_strategy_builder_stops_at_the_checkers_cap(monkeypatch, units):
    """pg-strategy.md (the weighed cap): the builder walks with the checker's cap, so method explicit
    writes no pg-strategy certificate the checker refuses (tic-tac-toe's race, a draw: both
    strategies walked)."""
    game = parse_pg((ROOT / "encodings/pg/ttt3-mm-black-draws.pg").read_text())
    _builder_agrees_with_checker(monkeypatch, "pg", game, "MAX_PG_STRATEGY_WALK_UNITS", units)


@pytest.mark.parametrize("units", [0, 4096, 182 * 59 - 1, 182 * 59, 1 << 18])  # w = 182, 59 labels
def test_labelling_builder_stops_at_the_checkers_cap(monkeypatch, units):
    """L7: the walk's cap is (MAX_NIM_LABELLING_WORK + 4096 per label) // w; with the per-label share
    alone 2^30 refused what the solvers wrote (ACV on a random 20-vertex, 30-triple board: 465,377
    labels of 2,961 units). Here the per-label share is 0 and the fixed part varies: the builder
    writes the certificate iff the kernel accepts it iff the second checker does."""
    import copy

    from verify import limits, second_opinion
    from verify.certificates.checker import check_certificate
    from verify.errors import CertificateError, TooLarge
    from verify.formats import parse_hypergraph
    from verify.second_opinion import hypergraph_kinds
    from verify.solvers import solve
    h = parse_hypergraph("a b c\nc d e\ne f a\nb d f\na d\n")
    full = solve("acv", h, "explicit", certificate=True).certificate
    for module, fixed, per_label in ((limits, "MAX_NIM_LABELLING_WORK", "NIM_LABELLING_UNITS_PER_LABEL"),
                                     (hypergraph_kinds, "MAX_LABELLING_WORK", "LABELLING_UNITS_PER_LABEL")):
        monkeypatch.setattr(module, fixed, units)
        monkeypatch.setattr(module, per_label, 0)
    verdicts = []
    for check, refusal in ((check_certificate, (CertificateError, TooLarge)), (second_opinion.check, second_opinion.Refused)):
        try:
            check(copy.deepcopy(full))
            verdicts.append(True)
        except refusal:
            verdicts.append(False)
    try:
        built = solve("acv", h, "explicit", certificate=True).certificate
    except TooLarge as exc:
        assert "checker would refuse" in str(exc)
        verdicts.append(False)
    else:
        assert check_certificate(built)
        verdicts.append(True)
    assert len(set(verdicts)) == 1, verdicts


# -- the compositional rank-3 kinds: one weighed budget a check (kernel only) -----------------------

def _rank3_envelope(kind: str, instance: dict, first: str, winner: str, **body) -> dict:
    return mb_certificate(kind, instance, first, winner, **body)


def _pairing_part(instance: dict) -> dict:
    """A part entry: the board ``instance`` with its certificate, a pairing of its first two vertices."""
    a, b = instance["vertices"][:2]
    return {"vertices": instance["vertices"], "edges": instance["edges"],
            "certificate": mb_certificate("maker-breaker-pairing", instance, "maker", "breaker", pairs=[[a, b]])}


def rank3_rounds_through_a_hub(replies: int, edges: int) -> dict:
    """Maker first; she marks v0, each listed Breaker reply y is answered by z, which lies on
    ``edges`` edges {z, f_i, f_i+1}, then by w2 (after Breaker's w) or the trivial leaf {v0, w}."""
    ys, fs = [f"y{i}" for i in range(replies)], [f"f{i}" for i in range(edges + 1)]
    instance = {"vertices": ["z"] + fs + ["v0", "w", "w2"] + ys,
                "edges": [["v0", "w"], ["v0", "w2"]] + [["z", fs[i], fs[i + 1]] for i in range(edges)]}
    leaf = {"leaf": {"kind": "trivial", "edges": [["v0", "w"]], "ends": []}}
    child = {"maker": "z", "replies": {"w": {"maker": "w2"}}, "otherwise": leaf}
    answers = {**{y: child for y in ys}, "z": {"maker": "w"}, "w": {"maker": "w2"}, "w2": {"maker": "w"}}
    return _rank3_envelope("maker-breaker-rounds", instance, "maker", "maker",
                           tree={"maker": "v0", "replies": answers, "otherwise": child})


@pytest.mark.parametrize("replies,edges,accepted", [(300, 1200, True), (3000, 12000, False)])
def test_rank3_rounds_hub_is_bounded(tmp_path, replies, edges, accepted):
    """Each Maker node scanned all of K's edges: 3,000 answers through a hub of 12,000 edges
    (739 KB) took 31 s. Now a move tests the edges through it, each weighed by the board's width
    and counted (2^29 units: refused in about 2 s); a tenth of it is accepted at once."""
    path = write(tmp_path / "c.json", rank3_rounds_through_a_hub(replies, edges))
    bounded(path, accepted=accepted, word="" if accepted else "MAX_RANK3_CHECK_WORK", cpu=4.0, mb=150,
            kernel_only=True)


def test_rank3_parts_coverage_is_bounded(tmp_path):
    """Part 1: 8,000 edges {a, b, c_k} (a pairing on {a, b}); part 2: {x, y}; the board: those edges
    and 8,000 edges {x, y, d_j}, each tested against every part edge before its own (824 KB, 10 s).
    Now part edges are filed by their lowest vertex and every candidate tested is counted."""
    p = 8000
    cs, ds = [f"c{k}" for k in range(p)], [f"d{j}" for j in range(p)]
    part1 = {"vertices": ["a", "b"] + cs, "edges": [["a", "b", c] for c in cs]}
    instance = {"vertices": ["a", "b", "x", "y"] + cs + ds, "edges": part1["edges"] + [["x", "y", d] for d in ds]}
    cert = _rank3_envelope("maker-breaker-parts", instance, "maker", "breaker",
                           parts=[_pairing_part(part1), _pairing_part({"vertices": ["x", "y"], "edges": [["x", "y"]]})])
    bounded(write(tmp_path / "c.json", cert), accepted=False, word="MAX_RANK3_CHECK_WORK", cpu=2.0, mb=150,
            kernel_only=True)


def test_rank3_long_necklace_leaf_is_linear(tmp_path):
    """A necklace leaf at the root through T: {v0, v1} + T, {v1, v2, v3}, ..., {v_2L-1, v_2L} + T,
    L = 8,000 (550 KB): the chain test compared every pair of the leaf's edges (5.4 s); now each
    vertex is filed under the edge holding it (0.2 s), and the true certificate is accepted."""
    m = 16000
    vs = [f"v{i}" for i in range(m + 1)]
    edges = [vs[:2]] + [vs[i:i + 3] for i in range(1, m - 2, 2)] + [vs[m - 1:]]
    cert = _rank3_envelope("maker-breaker-rounds", {"vertices": vs, "edges": edges}, "maker", "maker",
                           tree={"leaf": {"kind": "necklace", "edges": edges, "ends": [None]}})
    bounded(write(tmp_path / "c.json", cert), accepted=True, cpu=1.5, mb=150, kernel_only=True)


def test_rank3_chain_test_agrees_with_the_definition():
    """The linear ``_chain`` (each vertex filed under the edge holding it) says what the pairwise
    definition says (Defs I.3.16, I.3.19), on random small edge lists."""
    import random

    from verify.certificates.rank3 import _chain

    def pairwise(edges, a, b, cycle):
        n = len(edges)
        if n < (2 if cycle else 1) or len(set(edges)) != n or any(e.bit_count() != 3 for e in edges):
            return False
        if not (edges[0] & a and edges[-1] & b):
            return False
        for i in range(n):
            for j in range(i + 1, n):
                common = edges[i] & edges[j]
                if j == i + 1:
                    if common.bit_count() != (2 if cycle and n == 2 else 1):
                        return False
                elif cycle and i == 0 and j == n - 1:
                    if common != a:
                        return False
                elif common:
                    return False
        if cycle:
            return not any(e & a for e in edges[1:-1])
        return not any(e & a for e in edges[1:]) and not any(e & b for e in edges[:-1]) and a != b

    rng = random.Random(7)
    true = 0
    for _ in range(20000):
        nv = rng.randint(3, 8)
        edges = [sum(1 << v for v in rng.sample(range(nv), 3)) for _ in range(rng.randint(1, 5))]
        cycle = rng.random() < 0.5
        a = 1 << rng.randrange(nv)
        b = a if cycle else 1 << rng.randrange(nv)
        want = pairwise(edges, a, b, cycle)
        true += want
        assert _chain(edges, a, b, cycle) == want, (edges, a, b, cycle)
    assert true > 50


def test_rank3_budget_is_shared_by_nested_certificates(monkeypatch):
    """The budget is set by the top-level check and shared by the rank-3 certificates nested in it:
    an opening whose nested parts certificate needs more than the cap is refused."""
    from verify import limits
    from verify.certificates.checker import check_certificate
    from verify.errors import CertificateError
    from verify.games.maker_breaker import MakerBreakerGame
    from verify.solvers.rank3.certify import certificate
    from verify.solvers.rank3.solver import DEFAULT
    from verify.families.rank3 import gadget_ring
    cert = certificate(MakerBreakerGame(gadget_ring(4), "breaker"), DEFAULT)
    assert cert["kind"] == "maker-breaker-opening" and check_certificate(cert)
    monkeypatch.setattr(limits, "MAX_RANK3_CHECK_WORK", 100)
    with pytest.raises(CertificateError, match="MAX_RANK3_CHECK_WORK"):
        check_certificate(cert)


# -- kinds already bounded (kernel only): pins of the worst ratio found -----------------------------

def test_hypernim_table_at_the_option_cap_is_bounded(tmp_path):
    """One pile of 2,448 (14 KB, a true table: SG = the pile): 2,997,576 options, just under
    MAX_HYPERNIM_SG_OPTIONS, about 2 s; one more stone would be refused before the walk."""
    from verify.formats.hypernim import instance_from_json
    x = 2448
    instance = {"hypergraph": [["a"]], "piles": {"a": x}}
    cert = envelope("hypernim-sg-table", instance, question_of("hypernim", instance_from_json(instance)), {"sg": x},
                    box=[x], labels=list(range(x + 1)))
    bounded(write(tmp_path / "c.json", cert), accepted=True, cpu=5.0, mb=100, kernel_only=True)


def test_convex_labelling_on_the_widest_geometry_is_bounded(tmp_path):
    """GEN on a star of 64 points (MAX_CONVEX_POINTS) won at its centre, every position labelled
    (43 KB): a visit needs a label and costs at most 64 closures; 0.03 s."""
    from verify.formats.convex import game_from_json
    leaves = [f"l{i}" for i in range(63)]
    instance = {"geometry": "tree-vertex", "tree": [["c", v] for v in leaves], "winning": ["c"]}
    labels = ([[[], 2], [["c"], 0]] + [[[v], 1] for v in leaves] + [[[v, "c"], 0] for v in leaves]
              + [[[a, b], 0] for i, a in enumerate(leaves) for b in leaves[i + 1:]])
    cert = envelope("convex-nim-labelling", instance, question_of("gen", game_from_json("gen", instance)), {"nim": 2},
                    labels=labels)
    bounded(write(tmp_path / "c.json", cert), accepted=True, cpu=1.0, mb=100, kernel_only=True)


def test_drat_repeated_long_propagation_is_bounded(tmp_path):
    """no-pairing on 2,000 triples {v, u_i, t_i}: the pairs through v share one sequential counter,
    and the lemma (¬p_first ∨ ¬p_last), RUP through the whole counter, is repeated 40,000 times
    (825 KB): the propagation work reaches MAX_DRAT_PROPAGATION_WORK (5·10^8, documented, not
    linear in the file) and is refused in about 3 s."""
    from dataclasses import replace

    from verify.certificates.cnf import pairing_cnf
    k = 2000
    instance = {"vertices": ["v"] + [f"u{i}" for i in range(k)] + [f"t{i}" for i in range(k)],
                "edges": [["v", f"u{i}", f"t{i}"] for i in range(k)]}
    h = hypergraph_from_json(instance)
    cnf = pairing_cnf(h)
    through = sorted(x for x, label in cnf.labels.items() if label[0] == "pair" and label[1] & 1)
    question = replace(question_of("maker-breaker", mb.MakerBreakerGame(h, "maker")), first=None)
    cert = envelope("sat-unsat-drat", instance, question, {"refutes": "no-pairing"},
                    formula={"nvars": cnf.nvars, "clauses": [list(c) for c in cnf.clauses]},
                    proof=f"-{through[0]} -{through[-1]} 0\n" * 40000 + "0\n")
    bounded(write(tmp_path / "c.json", cert), accepted=False, word="MAX_DRAT_PROPAGATION_WORK", cpu=8.0, mb=150,
            kernel_only=True)
