"""Grundy-labelling certificates: a nim-value for every position reachable from the start.

Body: ``"labels": [[[v, ...], value], ...]``, one entry per position (the set of selected vertices).
The checker recomputes each reachable position's options from the rules (paper 000 §3) and checks
label = mex(labels of options); the claim is the label of ∅.
"""
from __future__ import annotations

from ..errors import TooLarge
from ..formats.instances import question_of
from ..games import impartial as imp
from ..formats.questions import board_json
from . import envelope

KIND = "nim-labelling"


def grundy_certificate(kind: str, h, labels: dict[int, int]) -> dict:
    # the checker visits at most the labelled positions: within its cap (L7), or no certificate
    if len(labels) > imp.labelling_visit_cap(h, len(labels)):
        raise TooLarge(f"no nim-labelling certificate: the checker would refuse it ({len(labels)} labels, each "
                       "visit weighed by the board's size: spec L7); the verdict stands without --certificate")
    entries = sorted(([h.names(p), v] for p, v in labels.items()), key=lambda x: (len(x[0]), x[0]))
    return envelope(KIND, board_json(h), question_of(kind, h), {"nim": labels[0]}, labels=entries)
