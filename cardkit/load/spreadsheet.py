"""Cards kept in spreadsheets (CSV or XLSX): rows into raw card mappings with cell locations.

Cells are converted to the type of the field their column maps to, display names of
card types, factions and decks are accepted for their ids, and text cells are read by
``celltext.py`` (HTML undone, the abilities of rules text kept whole).
"""

from __future__ import annotations

import dataclasses
import difflib
import re
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, NamedTuple

from cardkit.diagnostics import Diagnostic, Location, SourceMap, error, warning
from cardkit.load.cellpattern import filled, match_pattern
from cardkit.load.celltext import ability_labels, cell_text, rules_cell_text
from cardkit.load.rawcard import RawCard, from_sheet
from cardkit.load.tables import Row, Table, cell_name, read_tables
from cardkit.model import CORE_FIELDS, FieldSpec, Game, SpreadsheetMapping, ValuePattern

__all__ = ["RawCard", "cell_name", "column_hints", "iter_headers", "read_spreadsheet"]


_CORE_KINDS = {
    "count": "integer",
    "text": "rules",
    "tags": "list",
    "suppress": "list",
    "faction": "factions",
}
_TRUE = {"yes", "y", "true", "1", "x"}
_FALSE = {"no", "n", "false", "0", ""}
_SPLIT = re.compile(r"\s*[;,/]\s*")
_WHOLE = re.compile(r"[+-]?\d+\.0+")  # a whole number written with a zero fraction
_DECIMAL = re.compile(r"[+-]?\d+,\d+")  # a number written with a decimal comma


def _field_kind(game: Game, type_id: Any, name: str) -> FieldSpec | str:
    if name in _CORE_KINDS:
        return _CORE_KINDS[name]
    card_type = game.card_types.get(type_id) if isinstance(type_id, str) else None
    types = [card_type] if card_type else list(game.card_types.values())
    for candidate in types:
        spec = candidate.field(name)
        if spec is not None:
            return spec
    return "string"


def _by_name(value: str, table: Mapping[str, Any]) -> str:
    folded = value.strip().casefold()
    for key, entry in table.items():
        if folded in (key.casefold(), str(getattr(entry, "name", key)).casefold()):
            return key
    return value.strip()


def _number(cell: str) -> float:
    return float(cell)


def _whole(text: str) -> str:
    """'3' for '3.0': a whole number a CSV cell writes with a zero fraction, as a workbook's
    3.0 is read as 3 (so 'Cost 3.0' is a cost, whichever file it is in)."""
    return text.split(".", 1)[0] if _WHOLE.fullmatch(text) else text


# One amount of a resources cell, as designers write it: 'ore=2', 'ore: 2', '2 Ore', 'Ore 2'.
_AMOUNT = (
    re.compile(r"(?P<key>[^\d=:\s][^=:]*?)\s*[=:]\s*(?P<n>[+-]?\d+(?:\.0+)?)"),
    re.compile(r"(?P<n>[+-]?\d+(?:\.0+)?)\s*(?P<key>[^\d=:\s].*?)"),
    re.compile(r"(?P<key>[^\d=:\s].*?)\s+(?P<n>[+-]?\d+(?:\.0+)?)"),
)


def _amounts(text: str, game: Game) -> dict[str, int]:
    """A ``resources`` cell: amounts separated by ';', ',' or '/', each written 'ore=2',
    'ore: 2', '2 Ore' or 'Ore 2' (a resource by id, name or singular, in any case)."""
    amounts: dict[str, int] = {}
    for part in _SPLIT.split(text):
        if not part:
            continue
        found = next((m for form in _AMOUNT if (m := form.fullmatch(part))), None)
        if found is None:
            raise ValueError(f"amounts such as {_amounts_example(game)!r}")
        key = found.group("key").strip()
        singular = {
            r.singular.casefold(): rid for rid, r in game.resources.items() if r.singular
        }.get(key.casefold())
        amounts[singular or _by_name(key, game.resources)] = int(_whole(found.group("n")))
    return amounts


def _amounts_example(game: Game) -> str:
    """'2 Ore; 1 Timber' in the game's first two resources ('2 Gold' for a game of one)."""
    names = [r.name for r in game.resources.values()][:2] or ["Gold"]
    return "; ".join(f"{n} {name}" for n, name in zip((2, 1), names, strict=False))


