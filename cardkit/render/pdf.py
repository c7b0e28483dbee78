"""Drawing imposed pages into a PDF with reportlab.

It loops over the pages and placements that ``impose`` computed and draws; it does no
layout maths of its own. Each distinct card face is drawn once as a form XObject and
placed for each copy, which keeps the file small and the build fast. Output is
byte-identical for the same input: ``invariant=1``, embedded subset fonts and no
randomness (the art placeholder pattern comes from a hash of the card id).

The two functions other renderers use to draw one card are ``draw_face`` and
``draw_back`` (re-exported here from ``face`` and ``back``).
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from cardkit.diagnostics import Diagnostic
from cardkit.model import Card, Game
from cardkit.render.back import draw_back
from cardkit.render.face import draw_face
from cardkit.render.fonts import BOLD, FONT, draw_aligned, register_card_font, register_fonts
from cardkit.render.footer import footer_texts
from cardkit.render.impose import Box, Face, Page, Placement
from cardkit.render.placeholder import save_placeholders
from cardkit.render.sides import back_key, back_of
from cardkit.render.style import CardStyle, prepare_style
from cardkit.render.textfit import fit_line
from cardkit.render.units import mm
from cardkit.rules.printed import save_printed

__all__ = [
    "BOLD",
    "FONT",
    "CardStyle",
    "PrintBoxes",
    "back_of",
    "draw_back",
    "draw_face",
    "fit_line",
    "prepare_style",
    "register_fonts",
    "render_pdf",
    "render_pdf_pieces",
]

Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class PrintBoxes:
    """A page's TrimBox and BleedBox, each (left, bottom, right, top) in points."""

    trim: tuple[float, float, float, float]
    bleed: tuple[float, float, float, float]


MARK = 0.25  # crop mark line width, points
CUT_LINE = (0.55, 0.55, 0.55)  # the rounded cut line of cards with rounded corners


class _Forms:
    """One form XObject per distinct face, drawn the first time it is placed."""

    def __init__(self, canvas: Canvas, style: CardStyle) -> None:
        self.canvas = canvas
        self.style = style
        self.fronts: dict[str, str] = {}  # card id -> form name
        self.backs: dict[tuple[str, float, float], str] = {}  # back id and size -> form name
        self.diagnostics: list[Diagnostic] = []

    def front(self, placement: Placement[Card]) -> str:
        card = placement.card
        if card.id not in self.fronts:
            name = f"front{len(self.fronts)}"
            trim = self._begin(name, placement)
            self.diagnostics.extend(draw_face(self.canvas, self.style, card, trim, bleed=trim.x))
            self.canvas.endForm()
            _compress_form(self.canvas, name)
            self.fronts[card.id] = name
        return self.fronts[card.id]

    def back(self, placement: Placement[Card]) -> str:
        card = placement.card
        back_id = back_key(self.style.game, card, self.style.two_faced)
        key = (back_id, placement.bleed.w, placement.bleed.h)  # one back may serve two sizes
        if key not in self.backs:
            name = f"back{len(self.backs)}"
            trim = self._begin(name, placement)
            face = self.style.two_faced.get(card.id)
            if face is not None:  # a double-faced card: its other face is its back
                found = draw_face(self.canvas, self.style, face, trim, bleed=trim.x)
                self.diagnostics.extend(found)
            else:
                draw_back(self.canvas, self.style, card, trim, bleed=trim.x)
            self.canvas.endForm()
            _compress_form(self.canvas, name)
            self.backs[key] = name
        return self.backs[key]

    def _begin(self, name: str, placement: Placement[Card]) -> Box:
        """Start a form the size of the bleed box; the trim box inside it."""
        self.canvas.beginForm(name, 0, 0, placement.bleed.w, placement.bleed.h)
        bleed = placement.trim.x - placement.bleed.x
        return Box(bleed, bleed, placement.trim.w, placement.trim.h)


def _compress_form(canvas: Canvas, name: str) -> None:
    """Write a form's object now, as reportlab would when the PDF is saved, and keep only
    those bytes: a card's drawing, its stream and resources would be held as Python objects
    until then (about 4 KB per distinct card, 1.5 KB once written). The form's bytes do not
    depend on when they are made: its stream (compressed by reportlab's own filter, no
    ASCII85 layer, see ``_binary_streams``), its boxes, and references by name to objects
    numbered before it (the fonts' dictionary, its pictures); a reference to one not yet
    numbered leaves the form to reportlab."""
    doc: Any = canvas._doc  # type: ignore[attr-defined]
    key = pdfdoc.xObjectName(name)
    form: Any = doc.idToObject[key]
    if rl_config.useA85 or not form.stream or form.Contents or form.Resources:
        return  # reportlab's own way
    try:
        written = form.format(doc)
    except KeyError:  # a forward reference: resolved only when the file is saved
        form.Contents = form.Resources = None
        return
    doc.idToObject[key] = _Written(written, key, getattr(form, "__Comment__", None))


