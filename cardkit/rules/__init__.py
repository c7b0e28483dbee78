"""Rules text: the grammar (grammar.lark), the effect values it builds, and checks.

Parse a line with a game's vocabulary, and print it back::

    ability = parse_ability("{Red Guild Ally}: {Draw a card}", game)
    str(ability)  # 'Red Guild Ally: Draw a card.'

Lark is imported here and nowhere else in cardkit; import this package lazily from code that
must stay light (the command line).
"""

from __future__ import annotations

from cardkit.rules.parser import parse_ability, parse_card_text, rules_parser
from cardkit.rules.vocab import Vocabulary

__all__ = ["Vocabulary", "parse_ability", "parse_card_text", "rules_parser"]