def _convert(kind: FieldSpec | str, cell: Any, game: Game, *, decimal_comma: bool = False) -> Any:
    """The cell as the field's type; raises ValueError with the expected form.

    With ``decimal_comma`` (a CSV file separated by ';'), a number may be written '2,5'.
    """
    name = kind if isinstance(kind, str) else kind.kind
    if isinstance(cell, float) and cell.is_integer():
        cell = int(cell)
    text = str(cell).strip()
    if decimal_comma and name in ("integer", "number", "boolean") and _DECIMAL.fullmatch(text):
        text = text.replace(",", ".")
    if name == "integer":
        try:
            return int(_whole(text))
        except ValueError:
            raise ValueError("a whole number") from None
    if name == "number":
        try:
            return _number(text)
        except ValueError:
            raise ValueError("a number") from None
    if name == "boolean":
        if _whole(text).casefold() in _TRUE:
            return True
        if _whole(text).casefold() in _FALSE:
            return False
        raise ValueError("yes or no")
    if name in ("list", "cards"):
        return [part for part in _SPLIT.split(text) if part]
    if name == "factions":
        parts = [_by_name(part, game.factions) for part in _SPLIT.split(text) if part]
        return parts[0] if len(parts) == 1 else parts
    if name == "faction":
        return _by_name(text, game.factions)
    if name == "resources":
        return _amounts(text, game)
    if name == "object":
        raise ValueError("a value a spreadsheet cannot hold (use a YAML card file)")
    if name == "rules":
        return rules_cell_text(str(cell), ability_labels(game))
    if name == "text":
        return cell_text(str(cell))
    return text


def _sheets(mapping: SpreadsheetMapping) -> tuple[str, ...] | None:
    """The sheets game.yaml names (``sheet: Cards`` or ``sheet: [Ships, Bases]``), or None."""
    if mapping.sheet is None:
        return None
    return (mapping.sheet,) if isinstance(mapping.sheet, str) else tuple(mapping.sheet)


def _header_columns(
    mapping: SpreadsheetMapping, names: Mapping[str, int]
) -> tuple[dict[str, str], list[str]]:
    """The columns (header -> field) a header row maps, and the headers it must have."""
    if mapping.columns:
        columns = dict(mapping.columns)
        return columns, [h for h in columns if h not in mapping.optional]
    columns = {h: h.strip().lower().replace(" ", "_") for h in names if h}
    required = [h for h, f in columns.items() if f in ("name", "type")]
    for needed in ("name", "type"):
        if needed not in columns.values():
            required.append(needed.capitalize())
            columns[needed.capitalize()] = needed
    return columns, required


def _unmapped_columns(
    game: Game, names: Mapping[str, int], columns: dict[str, str], shown: str, line: int
) -> list[Diagnostic]:
    """The columns a ``columns:`` mapping leaves out: one named like a field of the game
    ('Type', 'Cost') is read as that field, as it is without a mapping (``columns`` gets
    it); any other is a warning at its header cell, as its cells are not read."""
    own = [f.name for t in game.card_types.values() for f in t.fields]
    fields = list(dict.fromkeys([*CORE_FIELDS, *own]))
    mapped = set(columns.values())
    unread: list[tuple[str, int, str]] = []
    for header, column in names.items():
        field = header.strip().lower().replace(" ", "_")
        if header in columns or header in game.spreadsheet.unread:
            continue
        if field in fields and field not in mapped:
            columns[header] = field
            mapped.add(field)
        else:
            unread.append((header, column, field))
    left = ", ".join(f for f in fields if f not in mapped and f not in ("id", "suppress"))
    return [
        warning(
            "CK046",
            f"column {header!r} ({cell_name(line, column)}) is not read: game.yaml's "
            f"spreadsheet columns do not map it, and no field is called {field!r}",
            Location(shown, line, column),
            hint=f"map it to a field under 'spreadsheet: columns:' ('{header}: FIELD'; "
            f"fields no column gives: {left or 'none'}), or to null ('{header}: null') if "
            "its cells are not the card's",
        )
        for header, column, field in unread
    ]


