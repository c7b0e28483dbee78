"""The forms of the core grammar that real card lists write and the family sets test: each
parses in a family game (tests/fixtures/rules/families), prints back to text that parses to the
same value, and has the structure it should. The grammar's own words out of place stay errors."""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cardkit.effects import Ability, Choice, PlayOnlyDuring
from cardkit.effects.combinators import And, Sequence
from cardkit.effects.core import Act, Costs, Labelled, Nested, Note, Under, free_words
from cardkit.effects.vocab import Vocabulary
from cardkit.errors import RulesTextError
from cardkit.load.cards import load_card_set
from cardkit.load.game import load_game
from cardkit.model import Game
from cardkit.rules import parse_ability
from cardkit.rules.context import parse_set
from cardkit.rules.references import check_references

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


# with neighbours (other numbers, nouns, verbs, games).
TAIL_FORMS = [
    # a verb whose participle is written alike, after a plural subject
    ("deckbuilder", "Treasure cards cost 2 Coins less this turn."),
    ("deckbuilder", "While this is in play, cards cost 1 Coin less."),
    ("creatures", "Spells you cast cost 2 Mana more."),
    # a time after the clause
    ("deckbuilder", "Set aside a card from your hand, and put it into your hand at end of turn."),
    ("deckbuilder", "Put it into your hand at the end of this turn."),
    ("deckbuilder", "Gain 2 Coins at the start of your next turn."),
    ("lcg", "Gain 1 credit at the start of your turn."),
    # what an amount buys, as the game's shorthand
    ("deckbuilder", "You may discard 3 cards for +2 Cards."),
    ("deckbuilder", "You may pay 1 Favor for +1 Card."),
    ("deckbuilder", "Discard any number of cards for +1 Card each."),
    # a resource lowered
    ("deckbuilder", "Worth -2 VP."),
    ("deckbuilder", "-1 Coin per Curse in your hand."),
    ("creatures", "-3 Life."),
    # frames
    ("deckbuilder", "Once this turn, when you trash a card, +1 Card."),
    ("creatures", "As an additional cost to cast this spell, discard a card."),
    ("lcg", "As an additional cost to install this program, lose 1 credit."),
    ("deckbuilder", "For each Curse you have, lose 1 VP."),
    ("deckbuilder", "For each 2 Coins you spent, draw a card."),
    ("deckbuilder", "In games using this, when you buy a Victory card, gain a Farthing."),
    ("deckbuilder", "Either now or at the start of your next turn, +2 Cards."),
    # an adverb before the verb
    ("deckbuilder", "You may first trash this from your hand."),
    ("creatures", "You may immediately sacrifice it."),
    # piles
    ("deckbuilder", "Draw a card per empty Supply pile."),
    ("deckbuilder", "Return it to its pile."),
    ("deckbuilder", "Add a token to a Kingdom pile."),
    ("deckbuilder", "+1 Coin per differently named Treasure you have in play."),
    # manner, recipients, places
    ("deckbuilder", "Repeat as desired."),
    ("deckbuilder", "You may pay 1 Favor for it."),
    ("deckbuilder", "Take 1 VP from here."),
    ("deckbuilder", "Add a token here."),
    # an option line that names its cards first
    ("deckbuilder", "Treasure card, +2 Cards"),
    ("deckbuilder", "Action card, gain a Farthing."),
    ("deckbuilder", "Victory card, +1 Card and +1 Action."),
    # a card's name as the subject
    ("deckbuilder", "Hollow Lantern gains 2 Coins."),
    ("lcg", "Rusted Gate can be advanced."),
    ("creatures", "Ashen Titan deals 3 damage to each creature."),
    # options separated by semicolons alone
    ("deckbuilder", "Choose two different options: +1 Card; +1 Action; +1 Buy."),
    ("creatures", "Choose two: draw a card; gain 2 Life; each opponent loses 1 Life."),
    # a negation before the verb
    ("deckbuilder", "When another player plays an Attack card, it doesn't affect you."),
    # an amount counted out
    ("deckbuilder", "+1 Card per 2 Coins it costs."),
    ("lcg", "Gain 1 credit for each 2 credits it costs."),
    # a declared verb inflected like the core verb it ends with ("set aside", "overpay")
    ("deckbuilder", "Put the set aside cards into your hand."),
    # counters called tokens, "each of up to"
    ("lcg", "Place 1 progress token on each of up to 2 installed cards."),
    # "per player", "the third time", "directly after", "for the rest of the game"
    ("deckbuilder", "Put 3 VP here per player."),
    ("deckbuilder", "The third time you trash a card this turn, +1 Card."),
    ("deckbuilder", "Directly after you play an Attack, you may call this."),
    ("lcg", "Immediately before you install a program, gain 1 credit."),
    ("deckbuilder", "For the rest of the game, when you gain a Victory card, +1 Coin."),
    ("creatures", "For the rest of this turn, creatures you control get +1/+0."),
    # how many times, an additional amount, what follows a clause
    ("deckbuilder", "You may play an Action card from your hand three times."),
    ("lcg", "Expose a card 2 times."),
    ("deckbuilder", "Gain an additional 2 Coins."),
    ("creatures", "Gain an extra 3 Life."),
    ("deckbuilder", "Take an extra turn after this one, in which you draw only 3 cards."),
    ("creatures", "Cast a spell from your graveyard without paying its cost."),
    ("deckbuilder", "When scoring, 3 VP if you have at least 6 Farthings."),
    ("deckbuilder", "Skip a turn."),
    # ", for +N", "at the end of the game", "only" before the subject
    ("deckbuilder", "You may discard 3 cards, for +1 Card."),
    ("deckbuilder", "You may trash this, for +2 Coins."),
    ("deckbuilder", "Return them to your deck at the end of the game."),
    ("lcg", "Only the Diver can use this ability."),
    ("creatures", "Only you can cast this spell."),
    # "from being ...", a resource counted out, zones joined by "or"
    ("lcg", "Protect an installed program from being exposed."),
    ("creatures", "Prevent target creature from being destroyed."),
    ("lcg", "You may pay 1 credit for each tag you have."),
    ("lcg", "Search your stack or your junkpile for a program and reveal it."),
    # a comma and "and" before the last of a list; "other than"; "as" after a clause
    ("deckbuilder", "Gain a Hamlet, a Farthing, and a Barony."),
    ("creatures", "Target creature gains Swift, Soaring, and Vigilant this turn."),
    ("deckbuilder", "Trash a Treasure other than a Farthing."),
    ("creatures", "Destroy a creature other than a Dragon."),
    ("deckbuilder", "You may set aside any Action cards drawn this way, as you draw them."),
    ("lcg", "Install it as a program."),
    # "and/or" before a verb, "for each" at the end, "in this way"
    ("deckbuilder", "Trash a card and/or gain a Farthing."),
    ("creatures", "Destroy target relic and/or deal 2 damage to any target."),
    ("deckbuilder", "Discard any number of cards and gain 1 Coin for each."),
    ("lcg", "Gain 2 credits for each card trashed in this way."),
    # a choice after "Choose one:"
    ("deckbuilder", "Choose one: +3 Cards, or +2 Actions."),
    ("creatures", "Choose one: draw a card or gain 3 Life."),
    # "either" before the verbs of a choice, an adverb after a subject
    ("deckbuilder", "Each player may either trash a card from their hand or draw a card."),
    ("creatures", "Each opponent either sacrifices a creature or loses 3 Life."),
    ("lcg", "You may either install a program or gain 2 credits."),
    ("lcg", "The Diver immediately loses 1 credit."),
    # cards alike in something: "with the same ...", "of the same ..."
    ("deckbuilder", "Trash any number of cards with the same name from your hand."),
    ("deckbuilder", "Each other player gains a card with the same cost."),
    ("deckbuilder", "Discard 2 cards of the same type."),
    ("creatures", "Destroy each creature with the same attack."),
    # a bound before a number: "at least", "at most"
    ("deckbuilder", "Each other player with at least 5 cards in hand discards a card."),
    ("creatures", "Each opponent with at most 2 cards in hand draws a card."),
    ("creatures", "Destroy target creature with at least 4 attack."),
    # a count of cards searched for
    ("lcg", "Search your stack for 1 program and reveal it."),
    ("lcg", "Search your stack for 2 cards and add them to your rig."),
    ("deckbuilder", "Search your deck for 2 Treasure cards and put them into your hand."),
    # one of several zones of a kind
    ("lcg", "Install a facility in a remote annex."),
    ("lcg", "Access a remote annex."),
    ("lcg", "Install an agenda in any remote annex."),
    ("deckbuilder", "Return a card to an empty Supply pile."),
    # ordinals in a trigger or a condition
    ("deckbuilder", "When you gain a 2nd card in one of your turns, take 2 VP from here."),
    ("deckbuilder", "If it's the 3rd Action card you played this turn, draw a card."),
    ("creatures", "Whenever you cast your 2nd spell each turn, draw a card."),
    # an option line whose cards are counted first (was a crash the fuzz test found)
    ("deckbuilder", "Two Treasure cards, +1 Card."),
]


