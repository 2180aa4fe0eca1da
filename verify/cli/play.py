"""``verify play CERT [--port N] [--open]``: play against a certificate's strategy in the browser.

The certificate is checked first (a failing one is not played, exit 1); the page is served on
127.0.0.1 until Ctrl-C or SIGTERM (exit 0). See :mod:`verify.play`."""
from __future__ import annotations

import sys
from pathlib import Path


def add_cli(sub) -> None:
    p = sub.add_parser("play", help="play against a certificate's strategy in the browser (local server)",
                       description="Serve a page on 127.0.0.1 where you make the opponent's moves by clicking "
                                   "cells and the certified strategy answers, derived by the checker's rules "
                                   "(maker-breaker-strategy, maker-breaker-pairing, pg-strategy, pg-proof and books, "
                                   "maker-breaker-rounds, -sub, -parts, -opening). "
                                   "Stop with Ctrl-C.")
    p.add_argument("certificate", metavar="CERT", help="a certificate file recording a strategy")
    p.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: any free port)")
    p.add_argument("--open", action="store_true", help="open the page in the default browser")
    p.set_defaults(func=cmd_play)


def cmd_play(args) -> int:
    from ..errors import InputError
    from ..play.referee import Referee
    from ..play.server import serve
    if not 0 <= args.port <= 65535:
        raise InputError("--port must be between 0 and 65535")
    ref = Referee.from_file(args.certificate, Path(args.certificate).stem)

    def ready(url: str) -> None:
        print(f"playing {args.certificate}: {ref.report.line()}")
        print(f"open {url}  (Ctrl-C to stop)", flush=True)
        if args.open:
            import webbrowser
            webbrowser.open(url)

    try:
        serve(ref, Path(args.certificate).stem, args.port, ready)
    except OSError as exc:
        raise InputError(f"cannot listen on 127.0.0.1:{args.port} ({exc.strerror or exc})") from None
    except KeyboardInterrupt:
        print("verify play: stopped", file=sys.stderr)
    return 0
