"""The DRAT checker: solver proofs accepted; nothing accepted for a satisfiable formula; agreement
with a naive from-scratch RUP/RAT checker; the sat-unsat-drat certificate kind."""
from __future__ import annotations

import copy
import itertools
import re

import pytest
from hypothesis import example, assume, given, settings
from hypothesis import strategies as st

from verify.certificates.checker import check_certificate
from verify.certificates.drat import DratError, check_drat, parse_drat
from verify.encode.dimacs import read_dimacs, write_dimacs
from verify.encode.sat_backends import BACKENDS, solve_cnf
from verify.errors import CertificateError, InputError
from verify.families import tic_tac_toe
from verify.games.maker_breaker import MakerBreakerGame
from verify.solvers.sat import find_pairing


def php(holes: int) -> tuple[int, list[tuple[int, ...]]]:
    """Pigeonhole: holes+1 pigeons, each in some hole, no two in one hole (unsatisfiable)."""
    var = lambda p, h: p * holes + h + 1  # noqa: E731
    cls = [tuple(var(p, h) for h in range(holes)) for p in range(holes + 1)]
    for h in range(holes):
        for p, q in itertools.combinations(range(holes + 1), 2):
            cls.append((-var(p, h), -var(q, h)))
    return (holes + 1) * holes, cls


def brute_sat(nvars: int, clauses) -> bool:
    for bits_ in range(1 << nvars):
        if all(any((lit > 0) == bool(bits_ >> (abs(lit) - 1) & 1) for lit in c) for c in clauses):
            return True
    return False


def naive_up_conflict(clauses, assign: set[int]) -> bool:
    """Unit propagation from scratch; True when some clause becomes false."""
    assign = set(assign)
    if any(-x in assign for x in assign):
        return True
    while True:
        changed = False
        for c in clauses:
            if any(x in assign for x in c):
                continue
            free = {x for x in c if -x not in assign}
            if not free:
                return True
            if len(free) == 1:
                assign.add(next(iter(free)))
                changed = True
        if not changed:
            return False


def naive_check(clauses, lemmas):
    """Reference semantics for addition-only proofs: every lemma RUP or RAT on its first literal,
    accepted once unit propagation alone conflicts. Returns 'ok', the number of the first bad
    lemma, or 'open' (no conflict reached)."""
    db = [tuple(c) for c in clauses]
    if naive_up_conflict(db, set()):
        return "ok"
    for no, lem in enumerate(lemmas, 1):
        ok = naive_up_conflict(db, {-x for x in lem})
        if not ok and lem:
            p = lem[0]
            ok = True
            for d in db:
                if -p in d:
                    res = set(lem) | {x for x in d if x != -p}
                    if any(-x in res for x in res):
                        continue
                    if not naive_up_conflict(db, {-x for x in res}):
                        ok = False
                        break
        if not ok:
            return no
        db.append(tuple(lem))
        if naive_up_conflict(db, set()):
            return "ok"
    return "open"


def proof_text(steps) -> str:
    return "".join(("d " if d else "") + " ".join(map(str, c)) + (" 0\n" if c else "0\n") for d, c in steps)


@pytest.mark.parametrize("backend", sorted(BACKENDS))
def test_solver_proofs_of_pigeonhole_accepted(backend):
    nv, cls = php(5)
    run = solve_cnf(nv, cls, proof=True, backend=backend)
    assert not run.sat
    stats = check_drat(nv, cls, run.proof)
    assert stats["lemmas"] > 0


