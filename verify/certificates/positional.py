"""The ``positional-strategy`` certificate kind: a player's claim table for the general positional
game, checked from the rules of :mod:`verify.games.conventions` alone.

The game (paper 004 = F. Galliot's thesis, Definition I.1.8 and §I.1.1): on a hypergraph, Alice
and Bob claim free vertices, p and q per turn (bias (p:q)), strictly in turn, from a start position
(A₀, B₀) with a given first player; the convention (Maker-Breaker, Avoider-Enforcer, Maker-Maker,
Avoider-Avoider) scores a claim completing an edge wholly held by the mover
(:func:`~verify.games.conventions.completion_value`), a full board
(:func:`~verify.games.conventions.exhausted_value`) and a start decided before any claim
(:func:`~verify.games.conventions.start_value`).

Body: ``"strategies": {X: [{ALICE_ROLE: [...], BOB_ROLE: [...], "claim": v}, ...]}``, one table per
player X: exactly the winner W when the verdict is a role, exactly ``first`` and ``second`` for a
draw (Maker-Maker, Avoider-Avoider). An entry names a state (both players' claimed vertices, the
start's included) and the vertex X claims there. Layout and rules: ``docs/spec/positional-strategy.md``.

Checked claim: for W a role, W's table guarantees W's win: every play from the start in which X
claims the table's vertex and the opponent claims any free vertex ends with W the winner. For a
draw, each of first and second has a table guaranteeing it does not lose; both together pin the
value to a draw (every play ends: the board is finite).

Soundness: :func:`strategy_walk` expands, from the start, every opponent claim and the table's claim
at every state where X moves (a missing entry or a claim of a non-free vertex is refused), each
state (A, B) once: whether the game is over and who moves are functions of (A, B) given the start
(the mover from the number of claims since the start and the bias; the game is over only at a
completion, which ends it, or a full board). Every leaf (ended play) is checked against the
requirement; by induction on the free vertices X's table guarantees it from every walked state,
the start included. Every entry must be used by the walk (the kind names reachable states only),
so no entry escapes the checks. Work: at most ``limits.MAX_POSITIONAL_STRATEGY_ENTRIES`` entries
read, ``limits.MAX_POSITIONAL_WALK_STATES`` states walked and ``limits.MAX_POSITIONAL_WALK_WORK``
edge tests per table (each claim tests the edges through its vertex when a completion by its
mover would score: not Breaker's, not Enforcer's).

Symmetry links (rule P10 of the spec): the optional body key ``"symmetries"`` lists generators
g_0, g_1, ... (pg-proof's map syntax ``"a>b c>d"``), each a permutation of the vertices mapping the
edge set onto itself (:func:`read_symmetries`); an entry may be a *link*
``{ALICE_ROLE: [...], BOB_ROLE: [...], "link": k, "by": [i1, ..., im]}`` naming the claim entry k
of the same table (its *target* t) and σ = g_i1 ∘ ... ∘ g_im with σ(t) = the link's state s
(:func:`read_table`, :func:`link_target`). Where the walk meets s with X to move it does not expand
s: it pushes t (:func:`strategy_walk`). Sound because σ is an automorphism of the board: the game
from s (the mover from the number of claims, the ends from the edges) is the σ-image of the game
from t, which has the same number of claims, and t is walked with its own claim entry; targets are
claim entries, so links never chain.
"""
from __future__ import annotations

from .. import limits
from ..errors import CertificateError
from ..formats.instances import question_of
from ..games import conventions as cv
from ..hypergraph import Hypergraph, bits
from ..question import Question
from .checker import CheckReport, _vertex_bit, _vertex_set, instance_hypergraph, register, roles, verdict_of

KIND = "positional-strategy"
#: the table keys of a draw: each player's table shows it does not lose
DRAW_PLAYERS = ("first", "second")


def strategists(convention: str, winner: str) -> tuple[str, ...]:
    """The players whose tables a certificate of ``winner`` holds: W itself, or first and second
    for a draw."""
    return DRAW_PLAYERS if winner == "draw" else (winner,)


