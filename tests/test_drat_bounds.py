"""sat-unsat-drat: bounded work (issue 31, deliverable 5; docs/spec/sat-unsat-drat.md OP-D1, OP-D2)
and the structure encoders judged against the definitions (OP-D3).

- The re-derived CNF's size is bounded from the board before it is built (``cnf.structure_cnf_size``,
  ``cnf.pairing_cnf_size``): the bounds are checked against the built formulas, and crafted boards
  (a 14 KB ``no-chain`` certificate used to take 47 s and 4.5 GB) are refused in one line, with a
  non-zero exit, under 1 s of CPU and 200 MB, in a subprocess.
- The DRAT checker's caps (steps, literals, propagation work, RAT work) refuse with TooLarge.
- Differential: ``structure_cnf`` (chain / nunchaku / necklace) is satisfiable exactly when the
  structure exists, found by enumerating edge sequences against Defs I.3.12, I.3.16, I.3.19, I.3.21
  literally (a seeded sample by default, the 5,400-board sweep under ``-m slow``).
"""
from __future__ import annotations

import itertools
import json
import os
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from verify import limits
from verify.certificates import envelope
from verify.certificates.cnf import (pairing_cnf, pairing_cnf_size, structure_cnf,
                                     structure_cnf_size)
from verify.certificates.drat import DratError, check_drat, parse_drat
from verify.errors import TooLarge
from verify.families import chain_cycle, chain_path, k_in_a_row, tic_tac_toe
from verify.formats.instances import question_of
from verify.games import maker_breaker as mb
from verify.hypergraph import Hypergraph, bits, minimal_masks

REPO = Path(__file__).resolve().parents[1]


# -- a SAT oracle for small CNFs: python-sat when installed, else a tiny DPLL -----------------------

def _dpll(clauses, assign=None) -> bool:
    assign = dict(assign or {})
    while True:
        unit = None
        for c in clauses:
            vals = [assign.get(abs(lit)) for lit in c]
            if any(v is not None and v == (lit > 0) for v, lit in zip(vals, c)):
                continue
            free = [lit for v, lit in zip(vals, c) if v is None]
            if not free:
                return False
            if len(free) == 1:
                unit = free[0]
                break
        if unit is None:
            break
        assign[abs(unit)] = unit > 0
    for c in clauses:
        for lit in c:
            if abs(lit) not in assign:
                for val in (lit > 0, lit < 0):
                    if _dpll(clauses, {**assign, abs(lit): val}):
                        return True
                return False
    return True


def satisfiable(nvars: int, clauses) -> bool:
    if any(not c for c in clauses):
        return False
    try:
        from pysat.solvers import Solver
    except ImportError:
        return _dpll([list(c) for c in clauses])
    with Solver(name="minisat22", bootstrap_with=[list(c) for c in clauses]) as s:
        return s.solve()


# -- the structures, from the definitions (paper 004 §I.3) ------------------------------------------

def _walk_ok(a, b, seq, cycle) -> bool:
    """Def I.3.16 (AB-chain) or, with ``cycle``, Def I.3.19 (A-cycle), checked literally."""
    L = len(seq)
    if len(set(seq)) != L or any(len(e) != 3 for e in seq):
        return False
    if cycle:
        if L < 2 or a not in seq[0] or a not in seq[-1] or any(a in e for e in seq[1:-1]):
            return False
        if L == 2:
            return len(seq[0] & seq[1]) == 2
        for i, j in itertools.combinations(range(L), 2):
            inter = seq[i] & seq[j]
            if j == i + 1:
                if len(inter) != 1:
                    return False
            elif i == 0 and j == L - 1:
                if inter != {a}:
                    return False
            elif inter:
                return False
        return True
    if L == 0:
        return a == b
    if a == b or a not in seq[0] or b not in seq[-1]:
        return False
    if any(a in e for e in seq[1:]) or any(b in e for e in seq[:-1]):
        return False
    for i, j in itertools.combinations(range(L), 2):
        inter = seq[i] & seq[j]
        if (j == i + 1 and len(inter) != 1) or (j >= i + 2 and inter):
            return False
    return True


