"""The standard sections every game gets: contents, card list, icon reference, keywords."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from cardkit.effects import Ability, Bond, OnBanish
from cardkit.effects.vocab import Vocabulary
from cardkit.inflect import field_title, plural_noun
from cardkit.model import Card, CardSet, Game
from cardkit.reference.content import (
    Cell,
    ComponentGroup,
    ComponentList,
    Item,
    Paragraph,
    Section,
    Span,
    Table,
    plain,
)
from cardkit.reference.words import (
    NONE_SHOWN,
    Styler,
    field_value,
    rules_text,
    shown_value,
)
from cardkit.rules.deckrules import describe_deck_rules

# Field kinds the card list shows as columns (long text and nested values stay out).
STAT_KINDS = ("integer", "number", "string", "enum", "boolean", "resources", "card", "faction")
NO_DECK = "Other cards"
WIDE_COLUMNS = 6  # a card list with more columns than this is a wide table


def deck_order(card_set: CardSet) -> list[tuple[str | None, str]]:
    """(deck id, name) of every deck that holds cards, in the game's order; None last."""
    game = card_set.game
    used = {card.deck for card in card_set.cards}
    order: list[tuple[str | None, str]] = [(k, d.name) for k, d in game.decks.items() if k in used]
    order += sorted((k, k) for k in used if k is not None and k not in game.decks)
    if None in used:
        order.append((None, NO_DECK))
    return order


def faction_order(game: Game) -> list[str]:
    return list(game.factions)


def card_sort_key(game: Game) -> Callable[[Card], tuple[int, str]]:
    factions = faction_order(game)

    def key(card: Card) -> tuple[int, str]:
        first = card.factions[0] if card.factions else None
        rank = factions.index(first) if first in factions else len(factions)
        return rank, card.name.casefold()

    return key


def _items(cards: Iterable[Card]) -> tuple[Item, ...]:
    return tuple(Item(card.count, card.name) for card in sorted(cards, key=lambda c: c.name))


def _one_group_label(game: Game, deck_name: str) -> str:
    """The label of a deck's cards when they form one group: the deck's name when it already
    names cards in the plural ("Scorecards", "Commissions", "Starting Workshops", "Tea"
    where a card type declares that plural), else the name with "Cards" after it
    ("Personal Deck Cards", "Market Cards")."""
    words = deck_name.split()
    last = words[-1].casefold() if words else ""
    kinds = [(t.name, t.plural) for t in game.card_types.values()]
    kinds += [(g.name, g.plural) for g in game.card_groups.values()]
    plurals = {(plural or plural_noun(name)).casefold() for name, plural in kinds}
    if last.endswith("cards") or last in plurals:
        return deck_name
    if last.endswith("s") and not last.endswith(("ss", "us", "is")):  # 'Commissions'
        return deck_name
    return f"{deck_name} Cards"


def contents_section(card_set: CardSet) -> Section:
    """What is in the box: each deck's cards by faction, then counts by deck, type, faction."""
    game = card_set.game
    blocks: list[ComponentList | Table | Paragraph] = []
    for deck_id, deck_name in deck_order(card_set):
        cards = [c for c in card_set.cards if c.deck == deck_id]
        groups: list[ComponentGroup] = []
        by_faction: dict[str | None, list[Card]] = {}
        for card in cards:
            by_faction.setdefault(card.factions[0] if card.factions else None, []).append(card)
        if len(by_faction) == 1:
            label = _one_group_label(game, deck_name)
            groups.append(ComponentGroup(label, _total(cards), _items(cards)))
        else:
            for faction in [*faction_order(game), None]:
                if faction in by_faction:
                    members = by_faction[faction]
                    label = game.factions[faction].name if faction else "Unaligned"
                    groups.append(ComponentGroup(label, _total(members), _items(members)))
        blocks.append(ComponentList(deck_name, _total(cards), tuple(groups)))
    blocks.append(
        _count_table(
            "Cards by deck",
            "Deck",
            [
                (name, [c for c in card_set.cards if c.deck == key])
                for key, name in deck_order(card_set)
            ],
        )
    )
    blocks.append(
        _count_table(
            "Cards by type",
            "Card type",
            [
                (spec.name, [c for c in card_set.cards if c.type == key])
                for key, spec in game.card_types.items()
            ],
        )
    )
    by_faction_rows = [
        (named.name, [c for c in card_set.cards if key in c.factions])
        for key, named in game.factions.items()
    ]
    by_faction_rows.append(("Unaligned", [c for c in card_set.cards if not c.factions]))
    if game.factions:
        blocks.append(_count_table("Cards by faction", "Faction", by_faction_rows))
    rules = describe_deck_rules(game)
    if rules:
        blocks.append(Table(("Deck rule",), tuple((plain(rule),) for rule in rules), "Deck rules"))
    intro = f"{card_set.total_copies} cards: {len(card_set.cards)} different cards."
    return Section("contents", "Contents", tuple(blocks), intro)


