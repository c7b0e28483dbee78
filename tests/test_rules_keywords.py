"""Keywords declared in game.yaml: their links to card types and fields are checked when the
game loads, and Star Realms' Outpost is held against each card's type and 'outpost' field."""

from __future__ import annotations

import shutil
from pathlib import Path

from cardkit.load.cards import load_card_set
from cardkit.load.game import load_game
from cardkit.rules.check import check_card_text

ROOT = Path(__file__).resolve().parent.parent
SKYFORT = ROOT / "tests" / "fixtures" / "rules" / "text" / "game" / "game.yaml"


def _game_problems(tmp_path: Path, old: str, new: str) -> list[str]:
    text = SKYFORT.read_text(encoding="utf-8")
    assert old in text
    (tmp_path / "game.yaml").write_text(text.replace(old, new), encoding="utf-8")
    game, found = load_game(tmp_path, "g")
    assert game is None
    return [str(d) for d in found]


def test_a_keyword_naming_an_unknown_card_type_is_a_game_error(tmp_path: Path) -> None:
    found = _game_problems(tmp_path, "card_types: [fort]", "card_types: [frot]")
    assert found == [
        "g/game.yaml:28:18: error[CK031] keyword 'Walled' names unknown card type 'frot' "
        "(did you mean 'fort'?)"
    ]


def test_a_keyword_standing_for_a_field_that_is_not_boolean_is_a_game_error(
    tmp_path: Path,
) -> None:
    found = _game_problems(tmp_path, "field: walled", "field: cost")
    assert found == [
        "g/game.yaml:29:12: error[CK031] keyword 'Walled' stands for field 'cost', which is "
        "not a boolean field of its card types"
    ]


def test_outpost_on_a_star_realms_ship_and_on_an_unmarked_base(tmp_path: Path) -> None:
    game = ROOT / "cards" / "star-realms"
    shutil.copytree(game, tmp_path / "sr")
    blob = tmp_path / "sr" / "trade-deck" / "blob.yaml"
    text = blob.read_text(encoding="utf-8")
    text = text.replace("      Gain 4 Combat.\n", "      Outpost.\n      Gain 4 Combat.\n", 1)
    blob.write_text(text, encoding="utf-8")
    card_set, found = load_card_set(tmp_path / "sr", "sr")
    assert card_set is not None and not found
    codes = [(d.code, d.card) for d in check_card_text(card_set)]
    (card,) = [c for c in card_set.cards if "Outpost." in c.text]
    expected = "CK105" if card.type == "ship" else "CK106"
    assert codes == [(expected, card.id)]
