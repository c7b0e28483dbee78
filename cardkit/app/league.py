"""`cardkit sim --round-robin`: built-in bots and strategy files, every pair a sweep.

``entrants`` reads the names given (a built-in bot's name, a strategy of the game folder's
``strategies/`` by its file's stem, or a strategy file's path),
checking each strategy file against the game (its card and faction ids: CK408, located);
``play_round_robin`` plays them (``sim/league.py``); ``write_round_robin`` writes
``round-robin.json``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from cardkit import transaction
from cardkit.diagnostics import Diagnostic, did_you_mean
from cardkit.errors import UsageError

if TYPE_CHECKING:
    from concurrent.futures import Executor

    from cardkit.app.sim import SimPlan
    from cardkit.sim.league import RoundRobin
    from cardkit.sim.runner import BotSpec

FILE = "round-robin.json"
STRATEGIES = "strategies"  # the game folder's folder of strategy files (not read as cards)


def entrants(plan: SimPlan, names: Sequence[str]) -> tuple[list[BotSpec] | None, list[Diagnostic]]:
    """The bots ``names`` gives: built-in bots by name, strategy files by path (every problem
    of every file at once; None when there is one)."""
    from cardkit.app.strategy import load_strategy
    from cardkit.sim.bots import BOTS

    if len(names) < 2:
        raise UsageError("--round-robin takes two or more bots or strategy files")
    pool = plan.pool
    cards = {card.id for card in pool.cards}
    found: list[Diagnostic] = []
    chosen: list[BotSpec] = []
    for name in names:
        if name in BOTS:
            chosen.append(name)
            continue
        path, shown = Path(name), name
        shipped = plan.card_set.game.root / STRATEGIES / f"{name}.yaml"
        if not path.is_file() and "/" not in name and shipped.is_file():
            path, shown = shipped, f"{STRATEGIES}/{name}.yaml"
        if not path.is_file():
            raise UsageError(
                f"{name!r} is neither a bot{did_you_mean(name, BOTS)} ({', '.join(BOTS)}), "
                f"a strategy of the game's {STRATEGIES}/ folder, nor a strategy file"
            )
        strategy, problems = load_strategy(path, shown, cards=cards, factions=pool.factions)
        found += problems
        if strategy is not None:
            if not strategy.bot and not pool.supply:
                raise UsageError(
                    f"{name}: a game with a market row needs 'bot:', the built-in bot that "
                    "plays what the strategy leaves (greedy, say)"
                )
            chosen.append(strategy)
    labels = [name if isinstance(name, str) else name.name for name in chosen]
    twice = sorted({label for label in labels if labels.count(label) > 1})
    if twice:
        raise UsageError(f"--round-robin names {twice[0]!r} twice")
    return (None if found else chosen), found


def play_round_robin(
    plan: SimPlan,
    bots: Sequence[BotSpec],
    *,
    progress: Callable[[int, int], None] | None = None,
    executor: Executor | None = None,
) -> RoundRobin:
    from cardkit.sim.league import round_robin
    from cardkit.sim.runner import default_jobs

    options = plan.options
    return round_robin(
        plan.pool,
        bots,
        games=options.games,
        seed=options.seed,
        jobs=options.jobs or default_jobs(),
        progress=progress,
        executor=executor,
    )


def write_round_robin(result: RoundRobin, folder: Path) -> Path:
    """``round-robin.json`` in ``folder``. Raises OutputError (CK005)."""
    path = folder / FILE
    transaction.write(path, json.dumps(result.as_json(), indent=2) + "\n")
    return path
