"""The proof-search methods ("search" for .pg and Maker-Breaker games) over the engine of
:mod:`verify.solvers.search.engine`, and their ``pg-proof`` certificates: the winner's choices along its own
proof, and links between states with isomorphic residual needs. The format and its independent
checker are in :mod:`verify.certificates.proof`, which imports nothing from here."""
from __future__ import annotations

from ...certificates import envelope
from ...errors import InputError
from ...certificates.proof import KIND, ProofWalk, proof_questions
from ...formats.instances import question_of
from ...formats.questions import board_json
from ...formats.pg import pg_to_text
from ...games import maker_breaker as mb
from ...games import positional as pg
from ...hypergraph import bits
from ...result import BoundedOutcome, Outcome
from .. import register, register_auto
from ..chooser import Choice, choose_pg
from ..options import SEARCH_DRIVERS
from .leaves import pairer, pairing_choice, pairing_entries
from .engine import ProofSearch, chooser, decide, line_builder, make_search, residual_form
from .symmetry import inverse


# Refutations split into components (the checker's rule, pg-proof "components"): off by default,
# since with pairing leaves it saves little (knobby 4x4: 12%; none on skinny 5x5, vdW k=5 n=22)
# and `verify play` does not play split refutations.
SPLIT_COMPONENTS = False

# Proofs record the kernel's threat-space lines as single entries (pg-proof "lines"); False: move by
# move, as before (benchmarks and tests compare the two).
THREAT_LINES = True


def build_questions(game: pg.PositionalGame, winner: str, searches, known: dict | None = None,
                    leaves: bool = True, attackers=(pg.BLACK, pg.WHITE)) -> list[dict]:
    """The certificate's answers: each question's proof or refutation walked with the checker's
    rules, the choices taken from ``known`` ({attacker: {(b, w, t): cell}}: a parallel or PN²
    search's) where it has them, else from the searches. With ``leaves`` refutations end in
    pairing leaves where :func:`verify.solvers.search.leaves.pair_cover` finds one (and Y moves into
    one where it can); with :data:`SPLIT_COMPONENTS` they split residuals into components.
    ``attackers``: the questions built (a book builds black's itself)."""
    by_attacker = {s.x: s for s in searches}
    questions = []
    for attacker, wins in proof_questions(game, winner):
        if attacker not in attackers:
            continue
        search = by_attacker.get(attacker) or make_search(game, attacker)
        moves: dict = {}
        choose = chooser(search, wins, moves, (known or {}).get(attacker))

        found: dict = {}  # pairing leaves of a refutation
        pairing = None if wins or not leaves else pairer(search, found)
        if pairing is not None:
            choose = pairing_choice(search, choose, moves, pairing)  # Y moves into pairing leaves where it can
        links: dict = {}
        link = _linker(search, links) if search.iso else None
        if pairing is not None:  # the residual form (a canonical labelling per state) only where no pairing ends the branch
            link = pairing.gated(link)
        if search.iso and getattr(search, "group", None):
            link = _group_linker(search, links, link)  # (a table key per state: cheaper than a pairing search)
        lines: dict = {}  # threat lines of a proof
        walk = ProofWalk(game, attacker, choose, link, pairing,
                         split=not wins and SPLIT_COMPONENTS,
                         lines=line_builder(search, lines, (known or {}).get(attacker)) if wins and THREAT_LINES else None)
        if not walk.residual and _symmetric(search):
            walk.link = _state_linker(walk, links)
        start = game.start()
        if wins:
            walk.prove(*start, 0)
        else:
            walk.refute(*start, 0)
        questions.append(answer_entries(game, attacker, wins, moves, links, found, lines, walk.splits))
    return questions


