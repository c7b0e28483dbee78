"""Drawing imposed pages into a PDF with reportlab. The only module that imports reportlab.

It loops over the pages and placements that ``impose`` computed and draws; it does no
layout maths of its own beyond fitting text. Each distinct card face is drawn once as a
form XObject and placed for each copy, which keeps the file small and the build fast.
Output is byte-identical for the same input: ``invariant=1``, embedded subset fonts and
no randomness (the art placeholder pattern comes from a hash of the card id).
"""

from __future__ import annotations

import hashlib
import io
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import reportlab
from reportlab.lib.colors import Color
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph

from cardkit.diagnostics import Diagnostic, warning
from cardkit.model import Card, Game
from cardkit.render.impose import Box, Face, Page, Placement
from cardkit.render.layout import SAFE, FrontLayout, front_layout
from cardkit.render.units import mm

Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class PrintBoxes:
    """A page's TrimBox and BleedBox, each (left, bottom, right, top) in points."""

    trim: tuple[float, float, float, float]
    bleed: tuple[float, float, float, float]


# Bitstream Vera ships with reportlab; registered under our own names so that the card
# font can change without touching the drawing code.
FONT = "CardkitSans"
BOLD = "CardkitSans-Bold"
ITALIC = "CardkitSans-Oblique"
BOLD_ITALIC = "CardkitSans-BoldOblique"
_FONT_FILES = {
    FONT: "Vera.ttf",
    BOLD: "VeraBd.ttf",
    ITALIC: "VeraIt.ttf",
    BOLD_ITALIC: "VeraBI.ttf",
}

NAME_SIZE, MIN_NAME_SIZE = 11.0, 7.0
RULES_SIZE, MIN_RULES_SIZE = 8.5, 6.0
TYPE_SIZE = 7.0
LEADING = 1.2  # line height as a multiple of the font size
PARAGRAPH_SPACE = 0.35  # space between abilities, as a multiple of the font size
LABEL_LIMIT = 24  # "Blob Ally:" up to this long at the start of a line is set in bold
ELLIPSIS = "\u2026"

NEUTRAL = "#59606b"  # the frame of cards of no faction
DEFAULT_BACK = "#3a3f4b"
INK_DARK = "#1b1e24"
INK_LIGHT = "#ffffff"
PAPER = "#fbfaf6"  # the rules text panel
BADGE = "#23272f"
CUT_MARKER = "#e0312b"  # the corner of a rules panel whose text did not fit
MARK = 0.25  # crop mark line width, points


@dataclass(frozen=True, slots=True)
class Rgb:
    """A colour from a validated '#rgb' or '#rrggbb' value; components 0..1."""

    r: float
    g: float
    b: float

    @classmethod
    def hex(cls, text: str) -> Rgb:
        digits = text.removeprefix("#")
        if len(digits) == 3:
            digits = "".join(c * 2 for c in digits)
        if len(digits) != 6:
            raise ValueError(f"not a hex colour: {text!r}")
        value = int(digits, 16)
        return cls(((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255)

    def mix(self, other: Rgb, amount: float) -> Rgb:
        """This colour moved ``amount`` (0..1) of the way towards ``other``."""
        return Rgb(
            self.r + (other.r - self.r) * amount,
            self.g + (other.g - self.g) * amount,
            self.b + (other.b - self.b) * amount,
        )

    @property
    def luminance(self) -> float:
        def linear(c: float) -> float:
            return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

        return 0.2126 * linear(self.r) + 0.7152 * linear(self.g) + 0.0722 * linear(self.b)

    def contrast(self, other: Rgb) -> float:
        high, low = sorted((self.luminance, other.luminance), reverse=True)
        return (high + 0.05) / (low + 0.05)

    @property
    def ink(self) -> Rgb:
        """White text on this colour when it reads well enough (bold, 3:1), else dark text."""
        white = Rgb.hex(INK_LIGHT)
        return white if self.contrast(white) >= 3.0 else Rgb.hex(INK_DARK)

    @property
    def color(self) -> Color:
        return Color(self.r, self.g, self.b)


WHITE = Rgb.hex("#ffffff")
BLACK = Rgb.hex("#000000")


def register_fonts() -> None:
    """Register the bundled card fonts with reportlab (once)."""
    registered = set(pdfmetrics.getRegisteredFontNames())
    folder = Path(reportlab.__file__).parent / "fonts"
    for name, filename in _FONT_FILES.items():
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(folder / filename)))
    pdfmetrics.registerFontFamily(
        FONT, normal=FONT, bold=BOLD, italic=ITALIC, boldItalic=BOLD_ITALIC
    )


