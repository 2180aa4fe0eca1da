"""Forgers by rule for the ``positional-pairing`` kind (issue 32, item 2), registered in
``forgers.FORGERS`` (imported by ``tests/forgers.py``).

The kind (docs/spec/positional-pairing.md): blocks proving Breaker's win at bias (1:q) (a complete
q-pairing free of Maker's start vertices, paper 004 Prop I.1.25) or Avoider's as the last player of the
unbiased Avoider-Enforcer game (a complete pairing of free vertices, Prop I.1.21). The judge is the
brute force ``tests/brute.py`` :func:`positional_winner` reached through
:func:`forgers_positional.truth` (which reads only the instance and the claim: the verdict must be the
game's value on the question the certificate's instance poses).

Building blocks: :class:`Variant` (a reading of the rules a faulty checker might implement: blocks
overlapping, larger than 1+q, touching the start, covering an edge with one vertex, edges through
Alice's start vertices skipped, any bias, any first player); :func:`find_blocks` (a randomised search
for blocks a variant accepts); :func:`cert_of`. Each forger yields mostly certificates of FALSE claims
built against one rule; true certificates appear as controls.
"""
from __future__ import annotations

import itertools
import json
import random
from dataclasses import dataclass, replace

import forgers as F
import forgers_positional as FP  # (attributes read at call time: the two modules import each other)

KIND = "positional-pairing"


def cert_of(pq, winner: str, blocks) -> dict:
    return {"format": "verify-certificate", "version": 2, "kind": KIND,
            "instance": {"vertices": list(pq.vertices), "edges": [list(e) for e in pq.edges]},
            "claim": {"question": FP.question_json(pq), "verdict": {"winner": winner}},
            "blocks": [sorted(b) for b in blocks]}


@dataclass(frozen=True)
class Variant:
    """A reading of the block rules. ``overlap``: blocks may share vertices; ``extra``: blocks may have
    up to 1+q+extra vertices (AE: 2+extra); ``start``: blocks may hold start vertices (Maker's in MB;
    either player's in AE); ``meet``: an edge is covered by a block meeting it in ``meet`` vertices;
    ``skip_alice``: edges through Alice's start vertices need no block."""
    overlap: bool = False
    extra: int = 0
    start: bool = False
    meet: int = 2
    skip_alice: bool = False


TRUE = Variant()


def largest(pq, v: Variant) -> int:
    return (1 + pq.bias[1] if pq.convention == "maker-breaker" else 2) + v.extra


def allowed(pq, v: Variant) -> list:
    """The vertices blocks may use under ``v``."""
    banned = set() if v.start else set(pq.alice) | (set(pq.bob) if pq.convention == "avoider-enforcer" else set())
    return [x for x in pq.vertices if x not in banned]


def open_edges(pq, v: Variant) -> list:
    """The edges blocks must cover under ``v``: those with no vertex of Bob's start (and, under
    ``skip_alice``, none of Alice's)."""
    return [set(e) for e in pq.edges if not set(e) & set(pq.bob) and not (v.skip_alice and set(e) & set(pq.alice))]


def accepts(pq, blocks, v: Variant = TRUE) -> bool:
    """Do ``blocks`` satisfy the block rules read as ``v`` (sizes, disjointness, start, coverage)?"""
    ok = set(allowed(pq, v))
    used = set()
    for b in blocks:
        b = set(b)
        if not 2 <= len(b) <= largest(pq, v) or not b <= ok or (not v.overlap and b & used):
            return False
        used |= b
    return all(any(len(e & set(b)) >= v.meet for b in blocks) for e in open_edges(pq, v))


def find_blocks(pq, v: Variant, rng: random.Random, tries: int = 60):
    """Blocks ``v`` accepts, by randomised greedy covering (None if none found): each open edge in a
    random order gets, unless covered, a random block meeting it in ``meet`` allowed vertices (disjoint
    from the blocks so far unless ``overlap``), then random growth up to the size bound."""
    ok = allowed(pq, v)
    top = largest(pq, v)
    for _ in range(tries):
        edges = open_edges(pq, v)
        rng.shuffle(edges)
        blocks, used = [], set()
        for e in edges:
            if any(len(e & b) >= v.meet for b in blocks):
                continue
            room = [x for x in ok if v.overlap or x not in used]
            inside = [x for x in room if x in e]
            if len(inside) < min(v.meet, 2) or len(room) < 2:
                break
            k = rng.randint(max(v.meet, 1), min(len(inside), top))
            b = set(rng.sample(inside, k))
            rest = [x for x in room if x not in b]
            while len(b) < 2 or (len(b) < top and rest and rng.random() < 0.3):
                if not rest:
                    break
                x = rng.choice(rest)
                rest.remove(x)
                b.add(x)
            if len(b) < 2:
                break
            blocks.append(b)
            used |= b
        else:
            if accepts(pq, blocks, v):
                return blocks
    return None


