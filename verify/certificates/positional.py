"""The ``positional-strategy`` certificate kind: a player's claim table for the general positional
game, checked from the rules of :mod:`verify.games.conventions` alone.

The game (paper 004 = F. Galliot's thesis, Definition I.1.8 and §I.1.1): on a hypergraph, Alice
and Bob claim free vertices, p and q per turn (bias (p:q)), strictly in turn, from a start position
(A₀, B₀) with a given first player; the convention (Maker-Breaker, Avoider-Enforcer, Maker-Maker,
Avoider-Avoider) scores a claim completing an edge wholly held by the mover
(:func:`~verify.games.conventions.completion_value`), a full board
(:func:`~verify.games.conventions.exhausted_value`) and a start decided before any claim
(:func:`~verify.games.conventions.start_value`).

Body: ``"strategies": {X: [{ALICE_ROLE: [...], BOB_ROLE: [...], "claim": v}, ...]}``, one table per
player X: exactly the winner W when the verdict is a role, exactly ``first`` and ``second`` for a
draw (Maker-Maker, Avoider-Avoider). An entry names a state (both players' claimed vertices, the
start's included) and the vertex X claims there. Layout and rules: ``docs/spec/positional-strategy.md``.

Checked claim: for W a role, W's table guarantees W's win: every play from the start in which X
claims the table's vertex and the opponent claims any free vertex ends with W the winner. For a
draw, each of first and second has a table guaranteeing it does not lose; both together pin the
value to a draw (every play ends: the board is finite).

Soundness: :func:`strategy_walk` expands, from the start, every opponent claim and the table's claim
at every state where X moves (a missing entry or a claim of a non-free vertex is refused), each
state (A, B) once: whether the game is over and who moves are functions of (A, B) given the start
(the mover from the number of claims since the start and the bias; the game is over only at a
completion, which ends it, or a full board). Every leaf (ended play) is checked against the
requirement; by induction on the free vertices X's table guarantees it from every walked state,
the start included. Every entry must be used by the walk (the kind names reachable states only),
so no entry escapes the checks. Work: at most ``limits.MAX_POSITIONAL_STRATEGY_ENTRIES`` entries
read, ``limits.MAX_POSITIONAL_WALK_STATES`` states walked and ``limits.MAX_POSITIONAL_WALK_WORK``
edge tests per table (each claim tests the edges through its vertex).
"""
from __future__ import annotations

from .. import limits
from ..errors import CertificateError
from ..formats.instances import question_of
from ..games import conventions as cv
from ..hypergraph import Hypergraph, bits
from ..question import Question
from .checker import CheckReport, _vertex_bit, _vertex_set, instance_hypergraph, register, roles, verdict_of

KIND = "positional-strategy"
#: the table keys of a draw: each player's table shows it does not lose
DRAW_PLAYERS = ("first", "second")


def strategists(convention: str, winner: str) -> tuple[str, ...]:
    """The players whose tables a certificate of ``winner`` holds: W itself, or first and second
    for a draw."""
    return DRAW_PLAYERS if winner == "draw" else (winner,)


def acceptable(convention: str, player: str, winner: str) -> frozenset:
    """The outcomes (from Alice's side, :data:`~verify.games.conventions.ALICE_WINS` ...) that
    ``player``'s table must guarantee at every ended play: W's win, or for a draw not a loss of
    ``player``."""
    alice = cv.ROLES[convention][0]
    win = cv.ALICE_WINS if player == alice else cv.BOB_WINS
    return frozenset({win} if winner != "draw" else {win, cv.DRAW})


def mover_is_alice(claims: int, bias: tuple, alice_first: bool) -> bool:
    """Who moves after ``claims`` claims since the start: the first player F while
    ``claims mod (pF + pO) < pF`` (strict turns of p claims for Alice, q for Bob), else the other."""
    p, q = bias
    p_first, p_other = (p, q) if alice_first else (q, p)
    return (claims % (p_first + p_other) < p_first) == alice_first