def answer_entries(game: pg.PositionalGame, attacker: str, wins: bool, moves: dict, links: dict,
                   found: dict | None = None, lines: dict | None = None, splits: int = 0,
                   replies=None) -> dict:
    """One answer of a pg-proof certificate from the choices, links, pairing leaves, threat lines
    and all-replies marks (``replies``: states (b, w, t)) a builder's walk recorded (stones written
    relative to the game's start, entries sorted; a link map used more than once goes to the shared
    "maps")."""
    b0, w0 = game.start()
    entries = [[t, " ".join(game.names(b & ~b0)), " ".join(game.names(w & ~w0)), game.names(v)[0]]
               for (b, w, t), v in moves.items()]
    entries.sort(key=lambda e: (e[0], e[1], e[2]))
    maps: dict = {}  # a map's text -> its index in "maps", for maps used more than once
    texts = [" ".join(f"{game.names(a)[0]}>{game.names(c)[0]}" for a, c in sorted(cmap.items()))
             for (_, cmap) in links.values()]
    uses: dict = {}
    for text in texts:
        uses[text] = uses.get(text, 0) + 1
    linked = []
    for ((b, w, t), ((lb, lw), _)), text in zip(links.items(), texts):
        if uses[text] > 1:
            text = "@" + str(maps.setdefault(text, len(maps)))
        linked.append([t, " ".join(game.names(b & ~b0)), " ".join(game.names(w & ~w0)),
                       " ".join(game.names(lb & ~b0)), " ".join(game.names(lw & ~w0)), text])
    linked.sort(key=lambda e: (e[0], e[1], e[2]))
    q = {"attacker": attacker, "wins": wins, "moves": entries}
    if linked:
        q["links"] = linked
    if maps:
        q["maps"] = list(maps)
    if found:
        q["pairings"] = pairing_entries(game, found)
    if lines:
        q["lines"] = sorted(([t, " ".join(game.names(b & ~b0)), " ".join(game.names(w & ~w0)),
                              " ".join(game.names(v)[0] for v in line)] for (b, w, t), line in lines.items()),
                            key=lambda e: (e[0], e[1], e[2]))
    if splits:
        q["components"] = True
    if replies:
        q["replies"] = sorted([[t, " ".join(game.names(b & ~b0)), " ".join(game.names(w & ~w0))]
                               for b, w, t in replies], key=lambda e: (e[0], e[1], e[2]))
    return q


def _linker(search, links: dict):
    """The builder's link callback: the first state met with each isomorphism class of residual
    needs stands for the later ones (renumberings from the search's invariant form). Forms and
    needs are kept packed (one bytes string each) and the first state's renumbering is recomputed
    when a later state matches: a dict per state would cost kilobytes on a large proof."""
    seen: dict = {}
    width = (len(search.game.positions) + 7) // 8

    def packed(masks) -> bytes:
        return b"".join(m.to_bytes(width, "little") for m in masks)

    def link(b, w, t):
        own, opp = search.own_opp(b, w)
        needs = sorted(set(s & ~own for s in search.xsets if not s & opp and (s & ~own).bit_count() <= search.left_x[t]))
        if not needs:
            return None
        form, fwd = residual_form(needs)
        key = (packed(form), t)
        first = seen.get(key)
        if first is None:
            seen[key] = (b, w, packed(needs))
            return None
        lb, lw, lneeds = first
        if lneeds == packed(needs):
            return None  # the same needs: merged by the residual key already
        _, lfwd = residual_form([int.from_bytes(lneeds[i:i + width], "little") for i in range(0, len(lneeds), width)])
        back = {v: k for k, v in fwd.items()}
        cmap = {a: back[v] for a, v in lfwd.items()}
        links[(b, w, t)] = ((lb, lw), cmap)
        return (lb, lw), cmap

    return link


def _group_linker(search, links: dict, fallback=None, seen: dict | None = None):
    """The builder's link callback on the compiled kernel's terms: states with one canonical table
    key (:meth:`FastProofSearch.canonical_key`: the same live sets and X stones on them up to an
    automorphism) are the kernel's one entry, so the first such state met stands for the later ones,
    through the automorphism carrying it onto the later one; ``fallback`` (the residual-form
    linker) is asked for the states no automorphism links; ``seen`` may hold states met before
    ({canonical key: ((b, w), permutation)}: a book's pre-built parts)."""
    seen = {} if seen is None else seen

    def link(b, w, t):
        got = search.canonical_key(b, w, t)
        if got is None:
            return None
        key, perm = got
        first = seen.get(key)
        if first is None:
            seen[key] = ((b, w), perm)
            return fallback(b, w, t) if fallback else None
        (lb, lw), lperm = first
        # a cell x of the first state goes to lperm(x) in the canonical frame, then back by perm^-1
        n = len(search.game.positions)
        back = inverse(perm) if perm else range(n)
        # the whole automorphism: links through one automorphism share one entry of "maps"
        cmap = {1 << i: 1 << back[j] for i, j in enumerate(lperm or range(n))}
        if all(a == c for a, c in cmap.items()):
            return None  # the same state's key: merged by the residual key already
        links[(b, w, t)] = ((lb, lw), cmap)
        return (lb, lw), cmap

    return link


def _symmetric(search) -> bool:
    """Did the search merge symmetric states (symmetry asked for and found)?"""
    return bool(getattr(search, "group", None) or getattr(search, "symmetry", None))


