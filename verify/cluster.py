"""The connection to a Dask cluster, shared by the hunts and the proof search (``--dask ADDRESS``)."""
from __future__ import annotations

from .errors import InputError


def dask_client(address: str):
    """A ``distributed.Client`` of the scheduler at ``address`` (not the process default); bad
    input (no ``distributed``, no scheduler there) is an :class:`InputError`."""
    try:
        from distributed import Client
    except ImportError:  # pragma: no cover - a dependency of the package
        raise InputError("--dask needs the 'distributed' package") from None
    try:
        return Client(address, timeout=10, set_as_default=False)
    except OSError as exc:
        raise InputError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
