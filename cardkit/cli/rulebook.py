"""``cardkit rulebook``: the reference pages of a game as PDF, HTML and Markdown."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from cardkit.cli.output import EXIT_ERRORS, EXIT_OK, plural, print_diagnostics
from cardkit.diagnostics import count_errors

if TYPE_CHECKING:
    from rich.console import Console

NAME = "rulebook"
HELP = "write a game's reference pages (contents, card list, icons, sheets) as PDF, HTML, Markdown"
FORMATS = ("pdf", "html", "md")


def formats(text: str) -> tuple[str, ...]:
    """An argparse type: a comma-separated list of output formats."""
    chosen = tuple(dict.fromkeys(part.strip() for part in text.split(",") if part.strip()))
    unknown = [part for part in chosen if part not in FORMATS]
    if unknown or not chosen:
        raise argparse.ArgumentTypeError(
            f"unknown format {', '.join(map(repr, unknown)) or repr(text)}: "
            f"use one or more of {','.join(FORMATS)}"
        )
    return chosen


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", help="a game folder (the folder holding game.yaml)")
    parser.add_argument(
        "-o", "--output", help="folder to write the reference pages in (default: output/<game>)"
    )
    parser.add_argument(
        "--format",
        type=formats,
        default=FORMATS,
        help="outputs to write, comma-separated (default: pdf,html,md)",
    )


def run(args: argparse.Namespace, out: Console, err: Console) -> int:
    from rich.text import Text

    from cardkit.app.rulebook import (
        RulebookOptions,
        make_reference,
        output_folder,
        render_outputs,
        write_outputs,
    )
    from cardkit.load.cards import load_card_set

    card_set, found = load_card_set(Path(args.path), args.path)
    reference = None
    if card_set is not None and not count_errors(found)[0]:
        reference, more = make_reference(card_set)
        found = [*found, *more]
    files: dict[str, bytes | str] = {}
    if card_set is not None and reference is not None:
        options = RulebookOptions(
            formats=args.format, output=Path(args.output) if args.output else None
        )
        files, more = render_outputs(reference, options, card_set.game, args.path)
        found = [*found, *more]
    print_diagnostics(err, found, "text")
    errors, _ = count_errors(found)
    if card_set is None or errors or not files:
        err.print(Text(f"{plural(errors, 'error')}; nothing written"))
        return EXIT_ERRORS
    for path in write_outputs(output_folder(card_set, options), files):
        err.print(Text(f"wrote {path}"), soft_wrap=True)
    return EXIT_OK
