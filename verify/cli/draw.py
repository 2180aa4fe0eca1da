"""``verify draw``: pictures of instances, positions, strategies and strategy trees (SVG or PNG).

    verify draw FILE [--certificate CERT] [--position MOVES] -o OUT.svg|OUT.png
    verify draw FILE... -o OUT_DIR/            (one picture per file, with a progress bar)
    verify draw CERT --tree [--depth D] -o tree.svg

FILE is a hypergraph (text or JSON), a ``.pg`` game, a convex-geometry or hypergraph-NIM instance,
or a certificate (whose instance, claim and strategy are used). A certificate is verified by the
independent checker before its moves are drawn.
"""
from __future__ import annotations

import sys
from pathlib import Path

from ..errors import CertificateError, InputError, NotReplayable


def add_cli(sub) -> None:
    d = sub.add_parser("draw", help="draw an instance, a position, the winner's move or a strategy tree")
    d.add_argument("files", nargs="+", metavar="FILE")
    d.add_argument("-o", "--output", required=True, metavar="OUT",
                   help="OUT.svg or OUT.png; with several files a folder (SVG inside unless --png)")
    d.add_argument("--certificate", metavar="CERT", help="a strategy certificate for FILE: draw the winner's move")
    d.add_argument("--position", metavar="MOVES",
                   help="moves in order of play, e.g. 'b2,a1' (colours follow the game's turn order)")
    d.add_argument("--game", help="game played on a plain instance: maker-breaker (default), acv, avd, "
                                  "dst, prv; gen (default) or dng on a convex geometry")
    d.add_argument("--first", choices=["maker", "breaker"], default="maker")
    d.add_argument("--geometry", default="auto",
                   choices=["auto", "square", "hex", "cells", "hypergraph"],
                   help="force a board geometry (auto: square grids, Hex, else a hypergraph drawing)")
    d.add_argument("--tree", action="store_true", help="draw the certificate's strategy tree instead")
    d.add_argument("--depth", type=int, default=4, help="plies shown in a strategy tree (default 4)")
    d.add_argument("--png", action="store_true", help="with an output folder: write PNG, not SVG")
    d.add_argument("--no-check", action="store_true", help="do not verify certificates before drawing")
    d.set_defaults(func=cmd_draw)


def load_checked(path, args):
    """The drawable of ``path`` (certificates verified first unless --no-check)."""
    from ..draw import load
    if not args.no_check and _is_certificate(path):
        _check(path)
    return load(path, game=args.game, first=args.first, geometry=args.geometry)


def _is_certificate(path) -> bool:
    p = Path(path)
    if p.suffix.lower() != ".json":
        return False
    try:
        head = p.read_text(encoding="utf-8")[:4096]
    except (OSError, UnicodeDecodeError):  # not a readable certificate: the instance reader says why
        return False
    return '"verify-certificate"' in head


def _check(path):
    from ..certificates.checker import check_file
    try:
        check_file(path)
    except CertificateError as exc:
        raise InputError(f"{path}: certificate does not verify ({exc}); nothing drawn") from None


def _same_instance(a, b) -> bool:
    from ..draw.board import Board
    ba = a if isinstance(a, Board) else a.board(a.start())
    bb = b if isinstance(b, Board) else b.board(b.start())
    return (set(ba.names) == set(bb.names) and {frozenset(s) for s in ba.sets} == {frozenset(s) for s in bb.sets}
            and ba.stones == bb.stones)


def cmd_draw(args) -> int:
    from ..draw import board_of, parse_moves, save
    out = Path(args.output)
    many = len(args.files) > 1 or out.suffix == "" or args.output.endswith("/")
    if many and (args.position or args.certificate or args.tree):
        raise InputError("--position, --certificate and --tree draw one file (give one FILE and OUT.svg)")
    if args.depth < 1:
        raise InputError("--depth must be at least 1")
    if not many:
        drawable = load_checked(args.files[0], args)
        if args.certificate:
            cert_play = load_checked(args.certificate, args)
            if not _same_instance(drawable, cert_play):
                raise InputError(f"{args.certificate}: the certificate is about another instance than {args.files[0]}")
            cert_play.title = getattr(drawable, "title", "") or Path(args.files[0]).stem
            drawable = cert_play
        if args.tree:
            from ..draw.diagrams import save_figure, strategy_tree_figure
            save_figure(strategy_tree_figure(drawable, args.depth), out)
        else:
            try:
                board = board_of(drawable, parse_moves(args.position))
            except NotReplayable:
                raise InputError("this instance has no moves to replay (--position)") from None
            save(board, out)
        print(f"wrote {out}")
        return 0
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"{out}: cannot create folder ({exc.strerror})") from None
    files = [Path(f) for f in args.files]
    bar = _progress(files, "drawing")
    written = 0
    for f in bar:
        target = out / (f.stem + (".png" if args.png else ".svg"))
        save(board_of(load_checked(f, args)), target)
        written += 1
    print(f"wrote {written} pictures to {out}")
    return 0


def _progress(items, what: str):
    """A tqdm progress bar on stderr for long runs (silent when stderr is not a terminal)."""
    from tqdm import tqdm
    return tqdm(items, desc=what, unit="file", file=sys.stderr, leave=False,
                disable=not sys.stderr.isatty() or len(items) < 2)
