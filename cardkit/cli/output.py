"""What every command shares: printing diagnostics and exit statuses."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence

from rich.console import Console
from rich.text import Text

from cardkit.diagnostics import Diagnostic, Severity
from cardkit.errors import LengthError

EXIT_OK, EXIT_ERRORS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
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


def plural(count: int, word: str) -> str:
    """``1 error``, ``2 errors``."""
    return f"{count} {word}{'s' * (count != 1)}"


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


def whole(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number of at least ``minimum`` (and at most ``maximum``)."""

    def convert(text: str) -> int:
        try:
            value = int(text) if len(text) <= 100 else int("x")
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text[:100]!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(f"must be at most {maximum:,}, not {value:,}")
        return value

    return convert
