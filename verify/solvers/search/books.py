"""Books: a pg-proof certificate split into a short *top* and independently built *parts*, written
as one zip (the format and its checking: :mod:`verify.certificates.book`,
:meth:`verify.certificates.proof.ProofWalk.part`).

The top is walked with the checker's own rules from the start to the *leaves*: in a proof, the
states after X's first move, Y's every reply (each Y turn of the top marked ``replies``: no
must-play region, so no pass state is needed) and X's answer; in a refutation, after X's every
first move and Y's recorded answer. States equal up to the kernel's automorphisms are linked (the
checker verifies each map), so only one leaf per class is a part. Each part is the ordinary
pg-proof certificate of the game played on from its leaf (:func:`verify.games.positional.continued`),
built in a child process (:mod:`verify.encode.child`: own process group, killed with the parent, on
timeout or Ctrl-C), ``jobs`` at a time, and written into the zip as it finishes; the zip is renamed
into place only once every part is in it (no partial book, no verdict from part of the work).

Pre-built parts (``parts_dir``): files ``m1-m2-...-mk.json`` named by the moves from the start in
play order (e.g. ``1.1.1-2.2.2-1.2.2.json``). The top prefers moves leading to them (up to the
automorphisms), uses them as they are (the checker verifies them like every part), and writes the
parts it builds there too, so a long build can be resumed or spread over machines; it writes the
top's leaves there (``plan.txt``) before building any part, so a resumed build walks to the same
leaves without searching the top's choices again.
"""
from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import resource
import time
import zipfile
from multiprocessing.connection import wait
from pathlib import Path

from ... import limits
from ...certificates.book import ROOT
from ...certificates.proof import ProofWalk
from ...errors import BackendError, InputError, TooLarge, Undecided
from ...games import positional as pg
from ...hypergraph import bits


#: the top's rounds by default: one move of the side whose every move it enumerates, one answer
TOP_ROUNDS = 1


def leaf_time(game: pg.PositionalGame, attacker: str, wins: bool, rounds: int = TOP_ROUNDS) -> int:
    """The time of the top's leaves: 2 * ``rounds`` time points after the first turn of the side
    whose every move the top enumerates (Y in a proof, X in a refutation)."""
    sched = game.schedule()
    side = pg.other(attacker) if wins else attacker
    first = next((t for t, c in enumerate(sched) if c == side), len(sched))
    return min(first + 2 * rounds, len(sched))


#: the file of a parts folder naming the leaves of the last top walked there, one member name a line
PLAN = "plan.txt"


def _prebuilt(game: pg.PositionalGame, parts_dir) -> dict:
    """{(black, white): file name} of the pre-built parts in ``parts_dir`` (names parsed as moves
    from the start in play order; other files are ignored)."""
    if parts_dir is None or not Path(parts_dir).is_dir():
        return {}
    return _leaves_named(game, [p.name for p in sorted(Path(parts_dir).glob("*.json"))])


def _planned(game: pg.PositionalGame, parts_dir) -> dict:
    """{(black, white): member name} of the leaves in ``parts_dir``'s :data:`PLAN` (written when a
    top is walked there, before its parts are built): a resumed build walks to the same leaves
    instead of searching the top's choices again. A hint only: each part is built and checked."""
    path = None if parts_dir is None else Path(parts_dir) / PLAN
    if path is None or not path.is_file():
        return {}
    try:
        head, _, names = path.read_text(encoding="utf-8").partition("\n")
    except (OSError, UnicodeDecodeError):  # unreadable: no hint (the parts are still used and checked)
        return {}
    if head != _plan_head(game):  # another game's plan (or none readable): not a hint for this one
        return {}
    return _leaves_named(game, names.split())


def _plan_head(game: pg.PositionalGame) -> str:
    """The first line of a :data:`PLAN`: the game it was walked for (a digest of its .pg text)."""
    from ...formats.pg import pg_to_text
    return "# game sha256:" + hashlib.sha256(pg_to_text(game).encode()).hexdigest()


def _leaves_named(game: pg.PositionalGame, names) -> dict:
    """{(black, white): name} of the member names ``m1-...-mk.json`` that parse as moves of the game
    from the start in play order (the others are ignored)."""
    out: dict = {}
    sched = game.schedule()
    for name in names:
        try:
            cells = [game.mask([n]) for n in Path(name).stem.split("-")]
        except InputError:
            continue
        b, w = _stones(game, cells)
        if len(cells) <= len(sched) and (b | w).bit_count() == len(cells) + sum(map(int.bit_count, game.start())):
            out[(b, w)] = name
    return out


