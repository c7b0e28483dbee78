"""Layout files: built-in and game layouts fit their cards; bad layouts are located errors."""

from __future__ import annotations

import itertools
import textwrap
from pathlib import Path

import pytest
from readme_helpers import readme_yaml

from cardkit.load.cards import load_card_set
from cardkit.load.game import BUILTIN_SIZES, load_game
from cardkit.model import Game
from cardkit.render.impose import Box
from cardkit.render.layoutfile import LayoutLibrary
from cardkit.render.style import layout_name, prepare_style
from cardkit.render.units import mm, parse_length

REPO = Path(__file__).resolve().parents[1]
STAR_REALMS = REPO / "cards" / "star-realms"
SAFE = mm(3)
# Parts that must not overlap one another (badges may sit on the art, like a sticker).
APART = ("name", "art", "type_line", "rules")


def builtin_layout_for(size: str) -> str:
    library = LayoutLibrary(None)
    return size if library.has(size) else "card"


@pytest.mark.parametrize("size", sorted(BUILTIN_SIZES))
def test_the_builtin_layout_of_each_size_keeps_3mm_inside_the_trim(size: str) -> None:
    width, height = (parse_length(v) for v in BUILTIN_SIZES[size])
    layout = LayoutLibrary(None).get(builtin_layout_for(size))
    assert layout is not None
    assert layout.check_fit(width, height, size) == []
    safe = Box(SAFE, SAFE, width - 2 * SAFE, height - 2 * SAFE)
    boxes = layout.boxes(width, height)
    for name, box in boxes.items():
        assert box.w > 0 and box.h > 0, name
        assert safe.contains(box), name
    parts = {n: b for n, b in boxes.items() if n in APART}
    for (a, box_a), (b, box_b) in itertools.combinations(parts.items(), 2):
        assert not box_a.overlaps(box_b), (size, a, b)


def test_chits_have_no_rules_box_and_poker_cards_do() -> None:
    library = LayoutLibrary(None)
    chit, card = library.get("chit"), library.get("card")
    assert chit is not None and card is not None
    assert chit.part("rules") is None
    assert card.part("rules") is not None and card.part("art") is not None


@pytest.fixture(scope="module")
def star_realms() -> Game:
    game, found = load_game(STAR_REALMS, str(STAR_REALMS))
    assert game is not None and not found
    return game


def test_star_realms_layouts_load_clean_and_extend_the_builtin_card(star_realms: Game) -> None:
    card_set, _ = load_card_set(STAR_REALMS, str(STAR_REALMS))
    assert card_set is not None
    style, found = prepare_style(star_realms, card_set.cards)
    assert found == []
    ship, base = style.layouts["ship"], style.layouts["base"]
    assert (ship.name, base.name) == ("card", "base")
    assert [b.field for b in ship.badges] == ["cost"]
    assert sorted(str(b.field) for b in base.badges) == ["cost", "defense", "outpost"]
    # The art and rules text come from the built-in layout the game's layouts extend.
    assert ship.part("art") is not None and ship.part("rules") is not None


@pytest.mark.parametrize("type_id", ["ship", "base"])
def test_star_realms_badges_do_not_cover_the_name_or_type_line(
    star_realms: Game, type_id: str
) -> None:
    style, _ = prepare_style(star_realms)
    boxes = style.layouts[type_id].boxes(mm(63.5), mm(88.9))
    for badge in ("cost", "defense"):
        if badge in boxes:
            for part in ("name", "type_line", "rules"):
                assert not boxes[badge].overlaps(boxes[part]), (badge, part)


