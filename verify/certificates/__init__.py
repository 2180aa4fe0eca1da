"""Certificates (JSON documents) and their independent checker.

Every certificate is ``{"format": "verify-certificate", "version": 2, "kind": ..., "instance": ...,
"claim": {"question": ..., "verdict": ...}, ...}``: the board, the question it poses (game, board
digest, starting position, first player, bound; :class:`verify.question.Question`) and the verdict
proved. Builders live beside their formats here; :mod:`.checker` verifies any of them from the game
rules alone.
"""
from ..question import Question, claim

FORMAT = "verify-certificate"
VERSION = 2


def envelope(kind: str, instance: dict, question: Question, verdict: dict, **body) -> dict:
    """A certificate of ``kind``: the board, the claim (question and verdict), the evidence, and
    ``made_by`` (the tool's version, commit and the date: :mod:`verify.provenance`; outside the
    claim, never read for the verdict)."""
    from ..provenance import made_by
    return {"format": FORMAT, "version": VERSION, "kind": kind, "instance": instance,
            "claim": claim(question, verdict), "made_by": made_by(), **body}
