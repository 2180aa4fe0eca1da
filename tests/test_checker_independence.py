"""The central promise: checking a certificate of any kind loads no solver module, no encoder's
engine adapter and no engine (python-sat, pyqbf, z3). Certificates are made here with the solvers,
then checked in a fresh interpreter that reports what it imported."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from verify.families import tic_tac_toe
from verify.formats.instances import load_instance
from verify.games.maker_breaker import MakerBreakerGame
from verify.solvers import solve
from verify.solvers.sat import find_pairing

ROOT = Path(__file__).resolve().parent.parent

CHECK = """
import json, sys
from verify.certificates.checker import check_file
kinds = sorted({check_file(p).kind for p in sys.argv[1:]})
loaded = sorted(m for m in sys.modules if m.startswith(("verify.solvers", "verify.encode.sat_backends",
                "verify.encode.qbf.backends", "verify.encode.smt_backends", "verify.encode.child",
                "pysat.solvers", "pyqbf", "z3")))
print(json.dumps({"kinds": kinds, "loaded": loaded}))
"""


def _write(tmp_path: Path, name: str, cert: dict) -> Path:
    p = tmp_path / name
    p.write_text(json.dumps(cert), encoding="utf-8")
    return p


@pytest.mark.parametrize("limit", [256_000, pytest.param(None, marks=pytest.mark.slow)])
def test_checking_every_kind_loads_no_solver(tmp_path, limit):
    """Every committed proof up to ``limit`` bytes (all in the slow run) and one fresh certificate of
    each kind no proof has: checked without loading a solver."""
    made = [
        _write(tmp_path, "no-pairing.json",
               find_pairing(MakerBreakerGame(tic_tac_toe(4)), certificate=True).certificate),
        _write(tmp_path, "pg-strategy.json",
               solve("pg", load_instance("pg", ROOT / "encodings/pg/hex3-empty.pg"), method="explicit",
                     certificate=True).certificate),
        _write(tmp_path, "convex.json",
               solve("gen", load_instance("gen", ROOT / "examples/convex/line3.json"),
                     certificate=True).certificate),
        _write(tmp_path, "hypernim.json",
               solve("hypernim", load_instance("hypernim", ROOT / "examples/hypernim/nim3.json"),
                     certificate=True).certificate),
    ]
    proofs = [p for p in sorted((ROOT / "proofs").rglob("*.json")) if limit is None or p.stat().st_size <= limit]
    out = subprocess.run([sys.executable, "-c", CHECK, *map(str, made + proofs)], capture_output=True,
                         text=True, check=True, cwd=ROOT)
    report = json.loads(out.stdout)
    assert {"sat-unsat-drat", "pg-strategy", "convex-nim-labelling", "hypernim-sg-table",
            "maker-breaker-strategy", "maker-breaker-pairing", "nim-labelling", "pg-proof"} <= set(report["kinds"]), \
        report["kinds"]
    assert report["loaded"] == [], report["loaded"]
