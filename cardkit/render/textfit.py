"""Fitting text to boxes: one line shrunk or cut short, rules text shrunk to a minimum size."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from html import escape
from pathlib import Path
from typing import Any, Literal

from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.utils import ImageReader

from cardkit.markup import BULLET, MarkedLine, Run, parse_markup
from cardkit.render.colour import Rgb
from cardkit.render.fonts import BOLD, FONT, ensure_markup_fonts, markup, text_width
from cardkit.render.impose import Box
from cardkit.render.paragraphs import Flowable, Paragraph
from cardkit.rules.printed import PrintedLine

RULES_SIZE, MIN_RULES_SIZE = 8.5, 6.0
LEADING = 1.2  # line height as a multiple of the font size
PARAGRAPH_SPACE = 0.35  # space between abilities, as a multiple of the font size
ICON_SCALE = 1.15  # an inline icon's height, as a multiple of the font size
ICON_CALLBACK = "cardkit-icon"  # the canvas callback that draws an SVG icon in rules text
BLANK = escape(str(Path(__file__).resolve().parent / "blank.png"), quote=False).replace(
    '"', "&quot;"
)
NO_BREAK = "\u00a0"  # between an icon and its word, so a line never ends with the icon alone
ELLIPSIS = "\u2026"


def fit_line(
    text: str, width: float, size: float, smallest: float, font: str = BOLD
) -> tuple[str, float, bool]:
    """One line of text shrunk towards ``smallest`` to fit ``width``, else cut short with '…'.

    Returns the text to draw, its size, and whether it was cut.
    """
    while size > smallest and text_width(text, font, size) > width:
        size = max(smallest, size - 0.25)
    if text_width(text, font, size) <= width:
        return text, size, False
    cut = text
    while cut and text_width(cut + ELLIPSIS, font, size) > width:
        cut = cut[:-1]
    return (cut.rstrip() + ELLIPSIS if cut else ""), size, True


def _icon(source: str, height: float) -> str:
    """An inline icon of ``height`` points: an image file, or '#' and the id of an SVG icon,
    which a canvas callback draws over a blank image of the icon's size."""
    tag = ""
    if source.startswith("#"):
        tag = f'<onDraw name="{ICON_CALLBACK}" label="{source[1:]}"/>'
        source = BLANK
    return f'{tag}<img src="{source}" width="{height:.2f}" height="{height:.2f}" valign="middle"/>'


def _run_markup(run: Run, icons: Mapping[str, str], height: float, font: str) -> str:
    """One run as Paragraph markup: its text escaped, its icon before it (a word of the game)
    or in its place (an icon by name; its word when the game has no picture for it)."""
    source = icons.get(run.icon) if run.icon else None
    if run.symbol:
        return _icon(source, height) if source else markup(run.text, font)
    if source:
        return f"{_icon(source, height)}{NO_BREAK}{markup(run.text, font)}"
    return markup(run.text, font)


def marked_markup(line: MarkedLine, icons: Mapping[str, str], size: float, font: str = FONT) -> str:
    """A marked line as Paragraph markup: only the escaped card text and cardkit's own tags
    (``<b>``, ``<i>``, ``<img>`` of the game's icons) reach reportlab. An ability's label is
    bold. Icon sources are files checked to lie inside the game folder, escaped for the
    attribute, or '#' and the id of an SVG icon."""
    height = size * ICON_SCALE
    parts: list[str] = [f"{BULLET}{NO_BREAK}"] if line.bullet else []
    style = (False, False)
    for run in line.runs:
        wanted = (run.bold or run.label, run.italic)
        if wanted != style:
            parts.append(("</i>" if style[1] else "") + ("</b>" if style[0] else ""))
            parts.append(("<b>" if wanted[0] else "") + ("<i>" if wanted[1] else ""))
            style = wanted
        parts.append(_run_markup(run, icons, height, font))
    parts.append(("</i>" if style[1] else "") + ("</b>" if style[0] else ""))
    return "".join(parts)


def rules_markup(
    line: PrintedLine, icons: Mapping[str, str] | None = None, size: float = 0.0, font: str = FONT
) -> str:
    """One line of rules text as Paragraph markup, its bullets on lines of their own."""
    return "<br/>".join(marked_markup(m, icons or {}, size, font) for m in line.lines)


def _slanted(line: PrintedLine) -> PrintedLine:
    """``line`` in italics, its italic markup upright."""
    return replace(
        line,
        lines=tuple(
            replace(m, runs=tuple(replace(r, italic=not r.italic) for r in m.runs))
            for m in line.lines
        ),
    )


def printed_lines(text: str) -> tuple[PrintedLine, ...]:
    """Text with its markup read, but nothing else (no game): for a text as written."""
    lines, _ = parse_markup(text)
    return tuple(PrintedLine(marked) for marked in lines if any(m.text.strip() for m in marked))


_READERS: dict[tuple[str, int, int], ImageReader] = {}


def _shared_images(paragraph: Paragraph) -> Paragraph:
    """Give every inline image of ``paragraph`` one reader per icon file.

    reportlab makes a reader per ``<img>``, which decodes the file again each time it is
    drawn; sharing one means each icon is decoded (and hashed for embedding) once.
    """
    for frag in paragraph.frags:
        definition = getattr(frag, "cbDefn", None)
        if definition is None or getattr(definition, "kind", None) != "img":
            continue
        source = str(definition.src)
        stat = Path(source).stat()
        key = (source, stat.st_mtime_ns, stat.st_size)
        if key not in _READERS:
            if len(_READERS) >= 256:
                _READERS.clear()
            _READERS[key] = definition.image
        definition.image = _READERS[key]
    return paragraph