def structure_exists(edges, a, b, kind, marked) -> bool:
    """A chain (Def I.3.16), a nunchaku (Def I.3.12: a chain whose marks are exactly {a, b}, a ≠ b
    both marked) or a necklace (Def I.3.21: an a-cycle whose only mark is a, a marked) among the
    3-edges, by enumerating every sequence of distinct 3-edges."""
    es = [e for e in edges if len(e) == 3]
    if kind == "nunchaku":
        if a not in marked or b not in marked or a == b:
            return False
        es = [e for e in es if not (e & marked) - {a, b}]
    if kind == "necklace":
        if a not in marked:
            return False
        es = [e for e in es if not (e & marked) - {a}]
    for L in range(0 if kind == "chain" else 1, len(es) + 1):
        for seq in itertools.permutations(es, L):
            if _walk_ok(a, a if kind == "necklace" else b, list(seq), kind == "necklace"):
                return True
    return False


def _random_case(rnd: random.Random):
    n = rnd.randint(3, 7)
    edges = set()
    for _ in range(rnd.randint(1, 6)):
        edges.add(frozenset(rnd.sample(range(n), rnd.choice([3, 3, 3, 2]))))
    kind = rnd.choice(["chain", "nunchaku", "necklace"])
    a, b = rnd.randrange(n), rnd.randrange(n)
    marked = set(rnd.sample(range(n), rnd.choice([0, 1, 2, 3])))
    if kind == "nunchaku":
        marked |= {a, b}
    if kind == "necklace":
        marked |= {a}
    names = [f"v{i}" for i in range(n)]
    h = Hypergraph.from_masks(names, sorted(sum(1 << v for v in e) for e in edges),
                              sum(1 << v for v in marked))
    return h, edges, kind, a, b, marked, names


def differential(seed: int, trials: int) -> tuple[int, int]:
    """(boards compared, mismatches) of structure_cnf's satisfiability against the definitions."""
    rnd = random.Random(seed)
    compared = 0
    bad = []
    for _ in range(trials):
        h, edges, kind, a, b, marked, names = _random_case(rnd)
        cnf = structure_cnf(h, kind, names[a], None if kind == "necklace" else names[b])
        compared += 1
        sat = satisfiable(cnf.nvars, cnf.clauses)
        truth = structure_exists(edges, a, b, kind, marked)
        if sat != truth:
            bad.append((kind, sorted(map(sorted, edges)), a, b, sorted(marked), sat, truth))
    assert not bad, bad[:5]
    return compared, len(bad)


def test_structure_cnf_matches_the_definitions_sample():
    compared, mismatches = differential(2024, 700)
    assert compared == 700 and mismatches == 0


@pytest.mark.slow
def test_structure_cnf_matches_the_definitions_sweep():
    total = 0
    for seed in range(6):
        total += differential(seed, 900)[0]
    assert total == 5400


# -- the size bounds, against the built formulas ----------------------------------------------------

def _size(cnf):
    return cnf.nvars, len(cnf.clauses), sum(map(len, cnf.clauses))


def _random_board(rnd: random.Random, n: int, m: int, marks: int = 0) -> Hypergraph:
    names = [f"v{i}" for i in range(n)]
    edges = set()
    for _ in range(m):
        edges.add(frozenset(rnd.sample(range(n), min(n, rnd.choice([3, 3, 3, 2, 4])))))
    marked = sum(1 << v for v in rnd.sample(range(n), marks))
    return Hypergraph.from_masks(names, sorted(sum(1 << v for v in e) for e in edges), marked)


