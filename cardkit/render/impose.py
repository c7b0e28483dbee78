"""Imposition: where each copy of each card goes on the sheets of paper. Pure maths, in points.

A sheet is a grid of equal cards centred on the paper. Neighbouring cards are ``gutter``
apart (trim line to trim line; 0 puts them edge to edge, so one cut separates two cards).
Each card is drawn to its bleed box, but only inside its *clip* box: the outer cards keep
their whole bleed, and between two cards each keeps at most half the gutter, so no card
is drawn over its neighbour. ``margin`` is the paper left free around the outer bleed, where
the crop marks go.

The origin is the bottom-left corner of the paper, as in PDF; rows count from the top.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, Protocol, TypeVar

from cardkit.errors import LayoutError
from cardkit.render.units import format_mm, mm, to_mm

_EPSILON = 1e-6  # points; absorbs rounding when cards fit the paper exactly

DEFAULT_BLEED = mm(3)
SMALLEST_CARD = mm(5)  # a side: smaller cannot be cut out, and would fill a sheet with millions
DEFAULT_MARGIN = mm(3)
# Where two cards share a cut line, each is drawn this far past it (0.1mm) so that screen
# renderers, which smooth every edge, show no hairline seam between them.
SEAM = 0.3
MARK_OFFSET = mm(1)  # crop marks start this far outside the outer bleed
MARK_LENGTH = mm(5)


class Face(StrEnum):
    FRONT = "front"
    BACK = "back"


class Duplex(StrEnum):
    """How the printer turns the paper: the backs page is the fronts page mirrored to match."""

    LONG = "long"  # flip on the long edge: backs mirrored left-right
    SHORT = "short"  # flip on the short edge: backs mirrored top-bottom
    NONE = "none"  # fronts only (cards to sleeve, or backs printed some other way)


@dataclass(frozen=True, slots=True)
class Paper:
    name: str
    width: float
    height: float


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", mm(210), mm(297)),
    "letter": Paper("letter", 8.5 * 72, 11 * 72),
    "a3": Paper("a3", mm(297), mm(420)),
}


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle: its bottom-left corner, width and height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def top(self) -> float:
        return self.y + self.h

    def shifted(self, dx: float, dy: float) -> Box:
        return Box(self.x + dx, self.y + dy, self.w, self.h)

    def expand(self, left: float, bottom: float, right: float, top: float) -> Box:
        return Box(self.x - left, self.y - bottom, self.w + left + right, self.h + bottom + top)

    def contains(self, other: Box) -> bool:
        return (
            self.x <= other.x + _EPSILON
            and self.y <= other.y + _EPSILON
            and other.right <= self.right + _EPSILON
            and other.top <= self.top + _EPSILON
        )

    def overlaps(self, other: Box) -> bool:
        """Whether the two boxes share some area (touching edges do not count)."""
        return (
            self.x < other.right - _EPSILON
            and other.x < self.right - _EPSILON
            and self.y < other.top - _EPSILON
            and other.y < self.top - _EPSILON
        )

    def mirrored(self, paper_width: float, paper_height: float, duplex: Duplex) -> Box:
        """This box on the other side of the paper, after the printer turns it."""
        if duplex is Duplex.LONG:
            return Box(paper_width - self.right, self.y, self.w, self.h)
        if duplex is Duplex.SHORT:
            return Box(self.x, paper_height - self.top, self.w, self.h)
        return self


@dataclass(frozen=True, slots=True)
class Line:
    """A crop mark: a short straight line."""

    x1: float
    y1: float
    x2: float
    y2: float

    def shifted(self, dx: float, dy: float) -> Line:
        return Line(self.x1 + dx, self.y1 + dy, self.x2 + dx, self.y2 + dy)

    @property
    def box(self) -> Box:
        x, y = min(self.x1, self.x2), min(self.y1, self.y2)
        return Box(x, y, abs(self.x2 - self.x1), abs(self.y2 - self.y1))


@dataclass(frozen=True, slots=True, kw_only=True)
class Sheet:
    """One sheet of paper holding a grid of cards of one size."""

    paper: Paper
    card_width: float
    card_height: float
    bleed: float = DEFAULT_BLEED
    gutter: float = 0.0
    margin: float = DEFAULT_MARGIN

    def __post_init__(self) -> None:
        for name in ("card_width", "card_height"):
            value = getattr(self, name)
            if not math.isfinite(value) or value <= 0:
                raise LayoutError(f"{name.replace('_', ' ')} must be above zero, not {value!r}")
            if value < SMALLEST_CARD:
                raise LayoutError(
                    f"{name.replace('_', ' ')} must be at least {format_mm(SMALLEST_CARD)}, "
                    f"not {to_mm(value):g}mm"
                )
        for name in ("bleed", "gutter", "margin"):
            value = getattr(self, name)
            if not math.isfinite(value) or value < 0:
                raise LayoutError(f"{name} must be zero or more, not {value!r}")
        if self.columns == 0 or self.rows == 0:
            raise LayoutError(
                f"a {format_mm(self.card_width)} x {format_mm(self.card_height)} card with "
                f"{format_mm(self.bleed)} bleed does not fit on {self.paper.name} paper "
                f"({format_mm(self.paper.width)} x {format_mm(self.paper.height)}) with "
                f"{format_mm(self.margin)} margins; use larger paper or a smaller bleed"
            )

    def _fit(self, paper: float, card: float) -> int:
        room = paper - 2 * self.margin - 2 * self.bleed + self.gutter
        return max(0, math.floor((room + _EPSILON) / (card + self.gutter)))

    @property
    def columns(self) -> int:
        return self._fit(self.paper.width, self.card_width)

    @property
    def rows(self) -> int:
        return self._fit(self.paper.height, self.card_height)

    @property
    def capacity(self) -> int:
        """How many cards one sheet holds."""
        return self.columns * self.rows

    @property
    def grid(self) -> Box:
        """The box around every trim box of a full sheet, centred on the paper."""
        width = self.columns * self.card_width + (self.columns - 1) * self.gutter
        height = self.rows * self.card_height + (self.rows - 1) * self.gutter
        return Box((self.paper.width - width) / 2, (self.paper.height - height) / 2, width, height)

    def trim(self, column: int, row: int) -> Box:
        """Where the card of a slot is cut out; row 0 is the top row."""
        grid = self.grid
        x = grid.x + column * (self.card_width + self.gutter)
        top = grid.top - row * (self.card_height + self.gutter)
        return Box(x, top - self.card_height, self.card_width, self.card_height)

    def clip(self, column: int, row: int) -> Box:
        """The part of a slot's bleed box that is its own: about half the gutter inwards."""
        inner = min(self.bleed, self.gutter / 2 + SEAM)
        return self.trim(column, row).expand(
            self.bleed if column == 0 else inner,
            self.bleed if row == self.rows - 1 else inner,
            self.bleed if column == self.columns - 1 else inner,
            self.bleed if row == 0 else inner,
        )

    def marks(self) -> tuple[Line, ...]:
        """Crop marks: a short line in the margin at both ends of every trim line."""
        grid = self.grid
        outer = grid.expand(self.bleed, self.bleed, self.bleed, self.bleed)
        lefts = [grid.x + c * (self.card_width + self.gutter) for c in range(self.columns)]
        xs = _distinct(lefts + [x + self.card_width for x in lefts])
        tops = [grid.top - r * (self.card_height + self.gutter) for r in range(self.rows)]
        ys = _distinct(tops + [t - self.card_height for t in tops])
        lines: list[Line] = []
        below = _span(outer.y, 0.0)
        above = _span(outer.top, self.paper.height)
        left = _span(outer.x, 0.0)
        right = _span(outer.right, self.paper.width)
        for x in xs:
            lines.extend(Line(x, a, x, b) for a, b in (below, above) if a != b)
        for y in ys:
            lines.extend(Line(a, y, b, y) for a, b in (left, right) if a != b)
        return tuple(lines)


