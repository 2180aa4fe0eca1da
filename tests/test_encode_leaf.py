"""``verify encode leaf``: the game after some moves as a ``.pg`` file (a book's leaf, solved alone).
Its answer must be the answer of the game played on from that position, by the explicit references."""
from __future__ import annotations

import pytest

from verify import solve
from verify.cli import main
from verify.families import family
from verify.formats.instances import load_instance
from verify.games.maker_breaker import MakerBreakerGame


def _write(tmp_path, board):
    path = tmp_path / "board.txt"
    path.write_text("vertices: " + " ".join(map(str, board.vertices)) + "\n" +
                    "\n".join(" ".join(board.names(e)) for e in board.edge_masks) + "\n")
    return path


@pytest.mark.parametrize("first,moves", [("maker", ["a2", "b2"]), ("maker", ["b2", "a1", "c3"]),
                                         ("breaker", ["b2", "a1"]), ("maker", [])])
def test_a_leaf_has_the_answer_of_the_game_from_its_position(tmp_path, first, moves):
    board = family("tic-tac-toe", 3)
    path = _write(tmp_path, board)
    out = tmp_path / "leaf.pg"
    assert main(["encode", "leaf", str(path), "--first", first, "--moves", ",".join(moves), "-o", str(out)]) == 0
    leaf = solve("pg", load_instance("pg", str(out)), method="explicit").winner
    # the same position as a Maker-Breaker question: each side's moves by the alternation from `first`
    movers = ["maker", "breaker"] if first == "maker" else ["breaker", "maker"]
    maker = [m for i, m in enumerate(moves) if movers[i % 2] == "maker"]
    breaker = [m for i, m in enumerate(moves) if movers[i % 2] == "breaker"]
    to_move = movers[len(moves) % 2]
    game = MakerBreakerGame(board.mark(*maker), to_move, frozenset(breaker))
    direct = solve("maker-breaker", game, method="explicit").winner
    assert {"black": "maker", "white": "breaker"}[leaf] == direct


@pytest.mark.parametrize("moves,message", [("zz", "unknown cell"), ("a1,a1", "already taken"),
                                           ("a1,b1,a2,b2,a3", "completes a set")])
def test_bad_moves_end_in_one_line(tmp_path, capsys, moves, message):
    path = _write(tmp_path, family("tic-tac-toe", 3))
    assert main(["encode", "leaf", str(path), "--moves", moves]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]
