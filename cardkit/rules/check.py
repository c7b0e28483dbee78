"""Rules-text checks over a card set: every problem as a diagnostic, located at its character.

A check is a function from a ``CheckContext`` (every card's text parsed once, see
``context.py``) to diagnostics. ``CHECKS`` lists them; ``check_card_text`` runs them all.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from cardkit.constraints import check_constraints
from cardkit.diagnostics import Diagnostic, Severity, error
from cardkit.model import CardSet
from cardkit.rules.context import CheckContext, parse_set
from cardkit.rules.costmodel import check_costs
from cardkit.rules.deckrules import check_copy_limits, check_deck_bounds, check_size_rules
from cardkit.rules.effects import Ally
from cardkit.rules.keywords import check_keyword_cards, check_keyword_params
from cardkit.rules.references import check_references
from cardkit.rules.wording import check_drift, check_slips


def check_ally_factions(context: CheckContext) -> list[Diagnostic]:
    """CK102: an ally ability on a card with no faction."""
    found: list[Diagnostic] = []
    vocab = context.parser.vocab
    for card in context.card_set.cards:
        if card.factions:
            continue
        for parsed in context.parsed.get(card.id, []):
            trigger = parsed.ability.trigger
            if not isinstance(trigger, Ally):
                continue
            column = trigger.pos.column if trigger.pos else 1
            found.append(
                error(
                    "CK102",
                    f"ally ability {trigger.label(vocab)!r} on a card with no faction "
                    f"in rules text of {card.id!r}",
                    context.at(card, parsed.line, column),
                    card=card.id,
                    hint="give the card a faction, or make the ability a primary one",
                )
            )
    return found


def check_game_constraints(context: CheckContext) -> list[Diagnostic]:
    """CK170 and CK031: the conditions the game declares under 'constraints:' (constraints.py)."""
    return check_constraints(context.card_set)


Check = Callable[[CheckContext], list[Diagnostic]]

CHECKS: tuple[Check, ...] = (
    check_ally_factions,
    check_keyword_params,
    check_keyword_cards,
    check_game_constraints,
    check_drift,
    check_slips,
    check_deck_bounds,
    check_size_rules,
    check_copy_limits,
    check_references,
    check_costs,
)


def check_card_text(card_set: CardSet) -> list[Diagnostic]:
    """Every rules-text problem of every card, sorted by place."""
    context = parse_set(card_set)
    found = list(context.parse_errors)
    for check in CHECKS:
        found.extend(check(context))
    found.sort(key=lambda diag: diag.sort_key)
    return found


def unparsed_text(card_set: CardSet) -> list[Diagnostic]:
    """What ``check_card_text`` says of each line of rules text that does not parse, at the
    same place and in the same words, as warnings: for commands that go on and print such
    text as written (``cardkit build``). Each distinct line is parsed once."""
    return [
        dataclasses.replace(
            diag,
            severity=Severity.WARNING,
            hint=f"{diag.hint}; " * bool(diag.hint) + "the card is printed with it as written",
        )
        for diag in parse_set(card_set).parse_errors
    ]