class _Written(pdfdoc.PDFObject):
    """An object already written: its bytes, handed over (and let go) when the file is
    saved. reportlab saves each object once; a second time would be an error, not bytes."""

    __RefOnly__ = 1  # an indirect object, as the form it stands for

    def __init__(self, written: bytes, name: str, comment: str | None) -> None:
        self.written: bytes | None = written
        self.__InternalName__ = name
        if comment is not None:
            self.__Comment__ = comment

    def format(self, document: Any) -> bytes:
        written, self.written = self.written, None
        if written is None:
            raise ValueError(f"{self.__InternalName__} written twice")
        return written


def _compress_page(canvas: Canvas) -> None:
    """Compress the content of the page ``showPage`` just finished, as ``_compress_form`` does
    a form's: reportlab would hold every page's drawing as text until the PDF is saved."""
    doc: Any = canvas._doc  # type: ignore[attr-defined]
    page: Any = doc.Pages.pages[-1]
    if page.compression and not page.Contents and not page.Override_default_compilation:
        page.Contents = _compressed(page.stream, "page stream")
        if page.Contents is not None:
            page.stream = None


def _compressed(stream: str | bytes | None, comment: str) -> Any:
    """The PDF stream reportlab makes of ``stream`` when it saves the file, compressed now;
    None when reportlab would do otherwise (ASCII85 on, or an empty stream)."""
    if rl_config.useA85 or not stream:
        return None
    contents: Any = _SavedOnce(content=pdfdoc.PDFZCompress.encode(stream))
    contents.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(pdfdoc.PDFZCompress.pdfname)])
    contents.__Comment__ = comment
    return contents


class _SavedOnce(pdfdoc.PDFStream):
    """A stream that lets go of its content once written into the file: reportlab writes each
    object once, and would otherwise hold every card's drawing twice while it saves."""

    def format(self, document: Any) -> bytes:
        written: bytes = super().format(document)
        self.content = None  # written again, reportlab would raise "stream content not set"
        return written


def render_pdf(
    game: Game,
    pages: Sequence[Page[Card]],
    *,
    title: str | None = None,
    progress: Progress | None = None,
    style: CardStyle | None = None,
    print_boxes: PrintBoxes | None = None,
) -> tuple[bytes, list[Diagnostic]]:
    """The PDF of ``pages`` and the warnings found while drawing (text that does not fit).

    ``print_boxes`` sets the TrimBox and BleedBox of every page (one-card pages for print
    services, all of one size).
    """
    pieces, found = render_pdf_pieces(
        game, pages, title=title, progress=progress, style=style, print_boxes=print_boxes
    )
    return (pieces[0] if len(pieces) == 1 else b"".join(pieces)), found


def render_pdf_pieces(
    game: Game,
    pages: Sequence[Page[Card]],
    *,
    title: str | None = None,
    progress: Progress | None = None,
    style: CardStyle | None = None,
    print_boxes: PrintBoxes | None = None,
) -> tuple[list[bytes], list[Diagnostic]]:
    """``render_pdf``'s file as the pieces reportlab made it of, in order, to be written one
    after the other: a large deck is then never held twice (18 MB less at 10,000 cards)."""
    with _binary_streams():
        return _render(
            game, pages, title=title, progress=progress, style=style, print_boxes=print_boxes
        )


@contextmanager
def _binary_streams() -> Iterator[None]:
    """Compressed streams without the ASCII85 layer: smaller files, and faster (reportlab's
    encoder is pure Python). A reportlab setting, restored afterwards."""
    saved = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = saved


def _render(
    game: Game,
    pages: Sequence[Page[Card]],
    *,
    title: str | None,
    progress: Progress | None,
    style: CardStyle | None,
    print_boxes: PrintBoxes | None,
) -> tuple[list[bytes], list[Diagnostic]]:
    register_card_font()  # its other faces: when first drawn
    found: list[Diagnostic] = []
    if style is None:
        style, found = prepare_style(game)
    buffer = _Received()
    first = pages[0].sheet.paper if pages else None
    size = (first.width, first.height) if first else (mm(210), mm(297))
    # Start every page in the card font, so that no unembedded Helvetica is referenced.
    # (types-reportlab wrongly types initialFontName as a float.)
    canvas = Canvas(
        buffer,
        pagesize=size,
        invariant=1,
        pageCompression=1,
        initialFontName=FONT,  # type: ignore[arg-type]
    )
    if print_boxes is not None:
        canvas.setTrimBox(print_boxes.trim)
        canvas.setBleedBox(print_boxes.bleed)
    canvas.setTitle(title or game.name)
    canvas.setCreator("cardkit")
    canvas.setAuthor("")
    canvas.setSubject(f"print-and-play cards of {game.name}")
    forms = _Forms(canvas, style)
    sheets = max((p.number for p in pages), default=0)
    for index, page in enumerate(pages, start=1):
        canvas.setPageSize((page.width, page.height))
        _draw_page(forms, page, sheets)
        canvas.showPage()
        _compress_page(canvas)
        if progress is not None:
            progress(index, len(pages))
    if not pages:
        canvas.showPage()
    with _unjoined(canvas):
        canvas.save()
    save_placeholders()  # the art patterns drawn, and the lines printed, for the next run
    save_printed()
    drawn = forms.diagnostics
    # The document's objects are no longer needed: let them go now, so that they are not
    # held while the file is joined or written.
    del canvas, forms
    return buffer.parts, sorted([*found, *drawn], key=lambda d: d.sort_key)


