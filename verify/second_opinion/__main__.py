"""``python -m verify.second_opinion [--json] FILE...``: one line per file (``agree: ...`` or
``refused: ...``), or with ``--json`` one JSON object per line (``{"path", "status": "agree" |
"refused", "kind", "question", "verdict", "detail"}`` or ``{"path", "status", "error"}``); exit
status 1 if any file is refused. ``verify check --second-opinion`` runs this in its own process."""
from __future__ import annotations

import json
import sys

from . import Refused, check_path


def _safe(text: str) -> str:
    """Text with control characters shown escaped, never sent to the terminal."""
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)


def main(argv: list[str]) -> int:
    as_json = bool(argv) and argv[0] == "--json"
    paths = argv[1:] if as_json else argv
    if not paths:
        print("usage: python -m verify.second_opinion [--json] CERTIFICATE...", file=sys.stderr)
        return 2
    refused = 0
    for path in paths:
        try:
            opinion = check_path(path)
        except Refused as exc:
            refused += 1
            if as_json:
                print(json.dumps({"path": path, "status": "refused", "error": str(exc)}), flush=True)
            else:
                print(f"refused: {_safe(path)}: {_safe(str(exc))}")
            continue
        if as_json:
            print(json.dumps({"path": path, "status": "agree", "kind": opinion.kind, "question": opinion.question,
                              "verdict": opinion.verdict, "detail": opinion.detail}), flush=True)
        else:
            verdict = ", ".join(f"{k}={v}" for k, v in opinion.verdict.items())
            print(f"agree: {_safe(path)}: {opinion.kind} proves {_safe(verdict)} ({_safe(opinion.detail)})")
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
