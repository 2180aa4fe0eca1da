"""The ``positional-strategy`` certificate kind (verify/certificates/positional.py, built by
verify/solvers/explicit_conventions.py): every certificate the reference builds is accepted by the
kernel with the verdict of the brute force (tests/brute.py positional_value), on every hypergraph
up to 4 vertices, every convention, biases (1:1) (1:2) (2:1) (2:2) (1:3) and both starters; and
hand-made mutations are refused (docs/spec/positional-strategy.md)."""
from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path

import pytest

import verify
from verify import limits
from verify.certificates.checker import check_certificate
from verify.cli import main
from verify.errors import CertificateError
from verify.games.conventions import CONVENTIONS, ROLES, STRONG, ConventionGame
from verify.hypergraph import Hypergraph
from verify.solvers.explicit_conventions import solve_convention

sys.path.insert(0, str(Path(__file__).resolve().parent))
from brute import positional_winner  # noqa: E402
from test_conventions import BIASES, board, every_clutter, every_hypergraph  # noqa: E402


def certificate(h: Hypergraph, convention: str, bias=(1, 1), first=None, bob=()) -> dict:
    return solve_convention(ConventionGame(h, convention, bias, first, frozenset(bob)), certificate=True).certificate


def _agree(n: int, fam) -> None:
    h = board(n, fam)
    for convention in CONVENTIONS:
        alice, bob = ROLES[convention]
        for bias in BIASES:
            for first in ((alice,) if convention in STRONG else (alice, bob)):
                report = check_certificate(certificate(h, convention, bias, first))
                want = positional_winner(n, fam, convention, *bias, first == alice)
                assert report.verdict == {"winner": want}, (n, fam, convention, bias, first)


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_certificates_accepted_with_the_brute_force_verdict(n):
    for fam in every_hypergraph(n):
        _agree(n, fam)


def test_certificates_on_a_sample_of_four_vertices():
    for fam in random.Random(4).sample(every_hypergraph(4), 15):
        _agree(4, fam)


@pytest.mark.slow
def test_certificates_on_every_hypergraph_of_four_vertices():
    for fam in every_hypergraph(4):
        _agree(4, fam)


@pytest.mark.slow
def test_certificates_on_a_sample_of_five_vertices():
    rng = random.Random(5)
    for fam in rng.sample(every_clutter(5), 60):
        _agree(5, fam)
    for _ in range(60):
        _agree(5, tuple(sorted(rng.sample(range(1, 32), rng.randint(1, 8)))))


def test_certificates_from_marked_positions():
    rng = random.Random(32)
    for _ in range(150):
        n = rng.randint(2, 5)
        fam = tuple(sorted(rng.sample(range(1, 1 << n), rng.randint(1, min(5, (1 << n) - 1)))))
        alice = bob = 0
        for i in range(n):
            r = rng.random()
            alice |= (r < 0.2) << i
            bob |= (0.2 <= r < 0.4) << i
        h = board(n, fam, alice)
        convention = rng.choice(CONVENTIONS)
        bias = rng.choice(BIASES)
        a_role, b_role = ROLES[convention]
        first = a_role if convention in STRONG else rng.choice((a_role, b_role))
        report = check_certificate(certificate(h, convention, bias, first, h.names(bob)))
        assert report.verdict == {"winner": positional_winner(n, fam, convention, *bias, first == a_role, alice, bob)}


# -- mutations ---------------------------------------------------------------------------------------

K4 = Hypergraph([[a, b, c] for a, b, c in [(1, 2, 3), (1, 2, 4), (1, 3, 4), (2, 3, 4)]])
PATH = Hypergraph([["a", "b"], ["b", "c"]])


@pytest.fixture(scope="module")
def enforcer_win():
    """Avoider-Enforcer on a 4-vertex path of three edges, Enforcer first: Enforcer wins with a
    table of 4 entries (checked genuine first)."""
    cert = certificate(Hypergraph([["a", "b"], ["c", "d"], ["a", "c"]]), "avoider-enforcer", (1, 1), "enforcer")
    assert check_certificate(cert).verdict == {"winner": "enforcer"}
    return cert


