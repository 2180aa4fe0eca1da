"""Red-team pass on links and books: hand-made ``pg-proof`` certificates for FALSE claims aimed at
the rules of docs/spec/pg-proof.md (§4.9 passes, §4.10 all-replies marks, §4.13 threat lines,
§4.15 links, §4.16 parts) and docs/spec/book.md, in the combinations ``tests/forgers.py`` and
``tests/test_redteam_forgers.py`` do not build: keyed links through maps that are automorphisms of
*wrongly* reduced families (one move short, the other colour's count, Y's sets only), links at pass
states, residual links to states holding more Y stones than Y had turns, parts whose member is a
true certificate of a slightly different game (another schedule, another stone, colours swapped, a
reply forgotten, #firstmoves added, an extra set, the game already over), books whose member names
play tricks; and a local audit of every step of both checkers on every legal state of small games.

Every game has at most 7 cells and every claim is judged by brute force (``forgers.pg_truth``, i.e.
``tests/brute.py``) before the checkers are asked. A test named ``..._aimed`` also shows the attack
is aimed: with the rule weakened in the kernel (monkeypatched), the kernel accepts the forgery.

Found by this pass and fixed (now regressions): an all-replies mark (§4.10) at a Y turn where Y
has no legal reply proved "X wins" vacuously; in residual games (§4.2) a state may hold more Y
stones than Y had time points (§3, S2 bounds X only), so a residual link (§4.15) led the walk to a
board that fills up before the schedule ends, and both checkers accepted a false "black wins" on a
4-cell game (``test_full_board_*``; both now refuse a Y turn without a legal move in a proof). And
three inputs the checkers read differently (``test_disagreement_*``): a ``#version`` other than
1.0, a name starting with ``#`` after another name, a book not named ``*.zip``.
"""
from __future__ import annotations

import copy
import itertools
import json
import random
import zipfile

import pytest

import forgers as F
from test_redteam_forgers import pg_text, refused_by_both
from verify.certificates import proof as kernel_proof
from verify.formats.pg import parse_pg, pg_to_text
from verify.games import positional as pg
from verify.hypergraph import bits, minimal_masks


def verdicts(cert: dict) -> dict:
    """Each checker's word on ``cert``: 'accepted' or its refusal message."""
    out = {}
    for name, (check, refusals) in F.checkers().items():
        try:
            check(copy.deepcopy(cert))
            out[name] = "accepted"
        except refusals as exc:
            out[name] = str(exc)
    return out


def accepted_by_both(cert: dict) -> None:
    got = verdicts(cert)
    assert set(got.values()) == {"accepted"}, got


def cert_of(text: str, winner: str, *answers) -> dict:
    return F.pg_cert(text, winner, [dict(a) for a in answers])


def honest(text: str, rng_seed: int = 0) -> dict:
    """A true certificate of the game ``text`` (answers recorded with minimax choices), checked."""
    game = parse_pg(text)
    winner = F.pg_truth(text)
    cert = F.pg_cert(text, winner, F.forged_questions(game, winner, random.Random(rng_seed)))
    accepted_by_both(cert)
    return cert


def book(root: dict, members: dict) -> dict:
    """A book (``forgers.save`` writes it as a zip): the root with its members."""
    root = copy.deepcopy(root)
    root["__members__"] = copy.deepcopy(members)
    return root


# == FINDING: all-replies marks on a full board (§4.10 with §4.15 residual links) ==================

# Black: {a, b} and {c, d}; schedule B W W B on four cells. Black takes a; white's two moves take b
# (and c or d): black cannot win (brute force: white). The forgery links the state (black a, t = 1)
# to (black c, white a b, t = 1): residual needs {{b}} and {{d}} (the set {c, d} needs 2 > 1 move
# at t = 1 in the first), the map d>b; legal by §3 (X's count 1 <= 1, Y's count free in residual
# games). There only d is free; the mark at t = 1 checks white's reply d, and the mark at t = 2 is a
# Y turn (t < 4) on a FULL board: no legal reply, so "every legal reply is checked" holds vacuously
# and the state is proved with carrier {}. The link maps the carrier {d} to {b}, and the start is
# "proved" with carrier {a, b}.
FULL_BOARD = "#times\nt0 t1 t2 t3\n#blackturns\nt0 t3\n#positions\na b c d\n#blackwins\na b\nc d\n"
FULL_BOARD_ANSWER = {"attacker": "black", "wins": True, "moves": [[0, "", "", "a"]],
                     "links": [[1, "a", "", "c", "a b", "d>b"]],
                     "replies": [[1, "c", "a b"], [2, "c", "a b d"]]}

# The same in a Maker-Maker game for white (X = white, a draw claimed as white's win): black's only
# set holds white's initial stone e, so black's reduced family is empty and white's game is residual.
FULL_BOARD_MM = ("#times\nt0 t1 t2 t3 t4\n#blackturns\nt1 t2 t4\n#positions\na b c d e f\n#whiteinitials\ne\n"
                 "#blackwins\ne f\n#whitewins\na b\nc d\n")
