"""The Python API: what ``import verify`` gives, in the conventions of networkx and PySAT.

Build or read an instance (:func:`family`, :func:`load`, :class:`Hypergraph`), answer its question
(:func:`solve`, returning a :class:`~verify.result.Result` that carries its
:class:`~verify.question.Question`), re-verify a certificate with the independent checker
(:func:`check`, :class:`Certificate`) and draw boards and positions (:func:`picture`). Every name
is re-exported by :mod:`verify` and loaded on first use, so ``import verify`` alone stays as cheap
as the trusted kernel.

References
----------
N. Sieben, "Impartial hypergraph games", *Electronic Journal of Combinatorics* 30(2) (2023), #P2.13.

S. McCoy and N. Sieben, "Impartial achievement games on convex geometries" (manuscript).

S. Shim, "Impartial avoidance games on convex geometries" (manuscript).

E. Boros, V. Gurvich, L. Kitrossky and K. Makino, "On the Sprague-Grundy function of compound
games", *Integers* 23 (2023).

F. Galliot, "Hypergraphs and the Maker-Breaker game: a structural approach", PhD thesis,
Université Grenoble Alpes (2023), HAL tel-04249805.
"""
from __future__ import annotations

import json
from dataclasses import replace
from os import PathLike
from pathlib import Path
from typing import Any, Iterable, Union

from . import draw as _draw
from .certificates.checker import CheckReport, check_certificate, read_certificate
from .errors import CertificateError, InputError, VerifyError
from .families import FAMILIES
from .families import family as _family
from .formats.instances import GAMES as _GAME_SPECS
from .formats.instances import asked_question, expected_verdict, load_instance, mismatches
from .games.conventions import ConventionGame
from .games.maker_breaker import MakerBreakerGame
from .hypergraph import Hypergraph
from .plugins import html_table
from .question import Player, Question
from .result import Answer, BoundedOutcome, NimValue, Outcome, Result, SGValue, Winner
from .thresholds import ThresholdResult

__all__ = [
    "GAMES", "Hypergraph", "MakerBreakerGame", "load", "family", "family_parameters",
    "solve", "threshold", "methods", "check", "Certificate", "picture",
    "Result", "ThresholdResult", "Outcome", "BoundedOutcome", "NimValue", "SGValue", "Winner", "Answer", "Question", "Player",
    "CheckReport", "VerifyError", "InputError", "CertificateError",
]

Path_ = Union[str, PathLike]

#: the games ``verify`` answers questions about
GAMES: tuple[str, ...] = tuple(_GAME_SPECS)


def load(game: str, path: Path_, first: str = "maker") -> Any:
    """Read the instance of ``game`` in the file ``path``.

    Parameters
    ----------
    game : str
        One of :data:`GAMES`: ``"maker-breaker"``, the impartial games ``"acv"``, ``"avd"``,
        ``"dst"``, ``"prv"`` (hypergraphs, text or JSON), ``"pg"`` (Positional Game Description
        files), ``"gen"``, ``"dng"`` (convex geometries, JSON) or ``"hypernim"`` (JSON).
    path : str or path-like
        The instance file.
    first : {"maker", "breaker"}
        Who moves first in a Maker-Breaker game (ignored by the other games).

    Returns
    -------
    instance
        What the game's solvers take: a :class:`MakerBreakerGame`, a :class:`Hypergraph`, a
        ``.pg`` game, a convex-geometry game or a hypergraph-NIM instance.

    Raises
    ------
    InputError
        The file is missing or malformed (the message names the file and the fault).

    Examples
    --------
    >>> import pathlib, tempfile, verify
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "path.txt"
    >>> _ = path.write_text("a b\\nb c\\n")
    >>> verify.load("maker-breaker", path, first="breaker")
    MakerBreakerGame(board=Hypergraph(n=3, edges=[{a,b}, {b,c}]), first='breaker', breaker=frozenset())
    >>> verify.load("acv", path).m
    2

    References
    ----------
    N. Sieben, "Impartial hypergraph games", *Electronic Journal of Combinatorics* 30(2) (2023),
    #P2.13 (the hypergraph games ACV, AVD, DST, PRV).
    """
    return load_instance(game, path, first=first)


