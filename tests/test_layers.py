"""The package reads from the top down as the pipeline: no import cycle (lazy imports included),
rules that read no file, command-line code in one package."""
import ast
from pathlib import Path

import networkx as nx

PKG = Path(__file__).resolve().parent.parent / "verify"


def _module(path: Path) -> str:
    parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path):
    """Every verify.* module imported anywhere in the file (function-level imports included)."""
    mod = _module(path)
    pkg = mod if path.name == "__init__.py" else mod.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.startswith("verify"):
                yield target
                for alias in node.names:
                    sub = f"{target}.{alias.name}"
                    if (PKG.parent / (sub.replace(".", "/") + ".py")).exists() or \
                            (PKG.parent / sub.replace(".", "/")).is_dir():
                        yield sub
        elif isinstance(node, ast.Import):
            yield from (a.name for a in node.names if a.name.startswith("verify"))


def _graph() -> nx.DiGraph:
    g = nx.DiGraph()
    for path in PKG.rglob("*.py"):
        for target in _imports(path):
            g.add_edge(_module(path), target)
    return g


def _is_package_edge(a: str, b: str) -> bool:
    return a.startswith(b + ".") or b.startswith(a + ".")


def test_no_import_cycles():
    cycles = [c for c in nx.simple_cycles(_graph()) if len(c) > 1 and
              not all(_is_package_edge(c[i], c[(i + 1) % len(c)]) for i in range(len(c)))]
    assert not cycles, cycles[:5]


def test_the_import_graph_sees_lazy_imports():
    g = _graph()
    assert g.has_edge("verify.cli.solve", "verify.solvers")  # imported inside cmd_solve
    assert g.has_edge("verify.corpus", "verify.solvers.pg")


def test_rules_read_no_files():
    for path in (PKG / "games").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        for call in ("open(", "read_text(", "json.load", "write_text("):
            assert call not in text, f"{path.name} does file I/O ({call})"


def test_argparse_only_in_the_cli_package():
    for path in PKG.rglob("*.py"):
        if "cli" not in path.relative_to(PKG).parts:
            assert "add_parser(" not in path.read_text(encoding="utf-8"), path
