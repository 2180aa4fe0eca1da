"""DRAT proofs of unsatisfiability and the ``sat-unsat-drat`` certificate kind.

A DRAT proof (Wetzler, Heule, Hunt, "DRAT-trim", SAT 2014) is a sequence of clause additions and
deletions (``d`` lines). An added clause (lemma) C is accepted when it is

- RUP (reverse unit propagation): unit propagation on F ∧ ¬C reaches a conflict, or
- RAT on its first literal p: for every clause D of F containing ¬p, the resolvent C ∪ (D \\ {¬p})
  is RUP.

Both keep satisfiability (RUP lemmas are implied; a RAT lemma can be satisfied by flipping p), and
deleting a clause keeps satisfiability too, so reaching a unit-propagation conflict proves the input
formula unsatisfiable. :func:`check_drat` is a forward checker (every lemma is checked, in order)
with two watched literals on a persistent top-level assignment. Like drat-trim it ignores the
deletion of a clause that is the reason of a top-level assignment (keeping a clause never makes a
step unsound) and ignores the deletion of a clause not in the database.

Certificate body of ``sat-unsat-drat``: ``"formula": {"nvars": n, "clauses": [[lit, ...], ...]}``,
``"proof": "<DRAT text>"``; the claim names a question (``no-pairing``, ``no-chain``,
``no-nunchaku``, ``no-necklace``) and its parameters. The checker **re-derives** the CNF from the
instance and the claim with the pure encoders of :mod:`verify.certificates.cnf` (part of the
trusted kernel; nothing is solved), requires it to equal the stored formula, then checks the proof here.

Soundness: by induction over the steps, if the input CNF is satisfiable so is the database (a RUP
lemma is implied, a RAT lemma keeps satisfiability, a deletion or an ignored deletion keeps it), so
reaching a top-level conflict proves the CNF unsatisfiable; every lemma is checked, in order, and a
proof ending without the conflict is rejected. The walk is a single pass over finitely many steps.
What is trusted: that the encoders of :mod:`verify.certificates.cnf` express the claim (the fuzzer's
brute-force judge compares the ``no-pairing`` claim with an exhaustive pairing search).

Bounded work (docs/spec/sat-unsat-drat.md §5): the re-derived formula's size is bounded from the
board before it is built (``limits.MAX_DRAT_FORMULA_*``, :func:`verify.certificates.cnf.claim_cnf`);
the proof's steps and literals (``MAX_DRAT_PROOF_STEPS``, ``MAX_DRAT_PROOF_LITERALS``), the unit
propagation work (``MAX_DRAT_PROPAGATION_WORK``) and the RAT work (``MAX_DRAT_RAT_WORK``) are
counted as they go (:func:`check_drat`); beyond any of them the certificate is refused with
TooLarge, in one line.
"""
from __future__ import annotations

from .. import limits
from ..errors import CertificateError, TooLarge
from ..formats.instances import question_of
from ..question import Player, Question
from . import envelope
from .checker import CheckReport, mb_game, register
from .cnf import claim_cnf

KIND = "sat-unsat-drat"


class DratError(CertificateError):
    """A DRAT proof is malformed or does not refute its formula."""


def parse_drat(text: str) -> list[tuple[bool, tuple[int, ...]]]:
    """Textual DRAT: one clause per line, literals ending with 0, deletions prefixed with ``d``."""
    if not isinstance(text, str):
        raise DratError("the proof must be DRAT text")
    steps = []
    literals = 0
    for no, line in enumerate(text.splitlines(), 1):
        toks = line.split()
        if not toks or toks[0] == "c":
            continue
        delete = toks[0] == "d"
        if delete:
            toks = toks[1:]
        literals += len(toks)
        if len(steps) >= limits.MAX_DRAT_PROOF_STEPS:
            raise TooLarge(f"the proof has more than {limits.MAX_DRAT_PROOF_STEPS} steps "
                           "(limits.MAX_DRAT_PROOF_STEPS)")
        if literals > limits.MAX_DRAT_PROOF_LITERALS:
            raise TooLarge(f"the proof has more than {limits.MAX_DRAT_PROOF_LITERALS} literals "
                           "(limits.MAX_DRAT_PROOF_LITERALS)")
        try:
            lits = [int(t) for t in toks]
        except ValueError:
            raise DratError(f"proof line {no}: not a clause: {line.strip()[:60]!r}") from None
        if not lits or lits[-1] != 0 or 0 in lits[:-1]:
            raise DratError(f"proof line {no}: a clause must end with a single 0")
        steps.append((delete, tuple(lits[:-1])))
    return steps


