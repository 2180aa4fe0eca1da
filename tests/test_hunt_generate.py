"""Hunts that generate (issue 34, deliverables 4 and 5): a hypothesis declared as a Constraint is met
by generating instances inside it (canonical augmentation), which must give exactly the instances
the filter keeps, one per isomorphism class; the parent's memory stays bounded; the counterexample's
certificate is written as its own file that `verify check` accepts."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from collections import Counter
from pathlib import Path

import pytest

from verify.cli import main
from verify.errors import InputError
from verify.hunting import conjectures
from verify.hunting.engine import HuntConfig, run_hunt
from verify.hunting.generate import Constraint, connected, generate_hypergraphs
from verify.hunting.spaces import Hypergraphs, PointSets
from verify.hypergraph import Hypergraph
from verify.isomorphism import canonical_key_masks, enumerate_hypergraphs

ROOT = Path(__file__).resolve().parent.parent

CONSTRAINTS = [Constraint(), Constraint(es_sum_below=0.5), Constraint(es_sum_below=1, rank=3),
               Constraint(connected=True), Constraint(max_degree=2), Constraint(min_degree=2, max_edges=5),
               Constraint(uniform=2), Constraint(rank=3, min_edges=3), Constraint(connected=True, max_degree=3)]


def _keys(n, masks_iter):
    keys = [canonical_key_masks(n, m) for m in masks_iter]
    assert len(keys) == len(set(keys)), "an isomorphism class generated twice"
    return set(keys)


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_generator_is_the_filter_on_every_hypergraph(n):
    """Every size 1..n: the generator's classes are the filtered enumeration's, no isomorph twice."""
    sizes = tuple(range(1, n + 1))
    every = [h for h in enumerate_hypergraphs(n, sizes)]
    # on 4 vertices the constraints that keep most of the 1992 classes are left to n ≤ 3 (time)
    for c in (CONSTRAINTS if n < 4 else [c for c in CONSTRAINTS if c.max_degree or c.es_sum_below or c.uniform]):
        ref = {canonical_key_masks(n, h.edge_masks) for h in every if c.holds(h)}
        assert _keys(n, generate_hypergraphs(n, sizes, c)) == ref, c


@pytest.mark.parametrize("n, sizes, c, bound", [
    (5, (2, 3), Constraint(es_sum_below=0.5), 3),            # ≤ 3 triples: at most 3 edges
    (6, (2, 3), Constraint(es_sum_below=0.5), 3),
    (5, (2, 3, 4), Constraint(es_sum_below=0.3), 4),          # 4 edges of size 4 weigh 1/4
    (5, (3,), Constraint(uniform=3, max_degree=2), 3),        # 3 edges of 3 vertices cover 9 ≤ 2·5
    (6, (2, 3), Constraint(connected=True, max_edges=3), 3),
    (6, (2,), Constraint(max_degree=2, min_edges=4), 6),
])
def test_generator_is_the_filter_on_larger_boards(n, sizes, c, bound):
    """Larger n, where the constraint bounds the number of edges (so the filter's reference is the
    enumeration up to that many edges)."""
    ref = {canonical_key_masks(n, h.edge_masks) for h in enumerate_hypergraphs(n, sizes, max_edges=bound)
           if c.holds(h)}
    got = _keys(n, generate_hypergraphs(n, sizes, c))
    assert got == ref and got


def test_marked_space_generates_its_markings():
    space = Hypergraphs(sizes=(2, 3), marked=True)
    c = Constraint(max_degree=2)
    gen = [space.key(p) for p in space.generate(1, 4, c)]
    ref = {space.key(p) for p in space.exhaustive(1, 4) if c.holds(space.decode(p))}
    assert len(gen) == len(set(gen)) and set(gen) == ref


def test_constraint_filter():
    h = Hypergraph.from_masks(["1", "2", "3", "4"], [0b0011, 0b1100])
    assert not connected(4, h.edge_masks) and connected(3, [0b011, 0b110])
    assert Constraint(es_sum_below=0.5).holds(h) is False        # 1/4 + 1/4
    assert Constraint(es_sum_below=0.51, max_degree=1, uniform=2).holds(h)
    assert "es_sum_below=0.5" in Constraint(es_sum_below=0.5, connected=True).describe()
    with pytest.raises(InputError):
        Constraint(max_edges=-1)


def _hunt(tmp_path, name, **kw):
    kw.setdefault("workers", 1)
    kw.setdefault("progress", False)
    tag = "-".join(f"{k}{v}" for k, v in sorted(kw.items()))
    return run_hunt(HuntConfig(name, store=str(tmp_path / f"{name}-{tag}.sqlite"), **kw)).to_json()


def test_erdos_selfridge_generate_equals_filter(tmp_path):
    """The regression hunt on n ≤ 4: generated, it checks exactly the instances that filtering keeps
    inside the hypothesis, and none outside."""
    gen = _hunt(tmp_path, "classical-erdos-selfridge", n_max=4)
    flt = _hunt(tmp_path, "classical-erdos-selfridge", n_max=4, mode="filter")
    assert gen["mode"] == "generated" and "es_sum_below=0.5" in gen["mode_note"]
    assert flt["mode"] == "filtered"
    assert gen["complete"] and flt["complete"]
    assert gen["outside_hypotheses"] == 0 and flt["outside_hypotheses"] > 0
    assert gen["checked"] == gen["holds"] == gen["drawn"] == flt["holds"] == 21
    assert gen["counterexample_count"] == flt["counterexample_count"] == 0
    # the generated classes are the filter's, per vertex count (keys, not only counts)
    space = Hypergraphs(sizes=(2, 3, 4))
    ref = Counter(space.key(p) for p in space.exhaustive(1, 4) if Constraint(es_sum_below=0.5).holds(space.decode(p)))
    assert Counter(space.key(p) for p in space.generate(1, 4, Constraint(es_sum_below=0.5))) == ref


def test_erdos_selfridge_generated_to_six_vertices(tmp_path):
    out = _hunt(tmp_path, "classical-erdos-selfridge", n_min=5, n_max=6, workers=2)
    assert out["mode"] == "generated" and out["complete"]
    assert out["checked"] == out["holds"] == 77 + 695 and out["counterexample_count"] == 0


def test_random_source_generates_inside(tmp_path):
    out = _hunt(tmp_path, "classical-erdos-selfridge", source="random", n_min=5, n_max=7, count=60)
    assert out["mode"] == "generated" and out["outside_hypotheses"] == 0 and out["checked"] > 0
    assert out["checked"] + out["rejected_isomorphs"] == 60


def test_mode_forced_and_fallbacks(tmp_path):
    with pytest.raises(InputError, match="cannot be generated"):
        _hunt(tmp_path, "classical-erdos-selfridge", source="sat", n_max=3, mode="generate")
    sat = _hunt(tmp_path, "classical-erdos-selfridge", source="sat", n_max=4)
    assert sat["mode"] == "filtered" and sat["holds"] == 21
    # a hypothesis without a constraint, and a space without a generator, are filtered
    two = _hunt(tmp_path, "004-open-two-rounds-marked", n_max=4)
    assert two["mode"] == "filtered" and "no constraint" in two["mode_note"]
    assert PointSets().cannot_generate(Constraint(max_edges=2))
    assert Hypergraphs().cannot_generate({"girth": 5})       # not the vocabulary: filtered


UNKNOWN = textwrap.dedent('''
    from verify.hunting import HuntSpec, Hypergraphs, conjecture
    GIRTH = {"girth_at_least": 5}      # not a Constraint: the generator does not know it

    @conjecture("user-unknown-constraint", "user", "true on every graph",
                hunt=HuntSpec(Hypergraphs(sizes=(2,)), hypothesis=lambda h: h.m <= 2, constraint=GIRTH))
    def check(h):
        return None
''')


def test_unknown_constraint_falls_back_to_filtering(tmp_path, capsys):
    path = tmp_path / "unknown.py"
    path.write_text(UNKNOWN)
    try:
        rc = main(["hunt", "user-unknown-constraint", "--conjectures", str(path), "--n-max", "4",
                   "--workers", "1", "--store", str(tmp_path / "u.sqlite")])
        out = capsys.readouterr().out
        assert rc == 0 and "instances filtered by the hypothesis (unknown constraint" in out
        with pytest.raises(InputError, match="cannot be generated"):
            run_hunt(HuntConfig("user-unknown-constraint", n_max=3, workers=1, conjectures_file=str(path),
                                mode="generate", store=str(tmp_path / "v.sqlite"), progress=False))
    finally:
        conjectures.unload_file(["user-unknown-constraint"])


MEMORY = textwrap.dedent('''
    import json, sys, tracemalloc
    from verify.hunting.engine import HuntConfig, run_hunt

    def hunt(n, count, store):
        return run_hunt(HuntConfig("user-memory", n_min=n, n_max=n, count=count, workers=1, chunk=64,
                                   conjectures_file=sys.argv[1], store=store, progress=False,
                                   mode="generate"))
    hunt(4, None, sys.argv[2] + ".warm")          # imports and the worker pool's first start
    tracemalloc.start()
    rep = hunt(7, int(sys.argv[3]), sys.argv[2])
    cur, peak = tracemalloc.get_traced_memory()
    print(json.dumps({"peak": peak, "checked": rep.totals.checked, "mode": rep.mode}))
''')

MEMORY_CONJ = textwrap.dedent('''
    from verify.hunting import Constraint, HuntSpec, Hypergraphs, conjecture

    @conjecture("user-memory", "user", "true on every hypergraph with Σ 2^-|e| < 1/2",
                hunt=HuntSpec(Hypergraphs(sizes=(2, 3, 4)), constraint=Constraint(es_sum_below=0.5)))
    def check(h):
        return None
''')


def test_parent_memory_is_bounded(tmp_path):
    """A generated hunt on 7 vertices (edges of 2-4 vertices: 2^91 labelled hypergraphs, 7787 classes
    inside the sum) keeps the parent's Python allocations under 4 MB while it streams 4000 instances
    to a worker: the search holds one path, the engine the chunks in flight."""
    conj = tmp_path / "mem.py"
    conj.write_text(MEMORY_CONJ)
    script = tmp_path / "mem_run.py"
    script.write_text(MEMORY)
    res = subprocess.run([sys.executable, str(script), str(conj), str(tmp_path / "m.sqlite"), "4000"],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert res.returncode == 0, res.stderr
    out = json.loads(res.stdout.strip().splitlines()[-1])
    assert out["mode"] == "generated" and out["checked"] == 4000
    assert out["peak"] < 4 * 2**20, out


def test_certificate_file_beside_the_counterexample(tmp_path, capsys, monkeypatch):
    """The counterexample record names a certificate file written beside it, the output says
    where, and `verify check` accepts that file as it is (exit 0)."""
    monkeypatch.chdir(tmp_path)
    conj = str(ROOT / "examples" / "conjectures.py")
    try:
        rc = main(["hunt", "my-min-degree-breaker", "--conjectures", conj, "--n-max", "5",
                   "--workers", "1"])
    finally:
        conjectures.unload_file(["my-min-degree-breaker"])
    out = capsys.readouterr().out
    assert rc == 1
    record_path = tmp_path / "my-min-degree-breaker.exhaustive.hunt.counterexample.json"
    cert_path = tmp_path / "my-min-degree-breaker.exhaustive.hunt.certificate.json"
    record = json.loads(record_path.read_text())
    assert record["certificate_file"] == cert_path.name and cert_path.exists()
    assert f"its certificate to {cert_path.name}" in out and f"verify check {cert_path.name}" in out
    assert json.loads(cert_path.read_text()) == record["certificate"]
    assert main(["check", str(cert_path)]) == 0
    assert "1 of 1 certificates verified" in capsys.readouterr().out
    # the record itself is not a certificate (the file beside it is)
    assert main(["check", str(record_path)]) != 0


@pytest.mark.slow
def test_erdos_selfridge_eight_vertices(tmp_path):
    """The regression hunt over every board of at most 8 vertices (edge sizes 2-4, which is all of
    them for the theorem): generated, complete, no counterexample."""
    out = _hunt(tmp_path, "classical-erdos-selfridge", n_max=8, workers=2)
    assert out["mode"] == "generated" and out["complete"] and out["outside_hypotheses"] == 0
    assert out["counterexample_count"] == 0 and out["errors"] == 0
    assert out["checked"] == out["holds"] > 8580
