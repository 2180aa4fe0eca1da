"""Snaky, Harary's hexomino (verify/families/classical.py ANIMALS["snaky"]): the cells
{(0,0),(1,0),(2,0),(3,0),(3,1),(4,1)} of Halupczok & Schlage-Puchta, "Achieving Snaky", Integers 7
(2007), Fig. 1, as in github.com/gotrevor/snaky-15x15 (lean/Snaky/Game.lean: 320 placements on
9x9). Its placements are counted here against an independent brute force: every 6-cell subset of
a small board, kept when it is a straight four with a parallel domino in the next row (or column)
that shares only the four's end column and sticks out beyond it -- Snaky described in words, with
none of the generator's rotation code."""
from __future__ import annotations

from itertools import combinations

import pytest

from verify.cli import main
from verify.families import cell, family
from verify.families.classical import _images, animal, animal_shape, polyominoes
from verify.formats import read_hypergraph


def _is_snaky_rows(cells) -> bool:
    """Two adjacent rows: one holds four consecutive cells [a, a+3], the other two [c, c+1], and
    the two meet in exactly one column, an end of the four, the domino sticking out beyond it."""
    rows: dict = {}
    for x, y in cells:
        rows.setdefault(y, []).append(x)
    if len(rows) != 2:
        return False
    (y1, xs1), (y2, xs2) = sorted(rows.items())
    if y2 != y1 + 1:
        return False
    for four, two in ((sorted(xs1), sorted(xs2)), (sorted(xs2), sorted(xs1))):
        if len(four) == 4 and len(two) == 2 and four == list(range(four[0], four[0] + 4)) \
                and two[1] == two[0] + 1 and (two[0] == four[3] or two[1] == four[0]):
            return True
    return False


def _is_snaky(cells) -> bool:
    return _is_snaky_rows(cells) or _is_snaky_rows([(y, x) for x, y in cells])


def _brute_count(width: int, height: int) -> int:
    board = [(x, y) for y in range(height) for x in range(width)]
    return sum(1 for s in combinations(board, 6) if _is_snaky(s))


def _formula(width: int, height: int) -> int:
    """4 images 5 wide and 2 high, 4 images 2 wide and 5 high (no symmetry: 8 distinct images)."""
    return 4 * max(0, width - 4) * max(0, height - 1) + 4 * max(0, height - 4) * max(0, width - 1)


def test_the_shape_is_the_published_one_and_a_free_hexomino():
    assert sorted(animal_shape("Snaky")) == [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1)]
    assert _is_snaky(animal_shape("snaky"))
    images = _images(animal_shape("snaky"))
    assert len(images) == 8  # no rotation or reflection maps Snaky to itself
    assert all(_is_snaky(i) for i in images)
    assert min(images) in polyominoes(6)


@pytest.mark.parametrize("width, height", [(5, 2), (2, 5), (5, 5), (4, 6), (6, 4)])
def test_placements_match_the_brute_force(width, height):
    h = animal("snaky", width, height)
    expected = _brute_count(width, height)
    assert expected == _formula(width, height)
    assert len(h.edge_masks) == expected
    assert all(e.bit_count() == 6 for e in h.edge_masks)
    for e in h.edges:  # each placement is Snaky, by the brute force's own test
        assert _is_snaky([(ord(v[0]) - ord("a"), int(v[1:]) - 1) for v in e])


@pytest.mark.slow
def test_placements_match_the_brute_force_on_6x5():
    assert len(animal("snaky", 6, 5).edge_masks) == _brute_count(6, 5) == _formula(6, 5)


@pytest.mark.parametrize("n, count", [(8, 224), (9, 320), (15, 8 * 11 * 14)])
def test_placement_counts_on_the_boards_of_the_literature(n, count):
    """8 (n - 4)(n - 1) on n x n; 320 on 9x9 is gotrevor/snaky-15x15's kernel-checked count."""
    assert len(animal("snaky", n).edge_masks) == count == _formula(n, n)


def test_cell_names_agree_with_the_brute_force_decoding():
    assert cell(0, 0) == "a1" and cell(4, 1) == "e2"


def test_the_family_command(tmp_path, capsys):
    out = tmp_path / "snaky-8x8.txt"
    assert main(["family", "animal", "snaky", "8", "-o", str(out)]) == 0
    h = read_hypergraph(out)
    assert h.n == 64 and len(h.edge_masks) == 224
    assert h.edge_masks == family("animal", "snaky", "8").edge_masks
    assert main(["family", "animal", "SNAKY", "9"]) == 0
    assert "a1 a2 a3 a4 b4 b5" in capsys.readouterr().out
    assert main(["family", "--help"]) == 0
    assert "snaky" in capsys.readouterr().out
