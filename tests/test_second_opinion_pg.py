"""The second opinion's .pg kinds (docs/spec/pg-proof.md, pg-strategy.md, book.md): agreement with the
kernel on every committed pg-proof, refusals of mutated and forged certificates, books, and the
rule that the second checker imports nothing outside the standard library and its own package."""
from __future__ import annotations

import ast
import copy
import json
import pathlib
import sys
import zipfile

import pytest

from verify.certificates.checker import check_certificate, check_file
from verify.errors import CertificateError
from verify.second_opinion import Refused, check, check_path

ROOT = pathlib.Path(__file__).resolve().parent.parent
PROOFS = ROOT / "proofs"
PG_PROOFS = sorted(p for p in PROOFS.rglob("*.json")
                   if "large" not in p.parts and json.loads(p.read_text()).get("kind") == "pg-proof")


def load(name: str) -> dict:
    return json.loads((PROOFS / "classical" / name).read_text())


def kernel_accepts(cert) -> bool:
    try:
        check_certificate(cert)
        return True
    except CertificateError:
        return False


def second_accepts(cert) -> bool:
    try:
        check(cert)
        return True
    except Refused:
        return False


def test_committed_pg_proofs_found():
    assert len(PG_PROOFS) >= 58


@pytest.mark.parametrize("path", PG_PROOFS, ids=lambda p: p.name)
def test_agrees_with_the_kernel(path):
    report = check_file(path)
    opinion = check_path(path)
    assert opinion.question == report.question.to_json()
    assert opinion.verdict == report.verdict


# -- mutations ----------------------------------------------------------------------------------------

def test_flipped_verdict_refused():
    cert = load("tic-tac-toe-3x3-maker-first.json")
    assert second_accepts(cert)
    cert["claim"]["verdict"] = {"winner": "breaker"}
    assert not second_accepts(cert) and not kernel_accepts(cert)


def test_removed_move_entries():
    cert = load("tic-tac-toe-3x3-maker-first.json")
    moves = cert["questions"][0]["moves"]
    refused = 0
    for i in range(len(moves)):
        c = copy.deepcopy(cert)
        del c["questions"][0]["moves"][i]
        assert second_accepts(c) == kernel_accepts(c)
        refused += not second_accepts(c)
    assert refused >= 1


def _first_link(cert):
    return next(q for q in cert["questions"] if q.get("links"))


def test_link_with_a_wrong_map_refused():
    cert = load("tic-tac-toe-3x3-maker-first.json")
    q = _first_link(cert)
    bad = 0
    for i, link in enumerate(q["links"]):
        pairs = link[5].split()
        if len(pairs) < 2 or link[5].startswith("@"):
            continue
        a, b = pairs[0].split(">"), pairs[1].split(">")
        c = copy.deepcopy(cert)
        _first_link(c)["links"][i][5] = " ".join([f"{a[0]}>{b[1]}", f"{b[0]}>{a[1]}", *pairs[2:]])
        assert second_accepts(c) == kernel_accepts(c)
        bad += not second_accepts(c)
    assert bad >= 1


def test_cyclic_link_pair_refused():
    cert = load("tic-tac-toe-3x3-maker-first.json")
    q = _first_link(cert)
    t, b, w, b2, w2, cmap = q["links"][0]
    inverse = " ".join(f"{y}>{x}" for x, y in (p.split(">") for p in cmap.split()))
    q["links"].append([t, b2, w2, b, w, inverse])
    with pytest.raises(Refused, match="cyclic|equal|two entries"):
        check(cert)
    assert not kernel_accepts(cert)


def test_pairing_missing_a_set_refused():
    cert = load("Y-5x5-maker-first.json")
    q = next(q for q in cert["questions"] if q.get("pairings"))
    names = q["pairings"][0][3].split()
    q["pairings"][0][3] = " ".join(names[:-2])
    with pytest.raises(Refused, match="without a pair"):
        check(cert)
    assert not kernel_accepts(cert)


def test_threat_line_that_is_not_a_threat_refused():
    from verify.formats.pg import parse_pg
    cert = load("tippy-3x3-race-5.json")
    positions = parse_pg(cert["instance"]["pg"]).positions
    q = next(q for q in cert["questions"] if q.get("lines"))
    t, b, w, moves = q["lines"][0]
    used = set(b.split()) | set(w.split()) | set(moves.split())
    q["lines"][0][3] = " ".join([next(c for c in positions if c not in used), *moves.split()[1:]])
    with pytest.raises(Refused, match="threat line"):
        check(cert)
    assert not kernel_accepts(cert)


# -- the overlapping-colours forgery (issue 31) ------------------------------------------------------

