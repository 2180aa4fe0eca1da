"""The ``positional-strategy`` kind, checked on explicit states without the kernel's code.

Written from paper 004 (F. Galliot's thesis, HAL tel-04249805) Definition I.1.8 and the layout of the
kind (the lead's note, to become docs/spec/positional-strategy.md). The game: Alice and Bob claim
free vertices of a hypergraph, Alice ``p`` per turn and Bob ``q`` (the bias), strictly in turn from
the first player; a convention scores monochromatic edges:

- maker-breaker (Alice Maker, Bob Breaker): Maker wins when she completes an edge, else Breaker;
- avoider-enforcer (Alice Avoider, Bob Enforcer): Avoider loses when she completes an edge, else wins;
- maker-maker (first, second; the first player is Alice): the first to complete an edge wins, else draw;
- avoider-avoider (first, second): the first to complete an edge loses, else draw.

The rules fixed by the implementation (verify/games/conventions.py, restated here, never imported):
the game ends as soon as a claim completes an edge all of whose vertices the mover holds, scored for
the mover (Breaker's and Enforcer's completions mean nothing and the game goes on); a full board
ends it (Breaker wins, Avoider wins, or a draw). A start where a player already holds a whole edge
(the empty edge included, the Remark after Def I.1.8) is decided before any claim: in the weak games
Alice's whole edge decides (Maker wins, Enforcer wins) and Bob's means nothing; in the strong games
the holder completed it, and when both hold one the player to move (the first) is deemed first.

Certificate: the winner's table (a draw: both players' tables), each entry a state (Alice's and
Bob's vertex sets, the start's included) and the vertex claimed there. The walk of X's table from
the start: at X's states the entry's claim, at the opponent's every free vertex, one claim per step,
the mover after c claims since the start given by the bias; every ended play must be won by the
claimed winner (for a draw: not lost by X); every entry must be met by the walk. States are pairs of
frozensets of vertex names, expanded once (a visited set).

Symmetry links (rule P10 of docs/spec/positional-strategy.md, the lead's note on links): the optional
key ``symmetries`` lists permutations of the vertices written ``"u>v u'>v' ..."``, each of which must
carry the edge set onto itself (an automorphism of the board); an entry may instead of ``claim``
carry ``link`` (the index of a claim entry of the same table, its target) and ``by`` (a word
i1 ... im of generator indices, σ = g_i1 ∘ ... ∘ g_im, the last applied first). Where the walk
meets the entry's state with X to move, σ must carry the target's two sets onto the state's two
sets, and the target is walked in its place. Why that is sound: an automorphism carries every play
from the target onto a play from the state with the same claims count, the same completions and the
same full board, so the same winner; the target, a claim entry, is itself walked, so links never
chain. Generators are dicts name -> name of the moved vertices.

Named completions and threats (rule P11 of docs/spec/positional-strategy.md): with the body key
``"completions": "named"``, allowed only when every table's player X scores its own completions
(Maker in maker-breaker, first and second in maker-maker), a claim entry may carry ``completes`` (an
edge: the claim v is then a leaf, X's win, provided v ∈ e and e ⊆ X's set once v is claimed; else
refused) and ``threats`` (1 to 16 edges, hints). X's claims without ``completes`` are not tested for
a completion: the walk goes on (an unnoticed completion of X only delays X's win, which the walk
must then find later). The hints of X's last claim travel with its successor and the states reached
from it by opponent claims only; where such a state has X to move and a hinted edge holds none of
the opponent's vertices and exactly one vertex outside X's set, X claims that vertex and completes
the edge: a leaf (X's win), no entry needed. Opponent-to-move states are keyed by (state, hints),
X-to-move states by the state alone, so the entries used do not depend on the order of the walk.

Pairing entries (rule P12 of docs/spec/positional-strategy.md; paper 004 Def I.1.23, I.1.24 and
Prop I.1.25, the q-pairing principle, Prop I.1.21 when q = 1): in a maker-breaker certificate of
Breaker's win at a bias (1:q), Breaker's table may hold ``{"maker": A, "breaker": B, "pairing":
[block, ...]}``: at most |V|/2 blocks of 2 to 1 + q distinct known names, pairwise disjoint, none in
A. Where the walk meets that state (Breaker to move), every edge holding no vertex of B must meet
some block in at least 2 vertices (the q-pairing is complete in the residual); the state is then a
leaf won by Breaker: whenever Maker claims a vertex of a block, Breaker claims the rest of it (at
most q vertices) in the next turn, so Maker never holds 2 vertices of a block, hence never a whole
edge. Anywhere else (another convention or verdict, p >= 2, Maker's table) the key is refused, and a
link's target must be a claim entry, never a pairing entry.
"""
from __future__ import annotations

