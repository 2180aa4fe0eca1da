"""The theorem catalogue (all papers) at CI sizes, and the `verify theorems` CLI."""
from __future__ import annotations

import json

import pytest

from verify.claims import registry
from verify.claims.registry import expected
from verify.cli import EXIT_NOT_APPLICABLE, main

ALL = registry.all_claims()


@pytest.mark.parametrize("name", [c.name for c in ALL])
def test_claim_as_catalogued(name):
    """Every claim of every paper at its default size: holds, or (known erratum) shows its counterexample."""
    claim = registry.get_claim(name)
    report = registry.check_claim(claim)
    assert expected(claim, report), report.to_json()


@pytest.mark.slow
@pytest.mark.parametrize("name", [c.name for c in ALL if c.slow_size is not None])
def test_claim_as_catalogued_slow(name):
    claim = registry.get_claim(name)
    report = registry.check_claim(claim, claim.slow_size)
    assert expected(claim, report), report.to_json()


def test_every_claim_is_well_formed():
    names = set()
    for c in ALL:
        assert c.name not in names
        names.add(c.name)
        assert c.source[:3] in ("000", "001", "002", "003", "004") or c.source.startswith(("core", "classical"))
        assert c.statement
        if c.corrects:
            assert registry.get_claim(c.corrects).erratum, f"{c.name} corrects a claim with no erratum"


def test_cli_all_paper000_json(capsys):
    assert main(["theorems", "check", "--all", "--paper", "000", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == len([c for c in ALL if c.source.startswith("000")])
    for r in rows:
        assert {"name", "source", "status", "size", "expected"} <= set(r)
        assert r["status"] in ("holds", "counterexample")
        if r["status"] == "counterexample":
            assert "counterexample" in r and "erratum" in r


def test_cli_list(capsys):
    assert main(["theorems", "list"]) == 0
    out = capsys.readouterr().out
    assert "000-prop-3.6-prv" in out and f"{len(ALL)} claims" in out
    assert main(["theorems", "list", "--json", "--paper", "000"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert all(r["source"].startswith("000") for r in rows)


def test_cli_bad_input(capsys, tmp_path):
    assert main(["theorems", "check", "no-such-claim"]) == 2
    assert main(["theorems", "check", "000-prop-3.15", "--max-n", "-1"]) == 2
    assert main(["theorems", "check"]) == 2
    assert main(["theorems", "check", "--all", "000-prop-3.15"]) == 2
    assert main(["theorems", "list", "--paper", "999"]) == 2
    capsys.readouterr()
    # a user instance outside the hypotheses is refused, naming the hypothesis
    f = tmp_path / "h.txt"
    f.write_text("1 2\n2 3 4\n")
    assert main(["theorems", "check", "000-prop-3.15", "--instance", str(f)]) == EXIT_NOT_APPLICABLE
    assert "every maximal stable set of H has the same parity" in capsys.readouterr().err
    assert main(["theorems", "check", "000-ex-3.2-complete-acv", "--instance", str(f)]) == EXIT_NOT_APPLICABLE
    assert "K_n^r" in capsys.readouterr().err


def test_cli_instance(capsys, tmp_path):
    f = tmp_path / "h.txt"
    f.write_text("1 3\n2 3\n")
    assert main(["theorems", "check", "000-prop-7.6-corrected", "--instance", str(f)]) == 0
    assert "holds" in capsys.readouterr().out
    # the printed Prop 7.6 fails on its smallest counterexample: a known erratum, so exit 0
    assert main(["theorems", "check", "000-prop-7.6", "--instance", str(f), "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["status"] == "counterexample"
    assert row["counterexample"]["expected"] == {"nim(AVD)": 3}
    assert row["counterexample"]["actual"] == {"nim(AVD)": 2}


def test_small_size_holds_for_erratum_is_not_a_failure(capsys):
    # Prop 7.6's counterexample has 3 vertices: at n <= 2 the printed statement holds
    assert main(["theorems", "check", "000-prop-7.6", "--max-n", "2"]) == 0
    assert "holds up to n=2" in capsys.readouterr().out


def test_cli_instance_kinds(capsys, tmp_path):
    f = tmp_path / "h.txt"
    f.write_text("a b\nb c\n")
    assert main(["theorems", "check", "000-ex-3.3", "--instance", str(f)]) == 2
    assert "does not take an instance" in capsys.readouterr().err
    convex = [c for c in ALL if "instance:convex" in c.tags]
    if convex:  # a convex-geometry claim reads a JSON object; a hypergraph text file is bad input
        assert main(["theorems", "check", convex[0].name, "--instance", str(f)]) == 2