@pytest.mark.parametrize(("name", "text"), TAIL_FORMS, ids=[text for _, text in TAIL_FORMS])
def test_each_form_of_the_long_tail_parses_and_prints_back(name: str, text: str) -> None:
    _parsed(name, text)


def test_an_option_line_frames_its_clause_by_the_cards_it_names() -> None:
    ability = _parsed("deckbuilder", "Treasure card, +2 Cards")
    assert str(ability) == "Treasure card, +2 Cards."


def test_a_choice_after_choose_one_gives_the_options() -> None:
    ability = _parsed("deckbuilder", "Choose one: +3 Cards, or +2 Actions.")
    assert str(ability) == "Choose one: +3 Cards; or gain 2 Actions."


def test_a_lowered_resource_reads_as_getting_it() -> None:
    assert str(_parsed("deckbuilder", "-1 Coin")) == "Get -1 Coin."


@pytest.mark.parametrize(
    ("name", "text", "found"),
    [
        ("deckbuilder", "Gian 2 Coins.", "Gian"),  # a misspelt verb is no card name
        ("deckbuilder", "Hollow Lantern 2 Coins.", "Hollow Lantern"),  # a name needs its verb
        ("deckbuilder", "You may first 2 cards.", "first"),  # an adverb needs its verb
        ("deckbuilder", "Draw a card at the end of this fortnight.", "end"),
        ("deckbuilder", "Treasure card, shiny.", "shiny"),  # an option line needs its clause
        ("deckbuilder", "Discard a card for +1 Card each each.", "each"),
        ("deckbuilder", "Worth -1 shiny.", "shiny"),
        ("deckbuilder", "The fourth time you trash a card, +1 Card.", "fourth"),
        ("deckbuilder", "Trash any number of cards with the same shiny.", "shiny"),
        ("deckbuilder", "Each other player with at least shiny cards discards a card.", "shiny"),
        ("creatures", "Destroy target creature with at least attack.", "attack"),
        ("lcg", "Install an agenda in a your remote annex.", "a"),
        ("deckbuilder", "Draw a 2nd card.", "2nd"),  # an ordinal is no number
    ],
)
def test_the_long_tails_own_words_out_of_place_stay_errors(
    name: str, text: str, found: str
) -> None:
    with pytest.raises(RulesTextError) as info:
        parse_ability(text, _game(name))
    assert f"unexpected {found!r}" in str(info.value)


@pytest.mark.parametrize("text", ["2 Treasures, +1 Buy.", "Three Action cards, +2 Cards."])
def test_an_option_line_may_start_with_a_count(text: str) -> None:
    """The cards of an option line may start with a count, which the grammar gives as a
    number, not a word: the line still reads, at the place of its first word."""
    _parsed("deckbuilder", text)


@pytest.mark.parametrize("text", ["0 Cult . Destroy", "four pile. Gain"])
def test_a_count_before_a_broken_option_line_is_a_parse_error(text: str) -> None:
    """Found by the fuzz tests: these raised AttributeError ('int' has no 'line')."""
    with pytest.raises(RulesTextError):
        parse_ability(text, _game("deckbuilder"))


@pytest.mark.parametrize("text", ["Give target creature 2 Mana.", "Give 0 Elves 0 Mana."])
def test_the_cards_given_something_are_one_phrase(text: str) -> None:
    """Found by the fuzz tests: a count before the cards given something ('Acquire 0 Cult 0
    Trade') raised AssertionError ('no phrase for 0')."""
    ability = _parsed("creatures", text)
    assert isinstance(ability.effect, Act)
    assert next(part.role for part in ability.effect.parts if hasattr(part, "role")) == "cards"


# The sides a game declares ('phrasing: sides') stand wherever a player does, with their
# possessives, and print as the game writes them.
SIDE_FORMS = [
    ("lcg", "The Diver loses 1 click."),
    ("lcg", "The Syndicate gains 2 credits and the Diver loses 1 credit."),
    ("lcg", "Give the Syndicate 1 bad press."),
    ("lcg", "Give the Diver 3 tags."),
    ("lcg", "Look at the Syndicate's hand."),
    ("lcg", "Trash a card from the Diver's stack."),
    ("lcg", "When the Diver steals an agenda, gain 1 credit."),
    ("lcg", "The Diver may pay 2 credits."),
    # a side's name before cards, as an adjective
    ("lcg", "Trash 1 installed Diver card."),
    ("lcg", "Trash a Syndicate card."),
]


@pytest.mark.parametrize(("name", "text"), SIDE_FORMS, ids=[text for _, text in SIDE_FORMS])
def test_a_declared_side_reads_as_a_player(name: str, text: str) -> None:
    ability = _parsed(name, text)
    printed = str(ability)
    for side in ("Diver", "Syndicate"):  # printed as the game writes its sides
        assert (side in printed, side.lower() in printed) == (side in text, False)
    assert "('name'" not in repr(ability)  # a player, never a card's name


def test_a_side_is_one_the_game_declares() -> None:
    """The core names no game's sides: another game's 'the Runner' is no player, and without
    the declaration 'the Diver' is a card's name (which the references check reports)."""
    assert "('side'" not in repr(parse_ability("Give the Runner 1 tag.", _game("lcg")))
    game = _game("lcg")
    bare = dataclasses.replace(game, phrasing=dataclasses.replace(game.phrasing, sides=()))
    assert "('name', 'Diver')" in repr(parse_ability("Give the Diver 2 tags.", bare))


def test_a_declared_side_is_no_unknown_card_name() -> None:
    card_set, _ = load_card_set(FAMILIES / "lcg", "lcg")
    assert card_set is not None
    assert [d for d in check_references(parse_set(card_set)) if d.code == "CK130"] == []
    game = card_set.game
    bare = dataclasses.replace(game, phrasing=dataclasses.replace(game.phrasing, sides=()))
    undeclared = check_references(parse_set(dataclasses.replace(card_set, game=bare)))
    assert any("'Diver'" in d.message for d in undeclared if d.code == "CK130")


def test_a_declared_adjective_stands_before_cards() -> None:
    vocab = Vocabulary(card_types=(("wall", "Wall"),), adjectives=("rezzed", "unrezzed"))
    ability = parse_ability("Discard an unrezzed wall.", vocab)
    assert str(ability) == "Discard an unrezzed wall."
    assert "('w', 'unrezzed')" in repr(ability)
    bare = parse_ability("Discard an unrezzed wall.", Vocabulary(card_types=(("wall", "Wall"),)))
    assert "('w', 'unrezzed')" not in repr(bare)  # the core knows no such word


