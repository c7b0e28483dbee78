"""`cardkit validate` reports what the renderer would: text that does not fit (CK201/CK202),
missing glyphs (CK203) and broken layouts, without building anything."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cardkit.app.build import BuildOptions, build_deck
from cardkit.cli import main
from cardkit.load.cards import load_card_set
from cardkit.render.measure import measure_cards
from cardkit.render.style import prepare_style

REPO = Path(__file__).resolve().parents[1]
STAR_REALMS = REPO / "cards" / "star-realms"
LONG = "\\n".join(["Gain 2 Combat."] * 24)  # YAML escapes: 24 lines of valid rules text


def make(root: Path, cards: str, layout: str | None = None) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    (root / "game.yaml").write_text(
        "id: m\nname: Measure\nresources:\n  combat: {name: Combat}\n"
        "card_types:\n  unit: {name: Unit}\n",
        "utf-8",
    )
    (root / "cards.yaml").write_text("cards:\n" + textwrap.indent(cards, "  "), "utf-8")
    if layout is not None:
        (root / "layouts").mkdir()
        (root / "layouts" / "unit.yaml").write_text(layout, "utf-8")
    return root


def test_validate_reports_text_that_does_not_fit_and_exits_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    name = "The Extraordinarily Verbose Dreadnought of the Outer Rim"
    cards = f'- name: {name}\n  type: unit\n  text: "{LONG}"\n'
    game = make(tmp_path / "g", cards)
    assert main(["validate", str(game)]) == 0
    out = capsys.readouterr().out
    assert f"cards.yaml:4:11: warning[CK201] rules text of {name!r} does not fit" in out
    assert f"cards.yaml:2:11: warning[CK202] card name {name!r} does not fit" in out


def test_validate_and_build_find_the_same_text_problems(tmp_path: Path) -> None:
    game = make(
        tmp_path / "g",
        f'- {{name: Wordy, type: unit, text: "{LONG}"}}\n- {{name: Odd \U00010000, type: unit}}\n',
    )
    card_set, _ = load_card_set(game, str(game))
    assert card_set is not None
    style, _ = prepare_style(card_set.game, card_set.cards)
    measured = measure_cards(style, card_set.cards)
    _, built = build_deck(card_set, BuildOptions(output=tmp_path / "out"))
    assert [d.code for d in measured] == ["CK201", "CK203"]
    assert measured == built


def test_validate_reports_a_broken_layout_and_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    layout = "parts:\n  nmae: {left: 3mm, right: 3mm, top: 3mm, height: 5mm}\n"
    game = make(tmp_path / "g", "- {name: A, type: unit}\n", layout)
    assert main(["validate", str(game)]) == 1
    out = capsys.readouterr().out
    assert "layouts/unit.yaml:2:3: error[CK204] unknown part 'nmae'" in out


def test_star_realms_validates_clean(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["validate", str(STAR_REALMS)]) == 0
    assert re.search(r"^0 errors, 0 warnings in \d+ cards", capsys.readouterr().err, re.M)


def test_importing_the_cli_does_not_import_reportlab() -> None:
    code = "import sys, cardkit.cli.validate; sys.exit('reportlab' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
