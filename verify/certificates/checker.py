"""The independent certificate checker: verifies a certificate from the game rules alone.

It imports the model and the rules (``verify.hypergraph``, ``verify.games``) and nothing from the
solvers; it trusts no field of the certificate: the instance is re-parsed and validated, the claim is
re-derived from the labels or strategy, and every move is checked for legality.

Kinds checked here:
- ``maker-breaker-strategy``: every opponent reply covered, every winner move legal and live, every
  finished game won by the claimed winner (states from :func:`maker_breaker.strategy_states`).
- ``maker-breaker-pairing``: disjoint pairs of free vertices, each live edge containing a pair.
- ``nim-labelling``: every position reachable from ∅ labelled, each label the mex of its options'.
Other kinds register a checking function with :func:`register`.

Soundness of the three kinds here:
- strategy: :func:`maker_breaker.strategy_states` expands every opponent move (each live vertex,
  and one dead vertex while any is free: dead vertices are interchangeable) and the table's move at
  each winner turn; states are (residual, free count, mover), finitely many, each expanded once, so
  the walk terminates. Every expanded state is checked, a missing entry is an error (never a
  default), so the winner's strategy wins against every opponent play (induction on free count).
- pairing: answering each Maker move in a pair with its partner keeps every pair from being
  Maker's; each live edge holds a pair, so Maker completes no edge, whoever starts (an extra Breaker
  move never hurts Breaker). No search, nothing to terminate.
- nim-labelling: positions only grow (a vertex is added per move), so the walk from ∅ is finite;
  every reachable position's label is checked against the mex of its options' labels, by induction
  from the terminal positions each label is the Grundy value, and the claim is ∅'s label. Labels of
  unreachable positions are never used.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from ..errors import CertificateError, InputError, VerifyError
from ..formats.jsonfmt import hypergraph_from_json
from ..formats.instances import GAMES, question_of
from ..games import impartial as imp
from ..games import maker_breaker as mb
from ..hypergraph import Hypergraph, bits
from ..plugins import add_entry, html_table, import_all
from ..question import Player, Question, verdict_text
from . import FORMAT, VERSION


@dataclass
class CheckReport:
    """What a verified certificate proves: the question (derived from its own instance and
    position, equal to the claimed one) and the verdict, with a line on how it was checked."""
    kind: str
    question: Question
    verdict: dict
    detail: str
    #: the certificate's ``made_by`` record (tool, version, commit, date) when it has one: shown by
    #: ``verify check``, never part of what is proved (not compared)
    made_by: dict | None = field(default=None, compare=False)

    def verdict_text(self) -> str:
        return verdict_text(self.verdict)

    def line(self) -> str:
        return f"{self.kind}: {self.verdict_text()} -- {self.question.describe()} ({self.detail})"

    def to_json(self) -> dict:
        return {"kind": self.kind, "question": self.question.to_json(), "verdict": self.verdict,
                "detail": self.detail}

    def _repr_html_(self) -> str:
        """The report as a small table in Jupyter: question, verdict, kind and what was checked."""
        return html_table([("question", self.question.describe()), ("verdict", self.verdict_text()),
                           ("certificate", self.kind), ("checked", self.detail)])


#: kind -> (checking function ``fn(cert, question) -> CheckReport``, the kind's body keys)
_CHECKERS: dict[str, tuple[Callable[[dict, Question], CheckReport], frozenset]] = {}
ENVELOPE = frozenset({"format", "version", "kind", "instance", "claim", "made_by"})
#: the keys of the optional envelope key ``made_by``, each a string of at most MADE_BY_CHARS
#: characters (``commit`` may be null); outside the claim, never read for the verdict
MADE_BY_KEYS = frozenset({"tool", "version", "commit", "date"})
MADE_BY_CHARS = 200

#: the modules defining the other kinds (each registers itself on import): the whole checker
KIND_MODULES = ("verify.certificates.drat", "verify.certificates.extra", "verify.certificates.hypernim",
                "verify.certificates.convex", "verify.certificates.proof", "verify.certificates.rank3",
                "verify.certificates.positional", "verify.certificates.positional_pairing")


def register(kind: str, *body: str):
    """Decorator: ``fn(cert, question)`` checks certificates of ``kind`` (one function per kind),
    whose evidence is under the keys ``body`` (any other key is refused: nothing is ignored)."""
    def deco(fn):
        add_entry(_CHECKERS, kind, (fn, frozenset(body)), f"certificate kind {kind!r}", fn_of=lambda e: e[0])
        return fn
    return deco


def check_certificate(cert) -> CheckReport:
    """Verify one certificate (a parsed JSON object); raise CertificateError saying why not.

    The envelope is read strictly (exact format string, version the integer 2, a known kind), the
    claim is parsed into a :class:`Question` and a verdict, the kind's function verifies the evidence
    and derives the question its instance and position pose and the verdict it proves; both must
    equal the claim."""
    question = check_envelope(cert)
    kind = cert["kind"]
    import_all(KIND_MODULES)
    if kind not in _CHECKERS:
        raise CertificateError(f"unknown certificate kind {kind!r}")
    fn, body = _CHECKERS[kind]
    unknown = set(cert) - ENVELOPE - body
    if unknown:
        raise CertificateError(f"unknown key(s) in a {kind} certificate: {', '.join(sorted(map(repr, unknown)))}")
    claim = cert["claim"]
    if question.game not in GAMES or kind not in GAMES[question.game].certificate_kinds:
        raise CertificateError(f"a {kind} certificate cannot answer a question about the game {question.game!r}")
    try:
        report = fn(cert, question)
    except CertificateError:
        raise
    except VerifyError as exc:
        raise CertificateError(str(exc)) from None
    except (KeyError, TypeError, ValueError, AttributeError, IndexError, RecursionError) as exc:
        raise CertificateError(f"malformed certificate ({type(exc).__name__}: {exc})") from None
    if report.question != question:
        raise CertificateError("the claimed question is not the question this certificate's instance "
                               "and position pose (board digest, position, first player or bound differ)")
    if report.verdict != claim["verdict"] or any(type(v) is not type(claim["verdict"][k])
                                                 for k, v in report.verdict.items()):
        raise CertificateError(f"the claimed verdict {claim['verdict']!r} is not what the certificate "
                               f"proves ({report.verdict_text()})")
    report.made_by = cert.get("made_by")
    return report


def check_envelope(cert, what: str = "a certificate") -> Question:
    """The claimed question of a certificate's envelope, read strictly: a JSON object, the exact
    format string, version the integer 2, a string kind, 'instance' and 'claim' objects, the claim
    exactly a question and a verdict object, and ``made_by``, when present, of its exact shape
    (:func:`check_made_by`; it is not part of the claim)."""
    if not isinstance(cert, dict):
        raise CertificateError(f"{what} must be a JSON object")
    version = cert.get("version")
    if cert.get("format") != FORMAT or type(version) is not int or version != VERSION:
        raise CertificateError(f"{what}: not a {FORMAT} version {VERSION} document")
    if not isinstance(cert.get("kind"), str):
        raise CertificateError(f"{what}: 'kind' must be a string")
    claim = cert.get("claim")
    if not isinstance(cert.get("instance"), dict) or not isinstance(claim, dict):
        raise CertificateError(f"{what} needs 'instance' and 'claim' objects")
    if set(claim) != {"question", "verdict"} or not isinstance(claim["verdict"], dict):
        raise CertificateError("a claim must be {\"question\": ..., \"verdict\": {...}}")
    if "made_by" in cert:
        check_made_by(cert["made_by"], what)
    question = Question.from_json(claim["question"])
    if cert["kind"] not in ("positional-strategy", "positional-pairing") and (
            question.bias is not None or question.game in ("avoider-enforcer", "maker-maker", "avoider-avoider")):
        raise CertificateError(f"only a positional-strategy certificate answers biased or {question.game} questions")
    return question


def check_made_by(made_by, what: str = "a certificate") -> None:
    """The optional envelope key ``made_by``, read strictly: an object with exactly the keys tool,
    version, commit and date, each a string of at most 200 characters, commit possibly null. Who
    made a certificate is not part of its claim: this is its only reading."""
    if not isinstance(made_by, dict) or set(made_by) != MADE_BY_KEYS:
        raise CertificateError(f"{what}: 'made_by' must be an object with exactly the keys "
                               "tool, version, commit, date")
    for key in sorted(MADE_BY_KEYS):
        value = made_by[key]
        if value is None and key == "commit":
            continue
        if not isinstance(value, str) or len(value) > MADE_BY_CHARS:
            raise CertificateError(f"{what}: 'made_by' {key} must be a string of at most {MADE_BY_CHARS} "
                                   "characters" + (" or null" if key == "commit" else ""))


def read_certificate(path) -> dict:
    """The JSON object in the file ``path``; one-line errors for unreadable files."""
    from ..formats.common import read_json_text, read_text_file
    try:
        text = read_text_file(path)
        return read_json_text(text, str(path))
    except InputError as exc:
        if not Path(path).exists():
            raise
        raise CertificateError(f"not a readable JSON certificate ({exc})") from None


def check_file(path) -> CheckReport:
    """Check the certificate in the file ``path``: a JSON certificate, or a book (a zip whose parts
    are read as the root's walk reaches them, :mod:`verify.certificates.book`)."""
    from .book import is_book, read_book
    if not is_book(path):
        return check_certificate(read_certificate(path))
    root = read_book(path)
    try:
        return check_certificate(root)
    finally:
        root.close()


# -- helpers ---------------------------------------------------------------------------------------

def instance_hypergraph(cert: dict, marked=()) -> Hypergraph:
    """The certificate's board as a hypergraph (Maker's marks ``marked`` put on it)."""
    data = cert["instance"]
    if "marked" in data:
        raise CertificateError("a certificate's board carries no marks (Maker's vertices are in the "
                               "question's position)")
    try:
        return hypergraph_from_json({**data, "marked": list(marked)})
    except InputError as exc:
        raise CertificateError(f"bad instance: {exc}") from None


def roles(question: Question, *names: str) -> dict:
    """The question's position as ``{role: values}``, which must have exactly the roles ``names``."""
    pos = dict(question.position)
    if set(pos) != set(names):
        raise CertificateError(f"the position must list exactly {', '.join(names)}")
    return pos


def verdict_of(cert: dict, key: str, allowed=None):
    """The claimed verdict's single value under ``key`` (one of ``allowed`` when given)."""
    verdict = cert["claim"]["verdict"]
    if set(verdict) != {key}:
        raise CertificateError(f"the verdict must be {{\"{key}\": ...}}")
    value = verdict[key]
    if allowed is not None and (not isinstance(value, str) or value not in allowed):
        raise CertificateError(f"the verdict's {key} must be one of {', '.join(allowed)}")
    if allowed is None and (type(value) is not int or value < 0):
        raise CertificateError(f"the verdict's {key} must be a non-negative integer")
    return value


def mb_game(cert: dict, question: Question) -> mb.MakerBreakerGame:
    """The Maker-Breaker game a certificate is about: its board with the question's position
    (Maker's and Breaker's claimed vertices) and first player."""
    if question.game != "maker-breaker":
        raise CertificateError("the question is not about the maker-breaker game")
    pos = roles(question, "maker", "breaker")
    if question.first not in (Player.MAKER, Player.BREAKER):
        raise CertificateError("a maker-breaker question needs first = maker or breaker")
    h = instance_hypergraph(cert, pos["maker"])
    _vertex_set(h, list(pos["breaker"]))  # known, distinct names
    try:
        return mb.MakerBreakerGame(h, question.first.value, frozenset(pos["breaker"]))
    except InputError as exc:
        raise CertificateError(str(exc)) from None


def pg_game(cert: dict, question: Question):
    """The ``.pg`` game of a certificate (its text under instance ``pg``, initial stones included:
    they must be the question's position, which the digest comparison confirms)."""
    from ..formats.pg import parse_pg
    text = cert["instance"].get("pg")
    if question.game != "pg" or not isinstance(text, str) or set(cert["instance"]) != {"pg"}:
        raise CertificateError("a pg question needs the .pg text as the instance's only key 'pg'")
    try:
        return parse_pg(text, "certificate instance")
    except InputError as exc:
        raise CertificateError(f"bad instance: {exc}") from None


def mb_report(kind: str, game: mb.MakerBreakerGame, winner: str, detail: str, bound=None) -> CheckReport:
    return CheckReport(kind, question_of("maker-breaker", game, bound), {"winner": winner}, detail)


def _vertex_bit(h: Hypergraph, name) -> int:
    if not isinstance(name, (str, int)) or isinstance(name, bool):
        raise CertificateError(f"not a vertex name: {name!r}")
    try:
        return 1 << h.index(name)
    except InputError:
        raise CertificateError(f"unknown vertex {name!r}") from None


def _vertex_set(h: Hypergraph, names) -> int:
    if not isinstance(names, list):
        raise CertificateError(f"expected a list of vertices, got {names!r}")
    m = 0
    for v in names:
        b = _vertex_bit(h, v)
        if m & b:
            raise CertificateError(f"vertex {v!r} repeated")
        m |= b
    return m


# -- Maker-Breaker strategy ------------------------------------------------------------------------

@register("maker-breaker-strategy", "strategy")
def check_strategy(cert: dict, question: Question) -> CheckReport:
    game = mb_game(cert, question)
    h, first = game.board, game.first
    winner = verdict_of(cert, "winner", mb.PLAYERS)
    maker, breaker = game.maker_mask, game.breaker_mask
    table: dict[frozenset, int] = {}
    entries = cert.get("strategy")
    if not isinstance(entries, list):
        raise CertificateError("'strategy' must be a list")
    for entry in entries:
        if not isinstance(entry, dict) or set(entry) != {"residual", "move"}:
            raise CertificateError("each strategy entry must be an object with exactly the keys residual, move")
        res = entry.get("residual")
        if not isinstance(res, list):
            raise CertificateError("a strategy entry has no residual list")
        key = frozenset(_vertex_set(h, e) for e in res)
        if len(key) != len(res):
            raise CertificateError("a residual lists an edge twice")
        if key in table:
            raise CertificateError("two strategy entries for the same residual")
        table[key] = _vertex_bit(h, entry.get("move"))

    def choose(res):
        v = table.get(res)
        if v is None:
            raise CertificateError(f"no move for {winner} at reachable residual {_show(h, res)}")
        if not v & mb.live_vertices(res):
            raise CertificateError(f"move {h.names(v)[0]} at residual {_show(h, res)} is not a free vertex on a live edge")
        return v

    bound = question.bound
    if bound is not None and winner != mb.MAKER:
        raise CertificateError("a strategy certifies a bounded question only for Maker (wins within the bound)")
    free = (h.full_mask & ~maker & ~breaker).bit_count()
    states = 0
    max_states = mb.strategy_walk_cap(h)  # spec S7: states stored, weighed
    for res, nfree, _player in mb.strategy_states(mb.residual(h.edge_masks, maker, breaker), free,
                                                  first, winner, choose, max_states):
        states += 1
        over = mb.winner_if_over(res)
        if over is not None and over != winner:
            raise CertificateError(f"{over} wins at reachable residual {_show(h, res)}")
        if over is None and nfree == 0:
            raise CertificateError("board full without a result (inconsistent position)")
        if over == mb.MAKER and bound is not None and (free - nfree + (first == mb.MAKER)) // 2 > bound:
            raise CertificateError(f"Maker wins only after more than {bound} moves at {_show(h, res)}")
    return mb_report("maker-breaker-strategy", game, winner, f"{states} reachable states checked", bound)


def _show(h: Hypergraph, res) -> str:
    return "{" + ", ".join("{" + ",".join(h.names(e)) + "}" for e in sorted(res)) + "}"


# -- Maker-Breaker pairing -------------------------------------------------------------------------

@register("maker-breaker-pairing", "pairs")
def check_pairing(cert: dict, question: Question) -> CheckReport:
    game = mb_game(cert, question)
    h = game.board
    if verdict_of(cert, "winner", mb.PLAYERS) != mb.BREAKER:
        raise CertificateError("a pairing strategy can only certify a Breaker win")
    maker, breaker = game.maker_mask, game.breaker_mask
    pairs = cert.get("pairs")
    if not isinstance(pairs, list):
        raise CertificateError("'pairs' must be a list")
    used = 0
    masks = []
    for p in pairs:
        pm = _vertex_set(h, p)
        if pm.bit_count() != 2:
            raise CertificateError(f"pair {p!r} does not have two vertices")
        if pm & used:
            raise CertificateError(f"pair {p!r} overlaps another pair")
        if pm & (maker | breaker):
            raise CertificateError(f"pair {p!r} uses a claimed vertex")
        used |= pm
        masks.append(pm)
    # an edge contains a pair iff one of its vertices has its partner in it: O(Σ|e|), never each edge
    # against each pair (quadratic: 5,000 pairs and 9,998 edges each holding only the pair listed
    # last, 217 KB, took 17 s)
    partner = {}
    for pm in masks:
        i, j = bits(pm)
        partner[i], partner[j] = 1 << j, 1 << i
    for e in h.edge_masks:
        if not e & breaker and not any(e & partner.get(i, 0) for i in bits(e)):
            raise CertificateError(f"edge {{{','.join(h.names(e & ~maker))}}} contains no pair")
    return mb_report("maker-breaker-pairing", game, mb.BREAKER, f"{len(masks)} disjoint pairs block every edge")


# -- impartial games: Grundy labelling -------------------------------------------------------------

@register("nim-labelling", "labels")
def check_labelling(cert: dict, question: Question) -> CheckReport:
    h = instance_hypergraph(cert)
    roles(question)
    kind, nim, count = check_game_labelling(cert, question, imp.GAMES, lambda k: imp.ImpartialGame(k, h),
                                            lambda names: _vertex_set(h, names), lambda p: ",".join(h.names(p)),
                                            lambda labels: imp.labelling_visit_cap(h, labels))
    return CheckReport("nim-labelling", question_of(kind, h), {"nim": nim}, f"{count} reachable positions checked")


def check_game_labelling(cert: dict, question: Question, games, make_game, to_mask, show,
                         visit_cap=None) -> tuple[str, int, int]:
    """The nim-labelling check shared by every impartial game whose positions are sets: the claim's
    game is in ``games``; ``make_game(kind)`` gives the rules (``options(p)``, start ∅); every label
    ``[position, value]`` is parsed by ``to_mask``; every position reachable from ∅ must be labelled
    with the mex of its options' labels, and ∅'s label is the claim. With ``visit_cap`` (the number
    of label entries -> the most visits, L7: each visit's options built and tested), the visits are
    counted before a position's options are built. Returns (game, nim, reachable)."""
    kind = question.game
    if kind not in games:
        raise CertificateError(f"the question's game must be one of {', '.join(games)}")
    nim = verdict_of(cert, "nim")
    game = make_game(kind)
    labels: dict[int, int] = {}
    entries = cert.get("labels")
    if not isinstance(entries, list):
        raise CertificateError("'labels' must be a list")
    for entry in entries:
        if not (isinstance(entry, list) and len(entry) == 2):
            raise CertificateError("each label must be [position, value]")
        p = to_mask(entry[0])
        v = entry[1]
        if type(v) is not int or v < 0:
            raise CertificateError(f"label of {entry[0]} is not a non-negative integer")
        if p in labels:
            raise CertificateError(f"position {entry[0]} labelled twice")
        labels[p] = v
    seen = {0}
    stack = [0]
    visits = 0
    max_visits = visit_cap(len(labels)) if visit_cap is not None else None
    while stack:
        p = stack.pop()
        if p not in labels:
            raise CertificateError(f"reachable position {{{show(p)}}} has no label")
        visits += 1
        if max_visits is not None and visits > max_visits:
            raise CertificateError(f"the walk visits more than {max_visits} positions (spec L7: each weighed by "
                                   "the board's size): refused")
        opts = game.options(p)
        if labels[p] != imp.mex(labels.get(q, -1) for q in opts):
            missing = [q for q in opts if q not in labels]
            if missing:
                raise CertificateError(f"reachable position {{{show(missing[0])}}} has no label")
            raise CertificateError(f"label of {{{show(p)}}} is not the mex of its options' labels")
        for q in opts:
            if q not in seen:
                seen.add(q)
                stack.append(q)
    if labels[0] != nim:
        raise CertificateError(f"claimed nim {nim} but the verified labelling gives {labels[0]}")
    return kind, nim, len(seen)
