"""A card pool compiled for the engine: each card's stats, faction bits and executors.

``compile_pool`` runs once per process per pool; ``CompiledCard`` is what the engine reads in
its inner loop (slots, plain ints and tuples, the executors of ``compile.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardkit.effects import Ally, Gain, OnScrap, Primary
from cardkit.sim.actions import Worth
from cardkit.sim.compile import (
    Env,
    Exec,
    compile_ability,
    counts_as_every_faction,
    in_order,
    worth,
)
from cardkit.sim.pool import SimPool


class CompiledCard:
    """A card's stats and compiled abilities, as the engine reads them in its inner loop."""

    __slots__ = (
        "all_fired",
        "allies",
        "base",
        "cost",
        "defense",
        "factions",
        "fmask",
        "gain",
        "guard",
        "id",
        "index",
        "plain",
        "primary",
        "scrap",
        "scrap_attack",
        "scrap_value",
        "type",
        "value",
    )

    def __init__(self, index: int, pool: SimPool, env: Env) -> None:
        card = pool.cards[index]
        self.index = index
        self.id = card.id
        self.type = card.type
        self.cost = card.cost
        self.defense = card.defense
        self.guard = card.guard
        self.base = card.base
        every = counts_as_every_faction(card.abilities)
        self.fmask = (1 << len(pool.factions)) - 1 if every else 0
        for faction in card.factions:
            self.fmask |= env.factions.get(faction, 0)
        self.factions = tuple(i for i in range(len(pool.factions)) if self.fmask >> i & 1)
        primary: list[Exec] = []
        scrap: list[Exec] = []
        allies: list[tuple[int, int, int, Exec]] = []
        total = Worth()
        scrap_total = Worth()
        for ability in card.abilities:
            run = compile_ability(ability, env)
            trigger = ability.trigger
            if isinstance(trigger, Primary):
                primary.append(run)
                total += worth(ability.effect, env)
            elif isinstance(trigger, OnScrap):
                scrap.append(run)
                scrap_total += worth(ability.effect, env)
            elif isinstance(trigger, Ally):
                bit = env.factions.get(trigger.faction, 0)
                flag = 2 << len(allies)
                allies.append((bit.bit_length() - 1, 2 if trigger.double else 1, flag, run))
        self.primary = in_order(tuple(primary)) if primary else None
        # The commonest card only gains to the pools (a Scout): played without a call.
        firsts = [a for a in card.abilities if isinstance(a.trigger, Primary)]
        self.gain: tuple[tuple[int, int], ...] | None = None
        if len(firsts) == 1 and isinstance(firsts[0].effect, Gain):
            parts = tuple((env.resources[r], n) for r, n in firsts[0].effect.amounts)
            if all(r != env.life for r, _ in parts):
                self.gain = parts
        self.scrap = in_order(tuple(scrap)) if scrap else None
        self.allies = tuple(a for a in allies if a[0] >= 0)
        self.all_fired = 1  # the played flag and the flag of every ally ability, all set
        for _, _, flag, _ in self.allies:
            self.all_fired |= flag
        # ... and when it is a ship of no faction, playing it needs no ally check either.
        plain = not self.base and not self.fmask and not self.allies
        self.plain = self.gain if plain else None
        self.value = total
        self.scrap_value = scrap_total
        self.scrap_attack = scrap_total.attack if self.scrap is not None else 0


@dataclass(frozen=True, slots=True)
class Compiled:
    """A pool compiled for the engine: built once per process, shared by its matches."""

    pool: SimPool
    cards: tuple[CompiledCard, ...]
    env: Env
    market_deck: tuple[int, ...] = ()  # the market deck before its shuffle, a copy per card
    starting_deck: tuple[int, ...] = ()  # each player's deck before its shuffle


def compile_pool(pool: SimPool) -> Compiled:
    resources = {r: i for i, r in enumerate(pool.resources)}
    setup = pool.setup
    env = Env(
        resources=resources,
        life=resources.get(setup.life, -1),  # -1: no life (a game won on points)
        acquire=resources[setup.acquire_with],
        attack=resources.get(setup.attack_with, -1),
        factions={f: 1 << i for i, f in enumerate(pool.factions)},
        specials=dict(setup.specials),
        zones=setup.zones,
    )
    cards = tuple(CompiledCard(i, pool, env) for i in range(len(pool.cards)))
    market = tuple(c for c, n in pool.market for _ in range(n))
    starting = tuple(c for c, n in pool.starting for _ in range(n))
    return Compiled(pool, cards, env, market, starting)
