"""The ``verify`` command line: parses arguments, calls the library, prints text or JSON.

Every command lives in a module of this package exposing ``add_cli(subparsers)``. Bad input of any
kind ends in one line on stderr and exit status 2; a certificate or claim that fails checking exits
1; a question not decided within ``--timeout`` exits 3 (never a verdict). SIGTERM is handled like
Ctrl-C, so every engine child process is ended before ``verify`` exits.
"""
from __future__ import annotations

import argparse
import os
import signal
import sys

from ..errors import Undecided, VerifyError
from ..plugins import import_all

#: the command modules, in the order ``verify -h`` lists them
COMMANDS = ("verify.cli.solve", "verify.cli.check", "verify.cli.rank3", "verify.cli.sat",
            "verify.cli.structure", "verify.cli.theorems", "verify.cli.hunt", "verify.cli.family",
            "verify.cli.encode", "verify.cli.methods", "verify.cli.draw", "verify.cli.report")

EXIT_BAD_INPUT = 2
EXIT_UNDECIDED = 3


class OneLineParser(argparse.ArgumentParser):
    """Usage errors in one line on stderr, exit status 2 (``verify -h`` still shows full help)."""

    def error(self, message):
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message} (see '{self.prog} -h')\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of ``command`` alone: each command module is imported only
    when its command is run (so ``verify check`` imports the checker's kernel and no solver)."""
    p = OneLineParser(prog="verify", description="Decide, certify and cross-check outcomes of "
                                "combinatorial games on hypergraphs.")
    sub = p.add_subparsers(dest="command", required=True)
    names = [m for m in COMMANDS if command is None or m.rsplit(".", 1)[1] == command]
    for mod in import_all(names):
        mod.add_cli(sub)
    return p


_SIGNALLED: list[int] = []


def _terminate(signum, frame):
    """SIGTERM and Ctrl-C are interrupts: unwind (ending engine children in ``finally`` blocks), no
    verdict. The signal is remembered: native code (nauty) may turn the KeyboardInterrupt into an
    error of its own, which is then still reported as the interrupt."""
    _SIGNALLED.append(signum)
    raise KeyboardInterrupt


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    known = {m.rsplit(".", 1)[1] for m in COMMANDS}
    parser = build_parser(argv[0] if argv and argv[0] in known else None)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed one usage line
        return EXIT_BAD_INPUT if exc.code not in (0, None) else 0
    previous = {s: signal.signal(s, _terminate) for s in (signal.SIGTERM, signal.SIGINT)}
    _SIGNALLED.clear()
    try:
        return args.func(args)
    except Exception as exc:
        return _report(exc)
    except KeyboardInterrupt:
        print("verify: interrupted (no verdict)", file=sys.stderr)
        return 130
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


def _report(exc: Exception) -> int:
    """One line on stderr for an error ending a command, and its exit status; an error of another
    kind (a bug) is raised again, unless it came out of an interrupt."""
    if _SIGNALLED:
        print("verify: interrupted (no verdict)", file=sys.stderr)
        return 130
    if isinstance(exc, BrokenPipeError):  # output piped into a reader that stopped (e.g. head)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    lines = {Undecided: (f"verify: {exc}", EXIT_UNDECIDED),
             VerifyError: (f"verify: error: {exc}", EXIT_BAD_INPUT),
             RecursionError: ("verify: error: instance too deep for the chosen method", EXIT_BAD_INPUT),
             MemoryError: ("verify: error: out of memory for the chosen method; try a smaller instance",
                           EXIT_BAD_INPUT)}
    for kind, (line, status) in lines.items():
        if isinstance(exc, kind):
            print(line, file=sys.stderr)
            return status
    raise exc
