"""Citable results (issue 34, deliverable 2): ``verify --version``, ``verify.__version__``, and the
``made_by`` record (tool, version, commit, date) that every certificate and every ``--json`` output
carries outside the claim: both checkers read its shape strictly and never its values."""
from __future__ import annotations

import copy
import json
import re
import subprocess
import sys
import tomllib
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

import verify
from verify import provenance
from verify.certificates.checker import check_certificate
from verify.cli import main
from verify.errors import CertificateError
from verify.second_opinion import Refused
from verify.second_opinion import check as second_check

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
VERSION_LINE = re.compile(r"verify \d+\.\d+\.\d+\S*( \(commit [0-9a-f]{12}(\+dirty)?\))?")
COMMIT = re.compile(r"[0-9a-f]{40}(\+dirty)?")


def run(capsys, *argv) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def assert_made_by(made_by: dict) -> None:
    """A fresh ``made_by``: this tool and version, a commit or null, a UTC date of the last hour."""
    assert list(made_by) == ["tool", "version", "commit", "date"]
    assert made_by["tool"] == "verify" and made_by["version"] == verify.__version__
    assert made_by["commit"] is None or COMMIT.fullmatch(made_by["commit"])
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", made_by["date"])
    when = datetime.fromisoformat(made_by["date"].replace("Z", "+00:00"))
    assert abs(datetime.now(timezone.utc) - when) < timedelta(hours=1)


@pytest.fixture(scope="module")
def fano_certificate(tmp_path_factory) -> dict:
    """``verify solve maker-breaker examples/fano.txt --certificate X``, read back."""
    out = tmp_path_factory.mktemp("fano") / "fano.json"
    assert main(["solve", "maker-breaker", str(ROOT / "examples/fano.txt"), "--certificate", str(out)]) == 0
    return json.loads(out.read_text(encoding="utf-8"))


# -- the version -----------------------------------------------------------------------------------

