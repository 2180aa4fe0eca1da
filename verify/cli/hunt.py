"""``verify hunt``: counterexample hunts over conjectures, and the differential hunt of two methods.

    verify hunt --list [--json] [--conjectures FILE]
    verify hunt NAME [--source exhaustive|random|sat] [--mode auto|generate|filter] [--n-max N]
                     [--count C] [--workers K] [--dask ADDRESS] [--store FILE] [--time-limit S]
                     [--convention C] [--bias P:Q] [--json] ...
    verify hunt GAME --methods A B [--n LO..HI] [--sizes S] [--marked] [--bias P:Q] [...]
                                                                          (= agree:GAME:A:B)

Exit status: 0 nothing found, 1 a counterexample (or a disagreement), 2 bad input, 3 some instances
ended in an error, a timeout or a crash (none counted as holding), 130 interrupted (resumable).
"""
from __future__ import annotations

import json
import os
import sys

from ..errors import InputError
from .common import print_json


def add_cli(sub) -> None:
    h = sub.add_parser("hunt", help="hunt counterexamples to a conjecture (or disagreements of two methods)",
                       description="Hunt counterexamples to a conjecture (a catalogue claim, an open question "
                       "of the papers, agree:GAME:A:B, or your own with --conjectures FILE) over an "
                       "exhaustive, seeded random or SAT-guided stream of instances; results go to a "
                       "resumable SQLite store. With --methods: the differential hunt of two methods.")
    h.add_argument("name", nargs="?", metavar="NAME",
                   help="conjecture (see --list); with --methods, the game")
    h.add_argument("--list", action="store_true", help="list the conjectures")
    h.add_argument("--conjectures", metavar="FILE", help="a Python file of your own @conjecture's")
    h.add_argument("--source", choices=["exhaustive", "random", "sat", "all"],
                   help="exhaustive (up to isomorphism; 'all' is a synonym), random (seeded) or sat "
                        "(SAT-guided); default exhaustive (with --methods: random)")
    h.add_argument("--mode", choices=["auto", "generate", "filter"], default="auto",
                   help="a hypothesis that declares a constraint (edges, sizes, degrees, the "
                        "Erdős–Selfridge sum, connectivity): generate instances inside it, or draw "
                        "every instance and filter; auto (default) generates where the source can")
    h.add_argument("--n-min", type=int, default=None, dest="n_min", help="smallest size (default 1)")
    h.add_argument("--n-max", type=int, dest="n_max", help="largest size (default: the conjecture's)")
    h.add_argument("--count", type=int, help="instances to draw (random default 1000; with --methods: "
                                             "random instances per vertex count, default 200)")
    h.add_argument("--workers", type=int, help="local worker processes (default: the CPUs; "
                                               "with --methods: 1)")
    h.add_argument("--dask", metavar="ADDRESS", help="run on the Dask scheduler at ADDRESS")
    h.add_argument("--store", metavar="FILE", help="SQLite store (default ./NAME.SOURCE.hunt.sqlite)")
    h.add_argument("--time-limit", type=float, dest="time_limit", metavar="S",
                   help="stop drawing after S seconds (resume later with the same command)")
    h.add_argument("--instance-timeout", type=float, dest="instance_timeout", metavar="S",
                   help="seconds per instance; beyond, the instance is recorded as a timeout")
    h.add_argument("--param", action="append", default=[], metavar="KEY=VALUE",
                   help="instance-space parameter (e.g. sizes=2,3, edges=4, marked=1; box=5 for pile boxes; grid=6 for point sets)")
    h.add_argument("--convention", metavar="C",
                   help="the convention a positional-game conjecture is asked in (maker-breaker, "
                        "avoider-enforcer, maker-maker, avoider-avoider; default: the conjecture's)")
    h.add_argument("--bias", metavar="P:Q",
                   help="the bias (p:q) a positional-game conjecture is asked at: Alice (maker, avoider, "
                        "the first player) claims P per turn, Bob Q (default 1:1); with --methods, the "
                        "bias of the game compared")
    h.add_argument("--chunk", type=int, default=128, help="instances per task and per store transaction "
                                                             "(part of the hunt: fixed for a store)")
    h.add_argument("--seed", type=int, default=0)
    h.add_argument("--stop-after", type=int, default=1, dest="stop_after",
                   help="stop after this many counterexamples (0: never)")
    h.add_argument("--json", action="store_true", help="print one JSON object (--list: a JSON list)")
    # the differential hunt's spelling: GAME --methods A B is the conjecture agree:GAME:A:B
    h.add_argument("--methods", nargs=2, metavar=("A", "B"),
                   help="differential hunt of two methods on GAME (= the conjecture agree:GAME:A:B; "
                        "Maker-Breaker with either player first)")
    h.add_argument("--n", help="(--methods) vertex counts, N or LO..HI (default 4..7)")
    h.add_argument("--sizes", default="1,2,3", help="(--methods) allowed edge sizes (comma list)")
    h.add_argument("--edges", type=int, help="(--methods) exactly this many edges")
    h.add_argument("--marked", action="store_true", help="(--methods) include Maker's marks")
    h.set_defaults(func=cmd_hunt)


