"""Nim-labelling certificates for GEN(S, W) and DNG(S, W) on convex geometries (papers 001, 002).

Kind ``convex-nim-labelling``. Instance: the JSON instance object of :mod:`verify.games.convex`
(geometry and winning set); verdict ``{"nim": k}``; body ``"labels": [[[p, ...],
value], ...]``, one entry per position (the set of selected points, by name).

The checker re-parses and re-validates the geometry, recomputes every reachable position's options
from the rules (001 §3 / 002 §2: closure τ and the winning set), checks each label is the mex of its
options' labels, and that the claim is the label of ∅. It imports the model and the rules only.

Soundness: as for ``nim-labelling`` (:mod:`.checker`): positions grow by one point per move, so
the walk is finite; each reachable label equals the mex of its options' labels, hence (induction
from terminal positions) the Grundy value; the claim must be a non-bool int equal to ∅'s label.
"""
from __future__ import annotations

from ..errors import CertificateError, InputError
from ..formats.convex import game_from_json, game_to_json
from ..formats.instances import question_of
from ..games.convex import GAMES
from ..question import Question
from . import envelope
from .checker import CheckReport, check_game_labelling, register, roles

KIND = "convex-nim-labelling"


def convex_certificate(game, labels: dict[int, int]) -> dict:
    g = game.geometry
    entries = sorted(([g.set_names(p), v] for p, v in labels.items()), key=lambda x: (len(x[0]), x[0]))
    return envelope(KIND, game_to_json(game), question_of(game.kind, game), {"nim": labels[0]}, labels=entries)


@register(KIND, "labels")
def check_convex_labelling(cert: dict, question: Question) -> CheckReport:
    roles(question)
    holder = {}

    def make_game(kind):
        try:
            holder["game"] = game = game_from_json(kind, cert["instance"])
        except InputError as exc:
            raise CertificateError(f"bad instance: {exc}") from None
        return game

    def to_mask(names):
        g = holder["game"].geometry
        if not isinstance(names, list) or not all(isinstance(x, str) for x in names):
            raise CertificateError(f"position {names!r} must be a list of point names")
        try:
            return g.mask(names)
        except InputError as exc:
            raise CertificateError(f"position {names}: {exc}") from None

    kind, nim, count = check_game_labelling(
        cert, question, GAMES, make_game, to_mask, lambda p: ",".join(holder["game"].geometry.set_names(p)))
    return CheckReport(KIND, question_of(kind, holder["game"]), {"nim": nim}, f"{count} reachable positions checked")
