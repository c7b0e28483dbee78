"""Game-declared sheets: read from game.yaml or a file it names, checked (the table below),
and computed from the cards: the Starcraft-style classification sheets and a spell deck."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from cardkit.cli import main
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet
from cardkit.reference.build import build_reference
from cardkit.reference.content import Table, cell_text
from cardkit.rules import parse_card_text

REPO = Path(__file__).resolve().parents[1]
SKIRMISH = REPO / "tests" / "fixtures" / "rulebook" / "skirmish"


def load(root: Path) -> CardSet:
    card_set, found = load_card_set(root, str(root))
    assert card_set is not None and not found, [str(d) for d in found]
    return card_set


def sheet_tables(card_set: CardSet, title: str) -> list[Table]:
    abilities = {c.id: parse_card_text(c.text, card_set.game) for c in card_set.cards}
    reference, found = build_reference(card_set, abilities)
    assert found == []
    section = next(s for s in reference.sections if s.title == title)
    return [b for b in section.blocks if isinstance(b, Table)]


def rows(table: Table) -> list[list[str]]:
    return [[cell_text(c) for c in row] for row in table.rows]


def test_sheets_file_named_by_game_yaml_is_read_and_not_taken_for_cards() -> None:
    card_set = load(SKIRMISH)
    assert [s.id for s in card_set.game.sheets] == [
        "air-ground",
        "hero-classification",
        "zerg-buildings",
        "spell-deck",
    ]
    assert card_set.game.sheets_file == "rulebook/sheets.yaml"
    assert not any("sheets.yaml" in f for f in card_set.files)


def test_air_ground_classification_lists_flying_units_by_faction() -> None:
    tables = sheet_tables(load(SKIRMISH), "Air/Ground Classification")
    assert [t.title for t in tables] == ["Terran", "Zerg"]
    # an enum's value as the card faces print it ('Movement: Air'), not its id
    assert [rows(t) for t in tables] == [[["Wraith", "Air"]], [["Mutalisk", "Air"]]]


def test_hero_classification_names_each_heroes_unit() -> None:
    (table,) = sheet_tables(load(SKIRMISH), "Hero Classification")
    assert table.headers == ("Hero", "Unit")
    assert rows(table) == [["Jim Raynor", "Marine"], ["Kerrigan", "Zergling"]]


def test_zerg_building_requirements_are_sorted_by_cost() -> None:
    (table,) = sheet_tables(load(SKIRMISH), "Zerg Building Requirements")
    assert rows(table) == [["Spawning Pool", "Hatchery"], ["Hatchery", ""], ["Spire", "Lair"]]


def test_spell_deck_lists_copies_per_spell_with_their_total() -> None:
    card_set = load(SKIRMISH)
    (table,) = sheet_tables(card_set, "Spell Deck")
    spells = sorted((c for c in card_set.cards if c.deck == "spells"), key=lambda c: c.name)
    assert rows(table) == [[c.name, str(c.count)] for c in spells]
    assert table.footer is not None
    assert [cell_text(c) for c in table.footer] == ["Total", str(sum(c.count for c in spells))]
    assert table.numeric == (False, True)


def test_a_sheet_that_selects_no_cards_is_a_warning_and_says_so(
    skirmish: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheets = skirmish / "rulebook" / "sheets.yaml"
    sheets.write_text(
        sheets.read_text() + "nothing:\n  title: Nothing\n  where: {cost: 9}\n  columns: [name]\n"
    )
    assert main(["rulebook", str(skirmish), "-o", str(tmp_path / "out"), "--format", "md"]) == 0
    err = capsys.readouterr().err
    assert (
        f"{skirmish}/rulebook/sheets.yaml:21:1: warning[CK314] sheet 'nothing' selects no cards"
        in err
    )
    assert "No card matches this sheet." in (tmp_path / "out" / "reference.md").read_text()


GAME = """\
id: g
name: G
factions:
  blob: {name: Blob}
card_types:
  ship: {name: Ship, fields: {cost: {type: integer}}}
