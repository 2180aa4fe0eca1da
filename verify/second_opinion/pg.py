"""The ``.pg`` game model of the second checker (docs/spec/pg-proof.md §1), written from the
specification alone: no code shared with the kernel, standard library and this package only.

Design: cells are indices into ``positions`` (the description's order: "the least cell" is the
smallest index); sets and stones are frozensets of indices; the schedule is a tuple of colours.
"""
from __future__ import annotations

from dataclasses import dataclass

from .boards import board_digest, hypergraph_board, read_hypergraph
from .envelope import Refused

BLACK, WHITE, DRAW = "black", "white", "draw"
CODE_WORDS = ("#version", "#times", "#blackturns", "#positions", "#blackwins", "#whitewins",
              "#blackinitials", "#whiteinitials", "#firstmoves")
MAX_TEXT = 1 << 28  # characters of one .pg text


def other(colour: str) -> str:
    return WHITE if colour == BLACK else BLACK


@dataclass(frozen=True)
class Game:
    positions: tuple            # names; cell i is positions[i]
    black_sets: tuple           # frozensets of cells (distinct)
    white_sets: tuple
    black0: frozenset           # initial stones
    white0: frozenset
    times: tuple                # time-point names (all of them: the board digest uses them)
    colours: tuple              # the colour of each time point (untruncated)
    first_moves: frozenset | None
    maker_maker: bool

    @property
    def schedule(self) -> tuple:
        """The colours of the time points that are played: truncated to the free cells."""
        free = len(self.positions) - len(self.black0) - len(self.white0)
        return self.colours[:free]

    def sets(self, colour: str) -> tuple:
        return self.black_sets if colour == BLACK else self.white_sets

    def initial(self, colour: str) -> frozenset:
        return self.black0 if colour == BLACK else self.white0

    def names(self, cells) -> list:
        return sorted(self.positions[i] for i in cells)

    def cells(self, text, what: str) -> frozenset:
        """A whitespace-separated list of distinct known position names."""
        if not isinstance(text, str):
            raise Refused(f"{what}: expected a string of position names")
        index = self.index
        out = []
        for name in text.split():
            if name not in index:
                raise Refused(f"{what}: unknown position {name[:30]!r}")
            out.append(index[name])
        cells = frozenset(out)
        if len(cells) != len(out):
            raise Refused(f"{what}: a position is repeated")
        return cells

    @property
    def index(self) -> dict:
        idx = self.__dict__.get("_index")
        if idx is None:
            idx = {name: i for i, name in enumerate(self.positions)}
            object.__setattr__(self, "_index", idx)
        return idx


def _check_start(game: Game) -> Game:
    if game.black0 & game.white0:
        raise Refused("a position holds both a black and a white initial stone")
    if game.first_moves is not None and game.schedule and not (
            game.first_moves - game.black0 - game.white0):
        raise Refused("#firstmoves allows no free cell")
    b = any(s <= game.black0 for s in game.black_sets)
    w = any(s <= game.white0 for s in game.white_sets)
    if b and w:
        raise Refused("both players hold a whole winning set at the start")
    return game