def _header_names(rows: list[Row]) -> dict[str, int]:
    """The names of the header row (the first row) and their columns; first of each name."""
    names: dict[str, int] = {}
    for _, column, value in rows[0]:
        names.setdefault(str(value).strip(), column)
    names.pop("", None)
    return names


def _holds_cards(rows: list[Row], mapping: SpreadsheetMapping) -> bool:
    """Whether a sheet's header row names one of the columns a card must have."""
    names = _header_names(rows)
    columns, required = _header_columns(mapping, names)
    return any(header in names for header in required or columns)


def _card_tables(
    tables: list[Table], game: Game, shown: str
) -> tuple[list[Table], list[Diagnostic]]:
    """The tables that hold cards; a sheet of notes beside sheets of cards is skipped (CK043).

    Sheets game.yaml names are all read. Otherwise every sheet with a card column in its
    header row is; when none has one, every sheet is read, for CK040 to say what is missing.
    """
    mapping = game.spreadsheet
    if _sheets(mapping) is not None:
        return tables, []
    filled = [table for table in tables if table.rows]
    if not filled:
        workbook = bool(tables) and tables[0].sheet is not None
        return [], [
            error(
                "CK003",
                "empty spreadsheet: "
                + (
                    "no sheet has a header row or cards"
                    if workbook
                    else "it has no header row and no cards"
                ),
                Location(shown),
                hint=f"start with a header row: {', '.join(iter_headers(game))}",
            )
        ]
    cards = [table for table in filled if _holds_cards(table.rows, mapping)]
    if not cards:
        return filled, []
    columns, required = _header_columns(mapping, {})
    wanted = ", ".join(map(repr, required or columns))
    skipped = [
        warning(
            "CK043",
            f"sheet {table.sheet!r} is skipped: its first row has none of the columns {wanted}",
            Location(table.label, table.rows[0][0][0], 1),
            hint="if it holds cards, give it a header row; to read only some sheets, "
            "list them in game.yaml (spreadsheet: sheet: [...])",
        )
        for table in filled
        if table not in cards
    ]
    return cards, skipped


def read_spreadsheet(path: Path, shown: str, game: Game) -> tuple[list[RawCard], list[Diagnostic]]:
    """Every row of a card spreadsheet as a raw card mapping, located by row and column.

    Every sheet of a workbook that holds cards is read, in tab order (or the sheets
    game.yaml names, in its order); locations name the sheet: ``cards.xlsx[Bases]:3:2``.
    """
    mapping = game.spreadsheet
    tables, problems = read_tables(path, shown, _sheets(mapping))
    if problems:
        return [], problems
    tables = [
        dataclasses.replace(t, rows=[r for r in t.rows if any(str(v).strip() for _, _, v in r)])
        for t in tables
    ]
    tables, found = _card_tables(tables, game, shown)
    records: list[RawCard] = []
    for table in tables:
        more, problems = _table_records(table, game)
        records.extend(more)
        found.extend(problems)
    if tables and not records and not any(d.severity.value == "error" for d in found):
        first = next((t for t in tables if t.rows), tables[0])
        line = first.rows[0][0][0] if first.rows else 0
        found.append(
            error(
                "CK003",
                "empty spreadsheet: it has a header row but no cards"
                if first.rows
                else "empty spreadsheet: it has no header row and no cards",
                Location(first.label, line, 1 if line else 0),
                hint="add one card per row below the header"
                if first.rows
                else f"start with a header row: {', '.join(iter_headers(game))}",
            )
        )
    return records, found


