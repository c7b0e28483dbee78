"""Property tests: any bytes or YAML as a card file or game.yaml give diagnostics, never an
exception.

Run longer with CARDKIT_FUZZ_EXAMPLES=20000; fuzz/fuzz_loader.py runs the same contract
coverage-guided with atheris.
"""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "fuzz"))
import contracts  # fuzz/contracts.py: the contracts the harnesses share

EXAMPLES = int(os.environ.get("CARDKIT_FUZZ_EXAMPLES", "200"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)

# Pieces of YAML that reach the corners of the loader: anchors, aliases, merge keys, tags,
# flow and block collections, document markers, directives, quotes, BOMs, bad bytes.
PIECES = [
    "cards:",
    "defaults:",
    "- ",
    "  ",
    "\n",
    "name: ",
    "type: ",
    "ship",
    "base",
    "cost: ",
    "count: ",
    "faction: ",
    "blob",
    "text: ",
    "Gain 3 Trade.",
    "deck: ",
    "trade",
    "id: ",
    "&a ",
    "*a",
    "<<: ",
    "!!python/object:os.system ",
    "!!binary ",
    "!tag ",
    "!!str ",
    "[",
    "]",
    "{",
    "}",
    ", ",
    ": ",
    "? ",
    "'",
    '"',
    "|",
    ">",
    "---",
    "...",
    "%YAML 1.2",
    "#",
    "\t",
    "\ufeff",
    "\x00",
    "\x85",
    "\u2028",
    "1",
    "-1",
    "0x1F",
    ".nan",
    ".inf",
    "1e999",
    "9" * 40,
    "null",
    "~",
    "yes",
    "true",
    "=cmd|' /C calc'!A0",
    "é",
    "🐉",
]

yaml_soup = st.lists(st.sampled_from(PIECES), max_size=60).map("".join)

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=20))
keys = st.sampled_from(
    [
        "name",
        "type",
        "cost",
        "count",
        "faction",
        "text",
        "deck",
        "id",
        "defense",
        "outpost",
        "tags",
        "art",
        "cards",
        "defaults",
        "x",
    ]
)
documents = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(keys, inner, max_size=6)),
    max_leaves=30,
)


@pytest.fixture(scope="module")
def space() -> contracts.Workspace:
    return contracts.Workspace()


@FUZZ
@given(data=st.binary(max_size=2000), suffix=st.sampled_from([".yaml", ".csv", ".xlsx"]))
def test_any_bytes_as_a_card_file_give_diagnostics(
    space: contracts.Workspace, data: bytes, suffix: str
) -> None:
    contracts.check_card_file(space, data, suffix)


@FUZZ
@given(text=yaml_soup)
def test_yaml_pieces_in_any_order_give_diagnostics(space: contracts.Workspace, text: str) -> None:
    contracts.check_card_file(space, text.encode("utf-8", "surrogatepass"), ".yaml")


@FUZZ
@given(text=yaml_soup)
def test_yaml_pieces_as_game_yaml_give_diagnostics(space: contracts.Workspace, text: str) -> None:
    contracts.check_game_file(space, text.encode("utf-8", "surrogatepass"))


@FUZZ
@given(document=documents)
def test_any_yaml_document_as_a_card_file_gives_cards_or_diagnostics(
    space: contracts.Workspace, document: Any
) -> None:
    text = yaml.safe_dump(document, allow_unicode=True)
    contracts.check_card_file(space, text.encode("utf-8", "surrogatepass"), ".yaml")


@FUZZ
@given(rows=st.lists(st.lists(scalars, max_size=8), max_size=6))
def test_any_cells_in_a_workbook_give_cards_or_diagnostics(
    space: contracts.Workspace, rows: list[list[Any]]
) -> None:
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    sheet.append(["Name", "Qty", "Faction", "Type", "Cost", "Defense", "Text"])
    for row in rows:
        sheet.append([_cell(v) for v in row])
    buffer = io.BytesIO()
    book.save(buffer)
    contracts.check_card_file(space, buffer.getvalue(), ".xlsx")


def _cell(value: Any) -> Any:
    """A value openpyxl can store (it refuses control characters and float infinities)."""
    if isinstance(value, str):
        return "".join(c for c in value if c.isprintable())
    if isinstance(value, float) and (value != value or abs(value) == float("inf")):
        return None
    return value
