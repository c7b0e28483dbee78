"""The reference pages as a PDF, drawn from the content model with reportlab's platypus.

Title, a table of contents with page numbers, page numbers in the footer, long tables split
across pages with their header row repeated, charts as vector drawings. Text from the cards
is escaped before it reaches reportlab's paragraph markup; colours come only from values the
game schema validated. Same reference, same bytes (``invariant=1``).
"""

from __future__ import annotations

import io
import re
from collections.abc import Mapping
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import cm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents

from cardkit.export.charts import chart_drawing
from cardkit.reference import content
from cardkit.render.images import Picture
from cardkit.render.impose import Box
from cardkit.render.pdf import BOLD, FONT, register_fonts
from cardkit.render.picture import draw_picture
from cardkit.render.textfit import BLANK, ICON_CALLBACK

MARGIN = 2 * cm
PORTRAIT, LANDSCAPE = "portrait", "landscape"
PAGE_SIZES: dict[str, tuple[float, float]] = {PORTRAIT: A4, LANDSCAPE: landscape(A4)}
HEADER_SIZE = 8
SECTION_ROOM = 6 * cm  # a section starts on the same page when this much room is left
CELL_SIZE, CELL_LEADING = 8, 10
ICON_SIZE, ICON_DROP = 9, -1.5  # points: an icon a little taller than the text, on its line
_COLOR = re.compile(r"^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$")
HEADER_COLOR = colors.HexColor("#2b1d44")
STRIPE_COLOR = colors.HexColor("#f4f3f8")
FOOTER_COLOR = colors.HexColor("#e6e3ef")


def _styles() -> dict[str, ParagraphStyle]:
    """Paragraph styles in the card font (embedded, so the PDF looks the same everywhere)."""
    register_fonts()
    base = getSampleStyleSheet()
    body = ParagraphStyle("body", parent=base["BodyText"], fontName=FONT, fontSize=9, leading=11.5)
    return {
        "title": ParagraphStyle(
            "title", parent=base["Title"], fontName=BOLD, fontSize=26, leading=32
        ),
        "subtitle": ParagraphStyle("subtitle", parent=body, fontSize=12, leading=15, alignment=1),
        "h1": ParagraphStyle(
            "h1", parent=base["Heading1"], fontName=BOLD, fontSize=16, leading=20, spaceBefore=6
        ),
        "h2": ParagraphStyle(
            "h2", parent=base["Heading3"], fontName=BOLD, fontSize=11, leading=14, spaceBefore=8
        ),
        "body": body,
        "cell": ParagraphStyle("cell", parent=body, fontSize=CELL_SIZE, leading=CELL_LEADING),
        "num": ParagraphStyle(
            "num", parent=body, fontSize=CELL_SIZE, leading=CELL_LEADING, alignment=TA_RIGHT
        ),
        "head": ParagraphStyle(
            "head",
            parent=body,
            fontSize=HEADER_SIZE,
            leading=10,
            fontName=BOLD,
            textColor=colors.white,
        ),
        "toc1": ParagraphStyle("toc1", parent=body, fontSize=11, leading=16, leftIndent=12),
    }


def _color(value: str | None) -> str:
    return value if value is not None and _COLOR.match(value) else "#555555"


def cell_markup(cell: content.Cell, icons: Mapping[str, str] | None = None) -> str:
    """A cell as reportlab paragraph markup: card text escaped, the game's words styled, each
    icon (``icons``: id -> image file, escaped for an attribute) drawn before its word, or in
    its place (an icon by name); the card text's bold and italic."""
    parts = []
    for span in cell:
        text = escape(span.text).replace("\n", "<br/>")
        pictured = bool(icons) and span.icon in (icons or {})
        if pictured:
            source = (icons or {})[span.icon]
            tag = ""
            if source.startswith("#"):  # an SVG icon: the callback draws it over a blank
                tag, source = f'<onDraw name="{ICON_CALLBACK}" label="{source[1:]}"/>', BLANK
            parts.append(
                f'{tag}<img src="{source}" width="{ICON_SIZE}" '
                f'height="{ICON_SIZE}" valign="{ICON_DROP}"/>' + ("" if span.alone else " ")
            )
        if span.alone and pictured:
            piece = ""
        elif span.kind == "plain" or span.alone or not text.strip():
            piece = text
        elif span.kind == "keyword":
            piece = f"<i>{text}</i>"
        else:
            piece = f'<font color="{_color(span.color)}"><b>{text}</b></font>'
        if piece and span.bold:
            piece = f"<b>{piece}</b>"
        if piece and span.italic:
            piece = f"<i>{piece}</i>"
        parts.append(piece)
    return "".join(parts)


