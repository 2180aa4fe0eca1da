"""The ``pg-proof`` kind, checked from docs/spec/pg-proof.md alone (no code shared with the kernel).

Design, deliberately unlike the kernel's: states are explicit ``(black, white, t)`` triples of
frozensets of cell indices; winning sets, needs and carriers are frozensets; each rule is a
generator (``prove_step``/``refute_step``) that *yields* the states it needs and receives their
results, and one driver (``Walk.run``) evaluates them in post-order on an explicit stack — no
recursion, and a key's result is stored only once every state below it is done.

The rules compute on frozensets, but what is *stored* for the whole walk is packed, converted at
the dict boundaries (:meth:`Walk.pack`, :meth:`Walk.key`, :func:`mask`, :func:`cells_of`): a
frozenset of a few dozen cells costs about 2 KB, and a residual game's key, a frozenset of a few
hundred needs, about 150 KB, which made the walk of a 10-100 MB certificate hold 8-23 GB. So

* the state an entry names (the key of ``moves``, ``links``, ``pairings``, ``lines``,
  ``replies``, ``parts``) and a link's target are one int, ``black | white << n | t << 2n``
  (bit c for cell c, n positions);
* a key of ``done`` is that int in keyed games, and in residual games ``(t, needs)`` with the
  needs' bitmasks distinct, sorted and written as fixed-width bytes (equal families, equal bytes);
* a carrier in ``done`` is its bitmask; a pairing is kept as its text (checked when read, parsed
  again when used), an inline link map once per distinct text.
"""
from __future__ import annotations

from .envelope import Refused, body_keys, read_envelope, same_json
from .pg import BLACK, WHITE, continued, described, game_of, other

FREE_STATES = 20_000     # spec §4.17: units of work allowed per answer,
PER_ENTRY = 64           # ... plus this many per recorded entry;
UNIT_BYTES = 4096        # a derivation costs 1 + (K + 2M) * width // UNIT_BYTES units
ANSWER_KEYS = {"attacker", "wins", "moves", "links", "maps", "pairings", "components", "lines",
               "replies", "parts"}
EMPTY = frozenset()
_ONE = 1


def mask(cells) -> int:
    """The bitmask of a set of cells: bit c for cell c (the sum of distinct powers is their union)."""
    return sum(map(_ONE.__lshift__, cells))


def cells_of(bits: int) -> frozenset:
    """The cells of a bitmask (the inverse of :func:`mask`)."""
    return frozenset(i for i, b in enumerate(bin(bits)[:1:-1]) if b == "1")


def minimal(family) -> tuple:
    """The inclusion-minimal members of a family of frozensets (distinct)."""
    kept: list = []
    for s in sorted(set(family), key=len):
        if not any(k <= s for k in kept):
            kept.append(s)
    return tuple(kept)


def components(needs) -> list:
    """The cells of each connected component of the needs (needs sharing a cell are connected)."""
    parts: list = []
    for s in needs:
        touching = [p for p in parts if p & s]
        parts = [p for p in parts if not p & s] + [frozenset(s).union(*touching)]
    return parts


def one_cell(needs, allowed) -> set:
    """The cells c in ``allowed`` such that {c} is one of ``needs``."""
    return {c for s in needs if len(s) == 1 for c in s if c in allowed}


