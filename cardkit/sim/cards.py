"""A card pool compiled for the engine: each card's stats, faction bits and executors.

``compile_pool`` runs once per process per pool; ``CompiledCard`` is what the engine reads in
its inner loop (slots, plain ints and tuples, the executors of ``compile.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardkit.effects import (
    And,
    BanishCards,
    Bond,
    Choice,
    Conditional,
    CopyAnother,
    Effect,
    Gain,
    InPlay,
    OnBanish,
    Primary,
    Sequence,
    Then,
)
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

USE_NOW = 0
"""A ready ability the heuristic bots use at once: what it gives cannot be had later for more."""
USE_IF_WEAK = 1
"""... one that must scrap a card of the player's own (Reclamation Station's "Scrap a card in
your discard pile"): used only when a card there is worth scrapping."""
USE_TO_DENY = 2
"""... one that scraps from the market row: used last, to deny the opponent a card."""


def use_kind(effect: Effect, env: Env) -> tuple[int, tuple[str, ...]]:
    """How a heuristic bot times an ability (``USE_*``), and the zones of its forced scrap."""
    market = env.zones.market
    for node in _clauses(effect):
        if isinstance(node, BanishCards) and market in node.zones:
            return USE_TO_DENY, node.zones
    for node in _clauses(effect):
        if isinstance(node, BanishCards) and not node.optional:
            return USE_IF_WEAK, node.zones
    return USE_NOW, ()


def _clauses(effect: Effect) -> list[Effect]:
    """The clauses of an effect, through its and/then/sequence/if parts (not a choice's
    options: an option is chosen when the ability is used)."""
    if isinstance(effect, And | Then | Sequence):
        return [node for part in effect.effects for node in _clauses(part)]
    if isinstance(effect, Conditional):
        return _clauses(effect.effect)
    return [effect]


def _mentions_in_play(effect: Effect) -> bool:
    """Whether what an effect does depends on the cards in play: a condition on them, a copy
    of another card, or a scrap from the market row (best played once the budget is known)."""
    if isinstance(effect, Conditional):
        return isinstance(effect.condition, InPlay) or _mentions_in_play(effect.effect)
    if isinstance(effect, CopyAnother):
        return True
    if isinstance(effect, And | Then | Sequence):
        return any(_mentions_in_play(e) for e in effect.effects)
    if isinstance(effect, Choice):
        return any(_mentions_in_play(e) for e in effect.options)
    return False


class CompiledCard:
    """A card's stats and compiled abilities, as the engine reads them in its inner loop."""

    __slots__ = (
        "all_fired",
        "banish",
        "banish_attack",
        "banish_value",
        "base",
        "bonds",
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
        "rank",
        "trig_mask",
        "type",
        "use_kind",
        "use_zones",
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
        banish: list[Exec] = []
        bonds: list[tuple[int, int, int, Exec]] = []
        total = Worth()
        banish_total = Worth()
        kinds: list[tuple[int, tuple[str, ...]]] = [(USE_NOW, ())]  # by slot: primary, allies
        late = False
        for ability in card.abilities:
            run = compile_ability(ability, env)
            trigger = ability.trigger
            if isinstance(trigger, Primary):
                primary.append(run)
                total += worth(ability.effect, env)
                late = late or _mentions_in_play(ability.effect)
                kind = use_kind(ability.effect, env)
                if kind[0] > kinds[0][0]:
                    kinds[0] = kind
                if kind[0] == USE_TO_DENY:
                    late = True
            elif isinstance(trigger, OnBanish):
                banish.append(run)
                banish_total += worth(ability.effect, env)
            elif isinstance(trigger, Bond):
                bit = env.factions.get(trigger.faction, 0)
                flag = 2 << len(bonds)
                bonds.append((bit.bit_length() - 1, 2 if trigger.double else 1, flag, run))
                kinds.append(use_kind(ability.effect, env))
        self.primary = in_order(tuple(primary)) if primary else None
        # The commonest card only gains to the pools (a Scout): played without a call.
        firsts = [a for a in card.abilities if isinstance(a.trigger, Primary)]
        self.gain: tuple[tuple[int, int], ...] | None = None
        if len(firsts) == 1 and isinstance(firsts[0].effect, Gain):
            parts = tuple((env.resources[r], n) for r, n in firsts[0].effect.amounts)
            if all(r != env.life for r, _ in parts):
                self.gain = parts
        self.banish = in_order(tuple(banish)) if banish else None
        self.bonds = tuple(a for a in bonds if a[0] >= 0)
        self.all_fired = 1  # the played flag and the flag of every ally ability, all set
        self.trig_mask = 0  # the triggered flags of every ally ability (each flag << 8)
        for _, _, flag, _ in self.bonds:
            self.all_fired |= flag
            self.trig_mask |= flag << 8
        self.use_kind = tuple(k for k, _ in kinds)  # by slot: how a bot times the ability
        self.use_zones = tuple(z for _, z in kinds)
        # the play order of a hand: bases first (they count for conditions), then ships, and
        # last the ships whose abilities look at what is in play or scrap from the market row
        self.rank = 0 if self.base else 2 if late else 1
        # ... and when it is a ship of no faction, playing it needs no ally check either.
        plain = not self.base and not self.fmask and not self.bonds
        self.plain = self.gain if plain else None
        self.value = total
        self.banish_value = banish_total
        self.banish_attack = banish_total.attack if self.banish is not None else 0


@dataclass(frozen=True, slots=True)
class Compiled:
    """A pool compiled for the engine: built once per process, shared by its matches."""

    pool: SimPool
    cards: tuple[CompiledCard, ...]
    env: Env
    market_deck: tuple[int, ...] = ()  # the market deck before its shuffle, a copy per card
    starting_deck: tuple[int, ...] = ()  # each player's deck before its shuffle
    seat_decks: tuple[tuple[int, ...], ...] = ()  # ... by seat (``play: seats:``)


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
        cards={card.id: i for i, card in enumerate(pool.cards)},
    )
    cards = tuple(CompiledCard(i, pool, env) for i in range(len(pool.cards)))
    market = tuple(c for c, n in pool.market for _ in range(n))
    starting = tuple(c for c, n in pool.starting for _ in range(n))
    seats = []
    for seat in range(max(2, setup.players)):
        own = pool.seat_starting[seat] if seat < len(pool.seat_starting) else ()
        deck = tuple(c for c, n in own for _ in range(n))
        seats.append(deck if own else starting)
    return Compiled(pool, cards, env, market, starting, tuple(seats))
