"""Spreadsheet files (CSV or XLSX) read into tables of located cells, one per sheet.

A CSV file is one table; a workbook is one table per sheet (tab), labelled for locations
as ``cards.xlsx[Bases]``. What the cells mean is ``spreadsheet.py``'s business.
"""

from __future__ import annotations

import csv
import io
import re
import zipfile
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardkit.diagnostics import Diagnostic, Location, did_you_mean, error
from cardkit.load.textfile import MAX_FILE_BYTES, read_text

Row = list[tuple[int, int, Any]]  # (row, column, cell value) for each cell of a row
MAX_CELLS = 1_000_000  # cells (an empty row counts as one) read from one workbook or CSV file
MAX_COLUMNS = 16_384  # cells in one row of a CSV file: as many as a spreadsheet has columns


@dataclass(frozen=True)
class Table:
    """The rows of one CSV file or one sheet of a workbook, and how locations show it."""

    label: str  # 'cards.csv', or 'cards.xlsx[Bases]' for a workbook's sheet
    sheet: str | None  # the sheet's name; None for a CSV file
    rows: list[Row]
    # A CSV file separated by ';' is what Excel writes where numbers have a decimal comma.
    decimal_comma: bool = False


def sheet_label(shown: str, sheet: str) -> str:
    """How locations show a sheet of the workbook shown as ``shown``: ``cards.xlsx[Bases]``."""
    return f"{shown}[{sheet}]"


