"""``cardkit build``: the print-and-play PDF of a game's cards."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from cardkit.cli.exports import add_export_arguments
from cardkit.cli.output import (
    EXIT_ERRORS,
    EXIT_OK,
    Step,
    length,
    plural,
    print_diagnostics,
    progress_bars,
    say,
)
from cardkit.diagnostics import count_errors
from cardkit.errors import LengthError, UsageError

if TYPE_CHECKING:
    from cardkit.app.build import BuildResult, StageProgress
    from cardkit.app.options import BuildOptions
    from cardkit.cli.output import Screen
    from cardkit.model import CardSet


def offset(text: str) -> tuple[float, float]:
    """An argparse type: 'X,Y' lengths with an optional sign ('0.5mm,-0.2mm'; '0' is zero)."""
    from cardkit.render.units import parse_length

    form = "write X,Y such as 0.5mm,0 or -1mm,0.5mm"
    parts = text.split(",")
    if len(parts) != 2:
        raise argparse.ArgumentTypeError(f"invalid offset {text!r}: {form}")
    values = []
    for written in parts:
        part = written.strip()
        sign = -1.0 if part.startswith("-") else 1.0
        part = part[1:] if part.startswith(("+", "-")) else part
        try:
            values.append(0.0 if part == "0" else sign * parse_length(part))
        except LengthError:
            raise argparse.ArgumentTypeError(
                f"invalid offset {text!r}: {written.strip()!r} is not a length; {form}"
            ) from None
    return values[0], values[1]


def paper(text: str) -> str:
    """An argparse type: a paper name or WIDTHxHEIGHT in any case (``A4``, ``Letter``,
    ``300MMx200mm``), checked before any card is read; returned in lowercase."""
    from cardkit.app.build import paper_size
    from cardkit.errors import LayoutError

    name = text.strip().lower()
    try:
        size = paper_size(name)
    except LayoutError:
        try:
            paper_size(text)  # as written, for its message
        except LayoutError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        raise  # pragma: no cover - cannot happen: paper names and units are lowercase
    if size.width <= 0 or size.height <= 0:
        raise argparse.ArgumentTypeError(
            f"paper {text!r} has no area: give a width and a height above 0, e.g. '300mmx200mm'"
        )
    return name


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", help="a game folder (the folder holding game.yaml)")
    parser.add_argument(
        "--paper",
        type=paper,
        default="a4",
        help="a4, letter, a3 (in any case), or WIDTHxHEIGHT such as 300mmx200mm (default: a4)",
    )
    parser.add_argument(
        "--bleed",
        type=length,
        default="3mm",
        help="colour beyond each cut line, in mm, cm, in or pt (default: 3mm)",
    )
    parser.add_argument(
        "--gutter",
        type=length,
        default="0mm",
        help="space between neighbouring cards, e.g. 2mm (default: 0mm, cards edge to edge)",
    )
    parser.add_argument(
        "--back-offset",
        type=offset,
        default="0mm,0mm",
        metavar="X,Y",
        help="move the backs right and up to correct a printer's shift, e.g. 0.5mm,-0.2mm",
    )
    parser.add_argument(
        "--duplex",
        choices=("long", "short", "none"),
        default="long",
        help="how your printer turns the paper: backs mirrored to match; "
        "'none' for fronts only (default: long)",
    )
    parser.add_argument(
        "-o", "--output", help="folder to write deck.pdf in (default: output/<game>)"
    )
    parser.add_argument(
        "--only",
        action="append",
        metavar="CARD",
        help="build only this card (id or name); repeat for more cards",
    )
    add_export_arguments(parser)


def _every_core(png: bool) -> int:
    """The default of --jobs: every core for PNGs (nothing else uses more than one)."""
    if not png:
        return 1
    from cardkit.sim.runner import default_jobs

    return default_jobs()


def run(args: argparse.Namespace, out: Screen, err: Screen) -> int:
    from cardkit.app.build import MAX_PRINTED_CARDS, build_transaction
    from cardkit.app.game import open_game
    from cardkit.app.options import BuildOptions
    from cardkit.render.impose import Duplex

    card_set, found = open_game(args.path, max_copies=MAX_PRINTED_CARDS, plays=False)
    print_diagnostics(err, found, "text")
    errors, _ = count_errors(found)
    if card_set is None or errors:
        say(err, f"{plural(errors, 'error')}; nothing built")
        return EXIT_ERRORS
    options = BuildOptions(
        paper=args.paper,
        bleed=args.bleed,
        gutter=args.gutter,
        back_offset=args.back_offset,
        duplex=Duplex(args.duplex),
        output=Path(args.output) if args.output else None,
        only=tuple(args.only or ()),
        single=args.single,
        png=args.png,
        dpi=args.dpi,
        jobs=args.jobs or _every_core(args.png),
        tts=args.tts,
        tts_url=args.tts_url,
    )
    with build_transaction(card_set, options):  # every file is swapped in at its end
        result = _build(card_set, options, err)
    if isinstance(result, int):
        return result
    say(err, _summary(result))
    for line in _exported(result):
        say(err, line)
    print_diagnostics(err, result.export_diagnostics, "text")
    return EXIT_OK


def _build(card_set: CardSet, options: BuildOptions, err: Screen) -> BuildResult | int:
    """The deck and its exports, staged; the exit status when the deck has an error."""
    from cardkit.app.build import add_exports, make_deck

    with progress_bars(err) as step:
        result = make_deck(card_set, options, progress=_stages(step))
    if result.blamed:  # the paper, bleed or gutter asked for is what is wrong
        names = [f"--{name}" for name in result.blamed]
        told = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        reason = result.diagnostics[0].message
        raise UsageError(f"argument{'s' * (len(names) > 1)} {told}: {reason}")
    print_diagnostics(err, result.diagnostics, "text")
    errors, _ = count_errors(result.diagnostics)
    if errors:  # broken layouts or pictures, or a card size that does not fit: nothing written
        say(err, f"{plural(errors, 'error')}; nothing built")
        return EXIT_ERRORS
    with progress_bars(err) as step:
        return add_exports(result, options, progress=_stages(step))


def _summary(result: BuildResult) -> str:
    return f"wrote {result.deck} ({result.card_set.total_copies} cards, {result.pages} pages)"


def _stages(step: Step | None) -> StageProgress | None:
    """The build's progress, shown as a bar per stage (None: no terminal to show it on)."""
    if step is None:
        return None
    return lambda stage, done, total: step(stage.label, stage.unit, done, total)


def _exported(result: BuildResult) -> list[str]:
    """A line for each export the build wrote, with what it holds."""
    lines = [f"wrote {path} (one card per page)" for path in result.single]
    if result.pngs is not None:
        report = result.pngs
        counts = [
            f"{plural(len(report.written), 'image')} drawn",
            f"{len(report.unchanged)} unchanged",
        ]
        if report.removed:
            counts.append(f"{len(report.removed)} removed (cards no longer in the game)")
        lines.append(f"wrote {result.png_folder} ({', '.join(counts)})")
    if result.tts:
        sheets = [p for p in result.tts if p.suffix == ".png" and not p.name.startswith("back-")]
        lines.append(
            f"wrote {result.tts[-1]} (Tabletop Simulator, {plural(len(sheets), 'deck sheet')})"
        )
    return lines
