"""explain: a card's rules text as the tree of effects the parser understood."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from cardkit.load.cards import load_card_set
from cardkit.model import CardSet
from cardkit.rules.explain import explain

ROOT = Path(__file__).resolve().parent.parent


def _load(folder: Path) -> CardSet:
    card_set, found = load_card_set(folder, str(folder))
    assert card_set is not None and not found, found
    return card_set


def test_a_card_is_explained_line_by_line_as_an_indented_tree() -> None:
    card_set = _load(ROOT / "tests" / "fixtures" / "rules" / "game")
    cards = {str(card.id): card for card in card_set.cards}
    assert explain(cards["pikeman"], card_set.game) == (
        "Pikeman (unit, Red Guild)\n"
        "  Gain 2 Gold.\n"
        "    primary\n"
        "      gain 2 Gold\n"
        "  Red Guild Ally: Gain 1 Royal Favor.\n"
        "    Red Guild ally (another Red Guild card in play)\n"
        "      gain 1 Royal Favor\n"
        "  Double Red Guild Ally: Draw a card.\n"
        "    double Red Guild ally (two other Red Guild cards in play)\n"
        "      draw a card\n"
    )
    assert explain(cards["old-crown"], card_set.game) == (
        "Old Crown (relic)\n"
        "  If you have two or more relics in play, gain 3 Royal Favor and draw a card.\n"
        "    primary\n"
        "      if you have two or more relics in play\n"
        "        all of\n"
        "          gain 3 Royal Favor\n"
        "          draw a card\n"
    )


def test_compound_and_delayed_effects_show_their_structure() -> None:
    card_set = _load(ROOT / "cards" / "star-realms")
    cards = {str(card.id): card for card in card_set.cards}
    tree = explain(cards["mobile-market"], card_set.game)
    assert tree.splitlines()[-7:] == [
        "    scrap",
        "      in order",
        "        all of",
        "          gain 2 Authority",
        "          draw a card",
        "        at the end of this turn (delayed)",
        "          put this card from the scrap heap into your discard pile",
    ]
    tree = explain(cards["outland-station"], card_set.game)
    assert "      choose one\n        gain 1 Trade\n        gain 3 Authority\n" in tree


def test_a_special_effect_shows_its_key_and_wins_over_the_general_rules() -> None:
    card_set = _load(ROOT / "cards" / "starcraft")
    card = next(card for card in card_set.cards if card.text.startswith("Replace all"))
    assert explain(card, card_set.game).splitlines()[2:] == [
        "    primary",
        "      replace all three environments with three environments of another world",
    ]
    words = "replace all three environments with three environments of another world"
    game = replace(card_set.game, special_effects={"new-world": words})
    assert explain(card, game).splitlines()[2:] == [
        "    primary",
        f"      special 'new-world': {words}",
    ]


def test_the_battle_clauses_explain_as_their_canonical_words() -> None:
    card_set = _load(ROOT / "cards" / "warpspawn")
    cards = {str(card.id): card for card in card_set.cards}
    assert explain(cards["summon-kin"], card_set.game).splitlines()[1:] == [
        "  Draw a unit chit. It joins this battle.",
        "    primary",
        "      in order",
        "        draw a unit chit",
        "        it joins this battle",
    ]
    assert explain(cards["desiccate"], card_set.game).splitlines()[2:] == [
        "    primary",
        "      make a Force 2 attack against each enemy unit this round",
    ]


def test_a_line_that_does_not_parse_is_shown_with_its_error() -> None:
    card_set = _load(ROOT / "tests" / "fixtures" / "rules" / "game")
    card = replace(card_set.cards[0], text="Draw 2 crads.\nDraw a card.")
    assert explain(card, card_set.game).splitlines()[1:] == [
        "  Draw 2 crads.",
        "    ! does not parse: unexpected 'crads': expected a resource, 'card', a card type or "
        "another word of rules text (did you mean 'cards'?) at column 8",
        "  Draw a card.",
        "    primary",
        "      draw a card",
    ]
    assert explain(replace(card, text=""), card_set.game).splitlines()[1:] == ["  (no rules text)"]
