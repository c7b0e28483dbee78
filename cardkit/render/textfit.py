"""Fitting text to boxes: one line shrunk or cut short, rules text shrunk to a minimum size."""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import Flowable, Paragraph

from cardkit.render.colour import Rgb
from cardkit.render.fonts import BOLD, FONT
from cardkit.render.impose import Box

RULES_SIZE, MIN_RULES_SIZE = 8.5, 6.0
LEADING = 1.2  # line height as a multiple of the font size
PARAGRAPH_SPACE = 0.35  # space between abilities, as a multiple of the font size
LABEL_LIMIT = 24  # "Blob Ally:" up to this long at the start of a line is set in bold
ELLIPSIS = "\u2026"


def fit_line(
    text: str, width: float, size: float, smallest: float, font: str = BOLD
) -> tuple[str, float, bool]:
    """One line of text shrunk towards ``smallest`` to fit ``width``, else cut short with '…'.

    Returns the text to draw, its size, and whether it was cut.
    """
    while size > smallest and pdfmetrics.stringWidth(text, font, size) > width:
        size = max(smallest, size - 0.25)
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text, size, False
    cut = text
    while cut and pdfmetrics.stringWidth(cut + ELLIPSIS, font, size) > width:
        cut = cut[:-1]
    return (cut.rstrip() + ELLIPSIS if cut else ""), size, True


def rules_markup(line: str) -> str:
    """One line of rules text as Paragraph markup: escaped, with a leading 'Label:' in bold."""
    label, colon, rest = line.partition(":")
    if colon and 0 < len(label) <= LABEL_LIMIT and rest.strip():
        return f"<b>{escape(label)}:</b>{escape(rest)}"
    return escape(line)


@dataclass(frozen=True, slots=True)
class FittedText:
    paragraphs: tuple[tuple[Flowable, float], ...]  # paragraph and its height
    size: float
    height: float
    overflow: bool


def fit_rules(text: str, box: Box, ink: Rgb, *, size: float = RULES_SIZE) -> FittedText:
    """The rules text at the largest size up to ``size`` that fits ``box``; at the smallest
    (``MIN_RULES_SIZE``), what fits."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    smallest = min(size, MIN_RULES_SIZE)
    while True:
        style = ParagraphStyle(
            f"rules-{size}",
            fontName=FONT,
            fontSize=size,
            leading=size * LEADING,
            alignment=TA_CENTER,
            textColor=ink.color,
        )
        gap = size * PARAGRAPH_SPACE
        laid: list[tuple[Flowable, float]] = []
        for line in lines:
            paragraph = Paragraph(rules_markup(line), style)
            _, height = paragraph.wrap(box.w, box.h)
            laid.append((paragraph, height))
        total = sum(h for _, h in laid) + gap * max(0, len(laid) - 1)
        if total <= box.h:
            return FittedText(tuple(laid), size, total, False)
        if size <= smallest:
            break
        size = max(smallest, size - 0.25)
    # Still too long at the smallest size: keep the paragraphs, and lines, that fit.
    kept: list[tuple[Flowable, float]] = []
    used = 0.0
    for flowable, height in laid:
        room = box.h - used - (gap if kept else 0.0)
        if height <= room:
            kept.append((flowable, height))
            used += height + (gap if len(kept) > 1 else 0.0)
            continue
        parts = flowable.split(box.w, room) if room > 0 else []
        if parts:
            first = parts[0]
            _, first_height = first.wrap(box.w, room)
            if first_height <= room:
                kept.append((first, first_height))
                used += first_height + (gap if len(kept) > 1 else 0.0)
        break
    return FittedText(tuple(kept), smallest, used, True)
