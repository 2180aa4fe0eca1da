"""The trusted kernel (verify.kernel): ``verify check`` loads nothing but its modules, and no kernel
module imports (even lazily, inside a function) anything outside it or outside the standard library."""
import ast
import subprocess
import sys
from pathlib import Path

import pytest

from test_layers import _imports, _module

from verify.kernel import KERNEL_MODULES, module_path

ROOT = Path(__file__).resolve().parent.parent

AUDIT = r"""
import io, sys, contextlib
from verify.cli import main
proofs, cert, instance = sys.argv[1:-2], sys.argv[-2], sys.argv[-1]
with contextlib.redirect_stdout(io.StringIO()):
    rc = (main(["check", *proofs]), main(["check", cert, "--instance", instance, "--first", "maker",
                                           "--expect", "maker"]))
print(rc)
print(" ".join(sorted(m for m in sys.modules if m.startswith("verify"))))
print(" ".join(sorted({m.split(".")[0] for m in sys.modules} - set(sys.stdlib_module_names))))
"""


#: the default run audits the proofs up to this size (every kind is among them); the slow run all of them
AUDIT_FAST_BYTES = 256_000


@pytest.mark.parametrize("limit", [AUDIT_FAST_BYTES, pytest.param(None, marks=pytest.mark.slow)])
def test_check_on_the_cli_path_loads_only_the_kernel(limit):
    proofs = [str(p) for p in sorted((ROOT / "proofs").rglob("*.json"))
              if limit is None or p.stat().st_size <= limit]
    kinds = {p.split("/")[-2] for p in proofs}
    assert {"maker-breaker", "impartial", "classical"} <= kinds
    ttt = ["proofs/maker-breaker/tic-tac-toe-3x3-maker-first.json", "examples/tic-tac-toe-3.txt"]
    out = subprocess.run([sys.executable, "-c", AUDIT, *proofs, *ttt],
                         capture_output=True, text=True, cwd=ROOT, timeout=600)
    rc, mods, third = out.stdout.strip().splitlines()
    assert rc == "(0, 0)", out.stderr
    loaded = set(mods.split())
    assert loaded <= set(KERNEL_MODULES), sorted(loaded - set(KERNEL_MODULES))
    assert "verify.certificates.proof" in loaded and "verify.cli.check" in loaded
    # no third-party package at all: no solver library, engine binding, numpy, networkx ...
    assert set(third.split()) <= {"verify", "__main__", "_distutils_hack"} | {m for m in third.split()
                                                                              if m.startswith(("__editable__", "cmeel"))}


def test_kernel_modules_import_only_the_kernel_and_the_standard_library():
    kernel = set(KERNEL_MODULES)
    for name in KERNEL_MODULES:
        path = module_path(name)
        assert _module(path) == name
        outside = {t for t in _imports(path) if t not in kernel}
        assert not outside, f"{name} imports {sorted(outside)}"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                roots = {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and not node.level:
                roots = {(node.module or "").split(".")[0]}
            else:
                continue
            foreign = roots - set(sys.stdlib_module_names) - {"verify", "__future__"}
            assert not foreign, f"{name} imports {sorted(foreign)}"