FULL_BOARD_MM_ANSWERS = [{"attacker": "black", "wins": False, "moves": []},
                         {"attacker": "white", "wins": True, "moves": [[0, "", "", "a"]],
                          "links": [[1, "", "a", "a b f", "c", "d>b"]],
                          "replies": [[1, "a b f", "c"], [2, "a b d f", "c"]]}]


def full_board_forgeries() -> dict:
    """name -> the certificate (a book's root carries its members)."""
    forged = cert_of(FULL_BOARD, "black", FULL_BOARD_ANSWER)
    return {
        "maker-breaker .pg": forged,
        "maker-maker, white": F.pg_cert(FULL_BOARD_MM, "white", copy.deepcopy(FULL_BOARD_MM_ANSWERS)),
        # the member of a book is walked by the same rules: a part at the start holding the forgery
        "book member": book(cert_of(FULL_BOARD, "black", {"attacker": "black", "wins": True, "moves": [],
                                                           "parts": [[0, "", "", "p.json"]]}),
                            {"p.json": forged}),
    }


def test_full_board_forgeries_are_false_and_need_every_piece():
    """The claims are false, and the forgery needs the vacuous mark: without the mark at t = 2 both
    checkers refuse (white's d leaves black no move at t = 3); without the link, too."""
    assert F.pg_truth(FULL_BOARD) == "white"
    assert F.pg_truth(FULL_BOARD_MM) == "draw"
    no_mark = copy.deepcopy(FULL_BOARD_ANSWER)
    no_mark["replies"] = no_mark["replies"][:1]
    refused_by_both(cert_of(FULL_BOARD, "black", no_mark))
    no_link = copy.deepcopy(FULL_BOARD_ANSWER)
    del no_link["links"]
    refused_by_both(cert_of(FULL_BOARD, "black", no_link))
    # the marked states are legal by §3 and reached only through the link (their white stones
    # outnumber white's time points: no play, with or without passes, reaches them)
    walk = kernel_proof.ProofWalk(parse_pg(FULL_BOARD), "black", lambda *a: 0)
    assert walk.residual and walk.before_y[1] == 0 and walk.before_y[2] == 1


@pytest.mark.parametrize("case", ["maker-breaker .pg", "maker-maker, white", "book member"])
@pytest.mark.parametrize("checker", ["kernel", "second"])
def test_full_board_all_replies_forgery_refused(checker, case):
    cert = full_board_forgeries()[case]
    assert F.truth(cert) is False
    check, refusals = F.checkers()[checker]
    with pytest.raises(refusals):
        check(copy.deepcopy(cert))


def test_full_board_not_reachable_in_alternating_games():
    """The hole needs two Y time points in a row: with an alternating schedule the board fills at
    an X turn (X must move: refused) or at the end (refused). The same forgery on B W B W (one
    Y move at t = 1, X at t = 2) is refused by both; Maker-Breaker hypergraph questions always
    alternate."""
    text = "#times\nt0 t1 t2 t3\n#blackturns\nt0 t2\n#positions\na b c d\n#blackwins\na b\nc d\n"
    assert F.pg_truth(text) == "white"
    refused_by_both(cert_of(text, "black", FULL_BOARD_ANSWER))


# == keyed links through automorphisms of wrongly reduced families (§4.1 with §4.15) ===============

def _image(perm: dict, mask: int) -> int:
    out = 0
    for i in bits(mask):
        out |= perm[1 << i]
    return out


def weakened_automorphism(kind: str):
    """A replacement for ``ProofWalk._automorphism`` accepting also the maps that carry the families
    reduced the WRONG way onto themselves (initial stones and #firstmoves still fixed):
    'one-short' (X's sets needing at most leftX(0) - 1 cells), 'other-count' (at most leftY(0)),
    'y-only' (X's family not compared)."""
    sound = kernel_proof.ProofWalk._automorphism

    def automorphism(self, cmap):
        if sound(self, cmap):
            return True
        game = self.game
        own0, opp0 = self.own_opp(*game.start())
        left = {"one-short": self.left_x[0] - 1, "other-count": self.left_y[0]}.get(kind, -1)
        xs = set(minimal_masks(s for s in game.sets(self.x) if not s & opp0 and (s & ~own0).bit_count() <= left))
        ys = set(self.ysets)
        return (len(cmap) == len(game.positions) and len(set(cmap.values())) == len(cmap)
                and all(_image(cmap, m) == m for m in (*game.start(), game.first_moves or 0))
                and all(_image(cmap, s) in xs for s in xs) and all(_image(cmap, s) in ys for s in ys))
    return automorphism


