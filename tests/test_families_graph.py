"""Graph boards (issue 32, deliverable 5): ``verify family graph PROPERTY N`` on the edges of K_n."""
from __future__ import annotations

import json
from itertools import combinations
from math import comb, factorial

import pytest

import brute
from verify.cli import main
from verify.errors import InputError, TooLarge
from verify.families import FAMILIES, family
from verify.families.graphs import (MAX_SETS, cliques, edge_ends, edge_name, graph_board, hamilton_cycles,
                                    kn_edges, perfect_matchings, set_count, spanning_trees, symmetry_generators,
                                    symmetry_maps, triangles, vertex_permutation)
from verify.games.positional import from_maker_breaker


def double_factorial(m: int) -> int:
    out = 1
    while m > 1:
        out, m = out * m, m - 2
    return out


def graph_edges(h, mask) -> list[tuple[int, int]]:
    return [edge_ends(v) for v in h.names(mask)]


def connected(n_vertices: set[int], edges) -> bool:
    if not n_vertices:
        return True
    seen, todo = set(), [min(n_vertices)]
    while todo:
        v = todo.pop()
        if v in seen:
            continue
        seen.add(v)
        todo += [b for a, b in edges if a == v] + [a for a, b in edges if b == v]
    return seen == n_vertices


# -- naming -----------------------------------------------------------------------------------------

def test_vertices_are_the_edges_of_kn_one_based_in_lexicographic_order():
    assert kn_edges(4) == ["1-2", "1-3", "1-4", "2-3", "2-4", "3-4"]
    assert edge_name(3, 1) == "1-3" and edge_ends("2-10") == (2, 10)
    for prop, args in [("triangle", (5,)), ("hamilton", (5,)), ("perfect-matching", (6,)), ("spanning-tree", (5,))]:
        h = family("graph", prop, *args)
        assert list(h.vertices) == kn_edges(args[-1])
    assert list(family("graph", "clique", 4, 6).vertices) == kn_edges(6)
    assert kn_edges(12)[-1] == "11-12"  # two-digit vertices: no zero padding


def test_cli_writes_the_board_and_help_lists_it(tmp_path, capsys):
    out = tmp_path / "k4.txt"
    assert main(["family", "graph", "triangle", "4", "-o", str(out)]) == 0
    text = out.read_text()
    assert "vertices: 1-2 1-3 1-4 2-3 2-4 3-4" in text and "1-2 1-3 2-3" in text
    assert main(["family", "--help"]) == 0
    help_text = capsys.readouterr().out
    assert "  graph PROPERTY N" in help_text
    for word in ("triangle", "clique K", "hamilton", "perfect-matching", "spanning-tree", "i-j"):
        assert word in help_text
    assert "graph" in FAMILIES


# -- counts and shapes ---------------------------------------------------------------------------------

@pytest.mark.parametrize("n", range(3, 9))
def test_triangles(n):
    h = triangles(n)
    assert h.m == comb(n, 3) == set_count("triangle", n) and h.n == comb(n, 2)
    for e in h.edge_masks:
        es = graph_edges(h, e)
        ends = {v for ab in es for v in ab}
        assert len(es) == 3 and len(ends) == 3  # three edges pairwise sharing an end: a triangle
        assert all(set(a) & set(b) for a, b in combinations(es, 2))
    assert family("graph", "triangle", n).edge_masks == h.edge_masks == cliques(n, 3).edge_masks


@pytest.mark.parametrize("k,n", [(2, 4), (3, 5), (4, 6), (5, 7), (6, 6)])
def test_cliques(k, n):
    h = cliques(n, k)
    assert h.m == comb(n, k) == set_count("clique", n, k)
    for e in h.edge_masks:
        es = graph_edges(h, e)
        ends = {v for ab in es for v in ab}
        assert len(ends) == k and sorted(es) == list(combinations(sorted(ends), 2))
    assert family("graph", "clique", k, n).edge_masks == h.edge_masks


@pytest.mark.parametrize("n", range(3, 9))
def test_hamilton_cycles(n):
    h = hamilton_cycles(n)
    assert h.m == factorial(n - 1) // 2 == set_count("hamilton", n)
    for e in h.edge_masks:
        es = graph_edges(h, e)
        degree = {v: 0 for v in range(1, n + 1)}
        for a, b in es:
            degree[a] += 1
            degree[b] += 1
        assert len(es) == n and set(degree.values()) == {2} and connected(set(degree), es)


@pytest.mark.parametrize("n", [2, 4, 6, 8, 10])
def test_perfect_matchings(n):
    h = perfect_matchings(n)
    assert h.m == double_factorial(n - 1) == set_count("perfect-matching", n)
    for e in h.edge_masks:
        ends = [v for ab in graph_edges(h, e) for v in ab]
        assert sorted(ends) == list(range(1, n + 1))  # n/2 disjoint edges covering every vertex


