"""Strategy hints (:mod:`verify.solvers.search.hints`): Patashnik's dictionary format, lookups up to
Qubic's 192 automorphisms, and the race kernel's iterative-deepening threat-space search at the
asked state (``root_tss_budget``) on positions where the dictionary ends, each proof walked with the
checker's rules and its certificate accepted by the unchanged checker."""
from __future__ import annotations

import pytest

from verify.errors import InputError
from verify.families import family
from verify.games import positional as pg

pytest.importorskip("numba")

from verify.certificates import envelope  # noqa: E402
from verify.certificates.checker import check_certificate  # noqa: E402
from verify.certificates.proof import KIND  # noqa: E402
from verify.formats.instances import question_of  # noqa: E402
from verify.formats.pg import pg_to_text  # noqa: E402
from verify.solvers.search.engine import make_search  # noqa: E402
from verify.solvers.search.hints import (QUBIC_ROOT_TSS_BUDGET, StrategyHints, hinted_proof,  # noqa: E402
                                         qubic_lines, read_patashnik)

HEADER = "a header\n-----------------------------------------\n"


def qubic_race() -> pg.PositionalGame:
    return pg.race(family("qubic"))


def cells(game, names: str) -> int:
    index = {n: i for i, n in enumerate(game.positions)}
    return sum(1 << index[n] for n in names.split())


def test_read_patashnik():
    entries = read_patashnik(HEADER + " 0\nx14o 12\nxo1x8x8o41o 41\n")
    assert entries[0] == (0, 0, 1)
    assert entries[1] == (1, 1 << 15, 1 << 12)
    x, o, move = entries[2]
    assert x == 1 | 1 << 3 | 1 << 12 and o == 1 << 1 | 1 << 21 | 1 << 63 and move == 1 << 41
    for bad in ("x14o 99", "xx 3", "x14o 0", "x70o 1", "xq 3", "x o 1 2"):
        with pytest.raises(InputError):
            read_patashnik(HEADER + bad + "\n")
    with pytest.raises(InputError):
        read_patashnik("x14o 12\n")


def test_qubic_lines_are_the_family():
    game = qubic_race()
    assert len(qubic_lines()) == 76 and set(game.black_sets) == qubic_lines()


def test_hints_are_read_up_to_the_automorphisms():
    """A hint given for one position answers every image of it, with the move's image; another
    position, the defender's turn, or a position of another class gets no move."""
    game = qubic_race()
    hints = StrategyHints(game, pg.BLACK, [(cells(game, "1.1.1"), cells(game, "1.4.4"), cells(game, "1.4.1"))])
    assert hints.get((cells(game, "1.1.1"), cells(game, "1.4.4"), 2)) == cells(game, "1.4.1")
    # the reflection l -> 5 - l maps 1.1.1 to 4.1.1, 1.4.4 to 4.4.4 and the move 1.4.1 to 4.4.1
    assert hints.get((cells(game, "4.1.1"), cells(game, "4.4.4"), 2)) in (cells(game, "4.4.1"), cells(game, "4.1.4"))
    assert hints.get((cells(game, "1.1.1"), cells(game, "1.4.3"), 2)) == 0
    assert hints.get((cells(game, "1.1.1"), cells(game, "1.4.4"), 1)) == 0
    assert (cells(game, "1.1.1"), cells(game, "1.4.4"), 2) in hints


# a position of Qubic's race after Patashnik's dictionary ends (black to move: the forced win):
# the depth-first threat-space search to 32 threats does not find it within 2^20 positions,
# iterative deepening finds it at 4 threats (2026-11-28)
BLACK = "1.1.1 1.2.1 1.4.1 1.4.2 1.4.3 2.2.3 2.3.2 3.2.1 4.1.1 4.1.2 4.1.4 4.4.2"
WHITE = "1.1.2 1.1.4 1.3.1 1.4.4 2.2.2 2.3.1 3.2.2 3.2.3 3.3.2 4.1.3 4.4.1 4.4.4"


