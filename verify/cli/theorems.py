"""``verify theorems``: the theorem catalogue (list the claims, check them over their families).

``verify theorems check`` exits 0 when every checked claim is as the catalogue expects (it holds, or
it is a known erratum and its counterexample is found), 1 when a claim fails unexpectedly or errs,
and 2 on bad input.

A researcher's own statements join the catalogue with ``--claims FILE`` (a Python file of claims
declared with the catalogue's decorator, :func:`verify.claims.registry.claim`; repeatable; the
os.pathsep-separated paths of ``$VERIFY_CLAIMS`` count as more ``--claims``): ``check --claims FILE``
alone checks the file's claims, with names the named ones, with ``--all`` every claim, built-in or
the file's. A file that is missing, does not import, defines no claim or reuses a claim's name is
one line of error, exit 2.
"""
from __future__ import annotations

import json
import os
import re
import sys
from pathlib import Path

from ..claims import registry
from ..claims.registry import expected
from ..errors import InputError
from .common import print_json


def add_cli(sub) -> None:
    t = sub.add_parser("theorems", help="the catalogue of published statements as executable claims")
    tsub = t.add_subparsers(dest="theorems_command", required=True)
    tl = tsub.add_parser("list", help="list the claims")
    tl.add_argument("--json", action="store_true")
    tl.add_argument("--paper", help="only claims whose source starts with this (e.g. 000)")
    _claims_option(tl)
    tl.set_defaults(func=cmd_list)
    tc = tsub.add_parser("check", help="check claims over their families up to a size")
    tc.add_argument("names", nargs="*", metavar="NAME")
    tc.add_argument("--all", action="store_true", help="check every claim (with those of --claims)")
    _claims_option(tc)
    tc.add_argument("--paper", help="with --all: only claims whose source starts with this")
    tc.add_argument("--max-n", type=int, dest="max_n", help="size to check up to (default: the claim's)")
    tc.add_argument("--slow", action="store_true", help="use each claim's larger 'slow' size")
    tc.add_argument("--instance", metavar="FILE",
                    help="evaluate one claim on this hypergraph instead of its family")
    tc.add_argument("--json", action="store_true", help="one JSON object per claim, one per line")
    tc.add_argument("--certificates", metavar="DIR",
                    help="write each counterexample's certificate, once the independent checker accepts it, "
                         "to DIR/NAME.json (for 'verify check')")
    tc.set_defaults(func=cmd_check)


def _claims_option(parser) -> None:
    parser.add_argument("--claims", metavar="FILE", action="append", default=[],
                        help="a Python file of your own claims (the catalogue's @claim decorator); they join "
                             "the catalogue; repeatable; $VERIFY_CLAIMS adds more (paths separated by "
                             f"'{os.pathsep}')")


def _load_files(args) -> list:
    """The claims of the researcher's files (``--claims`` and ``$VERIFY_CLAIMS``), in file order."""
    files = registry.claims_files_from_env() + list(getattr(args, "claims", None) or [])
    out, seen = [], set()
    for path in files:
        for c in registry.load_claims_file(path):
            if c.name not in seen:
                seen.add(c.name)
                out.append(c)
    return out


# -- verify theorems ------------------------------------------------------------------------------

def _selected(paper: str | None):
    claims = registry.all_claims()
    if paper:
        claims = [c for c in claims if c.source.startswith(paper)]
        if not claims:
            raise InputError(f"no claim has a source starting with {paper!r}")
    return claims


def cmd_list(args) -> int:
    own = _load_files(args)
    claims = _selected(args.paper)
    if args.json:
        for c in claims:
            print_json(_claim_json(c))
        return 0
    width = max((len(c.name) for c in claims), default=4)
    for c in claims:
        flag = "  [erratum]" if c.erratum else (f"  [corrects {c.corrects}]" if c.corrects else "")
        if c.file is not None:
            flag += f"  [{c.file}]"
        print(f"{c.name:<{width}}  {c.source:<22} {c.size_name}<={c.default_size}{flag}")
    mine = sum(1 for c in claims if c.file is not None)
    print(f"{len(claims)} claims" + (f" ({mine} from your files)" if own else ""))
    return 0


def _claim_json(c) -> dict:
    out = {"name": c.name, "source": c.source, "statement": c.statement, "size_name": c.size_name,
           "default_size": c.default_size, "slow_size": c.slow_size}
    if c.erratum:
        out["erratum"] = c.erratum
    if c.corrects:
        out["corrects"] = c.corrects
    if c.file is not None:
        out["file"] = c.file
    return out


