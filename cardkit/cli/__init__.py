"""The `cardkit` command: the only package that prints or exits.

Each command is a module with ``NAME``, ``HELP``, ``add_arguments(parser)`` and
``run(args, out, err) -> exit status``, listed in ``COMMANDS``.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any

from cardkit import __version__
from cardkit.cli import (
    build,
    costs,
    explain,
    fmt,
    new,
    rulebook,
    schema,
    serve,
    sim,
    spreadsheet_import,
    validate,
)
from cardkit.cli.output import (
    EXIT_ERRORS,
    EXIT_INTERNAL,
    EXIT_USAGE,
    make_console,
    print_diagnostics,
)
from cardkit.diagnostics import Location, error
from cardkit.errors import CardkitError, OutputError, UsageError

if TYPE_CHECKING:
    from rich.console import Console

COMMANDS: tuple[ModuleType, ...] = (
    validate,
    explain,
    schema,
    new,
    build,
    spreadsheet_import,
    fmt,
    costs,
    rulebook,
    sim,
    serve,
)

Runner = Callable[[argparse.Namespace, "Console", "Console"], int]


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # A word that starts with '-' and a digit is a value, not an option: '--bleed -1mm',
        # '--back-offset -1mm,0.5mm', '--games -5'. argparse's own test ('-1', '-.5') takes
        # only bare numbers, and says such a value is a missing argument.
        self._negative_number_matcher = re.compile(r"^-\.?\d")

    def error(self, message: str) -> None:  # type: ignore[override]
        self.print_usage(sys.stderr)
        raise UsageError(message)


def _parser() -> tuple[argparse.ArgumentParser, dict[str, Runner], dict[str, _Parser]]:
    parser = _Parser(
        prog="cardkit",
        description="Card data, checks, print-and-play and "
        "reference pages for card-game designers.",
    )
    parser.add_argument("--version", action="version", version=f"cardkit {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    runners: dict[str, Runner] = {}
    parsers: dict[str, _Parser] = {}
    for command in COMMANDS:
        parsers[command.NAME] = commands.add_parser(command.NAME, help=command.HELP)
        command.add_arguments(parsers[command.NAME])
        runners[command.NAME] = command.run
    return parser, runners, parsers


def _tell(message: str) -> None:
    from rich.text import Text

    make_console(stderr=True).print(Text(message), soft_wrap=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one cardkit command; returns its exit status, never raises."""
    place = "-o"  # the option that says where output goes
    try:
        parser, runners, parsers = _parser()
        words = list(sys.argv[1:] if argv is None else argv)
        args, extra = parser.parse_known_args(words)  # --help ends here, before rich loads
        place = "--into" if args.command == "new" else place
        if extra:  # told with the usage of the command they were given to
            before = words[: words.index(args.command)] if args.command in words else []
            told = parser if any(word in before for word in extra) else parsers[args.command]
            told.error(f"unrecognized arguments: {' '.join(extra)}")
        try:
            return runners[args.command](args, make_console(), make_console(stderr=True))
        except UsageError:  # a value the parser let through: told as the parser would
            parsers[args.command].print_usage(sys.stderr)
            raise
    except UsageError as exc:
        _tell(f"cardkit: error: {exc}")
        return EXIT_USAGE
    except OutputError as exc:
        problem = error(
            "CK005",
            f"cannot write output: {exc.reason}",
            Location(exc.path),
            hint=f"choose another place with {place}, or make room there",
        )
        print_diagnostics(make_console(stderr=True), [problem], "text")
        return EXIT_ERRORS
    except CardkitError as exc:
        _tell(f"cardkit: {exc}")
        return EXIT_ERRORS
    except KeyboardInterrupt:
        _tell("cardkit: interrupted")
        return 130
    except Exception as exc:  # the last guard against a traceback
        if os.environ.get("CARDKIT_DEBUG"):
            raise
        _tell(
            f"cardkit: internal error: {type(exc).__name__}: {exc}\n"
            "please report this with the input that caused it "
            "(set CARDKIT_DEBUG=1 to see the traceback)"
        )
        return EXIT_INTERNAL
