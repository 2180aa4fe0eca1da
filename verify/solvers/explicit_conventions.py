"""The explicit reference of the general positional game, written from paper 004 Def I.1.8.

Every convention of :mod:`verify.games.conventions` (Maker-Breaker, Avoider-Enforcer, Maker-Maker,
Avoider-Avoider), any bias (p:q), either player first, from any marked position. Plain memoised
minimax over the literal states (Alice's claimed vertices, Bob's claimed vertices, who moves, claims
left in the mover's turn): one claim is one step, a turn is ``p`` (resp. ``q``) consecutive claims
by the same player, cut short when the board fills up. No reduction, no symmetry, no residual: it is
independent of the Maker-Breaker solver of :mod:`verify.solvers.explicit` by construction (the tests
compare both on the unbiased Maker-Breaker game, and this one against the brute force of
``tests/brute.py``, which plays whole turns as p-subsets).

The game ends as soon as a claim completes an edge of the mover's color (scored as
:func:`verify.games.conventions.completion_value` says), or when the board is full
(:func:`~verify.games.conventions.exhausted_value`); an empty edge or a given whole edge decides at
the start (:func:`~verify.games.conventions.start_value`).
"""
from __future__ import annotations

from .. import limits
from ..errors import MethodError
from ..games import conventions as cv
from ..hypergraph import bits
from .explicit import MAX_EXPLICIT_VERTICES, too_large


class ConventionSearch:
    """``value(alice, bob, alice_to_move, left)``: the outcome (+1 Alice wins, 0 draw, -1 Bob
    wins) with optimal play, Alice maximising and Bob minimising."""

    def __init__(self, game: cv.ConventionGame, max_states: int | None = None):
        self.convention = game.convention
        self.edges = tuple(game.board.edge_masks)
        self.full = game.board.full_mask
        self.p, self.q = game.bias
        self.memo: dict = {}
        self.nodes = 0
        self.max_states = limits.MAX_EXPLICIT_STATES if max_states is None else max_states

    def start(self, alice: int, bob: int, alice_first: bool) -> int:
        """The outcome of the game from a given position, ``alice_first`` to move with a full turn."""
        decided = cv.start_value(self.convention, self.edges, alice, bob, alice_first)
        if decided is not None:
            return decided
        if not self.full & ~alice & ~bob:
            return cv.exhausted_value(self.convention)
        return self.value(alice, bob, alice_first, self.p if alice_first else self.q)

    def value(self, alice: int, bob: int, alice_to_move: bool, left: int) -> int:
        key = (alice, bob, alice_to_move, left)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        if len(self.memo) >= self.max_states:
            raise too_large(f"the {self.convention} game", f"more than {self.max_states} states",
                            "a smaller board")
        self.nodes += 1
        free = self.full & ~alice & ~bob
        best = None
        goal = cv.ALICE_WINS if alice_to_move else cv.BOB_WINS
        for i in bits(free):
            v = 1 << i
            val = self.after_claim(alice, bob, alice_to_move, left, v, free & ~v)
            if best is None or (val > best if alice_to_move else val < best):
                best = val
                if best == goal:
                    break
        self.memo[key] = best
        return best

    def after_claim(self, alice: int, bob: int, alice_to_move: bool, left: int, v: int, free: int) -> int:
        """The outcome once the mover claims vertex bit ``v`` (``free``: what is then left)."""
        if alice_to_move:
            alice |= v
        else:
            bob |= v
        if cv.completes(self.edges, alice if alice_to_move else bob, v):
            decided = cv.completion_value(self.convention, alice_to_move)
            if decided is not None:
                return decided
        if not free:
            return cv.exhausted_value(self.convention)
        if left > 1:
            return self.value(alice, bob, alice_to_move, left - 1)
        return self.value(alice, bob, not alice_to_move, self.q if alice_to_move else self.p)

    def best_claim(self, alice: int, bob: int, alice_to_move: bool, left: int) -> int | None:
        """A claim (vertex bit) achieving the value for the mover (None if no free vertex)."""
        want = self.value(alice, bob, alice_to_move, left)
        free = self.full & ~alice & ~bob
        for i in bits(free):
            if self.after_claim(alice, bob, alice_to_move, left, 1 << i, free & ~(1 << i)) == want:
                return 1 << i
        return None


def solve_convention(game: cv.ConventionGame, certificate: bool = False) -> cv.ConventionOutcome:
    """Who wins the positional game ``game`` (any convention and bias), by exhaustive search."""
    if certificate:
        what = f"biased ({game.bias[0]}:{game.bias[1]}) {game.convention}" if game.bias != cv.UNBIASED \
            else game.convention
        raise MethodError(f"no certificate kind for {what} yet (solve it without a certificate)")
    if game.board.n > MAX_EXPLICIT_VERTICES:
        raise too_large(f"the {game.convention} game", f"{game.board.n} vertices, at most {MAX_EXPLICIT_VERTICES}",
                        "a smaller board")
    search = ConventionSearch(game)
    value = search.start(game.alice_mask, game.bob_mask, game.alice_first)
    first = None if game.convention in cv.STRONG else game.first
    return cv.ConventionOutcome(game=game.convention, method="explicit", winner=cv.winner_word(game.convention, value),
                                first=first, stats={"nodes": search.nodes, "states": len(search.memo)})
