"""Everything a game's cards look like, loaded once per build: layouts, icons and art.

No reportlab here, so ``cardkit validate`` can check layouts without drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from cardkit.diagnostics import Diagnostic, Location, did_you_mean, error
from cardkit.load.checked import save_checks
from cardkit.load.yamlkept import save_read
from cardkit.model import CORE_FIELDS, Card, CardType, FieldValue, Game
from cardkit.render.fieldtext import card_boxes
from cardkit.render.fontnames import BOLD, BOLD_ITALIC, FONT, ITALIC
from cardkit.render.images import Picture, confine, load_picture
from cardkit.render.layoutfile import DEFAULT_LAYOUT, Element, Layout, LayoutLibrary
from cardkit.render.sides import back_faces
from cardkit.render.sides import back_problems as chosen_back_problems
from cardkit.render.units import parse_length
from cardkit.render.unprinted import hidden_required_fields, unused_backs

if TYPE_CHECKING:
    from cardkit.render.fonts import FontFace


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
    icons: Mapping[str, Picture] = field(default_factory=dict)  # by icon, faction, resource id
    art: Mapping[str, Picture] = field(default_factory=dict)  # by the path cards give
    backs: Mapping[str, Picture] = field(default_factory=dict)  # back images, by back id
    fonts: Mapping[str, FontFace] = field(default_factory=dict)  # the game's fonts, by id
    pictures: Mapping[str, Picture] = field(default_factory=dict)  # picture parts, by file
    two_faced: Mapping[str, Card] = field(default_factory=dict)  # double-faced: id -> its back

    def font(self, element: Element | None, *, bold: bool = False) -> str:
        """The registered font an element's text is set in: its game font (the bold face
        when ``bold``), else the bundled one."""
        face = self.fonts.get(element.font or "") if element is not None else None
        if face is None:
            return BOLD if bold else FONT
        return face.bold if bold else face.regular

    def faces(self, element: Element | None) -> tuple[str, str, str, str]:
        """An element's regular, bold, italic and bold italic fonts: its game font's, else
        the bundled ones."""
        face = self.fonts.get(element.font or "") if element is not None else None
        if face is None:
            return FONT, BOLD, ITALIC, BOLD_ITALIC
        return face.regular, face.bold, face.italic, face.bold_italic

    def layout(self, card: Card) -> Layout | None:
        return self.layouts.get(card.type)

    def card_art(self, card: Card) -> Picture | None:
        path = card.get("art")
        return self.art.get(path) if isinstance(path, str) else None

    def part_picture(self, card: Card, element: Element) -> Picture | None:
        """The picture a picture part shows on ``card``; None when it has none (a slot the
        card leaves empty, or a file that is missing)."""
        path = element.file_for(slot_values(card))
        return self.pictures.get(path) if path is not None else None

    def faction_icon(self, card: Card) -> Picture | None:
        for faction_id in card.factions:
            faction = self.game.factions.get(faction_id)
            if faction is not None and faction.icon and faction_id in self.icons:
                return self.icons[faction_id]
        return None

    def icon_sources(self) -> dict[str, str]:
        """The game's icons as ``textfit`` draws them in text, by id: the file of a raster
        icon, or '#' and the icon's id for an SVG one (drawn as vectors)."""
        return {
            icon: picture.source if picture.drawing is None else f"#{icon}"
            for icon, picture in self.icons.items()
        }


def _icons(game: Game) -> tuple[dict[str, Picture], list[Diagnostic]]:
    """The game's icons (declared, and of its factions and resources), by id."""
    icons: dict[str, Picture] = {}
    found: list[Diagnostic] = []
    wanted: list[tuple[str, str, Location]] = [
        (icon.id, icon.file, game.source.at(("icons", icon.id, "file")))
        for icon in game.icons.values()
    ]
    for section, table in (("factions", game.factions), ("resources", game.resources)):
        for named in table.values():
            if named.icon and named.id not in game.icons:
                where = game.source.at((section, named.id, "icon"))
                wanted.append((named.id, named.icon, where))
    for icon_id, file, where in sorted(wanted):
        picture, problems = load_picture(game.root, file, where, what=f"icon {icon_id!r}")
        found.extend(problems)
        if picture is not None:
            icons[icon_id] = picture
    return icons, found