def acceptable(convention: str, player: str, winner: str) -> frozenset:
    """The outcomes (from Alice's side, :data:`~verify.games.conventions.ALICE_WINS` ...) that
    ``player``'s table must guarantee at every ended play: W's win, or for a draw not a loss of
    ``player``."""
    alice = cv.ROLES[convention][0]
    win = cv.ALICE_WINS if player == alice else cv.BOB_WINS
    return frozenset({win} if winner != "draw" else {win, cv.DRAW})


def scores_own(convention: str, player: str) -> bool:
    """Whether ``player``'s completions win for ``player`` (Maker; first and second in Maker-Maker):
    the tables a named certificate (rule P11) may hold."""
    alice = cv.ROLES[convention][0]
    return cv.completion_value(convention, player == alice) == (cv.ALICE_WINS if player == alice else cv.BOB_WINS)


def mover_is_alice(claims: int, bias: tuple, alice_first: bool) -> bool:
    """Who moves after ``claims`` claims since the start: the first player F while
    ``claims mod (pF + pO) < pF`` (strict turns of p claims for Alice, q for Bob), else the other."""
    p, q = bias
    p_first, p_other = (p, q) if alice_first else (q, p)
    return (claims % (p_first + p_other) < p_first) == alice_first


def strategy_walk(game: cv.ConventionGame, x_alice: bool, choose, max_states: int, max_work: int | None = None,
                  named: bool = False):
    """Every ended play reachable from the start of ``game`` when player X (Alice iff ``x_alice``)
    claims ``choose(alice, bob)`` (a vertex bit) where X moves and the opponent claims every free
    vertex, one claim per step: yields ``(alice, bob, value)`` at each ended play (``value`` from
    Alice's side), then returns the number of states expanded. Each state (alice, bob) is expanded
    once; past ``max_states`` states, or ``max_work`` edge tests (a claim tests the edges through its
    vertex; default ``limits.MAX_POSITIONAL_WALK_WORK``), the walk is refused. ``choose``'s vertex
    must be free (else CertificateError). The start must not be decided
    (:func:`~verify.games.conventions.start_value`).

    ``choose`` may instead return a *link* ``(target_alice, target_bob, work)`` (rule P10: the
    caller has checked that an automorphism of the board maps the target onto the state): the state
    is then not expanded, the target is pushed for expansion unless already seen (same number of
    claims, so X moves there too), and ``work`` is counted toward ``max_work``.

    With ``named`` (rule P11, ``"completions": "named"``), ``choose`` may return a :class:`Claim`
    (its vertex, the edge it completes or 0, its hinted edges): X's claims are not tested for a
    completion, a claim naming ``completes`` e is a leaf (X's completion) once v ∈ e ⊆ X's set is
    checked, and the claim's hints travel with the states reached from its successor by opponent
    claims: where such a state has X to move and a hinted edge holds no vertex of the opponent and
    all but one of X's, it is a leaf (X claims that vertex). States where the opponent moves are
    expanded once per (state, hints), states where X moves once (so which states are walked does
    not depend on the order)."""
    max_work = limits.MAX_POSITIONAL_WALK_WORK if max_work is None else max_work
    full = game.board.full_mask
    on_edges = 0
    for e in game.board.edge_masks:
        on_edges |= e
    # the edges through each vertex, for the vertices on an edge only (a key of n bits for each of n
    # vertices would hold n²/8 bytes: 225 MB for 60,000 vertices and one edge)
    through = {1 << i: tuple(e for e in game.board.edge_masks if e >> i & 1) for i in bits(on_edges)}
    width = game.board.n  # building a successor's sets costs |V| units, as in the second checker (P9)
    alice0, bob0 = game.alice_mask, game.bob_mask
    given = (alice0 | bob0).bit_count()
    alice_first = game.alice_first
    if not full & ~alice0 & ~bob0:
        yield alice0, bob0, cv.exhausted_value(game.convention)
        return 0
    seen = {(alice0, bob0)}
    stack = [(alice0, bob0, ())]
    work = 0
    x_scores = cv.completion_value(game.convention, x_alice)
    while stack:
        alice, bob, hint = stack.pop()
        free = full & ~alice & ~bob
        c = (alice | bob).bit_count() - given
        a_moves = mover_is_alice(c, game.bias, alice_first)
        named_edge = 0
        if a_moves == x_alice:
            v = choose(alice, bob)
            if isinstance(v, tuple):  # a link: the target stands for this state (P10)
                ta, tb, cost = v
                work += cost
                if work > max_work:
                    raise CertificateError(f"more than {max_work} edge tests in the walk of one table: refused")
                if (ta, tb) not in seen:
                    if len(seen) >= max_states:
                        raise CertificateError(f"more than {max_states} states walked for one table: refused")
                    seen.add((ta, tb))
                    stack.append((ta, tb, ()))
                continue
            if isinstance(v, Settled):  # P12: a pairing entry, checked by the caller at this state
                work += v.work
                if work > max_work:
                    raise CertificateError(f"more than {max_work} edge tests in the walk of one table: refused")
                yield alice, bob, v.value
                continue
            if isinstance(v, Claim):  # P11: a named completion and hints
                v, named_edge, hint = v.vertex, v.completes, v.threats
            else:
                hint = ()
            if not v & free:
                raise CertificateError(f"the claim at {show_state(game, alice, bob)} is not a free vertex")
            claims = (v,)
        else:
            claims = (1 << i for i in bits(free))  # one at a time: each is |V| bits wide
        # only a completion that scores ends the game (not Breaker's, not Enforcer's): for a mover
        # whose completions mean nothing the edges are not tested, and no edge test is counted;
        # in a named certificate X's own claims are tested only through the edge they name (P11)
        decided = cv.completion_value(game.convention, a_moves)
        mine = a_moves == x_alice
        tested = decided is not None and not (named and mine)
        x_next = mover_is_alice(c + 1, game.bias, alice_first) == x_alice
        for v in claims:
            work += (len(through.get(v, ())) if tested else 0) + 1 + width  # P9: the successor's sets cost |V|
            if work > max_work:
                raise CertificateError(f"more than {max_work} edge tests in the walk of one table: refused")
            a, b = (alice | v, bob) if a_moves else (alice, bob | v)
            if named_edge:
                work += named_edge.bit_count()
                own = a if a_moves else b
                if not (v & named_edge and named_edge & ~own == 0):
                    raise CertificateError(f"the claim at {show_state(game, alice, bob)} does not complete the "
                                           f"edge it names, {{{','.join(game.board.names(named_edge))}}}")
                yield a, b, decided
                continue
            if tested and cv.completes(through.get(v, ()), a if a_moves else b, v):
                yield a, b, decided
                continue
            if not free & ~v:
                yield a, b, cv.exhausted_value(game.convention)
                continue
            if x_next:
                if hint:  # P11: X completes a hinted edge holding one vertex outside X's set
                    xs, os_ = (a, b) if x_alice else (b, a)
                    work += len(hint)
                    w = next((e & ~xs for e in hint if not e & os_ and (e & ~xs).bit_count() == 1), 0)
                    if w:
                        yield (a | w, b, x_scores) if x_alice else (a, b | w, x_scores)
                        continue
                key, carried = (a, b), ()
            else:
                key, carried = ((a, b, frozenset(hint)) if hint else (a, b)), hint
            if key not in seen:
                if len(seen) >= max_states:
                    raise CertificateError(f"more than {max_states} states walked for one table: refused")
                seen.add(key)
                stack.append((a, b, carried))
    return len(seen)


