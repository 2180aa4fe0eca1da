"""Conjectures about the general positional game (paper 004 Def I.1.8) to hunt with ``--convention``
and ``--bias``: is the game *bias-monotone*?

Their instances are :class:`~verify.hunting.spaces.PositionalGames`: every hypergraph of the space,
asked under the hunt's convention and bias (p:q) (``verify hunt NAME --convention C --bias P:Q``),
both starters where the convention has two. The judge is the explicit reference
(:func:`verify.solvers.explicit_conventions.solve_convention`). A counterexample is two questions
on the same board with different winners; the violation carries a ``positional-strategy``
certificate of each (checked before it is written), which ``verify hunt`` writes next to its store.

- ``positional-bias-monotone``: the monotonicity a convention would have if claiming more never hurt
  in achievement games and claiming less never hurt in avoidance games. In achievement games
  (Maker-Breaker, Maker-Maker) it is the Bias Monotonicity Principle, paper 004 Prop I.1.13 (the
  catalogue checks it as 004-prop-I.1.13-bias-monotonicity), so a hunt finds nothing; in avoidance
  games it is the next conjecture's form.
- ``avoider-enforcer-bias-monotone``: in the (p:q) Avoider-Enforcer game, giving Enforcer one more
  claim per turn never turns an Avoider win into an Enforcer win (Avoider wins (p:q) => Avoider wins
  (p:q+1)), as first or second player. With p = 1 this is the monotonicity under which the lower
  and upper threshold biases of Hefetz, Krivelevich and Szabó ("Avoider-Enforcer games", J. Combin.
  Theory Ser. A 114 (2007)) would coincide; they show the strict rules (exactly p and q per turn,
  as Def I.1.8) are not bias-monotone, and paper 004 §I.1.1.4 (before Prop I.1.15) says "avoidance
  games have no bias monotonicity in general". Refuted; kept with its erratum, the smallest
  counterexample.
"""
from __future__ import annotations

from ..claims.registry import Violation, claim
from ..errors import VerifyError
from ..games import conventions as cv
from .conjectures import HuntSpec
from .spaces import PositionalGames

TAGS = ("positional", "conventions")
ACHIEVEMENT = (cv.MAKER_BREAKER, cv.MAKER_MAKER)


def starters(convention: str) -> tuple:
    """Who may move first: both roles in the weak games; the strong games' first player is Alice."""
    return cv.ROLES[convention] if convention not in cv.STRONG else (cv.ROLES[convention][0],)


def certified(game: cv.ConventionGame):
    """(winner, certificate) of the explicit reference; the certificate is checked by the
    independent checker, None when the reference gives none or the checker refuses it."""
    from ..certificates.checker import check_certificate
    from ..solvers.explicit_conventions import solve_convention
    try:
        out = solve_convention(game, certificate=True)
        check_certificate(out.certificate)
        return str(out.winner), out.certificate
    except VerifyError:
        return str(solve_convention(game).winner), None


def _winner(game: cv.ConventionGame) -> str:
    from ..solvers.explicit_conventions import solve_convention
    return str(solve_convention(game).winner)


def _b(bias) -> str:
    return f"{bias[0]}:{bias[1]}"


def steps(convention: str, alice_won: bool, bias) -> list[tuple]:
    """The biases the monotonicity moves to from ``bias`` for the winner (Alice if ``alice_won``),
    and whether that winner must still win there."""
    p, q = bias
    if convention in ACHIEVEMENT:   # Prop I.1.13: more claims of one's own never hurt
        return [(p + 1, q)] if alice_won else [(p, q + 1)]
    return [(p, q + 1)] if alice_won else []   # avoidance: more claims for Bob never hurt Alice


def monotone_check(game: cv.ConventionGame):
    """None when the monotonicity of :func:`steps` holds on ``game``'s board at ``game``'s bias,
    for every starter; else a Violation naming both questions, with a certificate of each."""
    from ..formats.jsonfmt import hypergraph_to_json
    conv, bias = game.convention, game.bias
    alice, bob = cv.ROLES[conv]
    for first in starters(conv):
        base = cv.ConventionGame(game.board, conv, bias, first)
        w = _winner(base)
        if w not in (alice, bob):
            continue       # a draw: neither player's win to keep
        for bias2 in steps(conv, w == alice, bias):
            other = cv.ConventionGame(game.board, conv, bias2, first)
            w2 = _winner(other)
            if w2 != w:
                certs = [certified(base)[1], certified(other)[1]]
                return Violation(
                    {"hypergraph": hypergraph_to_json(game.board), "convention": conv,
                     "first": first if conv not in cv.STRONG else None,
                     "questions": [{"bias": _b(bias), "winner": w}, {"bias": _b(bias2), "winner": w2}]},
                    {_b(bias2): w}, {_b(bias2): w2},
                    certs if all(c is not None for c in certs) else None)
    return None


@claim("positional-bias-monotone", "004 Prop I.1.13 (achievement); conjecture (avoidance)",
       "Bias monotonicity of the game asked with --convention (default maker-breaker) at --bias (p:q) "
       "(default 1:1), either starter: in achievement games a win of Alice at (p:q) stays hers at "
       "(p+1:q) and a win of Bob at (p:q) stays his at (p:q+1) (Prop I.1.13: it holds); in avoidance "
       "games a win of Alice (Avoider, the first player of Avoider-Avoider) at (p:q) stays hers at "
       "(p:q+1) (false for Avoider-Enforcer: see avoider-enforcer-bias-monotone).",
       hunt=HuntSpec(PositionalGames(sizes=(0,))), default_size=3, slow_size=4, size_name="vertices",
       tags=TAGS)
def positional_bias_monotone(game: cv.ConventionGame):
    return monotone_check(game)


_AE_ERRATUM = (
    "refuted (Hefetz, Krivelevich, Szabó 2007: strict Avoider-Enforcer games are not bias-monotone): "
    "smallest counterexample V = {1, 2, 3}, E = {{1}}, Enforcer first: Avoider wins at (1:1) (Enforcer, "
    "Avoider, Enforcer: Enforcer must take 1) and Enforcer wins at (1:2) (Enforcer takes 2 and 3, Avoider "
    "must take 1); no hypergraph on at most 2 vertices is a counterexample at (1:1), either starter")


@claim("avoider-enforcer-bias-monotone", "classical: Hefetz–Krivelevich–Szabó 2007 (JCTA 114); 004 §I.1.1.4",
       "Avoider-Enforcer is bias-monotone: in the (p:q) Avoider-Enforcer game on H (strict rules, Def "
       "I.1.8), if Avoider wins as first (resp. second) player, she wins the (p:q+1) game as first "
       "(resp. second) player: one more claim per turn for Enforcer never turns an Avoider win into an "
       "Enforcer win. Checked at --bias (p:q) (default 1:1). False (erratum); the counterexample is two "
       "questions with different winners, each certified.",
       hunt=HuntSpec(PositionalGames(sizes=(0,), convention=cv.AVOIDER_ENFORCER,
                                     conventions=(cv.AVOIDER_ENFORCER,))), default_size=4,
       slow_size=5, size_name="vertices", tags=TAGS, erratum=_AE_ERRATUM)
def avoider_enforcer_bias_monotone(game: cv.ConventionGame):
    return monotone_check(game)
