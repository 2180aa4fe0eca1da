"""The independent checker: accepts what the solvers certify, and never accepts a false claim.

The mutation suite tampers with certificates (swapped moves, dropped branches, wrong claims,
altered instances, altered labels). A mutated certificate may only pass if its (possibly new) claim
is true according to the reference; mutations that always falsify the certificate must be rejected.
"""
import copy
import json

import pytest
from hypothesis import assume, given, reject, strategies as st

from verify.certificates.checker import check_certificate
from verify.certificates.strategy import pairing_certificate
from verify.errors import CertificateError, UndefinedGame
from verify.families import tic_tac_toe
from verify.formats import hypergraph_from_json
from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import Hypergraph
from verify.solvers.explicit import solve_impartial, solve_maker_breaker
from verify.strategies import hypergraphs, impartial_kinds, players


def mb_cert(h, first):
    return solve_maker_breaker(MakerBreakerGame(h, first), certificate=True).certificate


def true_winner(cert):
    """The reference's winner of the question a Maker-Breaker certificate claims to answer."""
    q = cert["claim"]["question"]
    h = hypergraph_from_json({**cert["instance"], "marked": q["position"]["maker"]})
    return solve_maker_breaker(MakerBreakerGame(h, q["first"], frozenset(q["position"]["breaker"]))).winner


def accepted(cert) -> bool:
    try:
        check_certificate(cert)
        return True
    except CertificateError:
        return False


def test_tic_tac_toe_certificates():
    for n, first in ((3, "maker"), (3, "breaker"), (4, "maker")):
        report = check_certificate(json.loads(json.dumps(mb_cert(tic_tac_toe(n), first))))
        assert report.question.first == first


@given(hypergraphs(max_vertices=7, marked=True), players)
def test_solver_certificates_verify(h, first):
    assert accepted(mb_cert(h, first))


@given(hypergraphs(max_vertices=7, marked=True), players)
def test_wrong_claim_rejected(h, first):
    cert = mb_cert(h, first)
    cert["claim"]["verdict"]["winner"] = "breaker" if cert["claim"]["verdict"]["winner"] == "maker" else "maker"
    assert not accepted(cert)


@given(hypergraphs(max_vertices=7, marked=True), players, st.data())
def test_dropped_branch_rejected(h, first, data):
    cert = mb_cert(h, first)
    assume(cert["strategy"])
    i = data.draw(st.integers(0, len(cert["strategy"]) - 1))
    del cert["strategy"][i]
    assert not accepted(cert)  # every recorded residual is reachable


@given(hypergraphs(max_vertices=7, marked=True), players, st.data())
def test_swapped_move_sound(h, first, data):
    cert = mb_cert(h, first)
    assume(cert["strategy"])
    entry = data.draw(st.sampled_from(cert["strategy"]))
    entry["move"] = data.draw(st.sampled_from(cert["instance"]["vertices"]))
    if accepted(cert):  # only possible if the new move also wins: the claim must still be true
        assert true_winner(cert) == cert["claim"]["verdict"]["winner"]


@given(hypergraphs(max_vertices=7, marked=True), players, st.data())
def test_altered_instance_sound(h, first, data):
    cert = mb_cert(h, first)
    inst = cert["instance"]
    choice = data.draw(st.sampled_from(["drop-edge", "add-edge", "flip-first", "mark", "unmark"]))
    if choice == "drop-edge" and inst["edges"]:
        inst["edges"].pop(data.draw(st.integers(0, len(inst["edges"]) - 1)))
    elif choice == "add-edge":
        e = sorted(data.draw(st.sets(st.sampled_from(inst["vertices"]), min_size=1, max_size=3)))
        if sorted(e) not in [sorted(x) for x in inst["edges"]]:
            inst["edges"].append(e)
    elif choice == "flip-first":
        cert["claim"]["question"]["first"] = "breaker" if first == "maker" else "maker"
    elif choice == "mark":
        maker = cert["claim"]["question"]["position"]["maker"]
        maker[:] = sorted(set(maker) | {data.draw(st.sampled_from(inst["vertices"]))})
    else:
        del cert["claim"]["question"]["position"]["maker"][:1]
    if accepted(cert):
        assert true_winner(cert) == cert["claim"]["verdict"]["winner"]