def show_state(game: cv.ConventionGame, alice: int, bob: int) -> str:
    a_role, b_role = game.roles
    h = game.board
    return f"{{{a_role}: {','.join(h.names(alice))}; {b_role}: {','.join(h.names(bob))}}}"


def convention_game(cert: dict, question: Question) -> cv.ConventionGame:
    """The positional game a certificate is about: its board, the question's convention, bias,
    position (both roles' vertices: known, distinct, disjoint) and first player (a role of a weak
    convention; none for the strong ones, whose first player is Alice)."""
    convention = question.game
    if convention not in cv.CONVENTIONS:
        raise CertificateError(f"a {KIND} certificate answers {', '.join(cv.CONVENTIONS)} questions, "
                               f"not {convention!r}")
    if question.bound is not None:
        raise CertificateError(f"a {KIND} certificate answers the whole game: its bound must be null")
    alice, bob = cv.ROLES[convention]
    pos = roles(question, alice, bob)
    if convention in cv.STRONG:
        if question.first is not None:
            raise CertificateError(f"a {convention} question has no first player (null): the first player is 'first'")
        first = alice
    else:
        first = None if question.first is None else question.first.value
        if first not in (alice, bob):
            raise CertificateError(f"a {convention} question needs first = {alice} or {bob}")
    h = instance_hypergraph(cert, pos[alice])
    bob_mask = _vertex_set(h, list(pos[bob]))
    if bob_mask & h.marked_mask:
        raise CertificateError("the position gives a vertex to both players")
    return cv.ConventionGame(h, convention, question.bias or cv.UNBIASED, first, frozenset(h.names(bob_mask)))


