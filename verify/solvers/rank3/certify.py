"""Compositional certificates for the structural rank-3 verdicts (the kinds of
:mod:`verify.certificates.rank3`), built from the solver's :class:`~.solver.Decision`.

- a pairing → ``maker-breaker-pairing``; pairs around a core, components, local parts, a cut-vertex
  split won by Breaker → ``maker-breaker-parts`` (each part re-decided as a board of its own and
  certified recursively);
- a split won by Maker, or a disjoint union won by Maker in one component → ``maker-breaker-sub``
  (the part or component she wins, cut down to her three-round tree's support when she wins it by
  one); Breaker first, a ``maker-breaker-rounds`` root answering each reply inside that sub-board,
  the sub-board certificate standing for every other reply;
- Breaker first and winning → ``maker-breaker-opening`` (his move, then the Maker-first certificate);
- Maker's three-round tree → ``maker-breaker-rounds`` (leaves: the structures the search found;
  after a Breaker opening, the answers' certificates as leaves);
- a Breaker win with Maker first not covered above (J_2(D1), or the search's refutations) →
  ``maker-breaker-dangers`` when J_2(D1) holds (Theorem II.1.14: it does on every Breaker win
  with 4 free vertices, unless the tadpole test runs out of budget);
- anything else (small boards) → the strategy certificate, refused beyond
  :data:`~verify.limits.MAX_RANK3_CERTIFICATE_STATES` positions.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...certificates import envelope
from ...certificates.strategy import pairing_certificate
from ...formats.instances import question_of
from ...formats.questions import board_json
from ...games import maker_breaker as mb
from ...hypergraph import Hypergraph, bits, minimal_masks
from .split import marked as give_maker

SMALL = 8      # live vertices up to which the strategy certificate is used directly


@dataclass(frozen=True)
class _Part(mb.MakerBreakerGame):
    """A part's game on the parent board's vertex bits, so that the solver's decision of the part
    (made on those bits) applies as it is; its certificate is written about the part's own board
    (:func:`_shown`: the vertices on its edges, in board order)."""


def _shown(game: mb.MakerBreakerGame) -> mb.MakerBreakerGame:
    """The game a certificate is written about: a part's game on its own vertices, else ``game``."""
    if not isinstance(game, _Part):
        return game
    h = game.board
    live = game.maker_mask | game.breaker_mask
    for e in h.edge_masks:
        live |= e
    idx = list(bits(live))
    new = {v: i for i, v in enumerate(idx)}

    def move(m: int) -> int:
        return sum(1 << new[v] for v in bits(m))

    board = Hypergraph.from_masks([h.vertices[v] for v in idx], [move(e) for e in h.edge_masks],
                                  move(game.maker_mask))
    return mb.MakerBreakerGame(board, game.first, game.breaker)


def _after(game: mb.MakerBreakerGame, breaker: int) -> mb.MakerBreakerGame:
    """The same board (a part stays a part) with these Breaker vertices, Maker to move."""
    h = game.board
    return type(game)(h, mb.MAKER, frozenset(h.names(breaker)))


def _cert(kind: str, game, winner: str, **body) -> dict:
    shown = _shown(game)
    return envelope(kind, board_json(shown.board), question_of("maker-breaker", shown), {"winner": winner}, **body)


def _part_game(h: Hypergraph, family, first: str = mb.MAKER) -> _Part:
    """The game of a part: its edges (no marks) on the board's vertex bits."""
    return _Part(Hypergraph.from_masks(h.labels, sorted(set(family))), first)


def _part_entries(h: Hypergraph, family, opts, d=None) -> list[dict]:
    """The parts entries of one part family (``d``: its Maker-first decision, if known); a part
    certified by parts itself is replaced by its parts (each of their edges lies in an edge of the
    part, so they are parts of the parent too), which keeps the nesting flat when a board is peeled
    part by part."""
    sub = _part_game(h, family)
    cert = certificate(sub, opts, d)
    if cert["kind"] == "maker-breaker-parts":
        return cert["parts"]
    shown = _shown(sub).board
    return [{"vertices": list(shown.vertices), "edges": [shown.names(e) for e in shown.edge_masks],
             "certificate": cert}]


def _parts(h: Hypergraph, families, opts, decisions=None) -> list[dict]:
    decisions = decisions or [None] * len(families)
    return [entry for fam, d in zip(families, decisions) for entry in _part_entries(h, fam, opts, d)]


def certificate(game: mb.MakerBreakerGame, opts, d=None, small: int | None = None) -> dict:
    """A checked-kind certificate of ``game``'s outcome following the decision ``d`` (decided here
    when None); boards with at most ``small`` (default :data:`SMALL`) live vertices get the
    strategy certificate."""
    small = SMALL if small is None else small
    from . import strategy_certificate_for
    from .solver import decide
    res = game.start_residual()
    h = game.board
    if d is None:
        d = decide(res, h.n, game.first, opts)
    got = None
    if mb.live_vertices(res).bit_count() > small:
        got = _composite(game, d, opts)
    return got if got is not None else strategy_certificate_for(_shown(game), d.winner, opts)


