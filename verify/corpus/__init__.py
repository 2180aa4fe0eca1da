"""The encodings corpus: standard game questions exported to solver formats, with expected answers.

``build_corpus(out)`` (CLI: ``verify encode corpus --out encodings/``) regenerates, deterministically,
one file per (question, format) and ``manifest.json``::

    {"format": "verify-encodings", "version": 1,
     "entries": [{"file": "qbf/ttt3-maker-d4.qdimacs", "format": "qdimacs",
                  "family": "tic-tac-toe", "parameters": {"n": 3}, "game": "maker-breaker",
                  "question": "maker wins within 4 rounds, maker first", "expected": true,
                  "expected_by": "explicit", "size": {"variables": ..., "clauses": ...}}, ...]}

``expected`` is the truth value of the question, established by the explicit .pg search
(:class:`verify.solvers.pg.PGSearch`) on the same bounded game, never by a QBF engine.

Questions (:class:`CorpusQuestion`): a bounded Maker-Breaker question ("Maker wins within d rounds") on
a hypergraph position, or a ``.pg`` question ("can black win" / "can white win"). Formats register
a writer with :func:`register_format`::

    register_format("dimacs", "cnf", writer)   # writer(question) -> text, or None to skip

Writers for ``qdimacs``, ``qcir`` and ``pg`` are built in. Encodings that are not questions of this
module register a *provider* of ready-made entries instead::

    register_entries("sat", provider)   # provider() -> iterable of dicts with at least
                                        # file, format, text, family, question, expected

Each provider's entries are written under ``out/<file>`` and listed in the same manifest (the
``text`` key is dropped there). The SAT/SMT corpus (:mod:`verify.corpus.sat`) is adapted by
:func:`_sat_entries` and included with ``include=("sat",)`` / ``verify encode corpus --with sat``.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..errors import InputError
from ..games import positional as pg
from ..games.maker_breaker import MakerBreakerGame
from ..plugins import add_entry



@dataclass
class CorpusQuestion:
    """One corpus question: the game (.pg rules) and who is asked to force what."""
    name: str
    family: str
    parameters: dict
    game: pg.PositionalGame
    player: str = pg.BLACK  # who must force the goal
    goal: str = "win"
    description: str = ""
    source: object = None  # the MakerBreakerGame for Maker-Breaker questions
    rounds: int | None = None
    slow: bool = False
    _expected: bool | None = field(default=None, repr=False)

    @property
    def expected(self) -> bool:
        """The answer by the explicit reference search on the same game."""
        if self._expected is None:
            from ..solvers.pg import PGSearch
            value = PGSearch(self.game).value(*self.game.start())
            if self.goal == "win":
                self._expected = value == (1 if self.player == pg.BLACK else -1) or (
                    self.player == pg.WHITE and not self.game.maker_maker and value == -1)
            else:
                self._expected = value != (-1 if self.player == pg.BLACK else 1)
        return self._expected

    def encoding(self):
        from ..encode.qbf.game import encode_game
        return encode_game(self.game, self.player, self.goal)


_FORMATS: dict[str, tuple[str, Callable[[CorpusQuestion], str | None]]] = {}


def register_format(name: str, extension: str, writer: Callable[[CorpusQuestion], str | None]):
    """Add a format to the corpus: ``writer(question)`` returns the file text (None to skip)."""
    add_entry(_FORMATS, name, (extension, writer), f"corpus format {name!r}", fn_of=lambda e: e[1])


def _qdimacs(q: CorpusQuestion) -> str:
    from ..encode.qbf.qdimacs import to_qdimacs
    return to_qdimacs(q.encoding().formula)


def _qcir(q: CorpusQuestion) -> str:
    from ..encode.qbf.qcir import to_qcir
    return to_qcir(q.encoding().formula)


def _pg(q: CorpusQuestion) -> str | None:
    """The .pg description of a .pg question (Maker-Breaker hypergraph questions are skipped)."""
    from ..formats.pg import pg_to_text
    return None if q.source is not None else pg_to_text(q.game)


register_format("qdimacs", "qdimacs", _qdimacs)
register_format("qcir", "qcir", _qcir)
register_format("pg", "pg", _pg)

# the other encodings of :mod:`verify.encode.qbf.encodings`: format "<qdimacs|qcir>-<encoding>"
CORPUS_ENCODINGS = ("binary+sym", "implicit+sym", "lifted+sym")


def _encoded_writer(kind: str, encoding: str):
    def write(q: CorpusQuestion) -> str:
        from ..encode.qbf.encodings import encode
        f = encode(q.game, q.player, q.goal, None, encoding).formula
        if kind == "qcir":
            from ..encode.qbf.qcir import to_qcir
            return to_qcir(f)
        from ..encode.qbf.qdimacs import to_qdimacs
        return to_qdimacs(f)
    return write


for _enc in CORPUS_ENCODINGS:
    for _kind in ("qdimacs", "qcir"):
        register_format(f"{_kind}-{_enc.replace('+', '-')}", _kind, _encoded_writer(_kind, _enc))


_PROVIDERS: dict[str, Callable[[], object]] = {}


def register_entries(name: str, provider: Callable[[], object]):
    """Add a named provider of ready-made corpus entries (see the module docstring)."""
    add_entry(_PROVIDERS, name, provider, f"corpus entries {name!r}")


def _sat_entries():
    """The SAT/SMT corpus entries (DIMACS, SMT-LIB) in this manifest's shape."""
    from . import sat as sat_corpus
    for e in sat_corpus.entries():
        yield {"file": f"{e.format}/{e.filename}", "format": e.format, "text": e.text,
               "family": e.meta.get("family", e.name.split("-")[0]), "parameters": e.meta,
               "game": e.question.split()[0] if e.question else "", "question": e.question,
               "expected": e.expected == "sat", "expected_by": e.why}