def _missing_glyphs(text: str) -> list[str]:
    font = pdfmetrics.getFont(FONT)
    known: Mapping[int, int] = font.face.charToGlyph  # type: ignore[attr-defined]
    return sorted({c for c in text if not c.isspace() and ord(c) not in known})


def fit_line(
    text: str, width: float, size: float, smallest: float, font: str = BOLD
) -> tuple[str, float, bool]:
    """One line of text shrunk towards ``smallest`` to fit ``width``, else cut short with '…'.

    Returns the text to draw, its size, and whether it was cut.
    """
    while size > smallest and pdfmetrics.stringWidth(text, font, size) > width:
        size = max(smallest, size - 0.25)
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text, size, False
    cut = text
    while cut and pdfmetrics.stringWidth(cut + ELLIPSIS, font, size) > width:
        cut = cut[:-1]
    return (cut.rstrip() + ELLIPSIS if cut else ""), size, True


def _rules_markup(line: str) -> str:
    """One line of rules text as Paragraph markup: escaped, with a leading 'Label:' in bold."""
    label, colon, rest = line.partition(":")
    if colon and 0 < len(label) <= LABEL_LIMIT and rest.strip():
        return f"<b>{escape(label)}:</b>{escape(rest)}"
    return escape(line)


@dataclass(frozen=True, slots=True)
class FittedText:
    paragraphs: tuple[tuple[Flowable, float], ...]  # paragraph and its height
    size: float
    height: float
    overflow: bool


def _fit_rules(text: str, box: Box, ink: Rgb) -> FittedText:
    """The rules text at the largest size that fits ``box``; at the smallest, what fits."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    size = RULES_SIZE
    while True:
        style = ParagraphStyle(
            f"rules-{size}",
            fontName=FONT,
            fontSize=size,
            leading=size * LEADING,
            alignment=TA_CENTER,
            textColor=ink.color,
        )
        gap = size * PARAGRAPH_SPACE
        laid: list[tuple[Flowable, float]] = []
        for line in lines:
            paragraph = Paragraph(_rules_markup(line), style)
            _, height = paragraph.wrap(box.w, box.h)
            laid.append((paragraph, height))
        total = sum(h for _, h in laid) + gap * max(0, len(laid) - 1)
        if total <= box.h:
            return FittedText(tuple(laid), size, total, False)
        if size <= MIN_RULES_SIZE:
            break
        size = max(MIN_RULES_SIZE, size - 0.25)
    # Still too long at the smallest size: keep the paragraphs, and lines, that fit.
    kept: list[tuple[Flowable, float]] = []
    used = 0.0
    for flowable, height in laid:
        room = box.h - used - (gap if kept else 0.0)
        if height <= room:
            kept.append((flowable, height))
            used += height + (gap if len(kept) > 1 else 0.0)
            continue
        parts = flowable.split(box.w, room) if room > 0 else []
        if parts:
            first = parts[0]
            _, first_height = first.wrap(box.w, room)
            if first_height <= room:
                kept.append((first, first_height))
                used += first_height + (gap if len(kept) > 1 else 0.0)
        break
    return FittedText(tuple(kept), MIN_RULES_SIZE, used, True)


def _hash_stream(card_id: str) -> Iterator[float]:
    """Endless numbers in [0, 1) derived from the card id: the same card, the same pattern."""
    block = 0
    while True:
        digest = hashlib.sha256(f"{block}:{card_id}".encode()).digest()
        for i in range(0, len(digest), 2):
            yield int.from_bytes(digest[i : i + 2], "big") / 65536
        block += 1


def back_of(game: Game, card: Card) -> tuple[str, Mapping[str, Any]]:
    """The id and declaration of a card's back: its deck's, else its type's, else plain ("")."""
    deck = game.decks.get(card.deck) if card.deck else None
    card_type = game.card_types.get(card.type)
    for back_id in (deck.back if deck else None, card_type.back if card_type else None):
        if back_id and back_id in game.backs:
            return back_id, game.backs[back_id]
    return "", {}


