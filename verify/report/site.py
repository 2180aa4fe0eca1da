"""Building the static report site (Jinja2 templates, matplotlib pictures, no JavaScript framework).

Layout of OUT_DIR:

    index.html            overview
    catalogue.html        one row per claim: source, statement, status, sizes checked, counterexample
    claims/NAME.svg|.json a counterexample's picture and data; certificates/NAME.json when attached
    proofs/index.html     every certificate found under the proofs folder, re-verified
    proofs/SLUG.html|.svg|.json   its page, picture and certificate (+ strategy tree, structure diagram)
    explorer/SLUG/sK.html|.svg    the strategy explorer: one page per reachable state
    examples.html         the bundled examples drawn in their geometry
    hunts.html, bench.html        hunt stores (SQLite) and benchmark charts
    static/style.css

Every link is relative, so the folder opens from disk.
"""
from __future__ import annotations

import datetime
import json
import shutil
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import CertificateError, InputError, VerifyError

HERE = Path(__file__).parent
INSTANCE_SUFFIXES = (".txt", ".json", ".pg")


@dataclass
class Options:
    proofs: list[str] = field(default_factory=lambda: ["proofs"])
    examples: list[str] = field(default_factory=lambda: ["examples"])
    hunts: list[str] = field(default_factory=list)
    bench: list[str] = field(default_factory=list)
    catalogue: str | None = None       # JSON lines of `verify theorems check --json`, instead of running
    max_n: int | None = None           # cap on each claim's size when the catalogue is run
    claims: bool | list[str] = True    # check all, none (metadata only) or only the named claims
    max_states: int = 40               # explorer states per strategy
    tree_depth: int = 3


@dataclass
class Summary:
    out: str
    pages: int = 0
    pictures: int = 0
    seconds: float = 0.0
    counts: dict = field(default_factory=dict)

    def line(self) -> str:
        return (f"wrote {self.pages} pages and {self.pictures} pictures to {self.out} in {self.seconds:.1f} s; "
                f"open {self.out}/index.html")


class Site:
    """Writes pages (templates rendered with a relative ``root``) and pictures under one folder."""

    def __init__(self, out: Path):
        import jinja2
        self.out = out
        self.env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(HERE / "templates")),
                                      autoescape=True, trim_blocks=True, lstrip_blocks=True)
        self.summary = Summary(str(out))

    def page(self, rel: str, template: str, **ctx) -> None:
        depth = rel.count("/")
        html = self.env.get_template(template).render(root="../" * depth, **ctx)
        self._write(rel, html.encode("utf-8"))
        self.summary.pages += 1

    def picture(self, rel: str, board) -> None:
        from ..draw import render_bytes
        self._write(rel, render_bytes(board, "svg"))
        self.summary.pictures += 1

    def figure(self, rel: str, fig) -> None:
        from ..draw.diagrams import figure_bytes
        self._write(rel, figure_bytes(fig, "svg"))
        self.summary.pictures += 1

    def data(self, rel: str, obj) -> None:
        self._write(rel, (json.dumps(obj, indent=1) + "\n").encode("utf-8"))

    def _write(self, rel: str, data: bytes) -> None:
        p = self.out / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_bytes(data)


def _bar(total: int, what: str):
    from tqdm import tqdm
    return tqdm(total=total, desc=what, unit="item", file=sys.stderr, leave=False,
                disable=not sys.stderr.isatty())


def build(out, options: Options | None = None) -> Summary:
    """Build the report in ``out`` (created; existing report files are overwritten). Every input is
    read and validated before anything is checked or drawn, so bad input fails at once."""
    from .data import hunt_files, read_bench
    t0 = time.perf_counter()
    opts = options or Options()
    out = Path(out)
    claims = _claims()
    given = _read_reports(opts.catalogue) if opts.catalogue else None
    if isinstance(opts.claims, list):
        unknown = set(opts.claims) - {c.name for c in claims}
        if unknown:
            raise InputError(f"unknown claim(s): {', '.join(sorted(unknown))} (see 'verify theorems list')")
    stores = hunt_files(opts.hunts)
    bench = [r for path in opts.bench for r in read_bench(path)]
    proofs = _certificate_files(opts.proofs)
    examples = _instance_files(opts.examples)
    try:
        out.mkdir(parents=True, exist_ok=True)
        (out / "static").mkdir(exist_ok=True)
        shutil.copy(HERE / "static" / "style.css", out / "static" / "style.css")
    except OSError as exc:
        raise InputError(f"{out}: cannot write the report ({exc.strerror})") from None
    site = Site(out)
    bar = _bar(len(claims) + len(proofs) + len(examples) + 2, "report")
    counts = {"claims": len(claims)}
    counts.update(_catalogue(site, opts, claims, given, bar))
    counts.update(_proofs(site, opts, proofs, bar))
    counts.update(_examples(site, examples, bar))
    counts.update(_hunts(site, stores))
    bar.update(1)
    counts.update(_bench(site, bench))
    bar.update(1)
    bar.close()
    site.summary.seconds = time.perf_counter() - t0
    site.page("index.html", "index.html", title="Overview", counts=counts, seconds=f"{site.summary.seconds:.1f}",
              built=datetime.datetime.now().strftime("%Y-%m-%d %H:%M"))
    site.summary.counts = counts
    return site.summary


