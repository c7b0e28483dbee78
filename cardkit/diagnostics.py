"""Diagnostics: what is wrong, where, and how bad; and the table of stable codes."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, MutableMapping
from dataclasses import dataclass, field
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


def did_you_mean(word: str, choices: Iterable[str], *, cutoff: float = 0.6) -> str:
    """' (did you mean 'x'?)' for the closest choice, or '' when nothing is close.

    ``cutoff`` is difflib's similarity ratio a choice must reach; short codes such as
    ``CK101`` need a higher one, or every unknown code would look like some known one.
    """
    options = sorted(set(choices))
    folded = {c.casefold(): c for c in options}
    if word.casefold() in folded and folded[word.casefold()] != word:
        return f" (did you mean {folded[word.casefold()]!r}?)"
    import difflib  # only when a word is wrong

    close = difflib.get_close_matches(word, options, n=1, cutoff=cutoff)
    return f" (did you mean {close[0]!r}?)" if close else ""


def count_errors(diagnostics: Iterable[Diagnostic]) -> tuple[int, int]:
    errors = warnings = 0
    for diag in diagnostics:
        if diag.severity is Severity.ERROR:
            errors += 1
        else:
            warnings += 1
    return errors, warnings


# Stable codes. A code, once published, keeps its meaning. The docs' code table is made from
# this one (docs/hooks.py); a new code needs an example line in docs/diagnostic-examples.txt.
CODES: dict[str, str] = {
    # files and YAML
    "CK001": "a file or folder cannot be read (missing, unreadable, not a game folder)",
    "CK002": "a file is not UTF-8 text, or is binary",
    "CK003": "a card file is empty",
    "CK004": "a file is too large or too deeply nested to load safely",
    "CK005": "an output file cannot be written (a file in the way, no permission, disk full)",
    "CK006": "a build holds more cards than one print-and-play file may",
    "CK007": "an output file exists and the command was not told to replace it (--force)",
    "CK010": "YAML syntax error (tabs, bad indentation, unclosed quotes or brackets)",
    "CK011": "a YAML tag is not allowed (card data never builds program objects)",
    "CK012": "a key appears twice in one mapping",
    "CK013": "YAML anchors and aliases expand past the safety limit",
    "CK014": "'cardkit fmt' cannot rewrite a card file in place (the file is left as it was)",
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
    "CK043": "a sheet of a workbook without the card columns (notes) is skipped",
    "CK044": "an imported spreadsheet and its YAML are both in the game folder: its cards twice",
    "CK045": "a pattern of game.yaml's spreadsheet values is wrongly written (slots side by side)",
    "CK046": "a spreadsheet column is not read: not mapped, and no field has its name",
    "CK047": "a spreadsheet row holds a cell in a column the header row does not name",
    "CK050": "a card size cannot be printed on the paper (too large, or not above zero)",
    "CK060": "a phrasing declaration names an unknown zone or slot, or has no words",
    "CK061": "a phrasing declaration that the grammar cannot take (it conflicts with the core)",
    # rules text
    "CK101": "rules text does not parse",
    "CK102": "a bond ability names a faction the game lacks, or is on a card with no faction",
    "CK103": "unknown keyword: a one-word sentence that is not one of the game's keywords",
    "CK104": "a keyword's parameters are missing, too many, or not of the declared kind or range",
    "CK105": "a keyword on a card type it may not appear on (one declared for bases, on a unit)",
    "CK106": "text says a keyword whose field the card does not set (Walled, not walled: true)",
    "CK107": "a card sets a keyword's field but its text lacks the keyword the game requires",
    "CK108": "wording drift: one effect written in different ways across the set",
    "CK109": "a misspelt word: neither English nor one of the game's words (its declared words, "
    "the grammar's, the card names)",
    "CK110": "a doubled word ('draw draw')",
    "CK111": "a typographic quote or apostrophe where the set uses straight ones",
    "CK112": "unbalanced parentheses, braces or brackets in rules text",
    "CK113": "bold or italic markup in card text is never closed (printed as written)",
    "CK114": "an icon in card text's markup ({name}) is close to, but not, one of the game's",
    "CK115": "a real word slipped for another: a word spelt right that the grammar keeps only as "
    "written, where a short word one edit away makes the rest of the line read ('form' for 'from')",
    # set-level rules checks: deck rules, references, costs, suppress
    "CK120": "a deck rule does not parse, names something undeclared, or can never hold",
    "CK121": "a deck holds more or fewer cards than its rules allow",
    "CK122": "a faction has more or fewer cards in a deck than its rules allow",
    "CK123": "a card has more copies than a copy limit allows (unique, hero, promo)",
    "CK130": "a card names a card that does not exist",
    "CK140": "a card's cost is far from what its effects are worth on the set's cost curve",
    "CK150": "a card's suppress list names a code that does not exist or cannot be suppressed",
    "CK151": "a card's suppress list names a code that does not fire on that card",
    # game-declared constraints (constraints.py)
    "CK170": "a card breaks a constraint its game declares (e.g. no team of cards meets it)",
    # rendering
    "CK201": "rules text does not fit its box (printed at the smallest size, the end cut off)",
    "CK202": "a card name does not fit its title bar (printed cut short)",
    "CK203": "no bundled font has a glyph for a character of a card's name or text",
    "CK204": "a layout has an unknown part, key, shape or alignment",
    "CK205": "a layout length or font size is malformed, negative or too large",
    "CK206": "a layout box does not give exactly two of left/right/width and of top/bottom/height",
    "CK207": "a layout extends an unknown layout, itself, or a cycle of layouts",
    "CK208": "a layout colour is not a colour",
    "CK209": "a badge names no field, or a field its card type does not have",
    "CK210": "a layout box has no room, or leaves the card, at a size it is used for",
    "CK211": "a card type names an unknown layout",
    "CK212": "a picture path is refused (absolute, '..', or a link out of the game folder)",
    "CK213": "a picture is missing, unreadable, truncated or too large (drawn without it)",
    "CK214": "a layout badge names an icon the game does not declare",
    "CK215": "an enum field's 'names' names a value the field does not list",
    "CK216": "a declared card back is printed on no card (no deck, card type or faction gives it)",
    "CK217": "a card type's layout does not show a required field (it is never printed)",
    "CK218": "a card's flavor text is not printed: no room for it after the rules text",
    "CK219": "a card's automatic stats line does not fit its band (printed cut short)",
    "CK220": "a layout part names a font game.yaml does not declare",
    "CK221": "a font file is refused: missing, too large, broken, or without TrueType outlines",
    "CK222": "a game font has no glyph for a character on a card (drawn in the bundled font)",
    "CK223": "a layout picture's file is malformed, or chosen by a field its card type lacks",
    "CK224": "a card's back_by value names no back and no card, itself, or a card of another size",
    "CK225": "two boxes of text of a layout overlap (one drawn over the other)",
    # reference pages (cardkit rulebook)
    "CK300": "a rulebook template has a syntax error",
    "CK301": "a rulebook template uses a name or attribute that does not exist",
    "CK302": "a rulebook template does something the sandbox forbids",
    "CK303": "a rulebook template includes or extends a template that does not exist",
    "CK304": "a rulebook template fails while rendering (a value of the wrong kind)",
    "CK305": "a rulebook template file cannot be read (not UTF-8 text)",
    "CK306": "a rulebook template file links outside the game folder",
    "CK310": "a sheet names a card field that no card type declares",
    "CK311": "a row of a rules table has more or fewer cells than the table has columns",
    "CK312": "a sheet mixes rows (a rules table) with card fields, filters or sorting",
    "CK313": "a sheet selects a card type, faction or deck the game does not declare",
    "CK314": "a sheet selects no cards",
    "CK315": "rules text that does not parse is shown as written in the reference pages",
    "CK316": "the rulebook's section list names a section the reference pages do not have",
    # playtest simulator
    "CK400": "the play declaration of game.yaml names something the game does not declare",
    "CK401": "the game has no play declaration, so it cannot be simulated",
    "CK402": "the play setup names a card the set does not have",
    "CK403": "the simulator cannot execute an effect of a card's rules text",
    "CK404": "a card lacks a value the simulator needs (cost, defense)",
    "CK405": "an added card is not in the deck the market row is dealt from, so no game uses it",
    "CK406": "no card gains the resource players attack or buy with: games cannot go as declared",
    "CK410": "a card's measured effect when bought is far above the set's: it looks overpowered",
    "CK411": "a card is rarely bought and buying it changes no measurable share of games: dead",
    "CK407": "the play declaration's parts do not fit together (a win, end or pile with no means)",
    "CK408": "a strategy file is not a mapping of a name, a play order and buy rules",
}


PathKey = tuple[str | int, ...]  # where a value sits in a loaded file: keys and indexes


_SPAN = 1 << 20  # a line and a column below this, held as one number: line * _SPAN + column


class Positions(MutableMapping[PathKey, tuple[int, int]]):
    """Where values were written: path -> (line, column), each pair held as one number
    (``packed``) rather than as a tuple of two: a 10,000-card game holds 450,000 of them
    (about 4 MB less). A column too wide to pack is kept as its pair."""

    __slots__ = ("packed",)

    def __init__(self, pairs: Iterable[tuple[PathKey, tuple[int, int]]] = ()) -> None:
        self.packed: dict[PathKey, int | tuple[int, int]] = {}
        for where, at in pairs:
            self[where] = at

    @staticmethod
    def pack(line: int, column: int) -> int | tuple[int, int]:
        return line * _SPAN + column if 0 <= column < _SPAN else (line, column)

    def __getitem__(self, where: PathKey) -> tuple[int, int]:
        at = self.packed[where]
        return at if isinstance(at, tuple) else divmod(at, _SPAN)

    def get(self, where: PathKey, default: Any = None) -> Any:
        at = self.packed.get(where)
        if at is None:
            return default
        return at if isinstance(at, tuple) else divmod(at, _SPAN)

    def __setitem__(self, where: PathKey, at: tuple[int, int]) -> None:
        self.packed[where] = self.pack(*at)

    def setdefault(self, where: PathKey, default: tuple[int, int]) -> tuple[int, int]:
        if where not in self.packed:
            self[where] = default
        return self[where]

    def __delitem__(self, where: PathKey) -> None:
        del self.packed[where]

    def __contains__(self, where: object) -> bool:
        return where in self.packed

    def __iter__(self) -> Iterator[PathKey]:
        return iter(self.packed)

    def __len__(self) -> int:
        return len(self.packed)

    def __repr__(self) -> str:
        return f"Positions({dict(self.items())!r})"


@dataclass
class SourceMap:
    """Where each value (and each mapping key) of one loaded file was written."""

    path: str
    values: Positions = field(default_factory=Positions)
    keys: Positions = field(default_factory=Positions)

    def at(self, where: PathKey, *, key: bool = False) -> Location:
        """The location of the value at ``where`` (or of its key), else of its nearest ancestor."""
        table = self.keys if key else self.values
        probe = tuple(where)
        while True:
            if probe in table:
                line, column = table[probe]
                return Location(self.path, line, column)
            if key and probe in self.values:
                line, column = self.values[probe]
                return Location(self.path, line, column)
            if not probe:
                return Location(self.path, 1, 1)
            probe = probe[:-1]
