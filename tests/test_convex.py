"""Convex geometries, GEN/DNG (papers 001, 002): validation, exact affine closure, explicit vs
reduction, certificates, CLI, claims."""
import json
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from verify import convex as cv
from verify.certificates.checker import check_certificate
from verify.cli import main
from verify.errors import CertificateError, InputError, UndefinedGame
from verify.formats.convex import game_from_json
from verify.games.convex import ConvexGame
from verify.hypergraph import bits
from verify.solvers import solve
from verify.solvers.convex import generating_hypergraph, positional_labels

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "convex"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def convex_family(g):
    return sorted(g.convex_sets())


# -- validation of closure systems ------------------------------------------------------------------

def test_two_point_geometries_accept():
    # 001 Fig 2.2: the four convex geometries on {0, 1}
    for fam in ([["0", "1"]], [["0"], ["0", "1"]], [[], ["0"], ["0", "1"]], [[], ["0"], ["1"], ["0", "1"]]):
        g = cv.explicit(["0", "1"], fam)
        g.check()
        assert len(g.convex_sets()) == len(fam)


@pytest.mark.parametrize("convex, reason", [
    ([["0", "1"], ["1", "2"], ["0", "1", "2"]], "intersection"),
    ([[], ["0"], ["1"], ["2"], ["0", "1", "2"]], "accessibility"),
    ([["0"], ["0", "1"]], "ground set must be listed"),
    ([["0", "9"], ["0", "1", "2"]], "unknown point"),
    ([["0", "0"], ["0", "1", "2"]], "repeats"),
])
def test_explicit_refused(convex, reason):
    with pytest.raises(InputError, match=reason):
        cv.explicit(["0", "1", "2"], convex)


def test_matroid_closure_fails_anti_exchange():
    # U_{2,3}: any two points span everything; τ is a closure operator without anti-exchange
    def cl(a):
        return 0b111 if a.bit_count() >= 2 else a
    g = cv.ConvexGeometry(["a", "b", "c"], cl)
    with pytest.raises(InputError, match="accessibility|anti-exchange"):
        g.check()


def test_non_closure_refused():
    g = cv.ConvexGeometry(["a", "b"], lambda a: 3 if a == 3 else a & 1)   # τ({b}) = ∅: not extensive
    with pytest.raises(InputError, match="closure"):
        g.check()


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_tree_geometries_are_convex_geometries(n):
    from verify.claims.convex_kit import trees
    for g in trees(n):
        g.check()
    for g in trees(n - 1, "tree-edge"):
        g.check()


def test_tree_vertex_closure_example_6_1():
    g = cv.tree_vertex([["1", "2"], ["2", "3"]])
    fam = {frozenset(g.set_names(m)) for m in g.convex_sets()}
    allsets = {frozenset(c) for r in range(4) for c in combinations("123", r)}
    assert fam == allsets - {frozenset("13")}     # 001 Ex 6.1: K = 2^S \ {{1,3}}


def test_tree_edge_closure():
    g = cv.tree_edge([["a", "b"], ["b", "c"], ["c", "d"], ["b", "e"]])
    a_b, c_d = g.mask(["a-b"]), g.mask(["c-d"])
    assert set(g.set_names(g.closure(a_b | c_d))) == {"a-b", "b-c", "c-d"}
    assert g.closure(0) == 0


@pytest.mark.parametrize("tree, reason", [
    ([["a", "b"], ["b", "c"], ["c", "a"]], "not a tree"),
    ([["a", "b"], ["c", "d"]], "not a tree"),
    ([["a", "a"]], "loop"),
    ([["a", "b"], ["b", "a"]], "repeated"),
    ([["a"]], "pair"),
])
def test_bad_trees(tree, reason):
    with pytest.raises(InputError, match=reason):
        cv.tree_vertex(tree)


# -- affine geometries, exact -----------------------------------------------------------------------

def test_rationals():
    assert cv.parse_rational("3/4") == Fraction(3, 4) and cv.parse_rational(-2) == -2
    for bad in ("1/0", "x", 0.5, True, None, "1//2"):
        with pytest.raises(InputError):
            cv.parse_rational(bad)


def test_affine_refusals():
    with pytest.raises(InputError, match="duplicate"):
        cv.affine([[0, 1], ["0/3", "2/2"]])
    with pytest.raises(InputError, match="dimension"):
        cv.affine([[0, 1], [2]])
    with pytest.raises(InputError):
        cv.affine([])


