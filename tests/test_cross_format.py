"""No silent misreads (issue 34): every bundled example and corpus file of each format is read by the
reader it is meant for, and refused by every other reader -- every ``verify solve GAME`` whose
format differs -- in one line naming what the file looks like, never reinterpreted.

In process through :func:`verify.formats.instances.load_instance` (the reader each command uses) and
the readers themselves, for speed; a few through the real command line."""
from __future__ import annotations

import io
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from verify.cli import EXIT_BAD_INPUT, main
from verify.errors import InputError
from verify.formats import parse_hypergraph, read_hypergraph
from verify.formats.instances import GAMES, load_instance
from verify.formats.pg import parse_pg, read_pg
from verify.formats.sniff import expect, sniff

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "malformed"
sys.path.insert(0, str(CORPUS))
from make_corpus import biased_triangle_k6  # noqa: E402



def formats_read(game: str) -> set[str]:
    """The instance formats the game's reader reads (every game of the registry not listed here
    -- maker-breaker, acv, avd, dst, prv, the other positional conventions -- reads hypergraphs)."""
    return {"pg": {"pg"}, "gen": {"convex"}, "dng": {"convex"}, "hypernim": {"hypernim"}}.get(
        game, {"text", "hypergraph-json"})


#: the games each instance format is read as
READERS = {fmt: {g for g in GAMES if fmt in formats_read(g)}
           for fmt in ("text", "hypergraph-json", "pg", "convex", "hypernim")}

#: (folder, pattern, format, how many to take at most) -- every bundled file of an instance format,
#: a sample of the certificates and encodings (formats no instance reader reads)
SOURCES = [
    ("examples", "*.txt", "text", None), ("examples/classical", "*.txt", "text", None),
    ("examples", "*.json", "hypergraph-json", None), ("examples/classical", "*.pg", "pg", None),
    ("encodings/pg", "*.pg", "pg", None), ("examples/convex", "*.json", "convex", None),
    ("examples/hypernim", "*.json", "hypernim", None),
    ("proofs/classical", "*.json", "certificate", 8), ("proofs/impartial", "*.json", "certificate", 4),
    ("proofs/maker-breaker", "*.json", "certificate", 4), ("encodings", "manifest.json", "document", None),
    *((f"encodings/{d}", f"*.{d.split('-')[0]}", "dimacs" if d.startswith("qdimacs") else "qcir", 3)
      for d in ("qdimacs", "qdimacs-binary-sym", "qdimacs-implicit-sym", "qdimacs-lifted-sym",
                "qcir", "qcir-binary-sym", "qcir-implicit-sym", "qcir-lifted-sym")),
]


def _files():
    out = []
    for folder, pattern, fmt, most in SOURCES:
        found = sorted((ROOT / folder).glob(pattern))
        if most is not None and len(found) > most:
            step = len(found) / most
            found = [found[int(i * step)] for i in range(most)]
        out += [(p, fmt) for p in found]
    return out


FILES = _files()
ID = {p: str(p.relative_to(ROOT)) for p, _ in FILES}


def test_every_format_and_folder_is_covered():
    formats = {fmt for _, fmt in FILES}
    assert formats >= {"text", "hypergraph-json", "pg", "convex", "hypernim", "certificate", "dimacs", "qcir"}
    for folder, pattern, _, _ in SOURCES:
        assert list((ROOT / folder).glob(pattern)), (folder, pattern)
    assert len(FILES) >= 120


@pytest.mark.parametrize("path, fmt", FILES, ids=[ID[p] for p, _ in FILES])
def test_content_is_sniffed_as_its_format(path, fmt):
    assert sniff(path.read_text(encoding="utf-8")).format == fmt


def one_line_refusal(game: str, path) -> str:
    with pytest.raises(InputError) as info:
        load_instance(game, path)
    message = str(info.value)
    assert "\n" not in message and message.startswith(str(path)), message
    return message


@pytest.mark.parametrize("path, fmt", FILES, ids=[ID[p] for p, _ in FILES])
def test_read_by_its_reader_refused_by_every_other(path, fmt):
    """The file's own games read it; every other game (every other reader) refuses it, naming what
    the file looks like."""
    own = READERS.get(fmt, set())
    for game in sorted(GAMES):
        if game in own:
            if game in ("maker-breaker", "pg", "gen", "hypernim"):  # one read per reader suffices
                load_instance(game, path)
            continue
        message = one_line_refusal(game, path)
        assert "looks like" in message, (game, message)


# -- the same contents under another format's extension: refused, never reinterpreted ----------

CONTENTS = {fmt: next(p for p, f in FILES if f == fmt) for fmt in ("text", "hypergraph-json", "pg", "convex",
                                                                  "hypernim", "certificate")}
EXTENSIONS = {"text": ".txt", "hypergraph-json": ".json", "pg": ".pg", "convex": ".json", "hypernim": ".json",
              "certificate": ".json"}