class Generator:
    """A permutation of the board's vertices on bits: ``moved`` (the vertices it moves) and
    ``image`` (vertex bit -> vertex bit, on the moved vertices only; the others are fixed)."""
    __slots__ = ("moved", "image")

    def __init__(self, image: dict[int, int]):
        self.image = image
        self.moved = sum(image)

    def __call__(self, mask: int) -> int:
        out, m = mask & ~self.moved, mask & self.moved
        while m:
            low = m & -m
            out |= self.image[low]
            m ^= low
        return out


def read_generator(game: cv.ConventionGame, text, i: int) -> Generator:
    """Generator ``i`` of ``symmetries``: a string of whitespace-separated tokens ``u>v`` (exactly
    one ``>``; u, v known vertex names), each name at most once on a left side and at most once on a
    right side, the set of left names equal to the set of right names (so a permutation of the
    vertices; unlisted names are fixed; the empty string is the identity). pg-proof's map syntax
    (docs/spec/pg-proof.md §4.15)."""
    if not isinstance(text, str):
        raise CertificateError(f"generator {i} of 'symmetries' must be a string \"a>b c>d ...\"")
    h = game.board
    image: dict[int, int] = {}
    right = 0
    for token in text.split():
        if token.count(">") != 1:
            raise CertificateError(f"generator {i} of 'symmetries': {token[:40]!r} is not one pair u>v")
        u, v = token.split(">")
        bu, bv = _vertex_bit(h, u), _vertex_bit(h, v)
        if bu in image:
            raise CertificateError(f"generator {i} of 'symmetries' maps {u!r} twice")
        if right & bv:
            raise CertificateError(f"generator {i} of 'symmetries' maps two vertices to {v!r}")
        image[bu] = bv
        right |= bv
    if sum(image) != right:
        raise CertificateError(f"generator {i} of 'symmetries' is not a permutation: the vertices it maps "
                               "are not the vertices it maps to")
    return Generator({b: c for b, c in image.items() if b != c})


def read_symmetries(game: cv.ConventionGame, data) -> list[Generator]:
    """The generators of ``symmetries`` (:func:`read_generator`), at most
    ``limits.MAX_POSITIONAL_GENERATORS``, each an automorphism of the board: it maps every edge to
    an edge (the edges are distinct sets and a permutation is one-to-one on sets, so it maps the
    edge set onto itself). Work: Σ|e| per generator, at most ``limits.MAX_POSITIONAL_WALK_WORK`` over
    all generators, refused beyond (rule P10)."""
    if not isinstance(data, list):
        raise CertificateError("'symmetries' must be a list of strings \"a>b c>d ...\"")
    if len(data) > limits.MAX_POSITIONAL_GENERATORS:
        raise CertificateError(f"{len(data)} generators in 'symmetries', more than "
                               f"{limits.MAX_POSITIONAL_GENERATORS}: refused")
    edges = frozenset(game.board.edge_masks)
    cap = limits.MAX_POSITIONAL_WALK_WORK
    work = 0
    out = []
    for i, text in enumerate(data):
        g = read_generator(game, text, i)
        for e in edges:
            work += e.bit_count()
            if work > cap:
                raise CertificateError(f"more than {cap} vertex maps checking the generators of 'symmetries': refused")
            if g(e) not in edges:
                h = game.board
                raise CertificateError(f"generator {i} of 'symmetries' is not an automorphism of the board: it maps "
                                       f"the edge {{{','.join(h.names(e))}}} to {{{','.join(h.names(g(e)))}}}, "
                                       "not an edge")
        out.append(g)
    return out


