"""Compositional certificates of the rank-3 structural route (paper 004, Galliot's thesis), checked
from definitions, without a solver, in time polynomial in the certificate (which embeds the
certificates of its parts, each checked by :func:`~.checker.check_certificate` against the question
derived here from the parent).

The residual of a position (Maker's marks M, Breaker's vertices Y) is R = {e \\ M : e ∈ E, e ∩ Y = ∅}
(Def I.1.39 and Notation I.1.42: Breaker's vertices delete their edges, Maker's marks can be dropped
from the edges, Prop I.1.53 (ii)). Its live vertices are the vertices of R.

Kinds:

``maker-breaker-parts`` (Breaker wins, either first player). Body ``parts``: a list of
``{"vertices": [...], "edges": [[...], ...], "certificate": C}``. Checked: the vertex sets are
pairwise disjoint sets of live vertices, each strictly smaller than the live set; every part edge
lies in its part; every edge of R contains an edge of some part; C proves "Breaker wins, Maker first,
on the board (vertices, edges) with the empty position". Soundness (Prop I.1.52 with parts; Lemma
I.1.50): Breaker answers each Maker move inside the part it was played in with that part's strategy,
any other move anywhere (an extra Breaker vertex never hurts him). If Maker completed an edge r of R
she would complete an edge of the part containing one inside r, in a part game where she moved
first against Breaker's winning strategy. Breaker wins moving first too (initiative, Prop I.1.12).
This covers pairings around a core (the pairs as one part, their board the pairs), components, the
local parts of a cut along private vertices, and a board glued at a cut vertex v (Lemma I.1.50
split: the part A - v with v given to Maker, and B).

``maker-breaker-sub`` (Maker wins). Body ``vertices``, ``edges``, ``certificate``: a board K on live
vertices each of whose edges contains an edge of R, and C proving Maker wins K (empty position, the
question's first player). Soundness (monotonicity, Lemma I.1.50): Maker plays her K strategy
(Breaker's moves outside K are passes there, which never hurt her); completing an edge of K
completes the edge of R inside it.

``maker-breaker-opening`` (Breaker wins, Breaker first). Body ``move`` (a free vertex y) and
``certificate``: C proves Breaker wins the same board from the position with y added to Breaker's
vertices, Maker to move. Soundness: the definition of the game (Def I.1.41).

``maker-breaker-rounds`` (Maker wins). Body ``tree``: the first rounds of Maker's strategy on the
3-uniform marked hypergraph K of the position: the edges of R, each 2-vertex edge with one new
marked vertex T added (Prop I.1.53 (i); T is written ``null``). Nodes: ``{"maker": v, "replies":
{y: node}, "otherwise": node}`` (Maker marks v; each listed Breaker reply y deletes y; any other
reply leads to ``otherwise``), at the root of a Breaker-first question ``{"replies", "otherwise"}``,
and leaves (Maker to move) ``{"leaf": {"kind", "edges", "ends"}}`` or ``{"certificate": C}`` (C proves
Maker wins the same board from the position reached, Maker first; not at the root). An
``otherwise`` child may look only at vertices listed in ``replies`` (or already taken): a reply
outside the vertices a subtree looks at leaves that subtree winning (Lemma I.1.50), so it stands
for all of them. A certificate leaf looks at every vertex, except one of kind
``maker-breaker-sub``, which looks at its sub-board's vertices only: each sub-board edge lies in
them and contains a live edge r of the position, so a Breaker vertex y outside them leaves the
sub-board's game as it was and each such r live; Maker's sub-board win after y still completes
some r. Leaf kinds, each checked from its definition on K after the moves:
- ``won``: an edge of K all of whose vertices are marked (Maker has won);
- ``trivial``: a live edge of K with at most one unmarked vertex (Def I.1.43, Maker completes it);
- ``nunchaku``: edges forming an ab-chain (Def I.3.16: 3-edges, pairwise distinct, consecutive edges
  meeting, linear, simple, a only in e_1, b only in e_L) whose marked vertices are exactly {a, b},
  a ≠ b (Def I.3.12), a Maker win with Maker first (Prop I.3.13);
- ``necklace``: edges forming an a-cycle (Def I.3.19: 3-edges, L ≥ 2, |e_1 ∩ e_2| = 2 if L = 2 and
  linear if L ≥ 3, a only in e_1 and e_L, no other repeated vertex) whose only marked vertex is a
  (Def I.3.21), a Maker win with Maker first (Prop II.1.8).
A structure in K is a Maker win in K by monotonicity (Lemma I.1.50), and K has the outcome of the
position (Prop I.1.53). Every Breaker reply at every Breaker node is covered, so Maker's tree wins.

Nesting is bounded: every embedded certificate is about a position with fewer free live vertices
(parts and sub-boards strictly smaller; an opening or a rounds leaf after at least one move), and at
most :data:`MAX_NESTING` levels are followed.
"""
from __future__ import annotations