def test_affine_rational_membership_plane():
    # (1/3, 1/3) is the centroid of the triangle, (1/2, 1/2) on its hypotenuse, (1/2, 1/2 + 1/10^9) outside
    pts = [[0, 0], [1, 0], [0, 1], ["1/3", "1/3"], ["1/2", "1/2"], ["1/2", "500000001/1000000000"]]
    g = cv.affine(pts)
    tri = g.mask(["0:0", "1:0", "0:1"])
    assert set(g.set_names(g.closure(tri))) == {"0:0", "1:0", "0:1", "1/3:1/3", "1/2:1/2"}
    assert g.extreme_points(g.full) == g.mask(["0:0", "1:0", "0:1", "1/2:500000001/1000000000"])


def test_affine_3d_and_degenerate():
    pts = [[0, 0, 0], [2, 0, 0], [0, 2, 0], [0, 0, 2], [1, 1, 0], ["1/2", "1/2", "1/2"], [1, 1, 1]]
    g = cv.affine(pts)
    simplex = g.mask(["0:0:0", "2:0:0", "0:2:0", "0:0:2"])
    assert set(g.set_names(g.closure(simplex))) == set(g.names) - {"1:1:1"}
    # collinear points in R^2: the geometry of a path
    line = cv.affine([[0, 0], [1, 2], [2, 4], ["1/2", 1]])
    assert set(line.set_names(line.closure(line.mask(["0:0", "2:4"])))) == set(line.names)
    assert line.closure(line.mask(["0:0", "1/2:1"])) == line.mask(["0:0", "1/2:1"])


coord = st.fractions(min_value=-3, max_value=3, max_denominator=3)


def _closure_vs_lp(points):
    g = cv.affine([[f"{c.numerator}/{c.denominator}" for c in p] for p in points])
    for a in range(1, g.full + 1):
        members = [points[i] for i in bits(a)]
        want = sum(1 << i for i, p in enumerate(points) if cv.in_convex_hull(p, members))
        assert g.closure(a) == want
    if len(points) <= 5:
        g.check()


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 3).flatmap(lambda d: st.lists(st.tuples(*[coord] * d), min_size=1, max_size=5,
                                                     unique=True)))
def test_affine_closure_matches_lp(points):
    """The Carathéodory closure equals membership by the exact simplex LP, for every subset."""
    _closure_vs_lp(points)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(st.integers(2, 4).flatmap(lambda d: st.lists(st.tuples(*[coord] * d), min_size=5, max_size=8,
                                                     unique=True)))
def test_affine_closure_matches_lp_slow(points):
    _closure_vs_lp(points)


def test_example_6_2_k13_as_deleted_affine():
    # 001 Ex 6.2: the vertex geometry of K_{1,3} is the deletion of an affine geometry in R^3
    pts = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [-1, -1, 0], [-1, 0, -1], [0, -1, -1]]
    names = ["o", "i", "j", "k", "d1", "d2", "d3"]
    a = cv.affine(pts, names)
    d = a.delete(a.mask(["d1", "d2", "d3"]))
    t = cv.tree_vertex([["o", "i"], ["o", "j"], ["o", "k"]])
    assert {frozenset(d.set_names(m)) for m in d.convex_sets()} == \
        {frozenset(t.set_names(m)) for m in t.convex_sets()}
    assert not d.is_convex(d.mask(["i", "j"])) and d.is_convex(d.mask(["o", "i", "j"]))


# -- games: explicit vs reduction -------------------------------------------------------------------

def _both(kind, g, w):
    try:
        game = ConvexGame(kind, g, w)
    except UndefinedGame:
        return None
    a = solve(kind, game, method="explicit").nim
    b = solve(kind, game, method="structure").nim
    # the reduction alone, solved by the explicit ACV/AVD reference (the fallback path)
    c = solve("acv" if kind == "gen" else "avd", generating_hypergraph(game), method="explicit").nim
    assert a == b == c, (kind, g.to_json(), g.set_names(w), a, b, c)
    return a


def test_examples_from_papers():
    line = cv.affine([[-1], [0], [1]])
    assert positional_labels(ConvexGame("gen", line, line.full))[0] == 1        # 001 Ex 3.1
    g = cv.explicit(["0", "1"], [["0"], ["0", "1"]])
    assert positional_labels(ConvexGame("gen", g, g.mask(["0"])))[0] == 0       # 001 Ex 4.5
    with pytest.raises(UndefinedGame):
        ConvexGame("dng", g, g.mask(["0"]))
    with pytest.raises(InputError):
        ConvexGame("gen", g, 0)


