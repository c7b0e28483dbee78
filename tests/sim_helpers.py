"""What the simulator tests share: the Star Realms pool, and a bot that follows a script."""

from __future__ import annotations

import dataclasses
from collections import deque
from functools import lru_cache
from pathlib import Path

from cardkit.load.cards import load_card_set
from cardkit.model import CardSet
from cardkit.sim.actions import END_TURN, Action
from cardkit.sim.bots import GreedyBot, View
from cardkit.sim.cards import Compiled, compile_pool
from cardkit.sim.engine import Match
from cardkit.sim.pool import SimPool, build_pool

ROOT = Path(__file__).resolve().parent.parent
STAR_REALMS = ROOT / "cards" / "star-realms"


@lru_cache(maxsize=1)
def star_realms() -> CardSet:
    card_set, found = load_card_set(STAR_REALMS, "cards/star-realms")
    assert card_set is not None and not found, found
    return card_set


@lru_cache(maxsize=1)
def star_pool() -> SimPool:
    pool, found = build_pool(star_realms())
    assert pool is not None and not found, found
    return pool


@lru_cache(maxsize=1)
def star_compiled() -> Compiled:
    return compile_pool(star_pool())


def idx(card_id: str) -> int:
    return star_pool().index(card_id)


class ScriptBot(GreedyBot):
    """Takes the actions it is given, then ends its turn; greedy for every other question."""

    name = "script"

    def __init__(self, actions: list[Action] | None = None) -> None:
        super().__init__(0)
        self.actions: deque[Action] = deque(actions or [])

    def take_action(self, view: View) -> Action:
        return self.actions.popleft() if self.actions else END_TURN


def match(seed: int = 1, bots: tuple[GreedyBot, GreedyBot] | None = None) -> Match:
    return Match(star_compiled(), bots or (ScriptBot(), ScriptBot()), seed, checked=True)


def format_pool(players: int, fmt: str) -> SimPool:
    """The Star Realms pool for ``players`` players in a Frontiers format."""
    cs = star_realms()
    assert cs.game.play is not None
    play = dataclasses.replace(cs.game.play, players=players, format=fmt)
    pool, found = build_pool(dataclasses.replace(cs, game=dataclasses.replace(cs.game, play=play)))
    assert pool is not None and found == []
    return pool
