"""`cardkit import`: the public Star Realms spreadsheet form into YAML cards that validate."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pytest
import yaml
from openpyxl import Workbook

from cardkit.app.importing import plain_text
from cardkit.atomic import write_atomic
from cardkit.cli import main
from cardkit.errors import OutputExistsError

ROOT = Path(__file__).resolve().parent.parent
STAR_REALMS = ROOT / "cards" / "star-realms"

# The columns and the {token} text of the public Star Realms card spreadsheet.
PUBLIC_FORM = """\
Set,Qty,Name,Faction,Type,Cost,Text,Defense
Core Set,3,Gloop Fighter,Blob,Ship,1,{Gain 3 Trade}<hr>{Blob Ally}: {Gain 3 Combat},
Core Set,1,Rust Station,Machine Cult,Outpost,3,{Gain 2 Combat}<hr>{Scrap}: {Gain 3 Trade},5
Core Set,2,Imperial Skiff,Star Empire,Base,4,{Gain 2 Combat}  OR  {Gain 2 Trade},4
Core Set,1,Drifter,Unaligned,Ship,1,{Gain 1 Trade},
"""


@pytest.mark.parametrize(
    ("text", "plain"),
    [
        (
            "{Gain 3 Trade}\n{Blob Ally}: {Gain 3 Combat}",
            "Gain 3 Trade.\nBlob Ally: Gain 3 Combat.",
        ),
        ("{Gain 2 Combat}  OR  {Gain 2 Trade}", "Gain 2 Combat or Gain 2 Trade."),
        ("Draw a card!", "Draw a card!"),
        ("{ Gain 1 Trade }\n\n", "Gain 1 Trade."),
    ],
)
def test_spreadsheet_tokens_become_plain_sentences(text: str, plain: str) -> None:
    assert plain_text(text) == plain


def test_the_public_spreadsheet_form_imports_to_cards_that_validate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = tmp_path / "star-realms"
    shutil.copytree(STAR_REALMS, game)
    # The imported cards join the trade deck, so it no longer holds 80 cards, 20 per faction.
    game_yaml = game / "game.yaml"
    rules = "    size: 80\n    per_faction: 20\n"
    assert rules in game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace(rules, ""), "utf-8")
    sheet = tmp_path / "public.csv"
    sheet.write_text(PUBLIC_FORM, encoding="utf-8")
    output = game / "imported.yaml"

    status = main(["import", str(sheet), "--game", str(game), "-o", str(output)])
    _, err = capsys.readouterr()
    assert status == 0, err
    data = yaml.safe_load(output.read_text(encoding="utf-8"))
    assert data["cards"] == [
        {
            "name": "Gloop Fighter",
            "type": "ship",
            "faction": "blob",
            "cost": 1,
            "count": 3,
            "text": "Gain 3 Trade.\nBlob Ally: Gain 3 Combat.",
        },
        {
            "name": "Rust Station",
            "type": "base",
            "faction": "machine-cult",
            "cost": 3,
            "defense": 5,
            "outpost": True,
            "text": "Gain 2 Combat.\nScrap: Gain 3 Trade.",
        },
        {
            "name": "Imperial Skiff",
            "type": "base",
            "faction": "star-empire",
            "cost": 4,
            "defense": 4,
            "count": 2,
            "text": "Gain 2 Combat or Gain 2 Trade.",
        },
        {"name": "Drifter", "type": "ship", "cost": 1, "text": "Gain 1 Trade."},
    ]

    status = main(["validate", str(game)])
    out, err = capsys.readouterr()
    assert (status, out) == (0, "")
    assert err.splitlines() == ["0 errors, 0 warnings in 159 cards"]  # 152 + 3 + 1 + 2 + 1


def test_import_writes_to_standard_output_by_default(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "public.csv"
    sheet.write_text(PUBLIC_FORM, encoding="utf-8")
    assert main(["import", str(sheet), "--game", str(STAR_REALMS)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Imported from public.csv by 'cardkit import'.\n")
    assert [card["name"] for card in yaml.safe_load(out)["cards"]] == [
        "Gloop Fighter",
        "Rust Station",
        "Imperial Skiff",
        "Drifter",
    ]


def test_import_of_a_bad_spreadsheet_writes_nothing_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "public.csv"
    sheet.write_text(PUBLIC_FORM.replace("Ship,1,", "Ship,one,", 1), encoding="utf-8")
    output = tmp_path / "imported.yaml"
    status = main(["import", str(sheet), "--game", str(STAR_REALMS), "-o", str(output)])
    out, err = capsys.readouterr()
    assert status == 1
    assert not output.exists()
    assert out == ""
    assert err.splitlines() == [
        f"{sheet}:2:6: error[CK042] cell F2 of column 'Cost' is 'one', not a whole number",
        "1 error; nothing written",
    ]


def test_import_reports_two_rows_of_one_id_as_a_game_folder_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "public.csv"
    sheet.write_text(PUBLIC_FORM + "Core Set,2,Drifter,Unaligned,Ship,2,{Gain 2 Trade},\n", "utf-8")
    output = tmp_path / "imported.yaml"
    status = main(["import", str(sheet), "--game", str(STAR_REALMS), "-o", str(output)])
    out, err = capsys.readouterr()
    assert (status, out) == (1, "")
    assert not output.exists()
    duplicate = "6:3: error[CK030] card id 'drifter' is already used by 'Drifter' at {sheet}:5:1"
    assert err.splitlines() == [
        f"{sheet}:" + duplicate.format(sheet=sheet),
        "    hint: give one of them a different name or an explicit 'id'",
        "1 error; nothing written",
    ]
    # The same rows in a game folder: the same diagnostic, from the same check.
    game = tmp_path / "star-realms"
    shutil.copytree(STAR_REALMS, game)
    shutil.copy(sheet, game / "public.csv")
    main(["validate", str(game)])
    found = capsys.readouterr().out.splitlines()
    shown = f"{game}/public.csv"
    assert f"{shown}:" + duplicate.format(sheet=shown) in found


def test_import_of_a_file_that_is_not_a_workbook_exits_1_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "cards.xlsx"
    sheet.write_text(PUBLIC_FORM, encoding="utf-8")
    assert main(["import", str(sheet), "--game", str(STAR_REALMS)]) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert "error[CK041] not an XLSX workbook: it is a text file" in err


def _new_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    assert main(["new", "Moon Tactics", "--into", str(tmp_path)]) == 0
    capsys.readouterr()
    return tmp_path / "moon-tactics"


def _two_deck_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """The new game with a second deck: a card that names no deck belongs to none."""
    game = _new_game(tmp_path, capsys)
    game_yaml = game / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(
        text.replace("decks:\n", "decks:\n  side:\n    name: Side Deck\n", 1), encoding="utf-8"
    )
    return game


def _import(capsys: pytest.CaptureFixture[str], sheet: Path, game: Path) -> tuple[int, list[str]]:
    status = main(["import", str(sheet), "--game", str(game)])
    captured = capsys.readouterr()
    assert captured.out == ""
    return status, captured.err.splitlines()


MISSING_FIELDS = [
    (  # no such column: add one
        "Name,Type,Faction,Cost,Text\nScout,unit,sun,1,Gain 1 Gold.\nPlan,action,,2,Draw a card.\n",
        [
            "cards.csv:2:1: error[CK022] missing required field 'power' of a unit",
            "    hint: add a 'power' column (or map one in game.yaml's spreadsheet columns)",
            "cards.csv:3:1: error[CK022] card belongs to no deck",
            "    hint: add a 'deck' column (or map one in game.yaml's spreadsheet columns); "
            "the value is one of 'side', 'main', or give card type 'action' a 'deck' in "
            "game.yaml for all its cards",
            "2 errors; nothing written",
        ],
    ),
    (  # the column is there, the cell blank (or the row short): fill it in, there
        "Name,Type,Faction,Cost,Power,Deck,Text\n"
        "Scout,unit,sun,1,,main,Gain 1 Gold.\n"
        "Plan,action,,2,,,Draw a card.\n"
        "Short,unit,moon,2\n",
        [
            "cards.csv:2:5: error[CK022] missing required field 'power' of a unit",
            "    hint: fill in this card's 'power' cell",
            "cards.csv:3:6: error[CK022] card belongs to no deck",
            "    hint: fill in this card's 'deck' cell; the value is one of 'side', 'main', or "
            "give card type 'action' a 'deck' in game.yaml for all its cards",
            "cards.csv:4:5: error[CK022] missing required field 'power' of a unit",
            "    hint: fill in this card's 'power' cell",
            "3 errors; nothing written",
        ],
    ),
]


@pytest.mark.parametrize(("sheet", "expected"), MISSING_FIELDS)
def test_a_field_missing_from_a_spreadsheet_is_told_in_columns(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    sheet: str,
    expected: list[str],
) -> None:
    game = _two_deck_game(tmp_path, capsys)
    (tmp_path / "cards.csv").write_text(sheet, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert _import(capsys, Path("cards.csv"), game) == (1, expected)


def test_a_field_the_column_mapping_leaves_out_is_mapped_in_game_yaml(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tmp_path / "star-realms"
    shutil.copytree(STAR_REALMS, game)
    game_yaml = game / "game.yaml"
    text = game_yaml.read_text(encoding="utf-8")
    game_yaml.write_text(
        text.replace("    Defense: defense\n", "").replace("Defense, Faction", "Faction"),
        encoding="utf-8",
    )
    (tmp_path / "cards.csv").write_text(
        "Name,Faction,Type,Cost,Text\nRust Yard,Machine Cult,Base,3,{Gain 2 Combat}\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    assert _import(capsys, Path("cards.csv"), game) == (
        1,
        [
            "cards.csv:2:1: error[CK022] missing required field 'defense' of a base",
            "    hint: add a column for 'defense' and map it in game.yaml's spreadsheet columns",
            "1 error; nothing written",
        ],
    )


def test_a_yaml_card_beside_a_spreadsheet_is_still_told_to_set_the_field(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = _two_deck_game(tmp_path, capsys)
    (game / "more.yaml").write_text(
        "cards:\n  - name: Plan\n    type: action\n    cost: 2\n", encoding="utf-8"
    )
    (game / "more.csv").write_text("Name,Type,Cost\nScheme,action,2\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "moon-tactics"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "moon-tactics/more.csv:2:1: error[CK022] card belongs to no deck",
        "    hint: add a 'deck' column (or map one in game.yaml's spreadsheet columns); "
        "the value is one of 'side', 'main', or give card type 'action' a 'deck' in game.yaml "
        "for all its cards",
        "moon-tactics/more.yaml:2:5: error[CK022] card belongs to no deck: set 'deck'",
        "    hint: one of 'side', 'main', or give card type 'action' a 'deck' in game.yaml for "
        "all its cards",
    ]


HANDMADE = "# hand-edited: keep\ncards:\n  - name: Scout\n    type: ship\n"


def _import_to(capsys: pytest.CaptureFixture[str], *options: str) -> tuple[int, list[str]]:
    status = main(["import", "public.csv", "--game", str(STAR_REALMS), "-o", *options])
    out, err = capsys.readouterr()
    assert out == ""
    return status, err.splitlines()


def test_import_refuses_to_overwrite_a_file_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("public.csv").write_text(PUBLIC_FORM, encoding="utf-8")
    handmade = Path("handmade.yaml")
    handmade.write_text(HANDMADE, encoding="utf-8")
    assert _import_to(capsys, "handmade.yaml") == (
        1,
        [
            "handmade.yaml: error[CK007] output file 'handmade.yaml' already exists",
            "    hint: give --force to replace it, or choose another file with -o",
            "1 error; nothing written",
        ],
    )
    assert handmade.read_text(encoding="utf-8") == HANDMADE
    assert sorted(p.name for p in tmp_path.iterdir()) == ["handmade.yaml", "public.csv"]

    assert _import_to(capsys, "handmade.yaml", "--force") == (0, ["wrote handmade.yaml (4 cards)"])
    names = [card["name"] for card in yaml.safe_load(handmade.read_text("utf-8"))["cards"]]
    assert names == ["Gloop Fighter", "Rust Station", "Imperial Skiff", "Drifter"]


def test_an_existing_output_is_reported_with_the_spreadsheet_problems(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("public.csv").write_text(PUBLIC_FORM.replace("Ship,1,", "Ship,one,", 1), "utf-8")
    Path("handmade.yaml").symlink_to("nowhere.yaml")  # a link, even a broken one, is in the way
    status, err = _import_to(capsys, "handmade.yaml")
    assert status == 1
    assert err[0] == "handmade.yaml: error[CK007] output file 'handmade.yaml' already exists"
    assert err[2].startswith("public.csv:2:6: error[CK042]")
    assert err[-1] == "2 errors; nothing written"
    assert not Path("nowhere.yaml").exists()


def test_a_file_made_while_import_writes_is_not_overwritten(tmp_path: Path) -> None:
    target = tmp_path / "cards.yaml"
    target.write_text(HANDMADE, encoding="utf-8")  # as if made after the check for it
    with pytest.raises(OutputExistsError) as raised:
        write_atomic(target, "cards: []\n", overwrite=False)
    assert raised.value.path == target.as_posix()
    assert target.read_text(encoding="utf-8") == HANDMADE
    assert [p.name for p in tmp_path.iterdir()] == ["cards.yaml"]  # no temporary file left
    write_atomic(tmp_path / "new.yaml", "cards: []\n", overwrite=False)
    assert (tmp_path / "new.yaml").read_text(encoding="utf-8") == "cards: []\n"


def _usage_refusal(capsys: pytest.CaptureFixture[str], *args: str) -> list[str]:
    """Run ``import`` with ``args``; it must be a usage error (exit 2): the lines it told."""
    status = main(["import", *args])
    out, err = capsys.readouterr()
    assert (status, out) == (2, ""), err
    assert "Traceback" not in err
    return err.splitlines()


@pytest.mark.parametrize("spelling", ["in/semi2.csv", "in/../in/semi2.csv", "./in//semi2.csv"])
def test_import_refuses_to_write_over_the_spreadsheet_it_reads_even_with_force(
    spelling: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("in").mkdir()
    sheet = Path("in/semi2.csv")
    sheet.write_text(PUBLIC_FORM, encoding="utf-8")
    err = _usage_refusal(
        capsys, "in/semi2.csv", "--game", str(STAR_REALMS), "-o", spelling, "--force"
    )
    assert err[0].startswith("usage: cardkit import")
    assert err[-1] == (
        f"cardkit: error: argument -o/--output: {spelling!r} is the spreadsheet being "
        "imported; writing there would replace it: give -o a new file ending in .yaml"
    )
    assert sheet.read_text(encoding="utf-8") == PUBLIC_FORM
    assert sorted(str(p) for p in tmp_path.rglob("*")) == [
        str(tmp_path / "in"),
        str(tmp_path / sheet),
    ]


def test_a_yaml_name_linked_to_the_spreadsheet_is_still_the_spreadsheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    sheet = Path("cards.csv")
    sheet.write_text(PUBLIC_FORM, encoding="utf-8")
    Path("cards.yaml").hardlink_to(sheet)  # one file under two names
    err = _usage_refusal(
        capsys, "cards.csv", "--game", str(STAR_REALMS), "-o", "cards.yaml", "--force"
    )
    assert err[-1].startswith(
        "cardkit: error: argument -o/--output: 'cards.yaml' is the spreadsheet"
    )
    assert sheet.read_text(encoding="utf-8") == PUBLIC_FORM


@pytest.fixture
def public_csv(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The public spreadsheet form as public.csv in a fresh current folder."""
    monkeypatch.chdir(tmp_path)
    Path("public.csv").write_text(PUBLIC_FORM, encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("output", ["x.csv", "cards.xlsx", "cards", "cards.yaml.txt"])
def test_import_writes_only_to_a_yaml_file(
    output: str, public_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _usage_refusal(capsys, "public.csv", "--game", str(STAR_REALMS), "-o", output)
    assert err[-1] == (
        f"cardkit: error: argument -o/--output: {output!r} does not end in .yaml or .yml: "
        "import writes YAML cards; give a file name such as 'cards.yaml' (or '-' for "
        "standard output)"
    )
    assert sorted(p.name for p in public_csv.iterdir()) == ["public.csv"]


@pytest.mark.parametrize("output", ["cards.yml", "Cards.YAML"])
def test_a_yml_or_upper_case_suffix_is_a_yaml_file(
    output: str, public_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _import_to(capsys, output) == (0, [f"wrote {output} (4 cards)"])
    assert len(yaml.safe_load((public_csv / output).read_text("utf-8"))["cards"]) == 4


GAME = Path(__file__).resolve().parent / "fixtures" / "game"
SKIMMER = "Name,Faction,Type,Cost,Text\nVoid Skimmer,Blob,Ship,2,Gain 2 Trade.\n"
TWICE = [
    "g/cards.csv: warning[CK044] the cards of 'g/cards.csv' are now in the game twice: "
    "game folder 'g' reads the spreadsheet as cards, and 'g/imported.yaml' as well",
    "    hint: move the spreadsheet out of the game folder (then only import reads it), "
    "or delete one of the two copies",
]


@pytest.fixture
def mini(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The small test game in the folder ``g`` of a fresh current folder."""
    monkeypatch.chdir(tmp_path)
    shutil.copytree(GAME, "g")
    return Path("g")


def test_a_spreadsheet_imported_into_the_game_folder_it_sits_in_is_told_twice(
    mini: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (mini / "cards.csv").write_text(SKIMMER, encoding="utf-8")
    status = main(["import", "g/cards.csv", "--game", "g", "-o", "g/imported.yaml"])
    out, err = capsys.readouterr()
    assert (status, out) == (0, "")
    assert err.splitlines() == ["wrote g/imported.yaml (1 card)", *TWICE]
    # What the warning foretells: validate finds each card twice.
    assert main(["validate", "g"]) == 1
    assert capsys.readouterr().out.splitlines()[0] == (
        "g/imported.yaml:3:9: error[CK030] card id 'void-skimmer' is already used by "
        "'Void Skimmer' at g/cards.csv:2:1"
    )


@pytest.mark.parametrize(
    ("sheet", "output"),
    [
        ("cards.csv", "g/imported.yaml"),  # the spreadsheet is outside the game
        ("g/cards.csv", "imported.yaml"),  # the YAML is outside it
        ("g/cards.csv", "g/.drafts/imported.yaml"),  # a hidden folder is not read as cards
        ("g/layouts/cards.csv", "g/imported.yaml"),  # nor is the layouts folder
        ("g/.sheets/cards.csv", "g/imported.yaml"),
    ],
)
def test_no_twice_warning_when_the_game_reads_only_one_copy(
    sheet: str, output: str, mini: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    Path(sheet).parent.mkdir(parents=True, exist_ok=True)
    Path(output).parent.mkdir(parents=True, exist_ok=True)
    Path(sheet).write_text(SKIMMER, encoding="utf-8")
    status = main(["import", sheet, "--game", "g", "-o", output])
    assert (status, capsys.readouterr().err.splitlines()) == (0, [f"wrote {output} (1 card)"])


def test_no_twice_warning_when_the_cards_go_to_standard_output(
    mini: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (mini / "cards.csv").write_text(SKIMMER, encoding="utf-8")
    assert main(["import", "g/cards.csv", "--game", "g"]) == 0
    out, err = capsys.readouterr()
    assert (out.count("name: Void Skimmer"), err) == (1, "")


# Cells as card spreadsheets write them: tokens in a row, lines typed inside a cell, HTML
# formatting, an outpost told in the Defense cell. Each row: the cells, then the rules
# text and the fields the import gives.
WHOLE_TEXT_ROWS: list[tuple[list[object], str, dict[str, object]]] = [
    (
        ["Core Set", 1, "Moon Herald", "Unaligned", "Ship", 3, "{Gain 4 Authority} {Gain 2 Trade}"],
        "Gain 4 Authority. Gain 2 Trade.",
        {},
    ),
    (
        [
            "Core Set",
            1,
            "Ooze Wing",
            "Blob",
            "Ship",
            2,
            "{Gain 2 Combat}<hr>{Blob Ally} {Gain 3 Combat}",
        ],
        "Gain 2 Combat.\nBlob Ally: Gain 3 Combat.",
        {"faction": "blob"},
    ),
    (
        [
            "Core Set",
            1,
            "Cog Yard",
            "Machine Cult",
            "Base",
            4,
            "{Gain 2 Combat}\nDraw a card\nScrap: {Gain 3 Trade}",
            "5 Outpost",
        ],
        "Gain 2 Combat. Draw a card.\nScrap: Gain 3 Trade.",
        {"faction": "machine-cult", "defense": 5, "outpost": True},
    ),
    (
        [
            "Core Set",
            1,
            "Tithe Hall",
            "Star Empire",
            "Base",
            3,
            "{Gain 2 Combat}\nOR\n{Gain 2 Trade}",
            4,
        ],
        "Gain 2 Combat or Gain 2 Trade.",
        {"faction": "star-empire", "defense": 4},
    ),
    (
        [
            "Core Set",
            1,
            "Ledger Barge",
            "Trade Federation",
            "Ship",
            2,
            "Choose one:\n- {Gain 2 Trade}\n- {Gain 3 Authority}",
        ],
        "Choose one: \u2022 Gain 2 Trade \u2022 Gain 3 Authority.",
        {"faction": "trade-federation"},
    ),
    (
        [
            "Core Set",
            1,
            "Gilded Skiff",
            "Star Empire",
            "Ship",
            1,
            "<b>Gain 2 Combat</b><br><i>Star Empire Ally</i>: <u>Draw a card</u> &amp; "
            "<strong>gain</strong> 1 <em>Combat</em>",
        ],
        "Gain 2 Combat.\nStar Empire Ally: Draw a card & gain 1 Combat.",
        {"faction": "star-empire"},
    ),
]


def _write_sheet(path: Path, rows: list[list[object]]) -> Path:
    header = ["Set", "Qty", "Name", "Faction", "Type", "Cost", "Text", "Defense"]
    if path.suffix == ".xlsx":
        book = Workbook()
        sheet = book.active
        assert sheet is not None
        for row in [header, *rows]:
            sheet.append(row)
        book.save(path)
    else:
        with path.open("w", encoding="utf-8", newline="") as file:
            csv.writer(file).writerows([header, *rows])
    return path


@pytest.mark.parametrize("suffix", [".csv", ".xlsx"])
def test_the_text_of_a_cell_is_imported_whole(
    suffix: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = _write_sheet(tmp_path / f"cards{suffix}", [row for row, _, _ in WHOLE_TEXT_ROWS])
    assert main(["import", str(sheet), "--game", str(STAR_REALMS)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    cards = yaml.safe_load(out)["cards"]
    assert [card["text"] for card in cards] == [text for _, text, _ in WHOLE_TEXT_ROWS]
    for card, (_, _, fields) in zip(cards, WHOLE_TEXT_ROWS, strict=True):
        assert {key: card.get(key) for key in fields} == fields
        assert ("outpost" in card) == ("outpost" in fields)


KEEP_GOING_FORM = """\
Set,Qty,Name,Faction,Type,Cost,Text,Defense
Core Set,1,Gloop Fighter,Blob,Ship,1,{Gain 3 Trade},
Core Set,1,Rust Station,Machine Cult,Base,3,{Gain 2 Combat},five Outpost
Core Set,2,Imperial Skiff,Star Empire,Ship,one,{Gain 2 Combat},
Core Set,1,Cog Yard,Machine Cult,Base,4,{Gain 2 Combat},5 Outposts
Core Set,1,Drifter,Unaligned,Ship,1,{Gain 1 Trade},
"""
KEEP_GOING_ERRORS = [
    "public.csv:3:8: error[CK042] cell H3 of column 'Defense' is 'five Outpost': it matches "
    "'{n} Outpost', which gives 'defense' 'five', not a whole number",
    "public.csv:4:6: error[CK042] cell F4 of column 'Cost' is 'one', not a whole number",
    "public.csv:5:8: error[CK042] cell H5 of column 'Defense' is '5 Outposts', not a whole number",
    "    hint: nor does it match a pattern of game.yaml's spreadsheet values: '{n} Outpost'",
]


def test_keep_going_writes_the_rows_without_errors_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("public.csv").write_text(KEEP_GOING_FORM, encoding="utf-8")
    assert _import_to(capsys, "cards.yaml", "--keep-going") == (
        1,
        [*KEEP_GOING_ERRORS, "3 errors; wrote cards.yaml (2 cards), skipped 3 rows with errors"],
    )
    cards = yaml.safe_load(Path("cards.yaml").read_text(encoding="utf-8"))["cards"]
    assert [card["name"] for card in cards] == ["Gloop Fighter", "Drifter"]


def test_without_keep_going_a_row_with_errors_stops_the_import(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("public.csv").write_text(KEEP_GOING_FORM, encoding="utf-8")
    assert _import_to(capsys, "cards.yaml") == (
        1,
        [*KEEP_GOING_ERRORS, "3 errors; nothing written"],
    )
    assert not Path("cards.yaml").exists()


def test_keep_going_to_standard_output_says_what_it_wrote(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("public.csv").write_text(KEEP_GOING_FORM, encoding="utf-8")
    assert main(["import", "public.csv", "--game", str(STAR_REALMS), "--keep-going"]) == 1
    out, err = capsys.readouterr()
    assert [card["name"] for card in yaml.safe_load(out)["cards"]] == ["Gloop Fighter", "Drifter"]
    assert err.splitlines() == [
        *KEEP_GOING_ERRORS,
        "3 errors; wrote 2 cards, skipped 3 rows with errors",
    ]


def test_keep_going_writes_nothing_when_every_row_has_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    header, *rows = KEEP_GOING_FORM.splitlines(keepends=True)
    bad = header + "".join(row for row in rows if "Gloop" not in row and "Drifter" not in row)
    Path("public.csv").write_text(bad, encoding="utf-8")
    status, err = _import_to(capsys, "cards.yaml", "--keep-going")
    assert (status, err[-1]) == (1, "3 errors; nothing written (skipped 3 rows with errors)")
    assert not Path("cards.yaml").exists()


def test_keep_going_with_a_missing_column_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("public.csv").write_text(PUBLIC_FORM.replace(",Name,", ",Title,"), encoding="utf-8")
    assert _import_to(capsys, "cards.yaml", "--keep-going") == (
        1,
        [
            "public.csv:1:1: error[CK040] missing column 'Name'",
            "    hint: the header row has 'Set', 'Qty', 'Title', 'Faction', 'Type', 'Cost', "
            "'Text', 'Defense'",
            "1 error; nothing written",
        ],
    )
    assert not Path("cards.yaml").exists()


def test_keep_going_without_errors_is_an_ordinary_import(
    public_csv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _import_to(capsys, "cards.yaml", "--keep-going") == (0, ["wrote cards.yaml (4 cards)"])


def test_keep_going_in_a_workbook_leaves_out_a_sheet_without_its_columns_and_bad_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    book = Workbook()
    ships = book.active
    assert ships is not None
    ships.title = "Ships"
    for row in [
        ["Name", "Faction", "Type", "Cost", "Text"],
        ["Gloop Fighter", "Blob", "Ship", 1, "{Gain 3 Trade} {Gain 1 Combat}"],
        ["Imperial Skiff", "Star Empire", "Ship", "one", "{Gain 2 Combat}"],
    ]:
        ships.append(row)
    bases = book.create_sheet("Bases")
    for row in [
        ["Title", "Faction", "Type", "Cost", "Text", "Defense"],
        ["Cog Yard", "Machine Cult", "Base", 4, "{Gain 2 Combat}", "5 Outpost"],
    ]:
        bases.append(row)
    book.save("public.xlsx")
    status = main(
        ["import", "public.xlsx", "--game", str(STAR_REALMS), "-o", "cards.yaml", "--keep-going"]
    )
    out, err = capsys.readouterr()
    assert (status, out) == (1, "")
    assert err.splitlines() == [
        "public.xlsx[Bases]:1:1: error[CK040] missing column 'Name'",
        "    hint: the header row has 'Title', 'Faction', 'Type', 'Cost', 'Text', 'Defense'",
        "public.xlsx[Ships]:3:4: error[CK042] cell D3 of column 'Cost' is 'one', not a whole "
        "number",
        "2 errors; wrote cards.yaml (1 card), skipped 1 row with errors",
    ]
    cards = yaml.safe_load(Path("cards.yaml").read_text(encoding="utf-8"))["cards"]
    assert cards == [
        {
            "name": "Gloop Fighter",
            "type": "ship",
            "faction": "blob",
            "cost": 1,
            "text": "Gain 3 Trade. Gain 1 Combat.",
        }
    ]