# A resource's name that is also a card type's, before "card": cards, not an amount. "Gain two
# Action cards" read as "Gain 2 Actions" and the word "cards" (a wrong value, found on the real
# lists' option lines: "Two Action cards, +1 Card").
@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("Gain two Action cards.", "Gain 2 action cards."),
        ("Reveal 3 Action cards.", "Reveal 3 action cards."),
        ("Two Action cards, +1 Card.", "2 action cards, +1 Card."),
        ("Trash an Action card.", "Trash an action card."),
    ],
)
def test_a_resources_name_before_card_names_cards(text: str, printed: str) -> None:
    ability = _parsed("deckbuilder", text)
    assert str(ability) == printed
    assert "Amounts" not in repr(ability)


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("Gain 2 Actions.", ("action", 2)),
        ("+1 Action.", ("action", 1)),
        ("Gain two Actions and draw a card.", ("action", 2)),
    ],
)
def test_a_resource_alone_is_still_an_amount(text: str, amount: tuple[str, int]) -> None:
    assert repr(amount) in repr(_parsed("deckbuilder", text))


# A zone whose name starts with a verb's participle ("won pile", "taken cards"): the participle
# before "pile" or "cards" is no adjective there.
_PARTICIPLE_ZONES = Vocabulary(
    card_types=(("suit", "Suit Card"),),
    zones=(("won", "your", "won pile"), ("taken", "your", "taken cards"), ("hand", "your", "hand")),
)


@pytest.mark.parametrize(
    ("text", "zone"),
    [
        ("Put this card into your won pile.", "won"),
        ("Put it into the won pile.", "won"),
        ("Draw a card from your won pile.", "won"),
        ("Put this card into your taken cards.", "taken"),
        ("Shuffle your taken cards into your hand.", "taken"),
        ("Take a card from your taken cards.", "taken"),
    ],
)
def test_a_zones_name_may_start_with_a_participle(text: str, zone: str) -> None:
    ability = parse_ability(text, _PARTICIPLE_ZONES)
    assert parse_ability(str(ability), _PARTICIPLE_ZONES) == ability
    assert str(ability) == text
    assert f"('zone', {zone!r})" in repr(ability)


def test_a_participle_before_cards_is_still_an_adjective() -> None:
    ability = parse_ability("Discard a won card.", _PARTICIPLE_ZONES)
    assert "('w', 'won')" in repr(ability) and "('zone'" not in repr(ability)


@cache
def _lantern() -> Game:
    """A designer's trick-taking game (tests/fixtures/newuser/lantern-tricks)."""
    folder = Path(__file__).resolve().parent / "fixtures" / "newuser" / "lantern-tricks"
    game, found = load_game(folder, "lantern-tricks")
    assert game is not None, found
    return game


# The forms a trick-taking game and an engine builder needed (issue 15, Lantern Tricks and
# newuser2's notes), each with neighbours in the family games: who a player is (a relative
# clause, the most/fewest of something, more of something than another), "the other players",
# a zone of a player ("the hand of the player on your left"), "this trick" (a zone after
# "this"), a field's value after "of" ("a card of rank 3 or lower"), "with" and cards ("Swap
# this card with a card in the trick"), "next" after a verb, a span after a relative clause on
# cards ("you play this round") and "each <span>" after cards ("Your first Lantern each round").
TRICK_FORMS = [
    ("lantern", "The player who wins this trick leads next."),
    ("lantern", "The player who won the most tricks scores 3 points."),
    ("deckbuilder", "Each player who trashed a card this turn draws a card."),
    ("deckbuilder", "The player who gained the most cards gains 2 VP."),
    ("lantern", "The player with the most tricks scores 2 points."),
    ("lantern", "The player with the fewest points draws a card."),
    ("deckbuilder", "The player with the most Coins gains 1 VP."),
    ("deckbuilder", "The player with the fewest Action cards in hand draws a card."),
    ("lantern", "Each other player with more points than you loses 1 point."),
    ("deckbuilder", "Each other player with more Coins than you discards a card."),
    ("lantern", "The other players each discard a card."),
    ("lantern", "The other players discard a card."),
    ("deckbuilder", "The other players each gain a Curse."),
    ("lantern", "Look at the hand of the player on your left."),
    ("deckbuilder", "Put a card into the hand of the player to your left."),
    ("lantern", "Win this trick."),
    ("lantern", "Discard a card of rank 3 or lower."),
    ("lcg", "Trash a card of strength 3 or higher."),
    ("lantern", "Swap this card with a card in the trick."),
    ("lcg", "Swap this program with an installed program."),
    ("deckbuilder", "Trash a card with a cost of 3 or less."),
    ("deckbuilder", "Gain 1 VP for each Treasure you have with a cost of 5 or more."),
    ("lantern", "The player on your left leads next."),
    ("lcg", "The Diver loses 1 click next."),
    ("lantern", "The next Lantern you play this round costs 2 points less."),
    ("lantern", "Your first Lantern each round costs 1 point less."),
    ("deckbuilder", "Your first Treasure each turn costs 1 Coin less."),
    ("deckbuilder", "The first Action card you play each turn costs 1 Coin less."),
]


def _in(name: str) -> Game:
    return _lantern() if name == "lantern" else _game(name)


@pytest.mark.parametrize(("name", "text"), TRICK_FORMS, ids=[text for _, text in TRICK_FORMS])
def test_each_trick_taking_form_parses_and_prints_back(name: str, text: str) -> None:
    ability = parse_ability(text, _in(name))
    assert parse_ability(str(ability), _in(name)) == ability
    assert str(ability).casefold() == text.casefold()


def test_who_a_player_is_belongs_to_the_subject() -> None:
    ability = parse_ability("The player who wins this trick leads next.", _lantern())
    assert isinstance(ability.effect, Act) and ability.effect.verb == "leads"
    assert ability.effect.subject is not None
    assert ("zone", "trick") in ability.effect.subject.terms  # "this trick" is the zone


def test_a_zone_of_a_player_is_one_place() -> None:
    ability = parse_ability("Look at the hand of the player on your left.", _lantern())
    assert isinstance(ability.effect, Act)
    (zone,) = ability.effect.parts
    assert zone.role == "zone" and ("zone", "hand") in zone.terms


@pytest.mark.parametrize(
    ("name", "text", "found"),
    [
        ("deckbuilder", "Each player who shiny draws a card.", "shiny"),
        ("deckbuilder", "The player with the most shiny gains 1 VP.", "shiny"),
        ("deckbuilder", "The other shiny draw a card.", "shiny"),
        ("lantern", "Discard a card of rank shiny.", "shiny"),
        ("deckbuilder", "Draw next a card.", "a"),  # "next" ends a sentence
        ("deckbuilder", "The player who the most cards gains 2 VP.", "the most"),
    ],
)
def test_the_trick_forms_words_out_of_place_stay_errors(name: str, text: str, found: str) -> None:
    with pytest.raises(RulesTextError) as info:
        parse_ability(text, _in(name))
    assert f"unexpected {found!r}" in str(info.value)


# A sentence under one of the game's labels after the line's first sentences: "Objective: ...
# Reward: ...", "Gain 5 Combat. Blob Docking: ..." (the real lists write several labelled parts
# on one line). The first label is the ability's trigger, the later ones label their sentence.
UNDER_FORMS = [
    ("creatures", "Vigilant. Arrival: Draw a card."),
    ("creatures", "Arrival: Draw a card. Last Breath: Each opponent loses 2 life."),
    ("creatures", "Draw a card. Last Breath: If you control an Elf, gain 2 life."),
    ("creatures", "Arrival: Gain 1 life. Draw a card. Last Breath: Draw a card."),
    ("lcg", "Gain 1 credit. Subroutine: End the run."),
]


@pytest.mark.parametrize(("name", "text"), UNDER_FORMS, ids=[text for _, text in UNDER_FORMS])
def test_a_later_sentence_may_stand_under_a_label(name: str, text: str) -> None:
    ability = _parsed(name, text)
    assert str(ability).casefold() == text.casefold()
    assert "Under(label=Labelled(key=" in repr(ability)


def test_the_label_of_a_later_sentence_is_its_own() -> None:
    ability = _parsed("creatures", "Arrival: Draw a card. Last Breath: Each opponent loses 2 life.")
    assert isinstance(ability.trigger, Labelled) and ability.trigger.key == "arrival"
    assert isinstance(ability.effect, Sequence)
    under = ability.effect.effects[1]
    assert isinstance(under, Under) and isinstance(under.label, Labelled)
    assert under.label.key == "last-breath"


