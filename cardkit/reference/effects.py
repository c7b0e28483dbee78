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
from cardkit.effects.core import Act, Choose, Declared, Framed, Shorthand
from cardkit.effects.vocab import Vocabulary
from cardkit.rules.grammar import verb_forms

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


def clause_label(clause: Effect, vocab: Vocabulary | None = None) -> str:
    """How the statistics name a clause: a core move by its verb ('Discover', 'Take'), any
    other by its kind."""
    if isinstance(clause, Act) and vocab is not None:
        return _verb_base(clause.verb, vocab).capitalize()
    if isinstance(clause, Declared):  # a sentence of the game's own, by its key
        return clause.key.replace("-", " ").replace("_", " ").capitalize()
    name = type(clause).__name__
    if name in CLAUSE_LABELS:
        return CLAUSE_LABELS[name]
    return re.sub(r"(?<!^)(?=[A-Z])", " ", name).capitalize()


def _verb_base(verb: str, vocab: Vocabulary) -> str:
    """The base form of a verb as written ('takes' -> 'take', 'looks at' -> 'look at')."""
    first, _, rest = verb.casefold().partition(" ")
    for base, s_form, ed in verb_forms(vocab):
        head, _, tail = base.casefold().partition(" ")
        if tail == rest and first in (head, s_form.casefold().partition(" ")[0], ed.casefold()):
            return base
    return verb


def clauses(effect: Effect) -> Iterator[Effect]:
    """Every clause of an effect, options of a choice included, in text order: the clauses
    under a trigger, a time or a condition ('When ..., ...') too, and those a shorthand
    form means."""
    if isinstance(effect, Sequence | And | Then):
        for child in effect.effects:
            yield from clauses(child)
    elif isinstance(effect, Choice | Choose):
        for option in effect.options:
            yield from clauses(option)
    elif isinstance(effect, Conditional | AtEndOf | Framed):
        yield from clauses(effect.effect)
    elif isinstance(effect, Shorthand) and effect.meaning is not None:
        yield from clauses(effect.meaning)  # '+2 Cards' is the Draw it means
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
                labels = [clause_label(clause, vocab)]
                if isinstance(clause, Gain):
                    labels = [f"Gain {vocab.resource(r)}" for r, _ in clause.amounts]
                    for resource, amount in clause.amounts:
                        per = gained.setdefault(resource, {})
                        per[kind] = per.get(kind, 0) + amount * n
                for label in labels:
                    per_clause = counted.setdefault(label, {})
                    per_clause[kind] = per_clause.get(kind, 0) + n
    return EffectTotals(gained, dict(sorted(counted.items())))
