"""Hearthfield in cardkit side by side with Dominion in pyminion: Big Money against Big Money
with one draw-3 card (pyminion's BigMoney and BigMoneySmithy; cardkit's strategy files in
bench/strategies/, the same buy rules card for card). Prints each engine's win rates with 95%
Wilson intervals and the turns per player per game.

    pip install pyminion   # into the venv; only this script needs it
    PYTHONPATH=. python bench/pyminion_compare.py [--games 2000] [--seed 1]
"""

from __future__ import annotations

import argparse
import logging
import math
import random
from pathlib import Path

from cardkit.app.game import open_game
from cardkit.app.strategy import load_strategy
from cardkit.sim.cards import compile_pool
from cardkit.sim.pool import build_pool
from cardkit.sim.strategy import StrategyBot
from cardkit.sim.supply import SupplyMatch

HERE = Path(__file__).parent


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


Intervals = list[tuple[float, float]]


def show(engine: str, wins: list[int], turns: float, games: int) -> Intervals:
    names = ("big money", "big money + draw-3", "ties")
    parts = []
    intervals = []
    for name, k in zip(names, wins, strict=True):
        low, high = wilson(k, games)
        intervals.append((low, high))
        parts.append(f"{name} {k / games:.1%} [{low:.1%}, {high:.1%}]")
    print(f"{engine:9} " + "; ".join(parts) + f"; {turns:.1f} turns per player")
    return intervals


def cardkit_games(games: int, seed: int) -> Intervals:
    card_set, _ = open_game(HERE.parent / "cards" / "hearthfield")
    assert card_set is not None
    pool, _ = build_pool(card_set)
    assert pool is not None
    compiled = compile_pool(pool)
    strategies = []
    for name in ("big-money", "big-money-forge"):
        strategy, found = load_strategy(HERE / "strategies" / f"{name}.yaml", name)
        assert strategy is not None, found
        strategies.append(strategy)
    wins, turns = [0, 0, 0], 0
    for game in range(games):
        first = game % 2  # the strategies take turns to go first
        bots = [StrategyBot(strategies[(first + k) % 2]) for k in range(2)]
        match = SupplyMatch(compiled, bots, seed * 1_000_003 + game)
        outcome = match.play()
        wins[2 if outcome.winner is None else (outcome.winner + first) % 2] += 1
        turns += sum(match.turns_taken) / 2
    return show("cardkit", wins, turns / games, games)


def pyminion_games(games: int, seed: int) -> Intervals:
    from pyminion.bots.examples import BigMoney, BigMoneySmithy
    from pyminion.expansions.base import base_set, smithy
    from pyminion.game import Game

    logging.disable(logging.CRITICAL)
    random.seed(seed)
    wins, turns = [0, 0, 0], 0.0
    for _ in range(games):
        bm, bms = BigMoney(), BigMoneySmithy()
        game = Game(
            players=[bm, bms], expansions=[base_set], kingdom_cards=[smithy], log_stdout=False
        )
        result = game.play()
        if len(result.winners) != 1:
            wins[2] += 1
        else:
            wins[0 if result.winners[0] is bm else 1] += 1
        turns += sum(s.turns for s in result.player_summaries) / 2
    return show("pyminion", wins, turns / games, games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ours = cardkit_games(args.games, args.seed)
    theirs = pyminion_games(args.games, args.seed)
    names = ("big money", "big money + draw-3", "ties")
    apart = [
        name for name, a, b in zip(names, ours, theirs, strict=True) if a[1] < b[0] or b[1] < a[0]
    ]
    print(
        "the engines agree: every interval overlaps the other's"
        if not apart
        else "the engines differ (the intervals do not overlap): " + ", ".join(apart)
    )


if __name__ == "__main__":
    main()
