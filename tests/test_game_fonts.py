"""A game's own fonts: declared in game.yaml, chosen per layout part, embedded as subsets;
a character the font lacks is a located warning; a broken font file is a located error."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from pypdf import PdfReader

from cardkit.app.build import DECK_FILE, BuildOptions, build_deck
from cardkit.load.cards import load_card_set
from cardkit.render.style import prepare_style

FIXTURES = Path(__file__).resolve().parent / "fixtures"
FONTS = FIXTURES / "fonts"

LAYOUT = """\
extends: card
parts:
  name: {left: 4mm, right: 14mm, top: 3mm, height: 8mm, font: serif}
  rules: {left: 3mm, right: 3mm, bottom: 3mm, height: 27mm, font: serif}
"""

FONTS_YAML = """\
fonts:
  serif: {regular: fonts/Serif.ttf, bold: fonts/Serif-Bold.ttf}
"""


def _game(root: Path, *, regular: str = "DejaVuSerif-Latin.ttf", name: str = "Scout") -> Path:
    shutil.copytree(FIXTURES / "game", root)
    (root / "fonts").mkdir()
    shutil.copyfile(FONTS / regular, root / "fonts" / "Serif.ttf")
    shutil.copyfile(FONTS / "DejaVuSerif-Bold-Latin.ttf", root / "fonts" / "Serif-Bold.ttf")
    game = root / "game.yaml"
    game.write_text(game.read_text(encoding="utf-8") + FONTS_YAML, encoding="utf-8")
    (root / "layouts").mkdir()
    (root / "layouts" / "ship.yaml").write_text(LAYOUT, encoding="utf-8")
    for extra in root.glob("*.yaml"):
        if extra.name != "game.yaml":
            extra.unlink()
    (root / "cards.yaml").write_text(
        f"cards:\n  - {{name: {name}, type: ship, cost: 1, text: 'Gain 2 Trade.'}}\n",
        encoding="utf-8",
    )
    return root


def _diagnostics(root: Path) -> list[str]:
    card_set, found = load_card_set(root, "game")
    assert card_set is not None, found
    _, found = prepare_style(card_set.game, card_set.cards)
    return [str(d).removeprefix(f"{root}/").removeprefix("game/") for d in found]


def test_a_game_font_is_embedded_as_a_subset_and_sets_its_parts(tmp_path: Path) -> None:
    root = _game(tmp_path / "game")
    assert _diagnostics(root) == []
    card_set, _ = load_card_set(root, "game")
    assert card_set is not None
    written, found = build_deck(card_set, BuildOptions(output=tmp_path / "out"))
    assert [d for d in found if d.code in ("CK203", "CK222")] == []
    pdf = tmp_path / "out" / DECK_FILE
    assert pdf in written
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True)
    rows = [line.split() for line in fonts.stdout.splitlines()[2:]]
    # DejaVu Serif (regular for the rules, bold for the name): embedded ('emb' yes) subsets
    serif = [row for row in rows if "DejaVuSerif" in row[0]]
    assert {row[0].split("+")[1] for row in serif} == {"DejaVuSerif", "DejaVuSerif-Bold"}
    assert all(row[0][6] == "+" and "yes" in row[-5:-2] for row in serif), fonts.stdout
    text = PdfReader(str(pdf)).pages[0].extract_text()
    assert "Scout" in text and "Gain 2 Trade." in text


def test_a_character_the_game_font_lacks_is_a_located_warning(tmp_path: Path) -> None:
    root = _game(tmp_path / "game", name="Scout \u0416")  # Cyrillic Zhe: not in the cut font
    card_set, found = load_card_set(root, "game")
    assert card_set is not None, found
    style, _ = prepare_style(card_set.game, card_set.cards)
    from cardkit.render.measure import measure_cards

    shown = [str(d).removeprefix("game/") for d in measure_cards(style, card_set.cards)]
    assert shown == [
        "cards.yaml:2:12: warning[CK222] font 'serif' has no glyph for '\u0416' (U+0416) in "
        "the name of 'Scout \u0416'; drawn in the bundled font (hint: use a font that has "
        "these characters, or another character)"
    ]


@pytest.mark.parametrize(
    ("file", "problem"),
    [
        ("broken.ttf", "is not a font cardkit can read (TTLibError)"),
        ("truncated.ttf", "is not a font cardkit can read"),
    ],
)
def test_a_broken_font_file_is_a_located_error(tmp_path: Path, file: str, problem: str) -> None:
    root = _game(tmp_path / "game", regular=file)
    found = _diagnostics(root)
    assert len(found) == 1, found
    assert found[0].startswith(
        f"game.yaml:{_line(root, 'serif:')}:20: error[CK221] font file 'fonts/Serif.ttf' " + problem
    ), found


def test_a_font_path_out_of_the_game_folder_is_refused(tmp_path: Path) -> None:
    root = _game(tmp_path / "game")
    game = root / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8").replace("fonts/Serif.ttf", "../Serif.ttf"),
        encoding="utf-8",
    )
    card_set, found = load_card_set(root, "game")
    assert card_set is None or any("CK026" in str(d) for d in found), found


def test_a_part_naming_an_undeclared_font_is_ck220(tmp_path: Path) -> None:
    root = _game(tmp_path / "game")
    layout = root / "layouts" / "ship.yaml"
    layout.write_text(LAYOUT.replace("font: serif}\n  rules", "font: serf}\n  rules"), "utf-8")
    assert _diagnostics(root) == [
        "layouts/ship.yaml:3:9: error[CK220] part 'name' of layout 'ship' names font 'serf', "
        "which game.yaml does not declare (did you mean 'serif'?) (hint: declare it under "
        "'fonts:' in game.yaml, e.g. serf: {regular: fonts/serf.ttf})"
    ]


def _line(root: Path, text: str) -> int:
    lines = (root / "game.yaml").read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if text in line)
