"""The sheets a game declares, as tables: rules tables as written, card sheets computed."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from cardkit.diagnostics import Diagnostic, Location, warning
from cardkit.model import Card, CardSet, FieldValue, Game, Scalar, Sheet
from cardkit.reference.content import Cell, Paragraph, Section, Table, plain
from cardkit.reference.words import (
    declared_names,
    field_value,
    is_number,
    rules_text,
    shown_value,
)


def _matches(card: Card, field: str, values: tuple[Scalar, ...]) -> bool:
    value = field_value(card, field)
    if isinstance(value, list | tuple):
        return any(v in values for v in value)
    return value in values


def _sort_key(card: Card, fields: tuple[str, ...]) -> tuple[tuple[int, float, str] | str, ...]:
    key: list[tuple[int, float, str]] = []
    for name in fields:
        value = field_value(card, name)
        if isinstance(value, list | tuple):
            value = value[0] if value else None
        if value is None:
            key.append((2, 0, ""))
        elif is_number(value):
            key.append((0, value, ""))
        else:
            key.append((1, 0, str(value).casefold()))
    return (*key, card.name.casefold())


def _group_order(game: Game, field: str) -> list[str]:
    return [shown_value(key, field, game) for key in declared_names(game).get(field, {})]


def card_sheet_tables(
    sheet: Sheet,
    card_set: CardSet,
    cell_of: Callable[[Card, str], Cell],
) -> list[Table]:
    game = card_set.game
    cards = [c for c in card_set.cards if all(_matches(c, f.field, f.values) for f in sheet.where)]
    cards.sort(key=lambda c: _sort_key(c, sheet.sort))
    groups: dict[str, list[Card]] = {}
    if sheet.group_by is None:
        groups[""] = cards
    else:
        for card in cards:
            groups.setdefault(
                shown_value(field_value(card, sheet.group_by), sheet.group_by, game), []
            ).append(card)
        order = _group_order(game, sheet.group_by)
        groups = dict(
            sorted(
                groups.items(),
                key=lambda kv: (order.index(kv[0]) if kv[0] in order else len(order), kv[0]),
            )
        )
    headers = tuple(column.title for column in sheet.columns)
    tables = []
    for title, members in groups.items():
        raw = [[field_value(card, column.field) for column in sheet.columns] for card in members]
        numeric = tuple(
            bool(raw)
            and all(is_number(row[i]) or row[i] is None for row in raw)
            and any(is_number(row[i]) for row in raw)
            for i in range(len(headers))
        )
        rows = tuple(
            tuple(cell_of(card, column.field) for column in sheet.columns) for card in members
        )
        summed = _summed(sheet, numeric)
        footer = _footer(raw, summed) if sheet.total else None
        widths = tuple(_WIDTHS.get(column.field, 1.0) for column in sheet.columns)
        tables.append(Table(headers, rows, title, numeric, widths, footer))
    return tables


# Relative column widths in the PDF by field; other fields get 1.
_WIDTHS: Mapping[str, float] = {"name": 1.8, "text": 4.0}
COUNT_FIELDS = ("count", "copies")


def _summed(sheet: Sheet, numeric: tuple[bool, ...]) -> tuple[bool, ...]:
    """The columns a total row adds up: the copies columns, else every numeric one."""
    copies = tuple(column.field in COUNT_FIELDS for column in sheet.columns)
    return copies if any(copies) else numeric


def _footer(raw: list[list[FieldValue]], numeric: tuple[bool, ...]) -> tuple[Cell, ...]:
    cells: list[Cell] = []
    labelled = False
    for i, is_numeric in enumerate(numeric):
        if is_numeric:
            total = sum(value for row in raw if is_number(value := row[i]))
            cells.append(plain(int(total) if float(total).is_integer() else total))
        elif not labelled:
            cells.append(plain("Total"))
            labelled = True
        else:
            cells.append(plain(""))
    return tuple(cells)


def rules_table(sheet: Sheet) -> Table:
    numeric = tuple(
        all(is_number(row[i]) or row[i] is None for row in sheet.rows) and bool(sheet.rows)
        for i in range(len(sheet.headers))
    )
    rows = tuple(tuple(plain(_cell(value)) for value in row) for row in sheet.rows)
    return Table(sheet.headers, rows, "", numeric)


def _cell(value: Scalar) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def sheet_sections(card_set: CardSet) -> tuple[list[Section], list[Diagnostic]]:
    game = card_set.game
    found: list[Diagnostic] = []

    def cell_of(card: Card, field: str) -> Cell:
        if field == "text":
            return rules_text(card, game)
        return plain(shown_value(field_value(card, field), field, game))

    sections = []
    for sheet in game.sheets:
        intro = sheet.description
        if sheet.from_cards:
            tables = card_sheet_tables(sheet, card_set, cell_of)
            if not any(table.rows for table in tables):
                found.append(
                    warning(
                        "CK314",
                        f"sheet {sheet.id!r} selects no cards",
                        sheet.location or Location(game.source.path),
                        hint="check the values under 'where'",
                    )
                )
                blocks: tuple[Table | Paragraph, ...] = (Paragraph("No card matches this sheet."),)
            else:
                blocks = tuple(tables)
        else:
            blocks = (rules_table(sheet),)
        sections.append(Section(f"sheet-{sheet.id}", sheet.title, blocks, intro))
    return sections, found
