"""Card faces: one card's front drawn onto a canvas at a given trim box."""

from __future__ import annotations

from collections.abc import Mapping

from reportlab.pdfgen.canvas import Canvas

from cardkit.diagnostics import Diagnostic
from cardkit.inflect import number_text
from cardkit.markup import BULLET, Run
from cardkit.model import Card, FieldValue
from cardkit.render.autostats import hugged
from cardkit.render.colour import BADGE, BLACK, CUT_MARKER, NEUTRAL, PAPER, WHITE, Rgb
from cardkit.render.fieldtext import (
    box_text,
    card_boxes,
    field_spec,
    flavor_text,
    pictured_line_text,
    resource_amounts,
    shows_zero,
    stats_text,
    value_text,
)
from cardkit.render.fonts import BOLD, draw_aligned, draw_text, text_width
from cardkit.render.impose import Box
from cardkit.render.layoutfile import Element
from cardkit.render.measure import (
    LINE_SIZE,
    MIN_LINE_SIZE,
    NO_TEXT_BOX,
    PANEL_PAD,
    fit_band,
    fit_card_rules,
    fit_name,
    glyph_problems,
    overflow,
)
from cardkit.render.picture import draw_picture
from cardkit.render.placeholder import draw_placeholder
from cardkit.render.style import CardStyle
from cardkit.render.textfit import (
    ICON_CALLBACK,
    ICON_SCALE,
    PARAGRAPH_SPACE,
    RULES_SIZE,
    fit_line,
    fit_rules,
)
from cardkit.render.units import mm
from cardkit.rules.printed import has_markup, marked_text

TYPE_SIZE, MIN_TYPE_SIZE = 7.0, 5.0
RADIUS = mm(1.5)


def draw_face(
    canvas: Canvas, style: CardStyle, card: Card, trim: Box, *, bleed: float
) -> list[Diagnostic]:
    """Draw the front of ``card`` cut at ``trim``, its frame ``bleed`` beyond on every side.

    The parts and badges go where the card type's layout puts them. Returns the warnings
    found drawing (text that does not fit, glyphs no font has).
    """
    face = _Face(canvas, style, card)
    face.diagnostics += glyph_problems(card, style)
    face.draw(trim, bleed)
    return face.diagnostics


def badge_text(value: FieldValue) -> str | None:
    """What a badge shows for a field's value; None when the badge is not drawn.

    Numbers are shown as numbers; true (an outpost, a flag) shows the badge with its label
    only; false, empty and missing values leave the badge out.
    """
    if isinstance(value, bool):
        return "" if value else None
    if isinstance(value, int | float):
        return number_text(value)
    if isinstance(value, str) and value.strip():
        return value.strip()
    return None


