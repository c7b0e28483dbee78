"""The print-and-play PDF, read back with pypdf: sizes, pages, text, fonts, bytes."""

from __future__ import annotations

import math
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

from cardkit.app import build as build_module
from cardkit.app.build import DECK_FILE, BuildOptions, build_deck, plan_deck
from cardkit.cli import main
from cardkit.diagnostics import Diagnostic
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet
from cardkit.render.impose import Duplex, Face
from cardkit.render.pdf import BOLD, back_of, fit_line, register_fonts
from cardkit.render.units import to_mm

REPO = Path(__file__).resolve().parents[1]
STAR_REALMS = REPO / "cards" / "star-realms"
STAR_REALMS_COPIES = 152  # 136 game cards, 8 scorecards, 8 oversized challenge cards


def load(root: Path) -> CardSet:
    card_set, found = load_card_set(root, str(root))
    assert card_set is not None and not found, [str(d) for d in found]
    return card_set


def build(card_set: CardSet, output: Path, **options: Any) -> tuple[Path, list[Diagnostic]]:
    written, found = build_deck(card_set, BuildOptions(output=output, **options))
    assert written == [output / DECK_FILE]
    return written[0], found


def write_game(root: Path, cards: str, game_extra: str = "") -> Path:
    """A small game: ships and bases in two factions; cards given as YAML list items."""
    root.mkdir(parents=True, exist_ok=True)
    game = """\
        id: tiny
        name: Tiny Game
        factions:
          red: {name: Red, color: "#c0392b"}
          blue: {name: Blue, color: "#2e6fb5"}
        card_types:
          ship:
            name: Ship
            fields:
              cost: {type: integer, min: 0, max: 20}
          base:
            name: Base
            back: stone
            fields:
              cost: {type: integer, min: 0, max: 20}
              defense: {type: integer, min: 1, max: 20}
        backs:
          stone: {color: "#555555", text: Stone Back}
        """
    (root / "game.yaml").write_text(
        textwrap.dedent(game) + textwrap.dedent(game_extra), encoding="utf-8"
    )
    (root / "cards.yaml").write_text(
        "cards:\n" + textwrap.indent(textwrap.dedent(cards), "  "), encoding="utf-8"
    )
    return root


def page_text(reader: PdfReader, face: Face) -> str:
    start = 0 if face is Face.FRONT else 1
    return "\n".join(reader.pages[i].extract_text() for i in range(start, len(reader.pages), 2))


@pytest.fixture(scope="module")
def star_realms() -> CardSet:
    return load(STAR_REALMS)


@pytest.fixture(scope="module")
def a4_deck(star_realms: CardSet, tmp_path_factory: pytest.TempPathFactory) -> Path:
    path, found = build(star_realms, tmp_path_factory.mktemp("a4"))
    assert found == []  # every Star Realms card fits: no overflow, no missing glyph
    return path


def test_a4_pages_measure_210_by_297_mm(a4_deck: Path) -> None:
    for page in PdfReader(a4_deck).pages:
        assert math.isclose(to_mm(float(page.mediabox.width)), 210, abs_tol=0.1)
        assert math.isclose(to_mm(float(page.mediabox.height)), 297, abs_tol=0.1)


def test_letter_pages_measure_215_9_by_279_4_mm(star_realms: CardSet, tmp_path: Path) -> None:
    path, _ = build(star_realms, tmp_path, paper="letter")
    for page in PdfReader(path).pages:
        assert math.isclose(to_mm(float(page.mediabox.width)), 215.9, abs_tol=0.1)
        assert math.isclose(to_mm(float(page.mediabox.height)), 279.4, abs_tol=0.1)


def test_star_realms_fills_18_sheets_of_fronts_and_backs(
    star_realms: CardSet, a4_deck: Path
) -> None:
    assert star_realms.total_copies == STAR_REALMS_COPIES
    sheets = math.ceil((STAR_REALMS_COPIES - 8) / 9) + math.ceil(8 / 4)  # 4 oversized a sheet
    assert sheets == 18
    assert len(PdfReader(a4_deck).pages) == 2 * sheets


def test_every_card_name_is_on_the_fronts(star_realms: CardSet, a4_deck: Path) -> None:
    text = page_text(PdfReader(a4_deck), Face.FRONT)
    missing = [card.name for card in star_realms.cards if card.name not in text]
    assert missing == []


