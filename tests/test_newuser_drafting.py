"""A third designer's own game, as a new user brings it: Kite Festival, a card-drafting and
set-collection game (tests/fixtures/newuser/kite-festival) -- hands passed round the table,
cards kept in a tableau for sets of Kites, Lanterns, Drums and Tea, scored at the end of the
round and of the game; Keepsakes that stay, Favors that act ("Swap this card for a card in
your tableau"), tarot-sized Patrons; no factions; its Tea kept in a CSV sheet with columns
of the designer's own names. Each test runs a command as the designer types it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from newuser_helpers import copy_game, run
from PIL import Image
from pypdf import PdfReader
from readme_helpers import page

from cardkit.inflect import field_title

GAME = Path(__file__).parent / "fixtures" / "newuser" / "kite-festival"
ROOT = Path(__file__).resolve().parents[1]
CARDS = ["Red Dragon Kite", "Paper Lantern", "Festival Drum", "Trade Places", "Tea Kettle"]


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return copy_game("kite-festival", tmp_path, monkeypatch)


def _pdf_text(path: Path) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(path).pages)


def test_the_game_validates_clean(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "validate", "cards/kite-festival")
    assert (status, out, err) == (0, [], ["0 errors, 0 warnings in 61 cards"])


def test_fmt_leaves_the_designers_wording(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "fmt", "cards/kite-festival", "--check")
    assert (status, out, err) == (0, [], ["0 cards would be reformatted, 25 already canonical"])


def test_the_deck_is_built_and_reads_back(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "build", "cards/kite-festival", "--png", "--tts")
    assert (status, out) == (0, [])
    assert err[0] == "wrote output/kite-festival/deck.pdf (61 cards, 16 pages)"
    deck = Path("output/kite-festival/deck.pdf")
    assert len(PdfReader(deck).pages) == 16  # 8 sheets (the tarot Patrons apart), each with backs
    text = _pdf_text(deck)
    for name in [*CARDS, "The Kite Maker"]:
        assert name in text
    assert "Colour: Red" in text and "Colour: Gold" in text  # an enum line, as words
    # the Tea sheet's rows, read through the game's own column names
    assert "The next Tea you draft this round scores triple." in text
    pngs = {p.name for p in Path("output/kite-festival/png").glob("*.png")}
    assert len(pngs) == 27  # 25 different cards and two backs, one a tarot card's
    assert {"back-patrons-tarot.png", "tea-kettle.png", "the-drummer.png"} <= pngs
    tts = json.loads(Path("output/kite-festival/tts/kite-festival.json").read_text("utf-8"))
    assert tts["ObjectStates"]
    # no factions: each card type's frame is its own colour (game.yaml 'color:'), not grey
    for card, colour in (("red-dragon-kite", "#c0392b"), ("green-tea", "#1e8449")):
        with Image.open(f"output/kite-festival/png/{card}.png") as picture:
            frame = picture.convert("RGB").getpixel((12, picture.height // 2))
        assert frame == tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5)), card


def _card_text(text: str, name: str, after: str) -> str:
    """What is printed of the card called ``name``: from its name to the next card's."""
    start = text.index(name)
    return text[start : text.index(after, start + len(name))]


def _zero_badges(capsys: pytest.CaptureFixture[str]) -> tuple[bool, bool]:
    """Whether Lucky Cricket (a Keepsake, 'vp: 0') and the Tea Kettle (a Tea, 0 in the
    sheet's Points column) print a '0 pts' badge, built alone."""
    only = ("--only", "Lucky Cricket", "--only", "Tea Kettle")
    status, out, _ = run(capsys, "build", "cards/kite-festival", *only)
    assert (status, out) == (0, [])
    text = _pdf_text(Path("output/kite-festival/deck.pdf"))
    cricket = _card_text(text, "Lucky Cricket", "Tea Kettle")
    return "0 pts" in cricket, "0 pts" in text[text.index("Tea Kettle") :]


