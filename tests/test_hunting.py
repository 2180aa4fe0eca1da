"""Hunts at scale: sources, the store, resumption after SIGINT/SIGKILL, crashes and timeouts, workers
and Dask. Every test can fail: counts are compared with an independent enumeration or with an
uninterrupted run."""
from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time

import pytest

from verify.cli import main
from verify.hunting import conjectures
from verify.hunting.engine import HuntConfig, run_hunt
from verify.hunting.spaces import Hypergraphs
from verify.isomorphism import enumerate_hypergraphs, enumerate_markings

USER = textwrap.dedent('''
    import os, time
    from verify.games.maker_breaker import MakerBreakerGame
    from verify.hunting import HuntSpec, Hypergraphs, Violation, conjecture
    from verify.solvers import solve

    @conjecture("user-breaker-wins", "user", "Breaker (second) wins Maker-Breaker on every graph",
                hunt=HuntSpec(Hypergraphs(sizes=(2,), game="maker-breaker")))
    def breaker_wins(h):
        w = solve("maker-breaker", MakerBreakerGame(h, "maker"), method="explicit").winner
        return None if w == "breaker" else Violation({"edges": [h.names(e) for e in h.edge_masks]},
                                                     "breaker", w)

    @conjecture("user-slow-true", "user", "every hypergraph has at most 99 edges (slowly)",
                hunt=HuntSpec(Hypergraphs(sizes=(1, 2, 3))))
    def slow_true(h):
        time.sleep(float(os.environ.get("HUNT_TEST_SLEEP", "0")))
        return None if h.m <= 99 else Violation({}, "<= 99", h.m)

    @conjecture("user-fragile", "user", "true, but the check crashes on C4/paw and hangs on K4 - e",
                hunt=HuntSpec(Hypergraphs(sizes=(2,))))
    def fragile(h):
        if h.n == 4 and h.m == 4:
            os._exit(3)
        if h.n == 4 and h.m == 5:
            time.sleep(30)
        return None

    @conjecture("user-hang", "user", "true, but the check hangs on the triangle beyond SIGALRM's reach",
                hunt=HuntSpec(Hypergraphs(sizes=(2,))))
    def hang(h):
        import signal
        if h.n == 3 and h.m == 3:
            signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGALRM])   # as native code would
            time.sleep(60)
        return None
''')


@pytest.fixture
def user_file(tmp_path):
    path = tmp_path / "conj.py"
    path.write_text(USER)
    yield str(path)
    conjectures.unload_file(["user-breaker-wins", "user-slow-true", "user-fragile", "user-hang"])


def hunt(tmp_path, name, **kw) -> dict:
    kw.setdefault("store", str(tmp_path / f"{name}.{kw.get('source', 'exhaustive')}.sqlite"))
    kw.setdefault("workers", 1)
    return run_hunt(HuntConfig(name, progress=False, **kw)).to_json()


def test_list_json(capsys, user_file):
    assert main(["hunt", "--list", "--json", "--conjectures", user_file]) == 0
    rows = {r["name"]: r for r in json.loads(capsys.readouterr().out)}
    assert {"name", "source"} <= set(rows["004-open-two-rounds-marked"])
    assert rows["004-open-two-rounds-marked"]["sources"] == ["exhaustive", "random", "sat"]
    assert rows["user-breaker-wins"]["file"] == user_file
    for open_q in ("002-open-dng-nim-beyond-7", "003-open-P8-box", "003-open-P9-box",
                   "000-open-q3-acv-prv-pairs"):
        assert "conjecture" in rows[open_q]["tags"]
    assert rows["000-prop-3.6-prv"]["instances"] == "hypergraph"


@pytest.mark.parametrize("n,sizes,marked", [(3, (1, 2, 3), True), (4, (2, 3), False), (5, (3,), False),
                                             (6, (2,), False)])
def test_sat_source_proposes_each_class_once(n, sizes, marked):
    """Differential: the SAT model (lex-leader symmetry breaking, cuts) yields exactly the isomorphism
    classes that the nauty enumeration yields; each once where the cut is the whole orbit (n ≤ 5)."""
    from verify.isomorphism import canonical_key_masks
    space = Hypergraphs(sizes=sizes, marked=marked)
    got = [space.key(p) for p in space.sat_model(n).proposals_iter()]
    want = {canonical_key_masks(g.n, g.edge_masks, g.marked_mask)
            for h in enumerate_hypergraphs(n, sizes)
            for g in (enumerate_markings(h) if marked else (h,))}
    assert len(set(got)) == len(want)
    if n <= 5:
        assert len(got) == len(want)


