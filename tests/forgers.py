"""Forgers by rule: certificates built against one rule of a checker each, judged by ``tests/brute.py``.

The mutation fuzzer (``test_certificate_fuzz.py``) edits valid certificates at random; it never found
the holes a reader found in the link rule of ``pg-proof`` (cyclic links, then links to states whose
colours overlap). The forgers here are written per rule of the specification instead: each one
builds many candidate certificates aimed at one rule (a link to a state chosen adversarially among
*all* states with the right residual needs, legal or not; a pairing leaf where the schedule gives
the attacker two moves in a row; a bounded claim one round short; a book whose part lies about its
game...), usually for a claim that is FALSE (the brute-force judge says so), sometimes for a true
one (a control: the rule must still accept sound uses).

Vocabulary (in the style of hypothesis's strategies): a *forger* is a generator function
``forger(rng, scale) -> Forgery...`` registered under its rule's name in :data:`FORGERS`; a
:class:`Forgery` is (rule, note, certificate); :func:`attack` runs a checker on each forgery and the
judge on each accepted one; :class:`Tally` counts per rule: forgeries tried, refused, accepted and
true, accepted but not judged (TooBig), FALSE ACCEPTS. ``python tests/forgers.py --report`` prints
the table for every checker found (the kernel, ``verify.second_opinion`` when importable).

Building blocks (reusable): :class:`Oracle` (plain minimax of the attack question "can X force a
win" on any state (black, white, t), legal or not), :func:`needs` / :func:`iso` (residual needs
and a cell bijection carrying one family onto another), :class:`Targets` (every state of a small
board indexed by the shape of its needs: the link targets an adversary can pick),
:func:`walk_forge` (a proof or refutation recorded while the kernel's own walk asks for choices,
links, pairings, lines and replies from adversarial policies), and the certificate envelopes
:func:`mb_cert` and :func:`pg_cert`.
"""
from __future__ import annotations

import copy
import itertools
import json
import os
import random
import sys
import zipfile
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import brute  # noqa: E402
from verify.certificates import envelope  # noqa: E402
from verify.certificates.checker import check_certificate  # noqa: E402
from verify.certificates.proof import ProofWalk  # noqa: E402
from verify.errors import CertificateError, VerifyError  # noqa: E402
from verify.formats.instances import question_of  # noqa: E402
from verify.formats.pg import parse_pg, pg_to_text  # noqa: E402
from verify.formats.questions import board_json  # noqa: E402
from verify.games import positional as pg  # noqa: E402
from verify.games.maker_breaker import MakerBreakerGame  # noqa: E402
from verify.hypergraph import Hypergraph, bits, minimal_masks  # noqa: E402

# -- the checkers under attack -------------------------------------------------------------------


def _kernel(cert) -> None:
    if isinstance(cert, dict) and "__members__" in cert:
        import tempfile
        from verify.certificates.checker import check_file
        with tempfile.TemporaryDirectory() as tmp:
            check_file(save(Forgery("book", "", cert), tmp))
        return
    check_certificate(copy.deepcopy(cert))


def checkers() -> dict:
    """name -> (check(cert) raising on refusal, the refusal exception types). The kernel always;
    the second checker (``verify.second_opinion.check``) when it can be imported."""
    out = {"kernel": (_kernel, (CertificateError,))}
    try:
        from verify import second_opinion
        from verify.second_opinion.envelope import Refused
    except Exception:  # noqa: BLE001 - not written yet, or broken mid-edit: attack the kernel only
        return out

    def second(cert):
        if isinstance(cert, dict) and "__members__" in cert:
            import tempfile
            with tempfile.TemporaryDirectory() as tmp:
                path = save(Forgery("book", "", cert), tmp)
                return second_opinion.check_path(path)
        return second_opinion.check(copy.deepcopy(cert))

    out["second"] = (second, (Refused, CertificateError))
    return out


# -- the judge ------------------------------------------------------------------------------------

_TRUTH: dict = {}


def truth(cert) -> bool | None:
    """The brute-force judge's word on the claim (None: too big to judge). A positional-strategy
    claim (any convention and bias) is judged by :func:`forgers_positional.truth` (the brute force's
    positional_winner after a strict reading of the question)."""
    if isinstance(cert, dict) and cert.get("kind") in ("positional-strategy", "positional-pairing"):
        return forgers_positional.truth(cert)
    try:
        q = brute.question(cert)
    except brute.Invalid:
        return False
    key = json.dumps(q, sort_keys=True, default=repr)
    if key not in _TRUTH:
        try:
            _TRUTH[key] = brute.truth(*q)
        except brute.TooBig:
            _TRUTH[key] = None
    return _TRUTH[key]


@dataclass
class Forgery:
    rule: str
    note: str
    cert: dict  # a book's root carries its members under "__members__" (written as a zip by :func:`save`)


def verdict(check, refusals, cert) -> str:
    """'refused', 'true', 'unjudged' or 'FALSE' (accepted, and the judge says the claim is false)."""
    try:
        check(cert)
    except refusals:
        return "refused"
    except (VerifyError, RecursionError, MemoryError):
        return "refused"
    t = truth(cert)
    return "unjudged" if t is None else "true" if t else "FALSE"


@dataclass
class Tally:
    counts: dict = field(default_factory=dict)  # (checker, rule) -> Counter of verdicts
    false: list = field(default_factory=list)  # (checker, forgery)

    def add(self, checker: str, f: Forgery, outcome: str) -> None:
        self.counts.setdefault((checker, f.rule), Counter())[outcome] += 1
        if outcome == "FALSE":
            self.false.append((checker, f))

    def table(self) -> str:
        rows = [f"{'checker':8} {'rule':34} {'tried':>7} {'refused':>8} {'true':>6} {'unjudged':>9} {'FALSE':>6}"]
        total: dict = {}
        for (chk, rule), c in sorted(self.counts.items()):
            tried = sum(c.values())
            rows.append(f"{chk:8} {rule:34} {tried:7} {c['refused']:8} {c['true']:6} {c['unjudged']:9} {c['FALSE']:6}")
            t = total.setdefault(chk, Counter())
            t.update(c)
        for chk, c in sorted(total.items()):
            rows.append(f"{chk:8} {'TOTAL':34} {sum(c.values()):7} {c['refused']:8} {c['true']:6} "
                        f"{c['unjudged']:9} {c['FALSE']:6}")
        return "\n".join(rows)


def attack(forgeries, chks=None, tally: Tally | None = None) -> Tally:
    tally = tally if tally is not None else Tally()
    chks = chks if chks is not None else checkers()
    for f in forgeries:
        for name, (check, refusals) in chks.items():
            tally.add(name, f, verdict(check, refusals, f.cert))
    return tally


def save(f: Forgery, folder: str = "/tmp/forgeries") -> str:
    """Write a forgery (a book as a .zip) under ``folder``; returns the path."""
    os.makedirs(folder, exist_ok=True)
    blob = json.dumps(f.cert, sort_keys=True)
    import hashlib
    stem = f"{f.rule.replace('/', '-')}-{hashlib.sha256(blob.encode()).hexdigest()[:10]}"
    cert = copy.deepcopy(f.cert)
    if "__members__" in cert:
        from verify.certificates.book import ROOT
        members = cert.pop("__members__")
        path = os.path.join(folder, stem + ".zip")
        with zipfile.ZipFile(path, "w") as z:
            z.writestr(ROOT, json.dumps(cert))
            for name, m in members.items():
                z.writestr(name, json.dumps(m))
        return path
    path = os.path.join(folder, stem + ".json")
    with open(path, "w") as out:
        json.dump(cert, out)
    return path


# -- games ----------------------------------------------------------------------------------------

FORGERS: dict = {}


def forger(rule: str):
    def deco(fn):
        FORGERS[rule] = fn
        return fn
    return deco


TTT = [["a1", "b1", "c1"], ["a2", "b2", "c2"], ["a3", "b3", "c3"], ["a1", "a2", "a3"], ["b1", "b2", "b3"],
       ["c1", "c2", "c3"], ["a1", "b2", "c3"], ["c1", "b2", "a3"]]

#: small Maker-Breaker boards (edges, vertices): symmetric ones (links), triangles, pairs, paths
MB_BOARDS = [
    (TTT, None),
    ([["a", "b"], ["a", "c"], ["b", "c"]], None),
    ([[a, b] for a in "abcd" for b in "abcd" if a < b], None),
    ([["1", "2", "3"], ["3", "4", "5"], ["5", "6", "1"]], None),
    ([["a", "b", "c"], ["c", "d", "e"], ["e", "f", "a"], ["b", "d", "f"]], None),
    ([["a", "b"], ["c", "d"], ["e", "f"]], None),
    ([["a", "b", "c"], ["d", "e", "f"], ["a", "d"], ["b", "e"]], None),
    ([["a", "b", "c"], ["b", "c", "d"], ["c", "d", "e"], ["d", "e", "f"]], None),
    ([["a", "b", "c"], ["a", "d", "e"], ["b", "d", "f"], ["c", "e", "f"]], ["a", "b", "c", "d", "e", "f", "g"]),
]