def make_game(root: Path, layouts: dict[str, str], card_types: str = "") -> Game:
    root.mkdir(parents=True, exist_ok=True)
    types = (
        card_types
        or """\
        card_types:
          unit:
            name: Unit
            fields:
              hp: {type: integer}
              minerals: {type: integer}
        """
    )
    (root / "game.yaml").write_text(
        "id: lay\nname: Layouts\n" + textwrap.dedent(types), encoding="utf-8"
    )
    (root / "layouts").mkdir(exist_ok=True)
    for name, text in layouts.items():
        (root / "layouts" / f"{name}.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    game, found = load_game(root, "g")
    assert game is not None, found
    return game


def problems(game: Game) -> list[tuple[str, int, str]]:
    _, found = prepare_style(game)
    return [(d.code, d.location.line, d.message) for d in found]


# (code, line, part of the message, layout file text): each bad layout, its one diagnostic.
BAD_LAYOUTS = [
    (
        "CK204",
        3,
        "unknown part 'nmae' (did you mean 'name'?)",
        "parts:\n  art: {left: 3mm, right: 3mm, top: 3mm, height: 9mm}\n"
        "  nmae: {left: 3mm, right: 3mm, top: 3mm, height: 5mm}\n",
    ),
    (
        "CK204",
        2,
        "unknown key 'lft' (did you mean 'left'?) in part 'name'",
        "parts:\n  name: {lft: 3mm, right: 3mm, top: 3mm, height: 5mm}\n",
    ),
    (
        "CK204",
        1,
        "unknown layout key 'part' (did you mean 'parts'?)",
        "part:\n  name: {left: 3mm, right: 3mm, top: 3mm, height: 5mm}\n",
    ),
    (
        "CK205",
        2,
        "invalid length '3'",
        "parts:\n  name: {left: '3', right: 3mm, top: 3mm, height: 5mm}\n",
    ),
    (
        "CK205",
        2,
        "invalid length '-2mm'",
        "parts:\n  name: {left: -2mm, right: 3mm, top: 3mm, height: 5mm}\n",
    ),
    (
        "CK205",
        2,
        "more than 1000mm",
        "parts:\n  name: {left: 3mm, right: 3mm, top: 3mm, height: 2m0mm}\n".replace(
            "2m0mm", "2000mm"
        ),
    ),
    (
        "CK205",
        2,
        "font size 400",
        "parts:\n  name: {left: 3mm, right: 3mm, top: 3mm, height: 5mm, size: 400}\n",
    ),
    (
        "CK206",
        2,
        "gives left, right, width across: give exactly two",
        "parts:\n  name: {left: 3mm, right: 3mm, width: 9mm, top: 3mm, height: 5mm}\n",
    ),
    ("CK206", 2, "gives top up and down", "parts:\n  name: {left: 3mm, right: 3mm, top: 3mm}\n"),
    ("CK207", 1, "layout 'unit' extends itself", "extends: unit\n"),
    ("CK207", 1, "extends unknown layout 'crad' (did you mean 'card'?)", "extends: crad\n"),
    (
        "CK208",
        2,
        "color 'red' of part 'rules' is not a colour",
        "parts:\n  rules: {left: 3mm, right: 3mm, bottom: 3mm, height: 20mm, color: red}\n",
    ),
    (
        "CK204",
        2,
        "unknown badge shape 'hexagon'",
        "badges:\n  hp: {field: hp, shape: hexagon, right: 3mm, top: 3mm, width: 8mm, "
        "height: 8mm}\n",
    ),
    (
        "CK209",
        2,
        "badge 'hp' names no card 'field'",
        "badges:\n  hp: {right: 3mm, top: 3mm, width: 8mm, height: 8mm}\n",
    ),
    (
        "CK209",
        2,
        "shows field 'gas', which card type 'unit' does not have",
        "badges:\n  gas: {field: gas, right: 3mm, top: 3mm, width: 8mm, height: 8mm}\n",
    ),
    (
        "CK210",
        2,
        "part 'art' of layout 'unit' is 63.5mm x -11.1mm: no room",
        "parts:\n  art: {left: 0mm, right: 0mm, top: 50mm, bottom: 50mm}\n",
    ),
    (
        "CK204",
        2,
        "unknown stats entry 'badges' (did you mean 'badge'?) in layout 'unit'",
        "stats:\n  badges: {field: cost, right: 3mm, top: 3mm, width: 8mm, height: 8mm}\n",
    ),
    (
        "CK204",
        2,
        "unknown key 'field' in stats 'line'",
        "stats:\n  line: {field: hp, left: 3mm, right: 3mm, bottom: 3mm, height: 5mm}\n",
    ),
    (
        "CK210",
        2,
        "reaches beyond the card's edge",
        "badges:\n  hp: {field: hp, left: 60mm, top: 3mm, width: 8mm, height: 8mm}\n",
    ),
]


@pytest.mark.parametrize(("code", "line", "message", "text"), BAD_LAYOUTS)
def test_a_bad_layout_is_one_located_diagnostic(
    tmp_path: Path, code: str, line: int, message: str, text: str
) -> None:
    game = make_game(tmp_path / "g", {"unit": text})
    found = problems(game)
    assert len(found) == 1, found
    assert found[0][:2] == (code, line), found
    assert message in found[0][2], found


def test_layouts_that_extend_each_other_in_a_cycle_are_refused(tmp_path: Path) -> None:
    game = make_game(tmp_path / "g", {"unit": "extends: two\n", "two": "extends: unit\n"})
    found = problems(game)
    assert [(c, line) for c, line, _ in found] == [("CK207", 1)]
    assert "cycle: unit -> two -> unit" in found[0][2]


def test_an_unknown_layout_named_by_a_card_type_is_located(tmp_path: Path) -> None:
    types = """\
        card_types:
          unit:
            name: Unit
            layout: cardd
        """
    game = make_game(tmp_path / "g", {}, types)
    assert problems(game) == [("CK211", 6, "unknown layout 'cardd' (did you mean 'card'?)")]


def test_a_game_layout_named_like_a_builtin_one_wins_and_may_extend_it(tmp_path: Path) -> None:
    game = make_game(
        tmp_path / "g",
        {
            "card": "extends: card\nbadges:\n"
            "  hp: {field: hp, right: 3mm, top: 3mm, width: 8mm, height: 8mm}\n"
        },
    )
    style, found = prepare_style(game)
    assert found == []
    layout = style.layouts["unit"]
    assert layout_name(LayoutLibrary(game.root), game.card_types["unit"]) == "card"
    assert [b.name for b in layout.badges] == ["hp"]
    assert layout.part("rules") is not None  # from the built-in card layout


def test_a_starcraft_unit_shows_its_own_stats(tmp_path: Path) -> None:
    game = make_game(
        tmp_path / "g",
        {
            "unit": """\
            extends: card
            badges:
              hp: {field: hp, shape: shield, label: HP,
                   right: 3mm, bottom: 3mm, width: 9mm, height: 9mm}
              minerals: {field: minerals, shape: square,
                         left: 3mm, top: 3mm, width: 8mm, height: 8mm}
            """
        },
    )
    style, found = prepare_style(game)
    assert found == []
    assert {b.name: b.field for b in style.layouts["unit"].badges} == {
        "hp": "hp",
        "minerals": "minerals",
    }


def test_the_readme_layout_example_builds_a_unit_with_its_stats(tmp_path: Path) -> None:
    from pypdf import PdfReader

    from cardkit.app.build import BuildOptions, build_deck

    example = readme_yaml("# layouts/unit.yaml")
    game = make_game(tmp_path / "g", {"unit": example})
    assert problems(game) == []
    (game.root / "cards.yaml").write_text(
        "cards:\n  - {name: Marine, type: unit, hp: 40, minerals: 50}\n", "utf-8"
    )
    card_set, found = load_card_set(game.root, "g")
    assert card_set is not None and not found
    written, found = build_deck(card_set, BuildOptions(output=tmp_path / "out"))
    assert found == []
    text = PdfReader(written[0]).pages[0].extract_text()
    assert "40 HP" in text and "50" in text and "Marine" in text


def test_a_new_game_shows_cost_and_power_badges_from_its_own_layouts(tmp_path: Path) -> None:
    from pypdf import PdfReader

    from cardkit.cli import main

    assert main(["new", "Moon Tactics", "--into", str(tmp_path)]) == 0
    root = tmp_path / "moon-tactics"
    assert sorted(p.name for p in (root / "layouts").iterdir()) == ["card.yaml", "unit.yaml"]
    assert main(["build", str(root), "--output", str(tmp_path / "out")]) == 0
    card_set, _ = load_card_set(root, "g")
    assert card_set is not None
    style, found = prepare_style(card_set.game, card_set.cards)
    assert found == []
    assert [b.field for b in style.layouts["unit"].badges] == ["cost", "power"]
    text = PdfReader(tmp_path / "out" / "deck.pdf").pages[0].extract_text()
    unit = next(c for c in card_set.cards if c.type == "unit")
    assert str(unit.get("power")) in text.split()


def test_cli_build_with_a_broken_layout_exits_1_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardkit.cli import main

    game = make_game(tmp_path / "g", {"unit": "extends: crad\n"})
    (game.root / "cards.yaml").write_text("cards:\n  - {name: Marine, type: unit}\n", "utf-8")
    out = tmp_path / "out"
    assert main(["build", str(game.root), "--output", str(out)]) == 1
    err = capsys.readouterr().err
    assert "error[CK207] layout 'unit' extends unknown layout 'crad'" in err
    assert "1 error; nothing built" in err
    assert not out.exists()
