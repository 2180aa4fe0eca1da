"""Regressions found by the outside-in CLI fuzz (``bench/fuzz_cli.py --bad-input``): each input
below ended in a Python traceback; bad input must end in one clear line on stderr and exit 2
(docs/development.md)."""
from __future__ import annotations

import json

from verify.cli import main


def one_error_line(capsys, argv):
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return err


def test_family_unwritable_output(capsys, tmp_path):
    out = tmp_path / "no-such-dir" / "x.txt"
    assert "cannot write" in one_error_line(capsys, ["family", "ap", "5", "3", "-o", str(out)])


def test_family_race_unwritable_output(capsys, tmp_path):
    out = tmp_path / "no-such-dir" / "x.pg"
    assert "cannot write" in one_error_line(capsys, ["family", "ap", "5", "3", "--race", "-o", str(out)])


def test_draw_json_not_utf8(capsys, tmp_path):
    f = tmp_path / "garbage.json"
    f.write_bytes(b"\xff\xfe\x00{" + bytes(range(256)))
    assert "UTF-8" in one_error_line(capsys, ["draw", str(f), "-o", str(tmp_path / "out.svg")])


def test_hunt_conjecture_file_not_utf8(capsys, tmp_path):
    f = tmp_path / "garbage.py"
    f.write_bytes(b"\xc5\xff\x00" * 10)
    assert "UTF-8" in one_error_line(capsys, ["hunt", "--conjectures", str(f), "x"])


def test_draw_board_without_vertices(capsys, tmp_path):
    """``{}`` is a JSON hypergraph with no vertex (the solvers accept it); drawing it crashed in min()."""
    f = tmp_path / "empty.json"
    f.write_text(json.dumps({}))
    out = tmp_path / "out.svg"
    assert main(["draw", str(f), "-o", str(out)]) == 0
    assert out.exists()
