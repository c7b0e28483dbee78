"""The art placeholder: a pattern in the frame's colours, fixed by the card id."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

from reportlab.pdfgen.canvas import Canvas

from cardkit.render.colour import BLACK, WHITE, Rgb
from cardkit.render.impose import Box
from cardkit.render.units import mm


def hash_stream(card_id: str) -> Iterator[float]:
    """Endless numbers in [0, 1) derived from the card id: the same card, the same pattern."""
    block = 0
    while True:
        digest = hashlib.sha256(f"{block}:{card_id}".encode()).digest()
        for i in range(0, len(digest), 2):
            yield int.from_bytes(digest[i : i + 2], "big") / 65536
        block += 1


def art_shades(frame: Rgb) -> tuple[Rgb, Rgb, Rgb]:
    """Light, middle and dark tints of a frame colour for the art placeholder.

    Tints of a pale colour towards white all look alike, so pale frames shade towards black.
    """
    if frame.luminance > 0.45:
        return frame.mix(WHITE, 0.45), frame.mix(BLACK, 0.06), frame.mix(BLACK, 0.16)
    return frame.mix(WHITE, 0.72), frame.mix(WHITE, 0.58), frame.mix(WHITE, 0.45)


def _fill(c: Canvas, colour: Rgb) -> None:
    c.setFillColorRGB(colour.r, colour.g, colour.b)


def draw_placeholder(c: Canvas, card_id: str, box: Box, frame: Rgb) -> None:
    """Fill ``box`` (already clipped by the caller) with the card's pattern."""
    numbers = hash_stream(card_id)
    light, mid, dark = art_shades(frame)
    _fill(c, light)
    c.rect(box.x, box.y, box.w, box.h, stroke=0, fill=1)
    kind = int(next(numbers) * 4)
    if kind == 0:  # rings around a point
        cx, cy = box.x + box.w * next(numbers), box.y + box.h * next(numbers)
        step = mm(3) + mm(3) * next(numbers)
        radius = (box.w**2 + box.h**2) ** 0.5
        ring = 0
        while radius > 0:
            _fill(c, dark if ring % 2 == 0 else light)
            c.circle(cx, cy, radius, stroke=0, fill=1)
            radius -= step
            ring += 1
    elif kind == 1:  # diagonal stripes
        step = mm(2.5) + mm(3) * next(numbers)
        slope = 0.4 + 1.2 * next(numbers)
        _fill(c, dark)
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
            _fill(c, dark if i % 3 == 0 else mid)
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
                    _fill(c, shades[int(next(numbers) * 3)])
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
