"""Hunts of the general positional game: --convention and --bias reach the question, the conjecture
"Avoider-Enforcer is bias-monotone" is refuted, shrunk and certified (two questions, two winners),
and the differential hunt asks the new conventions too."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from verify.certificates.checker import check_certificate
from verify.cli import main
from verify.errors import InputError
from verify.games.conventions import ConventionGame, ConventionOutcome
from verify.hunting.differential import compare, instance_of
from verify.hunting.engine import HuntConfig, run_hunt
from verify.hypergraph import Hypergraph
from verify.solvers import register, unregister
from verify.solvers.explicit_conventions import solve_convention

AE = "avoider-enforcer-bias-monotone"


def hunt(tmp_path, name, **kw) -> dict:
    kw.setdefault("store", str(tmp_path / f"{name.replace(':', '_')}.sqlite"))
    kw.setdefault("workers", 1)
    return run_hunt(HuntConfig(name, progress=False, **kw)).to_json()


def test_ae_bias_monotone_is_refuted_shrunk_and_certified(tmp_path):
    out = hunt(tmp_path, AE, n_max=3)
    assert out["counterexample_count"] >= 1
    s = out["shrunk"]
    assert s["instance"] == {"vertices": ["1", "2", "3"], "edges": [["1"]], "convention": "avoider-enforcer",
                             "bias": "1:1"}
    inst = s["violation"]["instance"]
    assert inst["first"] == "enforcer"
    assert inst["questions"] == [{"bias": "1:1", "winner": "avoider"}, {"bias": "1:2", "winner": "enforcer"}]
    files = s["certificate_files"]
    assert len(files) == 2 and files[0] == s["certificate_file"]
    reports = [check_certificate(json.loads(Path(f).read_text())) for f in files]
    assert [r.verdict["winner"] for r in reports] == ["avoider", "enforcer"]
    assert [r.question.bias for r in reports] == [None, (1, 2)]          # 1:1 is not written
    assert len({r.question.instance for r in reports}) == 1          # the same board


def test_no_smaller_counterexample(tmp_path):
    out = hunt(tmp_path, AE, n_max=2)
    assert out["counterexample_count"] == 0 and out["complete"] and out["checked"] > 0


def test_bias_reaches_the_question(tmp_path):
    out = hunt(tmp_path, AE, n_max=4, params={"bias": "1:2"})
    inst = out["shrunk"]["violation"]["instance"]
    assert [q["bias"] for q in inst["questions"]] == ["1:2", "1:3"]
    assert out["shrunk"]["instance"]["bias"] == "1:2"


def test_convention_reaches_the_question(tmp_path):
    """In achievement games the monotonicity is Prop I.1.13: nothing to find."""
    out = hunt(tmp_path, "positional-bias-monotone", n_max=3, params={"convention": "maker-maker", "bias": "1:2"})
    assert out["counterexample_count"] == 0 and out["checked"] > 40
    out = hunt(tmp_path, "positional-bias-monotone", n_max=4, params={"convention": "avoider-avoider"},
               store=str(tmp_path / "aa.sqlite"))
    assert out["counterexample_count"] >= 1
    assert out["shrunk"]["violation"]["instance"]["convention"] == "avoider-avoider"


def test_question_flags_refused_where_they_mean_nothing(tmp_path):
    with pytest.raises(InputError, match="asks no positional game"):
        hunt(tmp_path, "004-prop-I.1.21-pairing", params={"bias": "1:2"})
    with pytest.raises(InputError, match="asks the avoider-enforcer game, not maker-breaker"):
        hunt(tmp_path, AE, params={"convention": "maker-breaker"})


@pytest.mark.parametrize("argv,words", [
    (["--bias", "1:x"], "write P:Q"),
    (["--bias", "0:1"], "at least one vertex"),
    (["--convention", "nope"], "unknown convention"),
])
def test_cli_bad_flags_one_line(capsys, argv, words):
    code = main(["hunt", AE, "--json"] + argv)
    err = capsys.readouterr().err.strip()
    assert code == 2 and words in err and len(err.splitlines()) == 1


def test_cli_hunt_with_bias(capsys, tmp_path):
    code = main(["hunt", AE, "--bias", "1:1", "--n-max", "3", "--workers", "1",
                 "--store", str(tmp_path / "ae.sqlite")])
    text = capsys.readouterr().out
    assert code == 1
    assert "avoider-enforcer, enforcer first: 1:1 avoider wins; 1:2 enforcer wins" in text
    assert "one certificate per question" in text


# -- the differential hunt of the new conventions ---------------------------------------------------

def _says_enforcer(game: ConventionGame):
    """Wrong on purpose: Enforcer wins every board with an edge of one vertex."""
    if any(e.bit_count() == 1 for e in game.board.edge_masks):
        return ConventionOutcome(game=game.convention, method="test-enforcer", winner="enforcer", first=game.first)
    return solve_convention(game)


def test_instance_of_each_convention():
    h = Hypergraph([["1", "2"]])
    assert instance_of("avoider-enforcer", h, "enforcer", (1, 2)) == ConventionGame(h, "avoider-enforcer", (1, 2),
                                                                                    "enforcer")
    assert instance_of("maker-maker", h, None).convention == "maker-maker"
    comps = compare("avoider-enforcer", "explicit", "explicit", h, (1, 2))
    assert [c.first for c in comps] == ["avoider", "enforcer"] and all(c.status == "agree" for c in comps)


def test_differential_hunt_of_avoider_enforcer(tmp_path):
    register("avoider-enforcer", "test-enforcer")(_says_enforcer)
    try:
        out = hunt(tmp_path, "agree:avoider-enforcer:explicit:test-enforcer", n_max=3)
    finally:
        unregister("avoider-enforcer", "test-enforcer")
    assert out["counterexample_count"] >= 1
    s = out["shrunk"]
    assert s["instance"]["edges"] == [["1"]] and s["instance"]["convention"] == "avoider-enforcer"


def test_theorems_writes_one_certificate_per_question(capsys, tmp_path):
    """The catalogue keeps the refuted conjecture with its erratum; --certificates writes both."""
    code = main(["theorems", "check", AE, "--certificates", str(tmp_path)])
    assert code == 0 and "known erratum" in capsys.readouterr().out
    files = sorted(tmp_path.glob("*.json"))
    assert [f.name for f in files] == [f"{AE}.2.json", f"{AE}.json"]
    assert {check_certificate(json.loads(f.read_text())).verdict["winner"] for f in files} == {"avoider", "enforcer"}


def test_differential_hunt_at_a_bias(tmp_path):
    """--bias reaches both methods of a differential hunt (here Maker-Breaker at 1:2, both starters)."""
    out = hunt(tmp_path, "agree:maker-breaker:explicit:search", n_max=3, params={"bias": "1:2"})
    assert out["counterexample_count"] == 0 and out["checked"] > 10 and out["outside_hypotheses"] == 0
