"""Graph boards: hypergraphs on the edges of the complete graph K_n (issue 32, deliverable 5).

The board of ``graph PROPERTY N`` has one vertex per edge of K_n, named ``i-j`` with
1 <= i < j <= n (the vertices of K_n are numbered from 1, as in :func:`verify.families.complete`
and the rest of the project's families), listed in lexicographic order ``1-2, 1-3, ..., 1-n, 2-3,
..., (n-1)-n``. Its winning sets are the edge sets of the subgraphs of K_n that PROPERTY names:

- ``triangle``: the C(n,3) triangles (3 edges each) -- Chvátal and Erdős' triangle game;
- ``clique K``: the C(n,K) copies of K_K (C(K,2) edges each); ``clique 3`` is ``triangle``;
- ``hamilton``: the (n-1)!/2 Hamiltonian cycles (n edges each; n >= 3);
- ``perfect-matching``: the (n-1)!! = n!/(2^(n/2) (n/2)!) perfect matchings (n/2 edges; n even);
- ``spanning-tree``: the n^(n-2) spanning trees (Cayley), n - 1 edges each. They are exactly the
  inclusion-minimal edge sets that connect K_n, so the Maker-Breaker game on this board is the
  connectivity game (Maker wins iff her graph ends up connected).

Every family above is invariant under the symmetric group S_n permuting the vertices of K_n (the
edge ``i-j`` goes to ``p(i)-p(j)``). :func:`symmetry_generators` gives S_n by two generators, the
transposition (1 2) and the n-cycle (1 2 ... n), as permutations of the board's vertex indices in
the form of :func:`verify.solvers.search.symmetry.automorphisms` (``p[i]`` is the image of vertex
``i``). The search does not take generators from a family: it computes the automorphism group of
the sets it uses with nauty, which on these boards contains S_n (tests/test_families_graph.py checks
both), and merges symmetric positions only while the group has at most
``search_symmetry.MAX_GROUP`` elements (S_6 = 720 does, S_7 = 5040 does not).

A board may have at most :data:`MAX_SETS` winning sets; beyond that the generator refuses with
:class:`~verify.errors.TooLarge` (before enumerating anything).
"""
from __future__ import annotations

from itertools import combinations, permutations, product
from math import comb, factorial

from ..errors import InputError, TooLarge
from ..hypergraph import Hypergraph

#: the most winning sets a graph board may have (hamilton: n <= 10; spanning-tree: n <= 7;
#: perfect-matching: n <= 14; triangle: n <= 107)
MAX_SETS = 200_000

#: the properties, in the order ``verify family --help`` lists them
PROPERTIES = ("triangle", "clique", "hamilton", "perfect-matching", "spanning-tree")


def _need(ok: bool, msg: str):
    if not ok:
        raise InputError(msg)


def edge_name(i: int, j: int) -> str:
    """The board vertex of the edge {i, j} of K_n (1-based, the smaller end first): ``"2-5"``."""
    _need(i != j and i >= 1 and j >= 1, f"no edge {i}-{j} in a complete graph (ends 1..n, distinct)")
    return f"{min(i, j)}-{max(i, j)}"


def edge_ends(name: str) -> tuple[int, int]:
    """The ends (i, j), i < j, of a board vertex named ``i-j``."""
    a, _, b = name.partition("-")
    return int(a), int(b)


def kn_edges(n: int) -> list[str]:
    """The board's vertices: the edges of K_n, ``1-2, 1-3, ..., (n-1)-n``."""
    return [edge_name(i, j) for i, j in combinations(range(1, n + 1), 2)]


def set_count(prop: str, n: int, k: int | None = None) -> int:
    """How many winning sets ``graph PROP N`` has (``k``: the clique size)."""
    if prop == "triangle":
        return comb(n, 3)
    if prop == "clique":
        return comb(n, k)
    if prop == "hamilton":
        return factorial(n - 1) // 2 if n >= 3 else 0
    if prop == "perfect-matching":
        return factorial(n) // (2 ** (n // 2) * factorial(n // 2)) if n % 2 == 0 else 0
    if prop == "spanning-tree":
        return n ** (n - 2) if n >= 2 else 1
    raise InputError(f"unknown graph property {prop!r} (known: {', '.join(PROPERTIES)})")


def _check_size(prop: str, n: int, k: int | None = None):
    count = set_count(prop, n, k)
    if count > MAX_SETS:
        what = f"clique {k}" if prop == "clique" else prop
        raise TooLarge(f"graph {what} {n} has {count} winning sets, more than the {MAX_SETS} a graph "
                       f"board may have")


def _board(n: int, sets) -> Hypergraph:
    return Hypergraph([[edge_name(i, j) for i, j in s] for s in sets], vertices=kn_edges(n))


def cliques(n: int, k: int) -> Hypergraph:
    """The K-clique board of K_n: every copy of K_K, as its C(K,2) edges."""
    _need(n >= 2, f"graph boards need n >= 2 (got n={n})")
    _need(2 <= k <= n, f"graph clique K N needs 2 <= K <= N (got K={k}, N={n})")
    _check_size("clique", n, k)
    return _board(n, (combinations(c, 2) for c in combinations(range(1, n + 1), k)))


