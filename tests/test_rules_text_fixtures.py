"""Broken cards, one defect each, run through `cardkit validate`: each prints exactly the
diagnostic that tests/fixtures/rules/text/expected.txt lists for it; clean cards print none."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardkit.cli import main

TEXT = Path(__file__).resolve().parent / "fixtures" / "rules" / "text"
INVALID = sorted((TEXT / "invalid").glob("*.yaml"))
CLEAN = sorted((TEXT / "clean").glob("*.yaml"))


def _expected() -> dict[str, str]:
    table: dict[str, str] = {}
    for line in (TEXT / "expected.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name = line.split(":", 1)[0]
            assert name not in table, f"{name} is listed twice"
            table[name] = line
    return table


EXPECTED = _expected()


def _validate(tmp_path: Path, capsys: pytest.CaptureFixture[str], *cards: Path) -> tuple[int, str]:
    shutil.copy(TEXT / "game" / "game.yaml", tmp_path / "game.yaml")
    for card in cards:
        shutil.copy(card, tmp_path / card.name)
    capsys.readouterr()
    status = main(["validate", str(tmp_path)])
    return status, capsys.readouterr().out


def _diagnostic_lines(out: str, folder: Path) -> list[str]:
    return [
        line.removeprefix(f"{folder}/")
        for line in out.splitlines()
        if line and not line.startswith(" ")
    ]


def test_there_are_enough_fixtures_and_each_has_its_line() -> None:
    assert len(INVALID) >= 22
    assert sorted(EXPECTED) == [path.name for path in INVALID]


@pytest.mark.parametrize("fixture", INVALID, ids=[p.stem for p in INVALID])
def test_each_broken_card_prints_its_one_diagnostic(
    fixture: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out = _validate(tmp_path, capsys, fixture)
    expected = EXPECTED[fixture.name]
    assert _diagnostic_lines(out, tmp_path) == [expected]
    assert status == (1 if ": error[" in expected else 0)


def test_the_clean_cards_print_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = _validate(tmp_path, capsys, *CLEAN)
    assert (status, _diagnostic_lines(out, tmp_path)) == (0, [])


def test_a_zone_the_game_lacks_is_told_with_the_games_zones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out = _validate(tmp_path, capsys, TEXT / "invalid" / "zone-the-game-lacks.yaml")
    assert out.splitlines()[1] == (
        "    hint: the game's zones are 'hand', 'discard pile', 'market row'; "
        "declare new ones in game.yaml"
    )


# CK104's hint says what is wrong with the parameter as written, not only the keyword's form.
PARAMETER_HINTS = [
    ("Transport(0).", "write a whole number from 1 to 6"),
    ("Transport(9).", "write a whole number from 1 to 6"),
    ("Transport(two).", "write a whole number from 1 to 6"),
    ("Transport(x).", "'x' is a placeholder: write a whole number from 1 to 6 in its place"),
    ("Produces(2/y).", "'y' is a placeholder: write a whole number of at least 0 in its place"),
    ("Sworn(Sea Fok).", "write one of the game's factions ('Red Guild', 'Sea Folk')"),
    (
        "Sworn(faction).",
        "'faction' is a placeholder: write one of the game's factions ('Red Guild', "
        "'Sea Folk') in its place",
    ),
    ("Transport.", "write it as 'Transport(x)' with x a whole number from 1 to 6"),
    (
        "Produces(1).",
        "write it as 'Produces(x/y)' with x a whole number of at least 0 and y a whole number "
        "of at least 0",
    ),
    ("Swift(2).", "write it as 'Swift'"),
]


@pytest.mark.parametrize(("text", "hint"), PARAMETER_HINTS, ids=[t for t, _ in PARAMETER_HINTS])
def test_a_keyword_parameter_error_hints_at_what_is_wrong(
    text: str, hint: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    card = tmp_path / "card.yaml"
    card.write_text(
        f"defaults:\n  deck: market\ncards:\n  - name: Barge\n    type: unit\n    cost: 3\n"
        f"    text: '{text}'\n",
        encoding="utf-8",
    )
    game = tmp_path / "game"
    game.mkdir()
    status, out = _validate(game, capsys, card)
    lines = out.splitlines()
    assert status == 1 and "error[CK104]" in lines[0], out
    assert lines[1] == f"    hint: {hint}"