from .boards import board_digest, hypergraph_board, read_hypergraph, vertex_name
from .envelope import Refused, body_keys, is_int
from .hypergraph_kinds import name_set

MAKER_BREAKER, AVOIDER_ENFORCER = "maker-breaker", "avoider-enforcer"
MAKER_MAKER, AVOIDER_AVOIDER = "maker-maker", "avoider-avoider"
#: convention -> (Alice's role, Bob's role)
ROLES = {MAKER_BREAKER: ("maker", "breaker"), AVOIDER_ENFORCER: ("avoider", "enforcer"),
         MAKER_MAKER: ("first", "second"), AVOIDER_AVOIDER: ("first", "second")}
STRONG = (MAKER_MAKER, AVOIDER_AVOIDER)
DRAW = "draw"
#: the most table entries over all tables of a certificate, and states walked per table (own caps)
MAX_ENTRIES = 2_000_000
MAX_WALK_STATES = 5_000_000
#: the most work per table walked, in vertex names touched: each state expanded costs |V| (its sets
#: copied and hashed, its free vertices listed), each claim |V| plus, when a completion by its mover
#: would score, the sizes of the edges through the claimed vertex (the completion test); in a named
#: certificate (P11) the player's own claims cost |V| plus the size of the edge they name, and each
#: hint check the sizes of the hinted edges tested; Sim on K6 costs about 3 M
MAX_WALK_WORK = 200_000_000
#: symmetry links: generators at most, generators in one word at most, and the work of checking the
#: generators (each edge's vertices mapped once per generator) at most
MAX_GENERATORS = 4096
MAX_WORD = 64
MAX_GENERATOR_WORK = 200_000_000
#: named completions (P11): the most hinted edges on one entry
MAX_THREATS = 16
NO_HINT: frozenset = frozenset()
#: the keys of a question; ``bias`` only when it is not 1:1
QUESTION_KEYS = ("bound", "first", "game", "instance", "position")


def _question(cert: dict):
    """The board and the validated question: (h, game, (p, q), first role, alice set, bob set, question)."""
    h = read_hypergraph(cert["instance"])
    q = cert["claim"]["question"]
    game = q.get("game")
    if game not in ROLES:
        raise Refused(f"a positional-strategy certificate answers {', '.join(ROLES)} questions, "
                      f"not {str(game)[:30]!r}")
    keys = sorted(q)
    if keys not in (list(QUESTION_KEYS), sorted(QUESTION_KEYS + ("bias",))):
        raise Refused("the claimed question must have exactly game, instance, position, first, bound (and bias)")
    bias = (1, 1)
    if "bias" in q:
        b = q["bias"]
        if type(b) is not list or len(b) != 2 or not all(is_int(x) and x >= 1 for x in b):
            raise Refused("the claimed bias must be [p, q], two positive integers")
        if b == [1, 1]:
            raise Refused("an unbiased question has no 'bias' key")
        bias = (b[0], b[1])
    if q["bound"] is not None:
        raise Refused("a positional-strategy question has no bound")
    alice_role, bob_role = ROLES[game]
    if game in STRONG:
        if q["first"] is not None:
            raise Refused(f"a {game} question has first = null (the first player is always 'first')")
        first = alice_role
    else:
        if q["first"] not in (alice_role, bob_role):
            raise Refused(f"a {game} question needs first = {alice_role} or {bob_role}")
        first = q["first"]
    pos = q["position"]
    if type(pos) is not dict or sorted(pos) != sorted((alice_role, bob_role)):
        raise Refused(f"a {game} position lists exactly {alice_role!r} and {bob_role!r}")
    known = set(h.vertices)
    alice = name_set(pos[alice_role], known, f"the position's {alice_role} vertices")
    bob = name_set(pos[bob_role], known, f"the position's {bob_role} vertices")
    if alice & bob:
        raise Refused("a vertex of the position is held by both players")
    question = {"game": game, "instance": board_digest(hypergraph_board(h)),
                "position": {alice_role: sorted(alice), bob_role: sorted(bob)},
                "first": None if game in STRONG else first, "bound": None}
    if bias != (1, 1):
        question["bias"] = list(bias)
    return h, game, bias, first, alice, bob, question