# (name, .pg text, claim, answers, the weakening that makes the kernel accept)
KEYED_LINKS = [
    # #firstmoves a b c keeps the game keyed. Black's minimal sets {b, c} and {c, d} need 2 = leftB(0):
    # reduced "one move short" nothing is left, so b<->c passes. Black's first move c is a double
    # threat (black wins); the refutation links (black c, t = 1) to (black b, t = 1), lost.
    ("one-short, refutation, #firstmoves",
     "#times\nt0 t1 t2 t3 t4\n#blackturns\nt0 t2 t4\n#positions\na b c d\n#firstmoves\na b c\n"
     "#blackwins\nb c d\nd c\nb d c\nc b a d\nb c\n", "white",
     [{"attacker": "black", "wins": False, "moves": [],
       "links": [[1, "c", "", "b", "", "a>a b>c c>b d>d"]]}], "one-short"),
    # Maker-Maker, black's initial stone d. Black's {a, b, d} needs 2 = leftB(0), white's one-cell
    # set {b}. At t = 2 (black b, white a: lost for black) the proof links to (black b, white c),
    # where black completes {a, b, d} at once, through a<->c: an automorphism of white's family and
    # of black's family reduced one move short (empty), not of black's {a, b, d}.
    ("one-short, proof, initial stone",
     "#times\nt0 t1 t2 t3\n#blackturns\nt0 t2\n#positions\na b c d e\n#blackinitials\nd\n#blackwins\nc a e\n"
     "b d a\n#whitewins\ne b\nb\na d e\n", "black",
     [{"attacker": "black", "wins": True, "moves": [],
       "links": [[2, "b", "a", "b", "c", "a>c b>b c>a d>d e>e"]]}], "one-short"),
    # A run of four black moves out of five time points, #firstmoves b a e, black's set {b, e}:
    # black wins (b then e). White has one time point: black's family reduced by white's count is
    # empty, so any map passes; the refutation sends black's first moves e and b to a.
    ("other-count, run of one colour",
     "#times\nt0 t1 t2 t3 t4 t5\n#blackturns\nt0 t1 t3 t4 t5\n#positions\na b c d e\n#firstmoves\nb a e\n"
     "#blackwins\nb e\n", "white",
     [{"attacker": "black", "wins": False, "moves": [],
       "links": [[1, "e", "", "a", "", "a>e b>a c>c d>d e>b"], [1, "b", "", "a", "", "a>b b>a c>c d>d e>e"]]}],
     "other-count"),
    # Maker-Maker, a draw claimed where white wins: white's d at t = 0 threatens b ({b, d}) and a
    # ({a, c, d}, c white's initial stone). White's sets need 2 = leftW(0), black has 1 time point:
    # white's family reduced by BLACK's count is empty, so a<->d passes, sending (white d) to the
    # lost (white a).
    ("other-count, maker-maker, white's question",
     "#times\nt0 t1 t2 t3 t4\n#blackturns\nt1\n#positions\na b c d\n#whiteinitials\nc\n#blackwins\na d\n"
     "#whitewins\nb d\nc a d\na c d\n", "draw",
     [{"attacker": "black", "wins": False, "moves": []},
      {"attacker": "white", "wins": False, "moves": [], "links": [[1, "", "d", "", "a", "a>d b>b c>c d>a"]]}],
     "other-count"),
    # A link at a PASS state (§4.9): white, to move at t = 0 and t = 1 (#firstmoves c f), passes at
    # both in the proof, so black's win at e has carrier {e}; white's reply e at t = 1 gives the
    # state (white e, t = 2), white holding 1 stone after 2 turns, linked to (white d, t = 2)
    # through d<->e, an automorphism of white's (empty) family only (black's {e} is not carried onto
    # itself). After white's e black's set is taken: black loses.
    ("y-only, link at a pass state",
     "#times\nt0 t1 t2 t3 t4\n#blackturns\nt2\n#positions\na b c d e f\n#firstmoves\nc f\n#blackwins\ne\n",
     "black",
     [{"attacker": "black", "wins": True, "moves": [], "links": [[2, "", "e", "", "d", "a>a b>b c>c d>e e>d f>f"]]}],
     "y-only"),
]


@pytest.mark.parametrize("case", KEYED_LINKS, ids=[c[0] for c in KEYED_LINKS])
def test_keyed_link_through_wrongly_reduced_automorphism(case):
    """§4.15 (keyed games: σ an automorphism of the families reduced as §4.1 says, initial stones
    and #firstmoves fixed). Each map is an automorphism of a family reduced another way; the
    claim is false, both checkers refuse."""
    _, text, claim, answers, _ = case
    assert F.pg_truth(text) != claim
    assert not kernel_proof.ProofWalk(parse_pg(text), answers[-1]["attacker"], lambda *a: 0).residual
    refused_by_both(cert_of(text, claim, *answers))


@pytest.mark.parametrize("case", KEYED_LINKS, ids=[c[0] for c in KEYED_LINKS])
def test_keyed_link_through_wrongly_reduced_automorphism_aimed(case, monkeypatch):
    """The same forgeries are aimed: with the kernel's automorphism test weakened that way, the
    kernel accepts each false claim (so the reduction by leftX(0), and the comparison of both
    families, is what refuses them)."""
    from verify.certificates.checker import check_certificate
    _, text, claim, answers, kind = case
    monkeypatch.setattr(kernel_proof.ProofWalk, "_automorphism", weakened_automorphism(kind))
    assert check_certificate(cert_of(text, claim, *answers)).verdict == {"winner": claim}


