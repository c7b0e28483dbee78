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