@pytest.fixture(scope="module")
def draw():
    cert = certificate(PATH, "maker-maker", (1, 2))
    assert check_certificate(cert).verdict == {"winner": "draw"}
    assert set(cert["strategies"]) == {"first", "second"}
    return cert


def _table(cert):
    return next(iter(cert["strategies"].values()))


def _refused(cert, match: str):
    with pytest.raises(CertificateError, match=match):
        check_certificate(cert)


def test_genuine_certificates_are_accepted(enforcer_win, draw):
    assert len(_table(enforcer_win)) > 1


def test_dropped_entry_refused(enforcer_win):
    cert = copy.deepcopy(enforcer_win)
    del _table(cert)[-1]
    _refused(cert, "no claim of .* at the reachable state")


def test_extra_unreached_entry_refused(enforcer_win):
    cert = copy.deepcopy(enforcer_win)
    table = _table(cert)
    states = {(tuple(e["avoider"]), tuple(e["enforcer"])) for e in table}
    extra = next({"avoider": [], "enforcer": [v], "claim": "a" if v != "a" else "b"} for v in "abcd"
                 if ((), (v,)) not in states)
    table.append(extra)
    _refused(cert, "names a state its walk never reaches")


def test_wrong_claim_refused(enforcer_win):
    """Some other free claim of some entry loses (else every claim wins and the table is trivial)."""
    refused = 0
    for i, entry in enumerate(_table(enforcer_win)):
        held = set(entry["avoider"]) | set(entry["enforcer"])
        for v in "abcd":
            if v in held or v == entry["claim"]:
                continue
            cert = copy.deepcopy(enforcer_win)
            _table(cert)[i]["claim"] = v
            try:
                check_certificate(cert)
            except CertificateError:
                refused += 1
    assert refused


def test_occupied_claim_refused(enforcer_win):
    cert = copy.deepcopy(enforcer_win)
    entry = next(e for e in _table(cert) if e["avoider"] or e["enforcer"])
    entry["claim"] = (entry["avoider"] or entry["enforcer"])[0]
    _refused(cert, "is not a free vertex")


def test_wrong_verdict_refused(enforcer_win):
    cert = copy.deepcopy(enforcer_win)
    w = cert["claim"]["verdict"]["winner"]
    other = "avoider" if w == "enforcer" else "enforcer"
    cert["claim"]["verdict"]["winner"] = other
    _refused(cert, "exactly the key")
    cert["strategies"] = {other: cert["strategies"][w]}
    _refused(cert, "no claim of")
    cert["claim"]["verdict"]["winner"] = "draw"  # no draw in a weak game
    _refused(cert, "winner must be one of")


def test_draw_needs_both_tables(draw):
    for player in ("first", "second"):
        cert = copy.deepcopy(draw)
        del cert["strategies"][player]
        _refused(cert, "exactly the key")


def test_draw_table_claiming_a_loss_refused(draw):
    """A draw certificate with first's table as second's (and vice versa) is refused."""
    cert = copy.deepcopy(draw)
    cert["strategies"] = {"first": draw["strategies"]["second"], "second": draw["strategies"]["first"]}
    _refused(cert, "no claim of")


def test_swapped_bias_refused():
    cert = certificate(K4, "avoider-enforcer", (1, 2), "avoider")
    check_certificate(cert)
    cert["claim"]["question"]["bias"] = [2, 1]
    _refused(cert, "no claim of")


def test_overlapping_state_refused(enforcer_win):
    cert = copy.deepcopy(enforcer_win)
    entry = next(e for e in _table(cert) if e["avoider"])
    entry["enforcer"] = entry["enforcer"] + [entry["avoider"][0]]
    _refused(cert, "gives a vertex to both players")


