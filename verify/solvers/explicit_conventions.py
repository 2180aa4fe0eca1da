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
from ..errors import CertificateError, TooLarge
from ..games import conventions as cv
from ..hypergraph import bits
from .explicit import MAX_EXPLICIT_VERTICES, too_large


class Positions:
    """The step of the game every value oracle shares (the reference below and the convention search
    of :mod:`verify.solvers.search.conventions`): the start, one claim and a claim achieving the
    value, from ``value(alice, bob, alice_to_move, left)``, ``completes(own, v)`` and the fields
    ``convention``, ``edges``, ``full``, ``p``, ``q``. The certificate builder asks these."""

    def start(self, alice: int, bob: int, alice_first: bool) -> int:
        """The outcome of the game from a given position, ``alice_first`` to move with a full turn."""
        decided = cv.start_value(self.convention, self.edges, alice, bob, alice_first)
        if decided is not None:
            return decided
        if not self.full & ~alice & ~bob:
            return cv.exhausted_value(self.convention)
        return self.value(alice, bob, alice_first, self.p if alice_first else self.q)

    def completes(self, own: int, v: int) -> bool:
        """Whether claiming vertex bit ``v`` (now in ``own``) completes an edge wholly in ``own``."""
        return cv.completes(self.edges, own, v)

    def after_claim(self, alice: int, bob: int, alice_to_move: bool, left: int, v: int, free: int) -> int:
        """The outcome once the mover claims vertex bit ``v`` (``free``: what is then left)."""
        if alice_to_move:
            alice |= v
        else:
            bob |= v
        if self.completes(alice if alice_to_move else bob, v):
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


class ConventionSearch(Positions):
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


def refuse_large_board(game: cv.ConventionGame, method: str) -> None:
    """TooLarge, in one line, when the board has more than ``limits.MAX_BOARD_VERTICES`` vertices:
    the bitmask searches of the positional game (this reference; the convention search of
    :mod:`verify.solvers.search.conventions`, which calls this first) could never finish there, so
    the board is refused before any table, reduction or symmetry group is built (nauty's
    automorphism group, native code no deadline interrupts, took 20 s on the 5,002 vertices of a
    chain of 5,000 triples)."""
    if game.board.n > MAX_EXPLICIT_VERTICES:
        raise TooLarge(f"the {game.convention} game too large for method {method} ({game.board.n:,} vertices, "
                       f"at most {MAX_EXPLICIT_VERTICES}: limits.MAX_BOARD_VERTICES); try a smaller board")


def solve_convention(game: cv.ConventionGame, certificate: bool = False) -> cv.ConventionOutcome:
    """Who wins the positional game ``game`` (any convention and bias), by exhaustive search; with
    ``certificate``, the ``positional-strategy`` certificate of the answer (:func:`strategy_certificate`)."""
    refuse_large_board(game, "explicit")
    search = ConventionSearch(game)
    value = search.start(game.alice_mask, game.bob_mask, game.alice_first)
    first = None if game.convention in cv.STRONG else game.first
    winner = cv.winner_word(game.convention, value)
    out = cv.ConventionOutcome(game=game.convention, method="explicit", winner=winner,
                               first=first, stats={"nodes": search.nodes, "states": len(search.memo)})
    if certificate:
        out.certificate = strategy_certificate(game, search, winner)
        out.stats["certificate_entries"] = sum(map(len, out.certificate["strategies"].values()))
    return out


def beyond_caps(detail: str) -> TooLarge:
    """The one message for a certificate the builder stops because the checker would refuse it (its
    caps: ``limits.MAX_POSITIONAL_*``), whichever method decided the game."""
    return TooLarge(f"the positional-strategy certificate is beyond the checker's caps ({detail}); "
                    "try no --certificate")


