"""``cardkit rulebook``: the reference pages of a game as PDF, HTML and Markdown."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from cardkit.app.options import RULEBOOK_FORMATS
from cardkit.cli.output import EXIT_ERRORS, EXIT_OK, plural, print_diagnostics
from cardkit.diagnostics import count_errors

if TYPE_CHECKING:
    from cardkit.cli.output import Screen


def formats(text: str) -> tuple[str, ...]:
    """An argparse type: a comma-separated list of output formats."""
    chosen = tuple(dict.fromkeys(part.strip() for part in text.split(",") if part.strip()))
    unknown = [part for part in chosen if part not in RULEBOOK_FORMATS]
    if unknown or not chosen:
        raise argparse.ArgumentTypeError(
            f"unknown format {', '.join(map(repr, unknown)) or repr(text)}: "
            f"use one or more of {','.join(RULEBOOK_FORMATS)}"
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
        default=RULEBOOK_FORMATS,
        help="outputs to write, comma-separated (default: pdf,html,md)",
    )


def run(args: argparse.Namespace, out: Screen, err: Screen) -> int:
    from rich.text import Text

    from cardkit.app.game import open_game
    from cardkit.app.options import RulebookOptions
    from cardkit.app.rulebook import make_rulebook

    card_set, found = open_game(args.path, plays=False)
    book = None
    if card_set is not None and not count_errors(found)[0]:
        options = RulebookOptions(
            formats=args.format, output=Path(args.output) if args.output else None
        )
        book = make_rulebook(card_set, options, shown_root=args.path)
        found = [*found, *book.diagnostics]
    print_diagnostics(err, found, "text")
    errors, _ = count_errors(found)
    if book is None or errors or not book.files:
        err.print(Text(f"{plural(errors, 'error')}; nothing written"))
        return EXIT_ERRORS
    for path in book.write():
        err.print(Text(f"wrote {path}"), soft_wrap=True)
    return EXIT_OK
