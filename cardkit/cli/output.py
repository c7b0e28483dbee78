"""What every command shares: printing diagnostics and exit statuses."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn
from rich.text import Text

from cardkit.diagnostics import Diagnostic, Severity
from cardkit.errors import LengthError
from cardkit.inflect import plural as plural  # the commands' counts: '2 errors'
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet

EXIT_OK, EXIT_ERRORS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
Step = Callable[[str, str, int, "int | None"], None]  # (label, unit, done, total)
_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow"}


def print_diagnostics(console: Console, diagnostics: Sequence[Diagnostic], fmt: str) -> None:
    """Print diagnostics as ``path:line:col: severity[CODE] message`` lines, or as JSON."""
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


def length(text: str) -> float:
    """An argparse type: a length such as ``3mm`` or ``0.125in``, in points; not negative."""
    from cardkit.render.units import parse_length

    try:
        return parse_length(text)
    except LengthError as exc:
        try:
            parse_length(text.removeprefix("-"))
        except LengthError:
            raise argparse.ArgumentTypeError(str(exc)) from None
        raise argparse.ArgumentTypeError(
            f"{text!r} is negative: give a length of 0mm or more"
        ) from None


def whole(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``minimum``."""

    def convert(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        return value

    return convert


@contextmanager
def progress_bars(err: Console) -> Iterator[Step | None]:
    """A ``step(label, unit, done, total)`` that shows one progress bar per label on a
    terminal, each hidden when the next starts; None when ``err`` is not a terminal."""
    if not err.is_terminal:
        yield None
        return
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[unit]}"),
    )
    with Progress(*columns, console=err, transient=True) as bars:
        tasks: dict[str, TaskID] = {}

        def step(label: str, unit: str, done: int, total: int | None) -> None:
            if label not in tasks:
                for task in tasks.values():
                    bars.update(task, visible=False)
                tasks[label] = bars.add_task(label, total=total, unit=unit)
            bars.update(tasks[label], completed=done, total=total)

        yield step


def load_clean_set(path: str, err: Console) -> CardSet | None:
    """The card set of the game folder at ``path``, or None after printing its errors: for
    the commands that answer only for a whole set (a card file that does not load would
    silently drop its cards from the answer)."""
    card_set, found = load_card_set(Path(path), path)
    errors = [d for d in found if d.severity is Severity.ERROR]
    if card_set is None or errors:
        print_diagnostics(err, errors or found, "text")
        return None
    return card_set