def triangles(n: int) -> Hypergraph:
    """The triangle board of K_n: the C(n,3) triangles, 3 edges each."""
    _need(n >= 3, f"graph triangle N needs N >= 3 (got {n})")
    return cliques(n, 3)


def hamilton_cycles(n: int) -> Hypergraph:
    """The Hamiltonicity board of K_n: the (n-1)!/2 Hamiltonian cycles, n edges each."""
    _need(n >= 3, f"graph hamilton N needs N >= 3 (got {n})")
    _check_size("hamilton", n)
    sets = []
    for rest in permutations(range(2, n + 1)):
        if rest[0] < rest[-1]:  # each cycle once: from vertex 1, in one of its two directions
            cyc = (1,) + rest
            sets.append([(cyc[i], cyc[(i + 1) % n]) for i in range(n)])
    return _board(n, sets)


def _matchings(vs: tuple[int, ...]):
    if not vs:
        yield []
        return
    a = vs[0]
    for idx in range(1, len(vs)):
        rest = vs[1:idx] + vs[idx + 1:]
        for m in _matchings(rest):
            yield [(a, vs[idx])] + m


def perfect_matchings(n: int) -> Hypergraph:
    """The perfect-matching board of K_n (n even): the (n-1)!! perfect matchings, n/2 edges each."""
    _need(n >= 2 and n % 2 == 0, f"graph perfect-matching N needs an even N >= 2 (got {n})")
    _check_size("perfect-matching", n)
    return _board(n, _matchings(tuple(range(1, n + 1))))


def _prufer_tree(seq: tuple[int, ...], n: int) -> list[tuple[int, int]]:
    degree = [1] * (n + 1)
    for x in seq:
        degree[x] += 1
    edges = []
    for x in seq:
        leaf = next(v for v in range(1, n + 1) if degree[v] == 1)
        edges.append((leaf, x))
        degree[leaf] -= 1
        degree[x] -= 1
    u, w = [v for v in range(1, n + 1) if degree[v] == 1]
    edges.append((u, w))
    return edges


def spanning_trees(n: int) -> Hypergraph:
    """The connectivity board of K_n: the n^(n-2) spanning trees (the minimal connecting edge sets),
    n - 1 edges each, one per Prüfer sequence."""
    _need(n >= 2, f"graph spanning-tree N needs N >= 2 (got {n})")
    _check_size("spanning-tree", n)
    return _board(n, (_prufer_tree(s, n) for s in product(range(1, n + 1), repeat=n - 2)))


def graph_board(prop: str, a: int | None = None, b: int | None = None) -> Hypergraph:
    """Boards on the edges of K_N, vertices named i-j (1 <= i < j <= N); the winning sets are the
    edge sets of: PROPERTY = triangle (triangles), clique K (K-cliques; give K then N), hamilton
    (Hamiltonian cycles), perfect-matching (N even), spanning-tree (connectivity). At most 200000
    sets. The symmetric group S_N acts on every board.

    ``graph_board("triangle", n)``, ``graph_board("clique", k, n)``, ``graph_board("hamilton", n)``,
    ``graph_board("perfect-matching", n)``, ``graph_board("spanning-tree", n)``.
    """
    if prop not in PROPERTIES:
        raise InputError(f"unknown graph property {prop!r} (known: {', '.join(PROPERTIES)})")
    if prop == "clique":
        _need(a is not None and b is not None, "graph clique takes K then N: verify family graph clique K N")
        return cliques(b, a)
    _need(a is not None and b is None, f"graph {prop} takes one parameter: verify family graph {prop} N")
    return {"triangle": triangles, "hamilton": hamilton_cycles, "perfect-matching": perfect_matchings,
            "spanning-tree": spanning_trees}[prop](a)


def vertex_permutation(n: int, p) -> tuple[int, ...]:
    """The permutation of the board's vertex indices (edges of K_n in :func:`kn_edges` order) that a
    permutation of K_n's vertices induces: ``p`` maps vertex v to ``p[v]`` (a dict or a sequence
    indexed from 1, ``p[0]`` unused)."""
    index = {e: i for i, e in enumerate(kn_edges(n))}
    return tuple(index[edge_name(p[i], p[j])] for i, j in combinations(range(1, n + 1), 2))


def symmetry_generators(n: int) -> list[tuple[int, ...]]:
    """Generators of S_n acting on the board of K_n: the transposition (1 2) and the n-cycle
    (1 2 ... n) as permutations ``q`` of the vertex indices (vertex i goes to q[i]), the form of
    :func:`verify.solvers.search.symmetry.automorphisms`; [] when n < 2 (trivial group)."""
    if n < 2:
        return []
    swap = {v: v for v in range(1, n + 1)} | {1: 2, 2: 1}
    cycle = {v: v % n + 1 for v in range(1, n + 1)}
    gens = [vertex_permutation(n, swap), vertex_permutation(n, cycle)]
    return list(dict.fromkeys(gens))  # n = 2: the two coincide


def symmetry_maps(n: int) -> list[dict[str, str]]:
    """:func:`symmetry_generators` by name: each generator as ``{edge: image edge}``."""
    names = kn_edges(n)
    return [{names[i]: names[j] for i, j in enumerate(q)} for q in symmetry_generators(n)]
