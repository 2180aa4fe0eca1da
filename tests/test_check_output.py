"""Honest output of ``verify check`` (issue 31, deliverable 6): names and quoted text are escaped
(a file name cannot make a failing certificate look verified), every file's verdict is unambiguous
in text and in ``--json``, and an option the question does not take is an error, not ignored."""
import json
import os
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from verify.certificates.cnf import pairing_cnf, refutation_verdict
from verify.certificates.drat import drat_certificate
from verify.cli import main
from verify.cli.check import shown
from verify.formats import write_hypergraph
from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import Hypergraph

ROOT = Path(__file__).resolve().parent.parent
GOOD = ROOT / "proofs/impartial/fano-acv.json"  # proves nim=1 for acv on examples/fano.txt
RACE = ROOT / "proofs/classical/elly-3x3-race.json"  # a pg-proof (a .pg question: no first player)
RACE_PG = ROOT / "examples/classical/elly-3x3-race.pg"
TTT = ROOT / "proofs/classical/tic-tac-toe-3x3-maker-first.json"  # a pg-proof

# what a forger puts in a file name: erase the line, return the carriage, write a success; CSI,
# backspace, bidi overrides and isolates, zero-width and other C0/C1 controls, a line separator
FORGED_NAMES = [
    "bad.json\x1b[2K\rok    good.json: nim-labelling proves nim=1\n1 of 1 certificates verified\x1b[8m.json",
    "x\x9b2K\x9b1Gok    y\x08\x08\x08\x08.json",
    "\u202eok    nosj.json",
    "a\u2066b\u2069\u200b\u2028\x01\x7f\x85\x1b]0;title\x07.json",
]


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def invisible(text: str) -> list[str]:
    """The control and format characters in ``text`` (newlines between lines excepted)."""
    return [c for c in text if c != "\n" and unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp")]


def forged(path: Path) -> Path:
    """A copy of GOOD at ``path`` whose claim is false (nim=2): it must FAIL."""
    data = json.loads(GOOD.read_text())
    data["claim"]["verdict"] = {"nim": 2}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data))
    return path


# -- the escaping function --------------------------------------------------------------------------

@pytest.mark.parametrize("text, want", [
    ("proofs/fano.json", "proofs/fano.json"),
    ("é → ✓ 😀 …", "é → ✓ 😀 …"),
    ("a\x1b[2Kb", "a\\x1b[2Kb"),
    ("a\rb\nc\td\x08", "a\\rb\\nc\\td\\x08"),
    ("\x9b\x85\x00\x7f", "\\x9b\\x85\\x00\\x7f"),
    ("\u202e\u2066\u200b\ufeff\u2028", "\\u202e\\u2066\\u200b\\ufeff\\u2028"),
    ("bad\udcff.json", "bad\\udcff.json"),
])
def test_shown(text, want):
    assert shown(text) == want and shown(want) == want and not invisible(shown(text))


def test_every_non_printable_character_is_escaped():
    every = "".join(map(chr, [*range(0x00, 0x100), *range(0x2000, 0x2070), 0xFEFF, 0xD800, 0xDCFF, 0xE0001]))
    assert not invisible(shown(every)) and shown(every).isprintable()


# -- a forged name cannot make a failure look like a success ---------------------------------------------------------

def test_forged_names_in_a_folder(tmp_path, capsys):
    folder = tmp_path / "certs\x1b[2K"
    for name in FORGED_NAMES:
        forged(folder / name)
    shutil.copy(GOOD, folder / "ok\x1b[31m.json")
    code, out, err = run(capsys, "check", folder)
    assert code == 1
    assert not invisible(out) and not invisible(err)
    lines = out.splitlines()
    verdicts = [line for line in lines if not line.startswith(" ")]
    assert sum(line.startswith("FAIL  ") for line in verdicts) == len(FORGED_NAMES)
    assert sum(line.startswith("ok    ") for line in verdicts) == 1
    assert lines[-1] == f"1 of {len(FORGED_NAMES) + 1} certificates verified; {len(FORGED_NAMES)} FAILED"
    assert "\\x1b[2K\\rok    good.json" in out and "certs\\x1b[2K" in out
    # the failures are also named on stderr, in one line, for a reader who redirects stdout
    assert err.count("\n") == 1 and err.startswith(f"verify check: {len(FORGED_NAMES)} of {len(FORGED_NAMES) + 1} "
                                                   "certificates FAILED: ")


