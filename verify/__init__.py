"""verify: decide, certify and cross-check outcomes of combinatorial games on hypergraphs.

The Python API (:mod:`verify.api`) is re-exported here and loaded on first use, so that
``import verify`` costs no more than this module (``verify check`` loads only the trusted kernel,
:mod:`verify.kernel`):

>>> import verify
>>> result = verify.solve("maker-breaker", verify.family("tic-tac-toe", 3), certificate=True)
>>> result.winner, result.certified
(<Winner.MAKER: 'maker'>, True)
>>> verify.check(result.certificate).verdict
{'winner': 'maker'}
"""
from __future__ import annotations

import importlib

#: the public names, all defined in :mod:`verify.api`
__all__ = [
    "GAMES", "Hypergraph", "MakerBreakerGame", "load", "family", "family_parameters",
    "solve", "threshold", "methods", "check", "Certificate", "picture",
    "Result", "ThresholdResult", "Outcome", "BoundedOutcome", "NimValue", "SGValue", "Winner", "Answer", "Question", "Player",
    "CheckReport", "VerifyError", "InputError", "CertificateError",
]


def __getattr__(name: str):
    """Load a public name from :mod:`verify.api` on first use (PEP 562); ``__version__`` is the
    tool's version (:func:`verify.provenance.version`)."""
    if name == "__version__":
        from .provenance import version
        return version()
    if name not in __all__:
        raise AttributeError(f"module 'verify' has no attribute {name!r}")
    value = getattr(importlib.import_module("verify.api"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__) | {"__version__"})
