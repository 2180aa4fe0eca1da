"""``verify check PATH... [--instance FILE] [--first P] [--expect VERDICT]``: re-verify certificates
with the independent checker (no solver is imported, let alone called).

Each verified certificate is printed with the question it answers: game, the full digest of its
board, the starting position, the first player and the bound. ``--instance FILE`` confirms that the
certificate is about the question FILE poses (same board digest and position; ``--first`` sets the
first player, else the certificate's is shown; ``--rounds B`` makes it the bounded question "Maker
wins within B rounds", else it is the whole game); ``--expect`` confirms the verdict (``maker``,
``breaker``, ``black``, ``white``, ``draw``, ``nim=3``, ``sg=2``, or ``KEY=VALUE``). An option the
question does not take is a usage error, never ignored: ``--first`` where the question has no first
player (a ``.pg`` game, whose schedule is part of its board; an impartial game; a ``sat-unsat-drat``
refutation), ``--rounds`` where it has no bound (every game but Maker-Breaker; refutations).

Output (``OUTPUT`` below, also the end of ``verify check -h``): every file's verdict comes first on
its line, ``ok`` or ``FAIL``, on stdout in the order checked, then one summary line on stdout; when
any file fails, one more line on stderr counts and names the failures (a reader who redirects or
filters stdout still sees them), as ``sha256sum -c`` does. Every name and every message that comes
from outside (file and folder names, text quoted from a certificate) is printed through
:func:`shown`: control and format characters are shown as escapes, never sent to the terminal.

``--second-opinion`` also runs the second checker (:mod:`verify.second_opinion`: written from the
specification in ``docs/spec/``, sharing no code with the kernel) on the same files, in a process of
its own started before the kernel's checks and waited for (never left running): a file is ``ok``
only when both checkers accept it and derive the same question and verdict; a kind the second
checker does not cover is a failure under this option.

Exit status 0 when every certificate is verified (and matches), 1 when one fails or does not match,
2 on bad input (a usage error included)."""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from ..errors import CertificateError, InputError, VerifyError
from ..formats.instances import asked_question, expected_verdict, load_instance, mismatches
from ..question import SCHEMA_VERSION
from .common import print_json

OUTPUT = """\
output: one entry per file, its verdict first on the line: 'ok    NAME: ...' or 'FAIL  NAME: ...'
  (grep '^FAIL' lists the failures), all on stdout in the order checked, then the summary
  'N of M certificates verified' (with '; K FAILED' when some fail) on stdout; when any fails, one
  more line on stderr, 'verify check: K of M certificates FAILED: NAME, ...', so a failure is seen
  even with stdout redirected or filtered; the exit status is then 1. Names and quoted text are
  escaped: a control or format character (ESC, CR, U+202E ...) is printed as \\x1b, \\r, \\u202e.
  A certificate that records who made it adds a line '      made by verify X (commit C) on DATE'.
  --json prints one object: per file "status" ("ok" or "fail") and "ok" (true/false) (and the
  certificate's "made_by" when it has one), at the top "ok", "checked", "verified", "failed" and
  "made_by" (this run's tool, version, commit and date).
  --second-opinion: each file must also be accepted by the second checker (its own process, no code
  shared with the kernel) with the same question and verdict; a line '      second opinion: ...'
  follows each file's entry, and --json adds "second_opinion" per file."""

#: how many failed names the stderr line lists before "and N more"
NAMED_FAILURES = 10


def shown(text) -> str:
    """``text`` as it may be printed on a terminal: every character that is not printable (C0 and
    C1 controls such as ESC, CR, backspace and the CSI U+009B; format characters such as the bidi
    overrides U+202A-U+202E and U+2066-U+2069 and zero-width characters; line and paragraph
    separators; the lone surrogates of an undecodable file name) is shown as its Python escape
    (``\\x1b``, ``\\r``, ``\\u202e``, ``\\udcff``), never sent. Printable text is unchanged."""
    text = str(text)
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def say(line: str = "", stream=None) -> None:
    """Print one line of ``verify check``'s output, escaped (:func:`shown`): the only print site of
    text output."""
    print(shown(line), file=stream or sys.stdout)


