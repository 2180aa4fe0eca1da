"""An engine portfolio: several QBF engines race on the same formula in parallel child processes.

The first answer wins; answers that arrive at the same time (or before the losers are killed) must
agree with it, or the result is a :class:`BackendError` naming the disagreement. An engine that
crashes is ignored while others still run; when every engine failed or the time ran out, the
result is a BackendError, never a verdict. Every child is killed (its whole process group) before
this returns or raises, also on Ctrl-C: the children are those of :mod:`verify.encode.child`.

Backend syntax (``--backend``): ``depqbf|caqe|bloqqer+caqe`` races the named engines;
``portfolio`` races :data:`PORTFOLIO`.
"""
from __future__ import annotations

import multiprocessing
import os
import time
from multiprocessing.connection import wait

from ...errors import BackendError, Undecided
from . import backends as qb
from ..child import child_main, kill_group
from .game import PrenexCNF

PORTFOLIO = ("depqbf", "caqe", "bloqqer+caqe")  # chosen from bench/bench_qbf.py on 2 cores
GRACE = 0.05  # seconds to collect simultaneous answers before the losers are killed


def portfolio_engines(spec: str) -> list[str]:
    names = list(PORTFOLIO) if spec == "portfolio" else [s.strip() for s in spec.split("|") if s.strip()]
    return [qb.check_backend(n) for n in names]


def race(f: PrenexCNF, engines, timeout: float | None = None, model: bool = False) -> qb.QBFAnswer:
    """The first answer among ``engines`` on ``f`` (see the module docstring)."""
    engines = list(engines)
    for e in engines:
        qb.warm(e)
    ctx = multiprocessing.get_context("fork")
    t0 = time.perf_counter()
    procs, conns = {}, {}
    try:
        for e in engines:
            recv, send = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=child_main, args=(send, qb.run_engine, (f, e, model), os.getpid(), timeout),
                               daemon=True)
            proc.start()
            send.close()
            procs[e], conns[recv] = proc, e
        answers: list[qb.QBFAnswer] = []
        failures: list[str] = []
        deadline = None if timeout is None else t0 + timeout
        while conns and not answers:
            left = None if deadline is None else max(0.0, deadline - time.perf_counter())
            ready = wait(list(conns), left)
            if not ready:
                break
            _collect(ready, conns, answers, failures, t0)
        if answers and conns:  # give simultaneous answers a moment, then stop the rest
            _collect(wait(list(conns), GRACE), conns, answers, failures, t0)
    finally:
        for p in procs.values():
            kill_group(p)
        for c in list(conns):
            c.close()
    if not answers:
        if failures:
            raise BackendError(f"QBF portfolio: every engine failed or ran out of time ({'; '.join(failures)})")
        raise Undecided(f"QBF portfolio ({'|'.join(engines)}) timed out after {timeout:g} s without an answer "
                        "(undecided)")
    if len({a.value for a in answers}) > 1:
        desc = ", ".join(f"{a.backend}={a.value}" for a in answers)
        raise BackendError(f"QBF engines disagree: {desc}")
    with_model = [a for a in answers if a.model is not None]
    return with_model[0] if with_model else answers[0]


def _collect(ready, conns, answers, failures, t0):
    for c in ready:
        e = conns.pop(c)
        try:
            status, value = c.recv()
        except EOFError:
            failures.append(f"{e} crashed")
            continue
        finally:
            c.close()
        if status != "ok" or not isinstance(value[0], bool):
            failures.append(f"{e}: {value if status != 'ok' else 'no answer'}")
            continue
        answers.append(qb.QBFAnswer(value[0], e, time.perf_counter() - t0, value[1]))
