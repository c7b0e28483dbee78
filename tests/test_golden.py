"""Golden pictures: pages of the Star Realms deck rasterised and compared with a tolerance.

A change that moves, recolours or drops something on a card changes these pictures. When a
change is meant, look at the new pages, then run ``pytest tests/test_golden.py
--update-golden`` and commit the PNGs.
"""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat

from cardkit.app.build import BuildOptions, build_deck
from cardkit.load.cards import load_card_set

REPO = Path(__file__).resolve().parents[1]
GOLDEN = Path(__file__).resolve().parent / "golden"
DPI = 40
# Anti-aliasing may differ a little between rasterisers: a pixel counts as changed when a
# channel moves by more than THRESHOLD (0-255), and at most TOLERANCE of them may change.
THRESHOLD = 64
TOLERANCE = 0.001
MEAN_DIFFERENCE = 2.0  # and the mean difference of each channel (0-255) stays below this
# (page index, what it shows)
PAGES = {18: "bases with outposts, defense shields, inline icons", 19: "their mirrored backs"}


@pytest.fixture(scope="module")
def deck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = REPO / "cards" / "star-realms"
    card_set, _ = load_card_set(root, str(root))
    assert card_set is not None
    out = tmp_path_factory.mktemp("golden")
    written, _ = build_deck(card_set, BuildOptions(output=out))
    return written[0]


def rasterise(pdf: Path, index: int) -> Image.Image:
    document = pdfium.PdfDocument(str(pdf))
    try:
        return document[index].render(scale=DPI / 72).to_pil().convert("RGB")
    finally:
        document.close()


@pytest.mark.parametrize("index", sorted(PAGES))
def test_star_realms_page_matches_its_golden_picture(
    deck: Path, index: int, request: pytest.FixtureRequest
) -> None:
    matches_golden(rasterise(deck, index), f"star-realms-page-{index + 1}.png", request)


def matches_golden(page: Image.Image, name: str, request: pytest.FixtureRequest) -> None:
    """Assert ``page`` is the golden picture ``name`` (within the tolerance: the fraction of
    changed pixels, and the mean difference per channel); with --update-golden, write it."""
    golden = GOLDEN / name
    if request.config.getoption("--update-golden"):
        page.save(golden, optimize=True)
        pytest.skip(f"wrote {golden.name}")
    assert golden.exists(), f"no {golden.name}: run pytest with --update-golden and look at it"
    expected = Image.open(golden).convert("RGB")
    assert page.size == expected.size
    assert changed(page, expected) <= TOLERANCE, name
    mean = ImageStat.Stat(ImageChops.difference(page, expected)).mean
    assert max(mean) < MEAN_DIFFERENCE, name


def changed(page: Image.Image, expected: Image.Image) -> float:
    """The fraction of pixels that differ by more than THRESHOLD in some channel."""
    difference = ImageChops.difference(page, expected).convert("L", (1, 1, 1, 0))
    # (convert with a matrix sums the channels; any channel over THRESHOLD makes a sum over it)
    moved = difference.point(lambda value: 255 if value > THRESHOLD else 0)
    return float(ImageStat.Stat(moved).mean[0]) / 255


def test_a_small_change_is_caught_and_a_faint_one_is_not() -> None:
    page = Image.open(GOLDEN / "star-realms-page-19.png").convert("RGB")
    marked = page.copy()
    marked.paste((255, 0, 0), (40, 40, 60, 60))  # a 20 px square: a changed badge
    faint = page.point(lambda value: min(255, value + 12))  # rendering noise everywhere
    assert changed(marked, page) > TOLERANCE
    assert changed(faint, page) <= TOLERANCE
