"""``cardkit import``: a CSV/XLSX card spreadsheet into YAML cards."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import TYPE_CHECKING

from cardkit.cli.output import EXIT_ERRORS, EXIT_OK, plural, print_diagnostics
from cardkit.diagnostics import Diagnostic, Location, count_errors, error, warning
from cardkit.errors import OutputExistsError, UsageError

if TYPE_CHECKING:
    from rich.console import Console

    from cardkit.model import Game

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


def _in_the_way(args: argparse.Namespace) -> list[Diagnostic]:
    """CK007 when -o names a file that is there already and --force was not given."""
    output = Path(args.output)
    if args.output == "-" or args.force or output.is_dir():  # a folder: CK005 says why
        return []
    if not (output.exists() or output.is_symlink()):
        return []
    return [_exists(args.output)]


def _exists(shown: str) -> Diagnostic:
    return error(
        "CK007",
        f"output file {shown!r} already exists",
        Location(shown),
        hint="give --force to replace it, or choose another file with -o",
    )


def _twice(args: argparse.Namespace, game: Game) -> list[Diagnostic]:
    """CK044 when the game reads both the spreadsheet and the YAML written from it as cards."""
    from cardkit.load.cards import game_card_files

    files, _ = game_card_files(Path(args.game), game)
    read = {path.resolve() for path in files}
    if not {Path(args.spreadsheet).resolve(), Path(args.output).resolve()} <= read:
        return []
    return [
        warning(
            "CK044",
            f"the cards of {args.spreadsheet!r} are now in the game twice: game folder "
            f"{args.game!r} reads the spreadsheet as cards, and {args.output!r} as well",
            Location(args.spreadsheet),
            hint="move the spreadsheet out of the game folder (then only import reads it), "
            "or delete one of the two copies",
        )
    ]


def _refuse(err: Console, found: list[Diagnostic], skipped: int = 0) -> int:
    from rich.text import Text

    print_diagnostics(err, found, "text")
    errors, _ = count_errors(found)
    left_out = f" ({_skipped(skipped)})" if skipped else ""
    err.print(Text(f"{plural(errors, 'error')}; nothing written{left_out}"))
    return EXIT_ERRORS


def _skipped(rows: int) -> str:
    return f"skipped {plural(rows, 'row')} with errors"


def run(args: argparse.Namespace, out: Console, err: Console) -> int:
    from rich.text import Text

    from cardkit.app.importing import cards_yaml, import_cards
    from cardkit.atomic import write_atomic
    from cardkit.load.game import load_game

    _check_output(args)
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
        print_diagnostics(err, [*_in_the_way(args), *found], "text")
        return EXIT_ERRORS
    imported = import_cards(source, args.spreadsheet, game)
    found = list(imported.found)
    in_the_way = _in_the_way(args)
    kept = args.keep_going and bool(imported.cards)
    if (imported.errors and not kept) or in_the_way:
        skipped = imported.skipped if args.keep_going and not in_the_way else 0
        return _refuse(err, [*in_the_way, *found], skipped)
    print_diagnostics(err, found, "text")
    text = cards_yaml(imported.cards, game, source.name)
    errors, _ = count_errors(found)
    told = f"{plural(errors, 'error')}; " if errors else ""
    left_out = f", {_skipped(imported.skipped)}" if imported.skipped else ""
    status = EXIT_ERRORS if errors else EXIT_OK
    if args.output == "-":
        out.file.write(text)
        if errors:
            err.print(Text(f"{told}wrote {plural(len(imported.cards), 'card')}{left_out}"))
        return status
    try:
        write_atomic(Path(args.output), text, overwrite=args.force)
    except OutputExistsError:  # made since it was looked for
        return _refuse(err, [_exists(args.output)])
    written = plural(len(imported.cards), "card")
    err.print(Text(f"{told}wrote {args.output} ({written}){left_out}"))
    print_diagnostics(err, _twice(args, game), "text")
    return status
