"""Symmetry links in ``positional-strategy`` certificates (docs/spec/positional-strategy.md, rule P10):
the builder (verify.solvers.explicit_conventions.strategy_certificate) links a state to an earlier
claim entry's state with the same canonical key (verify.solvers.search.labels), σ(target) = state
checked; the linked certificate is accepted by the kernel and by the second checker, proves the same
verdict, and is smaller than the plain one. The triangle game on K_4 and K_5 in every convention,
several biases and both starters; a few generic boards with a small automorphism group (nauty)."""
from __future__ import annotations

import copy
import itertools
import json
import random
import sys
from pathlib import Path

import pytest

from verify.certificates.checker import check_certificate
from verify.errors import CertificateError
from verify.families.graphs import graph_board
from verify.games import conventions as cv
from verify.hypergraph import Hypergraph
from verify.solvers.explicit_conventions import ConventionSearch, strategy_certificate
from verify.solvers.search import labels as lb
from verify.solvers.search.conventions import ConventionSolver

sys.path.insert(0, str(Path(__file__).parent))
from test_conventions import random_position  # noqa: E402

ROLES = cv.ROLES


def _second(cert):
    from verify.second_opinion import check
    return check(copy.deepcopy(cert))


def _kernel(cert):
    return check_certificate(json.loads(json.dumps(cert)))


def _entries(cert):
    return sum(map(len, cert["strategies"].values()))


def _links(cert):
    return sum("link" in e for t in cert["strategies"].values() for e in t)


def _build(game, oracle=ConventionSolver, symmetric=True):
    s = oracle(game)
    winner = cv.winner_word(game.convention, s.start(game.alice_mask, game.bob_mask, game.alice_first))
    return winner, strategy_certificate(game, s, winner, symmetric=symmetric)


def _games(n, biases):
    h = graph_board("triangle", n)
    for convention in cv.CONVENTIONS:
        firsts = (None,) if convention in cv.STRONG else ROLES[convention]
        for bias in biases:
            for first in firsts:
                yield pytest.param(h, convention, bias, first, id=f"K{n}-{convention}-{bias[0]}:{bias[1]}-{first}")


def _agree(game, oracle=ConventionSolver):
    winner, plain = _build(game, oracle, symmetric=False)
    _, linked = _build(game, oracle)
    r1, r2 = _kernel(linked), _second(linked)
    assert r1.verdict == {"winner": winner} and r2.verdict == {"winner": winner}
    assert _kernel(plain).verdict == r1.verdict
    if "symmetries" not in plain:
        assert "link" not in json.dumps(plain)
    if _links(linked):
        assert _entries(linked) <= _entries(plain)  # a link saves the target's subtree, empty near the end
        assert _entries(plain) < 30 or _entries(linked) < _entries(plain)
        if len(json.dumps(plain)) > 20000:  # below, the generators' text may outweigh the entries saved
            assert len(json.dumps(linked)) < len(json.dumps(plain))
    return plain, linked


@pytest.mark.parametrize("h,convention,bias,first", list(_games(4, [(1, 1), (1, 2), (2, 1)])))
def test_triangle_K4_linked_certificates(h, convention, bias, first):
    _agree(cv.ConventionGame(h, convention, bias, first))


@pytest.mark.parametrize("h,convention,bias,first", list(_games(5, [(1, 1), (1, 2), (2, 1), (1, 3)])))
def test_triangle_K5_linked_certificates(h, convention, bias, first):
    plain, linked = _agree(cv.ConventionGame(h, convention, bias, first))
    if _entries(plain) > 20:  # a real table on K_5 folds under S_5
        assert _links(linked) > 0


@pytest.mark.slow
@pytest.mark.parametrize("convention,bias,first", [("avoider-avoider", (1, 1), None),
                                                   ("avoider-enforcer", (1, 1), "avoider"),
                                                   ("maker-breaker", (1, 2), "maker")])
def test_triangle_K6_linked_certificates(convention, bias, first):
    """Sim (avoider-avoider on K_6): 19,533 plain entries (2.0 MB), about 530 linked (60 KB)."""
    plain, linked = _agree(cv.ConventionGame(graph_board("triangle", 6), convention, bias, first))
    assert _entries(linked) * 10 < _entries(plain)


def test_the_reference_oracle_links_too():
    game = cv.ConventionGame(graph_board("triangle", 5), "avoider-enforcer", (1, 1), "avoider")
    _, linked = _agree(game, ConventionSearch)
    assert _links(linked) > 0


def _generic_boards():
    # a 6-cycle of pairs (dihedral, 12 elements), the 3x3 tic-tac-toe lines (8), the complete graph
    # K_4 on 4 plain vertices (S_4, 24: nauty's group, not the K_n labelling), three overlapping triples (2)
    yield "C6", Hypergraph([(i, (i + 1) % 6) for i in range(6)])
    yield "ttt3", Hypergraph([(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)])
    yield "K4", Hypergraph(list(itertools.combinations(range(4), 2)))
    yield "P5", Hypergraph([(0, 1, 2), (1, 2, 3), (2, 3, 4)])


