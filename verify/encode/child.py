"""Run an external engine call in a forked child process, so that a timeout, a crash or a hung
native library becomes a :class:`BackendError` and never a verdict (shared by every adapter).

The child starts its own process group; on return, timeout or crash the whole group is killed, so
helper processes an engine spawns die with it.
"""
from __future__ import annotations

import multiprocessing
import os
import signal

from ..errors import BackendError


def run_in_child(fn, args: tuple, timeout: float | None, what: str):
    """``fn(*args)`` evaluated in a child; ``what`` names the engine in error messages."""
    ctx = multiprocessing.get_context("fork")
    recv, send = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(send, fn, args), daemon=True)
    proc.start()
    send.close()
    try:
        if not recv.poll(timeout):
            raise BackendError(f"{what} timed out after {timeout:g} s without an answer")
        try:
            status, value = recv.recv()
        except EOFError:
            proc.join(5)
            raise BackendError(f"{what} crashed (exit code {proc.exitcode}) without an answer") from None
    finally:
        _kill_group(proc)
        recv.close()
    if status != "ok":
        raise BackendError(f"{what} failed: {value}")
    return value


def _child(conn, fn, args):
    os.setsid()
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


def _kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    if proc.is_alive():
        proc.kill()
    proc.join(5)