def test_version_option_prints_the_version_and_exits_0():
    out = subprocess.run([sys.executable, "-m", "verify.cli", "--version"], capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert VERSION_LINE.fullmatch(out.stdout.strip()), out.stdout
    assert out.stdout.startswith(f"verify {verify.__version__}") and out.stderr == ""


def test_version_option_in_process(capsys):
    code, out = run(capsys, "--version")
    assert code == 0 and out == provenance.version_line() + "\n"


def test_dunder_version_is_the_package_version():
    assert verify.__version__ == PYPROJECT_VERSION == provenance.version()
    assert "__version__" in dir(verify)


def test_version_falls_back_to_pyproject(monkeypatch):
    import importlib.metadata as md

    def missing(name):
        raise md.PackageNotFoundError(name)

    monkeypatch.setattr(md, "version", missing)
    provenance.version.cache_clear()
    try:
        assert provenance.version() == PYPROJECT_VERSION
    finally:
        provenance.version.cache_clear()


# -- the commit, read from .git's files --------------------------------------------------------------

@pytest.fixture
def fake_root(tmp_path, monkeypatch):
    monkeypatch.setattr(provenance, "ROOT", tmp_path)
    provenance.commit.cache_clear()
    yield tmp_path
    provenance.commit.cache_clear()


def test_commit_of_a_branch_a_packed_ref_and_a_detached_head(fake_root):
    a, b, c = "a" * 40, "b" * 40, "c" * 40
    git = fake_root / ".git"
    (git / "refs" / "heads").mkdir(parents=True)
    (git / "HEAD").write_text("ref: refs/heads/main\n")
    (git / "refs" / "heads" / "main").write_text(a + "\n")
    assert provenance.commit() == a  # not a repository to git: never "+dirty"
    provenance.commit.cache_clear()
    (git / "refs" / "heads" / "main").unlink()
    (git / "packed-refs").write_text(f"# pack-refs with: peeled\n{b} refs/heads/main\n")
    assert provenance.commit() == b
    provenance.commit.cache_clear()
    (git / "HEAD").write_text(c + "\n")
    assert provenance.commit() == c
    assert provenance.short_commit(c + "+dirty") == "c" * 12 + "+dirty"


def test_no_checkout_or_an_unreadable_head_is_no_commit(fake_root):
    assert provenance.commit() is None
    provenance.commit.cache_clear()
    (fake_root / ".git").mkdir()
    (fake_root / ".git" / "HEAD").write_text("ref: refs/heads/nowhere\n")
    assert provenance.commit() is None
    provenance.commit.cache_clear()
    (fake_root / ".git" / "HEAD").write_text("not a hash\n")
    assert provenance.commit() is None
    assert provenance.version_line() == f"verify {provenance.version()}"


def test_a_worktree_git_file_is_followed(fake_root, tmp_path_factory):
    real = tmp_path_factory.mktemp("gitdir")
    common = tmp_path_factory.mktemp("common")
    (real / "HEAD").write_text("ref: refs/heads/topic\n")
    (real / "commondir").write_text(str(common) + "\n")
    (common / "packed-refs").write_text("d" * 40 + " refs/heads/topic\n")
    (fake_root / ".git").write_text(f"gitdir: {real}\n")
    assert provenance.commit() == "d" * 40


# -- certificates ------------------------------------------------------------------------------------

def test_a_fresh_certificate_records_who_made_it(fano_certificate):
    assert_made_by(fano_certificate["made_by"])
    assert "made_by" not in fano_certificate["claim"]


def test_both_checkers_accept_it_with_and_without_made_by(fano_certificate):
    bare = {k: v for k, v in fano_certificate.items() if k != "made_by"}
    for cert in (fano_certificate, bare):
        report = check_certificate(copy.deepcopy(cert))
        opinion = second_check(copy.deepcopy(cert))
        assert report.verdict == opinion.verdict == {"winner": "maker"}
        assert report.question.to_json() == opinion.question
    assert check_certificate(copy.deepcopy(fano_certificate)).made_by == fano_certificate["made_by"]
    assert check_certificate(copy.deepcopy(bare)).made_by is None


BAD_MADE_BY = {
    "an unknown key": lambda m: {**m, "host": "lab"},
    "a missing key": lambda m: {k: v for k, v in m.items() if k != "date"},
    "a non-string version": lambda m: {**m, "version": 1},
    "a list version": lambda m: {**m, "version": ["0.1.0"]},
    "a null tool": lambda m: {**m, "tool": None},
    "a non-string commit": lambda m: {**m, "commit": 123},
    "a too long date": lambda m: {**m, "date": "x" * 201},
    "not an object": lambda m: [m],
    "null": lambda m: None,
}


@pytest.mark.parametrize("defect", sorted(BAD_MADE_BY))
def test_both_checkers_refuse_a_malformed_made_by(fano_certificate, defect):
    cert = copy.deepcopy(fano_certificate)
    cert["made_by"] = BAD_MADE_BY[defect](cert["made_by"])
    with pytest.raises(CertificateError, match="made_by"):
        check_certificate(copy.deepcopy(cert))
    with pytest.raises(Refused, match="made_by"):
        second_check(copy.deepcopy(cert))


@pytest.mark.parametrize("change", [{"version": "99.0.0"}, {"commit": None}, {"commit": "not a hash"},
                                    {"date": "1970-01-01T00:00:00Z"}, {"tool": "someone else"},
                                    {"version": "x" * 200}])
def test_the_verdict_does_not_depend_on_made_by(fano_certificate, change):
    cert = copy.deepcopy(fano_certificate)
    cert["made_by"].update(change)
    before = check_certificate(copy.deepcopy(fano_certificate))
    after = check_certificate(copy.deepcopy(cert))
    assert (after.kind, after.question, after.verdict, after.detail) == \
        (before.kind, before.question, before.verdict, before.detail)
    assert after == before  # made_by is not compared
    first, second = second_check(copy.deepcopy(fano_certificate)), second_check(copy.deepcopy(cert))
    assert (first.question, first.verdict) == (second.question, second.verdict)


def test_made_by_is_not_part_of_the_claim(fano_certificate):
    """A made_by put inside the claim is refused: the claim is exactly a question and a verdict."""
    cert = copy.deepcopy(fano_certificate)
    cert["claim"]["made_by"] = cert.pop("made_by")
    with pytest.raises(CertificateError):
        check_certificate(cert)
    with pytest.raises(Refused):
        second_check(copy.deepcopy(cert))


def test_a_pg_proof_and_its_parts_carry_made_by():
    from verify.families import tic_tac_toe
    from verify.games.maker_breaker import MakerBreakerGame
    from verify.solvers import solve
    cert = solve("maker-breaker", MakerBreakerGame(tic_tac_toe(3), "maker"), method="search",
                 certificate=True).certificate
    assert cert["kind"] == "pg-proof"
    assert_made_by(cert["made_by"])
    assert check_certificate(copy.deepcopy(cert)).verdict == second_check(copy.deepcopy(cert)).verdict


def test_the_schema_allows_made_by_and_only_its_shape(fano_certificate):
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((ROOT / "verify/certificates/schemas/certificate.schema.json").read_text())
    validator = jsonschema.Draft202012Validator(schema)
    assert not list(validator.iter_errors(fano_certificate))
    bad = copy.deepcopy(fano_certificate)
    bad["made_by"]["host"] = "lab"
    assert list(validator.iter_errors(bad))


# -- the command line ----------------------------------------------------------------------------------

def test_solve_json_carries_made_by(capsys):
    code, out = run(capsys, "solve", "maker-breaker", str(ROOT / "examples/fano.txt"), "--json")
    assert code == 0
    assert_made_by(json.loads(out)["made_by"])


def test_check_shows_the_certificate_made_by_and_its_json_carries_both(tmp_path, fano_certificate, capsys):
    path = tmp_path / "fano.json"
    path.write_text(json.dumps(fano_certificate))
    code, out = run(capsys, "check", str(path))
    m = fano_certificate["made_by"]
    commit = f" (commit {m['commit']})" if m["commit"] else ""
    assert code == 0 and f"      made by verify {m['version']}{commit} on {m['date']}\n" in out
    code, out = run(capsys, "check", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and data["results"][0]["made_by"] == m
    assert_made_by(data["made_by"])


def test_check_prints_no_made_by_line_for_a_certificate_without_one(capsys):
    code, out = run(capsys, "check", str(ROOT / "proofs/maker-breaker/tic-tac-toe-3x3-maker-first.json"))
    assert code == 0 and "made by" not in out


def test_check_escapes_the_made_by_line(tmp_path, fano_certificate, capsys):
    cert = copy.deepcopy(fano_certificate)
    cert["made_by"].update({"version": "1\x1b[31m", "commit": None})
    path = tmp_path / "odd.json"
    path.write_text(json.dumps(cert))
    code, out = run(capsys, "check", str(path))
    assert code == 0 and "\x1b" not in out
    assert f"      made by verify 1\\x1b[31m on {cert['made_by']['date']}\n" in out
