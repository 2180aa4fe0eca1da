"""Differential tests of the structure method (paper 000 §4-6) against the explicit reference."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings

from verify.certificates.checker import check_certificate
from verify.cli import EXIT_NOT_APPLICABLE, main
from verify.errors import TooLarge, UndefinedGame
from verify.families import complete
from verify.games.impartial import GAMES, undefined_reason
from verify.hypergraph import Hypergraph, minimal_masks
from verify.isomorphism import enumerate_hypergraphs
from verify.solvers import solve
from verify.solvers.explicit import nim_positional, solve_impartial
from verify.strategies import hypergraphs
from verify.structure import StructureDiagram, type_step
from verify.structure.render import diagram_to_dot, diagram_to_json


def _defined(kind, h):
    return undefined_reason(kind, minimal_masks(h.edge_masks)) is None


def _agree(h):
    for kind in GAMES:
        if not _defined(kind, h):
            with pytest.raises(UndefinedGame):
                StructureDiagram(kind, h)
            continue
        got = solve(kind, h, method="structure").nim
        want = solve_impartial(kind, h).nim
        assert got == want, (kind, h, got, want)


# exhaustive: every hypergraph up to isomorphism, several edge-size sets, all four games
@pytest.mark.parametrize("n,sizes,simple", [
    (n, tuple(range(1, n + 1)), True) for n in range(0, 6)] + [
    (n, (1, 2), False) for n in range(1, 5)] + [
    (n, (2,), False) for n in range(2, 6)] + [
    (n, (2, 3), False) for n in range(2, 5)] + [
    (n, (3,), False) for n in range(3, 6)])
def test_structure_matches_explicit_exhaustive(n, sizes, simple):
    count = 0
    for h in enumerate_hypergraphs(n, sizes, simple=simple):
        _agree(h)
        count += 1
    assert count > 0


def test_empty_edge_and_edgeless():
    for n in range(0, 4):
        names = [str(i) for i in range(1, n + 1)]
        _agree(Hypergraph.from_masks(names, [0]))
        _agree(Hypergraph.from_masks(names, []))
        if n:
            _agree(Hypergraph.from_masks(names, [0, 1]))  # {∅} and {1}: Min is {∅}


@settings(max_examples=60, deadline=None)
@given(hypergraphs(min_vertices=1, max_vertices=9, edge_sizes=(1, 2, 3, 4), max_edges=12))
def test_structure_matches_explicit_random(h):
    _agree(h)


@settings(max_examples=30, deadline=None)
@given(hypergraphs(min_vertices=1, max_vertices=6, edge_sizes=(1, 2, 3), max_edges=8))
def test_every_position_gets_its_class_value(h):
    """Prop 4.12 position by position: nim(P) = nim_pty(P)(X_[P]) for all reachable P."""
    for kind in GAMES:
        if not _defined(kind, h):
            continue
        d = StructureDiagram(kind, h)
        for p, v in nim_positional(kind, h).items():
            assert d.position_nim(p) == v


def test_structure_certificate_is_checked_independently():
    h = Hypergraph([["a", "b"], ["b", "c"], ["c", "d", "e"]])
    for kind in GAMES:
        r = solve(kind, h, method="structure", certificate=True)
        report = check_certificate(r.certificate)
        assert (report.question.game, report.verdict) == (kind, {"nim": r.nim})


def test_certificate_limit():
    h = complete(24, 2)
    with pytest.raises(TooLarge):
        solve("acv", h, method="structure", certificate=True)


@pytest.mark.parametrize("n,r,kinds", [(24, 2, ("acv", "avd")), (30, 1, ("acv", "avd")),
                                       (25, 24, ("dst", "prv")), (26, 25, ("dst", "prv"))])
def test_far_beyond_explicit_search(n, r, kinds):
    """K_n^r on 24+ vertices where the diagram is small (Ex 3.2 values): few maximal stable sets for
    the building games, few edges for the removing games."""
    h = complete(n, r)
    want = {"acv": r % 2, "avd": (r - 1) % 2, "dst": (n - r + 1) % 2, "prv": (n - r) % 2}
    for kind in kinds:
        assert solve(kind, h, method="structure").nim == want[kind]


@pytest.mark.parametrize("k", [6, 7, pytest.param(8, marks=pytest.mark.slow), pytest.param(9, marks=pytest.mark.slow)])
def test_spectrum_construction_beyond_explicit(k):
    """Sieben's H_k (Def 9.6): nim(AVD(H_k)) = k and nim(ACV(H̃_k)) = k + 1 (Prop 9.10, Cor 9.14);
    H_6 has 21 vertices, H_8 has 45."""
    from verify.claims.paper000 import H_k
    assert solve("avd", H_k(k), method="structure").nim == k
    assert solve("acv", H_k(k, True), method="structure").nim == k + 1


def test_diagram_size_limit():
    with pytest.raises(TooLarge):
        StructureDiagram("prv", complete(24, 2), max_classes=10_000)


def test_type_calculus_example_4_11():
    assert type_step(0, [(0, 0, 1), (1, 1, 0)]) == (0, 2, 3)
    assert type_step(1, [(0, 0, 1), (1, 1, 0)]) == (1, 3, 2)
    assert type_step(1, [], terminal=True) == (1, 0, 0)


def test_simplified_groups_share_parity_type_and_depth():
    for h in enumerate_hypergraphs(5, (1, 2, 3, 4, 5), simple=True):
        for kind in GAMES:
            if not _defined(kind, h):
                continue
            d = StructureDiagram(kind, h)
            groups = d.simplified()
            assert sorted(i for g in groups for i in g) == list(range(len(d.classes)))
            for g in groups:
                assert len({(d.classes[i].parity, d.classes[i].type, d.classes[i].depth) for i in g}) == 1


def test_figure_4_1_diagram():
    h = Hypergraph([["a", "b"], ["b", "c"]])
    d = StructureDiagram("acv", h)
    data = diagram_to_json(d)
    assert data["nim"] == 0 and len(data["classes"]) == 4
    assert sorted(tuple(c["type"]) for c in data["classes"]) == [(0, 0, 3), (0, 1, 2), (1, 0, 0), (1, 2, 1)]
    dot = diagram_to_dot(d)
    assert dot.startswith("digraph") and dot.count("->") == 4 and "invtriangle" in dot


def test_cli_structure(tmp_path, capsys, monkeypatch):
    f = tmp_path / "h.txt"
    f.write_text("a b\nb c\n")
    assert main(["structure", str(f), "--game", "dst", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["nim"] == 2 and data["board"] == "Tr(H)"
    out = tmp_path / "d.dot"
    monkeypatch.setenv("PATH", "")  # no graphviz, no system binary: the picture is drawn in Python
    assert main(["structure", str(f), "--game", "acv", "--simplified", "--dot", str(out),
                 "--image", str(tmp_path / "d.png")]) == 0
    cap = capsys.readouterr()
    assert out.read_text().startswith("digraph")
    assert (tmp_path / "d.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert "wrote" in cap.err and "nim = 0" in cap.out
    assert main(["structure", str(f), "--game", "acv", "--image", str(tmp_path / "d.gif")]) == 2
    g = tmp_path / "empty.txt"
    g.write_text("vertices: a b\n")
    assert main(["structure", str(g), "--game", "acv"]) == EXIT_NOT_APPLICABLE
    assert "undefined" in capsys.readouterr().err


def test_cli_solve_method_structure(tmp_path, capsys):
    f = tmp_path / "h.txt"
    f.write_text("a b\nb c\n")
    cert = tmp_path / "c.json"
    assert main(["solve", "avd", str(f), "--method", "structure", "--certificate", str(cert)]) == 0
    assert "nim(AVD) = 2" in capsys.readouterr().out
    assert main(["check", str(cert)]) == 0


@pytest.mark.slow
@pytest.mark.parametrize("n", [6])
def test_structure_matches_explicit_exhaustive_n6(n):
    for h in enumerate_hypergraphs(n, tuple(range(1, n + 1)), simple=True):
        _agree(h)


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(hypergraphs(min_vertices=5, max_vertices=12, edge_sizes=(1, 2, 3, 4, 5), max_edges=16))
def test_structure_matches_explicit_random_large(h):
    _agree(h)