@pytest.mark.parametrize("name,h", list(_generic_boards()))
@pytest.mark.parametrize("convention", cv.CONVENTIONS)
def test_generic_boards_linked_certificates(name, h, convention):
    assert lb.labeller(h, tuple(h.edge_masks)) is not None  # a group of 2 to MAX_GROUP elements
    for bias in [(1, 1), (1, 2)]:
        for first in (None,) if convention in cv.STRONG else ROLES[convention]:
            _agree(cv.ConventionGame(h, convention, bias, first))


def test_links_use_the_generators_they_list():
    h = graph_board("triangle", 5)
    _, linked = _build(cv.ConventionGame(h, "maker-maker", (1, 1)))
    used = {i for t in linked["strategies"].values() for e in t if "link" in e for i in e["by"]}
    assert used == set(range(len(linked["symmetries"])))
    for t in linked["strategies"].values():
        for e in t:
            if "link" in e:
                assert "claim" in t[e["link"]] and 1 <= len(e["by"]) <= 4  # at most n - 1 transpositions


def test_a_false_key_never_makes_a_wrong_link(monkeypatch):
    """Equal keys that are no images (a broken labelling): the builder checks σ(target) = state and
    falls back to claim entries, so the certificate stays valid."""
    class Constant(lb.Labeller):
        def label(self, a, b):
            key, lab = super().label(a, b)
            return 0, lab
    real = lb.labeller

    def fake(board, edges, symmetry=True):
        out = real(board, edges, symmetry)
        out.__class__ = Constant
        return out
    monkeypatch.setattr(lb, "labeller", fake)
    game = cv.ConventionGame(graph_board("triangle", 5), "avoider-enforcer", (1, 1), "enforcer")
    winner, cert = _build(game)
    assert _kernel(cert).verdict == {"winner": winner}
    assert _second(cert).verdict == {"winner": winner}


def test_a_tampered_link_is_refused():
    """A link whose target is another claim entry (here the start's, fewer claims) is refused by both."""
    from verify.second_opinion import Refused
    game = cv.ConventionGame(graph_board("triangle", 5), "maker-maker", (1, 1))
    _, cert = _build(game)
    bad = copy.deepcopy(cert)
    table = next(iter(bad["strategies"].values()))
    k = next(i for i, e in enumerate(table) if "link" in e)
    assert "claim" in table[0] and table[k]["link"] != 0
    table[k]["link"] = 0
    with pytest.raises(CertificateError):
        _kernel(bad)
    with pytest.raises(Refused):
        _second(bad)


@pytest.mark.parametrize("n", [4, 5, 6, 7, 8])
def test_kn_words_map_a_state_onto_its_image(n):
    """``label`` and ``word``: for a state s and a random relabelling s' of it, the word of
    transpositions maps s onto s' exactly (g_m applied first), using at most n - 1 of them."""
    h = graph_board("triangle", n)
    lab = lb.labeller(h, tuple(h.edge_masks))
    rng = random.Random(n)
    m = h.n
    for _ in range(100):
        a, b = random_position(rng, m)
        perm = list(range(n))
        rng.shuffle(perm)
        g = [int(lab.EI[perm[i], perm[j]]) for i, j in (lab.pairs[e] for e in range(m))]
        a2, b2 = lb.apply(g, a), lb.apply(g, b)
        (k1, l1), (k2, l2) = lab.label(a, b), lab.label(a2, b2)
        for key, lab_, st in ((k1, l1, (a, b)), (k2, l2, (a2, b2))):  # the key is the labelled image
            img = [int(lab.EI[lab_[i], lab_[j]]) for i, j in (lab.pairs[e] for e in range(m))]
            assert key == (lb.apply(img, st[0]) << 64 | lb.apply(img, st[1]))
        if k1 == k2:
            word = lab.word(l1, l2)
            assert len(word) <= n - 1
            x, y = a, b
            for p in reversed(word):
                x, y = lb.apply(p, x), lb.apply(p, y)
            assert (x, y) == (a2, b2)


def test_generic_words_are_group_elements():
    h = dict(_generic_boards())["ttt3"]
    lab = lb.labeller(h, tuple(h.edge_masks))
    edges = set(h.edge_masks)
    for x, y in itertools.product(range(len(lab.elements)), repeat=2):
        (p,) = lab.word(x, y)
        assert {lb.apply(p, e) for e in edges} == edges


def test_the_command_line_writes_linked_certificates(tmp_path):
    """``verify solve ... --certificate`` (here the explicit reference, auto on 10 free vertices) and
    ``verify threshold --certificates`` write linked certificates on a K_n board."""
    from pathlib import Path

    from verify.cli import main
    board = Path(__file__).resolve().parent.parent / "examples/classical/triangle-K5.txt"
    out = tmp_path / "sim5.json"
    assert main(["solve", "avoider-avoider", str(board), "--certificate", str(out)]) == 0
    cert = json.loads(out.read_text())
    assert cert["symmetries"] and _links(cert) > 0
    assert main(["threshold", "maker-breaker", str(board), "--certificates", str(tmp_path)]) == 0
    linked = [json.loads(p.read_text()) for p in tmp_path.glob("maker-breaker-*.json")]
    assert any(c.get("kind") == "positional-strategy" and _links(c) for c in linked)
