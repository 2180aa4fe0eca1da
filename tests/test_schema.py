"""The written schema of certificates (verify/certificates/schemas/certificate.schema.json) describes
what the solvers write and the checker accepts: every certificate in proofs/ and one freshly made
certificate of every kind validate against it, and the checker refuses the type confusions the
schema forbids (a bool or a float where an integer is required)."""
import copy
import json
from pathlib import Path

import jsonschema
import pytest

from verify.certificates.checker import check_certificate
from verify.errors import CertificateError
from verify.families import tic_tac_toe
from verify.formats import hypergraph_from_text
from verify.games.conventions import ConventionGame
from verify.games.maker_breaker import MakerBreakerGame
from verify.solvers import solve

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "verify/certificates/schemas/certificate.schema.json").read_text())
# integers are JSON integer literals: 2.0 (a float once parsed) is not one, whatever JSON Schema's
# number model says, and neither is a boolean
STRICT = jsonschema.validators.extend(jsonschema.Draft202012Validator, type_checker=jsonschema.Draft202012Validator
                                      .TYPE_CHECKER.redefine("integer", lambda checker, x: type(x) is int))
VALIDATOR = STRICT(SCHEMA)


def fresh_certificates() -> dict:
    """One certificate of each kind, made by the solvers on small boards."""
    from verify.formats.convex import game_from_json
    from verify.formats.hypernim import instance_from_json
    from verify.games.positional import from_maker_breaker
    from verify.solvers.sat import find_pairing
    ttt = MakerBreakerGame(tic_tac_toe(3), "maker")
    two = MakerBreakerGame(hypergraph_from_text("a b\nc d\n"), "maker", frozenset())
    fano = MakerBreakerGame(hypergraph_from_text((ROOT / "examples/fano.txt").read_text()))
    return {
        "maker-breaker-strategy": solve("maker-breaker", ttt, method="explicit", certificate=True).certificate,
        "maker-breaker-pairing": solve("maker-breaker", two, method="pairing", certificate=True).certificate,
        "pg-proof": solve("maker-breaker", ttt, method="search", certificate=True).certificate,
        "pg-strategy": solve("pg", from_maker_breaker(tic_tac_toe(3), 0, 0, "maker"), method="explicit",
                             certificate=True).certificate,
        "nim-labelling": solve("acv", tic_tac_toe(3), method="explicit", certificate=True).certificate,
        "convex-nim-labelling": solve("gen", game_from_json("gen", json.loads(
            (ROOT / "examples/convex/tree-ex30.json").read_text())), certificate=True).certificate,
        "hypernim-sg-table": solve("hypernim", instance_from_json(
            {"hypergraph": [["a"], ["a", "b"], ["b"]], "piles": {"a": 2, "b": 3}}), certificate=True).certificate,
        "sat-unsat-drat": find_pairing(fano, certificate=True).certificate,
        "positional-strategy": solve("avoider-enforcer", ConventionGame(hypergraph_from_text("a b\nb c\n"),
                                     "avoider-enforcer", (1, 2)), certificate=True).certificate,
        "positional-pairing": solve("maker-breaker", ConventionGame(hypergraph_from_text("a b c\nc d e\n"),
                                    "maker-breaker", (1, 2)), method="pairing", certificate=True).certificate,
        **rank3_certificates(),
    }


def rank3_certificates() -> dict:
    """One certificate of each compositional rank-3 kind (verify/certificates/rank3.py)."""
    from verify.families import family
    from verify.solvers.rank3.certify import certificate
    from verify.solvers.rank3.solver import Rank3Options
    forced = Rank3Options(structural_only=True)
    made = {}
    for spec, first in [(("rank3-ring", 2), "maker"), (("rank3-ring", 2), "breaker"),
                        (("rank3-extra", 13, 2, 5), "maker"), (("tic-tac-toe", 3), "maker"),
                        (("rank3-glued", 2), "maker")]:
        cert = certificate(MakerBreakerGame(family(*spec), first), forced, small=0)
        made.setdefault(cert["kind"], cert)
    return made


CERTS = fresh_certificates()


def test_linked_positional_strategy_follows_the_schema():
    """A certificate with symmetry links (rule P10) fits the schema too."""
    cert = json.loads((ROOT / "tests/data/positional_k4_triangles_linked.json").read_text())
    assert "symmetries" in cert
    VALIDATOR.validate(cert)
    check_certificate(cert)


def test_named_positional_strategy_follows_the_schema():
    """A named certificate (rule P11: completions named, threat hints) fits the schema too."""
    from verify.families.graphs import triangles
    from verify.games.conventions import ConventionGame
    from verify.solvers.search.conventions import solve_convention_search
    cert = solve_convention_search(ConventionGame(triangles(6), "maker-breaker", (1, 1), "maker"),
                                   certificate=True).certificate
    assert cert["completions"] == "named"
    assert any("threats" in e for e in cert["strategies"]["maker"])
    VALIDATOR.validate(cert)
    check_certificate(cert)


def test_every_kind_is_made():
    assert sorted(CERTS) == sorted(SCHEMA["properties"]["kind"]["enum"])
    assert all(c["kind"] == k for k, c in CERTS.items())


#: proofs larger than this are validated in the slow run only (the same layouts as the smaller proofs of
#: their kinds, which the default run validates; every proof is still checked by both checkers)
SCHEMA_FAST_BYTES = 256_000


@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.slow) if p.stat().st_size > SCHEMA_FAST_BYTES else p
                                  for p in sorted((ROOT / "proofs").rglob("*.json"))], ids=lambda p: p.name)
def test_proofs_follow_the_schema(path):
    VALIDATOR.validate(json.loads(path.read_text()))


@pytest.mark.parametrize("kind", sorted(CERTS))
def test_fresh_certificates_follow_the_schema(kind):
    VALIDATOR.validate(CERTS[kind])
    check_certificate(CERTS[kind])


@pytest.mark.parametrize("kind", sorted(CERTS))
@pytest.mark.parametrize("field, bad", [("version", True), ("version", 2.0), ("kind", ["x"]), ("kind", {"a": 1}),
                                        ("claim", None), ("instance", [])])
def test_envelope_type_confusions_are_refused(kind, field, bad):
    cert = copy.deepcopy(CERTS[kind])
    cert[field] = bad
    assert not VALIDATOR.is_valid(cert)
    with pytest.raises(CertificateError):
        check_certificate(cert)


@pytest.mark.parametrize("kind", sorted(CERTS))
def test_verdict_type_confusions_are_refused(kind):
    cert = CERTS[kind]
    for key, value in cert["claim"]["verdict"].items():
        for bad in ([value], {"v": value}, None) + ((float(value), value == 1) if type(value) is int else ()):
            mutant = copy.deepcopy(cert)
            mutant["claim"]["verdict"][key] = bad
            assert not VALIDATOR.is_valid(mutant)
            with pytest.raises(CertificateError):
                check_certificate(mutant)