@dataclass
class MB:
    """A Maker-Breaker question on a small board: its pg form and certificate envelope."""
    edges: list
    vertices: list | None
    first: str
    maker: tuple = ()
    breaker: tuple = ()
    bound: int | None = None

    @property
    def board(self) -> Hypergraph:
        return Hypergraph(self.edges, vertices=self.vertices, marked=self.maker)

    @property
    def mbgame(self) -> MakerBreakerGame:
        return MakerBreakerGame(self.board, self.first, frozenset(self.breaker))

    @property
    def game(self) -> pg.PositionalGame:
        g = self.mbgame
        return pg.from_maker_breaker(g.board, g.maker_mask, g.breaker_mask, g.first, self.bound)

    def cert(self, winner: str, questions=None, kind="pg-proof", **body) -> dict:
        if questions is not None:
            body["questions"] = questions
        return envelope(kind, board_json(self.board), question_of("maker-breaker", self.mbgame, self.bound),
                        {"winner": winner}, **body)

    def truth(self) -> str:
        h = self.board
        return brute.maker_breaker_winner(h.n, list(h.edge_masks), h.mask(self.maker), h.mask(self.breaker),
                                          self.first, self.bound)


def mb_questions(rng: random.Random, k: int, bounded: bool = False) -> list[MB]:
    """k random small Maker-Breaker questions over :data:`MB_BOARDS` (either starter, sometimes
    stones of either side, sometimes a bound)."""
    out = []
    for _ in range(k):
        edges, vertices = rng.choice(MB_BOARDS)
        names = vertices or sorted({v for e in edges for v in e})
        maker = tuple(v for v in names if rng.random() < 0.08)
        breaker = tuple(v for v in names if v not in maker and rng.random() < 0.08)
        bound = rng.randint(1, 4) if bounded or rng.random() < 0.15 else None
        out.append(MB(edges, vertices, rng.choice(["maker", "breaker"]), maker, breaker, bound))
    return out


def pg_cert(text: str, winner: str, questions=None, kind="pg-proof", **body) -> dict:
    if questions is not None:
        body["questions"] = questions
    return envelope(kind, {"pg": text}, question_of("pg", parse_pg(text)), {"winner": winner}, **body)


def random_pg_text(rng: random.Random, max_cells: int = 7) -> str:
    from test_certificate_adversarial import random_pg
    return random_pg(rng, max_cells)


def pg_truth(text: str) -> str:
    return brute.pg_result(text)


def needed_answers(game: pg.PositionalGame, winner: str) -> list[tuple[str, bool]]:
    if winner == pg.BLACK:
        return [(pg.BLACK, True)]
    if not game.maker_maker:
        return [(pg.BLACK, False)]
    return [(pg.BLACK, False), (pg.WHITE, winner == pg.WHITE)]


# -- an oracle: minimax of "can X force a win" on any state ----------------------------------------

class Oracle:
    """Does X force a win from (black, white, t)? Plain minimax by the rules, on any state (an
    illegal one is played by the same rules: a forger's heuristic, never a judge)."""

    def __init__(self, game: pg.PositionalGame, attacker: str):
        self.game = game
        self.x = attacker
        self.sched = game.schedule()
        self.xsets = game.sets(attacker)
        self.ysets = game.sets(pg.other(attacker))
        self.xb = attacker == pg.BLACK
        self.wins = lru_cache(maxsize=None)(self._wins)

    def _wins(self, b: int, w: int, t: int) -> bool:
        own, opp = (b, w) if self.xb else (w, b)
        if any(s & own == s for s in self.xsets):
            return True
        if any(s & opp == s for s in self.ysets) or t >= len(self.sched):
            return False
        free = self.game.full_mask & ~b & ~w
        if t == 0 and self.game.first_moves is not None:
            free &= self.game.first_moves
        if not free:
            return False
        black = self.sched[t] == pg.BLACK
        outs = ((b | 1 << i, w) if black else (b, w | 1 << i) for i in bits(free))
        if (self.sched[t] == self.x):
            return any(self.wins(nb, nw, t + 1) for nb, nw in outs)
        return all(self.wins(nb, nw, t + 1) for nb, nw in outs)


# -- residual needs, isomorphisms, link targets ----------------------------------------------------

def walk_sets(game: pg.PositionalGame, attacker: str) -> tuple:
    """X's sets as a residual walk sees them (minimal, blocked and too-large ones dropped)."""
    sched = game.schedule()
    left0 = sum(1 for c in sched if c == attacker)
    own0, opp0 = (game.black_initials, game.white_initials) if attacker == pg.BLACK else (
        game.white_initials, game.black_initials)
    return tuple(minimal_masks(s for s in game.sets(attacker) if not s & opp0 and (s & ~own0).bit_count() <= left0))


def left_of(game: pg.PositionalGame, attacker: str, t: int) -> int:
    return sum(1 for c in game.schedule()[t:] if c == attacker)


def needs(xsets, own: int, opp: int, left: int) -> list[int]:
    """X's distinct needs within ``left`` moves on the sets Y has not touched, sorted."""
    return sorted({s & ~own for s in xsets if not s & opp and (s & ~own).bit_count() <= left})


def iso(src, dst) -> dict | None:
    """A bijection (cell bit -> cell bit) of the cells of the family ``src`` onto those of ``dst``
    carrying ``src`` onto ``dst`` (as families of sets), or None."""
    src, dst = list(src), list(dst)
    if len(src) != len(dst) or sorted(s.bit_count() for s in src) != sorted(s.bit_count() for s in dst):
        return None
    us = ud = 0
    for s in src:
        us |= s
    for s in dst:
        ud |= s
    cs, cd = [1 << i for i in bits(us)], [1 << i for i in bits(ud)]
    if len(cs) != len(cd):
        return None

    def sig(c, fam):
        return tuple(sorted(s.bit_count() for s in fam if s & c))

    sigs, sigd = {c: sig(c, src) for c in cs}, {c: sig(c, dst) for c in cd}
    cs.sort(key=lambda c: -len(sigs[c]))
    target = set(dst)
    f: dict = {}
    used: set = set()

    def ok() -> bool:
        for s in src:
            if all(c in f for c in (1 << i for i in bits(s))):
                if sum(f[1 << i] for i in bits(s)) not in target:
                    return False
        return True

    def go(k) -> bool:
        if k == len(cs):
            return {sum(f[1 << i] for i in bits(s)) for s in src} == target
        c = cs[k]
        for d in cd:
            if d not in used and sigd[d] == sigs[c]:
                f[c] = d
                used.add(d)
                if ok() and go(k + 1):
                    return True
                del f[c]
                used.discard(d)
        return False

    return dict(f) if go(0) else None


def full_map(game: pg.PositionalGame, partial: dict) -> dict:
    """``partial`` extended to a permutation of every cell (the other cells onto the rest, in order)."""
    cells = [1 << i for i in range(len(game.positions))]
    rest_src = [c for c in cells if c not in partial]
    rest_dst = [c for c in cells if c not in set(partial.values())]
    return {**partial, **dict(zip(rest_src, rest_dst))}


def map_text(game: pg.PositionalGame, cmap: dict) -> str:
    return " ".join(f"{game.names(a)[0]}>{game.names(b)[0]}" for a, b in cmap.items())


class Targets:
    """Every state (black', white') of a small residual game over the cells free at the start (the
    initial stones added), legal or not, indexed by the sizes of X's needs at each ``left``: the
    link targets an adversary may pick. Classes: 'overlap' (some cell of both colours: by default
    only those hiding a complete X set touched by Y), 'disjoint' (colours disjoint; counts checked
    by the caller against t), enumerated for boards of at most ``max_free`` free cells."""

    def __init__(self, game: pg.PositionalGame, attacker: str, max_free: int = 9, hidden_only: bool = True):
        self.game, self.x = game, attacker
        self.xsets = walk_sets(game, attacker)
        b0, w0 = game.start()
        self.b0, self.w0 = b0, w0
        free = game.free_mask()
        cells = [1 << i for i in bits(free)]
        self.ok = len(cells) <= max_free
        self.index: dict = {}
        self._shapes: dict = {}
        if not self.ok:
            return
        subsets = [sum(c for k, c in enumerate(cells) if m >> k & 1) for m in range(1 << len(cells))]
        xb = attacker == pg.BLACK
        for wy in subsets:  # Y's stones
            live = [s for s in self.xsets if not s & (wy | (b0 if not xb else w0))]
            touched = [s for s in self.xsets if s & wy]
            for bx in subsets:  # X's stones
                overlap = bool(bx & wy)
                if overlap and hidden_only and not any(s & bx == s for s in touched):
                    continue
                nd = sorted({s & ~bx for s in live})
                if 0 in nd:
                    continue  # a complete untouched set: the key says "won" already (no forgery)
                b, w = (bx | b0, wy | w0) if xb else (wy | b0, bx | w0)
                self.index.setdefault("overlap" if overlap else "disjoint", []).append((b, w, tuple(nd)))

    def by_shape(self, cls: str, left: int) -> dict:
        """The states of class ``cls`` by the sorted sizes of their needs within ``left``."""
        key = (cls, left)
        if key not in self._shapes:
            out: dict = {}
            for e in self.index.get(cls, []):
                out.setdefault(tuple(sorted(s.bit_count() for s in e[2] if s.bit_count() <= left)), []).append(e)
            self._shapes[key] = out
        return self._shapes[key]

    def candidates(self, cls: str, src_needs, left: int, rng: random.Random, limit: int = 40):
        """(black', white', map from their needs onto ``src_needs``) for up to ``limit`` random
        states of class ``cls`` whose needs within ``left`` are isomorphic to ``src_needs`` and
        not equal to them."""
        shape = tuple(sorted(s.bit_count() for s in src_needs))
        pool = list(self.by_shape(cls, left).get(shape, ()))
        rng.shuffle(pool)
        found = 0
        key = sorted(src_needs)
        for b, w, nd in pool[:400]:
            mine = sorted(s for s in nd if s.bit_count() <= left)
            if mine == key:
                continue
            f = iso(mine, key)
            if f is not None:
                yield b, w, f
                found += 1
                if found >= limit:
                    return


