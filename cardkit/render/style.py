"""Everything a game's cards look like, loaded once per build: the game, its layouts, icons, art."""

from __future__ import annotations

from dataclasses import dataclass

from cardkit.diagnostics import Diagnostic
from cardkit.model import Game


@dataclass(frozen=True)
class CardStyle:
    """What the face and back drawing functions need besides the card itself."""

    game: Game


def prepare_style(game: Game) -> tuple[CardStyle, list[Diagnostic]]:
    """The style of ``game``'s cards and the problems found loading it."""
    return CardStyle(game), []
