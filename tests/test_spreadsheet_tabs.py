"""Workbooks of several tabs: every tab of cards is read, in tab order, and named in locations.

Designers keep one tab per faction or card type, and a tab of notes beside them. The
workbooks are made here with openpyxl, never committed.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from openpyxl import Workbook
from readme_helpers import page

from cardkit.cli import main

GAME = Path(__file__).resolve().parent / "fixtures" / "game"
SHIPS = ["Name", "Faction", "Type", "Cost", "Text"]
BASES = ["Name", "Faction", "Type", "Cost", "Defense", "Text"]
SKIMMER = ["Void Skimmer", "Blob", "Ship", 2, "Gain 2 Trade."]
HIVE = ["Hive Wall", "Blob", "Base", 3, 4, "Gain 1 Combat."]

Tabs = dict[str, list[list[object]]]


def _workbook(path: Path, tabs: Tabs, *, active: int = 0) -> Path:
    book = Workbook()
    first = book.active
    assert first is not None
    book.remove(first)
    for title, rows in tabs.items():
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(row)
    book.active = active
    book.save(path)
    return path


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def _game(sheet: str | None = None) -> Path:
    """The test game in the folder ``g``; ``sheet`` is its ``spreadsheet: sheet:`` value."""
    game = Path("g")
    shutil.copytree(GAME, game)
    if sheet is not None:
        game_yaml = game / "game.yaml"
        text = game_yaml.read_text(encoding="utf-8")
        game_yaml.write_text(
            text.replace("spreadsheet:\n", f"spreadsheet:\n  sheet: {sheet}\n"), encoding="utf-8"
        )
    return game


def _import(
    capsys: pytest.CaptureFixture[str],
    tabs: Tabs,
    *,
    sheet: str | None = None,
    name: str = "cards.xlsx",
    active: int = 0,
) -> tuple[int, list[str], list[str]]:
    """Import a workbook of ``tabs``: exit status, the imported card names, standard error."""
    game = _game(sheet)
    workbook = _workbook(Path(name), tabs, active=active)
    output = workbook.with_suffix(".yaml")
    status = main(["import", workbook.name, "--game", game.name, "-o", output.name])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    names = []
    if output.exists():
        names = [card["name"] for card in yaml.safe_load(output.read_text("utf-8"))["cards"]]
    return status, names, err.splitlines()


def _validate(capsys: pytest.CaptureFixture[str], tabs: Tabs) -> tuple[int, list[str], list[str]]:
    """Validate the test game with a workbook of ``tabs`` in it: status, stdout, stderr."""
    _workbook(_game() / "cards.xlsx", tabs)
    status = main(["validate", "g"])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err.splitlines()


def test_every_tab_of_cards_is_imported_in_tab_order_whichever_tab_is_active(
    capsys: pytest.CaptureFixture[str],
) -> None:
    tabs = {"Ships": [SHIPS, SKIMMER], "Bases": [BASES, HIVE]}
    assert _import(capsys, tabs, name="multi2.xlsx", active=1) == (
        0,
        ["Void Skimmer", "Hive Wall"],
        ["wrote multi2.yaml (2 cards)"],
    )


def test_a_notes_tab_is_skipped_with_a_warning_that_names_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    tabs: Tabs = {
        "Notes": [["Playtest notes"], ["Blob bases feel weak"]],
        "Ships": [SHIPS, SKIMMER],
        "Empty": [],
        "Bases": [BASES, HIVE],
    }
    assert _validate(capsys, tabs) == (
        0,
        [
            "g/cards.xlsx[Notes]:1:1: warning[CK043] sheet 'Notes' is skipped: its first row has "
            "none of the columns 'Name', 'Type', 'Text'",
            "    hint: if it holds cards, give it a header row; to read only some sheets, "
            "list them in game.yaml (spreadsheet: sheet: [...])",
        ],
        ["0 errors, 1 warning in 16 cards"],  # 14 + 2
    )


def test_every_location_names_the_tab(capsys: pytest.CaptureFixture[str]) -> None:
    tabs: Tabs = {
        "Ships": [SHIPS, SKIMMER, ["Hulk", "Blob", "Ship", "two", "Gain 2 Combat."]],
        "Bases": [
            BASES,
            ["Hive Wall", "Blob", "Base", 3, None, "Gain 1 Combat."],
            ["Void Skimmer", "Blob", "Base", 3, 5, "Gain 1 Trade."],
        ],
    }
    assert _validate(capsys, tabs)[:2] == (
        1,
        [
            "g/cards.xlsx[Bases]:2:5: error[CK022] missing required field 'defense' of a base",
            "    hint: fill in this card's 'Defense' cell",
            "g/cards.xlsx[Bases]:3:1: error[CK030] card id 'void-skimmer' is already used by "
            "'Void Skimmer' at g/cards.xlsx[Ships]:2:1",
            "    hint: give one of them a different name or an explicit 'id'",
            "g/cards.xlsx[Ships]:3:4: error[CK042] cell D3 of column 'Cost' is 'two', "
            "not a whole number",
        ],
    )


def test_a_notes_only_workbook_names_the_tab_and_the_columns_it_lacks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, names, err = _import(capsys, {"Notes": [["Playtest notes"], ["Blob is weak"]]})
    assert (status, names) == (1, [])
    assert err[:2] == [
        "cards.xlsx[Notes]:1:1: error[CK040] missing column 'Name'",
        "    hint: the header row has 'Playtest notes'",
    ]
    assert err[-1] == "3 errors; nothing written"


def test_a_workbook_of_empty_tabs_is_an_empty_spreadsheet(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = _import(capsys, {"Sheet1": [], "Sheet2": [[None, ""]]})
    assert (status, err[0]) == (
        1,
        "cards.xlsx: error[CK003] empty spreadsheet: no sheet has a header row or cards",
    )


BOOK: Tabs = {"Notes": [["Playtest notes"]], "Ships": [SHIPS, SKIMMER], "Bases": [BASES, HIVE]}


@pytest.mark.parametrize(
    ("sheet", "names"),
    [
        ("Bases", ["Hive Wall"]),
        ("[Bases, Ships]", ["Hive Wall", "Void Skimmer"]),
        ("[Ships]", ["Void Skimmer"]),
    ],
)
def test_the_sheet_option_reads_the_tabs_it_lists_in_its_order(
    sheet: str, names: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    # and says nothing of the sheets it leaves out
    assert _import(capsys, BOOK, sheet=sheet) == (
        0,
        names,
        [f"wrote cards.yaml ({len(names)} card{'s' * (len(names) > 1)})"],
    )


@pytest.mark.parametrize(
    ("sheet", "expected"),
    [
        (
            "[Ships, Notes]",
            ["cards.xlsx[Notes]:1:1: error[CK040] missing column 'Name'"],
        ),
        (
            "[Ships, Basess]",
            [
                "cards.xlsx: error[CK041] workbook has no sheet 'Basess' (did you mean 'Bases'?); "
                "it has 'Notes', 'Ships', 'Bases'",
                "    hint: name the sheets of cards in game.yaml's spreadsheet: sheet:",
            ],
        ),
    ],
)
def test_a_listed_tab_that_is_missing_or_holds_no_cards_is_an_error(
    sheet: str, expected: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _import(capsys, BOOK, sheet=sheet)
    assert (status, err[: len(expected)]) == (1, expected)


def test_formula_results_are_read_from_every_tab(capsys: pytest.CaptureFixture[str]) -> None:
    tabs = {"Ships": [SHIPS, SKIMMER], "Bases": [BASES, [*HIVE[:3], "=1+2", *HIVE[4:]]]}
    status, _, err = _import(capsys, tabs)
    assert status == 1  # openpyxl saves no result for a formula it wrote
    assert err[0] == (
        "cards.xlsx[Bases]:2:4: error[CK042] cell D2 holds the formula '=1+2' with no saved result"
    )


def test_the_docs_sheet_example_reads_the_sheets_it_names(
    capsys: pytest.CaptureFixture[str],
) -> None:
    block = next(
        b
        for b in re.findall(r"```yaml\n(.*?)```", page("card-format.md"), flags=re.DOTALL)
        if re.search(r"^\s+sheet:", b, flags=re.MULTILINE)
    )
    sheet = yaml.safe_load(block)["spreadsheet"]["sheet"]
    assert sheet == ["Ships", "Bases"]
    tabs: Tabs = {"Bases": [BASES, HIVE], "Notes": [["Playtest notes"]], "Ships": [SHIPS, SKIMMER]}
    assert _import(capsys, tabs, sheet=f"[{', '.join(sheet)}]")[:2] == (
        0,
        ["Void Skimmer", "Hive Wall"],
    )
