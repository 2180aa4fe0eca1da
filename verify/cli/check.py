"""``verify check PATH...``: re-verify certificates with the independent checker (no solver is called).

Exit status 0 when every certificate is verified, 1 when one fails, 2 on bad input."""
from __future__ import annotations

from pathlib import Path

from ..errors import CertificateError, VerifyError
from .common import print_json


def add_cli(sub) -> None:
    c = sub.add_parser("check", help="verify certificates (files or folders of *.json)")
    c.add_argument("paths", nargs="+", help="certificate files, or folders searched for *.json")
    c.add_argument("--json", action="store_true", help="print one JSON object")
    c.set_defaults(func=cmd_check)


def certificate_files(args_paths) -> list[Path]:
    """The files named, with every ``*.json`` below each folder named."""
    paths = []
    for p in map(Path, args_paths):
        if p.is_dir():
            paths.extend(sorted(q for q in p.rglob("*.json") if q.is_file()))
        elif p.exists():
            paths.append(p)
        else:
            raise VerifyError(f"{p}: no such file or directory")
    if not paths:
        raise VerifyError("no certificate files found")
    return paths


def cmd_check(args) -> int:
    from ..certificates.checker import check_file
    failed = 0
    rows = []
    for p in certificate_files(args.paths):
        try:
            report = check_file(p)
            rows.append({"path": str(p), "ok": True, "kind": report.kind, "claim": report.claim,
                         "detail": report.detail})
            if not args.json:
                print(f"ok    {p}: {report.line()}")
        except CertificateError as exc:
            failed += 1
            rows.append({"path": str(p), "ok": False, "error": str(exc)})
            if not args.json:
                print(f"FAIL  {p}: {exc}")
    if args.json:
        print_json({"checked": len(rows), "failed": failed, "results": rows})
    else:
        print(f"{len(rows) - failed} of {len(rows)} certificates verified")
    return 1 if failed else 0
