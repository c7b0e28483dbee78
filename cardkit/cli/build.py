"""``cardkit build``: the print-and-play PDF of a game's cards."""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cardkit.cli.exports import add_export_arguments, run_exports
from cardkit.cli.output import EXIT_ERRORS, EXIT_OK, length, plural, print_diagnostics
from cardkit.diagnostics import Diagnostic, Location, count_errors, error
from cardkit.errors import LengthError, UsageError

if TYPE_CHECKING:
    from rich.console import Console

    from cardkit.app.build import BuildOptions
    from cardkit.model import CardSet

NAME = "build"
MAX_PRINTED_CARDS = 10_000  # about 1,100 sheets of poker cards: far past any print-and-play
HELP = "make the print-and-play PDF of a game's cards"


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


def _unparsed_text(card_set: CardSet) -> list[Diagnostic]:
    """Warnings for rules text that does not parse (printed as written), as validate tells
    them; a card's suppress list is obeyed."""
    from cardkit.rules.check import unparsed_text
    from cardkit.rules.suppress import drop_suppressed

    return drop_suppressed(card_set, unparsed_text(card_set))


def _blame_the_command_line(card_set: CardSet, options: BuildOptions, reason: str) -> None:
    """A usage error naming the options given when the cards fit with their defaults:
    then the paper, bleed or gutter asked for is what is wrong, not the card sizes."""
    from cardkit.app.build import BuildOptions, CardSizeError, plan_deck

    usual = BuildOptions()
    given = {
        option: {field: getattr(usual, field)}
        for option, field in (("--paper", "paper"), ("--bleed", "bleed"), ("--gutter", "gutter"))
        if getattr(options, field) != getattr(usual, field)
    }

    def fits(changes: dict[str, Any]) -> bool:
        try:
            plan_deck(card_set, replace(options, **changes))
        except CardSizeError:
            return False
        return True

    if not given or not fits({k: v for change in given.values() for k, v in change.items()}):
        return  # the card sizes do not fit even as cardkit prints by default
    names = [option for option, change in given.items() if fits(change)] or list(given)
    told = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    raise UsageError(f"argument{'s' * (len(names) > 1)} {told}: {reason}")


def run(args: argparse.Namespace, out: Console, err: Console) -> int:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
    from rich.text import Text

    from cardkit.app.build import (
        BuildOptions,
        CardSizeError,
        build_deck,
        output_folder,
        plan_deck,
    )
    from cardkit.load.cards import load_card_set
    from cardkit.render.impose import Duplex

    card_set, found = load_card_set(Path(args.path), args.path, max_copies=MAX_PRINTED_CARDS)
    print_diagnostics(err, found, "text")
    errors, _ = count_errors(found)
    if card_set is None or errors:
        err.print(Text(f"{plural(errors, 'error')}; nothing built"))
        return EXIT_ERRORS
    if args.only:
        from cardkit.app.selection import select_cards

        card_set = select_cards(card_set, args.only)
    unparsed = _unparsed_text(card_set)
    options = BuildOptions(
        paper=args.paper,
        bleed=args.bleed,
        gutter=args.gutter,
        back_offset=args.back_offset,
        duplex=Duplex(args.duplex),
        output=Path(args.output) if args.output else None,
    )
    try:
        pages = plan_deck(card_set, options)
    except CardSizeError as exc:
        _blame_the_command_line(card_set, options, exc.reason)
        print_diagnostics(err, [_size_problem(card_set, exc.size, exc.reason)], "text")
        err.print(Text("1 error; nothing built"))
        return EXIT_ERRORS
    if err.is_terminal:
        with Progress(
            TextColumn("drawing"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("pages"),
            console=err,
            transient=True,
        ) as bar:
            task = bar.add_task("pages", total=len(pages))
            written, found = build_deck(
                card_set, options, progress=lambda done, _: bar.update(task, completed=done)
            )
    else:
        written, found = build_deck(card_set, options)
    found = sorted([*unparsed, *found], key=lambda diag: diag.sort_key)
    print_diagnostics(err, found, "text")
    errors, _ = count_errors(found)
    if errors:  # broken layouts or pictures: found before drawing, nothing written
        err.print(Text(f"{plural(errors, 'error')}; nothing built"))
        return EXIT_ERRORS
    for path in written:
        summary = f"wrote {path} ({card_set.total_copies} cards, {len(pages)} pages)"
        err.print(Text(summary), soft_wrap=True)
    exported = run_exports(args, card_set, output_folder(card_set, options), args.bleed, err)
    print_diagnostics(err, [d for d in exported if d not in set(found)], "text")
    return EXIT_OK
