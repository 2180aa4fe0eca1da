"""Certificate mutation fuzzer: every mutant the checker accepts must make a true claim.

Valid certificates of every kind are built with the project's solvers on small instances (both
starters, Maker and Breaker stones on the board); each is mutated (claim changed, entries deleted,
duplicated or swapped, links rewired into cycles and self-links, links of Maker-Maker games through
maps that are no automorphism (of one player's sets only, colours swapped, not one-to-one, across
time points), moves of split components,
pairing leaves broken (pairs
overlapping, a pair's cell taken, a set left without a pair, pairings forged where the schedule
gives the attacker two moves in a row or in a proof), threat lines broken or forged (a cell
replaced, moves dropped, added or swapped, a line at a false claim's start or in a refutation),
instance edges added or removed, vertices renamed, stones added, boards inflated with isolated
cells, DRAT proofs edited (fresh-variable RAT lemmas, the empty clause, formula clauses deleted,
signs flipped), types changed, huge numbers, lone surrogates and terminal escapes, junk). A mutant
the checker accepts
is judged by the brute-force judge :mod:`tests.brute`, which imports nothing from ``verify``:
accepted and false is a failure, and so is a rejection whose one-line message is not printable
text. The default run tries a few thousand mutants with hypothesis; the
slow run (``-m slow``) tries ``FUZZ_MUTANTS`` (default 100000) with a seeded random loop and prints
a summary per kind.
"""
from __future__ import annotations

import copy
import json
import os
import random
from collections import Counter
from functools import lru_cache

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

import brute
from verify.certificates.checker import check_certificate
from verify.errors import CertificateError, InputError, MethodError, UndefinedGame
from verify.families import tic_tac_toe
from verify.formats.convex import game_from_json
from verify.formats.hypernim import instance_from_json
from verify.formats.pg import parse_pg, pg_to_text, read_pg
from verify.games import positional as pg
from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import Hypergraph
from verify.solvers import solve
from verify.solvers.explicit import naive_maker_wins
from verify.solvers.sat import find_pairing

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# -- the pool of valid certificates ----------------------------------------------------------------

BOARDS = [
    # (edges, vertices, Maker's stones, Breaker's stones)
    ([["a", "b"], ["a", "c"], ["b", "c"]], None, [], []),
    ([["1", "2"], ["1", "2", "4"], ["1", "3", "5"], ["2", "3", "5"]], None, [], []),
    ([["a", "b", "c"], ["c", "d"], ["d", "e", "a"]], ["a", "b", "c", "d", "e"], ["c"], []),
    ([["a", "b"], ["b", "c", "d"], ["a", "d"]], ["a", "b", "c", "d", "e"], [], ["e"]),
    ([["a", "b", "c"], ["a", "d"], ["b", "d"], ["c", "e"]], None, ["d"], ["e"]),
    ([["a", "b", "c"], ["d", "e", "f"], ["a", "d"], ["b", "e"]], None, [], []),
]

PG_MAKER_MAKER = """#times
t1 t2 t3 t4 t5
#blackturns
t1 t3 t5
#positions
a b c d e
#blackinitials
e
#blackwins
a b
c d
#whitewins
a c
b d
"""

PG_LEAVES = """#times
t1 t2 t3 t4 t5 t6 t7
#blackturns
t1 t3 t5 t6
#positions
a b c d e f g
#blackwins
a b c
c d e
e f g
a g
"""

# no pairing at the start, Breaker wins with Maker first: pairing leaves after the first moves
PAIR_LEAVES = [["a", "b", "c"], ["c", "d", "e"], ["e", "f", "a"], ["b", "d", "f"]]

# black's sets symmetric under a<->d, b<->e, c<->f, white's not: black wins by a (a double threat that
# blocks white's {a, g}), loses by d (white completes at a); a link between the two states through
# that map would carry a false refutation
PG_ONE_SIDED = """#times
t1 t2 t3
#blackturns
t1 t3
#positions
a b c d e f g
#whiteinitials
g
#blackwins
a b
a c
d e
d f
#whitewins
a g
"""

PG_SCHEDULE = """#times
t1 t2 t3 t4 t5 t6
#blackturns
t1 t4 t5
#positions
a b c d e f
#firstmoves
a b
#blackwins
a b c
d e
b f
#whitewins
a d e
"""

CONVEX = [
    {"geometry": "tree-vertex", "tree": [["a", "b"], ["b", "c"], ["b", "d"]], "winning": ["c"]},
    {"geometry": "tree-vertex", "tree": [["a", "b"], ["b", "c"], ["c", "d"]], "winning": ["a", "d"]},
    {"geometry": "tree-edge", "tree": [["a", "b"], ["b", "c"], ["b", "d"]], "winning": [["b", "c"]]},
    {"geometry": "explicit", "ground": ["x", "y", "z"],
     "convex": [[], ["x"], ["y"], ["z"], ["x", "y"], ["y", "z"], ["x", "y", "z"]], "winning": ["z"]},
]

HYPERNIM = [
    {"hypergraph": [["a"], ["a", "b"], ["b"]], "piles": {"a": 2, "b": 3}},
    {"hypergraph": [["a", "b"], ["b", "c"]], "piles": {"a": 1, "b": 2, "c": 2}},
    {"compound": "selective", "components": [{"hypergraph": [["a"]], "piles": {"a": 2}},
                                             {"hypergraph": [["b", "c"]], "piles": {"b": 1, "c": 2}}]},
]


SYMMETRIC = [tic_tac_toe(3), Hypergraph([[a, b] for a in "abcd" for b in "abcd" if a < b]),
             Hypergraph([["1", "2", "3"], ["3", "4", "5"], ["5", "6", "1"]])]