@dataclass(frozen=True, slots=True)
class FittedText:
    paragraphs: tuple[tuple[Flowable, float], ...]  # paragraph and its height
    size: float
    height: float
    overflow: bool
    flavor: bool = False  # the flavor text is printed (after the rules, in italics)
    reminders: bool = False  # the keywords' reminder text is printed


_ALIGNMENTS: dict[str, Literal[0, 1, 2]] = {"left": TA_LEFT, "center": TA_CENTER, "right": TA_RIGHT}


# Markup parsed into reportlab's fragments, per text and style: parsing (html.parser, and a
# Pillow reader opened for every <img>) costs more than breaking the lines, and card sets
# repeat their texts (a faction's ally line, a keyword) at the same few sizes.
_FRAGS: dict[tuple[str, str, str, Rgb], list[Any]] = {}
Laid = dict[tuple[str, float], tuple[Flowable, float]]


def _style(size: float, align: str, ink: Rgb, font: str) -> ParagraphStyle:
    return ParagraphStyle(
        f"rules-{size}-{align}",
        fontName=font,
        fontSize=size,
        leading=size * LEADING,
        alignment=_ALIGNMENTS.get(align, TA_CENTER),
        textColor=ink.color,
    )


def _paragraph(text: str, style: ParagraphStyle, ink: Rgb) -> Paragraph:
    """``text`` as a Paragraph, its markup parsed once per process for each style."""
    key = (text, style.name, style.fontName, ink)
    frags = _FRAGS.get(key)
    if frags is None:
        ensure_markup_fonts(text, style.fontName)
        paragraph = _shared_images(Paragraph(text, style))
        if len(_FRAGS) >= 4096:
            _FRAGS.clear()
        _FRAGS[key] = paragraph.frags
        return paragraph
    return Paragraph(text, style, frags=frags)


def _laid(
    texts: Sequence[str],
    box: Box,
    ink: Rgb,
    size: float,
    align: str = "center",
    font: str = FONT,
    done: Laid | None = None,
) -> tuple[list[tuple[Flowable, float]], float]:
    """Paragraphs of ``texts`` (markup) at ``size``, each with its height, and their total.
    ``done`` keeps the paragraphs already laid out in this box, so each is laid out once."""
    done = {} if done is None else done
    style = _style(size, align, ink, font)
    gap = size * PARAGRAPH_SPACE
    laid: list[tuple[Flowable, float]] = []
    for text in texts:
        if (text, size) not in done:
            paragraph = _paragraph(text, style, ink)
            _, height = paragraph.wrap(box.w, box.h)
            done[text, size] = (paragraph, height)
        laid.append(done[text, size])
    return laid, sum(h for _, h in laid) + gap * max(0, len(laid) - 1)


def fit_rules(
    lines: Sequence[PrintedLine] | str,
    box: Box,
    ink: Rgb,
    *,
    size: float = RULES_SIZE,
    icons: Mapping[str, str] | None = None,
    reminders: bool = True,
    flavor: Sequence[PrintedLine] | str = (),
    align: str = "center",
    font: str = FONT,
) -> FittedText:
    """The rules text (``lines``, as ``cardkit.rules.printed`` reads them; a string is read
    for its markup alone) at the largest size up to ``size`` that fits ``box``; at the
    smallest (``MIN_RULES_SIZE``), what fits. ``icons``: the sources of the game's icons,
    by id.

    With ``reminders``, each line's reminder goes in italics in parentheses after it, and
    ``flavor`` in italics after the rules, only in the room the rules text leaves at its own
    size: they never make it smaller. The reminders come first, line by line while they
    fit; the flavor only when it fits after them.
    """
    lines = printed_lines(lines) if isinstance(lines, str) else tuple(lines)
    flavor = printed_lines(flavor) if isinstance(flavor, str) else tuple(flavor)
    slanted = [_slanted(line) for line in flavor]
    smallest = min(size, MIN_RULES_SIZE)

    def texts(at: float, shown: frozenset[int], *, with_flavor: bool = False) -> list[str]:
        found = []
        for index, line in enumerate(lines):
            found.append(rules_markup(line, icons, at, font))
            if index in shown:
                found[-1] += f" <i>({markup(line.reminder, font)})</i>"
        if with_flavor:  # in italics, where italic markup is upright: emphasis in italic text
            found.append("<br/>".join(rules_markup(line, icons, at, font) for line in slanted))
        return found

    none: frozenset[int] = frozenset()
    done: Laid = {}
    while True:
        laid, total = _laid(texts(size, none), box, ink, size, align, font, done)
        gap = size * PARAGRAPH_SPACE
        if total <= box.h:  # the reminders, line by line while they fit; then the flavor
            shown = none
            for index in [i for i, line in enumerate(lines) if reminders and line.reminder]:
                more = texts(size, shown | {index})
                fuller, height = _laid(more, box, ink, size, align, font, done)
                if height <= box.h:
                    shown, laid, total = shown | {index}, fuller, height
            if flavor:
                with_flavor = texts(size, shown, with_flavor=True)
                fuller, height = _laid(with_flavor, box, ink, size, align, font, done)
                if height <= box.h:
                    return FittedText(tuple(fuller), size, height, False, True, bool(shown))
            return FittedText(tuple(laid), size, total, False, False, bool(shown))
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
        # Split a copy: split forgets the lines of what it cannot split, and a paragraph laid
        # out once may be kept above too (the same line twice).
        parts = copy.copy(flowable).split(box.w, room) if room > 0 else []
        if parts:
            first = parts[0]
            _, first_height = first.wrap(box.w, room)
            if first_height <= room:
                kept.append((first, first_height))
                used += first_height + (gap if len(kept) > 1 else 0.0)
        break
    return FittedText(tuple(kept), smallest, used, True)
