"""What is wrong with 'play:' is told once, located and coded, by validate and sim; build and
rulebook warn and go on (only the simulator needs 'play:')."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardkit.app.game import open_game
from cardkit.cli import main
from cardkit.load.cards import load_card_set
from cardkit.load.playcards import play_card_problems

HEARTHFIELD = Path(__file__).parent.parent / "cards" / "hearthfield"


def _game(tmp_path: Path, *changes: tuple[str, str]) -> Path:
    folder = tmp_path / "hf"
    shutil.copytree(HEARTHFIELD, folder)
    text = (folder / "game.yaml").read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    (folder / "game.yaml").write_text(text, encoding="utf-8")
    return folder


def _line(folder: Path, words: str) -> int:
    lines = (folder / "game.yaml").read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if words in line)


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    """The exit status and all the command said (diagnostics go to either stream)."""
    status = main(list(args))
    captured = capsys.readouterr()
    return status, captured.out + captured.err


def test_a_curse_and_an_end_pile_that_are_no_supply_piles_are_ck402_of_the_loader(
    tmp_path: Path,
) -> None:
    folder = _game(
        tmp_path,
        ("curse: blight", "curse: blite"),  # no such card
        ("decks: [basic, kingdom]", "decks: [basic]"),  # the kingdom is no longer supply
        ("pile: castle}", "pile: forge}"),
    )
    card_set, found = load_card_set(folder, "hf")
    assert card_set is not None and card_set.game.play is None
    assert [str(d) for d in found] == [
        f"hf/game.yaml:{_line(folder, 'pile: forge')}:31: error[CK402] play names 'forge', "
        "which is not a supply pile (hint: add it to 'supply: piles:' or to a deck of "
        "'supply: decks:')",
        f"hf/game.yaml:{_line(folder, 'curse: blite')}:10: error[CK402] play names unknown "
        "card 'blite' (did you mean 'blight'?)",
    ]
    assert list(card_set.game.play_problems) == found


def test_the_cards_a_sound_play_names_are_all_there() -> None:
    card_set, found = load_card_set(HEARTHFIELD, "hf")
    assert card_set is not None and found == [] and card_set.game.play is not None
    assert play_card_problems(card_set.game, card_set.cards) == []
    # ... and without the curse, its pile is unknown
    cards = [card for card in card_set.cards if card.id != "blight"]
    assert [d.message for d in play_card_problems(card_set.game, cards)] == [
        "supply pile names unknown card 'blight'",
        "play names unknown card 'blight'",
    ]


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [
        ("empty_piles: 3", "empty_piles: three", "CK023"),
        ("buys: {resource: buy}", "buys: {resource: bye}", "CK400"),
        ("win: {by: points, field: victory}", "win: {by: points}", "CK407"),
        ("curse: blight", "curse: blite", "CK402"),
    ],
)
def test_validate_says_a_play_problem_once_and_build_and_rulebook_go_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], old: str, new: str, code: str
) -> None:
    folder = _game(tmp_path, (old, new))
    status, err = _run(capsys, "validate", str(folder))
    assert status == 1
    assert err.count(f"error[{code}]") == 1 and err.count("error[") == 1, err
    status, err = _run(capsys, "build", str(folder), "-o", str(tmp_path / "deck"))
    assert status == 0, err
    assert err.count(f"warning[{code}]") == 1 and "error[" not in err, err
    assert "only 'cardkit sim' reads 'play:'" in err
    assert (tmp_path / "deck" / "deck.pdf").stat().st_size > 0
    status, err = _run(capsys, "rulebook", str(folder), "-o", str(tmp_path / "book"))
    assert status == 0, err
    assert err.count(f"warning[{code}]") == 1 and "error[" not in err, err
    status, err = _run(capsys, "sim", str(folder), "--games", "2", "-o", str(tmp_path))
    assert status == 1
    assert err.count(f"error[{code}]") == 1 and err.count("error[") == 1, err


def test_open_game_for_a_command_that_does_not_play_warns_with_the_same_place(
    tmp_path: Path,
) -> None:
    folder = _game(tmp_path, ("players: 2", "players: 9"))
    _, played = open_game(folder)
    card_set, built = open_game(folder, plays=False)
    assert card_set is not None and card_set.game.play is None
    assert [(d.code, d.severity.value, d.location) for d in played] == [
        ("CK024", "error", played[0].location)
    ]
    assert [(d.code, d.severity.value, d.location) for d in built] == [
        ("CK024", "warning", played[0].location)
    ]
