"""The structural Maker-Breaker solver for rank ≤ 3 (paper 004 Theorem III.2.1) with witnesses.

Positions are residual families (bitmasks over the board's vertices, see
:mod:`verify.games.maker_breaker`); vertices on no live edge never matter when both players can
always move on a live vertex instead (an extra mark never hurts Maker, an extra deletion never hurts
Breaker, Lemma I.1.50), so decisions depend on the residual alone.

- Maker first: ∅ in the residual → Maker has won; no residual edge → Breaker; an edge with ≤ 1 vertex
  → Maker (trivial win, Def I.1.43); fewer than six live vertices → the explicit reference search;
  otherwise Galliot's three-round criterion (:class:`~.search.Board`).
- Before any search, on sparse positions: a pairing strategy (:mod:`.pairing`, Prop I.1.52; it
  decides both orders at once, ``how`` = 'pairing'); then a board glued at a cut vertex is decided
  from its parts (:mod:`.split`, ``how`` = 'split'); then pairs around a small core family that
  Breaker wins moving second ('pairing'). A pairing of the position is also tried at the criterion's
  Breaker reply nodes, as a quick refutation of Maker's move.
- ``structural_only``: never hand a position to the explicit search (small positions too go to the
  criterion; isolated vertices pad the board to six free vertices, which changes no outcome), so
  that differential tests exercise the criterion itself.
- Breaker first (Chapter I convention): Breaker wins ⇔ ∃y: Maker-first H^{-y} is a Breaker win.
  Only replies in the support of Maker's three-round tree on H need trying (a reply outside it
  leaves the tree winning); if Maker-first H is already a Breaker win, every reply is.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ...games import maker_breaker as mb
from ...hypergraph import bits, minimal_masks
from ..explicit import MakerBreakerSearch
from .leaf import Leaf
from .local import soft_parts
from .pairing import exact_pairing, pairing_with_core
from .search import MIN_FREE, Board
from .split import marked as give_maker, pendant

MAX_CORE = 24      # free vertices of the core left to the search when Breaker pairs the rest


@dataclass(frozen=True)
class Rank3Options:
    """How positions are decided: ``structural_only`` forbids the explicit fallback on positions
    with fewer than six live vertices; ``pairing`` allows the pairing, splitting, core and local
    steps; ``dangers`` decides Breaker wins by J_2(D1) (:mod:`.dangers`) before the leaf search."""
    structural_only: bool = False
    pairing: bool = True
    dangers: bool = True


DEFAULT = Rank3Options()


@dataclass
class Decision:
    """How a position was decided: ``how`` is 'over', 'trivial', 'explicit', 'structural' (the
    three-round leaf search), 'dangers' (a Breaker win by J_2(D1)), 'components', 'pairing',
    'split' or 'local'."""
    winner: str
    how: str
    board: Board | None = None
    tree: tuple | None = None
    rounds: int | None = None                  # rounds Maker needs to reach a leaf (structural)
    refutations: dict = field(default_factory=dict)   # Maker move -> Breaker reply (Breaker wins)
    breaker_move: int | None = None            # Breaker-first: Breaker's winning first move
    answers: dict = field(default_factory=dict)       # Breaker-first Maker win: y -> Decision
    default: "Decision | None" = None          # Breaker-first Maker win: for replies not in answers
    nodes: int = 0
    pairs: list = field(default_factory=list)  # pairing: Breaker's pairs (vertex masks)
    core: "Decision | None" = None             # pairing: the core family's Maker-first decision
    cut: int | None = None                     # split: the cut vertex v of H = A ∪_v B
    parts: tuple = ()                          # split/local: (label, Decision) of the parts used
    families: tuple = ()                       # local, components: the part families (parts[i] decides families[i])
    halves: tuple = ()                         # split: (A, B), A the part hanging at the cut vertex
    zone: int = 0                              # split Maker win: live vertices of the part she wins
    component: frozenset | None = None         # Maker win on a disjoint union: the component it decides


def _sparse(res) -> bool:
    """Whether the pairing and splitting steps are worth trying: at most as many edges as live
    vertices (pairings and cut vertices are a sparse board's; dense boards go straight to the
    criterion, which finds Maker's wins there fast)."""
    return len(res) <= _live(res).bit_count()


def _live(res) -> int:
    return mb.live_vertices(res)


def breaker_certificate(res, nboard: int, opts: Rank3Options = DEFAULT,
                        grow: bool = True) -> Decision | None:
    """A certified Breaker win (either order) by pairs outside a core family that Breaker wins
    with Maker to move (:func:`.pairing.pairing_with_core`; ``grow=False``: a pairing of the whole
    family, no core, within the propagation search's budget), or None."""
    if not opts.pairing or not _sparse(res):
        return None
    found = pairing_with_core(res, MAX_CORE, grow=grow)
    if found is None:
        return None
    pairs, core = found
    sub = None
    if core:
        core_res = frozenset(e for e in res if not e & ~core)
        if len(core_res) == len(res):
            return None
        sub = maker_first(core_res, nboard, opts)
        if sub.winner != mb.BREAKER:
            return None
    return Decision(mb.BREAKER, "pairing", pairs=pairs, core=sub, nodes=sub.nodes if sub else 0)


def _maker_first_connected(res, nboard: int, board: Board | None = None, dead: int = 0,
                           opts: Rank3Options = DEFAULT) -> Decision:
    """Decide a position with Maker to move (``board``/``dead``: reuse the search of a position
    of which this one is ``board``'s residual minus the vertices ``dead``)."""
    over = mb.winner_if_over(res)
    if over is not None:
        return Decision(over, "over")
    res = frozenset(minimal_masks(res))
    if any(e.bit_count() == 1 for e in res):
        return Decision(mb.MAKER, "trivial")
    if opts.pairing:
        pairs = exact_pairing(res)
        if pairs is not None:
            return Decision(mb.BREAKER, "pairing", pairs=pairs)
    if board is None:
        glued = split_decision(res, nboard, opts)
        if glued is not None:
            return glued
        cert = breaker_certificate(res, nboard, opts)
        if cert is not None:
            return cert
        cut = local_decision(res, nboard, opts)
        if cut is not None:
            return cut
    if _live(res).bit_count() < MIN_FREE and not opts.structural_only:
        search = MakerBreakerSearch()
        won = search.maker_wins(res, True)
        return Decision(mb.MAKER if won else mb.BREAKER, "explicit", nodes=search.nodes)
    if board is None:
        board, dead = _board(res, nboard, opts), 0
    before = board.nodes
    tree, refutations, rounds = board.decide(dead=dead)
    nodes = board.nodes - before
    if tree is not None:
        return Decision(mb.MAKER, "structural", board, tree, rounds, nodes=nodes)
    how = "dangers" if board.decided_by == "J2(D1)" else "structural"
    return Decision(mb.BREAKER, how, board, refutations=refutations, nodes=nodes)


def split_decision(res, nboard: int, opts: Rank3Options = DEFAULT) -> Decision | None:
    """Decide a board glued at a cut vertex from its parts (:mod:`.split`), or None."""
    if not opts.pairing or not _sparse(res):
        return None
    found = pendant(res)
    if found is None:
        return None
    v, a, b = found
    da = maker_first(a, nboard, opts)
    if da.winner == mb.MAKER:                      # A ⊆ H
        return Decision(mb.MAKER, "split", cut=v, parts=(("part", da),), nodes=da.nodes,
                        zone=_live(a), halves=(a, b))
    dam = maker_first(give_maker(a, v), nboard, opts)
    if dam.winner == mb.BREAKER:                   # H has B's outcome
        db = maker_first(b, nboard, opts)
        return Decision(db.winner, "split", cut=v, parts=(("part", da), ("part+v", dam), ("rest", db)),
                        nodes=da.nodes + dam.nodes + db.nodes, zone=_live(b), halves=(a, b))
    dbm = maker_first(give_maker(b, v), nboard, opts)
    if dbm.winner == mb.BREAKER:
        return Decision(mb.BREAKER, "split", cut=v, parts=(("part", da), ("rest+v", dbm)),
                        nodes=da.nodes + dam.nodes + dbm.nodes, halves=(a, b))
    return None


def local_decision(res, nboard: int, opts: Rank3Options = DEFAULT) -> Decision | None:
    """A certified Breaker win by local strategies on parts cut along edges with a private vertex
    (:mod:`.local`), each part a Breaker win with Maker to move, or None."""
    if not opts.pairing or not _sparse(res):
        return None
    decided: dict[frozenset, Decision] = {}

    def breaker_wins(fam: frozenset) -> bool:
        d = decided[fam] = maker_first(fam, nboard, opts)
        return d.winner == mb.BREAKER

    fams = soft_parts(res, breaker_wins, max_part=MAX_CORE)
    if fams is None:
        return None
    parts = tuple((f"part {i + 1}", decided[f]) for i, f in enumerate(fams))
    return Decision(mb.BREAKER, "local", parts=parts, families=tuple(fams),
                    nodes=sum(d.nodes for d in decided.values()))


def _board(res, nboard: int, opts: Rank3Options) -> Board:
    """The criterion's search on K(res), with the pairing certificate as a quick refutation of
    Maker's moves at Breaker's reply nodes."""
    certify = None
    if opts.pairing:
        def certify(r):
            return breaker_certificate(r, nboard, opts, grow=False) is not None
    return Board(res, nboard, certify=certify, dangers=opts.dangers)


def _breaker_first_connected(res, nboard: int, opts: Rank3Options = DEFAULT) -> Decision:
    """Decide a position with Breaker to move (Breaker-first reduction, paper 004 §I.1.2).

    Breaker's first move must meet the support of every three-round tree of Maker on H (a move
    missing one leaves it winning), so the candidates are the intersection of those supports."""
    over = mb.winner_if_over(res)
    if over is not None:
        return Decision(over, "over")
    res = frozenset(minimal_masks(res))
    live = _live(res)
    quick = _quick_breaker_move(res, nboard, opts)
    if quick is not None:
        return quick
    if live.bit_count() <= MIN_FREE and not opts.structural_only:
        search = MakerBreakerSearch()
        if search.maker_wins(res, False):
            return Decision(mb.MAKER, "explicit", nodes=search.nodes)
        y = search.best_move(res, False)
        return Decision(mb.BREAKER, "explicit", breaker_move=y.bit_length() - 1, nodes=search.nodes)
    cut = _cutting_opening(res, live, nboard, opts)
    if cut is not None and cut[1].winner == mb.BREAKER:
        return Decision(mb.BREAKER, "structural", breaker_move=cut[0], default=cut[1], nodes=cut[1].nodes)
    base = _maker_first_connected(res, nboard, opts=opts)
    if base.winner == mb.BREAKER:
        used = {y for y in base.refutations.values() if y is not None}
        spare = [v for v in bits(live) if v not in used]
        if base.how in ("structural", "dangers") and base.refutations and spare:
            # an opening no refutation uses: the refutations stay winning replies after it (an
            # extra Breaker vertex never hurts him, Lemma I.1.50), so no second search is needed
            y = max(spare, key=lambda v: sum(1 for e in res if e >> v & 1))
            then = Decision(mb.BREAKER, base.how, base.board,
                            refutations={x: r for x, r in base.refutations.items() if x != y})
            return Decision(mb.BREAKER, base.how, breaker_move=y, default=then, nodes=base.nodes)
        y = max(bits(live), key=lambda v: sum(1 for e in res if e >> v & 1))
        return Decision(mb.BREAKER, base.how, breaker_move=y,
                        default=maker_first(mb.breaker_claims(res, 1 << y), nboard, opts),
                        nodes=base.nodes)
    if base.how == "explicit":
        candidates, board = live, None
    elif base.how == "split":
        candidates, board = _maker_zone(base) & live, None
    elif base.how in ("trivial", "over"):
        candidates = 0
        for e in res:
            if e.bit_count() == 1:
                candidates |= e
        board = None
    else:
        board = base.board
        candidates = board.support(base.tree) & live
    trees = iter(board.winning_trees(base.rounds)) if board is not None and base.rounds else iter(())
    answers = {}
    nodes = base.nodes
    if cut is not None and candidates >> cut[0] & 1:
        answers[cut[0]] = cut[1]
        candidates &= ~(1 << cut[0])
        nodes += cut[1].nodes
    while candidates:
        # try the likeliest opening before narrowing further: the narrowing only ever removes
        # losing openings, so stopping at the first winning one is exact, and a Breaker win found
        # at once costs no listing of Maker's other trees
        y = max(bits(candidates), key=lambda v: (sum(1 for e in res if e >> v & 1), -v))
        candidates &= ~(1 << y)
        after = mb.breaker_claims(res, 1 << y)
        if len(components(after)) > 1:      # y cut the board: decide the parts separately
            d = maker_first(after, nboard, opts)
        else:
            d = _maker_first_connected(after, nboard, board, 1 << y, opts)
        nodes += d.nodes
        if d.winner == mb.BREAKER:
            return Decision(mb.BREAKER, "structural", breaker_move=y, default=d, nodes=nodes)
        answers[y] = d
        t = next(trees, None)
        if t is not None:
            candidates &= board.support(t)
    return Decision(mb.MAKER, "structural", answers=answers, default=base, nodes=nodes)


def _cutting_opening(res, live: int, nboard: int, opts: Rank3Options):
    """(y, Maker-first decision of H^{-y}) for the vertex y on most edges when deleting it cuts the
    board into several components (then decided part by part, cheaply), else None. Breaker first
    wins iff some opening y leaves a Maker-first Breaker win (paper 004 §I.1.2), so a winning y
    found here decides the position before Maker's three-round tree on H is searched."""
    y = max(bits(live), key=lambda v: (sum(1 for e in res if e >> v & 1), -v))
    after = mb.breaker_claims(res, 1 << y)
    if mb.winner_if_over(after) is not None or len(components(frozenset(minimal_masks(after)))) < 2:
        return None
    return y, maker_first(after, nboard, opts)


def _maker_zone(d: Decision) -> int:
    """Vertices Breaker's first move must meet when Maker (first) wins by ``d``: the part she wins
    in (split), refined to the support of her three-round tree there (a move outside it leaves the
    tree winning), or the vertices of her trivial wins."""
    if d.how == "split":
        inner = d.parts[-1][1]
        return d.zone & _maker_zone(inner) if inner.how in ("split", "structural", "trivial") else d.zone
    if d.how == "structural" and d.tree is not None:
        return d.board.support(d.tree)
    return -1                                      # no restriction known


def _quick_breaker_move(res, nboard: int, opts: Rank3Options) -> Decision | None:
    """Breaker to move: a move after which a pairing(+core) certificate exists, trying first the
    vertices of the smallest residual edges (the partner of Maker's last move lies there)."""
    if not opts.pairing or not _sparse(res):
        return None
    smallest = min(e.bit_count() for e in res)
    cands = 0
    for e in res:
        if e.bit_count() == smallest:
            cands |= e
    if cands.bit_count() > 8:
        return None
    for y in sorted(bits(cands), key=lambda v: -sum(1 for e in res if e >> v & 1)):
        after = mb.breaker_claims(res, 1 << y)
        if mb.winner_if_over(after) == mb.BREAKER:
            return Decision(mb.BREAKER, "over", breaker_move=y, default=Decision(mb.BREAKER, "over"))
        cert = breaker_certificate(after, nboard, opts, grow=False)
        if cert is not None:
            return Decision(mb.BREAKER, "pairing", breaker_move=y, default=cert, nodes=cert.nodes)
    return None


def components(res) -> list[frozenset]:
    """The residual edges grouped by connected component (edges sharing a vertex)."""
    groups: list[tuple[int, list]] = []
    for e in res:
        hit = [g for g in groups if g[0] & e]
        if not hit:
            groups.append((e, [e]))
            continue
        members = max((g[1] for g in hit), key=len)      # grow the largest group: linear, not m²
        span = e
        members.append(e)
        for g in hit:
            span |= g[0]
            if g[1] is not members:
                members += g[1]
            groups.remove(g)
        groups.append((span, members))
    return [frozenset(g[1]) for g in groups]


def _split(res):
    """Min of the residual and its components (none when the game is over)."""
    if mb.winner_if_over(res) is not None:
        return res, []
    res = frozenset(minimal_masks(res))
    return res, components(res)


def maker_first(res, nboard: int, opts: Rank3Options = DEFAULT) -> Decision:
    """Decide the position with Maker to move. A disjoint union is a Maker-first Maker win iff
    some component is (Maker plays there; moves elsewhere are passes for that component, and
    Breaker answering in the component Maker played wins every Breaker component)."""
    res, parts = _split(res)
    if len(parts) <= 1:
        return _maker_first_connected(res, nboard, opts=opts)
    refutations = {}
    nodes = 0
    decided = []
    for part in parts:
        d = _maker_first_connected(part, nboard, opts=opts)
        nodes += d.nodes
        if d.winner == mb.MAKER:
            d.nodes = nodes
            d.component = part
            return d
        decided.append((f"component {len(decided) + 1}", d))
        refutations.update(_refutations(part, d, nboard, opts))
    return Decision(mb.BREAKER, "components", refutations=refutations, nodes=nodes,
                    parts=tuple(decided), families=tuple(parts))


def _refutations(part, d: Decision, nboard: int, opts: Rank3Options = DEFAULT) -> dict:
    """Breaker's winning reply, inside the component, to each Maker move there."""
    if d.how in ("structural", "dangers"):
        return dict(d.refutations)
    if d.how in ("pairing", "split", "local"):
        return {}        # the pairs / the parts' decisions are Breaker's strategy
    out = {}
    for x in bits(_live(part)):
        after = mb.maker_claims(part, 1 << x)
        y = _breaker_first_connected(after, nboard, opts).breaker_move \
            if mb.winner_if_over(after) is None else None
        out[x] = y
    return out


def breaker_first(res, nboard: int, opts: Rank3Options = DEFAULT) -> Decision:
    """Decide the position with Breaker to move. On a disjoint union: two Maker-first Maker-win
    components lose for Breaker; with exactly one, Breaker must open there and wins iff he wins it
    moving first; with none, every move wins (he answers Maker in her component)."""
    res, parts = _split(res)
    if len(parts) <= 1:
        return _breaker_first_connected(res, nboard, opts)
    wins = []
    nodes = 0
    for part in parts:
        d = _maker_first_connected(part, nboard, opts=opts)
        nodes += d.nodes
        if d.winner == mb.MAKER:
            d.component = part
            wins.append((part, d))
            if len(wins) == 2:
                (p1, d1), (_p2, d2) = wins
                return Decision(mb.MAKER, "components", answers={y: d2 for y in bits(_live(p1))},
                                default=d1, nodes=nodes)
    if not wins:
        live = _live(res)
        y = max(bits(live), key=lambda v: sum(1 for e in res if e >> v & 1))
        return Decision(mb.BREAKER, "components", breaker_move=y,
                        default=maker_first(mb.breaker_claims(res, 1 << y), nboard, opts), nodes=nodes)
    part, _d = wins[0]
    d = _breaker_first_connected(part, nboard, opts)
    if d.winner == mb.BREAKER:
        d.default = maker_first(mb.breaker_claims(res, 1 << d.breaker_move), nboard, opts)
    d.nodes += nodes
    return d


def decide(res, nboard: int, first: str, opts: Rank3Options = DEFAULT) -> Decision:
    return maker_first(res, nboard, opts) if first == mb.MAKER else breaker_first(res, nboard, opts)


# -- strategies for certificates ------------------------------------------------------------------

def maker_move(res, nboard: int, opts: Rank3Options = DEFAULT) -> int:
    """A winning move (vertex bit) for Maker to move at a won position: complete a 1-vertex edge,
    else the forcing move on a leaf or the first move of the three-round tree (Theorem II.1.12 (i)),
    else (fewer than six live vertices) the explicit search's move."""
    r = minimal_masks(res)
    for e in r:
        if e.bit_count() == 1:
            return e
    if _live(res).bit_count() < MIN_FREE and not opts.structural_only:
        v = MakerBreakerSearch().best_move(res, True)
        if v is None:
            raise AssertionError("Maker to move has no winning move")
        return v
    return 1 << Board(r, nboard).first_move()


def breaker_move(res, nboard: int, opts: Rank3Options = DEFAULT) -> int:
    """A winning move (vertex bit) for Breaker to move at a Breaker-won position."""
    d = breaker_first(res, nboard, opts)
    live = _live(res)
    if d.winner != mb.BREAKER:
        raise AssertionError("Breaker to move at a Maker win")
    if d.breaker_move is None or d.breaker_move < 0 or not live >> d.breaker_move & 1:
        return live & -live
    return 1 << d.breaker_move


# -- witnesses as JSON ----------------------------------------------------------------------------

class Namer:
    """Names vertices and edges of the residual world back in the board's terms; the shared padding
    mark of 2-vertex residual edges is shown as ``*``."""

    def __init__(self, board, res0):
        self.board = board
        self.origin: dict[int, int] = {}
        marked = board.marked_mask
        for e in board.edge_masks:
            self.origin.setdefault(e & ~marked, e)
        self.res0 = res0

    def v(self, i: int | None):
        if i is None:
            return None
        if i >= self.board.n:
            return "*"
        return self.board.vertices[i]

    def edge(self, e: int) -> list[str]:
        real = e & self.board.full_mask
        orig = self.origin.get(real, real)
        return self.board.names(orig)

    def leaf(self, leaf: Leaf) -> dict:
        return {"kind": leaf.kind, "edges": [self.edge(e) for e in leaf.edges],
                "ends": [self.v(i) for i in leaf.ends]}

    def tree(self, node) -> dict:
        tag = node[0]
        if tag == "L":
            return {"leaf": self.leaf(node[1])}
        if tag == "M":
            out = {"maker": self.v(node[1])}
            b = node[2]
            out["replies"] = {self.v(y): self.tree(c) for y, c in sorted(b[3].items())}
            out["otherwise"] = self.tree(b[2])
            return out
        raise ValueError(tag)

    def decision(self, d: Decision, first: str) -> dict:
        out: dict = {"winner": d.winner, "first": first, "decided_by": d.how}
        if d.how in ("split", "components") and d.parts and d.breaker_move is None \
                and not d.answers and not d.refutations:
            if d.how == "split":
                out["cut_vertex"] = self.v(d.cut)
            out["parts"] = {label: self.decision(p, mb.MAKER) for label, p in d.parts}
            return out
        if d.how == "local" and d.breaker_move is None:
            out["local_parts"] = {label: {"edges": [self.board.names(e) for e in sorted(fam)],
                                          **self.decision(p, mb.MAKER)}
                                  for (label, p), fam in zip(d.parts, d.families)}
            return out
        if d.how == "pairing" and d.breaker_move is None:
            out["pairs"] = [self.board.names(p) for p in d.pairs]
            if d.core is not None:
                out["core"] = self.decision(d.core, mb.MAKER)
            return out
        if first == mb.MAKER:
            if d.tree is not None:
                out["leaf_rounds"] = d.rounds
                out["maker_tree"] = self.tree(d.tree)
            elif d.refutations:
                out["breaker_replies"] = {self.v(x): self.v(y) for x, y in sorted(d.refutations.items())}
            return out
        if d.winner == mb.BREAKER:
            out["breaker_move"] = self.v(d.breaker_move)
            if d.default is not None:
                out["then"] = self.decision(d.default, mb.MAKER)
        elif d.default is not None:
            out["answers"] = {self.v(y): self.decision(a, mb.MAKER) for y, a in sorted(d.answers.items())}
            out["otherwise"] = self.decision(d.default, mb.MAKER)
        return out
