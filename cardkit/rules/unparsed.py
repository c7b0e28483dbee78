"""What a command that prints rules text as written says of it: each line that does not parse,
and markup that does not work, as warnings (``cardkit build``). Apart from ``check.py`` so that
a build does not import every check of ``validate``."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

from cardkit.diagnostics import Diagnostic, Location, Severity, warning
from cardkit.model import CORE_FIELDS, Card, CardSet
from cardkit.rules.locate import CardFiles
from cardkit.rules.printed import all_parse, markup_slips

if TYPE_CHECKING:  # the parse of every card's text: imported when a line is not known to parse
    from cardkit.rules.context import CheckContext


def check_markup(context: CheckContext) -> list[Diagnostic]:
    """CK113, CK114: markup in a card's text, or any text field, that does not work (it is
    printed as written): bold or italic never closed, an icon name the game does not know."""
    return _markup_warnings(context.card_set, context.at)


def _markup_warnings(
    card_set: CardSet, at: Callable[[Card, int, int, str], Location]
) -> list[Diagnostic]:
    game = card_set.game
    found: list[Diagnostic] = []
    for card in card_set.cards:
        fields = [("text", card.text)]
        fields += [
            (name, value)
            for name, value in card.values.items()
            if isinstance(value, str) and (name == "flavor" or name not in CORE_FIELDS)
        ]  # what prints: not an id, a picture's path or the designer's notes
        for field, text in fields:
            for slip in markup_slips(game, text):
                where = "rules text" if field == "text" else f"field {field!r}"
                found.append(
                    warning(
                        slip.code,
                        f"{slip.message} in {where} of {card.id!r}",
                        at(card, slip.line, slip.column, field),
                        card=card.id,
                        hint=slip.hint,
                    )
                )
    return found


def unparsed_text(card_set: CardSet) -> list[Diagnostic]:
    """What ``check_card_text`` says of each line of rules text that does not parse, at the
    same place and in the same words, as warnings, and of markup that does not work: for
    commands that go on and print such text as written (``cardkit build``). Each distinct
    line is parsed once; none when each was known to parse in an earlier run (``printed.py``
    keeps them), so that neither the parser nor the effect classes are needed."""
    if all_parse(card_set.game, (card.text for card in card_set.cards)):
        return _markup_warnings(card_set, CardFiles(card_set.game).at)
    from cardkit.rules.context import parse_set

    context = parse_set(card_set)
    return [
        *(
            dataclasses.replace(
                diag,
                severity=Severity.WARNING,
                hint=f"{diag.hint}; " * bool(diag.hint) + "the card is printed with it as written",
            )
            for diag in context.parse_errors
        ),
        *check_markup(context),
    ]