def _mb_game(edges, vertices, maker, breaker, first):
    h = Hypergraph(edges, vertices=vertices, marked=maker)
    return MakerBreakerGame(h, first, frozenset(breaker))


def _try(fn):
    try:
        out = fn()
    except (MethodError, UndefinedGame):
        return None
    return getattr(out, "certificate", None)


@lru_cache(maxsize=None)
def pool() -> tuple:
    """Valid certificates (JSON text, to copy cheaply), every kind represented."""
    certs = []
    for edges, vertices, maker, breaker in BOARDS:
        for first in ("maker", "breaker"):
            for method in ("explicit", "search", "pairing", "structural"):
                certs.append(_try(lambda: solve("maker-breaker", _mb_game(edges, vertices, maker, breaker, first),
                                                method, certificate=True)))
            certs.append(find_pairing(_mb_game(edges, vertices, maker, breaker, first), certificate=True).certificate)
        h = Hypergraph(edges, vertices=vertices)
        for kind in ("acv", "avd", "dst", "prv"):
            certs.append(_try(lambda: solve(kind, h, "explicit", certificate=True)))
    g = _mb_game(*BOARDS[2][:4], "maker")
    certs.append(solve("maker-breaker", g, "qbf", certificate=True).certificate)
    # symmetric boards: the search links isomorphic states, in proofs and in refutations, so that
    # rewired links, self-links and cycles are mutated from real ones
    for h in SYMMETRIC:
        for first in ("maker", "breaker"):
            certs.append(solve("maker-breaker", MakerBreakerGame(h, first), "search", certificate=True).certificate)
    # the compositional rank-3 kinds (parts, sub-boards, openings, three-round trees with nunchaku and
    # necklace leaves, Breaker's two rounds of J_2(D1)), forced on boards the judge can still decide
    # (at most 14 cells)
    from verify.families import family
    from verify.solvers.rank3 import certify as rank3_certify
    from verify.solvers.rank3.solver import Rank3Options
    small, rank3_certify.SMALL = rank3_certify.SMALL, 0
    try:
        for spec in (("rank3-round3", 3, 3, 1), ("rank3-gadgets", 9, 1, 0), ("rank3-extra", 13, 2, 5),
                     ("rank3-extra", 13, 3, 2), ("tic-tac-toe", 3), ("rank3-glued", 2), ("rank3-extra", 11, 2, 1)):
            for first in ("maker", "breaker"):
                certs.append(rank3_certify.certificate(MakerBreakerGame(family(*spec), first),
                                                       Rank3Options(structural_only=True)))
        # J_2(D1) on two diamonds (no split): cycles everywhere, no tadpole at the first c
        certs.append(rank3_certify.certificate(MakerBreakerGame(family("rank3-diamonds", 2), "maker"),
                                               Rank3Options(structural_only=True, pairing=False)))
        # Breaker first, Maker wins, her Maker-first win a cut-vertex split: a rounds root whose
        # 'otherwise' is the sub-board certificate (it covers the replies outside its vertices)
        split_win = Hypergraph([e.split() for e in ("1 2 4", "3 4", "3 4 5", "3 6", "4 6", "2 7", "0 5 7",
                                                     "6 7", "1 7 8")], vertices=[str(i) for i in range(9)])
        certs.append(rank3_certify.certificate(MakerBreakerGame(split_win, "breaker"), Rank3Options()))
        # a union won by Maker in one component (two triangles of 2-edges): the component as a sub-board
        triangles = Hypergraph([["a", "b"], ["b", "c"], ["a", "c"], ["d", "e"], ["e", "f"], ["d", "f"]])
        for first in ("maker", "breaker"):
            certs.append(rank3_certify.certificate(MakerBreakerGame(triangles, first), Rank3Options()))
    finally:
        rank3_certify.SMALL = small
    # refutations ending in pairing leaves below the root (a Breaker win on a board with no pairing
    # at the start), and pg games whose schedules give a player two moves in a row
    # and a refutation split into components (PAIR_LEAVES and a disjoint pair)
    from verify.solvers.search import methods as search_methods
    split, search_methods.SPLIT_COMPONENTS = search_methods.SPLIT_COMPONENTS, True
    try:
        for edges in (PAIR_LEAVES, PAIR_LEAVES + [["x", "y"]]):
            for first in ("maker", "breaker"):
                certs.append(solve("maker-breaker", MakerBreakerGame(Hypergraph(edges), first), "search",
                                   certificate=True).certificate)
    finally:
        search_methods.SPLIT_COMPONENTS = split
    # bounded questions ("Maker wins within B moves"), answered yes and no
    for rounds in (2, 3, 4):
        certs.append(solve("maker-breaker", MakerBreakerGame(tic_tac_toe(3), "maker"), "search", rounds=rounds,
                           certificate=True).certificate)
    certs.append(solve("maker-breaker", g, "qbf", rounds=3, certificate=True).certificate)
    games = [parse_pg(PG_MAKER_MAKER), parse_pg(PG_SCHEDULE), parse_pg(PG_LEAVES), read_pg(os.path.join(ROOT, "encodings/pg/hex3-empty.pg")),
             pg.from_maker_breaker(Hypergraph(BOARDS[1][0]), 0, 0, "breaker"), parse_pg(PG_ONE_SIDED)]
    # symmetric races: automorphism links (the checker keys these games by the full state), in
    # refutations (the 3x3 races, draws) and proofs (vdW n = 5, k = 3: black wins)
    from verify.families import family
    from verify.solvers.search.methods import search_pg
    for race in (pg.race(tic_tac_toe(3)), pg.race(family("animal", "elly", 3)), pg.race(family("ap", 5, 3)),
                 pg.race(family("animal", "tippy", 3), 4)):
        for engine in ("python", "fast"):
            certs.append(search_pg(race, certificate=True, engine=engine).certificate)
    for game in games:
        for method in ("explicit", "search"):
            certs.append(_try(lambda: solve("pg", game, method, certificate=True)))
    for data in CONVEX:
        for kind in ("gen", "dng"):
            certs.append(_try(lambda: solve(kind, game_from_json(kind, data), "explicit", certificate=True)))
    for data in HYPERNIM:
        certs.append(_try(lambda: solve("hypernim", instance_from_json(data), "explicit", certificate=True)))
    certs += books()
    out = tuple(json.dumps(c) for c in certs if c is not None)
    kinds = {json.loads(c)["kind"] for c in out}
    assert kinds >= {"maker-breaker-strategy", "maker-breaker-pairing", "pg-proof", "pg-strategy", "nim-labelling",
                     "convex-nim-labelling", "hypernim-sg-table", "sat-unsat-drat", "maker-breaker-parts",
                     "maker-breaker-sub", "maker-breaker-opening", "maker-breaker-rounds",
                     "maker-breaker-dangers"}, kinds
    return out