def _forge_ttt3_breaker_first() -> dict:
    """A proof that Maker wins 3x3 tic-tac-toe with Breaker first (false): the kernel's walk with
    the old link rule (a target whose colours overlap is "already won" when black holds a whole
    set) records a winning move where Maker wins and, at every state Maker loses, a link to an
    overlapping target with isomorphic needs that hides a whole Maker line under a Breaker stone."""
    from itertools import permutations, product

    from verify.certificates.proof import ProofWalk
    from verify.games import positional as pg
    from verify.question import board_digest
    from verify.formats.questions import hypergraph_board
    from verify.formats.jsonfmt import hypergraph_from_json

    inst = load("tic-tac-toe-3x3-breaker-first.json")["instance"]
    h = hypergraph_from_json(inst)
    game = pg.from_maker_breaker(h, 0, 0, "breaker")
    sched = game.schedule()
    lines = list(game.black_sets)
    n = len(game.positions)
    memo: dict = {}

    def wins(b, w, t):  # the true value: can black complete a line?
        k = (b, w, t)
        if k not in memo:
            if any(s & b == s for s in lines):
                memo[k] = True
            elif t >= len(sched):
                memo[k] = False
            else:
                free = [1 << i for i in range(n) if not (b | w) >> i & 1]
                if sched[t] == "black":
                    memo[k] = any(wins(b | c, w, t + 1) for c in free)
                else:
                    memo[k] = all(wins(b, w | c, t + 1) for c in free)
        return memo[k]

    left = [sum(1 for c in sched[t:] if c == "black") for t in range(len(sched) + 1)]
    hidden = []  # overlapping (b, w) with a whole black line touched by white
    for cells in product(range(4), repeat=n):
        b = sum(1 << i for i, v in enumerate(cells) if v & 1)
        w = sum(1 << i for i, v in enumerate(cells) if v & 2)
        if b & w and any(s & b == s and s & w for s in lines):
            hidden.append((b, w, [s & ~b for s in lines if not s & w]))

    def iso(src, dst):  # a one-to-one cell map carrying the needs src onto dst
        src, dst = sorted(set(src)), sorted(set(dst))
        if len(src) != len(dst) or sorted(map(int.bit_count, src)) != sorted(map(int.bit_count, dst)):
            return None

        def extend(i, cmap, used):
            if i == len(src):
                return cmap if sorted({sum(cmap[1 << j] for j in range(n) if s >> j & 1) for s in src}) == dst else None
            for d in dst:
                if d.bit_count() != src[i].bit_count():
                    continue
                todo = [1 << j for j in range(n) if src[i] >> j & 1 and (1 << j) not in cmap]
                targets = [1 << j for j in range(n) if d >> j & 1 and (1 << j) not in used]
                fixed_ok = all(cmap[1 << j] & d for j in range(n) if src[i] >> j & 1 and (1 << j) in cmap)
                if not fixed_ok or len(targets) < len(todo):
                    continue
                for perm in permutations(targets, len(todo)):
                    m = dict(cmap)
                    m.update(zip(todo, perm))
                    got = extend(i + 1, m, used | set(perm))
                    if got is not None:
                        return got
            return None
        return extend(0, {}, set())

    moves, links = {}, {}
    names = game.names

    class OldWalk(ProofWalk):  # the link rule before the fix: no legality, "won" read from stones
        def check_legal(self, *a, **k):
            return None

        def _prove(self, b, w, t):
            if b & w and any(s & b == s for s in self.xsets):
                self._spend(b, w, t)
                return won()
            return super()._prove(b, w, t)

    def won():  # a derived step is a generator (ProofWalk.prove): this one needs no successor
        return 0
        yield

    def choose(b, w, t):
        free = [1 << i for i in range(n) if not (b | w) >> i & 1]
        good = [c for c in free if wins(b | c, w, t + 1)]
        c = (good or [c for c in free if any(c & s for s in lines if not s & w)] or free)[0]
        moves[(b, w, t)] = c
        return c

    def link(b, w, t):
        if wins(b, w, t):
            return None
        src = sorted({s & ~b for s in lines if not s & w and (s & ~b).bit_count() <= left[t]})
        for lb, lw, needs in hidden:
            dst = [s for s in needs if s.bit_count() <= left[t]]
            if sorted(set(dst)) == src:
                continue
            cmap = iso(dst, src)
            if cmap is not None:
                links[(b, w, t)] = (lb, lw, cmap)
                return (lb, lw), cmap
        return None

    walk = OldWalk(game, "black", choose, link=link)
    walk.prove(0, 0, 0)
    answer = {"attacker": "black", "wins": True,
              "moves": [[t, " ".join(names(b)), " ".join(names(w)), names(c)[0]] for (b, w, t), c in moves.items()],
              "links": [[t, " ".join(names(b)), " ".join(names(w)), " ".join(names(lb)), " ".join(names(lw)),
                         " ".join(f"{names(x)[0]}>{names(y)[0]}" for x, y in cmap.items())]
                        for (b, w, t), (lb, lw, cmap) in links.items()]}
    question = {"game": "maker-breaker", "instance": board_digest(hypergraph_board(h)),
                "position": {"breaker": [], "maker": []}, "first": "breaker", "bound": None}
    # the old rule accepts the recorded answer when it is read back (the attack is real)
    from verify.certificates.proof import answer_walk
    replay = answer_walk(game, "black", answer, walk=OldWalk)
    replay.prove(0, 0, 0)
    return {"format": "verify-certificate", "version": 2, "kind": "pg-proof", "instance": inst,
            "claim": {"question": question, "verdict": {"winner": "maker"}}, "questions": [answer]}


