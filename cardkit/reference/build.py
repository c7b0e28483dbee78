"""A game's reference pages as one content model, built from its card set."""

from __future__ import annotations

from collections.abc import Mapping

from cardkit.diagnostics import Diagnostic
from cardkit.model import CardSet
from cardkit.reference.content import Reference
from cardkit.reference.sheets import sheet_sections
from cardkit.reference.standard import (
    card_list_section,
    contents_section,
    icon_section,
    keyword_section,
)
from cardkit.reference.stats import stats_section
from cardkit.rules.effects import Ability
from cardkit.rules.vocab import Vocabulary


def build_reference(
    card_set: CardSet, abilities: Mapping[str, tuple[Ability, ...]]
) -> tuple[Reference, list[Diagnostic]]:
    """The reference of ``card_set``; ``abilities`` holds each card's parsed rules text
    (a card missing from it shows its text as written)."""
    game = card_set.game
    vocab = Vocabulary.of(game)

    def canonical(ability: Ability) -> str:
        return ability.text(vocab)

    sheets, found = sheet_sections(card_set, abilities, canonical)
    sections = (
        contents_section(card_set),
        card_list_section(card_set, abilities, canonical),
        icon_section(card_set, abilities),
        keyword_section(game),
        stats_section(card_set, abilities, vocab),
        *sheets,
    )
    subtitle = f"Reference pages: {card_set.total_copies} cards"
    return Reference(game.id, game.name, subtitle, sections), found