def strategy_certificate(game: cv.ConventionGame, search: Positions, winner: str, symmetric: bool = True,
                         named: bool | None = None, pairing: bool = True) -> dict:
    """The ``positional-strategy`` certificate of ``winner`` (a role, or draw): the table of the
    winner (of first and of second for a draw) recording its best claim
    (:meth:`Positions.best_claim`) at every state the kernel's walk
    (:func:`verify.certificates.positional.strategy_walk`) reaches when the opponent claims every
    free vertex.

    With ``symmetric`` (the default; it does something when the board has a known automorphism
    group, :func:`verify.solvers.search.labels.labeller`), symmetry links (docs/spec/
    positional-strategy.md, rule P10): at a state s where the player moves, if an earlier claim
    entry's state t has the same canonical key, the table gets a link entry to t with the word σ (in
    generators: transpositions of K_n's vertices, or one group element) and σ(t) = s checked here
    (a key that is no image, impossible by construction, falls back to a claim entry); s is then not
    expanded (the rule: an automorphism maps the game from t onto the game from s). Else s gets a
    claim entry and becomes the representative of its key. Without ``symmetric``, the plain table.

    With ``named`` (by default whenever every table's player scores its own completions,
    :func:`verify.certificates.positional.scores_own`), a named certificate (rule P11): where the player can complete an edge it
    does, naming the edge (``completes``); every other claim names as ``threats`` the edges through
    it left with one free vertex and none of the opponent's (one per vertex, at most
    ``positional.MAX_THREATS``), so the opponent's replies that leave one open need no entry.

    With ``pairing`` (the default), Breaker's table at a bias (1:q) settles a state where Breaker
    moves by a pairing entry (rule P12) when the live edges have a complete q-pairing
    (:func:`verify.solvers.search.leaves.block_cover`: bounded backtracking on at most 64 live
    edges)."""
    from ..certificates import envelope
    from ..certificates import positional as ps
    from ..formats.instances import question_of
    from ..formats.questions import board_json
    from .search.leaves import block_cover
    alice_role, bob_role = game.roles
    decided = cv.start_value(game.convention, search.edges, game.alice_mask, game.bob_mask, game.alice_first)
    given = (game.alice_mask | game.bob_mask).bit_count()
    p_first, p_other = (search.p, search.q) if game.alice_first else (search.q, search.p)
    board = game.board
    names = board.names
    labels = None
    if symmetric and decided is None:
        from .search.labels import labeller
        labels = labeller(board, tuple(dict.fromkeys(board.edge_masks)))
    generators: dict[tuple[int, ...], int] = {}  # board permutation -> its index in 'symmetries'
    strategies = {}
    cap = limits.MAX_POSITIONAL_STRATEGY_ENTRIES
    players = ps.strategists(game.convention, winner)
    if named is None:
        named = decided is None and all(ps.scores_own(game.convention, x) for x in players)
    edges = tuple(dict.fromkeys(board.edge_masks))
    through = [tuple(e for e in edges if e >> i & 1) for i in range(board.n)]
    for x in players:
        x_alice = x == alice_role
        # pairing entries (rule P12): Breaker's table at bias (1:q); pairs are blocks of a q-pairing
        pairs = pairing and game.convention == cv.MAKER_BREAKER and not x_alice and search.p == 1
        table: dict[tuple[int, int], object] = {}  # state -> claimed vertex bit, or (target, word)
        reps: dict[int, tuple] = {}  # canonical key -> (its claim entry's state, its labelling)

        def choose(a, b, x_alice=x_alice, table=table, reps=reps):
            if len(table) >= cap:
                raise beyond_caps(f"more than {cap} entries")
            if labels is not None:
                key, lab = labels.label(a, b)
                rep = reps.get(key)
                if rep is not None:
                    (ta, tb), lab_t = rep
                    word = labels.word(lab_t, lab)
                    if 0 < len(word) <= limits.MAX_POSITIONAL_WORD and _apply_word(word, ta, tb) == (a, b):
                        table[(a, b)] = ((ta, tb), tuple(generators.setdefault(g, len(generators)) for g in word))
                        return ta, tb, len(word) * ((a | b).bit_count() + 1)
                else:
                    reps[key] = ((a, b), lab)
            if pairs:  # P12: Breaker's residual has a complete pairing: the play is won here
                cover = block_cover([e & ~a for e in edges if not e & b], 1 + search.q)
                if cover is not None:
                    if labels is not None and reps.get(key, (None,))[0] == (a, b):
                        del reps[key]  # links name claim entries only
                    table[(a, b)] = ps.Pairing(cover)
                    return ps.Settled(cv.BOB_WINS, 0)
            if named:
                own, opp = (a, b) if x_alice else (b, a)
                for e in edges:  # a completion now: claim it, naming the edge
                    if not e & opp and (e & ~own).bit_count() == 1:
                        v = table[(a, b)] = ps.Claim(e & ~own, e, ())
                        return v
            r = ((a | b).bit_count() - given) % (p_first + p_other)
            left = p_first - r if r < p_first else p_first + p_other - r
            v = search.best_claim(a, b, x_alice, left)
            if named:
                own = (a if x_alice else b) | v
                hints: dict[int, int] = {}
                for e in through[v.bit_length() - 1]:
                    if not e & opp and (e & ~own).bit_count() == 1:
                        hints.setdefault(e & ~own, e)
                v = ps.Claim(v, 0, tuple(hints.values())[:ps.MAX_THREATS])
            table[(a, b)] = v
            return v

        if decided is None:
            try:
                for _ in ps.strategy_walk(game, x_alice, choose, limits.MAX_POSITIONAL_WALK_STATES, named=named):
                    pass
            except CertificateError as exc:
                raise beyond_caps(str(exc)) from None
        order = sorted(table, key=lambda s: ((s[0] | s[1]).bit_count(), s))  # by claims made, deterministic
        index = {s: k for k, s in enumerate(order)}
        rows = []
        for a, b in order:
            v = table[(a, b)]
            row = {alice_role: names(a), bob_role: names(b)}
            if isinstance(v, tuple):
                row["link"], row["by"] = index[v[0]], list(v[1])
            elif isinstance(v, ps.Pairing):
                row["pairing"] = [names(m) for m in v.masks]
            elif isinstance(v, ps.Claim):
                row["claim"] = names(v.vertex)[0]
                if v.completes:
                    row["completes"] = names(v.completes)
                if v.threats:
                    row["threats"] = [names(e) for e in v.threats]
            else:
                row["claim"] = names(v)[0]
            rows.append(row)
        strategies[x] = rows
    body = {"strategies": strategies}
    if generators:
        body["symmetries"] = [_map_text(board, g) for g in generators]
    if named:
        body["completions"] = "named"
    return envelope(ps.KIND, board_json(board), question_of(game.convention, game), {"winner": winner}, **body)


def _apply_word(word, a: int, b: int) -> tuple[int, int]:
    """The image of the state (a, b) under g_1 ∘ ... ∘ g_m (``word``: board permutations, g_m first)."""
    from .search.labels import apply
    for g in reversed(word):
        a, b = apply(g, a), apply(g, b)
    return a, b


def _map_text(board, p) -> str:
    """A board permutation in pg-proof's map syntax (``u>v`` for each moved vertex u)."""
    return " ".join(f"{board.vertices[i]}>{board.vertices[j]}" for i, j in enumerate(p) if i != j)