# -- recording a walk -----------------------------------------------------------------------------

def names(game, mask) -> str:
    return " ".join(game.names(mask))


class RecordingWalk(ProofWalk):
    """The kernel's walk, made to go on past failures while recording: a failed proof counts as
    carrier 'every cell' (so every Y reply is explored and gets its choices), a failed refutation
    step as done, and a link the kernel refuses is recorded anyway and the walk derives on from
    its source (the checker, reading the certificate, meets the link first)."""

    def prove(self, b, w, t):
        try:
            return super().prove(b, w, t)
        except (CertificateError, KeyError):
            self.failed = True
            key = self.key(b, w, t)
            self._open.discard(key)
            self.carriers[key] = self.game.full_mask
            return self.game.full_mask

    def _refute_step(self, b, w, t):
        try:
            return super()._refute_step(b, w, t)
        except (CertificateError, KeyError):
            self.failed = True
            return []

    def _linked(self, b, w, t, key):
        try:
            return super()._linked(b, w, t, key)
        except (CertificateError, KeyError):
            self.failed = True
            return None


class Recorder:
    """A proof (``wins``) or refutation of "X wins" recorded while the kernel's walk asks for
    choices: every callback is a policy ``policy(self, b, w, t)`` (None: the rule unused), memoised
    so each state gets one answer. The answer is serialised whatever the walk's outcome (a failed
    walk is a forgery the checker must refuse anyway)."""

    def __init__(self, game, attacker, wins, rng, choose, link=None, pairing=None, line=None,
                 replies=None, split=False, budget=60000):
        self.game, self.x, self.wins, self.rng = game, attacker, wins, rng
        self.oracle = Oracle(game, attacker)
        self.xsets = walk_sets(game, attacker)
        self.memo: dict = {}
        self.table: dict = {}
        self.links: dict = {}
        self.pairs: dict = {}
        self.lines: dict = {}
        self.replies: set = set()
        self.split = split
        self.policies = {"choose": choose, "link": link, "pairing": pairing, "line": line, "replies": replies}
        self.walk = RecordingWalk(game, attacker, self._cb("choose", self.table),
                              self._cb("link", self.links) if link else None,
                              self._cb("pairing", self.pairs) if pairing else None, split,
                              self._cb("line", self.lines) if line else None,
                              self._cb("replies", None) if replies else None)
        self.walk.budget = budget
        self.walk.failed = False
        self.passed = None

    def _cb(self, name, store):
        policy = self.policies[name]

        def cb(b, w, t):
            key = (name, b, w, t)
            if key not in self.memo:
                v = policy(self, b, w, t)
                self.memo[key] = v
                if v is not None and v is not False and v != 0:
                    if store is not None:
                        store[(b, w, t)] = v
                    elif name == "replies":
                        self.replies.add((b, w, t))
            return self.memo[key]
        return cb

    def run(self) -> "Recorder":
        start = self.game.start()
        try:
            (self.walk.prove if self.wins else self.walk.refute)(*start, 0)
            self.passed = not self.walk.failed
        except (CertificateError, RecursionError, KeyError):
            self.passed = False
        return self

    # helpers for policies
    def own_opp(self, b, w):
        return (b, w) if self.x == pg.BLACK else (w, b)

    def needs(self, b, w, t):
        own, opp = self.own_opp(b, w)
        return needs(self.xsets, own, opp, left_of(self.game, self.x, t))

    def state(self, b, w, t) -> list:
        b0, w0 = self.game.start()
        return [t, names(self.game, b & ~b0), names(self.game, w & ~w0)]

    def answer(self) -> dict:
        g = self.game
        q = {"attacker": self.x, "wins": self.wins,
             "moves": [self.state(b, w, t) + [g.names(v)[0]] for (b, w, t), v in self.table.items()]}
        if self.links:
            b0, w0 = g.start()
            q["links"] = [self.state(b, w, t) + [names(g, lb & ~b0), names(g, lw & ~w0), map_text(g, f)]
                          for (b, w, t), ((lb, lw), f) in self.links.items()]
        if self.pairs:
            q["pairings"] = [self.state(b, w, t) + [" ".join(" ".join(g.names(p)) for p in ps)]
                             for (b, w, t), ps in self.pairs.items()]
        if self.lines:
            q["lines"] = [self.state(b, w, t) + [" ".join(g.names(a)[0] for a in ln)]
                          for (b, w, t), ln in self.lines.items()]
        if self.replies:
            q["replies"] = [self.state(b, w, t) for b, w, t in self.replies]
        if self.split:
            q["components"] = True
        return q


def adversarial_choice(rec: Recorder, b, w, t) -> int:
    """The side to convince picks a move that keeps its claim true by minimax where one exists
    (X winning in a proof, Y holding in a refutation), at random among them, else any legal move
    (on a live need in a residual proof)."""
    game = rec.game
    free = game.full_mask & ~b & ~w
    if t == 0 and game.first_moves is not None:
        free &= game.first_moves
    if not free:
        return 0
    sched = game.schedule()
    if t >= len(sched):
        return 0
    black = sched[t] == pg.BLACK
    moves = [1 << i for i in bits(free)]
    if rec.wins and rec.walk.residual:
        live = 0
        for s in rec.needs(b, w, t):
            live |= s
        moves = [m for m in moves if m & live] or moves
    good = [m for m in moves
            if rec.oracle.wins(*((b | m, w) if black else (b, w | m)), t + 1) == rec.wins]
    return rec.rng.choice(good or moves)


def random_choice(rec: Recorder, b, w, t) -> int:
    free = rec.game.full_mask & ~b & ~w
    if t == 0 and rec.game.first_moves is not None:
        free &= rec.game.first_moves
    return rec.rng.choice([1 << i for i in bits(free)]) if free else 0


def forge_answer(game, attacker, wins, rng, choose=adversarial_choice, **policies) -> dict:
    return Recorder(game, attacker, wins, rng, choose, **policies).run().answer()


def forged_questions(game, winner, rng, attacker_policies=None, **policies) -> list:
    """The answers the claim ``winner`` needs, each recorded by :class:`Recorder` with the
    policies given (``attacker_policies``: attacker -> policies, overriding)."""
    out = []
    for attacker, wins in needed_answers(game, winner):
        pol = dict(policies)
        pol.update((attacker_policies or {}).get(attacker, {}))
        out.append(forge_answer(game, attacker, wins, rng, **pol))
    return out


def false_winner_mb(q: MB) -> str:
    return "breaker" if q.truth() == "maker" else "maker"


def other_winners(game: pg.PositionalGame, true: str) -> list[str]:
    options = [pg.BLACK, pg.WHITE, pg.DRAW] if game.maker_maker else [pg.BLACK, pg.WHITE]
    return [x for x in options if x != true]


# -- forgers: links ---------------------------------------------------------------------------------

_TARGETS: dict = {}


def targets_of(game, attacker) -> Targets:
    key = (pg_to_text(game) if game.white_sets or True else None, attacker)
    if key not in _TARGETS:
        _TARGETS[key] = Targets(game, attacker)
    return _TARGETS[key]


def link_policy(cls: str, where: str = "lost"):
    """Link a state the claim cannot hold at (``where='lost'``: minimax says the side to convince
    is losing there; 'any': every state with a target) to a state of class ``cls`` ('overlap',
    'disjoint', 'count': disjoint colours with stone counts no play reaches at t, 'legal': reachable
    counts) whose needs are isomorphic, chosen adversarially (a target minimax calls a win for the
    side to convince, or an 'already won' one)."""
    def policy(rec: Recorder, b, w, t):
        if not rec.walk.residual:
            return None
        if where == "lost" and rec.oracle.wins(b, w, t) == rec.wins:
            return None
        tg = targets_of(rec.game, rec.x)
        if not tg.ok:
            return None
        src = rec.needs(b, w, t)
        left = left_of(rec.game, rec.x, t)
        sched = rec.game.schedule()
        nb = sum(1 for c in sched[:t] if c == pg.BLACK)
        nw = t - nb
        b0, w0 = rec.game.start()
        base = "overlap" if cls == "overlap" else "disjoint"
        for lb, lw, f in tg.candidates(base, src, left, rec.rng):
            if cls in ("count", "legal"):
                legal = (lb & ~b0).bit_count() <= nb and (lw & ~w0).bit_count() <= nw
                if legal != (cls == "legal"):
                    continue
            if (lb, lw) == (b, w):
                continue
            if rec.oracle.wins(lb, lw, t) != rec.wins and cls != "legal":
                continue
            return (lb, lw), full_map(rec.game, f)
        return None
    return policy


def _mb_link_forgeries(rule, cls, rng, scale, true_claims=0.15):
    k = 0
    while k < 12 * scale:
        q = rng.choice(mb_questions(rng, 1))
        truth_w = q.truth()
        winner = truth_w if rng.random() < true_claims else false_winner_mb(q)
        g = q.game
        if g.free_mask().bit_count() > 9:
            continue
        ans = forge_answer(g, pg.BLACK, winner == "maker", rng, link=link_policy(cls))
        k += 1
        yield Forgery(rule, f"{q.first} first, {len(q.edges)} edges, claim {winner}", q.cert(winner, [ans]))