def _composite(game, d, opts) -> dict | None:
    h = game.board
    res = frozenset(minimal_masks(game.start_residual()))
    if d.winner == mb.MAKER and game.first == mb.MAKER and d.component is not None and d.component < res:
        # a disjoint union she wins in one component: that component as a sub-board
        sub, inner = _tree_zone(h, d.component, d)
        shown = _shown(sub).board
        return _cert("maker-breaker-sub", game, mb.MAKER, vertices=list(shown.vertices),
                     edges=[shown.names(e) for e in shown.edge_masks],
                     certificate=inner if inner is not None else certificate(sub, opts, d))
    if d.breaker_move is not None and d.winner == mb.BREAKER and game.first == mb.BREAKER:
        y = d.breaker_move
        if y >= h.n or game.free_mask() >> y & 1 == 0:
            return None
        return _cert("maker-breaker-opening", game, mb.BREAKER, move=h.vertices[y],
                     certificate=certificate(_after(game, game.breaker_mask | 1 << y), opts, d.default))
    if d.winner == mb.BREAKER and d.how == "pairing" and d.breaker_move is None:
        if d.core is None:
            return pairing_certificate(_shown(game), [h.names(p) for p in d.pairs])
        core = 0
        for p in d.pairs:
            core |= p
        paired = _shown(_part_game(h, d.pairs))
        parts = [{"vertices": list(paired.board.vertices),
                  "edges": [paired.board.names(e) for e in paired.board.edge_masks],
                  "certificate": pairing_certificate(paired, [paired.board.names(e)
                                                              for e in paired.board.edge_masks])}]
        rest = frozenset(e for e in res if not any(p & e == p for p in d.pairs))
        return _cert("maker-breaker-parts", game, mb.BREAKER, parts=parts + _parts(h, [rest], opts))
    if d.winner == mb.BREAKER and d.how in ("components", "local") and d.breaker_move is None:
        return _cert("maker-breaker-parts", game, mb.BREAKER,
                     parts=_parts(h, d.families, opts, [p[1] for p in d.parts]))
    if d.how == "split" and game.first == mb.MAKER:
        if not d.halves:
            return None
        v, (a, b) = d.cut, d.halves
        if d.winner == mb.MAKER:
            fam, known = (a, d.parts[0][1]) if len(d.parts) == 1 else (b, d.parts[2][1])
            sub, inner = _tree_zone(h, fam, known)
            if inner is None:
                inner = certificate(sub, opts, known)
            if inner["kind"] == "maker-breaker-sub":       # a sub-board of a sub-board: one level
                return _cert("maker-breaker-sub", game, mb.MAKER, vertices=inner["vertices"],
                             edges=inner["edges"], certificate=inner["certificate"])
            shown = _shown(sub).board
            return _cert("maker-breaker-sub", game, mb.MAKER, vertices=list(shown.vertices),
                         edges=[shown.names(e) for e in shown.edge_masks], certificate=inner)
        if len(d.parts) == 3:
            fams, known = [give_maker(a, v), b], [d.parts[1][1], d.parts[2][1]]
        else:
            fams, known = [a, give_maker(b, v)], [d.parts[0][1], d.parts[1][1]]
        return _cert("maker-breaker-parts", game, mb.BREAKER, parts=_parts(h, fams, opts, known))
    if d.winner == mb.MAKER and d.how == "structural" and d.tree is not None and game.first == mb.MAKER:
        return _cert("maker-breaker-rounds", game, mb.MAKER, tree=_tree(h, d.tree))
    if d.winner == mb.MAKER and game.first == mb.BREAKER and d.default is not None \
            and d.default.tree is not None and d.default.how == "structural":
        # every reply the default tree looks at gets its own certificate (the solver's answers
        # cover only the replies meeting every winning tree)
        looked = d.default.board.support(d.default.tree)
        return _cert("maker-breaker-rounds", game, mb.MAKER,
                     tree={"replies": _replies(game, d, opts, looked), "otherwise": _tree(h, d.default.tree)})
    if d.winner == mb.MAKER and game.first == mb.BREAKER and d.default is not None:
        return _replies_around_sub(game, d, opts)
    if d.winner == mb.BREAKER and game.first == mb.MAKER:
        return _dangers(game, d)
    return None


def _tree_zone(h: Hypergraph, family, known) -> tuple:
    """(part game, certificate or None) of a part Maker wins: when she wins it by a three-round
    tree, only the part's edges inside the tree's support (its moves, replies and leaves) with the
    tree on them (a tree winning on a board wins on any sub-board holding its support: its leaves
    stay structures, and a reply it does not list is still covered), so that a sub-board looks at
    few vertices; else the whole part, certificate still to make."""
    if known is not None and known.how == "structural" and known.tree is not None and known.board is not None:
        zone = known.board.support(known.tree)
        inside = [e for e in family if not e & ~zone]
        if inside and len(inside) < len(family):
            sub = _part_game(h, inside)
            return sub, _cert("maker-breaker-rounds", sub, mb.MAKER, tree=_tree(h, known.tree))
    return _part_game(h, family), None