def _holds_edge(edges, own: frozenset) -> bool:
    for e in edges:
        if e <= own:
            return True
    return False


def _completion_winner(game: str, alice_moved: bool):
    """The winner (a role) when the mover completes an edge of their own, or None (no effect)."""
    alice_role, bob_role = ROLES[game]
    if game == MAKER_BREAKER:
        return alice_role if alice_moved else None
    if game == AVOIDER_ENFORCER:
        return bob_role if alice_moved else None
    if game == MAKER_MAKER:  # the completer wins
        return alice_role if alice_moved else bob_role
    return bob_role if alice_moved else alice_role  # avoider-avoider: the completer loses


def _full_board_winner(game: str) -> str:
    return {MAKER_BREAKER: "breaker", AVOIDER_ENFORCER: "avoider"}.get(game, DRAW)


def _start_winner(game: str, edges, alice: frozenset, bob: frozenset):
    """The winner of a start decided before any claim, or None (the strong games' first player is Alice)."""
    a_holds, b_holds = _holds_edge(edges, alice), _holds_edge(edges, bob)
    if game not in STRONG:
        return _completion_winner(game, True) if a_holds else None
    if a_holds:  # alone, or both (the player to move, Alice, is deemed to have completed first)
        return _completion_winner(game, True)
    if b_holds:
        return _completion_winner(game, False)
    return None


def _read_generator(text, known: set, i: int) -> dict:
    """One generator: a string of tokens ``u>v`` (one ``>`` each, u and v vertices), no name twice on
    either side, the same names on both sides. Returns {u: v} for the vertices it moves."""
    if type(text) is not str:
        raise Refused(f"symmetries[{i}] must be a string of pairs u>v")
    lefts, rights = set(), set()
    g = {}
    for token in text.split():
        parts = token.split(">")
        if len(parts) != 2:
            raise Refused(f"symmetries[{i}]: {token[:30]!r} is not a pair u>v")
        u, v = parts
        for x in (u, v):
            if x not in known:
                raise Refused(f"symmetries[{i}] names {x[:30]!r}, which is not a vertex")
        if u in lefts:
            raise Refused(f"symmetries[{i}] gives {u[:30]!r} two images")
        if v in rights:
            raise Refused(f"symmetries[{i}] gives {v[:30]!r} two preimages")
        lefts.add(u)
        rights.add(v)
        if u != v:
            g[u] = v
    if lefts != rights:
        raise Refused(f"symmetries[{i}] is not a permutation (it does not map the names it moves onto themselves)")
    return g


def _read_symmetries(data, h) -> list:
    """The generators, each a permutation carrying the edge set onto itself (checked edge by edge:
    a permutation is one-to-one on sets, so into is onto)."""
    if type(data) is not list:
        raise Refused("'symmetries' must be a list of strings")
    if len(data) > MAX_GENERATORS:
        raise Refused(f"more than {MAX_GENERATORS} symmetries")
    known = set(h.vertices)
    edges = set(h.edges)
    work = 0
    gens = []
    for i, text in enumerate(data):
        g = _read_generator(text, known, i)
        for e in edges:
            work += len(e)
            if work > MAX_GENERATOR_WORK:
                raise Refused(f"more than {MAX_GENERATOR_WORK} units of work checking the symmetries")
            if frozenset(g.get(v, v) for v in e) not in edges:
                raise Refused(f"symmetries[{i}] is not an automorphism of the board: edge {sorted(e)} "
                              "is not carried onto an edge")
        gens.append(g)
    return gens


class _Named:
    """A claim entry of a named certificate (P11): the vertex, the edge it completes (or None) and
    its hinted edges (a frozenset of edges, empty if none)."""
    __slots__ = ("vertex", "completes", "threats")

    def __init__(self, vertex: str, completes, threats: frozenset):
        self.vertex, self.completes, self.threats = vertex, completes, threats


