"""The static report (verify report): built once from the bundled examples and proofs, checked as
files (every link and picture resolves, one catalogue row per claim) and in a real browser
(headless Chromium through selenium: no console error, no broken link or image, screenshots, DOM).

Browser tests are marked ``browser`` and skipped when Chromium or chromedriver is not installed
(Debian: ``apt-get install chromium chromium-driver``).
"""
import json
import re
import shutil
import sqlite3
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlparse

import pytest

from verify.certificates.strategy import pairing_certificate
from verify.claims import registry
from verify.cli import main
from verify.families import chain_path, hex_board
from verify.games.maker_breaker import MakerBreakerGame
from verify.games.positional import from_maker_breaker
from verify.report.data import read_bench, read_hunt_store, record
from verify.report.site import Options, build
from verify.solvers import solve

ROOT = Path(__file__).resolve().parent.parent
CLAIMS = ["000-prop-7.6", "002-prop-32-tree-vertex", "003-jm-moore", "000-ex-2.5-tr-complete"]


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    base = tmp_path_factory.mktemp("report")
    proofs = base / "proofs"
    (proofs / "mb").mkdir(parents=True)
    shutil.copy(ROOT / "proofs/maker-breaker/tic-tac-toe-3x3-maker-first.json", proofs / "mb")
    shutil.copy(ROOT / "proofs/impartial/fano-acv.json", proofs)
    (proofs / "mb" / "path-pairing.json").write_text(json.dumps(pairing_certificate(
        MakerBreakerGame(chain_path(1)), [("1", "2")])))
    hexcert = solve("pg", from_maker_breaker(hex_board(2), 0, 0, "maker"), certificate=True).certificate
    (proofs / "hex2.json").write_text(json.dumps(hexcert))
    (proofs / "not-a-certificate.json").write_text("{}")
    db = base / "hunts" / "store.sqlite"
    db.parent.mkdir()
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE disagreements (id INTEGER, game TEXT, instance TEXT)")
    con.execute("INSERT INTO disagreements VALUES (1, 'maker-breaker', '{\"edges\": [[\"1\", \"2\"]]}')")
    con.commit()
    con.close()
    (base / "hunts" / "broken.db").write_bytes(b"this is not a database")
    bench = base / "bench.jsonl"
    record("core", "4x4 tic-tac-toe", "explicit", 0.21, path=str(bench))
    record("core", "n=8 m=12", "explicit", 0.05, ratio=31.0, path=str(bench))
    record("core", "n=8 m=12", "plain", 1.55, path=str(bench))
    examples = [ROOT / "examples" / n for n in ("tic-tac-toe-3.txt", "fano.txt", "K5-3.json")]
    examples += [ROOT / "examples/convex/plane.json", ROOT / "examples/convex/tree-ex30.json",
                 ROOT / "examples/hypernim/c4.json"]
    out = base / "site"
    summary = build(out, Options(proofs=[str(proofs)], examples=[str(p) for p in examples],
                                 hunts=[str(base / "hunts")], bench=[str(bench)], claims=CLAIMS, max_states=8))
    return out, summary


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.images, self.rows, self.ids = [], [], 0, set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(a["id"])
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        if tag in ("img", "link") and (a.get("src") or a.get("href")):
            self.images.append(a.get("src") or a.get("href"))
        if tag == "tr" and "claim" in (a.get("class") or "").split():
            self.rows += 1


def _parse(page: Path) -> _Links:
    p = _Links()
    p.feed(page.read_text(encoding="utf-8"))
    return p


def test_every_link_and_picture_resolves(report):
    out, summary = report
    pages = sorted(out.rglob("*.html"))
    assert len(pages) == summary.pages
    for page in pages:
        parsed = _parse(page)
        for ref in parsed.links + parsed.images:
            assert not urlparse(ref).scheme, f"{page}: external link {ref}"
            path, _, anchor = ref.partition("#")
            target = (page.parent / path).resolve() if path else page
            assert target.is_file(), f"{page.relative_to(out)}: broken link {ref}"
            if anchor:
                assert anchor in _parse(target).ids, f"{page.relative_to(out)}: no anchor for {ref}"
    for svg in out.rglob("*.svg"):
        assert "<svg" in svg.read_text(encoding="utf-8")[:2000]


def test_catalogue_has_one_row_per_claim(report):
    out, _ = report
    parsed = _parse(out / "catalogue.html")
    assert parsed.rows == len(registry.all_claims())
    html = (out / "catalogue.html").read_text()
    for name in CLAIMS[:3]:  # the three counterexamples: picture and data
        assert (out / "claims" / f"{name}.svg").is_file() and (out / "claims" / f"{name}.json").is_file()
    assert (out / "certificates" / "000-prop-7.6.json").is_file()
    assert html.count('class="status unchecked"') == len(registry.all_claims()) - len(CLAIMS)


def test_proofs_explorer_hunts_bench(report):
    out, summary = report
    assert summary.counts["proofs"] == 4 and summary.counts["proofs_ok"] == 4
    for slug in ("mb-tic-tac-toe-3x3-maker-first", "fano-acv", "mb-path-pairing", "hex2"):
        assert (out / "proofs" / f"{slug}.html").is_file() and (out / "proofs" / f"{slug}.json").is_file()
    assert json.loads((out / "proofs/fano-acv.json").read_text())["kind"] == "nim-labelling"
    assert (out / "proofs/fano-acv-structure.svg").is_file()
    states = sorted((out / "explorer/mb-tic-tac-toe-3x3-maker-first").glob("s*.html"))
    assert len(states) == 8
    hunts = (out / "hunts.html").read_text()
    assert "disagreements" in hunts and "maker-breaker" in hunts and "broken.db" in hunts
    assert "not a readable SQLite store" in hunts or "cannot open" in hunts
    assert list((out / "hunts").glob("*.svg")) and 'alt="row 1"' in hunts  # the stored instance drawn
    assert (out / "bench" / "chart0.svg").is_file() and "n=8 m=12" in (out / "bench.html").read_text()


