"""One card per page for print services, read back with pypdf: boxes in mm, page order."""

from __future__ import annotations

from pathlib import Path

import pytest
from exports_game import TOKEN, fails_on_call, load, write_game
from pypdf import PdfReader

from cardkit.cli import main
from cardkit.export import single
from cardkit.export.single import build_single
from cardkit.render.units import mm, parse_length, to_mm

REPO = Path(__file__).resolve().parents[1]
STAR_REALMS = REPO / "cards" / "star-realms"
EIGHTH = parse_length("0.125in")


def boxes_mm(reader: PdfReader, index: int) -> dict[str, list[float]]:
    page = reader.pages[index]
    return {
        name: [to_mm(float(v)) for v in getattr(page, name)]
        for name in ("mediabox", "bleedbox", "trimbox")
    }


def assert_close(actual: list[float], expected: list[float]) -> None:
    assert len(actual) == len(expected)
    assert all(abs(a - e) <= 0.1 for a, e in zip(actual, expected, strict=True)), actual


def test_poker_with_an_eighth_inch_bleed_has_print_service_boxes(tmp_path: Path) -> None:
    card_set = load(write_game(tmp_path / "game"))
    written, _ = build_single(card_set, tmp_path / "out", bleed=EIGHTH)
    assert written == [tmp_path / "out" / "cards-poker.pdf"]
    reader = PdfReader(written[0])
    for index in range(len(reader.pages)):
        boxes = boxes_mm(reader, index)
        # 63.5 x 88.9 mm card, 3.175 mm (1/8 in) all round: 69.85 x 95.25 mm pages.
        assert_close(boxes["mediabox"], [0, 0, 69.85, 95.25])
        assert_close(boxes["bleedbox"], [0, 0, 69.85, 95.25])
        assert_close(boxes["trimbox"], [3.175, 3.175, 66.675, 92.075])


def test_every_copy_is_a_front_page_followed_by_its_back(tmp_path: Path) -> None:
    card_set = load(write_game(tmp_path / "game"))
    written, _ = build_single(card_set, tmp_path / "out", bleed=mm(3))
    reader = PdfReader(written[0])
    texts = [page.extract_text() for page in reader.pages]
    assert len(texts) == 2 * (3 + 1 + 2)
    fronts = [t.splitlines()[0] for t in texts[0::2]]
    assert fronts == ["Red Fighter"] * 3 + ["Blue Trader"] + ["Red Keep"] * 2
    backs = [t.strip() for t in texts[1::2]]
    assert backs == ["Tiny Game"] * 4 + ["Stone Back"] * 2
    assert_close(boxes_mm(reader, 0)["trimbox"], [3, 3, 66.5, 91.9])


def test_each_card_size_gets_a_file_of_its_own(tmp_path: Path) -> None:
    from exports_game import CARDS

    card_set = load(write_game(tmp_path / "game", CARDS + TOKEN))
    written, _ = build_single(card_set, tmp_path / "out", bleed=mm(2))
    assert [p.name for p in written] == ["cards-poker.pdf", "cards-token.pdf"]
    tokens = PdfReader(written[1])
    assert len(tokens.pages) == 8
    assert_close(boxes_mm(tokens, 0)["mediabox"], [0, 0, 34, 34])
    assert_close(boxes_mm(tokens, 0)["trimbox"], [2, 2, 32, 32])


def test_one_page_per_copy_reuses_one_drawing_per_card(tmp_path: Path) -> None:
    card_set = load(write_game(tmp_path / "game"))
    reader = PdfReader(build_single(card_set, tmp_path / "out", bleed=mm(3))[0][0])
    forms = {
        page["/Resources"]["/XObject"][name].indirect_reference.idnum
        for page in reader.pages
        for name in page["/Resources"]["/XObject"]
    }
    assert len(forms) == 3 + 2  # three fronts, two backs (plain and stone)


def test_two_builds_give_the_same_bytes(tmp_path: Path) -> None:
    card_set = load(write_game(tmp_path / "game"))
    first = build_single(card_set, tmp_path / "a", bleed=mm(3))[0][0].read_bytes()
    second = build_single(card_set, tmp_path / "b", bleed=mm(3))[0][0].read_bytes()
    assert first == second


def test_a_failed_build_leaves_the_previous_files_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from exports_game import CARDS

    card_set = load(write_game(tmp_path / "game", CARDS + TOKEN))
    written, _ = build_single(card_set, tmp_path / "out", bleed=mm(3))
    before = {path: path.read_bytes() for path in written}
    failing = fails_on_call(single.render_pdf, 2, RuntimeError("disk on fire"))
    monkeypatch.setattr(single, "render_pdf", failing)
    changed = load(write_game(tmp_path / "game", CARDS.replace("count: 3", "count: 1") + TOKEN))
    with pytest.raises(RuntimeError):
        build_single(changed, tmp_path / "out", bleed=mm(3))
    assert {path: path.read_bytes() for path in written} == before
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == [p.name for p in written]


def test_cli_single_writes_star_realms_one_card_per_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    args = ["build", str(STAR_REALMS), "--single", "--bleed", "0.125in", "-o", str(out)]
    assert main(args) == 0
    assert f"wrote {out / 'cards-poker.pdf'} (one card per page)" in capsys.readouterr().err
    reader = PdfReader(out / "cards-poker.pdf")
    assert len(reader.pages) == 2 * 144  # 136 game cards and 8 scorecards; challenges apart
    assert (out / "cards-oversized.pdf").is_file()
    assert_close(boxes_mm(reader, 271)["trimbox"], [3.175, 3.175, 66.675, 92.075])


def test_a_deck_may_set_the_card_size(tmp_path: Path) -> None:
    from exports_game import GAME

    game = GAME + "decks:\n  coins: {name: Coins, card_size: token}\n"
    cards = "- {name: Gold Ship, type: ship, cost: 1, deck: coins, count: 2}\n"
    card_set = load(write_game(tmp_path / "game", cards, game=game))
    written, _ = build_single(card_set, tmp_path / "out", bleed=mm(2))
    assert [p.name for p in written] == ["cards-token.pdf"]
    assert_close(boxes_mm(PdfReader(written[0]), 0)["trimbox"], [2, 2, 32, 32])