def books() -> list[dict]:
    """Books (pg-proof roots with parts, verify/certificates/book.py) as their root certificate
    with the members under the extra key ``__members__`` ({name: member}); :func:`judged` packs
    them into a zip (so mutations reach the root, the members and the names alike)."""
    import tempfile
    import zipfile
    from verify.certificates.book import ROOT as BOOK_ROOT
    from verify.solvers.search.books import solve_book
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, (kind, game) in enumerate(
                [("maker-breaker", MakerBreakerGame(h, first)) for h in SYMMETRIC[:2] for first in ("maker", "breaker")]
                + [("maker-breaker", _mb_game(*BOARDS[4], first)) for first in ("maker", "breaker")]
                + [("pg", read_pg(os.path.join(ROOT, "encodings/pg/hex3-empty.pg")))]):
            path = os.path.join(tmp, f"b{i}.zip")
            solve_book(kind, game, path)
            with zipfile.ZipFile(path) as z:
                root = json.loads(z.read(BOOK_ROOT))
                root["__members__"] = {n: json.loads(z.read(n)) for n in z.namelist() if n != BOOK_ROOT}
            out.append(root)
    return out


# -- mutations ------------------------------------------------------------------------------------

JUNK = [None, True, False, 0, -1, 1, 2, 10**30, -10**30, 1.0, 0.5, "", "a", "zz", [], {}, [[]], {"a": [1]},
        [None], ["a", "a"], "\ud800", "\x1b[8m", "a\u0301", "\u00e1"]