@pytest.mark.parametrize("mutate, match", [
    (lambda c: c["claim"]["question"].update(bound=3), "bound must be null"),
    (lambda c: _table(c)[0].update(extra=1), "exactly the keys"),
    (lambda c: _table(c)[0].pop("claim"), "exactly the keys"),
    (lambda c: _table(c)[0].update(claim="zz"), "unknown vertex"),
    (lambda c: _table(c)[0]["enforcer"].append("zz"), "unknown vertex"),
    (lambda c: _table(c).append(copy.deepcopy(_table(c)[0])), "two entries"),
    (lambda c: c.update(strategy=[]), "unknown key"),
    (lambda c: c.pop("strategies"), "'strategies' must be an object"),
    (lambda c: c["strategies"].update(avoider=[], enforcer=[]), "exactly the key"),
    (lambda c: c["strategies"].update({k: {} for k in c["strategies"]}), "must be a list"),
    (lambda c: c["claim"]["question"].update(first=None), "needs first"),
    (lambda c: c["claim"]["question"]["position"].update(avoider=["a"], enforcer=["a"]), "both players"),
    (lambda c: c["claim"]["question"].update(game="maker-breaker"), "position must list exactly"),
    (lambda c: c.update(kind="maker-breaker-strategy"), "only a positional-strategy certificate"),
])
def test_malformed_refused(enforcer_win, mutate, match):
    cert = copy.deepcopy(enforcer_win)
    mutate(cert)
    _refused(cert, match)


def test_decided_start_needs_an_empty_table():
    h = Hypergraph([["a", "b"], ["c"]], marked=["a", "b"])
    cert = certificate(h, "avoider-enforcer", (1, 2), "avoider")
    assert check_certificate(cert).verdict == {"winner": "enforcer"} and cert["strategies"] == {"enforcer": []}
    cert["strategies"]["enforcer"].append({"avoider": ["a", "b"], "enforcer": [], "claim": "c"})
    _refused(cert, "must be empty")


def test_caps(enforcer_win, monkeypatch):
    monkeypatch.setattr(limits, "MAX_POSITIONAL_STRATEGY_ENTRIES", 1)
    _refused(copy.deepcopy(enforcer_win), "entries, more than 1: refused")
    monkeypatch.setattr(limits, "MAX_POSITIONAL_STRATEGY_ENTRIES", 100)
    monkeypatch.setattr(limits, "MAX_POSITIONAL_WALK_STATES", 2)
    _refused(copy.deepcopy(enforcer_win), "more than 2 states walked")
    monkeypatch.setattr(limits, "MAX_POSITIONAL_WALK_STATES", 100)
    monkeypatch.setattr(limits, "MAX_POSITIONAL_WALK_WORK", 3)
    _refused(copy.deepcopy(enforcer_win), "more than 3 edge tests")


# -- the API and the command line --------------------------------------------------------------------

def test_solve_certifies_every_convention_and_bias():
    for convention in CONVENTIONS:
        for bias in ((1, 1), (1, 2)):
            if convention == "maker-breaker" and bias == (1, 1):
                continue  # the unbiased Maker-Breaker game keeps its own kinds
            r = verify.solve(convention, PATH, bias=bias, certificate=True)
            assert r.certified and r.check.kind == "positional-strategy"
            assert r.certificate["claim"]["question"] == r.question.to_json()


def test_cli_solve_and_check(tmp_path, capsys):
    board_file = tmp_path / "k4.txt"
    board_file.write_text("1 2 3\n1 2 4\n1 3 4\n2 3 4\n")
    out = tmp_path / "out.json"
    assert main(["solve", "avoider-enforcer", str(board_file), "--bias", "1:2", "--certificate", str(out)]) == 0
    cert = json.loads(out.read_text())
    assert cert["kind"] == "positional-strategy" and cert["claim"]["question"]["bias"] == [1, 2]
    capsys.readouterr()
    assert main(["check", str(out)]) == 0
    assert "positional-strategy proves winner=" in capsys.readouterr().out


# -- symmetry links (rule P10) -------------------------------------------------------------------------

import forgers_positional as FP  # noqa: E402

LINKED = Path(__file__).resolve().parent / "data" / "positional_k4_triangles_linked.json"


@pytest.fixture()
def linked():
    """The hand-made example: the triangle game on K_4, Breaker wins, 8 claim entries and 15 links
    under the adjacent transpositions of K_4's vertices acting on its edges "i-j"."""
    return json.loads(LINKED.read_text(encoding="utf-8"))