def validate_cnf(nvars, clauses) -> list[tuple[int, ...]]:
    if not isinstance(nvars, int) or isinstance(nvars, bool) or nvars < 0:
        raise DratError("'nvars' must be a non-negative integer")
    if not isinstance(clauses, list):
        raise DratError("'clauses' must be a list")
    out = []
    for c in clauses:
        if not isinstance(c, (list, tuple)) or not all(isinstance(x, int) and not isinstance(x, bool)
                                                       and x != 0 and abs(x) <= nvars for x in c):
            raise DratError(f"bad clause {c!r}: literals are non-zero integers within ±nvars")
        out.append(tuple(c))
    return out


class _DB:
    """Clause database with two watched literals and a persistent top-level assignment."""

    def __init__(self, nvars: int):
        self.val = [0] * (nvars + 1)  # per variable: 1 true, -1 false, 0 unassigned
        self.reason = [-1] * (nvars + 1)  # clause id forcing a top-level assignment
        self.trail: list[int] = []
        self.head = 0
        self.clauses: list[list[int] | None] = []
        self.watches: dict[int, list[int]] = {}
        self.by_key: dict[tuple, list[int]] = {}
        self.occurs: dict[int, list[int]] = {}  # literal -> ids of the clauses holding it (for RAT)
        self.inconsistent = False
        self.work = 0  # unit propagation: watch-list visits + literals scanned for a new watch
        self.rat_work = 0  # RAT: clauses scanned for the negated pivot + literals of the resolvents

    def _grow(self, var: int):
        if var >= len(self.val):
            extra = var + 1 - len(self.val)
            self.val.extend([0] * extra)
            self.reason.extend([-1] * extra)

    def value(self, lit: int) -> int:
        v = self.val[abs(lit)]
        return v if lit > 0 else -v

    def _assign(self, lit: int, reason: int):
        self.val[abs(lit)] = 1 if lit > 0 else -1
        self.reason[abs(lit)] = reason
        self.trail.append(lit)

    def _watch(self, lit: int, ci: int):
        self.watches.setdefault(lit, []).append(ci)

    def add(self, clause) -> None:
        """Add a clause (already checked, or part of the input) and propagate at top level."""
        lits = list(dict.fromkeys(clause))
        for x in lits:
            self._grow(abs(x))
        ci = len(self.clauses)
        self.clauses.append(lits)
        self.by_key.setdefault(tuple(sorted(lits)), []).append(ci)
        for x in lits:
            self.occurs.setdefault(x, []).append(ci)
        if self.inconsistent:
            return
        seen = set(lits)
        if any(-x in seen for x in lits):
            return  # a tautology never propagates
        if not lits:
            self.inconsistent = True
            return
        lits.sort(key=lambda x: -self.value(x))  # true, then unassigned, then false
        for x in lits[:2]:
            self._watch(x, ci)
        if len(lits) == 1 or self.value(lits[1]) == -1:  # unit (or false) under the top level
            v = self.value(lits[0])
            if v == -1:
                self.inconsistent = True
            elif v == 0:
                self._assign(lits[0], ci)
                self._propagate_top()

    def delete(self, clause) -> bool:
        """Delete one copy of a clause; False when ignored (absent, or a top-level reason)."""
        ids = self.by_key.get(tuple(sorted(set(clause))))
        if not ids:
            return False
        ci = ids[-1]
        if any(self.value(x) == 1 and self.reason[abs(x)] == ci for x in self.clauses[ci]):
            return False
        ids.pop()
        self.clauses[ci] = None
        return True

    def _propagate_top(self):
        if self._propagate():
            self.inconsistent = True

    def _propagate(self) -> bool:
        """Unit propagation from ``self.head``; True on conflict."""
        trail, clauses, watches, val, reason = self.trail, self.clauses, self.watches, self.val, self.reason
        work = 0
        budget = limits.MAX_DRAT_PROPAGATION_WORK - self.work  # checked once a literal, not a clause
        while self.head < len(trail):
            false_lit = -trail[self.head]
            self.head += 1
            ws = watches.get(false_lit)
            if not ws:
                continue
            if work > budget:
                self.work += work
                self._too_much_work()
            keep = []
            i = 0
            n = len(ws)
            work += n
            while i < n:
                ci = ws[i]
                i += 1
                c = clauses[ci]
                if c is None:
                    continue
                if len(c) == 1:
                    keep.append(ci)
                    x = c[0]
                    if (val[x] if x > 0 else -val[-x]) == -1:
                        keep.extend(ws[i:])
                        watches[false_lit] = keep
                        self.work += work
                        return True
                    continue
                if c[0] == false_lit:
                    c[0], c[1] = c[1], false_lit
                first = c[0]
                vf = val[first] if first > 0 else -val[-first]
                if vf == 1:
                    keep.append(ci)
                    continue
                work += len(c)  # at most this many literals scanned for a new watch
                for k in range(2, len(c)):
                    x = c[k]
                    if (val[x] if x > 0 else -val[-x]) != -1:
                        c[1], c[k] = x, c[1]
                        ws2 = watches.get(x)
                        if ws2 is None:
                            watches[x] = [ci]
                        else:
                            ws2.append(ci)
                        break
                else:
                    keep.append(ci)
                    if vf == -1:
                        keep.extend(ws[i:])
                        watches[false_lit] = keep
                        self.work += work
                        return True
                    if first > 0:
                        val[first] = 1
                        reason[first] = ci
                    else:
                        val[-first] = -1
                        reason[-first] = ci
                    trail.append(first)
            watches[false_lit] = keep
        self.work += work
        return False

    def rup(self, clause) -> bool:
        """Does unit propagation on the database plus the negation of ``clause`` conflict?"""
        if self.inconsistent:
            return True
        mark = len(self.trail)
        head = self.head
        conflict = False
        for x in clause:
            self._grow(abs(x))
            v = self.value(x)
            if v == 1:
                conflict = True
                break
            if v == 0:
                self._assign(-x, -1)
        if not conflict:
            conflict = self._propagate()
        self.work += len(clause)
        if self.work > limits.MAX_DRAT_PROPAGATION_WORK:
            self._too_much_work()
        for x in self.trail[mark:]:
            self.val[abs(x)] = 0
            self.reason[abs(x)] = -1
        del self.trail[mark:]
        self.head = head
        return conflict

    def rat(self, clause) -> bool:
        """RAT on the clause's first literal: every resolvent with a clause holding its negation is RUP."""
        if not clause:
            return False
        p = clause[0]
        cset = set(clause)
        candidates = self.occurs.get(-p, ())
        self.rat_work += len(candidates)
        self._check_rat_work()
        for ci in candidates:  # only the clauses holding ¬p, not the whole database
            d = self.clauses[ci]
            if d is None:
                continue
            self.rat_work += len(clause) + len(d)
            self._check_rat_work()
            resolvent = list(clause) + [x for x in d if x != -p and x not in cset]
            if any(-x in cset for x in d if x != -p):
                continue  # tautological resolvent
            if not self.rup(resolvent):
                return False
        return True

    @staticmethod
    def _too_much_work():
        raise TooLarge(f"checking the proof needs more than {limits.MAX_DRAT_PROPAGATION_WORK} "
                       "propagation steps (limits.MAX_DRAT_PROPAGATION_WORK)")

    def _check_rat_work(self):
        if self.rat_work > limits.MAX_DRAT_RAT_WORK:
            raise TooLarge(f"checking the proof's RAT lemmas needs more than {limits.MAX_DRAT_RAT_WORK} "
                           "resolution steps (limits.MAX_DRAT_RAT_WORK)")


