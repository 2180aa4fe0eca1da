"""What every command shares: JSON output, writing files, and "check the certificate, then write it"."""
from __future__ import annotations

import json
from pathlib import Path

from ..errors import InputError


def print_json(obj) -> None:
    """Print a command's ``--json`` output on one line; an object gains the top-level key
    ``made_by`` (tool, version, commit, date: :func:`verify.provenance.made_by`) last."""
    if isinstance(obj, dict) and "made_by" not in obj:
        from ..provenance import made_by
        obj = {**obj, "made_by": made_by()}
    print(json.dumps(obj, indent=None, sort_keys=False), flush=True)


def write_file(path, text: str) -> None:
    """Write ``text`` to ``path``; an unwritable path is one line of error, not a traceback."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise InputError(f"{path}: cannot write ({exc.strerror or exc})") from None


def write_certificate(result, path) -> dict:
    """Write the certificate of a certified result (checked and bound to its answer by
    :func:`verify.solvers.solve`) to ``path``; returns ``{"path", "checked"}`` for the output. A
    result without a verified certificate is an error: nothing is written."""
    from ..errors import VerifyError
    if not result.certified:
        raise VerifyError(f"method {result.method} produced no certificate for this instance")
    if path is not None:
        write_file(path, json.dumps(result.certificate) + "\n")
    return {"path": path, "checked": result.check.detail}


def write_checked_certificate(certificate: dict, path) -> dict:
    """Verify ``certificate`` with the independent checker, then write it to ``path`` (when given).

    Returns ``{"path": path, "checked": detail}`` for the command's output; a certificate that fails
    checking is never written (the checker's :class:`CertificateError` propagates)."""
    from ..certificates.checker import check_certificate
    report = check_certificate(certificate)
    if path is not None:
        write_file(path, json.dumps(certificate) + "\n")
    return {"path": path, "checked": report.detail}


def certificate_line(info: dict) -> str:
    """The human line after a certified answer."""
    where = f"certificate written to {info['path']}; " if info.get("path") else ""
    return f"{where}independent check: {info['checked']}"


def first_player(parser) -> None:
    parser.add_argument("--first", choices=["maker", "breaker"], default="maker",
                        help="who moves first (default maker)")
