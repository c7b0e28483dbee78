"""The one set of English helpers that messages, rules text and cards share."""

from __future__ import annotations

import pytest

from cardkit.inflect import article, number_text, plural, plural_noun


@pytest.mark.parametrize(
    ("noun", "with_article"),
    [
        ("ally", "an ally"),
        ("Upgrade", "an Upgrade"),
        ("unit", "a unit"),
        ("Unique effect", "a Unique effect"),
        ("user", "a user"),
        ("eulogy", "a eulogy"),
        ("undead", "an undead"),
        ("ship", "a ship"),
        ("", "a "),
    ],
)
def test_the_article_goes_by_the_sound_of_the_spelling(noun: str, with_article: str) -> None:
    assert article(noun) == with_article


@pytest.mark.parametrize(
    ("noun", "nouns"),
    [
        ("unit", "units"),
        ("ally", "allies"),
        ("day", "days"),
        ("box", "boxes"),
        ("ash", "ashes"),
        ("batch", "batches"),
    ],
)
def test_plural_of_a_noun_such_as_a_card_type_name(noun: str, nouns: str) -> None:
    assert plural_noun(noun) == nouns


def test_a_count_takes_the_plural_unless_it_is_one() -> None:
    assert [plural(n, "error") for n in (0, 1, 2)] == ["0 errors", "1 error", "2 errors"]
    assert plural(3, "deck sheet") == "3 deck sheets"
    assert plural(2, "ally") == "2 allies"


def test_numbers_print_without_a_needless_point() -> None:
    assert [number_text(v) for v in (3, 3.0, 2.5, 1 / 3, 1e6)] == [
        "3",
        "3",
        "2.5",
        "0.333333",
        "1000000",
    ]
