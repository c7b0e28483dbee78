"""`cardkit new`: a game folder that validates at once, and never over an existing one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardkit.cardload import load_card_set
from cardkit.cli import main
from cardkit.gameload import load_game
from cardkit.scaffold import game_id


def _new(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["new", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_new_game_folder_validates_with_exit_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _new(capsys, "Moon Tactics", "--into", str(tmp_path))
    assert status == 0, err
    folder = tmp_path / "moon-tactics"
    assert sorted(p.name for p in folder.iterdir()) == ["cards.yaml", "game.yaml", "layouts"]
    assert main(["validate", str(folder)]) == 0
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == ["0 errors, 0 warnings in 9 cards"]
    game, found = load_game(folder, str(folder))
    assert found == []
    assert game is not None
    assert (game.id, game.name) == ("moon-tactics", "Moon Tactics")


def test_new_refuses_to_overwrite_an_existing_folder_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _new(capsys, "Moon Tactics", "--into", str(tmp_path))[0] == 0
    cards = tmp_path / "moon-tactics" / "cards.yaml"
    cards.write_text("# my own cards\n", encoding="utf-8")
    status, out, err = _new(capsys, "Moon Tactics", "--into", str(tmp_path))
    assert status == 2
    assert out == ""
    assert "already exists" in err
    assert "Traceback" not in err
    assert cards.read_text(encoding="utf-8") == "# my own cards\n"


def test_new_refuses_an_existing_folder_even_when_it_is_empty(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "moon-tactics").mkdir()
    assert _new(capsys, "Moon Tactics", "--into", str(tmp_path))[0] == 2
    assert list((tmp_path / "moon-tactics").iterdir()) == []


def test_new_leaves_no_staging_folder_behind(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _new(capsys, "Moon Tactics", "--into", str(tmp_path))[0] == 0
    assert [p.name for p in tmp_path.iterdir()] == ["moon-tactics"]


@pytest.mark.parametrize(
    ("name", "ident"),
    [
        ("Moon Tactics", "moon-tactics"),
        ("Château Wars", "chateau-wars"),
        ("  Star  Realms: Frontiers! ", "star-realms-frontiers"),
    ],
)
def test_game_ids_are_lowercase_ascii_words(name: str, ident: str) -> None:
    assert game_id(name) == ident


@pytest.mark.parametrize(
    "name", ['Realms: "Frontiers"', "yes", "123", "true", "#1 Game", "- Dash", "Château Wars"]
)
def test_any_name_makes_a_game_that_loads_cleanly_and_keeps_its_name(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _new(capsys, name, "--into", str(tmp_path))[0] == 0
    folder = tmp_path / game_id(name)
    card_set, found = load_card_set(folder, str(folder))
    assert [str(d) for d in found] == []
    assert card_set is not None
    assert card_set.game.id == game_id(name)
    assert card_set.game.name.casefold() == name.casefold()


@pytest.mark.parametrize("name", ["!!!", "", "a\nb"])
def test_a_name_that_makes_no_game_is_a_usage_error(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _new(capsys, name, "--into", str(tmp_path))
    assert status == 2
    assert err.startswith("usage: cardkit new ")
    assert "\ncardkit: error: " in err
    assert list(tmp_path.iterdir()) == []


def test_new_into_a_file_is_a_usage_error_not_a_crash(tmp_path: Path) -> None:
    target = tmp_path / "notes.txt"
    target.write_text("x", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-m", "cardkit", "new", "Moon Tactics", "--into", str(target)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stdout + result.stderr
    assert "internal error" not in result.stderr
    assert f"{target} is a file" in " ".join(result.stderr.split())  # rich may wrap it


def test_new_makes_the_parent_folder_when_it_is_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _new(capsys, "Moon Tactics", "--into", str(tmp_path / "a" / "b"))[0] == 0
    assert (tmp_path / "a" / "b" / "moon-tactics" / "game.yaml").is_file()


def test_a_designer_s_first_slip_in_the_new_game_reads_as_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _new(capsys, "Moon Tactics", "--into", str(tmp_path))[0] == 0
    cards = tmp_path / "moon-tactics" / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    slipped = text.replace("  - name: Gather\n", "  - name: Gather\n    colour: red\n")
    cards.write_text(slipped.replace("    power: 4\n", "    powr: 4\n"), encoding="utf-8")
    assert main(["validate", str(tmp_path / "moon-tactics")]) == 1
    lines = [line.split(": ", 1)[1] for line in capsys.readouterr().out.splitlines()]
    assert "error[CK021] 'powr' is not a field of a unit (did you mean 'power'?)" in lines
    assert "error[CK021] 'colour' is not a field of an action" in lines