def family(name: str, *params: int) -> Hypergraph:
    """Build a named board: tic-tac-toe, k-in-a-row, the Fano plane, Hex, Qubic, random ...

    Parameters
    ----------
    name : str
        A family of :func:`family_parameters` (``verify family NAME`` on the command line).
    *params : int
        The family's integer parameters, in the order :func:`family_parameters` lists them
        (trailing ones with a default may be left out).

    Returns
    -------
    Hypergraph
        The board: its vertices are the cells (chess-style names ``a1``, ``b2`` ... on grids) and
        its edges the winning sets.

    Raises
    ------
    InputError
        Unknown family, or parameters out of range.

    Examples
    --------
    >>> import verify
    >>> ttt = verify.family("tic-tac-toe", 3)
    >>> ttt.n, ttt.m
    (9, 8)
    >>> verify.family("fano")
    Hypergraph(n=7, edges=[{1,2,3}, {1,4,5}, {1,6,7}, {2,4,6}, {2,5,7}, {3,4,7}, {3,5,6}])
    """
    return _family(name, *params)


def family_parameters() -> dict[str, tuple[str, ...]]:
    """The named families and the names of their parameters.

    Returns
    -------
    dict
        ``{family name: (parameter name, ...)}``.

    Examples
    --------
    >>> import verify
    >>> verify.family_parameters()["k-in-a-row"]
    ('m', 'n', 'k')
    """
    return {name: tuple(names) for name, (_, names) in FAMILIES.items()}


def _instance(game: str, instance: Any, first: str | None) -> Any:
    """``instance`` as the object ``game``'s solvers take: a file is read, a hypergraph becomes a
    Maker-Breaker game (``first`` starts, Maker by default), a Maker-Breaker game gets ``first``;
    for the other positional games a hypergraph becomes their :class:`ConventionGame`."""
    from .games.conventions import NEW_CONVENTIONS, ConventionGame
    if isinstance(instance, (str, PathLike)):
        return load_instance(game, instance, first=first or "maker")
    if game in NEW_CONVENTIONS and isinstance(instance, Hypergraph):
        return ConventionGame(instance, game, first=first)
    if isinstance(instance, ConventionGame) and instance.convention != game:
        raise InputError(f"this is a {instance.convention} game, not a {game} game")
    if game in NEW_CONVENTIONS and not isinstance(instance, ConventionGame):
        raise InputError(f"a {game} game is played on a Hypergraph or a ConventionGame, "
                         f"not a {type(instance).__name__}")
    if isinstance(instance, ConventionGame) and first is not None:
        return replace(instance, first=first)
    if game == "maker-breaker" and isinstance(instance, Hypergraph):
        return MakerBreakerGame(instance, first or "maker")
    if first is not None:
        if not isinstance(instance, MakerBreakerGame):
            raise InputError(f"first={first!r} applies to maker-breaker games only, not {game}")
        return replace(instance, first=first)
    return instance