sheets:
"""

# (the sheets declared in game.yaml, the diagnostic they must give)
BAD_SHEETS: list[tuple[str, str]] = [
    (
        "  s:\n    title: S\n    columns: [name, costt]\n",
        "game.yaml:10:21: error[CK310] sheet 's' names field 'costt', which no card type "
        "declares (did you mean 'cost'?)",
    ),
    (
        "  s:\n    title: S\n    columns: [name]\n    sort: [cots]\n",
        "game.yaml:11:12: error[CK310] sheet 's' names field 'cots', which no card type "
        "declares (did you mean 'cost'?)",
    ),
    (
        "  s:\n    title: S\n    columns: [A, B]\n    rows: [[1, 2], [3]]\n",
        "game.yaml:11:20: error[CK311] row 2 of sheet 's' has 1 cell, but the sheet has 2 columns",
    ),
    (
        "  s:\n    title: S\n    columns: [A]\n    rows: [[1]]\n    group_by: faction\n",
        "game.yaml:12:15: error[CK312] sheet 's' has rows, so it cannot use 'group_by' "
        "(that is for sheets computed from cards)",
    ),
    (
        "  s:\n    title: S\n    columns: [{field: cost}]\n    rows: [[1]]\n",
        "game.yaml:10:15: error[CK312] sheet 's' has rows, so its columns are titles, "
        "not card fields",
    ),
    (
        "  s:\n    title: S\n    columns: [name]\n    where: {faction: blobb}\n",
        "game.yaml:11:22: error[CK313] sheet 's' selects faction 'blobb', which the game "
        "does not declare (did you mean 'blob'?)",
    ),
    (
        "  s:\n    title: S\n    columns: [name]\n    where: {type: shipp}\n",
        "game.yaml:11:19: error[CK313] sheet 's' selects type 'shipp', which the game "
        "does not declare (did you mean 'ship'?)",
    ),
    ("  s:\n    columns: [name]\n", "game.yaml:9:5: error[CK022]"),
    ("    ../outside.yaml\n", "game.yaml:8:5: error[CK026] sheets '../outside.yaml' is not"),
    ("    missing.yaml\n", "game.yaml:8:5: error[CK001] no such sheets file: 'missing.yaml'"),
]


@pytest.mark.parametrize(("sheets", "expected"), BAD_SHEETS)
def test_a_bad_sheet_is_a_located_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], sheets: str, expected: str
) -> None:
    (tmp_path / "game.yaml").write_text(GAME + sheets)
    (tmp_path / "cards.yaml").write_text("- {name: A, type: ship, faction: blob, cost: 1}\n")
    assert main(["validate", str(tmp_path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith(f"{tmp_path}/{expected}") for line in lines), lines


def test_a_sheets_file_is_checked_against_the_schema_with_its_own_locations(skirmish: Path) -> None:
    (skirmish / "rulebook" / "sheets.yaml").write_text(
        textwrap.dedent(
            """\
            spells:
              title: Spells
              colums: [name]
            """
        )
    )
    card_set, found = load_card_set(skirmish, "g")
    assert card_set is None
    assert str(found[0]).startswith("g/rulebook/sheets.yaml:3:3: error[CK021]")


def test_rules_table_cells_keep_their_values() -> None:
    card_set = load(REPO / "cards" / "star-realms")
    (table,) = sheet_tables(card_set, "Raid: the Boss")
    assert table.headers == ("# of Raiders", "Boss Starting Authority")
    assert rows(table) == [["2", "50"], ["3", "70"], ["4", "70"], ["5", "90"]]
    assert table.numeric == (True, True)
    (hydra,) = sheet_tables(card_set, "Hydra team Authority")
    assert rows(hydra)[1] == ["Three-Headed Hydra", "6", "3", "100"]


def _reference_tables(game: str, title: str) -> list[Table]:
    from cardkit.app.rulebook import make_reference

    card_set, _ = load_card_set(REPO / "cards" / game, game)
    assert card_set is not None
    reference, _ = make_reference(card_set)
    section = next(s for s in reference.sections if s.title == title)
    return [b for b in section.blocks if isinstance(b, Table)]


def test_warpspawn_spell_deck_sheet_totals_the_36_spells() -> None:
    card_set, _ = load_card_set(REPO / "cards" / "warpspawn", "warpspawn")
    assert card_set is not None
    spells = [c for c in card_set.cards if c.deck == "spells"]
    (table,) = _reference_tables("warpspawn", "Magic Spell Deck")
    assert [row[0] for row in rows(table)] == sorted(c.name for c in spells)
    assert [row[-1] for row in rows(table)] == [
        str(c.count) for c in sorted(spells, key=lambda c: c.name)
    ]
    assert table.footer is not None
    assert cell_text(table.footer[-1]) == str(sum(c.count for c in spells)) == "36"


def test_starcraft_hero_sheet_lists_every_hero_by_faction() -> None:
    card_set, _ = load_card_set(REPO / "cards" / "starcraft", "starcraft")
    assert card_set is not None
    heroes = {(c.name, c.get("hero_of")) for c in card_set.cards if c.get("hero")}
    tables = _reference_tables("starcraft", "Hero Classification")
    assert {tuple(row) for t in tables for row in rows(t)} == heroes
    assert heroes
