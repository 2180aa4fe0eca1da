"""From a file or a JSON object (instance or certificate) to something drawable: a Play or a Board.

Instances are parsed by the project's readers and certificates' strategies are read the way the
checker reads them; a malformed input ends in an InputError (one line), never a half picture.
"""
from __future__ import annotations

from pathlib import Path

from ..errors import InputError, NotReplayable, VerifyError
from ..hypergraph import Hypergraph
from .board import Board, MakerBreakerPlay, PositionalPlay, SelectionPlay, convex_board, hypergraph_board
from .tables import TABLE_KINDS, table_play

IMPARTIAL = ("acv", "avd", "dst", "prv")
#: certificate kinds drawn with the strategy a follower derives (verify.draw.follow)
FOLLOWED = ("pg-proof", "maker-breaker-rounds", "maker-breaker-sub", "maker-breaker-parts", "maker-breaker-opening")
CONVEX = ("gen", "dng")


def load(path, game: str | None = None, first: str = "maker", geometry: str = "auto"):
    """A Play (or a static Board) for an instance file or a certificate file.

    ``game`` chooses the game played on a plain hypergraph (maker-breaker by default, or acv, avd,
    dst, prv) or on a convex geometry (gen by default, or dng); certificates name their own game."""
    p = Path(path)
    title = p.stem
    from ..certificates.book import is_book
    if is_book(p):  # a book (.zip): checked, then its members read again for the strategy's walks
        from ..certificates.book import read_book
        from ..certificates.checker import check_file
        check_file(p)
        book = read_book(p)
        return from_certificate(dict(book), title, geometry, members=book.member)
    if p.suffix.lower() == ".pg":
        from ..formats.pg import read_pg
        return PositionalPlay(read_pg(p), geometry=geometry, title=title)
    from ..formats import looks_like_json, parse_hypergraph, read_json, read_text_file
    text = read_text_file(p)
    if looks_like_json(text):
        data = read_json(p)
        try:
            return from_json(data, title, game=game, first=first, geometry=geometry)
        except InputError as exc:
            raise InputError(f"{path}: {exc}") from None
    h = parse_hypergraph(text, str(path))
    return hypergraph_play(h, game, first, geometry, title)


def hypergraph_play(h: Hypergraph, game: str | None, first: str, geometry: str, title: str):
    game = game or "maker-breaker"
    if game == "maker-breaker":
        return MakerBreakerPlay(h, first, geometry=geometry, title=title)
    if game in IMPARTIAL:
        from ..games.impartial import ImpartialGame
        rules = ImpartialGame(game, h)
        base = hypergraph_board(h, title, [f"{game.upper()}(H), n = {h.n}, m = {h.m}"], geometry=geometry)
        base.stones = {}
        return SelectionPlay(h.vertices, rules.options, base, kind=game)
    raise InputError(f"cannot draw the game {game!r} on a hypergraph (maker-breaker, {', '.join(IMPARTIAL)})")


def from_json(data, title: str = "", game: str | None = None, first: str = "maker", geometry: str = "auto"):
    """A Play or Board for a parsed JSON document: a certificate, a convex-geometry instance, a
    hypergraph NIM instance or a hypergraph."""
    if not isinstance(data, dict):
        raise InputError("expected a JSON object")
    if data.get("format") == "verify-certificate":
        return from_certificate(data, title, geometry)
    if "geometry" in data:
        from ..formats.convex import game_from_json
        kind = game or "gen"
        if kind not in CONVEX:
            raise InputError(f"a convex geometry is played as gen or dng, not {kind!r}")
        g = game_from_json(kind, data)
        return SelectionPlay(g.geometry.names, g.options, convex_board(g, title), kind=kind)
    if ("hypergraph" in data and "piles" in data) or "compound" in data:
        from ..formats.hypernim import instance_from_json
        inst = instance_from_json(data)
        h = inst.game.hypergraph
        labels = {v: str(x) for v, x in zip(h.vertices, inst.piles)}
        kind = f"{inst.compound} compound of hypergraph NIMs" if inst.compound else "hypergraph NIM"
        return hypergraph_board(h, title, [f"{kind}: pile sizes written on the vertices"], labels)
    from ..formats.jsonfmt import hypergraph_from_json
    return hypergraph_play(hypergraph_from_json(data), game, first, geometry, title)


