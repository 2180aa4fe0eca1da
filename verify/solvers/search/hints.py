"""Strategy hints: a published table of the attacker's moves guiding the builder of a ``pg-proof``.

A *hint table* maps positions at the attacker's turn, up to the game's automorphisms, to the
attacker's move. The builder walks the proof with the checker's own rules
(:class:`verify.certificates.proof.ProofWalk`) and takes the attacker's move from the table where
the position's class is in it, from the proof search elsewhere (where the table's author says a
forced win exists); every move is then checked like any other, so a hint is never trusted: a wrong
or missing one makes the build fail (the search finds no win), never a certificate accepted.

The table read here is Oren Patashnik's Qubic dictionary (O. Patashnik, "Qubic: 4x4x4
Tic-Tac-Toe", Mathematics Magazine 53:4 (1980) 202-216; 2,929 strategic moves of the first player,
put in this form by Ken Thompson in 1978; distributed with the header "Anyone may use this
dictionary as long its moves are unchanged and as long as its source is credited"; a public copy:
github.com/Quuxplusone/RecreationalMath, HararyTicTacToe/qubic.dictionary, A. O'Dwyer 2025). Its
protocol (its header): win at once if possible, else block the second player's three-in-a-row,
else play the dictionary's move if the position is in it, else "execute a forced win (one must
exist)". The walk's order is the same: immediate wins and forced blocks are the checker's derived
moves, and the forced wins are found by the race kernel's threat-space search through the second
player's counter-threats (:mod:`verify.solvers.search.kernel_race`).

Format: a header, a line of dashes, then one line per move: a position (``x`` and ``o`` for the
players' cells, numbers for runs of empty cells, cells 0..63 in order, the rest empty) and the
move (0..63). Cell ``16·l + 4·r + c`` is ``(l+1).(r+1).(c+1)`` of ``verify family qubic``.
"""
from __future__ import annotations

from ...errors import InputError
from ...games import positional as pg

#: the dictionary's header ends at a line of dashes
SEPARATOR = "-----"
#: the race kernel's threat-space search for the forced wins where the dictionary ends: lines of up
#: to 32 threats; at the asked state iterative deepening (2, 4, ... threats) with 2^22 positions a
#: depth, 2^12 at the nodes below (``root_tss_budget``, ``tss_budget`` of
#: :class:`verify.solvers.search.fast.FastProofSearch`). A depth-first search to 32 threats spent
#: 64 M positions without finding one of Patashnik's forced wins that deepening finds at 6 threats
#: in 9 k; a large budget at every node instead stalled the build for minutes (2026-11-28)
QUBIC_TSS_DEPTH = 32
QUBIC_ROOT_TSS_BUDGET = 1 << 22
QUBIC_TSS_BUDGET = 1 << 12


def read_patashnik(text: str) -> list[tuple[int, int, int]]:
    """The dictionary's entries as (first player's cells, second player's cells, move), cell masks
    over 0..63; InputError naming the first malformed line."""
    lines = text.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith(SEPARATOR)), None)
    if start is None:
        raise InputError("not a Patashnik dictionary: no line of dashes ends a header")
    entries = []
    for number, line in enumerate(lines[start + 1:], start + 2):
        if not line.strip():
            continue
        parts = line.split()
        if len(parts) == 1:
            position, move = "", parts[0]
        elif len(parts) == 2:
            position, move = parts
        else:
            raise InputError(f"dictionary line {number}: expected a position and a move")
        x = o = 0
        cell, digits = 0, ""
        for ch in position + "$":
            if ch.isdigit():
                digits += ch
                continue
            if digits:
                cell, digits = cell + int(digits), ""
            if ch in "xo":
                if cell >= 64:
                    raise InputError(f"dictionary line {number}: the position runs past cell 63")
                if ch == "x":
                    x |= 1 << cell
                else:
                    o |= 1 << cell
                cell += 1
            elif ch != "$":
                raise InputError(f"dictionary line {number}: unexpected {ch!r}")
        if not move.isdigit() or not 0 <= int(move) < 64 or (x | o) >> int(move) & 1:
            raise InputError(f"dictionary line {number}: the move {move!r} is not a free cell 0-63")
        if x.bit_count() != o.bit_count():
            raise InputError(f"dictionary line {number}: the first player's turn needs as many x as o")
        entries.append((x, o, 1 << int(move)))
    return entries


class StrategyHints:
    """The attacker's moves of a hint table, looked up up to the game's automorphisms
    (:func:`verify.solvers.search.symmetry.canonicaliser`): ``get((b, w, t))`` is the move at the
    attacker's turn t of the state (b, w) if its class is in the table, else 0 (the interface of the
    builder's ``known`` choices). ``entries``: (attacker's cells, defender's cells, move) masks."""

    def __init__(self, game: pg.PositionalGame, attacker: str, entries):
        from .symmetry import canonicaliser
        self.sched, self.attacker = game.schedule(), attacker
        self.canon = canonicaliser(game) or (lambda b, w: (b, w, None))
        self.moves: dict = {}
        for own, opp, move in entries:
            b, w = (own, opp) if attacker == pg.BLACK else (opp, own)
            cb, cw, p = self.canon(b, w)
            cell = move.bit_length() - 1
            self.moves.setdefault((cb, cw), p[cell] if p else cell)  # the move in the class's frame
        self.last = (None, 0)  # the builder asks twice in a row about a state (line, then choice)

    def get(self, state, default=0):
        b, w, t = state
        if t >= len(self.sched) or self.sched[t] != self.attacker:
            return default
        if self.last[0] != state:
            cb, cw, p = self.canon(b, w)
            cell = self.moves.get((cb, cw))
            self.last = (state, 0 if cell is None else 1 << (p.index(cell) if p else cell))  # back from the frame
        return self.last[1] or default

    def __contains__(self, state) -> bool:
        return self.get(state) != 0