@pytest.mark.parametrize("kind", ["gen", "dng"])
def test_options_are_games_on_deletions(kind):
    """001 Remark 4.17: after selecting p, the rest is the game on the deletion K \\ {p} with W \\ {p}."""
    data = json.loads((EXAMPLES / "plane.json").read_text())
    game = game_from_json(kind, data)
    lab = positional_labels(game)
    g = game.geometry
    for i in range(g.n):
        if 1 << i not in lab or (kind == "gen" and g.generates(1 << i, game.winning)):
            continue
        c = g.coords_json[g.names[i]]
        rest = dict(data, deleted=[c], winning=[x for x in data["winning"] if x != c])
        assert positional_labels(game_from_json(kind, rest))[0] == lab[1 << i]


def test_differential_small_geometries_exhaustive():
    from verify.claims.convex_kit import all_geometries, trees
    count = 0
    for n in (1, 2, 3):
        for g in all_geometries(n):
            for w in range(1, g.full + 1):
                for kind in ("gen", "dng"):
                    count += _both(kind, g, w) is not None
    for g in list(trees(6)) + list(trees(5, "tree-edge")):
        for w in range(1, g.full + 1):
            for kind in ("gen", "dng"):
                _both(kind, g, w)
    assert count > 50


def test_generating_hypergraph_matches_brute_force():
    from verify.claims.convex_kit import brute_max_nongenerating, grid_sets
    for g in list(grid_sets(5))[:40]:
        for w in range(1, g.full + 1):
            assert g.max_nongenerating(w) == brute_max_nongenerating(g, w)
            brute = [p for p in range(g.full + 1) if g.generates(p, w)
                     and not any(g.generates(p & ~(1 << i), w) for i in bits(p))]
            assert sorted(g.min_generating(w)) == sorted(brute)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), min_size=2, max_size=8, unique=True),
       st.data())
def test_differential_plane(points, data):
    g = cv.affine([list(p) for p in points])
    w = data.draw(st.integers(1, g.full))
    for kind in ("gen", "dng"):
        _both(kind, g, w)


@pytest.mark.slow
def test_differential_trees_slow():
    from verify.claims.convex_kit import trees
    for g in list(trees(8)) + list(trees(7, "tree-edge")):
        for w in range(1, g.full + 1):
            for kind in ("gen", "dng"):
                _both(kind, g, w)


# -- certificates -----------------------------------------------------------------------------------

def test_certificate_and_tampering():
    game = game_from_json("dng", json.loads((EXAMPLES / "tree-ex30.json").read_text()))
    res = solve("dng", game, method="structure", certificate=True)
    rep = check_certificate(res.certificate)
    assert (rep.question.game, rep.verdict) == ("dng", {"nim": 2})
    bad = json.loads(json.dumps(res.certificate))
    bad["claim"]["verdict"]["nim"] = 3
    with pytest.raises(CertificateError, match="claimed nim"):
        check_certificate(bad)
    bad = json.loads(json.dumps(res.certificate))
    bad["labels"] = bad["labels"][:-1]
    with pytest.raises(CertificateError, match="no label"):
        check_certificate(bad)
    bad = json.loads(json.dumps(res.certificate))
    bad["instance"]["tree"].append(["1", "3"])
    with pytest.raises(CertificateError, match="not a tree"):
        check_certificate(bad)
    bad = json.loads(json.dumps(res.certificate))
    bad["claim"]["question"]["game"] = "gen"
    with pytest.raises(CertificateError):
        check_certificate(bad)


# -- CLI --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game, name, value", [
    ("gen", "line3.json", 1), ("dng", "line3.json", 0), ("dng", "tree-ex30.json", 2),
    ("gen", "plane.json", 2), ("dng", "edge.json", 1), ("gen", "explicit.json", 2),
    ("gen", "deleted-line.json", 1),
])
def test_cli_json(capsys, game, name, value):
    for method in ("explicit", "structure", "auto"):
        code, out, _ = run(capsys, "solve", game, str(EXAMPLES / name), "--method", method, "--json")
        assert code == 0 and json.loads(out)["nim"] == value


def test_cli_certificate(tmp_path, capsys):
    cert = tmp_path / "c.json"
    code, out, _ = run(capsys, "solve", "gen", str(EXAMPLES / "plane.json"), "--certificate", str(cert))
    assert code == 0 and "independent check" in out
    code, out, _ = run(capsys, "check", str(cert))
    assert code == 0 and "convex-nim-labelling" in out


