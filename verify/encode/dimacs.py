"""DIMACS CNF: the plain-text exchange format of SAT solvers (``p cnf V C``, clauses ending in 0)."""
from __future__ import annotations

from ..errors import InputError


def write_dimacs(nvars: int, clauses, comments=()) -> str:
    """DIMACS text; each comment line is prefixed with ``c``."""
    lines = [f"c {line}".rstrip() for text in comments for line in str(text).splitlines()]
    lines.append(f"p cnf {nvars} {len(clauses)}")
    lines.extend(" ".join([*map(str, c), "0"]) for c in clauses)
    return "\n".join(lines) + "\n"


def read_dimacs(text: str) -> tuple[int, list[tuple[int, ...]]]:
    """Parse DIMACS text into (number of variables, clauses); raise InputError if malformed."""
    nvars = ncl = None
    clauses: list[tuple[int, ...]] = []
    cur: list[int] = []
    for no, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s or s.startswith("c") or s == "%":
            continue
        if s.startswith("p"):
            parts = s.split()
            if nvars is not None or len(parts) != 4 or parts[1] != "cnf":
                raise InputError(f"DIMACS line {no}: bad header {s!r}")
            try:
                nvars, ncl = int(parts[2]), int(parts[3])
            except ValueError:
                raise InputError(f"DIMACS line {no}: bad header {s!r}") from None
            continue
        if nvars is None:
            raise InputError(f"DIMACS line {no}: clause before the 'p cnf' header")
        for tok in s.split():
            try:
                x = int(tok)
            except ValueError:
                raise InputError(f"DIMACS line {no}: not a literal: {tok!r}") from None
            if abs(x) > nvars:
                raise InputError(f"DIMACS line {no}: literal {x} exceeds {nvars} variables")
            if x == 0:
                clauses.append(tuple(cur))
                cur = []
            else:
                cur.append(x)
    if nvars is None:
        raise InputError("DIMACS text has no 'p cnf' header")
    if cur:
        raise InputError("DIMACS text ends inside a clause (missing 0)")
    if len(clauses) != ncl:
        raise InputError(f"DIMACS header announces {ncl} clauses, found {len(clauses)}")
    return nvars, clauses