def _stones(game: pg.PositionalGame, cells) -> tuple[int, int]:
    """(black, white) after the moves ``cells`` (bits, in play order) from the start."""
    b, w = game.start()
    for c, colour in zip(cells, game.schedule()):
        b, w = (b | c, w) if colour == pg.BLACK else (b, w | c)
    return b, w


def _order_name(game, table: dict, b, w, t) -> str:
    """A member name for the leaf (b, w, t): its stones in an order the schedule allows (X's
    recorded choices where the prefix has one, else the least stone left)."""
    b0, w0 = game.start()
    cb, cw = b0, w0
    out = []
    for colour in game.schedule()[:t]:
        left = (b & ~cb) if colour == pg.BLACK else (w & ~cw)
        c = table.get((cb, cw, len(out)), 0)
        if not c & left:
            c = left & -left
        out.append(game.names(c)[0])
        cb, cw = (cb | c, cw) if colour == pg.BLACK else (cb, cw | c)
    return "-".join(out) + ".json"


def part_certificate(game, b, w, t, colour, name, timeout, engine):
    """The pg-proof certificate (JSON text) of the game from the leaf (b, w, t), won by black iff
    ``colour`` is black (in a race, a part the top needs not won by black may be a draw or a white
    win: it claims what its search found); (text, CPU s, peak RSS in KB of the process). Runs in a
    child process or on a Dask worker."""
    from .engine import decide
    from .methods import pg_proof_certificate
    sub = pg.continued(game, b, w, t)
    t0 = time.process_time()
    winner, searches = decide(sub, timeout, engine=engine)
    if (winner == pg.BLACK) != (colour == pg.BLACK):
        raise BackendError(f"the part {name} is won by {winner}, not {colour}")
    text = json.dumps(pg_proof_certificate(sub, winner, searches))
    return text, time.process_time() - t0, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def _part_until(game, b, w, t, colour, name, until, engine):
    """:func:`part_certificate` on a Dask worker: ``until`` is the book's deadline as wall-clock
    time (``time.time()``), so a part that waited in the cluster's queue gets only what is left."""
    timeout = None if until is None else max(0.0, until - time.time())
    return part_certificate(game, b, w, t, colour, name, timeout, engine)


def _write_part(path: Path, text: str) -> None:
    tmp = path.with_suffix(".part")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def _build_part(game, b, w, t, colour, path, timeout, engine):
    """In a child: the part's certificate written to ``path``; (CPU s, peak RSS in KB)."""
    text, cpu, peak = part_certificate(game, b, w, t, colour, path.name, timeout, engine)
    _write_part(path, text)
    return cpu, peak


PROBE_SECONDS = 2.0  # the first round's budget per search; each round has four times the last's


class _Contradiction(Exception):
    """The search says the state is not won as the top needs."""


def _promise(search, b: int, w: int, legal: int) -> list[int]:
    """The legal cells, most promising first for the side to move: X's sets that Y has not blocked
    through the cell, each weighted 4^(X's stones on it) (to advance for X, to block for Y)."""
    own, opp = search.own_opp(b, w)
    sets = search.game.black_sets if search.xb else search.game.white_sets
    score: dict = {}
    for s in sets:
        if not s & opp:
            weight = 4 ** (s & own).bit_count()
            for i in bits(s & ~own):
                score[i] = score.get(i, 0) + weight
    return sorted(bits(legal), key=lambda i: (-score.get(i, 0), i))


def cold_judge(game: pg.PositionalGame, engine: str | None = None):
    """``judge(black, white, t, deadline)``: does the attacker (black) win the game played on from
    that state, by a fresh search (no shared table), Undecided at ``deadline``. What a part
    builder will face there: a move the warm search proves can leave a leaf that is far harder cold
    (Qubic, from scratch: leaves past 16 CPU min of search where others take seconds)."""
    from .engine import decide

    def judge(b, w, t, deadline):
        left = None if deadline is None else max(deadline - time.monotonic(), 1e-3)
        return decide(pg.continued(game, b, w, t), left, engine=engine)[0] == pg.BLACK
    return judge


