"""Drawing a decoded picture into a box on a reportlab canvas."""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from cardkit.render.images import Picture
from cardkit.render.impose import Box


def draw_picture(
    canvas: Canvas, picture: Picture, box: Box, *, cover: bool = False, stretch: bool = False
) -> None:
    """``picture`` centred in ``box``: whole inside it, covering it (the caller clips), or
    stretched to it (``stretch``)."""
    width, height = picture.size
    scale = (max if cover else min)(box.w / width, box.h / height)
    sx, sy = (box.w / width, box.h / height) if stretch else (scale, scale)
    w, h = width * sx, height * sy
    if picture.drawing is not None:
        from reportlab.graphics import renderPDF  # vector pictures only: ~40 ms to import

        canvas.saveState()
        canvas.translate(box.x + (box.w - w) / 2, box.y + (box.h - h) / 2)
        canvas.scale(sx, sy)
        renderPDF.draw(picture.drawing, canvas, 0, 0)
        canvas.restoreState()
        return
    reader = _reader(picture)
    canvas.drawImage(reader, box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h, mask="auto")


_READERS: OrderedDict[tuple[Path, str], ImageReader] = OrderedDict()
_MAX_READERS = 32


def _reader(picture: Picture) -> ImageReader:
    """One reader per picture, so its pixels are decoded, converted and hashed once, not per
    drawing (a card's copies, an icon on every card).

    Keyed by file and content digest, so a picture changed on disk is read anew. The readers
    used last are kept (a reader holds its pixels twice): cards are drawn in order, so a
    card's art is drawn again soon or not at all, and icons stay in use.
    """
    key = (picture.file, picture.digest)
    reader = _READERS.get(key)
    if reader is None:
        if len(_READERS) >= _MAX_READERS:
            _READERS.popitem(last=False)
        reader = _READERS[key] = ImageReader(picture.pixels())
    else:
        _READERS.move_to_end(key)
    return reader
