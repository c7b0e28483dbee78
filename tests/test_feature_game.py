"""The feature test game (tests/fixtures/feature-game/, "Lantern Court") uses every card-face
feature; these tests build it and read what was printed back: the PDF's fonts and text, the
pixels of the per-card PNGs, the Tabletop Simulator file, and golden pictures of its two
pages (compared with a tolerance; after a meant change look at the pages, then run
``pytest tests/test_feature_game.py --update-golden`` and commit the PNGs).

Features: its own font (DejaVu Serif, embedded), a frame picture per faction and a crest per
rarity (picture parts chosen by '{field}'), a picture part in place of the art, a landscape
site printed rotated right, rounded corners, a back per faction, a back chosen per card, a
double-faced relic printed duplex-aligned.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader
from test_golden import matches_golden, rasterise
from test_markup import fonts_of  # the PDF's pieces of text with the font each is drawn in

from cardkit.app.build import BuildOptions, build, build_deck
from cardkit.diagnostics import Diagnostic
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet
from cardkit.render.style import prepare_style

GAME = Path(__file__).resolve().parent / "fixtures" / "feature-game"
DPI = 100.0
BLEED_MM = 3.0
CARD_MM = (63.5, 88.9)
PAGES = {0: "fronts: frames, crests, picture part, landscape site", 1: "their backs, mirrored"}


@dataclass(frozen=True)
class Built:
    folder: Path
    pdf: Path


def _load(root: Path) -> CardSet:
    card_set, found = load_card_set(root, "game")
    assert card_set is not None and found == [], found
    return card_set


def _style_problems(root: Path) -> list[Diagnostic]:
    card_set = _load(root)
    return prepare_style(card_set.game, card_set.cards)[1]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    out = tmp_path_factory.mktemp("feature")
    options = BuildOptions(output=out, png=True, dpi=DPI, tts=True, single=True)
    result = build(_load(GAME), options)
    assert result.deck is not None, result.diagnostics
    assert [str(d) for d in (*result.diagnostics, *result.export_diagnostics)] == []
    return Built(out, result.deck)


def _png(built: Built, name: str) -> Image.Image:
    return Image.open(built.folder / "png" / f"{name}.png")


def _at(image: Image.Image, x_mm: float, y_mm: float) -> tuple[int, ...]:
    """The pixel ``x_mm`` right of and ``y_mm`` below the top-left corner of the trim."""
    scale = DPI / 25.4
    pixel = image.getpixel(((x_mm + BLEED_MM) * scale, (y_mm + BLEED_MM) * scale))
    assert isinstance(pixel, tuple)
    return pixel


def _near(pixel: tuple[int, ...], colour: tuple[int, ...], slack: int = 40) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(pixel[:3], colour[:3], strict=True))


def _hex(text: str) -> tuple[int, int, int]:
    return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16))


def test_the_feature_game_validates_with_no_problem() -> None:
    assert _style_problems(GAME) == []


def test_its_own_font_is_embedded_and_no_font_is_not(built: Built) -> None:
    fonts = subprocess.run(["pdffonts", str(built.pdf)], capture_output=True, text=True)
    rows = [line.split() for line in fonts.stdout.splitlines()[2:]]
    names = {row[0].split("+")[-1] for row in rows}
    assert {"DejaVuSerif", "DejaVuSerif-Bold", "DejaVuSerif-Italic"} <= names
    assert all(row[-5] == "yes" for row in rows), fonts.stdout  # every font embedded


def test_each_faction_gets_its_own_frame_picture(built: Built) -> None:
    for card, faction in (("lamplighter", "moth"), ("cinder-page", "ember")):
        frame = Image.open(GAME / "pictures" / "frames" / f"{faction}.png").convert("RGB")
        png = _png(built, card)
        for x_mm, y_mm in ((0.6, 44.0), (62.9, 44.0), (31.0, 88.3)):  # the frame's border
            expected = frame.getpixel(
                (x_mm / CARD_MM[0] * frame.width, y_mm / CARD_MM[1] * frame.height)
            )
            assert isinstance(expected, tuple)
            assert _near(_at(png, x_mm, y_mm), expected), (card, x_mm, y_mm)
    moth, ember = _png(built, "lamplighter"), _png(built, "cinder-page")
    assert not _near(_at(moth, 0.6, 44.0), _at(ember, 0.6, 44.0))


def test_a_crest_per_rarity_is_drawn_over_the_type_line(built: Built) -> None:
    centre = (63.5 - 4 - 3, 88.9 - 30.45 - 3)  # the crest box's middle
    assert _near(_at(_png(built, "dusk-herald"), *centre), _hex("#d4a017"))  # rare: a star
    assert _near(_at(_png(built, "lamplighter"), *centre), _hex("#9c8a5a"))  # common: a dot


def test_a_picture_part_takes_the_place_of_the_art(built: Built) -> None:
    # the lantern's glass, in the middle of the picture box (left/right 3mm, top 12mm,
    # bottom 37.7mm), where the art would have its placeholder pattern
    glass = _at(_png(built, "gilt-mirror"), 31.75, 12 + (88.9 - 12 - 37.7) / 2)
    assert _near(glass, _hex("#f7d774"))


def test_a_landscape_site_is_printed_rotated_right(built: Built) -> None:
    # The upkeep shield sits at the top right of the site as read (landscape): turned a
    # quarter right onto the portrait card, that is the bottom right.
    site = _png(built, "moonlit-orchard")
    assert site.size == _png(built, "lamplighter").size  # printed in a portrait slot
    shield = _at(site, 63.5 - 2.5 - 4.5, 88.9 - 3 - 7.5)  # beside its number
    assert _near(shield, _hex("#e0b020"))
    assert not _near(_at(site, 3 + 4.5, 2.5 + 4.5), _hex("#e0b020"))  # not at the top left


def test_rounded_corners_are_transparent_in_pngs_and_cut_lines_on_sheets(built: Built) -> None:
    png = _png(built, "lamplighter").convert("RGBA")
    assert png.getpixel((0, 0))[3] == 0  # outside the rounded corner
    assert png.getpixel((png.width // 2, png.height // 2))[3] == 255
    assert png.getpixel((png.width // 2, 0))[3] == 255  # the bleed along an edge is kept
    pages = PdfReader(str(built.pdf)).pages
    fronts = pages[0].get_contents()
    backs = pages[1].get_contents()
    assert fronts is not None and backs is not None
    grey = b".55 .55 .55 RG"
    assert grey in fronts.get_data()  # the rounded cut line, on the fronts only
    assert grey not in backs.get_data()


def _words(pdf: Path, page: int) -> dict[str, list[float]]:
    """Each word of a page and the middle x of each place it is printed (pdftotext -bbox)."""
    html = subprocess.run(
        ["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(pdf), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    found: dict[str, list[float]] = {}
    for x_min, x_max, word in re.findall(
        r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>', html
    ):
        found.setdefault(word, []).append((float(x_min) + float(x_max)) / 2)
    return found


def test_backs_are_chosen_per_faction_and_per_card_and_land_behind_their_fronts(
    built: Built,
) -> None:
    reader = PdfReader(str(built.pdf))
    paper = float(reader.pages[0].mediabox.width)
    fronts, backs = _words(built.pdf, 1), _words(built.pdf, 2)
    assert len(backs["Moth"]) == 2 and len(backs["Ember"]) == 2  # a back per faction
    assert "Opened" not in fronts  # the other face of a double-faced card is no front
    assert "Lantern" in fronts and "Opened" in backs
    # the back of each card lands behind it (long-edge flip: the columns mirrored)
    card = mm(CARD_MM[0])
    left = (paper - 3 * card) / 2  # three cards across A4, edge to edge

    def column(x: float) -> int:
        return int((x - left) // card)

    pairs = (("Mirror", "Gilded"), ("Sealed", "Opened"), ("Orchard", "Lantern"))
    for front, back in pairs:
        (x,) = fronts[front]
        assert 2 - column(x) in {column(b) for b in backs[back]}, (front, back)
    assert {column(x) for x in fronts["Sealed"]} == {1}  # the middle: not trivially mirrored
    assert {column(x) for x in fronts["Mirror"]} == {2}


def mm(value: float) -> float:
    return value * 72 / 25.4


def test_the_double_faced_card_has_its_other_face_as_its_png_back(built: Built) -> None:
    names = {p.name for p in (built.folder / "png").glob("*.png")}
    assert "back-face-opened-lantern-poker.png" in names
    assert "opened-lantern.png" not in names
    assert {"back-moth-poker.png", "back-ember-poker.png", "back-gilded-poker.png"} <= names


def test_print_service_pages_put_the_other_face_after_its_front(built: Built) -> None:
    pages = [page.extract_text() for page in PdfReader(built.folder / "cards-poker.pdf").pages]
    assert len(pages) == 2 * 7  # a front and a back page for each printed card
    fronts = [text for text in pages[0::2]]
    sealed = next(i for i, text in enumerate(fronts) if "Sealed Lantern" in text)
    assert "Opened Lantern" in pages[2 * sealed + 1]
    assert not any("Opened Lantern" in text for text in fronts)


def test_only_a_double_faced_card_keeps_its_other_face(tmp_path: Path) -> None:
    options = BuildOptions(output=tmp_path, only=("Sealed Lantern",))
    result = build(_load(GAME), options)
    assert result.deck is not None and [str(d) for d in result.diagnostics] == []
    fronts, backs = (page.extract_text() for page in PdfReader(result.deck).pages)
    assert "Sealed Lantern" in fronts and "Opened Lantern" not in fronts
    assert "Opened Lantern" in backs


def test_tabletop_simulator_gets_unique_backs_and_a_sideways_site(built: Built) -> None:
    document = json.loads((built.folder / "tts" / "lantern-court.json").read_text())
    (deck,) = document["ObjectStates"]
    cards = {c["Nickname"]: c for c in deck["ContainedObjects"]}
    assert "Opened Lantern" not in cards
    sealed = cards["Sealed Lantern"]
    (custom,) = sealed["CustomDeck"].values()
    assert custom["UniqueBack"] is True and custom["BackURL"].endswith("-backs.png")
    assert cards["Moonlit Orchard"]["SidewaysCard"] is True
    # the hidden card (another player's hand) of that sheet is a plain back, not a face
    sheet = Image.open(built.folder / "tts" / Path(custom["FaceURL"]).name).convert("RGB")
    columns, rows = custom["NumWidth"], custom["NumHeight"]
    cell = (sheet.width // columns, sheet.height // rows)
    hidden = sheet.getpixel(((columns - 0.9) * cell[0], (rows - 0.9) * cell[1]))
    assert isinstance(hidden, tuple)
    assert _near(hidden, _hex("#2a2238"), 25)  # the court deck's back colour
    assert cards["Lamplighter"]["SidewaysCard"] is False


@pytest.mark.parametrize("index", sorted(PAGES))
def test_feature_game_page_matches_its_golden_picture(
    built: Built, index: int, request: pytest.FixtureRequest
) -> None:
    matches_golden(rasterise(built.pdf, index), f"feature-game-page-{index + 1}.png", request)


def test_the_built_in_landscape_layout_serves_a_landscape_card_type(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    (root / "layouts" / "site.yaml").unlink()
    game = root / "game.yaml"
    game.write_text(
        game.read_text(encoding="utf-8").replace("layout: site", "layout: landscape"),
        encoding="utf-8",
    )
    card_set = _load(root)
    style, found = prepare_style(card_set.game, card_set.cards)
    assert found == []
    layout = style.layouts["site"]
    assert layout.name == "landscape" and layout.landscape
    written, drawn = build_deck(card_set, BuildOptions(output=tmp_path / "out"))
    assert [str(d) for d in drawn] == []
    fronts = _words(written[0], 1)
    assert "Orchard" in fronts


# Mistakes -------------------------------------------------------------------------------


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "game"
    shutil.copytree(GAME, root)
    return root


def _said(root: Path) -> list[str]:
    return [str(d).removeprefix(f"{root}/").removeprefix("game/") for d in _style_problems(root)]


def test_a_missing_picture_is_a_located_warning_and_the_card_is_drawn(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    (root / "pictures" / "crests" / "rare.svg").unlink()
    assert _said(root) == [
        "layouts/courtier.yaml:7:10: warning[CK213] picture 'crest' of layout 'courtier', file "
        "'pictures/crests/rare.svg' does not exist (hint: check the spelling; "
        "paths are relative to the game folder)"
    ]


def test_a_required_field_shown_by_a_picture_is_printed(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    game, cards = root / "game.yaml", root / "cards.yaml"
    text = game.read_text(encoding="utf-8").replace("default: common", "required: true")
    game.write_text(text, encoding="utf-8")
    text = cards.read_text(encoding="utf-8")
    for name in ("Lamplighter", "Cinder Page"):
        text = text.replace(f"name: {name}\n", f"name: {name}\n    rarity: common\n")
    cards.write_text(text, encoding="utf-8")
    assert _said(root) == []  # the crest per rarity shows it: no CK217
    courtier = root / "layouts" / "courtier.yaml"
    lines = courtier.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for line in lines if "crest" not in line and "height: 6mm" not in line]
    courtier.write_text("".join(kept), encoding="utf-8")
    assert [d.split("]")[0] for d in _said(root)] == ["game.yaml:28:3: warning[CK217"]


def test_a_card_value_cannot_lead_a_picture_out_of_the_game_folder(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    relic = root / "layouts" / "relic.yaml"
    relic.write_text(
        relic.read_text(encoding="utf-8").replace(
            "pictures/art/lantern.svg", '"pictures/art/{other_side}.svg"'
        ),
        encoding="utf-8",
    )
    _other_side(root, "Opened Lantern", "../../../secret")
    said = _said(root)
    assert any(
        d.startswith(
            "layouts/relic.yaml:5:10: error[CK212] picture 'image' of layout 'relic', "
            "file path 'pictures/art/../../../secret.svg' leaves the game folder"
        )
        for d in said
    ), said


def _other_side(root: Path, card: str, value: str) -> None:
    cards = root / "cards.yaml"
    text = cards.read_text(encoding="utf-8")
    old = f"  - name: {card}\n"
    assert old in text
    cards.write_text(text.replace(old, f"{old}    other_side: {value}\n"), encoding="utf-8")


def test_a_back_by_value_that_names_nothing_is_a_located_error(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    _other_side(root, "Opened Lantern", "gildd")
    assert _said(root) == [
        "cards.yaml:34:17: error[CK224] other_side 'gildd' of 'Opened Lantern' names no back "
        "and no card (did you mean 'gilded'?) (hint: name a back of game.yaml "
        "'backs:', or another card to print on this card's back)"
    ]


def test_a_card_that_is_its_own_back_is_a_located_error(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    _other_side(root, "Opened Lantern", "Opened Lantern")
    (found,) = _said(root)
    assert found.startswith("cards.yaml:34:17: error[CK224] 'Opened Lantern' is its own back")


def test_markup_in_rules_text_is_drawn_in_the_games_own_bold_and_italic(built: Built) -> None:
    # Dusk Herald: "**Draw 2 cards.**\nGain 1 {Light}. *Then* draw a card."
    assert fonts_of(built.pdf, "Draw 2 cards.") == {"DejaVuSerif-Bold"}
    assert fonts_of(built.pdf, "Then") == {"DejaVuSerif-Italic"}
    assert "DejaVuSerif" in fonts_of(built.pdf, "Gain 1 Light.")  # the icon's name: no picture
