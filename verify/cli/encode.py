"""``verify encode``: export QBF encodings and rebuild the encodings corpus.

- ``verify encode qbf FILE --rounds D [--format qdimacs|qcir] [--encoding NAME] [--first maker|breaker]
  [-o OUT]``:
  "Maker wins within D rounds" on a hypergraph file, or with ``--game pg`` the question "can black
  win" (``--player white`` for white) on a ``.pg`` file.
- ``verify encode leaf FILE [--game maker-breaker|pg] [--first F] [--rounds R] --moves a,b,... [-o OUT.pg]``:
  the game after the given moves (a leaf of a book's split) as a ``.pg`` file to solve alone.
- ``verify encode corpus [--out encodings/] [--fast]``: regenerate the corpus and its manifest.
"""
from __future__ import annotations

import sys
from pathlib import Path

from ..errors import InputError
from .common import write_file


def cmd_qbf(args) -> int:
    from ..formats.instances import load_instance
    from ..encode.qbf.encodings import check_encoding, encode, encode_maker_breaker
    encoding = check_encoding(args.encoding)
    if args.game == "pg":
        game = load_instance("pg", args.file)
        formula = encode(game, args.player, args.goal, None, encoding).formula
    else:
        if args.rounds is None:
            raise InputError("--rounds D is required for a Maker-Breaker question")
        if args.rounds < 0:
            raise InputError("--rounds must be >= 0")
        game = load_instance("maker-breaker", args.file, first=args.first)
        formula = encode_maker_breaker(game, args.rounds, encoding=encoding).formula
    if args.format == "qcir":
        from ..encode.qbf.qcir import to_qcir
        text = to_qcir(formula)
    else:
        from ..encode.qbf.qdimacs import to_qdimacs
        text = to_qdimacs(formula, names=args.names)
    if args.output:
        write_file(args.output, text)
        print(f"wrote {args.output}: {formula.nvars} variables, {len(formula.clauses)} clauses",
              file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def cmd_leaf(args) -> int:
    """``verify encode leaf``: the game played on after the given moves, as a ``.pg`` file (a leaf of
    a book's split, solved alone: docs/classical.md, the run plan on N machines)."""
    from ..formats.instances import load_instance
    from ..formats.pg import pg_to_text
    from ..games import positional as pg
    if args.game == "pg":
        game = load_instance("pg", args.file)
    else:
        mb = load_instance("maker-breaker", args.file, first=args.first)
        game = pg.from_maker_breaker(mb.board, mb.maker_mask, mb.breaker_mask, args.first, args.rounds)
    if game.initial_winner() is not None:
        raise InputError("the game is decided at its start (a player holds a whole set): it has no leaves")
    black, white = game.start()
    sched = game.schedule()
    from ..draw.board import parse_moves
    moves = parse_moves(args.moves)
    if len(moves) > len(sched):
        raise InputError(f"{len(moves)} moves, but the schedule has {len(sched)} time points")
    for t, name in enumerate(moves):
        if name not in game.positions:
            raise InputError(f"move {t + 1}: unknown cell {name!r}")
        bit = game.mask([name])
        if bit & (black | white):
            raise InputError(f"move {t + 1}: cell {name!r} is already taken")
        if t == 0 and game.first_moves is not None and not bit & game.first_moves:
            raise InputError(f"move 1: {name!r} is not one of the game's #firstmoves")
        colour = sched[t]
        if colour == pg.BLACK:
            black |= bit
        else:
            white |= bit
        if game.completes(colour, black, white):
            raise InputError(f"move {t + 1} ({name}) completes a set of {colour}: the game ends there")
    text = pg_to_text(pg.continued(game, black, white, len(moves)))
    if args.output:
        write_file(args.output, text)
        print(f"wrote {args.output}: the game after {len(moves)} move{'s' * (len(moves) != 1)}, "
              f"{len(sched) - len(moves)} time points left", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


def cmd_corpus(args) -> int:
    from ..corpus import build_corpus
    manifest = build_corpus(args.out, only_fast=args.fast, include=tuple(args.with_ or ()),
                            log=(lambda m: print(m, file=sys.stderr)) if args.verbose else None)
    print(f"wrote {len(manifest['entries'])} files and {Path(args.out) / 'manifest.json'}")
    return 0


def add_cli(sub) -> None:
    e = sub.add_parser("encode", help="export QBF encodings; rebuild the encodings corpus")
    esub = e.add_subparsers(dest="encode_command", required=True)
    q = esub.add_parser("qbf", help="export one question as QDIMACS or QCIR")
    q.add_argument("file", help="a hypergraph (text or JSON), or a .pg file with --game pg")
    q.add_argument("--game", choices=["maker-breaker", "pg"], default="maker-breaker")
    q.add_argument("--rounds", type=int, help="Maker's rounds (maker-breaker)")
    q.add_argument("--first", choices=["maker", "breaker"], default="maker")
    q.add_argument("--player", choices=["black", "white"], default="black", help="(pg) who is asked")
    q.add_argument("--goal", choices=["win", "not-lose"], default="win", help="(pg) what is asked")
    q.add_argument("--format", choices=["qdimacs", "qcir"], default="qdimacs")
    q.add_argument("--encoding", default="onehot",
                   help="QBF encoding (see 'verify methods'; NAME+sym adds symmetry breaking)")
    q.add_argument("--names", action="store_true", help="(qdimacs) comment lines naming variables")
    q.add_argument("-o", "--output")
    q.set_defaults(func=cmd_qbf)
    lf = esub.add_parser("leaf", help="the game after some moves as a .pg file (a book's leaf, solved alone)")
    lf.add_argument("file", help="a hypergraph (Maker-Breaker), or a .pg file with --game pg")
    lf.add_argument("--game", choices=["maker-breaker", "pg"], default="maker-breaker")
    lf.add_argument("--first", choices=["maker", "breaker"], default="maker", help="(maker-breaker) who moves first")
    lf.add_argument("--rounds", type=int, help="(maker-breaker) Maker's moves in all (default: until the board is full)")
    lf.add_argument("--moves", default="", help="the moves from the start, comma-separated cell names, "
                                                 "in the schedule's order (Maker/black first when it starts)")
    lf.add_argument("-o", "--output", help="the .pg file to write (default: standard output)")
    lf.set_defaults(func=cmd_leaf)
    c = esub.add_parser("corpus", help="regenerate the encodings corpus and its manifest")
    c.add_argument("--out", default="encodings")
    c.add_argument("--fast", action="store_true", help="skip the slow (larger) questions")
    c.add_argument("--with", dest="with_", action="append", metavar="PROVIDER",
                   help="also write a registered provider's entries (e.g. sat)")
    c.add_argument("-v", "--verbose", action="store_true")
    c.set_defaults(func=cmd_corpus)
