"""Card values as reference-page text: the game's words styled, fields shown as people read them."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from typing import TypeGuard

from cardkit.effects import Ability
from cardkit.model import Card, CardType, Deck, FieldValue, Game, Named
from cardkit.reference.content import Cell, Span, plain

NONE_SHOWN = "—"


class Styler:
    """Splits text into spans, marking the game's resource, faction and keyword names.

    Names match as the game spells them: canonical rules text capitalises them ("Gain 3
    Trade"), so the same word in running text ("the trade row") stays plain."""

    def __init__(self, game: Game) -> None:
        self.words: dict[str, Span] = {}  # each word as a span to copy
        for kind, table in (("resource", game.resources), ("faction", game.factions)):
            for key, named in table.items():
                icon = key if named.icon else ""
                self.words[named.name] = Span(named.name, kind, key, named.color, icon)  # type: ignore[arg-type]
        for key, keyword in game.keywords.items():
            self.words.setdefault(keyword.name, Span(keyword.name, "keyword", key))
        for key, declared in game.icons.items():
            for word in declared.words:
                self.words.setdefault(word, Span(word, "icon", key, icon=key))
        names = sorted((re.escape(word) for word in self.words), key=lambda w: (-len(w), w))
        self.pattern = (
            re.compile(r"(?<![\w-])(" + "|".join(names) + r")(?![\w-])") if names else None
        )

    def word(self, name: str) -> Span | None:
        """The span of one of the game's words (a resource, faction, keyword or icon word)."""
        return self.words.get(name)

    def spans(self, text: str) -> Cell:
        if self.pattern is None or not text:
            return plain(text)
        result: list[Span] = []
        last = 0
        for match in self.pattern.finditer(text):
            if match.start() > last:
                result.append(Span(text[last : match.start()]))
            result.append(self.words[match.group(1)])
            last = match.end()
        if last < len(text):
            result.append(Span(text[last:]))
        return tuple(result)

    def lines(self, lines: Iterable[str]) -> Cell:
        """Several lines of text in one cell, separated by newline spans."""
        result: list[Span] = []
        for i, line in enumerate(lines):
            if i:
                result.append(Span("\n"))
            result.extend(self.spans(line))
        return tuple(result) or plain("")


def field_value(card: Card, name: str) -> FieldValue:
    """The value of a field of ``card``, core fields included ('copies' is its count)."""
    core: Mapping[str, FieldValue] = {
        "id": card.id,
        "name": card.name,
        "type": card.type,
        "faction": card.factions,
        "deck": card.deck,
        "count": card.count,
        "copies": card.count,
        "text": card.text,
    }
    return core[name] if name in core else card.get(name)


def declared_names(game: Game) -> Mapping[str, Mapping[str, CardType | Named | Deck]]:
    """The declarations of the core fields whose values are ids, by field: each id's name."""
    return {"type": game.card_types, "faction": game.factions, "deck": game.decks}


def shown_value(value: FieldValue, name: str, game: Game) -> str:
    """A field's value as a table shows it: names for ids, 'yes' for true, amounts listed."""
    if value is None or value == () or value == []:
        return NONE_SHOWN if name in ("faction", "deck") else ""
    if isinstance(value, bool):
        return "yes" if value else ""
    tables = declared_names(game)
    if name in tables:
        table = tables[name]
        items = value if isinstance(value, tuple | list) else (value,)
        return ", ".join(
            table[v].name if isinstance(v, str) and v in table else str(v) for v in items
        )
    if isinstance(value, Mapping):
        return ", ".join(
            f"{amount} {game.resources[key].name if key in game.resources else key}"
            for key, amount in value.items()
        )
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def is_number(value: object) -> TypeGuard[int | float]:
    """Whether ``value`` is a number (true and false are not)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


# A card's rules text line by line: the ability a line parsed to, or the line as written.
CardText = tuple["Ability | str", ...]


def rules_text(
    card: Card,
    texts: Mapping[str, CardText],
    canonical: Callable[[Ability], str],
    styler: Styler,
) -> Cell:
    """The card's rules text, a line per ability in canonical form (a line that does not
    parse as written; the whole text as written when the card is missing from ``texts``),
    the game's words styled."""
    if card.id in texts:
        return styler.lines(
            canonical(line) if isinstance(line, Ability) else line for line in texts[card.id]
        )
    return styler.lines(line for line in card.text.split("\n") if line.strip())
