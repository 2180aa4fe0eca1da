"""Registries are strict: a plugin list counts as loaded only when every module imported (a failed
import raises and can be retried), and a registered name is never replaced silently."""
import sys
import textwrap

import pytest

from verify import plugins, solvers
from verify.claims import registry
from verify.games.maker_breaker import MakerBreakerGame
from verify.hypergraph import Hypergraph
from verify.solvers import register, register_auto, solve, unregister
from verify.solvers.explicit import solve_maker_breaker


@pytest.fixture
def plugin_dir(tmp_path, monkeypatch):
    """A directory of throw-away plugin modules on sys.path; they are forgotten afterwards."""
    monkeypatch.syspath_prepend(str(tmp_path))
    before = set(sys.modules)

    def write(name, text):
        (tmp_path / f"{name}.py").write_text(textwrap.dedent(text))
        return name
    yield write
    for name in set(sys.modules) - before:
        if name.startswith("vtest_"):
            del sys.modules[name]


def test_a_failed_import_raises_every_time_until_it_succeeds(plugin_dir, tmp_path):
    counter = plugin_dir("vtest_counter", "imports = []\n")
    ok = plugin_dir("vtest_ok", "import vtest_counter\nvtest_counter.imports.append('ok')\n")
    bad = plugin_dir("vtest_bad", """
        import os, vtest_counter
        vtest_counter.imports.append('bad')
        if not os.path.exists(os.path.join(os.path.dirname(__file__), 'fixed')):
            raise ImportError('vtest_bad is broken')
    """)
    mods = (ok, bad)
    for _ in range(2):   # never marked loaded after a failure: the second call raises again
        with pytest.raises(ImportError, match="vtest_bad is broken"):
            plugins.import_once(mods)
        assert mods not in plugins._DONE
    (tmp_path / "fixed").write_text("")
    plugins.import_once(mods)
    plugins.import_once(mods)   # loaded once: no import again
    assert sys.modules[counter].imports == ["ok", "bad", "bad", "bad"]
    assert mods in plugins._DONE and mods not in plugins._IN_PROGRESS
    plugins._DONE.discard(mods)


def test_a_missing_module_is_an_error(plugin_dir):
    mods = (plugin_dir("vtest_fine", ""), "vtest_no_such_module")
    with pytest.raises(ModuleNotFoundError):
        plugins.import_once(mods)
    with pytest.raises(ModuleNotFoundError):
        plugins.import_once(mods)


def test_import_once_is_reentrant(plugin_dir):
    """A plugin that consults its own registry while it is imported does not import the list again."""
    plugin_dir("vtest_seen", "calls = []\n")
    plugin_dir("vtest_self", """
        import vtest_seen
        from verify.plugins import import_once
        vtest_seen.calls.append('start')
        import_once(('vtest_self', 'vtest_other'))
        vtest_seen.calls.append('end')
    """)
    plugin_dir("vtest_other", "import vtest_seen\nvtest_seen.calls.append('other')\n")
    mods = ("vtest_self", "vtest_other")
    plugins.import_once(mods)
    assert sys.modules["vtest_seen"].calls == ["start", "end", "other"]
    assert mods in plugins._DONE
    plugins._DONE.discard(mods)


def _other_explicit(game: MakerBreakerGame):
    return solve_maker_breaker(game)


def test_register_refuses_to_replace_a_method():
    ref = solvers.method_info("maker-breaker", "explicit")
    with pytest.raises(ValueError, match="'explicit' for maker-breaker is already registered"):
        register("maker-breaker", "explicit")(_other_explicit)
    assert solvers.method_info("maker-breaker", "explicit") is ref
    register("maker-breaker", "explicit")(ref.fn)        # the same definition again: no change
    assert solvers.method_info("maker-breaker", "explicit").fn is ref.fn
    try:
        register("maker-breaker", "explicit", replace=True)(_other_explicit)
        assert solvers.method_info("maker-breaker", "explicit").fn is _other_explicit
    finally:
        register("maker-breaker", "explicit", replace=True)(ref.fn)
    h = Hypergraph([["1", "2"], ["2", "3"]])
    assert solve("maker-breaker", MakerBreakerGame(h), method="explicit").winner == "maker"


def test_register_auto_refuses_a_second_chooser():
    solvers.methods()
    with pytest.raises(ValueError, match="auto chooser of maker-breaker is already registered"):
        register_auto("maker-breaker")(lambda game: "explicit")


def test_a_plugin_that_failed_after_registering_imports_again(plugin_dir, tmp_path):
    """Re-importing a module whose first import failed registers its methods again: the same
    definitions, so not a replacement."""
    name = plugin_dir("vtest_method_plugin", """
        import os
        from verify.games.maker_breaker import MakerBreakerGame
        from verify.solvers import register
        from verify.solvers.explicit import solve_maker_breaker

        @register("maker-breaker", "test-plugin")
        def test_plugin(game: MakerBreakerGame):
            return solve_maker_breaker(game)

        if not os.path.exists(os.path.join(os.path.dirname(__file__), 'fixed')):
            raise ImportError('after registering')
    """)
    try:
        with pytest.raises(ImportError):
            plugins.import_once((name,))
        (tmp_path / "fixed").write_text("")
        plugins.import_once((name,))
        assert ("maker-breaker", "test-plugin") in solvers.methods("maker-breaker")
    finally:
        unregister("maker-breaker", "test-plugin")
        plugins._DONE.discard((name,))


def test_claims_are_never_replaced():
    registry.all_claims()
    c = registry.get_claim("000-prop-3.14")
    with pytest.raises(ValueError, match="000-prop-3.14"):
        registry.register(c)


def test_a_failing_conjecture_file_registers_nothing(tmp_path):
    from verify.errors import InputError
    from verify.hunting import conjectures
    path = tmp_path / "half.py"
    path.write_text(textwrap.dedent('''
        from verify.hunting import HuntSpec, Hypergraphs, conjecture

        @conjecture("vtest-half", "user", "registered before the file fails",
                    hunt=HuntSpec(Hypergraphs(sizes=(2,))))
        def half(h):
            return None

        raise RuntimeError("the rest of the file is broken")
    '''))
    for _ in range(2):   # the second run fails the same way, not on "registered twice"
        with pytest.raises(InputError, match="RuntimeError: the rest of the file is broken"):
            conjectures.load_file(str(path))
        assert "vtest-half" not in registry._CLAIMS


@pytest.mark.parametrize("registrar", ["certificate kind", "corpus format", "corpus entries", "QBF encoding"])
def test_other_registries_refuse_a_second_definition(registrar):
    from verify.certificates import checker
    from verify import corpus
    from verify.encode.qbf import encodings

    def one(*args):
        return None

    def other(*args):
        return None
    register_as = {
        "certificate kind": (lambda fn: checker.register("vtest-kind", "body")(fn), checker._CHECKERS, "vtest-kind"),
        "corpus format": (lambda fn: corpus.register_format("vtest-format", ".x", fn), corpus._FORMATS, "vtest-format"),
        "corpus entries": (lambda fn: corpus.register_entries("vtest-entries", fn), corpus._PROVIDERS, "vtest-entries"),
        "QBF encoding": (lambda fn: encodings.register_encoding("vtest-enc", "doc")(fn), encodings._ENCODERS,
                         "vtest-enc"),
    }
    add, table, key = register_as[registrar]
    try:
        add(one)
        add(one)  # the same definition again (a module imported anew) is fine
        with pytest.raises(ValueError, match="already registered"):
            add(other)
        assert table[key] is not None
    finally:
        table.pop(key, None)
