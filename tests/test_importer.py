"""`cardkit import`: the public Star Realms spreadsheet form into YAML cards that validate."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from cardkit.cli import main
from cardkit.importer import plain_text

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


def test_import_of_a_file_that_is_not_a_workbook_exits_1_without_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "cards.xlsx"
    sheet.write_text(PUBLIC_FORM, encoding="utf-8")
    assert main(["import", str(sheet), "--game", str(STAR_REALMS)]) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert "error[CK041] not an XLSX workbook: it is a text file" in err
