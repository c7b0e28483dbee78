"""The simulator as installed (compiled with mypyc by ``pip install .``) plays exactly the games
its pure-Python sources play: the same seed gives the same report, compiled or not.

Each sweep runs ``cardkit sim`` in a fresh process twice: once as installed, once with this
checkout's ``cardkit/`` first on the path (pure Python: the sources hold no compiled module).
In an editable install both are pure Python, and the test still checks that a seed replays the
same games in another process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from sim_helpers import ROOT, STAR_REALMS

HEARTHFIELD = ROOT / "cards" / "hearthfield"  # the supply family
BIG_MONEY = ROOT / "bench" / "strategies" / "big-money-forge.yaml"
SWEEPS = (
    (STAR_REALMS, "greedy,greedy", 200),
    (STAR_REALMS, "simple,random", 100),
    (STAR_REALMS, "mc,greedy", 2),
    (HEARTHFIELD, "greedy,greedy", 200),
    (HEARTHFIELD, "random,simple", 100),
    (HEARTHFIELD, f"greedy,{BIG_MONEY}", 100),
)


def _sweep(
    tmp: Path, game: Path, bots: str, games: int, *, pure: bool, extra: tuple[str, ...] = ()
) -> tuple[bool, Any]:
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if pure:
        env["PYTHONPATH"] = str(ROOT)
    script = (
        "import json, sys\n"
        "from cardkit.cli import main\n"
        "from cardkit.sim import compiled\n"
        "print(json.dumps(compiled()))\n"
        "sys.exit(main(sys.argv[1:]))\n"
    )
    args = [str(game), "--games", str(games), "--seed", "5", "--bots", bots]
    args += extra or ("--jobs", "1")
    args += ["--format", "json", "-o", str(tmp / ("pure" if pure else "installed"))]
    # -P: not the current folder first on the path, so "as installed" means what pip installed
    run = subprocess.run(
        [sys.executable, "-P", "-c", script, "sim", *args],
        cwd=tmp,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    first, _, report = run.stdout.partition("\n")
    return json.loads(first), json.loads(report)


@pytest.mark.parametrize(("game", "bots", "games"), SWEEPS)
def test_the_installed_simulator_plays_the_same_games_as_the_pure_python_sources(
    tmp_path: Path, game: Path, bots: str, games: int
) -> None:
    pure_compiled, pure = _sweep(tmp_path, game, bots, games, pure=True)
    assert pure_compiled is False  # the checkout holds no compiled module
    _, installed = _sweep(tmp_path, game, bots, games, pure=False)
    assert installed["games"] == games
    assert installed == pure


def test_a_round_robin_of_strategies_on_two_processes_is_the_same_compiled_or_not(
    tmp_path: Path,
) -> None:
    """Strategies (frozen dataclasses, compiled with mypyc) go to worker processes by pickle."""
    extra = ("--jobs", "2", "--round-robin", "greedy,no-explorers,blob-only")
    _, pure = _sweep(tmp_path, STAR_REALMS, "greedy,greedy", 20, pure=True, extra=extra)
    _, installed = _sweep(tmp_path, STAR_REALMS, "greedy,greedy", 20, pure=False, extra=extra)
    assert [p["games"] for p in installed["pairs"]] == [20, 20, 20]
    assert installed == pure
