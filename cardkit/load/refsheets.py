"""Reading the reference sheets a game declares (``sheets:`` in game.yaml, or a file it names).

A sheet is a table that is rules (its ``rows`` are given), or a table computed from the cards
(its ``columns`` name card fields). Every problem is reported at once, located in the file
that declares the sheet.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from pathlib import Path
from typing import Any

from cardkit.diagnostics import Diagnostic, PathKey, SourceMap, did_you_mean, error
from cardkit.load.schema import compile_schema, diagnose, load_schema
from cardkit.load.textfile import read_text
from cardkit.load.yamlkept import load_yaml
from cardkit.model import CORE_FIELDS, CardType, Sheet, SheetColumn, SheetFilter

# Fields computed for every card, beside the fields it was written with.
DERIVED_FIELDS: tuple[str, ...] = ("copies",)


def _title(field: str) -> str:
    return field.replace("_", " ").capitalize()


def sheets_file_validator() -> Any:
    """The schema of a sheets file: game.schema.json's ``sheets`` definition."""
    game_schema = load_schema("game.schema.json")
    return compile_schema(
        {
            "$schema": game_schema["$schema"],
            "$defs": game_schema["$defs"],
            "$ref": "#/$defs/sheets",
        }
    )


class _SheetReader:
    def __init__(
        self,
        source: SourceMap,
        base: PathKey,
        card_types: Mapping[str, CardType],
        names: Mapping[str, Collection[str]],
    ) -> None:
        self.source = source
        self.base = base
        self.names = names
        self.fields = sorted(
            {
                *CORE_FIELDS,
                *DERIVED_FIELDS,
                *(f.name for t in card_types.values() for f in t.fields),
            }
        )
        self.diagnostics: list[Diagnostic] = []

    def problem(self, code: str, message: str, *where: str | int, hint: str | None = None) -> None:
        self.diagnostics.append(
            error(code, message, self.source.at((*self.base, *where)), hint=hint)
        )

    def field(self, sheet_id: str, name: str, *where: str | int) -> None:
        if name not in self.fields:
            self.problem(
                "CK310",
                f"sheet {sheet_id!r} names field {name!r}, which no card type declares"
                f"{did_you_mean(name, self.fields)}",
                *where,
            )

    def rules_table(self, sheet_id: str, raw: Mapping[str, Any]) -> Sheet:
        headers: list[str] = []
        for i, column in enumerate(raw["columns"]):
            if isinstance(column, str):
                headers.append(column)
            else:
                self.problem(
                    "CK312",
                    f"sheet {sheet_id!r} has rows, so its columns are titles, not card fields",
                    sheet_id,
                    "columns",
                    i,
                    hint="write the column's title as text, or drop 'rows' to list cards",
                )
        for key in ("where", "group_by", "sort", "total"):
            if key in raw:
                self.problem(
                    "CK312",
                    f"sheet {sheet_id!r} has rows, so it cannot use {key!r} (that is for "
                    "sheets computed from cards)",
                    sheet_id,
                    key,
                )
        rows = raw["rows"]
        for i, row in enumerate(rows):
            if len(row) != len(raw["columns"]):
                self.problem(
                    "CK311",
                    f"row {i + 1} of sheet {sheet_id!r} has {len(row)} "
                    f"cell{'s' * (len(row) != 1)}, but the sheet has {len(raw['columns'])} columns",
                    sheet_id,
                    "rows",
                    i,
                )
        return Sheet(
            id=sheet_id,
            title=raw["title"],
            description=raw.get("description", ""),
            headers=tuple(headers),
            rows=tuple(tuple(row) for row in rows),
            location=self.source.at((*self.base, sheet_id), key=True),
        )

    def card_sheet(self, sheet_id: str, raw: Mapping[str, Any]) -> Sheet:
        columns: list[SheetColumn] = []
        for i, column in enumerate(raw["columns"]):
            spec = {"field": column} if isinstance(column, str) else column
            self.field(sheet_id, spec["field"], sheet_id, "columns", i)
            columns.append(SheetColumn(spec["field"], spec.get("title", _title(spec["field"]))))
        filters: list[SheetFilter] = []
        for name, wanted in (raw.get("where") or {}).items():
            self.field(sheet_id, name, sheet_id, "where", name)
            values = tuple(wanted) if isinstance(wanted, list) else (wanted,)
            known = self.names.get(name)
            for value in values:
                if known is not None and value not in known:
                    self.problem(
                        "CK313",
                        f"sheet {sheet_id!r} selects {name} {value!r}, which the game does not "
                        f"declare{did_you_mean(str(value), known)}",
                        sheet_id,
                        "where",
                        name,
                    )
            filters.append(SheetFilter(name, values))
        group_by = raw.get("group_by")
        if group_by is not None:
            self.field(sheet_id, group_by, sheet_id, "group_by")
        sort = raw.get("sort", "name")
        sort_fields = (sort,) if isinstance(sort, str) else tuple(sort)
        for i, name in enumerate(sort_fields):
            self.field(sheet_id, name, sheet_id, "sort", *(() if isinstance(sort, str) else (i,)))
        return Sheet(
            id=sheet_id,
            title=raw["title"],
            description=raw.get("description", ""),
            columns=tuple(columns),
            where=tuple(filters),
            group_by=group_by,
            sort=sort_fields,
            total=bool(raw.get("total", False)),
            location=self.source.at((*self.base, sheet_id), key=True),
        )


def load_sheets(
    value: Any,
    source: SourceMap,
    root: Path,
    card_types: Mapping[str, CardType],
    factions: Collection[str],
    decks: Collection[str],
) -> tuple[tuple[Sheet, ...], list[Diagnostic]]:
    """The sheets of ``game.yaml``'s ``sheets`` value (a mapping, or a file's path)."""
    base: PathKey = ("sheets",)
    if isinstance(value, str):
        shown = f"{source.path.rsplit('/', 1)[0]}/{value}" if "/" in source.path else value
        path = root / value
        if not path.resolve().is_relative_to(root.resolve()):
            return (), [
                error("CK001", f"sheets file {value!r} is outside the game folder", source.at(base))
            ]
        if not path.is_file():
            return (), [
                error(
                    "CK001",
                    f"no such sheets file: {value!r}",
                    source.at(base),
                    hint="give the path of a YAML file inside the game folder",
                )
            ]
        text, problems = read_text(path, shown)
        if text is None:
            return (), problems
        loaded = load_yaml(text, shown)
        if loaded.diagnostics:
            return (), loaded.diagnostics
        found = diagnose(sheets_file_validator(), loaded.value, loaded.source, noun="a sheets file")
        if found:
            return (), found
        value, source, base = loaded.value, loaded.source, ()
    names: dict[str, Collection[str]] = {
        "type": tuple(card_types),
        "faction": tuple(factions),
        "deck": tuple(decks),
    }
    reader = _SheetReader(source, base, card_types, names)
    sheets = tuple(
        reader.rules_table(sheet_id, raw) if "rows" in raw else reader.card_sheet(sheet_id, raw)
        for sheet_id, raw in (value or {}).items()
    )
    return sheets, reader.diagnostics
