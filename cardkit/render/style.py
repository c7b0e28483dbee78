"""Everything a game's cards look like, loaded once per build: layouts (and icons, art).

Pure: no reportlab here, so ``cardkit validate`` can check layouts without drawing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from cardkit.diagnostics import Diagnostic, did_you_mean, error
from cardkit.model import CORE_FIELDS, Card, CardType, Game
from cardkit.render.layoutfile import DEFAULT_LAYOUT, Layout, LayoutLibrary
from cardkit.render.units import parse_length


def card_size(game: Game, card: Card) -> str:
    """The name of a card's size: its deck's ``card_size``, else its type's ``size``."""
    deck = game.decks.get(card.deck) if card.deck else None
    if deck is not None and deck.card_size:
        return deck.card_size
    card_type = game.card_types.get(card.type)
    return card_type.size if card_type else "poker"


def size_points(game: Game, size: str) -> tuple[float, float]:
    width, height = game.sizes[size]
    return parse_length(width), parse_length(height)


CHIT_SIDE = 45 * 72 / 25.4  # squarish cards smaller than 45 mm a side get the chit layout


def layout_name(library: LayoutLibrary, card_type: CardType, game: Game | None = None) -> str:
    """The layout a card type uses: its own 'layout', else one named after it or its size,
    else the built-in layout for its shape: 'chit' for a small squarish card, 'square' for a
    larger one, 'card' for a portrait or landscape card."""
    if card_type.layout:
        return card_type.layout
    for name in (card_type.id, card_type.size):
        if library.has(name):
            return name
    if game is not None and card_type.size in game.sizes:
        width, height = size_points(game, card_type.size)
        if 0.85 <= width / height <= 1.18:
            return "chit" if max(width, height) < CHIT_SIDE else "square"
    return DEFAULT_LAYOUT


@dataclass(frozen=True)
class CardStyle:
    """What the face and back drawing functions need besides the card itself."""

    game: Game
    layouts: Mapping[str, Layout] = field(default_factory=dict)  # by card type id

    def layout(self, card: Card) -> Layout | None:
        return self.layouts.get(card.type)


def prepare_style(game: Game, cards: Sequence[Card] = ()) -> tuple[CardStyle, list[Diagnostic]]:
    """The style of ``game``'s cards and every problem found loading it.

    Layouts are checked against the sizes of the ``cards`` given (and each card type's own
    size), and their badges against the fields of the card types that use them.
    """
    library = LayoutLibrary(game.root)
    found: list[Diagnostic] = []
    layouts: dict[str, Layout] = {}
    sizes: dict[str, set[str]] = {type_id: {t.size} for type_id, t in game.card_types.items()}
    for card in cards:
        if card.type in sizes:
            sizes[card.type].add(card_size(game, card))
    for type_id, card_type in sorted(game.card_types.items()):
        where = game.source.at(("card_types", type_id, "layout"))
        layout = library.get(layout_name(library, card_type, game), used_at=where)
        if layout is None:
            continue
        layouts[type_id] = layout
        known = set(CORE_FIELDS) | {f.name for f in card_type.fields}
        for badge in layout.badges:
            if badge.field not in known:
                found.append(
                    error(
                        "CK209",
                        f"badge {badge.name!r} of layout {layout.name!r} shows field "
                        f"{badge.field!r}, which card type {type_id!r} does not have"
                        f"{did_you_mean(str(badge.field), known)}",
                        badge.location,
                        hint=f"declare the field in card_types.{type_id}.fields, or give "
                        f"{type_id!r} a layout of its own",
                    )
                )
        for size in sorted(sizes[type_id]):
            if size in game.sizes:
                width, height = size_points(game, size)
                found.extend(layout.check_fit(width, height, f"card type {type_id!r} ({size})"))
    unique = list(dict.fromkeys([*library.diagnostics, *found]))
    return CardStyle(game, layouts), sorted(unique, key=lambda d: d.sort_key)
