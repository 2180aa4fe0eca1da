"""The independent certificate checker: verifies a certificate from the game rules alone.

It imports the model and the rules (``verify.hypergraph``, ``verify.games``) and nothing from the
solvers; it trusts no field of the certificate: the instance is re-parsed and validated, the claim is
re-derived from the labels or strategy, and every move is checked for legality.

Kinds checked here:
- ``maker-breaker-strategy``: every opponent reply covered, every winner move legal and live, every
  finished game won by the claimed winner (states from :func:`maker_breaker.strategy_states`).
- ``maker-breaker-pairing``: disjoint pairs of free vertices, each live edge containing a pair.
- ``nim-labelling``: every position reachable from ∅ labelled, each label the mex of its options'.
Other kinds register a checking function with :func:`register`.

Soundness of the three kinds here:
- strategy: :func:`maker_breaker.strategy_states` expands every opponent move (each live vertex,
  and one dead vertex while any is free: dead vertices are interchangeable) and the table's move at
  each winner turn; states are (residual, free count, mover), finitely many, each expanded once, so
  the walk terminates. Every expanded state is checked, a missing entry is an error (never a
  default), so the winner's strategy wins against every opponent play (induction on free count).
- pairing: answering each Maker move in a pair with its partner keeps every pair from being
  Maker's; each live edge holds a pair, so Maker completes no edge, whoever starts (an extra Breaker
  move never hurts Breaker). No search, nothing to terminate.
- nim-labelling: positions only grow (a vertex is added per move), so the walk from ∅ is finite;
  every reachable position's label is checked against the mex of its options' labels, by induction
  from the terminal positions each label is the Grundy value, and the claim is ∅'s label. Labels of
  unreachable positions are never used.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from ..errors import CertificateError, InputError, VerifyError
from ..formats.jsonfmt import hypergraph_from_json
from ..games import impartial as imp
from ..games import maker_breaker as mb
from ..hypergraph import Hypergraph
from . import FORMAT, VERSION


@dataclass
class CheckReport:
    kind: str
    claim: dict
    detail: str

    def line(self) -> str:
        claim = ", ".join(f"{k}={v}" for k, v in self.claim.items())
        return f"{self.kind}: {claim} ({self.detail})"


_CHECKERS: dict[str, Callable[[dict], CheckReport]] = {}


def register(kind: str):
    def deco(fn):
        _CHECKERS[kind] = fn
        return fn
    return deco


def check_certificate(cert) -> CheckReport:
    """Verify one certificate (a parsed JSON object); raise CertificateError saying why not."""
    if not isinstance(cert, dict):
        raise CertificateError("a certificate must be a JSON object")
    if cert.get("format") != FORMAT or cert.get("version") != VERSION:
        raise CertificateError(f"not a {FORMAT} version {VERSION} document")
    kind = cert.get("kind")
    if not isinstance(kind, str):
        raise CertificateError(f"unknown certificate kind {kind!r}")
    fn = _CHECKERS.get(kind)
    if fn is None:
        _load_plugins()
        fn = _CHECKERS.get(kind)
    if fn is None:
        raise CertificateError(f"unknown certificate kind {kind!r}")
    for key in ("instance", "claim"):
        if not isinstance(cert.get(key), dict):
            raise CertificateError(f"certificate has no {key!r} object")
    try:
        return fn(cert)
    except CertificateError:
        raise
    except VerifyError as exc:
        raise CertificateError(str(exc)) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise CertificateError(f"malformed certificate ({type(exc).__name__}: {exc})") from None


def check_file(path) -> CheckReport:
    try:
        cert = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CertificateError(f"{path}: not a readable JSON certificate ({exc})") from None
    return check_certificate(cert)


def _load_plugins():
    """Certificate kinds defined next to their encodings register themselves on import."""
    from ..plugins import import_all
    import_all(("verify.certificates.drat", "verify.certificates.extra", "verify.certificates.hypernim",
                "verify.certificates.convex", "verify.certificates.proof"))


# -- helpers ---------------------------------------------------------------------------------------

def instance_hypergraph(cert: dict) -> Hypergraph:
    try:
        return hypergraph_from_json(cert["instance"])
    except InputError as exc:
        raise CertificateError(f"bad instance: {exc}") from None


def _vertex_bit(h: Hypergraph, name) -> int:
    if not isinstance(name, (str, int)) or isinstance(name, bool):
        raise CertificateError(f"not a vertex name: {name!r}")
    try:
        return 1 << h.index(name)
    except InputError:
        raise CertificateError(f"unknown vertex {name!r}") from None


def _vertex_set(h: Hypergraph, names) -> int:
    if not isinstance(names, list):
        raise CertificateError(f"expected a list of vertices, got {names!r}")
    m = 0
    for v in names:
        b = _vertex_bit(h, v)
        if m & b:
            raise CertificateError(f"vertex {v!r} repeated")
        m |= b
    return m


def _mb_claim(cert: dict) -> tuple[str, str]:
    claim = cert["claim"]
    if claim.get("game") != "maker-breaker":
        raise CertificateError("claim is not about the maker-breaker game")
    first, winner = claim.get("first"), claim.get("winner")
    if first not in mb.PLAYERS or winner not in mb.PLAYERS:
        raise CertificateError("claim needs 'first' and 'winner' in {maker, breaker}")
    return first, winner


def _mb_position(cert: dict, h: Hypergraph) -> tuple[int, int]:
    pos = cert.get("position", {})
    if not isinstance(pos, dict):
        raise CertificateError("'position' must be an object")
    breaker = _vertex_set(h, pos.get("breaker", []))
    if breaker & h.marked_mask:
        raise CertificateError("a vertex is claimed by both players")
    return h.marked_mask, breaker


# -- Maker-Breaker strategy ------------------------------------------------------------------------

@register("maker-breaker-strategy")
def check_strategy(cert: dict) -> CheckReport:
    h = instance_hypergraph(cert)
    first, winner = _mb_claim(cert)
    maker, breaker = _mb_position(cert, h)
    table: dict[frozenset, int] = {}
    entries = cert.get("strategy")
    if not isinstance(entries, list):
        raise CertificateError("'strategy' must be a list")
    for entry in entries:
        if not isinstance(entry, dict):
            raise CertificateError("each strategy entry must be an object")
        res = entry.get("residual")
        if not isinstance(res, list):
            raise CertificateError("a strategy entry has no residual list")
        key = frozenset(_vertex_set(h, e) for e in res)
        if len(key) != len(res):
            raise CertificateError("a residual lists an edge twice")
        if key in table:
            raise CertificateError("two strategy entries for the same residual")
        table[key] = _vertex_bit(h, entry.get("move"))

    def choose(res):
        v = table.get(res)
        if v is None:
            raise CertificateError(f"no move for {winner} at reachable residual {_show(h, res)}")
        if not v & mb.live_vertices(res):
            raise CertificateError(f"move {h.names(v)[0]} at residual {_show(h, res)} is not a free vertex on a live edge")
        return v

    free = (h.full_mask & ~maker & ~breaker).bit_count()
    states = 0
    for res, nfree, _player in mb.strategy_states(mb.residual(h.edge_masks, maker, breaker), free,
                                                  first, winner, choose):
        states += 1
        over = mb.winner_if_over(res)
        if over is not None and over != winner:
            raise CertificateError(f"{over} wins at reachable residual {_show(h, res)}")
        if over is None and nfree == 0:
            raise CertificateError("board full without a result (inconsistent position)")
    return CheckReport("maker-breaker-strategy", {"winner": winner, "first": first},
                       f"{states} reachable states checked")


def _show(h: Hypergraph, res) -> str:
    return "{" + ", ".join("{" + ",".join(h.names(e)) + "}" for e in sorted(res)) + "}"


# -- Maker-Breaker pairing -------------------------------------------------------------------------

@register("maker-breaker-pairing")
def check_pairing(cert: dict) -> CheckReport:
    h = instance_hypergraph(cert)
    first, winner = _mb_claim(cert)
    if winner != mb.BREAKER:
        raise CertificateError("a pairing strategy can only certify a Breaker win")
    maker, breaker = _mb_position(cert, h)
    pairs = cert.get("pairs")
    if not isinstance(pairs, list):
        raise CertificateError("'pairs' must be a list")
    used = 0
    masks = []
    for p in pairs:
        pm = _vertex_set(h, p)
        if pm.bit_count() != 2:
            raise CertificateError(f"pair {p!r} does not have two vertices")
        if pm & used:
            raise CertificateError(f"pair {p!r} overlaps another pair")
        if pm & (maker | breaker):
            raise CertificateError(f"pair {p!r} uses a claimed vertex")
        used |= pm
        masks.append(pm)
    for e in mb.residual(h.edge_masks, maker, breaker):
        if not any(pm & e == pm for pm in masks):
            raise CertificateError(f"edge {{{','.join(h.names(e))}}} contains no pair")
    return CheckReport("maker-breaker-pairing", {"winner": winner, "first": first},
                       f"{len(masks)} disjoint pairs block every edge")


# -- impartial games: Grundy labelling -------------------------------------------------------------

@register("nim-labelling")
def check_labelling(cert: dict) -> CheckReport:
    h = instance_hypergraph(cert)
    kind, nim, count = check_game_labelling(cert, imp.GAMES, lambda k: imp.ImpartialGame(k, h),
                                            lambda names: _vertex_set(h, names), lambda p: ",".join(h.names(p)))
    return CheckReport("nim-labelling", {"game": kind, "nim": nim}, f"{count} reachable positions checked")


def check_game_labelling(cert: dict, games, make_game, to_mask, show) -> tuple[str, int, int]:
    """The nim-labelling check shared by every impartial game whose positions are sets: the claim's
    game is in ``games``; ``make_game(kind)`` gives the rules (``options(p)``, start ∅); every label
    ``[position, value]`` is parsed by ``to_mask``; every position reachable from ∅ must be labelled
    with the mex of its options' labels, and ∅'s label is the claim. Returns (game, nim, reachable)."""
    claim = cert["claim"]
    kind = claim.get("game")
    if kind not in games:
        raise CertificateError(f"claim game must be one of {', '.join(games)}")
    nim = claim.get("nim")
    if not isinstance(nim, int) or isinstance(nim, bool) or nim < 0:
        raise CertificateError("claim 'nim' must be a non-negative integer")
    game = make_game(kind)
    labels: dict[int, int] = {}
    entries = cert.get("labels")
    if not isinstance(entries, list):
        raise CertificateError("'labels' must be a list")
    for entry in entries:
        if not (isinstance(entry, list) and len(entry) == 2):
            raise CertificateError("each label must be [position, value]")
        p = to_mask(entry[0])
        v = entry[1]
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise CertificateError(f"label of {entry[0]} is not a non-negative integer")
        if p in labels:
            raise CertificateError(f"position {entry[0]} labelled twice")
        labels[p] = v
    seen = {0}
    stack = [0]
    while stack:
        p = stack.pop()
        if p not in labels:
            raise CertificateError(f"reachable position {{{show(p)}}} has no label")
        opts = game.options(p)
        if labels[p] != imp.mex(labels.get(q, -1) for q in opts):
            missing = [q for q in opts if q not in labels]
            if missing:
                raise CertificateError(f"reachable position {{{show(missing[0])}}} has no label")
            raise CertificateError(f"label of {{{show(p)}}} is not the mex of its options' labels")
        for q in opts:
            if q not in seen:
                seen.add(q)
                stack.append(q)
    if labels[0] != nim:
        raise CertificateError(f"claimed nim {nim} but the verified labelling gives {labels[0]}")
    return kind, nim, len(seen)