def winner_of(pq) -> str:
    return "breaker" if pq.convention == "maker-breaker" else "avoider"


def avoider_last(pq) -> bool:
    free = len(set(pq.vertices) - set(pq.alice) - set(pq.bob))
    return (free % 2 == 1) == (pq.first == "avoider")


def question(rng, convention=None, bias=None, stones=0.15, first=None, board=None) :
    """A random question on at most 5 vertices (a fixed small board now and then), as forgers_positional."""
    convention = convention or rng.choice(("maker-breaker", "avoider-enforcer"))
    if bias is None:
        bias = rng.choice(((1, 1), (1, 2), (1, 3))) if convention == "maker-breaker" else (1, 1)
    pq = FP.random_question(rng, board=board, convention=convention, bias=bias, stones=stones)
    return replace(pq, first=first) if first else pq


def variant_forgeries(rule: str, rng, scale: int, variants, k: int = 8, tries: int = 60, **kw):
    """For random questions and each variant: blocks the variant accepts, the pairing's winner
    claimed; false claims until ``k * scale`` per variant (at most 40 times as many questions),
    a true one now and then as a control."""
    wanted = {v: k * scale for v in variants}
    for _ in range(40 * k * scale):
        if not any(wanted.values()):
            return
        pq = question(rng, **kw)
        for v in variants:
            blocks = find_blocks(pq, v, rng, tries)
            if blocks is None:
                continue
            w = winner_of(pq)
            false = pq.truth() != w
            if false and not wanted[v] or not false and rng.random() > 0.1:
                continue
            wanted[v] -= false
            yield F.Forgery(rule, f"{v} {pq.convention} {pq.bias} first {pq.first}: claim {w} "
                                  f"(true {pq.truth()})", cert_of(pq, w, blocks))


# -- forgers ------------------------------------------------------------------------------------------

@F.forger("pairing/overlap")
def overlap(rng, scale=1):
    """Blocks sharing vertices (Breaker's answer is not well defined), Maker-Breaker (1:q) and
    Avoider-Enforcer."""
    yield from variant_forgeries("pairing/overlap", rng, scale, [Variant(overlap=True)])
    yield from variant_forgeries("pairing/overlap", rng, scale, [Variant(overlap=True)], k=3,
                                 convention="avoider-enforcer")


@F.forger("pairing/oversized")
def oversized(rng, scale=1):
    """Blocks of 2+q vertices or more (Breaker cannot take the rest of a block in one turn), and
    Avoider-Enforcer blocks of 3."""
    yield from variant_forgeries("pairing/oversized", rng, scale, [Variant(extra=1), Variant(extra=3)])
    yield from variant_forgeries("pairing/oversized", rng, scale, [Variant(extra=1)], k=3,
                                 convention="avoider-enforcer")


@F.forger("pairing/touching-start")
def touching_start(rng, scale=1):
    """Blocks holding Maker's start vertices (MB) or any start vertex (AE) on marked positions."""
    yield from variant_forgeries("pairing/touching-start", rng, scale, [Variant(start=True)], stones=0.35)
    yield from variant_forgeries("pairing/touching-start", rng, scale, [Variant(start=True)], k=4, stones=0.35,
                                 convention="avoider-enforcer")


@F.forger("pairing/incomplete")
def incomplete(rng, scale=1):
    """Incomplete blocks: an edge met in one vertex only, edges through Alice's start vertices left
    uncovered, a block of a complete family dropped."""
    rule = "pairing/incomplete"
    yield from variant_forgeries(rule, rng, scale, [Variant(meet=1), Variant(skip_alice=True)], stones=0.3)
    yield from variant_forgeries(rule, rng, scale, [Variant(meet=1)], k=3, convention="avoider-enforcer")
    for _ in range(10 * scale):
        pq = question(rng)
        blocks = find_blocks(pq, TRUE, rng)
        if blocks:
            rest = blocks[:]
            rest.pop(rng.randrange(len(rest)))
            yield F.Forgery(rule, f"a block dropped (true {pq.truth()})", cert_of(pq, winner_of(pq), rest))


