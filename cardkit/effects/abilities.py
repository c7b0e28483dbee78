"""Abilities: a trigger (primary, ally, scrap, a cost paid) and an effect; ``walk`` over nodes."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, fields

from cardkit.effects.forms import fill
from cardkit.effects.node import Effect, Node, check_amounts
from cardkit.effects.vocab import Vocabulary


@dataclass(frozen=True, slots=True)
class Trigger(Node):
    """When an ability happens."""

    def label(self, vocab: Vocabulary) -> str:
        """The words before the colon ('' for a primary ability)."""
        raise NotImplementedError(type(self).__name__)

    def phrase(self, vocab: Vocabulary) -> str:
        return self.label(vocab)

    def text(self, vocab: Vocabulary) -> str:
        return self.label(vocab)

    @property
    def separator(self) -> str:
        """What stands between the label and the effect. (A property, not a class attribute:
        mypyc gives a dataclass's class attributes to ``dataclass`` as fields.)"""
        return ": "


@dataclass(frozen=True, slots=True)
class Primary(Trigger):
    """When the card is played (every turn, for a card that stays in play)."""

    def label(self, vocab: Vocabulary) -> str:
        return ""


@dataclass(frozen=True, slots=True)
class Bond(Trigger):
    """When another card of ``faction`` is in play (``double``: two others)."""

    faction: str
    double: bool = False

    def label(self, vocab: Vocabulary) -> str:
        text = vocab.label_text("bond", 2 if self.double else 1)
        if text is None:  # a vocabulary without the game's label: the faction, and how many
            return vocab.faction(self.faction) + (" x2" if self.double else "")
        return fill(text, (self.faction,), vocab)


@dataclass(frozen=True, slots=True)
class OnBanish(Trigger):
    """When the player pays the game's cost that removes the card from play (its label of
    meaning 'cost': Star Realms' "Scrap")."""

    def label(self, vocab: Vocabulary) -> str:
        return vocab.label_text("cost") or "Remove this card"


@dataclass(frozen=True, slots=True)
class AbilityCost(Trigger):
    """When the player pays the cost, from the card's own counters: ``(2)P``, ``(1)P(3)R``."""

    costs: tuple[tuple[str, int], ...]

    def __post_init__(self) -> None:
        check_amounts(self.costs, "an ability cost needs", "an ability's cost")

    def label(self, vocab: Vocabulary) -> str:
        return "".join(vocab.cost(resource, n) for resource, n in self.costs)


PRIMARY = Primary()
ON_BANISH = OnBanish()


@dataclass(frozen=True, slots=True)
class Ability(Node):
    """One line of rules text: a trigger and an effect."""

    trigger: Trigger
    effect: Effect

    def phrase(self, vocab: Vocabulary) -> str:
        return self.text(vocab)

    def text(self, vocab: Vocabulary) -> str:
        label = self.trigger.label(vocab)
        body = self.effect.text(vocab)
        if self.trigger.separator == ", ":  # the sentence goes on: its first word as written
            body = self.effect.phrase(vocab)[:1] + body[1:]
        return f"{label}{self.trigger.separator}{body}" if label else body


def walk(node: Node) -> Iterator[Node]:
    """``node`` and every node inside it, depth first, in the order the text writes them."""
    yield node
    for spec in fields(node):
        if spec.name in ("pos", "vocab"):
            continue
        value = getattr(node, spec.name)
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, Node):
                yield from walk(item)
