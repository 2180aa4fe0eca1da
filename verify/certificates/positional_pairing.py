"""The ``positional-pairing`` certificate kind: a (q-)pairing strategy for Breaker in the biased
Maker-Breaker game (1:q), or a pairing strategy for Avoider as the last player in the unbiased
Avoider-Enforcer game, checked from the rules of :mod:`verify.games.conventions` alone.

Sources (paper 004 = F. Galliot's thesis, HAL tel-04249805, §I.1.1.4 d):

- Prop I.1.21 (Pairing Principle): a pairing (pairwise disjoint pairs, Def I.1.19) complete in H
  (every edge contains a pair, Def I.1.20) gives Avoider a win **as the last player** of the
  unbiased Avoider-Enforcer game (Breaker's half is the ``maker-breaker-pairing`` kind).
- Def I.1.23, I.1.24, Prop I.1.25: a q-pairing (pairwise disjoint sets of sizes 2 .. 1+q) complete
  in H (every edge meets some block in at least 2 vertices) gives Breaker a win at bias (1:q), first
  or second.

Body: ``"blocks": [[names], ...]``. Layout, rules and the soundness argument for every state the
certificate can name: ``docs/spec/positional-pairing.md``. Accepted claims, exactly:

- (MB) ``maker-breaker``, bias (1:q) (Maker claims ONE vertex a turn; with p ≥ 2 she could take
  two vertices of a block in one turn), verdict ``breaker``, either first player: blocks pairwise
  disjoint, each of 2 .. 1+q vertices, none of Maker's start vertices A₀ (Breaker's B₀ allowed);
  every edge without a vertex of B₀ meets some block in ≥ 2 vertices.
- (AE) ``avoider-enforcer``, unbiased, verdict ``avoider``, Avoider the last player (she claims the
  last free vertex: the first player does iff the number of free vertices is odd): blocks pairwise
  disjoint pairs of free vertices; every edge without a vertex of B₀ (Enforcer's) contains a pair.

In both, the start must not be decided (:func:`~verify.games.conventions.start_value`: A₀ holds no
edge; the empty edge is held by every set). Work: O(|V| + Σ_e |e|) after reading (each block is
read only while the blocks read so far are disjoint, so at most |V| + max block length names are
read; coverage counts, edge by edge, the vertices of each block it meets).
"""
from __future__ import annotations

from ..errors import CertificateError
from ..formats.instances import question_of
from ..games import conventions as cv
from ..hypergraph import bits
from ..question import Question
from .checker import CheckReport, _vertex_set, register, verdict_of
from .positional import convention_game, read_blocks, uncovered_edge  # noqa: F401  (the q-pairing's rules, shared with P12)

KIND = "positional-pairing"


def avoider_is_last(free: int, avoider_first: bool) -> bool:
    """Whether Avoider claims the last free vertex of the unbiased game: with ``free`` free vertices
    the first player makes claims 1, 3, 5, ..., so the last one iff ``free`` is odd."""
    return (free % 2 == 1) == avoider_first


@register(KIND, "blocks")
def check_positional_pairing(cert: dict, question: Question) -> CheckReport:
    game = convention_game(cert, question)
    convention, (p, q) = game.convention, game.bias
    h = game.board
    if convention == cv.MAKER_BREAKER:
        winner = verdict_of(cert, "winner", ("breaker",))
        if p != 1:
            raise CertificateError(f"a q-pairing proves a Breaker win at bias (1:q) only, not {p}:{q} "
                                   "(Maker claiming two vertices a turn can take two of one block)")
        largest, forbidden, what = 1 + q, game.alice_mask, f"{q}-pairing" if q > 1 else "pairing"
    elif convention == cv.AVOIDER_ENFORCER:
        winner = verdict_of(cert, "winner", ("avoider",))
        if (p, q) != cv.UNBIASED:
            raise CertificateError(f"a pairing proves an Avoider win in the unbiased game only, not {p}:{q}")
        free = game.free_mask().bit_count()
        if not avoider_is_last(free, game.alice_first):
            raise CertificateError(f"with {free} free vertices and {game.first} first, Avoider is not the last "
                                   "player: a pairing proves her win as the last player only (Prop I.1.21)")
        largest, forbidden, what = 2, game.alice_mask | game.bob_mask, "pairing"
    else:
        raise CertificateError(f"a {KIND} certificate answers maker-breaker (bias 1:q) or unbiased "
                               f"avoider-enforcer questions, not {convention}")
    if cv.start_value(convention, tuple(h.edge_masks), game.alice_mask, game.bob_mask, game.alice_first) is not None:
        raise CertificateError("the start is decided (the first player's side holds a whole edge, "
                               "or the board has the empty edge): a pairing proves nothing there")
    masks = read_blocks(game, cert.get("blocks"), largest, forbidden)
    e = uncovered_edge(game, masks, 2)
    if e is not None:
        need = "meets no block in 2 vertices" if convention == cv.MAKER_BREAKER else "contains no pair"
        raise CertificateError(f"edge {{{','.join(h.names(e))}}} has no vertex of {game.roles[1]}'s start and {need}")
    detail = f"a complete {what} of {len(masks)} block{'s' * (len(masks) != 1)}"
    return CheckReport(KIND, question_of(convention, game), {"winner": winner}, detail)


def pairing_certificate(game: cv.ConventionGame, blocks) -> dict:
    """The ``positional-pairing`` certificate of ``game`` (Breaker's win at bias (1:q), or Avoider's
    as the last player) by ``blocks`` (lists of names); the checker decides whether it holds."""
    from ..formats.questions import board_json
    from . import envelope
    winner = "breaker" if game.convention == cv.MAKER_BREAKER else "avoider"
    return envelope(KIND, board_json(game.board), question_of(game.convention, game), {"winner": winner},
                    blocks=[list(b) for b in blocks])