@forger("links/target-overlap")
def links_target_overlap(rng, scale=1):
    """The reported hole, generically: at every state where the claim fails, a link to a state
    whose colours overlap (hiding a complete Maker set under a Breaker stone), needs isomorphic."""
    yield from _mb_link_forgeries("links/target-overlap", "overlap", rng, scale)
    # tic-tac-toe, Breaker first, "Maker wins" (the forgery, rebuilt by the forger)
    q = MB(TTT, None, "breaker")
    for _ in range(2 * scale):
        ans = forge_answer(q.game, pg.BLACK, True, rng, link=link_policy("overlap"))
        yield Forgery("links/target-overlap", "tic-tac-toe breaker first, claim maker", q.cert("maker", [ans]))


@forger("links/target-counts")
def links_target_counts(rng, scale=1):
    """Links to disjoint-coloured states whose stone counts no play reaches at that time point."""
    yield from _mb_link_forgeries("links/target-counts", "count", rng, scale)


@forger("links/target-legal")
def links_target_legal(rng, scale=1):
    """Control: links to reachable-count targets with isomorphic needs (sound: true claims pass)."""
    yield from _mb_link_forgeries("links/target-legal", "legal", rng, scale, true_claims=0.5)


@forger("links/source-illegal")
def links_source_illegal(rng, scale=1):
    """Links whose source is a state of overlapping colours, of a stone on an initial stone, or of
    impossible counts, pointed at an 'already won' state; a second link from the overlapping
    target onward (a chain through an illegal state)."""
    for q in mb_questions(rng, 8 * scale):
        g = q.game
        if g.free_mask().bit_count() > 9:
            continue
        winner = false_winner_mb(q)
        ans = forge_answer(g, pg.BLACK, winner == "maker", rng, link=link_policy("overlap"))
        # append links from the targets (sources now illegal) onward to random states
        links = ans.get("links", [])
        cells = list(g.positions)
        for e in list(links):
            lb, lw = e[3], e[4]
            extra = rng.sample(cells, min(2, len(cells)))
            links.append([e[0], lb, lw, " ".join(extra[:1]), " ".join(extra[1:]), e[5]])
        b0, w0 = g.start()
        init = g.names(b0 | w0)
        if init and ans["moves"]:
            e = rng.choice(ans["moves"])
            ans.setdefault("links", []).append([e[0], e[1] + " " + rng.choice(init), e[2], e[1], e[2], ""])
        yield Forgery("links/source-illegal", f"{q.first} first, claim {winner}", q.cert(winner, [ans]))


@forger("links/initial-stones")
def links_initial_stones(rng, scale=1):
    """Link targets holding a stone on an initial stone of either colour (the opponent's or its own)."""
    for q in mb_questions(rng, 12 * scale):
        if not q.maker and not q.breaker:
            q.breaker = (rng.choice(q.board.vertices),)
        g = q.game
        if g.free_mask().bit_count() > 9:
            continue
        winner = false_winner_mb(q)
        ans = forge_answer(g, pg.BLACK, winner == "maker", rng)
        b0, w0 = g.start()
        init = g.names(b0 | w0)
        states = [e[:3] for e in ans["moves"]] or [[0, "", ""]]
        links = []
        for st in rng.sample(states, min(4, len(states))):
            c = rng.choice(init)
            lb, lw = (st[1] + " " + c, st[2]) if rng.random() < 0.5 else (st[1], st[2] + " " + c)
            perm = list(g.positions)
            rng.shuffle(perm)
            links.append(st + [lb.strip(), lw.strip(), " ".join(f"{a}>{b}" for a, b in zip(g.positions, perm))])
        ans["links"] = links
        yield Forgery("links/initial-stones", f"claim {winner}", q.cert(winner, [ans]))


@forger("links/time-range")
def links_time_range(rng, scale=1):
    """Links at (and entries for) time points out of range: negative, past the schedule, huge."""
    for q in mb_questions(rng, 10 * scale):
        g = q.game
        winner = false_winner_mb(q)
        ans = forge_answer(g, pg.BLACK, winner == "maker", rng)
        n = len(g.schedule())
        for t in (-1, n, n + 1, 10 ** 6, 2 ** 63):
            ans.setdefault("links", []).append([t, "", "", "", "", ""])
            ans["moves"].append([t, "", "", g.positions[0]])
        yield Forgery("links/time-range", f"claim {winner}", q.cert(winner, [ans]))


# -- maps ---------------------------------------------------------------------------------------------

def _pg_map_games(rng, k):
    """Random .pg games (Maker-Maker, #firstmoves, schedules with runs) of at most 7 cells."""
    out = []
    while len(out) < k:
        text = random_pg_text(rng, 7)
        try:
            g = parse_pg(text)
            truth_w = pg_truth(text)
        except Exception:  # noqa: BLE001 - not a game
            continue
        out.append((text, g, truth_w))
    return out


def bad_map(game: pg.PositionalGame, rng, kind: str) -> dict:
    """A cell map of the given kind: 'collapse' (not one-to-one), 'partial' (a cell missing),
    'perm' (a random permutation: no automorphism in general), 'swap' (two cells exchanged),
    'colours' (black's sets onto white's, if it can), 'initial' (moves an initial stone),
    'first' (breaks #firstmoves)."""
    cells = [1 << i for i in range(len(game.positions))]
    perm = cells[:]
    rng.shuffle(perm)
    f = dict(zip(cells, perm))
    if kind == "collapse" and len(cells) > 1:
        a, b = rng.sample(cells, 2)
        f[a] = f[b]
    elif kind == "partial" and cells:
        del f[rng.choice(cells)]
    elif kind == "swap" and len(cells) > 1:
        a, b = rng.sample(cells, 2)
        f = {c: c for c in cells}
        f[a], f[b] = b, a
    elif kind in ("initial", "first"):
        special = (game.black_initials | game.white_initials) if kind == "initial" else (game.first_moves or 0)
        inside = [c for c in cells if c & special]
        outside = [c for c in cells if not c & special]
        f = {c: c for c in cells}
        if inside and outside:
            a, b = rng.choice(inside), rng.choice(outside)
            f[a], f[b] = b, a
    return f


@lru_cache(maxsize=256)
def colour_maps(text: str) -> dict:
    """Cell maps (name -> name) of a small .pg game found by brute force over permutations (at most
    7 cells): 'both' (automorphisms of both families), 'black' / 'white' (of that colour's sets
    only), 'swap' (black's sets onto white's)."""
    game = parse_pg(text)
    n = len(game.positions)
    out: dict = {"both": [], "black": [], "white": [], "swap": []}
    if n > 7:
        return out
    bs, ws = set(game.black_sets), set(game.white_sets)

    def img(p, s):
        return sum(1 << p[i] for i in bits(s))

    for p in itertools.permutations(range(n)):
        if p == tuple(range(n)):
            continue
        kb = {img(p, s) for s in bs} == bs
        kw = {img(p, s) for s in ws} == ws
        m = {game.positions[i]: game.positions[p[i]] for i in range(n)}
        if kb and kw:
            out["both"].append(m)
        elif kb:
            out["black"].append(m)
        elif kw and ws:
            out["white"].append(m)
        if ws and {img(p, s) for s in bs} == ws and len(out["swap"]) < 50:
            out["swap"].append(m)
    return out


@forger("links/maps")
def links_maps(rng, scale=1):
    """Links through maps that are no automorphism of the game played: not one-to-one, missing a
    cell, a random permutation, a swap, moving an initial stone or a #firstmoves cell, an
    automorphism of one colour's sets only; '@k' out of range or malformed."""
    for text, g, truth_w in _pg_map_games(rng, 8 * scale):
        winner = rng.choice(other_winners(g, truth_w))
        qs = forged_questions(g, winner, rng)
        kinds = ["collapse", "partial", "perm", "swap", "initial", "first", "onecolour", "@"]
        for q in qs:
            links = q.setdefault("links", [])
            maps = q.setdefault("maps", [])
            states = [e[:3] for e in q["moves"]] + [[1, g.positions[0], ""]]
            for st in rng.sample(states, min(5, len(states))):
                kind = rng.choice(kinds)
                if kind == "onecolour":
                    ms = colour_maps(text)
                    pool = ms["black"] + ms["white"] + ms["swap"] or ms["both"]
                    if not pool:
                        continue
                    sm = rng.choice(pool)
                    f = {g.mask([a]): g.mask([b]) for a, b in sm.items()}
                elif kind == "@":
                    links.append(st + [st[1], st[2], rng.choice(["@9", "@-1", "@x", "@", "@01", "@" + "9" * 40])])
                    continue
                else:
                    f = bad_map(g, rng, kind)
                inv = {v: k for k, v in f.items()}
                pre = lambda s: " ".join(g.names(inv.get(g.mask([x]), g.mask([x])))[0] for x in s.split())  # noqa: E731
                b0, w0 = g.start()
                try:
                    lb, lw = pre(st[1]), pre(st[2])
                except Exception:  # noqa: BLE001
                    lb, lw = st[1], st[2]
                text_map = map_text(g, f)
                if rng.random() < 0.5:
                    maps.append(text_map)
                    text_map = f"@{len(maps) - 1}"
                links.append(st + [lb, lw, text_map])
        yield Forgery("links/maps", f"claim {winner} (true {truth_w})", pg_cert(text, winner, qs))
    # residual games: a map that is not one-to-one on the needs, or misses a need cell
    for q in mb_questions(rng, 6 * scale):
        g = q.game
        if g.free_mask().bit_count() > 9:
            continue
        winner = false_winner_mb(q)

        def policy(rec, b, w, t, kind=rng.choice(["collapse", "partial"])):
            got = link_policy("legal", "lost")(rec, b, w, t)
            if got is None:
                return None
            (lb, lw), f = got
            f = dict(f)
            keys = list(f)
            if kind == "collapse" and len(keys) > 1:
                f[keys[0]] = f[keys[1]]
            elif keys:
                del f[keys[0]]
            return (lb, lw), f
        try:
            ans = forge_answer(g, pg.BLACK, winner == "maker", rng, link=policy)
        except (KeyError, IndexError):
            continue
        yield Forgery("links/maps", f"residual map, claim {winner}", q.cert(winner, [ans]))