def solve(game: str, instance: Any, method: str = "auto", *, first: str | None = None,
          certificate: bool = False, bias: Any = None, **options: Any) -> Result:
    """Answer the game's question on ``instance``: who wins, or the nim-value.

    Parameters
    ----------
    game : str
        One of :data:`GAMES`.
    instance : Hypergraph, MakerBreakerGame, game object, str or path-like
        The instance, or a file read with :func:`load`. A :class:`Hypergraph` asked as
        ``"maker-breaker"`` is the game on that board from the start.
    method : str
        ``"auto"`` (the game's chooser picks a method that fits the instance), ``"explicit"``
        (the reference solver, written from the definitions), or another method of
        :func:`methods` (``"structural"``, ``"search"``, ``"qbf"``, ``"sat"``, ...).
    first : {"maker", "breaker", "avoider", "enforcer"}, optional
        Who moves first in a Maker-Breaker game (default Maker, or the game object's own), or in an
        Avoider-Enforcer game (default Avoider); ``"maker-maker"`` and ``"avoider-avoider"`` have
        no choice (the bias is the first player's claims per turn and the second's).
    bias : (int, int) or str, optional
        The bias (p:q) of a positional game (paper 004 Def I.1.8), as a pair or ``"p:q"``: Maker's
        and Breaker's claims per turn (``"maker-breaker"``), Avoider's and Enforcer's
        (``"avoider-enforcer"``), the first player's and the second's (``"maker-maker"``,
        ``"avoider-avoider"``). Default 1:1; a biased game is answered by the explicit reference (or
        ``method="search"``), certified by a ``positional-strategy`` certificate when asked.
    certificate : bool
        Attach a certificate, verify it with the independent checker and bind it to the answer:
        the result is then *certified* (``result.certified``, ``result.check``).
    **options
        The other solver options (``rounds``, ``timeout``, ``backend``, ``symmetry``,
        ``states``, ``encoding``); a method refuses an option it does not take.

    Returns
    -------
    Result
        An :class:`Outcome` (``winner``, ``first``), a :class:`BoundedOutcome` (with ``rounds``:
        "does Maker win within that many rounds?") or a :class:`NimValue` (``nim``), carrying its
        :class:`Question`, the method, its stats and, if asked for, the checked certificate.

    Raises
    ------
    InputError
        Bad input, an unknown method, or an option the method does not take.
    VerifyError
        The method does not apply, the instance is too large, or no answer within ``timeout``.

    See Also
    --------
    check : re-verify a certificate.
    methods : the methods of each game.

    Examples
    --------
    >>> import verify
    >>> r = verify.solve("maker-breaker", verify.family("tic-tac-toe", 3), certificate=True)
    >>> r.winner, r.first, r.certified
    (<Winner.MAKER: 'maker'>, <Player.MAKER: 'maker'>, True)
    >>> r.question.describe()
    'maker-breaker on board sha256:d418614b72cd…, from the start, maker first'
    >>> verify.solve("maker-breaker", verify.family("fano"), first="breaker").winner
    <Winner.BREAKER: 'breaker'>
    >>> verify.solve("acv", verify.family("fano"), method="explicit").nim
    1
    >>> path = verify.Hypergraph([["a", "b"], ["b", "c"]])
    >>> verify.solve("avoider-enforcer", path, bias=(1, 2)).winner
    <Winner.AVOIDER: 'avoider'>
    >>> verify.solve("maker-breaker", path, bias="1:2").question.describe()
    'maker-breaker on board sha256:5f9179fc9b23…, from the start, maker first, bias 1:2'

    References
    ----------
    F. Galliot, "Hypergraphs and the Maker-Breaker game: a structural approach", PhD thesis,
    Université Grenoble Alpes (2023) (Maker-Breaker conventions; the rank-3 method, Theorem
    II.1.12).

    N. Sieben, "Impartial hypergraph games", *Electronic Journal of Combinatorics* 30(2) (2023),
    #P2.13 (ACV, AVD, DST, PRV).
    """
    from .solvers import solve as _solve
    instance = _instance(game, instance, first)
    if bias is not None:
        from .games.conventions import with_bias
        instance = with_bias(game, instance, bias)
    return _solve(game, instance, method, certificate=certificate, **options)


def threshold(game: str, board: Any, *, first: str | None = None, method: str = "auto",
              timeout: float | None = None, keep_certificates: bool = False,
              certify: bool = True) -> "ThresholdResult":
    """The threshold bias of a Maker-Breaker game, or the two thresholds of an Avoider-Enforcer game,
    every (1:q) game reported decided with a checked certificate.

    Parameters
    ----------
    game : {"maker-breaker", "avoider-enforcer"}
    board : Hypergraph, str or path-like
        The board (a file is read as a hypergraph).
    first : str, optional
        Who starts (default Maker, resp. Avoider).
    method, timeout
        How each (1:q) game is decided (:func:`solve`).
    keep_certificates : bool
        Keep each row's certificate (``result.rows[i].certificate``).
    certify : bool
        Certify every row (default); ``False`` decides them without certificates (not certified).

    Returns
    -------
    ThresholdResult
        ``threshold`` (Maker-Breaker: the least q at which Breaker wins, paper 004 Def I.1.32; None
        when Maker wins at every bias), or ``lower`` and ``upper`` (Avoider-Enforcer, Hefetz,
        Krivelevich, Szabó 2007); ``rows``: the decided (1:q) games.

    Examples
    --------
    >>> import verify
    >>> verify.threshold("maker-breaker", verify.family("graph", "triangle", 5)).threshold
    2
    """
    from .thresholds import threshold as _threshold
    if isinstance(board, (str, PathLike)):
        board = load_instance("maker-breaker", board).board
    return _threshold(game, board, first, method, timeout, keep_certificates, certify)


