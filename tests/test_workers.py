"""The worker pools of build --png and sim: a killed command leaves no worker behind."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# A command that starts a pool of two workers, prints their ids and is killed.
PARENT = """
import os, signal
from cardkit.workers import start_pool
pool = start_pool(2)
assert pool is not None
print(" ".join(str(pid) for pid in pool._processes), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_the_workers_of_a_killed_command_end_by_themselves() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    # the pipes close only when every process holding them has ended: the workers included
    child = subprocess.run(
        [sys.executable, "-c", PARENT], capture_output=True, text=True, env=env, timeout=60
    )
    assert child.returncode < 0, child.stderr
    workers = [int(pid) for pid in child.stdout.split()]
    assert len(workers) == 2
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in workers)