def probe(search, b: int, w: int, t: int, wins: bool, judge=None) -> int:
    """The move at (b, w, t) that keeps the game as the top needs it (X wins iff ``wins``), found by
    short searches in rounds of budgets growing four-fold: first the whole state (the search's own
    choice), then each move's child, most promising first (:func:`_promise`). A proof's first
    choice can be far harder than another move's (Qubic after 1.1.1 1.2.2: the whole state ran
    over 13 CPU minutes, the answer 2.2.2 is proved in 2 s). A child found lost for the top is
    dropped; the search's own deadline still ends everything (Undecided). ``judge`` (see
    :func:`cold_judge`) decides the children instead of the search, and the whole state is not
    tried: the move returned is one whose child the judge decided within a round's budget."""
    outer = search.deadline
    xt = search.sched[t] == search.x
    legal = search.legal(b, w, t)
    cells = ([] if judge else [None]) + [1 << i for i in _promise(search, b, w, legal)]
    budget = PROBE_SECONDS
    try:
        while any(c is not None for c in cells):  # every move refuted: the state is not as needed
            for c in list(cells):
                stop = time.monotonic() + budget
                search.deadline = stop if outer is None else min(stop, outer)
                try:
                    if c is None:
                        won, _, v = search.solve(b, w, t)
                        if won != wins:
                            raise _Contradiction
                        cells.remove(None)
                        if v:
                            return v
                        continue
                    child = (*search.play(b, w, c, xt), t + 1)
                    if (judge(*child, search.deadline) if judge else search.solve(*child)[0]) == wins:
                        return c
                    cells.remove(c)
                except Undecided:
                    if outer is not None and time.monotonic() >= outer:
                        raise
            budget *= 4
    finally:
        search.deadline = outer
    raise _Contradiction


