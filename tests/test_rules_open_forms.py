"""The forms of the core grammar that real card lists write and the family sets test: each
parses in a family game (tests/fixtures/rules/families), prints back to text that parses to the
same value, and has the structure it should. The grammar's own words out of place stay errors."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from cardkit.effects import Ability
from cardkit.effects.core import Costs, Labelled, Note, free_words
from cardkit.errors import RulesTextError
from cardkit.load.game import load_game
from cardkit.model import Game
from cardkit.rules import parse_ability

FAMILIES = Path(__file__).resolve().parent / "fixtures" / "rules" / "families"


@cache
def _game(name: str) -> Game:
    game, found = load_game(FAMILIES / name, name)
    assert game is not None, found
    return game


def _parsed(name: str, text: str) -> Ability:
    ability = parse_ability(text, _game(name))
    assert parse_ability(str(ability), _game(name)) == ability, str(ability)
    return ability


FORMS = [
    # (family, line): one of each form
    ("creatures", "Elves you control have Vigilant."),  # a declared noun, plural as declared
    ("creatures", "Each Skeleton you control gets +1/+0."),
    ("lcg", "Give the Diver 2 tags."),  # two objects
    ("lcg", "Give them 1 tag for each progress counter on it."),
    ("lcg", "Trash an installed program."),  # a participle before cards
    ("lcg", "You may trash 1 installed piece of hardware."),
    ("lcg", "Bypass the Lock you are encountering."),  # a relative clause
    ("lcg", "Place 1 progress counter on an installed card you can advance."),
    ("creatures", "This can't be blocked by creatures with 3 or more attack."),
    ("deckbuilder", "Each other player with 5 or more cards in hand discards a card."),
    ("deckbuilder", "Each other player discards down to 3 cards in his hand."),
    ("deckbuilder", "Gain a card costing up to $4 per Action card you have in play."),
    ("deckbuilder", "Reveal your hand. +$1 for each Farthing in it."),
    ("deckbuilder", "Once per turn: draw a card."),  # frequency frames, a frame with a colon
    ("deckbuilder", "At the start of your next turn: draw a card."),
    ("deckbuilder", "If you do, then at the start of your next turn, draw a card."),
    ("deckbuilder", "Gain a Farthing. (This is not in the Supply.)"),  # a note
    ("deckbuilder", "Reveal every shiny card."),  # free words after a clause
    ("lcg", "When this agenda is scored or stolen, each player gains 3 credits."),
]


@pytest.mark.parametrize(("name", "text"), FORMS, ids=[text for _, text in FORMS])
def test_each_form_parses_and_prints_back(name: str, text: str) -> None:
    _parsed(name, text)


def test_a_label_may_be_followed_by_the_abilitys_cost() -> None:
    ability = _parsed("lcg", "Interface -> 1 credit: Break 1 subroutine on a wall of any type.")
    assert isinstance(ability.trigger, Labelled) and ability.trigger.key == "interface"
    assert isinstance(ability.trigger.costs, Costs)
    assert str(ability).startswith("Interface -> 1 credit: ")


def test_a_sentence_in_parentheses_is_a_note_that_does_nothing() -> None:
    ability = _parsed("deckbuilder", "(This is not in the Supply.)")
    assert ability.effect == Note("This is not in the Supply.")


def test_free_words_are_kept_for_the_spelling_check() -> None:
    assert free_words(_parsed("deckbuilder", "Reveal every shiny card.")) == {"shiny"}
    assert free_words(_parsed("deckbuilder", "Draw a card.")) == frozenset()


@pytest.mark.parametrize(
    ("name", "text", "found"),
    [
        ("deckbuilder", "Gain a card this fortnight.", "this"),  # a span the game lacks
        ("deckbuilder", "Perhaps draw a card.", "Perhaps"),  # no clause starts so
        ("deckbuilder", "Draw the shiny.", "shiny"),  # a card must stand there
        ("lcg", "Draw Draw a card.", "a"),  # a verb is no free word: "Draw" has no object
    ],
)
def test_the_grammars_own_words_out_of_place_stay_errors(name: str, text: str, found: str) -> None:
    with pytest.raises(RulesTextError) as info:
        parse_ability(text, _game(name))
    assert f"unexpected {found!r}" in str(info.value)
