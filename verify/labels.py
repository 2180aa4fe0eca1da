"""Names and bits: the one translation between the names a user writes (vertices, points, cells)
and the bitmasks every solver works on. Shared by :class:`~verify.hypergraph.Hypergraph`, convex
geometries, ``.pg`` games and the certificate checker."""
from __future__ import annotations

from typing import Iterable

from .errors import InputError


def bits(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Labels:
    """An ordered tuple of distinct names; name ``names[i]`` stands for bit ``i``.

    ``what`` ("vertex", "point", "position") names the items in error messages; ``token`` normalises a
    user-given name (e.g. ``str``) and may reject it with an :class:`InputError`.

    >>> L = Labels(["a", "b", "c"])
    >>> L.mask(["a", "c"]), L.names_of(0b110)
    (5, ['b', 'c'])
    """

    __slots__ = ("names", "what", "_index", "_token")

    def __init__(self, names: Iterable, what: str = "vertex", token=str):
        self.names = tuple(token(v) for v in names)
        self.what = what
        self._token = token
        self._index = {v: i for i, v in enumerate(self.names)}
        if len(self._index) != len(self.names):
            seen: set = set()
            dup = next(v for v in self.names if v in seen or seen.add(v))
            raise InputError(f"{what} {dup!r} listed twice")

    def __len__(self) -> int:
        return len(self.names)

    def __contains__(self, name) -> bool:
        try:
            return self._token(name) in self._index
        except InputError:
            return False

    @property
    def full(self) -> int:
        """The mask of every name."""
        return (1 << len(self.names)) - 1

    def index(self, name) -> int:
        try:
            return self._index[self._token(name)]
        except KeyError:
            raise InputError(f"unknown {self.what} {name!r}") from None

    def mask(self, names: Iterable, distinct: bool = False) -> int:
        """The bitmask of ``names``; with ``distinct`` a repeated name is an error."""
        m = 0
        for v in names:
            b = 1 << self.index(v)
            if distinct and m & b:
                raise InputError(f"{self.what} {v!r} repeated")
            m |= b
        return m

    def names_of(self, mask: int) -> list[str]:
        return [self.names[i] for i in bits(mask)]