def _read_edge(names, known: set, edges: set, what: str) -> frozenset:
    """A named edge (P11): distinct known names equal as a set to an edge of the board."""
    e = name_set(names, known, what)
    if e not in edges:
        raise Refused(f"{what}: {sorted(e)} is not an edge of the board")
    return e


def read_blocks(blocks_json, known: set, largest: int, banned: frozenset, whose: str) -> list:
    """The blocks of a q-pairing (paper 004 Def I.1.23; the positional-pairing kind and P12's pairing
    entries): a list of at most |V| // 2 lists, each of 2 to ``largest`` distinct known names, the
    blocks pairwise disjoint and none holding a vertex of ``banned`` (``whose``: who holds those, for
    the message). A block is read only while the blocks before it are disjoint, so at most
    |V| + ``largest`` names are read. Returns the blocks as frozensets."""
    if type(blocks_json) is not list:
        raise Refused("the blocks must be a list of lists of vertex names")
    if len(blocks_json) > len(known) // 2:
        raise Refused("more blocks than disjoint blocks of 2 vertices can be")
    used, blocks = set(), []
    for b in blocks_json:
        if type(b) is not list or len(b) > largest:
            raise Refused(f"a block must be a list of at most {largest} names")
        block = name_set(b, known, "a block")
        if not 2 <= len(block) <= largest:
            raise Refused(f"block {sorted(block)[:4]} has {len(block)} vertices, not 2 to {largest}")
        if block & used:
            raise Refused(f"block {sorted(block)[:4]} overlaps another block")
        if block & banned:
            raise Refused(f"block {sorted(block)[:4]} holds a vertex {whose}")
        used |= block
        blocks.append(block)
    return blocks


def uncovered_edge(edges, blocks: list, bob: frozenset):
    """The first edge holding no vertex of ``bob`` that meets no block in 2 vertices or more (the
    blocks are not complete there, paper 004 Def I.1.24), or None."""
    block_of = {v: k for k, block in enumerate(blocks) for v in block}
    for e in edges:
        if e & bob:
            continue
        hits = [block_of[v] for v in e if v in block_of]
        if len(hits) == len(set(hits)):  # no block met twice
            return e
    return None


class _Pairing:
    """A pairing entry of Breaker's table (P12): its blocks, frozensets of names."""
    __slots__ = ("blocks",)

    def __init__(self, blocks: list):
        self.blocks = blocks


