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


#: certificates proofs/make.sh writes into proofs/large/ (out of git; "long": only with VERIFY_LONG=1):
#: (file, instance, --first or None, expected verdict, long, what it settles)
LARGE_PROOFS = [
    ("ap-27-5-maker-first.json", "ap-27-5.txt", "maker", "breaker", False,
     "the threshold 28 of k = 5 (Maker first), Breaker's side: Breaker wins on {1..27} (tens of MB)"),
    ("L-6x6-race-11.json", "L-6x6-race-11.pg", None, "draw", False,
     "the L pentomino's race on 6x6: the first player does not win within 11 moves (3.4 MB)"),
    ("L-6x6-race-12.json", "L-6x6-race-12.pg", None, "draw", True,
     "... nor within 12 moves (3.9 MB; 21 CPU minutes to decide and certify)"),
    ("qubic-maker-first.zip", "qubic.txt", "maker", "maker", True,
     "Qubic, Maker-Breaker, Maker first: Maker wins (Patashnik 1980; Allis & Schoo 1992, for the "
     "strong game): a book, 1.07 MB zip of 12 parts, about 32 CPU s to check"),
    ("qubic-race.json", "qubic-race.pg", None, "black", True,
     "Qubic's strong game: the first player wins the race (Patashnik 1980), from Patashnik's "
     "dictionary (41.5 MB; both checkers, about 2 CPU minutes)"),
    ("ap-39-6-maker-first.zip", "ap-39-6.txt", "maker", "breaker", True,
     "the 6-term progression game on {1..39}, Maker first: Breaker wins, so the Maker-Breaker "
     "threshold of k = 6 is above 39: a book of 20 parts (173 MB zip)"),
    ("ap-40-6-maker-first.zip", "ap-40-6.txt", "maker", "breaker", True,
     "the 6-term progression game on {1..40}, Maker first: Breaker wins, so the Maker-Breaker "
     "threshold of k = 6 is above 40: a book of 20 parts (187 MB zip)"),
    ("ap-30-5-race.zip", "ap-30-5-race.pg", None, "draw", True,
     "the 5-term progression race on {1..30} is a draw, so the race threshold is 31: a book of 15 "
     "parts (both checkers, about 45 CPU minutes)"),
]


@pytest.mark.slow
@pytest.mark.parametrize("name,instance,first,expect,long,what", LARGE_PROOFS, ids=[p[0] for p in LARGE_PROOFS])
def test_large_proof_answers_its_question(name, instance, first, expect, long, what):
    """A certificate of proofs/large/, where built, answers its question (``what``) with both
    checkers; skipped where it has not been built."""
    cert = ROOT / "proofs/large" / name
    if not cert.exists():
        pytest.skip(f"proofs/large/{name} is built by proofs/make.sh{' with VERIFY_LONG=1' if long else ''}")
    args = ["--first", first] if first else []
    inst = ROOT / "examples/classical" / instance
    assert main(["check", "--second-opinion", str(cert), "--instance", str(inst), *args, "--expect", expect]) == 0


@pytest.mark.slow
def test_skinny_6x6_race_is_a_draw(tmp_path):
    """Skinny's board number 7 (the published value): the full 6x6 race is a draw, certified (12.6 MB,
    so rebuilt here rather than committed; proofs/make.sh writes it into proofs/large/)."""
    pytest.importorskip("numba")
    cert = tmp_path / "skinny-6x6-race.json"
    inst = ROOT / "examples/classical/skinny-6x6-race.pg"
    assert main(["solve", "pg", str(inst), "--method", "search", "--certificate", str(cert)]) == 0
    assert main(["check", "--second-opinion", str(cert), "--instance", str(inst), "--expect", "draw"]) == 0
