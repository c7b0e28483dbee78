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


# The long tail of real card lists: forms of card-game English each written in our own words,
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
    ],
)
def test_the_long_tails_own_words_out_of_place_stay_errors(
    name: str, text: str, found: str
) -> None:
    with pytest.raises(RulesTextError) as info:
        parse_ability(text, _game(name))
    assert f"unexpected {found!r}" in str(info.value)
