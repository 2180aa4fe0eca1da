"""The Python API (``import verify``): its documented examples run, the surface is what ``__all__``
says, ``import verify`` stays as cheap as the kernel, and a session that imports only ``verify``
solves, certifies, checks and draws a board."""
import doctest
import importlib
import inspect
import subprocess
import sys
from pathlib import Path

import pytest

import verify
from verify.kernel import KERNEL_MODULES

ROOT = Path(__file__).resolve().parent.parent

#: the modules whose docstring examples are part of the documentation (run as doctests here)
DOCTEST_MODULES = ("verify", "verify.api", "verify.hypergraph", "verify.labels")


@pytest.mark.parametrize("name", DOCTEST_MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                             raise_on_error=False, report=True, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples of {name} failed"


def test_every_public_function_is_documented_with_an_example():
    import verify.api as api
    assert api.__all__ == verify.__all__
    for name in verify.__all__:
        obj = getattr(verify, name)
        if callable(obj) and getattr(obj, "__module__", "") == "verify.api":
            doc = obj.__doc__ or ""
            assert "Examples\n    --------" in doc, f"verify.{name} has no Examples section"
            if not isinstance(obj, type):
                if inspect.signature(obj).parameters:
                    assert "Parameters\n    ----------" in doc, f"verify.{name} has no Parameters section"
                assert "Returns\n    -------" in doc, f"verify.{name} has no Returns section"
    assert "References\n----------" in api.__doc__


def test_import_verify_loads_nothing_but_its_top_module():
    code = ("import sys, verify; print(' '.join(sorted(m for m in sys.modules if m.startswith('verify'))));"
            "verify.solve; print(' '.join(sorted({m.split('.')[0] for m in sys.modules} - set(sys.stdlib_module_names))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    loaded, third = out.stdout.splitlines()
    assert loaded.split() == ["verify"] and "verify" in KERNEL_MODULES
    # the API itself imports no solver library, engine binding or plotting package
    assert not {"pysat", "pyqbf", "z3", "matplotlib", "numpy", "networkx", "dask"} & set(third.split())


def test_unknown_names_are_attribute_errors():
    with pytest.raises(AttributeError):
        verify.no_such_name  # noqa: B018
    assert set(verify.__all__) <= set(dir(verify))


SESSION = r"""
import json, sys, verify
board = verify.family("tic-tac-toe", 3)
result = verify.solve("maker-breaker", board, certificate=True)
assert (str(result.winner), result.certified) == ("maker", True)
assert "<table>" in result._repr_html_() and "certified" in result._repr_html_()
cert = verify.Certificate(result.certificate)
path = cert.save(sys.argv[1] + "/ttt3.json")
report = verify.check(path, board, expect="maker")
assert report.verdict == {"winner": "maker"} and "<table>" in report._repr_html_()
picture = verify.picture(verify.Certificate.read(path), ["b2", "a1"], path=sys.argv[1] + "/position.svg")
assert picture.next_move in board.vertices and picture.svg().lstrip().startswith("<?xml")
assert "<svg" in board._repr_svg_() and "<svg" in cert._repr_html_()
bounded = verify.solve("maker-breaker", board, method="search", rounds=2, certificate=True)
assert str(bounded.answer) == "no" and bounded.certified
print(json.dumps(result.to_json()["question"]))
"""


def test_a_session_that_imports_only_verify_solves_certifies_checks_and_draws(tmp_path):
    out = subprocess.run([sys.executable, "-c", SESSION, str(tmp_path)], capture_output=True, text=True,
                         cwd=tmp_path, timeout=300)
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "position.svg").read_text().count("<svg") == 1


def test_solve_reads_files_and_refuses_a_first_player_where_there_is_none(tmp_path):
    path = tmp_path / "h.txt"
    path.write_text("a b\nb c\n")
    assert str(verify.solve("maker-breaker", path, first="breaker").first) == "breaker"
    assert verify.solve("avd", str(path)).nim == verify.solve("avd", verify.load("avd", path)).nim
    with pytest.raises(verify.InputError, match="maker-breaker games only"):
        verify.solve("acv", verify.load("acv", path), first="maker")


def test_check_compares_the_question_and_the_verdict():
    fano = verify.family("fano")
    r = verify.solve("maker-breaker", fano, first="breaker", certificate=True)
    assert verify.check(r, fano).verdict == {"winner": "breaker"}   # the certificate's first player
    game = verify.MakerBreakerGame(fano, "maker")
    with pytest.raises(verify.CertificateError, match="maker first"):
        verify.check(r, game)                  # a game object keeps its own first player
    with pytest.raises(verify.CertificateError, match="not the expected winner=maker"):
        verify.check(r, expect={"winner": "maker"})
    with pytest.raises(verify.InputError, match="certificate=True"):
        verify.check(verify.solve("maker-breaker", fano))


def test_rich_display_of_boards_positions_and_impartial_results():
    fano = verify.family("fano")
    assert "<svg" in fano._repr_svg_()
    assert "<svg" in verify.MakerBreakerGame(fano.mark("1"), "breaker")._repr_svg_()
    nim = verify.solve("acv", fano, certificate=True)
    html = nim._repr_html_()
    assert "nim=1" in html and "yes (" in html
    assert "<svg" in verify.Certificate(nim.certificate)._repr_html_()
    forged = dict(nim.certificate, claim={**nim.certificate["claim"], "verdict": {"nim": 2}})
    assert "not valid" in verify.Certificate(forged)._repr_html_()
