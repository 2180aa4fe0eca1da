"""Compositional certificates for the structural rank-3 verdicts (the kinds of
:mod:`verify.certificates.rank3`), built from the solver's :class:`~.solver.Decision`.

- a pairing → ``maker-breaker-pairing``; pairs around a core, components, local parts, a cut-vertex
  split won by Breaker → ``maker-breaker-parts`` (each part re-decided as a board of its own and
  certified recursively);
- a split won by Maker → ``maker-breaker-sub`` (the part she wins);
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

from ...certificates import envelope
from ...certificates.strategy import pairing_certificate
from ...formats.instances import question_of
from ...formats.questions import board_json
from ...games import maker_breaker as mb
from ...hypergraph import Hypergraph, bits, minimal_masks
from .split import marked as give_maker, pendant

SMALL = 8      # live vertices up to which the strategy certificate is used directly


def _cert(kind: str, game, winner: str, **body) -> dict:
    return envelope(kind, board_json(game.board), question_of("maker-breaker", game), {"winner": winner}, **body)


def _part_game(h: Hypergraph, family, first: str = mb.MAKER) -> mb.MakerBreakerGame:
    """The board of a part: its live vertices (in board order) and edges, no marks."""
    live = 0
    for e in family:
        live |= e
    idx = [v for v in range(h.n) if live >> v & 1]
    new = {v: i for i, v in enumerate(idx)}
    masks = sorted({sum(1 << new[v] for v in bits(e)) for e in family})
    return mb.MakerBreakerGame(Hypergraph.from_masks([h.vertices[v] for v in idx], masks), first)


def _part_entries(h: Hypergraph, family, opts) -> list[dict]:
    """The parts entries of one part family; a part certified by parts itself is replaced by its
    parts (each of their edges lies in an edge of the part, so they are parts of the parent too),
    which keeps the nesting flat when a board is peeled part by part."""
    sub = _part_game(h, family)
    cert = certificate(sub, opts)
    if cert["kind"] == "maker-breaker-parts":
        return cert["parts"]
    return [{"vertices": list(sub.board.vertices), "edges": [sub.board.names(e) for e in sub.board.edge_masks],
             "certificate": cert}]


def _parts(h: Hypergraph, families, opts) -> list[dict]:
    return [entry for fam in families for entry in _part_entries(h, fam, opts)]


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
    return got if got is not None else strategy_certificate_for(game, d.winner, opts)


def _composite(game, d, opts) -> dict | None:
    h = game.board
    res = frozenset(minimal_masks(game.start_residual()))
    if d.breaker_move is not None and d.winner == mb.BREAKER and game.first == mb.BREAKER:
        y = d.breaker_move
        if y >= h.n or game.free_mask() >> y & 1 == 0:
            return None
        after = mb.MakerBreakerGame(h, mb.MAKER, frozenset(h.names(game.breaker_mask | 1 << y)))
        return _cert("maker-breaker-opening", game, mb.BREAKER, move=h.vertices[y],
                     certificate=certificate(after, opts, d.default))
    if d.winner == mb.BREAKER and d.how == "pairing" and d.breaker_move is None:
        if d.core is None:
            return pairing_certificate(game, [h.names(p) for p in d.pairs])
        core = 0
        for p in d.pairs:
            core |= p
        paired = _part_game(h, d.pairs)
        parts = [{"vertices": list(paired.board.vertices),
                  "edges": [paired.board.names(e) for e in paired.board.edge_masks],
                  "certificate": pairing_certificate(paired, [paired.board.names(e)
                                                              for e in paired.board.edge_masks])}]
        rest = frozenset(e for e in res if not any(p & e == p for p in d.pairs))
        return _cert("maker-breaker-parts", game, mb.BREAKER, parts=parts + _parts(h, [rest], opts))
    if d.winner == mb.BREAKER and d.how in ("components", "local") and d.breaker_move is None:
        if d.how == "local":
            fams = d.families
        else:
            from .solver import components
            fams = components(res)
        return _cert("maker-breaker-parts", game, mb.BREAKER, parts=_parts(h, fams, opts))
    if d.how == "split" and game.first == mb.MAKER:
        found = pendant(res)
        if found is None or found[0] != d.cut:
            return None
        v, a, b = found
        if d.winner == mb.MAKER:
            fam = a if len(d.parts) == 1 else b
            sub = _part_game(h, fam)
            inner = certificate(sub, opts)
            if inner["kind"] == "maker-breaker-sub":       # a sub-board of a sub-board: one level
                return _cert("maker-breaker-sub", game, mb.MAKER, vertices=inner["vertices"],
                             edges=inner["edges"], certificate=inner["certificate"])
            return _cert("maker-breaker-sub", game, mb.MAKER, vertices=list(sub.board.vertices),
                         edges=[sub.board.names(e) for e in sub.board.edge_masks], certificate=inner)
        fams = [give_maker(a, v), b] if len(d.parts) == 3 else [a, give_maker(b, v)]
        return _cert("maker-breaker-parts", game, mb.BREAKER, parts=_parts(h, fams, opts))
    if d.winner == mb.MAKER and d.how == "structural" and d.tree is not None and game.first == mb.MAKER:
        return _cert("maker-breaker-rounds", game, mb.MAKER, tree=_tree(h, d.tree))
    if d.winner == mb.MAKER and game.first == mb.BREAKER and d.default is not None \
            and d.default.tree is not None and d.default.how == "structural":
        # every reply the default tree looks at gets its own certificate (the solver's answers
        # cover only the replies meeting every winning tree)
        replies = {}
        looked = d.default.board.support(d.default.tree) & game.free_mask()
        for y in sorted(set(d.answers) | set(bits(looked))):
            after = mb.MakerBreakerGame(h, mb.MAKER, frozenset(h.names(game.breaker_mask | 1 << y)))
            replies[h.vertices[y]] = {"certificate": certificate(after, opts, d.answers.get(y))}
        return _cert("maker-breaker-rounds", game, mb.MAKER,
                     tree={"replies": replies, "otherwise": _tree(h, d.default.tree)})
    if d.winner == mb.BREAKER and game.first == mb.MAKER:
        return _dangers(game, d)
    return None


def _dangers(game, d=None) -> dict | None:
    """The ``maker-breaker-dangers`` certificate: J_2(D1) on the position's K (the decision's when
    it was decided by J_2(D1) on this very board, else afresh), each second-round reply the first
    vertex of a witness danger meeting every danger (None if J_2(D1) fails or the tadpole budget
    runs out)."""
    from .dangers import D1Criterion, OutOfBudget
    from .search import Board
    h = game.board
    res = minimal_masks(game.start_residual())
    free = mb.live_vertices(res)
    if free.bit_count() < 4:
        return None
    reuse = d is not None and d.how == "dangers" and d.board is not None and d.board.nboard == h.n \
        and d.board.criterion is not None and set(d.board.origin.values()) == set(res)
    try:
        board = d.board if reuse else Board(res, h.n)
    except ValueError:
        return None
    crit = board.criterion or D1Criterion(board)
    marked = board.marked0
    rounds = []
    try:
        holds, refutations = (True, d.refutations) if reuse else crit.j2(marked)
        if not holds:
            return None
        for x1 in bits(free):
            y1 = refutations.get(x1)
            if y1 is None:
                return None
            m1, left = marked | 1 << x1, free & ~(1 << x1) & ~(1 << y1)
            inner = []
            for x2 in bits(left):
                y2 = crit.answer(x2, m1, 1 << y1)
                if y2 is False:
                    return None
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
