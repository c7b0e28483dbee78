"""Card fronts show every stat a layout names: resource costs, list and card-reference lines,
enum display names; cards without rules text draw no empty panel; sheet footers fit."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest
from pypdf import PdfReader
from pypdf.generic import DictionaryObject, IndirectObject
from readme_helpers import readme_yaml

from cardkit.app.build import DECK_FILE, BuildOptions, build_deck
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet
from cardkit.render.fieldtext import (
    card_boxes,
    line_text,
    pictured_line_text,
    readable,
    resource_amounts,
)
from cardkit.render.layoutfile import LayoutLibrary
from cardkit.render.style import prepare_style
from cardkit.render.units import mm

REPO = Path(__file__).resolve().parents[1]
CARDS = REPO / "cards"


def load(root: Path) -> CardSet:
    card_set, found = load_card_set(root, str(root))
    assert card_set is not None and not found, [str(d) for d in found]
    return card_set


def build_text(root: Path, output: Path) -> list[str]:
    """The text of each page of the built deck, read back with pypdf."""
    written, _ = build_deck(load(root), BuildOptions(output=output))
    assert written == [output / DECK_FILE]
    return [page.extract_text() for page in PdfReader(written[0]).pages]


def card_text(pages: list[str], name: str) -> str:
    """The lines drawn for the first card called ``name``: from its name to the next card's."""
    for page in pages:
        lines = page.splitlines()
        if name in lines:
            start = lines.index(name)
            end = next((i for i in range(start + 1, len(lines)) if lines[i] == name), len(lines))
            return "\n".join(lines[start:end])
    raise AssertionError(f"{name!r} is not printed")


