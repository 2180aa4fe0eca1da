"""The state-legality rule of ``pg-proof`` certificates (docs/spec/pg-proof.md, *Legal states*;
``ProofWalk.check_legal``): every state a certificate names — the key of each recorded entry and each
link's target — is checked before use. Each test is a hand-made forgery aimed at one clause, judged
by ``tests/brute.py`` where it claims a false verdict (issue 31: a link to a state whose colours
overlap once proved Maker's win on boards Breaker wins)."""
from __future__ import annotations

import copy

import pytest

import brute
from verify.certificates.checker import check_certificate
from verify.errors import CertificateError
from verify.formats.jsonfmt import hypergraph_from_json
from verify.formats.questions import hypergraph_board
from verify.question import board_digest

#: a pairing board: Breaker wins whoever starts (each edge is a pair), h = {h1, h2}
PAIRS = {"vertices": ["h1", "h2", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"],
         "edges": [["h1", "h2"], ["a1", "a2"], ["a3", "a4"], ["a5", "a6"], ["a7", "a8"]]}
IDENTITY = " ".join(f"{v}>{v}" for v in ["a3", "a4", "a5", "a6", "a7", "a8"])


def mb_proof(answer: dict, instance=PAIRS, first="maker", winner="maker") -> dict:
    """A pg-proof certificate of a Maker-Breaker question (its claim bound to ``instance``)."""
    h = hypergraph_from_json(instance)
    question = {"game": "maker-breaker", "instance": board_digest(hypergraph_board(h)),
                "position": {"breaker": [], "maker": []}, "first": first, "bound": None}
    return {"format": "verify-certificate", "version": 2, "kind": "pg-proof", "instance": instance,
            "claim": {"question": question, "verdict": {"winner": winner}},
            "questions": [dict({"attacker": "black", "wins": winner == "maker"}, **answer)]}


def refused(cert, match: str) -> None:
    assert brute.truth(*brute.question(cert)) is False  # every forgery here claims a false verdict
    with pytest.raises(CertificateError, match=match):
        check_certificate(cert)


def test_link_target_with_overlapping_colours():
    """The reported hole, in two entries: after Maker a1, Breaker a2, the state is linked to
    (black {h1, h2}, white {h1}): its needs (the four a-pairs; {h1, h2} is touched by white) map
    onto the source's needs, and the whole black set {h1, h2} made it "already won"."""
    cert = mb_proof({"moves": [[0, "", "", "a1"]],
                     "links": [[2, "a1", "a2", "h1 h2", "h1", "a1>h1 a2>h2 " + IDENTITY]]})
    refused(cert, "link's target at time 2: black and white stones overlap")


def test_entry_state_with_overlapping_colours():
    cert = mb_proof({"moves": [[0, "", "", "a1"], [2, "a1 a3", "a3", "a4"]]})
    refused(cert, "black and white stones overlap")


def test_link_target_with_more_stones_than_turns():
    """A target with disjoint colours but two Maker stones after one Maker turn (S2)."""
    cert = mb_proof({"moves": [[0, "", "", "a1"]],
                     "links": [[2, "a1", "a2", "a3 a5", "", "a1>h1 a2>h2 " + IDENTITY]]})
    refused(cert, "maker|black has more stones than turns")


@pytest.mark.parametrize("t", [-1, 11, 99])
def test_entry_time_outside_the_schedule(t):
    cert = mb_proof({"moves": [[0, "", "", "a1"], [t, "", "", "a3"]]})
    refused(cert, "outside the schedule")


def test_entry_with_more_defender_stones_than_turns():
    """S2 for the defender, in a game keyed by the state (a race: white has sets). In residual
    games the defender's count is free (a components split adds defender stones)."""
    cert = pg_proof(RACE, {"moves": [[0, "", "", "a"], [2, "a", "c e", "b"]]})
    with pytest.raises(CertificateError, match="white has more stones than turns"):
        check_certificate(cert)


RACE = """#version
1.0
#times
t1 t2 t3 t4 t5
#blackturns
t1 t3 t5
#positions
a b c d e
#blackwins
a b
#whitewins
c d
"""


def test_state_where_both_players_hold_a_set():
    """S3: a state in which both colours hold a whole set is reached by no play (play stops at the
    first completed set); naming one is refused."""
    cert = pg_proof(RACE, {"moves": [[0, "", "", "a"], [4, "a b", "c d", "e"]]})
    with pytest.raises(CertificateError, match="both players hold a whole set"):
        check_certificate(cert)


def pg_proof(text: str, answer: dict, winner: str = "black") -> dict:
    from verify.formats.pg import parse_pg
    from verify.formats.questions import pg_board
    game = parse_pg(text)
    question = {"game": "pg", "instance": board_digest(pg_board(game)),
                "position": {"black": [], "white": []}, "first": None, "bound": None}
    return {"format": "verify-certificate", "version": 2, "kind": "pg-proof", "instance": {"pg": text},
            "claim": {"question": question, "verdict": {"winner": winner}},
            "questions": [dict({"attacker": "black", "wins": True}, **answer)]}


def test_entry_naming_an_initial_stone():
    """An entry may not list an initial stone, of either colour (the stones are implied)."""
    text = RACE + "#whiteinitials\ne\n"
    cert = pg_proof(text, {"moves": [[0, "", "", "a"], [2, "a", "e", "b"]]})
    with pytest.raises(CertificateError, match="initial stone"):
        check_certificate(cert)
