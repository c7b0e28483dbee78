"""Worker processes that may not start: a pool with every worker running, or None.

A system can refuse new processes (a process limit such as RLIMIT_NPROC, no memory to fork).
``concurrent.futures`` then raises from the first ``submit`` and leaves the workers it did
start waiting for work, so that the interpreter never exits. ``start_pool`` starts them all
at once, and on a refusal stops those that started and answers None: the caller does the work
in its own process, which gives the same results (cardkit's parallel work is deterministic).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

# What a pool that cannot start its workers, or loses one, raises.
START_FAILURES = (OSError, BrokenProcessPool, RuntimeError)


def _ready() -> None:
    """A task that does nothing: its result says every worker started."""


def _watch_parent(parent: int) -> None:
    """End this worker as soon as the process that started it is gone (killed, say): a pool's
    workers otherwise wait for work for ever, holding the dead command's output pipes open."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def _start_worker(
    parent: int, initializer: Callable[..., object] | None, initargs: tuple[Any, ...]
) -> None:
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if initializer is not None:
        initializer(*initargs)


def start_pool(
    workers: int,
    *,
    initializer: Callable[..., object] | None = None,
    initargs: tuple[Any, ...] = (),
) -> ProcessPoolExecutor | None:
    """A pool of ``workers`` processes, started; None when the system will not start them.
    Each worker ends by itself when this process dies."""
    try:
        pool = ProcessPoolExecutor(
            max_workers=workers,
            initializer=_start_worker,
            initargs=(os.getpid(), initializer, initargs),
        )
    except START_FAILURES:
        return None
    try:
        for future in [pool.submit(_ready) for _ in range(workers)]:
            future.result()
    except START_FAILURES:
        abandon(pool)
        return None
    return pool


def abandon(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` now: its queued work cancelled, its workers killed, nothing waited for."""
    kill = getattr(pool, "kill_workers", None)  # Python 3.14
    if kill is not None:
        kill()
    else:  # the workers a pool started, which no public API reaches before 3.14
        processes: dict[int, Any] = getattr(pool, "_processes", None) or {}
        for process in list(processes.values()):
            process.kill()
    pool.shutdown(wait=False, cancel_futures=True)
