"""'verify sat' and the SAT/SMT methods through the command line; backend failures."""
from __future__ import annotations

import itertools
import json

import pytest

from verify.certificates.drat import check_drat
from verify.cli import EXIT_NOT_APPLICABLE, main
from verify.encode.dimacs import read_dimacs
from verify.encode.sat_backends import solve_cnf
from verify.errors import BackendError
from verify.families import chain_path, tic_tac_toe
from verify.formats import write_hypergraph


@pytest.fixture
def ttt3(tmp_path):
    p = tmp_path / "ttt3.txt"
    write_hypergraph(tic_tac_toe(3), p)
    return p


def test_no_pairing_certificate_round_trip(ttt3, tmp_path, capsys):
    cert, cnf, drat = tmp_path / "np.json", tmp_path / "p.cnf", tmp_path / "p.drat"
    assert main(["sat", "pairing", str(ttt3), "--certificate", str(cert), "--dimacs", str(cnf),
                 "--drat", str(drat)]) == 0
    out = capsys.readouterr().out
    assert "no pairing strategy exists" in out and "DRAT proof checked" in out
    assert json.loads(cert.read_text())["kind"] == "sat-unsat-drat"
    nv, cls = read_dimacs(cnf.read_text())
    assert not solve_cnf(nv, cls).sat
    check_drat(nv, cls, drat.read_text())  # the exported pair is checkable on its own
    assert main(["check", str(cert)]) == 0
    assert "1 of 1 certificates verified" in capsys.readouterr().out


def test_pairing_method(tmp_path, capsys, ttt3):
    p5 = tmp_path / "ttt5.txt"
    write_hypergraph(tic_tac_toe(5), p5)
    assert main(["solve", "maker-breaker", str(p5), "--method", "pairing", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["winner"] == "breaker" and out["method"] == "pairing"
    assert main(["solve", "maker-breaker", str(ttt3), "--method", "pairing"]) == EXIT_NOT_APPLICABLE
    assert "no pairing strategy exists" in capsys.readouterr().err


def test_structures_and_errors(tmp_path, capsys):
    p = tmp_path / "chain.txt"
    write_hypergraph(chain_path(3).mark("1", "7", "4"), p)
    assert main(["sat", "chain", str(p), "1", "7", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["exists"] and len(out["witness"]) == 3
    cert = tmp_path / "nn.json"
    assert main(["sat", "nunchaku", str(p), "1", "7", "--certificate", str(cert)]) == 0
    assert "no nunchaku exists" in capsys.readouterr().out
    assert main(["check", str(cert)]) == 0
    capsys.readouterr()
    for bad in (["sat", "chain", str(p), "1"], ["sat", "chain", str(p), "1", "zz"],
                ["sat", "pairing", str(p), "1"], ["sat", "chain", str(p), "1", "7", "--backend", "nope"]):
        assert main(bad) == 2
        err = capsys.readouterr().err
        assert err.startswith("verify: error:") and len(err.strip().splitlines()) == 1


def test_nim_methods_cli(ttt3, tmp_path, capsys):
    cert = tmp_path / "acv.json"
    for method in ("sat", "smt"):
        assert main(["solve", "acv", str(ttt3), "--method", method, "--certificate", str(cert)]) == 0
        assert "nim(ACV) = 1" in capsys.readouterr().out


def test_timeout_is_a_backend_error():
    n = 11
    var = lambda p, h: p * n + h + 1  # noqa: E731
    cls = [tuple(var(p, h) for h in range(n)) for p in range(n + 1)]
    cls += [(-var(p, h), -var(q, h)) for h in range(n) for p, q in itertools.combinations(range(n + 1), 2)]
    with pytest.raises(BackendError, match="without an answer"):
        solve_cnf((n + 1) * n, cls, timeout=0.05)
