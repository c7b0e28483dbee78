"""`cardkit build`: a game's print-and-play PDF and its exports (one card per page, PNGs,
Tabletop Simulator), written into its output folder in one output transaction.

``build`` is the use case, in two steps: ``make_deck`` chooses the cards (``only``), plans
the pages once and draws deck.pdf; ``add_exports`` writes the exports the options ask for
beside it. Each returns what was written and every problem found. Run inside
``build_transaction``, every file of both steps changes together or not at all (``build``
does). ``plan_deck`` and ``build_deck`` are the pages alone and the PDF alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from cardkit import transaction
from cardkit.app.options import BuildOptions as BuildOptions  # where it was first defined
from cardkit.diagnostics import Diagnostic, Location, count_errors, error
from cardkit.errors import LayoutError, LengthError
from cardkit.model import Card, CardSet
from cardkit.render.impose import (
    PAPERS,
    Page,
    Paper,
    Sheet,
    impose,
)
from cardkit.render.pdf import render_pdf_pieces
from cardkit.render.sides import printed_fronts
from cardkit.render.style import card_size, prepare_style, size_points
from cardkit.render.units import parse_length
from cardkit.rules.suppress import drop_suppressed
from cardkit.rules.unparsed import unparsed_text

if TYPE_CHECKING:
    from cardkit.export.png import PngReport

DECK_FILE = "deck.pdf"
MAX_PRINTED_CARDS = 10_000  # about 1,100 sheets of poker cards: far past any print-and-play


class CardSizeError(LayoutError):
    """A card size of the game that cannot be laid out on the chosen paper."""

    def __init__(self, size: str, reason: str) -> None:
        super().__init__(reason)
        self.size = size
        self.reason = reason


def output_folder(card_set: CardSet, options: BuildOptions) -> Path:
    return options.output if options.output is not None else Path("output") / card_set.game.id


def build_transaction(
    card_set: CardSet, options: BuildOptions
) -> AbstractContextManager[transaction.Transaction]:
    """The output transaction of a build: every file ``make_deck`` and ``add_exports`` write
    inside it is swapped in when it ends, or none when it raises."""
    return transaction.output_transaction(output_folder(card_set, options))


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
    for card in printed_fronts(game, card_set.cards):  # a double-faced card's back: on its back
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
    A card size that does not fit the paper raises ``CardSizeError``.
    """
    return _draw_deck(card_set, options, lambda: plan_deck(card_set, options), progress)


def _draw_deck(
    card_set: CardSet,
    options: BuildOptions,
    pages: Callable[[], list[Page[Card]]],
    progress: Callable[[int, int], None] | None,
) -> tuple[list[Path], list[Diagnostic]]:
    """``build_deck`` with the pages given (asked for once the layouts are known good)."""
    style, problems = prepare_style(card_set.game, card_set.cards)
    if count_errors(problems)[0]:
        return [], problems
    data, found = render_pdf_pieces(card_set.game, pages(), progress=progress, style=style)
    target = output_folder(card_set, options) / DECK_FILE
    transaction.write(target, data)
    return [target], sorted([*problems, *found], key=lambda d: d.sort_key)


class Stage(NamedTuple):
    """A step of a build that reports progress: what it does, and what it counts."""

    label: str
    unit: str


DRAWING = Stage("drawing", "pages")
SINGLE = Stage("one card per page", "pages")
RASTERISING = Stage("rasterising", "images")
TABLETOP = Stage("Tabletop Simulator", "cards")

