"""``cardkit build --only CARD``: just the cards asked for, by id or name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from exports_game import load, write_game
from pypdf import PdfReader
from readme_helpers import all_docs

from cardkit.app.selection import select_cards
from cardkit.cli import main
from cardkit.errors import UsageError


def test_cards_are_chosen_by_id_or_name_in_their_own_order(tmp_path: Path) -> None:
    card_set = load(write_game(tmp_path / "game"))
    chosen = select_cards(card_set, ["red keep", "Red Fighter", "red-keep"])
    assert [c.id for c in chosen.cards] == ["red-fighter", "red-keep"]
    assert chosen.game is card_set.game
    assert chosen.total_copies == 3 + 2


@pytest.mark.parametrize(
    ("wanted", "message"),
    [
        (
            ["red-figter"],
            "--only: no card 'red-figter' (did you mean 'red-fighter'?) in 'Tiny Game'",
        ),
        (
            ["Blue Trder"],
            "--only: no card 'Blue Trder' (did you mean 'Blue Trader'?) in 'Tiny Game'",
        ),
        (["zzz", "red-keep", "qqq"], "--only: no cards 'zzz'; 'qqq' in 'Tiny Game'"),
    ],
)
def test_an_unknown_card_is_a_usage_error_with_did_you_mean(
    tmp_path: Path, wanted: list[str], message: str
) -> None:
    card_set = load(write_game(tmp_path / "game"))
    with pytest.raises(UsageError) as caught:
        select_cards(card_set, wanted)
    assert str(caught.value).startswith(message)


def test_cli_only_builds_just_those_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = write_game(tmp_path / "game")
    out = tmp_path / "out"
    args = ["build", str(game), "--only", "Blue Trader", "--only", "red-keep", "-o", str(out)]
    assert main([*args, "--single"]) == 0
    assert "(3 cards," in capsys.readouterr().err
    fronts = [p.extract_text().splitlines()[0] for p in PdfReader(out / "cards-poker.pdf").pages]
    assert fronts[0::2] == ["Blue Trader", "Red Keep", "Red Keep"]


def test_cli_only_with_an_unknown_card_exits_2_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = write_game(tmp_path / "game")
    out = tmp_path / "out"
    assert main(["build", str(game), "--only", "Red Fightr", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "cardkit: error: --only: no card 'Red Fightr' (did you mean 'Red Fighter'?)" in err
    assert not out.exists()


def test_docs_only_example_is_what_cardkit_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    example = re.search(r"`(cardkit: error: --only: no card '([^']+)'[^`]*)`", all_docs())
    assert example is not None
    star_realms = Path(__file__).resolve().parents[1] / "cards" / "star-realms"
    args = ["build", str(star_realms), "--only", example.group(2), "-o", str(tmp_path)]
    assert main(args) == 2
    assert example.group(1) in capsys.readouterr().err