register_entries("sat", _sat_entries)


def formats() -> dict:
    return dict(_FORMATS)


def mb_question(name: str, family: str, parameters: dict, board, first: str, rounds: int,
                slow: bool = False) -> CorpusQuestion:
    from ..encode.qbf.game import maker_breaker_pg
    game = MakerBreakerGame(board, first)
    return CorpusQuestion(name, family, parameters, maker_breaker_pg(game, rounds), pg.BLACK, "win",
                    f"maker wins within {rounds} rounds, {first} first", game, rounds, slow)


def standard_questions() -> list[CorpusQuestion]:
    """The standard instances: tic-tac-toe and k-in-a-row boards, Hex up to 4×4, rank-3 families,
    small examples from the papers, and .pg Hex puzzles and Maker-Maker tic-tac-toe."""
    from .. import families as fam
    from ..families.hex import hex_game
    qs: list[CorpusQuestion] = []

    def mb_pair(tag, family, params, board, first, d, slow=False):
        """The question at Maker's minimum number of rounds d (true) and at d-1 (false)."""
        qs.append(mb_question(f"{tag}-{first}-d{d}", family, params, board, first, d, slow))
        if d > 1:
            qs.append(mb_question(f"{tag}-{first}-d{d - 1}", family, params, board, first, d - 1, slow))

    # tic-tac-toe 3x3: Maker wins in 4 rounds moving first; Breaker wins moving first
    t3 = fam.tic_tac_toe(3)
    mb_pair("ttt3", "tic-tac-toe", {"n": 3}, t3, "maker", 4)
    qs.append(mb_question("ttt3-breaker-d4", "tic-tac-toe", {"n": 3}, t3, "breaker", 4))
    # tic-tac-toe 4x4, Maker first: no win within 5 rounds (nor at all: Breaker wins)
    qs.append(mb_question("ttt4-maker-d5", "tic-tac-toe", {"n": 4}, fam.tic_tac_toe(4), "maker", 5, slow=True))
    # k-in-a-row
    for m, n, k, first, d in ((3, 3, 2, "maker", 2), (4, 3, 3, "maker", 3), (4, 3, 3, "breaker", 4),
                              (4, 4, 3, "maker", 3)):
        mb_pair(f"row{m}x{n}k{k}", "k-in-a-row", {"m": m, "n": n, "k": k},
                fam.k_in_a_row(m, n, k), first, d, slow=m * n > 12)
    # rank 3: chains, cycles, Fano plane (paper 004 examples)
    qs.append(mb_question("chain3-maker-d3", "chain", {"k": 3}, fam.chain_path(3), "maker", 3))
    qs.append(mb_question("cycle3-maker-d3", "cycle", {"k": 3}, fam.chain_cycle(3), "maker", 3))
    mb_pair("fano", "fano", {}, fam.fano(), "maker", 4)
    qs.append(mb_question("fano-breaker-d3", "fano", {}, fam.fano(), "breaker", 3))
    # complete hypergraphs (paper 000 Ex. 2.5)
    mb_pair("K5r3", "complete", {"n": 5, "r": 3}, fam.complete(5, 3), "maker", 3)
    # Hex, empty boards, black (Maker) first, whole board
    for k, slow in ((2, False), (3, False), (4, True)):
        g = hex_game(k)
        qs.append(CorpusQuestion(f"hex{k}-empty", "hex", {"k": k}, g, pg.BLACK, "win",
                           f"black connects on the empty {k}x{k} Hex board moving first", None,
                           None, slow))
    # Hex 3x3 position: white in the centre, black to move, 5 moves left
    qs.append(CorpusQuestion("hex3-centre-white", "hex", {"k": 3, "white": ["b2"]},
                       hex_game(3, white=["b2"], moves=5), pg.BLACK, "win",
                       "black connects within 5 moves after white took b2", None))
    # Maker-Maker tic-tac-toe as .pg: neither side can win (draw)
    lines = t3.edge_masks
    ttt_mm = pg.PositionalGame(positions=t3.vertices, black_sets=lines, white_sets=lines,
                               times=tuple(f"t{i}" for i in range(1, 10)),
                               black_turns=frozenset(f"t{i}" for i in (1, 3, 5, 7, 9)), maker_maker=True)
    qs.append(CorpusQuestion("ttt3-mm-black-wins", "tic-tac-toe-mm", {"n": 3}, ttt_mm, pg.BLACK, "win",
                       "black (first) wins Maker-Maker tic-tac-toe", None))
    qs.append(CorpusQuestion("ttt3-mm-black-draws", "tic-tac-toe-mm", {"n": 3}, ttt_mm, pg.BLACK, "not-lose",
                       "black (first) does not lose Maker-Maker tic-tac-toe", None))
    return qs


