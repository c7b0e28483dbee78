"""PDF pages to pixels (pypdfium2) and pixels to PNG bytes (Pillow), deterministically.

Every export that makes images goes through here, so that all of them rasterise the same
vector drawing of a card that the PDFs hold: what is printed is what is shown.
"""

from __future__ import annotations

import io
from collections.abc import Generator, Iterable

import PIL
import pypdfium2
from PIL import Image, ImageDraw

from cardkit import __version__
from cardkit.render.units import POINTS_PER_INCH

# Whatever changes the pixels of a drawn page or the bytes of its PNG.
RENDERER = (
    f"cardkit {__version__}; pypdfium2 {pypdfium2.version.PYPDFIUM_INFO}; "
    f"pdfium {pypdfium2.version.PDFIUM_INFO}; Pillow {PIL.__version__}"
)


def pixels(points: float, dpi: float) -> int:
    """How many pixels ``points`` cover at ``dpi``, rounded to the nearest pixel."""
    return max(1, round(points * dpi / POINTS_PER_INCH))


def rasterise(
    pdf: bytes,
    *,
    dpi: float = 0.0,
    page: int = 0,
    inset: float = 0.0,
    size: tuple[int, int] | None = None,
) -> Image.Image:
    """Page ``page`` of ``pdf`` as an RGB image at ``dpi``; ``inset`` points cut off each side.

    The size is the page size (less the inset) at ``dpi`` rounded to whole pixels: a 2.75 x
    3.75 in page at 300 dpi is exactly 825 x 1125 pixels. ``size`` asks for an exact size in
    pixels instead (the width sets the scale; keep the height in proportion).
    """
    images = rasterise_pages(pdf, [page], dpi=dpi, inset=inset, size=size)
    try:
        return next(images)
    finally:
        images.close()


def rasterise_pages(
    pdf: bytes,
    pages: Iterable[int],
    *,
    dpi: float = 0.0,
    inset: float = 0.0,
    size: tuple[int, int] | None = None,
) -> Generator[Image.Image, None, None]:
    """``rasterise`` of each of ``pages`` in turn, the document opened once (pdfium reads
    the whole file, its fonts and pictures, each time it opens it)."""
    if size is None and dpi <= 0:
        raise ValueError("rasterise needs a resolution or a size")
    document = pypdfium2.PdfDocument(pdf)
    try:
        for page in pages:
            yield _render(document[page], dpi, inset, size)
    finally:
        document.close()


def _render(
    sheet: pypdfium2.PdfPage, dpi: float, inset: float, size: tuple[int, int] | None
) -> Image.Image:
    try:
        width, height = sheet.get_size()
        inner_w, inner_h = width - 2 * inset, height - 2 * inset
        want = size or (pixels(inner_w, dpi), pixels(inner_h, dpi))
        # pdfium rounds the bitmap size up: scale so that the page lands a hair under a
        # whole number of pixels.
        scale = want[0] / inner_w * (1 - 1e-9)
        bitmap = sheet.render(scale=scale, rev_byteorder=True, may_draw_forms=True)
        image: Image.Image = bitmap.to_pil().convert("RGB")
    finally:
        sheet.close()
    if inset:
        left, top = round(inset * scale), round(inset * scale)
        image = image.crop((left, top, left + want[0], top + want[1]))
    if image.size != want:
        # pdfium rounds each side up, so a side not in proportion to whole pixels comes out
        # a pixel long (821 x 1122 for 821 x 1121): cut that pixel off rather than resample
        # the whole image (which would blur it). Only a bitmap short of a side is stretched.
        if image.width >= want[0] and image.height >= want[1]:
            image = image.crop((0, 0, *want))
        else:
            image = image.resize(want, Image.Resampling.LANCZOS)
    return image


def round_corners(image: Image.Image, radius: float, bleed: float, dpi: float) -> Image.Image:
    """``image`` (a card and its ``bleed``) with rounded corners: transparent outside a
    rounded rectangle of ``radius`` at the trim line, grown by the bleed (same centres)."""
    scale = 4  # drawn larger, then reduced: smooth edges, the same bytes every time
    width, height = image.size
    mask = Image.new("L", (width * scale, height * scale), 0)
    outer = (radius + bleed) * dpi / POINTS_PER_INCH * scale
    ImageDraw.Draw(mask).rounded_rectangle(
        (0, 0, width * scale - 1, height * scale - 1), radius=round(outer), fill=255
    )
    rounded = image.convert("RGBA")
    rounded.putalpha(mask.resize((width, height), Image.Resampling.BOX))
    return rounded


# zlib level 1, measured on the Star Realms cards at 300 dpi (bench/commands.py, and encoding
# the same 16 images at each level): level 6 took 0.71 s CPU for 2,234 KB, level 1 0.39 s for
# 2,610 KB (+17%), level 9 2.0 s for 2,173 KB. At level 6 encoding cost as much as
# rasterising; level 1 halves it for files a sixth larger, which a print service takes alike.
COMPRESS_LEVEL = 1


def png_bytes(image: Image.Image, dpi: float | None = None) -> bytes:
    """``image`` as PNG bytes: the same pixels always give the same bytes (no time stamps,
    no text chunks), with the resolution recorded when given (for print services)."""
    buffer = io.BytesIO()
    if dpi is None:
        image.save(buffer, format="PNG", compress_level=COMPRESS_LEVEL)
    else:
        image.save(buffer, format="PNG", dpi=(dpi, dpi), compress_level=COMPRESS_LEVEL)
    return buffer.getvalue()
