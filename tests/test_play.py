"""``verify play``: the certified strategist's answers (verify.play.referee) never lose, against every
opponent on small boards (exhaustive) and random opponents on 4×4 tic-tac-toe; the local server
(127.0.0.1 only, ends on SIGTERM); and the page in headless Chromium (a full game clicked through on
4×4 tic-tac-toe and on Hex, undo and jump, no console error)."""
from __future__ import annotations

import json
import random
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from verify.cli import main
from verify.errors import CertificateError, InputError
from verify.play.referee import Referee

ROOT = Path(__file__).resolve().parent.parent
TTT4_PROOF = ROOT / "proofs/classical/tic-tac-toe-4x4-maker-first.json"       # pg-proof, a refutation
TTT4_TABLE = ROOT / "proofs/maker-breaker/tic-tac-toe-4x4-maker-first.json"   # maker-breaker-strategy


def _cert(path) -> dict:
    return json.loads(Path(path).read_text())


def _solved(tmp_path, *args) -> Path:
    out = tmp_path / f"cert{len(list(tmp_path.iterdir()))}.json"
    assert main(["solve", *args, "--certificate", str(out)]) == 0
    return out


def _acceptable(ref: Referee, result: str) -> bool:
    """The strategist wins; a refutation (or a claimed draw) only promises the opponent does not."""
    if ref.play.winner == "draw" or (ref.kind == "pg-proof" and not ref._follower().proves):
        return result != ref.opponent
    return result == ref.who


def _every_game(ref: Referee, cap: int = 50_000) -> int:
    """Play every opponent line to its end; return the number of finished games."""
    stack, games, seen = [[]], 0, 0
    while stack:
        seen += 1
        assert seen < cap, "too many lines"
        line = ref.replay(stack.pop())
        if line.result is not None:
            assert _acceptable(ref, line.result), (line.moves, line.result)
            games += 1
            continue
        for v in ref.play.legal(line.state):
            stack.append(line.moves + [v])
    return games


@pytest.fixture(scope="module")
def certs(tmp_path_factory):
    """Certificates of every strategy kind on small boards, made by the solver."""
    d = tmp_path_factory.mktemp("certs")
    out = {}
    for name, args in {
        "hex3": ["pg", "encodings/pg/hex3-empty.pg", "--method", "search"],
        "hex3-white": ["pg", "encodings/pg/hex3-centre-white.pg", "--method", "search"],
        "hex3-table": ["pg", "encodings/pg/hex3-empty.pg", "--method", "explicit"],
        "mm-draw": ["pg", "encodings/pg/ttt3-mm-black-draws.pg", "--method", "search"],
        "mm-table": ["pg", "encodings/pg/ttt3-mm-black-wins.pg", "--method", "explicit"],
        "ttt3-mb": ["maker-breaker", "examples/tic-tac-toe-3.txt", "--method", "search"],
        "ttt3-mb-breaker": ["maker-breaker", "examples/tic-tac-toe-3.txt", "--first", "breaker", "--method", "search"],
        "bounded": ["maker-breaker", "examples/3-in-a-row-4x4.txt", "--method", "search", "--rounds", "3"],
        # races: refutations through automorphism links
        "race-links": ["pg", "examples/classical/elly-3x3-race.pg", "--method", "search"],
        "race-links-4": ["pg", "examples/classical/tippy-3x3-race-4.pg", "--method", "search"],
    }.items():
        p = d / f"{name}.json"
        args = [a if not a.startswith(("encodings/", "examples/")) else str(ROOT / a) for a in args]
        assert main(["solve", *args, "--certificate", str(p)]) == 0
        out[name] = p
    return out


@pytest.mark.parametrize("name", ["hex3", "hex3-white", "hex3-table", "mm-draw", "mm-table", "ttt3-mb",
                                  "ttt3-mb-breaker", "bounded", "race-links", "race-links-4"])
def test_strategist_never_loses_small(certs, name):
    cert = _cert(certs[name])
    assert not name.startswith("race") or any(q.get("links") for q in cert["questions"])
    ref = Referee(cert)
    assert _every_game(ref) > 0


@pytest.mark.parametrize("path", sorted(str(p.relative_to(ROOT)) for p in (ROOT / "proofs").rglob("*3x3*.json"))
                         + ["proofs/maker-breaker/K5-3-maker-first.json", "proofs/maker-breaker/fano-breaker-first.json"])
def test_strategist_never_loses_committed_small(path):
    assert _every_game(Referee(_cert(ROOT / path))) > 0


@pytest.mark.parametrize("path", [TTT4_PROOF, pytest.param(TTT4_TABLE, marks=pytest.mark.slow),  # 17 s; the same game
                                  ROOT / "proofs/classical/tic-tac-toe-4x4-breaker-first.json",
                                  ROOT / "proofs/classical/tic-tac-toe-5x5-maker-first.json"])
