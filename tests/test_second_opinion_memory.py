"""The second checker's packed storage (verify/second_opinion/pg_proof.py, module docstring): what a
pg-proof walk keeps for the whole walk — entry keys, link targets, ``done`` keys and carriers — is
packed into ints and bytes at the dict boundaries while the rules compute on frozensets. Packing must
be one-to-one (a residual key equal exactly when the needs and the time are) and lose nothing."""
from __future__ import annotations

import copy
import json
import pathlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from verify.second_opinion import Refused, check
from verify.second_opinion.pg import game_of
from verify.second_opinion.pg_proof import Walk, cells_of, mask

CLASSICAL = pathlib.Path(__file__).resolve().parent.parent / "proofs" / "classical"


def load(name: str) -> dict:
    return json.loads((CLASSICAL / name).read_text())


def walk_of(name: str, index: int = 0) -> tuple:
    """(the certificate, a Walk of its answer ``index``, read but not run)."""
    cert = load(name)
    game, _asked, _colour, _verdict = game_of(cert)
    q = cert["questions"][index]
    return cert, Walk(game, q["attacker"], q)


RESIDUAL = walk_of("snaky-7x7-maker-first.json")[1]   # Maker-Breaker: keys are the needs
KEYED = walk_of("ap-14-4-race.json")[1]               # a race: keys are the states


@given(st.frozensets(st.integers(0, 300)))
def test_mask_round_trip(cells):
    assert cells_of(mask(cells)) == cells
    assert mask(cells) == sum(1 << c for c in cells)


@st.composite
def states(draw, walk):
    """A state of the walk's game: disjoint stones of both colours off the initial ones, a time."""
    g = walk.game
    free = sorted(walk.cells - g.black0 - g.white0)
    colour = draw(st.lists(st.sampled_from((0, 1, 2)), min_size=len(free), max_size=len(free)))
    b = frozenset(c for c, k in zip(free, colour) if k == 1) | g.black0
    w = frozenset(c for c, k in zip(free, colour) if k == 2) | g.white0
    return b, w, draw(st.integers(0, len(walk.sched)))


@pytest.mark.parametrize("walk", [RESIDUAL, KEYED], ids=["residual", "keyed"])
@given(data=st.data())
def test_state_round_trip(walk, data):
    s = data.draw(states(walk))
    assert walk.unpack(walk.pack(s)) == s


def needs_key(walk, state) -> tuple:
    """The unpacked residual key: (the needs X can still complete, t) — the spec's key."""
    own, opp = walk.own_opp(state)
    return frozenset(walk.x_needs(own, opp, walk.left_x[state[2]])), state[2]


@given(data=st.data())
def test_residual_keys_are_the_needs_one_to_one(data):
    """family(key(s)) is the needs of s, and two packed keys are equal exactly when the needs and the
    time are (the second state drawn near the first, so that equal needs happen)."""
    walk = RESIDUAL
    s1 = data.draw(states(walk))
    b, w, t = s1
    drop = data.draw(st.frozensets(st.sampled_from(sorted(b | w)), max_size=3)) if b | w else frozenset()
    s2 = (b - drop, w - drop, data.draw(st.sampled_from((t, max(0, t - 1)))))
    k1, k2 = walk.key(s1), walk.key(s2)
    assert k1[0] == t and walk.family(k1) == needs_key(walk, s1)[0]
    assert (k1 == k2) == (needs_key(walk, s1) == needs_key(walk, s2))


@pytest.mark.parametrize("name", ["snaky-7x7-maker-first.json", "ap-14-4-race.json"])
def test_walk_stores_no_frozenset(name):
    """After a whole walk, every stored key and value is packed: no frozenset is kept per state."""
    cert, walk = walk_of(name)
    walk.run((walk.game.black0, walk.game.white0, 0), cert["questions"][0]["wins"])
    assert walk.done and walk.derived

    def packed(x):
        return isinstance(x, (int, bytes, str, type(None))) or (
            isinstance(x, tuple) and all(packed(y) for y in x))
    for table in (walk.done, walk.moves, walk.pairings, walk.lines, walk.replies, walk.parts):
        assert all(packed(k) and packed(v) for k, v in table.items())
    assert all(type(k) is int and type(v[0]) is int for k, v in walk.links.items())


def test_pairing_checked_when_read_not_only_when_used():
    """A pairing is stored as its text; a malformed one is still refused when the answer is read,
    even at a state the walk never reaches."""
    cert = load("snaky-7x7-maker-first.json")
    q = cert["questions"][0]
    entry = copy.deepcopy(q["pairings"][0])
    entry[3] = entry[3] + " a1"
    entry[0] += 2                     # another state: two more stones, one of each colour ...
    free = [v for v in cert["instance"]["vertices"] if v not in (entry[1] + " " + entry[2] + " " + entry[3]).split()]
    entry[1] = (entry[1] + " " + free[0]).strip()
    entry[2] = (entry[2] + " " + free[1]).strip()
    q["pairings"].append(entry)
    with pytest.raises(Refused, match="odd number"):
        check(cert)
