"""maker-breaker-strategy, maker-breaker-pairing and nim-labelling, checked on explicit states.

Written from docs/spec/maker-breaker-strategy.md, maker-breaker-pairing.md and nim-labelling.md. A
state is a pair of frozensets of vertex names (Maker's, Breaker's) or one frozenset (the selected
vertices of an impartial game); every rule is a plain loop over the board's edges. Each function
takes the parsed certificate and returns (question, verdict, detail); ``check`` compares the claim.
"""
from __future__ import annotations

from .boards import board_digest, hypergraph_board, read_hypergraph, vertex_name
from .envelope import MAX_STATES, Refused, body_keys, is_int

MAKER, BREAKER = "maker", "breaker"
#: maker-breaker-strategy (spec S7): the states a walk stores, each weighed by the board's size
#: w = 1 + |V| + Σ|e| + |E|·⌈|V|/64⌉, at most this many units
MAX_STRATEGY_WALK_UNITS = 1 << 26
#: nim-labelling (spec L7): positions visited, each weighed (|V| + 1)·(1 + |V| + Σ|e| + |E|·⌈|V|/64⌉),
#: at most this many units
MAX_LABELLING_WORK = 1 << 30     # spec L7: units of work, plus
LABELLING_UNITS_PER_LABEL = 4096  # ... this many per label entry


def name_set(names, known, what: str) -> frozenset:
    """A JSON list of distinct known vertex names, as a frozenset."""
    if type(names) is not list:
        raise Refused(f"{what} must be a list of vertex names")
    out = set()
    for x in names:
        v = vertex_name(x)
        if v not in known:
            raise Refused(f"{what}: unknown vertex {v[:30]!r}")
        if v in out:
            raise Refused(f"{what}: vertex {v[:30]!r} repeated")
        out.add(v)
    return frozenset(out)


def entry_list(cert: dict, key: str, what: str) -> list:
    """The certificate's list under ``key``, at most MAX_STATES entries long."""
    entries = cert[key]
    if type(entries) is not list:
        raise Refused(f"'{key}' must be a list")
    if len(entries) > MAX_STATES:
        raise Refused(f"more than {MAX_STATES} {what}")
    return entries

def winner_of(cert: dict, allowed) -> str:
    """The claimed winner, which must be exactly {"winner": one of allowed}."""
    verdict = cert["claim"]["verdict"]
    if list(verdict) != ["winner"] or verdict["winner"] not in allowed or type(verdict["winner"]) is not str:
        raise Refused(f"the verdict must be {{\"winner\": {' or '.join(allowed)}}}")
    return verdict["winner"]


def maker_breaker_question(cert: dict):
    """The board and the claimed position, validated: (h, maker set, breaker set, first, bound, question).
    The question returned is the one the certificate's own board and the (validated) position pose."""
    h = read_hypergraph(cert["instance"])
    q = cert["claim"]["question"]
    if q["game"] != "maker-breaker":
        raise Refused(f"a {cert['kind']} certificate answers maker-breaker questions only")
    if q["first"] not in (MAKER, BREAKER):
        raise Refused("a maker-breaker question needs first = maker or breaker")
    if sorted(q["position"]) != [BREAKER, MAKER]:
        raise Refused("a maker-breaker position lists exactly 'maker' and 'breaker'")
    known = set(h.vertices)
    maker = name_set(q["position"][MAKER], known, "Maker's vertices")
    breaker = name_set(q["position"][BREAKER], known, "Breaker's vertices")
    if maker & breaker:
        raise Refused("a vertex is both Maker's and Breaker's")
    question = {"game": "maker-breaker", "instance": board_digest(hypergraph_board(h)),
                "position": {BREAKER: sorted(breaker), MAKER: sorted(maker)},
                "first": q["first"], "bound": q["bound"]}
    return h, maker, breaker, q["first"], q["bound"], question


def maker_has_won(h, maker: frozenset) -> bool:
    for e in h.edges:
        if e <= maker:
            return True
    return False


def breaker_has_won(h, maker: frozenset, breaker: frozenset) -> bool:
    """No edge can still become Maker's: every edge holds a Breaker vertex (and Maker has none)."""
    for e in h.edges:
        if not (e & breaker):
            return False
    return True


