"""Replays every certified claim in proofs/ through the independent checker."""
from pathlib import Path

import pytest

from verify.certificates.checker import check_file

PROOFS = sorted((Path(__file__).resolve().parent.parent / "proofs").rglob("*.json"))


def test_catalogue_is_not_empty():
    assert len(PROOFS) >= 10


@pytest.mark.parametrize("path", PROOFS, ids=lambda p: str(p.relative_to(p.parents[1])))
def test_proof_replays(path):
    check_file(path)
