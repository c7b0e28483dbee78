"""What every command shares: printing diagnostics and exit statuses."""

from __future__ import annotations

import argparse
import contextlib
import functools
import os
import re
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO, Union

from cardkit.diagnostics import Diagnostic, Severity
from cardkit.errors import LengthError
from cardkit.inflect import plural as plural  # the commands' counts: '2 errors'

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import TaskID

    from cardkit.model import CardSet

EXIT_OK, EXIT_ERRORS, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
Step = Callable[[str, str, int, "int | None"], None]  # (label, unit, done, total)
_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "yellow"}


# What a terminal may act on rather than show: C0 and C1 controls, format characters (bidi
# overrides, zero-width joiners...), line and paragraph separators, unassigned code points.
_HIDDEN_CATEGORIES = frozenset({"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"})
_NOT_PLAIN = re.compile(r"[^\x20-\x7e\n\t]")  # what may be hidden: examined one by one
_NOT_PLAIN_LINE = re.compile(r"[^\x20-\x7e]")


def _hidden(char: str) -> bool:
    return unicodedata.category(char) in _HIDDEN_CATEGORIES


def _shown(char: str) -> str:
    """A hidden character as Python writes it in a string: '\\x1b', '\\n', '\\u202e'."""
    return repr(char)[1:-1]


def visible(text: str, *, one_line: bool = False) -> str:
    """``text`` with every character a terminal would act on written as an escape (``\\x1b``);
    with ``one_line``, line breaks and tabs too."""
    found = (_NOT_PLAIN_LINE if one_line else _NOT_PLAIN).finditer(text)
    cuts = [m.start() for m in found if _hidden(m.group())]
    if not cuts:
        return text
    parts, last = [], 0
    for cut in cuts:
        parts += [text[last:cut], _shown(text[cut])]
        last = cut + 1
    return "".join([*parts, text[last:]])


@functools.cache
def _safe_console() -> type[Console]:
    """The console class, made when the first console is (rich is not loaded for --help)."""
    from rich.console import Console, ConsoleOptions, RenderableType
    from rich.segment import Segment

    class SafeConsole(Console):
        """A rich Console that shows what card data holds and never lets it drive the
        terminal.

        Everything it prints (tables included) has its control, bidi and other hidden
        characters written as escapes as it is rendered; rich's own styling is added after,
        untouched. A character the output's encoding lacks is written as an escape too.
        """

        def render(
            self, renderable: RenderableType, options: ConsoleOptions | None = None
        ) -> Iterable[Segment]:
            for segment in super().render(renderable, options):
                if segment.control is None and _NOT_PLAIN.search(segment.text):
                    segment = Segment(visible(segment.text), segment.style)
                yield segment

    return SafeConsole


def _rich_console(stderr: bool) -> Console:
    return _safe_console()(stderr=stderr, highlight=False, soft_wrap=True)


class PlainConsole:
    """The console of a stream that is no terminal (a file, a pipe): a line of plain text is
    written as it is, without loading rich (about a tenth of a sample build); anything else
    (a table, text with characters to escape) is printed by rich's console, made when first
    needed. What it writes is what rich's console writes there, byte for byte."""

    is_terminal = False

    def __init__(self, *, stderr: bool) -> None:
        self.stderr = stderr
        self._rich: Console | None = None

    @property
    def file(self) -> TextIO:
        return sys.stderr if self.stderr else sys.stdout

    def rich(self) -> Console:
        if self._rich is None:
            self._rich = _rich_console(self.stderr)
        return self._rich

    def print(self, *objects: Any, **options: Any) -> None:
        """``Console.print``."""
        self.rich().print(*objects, **options)

    def write_line(self, text: str) -> bool:
        """Write ``text`` and a line break as rich would, if it is plain (printable ASCII and
        line breaks: what rich writes as it is when there is no terminal); False if not."""
        if not _PLAIN_TEXT.fullmatch(text):
            return False
        self.file.write(text + "\n")
        self.file.flush()  # as rich does: output and errors stay in order in one file
        return True


_PLAIN_TEXT = re.compile(r"[\x20-\x7e\n]*")

Screen = Union["Console", PlainConsole]
"""Where a command prints: rich's console on a terminal, else a plain one."""


def _rich_decides() -> bool:
    """Whether the environment tells rich how to print (as a terminal, in colour or not)."""
    return "FORCE_COLOR" in os.environ or "TTY_COMPATIBLE" in os.environ


def make_console(*, stderr: bool = False) -> Screen:
    """The console of one stream; an encoding that lacks a character writes an escape.
    rich is loaded for a terminal only (where it shows colours and progress bars)."""
    stream = sys.stderr if stderr else sys.stdout
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        with contextlib.suppress(OSError, ValueError):  # a stream that cannot change
            reconfigure(errors="backslashreplace")
    isatty = getattr(stream, "isatty", None)
    try:
        terminal = bool(isatty()) if isatty is not None else False
    except ValueError:  # closed
        terminal = False
    if terminal or _rich_decides():
        return _rich_console(stderr)
    return PlainConsole(stderr=stderr)


def say(console: Screen, *pieces: str | tuple[str, str]) -> None:
    """Print one line made of ``pieces`` (text, or (text, style)): shown as written (never read
    as markup), hidden characters escaped, styles on a terminal only."""
    if isinstance(console, PlainConsole):
        plain = "".join(piece if isinstance(piece, str) else piece[0] for piece in pieces)
        if console.write_line(plain):
            return
        console = console.rich()
    from rich.text import Text

    first, *rest = pieces or ("",)
    line = Text(first) if isinstance(first, str) else Text(first[0], style=first[1])
    for piece in rest:
        if isinstance(piece, str):
            line.append(piece)
        else:
            line.append(piece[0], style=piece[1])
    console.print(line, soft_wrap=True)


def print_diagnostics(console: Screen, diagnostics: Sequence[Diagnostic], fmt: str) -> None:
    """Print diagnostics as ``path:line:col: severity[CODE] message`` lines, or as JSON."""
    import json

    if fmt == "json":
        console.file.write(json.dumps([d.as_json() for d in diagnostics], indent=2) + "\n")
        return
    for diag in diagnostics:  # one line each, whatever a path or message holds
        say(
            console,
            f"{visible(str(diag.location), one_line=True)}: ",
            (f"{diag.severity.value}[{diag.code}]", _STYLE[diag.severity]),
            f" {visible(diag.message, one_line=True)}",
        )
        if diag.hint:
            hint = visible(diag.hint, one_line=True)
            say(console, (f"    hint: {hint}", "dim"))


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


@contextmanager
def progress_bars(err: Screen) -> Iterator[Step | None]:
    """A ``step(label, unit, done, total)`` that shows one progress bar per label on a
    terminal, each hidden when the next starts; None when ``err`` is not a terminal."""
    if isinstance(err, PlainConsole) or not err.is_terminal:
        yield None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

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


def load_clean_set(path: str, err: Screen) -> CardSet | None:
    """The card set of the game folder at ``path``, or None after printing its errors: for
    the commands that answer only for a whole set (a card file that does not load would
    silently drop its cards from the answer)."""
    from cardkit.load.cards import load_card_set

    card_set, found = load_card_set(Path(path), path)
    errors = [d for d in found if d.severity is Severity.ERROR]
    if card_set is None or errors:
        print_diagnostics(err, errors or found, "text")
        return None
    return card_set
