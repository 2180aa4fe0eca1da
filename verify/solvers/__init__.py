"""The method registry and the solver contract.

Every solver is ``fn(instance, <declared options>) -> Result`` registered under (game, method); its
keyword parameters are the options it takes (:mod:`verify.solvers.options`). The CLI, the tests, the
claims and the hunts reach methods through :func:`solve`, which validates the options once, refuses an
option the method does not take (naming the method), enforces ``timeout`` for methods that do not
take it themselves, and times the call (``stats["seconds"]``).

``method="auto"`` asks the game's chooser (registered with :func:`register_auto`; the cost models are
in :mod:`verify.solvers.chooser`) which method fits the instance, and records the choice and its
reason on the result (``result.choice``); the default chooser is the explicit reference.
"""
from __future__ import annotations

import inspect
import threading
import time
from dataclasses import dataclass
from typing import Callable

from ..errors import CertificateError, InputError, MethodError, Undecided
from ..formats.instances import GAMES, game_spec
from ..plugins import add_entry, import_once
from ..result import BoundedOutcome, Result
from ..games.conventions import NEW_CONVENTIONS
from .chooser import Choice, as_choice, choose_positional
from .deadline import deadline
from .options import OPTION_NAMES, SolveOptions, flag

__all__ = ["SolveOptions", "Method", "register", "register_auto", "methods", "method_info", "solve"]


@dataclass(frozen=True)
class Method:
    """A registered method: its function and the options it takes."""
    game: str
    name: str
    fn: Callable[..., Result]
    takes: tuple[str, ...]


_METHODS: dict[tuple[str, str], Method] = {}
_AUTO: dict[str, Callable[[object], str]] = {}

# modules whose import registers the methods (each must exist: a typo is an import error)
_PLUGINS = ("verify.solvers.explicit_methods", "verify.solvers.rank3", "verify.solvers.qbf",
            "verify.solvers.sat", "verify.solvers.smt", "verify.solvers.structure",
            "verify.solvers.convex", "verify.solvers.hypernim", "verify.solvers.pg",
            "verify.solvers.search.methods", "verify.solvers.search.conventions", "verify.solvers.positional_pairing")


def _declared_options(fn) -> tuple[str, ...]:
    params = list(inspect.signature(fn).parameters.values())[1:]  # the first takes the instance
    takes = []
    for p in params:
        if p.kind in (p.VAR_KEYWORD, p.VAR_POSITIONAL):
            raise TypeError(f"{fn!r}: a method declares its options by name, not with *args/**kwargs")
        if p.name not in OPTION_NAMES:
            raise TypeError(f"{fn!r}: {p.name!r} is not a solver option (see verify.solvers.options)")
        takes.append(p.name)
    return tuple(takes)


def register(game: str, method: str, replace: bool = False):
    """Decorator: register ``fn(instance, **declared options)`` as ``method`` for ``game``. A name
    already taken by another definition is a ValueError naming it, unless ``replace=True``."""
    def deco(fn):
        add_entry(_METHODS, (game, method), Method(game, method, fn, _declared_options(fn)),
                  f"method {method!r} for {game}", replace, fn_of=lambda m: m.fn)
        return fn
    return deco


def unregister(game: str, method: str) -> None:
    """Remove a registered method (tests register deliberately wrong methods and remove them)."""
    _METHODS.pop((game, method), None)


def register_auto(game: str, replace: bool = False):
    """Decorator: ``fn(instance) -> Choice`` (:class:`verify.solvers.chooser.Choice`: the method and
    its reason; a bare method name is accepted) chooses the method for ``method="auto"``; a game
    has one chooser (another one is a ValueError unless ``replace=True``)."""
    def deco(fn):
        add_entry(_AUTO, game, fn, f"the auto chooser of {game}", replace)
        return fn
    return deco


def _load():
    import_once(_PLUGINS)


def methods(game: str | None = None) -> list[tuple[str, str]]:
    _load()
    return sorted(k for k in _METHODS if game is None or k[0] == game)


def method_info(game: str, method: str) -> Method:
    """The registered :class:`Method`; an unknown game or method is an :class:`InputError`."""
    _load()
    found = _METHODS.get((game, method))
    if found is None:
        known = [m for g, m in _METHODS if g == game]
        if not known:
            raise InputError(f"unknown game {game!r}")
        raise InputError(f"no method {method!r} for {game} (available: {', '.join(sorted(known))}, auto)")
    return found


def takers(option: str) -> list[str]:
    """The method names that take ``option`` (for help texts and error messages)."""
    _load()
    return sorted({m.name for m in _METHODS.values() if option in m.takes})


#: when the chooser's method does not take an option given, ``auto`` picks the first method in this
#: order that takes them all (native routes before engines; the reference first)
AUTO_FALLBACK_ORDER = ("explicit", "search", "structural", "structure", "dp", "pairing", "sat", "smt", "qbf")