def cell_name(line: int, column: int) -> str:
    """The spreadsheet name of a cell: row 2, column 5 is 'E2'."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return f"{letters}{line}"


def read_tables(
    path: Path, shown: str, sheets: tuple[str, ...] | None = None
) -> tuple[list[Table], list[Diagnostic]]:
    """The tables of a spreadsheet file: every sheet of a workbook in tab order, or the
    ``sheets`` named, in their order; the one table of a CSV file."""
    if path.suffix.lower() == ".xlsx":
        return _xlsx_tables(path, shown, sheets)
    return _csv_table(path, shown)


_DELIMITERS = ",;\t"  # comma; semicolon (Excel in locales with a decimal comma); tab


def sniff_delimiter(text: str) -> str:
    """The separator of a CSV file's cells, found in its header line: ',', ';' or a tab.

    csv.Sniffer proposes one; a separator that splits the header into more columns wins
    (``Name;Type;Cost, in trade;Text`` is separated by ';'). A comma when nothing splits it.
    """
    header = next((line for line in text.splitlines() if line.strip()), "")[:_HEADER_CHARS]
    try:
        proposed = csv.Sniffer().sniff(header, delimiters=_DELIMITERS).delimiter
    except csv.Error:
        proposed = ","
    candidates = [proposed, *(d for d in _DELIMITERS if d != proposed)]
    return max(candidates, key=lambda d: _columns(header, d))


_HEADER_CHARS = 65_536  # a header row is far shorter; a hostile one is not read to its end


def _columns(header: str, delimiter: str) -> int:
    try:
        return len(next(csv.reader([header], delimiter=delimiter), []))
    except csv.Error:  # a cell past the field limit: CK004 when the file is read
        return 0


def _csv_table(path: Path, shown: str) -> tuple[list[Table], list[Diagnostic]]:
    text, problems = read_text(path, shown)
    if text is None:
        return [], problems
    delimiter = sniff_delimiter(text)
    too_many = _too_many_cells(text, shown, delimiter)
    if too_many is not None:
        return [], [too_many]
    rows, problems = _csv_rows(text, shown, delimiter)
    if problems:
        return [], problems
    return [Table(shown, None, rows, decimal_comma=delimiter == ";")], []


def _too_many_cells(text: str, shown: str, delimiter: str) -> Diagnostic | None:
    """CK004 at the first line past the bounds, counted from its separators before csv
    makes a cell of anything: a line of more than ``MAX_COLUMNS`` cells, or a file of more
    than ``MAX_CELLS`` (a separator inside quotes counts too, so this errs high)."""
    separators = text.count(delimiter)
    if separators < MAX_COLUMNS and separators + text.count("\n") + text.count("\r") < MAX_CELLS:
        return None  # the common case: no line can be too wide, the file too large
    budget = MAX_CELLS
    shown_delimiter = {"\t": "tab"}.get(delimiter, repr(delimiter))
    # Lines end where csv ends them: at '\n', '\r' or '\r\n'.
    for number, line in enumerate(io.StringIO(text, newline=""), start=1):
        cells = line.count(delimiter) + 1
        if cells > MAX_COLUMNS:
            return error(
                "CK004",
                f"this line has {cells - 1:,} separators ({shown_delimiter}); a row may hold "
                f"at most {MAX_COLUMNS:,} cells",
                Location(shown, number, 1),
                hint="a card spreadsheet is far narrower: this file is damaged or hostile",
            )
        budget -= cells
        if budget < 0:
            return error(
                "CK004",
                f"the file holds more than {MAX_CELLS:,} cells (empty rows count) by this line",
                Location(shown, number, 1),
                hint="split the cards into several files",
            )
    return None


def _csv_rows(text: str, shown: str, delimiter: str) -> tuple[list[Row], list[Diagnostic]]:
    rows: list[Row] = []
    # Lines end at '\n', '\r' or '\r\n' only (str.splitlines would end one at a form feed).
    lines = io.StringIO(text, newline="")
    reader = csv.reader(lines, delimiter=delimiter, strict=True)
    line = 1  # the file line the row being read starts on
    try:
        # Cells are located by sheet row: a quoted cell of several lines is one row.
        for row, record in enumerate(reader, start=1):
            rows.append([(row, col, cell) for col, cell in enumerate(record, start=1)])
            line = reader.line_num + 1
    except csv.Error as exc:
        row = len(rows) + 1
        where = Location(shown, row, 1)
        line_told = f" (line {line} of the file)" if line != row else ""
        if "field larger than field limit" in str(exc):
            limit = f"{csv.field_size_limit():,}"
            message = f"a cell of this row{line_told} holds more than {limit} characters"
            return [], [error("CK004", message, where)]
        message = (
            f"unclosed quote: the quoted cell that starts in this row{line_told} runs to the "
            "end of the file"
            if "unexpected end of data" in str(exc)
            else f"not a readable CSV file: {exc}{line_told}"
        )
        return [], [error("CK041", message, where)]
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


# What zipfile raises for a damaged or unusual archive: a bad directory, a deflate stream that
# breaks, a zip version or compression it does not support, an encrypted member.
_ZIP_ERRORS = (
    OSError,
    zipfile.BadZipFile,
    ValueError,
    EOFError,
    RuntimeError,
    NotImplementedError,
    zlib.error,
)


def _too_large(path: Path, shown: str) -> Diagnostic | None:
    """CK004 for a workbook too large to read safely (a zip bomb among them), else None."""
    try:
        size = path.stat().st_size
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except _ZIP_ERRORS:
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


# What may come before an XML part's root element: blanks, the declaration, processing
# instructions and comments. A DOCTYPE there (entities, external files) is refused.
_PROLOG = re.compile(rb"(?:\s+|<\?.*?\?>|<!--.*?-->)*", re.DOTALL)
_PROLOG_LIMIT = 1024 * 1024  # a prolog longer than this is no workbook's


def _doctype_part(path: Path, shown: str) -> Diagnostic | None:
    """CK041 for a workbook with a DOCTYPE in any XML part (its sheets, and also styles,
    shared strings, properties, relationships), read before openpyxl parses any."""
    try:
        with zipfile.ZipFile(path) as archive:
            for info in archive.infolist():
                if not info.filename.endswith((".xml", ".rels", ".vml")):
                    continue
                with archive.open(info) as stream:
                    head = stream.read(_PROLOG_LIMIT)
                rest = head[_PROLOG.match(head).end() :]  # type: ignore[union-attr]
                if rest.startswith(b"<!") or (not rest and len(head) == _PROLOG_LIMIT):
                    return error(
                        "CK041",
                        f"part {info.filename!r} of the workbook has a DOCTYPE (or a prolog "
                        "past 1 MB); cardkit reads no XML with entities",
                        Location(shown),
                        hint="save the spreadsheet again as .xlsx from a spreadsheet program",
                    )
    except _ZIP_ERRORS:
        return None  # load_workbook says why it cannot be read
    return None


_Formulas = dict[tuple[int, int], str]  # (row, column) -> the formula written there


def _formula_results(
    path: Path, tables: list[Table], formulas: list[_Formulas]
) -> list[Diagnostic]:
    """Put each formula's saved result into its table; CK042 where a formula has none.

    cardkit never calculates: it reads the result the spreadsheet program saved.
    """
    from openpyxl import load_workbook

    found = []
    book = load_workbook(path, read_only=True, data_only=True)
    try:
        for table, written in zip(tables, formulas, strict=True):
            if not written:
                continue
            saved = {
                (r, c): v
                for r, values in enumerate(
                    _rows_as_written(book[table.sheet], values_only=True), start=1
                )
                for c, v in enumerate(values, start=1)
                if (r, c) in written
            }
            for (r, c), formula in sorted(written.items()):
                value = saved.get((r, c))
                if value is None:
                    found.append(
                        error(
                            "CK042",
                            f"cell {cell_name(r, c)} holds the formula {formula!r} "
                            "with no saved result",
                            Location(table.label, r, c),
                            hint="open and save the workbook in a spreadsheet program, "
                            "or type the value itself",
                        )
                    )
                else:
                    table.rows[r - 1][c - 1] = (r, c, value)
    finally:
        book.close()
    return found


class _TooManyCells(Exception):
    pass


def _rows_as_written(worksheet: Any, **options: Any) -> Iterator[Any]:
    """The rows of a worksheet as the file holds them: not padded to the size the file claims
    (a claimed 'A1:XFD1048576' would make openpyxl fill in billions of empty cells)."""
    worksheet.reset_dimensions()
    return worksheet.iter_rows(**options)  # type: ignore[no-any-return]


def _sheet_rows(worksheet: Any, budget: list[int]) -> tuple[list[Row], _Formulas]:
    rows: list[Row] = []
    formulas: _Formulas = {}
    for r, cells in enumerate(_rows_as_written(worksheet), start=1):
        budget[0] -= max(1, len(cells))
        if budget[0] < 0:
            raise _TooManyCells
        row: Row = []
        for c, cell in enumerate(cells, start=1):
            value = cell.value
            if getattr(cell, "data_type", None) == "f":
                formulas[(r, c)] = str(value)
            row.append((r, c, "" if value is None else value))
        rows.append(row)
    return rows, formulas


def _xlsx_tables(
    path: Path, shown: str, sheets: tuple[str, ...] | None
) -> tuple[list[Table], list[Diagnostic]]:
    from openpyxl import load_workbook

    hint = "save the spreadsheet again as .xlsx, or export it as CSV"
    large = _too_large(path, shown) or _doctype_part(path, shown)
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
        names = [worksheet.title for worksheet in book.worksheets]  # no chart sheets
        missing = [
            error(
                "CK041",
                f"workbook has no sheet {name!r}{did_you_mean(name, names)}; it has "
                f"{', '.join(map(repr, names))}",
                Location(shown),
                hint="name the sheets of cards in game.yaml's spreadsheet: sheet:",
            )
            for name in sheets or ()
            if name not in names
        ]
        if missing:
            return [], missing
        tables: list[Table] = []
        formulas: list[_Formulas] = []
        budget = [MAX_CELLS]
        for name in sheets or names:
            try:
                rows, written = _sheet_rows(book[name], budget)
            except _TooManyCells:
                return [], [
                    error(
                        "CK004",
                        f"the workbook holds more than {MAX_CELLS:,} cells (empty rows count)",
                        Location(sheet_label(shown, name)),
                        hint="delete the rows and columns past the cards, or export it as CSV",
                    )
                ]
            tables.append(Table(sheet_label(shown, name), name, rows))
            formulas.append(written)
        if any(formulas):
            return tables, _formula_results(path, tables, formulas)
        return tables, []
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
