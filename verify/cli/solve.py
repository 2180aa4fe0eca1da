"""``verify solve GAME FILE``: answer the game's question with a method, optionally certified.

Exit status: 0 answered, 2 bad input, 3 undecided within the time allowed (never a verdict).
"""
from __future__ import annotations

import argparse

from ..errors import InputError
from ..limits import MAX_BOOK_DEPTH
from ..solvers.options import OPTION_HELP, SEARCH_DRIVERS, STATE_SPACES, SolveOptions, flag
from .common import certificate_line, print_json

#: the ``--first`` words of each game that has a choice of starter (Maker-Breaker's are the default)
FIRST_WORDS = {"maker-breaker": ("maker", "breaker"), "avoider-enforcer": ("avoider", "enforcer")}


class _HelpWithMethods(argparse.Action):
    """``verify solve -h``: the option help, then which methods take each option (from the registry,
    loaded only when help is asked for)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS, help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        from ..solvers import methods, takers
        games: dict[str, list[str]] = {}
        for game, method in methods():
            games.setdefault(game, []).append(method)
        lines = ["methods by game (auto picks one):"]
        lines += [f"  {g:14s} {', '.join(ms)}" for g, ms in sorted(games.items())]
        lines.append("options and the methods that take them (--timeout: every method):")
        for name in ("backend", "encoding", "rounds", "states", "symmetry", "jobs", "driver", "dask", "certificate"):
            lines.append(f"  {flag(name):14s} {', '.join(takers(name)) or '-'}")
        parser.epilog = "\n".join(lines)
        parser.formatter_class = argparse.RawDescriptionHelpFormatter
        parser.print_help()
        parser.exit()


def add_cli(sub) -> None:
    s = sub.add_parser("solve", help="decide a game on an instance file", add_help=False,
                       description="Answer GAME's question on FILE. Exit status 0 answered, 2 bad input, "
                                   "3 undecided within --timeout.")
    s.add_argument("-h", "--help", action=_HelpWithMethods, help="show this help and the methods")
    s.add_argument("game", help="maker-breaker, avoider-enforcer, maker-maker, avoider-avoider, acv, avd, dst, "
                                "prv, pg, gen, dng, hypernim")
    s.add_argument("file", help="instance: a hypergraph (text or JSON), a .pg file, or a JSON object "
                                "for gen/dng/hypernim")
    s.add_argument("--first", choices=["maker", "breaker", "avoider", "enforcer"],
                   help="who moves first: maker|breaker (maker-breaker, default maker) or avoider|enforcer "
                        "(avoider-enforcer, default avoider); maker-maker and avoider-avoider have none "
                        "(the bias F:S is the first player's claims per turn and the second's)")
    s.add_argument("--bias", metavar="P:Q",
                   help="claims per turn (paper 004 Def I.1.8): M:B for maker-breaker, A:E for "
                        "avoider-enforcer, F:S (first:second) for maker-maker and avoider-avoider; default 1:1")
    s.add_argument("--method", default="auto", help="explicit, structural, qbf, structure, ... (default auto)")
    s.add_argument("--backend", help=OPTION_HELP["backend"])
    from ..encode.qbf.encodings import describe  # the registry (pure Python: no engine imported)
    s.add_argument("--encoding", help=f"{OPTION_HELP['encoding']}: {', '.join(describe())}; NAME+sym "
                                      "adds symmetry breaking")
    s.add_argument("--rounds", type=int, help=OPTION_HELP["rounds"])
    s.add_argument("--timeout", type=float, help=OPTION_HELP["timeout"])
    s.add_argument("--jobs", type=int, help=OPTION_HELP["jobs"])
    s.add_argument("--driver", choices=SEARCH_DRIVERS, help=OPTION_HELP["driver"])
    s.add_argument("--dask", metavar="ADDRESS", help=OPTION_HELP["dask"])
    s.add_argument("--states", choices=STATE_SPACES, help=OPTION_HELP["states"])
    s.add_argument("--no-symmetry", dest="symmetry", action="store_false", default=None,
                   help="do not " + OPTION_HELP["symmetry"])
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.add_argument("--certificate", metavar="OUT", help="write a certificate, checked independently first "
                                                         "(OUT.zip: a book of parts, --method search)")
    s.add_argument("--parts", metavar="DIR", help="with --certificate OUT.zip: the folder of the book's part "
                                                  "certificates (pre-built ones are used, new ones written there)")
    s.add_argument("--book-depth", type=int, metavar="R",
                   help="with --certificate OUT.zip: the rounds the book's top enumerates before its parts "
                        "(default 1; more rounds give more, smaller parts)")
    s.add_argument("--warm-top", action="store_true",
                   help="with --certificate OUT.zip: the book's top takes the deciding search's own moves "
                        "(no leaf decided twice; by default each leaf is chosen cheap to build cold)")
    s.add_argument("--assemble", action="store_true",
                   help="with --parts DIR: assemble the pre-built parts only (no search, no part built; a "
                        "missing part is an error naming it)")
    s.set_defaults(func=cmd_solve)


def cmd_solve(args) -> int:
    from ..formats.instances import load_instance
    from ..solvers import solve
    from .common import write_certificate
    options = {name: getattr(args, name) for name in ("backend", "encoding", "rounds", "timeout", "states",
                                                      "symmetry", "jobs", "driver", "dask")
               if getattr(args, name) is not None}
    instance = load_instance(args.game, args.file, first=_first(args))
    if args.bias is not None:
        from ..games.conventions import with_bias
        instance = with_bias(args.game, instance, args.bias)
    if args.parts is not None and not (args.certificate or "").endswith(".zip"):
        raise InputError("--parts goes with --certificate OUT.zip (a book)")
    if args.assemble and args.parts is None:
        raise InputError("--assemble goes with --parts DIR")
    for given, flag_name in ((args.book_depth is not None, "--book-depth"), (args.warm_top, "--warm-top")):
        if given and not (args.certificate or "").endswith(".zip"):
            raise InputError(f"{flag_name} goes with --certificate OUT.zip (a book)")
    if args.book_depth is not None and not 1 <= args.book_depth <= MAX_BOOK_DEPTH:
        raise InputError(f"--book-depth is a number of rounds from 1 to {MAX_BOOK_DEPTH}, not {args.book_depth}")
    if (args.certificate or "").endswith(".zip"):
        if hasattr(instance, "convention"):
            from ..errors import MethodError
            raise MethodError(f"no certificate kind for {'biased ' if args.bias else ''}{args.game} yet")
        return _solve_book(args, instance, options)
    want_cert = args.certificate is not None
    if want_cert:
        options["certificate"] = True
    result = solve(args.game, instance, method=args.method, **options)
    out = result.to_json()
    if want_cert:
        out["certificate"] = write_certificate(result, args.certificate)
    if args.json:
        print_json(out)
    else:
        print(describe(out))
        if want_cert:
            print(certificate_line(out["certificate"]))
    return 0


def _first(args) -> str:
    """The starter ``--first`` names for ``args.game`` (its default when not given); a word of
    another game, or any ``--first`` for a strong game, is an InputError."""
    from ..games.conventions import STRONG
    words = FIRST_WORDS.get(args.game)
    if args.game in STRONG:
        if args.first is not None:
            raise InputError(f"{args.game} has no --first: the bias F:S gives the first player's claims "
                             "per turn and the second's")
        return "first"
    if words is None:  # the other games take (and ignore) the Maker-Breaker words, as before
        if args.first in FIRST_WORDS["avoider-enforcer"]:
            raise InputError(f"--first {args.first} is for avoider-enforcer, not {args.game}")
        return args.first or "maker"
    if args.first is not None and args.first not in words:
        raise InputError(f"--first for {args.game} is {' or '.join(words)}, not {args.first}")
    return args.first or words[0]


def _solve_book(args, instance, options) -> int:
    """``--certificate OUT.zip``: the search's verdict certified by a book of parts
    (:mod:`verify.solvers.search.books`), each part built in a child process, ``--jobs`` at a time."""
    import sys
    from ..solvers.search.books import TOP_ROUNDS, solve_book
    if args.method not in ("search", "auto"):
        raise InputError("a book (--certificate OUT.zip) is built by --method search")
    unknown = set(options) - {"timeout", "jobs", "rounds", "dask"}
    if unknown:
        raise InputError(f"a book takes --jobs, --dask and --timeout, not "
                         f"{', '.join('--' + u for u in sorted(unknown))}")
    if options.get("dask") and options.get("jobs", 1) > 1:
        raise InputError("a book's parts are built by --jobs local children or on --dask's workers, not both")
    SolveOptions.from_kwargs(options)  # the options' own checks (--jobs, --timeout, --rounds, --dask)
    result = solve_book(args.game, instance, args.certificate, options.get("rounds"), options.get("jobs", 1),
                        args.parts, options.get("timeout"),
                        log=None if args.json else lambda line: print(line, file=sys.stderr, flush=True),
                        build=not args.assemble, dask=options.get("dask"), top_rounds=args.book_depth or TOP_ROUNDS,
                        warm=args.warm_top)
    out = result.to_json()
    out["certificate"] = {"path": args.certificate, "checked": result.check.detail}
    if args.json:
        print_json(out)
    else:
        print(describe(out))
        print(certificate_line(out["certificate"]))
    return 0


def describe(out: dict) -> str:
    """One line for a result's JSON form (with the statement it rests on, when conditional)."""
    line = _describe(out)
    if out.get("conditional_on"):
        line += f"\n  conditional on an unproved statement: {out['conditional_on']}"
    return line


def _describe(out: dict) -> str:
    line = _verdict_line(out)
    short = (out.get("choice") or {}).get("short")
    if short:  # auto passed the reference over: say why, inside the brackets
        line = line[:-1] + f"; auto: {short}]"
    return line


def _verdict_line(out: dict) -> str:
    if "nim" in out:
        return f"nim({out['game'].upper()}) = {out['nim']}   [method {out['method']}]"
    if "sg" in out:
        return f"SG = {out['sg']}   [method {out['method']}]"
    winner = out.get("winner")
    first = out.get("first")
    extra = f", {first} first" if first else ""
    rounds = f", within {out['rounds']} rounds" if out.get("rounds") is not None else ""
    if "answer" in out and "bound" in out:  # a bounded question (verify.result.BoundedOutcome)
        said = {"yes": "Maker wins", "no": "Maker cannot win", "unknown": "unknown whether Maker wins"}
        whole = f"; {winner} wins the game" if winner else "; the whole game is not decided by this bound"
        return (f"{said[out['answer']]} within {out['bound']} rounds, {first} first{whole}"
                f"   [method {out['method']}]")
    return f"{winner} wins{extra}{rounds}   [method {out['method']}]" if winner != "draw" else \
        f"draw{extra}   [method {out['method']}]"