def test_keyed_link_to_a_part_aimed(monkeypatch):
    """§4.15 with §4.16: the target of the "one move short" link above is decided by a part, its
    member a true certificate of the game played on from the target (black completes {a, b, d}).
    Both checkers refuse the book at the link; with the kernel's automorphism test weakened the
    kernel follows the link, reads the part and accepts the false claim."""
    from verify.certificates.checker import check_file
    _, text, claim, answers, kind = KEYED_LINKS[1]
    game = parse_pg(text)
    target = pg.continued(game, game.mask(["b", "d"]), game.mask(["c"]), 2)
    member = honest(pg_to_text(target))
    answer = dict(answers[0], parts=[[2, "b", "c", "p.json"]])
    forged = book(cert_of(text, claim, answer), {"p.json": member})
    assert F.truth(forged) is False
    refused_by_both(forged)
    monkeypatch.setattr(kernel_proof.ProofWalk, "_automorphism", weakened_automorphism(kind))
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        assert check_file(F.save(F.Forgery("book", "", forged), tmp)).verdict == {"winner": claim}


# == books: parts that are true certificates of a neighbouring game (book.md rule 2) ===============

# White moves first and takes a: black cannot win (black's a is a double threat only if a is free).
ROOT = "#times\nt0 t1 t2 t3\n#blackturns\nt1 t3\n#positions\na b c d e\n#blackwins\na b\na c\n"

# (name, the member's game: a neighbour of ROOT where black wins)
NEIGHBOURS = [
    ("another schedule", ROOT.replace("#blackturns\nt1 t3", "#blackturns\nt0 t2")),
    ("one time point more for black", ROOT.replace("#blackturns\nt1 t3", "#blackturns\nt0 t1 t3")),
    ("a black initial stone", ROOT + "#blackinitials\na\n"),
    ("#firstmoves added", ROOT + "#firstmoves\nd e\n"),
    ("an extra black set", ROOT + "e\n"),
    ("the schedule one point shorter at the front", ROOT.replace("t0 t1 t2 t3", "t1 t2 t3")),
]


@pytest.mark.parametrize("name,variant", NEIGHBOURS, ids=[n for n, _ in NEIGHBOURS])
def test_part_at_the_start_from_a_neighbouring_game(name, variant):
    """A book whose root names one part at its start state; the member is a TRUE certificate of a
    game that differs from the root's in one respect (both checkers accept it alone). The root's
    claim is false; the member's game is not G_s (positions, families, stones, schedule,
    #firstmoves: compared by names), so both refuse."""
    assert F.pg_truth(ROOT) == "white" and F.pg_truth(variant) == "black"
    member = honest(variant)
    root = cert_of(ROOT, "black", {"attacker": "black", "wins": True, "moves": [], "parts": [[0, "", "", "p.json"]]})
    refused_by_both(book(root, {"p.json": member}))


def _root_with_parts(bad: dict) -> dict:
    """"black wins" on ROOT as a book: every white reply at t = 0 checked (``replies``) and each
    state after it a part, its member a true certificate of the game played on from that state,
    except those given in ``bad`` (white's reply -> member). Black wins after white's d or e only:
    after a, b or c the member must lie."""
    game = parse_pg(ROOT)
    parts, members = [], {}
    for cell in "abcde":
        name = f"after-{cell}.json"
        parts.append([1, "", cell, name])
        if cell in bad:
            members[name] = bad[cell]
            continue
        text = pg_to_text(pg.continued(game, 0, game.mask([cell]), 1))
        members[name] = honest(text)
    root = cert_of(ROOT, "black", {"attacker": "black", "wins": True, "moves": [], "replies": [[0, "", ""]],
                                   "parts": parts})
    return book(root, members)


def _after(cell: str, **change) -> str:
    """The .pg text of ROOT played on from white's reply ``cell`` (G_s at t = 1), changed."""
    game = parse_pg(ROOT)
    sub = pg.continued(game, change.get("black", 0), change.get("white", game.mask([cell])), change.get("t", 1))
    return pg_to_text(sub)


def test_parts_after_a_reply_lie_about_the_state():
    """book.md rule 2 at t = 1: the members for white's losing replies a, b, c are true
    certificates of neighbouring states: white's stone given to black (colours swapped), white's
    stone forgotten (the pass state's game), another reply's state (the members of d and e swapped
    onto a, b). Each book is refused by both; the honest parts alone are not enough (control: the
    book with the members of the states themselves, which claim white, is refused too)."""
    game = parse_pg(ROOT)
    assert F.pg_truth(ROOT) == "white"
    for cell in "abc":
        assert F.pg_truth(_after(cell)) == "white"
    swapped = honest(_after("a", black=game.mask(["a"]), white=0))  # black holds a: black wins
    forgot = honest(_after("a", white=0))  # nobody holds a: black wins
    other = honest(_after("d"))
    for bad in ({"a": swapped, "b": honest(_after("b", black=game.mask(["b"]), white=0)),
                 "c": honest(_after("c", black=game.mask(["c"]), white=0))},
                {"a": forgot, "b": forgot, "c": forgot},
                {"a": other, "b": honest(_after("e")), "c": copy.deepcopy(other)}):
        assert all(F.pg_truth(m["instance"]["pg"]) == "black" for m in bad.values())
        refused_by_both(_root_with_parts(bad))
    refused_by_both(_root_with_parts({c: honest(_after(c)) for c in "abc"}))


