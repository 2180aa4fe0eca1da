"""What a worker runs: evaluate a conjecture on a chunk of instances (payloads).

Workers never write the store; they return, per chunk, the number of instances on which the
conjecture holds or does not apply and every other outcome: a counterexample (the Violation), an
error (the check raised), a timeout (the per-instance limit, by SIGALRM where the worker runs tasks
on its main thread). The same function runs in a local process pool and on Dask workers.
"""
from __future__ import annotations

import signal
import threading
from dataclasses import dataclass, field

from ..errors import InputError, MethodError, UndefinedGame, VerifyError


@dataclass(frozen=True)
class TaskSpec:
    """Everything a worker needs to rebuild the conjecture: its name, the space parameters, and the
    text of the user's conjecture file when the conjecture comes from one."""
    name: str
    params: tuple = ()
    user_file: tuple[str, str] | None = None    # (path, text)
    instance_timeout: float | None = None


@dataclass
class ChunkResult:
    holds: int = 0
    outside: int = 0
    findings: list = field(default_factory=list)    # (pos, status, detail)


class _Timeout(Exception):
    pass


_CACHE: dict = {}


def resolve(spec: TaskSpec):
    """(conjecture, space with its parameters), cached per process."""
    key = (spec.name, spec.params, spec.user_file and spec.user_file[1])
    hit = _CACHE.get(key)
    if hit is None:
        from . import conjectures
        if spec.user_file is not None:
            conjectures.load_file(spec.user_file[0], spec.user_file[1])
        conj = conjectures.get(spec.name)
        hit = _CACHE[key] = (conj, conj.spec.space.with_params(dict(spec.params)))
    return hit


def _alarm(_signum, _frame):
    raise _Timeout()


def check_one(conj, space, payload, timeout: float | None):
    """("holds" | "outside" | "counterexample" | "error" | "timeout", detail)."""
    use_alarm = bool(timeout) and threading.current_thread() is threading.main_thread()
    if use_alarm:
        old = signal.signal(signal.SIGALRM, _alarm)
        signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        inst = space.decode(payload)
        if not conj.spec.applies(space, payload, inst):
            return "outside", None
        v = conj.claim.check(inst)
        return ("holds", None) if v is None else ("counterexample", v.to_json())
    except _Timeout:
        return "timeout", f"no answer within {timeout:g} s"
    except (InputError, MethodError, UndefinedGame):
        return "outside", None          # the statement's hypotheses exclude the instance
    except VerifyError as exc:
        return "error", f"{type(exc).__name__}: {exc}"
    except RecursionError:
        return "error", "RecursionError: instance too deep"
    except AssertionError as exc:
        if "daemonic" in str(exc):   # a Dask worker process may not start the engine's child process
            return "error", ("the method runs an engine in a child process, which a daemonic worker "
                             "cannot start: run Dask workers with distributed.worker.daemon=False")
        return "error", f"AssertionError: {exc}"
    except Exception as exc:  # noqa: BLE001 - a bug in a check is reported on its instance
        return "error", f"{type(exc).__name__}: {exc}"
    finally:
        if use_alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, old)


def run_chunk(spec: TaskSpec, payloads: list) -> ChunkResult:
    conj, space = resolve(spec)
    out = ChunkResult()
    for pos, p in enumerate(payloads):
        status, detail = check_one(conj, space, p, spec.instance_timeout)
        if status == "holds":
            out.holds += 1
        elif status == "outside":
            out.outside += 1
        else:
            out.findings.append((pos, status, detail))
    return out


def init_worker(parent: int) -> None:
    """Local pool workers: Ctrl-C is the parent's business, and a worker dies with its parent."""
    from ..encode.child import die_with_parent
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent(parent)