@pytest.mark.parametrize("n", range(2, 7))
def test_spanning_trees(n):
    h = spanning_trees(n)
    assert h.m == n ** (n - 2) == set_count("spanning-tree", n)
    for e in h.edge_masks:
        es = graph_edges(h, e)
        parent = list(range(n + 1))

        def root(v):
            while parent[v] != v:
                v = parent[v]
            return v
        for a, b in es:  # acyclic: every edge joins two components
            ra, rb = root(a), root(b)
            assert ra != rb
            parent[ra] = rb
        assert len(es) == n - 1 and connected(set(range(1, n + 1)), es)


def test_spanning_trees_are_the_minimal_connecting_sets():
    # on K_4: every connected spanning edge set contains a tree, and no tree contains another
    n = 4
    h = spanning_trees(n)
    vs = kn_edges(n)
    conn = [h.mask(s) for r in range(len(vs) + 1) for s in combinations(vs, r)
            if connected(set(range(1, n + 1)), [edge_ends(v) for v in s])]
    from verify.hypergraph import minimal_masks
    assert sorted(minimal_masks(conn)) == sorted(h.edge_masks)


# -- symmetry -----------------------------------------------------------------------------------------

BOARDS = [("triangle", 3), ("triangle", 4), ("triangle", 6), ("clique4", 6), ("hamilton", 5), ("hamilton", 6),
          ("perfect-matching", 4), ("perfect-matching", 6), ("spanning-tree", 4), ("spanning-tree", 5)]


def board(prop, n):
    return cliques(n, 4) if prop == "clique4" else graph_board(prop, n)


def closure(gens, size):
    ident = tuple(range(size))
    group, frontier = {ident}, [ident]
    while frontier:
        nxt = []
        for p in frontier:
            for q in gens:
                r = tuple(q[i] for i in p)
                if r not in group:
                    group.add(r)
                    nxt.append(r)
        frontier = nxt
    return group


@pytest.mark.parametrize("prop,n", BOARDS, ids=lambda x: str(x))
def test_generators_are_automorphisms(prop, n):
    h = board(prop, n)
    sets = set(h.edge_masks)
    gens = symmetry_generators(n)
    assert len(gens) == (1 if n == 2 else 2)
    for q in gens:
        assert sorted(q) == list(range(h.n))
        images = {sum(1 << q[i] for i in range(h.n) if e >> i & 1) for e in sets}
        assert images == sets  # every set onto a set (a bijection of a finite family)
    for m in symmetry_maps(n):  # the same by name
        assert {frozenset(m[v] for v in e) for e in h.edges} == set(h.edges)


@pytest.mark.parametrize("n", [3, 4, 5])
def test_generators_generate_the_symmetric_group(n):
    assert len(closure(symmetry_generators(n), comb(n, 2))) == factorial(n)
    swap = vertex_permutation(n, [0, 2, 1] + list(range(3, n + 1)))
    assert swap == symmetry_generators(n)[0]


@pytest.mark.parametrize("prop,n", BOARDS, ids=lambda x: str(x))
def test_the_search_finds_the_symmetric_group(prop, n):
    """The search takes the automorphisms of its sets from nauty (search_symmetry.automorphisms):
    on every board they include S_n, exactly S_n on the triangle boards from n = 3."""
    from verify.solvers.search.symmetry import MAX_GROUP, automorphisms
    h = board(prop, n)
    group = set(automorphisms(from_maker_breaker(h, 0, 0, "maker")))
    assert factorial(n) <= MAX_GROUP and set(symmetry_generators(n)) <= group
    assert closure(symmetry_generators(n), h.n) <= group
    if prop == "triangle":
        assert len(group) == factorial(n)


@pytest.mark.parametrize("prop,n", [b for b in BOARDS if b[1] >= 4], ids=lambda x: str(x))
@pytest.mark.parametrize("first", ["maker", "breaker"])
def test_search_with_and_without_symmetry_agree(prop, n, first, monkeypatch):
    from verify.solvers.search import fast
    from verify.solvers.search.engine import decide
    # the kernel's searched pairing leaves off: they settle Hamiltonicity on K_6 at the root, where
    # the merging under S_n would not show
    monkeypatch.setattr(fast, "MB_PAIR_BUDGET", 0)
    g = from_maker_breaker(board(prop, n), 0, 0, first)
    with_sym, s1 = decide(g, symmetry=True)
    without, s2 = decide(g, symmetry=False)
    assert with_sym == without
    used = getattr(s1[0], "group", None)
    if used is not None:  # the compiled search: it merges under the whole of S_n (and more)
        assert len(used) + 1 >= factorial(n) and not getattr(s2[0], "group", None)
    if (prop, n, first) == ("hamilton", 6, "maker"):
        assert s1[0].nodes < s2[0].nodes  # the merging shows


