"""Declarations no printed card shows are warned about: a back no card gets (CK216), a card
type whose layout prints none of its required fields (CK217)."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest
from readme_helpers import page

from cardkit.cli import main
from cardkit.load.cards import load_card_set
from cardkit.render.back import back_of
from cardkit.render.style import prepare_style


def readme_sample(root: Path) -> tuple[str, str]:
    """The docs' 'card format' game.yaml and card file, written into ``root``."""
    blocks = re.findall(r"```yaml\n(.*?)```", page("card-format.md"), re.DOTALL)
    root.mkdir(exist_ok=True)
    (root / "game.yaml").write_text(blocks[0], encoding="utf-8")
    (root / "cards.yaml").write_text(blocks[1], encoding="utf-8")
    return blocks[0], blocks[1]


def warnings_of(root: Path) -> list[str]:
    card_set, found = load_card_set(root, "g")
    assert card_set is not None and not found, [str(d) for d in found]
    _, looks = prepare_style(card_set.game, card_set.cards)
    return [str(d) for d in looks]


def test_the_readme_sample_prints_its_declared_back_with_no_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    readme_sample(tmp_path)
    card_set, _ = load_card_set(tmp_path, "g")
    assert card_set is not None
    assert {back_of(card_set.game, card)[0] for card in card_set.cards} == {"main"}
    assert main(["validate", str(tmp_path)]) == 0
    assert "0 errors, 0 warnings" in capsys.readouterr().err


def test_a_back_no_deck_names_is_a_located_warning_with_the_fix(tmp_path: Path) -> None:
    game, _ = readme_sample(tmp_path)
    assert ", back: main}" in game
    (tmp_path / "game.yaml").write_text(game.replace(", back: main}", "}"), encoding="utf-8")
    line = game.splitlines().index("backs:") + 2
    assert warnings_of(tmp_path) == [
        f"g/game.yaml:{line}:3: warning[CK216] back 'main' is printed on no card: no deck, card "
        "type, faction or card names it, so cards get the plain back (hint: add 'back: main' to a "
        "deck (e.g. decks.main), or remove it)"
    ]


def test_a_back_that_is_named_but_overridden_is_no_warning(tmp_path: Path) -> None:
    # the deck's back comes before the card type's; the designer may add cards of another
    # deck, so only a back that nothing names is a slip
    game, _ = readme_sample(tmp_path)
    game = game.replace("    size: poker ", "    back: sunny\n    size: poker ")
    game += '  sunny: {color: "#e67e22", text: Sun}\n'
    (tmp_path / "game.yaml").write_text(game, encoding="utf-8")
    card_set, _ = load_card_set(tmp_path, "g")
    assert card_set is not None and card_set.game.card_types["unit"].back == "sunny"
    assert warnings_of(tmp_path) == []


GAME = """\
id: hidden
name: Hidden
card_types:
  unit:
    name: Unit
    fields:
      power: {type: integer, required: true}
      lore: {type: text}
  relic:
    name: Relic
    fields:
      history: {type: text, required: true}
decks:
  main: {name: Main}
"""


def test_a_layout_that_shows_none_of_the_required_fields_is_a_warning(tmp_path: Path) -> None:
    (tmp_path / "game.yaml").write_text(GAME, encoding="utf-8")
    (tmp_path / "cards.yaml").write_text(
        "defaults: {deck: main}\ncards:\n  - {name: Pikeman, type: unit, power: 2}\n"
        "  - {name: Crown, type: relic, history: Old.}\n",
        encoding="utf-8",
    )
    # the built-in layout shows power in its stats line; a text field it cannot show
    assert warnings_of(tmp_path) == [
        "g/game.yaml:9:3: warning[CK217] layout 'card' of card type 'relic' does not show its "
        "required field history: it is never printed (hint: add layouts/relic.yaml with "
        "'extends: card' and a badge, line or text box for it)"
    ]
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "unit.yaml").write_text(
        textwrap.dedent(
            """\
            extends: card
            lines:
              lore: {field: lore, left: 3mm, right: 3mm, bottom: 25mm, height: 4mm}
            """
        ),
        encoding="utf-8",
    )
    (tmp_path / "layouts" / "relic.yaml").write_text(
        "extends: card\nlines:\n"
        "  history: {field: history, left: 3mm, right: 3mm, bottom: 25mm, height: 4mm}\n",
        encoding="utf-8",
    )
    found = warnings_of(tmp_path)
    assert [d.split(" warning")[0] for d in found] == ["g/game.yaml:4:3:"]
    assert "layout 'unit' of card type 'unit' does not show its required field power" in (found[0])


def test_every_required_field_must_be_shown_or_declared_not_printed(tmp_path: Path) -> None:
    # the Planetary Strategy case: a layout that shows some required fields but not the cost
    game = GAME.replace(
        "      lore: {type: text}\n",
        "      lore: {type: text}\n      cost: {type: integer, required: true}\n",
    )
    (tmp_path / "game.yaml").write_text(game, encoding="utf-8")
    (tmp_path / "cards.yaml").write_text(
        "defaults: {deck: main}\ncards:\n  - {name: Pikeman, type: unit, power: 2, cost: 1}\n"
        "  - {name: Crown, type: relic, history: Old.}\n",
        encoding="utf-8",
    )
    (tmp_path / "layouts").mkdir()
    unit = (
        "extends: card\nbadges:\n"
        "  power: {field: power, right: 3mm, bottom: 40mm, width: 8mm, height: 8mm}\n"
    )
    (tmp_path / "layouts" / "unit.yaml").write_text(unit, encoding="utf-8")
    (tmp_path / "layouts" / "relic.yaml").write_text(
        "extends: card\ntexts:\n"
        "  history: {field: history, left: 3mm, right: 3mm, bottom: 25mm, height: 9mm}\n",
        encoding="utf-8",
    )
    assert warnings_of(tmp_path) == [
        "g/game.yaml:4:3: warning[CK217] layout 'unit' of card type 'unit' does not show its "
        "required field cost: it is never printed (hint: add a badge, line or text box for it "
        "to layouts/unit.yaml (or list it under its 'not_printed:'), or give 'unit' a layout "
        "of its own)"
    ]
    (tmp_path / "layouts" / "unit.yaml").write_text(
        unit + "not_printed: [cost]\n", encoding="utf-8"
    )
    assert warnings_of(tmp_path) == []
