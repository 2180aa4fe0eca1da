"""Pictures (verify draw): board geometry, which stones are drawn where, the winner's move, diagrams."""
import json
import math
from itertools import product
from pathlib import Path

import pytest
from hypothesis import event, given, settings
from matplotlib.patches import Circle, Polygon

from verify import families
from verify.certificates.strategy import pairing_certificate
from verify.games.maker_breaker import MakerBreakerGame
from verify.cli import main
from verify.draw import board_of, figure, from_certificate, load, save
from verify.draw import geometry as geo
from verify.draw.board import BREAKER, MAKER
from verify.draw.render import DARK, GOLD, GREEN, LIGHT
from verify.strategies import hypergraphs

ROOT = Path(__file__).resolve().parent.parent
HEX = ROOT.parent / "shared" / "positional-games" / "hex-hein"
if not HEX.is_dir():
    HEX = Path("/work/shared/positional-games/hex-hein")
TTT = ROOT / "proofs/maker-breaker/tic-tac-toe-3x3-maker-first.json"


# -- geometry ------------------------------------------------------------------------------------

def test_cell_names_round_trip():
    for c, r in product(range(60), range(12)):
        assert geo.parse_cell(families.cell(c, r)) == (c, r)
    assert geo.parse_cell("a1") == (0, 0) and geo.parse_cell("c2") == (2, 1) and geo.parse_cell("aa3") == (26, 2)
    for bad in ("1", "A1", "a0", "a", "a1b", "a-1", ""):
        assert geo.parse_cell(bad) is None
    assert geo.cell_coordinates(["a1", "b1"]) == {"a1": (0, 0), "b1": (1, 0)}
    assert geo.cell_coordinates(["a1", "x"]) is None


def test_square_centres_are_unit_grid():
    assert geo.square_center(0, 0) == (0.0, 0.0) and geo.square_center(2, 1) == (2.0, 1.0)


@pytest.mark.parametrize("k", [2, 3, 5, 7])
def test_hex_centres_touch_exactly_the_generator_neighbours(k):
    """Two Hex cells are drawn side by side (centres √3 apart, sharing two corners) iff the board
    generator makes them adjacent; every other pair is farther apart."""
    cells = list(product(range(k), range(k)))
    for a in cells:
        nb = set(geo.generator_hex_neighbours()(k, *a))
        assert len(nb) <= 6
        for b in cells:
            if a == b:
                continue
            (x0, y0), (x1, y1) = geo.hex_center(*a), geo.hex_center(*b)
            d = math.hypot(x1 - x0, y1 - y0)
            assert (b in nb) == math.isclose(d, math.sqrt(3)), (a, b, d)
            assert (b in nb) == geo.hex_adjacent(a, b)
            if b in nb:
                ca = {(round(x, 6), round(y, 6)) for x, y in geo.hex_corners(x0, y0)}
                cb = {(round(x, 6), round(y, 6)) for x, y in geo.hex_corners(x1, y1)}
                assert len(ca & cb) == 2
            else:
                assert d > math.sqrt(3) + 0.1


def test_hex_rows_run_top_to_bottom():
    assert geo.hex_center(0, 0)[1] > geo.hex_center(0, 1)[1] > geo.hex_center(0, 4)[1]


def test_detect_geometry():
    assert geo.detect(*_nv(families.tic_tac_toe(3))) == "square"
    assert geo.detect(*_nv(families.k_in_a_row(4, 3, 3))) == "square"
    assert geo.detect(*_nv(families.hex_board(3))) == "hex"
    assert geo.detect(*_nv(families.hex_board(2))) == "hex"  # all lines, but Hex's anti-diagonal only
    assert geo.detect(*_nv(families.k_in_a_row(3, 1, 2))) == "square"
    assert geo.detect(*_nv(families.fano())) == "hypergraph"
    assert geo.detect(["a1", "c1", "a3"], [["a1", "c1"], ["c1", "a3"]]) == "cells"
    assert geo.detect(["a1", "b1"], []) == "square"


def _nv(h):
    return h.vertices, [h.names(e) for e in h.edge_masks]


def test_is_line():
    assert geo.is_line([(0, 0), (1, 1), (2, 2)]) and geo.is_line([(0, 2), (1, 1), (2, 0)])
    assert not geo.is_line([(0, 0), (2, 0)]) and not geo.is_line([(0, 0), (1, 0), (1, 1)])


def test_tree_layout_centres_parents():
    pos = geo.tree_positions(["r", "a", "b", "c"], [("r", "a"), ("r", "b"), ("b", "c")])
    assert pos["r"][1] == 0 and pos["a"][1] == pos["b"][1] == -1 and pos["c"][1] == -2
    assert pos["r"][0] == (pos["a"][0] + pos["b"][0]) / 2 and pos["c"][0] == pos["b"][0]


def test_convex_hull():
    hull = geo.convex_hull([(0, 0), (2, 0), (1, 1), (2, 2), (0, 2), (1, 0)])
    assert set(hull) == {(0, 0), (2, 0), (2, 2), (0, 2)}


