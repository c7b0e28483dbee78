"""``cardkit build``: the print-and-play PDF of a game's cards."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.text import Text

from cardkit.cardload import load_card_set
from cardkit.cli.exports import add_export_arguments, run_exports
from cardkit.cli.output import EXIT_ERRORS, EXIT_OK, length, plural, print_diagnostics
from cardkit.diagnostics import count_errors

NAME = "build"
HELP = "make the print-and-play PDF of a game's cards"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", help="a game folder, e.g. cards/star-realms")
    parser.add_argument(
        "--paper", choices=("a4", "letter", "a3"), default="a4", help="paper size (default: a4)"
    )
    parser.add_argument(
        "--bleed",
        type=length,
        default="3mm",
        help="colour beyond each cut line, in mm, cm, in or pt (default: 3mm)",
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


def run(args: argparse.Namespace, out: Console, err: Console) -> int:
    from cardkit.render.build import BuildOptions, build_deck, output_folder, plan_deck
    from cardkit.render.impose import Duplex

    card_set, found = load_card_set(Path(args.path), args.path)
    print_diagnostics(err, found, "text")
    errors, _ = count_errors(found)
    if card_set is None or errors:
        err.print(Text(f"{plural(errors, 'error')}; nothing built"))
        return EXIT_ERRORS
    if args.only:
        from cardkit.render.selection import select_cards

        card_set = select_cards(card_set, args.only)
    options = BuildOptions(
        paper=args.paper,
        bleed=args.bleed,
        duplex=Duplex(args.duplex),
        output=Path(args.output) if args.output else None,
    )
    pages = plan_deck(card_set, options)
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
    print_diagnostics(err, found, "text")
    for path in written:
        summary = f"wrote {path} ({card_set.total_copies} cards, {len(pages)} pages)"
        err.print(Text(summary), soft_wrap=True)
    exported = run_exports(args, card_set, output_folder(card_set, options), args.bleed, err)
    print_diagnostics(err, [d for d in exported if d not in set(found)], "text")
    return EXIT_OK