StageProgress = Callable[[Stage, int, "int | None"], None]
"""Called as ``progress(stage, done, total)`` while a build works (total None: not known)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class BuildResult:
    """What ``build`` made: the files written and every problem found.

    ``diagnostics`` are the problems of the deck (rules text that does not parse, layouts,
    pictures, a card size that does not fit the paper); when one is an error nothing was
    written. ``export_diagnostics`` are those of the exports not already told of.
    ``blamed`` names the options (``paper``, ``bleed``, ``gutter``) whose values keep the cards
    from fitting when the defaults would fit them.
    """

    card_set: CardSet  # the cards built: those ``only`` chose
    diagnostics: tuple[Diagnostic, ...] = ()
    pages: int = 0
    deck: Path | None = None
    single: tuple[Path, ...] = ()
    pngs: PngReport | None = None
    png_folder: Path | None = None
    tts: tuple[Path, ...] = ()
    export_diagnostics: tuple[Diagnostic, ...] = ()
    blamed: tuple[str, ...] = ()

    @property
    def files(self) -> tuple[Path, ...]:
        """Every file of the build: deck.pdf, then the exports' (PNGs found up to date
        included)."""
        pngs = (*self.pngs.written, *self.pngs.unchanged) if self.pngs else ()
        return (*((self.deck,) if self.deck else ()), *self.single, *pngs, *self.tts)


def build(
    card_set: CardSet, options: BuildOptions, *, progress: StageProgress | None = None
) -> BuildResult:
    """Build a loaded game's deck.pdf and the exports ``options`` ask for: ``make_deck``,
    then, when the deck has no error, ``add_exports``, in one output transaction."""
    with build_transaction(card_set, options):
        result = make_deck(card_set, options, progress=progress)
        if result.deck is None:
            return result
        return add_exports(result, options, progress=progress)


def make_deck(
    card_set: CardSet, options: BuildOptions, *, progress: StageProgress | None = None
) -> BuildResult:
    """Write a loaded game's deck.pdf, its pages planned once.

    Cards whose names ``options.only`` lists are chosen first (an unknown name is a
    ``UsageError``). Nothing is written when the deck has an error (then ``deck`` is None).
    An output that cannot be written raises ``OutputError``.
    """
    if options.only:
        from cardkit.app.selection import select_cards

        card_set = select_cards(card_set, options.only)
    unparsed = drop_suppressed(card_set, unparsed_text(card_set))
    try:
        pages = plan_deck(card_set, options)
    except CardSizeError as exc:
        return BuildResult(
            card_set=card_set,
            diagnostics=(_size_problem(card_set, exc.size, exc.reason),),
            blamed=tuple(blamed_options(card_set, options)),
        )
    drawing = _stage(progress, DRAWING)
    written, found = _draw_deck(card_set, options, lambda: pages, drawing)
    found = sorted([*unparsed, *found], key=lambda diag: diag.sort_key)
    result = BuildResult(card_set=card_set, diagnostics=tuple(found), pages=len(pages))
    if count_errors(found)[0]:  # broken layouts or pictures: found before drawing
        return result
    return replace(result, deck=written[0])


def _stage(progress: StageProgress | None, stage: Stage) -> Callable[[int, int], None] | None:
    if progress is None:
        return None
    return lambda done, total: progress(stage, done, total)


def add_exports(
    result: BuildResult, options: BuildOptions, *, progress: StageProgress | None = None
) -> BuildResult:
    """``result`` (of ``make_deck``) with the exports ``options`` ask for written beside
    its deck: one card per page, PNGs, Tabletop Simulator."""
    card_set = result.card_set
    folder = output_folder(card_set, options)
    found: list[Diagnostic] = []
    if options.single:
        from cardkit.export.single import build_single

        single, drawn = build_single(
            card_set, folder, bleed=options.bleed, progress=_stage(progress, SINGLE)
        )
        found.extend(drawn)
        result = replace(result, single=tuple(single))
    if options.png:
        from cardkit.export.png import PNG_FOLDER, build_pngs

        report = build_pngs(
            card_set,
            folder,
            bleed=options.bleed,
            dpi=options.dpi,
            jobs=options.jobs,
            prune=not options.only,
            progress=_stage(progress, RASTERISING),
        )
        found.extend(report.diagnostics)
        result = replace(result, pngs=report, png_folder=folder / PNG_FOLDER)
    if options.tts or options.tts_url:
        from cardkit.export.tts import build_tts

        tts, drawn = build_tts(
            card_set, folder, base_url=options.tts_url, progress=_stage(progress, TABLETOP)
        )
        found.extend(drawn)
        result = replace(result, tts=tuple(tts))
    told = set(result.diagnostics)
    return replace(result, export_diagnostics=tuple(d for d in found if d not in told))


def _size_problem(card_set: CardSet, size: str, reason: str) -> Diagnostic:
    """CK050 at the declaration of the size, or at the first card type that uses it."""
    game = card_set.game
    if size in game.own_sizes:
        where = game.source.at(("sizes", size), key=True)
    else:
        used = [t for t, spec in game.card_types.items() if spec.size == size]
        where = game.source.at(("card_types", used[0], "size") if used else ())
    return error(
        "CK050",
        reason,
        Location(where.path, where.line, where.column),
        hint="use a smaller card size, a smaller --bleed or larger --paper",
    )


def blamed_options(card_set: CardSet, options: BuildOptions) -> list[str]:
    """The options (``paper``, ``bleed``, ``gutter``) given other values than the defaults
    that keep the cards from fitting, when the cards fit with the defaults: then those values
    are what is wrong, not the card sizes. Empty when the cards do not fit even so."""
    usual = BuildOptions()
    given = [n for n in ("paper", "bleed", "gutter") if getattr(options, n) != getattr(usual, n)]

    def fits(names: Sequence[str]) -> bool:
        try:
            plan_deck(card_set, replace(options, **{n: getattr(usual, n) for n in names}))
        except CardSizeError:
            return False
        return True

    if not given or not fits(given):
        return []  # the card sizes do not fit even as cardkit prints by default
    return [name for name in given if fits([name])] or list(given)