def _paths(node, path=()):
    """Every (path, value) in a JSON tree, the root excluded."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield path + (k,), v
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield path + (i,), v
            yield from _paths(v, path + (i,))


def _get(root, path):
    for k in path:
        root = root[k]
    return root


def _set(root, path, value):
    _get(root, path[:-1])[path[-1]] = value


def _strings(cert) -> list[str]:
    out = set()
    for _, v in _paths(cert):
        if isinstance(v, str):
            out.update(v.split())
    return sorted(out) or ["a"]


def m_claim(c, r):
    """A verdict or question field changed to another value of its domain (or a near one)."""
    claim = c["claim"]
    part = claim[r.choice(["verdict", "question"])]
    k = r.choice(sorted(part))
    v = part[k]
    choices = {"winner": ["maker", "breaker", "black", "white", "draw"], "first": ["maker", "breaker", None],
               "game": ["maker-breaker", "pg", "acv", "avd", "dst", "prv", "gen", "dng", "hypernim"],
               "refutes": ["no-pairing", "no-chain"], "bound": [None, 0, 1, 2]}.get(k)
    if choices:
        part[k] = r.choice([x for x in choices if x != v])
    elif type(v) is int:
        part[k] = max(0, v + r.choice([-2, -1, 1, 2]))
    else:
        part[k] = copy.deepcopy(r.choice(JUNK))


def m_junk(c, r):
    """A random node replaced: a type change, a huge number, junk."""
    path, v = r.choice(list(_paths(c)))
    if type(v) is int and r.random() < 0.5:
        new = r.choice([v + 1, v - 1, True if v == 1 else False, float(v), str(v), [v], 10**30])
    elif isinstance(v, str) and r.random() < 0.5:
        new = r.choice([v.split(), v + " " + v, "", r.choice(_strings(c))])
    else:
        new = r.choice(JUNK)
    _set(c, path, copy.deepcopy(new))


def _lists(c, min_len=1):
    return [(p, v) for p, v in _paths(c) if isinstance(v, list) and len(v) >= min_len]


def m_delete(c, r):
    """An entry of some list deleted (a branch, a label, a pair, an edge, a stone...)."""
    path, v = r.choice(_lists(c))
    del v[r.randrange(len(v))]


def m_duplicate(c, r):
    path, v = r.choice(_lists(c))
    v.insert(r.randrange(len(v) + 1), copy.deepcopy(r.choice(v)))


def m_swap(c, r):
    """Two entries of a list swapped, or an entry's item swapped with another entry's."""
    lists = _lists(c, 2)
    if not lists:
        return m_delete(c, r)
    path, v = r.choice(lists)
    i, j = r.sample(range(len(v)), 2)
    if isinstance(v[i], list) and isinstance(v[j], list) and v[i] and v[j] and r.random() < 0.7:
        k = r.randrange(min(len(v[i]), len(v[j])))
        v[i][k], v[j][k] = v[j][k], v[i][k]
    else:
        v[i], v[j] = v[j], v[i]


def m_rename(c, r):
    """A name somewhere replaced by another name of the certificate (a move, a stone, a vertex)."""
    names = _strings(c)
    spots = [(p, v) for p, v in _paths(c) if isinstance(v, str) and v.split()]
    if not spots:
        return m_junk(c, r)
    path, v = r.choice(spots)
    toks = v.split()
    toks[r.randrange(len(toks))] = r.choice(names + ["zz"])
    _set(c, path, " ".join(toks))


def m_links(c, r):
    """pg-proof links rewired: targets swapped, self-links, cycles, maps permuted, links pointed
    at other shared maps ("@k") and shared maps permuted."""
    qs = [q for q in c.get("questions", []) if isinstance(q, dict)]
    if not qs:
        return m_swap(c, r)
    q = r.choice(qs)
    links = q.setdefault("links", [])
    moves = q.get("moves", [])
    if not links and moves:
        e = r.choice(moves)
        links.append([e[0], e[1], e[2], e[1], e[2], ""])
    if not links:
        return m_swap(c, r)
    e = r.choice(links)
    op = r.randrange(6)
    maps = q.get("maps")
    if op >= 4 and not isinstance(maps, list):
        op = r.randrange(4)
    if op == 0:  # self-link
        e[3], e[4] = e[1], e[2]
    elif op == 1:  # a link back from the target: a two-cycle
        back = {p.partition(">")[2]: p.partition(">")[0] for p in e[5].split()}
        links.append([e[0], e[3], e[4], e[1], e[2], " ".join(f"{a}>{b}" for a, b in back.items())])
    elif op == 2:  # the map permuted
        pairs = [p.partition(">") for p in e[5].split()]
        tgts = [p[2] for p in pairs]
        r.shuffle(tgts)
        e[5] = " ".join(f"{p[0]}>{t}" for p, t in zip(pairs, tgts))
    elif op == 3:  # another link's target
        f = r.choice(links)
        e[3], e[4], e[5] = f[3], f[4], f[5]
    elif op == 4 or not maps:  # a link pointed at another shared map, or at none
        e[5] = f"@{r.randrange(len(maps) + 2)}"
    else:  # a shared map permuted (every link through it changes)
        i = r.randrange(len(maps))
        pairs = [p.partition(">") for p in maps[i].split()] if isinstance(maps[i], str) else []
        tgts = [p[2] for p in pairs]
        r.shuffle(tgts)
        maps[i] = " ".join(f"{p[0]}>{t}" for p, t in zip(pairs, tgts))


def _forged_at(c, section: str, r, ops: int):
    """For a mutation of a pg-proof's ``section``: (a question, an op in range(ops), the cell
    names, the section's entries, a state [t, black, white] of the question's moves or entries or
    the start (always the start for op 5), the free cell names there, shuffled); None if ``c`` is
    no pg-proof."""
    qs = [q for q in c.get("questions", []) if isinstance(q, dict)]
    if c.get("kind") != "pg-proof" or not qs:
        return None
    q = r.choice(qs)
    op = r.randrange(ops)
    names = c["instance"]["vertices"] if "vertices" in c["instance"] else sorted(
        {x for line in c["instance"]["pg"].splitlines() if line and not line.startswith("#") for x in line.split()})
    entries = q.setdefault(section, [])
    states = [e[:3] for e in q.get("moves", []) + entries] + [[0, "", ""]]
    t, b, w = [0, "", ""] if op == 5 else r.choice(states)
    taken = set(b.split()) | set(w.split())
    free = [x for x in names if x not in taken]
    r.shuffle(free)
    return q, op, names, entries, (t, b, w), free


def m_pairings(c, r):
    """pg-proof pairing leaves broken: pairs overlapping, a pair's cell taken by a stone of the
    state, a pair deleted (a set without a pair), a pairing forged at a recorded state (where the
    schedule may give the attacker two moves in a row) or at the start, pairings in a proof; the
    components flag flipped."""
    got = _forged_at(c, "pairings", r, 7)
    if got is None:
        return m_swap(c, r)
    q, op, names, pairings, (t, b, w), free = got
    if op == 6:  # the components flag flipped (or junk)
        q["components"] = r.choice([not q.get("components", False), "yes", 1, None])
        return
    if op >= 3 or not pairings:  # forged: a state of the question (or the start), random pairs
        free = free[:2 * r.randrange(1, len(free) // 2 + 1)] if len(free) >= 2 else free
        pairings.append([t, b, w, " ".join(free)])
        if r.random() < 0.3:
            q["wins"] = not q.get("wins")
        return
    e = r.choice(pairings)
    cells = e[3].split()
    if op == 0 and len(cells) >= 4:  # two pairs share a cell
        cells[r.randrange(2, len(cells))] = cells[r.randrange(2)]
    elif op == 1 and (e[1] or e[2]):  # a pair's cell is a stone of the state
        cells[r.randrange(len(cells))] = r.choice((e[1] + " " + e[2]).split())
    else:  # a pair dropped (or a pairing's cells reshuffled)
        if len(cells) >= 2 and r.random() < 0.7:
            i = r.randrange(len(cells) // 2)
            del cells[2 * i:2 * i + 2]
        else:
            r.shuffle(cells)
    e[3] = " ".join(cells)


def m_lines(c, r):
    """pg-proof threat lines broken: a line's cell replaced, a move dropped, added or moved, a
    line's time point shifted, a line forged at a recorded state or at the start (random free cells,
    the question's answer and the claim flipped half the time), lines put in a refutation."""
    got = _forged_at(c, "lines", r, 6)
    if got is None:
        return m_swap(c, r)
    q, op, names, lines, (t, b, w), free = got
    if op >= 3 or not lines:  # forged: a state of the question (or the start), random free cells
        lines.append([t, b, w, " ".join(free[:r.randrange(1, 4)])])
        if op == 5 or r.random() < 0.5:  # at the start: a forged proof of the opposite verdict
            q["wins"] = True if op == 5 else not q.get("wins")
            verdict = c["claim"]["verdict"]
            flip = {"maker": "breaker", "breaker": "maker", "black": "white", "white": "black"}
            if (op == 5 or r.random() < 0.7) and verdict.get("winner") in flip:
                verdict["winner"] = flip[verdict["winner"]]
        return
    e = r.choice(lines)
    cells = e[3].split()
    if op == 0 and cells:  # a cell replaced (possibly by a stone of the state)
        cells[r.randrange(len(cells))] = r.choice(names)
    elif op == 1:  # a move dropped, added, or two swapped
        k = r.randrange(3)
        if k == 0 and cells:
            del cells[r.choice([0, len(cells) - 1])]
        elif k == 1:
            cells.insert(r.randrange(len(cells) + 1), r.choice(names))
        elif len(cells) >= 2:
            i, j = r.sample(range(len(cells)), 2)
            cells[i], cells[j] = cells[j], cells[i]
    else:  # the time point shifted
        e[0] = max(0, e[0] + r.choice([-2, -1, 1, 2]))
    e[3] = " ".join(cells)