def strategy_walk(game: cv.ConventionGame, x_alice: bool, choose, max_states: int, max_work: int | None = None):
    """Every ended play reachable from the start of ``game`` when player X (Alice iff ``x_alice``)
    claims ``choose(alice, bob)`` (a vertex bit) where X moves and the opponent claims every free
    vertex, one claim per step: yields ``(alice, bob, value)`` at each ended play (``value`` from
    Alice's side), then returns the number of states expanded. Each state (alice, bob) is expanded
    once; past ``max_states`` states, or ``max_work`` edge tests (a claim tests the edges through its
    vertex; default ``limits.MAX_POSITIONAL_WALK_WORK``), the walk is refused. ``choose``'s vertex
    must be free (else CertificateError). The start must not be decided
    (:func:`~verify.games.conventions.start_value`)."""
    max_work = limits.MAX_POSITIONAL_WALK_WORK if max_work is None else max_work
    full = game.board.full_mask
    through = {1 << i: tuple(e for e in game.board.edge_masks if e >> i & 1) for i in bits(full)}
    alice0, bob0 = game.alice_mask, game.bob_mask
    given = (alice0 | bob0).bit_count()
    alice_first = game.alice_first
    if not full & ~alice0 & ~bob0:
        yield alice0, bob0, cv.exhausted_value(game.convention)
        return 0
    seen = {(alice0, bob0)}
    stack = [(alice0, bob0)]
    work = 0
    while stack:
        alice, bob = stack.pop()
        free = full & ~alice & ~bob
        a_moves = mover_is_alice((alice | bob).bit_count() - given, game.bias, alice_first)
        if a_moves == x_alice:
            v = choose(alice, bob)
            if not v & free:
                raise CertificateError(f"the claim at {show_state(game, alice, bob)} is not a free vertex")
            claims = (v,)
        else:
            claims = tuple(1 << i for i in bits(free))
        for v in claims:
            work += len(through[v]) + 1
            if work > max_work:
                raise CertificateError(f"more than {max_work} edge tests in the walk of one table: refused")
            a, b = (alice | v, bob) if a_moves else (alice, bob | v)
            if cv.completes(through[v], a if a_moves else b, v):
                decided = cv.completion_value(game.convention, a_moves)
                if decided is not None:
                    yield a, b, decided
                    continue
            if not free & ~v:
                yield a, b, cv.exhausted_value(game.convention)
                continue
            if (a, b) not in seen:
                if len(seen) >= max_states:
                    raise CertificateError(f"more than {max_states} states walked for one table: refused")
                seen.add((a, b))
                stack.append((a, b))
    return len(seen)


def show_state(game: cv.ConventionGame, alice: int, bob: int) -> str:
    a_role, b_role = game.roles
    h = game.board
    return f"{{{a_role}: {','.join(h.names(alice))}; {b_role}: {','.join(h.names(bob))}}}"


def convention_game(cert: dict, question: Question) -> cv.ConventionGame:
    """The positional game a certificate is about: its board, the question's convention, bias,
    position (both roles' vertices: known, distinct, disjoint) and first player (a role of a weak
    convention; none for the strong ones, whose first player is Alice)."""
    convention = question.game
    if convention not in cv.CONVENTIONS:
        raise CertificateError(f"a {KIND} certificate answers {', '.join(cv.CONVENTIONS)} questions, "
                               f"not {convention!r}")
    if question.bound is not None:
        raise CertificateError(f"a {KIND} certificate answers the whole game: its bound must be null")
    alice, bob = cv.ROLES[convention]
    pos = roles(question, alice, bob)
    if convention in cv.STRONG:
        if question.first is not None:
            raise CertificateError(f"a {convention} question has no first player (null): the first player is 'first'")
        first = alice
    else:
        first = None if question.first is None else question.first.value
        if first not in (alice, bob):
            raise CertificateError(f"a {convention} question needs first = {alice} or {bob}")
    h = instance_hypergraph(cert, pos[alice])
    bob_mask = _vertex_set(h, list(pos[bob]))
    if bob_mask & h.marked_mask:
        raise CertificateError("the position gives a vertex to both players")
    return cv.ConventionGame(h, convention, question.bias or cv.UNBIASED, first, frozenset(h.names(bob_mask)))


