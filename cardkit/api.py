"""cardkit's public API: what the command line does, as typed functions (``import cardkit``).

Each function takes paths and options and returns values and diagnostics; none prints or
exits. The command line is a thin layer over the same use cases (``cardkit.app``).
"""

from __future__ import annotations

from pathlib import Path

from cardkit.diagnostics import Diagnostic
from cardkit.model import CardSet

__all__ = ["check", "load_game"]


def load_game(path: str | Path) -> tuple[CardSet | None, list[Diagnostic]]:
    """A game folder's cards, checked against its schema, and every problem found loading
    them; the card set is None when game.yaml itself cannot be used."""
    from cardkit.load.cards import load_card_set

    return load_card_set(Path(path), str(path))


def check(card_set: CardSet) -> list[Diagnostic]:
    """Every problem of a loaded card set's rules text and of the set as a whole, sorted by
    place: what ``cardkit validate`` reports beyond loading (layouts and text fit aside)."""
    from cardkit.rules.check import check_card_text

    return check_card_text(card_set)
