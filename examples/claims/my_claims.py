"""Your own statements in the theorem catalogue: `verify theorems check --claims examples/claims/my_claims.py`.

A claim is declared as the built-in ones are (verify/claims/paper000.py ...), with the catalogue's
decorator: a name, a source, the statement, and ``instances(n)``, every instance of size <= n
(smallest first, so the first failure is a smallest counterexample). The decorated function checks
one instance: it returns None when the statement holds there, else a ``Violation`` (the instance,
what the statement says, what the reference says and, best, a certificate of the reference's
answer, which `verify check` re-verifies).

Both claims are about Maker-Breaker with Maker moving first on r-uniform hypergraphs, and the
Erdős–Selfridge theorem (J. Combin. Theory A 14, 1973): fewer than 2^(r-1) edges is a win for
Breaker. The first claim is the theorem; the second asks whether the bound may be reached, and is false.
"""
from verify.claims.registry import Violation, claim
from verify.formats.jsonfmt import hypergraph_to_json
from verify.games.maker_breaker import MakerBreakerGame
from verify.isomorphism import enumerate_hypergraphs
from verify.solvers import solve


def uniform_boards(r_min: int, max_edges):
    """Instances of size <= n: every r-uniform hypergraph (r >= r_min) on at most n vertices with
    1..max_edges(r) edges, one per isomorphism class, fewest vertices first."""
    def instances(n_max: int):
        for n in range(1, n_max + 1):
            for r in range(r_min, n + 1):
                for h in enumerate_hypergraphs(n, edge_sizes=(r,), max_edges=max_edges(r)):
                    if h.m > 0:
                        yield h
    return instances


def breaker_wins(h) -> Violation | None:
    """None when Breaker wins on ``h`` with Maker moving first (the explicit reference solver);
    else Maker's winning strategy as a certificate."""
    result = solve("maker-breaker", MakerBreakerGame(h, "maker"), method="explicit", certificate=True)
    if result.winner == "breaker":
        return None
    return Violation(hypergraph_to_json(h), "breaker wins", f"{result.winner} wins", result.certificate)


@claim("my-erdos-selfridge", "Erdős–Selfridge 1973",
       "An r-uniform hypergraph with fewer than 2^(r-1) edges is a Breaker win when Maker moves first.",
       instances=uniform_boards(2, lambda r: 2 ** (r - 1) - 1), default_size=6)
def erdos_selfridge(h):
    return breaker_wins(h)


@claim("my-erdos-selfridge-equality", "my conjecture",
       "For r >= 3 the bound may be reached: an r-uniform hypergraph with at most 2^(r-1) edges is a "
       "Breaker win when Maker moves first.",
       instances=uniform_boards(3, lambda r: 2 ** (r - 1)), default_size=6)
def erdos_selfridge_equality(h):
    return breaker_wins(h)