def test_sources_agree_on_the_two_round_question(tmp_path):
    """The SAT model of the 004 hypotheses proposes exactly the instances inside them."""
    ex = hunt(tmp_path, "004-open-two-rounds-marked", n_max=5)
    sat = hunt(tmp_path, "004-open-two-rounds-marked", n_max=5, source="sat")
    assert ex["counterexamples"] == sat["counterexamples"] == []
    assert ex["holds"] == sat["holds"] > 50 and sat["rejected_isomorphs"] == 0
    assert sat["outside_hypotheses"] <= 1 < ex["outside_hypotheses"]  # only the edgeless board


def test_random_is_seeded_and_rejects_isomorphs(tmp_path):
    a = hunt(tmp_path, "000-open-q3-acv-prv-pairs", source="random", n_max=4, count=150, seed=5,
             store=str(tmp_path / "a.sqlite"))
    b = hunt(tmp_path, "000-open-q3-acv-prv-pairs", source="random", n_max=4, count=150, seed=5,
             store=str(tmp_path / "b.sqlite"), workers=2, chunk=7)
    assert a["drawn"] == b["drawn"] == 150
    assert a["rejected_isomorphs"] == b["rejected_isomorphs"] > 0
    assert a["checked"] + a["rejected_isomorphs"] == 150 and a["checked"] == b["checked"]