def test_a_zero_stat_is_printed_only_where_the_card_type_requires_it(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Lucky Cricket's points are optional: no '0 pts' badge, like a Keepsake that says
    nothing. A Tea must show its points (required): the Tea Kettle's 0 is printed. A badge's
    'zero:' says otherwise."""
    assert _zero_badges(capsys) == (False, True)
    layout = game / "layouts" / "card.yaml"
    written = layout.read_text("utf-8")
    for zero, shown in (("true", (True, True)), ("false", (False, False))):
        layout.write_text(written.replace('"#b03a2e"}', f'"#b03a2e", zero: {zero}}}'), "utf-8")
        assert _zero_badges(capsys) == shown


def test_a_line_laid_over_the_type_line_is_a_located_warning(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The designer's first Kite layout put the colour band at 30mm from the bottom, over the
    type line (30.2mm to 36.7mm): both printed one over the other, and nothing said so."""
    layout = game / "layouts" / "kite.yaml"
    layout.write_text(layout.read_text("utf-8").replace("bottom: 38.2mm", "bottom: 30mm"), "utf-8")
    status, out, err = run(capsys, "validate", "cards/kite-festival")
    assert (status, out, err) == (
        0,
        [
            "cards/kite-festival/layouts/kite.yaml:4:11: warning[CK225] line 'colour' of layout "
            "'kite' is drawn over part 'type_line': they overlap by 4.8mm (height) x 57.5mm "
            "(width) on the 63.5mm x 88.9mm cards",
            "    hint: move or shrink one of them by 4.8mm (its 'top', 'bottom' or 'height'), "
            "so that no text is covered",
        ],
        ["0 errors, 1 warning in 61 cards"],
    )


def test_a_rules_panel_grown_over_the_type_line_is_a_located_warning(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    layout = game / "layouts" / "patron.yaml"
    text = layout.read_text("utf-8")
    text = text.replace(
        "  type_line: {left: 5mm, right: 5mm, bottom: 46mm, height: 7mm, size: 9}\n", ""
    )
    layout.write_text(text, "utf-8")
    status, out, _ = run(capsys, "validate", "cards/kite-festival")
    assert (status, out[0]) == (
        0,
        "cards/kite-festival/layouts/patron.yaml:6:10: warning[CK225] part 'rules' of layout "
        "'patron' is drawn over part 'type_line': they overlap by 6.5mm (height) x 60mm (width) "
        "on the 70mm x 120mm cards",
    )


def test_the_rulebook_labels_and_columns(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "rulebook", "cards/kite-festival")
    assert (status, out) == (0, [])
    assert "wrote output/kite-festival/reference.pdf" in err
    markdown = Path("output/kite-festival/reference.md").read_text("utf-8")
    for name in CARDS:
        assert name in markdown
    # a deck named in the plural is its cards' label; another gets 'Cards' after its name
    assert "- **Patrons (4):** 1 The Drummer" in markdown and "Patrons Cards" not in markdown
    assert "- **Festival Deck Cards (57):** 4 Blue Box Kite" in markdown
    # no Faction column of dashes in a game without factions; 'vp' is VP; enums as printed
    assert "| Name | Type | Colour | VP | Rules text | Count |" in markdown
    assert "| Red Dragon Kite | Kite | Red | 1 | At the end of the game" in markdown
    assert "Faction" not in markdown and "| Vp |" not in markdown
    assert "| **Lasting** | Keyword | This card stays in your tableau" in markdown


def test_sim_says_it_cannot_play_a_drafting_game(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "sim", "cards/kite-festival", "--games", "5")
    assert (status, out) == (1, [])
    assert err[0] == (
        "cards/kite-festival/game.yaml: error[CK401] game 'kite-festival' has no 'play:' "
        "declaration; the simulator needs its setup"
    )
    assert err[1].endswith(
        "Other kinds of game (tricks, drafting, play against the game) it cannot play yet; "
        "validate, build and rulebook serve every game"
    )
    assert err[-1] == "1 error; nothing simulated"


@pytest.mark.parametrize(
    ("name", "title"),
    [("vp", "VP"), ("hp", "HP"), ("set_size", "Set size"), ("cost", "Cost"), ("xp-cap", "XP cap")],
)
def test_field_titles(name: str, title: str) -> None:
    assert field_title(name) == title


def test_the_docs_show_the_builtin_card_layout_as_it_is() -> None:
    """docs/layouts.md shows where the built-in card layout puts its parts (a designer places
    lines clear of them); the block is the file's own parts."""
    layouts = page("layouts.md")
    block = layouts[layouts.index("# templates/layouts/card.yaml\n") :]
    block = block[: block.index("```")]
    shown = yaml.safe_load(block)["parts"]
    builtin = yaml.safe_load((ROOT / "templates" / "layouts" / "card.yaml").read_text("utf-8"))
    assert shown == builtin["parts"]


def test_a_badge_of_a_field_few_card_types_have_is_one_error(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The designer kept the starter layout's cost coin in a game without costs: it was one
    CK209 per card type (seven of them, the same line); it is one, naming the card types."""
    (game / "layouts" / "card.yaml").write_text(
        "extends: card\nbadges:\n"
        "  cost: {field: cost, shape: circle, right: 3mm, top: 3mm, width: 8mm, height: 8mm}\n",
        "utf-8",
    )
    (game / "layouts" / "kite.yaml").unlink()
    (game / "layouts" / "patron.yaml").unlink()
    status, out, _ = run(capsys, "validate", "cards/kite-festival")
    errors = [line for line in out if "CK209" in line]
    assert status == 1 and errors == [
        "cards/kite-festival/layouts/card.yaml:3:9: error[CK209] badge 'cost' of layout 'card' "
        "shows field 'cost', which card types 'drum', 'favor', 'keepsake', 'kite', 'lantern', "
        "'patron' and 'tea' do not have (did you mean 'count'?)"
    ]
    assert out[out.index(errors[0]) + 1] == (
        "    hint: declare the field in their 'fields' in game.yaml, or give them a layout of "
        "their own (or write 'cost: null' under 'badges:' in a layout that extends this one)"
    )


def _without_mapping(game: Path, columns: str = "") -> None:
    """game.yaml with ``columns`` (YAML lines) as its spreadsheet columns, or no mapping."""
    text = (game / "game.yaml").read_text("utf-8")
    text = text[: text.index("spreadsheet:")]
    if columns:
        text += "spreadsheet:\n  columns:\n" + columns
    (game / "game.yaml").write_text(text, "utf-8")


def test_a_sheet_with_columns_of_its_own_names_says_how_to_map_them(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The Tea sheet's header is 'Card Name, Qty, Type, Points, Text': the error said what
    the header has, not that a mapping reads it (and card-format.md showed no mapping)."""
    _without_mapping(game)
    status, out, _ = run(capsys, "validate", "cards/kite-festival")
    assert status == 1
    assert out[out.index(next(o for o in out if "CK040" in o)) :][:2] == [
        "cards/kite-festival/tea.csv:1:1: error[CK040] missing column 'Name' (is 'Card Name' a "
        "misspelling of it?)",
        "    hint: the header row has 'Card Name', 'Qty', 'Type', 'Points', 'Text'; rename "
        "'Card Name' to 'Name', or map it in game.yaml: 'spreadsheet: columns: {Card Name: name}'",
    ]


def test_a_mapping_reads_columns_named_like_fields_and_warns_of_the_others(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Mapping only 'Card Name' read no 'Type' column ('missing required field type') and
    dropped 'Qty' and 'Points' silently: the Teas came one copy each, without points."""
    _without_mapping(game, "    Card Name: name\n    Points: vp\n")
    status, out, err = run(capsys, "validate", "cards/kite-festival")
    assert (status, out, err) == (
        0,
        [
            "cards/kite-festival/tea.csv:1:2: warning[CK046] column 'Qty' (B1) is not read: "
            "game.yaml's spreadsheet columns do not map it, and no field is called 'qty'",
            "    hint: map it to a field under 'spreadsheet: columns:' ('Qty: FIELD'; fields no "
            "column gives: faction, deck, count, flavor, art, tags, notes, colour), or to null "
            "('Qty: null') if its cells are not the card's",
        ],
        ["0 errors, 1 warning in 52 cards"],  # 4 Teas, one copy each
    )
    _without_mapping(game, "    Card Name: name\n    Points: vp\n    Qty: null\n")
    assert run(capsys, "validate", "cards/kite-festival")[1:] == (
        [],
        ["0 errors, 0 warnings in 52 cards"],
    )


def test_an_adverb_opening_a_line_gets_no_hint_to_declare_it_a_verb(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'Later this round, you may draft two cards instead of one.' does not parse (a span
    opening the sentence, newuser-forms.md); its hint said to declare 'later' a verb."""
    favors = game / "favors.yaml"
    text = favors.read_text("utf-8")
    written = "You may draft 2 cards instead of one this round."
    assert written in text
    favors.write_text(
        text.replace(written, "Later this round, you may draft two cards instead of one."),
        "utf-8",
    )
    status, out, _ = run(capsys, "validate", "cards/kite-festival")
    assert (status, out) == (
        1,
        [
            "cards/kite-festival/favors.yaml:12:7: error[CK101] unexpected 'Later': expected a "
            "number, 'card', a card type or another word of rules text in rules text of "
            "'sleight-of-hand'"
        ],
    )


def test_a_card_type_whose_fields_were_all_deleted_loads(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'fields:' left with nothing under it (the last field deleted) is no field, not
    'error[CK023] card_types.patron.fields must be a mapping, got null'."""
    text = (game / "game.yaml").read_text("utf-8")
    old = "    size: tarot\n    deck: patrons\n"
    assert old in text
    (game / "game.yaml").write_text(text.replace(old, old + "    fields:\n"), "utf-8")
    assert run(capsys, "validate", "cards/kite-festival") == (
        0,
        [],
        ["0 errors, 0 warnings in 61 cards"],
    )