def _table_records(table: Table, game: Game) -> tuple[list[RawCard], list[Diagnostic]]:
    """The cards of one table (a CSV file, a sheet of a workbook): one per row below the header."""
    rows, shown, mapping = table.rows, table.label, game.spreadsheet
    if not rows:
        return [], []
    header = rows[0]
    names: dict[str, int] = {}
    head_line = header[0][0]
    found: list[Diagnostic] = []
    for _, column, value in header:
        name = str(value).strip()
        if name in names:
            found.append(
                error(
                    "CK040",
                    f"column {name!r} appears twice in the header row "
                    f"({cell_name(head_line, names[name])} and {cell_name(head_line, column)})",
                    Location(shown, head_line, column),
                    hint="rename or delete one of them",
                )
            )
        elif name:
            names[name] = column
    columns, required = _header_columns(mapping, names)
    if mapping.columns:
        unread = _unmapped_columns(game, names, columns, shown, head_line)
    else:
        unread = _unknown_headers(game, names, columns, shown, head_line)
    for header_name in required:
        if header_name not in names:
            near = difflib.get_close_matches(header_name, list(names), n=1, cutoff=0.6)
            close = f" (is {near[0]!r} a misspelling of it?)" if near else ""
            has = f"the header row has {', '.join(map(repr, names)) or 'no names'}"
            if near:  # the designer's own name for the column: rename it, or map it
                has += (
                    f"; rename {near[0]!r} to {header_name!r}, or map it in game.yaml: "
                    f"'spreadsheet: columns: {{{near[0]}: {columns[header_name]}}}'"
                )
            found.append(
                error(
                    "CK040",
                    f"missing column {header_name!r}{close}",
                    Location(shown, head_line, 1),
                    hint=has,
                )
            )
    if found:  # the header row to be fixed first: what else it lacks, said after
        return [], found
    found += unread
    source = SourceMap(shown)
    records: list[RawCard] = []
    headers = {field: header for header, field in columns.items()}
    for index, row in enumerate(rows[1:]):
        record, bad_cells = _row_record(
            row, index, names, columns, game, source, decimal_comma=table.decimal_comma
        )
        found.extend(
            error(
                "CK042",
                f"cell {cell_name(bad.line, bad.column)} of column {headers[bad.source]!r} is "
                f"{_shown_cell(bad.value)}{bad.problem}",
                Location(shown, bad.line, bad.column),
                hint=bad.hint,
            )
            for bad in bad_cells
        )
        unreadable = frozenset(bad.field for bad in bad_cells)
        records.append(RawCard(record, source, (index,), unreadable))
        found.extend(_cells_past_the_header(row, names, shown, csv=table.sheet is None))
    return records, found


# Headers a designer's sheet often gives a core field under another name.
_SYNONYMS: dict[str, str] = {
    "qty": "count",
    "quantity": "count",
    "copies": "count",
    "number": "count",
    "card_name": "name",
    "title": "name",
    "card_type": "type",
    "kind": "type",
    "rules": "text",
    "rules_text": "text",
    "card_text": "text",
    "ability": "text",
    "flavour": "flavor",
    "flavor_text": "flavor",
    "flavour_text": "flavor",
}


def _unknown_headers(
    game: Game, names: Mapping[str, int], columns: dict[str, str], shown: str, line: int
) -> list[Diagnostic]:
    """Without a ``columns:`` mapping, each header names a field: one that names no field of
    the game is told once, at its header cell, with the field it may mean (its cells are
    not read, so no card of the sheet has the unknown field)."""
    own = [f.name for t in game.card_types.values() for f in t.fields]
    fields = list(dict.fromkeys([*CORE_FIELDS, *own]))
    found = []
    for header, column in names.items():
        field = columns.get(header)
        if field is None or field in fields:
            continue
        del columns[header]
        meant = _SYNONYMS.get(field) or next(
            iter(difflib.get_close_matches(field, fields, n=1, cutoff=0.75)), None
        )
        if meant is not None:
            hint = (
                f"rename it '{meant}', or map it in game.yaml: "
                f"'spreadsheet: columns: {{{header}: {meant}}}'"
            )
        else:
            hint = (
                f"rename it to a field of the game ({', '.join(fields)}), declare a field "
                f"'{field}' in game.yaml, or map it under 'spreadsheet: columns:'"
            )
        found.append(
            warning(
                "CK046",
                f"column {header!r} ({cell_name(line, column)}) is not read: no field is "
                f"called {field!r}" + (f" (did you mean {meant!r}?)" if meant else ""),
                Location(shown, line, column),
                hint=hint,
            )
        )
    return found