def test_each_name_appears_once_per_copy(star_realms: CardSet, a4_deck: Path) -> None:
    text = page_text(PdfReader(a4_deck), Face.FRONT)
    lines = text.splitlines()
    for card in star_realms.cards:
        assert lines.count(card.name) == card.count, card.name


def test_backs_carry_the_back_text_of_each_deck(a4_deck: Path) -> None:
    text = page_text(PdfReader(a4_deck), Face.BACK)
    assert "Star Realms" in text
    reader = PdfReader(a4_deck)
    assert all("Plasma Bot" not in reader.pages[i].extract_text() for i in range(1, 36, 2))


def _fonts(resources: DictionaryObject) -> Iterator[DictionaryObject]:
    for font in (resources.get("/Font") or {}).values():
        yield font.get_object()
    for xobject in (resources.get("/XObject") or {}).values():
        inner = xobject.get_object().get("/Resources")
        if inner is not None:
            yield from _fonts(inner.get_object())


def test_fonts_are_embedded_subset_truetype(a4_deck: Path) -> None:
    reader = PdfReader(a4_deck)
    seen: dict[str, DictionaryObject] = {}
    for page in reader.pages:
        for font in _fonts(page["/Resources"]):
            seen[str(font["/BaseFont"])] = font
    assert seen, "no fonts found"
    for name, font in seen.items():
        assert font["/Subtype"] == "/TrueType", name
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor, name
        assert "+" in name  # a subset: only the glyphs the cards use


def test_building_twice_gives_identical_bytes(
    star_realms: CardSet, a4_deck: Path, tmp_path: Path
) -> None:
    again, _ = build(star_realms, tmp_path)
    assert again.read_bytes() == a4_deck.read_bytes()


def test_building_in_another_process_gives_identical_bytes(a4_deck: Path, tmp_path: Path) -> None:
    code = (
        "import sys; from cardkit.cli import main; "
        f"sys.exit(main(['build', {str(STAR_REALMS)!r}, '--output', {str(tmp_path)!r}]))"
    )
    subprocess.run([sys.executable, "-c", code], check=True, capture_output=True)
    assert (tmp_path / DECK_FILE).read_bytes() == a4_deck.read_bytes()


def test_markup_in_card_text_is_drawn_literally(tmp_path: Path) -> None:
    hostile = '<font color="[[[x]]]">Boom</font> & <b>bold?</b> <img src="/etc/passwd"/>'
    game = write_game(
        tmp_path / "game",
        f"""\
        - name: Trickster
          type: ship
          faction: red
          cost: 1
          text: '{hostile}'
        - name: "<b>Odd</b> & Co"
          type: ship
          cost: 2
          text: "Scrap: <i>nothing</i>"
        """,
    )
    path, found = build(load(game), tmp_path / "out")
    assert found == []
    text = " ".join(PdfReader(path).pages[0].extract_text().split())  # undo line wrapping
    assert '<font color="[[[x]]]">Boom</font>' in text
    assert '<img src="/etc/passwd"/>' in text
    assert "<b>Odd</b> & Co" in text
    assert "<i>nothing</i>" in text


def test_text_too_long_for_its_box_is_cut_and_reported(tmp_path: Path) -> None:
    long_text = " ".join(["Gain 1 Trade and draw a card, then scrap it."] * 40)
    game = write_game(
        tmp_path / "game",
        f"""\
        - name: Verbose
          type: ship
          cost: 1
          text: {long_text}
        - name: Terse
          type: ship
          cost: 1
          text: Gain 1 Trade.
        """,
    )
    path, found = build(load(game), tmp_path / "out")
    assert [d.code for d in found] == ["CK201"]
    assert found[0].card == "verbose"
    assert found[0].location.path.endswith("cards.yaml") and found[0].location.line > 0
    assert "Verbose" in PdfReader(path).pages[0].extract_text()