def methods(game: str | None = None) -> list[tuple[str, str]]:
    """The registered methods, as ``(game, method)`` pairs.

    Parameters
    ----------
    game : str, optional
        Only this game's methods.

    Returns
    -------
    list of (str, str)
        Sorted ``(game, method)`` pairs; ``"auto"`` is not listed (it picks one of them).

    Examples
    --------
    >>> import verify
    >>> ("maker-breaker", "explicit") in verify.methods("maker-breaker")
    True
    """
    from .solvers import methods as _methods
    return _methods(game)


class Certificate:
    """A certificate: one JSON document stating a question, its verdict and the evidence.

    Parameters
    ----------
    data : dict
        The parsed JSON object (see the certificate formats in the documentation).

    Attributes
    ----------
    data : dict
        The JSON object itself, as written to a file.

    Examples
    --------
    >>> import verify
    >>> r = verify.solve("maker-breaker", verify.family("tic-tac-toe", 3), certificate=True)
    >>> cert = verify.Certificate(r.certificate)
    >>> cert.kind
    'maker-breaker-strategy'
    >>> cert.check().verdict
    {'winner': 'maker'}
    """

    def __init__(self, data: dict):
        if not isinstance(data, dict):
            raise CertificateError("a certificate must be a JSON object")
        self.data = data

    @classmethod
    def read(cls, path: Path_) -> "Certificate":
        """Read a certificate file (JSON); :class:`CertificateError` if it is not one."""
        return cls(read_certificate(path))

    def save(self, path: Path_) -> str:
        """Write the certificate to ``path`` as one line of JSON; returns the path as a string."""
        from .cli.common import write_file
        write_file(path, json.dumps(self.data) + "\n")
        return str(path)

    @property
    def kind(self) -> str | None:
        """The kind of evidence (``maker-breaker-strategy``, ``pg-proof``, ``nim-labelling`` ...)."""
        return self.data.get("kind")

    def check(self, instance: Any = None, *, first: str | None = None,
              expect: str | dict | None = None) -> CheckReport:
        """Verify with the independent checker: the same as :func:`check` on this certificate."""
        return check(self, instance, first=first, expect=expect)

    def picture(self, moves: Iterable[str] = (), path: Path_ | None = None) -> "_draw.Board":
        """The certificate's board after ``moves``, the strategy's next move ringed in green (the
        certificate is verified first): the same as :func:`picture` on this certificate."""
        return picture(self, moves, path=path)

    def __repr__(self) -> str:
        return f"Certificate(kind={self.kind!r})"

    def _repr_html_(self) -> str:
        """A table (question, verdict, kind, what was checked) beside the board, in Jupyter; a
        certificate that fails checking shows why instead."""
        try:
            report = self.check()
        except VerifyError as exc:
            return html_table([("certificate", self.kind), ("not valid", exc)])
        try:
            svg = self.picture().svg()
        except VerifyError:
            svg = None
        return html_table([("question", report.question.describe()), ("verdict", report.verdict_text()),
                           ("certificate", report.kind), ("checked", report.detail)], svg)


def _certificate_data(certificate: Any) -> dict:
    if isinstance(certificate, Certificate):
        return certificate.data
    if isinstance(certificate, Result):
        if certificate.certificate is None:
            raise InputError("this result has no certificate: solve with certificate=True")
        return certificate.certificate
    if isinstance(certificate, (str, PathLike)):
        return read_certificate(certificate)
    return certificate


