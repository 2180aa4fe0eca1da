"""Books (pg-proof certificates made of parts, one zip): built by ``verify solve ... --certificate
OUT.zip``, checked part by part (verify/certificates/book.py, ProofWalk.part), judged against the
reference search; the container read strictly (names, sizes, non-zips, non-JSON members)."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from verify import limits
from verify.certificates import book
from verify.certificates.checker import check_certificate, check_file
from verify.errors import CertificateError, VerifyError
from verify.families import family
from verify.formats.pg import read_pg
from verify.games import positional as pg
from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import Hypergraph
from verify.solvers import solve
from verify.solvers.search.books import leaf_time, solve_book

ROOT = Path(__file__).resolve().parents[1]
HEIN = ROOT.parent / "shared" / "positional-games" / "hex-hein"
if not HEIN.is_dir():
    HEIN = Path("/work/shared/positional-games/hex-hein")


def _mb(h, first):
    return MakerBreakerGame(h, first)


def _book(tmp_path, kind, instance, name="book.zip", parts=None, jobs=1):
    out = tmp_path / name
    result = solve_book(kind, instance, out, jobs=jobs, parts_dir=parts)
    return result, out


CASES = [("tic-tac-toe 3", lambda: family("tic-tac-toe", 3)), ("tic-tac-toe 4", lambda: family("tic-tac-toe", 4)),
         ("tic-tac-toe 5", lambda: family("tic-tac-toe", 5)), ("vdW ap 9 3", lambda: family("ap", 9, 3)),
         ("skinny 6x6", lambda: family("animal", "skinny", 6))]


@pytest.mark.parametrize("first", ["maker", "breaker"])
@pytest.mark.parametrize("name,make", CASES, ids=[c[0] for c in CASES])
def test_books_agree_with_the_reference_search(tmp_path, name, make, first):
    h = make()
    game = _mb(h, first)
    result, out = _book(tmp_path, "maker-breaker", game, jobs=2)
    want = solve("maker-breaker", game, method="search").winner
    assert result.winner == want and result.certified
    report = check_file(out)
    assert report.verdict == {"winner": str(want)} and "parts checked" in report.detail
    with zipfile.ZipFile(out) as z:
        root = json.loads(z.read(book.ROOT))
        assert len(z.namelist()) == 1 + len({p[3] for q in root["questions"] for p in q.get("parts", [])})


def test_a_hex_puzzle_book(tmp_path):
    paths = sorted(HEIN.glob("hein_0*_5x5*.pg"))[:2] if HEIN.is_dir() else []
    games = [read_pg(p) for p in paths] or [read_pg(ROOT / "encodings/pg/hex3-empty.pg")]
    for i, g in enumerate(games):
        result, out = _book(tmp_path, "pg", g, name=f"hex{i}.zip")
        assert result.winner == solve("pg", g, method="search").winner
        assert check_file(out).verdict == {"winner": str(result.winner)}


def test_leaves_come_after_the_enumerated_sides_first_turn():
    g = pg.from_maker_breaker(family("tic-tac-toe", 3), 0, 0, "maker")
    assert leaf_time(g, pg.BLACK, True) == 3 and leaf_time(g, pg.BLACK, False) == 2
    g = pg.from_maker_breaker(family("tic-tac-toe", 3), 0, 0, "breaker")
    assert leaf_time(g, pg.BLACK, True) == 2 and leaf_time(g, pg.BLACK, False) == 3


RACES = [("ap 14 4 race", lambda: pg.race(family("ap", 14, 4)), "draw", 1),
         ("ap 15 4 race", lambda: pg.race(family("ap", 15, 4)), "black", 2),
         ("tic-tac-toe 3 race", lambda: pg.race(family("tic-tac-toe", 3)), "draw", 2),
         ("skinny 4x4 race", lambda: pg.race(family("animal", "skinny", 4)), "draw", 1),
         ("elly 4x4 race", lambda: pg.race(family("animal", "elly", 4)), "black", 1)]


@pytest.mark.parametrize("name,make,want,depth", RACES, ids=[c[0] for c in RACES])
def test_race_books_agree_with_the_explicit_solver(tmp_path, name, make, want, depth):
    """Races (Maker-Maker .pg games): the top answers "does black win?" (its parts are races played
    on, each claiming what its own search found), the root holds white's answer whole; both
    checkers accept, and the verdict is the explicit solver's (on 9 cells; beyond, the plain search's)."""
    from verify.second_opinion.book import check_book_path
    g = make()
    assert g.maker_maker
    judge = solve("pg", g, method="explicit" if len(g.positions) <= 9 else "search").winner  # (search vs
    # explicit on races: tests/test_search_race.py)
    assert str(judge) == want
    out = tmp_path / "race.zip"
    result = solve_book("pg", g, out, jobs=2, top_rounds=depth)
    assert str(result.winner) == want and result.certified
    report = check_file(out)
    assert report.verdict == {"winner": want} and "parts checked" in report.detail
    _, verdict, _ = check_book_path(out)
    assert verdict == {"winner": want}
    with zipfile.ZipFile(out) as z:
        root = json.loads(z.read(book.ROOT))
    attackers = [q["attacker"] for q in root["questions"]]
    assert attackers[0] == pg.BLACK and root["questions"][0]["parts"]
    assert (pg.WHITE in attackers) == (want != pg.BLACK)


@pytest.mark.parametrize("n,want", [(14, "draw"), (15, "black")])
def test_a_race_book_resumes_from_its_parts(tmp_path, n, want):
    g = pg.race(family("ap", n, 4))
    first = solve_book("pg", g, tmp_path / "a.zip", parts_dir=tmp_path / "parts", warm=True)
    again = solve_book("pg", g, tmp_path / "b.zip", parts_dir=tmp_path / "parts", warm=True)
    assert str(first.winner) == str(again.winner) == want
    assert first.stats["built"] == first.stats["parts"] == again.stats["prebuilt"] > 0
    assert again.stats["built"] == 0 and again.certified


def _race_forgeries(members: dict):
    """Tampered copies of a race book whose root refutes black with parts (a draw): each entry
    (name, members, what the kernel says)."""
    root = json.loads(members[book.ROOT])
    top = root["questions"][0]
    names = [p[3] for p in top["parts"]]
    out = []
    swapped = json.loads(members[book.ROOT])
    a, b = swapped["questions"][0]["parts"][:2]
    a[3], b[3] = b[3], a[3]
    out.append(("parts swapped", {**members, book.ROOT: json.dumps(swapped)}, "not about the game at its state"))
    no_white = json.loads(members[book.ROOT])
    no_white["questions"] = no_white["questions"][:1]
    out.append(("white's answer dropped", {**members, book.ROOT: json.dumps(no_white)}, "white"))
    member = json.loads(members[names[0]])
    member["claim"]["verdict"] = {"winner": "black"}
    for q in member["questions"]:
        q["wins"] = q["attacker"] == "black"
    out.append(("a part claims black", {**members, names[0]: json.dumps(member)}, "not the answer needed"))
    member = json.loads(members[names[0]])
    q = next(q for q in member["questions"] if q["attacker"] == "black")
    for key in ("pairings", "moves"):
        if q.get(key):
            q[key] = q[key][1:]
            break
    out.append(("an entry of a part's refutation dropped", {**members, names[0]: json.dumps(member)}, "no legal choice"))
    return out


def test_forged_race_books_are_refused_by_both_checkers(tmp_path):
    """The part rule on races (a draw: black refuted with parts, white's question in the root),
    attacked: parts swapped, white's answer dropped, a part claiming black, a part's refutation
    cut short. The search (the judge: a draw) says every forgery's claim would be false or its
    proof incomplete; both checkers refuse each."""
    from verify.second_opinion import Refused
    from verify.second_opinion.book import check_book_path
    g = pg.race(family("ap", 14, 4))
    assert str(solve("pg", g, method="search").winner) == "draw"
    out = tmp_path / "race.zip"
    solve_book("pg", g, out, warm=True)
    with zipfile.ZipFile(out) as z:
        members = {n: z.read(n) for n in z.namelist()}
    for what, forged, match in _race_forgeries(members):
        path = _zip(tmp_path / "forged.zip", forged.items())
        with pytest.raises(VerifyError, match=match):
            check_file(path)
        with pytest.raises(Refused):
            check_book_path(path)
        path.unlink()


def test_deeper_tops_have_later_leaves_and_more_parts(tmp_path):
    g = pg.race(family("ap", 15, 4))
    assert leaf_time(g, pg.BLACK, True, 2) == 5 and leaf_time(g, pg.BLACK, False, 2) == 4
    counts = []
    for depth in (1, 2):
        out = tmp_path / f"d{depth}.zip"
        solve_book("pg", g, out, top_rounds=depth)
        with zipfile.ZipFile(out) as z:
            counts.append(len(z.namelist()) - 1)
    assert counts[0] < counts[1]


def test_prebuilt_parts_are_used_and_checked(tmp_path):
    game = _mb(family("tic-tac-toe", 4), "breaker")
    parts = tmp_path / "parts"
    first, _ = _book(tmp_path, "maker-breaker", game, "a.zip", parts)
    assert first.stats["built"] == first.stats["parts"] > 1
    again, _ = _book(tmp_path, "maker-breaker", game, "b.zip", parts)
    assert again.stats["built"] == 0 and again.stats["prebuilt"] == again.stats["parts"]
    # a pre-built part that does not check: the book is refused, no verdict
    victims = sorted(parts.glob("*.json"), key=lambda p: p.stat().st_size)
    cert = json.loads(victims[-1].read_text())
    cert["questions"][0].update(moves=[], pairings=[])
    victims[-1].write_text(json.dumps(cert))
    with pytest.raises(CertificateError):
        _book(tmp_path, "maker-breaker", game, "c.zip", parts)
    assert not (tmp_path / "c.zip.tmp").exists() and not (tmp_path / "c.zip").exists()
    # a pre-built part whose claim lies (the book's winner is read from the smallest part)
    cert = json.loads(victims[0].read_text())
    cert["claim"]["verdict"] = {"winner": "black" if cert["claim"]["verdict"]["winner"] == "white" else "white"}
    victims[0].write_text(json.dumps(cert))
    with pytest.raises(VerifyError):
        _book(tmp_path, "maker-breaker", game, "d.zip", parts)


# -- the container, read strictly -------------------------------------------------------------------

@pytest.fixture(scope="module")
def good(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("book")
    _, out = _book(tmp, "maker-breaker", _mb(family("tic-tac-toe", 3), "maker"))
    with zipfile.ZipFile(out) as z:
        return {n: z.read(n) for n in z.namelist()}


def _zip(path, members, **kw):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members:
            z.writestr(name, data, **kw)
    return path


def _refused(path, match):
    with pytest.raises(CertificateError, match=match):
        check_file(path)


def test_the_good_book_checks(tmp_path, good):
    assert "2 parts checked" in check_file(_zip(tmp_path / "g.zip", good.items())).detail


@pytest.mark.parametrize("bad", ["../x.json", "a/b.json", "/abs.json", ".hidden.json", "x.txt", "a\\b.json", "a..json"])
def test_member_names_must_be_plain(tmp_path, good, bad):
    _refused(_zip(tmp_path / "n.zip", [*good.items(), (bad, b"{}")]), "plain")


def test_duplicate_members_are_refused(tmp_path, good):
    import warnings
    name = next(n for n in good if n != book.ROOT)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _refused(_zip(tmp_path / "d.zip", [*good.items(), (name, good[name])]), "twice")


def test_a_root_is_needed(tmp_path, good):
    _refused(_zip(tmp_path / "r.zip", [(n, d) for n, d in good.items() if n != book.ROOT]), "root member")


def test_a_missing_member_is_refused(tmp_path, good):
    root = json.loads(good[book.ROOT])
    name = root["questions"][0]["parts"][0][3]
    _refused(_zip(tmp_path / "m.zip", [(n, d) for n, d in good.items() if n != name]), "no member")
    root["questions"][0]["parts"][0][3] = book.ROOT
    _refused(_zip(tmp_path / "m2.zip", [*((n, d) for n, d in good.items() if n != book.ROOT),
                                         (book.ROOT, json.dumps(root))]), "no member")


def test_members_must_be_json(tmp_path, good):
    name = next(n for n in good if n != book.ROOT)
    for data, match in ((b"not json", "malformed JSON"), (b"\xff\xfe", "UTF-8"), (b"[1, 2]", "JSON object")):
        _refused(_zip(tmp_path / "j.zip", [(n, data if n == name else d) for n, d in good.items()]), match)
    _refused(_zip(tmp_path / "k.zip", [(n, b"nope" if n == book.ROOT else d) for n, d in good.items()]), "malformed")


def test_member_sizes_are_bounded(tmp_path, good, monkeypatch):
    path = _zip(tmp_path / "s.zip", good.items())
    monkeypatch.setattr(limits, "MAX_BOOK_MEMBER_BYTES", 1000)
    _refused(path, "more than 1000 bytes")
    # a zip bomb lying about its size: the declared size patched small, the data large
    monkeypatch.setattr(limits, "MAX_BOOK_MEMBER_BYTES", 1 << 20)
    bomb = b" " * (4 << 20) + good[book.ROOT]
    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(book.ROOT, bomb)
    data = bytearray(raw.getvalue())
    for sig, off in ((b"PK\x03\x04", 22), (b"PK\x01\x02", 24)):  # uncompressed size, local and central
        i = data.find(sig)
        data[i + off:i + off + 4] = (100).to_bytes(4, "little")
    (tmp_path / "bomb.zip").write_bytes(bytes(data))
    _refused(tmp_path / "bomb.zip", "more than|cannot be read")


def test_too_many_members(tmp_path, good, monkeypatch):
    monkeypatch.setattr(limits, "MAX_BOOK_MEMBERS", 2)
    _refused(_zip(tmp_path / "many.zip", good.items()), "at most 2 members")


def test_a_non_zip_is_refused(tmp_path):
    (tmp_path / "x.zip").write_text('{"a": 1}')
    _refused(tmp_path / "x.zip", "not a readable zip")
    (tmp_path / "y.zip").write_bytes(b"PK\x03\x04garbage")
    _refused(tmp_path / "y.zip", "not a readable zip")


def test_parts_need_a_book(good):
    with pytest.raises(CertificateError, match="needs a book"):
        check_certificate(json.loads(good[book.ROOT]))


def test_parts_do_not_nest(tmp_path, good):
    names = [n for n in good if n != book.ROOT]
    member = json.loads(good[names[0]])
    member["questions"][0]["parts"] = [[0, "", "", names[1]]]
    _refused(_zip(tmp_path / "nest.zip", [(n, json.dumps(member) if n == names[0] else d) for n, d in good.items()]),
             "parts do not nest")


def test_a_part_swapped_for_another_leafs_is_refused(tmp_path, good):
    root = json.loads(good[book.ROOT])
    parts = root["questions"][0]["parts"]
    parts[0][3], parts[1][3] = parts[1][3], parts[0][3]
    _refused(_zip(tmp_path / "sw.zip", [(n, json.dumps(root) if n == book.ROOT else d) for n, d in good.items()]),
             "not about the game at its state")


def test_the_cli_says_one_line(tmp_path, good):
    path = _zip(tmp_path / "cli.zip", [(n, d) for n, d in good.items() if n != book.ROOT])
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-m", "verify.cli", "check", str(path)], capture_output=True, text=True,
                         env=env)
    assert run.returncode == 1 and "Traceback" not in run.stderr + run.stdout
    assert "root member" in run.stdout
    ok = _zip(tmp_path / "ok.zip", good.items())
    run = subprocess.run([sys.executable, "-m", "verify.cli", "check", str(ok), "--instance",
                          str(ROOT / "examples/tic-tac-toe-3.txt"), "--first", "maker", "--expect", "maker"],
                         capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_root_follows_the_schema(good):
    import jsonschema
    schema = json.loads((ROOT / "verify/certificates/schemas/certificate.schema.json").read_text())
    jsonschema.Draft202012Validator(schema).validate(json.loads(good[book.ROOT]))


@pytest.mark.parametrize("n", [3, 4])  # a proof book (Maker wins), a refutation book (Breaker wins)
def test_assembling_prebuilt_parts_only(tmp_path, n):
    game = _mb(family("tic-tac-toe", n), "maker")
    parts = tmp_path / "parts"
    with pytest.raises(VerifyError, match="no pre-built part"):
        solve_book("maker-breaker", game, tmp_path / "x.zip", parts_dir=parts, build=False)
    _book(tmp_path, "maker-breaker", game, "a.zip", parts)
    victim = sorted(parts.glob("*.json"))[0]
    victim.unlink()
    with pytest.raises(VerifyError, match="part.* not pre-built"):
        solve_book("maker-breaker", game, tmp_path / "y.zip", parts_dir=parts, build=False)
    assert not (tmp_path / "y.zip").exists()
    _book(tmp_path, "maker-breaker", game, "b.zip", parts)  # rebuilt: the missing one only
    result = solve_book("maker-breaker", game, tmp_path / "c.zip", parts_dir=parts, build=False)
    assert result.certified and result.stats["built"] == 0


@pytest.mark.parametrize("n", [3, 4])  # a proof book (Maker wins), a refutation book (Breaker wins)
@pytest.mark.parametrize("warm", [False, True])
def test_a_resumed_build_walks_to_the_planned_leaves(tmp_path, n, warm, monkeypatch):
    """The top's leaves are written to the parts folder before any part is built (books.PLAN); a
    build resumed there with parts missing walks to the same leaves without searching the top's
    choices again (probe is never called), builds only the missing parts, and the book checks."""
    from verify.solvers.search import books
    game = _mb(family("tic-tac-toe", n), "maker")
    parts = tmp_path / "parts"
    first = solve_book("maker-breaker", game, tmp_path / "a.zip", parts_dir=parts, warm=warm)
    head, _, plan = (parts / books.PLAN).read_text().partition("\n")
    plan = plan.split()
    assert head.startswith("# game sha256:")
    assert sorted(p.name for p in parts.glob("*.json")) == plan and len(plan) > 1
    for victim in plan[1:]:
        (parts / victim).unlink()

    def no_probe(*args, **kwargs):
        raise AssertionError("the top searched a choice the plan names")
    monkeypatch.setattr(books, "probe", no_probe)
    again = solve_book("maker-breaker", game, tmp_path / "b.zip", parts_dir=parts, warm=warm)
    assert again.certified and str(again.winner) == str(first.winner)
    assert again.stats["prebuilt"] == 1 and again.stats["built"] == len(plan) - 1
    assert (parts / books.PLAN).read_text().split("\n", 1) == [head, "".join(f"{n}\n" for n in plan)]
    (parts / plan[1]).unlink()
    other = (parts / books.PLAN).read_text().replace(head, "# game sha256:" + "0" * 64)
    for text in (other, b"\xff\xfe not text", None):  # another game's plan, an unreadable one, none:
        if text is None:                                # the top searches its choices again
            (parts / books.PLAN).unlink()
        elif isinstance(text, bytes):
            (parts / books.PLAN).write_bytes(text)
        else:
            (parts / books.PLAN).write_text(text)
        with pytest.raises(AssertionError, match="searched a choice"):
            solve_book("maker-breaker", game, tmp_path / "c.zip", parts_dir=parts, warm=warm)


def test_a_member_proves_one_state(tmp_path, good):
    root = json.loads(good[book.ROOT])
    parts = root["questions"][0]["parts"]
    parts[1][3] = parts[0][3]  # two states, one member: refused before any work is repeated
    _refused(_zip(tmp_path / "twice.zip", [(n, json.dumps(root) if n == book.ROOT else d) for n, d in good.items()]),
             "named by two parts")


def test_a_failing_part_is_named(tmp_path, good):
    name = next(n for n in good if n != book.ROOT)
    member = json.loads(good[name])
    member["questions"][0]["moves"] = []
    member["questions"][0].pop("lines", None)
    _refused(_zip(tmp_path / "f.zip", [(n, json.dumps(member) if n == name else d) for n, d in good.items()]),
             f"part '{name}'")


def test_cli_book_options(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    ttt = str(ROOT / "examples/tic-tac-toe-3.txt")

    def run(*args):
        return subprocess.run([sys.executable, "-m", "verify.cli", "solve", "maker-breaker", ttt, "--method", "search",
                               *args], capture_output=True, text=True, env=env)
    for args in (["--certificate", str(tmp_path / "a.zip"), "--assemble"],
                 ["--certificate", str(tmp_path / "a.json"), "--parts", str(tmp_path)],
                 ["--certificate", str(tmp_path / "a.zip"), "--parts", str(tmp_path / "none"), "--assemble"],
                 ["--certificate", str(tmp_path / "a.zip"), "--no-symmetry"],
                 ["--certificate", str(tmp_path / "a.zip"), "--jobs", "0"],
                 ["--certificate", str(tmp_path / "a.zip"), "--timeout", "-1"],
                 ["--certificate", str(tmp_path / "a.json"), "--book-depth", "2"],
                 ["--certificate", str(tmp_path / "a.json"), "--warm-top"],
                 ["--certificate", str(tmp_path / "a.zip"), "--book-depth", "0"],
                 ["--certificate", str(tmp_path / "a.zip"), "--book-depth", str(limits.MAX_BOOK_DEPTH + 1)]):
        got = run(*args)
        assert got.returncode == 2 and got.stderr.count("\n") == 1 and "Traceback" not in got.stderr, (args, got.stderr)
    got = run("--certificate", str(tmp_path / "b.zip"), "--parts", str(tmp_path / "p"), "--jobs", "2")
    assert got.returncode == 0 and "maker wins" in got.stdout and "2 parts checked" in got.stdout
    got = run("--certificate", str(tmp_path / "c.zip"), "--parts", str(tmp_path / "p"), "--assemble")
    assert got.returncode == 0 and "2 parts checked" in got.stdout
    got = run("--certificate", str(tmp_path / "d.zip"), "--warm-top", "--book-depth", "2")
    assert got.returncode == 0 and "maker wins" in got.stdout and "parts checked" in got.stdout, got.stderr


# -- parts carved out of ordinary certificates: the carrier flows back ------------------------------

class _Carved(dict):
    """A root whose members are carved from its own certificate on demand (the book interface of
    verify.certificates.book.BookRoot: ``member(name)``, ``checked``)."""

    def __init__(self, cert, members):
        super().__init__(cert)
        self.members, self.checked = members, 0

    def member(self, name):
        self.checked += 1
        return self.members[name]


def _carve(cert, game, states: dict) -> _Carved:
    """The certificate with every state of ``states`` ({(attacker, b, w, t): name}) made a part whose
    member holds the entries below it (t and stones shifted to the state's game)."""
    from verify.certificates import envelope
    from verify.formats.instances import question_of
    from verify.formats.pg import pg_to_text
    root = json.loads(json.dumps(cert))
    b0, w0 = game.start()
    members = {}
    for (attacker, b, w, t), name in states.items():
        sub = pg.continued(game, b, w, t)
        sb, sw = set(game.names(b & ~b0)), set(game.names(w & ~w0))
        q = next(q for q in root["questions"] if q["attacker"] == attacker)

        def below(e):
            return e[0] >= t and sb <= set(e[1].split()) and sw <= set(e[2].split())

        def shift(e):
            return [e[0] - t, " ".join(x for x in e[1].split() if x not in sb),
                    " ".join(x for x in e[2].split() if x not in sw), *e[3:]]
        mq = {"attacker": attacker, "wins": q["wins"]}
        for key in ("moves", "lines", "pairings"):
            mq[key] = [shift(e) for e in q.get(key, []) if below(e)]
        colour = attacker if q["wins"] else ("draw" if game.maker_maker else pg.other(attacker))
        other = [{"attacker": pg.other(attacker), "wins": False, "moves": []}] if game.maker_maker else []
        if colour == pg.other(attacker):
            other = []
        members[name] = envelope("pg-proof", {"pg": pg_to_text(sub)}, question_of("pg", sub), {"winner": colour},
                                 questions=[mq, *other])
        q.setdefault("parts", []).append([t, " ".join(sorted(sb)), " ".join(sorted(sw)), name])
    return _Carved(root, members)


def _visited(cert, game, t0) -> dict:
    """The states at time t0 the checker's walk of each answer visits."""
    from verify.certificates import proof
    seen = {}

    class Recording(proof.ProofWalk):
        def _prove(self, b, w, t):
            if t == t0:
                seen[(self.x, b, w, t)] = f"p{len(seen)}.json"
            return super()._prove(b, w, t)

        def _refute_step(self, b, w, t):
            if t == t0:
                seen[(self.x, b, w, t)] = f"p{len(seen)}.json"
            return super()._refute_step(b, w, t)
    for q in cert["questions"]:
        walk = proof.answer_walk(game, q["attacker"], q, walk=Recording)
        (walk.prove if q["wins"] else walk.refute)(*game.start(), 0)
    return seen


RACES = ["encodings/pg/ttt3-mm-black-wins.pg", "encodings/pg/ttt3-mm-black-draws.pg",
         "examples/classical/tippy-2x2-race.pg", "examples/classical/elly-3x3-race.pg",
         "examples/classical/ap-5-3-race.pg"]


@pytest.mark.parametrize("path", RACES)
@pytest.mark.parametrize("t0", [1, 2, 3])
def test_parts_carved_below_must_play_regions(path, t0, monkeypatch):
    """Maker-Maker games (states keyed by themselves, no residual merging): every state at t0 of an
    ordinary certificate made a part; the book checks with the same verdict, so the parts' carriers
    flow back into the must-play regions above them (an empty carrier would drop replies). The
    certificate is built without automorphism links: a link below a carved state may point to a
    state outside its part, which the carving here does not follow."""
    from verify.solvers.search import methods as search_methods
    monkeypatch.setattr(search_methods, "_symmetric", lambda search: False)
    game = read_pg(ROOT / path)
    cert = solve("pg", game, method="search", certificate=True).certificate
    states = _visited(cert, game, t0)
    if not states:
        pytest.skip("no state at this time")
    carved = _carve(cert, game, states)
    report = check_certificate(carved)
    assert report.verdict == cert["claim"]["verdict"] and carved.checked == len(states)
    # the carrier the parent gets from each proof part is the one its own walk computes there
    from verify.certificates import proof
    for (attacker, b, w, t), name in states.items():
        q = next(q for q in cert["questions"] if q["attacker"] == attacker)
        if not q["wins"]:
            continue
        whole = proof.answer_walk(game, attacker, q)
        want = whole.prove(b, w, t)
        sub = pg.continued(game, b, w, t)
        mq = next(m for m in carved.members[name]["questions"] if m["attacker"] == attacker)
        assert proof.answer_walk(sub, attacker, mq).prove(*sub.start(), 0) == want


def test_a_timeout_leaves_no_book_and_no_child(tmp_path):
    import multiprocessing
    from verify.errors import Undecided
    game = _mb(family("animal", "skinny", 6), "maker")
    with pytest.raises(Undecided):
        solve_book("maker-breaker", game, tmp_path / "t.zip", timeout=0.05, jobs=2)
    assert not list(tmp_path.iterdir()) and not multiprocessing.active_children()


def test_a_part_build_timeout(tmp_path):
    import multiprocessing
    from verify.errors import Undecided
    game = _mb(family("animal", "skinny", 6), "maker")
    parts = tmp_path / "parts"
    _book(tmp_path, "maker-breaker", game, "a.zip", parts)
    for p in sorted(parts.glob("*.json"), key=lambda p: p.stat().st_size)[1:]:
        p.unlink()  # the smallest part left: the winner is read from it, the others are built
    with pytest.raises(Undecided, match="part"):
        solve_book("maker-breaker", game, tmp_path / "t.zip", parts_dir=parts, timeout=0.01, jobs=2)
    assert not (tmp_path / "t.zip").exists() and not multiprocessing.active_children()
    assert not list(parts.glob("*.part")) and not list(tmp_path.glob("*.tmp"))


class _HardWholeStates:
    """A search whose whole-state solves never finish (always Undecided), so :func:`probe` must
    find the move through the children, the path that found Qubic's hard answers."""

    def __init__(self, search, root):
        self._s, self._root = search, root

    def __getattr__(self, name):
        return getattr(self._s, name)

    def solve(self, b, w, t):
        from verify.errors import Undecided
        if (b, w, t) == self._root:
            raise Undecided("forced")
        return self._s.solve(b, w, t)


@pytest.mark.parametrize("whole", [True, False, "cold"], ids=["whole-state", "children", "cold-judge"])
@pytest.mark.parametrize("first", ["maker", "breaker"])
@pytest.mark.parametrize("name,make", CASES[:4], ids=[c[0] for c in CASES[:4]])
def test_probe_answers_keep_the_game_as_the_explicit_reference_says(name, make, first, whole):
    """At every state after one move, :func:`probe` asks what the top asks there: X to move, a
    move keeping X's win; Y to move, a move keeping X from winning. Where the reference (the
    explicit solver up to 16 cells, else the search) says such a move exists, the child of the move
    returned is scored as needed; where none exists, probe raises its contradiction."""
    from verify.solvers.pg import solve_pg_explicit
    from verify.solvers.search.engine import make_search
    from verify.solvers.search.books import _Contradiction, cold_judge, probe

    def x_wins(game):
        if len(game.positions) <= 16:
            return solve_pg_explicit(game).winner == pg.BLACK
        return solve("pg", game, method="search").winner == pg.BLACK

    h = make()
    g = pg.from_maker_breaker(h, 0, 0, first)
    seen = set()
    for cell in range(0, len(g.positions), 3):
        b, w = (1 << cell, 0) if g.schedule()[0] == pg.BLACK else (0, 1 << cell)
        xt = g.schedule()[1] == pg.BLACK
        wins = xt  # what the top asks at this turn
        s = make_search(g, pg.BLACK, None, symmetry=True)
        search = s if whole is True else _HardWholeStates(s, (b, w, 1))
        judge = cold_judge(g) if whole == "cold" else None
        if x_wins(pg.continued(g, b, w, 1)) != wins:
            with pytest.raises(_Contradiction):
                probe(search, b, w, 1, wins, judge)
            seen.add("none")
            continue
        v = probe(search, b, w, 1, wins, judge)
        assert x_wins(pg.continued(g, *s.play(b, w, v, xt), 2)) == wins, (cell, g.names(v))
        seen.add("move")
    assert seen  # both kinds occur over the cases (tic-tac-toe 4, Breaker first: only "none")


_DASK_BOOKS = """
import json, sys, time
from pathlib import Path
from distributed import Client, LocalCluster
from verify.certificates.checker import check_file
from verify.errors import Undecided
from verify.families import family
from verify.games import positional as pg
from verify.games.maker_breaker import MakerBreakerGame
from verify.solvers import solve
from verify.solvers.search.books import solve_book
out, deadline_case = Path(sys.argv[1]), sys.argv[2] == "deadline"
with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
    if not deadline_case:
        for first in ("maker", "breaker"):
            game = MakerBreakerGame(family("tic-tac-toe", 4), first)
            result = solve_book("maker-breaker", game, out / f"ttt4-{first}.zip", dask=cluster.scheduler_address)
            want = solve("maker-breaker", game, method="search").winner
            assert result.winner == want and result.certified and result.stats["built"] >= 1
            assert check_file(out / f"ttt4-{first}.zip").verdict == {"winner": str(want)}
    else:
        g = pg.from_maker_breaker(family("qubic"), 0, 0, "maker")
        try:
            solve_book("pg", g, out / "qubic.zip", timeout=40.0, dask=cluster.scheduler_address)
            raise AssertionError("decided within 40 s")
        except Undecided as exc:
            assert "part" in str(exc), exc
        assert not (out / "qubic.zip").exists()
        with Client(cluster.scheduler_address) as client:
            deadline = time.monotonic() + 60
            while any(client.processing().values()) and time.monotonic() < deadline:
                time.sleep(0.5)
            assert not any(client.processing().values())
print("ok")
"""


def _dask_books(tmp_path, case):
    """Run the scenario in a child process: a LocalCluster's helper processes (multiprocessing's
    resource tracker) outlive the cluster and would be taken for the leftovers other tests look
    for."""
    run = subprocess.run([sys.executable, "-c", _DASK_BOOKS, str(tmp_path), case], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=600)
    assert run.returncode == 0 and run.stdout.strip().endswith("ok"), run.stderr[-2000:]


def test_parts_built_on_a_dask_cluster(tmp_path):
    """``dask=ADDRESS``: the parts are tasks on a two-process LocalCluster; the book checks and
    gives the reference search's winner, both starters; the CLI refuses --jobs with --dask in one
    line."""
    _dask_books(tmp_path, "books")
    run = subprocess.run([sys.executable, "-m", "verify.cli", "solve", "maker-breaker",
                          str(ROOT / "examples/tic-tac-toe-3.txt"), "--certificate", str(tmp_path / "x.zip"),
                          "--jobs", "2", "--dask", "tcp://127.0.0.1:9"], capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1 and "not both" in run.stderr


@pytest.mark.slow
def test_dask_parts_past_the_deadline(tmp_path):
    """Qubic's book on a two-process LocalCluster with 40 s: the top is done in seconds, its 12
    parts (8-83 CPU s each) are not, so the parts' wait ends in Undecided, no book is written and
    no task is left running (each part stops at its own deadline)."""
    _dask_books(tmp_path, "deadline")