@forger("links/cycles")
def links_cycles(rng, scale=1):
    """Cycles of links of length 1, 2 and 3 at states where the claim fails (states of equal or
    isomorphic needs linked round), in proofs and refutations, residual and keyed games."""
    for q in mb_questions(rng, 10 * scale):
        g = q.game
        if g.free_mask().bit_count() > 9:
            continue
        winner = false_winner_mb(q)
        rec = Recorder(g, pg.BLACK, winner == "maker", rng, adversarial_choice).run()
        ans = rec.answer()
        states = [e[:3] for e in ans["moves"]] + [[0, "", ""]]
        length = rng.choice([1, 2, 3])
        st = rng.choice(states)
        perm = list(g.positions)
        cyc = [st]
        for _ in range(length - 1):
            rng.shuffle(perm)
            f = dict(zip(g.positions, perm))
            cyc.append([st[0], " ".join(f[x] for x in st[1].split()), " ".join(f[x] for x in st[2].split())])
        ident = " ".join(f"{x}>{x}" for x in g.positions)
        ans["links"] = [cyc[i] + cyc[(i + 1) % length][1:] + [ident] for i in range(length)]
        yield Forgery("links/cycles", f"cycle of {length}, claim {winner}", q.cert(winner, [ans]))
    # keyed games: cycles through automorphisms (the identity, a symmetric pair)
    for text, g, truth_w in _pg_map_games(rng, 4 * scale):
        winner = rng.choice(other_winners(g, truth_w))
        qs = forged_questions(g, winner, rng)
        ident = " ".join(f"{x}>{x}" for x in g.positions)
        for q in qs:
            states = [e[:3] for e in q["moves"]] or [[0, "", ""]]
            st = rng.choice(states)
            q["links"] = [st + [st[1], st[2], ident]]
        yield Forgery("links/cycles", f"keyed self-link, claim {winner}", pg_cert(text, winner, qs))


@forger("links/unreached")
def links_unreached(rng, scale=1):
    """Links into states no play reaches, whose own proofs are recorded (moves at unreachable
    states: more X stones than X has had turns), for false claims."""
    for q in mb_questions(rng, 8 * scale):
        g = q.game
        if g.free_mask().bit_count() > 9:
            continue
        winner = false_winner_mb(q)

        def policy(rec, b, w, t):
            if rec.oracle.wins(b, w, t) == rec.wins:
                return None
            got = link_policy("count", "lost")(rec, b, w, t)
            return got
        ans = forge_answer(g, pg.BLACK, winner == "maker", rng, link=policy)
        yield Forgery("links/unreached", f"claim {winner}", q.cert(winner, [ans]))


# -- carriers, passes, must-play, forced blocks ----------------------------------------------------

@forger("carriers/must-play")
def carriers_must_play(rng, scale=1):
    """False proofs whose X moves are picked adversarially everywhere, pass states included (the
    pass state's proof is a real win there; its carrier decides which Y replies are checked): Y
    replies outside a carrier that win for Y are what this forger hunts."""
    for q in mb_questions(rng, 10 * scale):
        if q.truth() != "breaker":
            continue
        ans = forge_answer(q.game, pg.BLACK, True, rng)
        yield Forgery("carriers/must-play", f"{q.first} first, claim maker", q.cert("maker", [ans]))
    for text, g, truth_w in _pg_map_games(rng, 6 * scale):
        for winner in other_winners(g, truth_w):
            if winner == pg.DRAW:
                continue
            yield Forgery("carriers/must-play", f"pg claim {winner}", pg_cert(text, winner, forged_questions(g, winner, rng)))


@forger("passes")
def passes(rng, scale=1):
    """Moves recorded at pass states only (t ahead of the stone count), a proof that starts with a
    pass at time 0, and moves keyed at the wrong time point (t off by one)."""
    for q in mb_questions(rng, 8 * scale):
        winner = false_winner_mb(q)
        g = q.game
        ans = forge_answer(g, pg.BLACK, winner == "maker", rng)
        shifted = copy.deepcopy(ans)
        for e in shifted["moves"]:
            e[0] += rng.choice([-1, 1])
        yield Forgery("passes", f"t shifted, claim {winner}", q.cert(winner, [shifted]))
        # a proof "from the pass state": every recorded state at t + 1
        rec = Recorder(g, pg.BLACK, winner == "maker", rng, adversarial_choice)
        try:
            (rec.walk.prove if rec.wins else rec.walk.refute)(*g.start(), 1)
        except (CertificateError, RecursionError, KeyError, IndexError):
            pass
        yield Forgery("passes", f"recorded from a pass at 0, claim {winner}", q.cert(winner, [rec.answer()]))


@forger("forced-blocks")
def forced_blocks(rng, scale=1):
    """Games built so that forced blocks are wrong to assume: two threats, Y's own threats in a
    Maker-Maker game, #firstmoves forbidding the block, a player moving twice in a row, a bounded
    last round; false claims, answers recorded with no choices beyond the derived ones where the
    walk allows."""
    for text, g, truth_w in _pg_map_games(rng, 10 * scale):
        for winner in other_winners(g, truth_w):
            qs = forged_questions(g, winner, rng, choose=random_choice if rng.random() < 0.3 else adversarial_choice)
            yield Forgery("forced-blocks", f"pg claim {winner} (true {truth_w})", pg_cert(text, winner, qs))
            empty = [{"attacker": a, "wins": w, "moves": []} for a, w in needed_answers(g, winner)]
            yield Forgery("forced-blocks", f"pg empty answers, claim {winner}", pg_cert(text, winner, empty))


# -- bounds ----------------------------------------------------------------------------------------------

@forger("bounds")
def bounds(rng, scale=1):
    """Bounded questions: "Maker wins within B" when only within B + 1: a proof for B + 1 (the
    project's solver, or recorded) relabelled B; unbounded proofs relabelled bounded; strategy
    certificates likewise; refutations for B claimed for B + 1."""
    from verify.solvers import solve
    for edges, vertices in MB_BOARDS:
        for first in ("maker", "breaker"):
            base = MB(edges, vertices, first)
            if base.truth() != "maker":
                continue
            exact = None
            for bnd in range(1, 7):
                if MB(edges, vertices, first, bound=bnd).truth() == "maker":
                    exact = bnd
                    break
            if exact is None:
                continue
            for method in ("search", "explicit"):
                try:
                    real = solve("maker-breaker", MB(edges, vertices, first).mbgame, method, certificate=True,
                                 rounds=exact).certificate
                except Exception:  # noqa: BLE001 - the method takes no rounds
                    real = None
                if real is None:
                    continue
                for lie in (exact - 1, 0, None):
                    if lie is None and real["kind"] != "pg-proof":
                        continue
                    c = copy.deepcopy(real)
                    lied = MB(edges, vertices, first, bound=lie)
                    c["claim"]["question"] = question_of("maker-breaker", lied.mbgame, lie).to_json()
                    yield Forgery("bounds", f"{method} proof within {exact} claimed within {lie}", c)
                    if lie is not None and lie > 0:
                        ans = forge_answer(lied.game, pg.BLACK, True, rng)
                        yield Forgery("bounds", f"recorded within {lie} (true {exact})", lied.cert("maker", [ans]))
            # a refutation within exact - 1 claimed at exact
            if exact > 1:
                low = MB(edges, vertices, first, bound=exact - 1)
                ans = forge_answer(low.game, pg.BLACK, False, rng)
                hi = MB(edges, vertices, first, bound=exact)
                yield Forgery("bounds", f"refutation within {exact - 1} claimed at {exact}", hi.cert("breaker", [ans]))
    for q in mb_questions(rng, 6 * scale, bounded=True):
        winner = false_winner_mb(q)
        yield Forgery("bounds", f"bound {q.bound}, claim {winner}",
                      q.cert(winner, [forge_answer(q.game, pg.BLACK, winner == "maker", rng)]))


# -- pairing leaves, components ------------------------------------------------------------------------

