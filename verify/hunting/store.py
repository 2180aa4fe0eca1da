"""The hunt store: one SQLite file per hunt, the single source of truth for what was checked.

Only the parent process writes it. The file is in WAL mode with synchronous=NORMAL: a commit does
not wait for the disk, a process kill loses nothing committed, and a power loss can at most lose the
last commits, whose chunks are then redone (the database itself stays consistent). The instance stream of a hunt is cut into numbered chunks of
consecutive stream positions; a chunk's outcome (counts, every non-holding instance, the isomorphism
keys of the instances it accepted) is written in one transaction, so a hunt killed at any moment
(Ctrl-C, SIGKILL, power loss) loses at most the chunks in flight and never counts one twice: a
resumed hunt skips the recorded chunks and redoes the others.

Tables: ``meta`` (format marker, version, the hunt's identity), ``chunks`` (one row per recorded
chunk), ``findings`` (counterexamples, errors, timeouts, crashes, with the instance), ``seen``
(12-byte canonical digests of accepted instances, for isomorph rejection across sessions) and
``shrunk`` (the first counterexample shrunk, with its certificate).
"""
from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass

from ..errors import InputError

FORMAT = "verify-hunt-store"
VERSION = "1"
STATUSES = ("counterexample", "error", "timeout", "crash")

_SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE chunks(chunk INTEGER PRIMARY KEY, drawn INTEGER NOT NULL, rejected INTEGER NOT NULL,
                    holds INTEGER NOT NULL, outside INTEGER NOT NULL, found INTEGER NOT NULL,
                    seconds REAL NOT NULL);
CREATE TABLE findings(chunk INTEGER NOT NULL, pos INTEGER NOT NULL, status TEXT NOT NULL,
                      instance TEXT NOT NULL, detail TEXT NOT NULL, PRIMARY KEY(chunk, pos));
CREATE TABLE seen(key BLOB PRIMARY KEY) WITHOUT ROWID;
CREATE TABLE shrunk(id INTEGER PRIMARY KEY CHECK (id = 1), record TEXT NOT NULL);
"""


class StoreError(InputError):
    """The store file is not a hunt store, is corrupted, or holds another hunt."""


@dataclass
class Totals:
    chunks: int = 0
    drawn: int = 0
    rejected: int = 0
    holds: int = 0
    outside: int = 0
    counterexample: int = 0
    error: int = 0
    timeout: int = 0
    crash: int = 0

    @property
    def checked(self) -> int:
        """Instances with a verdict: the conjecture holds, fails, or its hypotheses do not apply."""
        return self.holds + self.outside + self.counterexample


class HuntStore:
    """Open (or create) the store at ``path`` for the hunt described by ``identity`` (a JSON-able
    dict); an existing file must be a hunt store of the same hunt."""

    def __init__(self, path: str, identity: dict):
        self.path = path
        existed = os.path.exists(path) and os.path.getsize(path) > 0
        try:
            self.db = sqlite3.connect(path, isolation_level=None, timeout=30)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            if existed:
                self._validate(identity)
            else:
                self._create(identity)
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{path}: not a readable hunt store ({exc}); move it away or pick "
                             "another --store") from None

    def _create(self, identity: dict) -> None:
        self.db.execute("BEGIN")
        for stmt in _SCHEMA.strip().split(";"):
            if stmt.strip():
                self.db.execute(stmt)
        self.db.executemany("INSERT INTO meta VALUES (?, ?)",
                            [("format", FORMAT), ("version", VERSION), ("hunt", _canon(identity))])
        self.db.execute("COMMIT")

    def _validate(self, identity: dict) -> None:
        check = self.db.execute("PRAGMA quick_check").fetchone()
        if not check or check[0] != "ok":
            raise StoreError(f"{self.path}: corrupted hunt store (SQLite check: {check and check[0]})")
        try:
            meta = dict(self.db.execute("SELECT key, value FROM meta").fetchall())
        except sqlite3.OperationalError:
            meta = {}
        if meta.get("format") != FORMAT:
            raise StoreError(f"{self.path}: an SQLite file but not a verify hunt store")
        if meta.get("version") != VERSION:
            raise StoreError(f"{self.path}: hunt store version {meta.get('version')}, this verify "
                             f"reads version {VERSION}")
        if meta.get("hunt") != _canon(identity):
            theirs = json.loads(meta.get("hunt", "{}"))
            diff = ", ".join(f"{k}={theirs.get(k)!r}" for k in sorted(set(theirs) | set(identity))
                             if theirs.get(k) != identity.get(k))
            raise StoreError(f"{self.path}: holds another hunt ({diff}); use another --store")

    # -- reading ---------------------------------------------------------------------------------
    def done_chunks(self) -> set[int]:
        return {r[0] for r in self.db.execute("SELECT chunk FROM chunks")}

    def seen_keys(self) -> set[bytes]:
        return {r[0] for r in self.db.execute("SELECT key FROM seen")}

    def totals(self) -> Totals:
        t = Totals()
        row = self.db.execute("SELECT COUNT(*), COALESCE(SUM(drawn),0), COALESCE(SUM(rejected),0), "
                              "COALESCE(SUM(holds),0), COALESCE(SUM(outside),0) FROM chunks").fetchone()
        t.chunks, t.drawn, t.rejected, t.holds, t.outside = row
        for status, k in self.db.execute("SELECT status, COUNT(*) FROM findings GROUP BY status"):
            setattr(t, status, k)
        return t

    def findings(self, status: str, limit: int | None = None) -> list[dict]:
        q = "SELECT chunk, pos, instance, detail FROM findings WHERE status = ? ORDER BY chunk, pos"
        rows = self.db.execute(q + (f" LIMIT {int(limit)}" if limit else ""), (status,))
        return [{"chunk": c, "pos": p, "instance": json.loads(i), "detail": json.loads(d)}
                for c, p, i, d in rows]

    def shrunk(self) -> dict | None:
        row = self.db.execute("SELECT record FROM shrunk").fetchone()
        return json.loads(row[0]) if row else None

    # -- writing (parent only) -------------------------------------------------------------------
    def record_chunk(self, chunk: int, drawn: int, rejected: int, holds: int, outside: int,
                     findings: list[tuple[int, str, object, object]], keys, seconds: float) -> None:
        """One chunk's outcome in one transaction; ``findings`` are (pos, status, instance JSON,
        detail JSON)."""
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("INSERT INTO chunks VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (chunk, drawn, rejected, holds, outside, len(findings), seconds))
            db.executemany("INSERT INTO findings VALUES (?, ?, ?, ?, ?)",
                           [(chunk, pos, st, json.dumps(inst), json.dumps(det))
                            for pos, st, inst, det in findings])
            if keys:
                db.executemany("INSERT OR IGNORE INTO seen VALUES (?)", [(k,) for k in keys])
            db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def record_shrunk(self, record: dict) -> None:
        self.db.execute("INSERT OR REPLACE INTO shrunk VALUES (1, ?)", (json.dumps(record),))

    def close(self) -> None:
        self.db.close()


def _canon(identity: dict) -> str:
    return json.dumps(identity, sort_keys=True, separators=(",", ":"))
