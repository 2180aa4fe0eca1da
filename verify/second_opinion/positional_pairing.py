"""The ``positional-pairing`` kind, checked on sets of names without the kernel's code.

Written from docs/spec/positional-pairing.md and paper 004 (F. Galliot's thesis) Prop I.1.21
(a pairing complete in H: Avoider wins the unbiased Avoider-Enforcer game as the LAST player) and
Def I.1.23, I.1.24, Prop I.1.25 (a q-pairing, disjoint blocks of 2 .. 1+q vertices, complete in H:
every edge meets a block in at least 2 vertices; Breaker wins at bias (1:q), first or second).

Accepted: (MB) ``maker-breaker``, bias [1, q] (or none: q = 1), verdict breaker: blocks disjoint,
2 .. 1+q known names each, none held by Maker at the start; every edge holding no Breaker start
vertex has at least 2 vertices in one block. (AE) ``avoider-enforcer``, no bias, verdict avoider,
Avoider makes the last claim (the free vertices' number is odd iff she moves first): blocks are
disjoint pairs of free vertices; every edge holding no Enforcer start vertex contains a pair.
Both: the start is not decided (Alice's start vertices hold no edge; the empty edge is held).
The question itself (board digest, roles, first, bias, bound) is read by the positional-strategy
module's reader of this package.
"""
from __future__ import annotations

from .envelope import Refused, body_keys
from .positional import _question, read_blocks, uncovered_edge


def _winner(cert: dict, allowed: str) -> str:
    verdict = cert["claim"]["verdict"]
    if type(verdict) is not dict or list(verdict) != ["winner"] or verdict["winner"] != allowed \
            or type(verdict["winner"]) is not str:
        raise Refused(f"the verdict must be {{\"winner\": \"{allowed}\"}}")
    return allowed


def check_positional_pairing(cert: dict, open_member=None):
    """Check a ``positional-pairing`` certificate; returns (question, verdict, detail)."""
    body_keys(cert, "blocks")
    h, game, bias, first, alice, bob, question = _question(cert)
    free = set(h.vertices) - alice - bob
    if game == "maker-breaker":
        winner = _winner(cert, "breaker")
        if bias[0] != 1:
            raise Refused(f"a q-pairing shows a Breaker win at bias 1:q only, not {bias[0]}:{bias[1]}")
        largest, banned = 1 + bias[1], alice
    elif game == "avoider-enforcer":
        winner = _winner(cert, "avoider")
        if bias != (1, 1):
            raise Refused("a pairing shows an Avoider win in the unbiased game only")
        last = first if len(free) % 2 == 1 else ("enforcer" if first == "avoider" else "avoider")
        if last != "avoider":
            raise Refused(f"{len(free)} free vertices with {first} first: {last} claims the last vertex, "
                          "and a pairing shows Avoider's win only when she does")
        largest, banned = 2, alice | bob
    else:
        raise Refused(f"a positional-pairing certificate answers maker-breaker or avoider-enforcer, not {game}")
    if any(e <= alice for e in h.edges):
        raise Refused("the start is decided: the first role's start vertices hold a whole edge (or the empty edge)")
    blocks = read_blocks(cert["blocks"], set(h.vertices), largest, banned,
                         "given at the start" + (" to Maker" if game == "maker-breaker" else ""))
    e = uncovered_edge(h.edges, blocks, bob)
    if e is not None:
        raise Refused(f"edge {sorted(e)[:6]} holds no vertex of Bob's start and has 2 vertices in no block")
    return question, {"winner": winner}, f"{len(blocks)} disjoint blocks, each open edge meeting one twice"