class _Drawer:
    def __init__(self, canvas: Canvas, game: Game) -> None:
        self.canvas = canvas
        self.game = game
        self.fronts: dict[str, str] = {}  # card id -> form name
        self.backs: dict[tuple[str, float, float], str] = {}  # back id and size -> form name
        self.diagnostics: list[Diagnostic] = []

    # colours -----------------------------------------------------------------------

    def frame_colour(self, card: Card) -> Rgb:
        for faction_id in card.factions:
            faction = self.game.factions.get(faction_id)
            if faction is not None and faction.color:
                return Rgb.hex(faction.color)
        return Rgb.hex(NEUTRAL)

    def fill(self, colour: Rgb) -> None:
        self.canvas.setFillColorRGB(colour.r, colour.g, colour.b)

    def stroke(self, colour: Rgb) -> None:
        self.canvas.setStrokeColorRGB(colour.r, colour.g, colour.b)

    # forms: one per distinct face ------------------------------------------------------

    def front_form(self, placement: Placement[Card]) -> str:
        card = placement.card
        if card.id not in self.fronts:
            name = f"front{len(self.fronts)}"
            self._begin_form(name, placement)
            self.draw_front(card, placement)
            self.canvas.endForm()
            self.fronts[card.id] = name
        return self.fronts[card.id]

    def back_form(self, placement: Placement[Card]) -> str:
        back_id, back = back_of(self.game, placement.card)
        key = (back_id, placement.bleed.w, placement.bleed.h)  # one back may serve two sizes
        if key not in self.backs:
            name = f"back{len(self.backs)}"
            self._begin_form(name, placement)
            self.draw_back(back, placement)
            self.canvas.endForm()
            self.backs[key] = name
        return self.backs[key]

    def _begin_form(self, name: str, placement: Placement[Card]) -> None:
        self.canvas.beginForm(name, 0, 0, placement.bleed.w, placement.bleed.h)

    # card fronts -------------------------------------------------------------------------

    def draw_front(self, card: Card, placement: Placement[Card]) -> None:
        c = self.canvas
        bleed = placement.trim.x - placement.bleed.x
        trim = placement.trim
        layout = front_layout(trim.w, trim.h)
        frame = self.frame_colour(card)
        self.fill(frame)
        c.rect(0, 0, placement.bleed.w, placement.bleed.h, stroke=0, fill=1)
        c.saveState()
        c.translate(bleed, bleed)
        self.draw_name(card, layout, frame)
        cost = card.get("cost")
        if isinstance(cost, int | float) and not isinstance(cost, bool):
            self.draw_cost(_number(cost), layout.cost)
        if layout.art is not None:
            self.draw_art(card, layout.art, frame)
        defense = card.get("defense")
        has_defense = isinstance(defense, int | float) and not isinstance(defense, bool)
        self.draw_type_line(card, layout, frame, has_defense)
        if has_defense:
            self.draw_defense(_number(defense), layout.defense)
        self.draw_rules(card, layout, frame)
        c.restoreState()

    def draw_name(self, card: Card, layout: FrontLayout, frame: Rgb) -> None:
        box = layout.name
        missing = _missing_glyphs(card.name)
        if missing:
            self.warn_glyphs(card, "name", missing)
        text, size, cut = fit_line(card.name, box.w, NAME_SIZE, MIN_NAME_SIZE)
        if cut:
            self.diagnostics.append(
                warning(
                    "CK202",
                    f"card name {card.name!r} does not fit its title bar; printed as {text!r}"
                    if text
                    else f"card name {card.name!r} is not printed: a card this small has no room",
                    card.location("name"),
                    card=card.id,
                    hint="shorten the name or use a wider card size",
                )
            )
        self.fill(frame.ink)
        self.canvas.setFont(BOLD, size)
        self.canvas.drawString(box.x, box.y + (box.h - size * 0.72) / 2, text)

    def draw_cost(self, value: str, box: Box) -> None:
        self._badge_circle(box)
        self._badge_number(value, box, box.h * 0.55)

    def _badge_circle(self, box: Box) -> None:
        c = self.canvas
        radius = box.w / 2
        self.fill(Rgb.hex(BADGE))
        self.stroke(WHITE)
        c.setLineWidth(1.0)
        c.circle(box.x + radius, box.y + radius, radius - 0.5, stroke=1, fill=1)

    def _badge_number(self, value: str, box: Box, size: float) -> None:
        c = self.canvas
        while size > 5 and pdfmetrics.stringWidth(value, BOLD, size) > box.w * 0.75:
            size -= 0.5
        self.fill(WHITE)
        c.setFont(BOLD, size)
        c.drawCentredString(box.x + box.w / 2, box.y + box.h / 2 - size * 0.36, value)

    def draw_defense(self, value: str, box: Box) -> None:
        """A shield: flat top, sides curving to a point at the bottom."""
        c = self.canvas
        x, y, w, h = box.x, box.y, box.w, box.h
        inset = 0.6
        path = c.beginPath()
        path.moveTo(x + inset, y + h - inset)
        path.lineTo(x + w - inset, y + h - inset)
        path.lineTo(x + w - inset, y + h * 0.5)
        path.curveTo(x + w - inset, y + h * 0.22, x + w * 0.72, y + h * 0.08, x + w / 2, y + inset)
        path.curveTo(x + w * 0.28, y + h * 0.08, x + inset, y + h * 0.22, x + inset, y + h * 0.5)
        path.close()
        self.fill(Rgb.hex(BADGE))
        self.stroke(WHITE)
        c.setLineWidth(1.0)
        c.drawPath(path, stroke=1, fill=1)
        self._badge_number(value, Box(x, y + h * 0.08, w, h), h * 0.5)

    def draw_art(self, card: Card, box: Box, frame: Rgb) -> None:
        """A placeholder for the art: a pattern in the frame's colours, fixed by the card id."""
        c = self.canvas
        numbers = _hash_stream(card.id)
        c.saveState()
        clip = c.beginPath()
        clip.roundRect(box.x, box.y, box.w, box.h, mm(1.5))
        c.clipPath(clip, stroke=0, fill=0)
        light, mid, dark = _art_shades(frame)
        self.fill(light)
        c.rect(box.x, box.y, box.w, box.h, stroke=0, fill=1)
        kind = int(next(numbers) * 4)
        if kind == 0:  # rings around a point
            cx, cy = box.x + box.w * next(numbers), box.y + box.h * next(numbers)
            step = mm(3) + mm(3) * next(numbers)
            radius = (box.w**2 + box.h**2) ** 0.5
            ring = 0
            while radius > 0:
                self.fill(dark if ring % 2 == 0 else light)
                c.circle(cx, cy, radius, stroke=0, fill=1)
                radius -= step
                ring += 1
        elif kind == 1:  # diagonal stripes
            step = mm(2.5) + mm(3) * next(numbers)
            slope = 0.4 + 1.2 * next(numbers)
            self.fill(dark)
            x = box.x - box.h * slope
            while x < box.right:
                path = c.beginPath()
                path.moveTo(x, box.y)
                path.lineTo(x + step / 2, box.y)
                path.lineTo(x + step / 2 + box.h * slope, box.top)
                path.lineTo(x + box.h * slope, box.top)
                path.close()
                c.drawPath(path, stroke=0, fill=1)
                x += step
        elif kind == 2:  # scattered discs of two shades
            for i in range(14):
                self.fill(dark if i % 3 == 0 else mid)
                r = mm(2) + mm(7) * next(numbers)
                c.circle(box.x + box.w * next(numbers), box.y + box.h * next(numbers), r, 0, 1)
        else:  # a mosaic of triangles
            size = mm(6) + mm(4) * next(numbers)
            shades = (light, mid, dark)
            row = 0
            y = box.y
            while y < box.top:
                x = box.x - (size / 2 if row % 2 else 0.0)
                while x < box.right:
                    for up in (True, False):
                        self.fill(shades[int(next(numbers) * 3)])
                        path = c.beginPath()
                        if up:
                            path.moveTo(x, y)
                            path.lineTo(x + size, y)
                            path.lineTo(x + size / 2, y + size)
                        else:
                            path.moveTo(x + size / 2, y + size)
                            path.lineTo(x + size * 1.5, y + size)
                            path.lineTo(x + size, y)
                        path.close()
                        c.drawPath(path, stroke=0, fill=1)
                    x += size
                y += size
                row += 1
        c.restoreState()
        self.stroke(frame.mix(BLACK, 0.3))
        c.setLineWidth(0.75)
        c.roundRect(box.x, box.y, box.w, box.h, mm(1.5), stroke=1, fill=0)

    def draw_type_line(self, card: Card, layout: FrontLayout, frame: Rgb, badge: bool) -> None:
        c = self.canvas
        band = layout.type_line_short if badge else layout.type_line
        self.fill(frame.mix(WHITE, 0.85))
        self.stroke(frame.mix(BLACK, 0.3))
        c.setLineWidth(0.75)
        c.roundRect(band.x, band.y, band.w, band.h, mm(1), stroke=1, fill=1)
        card_type = self.game.card_types.get(card.type)
        words = [card_type.name if card_type else card.type]
        factions = [self.game.factions[f].name for f in card.factions if f in self.game.factions]
        text = " \u2014 ".join([*words, " / ".join(factions)] if factions else words)
        box = layout.type_text
        width = box.w if badge else band.right - box.x - (box.x - band.x)
        text, size, _ = fit_line(text, width, TYPE_SIZE, 5.0)
        self.fill(Rgb.hex(INK_DARK))
        c.setFont(BOLD, size)
        c.drawString(box.x, box.y + (box.h - size * 0.72) / 2, text)

    def draw_rules(self, card: Card, layout: FrontLayout, frame: Rgb) -> None:
        c = self.canvas
        panel, box = layout.rules, layout.rules_text
        if panel.h <= 0:
            if card.text.strip():
                self.warn_overflow(card, "is not printed: a card this small has no text box")
            return
        self.fill(Rgb.hex(PAPER))
        self.stroke(frame.mix(BLACK, 0.3))
        c.setLineWidth(0.75)
        c.roundRect(panel.x, panel.y, panel.w, panel.h, mm(1.5), stroke=1, fill=1)
        if not card.text.strip():
            return
        missing = _missing_glyphs(card.text)
        if missing:
            self.warn_glyphs(card, "text", missing)
        fitted = _fit_rules(card.text, box, Rgb.hex(INK_DARK))
        if fitted.overflow:
            self.warn_overflow(
                card,
                f"does not fit its box even at {MIN_RULES_SIZE:g}pt; the end is cut off",
            )
        if fitted.overflow:
            self.draw_cut_marker(panel)
        gap = fitted.size * PARAGRAPH_SPACE
        y = box.top - (box.h - fitted.height) / 2
        for paragraph, height in fitted.paragraphs:
            y -= height
            paragraph.drawOn(c, box.x, y)
            y -= gap

    def draw_cut_marker(self, panel: Box) -> None:
        """A red corner on a rules panel whose text was cut, to catch the eye on a proof."""
        c = self.canvas
        size = mm(3)
        c.saveState()
        clip = c.beginPath()
        clip.roundRect(panel.x, panel.y, panel.w, panel.h, mm(1.5))
        c.clipPath(clip, stroke=0, fill=0)
        self.fill(Rgb.hex(CUT_MARKER))
        corner = c.beginPath()
        corner.moveTo(panel.right, panel.y)
        corner.lineTo(panel.right, panel.y + size)
        corner.lineTo(panel.right - size, panel.y)
        corner.close()
        c.drawPath(corner, stroke=0, fill=1)
        c.restoreState()

    def warn_overflow(self, card: Card, problem: str) -> None:
        self.diagnostics.append(
            warning(
                "CK201",
                f"rules text of {card.name!r} {problem}",
                card.location("text"),
                card=card.id,
                hint="shorten the text or use a larger card size",
            )
        )

    def warn_glyphs(self, card: Card, field: str, missing: Sequence[str]) -> None:
        shown = ", ".join(f"{ch!r} (U+{ord(ch):04X})" for ch in missing)
        self.diagnostics.append(
            warning(
                "CK203",
                f"the card font has no glyph for {shown} in the {field} of {card.name!r}",
                card.location(field),
                card=card.id,
                hint="use another character; icons are not supported yet",
            )
        )

    # card backs --------------------------------------------------------------------------

    def draw_back(self, back: Mapping[str, Any], placement: Placement[Card]) -> None:
        c = self.canvas
        colour = Rgb.hex(back.get("color") or DEFAULT_BACK)
        text = str(back.get("text") or self.game.name)
        width, height = placement.bleed.w, placement.bleed.h
        bleed = placement.trim.x - placement.bleed.x
        trim = placement.trim
        self.fill(colour)
        c.rect(0, 0, width, height, stroke=0, fill=1)
        c.saveState()
        c.translate(bleed, bleed)
        # No border near the edges: duplex printing shifts backs a little, and a border
        # would show it. A motif in the middle hides the shift.
        accent = colour.mix(colour.ink, 0.35)
        self.stroke(accent)
        c.setLineWidth(0.6)
        # A lozenge behind the title.
        cx, cy = trim.w / 2, trim.h / 2
        across = trim.w / 2 - SAFE - mm(4)
        tall = min(across * 1.35, trim.h / 2 - SAFE - mm(4))
        self.fill(colour.mix(colour.ink, 0.08))
        diamond = c.beginPath()
        diamond.moveTo(cx, cy + tall)
        diamond.lineTo(cx + across, cy)
        diamond.lineTo(cx, cy - tall)
        diamond.lineTo(cx - across, cy)
        diamond.close()
        c.drawPath(diamond, stroke=1, fill=1)
        outline = c.beginPath()
        far = mm(2)
        outline.moveTo(cx, cy + tall + far * 1.25)
        outline.lineTo(cx + across + far, cy)
        outline.lineTo(cx, cy - tall - far * 1.25)
        outline.lineTo(cx - across - far, cy)
        outline.close()
        c.setLineWidth(0.4)
        c.drawPath(outline, stroke=1, fill=0)
        room = across * 1.3
        text, size, _ = fit_line(text, room, 15.0, 6.0)
        self.fill(colour.ink)
        c.setFont(BOLD, size)
        c.drawCentredString(cx, cy - size * 0.36, text)
        c.restoreState()