def parse_pg(text) -> Game:
    """The game of a ``.pg`` description (spec §1, *Reading the .pg text*)."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise Refused("the .pg instance must be a string (of at most 2^28 characters)")
    sections: dict = {}
    current = None
    for lineno, raw in enumerate(text.splitlines(), 1):
        fields = raw.split("%", 1)[0].split()
        if not fields:
            continue
        if fields[0].startswith("#"):
            word = fields[0].lower()
            if word not in CODE_WORDS or len(fields) > 1:
                raise Refused(f".pg line {lineno}: unknown code word or data beside it")
            current = sections.setdefault(word, [])
            continue
        if current is None:
            raise Refused(f".pg line {lineno}: data before the first code word")
        if not all(f.isprintable() for f in fields):
            raise Refused(f".pg line {lineno}: an unprintable name")
        if any(f.startswith("#") for f in fields):
            raise Refused(f".pg line {lineno}: a name starting with '#'")
        current.append(fields)

    def flat(word):
        return [x for line in sections.get(word, []) for x in line]

    if " ".join(flat("#version")) not in ("", "1.0"):
        raise Refused(".pg: only #version 1.0 is read")
    positions = flat("#positions")
    if not positions:
        raise Refused(".pg: no #positions")
    if len(set(positions)) != len(positions):
        raise Refused(".pg: a position is listed twice")
    index = {p: i for i, p in enumerate(positions)}

    def cellset(names, what):
        out = []
        for n in names:
            if n not in index:
                raise Refused(f".pg: {what} {n[:30]!r} is not a position")
            out.append(index[n])
        s = frozenset(out)
        if len(s) != len(out):
            raise Refused(f".pg: a {what} repeats a cell")
        return s

    def family(word, what):
        return tuple(dict.fromkeys(cellset(line, what) for line in sections.get(word, [])))

    times = flat("#times")
    if len(set(times)) != len(times):
        raise Refused(".pg: a time point is listed twice")
    turns = flat("#blackturns")
    if not set(turns) <= set(times):
        raise Refused(".pg: a black turn is not a time point")
    if turns != [x for x in times if x in set(turns)]:
        raise Refused(".pg: #blackturns must list distinct time points in the order of #times")
    black0 = cellset(flat("#blackinitials"), "black initial")
    white0 = cellset(flat("#whiteinitials"), "white initial")
    first = cellset(flat("#firstmoves"), "first move") if "#firstmoves" in sections else None
    if first is not None and first & (black0 | white0):
        raise Refused(".pg: a #firstmoves cell holds a stone")
    bturns = set(turns)
    return _check_start(Game(tuple(positions), family("#blackwins", "black set"),
                             family("#whitewins", "white set"), black0, white0, tuple(times),
                             tuple(BLACK if x in bturns else WHITE for x in times), first,
                             "#whitewins" in sections))


def pg_question(game: Game) -> dict:
    """The question a ``.pg`` game poses (spec §1, *The question*)."""
    def sets(family):
        return sorted(sorted(game.positions[i] for i in s) for s in family)
    board = {"positions": sorted(game.positions), "times": list(game.times),
             "black_turns": [x for x, c in zip(game.times, game.colours) if c == BLACK],
             "black_sets": sets(game.black_sets), "white_sets": sets(game.white_sets),
             "maker_maker": game.maker_maker,
             "first_moves": None if game.first_moves is None else game.names(game.first_moves)}
    return {"game": "pg", "instance": board_digest(board),
            "position": {"black": game.names(game.black0), "white": game.names(game.white0)},
            "first": None, "bound": None}


def alternating(free: int, first: str, black_moves) -> tuple:
    """Colours alternating from ``first`` until black has ``black_moves`` time points (all the
    ``free`` cells when None) or the free cells are used up."""
    out, colour, blacks = [], first, 0  # black's time points counted as they come (linear)
    while len(out) < free and (black_moves is None or blacks < black_moves):
        out.append(colour)
        blacks += colour == BLACK
        colour = other(colour)
    return tuple(out)


def from_maker_breaker(instance, question: dict) -> tuple:
    """(the .pg form of a maker-breaker question, the question the instance poses): spec §1."""
    h = read_hypergraph(instance)
    pos, first, bound = question.get("position"), question.get("first"), question.get("bound")
    if not isinstance(pos, dict) or sorted(pos) != ["breaker", "maker"]:
        raise Refused("a maker-breaker position lists exactly maker and breaker")
    if first not in ("maker", "breaker"):
        raise Refused("a maker-breaker question needs first = maker or breaker")
    if bound is not None and (type(bound) is not int or bound < 0):
        raise Refused("the bound must be null or a non-negative integer")
    index = {v: i for i, v in enumerate(h.vertices)}
    stones = {}
    for role in ("maker", "breaker"):
        names = pos[role]
        if not isinstance(names, list) or not all(isinstance(v, str) and v in index for v in names):
            raise Refused(f"the {role}'s stones must be known vertex names")
        stones[role] = frozenset(index[v] for v in names)
        if len(stones[role]) != len(names):
            raise Refused(f"a {role} stone is repeated")
    if stones["maker"] & stones["breaker"]:
        raise Refused("a vertex is claimed by both players")
    free = len(h.vertices) - len(stones["maker"]) - len(stones["breaker"])
    colours = alternating(free, BLACK if first == "maker" else WHITE, bound)
    edges = tuple(frozenset(index[v] for v in e) for e in h.edges)
    game = Game(tuple(h.vertices), edges, (), stones["maker"], stones["breaker"],
                tuple(f"t{i + 1}" for i in range(len(colours))), colours, None, False)
    asked = {"game": "maker-breaker", "instance": board_digest(hypergraph_board(h)),
             "position": {"breaker": game.names(game.white0), "maker": game.names(game.black0)},
             "first": first, "bound": bound}
    return game, asked


def game_of(cert: dict) -> tuple:
    """(game, the question its instance poses, the claimed winner's colour, the verdict) of a
    pg-proof or pg-strategy certificate whose envelope was read."""
    question = cert["claim"]["question"]
    verdict = cert["claim"]["verdict"]
    if not isinstance(verdict, dict) or list(verdict) != ["winner"] or not isinstance(verdict["winner"], str):
        raise Refused('the verdict must be {"winner": ...}')
    winner = verdict["winner"]
    if question.get("game") == "maker-breaker":
        if winner not in ("maker", "breaker"):
            raise Refused("a maker-breaker verdict names maker or breaker")
        game, asked = from_maker_breaker(cert["instance"], question)
        return game, asked, BLACK if winner == "maker" else WHITE, {"winner": winner}
    if question.get("game") != "pg":
        raise Refused("the question's game must be pg or maker-breaker")
    inst = cert["instance"]
    if not isinstance(inst, dict) or list(inst) != ["pg"]:
        raise Refused("a pg question's instance is {\"pg\": <the .pg text>}")
    game = parse_pg(inst["pg"])
    if winner not in (BLACK, WHITE, DRAW) or (winner == DRAW and not game.maker_maker):
        raise Refused("the verdict's winner must be black, white or (Maker-Maker games) draw")
    return game, pg_question(game), winner, {"winner": winner}


def continued(game: Game, black: frozenset, white: frozenset, t: int) -> Game:
    """The game played on from the state (book.md, the continued game G_s)."""
    rest = game.schedule[t:]
    return Game(game.positions, game.black_sets, game.white_sets, black, white,
                tuple(f"t{i + 1}" for i in range(len(rest))), rest,
                game.first_moves if t == 0 else None, game.maker_maker)


def described(game: Game) -> tuple:
    """The game by names, for comparing two descriptions of one game (book.md, rule 2)."""
    def names(cells):
        return frozenset(game.positions[i] for i in cells)
    return (frozenset(game.positions), frozenset(map(names, game.black_sets)),
            frozenset(map(names, game.white_sets)), names(game.black0), names(game.white0),
            game.schedule, None if game.first_moves is None else names(game.first_moves),
            game.maker_maker)
