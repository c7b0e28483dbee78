"""Sheets read back from the PDF: where each card is drawn, gutters, back offset, duplex
mirroring, custom paper, card sizes per deck and backs per faction."""

from __future__ import annotations

import itertools
import math
import textwrap
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from cardkit.app.build import DECK_FILE, BuildOptions, build_deck, plan_deck
from cardkit.cli import main
from cardkit.load.cards import load_card_set
from cardkit.load.game import load_game
from cardkit.model import CardSet
from cardkit.render.back import back_of
from cardkit.render.impose import Duplex, Face
from cardkit.render.units import mm, to_mm

GAME = """\
    id: sheets
    name: Sheet Game
    factions:
      red: {name: Red, color: "#c0392b", back: crimson}
      blue: {name: Blue, color: "#2e6fb5"}
    decks:
      main: {name: Main}
      challenges: {name: Challenges, card_size: tarot, back: dark}
    card_types:
      unit: {name: Unit, deck: main}
    backs:
      crimson: {color: "#801010", text: Crimson Back}
      dark: {color: "#101010", text: Dark Back}
    """


def make(root: Path, cards: str) -> CardSet:
    root.mkdir(parents=True, exist_ok=True)
    (root / "game.yaml").write_text(textwrap.dedent(GAME), "utf-8")
    (root / "cards.yaml").write_text(
        "cards:\n" + textwrap.indent(textwrap.dedent(cards), "  "), "utf-8"
    )
    card_set, found = load_card_set(root, str(root))
    assert card_set is not None and not found, found
    return card_set


def placed(reader: PdfReader, index: int) -> list[tuple[float, float, float, float]]:
    """(x, y, width, height) in mm of every form drawn on a page: the cards' bleed boxes."""
    page = reader.pages[index]
    forms = page["/Resources"]["/XObject"]
    boxes = []
    origin = (0.0, 0.0)
    for operands, operator in page.get_contents().operations:  # type: ignore[union-attr]
        if operator == b"cm":
            origin = (float(operands[4]), float(operands[5]))
        elif operator == b"Do":
            box = forms[operands[0]].get_object()["/BBox"]
            x, y = origin
            boxes.append((to_mm(x), to_mm(y), to_mm(float(box[2])), to_mm(float(box[3]))))
        elif operator == b"Q":
            origin = (0.0, 0.0)
    return sorted(boxes)


def build(card_set: CardSet, out: Path, **options: Any) -> PdfReader:
    written, found = build_deck(card_set, BuildOptions(output=out, **options))
    assert written == [out / DECK_FILE], found
    return PdfReader(written[0])


