"""Walking parsed rules text: the clauses an ability holds, and what they add up to."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from cardkit.effects import (
    Ability,
    And,
    AtEndOf,
    Bond,
    Choice,
    Conditional,
    Effect,
    ForEach,
    Gain,
    OnBanish,
    Sequence,
    Then,
    Trigger,
)
from cardkit.effects.vocab import Vocabulary

# How the statistics name a kind of clause; a kind missing here is named from its class.
CLAUSE_LABELS: Mapping[str, str] = {
    "Draw": "Draw",
    "Discard": "Discard",
    "OpponentDiscards": "Opponent discards",
    "BanishCards": "Banish cards",
    "AcquireFree": "Acquire free",
    "DestroyTarget": "Destroy target",
    "NextAcquireOnTop": "Acquire on top",
    "PutFromDiscardOnTop": "Discard to top",
    "CopyAnother": "Copy another",
    "EveryFaction": "Every faction",
    "GainPerCost": "Gain per cost",
    "Special": "Special",
}

TRIGGER_KINDS: tuple[str, ...] = ("Primary", "Bond", "Double bond", "Banish")


def clause_label(clause: Effect) -> str:
    name = type(clause).__name__
    if name in CLAUSE_LABELS:
        return CLAUSE_LABELS[name]
    return re.sub(r"(?<!^)(?=[A-Z])", " ", name).capitalize()


def clauses(effect: Effect) -> Iterator[Effect]:
    """Every clause of an effect, options of a choice included, in text order."""
    if isinstance(effect, Sequence | And | Then):
        for child in effect.effects:
            yield from clauses(child)
    elif isinstance(effect, Choice):
        for option in effect.options:
            yield from clauses(option)
    elif isinstance(effect, Conditional | AtEndOf):
        yield from clauses(effect.effect)
    elif isinstance(effect, ForEach):
        yield effect.effect
    else:
        yield effect


def trigger_kind(trigger: Trigger) -> str:
    if isinstance(trigger, Bond):
        return "Double bond" if trigger.double else "Bond"
    if isinstance(trigger, OnBanish):
        return "Banish"
    return "Primary"


@dataclass(frozen=True, slots=True)
class EffectTotals:
    """Over every copy of every card: resources gained and clauses, by trigger kind."""

    gained: Mapping[str, Mapping[str, int]]  # resource id -> trigger kind -> amount
    clauses: Mapping[str, Mapping[str, int]]  # clause label -> trigger kind -> copies


def effect_totals(
    abilities: Mapping[str, tuple[Ability, ...]], copies: Mapping[str, int], vocab: Vocabulary
) -> EffectTotals:
    gained: dict[str, dict[str, int]] = {key: {} for key, _ in vocab.resources}
    counted: dict[str, dict[str, int]] = {}
    for card_id, card_abilities in abilities.items():
        n = copies[card_id]
        for ability in card_abilities:
            kind = trigger_kind(ability.trigger)
            for clause in clauses(ability.effect):
                labels = [clause_label(clause)]
                if isinstance(clause, Gain):
                    labels = [f"Gain {vocab.resource(r)}" for r, _ in clause.amounts]
                    for resource, amount in clause.amounts:
                        per = gained.setdefault(resource, {})
                        per[kind] = per.get(kind, 0) + amount * n
                for label in labels:
                    per_clause = counted.setdefault(label, {})
                    per_clause[kind] = per_clause.get(kind, 0) + n
    return EffectTotals(gained, dict(sorted(counted.items())))