def test_structure_size_bounds_the_formula():
    rnd = random.Random(7)
    boards = [chain_path(6), chain_cycle(6), chain_path(12), chain_cycle(9)]
    boards += [_random_board(rnd, rnd.randint(3, 30), rnd.randint(1, 40), rnd.randint(0, 3))
               for _ in range(150)]
    for h in boards:
        for kind in ("chain", "nunchaku", "necklace"):
            for _ in range(3):
                a, b = rnd.choice(h.vertices), rnd.choice(h.vertices)
                new = [] if kind == "chain" else [v for v in dict.fromkeys([a, b] if kind == "nunchaku" else [a])
                                                  if not h.marked_mask >> h.index(v) & 1]
                h2 = h.mark(*new) if new else h
                b2 = None if kind == "necklace" else b
                got = _size(structure_cnf(h2, kind, a, b2))
                bound = structure_cnf_size(h2, kind, a, b2)
                assert got[0] == bound[0], (kind, got, bound)  # the variables are counted exactly
                assert got[1] <= bound[1] and got[2] <= bound[2], (kind, got, bound)


def _pairing_cnf_reference(h: Hypergraph, breaker: int = 0):
    """The pairing encoder as it was before its loops were made linear (O(|V| · pairs)): the new
    one must give the same formula, variable for variable, literal for literal."""
    from verify.certificates.cnf import CNF
    res = minimal_masks(mb.residual(h.edge_masks, h.marked_mask, breaker))
    cnf = CNF(comment=f"pairing strategy, {len(res)} minimal live edges")
    pairs: dict[int, int] = {}
    for e in res:
        idx = list(bits(e))
        for i in range(len(idx)):
            for j in range(i + 1, len(idx)):
                pm = (1 << idx[i]) | (1 << idx[j])
                if pm not in pairs:
                    pairs[pm] = 0
    for pm in sorted(pairs):
        pairs[pm] = cnf.var(("pair", pm))
    for v in range(h.n):
        through = [x for pm, x in pairs.items() if pm >> v & 1]
        if len(through) > 1:
            cnf.at_most_one(through)
    for e in res:
        cnf.add(*[x for pm, x in pairs.items() if pm & e == pm])
    return cnf


def test_pairing_encoder_unchanged_and_bounded():
    rnd = random.Random(11)
    boards = [tic_tac_toe(3), tic_tac_toe(4), k_in_a_row(5, 5, 4), k_in_a_row(7, 7, 5)]
    boards += [_random_board(rnd, rnd.randint(3, 24), rnd.randint(1, 90), rnd.randint(0, 2))
               for _ in range(150)]
    for h in boards:
        free = [i for i in range(h.n) if not h.marked_mask >> i & 1]
        breaker = sum(1 << i for i in rnd.sample(free, min(len(free), rnd.choice([0, 0, 1, 2]))))
        new, old = pairing_cnf(h, breaker), _pairing_cnf_reference(h, breaker)
        assert (new.nvars, new.clauses, new.labels) == (old.nvars, old.clauses, old.labels)
        size, work = pairing_cnf_size(h, breaker)
        got = _size(new)
        assert all(g <= s for g, s in zip(got, size)), (got, size)


def test_project_formulas_are_far_below_the_caps():
    """The caps of limits.py sit well above what the SAT route produces (chains and cycles of 30
    triples on 60-61 vertices, close to the 64-vertex boards; pairings of the bench's boards)."""
    caps = (limits.MAX_DRAT_FORMULA_VARIABLES, limits.MAX_DRAT_FORMULA_CLAUSES,
            limits.MAX_DRAT_FORMULA_LITERALS)
    p, c = chain_path(30), chain_cycle(30)
    sizes = [structure_cnf_size(p, "chain", p.vertices[0], p.vertices[-1]),
             structure_cnf_size(c.mark(c.vertices[1]), "necklace", c.vertices[1])]
    for h in (k_in_a_row(9, 9, 5), tic_tac_toe(8), k_in_a_row(8, 8, 6)):
        size, work = pairing_cnf_size(h)
        assert work * 100 < limits.MAX_DRAT_ENCODER_WORK
        sizes.append(size)
    for size in sizes:
        assert all(s * 10 < cap for s, cap in zip(size, caps)), size