def m_instance(c, r):
    """The instance edited: an edge added or removed, a vertex renamed, a pile or a .pg line changed."""
    inst = c["instance"]
    if isinstance(inst.get("pg"), str):
        lines = inst["pg"].splitlines()
        i = r.randrange(len(lines))
        op = r.randrange(3)
        if op == 0:
            del lines[i]
        elif op == 1:
            lines.insert(i, r.choice(lines))
        else:
            toks = lines[i].split()
            if toks and not toks[0].startswith("#"):
                toks[r.randrange(len(toks))] = r.choice(_strings(inst))
            lines[i] = " ".join(toks)
        inst["pg"] = "\n".join(lines) + "\n"
        return
    edges = inst.get("edges") or inst.get("hypergraph") or inst.get("tree")
    if "piles" in inst and r.random() < 0.5:
        v = r.choice(sorted(inst["piles"]))
        inst["piles"][v] = max(0, inst["piles"][v] + r.choice([-1, 1]))
        return
    if isinstance(edges, list) and edges:
        names = sorted({x for e in edges if isinstance(e, list) for x in e if isinstance(x, str)})
        op = r.randrange(3)
        if op == 0 and names:
            edges.append(r.sample(names, min(len(names), r.choice([1, 2, 3]))))
        elif op == 1:
            del edges[r.randrange(len(edges))]
        elif names:
            old, new = r.choice(names), r.choice(names + ["zz"])
            text = json.dumps(inst)
            c["instance"] = json.loads(text.replace(json.dumps(old), json.dumps(new)))
        return
    m_junk(c, r)


def m_position(c, r):
    """A stone added to or removed from the question's starting position (any role), or a pile
    changed."""
    pos = c["claim"]["question"].get("position")
    if not isinstance(pos, dict):
        return m_junk(c, r)
    inst = c["instance"]
    names = [v for v in inst.get("vertices") or [] if isinstance(v, str)] or _strings(inst)
    role = r.choice(sorted(pos) + ["maker", "breaker", "black", "white"])
    where = pos.setdefault(role, [])
    if not isinstance(where, list):
        return m_junk(c, r)
    if role == "piles" and where:
        i = r.randrange(len(where))
        where[i] = max(0, where[i] + r.choice([-1, 1])) if type(where[i]) is int else 1
    elif where and r.random() < 0.4:
        del where[r.randrange(len(where))]
    else:
        where.append(r.choice(names))


def m_inflate(c, r):
    """The board inflated: isolated vertices (a hypergraph) or free positions and time points (a
    .pg game) added, so that dead cells, long schedules and wide bitmasks reach the checker."""
    inst = c["instance"]
    k = r.choice([1, 2, 5, 40])
    if isinstance(inst.get("pg"), str):
        lines = inst["pg"].splitlines()
        for section, prefix in (("#positions", "zq"), ("#times", "zt")):
            if section in lines:
                i = lines.index(section) + 1
                lines.insert(i, " ".join(f"{prefix}{j}" for j in range(k)))
        inst["pg"] = "\n".join(lines) + "\n"
    elif isinstance(inst.get("vertices"), list):
        inst["vertices"] = inst["vertices"] + [f"zq{j}" for j in range(k)]
    else:
        return m_junk(c, r)
    if r.random() < 0.8:
        rebind(c)


def m_drat(c, r):
    """A DRAT proof edited: a fresh-variable lemma (RAT), a random lemma over the formula's
    variables, the empty clause, a deletion of a formula clause, a literal's sign flipped, or lines
    dropped or swapped."""
    proof, formula = c.get("proof"), c.get("formula")
    if not isinstance(proof, str) or not isinstance(formula, dict) or not formula.get("clauses"):
        return m_swap(c, r)
    lines = proof.splitlines() or ["0"]
    nvars = formula.get("nvars") if type(formula.get("nvars")) is int else 1
    i = r.randrange(len(lines) + 1)
    op = r.randrange(6)
    if op == 0:
        lines.insert(i, f"{r.choice([1, -1]) * (nvars + r.randint(1, 3))} {r.randint(-nvars, nvars) or 1} 0")
    elif op == 1:
        lits = [r.choice([1, -1]) * r.randint(1, max(nvars, 1)) for _ in range(r.randint(1, 3))]
        lines.insert(i, " ".join(map(str, lits)) + " 0")
    elif op == 2:
        lines.insert(i, "0")
    elif op == 3:
        lines.insert(i, "d " + " ".join(map(str, r.choice(formula["clauses"]))) + " 0")
    elif op == 4 and lines:
        j = r.randrange(len(lines))
        toks = lines[j].split()
        k = next((k for k, t in enumerate(toks) if t.lstrip("-").isdigit() and t != "0"), None)
        if k is not None:
            toks[k] = toks[k][1:] if toks[k].startswith("-") else "-" + toks[k]
        lines[j] = " ".join(toks)
    elif len(lines) >= 2:
        j, k = r.sample(range(len(lines)), 2)
        lines[j], lines[k] = lines[k], lines[j]
        if r.random() < 0.5:
            del lines[j]
    c["proof"] = "\n".join(lines) + "\n"