def test_a_card_too_small_for_a_text_box_reports_its_text(tmp_path: Path) -> None:
    game = write_game(
        tmp_path / "game",
        """\
        - {name: Chit, type: chit, text: Gain 1 Trade.}
        - {name: Nil, type: chit}
        """,
        game_extra="""\
        sizes:
          tiny: {width: 25.4mm, height: 25.4mm}
        """,
    )
    text = (game / "game.yaml").read_text(encoding="utf-8")
    text = text.replace(
        "card_types:\n", "card_types:\n  chit:\n    name: Chit\n    size: tiny\n", 1
    )
    (game / "game.yaml").write_text(text, encoding="utf-8")
    _, found = build(load(game), tmp_path / "out")
    assert [(d.code, d.card) for d in found] == [("CK201", "chit")]
    assert "no text box" in found[0].message


@pytest.mark.parametrize("width", [-5.0, 0.0, 3.0, 30.0])
def test_a_line_too_long_for_any_width_is_cut_and_never_hangs(width: float) -> None:
    register_fonts()
    text, size, cut = fit_line("Verbose Dreadnought", width, 11.0, 7.0, BOLD)
    assert cut and size == 7.0
    assert text == "" or text.endswith("\u2026")


def test_characters_the_font_lacks_are_reported(tmp_path: Path) -> None:
    game = write_game(
        tmp_path / "game",
        """\
        - name: Sword
          type: ship
          text: "Gain 2 \u2694 \U00010000."
        """,
    )
    _, found = build(load(game), tmp_path / "out")
    assert [d.code for d in found] == ["CK203"]  # the sword is in DejaVu Sans; Linear B is not
    assert "U+10000" in found[0].message and "U+2694" not in found[0].message


def test_card_names_in_any_script_render_with_the_fallback_font(tmp_path: Path) -> None:
    names = ["Дракон", "Δράκων", "ドラゴン", "龍の巣", "용의 둥지", "Smok Wawelski"]
    game = write_game(
        tmp_path / "game",
        "".join(f"- {{name: {name}, type: ship, text: '{name}: gain 2.'}}\n" for name in names),
    )
    path, found = build(load(game), tmp_path / "out")
    assert found == []  # no CK203: every glyph comes from a bundled font
    reader = PdfReader(path)
    text = reader.pages[0].extract_text()
    for name in names:
        assert name in text, name
    fonts = {str(f["/BaseFont"]).split("+")[-1] for f in _fonts(reader.pages[0]["/Resources"])}
    assert {"DejaVuSans-Bold", "DroidSansFallback"} <= fonts


def test_a_rare_ideograph_outside_the_bundled_subset_is_reported_not_dropped(
    tmp_path: Path,
) -> None:
    # The CJK fallback is a subset (scripts/subset_cjk_font.py): GB 2312, joyo kanji, kana and
    # Hangul. U+9F98 is in none of them.
    game = write_game(tmp_path / "game", "- {name: \u9f98 Dragon, type: ship, text: Gain 2.}\n")
    _, found = build(load(game), tmp_path / "out")
    assert [d.code for d in found] == ["CK203"]
    assert "U+9F98" in found[0].message


def test_backs_come_from_the_deck_then_the_card_type_then_a_plain_default(tmp_path: Path) -> None:
    game = write_game(
        tmp_path / "game",
        """\
        - {name: Decked, type: base, deck: skyward, defense: 2}
        - {name: Typed, type: base, deck: plain, defense: 3}
        - {name: Plain, type: ship, deck: plain}
        """,
        game_extra="""\
          sky: {color: "#3366aa", text: Sky Back}
        decks:
          skyward: {name: Skyward, back: sky}
          plain: {name: Plain}
        """,
    )
    card_set = load(game)
    chosen = {card.name: back_of(card_set.game, card)[0] for card in card_set.cards}
    assert chosen == {"Decked": "sky", "Typed": "stone", "Plain": ""}
    path, _ = build(card_set, tmp_path / "out")
    backs = PdfReader(path).pages[1].extract_text()
    assert all(text in backs for text in ("Sky Back", "Stone Back", "Tiny Game"))
    path, _ = build(card_set, tmp_path / "out", duplex=Duplex.NONE)
    assert len(PdfReader(path).pages) == 1


