"""Cards kept in spreadsheets (CSV or XLSX): rows into raw card mappings with cell locations.

Cells are converted to the type of the field their column maps to, display names of
card types, factions and decks are accepted for their ids, and ``<hr>`` (the break the
public Star Realms spreadsheet puts between abilities) becomes a new line.
"""

from __future__ import annotations

import csv
import dataclasses
import difflib
import re
import zipfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any, NamedTuple

from cardkit.diagnostics import Diagnostic, Location, error
from cardkit.model import FieldSpec, Game
from cardkit.textfile import MAX_FILE_BYTES, read_text
from cardkit.yamlsource import PathKey, SourceMap

Row = list[tuple[int, int, Any]]  # (line, column, cell value) for each cell of a row


class RawCard(NamedTuple):
    """One card's fields as written, before checking, and where they were written."""

    values: dict[str, Any]
    source: SourceMap
    path: PathKey
    # Fields whose cells could not be read; already reported, so not "missing" as well.
    unreadable: frozenset[str] = frozenset()


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
    reader = csv.reader(text.splitlines(keepends=True), strict=True)
    line = 1
    try:
        for record in reader:
            rows.append([(line, col, cell) for col, cell in enumerate(record, start=1)])
            line = reader.line_num + 1
    except csv.Error as exc:
        if "field larger than field limit" in str(exc):
            limit = f"{csv.field_size_limit():,}"
            return [], [
                error(
                    "CK004",
                    f"a cell of this row holds more than {limit} characters",
                    Location(shown, line, 1),
                )
            ]
        message = (
            "unclosed quote: the quoted cell that starts in this row runs to the end of the file"
            if "unexpected end of data" in str(exc)
            else f"not a readable CSV file: {exc}"
        )
        return [], [error("CK041", message, Location(shown, line, 1))]
    return rows, []


def _not_a_workbook(path: Path, exc: Exception) -> str:
    """Why ``path`` is not a workbook, in the words a designer needs."""
    try:
        head = path.read_bytes()[:4096]
    except OSError:  # pragma: no cover - it was readable a moment ago
        head = b""
    if not head:
        return "the file is empty"
    if not head.startswith(b"PK"):
        try:
            head.decode("utf-8")
        except UnicodeDecodeError:
            return "it is not a zip archive, as every .xlsx file is"
        return "it is a text file (if it holds comma-separated values, rename it to .csv)"
    if isinstance(exc, zipfile.BadZipFile):
        return "it is a damaged zip archive"
    if isinstance(exc, KeyError):
        return "it is a zip archive without a workbook in it"
    return f"it is a zip archive that openpyxl cannot read ({type(exc).__name__}: {exc})"


# An .xlsx file is a zip of XML parts; what they unpack to is capped before anything is
# unpacked (zipfile never inflates a member past the size its header declares).
MAX_UNPACKED_BYTES = 5 * MAX_FILE_BYTES


def _too_large(path: Path, shown: str) -> Diagnostic | None:
    """CK004 for a workbook too large to read safely (a zip bomb among them), else None."""
    try:
        size = path.stat().st_size
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (OSError, zipfile.BadZipFile, ValueError):
        return None  # load_workbook says why it cannot be read
    if size > MAX_FILE_BYTES:
        return error(
            "CK004", f"file is {size:,} bytes; the limit is {MAX_FILE_BYTES:,}", Location(shown)
        )
    if unpacked > MAX_UNPACKED_BYTES:
        return error(
            "CK004",
            f"workbook unpacks to {unpacked:,} bytes; the limit is {MAX_UNPACKED_BYTES:,}",
            Location(shown),
            hint="a card spreadsheet is far smaller: this file is damaged or hostile",
        )
    return None


def _formula_results(
    path: Path, shown: str, sheet: str | None, formulas: dict[tuple[int, int], str], rows: list[Row]
) -> list[Diagnostic]:
    """Put each formula's saved result into ``rows``; CK042 where a formula has none.

    cardkit never calculates: it reads the result the spreadsheet program saved.
    """
    from openpyxl import load_workbook

    book = load_workbook(path, read_only=True, data_only=True)
    try:
        worksheet = book[sheet] if sheet else book.worksheets[0]
        saved = {
            (r, c): v
            for r, values in enumerate(worksheet.iter_rows(values_only=True), start=1)
            for c, v in enumerate(values, start=1)
            if (r, c) in formulas
        }
    finally:
        book.close()
    found = []
    for (r, c), formula in sorted(formulas.items()):
        value = saved.get((r, c))
        if value is None:
            found.append(
                error(
                    "CK042",
                    f"cell {cell_name(r, c)} holds the formula {formula!r} with no saved result",
                    Location(shown, r, c),
                    hint="open and save the workbook in a spreadsheet program, "
                    "or type the value itself",
                )
            )
        else:
            rows[r - 1][c - 1] = (r, c, value)
    return found


