"""``python -m verify.second_opinion FILE...``: one line per file; exit status 1 if any is refused."""
from __future__ import annotations

import sys

from . import Refused, check_path


def _safe(text: str) -> str:
    """Text with control characters shown escaped, never sent to the terminal."""
    return "".join(c if c.isprintable() else ascii(c)[1:-1] for c in text)


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m verify.second_opinion CERTIFICATE...", file=sys.stderr)
        return 2
    refused = 0
    for path in argv:
        try:
            opinion = check_path(path)
        except Refused as exc:
            refused += 1
            print(f"refused: {_safe(path)}: {_safe(str(exc))}")
            continue
        verdict = ", ".join(f"{k}={v}" for k, v in opinion.verdict.items())
        print(f"agree: {_safe(path)}: {opinion.kind} proves {_safe(verdict)} ({_safe(opinion.detail)})")
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