def test_part_member_described_differently_but_the_same_game():
    """Control (true claims): book.md compares a member's game by names, so a member listing the
    positions in another order and time points past the truncation (the schedule is cut to the
    free cells) is about G_s, and both checkers accept the book."""
    text = "#times\nt0 t1 t2 t3 t4\n#blackturns\nt0 t2\n#positions\na b c d e\n#blackwins\na b\na c\n"
    assert F.pg_truth(text) == "black"
    member = honest(text)
    member_text = text.replace("a b c d e", "e d c b a").replace("t0 t1 t2 t3 t4", "t0 t1 t2 t3 t4 t5 t6")
    member["instance"] = {"pg": member_text}
    member["claim"]["question"] = F.pg_cert(member_text, "black")["claim"]["question"]
    root = cert_of(text, "black", {"attacker": "black", "wins": True, "moves": [], "parts": [[0, "", "", "p.json"]]})
    accepted_by_both(book(root, {"p.json": member}))


# == books: the container (book.md, Container) ======================================================

def _zip(path, root: dict, members) -> str:
    """A book at ``path`` written as given: ``members`` is a list of (name, JSON), names unchecked
    and possibly repeated."""
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # zipfile warns about a repeated name
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("certificate.json", json.dumps(root))
            for name, member in members:
                z.writestr(name, json.dumps(member))
    return str(path)


def _book_refusals(path) -> dict:
    from verify import second_opinion
    from verify.certificates.checker import check_file
    from verify.errors import CertificateError
    out = {}
    for name, check, refusal in (("kernel", check_file, CertificateError),
                                 ("second", second_opinion.check_path, second_opinion.Refused)):
        try:
            check(path)
        except refusal as exc:
            out[name] = str(exc)
            continue
        raise AssertionError(f"{name} ACCEPTED the book {path}")
    return out


TRICK_NAMES = ["./p.json", "../p.json", "sub/p.json", "/p.json", ".p.json", "p..json", "p.JSON", " p.json",
               "p.json ", "p\u00e9.json", "p.json\\", "certificate.json/p.json"]


@pytest.mark.parametrize("name", TRICK_NAMES)
def test_member_names_with_path_tricks(name, tmp_path):
    """book.md (Container: plain *.json names without '..'): the member is the full-board forgery
    above (both checkers accept it when it is read, see the FINDING), stored and named by a part
    under a name with a path trick. Both refuse the book for its name before reading it."""
    root = cert_of(FULL_BOARD, "black", {"attacker": "black", "wins": True, "moves": [],
                                         "parts": [[0, "", "", name]]})
    got = _book_refusals(_zip(tmp_path / "b.zip", root, [(name, full_board_forgeries()["maker-breaker .pg"])]))
    assert all("name" in m for m in got.values()), got


def test_member_listed_twice_or_the_root_named(tmp_path):
    """A zip holding the member name twice (an honest certificate of another game first, the
    forgery second: which one a reader takes is the zip library's choice), and a part naming the
    root itself (a root "proved" by itself): refused by both."""
    forged = full_board_forgeries()["maker-breaker .pg"]
    root = cert_of(FULL_BOARD, "black", {"attacker": "black", "wins": True, "moves": [],
                                         "parts": [[0, "", "", "p.json"]]})
    got = _book_refusals(_zip(tmp_path / "twice.zip", root, [("p.json", honest(ROOT)), ("p.json", forged)]))
    assert all("twice" in m for m in got.values()), got
    got = _book_refusals(_zip(tmp_path / "root.zip", root, [("certificate.json", forged)]))
    assert all("twice" in m for m in got.values()), got
    selfish = cert_of(FULL_BOARD, "black", {"attacker": "black", "wins": True, "moves": [],
                                            "parts": [[0, "", "", "certificate.json"]]})
    got = _book_refusals(_zip(tmp_path / "self.zip", selfish, []))
    assert all("no member" in m for m in got.values()), got


# == books: a part where the game is over (the part rule comes before the end tests in a proof) ====

def test_part_at_a_finished_state():
    """book.md (the part is read before "Y holds a set" and "the schedule has ended" in a proof):
    (i) a part at t = len(schedule) whose member gives black one more time point; (ii) a part at
    the start of a Maker-Maker game that white has already won (white's initial stone d is its
    set), whose member drops white's set. Both members are true certificates of their own games;
    both books are refused."""
    ended = "#times\nt0 t1\n#blackturns\nt0\n#positions\na b c\n#blackwins\na b\na c\n"
    assert F.pg_truth(ended) == "white"
    members = {}
    for cell in "bc":
        text = "#times\nt1\n#blackturns\nt1\n#positions\na b c\n#blackinitials\na\n#whiteinitials\n" + cell + \
            "\n#blackwins\na b\na c\n"
        members[f"{cell}.json"] = honest(text)
    root = cert_of(ended, "black", {"attacker": "black", "wins": True, "moves": [[0, "", "", "a"]],
                                    "replies": [[1, "a", ""]],
                                    "parts": [[2, "a", "b", "b.json"], [2, "a", "c", "c.json"]]})
    refused_by_both(book(root, members))
    won = ("#times\nt0 t1 t2\n#blackturns\nt0 t2\n#positions\na b c d\n#whiteinitials\nd\n#blackwins\na b\na c\n"
           "#whitewins\nd\n")
    assert F.pg_truth(won) == "white"
    member = honest(won.replace("#whitewins\nd\n", "#whitewins\n"))
    assert member["claim"]["verdict"] == {"winner": "black"}
    root = cert_of(won, "black", {"attacker": "black", "wins": True, "moves": [], "parts": [[0, "", "", "p.json"]]})
    refused_by_both(book(root, {"p.json": member}))


