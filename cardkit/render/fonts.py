"""The card fonts: bundled, registered with reportlab once, embedded and subset in every PDF.

DejaVu Sans sets the cards. A character it lacks is drawn in the fallback font (Droid Sans
Fallback: Chinese, Japanese, Korean), glyph by glyph, so a card name in any of those scripts
prints; only a character no bundled font has is reported (CK203). The fallback font is large,
so it is read only when a text needs it.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FOLDER = Path(__file__).resolve().parent / "fonts"
FONT = "CardkitSans"
BOLD = "CardkitSans-Bold"
ITALIC = "CardkitSans-Oblique"
BOLD_ITALIC = "CardkitSans-BoldOblique"
FALLBACK = "CardkitFallback"
_FONT_FILES = {
    FONT: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    ITALIC: "DejaVuSans-Oblique.ttf",
    BOLD_ITALIC: "DejaVuSans-BoldOblique.ttf",
}
_FALLBACK_FILE = "DroidSansFallback.ttf"


def register_fonts() -> None:
    """Register the bundled card fonts with reportlab (once)."""
    registered = set(pdfmetrics.getRegisteredFontNames())
    for name, filename in _FONT_FILES.items():
        if name not in registered:
            pdfmetrics.registerFont(TTFont(name, str(FOLDER / filename)))
    pdfmetrics.registerFontFamily(
        FONT, normal=FONT, bold=BOLD, italic=ITALIC, boldItalic=BOLD_ITALIC
    )


def _glyphs(font: str) -> Mapping[int, int]:
    face = pdfmetrics.getFont(font).face  # type: ignore[attr-defined]
    glyphs: Mapping[int, int] = face.charToGlyph
    return glyphs


@cache
def _fallback() -> Mapping[int, int]:
    """The fallback font's characters; registers it (with bold and italic as itself)."""
    if FALLBACK not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(FALLBACK, str(FOLDER / _FALLBACK_FILE)))
        pdfmetrics.registerFontFamily(
            FALLBACK, normal=FALLBACK, bold=FALLBACK, italic=FALLBACK, boldItalic=FALLBACK
        )
    return _glyphs(FALLBACK)


def font_for(char: str, font: str) -> str | None:
    """The font that draws ``char``: ``font``, else the fallback; None when neither has it."""
    code = ord(char)
    if char.isspace() or code in _glyphs(font):
        return font
    if code in _fallback():
        return FALLBACK
    return None


@lru_cache(maxsize=4096)
def runs(text: str, font: str) -> tuple[tuple[str, str], ...]:
    """``text`` cut into (piece, font) runs; characters no font has stay in ``font``."""
    if text.isascii() and font in pdfmetrics.getRegisteredFontNames():
        glyphs = _glyphs(font)
        if all(ord(c) in glyphs or c.isspace() for c in text):
            return ((text, font),) if text else ()
    result: list[tuple[str, str]] = []
    for char in text:
        chosen = font_for(char, font) or font
        if result and result[-1][1] == chosen:
            result[-1] = (result[-1][0] + char, chosen)
        else:
            result.append((char, chosen))
    return tuple(result)


def missing_glyphs(text: str) -> list[str]:
    """The characters of ``text`` that no bundled font can draw, sorted, each once."""
    register_fonts()
    return sorted({c for c in text if font_for(c, FONT) is None})


def text_width(text: str, font: str, size: float) -> float:
    """The width of ``text`` in points, each run measured in the font that draws it."""
    return sum(pdfmetrics.stringWidth(piece, f, size) for piece, f in runs(text, font))


def draw_text(canvas: Canvas, x: float, y: float, text: str, font: str, size: float) -> None:
    """Draw ``text`` from (x, y) on its baseline, switching to the fallback where needed."""
    for piece, chosen in runs(text, font):
        canvas.setFont(chosen, size)
        canvas.drawString(x, y, piece)
        x += pdfmetrics.stringWidth(piece, chosen, size)


def markup(text: str) -> str:
    """``text`` escaped for Paragraph markup, fallback runs wrapped in their font."""
    return "".join(
        escape(piece) if chosen != FALLBACK else f'<font face="{FALLBACK}">{escape(piece)}</font>'
        for piece, chosen in runs(text, FONT)
    )


def draw_aligned(
    canvas: Canvas,
    text: str,
    font: str,
    size: float,
    *,
    left: float,
    width: float,
    y: float,
    align: str = "left",
) -> None:
    """Draw ``text`` on baseline ``y`` in the span from ``left``, ``width`` wide: at its left,
    centred, or at its right."""
    if align == "left":
        draw_text(canvas, left, y, text, font, size)
        return
    used = text_width(text, font, size)
    start = left + (width - used) / 2 if align == "center" else left + width - used
    draw_text(canvas, start, y, text, font, size)