def _art(game: Game, cards: Sequence[Card]) -> tuple[dict[str, Picture], list[Diagnostic]]:
    art: dict[str, Picture] = {}
    found: list[Diagnostic] = []
    tried: set[str] = set()
    for card in cards:
        path = card.get("art")
        if not isinstance(path, str) or path in tried:
            continue
        tried.add(path)
        picture, problems = load_picture(
            game.root, path, card.location("art"), what="art", card=card.id, keep=False
        )
        found.extend(problems)
        if picture is not None:
            art[path] = picture
    return art, found


def slot_values(card: Card) -> dict[str, str]:
    """What a picture's '{field}' slots become on ``card``: its id, type, deck, first
    faction, and each field that holds a word or a number."""
    values = {"id": card.id, "type": card.type, "deck": card.deck or ""}
    values["faction"] = card.factions[0] if card.factions else ""
    for name, value in card.values.items():
        if isinstance(value, bool):
            values.setdefault(name, "yes" if value else "no")
        elif isinstance(value, str | int | float):
            values.setdefault(name, str(value).strip())
    return values


def _part_pictures(
    game: Game, cards: Sequence[Card], layouts: Mapping[str, Layout]
) -> tuple[dict[str, Picture], list[Diagnostic]]:
    """The pictures the layouts' picture parts choose for ``cards``: each file loaded once;
    a missing one is a warning (CK213) at the picture part, naming the first card it is for."""
    pictures: dict[str, Picture] = {}
    found: list[Diagnostic] = []
    tried: set[str] = set()
    for card in cards:
        layout = layouts.get(card.type)
        if layout is None:
            continue
        values = slot_values(card)
        for element in layout.pictures:
            path = element.file_for(values)
            if path is None or path in tried:
                continue
            tried.add(path)
            picture, problems = load_picture(
                game.root,
                path,
                element.location,
                what=f"picture {element.name!r} of layout {layout.name!r}, file",
                card=card.id,
            )
            found.extend(problems)
            if picture is not None:
                pictures[path] = picture
    return pictures, found


def _unknown_slots(layout: Layout, type_id: str, known: set[str]) -> list[Diagnostic]:
    """CK223 for each '{field}' of a picture part's file that the card type does not have."""
    return [
        error(
            "CK223",
            f"picture {e.name!r} of layout {layout.name!r} is chosen by field {slot!r}, which "
            f"card type {type_id!r} does not have{did_you_mean(slot, known)}",
            e.location,
            hint="write a field of the card type in '{...}', such as {faction} or {type}",
        )
        for e in layout.pictures
        for slot in e.slots()
        if slot not in known
    ]


def _back_images(game: Game) -> tuple[dict[str, Picture], list[Diagnostic]]:
    images: dict[str, Picture] = {}
    found: list[Diagnostic] = []
    for back_id, back in sorted(game.backs.items()):
        path = back.image
        if path is not None:
            where = game.source.at(("backs", back_id, "image"))
            picture, problems = load_picture(game.root, path, where, what=f"back {back_id!r}")
            found.extend(problems)
            if picture is not None:
                images[back_id] = picture
    return images, found