def test_overlapping_colours_forgery_refused(tmp_path):
    cert = _forge_ttt3_breaker_first()
    assert cert["questions"][0]["links"]
    assert load("tic-tac-toe-3x3-breaker-first.json")["claim"]["verdict"] == {"winner": "breaker"}
    (tmp_path / "forged.json").write_text(json.dumps(cert))
    with pytest.raises(Refused, match="overlap"):
        check(cert)
    assert not kernel_accepts(cert)


# -- pg-strategy -----------------------------------------------------------------------------------------

def test_pg_strategy_agrees_and_refuses():
    from verify.certificates.extra import pg_strategy_certificate
    from verify.formats.pg import parse_pg
    text = "#times\nt1 t2 t3\n#blackturns\nt1 t3\n#positions\na b c\n#blackwins\na b\nb c\n"
    game = parse_pg(text)
    cert = pg_strategy_certificate(game, "black", lambda colour, b, w: 2 if not b else (w ^ 7) & ~b & -((w ^ 7) & ~b))
    report = check_certificate(cert)
    opinion = check(cert)
    assert opinion.question == report.question.to_json() and opinion.verdict == report.verdict
    bad = copy.deepcopy(cert)
    bad["strategies"]["black"] = bad["strategies"]["black"][:1]
    assert not second_accepts(bad) and not kernel_accepts(bad)


# -- books ------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def ttt4_book(tmp_path_factory):
    pytest.importorskip("pynauty")
    from verify.cli import main
    out = tmp_path_factory.mktemp("book") / "ttt4.zip"
    rc = main(["solve", "maker-breaker", str(ROOT / "examples" / "tic-tac-toe-4.txt"), "--method", "search",
               "--certificate", str(out), "--jobs", "2"])
    assert rc == 0 and out.exists()
    return out


def test_book_accepted(ttt4_book):
    report = check_file(ttt4_book)
    question, verdict, detail = _book(ttt4_book)
    assert question == report.question.to_json() and verdict == report.verdict


def _book(path):
    from verify.second_opinion.book import check_book_path
    return check_book_path(path)


def test_book_member_lying_about_its_game_refused(ttt4_book, tmp_path):
    with zipfile.ZipFile(ttt4_book) as z:
        members = {i.filename: z.read(i) for i in z.infolist()}
    parts = [n for n in members if n != "certificate.json"]
    if not parts:
        pytest.skip("the book has no parts")
    victim = json.loads(members[parts[0]])
    victim["claim"]["question"]["first"] = "maker" if victim["claim"]["question"]["first"] == "breaker" else "breaker"
    members[parts[0]] = json.dumps(victim).encode()
    bad = tmp_path / "lying.zip"
    with zipfile.ZipFile(bad, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            z.writestr(name, data)
    with pytest.raises(Refused, match="part"):
        _book(bad)
    with pytest.raises(CertificateError):
        check_file(bad)


def test_book_container_caps(tmp_path):
    bomb = tmp_path / "bomb.zip"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("certificate.json", b" " * (3 << 20))
    with pytest.raises(Refused, match="decompresses more than"):
        _book(bomb)
    lzma = tmp_path / "lzma.zip"
    with zipfile.ZipFile(lzma, "w", zipfile.ZIP_LZMA) as z:
        z.writestr("certificate.json", b"{}")
    with pytest.raises(Refused, match="neither stored nor deflated"):
        _book(lzma)


# -- independence -----------------------------------------------------------------------------------------

def test_second_opinion_imports_only_the_standard_library():
    folder = ROOT / "verify" / "second_opinion"
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                roots = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    assert node.level == 1, f"{path.name} imports outside its package"
                    continue
                roots = [node.module.split(".")[0]]
            else:
                continue
            for r in roots:
                assert r in sys.stdlib_module_names, f"{path.name} imports {r}"