@pytest.mark.parametrize("fmt", sorted(CONTENTS))
@pytest.mark.parametrize("ext", [".txt", ".json", ".pg", ""])
def test_content_under_every_extension(tmp_path, fmt, ext):
    """Content and extension decide together: a file is read only where both agree with the reader
    (no extension: the content decides); anything else is one line naming what it looks like."""
    path = tmp_path / f"board{ext}"
    path.write_bytes(CONTENTS[fmt].read_bytes())
    agrees = ext in ("", EXTENSIONS[fmt])
    for game in sorted(GAMES):
        if agrees and game in READERS.get(fmt, ()):
            load_instance(game, path)
        else:
            message = one_line_refusal(game, path)
            assert "looks like" in message or "is named" in message, (game, message)


def test_readers_themselves_refuse_other_formats():
    """Below the registry: the readers a library user calls."""
    pg, text = CONTENTS["pg"], CONTENTS["text"]
    with pytest.raises(InputError, match=r"looks like a \.pg game \(#version, #positions\): use `verify solve pg"):
        read_hypergraph(pg)
    with pytest.raises(InputError, match=r"looks like a \.pg game"):
        parse_hypergraph(pg.read_text(), "pasted")
    with pytest.raises(InputError, match="looks like a text hypergraph: use `verify solve maker-breaker"):
        read_pg(text)
    for fmt in ("convex", "hypernim", "certificate"):
        with pytest.raises(InputError, match="looks like"):
            read_hypergraph(CONTENTS[fmt])
    with pytest.raises(InputError, match="data before the first code word"):
        parse_pg(text.read_text(), "pasted")


# -- the misread of issue 34 ----------------------------------------------------------------------

def test_biased_triangle_game_is_not_read_as_a_hypergraph(tmp_path):
    """The biased (1:2) triangle game on K_6, a .pg game Breaker wins, used to be read by ``verify
    solve maker-breaker`` as a one-vertex edge "1.0": "maker wins", exit 0."""
    for name in ("k6.pg", "k6.txt", "k6"):
        path = tmp_path / name
        path.write_text(biased_triangle_k6())
        with pytest.raises(InputError, match=r"looks like a \.pg game \(#version, #positions\)"):
            load_instance("maker-breaker", path)
    assert len(load_instance("pg", tmp_path / "k6.pg").black_sets) == 20


@pytest.mark.parametrize("text, word", [
    ("#version\n1.0\n", "looks like a .pg game"), ("a b\n#positions\n", "looks like a .pg game"),
    ("#comment\na b\n", "'#comment' is not understood"), ("a b #note\n", "'#note' is not understood"),
    ("a#b c\n", "'a#b' is not understood"), ("% note\na b\n", "starting with '%'"),
    ("a b\n{c, d}\n", "'{c' is not understood"), ("a b\n[c d]\n", "'[c' is not understood"),
    ("p cnf 2 1\n1 -2 0\n", "DIMACS"), ("#QCIR-G14\nexists(1)\n", "QCIR"),
])
def test_text_lines_not_understood_are_refused(text, word):
    with pytest.raises(InputError) as info:
        parse_hypergraph(text, "in")
    assert word in str(info.value)


@pytest.mark.parametrize("text", ["# a comment\na b\n", "a b  # trailing\n", "## heading\na b\n", "#\na b\n",
                                  "a b\t#\ttab\n", "a,b # x\n", "{}  # the empty edge\na\n"])
def test_text_comments(text):
    assert parse_hypergraph(text, "in").m >= 1


def test_expect_without_a_path_ignores_extensions():
    assert expect("a b\n", "x.json", {"text"}, path=False).format == "text"
    with pytest.raises(InputError, match="but is named .json"):
        expect("a b\n", "x.json", {"text"})


# -- through the command line ---------------------------------------------------------------------

CLI = [("maker-breaker", "encodings/pg/hex3-empty.pg"), ("maker-breaker", "examples/classical/L-6x6-race-8.pg"),
       ("pg", "examples/tic-tac-toe-3.txt"), ("gen", "examples/K5-3.json"), ("hypernim", "examples/convex/line3.json"),
       ("acv", "examples/hypernim/c4.json"), ("maker-breaker", "proofs/impartial/" + next(
           p.name for p in sorted((ROOT / "proofs/impartial").glob("*.json")))),
       ("pg", "encodings/qdimacs/" + next(p.name for p in sorted((ROOT / "encodings/qdimacs").glob("*.qdimacs"))))]


def _assert_one_line(code, out, err, what):
    assert code == EXIT_BAD_INPUT, (what, code, out, err)
    assert out == "" and "Traceback" not in err, (what, out, err)
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("verify: error: ") and "looks like" in lines[0], (what, err)


@pytest.mark.parametrize("game, rel", CLI)
def test_cli_in_process(game, rel):
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(["solve", game, str(ROOT / rel)])
    _assert_one_line(code, out.getvalue(), err.getvalue(), (game, rel))


@pytest.mark.parametrize("game, rel", CLI[:3])
def test_cli_subprocess(game, rel):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "verify.cli", "solve", game, str(ROOT / rel)],
                          capture_output=True, text=True, timeout=120, env=env)
    _assert_one_line(proc.returncode, proc.stdout, proc.stderr, (game, rel))


def test_a_certificate_book_is_refused_by_every_reader(tmp_path):
    import zipfile
    book = tmp_path / "book.zip"
    with zipfile.ZipFile(book, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("certificate.json", bytes(range(256)) * 40)
    for game in sorted(GAMES):
        assert "looks like a zip archive" in one_line_refusal(game, book)