def test_cards_of_different_sizes_go_on_sheets_of_their_own(tmp_path: Path) -> None:
    game = write_game(
        tmp_path / "game",
        """\
        - {name: Big, type: ship, count: 10}
        - {name: Small, type: token, count: 3}
        """,
        game_extra="""\
        sizes:
          token: {width: 30mm, height: 30mm}
        """,
    )
    text = (game / "game.yaml").read_text(encoding="utf-8")
    text = text.replace(
        "card_types:\n",
        "card_types:\n  token:\n    name: Token\n    size: token\n    layout: chit\n",
        1,
    )
    (game / "game.yaml").write_text(text, encoding="utf-8")
    card_set = load(game)
    pages = plan_deck(card_set, BuildOptions(output=tmp_path / "out"))
    fronts = [p for p in pages if p.face is Face.FRONT]
    assert [[pl.card.name for pl in p.placements][:1] for p in fronts] == [
        ["Big"],
        ["Big"],
        ["Small"],
    ]
    assert [p.number for p in fronts] == [1, 2, 3]
    assert {round(to_mm(p.sheet.card_width), 3) for p in fronts} == {63.5, 30.0}
    path, _ = build(card_set, tmp_path / "out")
    reader = PdfReader(path)
    assert len(reader.pages) == 6
    # Each face is drawn at its own size, backs too (both sizes use the plain back here).
    widths = [
        sorted({round(to_mm(float(x.get_object()["/BBox"][2])), 2) for x in xobjects.values()})
        for xobjects in (page["/Resources"]["/XObject"] for page in reader.pages)
    ]
    assert widths == [[69.5], [69.5], [69.5], [69.5], [36.0], [36.0]]


# The command line ---------------------------------------------------------------------------


def test_cli_build_writes_the_deck_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["build", str(STAR_REALMS)]) == 0
    deck = tmp_path / "output" / "star-realms" / DECK_FILE
    assert deck.is_file()
    err = capsys.readouterr().err
    assert "wrote output/star-realms/deck.pdf (152 cards, 36 pages)" in err
    # Nothing else is written: no temporary files, nothing beside the output folder.
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*")) == [
        "output",
        "output/star-realms",
        "output/star-realms/deck.pdf",
    ]


def test_cli_build_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "letter"
    options = ["--paper", "letter", "--bleed", "0.125in", "--duplex", "none"]
    code = main(["build", str(STAR_REALMS), *options, "--output", str(out)])
    assert code == 0
    reader = PdfReader(out / DECK_FILE)
    assert len(reader.pages) == 18  # fronts only
    assert math.isclose(to_mm(float(reader.pages[0].mediabox.width)), 215.9, abs_tol=0.1)
    assert f"wrote {out / DECK_FILE} (152 cards, 18 pages)" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("bleed", "told"),
    [
        ("3", "mm, cm, in, pt"),
        ("3 mm", "mm, cm, in, pt"),
        ("-1mm", "'-1mm' is negative: give a length of 0mm or more"),
        ("3px", "mm, cm, in, pt"),
    ],
)
def test_cli_refuses_a_malformed_bleed(
    bleed: str, told: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["build", str(STAR_REALMS), f"--bleed={bleed}", "--output", str(tmp_path)]) == 2
    assert told in capsys.readouterr().err
    assert not (tmp_path / DECK_FILE).exists()