# -- catalogue -----------------------------------------------------------------------------------

def _claims():
    from ..claims import registry
    return registry.all_claims()


def _read_reports(path) -> dict[str, dict]:
    from ..formats import read_text_file
    out = {}
    for i, line in enumerate(read_text_file(path).splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}:{i}: not a JSON line of 'verify theorems check --json' ({exc.msg})") from None
        if not isinstance(row, dict) or "name" not in row or "status" not in row:
            raise InputError(f"{path}:{i}: expected an object with 'name' and 'status'")
        out[row["name"]] = row
    return out


def _catalogue(site: Site, opts: Options, claims, given: dict | None, bar) -> dict:
    from ..claims import registry
    from ..draw import find_drawable
    rows = []
    counts = {"holds": 0, "counterexample": 0, "error": 0, "unchecked": 0}
    for c in claims:
        bar.set_description(c.name[:28])
        if given is not None:
            rep = given.get(c.name)
        elif opts.claims is True or (opts.claims and c.name in opts.claims):
            size = c.default_size if opts.max_n is None else min(opts.max_n, c.default_size)
            rep = registry.check_claim(c, size).to_json()
        else:
            rep = None
        row = {"name": c.name, "source": c.source, "statement": c.statement, "erratum": c.erratum,
               "corrects": c.corrects, "status": "unchecked", "counterexample": False, "sizes": "",
               "instances": "", "seconds": ""}
        if rep is not None:
            row.update(status=rep["status"], instances=rep.get("instances", ""), seconds=rep.get("seconds", ""),
                       error=rep.get("error"),
                       sizes="fixed example" if c.size_name == "-" else f"{c.size_name} ≤ {rep.get('size')}")
        counts[row["status"]] = counts.get(row["status"], 0) + 1
        cx = rep.get("counterexample") if rep else None
        if cx:
            row.update(counterexample=True, expected=_short(cx.get("expected")), actual=_short(cx.get("actual")),
                       data=f"claims/{c.name}.json")
            site.data(row["data"], cx)
            if cx.get("certificate"):
                row["certificate"] = f"certificates/{c.name}.json"
                site.data(row["certificate"], cx["certificate"])
            drawable = find_drawable(cx.get("certificate"), c.name) or find_drawable(cx.get("instance"), c.name)
            if drawable is not None:
                from ..draw import board_of
                board = board_of(drawable)
                board.title = f"counterexample to {c.name} [{c.source}]"
                row["picture"] = f"claims/{c.name}.svg"
                site.picture(row["picture"], board)
        rows.append(row)
        bar.update(1)
    note = ("Results read from " + Path(opts.catalogue).name + "." if given is not None else
            "Checked while this report was built" + (f", sizes capped at {opts.max_n}." if opts.max_n is not None
                                                      else " at each claim's default size.")
            if opts.claims is True else "Claims not checked in this build are marked unchecked.")
    site.page("catalogue.html", "catalogue.html", title="Theorem catalogue", rows=rows, note=note)
    return counts


def _short(x) -> str:
    s = json.dumps(x, ensure_ascii=False)
    return s if len(s) <= 160 else s[:157] + "..."


# -- proofs and the explorer ---------------------------------------------------------------------

def _certificate_files(folders) -> list[tuple[str, Path]]:
    out = []
    for f in map(Path, folders):
        if not f.is_dir():
            continue
        for p in sorted(f.rglob("*.json")):
            out.append(("-".join(p.relative_to(f).with_suffix("").parts), p))
    return out


def _claim_text(cert: dict) -> str:
    question, verdict = cert["claim"]["question"], cert["claim"]["verdict"]
    claim = {"game": question["game"], "first": question["first"], **verdict}
    if "winner" in claim and claim.get("game") in ("maker-breaker", "pg"):
        first = f", {claim['first']} first" if claim.get("first") else ""
        return f"{claim['game']}: {claim['winner']} wins{first}" if claim["winner"] != "draw" else \
            f"{claim['game']}: draw"
    if "nim" in claim:
        return f"nim({str(claim.get('game', '')).upper()}) = {claim['nim']}"
    if "sg" in claim:
        return f"SG = {claim['sg']}"
    return ", ".join(f"{k} = {v}" for k, v in claim.items())


