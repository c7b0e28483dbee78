"""Deck rules as the reference pages read them: parsed formulas and the sizes they allow."""

from __future__ import annotations

import sys
from pathlib import Path

from cardkit.load.cards import load_card_set
from cardkit.model import Game, PlayCount, SizeRule
from cardkit.rules.deckrules import (
    allowed_sizes,
    deck_totals,
    describe_deck_rules,
    size_requirement,
)

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_set_fixtures import SET, build_fixture


def test_star_realms_trade_deck_holds_its_declared_80_cards() -> None:
    root = Path(__file__).resolve().parent.parent / "cards" / "star-realms"
    card_set, found = load_card_set(root)
    assert card_set is not None and not found
    assert deck_totals(card_set) == {
        "personal": 40,
        "explorers": 16,
        "trade": 80,
        "challenges": 8,
        "scorecards": 8,
    }
    assert card_set.game.decks["trade"].size is not None
    assert str(card_set.game.decks["trade"].size) == "exactly 80"


def test_a_formula_over_play_counts_allows_a_range_of_sizes() -> None:
    card_set, found = load_card_set(SET / "base")
    assert card_set is not None and not found
    game = card_set.game
    assert game.deck_rules.counts == {
        "players": PlayCount("players", 2, 4, "Players at the table.")
    }
    ports, combined = game.deck_rules.sizes
    assert ports == SizeRule(
        "ports", "players + 1", "players + 1", "One port per player and one spare.", equals=True
    )
    requirement = size_requirement(ports)
    assert requirement.wording() == "exactly players + 1"
    assert allowed_sizes(requirement, game) == (3, 5)
    assert size_requirement(combined).wording() == "at most 20"
    assert allowed_sizes(size_requirement(combined), game) == (None, 20)


def test_a_formula_over_another_deck_reads_that_decks_size(tmp_path: Path) -> None:
    game_folder = build_fixture(SET / "clean-planetary", tmp_path / "game")
    card_set, found = load_card_set(game_folder)
    assert card_set is not None and not found
    (rule,) = card_set.game.deck_rules.sizes
    requirement = size_requirement(rule)
    totals = deck_totals(card_set)
    assert totals == {"planets": 3, "main": 50}
    assert allowed_sizes(requirement, card_set.game, totals) == (50, 50)


def test_deck_rules_read_as_sentences_for_the_reference_pages(tmp_path: Path) -> None:
    game = _load_game(SET / "base", tmp_path)
    assert describe_deck_rules(game) == [
        "Market: exactly 12 cards, exactly 6 of each faction.",
        "Ports: exactly players + 1 cards (3 to 5 for players from 2 to 4). "
        "One port per player and one spare.",
        "Market + Ports: at most 20 cards.",
        "Unique: at most 1 copy of each card whose 'unique' is true, in each deck.",
        "Hero: at most 1 copy of each card name whose 'hero' is true, in each deck. "
        "One of each hero by name.",
        "Promo: at most 1 copy of each card tagged 'promo', in each deck.",
    ]
    starcraft = _load_game(SET / "clean-starcraft", tmp_path)
    assert describe_deck_rules(starcraft)[-2:] == [
        "Promo: at most 1 copy of each card name tagged 'promo', "
        "in the Buildings Deck, Draw Deck and Seed Pile together.",
        "B-day: at most 1 copy of each card whose 'set' is 'promo' or 'b-day', in each deck.",
    ]
    planetary = _load_game(SET / "clean-planetary", tmp_path)
    assert describe_deck_rules(planetary)[1] == (
        "Deck: exactly 20 + 10 * Planets cards. "
        "20 cards, plus 10 for each planet the player placed."
    )


def _load_game(case: Path, tmp_path: Path) -> Game:
    folder = case if case.name == "base" else build_fixture(case, tmp_path / case.name)
    card_set, found = load_card_set(folder)
    assert card_set is not None and not found
    return card_set.game
