"""Card faces: one card's front drawn onto a canvas at a given trim box."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from cardkit.diagnostics import Diagnostic, warning
from cardkit.model import Card
from cardkit.render.colour import BADGE, BLACK, CUT_MARKER, NEUTRAL, PAPER, WHITE, Rgb
from cardkit.render.fonts import BOLD, missing_glyphs
from cardkit.render.impose import Box
from cardkit.render.layoutfile import Element
from cardkit.render.placeholder import draw_placeholder
from cardkit.render.style import CardStyle
from cardkit.render.textfit import PARAGRAPH_SPACE, RULES_SIZE, fit_line, fit_rules
from cardkit.render.units import mm

NAME_SIZE, MIN_NAME_SIZE = 11.0, 7.0
TYPE_SIZE, MIN_TYPE_SIZE = 7.0, 5.0
NAME_PAD = mm(1)  # the name's box is the bar; the text keeps this far from its ends
PANEL_PAD = mm(1.5)  # inside the rules panel, around its text
RADIUS = mm(1.5)


def draw_face(
    canvas: Canvas, style: CardStyle, card: Card, trim: Box, *, bleed: float
) -> list[Diagnostic]:
    """Draw the front of ``card`` cut at ``trim``, its frame ``bleed`` beyond on every side.

    The parts and badges go where the card type's layout puts them. Returns the warnings
    found drawing (text that does not fit, glyphs no font has).
    """
    face = _Face(canvas, style, card)
    face.draw(trim, bleed)
    return face.diagnostics


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def badge_text(value: Any) -> str | None:
    """What a badge shows for a field's value; None when the badge is not drawn.

    Numbers are shown as numbers; true (an outpost, a flag) shows the badge with its label
    only; false, empty and missing values leave the badge out.
    """
    if isinstance(value, bool):
        return "" if value else None
    if isinstance(value, int | float):
        return _number(value)
    if isinstance(value, str) and value.strip():
        return value.strip()
    return None


class _Face:
    def __init__(self, canvas: Canvas, style: CardStyle, card: Card) -> None:
        self.c = canvas
        self.style = style
        self.game = style.game
        self.card = card
        self.diagnostics: list[Diagnostic] = []

    def fill(self, colour: Rgb) -> None:
        self.c.setFillColorRGB(colour.r, colour.g, colour.b)

    def stroke(self, colour: Rgb) -> None:
        self.c.setStrokeColorRGB(colour.r, colour.g, colour.b)

    def frame_colour(self) -> Rgb:
        for faction_id in self.card.factions:
            faction = self.game.factions.get(faction_id)
            if faction is not None and faction.color:
                return Rgb.hex(faction.color)
        return Rgb.hex(NEUTRAL)

    def draw(self, trim: Box, bleed: float) -> None:
        c, card = self.c, self.card
        layout = self.style.layout(card)
        frame = self.frame_colour()
        self.fill(frame)
        c.rect(trim.x - bleed, trim.y - bleed, trim.w + 2 * bleed, trim.h + 2 * bleed, 0, 1)
        if layout is None:
            return
        c.saveState()
        c.translate(trim.x, trim.y)
        for element in layout.elements:
            box = element.edges.box(trim.w, trim.h)
            if element.badge:
                self.draw_badge(element, box)
            elif element.name == "name":
                self.draw_name(element, box, frame)
            elif element.name == "art":
                self.draw_art(box, frame)
            elif element.name == "type_line":
                self.draw_type_line(element, box, frame)
            elif element.name == "rules":
                self.draw_rules(element, box, frame)
        if layout.part("rules") is None and card.text.strip():
            self.warn_overflow("is not printed: this card's layout has no text box")
        c.restoreState()

    def draw_name(self, element: Element, bar: Box, frame: Rgb) -> None:
        card = self.card
        box = Box(bar.x + NAME_PAD, bar.y, bar.w - 2 * NAME_PAD, bar.h)
        missing = missing_glyphs(card.name)
        if missing:
            self.warn_glyphs("name", missing)
        size = element.size or NAME_SIZE
        text, size, cut = fit_line(card.name, box.w, size, min(size, MIN_NAME_SIZE))
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
        self.fill(Rgb.hex(element.ink) if element.ink else frame.ink)
        self.c.setFont(BOLD, size)
        self._aligned(text, box, size, element.align)

    def _aligned(self, text: str, box: Box, size: float, align: str) -> None:
        y = box.y + (box.h - size * 0.72) / 2
        if align == "center":
            self.c.drawCentredString(box.x + box.w / 2, y, text)
        elif align == "right":
            self.c.drawRightString(box.right, y, text)
        else:
            self.c.drawString(box.x, y, text)

    # badges ------------------------------------------------------------------------------

    def draw_badge(self, element: Element, box: Box) -> None:
        value = badge_text(self.card.get(element.field or ""))
        if value is None:
            return
        fill = Rgb.hex(element.color or BADGE)
        ink = Rgb.hex(element.ink) if element.ink else fill.ink
        shape = element.shape
        if shape == "shield":
            self._shield(box, fill)
            number_box = Box(box.x, box.y + box.h * 0.08, box.w, box.h)
        elif shape == "square":
            self._outlined(fill)
            self.c.roundRect(box.x + 0.5, box.y + 0.5, box.w - 1, box.h - 1, mm(1), 1, 1)
            number_box = box
        elif shape == "banner":
            self._banner(box, fill)
            number_box = box
        else:  # circle
            self._outlined(fill)
            radius = min(box.w, box.h) / 2
            self.c.circle(box.x + box.w / 2, box.y + box.h / 2, radius - 0.5, stroke=1, fill=1)
            number_box = box
        text = " ".join(t for t in (value, element.label) if t)
        size = element.size or (number_box.h * (0.42 if shape == "banner" else 0.55))
        self._badge_text(text, number_box, size, ink)

    def _outlined(self, fill: Rgb) -> None:
        self.fill(fill)
        self.stroke(WHITE)
        self.c.setLineWidth(1.0)

    def _badge_text(self, value: str, box: Box, size: float, ink: Rgb) -> None:
        while size > 4 and pdfmetrics.stringWidth(value, BOLD, size) > box.w * 0.8:
            size -= 0.25
        self.fill(ink)
        self.c.setFont(BOLD, size)
        self.c.drawCentredString(box.x + box.w / 2, box.y + box.h / 2 - size * 0.36, value)

    def _shield(self, box: Box, fill: Rgb) -> None:
        """A shield: flat top, sides curving to a point at the bottom."""
        c = self.c
        x, y, w, h = box.x, box.y, box.w, box.h
        inset = 0.6
        path = c.beginPath()
        path.moveTo(x + inset, y + h - inset)
        path.lineTo(x + w - inset, y + h - inset)
        path.lineTo(x + w - inset, y + h * 0.5)
        path.curveTo(x + w - inset, y + h * 0.22, x + w * 0.72, y + h * 0.08, x + w / 2, y + inset)
        path.curveTo(x + w * 0.28, y + h * 0.08, x + inset, y + h * 0.22, x + inset, y + h * 0.5)
        path.close()
        self._outlined(fill)
        c.drawPath(path, stroke=1, fill=1)

    def _banner(self, box: Box, fill: Rgb) -> None:
        """A ribbon with notched ends."""
        c = self.c
        notch = min(box.h * 0.35, box.w * 0.1)
        path = c.beginPath()
        path.moveTo(box.x, box.y)
        path.lineTo(box.right, box.y)
        path.lineTo(box.right - notch, box.y + box.h / 2)
        path.lineTo(box.right, box.top)
        path.lineTo(box.x, box.top)
        path.lineTo(box.x + notch, box.y + box.h / 2)
        path.close()
        self._outlined(fill)
        c.setLineWidth(0.6)
        c.drawPath(path, stroke=1, fill=1)

    # art, type line, rules ------------------------------------------------------------------

    def draw_art(self, box: Box, frame: Rgb) -> None:
        c = self.c
        c.saveState()
        clip = c.beginPath()
        clip.roundRect(box.x, box.y, box.w, box.h, RADIUS)
        c.clipPath(clip, stroke=0, fill=0)
        draw_placeholder(c, self.card.id, box, frame)
        c.restoreState()
        self.stroke(frame.mix(BLACK, 0.3))
        c.setLineWidth(0.75)
        c.roundRect(box.x, box.y, box.w, box.h, RADIUS, stroke=1, fill=0)

    def draw_type_line(self, element: Element, band: Box, frame: Rgb) -> None:
        c, card = self.c, self.card
        colour = Rgb.hex(element.color) if element.color else frame.mix(WHITE, 0.85)
        self.fill(colour)
        self.stroke(frame.mix(BLACK, 0.3))
        c.setLineWidth(0.75)
        c.roundRect(band.x, band.y, band.w, band.h, mm(1), stroke=1, fill=1)
        card_type = self.game.card_types.get(card.type)
        words = [card_type.name if card_type else card.type]
        factions = [self.game.factions[f].name for f in card.factions if f in self.game.factions]
        text = " \u2014 ".join([*words, " / ".join(factions)] if factions else words)
        box = Box(band.x + PANEL_PAD, band.y, band.w - 2 * PANEL_PAD, band.h)
        size = element.size or TYPE_SIZE
        text, size, _ = fit_line(text, box.w, size, min(size, MIN_TYPE_SIZE))
        self.fill(Rgb.hex(element.ink) if element.ink else colour.ink)
        c.setFont(BOLD, size)
        self._aligned(text, box, size, element.align)

    def draw_rules(self, element: Element, panel: Box, frame: Rgb) -> None:
        c, card = self.c, self.card
        colour = Rgb.hex(element.color) if element.color else Rgb.hex(PAPER)
        self.fill(colour)
        self.stroke(frame.mix(BLACK, 0.3))
        c.setLineWidth(0.75)
        c.roundRect(panel.x, panel.y, panel.w, panel.h, RADIUS, stroke=1, fill=1)
        if not card.text.strip():
            return
        box = Box(
            panel.x + PANEL_PAD,
            panel.y + PANEL_PAD,
            panel.w - 2 * PANEL_PAD,
            panel.h - 2 * PANEL_PAD,
        )
        missing = missing_glyphs(card.text)
        if missing:
            self.warn_glyphs("text", missing)
        ink = Rgb.hex(element.ink) if element.ink else colour.ink
        fitted = fit_rules(card.text, box, ink, size=element.size or RULES_SIZE)
        if fitted.overflow:
            self.warn_overflow(
                f"does not fit its box even at {fitted.size:g}pt; the end is cut off"
            )
            self.draw_cut_marker(panel)
        gap = fitted.size * PARAGRAPH_SPACE
        y = box.top - (box.h - fitted.height) / 2
        for paragraph, height in fitted.paragraphs:
            y -= height
            paragraph.drawOn(c, box.x, y)
            y -= gap

    def draw_cut_marker(self, panel: Box) -> None:
        """A red corner on a rules panel whose text was cut, to catch the eye on a proof."""
        c = self.c
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

    def warn_overflow(self, problem: str) -> None:
        card = self.card
        self.diagnostics.append(
            warning(
                "CK201",
                f"rules text of {card.name!r} {problem}",
                card.location("text"),
                card=card.id,
                hint="shorten the text or use a larger card size",
            )
        )

    def warn_glyphs(self, field: str, missing: Sequence[str]) -> None:
        card = self.card
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
