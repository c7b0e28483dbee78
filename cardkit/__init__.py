"""cardkit: card data, checks, print-and-play and reference pages for card-game designers.

The public API (``cardkit.api``) is here too, loaded on first use, so that importing a part
of cardkit (``cardkit.model``) loads nothing else:

    import cardkit

    cards, problems = cardkit.load_game("cards/star-realms")
    problems += cardkit.check(cards)

Functions: load_game, check, unparsed_rules_text, build_deck, build_rulebook, simulate,
import_spreadsheet, format_rules_text, new_game, length. Their options: BuildOptions,
RulebookOptions, SimOptions.
"""

from __future__ import annotations

import importlib as _importlib

# typing.TYPE_CHECKING without importing typing (a few ms of every command's start-up)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from cardkit.api import (
        BuildOptions,
        Card,
        CardkitError,
        CardSet,
        Diagnostic,
        Game,
        Location,
        RulebookOptions,
        SimOptions,
        build_deck,
        build_rulebook,
        check,
        format_rules_text,
        import_spreadsheet,
        length,
        load_game,
        new_game,
        simulate,
        unparsed_rules_text,
    )
del TYPE_CHECKING

__version__ = "0.1.0"

# The names of cardkit.api, kept equal to its __all__ by a test.
__all__ = [
    "BuildOptions",
    "Card",
    "CardSet",
    "CardkitError",
    "Diagnostic",
    "Game",
    "Location",
    "RulebookOptions",
    "SimOptions",
    "build_deck",
    "build_rulebook",
    "check",
    "format_rules_text",
    "import_spreadsheet",
    "length",
    "load_game",
    "new_game",
    "simulate",
    "unparsed_rules_text",
]


def __getattr__(name: str) -> Any:
    """The API's names, imported from ``cardkit.api`` when first asked for (PEP 562)."""
    if name in __all__:
        value = getattr(_importlib.import_module("cardkit.api"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'cardkit' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The API's names and the package's own (its submodules once imported), not the
    modules this file uses."""
    own = (name for name in globals() if name.startswith("__") or not name.startswith("_"))
    return sorted({*own, *__all__})