def pairing_policy(kind: str):
    """Pairing leaves at every X turn of a refutation: 'greedy' (disjoint free pairs inside needs,
    as many needs covered as possible: a live set may be left without one), 'overlap' (pairs
    sharing a cell), 'taken' (a pair holding a stone), 'any' (random free pairs)."""
    def policy(rec: Recorder, b, w, t):
        g = rec.game
        sched = g.schedule()
        if t >= len(sched) or sched[t] != rec.x:
            return None
        nd = rec.needs(b, w, t)
        if not nd:
            return None
        free = g.full_mask & ~b & ~w
        cells = [1 << i for i in bits(free)]
        pairs: list = []
        used = 0
        if kind in ("greedy", "overlap"):
            for s in nd:
                cs = [c for c in (1 << i for i in bits(s)) if not c & used]
                if len(cs) >= 2:
                    a, c = rec.rng.sample(cs, 2)
                    pairs.append(a | c)
                    used |= a | c
        if kind == "overlap" and len(pairs) >= 1:
            p = pairs[0]
            lo = p & -p
            rest = [c for c in cells if not c & p]
            if rest:
                pairs.append(lo | rec.rng.choice(rest))
        elif kind == "taken":
            stones = [1 << i for i in bits((b | w))]
            if stones and cells:
                pairs.append(rec.rng.choice(stones) | rec.rng.choice(cells))
        elif kind == "any":
            rec.rng.shuffle(cells)
            pairs = [cells[i] | cells[i + 1] for i in range(0, len(cells) - 1, 2)][:rec.rng.randint(1, 4)]
        return pairs or None
    return policy


@forger("pairings")
def pairings(rng, scale=1):
    """Refutations of a true "X wins" ending in pairing leaves that are wrong: a live set without a
    pair, pairs overlapping or holding a stone, random pairs; in Maker-Breaker questions (either
    starter: Maker moving first after the leaf) and in .pg schedules where X moves twice in a row."""
    for q in mb_questions(rng, 8 * scale):
        if q.truth() != "maker":
            continue
        kind = rng.choice(["greedy", "overlap", "taken", "any"])
        ans = forge_answer(q.game, pg.BLACK, False, rng, pairing=pairing_policy(kind))
        yield Forgery("pairings", f"{kind}, {q.first} first, claim breaker", q.cert("breaker", [ans]))
    for text, g, truth_w in _pg_map_games(rng, 8 * scale):
        for winner in other_winners(g, truth_w):
            kind = rng.choice(["greedy", "overlap", "any"])
            qs = forged_questions(g, winner, rng)
            for attacker, wins in needed_answers(g, winner):
                if not wins:
                    i = [x["attacker"] for x in qs].index(attacker)
                    qs[i] = forge_answer(g, attacker, False, rng, pairing=pairing_policy(kind))
            yield Forgery("pairings", f"pg {kind}, claim {winner}", pg_cert(text, winner, qs))
    # a pairing in a proof (refused by shape) and the maker-breaker-pairing kind
    for q in mb_questions(rng, 3 * scale):
        if q.truth() != "breaker":
            continue
        ans = forge_answer(q.game, pg.BLACK, True, rng)
        ans["pairings"] = [[0, "", "", " ".join(q.game.positions[:2])]]
        yield Forgery("pairings", "pairing in a proof", q.cert("maker", [ans]))


@forger("components")
def components(rng, scale=1):
    """Refutations marked ``components`` for true "X wins" claims: disjoint boards where X wins one
    component, schedules that do not alternate (Breaker first, X twice in a row), bounded
    questions, games with Y sets (the flag must not split there)."""
    unions = [[["a", "b"], ["c", "d"]], [["a", "b", "c"], ["d", "e"]], [["a", "b"], ["b", "c"], ["d", "e"], ["e", "f"]],
              [["a", "b"], ["a", "c"], ["b", "c"], ["d", "e"], ["e", "f"], ["d", "f"]]]
    for _ in range(10 * scale):
        edges = rng.choice(unions)
        q = MB(edges, None, rng.choice(["maker", "breaker"]), bound=rng.choice([None, None, 1, 2, 3]))
        winner = false_winner_mb(q)
        if winner != "breaker":
            ans = forge_answer(q.game, pg.BLACK, True, rng)
            ans["components"] = True
        else:
            ans = forge_answer(q.game, pg.BLACK, False, rng, split=True)
        yield Forgery("components", f"{q.first} first, bound {q.bound}, claim {winner}", q.cert(winner, [ans]))
    for text, g, truth_w in _pg_map_games(rng, 6 * scale):
        for winner in other_winners(g, truth_w):
            qs = forged_questions(g, winner, rng)
            for i, (attacker, wins) in enumerate(needed_answers(g, winner)):
                if not wins:
                    qs[i] = forge_answer(g, attacker, False, rng, split=True)
            yield Forgery("components", f"pg claim {winner}", pg_cert(text, winner, qs))


# -- threat lines, replies --------------------------------------------------------------------------

def line_policy(kind: str):
    """Threat lines at X turns of a proof: 'random' (1-3 free cells), 'live' (cells on live needs),
    'greedy' (each move making a threat where one exists, ending anywhere)."""
    def policy(rec: Recorder, b, w, t):
        g = rec.game
        if rec.rng.random() < 0.5 or rec.oracle.wins(b, w, t):
            return None
        free = g.full_mask & ~b & ~w
        cells = [1 << i for i in bits(free)]
        rec.rng.shuffle(cells)
        if kind == "random":
            return cells[:rec.rng.randint(1, 3)] or None
        live = 0
        for s in rec.needs(b, w, t):
            live |= s
        on = [c for c in cells if c & live] or cells
        return on[:rec.rng.randint(1, 3)] or None
    return policy


@forger("threat-lines")
def threat_lines(rng, scale=1):
    """False proofs with threat lines where X is losing: moves that are no threat, lines ending
    without a double threat, lines running past the schedule or across Y's double moves, lines in
    Maker-Maker games where Y has a one-cell need in the middle; lines in a refutation."""
    for q in mb_questions(rng, 10 * scale):
        if q.truth() != "breaker":
            continue
        ans = forge_answer(q.game, pg.BLACK, True, rng, line=line_policy(rng.choice(["random", "live"])))
        yield Forgery("threat-lines", f"{q.first} first, claim maker", q.cert("maker", [ans]))
    for text, g, truth_w in _pg_map_games(rng, 8 * scale):
        for winner in other_winners(g, truth_w):
            if winner == pg.DRAW:
                continue
            qs = forged_questions(g, winner, rng, line=line_policy(rng.choice(["random", "live"])))
            yield Forgery("threat-lines", f"pg claim {winner}", pg_cert(text, winner, qs))
    for q in mb_questions(rng, 3 * scale):
        if q.truth() != "maker":
            continue
        ans = forge_answer(q.game, pg.BLACK, False, rng)
        ans["lines"] = [[0, "", "", q.game.positions[0]]]
        yield Forgery("threat-lines", "line in a refutation", q.cert("breaker", [ans]))


@forger("replies")
def replies(rng, scale=1):
    """``replies`` marks at every Y turn of a false proof (all replies checked: must fail), at X
    turns, at unreached states, and in a refutation."""
    def mark(rec, b, w, t):
        return rec.rng.random() < 0.7
    for q in mb_questions(rng, 8 * scale):
        if q.truth() != "breaker":
            continue
        ans = forge_answer(q.game, pg.BLACK, True, rng, replies=mark)
        ans.setdefault("replies", []).extend(e[:3] for e in ans["moves"][:2])  # X turns marked too
        yield Forgery("replies", f"{q.first} first, claim maker", q.cert("maker", [ans]))
    for q in mb_questions(rng, 3 * scale):
        if q.truth() != "maker":
            continue
        ans = forge_answer(q.game, pg.BLACK, False, rng)
        ans["replies"] = [[0, "", ""]]
        yield Forgery("replies", "replies in a refutation", q.cert("breaker", [ans]))


# -- schedules, claim binding ------------------------------------------------------------------------

SCHEDULE_GAMES = [
    # black moves twice in a row, #firstmoves restricts the first stone
    "#times\nt1 t2 t3 t4 t5\n#blackturns\nt1 t2 t4\n#positions\na b c d e\n#blackwins\na b c\nc d e\n",
    "#times\nt1 t2 t3 t4 t5\n#blackturns\nt1 t3 t5\n#positions\na b c d e\n#firstmoves\nb\n#blackwins\na b\na c\nd e\n",
    "#times\nt1 t2 t3 t4 t5 t6\n#blackturns\nt2 t3 t5 t6\n#positions\na b c d e f\n#blackwins\na b c\nd e f\n#whitewins\na d\nb e\n",
    "#times\nt1 t2 t3 t4\n#blackturns\nt1 t4\n#positions\na b c d e\n#firstmoves\na c\n#blackwins\na b\nc d\n#whitewins\nb d\n",
    "#times\nt1 t2 t3 t4 t5 t6 t7\n#blackturns\nt1 t3 t4 t6\n#positions\na b c d e f g\n#whiteinitials\ng\n#blackwins\na b c\nc d e\ne f a\n",
]


@forger("schedules")
def schedules(rng, scale=1):
    """.pg games whose schedules give a player two moves in a row, #firstmoves, initial stones:
    false claims recorded adversarially, and certificates of one game bound to its variant with
    the schedule or #firstmoves changed (the digest recomputed, so only the rules can tell)."""
    for _ in range(4 * scale):
        for text in SCHEDULE_GAMES:
            g = parse_pg(text)
            truth_w = pg_truth(text)
            for winner in other_winners(g, truth_w):
                yield Forgery("schedules", f"claim {winner}", pg_cert(text, winner, forged_questions(g, winner, rng)))
            # a true certificate of this game rebound to a variant (black's first turn moved, or
            # #firstmoves widened/dropped) whose truth differs
            qs = forged_questions(g, truth_w, rng)
            variants = [text.replace("#blackturns\nt1", "#blackturns\nt2"), text.replace("#firstmoves\n", "%"),
                        text.replace("#blackturns\n", "#blackturns\nt1 ")]
            for v in variants:
                try:
                    vg = parse_pg(v)
                    if pg_truth(v) == truth_w:
                        continue
                except Exception:  # noqa: BLE001
                    continue
                yield Forgery("schedules", f"rebound to a variant, claim {truth_w}", pg_cert(v, truth_w, copy.deepcopy(qs)))