def m_forge(c, r):
    """A forged pg-proof of the opposite Maker-Breaker verdict: the answer to "can black (Maker)
    win?" negated, with no recorded move, and the states after black's first moves linked to one
    another in cycles through board automorphisms (so every link carries the needs over exactly, and
    only the cycle stands between the checker and a false claim: the attack of issue 17)."""
    from itertools import permutations
    q = c["claim"]["question"]
    inst = c["instance"]
    if c.get("kind") != "pg-proof" or q.get("game") != "maker-breaker" or len(inst["vertices"]) > 7:
        return m_links(c, r)
    verts = inst["vertices"]
    edges = {frozenset(e) for e in inst["edges"]}
    autos = [dict(zip(verts, p)) for p in permutations(verts)
             if {frozenset(p[verts.index(v)] for v in e) for e in edges} == edges]
    taken = set(q["position"]["maker"]) | set(q["position"]["breaker"])
    free = [v for v in verts if v not in taken]
    c["claim"]["verdict"]["winner"] = "breaker" if c["claim"]["verdict"]["winner"] == "maker" else "maker"
    wins = c["claim"]["verdict"]["winner"] == "maker"
    links = []
    if q["first"] == "maker":  # black's first moves are the states at time 1
        order = free[:]
        r.shuffle(order)
        for a in order:  # link each to another state of its orbit, when it has one
            partners = [(b, s) for s in autos for b in [s[a]] if b != a and b in free]
            if partners:
                b, sigma = r.choice(partners)
                inv = {y: x for x, y in sigma.items()}
                links.append([1, a, "", b, "", " ".join(f"{x}>{inv[x]}" for x in verts)])
    c["questions"] = [{"attacker": "black", "wins": wins, "moves": [], "links": links}]


@lru_cache(maxsize=64)
def _pg_maps(text: str) -> dict:
    """Cell maps (name -> name) of a .pg game by what they preserve: 'both' (automorphisms of the
    game), 'black' / 'white' (of that player's sets only), 'swap' (black's sets onto white's)."""
    from verify.solvers.search.symmetry import automorphisms
    game = parse_pg(text)
    names = game.positions

    def fam(sets):
        return set(sets)

    def img(p, s):
        return sum(1 << p[i] for i in range(len(names)) if s >> i & 1)

    def keeps(p, sets, onto):
        return {img(p, s) for s in sets} == fam(onto)

    b, w = list(game.black_sets), list(game.white_sets)
    out: dict = {"both": [], "black": [], "white": [], "swap": []}
    for kind, group in (("black", automorphisms(game, b, [])), ("white", automorphisms(game, [], w))):
        for p in group:
            if keeps(p, b, b) and keeps(p, w, w):
                out["both"].append(p)
            elif kind == "black" or not keeps(p, b, b):
                out[kind].append(p)
            if w and keeps(p, b, w):
                out["swap"].append(p)
    return {k: [dict(zip(names, (names[i] for i in p))) for p in v] for k, v in out.items()}


def m_racelinks(c, r):
    """pg-proof links of ``.pg`` games through maps that are no automorphism of the game: an
    automorphism of black's sets only (or white's), black's sets carried onto white's with the
    colours swapped, a map sending two cells to one, a link to a state of another time point (one
    stone more). Half the time one link at a recorded state; otherwise a forged answer of the
    opposite verdict (as :func:`m_forge`): the answer negated, its moves dropped, a refutation
    without moves added where a draw needs one, and black's first moves linked through the map."""
    inst = c.get("instance", {})
    qs = [q for q in c.get("questions", []) if isinstance(q, dict)]
    if c.get("kind") != "pg-proof" or not isinstance(inst.get("pg"), str) or not qs:
        return m_links(c, r)
    maps = _pg_maps(inst["pg"])
    kind = r.choice(["black", "white", "swap", "both"])
    if not maps[kind]:
        kind = "both"
    sigma = dict(r.choice(maps[kind]))
    names = list(sigma)
    op = r.choice(["map", "collapse", "time"])
    if op == "collapse":  # two cells to one
        x, y = r.sample(names, 2)
        sigma[x] = sigma[y]
    inv: dict = {}
    for x, y in sigma.items():
        inv.setdefault(y, x)
    text = " ".join(f"{x}>{y}" for x, y in sigma.items())

    def link(t, b, w):
        pre = lambda s: " ".join(inv.get(x, x) for x in s.split())  # noqa: E731
        lb, lw = (pre(w), pre(b)) if kind == "swap" else (pre(b), pre(w))
        if op == "time":  # a state with one stone more: another time point
            taken = set((b + " " + w).split())
            lb = (lb + " " + r.choice([x for x in names if x not in taken] or names)).strip()
        return [t, b, w, lb, lw, text]

    q = r.choice(qs)
    if r.random() < 0.5:
        states = [e[:3] for e in q.get("moves", []) if isinstance(e, list) and len(e) >= 3
                  and isinstance(e[0], int) and all(isinstance(v, str) for v in e[1:3])] + [[1, r.choice(names), ""]]
        q.setdefault("links", []).append(link(*r.choice(states)))
        return
    q["wins"] = not q.get("wins")
    q["moves"] = []
    for k in ("pairings", "lines", "components", "links", "maps"):
        q.pop(k, None)
    q["links"] = [link(1, x, "") for x in names if sigma[x] != x and r.random() < 0.5]
    verdict = c["claim"]["verdict"]
    flip = {"black": "draw", "draw": "black", "white": "draw"}
    if verdict.get("winner") in flip:
        verdict["winner"] = flip[verdict["winner"]]
    if verdict.get("winner") == "draw":
        have = {x.get("attacker") for x in qs}
        c["questions"] += [{"attacker": a, "wins": False, "moves": []} for a in ("black", "white") if a not in have]


