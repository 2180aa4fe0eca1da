"""Shared by the SAT and SMT nim-labelling tests (not a test module): a method agrees with the
explicit reference on one hypergraph, and on every small hypergraph up to isomorphism."""
from __future__ import annotations

import pytest

from verify.certificates.checker import check_certificate
from verify.errors import UndefinedGame
from verify.games.impartial import GAMES
from verify.isomorphism import enumerate_hypergraphs
from verify.solvers import solve


def agree(kind, h, certificate=False, method="sat"):
    """The method's nim-value (and checked certificate) equals the explicit reference's."""
    try:
        want = solve(kind, h, method="explicit").nim
    except UndefinedGame:
        with pytest.raises(UndefinedGame):
            solve(kind, h, method=method)
        return None
    got = solve(kind, h, method=method, certificate=certificate)
    assert got.nim == want, (kind, h)
    if certificate:
        check_certificate(got.certificate)
    return want


def exhaustive(method: str, max_n: int, max_edges: int, certified_n: int) -> set:
    """Every hypergraph (edges of size 1-3) up to isomorphism, every game: the method agrees with
    the explicit reference; certificates are checked up to ``certified_n`` vertices."""
    values = set()
    for n in range(1, max_n + 1):
        for h in enumerate_hypergraphs(n, edge_sizes=(1, 2, 3), max_edges=max_edges):
            for kind in GAMES:
                values.add(agree(kind, h, certificate=n <= certified_n, method=method))
    return values
