"""The content of a game's reference pages: pure frozen values, one model for three outputs.

A ``Reference`` is sections of blocks: tables (headers and rows of cells), component lists
(the rulebook's "Trade Deck Cards: 3 Blob Miner, 2 Burrower, ..."), charts and paragraphs.
A cell is a run of ``Span``s so that the outputs can style the game's words (resources,
factions, keywords) the same way each; the PDF, HTML and Markdown writers only lay it out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

SpanKind = Literal["plain", "resource", "faction", "keyword", "icon"]


@dataclass(frozen=True, slots=True)
class Span:
    """A piece of text; ``ref`` is the id of the resource, faction or keyword it names, and
    ``icon`` the id of the icon the game draws before it ('' for none), or in its place
    (``alone``: an icon by name, ``text`` is its word for readers). ``bold`` and ``italic``
    are the card text's markup."""

    text: str
    kind: SpanKind = "plain"
    ref: str = ""
    color: str | None = None  # a colour the game declared (#rrggbb), validated by the schema
    icon: str = ""
    bold: bool = False
    italic: bool = False
    alone: bool = False


Cell = tuple[Span, ...]


def plain(text: object) -> Cell:
    """A cell of unstyled text ('' for None)."""
    return (Span("" if text is None else str(text)),)


def cell_text(cell: Cell) -> str:
    return "".join(span.text for span in cell)


@dataclass(frozen=True, slots=True)
class Table:
    """Rows of cells under headers; ``numeric`` marks the columns to align right."""

    kind: ClassVar[str] = "table"  # what templates dispatch on

    headers: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    title: str = ""
    numeric: tuple[bool, ...] = ()
    widths: tuple[float, ...] = ()  # relative column widths for the PDF; equal when empty
    footer: tuple[Cell, ...] | None = None  # a totals row, set apart
    wide: bool = False  # many columns beside long text: wants room (the PDF turns the page)

    def __post_init__(self) -> None:
        for row in (*self.rows, *((self.footer,) if self.footer else ())):
            if len(row) != len(self.headers):
                raise ValueError(f"a row of {len(row)} cells under {len(self.headers)} headers")

    def is_numeric(self, column: int) -> bool:
        return column < len(self.numeric) and self.numeric[column]


@dataclass(frozen=True, slots=True)
class Item:
    count: int
    name: str


@dataclass(frozen=True, slots=True)
class ComponentGroup:
    """One line of a component list: a label, its total, and each card with its copies."""

    label: str
    total: int
    items: tuple[Item, ...]


@dataclass(frozen=True, slots=True)
class ComponentList:
    kind: ClassVar[str] = "components"  # what templates dispatch on
    title: str
    total: int
    groups: tuple[ComponentGroup, ...]


@dataclass(frozen=True, slots=True)
class Series:
    name: str
    values: tuple[float, ...]
    color: str  # #rrggbb


@dataclass(frozen=True, slots=True)
class Chart:
    """A bar chart: one bar per series at each category (grouped when several series)."""

    kind: ClassVar[str] = "chart"  # what templates dispatch on

    id: str
    title: str
    categories: tuple[str, ...]
    series: tuple[Series, ...]
    x_label: str = ""
    y_label: str = ""

    def __post_init__(self) -> None:
        for series in self.series:
            if len(series.values) != len(self.categories):
                raise ValueError(f"series {series.name!r} does not have one value per category")


@dataclass(frozen=True, slots=True)
class Paragraph:
    kind: ClassVar[str] = "paragraph"  # what templates dispatch on
    text: str


Block = Table | ComponentList | Chart | Paragraph


@dataclass(frozen=True, slots=True)
class Section:
    id: str
    title: str
    blocks: tuple[Block, ...]
    intro: str = ""

    @property
    def charts(self) -> tuple[Chart, ...]:
        return tuple(block for block in self.blocks if isinstance(block, Chart))


@dataclass(frozen=True, slots=True)
class Reference:
    """Everything the reference pages of one game show."""

    game_id: str
    title: str
    subtitle: str
    sections: tuple[Section, ...]

    @property
    def charts(self) -> tuple[Chart, ...]:
        return tuple(chart for section in self.sections for chart in section.charts)