def _total(cards: Iterable[Card]) -> int:
    return sum(card.count for card in cards)


def _count_table(title: str, what: str, rows: list[tuple[str, list[Card]]]) -> Table:
    shown = [(name, cards) for name, cards in rows if cards]
    body = tuple((plain(name), plain(len(cards)), plain(_total(cards))) for name, cards in shown)
    all_cards = {id(c): c for _, cards in shown for c in cards}
    footer = (
        plain("Total"),
        plain(len(all_cards)),
        plain(_total(all_cards.values())),
    )
    return Table(
        (what, "Different cards", "Copies"),
        body,
        title,
        numeric=(False, True, True),
        widths=(3, 1.2, 1),
        footer=footer,
    )


def stat_fields(game: Game) -> list[tuple[str, str]]:
    """(field, title) of the fields the card list shows, in the order the game declares them."""
    seen: dict[str, str] = {}
    for card_type in game.card_types.values():
        for spec in card_type.fields:
            if spec.kind in STAT_KINDS and spec.name not in seen:
                seen[spec.name] = field_title(spec.name)
    return list(seen.items())


def card_list_section(card_set: CardSet) -> Section:
    game = card_set.game
    styler = Styler(game)
    tables: list[Table] = []
    for deck_id, deck_name in deck_order(card_set):
        cards = sorted((c for c in card_set.cards if c.deck == deck_id), key=card_sort_key(game))
        # the values the deck's cards have: a scorecard's digit is no column of the trade deck
        stats = [
            (name, title)
            for name, title in stat_fields(game)
            if any(_has_value(field_value(card, name)) for card in cards)
        ]
        # a game without factions gets no column of dashes
        sided = bool(game.factions) or any(card.factions for card in cards)
        headers = (
            "Name",
            "Type",
            *(("Faction",) if sided else ()),
            *(t for _, t in stats),
            "Rules text",
            "Count",
        )
        rows = []
        for card in cards:
            faction: Cell = tuple(
                styler.word(game.factions[f].name) or Span(f) if f in game.factions else Span(f)
                for f in card.factions
            ) or plain(NONE_SHOWN)
            rows.append(
                (
                    plain(card.name),
                    plain(shown_value(card.type, "type", game)),
                    *((faction,) if sided else ()),
                    *(plain(shown_value(field_value(card, f), f, game)) for f, _ in stats),
                    rules_text(card, game),
                    plain(card.count),
                )
            )
        numeric = (
            False,
            False,
            *((False,) if sided else ()),
            *(_numeric(game, f) for f, _ in stats),
            False,
            True,
        )
        widths = (2, 0.6, *((1.3,) if sided else ()), *(0.5 for _ in stats), 6, 0.5)
        wide = len(headers) > WIDE_COLUMNS
        tables.append(Table(headers, tuple(rows), deck_name, numeric, widths, wide=wide))
    return Section("cards", "Card list", tuple(tables))


def _has_value(value: object) -> bool:
    return value not in (None, "", False, (), [], {})