@pytest.mark.parametrize(
    ("name", "text", "found"),
    [
        ("lcg", "Draw a card. Shiny: Draw a card.", "Shiny"),  # no label the game declares
        ("creatures", "Draw a card. Arrival:", ""),  # a label needs its sentence
    ],
)
def test_a_later_label_must_be_declared_and_say_something(name: str, text: str, found: str) -> None:
    with pytest.raises(RulesTextError) as info:
        parse_ability(text, _game(name))
    if found:
        assert f"unexpected {found!r}" in str(info.value)


# "the player currently taking their turn": a player named by what they are doing.
@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("lcg", "The player currently taking their turn gains 1 credit."),
        ("deckbuilder", "The player currently taking their turn gains 2 Coins."),
        ("deckbuilder", "Each player holding a Curse discards a card."),
        ("lcg", "Each player holding an agenda loses 1 credit."),
    ],
)
def test_a_player_may_be_named_by_what_they_are_doing(name: str, text: str) -> None:
    ability = _parsed(name, text)
    assert str(ability).casefold() == text.casefold()
    assert isinstance(ability.effect, Act) and ability.effect.subject is not None


# A keyword as the name of cards after a word before cards ("Search your stack for an
# icebreaker"), a number changed by an amount ("is lowered by 2", "Reduce the damage by 1"), a
# card's field named as a thing ("the cost of each program"), a card type after "of" ("the rez
# cost of ice", with 'rez cost' a noun the game declares).
CHANGE_FORMS = [
    ("lcg", "Trash an Ambush."),
    ("creatures", "Destroy a Guard."),
    ("lcg", "Search your stack for a Volatile program and install it."),
    ("lcg", "Search your stack for a Volatile and install it."),
    ("creatures", "Reduce the damage by 1."),
    ("creatures", "Prevent the damage and reduce the damage by 2."),
    ("lcg", "The cost of each program is lowered by 1 credit."),
    ("lcg", "Raise the strength of each wall by 2."),
    ("lcg", "The strength of walls protecting this server is increased by 1."),
    ("creatures", "The attack of each creature you control is increased by 1."),
    ("creatures", "Lower the cost of the next spell you cast this turn by 2."),
    ("lcg", "Install a program, lowering its install cost by 3."),
]


@pytest.mark.parametrize(("name", "text"), CHANGE_FORMS, ids=[text for _, text in CHANGE_FORMS])
def test_each_change_form_parses_and_prints_back(name: str, text: str) -> None:
    ability = _parsed(name, text)
    assert str(ability).casefold() == text.casefold()


def test_a_keyword_after_a_word_before_cards_names_cards() -> None:
    ability = _parsed("lcg", "Trash an Ambush.")
    assert isinstance(ability.effect, Act)
    assert ability.effect.parts[0].terms == (("w", "an"), ("keyword", "ambush"))
    granted = _parsed("creatures", "Target creature gains Guard.")  # still a keyword given
    assert "KeywordUse(keyword='guard'" in repr(granted)


def test_by_how_much_is_its_own_phrase() -> None:
    ability = _parsed("lcg", "The cost of each program is lowered by 1 credit.")
    assert isinstance(ability.effect, Act) and ability.effect.verb == "lowered"
    (by,) = ability.effect.parts
    assert by.role == "by" and by.terms == (("w", "by"), ("n", "1"), ("resource1", "credit"))


@pytest.mark.parametrize(
    ("name", "text", "found"),
    [
        ("creatures", "Reduce the damage by shiny.", "shiny"),
        ("lcg", "The cost of is lowered by 1.", "is"),
        ("creatures", "Destroy a creature with attack of 3.", "of"),
    ],
)
def test_the_change_forms_words_out_of_place_stay_errors(name: str, text: str, found: str) -> None:
    with pytest.raises(RulesTextError) as info:
        parse_ability(text, _game(name))
    assert f"unexpected {found!r}" in str(info.value)


# "non-" before a noun the game declares ("a non-Duration Action card", with Duration a
# subtype under 'phrasing: nouns'), printed joined to its word; a count with "or more"/"or
# fewer" before cards ("Play seven or more ships"); "in the same turn".
MORE_FORMS = [
    ("creatures", "Destroy a non-Elf creature."),
    ("creatures", "Return each non-Wolf creature to its owner's hand."),
    ("lcg", "Trash a non-Unique program."),
    ("deckbuilder", "Reveal 2 or more Action cards."),
    ("deckbuilder", "Trash 3 or fewer cards."),
    ("creatures", "Destroy two or more creatures."),
    ("deckbuilder", "Play three Action cards in the same turn."),
    ("creatures", "Draw a card in the same turn."),
]


@pytest.mark.parametrize(("name", "text"), MORE_FORMS, ids=[text for _, text in MORE_FORMS])
def test_each_of_the_more_forms_parses_and_prints_back(name: str, text: str) -> None:
    ability = _parsed(name, text)
    assert str(ability).casefold() == text.casefold().replace("two or more", "2 or more").replace(
        "three action", "3 action"
    )


def test_non_before_a_declared_noun_prints_joined() -> None:
    ability = _parsed("creatures", "Destroy a non-Elf creature.")
    assert "non-" in str(ability) and "non- " not in str(ability)
    assert "('w', 'non-')" in repr(ability)


@pytest.mark.parametrize(
    ("name", "text", "found"),
    [
        ("creatures", "Destroy a non-shiny creature.", "shiny"),
        ("deckbuilder", "Reveal 2 or more shiny.", "shiny"),
    ],
)
def test_the_more_forms_words_out_of_place_stay_errors(name: str, text: str, found: str) -> None:
    with pytest.raises(RulesTextError) as info:
        parse_ability(text, _game(name))
    assert f"unexpected {found!r}" in str(info.value)


def test_a_noun_that_is_also_a_labels_word_does_not_hide_the_label() -> None:
    """newuser2's engine builder declared the noun 'production' and the label 'Production':
    every 'Production: ...' line failed at ':' (CK061 on the label)."""
    vocab = Vocabulary(
        resources=(("ore", "Ore"),),
        nouns=(("production", "productions"),),
        labels=(("production", "Production", "", 0, ""),),
    )
    ability = parse_ability("Production: Gain 1 Ore.", vocab)
    assert isinstance(ability.trigger, Labelled) and ability.trigger.key == "production"
    assert str(ability) == "Production: Gain 1 Ore."
    counted = parse_ability("Gain 1 Ore for each production.", vocab)
    assert "('w', 'production')" in repr(counted)


# The words a game draws icons before name icons and cards ('icons: gear: {words: [Gear]}'):
# "each Gear icon", "a Leaf card" (newuser2's engine builder: 'Gear' was an unknown card name,
# CK130). A word that names something else (Star Realms' icon "Scrap", a verb and a label)
# stays what it was.
_ICONS = Vocabulary(
    resources=(("ore", "Ore"), ("vp", "VP")),
    card_types=(("machine", "Machine"),),
    zones=(("workshop", "your", "workshop"),),
    icons=("Gear", "Leaf", "Scrap"),
    verbs=(("scrap", "", ""),),
)


@pytest.mark.parametrize(
    ("text", "noun"),
    [
        ("Gain 1 VP for each Gear icon in your workshop.", "gear icon"),
        ("When you play a Leaf card, draw a card.", "leaf"),
        ("If you have 3 or more Gear icons, gain 1 VP.", "gear icons"),
        ("Machines with a Gear icon cost 1 Ore less.", "gear icon"),
    ],
)
def test_an_icons_word_names_icons_and_cards(text: str, noun: str) -> None:
    ability = parse_ability(text, _ICONS)
    assert parse_ability(str(ability), _ICONS) == ability
    assert f"('w', {noun!r})" in repr(ability) and "'name'" not in repr(ability)


