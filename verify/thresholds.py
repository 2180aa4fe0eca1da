"""Threshold biases: the least Breaker bias at which Breaker wins, and Avoider-Enforcer's two thresholds.

**Maker-Breaker** (paper 004, Definition I.1.32): the *threshold bias* q_thr(H) is the smallest
integer q ≥ 1 such that Breaker has a winning strategy in the Maker-Breaker game on H with bias
(1 : q). By the Bias Monotonicity Principle (paper 004, Proposition I.1.13: in achievement games, a
winning strategy of Bob with bias (p : q) is one with bias (p : q') for every q' ≥ q, as first or as
second player), the set of q at which Breaker wins is closed upwards, so q_thr is certified by two
certificates: Maker's win at (1 : q_thr − 1) (when q_thr > 1) and Breaker's win at (1 : q_thr).
Thesis's definition asks ark(H) ≥ 2 (every edge has at least two vertices); we answer on every
board, with the same starter as asked (``first``; the thesis's definition is silent on who starts,
Maker by default), and report *none* when Maker wins at every bias: that happens exactly when she
wins at (1 : f), f the number of free vertices, since from then on every Breaker turn takes every
vertex left and a larger q is the same game.

**Avoider-Enforcer** (Hefetz, Krivelevich, Szabó, "Avoider-Enforcer games", J. Combin. Theory
Ser. A 114 (2007) 840–853, strict rules as in paper 004 Def I.1.8): there is no bias monotonicity
(the same paper shows it fails), so the (1 : q) game is decided for *every* q from 1 up to the
first q at which Avoider surely wins: her claims in the whole game (at most one per turn, one turn in
q + 1 claims) are fewer than the free vertices of every edge she could still complete. From the
table: the *lower threshold* f⁻ is the largest q such that Enforcer wins the (1 : q') game for every
q' ≤ q (0 if Avoider wins at 1), the *upper threshold* f⁺ the smallest q such that Avoider wins the
(1 : q') game for every q' > q. Every row is certified.

Each question is answered by :func:`verify.solvers.solve` (``method`` as given, ``auto`` by default)
with ``certificate=True``: every verdict reported is certified by the independent checker (unless
asked not to: ``certify=False``, ``--no-certificates``, for boards whose certificates outgrow the
kernel's caps, such as the (1:3) triangle game on K_8; such a result says "not certified").
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .errors import InputError
from .games import conventions as cv
from .result import SCHEMA_VERSION, Result

#: the conventions with a threshold question
THRESHOLD_CONVENTIONS = (cv.MAKER_BREAKER, cv.AVOIDER_ENFORCER)


@dataclass
class BiasRow:
    """One decided (1 : q) game: its winner and the checked certificate (None if not kept)."""
    q: int
    winner: str
    certified: bool
    check: str = ""
    method: str = ""
    certificate: dict | None = field(default=None, repr=False)

    def to_json(self) -> dict:
        return {"bias": [1, self.q], "winner": self.winner, "method": self.method, "certified": self.certified,
                "checked": self.check}


@dataclass
class ThresholdResult(Result):
    """The answer to a threshold question: the rows decided and the threshold(s).

    ``threshold`` (Maker-Breaker): the least q at which Breaker wins, or None when Maker wins at
    every bias. ``lower`` / ``upper`` (Avoider-Enforcer): f⁻ and f⁺ as in the module's docstring."""
    first: str = ""
    rows: list = field(default_factory=list)
    threshold: int | None = None
    lower: int | None = None
    upper: int | None = None

    def verdict(self) -> dict[str, Any]:
        if self.game == cv.MAKER_BREAKER:
            return {"threshold": self.threshold, "first": self.first}
        return {"lower": self.lower, "upper": self.upper, "first": self.first}

    @property
    def certified(self) -> bool:
        return bool(self.rows) and all(r.certified for r in self.rows)

    def summary(self) -> str:
        if self.game == cv.MAKER_BREAKER:
            if self.threshold is None:
                return f"no threshold: maker wins at every bias 1:q, {self.first} first"
            below = f"maker wins 1:{self.threshold - 1}, " if self.threshold > 1 else ""
            return (f"threshold bias {self.threshold} ({below}breaker wins 1:{self.threshold}), "
                    f"{self.first} first")
        table = " ".join(f"1:{r.q}={r.winner}" for r in self.rows)
        upper = "none (enforcer wins at every bias)" if self.upper is None else self.upper
        return f"lower threshold {self.lower}, upper threshold {upper}, {self.first} first ({table})"

    def to_json(self) -> dict[str, Any]:
        out = {"schema_version": SCHEMA_VERSION, "game": self.game, "question": "threshold",
               "first": self.first}
        if self.game == cv.MAKER_BREAKER:
            out["threshold"] = self.threshold
        else:
            out["threshold"] = {"lower": self.lower, "upper": self.upper}
        out.update({"rows": [r.to_json() for r in self.rows], "method": self.method,
                    "stats": self.stats, "certified": self.certified})
        return out