def m_book(c, r):
    """Books broken: two parts' members swapped, a member's claim or game changed (a stone added
    to its position), a member deleted, copied over another or named as the root, a nonexistent or
    unsafe name, a part moved to another state, a link pointed into a part's state, parts nested in
    a member, the 'replies' marks dropped."""
    members = c["__members__"]
    names = sorted(members)
    # an answer with parts if there is one (an earlier mutation may have emptied them: the ops below
    # that need parts or members are then skipped, never r.choice of an empty list)
    with_parts = [x for x in c["questions"] if isinstance(x, dict) and x.get("parts")]
    q = r.choice(with_parts or c["questions"])
    parts = q.get("parts", [])
    op = r.randrange(10)
    if not names or not parts and op in (3, 4, 5) or op == 6 and not members[names[0]].get("questions"):
        return
    if op == 0 and len(parts) > 1:
        a, b = r.sample(parts, 2)
        a[3], b[3] = b[3], a[3]
    elif op == 1:  # a member's claim lies
        m = members[r.choice(names)]
        flip = {"maker": "breaker", "breaker": "maker", "black": "white", "white": "black"}
        m["claim"]["verdict"]["winner"] = flip.get(m["claim"]["verdict"]["winner"], "maker")
        for mq in m["questions"]:
            mq["wins"] = not mq["wins"]
    elif op == 2:
        del members[r.choice(names)]
    elif op == 3:
        r.choice(parts)[3] = r.choice(["certificate.json", "nope.json", "../x.json", "", names[0]])
    elif op == 4:  # a part moved to another state
        e = r.choice(parts)
        other = r.choice(q.get("moves", []) + parts)
        if r.random() < 0.5:
            e[0] = other[0]
        e[1], e[2] = other[1], other[2]
    elif op == 5:  # a link into a part's state
        e = r.choice(parts)
        moves = q.get("moves", [])
        src = r.choice(moves) if moves else e
        q.setdefault("links", []).append([e[0], src[1], src[2], e[1], e[2], ""])
        if q["links"][:-1]:
            f = r.choice(q["links"][:-1])
            f[0], f[3], f[4] = e[0], e[1], e[2]
    elif op == 6:  # parts nested in a member
        m = members[names[0]]
        r.choice(m["questions"])["parts"] = [[0, "", "", r.choice(names)]]
    elif op == 7:
        if r.random() < 0.5:
            q.pop("replies", None)
        elif q.get("replies"):
            q["replies"].pop(r.randrange(len(q["replies"])))
    elif op == 8:  # another member's content under this name
        a, b = r.choice(names), r.choice(names)
        members[a] = copy.deepcopy(members[b])
    else:  # a member about another game: a stone added to its position
        m = members[r.choice(names)]
        pos = m["claim"]["question"]["position"]
        verts = m["instance"].get("vertices") or []
        if isinstance(pos, dict) and "breaker" in pos and verts:
            pos["breaker"].append(r.choice(verts))
            rebind(m)


def rebind(c):
    """Point the question at the (edited) instance: its digest recomputed with the project's own
    canonical boards, so that instance edits reach the checker's game logic."""
    from verify.formats import hypergraph_from_json
    from verify.formats import questions as fq
    from verify.question import board_digest
    q = c["claim"].get("question")
    inst = c["instance"]
    try:
        game = q["game"]
        if game == "pg":
            board = fq.pg_board(parse_pg(inst["pg"]))
        elif game in ("gen", "dng"):
            board = fq.convex_board(game_from_json(game, inst))
        elif game == "hypernim":
            board = fq.hypernim_board(instance_from_json(inst))
        else:
            board = fq.hypergraph_board(hypergraph_from_json(inst))
        q["instance"] = board_digest(board)
    except Exception:
        pass  # an instance the project cannot read: the checker must reject it anyway


MUTATIONS = {f.__name__[2:]: f for f in (m_claim, m_junk, m_delete, m_duplicate, m_swap, m_rename,
                                          m_links, m_racelinks, m_pairings, m_lines, m_instance, m_position, m_forge,
                                          m_inflate, m_drat, m_book)}


def mutant(r: random.Random, base: str) -> tuple[dict, list[str]]:
    cert = json.loads(base)
    done = []
    for _ in range(1 + (r.random() < 0.3) + (r.random() < 0.1)):
        name = r.choice(sorted(MUTATIONS))
        try:
            MUTATIONS[name](cert, r)
            if name == "instance" and r.random() < 0.7:
                rebind(cert)
        except (IndexError, KeyError, TypeError, AttributeError, ValueError, InputError):
            pass  # the mutation did not apply to this shape (e.g. an instance an earlier one broke)
        done.append(name)
    return cert, done


# -- judging --------------------------------------------------------------------------------------

_TRUTH: dict = {}


