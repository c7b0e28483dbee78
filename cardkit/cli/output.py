"""What every command shares: printing diagnostics and exit statuses."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from cardkit.diagnostics import Diagnostic, Severity
from cardkit.errors import LengthError
from cardkit.inflect import plural as plural  # the commands' counts: '2 errors'

if TYPE_CHECKING:
    from rich.console import Console

EXIT_OK, EXIT_ERRORS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow"}


def print_diagnostics(console: Console, diagnostics: Sequence[Diagnostic], fmt: str) -> None:
    """Print diagnostics as ``path:line:col: severity[CODE] message`` lines, or as JSON."""
    import json

    from rich.text import Text

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
