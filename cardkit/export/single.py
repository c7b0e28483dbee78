"""One card per page, for print services (DriveThruCards, PrinterStudio, MakePlayingCards...).

Each page is one card and its bleed: MediaBox = BleedBox = trim + bleed on every side, and
TrimBox where the card is cut. Pages go front, back, front, back... one pair per copy, the
order print services that take a single PDF expect (the back of a card on the page after
its front). A print service makes one product per card size, so each size gets its own file:
``cards-<size>.pdf``.

The pages are laid out by ``impose`` on a "sheet" exactly one card and its bleed in size, so
the card faces and backs are drawn by the same code as the print-and-play sheets.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from cardkit import transaction
from cardkit.diagnostics import Diagnostic
from cardkit.export.filenames import safe_file_stem
from cardkit.model import Card, CardSet
from cardkit.render.impose import Box, Duplex, Face, Page, Paper, Sheet, impose
from cardkit.render.pdf import PrintBoxes, render_pdf
from cardkit.render.sides import printed_fronts
from cardkit.render.style import CardStyle, prepare_style, size_points
from cardkit.render.style import card_size as size_name

Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class CardSize:
    """A named card size in points: its trim width and height."""

    name: str
    width: float
    height: float


def card_size(card_set: CardSet, card: Card) -> CardSize:
    """The trim size of ``card``: its deck's card size, else its type's."""
    name = size_name(card_set.game, card)
    width, height = size_points(card_set.game, name)
    return CardSize(name, width, height)


def group_by_size(card_set: CardSet, cards: Sequence[Card]) -> dict[CardSize, list[Card]]:
    """``cards`` grouped by trim size, in the order the sizes first appear."""
    groups: dict[CardSize, list[Card]] = {}
    for card in cards:
        groups.setdefault(card_size(card_set, card), []).append(card)
    return groups


def card_sheet(size: CardSize, bleed: float) -> Sheet:
    """A 'sheet' that holds exactly one card and its bleed, with no margin and no marks."""
    paper = Paper(f"{size.name}+bleed", size.width + 2 * bleed, size.height + 2 * bleed)
    return Sheet(
        paper=paper,
        card_width=size.width,
        card_height=size.height,
        bleed=bleed,
        gutter=0.0,
        margin=0.0,
    )


def print_boxes(size: CardSize, bleed: float) -> PrintBoxes:
    """TrimBox and BleedBox of a one-card page: the bleed box is the whole page."""
    trim = Box(bleed, bleed, size.width, size.height)
    whole = trim.expand(bleed, bleed, bleed, bleed)
    return PrintBoxes(
        trim=(trim.x, trim.y, trim.right, trim.top),
        bleed=(whole.x, whole.y, whole.right, whole.top),
    )


def plan_single(
    cards: Sequence[Card], size: CardSize, bleed: float, *, backs: bool = True
) -> list[Page[Card]]:
    """One page per copy of each card (all of ``size``), each followed by its back page."""
    duplex = Duplex.LONG if backs else Duplex.NONE  # one column: the back is not moved
    return impose(cards, card_sheet(size, bleed), duplex=duplex)


def single_file_name(size: CardSize) -> str:
    return f"cards-{safe_file_stem(size.name)}.pdf"


def card_pdf(
    card_set: CardSet,
    card: Card,
    bleed: float,
    *,
    face: Face = Face.FRONT,
    style: CardStyle | None = None,
) -> tuple[bytes, list[Diagnostic]]:
    """A one-page PDF of ``card``'s front, or of its back. Pass the game's ``style``
    (``prepare_style``) when drawing many cards, so that it is loaded once."""
    size = card_size(card_set, card)
    page = card_page(card, size, bleed, face=face)
    return render_pdf(
        card_set.game, [page], title=card.name, style=style, print_boxes=print_boxes(size, bleed)
    )


def card_page(card: Card, size: CardSize, bleed: float, *, face: Face = Face.FRONT) -> Page[Card]:
    """The one-card page of ``card``'s front, or of its back (a card of ``size``)."""
    pages = plan_single([_one_copy(card)], size, bleed, backs=face is Face.BACK)
    return next(p for p in pages if p.face is face)


def _one_copy(card: Card) -> Card:
    return card if card.count == 1 else replace(card, count=1)


def build_single(
    card_set: CardSet,
    folder: Path,
    *,
    bleed: float,
    progress: Progress | None = None,
) -> tuple[list[Path], list[Diagnostic]]:
    """Write ``cards-<size>.pdf`` for each card size into ``folder``.

    Every file is made in memory and then written (staged in the build's output transaction),
    only once all are made: a build that fails leaves the previous files as they were.
    """
    groups = group_by_size(card_set, printed_fronts(card_set.game, card_set.cards))
    plans = {size: plan_single(cards, size, bleed) for size, cards in groups.items()}
    total = sum(len(pages) for pages in plans.values())
    done = 0
    made: list[tuple[Path, bytes]] = []
    style, found = prepare_style(card_set.game, card_set.cards)
    for size, pages in plans.items():
        offset = done

        def step(index: int, _: int, offset: int = offset) -> None:
            if progress is not None:
                progress(offset + index, total)

        data, drawn = render_pdf(
            card_set.game,
            pages,
            title=f"{card_set.game.name} ({size.name} cards)",
            progress=step,
            style=style,
            print_boxes=print_boxes(size, bleed),
        )
        done += len(pages)
        made.append((folder / single_file_name(size), data))
        found.extend(drawn)
    for path, data in made:
        transaction.write(path, data)
    return [path for path, _ in made], sorted(found, key=lambda d: d.sort_key)
