"""The built-in layouts print a card's numbers: its cost in a coin, its other short fields in
a stats line, until a game's own layout places them."""

from __future__ import annotations

import itertools
import re
import textwrap
from pathlib import Path

import pytest
from pypdf import PdfReader
from readme_helpers import page

from cardkit.app.build import BuildOptions, build_deck
from cardkit.load.cards import load_card_set
from cardkit.model import Card, CardSet
from cardkit.render.fieldtext import card_boxes, stats_text
from cardkit.render.impose import Box
from cardkit.render.layoutfile import Element, LayoutLibrary
from cardkit.render.measure import measure_cards
from cardkit.render.style import card_size, prepare_style, size_points

GAME = """\
id: shapes
name: Shapes
resources:
  gold: {name: Gold, color: "#d4a017"}
  iron: {name: Iron, color: "#5d6d7e"}
fields:
  cost: {type: resources}
card_types:
  hero:
    name: Hero
    fields:
      cost: {}
      power: {type: integer, required: true}
      speed: {type: number}
      terrain: {type: enum, values: [forest, deep-sea]}
      flying: {type: boolean}
      lore: {type: text}
  tile:
    name: Tile
    size: square
    fields:
      cost: {}
      power: {type: integer, required: true}
  token:
    name: Token
    size: chit
    fields:
      force: {type: integer, required: true}
decks:
  main: {name: Main}
"""

CARDS = """\
defaults: {deck: main}
cards:
  - {name: Knight, type: hero, cost: {gold: 3, iron: 2}, power: 4, speed: 1.5,
     terrain: deep-sea, flying: true, lore: Long ago., text: Draw a card.}
  - {name: Wanderer, type: hero, power: 2, flying: false}
  - {name: Grove, type: tile, cost: {gold: 2}, power: 3, text: Draw a card.}
  - {name: Pawn, type: token, force: 2}
"""


def readme_sample(tmp_path: Path) -> Path:
    """The docs' 'card format' game.yaml and card file, in a game folder."""
    tmp_path.mkdir(exist_ok=True)
    blocks = re.findall(r"```yaml\n(.*?)```", page("card-format.md"), re.DOTALL)
    (tmp_path / "game.yaml").write_text(blocks[0], encoding="utf-8")
    (tmp_path / "cards.yaml").write_text(blocks[1], encoding="utf-8")
    return tmp_path


def load(root: Path) -> CardSet:
    card_set, found = load_card_set(root, str(root))
    assert card_set is not None and not found, [str(d) for d in found]
    return card_set


def shapes(tmp_path: Path) -> CardSet:
    (tmp_path / "game.yaml").write_text(GAME, encoding="utf-8")
    (tmp_path / "cards.yaml").write_text(CARDS, encoding="utf-8")
    return load(tmp_path)


def boxes(card_set: CardSet, name: str) -> tuple[Card, list[tuple[Element, Box]]]:
    style, found = prepare_style(card_set.game, card_set.cards)
    assert not [d for d in found if d.code != "CK217"], [str(d) for d in found]
    card = next(c for c in card_set.cards if c.name == name)
    layout = style.layout(card)
    assert layout is not None
    width, height = size_points(card_set.game, card_size(card_set.game, card))
    return card, card_boxes(card_set.game, card, layout, width, height)


def test_the_readme_sample_prints_its_cost_and_power(tmp_path: Path) -> None:
    card_set = load(readme_sample(tmp_path / "game"))
    written, _ = build_deck(card_set, BuildOptions(output=tmp_path / "out"))
    front = PdfReader(written[0]).pages[0].extract_text().splitlines()
    assert front.count("Dawn Scout") == 3
    assert front.count("1") == 3  # the cost, in its coin
    assert front.count("Power 1") == 3


def test_the_stats_line_names_short_fields_in_declared_order(tmp_path: Path) -> None:
    card_set = shapes(tmp_path)
    style, _ = prepare_style(card_set.game, card_set.cards)
    knight, wanderer = card_set.cards[0], card_set.cards[1]
    layout = style.layout(knight)
    assert layout is not None
    # the cost is in the coin; lore is free text, not a stat
    assert stats_text(card_set.game, knight, layout) == (
        "Power 4 \u00b7 Speed 1.5 \u00b7 Terrain: Deep sea \u00b7 Flying"
    )
    assert stats_text(card_set.game, wanderer, layout) == "Power 2"


def test_a_resource_cost_gets_a_coin_per_resource_and_the_name_ends_before_them(
    tmp_path: Path,
) -> None:
    _, placed = boxes(shapes(tmp_path), "Knight")
    found = {e.name: (e, b) for e, b in placed}
    badge, name = found["badge"][1], found["name"][1]
    assert found["badge"][0].field == "cost"
    assert badge.w == pytest.approx(badge.h * 2.15)  # two coins side by side
    assert name.right < badge.x
    assert not name.overlaps(badge)


