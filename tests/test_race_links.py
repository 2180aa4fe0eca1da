"""Automorphism links in games the pg-proof checker keys by the full state (races, Maker-Maker
games, #firstmoves): every race certificate built with them checks and its verdict is the reference
search's (or the explicit solver's); forged links (a map preserving one player's family only, a
colour swap, a map that is not a bijection, a link across time points, stones not carried over, a
cycle) are refused with one clear line."""
from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from verify.certificates.checker import check_certificate
from verify.errors import CertificateError
from verify.families import family, tic_tac_toe
from verify.formats.pg import parse_pg
from verify.games import positional as pg
from verify.solvers.search.methods import search_pg

from test_search import reference

pytest.importorskip("numba")

ENGINES = ["python", "fast"]


def certified(game: pg.PositionalGame, engine: str) -> tuple[str, dict]:
    """(the search's verdict, its certificate, checked)."""
    out = search_pg(game, certificate=True, engine=engine)
    check_certificate(out.certificate)
    return out.winner, out.certificate


def links_of(cert: dict) -> int:
    return sum(len(q.get("links", [])) for q in cert["questions"])


SMALL_RACES = [("animal", "tippy", 3, 4), ("animal", "tippy", 3, None), ("animal", "elly", 3, None),
               ("animal", "elly", 4, 4), ("animal", "knobby", 4, None), ("animal", "knobby", 5, 4),
               ("animal", "L", 4, None), ("animal", "L", 5, 5), ("animal", "Y", 5, 5),
               ("ap", 5, 3, None), ("ap", 7, 3, None), ("ap", 9, 3, 3), ("ap", 11, 4, 5)]


@pytest.mark.parametrize("spec", SMALL_RACES, ids=lambda s: "-".join(map(str, s)))
def test_race_certificates_with_links_check_and_agree(spec):
    """Symmetric races: the compiled kernel's certificate carries links (in refutations: every
    race here has a nontrivial group), checks, and its verdict is the pure-Python reference search's."""
    *params, moves = spec
    game = pg.race(family(*params), moves)
    want = search_pg(game, engine="python", symmetry=False).winner
    won, cert = certified(game, "fast")
    assert won == want
    # a refutation walks every X move on a live set: symmetric ones are linked
    assert links_of(cert) > 0 or all(q["wins"] or not q["moves"] for q in cert["questions"])
    won, cert = certified(game, "python")
    assert won == want


def test_links_shrink_a_race_certificate():
    """The Y pentomino 5x5 race (a draw): fewer recorded entries and derived states with links."""
    from verify.solvers.search import methods as search_methods
    game = pg.race(family("animal", "Y", 5))
    with_links = check_certificate(search_pg(game, certificate=True, engine="fast").certificate)
    saved = search_methods._state_linker
    search_methods._state_linker = lambda walk, links: None
    try:
        plain = search_pg(game, certificate=True, engine="fast").certificate
    finally:
        search_methods._state_linker = saved
    assert links_of(plain) == 0
    states = [int(r.detail.split()[0]) for r in (with_links, check_certificate(plain))]
    assert states[0] < states[1]


@st.composite
def symmetric_maker_maker(draw):
    """A Maker-Maker game on n cells whose families are closed under a cell permutation (the
    rotation i -> i + 1 mod n or the reflection i -> n - 1 - i), with a random schedule."""
    n = draw(st.integers(3, 7))
    rot = draw(st.booleans())
    perm = [(i + 1) % n for i in range(n)] if rot else [n - 1 - i for i in range(n)]

    def closure(sets):
        out = set()
        for s in sets:
            m = s
            for _ in range(n):
                out.add(m)
                m = sum(1 << perm[i] for i in range(n) if m >> i & 1)
        return tuple(sorted(out))

    def fam():
        return closure(draw(st.lists(st.integers(1, (1 << n) - 1).filter(lambda m: m.bit_count() <= 3),
                                     min_size=1, max_size=3)))

    black, white = fam(), fam()
    sched = draw(st.lists(st.sampled_from("BW"), min_size=1, max_size=n))
    times = tuple(f"t{i}" for i in range(len(sched)))
    turns = frozenset(t for t, c in zip(times, sched) if c == "B")
    return pg.PositionalGame(tuple(f"c{i}" for i in range(n)), black, white, 0, 0, times, turns, None, True)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(symmetric_maker_maker(), st.sampled_from(ENGINES))
def test_symmetric_maker_maker_games(game, engine):
    """Hypothesis games with a symmetry: the certificate (links where the walk meets an orbit
    twice) checks and the verdict is the explicit solver's."""
    assume(game.initial_winner() is None)
    won, _ = certified(game, engine)
    assert won == reference(game)


