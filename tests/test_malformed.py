"""Bad input ends in one clear line: every file of the malformed corpus (``tests/malformed``, written
by ``make_corpus.py``) and each resource regression below makes ``verify solve`` print exactly one
``verify: error:`` line on stderr and exit with status 2, in bounded time, with no verdict and no
traceback."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from contextlib import redirect_stderr, redirect_stdout
from itertools import combinations
from pathlib import Path

import pytest

from verify import limits
from verify.certificates.drat import DratError, check_drat
from verify.cli import EXIT_BAD_INPUT, EXIT_NOT_APPLICABLE, main
from verify.errors import InputError, TooLarge
from verify.formats import parse_hypergraph, read_hypergraph, read_json_text
from verify.formats.pg import parse_pg
from verify.hypergraph import Hypergraph, minimal_transversal_masks

ROOT = Path(__file__).resolve().parent
CORPUS = ROOT / "malformed"
sys.path.insert(0, str(CORPUS))
from make_corpus import GAMES  # noqa: E402
from make_bounded import CASES as BOUNDED, files as bounded_files  # noqa: E402

FILES = sorted(p for reader in GAMES for p in (CORPUS / reader).iterdir())


def run_inprocess(argv) -> tuple[int, str, str, float]:
    out, err = io.StringIO(), io.StringIO()
    t0 = time.process_time()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue(), time.process_time() - t0


def assert_one_error_line(code: int, out: str, err: str, what, status: int = EXIT_BAD_INPUT) -> None:
    assert code == status, f"{what}: exit {code}, stdout {out!r}, stderr {err!r}"
    assert out == "", f"{what}: printed {out!r}"
    assert "Traceback" not in err, f"{what}: {err}"
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("verify: error: "), f"{what}: {err!r}"


def test_corpus_is_large_and_covers_every_reader():
    assert len(FILES) >= 500
    for reader in GAMES:
        assert len(list((CORPUS / reader).iterdir())) >= 50, reader


def test_every_corpus_file_is_one_error_line():
    """All of them, in process (a few seconds in all), each under a second."""
    slow = []
    for path in FILES:
        game = GAMES[path.parent.name][0]
        code, out, err, seconds = run_inprocess(["solve", game, str(path)])
        assert_one_error_line(code, out, err, path.relative_to(ROOT))
        if seconds > 1.0:
            slow.append((str(path.relative_to(ROOT)), round(seconds, 2)))
    assert not slow, slow


SAMPLE = FILES[::60] + [CORPUS / "json" / "huge_int.json", CORPUS / "text" / "repeat_in_edge.txt",
                        CORPUS / "pg" / "firstmoves_empty.pg", CORPUS / "json" / "deep_list.json"]


@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_subprocess_sample(path):
    """The real command line on a sample: a fresh interpreter, the real stderr."""
    env = dict(os.environ, PYTHONPATH=str(ROOT.parent))
    game = GAMES[path.parent.name][0]
    proc = subprocess.run([sys.executable, "-m", "verify.cli", "solve", game, str(path)],
                          capture_output=True, text=True, timeout=60, env=env)
    assert_one_error_line(proc.returncode, proc.stdout, proc.stderr, path)


# -- bounded work (issue 31): small inputs whose work used to be unbounded ------------------------

def test_bounded_corpus_is_as_make_bounded_writes_it():
    folder = CORPUS / "bounded"
    assert sorted(p.name for p in folder.iterdir()) == sorted(BOUNDED)
    for name, (_, _, data) in bounded_files().items():
        assert (folder / name).read_bytes() == data, name


@pytest.mark.parametrize("name", sorted(BOUNDED))
def test_bounded_corpus_file_is_refused_in_one_line(name):
    """Each file of ``tests/malformed/bounded`` is refused before its large work, in one line naming
    the cap, in process and under a second of CPU (``tests/test_bounded_work.py`` measures each
    one's wall time and memory in a fresh interpreter)."""
    cmd, word = BOUNDED[name]
    code, out, err, seconds = run_inprocess([*cmd, str(CORPUS / "bounded" / name)])
    if cmd == ["check"]:
        assert code != 0 and "Traceback" not in out + err, (code, out, err)
        fails = [line for line in out.splitlines() if line.startswith("FAIL")]
        assert len(fails) == 1 and word in fails[0], (out, err)
    else:
        assert_one_error_line(code, out, err, name, EXIT_NOT_APPLICABLE if "MAX_" in word else EXIT_BAD_INPUT)
        assert word in err
    assert seconds < 1.0, seconds


# -- the regressions of issue 17, one by one ------------------------------------------------------

def test_json_integer_beyond_python_limit_is_input_error():
    with pytest.raises(InputError, match="digits"):
        read_json_text('{"edges": [[' + "1" * 5000 + "]]}", "big.json")
    with pytest.raises(InputError, match="digits"):
        read_json_text('{"x": ' + "1" * (limits.MAX_JSON_INT_DIGITS + 1) + "}", "big.json")
    assert read_json_text('{"x": -' + "1" * limits.MAX_JSON_INT_DIGITS + "}", "ok") == {
        "x": -int("1" * limits.MAX_JSON_INT_DIGITS)}


@pytest.mark.parametrize("text", ['{"a": NaN}', '{"a": Infinity}', '{"a": 1, "a": 2}', "[" * 50_000])
def test_json_reader_is_strict(text):
    with pytest.raises(InputError):
        read_json_text(text, "x.json")


def test_empty_firstmoves_is_refused_at_parse_time():
    base = "#times\nt1 t2\n#blackturns\nt1\n#positions\na b\n#blackwins\na b\n"
    with pytest.raises(InputError, match="firstmoves"):
        parse_pg(base + "#firstmoves\n")
    with pytest.raises(InputError, match="firstmoves"):
        parse_pg("#blackinitials\na\n" + base + "#firstmoves\na\n")
    assert parse_pg(base + "#firstmoves\nb\n").first_moves == 0b10


@pytest.mark.parametrize("edges", [[["a", "a", "b"]], [[1, "1"]], [["x", "y", "x"]]])
def test_repeated_vertex_in_edge_is_refused(edges):
    with pytest.raises(InputError, match="repeats vertex"):
        Hypergraph(edges)


def test_repeated_vertex_in_text_and_json_edges():
    for text in ("a a b\n", '{"edges": [["a", "a", "b"]]}'):
        with pytest.raises(InputError, match="repeats vertex"):
            parse_hypergraph(text)
    with pytest.raises(InputError, match="listed twice"):
        parse_hypergraph("marked: a a\na b\n")


def test_text_starting_with_the_empty_edge_is_text():
    h = parse_hypergraph("{}\na b\n")
    assert h.m == 2 and 0 in h.edge_masks and h.n == 2
    assert parse_hypergraph("{}  # the empty edge\n").edge_masks == (0,)
    assert parse_hypergraph('{"edges": [[], ["a"]]}').m == 2


def test_json_file_name_means_json(tmp_path):
    p = tmp_path / "h.json"
    p.write_text('[["a", "b"]]')
    with pytest.raises(InputError, match="JSON object"):
        read_hypergraph(p)


@pytest.mark.parametrize("obj", [{"edges": [["a", True]]}, {"edges": [["a", 1.0]]}, {"edges": [["a"]], "name": 3},
                                 {"edges": [["a"]], "vertices": None}, {"edges": [["a"]], "marked": [1.0]}])
def test_json_hypergraph_types_are_strict(obj):
    with pytest.raises(InputError):
        parse_hypergraph(json.dumps(obj))


def test_drat_fresh_variable_far_beyond_nvars_is_renumbered_not_allocated():
    clauses = [[1, 2], [-1, 2], [1, -2], [-1, -2]]
    huge = 10 ** 30  # a RAT extension variable: allocating per variable index would fail
    assert check_drat(2, clauses, f"{huge} 0\n2 0\n0\n")["rat"] == 1
    with pytest.raises(DratError, match="empty clause"):
        check_drat(2, clauses, f"{huge} 0\n")


def test_drat_huge_nvars_allocates_by_the_clauses():
    import tracemalloc
    tracemalloc.start()
    try:
        check_drat(10 ** 9, [[1], [-1]], "0\n")
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000


def test_one_megabyte_text_hypergraph_reads_in_bounded_time(tmp_path):
    """A 1 MB path (73k edges on 73k vertices) took 13.6 s and 400-500 MB; now its bitmasks are
    counted before any is built and the read ends in TooLarge within a second or two."""
    p = tmp_path / "path.txt"
    p.write_text("".join(f"v{i} v{i + 1}\n" for i in range(73_000)))
    t0 = time.process_time()
    with pytest.raises(TooLarge, match="too large"):
        read_hypergraph(p)
    assert time.process_time() - t0 < 5
    q = tmp_path / "dense.txt"  # 1.1 MB: every 4-set of 40 vertices, read (not refused)
    q.write_text("".join(" ".join(f"x{v}" for v in e) + "\n" for e in combinations(range(40), 4)))
    t0 = time.process_time()
    assert read_hypergraph(q).m == 91_390
    assert time.process_time() - t0 < 8


def test_acv_on_many_disjoint_edges_ends_in_too_large(tmp_path):
    """5000 disjoint 2-edges: auto picks structure, whose Tr(H) has 2^5000 sets (ran without end)."""
    p = tmp_path / "disjoint.txt"
    p.write_text("".join(f"a{i} b{i}\n" for i in range(5000)))
    for method in ("auto", "explicit"):
        code, out, err, seconds = run_inprocess(["solve", "acv", str(p), "--method", method])
        assert_one_error_line(code, out, err, method, EXIT_NOT_APPLICABLE)
        assert "too large" in err or "more than" in err
        assert seconds < 20


def test_transversal_family_is_bounded():
    with pytest.raises(TooLarge):
        minimal_transversal_masks([3 << (2 * i) for i in range(40)], limit=10_000)
    assert len(minimal_transversal_masks([3 << (2 * i) for i in range(10)])) == 1024


def test_explicit_state_caps(monkeypatch, tmp_path):
    """The explicit tables stop at their cap with a clear TooLarge naming the method and what to try."""
    from verify.formats.instances import load_instance
    from verify.solvers import explicit
    game = load_instance("maker-breaker", ROOT.parent / "examples" / "tic-tac-toe-4.txt")
    monkeypatch.setattr(limits, "MAX_EXPLICIT_STATES", 50)
    with pytest.raises(TooLarge, match="method explicit.*--method search"):
        explicit.solve_maker_breaker(game)
    with pytest.raises(TooLarge, match="method explicit.*--method structure"):
        explicit.solve_impartial("acv", Hypergraph([[f"a{i}", f"b{i}", f"c{i}"] for i in range(9)]))
    monkeypatch.setattr(limits, "MAX_EXPLICIT_STATES", 2_000_000)
    monkeypatch.setattr(limits, "MAX_STRATEGY_CERTIFICATE_STATES", 100)
    with pytest.raises(TooLarge, match="certificate.*--method search"):
        explicit.solve_maker_breaker(game, certificate=True)


def test_tic_tac_toe_4_certificate_still_fits():
    from verify.formats.instances import load_instance
    from verify.solvers import explicit
    game = load_instance("maker-breaker", ROOT.parent / "examples" / "tic-tac-toe-4.txt")
    out = explicit.solve_maker_breaker(game, certificate=True)
    assert out.stats["certificate_states"] < limits.MAX_STRATEGY_CERTIFICATE_STATES
