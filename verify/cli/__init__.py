"""The ``verify`` command line: parses arguments, calls the library, prints text or JSON.

Every command lives in a module of this package exposing ``add_cli(subparsers)``. Exit statuses
are defined here, once (``EXIT_STATUSES``, shown by ``verify -h`` and in the README): bad input of
any kind ends in one line on stderr and status 2; a certificate or claim that fails checking, or a
counterexample found, 1; a question not decided within ``--timeout`` 3 (never a verdict); a method
that does not apply or an instance too large for it 4; an engine failure 5. SIGTERM is handled like
Ctrl-C (130), so every engine child process is ended before ``verify`` exits.
"""
from __future__ import annotations

import argparse
import os
import signal
import sys

from ..errors import (BackendError, CertificateError, MethodError, NotApplicable, TooLarge, Undecided,
                      UndefinedGame, VerifyError)
from ..plugins import import_all

#: the command modules, in the order ``verify -h`` lists them
COMMANDS = ("verify.cli.solve", "verify.cli.check", "verify.cli.rank3", "verify.cli.sat",
            "verify.cli.structure", "verify.cli.threshold", "verify.cli.theorems", "verify.cli.hunt", "verify.cli.family",
            "verify.cli.encode", "verify.cli.methods", "verify.cli.draw", "verify.cli.report", "verify.cli.play")

EXIT_OK = 0
EXIT_CHECK_FAILED = 1      # a certificate or claim fails checking; a counterexample is found
EXIT_BAD_INPUT = 2         # malformed input, unknown option value, unreadable file
EXIT_UNDECIDED = 3         # not decided within --timeout: no verdict
EXIT_NOT_APPLICABLE = 4    # the method does not apply to the instance, or it is too large for it
EXIT_ENGINE_FAILURE = 5    # an external solver crashed or contradicted another
EXIT_INTERRUPTED = 130     # Ctrl-C or SIGTERM: no verdict

#: (status, meaning), for ``verify -h`` and the README's table
EXIT_STATUSES = ((EXIT_OK, "answered / verified"),
                 (EXIT_CHECK_FAILED, "a certificate or claim failed checking, or a counterexample was found"),
                 (EXIT_BAD_INPUT, "bad input (malformed file, bad option)"),
                 (EXIT_UNDECIDED, "undecided within --timeout (no verdict)"),
                 (EXIT_NOT_APPLICABLE, "the method does not apply, or the instance is too large for it"),
                 (EXIT_ENGINE_FAILURE, "an engine (SAT/QBF/SMT solver) failed, or its optional extra is not installed"),
                 (EXIT_INTERRUPTED, "interrupted (Ctrl-C, SIGTERM)"))

#: third-party module -> the optional extra of pyproject.toml that installs it (the core needs none)
EXTRAS = {"pyqbf": "qbf", "pysat": "sat", "z3": "smt", "pynauty": "nauty", "dask": "hunt",
          "distributed": "hunt", "matplotlib": "report", "jinja2": "report"}


def exit_status_of(exc: BaseException) -> int | None:
    """The exit status of an error ending a command (None: not an error the tool reports)."""
    for kinds, status in ((Undecided, EXIT_UNDECIDED), (BackendError, EXIT_ENGINE_FAILURE),
                          (CertificateError, EXIT_CHECK_FAILED),
                          ((MethodError, TooLarge, NotApplicable, UndefinedGame, RecursionError, MemoryError),
                           EXIT_NOT_APPLICABLE),
                          (VerifyError, EXIT_BAD_INPUT)):
        if isinstance(exc, kinds):
            return status
    return None


class OneLineParser(argparse.ArgumentParser):
    """Usage errors in one line on stderr, exit status 2 (``verify -h`` still shows full help)."""

    def error(self, message):
        self.exit(EXIT_BAD_INPUT, f"{self.prog}: error: {message} (see '{self.prog} -h')\n")


class VersionAction(argparse.Action):
    """``--version``: the tool's version and commit (:mod:`verify.provenance`), read only when asked."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings=option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        from ..provenance import version_line
        print(version_line())
        parser.exit(0)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of ``command`` alone: each command module is imported only
    when its command is run (so ``verify check`` imports the checker's kernel and no solver)."""
    p = OneLineParser(prog="verify", description="Decide, certify and cross-check outcomes of "
                                "combinatorial games on hypergraphs.",
                      epilog="exit status:\n" + "\n".join(f"  {code:>3}  {text}" for code, text in EXIT_STATUSES),
                      formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action=VersionAction,
                   help="print 'verify X.Y.Z' (and the git commit when run from a checkout) and exit")
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
        return _report(exc, args.command, getattr(args, "method", None))
    except KeyboardInterrupt:
        print("verify: interrupted (no verdict)", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


def _report(exc: Exception, command: str = "", method: str | None = None) -> int:
    """One line on stderr for an error ending a command, and its exit status; an error of another
    kind (a bug) is raised again, unless it came out of an interrupt."""
    if _SIGNALLED:
        print("verify: interrupted (no verdict)", file=sys.stderr)
        return EXIT_INTERRUPTED
    if isinstance(exc, BrokenPipeError):  # output piped into a reader that stopped (e.g. head)
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    if isinstance(exc, ModuleNotFoundError) and (exc.name or "").split(".")[0] in EXTRAS:
        extra = EXTRAS[exc.name.split(".")[0]]
        what = f"method {method}" if method and method != "auto" else f"'verify {command}'"
        print(f"verify: error: {what} needs the '{extra}' extra: pip install 'verify[{extra}]'", file=sys.stderr)
        return EXIT_ENGINE_FAILURE
    status = exit_status_of(exc)
    if status is None:
        raise exc
    line = {RecursionError: "instance too deep for the chosen method",
            MemoryError: "out of memory for the chosen method; try a smaller instance"}.get(type(exc), str(exc))
    print(f"verify: {line}" if status == EXIT_UNDECIDED else f"verify: error: {line}", file=sys.stderr)
    return status
