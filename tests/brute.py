"""A brute-force judge of certificate claims, written from the game definitions alone.

It imports nothing from ``verify``: it reads the certificate's instance JSON (or ``.pg`` text)
itself and plays each game out by plain minimax / Sprague-Grundy recursion with a memo. Rules
(sources as in the project's docstrings):

- Maker-Breaker (paper 004 Def I.1.8): players alternately claim free vertices, the given player
  first; Maker wins iff she claims every vertex of some edge; a full board without that is
  Breaker's win. Maker's and Breaker's starting stones are given.
- ``.pg`` games (Positional Game Description 1.0, arXiv:2005.05098): at each time point of
  ``#times`` the scheduled colour (black at ``#blackturns``) claims a free cell (at the first time
  point only a ``#firstmoves`` cell, if given); the schedule is cut to the number of free cells; the
  first to complete one of its own winning sets wins; at the end: a draw if ``#whitewins`` is
  present, else white wins. Initial stones count; both complete at the start is inconsistent.
- ACV/AVD/DST/PRV (paper 000 §3): positions are sets P of selected vertices, start ∅, last mover
  wins; ACV ends once P contains an edge; AVD forbids P to come to contain an edge; DST ends once
  the complement of P contains no edge; PRV forbids the complement to become edge-free. Undefined:
  ACV/PRV without edges, AVD/DST when ∅ is an edge.
- GEN/DNG on a convex geometry with closure τ (papers 001 §3, 002 §2): GEN ends once W ⊆ τ(P);
  in DNG a point s may be selected only if W ⊄ τ(P ∪ {s}); DNG is undefined if W ⊆ τ(∅).
- Hypergraph NIM (paper 003 §1): a move picks an edge and strictly decreases every pile on it;
  conjunctive compounds move in every component, selective ones in a non-empty set of components.
- Pairings (paper 004 Prop I.1.52): disjoint pairs of free vertices, each live edge holding one.

:func:`truth` returns whether a certificate's claim is true, or raises :class:`TooBig` when the
instance is beyond brute force (or the question is one the judge does not model).
"""
from __future__ import annotations

import itertools
import sys
from functools import lru_cache

LIMIT_CELLS = 14  # free cells / vertices for minimax and Grundy recursion
LIMIT_BOX = 20000  # positions of a hypergraph-NIM box


class TooBig(Exception):
    """The judge declines (instance too large, or a question it does not model)."""


class Invalid(Exception):
    """The instance or claim does not describe a game (a claim about it cannot be true)."""


def _bits(m: int):
    i = 0
    while m:
        if m & 1:
            yield i
        m >>= 1
        i += 1


def _mex(values) -> int:
    s = set(values)
    n = 0
    while n in s:
        n += 1
    return n


# -- names ---------------------------------------------------------------------------------------

def _name(v) -> str:
    if isinstance(v, bool) or not isinstance(v, (str, int)):
        raise Invalid(f"bad name {v!r}")
    s = str(v)
    if not s or any(c.isspace() for c in s) or "," in s or not s.isprintable():
        raise Invalid(f"bad name {s!r}")
    return s


class Board:
    """A hypergraph read from ``{"vertices", "edges", "marked"}`` JSON (names normalised to text)."""

    def __init__(self, data):
        if not isinstance(data, dict) or not isinstance(data.get("edges"), list):
            raise Invalid("no edges")
        if set(data) - {"vertices", "edges", "marked", "name", "comment"}:
            raise Invalid("unknown keys")
        edges = data["edges"]
        if not all(isinstance(e, list) for e in edges):
            raise Invalid("edges")
        names = [[_name(v) for v in e] for e in edges]
        if "vertices" in data and data["vertices"] is not None:
            if not isinstance(data["vertices"], list):
                raise Invalid("vertices")
            self.vertices = [_name(v) for v in data["vertices"]]
        else:
            self.vertices = list(dict.fromkeys(v for e in names for v in e))
        if not self.vertices and not edges:
            raise Invalid("empty")
        if len(set(self.vertices)) != len(self.vertices):
            raise Invalid("vertex twice")
        self.index = {v: i for i, v in enumerate(self.vertices)}
        self.edges = []
        for e in names:
            m = self.mask(e)
            if m in self.edges:
                raise Invalid("duplicate edge")
            self.edges.append(m)
        marked = data.get("marked", [])
        if not isinstance(marked, list):
            raise Invalid("marked")
        self.marked = self.mask([_name(v) for v in marked])
        self.n = len(self.vertices)

    def mask(self, names) -> int:
        m = 0
        for v in names:
            if v not in self.index:
                raise Invalid(f"unknown vertex {v!r}")
            m |= 1 << self.index[v]
        return m

    def names_mask(self, items) -> int:
        if not isinstance(items, list):
            raise Invalid("not a list")
        return self.mask([_name(v) for v in items])  # a set: a repeated name is the same vertex


