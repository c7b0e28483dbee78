"""A second designer's own game, as a new user brings it: Gearwright Guild, a tableau and
engine-building game (tests/fixtures/newuser/gearwright-guild) -- cards bought with Ore,
Timber, Coal and Coins shown as icons, Machines that produce each round, Buildings with
discounts and triggers, Gear, Leaf and Flask icons counted by other cards, landscape
Commissions scored at the end, tarot-sized starting Workshops; its Buildings kept in a CSV
sheet. Each test runs a command as the designer types it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from newuser_helpers import copy_game, run
from pypdf import PdfReader

from cardkit.cli import main
from cardkit.effects.vocab import Vocabulary
from cardkit.load.cards import load_card_set
from cardkit.rules.fmt import declared_capitals, keep_capitals

GAME = Path(__file__).parent / "fixtures" / "newuser" / "gearwright-guild"
CARDS = ["Steam Hammer", "Smithy Row", "Royal Charter", "Riverside Workshop", "Overtime"]


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return copy_game("gearwright-guild", tmp_path, monkeypatch)


def test_the_game_validates_clean(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "validate", "cards/gearwright-guild")
    assert (status, out, err) == (0, [], ["0 errors, 0 warnings in 55 cards"])


def test_the_deck_is_built_and_reads_back(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "build", "cards/gearwright-guild", "--png", "--tts")
    assert (status, out) == (0, [])
    assert err[0] == "wrote output/gearwright-guild/deck.pdf (55 cards, 14 pages)"
    reader = PdfReader(Path("output/gearwright-guild/deck.pdf"))
    assert len(reader.pages) == 14  # 7 sheets, each followed by its backs
    text = " ".join(" ".join(page.extract_text().split()) for page in reader.pages)
    for name in CARDS:
        assert name in text
    # a machine's production: the amounts and the singular the game declares, icons between
    assert "Produces: 1 Ore, 1 Coin" in text and "1 Coins" not in text
    assert "Each round: 2 Timber, 1 Coin" in text  # a tarot-sized workshop
    pngs = {p.name for p in Path("output/gearwright-guild/png").glob("*.png")}
    assert len(pngs) == 56  # 53 different cards and three backs, one a tarot card's
    assert {"back-workshops-tarot.png", "royal-charter.png", "steam-hammer.png"} <= pngs
    tts = json.loads(Path("output/gearwright-guild/tts/gearwright-guild.json").read_text("utf-8"))
    assert tts["ObjectStates"]


def test_the_rulebook_lists_every_card(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "rulebook", "cards/gearwright-guild")
    assert (status, out) == (0, [])
    assert "wrote output/gearwright-guild/reference.pdf" in err
    markdown = Path("output/gearwright-guild/reference.md").read_text("utf-8")
    for name in CARDS:
        assert name in markdown
    assert "| Steam Hammer | Machine | **Smiths** | 3 Ore, 1 Coal | 1 | 1 Ore, 1 Coin |" in markdown
    assert "Durable" in markdown and "This card cannot be discarded from your workshop." in markdown


def test_sim_says_which_games_it_plays(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(capsys, "sim", "cards/gearwright-guild", "--games", "5")
    assert (status, out) == (1, [])
    assert err[0] == (
        "cards/gearwright-guild/game.yaml: error[CK401] game 'gearwright-guild' has no 'play:' "
        "declaration; the simulator needs its setup"
    )
    assert err[-1] == "1 error; nothing simulated"


def _sheet_cost(game: Path, cell: str) -> None:
    """Smithy Row's cost cell in the Buildings sheet, written ``cell``."""
    sheet = game / "buildings.csv"
    text = sheet.read_text("utf-8")
    assert 'Smithy Row,building,smiths,"2 Ore, 1 Timber",' in text
    sheet.write_text(text.replace('"2 Ore, 1 Timber"', cell), "utf-8")