def test_root_threat_space_search_and_its_certificate():
    """The race kernel with ``root_tss_budget`` wins the position at its root by a threat line
    through the defender's counter-threats; the proof walked from there (no hints) is a
    certificate the checker accepts."""
    whole = qubic_race()
    b, w = cells(whole, BLACK), cells(whole, WHITE)
    times, black = pg.alternating_schedule(64 - 24, pg.BLACK)
    game = pg.PositionalGame(whole.positions, whole.black_sets, whole.white_sets, b, w, times, black, None, True)
    search = make_search(game, pg.BLACK, "fast", tss_depth=32, root_tss_budget=QUBIC_ROOT_TSS_BUDGET)
    won, _, move = search.solve(b, w, 0)
    assert won and move and search.nodes == 1
    assert search.hits.get("threat_space") == 1 and search.hits.get("threat_space_blocks", 0) > 0
    q = hinted_proof(game, pg.BLACK, StrategyHints(game, pg.BLACK, []), search)
    cert = envelope(KIND, {"pg": pg_to_text(game)}, question_of("pg", game), {"winner": pg.BLACK}, questions=[q])
    assert check_certificate(cert).verdict == {"winner": "black"}


def test_the_command_refuses_bad_input_in_one_line(tmp_path, capsys):
    """``python -m verify.solvers.search.hints``: a board that is not Qubic's race, a missing or
    malformed dictionary: one line of error, exit status 2, no file."""
    from pathlib import Path

    from verify.solvers.search.hints import main
    root = Path(__file__).resolve().parents[1] / "examples" / "classical"
    out = tmp_path / "c.json"
    good = tmp_path / "d.txt"
    good.write_text(HEADER + " 0\n")
    bad = tmp_path / "bad.txt"
    bad.write_text(HEADER + "x14o 99\n")
    for args in ([str(root / "ap-5-3-race.pg"), str(good)], [str(root / "qubic-race.pg"), str(tmp_path / "none")],
                 [str(root / "qubic-race.pg"), str(bad)]):
        assert main(args + [str(out)]) == 2
        err = capsys.readouterr().err
        assert err.startswith("verify: ") and err.count("\n") == 1
        assert not out.exists()


def test_the_canonical_forms_of_all_elements_at_once_match_the_loop():
    """:func:`verify.solvers.search.symmetry.canonicaliser` computes the images under every element
    at once on at most 64 cells (numpy): on Qubic's 192 automorphisms it gives the loop's least
    image and the loop's element (None when the identity gives it) on random states."""
    import random

    from verify.solvers.search import symmetry
    game = qubic_race()
    canon = symmetry.canonicaliser(game)
    group = symmetry.automorphisms(game)
    assert len(group) == 192
    perms = [(p, symmetry.byte_tables(p)) for p in group[1:]]

    def loop(black, white):
        best, arg = (black, white), None
        for p, tab in perms:
            img = (symmetry.apply_tables(tab, black), symmetry.apply_tables(tab, white))
            if img < best:
                best, arg = img, p
        return best[0], best[1], arg

    r = random.Random(3)
    for _ in range(500):
        cells = r.sample(range(64), r.randint(0, 24))
        half = (len(cells) + 1) // 2
        b, w = sum(1 << c for c in cells[:half]), sum(1 << c for c in cells[half:])
        assert canon(b, w) == loop(b, w)
    assert canon(0, 0) == (0, 0, None)


def test_hints_that_lead_nowhere_end_in_one_error():
    """Where the walk needs a win the search cannot find (here: 3×3 tic-tac-toe's race, a draw, with
    no hints), the build stops with a MethodError, not an internal assertion, and writes nothing."""
    from verify.errors import MethodError
    from verify.families import tic_tac_toe
    game = pg.race(tic_tac_toe(3))
    with pytest.raises(MethodError, match="no proof built"):
        hinted_proof(game, pg.BLACK, StrategyHints(game, pg.BLACK, []), make_search(game, pg.BLACK, "fast"))