def test_linked_example_accepted(linked):
    report = check_certificate(linked)
    assert report.verdict == {"winner": "breaker"} and "(15 links)" in report.detail
    assert FP.truth(linked)


@pytest.mark.parametrize("mode", ["canonical", "first"])
def test_linked_certificates_on_symmetric_boards(mode):
    """Linked certificates of the true winner on boards with automorphisms (the triangle game on K_4,
    K_4, C_4, a path, two triangles, the Fano plane), every convention, biases 1:1, 1:2, 2:1, both
    starters, targets canonical (play may never reach them) or the first state of each orbit met:
    accepted with the brute force's verdict."""
    rng = random.Random(10)
    linked = 0
    for _name, names, edges, gens in FP.symmetric_boards():
        sym = FP.Symmetry(names, gens)
        for convention in CONVENTIONS:
            for bias in ((1, 1), (1, 2), (2, 1)):
                for first in ROLES[convention][:1 if convention in STRONG else 2]:
                    cert = FP.linked_cert(FP.PQ(names, edges, convention, bias, first), sym, rng, mode)
                    assert check_certificate(cert).verdict == cert["claim"]["verdict"]
                    assert FP.truth(cert)
                    linked += any("link" in e for t in cert["strategies"].values() for e in t)
    assert linked > 50


def test_linked_certificates_from_marked_positions():
    """Starts with stones that the automorphisms do not fix: canonical targets off every play."""
    rng = random.Random(11)
    for _ in range(40):
        _name, names, edges, gens = rng.choice(FP.symmetric_boards())
        pq = FP.random_question(rng, board=(names, edges), stones=0.2)
        cert = FP.linked_cert(pq, FP.Symmetry(names, gens), rng, "canonical")
        assert check_certificate(cert).verdict == cert["claim"]["verdict"] and FP.truth(cert)


def test_symmetries_without_links_and_the_identity(linked):
    cert = FP.valid_cert(FP.PQ(("a", "b", "c"), (("a", "b"), ("b", "c")), "maker-maker", (1, 2)))
    assert "symmetries" not in cert
    cert["symmetries"] = ["", "a>c c>a"]
    assert check_certificate(cert).verdict == {"winner": "draw"}
    cert["symmetries"] = []
    check_certificate(cert)
    linked["symmetries"].append("")
    check_certificate(linked)


def _link(cert, i):
    return cert["strategies"]["breaker"][i]


@pytest.mark.parametrize("mutate, match", [
    (lambda c: c.update(symmetries="1-2>1-3"), "'symmetries' must be a list"),
    (lambda c: c["symmetries"].append(1), "must be a string"),
    (lambda c: c["symmetries"].append("1-2"), "is not one pair"),
    (lambda c: c["symmetries"].append("1-2>1-3>1-4"), "is not one pair"),
    (lambda c: c["symmetries"].append("1-2>9-9 9-9>1-2"), "unknown vertex"),
    (lambda c: c["symmetries"].append("1-2>3-4 1-2>1-2 3-4>1-2"), "maps '1-2' twice"),
    (lambda c: c["symmetries"].append("1-2>3-4 3-4>3-4"), "maps two vertices to '3-4'"),
    (lambda c: c["symmetries"].append("1-2>3-4"), "not a permutation"),
    (lambda c: c["symmetries"].append("1-2>1-3 1-3>1-2"), "not an automorphism"),
    (lambda c: c.pop("symmetries"), "needs 'symmetries'"),
    (lambda c: _link(c, 1).update(link=True), "'link' must be an integer index"),
    (lambda c: _link(c, 1).update(link=-1), "'link' must be an integer index"),
    (lambda c: _link(c, 1).update(link=23), "'link' must be an integer index"),
    (lambda c: _link(c, 1).update(link=0.0), "'link' must be an integer index"),
    (lambda c: _link(c, 1).update(link="0"), "'link' must be an integer index"),
    (lambda c: _link(c, 2).update(link=1), "names a link entry"),
    (lambda c: _link(c, 1).update(link=1, by=[0, 0]), "names a link entry"),
    (lambda c: _link(c, 1).update(by=[]), "'by' must be a list of 1 to 64"),
    (lambda c: _link(c, 1).update(by=1), "'by' must be a list of 1 to 64"),
    (lambda c: _link(c, 1).update(by=[1] + [0, 0] * 32), "'by' must be a list of 1 to 64"),
    (lambda c: _link(c, 1).update(by=[3]), "'by' must hold integer indices"),
    (lambda c: _link(c, 1).update(by=[-2]), "'by' must hold integer indices"),
    (lambda c: _link(c, 1).update(by=[True]), "'by' must hold integer indices"),
    (lambda c: _link(c, 1).update(by=[1.0]), "'by' must hold integer indices"),
    (lambda c: _link(c, 1).update(by=[0]), "does not map its target"),
    (lambda c: _link(c, 2).update(by=[1, 2]), "does not map its target"),  # the word read right to left
    (lambda c: _link(c, 1).update(claim="1-4"), "exactly the keys"),
    (lambda c: _link(c, 1).pop("by"), "exactly the keys"),
    (lambda c: _link(c, 1).update(maker=["1-2"]), "two entries"),
    (lambda c: _link(c, 1).update(maker=[], breaker=["1-3"]), "no claim of breaker"),  # roles swapped
    (lambda c: c["strategies"]["breaker"].append(
        {"maker": ["1-2", "1-3"], "breaker": [], "link": 0, "by": [1]}), "never reaches"),  # Maker to move
])
def test_malformed_links_refused(linked, mutate, match):
    mutate(linked)
    _refused(linked, match)


