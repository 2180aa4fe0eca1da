"""QDIMACS (the standard prenex-CNF exchange format of QBFEVAL) writer and reader.

``p cnf V C``, then one ``e``/``a`` line per quantifier block (outermost first, each ending in 0),
then the clauses. Comment lines (``c ...``) carry the encoding's description and variable names.
"""
from __future__ import annotations

from ...errors import InputError
from .game import PrenexCNF


def to_qdimacs(f: PrenexCNF, names: bool = False) -> str:
    out = [f"c {c}" for c in f.comments]
    if names:
        out += [f"c var {v} {n}" for v, n in sorted(f.names.items())]
    out.append(f"p cnf {f.nvars} {len(f.clauses)}")
    out += [f"{q} {' '.join(map(str, vs))} 0" for q, vs in f.prefix]
    out += [" ".join(map(str, c)) + " 0" for c in f.clauses]
    return "\n".join(out) + "\n"


def from_qdimacs(text: str, source: str = "<qdimacs>") -> PrenexCNF:
    """Parse QDIMACS (free variables are made outermost existential, as the standard says)."""
    f = PrenexCNF()
    header = None
    pending: list[int] = []
    for lineno, line in enumerate(text.splitlines(), 1):
        tok = line.split()
        if not tok or tok[0] == "c":
            if tok and len(tok) >= 2 and tok[0] == "c" and header is None and tok[1] != "var":
                f.comments.append(line[2:])
            continue
        try:
            if tok[0] == "p":
                if header is not None or len(tok) != 4 or tok[1] != "cnf":
                    raise InputError(f"{source}:{lineno}: bad problem line")
                header = (int(tok[2]), int(tok[3]))
                f.nvars = header[0]
                continue
            if header is None:
                raise InputError(f"{source}:{lineno}: data before the 'p cnf' line")
            if tok[0] in ("e", "a"):
                if f.clauses or tok[-1] != "0":
                    raise InputError(f"{source}:{lineno}: misplaced or unterminated quantifier line")
                f.quantify(tok[0], [int(x) for x in tok[1:-1]])
                continue
            pending += [int(x) for x in tok]
        except ValueError:
            raise InputError(f"{source}:{lineno}: expected integers") from None
        while 0 in pending:
            i = pending.index(0)
            f.clauses.append(pending[:i])
            pending = pending[i + 1:]
    if header is None:
        raise InputError(f"{source}: no 'p cnf' line")
    if pending:
        raise InputError(f"{source}: last clause is not terminated by 0")
    if len(f.clauses) != header[1]:
        raise InputError(f"{source}: header says {header[1]} clauses, found {len(f.clauses)}")
    bound = {v for _, vs in f.prefix for v in vs}
    free = [v for v in range(1, f.nvars + 1) if v not in bound]
    if free:
        f.prefix.insert(0, ("e", free))
        if len(f.prefix) > 1 and f.prefix[1][0] == "e":
            f.prefix[0:2] = [("e", f.prefix[0][1] + f.prefix[1][1])]
    f.check_closed()
    return f