def _art_shades(frame: Rgb) -> tuple[Rgb, Rgb, Rgb]:
    """Light, middle and dark tints of a frame colour for the art placeholder.

    Tints of a pale colour towards white all look alike, so pale frames shade towards black.
    """
    if frame.luminance > 0.45:
        return frame.mix(WHITE, 0.45), frame.mix(BLACK, 0.06), frame.mix(BLACK, 0.16)
    return frame.mix(WHITE, 0.72), frame.mix(WHITE, 0.58), frame.mix(WHITE, 0.45)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def render_pdf(
    game: Game,
    pages: Sequence[Page[Card]],
    *,
    title: str | None = None,
    progress: Progress | None = None,
    print_boxes: PrintBoxes | None = None,
) -> tuple[bytes, list[Diagnostic]]:
    """The PDF of ``pages`` and the warnings found while drawing (text that does not fit).

    ``print_boxes`` sets the TrimBox and BleedBox of every page (one-card pages for print
    services, all of one size).
    """
    register_fonts()
    buffer = io.BytesIO()
    first = pages[0].sheet.paper if pages else None
    size = (first.width, first.height) if first else (mm(210), mm(297))
    # Start every page in the card font, so that no unembedded Helvetica is referenced.
    # (types-reportlab wrongly types initialFontName as a float.)
    canvas = Canvas(
        buffer,
        pagesize=size,
        invariant=1,
        pageCompression=1,
        initialFontName=FONT,  # type: ignore[arg-type]
    )
    if print_boxes is not None:
        canvas.setTrimBox(print_boxes.trim)
        canvas.setBleedBox(print_boxes.bleed)
    canvas.setTitle(title or game.name)
    canvas.setCreator("cardkit")
    canvas.setAuthor("")
    canvas.setSubject(f"print-and-play cards of {game.name}")
    drawer = _Drawer(canvas, game)
    sheets = max((p.number for p in pages), default=0)
    for index, page in enumerate(pages, start=1):
        canvas.setPageSize((page.width, page.height))
        _draw_page(drawer, page, sheets)
        canvas.showPage()
        if progress is not None:
            progress(index, len(pages))
    if not pages:
        canvas.showPage()
    canvas.save()
    return buffer.getvalue(), sorted(drawer.diagnostics, key=lambda d: d.sort_key)