from contextlib import contextmanager

from .. import limits
from ..errors import CertificateError, InputError, TooLarge
from ..formats.jsonfmt import hypergraph_from_json
from ..formats.instances import question_of
from ..games import maker_breaker as mb
from ..hypergraph import Hypergraph, bits, minimal_masks
from ..question import Question
from .chains import OutOfCalls, chained, compute_cc, incidence, quiet, tadpole
from .checker import _vertex_set, check_certificate, mb_game, mb_report, register, verdict_of

MAX_NESTING = 64
_depth = [0]
#: units of work left to the top-level check (``limits.MAX_RANK3_CHECK_WORK``), shared by its nested
#: rank-3 certificates; set by :func:`_meter` when a rank-3 check starts at depth 0
_left = [0]


def _meter(h: Hypergraph) -> int:
    """The weight w = 1 + ⌈(|V| + 1)/64⌉ of one mask test on ``h`` (its padded vertex T included);
    a check at nesting depth 0 starts the budget of the whole check."""
    if _depth[0] == 0:
        _left[0] = limits.MAX_RANK3_CHECK_WORK
    return 1 + (h.n + 64) // 64


@contextmanager
def check_budget():
    """A top-level check's budget (``limits.MAX_RANK3_CHECK_WORK`` units) for the danger tests
    called outside a check (the adversarial tests' forgers); the budget before is restored on exit."""
    saved = _left[0]
    _left[0] = limits.MAX_RANK3_CHECK_WORK
    try:
        yield
    finally:
        _left[0] = saved


def _charge(units: int) -> None:
    """Count ``units`` of work against the budget, before doing it; refuse beyond."""
    _left[0] -= units
    if _left[0] < 0:
        raise TooLarge(f"checking this certificate needs more than {limits.MAX_RANK3_CHECK_WORK} units of work "
                       "(each mask test weighed by the board's width; limits.MAX_RANK3_CHECK_WORK): refused")


def _covered(family, by, w: int) -> int | None:
    """The first member of ``family`` containing no member of ``by`` (None if each contains one):
    the members of ``by`` are filed under their lowest vertex and looked up by the vertices of each
    member, each test charged ``w`` units."""
    filed: dict[int, list[int]] = {}
    for f in by:
        filed.setdefault((f & -f).bit_length() - 1, []).append(f)
    for r in family:
        _charge(w * (1 + r.bit_count()))
        found = False
        for v in bits(r):
            cands = filed.get(v, ())
            _charge(w * len(cands))
            if any(f & r == f for f in cands):
                found = True
                break
        if not found:
            return r
    return None


def _nested(sub, expect: Question, winner: str, what: str) -> None:
    """Check an embedded certificate and that it answers ``expect`` with ``winner``."""
    if _depth[0] >= MAX_NESTING:
        raise CertificateError(f"certificates nested deeper than {MAX_NESTING} levels")
    _depth[0] += 1
    try:
        report = check_certificate(sub)
    except CertificateError as exc:
        raise CertificateError(f"{what}: {exc}") from None
    finally:
        _depth[0] -= 1
    if report.question != expect:
        raise CertificateError(f"{what}: the embedded certificate answers another question")
    if report.verdict != {"winner": winner}:
        raise CertificateError(f"{what}: the embedded certificate does not prove a {winner} win")