def _cells_past_the_header(
    row: Row, names: Mapping[str, int], shown: str, *, csv: bool
) -> list[Diagnostic]:
    """CK047 at the first cell of ``row`` that holds something in a column without a header.
    In a CSV file that is mostly a cell with a comma in it, written without quotes, split in
    two: an error, as the card lost the end of its cell. In a workbook it is a note beside
    the cards: a warning, as for a column no field is called (CK046)."""
    headed = set(names.values())
    for line, column, value in row:
        if column in headed or value is None or (isinstance(value, str) and not value.strip()):
            continue
        message = (
            f"cell {cell_name(line, column)} ({_shown_cell(value)}) is in a column the "
            "header row does not name: it is not read"
        )
        if not csv:
            hint = "give the column a header to read it as a field, or move the note"
            return [warning("CK047", message, Location(shown, line, column), hint=hint)]
        hint = (
            "in a CSV file, a cell that holds the separator (a comma) is written in double "
            'quotes: "If you fail, take 2 damage." is one cell; or give the column a header'
        )
        return [error("CK047", message, Location(shown, line, column), hint=hint)]
    return []


def _shown_cell(value: Any) -> str:
    text = str(value)
    return repr(text if len(text) <= 40 else text[:37] + "...")


class _BadCell(NamedTuple):
    """A cell that could not be read into ``field``."""

    field: str  # the field left out of the card
    source: str  # the field whose column holds the cell
    value: Any
    line: int
    column: int
    problem: str  # what is wrong, after the cell's value: ", not a whole number"
    hint: str | None = None


class _Derived(NamedTuple):
    """A field a pattern of ``values:`` sets from a cell, to convert once the type is known."""

    text: str
    source: str  # the field whose cell matched
    pattern: ValuePattern


def _replacement(
    mapping: SpreadsheetMapping, field: str, cell: Any
) -> tuple[Mapping[str, Any] | None, ValuePattern | None, dict[str, str]]:
    """The fields ``values:`` sets for a ``field`` cell: by its value, else by the first
    pattern it matches (with the text of each slot); None when neither is declared."""
    text = str(cell).strip()
    exact = mapping.values.get(field, {}).get(text)
    if exact is not None:
        return exact, None, {}
    for pattern in mapping.patterns.get(field, ()):
        taken = match_pattern(pattern, text)
        if taken is not None:
            return pattern.fields, pattern, taken
    return None, None, {}


def _row_record(
    row: Row,
    index: int,
    names: Mapping[str, int],
    columns: Mapping[str, str],
    game: Game,
    source: SourceMap,
    *,
    decimal_comma: bool = False,
) -> tuple[dict[str, Any], list[_BadCell]]:
    cells = {column: (line, value) for line, column, value in row}
    line = row[0][0]
    source.values[(index,)] = (line, 1)
    record: dict[str, Any] = {}
    raw: dict[str, tuple[Any, int, int]] = {}
    for header, field in columns.items():
        column = names.get(header)
        if column is None:
            continue
        cell_line, value = cells.get(column, (line, ""))
        # Where the value is written, or would be: a blank cell is where to fill it in.
        source.values[(index, field)] = (cell_line, column)
        if isinstance(value, str) and not value.strip():
            continue
        raw[field] = (value, cell_line, column)
        source.values[(index, field)] = (cell_line, column)
        source.keys[(index, field)] = (cell_line, column)
    derived: dict[str, _Derived] = {}
    for field, (value, _, _) in raw.items():
        replacement, pattern, taken = _replacement(game.spreadsheet, field, value)
        if replacement is None:
            if field not in record:
                record[field] = value
            continue
        for key, new in replacement.items():
            derived.pop(key, None)
            if new is None:
                record.pop(key, None)
            elif pattern is not None and filled(new, taken) is not new:
                record[key] = filled(new, taken)
                derived[key] = _Derived(record[key], field, pattern)
            else:
                record[key] = new
    if isinstance(record.get("type"), str):
        record["type"] = _by_name(record["type"], game.card_types)
    if isinstance(record.get("deck"), str):
        record["deck"] = _by_name(record["deck"], game.decks)
    problems: list[_BadCell] = []
    for field, value in list(record.items()):
        if field in ("type", "deck"):  # by name, above
            continue
        if field in derived:
            problem = _derived_value(field, derived[field], record, raw, game, decimal_comma)
        elif field not in raw or raw[field][0] is not value:
            continue
        else:
            problem = _cell_value(field, record, raw, game, decimal_comma)
        if problem is not None:
            problems.append(problem)
            del record[field]
    return record, problems


