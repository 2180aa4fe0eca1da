"""Inputs of the report besides the catalogue: hunt stores (SQLite) and benchmark records.

Hunt stores are read defensively: any ``*.sqlite`` / ``*.db`` file is opened read-only, every table
is listed with its columns, row count and first rows; a file that is not a database, or is locked or
damaged, becomes a note on the page, never a failed build. No particular schema is assumed; a cell
holding a JSON instance or certificate (e.g. a shrunk counterexample) gets its picture.

Benchmark records are JSON lines (or a JSON list, or CSV with a header) with the fields
``benchmark``, ``case``, ``method``, ``seconds`` and optionally ``ratio`` and ``size``; bench scripts
append them with :func:`record` when the environment variable ``VERIFY_BENCH_RECORD`` names a file.
"""
from __future__ import annotations

import csv
import json
import os
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError

HUNT_SUFFIXES = (".sqlite", ".sqlite3", ".db")
ROWS_SHOWN = 50


@dataclass
class Table:
    name: str
    columns: list[str]
    count: int
    rows: list[list[str]]
    pictures: dict[int, str] = field(default_factory=dict)  # row index -> picture (set by the site)

    def drawables(self, limit: int = 20):
        """(row index, JSON object) for the first cells that hold a JSON instance or certificate."""
        out = []
        for i, row in enumerate(self.rows):
            for cell in row:
                if cell.lstrip().startswith("{") and not cell.endswith("..."):
                    try:
                        obj = json.loads(cell)
                    except json.JSONDecodeError:
                        continue
                    out.append((i, obj))
                    break
            if len(out) >= limit:
                break
        return out


@dataclass
class HuntStore:
    path: str
    tables: list[Table] = field(default_factory=list)
    note: str = ""


def hunt_files(paths) -> list[Path]:
    """The store files among ``paths`` (files, or folders searched recursively)."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out += sorted(q for q in p.rglob("*") if q.suffix.lower() in HUNT_SUFFIXES and q.is_file())
        elif p.is_file():
            out.append(p)
        else:
            raise InputError(f"{p}: no such hunt store or folder")
    return out


def read_hunt_store(path) -> HuntStore:
    store = HuntStore(str(path))
    try:
        con = sqlite3.connect(f"file:{Path(path).resolve()}?mode=ro", uri=True, timeout=2)
    except sqlite3.Error as exc:
        store.note = f"cannot open: {exc}"
        return store
    try:
        names = [r[0] for r in con.execute(
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' "
            "ORDER BY name")]
        for name in names:
            q = '"' + name.replace('"', '""') + '"'
            cur = con.execute(f"SELECT * FROM {q} LIMIT {ROWS_SHOWN}")
            cols = [d[0] for d in cur.description or ()]
            rows = [[_cell(x) for x in r] for r in cur.fetchall()]
            count = con.execute(f"SELECT COUNT(*) FROM {q}").fetchone()[0]
            store.tables.append(Table(name, cols, count, rows))
        if not names:
            store.note = "no tables"
    except sqlite3.Error as exc:
        store.note = f"not a readable SQLite store: {exc}"
    finally:
        con.close()
    return store


def _cell(x) -> str:
    if isinstance(x, bytes):
        return f"<{len(x)} bytes>"
    s = str(x)
    return s if len(s) <= 4000 else s[:3997] + "..."


# -- benchmarks ----------------------------------------------------------------------------------

BENCH_FIELDS = ("benchmark", "case", "method", "seconds")


def record(benchmark: str, case: str, method: str, seconds: float, ratio: float | None = None,
           path: str | None = None, **extra) -> None:
    """Append one benchmark measurement as a JSON line to ``path`` or ``$VERIFY_BENCH_RECORD``
    (nothing happens when neither is set)."""
    path = path or os.environ.get("VERIFY_BENCH_RECORD")
    if not path:
        return
    row = {"benchmark": benchmark, "case": str(case), "method": method, "seconds": round(float(seconds), 6)}
    if ratio is not None:
        row["ratio"] = round(float(ratio), 4)
    row.update(extra)
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(row) + "\n")


def read_bench(path) -> list[dict]:
    """Benchmark rows from a JSON-lines, JSON-list or CSV file; each needs the BENCH_FIELDS."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise InputError(f"{path}: cannot read ({exc.strerror})") from None
    try:
        if p.suffix.lower() == ".csv":
            rows = list(csv.DictReader(text.splitlines()))
        elif text.lstrip().startswith("["):
            rows = json.loads(text)
        else:
            rows = [json.loads(line) for line in text.splitlines() if line.strip()]
    except (json.JSONDecodeError, csv.Error) as exc:
        raise InputError(f"{path}: malformed benchmark records ({exc})") from None
    out = []
    for i, r in enumerate(rows, 1):
        if not isinstance(r, dict) or any(k not in r for k in BENCH_FIELDS):
            raise InputError(f"{path}: record {i} needs the fields {', '.join(BENCH_FIELDS)}")
        try:
            row = dict(r, seconds=float(r["seconds"]))
            if r.get("ratio") not in (None, ""):
                row["ratio"] = float(r["ratio"])
            else:
                row.pop("ratio", None)
        except (TypeError, ValueError):
            raise InputError(f"{path}: record {i} has a non-numeric seconds or ratio") from None
        out.append(row)
    return out


def bench_figures(rows: list[dict]) -> list[tuple[str, object]]:
    """One matplotlib Figure per benchmark: seconds per case and method (log scale), and the ratios
    when present."""
    from matplotlib.figure import Figure
    figs = []
    for bench in dict.fromkeys(r["benchmark"] for r in rows):
        sub = [r for r in rows if r["benchmark"] == bench]
        cases = list(dict.fromkeys(r["case"] for r in sub))
        methods = list(dict.fromkeys(r["method"] for r in sub))
        ratios = [r for r in sub if "ratio" in r]
        fig = Figure(figsize=(max(5.0, 0.5 * len(cases) * len(methods) + 2), 3.6 if not ratios else 6.4))
        ax = fig.add_subplot(2 if ratios else 1, 1, 1)
        w = 0.8 / max(len(methods), 1)
        for k, m in enumerate(methods):
            xs, ys = [], []
            for i, c in enumerate(cases):
                t = [r["seconds"] for r in sub if r["case"] == c and r["method"] == m]
                if t:
                    xs.append(i + k * w)
                    ys.append(min(t))
            ax.bar(xs, ys, width=w, label=m)
        ax.set_xticks([i + w * (len(methods) - 1) / 2 for i in range(len(cases))], cases, rotation=30,
                      ha="right", fontsize=7)
        ax.set_ylabel("seconds (best)")
        if max(r["seconds"] for r in sub) > 0:
            ax.set_yscale("log")
        ax.legend(fontsize=7)
        ax.set_title(bench, fontsize=10)
        if ratios:
            ax2 = fig.add_subplot(2, 1, 2)
            labels = [f"{r['case']} ({r['method']})" for r in ratios]
            ax2.bar(range(len(ratios)), [r["ratio"] for r in ratios], color="#2f9e44")
            ax2.axhline(1.0, color="#999999", lw=1)
            ax2.set_xticks(range(len(ratios)), labels, rotation=30, ha="right", fontsize=7)
            ax2.set_ylabel("ratio")
        fig.tight_layout()
        figs.append((bench, fig))
    return figs