def test_counterexample_is_shrunk_with_a_certificate(tmp_path, user_file, capsys):
    store = tmp_path / "bw.sqlite"
    code = main(["hunt", "user-breaker-wins", "--conjectures", user_file, "--n-max", "5",
                 "--store", str(store), "--workers", "2", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1 and out["counterexamples"] and out["checked"] >= 1
    s = out["shrunk"]
    # the smallest graph Maker wins as first player: the path on three vertices
    assert len(s["instance"]["vertices"]) == 3 and len(s["instance"]["edges"]) == 2
    written = json.loads((tmp_path / "bw.counterexample.json").read_text())
    assert written["instance"] == s["instance"] and written["certificate"]
    from verify.certificates.checker import check_certificate
    check_certificate(written["certificate"])
    # a second run resumes: nothing drawn again, nothing counted twice
    assert main(["hunt", "user-breaker-wins", "--conjectures", user_file, "--n-max", "5",
                 "--store", str(store), "--json"]) == 1
    again = json.loads(capsys.readouterr().out)
    assert again["checked"] == out["checked"] and again["checked_this_session"] == 0


def test_crash_and_timeout_are_recorded_never_holds(tmp_path, user_file):
    out = hunt(tmp_path, "user-fragile", conjectures_file=user_file, n_max=4, workers=2,
               instance_timeout=0.5, chunk=4)
    graphs = sum(1 for n in range(1, 5) for _ in enumerate_hypergraphs(n, (2,)))
    assert out["crashes"] == 2 and out["timeouts"] == 1
    assert out["holds"] == graphs - 3 and out["checked"] == graphs - 3
    assert {u["status"] for u in out["unresolved"]} == {"crash", "timeout"}


@pytest.mark.slow
def test_a_worker_hung_beyond_sigalrm_is_killed_and_recorded(tmp_path, user_file):
    out = hunt(tmp_path, "user-hang", conjectures_file=user_file, n_max=4, workers=2,
               instance_timeout=0.1, chunk=2)
    graphs = sum(1 for n in range(1, 5) for _ in enumerate_hypergraphs(n, (2,)))
    assert out["timeouts"] == 1 and out["crashes"] == 0 and out["holds"] == graphs - 1
    assert "killed" in out["unresolved"][0]["detail"]


def test_agree_conjecture_is_the_differential_hunt(tmp_path):
    out = hunt(tmp_path, "agree:acv:explicit:sat", n_max=3)
    assert out["checked"] > 10 and out["counterexamples"] == []


def test_dask_local_cluster_gives_the_same_counts(tmp_path):
    from distributed import LocalCluster
    ref = hunt(tmp_path, "004-open-two-rounds-marked", source="random", n_max=6, count=120,
               store=str(tmp_path / "ref.sqlite"))
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=":0") as cl:
        out = hunt(tmp_path, "004-open-two-rounds-marked", source="random", n_max=6, count=120,
                   dask=cl.scheduler_address, store=str(tmp_path / "dask.sqlite"))
    for k in ("checked", "holds", "outside_hypotheses", "rejected_isomorphs", "counterexample_count"):
        assert out[k] == ref[k], k


# -- bad stores ---------------------------------------------------------------------------------

def _one_line_error(capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "Traceback" not in err
    return err


def test_corrupted_foreign_and_other_hunt_stores(tmp_path, capsys):
    junk = tmp_path / "junk.sqlite"
    junk.write_bytes(b"definitely not sqlite" * 100)
    assert "not a readable hunt store" in _one_line_error(
        capsys, ["hunt", "004-open-two-rounds-marked", "--store", str(junk)])
    foreign = tmp_path / "foreign.sqlite"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE t(x)")
    assert "not a verify hunt store" in _one_line_error(
        capsys, ["hunt", "004-open-two-rounds-marked", "--store", str(foreign)])
    mine = tmp_path / "mine.sqlite"
    assert main(["hunt", "004-open-two-rounds-marked", "--n-max", "4", "--store", str(mine),
                 "--workers", "1"]) == 0
    capsys.readouterr()
    assert "holds another hunt" in _one_line_error(
        capsys, ["hunt", "004-open-two-rounds-marked", "--n-max", "5", "--store", str(mine)])
    # a store truncated mid-file
    data = mine.read_bytes()
    mine.write_bytes(data[: len(data) // 2 + 100])
    err = _one_line_error(capsys, ["hunt", "004-open-two-rounds-marked", "--n-max", "4", "--store", str(mine)])
    assert "store" in err


# -- kill tests ---------------------------------------------------------------------------------

def _cmd(user_file, store, source):
    return [sys.executable, "-c", "import sys; from verify.cli import main; sys.exit(main())",
            "hunt", "user-slow-true", "--conjectures", user_file, "--source", source, "--n-max", "6",
            "--count", "2000" if source == "random" else "500", "--chunk", "8", "--workers", "2", "--store", store, "--json"]


def _env(sleep: str):
    env = dict(os.environ, HUNT_TEST_SLEEP=sleep)
    env["PYTHONPATH"] = os.pathsep.join(p for p in [os.path.dirname(os.path.dirname(__file__)),
                                                     env.get("PYTHONPATH", "")] if p)
    return env


def _chunks(store: str) -> int:
    try:
        with sqlite3.connect(store, timeout=5) as db:
            return db.execute("SELECT COUNT(*) FROM chunks").fetchone()[0]
    except sqlite3.Error:
        return 0


def _group_ends(pgid: int, seconds: float) -> bool:
    """Does the process group (the hunt and its workers) end within ``seconds``?"""
    t0 = time.monotonic()
    while time.monotonic() - t0 < seconds:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("sig,source", [(signal.SIGINT, "random"), (signal.SIGKILL, "sat")])
def test_killed_hunt_resumes_to_the_uninterrupted_counts(tmp_path, user_file, sig, source):
    """The random stream skips recorded chunks; the SAT-guided one replays its proposals."""
    ref = tmp_path / "ref.sqlite"
    done = subprocess.run(_cmd(user_file, str(ref), source), env=_env("0"), capture_output=True, text=True,
                          timeout=120)
    want = json.loads(done.stdout)
    store = str(tmp_path / "killed.sqlite")
    proc = subprocess.Popen(_cmd(user_file, store, source), env=_env("0.01"), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True)
    t0 = time.monotonic()
    while _chunks(store) < 4 and time.monotonic() - t0 < 60 and proc.poll() is None:
        time.sleep(0.05)
    assert proc.poll() is None, "the hunt ended before it could be interrupted"
    proc.send_signal(sig)
    proc.communicate(timeout=60)
    assert proc.returncode == (130 if sig == signal.SIGINT else -signal.SIGKILL)
    partial = _chunks(store)
    assert 4 <= partial < want["drawn"] // 8
    assert _group_ends(proc.pid, 10), "worker processes survived their parent"
    again = subprocess.run(_cmd(user_file, store, source), env=_env("0"), capture_output=True, text=True,
                           timeout=120)
    got = json.loads(again.stdout)
    for k in ("checked", "holds", "drawn", "rejected_isomorphs", "counterexample_count", "errors",
              "crashes", "timeouts"):
        assert got[k] == want[k], k
    assert got["complete"] and 0 < got["checked_this_session"] < got["checked"]


def test_edge_count_parameter_in_every_source(tmp_path):
    """--param edges=M: the three sources agree on graphs with exactly 3 edges on <= 5 vertices."""
    want = sum(1 for n in range(1, 6) for h in enumerate_hypergraphs(n, (2,)) if h.m == 3)
    outs = [hunt(tmp_path, "agree:acv:explicit:structure", source=src, n_max=5, params={"sizes": "2", "edges": "3"},
                 **({"count": 400, "n_min": 4} if src == "random" else {}))
            for src in ("exhaustive", "sat", "random")]
    assert outs[0]["drawn"] == outs[1]["checked"] == want
    assert outs[1]["rejected_isomorphs"] == 0 and 0 < outs[2]["checked"] <= want


@pytest.mark.parametrize("geometry", ["tree-vertex", "tree-edge"])
def test_tree_keys_are_isomorphism_classes(geometry):
    """Differential against networkx: two (tree, W) get the same key iff an isomorphism of the
    trees maps W onto W (vertices or edges)."""
    import networkx as nx
    from networkx.algorithms.isomorphism import categorical_edge_match, categorical_node_match
    from verify.hunting.spaces import Trees
    space = Trees(geometry)
    items = list(space.exhaustive(5, 5)) + list(space.exhaustive(4, 4))

    def graph(p):
        n, edges, w = p
        g = nx.Graph()
        g.add_nodes_from((v, {"w": geometry == "tree-vertex" and bool(w >> v & 1)}) for v in range(n))
        g.add_edges_from((u, v, {"w": geometry == "tree-edge" and bool(w >> i & 1)})
                         for i, (u, v) in enumerate(edges))
        return g

    graphs = [graph(p) for p in items]
    keys = [space.key(p) for p in items]
    for i in range(len(items)):
        for j in range(i + 1, len(items)):
            iso = nx.is_isomorphic(graphs[i], graphs[j], node_match=categorical_node_match("w", False),
                                   edge_match=categorical_edge_match("w", False))
            assert iso == (keys[i] == keys[j]), (items[i], items[j])
    for p in items[:20]:    # every one-step shrink is a tree with a nonempty W that decodes
        for q in space.smaller(p):
            assert q[2] and space.decode(q).w


def test_sigterm_stops_a_hunt_inside_the_enumeration_at_once(tmp_path, user_file):
    """Enumerating 6-vertex hypergraphs, the parent computes the next edge count's classes for
    seconds without yielding (breadth-first augmentation): SIGTERM there must still end the hunt
    within about a second, with no verdict and no worker left."""
    store = str(tmp_path / "term.sqlite")
    cmd = [sys.executable, "-c", "import sys; from verify.cli import main; sys.exit(main())",
           "hunt", "user-slow-true", "--conjectures", user_file, "--n-min", "6", "--n-max", "6",
           "--workers", "2", "--store", store, "--json"]
    proc = subprocess.Popen(cmd, env=_env("0"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    t0 = time.monotonic()
    # 419 classes have at most 5 edges (4 chunks of 128), 2154 at most 6; the 7-edge classes take
    # some 15 s to compute: 8 chunks recorded means the 6-edge level is out, and a second later the
    # parent is computing the next one
    while _chunks(store) < 8 and time.monotonic() - t0 < 90 and proc.poll() is None:
        time.sleep(0.05)
    assert proc.poll() is None, "the hunt ended before it could be interrupted"
    time.sleep(1.0)
    sent = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    try:
        out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    took = time.monotonic() - sent
    assert proc.returncode == 130 and out == "" and "interrupted" in err, (proc.returncode, out, err)
    assert took < 1.5, f"the hunt took {took:.1f} s to stop after SIGTERM"
    assert _group_ends(proc.pid, 1), "worker processes survived the terminated hunt"


def test_an_interrupt_that_native_code_turns_into_its_own_error_still_interrupts(tmp_path, monkeypatch):
    """nauty reads the graph's attributes through Python: a KeyboardInterrupt raised there comes out
    as pynauty's TypeError (about 6% of interrupts inside the enumeration); the hunt still ends as
    interrupted, never with a traceback."""
    real = Hypergraphs.exhaustive

    def exhaustive(self, n_min, n_max):
        yield from real(self, n_min, 3)
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(5)
        except KeyboardInterrupt:
            raise TypeError("missing 'vertex_coloring' attribute") from None

    monkeypatch.setattr(Hypergraphs, "exhaustive", exhaustive)
    t0 = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        hunt(tmp_path, "agree:acv:explicit:structure", n_max=4)
    assert time.monotonic() - t0 < 4