def _xlsx_rows(path: Path, shown: str, sheet: str | None) -> tuple[list[Row], list[Diagnostic]]:
    from openpyxl import load_workbook

    hint = "save the spreadsheet again as .xlsx, or export it as CSV"
    large = _too_large(path, shown)
    if large is not None:
        return [], [large]
    try:
        book = load_workbook(path, read_only=True, data_only=False)
    except Exception as exc:  # openpyxl fails in many ways on files that are not workbooks
        return [], [
            error(
                "CK041",
                f"not an XLSX workbook: {_not_a_workbook(path, exc)}",
                Location(shown),
                hint=hint,
            )
        ]
    try:
        if sheet is not None and sheet not in book.sheetnames:
            return [], [
                error(
                    "CK041",
                    f"workbook has no sheet {sheet!r}; it has "
                    f"{', '.join(map(repr, book.sheetnames))}",
                    Location(shown),
                )
            ]
        worksheet = book[sheet] if sheet else book.worksheets[0]
        rows: list[Row] = []
        formulas: dict[tuple[int, int], str] = {}
        for r, cells in enumerate(worksheet.iter_rows(), start=1):
            row: Row = []
            for c, cell in enumerate(cells, start=1):
                value = cell.value
                if getattr(cell, "data_type", None) == "f":
                    formulas[(r, c)] = str(value)
                row.append((r, c, "" if value is None else value))
            rows.append(row)
        if formulas:
            return rows, _formula_results(path, shown, sheet, formulas, rows)
        return rows, []
    except Exception as exc:  # a damaged sheet inside a readable archive
        return [], [
            error(
                "CK041",
                f"the workbook cannot be read: {type(exc).__name__}: {exc}",
                Location(shown),
                hint=hint,
            )
        ]
    finally:
        book.close()


def cell_name(line: int, column: int) -> str:
    """The spreadsheet name of a cell: row 2, column 5 is 'E2'."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{line}"


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


def read_spreadsheet(path: Path, shown: str, game: Game) -> tuple[list[RawCard], list[Diagnostic]]:
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
        return [], [
            error(
                "CK003",
                "empty spreadsheet: it has no header row and no cards",
                Location(shown),
                hint=f"start with a header row: {', '.join(iter_headers(game))}",
            )
        ]
    if len(rows) == 1:
        return [], [
            error(
                "CK003",
                "empty spreadsheet: it has a header row but no cards",
                Location(shown, rows[0][0][0], 1),
                hint="add one card per row below the header",
            )
        ]
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
    for header_name in required:
        if header_name not in names:
            near = difflib.get_close_matches(header_name, list(names), n=1, cutoff=0.6)
            close = f" (is {near[0]!r} a misspelling of it?)" if near else ""
            found.append(
                error(
                    "CK040",
                    f"missing column {header_name!r}{close}",
                    Location(shown, head_line, 1),
                    hint=f"the header row has {', '.join(map(repr, names)) or 'no names'}",
                )
            )
    if found:
        return [], found
    source = SourceMap(shown)
    records: list[RawCard] = []
    headers = {field: header for header, field in columns.items()}
    for index, row in enumerate(rows[1:]):
        record, bad_cells = _row_record(row, index, names, columns, game, source)
        found.extend(
            error(
                "CK042",
                f"cell {cell_name(line, column)} of column {headers[field]!r} is "
                f"{_shown_cell(value)}, not {expected}",
                Location(shown, line, column),
            )
            for field, value, line, column, expected in bad_cells
        )
        unreadable = frozenset(field for field, *_ in bad_cells)
        records.append(RawCard(record, source, (index,), unreadable))
    return records, found


def _shown_cell(value: Any) -> str:
    text = str(value)
    return repr(text if len(text) <= 40 else text[:37] + "...")


_BadCell = tuple[str, Any, int, int, str]  # field, cell value, line, column, expected form


def _row_record(
    row: Row,
    index: int,
    names: Mapping[str, int],
    columns: Mapping[str, str],
    game: Game,
    source: SourceMap,
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
    problems: list[_BadCell] = []
    for field, value in list(record.items()):
        if field in ("type", "deck") or field not in raw or raw[field][0] is not value:
            continue
        _, cell_line, column = raw[field]
        try:
            record[field] = _convert(_field_kind(game, record.get("type"), field), value, game)
        except ValueError as exc:
            problems.append((field, value, cell_line, column, str(exc)))
            del record[field]
    return record, problems


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
    for _, source, where, *_ in records:
        if not source.path.lower().endswith((".csv", ".xlsx")):
            continue  # a card of a YAML file: 'set' is the word there
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
