"""`cardkit build`: a game's print-and-play PDF, written atomically into its output folder."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cardkit.atomic import write_atomic
from cardkit.diagnostics import Diagnostic
from cardkit.errors import LayoutError
from cardkit.model import Card, CardSet
from cardkit.render.impose import (
    DEFAULT_BLEED,
    DEFAULT_MARGIN,
    PAPERS,
    Duplex,
    Page,
    Sheet,
    impose,
)
from cardkit.render.pdf import render_pdf
from cardkit.render.units import parse_length

DECK_FILE = "deck.pdf"


@dataclass(frozen=True, slots=True, kw_only=True)
class BuildOptions:
    """How to print: paper name, bleed and gutter in points, duplex, output folder."""

    paper: str = "a4"
    bleed: float = DEFAULT_BLEED
    gutter: float = 0.0
    margin: float = DEFAULT_MARGIN
    duplex: Duplex = Duplex.LONG
    output: Path | None = None  # default: output/<game id>


class CardSizeError(LayoutError):
    """A card size of the game that cannot be laid out on the chosen paper."""

    def __init__(self, size: str, reason: str) -> None:
        super().__init__(reason)
        self.size = size
        self.reason = reason


def output_folder(card_set: CardSet, options: BuildOptions) -> Path:
    return options.output if options.output is not None else Path("output") / card_set.game.id


def plan_deck(card_set: CardSet, options: BuildOptions) -> list[Page[Card]]:
    """Every page of the deck: cards grouped by size, each size on sheets of its own."""
    if options.paper not in PAPERS:
        raise LayoutError(
            f"unknown paper {options.paper!r}: use one of {', '.join(sorted(PAPERS))}"
        )
    game = card_set.game
    groups: dict[str, list[Card]] = {}
    for card in card_set.cards:
        card_type = game.card_types[card.type]
        groups.setdefault(card_type.size, []).append(card)
    pages: list[Page[Card]] = []
    for size_name, cards in groups.items():
        width, height = game.sizes[size_name]
        first = (pages[-1].number + 1) if pages else 1
        try:
            sheet = Sheet(
                paper=PAPERS[options.paper],
                card_width=parse_length(width),
                card_height=parse_length(height),
                bleed=options.bleed,
                gutter=options.gutter,
                margin=options.margin,
            )
            pages.extend(impose(cards, sheet, duplex=options.duplex, first=first))
        except LayoutError as exc:
            raise CardSizeError(size_name, str(exc)) from None
    return pages


def build_deck(
    card_set: CardSet,
    options: BuildOptions,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[Path], list[Diagnostic]]:
    """Write <output>/deck.pdf; return the files written and the warnings found drawing.

    The PDF is made in memory and then written in one atomic step, so a build that fails
    leaves the previous deck.pdf as it was. Nothing is written outside the output folder.
    """
    pages = plan_deck(card_set, options)
    data, found = render_pdf(card_set.game, pages, progress=progress)
    target = output_folder(card_set, options) / DECK_FILE
    write_atomic(target, data)
    return [target], found
