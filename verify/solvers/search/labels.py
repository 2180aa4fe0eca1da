"""Canonical labels of states under a board's automorphism group, with the group element reaching
the label: the keys of the convention search (:mod:`verify.solvers.search.conventions`) and the
symmetry links of ``positional-strategy`` certificates (docs/spec/positional-strategy.md, rule P10;
the builder :func:`verify.solvers.explicit_conventions.strategy_certificate`).

A *state* is a pair of vertex masks (a, b). An automorphism g of the board (a permutation of the
vertices mapping the edge set onto itself) maps a state to the state (g(a), g(b)) with the same game
from it (paper 004 §I.1.1: the rules see only the edges). :class:`Labeller` gives ``label(a, b) =
(key, lab)``: ``key`` is the image of the state under the group element ``lab``, and two states with
the same key are images of each other under ``word(lab_t, lab_s)``.

- Boards on the edges of K_n (vertices ``i-j``, :mod:`verify.families.graphs`; S_n acting,
  checked on its generators): an individualisation-refinement canonical labelling of the
  3-coloured K_n (colour refinement, then individualising vertices of the first non-singleton cell,
  one per class of twins, least encoding over at most :data:`LEAF_CAP` leaves). Beyond the cap the
  key is still the image of the state under the leaf's permutation (so equal keys still mean images
  under S_n), but not canonical (isomorphic states may get different keys). The element is a
  permutation of K_n's vertices; a link is written as transpositions (i j) of K_n's vertices, at most
  n - 1 of them.
- Other boards: the least image under the whole automorphism group from nauty
  (:func:`verify.solvers.search.symmetry.automorphisms`) when it has at most :data:`MAX_GROUP`
  elements; the element is a group element, a link is one element.

The compiled labelling needs numba (extra ``fast``); without it the same code runs as plain Python.
"""
from __future__ import annotations

from ...hypergraph import bits

#: the canonical labelling of K_n states explores at most this many leaves
LEAF_CAP = 64
#: the largest K_n whose states the compiled labelling takes (C(11, 2) = 55 bits)
MAX_KN = 11
#: generic boards: the automorphism group is used when it has at most this many elements
MAX_GROUP = 64
_KERNEL: dict = {}


def kernel():
    """``(canon_kn, hash table)``: the canonical labelling compiled by numba (extra ``fast``; the
    helpers it calls are compiled first), or the same code interpreted when numba is missing. Loaded
    on first use, so that registering the method costs no import. ``_KERNEL["label"]`` is
    :func:`label_kn`, compiled alike."""
    if not _KERNEL:
        import numpy as np
        global np_, _rerank, _refine, _twins, label_kn
        np_ = np
        try:
            from numba import njit
        except ImportError:  # pragma: no cover - the extra 'fast' is missing
            fn = canon_kn
        else:
            _rerank, _refine, _twins, label_kn = (njit(cache=True)(f) for f in (_rerank, _refine, _twins, label_kn))
            fn = njit(cache=True)(canon_kn)
        _KERNEL["canon"] = fn
        _KERNEL["label"] = label_kn
        _KERNEL["hash"] = np.random.RandomState(20261127).randint(1, 1 << 40, size=3 * (MAX_KN + 1),
                                                                  dtype=np.int64)
    return _KERNEL["canon"], _KERNEL["hash"]


np_ = None  # numpy, once kernel() has run


# -- the canonical labelling of a 3-coloured K_n ------------------------------------------------------

def _rerank(val, sig, n, out):
    """``out[v]``: the rank of (val[v], sig[v]) among the distinct pairs; returns the number of cells."""
    order = np_.arange(n)
    for i in range(1, n):  # insertion sort of the vertices by (val, sig)
        j = i
        while j > 0 and (val[order[j - 1]] > val[order[j]] or
                         (val[order[j - 1]] == val[order[j]] and sig[order[j - 1]] > sig[order[j]])):
            t = order[j - 1]
            order[j - 1] = order[j]
            order[j] = t
            j -= 1
    r = 0
    for i in range(n):
        v = order[i]
        if i > 0:
            u = order[i - 1]
            if val[u] != val[v] or sig[u] != sig[v]:
                r += 1
        out[v] = r
    return r + 1