def check(certificate: Any, instance: Any = None, *, first: str | None = None, rounds: int | None = None,
          bias: Any = None, expect: str | dict | None = None) -> CheckReport:
    """Verify a certificate with the independent checker (no solver is called).

    The checker re-reads the certificate's own instance, derives the question it poses and the
    verdict the evidence proves from the game rules alone, and accepts only if both equal the
    certificate's claim. With ``instance`` it also confirms the certificate answers the question
    that instance poses; with ``expect``, that it proves that verdict (``verify check --instance
    FILE --expect VERDICT`` on the command line).

    Parameters
    ----------
    certificate : Certificate, dict, Result, str or path-like
        The certificate: an object, a parsed JSON document, a certified result, or a file.
    instance : Hypergraph, MakerBreakerGame, game object, str or path-like, optional
        The instance whose question the certificate must answer (read as the certificate's game).
    first : {"maker", "breaker", "avoider", "enforcer"}, optional
        With ``instance``: the first player of its question (default: a game object's own starter,
        else the certificate's).
    bias : (int, int) or str, optional
        With ``instance``: the bias of its positional game (default 1:1; never taken from the
        certificate).
    rounds : int, optional
        With ``instance``: the bounded question "Maker wins within ``rounds`` moves" (default: the
        whole game; the bound is never taken from the certificate).
    expect : str or dict, optional
        The verdict it must prove: ``"maker"``, ``"breaker"``, ``"black"``, ``"white"``,
        ``"draw"``, ``"nim=3"``, ``"sg=2"`` or ``"KEY=VALUE"``, or a verdict dict.

    Returns
    -------
    CheckReport
        The question and verdict proved (``kind``, ``question``, ``verdict``, ``detail``).

    Raises
    ------
    CertificateError
        The certificate is not valid, or does not answer ``instance``'s question, or does not
        prove ``expect``.

    Examples
    --------
    >>> import verify
    >>> ttt = verify.family("tic-tac-toe", 3)
    >>> r = verify.solve("maker-breaker", ttt, certificate=True)
    >>> report = verify.check(r.certificate, ttt, expect="maker")
    >>> report.verdict, report.kind
    ({'winner': 'maker'}, 'maker-breaker-strategy')
    >>> verify.check(r.certificate, ttt, first="breaker")
    Traceback (most recent call last):
      ...
    verify.errors.CertificateError: it answers maker-breaker on board ..., maker first, not the question the instance poses (...)
    >>> forged = dict(r.certificate, claim={**r.certificate["claim"], "verdict": {"winner": "breaker"}})
    >>> verify.check(forged)
    Traceback (most recent call last):
      ...
    verify.errors.CertificateError: no move for breaker at reachable residual ...
    """
    report = check_certificate(_certificate_data(certificate))
    asked = None
    if instance is not None:
        own_first = isinstance(instance, (MakerBreakerGame, ConventionGame)) and first is None  # keeps its starter
        asked = asked_question(report.question,
                               lambda who: _instance(report.question.game, instance, None if own_first else who),
                               first, rounds, bias)
    if isinstance(expect, str):
        expect = expected_verdict(expect)
    problems = mismatches(report.question, report.verdict, asked, expect)
    if problems:
        raise CertificateError("; ".join(problems))
    return report


