"""Rules-text checks: every problem at once, each pointing at its character in the file."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from cardkit.diagnostics import CODES, Location, Severity
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet
from cardkit.rules.check import check_card_text

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "rules"
INVALID = sorted((FIXTURES / "invalid").glob("*.yaml"))
EXPECT = re.compile(r"^# expect: (CK\d{3}) at (\d+):(\d+) (.*)$")


def _load(folder: Path) -> CardSet:
    card_set, found = load_card_set(folder, str(folder))
    assert card_set is not None and not found, found
    return card_set


def _game_with(tmp_path: Path, *files: Path) -> Path:
    shutil.copy(FIXTURES / "game" / "game.yaml", tmp_path / "game.yaml")
    for path in files:
        shutil.copy(path, tmp_path / path.name)
    return tmp_path


def test_the_rules_codes_are_declared() -> None:
    assert CODES["CK101"] == "rules text does not parse"
    assert "CK102" in CODES


def test_star_realms_and_the_fixture_game_have_clean_rules_text() -> None:
    assert check_card_text(_load(ROOT / "cards" / "star-realms")) == []
    assert check_card_text(_load(FIXTURES / "game")) == []


@pytest.mark.parametrize("fixture", INVALID, ids=[p.stem for p in INVALID])
def test_each_invalid_fixture_gives_its_one_diagnostic_at_the_character(
    fixture: Path, tmp_path: Path
) -> None:
    match = EXPECT.match(fixture.read_text(encoding="utf-8").splitlines()[0])
    assert match, f"{fixture.name} must start with '# expect: CODE at LINE:COL message'"
    code, line, column, message = match.groups()
    folder = _game_with(tmp_path, fixture)
    found = check_card_text(_load(folder))
    assert [(d.code, d.location, d.message) for d in found] == [
        (code, Location(f"{folder}/{fixture.name}", int(line), int(column)), message)
    ]
    assert found[0].severity is Severity.ERROR


def test_every_bad_line_of_every_card_is_reported_in_one_run(tmp_path: Path) -> None:
    folder = _game_with(tmp_path, *INVALID)
    card_set, _ = load_card_set(folder, str(folder))  # the fixtures share card ids (CK030)
    assert card_set is not None and len(card_set.cards) == len(INVALID)
    found = check_card_text(card_set)
    assert len(found) == len(INVALID)
    assert found == sorted(found, key=lambda d: d.sort_key)


def test_files_are_found_when_the_game_is_shown_under_another_name(tmp_path: Path) -> None:
    folder = _game_with(tmp_path, FIXTURES / "invalid" / "literal-block.yaml")
    card_set, _ = load_card_set(folder, "shown/game")
    assert card_set is not None
    (diag,) = check_card_text(card_set)
    assert str(diag.location) == "shown/game/literal-block.yaml:11:14"


def test_windows_line_endings_keep_columns_right(tmp_path: Path) -> None:
    shutil.copy(FIXTURES / "game" / "game.yaml", tmp_path / "game.yaml")
    text = "cards:\n  - name: Pikeman\n    type: unit\n    deck: market\n    cost: 2\n"
    text += "    text: |-\n      Draw a card.\n      Gain 2 Glod.\n"
    (tmp_path / "cards.yaml").write_bytes(text.replace("\n", "\r\n").encode())
    (diag,) = check_card_text(_load(tmp_path))
    assert (diag.location.line, diag.location.column) == (8, 14)


def test_text_from_defaults_is_located_where_the_default_is_written(tmp_path: Path) -> None:
    shutil.copy(FIXTURES / "game" / "game.yaml", tmp_path / "game.yaml")
    (tmp_path / "cards.yaml").write_text(
        "defaults:\n  deck: market\n  text: Gain 1 Glod.\ncards:\n"
        "  - {name: One, type: unit, cost: 1}\n  - {name: Two, type: unit, cost: 1}\n",
        encoding="utf-8",
    )
    found = check_card_text(_load(tmp_path))
    assert {(d.card, str(d.location)) for d in found} == {
        ("one", f"{tmp_path}/cards.yaml:3:16"),
        ("two", f"{tmp_path}/cards.yaml:3:16"),
    }


def test_a_spreadsheet_card_is_located_at_its_cell(tmp_path: Path) -> None:
    shutil.copy(ROOT / "cards" / "star-realms" / "game.yaml", tmp_path / "game.yaml")
    (tmp_path / "cards.csv").write_text(
        "Name,Qty,Faction,Type,Cost,Defense,Text\n"
        "Good Ship,1,Blob,Ship,2,,{Gain 3 Combat}<hr>{Blob Ally}: {Draw a card}\n"
        "Bad Ship,1,Blob,Ship,2,,{Gian 3 Combat}\n",
        encoding="utf-8",
    )
    card_set, _ = load_card_set(tmp_path, str(tmp_path))
    assert card_set is not None and len(card_set.cards) == 2
    # Two cards are not Star Realms' 80-card trade deck (CK121/CK122); only the text counts here.
    (diag,) = [d for d in check_card_text(card_set) if d.code.startswith("CK10")]
    assert diag.code == "CK109"  # a misspelt word where the line stops parsing
    assert diag.card == "bad-ship"
    assert diag.location == card_set.cards[1].location("text")
    assert "did you mean 'Gain'?" in diag.message