# -- the caps of the proof checker ------------------------------------------------------------------

def test_proof_step_and_literal_caps(monkeypatch):
    monkeypatch.setattr(limits, "MAX_DRAT_PROOF_STEPS", 3)
    parse_drat("1 0\nc comment\n\nd 1 0\n2 0\n")  # 3 steps: fine
    with pytest.raises(TooLarge, match="MAX_DRAT_PROOF_STEPS"):
        parse_drat("1 0\nd 1 0\n2 0\n3 0\n")
    monkeypatch.setattr(limits, "MAX_DRAT_PROOF_STEPS", 10 ** 6)
    monkeypatch.setattr(limits, "MAX_DRAT_PROOF_LITERALS", 5)
    parse_drat("1 2 0\n3 0\n")  # 5 tokens
    with pytest.raises(TooLarge, match="MAX_DRAT_PROOF_LITERALS"):
        parse_drat("1 2 0\n3 4 0\n")


def _php(holes: int):
    var = lambda p, h: p * holes + h + 1  # noqa: E731
    cls = [tuple(var(p, h) for h in range(holes)) for p in range(holes + 1)]
    cls += [(-var(p, h), -var(q, h)) for h in range(holes) for p, q in itertools.combinations(range(holes + 1), 2)]
    return (holes + 1) * holes, cls


def test_propagation_work_cap(monkeypatch):
    # a valid refutation of x1 ∨ x2, ¬x1 ∨ x2, x1 ∨ ¬x2, ¬x1 ∨ ¬x2 by the lemma x2, then the empty clause
    clauses = [(1, 2), (-1, 2), (1, -2), (-1, -2)]
    assert check_drat(2, clauses, "2 0\n0\n")["lemmas"] >= 1
    monkeypatch.setattr(limits, "MAX_DRAT_PROPAGATION_WORK", 2)
    with pytest.raises(TooLarge, match="MAX_DRAT_PROPAGATION_WORK"):
        check_drat(2, clauses, "2 0\n0\n")


def test_rat_work_cap(monkeypatch):
    monkeypatch.setattr(limits, "MAX_DRAT_RAT_WORK", 0)
    # a RAT lemma on a fresh variable has no candidate clause: no RAT work (the proof then ends
    # without a conflict, an ordinary refusal)
    with pytest.raises(DratError, match="does not derive the empty clause"):
        check_drat(2, [(1, 2)], "3 0\n")
    # ¬x1 is not RUP; its RAT check scans the clauses holding x1: refused once they are counted
    with pytest.raises(TooLarge, match="MAX_DRAT_RAT_WORK"):
        check_drat(2, [(1, 2)], "-1 0\n")
    monkeypatch.setattr(limits, "MAX_DRAT_RAT_WORK", 10 ** 6)
    with pytest.raises(DratError, match="neither RUP nor RAT"):
        check_drat(2, [(1, 2)], "-1 0\n")


def test_long_lemma_is_not_quadratic():
    """A lemma of 200 k literals (x_i and a tautology at the end) is added in linear time."""
    import time
    n = 200_000
    lemma = " ".join(str(i) for i in range(1, n + 1)) + " -1 0\n"
    t0 = time.process_time()
    with pytest.raises(DratError, match="does not derive the empty clause"):
        check_drat(1, [(1,), (-1, 1)], lemma)  # the proof never conflicts: refused at the end
    assert time.process_time() - t0 < 5


# -- crafted inputs, checked by the CLI in a subprocess ---------------------------------------------