def build_book(game: pg.PositionalGame, winner_colour: str, envelope_of, out, parts_dir=None, jobs: int = 1,
               timeout: float | None = None, engine: str | None = None, log=None, search=None,
               build: bool = True, dask: str | None = None, top_rounds: int = TOP_ROUNDS,
               warm: bool = False, deciders=()) -> dict:
    """Write the book proving ``winner_colour`` (black/white: of a Maker-Breaker description, or of
    a race, where white is the answer "black does not win") to ``out``; ``envelope_of(questions)``
    makes the root certificate; ``search``: the search that decided the game (its table answers
    the top's choices), else a new one, asked only where no pre-built part shows the way;
    ``build=False``: assemble pre-built parts only (no search, no part built: a missing one is an
    error naming the states left); ``dask``: the address of a Dask scheduler whose workers build
    the parts; ``top_rounds``: the top's depth (:func:`leaf_time`); ``warm``: the top's last
    choices are the deciding search's own (:func:`probe` without :func:`cold_judge`: no leaf is
    decided twice, but a leaf may be harder cold than another choice's); ``deciders``: all the
    searches that decided the game (a race's white search answers the root's white question from
    its table). Returns build statistics."""
    from .engine import make_search
    from .methods import _group_linker, _linker, _state_linker, answer_entries, build_questions
    attacker, wins = pg.BLACK, winner_colour == pg.BLACK
    leaf_t = leaf_time(game, attacker, wins, top_rounds)
    prebuilt = _prebuilt(game, parts_dir)
    planned = {k: n for k, n in _planned(game, parts_dir).items() if k not in prebuilt}
    sequences = [[game.mask([m]) for m in name[:-5].split("-")] for name in (*prebuilt.values(), *planned.values())]
    guessed = search is None  # the winner read from a pre-built part's claim
    if search is None:
        search = make_search(game, attacker, engine, symmetry=True)
    moves: dict = {}
    links: dict = {}
    leaves: dict = {}  # (b, w, t) -> member name
    missing: list = []  # build=False: the states where no pre-built part shows X's move
    linked = _linker(search, links) if search.iso else None
    if linked is not None:  # pre-built parts first: later leaves link to them
        for b, w in prebuilt:
            linked(b, w, leaf_t)

    def key_of(b, w, t):
        got = search.canonical_key(b, w, t) if hasattr(search, "canonical_key") else None
        return got[0] if got else (b, w, t)

    if search.iso and getattr(search, "group", None):
        seen = {}
        for (b, w), name in prebuilt.items():
            got = search.canonical_key(b, w, leaf_t)
            if got is not None:
                seen.setdefault(got[0], ((b, w), got[1]))
        linked = _group_linker(search, links, linked, seen)
        pre_keys = dict(seen)  # the pre-built parts only (the linker adds to ``seen``)
    else:
        pre_keys = {}
    if planned:  # the last top's leaves too (as moves to prefer only: no part of theirs exists)
        pre_keys = {**{key_of(b, w, leaf_t): (b, w) for b, w in planned}, **pre_keys}

    judge = cold_judge(game, engine) if build and not warm else None  # leaves are chosen cheap to build

    def choose(b, w, t):
        legal = search.legal(b, w, t)
        xt = search.sched[t] == attacker
        v = 0
        if prebuilt or planned:  # prefer the choosing side's moves towards pre-built parts
            cells = [1 << i for i in bits(legal)]
            if t + 1 == leaf_t and pre_keys:
                v = next((c for c in cells if key_of(*search.play(b, w, c, xt), t + 1) in pre_keys), 0)
            elif t + 1 < leaf_t:  # the move most pre-built parts play next from this very state
                counts: dict = {}
                for seq in sequences:
                    if len(seq) > t and seq[t] & legal and _stones(game, seq[:t]) == (b, w):
                        counts[seq[t]] = counts.get(seq[t], 0) + 1
                v = max(sorted(counts), key=counts.get, default=0)
        if not v and not build:
            missing.append(_order_name(game, moves, b, w, t)[:-5])
            v = legal & -legal  # a placeholder: the book is not written
        if not v:
            try:
                t0 = time.monotonic()
                v = probe(search, b, w, t, wins, judge if t + 1 == leaf_t else None)
                if log:
                    log(f"top: {_order_name(game, moves, b, w, t)[:-5] or 'start'} -> {game.names(v)[0]} "
                        f"chosen in {time.monotonic() - t0:.1f} s")
            except _Contradiction:
                if guessed:
                    raise InputError(f"the pre-built parts claim {winner_colour} wins, "
                                     "which the search contradicts") from None
                raise AssertionError("the search contradicts itself along its own proof") from None
        moves[(b, w, t)] = v
        return v

    def part(b, w, t):
        if t != leaf_t:
            return None
        name = prebuilt.get((b, w)) or _order_name(game, moves, b, w, t)
        leaves[(b, w, t)] = name
        return name

    class Top(ProofWalk):
        def part(self, b, w, t, name, wins):  # collected here, built and checked later
            return 0

    marked: set = set()  # Y turns of the top where every reply is checked

    def replies(b, w, t):
        if t < leaf_t:
            marked.add((b, w, t))
            return True
        return False

    top = Top(game, attacker, choose, linked, replies=replies if wins else None, parts=part, members=True)
    if not top.residual:  # races: states keyed by themselves, linked by the game's automorphisms
        top.link = _state_linker(top, links)
    start = game.start()
    if wins:
        top.prove(*start, 0)
    else:
        top.refute(*start, 0)
    if not build and (missing or any(n not in prebuilt.values() for n in leaves.values())):
        left = missing or sorted(n for n in leaves.values() if n not in prebuilt.values())
        raise InputError(f"{len(left)} part(s) not pre-built, after: {', '.join(left)}")
    if len(leaves) > limits.MAX_BOOK_MEMBERS:
        raise TooLarge(f"the book's top has {len(leaves)} leaves, more parts than a book holds "
                       f"({limits.MAX_BOOK_MEMBERS}): use a smaller --book-depth")
    if parts_dir is not None and build:  # a resumed build walks to the same leaves (:func:`_planned`)
        Path(parts_dir).mkdir(parents=True, exist_ok=True)
        _write_part(Path(parts_dir) / PLAN, "".join(f"{n}\n" for n in [_plan_head(game), *sorted(leaves.values())]))
    q = answer_entries(game, attacker, wins, moves, links, replies=marked)
    b0, w0 = start
    q["parts"] = sorted([[t, " ".join(game.names(b & ~b0)), " ".join(game.names(w & ~w0)), name]
                         for (b, w, t), name in leaves.items()], key=lambda e: e[3])
    # a race's other answer ("does white win?") goes whole in the root (on {1..30} of the k = 5
    # progression race: 175 k moves and 121 k pairing leaves, 19 MB; parts for it would be next)
    others = build_questions(game, winner_colour, list(deciders), attackers=(pg.WHITE,)) if game.maker_maker else []
    stats = _write_book(game, envelope_of([q, *others]), leaves, winner_colour, out, parts_dir, jobs, timeout,
                        engine, log, dask)
    return {**stats, "parts": len(leaves), "prebuilt": sum(1 for n in leaves.values() if n in prebuilt.values())}


