"""References: every card a card names must be a card of the set (CK130).

Cards name cards in two places:

- fields of kind ``card`` and ``cards`` (``evolves_from: High Templar``), also as the items of
  a ``list`` field or the fields of an ``object`` field;
- effects: any field of an effect value typed ``CardName`` (or a tuple of them), wherever the
  effect sits in an ability's tree. The walk reads the dataclass fields' types, so an effect
  the grammar adds later is checked without a change here.

A card is named by its name or its id. A near miss gets a did-you-mean from the set's names.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Collection, Iterator, Mapping

from cardkit.diagnostics import Diagnostic, Location, did_you_mean, error
from cardkit.effects import Node
from cardkit.effects.core import Wording, Words
from cardkit.effects.vocab import Vocabulary
from cardkit.inflect import plural_noun
from cardkit.model import Card, CardSet, FieldSpec, FieldValue
from cardkit.rules.context import CheckContext, ParsedLine
from cardkit.rules.textlint import Dictionary, misspelt, named_spans

_CARD_NAME = re.compile(r"\bCardName\b")


_REFERENCE_FIELDS: dict[type, tuple[tuple[str, bool], ...]] = {}
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}


def _reference_fields(kind: type[Node]) -> tuple[tuple[str, bool], ...]:
    """The fields of an effect class that name cards: (field name, names several)."""
    if kind in _REFERENCE_FIELDS:
        return _REFERENCE_FIELDS[kind]
    found = []
    for spec in dataclasses.fields(kind):
        annotation = spec.type if isinstance(spec.type, str) else repr(spec.type)
        if _CARD_NAME.search(annotation):
            found.append((spec.name, annotation.lstrip().startswith("tuple")))
    _REFERENCE_FIELDS[kind] = tuple(found)
    return _REFERENCE_FIELDS[kind]


def _child_fields(kind: type[Node]) -> tuple[str, ...]:
    if kind not in _CHILD_FIELDS:
        names = (f.name for f in dataclasses.fields(kind) if f.name not in ("pos", "vocab"))
        _CHILD_FIELDS[kind] = tuple(names)
    return _CHILD_FIELDS[kind]


def effect_references(node: Node) -> Iterator[tuple[str, Node]]:
    """Every card name an effect tree holds, with the node that holds it (a generic phrase
    holds them as terms: "gain a Farthing")."""
    if isinstance(node, Words | Wording):
        for kind, value in node.terms:
            if kind in ("name", "quote"):
                yield value, node
        return
    for name, several in _reference_fields(type(node)):
        value = getattr(node, name)
        for item in value if several else (value,):
            if isinstance(item, str):
                yield item, node
    for child in _child_fields(type(node)):
        value = getattr(node, child)
        for item in value if isinstance(value, tuple) else (value,):
            if isinstance(item, Node):
                yield from effect_references(item)


def field_references(
    specs: tuple[FieldSpec, ...], values: Mapping[str, FieldValue], path: tuple[str | int, ...]
) -> Iterator[tuple[str, tuple[str | int, ...], str]]:
    """(card name, path of the value, top field's name) for each card a card's fields name."""
    for spec in specs:
        if spec.name in values:
            for name, where in _value_references(spec, values[spec.name], (*path, spec.name)):
                yield name, where, spec.name


def _value_references(
    spec: FieldSpec, value: FieldValue, path: tuple[str | int, ...]
) -> Iterator[tuple[str, tuple[str | int, ...]]]:
    if spec.kind == "card" and isinstance(value, str):
        yield value, path
    elif spec.kind == "cards" and isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, str):
                yield item, (*path, index)
    elif spec.kind == "list" and spec.items is not None and isinstance(value, list):
        for index, item in enumerate(value):
            yield from _value_references(spec.items, item, (*path, index))
    elif spec.kind == "object" and isinstance(value, dict):
        for sub in spec.fields:
            if sub.name in value:
                yield from _value_references(sub, value[sub.name], (*path, sub.name))


class CardNames:
    """The names and ids of a set's cards, for lookups and suggestions."""

    def __init__(self, card_set: CardSet) -> None:
        self.known = {card.name for card in card_set.cards} | {card.id for card in card_set.cards}
        self.read = card_set.names_read
        # a name in the plural ("two Farthings", "two Pennies") names the card too
        self.plurals = {plural_noun(name) for name in (*self.known, *self.read)}

    def exists(self, name: str) -> bool:
        """Whether a card of that name or id was read (loaded or not: its errors are out),
        or its plural."""
        forms = [name, *(name[: -len(end)] for end in ("es", "s") if name.endswith(end))]
        return name in self.plurals or any(
            form in self.known or form in self.read for form in forms
        )

    def suggestion(self, name: str) -> str:
        return did_you_mean(name, self.known)


def _column(line: str, name: str, start: int) -> int:
    at = line.find(name, start - 1)
    return at + 1 if at >= 0 else start


def missing_names(
    parsed: ParsedLine, nodes: list[tuple[str, Node]], names: CardNames
) -> list[tuple[str, int]]:
    """The names of a parsed line's effects (``nodes``: ``effect_references`` of its ability)
    that are no card of the set, each with its column in the line."""
    found = []
    for name, node in nodes:
        if not names.exists(name):
            column = node.pos.column if node.pos else 1
            if isinstance(node, Words | Wording):  # the name's own column
                column = _column(parsed.text, name, column)
            found.append((name, column))
    return found


def misread(parsed: ParsedLine, name: str, column: int, words: Dictionary) -> bool:
    """Whether a name that is no card of the set is a misspelt word read as a name
    ("Gain 2 Glod"): written bare, not in quotes or after 'named' (a name meant as one,
    CK130), with a word that neither the game nor English knows (CK109, ``check_slips``)."""
    if any(first <= column < end for first, end in named_spans(parsed.text)):
        return False
    return bool(misspelt(parsed.text[column - 1 : column - 1 + len(name)], words))


def _problem(
    card: Card,
    name: str,
    where: str,
    location: Location,
    names: CardNames,
    vocab: Vocabulary | None = None,
    icons: Collection[str] = (),
    next_word: str = "",
) -> Diagnostic:
    # A capitalised word of rules text that no card has may be a misspelt word of the game
    # ("Gain 2 Glod"): the suggestion looks among the game's words too.
    suggestion = names.suggestion(name)
    hint = "name a card of the set by its name or id"
    if vocab is not None and not suggestion:
        words = [n for _, n in (*vocab.resources, *vocab.keywords, *vocab.factions, *vocab.kinds())]
        kind = _declared_as(name, vocab, icons)
        if kind is not None:  # 'Coins' is no slip for 'Coins': say what the word is
            suggestion = f": {name!r} is one of the game's {kind}, read here as a card's name"
            hint = (
                f"to name cards by their icon, declare '{name} {next_word}' under 'phrasing: "
                "nouns:' in game.yaml"
                if kind == "icons" and next_word
                else "the grammar reads a capitalised word in this place as a card's name: "
                "write the sentence another way (docs/rules-text.md says what it reads)"
            )
        else:
            suggestion = did_you_mean(name, words)
    return error(
        "CK130",
        f"{card.id!r} names card {name!r} in {where}, which does not exist{suggestion}",
        location,
        card=card.id,
        hint=hint,
    )


def _singular(word: str) -> str:
    """'icons' -> 'icon' (a noun is declared in the singular); 'card' as it is."""
    return next(
        (word[: -len(end)] for end in ("s", "es") if plural_noun(word[: -len(end)]) == word),
        word,
    )


def _declared_as(name: str, vocab: Vocabulary, icons: Collection[str]) -> str | None:
    """What the game declares ``name`` as, when it is no card's name but one of the game's
    words written as it declares them ('Coins', a resource; 'Gear', an icon's word)."""
    folded = name.casefold()
    kinds = {
        "resources": [n for _, n in (*vocab.resources, *vocab.singulars)],
        "factions": [n for _, n in vocab.factions],
        "keywords": [n for _, n in vocab.keywords],
        "icons": list(icons),
    }
    return next(
        (kind for kind, words in kinds.items() if any(w.casefold() == folded for w in words)),
        None,
    )


def check_references(context: CheckContext) -> list[Diagnostic]:
    """CK130: card names in fields and in effects that are no card of the set."""
    card_set = context.card_set
    names = CardNames(card_set)
    vocab = context.vocab
    icons = [word for icon in card_set.game.icons.values() for word in icon.words]
    found: list[Diagnostic] = []
    walked: dict[int, list[tuple[str, Node]]] = {}
    for card in card_set.cards:
        card_type = card_set.game.card_types[card.type]
        for name, path, field_name in field_references(card_type.fields, card.values, ()):
            if not names.exists(name):
                found.append(_problem(card, name, f"{field_name!r}", card.location(*path), names))
        for parsed in context.card_lines(card)[0]:
            # A line many cards share parses to one value: walk its tree once.
            key = id(parsed.ability)
            if key not in walked:
                walked[key] = list(effect_references(parsed.ability))
            for name, column in missing_names(parsed, walked[key], names):
                if misread(parsed, name, column, context.words()):
                    continue  # a misspelt word, not a name: CK109 (check_slips)
                where = context.at(card, parsed.line, column)
                after = parsed.text[column - 1 + len(name) :].split(maxsplit=1)
                found.append(
                    _problem(
                        card,
                        name,
                        "its rules text",
                        where,
                        names,
                        vocab,
                        icons,
                        _singular(after[0].strip(".,;:").lower()) if after else "",
                    )
                )
    return found
