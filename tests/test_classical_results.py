"""The classical results of docs/classical.md: every instance in examples/classical/ is what
`verify family` writes (so each certificate is about the named game), and the certificates too large
for git (proofs/large/) are rebuilt and checked in the slow suite."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from verify.certificates.checker import check_file
from verify.cli import main
from verify.families import family
from verify.formats import read_hypergraph
from verify.formats.pg import read_pg
from verify.games.positional import race

ROOT = Path(__file__).resolve().parent.parent
INSTANCES = sorted((ROOT / "examples/classical").iterdir())
NAME = re.compile(r"(?P<family>ap|[a-zA-Z]+)-(?P<a>\d+)(?:x(?P<b>\d+)|-(?P<k>\d+))(?P<race>-race(?:-(?P<moves>\d+))?)?")


def _built(path: Path):
    """The game `verify family` builds for an instance named like qubic, ap-13-4, skinny-6x6, L-5x5,
    tippy-3x3-race-5 (.txt: the hypergraph; .pg: the race, black having the named number of moves)."""
    if path.stem == "qubic":
        return family("qubic")
    if path.stem == "qubic-race":
        return race(family("qubic"))
    for prop in ("triangle", "hamilton"):  # boards on the edges of K_n: verify family graph PROP N
        if path.stem.startswith(f"{prop}-K"):
            return family("graph", prop, int(path.stem[len(prop) + 2:]))
    m = NAME.fullmatch(path.stem)
    assert m, path.name
    h = (family("ap", m["a"], m["k"]) if m["family"] == "ap"
         else family("animal", m["family"], m["a"], m["b"]))
    if path.suffix == ".pg":
        assert m["race"]
        return race(h, None if m["moves"] is None else int(m["moves"]))
    return h


@pytest.mark.parametrize("path", INSTANCES, ids=lambda p: p.name)
def test_instance_is_the_named_family(path):
    built = _built(path)
    if path.suffix == ".pg":
        read = read_pg(path)
        assert (read.black_sets, read.white_sets, read.schedule(), read.positions) == \
            (built.black_sets, built.white_sets, built.schedule(), built.positions)
    else:
        read = read_hypergraph(path)
        assert (read.vertices, sorted(read.edge_masks)) == (built.vertices, sorted(built.edge_masks))


@pytest.mark.slow
def test_skinny_5x5_breaker_wins(tmp_path):
    """Skinny's Maker-Breaker board number is 6: Breaker wins on 5x5 (rebuilt here; 12 KB with pairing
    leaves, committed in proofs/classical/)."""
    cert = tmp_path / "skinny-5x5.json"
    inst = ROOT / "examples/classical/skinny-5x5.txt"
    assert main(["solve", "maker-breaker", str(inst), "--method", "search", "--certificate", str(cert)]) == 0
    check_file(cert)
    assert main(["check", "--second-opinion", str(cert), "--instance", str(inst), "--first", "maker", "--expect", "breaker"]) == 0


def test_vdw_5_breaker_side_on_22(tmp_path):
    """van der Waerden k = 5, Maker first: Breaker wins on {1..22}, certified by the kernel's search
    with its searched pairings and the defender's replies into them (about 27 KB; the builder's
    Python lookahead, which the kernel's pairings replace, gave 22 KB)."""
    cert = tmp_path / "ap-22-5.json"
    inst = tmp_path / "ap-22-5.txt"
    assert main(["family", "ap", "22", "5", "-o", str(inst)]) == 0
    assert main(["solve", "maker-breaker", str(inst), "--method", "search", "--certificate", str(cert)]) == 0
    assert main(["check", "--second-opinion", str(cert), "--instance", str(inst), "--first", "maker", "--expect", "breaker"]) == 0
    assert cert.stat().st_size < 30_000


@pytest.mark.slow
def test_vdw_5_threshold_breaker_side():
    """The threshold 28 of k = 5 (Maker first), Breaker's side: the certificate on {1..27} that
    proofs/make.sh writes into proofs/large/ (tens of MB, out of git) answers its question."""
    cert = ROOT / "proofs/large/ap-27-5-maker-first.json"
    if not cert.exists():
        pytest.skip("proofs/large/ap-27-5-maker-first.json is built by proofs/make.sh")
    inst = ROOT / "examples/classical/ap-27-5.txt"
    assert main(["check", "--second-opinion", str(cert), "--instance", str(inst), "--first", "maker", "--expect", "breaker"]) == 0