def _draw_page(drawer: _Drawer, page: Page[Card], sheets: int) -> None:
    c = drawer.canvas
    for placement in page.placements:
        form = (
            drawer.front_form(placement) if page.face is Face.FRONT else drawer.back_form(placement)
        )
        c.saveState()
        clip = c.beginPath()
        box = placement.clip
        clip.rect(box.x, box.y, box.w, box.h)
        c.clipPath(clip, stroke=0, fill=0)
        c.translate(placement.bleed.x, placement.bleed.y)
        c.doForm(form)
        c.restoreState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(MARK)
    for mark in page.marks:
        c.line(mark.x1, mark.y1, mark.x2, mark.y2)
    _draw_footer(drawer, page, sheets)


def _draw_footer(drawer: _Drawer, page: Page[Card], sheets: int) -> None:
    """A line in the bottom margin saying what the page is, when there is room for one."""
    sheet = page.sheet
    grid = sheet.grid
    room = grid.y - sheet.bleed
    if room < mm(8) or sheet.columns < 1:
        return
    side = "fronts" if page.face is Face.FRONT else "backs"
    dot = " \u00b7 "
    text = dot.join((drawer.game.name, f"sheet {page.number} of {sheets}", side, "print at 100%"))
    # Between the crop marks of the middle column, or the whole grid when it has one column.
    middle = sheet.trim(sheet.columns // 2, 0)
    width = middle.w - mm(4) if sheet.columns > 1 else grid.w
    text, size, _ = fit_line(text, width, 6.0, 4.0, FONT)
    c = drawer.canvas
    c.setFillColorRGB(0.35, 0.35, 0.35)
    c.setFont(FONT, size)
    c.drawCentredString(middle.x + middle.w / 2, room / 2 - size * 0.36, text)
