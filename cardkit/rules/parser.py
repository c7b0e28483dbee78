"""Rules text in, effect values out: the LALR parser built from grammar.lark for one game.

The grammar file knows no game. ``rules_parser(game)`` appends terminals for the game's
resource, faction and card type names (and the special effects of the registry), builds a
Lark LALR parser whose handlers (``Builder`` of ``handlers.py``, one method per rule) construct
the effect values while parsing, and caches it per vocabulary. The messages for text the
grammar does not accept are made in ``parse_errors.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lark import Lark
from lark.exceptions import UnexpectedInput

from cardkit.effects import Ability
from cardkit.effects.vocab import Vocabulary
from cardkit.model import Game
from cardkit.rules.grammar import STARTS, game_terminals, grammar_text
from cardkit.rules.handlers import Builder, handler_names
from cardkit.rules.parse_errors import TERMINAL_WORDS, syntax_error
from cardkit.rules.parsecache import parser_cache

__all__ = [
    "STARTS",
    "TERMINAL_WORDS",
    "RulesParser",
    "game_terminals",
    "grammar_text",
    "handler_names",
    "parse_ability",
    "parse_card_text",
    "rules_parser",
]


@dataclass(frozen=True, eq=False)
class RulesParser:
    """The rules-text parser for one game's vocabulary."""

    vocab: Vocabulary
    lark: Lark

    def parse_ability(self, text: str) -> Ability:
        result: Ability = self._parse(text, "ability")
        return result

    def parse_card_text(self, text: str) -> tuple[Ability, ...]:
        if not text.strip():
            return ()
        result: tuple[Ability, ...] = self._parse(text, "card_text")
        return result

    def _parse(self, text: str, start: str) -> Any:
        try:
            return self.lark.parse(text, start=start)
        except UnexpectedInput as exc:
            raise syntax_error(self.vocab, text, exc) from None


@lru_cache(maxsize=32)
def _parser_for(vocab: Vocabulary) -> RulesParser:
    grammar = grammar_text() + game_terminals(vocab)
    lark = Lark(
        grammar,
        cache=parser_cache(grammar) or False,  # tables kept between runs
        parser="lalr",
        lexer="contextual",
        start=list(STARTS),
        transformer=Builder(vocab),
        maybe_placeholders=True,
    )
    return RulesParser(vocab, lark)


_RECENT: dict[int, tuple[Game, RulesParser]] = {}


def rules_parser(game: Game | Vocabulary) -> RulesParser:
    """The parser for a game's rules text (built once per vocabulary, then cached)."""
    if isinstance(game, Vocabulary):
        return _parser_for(game)
    # Deriving the vocabulary costs as much as parsing a short line; remember it per Game
    # object (kept alive here, so its id cannot be reused while it is remembered).
    recent = _RECENT.get(id(game))
    if recent is not None and recent[0] is game:
        return recent[1]
    parser = _parser_for(Vocabulary.of(game))
    if len(_RECENT) >= 32:
        _RECENT.clear()
    _RECENT[id(game)] = (game, parser)
    return parser


def parse_ability(text: str, game: Game | Vocabulary) -> Ability:
    """One line of rules text as an ``Ability``; raises ``RulesTextError``."""
    return rules_parser(game).parse_ability(text)


def parse_card_text(text: str, game: Game | Vocabulary) -> tuple[Ability, ...]:
    """A card's rules text, one ability per line; raises ``RulesTextError``."""
    return rules_parser(game).parse_card_text(text)