def _state_linker(walk: ProofWalk, links: dict):
    """The builder's link callback in games the checker keys by the full state (Y sets, as in
    races, or #firstmoves): the first state met in each orbit of the game's automorphism group
    (of the walk's own families, :func:`verify.solvers.search.symmetry.automorphisms`) stands for
    the later ones, through the automorphism carrying it onto the later one (the checker's
    automorphism-link rule). None if the group is trivial."""
    from .symmetry import canonicaliser
    b_sets, w_sets = (walk.xsets, walk.ysets) if walk.xb else (walk.ysets, walk.xsets)
    canon = canonicaliser(walk.game, b_sets, w_sets)
    if canon is None:
        return None
    n = len(walk.game.positions)
    ident = tuple(range(n))
    seen: dict = {}
    maps: dict = {}  # (lperm, perm) -> the cell map: one object per group element (checked once)

    def link(b, w, t):
        cb, cw, perm = canon(b, w)
        first = seen.setdefault((cb, cw, t), (b, w, perm))
        if first[:2] == (b, w):
            return None
        lb, lw, lperm = first
        cmap = maps.get((lperm, perm))
        if cmap is None:
            # a cell x of the first state goes to lperm(x) in the canonical frame, then back by perm^-1
            back = inverse(perm) if perm else ident
            cmap = maps[(lperm, perm)] = {1 << i: 1 << back[j] for i, j in enumerate(lperm or ident)}
        links[(b, w, t)] = ((lb, lw), cmap)
        return (lb, lw), cmap

    return link


def pg_proof_certificate(game: pg.PositionalGame, winner: str, searches, known: dict | None = None) -> dict:
    return envelope(KIND, {"pg": pg_to_text(game)}, question_of("pg", game), {"winner": winner},
                    questions=build_questions(game, winner, searches, known))


def mb_proof_certificate(game: mb.MakerBreakerGame, g: pg.PositionalGame, winner: str, searches,
                         rounds: int | None = None, known: dict | None = None) -> dict:
    colour = pg.BLACK if winner == mb.MAKER else pg.WHITE
    return envelope(KIND, board_json(game.board), question_of("maker-breaker", game, rounds), {"winner": winner},
                    questions=build_questions(g, colour, searches, known))


def _stats(searches) -> dict:
    return {"nodes": sum(s.nodes for s in searches), "proven": sum(s.proven for s in searches),
            "disproven": sum(s.disproven for s in searches),
            "tt_entries": max(len(s.tt) for s in searches),
            "rules": {k: sum(s.hits.get(k, 0) for s in searches)
                      for k in sorted({k for s in searches for k in s.hits})}}


def _recorded(cert: dict) -> int:
    """Moves, links, pairing leaves and threat lines a pg-proof certificate records."""
    return sum(len(q["moves"]) + len(q.get("links", [])) + len(q.get("pairings", [])) + len(q.get("lines", []))
               for q in cert["questions"])


DEFAULT_DRIVER = "dfs"


def _decide(g: pg.PositionalGame, timeout, tt_limit, symmetry, engine, jobs, driver, dask, certificate):
    """(result black/white/draw, searches, known choices or None, stats) by the chosen driver:
    ``dfs`` (the engine's depth-first search; ``jobs`` > 1 splits the root,
    :mod:`verify.solvers.search.parallel`, Maker-Breaker descriptions) or ``pn`` (PN² over the
    engine, :mod:`verify.solvers.search.pn`; ``jobs`` worker processes or a Dask cluster)."""
    driver = driver or ("pn" if dask else DEFAULT_DRIVER)
    if driver not in SEARCH_DRIVERS:
        raise InputError(f"unknown search driver {driver!r} (known: {', '.join(SEARCH_DRIVERS)})")
    if dask and driver != "pn":
        raise InputError("--dask goes with --driver pn")
    if driver == "pn":
        from .pn import decide_pn
        winner, searches, known, stats = decide_pn(g, timeout, tt_limit, symmetry, engine, jobs, dask, certificate)
        return winner, searches, known, {**stats, "driver": "pn", "jobs": jobs}
    if jobs > 1 and not g.maker_maker:
        won, known, searches, par = _split(g, timeout, tt_limit, symmetry, engine, jobs, certificate)
        return (pg.BLACK if won else pg.WHITE), searches, known, {**_stats(searches), **par}
    winner, searches = decide(g, timeout, tt_limit, symmetry, engine)
    return winner, searches, None, _stats(searches)


