"""Card backs: drawing the back a card has (``sides`` says which)."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from cardkit.model import Card
from cardkit.render.colour import DEFAULT_BACK, Rgb
from cardkit.render.fonts import BOLD, draw_aligned
from cardkit.render.impose import Box
from cardkit.render.picture import draw_picture
from cardkit.render.sides import back_of
from cardkit.render.style import CardStyle
from cardkit.render.textfit import fit_line
from cardkit.render.units import mm

SAFE = mm(3)  # the motif keeps this far inside the trim line


def draw_back(canvas: Canvas, style: CardStyle, card: Card, trim: Box, *, bleed: float) -> None:
    """Draw the back of ``card`` cut at ``trim``, its colour ``bleed`` beyond on every side."""
    back_id, back = back_of(style.game, card)
    c = canvas
    colour = Rgb.hex(back.color or DEFAULT_BACK)
    text = back.text or style.game.name

    def fill(rgb: Rgb) -> None:
        c.setFillColorRGB(rgb.r, rgb.g, rgb.b)

    fill(colour)
    whole = Box(trim.x - bleed, trim.y - bleed, trim.w + 2 * bleed, trim.h + 2 * bleed)
    c.rect(whole.x, whole.y, whole.w, whole.h, stroke=0, fill=1)
    picture = style.backs.get(back_id)
    if picture is not None:  # the designer's own back, over the bleed too
        c.saveState()
        clip = c.beginPath()
        clip.rect(whole.x, whole.y, whole.w, whole.h)
        c.clipPath(clip, stroke=0, fill=0)
        draw_picture(c, picture, whole, cover=True)
        c.restoreState()
        return
    c.saveState()
    c.translate(trim.x, trim.y)
    # No border near the edges: duplex printing shifts backs a little, and a border
    # would show it. A motif in the middle hides the shift.
    accent = colour.mix(colour.ink, 0.35)
    c.setStrokeColorRGB(accent.r, accent.g, accent.b)
    c.setLineWidth(0.6)
    cx, cy = trim.w / 2, trim.h / 2
    across = trim.w / 2 - SAFE - mm(4)
    tall = min(across * 1.35, trim.h / 2 - SAFE - mm(4))
    fill(colour.mix(colour.ink, 0.08))
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
    text, size, _ = fit_line(text, across * 1.3, 15.0, 6.0)
    fill(colour.ink)
    draw_aligned(c, text, BOLD, size, left=0, width=trim.w, y=cy - size * 0.36, align="center")
    c.restoreState()
