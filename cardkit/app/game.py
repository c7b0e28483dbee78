"""Opening a game folder: what every use case starts from."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from cardkit.diagnostics import Diagnostic, Severity
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet


def open_game(
    path: str | Path, *, max_copies: int | None = None, plays: bool = True
) -> tuple[CardSet | None, list[Diagnostic]]:
    """A game folder's cards, checked against its schema, and every problem found loading
    them, located as ``path`` is written; the card set is None when game.yaml itself cannot
    be used. With ``max_copies``, a folder of more card copies than that is refused (CK006).
    Without ``plays`` (a command that does not play the game: build, rulebook), what is
    wrong with ``play:`` is told as warnings: only the simulator needs it."""
    card_set, found = load_card_set(Path(path), str(path), max_copies=max_copies)
    if card_set is None or plays or not card_set.game.play_problems:
        return card_set, found
    play = set(card_set.game.play_problems)
    return card_set, [_not_played(d) if d in play else d for d in found]


def _not_played(problem: Diagnostic) -> Diagnostic:
    hint = "only 'cardkit sim' reads 'play:'; 'cardkit validate' checks it"
    return replace(problem, severity=Severity.WARNING, hint=hint)