def hinted_proof(game: pg.PositionalGame, attacker: str, hints: StrategyHints, search) -> dict:
    """The answer "``attacker`` wins" of a pg-proof certificate, walked with the checker's rules:
    the attacker's moves from ``hints`` where it has them, else threat lines and the ``search``'s
    wins (MethodError if the search finds none: the hints do not lead to a proof it can finish);
    every free turn of the defender marked ``replies`` (each legal reply checked: no pass proof,
    whose carrier in a race holds every free cell of the defender's open sets anyway); symmetric
    states linked."""
    from ...certificates.proof import ProofWalk
    from ...errors import MethodError
    from .engine import chooser, line_builder
    from .methods import _state_linker, answer_entries
    moves: dict = {}
    links: dict = {}
    lines: dict = {}
    marked: set = set()

    def replies(b, w, t):
        marked.add((b, w, t))
        return True

    walk = ProofWalk(game, attacker, chooser(search, True, moves, hints), None, None,
                     lines=line_builder(search, lines, hints), replies=replies)
    walk.link = _state_linker(walk, links)
    try:
        walk.prove(*game.start(), 0)
    except AssertionError:  # chooser: the search found no win where the walk needs one
        raise MethodError(f"the hints lead to a state where the search finds no win for {attacker}: "
                          "no proof built") from None
    return answer_entries(game, attacker, True, moves, links, None, lines, replies=marked)


def qubic_lines() -> set[int]:
    """The 76 lines of the 4×4×4 cube as masks over cells 16·l + 4·r + c (the dictionary's numbering)."""
    from itertools import product
    out = set()
    for d in product((-1, 0, 1), repeat=3):
        if d == (0, 0, 0):
            continue
        for p in product(range(4), repeat=3):
            cells = [tuple(p[i] + k * d[i] for i in range(3)) for k in range(4)]
            if all(0 <= c < 4 for cell in cells for c in cell):
                out.add(sum(1 << (16 * l + 4 * r + c) for l, r, c in cells))
    return out


def qubic_race_certificate(game: pg.PositionalGame, dictionary_text: str) -> dict:
    """The pg-proof certificate "black wins" of Qubic's race (``verify family qubic --race``) built
    on Patashnik's dictionary and the race kernel (threat lines of up to 32 threats, a large
    threat-space budget where the dictionary ends)."""
    from ...certificates import envelope
    from ...certificates.proof import KIND
    from ...formats.instances import question_of
    from ...formats.pg import pg_to_text
    from .engine import make_search
    if len(game.positions) != 64 or game.start() != (0, 0) or tuple(game.schedule()[:1]) != (pg.BLACK,) \
            or set(game.black_sets) != set(game.white_sets) or set(game.black_sets) != qubic_lines():
        raise InputError("Patashnik's dictionary is for Qubic's race from the empty board, black first, "
                         "cells in the order of `verify family qubic` (cell 16·l + 4·r + c)")
    hints = StrategyHints(game, pg.BLACK, read_patashnik(dictionary_text))
    search = make_search(game, pg.BLACK, "fast", tss_depth=QUBIC_TSS_DEPTH, tss_budget=QUBIC_TSS_BUDGET,
                         root_tss_budget=QUBIC_ROOT_TSS_BUDGET)
    q = hinted_proof(game, pg.BLACK, hints, search)
    return envelope(KIND, {"pg": pg_to_text(game)}, question_of("pg", game), {"winner": pg.BLACK}, questions=[q])


def main(argv=None) -> int:
    """``python -m verify.solvers.search.hints GAME.pg DICTIONARY OUT.json``: the certificate of
    Qubic's race built on Patashnik's dictionary, checked by the kernel before it is written (no
    file otherwise); one line of error and exit status 2 on bad input."""
    import argparse
    import json
    import sys
    import time
    from pathlib import Path

    from ...certificates.checker import check_certificate
    from ...errors import VerifyError
    from ...formats.pg import read_pg
    parser = argparse.ArgumentParser(prog="python -m verify.solvers.search.hints",
                                     description="Certify Qubic's race (black wins) with Patashnik's dictionary.")
    parser.add_argument("game", help="the race: verify family qubic --race -o qubic-race.pg")
    parser.add_argument("dictionary", help="Patashnik's qubic.dictionary")
    parser.add_argument("output", help="the certificate (JSON)")
    args = parser.parse_args(argv)
    t0 = time.process_time()
    try:
        game = read_pg(args.game)
        try:
            text = Path(args.dictionary).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(f"{args.dictionary}: cannot read ({exc})") from None
        cert = qubic_race_certificate(game, text)
        report = check_certificate(cert)
        try:
            Path(args.output).write_text(json.dumps(cert, separators=(",", ":")), encoding="utf-8")
        except OSError as exc:
            raise InputError(f"{args.output}: cannot write ({exc.strerror or exc})") from None
    except VerifyError as exc:
        print(f"verify: {exc}", file=sys.stderr)
        return 2
    print(f"black wins; certificate written to {args.output}; checked: {report.detail} "
          f"({time.process_time() - t0:.0f} CPU s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
