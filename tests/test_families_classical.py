"""Classical boards: Qubic, k-in-a-row in d dimensions, Harary's animals."""
from __future__ import annotations

import pytest

from verify.errors import InputError
from verify.families import family, tic_tac_toe
from verify.families.classical import animal, k_in_a_row_d, polyominoes, qubic
from verify.isomorphism import canonical_key


def test_qubic_has_64_cells_and_76_lines():
    q = qubic()
    assert q.n == 64 and len(q.edge_masks) == 76 and q.rank == 4
    assert family("qubic").edge_masks == q.edge_masks


@pytest.mark.parametrize("n,d", [(3, 2), (4, 2), (3, 3), (4, 3), (3, 4)])
def test_n_in_a_row_line_count(n, d):
    # lines of an n^d board with k = n: ((n + 2)^d - n^d) / 2
    assert len(k_in_a_row_d(n, d, n).edge_masks) == ((n + 2) ** d - n ** d) // 2


def test_two_dimensional_case_is_tic_tac_toe():
    assert canonical_key(k_in_a_row_d(3, 2, 3)) == canonical_key(tic_tac_toe(3))
    assert canonical_key(k_in_a_row_d(5, 2, 5)) == canonical_key(tic_tac_toe(5))


def test_polyomino_counts_and_animals():
    assert [len(polyominoes(s)) for s in range(1, 7)] == [1, 1, 2, 5, 12, 35]
    assert len(animal(5, 2, 0).edge_masks) == 2 * 5 * 4  # dominoes on 5x5
    assert len(animal(4, 4, 3).edge_masks) == 9  # 2x2 squares on 4x4
    assert all(e.bit_count() == 4 for e in animal(5, 4, 4).edge_masks)
    with pytest.raises(InputError):
        animal(4, 4, 5)
    with pytest.raises(InputError):
        k_in_a_row_d(3, 2, 4)