def _auto(game: str, instance, given) -> Choice:
    """The method ``auto`` chooses, with its reason (:mod:`verify.solvers.chooser`): the game's
    chooser's (the explicit reference by default), unless it does not take an option given; then
    the first method of :data:`AUTO_FALLBACK_ORDER` that takes every option given (none: the
    chooser's, whose refusal names the methods that take them)."""
    chooser = _AUTO.get(game)
    first = as_choice(chooser(instance), chooser, game) if chooser else \
        Choice("explicit", f"the explicit reference (no chooser for {game})")
    wanted = [name for name in given if name != "timeout"]
    if all(name in method_info(game, first.method).takes for name in wanted):
        return first
    able = {m for g, m in _METHODS if g == game and all(n in _METHODS[(g, m)].takes for n in wanted)}
    other = next((m for m in AUTO_FALLBACK_ORDER if m in able), None)
    if other is None:
        return first
    said = ", ".join(flag(n) for n in wanted if n not in method_info(game, first.method).takes)
    return Choice(other, f"{first.method} (the chooser's: {first.reason}) does not take {said}; {other} "
                         f"is the first of {', '.join(AUTO_FALLBACK_ORDER)} that takes every option given")


def solve(game: str, instance, method: str = "auto", **options) -> Result:
    """Answer the game's question on ``instance`` with the named method."""
    opts = SolveOptions.from_kwargs(options)
    _load()
    given = opts.set_options()
    biased = tuple(getattr(instance, "bias", (1, 1))) != (1, 1)  # the reference and the search take a bias
    spec = GAMES.get(game)
    if opts.certificate and spec is not None and not spec.certificate_kinds:
        raise MethodError(f"no certificate kind for {game} yet")
    if biased and method not in ("auto", "explicit", "search", "pairing", "qbf"):
        raise InputError(f"method {method} for {game} does not take a bias (biased games: methods explicit, search, pairing, qbf)")
    if game == "maker-breaker" and not biased and hasattr(instance, "as_maker_breaker"):
        instance = instance.as_maker_breaker()  # the unbiased game goes every Maker-Breaker route
    positional = biased or game in NEW_CONVENTIONS
    t_choice = time.perf_counter()
    choice = None
    if method == "auto":
        # choosing (its pairing probe: a SAT call in a child, at most a few seconds) runs under
        # --timeout too, and the method gets what is left
        in_main = threading.current_thread() is threading.main_thread()
        with deadline(opts.timeout if in_main else None, f"choosing a method for {game}", opts.timeout):
            choice = choose_positional(instance) if positional else _auto(game, instance, given)
    timeout = opts.timeout if opts.timeout is None or choice is None else \
        opts.timeout - (time.perf_counter() - t_choice)
    if timeout is not None and timeout <= 0:
        raise Undecided(f"undecided within {opts.timeout:g} s (choosing a method for {game})")
    chosen = choice.method if choice else method
    m = method_info(game, chosen)
    refused = [name for name in given if name not in m.takes and name != "timeout"]
    if refused:
        via = " (chosen by auto)" if method == "auto" else ""
        parts = [f"{flag(name)} (taken by: {', '.join(takers(name)) or 'none'})" for name in refused]
        raise InputError(f"method {chosen}{via} for {game} does not take {', '.join(parts)}")
    kwargs = {name: timeout if name == "timeout" else getattr(opts, name) for name in m.takes}
    t0 = time.perf_counter()
    if "timeout" in m.takes:
        result = m.fn(instance, **kwargs)
    else:
        with deadline(timeout, f"{game} by method {chosen}", opts.timeout):
            result = m.fn(instance, **kwargs)
    result.stats["seconds"] = round(time.perf_counter() - t0, 6)
    result.choice = choice.to_json() if choice else None
    spec = game_spec(game)
    if not isinstance(result, spec.result_type):  # the registry's contract: one result type per question
        raise TypeError(f"method {chosen} for {game} returned {type(result).__name__}, not {spec.result_type.__name__}")
    result.question = spec.question(instance, result.bound if isinstance(result, BoundedOutcome) else None)
    if result.certificate is not None:
        certify(result)
    return result


def certify(result: Result) -> None:
    """Verify ``result.certificate`` with the independent checker and bind it to the answer: its
    claim must be exactly the question solved and the verdict printed (else CertificateError: the
    answer is not reported as certified). A checked certificate also lifts ``conditional_on``: the
    answer no longer rests on the unproved statement."""
    from ..certificates.checker import check_certificate
    expected = result.claim()
    got = result.certificate.get("claim")
    if got != expected:
        raise CertificateError(f"method {result.method} wrote a certificate of {got!r}, which is not its "
                               f"answer {expected!r}: not certified")
    result.check = check_certificate(result.certificate)
    result.conditional_on = None
