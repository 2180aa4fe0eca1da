"""The keyed-link rule of pg-proof certificates (docs/spec/pg-proof.md §4.15) against brute force on
every state a certificate can name.

A link from a legal state ``s`` to ``s'`` through σ is accepted in a keyed game when σ is a
permutation of the positions carrying the *reduced* families (§4.1) of both players onto
themselves and fixing each colour's initial stones and ``#firstmoves``. The soundness argument
says: then "X forces a win" has the same value at ``s`` and ``σ(s)`` for every legal state (S1, S2
of §3: reachable or not, with passes). This test enumerates, on random games of at most 6 cells,
every such σ (including those that are no automorphism of the unreduced game) and every legal
state, and compares the plain minimax of the rules (``forgers.Oracle``, unreduced sets) at both.
"""
from __future__ import annotations

import itertools
import random

from forgers import Oracle
from test_certificate_adversarial import random_pg
from verify.errors import InputError
from verify.formats.pg import parse_pg
from verify.games import positional as pg
from verify.hypergraph import bits, minimal_masks


def reduced(game, x: str) -> tuple[frozenset, frozenset]:
    """X's and Y's families as §4.1 reduces them (written here from the spec, not imported)."""
    y = pg.other(x)
    x0, y0 = (game.black_initials, game.white_initials) if x == pg.BLACK else (
        game.white_initials, game.black_initials)
    left0 = game.schedule().count(x)
    xs = minimal_masks(s for s in game.sets(x) if not s & y0 and (s & ~x0).bit_count() <= left0)
    ys = minimal_masks(s for s in game.sets(y) if not s & x0)
    return frozenset(xs), frozenset(ys)


def image(perm, mask: int) -> int:
    return sum(1 << perm[i] for i in bits(mask))


def legal_states(game, x: str):
    """Every legal state (S1, S2) as whole masks (initial stones included) with its time."""
    sched = game.schedule()
    b0, w0 = game.black_initials, game.white_initials
    free = [i for i in range(len(game.positions)) if not (b0 | w0) >> i & 1]
    for t in range(len(sched) + 1):
        nb, nw = sched[:t].count(pg.BLACK), sched[:t].count(pg.WHITE)
        for colours in itertools.product((0, 1, 2), repeat=len(free)):
            b = sum(1 << c for c, k in zip(free, colours) if k == 1)
            w = sum(1 << c for c, k in zip(free, colours) if k == 2)
            if b.bit_count() <= nb and w.bit_count() <= nw:
                yield b0 | b, w0 | w, t


def test_reduced_automorphism_links_keep_the_value_of_every_legal_state():
    rng = random.Random(20261129)
    tried = beyond_unreduced = 0
    while tried < 60:
        text = random_pg(rng, 6)
        try:
            game = parse_pg(text)
        except InputError:
            continue
        n = len(game.positions)
        for x in (pg.BLACK, pg.WHITE) if game.maker_maker else (pg.BLACK,):
            xs, ys = reduced(game, x)
            unreduced = (frozenset(minimal_masks(game.sets(x))), frozenset(minimal_masks(game.sets(pg.other(x)))))
            fixed = [game.black_initials, game.white_initials] + ([game.first_moves] if game.first_moves else [])
            maps = [p for p in itertools.permutations(range(n))
                    if all(image(p, m) == m for m in fixed)
                    and {image(p, s) for s in xs} == xs and {image(p, s) for s in ys} == ys]
            if len(maps) < 2:
                continue
            tried += 1
            oracle = Oracle(game, x)
            xsets, ysets = game.sets(x), game.sets(pg.other(x))
            for p in maps:
                beyond_unreduced += any({image(p, s) for s in fam} != fam for fam in unreduced)
                for b, w, t in legal_states(game, x):
                    own, opp = (b, w) if x == pg.BLACK else (w, b)
                    if any(s & own == s for s in xsets) and any(s & opp == s for s in ysets):
                        continue  # both hold a set: refused by (S3)
                    assert oracle.wins(b, w, t) == oracle.wins(image(p, b), image(p, w), t), (text, x, p, b, w, t)
    assert beyond_unreduced > 0  # the reduction mattered somewhere: the test reaches the new case