class _Received(io.BytesIO):
    """Where reportlab saves the PDF: the pieces it writes, kept as they are (a BytesIO would
    hold a copy, and its ``getvalue`` another: 36 MB more at the peak of 10,000 cards)."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[bytes] = []

    def write(self, data: bytes | list[bytes]) -> int:  # type: ignore[override]
        pieces = data if isinstance(data, list) else [data]
        self.parts.extend(pieces)
        return sum(len(piece) for piece in pieces)


_PIECES = "_cardkit_pieces"  # set on a document whose file is handed over in pieces


class _Pieces(pdfdoc.PDFFile):
    """reportlab's collector of the file's bytes, handing a document of ours its file as the
    list of pieces it gathered rather than joined into one more copy of the whole file; any
    other document (another thread's, while ours saves) gets its bytes as reportlab's own."""

    def format(self, document: Any) -> Any:
        if getattr(document, _PIECES, False):
            return self.strings
        return super().format(document)


@contextmanager
def _unjoined(canvas: Canvas) -> Iterator[None]:
    """reportlab saves the pieces of ``canvas``'s file (``_Pieces``), in the order it made
    them and otherwise as it would: the same bytes once written one after the other. The
    collector is reportlab's own again afterwards."""
    setattr(canvas._doc, _PIECES, True)  # type: ignore[attr-defined]
    saved = pdfdoc.PDFFile
    pdfdoc.PDFFile = _Pieces  # type: ignore[misc]
    try:
        yield
    finally:
        pdfdoc.PDFFile = saved  # type: ignore[misc]


def _draw_page(forms: _Forms, page: Page[Card], sheets: int) -> None:
    c = forms.canvas
    for placement in page.placements:
        form = forms.front(placement) if page.face is Face.FRONT else forms.back(placement)
        c.saveState()
        clip = c.beginPath()
        box = placement.clip
        clip.rect(box.x, box.y, box.w, box.h)
        c.clipPath(clip, stroke=0, fill=0)
        c.translate(placement.bleed.x, placement.bleed.y)
        c.doForm(form)
        c.restoreState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(MARK)
    for mark in page.marks:
        c.line(mark.x1, mark.y1, mark.x2, mark.y2)
    if page.marks and page.face is Face.FRONT:
        _draw_round_cuts(forms, page)
    _draw_footer(forms, page, sheets)


def _draw_round_cuts(forms: _Forms, page: Page[Card]) -> None:
    """A thin grey cut line round each card with rounded corners (its layout's 'corners')."""
    c = forms.canvas
    for placement in page.placements:
        layout = forms.style.layout(placement.card)
        if layout is None or layout.corners <= 0:
            continue
        trim = placement.trim
        radius = min(layout.corners, trim.w / 2, trim.h / 2)
        c.setStrokeColorRGB(*CUT_LINE)
        c.setLineWidth(MARK)
        c.roundRect(trim.x, trim.y, trim.w, trim.h, radius, stroke=1, fill=0)


def _draw_footer(forms: _Forms, page: Page[Card], sheets: int) -> None:
    """A line in the bottom margin saying what the page is, when there is room for one."""
    sheet = page.sheet
    grid = sheet.grid
    room = grid.y - sheet.bleed
    if room < mm(8) or sheet.columns < 1:
        return
    side = "fronts" if page.face is Face.FRONT else "backs"
    pieces = (forms.style.game.name, f"sheet {page.number} of {sheets}", side, "print at 100%")
    c = forms.canvas
    c.setFillColorRGB(0.35, 0.35, 0.35)
    for piece in footer_texts(sheet, pieces, room):
        draw_aligned(
            c,
            piece.text,
            FONT,
            piece.size,
            left=piece.left,
            width=piece.width,
            y=piece.y,
            align="center",
        )
