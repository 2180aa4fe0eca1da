"""Replays every certified claim in proofs/ through the independent checker, and confirms each
answers the question proofs/QUESTIONS names (``verify check --instance --first --expect``)."""
from pathlib import Path

import pytest

from verify.certificates.checker import check_file
from verify.cli import main

ROOT = Path(__file__).resolve().parent.parent
# proofs/hex-hein/*.json are written by proofs/make.sh from the shared puzzle files and kept out of
# git (`verify check proofs/hex-hein` re-verifies them); so are the certificates over 1 MB that make.sh
# writes into proofs/large/; only the committed catalogue is replayed here
PROOFS = sorted(p for p in (ROOT / "proofs").rglob("*.json") if not {"hex-hein", "large"} & set(p.parts))
QUESTIONS = [line.split() for line in (ROOT / "proofs/QUESTIONS").read_text().splitlines()
             if line.strip() and not line.startswith("#")]


def test_catalogue_is_not_empty():
    assert len(PROOFS) >= 10


def test_every_proof_names_its_question():
    named = [ROOT / "proofs" / row[0] for row in QUESTIONS]
    assert sorted(named) == PROOFS
    assert all(len(row) == 4 or len(row) == 5 and row[4].startswith(("rounds=", "bias=")) for row in QUESTIONS)


def _bound(row) -> list[str]:
    """The ``--rounds B`` of a bounded question (a fifth column ``rounds=B``), the ``--bias P:Q`` of
    a biased positional game (``bias=P:Q``), else nothing."""
    if len(row) < 5:
        return []
    key, value = row[4].split("=", 1)
    return [f"--{key}", value]


def _slow_if_large(path: Path, *values):
    """A test case, in the slow suite when its certificate is over 600 KB (seconds to check: a race
    certificate's must-play regions hold every free cell of the second player's open sets)."""
    marks = [pytest.mark.slow] if path.stat().st_size > 600_000 else []
    return pytest.param(*values, marks=marks, id=str(path.relative_to(path.parents[1])))


@pytest.mark.parametrize("path", [_slow_if_large(p, p) for p in PROOFS])
def test_proof_replays(path):
    check_file(path)


@pytest.mark.parametrize("row", [_slow_if_large(ROOT / "proofs" / row[0], row) for row in QUESTIONS])
def test_proof_answers_its_question(row, capsys):
    cert, instance, first, expect = row[:4]
    args = ["check", str(ROOT / "proofs" / cert), "--instance", str(ROOT / instance), "--expect", expect] + _bound(row)
    assert main(args + ([] if first == "-" else ["--first", first])) == 0, capsys.readouterr().out
    # the same certificate is not an answer to the other starter's question, nor to another verdict
    if first != "-":
        other = {"maker": "breaker", "breaker": "maker", "avoider": "enforcer", "enforcer": "avoider"}[first]
        assert main(args + ["--first", other]) == 1
    # nor to the question with another bound, or with none
    if len(row) == 5 and row[4].startswith("bias="):
        assert main(args[:-2]) == 1  # the unbiased game is another question
    if len(row) == 5 and row[4].startswith("rounds="):
        bound = int(row[4].split("=", 1)[1])
        assert main(args[:-2] + ["--rounds", str(bound + 1)]) == 1
        assert main(args[:-2]) == 1
    wrong = {"maker": "breaker", "breaker": "maker", "avoider": "enforcer", "enforcer": "avoider",
             "first": "second", "second": "first"}.get(expect, "nim=99")
    assert main(["check", str(ROOT / "proofs" / cert), "--expect", wrong]) == 1
