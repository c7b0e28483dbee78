"""``cardkit fmt``: rewrite cards' rules text in canonical wording, as black does for code."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from cardkit.cli.output import EXIT_ERRORS, EXIT_OK, plural, print_diagnostics

if TYPE_CHECKING:
    from cardkit.cli.output import Screen
    from cardkit.rules.fmt import CardRewrite


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", help="a game folder")
    parser.add_argument(
        "--check",
        action="store_true",
        help="change nothing; list each line that would change and exit 1 if any would "
        "(or if a line does not parse)",
    )


def run(args: argparse.Namespace, out: Screen, err: Screen) -> int:
    from rich.text import Text

    from cardkit.app.fmt import plan_game_formatting, spreadsheet_problems

    result = plan_game_formatting(args.path, check=args.check)
    print_diagnostics(out, result.load_errors, "text")  # what fmt found: as validate
    if result.card_set is None:
        return EXIT_ERRORS
    for rewrite in result.in_spreadsheets:
        print_diagnostics(out, spreadsheet_problems(rewrite), "text")
    result.write()  # every file at once (nothing with --check)
    verb = "would reformat" if args.check else "reformatted"
    for file in result.files:
        if file.refusal is not None:
            print_diagnostics(out, [file.refusal], "text")
            _print_changes(out, file.rewrites, "to change by hand")
        else:
            _print_changes(out, file.rewrites, verb)
    print_diagnostics(out, result.not_parsed, "text")
    summary = [
        f"{plural(result.changed, 'card')} {'would be ' if args.check else ''}reformatted",
        f"{result.unchanged} already canonical",
    ]
    if result.failed:
        summary.append(f"{plural(result.failed, 'card')} not rewritable")
    if result.not_parsed:
        summary.append(
            f"{plural(len(result.not_parsed), 'line')} left as written (they do not parse: "
            "fix them, then run fmt again)"
        )
    err.print(Text(", ".join(summary)), soft_wrap=True)
    return EXIT_OK if result.clean else EXIT_ERRORS


def _print_changes(out: Screen, rewrites: tuple[CardRewrite, ...], verb: str) -> None:
    from rich.text import Text

    for rewrite in rewrites:
        for change in rewrite.changes:
            out.print(
                Text(f"{change.location}: {verb} {rewrite.card.id!r}: ")
                + Text(f"{change.old!r}", style="red")
                + Text(" -> ")
                + Text(f"{change.new!r}", style="green"),
                soft_wrap=True,
            )
