"""Seeded batches of games, summed into a ``Tally``; the same sweep on one core or many.

The unit of work is ``play_games(pool, bots, seed, start, stop)``: a pure function of the card
pool, the bots and a range of game numbers, returning counts. Game ``i`` is played from seed
``(seed, i)`` whatever batch it falls in, bot slots swap seats every game (slot A moves first
in even games), and tallies are sums of whole numbers, so a sweep gives the same result for
any number of jobs -- and could be spread over a cluster the same way.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor, as_completed
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TypeVar

from cardkit.sim.bots import BOTS, Bot
from cardkit.sim.cards import Compiled, compile_pool
from cardkit.sim.engine import Match, Outcome
from cardkit.sim.formats import FormatMatch, is_format_game
from cardkit.sim.pool import SimPool
from cardkit.sim.strategy import Strategy, StrategyBot
from cardkit.sim.supply import SupplyMatch, is_supply_game
from cardkit.workers import START_FAILURES, abandon, start_pool

T = TypeVar("T")

BotSpec = str | Strategy
"""A bot of a sweep: a built-in bot by name (``BOTS``), or a strategy (a strategy file's)."""

BUCKETS: tuple[tuple[int, int], ...] = ((1, 3), (4, 6), (7, 9), (10, 12), (13, 10**6))
"""Rounds (a player's own turns) by which a card's first purchase is grouped."""


def bucket_label(bucket: tuple[int, int]) -> str:
    low, high = bucket
    return f"{low}+" if high >= 10**6 else f"{low}-{high}"


_BUCKET_OF = [next(k for k, (_, high) in enumerate(BUCKETS) if r <= high) for r in range(100)]


@dataclass
class CardTally:
    """Counts for one card, over player-games (two per game)."""

    copies: int = 0  # copies acquired in all
    players: int = 0  # player-games in which it was acquired at least once
    wins: int = 0  # ... that the player won
    rounds: int = 0  # the rounds of those first acquisitions, summed
    by_round: list[list[int]] = field(default_factory=lambda: [[0, 0] for _ in BUCKETS])

    def add(self, other: CardTally) -> None:
        self.copies += other.copies
        self.players += other.players
        self.wins += other.wins
        self.rounds += other.rounds
        for mine, theirs in zip(self.by_round, other.by_round, strict=True):
            mine[0] += theirs[0]
            mine[1] += theirs[1]


@dataclass
class Tally:
    """What a batch of games came to: whole-number counts only, so tallies add up exactly."""

    games: int = 0
    draws: int = 0
    timeouts: int = 0  # the draws the turn limit made (the others: ties by the game's rules)
    seats: int = 0  # player-games: the games times their players (2 to 6 each)
    slot_wins: list[int] = field(default_factory=lambda: [0, 0])
    first_wins: int = 0
    turns: int = 0
    margin: int = 0  # winner's life minus loser's (at least 0), summed over decided games
    cards: dict[str, CardTally] = field(default_factory=dict)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.draws += other.draws
        self.timeouts += other.timeouts
        self.seats += other.seats
        self.slot_wins[0] += other.slot_wins[0]
        self.slot_wins[1] += other.slot_wins[1]
        self.first_wins += other.first_wins
        self.turns += other.turns
        self.margin += other.margin
        for card_id, counts in other.cards.items():
            self.cards.setdefault(card_id, CardTally()).add(counts)

    def record(self, outcome: Outcome, first_slot: int, by_index: list[CardTally | None]) -> None:
        """Count one game; ``by_index`` holds the tallies of this batch's cards by card index
        (filled as cards are first bought), so the inner loop does no lookup by id."""
        self.games += 1
        self.seats += len(outcome.acquired)
        self.turns += outcome.turns
        winner = outcome.winner
        if winner is None:
            self.draws += 1
            self.timeouts += outcome.timeout
        else:
            self.slot_wins[(winner + first_slot) % 2] += 1  # seats alternate the two slots
            self.first_wins += winner == 0
            others = [life for p, life in enumerate(outcome.life) if p != winner]
            self.margin += outcome.life[winner] - max(max(others), 0)
        bucket_of, known = _BUCKET_OF, len(_BUCKET_OF)
        for player in range(len(outcome.acquired)):
            acquired = outcome.acquired[player]
            won = winner == player
            seen: set[int] = set()
            for card, round_ in acquired:
                counts = by_index[card]
                if counts is None:
                    counts = by_index[card] = CardTally()
                counts.copies += 1
                if card in seen:
                    continue
                seen.add(card)
                counts.players += 1
                counts.wins += won
                counts.rounds += round_
                # the bucket of round_, by table (the rounds of longer games in the last)
                slot = counts.by_round[bucket_of[round_] if round_ < known else len(BUCKETS) - 1]
                slot[0] += 1
                slot[1] += won


@lru_cache(maxsize=4)
def _compiled(pool: SimPool) -> Compiled:
    return compile_pool(pool)


def game_seed(seed: int, game: int) -> int:
    return (seed % 2**32) * 2**32 + game


def make_bots(names: Sequence[BotSpec], seed: int) -> list[Bot]:
    return [_make_bot(name, seed * 4 + 1 + k) for k, name in enumerate(names)]


def _make_bot(spec: BotSpec, seed: int) -> Bot:
    if isinstance(spec, str):
        return BOTS[spec](seed)
    if spec.bot:  # a strategy played by a built-in bot (a game with a market row)
        from cardkit.sim.guided import GuidedBot

        return GuidedBot(spec, seed)
    return StrategyBot(spec, seed)


def bot_label(spec: BotSpec) -> str:
    """A bot's name in reports: a built-in bot's, or the strategy's."""
    return spec if isinstance(spec, str) else spec.name


Player = BotSpec
"""A seat's player (the supply family's word for a bot of a sweep)."""
player_name = bot_label


def seat_slots(compiled: Compiled, game: int) -> list[int]:
    """The bot slot (0: A, 1: B) of each seat of game ``game``: the slots alternate round
    the table, and slot A moves first in even games."""
    players = compiled.pool.setup.players if is_supply_game(compiled) else 2
    return [(game + k) % 2 for k in range(players)]


def new_match(compiled: Compiled, bots: Sequence[Bot], seed: int) -> Match:
    """A match of the game's family: ``SupplyMatch`` for the supply family, else ``Match``."""
    if is_supply_game(compiled):
        return SupplyMatch(compiled, bots, seed)
    return Match(compiled, bots, seed)


def play_game(
    compiled: Compiled, bots: Sequence[BotSpec], seed: int, game: int, banned: int = -1
) -> Outcome:
    """Game number ``game`` of a sweep: slot A moves first in even games. With ``banned`` (a
    card index), slot A never acquires that card; everything else, the shuffles and the bots'
    random numbers too, is as in the game without it (common random numbers)."""
    first_slot = game % 2
    s = game_seed(seed, game)
    if is_format_game(compiled):
        players = compiled.pool.setup.players
        order = [bots[(first_slot + k) % 2] for k in range(players)]
        return FormatMatch(compiled, make_bots(order, s), s).play()
    if is_supply_game(compiled):
        slots = seat_slots(compiled, game)
        order = [bots[k] for k in slots]
        never = [
            frozenset((banned,)) if banned >= 0 and slot == 0 else frozenset[int]()
            for slot in slots
        ]
        return SupplyMatch(compiled, make_bots(order, s), s, banned=never).play()
    order = [bots[first_slot], bots[1 - first_slot]]
    never = [frozenset[int](), frozenset[int]()]
    if banned >= 0:
        never[first_slot] = frozenset((banned,))
    return Match(compiled, make_bots(order, s), s, banned=never).play()


def slot_a_score(outcome: Outcome, game: int) -> int:
    """Slot A's result of game ``game`` in half points: 2 a win, 1 a draw, 0 a loss. The seats
    alternate the two slots round the table (``seat_slots``): seat ``k`` is slot A when
    ``game + k`` is even."""
    winner = outcome.winner
    if winner is None:
        return 1
    return 2 if (winner + game) % 2 == 0 else 0


def play_games(
    pool: SimPool, bots: tuple[BotSpec, BotSpec], seed: int, start: int, stop: int
) -> Tally:
    """Games ``start`` to ``stop - 1`` of the sweep ``seed``: the pure unit of work."""
    return play_scored(pool, bots, seed, start, stop)[0]


def play_scored(
    pool: SimPool, bots: tuple[BotSpec, BotSpec], seed: int, start: int, stop: int
) -> tuple[Tally, bytes]:
    """``play_games``, and slot A's score of each game (``slot_a_score``)."""
    compiled = _compiled(pool)
    by_index: list[CardTally | None] = [None] * len(pool.cards)
    tally = Tally()
    scores = bytearray()
    for game in range(start, stop):
        outcome = play_game(compiled, bots, seed, game)
        tally.record(outcome, game % 2, by_index)
        scores.append(slot_a_score(outcome, game))
    for card, counts in zip(pool.cards, by_index, strict=True):
        if counts is not None:
            tally.cards[card.id] = counts
    return tally, bytes(scores)


def play_without(
    pool: SimPool, bots: tuple[BotSpec, BotSpec], seed: int, card: int, start: int, stop: int
) -> bytes:
    """Slot A's score of games ``start`` to ``stop - 1`` when slot A never acquires ``card``."""
    compiled = _compiled(pool)
    scores = bytearray()
    for game in range(start, stop):
        scores.append(slot_a_score(play_game(compiled, bots, seed, game, card), game))
    return bytes(scores)


def _batches(games: int, jobs: int) -> Iterator[tuple[int, int]]:
    size = max(20, min(500, -(-games // (jobs * 4))))
    for start in range(0, games, size):
        yield start, min(games, start + size)


def run_tasks(
    function: Callable[..., T],
    tasks: Sequence[tuple[object, ...]],
    *,
    jobs: int = 1,
    done: Callable[[int], None] | None = None,
    executor: Executor | None = None,
) -> list[T]:
    """``function(*task)`` for each task, on ``jobs`` processes (or on ``executor``, such as a
    cluster's), the results in task order whatever order they finish in. ``done`` is told the
    index of each task finished."""
    results: list[T | None] = [None] * len(tasks)

    def gather(pool: Executor) -> None:
        futures = {pool.submit(function, *task): k for k, task in enumerate(tasks)}
        for future in as_completed(futures):
            k = futures[future]
            results[k] = future.result()
            if done is not None:
                done(k)

    if executor is not None:
        gather(executor)
    elif jobs <= 1 or len(tasks) <= 1:
        for k, task in enumerate(tasks):
            results[k] = function(*task)
            if done is not None:
                done(k)
    else:
        processes = start_pool(min(jobs, len(tasks)))
        if processes is not None:
            try:
                gather(processes)
            except START_FAILURES:  # a worker was lost: the rest is played here
                abandon(processes)
            else:
                processes.shutdown()
        for k, task in enumerate(tasks):  # what the workers did not play (all, without them)
            if results[k] is None:
                results[k] = function(*task)
                if done is not None:
                    done(k)
    out: list[T] = []
    for result in results:
        assert result is not None
        out.append(result)
    return out


def default_jobs() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def run_sweep(
    pool: SimPool,
    bots: tuple[BotSpec, BotSpec],
    *,
    games: int,
    seed: int,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    executor: Executor | None = None,
) -> Tally:
    """Play ``games`` games, on ``jobs`` processes; the tally does not depend on ``jobs``.
    ``progress`` is told the number of games played so far, after each batch."""
    batches = list(_batches(games, jobs))
    played = 0

    def done(k: int) -> None:
        nonlocal played
        played += batches[k][1] - batches[k][0]
        if progress is not None:
            progress(played)

    tasks = [(pool, bots, seed, start, stop) for start, stop in batches]
    total = Tally()
    results = run_tasks(play_games, tasks, jobs=jobs, done=done, executor=executor)
    for result in results:  # in batch order
        total.add(result)
    return total
