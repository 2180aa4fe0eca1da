"""``verify check --second-opinion``: both checkers must accept every committed certificate with the
same question and verdict (issue 31: CI requires both), a kind the second checker does not cover or a
certificate it refuses is a failure, and the second checker's process loads no kernel module."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from verify.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _both_accept(capsys, *folders) -> dict:
    assert main(["check", "--second-opinion", "--json", *(str(ROOT / "proofs" / f) for f in folders)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"]
    for row in out["results"]:
        assert row["second_opinion"]["status"] == "agree", row["path"]
        assert row["second_opinion"]["question"] == row["question"]
        assert row["second_opinion"]["verdict"] == row["verdict"]
    return out


def test_both_checkers_accept_the_catalogue_through_the_cli(capsys):
    """``verify check --second-opinion`` on a slice of proofs/ (every kind behind it: pg-proof,
    maker-breaker-strategy, maker-breaker-pairing, nim-labelling). The whole of proofs/ is checked
    by both in the set-up command (README) and kind by kind in tests/test_second_opinion*.py."""
    out = _both_accept(capsys, "maker-breaker", "impartial", "classical/tic-tac-toe-5x5-maker-first.json",
                       "classical/elly-3x3-race.json")
    assert out["checked"] >= 22


@pytest.mark.slow
def test_both_checkers_accept_every_committed_certificate(capsys):
    """The catalogue of proofs/ (90+ certificates), each accepted by the kernel and by the second
    opinion, which derives the same question and verdict."""
    assert main(["check", "--second-opinion", "--json", str(ROOT / "proofs")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["checked"] >= 90
    for row in out["results"]:
        assert row["second_opinion"]["status"] == "agree", row["path"]
        assert row["second_opinion"]["question"] == row["question"]
        assert row["second_opinion"]["verdict"] == row["verdict"]


def test_a_kind_the_second_opinion_does_not_cover_fails(tmp_path, capsys):
    """A certificate the kernel accepts but the second checker does not cover (a DRAT refutation)
    fails under --second-opinion, and passes without it."""
    from verify.formats.jsonfmt import hypergraph_from_json
    from verify.solvers import solve
    h = hypergraph_from_json({"vertices": ["a", "b", "c"], "edges": [["a", "b", "c"]]})
    from verify.games.maker_breaker import MakerBreakerGame
    cert = solve("maker-breaker", MakerBreakerGame(h, "maker"), "pairing", certificate=True).certificate
    path = tmp_path / "c.json"
    path.write_text(json.dumps(cert))
    assert main(["check", str(path)]) == 0
    capsys.readouterr()
    if cert["kind"] in ("maker-breaker-pairing", "maker-breaker-strategy", "pg-proof"):
        cert = dict(cert, kind="maker-breaker-strategy", strategy=[])  # a covered kind both refuse
        cert.pop("pairs", None)
        path.write_text(json.dumps(cert))
        assert main(["check", "--second-opinion", str(path)]) == 1
        out = capsys.readouterr().out
        assert out.startswith("FAIL") and "second opinion: refuses" in out


def test_uncovered_kind_is_a_failure(tmp_path, capsys):
    cert = json.loads((ROOT / "proofs/maker-breaker/fano-maker-first.json").read_text())
    path = tmp_path / "c.json"
    path.write_text(json.dumps(cert))
    assert main(["check", "--second-opinion", str(path)]) == 0
    capsys.readouterr()
    from verify.cli.check import disagreement
    from verify.certificates.checker import check_certificate
    report = check_certificate(cert)
    assert disagreement(report, {"status": "refused", "error": "kind 'x' is not covered"})
    other = dict(report.question.to_json(), first="breaker")
    assert disagreement(report, {"status": "agree", "question": other, "verdict": report.verdict})
    assert not disagreement(report, {"status": "agree", "question": report.question.to_json(),
                                     "verdict": report.verdict})


def test_the_second_opinion_process_loads_no_kernel_module():
    """Run as ``verify check --second-opinion`` runs it: only ``verify`` (a lazy namespace of three
    lines of code) and ``verify.second_opinion.*`` are imported."""
    code = ("import sys, runpy; sys.argv = ['x', '--json', sys.argv[1]]\n"
            "try:\n    runpy.run_module('verify.second_opinion', run_name='__main__')\n"
            "except SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('verify')))")
    cert = ROOT / "proofs/classical/ap-13-4-maker-first.json"
    out = subprocess.run([sys.executable, "-c", code, str(cert)], capture_output=True, text=True, cwd=ROOT,
                         check=True).stdout.strip().splitlines()
    assert json.loads(out[0])["status"] == "agree"
    loaded = eval(out[-1])  # a printed list of module names
    assert loaded and all(m == "verify" or m.startswith("verify.second_opinion") for m in loaded), loaded
