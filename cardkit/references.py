"""Fields that name other cards (``card`` and ``cards`` kinds) must name a card of the set.

Evolutions, building requirements, the effect an attack plays, the unit a hero builds as:
a game declares them as card fields, and a misspelt name would otherwise pass silently.
A value may be a card's name or its id; nested fields (in lists and objects) count too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from cardkit.diagnostics import Diagnostic, did_you_mean, error
from cardkit.model import Card, CardSet, FieldSpec

Path = tuple[str | int, ...]


def _named(spec: FieldSpec, value: Any, where: Path) -> Iterator[tuple[Path, str]]:
    """Every (place, name) of a card name in ``value``, read as ``spec`` declares."""
    if spec.kind == "card" and isinstance(value, str):
        yield where, value
    elif spec.kind == "cards" and isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, str):
                yield (*where, index), item
    elif spec.kind == "list" and spec.items is not None and isinstance(value, list):
        for index, item in enumerate(value):
            yield from _named(spec.items, item, (*where, index))
    elif spec.kind == "object" and isinstance(value, dict):
        for sub in spec.fields:
            if sub.name in value:
                yield from _named(sub, value[sub.name], (*where, sub.name))


def card_names(card_set: CardSet, card: Card) -> Iterator[tuple[Path, str]]:
    """Every place in ``card`` where a field names another card, and the name written."""
    card_type = card_set.game.card_types.get(card.type)
    if card_type is None:
        return
    for spec in card_type.fields:
        if spec.name in card.values:
            yield from _named(spec, card.values[spec.name], (spec.name,))


def check_references(card_set: CardSet) -> list[Diagnostic]:
    """CK171 for each card field value that names no card of the set."""
    known = {card.name for card in card_set.cards} | {str(card.id) for card in card_set.cards}
    names = sorted({card.name for card in card_set.cards})
    found: list[Diagnostic] = []
    for card in card_set.cards:
        for where, name in card_names(card_set, card):
            if name in known:
                continue
            field = ".".join(str(part) for part in where if isinstance(part, str))
            found.append(
                error(
                    "CK171",
                    f"{field} of {card.id!r} names no card of the set: "
                    f"{name!r}{did_you_mean(name, [n for n in names if n != card.name])}",
                    card.location(*where),
                    card=card.id,
                    hint="write the name (or id) of a card of this game, or add that card",
                )
            )
    return sorted(found, key=lambda diag: diag.sort_key)
