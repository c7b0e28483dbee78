"""The forms of the core grammar that real card lists write and the family sets test: each
parses in a family game (tests/fixtures/rules/families), prints back to text that parses to the
same value, and has the structure it should. The grammar's own words out of place stay errors."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from cardkit.effects import Ability, Choice, PlayOnlyDuring
from cardkit.effects.core import Act, Costs, Labelled, Nested, Note, free_words
from cardkit.effects.vocab import Vocabulary
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


# The forms the family sets wrote that the core reads now (issue 15), each with neighbours: a
# different number, noun, plural or verb, so that the test proves the form and not one line.
FAMILY_FORMS = [
    ("creatures", "Target creature can't attack or block until your next turn."),
    ("creatures", "Creatures your opponents control can't block or attack this turn."),
    ("creatures", "This can't attack and block."),
    ("creatures", "Each of them doesn't untap during its controller's next untap step."),
    ("creatures", "Target creature doesn't untap during your next untap step."),
    ("creatures", "Creatures you control don't untap this turn."),
    ("creatures", "Doesn't untap during your untap step."),
    ("deckbuilder", "If you do, that Attack doesn't affect you and you draw a card."),
    ("creatures", "Spells you cast cost 1 less."),
    ("creatures", "Creatures you cast cost two less."),
    ("creatures", "Spells your opponents cast during your turn cost 1 more."),
    ("deckbuilder", "While this is in play, cards cost $1 less, but not less than $0."),
    ("deckbuilder", "Action cards cost $2 more this turn."),
    ("deckbuilder", "The next card you buy this turn goes on top of your deck."),
    ("deckbuilder", "The first Action card you play each turn costs $1 less."),
    ("deckbuilder", "Attacks played by other players don't affect you."),
    ("creatures", "Each creature blocked by it gets -1/-0."),
    ("creatures", "As an additional cost to cast this spell, sacrifice a creature."),
    ("creatures", "As an additional cost to cast this, discard two cards."),
    ("creatures", "Deal damage equal to the sacrificed creature's attack to any target."),
    ("creatures", "You gain life equal to target creature's health."),
    ("creatures", "Deal damage equal to that creature's attack to each opponent."),
    ("creatures", "Draw a card and this gets +1/+0 until end of turn."),
    ("creatures", "Untap target creature and it can't block this turn."),
    (
        "creatures",
        "Target creature deals damage equal to its attack to target creature, and that creature "
        "deals damage equal to its attack back.",
    ),
    ("creatures", "You lose 2 life, or 1 life if you control a Skeleton."),
    ("creatures", "Each opponent loses 3 life, or 5 life if you control a Dragon."),
    ("creatures", "Gain 2 life, or 4 life if you control an Elf."),
    ("creatures", "Lose 2 life or 1 life."),
    (
        "creatures",
        "Put any number of them on the bottom of your deck and the rest back on top in any order.",
    ),
    ("creatures", "Put one of them into your hand and the rest on the bottom of your deck."),
    ("deckbuilder", "Put those of that type into your hand and the rest back in any order."),
    ("deckbuilder", "Discard the cards of the named type and the others into your discard pile."),
    ("creatures", "If it had cost 3 or less, its owner also discards a card."),
    ("creatures", "Each opponent also loses 1 life."),
    ("creatures", "You may also draw a card."),
    ("creatures", "Create a token that's a copy of target creature you control."),
    ("creatures", "Create two tokens that are a copy of a creature you control."),
    ("creatures", "Can't be the target of spells."),
    ("creatures", "This can't be the target of spells or abilities your opponents control."),
    ("creatures", "Deal 4 damage divided as you choose among one, two, or three targets."),
    ("creatures", "Deal 5 damage divided as you choose among any number of targets."),
    ("creatures", "Deal 3 damage divided evenly among up to two target creatures."),
    ("creatures", "Destroy two or three target creatures."),
    ("creatures", "Deal 1 damage to each creature your opponents control and to each opponent."),
    ("creatures", "Deal 2 damage to target creature and to its controller."),
    ("creatures", "You gain 1 life for each creature dealt damage this way."),
    ("deckbuilder", "Each player, you included, discards the top card of their deck."),
    ("deckbuilder", "Each other player, you included, gains a Curse."),
    ("deckbuilder", "Each player, including you, draws a card."),
    ("deckbuilder", "Worth 1 VP for each full 10 cards in your deck."),
    ("deckbuilder", "Worth 2 VP for each full 5 Treasure cards in your deck."),
    ("deckbuilder", "+$1 for each full 3 cards in your hand."),
    ("lcg", "The Diver can't access more than 1 card during each run on this server."),
    ("lcg", "The Diver can't access more than two cards this turn."),
    ("lcg", "Play only during a run."),
    ("lcg", "Play only during an encounter."),
    ("lcg", "Each wall protecting this server gets +2 strength."),
    ("lcg", "Each program hosting it gets +1 strength."),
    ("lcg", "Install a program, paying its cost minus the trashed program's cost."),
    ("lcg", "Install a card from the Core in the root of this server, ignoring all costs."),
    ("lcg", "Trash each program in the root of this server."),
    ("lcg", "Subroutine: Trace 3 - If successful, give the Diver 2 tags."),
    ("lcg", "Trash this facility: Trace 4 - If successful, give the Diver 1 tag."),
    ("lcg", "Click, 2 credits: Trace 5 - If successful, end the run."),
    ("lcg", "At the end of your turn, take 1 neural damage."),
    ("lcg", "The first time each turn you would take neural damage, prevent 1 of it."),
    ("lcg", "Prevent up to 3 physical damage."),
    ("lcg", "Prevent all net damage this turn."),
]


@pytest.mark.parametrize(("name", "text"), FAMILY_FORMS, ids=[text for _, text in FAMILY_FORMS])
def test_each_family_form_parses_and_prints_back(name: str, text: str) -> None:
    _parsed(name, text)


def test_actions_joined_by_or_are_the_verb_a_restriction_forbids() -> None:
    effect = _parsed("creatures", "Target creature can't attack or block.").effect
    assert isinstance(effect, Act) and (effect.modal, effect.verb) == ("cannot", "attack or block")


def test_a_negated_verb_keeps_its_words() -> None:
    effect = _parsed("creatures", "Target creature doesn't untap.").effect
    assert isinstance(effect, Act) and (effect.modal, effect.verb) == ("doesn't", "untap")


def test_cost_after_a_relative_clause_is_the_verb_not_a_participle() -> None:
    effect = _parsed("creatures", "Spells you cast cost 1 less.").effect
    assert isinstance(effect, Act) and effect.verb == "cost"
    assert effect.subject is not None
    assert effect.subject.phrase(Vocabulary.of(_game("creatures"))) == "spells you cast"


def test_amounts_alone_after_or_take_the_verb_before_them() -> None:
    effect = _parsed("creatures", "You lose 2 life, or 1 life if you control a Skeleton.").effect
    assert isinstance(effect, Choice)
    assert [option.verb for option in effect.options if isinstance(option, Act)] == ["lose", "lose"]
    assert str(_parsed("creatures", "Gain 2 life or 3 mana.")) == "Gain 2 Life or 3 Mana."


def test_a_label_may_stand_under_another_label_or_after_a_cost() -> None:
    ability = _parsed("lcg", "Subroutine: Trace 3 - If successful, give the Diver 2 tags.")
    assert isinstance(ability.trigger, Nested)
    assert isinstance(ability.trigger.outer, Labelled) and ability.trigger.outer.key == "subroutine"
    assert isinstance(ability.trigger.inner, Labelled) and ability.trigger.inner.values == (3,)
    costly = _parsed("lcg", "Trash this facility: Trace 4 - If successful, give the Diver 1 tag.")
    assert isinstance(costly.trigger, Nested) and isinstance(costly.trigger.outer, Costs)
    assert str(costly).startswith("Trash this facility: Trace 4 - If successful, give ")


def test_play_only_during_a_span_is_anyones() -> None:
    effect = _parsed("lcg", "Play only during a run.").effect
    assert effect == PlayOnlyDuring("run", anyone=True)
    assert _parsed("lcg", "Play only during your turn.").effect == PlayOnlyDuring("")


@pytest.mark.parametrize(
    ("name", "text", "found"),
    [
        ("creatures", "Deal damage equal to the creature's.", "."),  # a field must follow
        ("creatures", "Target creature can't attack or the block.", "the"),
        ("creatures", "Put them on the bottom of your deck and the rest.", "."),  # rest goes where
        ("creatures", "Deal 4 damage divided as you choose among.", "."),
        ("creatures", "Create a token that's a copy of.", "."),
        ("creatures", "Destroy two or target creatures.", "target"),
        ("lcg", "Subroutine: Trace - If successful, give the Diver 1 tag.", "- If successful"),
        ("lcg", "Take 1 neural.", "neural"),  # a damage kind is declared whole
    ],
)
def test_the_new_forms_words_out_of_place_stay_errors(name: str, text: str, found: str) -> None:
    with pytest.raises(RulesTextError) as info:
        parse_ability(text, _game(name))
    assert f"unexpected {found!r}" in str(info.value)
