"""The `cardkit` command: the only module that prints or exits."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
from rich.text import Text

from cardkit import __version__
from cardkit.atomic import write_atomic
from cardkit.cardload import load_card_set
from cardkit.diagnostics import Diagnostic, Severity, count_errors
from cardkit.errors import CardkitError, LengthError, UsageError

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

    explain = commands.add_parser("explain", help="print the effect tree of cards' rules text")
    explain.add_argument("path", help="a game folder")
    explain.add_argument("card", nargs="?", help="a card's id or name (default: every card)")

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

    build = commands.add_parser("build", help="make the print-and-play PDF of a game's cards")
    build.add_argument("path", help="a game folder, e.g. cards/star-realms")
    build.add_argument(
        "--paper", choices=("a4", "letter", "a3"), default="a4", help="paper size (default: a4)"
    )
    build.add_argument(
        "--bleed",
        type=_length,
        default="3mm",
        help="colour beyond each cut line, in mm, cm, in or pt (default: 3mm)",
    )
    build.add_argument(
        "--duplex",
        choices=("long", "short", "none"),
        default="long",
        help="how your printer turns the paper: backs mirrored to match; "
        "'none' for fronts only (default: long)",
    )
    build.add_argument(
        "-o", "--output", help="folder to write deck.pdf in (default: output/<game>)"
    )

    imp = commands.add_parser("import", help="turn a CSV/XLSX card spreadsheet into YAML cards")
    imp.add_argument("spreadsheet", help="a .csv or .xlsx file, one card per row")
    imp.add_argument("--game", required=True, help="the game folder whose column mapping applies")
    imp.add_argument(
        "-o", "--output", default="-", help="YAML file to write ('-': standard output)"
    )
    return parser


def _length(text: str) -> float:
    from cardkit.render.units import parse_length

    try:
        return parse_length(text)
    except LengthError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


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
    from cardkit.rules.check import check_card_text

    card_set, found = load_card_set(Path(args.path), args.path)
    if card_set is not None:
        found = sorted([*found, *check_card_text(card_set)], key=lambda d: d.sort_key)
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


def _build(args: argparse.Namespace, out: Console, err: Console) -> int:
    from cardkit.render.build import BuildOptions, build_deck, plan_deck
    from cardkit.render.impose import Duplex

    card_set, found = load_card_set(Path(args.path), args.path)
    _print_diagnostics(err, found, "text")
    errors, _ = count_errors(found)
    if card_set is None or errors:
        err.print(Text(f"{errors} error{'s' * (errors != 1)}; nothing built"))
        return EXIT_ERRORS
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
    _print_diagnostics(err, found, "text")
    for path in written:
        summary = f"wrote {path} ({card_set.total_copies} cards, {len(pages)} pages)"
        err.print(Text(summary), soft_wrap=True)
    return EXIT_OK


def _new(args: argparse.Namespace, out: Console, err: Console) -> int:
    from cardkit.scaffold import new_game

    folder = new_game(args.name, Path(args.into))
    out.print(
        Text(f"created {folder}/ with game.yaml and sample cards; next: cardkit validate {folder}"),
        soft_wrap=True,
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


def _explain(args: argparse.Namespace, out: Console, err: Console) -> int:
    from cardkit.rules.explain import explain

    card_set, found = load_card_set(Path(args.path), args.path)
    if card_set is None:
        _print_diagnostics(err, found, "text")
        return EXIT_ERRORS
    cards = [c for c in card_set.cards if args.card in (None, c.id, c.name)]
    if not cards:
        raise UsageError(f"no card {args.card!r} in {args.path}")
    for card in cards:
        out.print(Text(explain(card, card_set.game)), soft_wrap=True)
    return EXIT_OK


_COMMANDS = {
    "validate": _validate,
    "explain": _explain,
    "schema": _schema,
    "build": _build,
    "new": _new,
    "import": _import,
}


def main(argv: Sequence[str] | None = None) -> int:
    out = Console(highlight=False, soft_wrap=True)
    err = Console(stderr=True, highlight=False, soft_wrap=True)
    try:
        args = _parser().parse_args(argv)
        return _COMMANDS[args.command](args, out, err)
    except UsageError as exc:
        err.print(Text(f"cardkit: error: {exc}"), soft_wrap=True)
        return EXIT_USAGE
    except CardkitError as exc:
        err.print(Text(f"cardkit: {exc}"), soft_wrap=True)
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
