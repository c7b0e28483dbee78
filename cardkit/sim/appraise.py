"""What each card of a compiled pool gives, appraised once, for the heuristic bots to weigh.

``appraise(compiled)`` walks every card's abilities once per process (cached by pool) and
returns a ``Ledger``: per card, what its primary, ally and scrap abilities give as a ``Gives``
(amounts of the acquire, attack and life resources, cards drawn, own cards thinned, ...), and
a table of the card's value in each phase of the game, so that a bot's inner loop only looks
numbers up. The weights are the bots' opinion, not the rules: early on buying power and
thinning the starting deck count most, later attack, card draw and life.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardkit.effects import (
    AcquireFree,
    And,
    BanishCards,
    Bond,
    Choice,
    Conditional,
    CopyAnother,
    DestroyTarget,
    Discard,
    DiscardedThisWay,
    Draw,
    Effect,
    ForEach,
    Gain,
    GainPerCost,
    NextAcquireOnTop,
    OnBanish,
    OpponentDiscards,
    Primary,
    PutFromDiscardOnTop,
    Sequence,
    Then,
)
from cardkit.effects.core import Shorthand
from cardkit.sim.compile import worth

if TYPE_CHECKING:
    from cardkit.sim.cards import Compiled
    from cardkit.sim.compile import Env


@dataclass(frozen=True, slots=True)
class Gives:
    """What an ability gives: amounts, cards drawn and discarded, own cards it may thin."""

    acquire: float = 0.0
    attack: float = 0.0
    life: float = 0.0
    draw: float = 0.0
    discard: float = 0.0  # own cards discarded (after a draw: the worst card of the hand)
    thin: float = 0.0  # own cards it may scrap from the hand or discard pile
    harass: float = 0.0  # cards the opponent discards
    destroy: float = 0.0  # opponent's bases destroyed
    misc: float = 0.0  # everything else that helps: free acquisitions, deck order, copies

    def __add__(self, other: Gives) -> Gives:
        return Gives(*(a + b for a, b in zip(_fields(self), _fields(other), strict=True)))

    def scaled(self, k: float) -> Gives:
        return Gives(*(a * k for a in _fields(self)))


def _fields(g: Gives) -> tuple[float, ...]:
    return (
        g.acquire,
        g.attack,
        g.life,
        g.draw,
        g.discard,
        g.thin,
        g.harass,
        g.destroy,
        g.misc,
    )


NONE = Gives()

PHASES: tuple[int, ...] = (4, 8, 12)
"""The last round of each phase but the last: rounds 1-4, 5-8, 9-12, 13 on."""

# Weights per phase, in the order of ``Gives``' fields. Tuned for play strength, head to head
# between bots (3,000 games a step): trade at 0.65 of the first guess won 60% against it;
# steps of each weight by a fifth either way from here win 48-51%.
WEIGHTS: tuple[tuple[float, ...], ...] = (
    (0.8, 0.7, 0.2, 1.5, -0.8, 1.6, 0.6, 2.5, 0.6),
    (0.65, 1.0, 0.3, 1.7, -0.8, 1.1, 0.7, 2.5, 0.6),
    (0.5, 1.15, 0.4, 1.9, -0.9, 0.6, 0.8, 2.5, 0.6),
    (0.35, 1.25, 0.5, 2.0, -1.0, 0.3, 0.8, 2.5, 0.6),
)


def phase_of(round_: int) -> int:
    for k, last in enumerate(PHASES):
        if round_ <= last:
            return k
    return len(PHASES)


def weigh(g: Gives, phase: int) -> float:
    return sum(w * a for w, a in zip(WEIGHTS[phase], _fields(g), strict=True))


def gives(effect: Effect, env: Env, own: frozenset[str]) -> Gives:
    """What ``effect`` gives; a choice counts the option best in the middle game. ``own``: the
    zone ids of a player's own hand and discard pile (scrapping there thins the deck)."""
    if isinstance(effect, Gain):
        w = worth(effect, env)
        return Gives(w.acquire, w.attack, w.life)
    if isinstance(effect, GainPerCost):
        return _gain_of(effect.resource, 2.0, env)
    if isinstance(effect, Draw):
        return Gives(draw=effect.n)
    if isinstance(effect, Discard):
        return Gives(discard=1.0 if effect.n is None else effect.n)
    if isinstance(effect, OpponentDiscards):
        return Gives(harass=effect.n)
    if isinstance(effect, BanishCards):
        if own.intersection(effect.zones):
            return Gives(thin=effect.up_to * (1.0 if effect.optional else 0.6))
        return Gives(misc=0.3)
    if isinstance(effect, AcquireFree):
        return Gives(misc=effect.max_cost * 0.6)
    if isinstance(effect, DestroyTarget):
        return Gives(destroy=1.0)
    if isinstance(effect, NextAcquireOnTop | PutFromDiscardOnTop):
        return Gives(misc=0.8)
    if isinstance(effect, CopyAnother):
        return Gives(misc=3.0)
    if isinstance(effect, ForEach):
        times = 2.0 if isinstance(effect.counted, DiscardedThisWay) else 1.5
        return gives(effect.effect, env, own).scaled(times)
    if isinstance(effect, And | Then | Sequence):
        total = NONE
        for part in effect.effects:
            total = total + gives(part, env, own)
        return total
    if isinstance(effect, Choice):
        return max((gives(e, env, own) for e in effect.options), key=lambda g: weigh(g, 1))
    if isinstance(effect, Conditional):
        return gives(effect.effect, env, own).scaled(0.5)
    if isinstance(effect, Shorthand) and effect.meaning is not None:
        return gives(effect.meaning, env, own)  # '+2 Cards' gives what 'Draw 2 cards' gives
    return NONE