def cmd_check(args) -> int:
    if args.max_n is not None and args.max_n < 0:
        raise InputError("--max-n must be non-negative")
    if args.all and args.names:
        raise InputError("give claim names or --all, not both")
    own = _load_files(args)
    if not args.all and not args.names and not own:
        raise InputError("name a claim to check, or use --all, or --claims FILE (see 'verify theorems list')")
    if args.paper and not args.all:
        raise InputError("--paper goes with --all")
    if args.all:
        claims = _selected(args.paper)
    else:
        claims = [registry.get_claim(n) for n in args.names] if args.names else own
    if args.instance:
        if len(claims) != 1:
            raise InputError("--instance evaluates exactly one named claim")
        return _check_instance(claims[0], args.instance, args.json)
    bar = None
    if sys.stderr.isatty() and len(claims) > 1:
        from tqdm import tqdm
        bar = tqdm(total=len(claims), file=sys.stderr, unit="claim", leave=False)
    ok = True
    counts = {"holds": 0, "counterexample": 0, "error": 0}
    for claim in claims:
        if bar is not None:
            bar.set_description(claim.name[:30])
        size = args.max_n if args.max_n is not None else (
            claim.slow_size if args.slow and claim.slow_size is not None else claim.default_size)
        report = registry.check_claim(claim, size)
        good = expected(claim, report)
        saved = _save_certificate(claim, report, args.certificates)
        ok &= good
        counts[report.status] += 1
        if bar is not None:
            bar.update(1)
        if args.json:
            out = report.to_json()
            out["size_name"] = claim.size_name
            out["expected"] = good
            if claim.corrects:
                out["corrects"] = claim.corrects
            if claim.file is not None:
                out["file"] = claim.file
            if saved is not None:
                out["certificate_file"] = saved
            print_json(out)
        else:
            msg = _describe(claim, report, good, saved)
            if bar is not None:
                bar.write(msg, file=sys.stdout)
            else:
                print(msg, flush=True)
    if bar is not None:
        bar.close()
    if not args.json and len(claims) > 1:
        print(f"{len(claims)} claims: {counts['holds']} hold, {counts['counterexample']} counterexamples, "
              f"{counts['error']} errors; {'all as expected' if ok else 'UNEXPECTED RESULTS'}")
    return 0 if ok else 1


def _save_certificate(claim, report, directory: str | None) -> str | None:
    """Write the counterexample's certificate to DIRECTORY/NAME.json once the independent checker
    accepts it; returns the path, or ``"refused: WHY"`` for a certificate the checker refuses (nothing
    is written), or None (no directory, no counterexample, no certificate)."""
    cert = (report.counterexample or {}).get("certificate")
    if directory is None or cert is None:
        return None
    from ..errors import CertificateError
    from .common import write_checked_certificate
    folder = Path(directory)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise InputError(f"{directory}: cannot create the directory ({exc.strerror or exc})") from None
    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", claim.name)
    certs = cert if isinstance(cert, list) else [cert]   # a violation of several questions: one each
    paths = [folder / (stem + (".json" if i == 0 else f".{i + 1}.json")) for i in range(len(certs))]
    try:
        for c, path in zip(certs, paths):
            write_checked_certificate(c, path)
    except CertificateError as exc:
        return f"refused: {exc}"
    return ", ".join(map(str, paths))


def _describe(claim, report, good: bool, saved: str | None = None) -> str:
    head = f"{'ok  ' if good else 'FAIL'} {claim.name} [{claim.source}]"
    tail = f"({report.instances} instances, {report.seconds:.2f} s)"
    if report.status == "holds":
        note = " — known erratum, counterexample lies beyond this size" if claim.erratum else ""
        upto = "(fixed example)" if claim.size_name == "-" else f"up to {claim.size_name}={report.size}"
        return f"{head}: holds {upto} {tail}{note}"
    if report.status == "error":
        return f"{head}: error: {report.error} {tail}"
    cx = report.counterexample
    known = " (known erratum)" if claim.erratum else ""
    if saved is not None and saved.startswith("refused: "):
        cert = f" [certificate REFUSED by the checker: {saved[len('refused: '):]}]"
    elif saved is not None:
        cert = f" [certificate checked, written to {saved}]"
    else:
        cert = " [certificate attached, see --json]" if cx.get("certificate") else ""
    return (f"{head}: counterexample{known}: {json.dumps(cx['instance'])}: statement says "
            f"{json.dumps(cx['expected'])}, reference gives {json.dumps(cx['actual'])}{cert} {tail}")


def _read_instance(claim, path: str):
    """The instance file a claim takes, by its tag: a hypergraph (text or JSON) or a convex-geometry
    JSON object."""
    from ..formats import read_hypergraph, read_json
    if "instance:hypergraph" in claim.tags:
        h = read_hypergraph(path)
        return h, h.n
    if "instance:convex" in claim.tags:
        return read_json(path), None
    raise InputError(f"claim {claim.name} does not take an instance file (it is a fixed example or a "
                     "family-level statement)")


def _check_instance(claim, path: str, as_json: bool) -> int:
    inst, size = _read_instance(claim, path)
    v = claim.check(inst)  # a hypothesis violation raises InputError naming the hypothesis
    status = "holds" if v is None else "counterexample"
    good = status == "holds" or bool(claim.erratum)
    if as_json:
        out = {"name": claim.name, "source": claim.source, "status": status, "size": size, "instances": 1}
        if v is not None:
            out["counterexample"] = v.to_json()
        print_json(out)
    elif v is None:
        print(f"{claim.name} [{claim.source}]: holds on {path}")
    else:
        print(f"{claim.name} [{claim.source}]: fails on {path}: statement says {json.dumps(v.expected)}, "
              f"reference gives {json.dumps(v.actual)}")
    return 0 if good else 1
