"""The card fonts: registered with reportlab once, embedded and subset in every PDF."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

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


def missing_glyphs(text: str) -> list[str]:
    """The characters of ``text`` that the card font cannot draw, sorted, each once."""
    font = pdfmetrics.getFont(FONT)
    known: Mapping[int, int] = font.face.charToGlyph  # type: ignore[attr-defined]
    return sorted({c for c in text if not c.isspace() and ord(c) not in known})