@forger("claim-binding")
def claim_binding(rng, scale=1):
    """Valid certificates whose claimed question is changed: the position (a stone added, moved,
    swapped between players), the first player, the bound, the board digest (of another board),
    the verdict; both with the rest unchanged and with the instance edited to match."""
    from verify.solvers import solve
    base = []
    for q in mb_questions(rng, 6 * scale):
        for method in ("search", "explicit", "pairing"):
            try:
                base.append((q, solve("maker-breaker", q.mbgame, method, certificate=True,
                                      **({"rounds": q.bound} if q.bound else {})).certificate))
            except Exception:  # noqa: BLE001 - the method does not apply
                continue
    for q, cert in base:
        if cert is None:
            continue
        for op in ("first", "bound", "maker", "breaker", "digest", "verdict", "swap"):
            c = copy.deepcopy(cert)
            qq = c["claim"]["question"]
            if op == "first":
                qq["first"] = "breaker" if q.first == "maker" else "maker"
            elif op == "bound":
                qq["bound"] = rng.choice([None, 0, 1, 2, 3, (q.bound or 2) + 1])
            elif op in ("maker", "breaker"):
                pos = qq["position"]
                free = [v for v in q.board.vertices if v not in q.maker and v not in q.breaker]
                if free:
                    pos[op] = sorted(pos[op] + [rng.choice(free)])
            elif op == "digest":
                other = rng.choice(MB_BOARDS)
                qq["instance"] = question_of("maker-breaker", MakerBreakerGame(Hypergraph(other[0], vertices=other[1]),
                                                                             q.first)).instance
            elif op == "verdict":
                c["claim"]["verdict"] = {"winner": "breaker" if c["claim"]["verdict"].get("winner") == "maker" else "maker"}
            elif op == "swap":
                pos = qq["position"]
                pos["maker"], pos["breaker"] = pos["breaker"], pos["maker"]
            yield Forgery("claim-binding", f"{cert['kind']}: {op}", c)


# -- books --------------------------------------------------------------------------------------------

def _book_pool():
    import tempfile
    from verify.certificates.book import ROOT
    from verify.solvers.search.books import solve_book
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, q in enumerate([MB(TTT, None, "maker"), MB(TTT, None, "breaker"),
                               MB(MB_BOARDS[2][0], None, "maker"), MB(MB_BOARDS[4][0], None, "breaker")]):
            path = os.path.join(tmp, f"b{i}.zip")
            try:
                solve_book("maker-breaker", q.mbgame, path)
            except Exception:  # noqa: BLE001 - the builder needs an extra (pynauty): hand-made books only
                continue
            with zipfile.ZipFile(path) as z:
                root = json.loads(z.read(ROOT))
                root["__members__"] = {n: json.loads(z.read(n)) for n in z.namelist() if n != ROOT}
            out.append((q, root))
    return out


def hand_book(q: MB, winner: str, rng: random.Random, op: str) -> dict:
    """A book for the claim ``winner`` on ``q``, made by hand: the root's answer marks the first Y
    turn (if Y moves first) with ``replies`` and names a part at every state after the first
    move of the schedule; each member is a Maker-Breaker certificate of that state's position
    (the derived game), recorded adversarially for the answer the root needs. ``op`` breaks it:
    'lie' (a member about another position), 'root-game' (a member about the root's game),
    'same' (one member for two states), 'nest' (a member with parts of its own), 'false' (the
    members recorded as they come, overlap links allowed: false members must fail)."""
    g = q.game
    wins = winner == "maker"
    b0, w0 = g.start()
    sched = g.schedule()
    if not sched:
        return None
    mover = sched[0]
    parts, members, replies = [], {}, []
    if mover == pg.WHITE:
        replies.append([0, "", ""])
    moves = []
    first_cells = [1 << i for i in bits(g.free_mask())]
    if mover == pg.BLACK and wins:
        oracle = Oracle(g, pg.BLACK)
        good = [c for c in first_cells if oracle.wins(b0 | c, w0, 1)] or first_cells
        first_cells = [rng.choice(good)]
        moves.append([0, "", "", g.names(first_cells[0])[0]])
    elif mover == pg.BLACK:
        pass  # a refutation: X's moves are derived, every one reaches a part
    for k, c in enumerate(first_cells):
        b, w = (b0 | c, w0) if mover == pg.BLACK else (b0, w0 | c)
        name = f"p{k}.json"
        if op == "same" and k > 0:
            name = "p0.json"
        parts.append([1, names(g, b & ~b0), names(g, w & ~w0), name])
        if name in members:
            continue
        first = "maker" if len(sched) > 1 and sched[1] == pg.BLACK else "breaker"
        maker = tuple(g.names(b))
        breaker = tuple(g.names(w))
        if op == "lie":
            free = [v for v in g.positions if v not in maker and v not in breaker]
            breaker = breaker + (rng.choice(free),) if free else breaker
        if op == "root-game":
            sub = MB(q.edges, q.vertices, q.first, q.maker, q.breaker, q.bound)
        else:
            rounds = None if q.bound is None else q.bound - (mover == pg.BLACK)
            sub = MB(q.edges, q.vertices, first, maker, breaker, rounds)
        ans = forge_answer(sub.game, pg.BLACK, wins, rng, link=link_policy("overlap") if op == "false" else None)
        if op == "nest":
            ans["parts"] = [[0, "", "", "p0.json"]]
        members[name] = sub.cert(winner, [ans])
    root = q.cert(winner, [{"attacker": "black", "wins": wins, "moves": moves, "parts": parts,
                            **({"replies": replies} if replies else {})}])
    root["__members__"] = members
    return root


@forger("books")
def books(rng, scale=1):
    """Hand-made books (:func:`hand_book`) for false claims, each broken one way, then the
    project's own books edited. Books: a part whose member lies about its game (another state's member, its stones moved,
    its claim flipped with a recorded proof of the lie), parts nested in a member, one member named
    for two states, a part at an unreached state, the root's claim flipped."""
    for q in mb_questions(rng, 6 * scale):
        if q.game.free_mask().bit_count() > 8:
            continue
        truth_w = q.truth()
        for op in ("lie", "root-game", "same", "nest", "false", "none"):
            winner = truth_w if op == "none" else false_winner_mb(q)
            try:
                root = hand_book(q, winner, rng, op)
            except (IndexError, ValueError, VerifyError):
                continue
            if root is not None:
                yield Forgery("books", f"hand-made, {op}, claim {winner} (true {truth_w})", root)
    for q, root in _book_pool():
        truth_w = q.truth()
        for _ in range(2 * scale):
            c = copy.deepcopy(root)
            members = c["__members__"]
            parts = [(qa, e) for qa in c["questions"] for e in qa.get("parts", [])]
            if not parts:
                continue
            op = rng.choice(["swap", "same", "flip", "nest", "lie", "root"])
            qa, e = rng.choice(parts)
            if op == "swap" and len(parts) > 1:
                (_, e1), (_, e2) = rng.sample(parts, 2)
                e1[3], e2[3] = e2[3], e1[3]
            elif op == "same" and len(parts) > 1:
                (_, e1), (_, e2) = rng.sample(parts, 2)
                e2[3] = e1[3]
            elif op == "flip" and "edges" not in members[e[3]]["instance"]:
                continue  # (a member posed as a .pg game: the flip forger re-records hypergraph members)
            elif op == "flip":  # the member's answer flipped and re-recorded adversarially
                m = members[e[3]]
                mq = m["claim"]["question"]
                mgame = MB(m["instance"]["edges"], m["instance"].get("vertices"), mq["first"],
                           tuple(mq["position"]["maker"]), tuple(mq["position"]["breaker"]))
                w = "breaker" if m["claim"]["verdict"]["winner"] == "maker" else "maker"
                members[e[3]] = mgame.cert(w, [forge_answer(mgame.game, pg.BLACK, w == "maker", rng,
                                                            link=link_policy("overlap"))])
                c["claim"]["verdict"] = {"winner": "breaker" if truth_w == "maker" else "maker"}
                for x in c["questions"]:
                    x["wins"] = not x["wins"]
            elif op == "nest":
                m = members[e[3]]
                others = [n for n in members if n != e[3]]
                if others:
                    for mq in m["questions"]:
                        mq["parts"] = [[0, "", "", rng.choice(others)]]
            elif op == "lie":  # the member rebound to another position (its digest kept valid)
                m = members[e[3]]
                mq = m["claim"]["question"]
                free = [v for v in (m["instance"].get("vertices") or [])
                        if v not in mq["position"]["maker"] and v not in mq["position"]["breaker"]]
                if free:
                    mq["position"]["breaker"] = sorted(mq["position"]["breaker"] + [rng.choice(free)])
            else:
                c["claim"]["verdict"] = {"winner": "breaker" if truth_w == "maker" else "maker"}
            yield Forgery("books", op, c)


