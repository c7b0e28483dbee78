"""Typing slips, as a table of messages and the lines (with the column) that produce them;
and the dictionary that spelling is checked against."""

from __future__ import annotations

import pytest

from cardkit.effects.vocab import Vocabulary
from cardkit.errors import RulesTextError
from cardkit.rules.parser import rules_parser
from cardkit.rules.textlint import (
    Finding,
    curly,
    dictionary,
    doubled,
    explain_failure,
    grammar_words,
    misspelt,
    parameter_spans,
    unbalanced,
)

VOCAB = Vocabulary(
    resources=(("gold", "Gold"), ("favor", "Royal Favor")),
    card_types=(("relic", "Relic"),),
    keywords=(("swift", "Swift"),),
    zones=(("hand", "your", "hand"), ("crypt", "your", "crypt")),
)
WORDS = dictionary(VOCAB, ["Old Crown"])

SLIPS: list[tuple[str, list[tuple[str, int]]]] = [
    ("doubled word 'draw'", [("Gain 1 Gold and draw draw a card.", 22)]),
    ("doubled word 'Gold'", [("Gain 2 Gold {Gold}.", 14)]),
    ("'{' is never closed", [("{Gain 2 Gold", 1), ("{Gain {2} Gold", 1)]),
    ("')' closes nothing", [("Swift 2).", 8)]),
    ("'(' is never closed", [("Swift(2.", 6)]),
    ("typographic quote '\u2019' where the set uses straight ones", [("you\u2019ve", 4)]),
    ("unknown word 'Glod' (did you mean 'Gold'?)", [("Gain 2 Glod.", 8)]),
    ("unknown word 'crpyt' (did you mean 'crypt'?)", [("Scrap a card in your crpyt.", 22)]),
    ("unknown word 'Crwn' (did you mean 'Crown'?)", [("Old Crwn", 5)]),
]


@pytest.mark.parametrize(("message", "lines"), SLIPS, ids=[m for m, _ in SLIPS])
def test_each_slip_is_found_at_its_column(message: str, lines: list[tuple[str, int]]) -> None:
    for line, column in lines:
        found = [*doubled(line), *unbalanced(line), *curly(line), *misspelt(line, WORDS)]
        assert [(f.message, f.column) for f in found] == [(message, column)], line


def test_clean_lines_have_no_slips() -> None:
    for line in ["Gain 2 Gold and 1 Royal Favor.", "Swift(2). Draw a card.", "{Gain 2 Gold}"]:
        assert [*doubled(line), *unbalanced(line), *curly(line), *misspelt(line, WORDS)] == []


def test_the_dictionary_holds_the_grammars_and_the_games_words() -> None:
    assert {"gain", "draw", "draws", "drawn", "discard", "top", "a", "an"} <= grammar_words()
    assert "scrap" not in grammar_words()  # Star Realms' verb: its game.yaml declares it
    assert {"gold", "royal", "favor", "relic", "relics", "swift", "crypt", "old", "crown"} <= set(
        WORDS
    )
    assert WORDS["favor"] == "Favor"


def _failure(line: str) -> RulesTextError:
    with pytest.raises(RulesTextError) as caught:
        rules_parser(VOCAB).parse_ability(line)
    return caught.value


def test_a_slip_at_the_place_parsing_stops_explains_the_failure() -> None:
    line = "Draw draw a card."
    assert explain_failure(line, _failure(line), WORDS) == Finding(
        "CK110", 6, "doubled word 'Draw'", "write 'Draw' once"
    )
    line = "Discard the crad from your hand. If you do, draw a card."
    explained = explain_failure(line, _failure(line), WORDS)
    assert (
        explained is not None and explained.message == "unknown word 'crad' (did you mean 'card'?)"
    )


SPELL = "fix the spelling, or declare the word in game.yaml if it is the game's"


@pytest.mark.parametrize(
    ("line", "column", "word", "meant"),
    [
        ("Drwa a card.", 1, "Drwa", "Draw"),  # the first word, capitalised as written
        ("Gian 2 Gold.", 1, "Gian", "Gain"),
        ("Discard the crad.", 13, "crad", "card"),  # a word of the grammar's own
        ("Draw the relix.", 10, "relix", "relic"),  # the parser's guess: a card type goes there
    ],
)
def test_a_misspelt_word_where_parsing_stops_is_ck109_with_the_parsers_guess(
    line: str, column: int, word: str, meant: str
) -> None:
    assert f"did you mean '{meant.lower()}'" in _failure(line).reason.lower()
    assert explain_failure(line, _failure(line), WORDS) == Finding(
        "CK109", column, f"unknown word {word!r} (did you mean {meant!r}?)", SPELL, word
    )


def test_a_misspelt_word_the_parser_cannot_guess_is_ck109_with_the_dictionarys_hint() -> None:
    """After 'and', the grammar joins cards, not verbs: the parser has no guess for 'gian';
    the dictionary has."""
    line = "Draw a card and gian 2 Gold."
    assert "did you mean" not in _failure(line).reason
    assert explain_failure(line, _failure(line), WORDS) == Finding(
        "CK109", 17, "unknown word 'gian' (did you mean 'gain'?)", SPELL, "gian"
    )


def test_a_word_spelt_right_where_parsing_stops_keeps_the_parse_error_with_no_far_guess() -> None:
    line = "Draw the crowd."  # 'crowd' is English; 'card' and 'Crown' are not what was meant
    assert _failure(line).reason.startswith("unexpected 'crowd': expected ")
    assert "did you mean" not in _failure(line).reason
    assert explain_failure(line, _failure(line), WORDS) is None


@pytest.mark.parametrize(
    ("line", "found"),
    [
        ("Draw the wizard.", "wizard"),  # not 'card': three edits away
        ("Gain 2 Gold,.", ","),  # punctuation is not misspelt
        ("Draw a card by by.", "by"),  # too short to guess ('buy')
    ],
)
def test_the_parser_guesses_no_word_far_from_the_one_written(line: str, found: str) -> None:
    failure = _failure(line)
    assert failure.found == found and failure.suggestion == ""
    assert "did you mean" not in failure.reason


def test_a_parameter_of_a_keyword_is_not_spelt_but_reminder_text_is() -> None:
    line = "Swift(Sea Fok). Swift (Draw a crad.)"
    assert parameter_spans(line, ["Swift"]) == [(7, 14)]
    assert [f.word for f in misspelt(line, WORDS, skip=parameter_spans(line, ["Swift"]))] == [
        "crad"
    ]