def test_link_caps(linked, monkeypatch):
    check_certificate(copy.deepcopy(linked))
    monkeypatch.setattr(limits, "MAX_POSITIONAL_GENERATORS", 2)
    _refused(copy.deepcopy(linked), "3 generators in 'symmetries', more than 2")
    monkeypatch.setattr(limits, "MAX_POSITIONAL_GENERATORS", 4096)
    monkeypatch.setattr(limits, "MAX_POSITIONAL_WORD", 5)
    _refused(copy.deepcopy(linked), "'by' must be a list of 1 to 5")  # one word has 6 generators
    monkeypatch.setattr(limits, "MAX_POSITIONAL_WORD", 64)
    monkeypatch.setattr(limits, "MAX_POSITIONAL_WALK_WORK", 30)  # 3 generators x 12 vertex maps = 36
    _refused(copy.deepcopy(linked), "more than 30 vertex maps checking the generators")
    monkeypatch.setattr(limits, "MAX_POSITIONAL_WALK_WORK", 150)  # the walk's edge tests and link costs
    _refused(copy.deepcopy(linked), "more than 150 edge tests")


def test_false_linked_claims_refused():
    """A table of the false winner linked by genuine automorphisms is refused (its lost orbits lose)."""
    rng = random.Random(12)
    refused = 0
    for _name, names, edges, gens in FP.symmetric_boards():
        sym = FP.Symmetry(names, gens)
        for convention in CONVENTIONS:
            pq = FP.PQ(names, edges, convention, (1, 1), ROLES[convention][0])
            true_w = pq.truth()
            for w in FP._other_words(pq, true_w):
                cert = FP.linked_cert(pq, sym, rng, rng.choice(["canonical", "first"]), winner=w)
                with pytest.raises(CertificateError):
                    check_certificate(cert)
                refused += 1
    assert refused > 20


#: one-line holes in a copy of the kernel's link rule, each found by the link forgers
#: (tests/forgers_positional.py, rule positional/links): (name, text replaced, replacement)
KERNEL_LINK_HOLES = [
    ("σ(target) = state unchecked", "if (a, b) != state:", "if False:"),
    ("roles compared unordered", "if (a, b) != state:", "if sorted((a, b)) != sorted(state):"),
    ("generators not checked as automorphisms", "if g(e) not in edges:", "if False:"),
    ("generators not checked as permutations", "if sum(image) != right:", "if False:"),
    ("links to link entries", 'if "claim" not in entries[k]:', "if False:"),
]


