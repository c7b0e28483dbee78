"""Drawing a decoded picture into a box on a reportlab canvas."""

from __future__ import annotations

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from cardkit.render.images import Picture
from cardkit.render.impose import Box


def draw_picture(canvas: Canvas, picture: Picture, box: Box, *, cover: bool = False) -> None:
    """``picture`` centred in ``box``: whole inside it, or covering it (the caller clips)."""
    width, height = picture.size
    scale = (max if cover else min)(box.w / width, box.h / height)
    w, h = width * scale, height * scale
    reader = ImageReader(picture.image)
    canvas.drawImage(reader, box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h, mask="auto")