def _numeric(game: Game, name: str) -> bool:
    return any(
        spec.kind in ("integer", "number")
        for card_type in game.card_types.values()
        for spec in card_type.fields
        if spec.name == name
    )


def icon_section(card_set: CardSet, abilities: Mapping[str, tuple[Ability, ...]]) -> Section:
    """Every resource, faction, ability trigger, icon and keyword with what it means."""
    game = card_set.game
    styler = Styler(game)

    def symbol(name: str) -> Cell:
        return (styler.word(name) or Span(name),)

    rows: list[tuple[Cell, Cell, Cell]] = []
    for named in game.resources.values():
        meaning = named.description or f"A resource: rules text gains amounts of {named.name}."
        rows.append((symbol(named.name), plain("Resource"), plain(meaning)))
    triggers = [a.trigger for card in abilities.values() for a in card]
    vocab = Vocabulary.of(game)
    bond = vocab.label_text("bond") or "{faction} bond"
    double = vocab.label_text("bond", 2) or "double {faction} bond"
    banish = vocab.label_text("cost") or "Banish"
    for key, named in game.factions.items():
        members = [c for c in card_set.cards if key in c.factions]
        meaning = named.description or (
            f"A faction: {len(members)} different cards, {_total(members)} copies."
        )
        if any(isinstance(t, Bond) and t.faction == key for t in triggers):
            meaning += (
                f" In rules text, '{bond.replace('{faction}', named.name)}:' starts an ability"
                f" used when another "
                f"{named.name} card is in play."
            )
        rows.append((symbol(named.name), plain("Faction"), plain(meaning)))
    if any(isinstance(t, Bond) and t.double for t in triggers):
        rows.append(
            (
                plain(" ".join(double.replace("{faction}", "").split())),
                plain("Ability"),
                plain("Starts an ability used when two other cards of the faction are in play."),
            )
        )
    if any(isinstance(t, OnBanish) for t in triggers):
        rows.append(
            (
                symbol(banish),
                plain("Ability"),
                plain("Starts an ability used by scrapping this card: it leaves the game."),
            )
        )
    shown = {cell[0].text for cell, _, _ in rows}
    for declared in game.icons.values():
        for word in declared.words:
            if word not in shown:
                rows.append((symbol(word), plain("Icon"), plain(f"Drawn before '{word}'.")))
                shown.add(word)
    for key, keyword in game.keywords.items():
        rows.append(
            ((Span(keyword.name, "keyword", key),), plain("Keyword"), plain(keyword.reminder))
        )
    described: dict[str, str] = {}
    for card_type in game.card_types.values():
        for spec in card_type.fields:
            if spec.description and spec.name not in described:
                described[spec.name] = spec.description
    for name, description in described.items():
        title = field_title(name)
        if any(cell[0].text.casefold() == title.casefold() for cell, _, _ in rows):
            continue
        rows.append((plain(title), plain("Card value"), plain(description)))
    table = Table(("Symbol", "Kind", "Meaning"), tuple(rows), "", widths=(1.5, 1, 5))
    return Section("icons", "Icon reference", (table,))


def keyword_section(game: Game) -> Section:
    rows = []
    for keyword in game.keywords.values():
        params = ", ".join(_param(p.name, p.kind, p.minimum, p.maximum) for p in keyword.params)
        rows.append((plain(keyword.name), plain(params or NONE_SHOWN), plain(keyword.reminder)))
    if not rows:
        return Section(
            "keywords", "Keyword glossary", (Paragraph("The game declares no keywords."),)
        )
    table = Table(("Keyword", "Parameters", "Reminder text"), tuple(rows), "", widths=(1.5, 1.5, 5))
    return Section("keywords", "Keyword glossary", (table,))


def _param(name: str, kind: str, low: int | None, high: int | None) -> str:
    words = {"integer": "a whole number", "string": "text"}.get(kind, f"a {kind}")
    if low is not None and high is not None:
        words += f" from {low} to {high}"
    elif low is not None:
        words += f", at least {low}"
    elif high is not None:
        words += f", at most {high}"
    return f"{name}: {words}"