class Walk:
    """One answer "can X win?" of a certificate, read (every named state legal, spec §3) and
    walked from the start (spec §4-§5)."""

    def __init__(self, game, attacker: str, answer, open_member=None):
        if not isinstance(answer, dict) or not set(answer) <= ANSWER_KEYS:
            raise Refused("an answer has an unknown key")
        self.game, self.x, self.y = game, attacker, other(attacker)
        self.wins = answer.get("wins")
        self.open_member = open_member
        sched = self.sched = game.schedule
        n = len(sched)
        self.left_x, self.left_y = [0] * (n + 2), [0] * (n + 2)
        for t in range(n - 1, -1, -1):
            self.left_x[t] = self.left_x[t + 1] + (sched[t] == self.x)
            self.left_y[t] = self.left_y[t + 1] + (sched[t] == self.y)
        x0, y0 = game.initial(self.x), game.initial(self.y)
        self.xsets = minimal(s for s in game.sets(self.x) if not s & y0 and len(s - x0) <= self.left_x[0])
        self.ysets = minimal(s for s in game.sets(self.y) if not s & x0)
        self.residual = not self.ysets and game.first_moves is None
        self.xmasks = tuple(map(mask, self.xsets))
        self.cells = frozenset(range(len(game.positions)))
        self.n = len(game.positions)
        self.width = max(1, (self.n + 7) // 8)   # bytes of one need's bitmask in a residual key
        self.done: dict = {}
        self.derived = 0
        self.spent = 0           # units of the budget spent (spec §4.17)
        # no state can cost more than one unit when (K + 2M) * width stays below UNIT_BYTES for
        # the largest K (the sets; 2 in keyed games) and M (the positions)
        self.heavy = ((len(self.xsets) if self.residual else 2) + 2 * self.n) * self.width >= UNIT_BYTES
        self._automorphisms: dict = {}
        self._read(answer)

    # -- reading the answer (spec §2, §3) --------------------------------------------------------
    def _read(self, q: dict) -> None:
        if "moves" not in q:
            raise Refused("an answer needs 'moves'")
        split = q.get("components", False)
        if type(split) is not bool:
            raise Refused("'components' must be true or false")
        self.split = split
        # an entry of the wrong kind is refused; an empty list holds none (as in the kernel)
        if self.wins is not True and any(q.get(k) for k in ("lines", "replies")):
            raise Refused("threat lines and all-replies marks belong to proofs")
        if self.wins is not False and (q.get("pairings") or split):
            raise Refused("pairings and components belong to refutations")
        maps = q.get("maps", [])
        if not isinstance(maps, list) or not all(isinstance(m, str) for m in maps):
            raise Refused("'maps' must be a list of strings")
        self.maps = [self._map(m) for m in maps]
        self._inline_maps: dict = {}
        self.moves = self._section(q, "moves", 4, lambda e: self._one_cell_name(e[3]))
        self.links = self._section(q, "links", 6, self._link_value)
        self.pairings = self._section(q, "pairings", 4, self._pairing_text)
        self.lines = self._section(q, "lines", 4, lambda e: tuple(self._ordered_cells(e[3])))
        self.replies = self._section(q, "replies", 3, lambda e: True)
        self.parts = self._section(q, "parts", 4, lambda e: e[3])
        self.entries = sum(len(s) for s in (self.moves, self.links, self.pairings, self.lines,
                                            self.replies, self.parts))
        self.budget = FREE_STATES + PER_ENTRY * self.entries

    def _section(self, q, name, length, value) -> dict:
        entries = q.get(name, [])
        if not isinstance(entries, list):
            raise Refused(f"'{name}' must be a list")
        out = {}
        for e in entries:
            if not (isinstance(e, list) and len(e) == length and type(e[0]) is int
                    and all(isinstance(x, str) for x in e[1:])):
                raise Refused(f"an entry of '{name}' must be [t, black, white, ...] ({length} items)")
            state = self.pack(self._named_state(e[0], e[1], e[2], f"an entry of '{name}'"))
            if state in out:
                raise Refused(f"two entries of '{name}' for one state")
            out[state] = value(e)
        return out

    def _named_state(self, t, btext, wtext, what) -> tuple:
        """The state an entry names, checked legal (spec §3, S1-S3)."""
        g = self.game
        b, w = g.cells(btext, what), g.cells(wtext, what)
        if (b | w) & (g.black0 | g.white0):
            raise Refused(f"{what} lists an initial stone")                          # S1
        if b & w:
            raise Refused(f"{what}: black and white stones overlap")                 # S1
        if not 0 <= t <= len(self.sched):
            raise Refused(f"{what}: time {t} is outside the schedule")               # S2
        own, opp = (b, w) if self.x == BLACK else (w, b)
        if len(own) > self.left_x[0] - self.left_x[t]:
            raise Refused(f"{what}: {self.x} has more stones than turns")            # S2
        if not self.residual and len(opp) > self.left_y[0] - self.left_y[t]:
            raise Refused(f"{what}: {self.y} has more stones than turns")            # S2
        state = (b | g.black0, w | g.white0, t)
        own, opp = self.own_opp(state)
        if self.x_won(own, opp) and any(s <= opp for s in self.ysets):
            raise Refused(f"{what}: both players hold a whole set")                   # S3
        return state

    def _one_cell_name(self, name) -> int:
        if name not in self.game.index:
            raise Refused(f"unknown position {name[:30]!r}")
        return self.game.index[name]

    def _ordered_cells(self, text) -> list:
        names = text.split()
        cells = [self._one_cell_name(n) for n in names]
        if len(set(cells)) != len(cells):
            raise Refused("a threat line repeats a cell")
        return cells

    def _pairing_text(self, e) -> str:
        """A pairing's text, checked here and parsed again by :meth:`pairing_holds`."""
        self._pairs(e[3])
        return e[3]

    def _pairs(self, text: str) -> list:
        names = text.split()
        if len(names) % 2:
            raise Refused("a pairing lists an odd number of cells")
        return [frozenset(self._one_cell_name(n) for n in names[i:i + 2]) for i in range(0, len(names), 2)]

    def _map(self, text) -> dict:
        cmap = {}
        for pair in text.split():
            a, sep, c = pair.partition(">")
            a, c = self._one_cell_name(a), self._one_cell_name(c)
            if not sep or a in cmap:
                raise Refused("a map names a cell twice or lacks '>'")
            cmap[a] = c
        return cmap

    def _link_value(self, e) -> tuple:
        target = self._named_state(e[0], e[3], e[4], "a link's target")
        if e[5].startswith("@"):
            k = e[5][1:]
            if not (k.isascii() and k.isdigit() and int(k) < len(self.maps)):
                raise Refused(f"a link names no map: {e[5][:20]!r}")
            return self.pack(target), self.maps[int(k)], int(k)
        cmap = self._inline_maps.get(e[5])
        if cmap is None:
            cmap = self._inline_maps[e[5]] = self._map(e[5])
        return self.pack(target), cmap, None

    # -- packed storage (see the module docstring) -------------------------------------------------
    def pack(self, state) -> int:
        """A state as one int: ``black | white << n | t << 2n``."""
        b, w, t = state
        return mask(b) | mask(w) << self.n | t << 2 * self.n

    def unpack(self, packed: int) -> tuple:
        """The state :meth:`pack` packed."""
        full = (1 << self.n) - 1
        return cells_of(packed & full), cells_of(packed >> self.n & full), packed >> 2 * self.n

    def family(self, key) -> set:
        """The needs of a residual key (a set of frozensets)."""
        fam, w = key[1], self.width
        return {cells_of(int.from_bytes(fam[i:i + w], "big")) for i in range(0, len(fam), w)}

    # -- facts of a state ------------------------------------------------------------------------
    def own_opp(self, state) -> tuple:
        b, w, _ = state
        return (b, w) if self.x == BLACK else (w, b)

    def x_needs(self, own, opp, left=None) -> list:
        out = [s - own for s in self.xsets if s.isdisjoint(opp)]
        return out if left is None else [s for s in out if len(s) <= left]

    def y_needs(self, own, opp, left=None) -> list:
        out = [s - opp for s in self.ysets if s.isdisjoint(own)]
        return out if left is None else [s for s in out if len(s) <= left]

    def x_won(self, own, opp) -> bool:
        """S3: in residual games the key holds the empty need; else X holds a whole set."""
        if self.residual:  # the empty need s - own of a set s untouched by Y
            return any(s.issubset(own) and s.isdisjoint(opp) for s in self.xsets)
        return any(s.issubset(own) for s in self.xsets)

    def open_cells(self, own, opp) -> frozenset:
        """open(s): free cells of Y's sets untouched by X (spec §4.14)."""
        cells: set = set()
        for s in self.ysets:
            if s.isdisjoint(own):
                cells |= s
        return frozenset(cells - opp)

    def legal(self, state) -> frozenset:
        b, w, t = state
        free = self.cells - b - w
        return free & self.game.first_moves if t == 0 and self.game.first_moves is not None else free

    def play(self, state, cell, by_x: bool) -> tuple:
        b, w, t = state
        black = by_x == (self.x == BLACK)
        return (b | {cell}, w, t + 1) if black else (b, w | {cell}, t + 1)

    def key(self, state):
        """The state itself in keyed games; in residual games (t, the needs of X that can still be
        completed), both packed (the module docstring)."""
        if not self.residual:
            return self.pack(state)
        own, opp = map(mask, self.own_opp(state))  # x_needs(own, opp, left), on bitmasks
        left = self.left_x[state[2]]
        needs = sorted({n for n in (s & ~own for s in self.xmasks if not s & opp) if n.bit_count() <= left})
        return state[2], b"".join(n.to_bytes(self.width, "big") for n in needs)

    def choice(self, state, packed, legal) -> int:
        v = self.moves.get(packed)
        if v is None or v not in legal:
            raise Refused(f"no legal recorded move at time {state[2]} (black {self.game.names(state[0])}, "
                          f"white {self.game.names(state[1])})")
        return v

    # -- the driver (spec §5) ----------------------------------------------------------------------
    def run(self, start, proving: bool):
        """Post-order evaluation on an explicit stack. Frames: [key, generator] (a derivation) or
        [key, None, map] (a link being followed). A request for a key on the stack is a cycle."""
        step = self.prove_step if proving else self.refute_step
        stack: list = []
        active: set = set()
        request, value = start, None
        while True:
            if request is not None:
                state, request = request, None
                # packed once: in keyed games it is the key; the links and the step read it too
                packed = None if self.residual else self.pack(state)
                k = self.key(state) if packed is None else packed
                if k in self.done:
                    value = self.done[k]
                    value = None if value is None else cells_of(value)
                elif k in active:
                    raise Refused(f"cyclic links at time {state[2]}")
                else:
                    active.add(k)
                    if packed is None:
                        packed = self.pack(state)
                    link = self.links.get(packed)
                    if link is not None:
                        target, cmap = self.link_target(state, k, link)
                        stack.append((k, None, cmap))
                        request = target
                        continue
                    self.enter(state)
                    stack.append((k, step(state, packed), None))
                    value = None
            if not stack:
                return value
            k, gen, cmap = stack[-1]
            if gen is None:
                if proving:
                    if not value <= cmap.keys():
                        raise Refused("a linked carrier leaves its map")
                    value = frozenset(cmap[c] for c in value)
            else:
                try:
                    request = gen.send(value)
                    continue
                except StopIteration as stop:
                    value = stop.value
            stack.pop()
            active.discard(k)
            self.done[k] = None if value is None else mask(value)

    def enter(self, state) -> None:
        """One more derivation (spec §4.17), on a state with disjoint colours (S1). It costs
        1 + (K + 2M) * width // UNIT_BYTES units: K the needs in its residual key (2 in keyed
        games), M the free cells on a live need of either player."""
        self.derived += 1
        cost = 1
        if self.heavy:
            own, opp = self.own_opp(state)
            t = state[2]
            xl = self.x_needs(own, opp, self.left_x[t])
            on_needs = set().union(*xl, *self.y_needs(own, opp, self.left_y[t]))
            k = len(set(xl)) if self.residual else 2
            cost += (k + 2 * len(on_needs)) * self.width // UNIT_BYTES
        self.spent += cost
        if self.spent > self.budget:
            raise Refused("the certificate makes the checker derive too many states per recorded entry")
        if state[0] & state[1]:
            raise Refused(f"black and white stones overlap at time {state[2]}")

    # -- links (spec §4.15) --------------------------------------------------------------------------
    def link_target(self, state, k, link) -> tuple:
        packed, cmap, shared = link
        target = self.unpack(packed)
        if self.residual:
            if len(set(cmap.values())) != len(cmap):
                raise Refused(f"a link map at time {state[2]} is not one-to-one")
            tk = self.key(target)
            if tk == k:
                raise Refused(f"a link at time {state[2]} points at an equal state")
            needs = self.family(tk)
            if not all(c in cmap for need in needs for c in need):
                raise Refused(f"a link map at time {state[2]} misses a cell")
            if {frozenset(cmap[c] for c in need) for need in needs} != self.family(k):
                raise Refused(f"a link map at time {state[2]} does not carry the needs over")
            return target, cmap
        if target == state:
            raise Refused(f"a link at time {state[2]} points at an equal state")
        ident = shared if shared is not None else id(cmap)
        if ident not in self._automorphisms:
            self._automorphisms[ident] = self.is_automorphism(cmap)
        if not self._automorphisms[ident]:
            raise Refused(f"a link map at time {state[2]} is not an automorphism of the game")
        if {cmap[c] for c in target[0]} != state[0] or {cmap[c] for c in target[1]} != state[1]:
            raise Refused(f"a link map at time {state[2]} does not carry the stones over")
        return target, cmap

    def is_automorphism(self, cmap) -> bool:
        """A permutation of all positions fixing the reduced families of both players (§4.1: they
        play the same game from every legal state holding the initial stones), the initial stones
        of both colours and #firstmoves (spec §4.15, keyed games)."""
        g = self.game
        if set(cmap) != self.cells or set(cmap.values()) != self.cells:
            return False

        def image(cells):
            return frozenset(cmap[c] for c in cells)
        for family in (self.xsets, self.ysets):
            if {image(s) for s in family} != set(family):
                return False
        if image(g.black0) != g.black0 or image(g.white0) != g.white0:
            return False
        return g.first_moves is None or image(g.first_moves) == g.first_moves

    # -- proofs (spec §4.3-§4.5, §4.9, §4.10, §4.13) -----------------------------------------------
    def prove_step(self, state, packed):
        b, w, t = state
        own, opp = self.own_opp(state)
        extra = self.open_cells(own, opp)
        if self.x_won(own, opp):
            return extra
        if packed in self.parts:
            return self.part(state, self.parts[packed], True)
        if any(s.issubset(opp) for s in self.ysets) or t >= len(self.sched):
            raise Refused(f"{self.x} does not win at time {t}")
        legal = self.legal(state)
        free = self.cells - b - w
        n = len(self.sched)
        if self.sched[t] == self.x:
            if packed in self.lines:
                return self.line_carrier(state, self.lines[packed]) | extra
            needs = self.x_needs(own, opp)
            wins = one_cell(needs, legal)
            if wins:
                return extra | {min(wins)}
            v = None
            if t + 1 < n and self.sched[t + 1] == self.y:
                threats = one_cell(self.y_needs(own, opp), free)
                if len(threats) > 1 or (threats and not threats & legal):
                    raise Refused(f"{self.x} cannot meet {self.y}'s threats at time {t}")
                v = min(threats) if threats else None
            if v is None:
                v = self.choice(state, packed, legal)
                if self.residual and not any(v in s for s in needs if len(s) <= self.left_x[t]):
                    raise Refused(f"a recorded move at time {t} is on no live set")
            after = yield self.play(state, v, True)
            return after | extra | {v}
        if not legal:  # Y has no move: a board no play reaches, where X has not won
            raise Refused(f"{self.y} cannot move at time {t}, so {self.x} does not win there")
        if one_cell(self.y_needs(own, opp), legal):
            raise Refused(f"{self.y} completes a set at time {t}")
        if t + 1 < n and self.sched[t + 1] == self.x:
            threats = one_cell(self.x_needs(own, opp), free)
            if threats and min(threats) in legal:
                a = min(threats)
                after = yield self.play(state, a, False)
                return after | extra | {a}
        if packed in self.replies:
            carrier = extra | legal
            for c in sorted(legal):
                carrier |= yield self.play(state, c, False)
            return carrier
        passed = yield (b, w, t + 1)
        carrier = passed | extra
        for c in sorted(legal & passed):
            carrier |= (yield self.play(state, c, False)) | {c}
        return carrier

    def line_carrier(self, state, line) -> frozenset:
        b, w, t = state
        own, opp = self.own_opp(state)
        carrier = set(self.open_cells(own, opp))
        k, n = len(line), len(self.sched)
        if not k or t + 2 * k >= n or any(self.sched[t + i] != (self.y if i % 2 else self.x)
                                          for i in range(2 * k + 1)):
            raise Refused(f"a threat line at time {t} does not fit the schedule")
        if line[0] not in self.legal(state):
            raise Refused(f"a threat line at time {t} starts with an illegal move")
        needs = self.x_needs(own, opp, self.left_x[t])
        free = self.cells - b - w
        for i, a in enumerate(line):
            if one_cell(needs, free) or one_cell(self.y_needs(own, opp), free):
                raise Refused(f"a threat line at time {t}: a one-cell need before move {i + 1}")
            if a not in free or not any(a in s for s in needs):
                raise Refused(f"a threat line at time {t}: move {i + 1} is on no live set")
            needs = [s - {a} for s in needs]
            own, free = own | {a}, free - {a}
            threats = one_cell(needs, free)
            carrier.add(a)
            if i < k - 1:
                if len(threats) != 1:
                    raise Refused(f"a threat line at time {t}: move {i + 1} is not one threat")
                needs = [s for s in needs if not s & threats]
                opp, free = opp | threats, free - threats
                carrier |= threats
            elif len(threats) < 2:
                raise Refused(f"a threat line at time {t} does not end in a double threat")
            else:
                carrier |= set(sorted(threats)[:2])
        return frozenset(carrier)

    # -- refutations (spec §4.3, §4.4, §4.6-§4.8, §4.11, §4.12) ------------------------------------
    def refute_step(self, state, packed):
        b, w, t = state
        own, opp = self.own_opp(state)
        n = len(self.sched)
        if self.x_won(own, opp):
            raise Refused(f"{self.x} wins at time {t}")
        if any(s.issubset(opp) for s in self.ysets) or t >= n:
            return
        xl = self.x_needs(own, opp, self.left_x[t])
        if not xl:
            return
        if packed in self.parts:
            self.part(state, self.parts[packed], False)
            return
        if packed in self.pairings:
            self.pairing_holds(state, xl, self._pairs(self.pairings[packed]))
            return
        legal = self.legal(state)
        free = self.cells - b - w
        if self.sched[t] == self.y:
            if one_cell(self.y_needs(own, opp), legal):
                return
            c = None
            if t + 1 < n and self.sched[t + 1] == self.x:
                threats = one_cell(xl, free)
                if len(threats) > 1 or (threats and not threats & legal):
                    raise Refused(f"{self.y} cannot meet {self.x}'s threats at time {t}")
                c = min(threats) if threats else None
            yield self.play(state, self.choice(state, packed, legal) if c is None else c, False)
            return
        if one_cell(xl, legal):
            raise Refused(f"{self.x} completes a set at time {t}")
        yl = self.y_needs(own, opp, self.left_y[t])
        if t + 1 < n and self.sched[t + 1] == self.y:
            threats = one_cell(yl, free)
            if len(threats) > 1 or (threats and not threats & legal):
                return
            if threats:
                yield self.play(state, min(threats), True)
                return
        if not yl and t and self.left_x[t] == 2 and self.sched[t:t + 3] == (self.x, self.y, self.x):
            partners: dict = {}
            for s in xl:
                if len(s) == 2:
                    p, q = sorted(s)
                    partners.setdefault(p, set()).add(q)
                    partners.setdefault(q, set()).add(p)
            if any(len(v) > 1 for v in partners.values()):
                raise Refused(f"{self.x} makes a double threat at time {t}")
            return
        if self.split and self.residual and all(
                self.sched[u] == (self.x if (u - t) % 2 == 0 else self.y) for u in range(t, n)):
            parts = components(xl)
            if len(parts) > 1:
                everything = frozenset().union(*parts)
                for part in parts:
                    rest = everything - part
                    yield (b, w | rest, t) if self.x == BLACK else (b | rest, w, t)
                return
        live = frozenset().union(*xl, *yl) & legal
        moves = sorted(live) if live else sorted(legal)[:1]
        for c in reversed(moves):
            yield self.play(state, c, True)

    def pairing_holds(self, state, xl, pairs) -> None:
        b, w, t = state
        if any(self.sched[u] == self.sched[u + 1] == self.x for u in range(t, len(self.sched) - 1)):
            raise Refused(f"a pairing at time {t}: {self.x} moves twice in a row later")
        used = set(b | w)
        for p in pairs:
            if len(p) != 2 or p & used:
                raise Refused(f"a pairing at time {t} has a pair that is not two free, unused cells")
            used |= p
        for s in xl:
            if not any(p <= s for p in pairs):
                raise Refused(f"a pairing at time {t} leaves a live set of {self.x} without a pair")

    # -- parts (book.md) -------------------------------------------------------------------------------
    def part(self, state, name: str, wins: bool) -> frozenset:
        if self.open_member is None:
            raise Refused(f"a part at time {state[2]} needs a book holding its member")
        member = self.open_member(name)
        what = f"part {name[:60]!r}"
        try:
            read_envelope(member)
            if member.get("kind") != "pg-proof":
                raise Refused("not a pg-proof certificate")
            body_keys(member, "questions")
            mgame, asked, colour, _ = game_of(member)
            if not same_json(asked, member["claim"]["question"]):
                raise Refused("its claimed question is not the one its instance poses")
            sub = continued(self.game, state[0], state[1], state[2])
            if described(mgame) != described(sub):
                raise Refused("it is not about the game at its state")
            if (colour == self.x) != wins:
                raise Refused(f"it claims {colour} wins: not the answer needed")
            answers = member["questions"]
            found = [q for q in answers if isinstance(q, dict) and q.get("attacker") == self.x] \
                if isinstance(answers, list) else []
            if len(found) != 1 or found[0].get("wins") is not wins or "parts" in found[0]:
                raise Refused(f"it does not answer '{self.x} wins' {str(wins).lower()} (without parts)")
            walk = Walk(sub, self.x, found[0])
            # spec §4.17: one pool per answer; the part spends what its parent has left, plus
            # its own entries' share, and hands the rest back
            walk.budget = self.budget - self.spent + PER_ENTRY * walk.entries
            carrier = walk.run((sub.black0, sub.white0, 0), wins)
            self.spent = self.budget - (walk.budget - walk.spent)
            self.derived += walk.derived  # reported with the parent's (the parts' states count too)
            self.entries += walk.entries
        except Refused as exc:
            raise Refused(f"{what}: {exc}") from None
        return carrier if wins else EMPTY


def needed_answers(game, colour: str) -> list:
    """(attacker, wins) pairs whose answers imply the claimed winner (spec §2)."""
    if colour == BLACK:
        return [(BLACK, True)]
    if not game.maker_maker:
        return [(BLACK, False)]
    return [(BLACK, False), (WHITE, colour == WHITE)]


def check_pg_proof(cert: dict, open_member=None, owned: bool = False) -> tuple:
    """(question, verdict, detail) of a pg-proof certificate (spec §2): every needed answer is read
    first, then walked. ``owned`` (the caller keeps no use for ``cert``): each answer's entry lists
    are dropped from ``cert`` once read, so that only their packed form stays alive."""
    body_keys(cert, "questions")
    game, asked, colour, verdict = game_of(cert)
    questions = cert["questions"]
    if not isinstance(questions, list):
        raise Refused("'questions' must be a list")
    given: dict = {}
    for q in questions:
        if not isinstance(q, dict) or q.get("attacker") not in (BLACK, WHITE) or type(q.get("wins")) is not bool:
            raise Refused("each answer needs 'attacker' (black/white) and 'wins' (true/false)")
        if not set(q) <= ANSWER_KEYS:  # spec §2: in every answer, needed or not (as the kernel)
            raise Refused("an answer has an unknown key")
        if q["attacker"] in given:
            raise Refused(f"two answers for {q['attacker']}")
        given[q["attacker"]] = q
    walks = []
    for attacker, wins in needed_answers(game, colour):
        q = given.get(attacker)
        if q is None or q["wins"] is not wins:
            raise Refused(f"the claim needs '{attacker} wins' answered {str(wins).lower()}")
        walks.append((Walk(game, attacker, q, open_member), wins))
        if owned:
            for name in ANSWER_KEYS - {"attacker", "wins", "maps"}:
                q.pop(name, None)
    derived = entries = 0
    while walks:
        walk, wins = walks.pop(0)  # the walk done is freed when the next one starts
        walk.run((game.black0, game.white0, 0), wins)
        derived += walk.derived
        entries += walk.entries
    return asked, verdict, f"{derived} states derived from {entries} recorded entries"