def check_drat(nvars: int, clauses, proof) -> dict:
    """Check a DRAT refutation of the CNF (``nvars``, ``clauses``); return statistics.

    ``proof`` is DRAT text or parsed steps. Raises :class:`DratError` when a lemma is neither RUP
    nor RAT, or when the proof ends without a unit-propagation conflict. A lemma may name any
    variable beyond ``nvars`` (a RAT extension, as in drat-trim): a fresh variable occurs in no
    clause of the formula, and renaming fresh variables consistently changes no RUP or RAT step.
    Variables are renumbered densely in order of appearance, so memory follows the input size,
    never the largest variable.

    Bounded work: parsing is linear in the text and refuses (TooLarge) beyond
    ``limits.MAX_DRAT_PROOF_STEPS`` steps or ``MAX_DRAT_PROOF_LITERALS`` literals; memory is
    O(|F| + S) (|F| the formula's literals, S the proof's). Time is O(|F| + S + W + R): W, the unit
    propagation work (watch-list visits plus literals scanned for a new watch, plus the literals of
    each RUP test's clause), is counted as it goes and refused beyond ``MAX_DRAT_PROPAGATION_WORK``
    (checked at every literal propagated, so it overshoots by one watch list: O(ℓ · (|F| + S)) at
    most, ℓ the longest clause); R, the RAT work (clauses
    scanned for ¬p plus the literals of each resolvent), is refused beyond ``MAX_DRAT_RAT_WORK``
    before the resolvent is built. Without the counters the worst case is
    O(P · occ(¬p) · (|F| + S)) for P lemmas.
    """
    steps = parse_drat(proof) if isinstance(proof, str) else proof
    dense: dict[int, int] = {}

    def renumber(c) -> tuple[int, ...]:
        return tuple(dense.setdefault(abs(x), len(dense) + 1) * (1 if x > 0 else -1) for x in c)

    cnf = [renumber(c) for c in validate_cnf(nvars, list(clauses))]
    db = _DB(len(dense))
    for c in cnf:
        db.add(c)
        if db.work > limits.MAX_DRAT_PROPAGATION_WORK:
            break
    stats = {"lemmas": 0, "rat": 0, "deletions": 0, "ignored_deletions": 0}
    if db.work > limits.MAX_DRAT_PROPAGATION_WORK:
        raise TooLarge(f"checking the proof needs more than {limits.MAX_DRAT_PROPAGATION_WORK} "
                       "propagation steps (limits.MAX_DRAT_PROPAGATION_WORK)")
    if db.inconsistent:
        return stats
    for no, (delete, shown_lits) in enumerate(steps, 1):
        for x in shown_lits:
            if isinstance(x, bool) or not isinstance(x, int) or x == 0:
                raise DratError(f"proof step {no}: literals are non-zero integers")
        lits = renumber(shown_lits)
        if delete:
            if db.delete(lits):
                stats["deletions"] += 1
            else:
                stats["ignored_deletions"] += 1
            continue
        stats["lemmas"] += 1
        if not db.rup(lits):
            if not db.rat(lits):
                shown = " ".join(map(str, shown_lits)) or "(empty clause)"
                raise DratError(f"proof step {no}: lemma {shown} is neither RUP nor RAT")
            stats["rat"] += 1
        db.add(lits)
        if db.work > limits.MAX_DRAT_PROPAGATION_WORK:
            raise TooLarge(f"checking the proof needs more than {limits.MAX_DRAT_PROPAGATION_WORK} "
                           "propagation steps (limits.MAX_DRAT_PROPAGATION_WORK)")
        if db.inconsistent:
            return stats
    raise DratError("the proof does not derive the empty clause (no unit-propagation conflict reached)")


