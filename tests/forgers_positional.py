"""Forgers by rule for the ``positional-strategy`` kind (issue 32), registered in ``forgers.FORGERS``.

The game is paper 004 Def I.1.8 as ``verify/games/conventions.py`` fixes it (four conventions, bias
(p:q), either starter in the weak games, a completion ends the game for the mover, a start holding a
whole edge is decided). The judge is ``tests/brute.py`` :func:`positional_winner` (whole turns,
p-subsets at once), reached through :func:`truth` after a strict reading of the claimed question.

Building blocks:

- :class:`Rules`: a reading of the rules, the true one or a *variant* a faulty checker might
  implement (the mover after c claims mis-assigned, a completion that does not end the game, Breaker's
  or Enforcer's completion ending it, a decided start played on or decided the other way);
- :class:`Engine`: per-claim minimax of a question under some :class:`Rules` (memoised on bit masks);
- :func:`build_tables`: the tables of a claimed winner, walked as the layout walks them under an
  engine's rules, with policies for X's claims where no good claim exists (none, random, occupied,
  an entry moved elsewhere) and for the opponent's replies (all, or only those X survives);
- :func:`cert_of`: the certificate envelope; :func:`valid_cert`: a true certificate (the winner's
  table by brute force), used by the tests before the solver's builder exists.

Each forger yields mostly certificates of FALSE claims built against one rule; a checker implementing
the variant (or skipping the rule) would accept them. A few true certificates are controls.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import random
from dataclasses import dataclass, replace
from functools import lru_cache

import brute
import forgers as F

CONVENTIONS = ("maker-breaker", "avoider-enforcer", "maker-maker", "avoider-avoider")
ROLES = {"maker-breaker": ("maker", "breaker"), "avoider-enforcer": ("avoider", "enforcer"),
         "maker-maker": ("first", "second"), "avoider-avoider": ("first", "second")}
STRONG = ("maker-maker", "avoider-avoider")
BIASES = ((1, 1), (1, 2), (2, 1), (2, 2), (1, 3))
KIND = "positional-strategy"
ALICE, DRAW, BOB = 1, 0, -1


# -- questions ----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class PQ:
    """A positional question: board (names, edges as tuples of names), convention, bias, the first
    player (a role; Alice's for the strong games), and the start's sets of Alice and Bob."""
    vertices: tuple
    edges: tuple
    convention: str
    bias: tuple = (1, 1)
    first: str | None = None
    alice: frozenset = frozenset()
    bob: frozenset = frozenset()

    def __post_init__(self):
        if self.first is None or self.convention in STRONG:
            object.__setattr__(self, "first", ROLES[self.convention][0])

    @property
    def roles(self):
        return ROLES[self.convention]

    def word(self, value: int) -> str:
        return {ALICE: self.roles[0], BOB: self.roles[1], DRAW: "draw"}[value]

    def value_of(self, word: str) -> int:
        return {self.roles[0]: ALICE, self.roles[1]: BOB, "draw": DRAW}[word]

    def truth(self) -> str:
        idx = {v: i for i, v in enumerate(self.vertices)}
        mask = lambda names: sum(1 << idx[v] for v in names)  # noqa: E731
        return brute.positional_winner(len(self.vertices), [mask(e) for e in self.edges], self.convention,
                                       self.bias[0], self.bias[1], self.first == self.roles[0],
                                       mask(self.alice), mask(self.bob))


def canonical_digest(vertices, edges) -> str:
    board = {"vertices": sorted(vertices), "edges": sorted(sorted(e) for e in edges)}
    text = json.dumps(board, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def question_json(pq: PQ) -> dict:
    alice, bob = pq.roles
    q = {"game": pq.convention, "instance": canonical_digest(pq.vertices, pq.edges),
         "position": {alice: sorted(pq.alice), bob: sorted(pq.bob)},
         "first": None if pq.convention in STRONG else pq.first, "bound": None}
    if tuple(pq.bias) != (1, 1):
        q["bias"] = list(pq.bias)
    return q


def cert_of(pq: PQ, winner: str, strategies: dict) -> dict:
    return {"format": "verify-certificate", "version": 2, "kind": KIND,
            "instance": {"vertices": list(pq.vertices), "edges": [list(e) for e in pq.edges]},
            "claim": {"question": question_json(pq), "verdict": {"winner": winner}},
            "strategies": strategies}


# -- the judge ----------------------------------------------------------------------------------------

def truth(cert) -> bool:
    """Is a positional-strategy certificate's claim exactly a well-formed question about its own
    instance, and its verdict the brute-force value? (brute.Invalid / malformed: False)"""
    try:
        return _truth(cert)
    except (brute.Invalid, KeyError, TypeError, ValueError, AttributeError):
        return False


def _truth(cert) -> bool:
    inst, claim = cert["instance"], cert["claim"]
    if set(inst) - {"vertices", "edges"}:
        return False
    if inst.get("vertices") == [] and inst.get("edges") == []:  # the empty board (brute.Board refuses it)
        b = brute.Board({"vertices": ["_"], "edges": []})
        b.vertices, b.index, b.n = [], {}, 0
    else:
        b = brute.Board(inst)
    q, verdict = claim["question"], claim["verdict"]
    game = q["game"]
    if game not in CONVENTIONS or set(q) not in ({"game", "instance", "position", "first", "bound"},
                                                 {"game", "instance", "position", "first", "bound", "bias"}):
        return False
    bias = q.get("bias", [1, 1])
    if "bias" in q and (bias == [1, 1] or not isinstance(bias, list) or len(bias) != 2
                        or not all(type(x) is int and x >= 1 for x in bias)):
        return False
    alice_role, bob_role = ROLES[game]
    if q["bound"] is not None:
        return False
    if game in STRONG:
        if q["first"] is not None:
            return False
        first = alice_role
    else:
        first = q["first"]
        if first not in (alice_role, bob_role):
            return False
    pos = q["position"]
    if not isinstance(pos, dict) or set(pos) != {alice_role, bob_role}:
        return False
    for role in pos:
        if not isinstance(pos[role], list) or len(set(map(brute._name, pos[role]))) != len(pos[role]):
            return False
    a, bb = b.names_mask(pos[alice_role]), b.names_mask(pos[bob_role])
    if a & bb:
        return False
    edges = [[brute._name(v) for v in e] for e in inst["edges"]]
    if q["instance"] != canonical_digest(b.vertices, edges):
        return False
    if not isinstance(verdict, dict) or set(verdict) != {"winner"}:
        return False
    return verdict["winner"] == brute.positional_winner(b.n, b.edges, game, bias[0], bias[1],
                                                        first == alice_role, a, bb)


# -- rules and their variants -------------------------------------------------------------------------

@dataclass(frozen=True)
class Rules:
    """A reading of the rules. ``schedule``: 'true', 'alternate' (one claim each, the bias ignored),
    'swap' (each player gets the other's claims per turn), 'total' (claims counted from the empty
    board, the start's stones included), 'shift' (off by one claim), 'other-first' (the other player
    starts). ``completion``: 'true', 'continue' (no completion ends the game; the full board is
    scored by who holds a whole edge), 'bob-ends' (Breaker's completion wins for Breaker, Enforcer's
    loses for Enforcer). ``start``: 'true', 'play-on' (a start holding a whole edge is played),
    'second-deemed' (both hold one: the second player deemed first), 'bob-decides' (Bob's whole edge
    decides in the weak games, as in the strong ones)."""
    schedule: str = "true"
    completion: str = "true"
    start: str = "true"
    lazy: str = ""  # 'alice' or 'bob': that player only ever claims the first free vertex (a checker
    #                 walking one reply of the opponent's)


TRUE = Rules()
SCHEDULES = ("alternate", "swap", "total", "shift", "other-first")
VARIANTS = tuple([Rules(schedule=s) for s in SCHEDULES] + [Rules(completion=c) for c in ("continue", "bob-ends")]
                 + [Rules(start=s) for s in ("play-on", "second-deemed", "bob-decides")])


class Engine:
    """Per-claim minimax of ``pq`` under ``rules`` (values from Alice's side) on bit masks."""

    def __init__(self, pq: PQ, rules: Rules = TRUE):
        self.pq, self.rules = pq, rules
        self.names = list(pq.vertices)
        self.idx = {v: i for i, v in enumerate(self.names)}
        self.n = len(self.names)
        self.full = (1 << self.n) - 1
        self.edges = [self.mask(e) for e in pq.edges]
        self.a0, self.b0 = self.mask(pq.alice), self.mask(pq.bob)
        self.weak = pq.convention not in STRONG
        self.value = lru_cache(maxsize=None)(self._value)

    def mask(self, names) -> int:
        return sum(1 << self.idx[v] for v in names)

    def set_of(self, m: int) -> list:
        return [self.names[i] for i in range(self.n) if m >> i & 1]

    def holds(self, s: int) -> bool:
        return any(e & s == e for e in self.edges)

    def alice_moves(self, a: int, b: int) -> bool:
        r, pq = self.rules.schedule, self.pq
        alice_first = (pq.first == pq.roles[0]) != (r == "other-first")
        p, q = (1, 1) if r == "alternate" else tuple(pq.bias)
        if r == "swap":
            p, q = q, p
        c = bin(a | b).count("1") - (0 if r == "total" else bin(self.a0 | self.b0).count("1")) + (r == "shift")
        pf, po = (p, q) if alice_first else (q, p)
        return (c % (pf + po) < pf) == alice_first

    def completion(self, alice_moved: bool):
        conv = self.pq.convention
        if conv == "maker-breaker":
            return ALICE if alice_moved else (BOB if self.rules.completion == "bob-ends" else None)
        if conv == "avoider-enforcer":
            return BOB if alice_moved else (ALICE if self.rules.completion == "bob-ends" else None)
        return (ALICE if alice_moved else BOB) if conv == "maker-maker" else (BOB if alice_moved else ALICE)

    def exhausted(self, a: int, b: int) -> int:
        conv = self.pq.convention
        if self.rules.completion == "continue":
            ah, bh = self.holds(a), self.holds(b)
            if self.weak:
                return self.completion(True) if ah else (ALICE if conv == "avoider-enforcer" else BOB)
            return self.completion(ah) if ah != bh else DRAW
        return {"maker-breaker": BOB, "avoider-enforcer": ALICE}.get(conv, DRAW)

    def start(self):
        s, a, b = self.rules.start, self.a0, self.b0
        if s == "play-on":
            return None
        ah, bh = self.holds(a), self.holds(b)
        if self.weak:
            if s == "bob-decides" and bh:
                return self.completion(False) if self.completion(False) is not None else -self.completion(True)
            return self.completion(True) if ah else None
        if ah and bh:
            return self.completion(s != "second-deemed")
        return self.completion(ah) if ah or bh else None

    def step(self, a: int, b: int, i: int):
        """(a', b', ended value or None) after the mover claims vertex ``i``."""
        alice = self.alice_moves(a, b)
        v = 1 << i
        na, nb = (a | v, b) if alice else (a, b | v)
        own = na if alice else nb
        ended = None
        if self.rules.completion != "continue" and any(e & v and e & own == e for e in self.edges):
            ended = self.completion(alice)
        if ended is None and na | nb == self.full:
            ended = self.exhausted(na, nb)
        return na, nb, ended

    def free(self, a: int, b: int) -> list:
        return [i for i in range(self.n) if not (a | b) >> i & 1]

    def outcome(self, a, b, i) -> int:
        na, nb, ended = self.step(a, b, i)
        return ended if ended is not None else self.value(na, nb)

    def _value(self, a: int, b: int) -> int:
        alice = self.alice_moves(a, b)
        free = self.free(a, b)
        if self.rules.lazy == ("alice" if alice else "bob"):
            free = free[:1]
        vals = [self.outcome(a, b, i) for i in free]
        return max(vals) if alice else min(vals)

    def root(self) -> int:
        s = self.start()
        if s is not None:
            return s
        if not self.free(self.a0, self.b0):  # a full board at the start, nothing decided
            return self.exhausted(self.a0, self.b0)
        return self.value(self.a0, self.b0)


def ok_for(pq: PQ, player: str, winner: str):
    """The requirement on a value for ``player``'s table when ``winner`` is claimed."""
    if winner == "draw":
        bad = BOB if player == pq.roles[0] else ALICE
        return lambda val: val != bad
    target = pq.value_of(winner)
    return lambda val: val == target


def build_tables(engine: Engine, winner: str, rng: random.Random, stuck: str = "random", replies: str = "all",
                 players=None) -> dict:
    """The tables claiming ``winner`` walked under ``engine``'s rules: at X's states a claim meeting
    the requirement where one exists, else by ``stuck``: 'random' (any free vertex), 'none' (no
    entry, the branch not walked), 'occupied' (an occupied vertex, the branch not walked),
    'overlap' / 'unknown' / 'repeat' (the entry written under a malformed state, not walked),
    'unstarted' (the entry written without the start's stones), 'swapped' (Alice's and Bob's sets
    exchanged); at the opponent's states every free vertex ('all'), only those X survives
    ('survived', one other if none), only the first free vertex in the board's order ('first') or
    one at random ('one'). Returns {player: [entries]}."""
    pq = engine.pq
    alice_role, bob_role = pq.roles
    players = players or ([alice_role, bob_role] if winner == "draw" else [winner])
    out = {}
    if engine.start() is not None:
        return {x: [] for x in players}
    for x in players:
        ok = ok_for(pq, x, winner)
        x_alice = x == alice_role
        entries = []
        seen = {(engine.a0, engine.b0)}
        stack = [(engine.a0, engine.b0)]
        while stack:
            a, b = stack.pop()
            free = engine.free(a, b)
            if not free:
                continue
            if engine.alice_moves(a, b) == x_alice:
                good = [i for i in free if ok(engine.outcome(a, b, i))]
                state = {alice_role: engine.set_of(a), bob_role: engine.set_of(b)}
                if good:
                    i = rng.choice(good)
                elif stuck == "random":
                    i = rng.choice(free)
                else:
                    bad = _stuck_entry(engine, a, b, stuck, rng)
                    if bad is not None:
                        entries.append(bad)
                    continue
                entries.append({**state, "claim": engine.names[i]})
                moves = [i]
            else:
                moves = free
                if replies == "survived":
                    kept = [i for i in free if ok(engine.outcome(a, b, i))]
                    moves = kept or [rng.choice(free)]
                elif replies == "first":
                    moves = free[:1]
                elif replies == "one":
                    moves = [rng.choice(free)]
            for i in moves:
                na, nb, ended = engine.step(a, b, i)
                if ended is None and (na, nb) not in seen:
                    seen.add((na, nb))
                    stack.append((na, nb))
        out[x] = entries
    return out


def _stuck_entry(engine: Engine, a: int, b: int, how: str, rng) -> dict | None:
    pq = engine.pq
    alice_role, bob_role = pq.roles
    A, B = engine.set_of(a), engine.set_of(b)
    free = [engine.names[i] for i in engine.free(a, b)]
    claim = rng.choice(free)
    if how == "none":
        return None
    if how == "occupied":  # X's own vertex most often (a pass, which leaves the state unchanged)
        own = A if engine.alice_moves(a, b) else B
        taken = own if own and rng.random() < 0.7 else A + B
        return {alice_role: A, bob_role: B, "claim": rng.choice(taken)} if taken else None
    if how == "overlap":
        u = rng.choice(A + B) if A + B and rng.random() < 0.5 else rng.choice(free)
        return {alice_role: sorted(set(A) | {u}), bob_role: sorted(set(B) | {u}), "claim": claim}
    if how == "unknown":
        return {alice_role: A + ["zz-unknown"], bob_role: B, "claim": claim}
    if how == "repeat":
        if A:
            return {alice_role: A + [A[0]], bob_role: B, "claim": claim}
        return {alice_role: A, bob_role: B + B[:1], "claim": claim} if B else None
    if how == "unstarted":
        return {alice_role: sorted(set(A) - pq.alice), bob_role: sorted(set(B) - pq.bob), "claim": claim}
    if how == "swapped":
        return {alice_role: B, bob_role: A, "claim": claim}
    raise ValueError(how)


def valid_cert(pq: PQ, rng: random.Random | None = None) -> dict:
    """A true certificate: the brute-force winner and its table(s) from the per-claim minimax."""
    engine = Engine(pq)
    winner = pq.word(engine.root())
    return cert_of(pq, winner, build_tables(engine, winner, rng or random.Random(0)))


# -- question pools -----------------------------------------------------------------------------------

FIXED_BOARDS = [
    (("a", "b", "c"), (("a", "b"), ("a", "c"), ("b", "c"))),
    (("a", "b", "c", "d"), tuple(itertools.combinations("abcd", 2))),
    (("a", "b", "c", "d"), (("a", "b"), ("c", "d"))),
    (("a", "b", "c", "d", "e"), (("a", "b", "c"), ("c", "d", "e"))),
    (("a", "b", "c", "d", "e"), (("a", "b"), ("b", "c"), ("c", "d"), ("d", "e"))),
    (("1", "2", "3", "4", "5"), (("1", "2", "3"), ("1", "4"), ("2", "5"), ("4", "5"))),
    (("a", "b", "c", "d", "e", "f"), (("a", "b", "c"), ("d", "e", "f"), ("a", "d"), ("b", "e"))),
]


def random_board(rng: random.Random, max_n: int = 5, empty_edge: float = 0.0):
    n = rng.randint(2, max_n)
    names = tuple("abcdefg"[:n]) if rng.random() < 0.8 else tuple(str(i) for i in range(1, n + 1))
    edges = set()
    for _ in range(rng.randint(1, 4)):
        k = rng.randint(1, min(3, n))
        edges.add(tuple(sorted(rng.sample(names, k))))
    if rng.random() < empty_edge:
        edges.add(())
    return names, tuple(sorted(edges))


def random_question(rng: random.Random, board=None, convention=None, bias=None, stones: float = 0.12,
                    whole_edge: float = 0.0) -> PQ:
    names, edges = board or (rng.choice(FIXED_BOARDS) if rng.random() < 0.4 else random_board(rng))
    convention = convention or rng.choice(CONVENTIONS)
    bias = bias or rng.choice(BIASES)
    alice = {v for v in names if rng.random() < stones}
    bob = {v for v in names if v not in alice and rng.random() < stones}
    if whole_edge and edges and rng.random() < whole_edge:
        e = set(rng.choice(edges))
        if rng.random() < 0.5:
            alice, bob = alice | e, bob - e
        else:
            bob, alice = bob | e, alice - e
    first = rng.choice(ROLES[convention])
    return PQ(names, edges, convention, tuple(bias), first, frozenset(alice), frozenset(bob))


def _other_words(pq: PQ, true_word: str) -> list:
    words = list(pq.roles) + (["draw"] if pq.convention in STRONG else [])
    return [w for w in words if w != true_word]


def _forgery(rule: str, note: str, cert: dict) -> F.Forgery:
    return F.Forgery(rule, note, cert)


# -- forgers ------------------------------------------------------------------------------------------

def _false_tables(rule: str, rng, scale: int, stuck: str, replies: str, k: int = 10, **question_kw):
    for _ in range(k * scale):
        pq = random_question(rng, **question_kw)
        true_w = pq.truth()
        engine = Engine(pq)
        for w in _other_words(pq, true_w):
            tables = build_tables(engine, w, rng, stuck=stuck, replies=replies)
            yield _forgery(rule, f"{pq.convention} {pq.bias} claim {w} (true {true_w}), {stuck}/{replies}",
                           cert_of(pq, w, tables))


@F.forger("positional/opponent-omitted")
def opponent_omitted(rng, scale=1):
    """False verdicts whose tables follow only some of the opponent's replies (those the claimed winner
    survives, the first free vertex, one at random; the other branches have no entries), X's claims
    good where possible and random elsewhere."""
    yield from _false_tables("positional/opponent-omitted", rng, scale, "random", "survived")
    yield from _false_tables("positional/opponent-omitted", rng, scale, "none", "survived", k=4)
    wanted = 6 * scale
    for _ in range(40 * scale):  # X wins against an opponent who claims the first free vertex
        if not wanted:
            break
        pq = random_question(rng)
        true_w = pq.truth()
        for w in pq.roles:
            engine = Engine(pq, Rules(lazy="bob" if w == pq.roles[0] else "alice"))
            if w == true_w or not ok_for(pq, w, w)(engine.root()):
                continue
            wanted -= 1
            tables = build_tables(engine, w, rng, stuck="random", replies="first")
            yield _forgery("positional/opponent-omitted", f"claim {w} (true {true_w}) against the first replies",
                           cert_of(pq, w, tables))
    yield from _false_tables("positional/opponent-omitted", rng, scale, "random", "one", k=4)


@F.forger("positional/unreached-entries")
def unreached_entries(rng, scale=1):
    """False verdicts whose weight rests on entries for states the walk never reaches: the lost
    state written without the start's stones, with the players' sets exchanged, or every state of
    the board where X has a good claim (a "local" table); plus true tables padded with unreached
    entries (must be refused too)."""
    rule = "positional/unreached-entries"
    for how in ("unstarted", "swapped"):
        for _ in range(5 * scale):
            pq = random_question(rng, stones=0.25)
            true_w = pq.truth()
            for w in _other_words(pq, true_w):
                tables = build_tables(Engine(pq), w, rng, stuck=how)
                yield _forgery(rule, f"{how}: claim {w} (true {true_w})", cert_of(pq, w, tables))
    for _ in range(4 * scale):
        pq = random_question(rng)
        true_w = pq.truth()
        engine = Engine(pq)
        for w in _other_words(pq, true_w):
            tables = {}
            for x in ([pq.roles[0], pq.roles[1]] if w == "draw" else [w]):
                ok, entries = ok_for(pq, x, w), []
                for a in range(1 << engine.n):
                    for b in range(1 << engine.n):
                        if a & b or (a | b) == engine.full or a & engine.b0 or b & engine.a0 \
                                or (a & engine.a0) != engine.a0 or (b & engine.b0) != engine.b0:
                            continue
                        if engine.alice_moves(a, b) != (x == pq.roles[0]):
                            continue
                        good = [i for i in engine.free(a, b) if ok(engine.outcome(a, b, i))]
                        if good:
                            entries.append({pq.roles[0]: engine.set_of(a), pq.roles[1]: engine.set_of(b),
                                            "claim": engine.names[good[0]]})
                tables[x] = entries
            yield _forgery(rule, f"local table: claim {w} (true {true_w})", cert_of(pq, w, tables))
    for _ in range(3 * scale):  # true tables padded with one unreached entry
        pq = random_question(rng)
        cert = valid_cert(pq, rng)
        engine = Engine(pq)
        for x, entries in cert["strategies"].items():
            used = {(frozenset(e[pq.roles[0]]), frozenset(e[pq.roles[1]])) for e in entries}
            for _ in range(20):
                a, b = rng.randrange(1 << engine.n), rng.randrange(1 << engine.n)
                b &= ~a
                if (a | b) != engine.full and (frozenset(engine.set_of(a)), frozenset(engine.set_of(b))) not in used:
                    entries.append({pq.roles[0]: engine.set_of(a), pq.roles[1]: engine.set_of(b),
                                    "claim": engine.names[engine.free(a, b)[0]]})
                    break
        yield _forgery(rule, "true tables padded with an unreached entry", cert)


@F.forger("positional/state-keys")
def state_keys(rng, scale=1):
    """False verdicts whose lost states carry entries keyed by malformed states: sets overlapping
    (a vertex both players'), an unknown vertex, a name repeated."""
    for how in ("overlap", "unknown", "repeat"):
        yield from _false_tables("positional/state-keys", rng, scale, how, "all", k=4)


@F.forger("positional/claim-occupied")
def claim_occupied(rng, scale=1):
    """False verdicts whose claims at lost states are occupied vertices (X's own: a pass; the
    opponent's or a start stone: a theft)."""
    rule = "positional/claim-occupied"
    yield from _false_tables(rule, rng, scale, "occupied", "all", k=8)
    for _ in range(12 * scale):  # X holds a stone from the start, so that a pass is at hand everywhere
        pq = random_question(rng)
        for w in pq.roles:
            x_alice = w == pq.roles[0]
            free = [v for v in pq.vertices if v not in pq.alice | pq.bob]
            if not free:
                break
            v = rng.choice(free)
            q2 = replace(pq, alice=pq.alice | {v}) if x_alice else replace(pq, bob=pq.bob | {v})
            engine = Engine(q2)
            if engine.start() is not None or q2.truth() == w:
                continue
            tables = build_tables(engine, w, rng, stuck="occupied", replies=rng.choice(["all", "survived"]))
            yield _forgery(rule, f"{q2.convention} {q2.bias} claim {w} (true {q2.truth()}), passes", cert_of(q2, w, tables))


@F.forger("positional/draws")
def draws(rng, scale=1):
    """Draws claimed with a single table (the player who cannot lose, or the other), with the
    winner's table and the loser's best-effort table, in the weak games; wins claimed with a table
    that only avoids losing."""
    rule = "positional/draws"
    for _ in range(10 * scale):
        pq = random_question(rng, convention=rng.choice(CONVENTIONS + STRONG))
        true_w = pq.truth()
        engine = Engine(pq)
        first, second = pq.roles
        if true_w != "draw":
            both = build_tables(engine, "draw", rng, stuck="random")
            for keep in ([first], [second], [first, second]):
                yield _forgery(rule, f"draw with {keep} (true {true_w})",
                               cert_of(pq, "draw", {x: both[x] for x in keep}))
        else:
            for w in (first, second):
                relaxed = build_tables(engine, "draw", rng, players=[w])
                yield _forgery(rule, f"{w} wins with a not-losing table (true draw)", cert_of(pq, w, relaxed))
                yield _forgery(rule, f"draw with {w}'s table only (true draw, control)", cert_of(pq, "draw", relaxed))


def _rename(cert: dict, mapping: dict) -> dict:
    """The certificate with role words renamed (in the position, entries, verdict and strategies)."""
    def ren(x):
        if isinstance(x, dict):
            return {mapping.get(k, k): ren(v) for k, v in x.items()}
        if isinstance(x, str):
            return mapping.get(x, x)
        if isinstance(x, list):
            return [ren(v) for v in x]
        return x
    out = json.loads(json.dumps(cert))
    out["claim"]["question"]["position"] = ren(out["claim"]["question"]["position"])
    out["claim"]["verdict"]["winner"] = mapping.get(out["claim"]["verdict"]["winner"], out["claim"]["verdict"]["winner"])
    out["strategies"] = {mapping.get(k, k): [{mapping.get(kk, kk): vv for kk, vv in e.items()} for e in v]
                         for k, v in out["strategies"].items()}
    return out


@F.forger("positional/claim-binding")
def claim_binding(rng, scale=1):
    """True certificates whose claimed question is changed: another bias, the other first player, a
    bias [1, 1] written out or a bias dropped, the sibling convention (roles renamed), first set in a
    strong game, a bound, a stone moved, another board's digest."""
    rule = "positional/claim-binding"
    sibling = {"maker-breaker": "avoider-enforcer", "avoider-enforcer": "maker-breaker",
               "maker-maker": "avoider-avoider", "avoider-avoider": "maker-maker"}
    for _ in range(8 * scale):
        pq = random_question(rng)
        base = valid_cert(pq, rng)
        q = base["claim"]["question"]
        muts = []
        for bias in BIASES:
            if bias != tuple(pq.bias):
                c = json.loads(json.dumps(base))
                c["claim"]["question"].pop("bias", None)
                if bias != (1, 1):
                    c["claim"]["question"]["bias"] = list(bias)
                muts.append((f"bias {bias}", c))
        c = json.loads(json.dumps(base))
        c["claim"]["question"]["bias"] = [1, 1] if "bias" not in q else list(reversed(q["bias"]))
        muts.append(("bias written out or reversed", c))
        c = json.loads(json.dumps(base))
        c["claim"]["question"]["bias"] = [str(x) for x in pq.bias]
        muts.append(("bias as text", c))
        if pq.convention not in STRONG:
            c = json.loads(json.dumps(base))
            c["claim"]["question"]["first"] = pq.roles[1] if pq.first == pq.roles[0] else pq.roles[0]
            muts.append(("other first", c))
        else:
            c = json.loads(json.dumps(base))
            c["claim"]["question"]["first"] = rng.choice(pq.roles)
            muts.append(("first set in a strong game", c))
        other = sibling[pq.convention]
        c = _rename(base, dict(zip(pq.roles, ROLES[other])))
        c["claim"]["question"]["game"] = other
        if other not in STRONG and c["claim"]["question"]["first"] is None:
            c["claim"]["question"]["first"] = ROLES[other][0]
        muts.append(("sibling convention", c))
        c = json.loads(json.dumps(base))
        c["claim"]["question"]["bound"] = rng.randint(0, 3)
        muts.append(("bound", c))
        free = [v for v in pq.vertices if v not in pq.alice | pq.bob]
        if free:
            c = json.loads(json.dumps(base))
            role = rng.choice(pq.roles)
            c["claim"]["question"]["position"][role] = sorted(c["claim"]["question"]["position"][role] + [rng.choice(free)])
            muts.append(("stone added", c))
        c = json.loads(json.dumps(base))
        c["claim"]["question"]["instance"] = canonical_digest(pq.vertices, pq.edges[1:])
        muts.append(("another board's digest", c))
        c = json.loads(json.dumps(base))
        c["claim"]["verdict"]["winner"] = rng.choice(_other_words(pq, base["claim"]["verdict"]["winner"]))
        muts.append(("verdict changed", c))
        for note, c in muts:
            yield _forgery(rule, f"{pq.convention} {pq.bias}: {note}", c)
    for _ in range(6 * scale):  # a true certificate moved to a question of another value
        pq = random_question(rng)
        base, true_w = None, pq.truth()
        others = [replace(pq, bias=b) for b in BIASES if b != tuple(pq.bias)]
        if pq.convention not in STRONG:
            others.append(replace(pq, first=pq.roles[1] if pq.first == pq.roles[0] else pq.roles[0]))
        for other in others:
            if other.truth() != true_w:
                base = base or valid_cert(pq, rng)
                c = json.loads(json.dumps(base))
                c["claim"]["question"] = question_json(other)
                yield _forgery(rule, f"{pq.convention} {pq.bias} first {pq.first} moved to {other.bias} first "
                                     f"{other.first} (true there: {other.truth()})", c)


def variant_forgeries(rule: str, rng, scale: int, variants, k: int = 10, **question_kw):
    """For random questions and each rule variant: where the variant's value differs from the truth,
    the variant's winner with the tables walked under the variant's rules (a checker implementing the
    variant accepts them), until ``k * scale`` such false claims per variant (at most 40 times as
    many questions tried); where it agrees, a control now and then."""
    wanted = {rules: k * scale for rules in variants}
    for _ in range(40 * k * scale):
        if not any(wanted.values()):
            return
        pq = random_question(rng, **question_kw)
        true_w = pq.truth()
        for rules in variants:
            engine = Engine(pq, rules)
            w = pq.word(engine.root())
            if w == true_w and rng.random() > 0.05 or w != true_w and not wanted[rules]:
                continue
            wanted[rules] -= w != true_w
            tables = build_tables(engine, w, rng)
            yield _forgery(rule, f"{rules} {pq.convention} {pq.bias} first {pq.first}: claim {w} (true {true_w})",
                           cert_of(pq, w, tables))


@F.forger("positional/completion-continue")
def completion_continue(rng, scale=1):
    """Tables relying on the game going on after the mover completes an edge (scored at the full board)."""
    for convention in CONVENTIONS:
        yield from variant_forgeries("positional/completion-continue", rng, scale, [Rules(completion="continue")],
                                     k=3, convention=convention)


@F.forger("positional/completion-bob-ends")
def completion_bob_ends(rng, scale=1):
    """Tables relying on Breaker's or Enforcer's completion ending the game."""
    for convention in ("maker-breaker", "avoider-enforcer"):
        yield from variant_forgeries("positional/completion-bob-ends", rng, scale, [Rules(completion="bob-ends")],
                                     k=5, convention=convention)


@F.forger("positional/schedule")
def schedule(rng, scale=1):
    """Tables walked with the mover after c claims mis-assigned (the bias ignored or swapped, claims
    counted from the empty board, off by one, the other player first), biases 2:1, 1:2, 2:2, 1:3."""
    for bias in ((2, 1), (1, 2), (2, 2), (1, 3)):
        yield from variant_forgeries("positional/schedule", rng, scale, [Rules(schedule=s) for s in SCHEDULES],
                                     k=3, bias=bias, stones=0.2)


@F.forger("positional/starts")
def starts(rng, scale=1):
    """Boards with the empty edge and positions holding a whole edge: played on (tables where none
    may be), or decided the other way (the second player deemed first, Bob's edge deciding)."""
    rule = "positional/starts"
    variants = [Rules(start=s) for s in ("play-on", "second-deemed", "bob-decides")]
    for _ in range(16 * scale):
        board = random_board(rng, empty_edge=0.4) if rng.random() < 0.6 else None
        pq = random_question(rng, board=board, whole_edge=0.7, stones=0.1)
        if rng.random() < 0.2:  # a full board at the start: the play has ended
            rest = [v for v in pq.vertices if v not in pq.alice | pq.bob]
            cut = rng.randint(0, len(rest))
            pq = replace(pq, alice=pq.alice | set(rest[:cut]), bob=pq.bob | set(rest[cut:]))
        true_w = pq.truth()
        for rules in variants:
            engine = Engine(pq, rules)
            w = pq.word(engine.root())
            if w == true_w and rng.random() > 0.2:
                continue
            if w == true_w or rng.random() < 0.5:  # the variant's tables, or none (a decided start's form)
                tables = build_tables(engine, w, rng)
            else:
                tables = {x: [] for x in ([pq.roles[0], pq.roles[1]] if w == "draw" else [w])}
            yield _forgery(rule, f"{rules.start}: claim {w} (true {true_w})", cert_of(pq, w, tables))
        if Engine(pq).start() is not None:  # a decided start with the play-on tables of the true winner
            tables = build_tables(Engine(pq, Rules(start="play-on")), true_w, rng)
            if any(tables.values()):
                yield _forgery(rule, f"decided start with a nonempty table (true {true_w})", cert_of(pq, true_w, tables))


def random_forgery(rng: random.Random, pq: PQ | None = None) -> F.Forgery:
    """One forgery of a random kind on a random question (≤ 5 vertices): a variant's tables, or a
    false claim with some stuck policy."""
    pq = pq or random_question(rng, board=random_board(rng, 5, empty_edge=0.1), whole_edge=0.1)
    true_w = pq.truth()
    if rng.random() < 0.5:
        rules = rng.choice(VARIANTS)
        engine = Engine(pq, rules)
        w = pq.word(engine.root())
        return _forgery("positional/random", f"{rules} claim {w} (true {true_w})", cert_of(pq, w, build_tables(engine, w, rng)))
    w = rng.choice(_other_words(pq, true_w))
    stuck = rng.choice(["random", "none", "occupied", "overlap", "unknown", "repeat", "unstarted", "swapped"])
    replies = rng.choice(["all", "survived", "first", "one"])
    return _forgery("positional/random", f"claim {w} (true {true_w}) {stuck}/{replies}",
                    cert_of(pq, w, build_tables(Engine(pq), w, rng, stuck=stuck, replies=replies)))


@F.forger("positional/random")
def random_boards(rng, scale=1):
    """Random small hypergraphs (at most 5 vertices, sometimes the empty edge or a given whole edge),
    random convention, bias, starter, variant or stuck policy."""
    for _ in range(25 * scale):
        yield random_forgery(rng)


# -- symmetry links (rule P10 of docs/spec/positional-strategy.md) ----------------------------------
#
# Group elements are tuples p over vertex indices (p[i] = the image of vertex i); (f ∘ g)[i] = f[g[i]].
# A link entry's word [i1, ..., im] stands for σ = g_i1 ∘ ... ∘ g_im (g_im applied first), and
# σ(target) = the link's state.

def compose(f: tuple, g: tuple) -> tuple:
    return tuple(f[i] for i in g)


def inverse(p: tuple) -> tuple:
    out = [0] * len(p)
    for i, j in enumerate(p):
        out[j] = i
    return tuple(out)


def image(p: tuple, mask: int) -> int:
    """The image of a vertex set (a map that is not one-to-one merges vertices)."""
    out = 0
    for i in range(len(p)):
        if mask >> i & 1:
            out |= 1 << p[i]
    return out


def map_text(names, p: tuple) -> str:
    """A permutation in pg-proof's map syntax (fixed vertices left out)."""
    return " ".join(f"{names[i]}>{names[j]}" for i, j in enumerate(p) if i != j)


def perm_of(names, pairs: dict) -> tuple:
    """The permutation of indices given by {name: name} (unlisted names fixed)."""
    idx = {v: i for i, v in enumerate(names)}
    p = list(range(len(names)))
    for u, v in pairs.items():
        p[idx[u]] = idx[v]
    return tuple(p)


def automorphisms(pq: PQ) -> list:
    """Every automorphism of the board (by brute force over the permutations; small boards only)."""
    n = len(pq.vertices)
    idx = {v: i for i, v in enumerate(pq.vertices)}
    edges = {sum(1 << idx[v] for v in e) for e in pq.edges}
    return [p for p in itertools.permutations(range(n)) if all(image(p, e) in edges for e in edges)]


def generating_set(elements: list, rng: random.Random | None = None) -> list:
    """A few of ``elements`` generating the group they form (greedy: each adds new elements)."""
    els = list(elements)
    if rng:
        rng.shuffle(els)
    gens, group = [], None
    for p in els:
        if group is not None and p in group:
            continue
        if group is None and p == tuple(sorted(p)):
            continue  # the identity generates nothing
        gens.append(p)
        group = set(closure(gens))
    return gens


def closure(gens: list, limit: int = 50_000) -> dict:
    """The group the generators generate: element -> a shortest word (tuple of generator indices)
    with σ = g_i1 ∘ ... ∘ g_im (breadth first: each element prefixed by a generator)."""
    n = len(gens[0]) if gens else 0
    ident = tuple(range(n))
    words = {ident: ()}
    frontier = [ident]
    while frontier:
        nxt = []
        for e in frontier:
            for i, g in enumerate(gens):
                ne = compose(g, e)
                if ne not in words:
                    words[ne] = (i,) + words[e]
                    nxt.append(ne)
                    if len(words) > limit:
                        raise ValueError("group too large")
        frontier = nxt
    return words


class Symmetry:
    """A group of automorphisms of a board given by generators: canonical forms of states and words."""

    def __init__(self, names, gens: list):
        self.names, self.gens = list(names), list(gens)
        self.words = closure(self.gens) if self.gens else {tuple(range(len(self.names))): ()}
        self.elements = list(self.words)

    def texts(self) -> list:
        return [map_text(self.names, g) for g in self.gens]

    def canon(self, a: int, b: int):
        """(the least image of (a, b), an element g with g(a, b) = it)."""
        best = None
        for p in self.elements:
            img = (image(p, a), image(p, b))
            if best is None or img < best[0]:
                best = (img, p)
        return best

    def word(self, p: tuple) -> list:
        return list(self.words[p])


def build_linked(engine: Engine, winner: str, rng: random.Random, sym: Symmetry, mode: str = "canonical",
                 stuck: str = "random", players=None, link_rate: float = 1.0) -> dict:
    """The tables of ``winner`` with symmetry links, walked as the checkers walk them: at X's state
    s, with c the canonical form of s: ``mode`` 'canonical' links s to c (c's claim entry made and
    walked, whether play reaches c or not); 'first' links s to the first state of its orbit the
    walk met. ``link_rate``: the chance a linkable state is linked (else a claim entry). Claims: a
    good one where one exists, else by ``stuck`` ('random': any free vertex; 'none': no entry).
    Returns {player: [entries]} with entries shuffled (links point both ways)."""
    pq = engine.pq
    alice_role, bob_role = pq.roles
    players = players or ([alice_role, bob_role] if winner == "draw" else [winner])
    if engine.start() is not None:
        return {x: [] for x in players}
    out = {}
    for x in players:
        ok = ok_for(pq, x, winner)
        x_alice = x == alice_role
        claims, links, first_of = {}, {}, {}
        seen = {(engine.a0, engine.b0)}
        stack = [(engine.a0, engine.b0)]

        def push(s):
            if s not in seen:
                seen.add(s)
                stack.append(s)

        while stack:
            a, b = stack.pop()
            free = engine.free(a, b)
            if not free:
                continue
            if engine.alice_moves(a, b) == x_alice:
                c, g = sym.canon(a, b)
                if mode == "canonical":
                    target, sigma = c, inverse(g)
                else:
                    target, gt = first_of.setdefault(c, ((a, b), g))
                    sigma = compose(inverse(g), gt)
                if target != (a, b) and target not in links and rng.random() < link_rate:
                    links[(a, b)] = (target, sym.word(sigma))
                    push(target)
                    continue
                if mode == "first" and target != (a, b):
                    first_of[c] = ((a, b), g)
                good = [i for i in free if ok(engine.outcome(a, b, i))]
                if good:
                    i = rng.choice(good)
                elif stuck == "random":
                    i = rng.choice(free)
                else:
                    continue
                claims[(a, b)] = i
                moves = [i]
            else:
                moves = free
            for i in moves:
                na, nb, ended = engine.step(a, b, i)
                if ended is None:
                    push((na, nb))
        # a target may have been linked to before it got its own claim entry: drop such links' chains
        out[x] = linked_entries(engine, claims, links, rng)
    return out


def linked_entries(engine: Engine, claims: dict, links: dict, rng: random.Random | None = None) -> list:
    """The entries of a table: claim entries, then link entries (shuffled together when ``rng``),
    each link's k the index of its target's entry (a claim entry in a genuine table; forged links may
    name a link entry; -1 when the target has no entry)."""
    alice_role, bob_role = engine.pq.roles
    states = list(claims) + [s for s in links if s not in claims]
    if rng:
        rng.shuffle(states)
    index = {s: k for k, s in enumerate(states)}
    entries = []
    for s in states:
        e = {alice_role: engine.set_of(s[0]), bob_role: engine.set_of(s[1])}
        if s in claims:
            e["claim"] = engine.names[claims[s]]
        else:
            target, word = links[s]
            e["link"], e["by"] = index.get(target, -1), list(word)
        entries.append(e)
    return entries


def linked_cert(pq: PQ, sym: Symmetry, rng: random.Random | None = None, mode: str = "canonical",
                winner: str | None = None, **kw) -> dict:
    """A certificate of ``winner`` (default: the true one) with symmetry links under ``sym``."""
    rng = rng or random.Random(0)
    engine = Engine(pq)
    winner = winner or pq.word(engine.root())
    cert = cert_of(pq, winner, build_linked(engine, winner, rng, sym, mode, **kw))
    cert["symmetries"] = sym.texts()
    return cert


def k_edges_board(n: int, k: int = 3):
    """The K_k game on K_n: vertices the edges "i-j" of K_n, hyperedges the edge sets of its K_k's."""
    names = tuple(f"{i}-{j}" for i, j in itertools.combinations(range(1, n + 1), 2))
    edges = tuple(tuple(f"{i}-{j}" for i, j in itertools.combinations(c, 2))
                  for c in itertools.combinations(range(1, n + 1), k))
    return names, edges


def kn_transpositions(n: int, names) -> list:
    """The adjacent transpositions (i i+1) of K_n's vertices acting on its edges "i-j"."""
    out = []
    for t in range(1, n):
        swap = {t: t + 1, t + 1: t}
        pairs = {}
        for v in names:
            i, j = map(int, v.split("-"))
            i2, j2 = sorted((swap.get(i, i), swap.get(j, j)))
            pairs[v] = f"{i2}-{j2}"
        out.append(perm_of(names, pairs))
    return out


def symmetric_boards():
    """(name, vertices, edges, generators) of small boards with automorphisms."""
    k4 = k_edges_board(4)
    k4_graph = (("1", "2", "3", "4"), tuple(itertools.combinations("1234", 2)))
    c4 = (("a", "b", "c", "d"), (("a", "b"), ("b", "c"), ("c", "d"), ("a", "d")))
    path = (("a", "b", "c", "d", "e"), (("a", "b"), ("b", "c"), ("c", "d"), ("d", "e")))
    fano_lines = ((1, 2, 3), (1, 4, 5), (1, 6, 7), (2, 4, 6), (2, 5, 7), (3, 4, 7), (3, 5, 6))
    fano = (tuple(map(str, range(1, 8))), tuple(tuple(map(str, line)) for line in fano_lines))
    two_triangles = (tuple("abcdef"), (("a", "b", "c"), ("d", "e", "f"), ("a", "d")))
    out = [("K4 triangles", *k4, kn_transpositions(4, k4[0]))]
    for name, (names, edges) in (("K4 graph", k4_graph), ("C4", c4), ("P5", path), ("two triangles", two_triangles),
                                 ("Fano", fano)):
        pq = PQ(names, edges, "maker-breaker")
        out.append((name, names, edges, generating_set(automorphisms(pq), random.Random(len(names)))))
    return out


@lru_cache(maxsize=None)
def _symmetric_boards() -> tuple:
    return tuple(symmetric_boards())


#: boards where a map merging two vertices (u>v, v fixed) carries every edge onto an edge
COLLAPSING_BOARDS = [
    (("a", "b", "c", "d"), (("a", "b"), ("b", "c"), ("c", "d"), ("a", "d"))),
    (("a", "b", "c", "d", "e"), (("a", "b"), ("b", "c"), ("c", "d"), ("d", "e"))),
    (("a", "b", "c", "d", "e"), (("a", "b"), ("a", "c"), ("b", "c"), ("c", "d"), ("c", "e"))),
    (("a", "b", "c", "d", "e"), (("a", "b", "c"), ("b", "c", "d"), ("c", "d", "e"))),
]


def _symmetric_question(rng: random.Random, stones: float = 0.1, collapsing: bool = False):
    """(pq, Symmetry): a board with automorphisms (a listed one, or a random small board with its
    whole automorphism group; ``collapsing``: a board of :data:`COLLAPSING_BOARDS` half the time),
    random convention, bias, starter and stones."""
    r = rng.random()
    if collapsing and r < 0.5:
        names, edges = rng.choice(COLLAPSING_BOARDS)
        gens = generating_set(automorphisms(PQ(names, edges, "maker-breaker")), rng)
    elif r < 0.7:
        _name, names, edges, gens = rng.choice(_symmetric_boards())
    else:
        names, edges = random_board(rng, 5)
        gens = generating_set(automorphisms(PQ(names, edges, "maker-breaker")), rng)
    pq = random_question(rng, board=(names, edges), stones=stones)
    return pq, Symmetry(names, gens)


class _LostWalk:
    """X's walks claiming ``w`` from the start and from any further roots: a good claim where one
    exists (recorded in ``claims``), the opponent's every free vertex; X's states with no good claim
    are collected in ``lost`` (in walk order), not expanded."""

    def __init__(self, engine: Engine, x: str, w: str, rng: random.Random):
        self.engine, self.rng = engine, rng
        self.ok, self.x_alice = ok_for(engine.pq, x, w), x == engine.pq.roles[0]
        self.claims, self.lost, self.seen = {}, [], set()
        self.walk((engine.a0, engine.b0))

    def good(self, a: int, b: int) -> list:
        return [i for i in self.engine.free(a, b) if self.ok(self.engine.outcome(a, b, i))]

    def walk(self, root) -> None:
        engine = self.engine
        if root in self.seen:
            return
        self.seen.add(root)
        stack = [root]
        while stack:
            a, b = stack.pop()
            free = engine.free(a, b)
            if not free:
                continue
            if engine.alice_moves(a, b) == self.x_alice:
                good = self.good(a, b)
                if not good:
                    self.lost.append((a, b))
                    continue
                self.claims[(a, b)] = self.rng.choice(good)
                moves = [self.claims[(a, b)]]
            else:
                moves = free
            for i in moves:
                na, nb, ended = engine.step(a, b, i)
                if ended is None and (na, nb) not in self.seen:
                    self.seen.add((na, nb))
                    stack.append((na, nb))


def _sizes(s) -> tuple:
    return bin(s[0]).count("1"), bin(s[1]).count("1")


def _bijection(rng, n: int, t, s, complete: bool) -> tuple | None:
    """A map of vertex indices with t's Alice set onto s's and t's Bob set onto s's (random order);
    completed to a permutation of all vertices (``complete``) or left partial (others fixed)."""
    ta, tb = [[i for i in range(n) if m >> i & 1] for m in t]
    sa, sb = [[i for i in range(n) if m >> i & 1] for m in s]
    if len(ta) != len(sa) or len(tb) != len(sb):
        return None
    rng.shuffle(sa)
    rng.shuffle(sb)
    p = dict(zip(ta + tb, sa + sb))
    if complete:
        rest_from = [i for i in range(n) if i not in p]
        rest_to = [i for i in range(n) if i not in set(p.values())]
        rng.shuffle(rest_to)
        p.update(zip(rest_from, rest_to))
    return tuple(p.get(i, i) for i in range(n))


def _edges_into_edges(engine: Engine, p: tuple) -> bool:
    edges = set(engine.edges)
    return all(image(p, e) in edges for e in edges)


LINK_ATTACKS = ("wrong-image", "not-automorphism", "not-permutation", "self-link", "cycle", "roles-swapped",
                "orbit-loses", "malformed")


def forged_links(pq: PQ, sym: Symmetry, w: str, attack: str, rng: random.Random) -> dict | None:
    """A certificate of the claimed winner ``w`` (false) whose tables are honest where X has a good
    claim and settle every lost state of X by a forged link (None when the attack finds nothing to
    forge with):

    - 'wrong-image': to a good state, by a word of genuine automorphisms with σ(target) ≠ state;
    - 'not-automorphism': to a good state of the same sizes, by a new generator, a permutation
      with σ(target) = state that is not an automorphism (most are not);
    - 'not-permutation': likewise by a partial map (``u>v`` for the target's vertices only, the
      others fixed), preferring one that carries every edge onto an edge;
    - 'self-link': to itself, by the identity generator ``""`` (a link naming a link entry);
    - 'cycle': lost states of one orbit linked round a cycle by genuine automorphisms;
    - 'roles-swapped': to a good state t with g(t's Alice set) = the state's Bob set and g(t's Bob
      set) = its Alice set, g a genuine automorphism;
    - 'orbit-loses': to another state of its orbit (genuine σ), whose own claim entry claims a
      random vertex (its subtree loses: the walk of the target must find it);
    - 'malformed': to a good state by a genuine word, then k or ``by`` malformed (a boolean, out of
      range, empty, too long)."""
    engine = Engine(pq)
    if engine.start() is not None:
        return None
    gens = list(sym.texts())
    tables, forged = {}, 0
    collapses = [(u, v) for u in range(engine.n) for v in range(engine.n)
                 if u != v and _edges_into_edges(engine, tuple(v if i == u else i for i in range(engine.n)))]
    for x in ([pq.roles[0], pq.roles[1]] if w == "draw" else [w]):
        lw = _LostWalk(engine, x, w, rng)
        claims, lost = lw.claims, lw.lost
        links = {}
        extra_claims = {}
        done = 0
        while done < len(lost):
            s = lost[done]
            done += 1
            good = list(claims)
            target = word = None
            if attack in ("wrong-image", "malformed") and good:
                target = rng.choice(good)
                word = sym.word(rng.choice(sym.elements)) or [0]
                if not gens:
                    gens.append("")
            elif attack == "not-automorphism":
                same = [t for t in good if _sizes(t) == _sizes(s)]
                for _ in range(30 if same else 0):
                    t = rng.choice(same)
                    p = _bijection(rng, engine.n, t, s, True)
                    if p is not None and p not in sym.words:
                        target = t
                        gens.append(map_text(engine.names, p))
                        word = [len(gens) - 1]
                        break
            elif attack == "not-permutation":
                held = s[0] | s[1]
                options = [(u, v) for u, v in collapses if held >> v & 1 and not held >> u & 1]
                rng.shuffle(options)
                for u, v in options:  # t: s with v replaced by u; the map u>v (v fixed) carries t onto s
                    t = tuple(m & ~(1 << v) | (1 << u) if m >> v & 1 else m for m in s)
                    if t in claims or t not in lw.seen and lw.good(*t):
                        lw.walk(t)
                        target = t
                        gens.append(f"{engine.names[u]}>{engine.names[v]}")
                        word = [len(gens) - 1]
                        break
            elif attack == "self-link":
                if "" not in gens:
                    gens.append("")
                target, word = s, [gens.index("")]
            elif attack == "roles-swapped":
                for p in rng.sample(sym.elements, len(sym.elements)):
                    t = (image(p, s[1]), image(p, s[0]))  # p(s's Bob set) as Alice's, p(s's Alice set) as Bob's
                    if t in claims or t not in lw.seen and lw.good(*t):
                        lw.walk(t)
                        sigma = inverse(p)  # σ(t's Alice set) = s's Bob set, σ(t's Bob set) = s's Alice set
                        if not sym.word(sigma):
                            if "" not in gens:
                                gens.append("")
                            word = [gens.index("")]
                        else:
                            word = sym.word(sigma)
                        target = t
                        break
            elif attack == "orbit-loses":
                mates = [(image(p, s[0]), image(p, s[1])) for p in sym.elements]
                mates = [m for m in mates if m != s and m not in lw.seen and m not in extra_claims]
                if mates:
                    t = rng.choice(mates)
                    sigma = next(p for p in sym.elements if (image(p, t[0]), image(p, t[1])) == s)
                    target, word = t, sym.word(sigma) or [0]
                    extra_claims[t] = rng.choice(engine.free(*t))
            if target is not None:
                links[s] = (target, list(word))
                forged += 1
        if attack == "cycle":
            orbits = {}
            for s in lost:
                orbits.setdefault(sym.canon(*s)[0], []).append(s)
            for members in orbits.values():
                if len(members) < 2:
                    continue
                for s, t in zip(members, members[1:] + members[:1]):  # σ(t) = s, t the next in the cycle
                    sigma = next(p for p in sym.elements if (image(p, t[0]), image(p, t[1])) == s)
                    links[s] = (t, sym.word(sigma) or [0])
                    forged += 1
        claims.update(extra_claims)
        entries = linked_entries(engine, claims, links, rng)
        if attack == "malformed":
            for e in entries:
                if "link" in e and rng.random() < 0.7:
                    how = rng.randrange(6)
                    if how == 0:
                        e["link"] = bool(e["link"]) if e["link"] in (0, 1) else len(entries)
                    elif how == 1:
                        e["link"] = e["link"] - len(entries)
                    elif how == 2:
                        e["by"] = []
                    elif how == 3:
                        e["by"] = e["by"] * (65 // len(e["by"]) + 1)
                    elif how == 4:
                        e["by"] = [len(gens)] + e["by"]
                    else:
                        e["by"] = [True if i == 1 else i - len(gens) for i in e["by"]]
        tables[x] = entries
    if not forged:
        return None
    cert = cert_of(pq, w, tables)
    cert["symmetries"] = gens
    return cert


@F.forger("positional/links")
def link_forgeries(rng, scale=1):
    """Symmetry links (rule P10) on boards with automorphisms: false verdicts whose lost states are
    settled by forged links (:func:`forged_links`: a word mapping the target elsewhere, a generator
    that is not an automorphism or not a permutation, a link to itself or round a cycle of its
    orbit, roles swapped, a target whose own subtree loses, malformed k and words), false verdicts
    with genuine links (:func:`build_linked`, random claims where X is lost), and true linked
    certificates (controls)."""
    rule = "positional/links"
    for attack in LINK_ATTACKS:
        made = 0
        for _ in range(150 * scale):  # (a question is cheap; most attacks need every lost state forged)
            if made >= 5 * scale:
                break
            pq, sym = _symmetric_question(rng, stones=0.3 if attack in ("not-permutation", "roles-swapped") else 0.1,
                                          collapsing=attack == "not-permutation")
            true_w = pq.truth()
            for w in _other_words(pq, true_w):
                cert = forged_links(pq, sym, w, attack, rng)
                if cert is not None:
                    made += 1
                    yield _forgery(rule, f"{attack}: {pq.convention} {pq.bias} claim {w} (true {true_w})", cert)
    for _ in range(4 * scale):
        pq, sym = _symmetric_question(rng, stones=0.2)
        true_w = pq.truth()
        mode = rng.choice(["canonical", "first"])
        for w in _other_words(pq, true_w):
            yield _forgery(rule, f"genuine links ({mode}), claim {w} (true {true_w})",
                           linked_cert(pq, sym, rng, mode, winner=w))
        yield _forgery(rule, f"genuine links ({mode}), true {true_w} (control)", linked_cert(pq, sym, rng, mode))


# -- named completions and threats (rule P11 of docs/spec/positional-strategy.md) -----------------------
#
# In a certificate with "completions": "named" a claim of X is a leaf only through the edge its entry
# names ("completes": v ∈ e ⊆ X's set once v is claimed), and an entry's "threats" make a state where
# X moves a leaf (X's completion) when a hinted edge holds none of the opponent's vertices and all but
# one of X's. The forgers below read P11 the way a faulty checker might (:class:`NamedReading`) and
# build the tables that reading accepts, for claims the brute force says are false.

@dataclass(frozen=True)
class NamedReading:
    """A reading of P11 for X's table. ``hint``: 'true' (a hinted edge e with e ∩ O = ∅ and
    |e \\ X| = 1 at a state where X moves), 'opponent' (e ∩ O not checked: the one vertex left may be
    the opponent's), 'two' (|e \\ X| of 1 or 2), 'anywhere' (checked where the opponent moves too), or
    '' (no hints: a table of a player whose completions do not score for it). ``opp_untested``: the
    opponent's completions not tested (a checker skipping every completion test in named mode).
    ``own_untested``: X's claims never end the game (the named walk of a player that does not score
    its completions, e.g. Avoider's, which a checker must refuse)."""
    hint: str = "true"
    opp_untested: bool = False
    own_untested: bool = False


NAMED_TRUE = NamedReading()


class NamedEngine(Engine):
    """Per-claim minimax of ``pq`` as X's named walk explores it under ``reading``, X hinting every
    edge of the board with each claim (the most a forger can hint; at most 16 edges): X's completions
    end the game (named), the opponent's too (unless ``opp_untested``), and after X's first claim a
    state passing the reading's hint test is X's completion. Under the true reading the value is the
    game's (a true hint leaf is a real completing claim of X)."""

    def __init__(self, pq: PQ, x_alice: bool, reading: NamedReading = NAMED_TRUE):
        super().__init__(pq)
        self.x_alice, self.reading = x_alice, reading
        self.x0 = self.a0 if x_alice else self.b0

    def hinted(self, a: int, b: int, hints) -> bool:
        """Does the reading make (a, b), reached with ``hints`` (edge masks), a hint leaf?"""
        how = self.reading.hint
        if not how or not hints or (self.alice_moves(a, b) != self.x_alice and how != "anywhere"):
            return False
        xs, os_ = (a, b) if self.x_alice else (b, a)
        for e in hints:
            left = (e & ~xs).bit_count()
            if how == "opponent" and left == 1 or how == "two" and not e & os_ and 1 <= left <= 2 \
                    or how in ("true", "anywhere") and not e & os_ and left == 1:
                return True
        return False

    def step(self, a: int, b: int, i: int):
        na, nb, ended = self.play(a, b, i)
        if ended is None and (na if self.x_alice else nb) != self.x0 and self.hinted(na, nb, self.edges):
            ended = self.completion(self.x_alice)
        return na, nb, ended

    def play(self, a: int, b: int, i: int):
        """(a', b', ended value or None) after the mover claims vertex ``i``, hints aside."""
        alice = self.alice_moves(a, b)
        mine = alice == self.x_alice
        v = 1 << i
        na, nb = (a | v, b) if alice else (a, b | v)
        own = na if alice else nb
        ended = None
        untested = self.reading.own_untested if mine else self.reading.opp_untested
        if not untested and any(e & v and e & own == e for e in self.edges):
            ended = self.completion(alice)
        if ended is None and na | nb == self.full:
            ended = self.exhausted(na, nb)
        return na, nb, ended


def scores_own(pq: PQ, x: str) -> bool:
    """Whether ``x``'s completions win for ``x`` (Maker; first and second in Maker-Maker): the only
    tables a named certificate may hold."""
    return pq.convention == "maker-maker" or pq.convention == "maker-breaker" and x == "maker"


def _edge_names(engine: Engine, e: int) -> list:
    return engine.set_of(e)


def named_walk(engine: NamedEngine, x: str, winner: str, rng: random.Random, hints=None, lost=None,
               leaf_seen: bool = False, lowest: bool = False, arrivals: dict | None = None) -> list:
    """X's named table walked as the kernel walks it (opponent-to-move states keyed by (state, hints),
    X-to-move states by state), under ``engine``'s reading: at X's state a claim meeting the
    requirement under the engine where one exists (naming the edge it completes, if any, unless the
    reading does not score X's completions), else ``lost(engine, a, b)`` -> an entry (a leaf: not
    walked on) or None (a random claim, walked on). ``hints(a, b, v)`` -> the threats (edge masks) of
    a claim (default: every edge when the reading hints, none otherwise). ``leaf_seen``: an X-to-move
    state that is a hint leaf is marked seen, so that a later arrival without the hint is not walked
    (a faulty walk whose entries depend on its order).
    ``lowest``: X's good claim the lowest vertex (a positional strategy: more transpositions).
    ``arrivals``: filled with X-to-move state -> {True (a hint leaf there), False (walked)} over the
    arrivals of the walk."""
    pq = engine.pq
    alice_role, bob_role = pq.roles
    x_alice = x == alice_role
    ok = ok_for(pq, x, winner)
    edges = list(dict.fromkeys(engine.edges))
    if hints is None:
        every = tuple(edges) if engine.reading.hint and 0 < len(edges) <= 16 else ()
        hints = lambda a, b, v: every  # noqa: E731
    entries, seen = [], {(engine.a0, engine.b0)}
    stack = [(engine.a0, engine.b0, ())]
    while stack:
        a, b, hint = stack.pop()
        free = engine.free(a, b)
        if not free:  # a full board at the start: the play has ended
            continue
        if engine.alice_moves(a, b) == x_alice:
            good = [i for i in free if ok(engine.outcome(a, b, i))]
            entry = {alice_role: engine.set_of(a), bob_role: engine.set_of(b)}
            if not good and lost is not None:
                forged = lost(engine, a, b)
                if forged is not None:
                    entries.append({**entry, **forged})
                    continue
            i = (good or free)[0] if lowest else rng.choice(good or free)
            v = 1 << i
            entry["claim"] = engine.names[i]
            own = (a if x_alice else b) | v
            done = [e for e in edges if e & v and e & own == e]
            if done and not engine.reading.own_untested:
                entry["completes"] = _edge_names(engine, rng.choice(done))
            hint = () if done and not engine.reading.own_untested else tuple(hints(a, b, v))
            if hint:
                entry["threats"] = [_edge_names(engine, e) for e in hint]
            entries.append(entry)
            moves = [i]
        else:
            moves = free
        for i in moves:
            na, nb, ended = engine.play(a, b, i)
            if ended is not None:
                continue
            if engine.alice_moves(na, nb) == x_alice:
                leaf = engine.hinted(na, nb, hint)
                if arrivals is not None:
                    arrivals.setdefault((na, nb), set()).add(leaf)
                if leaf:
                    if leaf_seen:
                        seen.add((na, nb))
                    continue
                key, carried = (na, nb), ()
            else:
                if engine.reading.hint == "anywhere" and engine.hinted(na, nb, hint):
                    continue
                key, carried = ((na, nb, hint) if hint else (na, nb)), hint
            if key not in seen:
                seen.add(key)
                stack.append((na, nb, carried))
    return entries


def named_cert(pq: PQ, winner: str, strategies: dict) -> dict:
    cert = cert_of(pq, winner, strategies)
    cert["completions"] = "named"
    return cert


#: P11's readings a faulty checker might implement, and the conventions where they matter
NAMED_READINGS = {
    "hint-opponent": (NamedReading(hint="opponent"), ("maker-breaker", "maker-maker")),
    "hint-two-missing": (NamedReading(hint="two"), ("maker-breaker", "maker-maker")),
    "hint-where-opponent-moves": (NamedReading(hint="anywhere"), ("maker-breaker", "maker-maker")),
    "opponent-untested": (NamedReading(opp_untested=True), ("maker-maker",)),
    "non-scoring-named": (NamedReading(hint="", own_untested=True), ("avoider-enforcer", "avoider-avoider")),
}


def named_variant_forgeries(rng, scale: int, attack: str, k: int = 4):
    """For random questions: each claimed winner w other than the true one whose tables win under the
    faulty reading of ``attack`` (:data:`NAMED_READINGS`), the named tables walked under that reading
    (a checker implementing it accepts them), until ``k * scale`` such false claims (at most 60 times
    as many questions tried); now and then the true winner's tables (a control)."""
    reading, conventions = NAMED_READINGS[attack]
    wanted = k * scale
    for _ in range(60 * k * scale):
        if wanted <= 0:
            return
        pq = random_question(rng, convention=rng.choice(conventions), stones=0.15)
        if len(set(pq.edges)) > 16 or Engine(pq).start() is not None:
            continue
        true_w = pq.truth()
        for w in list(pq.roles) + (["draw"] if pq.convention in STRONG else []):
            players = [pq.roles[0], pq.roles[1]] if w == "draw" else [w]
            if reading.hint and not all(scores_own(pq, x) for x in players):
                continue
            engines = {x: NamedEngine(pq, x == pq.roles[0], reading) for x in players}
            if not all(ok_for(pq, x, w)(engines[x].root()) for x in players):
                continue
            if w == true_w and rng.random() > 0.1:
                continue
            wanted -= w != true_w
            tables = {x: named_walk(engines[x], x, w, rng) for x in players}
            yield _forgery("positional/named", f"{attack}: {pq.convention} {pq.bias} first {pq.first} claim {w} "
                                               f"(true {true_w})", named_cert(pq, w, tables))


COMPLETES_ATTACKS = ("not-an-edge", "claim-outside", "vertex-missing", "opponent-vertex", "malformed")


def forged_completion(attack: str, rng: random.Random):
    """``lost(engine, a, b)`` for :func:`named_walk`: at a state where X has no good claim, a claim v
    naming as completed: 'not-an-edge' a set of X's vertices and v that is not an edge; 'claim-outside'
    an edge not containing v; 'vertex-missing' an edge through v holding a free vertex besides v and
    none of the opponent's; 'opponent-vertex' an edge through v holding an opponent's vertex;
    'malformed' a name repeated, an unknown name or not a list. None when there is none such."""

    def lost(engine: NamedEngine, a: int, b: int):
        lost.forged += 1
        xs, os_ = (a, b) if engine.x_alice else (b, a)
        free = engine.free(a, b)
        edges = set(engine.edges)
        options = []
        for i in free:
            v = 1 << i
            own = xs | v
            if attack == "not-an-edge":
                held = [j for j in range(engine.n) if xs >> j & 1]
                for r in range(len(held) + 1):
                    for c in itertools.combinations(held, r):
                        s = v | sum(1 << j for j in c)
                        if s not in edges:
                            options.append((i, s))
            elif attack == "claim-outside":
                options += [(i, e) for e in edges if e and not e & v]
            elif attack == "vertex-missing":
                options += [(i, e) for e in edges if e & v and e & ~own and not e & os_]
            elif attack == "opponent-vertex":
                options += [(i, e) for e in edges if e & v and e & os_]
            elif attack == "malformed":
                options += [(i, e) for e in edges if e & v]
        if not options:
            lost.forged -= 1
            return None
        i, e = rng.choice(options)
        names = _edge_names(engine, e)
        if attack == "malformed":
            how = rng.randrange(3)
            names = names + names[:1] if how == 0 else names + ["zz-unknown"] if how == 1 else ",".join(names)
        return {"claim": engine.names[i], "completes": names}

    lost.forged = 0  # the entries forged so far
    return lost


THREATS_ATTACKS = ("threats-empty", "threats-too-many", "threats-not-edge", "threats-unnamed")


def named_completion_forgeries(rng, scale: int, attack: str, k: int = 4):
    """False claims of a scoring player (Maker, first, second) whose lost states are settled by a
    forged ``completes`` (:func:`forged_completion`), the other claims honest, until ``k * scale``."""
    made = 0
    for _ in range(40 * k * scale):
        if made >= k * scale:
            return
        pq = random_question(rng, convention=rng.choice(("maker-breaker", "maker-maker")), stones=0.15)
        if len(set(pq.edges)) > 16 or Engine(pq).start() is not None:
            continue
        true_w = pq.truth()
        for w in _other_words(pq, true_w):
            players = [pq.roles[0], pq.roles[1]] if w == "draw" else [w]
            if not all(scores_own(pq, x) for x in players):
                continue
            lost = forged_completion(attack, rng)
            tables = {x: named_walk(NamedEngine(pq, x == pq.roles[0]), x, w, rng, lost=lost) for x in players}
            if not lost.forged:
                continue
            made += 1
            yield _forgery("positional/named", f"completes {attack}: {pq.convention} {pq.bias} claim {w} "
                                               f"(true {true_w})", named_cert(pq, w, tables))


def _long_board(rng: random.Random):
    """A board of 5 to 7 vertices and 3 to 7 edges of 2 or 3 vertices (plays long enough to meet
    states by several paths)."""
    names = tuple("abcdefg"[:rng.randint(5, 7)])
    edges, k = set(), rng.randint(3, 7)
    while len(edges) < k:
        edges.add(tuple(sorted(rng.sample(names, rng.randint(2, 3)))))
    return names, tuple(sorted(edges))


def order_controls(rng: random.Random, count: int, leaf_seen: bool = False):
    """True named certificates of a scoring winner (X claiming its lowest good vertex, each claim
    hinting a random subset of the edges, some none) in which an X-to-move state is reached both with
    a hint that makes it a leaf and without one (so its entry is needed): built by the kernel's walk
    they must be accepted whatever the order of the walk; built by a walk that marks hint leaves seen
    (``leaf_seen``) their entries depend on that walk's order. Yields (pq, winner, cert)."""
    made = 0
    for _ in range(100 * count):
        if made >= count:
            return
        pq = random_question(rng, board=_long_board(rng), convention=rng.choice(("maker-breaker", "maker-maker")),
                             stones=0.0)
        if Engine(pq).start() is not None:
            continue
        w = pq.truth()
        players = [pq.roles[0], pq.roles[1]] if w == "draw" else [w]
        if not all(scores_own(pq, x) for x in players):
            continue
        seed = rng.random()
        edges = list(dict.fromkeys(Engine(pq).edges))

        def hints(a, b, v):
            r = random.Random(f"{seed}-{a}-{b}")  # the same hints for a state in both walks
            return tuple(e for e in edges if r.random() < 0.5) if r.random() < 0.7 else ()

        arrivals: dict = {}
        tables = {x: named_walk(NamedEngine(pq, x == pq.roles[0]), x, w, rng, hints, lowest=True, arrivals=arrivals,
                                leaf_seen=leaf_seen) for x in players}
        if not any(len(v) == 2 for v in arrivals.values()):
            continue
        made += 1
        yield pq, w, named_cert(pq, w, tables)


@F.forger("positional/named")
def named_forgeries(rng, scale=1):
    """Named completions and threat hints (rule P11): false claims of a scoring player whose lost
    states name a completion that is no edge, an edge not through the claim, an edge missing a vertex
    or holding the opponent's, or a malformed one (:func:`forged_completion`); false claims whose
    tables win under a faulty reading of P11 (:data:`NAMED_READINGS`: a hinted edge holding the
    opponent's vertex or missing two, a hint checked where the opponent moves, the opponent's
    completions untested, a named walk for Avoider's table whose completions go untested); Breaker's
    and Enforcer's named tables (refused); malformed ``completions`` and ``threats``; and true named
    certificates whose states are reached with and without hints (controls, both walk orders)."""
    rule = "positional/named"
    for attack in COMPLETES_ATTACKS:
        yield from named_completion_forgeries(rng, scale, attack, k=3 if attack == "malformed" else 4)
    for attack in NAMED_READINGS:
        yield from named_variant_forgeries(rng, scale, attack)
    for _ in range(3 * scale):  # Breaker's and Enforcer's tables named (refused: their claims mean nothing)
        convention = rng.choice(("maker-breaker", "avoider-enforcer"))
        pq = random_question(rng, convention=convention)
        if Engine(pq).start() is not None:
            continue
        true_w = pq.truth()
        x = pq.roles[1]
        tables = {x: named_walk(NamedEngine(pq, False, NamedReading(hint="", own_untested=True)), x, x, rng)}
        yield _forgery(rule, f"{x}'s table named: {convention} claim {x} (true {true_w})", named_cert(pq, x, tables))
    for _ in range(3 * scale):  # true named certificates with a malformed key, and unnamed ones with hints
        pq = random_question(rng, convention="maker-maker")
        if Engine(pq).start() is not None or len(set(pq.edges)) > 16:
            continue
        w = pq.truth()
        players = [pq.roles[0], pq.roles[1]] if w == "draw" else [w]
        cert = named_cert(pq, w, {x: named_walk(NamedEngine(pq, x == pq.roles[0]), x, w, rng) for x in players})
        yield _forgery(rule, f"true named {w} (control)", cert)
        entries = [e for t in cert["strategies"].values() for e in t]
        how = rng.choice(("completions", "unnamed") + THREATS_ATTACKS)
        bad = json.loads(json.dumps(cert))
        rows = [e for t in bad["strategies"].values() for e in t]
        if how == "completions":
            bad["completions"] = rng.choice(["Named", True, "all", None])
        elif how == "unnamed":
            del bad["completions"]
        elif rows:
            e = rng.choice(rows)
            e["threats"] = [] if how == "threats-empty" else [list(pq.vertices[:1])] * 17 if how == "threats-too-many" \
                else [list(pq.vertices)] if how == "threats-not-edge" else [[pq.vertices[0], "zz-unknown"]]
        if entries and how != "unnamed" or any("completes" in e or "threats" in e for e in entries):
            yield _forgery(rule, f"true named {w}, {how} (refused)", bad)
    for _pq, w, cert in order_controls(rng, 4 * scale):
        yield _forgery(rule, f"hinted and unhinted arrivals, {w} (control)", cert)
    for _pq, w, cert in order_controls(rng, scale, leaf_seen=True):
        yield _forgery(rule, f"entries of a walk marking hint leaves seen, {w}", cert)


# -- pairing entries (rule P12 of docs/spec/positional-strategy.md) -------------------------------------
#
# In a maker-breaker certificate of Breaker's win at a bias (1:q), Breaker's table may settle a state
# (A, B) where Breaker moves by blocks of 2 to 1 + q vertices, pairwise disjoint, none of A, every
# edge with no vertex of B meeting a block in 2 vertices (paper 004 Prop I.1.25): a leaf won by
# Breaker. The forgers below read P12 the way a faulty checker might (:class:`PairingReading`), find
# blocks that reading accepts at every state where the table's player moves, count such a state as
# the player's win, and build the tables for claims the brute force says are false.

@dataclass(frozen=True)
class PairingReading:
    """A reading of P12. ``meet``: the vertices an open edge must share with one block (2; 1: an
    incomplete pairing passes); ``extra``: blocks may hold 1 + q + extra vertices; ``overlap``: blocks
    may share vertices; ``maker``: blocks may hold Maker's vertices; ``live``: the edges to cover are
    those with no vertex of the state's B ('state') or of the start's B₀ ('start')."""
    meet: int = 2
    extra: int = 0
    overlap: bool = False
    maker: bool = False
    live: str = "state"


PAIRING_TRUE = PairingReading()
#: the most search nodes spent looking for blocks at one state (a state with none found is walked on)
PAIRING_SEARCH = 3000


class PairingEngine(Engine):
    """Per-claim minimax of ``pq`` as the walk of X's table explores it when X settles every state
    where X moves and blocks exist under ``reading`` (a leaf won by X, as a checker applying P12 to
    X's table would score it). Under the true reading, with X Breaker at bias (1:q), the value is
    the game's (Prop I.1.25)."""

    def __init__(self, pq: PQ, x_alice: bool, reading: PairingReading = PAIRING_TRUE):
        super().__init__(pq)
        self.x_alice, self.reading = x_alice, reading
        self.largest = 1 + pq.bias[1] + reading.extra
        self.blocks = lru_cache(maxsize=None)(self._blocks)

    def _blocks(self, a: int, b: int):
        """Blocks the reading accepts at (a, b) (a tuple of masks), or None: a bounded backtracking
        over the first uncovered open edge."""
        r = self.reading
        bob = self.b0 if r.live == "start" else b
        live = [e for e in dict.fromkeys(self.edges) if not e & bob]
        allowed = [i for i in range(self.n) if r.maker or not a >> i & 1]
        cands = [sum(1 << i for i in c) for k in range(2, self.largest + 1) for c in itertools.combinations(allowed, k)]
        budget = [PAIRING_SEARCH]

        def search(used: int, chosen: tuple):
            e = next((e for e in live if not any((e & m).bit_count() >= r.meet for m in chosen)), None)
            if e is None:
                return chosen
            if len(chosen) >= self.n // 2 or budget[0] <= 0:
                return None
            for m in cands:
                if (e & m).bit_count() >= r.meet and (r.overlap or not m & used):
                    budget[0] -= 1
                    found = search(used | m, chosen + (m,))
                    if found is not None:
                        return found
            return None

        return search(0, ())

    def _value(self, a: int, b: int) -> int:
        if self.alice_moves(a, b) == self.x_alice and self.blocks(a, b) is not None:
            return ALICE if self.x_alice else BOB
        return super()._value(a, b)


def pairing_walk(engine: PairingEngine, x: str, winner: str, rng: random.Random) -> list:
    """X's table walked as the checkers walk it: at X's state a pairing entry where the engine finds
    blocks (not walked on), else a claim meeting the requirement under the engine where one exists
    (else a random one), every opponent reply expanded."""
    pq = engine.pq
    alice_role, bob_role = pq.roles
    x_alice = x == alice_role
    ok = ok_for(pq, x, winner)
    entries, seen = [], {(engine.a0, engine.b0)}
    stack = [(engine.a0, engine.b0)]
    while stack:
        a, b = stack.pop()
        free = engine.free(a, b)
        if not free:
            continue
        if engine.alice_moves(a, b) == x_alice:
            entry = {alice_role: engine.set_of(a), bob_role: engine.set_of(b)}
            blocks = engine.blocks(a, b)
            if blocks is not None:
                entries.append({**entry, "pairing": [engine.set_of(m) for m in blocks]})
                continue
            good = [i for i in free if ok(engine.outcome(a, b, i))]
            i = rng.choice(good or free)
            entries.append({**entry, "claim": engine.names[i]})
            moves = [i]
        else:
            moves = free
        for i in moves:
            na, nb, ended = Engine.step(engine, a, b, i)
            if ended is None and (na, nb) not in seen:
                seen.add((na, nb))
                stack.append((na, nb))
    return entries


#: P12's faulty readings: (reading, convention, the biases, the table's player), each giving X's
#: pairing entries a faulty checker would accept
PAIRING_ATTACKS = {
    "incomplete": (PairingReading(meet=1), "maker-breaker", ((1, 1), (1, 2), (1, 3)), "breaker"),
    "overlapping": (PairingReading(overlap=True), "maker-breaker", ((1, 1), (1, 2), (1, 3)), "breaker"),
    "oversized": (PairingReading(extra=1), "maker-breaker", ((1, 1), (1, 1), (1, 2)), "breaker"),
    "maker-vertex": (PairingReading(maker=True), "maker-breaker", ((1, 1), (1, 2), (1, 3)), "breaker"),
    "p-two": (PAIRING_TRUE, "maker-breaker", ((2, 1), (2, 2), (2, 3)), "breaker"),
    "avoider-enforcer": (PAIRING_TRUE, "avoider-enforcer", ((1, 1), (1, 2), (1, 3)), "enforcer"),
    "maker-table": (PAIRING_TRUE, "maker-breaker", ((1, 1), (1, 2), (1, 3)), "maker"),
}


#: two disjoint triangles: Maker wins even when Breaker moves first (Breaker cannot answer both of
#: Maker's threats), and each triangle is one block of 3 (a q-pairing's block only from q = 2)
TWO_TRIANGLES = (tuple("abcdef"), (("a", "b"), ("a", "c"), ("b", "c"), ("d", "e"), ("d", "f"), ("e", "f")))


def _pairing_board(rng: random.Random):
    r = rng.random()
    return TWO_TRIANGLES if r < 0.15 else rng.choice(FIXED_BOARDS) if r < 0.4 else _long_board(rng) \
        if r < 0.7 else random_board(rng, 6)


def pairing_forgeries(rng, scale: int, attack: str, k: int = 4):
    """False claims of X (:data:`PAIRING_ATTACKS`) whose table wins under the attack's reading, the
    table walked under it (a checker reading P12 so accepts it), until ``k * scale`` (at most 80 times
    as many questions tried). Yields (pq, note, cert)."""
    reading, convention, biases, x = PAIRING_ATTACKS[attack]
    made = 0
    for _ in range(80 * k * scale):
        if made >= k * scale:
            return
        stones = 0.3 if attack == "maker-vertex" else 0.12
        pq = random_question(rng, board=_pairing_board(rng), convention=convention, bias=rng.choice(biases),
                             stones=stones)
        if Engine(pq).start() is not None or len(pq.alice) + len(pq.bob) == len(pq.vertices):
            continue
        true_w = pq.truth()
        if true_w == x:
            continue
        engine = PairingEngine(pq, x == pq.roles[0], reading)
        if not ok_for(pq, x, x)(engine.root()):
            continue
        entries = pairing_walk(engine, x, x, rng)
        if not any("pairing" in e for e in entries):
            continue
        made += 1
        yield pq, f"{attack}: {pq.convention} {pq.bias} first {pq.first} claim {x} (true {true_w})", \
            cert_of(pq, x, {x: entries})


def pairing_controls(rng, count: int):
    """True certificates of Breaker's wins at (1:q) with (true) pairing entries. Yields (pq, cert)."""
    made = 0
    for _ in range(80 * count):
        if made >= count:
            return
        pq = random_question(rng, board=_pairing_board(rng), convention="maker-breaker",
                             bias=rng.choice(((1, 1), (1, 2), (1, 3))))
        if Engine(pq).start() is not None or pq.truth() != "breaker":
            continue
        engine = PairingEngine(pq, False)
        assert engine.root() == BOB, pq
        entries = pairing_walk(engine, "breaker", "breaker", rng)
        if any("pairing" in e for e in entries):
            made += 1
            yield pq, cert_of(pq, "breaker", {"breaker": entries})


@F.forger("positional/pairing-entries")
def pairing_entry_forgeries(rng, scale=1):
    """Pairing entries (rule P12): false claims of Breaker's win whose pairing entries are incomplete
    (an open edge meeting blocks in one vertex each), overlapping, of 2 + q vertices, holding Maker's
    vertex, or complete only for the edges free of the start's B₀ (not the state's B); false claims
    at p = 2, of Enforcer's win in Avoider-Enforcer, and of Maker's win by pairing entries in Maker's
    table (each a faulty checker would accept); true certificates with pairing entries (controls),
    and those with a block of 1 vertex, of 2 + q or more, or holding Maker's vertex (refused)."""
    rule = "positional/pairing-entries"
    for attack in PAIRING_ATTACKS:
        for _pq, note, cert in pairing_forgeries(rng, scale, attack, k=2 if attack == "maker-table" else 4):
            yield _forgery(rule, note, cert)
    for pq, cert in pairing_controls(rng, 4 * scale):
        yield _forgery(rule, f"true pairing entries at {pq.bias} (control)", cert)
        bad = json.loads(json.dumps(cert))
        entry = next(e for e in bad["strategies"]["breaker"] if "pairing" in e)
        free = [v for v in pq.vertices if v not in entry["maker"]]
        hows = ["single"] + (["too-big", "overlap"] if entry["pairing"] else []) \
            + (["maker's vertex"] if entry["maker"] and entry["pairing"] else [])
        how = rng.choice(hows)
        if how == "single":
            entry["pairing"].append(free[:1])
        elif how == "too-big":
            entry["pairing"][0] += [v for v in free if all(v not in blk for blk in entry["pairing"])][:pq.bias[1] + 2]
        elif how == "overlap":
            entry["pairing"].append([entry["pairing"][0][0], next(v for v in free if v != entry["pairing"][0][0])])
        else:
            entry["pairing"][0].append(entry["maker"][0])
        if bad != cert:
            yield _forgery(rule, f"true pairing entries at {pq.bias}, {how} (refused)", bad)