def picture(obj: Any, moves: Iterable[str] = (), *, path: Path_ | None = None, game: str | None = None,
            first: str = "maker", geometry: str = "auto") -> "_draw.Board":
    """A picture of a board, a position or a certificate's strategy, displayed inline in Jupyter.

    Boards are drawn in their own geometry (square grids for tic-tac-toe and k-in-a-row, hexagons
    for Hex, points for convex geometries, rounded hulls or an incidence chart for other
    hypergraphs); Maker's or black's stones are dark, Breaker's or white's light, a certificate's
    next move is a green dashed ring and a completed winning set is gold.

    Parameters
    ----------
    obj : Hypergraph, MakerBreakerGame, .pg game, Certificate, Result, dict, str or path-like
        What to draw: an instance object, a certificate (its strategy supplies the next move; it
        is verified first), a certified result, a JSON document, or an instance or certificate file.
    moves : iterable of str
        Moves to replay, in order of play, from the starting position (checked for legality).
    path : str or path-like, optional
        Also write the picture to this file (``.svg`` or ``.png``).
    game : str, optional
        For a hypergraph file or document: the game played on it (``"maker-breaker"`` by default,
        or ``"acv"``, ``"avd"``, ``"dst"``, ``"prv"``).
    first : {"maker", "breaker"}
        For a hypergraph file or document: who moves first.
    geometry : str
        ``"auto"`` (detected), ``"square"``, ``"hex"``, ``"cells"`` or ``"hypergraph"``.

    Returns
    -------
    Board
        The picture (cells, winning sets, ``stones``, ``next_move``): ``svg()`` gives the SVG text,
        and Jupyter displays it.

    Examples
    --------
    >>> import verify
    >>> ttt = verify.family("tic-tac-toe", 3)
    >>> board = verify.picture(ttt, ["b2", "a1"])
    >>> board.stones
    {'b2': 'maker', 'a1': 'breaker'}
    >>> r = verify.solve("maker-breaker", ttt, certificate=True)
    >>> verify.picture(r, ["b2", "a1"]).next_move in ttt.vertices
    True
    >>> verify.picture(r).svg().startswith("<?xml")
    True
    >>> import pathlib, tempfile
    >>> out = pathlib.Path(tempfile.mkdtemp()) / "opening.png"
    >>> _ = verify.picture(r, ["b2"], path=out)
    >>> out.read_bytes()[:4]
    b'\x89PNG'
    """
    if isinstance(obj, Result):
        obj = Certificate(_certificate_data(obj))
    if isinstance(obj, Certificate):
        check_certificate(obj.data)
        drawable = _draw.from_certificate(obj.data, geometry=geometry)
    elif isinstance(obj, (str, PathLike)):
        drawable = _draw.load(Path(obj), game=game, first=first, geometry=geometry)
    elif isinstance(obj, dict):
        drawable = _draw.from_json(obj, game=game, first=first, geometry=geometry)
    else:
        drawable = _draw.play_of(obj, game=game, first=first, geometry=geometry)
        if drawable is None:
            raise InputError(f"cannot draw a {type(obj).__name__}")
    board = _draw.board_of(drawable, list(moves))
    if path is not None:
        _draw.save(board, path)
    return board


# -- the theorem catalogue, with a researcher's own claims --------------------------------------------
# (``verify.api.load_claims``, ``theorems`` and ``check_theorems``: the API of ``verify theorems``.)

def _claim_paths(claims: Path_ | Iterable[Path_] | None) -> list:
    if claims is None:
        return []
    if isinstance(claims, (str, PathLike)):
        return [claims]
    return list(claims)


def load_claims(path: Path_) -> list:
    """Load a researcher's Python file of claims into the theorem catalogue.

    The file declares its statements as the built-in catalogue does, with the decorator
    :func:`verify.claims.registry.claim` (``@claim(NAME, SOURCE, STATEMENT, instances=FAMILY)`` on
    a function that returns None where the statement holds, else a
    :class:`~verify.claims.registry.Violation`, best with a certificate); see
    ``examples/claims/my_claims.py``.

    Parameters
    ----------
    path : str or path-like
        The Python file (imported as a module from its path).

    Returns
    -------
    list of Claim
        The file's claims, which then join :func:`theorems` (loading the same file again returns
        them; loading it after an edit replaces them).

    Raises
    ------
    InputError
        One line naming the file: it does not exist, does not import, defines no claim, or gives a
        claim the name of a built-in claim or of another claim of the file.

    Examples
    --------
    >>> import pathlib, tempfile, verify.api as api
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "squares.py"
    >>> _ = path.write_text('''
    ... from verify.claims.registry import Violation, claim
    ... @claim("mine-odd-squares", "my lemma", "the square of an odd number is odd", instances=range)
    ... def check(k):
    ...     return None if k % 2 == 0 or k * k % 2 == 1 else Violation(k, "odd", "even")
    ... ''')
    >>> [c.name for c in api.load_claims(path)]
    ['mine-odd-squares']
    >>> [(r.status, r.instances) for r in api.check_theorems(claims=path, size=10)]
    [('holds', 10)]
    >>> api.load_claims(pathlib.Path(path.parent, "none.py"))
    Traceback (most recent call last):
    ...
    verify.errors.InputError: ...none.py: no such claims file
    >>> from verify.claims import registry
    >>> registry.unload_claims(["mine-odd-squares"])  # (the example leaves the catalogue as it was)
    """
    from .claims import registry
    return registry.load_claims_file(path)


