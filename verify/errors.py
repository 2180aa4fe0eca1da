"""Errors the tool reports to a user in one line (the CLI exits with status 2)."""


class VerifyError(Exception):
    """Base class: every error a user can cause or meet is one of these."""


class InputError(VerifyError):
    """Malformed file, unknown vertex, duplicate edge, empty instance, bad parameter."""


class NotApplicable(InputError):
    """A claim's hypotheses fail on the instance it was asked about: the claim says nothing there."""


class NotReplayable(InputError):
    """Moves were given for something that has none to replay: a static picture (an instance of no
    game, a certificate recording no strategy, such as a nim table of a hypergraph NIM)."""


class UndefinedGame(VerifyError):
    """The game is not defined on this instance (e.g. ACV(H) when H has no edge, paper 000 Ex. 3.9)."""


class TooLarge(VerifyError):
    """The instance is beyond what the chosen method can handle."""


class MethodError(VerifyError):
    """The method does not apply to the instance (e.g. structural rank-3 solver on rank 4)."""


class BackendError(VerifyError):
    """An external solver crashed, timed out or contradicted another backend; never a verdict."""


class Undecided(BackendError):
    """The question was not decided within the time allowed: an answer of its own, never a verdict."""


class CertificateError(VerifyError):
    """A certificate failed independent checking."""

