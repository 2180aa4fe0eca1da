"""Every command of the README's five-minute tour runs on a fresh checkout (a copy of the tracked
files, nothing from ``../shared``), exits 0 and prints what the README shows (times may differ; a
line ``...`` stands for any further lines; a certificate's "made by" line matches any version, commit
and date)."""
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from console import console_steps

ROOT = Path(__file__).resolve().parent.parent
TIME = re.compile(r"\d+(?:\.\d+)?(?:e-?\d+)? ?s\b")
MADE_BY = re.compile(r"^( +made by \S+) \S+(?: \(commit [^)]*\))? on \S+$")


def tour() -> list[tuple[str, list[str]]]:
    """(command, expected output lines) for each ``$ command`` in the tour's code blocks."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## A five-minute tour", 1)[1].split("\n## ", 1)[0]
    return console_steps(section)


def normal(line: str) -> str:
    return MADE_BY.sub(r"\1 VERSION (commit C) on DATE", TIME.sub("T s", line.rstrip()))


def matches(expected: list[str], got: list[str]) -> bool:
    norm = [normal(line) for line in got]
    for i, line in enumerate(expected):
        if line == "...":
            return True
        if i >= len(norm) or normal(line) != norm[i]:
            return False
    return len(norm) == len(expected)


def test_the_tour_has_commands_and_reads_nothing_outside_the_clone():
    steps = tour()
    assert len(steps) >= 8
    assert not [cmd for cmd, _ in steps if "shared/" in cmd or ".." in cmd.split()]


def test_every_tour_command_runs_on_a_fresh_checkout(tmp_path):
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, timeout=60)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    clone = tmp_path / "clone"
    for name in listed.stdout.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, clone / name)
    prelude = (f'verify() {{ "{sys.executable}" -m verify.cli "$@"; }}\n'
               f'python() {{ "{sys.executable}" "$@"; }}\n')
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(clone), "HOME": str(tmp_path), "LANG": "C.UTF-8"}
    for cmd, expected in tour():
        out = subprocess.run(["bash", "-c", prelude + cmd], cwd=clone, env=env, capture_output=True,
                             text=True, timeout=300)
        assert out.returncode == 0, f"$ {cmd}\n{out.stderr}"
        if expected:
            assert matches(expected, out.stdout.splitlines()), f"$ {cmd}\n{out.stdout}"