def _replies_around_sub(game, d, opts) -> dict | None:
    """Breaker first, Maker wins, her Maker-first win on the position certified by a sub-board
    (a split, or a component she wins): a ``maker-breaker-rounds`` root whose ``otherwise`` is that
    sub-board certificate (a reply outside the sub-board's vertices leaves it winning) and whose
    replies are the free vertices of the sub-board, each certified on its own (the solver's
    answer when it has one); None when the Maker-first certificate is of another kind."""
    h = game.board
    inner = certificate(_after(game, game.breaker_mask), opts, d.default)
    if inner["kind"] != "maker-breaker-sub":
        return None
    return _cert("maker-breaker-rounds", game, mb.MAKER,
                 tree={"replies": _replies(game, d, opts, h.mask(inner["vertices"])),
                       "otherwise": {"certificate": inner}})


def _replies(game, d, opts, looked: int) -> dict:
    """Breaker first, Maker wins: a Maker-first certificate after each of Breaker's openings on a
    free vertex of ``looked`` or answered by the solver (its decision reused)."""
    h = game.board
    out = {}
    for y in sorted(set(d.answers) | set(bits(looked & game.free_mask()))):
        after = _after(game, game.breaker_mask | 1 << y)
        out[h.vertices[y]] = {"certificate": certificate(after, opts, d.answers.get(y))}
    return out


def _dangers(game, d=None) -> dict | None:
    """The ``maker-breaker-dangers`` certificate: J_2(D1) on the position's K (the decision's when
    it was decided by J_2(D1) on this board, or on a board of which this position deletes Breaker's
    vertices, else afresh), each second-round reply from :meth:`.dangers.D1Criterion.answer` (None
    if J_2(D1) fails or the tadpole budget runs out).

    Reusing a decision of K for K^{-Y} (Y Breaker's vertices): a reply r meeting every danger at x1
    in K meets every one in K^{-Y} (fewer edges, fewer dangers), and J_1 after it holds there too
    (monotone); if r is on no edge of K^{-Y}, then K^{-Y} ⊆ K^{-r} and any vertex will do. A
    second-round reply on no live edge deletes nothing: x2 has no danger there (written null)."""
    from .dangers import D1Criterion, OutOfBudget
    from .search import Board
    h = game.board
    res = minimal_masks(game.start_residual())
    free = mb.live_vertices(res)
    if free.bit_count() < 4:
        return None
    dead = game.breaker_mask
    reuse = d is not None and d.how == "dangers" and d.board is not None and d.board.nboard == h.n \
        and d.board.criterion is not None and not game.maker_mask \
        and {d.board.origin[e] for e in d.board.edges if not e & dead} == set(res)
    try:
        board = d.board if reuse else Board(res, h.n)
    except ValueError:
        return None
    if not reuse:
        dead = 0
    crit = board.criterion or D1Criterion(board)
    marked = board.marked0
    rounds = []
    try:
        holds, refutations = (True, d.refutations) if reuse else crit.j2(marked)
        if not holds:
            return None
        for x1 in bits(free):
            y1 = refutations.get(x1)
            others = free & ~(1 << x1)
            if y1 is None or not others:
                return None
            if not others >> y1 & 1:
                if not reuse or y1 == x1:
                    return None
                y1 = (others & -others).bit_length() - 1
            m1, left = marked | 1 << x1, others & ~(1 << y1)
            inner = []
            for x2 in bits(left):
                y2 = crit.answer(x2, m1, dead | 1 << y1)
                if y2 is False:
                    return None
                if y2 is not None and not left >> y2 & 1:
                    y2 = None
                inner.append([h.vertices[x2], None if y2 is None else h.vertices[y2]])
            rounds.append([h.vertices[x1], h.vertices[y1], inner])
    except OutOfBudget:
        return None
    return _cert("maker-breaker-dangers", game, mb.BREAKER, rounds=rounds)


def _tree(h: Hypergraph, node) -> dict:
    """The search's tree (``("L", leaf)`` / ``("M", x, breaker node)``) in certificate form: board
    names, the padding mark (bit ``h.n``) as null, leaf edges as residual edges."""
    def v(i):
        return None if i >= h.n else h.vertices[i]

    if node[0] == "L":
        leaf = node[1]
        kind = {"edge": "won"}.get(leaf.kind, leaf.kind)
        edges = [h.names(e & h.full_mask) for e in leaf.edges]
        if leaf.kind == "edge":
            return {"leaf": {"kind": "won", "edges": edges, "ends": []}}
        return {"leaf": {"kind": kind, "edges": edges, "ends": [v(i) for i in leaf.ends]}}
    b = node[2]
    return {"maker": v(node[1]), "replies": {v(y): _tree(h, c) for y, c in sorted(b[3].items())},
            "otherwise": _tree(h, b[2])}
