"""Opening a game folder: what every use case starts from."""

from __future__ import annotations

from pathlib import Path

from cardkit.diagnostics import Diagnostic
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet


def open_game(
    path: str | Path, *, max_copies: int | None = None
) -> tuple[CardSet | None, list[Diagnostic]]:
    """A game folder's cards, checked against its schema, and every problem found loading
    them, located as ``path`` is written; the card set is None when game.yaml itself cannot
    be used. With ``max_copies``, a folder of more card copies than that is refused (CK006)."""
    return load_card_set(Path(path), str(path), max_copies=max_copies)