def from_certificate(cert: dict, title: str = "", geometry: str = "auto", members=None):
    """A Play carrying the certificate's strategy (Maker-Breaker table or pairing, .pg tables,
    nim labellings; pg-proof and the compositional Maker-Breaker kinds through a follower,
    :class:`~verify.draw.follow.CertifiedPlay`) or, for other kinds, a Board of its instance.
    ``members``: a book's members, for a pg-proof with parts."""
    kind = cert.get("kind")
    if kind in FOLLOWED:
        from .follow import CertifiedPlay
        try:
            return CertifiedPlay(cert, title, geometry, members)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise InputError(f"malformed {kind} certificate ({type(exc).__name__}: {exc})") from None
    inst, claim = cert.get("instance"), cert.get("claim")
    if not isinstance(inst, dict) or not isinstance(claim, dict):
        raise InputError("certificate has no instance or claim object")
    try:
        question, verdict = claim["question"], claim["verdict"]
        claim = {"game": question["game"], "first": question["first"], **verdict}
        position = question["position"]
        if kind in TABLE_KINDS:
            return table_play(cert, title, geometry)
        if kind == "nim-labelling":
            from ..formats.jsonfmt import hypergraph_from_json
            h = hypergraph_from_json(inst)
            play = hypergraph_play(h, claim.get("game"), "maker", geometry, title)
            play.labels = {h.mask(p): v for p, v in cert["labels"]}
            play.winner = _impartial_winner(claim)
            return play
        if kind == "convex-nim-labelling":
            play = from_json(inst, title, game=claim.get("game"))
            g = play.names
            index = {v: i for i, v in enumerate(g)}
            play.labels = {sum(1 << index[v] for v in p): val for p, val in cert["labels"]}
            play.winner = _impartial_winner(claim)
            return play
        if kind == "hypernim-sg-table":
            return from_json(inst, title)
        if "edges" in inst:  # other kinds over a hypergraph (e.g. DRAT refutations of encodings)
            from ..formats.jsonfmt import hypergraph_from_json
            return hypergraph_board(hypergraph_from_json(inst), title, [f"certificate kind {kind}"],
                                    geometry=geometry)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise InputError(f"malformed {kind} certificate ({type(exc).__name__}: {exc})") from None
    raise InputError(f"no picture for certificate kind {kind!r}")


def _impartial_winner(claim: dict) -> str:
    """Under normal play the first player wins iff the nim value is non-zero (Sprague-Grundy)."""
    return "first player" if claim.get("nim") else "second player"


def find_drawable(obj, title: str = ""):
    """The first drawable thing inside a JSON value (a claim's counterexample instance may nest its
    hypergraphs, e.g. {"H": ..., "K": ...}), or None."""
    if isinstance(obj, dict):
        try:
            if obj.get("format") == "verify-certificate" or "edges" in obj or "geometry" in obj or (
                    "hypergraph" in obj and "piles" in obj) or "compound" in obj:
                return from_json(obj, title)
        except VerifyError:
            pass
        for v in obj.values():
            found = find_drawable(v, title)
            if found is not None:
                return found
    elif isinstance(obj, list):
        for v in obj[:8]:
            found = find_drawable(v, title)
            if found is not None:
                return found
    return None


def board_of(drawable, moves=()) -> Board:
    """The Board of a Play after ``moves`` (or a static Board, which takes no moves)."""
    if isinstance(drawable, Board):
        if moves:
            raise NotReplayable("this picture is a static board: it has no moves to replay")
        return drawable
    return drawable.board(drawable.replay(list(moves)))
