"""Run a hunt: draw instances from a source, check them on workers, record every chunk in the store.

The parent draws the stream (exhaustive, seeded random or SAT-guided), rejects isomorphs by nauty key
(the decision depends on stream order only, so it is the same in every session), cuts the stream
into numbered chunks and hands them to an executor: a local process pool (``workers``) or a Dask
cluster (``dask``, through ``distributed``'s concurrent.futures executor). Only the parent writes
the store, one transaction per chunk. A chunk whose task fails (a worker died, the Dask scheduler
gave up) is re-run alone in a fresh one-worker pool, then instance by instance; an instance that
still kills its worker is recorded as a crash. Nothing that failed is counted as "holds".

At the end the first counterexample is shrunk to a locally minimal one (every one-step shrink of the
space either leaves the hypotheses or satisfies the conjecture) and written, with a certificate of
the reference's answer where the instance kind has one, next to the store.
"""
from __future__ import annotations

import json
import os
import random
import re
import signal
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field, replace

from ..errors import InputError, VerifyError
from . import conjectures
from .spaces import shrink
from .store import HuntStore
from .worker import ChunkResult, TaskSpec, check_one, init_worker, run_chunk

SOURCES = ("exhaustive", "random", "sat")
MODES = ("auto", "generate", "filter")
DEFAULT_RANDOM_COUNT = 1000
LISTED = 100   # counterexamples and errors listed in the report (all are in the store)


@dataclass
class HuntConfig:
    name: str
    source: str = "exhaustive"
    n_min: int = 1
    n_max: int | None = None
    count: int | None = None
    seed: int = 0
    params: dict = field(default_factory=dict)
    workers: int = 1
    dask: str | None = None
    store: str | None = None
    time_limit: float | None = None
    instance_timeout: float | None = None
    stop_after: int = 1
    chunk: int = 128
    conjectures_file: str | None = None
    progress: bool | None = None
    write_counterexample: bool = True
    mode: str = "auto"      # auto | generate | filter: how a hypothesis with a constraint is met


@dataclass
class HuntReport:
    conjecture: str
    source: str
    store: str
    totals: object
    complete: bool
    seconds: float
    counterexamples: list
    unresolved: list
    shrunk: dict | None = None
    session_checked: int = 0
    mode: str | None = None         # "generated", "filtered", or None (no hypothesis)
    mode_note: str = ""

    def to_json(self) -> dict:
        t = self.totals
        return {"conjecture": self.conjecture, "source": self.source, "store": self.store,
                "mode": self.mode, "mode_note": self.mode_note,
                "checked": t.checked, "holds": t.holds, "outside_hypotheses": t.outside,
                "counterexamples": self.counterexamples, "counterexample_count": t.counterexample,
                "errors": t.error, "timeouts": t.timeout, "crashes": t.crash,
                "unresolved": self.unresolved, "drawn": t.drawn, "rejected_isomorphs": t.rejected,
                "complete": self.complete, "seconds": round(self.seconds, 3),
                "checked_this_session": self.session_checked, "shrunk": self.shrunk}


def default_store(name: str, source: str) -> str:
    return f"{re.sub(r'[^A-Za-z0-9._-]+', '_', name)}.{source}.hunt.sqlite"


# -- the instance stream ----------------------------------------------------------------------------

