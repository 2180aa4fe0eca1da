"""A wall-clock deadline for in-process solvers: past it the search is abandoned and the question
reported :class:`~verify.errors.Undecided`, never answered.

Pure-Python searches are interrupted by ``SIGALRM`` between two bytecodes, so no partial answer can
escape; engines that run native code declare ``timeout`` themselves and run in a child process
(:mod:`verify.encode.child`). A native call made in process (nauty's automorphism group, a numba
kernel) is not interrupted: the alarm's exception is raised when it returns, so such a call must be
bounded by a size cut-off before it is made (``limits.MAX_BOARD_VERTICES`` for the positional
searches), or the deadline is late by its length.
"""
from __future__ import annotations

import signal
import threading
from contextlib import contextmanager

from ..errors import MethodError, Undecided

#: the alarm's period once the deadline has passed (a swallowed exception is raised again)
REPEAT_SECONDS = 0.05


@contextmanager
def deadline(seconds: float | None, what: str, asked: float | None = None):
    """Run the body with at most ``seconds`` of wall-clock time (no limit when ``None``); the
    message names ``asked`` (the user's whole timeout, of which ``seconds`` is what is left) if given."""
    if seconds is None:
        yield
        return
    if threading.current_thread() is not threading.main_thread():
        raise MethodError(f"{what}: a timeout on an in-process search needs the main thread")

    expired = []
    said = seconds if asked is None else asked

    def expire(signum, frame):
        expired.append(True)
        raise Undecided(f"undecided within {said:.3g} s ({what})")

    previous = signal.signal(signal.SIGALRM, expire)
    # the alarm repeats: an exception raised where Python swallows it (a gc callback, a __del__)
    # is raised again at the next tick; and a body that returns after the deadline anyway is
    # reported undecided: no answer past the deadline
    signal.setitimer(signal.ITIMER_REAL, seconds, REPEAT_SECONDS)
    try:
        yield
        if expired:
            raise Undecided(f"undecided within {said:.3g} s ({what})")
    except Undecided:
        raise
    except Exception as exc:
        # the alarm can fire inside native code, which may replace the exception by its own
        # (pynauty building its graph: "TypeError: missing 'adjacency_dict' attribute"): once the
        # deadline has passed, whatever escapes is the deadline's, and the question is undecided
        if expired:
            raise Undecided(f"undecided within {said:.3g} s ({what})") from exc
        raise
    finally:
        while True:  # a tick arriving during the clean-up is dropped, and the clean-up redone
            try:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)
                break
            except Undecided:
                continue