def close(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return all(math.isclose(x, y, abs_tol=0.1) for x, y in zip(a, b, strict=True))


def test_nine_poker_cards_sit_where_the_sheet_puts_them_within_a_tenth_of_a_mm(
    tmp_path: Path,
) -> None:
    reader = build(make(tmp_path / "g", "- {name: A, type: unit, count: 9}\n"), tmp_path / "o")
    boxes = placed(reader, 0)
    assert len(boxes) == 9
    # 3 x 3 poker cards (63.5 x 88.9) with 3 mm bleed, centred on A4
    left, bottom = (210 - 3 * 63.5) / 2 - 3, (297 - 3 * 88.9) / 2 - 3
    expected = sorted(
        (left + c * 63.5, bottom + r * 88.9, 69.5, 94.9) for c in range(3) for r in range(3)
    )
    for got, want in zip(boxes, expected, strict=True):
        assert close(got, want), (got, want)


def test_a_gutter_moves_neighbouring_cards_apart(tmp_path: Path) -> None:
    card_set = make(tmp_path / "g", "- {name: A, type: unit, count: 9}\n")
    reader = build(card_set, tmp_path / "o", gutter=mm(2))
    xs = sorted({round(b[0], 2) for b in placed(reader, 0)})
    ys = sorted({round(b[1], 2) for b in placed(reader, 0)})
    assert [round(b - a, 1) for a, b in itertools.pairwise(xs)] == [65.5, 65.5]
    assert [round(b - a, 1) for a, b in itertools.pairwise(ys)] == [90.9, 90.9]


@pytest.mark.parametrize("duplex", [Duplex.LONG, Duplex.SHORT])
def test_backs_are_mirrored_behind_their_fronts(tmp_path: Path, duplex: Duplex) -> None:
    # Two cards on a sheet of nine: the backs must land behind the first two slots.
    card_set = make(tmp_path / "g", "- {name: A, type: unit}\n- {name: B, type: unit}\n")
    reader = build(card_set, tmp_path / "o", duplex=duplex)
    fronts, backs = placed(reader, 0), placed(reader, 1)
    paper_w, paper_h = 210.0, 297.0
    if duplex is Duplex.LONG:
        mirrored = sorted((paper_w - x - w, y, w, h) for x, y, w, h in fronts)
    else:
        mirrored = sorted((x, paper_h - y - h, w, h) for x, y, w, h in fronts)
    assert len(backs) == 2
    for got, want in zip(backs, mirrored, strict=True):
        assert close(got, want), (got, want)
    assert not all(close(b, f) for b, f in zip(backs, fronts, strict=True))  # really moved


def test_the_back_offset_moves_every_back_and_no_front(tmp_path: Path) -> None:
    card_set = make(tmp_path / "g", "- {name: A, type: unit, count: 4}\n")
    plain = build(card_set, tmp_path / "plain")
    moved = build(card_set, tmp_path / "moved", back_offset=(mm(0.5), mm(-0.3)))
    assert placed(moved, 0) == placed(plain, 0)
    for got, want in zip(placed(moved, 1), placed(plain, 1), strict=True):
        assert close(got, (want[0] + 0.5, want[1] - 0.3, want[2], want[3]))


def test_a_deck_may_give_its_cards_a_size_of_their_own(tmp_path: Path) -> None:
    card_set = make(
        tmp_path / "g",
        """\
        - {name: Soldier, type: unit, deck: main, count: 2}
        - {name: Dragon, type: unit, deck: challenges, count: 3}
        """,
    )
    pages = plan_deck(card_set, BuildOptions())
    fronts = [p for p in pages if p.face is Face.FRONT]
    sizes = [
        (round(to_mm(p.sheet.card_width), 1), round(to_mm(p.sheet.card_height), 1)) for p in fronts
    ]
    assert sizes == [(63.5, 88.9), (70.0, 120.0)]
    reader = build(card_set, tmp_path / "o")
    assert {(round(b[2], 1), round(b[3], 1)) for b in placed(reader, 2)} == {(76.0, 126.0)}
    assert "Dark Back" in reader.pages[3].extract_text()


def test_an_unknown_deck_card_size_is_a_located_error(tmp_path: Path) -> None:
    root = tmp_path / "g"
    root.mkdir()
    (root / "game.yaml").write_text(
        textwrap.dedent(GAME).replace("card_size: tarot", "card_size: tarrot"), "utf-8"
    )
    game, found = load_game(root, "g")
    assert game is None
    assert [(d.code, d.location.line) for d in found] == [("CK031", 8)]
    assert "unknown card size 'tarrot' (did you mean 'tarot'?)" in found[0].message


def test_a_faction_back_serves_when_deck_and_type_name_none(tmp_path: Path) -> None:
    card_set = make(
        tmp_path / "g",
        """\
        - {name: Redcap, type: unit, faction: red}
        - {name: Bluecap, type: unit, faction: blue}
        - {name: Dragon, type: unit, faction: red, deck: challenges}
        """,
    )
    chosen = {c.name: back_of(card_set.game, c)[0] for c in card_set.cards}
    assert chosen == {"Redcap": "crimson", "Bluecap": "", "Dragon": "dark"}


def test_cli_custom_paper_gutter_and_back_offset(tmp_path: Path) -> None:
    card_set = make(tmp_path / "g", "- {name: A, type: unit, count: 3}\n")
    out = tmp_path / "o"
    args = ["--paper", "300mmx200mm", "--gutter", "2mm", "--back-offset", "0.5mm,0"]
    assert main(["build", str(card_set.game.root), *args, "--output", str(out)]) == 0
    reader = PdfReader(out / DECK_FILE)
    page = reader.pages[0]
    assert close(
        (to_mm(float(page.mediabox.width)), to_mm(float(page.mediabox.height))), (300, 200)
    )
    xs = sorted(b[0] for b in placed(reader, 0))
    assert math.isclose(xs[1] - xs[0], 65.5, abs_tol=0.1)


@pytest.mark.parametrize("bad", ["0.5mm", "1mm,2mm,3mm", "0.5,0"])
def test_cli_refuses_a_malformed_back_offset(
    tmp_path: Path, bad: str, capsys: pytest.CaptureFixture[str]
) -> None:
    card_set = make(tmp_path / "g", "- {name: A, type: unit}\n")
    code = main(["build", str(card_set.game.root), f"--back-offset={bad}", "-o", str(tmp_path)])
    assert code == 2
    assert "--back-offset" in capsys.readouterr().err


def test_cli_refuses_an_unknown_paper(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    card_set = make(tmp_path / "g", "- {name: A, type: unit}\n")
    # A wrong command line is exit status 2, like a malformed --bleed (docs/printing.md).
    assert main(["build", str(card_set.game.root), "--paper", "a5", "-o", str(tmp_path)]) == 2
    assert "unknown paper 'a5'" in capsys.readouterr().err


def marks(reader: PdfReader, index: int) -> list[tuple[float, float, float, float]]:
    """The crop marks of a page in mm: (x1, y1, x2, y2) of each line drawn outside the forms."""
    lines = []
    start = (0.0, 0.0)
    for operands, operator in reader.pages[index].get_contents().operations:  # type: ignore[union-attr]
        if operator == b"m":
            start = (float(operands[0]), float(operands[1]))
        elif operator == b"l":
            x, y = float(operands[0]), float(operands[1])
            lines.append((to_mm(start[0]), to_mm(start[1]), to_mm(x), to_mm(y)))
    return lines


@pytest.mark.parametrize("page", [0, 1])
def test_crop_marks_are_outside_every_card_and_line_up_with_the_cuts(
    tmp_path: Path, page: int
) -> None:
    reader = build(make(tmp_path / "g", "- {name: A, type: unit, count: 9}\n"), tmp_path / "o")
    cards = placed(reader, page)
    found = marks(reader, page)
    assert found
    for x1, y1, x2, y2 in found:
        for x, y, w, h in cards:  # no mark reaches into a card or its bleed
            inside_x = max(x1, x2) > x + 0.01 and min(x1, x2) < x + w - 0.01
            inside_y = max(y1, y2) > y + 0.01 and min(y1, y2) < y + h - 0.01
            assert not (inside_x and inside_y), ((x1, y1, x2, y2), (x, y, w, h))
    cuts_x = {round(x + 3, 1) for x, _, _, _ in cards} | {
        round(x + w - 3, 1) for x, _, w, _ in cards
    }
    vertical = {round(x1, 1) for x1, _, x2, _ in found if math.isclose(x1, x2)}
    assert cuts_x <= vertical  # a mark on the extension of every vertical cut line


def test_every_card_name_and_rules_text_is_on_the_star_realms_fronts(tmp_path: Path) -> None:
    root = Path(__file__).resolve().parents[1] / "cards" / "star-realms"
    card_set, _ = load_card_set(root, str(root))
    assert card_set is not None
    reader = build(card_set, tmp_path)
    fronts = " ".join(reader.pages[i].extract_text() for i in range(0, len(reader.pages), 2))
    words = " ".join(fronts.replace("\u00a0", " ").split())
    for card in card_set.cards:
        assert card.name in words, card.name
        for line in card.text.splitlines():
            assert " ".join(line.split()) in words, (card.name, line)
