"""Nim-labelling certificates for GEN(S, W) and DNG(S, W) on convex geometries (papers 001, 002).

Kind ``convex-nim-labelling``. Instance: the JSON instance object of :mod:`verify.games.convex`
(geometry and winning set); claim ``{"game": "gen"|"dng", "nim": k}``; body ``"labels": [[[p, ...],
value], ...]``, one entry per position (the set of selected points, by name).

The checker re-parses and re-validates the geometry, recomputes every reachable position's options
from the rules (001 §3 / 002 §2: closure τ and the winning set), checks each label is the mex of its
options' labels, and that the claim is the label of ∅. It imports the model and the rules only.
"""
from __future__ import annotations

from ..errors import CertificateError, InputError
from ..games import impartial as imp
from ..games.convex import GAMES, game_from_json
from . import envelope
from .checker import CheckReport, register

KIND = "convex-nim-labelling"


def convex_certificate(game, labels: dict[int, int]) -> dict:
    g = game.geometry
    entries = sorted(([g.set_names(p), v] for p, v in labels.items()), key=lambda x: (len(x[0]), x[0]))
    return envelope(KIND, game.to_json(), {"game": game.kind, "nim": labels[0]}, labels=entries)


@register(KIND)
def check_convex_labelling(cert: dict) -> CheckReport:
    claim = cert["claim"]
    kind = claim.get("game")
    if kind not in GAMES:
        raise CertificateError(f"claim game must be one of {', '.join(GAMES)}")
    nim = claim.get("nim")
    if not isinstance(nim, int) or isinstance(nim, bool) or nim < 0:
        raise CertificateError("claim 'nim' must be a non-negative integer")
    try:
        game = game_from_json(kind, cert["instance"])
    except InputError as exc:
        raise CertificateError(f"bad instance: {exc}") from None
    g = game.geometry
    entries = cert.get("labels")
    if not isinstance(entries, list):
        raise CertificateError("'labels' must be a list")
    labels: dict[int, int] = {}
    for entry in entries:
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], list)):
            raise CertificateError("each label must be [position, value]")
        if not all(isinstance(x, str) for x in entry[0]):
            raise CertificateError(f"position {entry[0]!r} must list point names")
        try:
            p = g.mask(entry[0])
        except InputError as exc:
            raise CertificateError(f"position {entry[0]}: {exc}") from None
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
            raise CertificateError(f"reachable position {{{','.join(g.set_names(p))}}} has no label")
        opts = game.options(p)
        missing = [q for q in opts if q not in labels]
        if missing:
            raise CertificateError(f"reachable position {{{','.join(g.set_names(missing[0]))}}} has no label")
        if labels[p] != imp.mex(labels[q] for q in opts):
            raise CertificateError(f"label of {{{','.join(g.set_names(p))}}} is not the mex of its options' labels")
        for q in opts:
            if q not in seen:
                seen.add(q)
                stack.append(q)
    if labels[0] != nim:
        raise CertificateError(f"claimed nim {nim} but the verified labelling gives {labels[0]}")
    return CheckReport(KIND, {"game": kind, "nim": nim}, f"{len(seen)} reachable positions checked")