@pytest.mark.parametrize(
    "cell",
    [
        '"2 Ore, 1 Timber"',
        "ore=2; timber=1",
        "ore: 2; timber: 1",
        "Ore 2 / Timber 1",
        "2 ore;1 TIMBER",
    ],
)
def test_a_cost_cell_is_read_as_designers_write_it(game: Path, cell: str) -> None:
    _sheet_cost(game, cell)
    card_set, found = load_card_set(game, "g")
    assert found == [] and card_set is not None
    smithy = next(card for card in card_set.cards if card.name == "Smithy Row")
    assert smithy.get("cost") == {"ore": 2, "timber": 1}


def test_a_cost_cell_in_another_form_says_which_form(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _sheet_cost(game, '"two Ore, 1 Timber"')
    status, out, _ = run(capsys, "validate", "cards/gearwright-guild")
    assert (status, out) == (
        1,
        [
            "cards/gearwright-guild/buildings.csv:2:4: error[CK042] cell D2 of column 'cost' "
            "is 'two Ore, 1 Timber', not amounts such as '2 Ore; 1 Timber'"
        ],
    )


def test_a_resource_the_game_lacks_lists_the_resources(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _sheet_cost(game, '"2 Gems, 1 Timber"')
    status, out, _ = run(capsys, "validate", "cards/gearwright-guild")
    assert (status, out) == (
        1,
        [
            "cards/gearwright-guild/buildings.csv:2:4: error[CK025] unknown cost 'Gems'",
            "    hint: write one of 'ore', 'timber', 'coal', 'coin', 'vp'",
        ],
    )


def _add_scheme(game: Path, text: str) -> None:
    with (game / "schemes.yaml").open("a", encoding="utf-8") as cards:
        cards.write(f'  - {{name: Test Scheme, cost: {{coin: 1}}, text: "{text}"}}\n')


HINTS = [
    (  # an English verb the game has not declared, starting the sentence after a label
        "Action: Barter 3 Coins for 1 VP.",
        "44:57: error[CK101] unexpected 'Barter': expected a number, 'card', a card type or "
        "another word of rules text in rules text of 'test-scheme'",
        "    hint: if 'Barter' is a verb of the game, declare it in game.yaml under 'phrasing: "
        "verbs:' (barter: {}); see docs/phrasing.md",
    ),
    (  # a verb's form with -s: the hint names its stem
        "Hoards 3 Coins.",
        "44:49: error[CK101] unexpected 'Hoards': expected a number, 'card', a card type or "
        "another word of rules text in rules text of 'test-scheme'",
        "    hint: if 'Hoards' is a verb of the game, declare it in game.yaml under 'phrasing: "
        "verbs:' (hoard: {}); see docs/phrasing.md",
    ),
    (  # a resource read as a card's name: no 'did you mean' the word itself
        "Destroy target Ore.",
        "44:64: error[CK130] 'test-scheme' names card 'Ore' in its rules text, which does not "
        "exist: 'Ore' is one of the game's resources, read here as a card's name",
        "    hint: the grammar reads a capitalised word in this place as a card's name: write "
        "the sentence another way (docs/rules-text.md says what it reads)",
    ),
]


@pytest.mark.parametrize(("text", "message", "hint"), HINTS)
def test_the_message_says_what_to_do(
    game: Path, capsys: pytest.CaptureFixture[str], text: str, message: str, hint: str
) -> None:
    _add_scheme(game, text)
    status, out, _ = run(capsys, "validate", "cards/gearwright-guild")
    assert (status, out) == (1, [f"cards/gearwright-guild/schemes.yaml:{message}", hint])


def test_an_icons_word_reads_as_a_noun(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The word a game draws an icon for counts things ('each Flask token'), not a card's
    name the set lacks: the line the designer wrote validates as it is."""
    _add_scheme(game, "Gain 1 VP for each Flask token you have.")
    status, out, _ = run(capsys, "validate", "cards/gearwright-guild")
    assert (status, out) == (0, [])


def test_no_zones_hint_where_the_grammar_stopped_at_its_own_word(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'the' where a zone may stand is no zone the game lacks: declaring one is no help."""
    _add_scheme(game, "Put a card from your the hand.")
    status, out, _ = run(capsys, "validate", "cards/gearwright-guild")
    assert (status, out) == (
        1,
        [
            "cards/gearwright-guild/schemes.yaml:44:70: error[CK101] unexpected 'the': "
            "expected 'card', a card type, a zone or another word of rules text in rules text "
            "of 'test-scheme'"
        ],
    )


def test_an_undeclared_verb_after_a_label_gets_the_verb_hint(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The designer's first run, before 'trade' was declared: Exchange Hall's 'Action: Trade
    3 Coins for 1 VP.' said only "unexpected 'Trade'"; and 'Trades' is 'trade', not 'trad'."""
    yaml_text = (game / "game.yaml").read_text("utf-8")
    assert "    trade: {}\n" in yaml_text
    (game / "game.yaml").write_text(yaml_text.replace("    trade: {}\n", ""), "utf-8")
    _add_scheme(game, "Trades 3 Coins for 1 VP.")
    status, out, _ = run(capsys, "validate", "cards/gearwright-guild")
    assert status == 1
    assert out == [
        "cards/gearwright-guild/buildings.csv:14:7: error[CK101] unexpected 'Trade': expected "
        "a number, 'card', a card type or another word of rules text in rules text of "
        "'exchange-hall'",
        "    hint: if 'Trade' is a verb of the game, declare it in game.yaml under 'phrasing: "
        "verbs:' (trade: {}); see docs/phrasing.md",
        "cards/gearwright-guild/schemes.yaml:44:49: error[CK101] unexpected 'Trades': expected "
        "a number, 'card', a card type or another word of rules text in rules text of "
        "'test-scheme'",
        "    hint: if 'Trades' is a verb of the game, declare it in game.yaml under 'phrasing: "
        "verbs:' (trade: {}); see docs/phrasing.md",
    ]


PLAY = """
play:
  players: 2
  acquire_with: coin
  starting_deck: {night-shift: 2}
  market: {deck: market, size: 5}
  win: {by: points, field: vp}
  end: {turns: 16}
"""


def test_sim_says_once_that_costs_in_several_resources_are_not_played(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The designer declares 'play:' after reading CK401: one error at the cost, not a
    CK404 'has no whole-number cost' (hint: 'give the card a cost') for each of 53 cards."""
    with (game / "game.yaml").open("a", encoding="utf-8") as yaml_file:
        yaml_file.write(PLAY)
    status, out, err = run(capsys, "sim", "cards/gearwright-guild", "--games", "2")
    assert (status, out) == (1, [])
    assert err == [
        "cards/gearwright-guild/game.yaml:118:3: error[CK407] play: the cards' 'cost' is a "
        "resources field, not a whole number: the simulator plays cards that cost an amount "
        "of one resource ('acquire_with')",
        "1 error; nothing simulated",
    ]


def test_sim_names_the_label_it_cannot_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A label of the game's own with no meaning the engine plays ('End of game:') was
    reported as "cannot execute 'Labelled'"."""
    monkeypatch.chdir(tmp_path)
    assert main(["new", "Harbour Lords", "--kind", "deck-builder"]) == 0
    folder = tmp_path / "cards" / "harbour-lords"
    yaml_text = (folder / "game.yaml").read_text("utf-8")
    labels = "  labels:\n"
    assert labels in yaml_text
    (folder / "game.yaml").write_text(
        yaml_text.replace(labels, labels + "    end-of-game: {text: End of game}\n"), "utf-8"
    )
    (folder / "market" / "scores.yaml").write_text(
        "- {name: Tally Clerk, type: agent, faction: tide, deck: market, cost: 2, "
        "text: 'End of game: Gain 2 Coin.'}\n",
        "utf-8",
    )
    capsys.readouterr()
    status, out, err = run(capsys, "sim", "cards/harbour-lords", "--games", "2")
    assert (status, out) == (1, [])
    assert err == [
        "cards/harbour-lords/market/scores.yaml:1:81: error[CK403] the simulator cannot "
        "execute 'Labelled: End of game' in rules text of 'tally-clerk'",
        "    hint: the engine runs a label the game gives a meaning it plays ('means: bond' or "
        "'means: cost' under 'phrasing: labels:', docs/phrasing.md); this one has none",
        "1 error; nothing simulated",
    ]


def test_fmt_keeps_the_capitals_the_game_declares(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """fmt rewrote 17 cards, lowercasing 'Machine', 'Building' and 'Gear icon' in every line
    that named them, and refused the sheet's five (CK014): the game declares them capitalised
    and writes them so."""
    status, out, err = run(capsys, "fmt", "cards/gearwright-guild", "--check")
    assert (status, out, err) == (0, [], ["0 cards would be reformatted, 53 already canonical"])


@pytest.mark.parametrize(
    ("old", "new", "kept"),
    [
        (  # the game's capitals, as written
            "Whenever you play a Machine, gain 1 ore.",
            "Whenever you play a machine, gain 1 Ore.",
            "Whenever you play a Machine, gain 1 Ore.",
        ),
        (
            "Gear cards cost 1 Ore less.",
            "gear cards cost 1 Ore less.",
            "Gear cards cost 1 Ore less.",
        ),
        (  # written lowercase, as Star Realms writes 'ship': lowercase it stays
            "Whenever you play a machine, gain 1 ore.",
            "Whenever you play a machine, gain 1 Ore.",
            "Whenever you play a machine, gain 1 Ore.",
        ),
        (  # the plural of a declared name
            "Your Machines cost 1 Coin less.",
            "Your machines cost 1 Coin less.",
            "Your Machines cost 1 Coin less.",
        ),
    ],
)
def test_keep_capitals(old: str, new: str, kept: str) -> None:
    card_set, _ = load_card_set(GAME, "g")
    assert card_set is not None
    capitals = declared_capitals(Vocabulary.of(card_set.game))
    assert {"machine", "machines", "gear", "building"} <= set(capitals)
    assert keep_capitals(old, new, capitals) == kept


def test_a_relative_what_is_no_slip_for_that(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'Collect what one of your Machines produces.' was warned: "'what' is read only as
    written; with 'that' the rest of the line reads" (CK115) -- correct English flagged."""
    yaml_text = (game / "game.yaml").read_text("utf-8")
    (game / "game.yaml").write_text(
        yaml_text.replace("    trade: {}\n", "    trade: {}\n    collect: {}\n"), "utf-8"
    )
    _add_scheme(game, "Collect what one of your Machines produces.")
    status, out, err = run(capsys, "validate", "cards/gearwright-guild")
    assert (status, out, err) == (0, [], ["0 errors, 0 warnings in 56 cards"])


def test_the_rulebook_pdf_draws_svg_icons(game: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The icon reference and the rules text of the rulebook's PDF drew only bitmap icons:
    an SVG icon (every icon of this game) left its word alone, unlike on the cards."""
    gear = game / "icons" / "gear.svg"
    gear.write_text(gear.read_text("utf-8").replace("#555", "#123456"), "utf-8")
    status, _, _ = run(capsys, "rulebook", "cards/gearwright-guild", "--format", "pdf")
    assert status == 0
    reader = PdfReader("output/gearwright-guild/reference.pdf")
    drawn = b"\n".join(page.get_contents().get_data() for page in reader.pages)
    assert b".070588 .203922 .337255 rg" in drawn  # the gear's fill, drawn as vectors


def test_a_noun_with_a_digit_says_what_a_noun_is_written_with(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'phrasing.nouns[0] 'Gear2 icon' is not the required form': which form?"""
    yaml_text = (game / "game.yaml").read_text("utf-8")
    (game / "game.yaml").write_text(
        yaml_text.replace("  nouns: [Gear icon,", "  nouns: [Gear2 icon, Gear icon,"), "utf-8"
    )
    status, out, _ = run(capsys, "validate", "cards/gearwright-guild")
    assert (status, out) == (
        1,
        [
            "cards/gearwright-guild/game.yaml:115:11: error[CK026] phrasing.nouns[0] 'Gear2 "
            "icon' is not words of letters, spaces, '-' and \"'\" (no digits)"
        ],
    )
