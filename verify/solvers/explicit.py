"""The explicit reference solvers: exhaustive game-tree search written from the definitions.

Maker-Breaker (paper 004 Def I.1.8): minimax on residual families (see
:mod:`verify.games.maker_breaker`), memoized on an isomorphic renumbering of the reduced residual.
The only reductions used follow directly from the rules:
- an edge containing another is redundant (completing it completes the smaller one), so the search
  runs on Min of the residual, and vertices on no live edge never matter;
- a singleton residual edge on Maker's turn is an immediate win; on Breaker's turn two distinct
  singletons lose for Breaker and one singleton forces Breaker's reply.

Impartial games (paper 000 §3): mex recursion. ``nim_positional`` walks literal positions (subsets of
V) with the literal option relation; ``nim_value`` walks residual states (what is left of each edge,
and how many free vertices remain), which are equivalent up to isomorphism and far fewer.
"""
from __future__ import annotations

import sys

from ..errors import TooLarge
from .. import limits
from ..games import impartial as imp
from ..games import maker_breaker as mb
from ..hypergraph import Hypergraph, bits, canonical_form, components, minimal_masks, shrink_minimal
from ..result import NimValue, Outcome

sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))

MAX_EXPLICIT_VERTICES = limits.MAX_BOARD_VERTICES


class MakerBreakerSearch:
    """Memoized minimax for Maker-Breaker. ``maker_wins(res, maker_to_move)`` on any residual."""

    def __init__(self, max_states: int | None = None):
        self.memo: dict = {}
        self.nodes = 0
        self.max_states = limits.MAX_EXPLICIT_STATES if max_states is None else max_states

    @staticmethod
    def reduce(res) -> list[int]:
        return minimal_masks(res)

    @staticmethod
    def _ordered_moves(r: list[int]) -> list[int]:
        score: dict[int, float] = {}
        for e in r:
            w = 1.0 / (1 << e.bit_count())
            for v in bits(e):
                score[v] = score.get(v, 0.0) + w
        return [1 << v for v in sorted(score, key=lambda v: (-score[v], v))]

    def maker_wins(self, res, maker_to_move: bool) -> bool:
        r = self.reduce(res)
        return self._solve(r, maker_to_move)

    def _solve(self, r: list[int], maker_to_move: bool) -> bool:
        if not r:
            return False
        if r[0] == 0:
            return True
        if maker_to_move and r[0].bit_count() == 1:
            return True
        key = (canonical_form(r), maker_to_move)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        self.nodes += 1
        if len(self.memo) >= self.max_states:
            raise too_large("Maker-Breaker", f"more than {self.max_states} positions", "--method search")
        if maker_to_move:
            win = any(self._solve(sorted(shrink_minimal(r, v), key=int.bit_count), False)
                      for v in self._ordered_moves(r))
        else:
            win = all(self._solve([e for e in r if not e & v], True) for v in self._breaker_moves(r))
        self.memo[key] = win
        return win

    def _breaker_moves(self, r: list[int]) -> list[int]:
        singles = {e for e in r if e.bit_count() == 1}
        if len(singles) >= 2:
            return [next(iter(singles))]  # any reply loses; one suffices to show it
        if singles:
            return list(singles)
        return self._ordered_moves(r)

    def best_move(self, res, maker_to_move: bool) -> int | None:
        """A winning move (vertex bit) for the player to move, or None if that player loses."""
        r = self.reduce(res)
        if maker_to_move:
            for v in self._ordered_moves(r):
                if self._solve(sorted(shrink_minimal(r, v), key=int.bit_count), False):
                    return v
        else:
            for v in self._breaker_moves(r) if r else []:
                if not self._solve([e for e in r if not e & v], True):
                    return v
        return None