# == threat lines with #firstmoves (§4.13 (i)) =======================================================

def test_threat_line_starting_off_the_first_moves():
    """§4.13 (i): a1 must be legal at t. With #firstmoves d e, black's first stone cannot be a, so
    the double threat a (on {a, b} and {a, c}) is not available and white wins; the one-move line
    "a" at t = 0 is refused by both. Control: when white moves first (at t = 0, on d or e), the
    same line at black's first time point t = 1 (after white's pass: the carrier {a, b, c} holds
    no legal white move) is accepted by both."""
    text = "#times\nt0 t1 t2\n#blackturns\nt0 t2\n#positions\na b c d e\n#firstmoves\nd e\n#blackwins\na b\na c\n"
    assert F.pg_truth(text) == "white"
    refused_by_both(cert_of(text, "black", {"attacker": "black", "wins": True, "moves": [],
                                            "lines": [[0, "", "", "a"]]}))
    later = "#times\nt0 t1 t2 t3\n#blackturns\nt1 t3\n#positions\na b c d e\n#firstmoves\nd e\n#blackwins\na b\na c\n"
    assert F.pg_truth(later) == "black"
    accepted_by_both(cert_of(later, "black", {"attacker": "black", "wins": True, "moves": [],
                                              "lines": [[1, "", "", "a"]]}))


# == a sweep: wrongly reduced automorphisms on random keyed games ==================================

def _random_games(rng, count: int, cells: int):
    """(text, game) of ``count`` random .pg games of at most ``cells`` cells
    (``test_certificate_adversarial.random_pg``; descriptions the reader refuses are skipped)."""
    from test_certificate_adversarial import random_pg
    from verify.errors import InputError
    found = 0
    while found < count:
        text = random_pg(rng, cells)
        try:
            game = parse_pg(text)
        except InputError:
            continue
        found += 1
        yield text, game


def _wrong_maps(game, attacker: str, kind: str) -> list:
    """The permutations of the cells that the weakened test of ``kind`` accepts and the sound one
    refuses (games of at most 6 cells)."""
    walk = kernel_proof.ProofWalk(game, attacker, lambda *a: 0)
    n = len(game.positions)
    if walk.residual or n > 6:
        return []
    weak, sound = weakened_automorphism(kind), kernel_proof.ProofWalk._automorphism
    out = []
    for p in itertools.permutations(range(n)):
        cmap = {1 << i: 1 << p[i] for i in range(n)}
        if weak(walk, cmap) and not sound(walk, cmap):
            out.append(cmap)
    return out


def _wrong_link_policy(maps, pass_states_only: bool):
    """Link each state where the claim fails to a legal preimage under one of ``maps`` where it holds."""
    from verify.errors import CertificateError

    def policy(rec, b, w, t):
        if rec.oracle.wins(b, w, t) == rec.wins:
            return None
        if pass_states_only:
            _, opp = rec.own_opp(b, w)
            _, opp0 = rec.own_opp(*rec.game.start())
            if (opp & ~opp0).bit_count() >= rec.walk.before_y[t]:
                return None
        for cmap in maps:
            inv = {v: k for k, v in cmap.items()}
            lb, lw = _image(inv, b), _image(inv, w)
            if (lb, lw) == (b, w):
                continue
            try:
                rec.walk.check_legal(lb, lw, t)
            except CertificateError:
                continue
            if rec.oracle.wins(lb, lw, t) == rec.wins:
                return (lb, lw), cmap
        return None
    return policy


def test_sweep_wrongly_reduced_automorphism_links(monkeypatch):
    """§4.15 on random small keyed games (``test_certificate_adversarial.random_pg``, seed fixed):
    for each attacker, an answer for the wrong side recorded with links through every map that
    one weakened automorphism test accepts and the sound one refuses (kinds of
    :func:`weakened_automorphism`; 'y-only' at pass states only), the other needed answers
    recorded honestly. The certificates the weakened kernel accepts are aimed forgeries of false
    claims: both real checkers must refuse every one."""
    from verify.certificates.checker import check_certificate
    from verify.errors import CertificateError
    rng = random.Random(20261129)
    aimed = []
    for text, game in _random_games(rng, 160, 6):
        truth = F.pg_truth(text)
        for attacker in (pg.BLACK, pg.WHITE) if game.maker_maker else (pg.BLACK,):
            for kind in ("one-short", "other-count", "y-only"):
                maps = _wrong_maps(game, attacker, kind)
                if not maps:
                    continue
                with monkeypatch.context() as m:
                    m.setattr(kernel_proof.ProofWalk, "_automorphism", weakened_automorphism(kind))
                    wins = not F.Oracle(game, attacker).wins(*game.start(), 0)
                    forged = F.forge_answer(game, attacker, wins, rng,
                                            link=_wrong_link_policy(maps, kind == "y-only"))
                    if "links" not in forged:
                        continue
                    for claim in F.other_winners(game, truth):
                        needed = F.needed_answers(game, claim)
                        if (attacker, wins) not in needed:
                            continue
                        answers = [forged if a == attacker else F.forge_answer(game, a, w, rng) for a, w in needed]
                        cert = F.pg_cert(text, claim, copy.deepcopy(answers))
                        try:
                            check_certificate(copy.deepcopy(cert))
                        except CertificateError:
                            continue
                        aimed.append((kind, cert))
    assert len(aimed) >= 10 and {k for k, _ in aimed} == {"one-short", "other-count", "y-only"}, \
        [k for k, _ in aimed]
    for _, cert in aimed:
        assert F.truth(cert) is False
        refused_by_both(cert)


