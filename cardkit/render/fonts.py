"""The card fonts: bundled, registered with reportlab once, embedded and subset in every PDF.

DejaVu Sans sets the cards. A character it lacks is drawn in the fallback font (Droid Sans
Fallback: Chinese, Japanese, Korean), glyph by glyph, so a card name in any of those scripts
prints; only a character no bundled font has is reported (CK203). The fallback font is large,
so it is read only when a text needs it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from html import escape
from io import BytesIO
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from cardkit.render.fontnames import BOLD, BOLD_ITALIC, FALLBACK, FONT, ITALIC

__all__ = ["BOLD", "BOLD_ITALIC", "FALLBACK", "FONT", "ITALIC"]

FOLDER = Path(__file__).resolve().parent / "fonts"
_FONT_FILES = {
    FONT: "DejaVuSans.ttf",
    BOLD: "DejaVuSans-Bold.ttf",
    ITALIC: "DejaVuSans-Oblique.ttf",
    BOLD_ITALIC: "DejaVuSans-BoldOblique.ttf",
}
_FALLBACK_FILE = "DroidSansFallback.ttf"


def register_fonts() -> None:
    """Register the bundled card fonts with reportlab (once)."""
    for name in _FONT_FILES:
        ensure_font(name)
    register_card_font()


def register_card_font() -> None:
    """Register the bundled card font and its family's names: its bold and italic faces are
    read when first drawn or measured (``ensure_font``; each file takes ~8 ms to read, and a
    deck often draws no italic)."""
    ensure_font(FONT)
    pdfmetrics.registerFontFamily(
        FONT, normal=FONT, bold=BOLD, italic=ITALIC, boldItalic=BOLD_ITALIC
    )


_READY: set[str] = set()  # the bundled faces registered, and every other font asked for


def ensure_font(font: str) -> None:
    """Register ``font`` when it is a bundled face not registered yet."""
    if font in _READY:
        return
    filename = _FONT_FILES.get(font)
    if filename is not None and font not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(font, str(FOLDER / filename)))
    _READY.add(font)


_FACES = {
    (False, False): FONT,
    (True, False): BOLD,
    (False, True): ITALIC,
    (True, True): BOLD_ITALIC,
}
_MARKUP_TOKEN = re.compile(r"<(/?)([bi])>|<[^>]*>|[^<]+")  # <b>, </i>...; another tag; text


def ensure_markup_fonts(text: str, font: str) -> None:
    """Register the bundled faces that Paragraph markup ``text`` in ``font`` draws or measures
    with: ``font``, and, where the text is in the bundled family (``font`` one of its faces,
    or a run in it), the face of each piece of text or other tag inside cardkit's ``<b>`` and
    ``<i>`` (the only tags it writes that change the face)."""
    ensure_font(font)
    if font not in _FONT_FILES and f'face="{FONT}"' not in text:
        return  # a game's font: registered with its family when the game was loaded
    bold, italic = font in (BOLD, BOLD_ITALIC), font in (ITALIC, BOLD_ITALIC)
    depth = {"b": 0, "i": 0}
    for token in _MARKUP_TOKEN.finditer(text):
        closing, tag = token.group(1, 2)
        if tag:
            depth[tag] += -1 if closing else 1
        else:
            ensure_font(_FACES[bold or depth["b"] > 0, italic or depth["i"] > 0])


def _glyphs(font: str) -> Mapping[int, int]:
    ensure_font(font)
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
    """The font that draws ``char``: ``font``, else (for a game's font) the bundled one, else
    the fallback; None when none has it."""
    code = ord(char)
    if char.isspace() or code in _glyphs(font):
        return font
    if font in _GAME_FONTS and code in _glyphs(FONT):
        return FONT
    if code in _fallback():
        return FALLBACK
    return None


@lru_cache(maxsize=4096)
def runs(text: str, font: str) -> tuple[tuple[str, str], ...]:
    """``text`` cut into (piece, font) runs; characters no font has stay in ``font``."""
    ensure_font(font)
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
    register_card_font()
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


def markup(text: str, font: str = FONT) -> str:
    """``text`` escaped for Paragraph markup in ``font``, runs of other fonts (the bundled
    font or the fallback, for characters ``font`` lacks) wrapped in their font."""
    return "".join(
        escape(piece, quote=False)
        if chosen == font
        else f'<font face="{chosen}">{escape(piece, quote=False)}</font>'
        for piece, chosen in runs(text, font)
    )


# ---------------------------------------------------------------------------
# a game's own fonts

MAX_FONT_BYTES = 30_000_000  # no card font is this large
STYLES: tuple[str, ...] = ("regular", "bold", "italic", "bold_italic")
_GAME_FONTS: set[str] = set()  # the registered names of games' fonts


@dataclass(frozen=True, slots=True)
class FontFace:
    """A game's font family, registered with reportlab: the name of each face."""

    regular: str
    bold: str
    italic: str
    bold_italic: str


def _checked(data: bytes) -> str | None:
    """Why fontTools refuses the font file ``data``; None when it reads every table we use."""
    from fontTools.ttLib import TTFont as TTFontFile  # only for a game with its own fonts

    try:
        font = TTFontFile(BytesIO(data), lazy=False, fontNumber=0)
        if "glyf" not in font:
            return "has no TrueType outlines (an OpenType CFF font): use a .ttf font"
        for table in ("head", "hhea", "hmtx", "maxp", "cmap", "name", "post", "loca", "glyf"):
            font[table]  # decodes the table; a broken one raises
        if font.getBestCmap() is None:
            return "has no Unicode character map"
    except Exception as exc:
        return f"is not a font cardkit can read ({type(exc).__name__})"
    return None


def register_game_font(path: Path) -> tuple[str | None, str | None]:
    """Register the TTF or OTF file at ``path``: its reportlab name, or why it is refused.

    The file is untrusted: it is size-limited, read by fontTools first, and only then parsed
    by reportlab (which embeds a subset of it); any failure is a reason, never a crash. The
    name comes from the file's bytes, so the same file is registered once.
    """
    size = path.stat().st_size
    if size > MAX_FONT_BYTES:
        return None, f"is {size:,} bytes; the limit is {MAX_FONT_BYTES:,}"
    data = path.read_bytes()
    name = "CardkitGame-" + hashlib.sha1(data, usedforsecurity=False).hexdigest()[:16]
    if name in _GAME_FONTS:
        return name, None
    problem = _checked(data)
    if problem is not None:
        return None, problem
    try:
        pdfmetrics.registerFont(TTFont(name, BytesIO(data)))
    except Exception as exc:
        return None, f"is not a font cardkit can read ({type(exc).__name__}: {exc})"[:300]
    _GAME_FONTS.add(name)
    return name, None


def register_family(faces: Mapping[str, str]) -> FontFace:
    """The family of a game font's registered faces; a face not given is the nearest one."""
    regular = faces["regular"]
    bold = faces.get("bold", regular)
    italic = faces.get("italic", regular)
    bold_italic = faces.get("bold_italic", faces.get("bold", italic))
    pdfmetrics.registerFontFamily(
        regular, normal=regular, bold=bold, italic=italic, boldItalic=bold_italic
    )
    return FontFace(regular, bold, italic, bold_italic)


def lacking(text: str, font: str) -> list[str]:
    """The characters of ``text`` that ``font`` has no glyph for, sorted, each once."""
    glyphs = _glyphs(font)
    return sorted({c for c in text if not c.isspace() and ord(c) not in glyphs})


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
