"""A round robin: every pair of bots (built-in or strategies) plays a seeded sweep.

Each pair plays ``games`` games with the seats alternating (``runner.py``), from the same seed,
so that a pair's figures replay exactly and do not depend on the other pairs or the number of
processes. A bot's score counts a win 1 and a draw 1/2; its intervals are Wilson's (95%).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from cardkit.sim.pool import SimPool
from cardkit.sim.runner import BotSpec, bot_label, run_sweep
from cardkit.sim.stats import wilson


@dataclass(frozen=True, slots=True)
class Pairing:
    """One pair's games: ``a`` against ``b`` (indexes into the entrants)."""

    a: int
    b: int
    games: int
    a_wins: int
    b_wins: int
    draws: int

    def score(self, side: int) -> float:
        """The share of points of ``a`` (side 0) or ``b`` (side 1): a draw counts half."""
        wins = self.a_wins if side == 0 else self.b_wins
        return (wins + self.draws / 2) / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class RoundRobin:
    bots: tuple[str, ...]
    games: int  # per pair
    seed: int
    pairings: tuple[Pairing, ...]

    def score(self, row: int, column: int) -> float | None:
        """The share of points ``row`` took from ``column`` (None: the bot itself)."""
        for p in self.pairings:
            if (p.a, p.b) == (row, column):
                return p.score(0)
            if (p.b, p.a) == (row, column):
                return p.score(1)
        return None

    def total(self, row: int) -> tuple[float, float, float]:
        """A bot's share of points over all its games, and its 95% interval."""
        points, games = 0.0, 0
        for p in self.pairings:
            if row in (p.a, p.b):
                side = 0 if p.a == row else 1
                wins = p.a_wins if side == 0 else p.b_wins
                points += wins + p.draws / 2
                games += p.games
        low, high = wilson(round(points), games)
        return (points / games if games else 0.0), low, high

    def ranking(self) -> list[int]:
        """The bots, best total first (ties by name)."""
        return sorted(range(len(self.bots)), key=lambda i: (-self.total(i)[0], self.bots[i]))

    def as_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "games_per_pair": self.games,
            "bots": list(self.bots),
            "pairs": [
                {
                    "a": self.bots[p.a],
                    "b": self.bots[p.b],
                    "games": p.games,
                    "a_wins": p.a_wins,
                    "b_wins": p.b_wins,
                    "draws": p.draws,
                }
                for p in self.pairings
            ],
            "totals": [
                {
                    "bot": self.bots[i],
                    "score": round(self.total(i)[0], 4),
                    "ci95": [round(x, 4) for x in self.total(i)[1:]],
                }
                for i in self.ranking()
            ],
        }


def round_robin(
    pool: SimPool,
    entrants: Sequence[BotSpec],
    *,
    games: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    executor: Executor | None = None,
) -> RoundRobin:
    """Every pair of ``entrants`` plays ``games`` games; ``progress`` is told the games played
    so far and the games in all."""
    pairs = [(a, b) for a in range(len(entrants)) for b in range(a + 1, len(entrants))]
    total = games * len(pairs)
    pairings = []
    for k, (a, b) in enumerate(pairs):
        done = k * games

        def step(played: int, done: int = done) -> None:
            if progress is not None:
                progress(done + played, total)

        tally = run_sweep(
            pool,
            (entrants[a], entrants[b]),
            games=games,
            seed=seed,
            jobs=jobs,
            progress=step,
            executor=executor,
        )
        pairings.append(
            Pairing(a, b, tally.games, tally.slot_wins[0], tally.slot_wins[1], tally.draws)
        )
    return RoundRobin(tuple(bot_label(e) for e in entrants), games, seed, tuple(pairings))
