"""The Plays of the certificate kinds that record their strategy as a table or a pairing
(``maker-breaker-strategy``, ``maker-breaker-pairing``, ``pg-strategy``): used by the picture loader
(:mod:`verify.draw.load`) and by the followers of nested certificates (:mod:`verify.draw.follow`)."""
from __future__ import annotations

from ..games import maker_breaker as mb
from .board import MakerBreakerPlay, PositionalPlay

TABLE_KINDS = ("maker-breaker-strategy", "maker-breaker-pairing", "pg-strategy")


def table_play(cert: dict, title: str = "", geometry: str = "auto"):
    """The Play of a (checked) table or pairing certificate, its strategy attached."""
    kind = cert.get("kind")
    inst, claim = cert["instance"], cert["claim"]
    question, verdict = claim["question"], claim["verdict"]
    claim = {"game": question["game"], "first": question["first"], **verdict}
    position = question["position"]
    if kind in ("maker-breaker-strategy", "maker-breaker-pairing"):
        from ..formats.jsonfmt import hypergraph_from_json
        h = hypergraph_from_json({**inst, "marked": position.get("maker", [])})
        breaker = h.mask(position.get("breaker", []))
        table = None
        if kind == "maker-breaker-strategy":
            table = {frozenset(h.mask(e) for e in entry["residual"]): 1 << h.index(entry["move"])
                     for entry in cert["strategy"]}
        pairs = [tuple(p) for p in cert.get("pairs", [])]
        return MakerBreakerPlay(h, claim.get("first", mb.MAKER), breaker, table, claim.get("winner"),
                                pairs, geometry, title)
    if kind == "pg-strategy":
        from ..formats.pg import parse_pg
        g = parse_pg(inst["pg"], "certificate instance")
        tables = {colour: {(g.mask(e["black"]), g.mask(e["white"])): g.mask([e["move"]]) for e in entries}
                  for colour, entries in cert.get("strategies", {}).items()}
        return PositionalPlay(g, tables, claim.get("winner"), geometry, title)
    raise ValueError(f"not a table kind: {kind!r}")
