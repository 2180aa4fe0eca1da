"""The second checker (verify/second_opinion, issue 31): it agrees with the kernel on every committed
certificate of its kinds, refuses mutated certificates the kernel refuses, and imports nothing but
the standard library and its own modules."""
from __future__ import annotations

import ast
import copy
import json
import random
from pathlib import Path

import pytest

from verify.certificates.checker import check_certificate
from verify.errors import CertificateError
from verify.second_opinion import COVERED_KINDS, Refused, check, check_path
from verify.second_opinion.__main__ import main

ROOT = Path(__file__).resolve().parent.parent
MINE = ("maker-breaker-strategy", "maker-breaker-pairing", "nim-labelling")


def _committed():
    out = []
    for p in sorted((ROOT / "proofs").rglob("*.json")):
        kind = json.loads(p.read_text(encoding="utf-8")).get("kind")
        if kind in MINE:
            out.append(p)
    return out


COMMITTED = _committed()


def _load(rel: str) -> dict:
    return json.loads((ROOT / rel).read_text(encoding="utf-8"))


def _kernel_accepts(cert) -> bool:
    try:
        check_certificate(copy.deepcopy(cert))
        return True
    except CertificateError:
        return False


def _second_accepts(cert) -> bool:
    try:
        check(copy.deepcopy(cert))
        return True
    except Refused:
        return False


def test_committed_certificates_are_many():
    kinds = {json.loads(p.read_text())["kind"] for p in COMMITTED}
    assert kinds == set(MINE) and len(COMMITTED) >= 30
    assert set(MINE) <= set(COVERED_KINDS)


@pytest.mark.parametrize("path", COMMITTED, ids=lambda p: str(p.relative_to(ROOT)))
def test_agrees_with_the_kernel_on_committed(path):
    report = check_certificate(json.loads(path.read_text(encoding="utf-8")))
    opinion = check_path(path)
    assert opinion.kind == report.kind
    assert opinion.question == report.question.to_json()
    assert opinion.verdict == report.verdict


def _both_refuse(cert):
    assert not _kernel_accepts(cert), "the kernel accepts the mutant"
    with pytest.raises(Refused):
        check(cert)


STRATEGY = "proofs/maker-breaker/tic-tac-toe-3x3-maker-first.json"
PAIRING = "proofs/classical/tic-tac-toe-5x5-maker-first.json"
LABELS = "proofs/impartial/fano-acv.json"


def test_flipped_verdicts_refused():
    c = _load(STRATEGY)
    c["claim"]["verdict"]["winner"] = "breaker"
    _both_refuse(c)
    c = _load(PAIRING)
    c["claim"]["verdict"]["winner"] = "maker"
    _both_refuse(c)
    c = _load(LABELS)
    c["claim"]["verdict"]["nim"] += 1
    _both_refuse(c)


def test_missing_reply_refused():
    c = _load(STRATEGY)
    c["strategy"] = c["strategy"][1:] if c["strategy"][0]["residual"] else c["strategy"][:-1]
    start = sorted(sorted(e) for e in json.loads(json.dumps(c["instance"]["edges"])))
    c["strategy"] = [e for e in c["strategy"] if sorted(map(sorted, e["residual"])) != start]
    _both_refuse(c)


def test_changed_board_refused():
    c = _load(STRATEGY)
    c["instance"]["edges"] = c["instance"]["edges"][1:]
    _both_refuse(c)
    c = _load(LABELS)
    c["instance"]["edges"][0] = c["instance"]["edges"][0][:2]
    _both_refuse(c)


def test_pair_not_disjoint_refused():
    c = _load(PAIRING)
    c["pairs"][1] = [c["pairs"][0][0], c["pairs"][1][1]]
    _both_refuse(c)


def test_wrong_label_refused():
    c = _load(LABELS)
    c["labels"][0][1] += 1
    _both_refuse(c)


def test_overlapping_position_refused():
    c = _load(PAIRING)
    v = c["instance"]["vertices"][0]
    c["claim"]["question"]["position"] = {"breaker": [v], "maker": [v]}
    _both_refuse(c)


@pytest.mark.parametrize("mutate", [
    lambda c: c.update(version=2.0), lambda c: c.update(version=True), lambda c: c.update(format="verify"),
    lambda c: c.update(kind="maker-breaker-strategies"), lambda c: c.update(extra=1),
    lambda c: c["claim"]["question"].update(bound=True), lambda c: c["claim"]["question"].update(first=None),
    lambda c: c["claim"]["question"]["position"].update(maker=["nowhere"]),
    lambda c: c["claim"]["question"]["position"].pop("maker"),
    lambda c: c["instance"].update(marked=[]), lambda c: c["instance"]["vertices"].append("1"),
    lambda c: c["claim"]["verdict"].update(nim=1),
])
def test_envelope_mutants_refused(mutate):
    c = _load(STRATEGY)
    mutate(c)
    _both_refuse(c)


