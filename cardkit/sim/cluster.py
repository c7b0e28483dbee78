"""Sweeps on a Dask cluster: where dask.distributed lives in cardkit.

``cluster_executor(address)`` connects to a running scheduler (``dask scheduler`` on one
machine, ``dask worker ADDRESS`` on each of the others, every one with cardkit installed) and
gives a ``concurrent.futures.Executor`` that the runner submits its batches to. A batch is a
pure function of the pool, the bots and a range of game numbers, and the runner sums the
results in batch order, so a sweep on a cluster gives the same bytes as ``--jobs 1``.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Executor
from contextlib import contextmanager

from cardkit.errors import UsageError


@contextmanager
def cluster_executor(address: str, *, timeout: float = 10.0) -> Iterator[Executor]:
    """An executor on the Dask scheduler at ``address`` (such as ``tcp://10.0.0.5:8786``)."""
    try:
        from distributed import Client
    except ImportError:
        raise UsageError(
            "--executor dask needs dask.distributed: pip install 'cardkit[cluster]'"
        ) from None
    try:
        client = Client(address, timeout=timeout, set_as_default=False)  # type: ignore[no-untyped-call]
    except (OSError, TimeoutError, ValueError) as problem:
        raise UsageError(f"cannot reach the Dask scheduler at {address!r}: {problem}") from None
    try:
        yield client.get_executor(pure=False)  # type: ignore[no-untyped-call]
    finally:
        client.close()  # type: ignore[no-untyped-call]
