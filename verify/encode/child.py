"""Run an external engine call in a forked child process, so that a timeout, a crash or a hung
native library becomes an error and never a verdict (shared by every adapter).

The child never outlives ``verify``:
- it starts its own process group, and on return, timeout, crash or interrupt (Ctrl-C, and SIGTERM,
  which the CLI turns into one) the parent kills the whole group, helpers the engine spawned included;
- it asks the kernel to kill it when its parent dies, even by SIGKILL (Linux ``PR_SET_PDEATHSIG``;
  elsewhere it polls its parent);
- with a timeout it carries its own deadline (``SIGALRM`` a little after the parent's), so it ends
  even when nobody is left to kill it.
"""
from __future__ import annotations

import ctypes
import multiprocessing
import os
import resource
import signal
import sys
import threading
import time

from ..errors import BackendError, Undecided

#: seconds the child's own deadline lies beyond the parent's, so the parent reports the timeout
CHILD_GRACE = 2.0
_PR_SET_PDEATHSIG = 1


def run_in_child(fn, args: tuple, timeout: float | None, what: str):
    """``fn(*args)`` evaluated in a child; ``what`` names the engine in error messages."""
    ctx = multiprocessing.get_context("fork")
    recv, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=child_main, args=(send, fn, args, os.getpid(), timeout), daemon=True)
    proc.start()
    send.close()
    try:
        if not recv.poll(timeout):
            raise Undecided(f"{what} timed out after {timeout:g} s without an answer (undecided)")
        try:
            status, value = recv.recv()
        except EOFError:
            proc.join(5)
            raise BackendError(f"{what} crashed (exit code {proc.exitcode}) without an answer") from None
    finally:
        kill_group(proc)
        recv.close()
    if status != "ok":
        raise BackendError(f"{what} failed: {value}")
    return value


def die_with_parent(parent: int) -> None:
    """Arrange for this process to be killed when ``parent`` dies (also by SIGKILL)."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
                if os.getppid() != parent:  # the parent died before prctl took effect
                    os._exit(1)
                return
        except (OSError, AttributeError):
            pass
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def child_main(conn, fn, args, parent, timeout):
    os.setsid()
    die_with_parent(parent)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides; it kills the group
    if timeout is not None:
        signal.signal(signal.SIGALRM, signal.SIG_DFL)  # default action: terminate
        signal.setitimer(signal.ITIMER_REAL, timeout + CHILD_GRACE)
    try:
        conn.send(("ok", fn(*args)))
    except BaseException as exc:  # reported to the parent as a BackendError
        try:
            conn.send(("error", f"{type(exc).__name__}: {exc}"))
        except Exception:
            pass
    finally:
        conn.close()
        os._exit(0)


def kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if proc.is_alive():
        proc.kill()
    proc.join(5)


def children_cpu() -> float:
    """CPU seconds (user + system) of this process's reaped children: the engines it ran."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def cpu_with_children() -> float:
    """CPU seconds of this process and its reaped children."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime + children_cpu()
