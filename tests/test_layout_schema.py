"""Broken layout files: each fixture of tests/fixtures/layouts/broken/ holds one mistake, and the
layout schema (schemas/layout.schema.json) reports it as exactly these located, coded lines.

Each file is dropped, as layouts/ship.yaml, into a copy of the small game of
tests/fixtures/game/.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardkit.diagnostics import CODES
from cardkit.load.cards import load_card_set
from cardkit.load.schema import coded_diagnostics, load_schema, shipped_validator
from cardkit.load.yamlsource import parse_yaml
from cardkit.package_data import data_dir
from cardkit.render.layoutfile import SCHEMA
from cardkit.render.style import prepare_style

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
BROKEN = FIXTURES / "layouts" / "broken"

# (fixture, the exact diagnostics of the layout file, paths from the game folder)
CASES: list[tuple[str, list[str]]] = [
    (
        "align-unknown",
        [
            (
                "layouts/ship.yaml:4:63: error[CK204] unknown align 'centre' (did you mean "
                "'center'?) in part 'name'"
            ),
        ],
    ),
    (
        "badge-icon-without-icon",
        [
            (
                "layouts/ship.yaml:4:9: error[CK204] badge 'cost' has shape 'icon' but names no"
                " 'icon'"
            ),
        ],
    ),
    (
        "badge-label-number",
        [
            ("layouts/ship.yaml:4:30: error[CK204] label of badge 'cost' must be text, not 5"),
        ],
    ),
    (
        "badge-name-uppercase",
        [
            (
                "layouts/ship.yaml:4:3: error[CK204] badge name 'Cost' must be lowercase "
                "letters, digits, '-' or '_'"
            ),
        ],
    ),
    (
        "badge-shape-unknown",
        [
            (
                "layouts/ship.yaml:4:30: error[CK204] unknown badge shape 'hexagon' in badge "
                "'cost' (hint: shapes are circle, shield, square, banner, icon)"
            ),
        ],
    ),
    (
        "badge-unknown-field",
        [
            (
                "layouts/ship.yaml:4:7: error[CK209] badge 'hp' of layout 'ship' shows field "
                "'hp', which card type 'ship' does not have (hint: declare the field in "
                "card_types.ship.fields, or give 'ship' a layout of its own)"
            ),
        ],
    ),
    (
        "badge-without-field",
        [
            (
                "layouts/ship.yaml:4:9: error[CK209] badge 'cost' names no card 'field' to show"
                " (hint: e.g. field: cost)"
            ),
        ],
    ),
    (
        "box-no-room",
        [
            (
                "layouts/ship.yaml:4:8: error[CK210] part 'art' of layout 'ship' is 63.5mm x "
                "-11.1mm: no room on the 63.5mm x 88.9mm cards of card type 'ship' (poker) "
                "(hint: give this card type a layout made for its size ('layout:' in "
                "game.yaml))"
            ),
        ],
    ),
    (
        "box-off-the-card",
        [
            (
                "layouts/ship.yaml:4:9: error[CK210] badge 'cost' of layout 'ship' reaches "
                "beyond the card's edge on the 63.5mm x 88.9mm cards of card type 'ship' "
                "(poker) (hint: give this card type a layout made for its size ('layout:' in "
                "game.yaml))"
            ),
        ],
    ),
    (
        "colour-name",
        [
            (
                "layouts/ship.yaml:4:68: error[CK208] color 'red' of part 'rules' is not a "
                "colour (hint: write '#rgb' or '#rrggbb', e.g. '#c0392b')"
            ),
        ],
    ),
    (
        "extends-itself",
        [
            (
                "layouts/ship.yaml:2:10: error[CK207] layout 'ship' extends itself, and there "
                "is no built-in layout 'ship' to start from (hint: remove 'extends' or name "
                "another layout)"
            ),
        ],
    ),
    (
        "extends-number",
        [
            ("layouts/ship.yaml:2:10: error[CK207] 'extends' must name a layout, not 3"),
        ],
    ),
    (
        "extends-unknown",
        [
            (
                "layouts/ship.yaml:2:10: error[CK207] layout 'ship' extends unknown layout "
                "'crad' (did you mean 'card'?)"
            ),
        ],
    ),
    (
        "font-size-huge",
        [
            (
                "layouts/ship.yaml:4:62: error[CK205] font size 200 of part 'name' must be a "
                "number of points from 3 to 72"
            ),
        ],
    ),
    (
        "font-size-text",
        [
            (
                "layouts/ship.yaml:4:62: error[CK205] font size 'big' of part 'name' must be a "
                "number of points from 3 to 72"
            ),
        ],
    ),
    (
        "ink-short",
        [
            (
                "layouts/ship.yaml:4:61: error[CK208] ink '#12' of part 'name' is not a colour "
                "(hint: write '#rgb' or '#rrggbb', e.g. '#c0392b')"
            ),
        ],
    ),
    (
        "length-huge",
        [
            (
                "layouts/ship.yaml:4:55: error[CK205] height of part 'rules' is '5000mm': more "
                "than 1000mm (hint: lengths are distances on the card, such as '3mm')"
            ),
        ],
    ),
    (
        "length-negative",
        [
            (
                "layouts/ship.yaml:4:16: error[CK205] left of part 'name': invalid length "
                "'-3mm': write a number and one of the units mm, cm, in, pt (e.g. '63.5mm', "
                "'0.125in', '9pt')"
            ),
        ],
    ),
    (
        "length-without-unit",
        [
            (
                "layouts/ship.yaml:4:16: error[CK205] left of part 'name': invalid length 3: "
                "write a number and one of the units mm, cm, in, pt (e.g. '63.5mm', '0.125in', "
                "'9pt')"
            ),
        ],
    ),
    (
        "line-with-shape",
        [
            ("layouts/ship.yaml:4:23: error[CK204] unknown key 'shape' in line 'cost'"),
        ],
    ),
    (
        "line-without-field",
        [
            (
                "layouts/ship.yaml:4:9: error[CK209] line 'cost' names no card 'field' to show "
                "(hint: e.g. field: requires)"
            ),
        ],
    ),
    (
        "not-a-mapping",
        [
            (
                "layouts/ship.yaml:2:1: error[CK204] a layout file must be a mapping of 'parts'"
                " and 'badges'"
            ),
        ],
    ),
    (
        "not-printed-bad-name",
        [
            (
                "layouts/ship.yaml:3:14: error[CK204] 'not_printed' must be a list of field "
                "names (hint: e.g. not_printed: [max_population])"
            ),
        ],
    ),
    (
        "not-printed-text",
        [
            (
                "layouts/ship.yaml:3:14: error[CK204] 'not_printed' must be a list of field "
                "names (hint: e.g. not_printed: [max_population])"
            ),
        ],
    ),
    (
        "one-edge-up-down",
        [
            (
                "layouts/ship.yaml:4:9: error[CK206] part 'name' gives top up and down: give "
                "exactly two of top, bottom, height (hint: e.g. top and height, or top and "
                "bottom)"
            ),
        ],
    ),
    (
        "part-not-mapping",
        [
            (
                "layouts/ship.yaml:4:9: error[CK204] part 'name' must be a mapping such as "
                "{left: 3mm, top: 3mm, width: 8mm, height: 8mm}"
            ),
        ],
    ),
    (
        "rules-option-not-boolean",
        [
            (
                "layouts/ship.yaml:4:69: error[CK204] flavor of part 'rules' must be true or "
                "false, not 'maybe'"
            ),
        ],
    ),
    (
        "section-not-mapping",
        [
            ("layouts/ship.yaml:3:9: error[CK204] 'badges' must be a mapping of names to boxes"),
        ],
    ),
    (
        "stats-line-with-field",
        [
            ("layouts/ship.yaml:4:10: error[CK204] unknown key 'field' in stats 'line'"),
        ],
    ),
    (
        "stats-unknown-entry",
        [
            (
                "layouts/ship.yaml:4:3: error[CK204] unknown stats entry 'badges' (did you mean"
                " 'badge'?) in layout 'ship' (hint: 'stats' has a 'badge' (the cost) and a "
                "'line' (the other stats))"
            ),
        ],
    ),
    (
        "text-field-and-text",
        [
            (
                "layouts/ship.yaml:4:9: error[CK209] text 'lore' needs either a card 'field' to"
                " show or fixed 'text' (hint: e.g. field: special_rules)"
            ),
        ],
    ),
    (
        "text-neither",
        [
            (
                "layouts/ship.yaml:4:9: error[CK209] text 'lore' needs either a card 'field' to"
                " show or fixed 'text' (hint: e.g. field: special_rules)"
            ),
        ],
    ),
    (
        "three-edges-across",
        [
            (
                "layouts/ship.yaml:4:9: error[CK206] part 'name' gives left, right, width "
                "across: give exactly two of left, right, width (hint: e.g. left and width, or "
                "left and right)"
            ),
        ],
    ),
    (
        "unknown-key",
        [
            (
                "layouts/ship.yaml:4:10: error[CK204] unknown key 'lft' (did you mean 'left'?) "
                "in part 'name'"
            ),
        ],
    ),
    (
        "unknown-part",
        [
            (
                "layouts/ship.yaml:4:3: error[CK204] unknown part 'nmae' (did you mean 'name'?)"
                " in layout 'ship' (hint: parts are art, name, type_line, rules, faction_icon; "
                "stats go under 'badges')"
            ),
        ],
    ),
    (
        "unknown-top-key",
        [
            (
                "layouts/ship.yaml:3:1: error[CK204] unknown layout key 'part' (did you mean "
                "'parts'?) (hint: a layout has 'extends', 'parts', 'badges', 'lines', 'texts', "
                "'pictures', 'stats', 'not_printed', 'landscape', 'corners' and 'description')"
            ),
        ],
    ),
    (
        "corners-not-a-length",
        [
            (
                "layouts/ship.yaml:3:10: error[CK205] corners of the layout: invalid length 3: "
                "write a number and one of the units mm, cm, in, pt (e.g. '63.5mm', '0.125in', "
                "'9pt')"
            ),
        ],
    ),
    (
        "landscape-not-boolean",
        [
            (
                "layouts/ship.yaml:3:12: error[CK204] 'landscape' must be true or false, "
                "not 'sideways'"
            ),
        ],
    ),
    (
        "picture-fit-unknown",
        [
            (
                "layouts/ship.yaml:4:39: error[CK204] unknown fit 'fill' in picture 'frame' "
                "(hint: a picture fits its box by 'stretch', 'contain' or 'cover')"
            ),
        ],
    ),
    (
        "picture-layer-unknown",
        [
            (
                "layouts/ship.yaml:4:48: error[CK204] unknown layer 'ovr' (did you mean "
                "'over'?) in picture 'frame' (hint: a picture is drawn 'under' the other parts "
                "or 'over' them)"
            ),
        ],
    ),
    (
        "picture-one-edge",
        [
            (
                "layouts/ship.yaml:4:9: error[CK206] picture 'seal' gives right across: give "
                "exactly two of left, right, width (hint: e.g. left and width, or left and "
                "right)"
            ),
        ],
    ),
    (
        "picture-slot-unclosed",
        [
            (
                "layouts/ship.yaml:4:17: error[CK223] file 'frames/{faction.png' of picture "
                "'frame' is not a path with '{field}' slots (hint: e.g. file: "
                "frames/{faction}.png)"
            ),
        ],
    ),
    (
        "picture-slot-unknown-field",
        [
            (
                "layouts/ship.yaml:4:10: error[CK223] picture 'frame' of layout 'ship' is "
                "chosen by field 'factoin', which card type 'ship' does not have (did you mean "
                "'faction'?) (hint: write a field of the card type in '{...}', such as "
                "{faction} or {type})"
            ),
        ],
    ),
    (
        "picture-without-file",
        [
            (
                "layouts/ship.yaml:4:10: error[CK223] picture 'frame' needs a 'file' (hint: "
                "e.g. file: frames/{faction}.png)"
            ),
        ],
    ),
]


def _layout_diagnostics(tmp_path: Path, fixture: Path) -> list[str]:
    root = tmp_path / "game"
    shutil.copytree(FIXTURES / "game", root)
    (root / "layouts").mkdir()
    shutil.copyfile(fixture, root / "layouts" / "ship.yaml")
    card_set, found = load_card_set(root, "game")
    assert card_set is not None and found == [], found
    _, found = prepare_style(card_set.game, card_set.cards)
    return [
        str(d).removeprefix(f"{root}/")
        for d in found
        if d.location.path.endswith("layouts/ship.yaml")
    ]


@pytest.mark.parametrize(("stem", "expected"), CASES, ids=[stem for stem, _ in CASES])
def test_a_broken_layout_gives_its_located_coded_errors(
    tmp_path: Path, stem: str, expected: list[str]
) -> None:
    assert _layout_diagnostics(tmp_path, BROKEN / f"{stem}.yaml") == expected


def test_every_fixture_has_a_case_and_one_mistake() -> None:
    assert sorted(p.stem for p in BROKEN.glob("*.yaml")) == sorted(stem for stem, _ in CASES)
    assert len(CASES) >= 25
    for stem, expected in CASES:
        assert len(expected) == 1, stem
        assert expected[0].split("error[")[1][:5] in CODES, stem


def test_the_layout_schema_codes_are_known_codes() -> None:
    codes: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            codes.update(str(v) for k, v in node.items() if k == "code")
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(load_schema(SCHEMA))
    assert codes <= set(CODES)
    assert {"CK204", "CK205", "CK206", "CK207", "CK208", "CK209"} <= codes


@pytest.mark.parametrize(
    "path",
    [
        *sorted((data_dir("templates") / "layouts").glob("*.yaml")),
        *sorted(ROOT.glob("cards/*/layouts/*.yaml")),
    ],
    ids=lambda p: f"{p.parent.parent.name}/{p.stem}",
)
def test_every_shipped_layout_passes_the_schema(path: Path) -> None:
    loaded = parse_yaml(path.read_text(encoding="utf-8"), str(path))
    assert loaded.diagnostics == []
    found = coded_diagnostics(shipped_validator(SCHEMA), loaded.value, loaded.source, str)
    assert found == []