@pytest.mark.parametrize(
    ("paper", "size_mm"),
    [
        ("A4", (210, 297)),
        ("Letter", (215.9, 279.4)),
        ("LETTER", (215.9, 279.4)),
        ("a3", (297, 420)),
        ("300MMx200MM", (300, 200)),
        ("4INX6IN", (101.6, 152.4)),
    ],
)
def test_cli_accepts_paper_names_and_sizes_in_any_case(
    paper: str, size_mm: tuple[float, float], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    root = write_game(tmp_path / "tiny", "- {name: Scout, type: ship, cost: 1}\n")
    code = main(["build", str(root), "--paper", paper, "--output", str(tmp_path / "out")])
    assert code == 0, capsys.readouterr().err
    box = PdfReader(tmp_path / "out" / DECK_FILE).pages[0].mediabox
    measured = (to_mm(float(box.width)), to_mm(float(box.height)))
    assert all(math.isclose(a, b, abs_tol=0.1) for a, b in zip(measured, size_mm, strict=True))


@pytest.mark.parametrize("paper", ["a5", "300mm", "300x200mm", "A5"])
def test_cli_refuses_an_unknown_paper_as_a_usage_error(
    paper: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["build", str(STAR_REALMS), "--paper", paper, "--output", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert f"cardkit: error: argument --paper: unknown paper {paper!r}: use one of a3, a4," in err
    assert not tmp_path.joinpath(DECK_FILE).exists()


def test_cli_refuses_a_bleed_too_large_for_the_paper(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["build", str(STAR_REALMS), "--bleed", "10cm", "--output", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: cardkit build ")
    assert "cardkit: error: argument --bleed: a 63.5mm x 88.9mm card with 100mm bleed " in err
    assert "does not fit on a4 paper" in err
    assert not (tmp_path / DECK_FILE).exists()


def test_a_game_with_errors_exits_1_and_leaves_the_old_deck_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = write_game(
        tmp_path / "game",
        """\
        - {name: Fine, type: ship}
        - {name: Broken, type: shipp}
        """,
    )
    out = tmp_path / "out"
    out.mkdir()
    (out / DECK_FILE).write_bytes(b"the previous deck")
    assert main(["build", str(game), "--output", str(out)]) == 1
    err = capsys.readouterr().err
    assert "error[CK025]" in err and "nothing built" in err
    assert (out / DECK_FILE).read_bytes() == b"the previous deck"
    assert sorted(p.name for p in out.iterdir()) == [DECK_FILE]


def test_a_build_that_fails_while_drawing_leaves_the_old_deck_untouched(
    star_realms: CardSet, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / DECK_FILE).write_bytes(b"the previous deck")

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the printer caught fire")

    monkeypatch.setattr(build_module, "render_pdf_pieces", broken)
    with pytest.raises(RuntimeError):
        build_deck(star_realms, BuildOptions(output=tmp_path))
    assert (tmp_path / DECK_FILE).read_bytes() == b"the previous deck"
    assert [p.name for p in tmp_path.iterdir()] == [DECK_FILE]


def test_progress_reports_every_page(star_realms: CardSet, tmp_path: Path) -> None:
    seen: list[tuple[int, int]] = []
    build_deck(
        star_realms, BuildOptions(output=tmp_path), progress=lambda d, t: seen.append((d, t))
    )
    assert seen == [(n, 36) for n in range(1, 37)]


def test_only_the_renderer_imports_reportlab() -> None:
    code = (
        "import sys, cardkit.cli, cardkit.load.cards, cardkit.render.impose, "
        "cardkit.render.units, cardkit.render.layoutfile, cardkit.render.style; "
        "sys.exit('reportlab' in sys.modules)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_build_warns_of_rules_text_that_does_not_parse_where_validate_errs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The print goes out with the text as written; each line that does not parse is told at
    its character, as validate tells it, but as a warning. A card's suppress list is obeyed."""
    game = tmp_path / "game"
    shutil.copytree(REPO / "tests" / "fixtures" / "game", game)
    (game / "typos.yaml").write_text(
        "cards:\n"
        "  - name: Typo Ship\n"
        "    type: ship\n"
        "    cost: 2\n"
        "    text: |-\n"
        "      Gain 1 Trade 1.\n"
        "      Drwa a card.\n"
        "  - name: Hushed Ship\n"
        "    type: ship\n"
        "    cost: 2\n"
        "    text: Gain 1 Trade 1.\n"
        "    suppress: [CK101]\n",
        encoding="utf-8",
    )
    monkeypatch.chdir(tmp_path)
    assert main(["validate", "game"]) == 1
    told = [line for line in capsys.readouterr().out.splitlines() if "typo-ship" in line]
    assert len(told) == 2 and all("error[" in line for line in told)
    assert main(["build", "game", "--output", "out"]) == 0
    err = capsys.readouterr().err.splitlines()
    warned = [line for line in err if "warning[" in line]
    assert warned == [line.replace("error[", "warning[") for line in told]
    assert warned[0] == (  # as docs/printing.md shows it
        "game/typos.yaml:6:20: warning[CK101] unexpected '1': expected the end of the line, "
        "':', 'or' or another word of rules text in rules text of "
        "'typo-ship'"
    )
    assert warned[1].startswith("game/typos.yaml:7:7: warning[CK109] unknown word 'Drwa'")
    assert any(line.startswith("wrote out/deck.pdf (16 cards") for line in err)
    text = "".join(page.extract_text() for page in PdfReader(tmp_path / "out" / DECK_FILE).pages)
    assert "Gain 1 Trade 1." in text and "Drwa a card." in text
