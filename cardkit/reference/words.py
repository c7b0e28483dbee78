"""Card values as reference-page text: the game's words styled, fields shown as people read them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TypeGuard

from cardkit.effects import Ability
from cardkit.markup import BULLET, Run
from cardkit.model import Card, CardType, Deck, FieldSpec, FieldValue, Game, Named
from cardkit.reference.content import Cell, Span, SpanKind, plain
from cardkit.rules.printed import PrintedLine, printed_text

NONE_SHOWN = "—"


class Styler:
    """The game's words as spans: its resources, factions, keywords and icon words, each
    styled as the outputs show them (the text of a card is styled by its parse: see
    ``rules_text``)."""

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

    def word(self, name: str) -> Span | None:
        """The span of one of the game's words (a resource, faction, keyword or icon word)."""
        return self.words.get(name)


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
            game.resources[key].amount(str(amount)) if key in game.resources else f"{amount} {key}"
            for key, amount in value.items()
        )
    enum = _enum_spec(game, name)
    if enum is not None:  # as the card face prints it: the name game.yaml gives, or words
        items = value if isinstance(value, tuple | list) else (value,)
        return ", ".join(enum.value_words(v) if isinstance(v, str) else str(v) for v in items)
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _enum_spec(game: Game, name: str) -> FieldSpec | None:
    """The declaration of field ``name`` when a card type declares it an enum (or a list of
    one): its values are shown as its names or words."""
    for card_type in game.card_types.values():
        spec = card_type.field(name)
        if spec is not None and spec.kind == "list" and spec.items is not None:
            spec = spec.items
        if spec is not None and spec.kind == "enum":
            return spec
    return None


def is_number(value: object) -> TypeGuard[int | float]:
    """Whether ``value`` is a number (true and false are not)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


# A card's rules text line by line: the ability a line parsed to, or the line as written.
CardText = tuple["Ability | str", ...]


def _span(run: Run, game: Game) -> Span:
    """A run of printed text as a span: a word of the game in its colour, with its icon."""
    if run.symbol:  # an icon by name: the icon alone, its word for readers
        return Span(
            run.text, "icon", run.icon, icon=run.icon, bold=run.bold, italic=run.italic, alone=True
        )
    kind: SpanKind = "plain"
    if run.kind in ("resource", "faction", "keyword", "icon"):
        kind = run.kind  # type: ignore[assignment]
    named = {"resource": game.resources, "faction": game.factions}.get(kind, {}).get(run.ref)
    color = named.color if named is not None else None
    ref = run.ref if kind != "plain" else ""
    return Span(run.text, kind, ref, color, run.icon, run.bold, run.italic)


def marked_cell(lines: Iterable[PrintedLine], game: Game) -> Cell:
    """Printed lines in one cell: each line and each bullet on a line of its own."""
    spans: list[Span] = []
    for line in lines:
        for marked in line.lines:
            if spans:
                spans.append(Span("\n"))
            if marked.bullet:
                spans.append(Span(f"{BULLET} "))
            for run in marked.runs:
                span = _span(run, game)
                last = spans[-1] if spans else None
                if last is not None and span.kind == "plain" and _plain_like(last, span):
                    spans[-1] = replace(last, text=last.text + span.text)
                else:
                    spans.append(span)
    return tuple(spans) or plain("")


def _plain_like(last: Span, span: Span) -> bool:
    return (
        last.kind == "plain"
        and (last.bold, last.italic) == (span.bold, span.italic)
        and last.text != "\n"
    )


def rules_text(card: Card, game: Game) -> Cell:
    """The card's rules text as its face prints it (``cardkit.rules.printed``): as written,
    with its markup, the game's words its parse names styled; a line per ability."""
    return marked_cell(printed_text(game, card.text), game)
