"""The SAT/SMT corpus entries: each file parses and a solver gives the recorded answer."""
from __future__ import annotations

import json

import pytest

from verify.encode.dimacs import read_dimacs
from verify.encode.sat_backends import solve_cnf
from verify.corpus.sat import entries, nim_entries, structure_entries, write_corpus
from verify.encode.smt_backends import solve_smt2


@pytest.fixture(scope="module")
def light():
    """The entries that are cheap to build and solve (no pairing refutations, no hypergraph NIM)."""
    return structure_entries() + [e for e in nim_entries() if "fano" in e.name]


def _answers_match(items):
    kinds = set()
    for e in items:
        if e.format == "dimacs":
            nv, cls = read_dimacs(e.text)
            answer = "sat" if solve_cnf(nv, cls).sat else "unsat"
        else:
            values, _ = solve_smt2(e.text, [])
            answer = "sat" if values is not None else "unsat"
        assert answer == e.expected, e.name
        kinds.add((e.format, e.expected))
    assert kinds == {("dimacs", "sat"), ("dimacs", "unsat"), ("smt2", "sat"), ("smt2", "unsat")}


def test_answers_match(light):
    _answers_match(light)


@pytest.mark.slow
def test_all_answers_match():
    _answers_match(entries())


def test_write_manifest(tmp_path, light):
    rows = write_corpus(tmp_path, light)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest == rows and len(rows) == len(light)
    assert all((tmp_path / r["file"]).exists() and r["why"] for r in rows)
    assert len({r["file"] for r in rows}) == len(rows)