# -- Maker-Breaker -------------------------------------------------------------------------------

def maker_breaker_winner(n: int, edges, maker: int, breaker: int, first: str, bound=None) -> str:
    """'maker' or 'breaker': plain minimax over (Maker's stones, Breaker's stones, mover, Maker's
    moves left); with ``bound``, Maker must complete an edge within ``bound`` of her own moves."""
    full = (1 << n) - 1
    if maker & breaker:
        raise Invalid("a vertex held by both")
    if (full & ~maker & ~breaker).bit_count() > LIMIT_CELLS:
        raise TooBig("board")

    @lru_cache(maxsize=None)
    def maker_wins(mk: int, bk: int, maker_moves: bool, left: int) -> bool:
        if any(e & mk == e for e in edges):
            return True
        free = full & ~mk & ~bk
        if not free or left == 0:
            return False
        if maker_moves:
            return any(maker_wins(mk | 1 << i, bk, False, left - 1) for i in _bits(free))
        return all(maker_wins(mk, bk | 1 << i, True, left) for i in _bits(free))

    left = n + 1 if bound is None else bound
    return "maker" if maker_wins(maker, breaker, first == "maker", left) else "breaker"


def pairing_exists(n: int, edges, maker: int, breaker: int) -> bool:
    """Disjoint pairs of free vertices such that every edge Breaker has not touched (less Maker's
    vertices) contains a pair."""
    live = [e & ~maker for e in edges if not e & breaker]
    if len(live) > 40 or n > LIMIT_CELLS:
        raise TooBig("pairing")
    free = ((1 << n) - 1) & ~maker & ~breaker
    cand = sorted({(1 << i) | (1 << j) for e in live for i, j in itertools.combinations(list(_bits(e)), 2)
                   if (1 << i | 1 << j) & free == (1 << i | 1 << j)})

    def search(k: int, used: int, chosen: tuple) -> bool:
        if all(any(p & e == p for p in chosen) for e in live):
            return True
        for j in range(k, len(cand)):
            if not cand[j] & used and search(j + 1, used | cand[j], chosen + (cand[j],)):
                return True
        return False

    return search(0, 0, ())


# -- .pg games -----------------------------------------------------------------------------------