# -- the other kinds --------------------------------------------------------------------------------

@forger("mb-strategy")
def mb_strategy(rng, scale=1):
    """maker-breaker-strategy tables for false claims: the loser's best-effort table (minimax
    moves where they exist), entries deleted, moves on claimed or dead vertices, bounded claims
    one round short, Breaker strategies for bounded questions."""
    from verify.certificates.strategy import residual_to_json
    from verify.games import maker_breaker as mb
    for q in mb_questions(rng, 10 * scale):
        g = q.mbgame
        h = g.board
        truth_w = q.truth()
        winner = "breaker" if truth_w == "maker" else "maker"
        moves: dict = {}

        @lru_cache(maxsize=None)
        def value(res, nfree, mover, left):
            over = mb.winner_if_over(res)
            if over is not None:
                return over
            if nfree == 0 or left == 0:
                return "breaker"
            live = mb.live_vertices(res)
            opts = [1 << i for i in bits(live)] or [0]
            outs = [value(mb.claims(res, mover, v), nfree - 1, mb.other(mover), left - (mover == "maker"))
                    for v in opts]
            return mover if mover in outs else mb.other(mover)

        def choose(res):
            if res in moves:
                return moves[res]
            live = [1 << i for i in bits(mb.live_vertices(res))]
            v = rng.choice(live) if live else h.full_mask & -h.full_mask
            moves[res] = v
            return v

        free = g.free_mask().bit_count()
        try:
            for _ in mb.strategy_states(g.start_residual(), free, g.first, winner, choose):
                if len(moves) > 3000:
                    break
        except Exception:  # noqa: BLE001
            pass
        table = [{"residual": residual_to_json(h, r), "move": h.names(v)[0]} for r, v in moves.items() if v]
        op = rng.choice(["as is", "delete", "claimed", "junk residual"])
        if op == "delete" and table:
            del table[rng.randrange(len(table))]
        elif op == "claimed" and table:
            e = rng.choice(table)
            e["move"] = rng.choice(list(q.maker) + list(q.breaker) or h.vertices)
        elif op == "junk residual":
            table.append({"residual": [[h.vertices[0]]], "move": h.vertices[0]})
        yield Forgery("mb-strategy", f"{op}, claim {winner}", q.cert(winner, kind="maker-breaker-strategy", strategy=table))


@forger("mb-pairing")
def mb_pairing(rng, scale=1):
    """maker-breaker-pairing certificates on Maker wins: greedy pairings inside edges (some edge
    left without a pair), overlapping pairs, pairs on claimed vertices, pairs repeated."""
    for q in mb_questions(rng, 12 * scale):
        if q.bound is not None:
            q.bound = None
        truth_w = q.truth()
        h = q.board
        free = [v for v in h.vertices if v not in q.maker and v not in q.breaker]
        edges = [e for e in q.edges if not set(e) & set(q.breaker)]
        pairs, used = [], set()
        for e in edges:
            cs = [v for v in e if v in free and v not in used]
            if len(cs) >= 2:
                p = rng.sample(cs, 2)
                pairs.append(p)
                used.update(p)
        op = rng.choice(["greedy", "overlap", "claimed", "repeat"])
        if op == "overlap" and pairs and free:
            pairs.append([pairs[0][0], rng.choice(free)])
        elif op == "claimed" and (q.maker or q.breaker) and free:
            pairs.append([rng.choice(list(q.maker + q.breaker)), rng.choice(free)])
        elif op == "repeat" and pairs:
            pairs.append(list(pairs[0]))
        yield Forgery("mb-pairing", f"{op} (true {truth_w})", q.cert("breaker", kind="maker-breaker-pairing", pairs=pairs))


@forger("nim-labelling")
def nim_labelling(rng, scale=1):
    """nim-labelling certificates with a false value at ∅: labels changed at unreachable positions
    (AVD/PRV positions past an edge) so a checker expanding them would be fooled, reachable labels
    shifted consistently along one path, labels missing."""
    from verify.games import impartial as imp
    for _ in range(8 * scale):
        edges, vertices = rng.choice(MB_BOARDS[1:])
        h = Hypergraph(edges, vertices=vertices)
        kind = rng.choice(["acv", "avd", "dst", "prv"])
        try:
            game = imp.ImpartialGame(kind, h)
            true_nim = brute.hypergraph_nim(kind, h.n, list(h.edge_masks))
        except Exception:  # noqa: BLE001 - undefined game
            continue
        labels: dict = {}

        def grundy(p):
            if p not in labels:
                labels[p] = imp.mex(grundy(x) for x in game.options(p))
            return labels[p]
        grundy(0)
        # every position, reachable or not, labelled; unreachable ones with adversarial values
        full = (1 << h.n) - 1
        table = dict(labels)
        for p in range(full + 1):
            if p not in table:
                table[p] = rng.randint(0, 3)
        op = rng.choice(["root", "unreachable", "missing"])
        if op == "root":
            table[0] = (true_nim + rng.randint(1, 3))
        elif op == "unreachable":
            # the root's label set to what the options would give if unreachable labels counted
            table[0] = imp.mex(table.get(p | 1 << i, 0) for p in [0] for i in range(h.n))
        elif op == "missing" and len(table) > 1:
            del table[rng.choice([p for p in table if p])]
        nim = table[0]
        cert = envelope("nim-labelling", board_json(h), question_of(kind, h), {"nim": nim},
                        labels=[[h.names(p), v] for p, v in table.items()])
        yield Forgery("nim-labelling", f"{kind} {op}", cert)


@forger("pg-strategy")
def pg_strategy(rng, scale=1):
    """pg-strategy tables for false claims: the loser's best-effort table (every reachable state,
    minimax moves where they exist), an entry missing, illegal moves (occupied, off #firstmoves),
    a draw claimed with one colour's table only."""
    for text, g, truth_w in _pg_map_games(rng, 8 * scale):
        for winner in other_winners(g, truth_w):
            strategies = {}
            for colour in ([pg.BLACK, pg.WHITE] if winner == pg.DRAW else [winner]):
                oracle = Oracle(g, colour)
                table = {}

                def choose(b, w, oracle=oracle, table=table):
                    if (b, w) not in table:
                        legal = g.legal_moves(b, w)
                        t = g.time_of(b, w)
                        cand = [1 << i for i in bits(legal)]
                        black = g.to_move(b, w) == pg.BLACK
                        good = [m for m in cand if oracle.wins(*((b | m, w) if black else (b, w | m)), t + 1)]
                        table[(b, w)] = rng.choice(good or cand)
                    return table[(b, w)]
                try:
                    for _ in pg.strategy_states(g, colour, choose):
                        pass
                except Exception:  # noqa: BLE001
                    pass
                entries = [{"black": g.names(b), "white": g.names(w), "move": g.names(m)[0]} for (b, w), m in table.items()]
                op = rng.choice(["as is", "missing", "occupied", "firstmoves"])
                if op == "missing" and entries:
                    del entries[rng.randrange(len(entries))]
                elif op == "occupied" and entries:
                    e = rng.choice(entries)
                    taken = e["black"] + e["white"]
                    if taken:
                        e["move"] = rng.choice(taken)
                elif op == "firstmoves" and entries and g.first_moves is not None:
                    for e in entries:
                        if not e["black"] and not e["white"]:
                            e["move"] = rng.choice(g.positions)
                strategies[colour] = entries
            if winner == pg.DRAW and rng.random() < 0.3:
                strategies.pop(rng.choice([pg.BLACK, pg.WHITE]))
            yield Forgery("pg-strategy", f"claim {winner} (true {truth_w})", pg_cert(text, winner, kind="pg-strategy",
                                                                                     strategies=strategies))


import forgers_positional  # noqa: E402 - registers the positional-strategy forgers (tests/forgers_positional.py)
import forgers_positional_pairing  # noqa: E402,F401 - the positional-pairing forgers


# -- running ---------------------------------------------------------------------------------------------

def forgeries(rule: str, seed: int = 0, scale: int = 1):
    """The forgeries of one rule (a seeded run); errors of a forger (a shape it cannot build) end
    its run early rather than the test's."""
    rng = random.Random(f"{rule}:{seed}")
    return FORGERS[rule](rng, scale)


def run(rules=None, seed: int = 0, scale: int = 1, chks=None) -> Tally:
    tally = Tally()
    for rule in rules or sorted(FORGERS):
        attack(forgeries(rule, seed, scale), chks, tally)
    return tally


def main(argv=None) -> int:
    import argparse
    import time
    p = argparse.ArgumentParser(description="forgers by rule against the certificate checkers")
    p.add_argument("--report", action="store_true", help="print the per-rule table")
    p.add_argument("--rule", action="append", help="only these rules (repeatable)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--scale", type=int, default=1)
    p.add_argument("--save", default="/tmp/forgeries", help="folder for false accepts")
    args = p.parse_args(argv)
    t0 = time.process_time()
    tally = run(args.rule, args.seed, args.scale)
    print(tally.table())
    print(f"{time.process_time() - t0:.1f} CPU s")
    for chk, f in tally.false:
        path = save(f, args.save)
        print(f"FALSE ACCEPT by {chk}: {f.rule} ({f.note}): {path}")
    return 1 if tally.false else 0


if __name__ == "__main__":
    import forgers  # this file as a module: the one FORGERS table the positional forgers register in
    sys.exit(forgers.main())