@pytest.mark.parametrize("name,old,new", KERNEL_LINK_HOLES, ids=[h[0] for h in KERNEL_LINK_HOLES])
def test_link_forgers_find_the_holes_of_mutated_kernels(name, old, new, monkeypatch):
    """A copy of verify/certificates/positional.py with one line of P10 broken accepts FALSE claims
    forged by the link forgers (judged by the brute force), and the true kernel accepts none."""
    import forgers as F
    tally = F.run(["positional/links"], seed=0, scale=1, chks={"mutant": _kernel_mutant(old, new, monkeypatch)})
    assert sum(c["FALSE"] for c in tally.counts.values()) > 0, f"no link forgery finds the hole {name!r}"


def test_composed_words_agree_with_the_generators():
    """A word met often is composed into one map (:func:`compose`); it maps like the generators
    applied one by one, and a link whose word misses its state is refused whether composed or not."""
    import verify.certificates.positional as ps
    names, edges = FP.k_edges_board(6)
    h = Hypergraph([list(e) for e in edges], vertices=list(names))
    game = ConventionGame(h, "maker-breaker", (1, 2), "maker", frozenset())
    gens = ps.read_symmetries(game, [FP.map_text(names, p) for p in FP.kn_transpositions(6, names)])
    rng = random.Random(6)
    cache: dict = {}
    for _ in range(300):
        word = tuple(rng.randrange(len(gens)) for _ in range(rng.randint(1, 3)))
        stones = rng.sample(range(15), 6)
        a, b = sum(1 << i for i in stones[:3]), sum(1 << i for i in stones[3:])
        x, y = a, b
        for i in reversed(word):
            x, y = gens[i](x), gens[i](y)
        composed = ps.compose(gens, word)
        assert (composed(a), composed(b)) == (x, y)
        assert ps.link_target(game, gens, ps.Link((a, b), word), (x, y), cache)[:2] == (a, b)
        if (x, y) != (a, b):
            with pytest.raises(CertificateError, match="does not map its target"):
                ps.link_target(game, gens, ps.Link((a, b), word), (a, b), cache)
    assert any(isinstance(v, ps.Generator) for v in cache.values())


#: one-line holes in a copy of the kernel's rule P11 (named completions and threat hints), each found
#: by the forgers of tests/forgers_positional.py, rule positional/named: (name, text replaced, replacement)
KERNEL_NAMED_HOLES = [
    ("'completes' not checked to be an edge", "if e not in edges:", "if False:"),
    ("a named completion not checked held", "if not (v & named_edge and named_edge & ~own == 0):",
     "if not v & named_edge:"),
    ("a hinted edge may hold the opponent's vertex",
     "w = next((e & ~xs for e in hint if not e & os_ and (e & ~xs).bit_count() == 1), 0)",
     "w = next((e & ~xs for e in hint if (e & ~xs).bit_count() == 1), 0)"),
    ("a hinted edge may miss two vertices",
     "w = next((e & ~xs for e in hint if not e & os_ and (e & ~xs).bit_count() == 1), 0)",
     "w = next((e & ~xs for e in hint if not e & os_ and (e & ~xs).bit_count() <= 2), 0)"),
    ("hints checked where the opponent moves", "            if x_next:",
     "            if x_next or any(not e & (b if x_alice else a) and (e & ~(a if x_alice else b)).bit_count() == 1"
     " for e in hint):"),
    ("the opponent's completions untested when named", "tested = decided is not None and not (named and mine)",
     "tested = decided is not None and not named"),
    ("named tables of players not scoring their completions",
     "if not scores_own(convention, x):",
     "if False:"),
]


def _kernel_mutant(old: str, new: str, monkeypatch):
    """Install a copy of verify/certificates/positional.py with ``old`` replaced by ``new`` as the
    positional-strategy checker (undone by ``monkeypatch``); returns the check for F.run."""
    import importlib.util

    import verify.certificates.positional as kernel_positional
    from verify.certificates import checker
    path = Path(kernel_positional.__file__)
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"the hole {old!r} no longer applies"
    spec = importlib.util.spec_from_loader("verify.certificates._positional_named_mutant", loader=None)
    mutant = importlib.util.module_from_spec(spec)
    mutant.__package__ = "verify.certificates"
    exec(compile(text.replace(old, new).replace('@register(KIND, "strategies", "symmetries", "completions")', ""),  # noqa: S102
                 str(path), "exec"), mutant.__dict__)
    body = checker._CHECKERS["positional-strategy"][1]
    monkeypatch.setitem(checker._CHECKERS, "positional-strategy", (mutant.check_positional_strategy, body))
    return lambda c: check_certificate(copy.deepcopy(c)), (CertificateError,)


