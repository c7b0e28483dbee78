"""`cardkit build`: a game's print-and-play PDF, written atomically into its output folder."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from cardkit.atomic import write_atomic
from cardkit.diagnostics import Diagnostic, count_errors
from cardkit.errors import LayoutError, LengthError
from cardkit.model import Card, CardSet
from cardkit.render.impose import (
    DEFAULT_BLEED,
    DEFAULT_MARGIN,
    PAPERS,
    Duplex,
    Page,
    Paper,
    Sheet,
    impose,
)
from cardkit.render.pdf import render_pdf
from cardkit.render.style import card_size, prepare_style, size_points
from cardkit.render.units import parse_length

DECK_FILE = "deck.pdf"


@dataclass(frozen=True, slots=True, kw_only=True)
class BuildOptions:
    """How to print: paper name, bleed and gutter in points, duplex, output folder."""

    paper: str = "a4"  # a name in PAPERS, or 'WIDTHxHEIGHT' such as '300mmx200mm'
    bleed: float = DEFAULT_BLEED
    gutter: float = 0.0
    margin: float = DEFAULT_MARGIN
    duplex: Duplex = Duplex.LONG
    output: Path | None = None  # default: output/<game id>
    back_offset: tuple[float, float] = (0.0, 0.0)  # points, right and up, on backs pages


class CardSizeError(LayoutError):
    """A card size of the game that cannot be laid out on the chosen paper."""

    def __init__(self, size: str, reason: str) -> None:
        super().__init__(reason)
        self.size = size
        self.reason = reason


def output_folder(card_set: CardSet, options: BuildOptions) -> Path:
    return options.output if options.output is not None else Path("output") / card_set.game.id


def paper_size(text: str) -> Paper:
    """A paper by name ('a4', 'letter', 'a3') or as 'WIDTHxHEIGHT' ('300mmx200mm')."""
    if text in PAPERS:
        return PAPERS[text]
    width, cross, height = text.partition("x")
    if cross:
        try:
            return Paper(text, parse_length(width), parse_length(height))
        except LengthError:
            pass
    raise LayoutError(
        f"unknown paper {text!r}: use one of {', '.join(sorted(PAPERS))}, "
        "or give its size as WIDTHxHEIGHT, e.g. '300mmx200mm'"
    )


def plan_deck(card_set: CardSet, options: BuildOptions) -> list[Page[Card]]:
    """Every page of the deck: cards grouped by size, each size on sheets of its own."""
    paper = paper_size(options.paper)
    game = card_set.game
    groups: dict[str, list[Card]] = {}
    for card in card_set.cards:
        groups.setdefault(card_size(game, card), []).append(card)
    pages: list[Page[Card]] = []
    for size_name, cards in groups.items():
        width, height = size_points(game, size_name)
        first = (pages[-1].number + 1) if pages else 1
        try:
            sheet = Sheet(
                paper=paper,
                card_width=width,
                card_height=height,
                bleed=options.bleed,
                gutter=options.gutter,
                margin=options.margin,
            )
            pages.extend(
                impose(
                    cards,
                    sheet,
                    duplex=options.duplex,
                    first=first,
                    back_offset=options.back_offset,
                )
            )
        except LayoutError as exc:
            raise CardSizeError(size_name, str(exc)) from None
    return pages


def build_deck(
    card_set: CardSet,
    options: BuildOptions,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[list[Path], list[Diagnostic]]:
    """Write <output>/deck.pdf; return the files written and the problems found.

    Broken layouts, icons or art are errors found before drawing: then nothing is written.
    The PDF is made in memory and then written in one atomic step, so a build that fails
    leaves the previous deck.pdf as it was. Nothing is written outside the output folder.
    """
    style, problems = prepare_style(card_set.game, card_set.cards)
    if count_errors(problems)[0]:
        return [], problems
    pages = plan_deck(card_set, options)
    data, found = render_pdf(card_set.game, pages, progress=progress, style=style)
    target = output_folder(card_set, options) / DECK_FILE
    write_atomic(target, data)
    return [target], sorted([*problems, *found], key=lambda d: d.sort_key)