def _stream(cfg: HuntConfig, conj, space, n_max: int, count: int | None, done: set[int]):
    """(chunk number, list of payloads or None when the chunk is recorded and need not be drawn)."""
    B = cfg.chunk
    generated = cfg.mode == "generated"
    constraint = conj.spec.constraint
    if cfg.source == "random":
        span = n_max - cfg.n_min + 1
        for c in range((count + B - 1) // B):
            if c in done:
                yield c, None
                continue
            raw = []
            for i in range(c * B, min(count, (c + 1) * B)):
                rng = random.Random(f"{cfg.seed}/{i}")
                n = cfg.n_min + i % span
                raw.append(space.random_in(rng, n, constraint) if generated else space.random(rng, n))
            yield c, raw
        return
    if cfg.source == "exhaustive":
        it = space.generate(cfg.n_min, n_max, constraint) if generated else space.exhaustive(cfg.n_min, n_max)
    else:
        it = _sat_stream(space, conj.spec.sat, cfg.n_min, n_max)
    buf, c, drawn = [], 0, 0
    for p in it:
        if count is not None and drawn >= count:
            break
        buf.append(p)
        drawn += 1
        if len(buf) == B:
            yield c, (None if c in done else buf)
            buf, c = [], c + 1
    if buf:
        yield c, (None if c in done else buf)


def _sat_stream(space, hypotheses, n_min: int, n_max: int):
    for n in range(n_min, n_max + 1):
        model = space.sat_model(n, hypotheses)
        yield from model.proposals_iter()


# -- executors ----------------------------------------------------------------------------------

class _Local:
    def __init__(self, workers: int):
        self.workers = workers
        self.pool = self._new()

    def _new(self):
        return ProcessPoolExecutor(max_workers=self.workers, initializer=init_worker,
                                   initargs=(os.getpid(),))

    def submit(self, spec, payloads):
        try:
            return self.pool.submit(run_chunk, spec, payloads)
        except (BrokenProcessPool, RuntimeError):
            self.renew()
            return self.pool.submit(run_chunk, spec, payloads)

    def renew(self):
        self.kill()
        self.pool = self._new()

    def kill(self):
        procs = list((getattr(self.pool, "_processes", None) or {}).values())
        self.pool.shutdown(wait=False, cancel_futures=True)
        for p in procs:
            try:
                p.kill()
            except Exception:  # noqa: BLE001 - already gone
                pass
        for p in procs:
            p.join(5)

    def close(self):
        self.pool.shutdown(wait=True, cancel_futures=True)


class _Dask:
    def __init__(self, address: str):
        from ..cluster import dask_client
        self.client = dask_client(address)
        self.executor = self.client.get_executor(pure=False)
        self.workers = max(1, sum(w.get("nthreads", 1) for w in
                                  self.client.scheduler_info()["workers"].values()))

    def submit(self, spec, payloads):
        return self.executor.submit(run_chunk, spec, payloads)

    def renew(self):
        pass

    def kill(self):
        self.executor.shutdown(wait=False)
        self.client.close()

    def close(self):
        self.kill()


def _budget(spec: TaskSpec, n: int, queued: float = 1.0) -> float | None:
    """Seconds after which a task of n instances is taken as hung (its worker ignored SIGALRM, e.g.
    inside native code): only with a per-instance timeout."""
    t = spec.instance_timeout
    return None if t is None else queued * n * t + 2.0


def _isolated(spec: TaskSpec, payloads: list) -> ChunkResult:
    """Re-run a failed chunk alone in a fresh one-worker pool, then instance by instance; an instance
    that kills its worker twice is a crash, one that hangs past its budget a timeout."""
    box = {"pool": None}

    def attempt(pl):
        err = None
        for _ in range(2):
            if box["pool"] is None:
                box["pool"] = _Local(1)
            try:
                return box["pool"].pool.submit(run_chunk, spec, pl).result(_budget(spec, len(pl))), None
            except Exception as exc:  # noqa: BLE001 - the worker died, hung, or the task failed
                err = exc
                box["pool"].kill()
                box["pool"] = None
                if isinstance(exc, TimeoutError):   # a hang does not go away by retrying
                    break
        return None, err

    try:
        res, _ = attempt(payloads)
        if res is not None:
            return res
        out = ChunkResult()
        for pos, p in enumerate(payloads):
            r, err = attempt([p])
            if isinstance(err, TimeoutError):
                out.findings.append((pos, "timeout", f"worker hung beyond {spec.instance_timeout:g} s "
                                                     "and was killed"))
            elif r is None:
                out.findings.append((pos, "crash", f"worker died: {type(err).__name__}: {err}"))
            else:
                out.holds += r.holds
                out.outside += r.outside
                out.findings += [(pos, st, d) for _, st, d in r.findings]
        return out
    finally:
        if box["pool"] is not None:
            box["pool"].close()


# -- the hunt -----------------------------------------------------------------------------------------

def resolve_mode(cfg: HuntConfig, conj, space) -> tuple[str | None, str]:
    """(mode, note): "generated" when the source generates instances inside the conjecture's
    constraint, "filtered" when it draws from the whole space and the hypothesis decides on the
    workers, None when the conjecture has no hypothesis. ``cfg.mode`` "generate" insists (an error
    when it cannot), "filter" forbids generating, "auto" generates where it can."""
    spec = conj.spec
    if cfg.mode not in MODES:
        raise InputError(f"unknown mode {cfg.mode!r} (choose from {', '.join(MODES)})")
    c = spec.constraint
    if c is None:
        if spec.hypothesis is None:
            if cfg.mode == "generate":
                raise InputError(f"conjecture {cfg.name} has no hypothesis to generate inside")
            return None, "no hypothesis"
        why = "its hypothesis declares no constraint"
    elif cfg.mode == "filter":
        why = "--mode filter"
    elif cfg.source == "sat":
        why = "the SAT source takes the conjecture's own clauses; the constraint is checked on workers"
    else:
        why = space.cannot_generate(c)
        if why is None:
            what = c.describe() if hasattr(c, "describe") else repr(c)
            return "generated", f"inside {what or 'no constraint'}"
    if cfg.mode == "generate":
        raise InputError(f"conjecture {cfg.name} cannot be generated: {why}")
    return "filtered", why


def identity(cfg: HuntConfig, conj, n_max: int, count: int | None) -> dict:
    """What defines the stream and its chunks: a store holds one hunt (a larger one needs a new
    store, since the last chunk of a shorter stream may be partial)."""
    out = {"conjecture": cfg.name, "source": cfg.source, "n_min": cfg.n_min, "n_max": n_max,
           "count": count, "seed": cfg.seed, "params": dict(sorted(cfg.params.items())),
           "chunk": cfg.chunk}
    if cfg.mode == "generated":          # a generated stream is another stream (absent: filtered)
        out["mode"] = "generated"
    if conj.user_file:
        import hashlib
        with open(cfg.conjectures_file, "rb") as f:
            out["file_sha256"] = hashlib.sha256(f.read()).hexdigest()[:16]
    return out


QUESTION_PARAMS = ("convention", "bias")


def _question_params_apply(cfg: HuntConfig, conj) -> None:
    """--convention and --bias (the parameters ``convention`` and ``bias``) ask a positional-game
    conjecture (:class:`~.spaces.PositionalGames`) in that convention, at that bias; any other
    conjecture refuses them in one line."""
    from .spaces import PositionalGames
    given = [k for k in QUESTION_PARAMS if k in cfg.params]
    if given and not isinstance(conj.spec.space, PositionalGames):
        flags = f"--{' and --'.join(given)} {'apply' if len(given) > 1 else 'applies'}"
        takers = [c.name for c in conjectures.all_conjectures() if isinstance(c.spec.space, PositionalGames)]
        raise InputError(f"conjecture {cfg.name} asks no positional game (its instances: {conj.spec.space.kind}); "
                         f"{flags} to {', '.join(takers)} and to agree:GAME:A:B of the positional games")


def run_hunt(cfg: HuntConfig) -> HuntReport:
    if cfg.source not in SOURCES:
        raise InputError(f"unknown source {cfg.source!r} (choose from {', '.join(SOURCES)})")
    user_text = None
    if cfg.conjectures_file:
        conjectures.load_file(cfg.conjectures_file)
        with open(cfg.conjectures_file, encoding="utf-8") as f:
            user_text = f.read()
    conj = conjectures.get(cfg.name)
    if cfg.source not in conj.sources():
        raise InputError(f"conjecture {cfg.name} has no {cfg.source} source (instances: "
                         f"{conj.spec.space.kind}; sources: {', '.join(conj.sources())})")
    _question_params_apply(cfg, conj)
    space = conj.spec.space.with_params(cfg.params)
    n_max = cfg.n_max if cfg.n_max is not None else conj.claim.default_size
    if cfg.n_min < 0 or n_max < cfg.n_min:
        raise InputError("need 0 <= --n-min <= --n-max")
    count = cfg.count
    if cfg.source == "random" and count is None:
        count = DEFAULT_RANDOM_COUNT
    if count is not None and count < 1:
        raise InputError("--count must be positive")
    if cfg.workers < 1 or cfg.chunk < 1:
        raise InputError("--workers and the chunk size must be positive")
    if cfg.instance_timeout is not None and not cfg.instance_timeout > 0:
        raise InputError("--instance-timeout must be positive")
    mode, note = resolve_mode(cfg, conj, space)
    cfg = replace(cfg, mode=mode or "filtered")
    spec = TaskSpec(cfg.name, tuple(sorted(cfg.params.items())),
                    (cfg.conjectures_file, user_text) if conj.user_file else None, cfg.instance_timeout)
    path = cfg.store or default_store(cfg.name, cfg.source)
    store = HuntStore(path, identity(cfg, conj, n_max, count))
    try:
        report = _run(cfg, conj, space, spec, store, n_max, count)
        report.mode, report.mode_note = mode, note
        return report
    finally:
        store.close()


def _run(cfg, conj, space, spec, store, n_max, count) -> HuntReport:
    t0 = time.perf_counter()
    done = store.done_chunks()
    dedup = not (cfg.source == "exhaustive" and space.isomorph_free)
    seen = store.seen_keys() if dedup else set()
    totals = store.totals()
    show = sys.stderr.isatty() if cfg.progress is None else cfg.progress
    bar = None
    if show:
        from tqdm import tqdm
        bar = tqdm(total=count, initial=totals.drawn, unit="inst", file=sys.stderr, desc=cfg.name[:24],
                   smoothing=0.1)
    executor = _Dask(cfg.dask) if cfg.dask else _Local(cfg.workers)
    window = 2 * executor.workers + 1
    inflight: dict = {}
    submitted: dict = {}
    watchdog = spec.instance_timeout is not None and isinstance(executor, _Local)
    queued = 1.0 + window / executor.workers      # a task may wait behind others in the pool queue
    state = {"found": totals.counterexample, "checked": 0, "dropped": False}
    signals = {"got": None, "critical": False}
    complete = False
    deadline = None if cfg.time_limit is None else time.monotonic() + cfg.time_limit

    def record(meta, res: ChunkResult):
        c, payloads, keys, drawn, rejected, started = meta
        findings = [(pos, st, space.to_json(payloads[pos]), det) for pos, st, det in res.findings]
        signals["critical"] = True
        try:
            store.record_chunk(c, drawn, rejected, res.holds, res.outside, findings, keys,
                               time.perf_counter() - started)
        finally:
            signals["critical"] = False
        stop_point()
        state["found"] += sum(1 for f in findings if f[1] == "counterexample")
        state["checked"] += res.holds + res.outside + sum(1 for f in findings if f[1] == "counterexample")
        if bar is not None:
            bar.update(drawn)
            bar.set_postfix(found=state["found"], refresh=False)

    def submit(meta):
        fut = executor.submit(spec, meta[1])
        inflight[fut] = meta
        submitted[fut] = time.monotonic()

    def drain(block_all: bool):
        while inflight:
            ready, _ = wait(list(inflight), timeout=0.25, return_when=FIRST_COMPLETED)
            stop_point()
            broken = False
            for fut in ready:
                meta = inflight.pop(fut)
                submitted.pop(fut, None)
                try:
                    res = fut.result()
                except Exception:  # noqa: BLE001 - a worker died or the task failed: isolate
                    broken = True
                    res = _isolated(spec, meta[1])
                record(meta, res)
            if watchdog:   # a task far beyond its budget: its worker hangs; kill the pool
                now = time.monotonic()
                for fut in [f for f in inflight if not f.done()
                            and now - submitted[f] > _budget(spec, len(inflight[f][1]), queued)]:
                    meta = inflight.pop(fut)
                    submitted.pop(fut, None)
                    broken = True
                    record(meta, _isolated(spec, meta[1]))
            if broken:   # the other futures of a broken pool fail too: keep results, redo the rest
                executor.renew()
                for fut, meta in list(inflight.items()):
                    failed = fut.done() and not fut.cancelled() and fut.exception() is not None
                    if fut.done() and not fut.cancelled() and not failed:
                        continue
                    inflight.pop(fut)
                    submitted.pop(fut, None)
                    if failed:
                        record(meta, _isolated(spec, meta[1]))
                    else:
                        submit(meta)
            if cfg.stop_after and state["found"] >= cfg.stop_after:
                for fut in list(inflight):   # enough found: the rest stays undone (resumable)
                    fut.cancel()
                    inflight.pop(fut)
                    submitted.pop(fut, None)
                state["dropped"] = True
                return
            if not block_all and len(inflight) < window:
                return

    # Ctrl-C and SIGTERM interrupt at once (drawing the stream, waiting for workers), except inside
    # a store transaction, after which they are taken
    def on_signal(signum, _frame):
        signals["got"] = signum
        if not signals["critical"]:
            raise KeyboardInterrupt

    def stop_point():
        if signals["got"] is not None:
            raise KeyboardInterrupt

    old = {}
    if _main_thread():
        for s in (signal.SIGINT, signal.SIGTERM):
            old[s] = signal.signal(s, on_signal)
    try:
        stopped = False
        for c, raw in _stream(cfg, conj, space, n_max, count, done):
            stop_point()
            if raw is None:
                continue
            if (deadline is not None and time.monotonic() > deadline) or \
                    (cfg.stop_after and state["found"] >= cfg.stop_after):
                stopped = True
                break
            accepted, keys = [], []
            for p in raw:
                if dedup:
                    k = space.key(p)
                    if k in seen:
                        continue
                    seen.add(k)
                    keys.append(k)
                accepted.append(p)
            meta = (c, accepted, keys, len(raw), len(raw) - len(accepted), time.perf_counter())
            if not accepted:
                record(meta, ChunkResult())
                continue
            submit(meta)
            if len(inflight) >= window:
                drain(False)
        drain(True)
        complete = not stopped and not state["dropped"]
        executor.close()
    except BaseException as exc:
        executor.kill()
        if bar is not None:
            bar.close()
        if signals["got"] is not None and not isinstance(exc, KeyboardInterrupt):
            # raised inside native code that called back into Python (nauty reading the graph's
            # attributes), the interrupt comes out as that code's own error
            raise KeyboardInterrupt from exc
        raise
    finally:
        for s, h in old.items():
            signal.signal(s, h)
    if bar is not None:
        bar.close()
    totals = store.totals()
    shrunk = store.shrunk()
    if shrunk is None and totals.counterexample:
        shrunk = _shrink_first(cfg, conj, space, store)
    cxs = [{"instance": space.describe(space.from_json(f["instance"])), "violation": f["detail"]}
           for f in store.findings("counterexample", LISTED)]
    unresolved = [{"status": st, "instance": space.describe(space.from_json(f["instance"])),
                   "detail": f["detail"]} for st in ("error", "timeout", "crash")
                  for f in store.findings(st, LISTED)]
    return HuntReport(cfg.name, cfg.source, store.path, totals, complete, time.perf_counter() - t0,
                      cxs, unresolved, shrunk, state["checked"])


def _main_thread() -> bool:
    import threading
    return threading.current_thread() is threading.main_thread()


def _shrink_first(cfg, conj, space, store) -> dict:
    """Shrink the first counterexample (stream order) to a locally minimal one; write it with a
    certificate of the reference's answer next to the store."""
    first = store.findings("counterexample", 1)[0]
    payload = space.from_json(first["instance"])

    def fails(p) -> bool:
        return check_one(conj, space, p, cfg.instance_timeout)[0] == "counterexample"

    payload = shrink(payload, fails, space.smaller)
    status, violation = check_one(conj, space, payload, cfg.instance_timeout)
    cert = (violation or {}).get("certificate")
    cert_note = None
    try:
        if cert is None:
            cert = space.certificate(space.decode(payload))
        else:   # the violation's own certificate (or one per question it names), checked before it is written
            from ..certificates.checker import check_certificate
            for c in (cert if isinstance(cert, list) else [cert]):
                if isinstance(c, dict):
                    check_certificate(c)
    except VerifyError as exc:
        cert, cert_note = None, f"no certificate: {exc}"
    record = {"conjecture": conj.name, "source": conj.claim.source,
              "instance": space.describe(payload), "payload": space.to_json(payload),
              "violation": violation, "original": space.describe(space.from_json(first["instance"])),
              "certificate": cert}
    if cert_note:
        record["certificate_note"] = cert_note
    if cfg.write_counterexample:
        base = re.sub(r"\.sqlite$", "", store.path)
        out = base + ".counterexample.json"
        if cert is not None:
            # each certificate alone, as `verify check` reads it; the record names them (a violation of
            # several questions, e.g. two biases with different winners, has one per question)
            files = []
            for i, c in enumerate(cert if isinstance(cert, list) else [cert]):
                files.append(base + (".certificate.json" if i == 0 else f".certificate.{i + 1}.json"))
                _write_json(files[-1], c)
            record["certificate_file"] = files[0]
            if len(files) > 1:
                record["certificate_files"] = files
        _write_json(out, record)
        record["file"] = out
    store.record_shrunk(record)
    return record


def _write_json(path: str, obj) -> None:
    """Write ``obj`` as JSON, all or nothing (a temporary file renamed over ``path``)."""
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(obj, f)
        f.write("\n")
    os.replace(tmp, path)
