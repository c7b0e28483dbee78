"""``cardkit fmt``: rewrite cards' rules text in canonical wording, as black does for code."""

from __future__ import annotations

import argparse
from collections import defaultdict
from pathlib import Path
from typing import TYPE_CHECKING

from cardkit.cli.output import EXIT_ERRORS, EXIT_OK, plural, print_diagnostics
from cardkit.diagnostics import Diagnostic, Location, Severity, error

if TYPE_CHECKING:
    from rich.console import Console

if TYPE_CHECKING:  # ruamel.yaml is loaded only when fmt runs
    from cardkit.load.yamledit import YamlEditError
    from cardkit.rules.fmt import CardRewrite

NAME = "fmt"
HELP = "rewrite cards' rules text in canonical wording (--check: only report)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", help="a game folder")
    parser.add_argument(
        "--check",
        action="store_true",
        help="change nothing; list each line that would change and exit 1 if any would "
        "(or if a line does not parse)",
    )


def run(args: argparse.Namespace, out: Console, err: Console) -> int:
    from rich.text import Text

    from cardkit.load.cards import load_card_set
    from cardkit.rules.fmt import plan_format

    card_set, found = load_card_set(Path(args.path), args.path)
    load_errors = [d for d in found if d.severity is Severity.ERROR]
    print_diagnostics(err, load_errors, "text")
    if card_set is None:
        return EXIT_ERRORS
    plan = plan_format(card_set)
    sources = plan.context.sources
    root = card_set.game.root.resolve()
    by_file: dict[str, list[CardRewrite]] = defaultdict(list)
    failed = 0
    for rewrite in plan.rewrites:
        if rewrite.rewritable:
            by_file[rewrite.card.location("text").path].append(rewrite)
            continue
        failed += 1
        spreadsheet = [
            error(
                "CK014",
                f"text of {rewrite.card.id!r} not rewritten: it is in a spreadsheet "
                f"({change.old!r} -> {change.new!r})",
                change.location,
                card=rewrite.card.id,
                hint="make the change in the spreadsheet",
            )
            for change in rewrite.changes
        ]
        print_diagnostics(out, spreadsheet, "text")
    verb = "would reformat" if args.check else "reformatted"
    changed = 0
    for shown, rewrites in sorted(by_file.items()):
        refusal = _rewrite(sources.path(shown), shown, rewrites, root, write=not args.check)
        if refusal is not None:
            print_diagnostics(out, [refusal], "text")
            _print_changes(out, rewrites, "to change by hand")
            failed += len(rewrites)
        else:
            _print_changes(out, rewrites, verb)
            changed += len(rewrites)
    kept = plan.not_parsed
    print_diagnostics(out, kept, "text")
    summary = [
        f"{plural(changed, 'card')} {'would be ' if args.check else ''}reformatted",
        f"{plan.unchanged} already canonical",
    ]
    if failed:
        summary.append(f"{plural(failed, 'card')} not rewritable")
    if kept:
        summary.append(
            f"{plural(len(kept), 'line')} left as written (they do not parse: fix them, "
            "then run fmt again)"
        )
    err.print(Text(", ".join(summary)), soft_wrap=True)
    if load_errors or failed or kept or (args.check and changed):
        return EXIT_ERRORS
    return EXIT_OK


def _print_changes(out: Console, rewrites: list[CardRewrite], verb: str) -> None:
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


def _rewrite(
    path: Path, shown: str, rewrites: list[CardRewrite], root: Path, *, write: bool
) -> Diagnostic | None:
    """Rewrite one card file (with ``write``; else only find whether it can be), or say why
    it is not: a file fmt cannot rewrite is left as it was, with ``--check`` too."""
    from cardkit.atomic import write_atomic
    from cardkit.load.textfile import read_text
    from cardkit.load.yamledit import YamlEditError, replace_values

    if not path.resolve().is_relative_to(root):
        return error(
            "CK014",
            "not rewritten: the file is outside the game folder",
            Location(shown),
            hint="move the file into the game folder, or make the changes listed below by hand",
        )
    places = {_place(rewrite): rewrite for rewrite in rewrites}
    changes = {place: rewrite.text for place, rewrite in places.items()}
    source, _ = read_text(path, shown)
    try:
        if source is None:
            raise YamlEditError("the file cannot be read")
        result = replace_values(source, changes)
    except YamlEditError as exc:
        return _refusal(shown, exc, places.get(exc.place) if exc.place else None)
    if write:
        write_atomic(path, result)
    return None


def _place(rewrite: CardRewrite) -> tuple[int, int]:
    where = rewrite.card.location("text")
    return where.line, where.column


def _refusal(shown: str, exc: YamlEditError, blamed: CardRewrite | None) -> Diagnostic:
    """CK014: the file fmt does not write, where and why, and what to do instead."""
    by_hand = "make the changes listed below by hand"
    what = f"text of {blamed.card.id!r} not rewritten" if blamed else "not rewritten"
    return error(
        "CK014",
        f"{what}: {exc}; the file is left as it was",
        Location(shown, *exc.place) if exc.place else Location(shown),
        card=blamed.card.id if blamed else None,
        hint=f"{exc.hint}, or {by_hand}" if exc.hint else by_hand,
    )
