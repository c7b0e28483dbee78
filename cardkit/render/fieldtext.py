"""What a card field looks like printed: badge text, resource amounts, text lines. Pure.

Layouts name fields; these functions turn a field's value into the words on the card, using
the game's declarations (field kinds, resource names and colours) and nothing game-specific.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from cardkit.inflect import field_title, number_text
from cardkit.model import Card, FieldSpec, FieldValue, Game, Named
from cardkit.render.autostats import make_room, shows_stats, with_stats
from cardkit.render.impose import Box
from cardkit.render.layoutfile import Element, Layout

DEFAULT_SEPARATOR = " / "  # between the objects of a list
LIST_SEPARATOR = ", "  # between plain values and card names
_SLOT = re.compile(r"\{([a-z0-9_-]+)\}")
_OPTIONAL = re.compile(r"\[([^\[\]]*)\]")


def readable(value_id: str) -> str:
    """An id as words: 'crew-member' -> 'Crew member', 'ash_world' -> 'Ash world'."""
    words = re.sub(r"[-_]+", " ", value_id).strip()
    return words[:1].upper() + words[1:]


def field_spec(game: Game, card: Card, name: str) -> FieldSpec | None:
    """The declaration of field ``name`` on ``card``'s type; None when it declares none."""
    card_type = game.card_types.get(card.type)
    return card_type.field(name) if card_type is not None else None


def shows_zero(element: Element, spec: FieldSpec | None) -> bool:
    """Whether a badge draws its field's value when that is 0: as the layout's ``zero:``
    says, else only for a field its card type requires. A cost of 0 is a cost the card
    prints; an optional stat of 0 (no points, no power) is left off, like a missing one."""
    if element.zero is not None:
        return element.zero
    return spec is not None and spec.required


def value_text(value: FieldValue, spec: FieldSpec | None) -> str:
    """One value as printed: enums and booleans as words, numbers plainly, lists joined."""
    if isinstance(value, bool):
        return re.sub(r"[-_]+", " ", spec.name) if value and spec is not None else ""
    if isinstance(value, int | float):
        return number_text(value)
    if isinstance(value, str):
        text = value.strip()
        if spec is None or spec.kind != "enum" or not text:
            return text
        return spec.value_words(text)
    if isinstance(value, list | tuple):
        item = spec.items if spec is not None else None
        return ", ".join(t for v in value if (t := value_text(v, item)))
    return ""


def resource_amounts(game: Game, value: FieldValue) -> list[tuple[Named, str]]:
    """A ``resources`` value as (resource, amount) pairs in the game's order, zeros left out."""
    if not isinstance(value, Mapping):
        return []
    found = []
    for resource_id, resource in game.resources.items():
        amount = value.get(resource_id)
        if isinstance(amount, int | float) and not isinstance(amount, bool) and amount:
            found.append((resource, number_text(amount)))
    return found


def _item_text(item: FieldValue, spec: FieldSpec | None, template: str) -> str:
    if not isinstance(item, Mapping):
        return value_text(item, spec)
    specs = {s.name: s for s in spec.fields} if spec is not None else {}
    if not template:
        words = [value_text(item.get(name), specs.get(name)) for name in item]
        return " ".join(w for w in words if w)

    def slot(match: re.Match[str]) -> str:
        name = match.group(1)
        return value_text(item.get(name), specs.get(name) or FieldSpec(name, "string"))

    def optional(match: re.Match[str]) -> str:
        inner = match.group(1)
        if any(not slot(m) for m in _SLOT.finditer(inner)):
            return ""
        return _SLOT.sub(slot, inner)

    return " ".join(_SLOT.sub(slot, _OPTIONAL.sub(optional, template)).split())


def line_text(game: Game, card: Card, field: str, *, item: str = "", separator: str = "") -> str:
    """A field as one line of text; empty when the card has no such value.

    Each object of a list is written by the ``item`` template: ``{key}`` is that key's value
    (an enum as words, a true flag as its key's name, false as nothing) and a part in
    brackets, ``[ vs {hits}]``, is left out when a key in it has no value. Items are joined
    by ``separator`` (' / '), lists of plain values and card names by commas.
    """
    value = card.get(field)
    spec = field_spec(game, card, field)
    if isinstance(value, list | tuple):
        inner = spec.items if spec is not None else None
        parts = [_item_text(v, inner, item) for v in value]
        objects = any(isinstance(v, Mapping) for v in value)
        joiner = separator or (DEFAULT_SEPARATOR if objects else LIST_SEPARATOR)
        return joiner.join(p for p in parts if p)
    if isinstance(value, Mapping):
        if spec is not None and spec.kind == "resources":
            amounts = resource_amounts(game, value)
            return LIST_SEPARATOR.join(r.amount(amount) for r, amount in amounts)
        return _item_text(value, spec, item)
    return value_text(value, spec)