def check_maker_breaker_strategy(cert: dict, open_member=None):
    body_keys(cert, "strategy")
    h, maker0, breaker0, first, bound, question = maker_breaker_question(cert)
    winner = winner_of(cert, (MAKER, BREAKER))
    if bound is not None and winner != MAKER:
        raise Refused("a strategy proves a bounded question only for Maker")
    known = set(h.vertices)
    entries = entry_list(cert, "strategy", "strategy entries")
    table = {}
    for entry in entries:
        if type(entry) is not dict or sorted(entry) != ["move", "residual"]:
            raise Refused("a strategy entry must be {\"residual\": [...], \"move\": vertex}")
        if type(entry["residual"]) is not list:
            raise Refused("a residual must be a list of vertex lists")
        sets = [name_set(s, known, "a residual set") for s in entry["residual"]]
        key = frozenset(sets)
        if len(key) != len(sets):
            raise Refused("a residual lists a set twice")
        if key in table:
            raise Refused("two strategy entries for one residual")
        move = vertex_name(entry["move"])
        if move not in known:
            raise Refused(f"strategy move {move[:30]!r} is not a vertex")
        table[key] = move
    other = {MAKER: BREAKER, BREAKER: MAKER}
    start = (maker0, breaker0)
    seen = {start}
    stack = [start]
    n = len(h.vertices)
    max_states = MAX_STRATEGY_WALK_UNITS // (1 + n + sum(len(e) for e in h.edges) + len(h.edges) * -(-n // 64))
    while stack:
        if len(seen) > MAX_STATES:
            raise Refused(f"more than {MAX_STATES} states reachable under the strategy")
        maker, breaker = stack.pop()
        if maker_has_won(h, maker):
            if winner != MAKER:
                raise Refused(f"Maker wins with {sorted(maker)} against Breaker's strategy")
            if bound is not None and len(maker) - len(maker0) > bound:
                raise Refused(f"Maker needs more than {bound} moves to win at {sorted(maker)}")
            continue
        if breaker_has_won(h, maker, breaker):
            if winner != BREAKER:
                raise Refused(f"Breaker wins with {sorted(breaker)} against Maker's strategy")
            continue
        moves_made = len(maker) + len(breaker) - len(maker0) - len(breaker0)
        mover = first if moves_made % 2 == 0 else other[first]
        free = [v for v in h.vertices if v not in maker and v not in breaker]
        if mover == winner:
            residual = frozenset(e - maker for e in h.edges if not (e & breaker))
            move = table.get(residual)
            if move is None:
                raise Refused(f"no strategy move for {winner} at Maker {sorted(maker)}, Breaker {sorted(breaker)}")
            if move not in free or not any(move in e for e in residual):
                raise Refused(f"strategy move {move!r} is not a free vertex of a live edge at Maker "
                              f"{sorted(maker)}, Breaker {sorted(breaker)}")
            replies = [move]
        else:
            replies = free
        if len(seen) + len(replies) > max_states:  # counted before the successors are built
            raise Refused(f"the walk stores more than {max_states} states (each weighed by the board's "
                          f"1 + |V| + Σ|e| + |E|·⌈|V|/64⌉ units, at most {MAX_STRATEGY_WALK_UNITS}): refused")
        for v in replies:
            nxt = (maker | {v}, breaker) if mover == MAKER else (maker, breaker | {v})
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return question, {"winner": winner}, f"{len(seen)} explicit states walked"


def check_maker_breaker_pairing(cert: dict, open_member=None):
    body_keys(cert, "pairs")
    h, maker, breaker, first, bound, question = maker_breaker_question(cert)
    if winner_of(cert, (BREAKER,)) != BREAKER:  # pragma: no cover (winner_of allows breaker only)
        raise Refused("a pairing proves a Breaker win only")
    if bound is not None:
        raise Refused("a pairing answers the whole game, not a bounded question")
    known = set(h.vertices)
    pairs_json = cert["pairs"]
    if type(pairs_json) is not list:
        raise Refused("'pairs' must be a list")
    used = set()
    pairs = []
    for p in pairs_json:
        pair = name_set(p, known, "a pair")
        if len(pair) != 2:
            raise Refused(f"pair {sorted(pair)} does not have two vertices")
        if pair & used:
            raise Refused(f"pair {sorted(pair)} overlaps another pair")
        if pair & (maker | breaker):
            raise Refused(f"pair {sorted(pair)} uses a claimed vertex")
        used |= pair
        pairs.append(pair)
    partner = {}  # an edge holds a pair iff one of its vertices has its partner in it: O(Σ|e|)
    for pair in pairs:
        a, b = pair
        partner[a], partner[b] = b, a
    for e in h.edges:
        if not (e & breaker) and not any(partner.get(v) in e for v in e):
            raise Refused(f"edge {sorted(e)} holds no Breaker vertex and no pair")
    return question, {"winner": BREAKER}, f"{len(pairs)} disjoint free pairs, one inside each edge Breaker has not blocked"