@pytest.mark.parametrize("name,old,new", KERNEL_NAMED_HOLES, ids=[h[0] for h in KERNEL_NAMED_HOLES])
def test_named_forgers_find_the_holes_of_mutated_kernels(name, old, new, monkeypatch):
    """A copy of verify/certificates/positional.py with one line of P11 broken accepts FALSE claims
    forged by the named forgers (judged by the brute force); the true kernel accepts none
    (tests/test_forgers.py)."""
    import forgers as F
    tally = F.run(["positional/named"], seed=0, scale=1, chks={"mutant": _kernel_mutant(old, new, monkeypatch)})
    assert sum(c["FALSE"] for c in tally.counts.values()) > 0, f"no named forgery finds the hole {name!r}"


def test_named_walk_does_not_depend_on_its_order(monkeypatch):
    """True named certificates whose X-to-move states are reached both with a hint making them leaves
    and without (:func:`forgers_positional.order_controls`) are accepted by the kernel; a kernel that
    marks hint leaves seen (so a later arrival without the hint is not walked, and the entry it needs
    goes unused, P8) refuses some: which entries are used would depend on the order of the walk."""
    rng = random.Random(11)
    controls = [cert for _pq, _w, cert in FP.order_controls(rng, 6)]
    assert len(controls) == 6
    for cert in controls:
        assert FP.truth(cert)
        check_certificate(copy.deepcopy(cert))
    check, _ = _kernel_mutant("if w:", "if w and not seen.add((a, b)):", monkeypatch)
    refused = 0
    for cert in controls:
        try:
            check(cert)
        except CertificateError:
            refused += 1
    assert refused > 0


#: one-line holes in a copy of the kernel's rule P12 (pairing entries), each found by the forgers of
#: tests/forgers_positional.py, rule positional/pairing-entries. Not planted: coverage checked against
#: the start's B₀ instead of the state's B (``bob=b`` dropped): B₀ ⊆ B, so that test is stricter on
#: every state walked from the start (only a state walked from a link's target, which need not hold
#: B₀, could make it unsound)
KERNEL_PAIRING_HOLES = [
    ("coverage unchecked", "e = uncovered_edge(game, v.masks, 2, bob=b)", "e = None"),
    ("one vertex of a block covers an edge", "e = uncovered_edge(game, v.masks, 2, bob=b)",
     "e = uncovered_edge(game, v.masks, 1, bob=b)"),
    ("pairing entries at p >= 2", "winner == bob and game.bias[0] == 1 else None", "winner == bob else None"),
    ("pairing entries in any convention", "pairing = 1 + game.bias[1] if convention == cv.MAKER_BREAKER and winner",
     "pairing = 1 + game.bias[1] if winner"),
    ("blocks may hold Maker's vertices", 'read_blocks(game, entry["pairing"], pairing, a)',
     'read_blocks(game, entry["pairing"], pairing, 0)'),
    ("block size bound off by one", "pairing = 1 + game.bias[1] if", "pairing = 2 + game.bias[1] if"),
]


@pytest.mark.parametrize("name,old,new", KERNEL_PAIRING_HOLES, ids=[h[0] for h in KERNEL_PAIRING_HOLES])
def test_pairing_entry_forgers_find_the_holes_of_mutated_kernels(name, old, new, monkeypatch):
    """A copy of verify/certificates/positional.py with one line of P12 broken accepts FALSE claims
    forged by the pairing-entry forgers (judged by the brute force); the true kernel accepts none
    (tests/test_forgers.py)."""
    import forgers as F
    tally = F.run(["positional/pairing-entries"], seed=0, scale=1,
                  chks={"mutant": _kernel_mutant(old, new, monkeypatch)})
    assert sum(c["FALSE"] for c in tally.counts.values()) > 0, f"no pairing-entry forgery finds the hole {name!r}"