def pictured_line_text(
    game: Game, card: Card, field: str, *, item: str = "", separator: str = ""
) -> str:
    """A field as its line prints it on the card face, with the game's icons as markup:
    amounts of a resource that has an icon with the icon before its name ('1 {ore} Ore,
    2 {coin} Coins'), and a list of values that are all the game's icons (an engine
    builder's 'symbols: [gear, leaf]') as the icons side by side. Otherwise ``line_text``."""
    value = card.get(field)
    spec = field_spec(game, card, field)
    if isinstance(value, Mapping) and spec is not None and spec.kind == "resources":
        return LIST_SEPARATOR.join(
            f"{amount} {{{r.id}}} {r.unit(amount)}" if r.icon else r.amount(amount)
            for r, amount in resource_amounts(game, value)
        )
    if (
        isinstance(value, list | tuple)
        and value
        and all(isinstance(v, str) and v in game.icons for v in value)
    ):
        return " ".join(f"{{{v}}}" for v in value)
    return line_text(game, card, field, item=item, separator=separator)


def box_text(game: Game, card: Card, element: Element) -> str:
    """What a text box (a layout's ``texts``) prints: its fixed text, else its field's value
    with each item of a list on a line of its own; its label before it. '' for none."""
    if element.fixed:
        text = element.fixed
    else:
        text = line_text(game, card, element.field or "", item=element.item, separator="\n")
    if not text.strip():
        return ""
    return f"{element.label}\n{text}" if element.label else text


STATS_SEPARATOR = " \u00b7 "  # between the fields of the automatic stats line
# The kinds of field the automatic stats line shows: numbers and short words. Lists, card
# names and free text are too long for one line; a game's own layout places them.
STATS_KINDS = frozenset({"integer", "number", "resources", "boolean", "enum"})


def stats_fields(game: Game, card: Card, layout: Layout) -> tuple[FieldSpec, ...]:
    """The fields of ``card``'s type that ``layout``'s automatic stats line shows, in the
    order game.yaml declares them: the short ones, but for the automatic badge's field."""
    card_type = game.card_types.get(card.type)
    if card_type is None or not shows_stats(layout):
        return ()
    badge = layout.stat("badge")
    skip = badge.field if badge is not None and _badge_count(game, card, layout) else None
    return tuple(f for f in card_type.fields if f.kind in STATS_KINDS and f.name != skip)


def stats_text(game: Game, card: Card, layout: Layout) -> str:
    """The automatic stats line of ``card``: 'Power 1 · Range 2 · Flying', empty when the
    card has no such values (or the layout shows no automatic stats)."""
    words = []
    for spec in stats_fields(game, card, layout):
        value = card.get(spec.name)
        label = field_title(spec.name)
        if isinstance(value, bool):
            if value:
                words.append(label)
            continue
        text = line_text(game, card, spec.name)
        if text:  # a number after its name, a word after a colon: 'Power 1', 'Terrain: Forest'
            words.append(f"{label}: {text}" if spec.kind == "enum" else f"{label} {text}")
    return STATS_SEPARATOR.join(words)


def _badge_count(game: Game, card: Card, layout: Layout) -> int:
    """How many automatic badges ``card`` shows: one per resource of a resources value, one
    for a number or a word, none for a missing, empty or false value."""
    badge = layout.stat("badge")
    if badge is None or not shows_stats(layout) or not badge.field:
        return 0
    value = card.get(badge.field)
    if isinstance(value, Mapping):
        return len(resource_amounts(game, value))
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int | float):
        return int(value != 0 or shows_zero(badge, field_spec(game, card, badge.field)))
    return int(isinstance(value, str) and bool(value.strip()))


def flavor_text(card: Card, layout: Layout) -> str:
    """The flavor text ``card``'s rules panel prints (room allowing); '' when it has none or
    the layout's rules part says ``flavor: false``."""
    rules = layout.part("rules")
    flavor = card.get("flavor")
    if rules is None or not rules.flavor or not isinstance(flavor, str):
        return ""
    return flavor.strip()


def card_boxes(
    game: Game, card: Card, layout: Layout, width: float, height: float
) -> list[tuple[Element, Box]]:
    """Where each element of ``layout`` goes on ``card``: its lines without a value left out,
    no rules panel when it has no rules text (see ``Layout.placed``), and the automatic stats
    when the layout shows them (see ``autostats``)."""
    layout = with_stats(
        layout,
        badges=_badge_count(game, card, layout),
        line=bool(stats_text(game, card, layout)),
    )
    empty = [
        e.name
        for e in layout.lines
        if not e.stats
        and not line_text(game, card, e.field or "", item=e.item, separator=e.separator)
    ]
    words = bool(card.text.strip() or flavor_text(card, layout))
    placed = layout.placed(width, height, has_text=words, empty=empty)
    return make_room(placed)
