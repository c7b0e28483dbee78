"""A small game for the export tests: two card sizes, two backs, cards with copies."""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from cardkit.load.cards import load_card_set
from cardkit.model import CardSet

T = TypeVar("T")

GAME = (Path(__file__).parent / "fixtures" / "exports" / "game.yaml").read_text(encoding="utf-8")

CARDS = """\
- {name: Red Fighter, type: ship, faction: red, cost: 2, count: 3, text: Gain 2 Combat.}
- {name: Blue Trader, type: ship, faction: blue, cost: 1, text: Gain 2 Trade.}
- {name: Red Keep, type: base, faction: red, cost: 4, defense: 5, count: 2}
"""

TOKEN = "- {name: Coin, type: token, count: 4}\n"


def write_game(root: Path, cards: str = CARDS, *, game: str = GAME) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "game.yaml").write_text(game, encoding="utf-8")
    (root / "cards.yaml").write_text("cards:\n" + textwrap.indent(cards, "  "), encoding="utf-8")
    return root


def load(root: Path) -> CardSet:
    card_set, found = load_card_set(root, str(root))
    assert card_set is not None and not found, [str(d) for d in found]
    return card_set


def fails_on_call(real: Callable[..., T], number: int, error: Exception) -> Callable[..., T]:
    """``real``, except that its ``number``-th call raises ``error`` (to interrupt exports)."""
    calls: list[int] = []

    def wrapper(*args: Any, **kwargs: Any) -> T:
        calls.append(1)
        if len(calls) == number:
            raise error
        return real(*args, **kwargs)

    return wrapper
