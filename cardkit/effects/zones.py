"""Zones as effects name them: 'your hand', 'the trade row', 'on top of your deck'."""

from __future__ import annotations

from collections.abc import Mapping

from cardkit.effects.vocab import Vocabulary

Zone = str
"""A zone id of the game's ``zones`` (game.yaml): 'hand', 'discard'."""
Destination = str
"""Where a card goes: a zone id, 'top-of-<zone id>', or 'discard' (the default, unsaid)."""

# How effects built without a game's vocabulary name a player's own generic zones; every
# other zone (game.yaml 'zones') is named by the game's vocabulary.
_ZONE_WORDS: Mapping[str, tuple[str, str]] = {
    "hand": ("your", "hand"),
    "discard": ("your", "discard pile"),
    "deck": ("your", "deck"),
}
DECK = "deck"
"""The id of the zone that 'on top of your deck' names; a game's deck zone has this id."""
TOP_OF = "top-of-"
"""A destination on top of a zone: 'top-of-deck'."""


def destination_phrase(destination: str, vocab: Vocabulary) -> str:
    """' and put it into your hand', ' and put it on top of your deck', or '' (discard)."""
    if destination == "discard":
        return ""
    if destination.startswith(TOP_OF):
        return " and put it on top of " + zone_phrase(destination[len(TOP_OF) :], vocab)
    return " and put it into " + zone_phrase(destination, vocab)


def zone_phrase(zone: str, vocab: Vocabulary) -> str:
    """A zone as text writes it: 'your discard pile', 'the trade row'."""
    return " ".join(zone_words(zone, vocab))


def zone_words(zone: str, vocab: Vocabulary) -> tuple[str, str]:
    """A zone's owner word and name: ('your', 'discard pile'), ('the', 'trade row')."""
    return vocab.zone(zone) or _ZONE_WORDS.get(zone) or ("your", zone)


def check_zone(zone: object) -> None:
    """Raise unless ``zone`` is a zone id."""
    if not isinstance(zone, str) or not zone:
        raise ValueError(f"a zone must be an id, not {zone!r}")
