"""Card spreadsheets: XLSX workbooks (built here with openpyxl) and CSV files.

The XLSX fixtures are made by the tests, never committed: a workbook is a zip of XML
that git cannot diff.
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest
from openpyxl import Workbook

from cardkit.cli import main
from cardkit.load.cards import load_card_set
from cardkit.load.spreadsheet import cell_name

GAME = Path(__file__).resolve().parent / "fixtures" / "game"
HEADER = ["Set", "Qty", "Name", "Faction", "Type", "Cost", "Text", "Defense"]


def _game(tmp_path: Path) -> Path:
    game = tmp_path / "game"
    shutil.copytree(GAME, game)
    return game


def _workbook(path: Path, rows: list[list[object]], *, title: str = "Cards") -> Path:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = title
    for row in rows:
        sheet.append(row)
    book.save(path)
    return path


def _validate(capsys: pytest.CaptureFixture[str], game: str) -> tuple[int, list[str]]:
    status = main(["validate", game])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, out.splitlines()


@pytest.mark.parametrize(
    ("line", "column", "name"), [(1, 1, "A1"), (2, 5, "E2"), (10, 26, "Z10"), (3, 27, "AA3")]
)
def test_cell_names_are_spreadsheet_style(line: int, column: int, name: str) -> None:
    assert cell_name(line, column) == name


def test_a_workbook_of_cards_loads_with_outposts_and_line_breaks(tmp_path: Path) -> None:
    game = _game(tmp_path)
    _workbook(
        game / "extra.xlsx",
        [
            HEADER,
            ["Core", 2, "Blob Wheel", "Blob", "Outpost", 3.0, "{Gain 1 Combat}<hr>{Scrap}: x", 5],
            ["Core", None, "Cutter", "Machine Cult", "Ship", 2, "{Gain 2 Trade}", None],
        ],
    )
    card_set, found = load_card_set(game, "game")
    assert found == []
    assert card_set is not None
    cards = {card.id: card for card in card_set.cards}
    wheel = cards["blob-wheel"]
    assert (wheel.type, wheel.factions, wheel.count, wheel.deck) == ("base", ("blob",), 2, "trade")
    assert wheel.get("outpost") is True
    assert wheel.get("cost") == 3 and type(wheel.get("cost")) is int  # Excel keeps 3 as 3.0
    assert wheel.text == "{Gain 1 Combat}\n{Scrap}: x"
    assert str(wheel.location("cost")) == "game/extra.xlsx[Cards]:2:6"
    assert cards["cutter"].factions == ("machine-cult",)
    assert cards["cutter"].count == 1


def test_a_workbook_missing_a_column_names_it_and_the_columns_it_has(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path)
    _workbook(game / "extra.xlsx", [["Name", "Type", "Cost"], ["Cutter", "Ship", 2]])
    monkeypatch.chdir(tmp_path)
    assert _validate(capsys, "game") == (
        1,
        [
            "game/extra.xlsx[Cards]:1:1: error[CK040] missing column 'Text'",
            "    hint: the header row has 'Name', 'Type', 'Cost'",
        ],
    )


def test_a_misspelt_header_is_suggested(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path)
    _workbook(game / "extra.xlsx", [["Name", "Type", "Txt"], ["Cutter", "Ship", "x"]])
    monkeypatch.chdir(tmp_path)
    status, out = _validate(capsys, "game")
    assert status == 1
    assert out[0] == (
        "game/extra.xlsx[Cards]:1:1: error[CK040] missing column 'Text' "
        "(is 'Txt' a misspelling of it?)"
    )


def test_a_bad_workbook_cell_is_named_and_not_also_reported_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path)
    _workbook(
        game / "extra.xlsx",
        [
            HEADER,
            ["Core", 1, "Blob Wheel", "Blob", "Outpost", "three", "Gain 1 Combat.", 5],
            ["Core", 2.5, "Cutter", "Machine Cult", "Ship", 2, "Gain 2 Trade.", None],
            ["Core", 1, "Hulk", "Blob", "Base", 4, "Gain 4 Combat.", "lots"],
        ],
    )
    monkeypatch.chdir(tmp_path)
    assert _validate(capsys, "game") == (
        1,
        [
            "game/extra.xlsx[Cards]:2:6: error[CK042] cell F2 of column 'Cost' is 'three', "
            "not a whole number",
            "game/extra.xlsx[Cards]:3:2: error[CK042] cell B3 of column 'Qty' is '2.5', "
            "not a whole number",
            "game/extra.xlsx[Cards]:4:8: error[CK042] cell H4 of column 'Defense' is 'lots', "
            "not a whole number",
        ],
    )


def test_a_bad_cell_does_not_hide_the_other_problems_of_its_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path)
    (game / "extra.csv").write_text(
        "Name,Faction,Type,Cost,Text\nBlob Wheel,Blobb,Base,three,Gain 1 Combat.\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    status, out = _validate(capsys, "game")
    assert status == 1
    assert out == [
        "game/extra.csv:2:1: error[CK022] missing required field 'defense' of a base",
        "    hint: add a 'Defense' column",
        "game/extra.csv:2:2: error[CK025] unknown faction 'Blobb' (did you mean 'blob'?)",
        "    hint: expected one of 'blob', 'machine-cult'",
        "game/extra.csv:2:4: error[CK042] cell D2 of column 'Cost' is 'three', not a whole number",
    ]


def test_a_zip_that_holds_no_workbook_is_not_a_workbook(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path)
    with zipfile.ZipFile(game / "extra.xlsx", "w") as archive:
        archive.writestr("readme.txt", "not a workbook")
    monkeypatch.chdir(tmp_path)
    assert _validate(capsys, "game") == (
        1,
        [
            "game/extra.xlsx: error[CK041] not an XLSX workbook: "
            "it is a zip archive without a workbook in it",
            "    hint: save the spreadsheet again as .xlsx, or export it as CSV",
        ],
    )


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"", "the file is empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "it is not a zip archive, as every .xlsx file is"),
        (b"PK\x03\x04truncated", "it is a damaged zip archive"),
    ],
)
def test_a_file_named_xlsx_that_is_not_a_workbook_says_what_it_is(
    content: bytes,
    reason: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = _game(tmp_path)
    (game / "extra.xlsx").write_bytes(content)
    monkeypatch.chdir(tmp_path)
    status, out = _validate(capsys, "game")
    assert status == 1
    assert out[0] == f"game/extra.xlsx: error[CK041] not an XLSX workbook: {reason}"


def test_a_workbook_without_the_mapped_sheet_names_the_sheets_it_has(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path)
    game_yaml = game / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text(encoding="utf-8").replace(
            "spreadsheet:\n", "spreadsheet:\n  sheet: Cards\n"
        ),
        encoding="utf-8",
    )
    _workbook(game / "extra.xlsx", [HEADER], title="Sheet1")
    monkeypatch.chdir(tmp_path)
    assert _validate(capsys, "game") == (
        1,
        [
            "game/extra.xlsx: error[CK041] workbook has no sheet 'Cards'; it has 'Sheet1'",
            "    hint: name the sheets of cards in game.yaml's spreadsheet: sheet:",
        ],
    )


def test_an_empty_spreadsheet_shows_the_header_it_needs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path)
    (game / "extra.csv").write_text("\n\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert _validate(capsys, "game") == (
        1,
        [
            "game/extra.csv: error[CK003] empty spreadsheet: it has no header row and no cards",
            "    hint: start with a header row: Name, Qty, Faction, Type, Cost, Defense, Text",
        ],
    )


def _bases(game: Path, patterns: str, defenses: tuple[object, object]) -> None:
    """The test game with ``patterns`` for its Defense cells, and a workbook of two bases."""
    game_yaml = game / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(
        text.replace("    faction:\n", f"    defense:\n{patterns}    faction:\n"), "utf-8"
    )
    _workbook(
        game / "extra.xlsx",
        [
            HEADER,
            ["Core", 1, "Cog Yard", "Machine Cult", "Base", 4, "{Gain 2 Combat}", defenses[0]],
            ["Core", 1, "Tithe Hall", "Blob", "Base", 3, "{Gain 1 Trade}", defenses[1]],
        ],
    )


OUTPOST = '      "{n} Outpost": {defense: "{n}", outpost: true}\n'


def test_a_defense_cell_matching_a_pattern_makes_an_outpost(tmp_path: Path) -> None:
    game = _game(tmp_path)
    _bases(game, OUTPOST, ("5 Outpost", 4))
    card_set, found = load_card_set(game, "game")
    assert found == []
    assert card_set is not None
    cards = {card.id: card for card in card_set.cards}
    assert (cards["cog-yard"].get("defense"), cards["cog-yard"].get("outpost")) == (5, True)
    assert (cards["tithe-hall"].get("defense"), cards["tithe-hall"].get("outpost")) == (4, False)


def test_a_cell_that_matches_no_pattern_is_located_in_the_workbook(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _game(tmp_path)
    monkeypatch.chdir(tmp_path)
    fortress = '      "{n} Fortress": {defense: "{n}"}\n'
    _bases(game, OUTPOST + fortress, ("5 Outpsot", "six Outpost"))
    assert _validate(capsys, "game") == (
        1,
        [
            "game/extra.xlsx[Cards]:2:8: error[CK042] cell H2 of column 'Defense' is "
            "'5 Outpsot', not a whole number",
            "    hint: nor does it match a pattern of game.yaml's spreadsheet values: "
            "'{n} Outpost', '{n} Fortress'",
            "game/extra.xlsx[Cards]:3:8: error[CK042] cell H3 of column 'Defense' is "
            "'six Outpost': it matches '{n} Outpost', which gives 'defense' 'six', "
            "not a whole number",
        ],
    )


def test_wrong_values_and_patterns_are_located_in_game_yaml(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _game(tmp_path)
    monkeypatch.chdir(tmp_path)
    game_yaml = game / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    assert "      Unaligned: {faction: null}\n" in text
    game_yaml.write_text(
        text.replace(
            "      Unaligned: {faction: null}\n",
            "      Unaligned: {faction: null, factoin: x}\n"
            "    defens:\n"
            '      "{n}": {defense: "{n}"}\n'
            "    defense:\n"
            '      "{a}{b} Outpost": {defense: "{a}"}\n'
            '      "{n} of {n}": {defense: "{n}"}\n'
            '      "{n} Outpost": {defense: "{m}", outpst: true}\n',
        ),
        encoding="utf-8",
    )
    status, out = _validate(capsys, "game")
    assert status == 1
    assert out == [
        "game/game.yaml:54:34: error[CK031] 'Unaligned' sets unknown field 'factoin' "
        "(did you mean 'faction'?)",
        "game/game.yaml:55:5: error[CK031] values of unknown field 'defens' "
        "(did you mean 'defense'?)",
        "game/game.yaml:56:7: error[CK045] pattern '{n}' is only slots: it would match every "
        "cell; write the text around the slot",
        "game/game.yaml:58:7: error[CK045] pattern '{a}{b} Outpost' has slots {a} and {b} side "
        "by side: put text between them",
        "game/game.yaml:59:7: error[CK045] pattern '{n} of {n}' has the slot {n} twice",
        "game/game.yaml:60:32: error[CK045] 'defense' of pattern '{n} Outpost' uses the slot "
        "{m}, which the pattern does not have",
        "game/game.yaml:60:39: error[CK031] '{n} Outpost' sets unknown field 'outpst' "
        "(did you mean 'outpost'?)",
    ]