def _distinct(values: Sequence[float]) -> list[float]:
    result: list[float] = []
    for value in sorted(values):
        if not result or value - result[-1] > _EPSILON:
            result.append(value)
    return result


def _span(start: float, edge: float) -> tuple[float, float]:
    """A mark from just outside ``start`` towards the paper ``edge``; empty when no room."""
    direction = 1.0 if edge > start else -1.0
    room = abs(edge - start) - MARK_OFFSET
    if room <= mm(0.5):
        return (start, start)
    length = min(MARK_LENGTH, room)
    begin = start + direction * MARK_OFFSET
    return (begin, begin + direction * length)


class Counted(Protocol):
    """Anything with a number of copies: a Card, or a stand-in in tests."""

    @property
    def count(self) -> int: ...


T = TypeVar("T", bound=Counted)


@dataclass(frozen=True, slots=True)
class Placement(Generic[T]):
    """One copy of a card on one side of a sheet."""

    card: T
    copy: int  # 1 for the first copy of the card, 2 for the second...
    column: int
    row: int
    trim: Box  # where it is cut
    bleed: Box  # what is drawn: the trim box and the bleed all round
    clip: Box  # the part of the bleed box that is drawn on this sheet


@dataclass(frozen=True, slots=True)
class Page(Generic[T]):
    face: Face
    sheet: Sheet
    number: int  # which sheet of paper, from 1
    placements: tuple[Placement[T], ...]
    marks: tuple[Line, ...]

    @property
    def width(self) -> float:
        return self.sheet.paper.width

    @property
    def height(self) -> float:
        return self.sheet.paper.height


