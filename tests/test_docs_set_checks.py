"""The set-checks page (docs/set-checks.md): its examples are what cardkit does."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml
from readme_helpers import page

from cardkit.cli import main
from cardkit.load.cards import load_card_set
from cardkit.load.schema import game_validator

ROOT = Path(__file__).resolve().parent.parent
SECTION = page("set-checks.md")


def test_the_79_card_trade_deck_example_is_what_validate_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (example,) = re.findall(r"^    (cards/star-realms/\S+ error\[CK121\] .*)$", SECTION, re.M)
    game = tmp_path / "cards" / "star-realms"
    shutil.copytree(ROOT / "cards" / "star-realms", game)
    blob = game / "trade-deck" / "blob.yaml"
    text = blob.read_text(encoding="utf-8")
    blob.write_text(text.replace("    count: 3\n", "    count: 2\n", 1), encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path)
        assert main(["validate", "cards/star-realms"]) == 1
    printed = capsys.readouterr().out.splitlines()
    # The place is where game.yaml declares the trade deck's size, wherever that line moves to.
    card_set, _ = load_card_set(game, "cards/star-realms")
    assert card_set is not None
    where = str(card_set.game.source.at(("decks", "trade", "size")))
    located = re.sub(r"^cards/star-realms/game\.yaml:\d+:\d+", where, example)
    assert located in printed
    assert located == example, "the docs' example points at an old line of game.yaml"


def test_the_deck_rules_example_is_valid_game_yaml() -> None:
    block = next(b for b in re.findall(r"```yaml\n(.*?)```", SECTION, re.S) if "deck_rules" in b)
    game = {
        "id": "x",
        "name": "X",
        "card_types": {"unit": {"name": "Unit"}},
        **yaml.safe_load(block),
    }
    assert list(game_validator().iter_errors(game)) == []