@F.forger("pairing/bias")
def bias(rng, scale=1):
    """True-rule blocks under a bias the kind refuses: Maker claiming 2 or 3 a turn (p ≥ 2), a biased
    Avoider-Enforcer game; the same blocks at (1:q) as controls."""
    rule = "pairing/bias"
    for b in ((2, 1), (2, 2), (3, 1), (2, 3)):
        yield from variant_forgeries(rule, rng, scale, [TRUE], k=4, bias=b, convention="maker-breaker")
    for b in ((1, 2), (2, 1), (2, 2), (1, 3)):
        yield from variant_forgeries(rule, rng, scale, [TRUE], k=3, bias=b, convention="avoider-enforcer")


@F.forger("pairing/ae-not-last")
def ae_not_last(rng, scale=1):
    """Complete pairings with Avoider NOT the last player (refused by the kind; these claims are in
    fact true by Prop I.1.15's strategy stealing, so they are controls, never false accepts), and
    complete pairings with Avoider last (true)."""
    rule = "pairing/ae-not-last"
    for _ in range(20 * scale):
        pq = question(rng, convention="avoider-enforcer", stones=0.25)
        blocks = find_blocks(pq, TRUE, rng)
        if blocks is None:
            continue
        for first in ("avoider", "enforcer"):
            q2 = replace(pq, first=first)
            yield F.Forgery(rule, f"avoider last: {avoider_last(q2)} (true {q2.truth()})",
                            cert_of(q2, "avoider", blocks))


@F.forger("pairing/verdict")
def verdict(rng, scale=1):
    """Blocks (complete or not) with the verdict swapped (maker, enforcer), and the certificate moved to
    the sibling convention or to a strong game (roles renamed)."""
    rule = "pairing/verdict"
    sibling = {"maker-breaker": "avoider-enforcer", "avoider-enforcer": "maker-breaker"}
    for _ in range(12 * scale):
        pq = question(rng)
        blocks = find_blocks(pq, TRUE, rng) or find_blocks(pq, Variant(meet=1), rng) or [list(pq.vertices[:2])]
        other = "maker" if pq.convention == "maker-breaker" else "enforcer"
        yield F.Forgery(rule, f"claim {other} (true {pq.truth()})", cert_of(pq, other, blocks))
        conv = rng.choice([sibling[pq.convention], "maker-maker", "avoider-avoider"])
        q2 = FP.PQ(pq.vertices, pq.edges, conv, (1, 1) if conv == "avoider-enforcer" else pq.bias,
                rng.choice(FP.ROLES[conv]), pq.alice, pq.bob)
        for w in FP.ROLES[conv] + (("draw",) if conv in FP.STRONG else ()):
            yield F.Forgery(rule, f"moved to {conv}: claim {w} (true {q2.truth()})", cert_of(q2, w, blocks))
    for conv in ("maker-breaker", "avoider-enforcer"):  # complete blocks, the loser claimed
        for _ in range(8 * scale):
            pq = question(rng, convention=conv)
            if conv == "avoider-enforcer" and not avoider_last(pq):
                pq = replace(pq, first="enforcer" if pq.first == "avoider" else "avoider")
            blocks = find_blocks(pq, TRUE, rng)
            if blocks is not None:
                other = "maker" if conv == "maker-breaker" else "enforcer"
                yield F.Forgery(rule, f"complete blocks, claim {other} (true {pq.truth()})", cert_of(pq, other, blocks))


@F.forger("pairing/marked")
def marked(rng, scale=1):
    """Marked positions: a start where Alice holds a whole edge (or the board has the empty edge)
    with blocks covering the other edges; blocks on Breaker's start vertices (allowed in MB: true
    controls when complete); AE pairs on Enforcer's start vertices."""
    rule = "pairing/marked"
    for _ in range(12 * scale):
        names, edges = FP.random_board(rng, 5, empty_edge=0.3)
        pq = question(rng, board=(names, edges), stones=0.1)
        if edges:
            e = set(rng.choice(edges))
            pq = replace(pq, alice=frozenset(set(pq.alice) | e), bob=frozenset(set(pq.bob) - e))
        blocks = find_blocks(pq, Variant(skip_alice=True), rng) or find_blocks(pq, Variant(meet=1, skip_alice=True), rng)
        if blocks is not None:
            yield F.Forgery(rule, f"decided start (true {pq.truth()})", cert_of(pq, winner_of(pq), blocks))
    for conv in ("maker-breaker", "avoider-enforcer"):
        for _ in range(10 * scale):
            pq = question(rng, convention=conv, stones=0.35)
            if not pq.bob:
                continue
            v = Variant(start=True) if conv == "avoider-enforcer" else TRUE
            blocks = find_blocks(pq, v, rng)
            if blocks is None:
                continue
            b0 = sorted(pq.bob)
            grown = [set(b) for b in blocks]
            used = set().union(*grown) if grown else set()
            spare = [x for x in b0 if x not in used]
            if spare and grown and len(grown[0]) < largest(pq, TRUE):
                grown[0].add(spare[0])
            yield F.Forgery(rule, f"{conv} blocks on Bob's start (true {pq.truth()})", cert_of(pq, winner_of(pq), grown))


