"""Choosing cards by id or name, for ``cardkit build --only``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cardkit.diagnostics import did_you_mean
from cardkit.errors import UsageError
from cardkit.model import Card, CardSet
from cardkit.render.sides import back_faces


def find_card(card_set: CardSet, wanted: str) -> Card | None:
    """The card whose id is ``wanted``, else whose name is (ignoring case)."""
    for card in card_set.cards:
        if card.id == wanted:
            return card
    folded = wanted.casefold()
    for card in card_set.cards:
        if card.name.casefold() == folded:
            return card
    return None


def select_cards(card_set: CardSet, wanted: Sequence[str]) -> CardSet:
    """``card_set`` with only the cards named in ``wanted``, in their original order (and
    the other face of each double-faced one, printed on its back).

    A name that matches no card is a usage error naming every such name, each with the
    closest id or name when there is one.
    """
    chosen: set[str] = set()
    unknown: list[str] = []
    for text in wanted:
        card = find_card(card_set, text)
        if card is None:
            unknown.append(text)
        else:
            chosen.add(card.id)
    if unknown:
        names = [c.id for c in card_set.cards] + [c.name for c in card_set.cards]
        problems = "; ".join(f"{text!r}{did_you_mean(text, names)}" for text in unknown)
        noun = "card" if len(unknown) == 1 else "cards"
        raise UsageError(
            f"--only: no {noun} {problems} in {card_set.game.name!r}; "
            "give a card's id or its name as written in its card file"
        )
    faces = back_faces(card_set.game, card_set.cards)  # a double-faced card keeps its back
    chosen |= {faces[card_id].id for card_id in chosen if card_id in faces}
    return replace(card_set, cards=tuple(c for c in card_set.cards if c.id in chosen))