def _names_mask(h: Hypergraph, names, what: str) -> int:
    try:
        return _vertex_set(h, names)
    except CertificateError as exc:
        raise CertificateError(f"{what}: {exc}") from None


def part_board(vertices: list, edges: list) -> Hypergraph:
    """The board of a part or sub-board: the listed vertices and edges, no marks."""
    try:
        return hypergraph_from_json({"vertices": list(vertices), "edges": [list(e) for e in edges]})
    except InputError as exc:
        raise CertificateError(f"bad part board: {exc}") from None


def _residual(game: mb.MakerBreakerGame) -> frozenset:
    return game.start_residual()


def _part(h: Hypergraph, entry, first: str, what: str) -> tuple[int, list[int], Question, object]:
    """(vertex mask in h, edge masks in h, the part's question, its certificate) of a part entry."""
    if not isinstance(entry, dict) or set(entry) != {"vertices", "edges", "certificate"}:
        raise CertificateError(f"{what} must be {{\"vertices\", \"edges\", \"certificate\"}}")
    if not isinstance(entry["edges"], list) or not entry["edges"] or not isinstance(entry["vertices"], list):
        raise CertificateError(f"{what} needs a list of vertices and a non-empty list of edges")
    _charge((2 + len(entry["vertices"]) + 2 * len(entry["edges"])) * (1 + (h.n + 64) // 64))
    vs = _names_mask(h, entry["vertices"], f"{what} vertices")
    edges = [_names_mask(h, e, f"{what} edge") for e in entry["edges"]]
    if any(e & ~vs for e in edges):
        raise CertificateError(f"{what}: an edge leaves the part's vertices")
    board = part_board(entry["vertices"], entry["edges"])
    sub = mb.MakerBreakerGame(board, first)
    return vs, edges, question_of("maker-breaker", sub), entry["certificate"]


def _claiming(cert: dict, question: Question, winner: str, what: str):
    """(game, residual, live vertices) of a certificate that can only prove a ``winner`` win, on a
    game not yet over."""
    game = mb_game(cert, question)
    if verdict_of(cert, "winner", mb.PLAYERS) != winner:
        raise CertificateError(f"{what} certify a {winner} win only")
    res = _residual(game)
    if mb.winner_if_over(res) is not None:
        raise CertificateError("the game is already over")
    return game, res, mb.live_vertices(res)


@register("maker-breaker-parts", "parts")
def check_parts(cert: dict, question: Question):
    game, res, live = _claiming(cert, question, mb.BREAKER, "parts")
    h = game.board
    w = _meter(h)
    parts = cert.get("parts")
    if not isinstance(parts, list) or not parts:
        raise CertificateError("'parts' must be a non-empty list")
    used = 0
    all_edges: list[int] = []
    for i, entry in enumerate(parts):
        what = f"part {i + 1}"
        vs, edges, q, sub = _part(h, entry, mb.MAKER, what)
        if vs & ~live:
            raise CertificateError(f"{what} uses a vertex that is claimed or on no live edge")
        if vs & used:
            raise CertificateError(f"{what} overlaps another part")
        if vs.bit_count() >= live.bit_count():
            raise CertificateError(f"{what} is not smaller than the board")
        used |= vs
        all_edges += edges
        _nested(sub, q, mb.BREAKER, what)
    r = _covered(res, all_edges, w)
    if r is not None:
        raise CertificateError(f"live edge {{{','.join(h.names(r))}}} contains no edge of a part")
    return mb_report("maker-breaker-parts", game, mb.BREAKER,
                     f"{len(parts)} parts, each a Breaker win with Maker first")


@register("maker-breaker-sub", "vertices", "edges", "certificate")
def check_sub(cert: dict, question: Question):
    game, res, live = _claiming(cert, question, mb.MAKER, "sub-boards")
    h = game.board
    w = _meter(h)
    vs, edges, q, sub = _part(h, {k: cert.get(k) for k in ("vertices", "edges", "certificate")},
                              game.first, "the sub-board")
    if vs & ~live:
        raise CertificateError("the sub-board uses a vertex that is claimed or on no live edge")
    if vs.bit_count() >= live.bit_count() and len(set(edges)) >= len(res):
        raise CertificateError("the sub-board is not smaller than the board")
    f = _covered(edges, res, w)
    if f is not None:
        raise CertificateError(f"sub-board edge {{{','.join(h.names(f))}}} contains no live edge")
    _nested(sub, q, mb.MAKER, "the sub-board")
    return mb_report("maker-breaker-sub", game, mb.MAKER, f"a sub-board of {len(edges)} edges is a Maker win")


def _after(game: mb.MakerBreakerGame, maker: int, breaker: int, first: str) -> Question:
    """The question of the same board from the position with these claimed vertices."""
    h = game.board
    board = Hypergraph.from_masks(h.labels, h.edge_masks, maker)
    return question_of("maker-breaker", mb.MakerBreakerGame(board, first, frozenset(h.names(breaker))))


@register("maker-breaker-opening", "move", "certificate")
def check_opening(cert: dict, question: Question):
    game = mb_game(cert, question)
    h = game.board
    _meter(h)
    if verdict_of(cert, "winner", mb.PLAYERS) != mb.BREAKER or game.first != mb.BREAKER:
        raise CertificateError("an opening certifies a Breaker win with Breaker first")
    y = _names_mask(h, [cert.get("move")], "the opening move")
    if y & (game.maker_mask | game.breaker_mask):
        raise CertificateError("the opening move is not a free vertex")
    if mb.winner_if_over(_residual(game)) is not None:
        raise CertificateError("the game is already over")
    _nested(cert.get("certificate"), _after(game, game.maker_mask, game.breaker_mask | y, mb.MAKER),
            mb.BREAKER, "after the opening")
    return mb_report("maker-breaker-opening", game, mb.BREAKER, "Breaker's opening, then a Maker-first win")


# -- Maker's first rounds and the leaf structures ----------------------------------------------

class _K:
    """The 3-uniform marked hypergraph K of the question's position: residual edges, 2-edges padded
    with the marked vertex T (bit ``n``)."""

    def __init__(self, game: mb.MakerBreakerGame):
        self.game = game
        self.h = game.board
        self.top = 1 << self.h.n
        self.edges = {}
        for r in _residual(game):
            self.edges[r | self.top if r.bit_count() == 2 else r] = r
        self.w = 1 + (self.h.n + 64) // 64
        self._through: dict[int, list[int]] | None = None

    def completed(self, x: int, marked: int, dead: int) -> bool:
        """Whether an edge of K through the vertex ``x`` (a mask) avoids ``dead`` and lies in
        ``marked``: the edges Maker's move x can complete (K's edges indexed by vertex once)."""
        if self._through is None:
            self._through = {}
            for e in self.edges:
                for v in bits(e):
                    self._through.setdefault(v, []).append(e)
            _charge(self.w * (1 + 3 * len(self.edges)))
        cands = self._through.get(x.bit_length() - 1, ())
        _charge(self.w * (1 + len(cands)))
        return any(not e & dead and not e & ~marked for e in cands)

    def vertex(self, name, what: str) -> int:
        if name is None:
            return self.top
        return _names_mask(self.h, [name], what)

    def edge(self, names, what: str) -> int:
        r = _names_mask(self.h, names, what)
        k = r | self.top if r.bit_count() == 2 else r
        if k not in self.edges:
            raise CertificateError(f"{what}: {{{','.join(self.h.names(r))}}} is not a live edge")
        return k


def _support(node, kk: _K, depth: int = 0) -> int:
    """Every board vertex a subtree looks at (moves and leaf edges; a certificate leaf: all)."""
    if depth > 10_000 or not isinstance(node, dict):
        raise CertificateError("malformed tree")
    _charge(kk.w)
    if "leaf" in node:
        leaf = node["leaf"]
        m = 0
        edges = leaf.get("edges", []) if isinstance(leaf, dict) else []
        _charge(kk.w * len(edges) if isinstance(edges, list) else 0)
        for e in edges:
            m |= kk.edge(e, "leaf edge") & ~kk.top
        return m
    if "certificate" in node:
        sub = node["certificate"]
        if isinstance(sub, dict) and sub.get("kind") == "maker-breaker-sub":
            names = sub.get("vertices")
            _charge(kk.w * len(names) if isinstance(names, list) else 0)
            return _names_mask(kk.h, names, "a sub-board leaf")
        return kk.h.full_mask
    m = kk.vertex(node["maker"], "Maker's move") if "maker" in node else 0
    replies = node.get("replies", {})
    if not isinstance(replies, dict):
        raise CertificateError("'replies' must be an object")
    for child in replies.values():
        m |= _support(child, kk, depth + 1)
    if "otherwise" in node:
        m |= _support(node["otherwise"], kk, depth + 1)
    return m & kk.h.full_mask


def _chain(edges: list[int], a: int, b: int, cycle: bool) -> bool:
    """Def I.3.16 (ab-chain, L ≥ 1) or, with ``cycle``, Def I.3.19 (a-cycle, a = b, L ≥ 2)."""
    n = len(edges)
    if n < (2 if cycle else 1) or len(set(edges)) != n or any(e.bit_count() != 3 for e in edges):
        return False
    if not (edges[0] & a and edges[-1] & b):
        return False
    want = 2 if cycle and n == 2 else 1
    if any((edges[i] & edges[i + 1]).bit_count() != want for i in range(n - 1)):
        return False            # consecutive edges share exactly one vertex (two in a 2-cycle)
    where: dict[int, int] = {}  # vertex -> the edge holding it: O(Σ|e|), not O(n²)
    for i, e in enumerate(edges):
        for v in bits(e):
            j = where.get(v)
            if j is not None and (j < 0 or j != i - 1 and not (cycle and j == 0 and i == n - 1 and 1 << v == a)):
                return False    # non-consecutive edges are disjoint (a cycle's first and last: a only)
            where[v] = i if j is None else -1   # -1: in two edges already, a third pair is not consecutive
    inner = edges[1:-1] if cycle else edges
    if cycle:
        return not any(e & a for e in inner)
    return not any(e & a for e in edges[1:]) and not any(e & b for e in edges[:-1]) and a != b


def _leaf(leaf, kk: _K, marked: int, dead: int) -> None:
    if not isinstance(leaf, dict) or set(leaf) != {"kind", "edges", "ends"}:
        raise CertificateError("a leaf is {\"kind\", \"edges\", \"ends\"}")
    kind, names, ends = leaf["kind"], leaf["edges"], leaf["ends"]
    if not isinstance(names, list) or not isinstance(ends, list) or not names:
        raise CertificateError("a leaf needs a list of edges and a list of ends")
    _charge(kk.w * (1 + len(names) + len(ends)))
    edges = [kk.edge(e, "leaf edge") for e in names]
    if any(e & dead for e in edges):
        raise CertificateError("a leaf edge has a vertex of Breaker")
    span = 0
    for e in edges:
        span |= e
    ends_mask = 0
    for v in ends:
        ends_mask |= kk.vertex(v, "leaf end")
    if kind in ("won", "trivial"):
        if len(edges) != 1 or ends:
            raise CertificateError(f"a {kind} leaf is one edge and no ends")
        free = (edges[0] & ~marked).bit_count()
        if (kind == "won" and free) or free > 1:
            raise CertificateError(f"the edge of a {kind} leaf has {free} unmarked vertices")
        return
    if kind == "nunchaku":
        if len(ends) != 2:
            raise CertificateError("a nunchaku has two ends")
        a, b = kk.vertex(ends[0], "leaf end"), kk.vertex(ends[1], "leaf end")
        ok = _chain(edges, a, b, False) and span & marked == a | b
    elif kind == "necklace":
        if len(ends) != 1:
            raise CertificateError("a necklace has one apex")
        a = kk.vertex(ends[0], "leaf end")
        ok = _chain(edges, a, a, True) and span & marked == a
    else:
        raise CertificateError(f"unknown leaf kind {kind!r}")
    if not ok:
        raise CertificateError(f"the {kind} leaf is not a {kind} of the position reached")


def _tree(node, kk: _K, marked: int, dead: int, maker_to_move: bool, depth: int) -> int:
    """Check a node; returns the number of leaves. ``marked``/``dead`` include T and the moves."""
    if not isinstance(node, dict):
        raise CertificateError("a tree node must be an object")
    _charge(kk.w)
    h = kk.h
    if maker_to_move and "leaf" in node:
        if set(node) != {"leaf"}:
            raise CertificateError("a leaf node has only 'leaf'")
        _leaf(node["leaf"], kk, marked, dead)
        return 1
    if maker_to_move and "certificate" in node:
        if set(node) != {"certificate"} or depth == 0:
            raise CertificateError("a certificate leaf stands alone, after at least one move")
        g = kk.game
        _nested(node["certificate"], _after(g, (marked & h.full_mask) | g.maker_mask, dead | g.breaker_mask,
                                            mb.MAKER), mb.MAKER, "a certificate leaf")
        return 1
    free = h.full_mask & ~marked & ~dead & ~kk.game.maker_mask & ~kk.game.breaker_mask
    if maker_to_move:
        if set(node) - {"maker", "replies", "otherwise"} or "maker" not in node:
            raise CertificateError("a Maker node is {\"maker\", \"replies\", \"otherwise\"}")
        x = kk.vertex(node["maker"], "Maker's move")
        if not x & free:
            raise CertificateError(f"Maker's move {node['maker']!r} is not a free vertex")
        marked |= x
        free &= ~x
        if kk.won or kk.completed(x, marked, dead):           # an edge completed before x holds at the root
            return 1                                          # Maker completed an edge
    elif set(node) - {"replies", "otherwise"}:
        raise CertificateError("a Breaker node is {\"replies\", \"otherwise\"}")
    replies = node.get("replies", {})
    if not isinstance(replies, dict):
        raise CertificateError("'replies' must be an object")
    if not free:
        raise CertificateError("the board is full and Maker has not won")
    leaves = 0
    listed = 0
    _charge(kk.w * len(replies))
    for name, child in replies.items():
        y = kk.vertex(name, "Breaker's reply")
        if not y & free:
            raise CertificateError(f"Breaker's reply {name!r} is not a free vertex")
        listed |= y
        leaves += _tree(child, kk, marked, dead | y, True, depth + 1)
    if free & ~listed:
        if "otherwise" not in node:
            raise CertificateError("a Breaker reply is not covered")
        other = node["otherwise"]
        if _support(other, kk) & free & ~listed:
            raise CertificateError("the 'otherwise' subtree looks at a reply it does not list")
        leaves += _tree(other, kk, marked, dead, True, depth + 1)
    return leaves


@register("maker-breaker-rounds", "tree")
def check_rounds(cert: dict, question: Question):
    game = mb_game(cert, question)
    if verdict_of(cert, "winner", mb.PLAYERS) != mb.MAKER:
        raise CertificateError("a rounds tree certifies a Maker win only")
    _meter(game.board)
    kk = _K(game)
    _charge(kk.w * (1 + 2 * len(kk.edges)))
    pad = kk.top if any(e & kk.top for e in kk.edges) else 0
    kk.won = any(not e & ~pad for e in kk.edges)  # Maker holds an edge of K already (T only: ∅ ∈ R)
    leaves = _tree(cert.get("tree"), kk, pad, 0, game.first == mb.MAKER, 0)
    return mb_report("maker-breaker-rounds", game, mb.MAKER, f"Maker's tree to {leaves} leaf structures")



# -- Breaker's two rounds: J_2(D1) ---------------------------------------------------------------

MAX_TADPOLE_CALLS = 200_000    # units of chains.tadpole per "no x-tadpole" test before the check gives up


def _no_danger(x: int, edges: list[int], inc, marked: int, dead: int, memo: dict) -> bool:
    """Whether K^{+marked-dead} has no D1-danger at the unmarked x (Notation II.1.2, II.1.16): no
    chain from x to a marked vertex (an x-snake with one mark has one: COMPUTECC, Theorem III.1.1)
    and no x-tadpole without marks (one in K minus the marked vertices: :func:`~.chains.tadpole`,
    ``memo`` shared by every query on these edges); at once when x's component is
    :func:`~.chains.quiet` (no mark, no Berge cycle)."""
    w = 1 + (len(inc) + 63) // 64        # the weight of a mask test (len(inc) = |V| + 1)
    _charge(w * (1 + len(edges)))
    if quiet(x, edges, inc, marked, dead):
        return True
    if marked & ~(1 << x):
        _charge(w * (1 + len(edges)))
        if compute_cc(x, edges, inc, dead) & marked & ~(1 << x):
            return False
    budget = [min(MAX_TADPOLE_CALLS, max(_left[0], 0) // w + 1)]
    first = budget[0]
    try:
        return not tadpole(x, edges, inc, dead | marked, memo, budget=budget)
    except OutOfCalls:
        if first < MAX_TADPOLE_CALLS:
            _charge(w * (first + 1))
        raise CertificateError("the tadpole test ran out of its budget (certificate refused)") from None
    finally:
        _left[0] -= w * max(first - budget[0], 0)


@register("maker-breaker-dangers", "rounds")
def check_dangers(cert: dict, question: Question):
    """Breaker wins (Maker first) by J_2(D1), Theorem II.1.14 with Props I.2.28 and I.2.30.

    K is the 3-uniform marked hypergraph of the position (as for ``maker-breaker-rounds``: residual
    edges, 2-edges padded with the marked T), from the minimal residual edges (an edge containing
    another is completed only after it, so dropping it changes no outcome), on their vertices (any
    other free vertex is on no edge of K, and a move there is a pass, which never helps the mover). If K is not a trivial
    Maker win and |V(K) \\ M| ≥ 4, Breaker wins ⇔ J_1(D2, K) ⇔ J_1(D1^*, K) (Prop I.2.30: D2 and
    D1^* have the same intersections) ⇔ J_2(D1, K) (Prop I.2.28), where J_2(D1, K) reads: for every
    unmarked x1 some unmarked y1 ≠ x1 meets every D1-danger at x1 in K and, in K^{+x1-y1}, for
    every unmarked x2 some unmarked y2 ≠ x2 meets every D1-danger at x2 (D1 = x-snakes with one
    mark and x-tadpoles without marks). Body ``rounds``: ``[[x1, y1, [[x2, y2], ...]], ...]``, one
    entry per unmarked x1 and, inside, per unmarked x2 of K^{+x1-y1}; y2 may be null when x2 has no
    D1-danger (any other unmarked vertex, which exists as |V \\ M| ≥ 4, meets none). A vertex y
    meets every danger at x iff K^{-y} has none, checked by :func:`_no_danger` (a chain to a mark
    by COMPUTECC; tadpoles by :func:`~.chains.tadpole`, an exhaustive recursion memoised on
    (x, dead) and on x's component, one memo for the whole check, refused beyond
    :data:`MAX_TADPOLE_CALLS` units per query: exponential at most in the largest block of the
    incidence graph, linear on a chain of diamonds, docs/benchmarks.md).

    Shortcut in the second round: a D1-danger at x2 in K^{+x1-y1-y2} is a chain from x2 to x1
    avoiding y1 and y2, or a chain from x2 to a mark of K in K^{-y1-y2} ⊆ K^{-y2}, or a tadpole in
    K^{-y1-y2} minus the marks ⊆ K^{-y2} minus the marks of K; the last two are D1-dangers at x2 in
    K^{-y2} (each structure is defined by its own edges, so it stays one in a super-hypergraph). So
    when y2 meets every danger at x2 in K (checked by :func:`_no_danger`, once per pair) and no
    x2x1-chain avoids y1 and y2 (:func:`~.chains.chained`), y2 meets every danger at x2 in
    K^{+x1-y1}; likewise x2 has no danger there (y2 null) when it has none in K or y1 meets every
    danger at x2 in K, and no x2x1-chain avoids y1. Otherwise the full test decides.
    """
    game = mb_game(cert, question)
    w = _meter(game.board)
    if verdict_of(cert, "winner", mb.PLAYERS) != mb.BREAKER or game.first != mb.MAKER:
        raise CertificateError("J_2(D1) certifies a Breaker win with Maker first")
    res = _residual(game)
    if mb.winner_if_over(res) is not None:
        raise CertificateError("the game is already over")
    if any(r.bit_count() <= 1 for r in res) or any(r.bit_count() > 3 for r in res):
        raise CertificateError("J_2(D1) needs a rank-3 position that is not a trivial Maker win")
    kk = _K(game)
    res = minimal_masks(res)
    edges = sorted(r | kk.top if r.bit_count() == 2 else r for r in res)
    inc = incidence(edges, kk.h.n + 1)
    pad = kk.top if any(e & kk.top for e in edges) else 0
    free = mb.live_vertices(res)
    if free.bit_count() < 4:
        raise CertificateError("J_2(D1) needs at least 4 unmarked vertices")
    rounds = cert.get("rounds")
    if not isinstance(rounds, list):
        raise CertificateError("'rounds' must be a list")

    def move(name, allowed: int, what: str) -> int:
        v = kk.vertex(name, what)
        if not v & allowed:
            raise CertificateError(f"{what} {name!r} is not an unmarked vertex of the position")
        return v.bit_length() - 1

    def table(entries, allowed: int, size: int, what: str) -> dict:
        out = {}
        if not isinstance(entries, list):
            raise CertificateError(f"{what} must be a list")
        _charge(w * (1 + len(entries)))
        for entry in entries:
            if not isinstance(entry, list) or len(entry) != size:
                raise CertificateError(f"bad entry in {what}")
            x = move(entry[0], allowed, "Maker's move")
            if x in out:
                raise CertificateError(f"Maker's move {entry[0]!r} is listed twice")
            out[x] = entry[1:]
        if sum(1 << x for x in out) != allowed:
            raise CertificateError(f"{what} does not answer every Maker move")
        return out

    base: dict[tuple[int, int], bool] = {}
    memo: dict = {}

    def base_ok(x: int, y: int | None) -> bool:
        """y meets every D1-danger at x in K (no moves yet; y None: x has none), remembered."""
        if (x, y) not in base:
            base[x, y] = _no_danger(x, edges, inc, pad, 0 if y is None else 1 << y, memo)
        return base[x, y]

    answers = 0
    for x1, (y1_name, inner) in table(rounds, free, 3, "'rounds'").items():
        y1 = move(y1_name, free & ~(1 << x1), "Breaker's reply")
        if not base_ok(x1, y1):
            raise CertificateError(f"reply {y1_name!r} misses a D1-danger at {kk.h.vertices[x1]!r}")
        marked, dead = pad | 1 << x1, 1 << y1
        left = free & ~(1 << x1) & ~(1 << y1)
        for x2, (y2_name,) in table(inner, left, 2, "the second round").items():
            y2 = 0 if y2_name is None else 1 << move(y2_name, left & ~(1 << x2), "Breaker's reply")
            cleared = base_ok(x2, y2.bit_length() - 1) if y2 else base_ok(x2, None) or base_ok(x2, y1)
            _charge(w * (1 + 2 * len(edges)))     # chained: two searches and COMPUTECC
            if cleared and not chained(x2, x1, edges, inc, dead | y2):
                pass                # the shortcut of the docstring: only a chain to x1 could remain
            elif not _no_danger(x2, edges, inc, marked, dead | y2, memo):
                raise CertificateError(f"after {kk.h.vertices[x1]!r}, {y1_name!r}: the reply {y2_name!r} "
                                       f"misses a D1-danger at {kk.h.vertices[x2]!r}")
            answers += 1
    return mb_report("maker-breaker-dangers", game, mb.BREAKER,
                     f"J_2(D1): {len(rounds)} first moves, {answers} second moves answered")