def cmd_hunt(args) -> int:
    if args.methods:
        return _differential(args)
    if args.list:
        return _list(args)
    if not args.name:
        raise InputError("name a conjecture to hunt (see 'verify hunt --list'), or give --list")
    return _conjecture(args)


def _conjecture(args, keep: bool = True) -> int:
    """Run the hunt ``args`` describe; ``keep``: the store (and the counterexample written next to
    it) outlive the run."""
    from ..hunting.engine import HuntConfig, run_hunt
    params = {}
    for kv in args.param:
        k, eq, v = kv.partition("=")
        if not eq or not k:
            raise InputError(f"--param takes KEY=VALUE, got {kv!r}")
        params[k] = v
    params.update(_question_params(args))
    cfg = HuntConfig(
        name=args.name, source="exhaustive" if args.source in (None, "all") else args.source,
        n_min=1 if args.n_min is None else args.n_min, n_max=args.n_max, count=args.count,
        seed=args.seed, params=params, workers=args.workers or _cpus(), dask=args.dask,
        store=args.store, time_limit=args.time_limit, instance_timeout=args.instance_timeout,
        stop_after=args.stop_after, chunk=args.chunk, conjectures_file=args.conjectures,
        write_counterexample=keep, mode=args.mode)
    try:
        report = run_hunt(cfg)
    except KeyboardInterrupt:
        if keep:
            print(f"verify: hunt interrupted; what was recorded is kept in "
                  f"{cfg.store or 'the store'}: run the same command to resume", file=sys.stderr)
        raise
    out = report.to_json()
    if not keep:
        out["store"] = None
    if args.json:
        print_json(out)
    else:
        print(_describe(out))
    if out["counterexample_count"]:
        return 1
    return 3 if out["errors"] or out["timeouts"] or out["crashes"] else 0


def _question_params(args) -> dict:
    """--convention and --bias as the space parameters of a positional-game conjecture (checked and
    written one way, so that the same question is the same hunt in the store)."""
    from ..games.conventions import check_convention, parse_bias
    out = {}
    if getattr(args, "convention", None) is not None:
        out["convention"] = check_convention(args.convention)
    if getattr(args, "bias", None) is not None:
        p, q = parse_bias(args.bias)
        out["bias"] = f"{p}:{q}"
    return out