@pytest.mark.slow
def test_l_pentomino_6x6_race_not_within_11():
    """The L pentomino's race on 6x6: the first player does not win within 11 moves (3.4 MB, in
    proofs/large/ out of git, written by proofs/make.sh)."""
    cert = ROOT / "proofs/large/L-6x6-race-11.json"
    if not cert.exists():
        pytest.skip("proofs/large/L-6x6-race-11.json is built by proofs/make.sh")
    inst = ROOT / "examples/classical/L-6x6-race-11.pg"
    assert main(["check", "--second-opinion", str(cert), "--instance", str(inst), "--expect", "draw"]) == 0


@pytest.mark.slow
def test_l_pentomino_6x6_race_not_within_12():
    """... nor within 12 moves (3.9 MB, proofs/large/, written by proofs/make.sh with
    VERIFY_LONG=1: 21 CPU minutes to decide and certify)."""
    cert = ROOT / "proofs/large/L-6x6-race-12.json"
    if not cert.exists():
        pytest.skip("proofs/large/L-6x6-race-12.json is built by proofs/make.sh with VERIFY_LONG=1")
    inst = ROOT / "examples/classical/L-6x6-race-12.pg"
    assert main(["check", "--second-opinion", str(cert), "--instance", str(inst), "--expect", "draw"]) == 0


@pytest.mark.slow
def test_qubic_maker_first_book():
    """Qubic, Maker-Breaker, Maker first: Maker wins (Patashnik 1980; Allis & Schoo 1992, for the
    strong game). The book proofs/make.sh writes with VERIFY_LONG=1 (1.07 MB zip of 12 parts, about
    32 CPU s to check) answers its question; skipped where it has not been built."""
    cert = ROOT / "proofs/large/qubic-maker-first.zip"
    if not cert.exists():
        pytest.skip("proofs/large/qubic-maker-first.zip is built by proofs/make.sh with VERIFY_LONG=1")
    inst = ROOT / "examples/classical/qubic.txt"
    assert main(["check", "--second-opinion", str(cert), "--instance", str(inst), "--first", "maker", "--expect", "maker"]) == 0


@pytest.mark.slow
def test_qubic_strong_game():
    """Qubic's strong game: the first player wins the race (Patashnik 1980). The certificate
    proofs/make.sh writes with VERIFY_LONG=1 from Patashnik's dictionary (41.5 MB; both checkers,
    about 2 CPU minutes) answers its question; skipped where it has not been built."""
    cert = ROOT / "proofs/large/qubic-race.json"
    if not cert.exists():
        pytest.skip("proofs/large/qubic-race.json is built by proofs/make.sh with VERIFY_LONG=1")
    inst = ROOT / "examples/classical/qubic-race.pg"
    assert main(["check", "--second-opinion", str(cert), "--instance", str(inst), "--expect", "black"]) == 0


@pytest.mark.slow
def test_ap_30_5_race_is_a_draw():
    """The 5-term progression race on {1..30} is a draw, so the race threshold is 31: the book
    proofs/make.sh writes with VERIFY_LONG=1 (both checkers, about an hour) answers its question;
    skipped where it has not been built."""
    cert = ROOT / "proofs/large/ap-30-5-race.zip"
    if not cert.exists():
        pytest.skip("proofs/large/ap-30-5-race.zip is built by proofs/make.sh with VERIFY_LONG=1")
    inst = ROOT / "examples/classical/ap-30-5-race.pg"
    assert main(["check", "--second-opinion", str(cert), "--instance", str(inst), "--expect", "draw"]) == 0

@pytest.mark.slow
def test_skinny_6x6_race_is_a_draw(tmp_path):
    """Skinny's board number 7 (the published value): the full 6x6 race is a draw, certified (12.6 MB,
    so rebuilt here rather than committed; proofs/make.sh writes it into proofs/large/)."""
    pytest.importorskip("numba")
    cert = tmp_path / "skinny-6x6-race.json"
    inst = ROOT / "examples/classical/skinny-6x6-race.pg"
    assert main(["solve", "pg", str(inst), "--method", "search", "--certificate", str(cert)]) == 0
    assert main(["check", "--second-opinion", str(cert), "--instance", str(inst), "--expect", "draw"]) == 0
