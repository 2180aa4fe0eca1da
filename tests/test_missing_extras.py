"""A missing optional dependency is one line naming the extra that provides it (exit 5), and it is
the extra of the method asked for, not of a helper the method would have used later."""
import subprocess
import sys

import pytest

BLOCK = """
import sys, importlib.abc
class Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in {blocked!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
sys.meta_path.insert(0, Block())
from verify.cli import main
sys.exit(main(sys.argv[1:]))
"""


def run(blocked, *args):
    return subprocess.run([sys.executable, "-c", BLOCK.format(blocked=set(blocked)), *args],
                          capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("method, extra", [("qbf", "qbf"), ("pairing", "sat")])
def test_missing_engine_names_its_own_extra(method, extra):
    r = run({"pyqbf", "pysat", "z3", "pynauty"}, "solve", "maker-breaker",
            "examples/tic-tac-toe-3.txt", "--method", method)
    assert r.returncode == 5, r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    assert f"[{extra}]" in r.stderr or f"'{extra}'" in r.stderr or f" {extra}" in r.stderr, r.stderr
    assert "nauty" not in r.stderr