@pytest.mark.parametrize("mutate, msg", [
    (lambda c: c.update(format="other"), "not a verify-certificate"),
    (lambda c: c.update(kind="magic"), "unknown certificate kind"),
    (lambda c: c["instance"]["edges"].append(["zz"]), "unknown vertex"),
    (lambda c: c["strategy"][0].update(move="zz"), "unknown vertex"),
    (lambda c: c["strategy"].append(copy.deepcopy(c["strategy"][0])), "same residual"),
    (lambda c: c.update(strategy="none"), "must be a list"),
    (lambda c: c["claim"]["verdict"].update(winner="draw"), "winner"),
    (lambda c: c.pop("instance"), "instance"),
])
def test_malformed_certificates(mutate, msg):
    cert = mb_cert(tic_tac_toe(3), "maker")
    mutate(cert)
    with pytest.raises(CertificateError, match=msg):
        check_certificate(cert)


def test_pairing_certificates():
    # two disjoint edges, each paired: Breaker wins by pairing
    h = Hypergraph([["a", "b", "c"], ["d", "e"]])
    assert accepted(pairing_certificate(MakerBreakerGame(h), [["a", "b"], ["d", "e"]]))
    assert not accepted(pairing_certificate(MakerBreakerGame(h), [["a", "b"]]))            # edge de unpaired
    assert not accepted(pairing_certificate(MakerBreakerGame(h), [["a", "b"], ["b", "c"]]))  # overlap
    assert not accepted(pairing_certificate(MakerBreakerGame(tic_tac_toe(3)), []))


@given(hypergraphs(max_vertices=6, edge_sizes=(1, 2, 3)), impartial_kinds, st.data())
def test_nim_labelling_certificates(h, kind, data):
    try:
        cert = solve_impartial(kind, h, certificate=True).certificate
    except UndefinedGame:
        reject()
    assert accepted(cert)
    bad = copy.deepcopy(cert)
    bad["claim"]["verdict"]["nim"] += data.draw(st.integers(1, 3))
    assert not accepted(bad)
    bad = copy.deepcopy(cert)
    entry = data.draw(st.sampled_from(bad["labels"]))
    entry[1] += data.draw(st.integers(1, 3))
    assert not accepted(bad)  # every label is on a reachable position and pinned by mex
    bad = copy.deepcopy(cert)
    bad["labels"].pop(data.draw(st.integers(0, len(bad["labels"]) - 1)))
    assert not accepted(bad)


# -- crafted attacks on the pg-proof checker's links ---------------------------------------------

TRIANGLE = {"vertices": ["a", "b", "c"], "edges": [["a", "b"], ["a", "c"], ["b", "c"]]}


def _triangle_refutation(links):
    """'Breaker wins, Maker first' on the triangle (false: Maker wins), resting on links only."""
    from verify.solvers.search.methods import solve_maker_breaker_search
    cert = solve_maker_breaker_search(MakerBreakerGame(Hypergraph(TRIANGLE["edges"], vertices=TRIANGLE["vertices"]),
                                                       "maker"), certificate=True).certificate
    assert cert["claim"]["verdict"] == {"winner": "maker"}
    cert["claim"]["verdict"] = {"winner": "breaker"}
    cert["questions"] = [{"attacker": "black", "wins": False, "moves": [], "links": links}]
    return cert


@pytest.mark.parametrize("links", [
    # a cycle a -> b -> a, with c linked into it: no state explored at all
    [[1, "a", "", "b", "", "a>b b>a c>c"], [1, "b", "", "a", "", "a>b b>a c>c"],
     [1, "c", "", "a", "", "a>c c>a b>b"]],
    # a three-cycle a -> b -> c -> a
    [[1, "a", "", "b", "", "a>b b>a c>c"], [1, "b", "", "c", "", "b>c c>b a>a"],
     [1, "c", "", "a", "", "a>c c>a b>b"]],
    # a self-link
    [[1, "a", "", "a", "", "a>a b>b c>c"]],
])
def test_cyclic_links_never_refute(links):
    with pytest.raises(CertificateError):
        check_certificate(_triangle_refutation(links))