def _as_book(cert):
    """A pool book (``__members__``) packed into an in-memory zip and read as a book; other
    certificates as they are."""
    import io
    import zipfile
    from verify.certificates.book import ROOT as BOOK_ROOT, read_book
    if not isinstance(cert, dict) or "__members__" not in cert:
        return cert
    cert = dict(cert)
    members = cert.pop("__members__")
    raw = io.BytesIO()
    with zipfile.ZipFile(raw, "w") as z:
        z.writestr(BOOK_ROOT, json.dumps(cert))
        for name, m in (members.items() if isinstance(members, dict) else []):
            if name != BOOK_ROOT:
                try:
                    z.writestr(str(name), json.dumps(m))
                except (UnicodeEncodeError, ValueError):
                    pass  # a name the zip cannot hold: the member is missing
    return read_book(raw)


def judged(cert) -> tuple[bool, str]:
    """(accepted, outcome): outcome 'rejected', 'true', 'unjudged' or 'FALSE'."""
    try:
        check_certificate(_as_book(cert))
    except CertificateError as exc:
        # the one line ``verify check`` prints: Unicode text, no control character from the file
        message = str(exc)
        message.encode("utf-8")
        assert message.isprintable(), message
        return False, "rejected"
    try:
        q = brute.question(cert)
    except brute.Invalid:
        return True, "FALSE"
    key = json.dumps(q, sort_keys=True, default=repr)
    if key not in _TRUTH:
        try:
            _TRUTH[key] = "true" if brute.truth(*q) else "FALSE"
        except brute.TooBig:
            _TRUTH[key] = "unjudged"
    return True, _TRUTH[key]


def test_pool_is_valid_and_true():
    for text in pool():
        cert = json.loads(text)
        accepted, outcome = judged(cert)
        assert accepted and outcome in ("true", "unjudged"), (cert["kind"], cert["claim"], outcome)


@settings(max_examples=3000, deadline=None, database=None)
@given(st.data())
def test_accepted_mutants_are_true(data):
    certs = pool()
    base = certs[data.draw(st.integers(0, len(certs) - 1), label="base")]
    # a seeded stdlib Random, as in the slow loop: a mutation's r.choice of an empty list must raise
    # IndexError (caught by ``mutant``), which hypothesis's own randoms turn into a flaky-strategy error
    r = random.Random(data.draw(st.integers(0, 2**32 - 1), label="seed"))
    cert, done = mutant(r, base)
    accepted, outcome = judged(cert)
    kind = json.loads(base)["kind"]
    event(f"{kind}: {outcome}")
    for name in done:
        event(f"mutation {name}: {'accepted' if accepted else 'rejected'}")
    assert outcome != "FALSE", json.dumps(cert)[:2000]


@pytest.mark.slow
def test_accepted_mutants_are_true_many():
    """FUZZ_MUTANTS mutants (default 100000) from a seeded loop; a summary per kind is printed."""
    count = int(os.environ.get("FUZZ_MUTANTS", "100000"))
    r = random.Random(int(os.environ.get("FUZZ_SEED", "17")))
    certs = pool()
    tried, accepted, false, unjudged = Counter(), Counter(), Counter(), Counter()
    failures = []
    for _ in range(count):
        base = r.choice(certs)
        kind = json.loads(base)["kind"]
        cert, done = mutant(r, base)
        ok, outcome = judged(cert)
        tried[kind] += 1
        accepted[kind] += ok
        unjudged[kind] += outcome == "unjudged"
        if outcome == "FALSE":
            false[kind] += 1
            failures.append((done, json.dumps(cert)[:1500]))
    print("\nkind                     mutants  accepted  unjudged  false-accepts")
    for kind in sorted(tried):
        print(f"{kind:24} {tried[kind]:8} {accepted[kind]:9} {unjudged[kind]:9} {false[kind]:14}")
    print(f"{'total':24} {sum(tried.values()):8} {sum(accepted.values()):9} {sum(unjudged.values()):9} "
          f"{sum(false.values()):14}")
    assert not failures, failures[:3]


# -- the judge against the reference solvers (allowed here, not in the judge) ----------------------

def test_judge_tic_tac_toe():
    h = tic_tac_toe(3)
    edges = list(h.edge_masks)
    for first in ("maker", "breaker"):
        want = "maker" if naive_maker_wins(MakerBreakerGame(h, first)) else "breaker"
        assert brute.maker_breaker_winner(h.n, edges, 0, 0, first) == want
    assert brute.maker_breaker_winner(h.n, edges, 0, 0, "maker") == "maker"


def test_judge_pg_and_nim_against_reference():
    from verify.solvers.explicit import solve_impartial
    from verify.solvers.pg import PGSearch
    for text in (PG_MAKER_MAKER, PG_SCHEDULE, pg_to_text(read_pg(os.path.join(ROOT, "encodings/pg/hex3-empty.pg")))):
        game = parse_pg(text)
        want = {1: "black", 0: "draw", -1: "white"}[PGSearch(game).value(*game.start())]
        assert brute.pg_result(text) == want
    for edges, vertices, _, _ in BOARDS:
        h = Hypergraph(edges, vertices=vertices)
        for kind in ("acv", "avd", "dst", "prv"):
            assert brute.hypergraph_nim(kind, h.n, list(h.edge_masks)) == solve_impartial(kind, h).nim
    for data in CONVEX:
        for kind in ("gen", "dng"):
            assert brute.convex_nim(kind, data) == solve(kind, game_from_json(kind, data), "explicit").nim
    for data in HYPERNIM:
        assert brute.hypernim_sg(data) == solve("hypernim", instance_from_json(data), "explicit").sg


def test_judge_pairings():
    h = tic_tac_toe(3)
    assert not brute.pairing_exists(h.n, list(h.edge_masks), 0, 0)
    tri = Hypergraph([["a", "b"], ["a", "c"], ["b", "c"]])
    assert not brute.pairing_exists(3, list(tri.edge_masks), 0, 0)
    two = Hypergraph([["a", "b"], ["c", "d"]])
    assert brute.pairing_exists(4, list(two.edge_masks), 0, 0)