def solve_maker_breaker(game: mb.MakerBreakerGame, certificate: bool = False) -> Outcome:
    """Winner of a Maker-Breaker game by exhaustive search, with a strategy certificate if asked."""
    if game.board.n > MAX_EXPLICIT_VERTICES:
        raise too_large("Maker-Breaker", f"{game.board.n} vertices, at most {MAX_EXPLICIT_VERTICES}",
                        "--method search")
    search = MakerBreakerSearch()
    res = game.start_residual()
    over = mb.winner_if_over(res)
    winner = over or (mb.MAKER if search.maker_wins(res, game.first == mb.MAKER) else mb.BREAKER)
    stats = {"nodes": search.nodes}
    out = Outcome(game="maker-breaker", method="explicit", stats=stats, winner=winner, first=game.first)
    if certificate:
        from ..certificates.strategy import strategy_certificate
        out.certificate = strategy_certificate(game, winner, _chooser(search, winner))
        out.stats["certificate_states"] = len(out.certificate["strategy"])
    return out


def too_large(game: str, detail: str, instead: str) -> TooLarge:
    """The one message for an instance or a state table of the explicit solver beyond its cap."""
    return TooLarge(f"{game} too large for method explicit ({detail}); try {instead}")


def _chooser(search: MakerBreakerSearch, winner: str):
    """The winner's move on a residual, for the strategy certificate; the certificate holds one
    state per call, at most ``limits.MAX_STRATEGY_CERTIFICATE_STATES``."""
    maker_turn = winner == mb.MAKER
    calls = 0

    def choose(res):
        nonlocal calls
        calls += 1
        if calls > limits.MAX_STRATEGY_CERTIFICATE_STATES:
            raise too_large("the Maker-Breaker strategy certificate",
                            f"more than {limits.MAX_STRATEGY_CERTIFICATE_STATES} states",
                            "--method search, or no --certificate")
        v = search.best_move(res, maker_turn)
        if v is None:
            if maker_turn:  # cannot happen for a correct search
                raise AssertionError("no winning move in a won position")
            v = mb.live_vertices(res) & -mb.live_vertices(res)  # every reply wins for Breaker
        return v

    return choose


# -- impartial games --------------------------------------------------------------------------------

def _nim_literal(game: imp.ImpartialGame, labels: dict[int, int] | None = None) -> int:
    """nim(∅) by the literal option relation, recording every position's value in ``labels``."""
    memo: dict[int, int] = {} if labels is None else labels

    def nim(p: int) -> int:
        v = memo.get(p)
        if v is None:
            v = imp.mex(nim(q) for q in game.options(p))
            memo[p] = v
        return v

    return nim(0)


def nim_positional(kind: str, h: Hypergraph) -> dict[int, int]:
    """Values of every position reachable from ∅ in the literal game (used for certificates)."""
    game = imp.ImpartialGame(kind, h)
    if h.n > limits.MAX_LITERAL_VERTICES:
        raise TooLarge(f"literal position search is limited to {limits.MAX_LITERAL_VERTICES} vertices, "
                       f"this hypergraph has {h.n}")
    labels: dict[int, int] = {}
    _nim_literal(game, labels)
    return labels


