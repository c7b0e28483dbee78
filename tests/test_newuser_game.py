"""A designer's own game, as a new user brings it: Lantern Tricks, a trick-taking game with
four suits, a changing trump, Lanterns and Vows (tests/fixtures/newuser/lantern-tricks),
none of it like the sample games. Each test runs a command as the designer types it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from newuser_helpers import copy_game, run
from pypdf import PdfReader

from cardkit.cli import main

GAME = Path(__file__).parent / "fixtures" / "newuser" / "lantern-tricks"
LANTERNS = ["Drowned Bell", "Ember Crown", "Hollow Moon", "Weathervane", "Lamplighter"]


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return copy_game("lantern-tricks", tmp_path, monkeypatch)


def test_the_game_validates_clean(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "validate", "cards/lantern-tricks")
    assert (status, out, err) == (0, [], ["0 errors, 0 warnings in 56 cards"])


def test_the_deck_is_built_and_reads_back(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "build", "cards/lantern-tricks", "--png", "--tts")
    assert (status, out) == (0, [])
    assert err[0] == "wrote output/lantern-tricks/deck.pdf (56 cards, 14 pages)"
    reader = PdfReader(Path("output/lantern-tricks/deck.pdf"))
    assert len(reader.pages) == 14  # 7 sheets of nine, each followed by its backs
    text = " ".join(page.extract_text() for page in reader.pages)
    for name in [*LANTERNS, "Vow of Silence", "Root 9"]:
        assert name in text
    assert "Ember becomes the trump suit" in " ".join(text.split())
    pngs = sorted(p.name for p in Path("output/lantern-tricks/png").glob("*.png"))
    assert len(pngs) == 58  # 56 cards and the two backs
    assert {"back-main-poker.png", "back-vows-poker.png", "hollow-moon.png"} <= set(pngs)
    tts = json.loads(Path("output/lantern-tricks/tts/lantern-tricks.json").read_text("utf-8"))
    assert tts["ObjectStates"]


def test_the_rulebook_lists_every_card(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "rulebook", "cards/lantern-tricks")
    assert (status, out) == (0, [])
    assert "wrote output/lantern-tricks/reference.pdf" in err
    markdown = Path("output/lantern-tricks/reference.md").read_text("utf-8")
    for name in [*LANTERNS, "Broken Vow", "Gale 5"]:
        assert name in markdown
    assert "Wild" in markdown and "This card may be played as a card of any suit." in markdown
    pdf = " ".join(p.extract_text() for p in PdfReader("output/lantern-tricks/reference.pdf").pages)
    assert "Lantern Tricks" in pdf and "Drowned Bell" in pdf


def test_sim_says_which_games_it_plays(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "sim", "cards/lantern-tricks", "--games", "5")
    assert (status, out) == (1, [])
    assert err == [
        "cards/lantern-tricks/game.yaml: error[CK401] game 'lantern-tricks' has no 'play:' "
        "declaration; the simulator needs its setup",
        "    hint: the simulator plays deck-builders: each player draws hands from a deck of "
        "their own and acquires cards with one resource, from a market row or supply piles "
        "(see docs/playtesting.md); for such a game declare 'play:' in game.yaml: 'cardkit new "
        "NAME --kind deck-builder' writes a game whose game.yaml has one to copy from. Other "
        "kinds of game (tricks, drafting, play against the game) it cannot play yet; validate, "
        "build and rulebook serve every game",
        "1 error; nothing simulated",
    ]


def test_a_suit_sheet_without_a_deck_points_at_the_card_type(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    yaml_text = (game / "game.yaml").read_text("utf-8")
    cut = yaml_text.replace("    faction: required\n    deck: main\n", "    faction: required\n")
    assert cut != yaml_text
    (game / "game.yaml").write_text(cut, "utf-8")
    status, out, err = run(capsys, "validate", "cards/lantern-tricks")
    assert status == 1
    assert out[:2] == [
        "cards/lantern-tricks/suits.csv:2:1: error[CK022] card belongs to no deck",
        "    hint: add a 'deck' column (or map one in game.yaml's spreadsheet columns); the "
        "value is one of 'main', 'vows', or give card type 'suit' a 'deck' in game.yaml for "
        "all its cards",
    ]
    assert len(out) == 2 * 36  # each of the 36 rows, with its hint
    assert err == ["36 errors, 0 warnings in 56 cards"]


def _refused(capsys: pytest.CaptureFixture[str]) -> list[str]:
    """The diagnostics of `cardkit validate` on a game it refuses (exit status 1)."""
    status, out, _ = run(capsys, "validate", "cards/lantern-tricks")
    assert status == 1
    return out


def _add_vow(game: Path, text: str) -> None:
    with (game / "vows.yaml").open("a", encoding="utf-8") as cards:
        cards.write(f"  - name: Vow of Testing\n    reward: 2\n    text: {text}\n")


HINTS = [
    (  # a zone's word where the grammar reads no zone: declaring it again is no help
        "Lose the first three tricks of the round.",
        "    hint: 'trick' is one of the game's zones, not read as a zone here: rules text "
        "names a zone after 'in', 'from', 'into', 'onto' or 'on top of' ('a card in your hand')",
    ),
    (  # an English verb the game has not declared: declare it, in its base form
        "This card beats every Tide card.",
        "    hint: if 'beats' is a verb of the game, declare it in game.yaml under 'phrasing: "
        "verbs:' (beat: {}); see docs/phrasing.md",
    ),
    (  # after a modal, the word as written
        "You may bid 2 points.",
        "    hint: if 'bid' is a verb of the game, declare it in game.yaml under 'phrasing: "
        "verbs:' (bid: {}); see docs/phrasing.md",
    ),
    (  # a zone the game lacks: declare it
        "Put a card from your hand into your vault.",
        "    hint: the game's zones are 'hand', 'deck', 'trick', 'winnings'; declare new ones "
        "in game.yaml",
    ),
]


@pytest.mark.parametrize(("text", "hint"), HINTS)
def test_the_hint_says_what_to_do(
    game: Path, capsys: pytest.CaptureFixture[str], text: str, hint: str
) -> None:
    _add_vow(game, text)
    out = _refused(capsys)
    assert out[0].startswith("cards/lantern-tricks/vows.yaml:34:")
    assert out[1] == hint


def test_a_value_cut_by_a_comma_in_braces_says_to_quote_it(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    yaml_text = (game / "game.yaml").read_text("utf-8")
    quoted = 'description: "One deal, from the first lead until every hand is empty."'
    assert quoted in yaml_text
    (game / "game.yaml").write_text(yaml_text.replace(quoted, quoted.replace('"', "")), "utf-8")
    out = _refused(capsys)
    assert out == [
        "cards/lantern-tricks/game.yaml:48:47: error[CK021] 'from the first lead until every "
        "hand is empty.' is not a field of spans.round",
        "    hint: if these words are the rest of the value before them: a ',' inside '{...}' "
        "ends a value, so put that value in quotes",
    ]


def test_a_word_that_is_no_verb_gets_no_verb_hint(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _add_vow(game, "This card who shines.")  # 'who' where a verb may stand
    out = _refused(capsys)
    assert len(out) == 1 and "unexpected 'who'" in out[0]


def test_a_badge_a_layout_inherits_is_left_out_with_null(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    vow = game / "layouts" / "vow.yaml"
    vow.write_text(vow.read_text("utf-8").replace("  rank: null\n", ""), "utf-8")
    out = _refused(capsys)
    assert out == [
        "cards/lantern-tricks/layouts/card.yaml:5:9: error[CK209] badge 'rank' of layout 'vow' "
        "shows field 'rank', which card type 'vow' does not have",
        "    hint: layout 'vow' inherits it: write 'rank: null' under 'badges:' in "
        "layouts/vow.yaml to leave it out, or declare the field in card_types.vow.fields",
    ]


@pytest.mark.parametrize(
    "text", ["Win exactly 2 tricks this round.", "Lose 1 point for each of your tricks."]
)
def test_fmt_keeps_a_zone_named_in_the_plural(
    game: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    """'tricks' is the plural of the zone 'trick': fmt rewrote it to '2 trick'."""
    _add_vow(game, text)
    main(["fmt", "cards/lantern-tricks"])
    capsys.readouterr()
    assert f"    text: {text}\n" in (game / "vows.yaml").read_text(encoding="utf-8")