def test_truncated_proof_rejected():
    nv, cls = php(4)
    run = solve_cnf(nv, cls, proof=True)
    lines = [ln for ln in run.proof.splitlines() if not ln.startswith("d")]
    with pytest.raises(DratError):
        check_drat(nv, cls, "\n".join(lines[: len(lines) // 2]))
    with pytest.raises(DratError):
        check_drat(nv, cls, "")


def test_proof_for_weakened_formula_rejected():
    """Dropping any clause of PHP makes it satisfiable: its proof must then fail."""
    nv, cls = php(3)
    run = solve_cnf(nv, cls, proof=True)
    for i in range(len(cls)):
        weaker = cls[:i] + cls[i + 1:]
        assert brute_sat(nv, weaker)
        with pytest.raises(DratError):
            check_drat(nv, weaker, run.proof)


def test_rat_lemmas_extended_resolution():
    """Defining a fresh x <-> (a & b) takes three RAT (not RUP) steps; the solver's proof still
    goes through afterwards. A lemma neither RUP nor RAT is rejected."""
    nv, cls = php(2)
    x, a, b = nv + 1, nv + 2, nv + 3  # fresh: x <-> (a & b)
    run = solve_cnf(nv, cls, proof=True)
    definition = f"{-x} {a} 0\n{-x} {b} 0\n{x} {-a} {-b} 0\n"
    stats = check_drat(nv, cls, definition + run.proof)
    assert stats["rat"] == 3
    with pytest.raises(DratError, match="neither RUP nor RAT"):
        check_drat(2, [(1, 2), (-1, 2)], "-2 0\n0\n")
    # (x) after (-x a): the resolvent (x a) is not RUP, so (x) is not RAT
    with pytest.raises(DratError, match="step 2: lemma .* neither RUP nor RAT"):
        check_drat(nv, cls, f"{-x} {a} 0\n{x} 0\n")


def test_conflict_in_formula_needs_no_proof():
    assert check_drat(3, [(1,), (2,), (-1, -2, -3), (3,)], "")["lemmas"] == 0


def test_deleting_reason_is_ignored_not_unsound():
    f = [(1,), (-1, 2), (-2,)]
    assert check_drat(2, f, "")["lemmas"] == 0  # UP conflict at once
    g = [(1,), (-1, 2), (-2, 3)]
    with pytest.raises(DratError):
        check_drat(3, g, "d 1 0\n-1 0\n0\n")


def test_parse_errors():
    for bad in ("1 2\n", "x 0\n", "1 0 2 0\n"):
        with pytest.raises(DratError):
            parse_drat(bad)
    with pytest.raises(DratError):
        check_drat(2, [(1, 3)], "0\n")  # literal outside the declared variables


clause_st = st.lists(st.integers(1, 5).flatmap(lambda v: st.sampled_from([v, -v])), min_size=0, max_size=3)
# lemmas may use two fresh variables (6, 7): RAT steps on them are common
lemma_st = st.lists(st.integers(1, 7).flatmap(lambda v: st.sampled_from([v, -v])), min_size=0, max_size=3)


@given(st.lists(clause_st.filter(bool), min_size=1, max_size=14),
       st.lists(st.tuples(st.booleans(), lemma_st), max_size=12))
@settings(max_examples=150)
def test_never_accepts_a_proof_for_a_satisfiable_formula(clauses, steps):
    assume(brute_sat(5, clauses))
    with pytest.raises(DratError):
        check_drat(5, clauses, proof_text(steps))


@given(st.lists(clause_st.filter(bool), min_size=1, max_size=16), st.lists(lemma_st, max_size=10))
@settings(max_examples=150)
@example(clauses=[[-1]], lemmas=[[1, 7]])  # two fresh variables' worth of room in one lemma
@example(clauses=[[-1]], lemmas=[[6, 7]])
def test_agrees_with_naive_checker(clauses, lemmas):
    """Same verdict on every step (RUP, RAT, or neither) as a from-scratch implementation."""
    expected = naive_check(clauses, [tuple(c) for c in lemmas])
    try:
        check_drat(5, clauses, proof_text([(False, c) for c in lemmas]))
        got = "ok"
    except DratError as exc:
        m = re.match(r"proof step (\d+): lemma", str(exc))
        got = int(m.group(1)) if m else "open"
    assert got == expected


# 20-40 random 3-clauses over 5 variables: about half of these formulas are unsatisfiable
clause3_st = st.sets(st.integers(1, 5), min_size=3, max_size=3).flatmap(
    lambda vs: st.tuples(*[st.sampled_from([v, -v]) for v in sorted(vs)])).map(list)


@given(st.lists(clause3_st, min_size=20, max_size=40), st.data())
@settings(max_examples=100)
def test_solver_proofs_accepted_and_mutations_judged_soundly(clauses, data):
    run = solve_cnf(5, clauses, proof=True, backend=data.draw(st.sampled_from(sorted(BACKENDS))))
    assume(not run.sat)
    check_drat(5, clauses, run.proof)
    steps = parse_drat(run.proof)
    assume(steps)
    i = data.draw(st.integers(0, len(steps) - 1))
    mutated = list(steps)
    d, c = mutated[i]
    if c:
        j = data.draw(st.integers(0, len(c) - 1))
        c = c[:j] + (-c[j],) + c[j + 1:]
    mutated[i] = (d, c)
    drop = data.draw(st.integers(0, len(clauses) - 1))
    weaker = clauses[:drop] + clauses[drop + 1:]
    try:
        check_drat(5, weaker, proof_text(mutated))
        accepted = True
    except DratError:
        accepted = False
    if accepted:
        assert not brute_sat(5, weaker)


def test_dimacs_round_trip():
    nv, cls = php(3)
    text = write_dimacs(nv, cls, ["pigeonhole 4 into 3"])
    assert text.startswith("c pigeonhole")
    assert read_dimacs(text) == (nv, cls)
    for bad in ("1 2 0\n", "p cnf 2 1\n1 3 0\n", "p cnf 2 2\n1 0\n", "p cnf 2 1\n1 2\n"):
        with pytest.raises(InputError):
            read_dimacs(bad)


# -- the certificate kind ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def no_pairing_cert():
    res = find_pairing(MakerBreakerGame(tic_tac_toe(4)), certificate=True)
    assert not res.exists
    return res.certificate


def test_certificate_checks(no_pairing_cert):
    report = check_certificate(no_pairing_cert)
    assert report.kind == "sat-unsat-drat" and "DRAT proof checked" in report.detail


@pytest.mark.parametrize("mutate", [
    lambda c: c["formula"]["clauses"].pop(),
    lambda c: c["formula"].__setitem__("nvars", c["formula"]["nvars"] + 1),
    lambda c: c.__setitem__("proof", "\n".join(c["proof"].splitlines()[:3])),
    lambda c: c.__setitem__("proof", "0\n"),
    lambda c: c["instance"]["edges"].pop(),
    lambda c: c["instance"].__setitem__("marked", ["a1"]),
    lambda c: c.__setitem__("position", {"breaker": ["b2"]}),
    lambda c: c["claim"]["verdict"].__setitem__("refutes", "no-chain"),
    lambda c: c["claim"]["verdict"].__setitem__("refutes", "no-such-thing"),
    lambda c: c.pop("formula"),
])
def test_tampered_certificates_rejected(no_pairing_cert, mutate):
    cert = copy.deepcopy(no_pairing_cert)
    mutate(cert)
    with pytest.raises(CertificateError):
        check_certificate(cert)


def test_consistent_lie_rejected():
    """A certificate claiming 'no pairing' on 5x5 tic-tac-toe (which has one) with a formula that is
    its real encoding cannot carry a valid proof."""
    res = find_pairing(MakerBreakerGame(tic_tac_toe(4)), certificate=True)
    from verify.encode.sat import pairing_cnf
    from verify.formats.jsonfmt import hypergraph_to_json
    h5 = tic_tac_toe(5)
    cnf = pairing_cnf(h5)
    cert = copy.deepcopy(res.certificate)
    cert["instance"] = hypergraph_to_json(h5)
    cert["formula"] = {"nvars": cnf.nvars, "clauses": [list(c) for c in cnf.clauses]}
    with pytest.raises(CertificateError, match="proof"):
        check_certificate(cert)