class ResidualNim:
    """nim-values of ACV/AVD/DST/PRV on residual states (edges left, free-vertex count).

    - ACV: residual edges e \\ P; terminal once one is empty; any free vertex may be taken.
    - AVD: as ACV, but a vertex whose singleton is a residual edge can never be taken: it leaves the
      free count and every edge through it can no longer be completed.
    - DST: the edges disjoint from P; terminal once none is left; any free vertex may be taken.
    - PRV: as DST, but only a vertex missing from some remaining edge may be taken.

    AVD on a vertex-disjoint union is the game sum of AVD on the parts (a set is stable iff its
    parts are, so moves in one part never change the others), hence its nim-value is the XOR of the
    parts' values, an isolated free vertex counting as *1 (paper 000 §2.1).
    """

    def __init__(self, kind: str):
        self.kind = imp.check_kind(kind)
        self.memo: dict = {}
        self.exact: dict = {}
        self.nodes = 0

    def start(self, h: Hypergraph):
        edges = minimal_masks(h.edge_masks)
        reason = imp.undefined_reason(self.kind, edges)
        if reason:
            from ..errors import UndefinedGame
            raise UndefinedGame(reason)
        return self._normal(edges, h.n)

    def _normal(self, edges, free: int):
        if self.kind == "avd":
            forbidden = 0
            for e in edges:
                if e.bit_count() == 1:
                    forbidden |= e
            if forbidden:
                edges = [e for e in edges if not e & forbidden]
                free -= forbidden.bit_count()
        return edges, free

    def _options(self, edges: list[int], free: int):
        support = 0
        for e in edges:
            support |= e
        isolated = free - support.bit_count()
        k = self.kind
        if k == "acv" and 0 in edges:
            return
        if k in ("dst", "prv") and not edges:
            return
        for i in bits(support):
            v = 1 << i
            if k in ("acv", "avd"):
                yield self._normal(shrink_minimal(edges, v), free - 1)
            elif k == "dst":
                yield [e for e in edges if not e & v], free - 1
            else:
                rest = [e for e in edges if not e & v]
                if rest:
                    yield rest, free - 1
        if isolated > 0:
            # an isolated free vertex changes nothing but the count (in PRV it is always allowed
            # while an edge remains, since it lies on no edge)
            if k != "prv" or edges:
                yield list(edges), free - 1

    def value(self, state) -> int:
        edges, free = state
        if self.kind == "avd" and edges:
            comps = components(edges)
            support = 0
            for s, _ in comps:
                support |= s
            if len(comps) > 1 or free > support.bit_count():
                v = (free - support.bit_count()) & 1
                for s, es in comps:
                    v ^= self._value(es, s.bit_count())
                return v
        return self._value(edges, free)

    def _value(self, edges, free: int) -> int:
        exact = (frozenset(edges), free)  # cheap first-level key; the renumbered form catches isomorphs
        v = self.exact.get(exact)
        if v is not None:
            return v
        key = (canonical_form(edges), free)
        v = self.memo.get(key)
        if v is None:
            self.nodes += 1
            if len(self.exact) >= limits.MAX_EXPLICIT_STATES:
                raise too_large(f"{self.kind.upper()}(H)", f"more than {limits.MAX_EXPLICIT_STATES} residual states",
                                "--method structure")
            v = imp.mex(self.value(s) for s in self._options(edges, free))
            self.memo[key] = v
        self.exact[exact] = v
        return v


def solve_impartial(kind: str, h: Hypergraph, certificate: bool = False) -> NimValue:
    """nim-value of ACV/AVD/DST/PRV(H) by exhaustive search (paper 000 §3)."""
    if h.n > MAX_EXPLICIT_VERTICES:
        raise too_large(f"{imp.check_kind(kind).upper()}(H)", f"{h.n} vertices, at most {MAX_EXPLICIT_VERTICES}",
                        "--method structure")
    solver = ResidualNim(kind)
    value = solver.value(solver.start(h))
    out = NimValue(game=solver.kind, method="explicit", nim=value,
                   stats={"states": solver.nodes})
    if certificate:
        from ..certificates.grundy import grundy_certificate
        out.certificate = grundy_certificate(solver.kind, h, nim_positional(solver.kind, h))
        out.stats["certificate_positions"] = len(out.certificate["labels"])
    return out


def naive_maker_wins(game: mb.MakerBreakerGame) -> bool:
    """Plain memoized minimax over (Maker's set, Breaker's set), straight from Def I.1.8: no
    reduction, no symmetry, every free vertex tried. A second reference and the benchmark baseline."""
    edges = game.board.edge_masks
    full = game.board.full_mask
    memo: dict[tuple[int, int], bool] = {}

    def win(maker: int, breaker: int, maker_to_move: bool) -> bool:
        if any(e & maker == e for e in edges):
            return True
        free = full & ~maker & ~breaker
        if not free:
            return False
        key = (maker, breaker)
        hit = memo.get(key)
        if hit is None:
            if maker_to_move:
                hit = any(win(maker | (1 << v), breaker, False) for v in bits(free))
            else:
                hit = all(win(maker, breaker | (1 << v), True) for v in bits(free))
            memo[key] = hit
        return hit

    return win(game.maker_mask, game.breaker_mask, game.first == mb.MAKER)