def _game_fonts(game: Game) -> tuple[dict[str, FontFace], list[Diagnostic]]:
    """Register the fonts game.yaml declares; CK221 for a file refused (then not used)."""
    from cardkit.render.fonts import register_family, register_game_font  # reportlab

    families: dict[str, FontFace] = {}
    found: list[Diagnostic] = []
    for font_id, files in sorted(game.fonts.items()):
        faces: dict[str, str] = {}
        for face in ("regular", "bold", "italic", "bold_italic"):
            relative = getattr(files, face)
            if relative is None:
                continue
            where = game.source.at(("fonts", font_id, face))
            path = confine(game.root, relative)
            problem = path if isinstance(path, str) else None
            name = None
            if isinstance(path, Path):
                if not path.is_file():
                    problem = "does not exist"
                else:
                    name, problem = register_game_font(path)
            if name is None:
                found.append(
                    error(
                        "CK221",
                        f"font file {relative!r} {problem}",
                        where,
                        hint="give a TrueType font (.ttf, or .otf with TrueType outlines) "
                        "inside the game folder",
                    )
                )
            else:
                faces[face] = name
        if "regular" in faces:
            families[font_id] = register_family(faces)
    return families, found


def _unknown_fonts(game: Game, layout: Layout) -> list[Diagnostic]:
    """CK220 for each element of ``layout`` that names a font game.yaml does not declare."""
    return [
        error(
            "CK220",
            f"{_kind_of(e)} {e.name!r} of layout {layout.name!r} names font {e.font!r}, which "
            f"game.yaml does not declare{did_you_mean(e.font, game.fonts)}",
            e.location,
            hint="declare it under 'fonts:' in game.yaml, e.g. "
            f"{e.font}: {{regular: fonts/{e.font}.ttf}}",
        )
        for e in (*layout.elements, *layout.stats)
        if e.font is not None and e.font not in game.fonts
    ]


def _kind_of(element: Element) -> str:
    if element.picture:
        return "picture"
    if element.text:
        return "text"
    return "line" if element.line else "badge" if element.badge else "part"


_SECTION_OF = {"badge": "badges", "line": "lines", "text box": "texts"}


def _unknown_field_hint(element: Element, kind: str, layout: str, type_id: str) -> str:
    """What to do about a layout element showing a field its card type lacks; an element
    the layout inherits (it is written in another layout's file) is left out with null."""
    declare = f"declare the field in card_types.{type_id}.fields"
    if Path(element.location.path).stem == layout:
        return f"{declare}, or give {type_id!r} a layout of its own"
    return (
        f"layout {layout!r} inherits it: write '{element.name}: null' under "
        f"'{_SECTION_OF[kind]}:' in layouts/{layout}.yaml to leave it out, or {declare}"
    )


def _lacking_field(
    element: Element, kind: str, layout: str, types: list[tuple[str, set[str]]]
) -> Diagnostic:
    """CK209 for a layout element showing a field that the card types using the layout
    lack: one diagnostic at the element, however many card types lack the field."""
    type_id, known = types[0]
    if len(types) == 1:
        which = f"card type {type_id!r} does not have"
        hint = _unknown_field_hint(element, kind, layout, type_id)
    else:
        names = [repr(t) for t, _ in types]
        which = f"card types {', '.join(names[:-1])} and {names[-1]} do not have"
        hint = (
            f"declare the field in their 'fields' in game.yaml, or give them a layout of "
            f"their own (or write '{element.name}: null' under '{_SECTION_OF[kind]}:' in a "
            f"layout that extends this one)"
        )
    return error(
        "CK209",
        f"{kind} {element.name!r} of layout {layout!r} shows field {element.field!r}, which "
        f"{which}{did_you_mean(str(element.field), known)}",
        element.location,
        hint=hint,
    )


def _one_of_each_shape(cards: Iterable[Card]) -> list[Card]:
    """One card of each set of fields with values (and with or without rules text or
    flavor): where a layout's parts go depends on those alone (a line without a value is
    left out, a card without text has no rules panel), so one card shows where they go on
    all of them."""
    shapes: dict[tuple[bool, frozenset[str]], Card] = {}
    for card in cards:
        key = (
            bool(card.text.strip() or card.get("flavor")),
            frozenset(name for name, value in card.values.items() if _has_value(value)),
        )
        shapes.setdefault(key, card)
    return list(shapes.values())


def _has_value(value: FieldValue) -> bool:
    if isinstance(value, str | Sequence | Mapping):
        return bool(value)
    return value is not None and value is not False


