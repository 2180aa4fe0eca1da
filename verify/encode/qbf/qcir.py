"""QCIR-G14 (the QBFEVAL circuit format) writer and reader for prenex CNFs.

Written form: ``#QCIR-G14``, one ``exists(...)``/``forall(...)`` line per block (outermost first),
``output(g)``, then one ``or`` gate per clause and the ``and`` gate ``g`` over them. Gate variables
are numbered after the input variables. The reader accepts this CNF-shaped subset (and/or gates over
literals of inputs or earlier gates) and flattens it back to a prenex CNF of the same variables.
"""
from __future__ import annotations

import re

from ...errors import InputError
from .game import PrenexCNF


def to_qcir(f: PrenexCNF) -> str:
    out = ["#QCIR-G14"] + [f"# {c}" for c in f.comments]
    names = {"e": "exists", "a": "forall"}
    out += [f"{names[q]}({', '.join(map(str, vs))})" for q, vs in f.prefix]
    top = f.nvars + len(f.clauses) + 1
    out.append(f"output({top})")
    for i, c in enumerate(f.clauses):
        out.append(f"{f.nvars + 1 + i} = or({', '.join(map(str, c))})")
    out.append(f"{top} = and({', '.join(str(f.nvars + 1 + i) for i in range(len(f.clauses)))})")
    return "\n".join(out) + "\n"


_LINE = re.compile(r"^\s*(?:(\d+)\s*=\s*)?(exists|forall|output|and|or)\s*\(([^)]*)\)\s*$")


def from_qcir(text: str, source: str = "<qcir>") -> PrenexCNF:
    """Parse the CNF-shaped QCIR subset written by :func:`to_qcir`."""
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not text.lstrip().upper().startswith("#QCIR-G14"):
        raise InputError(f"{source}: missing '#QCIR-G14' header")
    f = PrenexCNF()
    gates: dict[int, tuple[str, list[int]]] = {}
    output = None
    inputs: set[int] = set()
    for ln in lines:
        m = _LINE.match(ln)
        if not m:
            raise InputError(f"{source}: cannot parse line {ln.strip()!r}")
        gid, op, args = m.group(1), m.group(2), m.group(3)
        try:
            vals = [int(a) for a in args.replace(" ", "").split(",") if a]
        except ValueError:
            raise InputError(f"{source}: non-numeric variable in {ln.strip()!r}") from None
        if op in ("exists", "forall"):
            if gates or output is not None:
                raise InputError(f"{source}: quantifier after the output line")
            f.quantify("e" if op == "exists" else "a", vals)
            inputs.update(vals)
        elif op == "output":
            output = vals[0] if len(vals) == 1 else None
        else:
            if gid is None:
                raise InputError(f"{source}: gate without a name: {ln.strip()!r}")
            for v in vals:
                if abs(v) not in inputs and abs(v) not in gates:
                    raise InputError(f"{source}: gate {gid} uses undefined {abs(v)}")
            gates[int(gid)] = (op, vals)
    if output is None or output not in gates or gates[output][0] != "and":
        raise InputError(f"{source}: output must be an 'and' gate (CNF-shaped QCIR)")
    f.nvars = max(inputs, default=0)
    for g in gates[output][1]:
        if g < 0 or g not in gates or gates[g][0] != "or":
            raise InputError(f"{source}: output conjuncts must be 'or' gates over inputs")
        clause = gates[g][1]
        if any(abs(x) not in inputs for x in clause):
            raise InputError(f"{source}: nested gates are not supported by this reader")
        f.clauses.append(list(clause))
    f.check_closed()
    return f
