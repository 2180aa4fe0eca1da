"""Classical boards: Qubic, k-in-a-row in d dimensions, Harary's animals."""
from __future__ import annotations

import pytest

from verify.errors import InputError
from verify.families import family, tic_tac_toe
from verify.cli import main
from verify.families.classical import (ANIMALS, _images, animal, animal_shape, arithmetic_progressions,
                                       k_in_a_row_d, polyominoes, qubic)
from verify.formats.pg import parse_pg, pg_to_text, read_pg
from verify.games.positional import race
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
    assert len(animal("domino", 5).edge_masks) == 2 * 5 * 4  # dominoes on 5x5
    assert len(animal("fatty", 4).edge_masks) == 9  # 2x2 squares on 4x4
    assert all(e.bit_count() == 4 for e in animal("tippy", 5).edge_masks)
    with pytest.raises(InputError):
        animal("blob", 4)
    with pytest.raises(InputError):
        k_in_a_row_d(3, 2, 4)


def test_named_animals_are_every_free_polyomino_up_to_size_5():
    for size in range(1, 6):
        named = {min(_images(s)) for s in ANIMALS.values() if len(s) == size}
        assert named == set(polyominoes(size))
    assert len(ANIMALS) == 1 + 1 + 2 + 5 + 12 + 1  # and Snaky, a hexomino (tests/test_snaky.py)


def _fixed(name):
    """The fixed images of an animal, as (width, height) of each."""
    return [(max(x for x, _ in i) + 1, max(y for _, y in i) + 1) for i in _images(animal_shape(name))]


# fixed polyominoes (OEIS A001168): 1, 2, 6, 19, 63
@pytest.mark.parametrize("size, fixed", [(1, 1), (2, 2), (3, 6), (4, 19), (5, 63)])
def test_fixed_images(size, fixed):
    assert sum(len(_fixed(n)) for n, s in ANIMALS.items() if len(s) == size) == fixed


@pytest.mark.parametrize("b, c", [(1, 1), (3, 3), (4, 4), (5, 7), (7, 7), (8, 3)])
def test_tetromino_placement_counts(b, c):
    def pos(x):
        return max(x, 0)
    # horizontal and vertical bars; the square; T, S: 2 orientations each way; L: 4 each way
    expected = {"skinny": pos(b - 3) * c + pos(c - 3) * b, "fatty": pos(b - 1) * pos(c - 1),
                "knobby": 2 * pos(b - 2) * pos(c - 1) + 2 * pos(b - 1) * pos(c - 2),
                "tippy": 2 * pos(b - 2) * pos(c - 1) + 2 * pos(b - 1) * pos(c - 2),
                "elly": 4 * pos(b - 2) * pos(c - 1) + 4 * pos(b - 1) * pos(c - 2)}
    for name, count in expected.items():
        h = animal(name, b, c)
        assert len(h.edge_masks) == count, name
        assert h.n == b * c


@pytest.mark.parametrize("name", [n for n, s in ANIMALS.items() if len(s) == 5])
def test_pentomino_placements_on_rectangles(name):
    for b, c in [(5, 5), (6, 4), (8, 8)]:
        expected = sum(max(b - w + 1, 0) * max(c - h + 1, 0) for w, h in _fixed(name))
        h = animal(name, b, c)
        assert len(h.edge_masks) == expected
        assert all(e.bit_count() == 5 for e in h.edge_masks)


def test_names_are_case_insensitive_and_the_cli_takes_them():
    assert animal("Skinny", 5).edge_masks == family("animal", "skinny", "5").edge_masks
    assert family("animal", "L", 4, 6).n == 24
    with pytest.raises(InputError):
        family("animal", "skinny")
    with pytest.raises(InputError):
        family("animal", "skinny", "x")


@pytest.mark.parametrize("n, k", [(1, 1), (5, 2), (9, 3), (13, 4), (30, 5)])
def test_arithmetic_progression_counts(n, k):
    h = arithmetic_progressions(n, k)
    # a k-term AP with difference d fits n - (k - 1)d times
    assert len(h.edge_masks) == sum(n - (k - 1) * d for d in range(1, (n - 1) // (k - 1) + 1)) if k > 1 else n
    assert all(e.bit_count() == k for e in h.edge_masks)
    assert len(set(h.edge_masks)) == len(h.edge_masks)
    assert family("ap", n, k).edge_masks == h.edge_masks


def test_vdw_9_3_edges():
    assert len(arithmetic_progressions(9, 3).edge_masks) == 16
    with pytest.raises(InputError):
        arithmetic_progressions(3, 4)


def test_race_schedule_and_round_trip():
    h = animal("tic", 4)
    g = race(h, 3)
    assert g.maker_maker and g.black_sets == g.white_sets == tuple(h.edge_masks)
    assert g.schedule() == ("black", "white", "black", "white", "black")
    assert parse_pg(pg_to_text(g)) == g
    assert len(race(h).schedule()) == 16


def test_race_cli_writes_a_pg(tmp_path, capsys):
    out = tmp_path / "tic.pg"
    assert main(["family", "animal", "tic", "4", "--race", "--moves", "3", "-o", str(out)]) == 0
    g = read_pg(out)
    assert g == race(animal("tic", 4), 3)
    assert main(["family", "animal", "tic", "4", "--moves", "3"]) == 2
    assert "--moves goes with --race" in capsys.readouterr().err


def test_family_help_lists_every_family(capsys):
    from verify.families import FAMILIES
    assert main(["family", "--help"]) == 0
    text = capsys.readouterr().out
    assert all(f"  {name}" in text for name in FAMILIES)
    assert "animal ANIMAL B [C]" in text and "ap N K" in text and "skinny" in text