# == disagreements on TRUE claims (reported; strict xfail until the two readers agree) =============

def _outcomes(cert: dict) -> dict:
    return {name: "accepted" if message == "accepted" else "refused" for name, message in verdicts(cert).items()}


@pytest.mark.parametrize("edit", ["version 2.0", "name starting with #"])
def test_disagreement_pg_text_read_alike(edit):
    """A true certificate (the search's proof that black wins) of a .pg text with a ``#version``
    line other than 1.0, or with a position named ``#x`` listed after another name: brute force
    reads the game (black wins); both checkers refuse the instance (pg-proof.md §1: the reading
    rules refuse both; the second checker once read them)."""
    from verify.second_opinion import pg as second_pg
    from verify.solvers import solve
    text = "#times\nt0 t1 t2\n#blackturns\nt0 t2\n#positions\na b c d\n#blackwins\na b\na c\n"
    cert = solve("pg", parse_pg(text), "search", certificate=True).certificate
    edited = "#version\n2.0\n" + text if edit == "version 2.0" else text.replace("a b c d", "a b c d #x")
    cert["instance"] = {"pg": edited}
    with pytest.raises(Exception, match="#version 1.0|starting with '#'"):  # both readers refuse the text
        second_pg.parse_pg(edited)
    assert F.truth(cert) is True
    got = _outcomes(cert)
    assert got["kernel"] == got["second"] == "refused", got


def test_disagreement_book_recognised_alike(tmp_path):
    """A true book (a part at the start whose member is the game's own true certificate) saved as
    ``book.json``: ``verify check`` accepts it, ``python -m verify.second_opinion`` refuses it."""
    from verify import second_opinion
    from verify.certificates.checker import check_file
    text = "#times\nt0 t1 t2\n#blackturns\nt0 t2\n#positions\na b c d\n#blackwins\na b\na c\n"
    member = honest(text)
    root = cert_of(text, "black", {"attacker": "black", "wins": True, "moves": [], "parts": [[0, "", "", "p.json"]]})
    for name in ("book.zip", "book.json"):
        path = _zip(tmp_path / name, root, [("p.json", member)])
        assert check_file(path).verdict == {"winner": "black"}
        assert second_opinion.check_path(path).verdict == {"winner": "black"}


# == a local audit: every step of both checkers on every legal state of small games ================

class _Judge:
    """Minimax (``forgers.Oracle``) of "X wins" and of carriers: C is *valid* at a won state if X
    still wins with any extra Y stones off C (the carrier lemma, §4.9)."""

    def __init__(self, game, x):
        self.game, self.x, self.oracle = game, x, F.Oracle(game, x)
        self.cache: dict = {}

    def wins(self, b, w, t) -> bool:
        return self.oracle.wins(b, w, t)

    def valid(self, b, w, t, carrier) -> bool:
        rest = [1 << i for i in bits(self.game.full_mask & ~b & ~w & ~carrier)]
        extra = (sum(e) for k in range(len(rest) + 1) for e in itertools.combinations(rest, k))
        return all(self.wins(*((b, w | e) if self.x == pg.BLACK else (b | e, w)), t) for e in extra)

    def least_carrier(self, b, w, t) -> int:
        """A smallest valid carrier (what the strongest forger could hand a parent)."""
        if (b, w, t) not in self.cache:
            free = [1 << i for i in bits(self.game.full_mask & ~b & ~w)]
            self.cache[(b, w, t)] = next(sum(c) for k in range(len(free) + 1)
                                         for c in itertools.combinations(free, k) if self.valid(b, w, t, sum(c)))
        return self.cache[(b, w, t)]


