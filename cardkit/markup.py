"""Markup in card text, parsed once into runs that every output draws the same way.

What a designer types in a YAML value or a spreadsheet cell:

- ``**bold**``, ``*italic*`` (``***both***``);
- ``{Trade}``: an icon by name -- a declared icon's id or word, or a resource's or
  faction's id or name (any case); it prints as the icon, and reads as its word;
- a line that starts with ``• `` or ``- ``, or `` • `` inside a line: a bullet;
- a new line: a line break (in rules text, each line is also an ability);
- ``\\*``, ``\\{``, ``\\}``, ``\\\\``: the character itself.

Anything else is text, printed as written: ``<b>``, ``&amp;`` or a ``<script>`` tag never
becomes markup of any output (each output escapes what it draws). Markup that is not closed
(``**bold``) or an icon name the game does not know (``{Trde}``) is a ``Slip``, and prints
as written. This module is pure: the standard library only, no game; the icons come as a
plain mapping of names to ids.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from difflib import get_close_matches
from typing import cast

__all__ = ["MarkedLine", "Run", "Slip", "parse_markup", "plain_text", "reading_text"]

BULLET = "\u2022"
_ESCAPABLE = frozenset("*{}\\")
_STARTS = (f"{BULLET} ", "- ")  # a bullet at the start of a line
_INSIDE = f" {BULLET} "  # a bullet inside a line
MAX_ICON_NAME = 60  # longer text in braces is no icon name


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of text in one style.

    ``icon`` is an icon's id: with ``symbol`` the run is that icon alone (``text`` is the word
    it stands for, for readers and plain text, and what prints when there is no picture);
    without, the icon goes before the text. The
    renderer's reading of the rules text sets ``kind`` and ``ref`` on the game's words
    ('resource', 'faction', 'keyword', 'icon' and its id) and ``label`` on an ability's label.
    """

    text: str
    bold: bool = False
    italic: bool = False
    icon: str = ""
    symbol: bool = False
    kind: str = ""
    ref: str = ""
    label: bool = False


@dataclass(frozen=True, slots=True)
class MarkedLine:
    """A line of text as runs; ``bullet`` when it is an item of a bulleted list."""

    runs: tuple[Run, ...]
    bullet: bool = False
    columns: tuple[int, ...] = field(default=(), compare=False, repr=False)
    """Where each character of ``text`` is written in its line (0-based)."""

    @property
    def text(self) -> str:
        return "".join(run.text for run in self.runs)


@dataclass(frozen=True, slots=True)
class Slip:
    """Markup that does not work, printed as written: where (1-based line and column of the
    text), the diagnostic code, and what is wrong."""

    line: int
    column: int
    code: str
    message: str
    hint: str = ""


UNCLOSED = "CK113"
UNKNOWN_ICON = "CK114"


def reading_text(text: str) -> str:
    """``text`` as the rules grammar reads it, each character where it was written: markup
    (``*``, an escape and the character it escapes, a ``- `` bullet at the start of a line)
    is spaces. Text without markup is returned as it is. The braces of an
    icon stay: the grammar skips them and reads the word."""
    if "*" not in text and "\\" not in text and "- " not in text:
        return text
    return "\n".join(_reading_line(line) for line in text.split("\n"))


def _reading_line(line: str) -> str:
    chars = list(line)
    index = 0
    while index < len(chars):
        char = chars[index]
        if char == "\\" and index + 1 < len(chars) and chars[index + 1] in _ESCAPABLE:
            chars[index] = chars[index + 1] = " "
            index += 2
            continue
        if char == "*":
            chars[index] = " "
        index += 1
    stripped = len(line) - len(line.lstrip())
    if line[stripped:].startswith("- "):  # an item of a list: its words are the ability
        chars[stripped] = " "
    return "".join(chars)


Piece = tuple[str, object, tuple[int, ...]]  # kind, value, the source column of each char


def _pieces(line: str, line_no: int, icons: Mapping[str, str], slips: list[Slip]) -> list[Piece]:
    """``line`` cut into ('text', str), ('mark', '**' or '*') and ('icon', (id, word))
    pieces, each with the source column (0-based) of each character it prints; unknown icon
    names are text, and a slip when they look like a slip of a known one."""
    pieces: list[Piece] = []
    text: list[str] = []
    columns: list[int] = []

    def flush() -> None:
        if text:
            pieces.append(("text", "".join(text), tuple(columns)))
            text.clear()
            columns.clear()

    index = 0
    while index < len(line):
        char = line[index]
        if char == "\\" and index + 1 < len(line) and line[index + 1] in _ESCAPABLE:
            text.append(line[index + 1])
            columns.append(index + 1)
            index += 2
            continue
        if char == "*":
            width = 2 if line.startswith("**", index) else 1
            flush()
            pieces.append(("mark", "*" * width, tuple(range(index, index + width))))
            index += width
            continue
        if char == "{":
            end = line.find("}", index + 1)
            name = line[index + 1 : end] if end > 0 else ""
            if 0 < len(name.strip()) <= MAX_ICON_NAME and "{" not in name:
                icon = icons.get(name.strip().casefold())
                if icon is not None:
                    flush()
                    word = name.strip()
                    pieces.append(("icon", (icon, word), (index,) * len(word)))
                    index = end + 1
                    continue
                near = get_close_matches(name.strip().casefold(), list(icons), 1, 0.75)
                if near:  # a slip of an icon's name; other text in braces is text
                    slips.append(
                        Slip(
                            line_no,
                            index + 1,
                            UNKNOWN_ICON,
                            f"{{{name}}} names no icon of the game (did you mean "
                            f"{{{near[0]}}}?); printed as written",
                            "an icon by name is a declared icon's id or word, or a resource's "
                            "or faction's id or name; write \\{ for a brace",
                        )
                    )
        text.append(char)
        columns.append(index)
        index += 1
    flush()
    return pieces