def test_forged_name_alone_exits_1(tmp_path, capsys):
    path = forged(tmp_path / FORGED_NAMES[0])
    code, out, err = run(capsys, "check", tmp_path)
    assert code == 1 and not invisible(out + err)
    assert out.startswith(f"FAIL  {shown(path)}: ") and out.endswith("\n0 of 1 certificates verified; 1 FAILED\n")
    assert "1 of 1 certificates verified" not in out.replace("\\n1 of 1", "")
    code, out, err = run(capsys, "check", path)  # the file named on the command line: the same
    assert code == 1 and out.startswith("FAIL  ") and not invisible(out + err)


def test_undecodable_name_in_a_real_terminal_stream(tmp_path):
    """A file name that is not UTF-8 (a lone surrogate in Python) was a UnicodeEncodeError away from
    a traceback; a subprocess sees the bytes actually written."""
    name = os.fsdecode(b"bad\xff\x1b[2K.json")
    forged(tmp_path / name)
    proc = subprocess.run([sys.executable, "-m", "verify.cli", "check", str(tmp_path)], capture_output=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8"})
    out, err = proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")
    assert proc.returncode == 1 and "Traceback" not in err and not invisible(out + err)
    assert out.startswith("FAIL  ") and "bad\\udcff\\x1b[2K.json" in out


def test_quoted_certificate_text_is_escaped(tmp_path, capsys):
    data = json.loads(GOOD.read_text())
    data["claim"]["verdict"] = {"nim\x1b[2K\rok": 1, "\u202e": "\x9b"}
    (tmp_path / "c.json").write_text(json.dumps(data))
    code, out, err = run(capsys, "check", tmp_path)
    assert code == 1 and out.startswith("FAIL  ") and not invisible(out + err)
    code, out, err = run(capsys, "check", tmp_path, "--json")
    assert code == 1 and not invisible(out + err)
    row = json.loads(out)["results"][0]
    assert not invisible(row["error"]) and row["status"] == "fail"


def test_error_lines_are_escaped(tmp_path, capsys):
    code, out, err = run(capsys, "check", tmp_path / "missing\x1b[2K\rok.json")
    assert code == 2 and out == "" and err.count("\n") == 1 and not invisible(err) and "\\x1b[2K" in err
    code, out, err = run(capsys, "check", GOOD, "--instance", tmp_path / "no\u202eboard.txt")
    assert code == 2 and err.count("\n") == 1 and not invisible(out + err) and "\\u202e" in err


def test_instance_name_is_escaped(tmp_path, capsys):
    board = tmp_path / "fano\x1b[8m.txt"
    shutil.copy(ROOT / "examples/fano.txt", board)
    code, out, err = run(capsys, "check", GOOD, "--instance", board, "--expect", "nim=1")
    assert code == 0 and not invisible(out + err) and "matches the question" in out and "fano\\x1b[8m.txt" in out


# -- the verdict of each file is unambiguous ---------------------------------------------------------

def test_good_files_print_as_before(capsys):
    code, out, err = run(capsys, "check", TTT, GOOD)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"ok    {TTT}: pg-proof proves winner=maker"
    assert lines[3] == f"ok    {GOOD}: nim-labelling proves nim=1"
    assert lines[-1] == "2 of 2 certificates verified" and len(lines) == 7
    code, out, err = run(capsys, "check", GOOD, "--instance", ROOT / "examples/fano.txt", "--expect", "nim=1")
    assert code == 0 and err == "" and out.splitlines()[-2:] == [
        f"      matches the question {ROOT / 'examples/fano.txt'} poses", "1 of 1 certificates verified and matching"]


def test_mismatch_is_a_fail_line(capsys):
    code, out, err = run(capsys, "check", GOOD, "--expect", "nim=2")
    assert code == 1 and out.startswith(f"FAIL  {GOOD}: ") and "not the expected nim=2" in out
    assert out.endswith("0 of 1 certificates verified and matching; 1 FAILED\n")
    assert err == f"verify check: 1 of 1 certificates FAILED: {GOOD}\n"


def test_json_verdicts(tmp_path, capsys):
    shutil.copy(GOOD, tmp_path / "good.json")
    forged(tmp_path / "bad\x1b[2K\rok.json")
    (tmp_path / "junk.json").write_text("{")
    code, out, _ = run(capsys, "check", tmp_path, "--json")
    data = json.loads(out)
    assert code == 1 and not invisible(out)
    assert (data["ok"], data["checked"], data["verified"], data["failed"]) == (False, 3, 1, 2)
    rows = {row["path"]: row for row in data["results"]}
    assert set(rows) == {str(tmp_path / "good.json"), str(tmp_path) + "/bad\\x1b[2K\\rok.json",
                         str(tmp_path / "junk.json")}
    for row in data["results"]:
        assert row["status"] in ("ok", "fail") and row["ok"] is (row["status"] == "ok")
        assert ("error" in row) is (not row["ok"])
    assert rows[str(tmp_path / "good.json")]["status"] == "ok"
    code, out, _ = run(capsys, "check", GOOD, "--json")
    data = json.loads(out)
    assert code == 0 and data["ok"] is True and (data["checked"], data["verified"], data["failed"]) == (1, 1, 0)
    assert data["results"][0]["status"] == "ok" and data["results"][0]["verdict"] == {"nim": 1}


def test_many_failures_are_counted_and_listed_briefly(tmp_path, capsys):
    for i in range(13):
        forged(tmp_path / f"bad{i:02d}.json")
    code, out, err = run(capsys, "check", tmp_path)
    assert code == 1 and out.count("\nFAIL  ") + out.startswith("FAIL  ") == 13
    assert err.count("\n") == 1 and err.rstrip().endswith("bad09.json and 3 more")


# -- an option the question does not take is an error ------------------------------------------------------

def _usage_error(capsys, *argv, needle):
    code, out, err = run(capsys, "check", *argv)
    assert code == 2 and err.count("\n") == 1 and needle in err and "Traceback" not in err, (out, err)
    assert "certificates verified" not in out


@pytest.mark.parametrize("first", ["maker", "breaker"])
def test_first_on_a_pg_question_is_refused(capsys, first):
    _usage_error(capsys, RACE, "--instance", RACE_PG, "--first", first, "--expect", "draw",
                 needle="--first does not apply")
    code, out, _ = run(capsys, "check", RACE, "--instance", RACE_PG, "--expect", "draw")  # without it: fine
    assert code == 0 and out.startswith("ok    ")


def test_rounds_on_a_pg_question_is_refused(capsys):
    _usage_error(capsys, RACE, "--instance", RACE_PG, "--rounds", "3", needle="--rounds does not apply")


def test_first_and_rounds_on_an_impartial_question_are_refused(capsys):
    fano = ROOT / "examples/fano.txt"
    _usage_error(capsys, GOOD, "--instance", fano, "--first", "maker", needle="--first does not apply")
    _usage_error(capsys, GOOD, "--instance", fano, "--rounds", "2", needle="--rounds does not apply")


def test_first_and_rounds_on_a_drat_refutation_are_refused(tmp_path, capsys):
    h = Hypergraph([["a", "b"], ["a", "c"], ["b", "c"]])  # no pairing: unit propagation refutes it
    cnf = pairing_cnf(h, 0)
    cert = drat_certificate(MakerBreakerGame(h, "maker"), refutation_verdict("no-pairing"), cnf.nvars,
                            cnf.clauses, "0\n")
    path, board = tmp_path / "np.json", tmp_path / "tri.txt"
    path.write_text(json.dumps(cert))
    write_hypergraph(h, board)
    code, out, _ = run(capsys, "check", path, "--instance", board)
    assert code == 0 and out.startswith(f"ok    {path}: sat-unsat-drat proves")
    for first in ("maker", "breaker"):
        _usage_error(capsys, path, "--instance", board, "--first", first, needle="--first does not apply")
    _usage_error(capsys, path, "--instance", board, "--rounds", "1", needle="--rounds does not apply")


def test_first_on_a_maker_breaker_game_still_applies(capsys):
    ttt = ROOT / "examples/tic-tac-toe-3.txt"
    assert run(capsys, "check", TTT, "--instance", ttt, "--first", "maker", "--expect", "maker")[0] == 0
    code, out, _ = run(capsys, "check", TTT, "--instance", ttt, "--first", "breaker")
    assert code == 1 and out.startswith("FAIL  ")


def test_help_documents_the_output(capsys):
    code, out, _ = run(capsys, "check", "-h")
    assert code == 0
    assert "grep '^FAIL'" in out and "stderr" in out and '"status"' in out