def _audit(text: str, x: str) -> list:
    """The unsound steps of each checker on the game ``text`` for attacker X: at every legal state
    (§3) every proof step (each recorded move, each threat line of 1-3 cells, the pass rule, an
    all-replies mark) fed the smallest valid carriers must prove a won state with a valid carrier
    (t > 0: carriers are used at t > 0 only), and every refutation step (each recorded Y move,
    with and without ``components``) whose successors are all lost must be at a lost state, and no
    pairing may be accepted at a won state."""
    from verify.errors import CertificateError
    from verify.second_opinion import pg as second_pg
    from verify.second_opinion.envelope import Refused
    from verify.second_opinion.pg_proof import Walk
    game = parse_pg(text)
    judge = _Judge(game, x)
    kernel = kernel_proof.ProofWalk(game, x, lambda *a: kernel.choice, split=True)
    second = Walk(second_pg.parse_pg(text), x, {"attacker": x, "wins": True, "moves": []})
    cells = lambda mask: frozenset(bits(mask))  # noqa: E731
    mask = lambda cs: sum(1 << c for c in cs)  # noqa: E731
    sched, found = game.schedule(), []
    b0, w0 = game.start()
    free0 = [1 << i for i in bits(game.free_mask())]
    for t in range(len(sched) + 1):
        for colours in itertools.product((0, 1, 2), repeat=len(free0)):
            b = b0 | sum(c for c, k in zip(free0, colours) if k == 1)
            w = w0 | sum(c for c, k in zip(free0, colours) if k == 2)
            try:
                kernel.check_legal(b, w, t)
            except CertificateError:
                continue
            won, free = judge.wins(b, w, t), game.full_mask & ~b & ~w
            legal = free & game.first_moves if t == 0 and game.first_moves is not None else free
            state = (cells(b), cells(w), t)
            packed = second.pack(state)
            x_turn = t < len(sched) and sched[t] == x
            options = ([("move", 1 << i) for i in bits(legal)]
                       + [("line", list(ln)) for k in (1, 2, 3)
                          for ln in itertools.permutations([1 << i for i in bits(free)], k)]
                       if x_turn else [("pass", None), ("replies", None)])
            for what, value in options:
                for name in ("kernel", "second"):
                    if name == "kernel":
                        kernel.choice = value if what == "move" else 0
                        kernel.threat_line = (lambda *a: value) if what == "line" else None
                        kernel.replies = (lambda *a: True) if what == "replies" else None
                        step, feed, back, refusal = kernel._prove(b, w, t), (lambda s: judge.least_carrier(*s)), \
                            (lambda s: s), CertificateError
                    else:
                        second.moves = {packed: (value & -value).bit_length() - 1} if what == "move" else {}
                        second.lines = {packed: tuple(c.bit_length() - 1 for c in value)} if what == "line" else {}
                        second.replies = {packed: True} if what == "replies" else {}
                        step, refusal = second.prove_step(state, packed), Refused
                        feed = lambda s: cells(judge.least_carrier(*s))  # noqa: E731
                        back = lambda s: (mask(s[0]), mask(s[1]), s[2])  # noqa: E731
                    sent, carrier = None, None
                    try:
                        while True:
                            asked = back(step.send(sent))
                            if not judge.wins(*asked):
                                break  # a step below is lost: nothing to audit
                            sent = feed(asked)
                    except StopIteration as done:
                        carrier = done.value if name == "kernel" else mask(done.value)
                    except refusal:
                        pass
                    if carrier is not None and (not won or (t and not judge.valid(b, w, t, carrier))):
                        found.append((name, what, game.names(b), game.names(w), t, not legal))
            kernel.choice = 0
            kernel.threat_line = kernel.replies = None
            for split in (False, True):
                kernel.split = second.split = split
                for y_move in ([1 << i for i in bits(legal)] or [0]) if not x_turn else [0]:
                    kernel.choice = y_move
                    second.moves = {packed: y_move.bit_length() - 1} if y_move else {}
                    for name in ("kernel", "second"):
                        try:
                            succ = kernel._refute_step(b, w, t) if name == "kernel" else \
                                [(mask(s[0]), mask(s[1]), s[2]) for s in second.refute_step(state, packed)]
                        except (CertificateError, Refused):
                            continue
                        if won and not any(judge.wins(*s) for s in succ):
                            found.append((name, "refutation step", game.names(b), game.names(w), t, split))
            if won and t < len(sched):
                own, opp = kernel.own_opp(b, w)
                needs = kernel._needs(kernel.xsets, own, opp, kernel.left_x[t])
                for pairs in _matchings([1 << i for i in bits(free)]):
                    for name in ("kernel", "second"):
                        try:
                            if name == "kernel":
                                kernel._check_pairing(b, w, t, needs, pairs)
                            else:
                                second.pairing_holds(state, [cells(n) for n in needs], [cells(p) for p in pairs])
                        except (CertificateError, Refused):
                            continue
                        found.append((name, "pairing", game.names(b), game.names(w), t, pairs))
    return found


def _matchings(cells: list):
    """Every nonempty set of disjoint pairs of ``cells`` (as masks)."""
    def go(rest):
        if not rest:
            yield []
            return
        yield from go(rest[1:])
        for j in range(1, len(rest)):
            for more in go(rest[1:j] + rest[j + 1:]):
                yield [rest[0] | rest[j]] + more
    return (m for m in go(cells) if m)


def test_every_step_is_locally_sound():
    """Both checkers, every rule at every legal state of 120 random games of at most 6 cells: the
    only unsound step is the FINDING's (an all-replies mark where Y has no legal reply)."""
    for text, game in _random_games(random.Random(7), 120, 6):
        for x in (pg.BLACK, pg.WHITE) if game.maker_maker else (pg.BLACK,):
            unsound = _audit(text, x)
            assert all(what == "replies" and no_legal for _, what, *_, no_legal in unsound), (text, x, unsound)
