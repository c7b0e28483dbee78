"""A fourth designer's own game, as a new user brings it: Ashgrove Watch, a cooperative game
against an event deck (tests/fixtures/newuser/ashgrove-watch) -- heroes with five stats,
assets attached to heroes, events, a Dread deck of threats revealed at the end of each round
(kept in a CSV sheet), landscape locations with shroud and clues; skill tests written
"Test Wits (3): If you pass, ...", abilities "Forced - When ...", "Once per game, ...",
"The lead investigator ...". Each test runs a command as the designer types it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from newuser_helpers import copy_game, run
from pypdf import PdfReader

from cardkit.effects.forms import fill
from cardkit.effects.vocab import Vocabulary
from cardkit.inflect import plural_noun
from cardkit.load.cards import load_card_set
from cardkit.rules.printed import printed_text

NAME = "ashgrove-watch"
CARDS = ["Ada Thornwell", "Storm Lantern", "Last Stand", "Restless Dead", "Old Chapel"]


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return copy_game(NAME, tmp_path, monkeypatch)


def _pdf_text(path: Path) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(path).pages)


def _add_card(game: Path, text: str) -> None:
    """An event with ``text`` at the end of the player deck's file."""
    cards = game / "player.yaml"
    added = f"  - name: Try It\n    type: event\n    cost: 1\n    text: {text}\n"
    cards.write_text(cards.read_text("utf-8") + added, "utf-8")


def test_the_game_validates_clean(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "validate", f"cards/{NAME}")
    assert (status, out, err) == (0, [], ["0 errors, 0 warnings in 49 cards"])


