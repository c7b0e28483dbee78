"""``cardkit validate``: every problem of a game's cards in one run."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from cardkit.cli.output import EXIT_ERRORS, EXIT_OK, plural, print_diagnostics, say

if TYPE_CHECKING:
    from cardkit.cli.output import Screen


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", help="a game folder (the folder holding game.yaml)")
    parser.add_argument("--format", choices=("text", "json"), default="text")


def run(args: argparse.Namespace, out: Screen, err: Screen) -> int:
    from cardkit.app.validate import validate

    result = validate(args.path)
    print_diagnostics(out, result.diagnostics, args.format)
    if args.format == "text":
        errors, warnings = plural(result.errors, "error"), plural(result.warnings, "warning")
        say(err, f"{errors}, {warnings} in {result.copies_read} cards")
    return EXIT_ERRORS if result.errors else EXIT_OK