def _size(q: CorpusQuestion, fname: str) -> dict:
    """Size of the formula a format writes: the one-hot encoding, or the one its name carries."""
    encoding = {f"{k}-{e.replace('+', '-')}": e for e in CORPUS_ENCODINGS for k in ("qdimacs", "qcir")}.get(fname)
    if encoding is None:
        return q.encoding().formula.size
    from ..encode.qbf.encodings import encode
    return encode(q.game, q.player, q.goal, None, encoding).formula.size


def build_corpus(out="encodings", only_fast: bool = False, log=None, include=()) -> dict:
    """Write every (question, format) file under ``out`` and ``out/manifest.json``, then the
    entries of the registered providers named in ``include``."""
    out = Path(out)
    fmts = formats()
    entries = []
    for q in standard_questions():
        if only_fast and q.slow:
            continue
        for fname, (ext, writer) in sorted(fmts.items()):
            text = writer(q)
            if text is None:
                continue
            size = _size(q, fname)
            rel = f"{fname}/{q.name}.{ext}"
            path = out / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            entries.append({"file": rel, "format": fname, "family": q.family,
                            "parameters": q.parameters,
                            "game": "maker-breaker" if q.source is not None else "pg",
                            "question": q.description, "player": q.player, "goal": q.goal,
                            "rounds": q.rounds, "expected": q.expected, "expected_by": "explicit",
                            "slow": q.slow, "size": {"variables": size["variables"],
                                                     "clauses": size["clauses"]}})
            if log:
                log(f"{rel}: expected {q.expected}")
    for name in include:
        if name not in _PROVIDERS:
            raise InputError(f"no corpus provider {name!r} (known: {', '.join(sorted(_PROVIDERS))})")
        for row in _PROVIDERS[name]():
            row = dict(row)
            text = row.pop("text")
            path = out / row["file"]
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            row.setdefault("slow", False)
            entries.append(row)
    manifest = {"format": "verify-encodings", "version": 1,
                "note": "generated by 'verify encode corpus'; do not edit by hand",
                "entries": entries}
    out.mkdir(parents=True, exist_ok=True)
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return manifest
