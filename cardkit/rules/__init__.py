"""Rules text: the grammar (grammar.lark) that builds effect values (``cardkit.effects``), and
the checks of a card set.

Parse a line with a game's vocabulary, and print it back::

    from cardkit.rules.parser import parse_ability
    ability = parse_ability("{Red Guild Ally}: {Draw a card}", game)
    str(ability)  # 'Red Guild Ally: Draw a card.'

Lark is imported in this package only (the parser, its handlers and its error messages).
Importing the package itself imports nothing heavy: the names below load their module when
first used.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardkit.effects.vocab import Vocabulary
    from cardkit.rules.parser import parse_ability, parse_card_text, rules_parser

__all__ = ["Vocabulary", "parse_ability", "parse_card_text", "rules_parser"]

_HOME = {
    "Vocabulary": "cardkit.effects.vocab",
    "parse_ability": "cardkit.rules.parser",
    "parse_card_text": "cardkit.rules.parser",
    "rules_parser": "cardkit.rules.parser",
}


def __getattr__(name: str) -> Any:
    if name in _HOME:
        return getattr(import_module(_HOME[name]), name)
    raise AttributeError(f"module 'cardkit.rules' has no attribute {name!r}")