class Link:
    """A link entry of a table: its target state (that of the claim entry it names) and its word
    (the generators' indices i1, ..., im: σ = g_i1 ∘ ... ∘ g_im, g_im applied first)."""
    __slots__ = ("target", "word")

    def __init__(self, target: tuple[int, int], word: tuple[int, ...]):
        self.target, self.word = target, word


class Claim:
    """A claim entry of a named certificate (rule P11): the vertex bit claimed, the edge it names as
    completed (a mask, 0 if none) and its hinted edges (masks)."""
    __slots__ = ("vertex", "completes", "threats")

    def __init__(self, vertex: int, completes: int, threats: tuple[int, ...]):
        self.vertex, self.completes, self.threats = vertex, completes, threats


class Pairing:
    """A pairing entry of Breaker's table (rule P12): its blocks as vertex masks."""
    __slots__ = ("masks",)

    def __init__(self, masks: list[int]):
        self.masks = masks


class Settled:
    """What ``choose`` returns for a state settled without a claim (rule P12): the play ends there
    with ``value``, and ``work`` is counted toward the walk's work."""
    __slots__ = ("value", "work")

    def __init__(self, value: int, work: int):
        self.value, self.work = value, work


#: the most hinted edges on one claim entry (rule P11)
MAX_THREATS = 16


def read_edge(game: cv.ConventionGame, names, edges: frozenset, where: str) -> int:
    """An edge named by a certificate (rule P11): a list of known, distinct names equal as a set to
    an edge of the board (``edges``: the board's edge masks)."""
    try:
        e = _vertex_set(game.board, names)
    except CertificateError as exc:
        raise CertificateError(f"{where}: {exc}") from None
    if e not in edges:
        raise CertificateError(f"{where}: {{{','.join(game.board.names(e))}}} is not an edge of the board")
    return e


def read_blocks(game: cv.ConventionGame, blocks, largest: int, forbidden: int) -> list[int]:
    """The blocks as vertex masks: a list of lists of known distinct names, each of 2 .. ``largest``
    vertices, pairwise disjoint, none meeting ``forbidden`` (the positional-pairing kind, and P12
    pairing entries of this kind). A block is read only while the blocks before it are disjoint, so
    at most |V| + ``largest`` names are read."""
    h = game.board
    if not isinstance(blocks, list):
        raise CertificateError("'blocks' must be a list of lists of vertex names")
    if len(blocks) > h.n // 2:
        raise CertificateError(f"{len(blocks)} blocks: disjoint blocks of at least 2 of the {h.n} vertices "
                               f"are at most {h.n // 2}")
    used, masks = 0, []
    for block in blocks:
        if not isinstance(block, list) or not 2 <= len(block) <= largest:
            raise CertificateError(f"block {str(block)[:60]} must be a list of 2 to {largest} vertex names")
        m = _vertex_set(h, block)
        if m & used:
            raise CertificateError(f"block {block!r} overlaps another block")
        if m & forbidden:
            raise CertificateError(f"block {block!r} uses a vertex given to "
                                   + ("Maker at the start" if game.convention == cv.MAKER_BREAKER
                                      else "a player at the start (a pair is two free vertices)"))
        used |= m
        masks.append(m)
    return masks


def uncovered_edge(game: cv.ConventionGame, masks: list[int], meet: int, bob: int | None = None) -> int | None:
    """The first edge with no vertex of Bob's set (``bob``; by default the start's B₀) that meets no
    block in ``meet`` vertices or more (2: the q-pairing's completeness, Def I.1.24; for pairs, meeting a pair in 2 vertices is
    containing it, Def I.1.20), or None. Linear: each edge's vertices are counted by block."""
    block_of = {}
    for k, m in enumerate(masks):
        for i in bits(m):
            block_of[i] = k
    bob = game.bob_mask if bob is None else bob
    for e in game.board.edge_masks:
        if e & bob:
            continue
        seen: dict[int, int] = {}
        for i in bits(e):
            k = block_of.get(i)
            if k is not None:
                seen[k] = seen.get(k, 0) + 1
        if not any(c >= meet for c in seen.values()):
            return e
    return None


