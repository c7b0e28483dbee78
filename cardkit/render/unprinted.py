"""What a game declares for its printed cards but no card shows: backs that nothing names
(CK216), card types whose layout does not show each of their required fields (CK217).

Warnings, located in game.yaml: the build still works, but a designer's declaration has no
effect, which is almost always a slip (a deck that forgot its ``back:``).
"""

from __future__ import annotations

from collections.abc import Mapping

from cardkit.diagnostics import Diagnostic, warning
from cardkit.model import CORE_FIELDS, Game
from cardkit.render.autostats import shows_stats
from cardkit.render.fieldtext import STATS_KINDS
from cardkit.render.layoutfile import LAYOUT_FOLDER, Layout


def _named(game: Game) -> set[str] | None:
    """The backs a deck, card type or faction names, or a card type's ``back_by`` field can
    name (a faction's, deck's, type's id, an enum's values); None when a card's own words
    can name any back (a text field)."""
    tables = (game.decks.values(), game.card_types.values(), game.factions.values())
    named = {item.back for table in tables for item in table if item.back}
    for card_type in game.card_types.values():
        field = card_type.back_by
        if field is None:
            continue
        if field in ("faction", "deck", "type"):
            named |= set({"faction": game.factions, "deck": game.decks}.get(field, game.card_types))
            continue
        spec = card_type.field(field)
        if spec is None or spec.kind != "enum":
            return None
        named |= set(spec.values)
    return named


def unused_backs(game: Game) -> list[Diagnostic]:
    """CK216 for each declared back that no deck, card type, faction or ``back_by`` field
    names: no card can be printed with it. (A back that is named but that a set's cards
    happen not to get -- a card type with no cards yet -- is no slip, so it is not reported;
    nor is any back when a text field chooses backs, as any card may name it.)"""
    named = _named(game)
    if named is None:
        return []
    first = min(game.decks, default="main")
    return [
        warning(
            "CK216",
            f"back {back_id!r} is printed on no card: no deck, card type, faction or card "
            "names it, so cards get the plain back",
            game.source.at(("backs", back_id), key=True),
            hint=f"add 'back: {back_id}' to a deck (e.g. decks.{first}), or remove it",
        )
        for back_id in sorted(game.backs)
        if back_id not in named
    ]


def hidden_required_fields(game: Game, layouts: Mapping[str, Layout]) -> list[Diagnostic]:
    """CK217 for each card type with required fields its layout does not show: every
    required field is on the face (a badge, line, text box or automatic stat), or the
    layout declares it ``not_printed``."""
    found = []
    for type_id, card_type in sorted(game.card_types.items()):
        layout = layouts.get(type_id)
        required = [f.name for f in card_type.fields if f.required and f.name not in CORE_FIELDS]
        if layout is None or not required:
            continue
        shown = {e.field for e in (*layout.badges, *layout.lines, *layout.texts)}
        shown |= {slot for e in layout.pictures for slot in e.slots()}  # a crest per rarity
        if shows_stats(layout):
            badge = layout.stat("badge")
            shown.add(badge.field if badge is not None else None)
            if layout.stat("line") is not None:
                shown |= {f.name for f in card_type.fields if f.kind in STATS_KINDS}
        missing = [name for name in required if name not in shown | layout.not_printed]
        if not missing:
            continue
        them = "it" if len(missing) == 1 else "them"
        found.append(
            warning(
                "CK217",
                f"layout {layout.name!r} of card type {type_id!r} does not show its required "
                f"field{'s' if len(missing) > 1 else ''} {', '.join(missing)}: "
                f"{'it is' if len(missing) == 1 else 'they are'} never printed",
                game.source.at(("card_types", type_id), key=True),
                hint=f"add a badge, line or text box for {them} to layouts/{layout.name}.yaml "
                f"(or list {them} under its 'not_printed:'), or give {type_id!r} a layout of "
                "its own"
                if (game.root / LAYOUT_FOLDER / f"{layout.name}.yaml").is_file()
                else f"add layouts/{type_id}.yaml with 'extends: {layout.name}' and a badge, "
                f"line or text box for {them}",
            )
        )
    return found