def _read_table(entries, alice_role: str, bob_role: str, known: set, budget: list, gens=None,
                edges=None, largest=None) -> dict:
    """(Alice's set, Bob's set) -> claimed vertex name, or for a link entry the pair (target state,
    word), from a list of exact entries. With ``edges`` (the board's edges, a set: a named
    certificate, P11) a claim entry may also carry ``completes`` and ``threats``; such an entry's
    value is a :class:`_Named`. With ``largest`` = 1 + q (Breaker's table at bias (1:q), P12) an
    entry may instead be a pairing entry; its value is a :class:`_Pairing` (blocks read by
    :func:`read_blocks`, none holding a vertex of the entry's Alice set)."""
    if type(entries) is not list:
        raise Refused("each table of 'strategies' must be a list")
    budget[0] += len(entries)
    if budget[0] > MAX_ENTRIES:
        raise Refused(f"more than {MAX_ENTRIES} table entries")
    keys = sorted((alice_role, bob_role, "claim"))
    link_keys = sorted((alice_role, bob_role, "link", "by"))
    allowed = [keys, link_keys]
    if largest is not None:
        allowed.append(sorted((alice_role, bob_role, "pairing")))
    if edges is not None:
        allowed += [sorted(keys + extra) for extra in (["completes"], ["threats"], ["completes", "threats"])]
    table = {}
    order = []
    for entry in entries:
        if type(entry) is not dict or sorted(entry) not in allowed:
            raise Refused(f"a table entry must be exactly {{{alice_role!r}: [...], {bob_role!r}: [...], "
                          f"'claim': vertex}} or {{{alice_role!r}: [...], {bob_role!r}: [...], 'link': k, 'by': [...]}}"
                          + ("; a claim entry may add 'completes' and 'threats'" if edges is not None else
                             " ('completes' and 'threats' only with \"completions\": \"named\")")
                          + (f" or {{{alice_role!r}: [...], {bob_role!r}: [...], 'pairing': [[...], ...]}}"
                             if largest is not None else " ('pairing' only in Breaker's table at a bias 1:q)"))
        a = name_set(entry[alice_role], known, f"an entry's {alice_role} vertices")
        b = name_set(entry[bob_role], known, f"an entry's {bob_role} vertices")
        if a & b:
            raise Refused(f"an entry's state gives {sorted(a & b)[0][:30]!r} to both players")
        if (a, b) in table:
            raise Refused(f"two entries for the state {alice_role} {sorted(a)}, {bob_role} {sorted(b)}")
        if "claim" in entry:
            v = vertex_name(entry["claim"])
            if v not in known:
                raise Refused(f"an entry claims {v[:30]!r}, which is not a vertex")
            if "completes" in entry or "threats" in entry:
                done = _read_edge(entry["completes"], known, edges, "an entry's 'completes'") \
                    if "completes" in entry else None
                hints = NO_HINT
                if "threats" in entry:
                    t = entry["threats"]
                    if type(t) is not list or not 1 <= len(t) <= MAX_THREATS:
                        raise Refused(f"an entry's 'threats' must be a list of 1 to {MAX_THREATS} edges")
                    hints = frozenset(_read_edge(x, known, edges, "an entry's 'threats'") for x in t)
                v = _Named(v, done, hints)
            table[(a, b)] = v
        elif "pairing" in entry:  # P12
            table[(a, b)] = _Pairing(read_blocks(entry["pairing"], known, largest, a,
                                                 f"of {alice_role}'s (the pairing entry at {alice_role} "
                                                 f"{sorted(a)[:6]}, {bob_role} {sorted(b)[:6]})"))
        else:
            table[(a, b)] = None  # a link, resolved below once every state is known
        order.append((a, b))
    for state, entry in zip(order, entries):
        if "link" not in entry:
            continue
        if gens is None:
            raise Refused("a table with link entries needs 'symmetries'")
        k, word = entry["link"], entry["by"]
        if not is_int(k) or not 0 <= k < len(entries):
            raise Refused(f"a link's 'link' must be the integer index of an entry of its table, not {str(k)[:20]}")
        if "claim" not in entries[k]:
            raise Refused(f"a link's target (entry {k}) must be a claim entry, not a link or a pairing entry")
        if type(word) is not list or not 1 <= len(word) <= MAX_WORD:
            raise Refused(f"a link's 'by' must be a list of 1 to {MAX_WORD} generator indices")
        for i in word:
            if not is_int(i) or not 0 <= i < len(gens):
                raise Refused(f"a link's 'by' names {str(i)[:20]}, not the index of a generator")
        table[state] = (order[k], tuple(word))
    return table


def _link_target(gens, link, alice: frozenset, bob: frozenset, alice_role: str, bob_role: str):
    """The target of a link met at (alice, bob), after checking that σ = g_i1 ∘ ... ∘ g_im (g_im first)
    carries the target's Alice set onto ``alice`` and its Bob set onto ``bob``."""
    target, word = link
    ta, tb = target
    for i in reversed(word):
        g = gens[i]
        ta = frozenset(g.get(v, v) for v in ta)
        tb = frozenset(g.get(v, v) for v in tb)
    if ta != alice or tb != bob:
        raise Refused(f"a link at {alice_role} {sorted(alice)}, {bob_role} {sorted(bob)}: its word carries the "
                      f"target to {alice_role} {sorted(ta)}, {bob_role} {sorted(tb)}")
    return target