def test_hunt_store_reader_is_defensive(tmp_path):
    bad = tmp_path / "x.db"
    bad.write_bytes(b"\0" * 100)
    store = read_hunt_store(bad)
    assert store.note and not store.tables
    empty = tmp_path / "e.sqlite"
    sqlite3.connect(empty).close()
    assert read_hunt_store(empty).note == "no tables"


def test_bench_records_and_bad_ones(tmp_path):
    f = tmp_path / "b.csv"
    f.write_text("benchmark,case,method,seconds,ratio\nsat,n=5,cadical,0.5,\nsat,n=5,explicit,0.1,5\n")
    rows = read_bench(f)
    assert rows[1]["ratio"] == 5.0 and "ratio" not in rows[0]
    g = tmp_path / "b.jsonl"
    g.write_text('{"benchmark": "x"}\n')
    from verify.errors import InputError
    with pytest.raises(InputError, match="needs the fields"):
        read_bench(g)


def test_cli_report_bad_input(tmp_path, capsys):
    assert main(["report", str(tmp_path / "r"), "--claims", "no-such-claim", "--examples",
                 "--proofs"]) == 2
    assert "unknown claim" in capsys.readouterr().err
    assert main(["report", str(tmp_path / "r"), "--hunts", str(tmp_path / "missing.db")]) == 2
    assert "no such hunt store" in capsys.readouterr().err


# -- in a real browser ---------------------------------------------------------------------------

def _errors(driver) -> list[str]:
    return [e["message"] for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]


BROKEN_IMAGES = "return Array.from(document.images).filter(i => !i.complete || i.naturalWidth === 0).map(i => i.src)"
LINKS = "return Array.from(document.querySelectorAll('a[href]')).map(a => a.href)"


@pytest.mark.browser
def test_browser_every_page_loads_clean(report, browser, tmp_path):
    """Crawl from index.html: every page loads with no console error, every image renders, every
    link points to an existing page or file, and every page of the report is reachable."""
    out, _ = report
    start = (out / "index.html").resolve().as_uri()
    seen, queue = set(), [start]
    while queue:
        url = queue.pop()
        if url in seen:
            continue
        seen.add(url)
        browser.get(url)
        assert browser.title.endswith("verify report"), url
        assert not _errors(browser), f"{url}: console errors {_errors(browser)}"
        assert browser.execute_script(BROKEN_IMAGES) == [], f"{url}: broken images"
        for href in browser.execute_script(LINKS):
            target, _, anchor = href.partition("#")
            path = Path(urlparse(target).path)
            assert target.startswith("file://") and path.is_file(), f"{url}: broken link {href}"
            if anchor and target == url:
                assert browser.find_elements("id", anchor), f"{url}: no element for {href}"
            if path.suffix == ".html" and target not in seen:
                queue.append(target)
    pages = {p.resolve().as_uri() for p in out.rglob("*.html")}
    assert pages == seen
    for i, page in enumerate(["index.html", "catalogue.html", "proofs/hex2.html",
                              "explorer/mb-tic-tac-toe-3x3-maker-first/s0.html"]):
        browser.get((out / page).resolve().as_uri())
        shot = tmp_path / f"shot{i}.png"
        assert browser.save_screenshot(str(shot))
        assert shot.read_bytes()[:4] == b"\x89PNG" and shot.stat().st_size > 5000


@pytest.mark.browser
def test_browser_catalogue_dom(report, browser):
    out, _ = report
    browser.get((out / "catalogue.html").resolve().as_uri())
    rows = browser.find_elements("css selector", "#catalogue tbody tr.claim")
    assert len(rows) == len(registry.all_claims())
    cx = browser.find_elements("css selector", "tr.claim.counterexample")
    assert {r.get_attribute("id") for r in cx} == set(CLAIMS[:3])
    for r in cx:
        img = r.find_element("css selector", "img.thumb")
        assert browser.execute_script("return arguments[0].naturalWidth", img) > 0
    holds = browser.find_element("id", "000-ex-2.5-tr-complete")
    assert "holds" in holds.text and "n ≤" in holds.text


@pytest.mark.browser
def test_browser_explorer_replies_back_and_forward(report, browser):
    out, _ = report
    s0 = (out / "explorer/mb-tic-tac-toe-3x3-maker-first/s0.html").resolve().as_uri()
    browser.get(s0)
    move = browser.find_element("css selector", "strong.move").text
    cert = json.loads((ROOT / "proofs/maker-breaker/tic-tac-toe-3x3-maker-first.json").read_text())
    assert move == next(e["move"] for e in cert["strategy"] if len(e["residual"]) == 8)
    assert len(browser.find_elements("css selector", "ul.replies li")) == 8  # every free cell after the move
    replies = browser.find_elements("css selector", "a.reply")
    assert replies
    target = replies[0].get_attribute("href")
    replies[0].click()
    assert browser.current_url == target and re.search(r"/s\d+\.html$", target)
    assert move in browser.find_element("css selector", "p code").text  # "reached by <move> <reply>"
    browser.find_element("xpath", "//button[contains(., 'back')]").click()
    assert browser.current_url == s0
    browser.find_element("xpath", "//button[contains(., 'forward')]").click()
    assert browser.current_url == target
