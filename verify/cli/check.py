"""``verify check PATH... [--instance FILE] [--first P] [--expect VERDICT]``: re-verify certificates
with the independent checker (no solver is imported, let alone called).

Each verified certificate is printed with the question it answers: game, the full digest of its
board, the starting position, the first player and the bound. ``--instance FILE`` confirms that the
certificate is about the question FILE poses (same board digest and position; ``--first`` sets the
first player, else the certificate's is shown; ``--rounds B`` makes it the bounded question "Maker
wins within B rounds", else it is the whole game); ``--expect`` confirms the verdict (``maker``,
``breaker``, ``black``, ``white``, ``draw``, ``nim=3``, ``sg=2``, or ``KEY=VALUE``).

Exit status 0 when every certificate is verified (and matches), 1 when one fails or does not match,
2 on bad input."""
from __future__ import annotations

from pathlib import Path

from ..errors import CertificateError, InputError, VerifyError
from ..formats.instances import asked_question, expected_verdict, load_instance, mismatches
from ..question import SCHEMA_VERSION
from .common import print_json


def add_cli(sub) -> None:
    c = sub.add_parser("check", help="verify certificates (files or folders of *.json)")
    c.add_argument("paths", nargs="+", help="certificate files (JSON, or zip books), or folders searched for *.json and *.zip")
    c.add_argument("--instance", metavar="FILE",
                   help="confirm the certificates answer the question this instance file poses")
    c.add_argument("--first", choices=["maker", "breaker"],
                   help="with --instance: the first player of the question (default: the certificate's)")
    c.add_argument("--rounds", type=int, metavar="B",
                   help="with --instance: the question is bounded, 'Maker wins within B rounds' "
                        "(Maker-Breaker; without it the question is the whole game)")
    c.add_argument("--expect", metavar="VERDICT",
                   help="confirm the verdict: maker, breaker, black, white, draw, nim=N, sg=N or KEY=VALUE")
    c.add_argument("--json", action="store_true", help="print one JSON object")
    c.set_defaults(func=cmd_check)


def certificate_files(args_paths) -> list[Path]:
    """The files named, with every ``*.json`` below each folder named."""
    paths = []
    for p in map(Path, args_paths):
        if p.is_dir():
            paths.extend(sorted(q for q in [*p.rglob("*.json"), *p.rglob("*.zip")] if q.is_file()))
        elif p.exists():
            paths.append(p)
        else:
            raise VerifyError(f"{p}: no such file or directory")
    if not paths:
        raise VerifyError("no certificate files found")
    return paths


def cmd_check(args) -> int:
    from ..certificates.checker import check_file
    if (args.first or args.rounds is not None) and not args.instance:
        raise InputError(f"{'--first' if args.first else '--rounds'} goes with --instance")
    if args.rounds is not None and args.rounds < 0:
        raise InputError(f"--rounds must be >= 0 (got {args.rounds})")
    expect = expected_verdict(args.expect) if args.expect else None
    failed = 0
    rows = []
    for p in certificate_files(args.paths):
        try:
            report = check_file(p)
        except CertificateError as exc:
            failed += 1
            rows.append({"path": str(p), "ok": False, "error": str(exc)})
            if not args.json:
                print(f"FAIL  {p}: {exc}")
            continue
        asked = None
        if args.instance:
            asked = asked_question(report.question,
                                   lambda who: load_instance(report.question.game, args.instance, first=who),
                                   args.first, args.rounds)
        problems = mismatches(report.question, report.verdict, asked, expect, args.instance)
        row = {"path": str(p), "ok": not problems, **report.to_json()}
        if problems:
            failed += 1
            row["error"] = "; ".join(problems)
        rows.append(row)
        if not args.json:
            q = report.question
            print(f"{'ok  ' if not problems else 'FAIL'}  {p}: {report.kind} proves {report.verdict_text()}")
            print(f"      question: {q.describe()}")
            print(f"      board {q.instance}; checked: {report.detail}")
            if args.instance and not problems:
                print(f"      matches the question {args.instance} poses")
            for line in problems:
                print(f"      {line}")
    if args.json:
        print_json({"schema_version": SCHEMA_VERSION, "checked": len(rows), "failed": failed, "results": rows})
    else:
        print(f"{len(rows) - failed} of {len(rows)} certificates verified"
              + (" and matching" if args.instance or expect else ""))
    return 1 if failed else 0