def _walk(h, game, bias, first, alice0, bob0, player, table, winner, gens=None, named=False) -> int:
    """Walk ``player``'s table from the start; refuse unless every ended play meets the requirement
    (``winner`` wins, or for a draw ``player`` does not lose) and every entry is used. Returns the
    number of states expanded (opponent-to-move states counted once per hint set they carry).

    ``named`` (P11): ``player``'s claims are not tested for a completion unless their entry names
    one (then checked: the claim is in the edge, the edge is the player's once claimed), and the
    hints of the player's last entry make a leaf of a state where the player moves and a hinted edge
    holds none of the opponent's vertices and all but one of its vertices are the player's."""
    alice_role, bob_role = ROLES[game]
    other = {alice_role: bob_role, bob_role: alice_role}
    per_turn = {alice_role: bias[0], bob_role: bias[1]}
    round_len = per_turn[first] + per_turn[other[first]]
    start_count = len(alice0) + len(bob0)
    by_vertex = {v: [] for v in h.vertices}
    for e in h.edges:
        for v in e:
            by_vertex[v].append(e)
    n = len(h.vertices)
    cost = {v: n + sum(len(e) for e in by_vertex[v]) for v in h.vertices}
    pair_cost = n + sum(len(e) for e in h.edges)  # a pairing entry checked at its state (P12)
    work = [0]

    def spend(amount: int) -> None:
        work[0] += amount
        if work[0] > MAX_WALK_WORK:
            raise Refused(f"more than {MAX_WALK_WORK} units of work walking {player}'s table "
                          "(vertices touched: |V| per state, |V| and the edges through the vertex per claim)")

    def meets(leaf_winner) -> bool:
        if winner == DRAW:
            return leaf_winner != other[player]
        return leaf_winner == winner

    def mover_of(alice, bob) -> str:
        c = len(alice) + len(bob) - start_count
        return first if c % round_len < per_turn[first] else other[first]

    def check_leaf(ended, na, nb) -> None:
        if not meets(ended):
            what = "a draw" if ended == DRAW else f"{ended} wins"
            raise Refused(f"{player}'s table lets the play end in {what} at {alice_role} {sorted(na)}, "
                          f"{bob_role} {sorted(nb)} (claimed: {winner})")

    used = set()
    x_wins = _completion_winner(game, player == alice_role)  # a hint leaf: the player completes an edge
    start = (alice0, bob0, NO_HINT)
    seen = {start}
    stack = [start]
    if len(alice0) + len(bob0) == n:  # a full board at the start: the play has ended, nobody moves
        check_leaf(_full_board_winner(game), alice0, bob0)
        stack = []
    while stack:
        if len(seen) > MAX_WALK_STATES:
            raise Refused(f"more than {MAX_WALK_STATES} states walked for {player}'s table")
        alice, bob, hints = stack.pop()
        spend(n)
        mover = mover_of(alice, bob)
        done = None  # the edge the player's claim names as completed (P11)
        if mover == player:
            state = (alice, bob)
            if state not in table:
                raise Refused(f"{player}'s table has no entry for the state {alice_role} {sorted(alice)}, "
                              f"{bob_role} {sorted(bob)}")
            used.add(state)
            v = table[state]
            if type(v) is _Pairing:  # P12: the q-pairing must be complete in the residual at this state
                spend(pair_cost)
                e = uncovered_edge(h.edges, v.blocks, bob)
                if e is not None:
                    raise Refused(f"the pairing entry at {alice_role} {sorted(alice)}, {bob_role} {sorted(bob)}: "
                                  f"edge {sorted(e)[:6]} holds no vertex of {bob_role} and meets no block in 2 vertices")
                check_leaf(bob_role, alice, bob)  # Breaker wins whatever Maker does (Prop I.1.25)
                continue
            if type(v) is tuple:  # a link: its target is walked instead (P10)
                spend(len(v[1]) * (len(alice) + len(bob) + 1))
                target = _link_target(gens, v, alice, bob, alice_role, bob_role) + (NO_HINT,)
                if target not in seen:  # walked with no hint (P11)
                    seen.add(target)
                    stack.append(target)
                continue
            hints = NO_HINT
            if type(v) is _Named:
                v, done, hints = v.vertex, v.completes, v.threats
            if v in alice or v in bob:
                raise Refused(f"{player}'s entry at {alice_role} {sorted(alice)}, {bob_role} {sorted(bob)} "
                              f"claims {v!r}, which is not free")
            claims = [v]
        else:
            claims = [v for v in h.vertices if v not in alice and v not in bob]
        alice_moves = mover == alice_role
        # a completion by this mover ends the game only if it scores (not Breaker's, not Enforcer's):
        # otherwise the completion test is skipped, and its work not spent; in a named certificate
        # the player's own claims are tested only through the edge their entry names (P11)
        effect = _completion_winner(game, alice_moves)
        tested = effect is not None and not (named and mover == player)
        for v in claims:
            spend(cost[v] if tested else n)
            na, nb = (alice | {v}, bob) if alice_moves else (alice, bob | {v})
            own = na if alice_moves else nb
            ended = None
            if done is not None:  # P11: the claim names the edge it completes
                spend(len(done))
                if v not in done or not done <= own:
                    raise Refused(f"{player}'s entry at {alice_role} {sorted(alice)}, {bob_role} {sorted(bob)} "
                                  f"claims {v!r}, which does not complete the edge it names, {sorted(done)}")
                ended = effect
            elif tested and any(e <= own for e in by_vertex[v]):
                ended = effect
            if ended is None and len(na) + len(nb) == n:
                ended = _full_board_winner(game)
            if ended is not None:
                check_leaf(ended, na, nb)
                continue
            nxt_hints = hints
            if hints and mover_of(na, nb) == player:  # P11: a hinted edge one vertex short is a leaf
                mine, theirs = (na, nb) if player == alice_role else (nb, na)
                won = False
                for e in hints:
                    spend(len(e))
                    if not e & theirs and len(e - mine) == 1:
                        won = True
                        break
                if won:
                    check_leaf(x_wins, na, nb)
                    continue
                nxt_hints = NO_HINT  # a state where the player moves is keyed by the state alone
            nxt = (na, nb, nxt_hints)
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    unused = len(table) - len(used)
    if unused:
        a, b = next(s for s in table if s not in used)
        raise Refused(f"{unused} entr{'y' if unused == 1 else 'ies'} of {player}'s table name states the walk "
                      f"never reaches (e.g. {alice_role} {sorted(a)}, {bob_role} {sorted(b)})")
    return len(seen)