def read_table(game: cv.ConventionGame, entries, player: str) -> dict[tuple[int, int], int]:
    """``player``'s table: state (Alice's mask, Bob's mask) -> claimed vertex bit. Each entry is
    exactly ``{ALICE_ROLE: [...], BOB_ROLE: [...], "claim": v}`` with known, distinct names, the two
    sets disjoint; no state twice."""
    if not isinstance(entries, list):
        raise CertificateError(f"the table of {player} must be a list")
    a_role, b_role = game.roles
    keys = {a_role, b_role, "claim"}
    h: Hypergraph = game.board
    table: dict[tuple[int, int], int] = {}
    for entry in entries:
        if not isinstance(entry, dict) or set(entry) != keys:
            raise CertificateError(f"each entry of {player}'s table must be an object with exactly the keys "
                                   f"{a_role}, {b_role}, claim")
        a, b = _vertex_set(h, entry[a_role]), _vertex_set(h, entry[b_role])
        if a & b:
            raise CertificateError(f"an entry of {player}'s table gives a vertex to both players: "
                                   f"{show_state(game, a, b)}")
        if (a, b) in table:
            raise CertificateError(f"two entries of {player}'s table for the state {show_state(game, a, b)}")
        table[(a, b)] = _vertex_bit(h, entry["claim"])
    return table


@register(KIND, "strategies")
def check_positional_strategy(cert: dict, question: Question) -> CheckReport:
    game = convention_game(cert, question)
    convention = game.convention
    alice, bob = game.roles
    winner = verdict_of(cert, "winner", (alice, bob, "draw") if convention in cv.STRONG else (alice, bob))
    strategies = cert.get("strategies")
    players = strategists(convention, winner)
    if not isinstance(strategies, dict) or set(strategies) != set(players):
        raise CertificateError(f"'strategies' must be an object with exactly the key(s) {', '.join(players)}"
                               f" (the tables of the claimed verdict {winner})")
    if any(not isinstance(strategies[x], list) for x in players):
        raise CertificateError("each table of 'strategies' must be a list")
    entries = sum(len(strategies[x]) for x in players)
    if entries > limits.MAX_POSITIONAL_STRATEGY_ENTRIES:
        raise CertificateError(f"{entries} entries, more than {limits.MAX_POSITIONAL_STRATEGY_ENTRIES}: refused")
    tables = {x: read_table(game, strategies[x], x) for x in players}
    edges = tuple(game.board.edge_masks)
    decided = cv.start_value(convention, edges, game.alice_mask, game.bob_mask, game.alice_first)
    walked = 0
    for x in players:
        table, ok = tables[x], acceptable(convention, x, winner)
        if decided is not None:
            if table:
                raise CertificateError(f"the start is decided ({cv.winner_word(convention, decided)}): "
                                       f"the table of {x} must be empty")
            if decided not in ok:
                raise CertificateError(f"the start is decided: {cv.winner_word(convention, decided)}, "
                                       f"not what the claimed verdict {winner} needs")
            continue
        used = set()

        def choose(a, b, table=table, used=used, x=x):
            v = table.get((a, b))
            if v is None:
                raise CertificateError(f"no claim of {x} at the reachable state {show_state(game, a, b)}")
            used.add((a, b))
            return v

        walk = strategy_walk(game, x == alice, choose, limits.MAX_POSITIONAL_WALK_STATES)
        while True:
            try:
                a, b, value = next(walk)
            except StopIteration as stop:
                walked += stop.value
                break
            if value not in ok:
                raise CertificateError(f"the table of {x} reaches an ended play won by "
                                       f"{cv.winner_word(convention, value)} at {show_state(game, a, b)}"
                                       if value != cv.DRAW else
                                       f"the table of {x} reaches a draw at {show_state(game, a, b)}")
        if len(used) != len(table):
            a, b = next(s for s in table if s not in used)
            raise CertificateError(f"the entry of {x}'s table for {show_state(game, a, b)} names a state "
                                   "its walk never reaches")
    detail = "the start is decided" if decided is not None else \
        f"{walked} reachable states walked, {entries} table entries"
    return CheckReport(KIND, question_of(convention, game), {"winner": winner}, detail)
