"""Rules-text checks over a card set: every problem as a diagnostic, located at its character.

A check is a function from a ``CheckContext`` (every card's text parsed once, see
``context.py``) to diagnostics. ``CHECKS`` lists them; ``check_card_text`` runs them all.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from cardkit.diagnostics import Diagnostic, error
from cardkit.effects import Bond
from cardkit.model import CardSet
from cardkit.rules.constraints import check_constraints
from cardkit.rules.context import CheckContext, parse_set
from cardkit.rules.costmodel import check_costs
from cardkit.rules.deckrules import check_copy_limits, check_deck_bounds, check_size_rules
from cardkit.rules.keywords import check_keyword_cards, check_keyword_params
from cardkit.rules.phrasing import phrasing_diagnostics
from cardkit.rules.references import check_references
from cardkit.rules.unparsed import check_markup
from cardkit.rules.unparsed import unparsed_text as unparsed_text  # its home before unparsed.py
from cardkit.rules.wording import check_drift, check_slips


def check_bond_factions(context: CheckContext) -> list[Diagnostic]:
    """CK102: an ally ability on a card with no faction."""
    found: list[Diagnostic] = []
    vocab = context.vocab
    for card in context.card_set.cards:
        if card.factions:
            continue
        for parsed in context.parsed.get(card.id, []):
            trigger = parsed.ability.trigger
            if not isinstance(trigger, Bond):
                continue
            column = trigger.pos.column if trigger.pos else 1
            found.append(
                error(
                    "CK102",
                    f"bond ability {trigger.label(vocab)!r} on a card with no faction "
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


def check_phrasing(context: CheckContext) -> list[Diagnostic]:
    """CK061: the game's declared phrasing that the grammar does not read as declared."""
    found = phrasing_diagnostics(context.card_set.game, context.reader)
    context.reader.save()  # the examples of the game's phrasing, read back next time
    return found


Check = Callable[[CheckContext], list[Diagnostic]]

CHECKS: tuple[Check, ...] = (
    check_phrasing,
    check_bond_factions,
    check_markup,
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

# The checks that judge a card's rules text by itself and the game: they also run on the
# cards the set leaves out for errors in other fields (``CardSet.flawed``), with the parse
# errors of their text. The other checks weigh the text against the card's fields or the set's
# totals; on a flawed card they would only repeat its errors, so they do not run on it.
TEXT_CHECKS: tuple[Check, ...] = (
    check_keyword_params,
    check_slips,
    check_references,
    check_markup,
)


def check_card_text(card_set: CardSet) -> list[Diagnostic]:
    """Every rules-text problem of every card, sorted by place."""
    context = parse_set(card_set)
    found = list(context.parse_errors)
    for check in CHECKS:
        found.extend(check(context))
    found.extend(check_flawed_text(card_set))
    found.sort(key=lambda diag: diag.sort_key)
    return found


def check_flawed_text(card_set: CardSet) -> list[Diagnostic]:
    """The parse errors and ``TEXT_CHECKS`` problems of the set's flawed cards, judged as
    part of the whole set (its card names, its quotes)."""
    ids = {card.id for card in card_set.cards}
    # A flawed card with the id of a loaded card cannot be told apart from it here.
    flawed = [card for card in card_set.flawed if card.id not in ids]
    if not flawed:
        return []
    whole = dataclasses.replace(card_set, cards=(*card_set.cards, *flawed), flawed=())
    context = parse_set(whole)
    found = list(context.parse_errors)
    for check in TEXT_CHECKS:
        found.extend(check(context))
    flawed_ids = {card.id for card in flawed}
    return [diag for diag in found if diag.card in flawed_ids]