def test_cyclic_links_never_prove():
    cert = _triangle_refutation([[1, "a", "", "b", "", "a>b b>a c>c"], [1, "b", "", "a", "", "a>b b>a c>c"]])
    cert["claim"]["verdict"] = {"winner": "maker"}
    cert["questions"] = [{"attacker": "black", "wins": True, "moves": [], "links": cert["questions"][0]["links"]}]
    with pytest.raises(CertificateError):
        check_certificate(cert)


@pytest.mark.parametrize("change", [
    lambda c: c["questions"][0].update(moves=[[0, "", "", "a"]] * 2),    # duplicated entry
    lambda c: c["questions"][0].update(links=[[10**30, "a", "", "b", "", "a>b b>a"]]),  # huge t, bad map
    lambda c: c["questions"][0].update(moves=[[True, "", "", "a"]]),     # bool for int
    lambda c: c["questions"][0].update(moves=[[0.0, "", "", "a"]]),      # float for int
    lambda c: c["questions"][0].update(links="a>b"),                     # string for list
    lambda c: c["questions"][0].update(links=[[1, "a", "", "b", "", {"a": "b"}]]),  # nested junk
    lambda c: c.update(questions=[]),                                     # empty section
    lambda c: c.update(questions={}),
])
def test_malformed_refutations_rejected(change):
    cert = _triangle_refutation([])
    change(cert)
    with pytest.raises(CertificateError):
        check_certificate(cert)


def test_cyclic_link_refutation_reaches_the_links():
    """The crafted certificate passes the envelope: the rejection names the cycle."""
    cert = _triangle_refutation([[1, "a", "", "b", "", "a>b b>a c>c"], [1, "b", "", "a", "", "a>b b>a c>c"],
                                 [1, "c", "", "a", "", "a>c c>a b>b"]])
    with pytest.raises(CertificateError, match="cyclic links"):
        check_certificate(cert)


@pytest.mark.parametrize("kind", ["pg-strategy", "pg-proof"])
def test_white_wins_on_an_undefined_game_is_refused(kind):
    """Issue 17: an empty #firstmoves section (no first move allowed) made the game undefined, yet
    'white wins' was accepted. The board is now refused wherever it is read, the checker included."""
    text = "#times\nt1 t2\n#blackturns\nt1\n#positions\na b\n#firstmoves\n#blackwins\na b\n"
    cert = {"format": "verify-certificate", "version": 2, "kind": kind, "instance": {"pg": text},
            "claim": {"question": {"game": "pg", "instance": "sha256:" + "0" * 64,
                                   "position": {"black": [], "white": []}, "first": None, "bound": None},
                      "verdict": {"winner": "white"}}}
    cert.update({"strategies": {"white": []}} if kind == "pg-strategy" else
                {"questions": [{"attacker": "black", "wins": False, "moves": []}]})
    with pytest.raises(CertificateError, match="firstmoves"):
        check_certificate(cert)


def test_check_says_which_position_it_proves(capsys, tmp_path):
    """Issue 17: a tic-tac-toe certificate in which Breaker already holds a1 and b2 is reported with
    that position, and it is not the answer to the question the empty board poses."""
    from pathlib import Path
    from verify.cli import main
    game = MakerBreakerGame(tic_tac_toe(3), "maker", frozenset({"a1", "b2"}))
    cert = solve_maker_breaker(game, certificate=True).certificate
    path = tmp_path / "cert.json"
    path.write_text(json.dumps(cert))
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "breaker {a1,b2}" in out and "maker first" in out and cert["claim"]["question"]["instance"] in out
    board = Path(__file__).resolve().parent.parent / "examples/tic-tac-toe-3.txt"
    assert main(["check", str(path), "--instance", str(board)]) == 1
    assert "not the question" in capsys.readouterr().out
