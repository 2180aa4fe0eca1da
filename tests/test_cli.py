"""The CLI contract: JSON fields other tooling relies on, and one-line errors with exit status 2."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from verify.cli import EXIT_NOT_APPLICABLE, main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_maker_breaker_json(capsys):
    code, out, _ = run(capsys, "solve", "maker-breaker", str(EXAMPLES / "tic-tac-toe-3.txt"), "--json")
    data = json.loads(out)
    assert code == 0 and data["winner"] == "maker" and data["first"] == "maker"
    code, out, _ = run(capsys, "solve", "maker-breaker", str(EXAMPLES / "tic-tac-toe-3.txt"),
                       "--first", "breaker", "--json", "--method", "explicit")
    assert json.loads(out)["winner"] == "breaker"


def test_solve_impartial_json(capsys):
    for game, value in (("acv", 0), ("avd", 2), ("dst", 2), ("prv", 1)):
        code, out, _ = run(capsys, "solve", game, str(EXAMPLES / "sieben-ex-3.3.txt"), "--json")
        assert code == 0 and json.loads(out)["nim"] == value


def test_certificate_round_trip(tmp_path, capsys):
    cert = tmp_path / "c.json"
    code, out, _ = run(capsys, "solve", "maker-breaker", str(EXAMPLES / "fano.txt"), "--certificate", str(cert))
    assert code == 0 and "independent check" in out
    code, out, _ = run(capsys, "check", str(cert))
    assert code == 0 and "1 of 1 certificates verified" in out
    data = json.loads(cert.read_text())
    data["claim"]["verdict"]["winner"] = "breaker"
    cert.write_text(json.dumps(data))
    code, out, _ = run(capsys, "check", str(tmp_path), "--json")
    assert code == 1 and json.loads(out)["failed"] == 1


def test_family(tmp_path, capsys):
    out_file = tmp_path / "k.json"
    assert run(capsys, "family", "k-in-a-row", "5", "5", "4", "-o", str(out_file))[0] == 0
    assert len(json.loads(out_file.read_text())["edges"]) == 28
    code, out, _ = run(capsys, "family", "complete", "4", "2")
    assert code == 0 and out.count("\n") == 7


def test_undefined_game_is_an_error(tmp_path, capsys):
    f = tmp_path / "h.txt"
    f.write_text("vertices: a b\n")
    code, out, err = run(capsys, "solve", "acv", str(f), "--json")
    assert code == EXIT_NOT_APPLICABLE and "undefined" in err and err.count("\n") == 1


@pytest.mark.parametrize("argv, needle", [
    (["solve", "maker-breaker", "/nonexistent.txt"], "no such file"),
    (["solve", "chess", "EX/fano.txt"], "unknown game"),
    (["solve", "maker-breaker", "EX/fano.txt", "--method", "telepathy"], "no method"),
    (["family", "complete", "x"], "integers"),
    (["family", "complete", "2", "5"], "r <= n"),
    (["check", "/nonexistent"], "no such file"),
    (["solve", "acv", "BAD"], "malformed JSON"),
    (["check", "BAD"], "FAIL"),
])
def test_bad_input_one_line_exit_2(tmp_path, argv, needle):
    bad = tmp_path / "bad.json"
    bad.write_text('{"edges": [[')
    argv = [a.replace("EX", str(EXAMPLES)) if a != "BAD" else str(bad) for a in argv]
    proc = subprocess.run([sys.executable, "-m", "verify.cli", *argv], capture_output=True, text=True)
    assert "Traceback" not in proc.stderr
    if needle == "FAIL":  # a non-certificate file is a failed check (exit 1), not a crash
        assert proc.returncode == 1 and needle in proc.stdout
    else:
        assert proc.returncode == 2 and needle in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


def test_usage_error_exit_2(capsys):
    assert main(["solve"]) == 2


def test_an_error_out_of_an_interrupt_is_the_interrupt(capsys):
    """Native code (nauty) may turn Ctrl-C/SIGTERM into an error of its own: still no verdict, exit 130."""
    import verify.cli as cli
    cli._SIGNALLED[:] = [15]
    try:
        assert cli._report(TypeError("missing 'vertex_coloring' attribute")) == 130
        assert "interrupted (no verdict)" in capsys.readouterr().err
    finally:
        cli._SIGNALLED.clear()
    with pytest.raises(TypeError):  # without a signal, a bug is a bug
        cli._report(TypeError("a bug"))