IMPARTIAL = ("acv", "avd", "dst", "prv")


def impartial_options(game: str, edges, vertices, p: frozenset) -> list:
    """The options of the position ``p`` (a set of selected vertices) in ACV/AVD/DST/PRV (paper 000 §3)."""
    def holds_edge(s):
        return any(e <= s for e in edges)

    def rest_stable(s):  # the complement of s contains no edge: every edge meets s
        return all(e & s for e in edges)

    if game == "acv" and holds_edge(p):
        return []
    if game == "dst" and rest_stable(p):
        return []
    out = []
    for v in vertices:
        if v in p:
            continue
        q = p | {v}
        if game == "avd" and holds_edge(q):
            continue
        if game == "prv" and rest_stable(q):
            continue
        out.append(q)
    return out


def check_nim_labelling(cert: dict, open_member=None):
    body_keys(cert, "labels")
    h = read_hypergraph(cert["instance"])
    game = cert["claim"]["question"]["game"]
    if game not in IMPARTIAL:
        raise Refused(f"a nim-labelling answers acv, avd, dst or prv questions, not {game[:20]!r}")
    if game in ("acv", "prv") and not h.edges:
        raise Refused(f"{game} is undefined on a hypergraph without edges (paper 000 Ex. 3.9)")
    if game in ("avd", "dst") and frozenset() in h.edges:
        raise Refused(f"{game} is undefined when the empty set is an edge (paper 000 Ex. 3.9)")
    verdict = cert["claim"]["verdict"]
    if list(verdict) != ["nim"] or not is_int(verdict["nim"]) or verdict["nim"] < 0:
        raise Refused("the verdict must be {\"nim\": a non-negative integer}")
    known = set(h.vertices)
    entries = entry_list(cert, "labels", "labels")
    labels = {}
    for entry in entries:
        if type(entry) is not list or len(entry) != 2:
            raise Refused("a label must be [position, value]")
        p = name_set(entry[0], known, "a labelled position")
        if not is_int(entry[1]) or entry[1] < 0:
            raise Refused(f"the label of {sorted(p)} is not a non-negative integer")
        if p in labels:
            raise Refused(f"position {sorted(p)} labelled twice")
        labels[p] = entry[1]
    # walk every position reachable from the empty set; each must carry the mex of its options' labels
    start = frozenset()
    seen = {start}
    stack = [start]
    n = len(h.vertices)  # L7: a visit builds n + 1 options at most, each tested against every edge
    weight = (n + 1) * (1 + n + sum(len(e) for e in h.edges) + len(h.edges) * -(-n // 64))
    max_visits, visits = (MAX_LABELLING_WORK + LABELLING_UNITS_PER_LABEL * len(labels)) // weight, 0
    while stack:
        p = stack.pop()
        if p not in labels:
            raise Refused(f"reachable position {sorted(p)} has no label")
        visits += 1
        if visits > max_visits:
            raise Refused(f"the walk visits more than {max_visits} positions (each weighed {weight} units by "
                          f"the board's size, at most {MAX_LABELLING_WORK} + {LABELLING_UNITS_PER_LABEL} a label): refused")
        option_labels = set()
        for q in impartial_options(game, h.edges, h.vertices, p):
            if q not in labels:
                raise Refused(f"reachable position {sorted(q)} has no label")
            option_labels.add(labels[q])
            if q not in seen:
                seen.add(q)
                stack.append(q)
        mex = 0
        while mex in option_labels:
            mex += 1
        if labels[p] != mex:
            raise Refused(f"the label {labels[p]} of {sorted(p)} is not the mex {mex} of its options' labels")
    question = {"game": game, "instance": board_digest(hypergraph_board(h)), "position": {},
                "first": None, "bound": None}
    return question, {"nim": labels[start]}, f"{len(seen)} reachable positions labelled with the mex of their options"
