"""A game's reference pages as one content model, built from its card set."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardkit.diagnostics import Diagnostic, did_you_mean, error
from cardkit.effects import Ability
from cardkit.effects.vocab import Vocabulary
from cardkit.model import CardSet, Game
from cardkit.reference.content import Reference, Section
from cardkit.reference.sheets import sheet_sections
from cardkit.reference.standard import (
    card_list_section,
    contents_section,
    icon_section,
    keyword_section,
)
from cardkit.reference.stats import stats_section
from cardkit.reference.words import CardText


def build_reference(
    card_set: CardSet, texts: Mapping[str, CardText]
) -> tuple[Reference, list[Diagnostic]]:
    """The reference of ``card_set``; ``texts`` holds each card's rules text line by line,
    parsed (a card missing from it shows its text as written). Only parsed lines count in
    the statistics."""
    game = card_set.game
    vocab = Vocabulary.of(game)
    abilities = {
        card_id: tuple(line for line in lines if isinstance(line, Ability))
        for card_id, lines in texts.items()
    }
    unparsed = sum(
        card.count * sum(isinstance(line, str) for line in texts.get(card.id, ()))
        for card in card_set.cards
    )
    sheets, found = sheet_sections(card_set)
    sections = (
        contents_section(card_set),
        card_list_section(card_set),
        icon_section(card_set, abilities),
        keyword_section(game),
        stats_section(card_set, abilities, vocab, unparsed=unparsed),
        *sheets,
    )
    chosen, problems = chosen_sections(game, sections)
    found = [*found, *problems]
    subtitle = f"Reference pages: {card_set.total_copies} cards"
    return Reference(game.id, game.name, subtitle, chosen), found


def _name(section: Section) -> str:
    """What game.yaml's ``rulebook.sections`` calls a section: a sheet by its id."""
    return section.id.removeprefix("sheet-")


def chosen_sections(
    game: Game, sections: Sequence[Section]
) -> tuple[tuple[Section, ...], list[Diagnostic]]:
    """The sections ``rulebook.sections`` of game.yaml lists, in its order (all of them
    when it lists none); CK316 for each name that is no section."""
    names = game.rulebook_sections
    if names is None:
        return tuple(sections), []
    by_name = {_name(section): section for section in sections}
    chosen, found = [], []
    for index, name in enumerate(names):
        section = by_name.get(name)
        if section is None:
            found.append(
                error(
                    "CK316",
                    f"rulebook section {name!r} is not a section of the reference pages"
                    f"{did_you_mean(name, by_name)}",
                    game.source.at(("rulebook", "sections", index)),
                    hint=f"sections are {', '.join(by_name)}",
                )
            )
        elif section not in chosen:
            chosen.append(section)
    return tuple(chosen), found
