"""Tabletop Simulator: deck sheets and the saved object that loads them.

Tabletop Simulator (TTS) builds a custom deck from a *deck sheet*: one image holding a grid of
card faces, at most 10 across and 7 down, and a back image. The last slot of the grid (bottom
right) is the *hidden card*, shown for a card in another player's hand; it gets the back here.
So a sheet holds at most 69 cards, and TTS loads images up to 4096 pixels a side.

A game's cards become one TTS deck per game deck and card size (a TTS deck has one card shape
and one back per sheet), as many sheets as it needs, and one saved object file,
``tts/<game>.json``, whose ``ObjectStates`` hold a ``DeckCustom`` per deck:

- ``CustomDeck``: for each sheet, a number N -> {FaceURL, BackURL, NumWidth, NumHeight,
  BackIsHidden, UniqueBack, Type}.
- ``DeckIDs``: a card id per copy, ``N * 100 + slot``.
- ``ContainedObjects``: a ``Card`` per copy, with the card's name as ``Nickname``, its rules
  text as ``Description`` and its id as ``GMNotes``.

A deck of a single copy is saved as a ``Card`` object, since TTS has no one-card decks.
Image URLs are ``file://`` paths of the written files, or ``base_url`` + file name when the
images are to be uploaded (TTS needs URLs that every player can load to play online).

Put the JSON file in TTS's ``Saves/Saved Objects`` folder; it appears under Objects > Saved
Objects.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from PIL import Image

from cardkit import transaction
from cardkit.diagnostics import Diagnostic
from cardkit.errors import UsageError
from cardkit.export.filenames import back_file_name, safe_file_stem
from cardkit.export.raster import png_bytes, rasterise
from cardkit.export.single import CardSize, card_pdf, card_size
from cardkit.model import Card, CardSet
from cardkit.render.impose import Face
from cardkit.render.sides import back_faces, back_of, printed_fronts
from cardkit.render.style import CardStyle, prepare_style
from cardkit.render.units import POINTS_PER_INCH, mm

Progress = Callable[[int, int], None]

TTS_FOLDER = "tts"
MAX_COLUMNS, MAX_ROWS = 10, 7
MIN_COLUMNS, MIN_ROWS = 2, 2  # the smallest grid TTS's custom deck dialog offers
MAX_SIDE = 4096  # pixels
MAX_DPI = 300.0  # no sharper than the print PNGs, even for a small deck
PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1  # 69 cards and the hidden-card slot
TTS_POKER = (mm(63.5), mm(88.9))  # the size of a TTS card at scale 1
SPACING = 4.0  # TTS units between the decks laid out on the table


@dataclass(frozen=True, slots=True)
class Grid:
    """The layout of one deck sheet: columns and rows, and each cell's size in pixels."""

    columns: int
    rows: int
    cell_width: int
    cell_height: int

    @property
    def size(self) -> tuple[int, int]:
        return (self.columns * self.cell_width, self.rows * self.cell_height)

    @property
    def hidden_slot(self) -> int:
        return self.columns * self.rows - 1

    def origin(self, slot: int) -> tuple[int, int]:
        """The top-left pixel of ``slot`` (slots run left to right, top to bottom)."""
        return (slot % self.columns * self.cell_width, slot // self.columns * self.cell_height)


def grid_for(cards: int, size: CardSize) -> Grid:
    """The smallest grid for ``cards`` faces and the hidden card, cells as large as fit.

    Raises ValueError beyond 69 cards: split the deck into sheets first.
    """
    if not 1 <= cards <= PER_SHEET:
        raise ValueError(f"a deck sheet holds 1 to {PER_SHEET} cards, not {cards}")
    slots = cards + 1
    columns = max(MIN_COLUMNS, min(MAX_COLUMNS, slots))
    rows = max(MIN_ROWS, math.ceil(slots / columns))
    width_in, height_in = size.width / POINTS_PER_INCH, size.height / POINTS_PER_INCH
    dpi = min(MAX_DPI, MAX_SIDE / (columns * width_in), MAX_SIDE / (rows * height_in))
    cell_width = max(1, math.floor(width_in * dpi))
    cell_height = max(1, math.floor(height_in * dpi))
    return Grid(columns, rows, cell_width, cell_height)


@dataclass(frozen=True, slots=True)
class SheetPlan:
    """One deck sheet: its number in ``CustomDeck``, its cards (one slot each) and grid."""

    number: int
    deck: str  # the TTS deck it belongs to
    cards: tuple[Card, ...]
    grid: Grid
    back: str  # file name of the back image
    face: str  # file name of the sheet image
    unique_back: bool = False  # double-faced cards: ``back`` is a sheet of their other faces

    def card_id(self, card: Card) -> int:
        return self.number * 100 + self.cards.index(card)


@dataclass(frozen=True, slots=True)
class DeckPlan:
    key: str
    name: str
    size: CardSize
    cards: tuple[Card, ...]
    sheets: tuple[SheetPlan, ...]


def plan_tts(card_set: CardSet, cards: Sequence[Card]) -> list[DeckPlan]:
    """The TTS decks and their sheets: cards grouped by game deck and size, 69 per sheet.

    Cards with the same back share sheets; double-faced cards go on sheets of their own with
    a sheet of their backs (TTS's 'UniqueBack'), and their other faces are not decks' cards.
    """
    game = card_set.game
    faces = back_faces(game, cards)
    groups: dict[tuple[str, CardSize], list[Card]] = {}
    for card in printed_fronts(game, cards):
        groups.setdefault((card.deck or "", card_size(card_set, card)), []).append(card)
    sizes_of: dict[str, set[CardSize]] = {}
    for deck, size in groups:
        sizes_of.setdefault(deck, set()).add(size)
    decks: list[DeckPlan] = []
    number = 0
    for (deck, size), members in groups.items():
        declared = game.decks.get(deck) if deck else None
        name = declared.name if declared else game.name
        stem = safe_file_stem(deck) if deck else "cards"
        if len(sizes_of[deck]) > 1:
            stem, name = f"{stem}-{safe_file_stem(size.name)}", f"{name} ({size.name})"
        by_back: dict[str | None, list[Card]] = {}
        for card in members:
            back_id = None if card.id in faces else back_of(game, card)[0]
            by_back.setdefault(back_id, []).append(card)
        sheets: list[SheetPlan] = []
        for back_id, backed in by_back.items():
            for start in range(0, len(backed), PER_SHEET):
                chunk = tuple(backed[start : start + PER_SHEET])
                number += 1
                face = f"{stem}-{len(sheets) + 1}.png"
                grid = grid_for(len(chunk), size)
                if back_id is None:  # double-faced: a sheet of their backs, slot for slot
                    back_file = f"{stem}-{len(sheets) + 1}-backs.png"
                else:
                    back_file = back_file_name(back_id, size.name)
                unique = back_id is None
                sheets.append(SheetPlan(number, stem, chunk, grid, back_file, face, unique))
        decks.append(DeckPlan(stem, name, size, tuple(members), tuple(sheets)))
    return decks


def image_url(path: Path, base_url: str | None) -> str:
    """The URL TTS loads an image from: ``base_url`` + its name, or its ``file://`` URL."""
    if base_url is None:
        return path.resolve().as_uri()
    return base_url.rstrip("/") + "/" + quote(path.name)


def check_base_url(base_url: str) -> str:
    """``base_url`` if TTS can load images from it (http, https or file); else a usage error."""
    parts = urlsplit(base_url)
    if parts.scheme not in ("http", "https", "file") or (
        parts.scheme != "file" and not parts.netloc
    ):
        raise UsageError(
            f"--tts-url {base_url!r} is not a web address: give where you will upload the "
            "images, e.g. https://example.com/my-game/tts/"
        )
    return base_url


def _guid(*parts: str) -> str:
    """A stable six-hex-digit object id, as TTS uses, from what the object is."""
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()[:6]


def _transform(x: float, size: CardSize, *, face_down: bool) -> dict[str, float]:
    return {
        "posX": x,
        "posY": 1.0,
        "posZ": 0.0,
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0 if face_down else 0.0,
        "scaleX": round(size.width / TTS_POKER[0], 4),
        "scaleY": 1.0,
        "scaleZ": round(size.height / TTS_POKER[1], 4),
    }


def _custom_deck(sheet: SheetPlan, folder: Path, base_url: str | None) -> dict[str, Any]:
    return {
        "FaceURL": image_url(folder / sheet.face, base_url),
        "BackURL": image_url(folder / sheet.back, base_url),
        "NumWidth": sheet.grid.columns,
        "NumHeight": sheet.grid.rows,
        "BackIsHidden": True,
        "UniqueBack": sheet.unique_back,
        "Type": 0,
    }


def _card_object(
    card: Card,
    copy: int,
    sheet: SheetPlan,
    custom: dict[str, Any],
    x: float,
    size: CardSize,
    sideways: bool,
) -> dict[str, Any]:
    return {
        "GUID": _guid("card", card.id, str(copy)),
        "Name": "Card",
        "Transform": _transform(x, size, face_down=True),
        "Nickname": card.name,
        "Description": card.text,
        "GMNotes": card.id,
        "CardID": sheet.card_id(card),
        "CustomDeck": {str(sheet.number): custom},
        "SidewaysCard": sideways,
        "Hands": True,
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Tooltip": True,
    }


def saved_object(
    card_set: CardSet,
    decks: Sequence[DeckPlan],
    folder: Path,
    base_url: str | None,
    sideways: Collection[str] = (),
) -> dict[str, Any]:
    """The TTS saved-object document for ``decks``, their images in ``folder``; the cards
    whose ids ``sideways`` holds (landscape layouts) are shown turned on their side."""
    states: list[dict[str, Any]] = []
    for index, deck in enumerate(decks):
        x = index * SPACING * deck.size.width / TTS_POKER[0]
        customs = {s.number: _custom_deck(s, folder, base_url) for s in deck.sheets}
        sheet_of = {card.id: sheet for sheet in deck.sheets for card in sheet.cards}
        contained = [
            _card_object(
                card,
                copy,
                sheet_of[card.id],
                customs[sheet_of[card.id].number],
                x,
                deck.size,
                card.id in sideways,
            )
            for card in deck.cards
            for copy in range(1, card.count + 1)
        ]
        if len(contained) == 1:
            states.append(contained[0])
            continue
        states.append(
            {
                "GUID": _guid("deck", deck.key, deck.size.name),
                "Name": "DeckCustom",
                "Transform": _transform(x, deck.size, face_down=True),
                "Nickname": deck.name,
                "Description": f"{card_set.game.name}: {len(contained)} cards",
                "DeckIDs": [c["CardID"] for c in contained],
                "CustomDeck": {str(n): custom for n, custom in customs.items()},
                "ContainedObjects": contained,
                "SidewaysCard": all(c["SidewaysCard"] for c in contained),
                "Hands": False,
                "Locked": False,
                "Grid": True,
                "Snap": True,
                "Tooltip": True,
            }
        )
    return {
        "SaveName": card_set.game.name,
        "GameMode": card_set.game.name,
        "Date": "",
        "VersionNumber": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": states,
        "TabStates": {},
    }


def _face(card_set: CardSet, card: Card, grid: Grid, face: Face, style: CardStyle) -> Image.Image:
    """A card's front or back cut at its trim line, at the grid's cell size."""
    pdf, _ = card_pdf(card_set, card, 0.0, face=face, style=style)
    return rasterise(pdf, size=(grid.cell_width, grid.cell_height))


def _landscape(style: CardStyle, card: Card) -> bool:
    layout = style.layout(card)
    return layout is not None and layout.landscape


def build_tts(
    card_set: CardSet,
    folder: Path,
    *,
    base_url: str | None = None,
    progress: Progress | None = None,
) -> tuple[list[Path], list[Diagnostic]]:
    """Write ``<folder>/tts/``: the deck sheets, the backs and ``<game>.json``.

    All images are made before any file is written, and the JSON is written last, so a
    failed export leaves the previous one as it was and the JSON never names a missing image.
    """
    if base_url is not None:
        check_base_url(base_url)
    target = folder / TTS_FOLDER
    decks = plan_tts(card_set, card_set.cards)
    sheets = [sheet for deck in decks for sheet in deck.sheets]
    total = sum(len(sheet.cards) for sheet in sheets)
    done = 0
    style, found = prepare_style(card_set.game, card_set.cards)
    images: dict[str, bytes] = {}
    backs: dict[str, Image.Image] = {}
    for sheet in sheets:
        grid = sheet.grid
        image = Image.new("RGB", grid.size, (255, 255, 255))
        for slot, card in enumerate(sheet.cards):
            pdf, drawn = card_pdf(card_set, card, 0.0, style=style)
            found.extend(drawn)
            face = rasterise(pdf, size=(grid.cell_width, grid.cell_height))
            image.paste(face, grid.origin(slot))
            done += 1
            if progress is not None:
                progress(done, total)
        key = f"{sheet.back}:{grid.cell_width}x{grid.cell_height}"
        if key not in backs:  # the hidden card: never a double-faced card's other face
            plain = replace(style, faces={}) if sheet.unique_back else style
            backs[key] = _face(card_set, sheet.cards[0], grid, Face.BACK, plain)
        image.paste(backs[key], grid.origin(grid.hidden_slot))
        images[sheet.face] = png_bytes(image)
        if sheet.unique_back:  # each card's other face, in its slot
            back_sheet = Image.new("RGB", grid.size, (255, 255, 255))
            for slot, card in enumerate(sheet.cards):
                back_sheet.paste(_face(card_set, card, grid, Face.BACK, style), grid.origin(slot))
            back_sheet.paste(backs[key], grid.origin(grid.hidden_slot))
            images[sheet.back] = png_bytes(back_sheet)
        else:
            images.setdefault(sheet.back, png_bytes(backs[key]))
    sideways = {card.id for card in card_set.cards if _landscape(style, card)}
    document = saved_object(card_set, decks, target, base_url, sideways)
    for name, data in images.items():
        transaction.write(target / name, data)
    json_path = target / f"{safe_file_stem(card_set.game.id)}.json"
    transaction.write(json_path, json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    written = [target / name for name in images] + [json_path]
    return written, sorted(found, key=lambda d: d.sort_key)
