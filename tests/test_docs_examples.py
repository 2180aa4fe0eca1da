"""The user docs show what the tool does today.

- Every ``$ verify ...`` console example of the user pages listed in :data:`PAGES` runs and prints
  what the page shows (the approach of ``tests/test_readme.py``): times are normalised, ``…`` in a
  shown line stands for any text (digests, paths, commits, dates the page elides; a quoted
  ``"…"`` also for ``null`` or a number), and a line ``...`` for any further lines. Commands
  reading files outside the repository (``../shared``) or rebuilding the corpus are skipped.
- No file the README links to shows an unfilled substitution (``{{ n_claims }}``): GitHub shows the
  raw Markdown.
- A result prints as one short line (``print(result)``), not its certificate.
"""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from console import console_steps as steps_of

ROOT = Path(__file__).resolve().parent.parent
TIME = re.compile(r"\d+(?:\.\d+)?(?:e-?\d+)? ?s\b")
SECONDS = re.compile(r'("\w*seconds"): -?[0-9.]+(?:e-?\d+)?')


def normal(line: str) -> str:
    """Times replaced by ``T s`` (text) or ``T`` (a JSON ``seconds`` field), trailing blanks cut."""
    return SECONDS.sub(r"\1: T", TIME.sub("T s", line.rstrip()))


#: user pages whose console examples are cheap (each command well under 5 s) and checked here
PAGES = ["docs/getting-started.md", "docs/choosing-a-method.md", "docs/methods.md"]
#: commands not run: they read files outside the repository or rewrite the repository's files
SKIP = ("../shared", "encode corpus")


def console_steps(page: str) -> list[tuple[str, list[str]]]:
    """(command, shown output lines) for each ``$ command`` of the page's fenced code blocks."""
    return steps_of((ROOT / page).read_text(encoding="utf-8"), console_blocks_only=True)


def line_pattern(shown: str) -> re.Pattern:
    parts = re.split(r'("…"|…)', normal(shown))
    out = []
    for part in parts:
        if part == '"…"':
            out.append(r'(?:".*?"|null|-?[0-9.e+-]+)')
        elif part == "…":
            out.append(".*?")
        else:
            out.append(re.escape(part))
    return re.compile("".join(out))


def matches(shown: list[str], got: list[str]) -> bool:
    norm = [normal(line) for line in got]
    for i, line in enumerate(shown):
        if line.strip() == "...":
            return True
        if i >= len(norm) or not line_pattern(line).fullmatch(norm[i]):
            return False
    return len(norm) == len(shown)


def test_the_matcher():
    assert matches(['{"a": 1, "seconds": 0.5, "c": "…", "d": "…"}'],
                   ['{"a": 1, "seconds": 0.000123, "c": "sha256:12ab", "d": null}'])
    assert not matches(['{"a": 1}'], ['{"a": 2}'])
    assert matches(["ok    x.json: board sha256:…", "..."], ["ok    x.json: board sha256:9f", "more"])
    assert not matches(["one"], ["one", "two"])


def test_the_pages_have_examples():
    assert len(console_steps("docs/getting-started.md")) >= 10
    for page in PAGES:
        assert console_steps(page), page


@pytest.mark.parametrize("page", PAGES)
def test_console_examples_print_what_the_page_shows(page, tmp_path):
    for name in ("examples", "encodings", "proofs"):
        (tmp_path / name).symlink_to(ROOT / name)
    prelude = f'verify() {{ "{sys.executable}" -m verify.cli "$@"; }}\n'
    env = {**os.environ, "PYTHONPATH": str(ROOT), "HOME": str(tmp_path), "LANG": "C.UTF-8",
           "COLUMNS": "100"}
    ran = 0
    for cmd, shown in console_steps(page):
        if any(s in cmd for s in SKIP):
            continue
        out = subprocess.run(["bash", "-c", prelude + cmd], cwd=tmp_path, env=env, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
        ran += 1
        got = out.stdout.splitlines()
        if shown and shown[0].startswith("verify: error"):
            assert out.returncode != 0, f"$ {cmd}\n{out.stdout}"
        else:
            assert out.returncode == 0, f"$ {cmd}\n{out.stdout}"
        assert matches(shown, got), f"{page}: $ {cmd}\nshown:\n" + "\n".join(shown) + \
            "\nprinted:\n" + out.stdout
    assert ran


def readme_links() -> list[Path]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = {m.split("#")[0] for m in re.findall(r"\]\(([^)\s]+)\)", text)}
    return sorted(ROOT / t for t in targets
                  if not re.match(r"[a-z]+:", t) and t and (ROOT / t).is_file()
                  and t.endswith((".md", ".txt", ".rst", ".cff")))


#: a MyST substitution (``{{ n_claims }}``); BibTeX's ``{{the verify developers}}`` is not one
SUBSTITUTION = re.compile(r"\{\{\s*\w+\s*\}\}")


def test_the_readme_links_the_user_pages():
    linked = {str(p.relative_to(ROOT)) for p in readme_links()}
    assert {"docs/getting-started.md", "docs/methods.md", "docs/classical.md"} <= linked


@pytest.mark.parametrize("page", [str(p.relative_to(ROOT)) for p in readme_links()] + ["README.md"])
def test_files_linked_from_the_readme_show_no_placeholders(page):
    shown = [f"{page}:{i}: {line.strip()}"
             for i, line in enumerate((ROOT / page).read_text(encoding="utf-8").splitlines(), 1)
             if SUBSTITUTION.search(line)]
    assert not shown, "unfilled substitutions (GitHub shows them raw):\n" + "\n".join(shown)


def test_a_result_prints_as_one_short_line():
    import verify
    board = verify.family("tic-tac-toe", 3)
    result = verify.solve("maker-breaker", board, method="explicit", certificate=True)
    assert result.certified
    for text in (repr(result), str(result)):
        assert "\n" not in text and len(text) < 200, text
    assert repr(result) == "Outcome(maker-breaker: maker wins, maker first; method explicit; certified)"
    nim = verify.solve("acv", board)
    assert repr(nim) == "NimValue(acv: nim = 1; method explicit; not certified)"
    import dataclasses
    assert dataclasses.replace(result) == result  # dataclass equality is kept