def test_fmt_keeps_the_designers_dashes_stats_and_tests(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'Forced - When ...' kept its dash (fmt wrote 'Forced: When'), '+1 Wits' its capital
    (fmt wrote '+1 wits'), 'Test Lore (3):' its brackets (fmt wrote 'Test Lore ( 3 ):')."""
    status, out, err = run(capsys, "fmt", f"cards/{NAME}", "--check")
    assert (status, out, err) == (0, [], ["0 cards would be reformatted, 41 already canonical"])


def test_fmt_still_writes_the_dash_label_canonically_around_it(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _add_card(game, "'forced  -  when you take horror, draw a card.'")
    status, out, _ = run(capsys, "fmt", f"cards/{NAME}")
    assert status == 0
    assert out == [
        f"cards/{NAME}/player.yaml:81:12: reformatted 'try-it': 'forced  -  when you take "
        "horror, draw a card.' -> 'Forced - When you take horror, draw a card.'"
    ]


def test_the_deck_is_built_and_reads_back(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "build", f"cards/{NAME}", "--png", "--tts")
    assert (status, out) == (0, [])
    assert err == [
        f"wrote output/{NAME}/deck.pdf (49 cards, 12 pages)",
        f"wrote output/{NAME}/png (45 images drawn, 0 unchanged)",
        f"wrote output/{NAME}/tts/{NAME}.json (Tabletop Simulator, 4 deck sheets)",
    ]
    text = _pdf_text(Path(f"output/{NAME}/deck.pdf"))
    for name in CARDS:
        assert name in text
    # the hero layout's five badges, each a stat with its label
    hero = text[text.index("Ada Thornwell") : text.index("Brannock Hale")]
    for badge in ("4 Wits", "2 Might", "3 Lore", "6 Health", "8 Sanity"):
        assert badge in hero
    assert "Forced - When this threat engages a hero" in text
    # the Dread deck, read from the CSV sheet, with its copies
    pngs = {p.name for p in Path(f"output/{NAME}/png").glob("*.png")}
    assert {"back-dread-poker.png", "restless-dead.png", "old-chapel.png"} <= pngs
    tts = json.loads(Path(f"output/{NAME}/tts/{NAME}.json").read_text("utf-8"))
    assert len(tts["ObjectStates"]) == 4  # heroes, player deck, Dread deck, locations


def test_a_label_a_dash_ends_prints_bold_as_one_a_colon_ends(game: Path) -> None:
    card_set, found = load_card_set(game, str(game))
    assert card_set is not None and found == []
    for text, label in (
        ("Forced - When you take horror, discard a card from your hand.", "Forced - "),
        ("Test Lore (3): If you pass, discover 1 clue at this location.", "Test Lore (3):"),
        ("You may exhaust this card: Move to a connected location.", "You may exhaust this card:"),
        ("Once per game, each player gains 1 Morale.", ""),
    ):
        (line,) = printed_text(card_set.game, text)
        bold = "".join(run.text for marked in line.lines for run in marked.runs if run.label)
        assert bold == label, text


def test_explain_shows_labelled_and_cost_abilities(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It stopped with an internal error (exit 3) on any ability under a declared label."""
    status, out, err = run(capsys, "explain", f"cards/{NAME}", "Corwin Ashe")
    assert (status, err) == (0, [])
    assert out == [
        "Corwin Ashe (hero)",
        "  You may exhaust this card: Move to a connected location.",
        "    cost: You may exhaust this card",
        "      move to a connected location",
        "  Forced - When you take horror, discard a card from your hand.",
        "    labelled: Forced",
        "      when you take horror, discard a card from your hand",
        "",
    ]
    status, out, _ = run(capsys, "explain", f"cards/{NAME}", "Old Chapel")
    assert status == 0
    assert "    labelled: Test Lore (3)" in out


def test_heroes_is_the_plural_of_hero(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """'Heroes' was read as a card's name (CK130, did you mean 'Hero'?)."""
    _add_card(game, "Heroes cannot rest this round.")
    status, out, err = run(capsys, "validate", f"cards/{NAME}")
    assert (status, out, err) == (0, [], ["0 errors, 0 warnings in 50 cards"])


@pytest.mark.parametrize(
    ("noun", "plural"),
    [("hero", "heroes"), ("Superhero", "Superheros"), ("Tomato", "Tomatoes"), ("photo", "photos"),
     ("radio", "radios"), ("folk hero", "folk heroes"), ("ally", "allies"), ("box", "boxes")],
)  # fmt: skip
def test_plural_nouns_in_o(noun: str, plural: str) -> None:
    assert plural_noun(noun) == plural


def test_a_form_s_slots_are_filled_as_the_form_spaces_them(game: Path) -> None:
    card_set, _ = load_card_set(game, str(game))
    assert card_set is not None
    vocab = Vocabulary.of(card_set.game)
    assert fill("Test Lore ({n})", (3,), vocab) == "Test Lore (3)"
    assert fill("{n}x {resource} counter", (2, "doom"), vocab) == "2x doom counter"
    assert fill("+{n} Cards", (2,), vocab) == "+2 Cards"
    assert fill("Reveal  {n}  cards", (2,), vocab) == "Reveal 2 cards"


def test_a_sheet_column_of_another_name_is_one_warning_with_the_field_meant(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The designer's sheet said 'Qty' (as many do): it was an error on each of its 14 rows
    ("'qty' is not a field of a threat"), which did not say that the field is 'count'."""
    sheet = game / "threats.csv"
    sheet.write_text(sheet.read_text("utf-8").replace(",Count,", ",Qty,", 1), "utf-8")
    status, out, err = run(capsys, "validate", f"cards/{NAME}")
    assert (status, out, err) == (
        0,
        [
            f"cards/{NAME}/threats.csv:1:3: warning[CK046] column 'Qty' (C1) is not read: "
            "no field is called 'qty' (did you mean 'count'?)",
            "    hint: rename it 'count', or map it in game.yaml: "
            "'spreadsheet: columns: {Qty: count}'",
        ],
        ["0 errors, 1 warning in 46 cards"],
    )


def test_a_cell_split_by_an_unquoted_comma_is_an_error_at_the_cell(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A CSV cell with a comma and no quotes is two cells: the part after the comma was
    dropped without a word, and the rules text ended early."""
    sheet = game / "threats.csv"
    quoted = '"Test Might (3): If you fail, take 2 damage."'
    sheet.write_text(sheet.read_text("utf-8").replace(quoted, quoted[1:-1]), "utf-8")
    status, out, _ = run(capsys, "validate", f"cards/{NAME}")
    assert status == 1
    assert out[-2:] == [
        f"cards/{NAME}/threats.csv:7:6: error[CK047] cell F7 (' take 2 damage.') is in a "
        "column the header row does not name: it is not read",
        "    hint: in a CSV file, a cell that holds the separator (a comma) is written in "
        'double quotes: "If you fail, take 2 damage." is one cell; or give the column a header',
    ]


def test_the_rulebook_lists_each_card_type_with_its_stats(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "rulebook", f"cards/{NAME}")
    assert (status, out) == (0, [])
    assert f"wrote output/{NAME}/reference.pdf" in err
    markdown = Path(f"output/{NAME}/reference.md").read_text("utf-8")
    heroes = "| Name | Type | Wits | Might | Lore | Health | Sanity | Rules text | Count |"
    assert heroes in markdown
    assert "| Name | Type | Shroud | Clues | Rules text | Count |" in markdown
    assert "- **Heroes (5):** 1 Ada Thornwell, 1 Brannock Hale" in markdown
    assert "| **Surge** | Keyword | After this card is resolved, reveal another" in markdown
    # the statistics name each move by its verb (they said 'Act 46' and 'Framed 23'), and
    # count the moves under a trigger ('Forced - When ..., that hero takes ...')
    assert "| Take | 11 | 11 |" in markdown and "| Discover | 5 | 5 |" in markdown
    assert "| Act |" not in markdown and "| Framed |" not in markdown
    # no factions: the cost curve is per card type (it was one series, 'All cards')
    assert "| Card type | 0 | 1 | 2 | 3 | Total |" in markdown
    assert (
        "| Asset | 0 | 1 | 5 | 2 | 8 |" in markdown and "| Event | 4 | 5 | 1 | 1 | 11 |" in markdown
    )
    pdf = _pdf_text(Path(f"output/{NAME}/reference.pdf"))
    assert "Whispers in the Dark" in pdf and "Test Lore (3): If you fail, take 2 horror." in pdf


def test_sim_says_it_cannot_play_a_cooperative_game(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(capsys, "sim", f"cards/{NAME}", "--games", "5")
    assert (status, out) == (1, [])
    assert err[0] == (
        f"cards/{NAME}/game.yaml: error[CK401] game '{NAME}' has no 'play:' "
        "declaration; the simulator needs its setup"
    )
    assert "Other kinds of game (tricks, drafting, play against the game) it cannot" in err[1]
    assert err[-1] == "1 error; nothing simulated"


# -- cardkit new --kind cooperative ----------------------------------------------------------


@pytest.fixture(scope="module")
def coop(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A game made by ``cardkit new "Night Vigil" --kind cooperative``."""
    from cardkit.cli import main

    parent = tmp_path_factory.mktemp("new")
    assert main(["new", "Night Vigil", "--into", str(parent), "--kind", "cooperative"]) == 0
    return parent / "night-vigil"


def test_new_cooperative_validates_clean_in_canonical_wording(
    coop: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    status, out, err = run(capsys, "validate", str(coop))
    assert (status, out, err) == (0, [], ["0 errors, 0 warnings in 20 cards"])
    status, out, err = run(capsys, "fmt", str(coop), "--check")
    assert (status, out, err) == (0, [], ["0 cards would be reformatted, 16 already canonical"])


def test_new_cooperative_has_five_card_types_four_decks_and_the_forms_of_such_games(
    coop: Path,
) -> None:
    card_set, found = load_card_set(coop, str(coop))
    assert card_set is not None and found == []
    game = card_set.game
    assert sorted(game.card_types) == ["asset", "event", "hero", "location", "threat"]
    assert sorted(game.decks) == ["heroes", "locations", "player", "threats"]
    assert game.play is None
    text = "\n".join(card.text for card in card_set.cards)
    for form in (
        "Test Wits (3): If you pass",
        "Forced - When",
        "Once per game, ",
        "The lead investigator ",
        "Attach to a hero.",
        "Each player loses 1 Morale.",
    ):
        assert form in text, form  # fmt: skip


def test_new_cooperative_builds_with_hero_badges_and_landscape_locations(
    coop: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    status, _, err = run(capsys, "build", str(coop), "--output", str(out))
    assert (status, err) == (0, [f"wrote {out / 'deck.pdf'} (20 cards, 6 pages)"])
    reader = PdfReader(out / "deck.pdf")
    text = " ".join(" ".join((p.extract_text() or "").split()) for p in reader.pages)
    hero = text[text.index("Mira Fenwick") : text.index("Tobiah Crane")]
    assert {"4 Wits", "2 Might", "6 Health"} <= set(
        f"{a} {b}" for a, b in zip(hero.split(), hero.split()[1:], strict=False)
    )
    assert "Old Chapel" in text and "Shroud 2 · Clues 3" in text
    status, _, err = run(capsys, "rulebook", str(coop), "--output", str(out))
    assert status == 0 and f"wrote {out / 'reference.pdf'}" in err


def test_a_slip_of_the_game_s_own_verb_is_told_as_that_verb(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'rset' is one swap from the game's verb 'rest' and one letter from the core's 'reset':
    the hint said 'reset' (difflib's likeness knows no swaps)."""
    _add_card(game, "A hero cannot rset this round.")
    status, out, _ = run(capsys, "validate", f"cards/{NAME}")
    assert (status, out[0]) == (
        1,
        f"cards/{NAME}/player.yaml:81:25: error[CK109] unknown word 'rset' (did you mean "
        "'rest'?) in rules text of 'try-it'",
    )


@pytest.mark.parametrize(
    ("text", "hint"),
    [
        (
            "Test Sight (3): If you pass, draw a card.",
            "if 'Test Sight (3)' is a label of the game (the words before ':' that start an "
            "ability), declare it in game.yaml under 'phrasing: labels:' (test-sight: {text: "
            '"Test Sight ({n})"}); see docs/phrasing.md',
        ),
        (
            "Revelation - Each player loses 1 Morale.",
            "if 'Revelation' is a label of the game (the words before '-' that start an "
            "ability), declare it in game.yaml under 'phrasing: labels:' (revelation: {text: "
            "Revelation}); see docs/phrasing.md",
        ),
        (
            "Barter 2 Supplies: Draw a card.",
            "if 'Barter 2 Supplies' is a label of the game (the words before ':' that start an "
            "ability), declare it in game.yaml under 'phrasing: labels:' (barter-supplies: "
            "{text: \"Barter {n} Supplies\"}); or if 'Barter' is a verb of the game, declare it "
            "in game.yaml under 'phrasing: verbs:' (barter: {}); see docs/phrasing.md",
        ),
    ],
)
def test_a_label_the_game_has_not_declared_gets_the_declaration_to_write(
    text: str, hint: str, game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'Forced - When ...' and 'Test Lore (3): ...' undeclared said to declare 'force' or
    'test' as a verb, or nothing: declaring the verb does not make such a line read."""
    _add_card(game, f'"{text}"')
    status, out, _ = run(capsys, "validate", f"cards/{NAME}")
    assert status == 1
    assert out[1] == f"    hint: {hint}"


def test_the_dread_sheet_imports_into_a_card_file_that_validates_the_same(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    Path("sheets").mkdir()
    (game / "threats.csv").rename("sheets/threats.csv")
    out = f"cards/{NAME}/threats.yaml"
    status, diagnostics, err = run(
        capsys, "import", "sheets/threats.csv", "--game", f"cards/{NAME}", "-o", out
    )
    assert (status, diagnostics, err) == (0, [], [f"wrote {out} (14 cards)"])
    imported = Path(out).read_text("utf-8")
    assert "    Forced - When this threat engages a hero, that hero takes 1 damage" in imported
    status, diagnostics, err = run(capsys, "validate", f"cards/{NAME}")
    assert (status, diagnostics, err) == (0, [], ["0 errors, 0 warnings in 49 cards"])


def test_a_note_beside_the_cards_of_a_workbook_is_a_warning(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """In a workbook a cell right of the header's last column is a note, not a split cell."""
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Name", "Type", "Count", "Doom", "Text"])
    sheet.append(["Grave Chill", "threat", 1, 0, "Each player loses 1 Morale.", "too harsh?"])
    book.save(game / "more.xlsx")
    status, out, err = run(capsys, "validate", f"cards/{NAME}")
    assert (status, out, err) == (
        0,
        [
            f"cards/{NAME}/more.xlsx[Sheet]:2:6: warning[CK047] cell F2 ('too harsh?') is in a "
            "column the header row does not name: it is not read",
            "    hint: give the column a header to read it as a field, or move the note",
        ],
        ["0 errors, 1 warning in 50 cards"],
    )
