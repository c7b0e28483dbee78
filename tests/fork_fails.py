"""Run ``python -m cardkit ...`` with ``os.fork`` failing after CARDKIT_TEST_FORKS forks, as
it does under a process limit (RLIMIT_NPROC), which root, who runs CI, is not held to.

    python tests/fork_fails.py PYTHON -m cardkit sim game --jobs 4
"""

from __future__ import annotations

import errno
import os
import runpy
import sys

_real_fork = os.fork
_left = [int(os.environ.get("CARDKIT_TEST_FORKS", "0"))]


def _fork() -> int:
    if _left[0] <= 0:
        raise BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable")
    _left[0] -= 1
    return _real_fork()


if __name__ == "__main__":
    os.fork = _fork
    sys.argv = ["cardkit", *sys.argv[4:]]  # after PYTHON -m cardkit
    runpy.run_module("cardkit", run_name="__main__")
