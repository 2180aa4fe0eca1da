"""Pairing strategies as a quick certified Breaker win (paper 004 Prop I.1.52).

A pairing of a residual family is a set of pairwise disjoint pairs of free vertices such that every
residual edge contains one of them; Breaker then answers each Maker move with its partner and wins,
whoever moves first. :func:`find_pairing` searches one directly on residual bitmasks by unit
propagation and branching (an edge with two free vertices forces its pair; a chosen pair excludes
every pair meeting it), with a node budget: it answers a list of pairs or None (none found within
the budget), so it is only ever used as a certificate of a Breaker win, never to claim Maker wins.
The answer is checked by :func:`is_pairing`, and the certificate kind ``maker-breaker-pairing`` is
checked independently by :mod:`verify.certificates.checker`.
"""
from __future__ import annotations

from ...hypergraph import bits

PAIRING_BUDGET = 300   # branching nodes before giving up (giving up only means "not certified")


def _pairs_in(e: int) -> list[int]:
    vs = bits(e)
    return [(1 << vs[i]) | (1 << vs[j]) for i in range(len(vs)) for j in range(i + 1, len(vs))]


def is_pairing(res, pairs: list[int]) -> bool:
    """Prop I.1.52's hypothesis, literally: disjoint 2-vertex pairs, one inside every residual edge."""
    used = 0
    for p in pairs:
        if p.bit_count() != 2 or p & used:
            return False
        used |= p
    return all(any(p & e == p for p in pairs) for e in res)


def find_pairing(res, budget: int = PAIRING_BUDGET, prefer: int = 0,
                 forbid: int = 0) -> list[int] | None:
    """Disjoint pairs of vertices, one inside every edge of the residual family ``res``, or None
    (no pairing, or none found within ``budget`` branchings). ``prefer``: a vertex mask whose pairs
    are tried first when branching; ``forbid``: vertices no pair may use."""
    return _search_pairing(res, budget, prefer, forbid)[0]


def _search_pairing(res, budget: int, prefer: int = 0, forbid: int = 0) -> tuple[list[int] | None, bool]:
    """(pairs or None, whether the answer is exact): the search of :func:`find_pairing`; an answer
    None is exact when the search space was exhausted within ``budget`` branchings."""
    edges = sorted(set(res), key=lambda e: (e.bit_count(), e))
    if not edges or edges[0].bit_count() < 2:
        return None, True
    nodes = [0]

    def options(e: int, used: int, chosen: set) -> list[int]:
        out = []
        for p in _pairs_in(e):
            if p in chosen:
                return [p]
            if not p & used:
                out.append(p)
        return out

    def solve(todo: list[int], used: int, chosen: set) -> list[int] | None:
        # unit propagation
        while True:
            pending, best, forced = [], None, None
            for e in todo:
                opts = options(e, used, chosen)
                if not opts:
                    return None
                if len(opts) == 1:
                    if opts[0] in chosen:
                        continue                 # already satisfied
                    forced = opts[0]
                    break
                pending.append(e)
                if best is None or len(opts) < best[0]:
                    best = (len(opts), e, opts)
            if forced is None:
                break
            chosen = chosen | {forced}
            used |= forced
            todo = [e for e in todo if not forced & e == forced]
        if not pending:
            return sorted(chosen)
        nodes[0] += 1
        if nodes[0] > budget:
            return None
        _, e, opts = best
        opts.sort(key=lambda p: (not p & prefer, p))
        for p in opts:
            rest = [f for f in pending if not p & f == p]
            got = solve(rest, used | p, chosen | {p})
            if got is not None:
                return got
        return None

    found = solve(edges, forbid, set())
    return found, found is not None or nodes[0] <= budget


def exact_pairing(res, budget: int = PAIRING_BUDGET) -> list[int] | None:
    """A pairing of the residual family ``res`` (Prop I.1.52) or None when it has none, decided
    exactly: the private pairs of :func:`peel` first, then per component of the kernel the
    propagation search of :func:`find_pairing`, and, if that runs out of ``budget``, the complete
    SAT formulation :func:`verify.certificates.cnf.pairing_cnf` (disjoint pairs, one inside every
    minimal edge), whose model is checked by :func:`is_pairing`."""
    edges = set(res)
    if not edges or min(e.bit_count() for e in edges) < 2:
        return None
    pairs, kernel = peel(edges)
    for part in _components(kernel):
        found, exact = _search_pairing(part, budget)
        if found is None and not exact:
            found = _sat_pairing(part)
        if found is None:
            return None
        pairs += found
    if not is_pairing(res, pairs):
        raise AssertionError("the pairing found does not block every edge")
    return pairs


