"""Seeing and replaying every certificate (issue 34, deliverable 6): the strategist's next move of a
``pg-proof`` (compact proof trees, books), a ``maker-breaker-rounds`` tree and the other
compositional Maker-Breaker kinds is derived by :mod:`verify.draw.follow` through the checker's own
walk; ``verify draw --position`` and ``verify play`` both use it.

On small boards every opponent line is played against the derived moves (exhaustively) and the
certificate's claim is judged on the finished game by the rules (:mod:`verify.games`): a win claim
means the strategist wins every game; a refutation or a claimed draw that the opponent never wins."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import verify
from verify.cli import main
from verify.draw import board_of, from_certificate, load
from verify.draw.follow import CertifiedPlay
from verify.errors import InputError, NotApplicable, NotReplayable
from verify.play.referee import Referee

ROOT = Path(__file__).resolve().parent.parent
EX = ROOT / "examples"

SEARCH = {
    "ttt3-maker": ["maker-breaker", EX / "tic-tac-toe-3.txt"],
    "ttt3-breaker": ["maker-breaker", EX / "tic-tac-toe-3.txt", "--first", "breaker"],
    "k5-3": ["maker-breaker", EX / "K5-3.json"],
    "fano-maker": ["maker-breaker", EX / "fano.txt"],
    "fano-breaker": ["maker-breaker", EX / "fano.txt", "--first", "breaker"],
    "ap-5-3-race": ["pg", EX / "classical/ap-5-3-race.pg"],
    "tippy-race-4": ["pg", EX / "classical/tippy-3x3-race-4.pg"],
    "elly-race": ["pg", EX / "classical/elly-3x3-race.pg"],
}


@pytest.fixture(scope="module")
def certs(tmp_path_factory):
    """pg-proof certificates written by ``verify solve ... --method search --certificate``."""
    d = tmp_path_factory.mktemp("replay")
    out = {}
    for name, args in SEARCH.items():
        p = d / f"{name}.json"
        assert main(["solve", *map(str, args), "--method", "search", "--certificate", str(p)]) == 0
        out[name] = p
    return out


@pytest.fixture(scope="module")
def rank3(tmp_path_factory):
    """Compositional certificates of the structural route, forced to compose at every size."""
    from verify.families import family
    from verify.games.maker_breaker import MakerBreakerGame
    from verify.solvers.rank3 import certify
    from verify.solvers.rank3.solver import Rank3Options
    d = tmp_path_factory.mktemp("rank3")
    old, certify.SMALL = certify.SMALL, 0
    out = {}
    try:
        for name, spec, first in [("ttt3-rounds", ("tic-tac-toe", 3), "maker"),
                                  ("extra-rounds", ("rank3-extra", 13, 3, 2), "maker"),
                                  ("extra-sub", ("rank3-extra", 13, 2, 5), "maker"),
                                  ("ttt3-opening", ("tic-tac-toe", 3), "breaker"),
                                  ("pairs-opening", ("rank3-pairs", 4, 1, 0), "breaker")]:
            cert = certify.certificate(MakerBreakerGame(family(*spec), first), Rank3Options(structural_only=True))
            p = d / f"{name}.json"
            p.write_text(json.dumps(cert))
            out[name] = p
    finally:
        certify.SMALL = old
    return out


def _cert(path) -> dict:
    return json.loads(Path(path).read_text())


def _judge(play, who: str, result: str, proves: bool) -> bool:
    return result == who if proves else result != next(r for r in play.roles if r != who)


def _proves(cert: dict) -> bool:
    """Does the certificate claim a win (not a draw or a refutation played by the defender)?"""
    if cert["kind"] != "pg-proof":
        return True
    return any(q["wins"] for q in cert["questions"])


def every_game_drawn(play: CertifiedPlay, proves: bool, cap: int = 200_000) -> int:
    """Every opponent line against the next move ``draw --position`` shows (the Play's advice)."""
    stack, games = [play.start()], 0
    while stack:
        s = stack.pop()
        result = play.over(s)
        if result is not None:
            assert _judge(play, play.who, result, proves), (s[1], result)
            games += 1
            assert games < cap
            continue
        if play.to_move(s) == play.who:
            v = play.advice(s)
            assert v is not None and v in play.legal(s), (s[1], v)
            stack.append(play.play(s, v))
        else:
            stack.extend(play.play(s, v) for v in play.legal(s))
    return games


def every_game_played(ref: Referee, proves: bool, cap: int = 200_000) -> int:
    """Every opponent line against ``verify play``'s referee."""
    stack, games = [[]], 0
    while stack:
        line = ref.replay(stack.pop())
        if line.result is not None:
            assert _judge(ref.play, ref.who, line.result, proves), (line.moves, line.result)
            games += 1
            assert games < cap
            continue
        stack.extend(line.moves + [v] for v in ref.play.legal(line.state))
    return games


@pytest.mark.parametrize("name", list(SEARCH))
def test_pg_proof_every_line_drawn(certs, name):
    cert = _cert(certs[name])
    assert cert["kind"] == "pg-proof"
    verify.check(verify.Certificate(cert))
    play = from_certificate(cert, name)
    assert isinstance(play, CertifiedPlay)
    assert every_game_drawn(play, _proves(cert)) > 0


@pytest.mark.parametrize("name", ["ttt3-maker", "fano-breaker", "tippy-race-4"])
def test_pg_proof_every_line_played(certs, name):
    cert = _cert(certs[name])
    assert every_game_played(Referee(cert), _proves(cert)) > 0


@pytest.mark.parametrize("name", ["ttt3-rounds", "extra-rounds", "extra-sub", "ttt3-opening", "pairs-opening"])
def test_compositional_every_line(rank3, name):
    cert = _cert(rank3[name])
    assert cert["kind"].startswith("maker-breaker-")
    verify.check(verify.Certificate(cert))
    assert every_game_drawn(from_certificate(cert, name), True) > 0
    assert every_game_played(Referee(cert), True) > 0


def test_rounds_leaves_are_structures(rank3):
    """The rounds trees tested above end in leaf structures (necklaces) the follower plays by their
    definition, not in embedded certificates."""
    cert = _cert(rank3["ttt3-rounds"])
    assert cert["kind"] == "maker-breaker-rounds"
    assert '"necklace"' in json.dumps(cert["tree"])


def test_book_parts_and_replies(tmp_path):
    """A book (zip): its root's Y turns are marked 'replies' and its parts are members, whose walks
    take over when a game reaches them."""
    book = tmp_path / "ttt.zip"
    assert main(["solve", "maker-breaker", str(EX / "tic-tac-toe-3.txt"), "--method", "search",
                 "--certificate", str(book)]) == 0
    ref = Referee.from_file(book)
    assert every_game_played(ref, True) == 72
    play = load(book)
    assert every_game_drawn(play, True) == 72
    out = tmp_path / "b.svg"
    assert main(["draw", str(book), "--position", "b2", "-o", str(out)]) == 0


def test_cli_draw_position(certs, rank3, tmp_path, capsys):
    for path in (certs["ttt3-maker"], certs["elly-race"], rank3["ttt3-rounds"], rank3["extra-sub"]):
        play = load(path)
        moves = [] if play.to_move(play.start()) == play.who else [play.legal(play.start())[0]]
        nxt = board_of(play, moves).next_move
        assert nxt is not None
        out = tmp_path / f"{Path(path).stem}.svg"
        assert main(["draw", str(path), "--position", ",".join(moves + [nxt]), "-o", str(out)]) == 0
        assert out.read_text().startswith("<?xml")
        # after the strategist's move and any reply, the next move is shown again
        s = play.play(play.start(), moves[0]) if moves else play.start()
        s = play.play(s, nxt)
        if play.over(s) is None:
            reply = play.legal(s)[0]
            assert board_of(play, moves + [nxt, reply]).next_move is not None or play.over(play.play(s, reply))


def test_off_strategy_shows_no_move(certs):
    play = load(certs["ttt3-maker"])
    certified = board_of(play).next_move
    other = next(v for v in play.legal(play.start()) if v != certified)
    s = play.play(play.start(), other)
    s = play.play(s, play.legal(s)[0])
    board = play.board(s)
    assert board.next_move is None and any("left its certified strategy" in c for c in board.caption)


def test_api_errors_name_no_flag(certs):
    board = verify.picture(verify.Certificate.read(certs["fano-maker"]), [])
    assert board.next_move is not None
    with pytest.raises(NotReplayable) as exc:
        verify.picture(str(EX / "hypernim/c4.json"), ["1"])
    assert "--" not in str(exc.value)
    assert isinstance(exc.value, InputError)


def test_cli_maps_the_error(capsys):
    assert main(["draw", str(EX / "hypernim/c4.json"), "--position", "1", "-o", "x.svg"]) == 2
    assert "no moves to replay (--position)" in capsys.readouterr().err


def test_unplayable_kinds_say_why(rank3):
    with pytest.raises(NotApplicable, match="records no strategy"):
        Referee(_cert(ROOT / "proofs/impartial/fano-acv.json"))