def test_an_icons_word_that_names_something_else_keeps_its_reading() -> None:
    ability = parse_ability("Scrap a Machine.", _ICONS)
    assert isinstance(ability.effect, Act) and ability.effect.verb == "scrap"
    assert "'name', 'Gearr'" in repr(parse_ability("Draw a Gearr card.", _ICONS))


# A label that is one of the game's verbs alone ("Access") followed by the ability's cost, as
# "Interface -> 1 credit:" is: "Access -> 2 credits: ...". A cost after a cost stays an error.
_VERB_LABEL = Vocabulary(
    resources=(("credit", "Credits"),),
    singulars=(("credit", "credit"),),
    zones=(("grip", "your", "grip"),),
    verbs=(("access", "", ""), ("trash", "", "")),
    labels=(("access", "Access", "", 0, ""), ("subroutine", "Subroutine", "", 0, "")),
    cost_symbols=(("click", "Click", "Clicks"),),
)


@pytest.mark.parametrize(
    ("text", "cost"),
    [
        ("Access -> 2 credits: Trash the card you are accessing.", "2 Credits"),
        ("Access -> Trash 2 cards from your grip: Draw a card.", "Trash 2 cards from your grip"),
        ("Access -> Click: Trash it.", "Click"),
    ],
)
def test_a_verb_label_may_be_followed_by_the_abilitys_cost(text: str, cost: str) -> None:
    ability = parse_ability(text, _VERB_LABEL)
    assert parse_ability(str(ability), _VERB_LABEL) == ability
    assert isinstance(ability.trigger, Labelled) and ability.trigger.key == "access"
    assert ability.trigger.costs is not None
    assert ability.trigger.costs.label(_VERB_LABEL) == cost
    assert str(ability).startswith(f"Access -> {cost}: ")


def test_a_label_after_a_cost_is_still_nested() -> None:
    ability = parse_ability("Click, 1 credit: Subroutine: Trash a card.", _VERB_LABEL)
    assert isinstance(ability.trigger, Nested)
    assert parse_ability(str(ability), _VERB_LABEL) == ability


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Draw -> 1 credit: Draw a card.", "a cost after a cost is not read"),
        ("Access -> 1 credit: Access -> 1 credit: Draw a card.", "unexpected"),
        ("Access -> shiny: Draw a card.", "unexpected 'shiny'"),
    ],
)
def test_a_cost_after_what_is_no_label_stays_an_error(text: str, message: str) -> None:
    with pytest.raises(RulesTextError) as info:
        parse_ability(text, _VERB_LABEL)
    assert message in str(info.value)


# "move" is a core verb like any other ("Move a card from your discard pile to your hand");
# only "Move ... from target <place> to ..." is the sample games' move of cards in play. Tokens
# are named by a word ("your Journey token") or by the amount they give or take ("your +1 Card
# token", "his -1 Coin token", "your -2 Coin cost token").
MOVE_FORMS = [
    ("deckbuilder", "Move a card from your discard pile to your hand."),
    ("deckbuilder", "Move 1 VP from this to your hand."),
    ("deckbuilder", "Each player moves a card from their hand to their deck."),
    ("lcg", "Move 1 progress counter from this card to an installed agenda."),
    ("deckbuilder", "Move your Journey token to an Action card in the Supply."),
    ("deckbuilder", "Move your +1 Card token to an Action card in the Supply."),
    ("deckbuilder", "Each other player puts his -1 Card token on his deck."),
    ("deckbuilder", "Take your -1 Coin token."),
    ("deckbuilder", "Take your -2 Coin cost token."),
    ("deckbuilder", "Put your +1 Buy token on this."),
]


@pytest.mark.parametrize(("name", "text"), MOVE_FORMS, ids=[text for _, text in MOVE_FORMS])
def test_each_move_and_token_form_parses_and_prints_back(name: str, text: str) -> None:
    ability = _parsed(name, text)
    assert str(ability).casefold() == text.casefold()
    assert isinstance(ability.effect, Act)


def test_a_token_named_by_an_amount_is_one_word_before_token() -> None:
    ability = _parsed("deckbuilder", "Take your -1 Coin token.")
    assert isinstance(ability.effect, Act) and ability.effect.verb == "take"
    assert ability.effect.parts[0].terms == (("w", "your"), ("w", "-1 coin"), ("w", "token"))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Take your +1 Shiny token.", "+1"),
        ("Move a card from to your hand.", "to"),
        ("Take your +1 Coin.", "+1"),
    ],
)
def test_the_move_forms_words_out_of_place_stay_errors(text: str, found: str) -> None:
    with pytest.raises(RulesTextError) as info:
        parse_ability(text, _game("deckbuilder"))
    assert f"unexpected {found!r}" in str(info.value)


# "or" and "Two" of a game's labels ("{faction} or {faction} Ally", "Two {faction} Allies") stay
# the English words they are: "two or more bases". "at least"/"at most" before a count of
# cards; a field's name as a noun ("from two different factions", "per type it has"); what a
# card has or costs after the cards counted ("for each subroutine it has").
_TWO_ALLIES = Vocabulary(
    resources=(("trade", "Trade"), ("combat", "Combat")),
    factions=(("blob", "Blob"), ("machine-cult", "Machine Cult")),
    card_types=(("ship", "Ship"), ("base", "Base")),
    zones=(("hand", "your", "hand"), ("play", "your", "play")),
    labels=(
        ("ally", "{faction} Ally", "bond", 0, ""),
        ("either-ally", "{faction} or {faction} Ally", "bond", 0, ""),
        ("two-allies", "Two {faction} Allies", "bond", 2, ""),
    ),
)


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("Destroy two or more bases.", "Destroy 2 or more bases."),
        ("If you have two or more bases in play, gain 2 Trade.", None),
        (
            "Have at least three ships and/or bases in play.",
            "Have at least 3 ships and/or bases in play.",
        ),
        ("Draw at most 2 cards.", None),
        ("Play three ships from different factions.", "Play 3 ships from different factions."),
        (
            "Have bases from two or more factions in play.",
            "Have bases from 2 or more factions in play.",
        ),
        ("Blob or Machine Cult Ally: Gain 2 Combat.", None),
        ("Two Blob Allies: Gain 2 Combat.", None),
    ],
)
def test_count_forms_read_beside_labels_with_english_words(text: str, printed: str | None) -> None:
    ability = parse_ability(text, _TWO_ALLIES)
    assert parse_ability(str(ability), _TWO_ALLIES) == ability
    assert str(ability) == (printed or text)


def test_two_or_more_is_one_count() -> None:
    ability = parse_ability("Destroy two or more bases.", _TWO_ALLIES)
    assert isinstance(ability.effect, Act)
    assert ability.effect.parts[0].terms == (("n", "2"), ("w", "or more"), ("types", "base"))


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("lcg", "You may pay 1 credit for each subroutine it has."),
        ("deckbuilder", "+2 Cards per type it has."),
        ("deckbuilder", "Gain a Coin for each card it costs."),
    ],
)
def test_what_a_card_has_follows_the_cards_counted(name: str, text: str) -> None:
    ability = _parsed(name, text)
    assert "('w', 'it')" in repr(ability)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Draw at least shiny cards.", "shiny"),
        ("Destroy two or more.", "."),
        ("Play three ships from different.", "."),
    ],
)
def test_the_count_forms_words_out_of_place_stay_errors(text: str, found: str) -> None:
    with pytest.raises(RulesTextError) as info:
        parse_ability(text, _TWO_ALLIES)
    assert f"unexpected {found!r}" in str(info.value)


# A phrase may hold a colon: "Heirloom: {card name}" (a card that names the card it comes with).
_HEIRLOOM = Vocabulary(
    resources=(("coin", "Coins"),),
    singulars=(("coin", "Coin"),),
    phrases=(("heirloom", "Heirloom: {card name}"),),
)


@pytest.mark.parametrize(
    "text", ["Heirloom: Lucky Penny", "Heirloom: Old Map.", 'Heirloom: "The Lamp"']
)
def test_a_phrase_may_hold_a_colon(text: str) -> None:
    ability = parse_ability(text, _HEIRLOOM)
    assert parse_ability(str(ability), _HEIRLOOM) == ability
    assert "Declared(key='heirloom'" in repr(ability)


