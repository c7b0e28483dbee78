"""`cardkit validate`: every problem of a game's cards in one run.

Loading (files, YAML, schema, fields), the rules text and the set as a whole, then layouts,
icons and art, and whether each card's text fits its face; each card's ``suppress`` list
applied to them all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from cardkit.app.game import open_game
from cardkit.diagnostics import CODES, Diagnostic, count_errors
from cardkit.model import CardSet

# What validate checks: files, schema, rules text and set, rendering (CK0xx-CK2xx); a card may
# suppress the codes of other commands (rulebook CK3xx, simulator CK4xx) without being stale.
VALIDATE_CODES = frozenset(code for code in CODES if code < "CK300")


@dataclass(frozen=True, slots=True)
class Validation:
    """A game folder's cards (None when game.yaml cannot be used) and every problem found,
    sorted by place."""

    card_set: CardSet | None
    diagnostics: tuple[Diagnostic, ...]

    @property
    def errors(self) -> int:
        return count_errors(self.diagnostics)[0]

    @property
    def warnings(self) -> int:
        return count_errors(self.diagnostics)[1]

    @property
    def copies_read(self) -> int:
        """The card copies the card files hold, the flawed ones included."""
        return self.card_set.copies_read if self.card_set is not None else 0


def check_cards(card_set: CardSet, loaded: Iterable[Diagnostic] = ()) -> list[Diagnostic]:
    """Every problem of a loaded card set beyond loading it, and ``loaded`` (the problems
    found loading it), less what the cards' ``suppress`` lists silence, sorted by place."""
    from cardkit.render.measure import measure_cards
    from cardkit.render.style import prepare_style
    from cardkit.rules.check import check_card_text
    from cardkit.rules.suppress import apply_suppressions

    # Layouts, icons and art, and whether each card's text fits its face (CK2xx).
    style, looks = prepare_style(card_set.game, card_set.cards)
    fits = measure_cards(style, card_set.cards)
    found = [*loaded, *check_card_text(card_set), *looks, *fits]
    return apply_suppressions(card_set, found, ran=VALIDATE_CODES)


def validate(path: str | Path) -> Validation:
    """Load the game folder at ``path`` and check its cards: every problem at once."""
    card_set, found = open_game(path)
    if card_set is not None:
        found = check_cards(card_set, found)
    return Validation(card_set, tuple(found))
