"""Where a character of a YAML string value is written in its file.

The loader records where each value starts; rules-text diagnostics want the character an
error is at, inside the value. Every YAML scalar style -- plain, quoted, literal (``|``) and
folded (``>``) -- changes only whitespace (and, single-quoted, writes ``'`` as ``''``), so the
value's other characters appear in the file in the same order. Walking both together finds
the character; when they disagree (a double-quoted escape, a file changed since it was
loaded) the answer is None and the caller points at the value instead.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from cardkit.diagnostics import Location
from cardkit.load.textfile import read_text
from cardkit.model import Card, Game

_SPACE = " \t\r\n"
_BREAK = re.compile(r"\r\n?|\n")  # where editors and YAML end a line (the loader refuses
# a file with a NEL, LINE SEPARATOR or PARAGRAPH SEPARATOR, which only some of them do)


@lru_cache(maxsize=4)
def _lines(source: str) -> tuple[str, ...]:
    """The lines of a file's text, split once: a file with many diagnostics asks often."""
    return tuple(_BREAK.split(source))


def _content_start(lines: tuple[str, ...], line: int, column: int) -> tuple[int, int, str] | None:
    """Where the characters of the scalar starting at (line, column) begin, and its quote."""
    if not 0 <= line < len(lines) or not 0 <= column < len(lines[line]):
        return None
    first = lines[line][column]
    if first in "|>":
        return line + 1, 0, ""
    if first in "'\"":
        return line, column + 1, first
    return line, column, ""


def source_position(
    source: str, value_line: int, value_column: int, text: str, line: int, column: int
) -> tuple[int, int] | None:
    """The file position of character ``column`` of line ``line`` of ``text``.

    ``text`` is a string value written in ``source`` starting at ``value_line``:
    ``value_column`` (as the loader records it); all positions count from 1. A column past
    the end of its line means just after its last character.
    """
    text_lines = text.split("\n")
    if not 1 <= line <= len(text_lines):
        return None
    offset = sum(len(t) + 1 for t in text_lines[: line - 1]) + column - 1
    wanted = [c for c in text[:offset] if c not in _SPACE]
    target = text[offset] if offset < len(text) and text[offset] not in _SPACE else ""
    lines = _lines(source)
    start = _content_start(lines, value_line - 1, value_column - 1)
    if start is None:
        return None
    row, col, quote = start
    matched = 0
    last: tuple[int, int] | None = None
    while row < len(lines):
        current = lines[row]
        while col < len(current):
            char = current[col]
            if char in _SPACE:
                col += 1
                continue
            if quote == '"' and char == "\\":
                return None  # escapes are not followed
            if matched == len(wanted):
                if target and char == target:
                    return row + 1, col + 1
                break
            if char != wanted[matched]:
                return None
            step = 2 if quote == "'" and char == "'" and current[col + 1 : col + 2] == "'" else 1
            matched += 1
            last = (row, col + step - 1)
            col += step
        else:
            row, col = row + 1, 0
            continue
        break
    if matched != len(wanted) or target:
        return None
    if last is None:
        return start[0] + 1, start[1] + 1
    return last[0] + 1, last[1] + 2


_YAML_SUFFIXES = (".yaml", ".yml")


class CardFiles:
    """The text of the card files, read once each, by the path diagnostics show."""

    def __init__(self, game: Game) -> None:
        shown_game = game.source.path
        self.prefix = shown_game[: len(shown_game) - len(Path(shown_game).name)]
        self.root = game.root
        self.texts: dict[str, str | None] = {}

    def text(self, shown: str) -> str | None:
        if shown not in self.texts:
            self.texts[shown] = self._read(shown)
        return self.texts[shown]

    def path(self, shown: str) -> Path:
        """The file that diagnostics show as ``shown``."""
        if self.prefix and shown.startswith(self.prefix):
            return self.root / shown[len(self.prefix) :]
        return Path(shown)

    def _read(self, shown: str) -> str | None:
        if not shown.lower().endswith(_YAML_SUFFIXES):
            return None
        text, _ = read_text(self.path(shown), shown)
        return text

    def at(self, card: Card, line: int, column: int, field: str = "text") -> Location:
        """Where character ``column`` (1-based) of line ``line`` of the card's text (or of
        its text field ``field``) is written."""
        value = card.location(field)
        text = card.text if field == "text" else card.get(field)
        if isinstance(text, str):  # past the end of a line read with the next (an option)
            written = text.split("\n")
            while line < len(written) and column > len(written[line - 1]) + 1:
                column -= len(written[line - 1]) + 1
                line += 1
        source = self.text(value.path)
        if source is not None and value.line > 0 and isinstance(text, str):
            found = source_position(source, value.line, value.column, text, line, column)
            if found is not None:
                return Location(value.path, *found)
        return value