class _Document(BaseDocTemplate):
    """Registers each section heading with the table of contents and the PDF outline."""

    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, Paragraph) and flowable.style.name == "h1":
            key = getattr(flowable, "_bookmark", None)
            text = flowable.getPlainText()
            self.notify("TOCEntry", (0, text, self.page, key))
            if key:
                self.canv.bookmarkPage(key)
                self.canv.addOutlineEntry(text, key, level=0)


CELL_PADDING = 12.0  # points: reportlab's 6 on each side of a cell


TABLE_SIZES = (8.0, 7.5, 7.0, 6.5, 6.0, 5.5)  # cell font sizes a table may shrink to


def _widest_word(text: str, size: float = HEADER_SIZE) -> float:
    return max((stringWidth(word, BOLD, size) for word in text.split()), default=0.0)


def _least_widths(table: content.Table, size: float) -> list[float]:
    """Each column's least width at font ``size``: its longest word (header or cell) in bold
    with the cell padding, so no word or number breaks inside."""
    cells = [*table.rows, *((table.footer,) if table.footer else ())]
    return [
        max(
            _widest_word(table.headers[i], size),
            *(_widest_word(content.cell_text(row[i]), size) for row in cells),
        )
        + CELL_PADDING
        for i in range(len(table.headers))
    ]


def column_widths(table: content.Table, width: float, size: float = CELL_SIZE) -> list[float]:
    """Widths in points that share ``width`` by the table's weights, each column at least as
    wide as its longest word at ``size``, so no word breaks inside (see ``fitted_tables``)."""
    register_fonts()
    weights = table.widths or tuple(1.0 for _ in table.headers)
    least = _least_widths(table, size)
    pinned: set[int] = set()  # columns held at their least width
    while True:
        spare = width - sum(least[i] for i in pinned)
        free_weight = sum(w for i, w in enumerate(weights) if i not in pinned)
        widths = [
            least[i] if i in pinned else max(spare, 0.0) * w / free_weight
            for i, w in enumerate(weights)
        ]
        narrow = {i for i, w in enumerate(widths) if i not in pinned and w < least[i]}
        if not narrow:
            return widths
        pinned |= narrow
        if len(pinned) == len(widths):  # even the words do not fit: shrink them all
            return [w * width / sum(least) for w in least]


def _columns(table: content.Table, keep: list[int], title: str) -> content.Table:
    def pick(row: tuple[content.Cell, ...]) -> tuple[content.Cell, ...]:
        return tuple(row[i] for i in keep)

    return content.Table(
        headers=tuple(table.headers[i] for i in keep),
        rows=tuple(pick(row) for row in table.rows),
        title=title,
        numeric=tuple(table.is_numeric(i) for i in keep),
        widths=tuple(table.widths[i] for i in keep) if table.widths else (),
        footer=pick(table.footer) if table.footer else None,
        wide=table.wide,
    )


def fitted_tables(table: content.Table, width: float) -> list[tuple[content.Table, float]]:
    """``table`` as it fits ``width`` with no word broken: whole at the largest font size
    of ``TABLE_SIZES`` at which its columns fit, else split into tables of a few columns at
    the smallest size, each repeating the first column (the card's name)."""
    register_fonts()
    for size in TABLE_SIZES:
        if sum(_least_widths(table, size)) <= width:
            return [(table, size)]
    size = TABLE_SIZES[-1]
    least = _least_widths(table, size)
    groups: list[list[int]] = []
    current: list[int] = []
    used = least[0]
    for column in range(1, len(least)):
        if current and used + least[column] > width:
            groups.append(current)
            current, used = [], least[0]
        current.append(column)
        used += least[column]
    groups.append(current)
    parts = []
    for number, group in enumerate(groups, 1):
        title = table.title if number == 1 else f"{table.title or 'Table'} (continued)"
        parts.append((_columns(table, [0, *group], title), size))
    return parts