def copies(cards: Sequence[T]) -> list[tuple[T, int]]:
    """Every copy of every card, in order: (card, copy number from 1)."""
    return [(card, n) for card in cards for n in range(1, card.count + 1)]


def impose(
    cards: Sequence[T],
    sheet: Sheet,
    *,
    duplex: Duplex = Duplex.LONG,
    first: int = 1,
    back_offset: tuple[float, float] = (0.0, 0.0),
) -> list[Page[T]]:
    """Pages for ``cards`` (each ``count`` times) on ``sheet``: fronts, then their backs.

    Slots fill left to right, top to bottom. Unless ``duplex`` is NONE, each fronts page is
    followed by its backs page, mirrored so that every back prints behind its front.
    ``first`` numbers the first sheet. ``back_offset`` (x, y in points, right and up) moves
    everything on the backs pages, to make up for a printer that shifts the second side.
    """
    every = copies(cards)
    pages: list[Page[T]] = []
    marks = sheet.marks()
    for start in range(0, len(every), sheet.capacity):
        fronts: list[Placement[T]] = []
        for slot, (card, n) in enumerate(every[start : start + sheet.capacity]):
            column, row = slot % sheet.columns, slot // sheet.columns
            fronts.append(_placement(card, n, column, row, sheet))
        number = first + start // sheet.capacity
        pages.append(Page(Face.FRONT, sheet, number, tuple(fronts), marks))
        if duplex is not Duplex.NONE:
            dx, dy = back_offset
            backs = tuple(_shift(_behind(p, sheet, duplex), dx, dy) for p in fronts)
            back_marks = tuple(_mirror_line(m, sheet.paper, duplex).shifted(dx, dy) for m in marks)
            pages.append(Page(Face.BACK, sheet, number, backs, back_marks))
    return pages


def _behind(front: Placement[T], sheet: Sheet, duplex: Duplex) -> Placement[T]:
    """The back of a front: the slot it lands in once the paper is turned.

    The grid is centred on the paper, so mirroring a slot gives another slot exactly.
    """
    column, row = front.column, front.row
    if duplex is Duplex.LONG:
        column = sheet.columns - 1 - column
    elif duplex is Duplex.SHORT:
        row = sheet.rows - 1 - row
    return _placement(front.card, front.copy, column, row, sheet)


def _shift(placement: Placement[T], dx: float, dy: float) -> Placement[T]:
    if dx == 0 and dy == 0:
        return placement
    return Placement(
        placement.card,
        placement.copy,
        placement.column,
        placement.row,
        placement.trim.shifted(dx, dy),
        placement.bleed.shifted(dx, dy),
        placement.clip.shifted(dx, dy),
    )


def _placement(card: T, copy: int, column: int, row: int, sheet: Sheet) -> Placement[T]:
    return Placement(card, copy, column, row, *_slot(sheet, column, row))


@functools.lru_cache(maxsize=256)
def _slot(sheet: Sheet, column: int, row: int) -> tuple[Box, Box, Box]:
    """The trim, bleed and clip boxes of a slot, made once: every card placed in the slot
    shares them (at 10,000 cards, 13 MB of boxes less)."""
    trim = sheet.trim(column, row)
    bleed = sheet.bleed
    return trim, trim.expand(bleed, bleed, bleed, bleed), sheet.clip(column, row)


def _mirror_line(line: Line, paper: Paper, duplex: Duplex) -> Line:
    if duplex is Duplex.LONG:
        return Line(paper.width - line.x1, line.y1, paper.width - line.x2, line.y2)
    if duplex is Duplex.SHORT:
        return Line(line.x1, paper.height - line.y1, line.x2, paper.height - line.y2)
    return line
