"""Reading and writing the Positional Game Description format 1.0 (``.pg``).

Layout (as in the public instances of arXiv:2005.05098): one code word per line (``#version``,
``#times``, ``#blackturns``, ``#positions``, ``#blackwins``, ``#whitewins``, ``#blackinitials``,
``#whiteinitials``, ``#firstmoves``; case-insensitive), followed by lines of whitespace-separated
names until the next code word. Under ``#blackwins``/``#whitewins`` each line is one winning set;
elsewhere lines are concatenated. ``%`` starts a comment (to the end of the line). A section listed
twice is concatenated. Only ``#version 1.0`` is understood, and a name may not start with ``#``
(a code word stands alone on its line). The rules are in :mod:`verify.games.positional`.
"""
from __future__ import annotations

from .. import limits
from ..errors import InputError, TooLarge
from ..games.positional import PositionalGame
from .sniff import PG_CODE_WORDS as CODE_WORDS  # one list for the reader and the sniffer

#: the versions of the format understood
VERSIONS = ("1.0",)


def parse_pg(text: str, source: str = "<input>") -> PositionalGame:
    """Parse a ``.pg`` description; any defect is an InputError naming the source and line."""
    sections: dict[str, list[tuple[int, list[str]]]] = {}
    comments: list[str] = []
    state = None
    for lineno, raw in enumerate(text.splitlines(), 1):
        line, pct, comment = raw.partition("%")
        if pct and not sections:
            comments.append(comment)
        fields = line.split()
        if not fields:
            continue
        head = fields[0].lower()
        if head.startswith("#"):
            if head not in CODE_WORDS:
                raise InputError(f"{source}:{lineno}: unknown code word {fields[0]!r} "
                                 f"(known: {' '.join(CODE_WORDS)})")
            if len(fields) > 1:
                raise InputError(f"{source}:{lineno}: code word {fields[0]} must stand alone on its line")
            state = head
            sections.setdefault(state, [])
            continue
        if state is None:
            raise InputError(f"{source}:{lineno}: data before the first code word")
        odd = next((f for f in fields if not f.isprintable()), None)
        if odd is not None:
            raise InputError(f"{source}:{lineno}: name {odd[:40]!r} holds an unprintable character")
        hashed = next((f for f in fields if f.startswith("#")), None)
        if hashed is not None:
            raise InputError(f"{source}:{lineno}: {hashed[:40]!r} is not understood: a code word stands alone "
                             f"on its line, and a name cannot start with '#'")
        sections[state].append((lineno, fields))

    def flat(key):
        return [(ln, x) for ln, fs in sections.get(key, []) for x in fs]

    if not flat("#positions"):
        raise InputError(f"{source}: no #positions given")
    positions: list[str] = []
    seen: set[str] = set()
    for ln, v in flat("#positions"):
        if v in seen:
            raise InputError(f"{source}:{ln}: position {v!r} listed twice")
        seen.add(v)
        positions.append(v)
    index = {v: i for i, v in enumerate(positions)}

    def cell_mask(items, what) -> int:
        m = 0
        for ln, v in items:
            if v not in index:
                raise InputError(f"{source}:{ln}: {what} {v!r} is not a position")
            if m >> index[v] & 1:
                raise InputError(f"{source}:{ln}: {what} {v!r} repeats a cell listed before")
            m |= 1 << index[v]
        return m

    def win_sets(key, colour) -> list[int]:
        out: list[int] = []
        seen_sets: set[int] = set()
        for ln, fs in sections.get(key, []):
            m = cell_mask([(ln, v) for v in fs], f"{colour} winning-set cell")
            if m not in seen_sets:
                seen_sets.add(m)
                out.append(m)
        return out

    times = [v for _, v in flat("#times")]
    if len(set(times)) != len(times):
        seen_times: set[str] = set()
        dup = next(t for t in times if t in seen_times or seen_times.add(t))
        raise InputError(f"{source}: time point {dup!r} listed twice in #times")
    tset = set(times)
    black_turns = []
    for ln, v in flat("#blackturns"):
        if v not in tset:
            raise InputError(f"{source}:{ln}: black turn {v!r} is not in #times")
        black_turns.append(v)
    turn_set = set(black_turns)
    order = [t for t in times if t in turn_set]
    if order != black_turns:
        raise InputError(f"{source}: #blackturns must list distinct time points in the order of #times")
    bi = cell_mask(flat("#blackinitials"), "black initial")
    wi = cell_mask(flat("#whiteinitials"), "white initial")
    if bi & wi:
        raise InputError(f"{source}: a position holds both a black and a white initial stone")
    first = cell_mask(flat("#firstmoves"), "first move") if "#firstmoves" in sections else None
    if first is not None and first & (bi | wi):
        raise InputError(f"{source}: a #firstmoves cell already holds a stone")
    version = " ".join(v for _, v in flat("#version")) or "1.0"
    if version not in VERSIONS:
        raise InputError(f"{source}: #version {version[:40]!r} is not understood (this reader reads "
                         f"{', '.join(VERSIONS)})")
    # the sets' bitmasks, bounded as a hypergraph's before any is built (a few bytes of text naming a
    # late position would otherwise cost a bitmask of every position)
    mask_bits = sum(1 + max(index.get(v, 0) for v in fs) for key in ("#blackwins", "#whitewins")
                    for _, fs in sections.get(key, []))
    if mask_bits > limits.MAX_HYPERGRAPH_MASK_BITS:
        raise TooLarge(f"{source}: the winning sets need {mask_bits} bits of bitmasks "
                       f"(at most {limits.MAX_HYPERGRAPH_MASK_BITS})")
    black_sets = win_sets("#blackwins", "black")
    white_sets = win_sets("#whitewins", "white")
    try:
        return PositionalGame(positions=tuple(positions), black_sets=tuple(black_sets),
                              white_sets=tuple(white_sets), black_initials=bi, white_initials=wi,
                              times=tuple(times), black_turns=frozenset(black_turns),
                              first_moves=first, maker_maker="#whitewins" in sections,
                              version=version, comments=tuple(comments))
    except InputError as exc:
        raise InputError(f"{source}: {exc}") from None


def read_pg(path) -> PositionalGame:
    """The game in the ``.pg`` file ``path``; a file that looks like another format (a text or JSON
    hypergraph, a certificate, ...) or whose extension is not ``.pg`` (.txt, .json) is refused in one
    line naming what it looks like (:func:`verify.formats.sniff.expect`)."""
    from .common import read_text_file
    from .sniff import expect
    text = read_text_file(path)
    expect(text, path, {"pg"})
    return parse_pg(text, str(path))


def pg_to_text(game: PositionalGame) -> str:
    """Serialise a game; ``parse_pg(pg_to_text(g)) == g``."""
    out = [f"%{c}" for c in game.comments]
    out += ["#version", game.version]
    if game.black_initials:
        out += ["#blackinitials", *game.names(game.black_initials)]
    if game.white_initials:
        out += ["#whiteinitials", *game.names(game.white_initials)]
    out += ["#times", " ".join(game.times)]
    out += ["#blackturns", " ".join(t for t in game.times if t in game.black_turns)]
    out += ["#positions", " ".join(game.positions)]
    if game.first_moves is not None:
        out += ["#firstmoves", " ".join(game.names(game.first_moves))]
    out += ["#blackwins", *(" ".join(game.names(s)) for s in game.black_sets)]
    if game.maker_maker:
        out += ["#whitewins", *(" ".join(game.names(s)) for s in game.white_sets)]
    return "\n".join(out) + "\n"