def _is_zero(value: FieldValue) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and value == 0


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
        card_type = self.game.card_types.get(self.card.type)
        if card_type is not None and card_type.color:
            return Rgb.hex(card_type.color)
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
        if layout.landscape:  # the card turned on its side: its top at the trim's right
            c.translate(trim.x, trim.top)
            c.rotate(-90)
        else:
            c.translate(trim.x, trim.y)
        trim = Box(0.0, 0.0, *layout.size_on(trim.w, trim.h))
        self.draw_pictures(layout.layer("under"), trim, bleed)
        for element, box in card_boxes(self.game, card, layout, trim.w, trim.h):
            if element.text:
                self.draw_text_box(element, box, frame)
            elif element.line:
                self.draw_line(element, box, frame)
            elif element.badge:
                self.draw_badge(element, box)
            elif element.name == "name":
                self.draw_name(element, box, frame)
            elif element.name == "art":
                self.draw_art(box, frame)
            elif element.name == "type_line":
                self.draw_type_line(element, box, frame)
            elif element.name == "rules":
                self.draw_rules(element, box, frame)
            elif element.name == "faction_icon":
                self.draw_faction_icon(box, frame)
        if layout.part("rules") is None and card.text.strip():
            self.diagnostics.append(overflow(card, NO_TEXT_BOX))
        self.draw_pictures(layout.layer("over"), trim, bleed)
        c.restoreState()

    def draw_pictures(self, pictures: tuple[Element, ...], trim: Box, bleed: float) -> None:
        """The layout's picture parts the card has: each in its box (clipped to it), or over
        the whole card (and its bleed, when it says so)."""
        for element in pictures:
            picture = self.style.part_picture(self.card, element)
            if picture is None:
                continue
            if element.whole_card:  # the card as cut, or with its bleed
                edge = bleed if element.bleed else 0.0
                box = Box(-edge, -edge, trim.w + 2 * edge, trim.h + 2 * edge)
            else:
                box = element.edges.box(trim.w, trim.h)
            self.c.saveState()
            clip = self.c.beginPath()
            clip.rect(box.x, box.y, box.w, box.h)
            self.c.clipPath(clip, stroke=0, fill=0)
            draw_picture(
                self.c, picture, box, cover=element.fit == "cover", stretch=element.fit == "stretch"
            )
            self.c.restoreState()

    def draw_name(self, element: Element, bar: Box, frame: Rgb) -> None:
        font = self.style.font(element, bold=True)
        box, text, size, problems = fit_name(self.card, element, bar, font)
        self.diagnostics += problems
        self.fill(Rgb.hex(element.ink) if element.ink else frame.ink)
        self._aligned(text, box, size, element.align, font)

    def _aligned(self, text: str, box: Box, size: float, align: str, font: str = BOLD) -> None:
        y = box.y + (box.h - size * 0.72) / 2
        draw_aligned(self.c, text, font, size, left=box.x, width=box.w, y=y, align=align)

    def draw_faction_icon(self, box: Box, frame: Rgb) -> None:
        """The card's faction icon on a light disc; nothing for a card without one."""
        picture = self.style.faction_icon(self.card)
        if picture is None:
            return
        side = min(box.w, box.h)
        self.fill(frame.mix(WHITE, 0.88))
        self.stroke(frame.mix(BLACK, 0.3))
        self.c.setLineWidth(0.75)
        self.c.circle(box.x + box.w / 2, box.y + box.h / 2, side / 2 - 0.5, stroke=1, fill=1)
        inner = side * 0.72
        draw_picture(
            self.c,
            picture,
            Box(box.x + (box.w - inner) / 2, box.y + (box.h - inner) / 2, inner, inner),
        )

    # badges ------------------------------------------------------------------------------

    def draw_badge(self, element: Element, box: Box) -> None:
        raw = self.card.get(element.field or "")
        spec = field_spec(self.game, self.card, element.field or "")
        if isinstance(raw, Mapping) and spec is not None and spec.kind == "resources":
            self.draw_resources(element, box, raw)
            return
        value = badge_text(raw)
        if value is None or (_is_zero(raw) and not shows_zero(element, spec)):
            return
        if spec is not None and spec.kind == "enum" and isinstance(raw, str):
            value = value_text(raw, spec)
        self._one_badge(element, box, value, Rgb.hex(element.color or BADGE))

    def draw_resources(self, element: Element, box: Box, value: Mapping[str, FieldValue]) -> None:
        """One badge per resource the card names, left to right from the box's left edge
        (or right to left from its right edge when the layout anchors it on the right)."""
        amounts = resource_amounts(self.game, value)
        if not amounts:
            return
        side = min(box.h, box.w / len(amounts))
        step = side + (box.w - side * len(amounts)) / max(len(amounts) - 1, 1)
        step = min(step, side * 1.15)
        from_right = element.edges.left is None and element.edges.right is not None
        for index, (resource, amount) in enumerate(amounts):
            x = box.right - side - index * step if from_right else box.x + index * step
            if from_right:
                resource, amount = amounts[len(amounts) - 1 - index]
            fill = Rgb.hex(resource.color) if resource.color else Rgb.hex(element.color or BADGE)
            if resource.symbol and not resource.icon:  # '2P': which counter it costs
                amount = f"{amount}{resource.symbol}"
            self._one_badge(
                element,
                Box(x, box.y + (box.h - side) / 2, side, side),
                amount,
                fill,
                icon=resource.id if resource.icon else None,  # the style's icons are by id
            )

    def _one_badge(
        self, element: Element, box: Box, value: str, fill: Rgb, *, icon: str | None = None
    ) -> None:
        ink = Rgb.hex(element.ink) if element.ink else fill.ink
        shape = element.shape
        picture = self.style.icons.get(icon) if icon else None
        if picture is not None:  # a resource with an icon: the icon is the badge
            draw_picture(self.c, picture, box)
            number_box = box
        elif shape == "shield":
            self._shield(box, fill)
            number_box = Box(box.x, box.y + box.h * 0.08, box.w, box.h)
        elif shape == "square":
            self._outlined(fill)
            self.c.roundRect(box.x + 0.5, box.y + 0.5, box.w - 1, box.h - 1, mm(1), 1, 1)
            number_box = box
        elif shape == "banner":
            self._banner(box, fill)
            number_box = box
        elif shape == "icon":
            picture = self.style.icons.get(element.icon or "")
            if picture is not None:
                draw_picture(self.c, picture, box)
            number_box = box
        else:  # circle
            self._outlined(fill)
            radius = min(box.w, box.h) / 2
            self.c.circle(box.x + box.w / 2, box.y + box.h / 2, radius - 0.5, stroke=1, fill=1)
            number_box = box
        text = " ".join(t for t in (value, element.label) if t)
        size = element.size or (number_box.h * (0.42 if shape == "banner" else 0.55))
        self._badge_text(text, number_box, size, ink, self.style.font(element, bold=True))

    def _outlined(self, fill: Rgb) -> None:
        self.fill(fill)
        self.stroke(WHITE)
        self.c.setLineWidth(1.0)

    def _badge_text(self, value: str, box: Box, size: float, ink: Rgb, font: str) -> None:
        while size > 4 and text_width(value, font, size) > box.w * 0.8:
            size -= 0.25
        self.fill(ink)
        y = box.y + box.h / 2 - size * 0.36
        draw_aligned(self.c, value, font, size, left=box.x, width=box.w, y=y, align="center")

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

    def draw_line(self, element: Element, box: Box, frame: Rgb) -> None:
        """A field as one line of text in its band: 'Requires: Gateway, Templar Archives'."""
        layout = self.style.layout(self.card)
        if element.stats and layout is not None:  # the automatic stats line
            text = stats_text(self.game, self.card, layout)
        else:
            text = pictured_line_text(
                self.game,
                self.card,
                element.field or "",
                item=element.item,
                separator=element.separator,
            )
        if not text:
            return
        text = " ".join(t for t in (element.label, text) if t)
        colour = Rgb.hex(element.color) if element.color else frame.mix(WHITE, 0.85)
        font = self.style.font(element, bold=True)
        if has_markup(self.game, text):
            self.draw_marked_line(element, box, frame, text, colour)
            return
        text, size, _ = fit_band(text, element, box, font)
        if element.stats:  # the automatic line is as wide as its text, from its aligned edge
            box = hugged(box, text_width(text, font, size) + 2 * PANEL_PAD, element.align)
        self.fill(colour)
        self.stroke(frame.mix(BLACK, 0.3))
        self.c.setLineWidth(0.75)
        self.c.roundRect(box.x, box.y, box.w, box.h, mm(1), stroke=1, fill=1)
        inner = Box(box.x + PANEL_PAD, box.y, box.w - 2 * PANEL_PAD, box.h)
        self.fill(Rgb.hex(element.ink) if element.ink else colour.ink)
        self._aligned(text, inner, size, element.align, font)

    def draw_marked_line(
        self, element: Element, box: Box, frame: Rgb, text: str, colour: Rgb
    ) -> None:
        """A line whose text has markup: its runs in their faces (a line is bold: italic
        markup is bold italic), icons by name drawn in the line, shrunk to fit its band."""
        runs: list[Run] = []
        for marked in (m for printed in marked_text(self.game, text) for m in printed.lines):
            runs += [Run(f" {BULLET} ")] * bool(runs) + list(marked.runs)
        _, bold, _, bold_italic = self.style.faces(element)
        fonts = [bold_italic if run.italic else bold for run in runs]
        inner = Box(box.x + PANEL_PAD, box.y, box.w - 2 * PANEL_PAD, box.h)
        size = element.size or LINE_SIZE
        pieces = [
            (r.text, f, bool(r.symbol and r.icon in self.style.icons))
            for r, f in zip(runs, fonts, strict=True)
        ]

        def width(at: float) -> float:
            return sum(at * ICON_SCALE if icon else text_width(t, f, at) for t, f, icon in pieces)

        smallest = min(size, MIN_LINE_SIZE)
        while size > smallest and width(size) > inner.w:
            size = max(smallest, size - 0.25)
        self.fill(colour)
        self.stroke(frame.mix(BLACK, 0.3))
        self.c.setLineWidth(0.75)
        self.c.roundRect(box.x, box.y, box.w, box.h, mm(1), stroke=1, fill=1)
        self.fill(Rgb.hex(element.ink) if element.ink else colour.ink)
        used = width(size)
        x = inner.x + {"left": 0.0, "right": inner.w - used}.get(
            element.align, (inner.w - used) / 2
        )
        y = inner.y + (inner.h - size * 0.72) / 2
        for run, (piece, font, icon) in zip(runs, pieces, strict=True):
            if icon:
                side = size * ICON_SCALE
                draw_picture(self.c, self.style.icons[run.icon], Box(x, y - size * 0.2, side, side))
                x += side
                continue
            draw_text(self.c, x, y, piece, font, size)
            x += text_width(piece, font, size)

    def draw_text_box(self, element: Element, box: Box, frame: Rgb) -> None:
        """A text box: a field's value or fixed text, wrapped and shrunk to fit; on a panel
        when the layout gives it a colour, else straight on the card."""
        text = box_text(self.game, self.card, element)
        if not text:
            return
        self.c.setNamedCB(ICON_CALLBACK, self._inline_icon)
        if element.color:
            colour = Rgb.hex(element.color)
            self.fill(colour)
            self.stroke(frame.mix(BLACK, 0.3))
            self.c.setLineWidth(0.75)
            self.c.roundRect(box.x, box.y, box.w, box.h, RADIUS, stroke=1, fill=1)
        else:
            colour = frame
        inner = Box(
            box.x + PANEL_PAD, box.y + PANEL_PAD, box.w - 2 * PANEL_PAD, box.h - 2 * PANEL_PAD
        )
        ink = Rgb.hex(element.ink) if element.ink else colour.ink
        fitted = fit_rules(
            marked_text(self.game, text),
            inner,
            ink,
            size=element.size or RULES_SIZE,
            icons=self.style.icon_sources(),
            align=element.align,
            font=self.style.font(element),
        )
        if fitted.overflow:
            self.diagnostics.append(
                overflow(self.card, f"text box {element.name!r} is cut off at {fitted.size:g}pt")
            )
        gap = fitted.size * PARAGRAPH_SPACE
        y = inner.top - (inner.h - fitted.height) / 2
        for paragraph, height in fitted.paragraphs:
            y -= height
            paragraph.drawOn(self.c, inner.x, y)
            y -= gap

    # art, type line, rules ------------------------------------------------------------------

    def draw_art(self, box: Box, frame: Rgb) -> None:
        """The card's art covering the panel (cropped to it), else the placeholder pattern."""
        c = self.c
        c.saveState()
        clip = c.beginPath()
        clip.roundRect(box.x, box.y, box.w, box.h, RADIUS)
        c.clipPath(clip, stroke=0, fill=0)
        picture = self.style.card_art(self.card)
        if picture is None:
            draw_placeholder(c, self.card.id, box, frame)
        else:
            draw_picture(c, picture, box, cover=True)
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
        font = self.style.font(element, bold=True)
        text, size, _ = fit_line(text, box.w, size, min(size, MIN_TYPE_SIZE), font)
        self.fill(Rgb.hex(element.ink) if element.ink else colour.ink)
        self._aligned(text, box, size, element.align, font)

    def draw_rules(self, element: Element, panel: Box, frame: Rgb) -> None:
        c, card = self.c, self.card
        colour = Rgb.hex(element.color) if element.color else Rgb.hex(PAPER)
        self.fill(colour)
        self.stroke(frame.mix(BLACK, 0.3))
        c.setLineWidth(0.75)
        c.roundRect(panel.x, panel.y, panel.w, panel.h, RADIUS, stroke=1, fill=1)
        layout = self.style.layout(card)
        if not card.text.strip() and not (layout and flavor_text(card, layout)):
            return
        c.setNamedCB(ICON_CALLBACK, self._inline_icon)
        box, fitted, problems = fit_card_rules(self.style, card, element, panel)
        self.diagnostics += problems
        if fitted.overflow:
            self.draw_cut_marker(panel)
        gap = fitted.size * PARAGRAPH_SPACE
        y = box.top - (box.h - fitted.height) / 2
        for paragraph, height in fitted.paragraphs:
            y -= height
            paragraph.drawOn(c, box.x, y)
            y -= gap

    def _inline_icon(self, canvas: Canvas, kind: str | None, label: str) -> None:
        """Draw an SVG icon of the rules text where the paragraph is drawing (a callback)."""
        picture = self.style.icons.get(label)
        where = getattr(canvas, "_curr_tx_info", None)
        if picture is None or where is None:
            return
        size = float(where["tx"]._fontsize or RULES_SIZE)
        height = size * ICON_SCALE
        bottom = size - (1.2 * size + height) * 0.5  # reportlab's 'middle', from the baseline
        box = Box(float(where["cur_x"]), float(where["cur_y"]) + bottom, height, height)
        draw_picture(canvas, picture, box)

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