def _cpus() -> int:
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def _describe(out: dict) -> str:
    lines = [f"{out['conjecture']} [{out['source']}]: {out['checked']} checked ({out['holds']} hold, "
             f"{out['outside_hypotheses']} outside the hypotheses), {out['counterexample_count']} "
             f"counterexample(s), {out['errors']} error(s), {out['timeouts']} timeout(s), "
             f"{out['crashes']} crash(es); {out['rejected_isomorphs']} of {out['drawn']} drawn rejected "
             f"as isomorphs; {'complete' if out['complete'] else 'stopped early (resumable)'} "
             f"[{out['seconds']:.1f}s" + (f", store {out['store']}]" if out["store"] else "]")]
    if out.get("mode"):
        lines.append(f"  instances {out['mode']}: {out['mode_note']}" if out["mode"] == "generated" else
                     f"  instances filtered by the hypothesis ({out['mode_note']})")
    s = out.get("shrunk")
    if s:
        lines.append(f"  smallest counterexample found (shrunk): {json.dumps(s['instance'])}")
        v = s.get("violation") or {}
        if out["conjecture"].startswith("agree:"):
            lines.append(f"    the methods disagree: {json.dumps(v.get('expected'))} vs "
                         f"{json.dumps(v.get('actual'))}")
        else:
            lines.append(f"    statement says {json.dumps(v.get('expected'))}, reference gives "
                         f"{json.dumps(v.get('actual'))}")
            inst = v.get("instance") if isinstance(v.get("instance"), dict) else {}
            if isinstance(inst.get("questions"), list):   # a positional game asked at several biases
                who = f", {inst['first']} first" if inst.get("first") else ""
                lines.append(f"    {inst.get('convention')}{who}: " + "; ".join(
                    f"{q.get('bias')} {q.get('winner')} wins" for q in inst["questions"] if isinstance(q, dict)))
        if s.get("file"):
            if s.get("certificate_files"):
                lines.append(f"    written to {s['file']}; one certificate per question to "
                             f"{', '.join(s['certificate_files'])} (verify check FILE)")
            elif s.get("certificate_file"):
                lines.append(f"    written to {s['file']}; its certificate to {s['certificate_file']} "
                             f"(verify check {s['certificate_file']})")
            else:
                note = s.get("certificate_note") or "no certificate for this kind"
                lines.append(f"    written to {s['file']} ({note})")
    for u in out["unresolved"][:5]:
        lines.append(f"  {u['status']}: {json.dumps(u['instance'])}: {u['detail']}")
    return "\n".join(lines)


def _list(args) -> int:
    from ..hunting import conjectures
    if args.conjectures:
        conjectures.load_file(args.conjectures)
    rows = [c.to_json() for c in conjectures.all_conjectures()]
    if args.json:
        print(json.dumps(rows))
        return 0
    width = max(len(r["name"]) for r in rows)
    for r in rows:
        mark = "  [open question]" if "conjecture" in r["tags"] else ""
        user = f"  [{r['file']}]" if r.get("file") else ""
        print(f"{r['name']:<{width}}  {r['source']:<24} {r['instances']:<11} "
              f"{','.join(r['sources'])}{mark}{user}")
    print(f"{len(rows)} conjectures (and agree:GAME:A:B for any two methods of a game)")
    return 0


def _differential(args) -> int:
    """``verify hunt GAME --methods A B``: the conjecture agree:GAME:A:B with the options of the
    differential hunt (vertex counts --n, edge sizes, a random count per vertex count) and, without
    --store, a store of its own that is removed afterwards."""
    import tempfile
    from ..hunting.differential import check_methods
    if not args.name:
        raise InputError("--methods needs the game as NAME")
    a, b = args.methods
    check_methods(args.name, a, b)
    if args.convention is not None and args.convention != args.name:
        raise InputError(f"the differential hunt compares methods of {args.name}: give the convention as "
                         f"the game, not --convention {args.convention}")
    args.convention = None
    if args.n is not None:
        try:
            lo, _, hi = args.n.partition("..")
            args.n_min, args.n_max = int(lo), int(hi or lo)
        except ValueError:
            raise InputError("--n takes N or LO..HI") from None
    args.n_min = 4 if args.n_min is None else args.n_min
    args.n_max = 7 if args.n_max is None else args.n_max
    if args.source is None:
        args.source = "random"
    if args.source == "random":
        per_n = 200 if args.count is None else args.count
        args.count = per_n * max(1, args.n_max - args.n_min + 1)
    args.param = list(args.param)
    for key, value in (("sizes", args.sizes), ("edges", args.edges), ("marked", "1" if args.marked else None)):
        if value is not None:
            args.param.append(f"{key}={value}")
    args.name = f"agree:{args.name}:{a}:{b}"
    if args.store:
        return _conjecture(args)
    with tempfile.TemporaryDirectory(prefix="verify-hunt-") as tmp:
        args.store = os.path.join(tmp, "differential.sqlite")
        return _conjecture(args, keep=False)
