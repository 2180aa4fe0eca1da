"""The trusted kernel: the modules a certificate's verdict rests on.

``verify check`` reaches the checker through these modules alone (the model, the formats, the game
rules, the question, the certificate kinds and their checker, and the command-line front end of
``check``); none of them imports a solver, an encoder, an engine adapter or a third-party package,
directly or lazily (``tests/test_kernel.py`` checks both the import graph of these files and the
modules a ``verify check`` run actually loads). ``python -m verify.kernel`` prints each module's
size; the documentation states the total, computed when it is built (docs/conf.py).
"""
from __future__ import annotations

from pathlib import Path

KERNEL_MODULES = (
    "verify", "verify.errors", "verify.labels", "verify.hypergraph", "verify.limits", "verify.plugins",
    "verify.question", "verify.result", "verify.convex",
    # who made a certificate or output (version, commit, date): written beside the claim, never read
    # for a verdict; here because verify, verify.certificates and verify.cli.common import it
    "verify.provenance",
    "verify.formats", "verify.formats.common", "verify.formats.text", "verify.formats.jsonfmt",
    "verify.formats.pg", "verify.formats.convex", "verify.formats.hypernim", "verify.formats.instances",
    "verify.formats.questions", "verify.formats.sniff",
    "verify.games", "verify.games.maker_breaker", "verify.games.impartial", "verify.games.positional",
    "verify.games.attack", "verify.games.convex", "verify.games.hypernim", "verify.games.conventions",
    "verify.certificates", "verify.certificates.checker", "verify.certificates.cnf",
    "verify.certificates.proof", "verify.certificates.extra", "verify.certificates.convex",
    "verify.certificates.hypernim", "verify.certificates.drat", "verify.certificates.rank3",
    "verify.certificates.chains", "verify.certificates.book", "verify.certificates.positional",
    "verify.certificates.positional_pairing",
    "verify.cli", "verify.cli.check", "verify.cli.common",
    "verify.kernel",
)


def module_path(name: str) -> Path:
    root = Path(__file__).resolve().parent.parent
    p = root / name.replace(".", "/")
    return p / "__init__.py" if p.is_dir() else p.with_suffix(".py")


def kernel_lines() -> dict[str, int]:
    """Lines of each kernel module (every line, comments and docstrings included)."""
    return {m: len(module_path(m).read_text(encoding="utf-8").splitlines()) for m in KERNEL_MODULES}


if __name__ == "__main__":
    sizes = kernel_lines()
    for m, n in sizes.items():
        print(f"{n:6d}  {m}")
    print(f"{sum(sizes.values()):6d}  total ({len(sizes)} modules)")