def check_positional_strategy(cert: dict, open_member=None):
    """Check a ``positional-strategy`` certificate; returns (question, verdict, detail)."""
    body_keys(cert, "strategies", *(key for key in ("symmetries", "completions") if key in cert))
    h, game, bias, first, alice0, bob0, question = _question(cert)
    alice_role, bob_role = ROLES[game]
    verdict = cert["claim"]["verdict"]
    allowed = (alice_role, bob_role, DRAW) if game in STRONG else (alice_role, bob_role)
    if type(verdict) is not dict or list(verdict) != ["winner"] or type(verdict["winner"]) is not str \
            or verdict["winner"] not in allowed:
        raise Refused(f"the verdict must be {{\"winner\": {' or '.join(allowed)}}}")
    winner = verdict["winner"]
    players = [alice_role, bob_role] if winner == DRAW else [winner]
    strategies = cert["strategies"]
    if type(strategies) is not dict or sorted(strategies) != sorted(players):
        raise Refused(f"'strategies' must hold exactly the table(s) of {' and '.join(players)}")
    named = "completions" in cert
    if named:
        if cert["completions"] != "named":
            raise Refused("'completions' must be the string \"named\" or absent")
        for x in players:
            if _completion_winner(game, x == alice_role) != x:
                raise Refused(f"\"completions\": \"named\" is only for tables whose player scores its own "
                              f"completions (maker's; first's and second's in maker-maker), not {x}'s in {game}")
    known = set(h.vertices)
    budget = [0]
    gens = _read_symmetries(cert["symmetries"], h) if "symmetries" in cert else None
    edges = set(h.edges) if named else None
    # P12: pairing entries only in Breaker's table of a maker-breaker certificate at a bias (1:q)
    largest = 1 + bias[1] if game == MAKER_BREAKER and winner == bob_role and bias[0] == 1 else None
    tables = {x: _read_table(strategies[x], alice_role, bob_role, known, budget, gens, edges, largest)
              for x in players}
    decided = _start_winner(game, h.edges, alice0, bob0)
    if decided is not None:
        for x in players:
            if tables[x]:
                raise Refused(f"the start is decided ({decided} wins) and {x}'s table must be empty")
        if decided != winner:  # a decided start is never a draw
            raise Refused(f"the start is decided: {decided} wins, not the claimed {winner}")
        return question, {"winner": winner}, "decided at the start (a whole edge is held before any claim)"
    walked = 0
    for x in players:
        walked += _walk(h, game, bias, first, alice0, bob0, x, tables[x], winner, gens, named)
    detail = (f"{walked} explicit states walked for {' and '.join(players)}"
              + (f", bias {bias[0]}:{bias[1]}" if bias != (1, 1) else ""))
    return question, {"winner": winner}, detail
