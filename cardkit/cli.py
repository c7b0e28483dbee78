"""The `cardkit` command: the only module that prints or exits."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.text import Text

from cardkit import __version__
from cardkit.atomic import write_atomic
from cardkit.cardload import load_card_set
from cardkit.diagnostics import Diagnostic, Severity, count_errors
from cardkit.errors import CardkitError, UsageError

EXIT_OK, EXIT_ERRORS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow"}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="cardkit",
        description="Card data, checks, print-and-play and "
        "reference pages for card-game designers.",
    )
    parser.add_argument("--version", action="version", version=f"cardkit {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    validate = commands.add_parser("validate", help="check a game's cards; every problem at once")
    validate.add_argument("path", help="a game folder, e.g. cards/star-realms")
    validate.add_argument("--format", choices=("text", "json"), default="text")

    schema = commands.add_parser("schema", help="write the JSON Schema of a game's card files")
    schema.add_argument("path", help="a game folder")
    schema.add_argument(
        "-o",
        "--output",
        help="file to write (default: output/<game>/cards.schema.json); '-' for standard output",
    )

    new = commands.add_parser("new", help="start a new game folder with sample cards")
    new.add_argument("name", help="the game's name, e.g. 'Moon Tactics'")
    new.add_argument("--into", default="cards", help="parent folder (default: cards)")

    imp = commands.add_parser("import", help="turn a CSV/XLSX card spreadsheet into YAML cards")
    imp.add_argument("spreadsheet", help="a .csv or .xlsx file, one card per row")
    imp.add_argument("--game", required=True, help="the game folder whose column mapping applies")
    imp.add_argument(
        "-o", "--output", default="-", help="YAML file to write ('-': standard output)"
    )
    return parser


def _print_diagnostics(console: Console, diagnostics: Sequence[Diagnostic], fmt: str) -> None:
    if fmt == "json":
        console.file.write(json.dumps([d.as_json() for d in diagnostics], indent=2) + "\n")
        return
    for diag in diagnostics:
        line = Text(f"{diag.location}: ")
        line.append(f"{diag.severity.value}[{diag.code}]", style=_STYLE[diag.severity])
        line.append(f" {diag.message}")
        console.print(line, soft_wrap=True)
        if diag.hint:
            console.print(Text(f"    hint: {diag.hint}", style="dim"), soft_wrap=True)


def _validate(args: argparse.Namespace, out: Console, err: Console) -> int:
    card_set, found = load_card_set(Path(args.path), args.path)
    _print_diagnostics(out, found, args.format)
    errors, warnings = count_errors(found)
    if args.format == "text":
        copies = card_set.copies_read if card_set else 0
        err.print(
            Text(
                f"{errors} error{'s' * (errors != 1)}, {warnings} "
                f"warning{'s' * (warnings != 1)} in {copies} cards"
            )
        )
    return EXIT_ERRORS if errors else EXIT_OK


def _schema(args: argparse.Namespace, out: Console, err: Console) -> int:
    from cardkit.schema import card_file_schema

    card_set, found = load_card_set(Path(args.path), args.path)
    if card_set is None:
        _print_diagnostics(err, found, "text")
        return EXIT_ERRORS
    text = json.dumps(card_file_schema(card_set.game), indent=2) + "\n"
    if args.output == "-":
        out.file.write(text)
        return EXIT_OK
    target = Path(args.output or Path("output") / card_set.game.id / "cards.schema.json")
    write_atomic(target, text)
    err.print(Text(f"wrote {target}"))
    return EXIT_OK


def _new(args: argparse.Namespace, out: Console, err: Console) -> int:
    from cardkit.scaffold import new_game

    folder = new_game(args.name, Path(args.into))
    out.print(
        Text(f"created {folder}/ with game.yaml and sample cards; next: cardkit validate {folder}")
    )
    return EXIT_OK


def _import(args: argparse.Namespace, out: Console, err: Console) -> int:
    from cardkit.gameload import load_game
    from cardkit.importer import import_spreadsheet

    game, found = load_game(Path(args.game), args.game)
    if game is None:
        _print_diagnostics(err, found, "text")
        return EXIT_ERRORS
    source = Path(args.spreadsheet)
    if not source.is_file():
        raise UsageError(f"no such spreadsheet: {args.spreadsheet!r}")
    text, found = import_spreadsheet(source, args.spreadsheet, game)
    _print_diagnostics(err, found, "text")
    if text is None:
        errors, _ = count_errors(found)
        err.print(Text(f"{errors} error{'s' * (errors != 1)}; nothing written"))
        return EXIT_ERRORS
    if args.output == "-":
        out.file.write(text)
    else:
        write_atomic(Path(args.output), text)
        err.print(Text(f"wrote {args.output}"))
    return EXIT_OK


_COMMANDS = {"validate": _validate, "schema": _schema, "new": _new, "import": _import}


def main(argv: Sequence[str] | None = None) -> int:
    out = Console(highlight=False)
    err = Console(stderr=True, highlight=False)
    try:
        args = _parser().parse_args(argv)
        return _COMMANDS[args.command](args, out, err)
    except UsageError as exc:
        err.print(Text(f"cardkit: error: {exc}"))
        return EXIT_USAGE
    except CardkitError as exc:
        err.print(Text(f"cardkit: {exc}"))
        return EXIT_ERRORS
    except KeyboardInterrupt:
        err.print(Text("cardkit: interrupted"))
        return 130
    except Exception as exc:  # the last guard against a traceback
        if os.environ.get("CARDKIT_DEBUG"):
            raise
        err.print(
            Text(
                f"cardkit: internal error: {type(exc).__name__}: {exc}\n"
                "please report this with the input that caused it "
                "(set CARDKIT_DEBUG=1 to see the traceback)"
            )
        )
        return EXIT_INTERNAL