def _index(x, size: int) -> bool:
    """``x`` is a JSON integer (not a bool) and a valid index into a list of ``size``."""
    return isinstance(x, int) and not isinstance(x, bool) and 0 <= x < size


def read_table(game: cv.ConventionGame, entries, player: str, generators: list | None = None,
               named: bool = False, pairing: int | None = None) -> dict:
    """``player``'s table: state (Alice's mask, Bob's mask) -> claimed vertex bit, or :class:`Link`.
    Each entry is exactly ``{ALICE_ROLE: [...], BOB_ROLE: [...], "claim": v}`` (a claim entry) or
    ``{ALICE_ROLE: [...], BOB_ROLE: [...], "link": k, "by": [i1, ...]}`` (a link entry, rule P10:
    k a JSON integer indexing a claim entry of the same list, ``by`` a list of 1 to
    ``limits.MAX_POSITIONAL_WORD`` JSON integers indexing ``generators``, which must be given), with
    known, distinct names, the two sets disjoint; no state twice (claim and link entries together).
    σ(target) = state is checked where the walk consults the link (:func:`link_target`). With
    ``named`` (rule P11) a claim entry may also carry ``completes`` (an edge, :func:`read_edge`) and
    ``threats`` (a list of 1 to :data:`MAX_THREATS` edges); its value is then a :class:`Claim`.
    With ``pairing`` = 1 + q (rule P12: Breaker's table at bias (1:q)) an entry may instead be
    ``{ALICE_ROLE: [...], BOB_ROLE: [...], "pairing": [[...], ...]}``, blocks of 2 to 1 + q names,
    pairwise disjoint and disjoint from the state's Alice set (:func:`read_blocks`); its value is a
    :class:`Pairing` (coverage is checked where the walk consults it)."""
    if not isinstance(entries, list):
        raise CertificateError(f"the table of {player} must be a list")
    a_role, b_role = game.roles
    claim_keys, link_keys = {a_role, b_role, "claim"}, {a_role, b_role, "link", "by"}
    pairing_keys = {a_role, b_role, "pairing"}
    h: Hypergraph = game.board
    table: dict = {}
    states = []
    edges = frozenset(h.edge_masks) if named else frozenset()
    for entry in entries:
        keys = set(entry) if isinstance(entry, dict) else None
        extra = keys - claim_keys if keys is not None and named and claim_keys <= keys else set()
        paired = pairing is not None and keys == pairing_keys
        if keys is None or (keys not in (claim_keys, link_keys) and not paired
                            and not (extra and extra <= {"completes", "threats"})):
            raise CertificateError(f"each entry of {player}'s table must be an object with exactly the keys "
                                   f"{a_role}, {b_role}, claim (or {a_role}, {b_role}, link, by" +
                                   ("; a claim entry may add completes, threats)" if named else ")") +
                                   (f" (or {a_role}, {b_role}, pairing)" if pairing is not None else ""))
        a, b = _vertex_set(h, entry[a_role]), _vertex_set(h, entry[b_role])
        if a & b:
            raise CertificateError(f"an entry of {player}'s table gives a vertex to both players: "
                                   f"{show_state(game, a, b)}")
        if (a, b) in table:
            raise CertificateError(f"two entries of {player}'s table for the state {show_state(game, a, b)}")
        v = _vertex_bit(h, entry["claim"]) if "claim" in entry else None
        if paired:
            try:
                v = Pairing(read_blocks(game, entry["pairing"], pairing, a))
            except CertificateError as exc:
                raise CertificateError(f"the pairing entry of {player}'s table at {show_state(game, a, b)}: "
                                       f"{exc}") from None
        if extra:
            where = f"the entry of {player}'s table at {show_state(game, a, b)}"
            done = read_edge(game, entry["completes"], edges, f"{where}, 'completes'") if "completes" in entry else 0
            threats = entry.get("threats", [])
            if "threats" in entry and (not isinstance(threats, list) or not 1 <= len(threats) <= MAX_THREATS):
                raise CertificateError(f"{where}: 'threats' must be a list of 1 to {MAX_THREATS} edges")
            v = Claim(v, done, tuple(read_edge(game, t, edges, f"{where}, 'threats'") for t in threats))
        table[(a, b)] = v
        states.append((a, b))
    for (a, b), entry in zip(states, entries):
        if "link" not in entry:
            continue
        where = f"the link of {player}'s table at {show_state(game, a, b)}"
        if generators is None:
            raise CertificateError(f"{where}: a table with links needs 'symmetries'")
        k, word = entry["link"], entry["by"]
        if not _index(k, len(entries)):
            raise CertificateError(f"{where}: 'link' must be an integer index into the table, "
                                   f"0 <= k < {len(entries)}")
        if "claim" not in entries[k]:
            raise CertificateError(f"{where}: 'link' {k} names a link entry, not a claim entry")
        if not isinstance(word, list) or not 1 <= len(word) <= limits.MAX_POSITIONAL_WORD:
            raise CertificateError(f"{where}: 'by' must be a list of 1 to {limits.MAX_POSITIONAL_WORD} "
                                   "generator indices")
        if not all(_index(i, len(generators)) for i in word):
            raise CertificateError(f"{where}: 'by' must hold integer indices into 'symmetries', "
                                   f"0 <= i < {len(generators)}")
        table[(a, b)] = Link(states[k], tuple(word))
    return table