def _gain_of(resource: str, n: float, env: Env) -> Gives:
    index = env.resources.get(resource)
    if index == env.acquire:
        return Gives(acquire=n)
    if index == env.attack:
        return Gives(attack=n)
    return Gives(life=n)


class Ledger:
    """Every card's appraisal, as flat tables the bots index by phase and card."""

    __slots__ = (
        "banish",
        "banish_attack",
        "bonds",
        "cost",
        "early",
        "factions",
        "has_banish",
        "keep",
        "mult",
        "n_factions",
        "need",
        "primary",
        "worth_in_play",
    )

    def __init__(self, compiled: Compiled) -> None:
        env = compiled.env
        zones = compiled.pool.setup.zones
        own = frozenset((zones.hand, zones.discard))
        n_phases = len(PHASES) + 1
        self.primary: list[list[float]] = [[] for _ in range(n_phases)]
        self.keep: list[list[float]] = [[] for _ in range(n_phases)]
        self.banish: list[list[float]] = [[] for _ in range(n_phases)]
        self.bonds: list[tuple[tuple[int, int, tuple[float, ...]], ...]] = []
        self.n_factions = len(compiled.pool.factions)
        self.cost = [card.cost for card in compiled.cards]
        self.factions = [card.factions for card in compiled.cards]
        self.has_banish = [card.banish is not None for card in compiled.cards]
        self.banish_attack = [card.banish_attack for card in compiled.cards]
        # per card: the turns a base gives its abilities (1 for a ship)
        self.mult = [
            base_turns(card.defense, card.guard) if card.base else 1.0 for card in compiled.cards
        ]
        self.early: list[bool] = []
        self.worth_in_play: list[list[float]] = [[] for _ in range(n_phases)]
        # per phase and card: what its ally abilities give, by faction
        self.need: list[list[tuple[tuple[int, float], ...]]] = [[] for _ in range(n_phases)]
        for card, compiled_card in zip(compiled.pool.cards, compiled.cards, strict=True):
            primary, banish, bonds = NONE, None, []
            for ability in card.abilities:
                g = gives(ability.effect, env, own)
                trigger = ability.trigger
                if isinstance(trigger, Primary):
                    primary = primary + g
                elif isinstance(trigger, OnBanish):
                    banish = g if banish is None else banish + g
                elif isinstance(trigger, Bond):
                    bit = env.factions.get(trigger.faction, 0).bit_length() - 1
                    if bit >= 0:
                        bonds.append((bit, 2 if trigger.double else 1, g))
            self.early.append(primary.discard > 0 or primary.thin > 0)
            self.bonds.append(
                tuple(
                    (f, need, tuple(weigh(g, k) for k in range(n_phases))) for f, need, g in bonds
                )
            )
            for k in range(n_phases):
                self.need[k].append(tuple((f, v[k]) for f, _, v in self.bonds[-1]))
                now = weigh(primary, k)
                self.primary[k].append(now)
                self.banish[k].append(0.0 if banish is None else weigh(banish, k))
                bond = sum(v[k] * (0.5 if need == 1 else 0.2) for _, need, v in self.bonds[-1])
                in_play = now + bond
                self.worth_in_play[k].append(in_play)
                if compiled_card.base:
                    in_play *= base_turns(compiled_card.defense, compiled_card.guard)
                self.keep[k].append(in_play)


def base_turns(defense: int, guard: bool) -> float:
    """How many turns a base is expected to give its abilities, counting the turn it is played
    (a guard that protects its owner counts a little more)."""
    return 1.0 + min(defense, 8) / (3.0 if guard else 4.0) + (0.5 if guard else 0.0)


_LEDGERS: dict[int, tuple[Compiled, Ledger]] = {}


def ledger(compiled: Compiled) -> Ledger:
    """The ledger of a compiled pool, made once per pool per process."""
    entry = _LEDGERS.get(id(compiled))
    if entry is None or entry[0] is not compiled:
        if len(_LEDGERS) > 8:
            _LEDGERS.clear()
        entry = _LEDGERS[id(compiled)] = (compiled, Ledger(compiled))
    return entry[1]