# -- the certificate kind ---------------------------------------------------------------------------

def drat_certificate(game, verdict: dict, nvars: int, clauses, proof: str) -> dict:
    """A ``sat-unsat-drat`` certificate: the CNF of ``verdict`` (:func:`refutation_verdict`) on the
    Maker-Breaker position ``game`` (its first player is irrelevant: the question has none) and its
    refutation."""
    from dataclasses import replace
    from ..formats.instances import question_of
    from ..formats.questions import board_json
    question = replace(question_of("maker-breaker", game), first=None)
    return envelope(KIND, board_json(game.board), question, verdict,
                    formula={"nvars": nvars, "clauses": [list(c) for c in clauses]}, proof=proof)


@register(KIND, "formula", "proof")
def check_unsat_certificate(cert: dict, question: Question) -> CheckReport:
    """Re-derive the CNF from the instance and the claim (pure encoder, no solver), compare it with
    the stored formula, and check the DRAT proof."""
    from dataclasses import replace
    if question.game != "maker-breaker" or question.first is not None:
        raise CertificateError("a refutation's question is a maker-breaker position without a first player")
    game = mb_game(cert, replace(question, first=Player.MAKER))
    verdict = cert["claim"]["verdict"]
    expected = claim_cnf(game.board, verdict, game.breaker_mask)
    formula = cert.get("formula")
    if not isinstance(formula, dict) or set(formula) != {"nvars", "clauses"}:
        raise CertificateError("certificate has no 'formula' object with exactly the keys nvars, clauses")
    nvars = formula.get("nvars")
    clauses = validate_cnf(nvars, formula.get("clauses"))
    if nvars != expected.nvars or clauses != [tuple(c) for c in expected.clauses]:
        raise CertificateError("the stored formula is not the encoding of the claim on this instance")
    stats = check_drat(nvars, clauses, cert.get("proof"))
    detail = (f"CNF re-derived ({nvars} vars, {len(clauses)} clauses); DRAT proof checked: "
              f"{stats['lemmas']} lemmas ({stats['rat']} RAT), {stats['deletions']} deletions")
    return CheckReport(KIND, replace(question_of("maker-breaker", game), first=None), dict(verdict), detail)