# -- stones and marks ----------------------------------------------------------------------------

def _discs(board):
    """Centre -> face colour of every stone disc drawn (opaque discs of a stone's radius, 0.2 or more;
    the incidence chart's dots are smaller)."""
    ax = figure(board).axes[0]
    out = {}
    for p in ax.patches:
        if isinstance(p, Circle) and p.get_facecolor()[3] == 1.0 and p.get_radius() >= 0.199:
            out[tuple(round(c, 6) for c in p.center)] = _hex(p.get_facecolor())
    return out


def _hex(rgba):
    return "#" + "".join(f"{round(x * 255):02x}" for x in rgba[:3])


def test_square_board_stones_where_played():
    play = load(ROOT / "examples/tic-tac-toe-3.txt")
    board = board_of(play, ["b2", "a1", "c3"])
    assert board.stones == {"b2": MAKER, "c3": MAKER, "a1": BREAKER}
    discs = _discs(board)
    assert discs[(1.0, 1.0)] == DARK and discs[(2.0, 2.0)] == DARK and discs[(0.0, 0.0)] == LIGHT
    assert len([c for c in discs.values() if c in (DARK, LIGHT)]) == 3
    breaker_first = board_of(load(ROOT / "examples/tic-tac-toe-3.txt", first="breaker"), ["b2"])
    assert breaker_first.stones == {"b2": BREAKER}


def test_hex_puzzle_stones_on_their_cells():
    if not HEX.is_dir():
        pytest.skip("shared Hex puzzles not present")
    board = board_of(load(HEX / "browne_5x5_07.pg"))
    assert board.resolved_geometry() == "hex"
    discs = _discs(board)
    for v in ("b1", "b3", "b4"):
        assert discs[tuple(round(c, 6) for c in geo.hex_center(*geo.parse_cell(v)))] == DARK
    for v in ("a1", "c1", "b2", "c3"):
        assert discs[tuple(round(c, 6) for c in geo.hex_center(*geo.parse_cell(v)))] == LIGHT
    hexagons = [p for p in figure(board).axes[0].patches if isinstance(p, Polygon) and len(p.get_xy()) >= 6]
    assert len(hexagons) == 25


def test_completed_line_is_drawn_in_gold():
    board = board_of(load(ROOT / "examples/tic-tac-toe-3.txt"), ["a1", "b1", "a2", "b2", "a3"])
    assert set(board.complete) == {"a1", "a2", "a3"}
    ax = figure(board).axes[0]
    gold = [ln for ln in ax.lines if ln.get_color() == GOLD]
    assert len(gold) == 1 and set(gold[0].get_xdata()) == {0.0}
    with pytest.raises(Exception, match="already over"):
        board_of(load(ROOT / "examples/tic-tac-toe-3.txt"), ["a1", "b1", "a2", "b2", "a3", "c3"])


def test_winner_move_comes_from_the_certificate():
    cert = json.loads(TTT.read_text())
    play = from_certificate(cert)
    board = board_of(play)
    first = next(e["move"] for e in cert["strategy"] if len(e["residual"]) == 8)
    assert board.next_move == first and board.next_by == MAKER
    ax = figure(board).axes[0]
    rings = [p for p in ax.patches if isinstance(p, Circle) and _hex(p.get_edgecolor()) == GREEN
             and p.get_facecolor()[3] == 0]
    x, y = geo.square_center(*geo.parse_cell(first))
    assert [tuple(r.center) for r in rings] == [(x, y)]
    # Breaker to move: no advice; after Breaker's reply Maker's table move again
    after = play.play(play.start(), first)
    assert play.advice(after) is None
    reply = play.legal(after)[0]
    assert play.advice(play.play(after, reply)) is not None


def test_pairing_certificate_answers_in_the_pair():
    h = families.chain_path(1)  # one edge {1,2,3}
    cert = pairing_certificate(MakerBreakerGame(h), [("1", "2")])
    play = from_certificate(cert)
    s = play.play(play.start(), "2")
    assert play.advice(s) == "1" and board_of(play, ["2"]).next_move == "1"
    assert board_of(play).pairs == (("1", "2"),)


def test_impartial_labelling_suggests_a_move_to_zero(tmp_path):
    cert = json.loads((ROOT / "proofs/impartial/fano-acv.json").read_text())
    play = from_certificate(cert)
    assert cert["claim"]["verdict"]["nim"] != 0 and play.winner == "first player"
    move = play.advice(0)
    assert move is not None and play.labels[play.play(0, move)] == 0


def test_convex_points_at_their_coordinates():
    board = board_of(load(ROOT / "examples/convex/plane.json"), ["1:1"])
    assert board.resolved_geometry() == "affine"
    assert board.points["1/2:3/2"] == (0.5, 1.5) and board.stones == {"1:1": "selected"}
    assert set(board.highlight) == {"1:1", "2:2"}
    deleted = board_of(load(ROOT / "examples/convex/deleted-line.json"))
    assert set(deleted.deleted) == {"3", "5"} and "3" not in deleted.points
    tree = board_of(load(ROOT / "examples/convex/edge.json"))
    assert tree.resolved_geometry() == "tree-edge" and len(tree.tree) == 4