def test_strict_json_files(tmp_path):
    for text in ('{"a": 1, "a": 2}', '{"x": NaN}', '[1e999]', '{"x": "\\ud800"}', "{"):
        p = tmp_path / "bad.json"
        p.write_text(text, encoding="utf-8")
        with pytest.raises(Refused):
            check_path(p)


def test_every_single_entry_deletion_and_label_change_agrees():
    """Drop each strategy entry, change each label: both checkers accept or both refuse."""
    for rel in ("proofs/maker-breaker/fano-maker-first.json", "proofs/maker-breaker/K5-3-breaker-first.json"):
        base = _load(rel)
        for i in range(len(base["strategy"])):
            c = copy.deepcopy(base)
            del c["strategy"][i]
            assert _kernel_accepts(c) == _second_accepts(c), (rel, i)
    for rel in ("proofs/impartial/fano-avd.json", "proofs/impartial/sieben-ex-3.3-dst.json"):
        base = _load(rel)
        for i in range(len(base["labels"])):
            c = copy.deepcopy(base)
            c["labels"][i][1] ^= 1
            assert _kernel_accepts(c) == _second_accepts(c), (rel, i)


def _random_mutant(cert, rng):
    """One random edit of a leaf or a list of the certificate's body or board."""
    c = copy.deepcopy(cert)
    names = [v for v in c["instance"].get("vertices", [])] or ["1"]
    spots = []

    def walk(x):
        if isinstance(x, list):
            spots.append(x)
            for y in x:
                walk(y)
        elif isinstance(x, dict):
            for y in x.values():
                walk(y)
    walk(c["instance"])
    for key in ("strategy", "pairs", "labels"):
        if key in c:
            walk(c[key])
    lst = rng.choice(spots)
    op = rng.randrange(4)
    if op == 0 and lst:
        del lst[rng.randrange(len(lst))]
    elif op == 1 and lst:
        i = rng.randrange(len(lst))
        lst[i] = rng.choice(names) if isinstance(lst[i], str) else (lst[i] + 1 if type(lst[i]) is int else lst[i][:-1])
    elif op == 2:
        lst.append(rng.choice(names))
    elif len(lst) > 1:
        i, j = rng.randrange(len(lst)), rng.randrange(len(lst))
        lst[i], lst[j] = lst[j], lst[i]
    return c


def test_random_mutants_agree():
    rng = random.Random(31)
    sources = ["proofs/maker-breaker/K5-3-maker-first.json", "proofs/maker-breaker/fano-breaker-first.json",
               STRATEGY, PAIRING, "proofs/classical/X-8x8-maker-first.json", LABELS,
               "proofs/impartial/sieben-ex-3.3-prv.json"]
    disagreements = []
    for _ in range(300):
        rel = rng.choice(sources)
        c = _random_mutant(_load(rel), rng)
        k, s = _kernel_accepts(c), _second_accepts(c)
        if k != s:
            disagreements.append((rel, k, s))
        if s:  # whatever the second checker accepts, it proves what the kernel proves
            assert check(copy.deepcopy(c)).verdict == check_certificate(copy.deepcopy(c)).verdict
    assert not disagreements


def test_unknown_keys_in_strategy_entries_are_refused_by_both():
    """An extra key in a strategy entry (spec maker-breaker-strategy.md, S4): both checkers refuse it."""
    c = _load(STRATEGY)
    c["strategy"][0]["note"] = "an extra key"
    with pytest.raises(Refused):
        check(c)
    assert not _kernel_accepts(c)


def test_bounded_strategy_question():
    c = _load("proofs/maker-breaker/K5-3-maker-first.json")
    for bound in range(0, 5):
        c["claim"]["question"]["bound"] = bound
        assert _kernel_accepts(c) == _second_accepts(c), bound
    assert _second_accepts(c)


def test_state_cap(monkeypatch):
    import verify.second_opinion.hypergraph_kinds as hk
    monkeypatch.setattr(hk, "MAX_STATES", 10)
    with pytest.raises(Refused, match="more than 10 "):
        check(_load(STRATEGY))


def test_command_line(tmp_path, capsys):
    bad = tmp_path / "bad\x1b[2J.json"
    bad.write_text("{}", encoding="utf-8")
    assert main([str(ROOT / STRATEGY)]) == 0
    assert main([str(ROOT / STRATEGY), str(bad)]) == 1
    out = capsys.readouterr().out
    assert "agree:" in out and "refused:" in out and "\x1b" not in out


def test_imports_only_standard_library_and_relative():
    import sys
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    pkg = ROOT / "verify" / "second_opinion"
    files = sorted(pkg.glob("*.py"))
    assert files
    for f in files:
        tree = ast.parse(f.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    assert a.name.split(".")[0] in allowed, (f.name, a.name)
            elif isinstance(node, ast.ImportFrom):
                if node.level == 0:
                    assert node.module.split(".")[0] in allowed, (f.name, node.module)
            elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                    "import_module", "__import__"):
                arg = node.args[0] if node.args else None
                text = ast.unparse(arg) if arg is not None else ""
                assert "__name__" in text or "__package__" in text, (f.name, text)