# -- forged links -----------------------------------------------------------------------------------

def _race_cert(game=None) -> dict:
    game = game or pg.race(tic_tac_toe(3))
    return search_pg(game, certificate=True, engine="python").certificate


def _refused(cert, words: str):
    with pytest.raises(CertificateError, match=words):
        check_certificate(cert)


def test_tic_tac_toe_race_links_and_forgeries():
    """The 3x3 race (a draw) has links through the square's symmetries; breaking one is refused."""
    cert = _race_cert()
    check_certificate(cert)
    q = next(q for q in cert["questions"] if q.get("links"))
    i = next(k for k, e in enumerate(q["links"]) if not e[5].startswith("@") or q.get("maps"))
    e = q["links"][i]
    cmap = dict(p.split(">") for p in (q["maps"][int(e[5][1:])] if e[5].startswith("@") else e[5]).split())

    # not a bijection: two cells to one
    bad = copy.deepcopy(cert)
    names = sorted(cmap)
    broken = dict(cmap)
    broken[names[0]] = broken[names[1]]
    _bq(bad, q)["links"][i][5] = " ".join(f"{a}>{b}" for a, b in broken.items())
    _refused(bad, "not an automorphism")
    # a partial map
    bad = copy.deepcopy(cert)
    _bq(bad, q)["links"][i][5] = " ".join(f"{a}>{b}" for a, b in list(cmap.items())[:-1])
    _refused(bad, "not an automorphism")
    # colours swapped: the target's black and white stones exchanged
    bad = copy.deepcopy(cert)
    f = _bq(bad, q)["links"][i]
    f[3], f[4] = f[4], f[3]
    _refused(bad, "carry the stones|equal state|more stones than turns")
    # a link to a state of another time point (one more stone)
    bad = copy.deepcopy(cert)
    f = _bq(bad, q)["links"][i]
    free = [x for x in cmap if x not in f[3].split() + f[4].split()]
    f[3] = (f[3] + " " + free[0]).strip()
    _refused(bad, "carry the stones|more stones than turns")


def _bq(cert, q):
    return next(x for x in cert["questions"] if x["attacker"] == q["attacker"])


def test_map_preserving_one_family_only_is_refused(monkeypatch):
    """Black wins PG_ONE_SIDED by a (a double threat blocking white's {a, g}) and loses by d. A forged
    draw links the state after a to the state after d through a<->d, b<->e, c<->f: an automorphism
    of black's sets, not of white's. Refused; accepted by a checker that looks at X's sets only (the
    rule has teeth)."""
    from test_certificate_fuzz import PG_ONE_SIDED
    from verify.certificates.proof import ProofWalk, _image
    game = parse_pg(PG_ONE_SIDED)
    assert reference(game) == pg.BLACK
    forged = _race_cert(game)
    forged["claim"]["verdict"]["winner"] = pg.DRAW
    forged["questions"] = [
        {"attacker": "black", "wins": False, "moves": [],
         "links": [[1, "a", "", "d", "", "a>d b>e c>f d>a e>b f>c g>g"]]},
        {"attacker": "white", "wins": False, "moves": []}]
    _refused(copy.deepcopy(forged), "not an automorphism")

    def xsets_only(self, cmap):
        return len(set(cmap.values())) == len(cmap) == len(self.game.positions) and all(
            _image(cmap, s) in set(self.xsets) for s in self.xsets)

    monkeypatch.setattr(ProofWalk, "_automorphism", xsets_only)
    check_certificate(forged)  # the false claim passes without the check of white's sets


def test_forged_race_refutation_through_cycles_is_refused():
    """A black win (the 5-cell vdW race, k = 3) claimed a draw: the refutation links black's first
    moves to one another through board automorphisms (every link an automorphism carrying the
    stones over): only the cycle stands between the checker and the false claim."""
    game = pg.race(family("ap", 5, 3))
    assert reference(game) == pg.BLACK
    cert = _race_cert(game)
    names = [str(i) for i in range(1, 6)]
    flip = " ".join(f"{x}>{6 - int(x)}" for x in names)
    forged = copy.deepcopy(cert)
    forged["claim"]["verdict"]["winner"] = pg.DRAW
    forged["questions"] = [
        {"attacker": "black", "wins": False, "moves": [],
         "links": [[1, "1", "", "5", "", flip], [1, "5", "", "1", "", flip],
                   [1, "2", "", "4", "", flip], [1, "4", "", "2", "", flip]]},
        {"attacker": "white", "wins": False, "moves": []}]
    with pytest.raises(CertificateError):
        check_certificate(json.loads(json.dumps(forged)))