def _proofs(site: Site, opts: Options, files, bar) -> dict:
    from ..certificates.checker import check_certificate
    from ..draw import board_of, from_certificate
    from ..draw.board import Board
    proofs, explorers = [], []
    states = 0
    for slug, path in files:
        bar.set_description(slug[:28])
        try:
            cert = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            bar.update(1)
            continue
        if not isinstance(cert, dict) or cert.get("format") != "verify-certificate":
            bar.update(1)
            continue
        p = {"slug": slug, "kind": cert.get("kind")}
        try:
            p.update(ok=True, detail=check_certificate(cert).detail, claim_text=_claim_text(cert))
        except CertificateError as exc:
            p.update(ok=False, detail=str(exc), claim_text="(claim not verified)")
        site._write(f"proofs/{slug}.json", path.read_bytes())
        p["size"] = path.stat().st_size
        text = json.dumps(cert, indent=1)
        p["excerpt"] = text if len(text) <= 4000 else text[:4000] + "\n..."
        try:
            play = from_certificate(cert, slug)
        except VerifyError as exc:
            play = None
            p["detail"] += f" (no picture: {exc})"
        if play is not None:
            board = board_of(play)
            p["has_move"] = bool(board.next_move)
            site.picture(f"proofs/{slug}.svg", board)
            p["picture"] = True
            if p["ok"] and not isinstance(play, Board) and getattr(play, "winner", None):
                n = _explorer(site, slug, play, p["claim_text"], opts.max_states)
                explorers.append({"slug": slug, "claim_text": p["claim_text"], "states": n[0], "cut": n[1]})
                states += n[0]
                p["explorer"] = True
                try:
                    from ..draw.diagrams import strategy_tree_figure
                    site.figure(f"proofs/{slug}-tree.svg", strategy_tree_figure(play, opts.tree_depth, 120))
                    p["tree"] = True
                except VerifyError:
                    pass
            if cert.get("kind") == "nim-labelling":
                p["structure"] = _structure(site, slug, cert)
        site.page(f"proofs/{slug}.html", "proof.html", title=f"Proof: {slug}", p=p)
        proofs.append(p)
        bar.update(1)
    site.page("proofs/index.html", "proofs.html", title="Proofs", proofs=proofs)
    site.page("explorer/index.html", "explorer_index.html", title="Strategy explorer", explorers=explorers)
    return {"proofs": len(proofs), "proofs_ok": sum(p["ok"] for p in proofs), "explorers": len(explorers),
            "states": states}


def _structure(site: Site, slug: str, cert: dict) -> bool:
    """The structure diagram of the certified impartial game, when it is small enough to read."""
    from ..draw.diagrams import structure_figure
    from ..formats.jsonfmt import hypergraph_from_json
    from ..structure import StructureDiagram
    try:
        d = StructureDiagram(cert["claim"]["question"]["game"], hypergraph_from_json(cert["instance"]), max_classes=80)
        site.figure(f"proofs/{slug}-structure.svg", structure_figure(d, simplified=len(d.classes) > 24))
        return True
    except (VerifyError, KeyError):
        return False


def _explorer(site: Site, slug: str, play, claim_text: str, max_states: int) -> tuple[int, bool]:
    from .explorer import explore
    nodes, cut = explore(play, max_states)
    for n in nodes:
        board = play.board(n.state)
        board.title = f"state {n.id}"
        site.picture(f"explorer/{slug}/s{n.id}.svg", board)
        site.page(f"explorer/{slug}/s{n.id}.html", "state.html", title=f"{slug} · state {n.id}", n=n,
                  slug=slug, claim_text=claim_text)
    return len(nodes), cut


# -- examples, hunts, benchmarks -----------------------------------------------------------------

def _instance_files(folders) -> list[Path]:
    out = []
    for f in map(Path, folders):
        if f.is_file():
            out.append(f)
        elif f.is_dir():
            out += sorted(p for p in f.rglob("*") if p.suffix.lower() in INSTANCE_SUFFIXES and p.is_file())
    return out


def _examples(site: Site, files, bar) -> dict:
    from ..draw import board_of, load
    shown, failed = [], []
    used: set[str] = set()
    for p in files:
        bar.set_description(p.name[:28])
        name = p.stem
        while name in used:
            name += "_"
        used.add(name)
        try:
            board = board_of(load(p))
        except VerifyError as exc:
            failed.append(f"{p}: {exc}")
        else:
            site.picture(f"examples/{name}.svg", board)
            shown.append({"name": str(p), "picture": f"examples/{name}.svg"})
        bar.update(1)
    site.page("examples.html", "examples.html", title="Examples", examples=shown, failed=failed)
    return {"examples": len(shown)}


def _hunts(site: Site, files) -> dict:
    from ..draw import board_of, find_drawable
    from .data import read_hunt_store
    stores = [read_hunt_store(p) for p in files]
    for k, store in enumerate(stores):
        for t, table in enumerate(store.tables):
            for i, obj in table.drawables():
                drawable = find_drawable(obj, f"{table.name} row {i + 1}")
                if drawable is None:
                    continue
                try:
                    board = board_of(drawable)
                except VerifyError:
                    continue
                rel = f"hunts/store{k}-table{t}-row{i}.svg"
                site.picture(rel, board)
                table.pictures[i] = rel
    site.page("hunts.html", "hunts.html", title="Hunts", stores=stores)
    return {"hunts": len(stores)}


def _bench(site: Site, rows: list[dict]) -> dict:
    from .data import bench_figures
    charts = []
    for i, (name, fig) in enumerate(bench_figures(rows)):
        rel = f"bench/chart{i}.svg"
        site.figure(rel, fig)
        charts.append({"name": name, "picture": rel, "rows": [r for r in rows if r["benchmark"] == name]})
    site.page("bench.html", "bench.html", title="Benchmarks", charts=charts)
    return {"bench": len(rows)}
