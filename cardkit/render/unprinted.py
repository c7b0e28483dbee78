"""What a game declares for its printed cards but no card shows: backs that nothing names
(CK216), card types whose layout does not show each of their required fields (CK217).

Warnings, located in game.yaml: the build still works, but a designer's declaration has no
effect, which is almost always a slip (a deck that forgot its ``back:``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from cardkit.diagnostics import Diagnostic, warning
from cardkit.model import CORE_FIELDS, Card, Game
from cardkit.render.autostats import shows_stats
from cardkit.render.fieldtext import STATS_KINDS
from cardkit.render.layoutfile import LAYOUT_FOLDER, Layout
from cardkit.render.sides import chosen_back


def _named(game: Game) -> set[str]:
    """The backs a deck, card type or faction names."""
    tables = (game.decks.values(), game.card_types.values(), game.factions.values())
    return {item.back for table in tables for item in table if item.back}


def unused_backs(game: Game, cards: Sequence[Card] = ()) -> list[Diagnostic]:
    """CK216 for each declared back that no deck, card type, faction or card (by its type's
    ``back_by`` field) names: no card can be printed with it. (A back that is named but that
    a set's cards happen not to get -- a card type with no cards yet -- is no slip, so it is
    not reported; nor is any back when cards choose theirs but none are given.)"""
    if not cards and any(t.back_by for t in game.card_types.values()):
        return []
    named = _named(game) | {chosen_back(game, card) or "" for card in cards}
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
