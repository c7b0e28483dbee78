"""The `cardkit` command: the only package that prints or exits.

``COMMANDS`` is the command table: each command's name, its one-line help and the module that
holds it. A command module has ``add_arguments(parser)`` and
``run(args, out, err) -> exit status``, and is imported only when its command is run (or asked
for its ``--help``), so that ``cardkit --help`` loads none of them.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Callable, Sequence

from cardkit import __version__
from cardkit.errors import CardkitError, OutputError, UsageError

TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing for `cardkit --help`
if TYPE_CHECKING:
    from types import ModuleType
    from typing import Any

    from cardkit.cli.output import Screen


class Command:
    """One row of the command table: a name, its one-line help, and the module that holds
    ``add_arguments(parser)`` and ``run(args, out, err)``."""

    __slots__ = ("help", "module", "name")

    def __init__(self, name: str, help: str, module: str) -> None:
        self.name, self.help, self.module = name, help, module

    def __repr__(self) -> str:
        return f"Command({self.name!r}, {self.help!r}, {self.module!r})"

    def load(self) -> ModuleType:
        return importlib.import_module(self.module)


COMMANDS: tuple[Command, ...] = (
    Command("validate", "check a game's cards; every problem at once", "cardkit.cli.validate"),
    Command("explain", "print the effect tree of cards' rules text", "cardkit.cli.explain"),
    Command("schema", "write the JSON Schema of a game's card files", "cardkit.cli.schema"),
    Command("new", "start a new game folder with sample cards", "cardkit.cli.new"),
    Command("build", "make the print-and-play PDF of a game's cards", "cardkit.cli.build"),
    Command(
        "import",
        "turn a CSV/XLSX card spreadsheet into YAML cards",
        "cardkit.cli.spreadsheet_import",
    ),
    Command(
        "fmt",
        "rewrite cards' rules text in canonical wording (--check: only report)",
        "cardkit.cli.fmt",
    ),
    Command(
        "costs",
        "show the cost curve fitted on a game's cards, and the cards furthest from it",
        "cardkit.cli.costs",
    ),
    Command(
        "rulebook",
        "write a game's reference pages (contents, card list, icons, sheets)"
        " as PDF, HTML, Markdown",
        "cardkit.cli.rulebook",
    ),
    Command(
        "sim",
        "play seeded games between bots; win rates, per-card figures, what added cards change",
        "cardkit.cli.sim",
    ),
    Command(
        "serve",
        "show a game's cards, problems, sheets and rulebook in the browser, live as you edit",
        "cardkit.cli.serve",
    ),
)

Runner = Callable[[argparse.Namespace, "Screen", "Screen"], int]


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


def _chosen(words: Sequence[str]) -> Command | None:
    """The command the words run: their first word that is no option (``cardkit`` itself takes
    no option with a value), if it names one."""
    first = next((word for word in words if not word.startswith("-")), None)
    return next((command for command in COMMANDS if command.name == first), None)


def _parser(
    words: Sequence[str],
) -> tuple[argparse.ArgumentParser, dict[str, Runner], dict[str, _Parser]]:
    """The parser of ``cardkit``, every command listed with its help, and the arguments (and
    runner) of the one command the words choose, whose module alone is imported."""
    parser = _Parser(
        prog="cardkit",
        description="Card data, checks, print-and-play and "
        "reference pages for card-game designers.",
    )
    parser.add_argument("--version", action="version", version=f"cardkit {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    runners: dict[str, Runner] = {}
    parsers: dict[str, _Parser] = {}
    chosen = _chosen(words)
    for command in COMMANDS:
        parsers[command.name] = commands.add_parser(command.name, help=command.help)
        if command is chosen:
            module = command.load()
            module.add_arguments(parsers[command.name])
            runners[command.name] = module.run
    return parser, runners, parsers


def _tell(message: str) -> None:
    from cardkit.cli.output import make_console, say

    say(make_console(stderr=True), message)


def main(argv: Sequence[str] | None = None) -> int:
    """Run one cardkit command; returns its exit status, never raises."""
    place = "-o"  # the option that says where output goes
    try:
        words = list(sys.argv[1:] if argv is None else argv)
        parser, runners, parsers = _parser(words)
        args, extra = parser.parse_known_args(words)  # --help ends here, before rich loads
        place = "--into" if args.command == "new" else place
        if extra:  # told with the usage of the command they were given to
            before = words[: words.index(args.command)] if args.command in words else []
            told = parser if any(word in before for word in extra) else parsers[args.command]
            told.error(f"unrecognized arguments: {' '.join(extra)}")
        from cardkit.cli.output import make_console

        try:
            return runners[args.command](args, make_console(), make_console(stderr=True))
        except UsageError:  # a value the parser let through: told as the parser would
            parsers[args.command].print_usage(sys.stderr)
            raise
    except UsageError as exc:
        from cardkit.cli.output import EXIT_USAGE

        _tell(f"cardkit: error: {exc}")
        return EXIT_USAGE
    except OutputError as exc:
        from cardkit.cli.output import EXIT_ERRORS, make_console, print_diagnostics
        from cardkit.diagnostics import Location, error

        problem = error(
            "CK005",
            f"cannot write output: {exc.reason}",
            Location(exc.path),
            hint=f"choose another place with {place}, or make room there",
        )
        print_diagnostics(make_console(stderr=True), [problem], "text")
        return EXIT_ERRORS
    except CardkitError as exc:
        from cardkit.cli.output import EXIT_ERRORS

        _tell(f"cardkit: {exc}")
        return EXIT_ERRORS
    except KeyboardInterrupt:
        _tell("cardkit: interrupted")
        return 130
    except Exception as exc:  # the last guard against a traceback
        if os.environ.get("CARDKIT_DEBUG"):
            raise
        from cardkit.cli.output import EXIT_INTERNAL

        _tell(
            f"cardkit: internal error: {type(exc).__name__}: {exc}\n"
            "please report this with the input that caused it "
            "(set CARDKIT_DEBUG=1 to see the traceback)"
        )
        return EXIT_INTERNAL