def pg_result(text: str) -> str:
    """black / white / draw of a ``.pg`` description, by minimax over (black, white, t)."""
    if not isinstance(text, str):
        raise Invalid("no text")
    sections: dict[str, list[list[str]]] = {}
    cur = None
    for raw in text.splitlines():
        fields = raw.partition("%")[0].split()
        if not fields:
            continue
        if fields[0].startswith("#"):
            cur = fields[0].lower()
            sections.setdefault(cur, [])
            continue
        if cur is None:
            raise Invalid("data before a code word")
        sections[cur].append(fields)

    def flat(k):
        return [x for line in sections.get(k, []) for x in line]

    pos = flat("#positions")
    if not pos or len(set(pos)) != len(pos):
        raise Invalid("positions")
    idx = {p: i for i, p in enumerate(pos)}

    def mask(names):
        return _mask_of(idx, names)

    bsets = [mask(line) for line in sections.get("#blackwins", [])]
    wsets = [mask(line) for line in sections.get("#whitewins", [])]
    maker_maker = "#whitewins" in sections
    bi, wi = mask(flat("#blackinitials")), mask(flat("#whiteinitials"))
    firsts = mask(flat("#firstmoves")) if "#firstmoves" in sections else None
    times = flat("#times")
    bturns = set(flat("#blackturns"))
    full = (1 << len(pos)) - 1
    nfree = (full & ~bi & ~wi).bit_count()
    sched = ["black" if x in bturns else "white" for x in times][:nfree]
    if nfree > LIMIT_CELLS:
        raise TooBig("pg board")
    end = "draw" if maker_maker else "white"

    def done(b, w):
        bw = any(s & b == s for s in bsets)
        ww = any(s & w == s for s in wsets)
        if bw and ww:
            raise Invalid("both complete")
        return "black" if bw else "white" if ww else None

    score = {"black": 1, "draw": 0, "white": -1}

    @lru_cache(maxsize=None)
    def value(b: int, w: int, t: int) -> int:
        r = done(b, w)
        if r is not None:
            return score[r]
        if t >= len(sched):
            return score[end]
        free = full & ~b & ~w
        if t == 0 and firsts is not None:
            free &= firsts
        if not free:
            raise Invalid("no legal move")
        if sched[t] == "black":
            return max(value(b | 1 << i, w, t + 1) for i in _bits(free))
        return min(value(b, w | 1 << i, t + 1) for i in _bits(free))

    return {1: "black", 0: "draw", -1: "white"}[value(bi, wi, 0)]


# -- impartial games on sets ---------------------------------------------------------------------

def _grundy(n: int, options) -> int:
    if n > LIMIT_CELLS:
        raise TooBig("positions")

    @lru_cache(maxsize=None)
    def g(p: int) -> int:
        return _mex(g(q) for q in options(p))

    return g(0)


def hypergraph_nim(kind: str, n: int, edges) -> int:
    """Nim value of ACV/AVD/DST/PRV(H) from ∅ (paper 000 §3)."""
    full = (1 << n) - 1
    if kind in ("acv", "prv") and not edges:
        raise Invalid("undefined (no edge)")
    if kind in ("avd", "dst") and 0 in edges:
        raise Invalid("undefined (empty edge)")

    def has_edge(p):
        return any(e & p == e for e in edges)

    def comp_stable(p):
        return not any(not e & p for e in edges)

    def options(p):
        cand = [p | 1 << i for i in _bits(full & ~p)]
        if kind == "acv":
            return [] if has_edge(p) else cand
        if kind == "dst":
            return [] if comp_stable(p) else cand
        if kind == "avd":
            return [q for q in cand if not has_edge(q)]
        if kind == "prv":
            return [q for q in cand if not comp_stable(q)]
        raise Invalid(f"game {kind}")

    return _grundy(n, options)


def convex_nim(kind: str, data) -> int:
    """Nim value of GEN/DNG(S, W) from ∅ on a tree-vertex, tree-edge or explicit geometry."""
    n, closure, winning = _geometry(data)
    if not winning:
        raise Invalid("empty W")

    def gen(p):
        return closure(p) & winning == winning

    if kind == "dng" and gen(0):
        raise Invalid("DNG undefined")
    full = (1 << n) - 1

    def options(p):
        cand = [p | 1 << i for i in _bits(full & ~p)]
        if kind == "gen":
            return [] if gen(p) else cand
        if kind == "dng":
            return [q for q in cand if not gen(q)]
        raise Invalid(f"game {kind}")

    return _grundy(n, options)