@pytest.fixture(scope="module")
def starcraft(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    return build_text(CARDS / "starcraft", tmp_path_factory.mktemp("sc"))


def test_high_templar_shows_its_cost_requirements_and_attacks(starcraft: list[str]) -> None:
    text = card_text(starcraft, "High Templar")
    lines = text.splitlines()
    assert "Requires: Gateway, Templar Archives" in lines
    assert "Attacks: Psionic Storm 80 / Hallucination 0 (once per game)" in lines
    assert "50" in lines and "150" in lines  # 50 minerals and 150 gas, one badge each
    assert "80 HP" in lines and "Ground" in lines


def test_archon_shows_what_it_evolves_from(starcraft: list[str]) -> None:
    lines = card_text(starcraft, "Archon").splitlines()
    assert "Evolves from: High Templar" in lines
    assert "Attacks: Psionic Shockwave 30" in lines
    assert not any(line.startswith("Requires:") for line in lines)


def test_attacks_that_hit_one_kind_of_unit_say_so(starcraft: list[str]) -> None:
    lines = card_text(starcraft, "Zealot").splitlines()
    assert "Attacks: Psi Blades 20 vs Ground" in lines


def test_enum_badges_show_readable_names_not_ids(starcraft: list[str]) -> None:
    whole = "\n".join(starcraft)
    assert "Ash world" in card_text(starcraft, "Ash Plains").splitlines()
    assert "ash-world" not in whole and "installation" not in whole


def test_crew_badges_read_crew_member(tmp_path: Path) -> None:
    pages = build_text(CARDS / "to-boldly-go", tmp_path)
    whole = "\n".join(pages)
    assert "Crew member" in card_text(pages, "Captain Kirk").splitlines()
    assert "crew-member" not in whole


def test_chit_sheet_footer_is_printed_whole(tmp_path: Path) -> None:
    pages = build_text(CARDS / "warpspawn", tmp_path)
    chits = [p for p in pages if "Bog Toad" in p]
    assert chits
    lines = chits[0].splitlines()
    assert "Warpspawn Battle" in lines
    assert "print at 100%" in lines
    assert any(line.startswith("sheet ") and line.endswith(" · fronts") for line in lines)
    assert not any("\u2026" in line for line in lines)


def test_poker_sheet_footer_stays_one_line(starcraft: list[str]) -> None:
    assert "Starcraft Card Game · sheet 1 of 8 · fronts · print at 100%" in starcraft[0]


def _forms(resources: DictionaryObject) -> list[bytes]:
    """The content of every form drawn on a page (each card face is one), recursively."""
    found: list[bytes] = []
    xobjects = resources.get("/XObject")
    if xobjects is None:
        return found
    for ref in xobjects.get_object().values():
        form = ref.get_object() if isinstance(ref, IndirectObject) else ref
        if form.get("/Subtype") == "/Form":
            found.append(form.get_data())
            inner = form.get("/Resources")
            if inner is not None:
                found += _forms(inner.get_object())
    return found


def _game(root: Path, *, text: str) -> Path:
    root.mkdir()
    (root / "layouts").mkdir()
    (root / "game.yaml").write_text(
        textwrap.dedent(
            """\
            id: costs
            name: Costs
            resources:
              ore: {name: Ore, color: "#3a7bd5"}
              gas: {name: Gas, color: "#2e9e5b"}
            fields:
              cost: {type: resources}
              kind: {type: enum, values: [heavy-walker, scout]}
            card_types:
              unit:
                name: Unit
                fields:
                  cost: {}
                  kind: {}
            """
        ),
        encoding="utf-8",
    )
    (root / "layouts" / "unit.yaml").write_text(
        "extends: card\nbadges:\n"
        "  cost: {field: cost, right: 3mm, top: 3mm, width: 17mm, height: 8mm}\n"
        "  kind: {field: kind, shape: banner, right: 4mm, top: 13mm, width: 30mm, height: 5mm}\n",
        encoding="utf-8",
    )
    (root / "cards.yaml").write_text(
        "cards:\n  - {name: Walker, type: unit, cost: {ore: 40, gas: 0}, kind: heavy-walker"
        + (f", text: {text}" if text else "")
        + "}\n  - {name: Probe, type: unit, cost: {ore: 5, gas: 7}}\n",
        encoding="utf-8",
    )
    return root


def test_a_resources_badge_is_one_badge_per_resource_in_its_colour(tmp_path: Path) -> None:
    root = _game(tmp_path / "costs", text="Stomp.")
    written, found = build_deck(load(root), BuildOptions(output=tmp_path / "out"))
    assert found == []
    reader = PdfReader(written[0])
    text = reader.pages[0].extract_text().splitlines()
    assert "Heavy walker" in text
    assert "40" in text and "5" in text and "7" in text
    assert "0" not in text  # no badge for a resource the card does not cost
    drawn = b"\n".join(_forms(reader.pages[0]["/Resources"].get_object()))
    assert b".227451 .482353 .835294 rg" in drawn  # ore, #3a7bd5
    assert b".180392 .619608 .356863 rg" in drawn  # gas, #2e9e5b


def test_resource_amounts_follow_the_games_order_and_skip_zeros() -> None:
    card_set = load(CARDS / "starcraft")
    game = card_set.game
    found = resource_amounts(game, {"gas": 25, "minerals": 50, "other": 3})
    assert [(r.id, n) for r, n in found] == [("minerals", "50"), ("gas", "25")]
    assert resource_amounts(game, {"gas": 0}) == []
    assert resource_amounts(game, "50") == []


@pytest.mark.parametrize(
    ("value", "words"),
    [("crew-member", "Crew member"), ("ash_world", "Ash world"), ("air", "Air"), ("", "")],
)
def test_readable_turns_ids_into_words(value: str, words: str) -> None:
    assert readable(value) == words


def test_item_templates_leave_out_brackets_with_an_empty_key() -> None:
    card_set = load(CARDS / "starcraft")
    queen = next(c for c in card_set.cards if c.name == "Queen")
    template = "{name} {damage}[ vs {hits}][ ({once_per_game})]"
    assert line_text(card_set.game, queen, "attacks", item=template) == (
        "Ensnare 0 / Spawn Broodling 100 vs Ground (once per game)"
    )
    assert line_text(card_set.game, queen, "attacks", item="{name}", separator="; ") == (
        "Ensnare; Spawn Broodling"
    )
    assert line_text(card_set.game, queen, "requires") == "Queen's Nest"
    assert line_text(card_set.game, queen, "cost") == "100 Minerals, 100 Gas"
    assert line_text(card_set.game, queen, "evolves_from") == ""


def test_a_card_without_rules_text_gives_the_panels_room_to_the_art() -> None:
    layout = LayoutLibrary(None).get("card")
    assert layout is not None
    width, height = mm(63.5), mm(88.9)
    with_text = {e.name: box for e, box in layout.placed(width, height, has_text=True)}
    without = {e.name: box for e, box in layout.placed(width, height, has_text=False)}
    assert "rules" in with_text and "rules" not in without
    # The type line drops to where the rules panel began; the art grows by as much.
    assert without["type_line"].y == pytest.approx(with_text["rules"].y)
    shift = with_text["type_line"].y - with_text["rules"].y
    assert without["art"].y == pytest.approx(with_text["art"].y - shift)
    assert without["art"].top == pytest.approx(with_text["art"].top)
    assert without["name"] == with_text["name"]


def test_badges_at_the_foot_of_the_art_move_down_with_it() -> None:
    game_root = CARDS / "starcraft"
    card_set = load(game_root)
    style, found = prepare_style(card_set.game, card_set.cards)
    assert found == []
    layout = style.layouts["troop"]
    width, height = mm(63.5), mm(88.9)
    before = {e.name: box for e, box in layout.placed(width, height)}
    after = {e.name: box for e, box in layout.placed(width, height, has_text=False)}
    shift = before["hp"].y - after["hp"].y
    assert shift > mm(10)
    for name in ("type_line", "attacks", "requires", "range"):
        assert before[name].y - after[name].y == pytest.approx(shift), name
    for name in ("control", "build_time", "cost", "name"):  # the top of the card stays
        assert after[name] == before[name], name


def _layout_errors(root: Path, lines: str) -> list[str]:
    (root / "layouts" / "unit.yaml").write_text("extends: card\nlines:\n" + lines, encoding="utf-8")
    card_set = load(root)
    _, found = prepare_style(card_set.game, card_set.cards)
    return [str(d) for d in found]


def test_a_layout_line_of_an_unknown_field_is_a_located_error(tmp_path: Path) -> None:
    root = _game(tmp_path / "costs", text="")
    shown = _layout_errors(
        root, "  needs: {field: needs, left: 3mm, right: 3mm, bottom: 30mm, height: 4mm}\n"
    )
    assert len(shown) == 1, shown
    assert shown[0].endswith(
        "unit.yaml:3:10: error[CK209] line 'needs' of layout 'unit' shows field 'needs', "
        "which card type 'unit' does not have (did you mean 'notes'?) (hint: declare the "
        "field in card_types.unit.fields, or give 'unit' a layout of its own)"
    ), shown


def test_a_badge_key_in_a_line_is_a_located_error(tmp_path: Path) -> None:
    root = _game(tmp_path / "costs", text="")
    shown = _layout_errors(
        root,
        "  kind: {field: kind, left: 3mm, right: 3mm, bottom: 30mm, height: 4mm, shape: circle}\n",
    )
    assert len(shown) == 1, shown
    assert "unit.yaml:3:73: error[CK204] unknown key 'shape' in line 'kind'" in shown[0], shown


def test_the_readme_layout_example_shows_a_troops_stats(tmp_path: Path) -> None:
    example = readme_yaml("# layouts/troop.yaml")
    root = tmp_path / "starcraft"
    shutil.copytree(CARDS / "starcraft", root)
    (root / "layouts" / "troop.yaml").write_text(example, encoding="utf-8")
    pages = build_text(root, tmp_path / "out")
    lines = card_text(pages, "High Templar").splitlines()
    assert "Requires: Gateway, Templar Archives" in lines
    assert "Attacks: Psionic Storm 80 / Hallucination 0 (once per game)" in lines


def test_the_rules_panel_grows_into_the_room_of_lines_a_card_has_no_value_for() -> None:
    card_set = load(CARDS / "starcraft")
    style, _ = prepare_style(card_set.game, card_set.cards)
    layout = style.layouts["building"]
    width, height = mm(63.5), mm(88.9)
    full = {e.name: box for e, box in layout.placed(width, height)}
    pool = next(c for c in card_set.cards if c.name == "Creep Colony")  # requires, no attacks
    boxes = {e.name: box for e, box in card_boxes(card_set.game, pool, layout, width, height)}
    assert "attacks" not in boxes and boxes["requires"] == full["requires"]
    assert boxes["rules"].y == full["rules"].y
    assert boxes["rules"].top == pytest.approx(
        full["rules"].top + full["requires"].y - full["attacks"].y
    )


def _with_kind_names(tmp_path: Path, names: str) -> Path:
    root = tmp_path / "to-boldly-go"
    shutil.copytree(CARDS / "to-boldly-go", root)
    game = root / "game.yaml"
    text = game.read_text(encoding="utf-8")
    old = "        values: [crew-member, action, equipment]\n"
    assert old in text
    game.write_text(text.replace(old, old + f"        names: {names}\n"), encoding="utf-8")
    return root


def test_an_enum_badge_shows_the_name_game_yaml_gives_the_value(tmp_path: Path) -> None:
    root = _with_kind_names(tmp_path, "{crew-member: Officer, equipment: Gear}")
    pages = build_text(root, tmp_path / "out")
    assert "Officer" in card_text(pages, "Captain Kirk").splitlines()
    assert "Gear" in card_text(pages, "Tricorder").splitlines()
    assert "Action" in card_text(pages, "Red Alert").splitlines()  # not named: as words


def test_naming_a_value_an_enum_does_not_list_is_ck215(tmp_path: Path) -> None:
    root = _with_kind_names(tmp_path, "{crew-membr: Officer}")
    _, found = load_card_set(root, "game")
    assert [str(d) for d in found] == [
        "game/game.yaml:43:17: error[CK215] field 'kind' names 'crew-membr', which is not one "
        "of its values (did you mean 'crew-member'?)"
    ]


def _texts_errors(root: Path, lines: str) -> list[str]:
    (root / "layouts" / "unit.yaml").write_text("extends: card\ntexts:\n" + lines, encoding="utf-8")
    card_set, _ = load_card_set(root, str(root))
    assert card_set is not None
    return [str(d) for d in prepare_style(card_set.game, card_set.cards)[1]]


@pytest.mark.parametrize(
    ("entry", "end"),
    [
        (
            "  lore: {left: 3mm, right: 3mm, bottom: 30mm, height: 9mm}\n",
            "unit.yaml:3:9: error[CK209] text 'lore' needs either a card 'field' to show or "
            "fixed 'text' (hint: e.g. field: special_rules)",
        ),
        (
            "  lore: {field: kind, text: Hi, left: 3mm, right: 3mm, bottom: 30mm, height: 9mm}\n",
            "unit.yaml:3:9: error[CK209] text 'lore' needs either a card 'field' to show or "
            "fixed 'text' (hint: e.g. field: special_rules)",
        ),
        (
            "  lore: {field: kin, left: 3mm, right: 3mm, bottom: 30mm, height: 9mm}\n",
            "unit.yaml:3:9: error[CK209] text box 'lore' of layout 'unit' shows field 'kin', "
            "which card type 'unit' does not have (did you mean 'kind'?) (hint: declare the "
            "field in card_types.unit.fields, or give 'unit' a layout of its own)",
        ),
        (
            "  lore: {field: kind, shape: circle, left: 3mm, right: 3mm, bottom: 30mm, "
            "height: 9mm}\n",
            "unit.yaml:3:23: error[CK204] unknown key 'shape' in text 'lore'",
        ),
    ],
)
def test_a_broken_text_box_is_a_located_error(tmp_path: Path, entry: str, end: str) -> None:
    shown = _texts_errors(_game(tmp_path / "costs", text=""), entry)
    assert len(shown) == 1 and shown[0].endswith(end), shown


def test_a_text_box_prints_its_field_and_fixed_text(tmp_path: Path) -> None:
    root = _game(tmp_path / "costs", text="")
    (root / "layouts" / "unit.yaml").write_text(
        "extends: card\ntexts:\n"
        "  lore: {field: kind, label: 'Notes:', left: 3mm, right: 3mm, bottom: 30mm, "
        "height: 9mm}\n"
        '  mark: {text: "first line\\nsecond line", left: 3mm, right: 3mm, top: 14mm, '
        'height: 9mm, color: "#ffffff"}\n',
        encoding="utf-8",
    )
    pages = build_text(root, tmp_path / "out")
    assert "Notes:\nHeavy walker" in pages[0]
    assert "first line\nsecond line" in pages[0]


def test_a_resource_with_an_icon_is_its_badge_not_a_disc(tmp_path: Path) -> None:
    """The icon a resource declares is the cost badge, the amount over it (it was looked up
    by its file, not its id, and a plain disc in the resource's colour was drawn)."""
    from PIL import Image

    root = _game(tmp_path / "costs", text="Stomp.")
    (root / "icons").mkdir()
    Image.new("RGB", (32, 32), "#aa0000").save(root / "icons" / "ore.png")
    game_yaml = root / "game.yaml"
    game_yaml.write_text(
        game_yaml.read_text("utf-8").replace(
            'ore: {name: Ore, color: "#3a7bd5"}',
            'ore: {name: Ore, color: "#3a7bd5", icon: icons/ore.png}',
        ),
        "utf-8",
    )
    written, found = build_deck(load(root), BuildOptions(output=tmp_path / "out"))
    assert found == []
    reader = PdfReader(written[0])
    forms = reader.pages[0]["/Resources"].get_object()
    drawn = b"\n".join(_forms(forms))
    assert b".227451 .482353 .835294 rg" not in drawn  # no disc in the ore's colour
    assert b".180392 .619608 .356863 rg" in drawn  # gas has no icon: its disc
    images = [
        name
        for form in forms["/XObject"].values()
        for name, obj in (form.get_object().get("/Resources", {}).get("/XObject") or {}).items()
        if obj.get_object().get("/Subtype") == "/Image"
    ]
    assert images  # the ore's picture
    assert {"40", "5"} <= set(reader.pages[0].extract_text().splitlines())


GEARWRIGHT = REPO / "tests" / "fixtures" / "newuser" / "gearwright-guild"


def test_a_line_shows_the_icons_of_resources_and_of_icon_values() -> None:
    """An engine builder's face: 'Produces: 1 (ore) Ore, 1 (coin) Coin' -- the singular the
    game declares after 1 -- and the card's icons ('symbols: [gear, gear]') side by side."""
    card_set = load(GEARWRIGHT)
    game = card_set.game
    hammer = next(c for c in card_set.cards if c.name == "Steam Hammer")
    assert pictured_line_text(game, hammer, "production") == "1 {ore} Ore, 1 {coin} Coin"
    assert pictured_line_text(game, hammer, "symbols") == "{gear} {gear}"
    assert line_text(game, hammer, "production") == "1 Ore, 1 Coin"
    assert line_text(game, hammer, "symbols") == "Gear, Gear"
    mill = next(c for c in card_set.cards if c.name == "Rolling Mill")
    assert pictured_line_text(game, mill, "production") == "2 {ore} Ore, 1 {coin} Coin"
    bridge = next(c for c in card_set.cards if c.name == "Iron Bridge")
    assert pictured_line_text(game, bridge, "symbols") == ""