def test_a_phrase_with_a_colon_is_a_valid_declaration(tmp_path: Path) -> None:
    source = (FAMILIES / "deckbuilder" / "game.yaml").read_text(encoding="utf-8")
    assert "\n  shorthand:\n" in source
    (tmp_path / "game.yaml").write_text(
        source.replace(
            "\n  shorthand:\n",
            '\n  phrases:\n    keepsake: "Keepsake: {card name}"\n  shorthand:\n',
        ),
        encoding="utf-8",
    )
    game, found = load_game(tmp_path, "keepsake")
    assert game is not None, found
    assert "Declared(key='keepsake'" in repr(parse_ability("Keepsake: Lucky Penny", game))


# Lists of three or more: factions before cards ("a Blob, Machine Cult or Star Empire card"),
# zones ("in your hand, your discard pile or the trade row", with or without the comma before
# "or").
_LISTS = Vocabulary(
    resources=(("trade", "Trade"), ("combat", "Combat")),
    factions=(("blob", "Blob"), ("machine-cult", "Machine Cult"), ("star-empire", "Star Empire")),
    card_types=(("ship", "Ship"), ("base", "Base")),
    zones=(
        ("hand", "your", "hand"),
        ("discard", "your", "discard pile"),
        ("trade-row", "the", "trade row"),
        ("deck", "your", "deck"),
    ),
    verbs=(("scrap", "", ""),),
    labels=(("either-ally", "{faction} or {faction} Ally", "bond", 0, ""),),
)


@pytest.mark.parametrize(
    "text",
    [
        "Scrap a Blob or Star Empire card.",
        "Scrap a Blob, Machine Cult or Star Empire card from your hand.",
        "Scrap a Blob, Machine Cult, or Star Empire base.",
        "Scrap a card in your hand, your discard pile or the trade row.",
        "Scrap a card in your hand, your discard pile, or the trade row.",
        "Draw a card from your deck, your discard pile and/or your hand.",
        "Blob or Machine Cult Ally: Scrap a card in your hand, your discard pile or the trade row.",
    ],
)
def test_lists_of_three_or_more_parse_and_print_back(text: str) -> None:
    ability = parse_ability(text, _LISTS)
    assert parse_ability(str(ability), _LISTS) == ability
    assert str(ability) == text


def test_a_list_of_factions_is_one_phrase_of_cards() -> None:
    ability = parse_ability("Scrap a Blob, Machine Cult or Star Empire card.", _LISTS)
    assert isinstance(ability.effect, Act)
    assert [t for t in ability.effect.parts[0].terms if t[0] == "faction"] == [
        ("faction", "blob"),
        ("faction", "machine-cult"),
        ("faction", "star-empire"),
    ]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Scrap a Blob, or card.", "card"),
        ("Scrap a card in your hand, your discard pile or.", ","),
        ("Scrap a card in your hand, shiny.", ","),
    ],
)
def test_the_list_forms_words_out_of_place_stay_errors(text: str, found: str) -> None:
    with pytest.raises(RulesTextError) as info:
        parse_ability(text, _LISTS)
    assert f"unexpected {found!r}" in str(info.value)


# "If X, A, otherwise B" is the two sentences "If X, A. Otherwise, B."; "or" before a number in a
# trailer or a condition is a word there ("costing 3 Coins or 4 Coins" is no choice of gaining 4
# Coins); "other than" stays itself where a game names a card type "Other".
@pytest.mark.parametrize(
    ("text", "printed"),
    [
        (
            "If it's an Action card, +1 Card, otherwise +1 Coin.",
            "If it's an action card, +1 Card. Otherwise, gain 1 Coin.",
        ),
        (
            "If you have 3 or more Coins, draw a card; otherwise discard a card.",
            "If you have 3 or more Coins, draw a card. Otherwise, discard a card.",
        ),
        (
            "Gain a Silver. If it's your turn, put it into your hand, otherwise trash it. +1 Buy.",
            "Gain a Silver. If it's your turn, put it into your hand. Otherwise, trash it. "
            "Gain 1 Buy.",
        ),
    ],
)
def test_otherwise_in_the_same_sentence_is_a_sentence_of_its_own(text: str, printed: str) -> None:
    ability = _parsed("deckbuilder", text)
    assert str(ability) == printed
    assert ability == parse_ability(printed, _game("deckbuilder"))


@pytest.mark.parametrize(
    "text",
    [
        "Gain a card costing 3 Coins or 4 Coins.",
        "When you gain a card costing 2 Coins or 3 Coins, +1 Buy.",
        "Trash a card if it costs 3 Coins or 4 Coins.",
    ],
)
def test_or_before_a_number_in_a_trailer_is_no_choice(text: str) -> None:
    ability = _parsed("deckbuilder", text)
    assert "Choice" not in repr(ability)
    assert "('w', 'or'), ('n'," in repr(ability)


def test_a_choice_of_amounts_is_still_a_choice() -> None:
    ability = _parsed("creatures", "You lose 2 life, or 1 life if you control a Skeleton.")
    assert isinstance(ability.effect, Choice)


def test_other_than_stays_where_a_card_type_is_named_other() -> None:
    vocab = Vocabulary(card_types=(("treasure", "Treasure"), ("other", "Other")))
    ability = parse_ability("Discard a Treasure other than Copper.", vocab)
    assert "('w', 'other than'), ('name', 'Copper')" in repr(ability)
    assert "('type', 'other')" in repr(parse_ability("Discard an Other card.", vocab))


# A choice written across two lines, "Choose one: A;" and "or B." on the next, is one ability;
# lines that do not read together are read one by one as before.
def _card_lines(text: str) -> tuple[list[Any], list[Any]]:
    card_set, _ = load_card_set(FAMILIES / "deckbuilder", "deckbuilder")
    assert card_set is not None
    card = dataclasses.replace(card_set.cards[0], text=text)
    context = parse_set(dataclasses.replace(card_set, cards=(card,)))
    return context.parsed.get(card.id, []), context.failed.get(card.id, [])


@pytest.mark.parametrize(
    "text",
    [
        "Choose one: +1 Card and +2 Actions;\nor +1 Buy and +2 Coins.",
        "Draw a card.\nChoose one: +2 Cards;\nOr +2 Coins.",
        "If you do, choose one: +2 Cards and +1 Action;\nor +2 Coins and +1 Buy.",
    ],
)
def test_a_choice_across_two_lines_is_one_ability(text: str) -> None:
    parsed, failed = _card_lines(text)
    assert failed == []
    (choice,) = [p for p in parsed if "Choose(" in repr(p.ability)]
    assert choice.line == text.split("\n").index(choice.text.split(";")[0] + ";") + 1
    assert "; or " in str(choice.ability).casefold()


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("Choose one: +1 Card;\nDraw a card.", [2]),  # no 'or': the lines stand alone
        ("Draw a card;\nor gain 1 Coin.", [1]),  # no choice: each line is read alone
        ("Choose one: +1 Card;\nor shiny shiny.", []),
    ],
)
def test_lines_that_do_not_read_together_are_read_alone(text: str, lines: list[int]) -> None:
    parsed, failed = _card_lines(text)
    assert [p.line for p in parsed] == lines
    assert len(parsed) + len(failed) == len(text.split("\n"))


def test_if_you_do_may_give_a_choice() -> None:
    ability = _parsed("deckbuilder", "If you do, choose one: +2 Cards; or +2 Coins.")
    assert "Conditional(condition=IfYouDo(), effect=Choose(" in repr(ability)


# "N of your/the ..." counts cards among others ("trash 1 of your other installed cards");
# shorthand amounts side by side are one gain ("+2 Memory +1 Power"); a phrase's words of several
# stand before the core's own ("Limit {n} per deck": "per" is no "for each" there).
@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("lcg", "You may trash 1 of your other installed cards."),
        ("lcg", "Trash 2 of the installed programs."),
        ("deckbuilder", "Put 1 of them into your hand."),
    ],
)
def test_a_count_of_cards_among_others(name: str, text: str) -> None:
    ability = _parsed(name, text)
    assert str(ability) == text


