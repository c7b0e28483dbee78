"""Tabletop Simulator export: sheets within TTS's limits, the saved object checked by a schema,
each card's face in its own slot, and the same bytes twice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import jsonschema
import pytest
from exports_game import CARDS, TOKEN, fails_on_call, load, write_game
from PIL import Image, ImageChops

from cardkit.cli import main
from cardkit.export.raster import rasterise
from cardkit.export.single import CardSize, card_pdf
from cardkit.export.tts import PER_SHEET, TTS_FOLDER, build_tts, grid_for, plan_tts
from cardkit.model import CardSet
from cardkit.render.impose import Face
from cardkit.render.units import mm

REPO = Path(__file__).resolve().parents[1]
STAR_REALMS = REPO / "cards" / "star-realms"
SCHEMA = json.loads(
    (REPO / "tests" / "fixtures" / "exports" / "tts-saved-object.schema.json").read_text("utf-8")
)
POKER = CardSize("poker", mm(63.5), mm(88.9))


def many_cards(count: int, *, copies: int = 1, kind: str = "ship") -> str:
    cost = ", cost: 1" if kind == "ship" else ""
    return "".join(
        f"- {{name: Card {n:03d}, type: {kind}{cost}, count: {copies}}}\n" for n in range(count)
    )


def saved(folder: Path, game_id: str = "tiny") -> dict[str, Any]:
    document: dict[str, Any] = json.loads(
        (folder / TTS_FOLDER / f"{game_id}.json").read_text("utf-8")
    )
    jsonschema.validate(document, SCHEMA, cls=jsonschema.Draft202012Validator)
    return document


def local(url: str) -> Path:
    parts = urlsplit(url)
    assert parts.scheme == "file"
    return Path(unquote(parts.path))


def cards_of(state: dict[str, Any]) -> list[dict[str, Any]]:
    return state["ContainedObjects"] if state["Name"] == "DeckCustom" else [state]


# Pure planning --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "columns", "rows"),
    [(1, 2, 2), (2, 3, 2), (9, 10, 2), (10, 10, 2), (19, 10, 2), (20, 10, 3), (69, 10, 7)],
)
def test_a_sheet_is_the_smallest_grid_for_its_cards_and_the_hidden_card(
    cards: int, columns: int, rows: int
) -> None:
    grid = grid_for(cards, POKER)
    assert (grid.columns, grid.rows) == (columns, rows)
    assert grid.hidden_slot == columns * rows - 1 >= cards
    assert max(grid.size) <= 4096


def test_a_full_poker_sheet_uses_as_many_pixels_as_tts_allows() -> None:
    grid = grid_for(69, POKER)
    # 163.84 dpi: 10 cards of 2.5 in across make 4096 pixels.
    assert (grid.cell_width, grid.cell_height) == (409, 573)
    assert grid.size == (4090, 4011)
    # Cells keep the card's proportions.
    assert abs(grid.cell_width / grid.cell_height - 63.5 / 88.9) < 0.002


def test_more_than_69_cards_is_not_one_sheet() -> None:
    with pytest.raises(ValueError, match="1 to 69 cards"):
        grid_for(70, POKER)


def test_a_big_deck_is_split_into_sheets_of_69(tmp_path: Path) -> None:
    card_set = load(write_game(tmp_path / "game", many_cards(150)))
    (deck,) = plan_tts(card_set, card_set.cards)
    assert [len(s.cards) for s in deck.sheets] == [69, 69, 12]
    assert [s.number for s in deck.sheets] == [1, 2, 3]
    assert [s.face for s in deck.sheets] == ["cards-1.png", "cards-2.png", "cards-3.png"]
    last = deck.sheets[2]
    assert last.card_id(last.cards[11]) == 311
    assert PER_SHEET == 69


# Building -------------------------------------------------------------------------------


def test_star_realms_loads_as_one_deck_per_declared_deck_that_pass_the_schema(
    tmp_path: Path,
) -> None:
    card_set = load(STAR_REALMS)
    build_tts(card_set, tmp_path)
    document = saved(tmp_path, "star-realms")
    states = document["ObjectStates"]
    assert [s["Nickname"] for s in states] == [
        "Explorer Pile",
        "Challenge Cards",
        "Scorecards",
        "Personal Deck",
        "Trade Deck",
    ]
    total = sum(len(cards_of(s)) for s in states)
    assert total == card_set.total_copies == 152
    for state in states:
        assert state["DeckIDs"] == [c["CardID"] for c in state["ContainedObjects"]]
        for number, custom in state["CustomDeck"].items():
            face = local(custom["FaceURL"])
            with Image.open(face) as image:
                assert image.width <= 4096 and image.height <= 4096
                assert image.width % custom["NumWidth"] == 0
                assert image.height % custom["NumHeight"] == 0
            assert local(custom["BackURL"]).is_file()
            slots = custom["NumWidth"] * custom["NumHeight"]
            ids = {c["CardID"] for c in state["ContainedObjects"]}
            assert all(i // 100 != int(number) or i % 100 < slots - 1 for i in ids)


def test_each_copy_is_a_card_named_after_it(tmp_path: Path) -> None:
    card_set = load(write_game(tmp_path / "game"))
    build_tts(card_set, tmp_path / "out")
    states = saved(tmp_path / "out")["ObjectStates"]
    (deck,) = states
    names = [c["Nickname"] for c in deck["ContainedObjects"]]
    assert names == ["Red Fighter"] * 3 + ["Blue Trader"] + ["Red Keep"] * 2
    assert [c["GMNotes"] for c in deck["ContainedObjects"]][3] == "blue-trader"
    assert deck["ContainedObjects"][3]["Description"] == "Gain 2 Trade."
    # Two backs (plain and stone): two sheets, each with one back for all its cards.
    customs = deck["CustomDeck"]
    assert sorted(customs) == ["1", "2"]
    assert [local(c["BackURL"]).name for c in customs.values()] == [
        "back-_plain-poker.png",
        "back-stone-poker.png",
    ]
    assert deck["DeckIDs"] == [100, 100, 100, 101, 200, 200]


def slot_image(sheet: Image.Image, columns: int, rows: int, slot: int) -> Image.Image:
    width, height = sheet.width // columns, sheet.height // rows
    x, y = slot % columns * width, slot // columns * height
    return sheet.crop((x, y, x + width, y + height))


def test_each_card_face_is_in_its_slot_and_the_back_in_the_hidden_slot(tmp_path: Path) -> None:
    card_set = load(write_game(tmp_path / "game"))
    build_tts(card_set, tmp_path / "out")
    (deck,) = saved(tmp_path / "out")["ObjectStates"]
    custom = deck["CustomDeck"]["1"]
    columns, rows = custom["NumWidth"], custom["NumHeight"]
    by_name = {c.name: c for c in card_set.cards}
    with Image.open(local(custom["FaceURL"])) as sheet:
        cell = (sheet.width // columns, sheet.height // rows)
        for obj in deck["ContainedObjects"][:4]:
            pdf, _ = card_pdf(card_set, by_name[obj["Nickname"]], 0.0)
            expected = rasterise(pdf, size=cell)
            got = slot_image(sheet, columns, rows, obj["CardID"] % 100)
            assert ImageChops.difference(got.convert("RGB"), expected).getbbox() is None
        back_pdf, _ = card_pdf(card_set, by_name["Red Fighter"], 0.0, face=Face.BACK)
        hidden = slot_image(sheet, columns, rows, columns * rows - 1)
        assert (
            ImageChops.difference(hidden.convert("RGB"), rasterise(back_pdf, size=cell)).getbbox()
            is None
        )
        with Image.open(local(custom["BackURL"])) as back:
            assert back.size == cell


def test_70_cards_need_two_sheets_and_every_id_has_its_face(tmp_path: Path) -> None:
    card_set = load(write_game(tmp_path / "game", many_cards(70, copies=2, kind="token")))
    build_tts(card_set, tmp_path / "out")
    (deck,) = saved(tmp_path / "out")["ObjectStates"]
    assert len(deck["DeckIDs"]) == 140
    grids = {n: (c["NumWidth"], c["NumHeight"]) for n, c in deck["CustomDeck"].items()}
    assert grids == {"1": (10, 7), "2": (2, 2)}
    assert deck["DeckIDs"][-2:] == [200, 200]
    assert deck["ContainedObjects"][-1]["Nickname"] == "Card 069"
    # Square 30 mm tokens: square cells, TTS scale from the poker card it assumes.
    assert deck["Transform"]["scaleX"] == round(30 / 63.5, 4)
    assert deck["Transform"]["scaleZ"] == round(30 / 88.9, 4)


def test_a_single_copy_is_a_card_not_a_deck_and_sizes_get_decks_of_their_own(
    tmp_path: Path,
) -> None:
    cards = "- {name: Lone Wolf, type: ship, cost: 1}\n" + TOKEN
    card_set = load(write_game(tmp_path / "game", cards))
    build_tts(card_set, tmp_path / "out")
    states = saved(tmp_path / "out")["ObjectStates"]
    assert [(s["Name"], s["Nickname"]) for s in states] == [
        ("Card", "Lone Wolf"),
        ("DeckCustom", "Tiny Game (token)"),
    ]


def test_two_builds_give_the_same_bytes(tmp_path: Path) -> None:
    card_set = load(write_game(tmp_path / "game", CARDS + TOKEN))
    url = "https://x.example/t/"
    first = build_tts(card_set, tmp_path / "one", base_url=url)[0]
    second = build_tts(card_set, tmp_path / "two", base_url=url)[0]
    assert [p.name for p in first] == [p.name for p in second]
    assert [p.read_bytes() for p in first] == [p.read_bytes() for p in second]


def test_a_base_url_replaces_the_file_paths(tmp_path: Path) -> None:
    card_set = load(write_game(tmp_path / "game"))
    build_tts(card_set, tmp_path / "out", base_url="https://cdn.example.com/tiny/tts")
    (deck,) = saved(tmp_path / "out")["ObjectStates"]
    custom = deck["CustomDeck"]["2"]
    assert custom["FaceURL"] == "https://cdn.example.com/tiny/tts/cards-2.png"
    assert custom["BackURL"] == "https://cdn.example.com/tiny/tts/back-stone-poker.png"


def test_a_failed_export_leaves_the_previous_one_intact(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardkit.export import tts

    card_set: CardSet = load(write_game(tmp_path / "game"))
    written, _ = build_tts(card_set, tmp_path / "out")
    before = {p: p.read_bytes() for p in written}
    monkeypatch.setattr(tts, "rasterise", fails_on_call(tts.rasterise, 4, RuntimeError("oom")))
    changed = load(write_game(tmp_path / "game", CARDS.replace("Gain 2 Trade.", "Gain 9 Trade.")))
    with pytest.raises(RuntimeError):
        build_tts(changed, tmp_path / "out")
    assert {p: p.read_bytes() for p in written} == before


def test_cli_tts_with_a_base_url(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game, out = write_game(tmp_path / "game"), tmp_path / "out"
    url = "https://example.com/tiny/"
    assert main(["build", str(game), "--tts", "--tts-url", url, "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert f"wrote {out / 'tts' / 'tiny.json'} (Tabletop Simulator, 2 deck sheets)" in err
    (deck,) = saved(out)["ObjectStates"]
    assert deck["CustomDeck"]["1"]["FaceURL"] == "https://example.com/tiny/cards-1.png"
