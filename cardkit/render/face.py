"""Card faces: one card's front drawn onto a canvas at a given trim box."""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from cardkit.diagnostics import Diagnostic, warning
from cardkit.model import Card
from cardkit.render.colour import BADGE, BLACK, CUT_MARKER, INK_DARK, NEUTRAL, PAPER, WHITE, Rgb
from cardkit.render.fonts import BOLD, missing_glyphs
from cardkit.render.impose import Box
from cardkit.render.layout import FrontLayout, front_layout
from cardkit.render.placeholder import draw_placeholder
from cardkit.render.style import CardStyle
from cardkit.render.textfit import MIN_RULES_SIZE, PARAGRAPH_SPACE, fit_line, fit_rules
from cardkit.render.units import mm

NAME_SIZE, MIN_NAME_SIZE = 11.0, 7.0
TYPE_SIZE = 7.0


def draw_face(
    canvas: Canvas, style: CardStyle, card: Card, trim: Box, *, bleed: float
) -> list[Diagnostic]:
    """Draw the front of ``card`` cut at ``trim``, its frame ``bleed`` beyond on every side.

    Returns the warnings found drawing it (text that does not fit, glyphs the fonts lack).
    """
    face = _Face(canvas, style, card)
    face.draw(trim, bleed)
    return face.diagnostics


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


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
        layout = front_layout(trim.w, trim.h)
        frame = self.frame_colour()
        self.fill(frame)
        c.rect(trim.x - bleed, trim.y - bleed, trim.w + 2 * bleed, trim.h + 2 * bleed, 0, 1)
        c.saveState()
        c.translate(trim.x, trim.y)
        self.draw_name(layout, frame)
        cost = card.get("cost")
        if isinstance(cost, int | float) and not isinstance(cost, bool):
            self.draw_cost(_number(cost), layout.cost)
        if layout.art is not None:
            self.draw_art(layout.art, frame)
        defense = card.get("defense")
        has_defense = isinstance(defense, int | float) and not isinstance(defense, bool)
        self.draw_type_line(layout, frame, has_defense)
        if has_defense:
            self.draw_defense(_number(defense), layout.defense)
        self.draw_rules(layout, frame)
        c.restoreState()

    def draw_name(self, layout: FrontLayout, frame: Rgb) -> None:
        card, box = self.card, layout.name
        missing = missing_glyphs(card.name)
        if missing:
            self.warn_glyphs("name", missing)
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
        self.c.setFont(BOLD, size)
        self.c.drawString(box.x, box.y + (box.h - size * 0.72) / 2, text)

    def draw_cost(self, value: str, box: Box) -> None:
        self._badge_circle(box)
        self._badge_number(value, box, box.h * 0.55)

    def _badge_circle(self, box: Box) -> None:
        radius = box.w / 2
        self.fill(Rgb.hex(BADGE))
        self.stroke(WHITE)
        self.c.setLineWidth(1.0)
        self.c.circle(box.x + radius, box.y + radius, radius - 0.5, stroke=1, fill=1)

    def _badge_number(self, value: str, box: Box, size: float) -> None:
        while size > 5 and pdfmetrics.stringWidth(value, BOLD, size) > box.w * 0.75:
            size -= 0.5
        self.fill(WHITE)
        self.c.setFont(BOLD, size)
        self.c.drawCentredString(box.x + box.w / 2, box.y + box.h / 2 - size * 0.36, value)

    def draw_defense(self, value: str, box: Box) -> None:
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
        self.fill(Rgb.hex(BADGE))
        self.stroke(WHITE)
        c.setLineWidth(1.0)
        c.drawPath(path, stroke=1, fill=1)
        self._badge_number(value, Box(x, y + h * 0.08, w, h), h * 0.5)

    def draw_art(self, box: Box, frame: Rgb) -> None:
        c = self.c
        c.saveState()
        clip = c.beginPath()
        clip.roundRect(box.x, box.y, box.w, box.h, mm(1.5))
        c.clipPath(clip, stroke=0, fill=0)
        draw_placeholder(c, self.card.id, box, frame)
        c.restoreState()
        self.stroke(frame.mix(BLACK, 0.3))
        c.setLineWidth(0.75)
        c.roundRect(box.x, box.y, box.w, box.h, mm(1.5), stroke=1, fill=0)

    def draw_type_line(self, layout: FrontLayout, frame: Rgb, badge: bool) -> None:
        c, card = self.c, self.card
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

    def draw_rules(self, layout: FrontLayout, frame: Rgb) -> None:
        c, card = self.c, self.card
        panel, box = layout.rules, layout.rules_text
        if panel.h <= 0:
            if card.text.strip():
                self.warn_overflow("is not printed: a card this small has no text box")
            return
        self.fill(Rgb.hex(PAPER))
        self.stroke(frame.mix(BLACK, 0.3))
        c.setLineWidth(0.75)
        c.roundRect(panel.x, panel.y, panel.w, panel.h, mm(1.5), stroke=1, fill=1)
        if not card.text.strip():
            return
        missing = missing_glyphs(card.text)
        if missing:
            self.warn_glyphs("text", missing)
        fitted = fit_rules(card.text, box, Rgb.hex(INK_DARK))
        if fitted.overflow:
            self.warn_overflow(
                f"does not fit its box even at {MIN_RULES_SIZE:g}pt; the end is cut off"
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