def add_cli(sub) -> None:
    c = sub.add_parser("check", help="verify certificates (files or folders of *.json)",
                       epilog=OUTPUT, formatter_class=argparse.RawDescriptionHelpFormatter)
    c.add_argument("paths", nargs="+", help="certificate files (JSON, or zip books), or folders searched for *.json and *.zip")
    c.add_argument("--instance", metavar="FILE",
                   help="confirm the certificates answer the question this instance file poses")
    c.add_argument("--first", choices=["maker", "breaker", "avoider", "enforcer"],
                   help="with --instance: the first player of the question (default: the certificate's); "
                        "an error where the question has none (.pg games, impartial games, refutations, "
                        "maker-maker, avoider-avoider)")
    c.add_argument("--bias", metavar="P:Q",
                   help="with --instance: the question's bias (maker-breaker, avoider-enforcer, maker-maker, "
                        "avoider-avoider; without it the unbiased game)")
    c.add_argument("--rounds", type=int, metavar="B",
                   help="with --instance: the question is bounded, 'Maker wins within B rounds' "
                        "(Maker-Breaker; without it the question is the whole game); an error elsewhere")
    c.add_argument("--expect", metavar="VERDICT",
                   help="confirm the verdict: maker, breaker, black, white, draw, nim=N, sg=N or KEY=VALUE")
    c.add_argument("--json", action="store_true", help="print one JSON object")
    c.add_argument("--second-opinion", action="store_true",
                   help="also check every file with the second checker (docs/spec/; no code shared with the "
                        "kernel, run in its own process); both must accept with the same question and verdict")
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
            raise VerifyError(f"{shown(p)}: no such file or directory")
    if not paths:
        raise VerifyError("no certificate files found")
    return paths


def inapplicable(args, report, name: str) -> str | None:
    """Why an option given does not apply to the question ``report`` answers (None: all apply).
    ``--first`` needs a question with a first player, ``--rounds`` a Maker-Breaker game question
    (one with a first player: a refutation's question has neither a first player nor a bound)."""
    q = report.question
    why = ("a .pg game's schedule, part of its board, says who moves when" if q.game == "pg"
           else "a refutation is about a position, not a game played from it" if q.game == "maker-breaker"
           else "the first player is the one called first; the bias F:S orders the claims"
           if q.game in ("maker-maker", "avoider-avoider")
           else "the two players of an impartial game are alike")
    from ..games.conventions import ROLES
    if args.first and q.first is not None and q.game in ROLES and args.first not in ROLES[q.game]:
        return (f"--first {args.first} does not apply to {name}: the first player of its {q.game} question is "
                f"{' or '.join(ROLES[q.game])}")
    if args.first and q.first is None:
        return (f"--first does not apply to {name}: its {report.kind} certificate answers a {q.game} question "
                f"without a first player ({why}); drop --first")
    if args.rounds is not None and (q.game != "maker-breaker" or q.first is None):
        return (f"--rounds does not apply to {name}: its {report.kind} certificate answers a {q.game} question "
                f"without a bound (bounded questions are Maker-Breaker games'); drop --rounds")
    return None


def cmd_check(args) -> int:
    try:
        return _check(args)
    except CertificateError:
        raise
    except VerifyError as exc:  # the one stderr line the CLI prints: escaped like the rest
        raise type(exc)(shown(exc)) from None


def _check(args) -> int:
    from ..certificates.checker import check_file
    if (args.first or args.rounds is not None or args.bias is not None) and not args.instance:
        given = "--first" if args.first else "--rounds" if args.rounds is not None else "--bias"
        raise InputError(f"{given} goes with --instance")
    if args.rounds is not None and args.rounds < 0:
        raise InputError(f"--rounds must be >= 0 (got {args.rounds})")
    expect = expected_verdict(args.expect) if args.expect else None
    failures = []
    rows = []
    files = certificate_files(args.paths)
    second = SecondOpinion(files) if args.second_opinion else None
    try:
        for p in files:
            _check_one(args, p, expect, check_file, second, rows, failures)
    finally:
        if second is not None:
            second.close()
    checked, failed = len(rows), len(failures)
    if args.json:
        print_json({"schema_version": SCHEMA_VERSION, "ok": not failed, "checked": checked,
                    "verified": checked - failed, "failed": failed, "results": rows})
    else:
        say(f"{checked - failed} of {checked} certificates verified"
            + (" and matching" if args.instance or expect else "")
            + (" by both checkers" if args.second_opinion else "") + (f"; {failed} FAILED" if failed else ""))
    if failed:
        listed = ", ".join(failures[:NAMED_FAILURES])
        more = f" and {failed - NAMED_FAILURES} more" if failed > NAMED_FAILURES else ""
        say(f"verify check: {failed} of {checked} certificates FAILED: {listed}{more}", sys.stderr)
    return 1 if failed else 0