def search_pg(game: pg.PositionalGame, certificate: bool = False, timeout: float | None = None,
              tt_limit: int | None = None, symmetry: bool = True, engine: str | None = None, jobs: int = 1,
              driver: str | None = None, dask: str | None = None) -> Outcome:
    """Outcome of a .pg game by the proof search (``tt_limit``: transposition-table entries;
    ``engine``: see :func:`verify.solvers.search.make_search`; ``driver``, ``jobs``, ``dask``: see
    :func:`_decide`)."""
    winner, searches, known, stats = _decide(game, timeout, tt_limit, symmetry, engine, jobs, driver, dask,
                                             certificate)
    sched = game.schedule()
    out = Outcome(game="pg", method="search", winner=winner, first=sched[0] if sched else "",
                  stats={**stats, **game.summary()})
    if certificate:
        out.certificate = pg_proof_certificate(game, winner, searches, known)
        out.stats["certificate_moves"] = _recorded(out.certificate)
    return out


def _split(g: pg.PositionalGame, timeout, tt_limit, symmetry, engine, jobs, certificate: bool = True):
    """(black wins, merged choices, searches, stats) of :func:`verify.solvers.search.parallel.split_root`;
    the one search returned is the builder's fallback for states no child recorded. The children
    walk their subgames for choices only when a ``certificate`` is asked for."""
    from .parallel import split_root
    won, known, nodes, moves = split_root(g, pg.BLACK, jobs, timeout, tt_limit, symmetry, engine, certificate)
    searches = [make_search(g, pg.BLACK, engine, tt_limit=tt_limit, symmetry=symmetry)]
    return won, {pg.BLACK: known}, searches, {"nodes": nodes, "jobs": jobs, "split_moves": moves}


def search_maker_breaker(game, certificate: bool = False, timeout: float | None = None,
                         tt_limit: int | None = None, symmetry: bool = True, rounds: int | None = None,
                         engine: str | None = None, jobs: int = 1, driver: str | None = None,
                         dask: str | None = None) -> Outcome:
    """Winner of a Maker-Breaker game by the proof search on its .pg form (black is Maker); with
    ``rounds``, the bounded question "does Maker win within ``rounds`` of her moves?" (the .pg form
    gives Maker that many moves; :class:`BoundedOutcome`, certified both ways)."""
    from ...games import maker_breaker as mb
    g = pg.from_maker_breaker(game.board, game.maker_mask, game.breaker_mask, game.first, rounds)
    known = None
    if mb.winner_if_over(game.start_residual()) is not None:
        winner = mb.winner_if_over(game.start_residual())
        searches = [ProofSearch(g, pg.BLACK)]
        stats = _stats(searches)
    else:
        colour, searches, known, stats = _decide(g, timeout, tt_limit, symmetry, engine, jobs, driver, dask,
                                                 certificate)
        winner = mb.MAKER if colour == pg.BLACK else mb.BREAKER
    if rounds is None:
        out = Outcome(game="maker-breaker", method="search", winner=winner, first=game.first,
                      stats=stats)
    else:
        whole = rounds >= game.free_mask().bit_count()  # Maker has every move: the whole game
        out = BoundedOutcome(game="maker-breaker", method="search", first=game.first, stats=stats,
                             winner=winner if winner == mb.MAKER or whole else None, bound=rounds,
                             answer="yes" if winner == mb.MAKER else "no")
    if certificate:
        out.certificate = mb_proof_certificate(game, g, winner, searches, rounds, known)
        out.stats["certificate_moves"] = _recorded(out.certificate)
    return out


@register("pg", "search")
def solve_pg_search(game: pg.PositionalGame, certificate: bool = False, timeout: float | None = None,
                    symmetry: bool = True, jobs: int = 1, driver: str | None = None,
                    dask: str | None = None) -> Outcome:
    """The registered method: :func:`search_pg` with the default table size."""
    return search_pg(game, certificate, timeout, None, symmetry, jobs=jobs, driver=driver, dask=dask)


@register("maker-breaker", "search")
def solve_maker_breaker_search(game, certificate: bool = False, timeout: float | None = None,
                               symmetry: bool = True, rounds: int | None = None, jobs: int = 1,
                               driver: str | None = None, dask: str | None = None) -> Outcome:
    """The registered method: :func:`search_maker_breaker` with the default table size."""
    return search_maker_breaker(game, certificate, timeout, None, symmetry, rounds, jobs=jobs,
                                driver=driver, dask=dask)


@register_auto("pg")
def choose_pg_method(game) -> Choice:
    """The proof search: it beats the explicit solver on every Hex puzzle (bench/bench_search.py)."""
    return choose_pg(game)