def _sat_pairing(edges) -> list[int] | None:
    """A pairing of ``edges`` (residual masks) by the SAT formulation, or None when it has none."""
    from ...certificates.cnf import pairing_cnf
    from ...encode.sat_backends import solve_cnf
    from ...hypergraph import Hypergraph
    top = max(e.bit_length() for e in edges)
    cnf = pairing_cnf(Hypergraph.from_masks([str(i) for i in range(top)], sorted(set(edges))))
    run = solve_cnf(cnf.nvars, cnf.clauses)
    if not run.sat:
        return None
    return sorted(cnf.labels[x][1] for x in cnf.true_vars(run.model) if x in cnf.labels)


def _greedy_pairing(edges: list[int], forbid: int) -> tuple[list[int] | None, int]:
    """Unit propagation with greedy branching for a pairing of ``edges`` avoiding the vertices
    ``forbid``: (pairs, 0) on success, else (None, the free part of an edge left without a pair)."""
    chosen: set[int] = set()
    used = forbid
    todo = list(edges)
    while todo:
        pending, best = [], None
        forced = None
        for e in todo:
            opts = []
            done = False
            for p in _pairs_in(e):
                if p in chosen:
                    done = True
                    break
                if not p & used:
                    opts.append(p)
            if done:
                continue
            if not opts:
                return None, e
            if len(opts) == 1:
                forced = opts[0]
                break
            pending.append(e)
            if best is None or len(opts) < len(best[1]):
                best = (e, opts)
        if forced is None:
            if best is None:
                break
            # branch greedily: the pair whose vertices lie on the fewest pending edges
            load = {}
            for e in pending:
                for v in bits(e):
                    load[v] = load.get(v, 0) + 1
            forced = min(best[1], key=lambda p: (sum(load.get(v, 0) for v in bits(p)), p))
        chosen.add(forced)
        used |= forced
        todo = [e for e in todo if forced & e != forced]
    return sorted(chosen), 0


def peel(res) -> tuple[list[int], list[int]]:
    """Private pairs and the kernel: repeatedly remove an edge holding two vertices that lie on no
    other remaining edge, pairing those two (a private pair conflicts with no other choice, so the
    family has a pairing iff its kernel has one). Returns (private pairs, kernel edges)."""
    edges = set(res)
    deg: dict[int, int] = {}
    for e in edges:
        for v in bits(e):
            deg[v] = deg.get(v, 0) + 1
    pairs = []
    stack = list(edges)
    while stack:
        e = stack.pop()
        if e not in edges:
            continue
        private = [v for v in bits(e) if deg[v] == 1]
        if len(private) < 2:
            continue
        pairs.append((1 << private[0]) | (1 << private[1]))
        edges.discard(e)
        for v in bits(e):
            deg[v] -= 1
            if deg[v] == 1:
                stack.extend(f for f in edges if f >> v & 1)
    return pairs, sorted(edges)


def pairing_with_core(res, max_core: int, grow: bool = True,
                      budget: int = PAIRING_BUDGET) -> tuple[list[int], int] | None:
    """Pairs P and a core vertex set C (disjoint from every pair) such that every residual edge
    either contains a pair of P or lies inside C; None if the part of C inside one component of the
    kernel would exceed ``max_core`` vertices (the core's components are decided separately).

    Sound Breaker strategy when Breaker wins the core family {e : e ⊆ C} with Maker to move: answer
    a move in a pair with its partner, a move in C inside C, any other move anywhere (an extra
    Breaker vertex never hurts him, Lemma I.1.50); no edge can then be completed (Prop I.1.52
    applied outside C). Built by :func:`peel`, then per kernel component an exact pairing search
    (within ``budget``), else (with ``grow``) a core grown from the edges the greedy propagation
    cannot pair."""
    edges = set(res)
    if not edges or min(e.bit_count() for e in edges) < 2:
        return None
    pairs, kernel = peel(edges)
    core = 0
    for part in _components(kernel):
        exact = find_pairing(part, budget=budget)
        if exact is not None:
            pairs += exact
            continue
        if not grow:
            return None
        sub, got = 0, None
        while got is None:
            if sub.bit_count() > max_core:
                return None
            got, bad = _greedy_pairing([e for e in part if e & ~sub], sub)
            sub |= bad
        if sub.bit_count() > max_core:
            return None
        pairs += got
        core |= sub
    return pairs, core


def _components(edges: list[int]) -> list[list[int]]:
    groups: list[tuple[int, list[int]]] = []
    for e in edges:
        span, members = e, [e]
        keep = []
        for g in groups:
            if g[0] & span:
                span |= g[0]
                members += g[1]
            else:
                keep.append(g)
        # a merge can make earlier groups meet the new span: repeat until stable
        changed = True
        while changed:
            changed = False
            rest = []
            for g in keep:
                if g[0] & span:
                    span |= g[0]
                    members += g[1]
                    changed = True
                else:
                    rest.append(g)
            keep = rest
        groups = keep + [(span, members)]
    return [g[1] for g in groups]
