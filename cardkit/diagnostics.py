"""Diagnostics: what is wrong, where, and how bad; and the table of stable codes."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, slots=True)
class Location:
    """A place in a source file. Lines and columns count from 1; 0 means unknown."""

    path: str
    line: int = 0
    column: int = 0

    def __str__(self) -> str:
        if self.line <= 0:
            return self.path
        return f"{self.path}:{self.line}:{max(self.column, 1)}"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    code: str
    severity: Severity
    message: str
    location: Location
    card: str | None = None
    hint: str | None = None

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"undocumented diagnostic code {self.code!r}")

    def __str__(self) -> str:
        text = f"{self.location}: {self.severity.value}[{self.code}] {self.message}"
        if self.hint:
            text += f" (hint: {self.hint})"
        return text

    def as_json(self) -> dict[str, Any]:
        return {
            "path": self.location.path,
            "line": self.location.line,
            "column": self.location.column,
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            "card": self.card,
        }

    @property
    def sort_key(self) -> tuple[str, int, int, str]:
        return (self.location.path, self.location.line, self.location.column, self.code)


def error(
    code: str, message: str, location: Location, *, card: str | None = None, hint: str | None = None
) -> Diagnostic:
    return Diagnostic(code, Severity.ERROR, message, location, card, hint)


def warning(
    code: str, message: str, location: Location, *, card: str | None = None, hint: str | None = None
) -> Diagnostic:
    return Diagnostic(code, Severity.WARNING, message, location, card, hint)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """' (did you mean 'x'?)' for the closest choice, or '' when nothing is close."""
    options = sorted(set(choices))
    folded = {c.casefold(): c for c in options}
    if word.casefold() in folded and folded[word.casefold()] != word:
        return f" (did you mean {folded[word.casefold()]!r}?)"
    close = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def count_errors(diagnostics: Iterable[Diagnostic]) -> tuple[int, int]:
    errors = warnings = 0
    for diag in diagnostics:
        if diag.severity is Severity.ERROR:
            errors += 1
        else:
            warnings += 1
    return errors, warnings


# Stable codes. A code, once published, keeps its meaning; README documents each one
# (tests/test_docs.py fails when one is missing there).
CODES: dict[str, str] = {
    # files and YAML
    "CK001": "a file or folder cannot be read (missing, unreadable, not a game folder)",
    "CK002": "a file is not UTF-8 text, or is binary",
    "CK003": "a card file is empty",
    "CK004": "a file is too large or too deeply nested to load safely",
    "CK010": "YAML syntax error (tabs, bad indentation, unclosed quotes or brackets)",
    "CK011": "a YAML tag is not allowed (card data never builds program objects)",
    "CK012": "a key appears twice in one mapping",
    "CK013": "YAML anchors and aliases expand past the safety limit",
    # structure and schema
    "CK020": "a card file does not hold a card or a list of cards",
    "CK021": "unknown field",
    "CK022": "a required field is missing",
    "CK023": "a value has the wrong type",
    "CK024": "a number is out of range",
    "CK025": "unknown name: not one of the values the game declares (card type, faction, deck)",
    "CK026": "a value does not have the required form (id, length, colour, size)",
    "CK027": "a list repeats an item or has too many or too few items",
    "CK030": "two cards have the same id",
    "CK031": "a game declaration names something the game does not declare",
    # spreadsheets
    "CK040": "a spreadsheet misses a column that the mapping needs",
    "CK041": "a spreadsheet cannot be read (not a CSV or XLSX file, or corrupt)",
    "CK042": "a spreadsheet cell cannot be converted to the field's type",
    # rules text
    "CK101": "rules text does not parse",
    "CK102": "an ally ability names a faction the game lacks, or is on a card with no faction",
    # rendering
    "CK201": "rules text does not fit its box (printed at the smallest size, the end cut off)",
    "CK202": "a card name does not fit its title bar (printed cut short)",
    "CK203": "the card font has no glyph for a character of a card's name or text",
    # playtest simulator
    "CK400": "the play declaration of game.yaml names something the game does not declare",
    "CK401": "the game has no play declaration, so it cannot be simulated",
    "CK402": "the play setup names a card the set does not have",
    "CK403": "the simulator cannot execute an effect of a card's rules text",
    "CK404": "a card lacks a value the simulator needs (cost, defense)",
    "CK405": "an added card is not in the deck the trade row is dealt from, so no game uses it",
}
