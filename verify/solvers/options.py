"""The solver contract's options: one typed object, validated once by :func:`verify.solvers.solve`.

A method declares the options it takes by naming them as keyword parameters of its function
(``fn(instance, certificate=False, backend=None)``); :func:`verify.solvers.solve` passes a method
exactly the options it declares and refuses, naming the method, any other option that was set.
``timeout`` is the exception: every method honours it, either itself (an engine in a child process
declares it) or through the dispatcher's wall-clock deadline.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from ..errors import InputError

#: what each option means, for ``verify solve --help`` and for error messages
OPTION_HELP = {
    "certificate": "attach a certificate that the independent checker can verify",
    "backend": "the engine behind an encoding (SAT, SMT or QBF solver name)",
    "rounds": "bound on Maker's rounds: asks 'does Maker win within this many rounds?'",
    "timeout": "seconds allowed; beyond it the answer is 'undecided', never a verdict",
    "symmetry": "break symmetries of the board in the encoding",
    "states": "position space of a nim-labelling encoding: 'literal' or 'residual'",
    "encoding": "QBF encoding of the game (see 'verify methods')",
    "jobs": "child processes sharing the search (dfs driver: split at the first move; pn: leaf workers)",
    "driver": "how the proof search is driven: 'dfs' (depth-first) or 'pn' (PN², proof numbers)",
    "dask": "evaluate the search's leaves on the Dask scheduler at this address (driver pn); "
            "with --certificate OUT.zip, build the book's parts there",
}

STATE_SPACES = ("literal", "residual")
SEARCH_DRIVERS = ("dfs", "pn")


def flag(option: str) -> str:
    """The command-line flag that sets ``option``."""
    return "--no-symmetry" if option == "symmetry" else "--" + option


@dataclass(frozen=True)
class SolveOptions:
    """Options of one :func:`verify.solvers.solve` call; ``None`` (or the default) means unset."""
    certificate: bool = False
    backend: str | None = None
    rounds: int | None = None
    timeout: float | None = None
    symmetry: bool = True
    states: str | None = None
    encoding: str | None = None
    jobs: int = 1
    driver: str | None = None
    dask: str | None = None

    def __post_init__(self):
        if not isinstance(self.certificate, bool) or not isinstance(self.symmetry, bool):
            raise InputError("certificate and symmetry are yes/no options")
        if self.backend is not None and (not isinstance(self.backend, str) or not self.backend):
            raise InputError("--backend takes a backend name")
        if self.rounds is not None and (isinstance(self.rounds, bool) or not isinstance(self.rounds, int)
                                        or self.rounds < 1):
            raise InputError(f"--rounds must be a positive integer, got {self.rounds!r}")
        if self.timeout is not None and (isinstance(self.timeout, bool)
                                         or not isinstance(self.timeout, (int, float))
                                         or not self.timeout > 0 or self.timeout == float("inf")):
            raise InputError(f"--timeout must be a positive number of seconds, got {self.timeout!r}")
        if self.encoding is not None and (not isinstance(self.encoding, str) or not self.encoding):
            raise InputError("--encoding takes an encoding name")
        if isinstance(self.jobs, bool) or not isinstance(self.jobs, int) or self.jobs < 1:
            raise InputError(f"--jobs must be a positive integer, got {self.jobs!r}")
        if self.driver is not None and self.driver not in SEARCH_DRIVERS:
            raise InputError(f"--driver must be one of {', '.join(SEARCH_DRIVERS)}, got {self.driver!r}")
        if self.dask is not None and (not isinstance(self.dask, str) or not self.dask):
            raise InputError("--dask takes a scheduler address")
        if self.states is not None and self.states not in STATE_SPACES:
            raise InputError(f"--states must be one of {', '.join(STATE_SPACES)}, got {self.states!r}")

    @classmethod
    def from_kwargs(cls, options: dict) -> "SolveOptions":
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise InputError(f"unknown solver option(s): {', '.join(unknown)} (known: {', '.join(sorted(known))})")
        return cls(**options)

    def set_options(self) -> dict:
        """The options whose value differs from the default, by name."""
        return {f.name: getattr(self, f.name) for f in fields(self) if getattr(self, f.name) != f.default}


OPTION_NAMES = tuple(f.name for f in fields(SolveOptions))