def _geometry(data):
    if not isinstance(data, dict):
        raise Invalid("instance")
    kind = data.get("geometry")
    if kind in ("tree-vertex", "tree-edge"):
        tree = data.get("tree")
        if not isinstance(tree, list) or not all(isinstance(e, list) and len(e) == 2 for e in tree):
            raise Invalid("tree")
        tedges = [(_name(u), _name(v)) for u, v in tree]
        verts = list(dict.fromkeys(x for e in tedges for x in e))
        if data.get("vertices") is not None:
            verts = [_name(v) for v in data["vertices"]]
        vi = {v: i for i, v in enumerate(verts)}
        adj = {v: set() for v in verts}
        for u, v in tedges:
            if u not in adj or v not in adj or u == v:
                raise Invalid("tree edge")
            adj[u].add(v)
            adj[v].add(u)
        if len(tedges) != len(verts) - 1:
            raise Invalid("not a tree")

        def steiner(vm: int) -> int:
            """Vertices on paths between vertices of vm (the smallest subtree holding them)."""
            sel = [verts[i] for i in _bits(vm)]
            out = vm
            for a, b in itertools.combinations(sel, 2):
                for x in _path(adj, a, b):
                    out |= 1 << vi[x]
            return out

        if kind == "tree-vertex":
            win = data.get("winning")
            if not isinstance(win, list):
                raise Invalid("winning")
            return len(verts), steiner, _mask_of(vi, [_name(x) for x in win])
        ends = [(1 << vi[u]) | (1 << vi[v]) for u, v in tedges]

        def closure(a: int) -> int:
            vm = 0
            for i in _bits(a):
                vm |= ends[i]
            span = steiner(vm)
            return sum(1 << i for i, e in enumerate(ends) if e & span == e)

        eidx = {frozenset(e): i for i, e in enumerate(tedges)}
        win = 0
        for e in data.get("winning") or []:
            if not isinstance(e, list) or len(e) != 2 or frozenset(_name(x) for x in e) not in eidx:
                raise Invalid("winning edge")
            win |= 1 << eidx[frozenset(_name(x) for x in e)]
        return len(tedges), closure, win
    if kind == "explicit":
        ground = [_name(v) for v in data.get("ground") or []]
        gi = {v: i for i, v in enumerate(ground)}
        fam = [_mask_of(gi, [_name(x) for x in k]) for k in data.get("convex") or []]
        full = (1 << len(ground)) - 1

        def closure(a: int) -> int:
            out = full
            for k in fam:
                if k & a == a:
                    out &= k
            return out

        win = data.get("winning")
        if not isinstance(win, list):
            raise Invalid("winning")
        return len(ground), closure, _mask_of(gi, [_name(x) for x in win])
    raise TooBig(f"geometry {kind!r}")  # affine hulls are not modelled here


def _mask_of(index, names) -> int:
    m = 0
    for x in names:
        if x not in index:
            raise Invalid(f"unknown name {x}")
        m |= 1 << index[x]
    return m


def _path(adj, a, b):
    prev = {a: None}
    stack = [a]
    while stack:
        x = stack.pop()
        for y in adj[x]:
            if y not in prev:
                prev[y] = x
                stack.append(y)
    if b not in prev:
        raise Invalid("tree not connected")
    out = []
    while b is not None:
        out.append(b)
        b = prev[b]
    return out


# -- hypergraph NIM --------------------------------------------------------------------------------

def _nim_component(data):
    if not isinstance(data, dict) or set(data) - {"hypergraph", "piles", "name", "comment"}:
        raise Invalid("hypernim instance")
    hyper, piles = data.get("hypergraph"), data.get("piles")
    if not isinstance(hyper, list) or not isinstance(piles, dict) or not hyper:
        raise Invalid("hypernim instance")
    verts = list(piles)
    vi = {v: i for i, v in enumerate(verts)}
    edges = []
    for e in hyper:
        if not isinstance(e, list) or not e:
            raise Invalid("edge")
        idx = tuple(sorted({vi[_name(v)] if _name(v) in vi else -1 for v in e}))
        if -1 in idx:
            raise Invalid("edge vertex without pile")
        edges.append(idx)
    if set(range(len(verts))) - {i for e in edges for i in e}:
        raise Invalid("pile on no edge")
    x = []
    for v in verts:
        a = piles[v]
        if isinstance(a, bool) or not isinstance(a, int) or a < 0:
            raise Invalid("pile")
        x.append(a)
    return edges, tuple(x)


def _edge_moves(edges, x):
    """Every position reached from x by one NIM_H move."""
    out = set()
    for e in edges:
        if all(x[i] > 0 for i in e):
            for vals in itertools.product(*(range(x[i]) for i in e)):
                y = list(x)
                for i, v in zip(e, vals):
                    y[i] = v
                out.add(tuple(y))
    return out


