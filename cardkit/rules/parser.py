"""Rules text in, effect values out: the LALR parser built from grammar.lark for one game.

The grammar file knows no game. ``rules_parser(game)`` appends terminals for the game's
resource, faction and card type names (and the special effects of the registry), builds a
Lark LALR parser whose handlers (``Builder`` of ``handlers.py``, one method per rule) construct
the effect values while parsing, and caches it per vocabulary. The messages for text the
grammar does not accept are made in ``parse_errors.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from lark import Lark
from lark.exceptions import GrammarError, UnexpectedInput
from lark.lexer import Lexer

from cardkit.effects import Ability
from cardkit.effects.vocab import Vocabulary
from cardkit.errors import RulesTextError
from cardkit.markup import reading_text
from cardkit.model import Game
from cardkit.rules.grammar import STARTS, declared_words, game_terminals, grammar_text
from cardkit.rules.handlers import Builder, handler_names
from cardkit.rules.lalr import Driver, Unparsed
from cardkit.rules.lexer import RulesLexer
from cardkit.rules.parse_errors import TERMINAL_WORDS, syntax_error
from cardkit.rules.parsecache import kept_parser, parser_cache, shared_grammar

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


_CACHED = 8192
"""How many parsed texts a parser remembers (card sets repeat lines: "+1 Action")."""


@dataclass(frozen=True, eq=False)
class RulesParser:
    """The rules-text parser for one game's vocabulary. Effects are immutable values, so a
    text parsed once is answered from memory the next time (its value, or its error)."""

    vocab: Vocabulary
    lark: Lark
    declared: dict[str, str]
    memory: dict[tuple[str, str], Any] = field(default_factory=dict)
    driver: Driver | None = None
    """lark's table run by a tighter loop (lalr.py), for text that parses."""
    rejected: tuple[tuple[str, str, str], ...] = ()
    """(table, key, reason): the game's declared forms the grammar could not take (CK061)."""

    def parse_ability(self, text: str) -> Ability:
        result: Ability = self._parse(text, "ability")
        return result

    def parse_card_text(self, text: str) -> tuple[Ability, ...]:
        if not text.strip():
            return ()
        result: tuple[Ability, ...] = self._parse(text, "card_text")
        return result

    def _parse(self, text: str, start: str) -> Any:
        key = (start, text)
        found = self.memory.get(key)
        if found is None:  # markup (cardkit.markup) is read as the spaces it stands for
            reading = reading_text(text)
            found = self.parse_new(reading, start)
            if isinstance(found, RulesTextError) and reading != text:
                # a game's word may hold an asterisk ('*Stars*'): the text as written, then
                as_written = self.parse_new(text, start)
                found = found if isinstance(as_written, RulesTextError) else as_written
            if len(self.memory) >= _CACHED:
                self.memory.clear()
            self.memory[key] = found
        if isinstance(found, RulesTextError):
            raise found
        return found

    def parse_new(self, text: str, start: str = "ability") -> Any:
        """The value of ``text`` parsed afresh, or the error it raises (returned, not raised)."""
        try:
            if self.driver is not None:
                try:
                    return self.driver.parse(text, start)
                except Unparsed:
                    pass  # lark's own parse, for its error
            return self.lark.parse(text, start=start)
        except UnexpectedInput as exc:
            return syntax_error(self.vocab, text, exc, self.declared, self.reach)
        except RulesTextError as exc:
            return exc

    def reach(self, text: str) -> int | None:
        """Where a line stops parsing (the column of its first error), None when it parses;
        not remembered (errors try the words that may stand where a line stops)."""
        try:
            self.lark.parse(text, start="ability")
        except UnexpectedInput as exc:
            return max(exc.column, 1) if exc.line <= 1 else len(text) + 1
        except RulesTextError as exc:
            return exc.column
        return None


@lru_cache(maxsize=32)
def _parser_for(vocab: Vocabulary) -> RulesParser:
    try:
        return _build(vocab)
    except (GrammarError, ValueError):
        pass
    # A declaration conflicts with the core grammar or with another one: add them one at a
    # time, and leave out each that the grammar cannot take.
    kept = replace(vocab, labels=(), phrases=(), shorthand=())
    rejected: list[tuple[str, str, str]] = []
    for table, entries in (
        ("labels", vocab.labels),
        ("phrases", vocab.phrases),
        ("shorthand", vocab.shorthand),
    ):
        for entry in entries:
            trial = _with(kept, table, entry)
            try:
                _build(trial)
            except (GrammarError, ValueError) as exc:
                reason = str(exc).strip().splitlines()[0] if str(exc).strip() else "a conflict"
                rejected.append((table, entry[0], _plain(reason)))
                continue
            kept = trial
    return replace(_build(kept), rejected=tuple(rejected))


def _with(vocab: Vocabulary, table: str, entry: Any) -> Vocabulary:
    """The vocabulary with one more declared label, phrase or shorthand form."""
    if table == "labels":
        return replace(vocab, labels=(*vocab.labels, entry))
    if table == "phrases":
        return replace(vocab, phrases=(*vocab.phrases, entry))
    return replace(vocab, shorthand=(*vocab.shorthand, entry))


def _plain(reason: str) -> str:
    if "collision" in reason.lower() or "conflict" in reason.lower():
        return "its words conflict with the core grammar or with another declaration"
    return reason


def _build(vocab: Vocabulary, lexer: str | type[Lexer] = RulesLexer) -> RulesParser:
    """The parser of ``vocab``; ``lexer``: ours, or lark's "contextual" (in tests, to compare
    with ours)."""
    builder = Builder(vocab)
    lark = lark_parser(vocab, builder, lexer)
    parser = RulesParser(vocab, lark, declared_words(vocab), driver=Driver.of(lark))
    builder.meaning = lambda text: parser.parse_ability(text).effect
    return parser


def lark_parser(
    vocab: Vocabulary,
    builder: Builder | None = None,
    lexer: str | type[Lexer] = RulesLexer,
) -> Lark:
    """lark's LALR parser of the grammar with the game's terminals; with ``builder``, the
    values are made while parsing, else it makes a tree."""
    core, words = grammar_text(), game_terminals(vocab)
    options: dict[str, Any] = {
        "parser": "lalr",
        "lexer": lexer,  # lark's contextual lexer with scanners cheap to build (lexer.py)
        "start": list(STARTS),
        "transformer": builder,
        "maybe_placeholders": True,
    }
    if lexer is not RulesLexer:  # lark's own lexer, made with the parser: kept by lark
        kept = parser_cache(f"{core}{words}\n// lexer {lexer}")
        return Lark(core + words, cache=kept or False, **options)

    def load(kept: Any) -> Lark:
        # lark's own cache loads its file so (Lark.load takes no handlers)
        return Lark.__new__(Lark)._load(kept, transformer=builder)

    return kept_parser(
        core + words,
        shared_grammar(core, words),
        list(STARTS),
        lambda grammar: Lark(grammar, **options),
        load,
    )


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