def test_shorthand_amounts_side_by_side_are_one_gain() -> None:
    ability = _parsed("lcg", "+2 Memory +1 Power")
    assert str(ability) == "Gain 2 Memory and 1 Power."
    assert ability == _parsed("lcg", "+2 Memory, +1 Power")
    with pytest.raises(RulesTextError):
        parse_ability("+2 Memory +1 shiny", _game("lcg"))


def test_a_phrases_words_of_several_stand_before_the_cores() -> None:
    vocab = Vocabulary(
        keywords=(("region", "Region"),),
        phrases=(("deck", "Limit {n} per deck"), ("server", "Limit {n} {keyword} per server")),
    )
    for text in ("Limit 1 per deck.", "Limit 2 Region per server."):
        ability = parse_ability(text, vocab)
        assert "Declared(" in repr(ability) and str(ability) == text


# A keyword in the plural names cards ("two or more Outposts"); a zone named by whose it is
# ("to yours"); a participle before a counter leaves a label's words alone ("Hosted agenda
# counter:", where an agenda is a card type too).
@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("lcg", "Search your stack for 2 Volatiles."),
        ("creatures", "Destroy all Guards."),
        ("deckbuilder", "Move a card from an opponent's discard pile to yours."),
        ("deckbuilder", "Each other player puts a card from your hand into theirs."),
    ],
)
def test_plural_keywords_and_zones_by_whose_they_are(name: str, text: str) -> None:
    ability = _parsed(name, text)
    assert str(ability).casefold() == text.casefold()  # lowercase, as card types print


def test_a_participle_before_a_counter_leaves_a_label_alone() -> None:
    vocab = Vocabulary(
        resources=(("agenda-counter", "Agenda"),),
        card_types=(("agenda", "Agenda"),),
        verbs=(("host", "", ""),),
        labels=(("hosted", "Hosted {resource} counter", "", 0, ""),),
    )
    ability = parse_ability("Hosted agenda counter: Draw a card.", vocab)
    assert isinstance(ability.trigger, Labelled) and ability.trigger.key == "hosted"
    assert "('w', 'hosted'), ('type', 'agenda')" in repr(
        parse_ability("Draw a hosted agenda.", vocab)
    )


# "each" and a verb's -ing form after cards starts a trailer ("Gain 2 cards each costing up to
# 4"); a choice said with "either" after "and" is one of the clauses done together ("... and
# either discards it or puts it back, your choice"); without "either", "A and B or C" stays an
# error (which way it binds is not written).
@pytest.mark.parametrize(
    "text",
    [
        "Gain 2 cards each costing up to 4 Coins.",
        "Trash a card from your hand. Gain 2 cards each costing less than it.",
        "Each player reveals the top card of their deck and either discards it or puts it back.",
        "Each player reveals the top card of his deck and either discards it or puts it back, "
        "your choice.",
        "Look at the top card of your deck and either discard it or put it back.",
        "Draw a card and either trash a card or gain a Farthing.",
    ],
)
def test_each_and_either_forms_parse_and_print_back(text: str) -> None:
    ability = _parsed("deckbuilder", text)
    assert str(ability) == text


def test_a_choice_with_either_is_one_of_the_clauses_done_together() -> None:
    ability = _parsed(
        "deckbuilder", "Each player reveals a card and either discards it or trashes it."
    )
    assert isinstance(ability.effect, And)
    first, second = ability.effect.effects
    assert isinstance(first, Act) and isinstance(second, Choice)
    assert [o.verb for o in second.options if isinstance(o, Act)] == ["either discards", "trashes"]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Gain 2 Coins and draw a card or trash a card.", "or"),
        ("Reveal a card and either discard it.", "."),
        ("Reveal a card and either shiny or trash it.", "shiny"),
    ],
)
def test_the_either_forms_words_out_of_place_stay_errors(text: str, found: str) -> None:
    with pytest.raises(RulesTextError) as info:
        parse_ability(text, _game("deckbuilder"))
    assert f"unexpected {found!r}" in str(info.value)


# Forms a set-collection game wrote (newuser3's drafting game): a span opening a sentence ("This
# round, ...", "Next round, ...", "Each turn, ..."), a direction ("Pass your hand to the left"),
# "another player's" zone, "At game end, ...", an adverb between subject and verb ("Each player
# simultaneously reveals ..."), a set of cards counted ("for each set of three Lanterns").
_DRAFT = Vocabulary(
    resources=(("points", "Points"), ("ribbon", "Ribbons")),
    singulars=(("points", "point"), ("ribbon", "Ribbon")),
    card_types=(("kite", "Kite"), ("lantern", "Lantern")),
    zones=(("hand", "your", "hand"), ("tableau", "your", "tableau")),
    spans=(("round", "round"),),
    verbs=(("draft", "tableau", "hand"), ("pass", "", "")),
)


@pytest.mark.parametrize(
    "text",
    [
        "This round, pass your hand to the right.",
        "Next round, you may draft a Kite.",
        "Each turn, gain 1 Ribbon.",
        "Each round, draft a card.",
        "Pass your hand to the left.",
        "Put a Kite on its right.",
        "Swap this card with a Kite in another player's tableau.",
        "At game end, gain 4 Points if you have a Kite in your tableau.",
        "Each player simultaneously reveals the card they drafted.",
        "Each player secretly chooses a card from their hand.",
        "Gain 5 Points for each set of three Lanterns in your tableau.",
        "Gain 2 Points for each pair of Kites in your tableau.",
    ],
)
def test_each_drafting_form_parses_and_prints_back(text: str) -> None:
    ability = parse_ability(text, _DRAFT)
    assert parse_ability(str(ability), _DRAFT) == ability
    assert str(ability).casefold() == text.casefold()


def test_a_span_opening_a_sentence_frames_it() -> None:
    ability = parse_ability("This round, pass your hand to the right.", _DRAFT)
    assert "Framed(lead='this round'" in repr(ability)
    assert "('w', 'to the right')" in repr(ability)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Next round draft a card.", "round"),
        ("Pass your hand to the middle.", "middle"),
        ("Each player shiny reveals a card.", "shiny"),
    ],
)
def test_the_drafting_forms_words_out_of_place_stay_errors(text: str, found: str) -> None:
    with pytest.raises(RulesTextError) as info:
        parse_ability(text, _DRAFT)
    assert f"unexpected {found!r}" in str(info.value)


def test_a_zone_slot_prints_the_zones_name_as_declared() -> None:
    vocab = Vocabulary(
        zones=(("hq", "the", "HQ"), ("rd", "the", "R&D")),
        phrases=(("run", "Run {zone}"),),
    )
    for text in ("Run HQ.", "Run R&D."):
        ability = parse_ability(text, vocab)
        assert str(ability) == text
        assert parse_ability(str(ability), vocab) == ability


def _stops_at(text: str, game: Game | Vocabulary, found: str) -> None:
    """The text is an error at the word ``found``."""
    with pytest.raises(RulesTextError) as info:
        parse_ability(text, game)
    assert f"unexpected {found!r}" in str(info.value)