def compose(generators: list, word: tuple[int, ...]) -> Generator:
    """σ = g_i1 ∘ ... ∘ g_im (g_im applied first) as one :class:`Generator`: each vertex moved by
    some generator of the word sent through the word, right to left."""
    moved = 0
    for i in word:
        moved |= generators[i].moved
    image = {}
    m = moved
    while m:
        low = m & -m
        m ^= low
        image[low] = low
    for i in reversed(word):
        step = generators[i].image
        image = {b: step.get(v, v) for b, v in image.items()}
    return Generator({b: v for b, v in image.items() if b != v})


#: words remembered at most (words repeat across links; memory stays bounded), and the meetings
#: of a word after which it is composed into one map (composing costs about four applications)
_WORD_CACHE_SIZE = 65_536
_WORD_COMPOSE_AFTER = 4


def link_target(game: cv.ConventionGame, generators: list, link: Link, state: tuple[int, int],
                cache: dict | None = None):
    """Rule P10 at a consulted link: σ = g_i1 ∘ ... ∘ g_im (g_im applied first) maps the target's
    Alice set onto the state's Alice set and its Bob set onto the state's Bob set, exactly (else
    CertificateError). Returns ``(target_alice, target_bob, work)``, the work len(by) × (|A|+|B|+1),
    as :func:`strategy_walk` takes a link. ``cache``: word -> meetings so far, or σ (:func:`compose`)
    once met often (until then applied generator by generator; emptied when full)."""
    ta, tb = link.target
    word = link.word
    sigma = None
    if cache is not None:
        known = cache.get(word, 0)
        if isinstance(known, Generator):
            sigma = known
        else:
            if len(cache) >= _WORD_CACHE_SIZE:
                cache.clear()
            if known >= _WORD_COMPOSE_AFTER:  # met often: composed once for all its further links
                sigma = cache[word] = compose(generators, word)
            else:
                cache[word] = known + 1
    if sigma is None:
        a, b = ta, tb
        for i in reversed(word):
            g = generators[i]
            a, b = g(a), g(b)
    else:
        a, b = sigma(ta), sigma(tb)
    if (a, b) != state:
        raise CertificateError(f"the link at {show_state(game, *state)} does not map its target "
                               f"{show_state(game, ta, tb)} onto it: its word gives {show_state(game, a, b)}")
    return ta, tb, len(link.word) * ((state[0] | state[1]).bit_count() + 1)