def _refine(col, T, n, H):
    """Colour refinement of ``col`` (ranks) on the 3-coloured complete graph T; returns the cells."""
    sig = np_.zeros(n, np_.int64)
    new = np_.zeros(n, np_.int64)
    cells = _rerank(col, sig, n, new)
    col[:] = new
    while True:
        for v in range(n):
            s = 0
            for u in range(n):
                if u != v:
                    s += H[col[u] * 3 + T[v, u]]
            sig[v] = s
        c = _rerank(col, sig, n, new)
        col[:] = new
        if c == cells:
            return c
        cells = c


def _twins(T, n, u, r):
    for w in range(n):
        if w != u and w != r and T[u, w] != T[r, w]:
            return False
    return True


def label_kn(a, b, n, EI, H, leafcap, lab):
    """The least encoding (a', b') of the state (``a``, ``b``: masks over the edges of K_n, edge
    (i, j) at bit ``EI[i, j]``) over the leaves of the individualisation-refinement tree; ``lab``
    (length n) receives the leaf's labelling: vertex v goes to ``lab[v]``, so (a', b') is the image
    of (a, b) under the vertex permutation ``lab``."""
    T = np_.zeros((n, n), np_.int64)
    for i in range(n):
        for j in range(i + 1, n):
            e = EI[i, j]
            t = 1 if (a >> e) & 1 else (2 if (b >> e) & 1 else 0)
            T[i, j] = t
            T[j, i] = t
    cols = np_.zeros((n + 1, n), np_.int64)
    cand = np_.zeros((n + 1, n), np_.int64)
    ncand = np_.zeros(n + 1, np_.int64)
    nxt = np_.zeros(n + 1, np_.int64)
    tmp = np_.zeros(n, np_.int64)
    zero = np_.zeros(n, np_.int64)
    best_a, best_b = np_.int64(-1), np_.int64(-1)
    leaves = 0
    cells = _refine(cols[0], T, n, H)
    depth = 0
    entering = True
    while depth >= 0:
        if entering:
            entering = False
            if cells == n:  # a leaf: vertex v goes to position cols[depth, v]
                ka, kb = np_.int64(0), np_.int64(0)
                for i in range(n):
                    for j in range(i + 1, n):
                        t = T[i, j]
                        if t:
                            e = EI[cols[depth, i], cols[depth, j]]
                            if t == 1:
                                ka |= np_.int64(1) << e
                            else:
                                kb |= np_.int64(1) << e
                if best_a < 0 or ka < best_a or (ka == best_a and kb < best_b):
                    best_a, best_b = ka, kb
                    for v in range(n):
                        lab[v] = cols[depth, v]
                leaves += 1
                if leaves >= leafcap:
                    break
                depth -= 1
                continue
            # the first non-singleton cell, one vertex per class of twins
            target = -1
            for c in range(n):
                k = 0
                for v in range(n):
                    if cols[depth, v] == c:
                        k += 1
                if k >= 2:
                    target = c
                    break
            m = 0
            for v in range(n):
                if cols[depth, v] == target:
                    dup = False
                    for x in range(m):
                        if _twins(T, n, v, cand[depth, x]):
                            dup = True
                            break
                    if not dup:
                        cand[depth, m] = v
                        m += 1
            ncand[depth] = m
            nxt[depth] = 0
        if nxt[depth] >= ncand[depth]:
            depth -= 1
            continue
        v = cand[depth, nxt[depth]]
        nxt[depth] += 1
        c = cols[depth, v]
        for u in range(n):
            tmp[u] = 2 * cols[depth, u] + (1 if cols[depth, u] == c and u != v else 0)
        _rerank(tmp, zero, n, cols[depth + 1])
        cells = _refine(cols[depth + 1], T, n, H)
        depth += 1
        entering = True
    return best_a, best_b


