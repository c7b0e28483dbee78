"""Spelling (CK109) against the game's words and English: correct card-game English is never
flagged, planted typos are found with the word meant, and a correctly spelt word the grammar
cannot take leaves the parse error standing.

Game jargon: a word English has ('subroutine', 'trash', 'install', 'scrap', 'ally', 'mill')
is known to every game; a coinage English lacks ('rez', 'deathtouch', 'unblockable') is
known to a game that declares it (as a keyword, resource, card type, ... or card name),
with its plurals, possessives and verb forms ('rezzed').
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardkit.cli import main
from cardkit.effects.vocab import Vocabulary
from cardkit.errors import RulesTextError
from cardkit.load.cards import load_card_set
from cardkit.rules.check import check_card_text
from cardkit.rules.parser import rules_parser
from cardkit.rules.textlint import Finding, dictionary, explain_failure, misspelt, named_spans

ROOT = Path(__file__).resolve().parent.parent
# Every game folder whose text is correct English: the sample games, and the rules fixtures
# written in the words of other card-game families.
GAMES = sorted(
    path.parent
    for pattern in ("cards/*/game.yaml", "tests/fixtures/rules/*/game.yaml")
    for path in ROOT.glob(pattern)
    if path.parent.name not in ("game",)  # tests/fixtures/rules/game plants slips
)
# The family sets coin words (Untap, Derez) that their phrasing declarations name.
FAMILIES = sorted(ROOT.glob("tests/fixtures/rules/families/*/"))

# A living-card-game-like vocabulary, with words English lacks (Zorblak, Rez, Deathtouch).
VOCAB = Vocabulary(
    resources=(("credit", "Credit"), ("click", "Click"), ("gold", "Gold")),
    factions=(("zorblak", "Zorblak Horde"),),
    card_types=(("program", "Program"), ("agenda", "Agenda"), ("hardware", "Hardware")),
    keywords=(("deathtouch", "Deathtouch"), ("rez", "Rez")),
    zones=(("hand", "your", "hand"), ("heap", "your", "heap"), ("archives", "the", "archives")),
)
WORDS = dictionary(VOCAB, ["Quick Draw", "Old Crown"])
PLAIN = dictionary(Vocabulary())  # a game that declares nothing

CORRECT = (
    "pay Pay when When whenever Whenever installed installs installing trash trashes trashed "
    "trashing scrap scrapped scrapping per subroutine subroutines discards shuffled reveal "
    "sacrifice exhausted untapped opponent's owner's can't doesn't unless until instead "
    "face-down and/or non-Zorblak etc "
    # the game's own words, with plurals, possessives and verb forms
    "Zorblak Zorblaks Zorblak's Horde rezzed rezzes rezzing Deathtouch Programs agendas "
    "credits clicks heap archives Crown "
    # not checked: capitals, single letters, words with digits
    "HP ATK X D6 2nd"
)

# (typo, the word meant): transpositions, dropped, doubled and wrong letters, in ordinary
# words and in the game's own.
PLANTED = [
    ("drwa", "draw"),
    ("opponnet", "opponent"),
    ("shufle", "shuffle"),
    ("installled", "installed"),
    ("revael", "reveal"),
    ("discerd", "discard"),
    ("destory", "destroy"),
    ("Credt", "Credit"),
    ("Progam", "Program"),
    ("Agneda", "Agenda"),
    ("Zorbalk", "Zorblak"),
    ("damge", "damage"),
    ("sacrifise", "sacrifice"),
    ("untill", "until"),
    ("whenver", "whenever"),
    ("harware", "Hardware"),
    ("prevint", "prevent"),
    ("seach", "search"),
    ("tokn", "token"),
    ("Glod", "Gold"),
]


def test_correct_card_game_english_and_the_games_words_are_not_flagged() -> None:
    assert len(CORRECT.split()) >= 40
    assert misspelt(CORRECT, WORDS) == []


def test_english_jargon_is_known_to_every_game_and_coinages_only_when_declared() -> None:
    for word in ["subroutine", "trash", "install", "scrap", "ally", "mill", "Exhaust"]:
        assert PLAIN.knows(word), word
    for word in ["rez", "rezzed", "Deathtouch", "Zorblak"]:
        assert not PLAIN.knows(word) and WORDS.knows(word), word


def test_each_planted_typo_is_found_and_most_hints_are_the_word_meant() -> None:
    assert len(PLANTED) == 20
    line = " ".join(typo for typo, _ in PLANTED)
    found = misspelt(line, WORDS)
    assert [f.word for f in found] == [typo for typo, _ in PLANTED]
    right = [
        f.word
        for f, (_, meant) in zip(found, PLANTED, strict=True)
        if f.message.endswith(f"{meant!r}?)")
    ]
    assert len(right) >= 18, [f.message for f in found]


def test_a_misspelt_word_is_found_at_its_column_with_its_hint() -> None:
    assert misspelt("Rez a Progam, then gain 2 Credt.", WORDS) == [
        Finding(
            "CK109",
            7,
            "unknown word 'Progam' (did you mean 'Program'?)",
            "fix the spelling, or declare the word in game.yaml if it is the game's",
            "Progam",
        ),
        Finding(
            "CK109",
            27,
            "unknown word 'Credt' (did you mean 'Credit'?)",
            "fix the spelling, or declare the word in game.yaml if it is the game's",
            "Credt",
        ),
    ]


def test_a_word_neither_list_knows_nor_comes_close_to_is_flagged_without_a_hint() -> None:
    (found,) = misspelt("Quasarflux the run.", WORDS)
    assert found.message == "unknown word 'Quasarflux'"


def test_a_hint_two_edits_away_is_given_when_none_is_one_away() -> None:
    assert WORDS.hint("Zrblk") == ("Zorblak", 2)
    assert WORDS.hint("oppnnt") == ("opponent", 2)


def _failure(line: str) -> RulesTextError:
    with pytest.raises(RulesTextError) as caught:
        rules_parser(VOCAB).parse_ability(line)
    return caught.value


def _explained(line: str) -> Finding | None:
    parser = rules_parser(VOCAB)

    def parse(text: str) -> object:
        try:
            return parser.parse_ability(text)
        except RulesTextError as exc:
            return exc

    return explain_failure(line, _failure(line), WORDS, parse)


@pytest.mark.parametrize(
    "line",
    [
        "Pay 1 Credit then draw a card.",  # the lines before this grammar now parse
        "When you play this card draw a card.",
        "Whenever you rez a Program gain 1 Credit.",
        "Trash a card from your hand.",
        "Perhaps gain 1 Credit.",  # an English word where no clause starts
        "Draw the shiny.",  # an English word where a card must stand
    ],
)
def test_a_correctly_spelt_word_where_parsing_stops_leaves_the_parse_error(line: str) -> None:
    assert not _failure(line).reason.startswith("unknown word")
    assert _explained(line) is None


def test_a_misspelt_word_where_parsing_stops_is_ck109_with_the_word_meant() -> None:
    explained = _explained("Drwa a card.")
    assert explained is not None
    assert explained.message == "unknown word 'Drwa' (did you mean 'Draw'?)"


@pytest.mark.xfail(
    strict=True,
    reason="'Gain 2 Comabt' parses (a card named 'Comabt' to the grammar), so there is no parse "
    "error to explain; validate gives CK109 with the hint instead (see "
    "test_a_misspelt_word_read_as_a_card_name_is_ck109_with_the_word_meant)",
)
def test_where_the_word_meant_cannot_stand_either_ck109_says_what_may() -> None:
    """'combat' is English but not a resource of a game without it: the hint does not hide
    what the parse error says."""
    parser = rules_parser(Vocabulary(resources=(("trade", "Trade"),)))
    line = "Gain 2 Comabt."
    with pytest.raises(RulesTextError) as caught:
        parser.parse_ability(line)

    def parse(text: str) -> object:
        try:
            return parser.parse_ability(text)
        except RulesTextError as exc:
            return exc

    explained = explain_failure(line, caught.value, PLAIN, parse)
    assert explained is not None and explained.message == (
        "unknown word 'Comabt' (did you mean 'Combat'?); expected a resource here"
    )


@pytest.mark.parametrize(
    "game",
    [*GAMES, *FAMILIES],
    ids=[g.name for g in (*GAMES, *FAMILIES)],
)
def test_the_games_text_has_no_misspelt_word(
    game: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["validate", str(game), "--format", "json"])
    found = json.loads(capsys.readouterr().out)
    assert [d["message"] for d in found if d["code"] == "CK109"] == []


@pytest.mark.parametrize("games", [GAMES, FAMILIES], ids=["samples", "families"])
def test_the_sample_games_have_no_unknown_word_in_any_line(games: list[Path]) -> None:
    """Every word of every line, not only of the lines that do not parse (where validate
    looks): the words a game writes are its own or English."""
    for game in games:
        card_set, _ = load_card_set(game, game.name)
        assert card_set is not None
        words = dictionary(Vocabulary.of(card_set.game), [c.name for c in card_set.cards])
        for card in card_set.cards:
            for line in card.text.split("\n"):
                assert misspelt(line, words) == [], (game.name, card.id, line)


FIXTURE_GAME = ROOT / "tests" / "fixtures" / "rules" / "game" / "game.yaml"


def _diagnosed(tmp_path: Path, *lines: str) -> list[tuple[str, str, int, str]]:
    """(code, severity, column, message) of the CK109/CK130 that checking the card with
    ``lines`` of text (and a card 'Pikeman') gives, in the made-up game of the rules tests."""
    (tmp_path / "game.yaml").write_text(FIXTURE_GAME.read_text(encoding="utf-8"), encoding="utf-8")
    text = "".join(f"      {line}\n" for line in lines)
    (tmp_path / "cards.yaml").write_text(
        "cards:\n  - {name: Pikeman, type: unit, deck: market, cost: 2}\n"
        f"  - name: Scout\n    type: unit\n    deck: market\n    cost: 1\n    text: |-\n{text}",
        encoding="utf-8",
    )
    card_set, found = load_card_set(tmp_path, str(tmp_path))
    assert card_set is not None and found == []
    return [
        (d.code, d.severity.value, d.location.column, d.message.split(" in rules text")[0])
        for d in check_card_text(card_set)
        if d.code in ("CK109", "CK130")
    ]


def test_a_misspelt_word_read_as_a_card_name_is_ck109_with_the_word_meant(
    tmp_path: Path,
) -> None:
    """'Glod' is no card of the set, and neither the game nor English knows the word: a
    misspelling (an error: the line names a card that is not there), not an unknown card."""
    assert _diagnosed(tmp_path, "Gain 2 Glod.", "Draw a card. Gain 1 Royal Favr.") == [
        ("CK109", "error", 14, "unknown word 'Glod' (did you mean 'Gold'?)"),
        ("CK109", "error", 33, "unknown word 'Favr' (did you mean 'Favor'?)"),
    ]


def test_a_card_name_in_quotes_or_in_known_words_is_ck130(tmp_path: Path) -> None:
    """Meant as a name: in quotes ('"Pikemn"', spelt or not), or in words the game or English
    knows ('Gold Coin'): an unknown card, with the card meant. Written bare in words nobody
    knows ('Pikemen'), it is a misspelling, with the card meant."""
    found = _diagnosed(tmp_path, 'Gain a "Pikemn".', "Gain a Gold Coin.", "Gain a Pikemen.")
    assert found == [
        (
            "CK130",
            "error",
            15,
            "'scout' names card 'Pikemn' in its rules text, which does not "
            "exist (did you mean 'Pikeman'?)",
        ),
        (
            "CK130",
            "error",
            14,
            "'scout' names card 'Gold Coin' in its rules text, which does not "
            "exist (did you mean 'Gold'?)",
        ),
        ("CK109", "error", 14, "unknown word 'Pikemen' (did you mean 'Pikeman'?)"),
    ]


def test_a_card_named_after_named_is_not_spelt() -> None:
    line = 'Reveal cards until you reveal a card named Glod Wagon, then one named "Zorbx".'
    assert named_spans(line) == [(38, 54), (71, 78)]
    assert misspelt(line, WORDS, skip=named_spans(line)) == []
    assert [f.word for f in misspelt(line, WORDS)] == ["Glod", "Zorbx"]


def test_a_misspelt_word_of_a_line_that_parses_is_an_error(tmp_path: Path) -> None:
    """The grammar takes the words of a condition as they come ('Whenever a unit dies'):
    a misspelling there is still found, and is an error (the line parses only by reading
    the word as written)."""
    assert _diagnosed(tmp_path, "Whenever another unt dies, gain 1 Gold.") == [
        ("CK109", "error", 24, "unknown word 'unt' (did you mean 'Unit'?)"),
    ]