@register(KIND, "strategies", "symmetries", "completions")
def check_positional_strategy(cert: dict, question: Question) -> CheckReport:
    game = convention_game(cert, question)
    convention = game.convention
    alice, bob = game.roles
    winner = verdict_of(cert, "winner", (alice, bob, "draw") if convention in cv.STRONG else (alice, bob))
    strategies = cert.get("strategies")
    players = strategists(convention, winner)
    if not isinstance(strategies, dict) or set(strategies) != set(players):
        raise CertificateError(f"'strategies' must be an object with exactly the key(s) {', '.join(players)}"
                               f" (the tables of the claimed verdict {winner})")
    if any(not isinstance(strategies[x], list) for x in players):
        raise CertificateError("each table of 'strategies' must be a list")
    entries = sum(len(strategies[x]) for x in players)
    if entries > limits.MAX_POSITIONAL_STRATEGY_ENTRIES:
        raise CertificateError(f"{entries} entries, more than {limits.MAX_POSITIONAL_STRATEGY_ENTRIES}: refused")
    generators = read_symmetries(game, cert["symmetries"]) if "symmetries" in cert else None
    named = "completions" in cert
    if named:
        if cert["completions"] != "named":
            raise CertificateError("'completions' must be the string \"named\" (rule P11) or absent")
        for x in players:
            if not scores_own(convention, x):
                raise CertificateError(f"'completions': \"named\" is only for a table whose player scores its own "
                                       f"completions (maker's, or first's and second's in maker-maker), not {x}'s "
                                       f"in {convention}")
    # P12: pairing entries in Breaker's table at bias (1:q)
    pairing = 1 + game.bias[1] if convention == cv.MAKER_BREAKER and winner == bob and game.bias[0] == 1 else None
    tables = {x: read_table(game, strategies[x], x, generators, named, pairing) for x in players}
    edges = tuple(game.board.edge_masks)
    decided = cv.start_value(convention, edges, game.alice_mask, game.bob_mask, game.alice_first)
    walked = 0
    pair_work = game.board.n + sum(e.bit_count() for e in edges)
    for x in players:
        table, ok = tables[x], acceptable(convention, x, winner)
        if decided is not None:
            if table:
                raise CertificateError(f"the start is decided ({cv.winner_word(convention, decided)}): "
                                       f"the table of {x} must be empty")
            if decided not in ok:
                raise CertificateError(f"the start is decided: {cv.winner_word(convention, decided)}, "
                                       f"not what the claimed verdict {winner} needs")
            continue
        used = set()
        words: dict = {}

        def choose(a, b, table=table, used=used, x=x, words=words):
            v = table.get((a, b))
            if v is None:
                raise CertificateError(f"no claim of {x} at the reachable state {show_state(game, a, b)}")
            used.add((a, b))
            if isinstance(v, Pairing):  # P12: the q-pairing must be complete in the residual at (a, b)
                e = uncovered_edge(game, v.masks, 2, bob=b)
                if e is not None:
                    raise CertificateError(f"the pairing entry at {show_state(game, a, b)}: the edge "
                                           f"{{{','.join(game.board.names(e))}}} holds no vertex of {bob} "
                                           "and meets no block in 2 vertices")
                return Settled(cv.BOB_WINS, pair_work)
            return link_target(game, generators, v, (a, b), words) if isinstance(v, Link) else v

        walk = strategy_walk(game, x == alice, choose, limits.MAX_POSITIONAL_WALK_STATES, named=named)
        while True:
            try:
                a, b, value = next(walk)
            except StopIteration as stop:
                walked += stop.value
                break
            if value not in ok:
                raise CertificateError(f"the table of {x} reaches an ended play won by "
                                       f"{cv.winner_word(convention, value)} at {show_state(game, a, b)}"
                                       if value != cv.DRAW else
                                       f"the table of {x} reaches a draw at {show_state(game, a, b)}")
        if len(used) != len(table):
            a, b = next(s for s in table if s not in used)
            raise CertificateError(f"the entry of {x}'s table for {show_state(game, a, b)} names a state "
                                   "its walk never reaches")
    links = sum(isinstance(v, Link) for t in tables.values() for v in t.values())
    detail = "the start is decided" if decided is not None else \
        f"{walked} reachable states walked, {entries} table entries" + (f" ({links} links)" if links else "")
    return CheckReport(KIND, question_of(convention, game), {"winner": winner}, detail)
