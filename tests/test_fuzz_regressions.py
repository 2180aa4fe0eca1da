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


def _chain(tmp_path, triples=5000):
    """The fuzz's huge board: a chain of triples v_i v_{i+1} v_{i+2} (5,002 vertices)."""
    f = tmp_path / "huge.txt"
    f.write_text("\n".join(f"v{i} v{i + 1} v{i + 2}" for i in range(triples)) + "\n")
    return str(f)


def test_positional_search_refuses_a_huge_board(capsys, tmp_path):
    """auto chose the convention search, which built nauty's automorphism group of 5,002 vertices
    (20 s) before a search that never ends; now refused first (limits.MAX_BOARD_VERTICES)."""
    f = _chain(tmp_path)
    for argv in (["solve", "avoider-enforcer", f], ["solve", "avoider-avoider", f],
                 ["solve", "avoider-enforcer", f, "--method", "search"],
                 ["threshold", "avoider-enforcer", f]):
        assert "MAX_BOARD_VERTICES" in one_line(capsys, argv, 4)
    # auto still answers a huge board where a method can: Avoider's pairing (Prop I.1.21, odd board)
    assert main(["solve", "avoider-enforcer", _chain(tmp_path, 499)]) == 0
    assert "pairing" in capsys.readouterr().out


def test_timeout_holds_on_the_positional_search(capsys, tmp_path):
    """``--timeout 5`` on the huge board stopped after 26 s (nauty's native call is not interrupted
    by the alarm); on a board the search takes, the timeout holds to within a second or two."""
    import time
    t0 = time.perf_counter()
    one_line(capsys, ["solve", "avoider-enforcer", _chain(tmp_path), "--timeout", "5"], 4)
    assert time.perf_counter() - t0 < 5
    f = tmp_path / "grid.txt"  # the rows and columns of an 8x8 grid: 64 vertices, no answer in 1 s
    f.write_text("\n".join(" ".join(f"c{r}.{c}" for c in range(8)) for r in range(8)) + "\n"
                 + "\n".join(" ".join(f"c{r}.{c}" for r in range(8)) for c in range(8)) + "\n")
    t0 = time.perf_counter()
    assert "undecided within 1 s" in one_line(capsys, ["solve", "avoider-avoider", str(f), "--timeout", "1"], 3)
    assert time.perf_counter() - t0 < 1 + 2


def test_impartial_structure_refuses_a_huge_board(capsys, tmp_path):
    """ACV/AVD built Tr(H) of 5,000 triples by Berge's method, DST/PRV a diagram of 5,000-bit
    classes, for hours; now each stops at its work cap, in a few seconds at most."""
    f = _chain(tmp_path)
    assert "MAX_TRANSVERSAL_WORK" in one_line(capsys, ["solve", "acv", f], 4)
    assert "MAX_STRUCTURE_INCIDENCES" in one_line(capsys, ["solve", "dst", f], 4)


def test_family_of_an_absurd_size(capsys):
    """``family tic-tac-toe 100000`` made 10^10 cell names before the board's size was checked."""
    for argv in (["family", "tic-tac-toe", "100000"], ["family", "complete", "999999999", "500000000"],
                 ["family", "graph", "clique", "500000000", "999999999"], ["family", "rank3-tree", "999999999"]):
        assert "MAX_HYPERGRAPH_MASK_BITS" in one_line(capsys, argv, 4)
    assert main(["family", "tic-tac-toe", "3"]) == 0


def _chain_masks(triples: int) -> list[int]:
    return [0b111 << 2 * i for i in range(triples)]


def test_nauty_is_not_called_beyond_its_cap():
    """limits.MAX_NAUTY_VERTICES: nauty (native code, no deadline stops it) took 4.4 s on a chain of
    2,000 triples and minutes on 5,000 (``--method qbf`` ignored SIGTERM for two minutes). Beyond
    the cap the QBF symmetry breaking keeps every cell, the search merges no states, and a
    canonical key is TooLarge, at once."""
    import time

    import pytest

    from verify import limits
    from verify.encode.qbf.symmetry import orbit_representatives
    from verify.errors import TooLarge
    from verify.isomorphism import canonical_key_masks
    k = limits.MAX_NAUTY_VERTICES // 2  # 3k + 1 incidence vertices: beyond the cap
    t0 = time.process_time()
    assert orbit_representatives(2 * k + 1, _chain_masks(k), [], None) == (1 << 2 * k + 1) - 1
    with pytest.raises(TooLarge, match="MAX_NAUTY_VERTICES"):
        canonical_key_masks(2 * k + 1, _chain_masks(k))
    assert time.process_time() - t0 < 1
    # within the cap, nauty still runs: the ends of a chain of 3 triples are one orbit
    assert orbit_representatives(7, _chain_masks(3), [], None) != (1 << 7) - 1


def test_qbf_question_beyond_its_size_refused():
    """limits.MAX_QBF_CELL_TIMES: a QBF question on a chain of 600 triples (1,201 cells x 1,201 time
    points) is refused in one line before anything is built (nauty, the encoder)."""
    import time

    import pytest

    from verify.encode.qbf.encodings import encode_maker_breaker
    from verify.errors import TooLarge
    from verify.games.maker_breaker import MakerBreakerGame
    from verify.hypergraph import Hypergraph
    game = MakerBreakerGame(Hypergraph([[f"v{2 * i}", f"v{2 * i + 1}", f"v{2 * i + 2}"] for i in range(600)]), "maker")
    t0 = time.process_time()
    with pytest.raises(TooLarge, match="MAX_QBF_CELL_TIMES"):
        encode_maker_breaker(game)
    assert time.process_time() - t0 < 2
