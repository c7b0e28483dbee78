"""Issue 15's test corpus: three card sets of other game families, written in cardkit's own
words (tests/fixtures/rules/families/): a kingdom-building deck-builder, a two-sided living
card game and a creature game. Each loads with no error in game.yaml or its cards, holds at
least 150 lines of rules text, and -- once the grammar knows the core card-game moves and a
game's declared phrasing -- parses on at least 98% of them.

``misspellings.yaml`` plants one typo in a real line of these sets; the spelling check is to
find each and name the word meant.

Run with ``-s`` to see each set's share of lines that parse.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from pathlib import Path

import pytest
import yaml

from cardkit.diagnostics import Diagnostic
from cardkit.load.cards import load_card_set
from cardkit.model import Card, CardSet
from cardkit.rules.context import parse_set
from cardkit.rules.wording import check_slips

FAMILIES = Path(__file__).resolve().parent / "fixtures" / "rules" / "families"
SETS = ("deckbuilder", "lcg", "creatures")
MIN_LINES = 150
MIN_SHARE = 0.98


@cache
def _card_set(name: str) -> CardSet:
    card_set, found = load_card_set(FAMILIES / name, f"families/{name}")
    assert found == [], "\n".join(map(str, found))
    assert card_set is not None
    return card_set


def _lines(card_set: CardSet) -> list[tuple[Card, str]]:
    return [
        (card, line) for card in card_set.cards for line in card.text.split("\n") if line.strip()
    ]


@cache
def _parsed_share(name: str) -> tuple[int, int]:
    """(lines that parse, lines of rules text) of one set."""
    context = parse_set(_card_set(name))
    parsed = sum(len(lines) for lines in context.parsed.values())
    total = parsed + sum(len(lines) for lines in context.failed.values())
    assert total == len(_lines(_card_set(name)))
    print(f"\n{name}: {parsed}/{total} rules lines parse ({parsed / total:.1%})")
    return parsed, total


@pytest.mark.parametrize("name", SETS)
def test_each_set_loads_and_has_enough_rules_lines(name: str) -> None:
    card_set = _card_set(name)
    lines = _lines(card_set)
    assert len(lines) >= MIN_LINES
    # Varied wording, not one template: most lines are written once in the set (a
    # deck-builder repeats "+1 Action" and "+$2" on many cards, as real ones do).
    assert len({line for _, line in lines}) >= 0.6 * len(lines)


def test_the_deckbuilder_has_sixty_kingdom_cards() -> None:
    kingdom = [card for card in _card_set("deckbuilder").cards if card.deck == "kingdom"]
    assert len(kingdom) >= 60


@pytest.mark.parametrize("name", SETS)
def test_nearly_every_rules_line_parses(name: str) -> None:
    parsed, total = _parsed_share(name)
    assert parsed >= MIN_SHARE * total, f"{name}: {parsed}/{total} lines parse"


def _misspellings() -> list[dict[str, str]]:
    data = yaml.safe_load((FAMILIES / "misspellings.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, list)
    return data


MISSPELLINGS = _misspellings()


def _home(planted: dict[str, str]) -> tuple[str, Card, str]:
    """The set, card and line of text that the planted line misspells."""
    right = planted["line"].replace(planted["word"], planted["meant"], 1)
    for name in SETS:
        for card, line in _lines(_card_set(name)):
            if line == right:
                return name, card, line
    raise AssertionError(f"no set has the line {right!r}")


def test_twenty_misspellings_each_one_word_off_a_real_line() -> None:
    assert len(MISSPELLINGS) == 20
    assert len({planted["line"] for planted in MISSPELLINGS}) == 20
    homes = {_home(planted)[0] for planted in MISSPELLINGS}
    assert homes == set(SETS)  # typos of each family's words
    for planted in MISSPELLINGS:
        assert set(planted) == {"line", "word", "meant"}
        assert planted["word"] != planted["meant"]
        assert planted["line"].count(planted["word"]) == 1


def _spelling_flags(card_set: CardSet) -> list[Diagnostic]:
    """Every CK109 (unknown word) that validate raises on the set's rules text."""
    context = parse_set(card_set)
    return [diag for diag in [*context.parse_errors, *check_slips(context)] if diag.code == "CK109"]


@pytest.mark.parametrize("name", SETS)
def test_no_correctly_spelt_word_is_flagged(name: str) -> None:
    flags = [diag.message for diag in _spelling_flags(_card_set(name))]
    print(f"\n{name}: {len(flags)} unknown-word flags on correctly spelt text")
    assert flags == []


@cache
def _planted_flags(index: int) -> tuple[Diagnostic, ...]:
    """The CK109s on the card that carries the planted misspelling ``index``, with the typo
    put in its line."""
    planted = MISSPELLINGS[index]
    name, card, right = _home(planted)
    card_set = _card_set(name)
    typo = dataclasses.replace(card, text=card.text.replace(right, planted["line"], 1))
    cards = tuple(typo if each is card else each for each in card_set.cards)
    flags = _spelling_flags(dataclasses.replace(card_set, cards=cards))
    return tuple(diag for diag in flags if diag.card == card.id)


@pytest.mark.parametrize("index", range(len(MISSPELLINGS)), ids=[p["word"] for p in MISSPELLINGS])
def test_each_planted_misspelling_is_the_one_word_flagged(index: int) -> None:
    word = MISSPELLINGS[index]["word"]
    assert [f"'{word}'" in diag.message for diag in _planted_flags(index)] == [True]


def test_the_hint_names_the_word_meant_for_eighteen_of_twenty() -> None:
    right = [
        planted["word"]
        for index, planted in enumerate(MISSPELLINGS)
        if any(
            f"'{planted['meant']}'" in f"{diag.message} {diag.hint}"
            for diag in _planted_flags(index)
        )
    ]
    print(f"\nthe hint names the word meant for {len(right)} of {len(MISSPELLINGS)}")
    assert len(right) >= 18