def _table(
    table: content.Table,
    styles: dict[str, ParagraphStyle],
    width: float,
    icons: Mapping[str, str],
) -> list[Flowable]:
    out: list[Flowable] = []
    for part, size in fitted_tables(table, width):
        out += _table_part(part, styles, width, icons, size)
    return out


def _sized(style: ParagraphStyle, size: float) -> ParagraphStyle:
    if size == style.fontSize:
        return style
    leading = size * CELL_LEADING / CELL_SIZE
    return ParagraphStyle(f"{style.name}-{size:g}", parent=style, fontSize=size, leading=leading)


def _table_part(
    table: content.Table,
    styles: dict[str, ParagraphStyle],
    width: float,
    icons: Mapping[str, str],
    size: float,
) -> list[Flowable]:
    widths = column_widths(table, width, size)
    leading = size * CELL_LEADING / CELL_SIZE
    cell_style, num_style = _sized(styles["cell"], size), _sized(styles["num"], size)
    head_style = _sized(styles["head"], size)

    def cell(value: content.Cell, column: int) -> Paragraph | str:
        # A paragraph only where it is needed (styled words, lines, wrapping): a plain
        # string draws far faster, which counts in a card list of thousands of rows.
        text = content.cell_text(value)
        simple = all(
            span.kind == "plain" and not (span.icon or span.bold or span.italic) for span in value
        )
        simple = simple and "\n" not in text
        if simple and stringWidth(text, FONT, size) <= widths[column] - CELL_PADDING:
            return text
        style = num_style if table.is_numeric(column) else cell_style
        return Paragraph(cell_markup(value, icons), style)

    header = [Paragraph(escape(h), head_style) for h in table.headers]
    rows: list[list[Any]] = [header]
    rows += [[cell(c, i) for i, c in enumerate(row)] for row in table.rows]
    if table.footer:
        rows.append([cell(c, i) for i, c in enumerate(table.footer)])
    style: list[Any] = [
        ("BACKGROUND", (0, 0), (-1, 0), HEADER_COLOR),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("GRID", (0, 0), (-1, -1), 0.4, colors.HexColor("#c9c9d3")),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("FONT", (0, 1), (-1, -1), FONT, size, leading),
        *(("ALIGN", (i, 1), (i, -1), "RIGHT") for i in range(len(widths)) if table.is_numeric(i)),
    ]
    for i in range(2, len(table.rows) + 1, 2):
        style.append(("BACKGROUND", (0, i), (-1, i), STRIPE_COLOR))
    if table.footer:
        style.append(("BACKGROUND", (0, -1), (-1, -1), FOOTER_COLOR))
        style.append(("FONT", (0, -1), (-1, -1), BOLD, size, leading))
    flowable = Table(rows, colWidths=widths, repeatRows=1, style=TableStyle(style), hAlign="LEFT")
    out: list[Flowable] = []
    if table.title:
        heading = Paragraph(escape(table.title), styles["h2"])
        return [KeepTogether([heading, flowable])] if len(rows) < 12 else [heading, flowable]
    out.append(flowable)
    return out


def _components(block: content.ComponentList, styles: dict[str, ParagraphStyle]) -> list[Flowable]:
    out: list[Flowable] = [Paragraph(escape(f"{block.title}: {block.total} cards"), styles["h2"])]
    for group in block.groups:
        items = ", ".join(f"<b>{item.count}</b> {escape(item.name)}" for item in group.items)
        out.append(
            Paragraph(f"<b>{escape(group.label)} ({group.total}):</b> {items}", styles["body"])
        )
        out.append(Spacer(1, 3))
    return out


def _blocks(
    section: content.Section,
    styles: dict[str, ParagraphStyle],
    width: float,
    icons: Mapping[str, str],
) -> list[Flowable]:
    out: list[Flowable] = []
    for block in section.blocks:
        if isinstance(block, content.Table):
            out += _table(block, styles, width, icons)
        elif isinstance(block, content.ComponentList):
            out += _components(block, styles)
        elif isinstance(block, content.Chart):
            out.append(KeepTogether([Spacer(1, 6), chart_drawing(block, width=width)]))
        else:
            out.append(Paragraph(escape(block.text), styles["body"]))
        out.append(Spacer(1, 6))
    return out


