import pytest

from verify.errors import InputError
from verify.families import (chain_cycle, chain_path, complete, family, fano, k_in_a_row,
                             random_rank, tic_tac_toe)


def test_sizes():
    assert (complete(5, 3).n, complete(5, 3).m) == (5, 10)
    assert (tic_tac_toe(3).n, tic_tac_toe(3).m) == (9, 8)
    assert (tic_tac_toe(4).n, tic_tac_toe(4).m) == (16, 10)
    assert k_in_a_row(3, 3, 3).edges == tic_tac_toe(3).edges or \
        {frozenset(e) for e in k_in_a_row(3, 3, 3).edges} == {frozenset(e) for e in tic_tac_toe(3).edges}
    # 4 in a row on 5x5: 2 per row/col (20) + 4 + 4 diagonals
    assert k_in_a_row(5, 5, 4).m == 28
    assert (fano().n, fano().m) == (7, 7) and fano().is_uniform(3)
    assert chain_path(3).n == 7 and chain_path(3).m == 3
    assert chain_cycle(4).n == 8 and chain_cycle(4).m == 4
    # every pair of Fano lines meets in exactly one point
    es = list(fano().edges)
    assert all(len(a & b) == 1 for i, a in enumerate(es) for b in es[i + 1:])


def test_random_is_seeded_and_ranked():
    a, b = random_rank(10, 15, 3, seed=7), random_rank(10, 15, 3, seed=7)
    assert a == b and a.m == 15 and a.rank <= 3
    assert random_rank(8, 10, 3, seed=1, uniform=True).is_uniform(3)


def test_family_by_name_and_errors():
    assert family("tic-tac-toe", 3) == tic_tac_toe(3)
    with pytest.raises(InputError, match="unknown family"):
        family("sudoku")
    with pytest.raises(InputError, match="takes parameters"):
        family("complete", 3)
    with pytest.raises(InputError):
        complete(3, 5)
