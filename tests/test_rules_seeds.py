"""The language is general enough for the seed rulebooks' games: their special rules are
keywords, their costs are paid in their own resources, their cards name other cards -- all
from game.yaml, with no parser code for any of them."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardkit.effects import (
    Ability,
    AbilityCost,
    CreateCard,
    DealDamage,
    Draw,
    GrantKeyword,
    KeywordUse,
    ModifyStat,
    Primary,
    Sequence,
    walk,
)
from cardkit.errors import RulesTextError
from cardkit.load.cards import load_card_set
from cardkit.model import CardSet
from cardkit.rules import parse_ability
from cardkit.rules.check import check_card_text

SEEDS = Path(__file__).resolve().parent / "fixtures" / "rules" / "seeds"


@pytest.fixture(scope="module")
def planetary() -> CardSet:
    card_set, found = load_card_set(SEEDS, str(SEEDS))
    assert card_set is not None and not found, found
    return card_set


# Lines in the seed rulebooks' own words (planetary-strategy-rulebook-v1.txt: "Transport (x)",
# "Fast(x)", "Subspace (x)", "Produces (x/y)", "(x)P", "(x)R", "(x)D6", Stealth, Homing,
# Hidden; Warpspawn's spell deck: "Desiccate: Force 2 Attack vs all Enemy units", "Summon
# Kin: Draw a Unit Chit"), each with the value it must parse to and its canonical text.
SEED_LINES: list[tuple[str, Ability, str]] = [
    (
        "Transport (2)",
        Ability(Primary(), KeywordUse("transport", (2,))),
        "Transport(2).",
    ),
    ("fast(3).", Ability(Primary(), KeywordUse("fast", (3,))), "Fast(3)."),
    ("Subspace (1).", Ability(Primary(), KeywordUse("subspace", (1,))), "Subspace(1)."),
    ("Produces (2/1)", Ability(Primary(), KeywordUse("produces", (2, 1))), "Produces(2/1)."),
    (
        "Stealth. Homing. Hidden.",
        Ability(
            Primary(),
            Sequence((KeywordUse("stealth"), KeywordUse("homing"), KeywordUse("hidden"))),
        ),
        "Stealth. Homing. Hidden.",
    ),
    (
        "(2)P: draw a card",
        Ability(AbilityCost((("population", 2),)), Draw(1)),
        "(2)P: Draw a card.",
    ),
    (
        "(1)p (3)r: Deal 2D6 damage to target ship.",
        Ability(AbilityCost((("population", 1), ("resource", 3))), DealDamage(2, "ship", 6)),
        "(1)P(3)R: Deal 2D6 damage to target ship.",
    ),
    (
        "(2) Resource: Deal 2 damage to each enemy infantry.",
        Ability(AbilityCost((("resource", 2),)), DealDamage(2, "infantry", each=True)),
        "(2)R: Deal 2 damage to each enemy infantry.",
    ),
    (
        "Target ship gains Stealth this turn.",
        Ability(Primary(), GrantKeyword("ship", KeywordUse("stealth"), this_turn=True)),
        "Target ship gains Stealth this turn.",
    ),
    (
        "Target infantry gets +2 cost this turn.",
        Ability(Primary(), ModifyStat("infantry", "cost", 2, this_turn=True)),
        "Target infantry gets +2 cost this turn.",
    ),
    (
        "All enemy ships get \u20131 cost.",
        Ability(Primary(), ModifyStat("ship", "cost", -1, "enemy")),
        "All enemy ships get -1 cost.",
    ),
    (
        'Create a "Colonist" into your hand.',
        Ability(Primary(), CreateCard("Colonist", 1, "hand")),
        'Create a "Colonist" into your hand.',
    ),
]


@pytest.mark.parametrize(
    ("line", "value", "canonical"), SEED_LINES, ids=[t for t, _, _ in SEED_LINES]
)
def test_seed_rulebook_lines_parse_with_the_games_own_words(
    planetary: CardSet, line: str, value: Ability, canonical: str
) -> None:
    ability = parse_ability(line, planetary.game)
    assert ability == value
    assert str(ability) == canonical
    assert parse_ability(canonical, planetary.game) == value


def test_the_seed_game_cards_are_clean_and_name_their_cards(planetary: CardSet) -> None:
    assert check_card_text(planetary) == []
    named = {
        node.name
        for card in planetary.cards
        for ability in (parse_ability(line, planetary.game) for line in card.text.splitlines())
        for node in walk(ability)
        if isinstance(node, CreateCard)
    }
    assert named == {"Colonist"} <= {card.name for card in planetary.cards}


def test_an_ability_cost_in_a_resource_the_game_lacks_is_an_error(planetary: CardSet) -> None:
    with pytest.raises(RulesTextError, match="unexpected 'Q': expected a resource"):
        parse_ability("(2)Q: Draw a card.", planetary.game)