BAD = [
    ({"geometry": "tree-vertex", "tree": [["a", "b"], ["b", "c"], ["c", "a"]], "winning": ["a"]}, "not a tree"),
    ({"geometry": "affine", "points": [[0, 1], [0, 1]], "winning": [[0, 1]]}, "duplicate point"),
    ({"geometry": "affine", "points": [[0, "1/0"], [0, 1]], "winning": [[0, 1]]}, "bad coordinate"),
    ({"geometry": "affine", "points": [[0, 0.5], [0, 1]], "winning": [[0, 1]]}, "floats"),
    ({"geometry": "affine", "points": [[0], [1]], "winning": [[2]]}, "not a point"),
    ({"geometry": "affine", "points": [[0], [1]], "winning": []}, "nonempty"),
    ({"geometry": "explicit", "ground": ["0", "1", "2"], "convex": [["0", "1"], ["1", "2"], ["0", "1", "2"]],
      "winning": ["1"]}, "intersection"),
    ({"geometry": "explicit", "ground": ["0", "1", "2"], "convex": [[], ["0"], ["1"], ["2"], ["0", "1", "2"]],
      "winning": ["1"]}, "accessibility"),
    ({"geometry": "tree-edge", "tree": [["a", "b"]], "winning": [["a", "c"]]}, "not an edge"),
    ({"geometry": "sphere", "winning": ["a"]}, "geometry"),
    ({"geometry": "affine", "points": [[0]], "winning": [[0]], "extra": 1}, "unknown key"),
]


@pytest.mark.parametrize("data, reason", BAD)
def test_cli_bad_inputs(tmp_path, capsys, data, reason):
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(data))
    code, out, err = run(capsys, "solve", "gen", str(f), "--json")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and reason in err


def test_cli_dng_undefined(tmp_path, capsys):
    f = tmp_path / "u.json"
    f.write_text(json.dumps({"geometry": "explicit", "ground": ["0", "1"], "convex": [["0"], ["0", "1"]],
                             "winning": ["0"]}))
    code, _, err = run(capsys, "solve", "dng", str(f))
    assert code == 4 and "undefined" in err  # exit 4: the game is undefined on this instance
    code, out, _ = run(capsys, "solve", "gen", str(f), "--json")
    assert code == 0 and json.loads(out)["nim"] == 0


# -- claims -----------------------------------------------------------------------------------------

def _claims():
    from verify.claims.registry import all_claims
    return [c for c in all_claims() if c.source.startswith(("001", "002"))]


def test_claims_hold_or_carry_erratum():
    from verify.claims.registry import check_claim
    names = {c.name for c in _claims()}
    for c in _claims():
        r = check_claim(c)
        if c.erratum:
            assert r.status == "counterexample", c.name
        else:
            assert r.status == "holds", (c.name, r.counterexample, r.error)
        if c.corrects:
            assert c.corrects in names
    assert len(names) >= 40


@pytest.mark.parametrize("name, instance, hypothesis", [
    ("001-prop-5.3-single-extreme", {"geometry": "affine", "points": [[0], [1], [2]], "winning": [[1]]}, "Ex(S)"),
    ("001-prop-6.5-tree-vertex", {"geometry": "affine", "points": [[0], [1]], "winning": [[1], [0]]}, "tree"),
    ("001-prop-7.1-line", {"geometry": "affine", "points": [[0], [1]], "winning": [[1]]}, "k ≥ 2"),
    ("002-prop-32-tree-vertex", {"geometry": "tree-vertex", "tree": [["a", "b"]], "winning": ["a"]}, "|W| ≥ 2"),
    ("002-prop-38-tree-edge-single", {"geometry": "tree-vertex", "tree": [["a", "b"]], "winning": ["a"]}, "edge"),
])
def test_claims_refuse_outside_hypotheses(name, instance, hypothesis):
    from verify.claims.registry import get_claim
    with pytest.raises(InputError, match="hypothesis") as exc:
        get_claim(name).check(instance)
    assert hypothesis in str(exc.value)


def test_claim_applies_to_json_instance():
    from verify.claims.registry import get_claim
    v = get_claim("002-prop-31-tree-vertex-single").check(
        {"geometry": "tree-vertex", "tree": [["0", "3"], ["1", "0"], ["1", "2"]], "winning": ["0"]})
    assert v is not None and v.expected == 3 and v.actual == 2
    assert get_claim("002-prop-31-tree-vertex-single-corrected").check(
        {"geometry": "tree-vertex", "tree": [["0", "3"], ["1", "0"], ["1", "2"]], "winning": ["0"]}) is None
