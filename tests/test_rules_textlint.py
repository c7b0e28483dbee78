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


@pytest.mark.xfail(
    strict=True,
    reason="grammar_words() lacks the core verbs 'gain' and 'draw' ('scrap' is Star Realms' now)",
)
def test_the_dictionary_holds_the_grammars_and_the_games_words() -> None:
    assert {"gain", "draw", "scrap", "discard", "top", "a", "an"} <= grammar_words()
    assert {"gold", "royal", "favor", "relic", "relics", "swift", "crypt", "old", "crown"} <= set(
        WORDS
    )
    assert WORDS["favor"] == "Favor"


def _failure(line: str) -> RulesTextError:
    with pytest.raises(RulesTextError) as caught:
        rules_parser(VOCAB).parse_ability(line)
    return caught.value


@pytest.mark.xfail(
    strict=True,
    reason="'Scrap a crad in your hand' no longer gets CK109 'crad' (did you mean 'card'?)",
)
def test_a_slip_at_the_place_parsing_stops_explains_the_failure() -> None:
    line = "Draw draw a card."
    assert explain_failure(line, _failure(line), WORDS) == Finding(
        "CK110", 6, "doubled word 'Draw'", "write 'Draw' once"
    )
    line = "Scrap a crad in your hand. If you do, draw a card."
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
        pytest.param(
            "Gain 2 Glod.",
            8,
            "Glod",
            "Gold",
            marks=pytest.mark.xfail(
                strict=True, reason="'Gain 2 Glod' parses: 'Glod' is read as a card name (CK130)"
            ),
        ),
        pytest.param(
            "Draw a card and gian 2 Gold.",
            17,
            "gian",
            "gain",
            marks=pytest.mark.xfail(
                strict=True, reason="the parser no longer guesses 'gain' for 'gian' after 'and'"
            ),
        ),
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


@pytest.mark.xfail(
    strict=True,
    reason="the parser's guess for 'Draw a crowd.' is now 'owned', not 'card'",
)
def test_a_parse_error_whose_guess_is_not_close_to_the_word_is_kept() -> None:
    line = "Draw a crowd."  # 'crowd' is close to the card name 'Crown', not to 'card'
    assert _failure(line).reason.endswith("(did you mean 'card'?)")
    assert explain_failure(line, _failure(line), WORDS) is None