def test_a_card_without_a_cost_keeps_the_whole_name_bar(tmp_path: Path) -> None:
    card_set = shapes(tmp_path)
    _, with_cost = boxes(card_set, "Knight")
    _, without = boxes(card_set, "Wanderer")
    assert "badge" not in {e.name for e, _ in without}
    bar = next(b for e, b in without if e.name == "name")
    assert bar.w > next(b for e, b in with_cost if e.name == "name").w


def test_the_stats_line_keeps_clear_of_the_other_parts(tmp_path: Path) -> None:
    card_set = shapes(tmp_path)
    for name in ("Knight", "Wanderer", "Grove", "Pawn"):  # with and without text, 3 shapes
        _, placed = boxes(card_set, name)
        apart = {e.name: b for e, b in placed if e.name in ("name", "type_line", "rules")}
        stats = [b for e, b in placed if e.stats]
        assert stats, name
        for box, (part, other) in itertools.product(stats, apart.items()):
            assert not box.overlaps(other), (name, part)


def test_the_square_rules_panel_makes_room_for_the_stats_line(tmp_path: Path) -> None:
    card_set = shapes(tmp_path)
    _, placed = boxes(card_set, "Grove")
    line = next(b for e, b in placed if e.stats and e.line)
    rules = next(b for e, b in placed if e.name == "rules")
    square = LayoutLibrary(None).get("square")
    assert square is not None
    panel = square.boxes(*size_points(card_set.game, "square"))["rules"]
    assert rules.top < line.y < panel.top
    assert rules.y == panel.y


def test_a_layout_that_places_its_own_badges_shows_no_automatic_stats(tmp_path: Path) -> None:
    shapes(tmp_path)
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "hero.yaml").write_text(
        textwrap.dedent(
            """\
            extends: card
            badges:
              power: {field: power, shape: shield, right: 3mm, bottom: 30mm, width: 8mm,
                      height: 8mm}
            """
        ),
        encoding="utf-8",
    )
    card_set = load(tmp_path)
    _, placed = boxes(card_set, "Knight")
    assert [e.name for e, _ in placed if e.badge or e.line] == ["power"]


def test_a_layout_that_only_moves_parts_keeps_the_automatic_stats(tmp_path: Path) -> None:
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "hero.yaml").write_text(
        "extends: card\nparts:\n  rules: {left: 3mm, right: 3mm, bottom: 3mm, height: 20mm}\n",
        "utf-8",
    )
    card_set = shapes(tmp_path)
    _, placed = boxes(card_set, "Knight")
    assert sorted(e.name for e, _ in placed if e.stats) == ["badge", "line"]


def test_stats_null_turns_the_automatic_stats_off(tmp_path: Path) -> None:
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "card.yaml").write_text("extends: card\nstats: null\n", "utf-8")
    card_set = shapes(tmp_path)
    _, placed = boxes(card_set, "Knight")
    assert not [e for e, _ in placed if e.stats]
    _, found = prepare_style(card_set.game, card_set.cards)  # power is printed nowhere now
    assert [(d.code, d.location.line) for d in found] == [("CK217", 9)]
    plain = LayoutLibrary(None).get("card")
    assert plain is not None and [e.name for e in plain.stats] == ["badge", "line"]


def test_a_stats_line_too_long_for_its_band_is_cut_and_reported(tmp_path: Path) -> None:
    fields = ["power", "speed", "range", "armour", "stamina", "morale", "reach", "upkeep"]
    (tmp_path / "game.yaml").write_text(
        "id: big\nname: Big\ncard_types:\n  titan:\n    name: Titan\n    fields:\n"
        + "".join(f"      {f}: {{type: integer}}\n" for f in fields)
        + "decks:\n  main: {name: Main}\n",
        encoding="utf-8",
    )
    (tmp_path / "cards.yaml").write_text(
        "defaults: {deck: main}\ncards:\n  - name: Titan\n    type: titan\n"
        + "".join(f"    {f}: {i + 10}\n" for i, f in enumerate(fields)),
        encoding="utf-8",
    )
    card_set = load(tmp_path)
    style, _ = prepare_style(card_set.game, card_set.cards)
    found = [str(d) for d in measure_cards(style, card_set.cards)]
    assert len(found) == 1
    assert found[0].startswith(
        f"{tmp_path}/cards.yaml:3:5: warning[CK219] stats line of 'Titan' does not fit its "
        "band; printed as 'Power 10 \u00b7 Speed 11 \u00b7 "
    )
    assert found[0].split("printed as ")[1].split("' (hint")[0].endswith("\u2026")