def theorems(claims: Path_ | Iterable[Path_] | None = None) -> list:
    """The theorem catalogue: every claim, built in or loaded from a researcher's file.

    Parameters
    ----------
    claims : str, path-like or list of them, optional
        Files of your own claims to load first (:func:`load_claims`).

    Returns
    -------
    list of Claim
        Sorted by name; a claim of a researcher's file has its path in ``file``.

    Examples
    --------
    >>> import verify.api as api
    >>> names = [c.name for c in api.theorems()]
    >>> "000-prop-7.6" in names
    True
    """
    from .claims import registry
    for path in _claim_paths(claims):
        registry.load_claims_file(path)
    return registry.all_claims()


def check_theorems(names: str | Iterable[str] | None = None, *, claims: Path_ | Iterable[Path_] | None = None,
                   size: int | None = None) -> list:
    """Check claims over their families, as ``verify theorems check`` does.

    Parameters
    ----------
    names : str or list of str, optional
        The claims to check. Without names: the claims of the files ``claims`` when given, else
        every claim of the catalogue (about a minute).
    claims : str, path-like or list of them, optional
        Files of your own claims to load first (:func:`load_claims`).
    size : int, optional
        The size to check up to (default: each claim's own).

    Returns
    -------
    list of ClaimReport
        One per claim: ``status`` ("holds", "counterexample" or "error"), ``instances`` checked and,
        for a counterexample, ``counterexample`` (the smallest: ``instance``, ``expected``,
        ``actual`` and ``certificate``, which :func:`check` re-verifies).

    Examples
    --------
    >>> import pathlib, tempfile, verify, verify.api as api
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "mine.py"
    >>> _ = path.write_text('''
    ... import verify
    ... from verify.claims.registry import Violation, claim
    ... BOARDS = [verify.Hypergraph([["a", "b"], ["c", "d"]]), verify.Hypergraph([["a", "b"], ["a", "c"]])]
    ... @claim("mine-two-edges", "my conjecture", "Breaker wins every graph of two edges (Maker first)",
    ...        instances=lambda n: BOARDS)
    ... def check(h):
    ...     r = verify.solve("maker-breaker", h, certificate=True)
    ...     return None if r.winner == "breaker" else Violation(
    ...         [sorted(e) for e in h.edges], "breaker wins", f"{r.winner} wins", r.certificate)
    ... ''')
    >>> [report] = api.check_theorems(claims=path)
    >>> report.status, report.instances, report.counterexample["instance"]
    ('counterexample', 2, [['a', 'b'], ['a', 'c']])
    >>> verify.check(report.counterexample["certificate"]).verdict
    {'winner': 'maker'}
    >>> from verify.claims import registry
    >>> registry.unload_claims(["mine-two-edges"])  # (the example leaves the catalogue as it was)
    """
    from .claims import registry
    own = []
    for path in _claim_paths(claims):
        own += [c for c in registry.load_claims_file(path) if c not in own]
    if isinstance(names, str):
        names = [names]
    if names is not None:
        chosen = [registry.get_claim(n) for n in names]
    else:
        chosen = own if claims is not None else registry.all_claims()
    if size is not None and size < 0:
        raise InputError("size must be non-negative")
    return [registry.check_claim(c, size) for c in chosen]
