"""Console examples of the docs: the ``$ command`` lines of fenced code blocks and the output shown
under each (used by tests/test_readme.py for the README's tour and tests/test_docs_examples.py for the
user pages)."""
from __future__ import annotations

import re


def console_steps(text: str, console_blocks_only: bool = False) -> list[tuple[str, list[str]]]:
    """(command, shown output lines) for each ``$ command`` of the fenced code blocks of ``text``;
    ``console_blocks_only``: skip the blocks that do not start with a command."""
    steps: list[tuple[str, list[str]]] = []
    for block in re.findall(r"^```[^\n]*\n(.*?)^```", text, re.S | re.M):
        if console_blocks_only and not block.startswith("$ "):
            continue
        for line in block.splitlines():
            if line.startswith("$ "):
                steps.append((line[2:], []))
            elif steps:
                steps[-1][1].append(line)
    return steps
