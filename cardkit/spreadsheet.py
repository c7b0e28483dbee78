"""Cards kept in spreadsheets (CSV or XLSX): rows into raw card mappings with cell locations.

Cells are converted to the type of the field their column maps to, display names of
card types, factions and decks are accepted for their ids, and ``<hr>`` (the break the
public Star Realms spreadsheet puts between abilities) becomes a new line.
"""

from __future__ import annotations

import csv
import re
import zipfile
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from cardkit.diagnostics import Diagnostic, Location, error
from cardkit.model import FieldSpec, Game
from cardkit.textfile import read_text
from cardkit.yamlsource import SourceMap

Row = list[tuple[int, int, Any]]  # (line, column, cell value) for each cell of a row

_CORE_KINDS = {
    "count": "integer",
    "text": "text",
    "tags": "list",
    "suppress": "list",
    "faction": "factions",
}
_TRUE = {"yes", "y", "true", "1", "x"}
_FALSE = {"no", "n", "false", "0", ""}
_SPLIT = re.compile(r"\s*[;,/]\s*")
_HR = re.compile(r"\s*<hr\s*/?>\s*", re.IGNORECASE)


def _csv_rows(path: Path, shown: str) -> tuple[list[Row], list[Diagnostic]]:
    text, problems = read_text(path, shown)
    if text is None:
        return [], problems
    rows: list[Row] = []
    reader = csv.reader(text.splitlines(keepends=True))
    line = 1
    try:
        for record in reader:
            rows.append([(line, col, cell) for col, cell in enumerate(record, start=1)])
            line = reader.line_num + 1
    except csv.Error as exc:
        return [], [error("CK041", f"not a readable CSV file: {exc}", Location(shown, line, 1))]
    return rows, []


def _xlsx_rows(path: Path, shown: str, sheet: str | None) -> tuple[list[Row], list[Diagnostic]]:
    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        book = load_workbook(path, read_only=True, data_only=True)
    except (zipfile.BadZipFile, InvalidFileException, KeyError, OSError, ValueError) as exc:
        return [], [
            error(
                "CK041",
                f"not an XLSX workbook: {type(exc).__name__}: {exc}",
                Location(shown),
                hint="save the spreadsheet as .xlsx or export CSV",
            )
        ]
    try:
        if sheet is not None and sheet not in book.sheetnames:
            return [], [
                error(
                    "CK041",
                    f"workbook has no sheet {sheet!r}; it has {', '.join(book.sheetnames)}",
                    Location(shown),
                )
            ]
        worksheet = book[sheet] if sheet else book.worksheets[0]
        rows: list[Row] = []
        for r, values in enumerate(worksheet.iter_rows(values_only=True), start=1):
            rows.append([(r, c, "" if v is None else v) for c, v in enumerate(values, start=1)])
        return rows, []
    finally:
        book.close()


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


def _convert(kind: FieldSpec | str, cell: Any, game: Game) -> Any:
    """The cell as the field's type; raises ValueError with the expected form."""
    name = kind if isinstance(kind, str) else kind.kind
    if isinstance(cell, float) and cell.is_integer():
        cell = int(cell)
    text = str(cell).strip()
    if name == "integer":
        try:
            return int(text)
        except ValueError:
            raise ValueError("a whole number") from None
    if name == "number":
        try:
            return _number(text)
        except ValueError:
            raise ValueError("a number") from None
    if name == "boolean":
        if text.casefold() in _TRUE:
            return True
        if text.casefold() in _FALSE:
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
        amounts: dict[str, int] = {}
        for part in _SPLIT.split(text):
            if part:
                key, _, amount = part.partition("=")
                try:
                    amounts[_by_name(key, game.resources)] = int(amount)
                except ValueError:
                    raise ValueError("amounts written 'resource=N; resource=N'") from None
        return amounts
    if name == "object":
        raise ValueError("a value a spreadsheet cannot hold (use a YAML card file)")
    if name == "text":
        return _HR.sub("\n", str(cell).strip())
    return text


