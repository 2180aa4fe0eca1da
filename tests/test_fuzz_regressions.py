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


def one_line(capsys, argv, code):
    """``main(argv)`` exits with ``code`` and one stderr line, no traceback; the line."""
    got = main(argv)
    err = capsys.readouterr().err
    assert got == code, err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    return err


def test_draw_too_many_vertices(capsys, tmp_path):
    """200,000 vertices and one edge: the spring layout fell into scipy (not a dependency) and crashed;
    now refused before any layout (limits.MAX_DRAW_VERTICES)."""
    f = tmp_path / "huge-names.json"
    f.write_text(json.dumps({"vertices": [str(i) for i in range(20_000)], "edges": [["0", "1"]]}))
    assert "MAX_DRAW_VERTICES" in one_line(capsys, ["draw", str(f), "-o", str(tmp_path / "o.svg")], 4)


def test_spring_layout_too_many_vertices(capsys, tmp_path):
    """Between the spring layout's cap (networkx needs scipy from 500 vertices) and the picture's."""
    f = tmp_path / "wide.json"
    names = [f"x{i}" for i in range(600)]
    f.write_text(json.dumps({"vertices": names, "edges": [names[:3], names[3:5]]}))
    assert "MAX_SPRING_LAYOUT_VERTICES" in one_line(capsys, ["draw", str(f), "-o", str(tmp_path / "o.svg")], 4)


def test_draw_position_with_an_empty_move(capsys, tmp_path):
    """``--position a,,b`` silently skipped the empty move and drew the position after ``a,b``."""
    f = tmp_path / "good.txt"
    f.write_text("a b\nb c\n")
    for pos in ("a,,b", "a,", ",a"):
        assert "empty" in one_error_line(capsys, ["draw", str(f), "-o", str(tmp_path / "o.svg"), "--position", pos])
    assert main(["draw", str(f), "-o", str(tmp_path / "o.svg"), "--position", "a, b"]) == 0


def test_encode_leaf_moves_with_an_empty_move(capsys, tmp_path):
    """``verify encode leaf --moves`` shares draw's move parser: an empty move is refused there too."""
    f = tmp_path / "good.txt"
    f.write_text("a b\nb c\n")
    assert "empty" in one_error_line(capsys, ["encode", "leaf", str(f), "--moves", "a,,b"])