def _dask_parts(todo, game, colour, work: Path, deadline, timeout, engine, address: str, finished) -> None:
    """Build the parts ``todo`` on the Dask cluster at ``address`` (each a task returning its
    certificate's text, written under ``work``), calling ``finished(name, cpu, peak)`` as each
    arrives; ending early (error, deadline, interrupt) cancels the futures left (a running part
    stops at the book's deadline, measured on the worker's clock when the task starts)."""
    from concurrent.futures import FIRST_COMPLETED
    from concurrent.futures import wait as first_done
    from ...cluster import dask_client
    client = dask_client(address)
    futures: dict = {}
    try:
        pool = client.get_executor(pure=False)
        until = None if deadline is None else time.time() + deadline - time.monotonic()
        for (b, w, t), name in todo:
            futures[pool.submit(_part_until, game, b, w, t, colour, name, until, engine)] = name
        while futures:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise Undecided(f"the book's parts were not built within {timeout:g} s")
            done, _ = first_done(list(futures), timeout=left, return_when=FIRST_COMPLETED)
            for f in done:
                name = futures.pop(f)
                try:
                    text, cpu, peak = f.result()
                except Undecided:
                    raise Undecided(f"the part {name} was not built within the time allowed") from None
                except Exception as exc:  # noqa: BLE001 - a worker died or the task failed
                    raise BackendError(f"building the part {name} on the Dask cluster failed: "
                                       f"{type(exc).__name__}: {exc}") from None
                _write_part(work / name, text)
                finished(name, cpu, peak)
    finally:
        for f in futures:
            f.cancel()
        client.close()


def _write_book(game, root, leaves, colour, out, parts_dir, jobs, timeout, engine, log, dask=None) -> dict:
    """Build the missing parts (children, ``jobs`` at a time, or tasks on the Dask cluster at
    ``dask``), add every part to the zip as it is ready, the root last; the zip is renamed to
    ``out`` only when complete."""
    from ...encode.child import child_main, kill_group
    out = Path(out)
    import shutil
    import tempfile
    work = Path(parts_dir) if parts_dir is not None else Path(tempfile.mkdtemp(prefix=".parts-", dir=out.parent))
    work.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    todo = [(s, name) for s, name in leaves.items() if not (work / name).is_file()]
    ready = [name for s, name in leaves.items() if (work / name).is_file()]
    deadline = None if timeout is None else time.monotonic() + timeout
    ctx = multiprocessing.get_context("fork")
    running: dict = {}
    started: list = []  # names of the parts whose child was started here
    stats = {"built": 0, "build_cpu": 0.0, "build_peak_kb": 0}
    try:
        with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED, allowZip64=True) as zf:
            for name in dict.fromkeys(ready):
                zf.write(work / name, arcname=name)

            def finished(name, cpu, peak):
                stats["built"] += 1
                stats["build_cpu"] += cpu
                stats["build_peak_kb"] = max(stats["build_peak_kb"], peak)
                if log:
                    log(f"part {name}: built in {cpu:.1f} CPU s, peak {peak // 1024} MB")
                zf.write(work / name, arcname=name)

            if dask and todo:
                _dask_parts(todo, game, colour, work, deadline, timeout, engine, dask, finished)
                todo = []
            while todo or running:
                while todo and len(running) < max(1, jobs):
                    (b, w, t), name = todo.pop(0)
                    started.append(name)
                    left = None if deadline is None else max(0.0, deadline - time.monotonic())
                    recv, send = ctx.Pipe(duplex=False)
                    args = (game, b, w, t, colour, work / name, left, engine)
                    p = ctx.Process(target=child_main, args=(send, _build_part, args, os.getpid(), left), daemon=True)
                    p.start()
                    send.close()
                    running[recv] = (p, name)
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    raise Undecided(f"the book's parts were not built within {timeout:g} s")
                for conn in wait(list(running), left):
                    p, name = running.pop(conn)
                    try:
                        status, value = conn.recv()
                    except EOFError:
                        raise BackendError(f"the child building part {name} ended without an answer") from None
                    finally:
                        conn.close()
                        kill_group(p)
                    if status != "ok":
                        if "Undecided" in value:
                            raise Undecided(f"the part {name} was not built within {timeout:g} s")
                        raise BackendError(f"building the part {name} failed: {value}")
                    finished(name, *value)
            zf.writestr(ROOT, json.dumps(root))
        os.replace(tmp, out)
    finally:
        for conn, (p, _) in running.items():
            kill_group(p)
            conn.close()
        for name in started:  # a child stopped (killed, or its own timeout) while writing its part
            (work / name).with_suffix(".part").unlink(missing_ok=True)
        if tmp.exists():
            tmp.unlink()
        if parts_dir is None:
            shutil.rmtree(work, ignore_errors=True)
    return stats