def read_spreadsheet(
    path: Path, shown: str, game: Game
) -> tuple[list[tuple[dict[str, Any], SourceMap, tuple[str | int, ...]]], list[Diagnostic]]:
    """Every row of a card spreadsheet as a raw card mapping, located by row and column."""
    mapping = game.spreadsheet
    if path.suffix.lower() == ".xlsx":
        rows, problems = _xlsx_rows(path, shown, mapping.sheet)
    else:
        rows, problems = _csv_rows(path, shown)
    if problems:
        return [], problems
    rows = [row for row in rows if any(str(v).strip() for _, _, v in row)]
    if not rows:
        return [], [error("CK003", "spreadsheet has no header row and no cards", Location(shown))]
    header = rows[0]
    names = {str(value).strip(): column for _, column, value in header}
    head_line = header[0][0]
    if mapping.columns:
        columns = dict(mapping.columns)
        required = [h for h in columns if h not in mapping.optional]
    else:
        columns = {h: h.strip().lower().replace(" ", "_") for h in names if h}
        required = [h for h, f in columns.items() if f in ("name", "type")]
        for needed in ("name", "type"):
            if needed not in columns.values():
                required.append(needed.capitalize())
                columns[needed.capitalize()] = needed
    found: list[Diagnostic] = [
        error(
            "CK040",
            f"missing column {header_name!r}",
            Location(shown, head_line, 1),
            hint=f"the header row has {', '.join(repr(n) for n in names if n) or 'no names'}",
        )
        for header_name in required
        if header_name not in names
    ]
    if found:
        return [], found
    source = SourceMap(shown)
    records: list[tuple[dict[str, Any], SourceMap, tuple[str | int, ...]]] = []
    for index, row in enumerate(rows[1:]):
        record, problems = _row_record(row, index, names, columns, game, source)
        found.extend(problems)
        records.append((record, source, (index,)))
    return records, found


def _row_record(
    row: Row,
    index: int,
    names: Mapping[str, int],
    columns: Mapping[str, str],
    game: Game,
    source: SourceMap,
) -> tuple[dict[str, Any], list[Diagnostic]]:
    cells = {column: (line, value) for line, column, value in row}
    line = row[0][0]
    source.values[(index,)] = (line, 1)
    record: dict[str, Any] = {}
    raw: dict[str, tuple[Any, int, int]] = {}
    for header, field in columns.items():
        column = names.get(header)
        if column is None or column not in cells:
            continue
        cell_line, value = cells[column]
        if isinstance(value, str) and not value.strip():
            continue
        raw[field] = (value, cell_line, column)
        source.values[(index, field)] = (cell_line, column)
        source.keys[(index, field)] = (cell_line, column)
    for field, (value, _, _) in raw.items():
        replacement = game.spreadsheet.values.get(field, {}).get(str(value).strip())
        if replacement is not None:
            for key, new in replacement.items():
                if new is None:
                    record.pop(key, None)
                else:
                    record[key] = new
            continue
        if field not in record:
            record[field] = value
    if isinstance(record.get("type"), str):
        record["type"] = _by_name(record["type"], game.card_types)
    if isinstance(record.get("deck"), str):
        record["deck"] = _by_name(record["deck"], game.decks)
    problems: list[Diagnostic] = []
    for field, value in list(record.items()):
        if field in ("type", "deck") or field not in raw or raw[field][0] is not value:
            continue
        _, cell_line, column = raw[field]
        try:
            record[field] = _convert(_field_kind(game, record.get("type"), field), value, game)
        except ValueError as exc:
            problems.append(
                error(
                    "CK042",
                    f"cell {str(value)!r} of column {field!r} is not {exc}",
                    Location(source.path, cell_line, column),
                )
            )
            del record[field]
    return record, problems


def iter_headers(game: Game) -> Iterator[str]:
    """The column headers a spreadsheet of this game should have, in order."""
    if game.spreadsheet.columns:
        yield from (header for header, _ in game.spreadsheet.columns)
    else:
        yield from ("name", "type", "faction", "count", "text")