def hypernim_sg(data) -> int:
    """SG value of a hypergraph-NIM instance (simple, or a conjunctive/selective compound)."""
    if isinstance(data, dict) and "compound" in data:
        comp = data.get("compound")
        parts = [_nim_component(c) for c in data.get("components") or []]
        if comp not in ("conjunctive", "selective") or not parts:
            raise Invalid("compound")
    else:
        parts = [_nim_component(data)]
        comp = "selective"
    size = 1
    for _, x in parts:
        for a in x:
            size *= a + 1
    if size > LIMIT_BOX:
        raise TooBig("box")
    sys.setrecursionlimit(max(10000, sys.getrecursionlimit()))

    @lru_cache(maxsize=None)
    def sg(xs: tuple) -> int:
        per = [sorted(_edge_moves(parts[k][0], xs[k])) for k in range(len(parts))]
        opts = set()
        if comp == "conjunctive":
            if all(per):
                opts = set(itertools.product(*per))
        else:
            choices = [[xs[k]] + per[k] for k in range(len(parts))]
            opts = set(itertools.product(*choices)) - {xs}
        return _mex(sg(o) for o in opts)

    return sg(tuple(x for _, x in parts))


__all__ = ["TooBig", "Invalid", "Board", "maker_breaker_winner", "pairing_exists", "pg_result",
           "hypergraph_nim", "convex_nim", "hypernim_sg"]


# -- the claim of a certificate ------------------------------------------------------------------

def question(cert: dict):
    """(game, board, position, first, verdict, bound) of a certificate: the one place that knows the
    certificate format (version 2: ``claim.question`` and ``claim.verdict``)."""
    claim = cert.get("claim")
    inst = cert.get("instance")
    if not isinstance(claim, dict) or not isinstance(inst, dict):
        raise Invalid("no claim")
    q, verdict = claim.get("question"), claim.get("verdict")
    if not isinstance(q, dict) or not isinstance(q.get("position"), dict):
        raise Invalid("no question")
    return q.get("game"), inst, q["position"], q.get("first"), verdict, q.get("bound")


def _int(v) -> bool:
    return type(v) is int and v >= 0


def truth(game, board, position, first, verdict, bound=None) -> bool:
    """Is the verdict the true answer to the question? TooBig when the judge declines."""
    if bound is not None and (game != "maker-breaker" or not _int(bound) or not isinstance(verdict, dict)
                              or "winner" not in verdict):
        return False  # only Maker-Breaker games have bounded questions
    try:
        return _truth(game, board, position, first, verdict, bound)
    except Invalid:
        return False


def _truth(game, board, position, first, verdict, bound=None) -> bool:
    if not isinstance(verdict, dict):
        return False
    if game == "maker-breaker":
        b = Board({k: v for k, v in board.items() if k != "marked"} if isinstance(board, dict) else board)
        maker = b.marked | b.names_mask(position.get("maker", []))
        breaker = b.names_mask(position.get("breaker", []))
        if maker & breaker:
            return False
        if "refutes" in verdict:
            if verdict["refutes"] != "no-pairing":
                raise TooBig(f"question {verdict['refutes']!r}")
            return not pairing_exists(b.n, b.edges, maker, breaker)
        if first not in ("maker", "breaker"):
            return False
        return verdict.get("winner") == maker_breaker_winner(b.n, b.edges, maker, breaker, first, bound)
    if game == "pg":
        extra = "".join(f"\n#{c}initials\n" + " ".join(_name(v) for v in position.get(c, []))
                        for c in ("black", "white") if position.get(c))
        return verdict.get("winner") == pg_result(board.get("pg") + extra)
    if game in ("acv", "avd", "dst", "prv"):
        b = Board(board)
        if b.marked:
            raise TooBig("marked vertices in an impartial game")
        nim = verdict.get("nim")
        return _int(nim) and nim == hypergraph_nim(game, b.n, b.edges)
    if game in ("gen", "dng"):
        nim = verdict.get("nim")
        return _int(nim) and nim == convex_nim(game, board)
    if game == "hypernim":
        sg = verdict.get("sg")
        return _int(sg) and sg == hypernim_sg(_with_piles(board, position.get("piles")))
    return False