def _cell_value(
    field: str,
    record: dict[str, Any],
    raw: Mapping[str, tuple[Any, int, int]],
    game: Game,
    decimal_comma: bool,
) -> _BadCell | None:
    """Convert the cell read into ``record[field]`` to the field's type, or say why not."""
    value, cell_line, column = raw[field]
    try:
        kind = _field_kind(game, record.get("type"), field)
        record[field] = _convert(kind, value, game, decimal_comma=decimal_comma)
    except ValueError as exc:
        patterns = game.spreadsheet.patterns.get(field, ())
        hint = None
        if patterns:
            forms = ", ".join(repr(pattern.text) for pattern in patterns)
            hint = f"nor does it match a pattern of game.yaml's spreadsheet values: {forms}"
        return _BadCell(field, field, value, cell_line, column, f", not {exc}", hint)
    return None


def _derived_value(
    field: str,
    derived: _Derived,
    record: dict[str, Any],
    raw: Mapping[str, tuple[Any, int, int]],
    game: Game,
    decimal_comma: bool,
) -> _BadCell | None:
    """Convert the text a pattern put into ``record[field]`` to the field's type, or say why not."""
    try:
        kind = _field_kind(game, record.get("type"), field)
        record[field] = _convert(kind, derived.text, game, decimal_comma=decimal_comma)
    except ValueError as exc:
        value, cell_line, column = raw[derived.source]
        return _BadCell(
            field,
            derived.source,
            value,
            cell_line,
            column,
            f": it matches {derived.pattern.text!r}, which gives {field!r} "
            f"{derived.text!r}, not {exc}",
        )
    return None


def iter_headers(game: Game) -> Iterator[str]:
    """The column headers a spreadsheet of this game should have, in order."""
    if game.spreadsheet.columns:
        yield from (header for header, _ in game.spreadsheet.columns)
    else:
        yield from ("name", "type", "faction", "count", "text")


_MISSING_FIELD = re.compile(r"missing required field '([^']+)' of ")
_NO_DECK = "card belongs to no deck: set 'deck'"


def column_hints(
    found: Iterable[Diagnostic], records: Iterable[RawCard], game: Game
) -> list[Diagnostic]:
    """``found`` with the fix for a field missing from a spreadsheet row told in columns.

    A card checker says "set 'deck'"; a spreadsheet user fills in the row's cell when the
    sheet has the column (the diagnostic then points at the cell), else adds a column or
    maps one in game.yaml.
    """
    rows = {}
    for record in records:
        if not from_sheet(record):
            continue  # a card of a YAML file: 'set' is the word there
        _, source, where, *_ = record
        at = source.at(where)
        rows[(at.path, at.line, at.column)] = (source, where)
    result = []
    for diag in found:
        field = _missing_field(diag)
        row = rows.get((diag.location.path, diag.location.line, diag.location.column))
        if row is None or field is None:
            result.append(diag)
            continue
        source, where = row
        location = diag.location
        if (*where, field) in source.values:
            location = source.at((*where, field))
            fix = f"fill in this card's {_column_of(game, field)!r} cell"
        elif any(f == field for _, f in game.spreadsheet.columns):
            fix = f"add a {_column_of(game, field)!r} column"
        elif game.spreadsheet.columns:
            fix = f"add a column for {field!r} and map it in game.yaml's spreadsheet columns"
        else:
            fix = f"add a {field!r} column (or map one in game.yaml's spreadsheet columns)"
        message = "card belongs to no deck" if diag.message == _NO_DECK else diag.message
        hint = fix
        if diag.hint:
            hint += f"; {'the value is ' * diag.hint.startswith('one of ')}{diag.hint}"
        result.append(dataclasses.replace(diag, message=message, location=location, hint=hint))
    return result


def _missing_field(diag: Diagnostic) -> str | None:
    if diag.code != "CK022":
        return None
    if diag.message == _NO_DECK:
        return "deck"
    match = _MISSING_FIELD.match(diag.message)
    return match.group(1) if match else None


def _column_of(game: Game, field: str) -> str:
    """The header of the column that holds ``field`` (the field's name when none is mapped)."""
    return next((header for header, f in game.spreadsheet.columns if f == field), field)
