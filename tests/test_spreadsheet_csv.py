"""CSV files as spreadsheet programs write them: any separator, cells over several lines,
numbers written as ``3.0``."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from cardkit.cli import main
from cardkit.load.tables import sniff_delimiter

GAME = Path(__file__).resolve().parent / "fixtures" / "game"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    shutil.copytree(GAME, "g")


def _import(
    capsys: pytest.CaptureFixture[str], text: str
) -> tuple[int, list[dict[str, Any]], list[str]]:
    """Import ``text`` as cards.csv: exit status, the imported cards, standard error."""
    Path("cards.csv").write_text(text, encoding="utf-8")
    status = main(["import", "cards.csv", "--game", "g", "-o", "cards.yaml"])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    cards = []
    if Path("cards.yaml").exists():
        cards = yaml.safe_load(Path("cards.yaml").read_text("utf-8"))["cards"]
    return status, cards, err.splitlines()


@pytest.mark.parametrize(
    ("text", "delimiter"),
    [
        ("Name,Qty,Faction\n", ","),
        ("Name;Faction;Type;Cost;Text\r\n", ";"),
        ("Name\tType\tText\n", "\t"),
        ('Name;"Cost, in trade";Text\n', ";"),
        ("Name;Type;Cost, in trade;Text\n", ";"),  # the separator that makes most columns
        ('"Name","Type; of card"\n', ","),
        ("\n\nName;Type\nx,y;z\n", ";"),  # the header is the first line with something on it
        ("Name\n", ","),
        ("", ","),
    ],
)
def test_the_separator_is_found_in_the_header_line(text: str, delimiter: str) -> None:
    assert sniff_delimiter(text) == delimiter


SEMICOLONS = (
    "Name;Faction;Type;Cost;Defense;Text\r\n"
    'Void Skimmer;Blob;Ship;2;;"Gain 2 Trade; then, gain 1 Combat."\r\n'
    "Hive Wall;Blob;Base;3;4;Gain 1 Combat.\r\n"
)


@pytest.mark.parametrize("separator", [";", "\t"])
def test_a_csv_separated_by_semicolons_or_tabs_imports(
    separator: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        SEMICOLONS
        if separator == ";"
        else SEMICOLONS.replace(";", "\t").replace("\t then", "; then")
    )
    assert _import(capsys, text) == (
        0,
        [
            {
                "name": "Void Skimmer",
                "type": "ship",
                "faction": "blob",
                "cost": 2,
                "text": "Gain 2 Trade; then, gain 1 Combat.",
            },
            {
                "name": "Hive Wall",
                "type": "base",
                "faction": "blob",
                "cost": 3,
                "defense": 4,
                "text": "Gain 1 Combat.",
            },
        ],
        ["wrote cards.yaml (2 cards)"],
    )


# Void Skimmer's text takes three lines of the file but is one row of the sheet: Hulk is row 3
# (line 5), and Wall, after a blank row, row 5 -- a form feed in a cell starts no new row. (A
# LINE SEPARATOR, which some editors break lines at, is refused: test_hostile_limits.py.)
MULTI_LINE = (
    "Name,Faction,Type,Cost,Text\n"
    'Void Skimmer,Blob,Ship,2,"Gain 2 Trade.\n\nDraw a card."\n'
    "Hulk,Blob,Ship,two,Gain 2 Combat.\n"
    "\n"
    "Wall,Blob,Base,3,Gain 1\x0cCombat.\n"
)
# '3.0' is 3, as a workbook's 3.0 is; '2.5' and '3.' are no whole numbers.
WHOLE = (
    "Name,Qty,Faction,Type,Cost,Defense,Text\n"
    "Hive Wall,2.0,Blob,Outpost,3.0,+4.00,Gain 1 Combat.\n"
    "Skimmer,1,Blob,Ship,2.5,,Gain 2 Trade.\n"
    "Hulk,1,Blob,Ship,3.,,Gain 2 Trade.\n"
)
CELL_PROBLEMS = [
    pytest.param(
        MULTI_LINE,
        [
            "cards.csv:3:4: error[CK042] cell D3 of column 'Cost' is 'two', not a whole number",
            "cards.csv:5:1: error[CK022] missing required field 'defense' of a base",
            "    hint: add a 'Defense' column",
            "2 errors; nothing written",
        ],
        id="rows-after-a-cell-of-several-lines",
    ),
    pytest.param(
        WHOLE,
        [
            "cards.csv:3:5: error[CK042] cell E3 of column 'Cost' is '2.5', not a whole number",
            "cards.csv:4:5: error[CK042] cell E4 of column 'Cost' is '3.', not a whole number",
            "2 errors; nothing written",
        ],
        id="whole-numbers-written-n.0",
    ),
]


@pytest.mark.parametrize(("text", "expected"), CELL_PROBLEMS)
def test_a_cell_problem_is_told_at_the_cell_as_a_spreadsheet_names_it(
    text: str, expected: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert _import(capsys, text) == (1, [], expected)


def test_a_whole_number_written_n_point_0_is_n_in_every_kind_of_column(
    capsys: pytest.CaptureFixture[str],
) -> None:
    Path("g/game.yaml").write_text(  # 'Outpost' as a yes/no column: '1.0' is yes
        Path("g/game.yaml")
        .read_text("utf-8")
        .replace("    Text: text\n", "    Text: text\n    Outpost: outpost\n"),
        encoding="utf-8",
    )
    text = (
        "Name,Qty,Faction,Type,Cost,Defense,Outpost,Text\nHive Wall,2.0,Blob,Base,3.0,4.0,1.0,x.\n"
    )
    status, cards, err = _import(capsys, text)
    assert (status, err) == (0, ["wrote cards.yaml (1 card)"])
    assert cards == [
        {
            "name": "Hive Wall",
            "type": "base",
            "faction": "blob",
            "cost": 3,
            "defense": 4,
            "outpost": True,
            "count": 2,
            "text": "x.",
        }
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # Excel writes a semicolon CSV where numbers have a decimal comma: '3,0' is 3
            "Name;Faction;Type;Cost;Defense;Text\nHive Wall;Blob;Base;3,0;4;Gain 1 Combat.\n",
            (0, 3, ["wrote cards.yaml (1 card)"]),
        ),
        (
            "Name;Faction;Type;Cost;Defense;Text\nHive Wall;Blob;Base;2,5;4;Gain 1 Combat.\n",
            (
                1,
                None,
                [
                    "cards.csv:2:4: error[CK042] cell D2 of column 'Cost' is '2,5', "
                    "not a whole number",
                    "1 error; nothing written",
                ],
            ),
        ),
        (  # in a comma CSV, '3,0' may be three thousand written short: not read as 3
            'Name,Faction,Type,Cost,Defense,Text\nHive Wall,Blob,Base,"3,0",4,Gain 1 Combat.\n',
            (
                1,
                None,
                [
                    "cards.csv:2:4: error[CK042] cell D2 of column 'Cost' is '3,0', "
                    "not a whole number",
                    "1 error; nothing written",
                ],
            ),
        ),
    ],
)
def test_a_semicolon_csv_writes_numbers_with_a_decimal_comma(
    text: str, expected: tuple[int, int | None, list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    status, cards, err = _import(capsys, text)
    assert (status, cards[0]["cost"] if cards else None, err) == expected


def test_a_number_column_of_a_semicolon_csv_reads_its_decimal_comma(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game_yaml = Path("g/game.yaml")
    game_yaml.write_text(
        game_yaml.read_text("utf-8")
        .replace(
            "      cost: {required: true}\n",
            "      cost: {required: true}\n      weight: {type: number}\n",
            1,
        )
        .replace("    Text: text\n", "    Text: text\n    Weight: weight\n"),
        encoding="utf-8",
    )
    text = "Name;Faction;Type;Cost;Weight;Text\nSkimmer;Blob;Ship;2;2,5;Gain 2 Trade, then 1.\n"
    status, cards, err = _import(capsys, text)
    assert (status, err) == (0, ["wrote cards.yaml (1 card)"])
    assert (cards[0]["weight"], cards[0]["text"]) == (2.5, "Gain 2 Trade, then 1.")


def test_an_unclosed_quote_after_a_cell_of_several_lines_names_its_row_and_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = MULTI_LINE.replace("Hulk,Blob,Ship,two,", 'Hulk,Blob,Ship,2,"')
    assert _import(capsys, text) == (
        1,
        [],
        [
            "cards.csv:3:1: error[CK041] unclosed quote: the quoted cell that starts in this row "
            "(line 5 of the file) runs to the end of the file",
            "1 error; nothing written",
        ],
    )