def _with_piles(board, piles):
    """The instance with the question's piles (in the instance's vertex order) in place of its own."""
    if piles is None:
        return board
    if not isinstance(piles, list):
        raise Invalid("piles")
    comps = board.get("components") if "compound" in board else [board]
    if not isinstance(comps, list) or not all(isinstance(c, dict) and isinstance(c.get("piles"), dict) for c in comps):
        raise Invalid("instance")
    names = [(k, v) for k, c in enumerate(comps) for v in c["piles"]]
    if len(names) != len(piles):
        raise Invalid("piles")
    out = [dict(c, piles=dict(c["piles"])) for c in comps]
    for (k, v), a in zip(names, piles):
        out[k]["piles"][v] = a
    return dict(board, components=out) if "compound" in board else out[0]


# -- the general positional game (paper 004 Def I.1.8): four conventions, any bias ------------------
#
# Written from the definition alone, in another shape than verify's reference: a turn is ONE move,
# the set of p (resp. q) vertices the mover colours "at once" (every free vertex left in a final
# short turn), and the turn is scored after it is complete: in a strong game the mover completed a
# monochromatic edge of their colour iff their set after the turn contains an edge it did not
# contain before. Values from Alice's side: 1 (Alice wins), 0 (draw), -1 (Bob wins). Alice is
# Maker / Avoider / the first player of the strong games; Bob is Breaker / Enforcer / the second.

POSITIONAL_CONVENTIONS = ("maker-breaker", "avoider-enforcer", "maker-maker", "avoider-avoider")


def positional_value(n: int, edges, convention: str, p: int, q: int, alice_first: bool,
                     alice: int = 0, bob: int = 0) -> int:
    """The outcome of the positional game on vertices 0..n-1 with ``edges`` (bitmasks), Alice
    holding ``alice`` and Bob ``bob`` at the start, Alice moving first iff ``alice_first``."""
    if convention not in POSITIONAL_CONVENTIONS:
        raise Invalid(f"unknown convention {convention!r}")
    if n > LIMIT_CELLS:
        raise TooBig(f"{n} vertices")
    edges = list(edges)

    def holds(s: int) -> bool:
        return any(e & s == e for e in edges)

    weak = convention in ("maker-breaker", "avoider-enforcer")
    achieve = convention in ("maker-breaker", "maker-maker")
    # decided before any move (the thesis's empty edge; a given whole edge)
    a0, b0 = holds(alice), holds(bob)
    if weak and a0:
        return 1 if achieve else -1
    if not weak and (a0 or b0):
        completer_alice = alice_first if (a0 and b0) else a0
        return (1 if completer_alice else -1) if achieve else (-1 if completer_alice else 1)
    full = (1 << n) - 1

    @lru_cache(maxsize=None)
    def play(a: int, b: int, alice_moves: bool) -> int:
        free = [i for i in range(n) if not (a | b) >> i & 1]
        if not free:
            return -1 if convention == "maker-breaker" else 1 if convention == "avoider-enforcer" else 0
        k = min(p if alice_moves else q, len(free))
        results = []
        for chosen in itertools.combinations(free, k):
            s = sum(1 << i for i in chosen)
            na, nb = (a | s, b) if alice_moves else (a, b | s)
            mine_before, mine_after = (a, na) if alice_moves else (b, nb)
            if holds(mine_after) and not holds(mine_before) and (not weak or alice_moves):
                mover_wins = achieve
                results.append(1 if mover_wins == alice_moves else -1)
            else:
                results.append(play(na, nb, not alice_moves))
        return max(results) if alice_moves else min(results)

    assert not alice & bob and not (alice | bob) & ~full
    return play(alice, bob, alice_first)


def positional_winner(n: int, edges, convention: str, p: int, q: int, alice_first: bool,
                      alice: int = 0, bob: int = 0) -> str:
    """The winner's word: maker/breaker, avoider/enforcer, first/second, or draw."""
    roles = {"maker-breaker": ("maker", "breaker"), "avoider-enforcer": ("avoider", "enforcer")}.get(
        convention, ("first", "second"))
    value = positional_value(n, edges, convention, p, q, alice_first, alice, bob)
    return {1: roles[0], -1: roles[1], 0: "draw"}[value]
