"""Which back each card has, as data: the back a field chooses (``back_by``), and double-faced
cards, whose back is another card's front. Pure: no drawing here.

A card type's ``back_by`` names a field; a card's value of it names a back of game.yaml
``backs:`` (per faction, per deck, per rarity...) or a card (by id or name). Then that card's
front is printed on this card's back, duplex-aligned like every back, and it is not printed
as a front of its own (unless it is double-faced itself).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardkit.diagnostics import Diagnostic, did_you_mean, error
from cardkit.model import Back, Card, Game

FACE_PREFIX = "face-"  # the back id of a double-faced card's back: 'face-' and the other card
_PLAIN = Back("")  # the back of a card whose field, deck, type and factions name none


def chosen_back(game: Game, card: Card) -> str | None:
    """The card's value of its type's ``back_by`` field; None when it has none."""
    card_type = game.card_types.get(card.type)
    if card_type is None or card_type.back_by is None:
        return None
    field = card_type.back_by
    if field == "faction":
        return card.factions[0] if card.factions else None
    value: object = card.deck if field == "deck" else card.get(field)
    if isinstance(value, str) and value.strip():
        return value.strip()
    return None


def back_of(game: Game, card: Card) -> tuple[str, Back]:
    """The id and declaration of a card's back: the one its ``back_by`` field names, else
    its deck's, else its type's, else its first faction's, else plain ("")."""
    deck = game.decks.get(card.deck) if card.deck else None
    card_type = game.card_types.get(card.type)
    faction = game.factions.get(card.factions[0]) if card.factions else None
    for back_id in (
        chosen_back(game, card),
        deck.back if deck else None,
        card_type.back if card_type else None,
        faction.back if faction else None,
    ):
        if back_id and back_id in game.backs:
            return back_id, game.backs[back_id]
    return "", _PLAIN


def back_faces(game: Game, cards: Sequence[Card]) -> dict[str, Card]:
    """The double-faced cards of ``cards``: card id -> the card printed on its back."""
    if not any(t.back_by for t in game.card_types.values()):
        return {}
    by_id: dict[str, Card] = {card.id: card for card in cards}
    by_name = {card.name: card for card in cards}
    faces: dict[str, Card] = {}
    for card in cards:
        chosen = chosen_back(game, card)
        if chosen is None or chosen in game.backs:
            continue
        other = by_id.get(chosen) or by_name.get(chosen)
        if other is not None and other.id != card.id:
            faces[card.id] = other
    return faces


def back_key(game: Game, card: Card, faces: Mapping[str, Card]) -> str:
    """What a card's back is, as an id: its back's, or 'face-' and the id of its other face."""
    face = faces.get(card.id)
    return FACE_PREFIX + face.id if face is not None else back_of(game, card)[0]


def printed_fronts(game: Game, cards: Sequence[Card]) -> list[Card]:
    """``cards`` less those printed only as the back of a double-faced card."""
    faces = back_faces(game, cards)
    backs_only = {face.id for face in faces.values()} - set(faces)
    return [card for card in cards if card.id not in backs_only]


def back_problems(game: Game, cards: Sequence[Card], sizes: Mapping[str, str]) -> list[Diagnostic]:
    """CK224 for a card whose ``back_by`` value names neither a back nor a card, or names
    itself or a card of another size (``sizes``: card id -> its size's name)."""
    found = []
    faces = back_faces(game, cards)
    names = sorted({*game.backs, *(card.id for card in cards)})
    for card in cards:
        chosen = chosen_back(game, card)
        if chosen is None or chosen in game.backs:
            continue
        card_type = game.card_types[card.type]
        field = card_type.back_by or ""
        where = card.location(field) if field in card.values else card.location()
        face = faces.get(card.id)
        if face is None:
            mine = chosen in (card.id, card.name)
            found.append(
                error(
                    "CK224",
                    f"{card.name!r} is its own back ({field} {chosen!r})"
                    if mine
                    else f"{field} {chosen!r} of {card.name!r} names no back and no card"
                    f"{did_you_mean(chosen, names)}",
                    where,
                    card=card.id,
                    hint="name a back of game.yaml 'backs:', or another card to print on "
                    "this card's back",
                )
            )
        elif sizes.get(face.id) != sizes.get(card.id):
            found.append(
                error(
                    "CK224",
                    f"{card.name!r} ({sizes.get(card.id)}) has {face.name!r} "
                    f"({sizes.get(face.id)}) on its back: the two faces differ in size",
                    where,
                    card=card.id,
                    hint="the two faces of a card must be cards of one size",
                )
            )
    return found
