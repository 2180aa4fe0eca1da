"""What every paper's claims share: hypotheses that refuse an instance, and parities.

A claim checked on an instance outside its hypotheses does not fail: it refuses the instance with an
:class:`~verify.errors.NotApplicable` error naming the claim and the hypothesis (:func:`require`).
"""
from __future__ import annotations

from ..errors import NotApplicable


def require(ok: bool, claim: str, hypothesis: str) -> None:
    """Refuse an instance on which the claim's hypothesis fails (:class:`NotApplicable`)."""
    if not ok:
        raise NotApplicable(f"{claim} does not apply: hypothesis not satisfied: {hypothesis}")


def parity(x: int) -> int:
    """pty(x) of an integer: x mod 2."""
    return x & 1


def size_parity(mask: int) -> int:
    """pty(P) of a set given as a bitmask: |P| mod 2."""
    return mask.bit_count() & 1