def _winner_of_parts(game: pg.PositionalGame, parts_dir, prebuilt: dict):
    """The winner (black/white) claimed by the smallest pre-built part, or None: a guess at which
    book to build, saving the whole game's search (the check of the book decides)."""
    from ...certificates.checker import read_certificate
    from ...certificates.proof import proof_game
    from ...question import Question
    if not prebuilt:
        return None
    name = min(prebuilt.values(), key=lambda n: (Path(parts_dir) / n).stat().st_size)
    try:
        cert = read_certificate(Path(parts_dir) / name)
        colour = proof_game(cert, Question.from_json(cert["claim"]["question"]))[1]
    except Exception:  # an unreadable part: the search decides instead
        return None
    if colour == pg.BLACK or (colour == pg.WHITE and not game.maker_maker):
        return colour
    return None  # a race's part not won by black: the whole game may be a draw or a white win


def solve_book(kind: str, instance, out, rounds: int | None = None, jobs: int = 1, parts_dir=None,
               timeout: float | None = None, engine: str | None = None, log=None, build: bool = True,
               dask: str | None = None, top_rounds: int = TOP_ROUNDS, warm: bool = False):
    """``verify solve KIND FILE --method search --certificate OUT.zip [--dask ADDRESS] [--book-depth
    R] [--warm-top]``: the winner, certified by a book written to ``out`` (its parts built on the
    Dask cluster at ``dask`` if given; ``top_rounds``, ``warm``: see :func:`build_book`) and checked
    by :func:`verify.certificates.checker.check_file` (the result is certified only if the check
    passes and its claim is the answer)."""
    from ...certificates import envelope
    from ...certificates.checker import check_file
    from ...certificates.proof import KIND
    from ...errors import CertificateError
    from ...formats.instances import question_of
    from ...formats.pg import pg_to_text
    from ...formats.questions import board_json
    from ...games import maker_breaker as mb
    from ...result import Outcome
    from .engine import decide
    t0 = time.monotonic()
    if kind == "maker-breaker":
        g = pg.from_maker_breaker(instance.board, instance.maker_mask, instance.breaker_mask, instance.first, rounds)
        question = question_of("maker-breaker", instance, rounds)
        board = board_json(instance.board)
        if rounds is not None:
            raise InputError("books answer the whole game (no --rounds)")
    elif kind == "pg":
        g, question, board = instance, question_of("pg", instance), {"pg": pg_to_text(instance)}
    else:
        raise InputError(f"books are built for maker-breaker and pg games, not {kind}")
    search, searches = None, []
    colour = None
    if not build or _planned(g, parts_dir):
        # the winner read from a pre-built part saves the whole game's search only where the top
        # needs none: assembling, or resuming the top of a plan. Elsewhere the top's missing
        # choices want the deciding search's table: cold, each is searched in rounds over every
        # reply (on {1..40}, k = 6, one choice ran past 15 CPU min; the whole decision takes 55)
        colour = _winner_of_parts(g, parts_dir, _prebuilt(g, parts_dir))
    if colour is None and not build:
        raise InputError("no pre-built part to assemble")
    if colour is None:
        colour, searches = decide(g, timeout, engine=engine)
        search = searches[0]
    winner = ({pg.BLACK: mb.MAKER, pg.WHITE: mb.BREAKER}[colour] if kind == "maker-breaker" else colour)
    out = Path(out)
    unchecked = out.with_name(out.name + ".unchecked.zip")  # renamed to ``out`` once it checks
    try:
        stats = build_book(g, colour, lambda qs: envelope(KIND, board, question, {"winner": winner}, questions=qs),
                           unchecked, parts_dir, jobs, timeout, engine, log, search, build, dask, top_rounds, warm,
                           searches)
        report = check_file(unchecked)
        if report.question != question or report.verdict != {"winner": winner}:
            raise CertificateError(f"the book proves {report.verdict_text()}, not the answer: not certified")
        os.replace(unchecked, out)
    finally:
        if unchecked.exists():
            unchecked.unlink()
    result = Outcome(game=kind, method="search", winner=winner,
                     first=instance.first if kind == "maker-breaker" else (g.schedule() or ("",))[0],
                     stats={**stats, "seconds": round(time.monotonic() - t0, 3)})
    result.question = question
    result.check = report
    return result