def _structure_dos(path: Path, n: int, m: int, seed: int = 0) -> Path:
    """A no-chain certificate on n vertices and m random triples with an empty stored formula: the
    old checker built the whole O(n · m²) formula before comparing (47 s and 4.5 GB at 200 x 600)."""
    rnd = random.Random(seed)
    names = [f"v{i}" for i in range(n)]
    edges = set()
    while len(edges) < m:
        edges.add(tuple(sorted(rnd.sample(range(n), 3))))
    board = {"vertices": names, "edges": [[names[i] for i in e] for e in sorted(edges)]}
    return _write(path, board, {"refutes": "no-chain", "a": "v0", "b": "v1"})


def _pairing_one_edge_dos(path: Path, n: int) -> Path:
    """no-pairing on one edge of n vertices: C(n, 2) pair variables (n = 3000: 4.5 M)."""
    names = [f"v{i}" for i in range(n)]
    return _write(path, {"vertices": names, "edges": [names]}, {"refutes": "no-pairing"})


def _pairing_star_dos(path: Path, n: int) -> Path:
    """no-pairing on every triple through v0: all minimal, filed under one lowest vertex, so the
    minimal-set step compares them pairwise (C(n - 1, 2)² / 2 steps)."""
    names = [f"v{i}" for i in range(n)]
    edges = [[names[0], names[i], names[j]] for i, j in itertools.combinations(range(1, n), 2)]
    return _write(path, {"vertices": names, "edges": edges}, {"refutes": "no-pairing"})


def _write(path: Path, board: dict, verdict: dict) -> Path:
    h = Hypergraph(board["edges"], vertices=board["vertices"])
    q = replace(question_of("maker-breaker", mb.MakerBreakerGame(h, "maker")), first=None)
    cert = envelope("sat-unsat-drat", board, q, verdict, formula={"nvars": 0, "clauses": []}, proof="0\n")
    path.write_text(json.dumps(cert, separators=(",", ":")))
    return path


_MEASURE = """
import json, resource, subprocess, sys, time
t = time.perf_counter()
p = subprocess.run(sys.argv[1:], capture_output=True, text=True)
wall = time.perf_counter() - t
r = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"rc": p.returncode, "stdout": p.stdout, "stderr": p.stderr, "wall": wall,
                  "cpu": r.ru_utime + r.ru_stime, "maxrss_kb": r.ru_maxrss}))
"""


def check_in_subprocess(path: Path) -> dict:
    """``verify check path`` in a child of a fresh measuring process (its RUSAGE_CHILDREN holds
    this one check only)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-c", _MEASURE, sys.executable, "-m", "verify.cli", "check", str(path)],
                         capture_output=True, text=True, env=env, cwd=REPO, timeout=300)
    return json.loads(out.stdout)


@pytest.mark.parametrize("make, cap", [
    (lambda d: _structure_dos(d / "no-chain-200x600.json", 200, 600), "MAX_DRAT_FORMULA_CLAUSES"),
    (lambda d: _structure_dos(d / "no-chain-400x2000.json", 400, 2000), "MAX_DRAT_FORMULA_VARIABLES"),
    (lambda d: _pairing_one_edge_dos(d / "no-pairing-one-edge-3000.json", 3000), "MAX_DRAT_FORMULA_VARIABLES"),
    (lambda d: _pairing_star_dos(d / "no-pairing-star-150.json", 150), "MAX_DRAT_ENCODER_WORK"),
], ids=["no-chain-200x600", "no-chain-400x2000", "no-pairing-one-edge-3000", "no-pairing-star-150"])
def test_crafted_drat_inputs_refused_fast(tmp_path, make, cap):
    path = make(tmp_path)
    m = check_in_subprocess(path)
    fails = [line for line in m["stdout"].splitlines() if line.startswith("FAIL")]
    assert m["rc"] != 0, m
    assert len(fails) == 1 and cap in fails[0], m
    assert "Traceback" not in m["stderr"], m["stderr"]
    assert m["cpu"] < 1.0, m
    assert m["maxrss_kb"] < 200 * 1024, m
