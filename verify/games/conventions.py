"""Rules of the general positional game: four conventions, any bias (p:q), either player first.

Source: F. Galliot, "Hypergraphs and the Maker-Breaker game: a structural approach", PhD thesis,
Université Grenoble Alpes (2023), HAL tel-04249805 (paper 004), Definition I.1.8 and §I.1.1:

    A *positional game* is played on a hypergraph H by Alice and Bob, who alternate turns coloring
    previously uncolored vertices of H in red and blue respectively. With a *bias* (p : q) Alice and
    Bob respectively color p vertices and q vertices at once in each round (except possibly for the
    final round: if there are not enough vertices left then the player simply colors all the
    remaining vertices). The result is decided by a *convention* about monochromatic edges:

    - Maker-Maker: the first player to complete a monochromatic edge of their color wins; if that
      never happens the game is a draw.
    - Maker-Breaker: Alice (Maker) wins if she completes a red edge at any point, otherwise she
      loses (no draw).
    - Avoider-Avoider: the first player to complete a monochromatic edge of their color loses; if
      that never happens the game is a draw.
    - Avoider-Enforcer: Alice (Avoider) loses if she completes a red edge at any point, otherwise
      she wins (no draw).

    Who plays first is part of the question (Def I.1.8, the note after the list).

Here a *claim* is the coloring of one vertex by its player. The roles and the bias of each question:

===================  ===================  ==================  ========================================
convention           Alice (red, ``p``)   Bob (blue, ``q``)   who starts
===================  ===================  ==================  ========================================
``maker-breaker``    maker                breaker             ``--first maker|breaker`` (bias M:B)
``avoider-enforcer`` avoider              enforcer            ``--first avoider|enforcer`` (bias A:E)
``maker-maker``      first                second              the first player (bias F:S)
``avoider-avoider``  first                second              the first player (bias F:S)
===================  ===================  ==================  ========================================

For the two strong games the players are named by their place in the order of play, and the bias
F:S gives the first player's claims per turn and the second's (Def I.1.8 notes that both starters
matter even there, since p ≠ q is allowed; asking "the second player starts with bias F:S" is the
question with bias S:F and the words first/second exchanged).

**Turns.** The player to move claims exactly p (resp. q) free vertices, or every free vertex left
when fewer remain (the final short turn); then the other player moves. No player may claim fewer (in
the avoidance games this is the thesis's "strict" rule: a turn is p vertices at once, Def I.1.8).
The game ends when the board is full or when a convention's decisive event occurs.

**A completion in the middle of a turn.** Def I.1.8 colors a turn's p vertices "at once", so the
thesis never orders the claims inside a turn, and it is silent on a completion in the middle of one;
§I.1.1 reads the strong games as "the player responsible for [the partial coloring becoming
improper] is then declared the winner [Maker-Maker] or the loser [Avoider-Avoider]". Our choice,
stated exactly: *the game ends as soon as a claimed vertex completes an edge all of whose vertices
the claiming player holds, in the middle of a turn if need be, and that completion is scored for
the mover*: Maker-Maker — the mover wins; Avoider-Avoider — the mover loses; Maker-Breaker — Maker
wins if the mover is Maker (Breaker's completed edges mean nothing); Avoider-Enforcer — Enforcer
wins if the mover is Avoider (Enforcer's mean nothing). Each player claims only vertices of their
own color, so during a turn only the mover can complete an edge of their color, never the opponent;
the rest of the turn would only add vertices of the mover's color, which can neither undo that
completion nor complete an opponent's edge. Hence stopping mid-turn and scoring at the end of the
turn "at once" give the same outcome for every convention: the choice never changes a verdict (the
test brute force in ``tests/brute.py`` scores whole turns, p-subsets at once, and agrees with the
reference, which stops mid-turn). One claim completing several edges is one completion. Def I.1.44
(the thesis's recursive Maker-Breaker definition) even lets the game go on after Maker has won: the
same outcome again.

**The empty edge** (the Remark after Def I.1.8). An edge of size 0 is monochromatic of both colors,
so a game on a hypergraph with ∅ ∈ E is over before it begins: Maker-Maker is a first player win,
Maker-Breaker a Maker win, Avoider-Avoider a second player win and Avoider-Enforcer an Enforcer win
(whoever starts, in the weak games).

**Marked positions.** A question may start from a position: the board's marked vertices are
Alice's (Maker's, Avoider's, the first player's, as :class:`verify.hypergraph.Hypergraph` marks
Maker's, Def I.1.38) and :attr:`ConventionGame.bob` holds Bob's (Breaker's, Enforcer's, the second
player's); the question's position names both roles. A position whose given vertices already hold a
whole edge is decided at the start, extending the empty-edge remark: in the weak games Alice's whole
edge decides (Maker wins, resp. Enforcer wins) and Bob's means nothing; in the strong games the
player holding a whole edge completed it, and when both do, the player to move (the first player)
is deemed to have completed first — exactly the remark's verdicts for ∅ ∈ E.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ..errors import InputError
from ..hypergraph import Hypergraph
from ..question import Player, position_of
from ..result import Outcome, Winner

MAKER_BREAKER, AVOIDER_ENFORCER = "maker-breaker", "avoider-enforcer"
MAKER_MAKER, AVOIDER_AVOIDER = "maker-maker", "avoider-avoider"
CONVENTIONS = (MAKER_BREAKER, AVOIDER_ENFORCER, MAKER_MAKER, AVOIDER_AVOIDER)
#: the conventions added to ``verify`` with this module (Maker-Breaker was there before)
NEW_CONVENTIONS = (AVOIDER_ENFORCER, MAKER_MAKER, AVOIDER_AVOIDER)
#: (Alice's role, Bob's role) of each convention: Alice claims p per turn, Bob q
ROLES = {MAKER_BREAKER: ("maker", "breaker"), AVOIDER_ENFORCER: ("avoider", "enforcer"),
         MAKER_MAKER: ("first", "second"), AVOIDER_AVOIDER: ("first", "second")}
STRONG = (MAKER_MAKER, AVOIDER_AVOIDER)
UNBIASED = (1, 1)

#: outcome values, from Alice's side: she wins, draw, Bob wins
ALICE_WINS, DRAW, BOB_WINS = 1, 0, -1


class ConventionOutcome(Outcome):
    """The answer of a positional-game question: ``winner`` is a role (maker, breaker, avoider,
    enforcer, first, second) or ``draw``; ``first`` the starter where the question has one."""

    def __post_init__(self):
        self.winner = None if self.winner in (None, "") else Winner(self.winner)
        self.first = None if self.first in (None, "") else Player(self.first)

    def summary(self):
        first = f", {self.first} first" if self.first is not None else ""
        if self.winner is None:
            return f"undecided{first}"
        return ("draw" if self.winner is Winner.DRAW else f"{self.winner} wins") + first


def check_convention(convention: str) -> str:
    if convention not in CONVENTIONS:
        raise InputError(f"unknown convention {convention!r} (known: {', '.join(CONVENTIONS)})")
    return convention


_BIAS_TEXT = re.compile(r"([0-9]{1,9}):([0-9]{1,9})")


def parse_bias(value) -> tuple[int, int]:
    """A bias ``(p, q)`` of positive integers, from ``"P:Q"`` text or a pair; one-line InputError."""
    if isinstance(value, str):
        m = _BIAS_TEXT.fullmatch(value)
        if m is None:
            raise InputError(f"bias {value[:40]!r}: write P:Q with positive integers, e.g. 1:2")
        p, q = int(m.group(1)), int(m.group(2))
    elif isinstance(value, (tuple, list)) and len(value) == 2 and all(type(x) is int for x in value):
        p, q = value
    else:
        raise InputError(f"bias {str(value)[:40]!r}: give P:Q text or a pair of positive integers")
    if p < 1 or q < 1:
        raise InputError(f"bias {p}:{q}: both players claim at least one vertex per turn")
    return p, q


@dataclass(frozen=True)
class ConventionGame:
    """A positional game (Def I.1.8): the board (its marked vertices are Alice's), the convention,
    the bias (Alice's claims per turn, Bob's), who moves first (a role of the convention) and Bob's
    given vertices ``bob`` (names)."""
    board: Hypergraph
    convention: str = MAKER_BREAKER
    bias: tuple = UNBIASED
    first: str | None = None
    bob: frozenset = frozenset()

    def __post_init__(self):
        check_convention(self.convention)
        object.__setattr__(self, "bias", parse_bias(tuple(self.bias) if isinstance(self.bias, list) else self.bias))
        alice, bob = ROLES[self.convention]
        if self.first is None:
            object.__setattr__(self, "first", alice)
        if self.first not in (alice, bob) or (self.convention in STRONG and self.first != alice):
            allowed = f"'{alice}' or '{bob}'" if self.convention not in STRONG else f"'{alice}'"
            raise InputError(f"the first player of a {self.convention} game is {allowed}, not {self.first!r}")
        object.__setattr__(self, "bob", frozenset(self.bob))
        if self.board.mask(self.bob) & self.board.marked_mask:
            raise InputError("a vertex cannot be claimed by both players")

    @property
    def roles(self) -> tuple[str, str]:
        return ROLES[self.convention]

    @property
    def alice_mask(self) -> int:
        return self.board.marked_mask

    @property
    def bob_mask(self) -> int:
        return self.board.mask(self.bob)

    # the Maker-Breaker names of the same masks (the maker-breaker question's position reads them)
    maker_mask = alice_mask
    breaker_mask = bob_mask

    def free_mask(self) -> int:
        """The vertices neither player holds (as :meth:`MakerBreakerGame.free_mask`)."""
        return self.board.full_mask & ~self.alice_mask & ~self.bob_mask

    @property
    def alice_first(self) -> bool:
        return self.first == self.roles[0]

    def as_maker_breaker(self):
        """The unbiased Maker-Breaker game as the MakerBreakerGame its methods take."""
        from .maker_breaker import MakerBreakerGame
        if self.convention != MAKER_BREAKER or self.bias != UNBIASED:
            raise InputError(f"a {self.convention} game with bias {self.bias[0]}:{self.bias[1]} is not "
                             "the unbiased Maker-Breaker game")
        return MakerBreakerGame(self.board, self.first, self.bob)

    def position(self) -> tuple:
        """The question's position: each role's given vertices."""
        alice, bob = self.roles
        return position_of(**{alice: self.board.names(self.alice_mask), bob: self.board.names(self.bob_mask)})


def completes(edges, own: int, v: int) -> bool:
    """Whether claiming vertex bit ``v`` (now in ``own``) completes an edge wholly in ``own``."""
    return any(e & v and e & own == e for e in edges)


def holds_edge(edges, own: int) -> bool:
    return any(e & own == e for e in edges)


def completion_value(convention: str, alice_moved: bool) -> int | None:
    """The outcome (from Alice's side) when the mover completes an edge of their own color, or None
    when that means nothing (Breaker's or Enforcer's edges)."""
    if convention == MAKER_BREAKER:
        return ALICE_WINS if alice_moved else None
    if convention == AVOIDER_ENFORCER:
        return BOB_WINS if alice_moved else None
    mover_wins = convention == MAKER_MAKER
    return ALICE_WINS if alice_moved == mover_wins else BOB_WINS


def exhausted_value(convention: str) -> int:
    """The outcome when the board is full and no decisive completion happened."""
    return {MAKER_BREAKER: BOB_WINS, AVOIDER_ENFORCER: ALICE_WINS}.get(convention, DRAW)


def start_value(convention: str, edges, alice: int, bob: int, alice_first: bool) -> int | None:
    """The outcome of a position decided before any claim (the empty edge, or a given whole edge:
    see the module's docstring), or None."""
    a_holds, b_holds = holds_edge(edges, alice), holds_edge(edges, bob)
    if convention in (MAKER_BREAKER, AVOIDER_ENFORCER):
        return completion_value(convention, True) if a_holds else None
    if a_holds and b_holds:
        return completion_value(convention, alice_first)  # the player to move is deemed first
    if a_holds or b_holds:
        return completion_value(convention, a_holds)
    return None


def winner_word(convention: str, value: int) -> str:
    alice, bob = ROLES[convention]
    return {ALICE_WINS: alice, BOB_WINS: bob, DRAW: "draw"}[value]


def from_maker_breaker(game, bias=UNBIASED) -> ConventionGame:
    """The Maker-Breaker game ``game`` (a :class:`~verify.games.maker_breaker.MakerBreakerGame`) as
    a :class:`ConventionGame` with ``bias``."""
    return ConventionGame(game.board, MAKER_BREAKER, bias, game.first, game.breaker)


def with_bias(game_name: str, instance, bias):
    """``instance`` of ``game_name`` asked with ``bias`` (``"P:Q"`` or a pair). The unbiased
    Maker-Breaker question stays a MakerBreakerGame (its methods are unchanged); a game without a
    bias is an InputError."""
    if game_name not in CONVENTIONS:
        raise InputError(f"{game_name} has no bias (a bias applies to {', '.join(CONVENTIONS)})")
    p, q = parse_bias(bias)
    if isinstance(instance, ConventionGame):
        return replace(instance, bias=(p, q))
    if (p, q) == UNBIASED:
        return instance
    return from_maker_breaker(instance, (p, q))