def story(reference: content.Reference, icons: Mapping[str, str] | None = None) -> list[Flowable]:
    """Every flowable of the document, in order; ``icons``: id -> image file."""
    styles = _styles()
    toc = TableOfContents()
    toc.levelStyles = [styles["toc1"]]
    flow: list[Flowable] = [
        Spacer(1, 3 * cm),
        Paragraph(escape(reference.title), styles["title"]),
        Paragraph(escape(reference.subtitle), styles["subtitle"]),
        Spacer(1, 1.5 * cm),
        Paragraph("Table of contents", styles["h2"]),
        toc,
    ]
    page = ""  # the orientation of the page being filled; '' on the title page
    for section in reference.sections:
        heading = Paragraph(escape(section.title), styles["h1"])
        heading._bookmark = f"section-{section.id}"  # type: ignore[attr-defined]
        template = LANDSCAPE if is_wide(section) else PORTRAIT
        if template != page:  # a new orientation (or the first section) starts a page
            flow += [NextPageTemplate(template), PageBreak()]
        else:  # short sections share a page; a heading never ends one
            flow += [CondPageBreak(SECTION_ROOM), Spacer(1, 12)]
        page = template
        opening: list[Flowable] = [heading]
        if section.intro:
            opening += [Paragraph(escape(section.intro), styles["body"]), Spacer(1, 6)]
        width = _text_width(template)
        blocks = _blocks(section, styles, width, icons or {})
        flow.append(KeepTogether([*opening, *blocks[:1]]))
        flow += blocks[1:]
    return flow


def is_wide(section: content.Section) -> bool:
    """A section with a wide table is set on landscape pages."""
    return any(isinstance(block, content.Table) and block.wide for block in section.blocks)


def _text_width(template: str) -> float:
    return PAGE_SIZES[template][0] - 2 * MARGIN


def _svg_icons(pictures: Mapping[str, Picture]) -> Any:
    """The canvas callback that draws an SVG icon where a paragraph is drawing: a paragraph
    draws bitmaps only, so an SVG icon is a blank image with this callback before it."""

    def draw(canvas: Canvas, kind: str | None, label: str) -> None:
        picture = pictures.get(label)
        where = getattr(canvas, "_curr_tx_info", None)
        if picture is None or where is None:
            return
        box = Box(float(where["cur_x"]), float(where["cur_y"]) + ICON_DROP, ICON_SIZE, ICON_SIZE)
        draw_picture(canvas, picture, box)

    return draw


def _footer(title: str, pictures: Mapping[str, Picture]) -> Any:
    icons = _svg_icons(pictures)

    def draw(canvas: Canvas, document: BaseDocTemplate) -> None:
        canvas.setNamedCB(ICON_CALLBACK, icons)  # each page: the SVG icons of its tables
        canvas.saveState()
        canvas.setFont(FONT, 8)
        canvas.setFillColor(colors.HexColor("#555555"))
        canvas.drawString(MARGIN, MARGIN / 2, title)
        page_width = document.pageTemplate.pagesize[0]
        canvas.drawRightString(page_width - MARGIN, MARGIN / 2, f"Page {document.page}")
        canvas.restoreState()

    return draw


def reference_pdf(
    reference: content.Reference,
    *,
    icons: Mapping[str, str] | None = None,
    pictures: Mapping[str, Picture] | None = None,
) -> bytes:
    """The PDF's bytes (built twice over, so the table of contents has its page numbers);
    ``icons``: id -> image file (escaped for a markup attribute), or '#' and the id of an SVG
    icon of ``pictures``, drawn as vectors; each drawn before its words."""
    buffer = io.BytesIO()
    document = _Document(
        buffer,
        pagesize=A4,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=f"{reference.title}: reference",
        author="cardkit",
        creator="cardkit rulebook",
        subject=reference.subtitle,
        invariant=1,
    )
    document.addPageTemplates(
        [
            PageTemplate(
                name,
                [Frame(MARGIN, MARGIN, size[0] - 2 * MARGIN, size[1] - 2 * MARGIN, id=name)],
                onPage=_footer(reference.title, pictures or {}),
                pagesize=size,
            )
            for name, size in PAGE_SIZES.items()
        ]
    )
    document.multiBuild(story(reference, icons))
    return buffer.getvalue()
