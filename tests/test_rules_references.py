"""References: card names in fields and in effects must name cards of the set."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardkit.diagnostics import Location
from cardkit.effects import PRIMARY, Ability, And, Clause, Draw, Pos
from cardkit.effects.vocab import Vocabulary
from cardkit.load.cards import load_card_set
from cardkit.model import CardName, FieldSpec
from cardkit.rules.context import ParsedLine, parse_set
from cardkit.rules.references import check_references, effect_references, field_references

BASE = Path(__file__).resolve().parent / "fixtures" / "rules" / "set" / "base"


@dataclass(frozen=True, slots=True)
class Summon(Clause):
    """An effect as the grammar may add one: it names a card, and maybe more."""

    card: CardName
    also: tuple[CardName, ...] = ()

    def phrase(self, vocab: Vocabulary) -> str:
        return f"put {self.card} into play"


def _ability(*names: str) -> Ability:
    summon = Summon(CardName(names[0]), tuple(CardName(n) for n in names[1:]), pos=Pos(1, 9))
    return Ability(PRIMARY, And((Draw(1), summon)))


def test_card_names_are_found_anywhere_in_an_effect_tree() -> None:
    found = [(name, type(node).__name__) for name, node in effect_references(_ability("A", "B"))]
    assert found == [("A", "Summon"), ("B", "Summon")]


def test_effects_of_the_grammar_name_no_cards_today() -> None:
    assert list(effect_references(Ability(PRIMARY, Draw(2)))) == []


def test_card_fields_are_found_in_lists_and_objects() -> None:
    step = FieldSpec("step", "object", fields=(FieldSpec("into", "card"),))
    specs = (
        FieldSpec("evolves_from", "card"),
        FieldSpec("requires", "cards"),
        FieldSpec("path", "list", items=step),
        FieldSpec("power", "integer"),
    )
    values = {
        "evolves_from": "High Templar",
        "requires": ["Gateway", "Citadel"],
        "path": [{"into": "Archon"}, {"into": "Dark Archon"}],
        "power": 3,
    }
    assert list(field_references(specs, values, ("cards", 0))) == [
        ("High Templar", ("cards", 0, "evolves_from"), "evolves_from"),
        ("Gateway", ("cards", 0, "requires", 0), "requires"),
        ("Citadel", ("cards", 0, "requires", 1), "requires"),
        ("Archon", ("cards", 0, "path", 0, "into"), "path"),
        ("Dark Archon", ("cards", 0, "path", 1, "into"), "path"),
    ]


def test_an_effect_naming_a_missing_card_is_located_in_the_text() -> None:
    card_set, found = load_card_set(BASE, str(BASE))
    assert card_set is not None and not found
    context = parse_set(card_set)
    assert check_references(context) == []
    deckhand = card_set.cards[0]
    context.parsed[deckhand.id] = [ParsedLine(1, "Gain 1 Gold.", _ability("Bosun", "Bosn"))]
    (diag,) = check_references(context)
    assert diag.code == "CK130"
    assert diag.message == (
        "'deckhand' names card 'Bosn' in its rules text, which does not exist "
        "(did you mean 'Bosun'?)"
    )
    assert diag.location == Location(f"{BASE}/cards.yaml", 7, 19)


def test_a_card_name_in_the_plural_names_the_card() -> None:
    """'two Pennies' names Penny, 'two Boxes' Box, 'two Bosuns' Bosun; 'two Bosunies' none."""
    from cardkit.model import CardSet
    from cardkit.rules.references import CardNames

    card_set, _ = load_card_set(BASE, str(BASE))
    assert card_set is not None
    renamed = [
        card.__class__(**{**card.__dict__, "name": name})
        for card, name in zip(card_set.cards, ("Penny", "Box", "Bosun"), strict=False)
    ]
    names = CardNames(CardSet(card_set.game, tuple(renamed), ()))
    for written in ("Pennies", "Boxes", "Bosuns", "Penny", "Bosun"):
        assert names.exists(written), written
    for written in ("Bosunies", "Pennie", "Boxen"):
        assert not names.exists(written), written