def canon_kn(a, b, n, EI, H, leafcap):
    """:func:`label_kn` without the labelling: the key (a', b') alone."""
    lab = np_.zeros(n, np_.int64)
    return label_kn(a, b, n, EI, H, leafcap, lab)


def kn_layout(board):
    """``(n, EI)`` when ``board`` is a board on the edges of K_n (every vertex named ``i-j``, one per
    pair of 1..n, :mod:`verify.families.graphs`) whose edge set S_n maps onto itself (checked on the
    generators of :func:`verify.families.graphs.symmetry_generators`); else None."""
    from ...families import graphs
    pairs = []
    for name in board.vertices:
        a, sep, b = str(name).partition("-")
        if not sep or not a.isdigit() or not b.isdigit():
            return None
        pairs.append((int(a), int(b)))
    m = len(pairs)
    n = next((k for k in range(2, MAX_KN + 1) if k * (k - 1) // 2 == m), None)
    if n is None or sorted(pairs) != [(i, j) for i in range(1, n + 1) for j in range(i + 1, n + 1)]:
        return None
    index = {graphs.edge_name(i, j): k for k, (i, j) in enumerate(pairs)}
    order = [index[e] for e in graphs.kn_edges(n)]  # kn_edges position -> board index
    edges = set(board.edge_masks)
    for gen in graphs.symmetry_generators(n):
        perm = [0] * m
        for pos, img in enumerate(gen):
            perm[order[pos]] = order[img]
        if {sum(1 << perm[i] for i in bits(e)) for e in edges} != edges:
            return None
    import numpy as np
    EI = np.full((n, n), -1, np.int64)
    for k, (i, j) in enumerate(pairs):
        EI[i - 1, j - 1] = EI[j - 1, i - 1] = k
    return n, EI


class _Board:
    """The attributes :func:`verify.solvers.search.symmetry.automorphisms` reads of a game."""

    def __init__(self, n: int, sets):
        self.positions = range(n)
        self.black_sets, self.white_sets = list(sets), []
        self.first_moves = None
        self.full_mask = (1 << n) - 1
        self.black_initials = self.white_initials = 0


def apply(p, mask: int) -> int:
    """The image of a vertex mask under the vertex permutation ``p`` (vertex i goes to p[i])."""
    out = 0
    for i in bits(mask):
        out |= 1 << p[i]
    return out


class Labeller:
    """``label(a, b) -> (key, lab)`` (key: the image of the state under the group element ``lab``)
    and ``word(lab_t, lab_s)``: vertex permutations g_1, ..., g_m of the board (each an automorphism)
    with g_1 ∘ ... ∘ g_m (g_m applied first) = the element taking the state labelled ``lab_t`` to the
    state labelled ``lab_s`` with the same key. ``key(a, b)`` alone is the search's key. ``group``:
    its name (``S_n``, ``group of N``)."""

    def __init__(self, board, kn=None, group=None):
        self.group_name = "none"
        if kn is not None:
            self.n, self.EI = kn
            self.canon, self.H = kernel()
            self.label_fn = _KERNEL["label"]
            self.pairs = {}
            for i in range(self.n):
                for j in range(i + 1, self.n):
                    self.pairs[int(self.EI[i, j])] = (i, j)
            self.m = board.n
            self._transpositions: dict = {}
            self.group_name = f"S_{self.n}"
        else:
            self.elements = group
            from .symmetry import byte_tables
            self.tabs = [byte_tables(p) for p in group]
            self.shift = board.n
            self._words: dict = {}
            self.group_name = f"group of {len(group)}"
        self.kn = kn is not None
        self.key = self._kn_key() if self.kn else self._group_key()

    def _kn_key(self):
        canon, n, EI, H = self.canon, self.n, self.EI, self.H

        def key(a: int, b: int) -> int:
            ka, kb = canon(a, b, n, EI, H, LEAF_CAP)
            return (int(ka) << 64) | int(kb)
        return key

    def _group_key(self):
        from .symmetry import apply_tables
        tabs, shift = self.tabs[1:], self.shift

        def key(a: int, b: int) -> int:
            best = (a << shift) | b
            for tab in tabs:
                img = (apply_tables(tab, a) << shift) | apply_tables(tab, b)
                if img < best:
                    best = img
            return best
        return key

    def label(self, a: int, b: int):
        if self.kn:
            lab = np_.zeros(self.n, np_.int64)
            ka, kb = self.label_fn(a, b, self.n, self.EI, self.H, LEAF_CAP, lab)
            return (int(ka) << 64) | int(kb), tuple(int(x) for x in lab)
        from .symmetry import apply_tables
        shift = self.shift
        best, arg = (a << shift) | b, 0
        for k in range(1, len(self.tabs)):
            tab = self.tabs[k]
            img = (apply_tables(tab, a) << shift) | apply_tables(tab, b)
            if img < best:
                best, arg = img, k
        return best, arg

    def transposition(self, i: int, j: int) -> tuple[int, ...]:
        """The board permutation of the transposition (i j) of K_n's vertices (0-based)."""
        hit = self._transpositions.get((i, j))
        if hit is None:
            swap = {i: j, j: i}
            p = [0] * self.m
            for e, (u, v) in self.pairs.items():
                p[e] = int(self.EI[swap.get(u, u), swap.get(v, v)])
            hit = self._transpositions[(i, j)] = tuple(p)
        return hit

    def word(self, lab_t, lab_s) -> list[tuple[int, ...]]:
        if not self.kn:
            hit = self._words.get((lab_t, lab_s))
            if hit is None:
                gt, gs = self.elements[lab_t], self.elements[lab_s]
                inv = [0] * len(gs)
                for i, j in enumerate(gs):
                    inv[j] = i
                hit = self._words[(lab_t, lab_s)] = [tuple(inv[gt[i]] for i in range(len(gt)))]
            return hit
        # sigma = lab_s^-1 ∘ lab_t on K_n's vertices; peel transpositions off the left:
        # sigma = (i j) ∘ sigma' with sigma'(i) = i whenever sigma(i) = j != i
        n = self.n
        inv = [0] * n
        for v in range(n):
            inv[lab_s[v]] = v
        rho = [inv[lab_t[v]] for v in range(n)]
        out = []
        for i in range(n):
            j = rho[i]
            if j != i:
                out.append(self.transposition(min(i, j), max(i, j)))
                # rho' = (i j) ∘ rho: the preimage k of i under rho now goes to j
                k = rho.index(i)
                rho[k] = j
                rho[i] = i
        return out


def labeller(board, edges, symmetry: bool = True) -> Labeller | None:
    """The :class:`Labeller` of ``board`` with the edge masks ``edges`` (the ones the automorphisms
    must keep; on a board on the edges of K_n they are not read: S_n must keep the board's own
    edges, whose minimal ones are then kept too): S_n on a board on the edges of K_n (n >= 3), else the
    automorphism group from nauty when it has 2 to :data:`MAX_GROUP` elements; None otherwise (no
    group known, pynauty missing, or ``symmetry`` off)."""
    if not symmetry:
        return None
    kn = kn_layout(board)
    if kn is not None and kn[0] >= 3:
        return Labeller(board, kn=kn)
    try:
        from .symmetry import automorphisms
        group = automorphisms(_Board(board.n, edges))
    except ImportError:  # pynauty missing: no merging
        return None
    if not 1 < len(group) <= MAX_GROUP:
        return None
    return Labeller(board, group=group)