def _paired(pieces: list[Piece]) -> set[int]:
    """The indexes of the marks that open or close a style; a mark without its pair (an
    unclosed one) is left out, and prints as written."""
    open_at: dict[object, int] = {}
    paired: set[int] = set()
    for index, (kind, mark, _) in enumerate(pieces):
        if kind != "mark":
            continue
        if mark in open_at:
            paired.update((open_at.pop(mark), index))
        else:
            open_at[mark] = index
    return paired


def _styled(
    pieces: list[Piece], line_no: int, slips: list[Slip]
) -> tuple[tuple[Run, ...], tuple[int, ...]]:
    """The runs of ``pieces``, and the source column of each character they print."""
    paired = _paired(pieces)
    bold = italic = False
    runs: list[Run] = []
    columns: list[int] = []

    def add(run: Run) -> None:
        last = runs[-1] if runs else None
        if last is not None and not (last.icon or last.symbol or run.icon) and _same(last, run):
            runs[-1] = replace(last, text=last.text + run.text)
        else:
            runs.append(run)

    for index, (kind, value, at) in enumerate(pieces):
        if kind == "text":
            add(Run(str(value), bold, italic))
        elif kind == "icon":
            icon, word = cast("tuple[str, str]", value)
            runs.append(Run(word, bold, italic, icon=icon, symbol=True))
        elif index in paired:
            if value == "**":
                bold = not bold
            else:
                italic = not italic
            continue
        else:
            slips.append(
                Slip(
                    line_no,
                    at[0] + 1,
                    UNCLOSED,
                    f"{'bold' if value == '**' else 'italic'} markup {value!r} is never "
                    "closed; printed as written",
                    f"close it with {value!r}, or write \\* for an asterisk",
                )
            )
            add(Run(str(value), bold, italic))
        columns.extend(at)
    return tuple(runs), tuple(columns)


def _same(a: Run, b: Run) -> bool:
    return (a.bold, a.italic, a.kind, a.ref, a.label) == (b.bold, b.italic, b.kind, b.ref, b.label)


def _bullets(line: str) -> list[tuple[int, str, bool]]:
    """``line`` split at its bullets: (column offset, text, is a bullet item)."""
    stripped = len(line) - len(line.lstrip())
    first_bullet = line[stripped:].startswith(_STARTS)
    parts: list[tuple[int, str, bool]] = []
    start = stripped + 2 if first_bullet else 0
    bullet = first_bullet
    while True:
        found = line.find(_INSIDE, start)
        if found < 0:
            parts.append((start, line[start:], bullet))
            return parts
        parts.append((start, line[start:found], bullet))
        start, bullet = found + len(_INSIDE), True


def parse_markup(
    text: str, icons: Mapping[str, str] | None = None
) -> tuple[tuple[tuple[MarkedLine, ...], ...], tuple[Slip, ...]]:
    """Each line of ``text`` (empty lines too) as the marked lines it prints as (more than one
    when it holds bullets), and the slips of its markup.

    ``icons`` maps icon names, case-folded, to icon ids. Styles do not run past the end of a
    line or a bullet: markup is closed where it opens.
    """
    found = icons or {}
    slips: list[Slip] = []
    lines: list[tuple[MarkedLine, ...]] = []
    for line_no, line in enumerate(text.split("\n"), start=1):
        marked = []
        for offset, part, bullet in _bullets(line):
            start = len(slips)
            pieces = _pieces(part, line_no, found, slips)
            runs, columns = _styled(pieces, line_no, slips)
            for at in range(start, len(slips)):  # columns of the part are columns of the line
                slips[at] = replace(slips[at], column=slips[at].column + offset)
            marked.append(MarkedLine(runs, bullet, tuple(c + offset for c in columns)))
        lines.append(tuple(marked))
    return tuple(lines), tuple(sorted(slips, key=lambda s: (s.line, s.column, s.code)))


def plain_text(text: str, icons: Mapping[str, str] | None = None) -> str:
    """``text`` without its markup: what it says, icons as their words."""
    lines, _ = parse_markup(text, icons)
    return "\n".join(
        "\n".join((f"{BULLET} " if m.bullet else "") + m.text for m in marked) for marked in lines
    )