@F.forger("pairing/claim-binding")
def claim_binding(rng, scale=1):
    """True certificates with the claimed question changed: a smaller q or p = 2, the other first
    player (AE: Avoider no longer last), a stone added, a bound, another board's digest, the bias
    written out as [1, 1]."""
    rule = "pairing/claim-binding"
    for _ in range(10 * scale):
        pq = question(rng)
        blocks = find_blocks(pq, TRUE, rng)
        if blocks is None:
            continue
        base = cert_of(pq, winner_of(pq), blocks)
        muts = []
        for b in ((1, 1), (1, 2), (2, 1), (2, 2)):
            if b != tuple(pq.bias):
                muts.append((f"bias {b}", replace(pq, bias=b)))
        muts.append(("other first", replace(pq, first=pq.roles[1] if pq.first == pq.roles[0] else pq.roles[0])))
        free = [x for x in pq.vertices if x not in pq.alice | pq.bob]
        if free:
            x = rng.choice(free)
            muts.append(("Alice stone added", replace(pq, alice=pq.alice | {x})))
            muts.append(("Bob stone added", replace(pq, bob=pq.bob | {x})))
        for note, q2 in muts:
            c = json.loads(json.dumps(base))
            c["claim"]["question"] = FP.question_json(q2)
            yield F.Forgery(rule, f"{note} (true there {q2.truth()})", c)
        for key, value in (("bound", rng.randint(0, 3)), ("instance", FP.canonical_digest(pq.vertices, pq.edges[1:])),
                           ("bias", [1, 1])):
            c = json.loads(json.dumps(base))
            c["claim"]["question"][key] = value
            yield F.Forgery(rule, f"{key} changed", c)


def all_questions(n: int, max_edges: int = 3):
    """Every hypergraph on the vertices a.. of ``n`` with at most ``max_edges`` edges (the empty edge
    included), unmarked."""
    names = tuple("abcde"[:n])
    subsets = [c for k in range(0, n + 1) for c in itertools.combinations(names, k)]
    for m in range(1, max_edges + 1):
        for edges in itertools.combinations(subsets, m):
            yield names, edges


@F.forger("pairing/exhaustive")
def exhaustive(rng, scale=1):
    """Every hypergraph on 3 vertices (at most 3 edges) and a sample on 4: for each variant that
    accepts some blocks, the pairing's winner claimed at biases 1:1, 1:2 (MB) and 2:1, both starters."""
    rule = "pairing/exhaustive"
    variants = [TRUE, Variant(overlap=True), Variant(extra=1), Variant(meet=1)]
    four = list(all_questions(4, 2))
    boards = list(all_questions(3)) + rng.sample(four, min(len(four), 40 * scale))
    for names, edges in boards:
        for conv, b in (("maker-breaker", (1, 1)), ("maker-breaker", (1, 2)), ("maker-breaker", (2, 1)),
                        ("avoider-enforcer", (1, 1))):
            pq = FP.PQ(names, edges, conv, b, rng.choice(FP.ROLES[conv]))
            for v in variants:
                blocks = find_blocks(pq, v, rng, tries=10)
                if blocks is not None:
                    yield F.Forgery(rule, f"{v} {conv} {b} (true {pq.truth()})", cert_of(pq, winner_of(pq), blocks))


@F.forger("pairing/random")
def random_forgeries(rng, scale=1):
    """Random questions, random variants and biases (p ≤ 2), random starters and stones."""
    variants = [TRUE, Variant(overlap=True), Variant(extra=1), Variant(start=True), Variant(meet=1),
                Variant(skip_alice=True)]
    for _ in range(30 * scale):
        conv = rng.choice(("maker-breaker", "avoider-enforcer"))
        b = rng.choice(((1, 1), (1, 2), (2, 1), (1, 3), (2, 2)))
        pq = question(rng, convention=conv, bias=b, stones=rng.choice((0.0, 0.2, 0.4)))
        v = rng.choice(variants)
        blocks = find_blocks(pq, v, rng)
        if blocks is not None:
            yield F.Forgery("pairing/random", f"{v} {conv} {b} first {pq.first} (true {pq.truth()})",
                            cert_of(pq, winner_of(pq), blocks))
