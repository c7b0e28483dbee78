"""``cardkit import``: a CSV/XLSX card spreadsheet into YAML cards."""

from __future__ import annotations

import argparse
from pathlib import Path

from rich.console import Console
from rich.text import Text

from cardkit.atomic import write_atomic
from cardkit.cli.output import EXIT_ERRORS, EXIT_OK, plural, print_diagnostics
from cardkit.diagnostics import Location, count_errors, error

NAME = "import"
HELP = "turn a CSV/XLSX card spreadsheet into YAML cards"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("spreadsheet", help="a .csv or .xlsx file, one card per row")
    parser.add_argument(
        "--game", required=True, help="the game folder whose column mapping applies"
    )
    parser.add_argument(
        "-o", "--output", default="-", help="YAML file to write ('-': standard output)"
    )


def run(args: argparse.Namespace, out: Console, err: Console) -> int:
    from cardkit.gameload import load_game
    from cardkit.importer import import_spreadsheet

    source = Path(args.spreadsheet)
    found = []
    if not source.is_file():
        what = "a folder, not a spreadsheet" if source.is_dir() else "no such spreadsheet"
        found.append(
            error(
                "CK001",
                f"{what}: {args.spreadsheet!r}",
                Location(args.spreadsheet),
                hint="give a .csv or .xlsx file, one card per row",
            )
        )
    game, problems = load_game(Path(args.game), args.game)
    if game is None:
        found.extend(problems)
    if game is None or found:
        print_diagnostics(err, found, "text")
        return EXIT_ERRORS
    text, found = import_spreadsheet(source, args.spreadsheet, game)
    print_diagnostics(err, found, "text")
    if text is None:
        errors, _ = count_errors(found)
        err.print(Text(f"{plural(errors, 'error')}; nothing written"))
        return EXIT_ERRORS
    if args.output == "-":
        out.file.write(text)
    else:
        write_atomic(Path(args.output), text)
        err.print(Text(f"wrote {args.output}"))
    return EXIT_OK