# A declared form reads with every slot and word after a slot: the words before a slot look
# ahead to it and stand before the core's own word ("or" before a zone, "then", "per", ",");
# the core's words keep their meaning where no such slot follows.
_SLOTS = Vocabulary(
    zones=(("hq", "the", "HQ"), ("rd", "the", "R&D"), ("hand", "your", "hand")),
    card_types=(("action", "Action"), ("treasure", "Treasure")),
    resources=(("coin", "Coins"), ("buy", "Buy")),
    phrases=(
        ("run", "Run {zone}"),
        ("run-either", "Run {zone} or {zone}"),
        ("swap", "Swap {n} then {n}"),
        ("store", "Store {zone} per {card type}"),
        ("bank", "Bank {zone}, {resource}"),
    ),
)


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("Run HQ or R&D.", ("hq", "r&d")),
        ("Run your hand or R&D.", ("your hand", "r&d")),
        ("Run HQ.", ("hq",)),
        ("Swap 2 then three.", (2, 3)),
        ("Store your hand per Treasure.", ("your hand", "treasure")),
        ("Bank HQ, Buy.", ("hq", "buy")),
    ],
)
def test_a_declared_form_reads_every_slot_and_the_words_between(
    text: str, values: tuple[object, ...]
) -> None:
    ability = parse_ability(text, _SLOTS)
    assert "Declared(" in repr(ability) and ability.effect.values == values  # type: ignore[attr-defined]
    assert parse_ability(str(ability), _SLOTS) == ability


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("Discard a card from your hand or R&D.", "Act"),  # the core's zone list
        ("Run HQ or draw a card.", "Choice"),  # "or" before a verb: a choice
        ("Run HQ, then draw a card.", "Then"),
        ("Draw 2 cards, then discard a card.", "Then"),
    ],
)
def test_the_cores_words_stay_where_no_slot_follows(text: str, kind: str) -> None:
    ability = parse_ability(text, _SLOTS)
    assert type(ability.effect).__name__ == kind
    assert parse_ability(str(ability), _SLOTS) == ability


# ", then" after the last option of a choice is that option's ("Gain 1 Gold or discard a card,
# then draw a card"); a condition after clauses and a comma governs the rest of the sentence
# ("+1 Coin, and if you have 10 or more, +1 Buy").
@pytest.mark.parametrize(
    ("text", "printed"),
    [
        (
            "Gain 2 Coins or discard a card, then draw a card.",
            "Gain 2 Coins or discard a card, then draw a card.",
        ),
        ("Gain 2 Coins. Or draw a card, then discard a card.", None),
        ("Draw a card or gain a Farthing, then trash a card, then gain 1 Buy.", None),
        ("Draw a card, and if it's an Action card, +1 Action.", None),
        ("+1 Card, +1 Action, and if you have 3 or more Coins, +1 Buy.", None),
        ("Gain a Farthing, and if you do, trash a card or draw a card.", None),
    ],
)
def test_a_then_after_the_last_option_and_a_condition_after_clauses(
    text: str, printed: str | None
) -> None:
    ability = _parsed("deckbuilder", text)
    if printed is not None:
        assert str(ability) == printed


def test_the_then_belongs_to_the_last_option() -> None:
    ability = _parsed("deckbuilder", "Gain 2 Coins or discard a card, then draw a card.")
    assert isinstance(ability.effect, Choice)
    first, last = ability.effect.options
    assert type(first).__name__ == "Gain" and type(last).__name__ == "Then"


def test_a_condition_after_clauses_governs_the_rest_of_the_sentence() -> None:
    ability = _parsed("deckbuilder", "+1 Card, +1 Action, and if you have 3 or more Coins, +1 Buy.")
    assert isinstance(ability.effect, And)
    *clauses, condition = ability.effect.effects
    assert len(clauses) == 2 and type(condition).__name__ == "Conditional"
    assert str(ability).endswith(", and if you have 3 or more Coins, gain 1 Buy.")


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Draw a card, then discard a card or gain 2 Coins.", "or"),  # which way it binds?
        ("Draw a card and if you do, +1 Buy.", "if"),  # no comma: not read
        ("Draw a card, and if you do.", "."),
        ("Gain 2 Coins or, then draw a card.", "or"),
    ],
)
def test_the_then_and_if_forms_words_out_of_place_stay_errors(text: str, found: str) -> None:
    _stops_at(text, _game("deckbuilder"), found)


# A table of numbers, an option per line: "2 or 6: +3 Cards", "1, gain a card costing up to 4",
# "5+: gain a Gold" (the numbers frame what happens, as the cards of an option line do); a
# condition may end at a colon ("If you do: draw a card").
@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("2 or 6: +3 Cards;", "2 or 6, +3 Cards."),
        ("3 or 7: +3 Coins.", "3 or 7, gain 3 Coins."),
        ("1, gain a card costing up to 4 Coins;", "1, gain a card costing up to 4 Coins."),
        ("0: gain a Farthing.", "0, gain a Farthing."),
        ("5+: trash a card.", "5+, trash a card."),
        ("2, 3 or 4: draw a card and gain 1 Buy.", "2, 3 or 4, draw a card and gain 1 Buy."),
        ("If you do: draw a card.", "If you do, draw a card."),
    ],
)
def test_a_table_of_numbers_and_a_condition_with_a_colon(text: str, printed: str) -> None:
    ability = _parsed("deckbuilder", text)
    assert str(ability) == printed


def test_the_numbers_of_a_table_frame_the_option() -> None:
    ability = _parsed("deckbuilder", "2 or 6: +3 Cards.")
    assert "Framed(lead='2', words=Wording(terms=(('w', 'or'), ('n', '6')))" in repr(ability)
    assert ability.effect.pos is not None and ability.effect.pos.column == 1  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("2 or: +3 Cards.", ":"),
        ("2+ gain a Farthing.", "+"),
        ("2, shiny.", "shiny"),
    ],
)
def test_the_table_forms_words_out_of_place_stay_errors(text: str, found: str) -> None:
    _stops_at(text, _game("deckbuilder"), found)


# Clauses done together, then more in order ("Search your deck for a card, reveal it, put it
# into your hand, then shuffle your deck"); "turn" as a verb where what is turned is said later
# ("Turn your Journey token over", "turn it face down"), or "turn over"; "may not" forbids as
# "cannot" does; a player's hand size is a number ("Your maximum hand size is +2").
@pytest.mark.parametrize(
    ("name", "text", "printed"),
    [
        (
            "creatures",
            "Search your deck for a creature card, reveal it, put it into your hand, then "
            "shuffle your deck.",
            "Search your deck for a creature card and reveal it and put it into your hand, then "
            "shuffle your deck.",
        ),
        (
            "deckbuilder",
            "Draw a card and discard a card, then gain a Farthing, then trash a card.",
            None,
        ),
        ("deckbuilder", "Turn your Journey token over (it starts face up).", None),
        ("deckbuilder", "Turn it face down.", None),
        ("deckbuilder", "Each player turns the top card of his deck face up.", None),
        ("deckbuilder", "Turn over the top card of your deck.", None),
        ("deckbuilder", "Take an extra turn after this one.", None),
        ("deckbuilder", "You may not play Action cards this turn.", None),
        ("creatures", "Each creature you control may not attack.", None),
        ("lcg", "Your maximum hand size is +2.", None),
        ("lcg", "You get +1 hand size.", None),
        ("creatures", "Your hand limit is increased by 2.", None),
        ("creatures", "Your hand size is 6.", None),
    ],
)
def test_then_after_joined_clauses_turn_may_not_and_hand_size(
    name: str, text: str, printed: str | None
) -> None:
    ability = _parsed(name, text)
    if printed is not None:
        assert str(ability) == printed


def test_the_joined_clauses_come_first_in_order() -> None:
    ability = _parsed("deckbuilder", "Draw a card and discard a card, then gain a Farthing.")
    assert type(ability.effect).__name__ == "Then"
    first, last = ability.effect.effects  # type: ignore[attr-defined]
    assert isinstance(first, And) and isinstance(last, Act) and last.verb == "gain"


def test_turn_is_a_verb_only_where_it_is_turned_over() -> None:
    assert isinstance(_parsed("deckbuilder", "Turn it over.").effect, Act)
    ability = _parsed("deckbuilder", "Take an extra turn.")
    assert ability.effect.verb == "take" and "('word', 'turn')" in repr(ability)  # type: ignore[attr-defined]
    assert "cannot" in str(_parsed("deckbuilder", "You may not trash a card."))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("Turn your token.", "Turn"),  # no 'over', no 'face up': no verb
        ("Draw a card, then discard a card and gain a Farthing.", "and"),
        ("You may not.", "."),
    ],
)
def test_the_turn_and_then_forms_words_out_of_place_stay_errors(text: str, found: str) -> None:
    _stops_at(text, _game("deckbuilder"), found)