# -- files and the command line ------------------------------------------------------------------

@pytest.mark.parametrize("src", ["examples/fano.txt", "examples/K5-3.json", "examples/convex/tree-ex30.json",
                                 "examples/hypernim/c4.json", "examples/sieben-ex-3.3.txt",
                                 "proofs/impartial/K5-3-dst.json"])
def test_every_kind_of_file_draws(tmp_path, src):
    out = tmp_path / "x.svg"
    save(board_of(load(ROOT / src)), out)
    text = out.read_text()
    assert text.lstrip().startswith("<?xml") and "<svg" in text


def test_cli_draw(tmp_path, capsys):
    png = tmp_path / "t.png"
    assert main(["draw", str(ROOT / "examples/tic-tac-toe-3.txt"), "--certificate", str(TTT),
                 "--position", "b2,a1", "-o", str(png)]) == 0
    assert png.read_bytes()[:4] == b"\x89PNG"
    assert main(["draw", str(TTT), "--tree", "--depth", "3", "-o", str(tmp_path / "tree.svg")]) == 0
    assert "<svg" in (tmp_path / "tree.svg").read_text()
    folder = tmp_path / "pics"
    assert main(["draw", str(ROOT / "examples/fano.txt"), str(ROOT / "examples/convex/line3.json"),
                 "-o", str(folder)]) == 0
    assert sorted(p.name for p in folder.iterdir()) == ["fano.svg", "line3.svg"]


@pytest.mark.parametrize("argv,needle", [
    (["examples/tic-tac-toe-3.txt", "-o", "x.gif"], "must end in .svg or .png"),
    (["examples/tic-tac-toe-3.txt", "--position", "b2,b2", "-o", "x.svg"], "already claimed"),
    (["examples/tic-tac-toe-3.txt", "--position", "z9", "-o", "x.svg"], "unknown vertex"),
    (["examples/fano.txt", "--certificate", str(TTT), "-o", "x.svg"], "another instance"),
    (["examples/hypernim/c4.json", "--position", "1", "-o", "x.svg"], "no moves"),
    (["examples/fano.txt", "--tree", "-o", "x.svg"], "strategy certificate"),
    (["nonexistent.txt", "-o", "x.svg"], "no such file"),
    (["examples/fano.txt", "--geometry", "hex", "-o", "x.svg"], "chess-style cell names"),
])
def test_cli_draw_bad_input_one_line(tmp_path, capsys, monkeypatch, argv, needle):
    monkeypatch.chdir(ROOT)
    argv = [a if a != "x.svg" and a != "x.gif" else str(tmp_path / a) for a in argv]
    assert main(["draw", *argv]) == 2
    err = capsys.readouterr().err.strip()
    assert needle in err and "\n" not in err


def test_cli_draw_refuses_a_forged_certificate(tmp_path, capsys):
    cert = json.loads(TTT.read_text())
    cert["claim"]["verdict"]["winner"] = "breaker"
    bad = tmp_path / "forged.json"
    bad.write_text(json.dumps(cert))
    assert main(["draw", str(bad), "-o", str(tmp_path / "x.svg")]) == 2
    assert "does not verify" in capsys.readouterr().err
    assert not (tmp_path / "x.svg").exists()


def test_structure_diagram_figure(tmp_path):
    from verify.draw.diagrams import save_figure, structure_figure
    from verify.formats import read_hypergraph
    from verify.structure import StructureDiagram
    d = StructureDiagram("acv", read_hypergraph(ROOT / "examples/sieben-ex-3.3.txt"))
    fig = structure_figure(d)
    ax = fig.axes[0]
    markers = [ln.get_marker() for ln in ax.lines]
    assert len(markers) == len(d.classes) == 4
    assert markers.count("^") == sum(c.parity == 0 for c in d.classes)
    arrows = [t for t in ax.texts if getattr(t, "arrow_patch", None) is not None]
    assert len(arrows) == sum(len(c.options) for c in d.classes)
    # X_Φ (the start) is drawn on the top layer
    ys = {i: ln.get_ydata()[0] for i, ln in enumerate(ax.lines)}
    assert ys[d.frattini] == max(ys.values())
    save_figure(structure_figure(d, simplified=True), tmp_path / "s.svg")
    assert "<svg" in (tmp_path / "s.svg").read_text()


@settings(max_examples=12)
@given(hypergraphs(max_vertices=7, max_edges=12, marked=True, empty_edge=False))
def test_any_hypergraph_draws_its_marks(h):
    """Any small marked hypergraph is drawn (hulls or incidence chart) with one dark disc per mark."""
    from verify.draw.board import hypergraph_board
    board = hypergraph_board(h)
    event("hulls" if h.m <= 8 else "incidence chart")
    darks = [c for c in _discs(board).values() if c == DARK]
    assert len(darks) == h.marked_mask.bit_count()
