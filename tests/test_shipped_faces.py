"""A shipped game with a face of its own: Hearthfield is set in EB Garamond (its fonts/ folder,
embedded) over a frame picture per card type (frames/, drawn by scripts/card_frames.py),
which the layouts of its victory and curse cards inherit from its card layout."""

from __future__ import annotations

import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from cardkit.app.build import BuildOptions, build_deck
from cardkit.export.raster import rasterise
from cardkit.export.single import card_pdf
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet
from cardkit.render.style import prepare_style

GAME = Path(__file__).resolve().parents[1] / "cards" / "hearthfield"
DPI = 100.0
BLEED = 3 * 72 / 25.4


@pytest.fixture(scope="module")
def hearthfield() -> CardSet:
    card_set, found = load_card_set(GAME, "cards/hearthfield")
    assert card_set is not None and found == []
    return card_set


def test_hearthfield_is_printed_in_its_own_font(hearthfield: CardSet, tmp_path: Path) -> None:
    chosen = [c for c in hearthfield.cards if c.name in ("Forge", "Manor")]
    card_set = replace(hearthfield, cards=tuple(chosen))
    written, found = build_deck(card_set, BuildOptions(output=tmp_path))
    assert [str(d) for d in found] == []
    fonts = subprocess.run(["pdffonts", str(written[0])], capture_output=True, text=True)
    garamond = [row.split() for row in fonts.stdout.splitlines() if "EBGaramond12" in row]
    assert {row[0].split("+")[1] for row in garamond} >= {"EBGaramond12-Regular"}
    assert all(row[-5] == "yes" for row in garamond)  # embedded


@pytest.mark.parametrize(("name", "kind"), [("Forge", "action"), ("Manor", "victory")])
def test_each_card_type_is_drawn_over_its_frame(hearthfield: CardSet, name: str, kind: str) -> None:
    card = next(c for c in hearthfield.cards if c.name == name)
    style, _ = prepare_style(hearthfield.game, hearthfield.cards)
    pdf, _ = card_pdf(hearthfield, card, BLEED, style=style)
    image = rasterise(pdf, dpi=DPI)
    frame = Image.open(GAME / "frames" / f"{kind}.png").convert("RGB")
    # the frame covers the card and its bleed: compare a point on the border band, and one
    # on the shaded ground beside the name bar's end
    for fx, fy in ((0.02, 0.5), (0.5, 0.02), (0.06, 0.5)):
        pixel = image.getpixel((fx * image.width, fy * image.height))
        expected = frame.getpixel((fx * frame.width, fy * frame.height))
        assert isinstance(pixel, tuple) and isinstance(expected, tuple)
        assert all(abs(a - b) <= 40 for a, b in zip(pixel, expected, strict=True)), (fx, fy)