def _game(convention: str, board, first: str | None) -> cv.ConventionGame:
    if convention not in THRESHOLD_CONVENTIONS:
        raise InputError(f"no threshold question for {convention} (thresholds: {', '.join(THRESHOLD_CONVENTIONS)})")
    return cv.ConventionGame(board, convention, (1, 1), first)


def _decide(game: cv.ConventionGame, q: int, method: str, timeout: float | None, keep: bool,
            certify: bool = True) -> BiasRow:
    from .solvers import solve
    instance = replace(game, bias=(1, q))
    options = {} if timeout is None else {"timeout": timeout}
    result = solve(game.convention, instance, method=method, certificate=certify, **options)
    return BiasRow(q, str(result.winner), result.certified, result.check.detail if result.check else "",
                   result.method, result.certificate if keep else None)


def maker_breaker_threshold(board, first: str | None = None, method: str = "auto",
                            timeout: float | None = None, keep_certificates: bool = False,
                            certify: bool = True) -> ThresholdResult:
    """The threshold bias q_thr of the Maker-Breaker game on ``board`` (Def I.1.32), certified.

    Galloping then bisection over q (the Breaker-win set is closed upwards, Prop I.1.13): the two
    rows reported are Maker's win at q_thr − 1 (if q_thr > 1) and Breaker's at q_thr."""
    game = _game(cv.MAKER_BREAKER, board, first)
    top = max(1, game.free_mask().bit_count())
    decided: dict[int, BiasRow] = {}

    def row(q):
        if q not in decided:
            decided[q] = _decide(game, q, method, timeout, keep_certificates, certify)
        return decided[q]

    lo, hi = 0, None  # Maker wins at lo (0: none known), Breaker wins at hi
    q = 1
    while hi is None:
        if row(q).winner == "breaker":
            hi = q
        else:
            lo = q
            if q >= top:
                break
            q = min(2 * q, top)
    while hi is not None and hi - lo > 1:
        mid = (lo + hi) // 2
        if row(mid).winner == "breaker":
            hi = mid
        else:
            lo = mid
    rows = [decided[k] for k in (lo, hi) if k in decided and k >= 1]
    res = ThresholdResult(game=cv.MAKER_BREAKER, method=method, first=game.first, rows=rows, threshold=hi)
    res.stats = {"questions": len(decided)}
    return res


def avoider_claims(game: cv.ConventionGame, q: int) -> int:
    """The most vertices Avoider claims in the whole (1 : q) game: one claim in each block of q + 1,
    at its start if she moves first, at its end otherwise (the last turns may be cut short)."""
    f = game.free_mask().bit_count()
    if game.alice_first:
        return -(-f // (q + 1))
    return f // (q + 1)


def avoider_surely_wins(game: cv.ConventionGame, q: int) -> bool:
    """Avoider cannot complete an edge whatever happens: every edge avoiding Enforcer's given
    vertices needs more free vertices than she claims in the whole game."""
    most = avoider_claims(game, q)
    needs = [(e & ~game.alice_mask).bit_count() for e in game.board.edge_masks if not e & game.bob_mask]
    return all(n > most for n in needs)


def avoider_enforcer_thresholds(board, first: str | None = None, method: str = "auto",
                                timeout: float | None = None, keep_certificates: bool = False,
                                certify: bool = True) -> ThresholdResult:
    """Every (1 : q) Avoider-Enforcer game on ``board`` from q = 1 until Avoider surely wins, each
    certified, and the lower and upper thresholds f⁻, f⁺ (Hefetz, Krivelevich, Szabó 2007)."""
    game = _game(cv.AVOIDER_ENFORCER, board, first)
    top = max(1, game.free_mask().bit_count())
    rows = []
    for q in range(1, top + 1):
        rows.append(_decide(game, q, method, timeout, keep_certificates, certify))
        if avoider_surely_wins(game, q):
            break
    lower = 0
    for r in rows:
        if r.winner != "enforcer":
            break
        lower = r.q
    upper = 0
    for r in rows:
        if r.winner == "enforcer":
            upper = r.q
    if rows and rows[-1].winner == "enforcer" and rows[-1].q >= top:
        upper = None  # from q = f on every Enforcer turn takes every vertex left: the same game
    res = ThresholdResult(game=cv.AVOIDER_ENFORCER, method=method, first=game.first, rows=rows,
                          lower=lower, upper=upper)
    res.stats = {"questions": len(rows), "avoider_surely_wins_from": rows[-1].q if rows else None}
    return res


def threshold(convention: str, board, first: str | None = None, method: str = "auto",
              timeout: float | None = None, keep_certificates: bool = False,
              certify: bool = True) -> ThresholdResult:
    """The threshold question of ``convention`` on ``board``: :func:`maker_breaker_threshold` or
    :func:`avoider_enforcer_thresholds`; ``certify=False`` decides each row without a certificate
    (the rows, and so the threshold, are then not certified: said in every output)."""
    fn = maker_breaker_threshold if convention == cv.MAKER_BREAKER else avoider_enforcer_thresholds
    _game(convention, board, first)
    return fn(board, first, method, timeout, keep_certificates, certify)
