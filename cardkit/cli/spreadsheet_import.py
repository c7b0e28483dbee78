"""``cardkit import``: a CSV/XLSX card spreadsheet into YAML cards."""

from __future__ import annotations

import argparse
import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from cardkit.cli.output import EXIT_ERRORS, EXIT_OK, plural, print_diagnostics
from cardkit.diagnostics import Diagnostic, count_errors
from cardkit.errors import UsageError

if TYPE_CHECKING:
    from cardkit.cli.output import Screen


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("spreadsheet", help="a .csv or .xlsx file, one card per row")
    parser.add_argument(
        "--game", required=True, help="the game folder whose column mapping applies"
    )
    parser.add_argument(
        "-o", "--output", default="-", help="YAML file to write ('-': standard output)"
    )
    parser.add_argument(
        "--force", action="store_true", help="replace the -o file when it already exists"
    )
    parser.add_argument(
        "--keep-going",
        action="store_true",
        help="write the rows without errors even when other rows have some (exit status 1)",
    )


def _same_file(source: Path, output: Path) -> bool:
    """Whether ``output`` names the spreadsheet itself (another spelling, a link)."""
    if source.exists() and output.exists():
        return os.path.samefile(source, output)
    return source.resolve() == output.resolve()


def _check_output(args: argparse.Namespace) -> None:
    """A usage error for an -o that would harm the spreadsheet: --force does not allow it."""
    from cardkit.load.cards import YAML_SUFFIXES

    if args.output == "-":
        return
    if _same_file(Path(args.spreadsheet), Path(args.output)):
        raise UsageError(
            f"argument -o/--output: {args.output!r} is the spreadsheet being imported; "
            "writing there would replace it: give -o a new file ending in .yaml"
        )
    output = Path(args.output)
    if output.suffix.lower() not in YAML_SUFFIXES and not output.is_dir():  # CK005 says why
        raise UsageError(
            f"argument -o/--output: {args.output!r} does not end in .yaml or .yml: "
            "import writes YAML cards; give a file name such as 'cards.yaml' "
            "(or '-' for standard output)"
        )


def _refuse(err: Screen, found: Sequence[Diagnostic], skipped: int = 0) -> int:
    from rich.text import Text

    print_diagnostics(err, found, "text")
    errors, _ = count_errors(found)
    left_out = f" ({_skipped(skipped)})" if skipped else ""
    err.print(Text(f"{plural(errors, 'error')}; nothing written{left_out}"))
    return EXIT_ERRORS


def _skipped(rows: int) -> str:
    return f"skipped {plural(rows, 'row')} with errors"


def run(args: argparse.Namespace, out: Screen, err: Screen) -> int:
    from rich.text import Text

    from cardkit.app.importing import import_spreadsheet

    _check_output(args)
    to_stdout = args.output == "-"
    result = import_spreadsheet(
        args.spreadsheet,
        game=args.game,
        output=None if to_stdout else args.output,
        force=args.force,
        keep_going=args.keep_going,
    )
    if result.text is None:
        if not result.read:  # the spreadsheet or the game folder cannot be used
            print_diagnostics(err, result.diagnostics, "text")
            return EXIT_ERRORS
        return _refuse(err, result.diagnostics, result.skipped)
    print_diagnostics(err, result.diagnostics, "text")
    told = f"{plural(result.errors, 'error')}; " if result.errors else ""
    left_out = f", {_skipped(result.skipped)}" if result.skipped else ""
    status = EXIT_ERRORS if result.errors else EXIT_OK
    cards = plural(len(result.cards), "card")
    if to_stdout:
        out.file.write(result.text)
        if result.errors:
            err.print(Text(f"{told}wrote {cards}{left_out}"))
        return status
    written, found = result.write(args.output, force=args.force)
    if not written:
        return _refuse(err, found)
    err.print(Text(f"{told}wrote {args.output} ({cards}){left_out}"))
    print_diagnostics(err, found, "text")
    return status