def test_strategist_never_loses_random_4x4(path):
    """Random opponents, and opponents that complete a set or block when they can."""
    ref = Referee(_cert(path))
    rng = random.Random(20)
    for k in range(60):
        moves = []
        while True:
            line = ref.replay(moves)
            if line.result is not None:
                break
            legal = ref.play.legal(line.state)
            greedy = [v for v in legal if ref.over(ref.play.play(line.state, v)) == ref.opponent]
            moves = line.moves + [greedy[0] if greedy and k % 2 else rng.choice(legal)]
        assert _acceptable(ref, line.result), (line.moves, line.result)


@pytest.mark.slow
def test_strategist_never_loses_every_game_4x4_breaker_first():
    assert _every_game(Referee(_cert(ROOT / "proofs/classical/tic-tac-toe-4x4-breaker-first.json")), 2_000_000)


def test_replay_errors():
    ref = Referee(_cert(TTT4_TABLE))
    with pytest.raises(InputError, match="not a legal move"):
        ref.replay(["zz"])
    line = ref.replay(["b2"])
    with pytest.raises(InputError, match="certified answer"):
        ref.replay(["b2", next(v for v in ref.play.legal(ref.play.start()) if v not in line.moves)])
    with pytest.raises(InputError, match="records no strategy"):
        Referee(_cert(ROOT / "proofs/impartial/fano-acv.json"))
    bad = _cert(TTT4_TABLE)
    bad["strategy"] = bad["strategy"][1:]
    with pytest.raises(CertificateError):
        Referee(bad)


# -- the server ----------------------------------------------------------------------------------

def _start(cert: Path):
    proc = subprocess.Popen([sys.executable, "-m", "verify.cli", "play", str(cert)], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(2):
        line = proc.stdout.readline()
        if line.startswith("open "):
            return proc, line.split()[1]
    proc.kill()
    raise AssertionError(f"no URL: {proc.stderr.read()}")


def _stop(proc) -> int:
    proc.send_signal(signal.SIGTERM)
    return proc.wait(timeout=10)


def _post(url, moves):
    req = urllib.request.Request(url + "api/play", data=json.dumps({"moves": moves}).encode(), method="POST")
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def test_server_answers_and_stops_on_sigterm():
    proc, url = _start(TTT4_PROOF)
    try:
        assert url.startswith("http://127.0.0.1:")
        out = _post(url, ["b2"])
        assert out["moves"][0] == "b2" and len(out["moves"]) == 2 and out["by"] == ["black", "white"]
        with pytest.raises(urllib.error.HTTPError) as err:
            _post(url, ["zz"])
        assert err.value.code == 400
        game = json.loads(urllib.request.urlopen(url + "api/game", timeout=10).read())
        assert game["strategist"] == "white" and len(game["cells"]) == 16
    finally:
        assert _stop(proc) == 0
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(url, timeout=2)


def test_play_refuses_failing_certificate(tmp_path, capsys):
    bad = _cert(TTT4_TABLE)
    bad["strategy"] = bad["strategy"][1:]
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(bad))
    assert main(["play", str(p)]) == 1
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


# -- in headless Chromium ------------------------------------------------------------------------

def _errors(driver) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]


def _moves(driver) -> int:
    return len(driver.find_elements("css selector", "#history li")) - 1


def _wait(driver, cond, what, timeout=20):
    end = time.time() + timeout
    while time.time() < end:
        if cond():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def _click_through(driver, url) -> str:
    """Click the first legal cell until the game ends (each click answered); check undo and jump."""
    driver.get(url)
    _wait(driver, lambda: driver.find_elements("css selector", "#history li"), "the start position")
    clicks = 0
    while not driver.find_element("id", "status").get_attribute("data-result"):
        cells = driver.find_elements("css selector", ".cell.legal")
        assert cells, "no legal cell and no result"
        n = _moves(driver)
        cells[0].click()
        clicks += 1
        _wait(driver, lambda: _moves(driver) > n or driver.find_element("id", "status").get_attribute("data-result"),
              "the answer")
        if clicks == 2:  # undo the second move, then play it again
            driver.find_element("id", "undo").click()
            _wait(driver, lambda: _moves(driver) < n + 1, "undo")
    final = _moves(driver)
    result = driver.find_element("id", "status").get_attribute("data-result")
    ply = 1 if final > 3 else 0  # jump back to the position after the first move (or the start)
    driver.find_elements("css selector", "#history li")[ply].click()
    _wait(driver, lambda: not driver.find_element("id", "status").get_attribute("data-result"), "the jump")
    assert _moves(driver) < final
    assert not _errors(driver), _errors(driver)
    return result


@pytest.mark.browser
@pytest.mark.parametrize("which", ["ttt4-proof", "ttt4-table", "hex3", "hex3-white", "mm-draw"])
def test_browser_full_game(browser, certs, which):
    cert = {"ttt4-proof": TTT4_PROOF, "ttt4-table": TTT4_TABLE}.get(which) or certs[which]
    ref = Referee(_cert(cert))
    proc, url = _start(cert)
    try:
        result = _click_through(browser, url)
        assert _acceptable(ref, result)
        if which.startswith("hex"):
            assert browser.find_elements("css selector", "polygon.cell")  # Hex cells are hexagons
    finally:
        assert _stop(proc) == 0