def test_cli_search_with_and_without_symmetry(tmp_path, capsys):
    path = tmp_path / "h6.txt"
    assert main(["family", "graph", "hamilton", "6", "-o", str(path)]) == 0
    verdicts = []
    for extra in ([], ["--no-symmetry"]):
        capsys.readouterr()
        assert main(["solve", "maker-breaker", str(path), "--method", "search", "--json", *extra]) == 0
        verdicts.append(json.loads(capsys.readouterr().out)["winner"])
    assert verdicts == ["breaker", "breaker"]


# -- refusals -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("args,status,words", [
    (["perfect-matching", "5"], 2, "even"),
    (["perfect-matching", "7"], 2, "even"),
    (["hamilton", "11"], 4, "1814400 winning sets"),
    (["spanning-tree", "8"], 4, "262144 winning sets"),
    (["perfect-matching", "16"], 4, "2027025 winning sets"),
    (["clique", "4", "200"], 4, "winning sets"),
    (["hamilton", "2"], 2, "N >= 3"),
    (["clique", "4"], 2, "clique K N"),
    (["clique", "7", "6"], 2, "2 <= K <= N"),
    (["triangle", "5", "6"], 2, "one parameter"),
    (["square", "5"], 2, "unknown graph property"),
])
def test_refusals_are_one_line(args, status, words, capsys):
    assert main(["family", "graph", *args]) == status
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_too_large_is_refused_before_enumerating():
    with pytest.raises(TooLarge):
        hamilton_cycles(30)  # (29)!/2 cycles: refused by the count alone
    with pytest.raises(InputError):
        perfect_matchings(9)
    assert set_count("hamilton", 10) <= MAX_SETS < set_count("hamilton", 11)


# -- games on the boards ---------------------------------------------------------------------------------

def solve(capsys, *argv):
    capsys.readouterr()
    assert main(["solve", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("n,winner", [(4, "breaker"), (5, "maker"), (6, "maker")])
@pytest.mark.parametrize("first", ["maker", "breaker"])
def test_triangle_game(n, winner, first, tmp_path, capsys):
    """The Maker-Breaker triangle game on K_n: Breaker wins on K_4, Maker on K_5 and K_6, whoever
    starts (so the threshold is n = 5, not 6); K_4 and K_5 also checked by plain minimax."""
    path = tmp_path / f"k{n}.txt"
    assert main(["family", "graph", "triangle", str(n), "-o", str(path)]) == 0
    assert solve(capsys, "maker-breaker", str(path), "--first", first)["winner"] == winner
    assert solve(capsys, "maker-breaker", str(path), "--first", first, "--method", "search")["winner"] == winner
    if n <= 5:
        h = triangles(n)
        assert brute.maker_breaker_winner(h.n, list(h.edge_masks), 0, 0, first) == winner


@pytest.mark.parametrize("n", [3, 4, 5])
def test_avd_on_the_triangle_board_matches_brute(n, tmp_path, capsys):
    """Sieben's AVD on the triangles of K_n is the one-colour triangle-avoidance game."""
    path = tmp_path / f"k{n}.txt"
    assert main(["family", "graph", "triangle", str(n), "-o", str(path)]) == 0
    h = triangles(n)
    assert solve(capsys, "avd", str(path))["nim"] == brute.hypergraph_nim("avd", h.n, list(h.edge_masks)) == 0


@pytest.mark.parametrize("n,nim", [(6, 1), (7, 0)])
def test_avd_on_k6_and_k7(n, nim, tmp_path, capsys):
    """The first player wins on K_6, the second on K_7 (explicit: 0.4 s on K_7; auto picks the
    structure diagram there, about 25 s)."""
    path = tmp_path / f"k{n}.txt"
    assert main(["family", "graph", "triangle", str(n), "-o", str(path)]) == 0
    assert solve(capsys, "avd", str(path), "--method", "explicit")["nim"] == nim


# -- the documentation page -------------------------------------------------------------------------

def test_docs_page_examples_print_what_the_page_shows(tmp_path, monkeypatch, capsys):
    """Every ``$ verify ...`` example of docs/graph-boards.md, run in-process (the matcher of
    tests/test_docs_examples.py)."""
    import shlex
    from pathlib import Path

    from test_docs_examples import console_steps, matches
    page = Path(__file__).resolve().parent.parent / "docs" / "graph-boards.md"
    monkeypatch.chdir(tmp_path)
    steps = console_steps(str(page))
    assert len(steps) >= 6
    for cmd, shown in steps:
        argv = shlex.split(cmd)
        assert argv[0] == "verify"
        capsys.readouterr()
        status = main(argv[1:])
        got = capsys.readouterr()
        lines = (got.out + got.err).splitlines()
        assert (status != 0) == bool(shown and shown[0].startswith("verify: error")), cmd
        assert matches(shown, lines), f"$ {cmd}\nshown:\n" + "\n".join(shown) + "\nprinted:\n" + "\n".join(lines)
