"""PNG per card: exact pixel sizes, bleed, same bytes twice, and the cache that skips work."""

from __future__ import annotations

import json
import struct
from collections.abc import Iterator
from pathlib import Path

import pytest
from exports_game import CARDS, TOKEN, fails_on_call, load, write_game
from PIL import Image

from cardkit.cli import main
from cardkit.export import png
from cardkit.export.png import CACHE_FILE, PNG_FOLDER, build_pngs
from cardkit.export.raster import png_bytes, rasterise
from cardkit.export.single import card_pdf
from cardkit.render.style import prepare_style
from cardkit.render.units import mm, parse_length

EIGHTH = parse_length("0.125in")
LOW = 72.0  # where the size does not matter: fast
FRONTS = ["red-fighter.png", "blue-trader.png", "red-keep.png"]
BACKS = ["back-_plain-poker.png", "back-stone-poker.png"]


def chunk_types(data: bytes) -> list[str]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    types, at = [], 8
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        types.append(data[at + 4 : at + 8].decode("ascii"))
        at += 12 + length
    return types


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the pages rasterised."""
    calls: list[int] = []
    real = png.rasterise_pages

    def counting(*args: object, **kwargs: object) -> Iterator[Image.Image]:
        for image in real(*args, **kwargs):  # type: ignore[arg-type]
            calls.append(1)
            yield image

    monkeypatch.setattr(png, "rasterise_pages", counting)
    return calls


def test_poker_with_an_eighth_inch_bleed_is_825_by_1125_pixels(tmp_path: Path) -> None:
    card_set = load(write_game(tmp_path / "game", CARDS + TOKEN))
    report = build_pngs(card_set, tmp_path / "out", bleed=EIGHTH)
    folder = tmp_path / "out" / PNG_FOLDER
    names = sorted(p.name for p in report.written)
    assert names == sorted([*FRONTS, "coin.png", *BACKS, "back-_plain-token.png"])
    for name in [*FRONTS, *BACKS]:
        with Image.open(folder / name) as image:
            assert image.size == (825, 1125), name
            assert image.mode == "RGB"
            assert round(image.info["dpi"][0]) == 300
    # 30 mm + 2 x 3.175 mm = 36.35 mm = 429.3 px at 300 dpi.
    with Image.open(folder / "coin.png") as image:
        assert image.size == (429, 429)


def test_other_resolutions_round_to_whole_pixels(tmp_path: Path) -> None:
    card_set = load(write_game(tmp_path / "game"))
    build_pngs(card_set, tmp_path / "out", bleed=mm(3), dpi=150)
    with Image.open(tmp_path / "out" / PNG_FOLDER / "red-keep.png") as image:
        # 69.5 x 94.9 mm at 150 dpi: 410.4 x 560.4 px.
        assert image.size == (410, 560)


def test_the_bleed_carries_the_frame_colour_to_the_edge(tmp_path: Path) -> None:
    card_set = load(write_game(tmp_path / "game"))
    build_pngs(card_set, tmp_path / "out", bleed=EIGHTH)
    folder = tmp_path / "out" / PNG_FOLDER
    with Image.open(folder / "red-fighter.png") as image:
        for corner in ((0, 0), (824, 0), (0, 1124), (824, 1124), (412, 2)):
            assert image.getpixel(corner) == (0xC0, 0x39, 0x2B), corner
    with Image.open(folder / "back-stone-poker.png") as image:
        assert image.getpixel((0, 0)) == (0x55, 0x55, 0x55)


def test_one_png_per_card_however_many_copies(tmp_path: Path, counted: list[int]) -> None:
    card_set = load(write_game(tmp_path / "game"))
    assert card_set.total_copies == 6
    build_pngs(card_set, tmp_path / "out", bleed=mm(3), dpi=LOW)
    assert len(counted) == 3 + 2
    on_disk = sorted(p.name for p in (tmp_path / "out" / PNG_FOLDER).iterdir())
    assert on_disk == sorted([CACHE_FILE, *FRONTS, *BACKS])


def test_two_builds_give_the_same_bytes_and_no_time_or_text_chunks(tmp_path: Path) -> None:
    card_set = load(write_game(tmp_path / "game"))
    build_pngs(card_set, tmp_path / "a", bleed=mm(3), dpi=LOW)
    build_pngs(card_set, tmp_path / "b", bleed=mm(3), dpi=LOW)
    for name in [*FRONTS, *BACKS, CACHE_FILE]:
        first = (tmp_path / "a" / PNG_FOLDER / name).read_bytes()
        assert first == (tmp_path / "b" / PNG_FOLDER / name).read_bytes(), name
        if name.endswith(".png"):
            assert sorted(set(chunk_types(first))) == ["IDAT", "IEND", "IHDR", "pHYs"]


def test_a_second_build_skips_every_unchanged_card(tmp_path: Path, counted: list[int]) -> None:
    card_set = load(write_game(tmp_path / "game"))
    first = build_pngs(card_set, tmp_path / "out", bleed=mm(3), dpi=LOW)
    assert len(first.written) == 5 and len(counted) == 5
    stamps = {p: p.stat().st_mtime_ns for p in first.written}
    second = build_pngs(card_set, tmp_path / "out", bleed=mm(3), dpi=LOW)
    assert second.written == [] and len(counted) == 5
    assert sorted(second.unchanged) == sorted(first.written)
    assert {p: p.stat().st_mtime_ns for p in first.written} == stamps


def test_a_changed_card_is_redrawn_and_only_it(tmp_path: Path, counted: list[int]) -> None:
    build_pngs(load(write_game(tmp_path / "game")), tmp_path / "out", bleed=mm(3), dpi=LOW)
    changed = CARDS.replace("Gain 2 Trade.", "Gain 3 Trade.")
    report = build_pngs(
        load(write_game(tmp_path / "game", changed)), tmp_path / "out", bleed=mm(3), dpi=LOW
    )
    assert [p.name for p in report.written] == ["blue-trader.png"]
    assert len(counted) == 5 + 1


def test_changed_options_redraw_everything(tmp_path: Path) -> None:
    card_set = load(write_game(tmp_path / "game"))
    build_pngs(card_set, tmp_path / "out", bleed=mm(3))
    assert len(build_pngs(card_set, tmp_path / "out", bleed=mm(2)).written) == 5
    assert len(build_pngs(card_set, tmp_path / "out", bleed=mm(2), dpi=200).written) == 5


def test_a_file_edited_or_removed_since_is_redrawn(tmp_path: Path) -> None:
    card_set = load(write_game(tmp_path / "game"))
    build_pngs(card_set, tmp_path / "out", bleed=mm(3), dpi=LOW)
    folder = tmp_path / "out" / PNG_FOLDER
    good = (folder / "red-keep.png").read_bytes()
    (folder / "red-keep.png").write_bytes(b"scribbled over")
    (folder / "blue-trader.png").unlink()
    report = build_pngs(card_set, tmp_path / "out", bleed=mm(3), dpi=LOW)
    assert sorted(p.name for p in report.written) == ["blue-trader.png", "red-keep.png"]
    assert (folder / "red-keep.png").read_bytes() == good


@pytest.mark.parametrize("cache", ["", "{not json", "[1, 2]", '{"format": 99, "files": {}}'])
def test_a_broken_cache_means_redrawing_not_a_crash(tmp_path: Path, cache: str) -> None:
    card_set = load(write_game(tmp_path / "game"))
    build_pngs(card_set, tmp_path / "out", bleed=mm(3), dpi=LOW)
    (tmp_path / "out" / PNG_FOLDER / CACHE_FILE).write_text(cache, encoding="utf-8")
    assert len(build_pngs(card_set, tmp_path / "out", bleed=mm(3), dpi=LOW).written) == 5
    data = json.loads((tmp_path / "out" / PNG_FOLDER / CACHE_FILE).read_text(encoding="utf-8"))
    assert sorted(data["files"]) == sorted([*FRONTS, *BACKS])


def test_an_interrupted_export_keeps_whole_files_and_a_true_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    card_set = load(write_game(tmp_path / "game"))
    real = png.png_bytes  # the third image fails
    monkeypatch.setattr(png, "png_bytes", fails_on_call(real, 3, RuntimeError("power cut")))
    with pytest.raises(RuntimeError):
        build_pngs(card_set, tmp_path / "out", bleed=mm(3), dpi=LOW)
    folder = tmp_path / "out" / PNG_FOLDER
    assert sorted(p.name for p in folder.iterdir()) == sorted([CACHE_FILE, *FRONTS[:2]])
    monkeypatch.setattr(png, "png_bytes", real)
    report = build_pngs(card_set, tmp_path / "out", bleed=mm(3), dpi=LOW)
    assert sorted(p.name for p in report.written) == sorted([FRONTS[2], *BACKS])


def test_cli_png_reports_drawn_and_unchanged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game, out = write_game(tmp_path / "game"), tmp_path / "out"
    args = ["build", str(game), "--png", "--bleed", "0.125in", "-o", str(out)]
    assert main(args) == 0
    assert f"wrote {out / 'png'} (5 images drawn, 0 unchanged)" in capsys.readouterr().err
    assert main([*args, "--only", "red-keep"]) == 0
    assert f"wrote {out / 'png'} (0 images drawn, 2 unchanged)" in capsys.readouterr().err
    write_game(game, CARDS.split("\n", 1)[1])  # Red Fighter is gone
    assert main(args) == 0
    err = capsys.readouterr().err
    assert f"wrote {out / 'png'} (0 images drawn, 4 unchanged, 1 removed (cards no" in err


def test_a_change_to_the_game_redraws_what_it_shows(tmp_path: Path, counted: list[int]) -> None:
    game = write_game(tmp_path / "game")
    build_pngs(load(game), tmp_path / "out", bleed=mm(3), dpi=LOW)
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text.replace("#c0392b", "#aa0000"), encoding="utf-8")
    report = build_pngs(load(game), tmp_path / "out", bleed=mm(3), dpi=LOW)
    assert len(report.written) == 5  # the game's declarations may change any card
    (game / "art").mkdir()
    (game / "art" / "keep.png").write_bytes(b"\x89PNG not really")
    assert len(build_pngs(load(game), tmp_path / "out", bleed=mm(3), dpi=LOW).written) == 5


def test_an_edited_layout_file_redraws_the_cards(tmp_path: Path, counted: list[int]) -> None:
    # a layout is a .yaml file of the game folder, but no card file: it draws every card
    game = write_game(tmp_path / "game")
    build_pngs(load(game), tmp_path / "out", bleed=mm(3), dpi=LOW)
    (game / "layouts").mkdir(exist_ok=True)
    (game / "layouts" / "card.yaml").write_text(
        "extends: card\nparts:\n  name: {left: 4mm, right: 4mm, top: 3mm, height: 8mm, size: 9}\n",
        encoding="utf-8",
    )
    report = build_pngs(load(game), tmp_path / "out", bleed=mm(3), dpi=LOW)
    assert len(report.written) == 5 and not report.unchanged


def test_the_drawing_code_is_in_the_cache_key() -> None:
    from cardkit.export import fingerprint

    # the faces are drawn by cardkit/render: a new cardkit that draws them otherwise redraws
    drawn = {path.name for path in fingerprint._DRAWING_CODE}
    assert {"render", "export", "rules", "effects"} <= drawn


def test_an_output_folder_inside_the_game_folder_does_not_spoil_the_cache(
    tmp_path: Path,
) -> None:
    game = write_game(tmp_path / "game")
    out = game / "output"
    assert len(build_pngs(load(game), out, bleed=mm(3), dpi=LOW).written) == 5
    assert build_pngs(load(game), out, bleed=mm(3), dpi=LOW).written == []


def test_a_full_build_removes_the_images_of_cards_that_are_gone(tmp_path: Path) -> None:
    folder = tmp_path / "out" / PNG_FOLDER
    build_pngs(load(write_game(tmp_path / "game")), tmp_path / "out", bleed=mm(3), dpi=LOW)
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    cache = json.loads((folder / CACHE_FILE).read_text(encoding="utf-8"))
    cache["files"]["../escape.png"] = {"key": "k", "sha256": "s"}  # a tampered cache
    (folder / CACHE_FILE).write_text(json.dumps(cache), encoding="utf-8")
    (tmp_path / "escape.png").write_bytes(b"not yours to delete")
    fewer = load(write_game(tmp_path / "game", CARDS.split("\n", 1)[1]))  # no Red Fighter
    kept = build_pngs(fewer, tmp_path / "out", bleed=mm(3), dpi=LOW)
    assert kept.removed == []  # without prune (a build with --only) nothing goes
    report = build_pngs(fewer, tmp_path / "out", bleed=mm(3), dpi=LOW, prune=True)
    assert report.removed == [folder / "red-fighter.png"]
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [CACHE_FILE, "notes.txt", "blue-trader.png", "red-keep.png", *BACKS]
    )
    assert (tmp_path / "escape.png").exists()
    files = json.loads((folder / CACHE_FILE).read_text(encoding="utf-8"))["files"]
    assert sorted(files) == sorted(["blue-trader.png", "red-keep.png", *BACKS])


def test_new_art_redraws_only_its_card(tmp_path: Path) -> None:
    cards = CARDS.replace("count: 2}", "count: 2, art: art/keep.png}")
    game = write_game(tmp_path / "game", cards)
    (game / "art").mkdir()
    (game / "art" / "keep.png").write_bytes(b"first")
    (game / "art" / "unused.png").write_bytes(b"first")
    build_pngs(load(game), tmp_path / "out", bleed=mm(3), dpi=LOW)
    (game / "art" / "keep.png").write_bytes(b"second")
    report = build_pngs(load(game), tmp_path / "out", bleed=mm(3), dpi=LOW)
    assert [p.name for p in report.written] == ["red-keep.png"]
    (game / "art" / "unused.png").write_bytes(b"second")  # may be an icon: everything
    assert len(build_pngs(load(game), tmp_path / "out", bleed=mm(3), dpi=LOW).written) == 5


def test_two_processes_write_the_same_files_and_warnings_as_one(tmp_path: Path) -> None:
    card_set = load(write_game(tmp_path / "game", CARDS + TOKEN))
    one = build_pngs(card_set, tmp_path / "one", bleed=EIGHTH, dpi=LOW, jobs=1)
    two = build_pngs(card_set, tmp_path / "two", bleed=EIGHTH, dpi=LOW, jobs=2)
    assert [p.name for p in two.written] == [p.name for p in one.written]
    assert two.diagnostics == one.diagnostics
    for path in one.written:
        assert (tmp_path / "two" / PNG_FOLDER / path.name).read_bytes() == path.read_bytes()
    cache = (tmp_path / "two" / PNG_FOLDER / CACHE_FILE).read_text("utf-8")
    assert cache == (tmp_path / "one" / PNG_FOLDER / CACHE_FILE).read_text("utf-8")


def test_a_side_pdfium_makes_a_pixel_long_is_cut_not_resampled() -> None:
    """A poker card with a 3 mm bleed is 821 x 1121 pixels at 300 dpi and pdfium draws a
    row more: that row is cut off, so a hard edge stays hard (no grey from resampling)."""
    import io

    from reportlab.pdfgen import canvas

    from cardkit.export.raster import rasterise

    buffer = io.BytesIO()
    width, height = mm(69.5), mm(94.9)
    page = canvas.Canvas(buffer, pagesize=(width, height), invariant=1)
    page.setFillColorRGB(0, 0, 0)
    page.rect(0, 0, width, 96, stroke=0, fill=1)  # the bottom 400 pixels black
    page.save()
    image = rasterise(buffer.getvalue(), dpi=300)
    assert image.size == (821, 1121)
    column = [image.getpixel((400, y)) for y in range(image.height)]
    assert set(column) == {(0, 0, 0), (255, 255, 255)}


def test_images_drawn_together_are_those_of_each_cards_own_pdf(tmp_path: Path) -> None:
    """Pages of several cards (two sizes, fronts and backs) drawn into one PDF give each image
    the bytes of the card's own one-card PDF rasterised: batching changes no pixel."""
    card_set = load(write_game(tmp_path / "game", CARDS + TOKEN))
    style, _ = prepare_style(card_set.game, card_set.cards)
    jobs = png.images(card_set, card_set.cards)
    assert len({png.card_size(card_set, job.card) for job in jobs}) == 2
    together = [data for data, _ in png._draw(card_set, style, jobs, EIGHTH, LOW)]
    alone = []
    for job in jobs:
        pdf, _ = card_pdf(card_set, job.card, EIGHTH, face=job.face, style=style)
        alone.append(png_bytes(rasterise(pdf, dpi=LOW), LOW))
    assert len(together) == len(jobs) == 7
    assert together == alone
    assert len(set(together)) == len(together)  # seven different pictures, not one repeated