def _check_one(args, p, expect, check_file, second, rows, failures) -> None:
    """Check one file with the kernel (and the second opinion): append its row, print its entry."""
    name = shown(p)
    opinion = second.opinion(p) if second is not None else None
    try:
        report = check_file(p)
    except VerifyError as exc:  # refused, unreadable or too large: this file fails, the others go on
        failures.append(name)
        rows.append({"path": name, "status": "fail", "ok": False, "error": shown(exc),
                     **({"second_opinion": opinion} if opinion is not None else {})})
        if not args.json:
            say(f"FAIL  {name}: {exc}")
            if opinion is not None:
                say(f"      second opinion: {opinion_text(opinion)}")
        return
    asked = None
    if args.instance:
        why = inapplicable(args, report, name)
        if why:
            raise InputError(why)
        asked = asked_question(report.question,
                               lambda who: load_instance(report.question.game, args.instance, first=who),
                               args.first, args.rounds, args.bias)
    problems = mismatches(report.question, report.verdict, asked, expect, args.instance)
    if opinion is not None:
        problems += disagreement(report, opinion)
    row = {"path": name, **report.to_json(), "status": "fail" if problems else "ok", "ok": not problems}
    if report.made_by is not None:
        row["made_by"] = report.made_by
    if opinion is not None:
        row["second_opinion"] = opinion
    if problems:
        failures.append(name)
        row["error"] = shown("; ".join(problems))
    rows.append(row)
    if not args.json:
        q = report.question
        say(f"{'ok  ' if not problems else 'FAIL'}  {name}: {report.kind} proves {report.verdict_text()}")
        say(f"      question: {q.describe()}")
        say(f"      board {q.instance}; checked: {report.detail}")
        if report.made_by is not None:
            say(f"      {made_by_text(report.made_by)}")
        if args.instance and not problems:
            say(f"      matches the question {args.instance} poses")
        if opinion is not None:
            say(f"      second opinion: {opinion_text(opinion)}")
        for line in problems:
            say(f"      {line}")


class SecondOpinion:
    """The second checker (``python -m verify.second_opinion --json FILE...``) run on ``files`` in
    a child process started at once (it works while the kernel checks); its answers are read as
    they are needed, and :meth:`close` ends the child whatever happened (no child outlives the
    command)."""

    def __init__(self, files):
        self.files = [str(p) for p in files]
        self.proc = subprocess.Popen([sys.executable, "-m", "verify.second_opinion", "--json", *self.files],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                     text=True, encoding="utf-8", errors="replace")
        self.answers: dict = {}
        self.done = False

    def opinion(self, path) -> dict:
        """The second checker's answer for ``path`` (in the order given: lines are read until it
        comes); an answer that never comes is a refusal saying why."""
        key = str(path)
        while key not in self.answers and not self.done:
            line = self.proc.stdout.readline()
            if not line:
                self.done = True
                break
            try:
                answer = json.loads(line)
                self.answers[answer["path"]] = answer
            except (ValueError, KeyError, TypeError):
                self.done = True
        if key in self.answers:
            return self.answers.pop(key)
        err = self.proc.stderr.read().strip().splitlines() if self.proc.poll() is not None or self.done else []
        return {"path": key, "status": "refused",
                "error": "the second checker gave no answer" + (f" ({err[-1][:200]})" if err else "")}

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        for stream in (self.proc.stdout, self.proc.stderr):
            stream.close()


def made_by_text(made_by: dict) -> str:
    """The line of a certificate's ``made_by``: ``made by verify 0.1.0 (commit C) on DATE`` (printed
    through :func:`say`, so escaped like every quoted text)."""
    commit = f" (commit {made_by['commit']})" if made_by.get("commit") is not None else ""
    return f"made by {made_by['tool']} {made_by['version']}{commit} on {made_by['date']}"


def opinion_text(opinion: dict) -> str:
    if opinion.get("status") == "agree":
        verdict = ", ".join(f"{k}={v}" for k, v in opinion.get("verdict", {}).items())
        return f"accepts: {opinion.get('kind')} proves {verdict} ({opinion.get('detail')})"
    return f"refuses: {opinion.get('error')}"


def disagreement(report, opinion: dict) -> list[str]:
    """Why the kernel's report and the second opinion do not agree (empty: they agree)."""
    if opinion.get("status") != "agree":
        return [f"the second opinion refuses it: {opinion.get('error')}"]
    if opinion.get("question") != report.question.to_json() or opinion.get("verdict") != report.verdict:
        return ["the second opinion derives another question or verdict: "
                f"{json.dumps(opinion.get('question'))} {json.dumps(opinion.get('verdict'))}"]
    return []
