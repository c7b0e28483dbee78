"""`cardkit validate`: every bad input gives its exact located, coded diagnostic and exit 1.

Each file of tests/fixtures/cards/invalid/ is dropped, alone, into a copy of the small game
of tests/fixtures/game/; each file of tests/fixtures/games/invalid/ replaces that game's
game.yaml. The tables below pair each one with the exact lines it must print. Files that
git and editors would mangle (NUL bytes, Latin-1, UTF-16, control characters) are made by
the test from the bytes in ``MADE``.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.cli import main

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
GAME = FIXTURES / "game"
INVALID_CARDS = FIXTURES / "cards" / "invalid"
INVALID_GAMES = FIXTURES / "games" / "invalid"

MADE: dict[str, bytes] = {
    "binary.yaml": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
    "latin-1.yaml": "cards:\n  - name: Café\n    type: ship\n    cost: 1\n".encode("latin-1"),
    "utf-16.yaml": "cards:\n  - name: Scout\n    type: ship\n".encode("utf-16"),
    "control-character.yaml": b"cards:\n  - name: Bell\x07\n    type: ship\n    cost: 1\n",
}

HINT_EMPTY = "    hint: add 'cards:' with a list of cards, or delete the file"

# (file dropped into the game, the exact lines `cardkit validate` prints for it)
CARD_CASES: list[tuple[str, list[str]]] = [
    # YAML syntax
    (
        "tab-indent.yaml",
        [
            "game/tab-indent.yaml:4:1: error[CK010] tab character: "
            "YAML indents with spaces, never tabs"
        ],
    ),
    (
        "bad-indentation.yaml",
        [
            "game/bad-indentation.yaml:5:4: error[CK010] bad indentation: "
            "this line does not line up with the lines above it"
        ],
    ),
    (
        "unquoted-colon.yaml",
        [
            "game/unquoted-colon.yaml:6:16: error[CK010] unexpected ':' "
            "(check the indentation, or quote a value that contains ': ')"
        ],
    ),
    (
        "unclosed-quote.yaml",
        [
            "game/unclosed-quote.yaml:3:11: error[CK010] unclosed quote: "
            "this string runs to the end of the file"
        ],
    ),
    (
        "unclosed-quote-midfile.yaml",
        [
            "game/unclosed-quote-midfile.yaml:6:12: error[CK010] unclosed quote above: "
            "a quoted string runs on to here"
        ],
    ),
    (
        "unclosed-bracket.yaml",
        [
            "game/unclosed-bracket.yaml:5:11: error[CK010] unclosed '[': "
            "a flow list must end with ']'"
        ],
    ),
    (
        "unclosed-brace.yaml",
        [
            "game/unclosed-brace.yaml:3:5: error[CK010] unclosed '{': "
            "a flow mapping must end with '}'"
        ],
    ),
    (
        "python-tag.yaml",
        [
            "game/python-tag.yaml:3:5: error[CK011] YAML tag '!!python/object/apply:os.system' "
            "is not allowed in card data",
            "    hint: remove the tag; card data holds only plain values, lists and mappings",
        ],
    ),
    (
        "duplicate-key.yaml",
        [
            "game/duplicate-key.yaml:6:5: error[CK012] key 'cost' appears twice in this mapping "
            "(first on line 5)",
            "    hint: delete or rename one of them",
        ],
    ),
    (
        "alias-bomb.yaml",
        [
            "game/alias-bomb.yaml:7:1: error[CK013] anchors and aliases expand to more than "
            "100,000 values",
            "    hint: write the repeated data out, or use fewer nested aliases",
        ],
    ),
    ("too-deep.yaml", ["game/too-deep.yaml:6:74: error[CK004] nesting deeper than 64 levels"]),
    # files that are not card text
    (
        "empty.yaml",
        ["game/empty.yaml:1:1: error[CK003] empty card file: it holds no cards", HINT_EMPTY],
    ),
    (
        "empty-list.yaml",
        [
            "game/empty-list.yaml:2:1: error[CK003] empty card file: 'cards' lists no cards",
            "    hint: add cards to the list, or delete the file",
        ],
    ),
    (
        "header-only.csv",
        [
            "game/header-only.csv:1:1: error[CK003] empty spreadsheet: it has a header row "
            "but no cards",
            "    hint: add one card per row below the header",
        ],
    ),
    (
        "comments-only.yaml",
        [
            "game/comments-only.yaml:1:1: error[CK003] empty card file: it holds no cards",
            HINT_EMPTY,
        ],
    ),
    (
        "binary.yaml",
        ["game/binary.yaml:3:1: error[CK002] binary file: it holds NUL bytes, not text"],
    ),
    (
        "latin-1.yaml",
        [
            "game/latin-1.yaml:2:14: error[CK002] not UTF-8 text: byte 0xe9 cannot be decoded",
            "    hint: save the file as UTF-8",
        ],
    ),
    (
        "utf-16.yaml",
        [
            "game/utf-16.yaml:1:1: error[CK002] the file is UTF-16 text, not UTF-8",
            "    hint: save the file as UTF-8",
        ],
    ),
    (
        "control-character.yaml",
        [
            "game/control-character.yaml:2:15: error[CK002] control character U+0007 "
            "is not allowed in a text file",
            "    hint: delete it; it is often left behind by copying from another program",
        ],
    ),
    # structure
    (
        "misspelt-cards-key.yaml",
        [
            "game/misspelt-cards-key.yaml:2:1: error[CK021] 'card' is not a key of a card file "
            "(did you mean 'cards'?)",
            "    hint: a card file holds one card (a mapping with 'name' and 'type') "
            "or 'cards:' with a list of cards",
        ],
    ),
    (
        "card-not-a-mapping.yaml",
        [
            "game/card-not-a-mapping.yaml:3:5: error[CK020] card 1 of the list "
            "is not a mapping of fields"
        ],
    ),
    # fields
    (
        "unknown-field.yaml",
        [
            "game/unknown-field.yaml:5:5: error[CK021] 'cots' is not a field of a ship "
            "(did you mean 'cost'?)"
        ],
    ),
    (
        "missing-required-field.yaml",
        [
            "game/missing-required-field.yaml:3:5: error[CK022] "
            "missing required field 'defense' of a base"
        ],
    ),
    (
        "missing-type.yaml",
        [
            "game/missing-type.yaml:3:5: error[CK022] missing required field 'type' of a card",
            "    hint: one of 'ship', 'base'",
        ],
    ),
    (
        "cost-is-text.yaml",
        ["game/cost-is-text.yaml:5:11: error[CK023] cost must be a whole number, got '3'"],
    ),
    (
        "cost-is-empty.yaml",
        ["game/cost-is-empty.yaml:5:10: error[CK023] cost must be a whole number, got null"],
    ),
    (
        "count-is-true.yaml",
        ["game/count-is-true.yaml:6:12: error[CK023] count must be a whole number, got true"],
    ),
    (
        "count-is-decimal.yaml",
        ["game/count-is-decimal.yaml:6:12: error[CK023] count must be a whole number, got 2.0"],
    ),
    (
        "negative-cost.yaml",
        ["game/negative-cost.yaml:5:11: error[CK024] cost must be a whole number >= 0, got -1"],
    ),
    (
        "absurd-defense.yaml",
        [
            "game/absurd-defense.yaml:6:14: error[CK024] defense must be a whole number <= 20, "
            "got 1000000"
        ],
    ),
    (
        "count-zero.yaml",
        ["game/count-zero.yaml:6:12: error[CK024] count must be a whole number >= 1, got 0"],
    ),
    (
        "absurd-count.yaml",
        [
            "game/absurd-count.yaml:6:12: error[CK024] count must be a whole number <= 1000, "
            "got 99999999"
        ],
    ),
    (
        "unknown-faction.yaml",
        [
            "game/unknown-faction.yaml:5:14: error[CK025] unknown faction 'blobb' "
            "(did you mean 'blob'?)",
            "    hint: expected one of 'blob', 'machine-cult'",
        ],
    ),
    (
        "unknown-card-type.yaml",
        [
            "game/unknown-card-type.yaml:4:11: error[CK025] unknown card type 'shp' "
            "(did you mean 'ship'?)",
            "    hint: the game declares 'ship', 'base'",
        ],
    ),
    (
        "unknown-deck.yaml",
        [
            "game/unknown-deck.yaml:5:11: error[CK025] unknown deck 'personnal' "
            "(did you mean 'personal'?)",
            "    hint: expected one of 'personal', 'trade'",
        ],
    ),
    (
        "duplicate-id.yaml",
        [
            "game/duplicate-id.yaml:7:9: error[CK030] card id 'blob-carrier' is already used by "
            "'Blob Carrier' at game/duplicate-id.yaml:3:5",
            "    hint: give one of them a different name or an explicit 'id'",
        ],
    ),
    # spreadsheets
    (
        "missing-column.csv",
        [
            "game/missing-column.csv:1:1: error[CK040] missing column 'Text'",
            "    hint: the header row has 'Set', 'Qty', 'Name', 'Faction', 'Type', 'Cost', "
            "'Defense'",
        ],
    ),
    (
        "duplicate-column.csv",
        [
            "game/duplicate-column.csv:1:5: error[CK040] column 'Name' appears twice in the "
            "header row (A1 and E1)",
            "    hint: rename or delete one of them",
        ],
    ),
    (
        "unclosed-quote.csv",
        [
            "game/unclosed-quote.csv:2:1: error[CK041] unclosed quote: the quoted cell that "
            "starts in this row runs to the end of the file"
        ],
    ),
    (
        "not-a-workbook.xlsx",
        [
            "game/not-a-workbook.xlsx: error[CK041] not an XLSX workbook: it is a text file "
            "(if it holds comma-separated values, rename it to .csv)",
            "    hint: save the spreadsheet again as .xlsx, or export it as CSV",
        ],
    ),
    (
        "not-a-number.csv",
        [
            "game/not-a-number.csv:2:6: error[CK042] cell F2 of column 'Cost' is 'three', "
            "not a whole number"
        ],
    ),
]

# (file that replaces the game's game.yaml, the exact lines `cardkit validate` prints for it)
GAME_CASES: list[tuple[str, list[str]]] = [
    (
        "empty.yaml",
        [
            "game/game.yaml:1:1: error[CK020] game.yaml must be a mapping with at least id, "
            "name and card_types"
        ],
    ),
    (
        "unknown-top-level-key.yaml",
        [
            "game/game.yaml:4:1: error[CK021] 'cardtypes' is not a field of a game "
            "(did you mean 'card_types'?)"
        ],
    ),
    (
        "faction-setting-typo.yaml",
        [
            "game/game.yaml:5:31: error[CK025] unknown faction setting 'requird' "
            "(did you mean 'required'?)",
            "    hint: expected one of 'required', 'optional', 'forbidden'",
        ],
    ),
    (
        "wrong-type.yaml",
        ["game/game.yaml:5:9: error[CK023] card_types.ship must be a mapping, got 'Ship'"],
    ),
    (
        "negative-deck-size.yaml",
        ["game/game.yaml:5:35: error[CK024] decks.trade.size must be a whole number >= 0, got -1"],
    ),
    (
        "shared-min-above-max.yaml",
        ["game/game.yaml:5:30: error[CK024] field 'cost' has min 30 above max 20"],
    ),
    (
        "unknown-field-kind.yaml",
        [
            "game/game.yaml:8:20: error[CK025] unknown field type 'int' (did you mean 'integer'?)",
            "    hint: expected one of 'integer', 'number', 'string', 'text', 'boolean', 'enum', "
            "'faction', 'factions', 'card', 'cards', 'resources', 'list' and 1 more",
        ],
    ),
    (
        "bad-game-id.yaml",
        [
            "game/game.yaml:2:5: error[CK026] id 'Broken Game' is not an id "
            "(lowercase letters, digits and '-')"
        ],
    ),
    (
        "unknown-size.yaml",
        ["game/game.yaml:7:11: error[CK031] unknown card size 'pokr' (did you mean 'poker'?)"],
    ),
    (
        "unknown-back.yaml",
        ["game/game.yaml:9:11: error[CK031] unknown back 'tarde' (did you mean 'trade'?)"],
    ),
    (
        "unknown-deck.yaml",
        ["game/game.yaml:9:11: error[CK031] unknown deck 'traed' (did you mean 'trade'?)"],
    ),
    (
        "deck-unknown-back.yaml",
        ["game/game.yaml:7:35: error[CK031] unknown back 'trad' (did you mean 'trade'?)"],
    ),
    (
        "redeclared-core-field.yaml",
        [
            "game/game.yaml:8:7: error[CK031] 'name' is a field every card has; "
            "a card type cannot declare it again"
        ],
    ),
    (
        "column-to-unknown-field.yaml",
        [
            "game/game.yaml:13:11: error[CK031] column 'Cost' maps to unknown field 'cots' "
            "(did you mean 'cost'?)"
        ],
    ),
]

_DIAGNOSTIC = re.compile(
    r"^(?P<path>.+?)(?::(?P<line>\d+):(?P<column>\d+))?: "
    r"(?P<severity>error|warning)\[(?P<code>CK\d{3})\] (?P<message>.*)$"
)
_SUMMARY = re.compile(r"^(\d+) errors?, (\d+) warnings? in (\d+) cards$")


def _copy_game(tmp_path: Path) -> Path:
    game = tmp_path / "game"
    shutil.copytree(GAME, game)
    return game


def _drop_card_file(tmp_path: Path, name: str) -> Path:
    game = _copy_game(tmp_path)
    if name in MADE:
        (game / name).write_bytes(MADE[name])
    else:
        shutil.copyfile(INVALID_CARDS / name, game / name)
    return game


def _replace_game_yaml(tmp_path: Path, name: str) -> Path:
    game = _copy_game(tmp_path)
    shutil.copyfile(INVALID_GAMES / name, game / "game.yaml")
    return game


def _validate(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, list[str], list[str]]:
    status = main(["validate", *args])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err.splitlines()


def _expected_json(lines: list[str]) -> list[dict[str, object]]:
    """The JSON objects that the diagnostic lines (hints aside) stand for."""
    objects: list[dict[str, object]] = []
    for line in lines:
        if line.startswith("    hint: "):
            continue
        match = _DIAGNOSTIC.match(line)
        assert match, f"not a diagnostic line: {line!r}"
        objects.append(
            {
                "path": match["path"],
                "line": int(match["line"] or 0),
                "column": int(match["column"] or 0),
                "severity": match["severity"],
                "code": match["code"],
                "message": match["message"],
            }
        )
    return objects


def _without_card(found: list[dict[str, object]]) -> list[dict[str, object]]:
    return [{k: v for k, v in item.items() if k != "card"} for item in found]


def test_every_card_fixture_and_every_made_file_has_a_case() -> None:
    cased = {name for name, _ in CARD_CASES}
    assert cased == {p.name for p in INVALID_CARDS.iterdir()} | set(MADE)
    assert {name for name, _ in GAME_CASES} == {p.name for p in INVALID_GAMES.iterdir()}


@pytest.mark.parametrize(("name", "expected"), CARD_CASES, ids=[n for n, _ in CARD_CASES])
def test_bad_card_file_gives_its_exact_diagnostic_and_exit_1(
    name: str,
    expected: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _drop_card_file(tmp_path, name)
    monkeypatch.chdir(tmp_path)
    status, out, err = _validate(capsys, "game")
    assert status == 1
    assert out == expected
    assert "Traceback" not in "\n".join(out + err)
    summary = _SUMMARY.match(err[-1])
    assert summary, err
    assert int(summary[1]) == len(_expected_json(expected))
    assert int(summary[2]) == 0


@pytest.mark.parametrize(("name", "expected"), CARD_CASES, ids=[n for n, _ in CARD_CASES])
def test_bad_card_file_in_json_has_the_same_diagnostics_and_exactly_the_documented_keys(
    name: str,
    expected: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _drop_card_file(tmp_path, name)
    monkeypatch.chdir(tmp_path)
    status = main(["validate", "game", "--format", "json"])
    out, err = capsys.readouterr()
    assert status == 1
    assert "Traceback" not in out + err
    found = json.loads(out)
    for item in found:
        assert set(item) == {"path", "line", "column", "severity", "code", "message", "card"}
    assert _without_card(found) == _expected_json(expected)


@pytest.mark.parametrize(("name", "expected"), GAME_CASES, ids=[n for n, _ in GAME_CASES])
def test_bad_game_yaml_gives_its_exact_diagnostic_and_exit_1(
    name: str,
    expected: list[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    _replace_game_yaml(tmp_path, name)
    monkeypatch.chdir(tmp_path)
    status, out, err = _validate(capsys, "game")
    assert status == 1
    assert out == expected
    assert "Traceback" not in "\n".join(out + err)
    status = main(["validate", "game", "--format", "json"])
    found = json.loads(capsys.readouterr().out)
    assert status == 1
    assert _without_card(found) == _expected_json(expected)


def test_card_diagnostics_in_json_name_the_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _drop_card_file(tmp_path, "negative-cost.yaml")
    monkeypatch.chdir(tmp_path)
    main(["validate", "game", "--format", "json"])
    [found] = json.loads(capsys.readouterr().out)
    assert found["card"] == "paid-to-take"


@pytest.mark.parametrize("name", ["python-tag.yaml", "alias-bomb.yaml", "binary.yaml"])
def test_python_m_cardkit_exits_1_with_the_diagnostic_and_no_traceback(
    name: str, tmp_path: Path
) -> None:
    _drop_card_file(tmp_path, name)
    result = subprocess.run(
        [sys.executable, "-m", "cardkit", "validate", "game"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 1
    assert result.stdout.splitlines() == dict(CARD_CASES)[name]
    assert "Traceback" not in result.stdout + result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith("1 error, 0 warnings in ")


def test_every_problem_of_every_file_is_reported_in_one_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    names = ["tab-indent.yaml", "unknown-field.yaml", "not-a-number.csv", "latin-1.yaml"]
    game = _drop_card_file(tmp_path, names[0])
    for name in names[1:]:
        if name in MADE:
            (game / name).write_bytes(MADE[name])
        else:
            shutil.copyfile(INVALID_CARDS / name, game / name)
    monkeypatch.chdir(tmp_path)
    status, out, err = _validate(capsys, "game")
    assert status == 1
    cases = dict(CARD_CASES)
    expected = [line for name in sorted(names) for line in cases[name]]
    assert out == expected
    assert err[-1].startswith("4 errors, 0 warnings in ")


def test_an_absurd_count_is_not_added_to_the_number_of_cards_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _drop_card_file(tmp_path, "absurd-count.yaml")
    monkeypatch.chdir(tmp_path)
    _, _, err = _validate(capsys, "game")
    # The fixture game holds 14 copies; the bad card counts once, not 99,999,999 times.
    assert err[-1] == "1 error, 0 warnings in 15 cards"


def test_a_folder_without_game_yaml_is_not_a_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "loose").mkdir()
    shutil.copyfile(GAME / "trade.yaml", tmp_path / "loose" / "trade.yaml")
    monkeypatch.chdir(tmp_path)
    status, out, err = _validate(capsys, "loose")
    assert status == 1
    assert out == [
        "loose: error[CK001] not a game folder: 'loose' has no game.yaml",
        "    hint: create one with 'cardkit new NAME'",
    ]
    assert err == ["1 error, 0 warnings in 0 cards"]


def test_a_missing_folder_and_a_file_are_not_games(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _copy_game(tmp_path)
    monkeypatch.chdir(tmp_path)
    status, out, _ = _validate(capsys, "nowhere")
    assert (status, out) == (1, ["nowhere: error[CK001] no such game folder: 'nowhere'"])
    status, out, _ = _validate(capsys, "game/game.yaml")
    assert status == 1
    assert out == [
        "game/game.yaml: error[CK001] not a game folder: 'game/game.yaml' is a file",
        "    hint: give the folder that holds game.yaml",
    ]


def test_the_fixture_game_is_clean(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(FIXTURES)
    status, out, err = _validate(capsys, "game")
    assert (status, out, err) == (0, [], ["0 errors, 0 warnings in 14 cards"])


def test_star_realms_is_clean_with_152_cards(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = _validate(capsys, str(ROOT / "cards" / "star-realms"))
    assert (status, out, err) == (0, [], ["0 errors, 0 warnings in 152 cards"])
    assert main(["validate", str(ROOT / "cards" / "star-realms"), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_an_unknown_field_unlike_the_missing_one_leaves_both_reported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _copy_game(tmp_path)
    (game / "extra.yaml").write_text(
        "cards:\n  - name: Odd Ship\n    type: ship\n    power: 1\n", encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    status, out, _ = _validate(capsys, "game")
    assert status == 1
    assert out == [
        "game/extra.yaml:2:5: error[CK022] missing required field 'cost' of a ship",
        "game/extra.yaml:4:5: error[CK021] 'power' is not a field of a ship",
    ]


def test_a_card_with_no_deck_belongs_to_the_only_deck_of_a_one_deck_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardkit.load.cards import load_card_set

    assert main(["new", "Moon Tactics", "--into", str(tmp_path)]) == 0
    capsys.readouterr()
    (tmp_path / "moon-tactics" / "lone.yaml").write_text(
        "name: Lone Plan\ntype: action\ncost: 2\ntext: Draw a card.\n", encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    status, out, err = _validate(capsys, "moon-tactics")
    assert err == ["0 errors, 0 warnings in 10 cards"]
    assert (status, out) == (0, [])
    card_set, _ = load_card_set(tmp_path / "moon-tactics")
    assert card_set is not None
    assert {card.id: card.deck for card in card_set.cards}["lone-plan"] == "main"


def test_a_card_with_no_deck_in_a_game_of_several_decks_is_told_the_decks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _copy_game(tmp_path)
    game_yaml = game / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text(encoding="utf-8").replace("    deck: trade\n", "", 1),
        encoding="utf-8",
    )  # ships have no deck of their type now
    (game / "lone.yaml").write_text("name: Lone Ship\ntype: ship\ncost: 2\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    status, out, _ = _validate(capsys, "game")
    assert status == 1
    told = "game/lone.yaml:1:1: error[CK022] card belongs to no deck: set 'deck'"
    assert out[out.index(told) + 1] == (
        "    hint: one of 'personal', 'trade', or give card type 'ship' a 'deck' in game.yaml "
        "for all its cards"
    )


def test_a_folder_inside_a_game_is_pointed_to_the_game_folder(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(ROOT)
    status, out, _ = _validate(capsys, "cards/star-realms/trade-deck")
    assert status == 1
    assert out == [
        "cards/star-realms/trade-deck: error[CK001] not a game folder: "
        "'cards/star-realms/trade-deck' has no game.yaml",
        "    hint: it is inside the game folder 'cards/star-realms': give that folder",
    ]
    monkeypatch.chdir(ROOT / "cards" / "star-realms" / "trade-deck")
    status, out, _ = _validate(capsys, ".")
    assert out[1] == "    hint: it is inside the game folder '..': give that folder"