def _shown_together(cards: Sequence[Card]) -> Callable[[Element, Element], bool]:
    """Whether two elements of a layout are ever printed on one of ``cards``: a line or
    text box of a field only on the cards with a value in it (every element, with no cards)."""

    def shown(element: Element, card: Card) -> bool:
        if not (element.line or element.text) or not element.field:
            return True
        return _has_value(card.get(element.field))

    def together(one: Element, other: Element) -> bool:
        return not cards or any(shown(one, c) and shown(other, c) for c in cards)

    return together


def prepare_style(game: Game, cards: Sequence[Card] = ()) -> tuple[CardStyle, list[Diagnostic]]:
    """The style of ``game``'s cards and every problem found loading it.

    Layouts are checked against the sizes of the ``cards`` given (and each card type's own
    size), and their badges against the fields of the card types that use them.
    """
    library = LayoutLibrary(game.root)
    icons, found = _icons(game)
    art, art_problems = _art(game, cards)
    backs, back_problems = _back_images(game)
    found += art_problems + back_problems
    fonts, font_problems = _game_fonts(game) if game.fonts else ({}, [])
    found += font_problems
    icon_ids = set(game.icons) | {
        n.id for t in (game.factions, game.resources) for n in t.values() if n.icon
    }
    layouts: dict[str, Layout] = {}
    sizes: dict[str, set[str]] = {type_id: {t.size} for type_id, t in game.card_types.items()}
    for card in cards:
        if card.type in sizes:
            sizes[card.type].add(card_size(game, card))
    # (element, kind, layout) -> the card types using it that lack its field, told once
    lacking: dict[tuple[Element, str, str], list[tuple[str, set[str]]]] = {}
    for type_id, card_type in sorted(game.card_types.items()):
        where = game.source.at(("card_types", type_id, "layout"))
        layout = library.get(layout_name(library, card_type, game), used_at=where)
        if layout is None:
            continue
        layouts[type_id] = layout
        found += _unknown_fonts(game, layout)
        known = set(CORE_FIELDS) | {f.name for f in card_type.fields}
        found += _unknown_slots(layout, type_id, known)
        shown = (*layout.badges, *layout.lines, *(t for t in layout.texts if t.field))
        for badge in shown:
            kind = "line" if badge.line else "text box" if badge.text else "badge"
            if badge.icon and badge.icon not in icon_ids:
                found.append(
                    error(
                        "CK214",
                        f"badge {badge.name!r} of layout {layout.name!r} names unknown icon "
                        f"{badge.icon!r}{did_you_mean(badge.icon, icon_ids)}",
                        badge.location,
                        hint="declare it under 'icons:' in game.yaml",
                    )
                )
            if badge.field not in known:
                lacking.setdefault((badge, kind, layout.name), []).append((type_id, known))
        shown_together = _shown_together([card for card in cards if card.type == type_id])
        for size in sorted(sizes[type_id]):
            if size in game.sizes:
                width, height = size_points(game, size)
                found.extend(layout.check_fit(width, height, f"card type {type_id!r} ({size})"))
                placed = [
                    card_boxes(game, card, layout, *layout.size_on(width, height))
                    for card in _one_of_each_shape(
                        c for c in cards if c.type == type_id and card_size(game, c) == size
                    )
                ]
                found.extend(layout.check_overlaps(width, height, placed, together=shown_together))
    found += [_lacking_field(*key, types) for key, types in lacking.items()]
    pictures, picture_problems = _part_pictures(game, cards, layouts)
    found += picture_problems + hidden_required_fields(game, layouts)
    found += unused_backs(game)
    found += chosen_back_problems(game, cards, {c.id: card_size(game, c) for c in cards})
    unique = list(dict.fromkeys([*library.diagnostics, *found]))
    save_checks()  # the layouts found clean: not checked (nor read with PyYAML) next run
    save_read()
    faces = back_faces(game, cards)
    style = CardStyle(game, layouts, icons, art, backs, fonts, pictures, faces)
    return style, sorted(unique, key=lambda d: d.sort_key)
