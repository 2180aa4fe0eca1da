"""Certificates (JSON documents) and their independent checker.

Every certificate is ``{"format": "verify-certificate", "version": 1, "kind": ..., "instance": ...,
"claim": ..., ...}``. Builders live beside their formats here; :mod:`.checker` verifies any of them
from the game rules alone.
"""
FORMAT = "verify-certificate"
VERSION = 1


def envelope(kind: str, instance: dict, claim: dict, **body) -> dict:
    return {"format": FORMAT, "version": VERSION, "kind": kind, "instance": instance, "claim": claim, **body}
