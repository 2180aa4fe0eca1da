"""The encodings corpus: the manifest's expected answers (from the explicit search) against every
QBF engine, reading the committed files back (fast slice by default, the rest slow)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from verify.corpus import build_corpus, standard_questions
from verify.encode.qbf.backends import ENGINES, solve_prenex
from verify.encode.qbf.qcir import from_qcir
from verify.encode.qbf.qdimacs import from_qdimacs

ROOT = Path(__file__).resolve().parents[1] / "encodings"
MANIFEST = json.loads((ROOT / "manifest.json").read_text()) if (ROOT / "manifest.json").exists() else None
needs_corpus = pytest.mark.skipif(MANIFEST is None, reason="encodings/ not generated")


def _qbf_entries(small: bool, one_hot: bool | None = True):
    """QBF entries: one_hot True = the one-hot encoding's files, False = the other encodings',
    None = all."""
    if MANIFEST is None:
        return []
    rows = [e for e in MANIFEST["entries"] if _kind(e) in ("qdimacs", "qcir")
            and (one_hot is None or (e["format"] in ("qdimacs", "qcir")) == one_hot)]
    return [e for e in rows if (not e["slow"] and e["size"]["variables"] <= 150) == small]


def _kind(e) -> str:
    """qdimacs / qcir / pg / ... (formats of other encodings are named "<kind>-<encoding>")."""
    return e["format"].split("-")[0]


def _read(e):
    text = (ROOT / e["file"]).read_text()
    return from_qdimacs(text, e["file"]) if _kind(e) == "qdimacs" else from_qcir(text, e["file"])


@needs_corpus
@pytest.mark.parametrize("engine", ENGINES)
def test_every_engine_agrees_with_manifest_small(engine):
    for e in _qbf_entries(True):
        if engine in ("z3", "qute") and e["size"]["variables"] > 100:
            continue  # slower engines: their larger entries run in the slow test
        assert solve_prenex(_read(e), engine, timeout=60).value == e["expected"], (engine, e["file"])


@needs_corpus
@pytest.mark.parametrize("engine", ["depqbf"])
def test_other_encodings_agree_with_manifest_small(engine):
    """The binary, implicit and lifted encodings' files (one engine by default, all in the slow test;
    the lifted files on CAQE by default: DepQBF needs 16 s on the lifted 3×3 Hex board)."""
    for e in _qbf_entries(True, one_hot=False):
        by = "caqe" if "lifted" in e["format"] else engine
        assert solve_prenex(_read(e), by, timeout=60).value == e["expected"], (by, e["file"])


@needs_corpus
@pytest.mark.slow
@pytest.mark.parametrize("engine", ENGINES)
def test_every_engine_agrees_with_manifest_rest(engine):
    rest = [e for e in _qbf_entries(True) if e["size"]["variables"] > 100]
    if engine != "depqbf":
        rest += _qbf_entries(True, one_hot=False)
    for e in _qbf_entries(False, one_hot=None) + rest:
        assert solve_prenex(_read(e), engine, timeout=600).value == e["expected"], (engine, e["file"])


@needs_corpus
def test_committed_corpus_is_reproducible(tmp_path):
    manifest = build_corpus(tmp_path)
    ours = [e for e in MANIFEST["entries"] if _kind(e) in ("qdimacs", "qcir", "pg")]
    assert manifest["entries"] == ours
    for e in manifest["entries"]:
        assert (tmp_path / e["file"]).read_text() == (ROOT / e["file"]).read_text(), e["file"]


def test_manifest_expectations_cover_both_answers():
    qs = [q for q in standard_questions() if not q.slow]
    assert {q.expected for q in qs} == {True, False}
    assert not (ROOT / "__init__.py").exists()
