"""A researcher's own claims join the theorem catalogue (``verify theorems ... --claims FILE``,
``$VERIFY_CLAIMS``, ``verify.api.load_claims`` / ``check_theorems``): the example file's claims are
checked and reported, one holding and one refuted with a certificate ``verify check`` accepts; a file
that is missing, does not import, defines no claim or reuses a name is one line of error, exit 2."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from verify.certificates.checker import check_certificate
from verify.claims import registry
from verify.cli import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = str(ROOT / "examples" / "claims" / "my_claims.py")
TRUE, FALSE = "my-erdos-selfridge", "my-erdos-selfridge-equality"
SMALLEST = {"vertices": ["1", "2", "3", "4", "5"],
            "edges": [["1", "2", "3"], ["1", "2", "4"], ["1", "3", "5"], ["1", "4", "5"]]}


@pytest.fixture(autouse=True)
def scratch_registry(monkeypatch):
    """Every test loads into a copy of the catalogue: nothing a file registers outlives the test."""
    registry.all_claims()
    monkeypatch.setattr(registry, "_CLAIMS", dict(registry._CLAIMS))
    monkeypatch.setattr(registry, "_USER_FILES", {})
    monkeypatch.delenv(registry.CLAIMS_ENV, raising=False)
    return registry


def _file(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return str(path)


def test_the_example_files_claims_are_checked_and_reported(tmp_path, capsys):
    certs = tmp_path / "cx"
    assert main(["theorems", "check", "--claims", EXAMPLE, "--certificates", str(certs)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"ok   {TRUE} [Erdős–Selfridge 1973]: holds up to n=6 (")
    assert out[1].startswith(f"FAIL {FALSE} [my conjecture]: counterexample: {json.dumps(SMALLEST)}: statement "
                             'says "breaker wins", reference gives "maker wins" [certificate checked, written to ')
    assert out[2] == "2 claims: 1 hold, 1 counterexamples, 0 errors; UNEXPECTED RESULTS"
    # the certificate of the counterexample is accepted by `verify check` as it is
    written = certs / f"{FALSE}.json"
    assert [p.name for p in certs.iterdir()] == [written.name]
    assert main(["check", str(written)]) == 0
    assert "proves winner=maker" in capsys.readouterr().out


def test_json_rows_carry_the_file_and_the_certificate(capsys):
    assert main(["theorems", "check", FALSE, "--claims", EXAMPLE, "--json"]) == 1
    row = json.loads(capsys.readouterr().out)
    assert (row["name"], row["status"], row["expected"], row["file"]) == (FALSE, "counterexample", False, EXAMPLE)
    cx = row["counterexample"]
    assert cx["instance"] == SMALLEST and cx["actual"] == "maker wins"
    report = check_certificate(cx["certificate"])
    assert (report.question.game, report.verdict) == ("maker-breaker", {"winner": "maker"})


def test_own_claims_are_reported_with_the_built_in_ones(capsys):
    assert main(["theorems", "list", "--claims", EXAMPLE]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("000-prop-7.6 ") for line in lines)
    mine = [line for line in lines if line.startswith("my-")]
    assert len(mine) == 2 and all(line.endswith(f"[{EXAMPLE}]") for line in mine)
    assert lines[-1].endswith(" claims (2 from your files)")
    # a built-in claim and one of the file's, checked side by side
    assert main(["theorems", "check", "000-prop-7.6-corrected", TRUE, "--claims", EXAMPLE, "--max-n", "4"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("ok   000-prop-7.6-corrected ") and out[1].startswith(f"ok   {TRUE} ")
    assert out[2].endswith("all as expected")
    # --all takes the file's claims too (--paper narrows by source, here to the file's conjecture)
    assert main(["theorems", "check", "--all", "--paper", "my conj", "--claims", EXAMPLE, "--max-n", "5"]) == 1
    assert capsys.readouterr().out.startswith(f"FAIL {FALSE} [my conjecture]: counterexample: ")


def test_verify_claims_names_files_too(monkeypatch, capsys):
    monkeypatch.setenv(registry.CLAIMS_ENV, EXAMPLE)
    assert main(["theorems", "check", TRUE, "--max-n", "4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["file"] == EXAMPLE


def test_a_claim_of_a_file_that_crashes_is_that_claims_error(tmp_path, capsys):
    path = _file(tmp_path, "crash.py", '''
        from verify.claims.registry import claim

        @claim("vtest-crash", "me", "never checked to the end", instances=range)
        def crash(k):
            return None if k < 2 else {}["missing"]
    ''')
    assert main(["theorems", "check", "--claims", path, "--max-n", "5"]) == 1
    assert "FAIL vtest-crash [me]: error: " in capsys.readouterr().out


BAD = {
    "syntax": ("def broken(:\n", "does not import: SyntaxError: "),
    "raises": ("from verify.claims.registry import claim\n\n"
               "@claim('vtest-half', 'me', 'registered, then the file fails', instances=range)\n"
               "def half(k):\n    return None\n\nimport no_such_module_of_yours\n",
               "does not import: ModuleNotFoundError: No module named 'no_such_module_of_yours' (line 7)"),
    "empty": ("x = 1\n", "defines no claim"),
    "built-in": ("from verify.claims.registry import claim\n\n"
                 "@claim('000-prop-7.6', 'me', 'mine', instances=range)\n"
                 "def mine(k):\n    return None\n",
                 "claim name '000-prop-7.6' collides with a built-in claim [000 Prop 7.6]"),
    "twice": ("from verify.claims.registry import claim\n\n"
              "@claim('vtest-twice', 'me', 'one', instances=range)\n"
              "def one(k):\n    return None\n\n"
              "@claim('vtest-twice', 'me', 'two', instances=range)\n"
              "def two(k):\n    return None\n",
              "claim name 'vtest-twice' collides with another claim of the file"),
}


@pytest.mark.parametrize("case", ["missing", *BAD])
@pytest.mark.parametrize("command", ["check", "list"])
def test_a_bad_claims_file_is_one_line_exit_2(tmp_path, capsys, case, command):
    if case == "missing":
        path, why = str(tmp_path / "nowhere.py"), "no such claims file"
    else:
        text, why = BAD[case]
        path = _file(tmp_path, f"{case}.py", text)
    before = set(registry._CLAIMS)
    assert main(["theorems", command, "--claims", path]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.splitlines() == [captured.err.rstrip("\n")]   # one line
    assert captured.err.startswith(f"verify: error: {path}: ") and why in captured.err
    assert set(registry._CLAIMS) == before   # nothing half-registered
    assert registry.get_claim("000-prop-7.6").file is None


def test_no_traceback_from_the_command_line(tmp_path):
    path = _file(tmp_path, "syntax.py", "def broken(:\n")
    out = subprocess.run([sys.executable, "-m", "verify.cli", "theorems", "check", "--claims", path],
                         capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr == f"verify: error: {path}: does not import: SyntaxError: invalid syntax (line 1)\n"


def test_the_api_route(tmp_path):
    import verify
    from verify import api
    from verify.errors import InputError
    claims = api.load_claims(EXAMPLE)
    assert [c.name for c in claims] == [TRUE, FALSE] and {c.file for c in claims} == {EXAMPLE}
    assert api.load_claims(EXAMPLE) == claims                # loading again changes nothing
    names = [c.name for c in api.theorems(claims=EXAMPLE)]
    assert TRUE in names and FALSE in names and "000-prop-7.6" in names
    held, refuted = api.check_theorems(claims=EXAMPLE, size=5)
    assert (held.name, held.status) == (TRUE, "holds")
    assert (refuted.name, refuted.status) == (FALSE, "counterexample")
    assert refuted.counterexample["instance"] == SMALLEST
    assert verify.check(refuted.counterexample["certificate"]).verdict == {"winner": "maker"}
    [one] = api.check_theorems(FALSE, size=4)                # below the counterexample's size
    assert one.status == "holds"
    with pytest.raises(InputError, match="collides with a built-in claim"):
        api.load_claims(_file(tmp_path, "builtin.py", BAD["built-in"][0]))
    with pytest.raises(InputError, match="no such claims file"):
        api.check_theorems(claims=tmp_path / "nowhere.py")
