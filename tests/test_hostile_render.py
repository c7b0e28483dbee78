"""Hostile-looking input that is valid card data: it must build, and be drawn literally.

Markup in names, rules and flavour text is text, not markup: reading the PDF back finds the
very characters. Right-to-left, combining and emoji names build (a missing glyph is at most
a warning). A spreadsheet cell that looks like a formula is imported as the text it is.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from cardkit.cli import main

FIXTURES = Path(__file__).resolve().parent / "fixtures"
GAME = FIXTURES / "game"
BENIGN = FIXTURES / "hostile" / "benign"

MARKUP_CARDS = """\
cards:
  - name: 'Blob <b>bold</b> & <font color="[[[x]]]">'
    type: ship
    faction: blob
    cost: 1
    text: 'Gain 3 Combat. <img src="/etc/passwd"/> & <b>'
    flavor: <a href="file:///etc/passwd">link</a> &amp; <br/> <u>x</u>
"""

WORLD_CARDS = """\
cards:
  - name: שלום עולם
    type: ship
    cost: 2
    text: Gain 1 Trade.
  - name: Z̴̢a̷l̶g̵o Cruiser
    type: ship
    cost: 3
    text: Gain 2 Trade.
  - name: Dragon 🐉🔥
    type: ship
    cost: 4
    text: Gain 2 Combat.
  - name: مرحبا Ranger
    type: ship
    cost: 1
    text: Gain 1 Combat.
"""


def _game(tmp_path: Path, cards: str) -> Path:
    game = tmp_path / "game"
    shutil.copytree(GAME, game)
    (game / "hostile.yaml").write_text(cards, encoding="utf-8")
    return game


def _pdf_text(path: Path) -> str:
    text = "".join(page.extract_text() or "" for page in PdfReader(path).pages)
    return re.sub(r"\s+", " ", text)


def test_markup_in_card_text_is_drawn_literally(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path, MARKUP_CARDS)
    status = main(["build", str(game), "-o", str(tmp_path / "out")])
    _, err = capsys.readouterr()
    assert status == 0, err
    text = _pdf_text(tmp_path / "out" / "deck.pdf")
    assert 'Gain 3 Combat. <img src="/etc/passwd"/> & <b>' in text
    assert "Blob <b>bold</b> &" in text  # the name, cut short to fit its bar


def test_right_to_left_combining_and_emoji_names_validate_and_build(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path, WORLD_CARDS)
    assert main(["validate", str(game)]) == 0
    status = main(["build", str(game), "-o", str(tmp_path / "out")])
    _, err = capsys.readouterr()
    assert status == 0, err
    assert "error[" not in err
    reader = PdfReader(tmp_path / "out" / "deck.pdf")
    assert len(reader.pages) >= 2
    text = _pdf_text(tmp_path / "out" / "deck.pdf")
    assert "Cruiser" in text and "Ranger" in text and "Dragon" in text


def test_reminder_text_with_markup_builds_its_reference_pages(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path, "")
    (game / "hostile.yaml").unlink()
    shutil.copyfile(BENIGN / "keyword-reminder-markup.yaml", game / "game.yaml")
    status = main(["rulebook", str(game), "-o", str(tmp_path / "out"), "--format", "html,md"])
    _, err = capsys.readouterr()
    assert status == 0, err
    html = (tmp_path / "out" / "reference.html").read_text(encoding="utf-8")
    assert '<img src="/etc/passwd"/>' not in html
    assert "&lt;img src=" in html


def test_html_in_a_spreadsheet_cell_is_undone_or_drawn_literally(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path, "")
    (game / "hostile.yaml").unlink()
    (game / "cards.csv").write_text(
        "Name,Faction,Type,Cost,Text\n"
        'Tag Ship,Blob,Ship,1,"<b>Gain 3 Combat</b><br><font color=""red"">Draw</font> a card. '
        '<img src=""/etc/passwd""/> &lt;b&gt;x&lt;/b&gt; &amp;lt;i&amp;gt; <para>"\n',
        encoding="utf-8",
    )
    status = main(["build", str(game), "-o", str(tmp_path / "out")])
    _, err = capsys.readouterr()
    assert status == 0, err
    text = _pdf_text(tmp_path / "out" / "deck.pdf")
    # bold and font tags (escaped ones among them) are undone, any other tag is drawn as text
    assert 'Gain 3 Combat. Draw a card. <img src="/etc/passwd"/> x &lt;i&gt; <para>' in text
    assert "<b>" not in text and "<font" not in text


def test_a_formula_looking_cell_is_imported_as_quoted_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sheet = tmp_path / "cards.csv"
    sheet.write_text(
        "Name,Qty,Faction,Type,Cost,Defense,Text\n"
        "\"=cmd|' /C calc'!A0\",1,Blob,Ship,1,,Gain 3 Combat.\n"
        "@SUM(1+1),1,Blob,Ship,2,,Gain 1 Trade.\n",
        encoding="utf-8",
    )
    out = tmp_path / "imported.yaml"
    status = main(["import", str(sheet), "--game", str(GAME), "-o", str(out)])
    _, err = capsys.readouterr()
    assert status == 0, err
    cards = yaml.safe_load(out.read_text(encoding="utf-8"))["cards"]
    assert [c["name"] for c in cards] == ["=cmd|' /C calc'!A0", "@SUM(1+1)"]


def test_a_folder_linking_to_itself_is_not_walked_forever(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = _game(tmp_path, "")
    (game / "hostile.yaml").unlink()
    os.symlink(".", game / "loop")
    assert main(["validate", str(game)]) == 0
    _, err = capsys.readouterr()
    assert err.strip().endswith("0 errors, 0 warnings in 14 cards")


def test_a_game_name_that_looks_like_a_path_makes_a_folder_inside_the_parent(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["new", "../../../tmp/x", "--into", "cards"]) == 0
    capsys.readouterr()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cards"]
    assert sorted(p.name for p in (tmp_path / "cards").iterdir()) == ["tmp-x"]
