"""The Positional Game Description format and its two routes (explicit and QBF) on the Hex puzzles
of shared/positional-games/hex-hein (skipped when the folder is absent)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from verify.certificates.checker import check_certificate
from verify.families.hex import hex_board, hex_game
from verify.errors import CertificateError, InputError
from verify.formats.pg import parse_pg, pg_to_text, read_pg
from verify.formats.instances import load_instance
from verify.games import positional as pg
from verify.solvers import solve

HEIN = Path(__file__).resolve().parents[2] / "shared" / "positional-games" / "hex-hein"
if not HEIN.is_dir():
    HEIN = Path("/work/shared/positional-games/hex-hein")
needs_hein = pytest.mark.skipif(not HEIN.is_dir(), reason="shared hex-hein instances absent")
SMALL = ["hein_04_3x3-03.pg", "hein_04_3x3-05.pg", "hein_09_4x4-05.pg", "hein_12_4x4-05.pg"]
MEDIUM = ["hein_07_4x4-07.pg", "hein_09_4x4-07.pg", "hein_12_4x4-07.pg"]

TTT_MM = """% Maker-Maker tic-tac-toe
#times
t1 t2 t3 t4 t5 t6 t7 t8 t9
#blackturns
t1 t3 t5 t7 t9
#positions
a1 a2 a3 b1 b2 b3 c1 c2 c3
#blackwins
a1 b1 c1
a2 b2 c2
a3 b3 c3
a1 a2 a3
b1 b2 b3
c1 c2 c3
a1 b2 c3
a3 b2 c1
#whitewins
a1 b1 c1
a2 b2 c2
a3 b3 c3
a1 a2 a3
b1 b2 b3
c1 c2 c3
a1 b2 c3
a3 b2 c1
"""


def test_round_trip_text():
    g = parse_pg(TTT_MM)
    assert g.maker_maker and len(g.white_sets) == 8 and g.schedule()[0] == pg.BLACK
    assert parse_pg(pg_to_text(g)) == g


@needs_hein
def test_round_trip_small_hein_files():
    for p in sorted(HEIN.glob("*[34]x[34]*.pg")):
        g = read_pg(p)
        assert parse_pg(pg_to_text(g)) == g, p.name


@needs_hein
@pytest.mark.slow
def test_round_trip_every_hein_file():
    for p in sorted(HEIN.glob("*.pg")):
        g = read_pg(p)
        assert parse_pg(pg_to_text(g)) == g, p.name


@pytest.mark.parametrize("text, what", [
    ("#positions\na b\n#bogus\n", "unknown code word"),
    ("a b\n#positions\na b\n", "before the first code word"),
    ("#positions\na b\n#blackwins\na c\n", "'c' is not a position"),
    ("#positions\na b\n#times\nt1 t1\n", "listed twice"),
    ("#positions\na b\n#times\nt1\n#blackturns\nt2\n", "not in #times"),
    ("#positions\na b\n#blackinitials\na\n#whiteinitials\na\n", "both"),
    ("#times\nt1\n", "no #positions"),
    ("#positions\na b\n#blackwins\na a\n", "repeats"),
    ("#positions\na\n#blackwins\na\n#whitewins\na\n#blackinitials\na\n#whiteinitials\n", None),
])
def test_malformed_pg_is_one_line_input_error(text, what):
    if what is None:  # well-formed: black already holds a set
        assert solve("pg", parse_pg(text), "explicit").winner == pg.BLACK
        return
    with pytest.raises(InputError) as exc:
        parse_pg(text, "bad.pg")
    assert what in str(exc.value) and "\n" not in str(exc.value)


def test_cli_malformed_pg(tmp_path):
    p = tmp_path / "bad.pg"
    p.write_text("#positions\na b\n#blackwins\na z\n")
    r = subprocess.run([sys.executable, "-m", "verify.cli", "solve", "pg", str(p)],
                       capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "not a position" in r.stderr


def test_maker_maker_tic_tac_toe_is_a_draw_both_routes_certified():
    g = parse_pg(TTT_MM)
    for method in ("explicit", "qbf"):
        out = solve("pg", g, method, certificate=method == "explicit")
        assert out.winner == pg.DRAW
    cert = solve("pg", g, "explicit", certificate=True).certificate
    assert check_certificate(cert).verdict == {"winner": "draw"}
    lying = dict(cert, claim={"game": "pg", "winner": "black"})
    with pytest.raises(CertificateError):
        check_certificate(lying)


def test_hex_generator_matches_known_counts_and_outcomes():
    assert [len(hex_board(k).edge_masks) for k in (1, 2, 3, 4)] == [1, 3, 11, 54]
    for k in (2, 3):  # the first player wins Hex
        assert solve("pg", hex_game(k), "explicit").winner == pg.BLACK
        assert solve("pg", hex_game(k), "qbf").winner == pg.BLACK
    # black to move after white took the 3x3 centre, but only two black moves left
    assert solve("pg", hex_game(3, white=["b2"], moves=3), "explicit").winner == pg.WHITE


@needs_hein
@pytest.mark.parametrize("name", SMALL)
def test_hein_explicit_vs_qbf(name):
    g = load_instance("pg", HEIN / name)
    ex = solve("pg", g, "explicit", certificate=True)
    q = solve("pg", g, "qbf", certificate=name.startswith("hein_04"))
    assert ex.winner == q.winner
    check_certificate(ex.certificate)
    if q.certificate:
        check_certificate(q.certificate)


@needs_hein
@pytest.mark.slow
@pytest.mark.parametrize("name", MEDIUM)
def test_hein_explicit_vs_qbf_medium(name):
    g = load_instance("pg", HEIN / name)
    ex = solve("pg", g, "explicit")
    for backend in ("depqbf", "caqe"):
        assert solve("pg", g, "qbf", backend=backend, timeout=300).winner == ex.winner
    check_certificate(solve("pg", g, "qbf", certificate=True).certificate)


@needs_hein
def test_cli_solve_pg_json():
    r = subprocess.run([sys.executable, "-m", "verify.cli", "solve", "pg", str(HEIN / "hein_04_3x3-05.pg"),
                        "--method", "qbf", "--json"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["winner"] == "black"
